import robotexclusionrulesparser as rerp

body = b"{{body}}"
agent = "{{agent}}"
url = "{{url}}"
text = body.decode("utf-8", errors="replace")  # invalid bytes become U+FFFD
parser = rerp.RobotExclusionRulesParser()
parser.parse(text)
print("allow" if parser.is_allowed(agent, url) else "disallow")
