from fastrobots import Robots
from urllib.parse import urlsplit

def path_and_query(url):
    parts = urlsplit(url)
    return (parts.path or "/") + ("?" + parts.query if parts.query else "")

body = b"{{body}}"
agent = "{{agent}}"
url = "{{url}}"
text = body.decode("utf-8", errors="replace")  # invalid bytes become U+FFFD
print("allow" if Robots.parse(text).allowed(path_and_query(url), agent) else "disallow")
