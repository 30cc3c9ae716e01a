from jwm.robotstxt import googlebot

body = b"{{body}}"
agent = "{{agent}}"
url = "{{url}}"
text = body.decode("utf-8")  # the documented signature takes a str
print("allow" if googlebot.RobotsMatcher().AllowedByRobots(text, [agent], url) else "disallow")
