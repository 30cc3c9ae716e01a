import time
from reppy.parser import Rules
from urllib.parse import urlsplit, urlunsplit

def robots_url(url):
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/robots.txt", "", ""))

body = b"{{body}}"
agent = "{{agent}}"
url = "{{url}}"
# the body's bytes, as reppy's own fetcher passes the response's content
print("allow" if Rules(robots_url(url), 200, body, time.time() + 3600).allowed(url, agent) else "disallow")
