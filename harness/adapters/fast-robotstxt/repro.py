from robotstxt import RobotsMatcher

body = b"{{body}}"
agent = "{{agent}}"
url = "{{url}}"
text = body.decode("utf-8", errors="replace")  # invalid bytes become U+FFFD
print("allow" if RobotsMatcher().is_allowed(text, agent, url) else "disallow")
