from robotstxt import RobotsFile

body = b"{{body}}"
agent = "{{agent}}"
url = "{{url}}"
text = body.decode("utf-8", errors="replace")  # invalid bytes become U+FFFD
print("allow" if not RobotsFile(text).test_url(url, agent)["disallowed"] else "disallow")
