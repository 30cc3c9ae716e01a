import requests
from linkcheck.robotparser2 import RobotFileParser

body = b"{{body}}"
agent = "{{agent}}"
url = "{{url}}"
# as read() decodes what it fetched: UTF-8, invalid bytes U+FFFD, a byte order mark kept
text = body.decode("utf-8", "replace")
parser = RobotFileParser(requests.Session())
parser.parse(text.splitlines())
print("allow" if parser.can_fetch(agent, url) else "disallow")
