from reppy.robots import Robots

body = b"{{body}}"
agent = "{{agent}}"
url = "{{url}}"
# the bytes as Robots.fetch passes what it read
robots = Robots.parse(Robots.robots_url(url), body)
print("allow" if robots.allowed(url, agent) else "disallow")
