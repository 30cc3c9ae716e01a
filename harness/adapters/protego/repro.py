from protego import Protego

body = b"{{body}}"
agent = "{{agent}}"
url = "{{url}}"
text = body.decode("utf-8", errors="replace")  # invalid bytes become U+FFFD
print("allow" if Protego.parse(text).can_fetch(url, agent) else "disallow")
