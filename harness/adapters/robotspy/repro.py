import robots

body = b"{{body}}"
agent = "{{agent}}"
url = "{{url}}"
text = body.decode("utf-8", errors="replace")  # invalid bytes become U+FFFD
print("allow" if robots.RobotsParser.from_string(text).can_fetch(agent, url) else "disallow")
