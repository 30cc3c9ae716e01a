import urllib.robotparser

body = b"{{body}}"
agent = "{{agent}}"
url = "{{url}}"
text = body.decode("utf-8", "surrogateescape")  # as this release's read() decodes
parser = urllib.robotparser.RobotFileParser()
parser.parse(text.splitlines())  # as its read() does
print("allow" if parser.can_fetch(agent, url) else "disallow")
