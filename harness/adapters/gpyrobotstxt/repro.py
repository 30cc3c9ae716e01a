from gpyrobotstxt.robots_cc import RobotsMatcher

body = b"{{body}}"
agent = "{{agent}}"
url = "{{url}}"
text = body.decode("utf-8", errors="replace")  # invalid bytes become U+FFFD
print("allow" if RobotsMatcher().allowed_by_robots(text, [agent], url) else "disallow")
