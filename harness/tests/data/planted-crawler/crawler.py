"""A planted crawler for the harness's own tests: it fetches its start page, then robots.txt,
then every link of the start page that robots.txt allows, with one planted quirk: it ignores
`allow` lines. A robots.txt it cannot fetch (any error or status >= 400) allows everything.

usage: crawler.py START_URL AGENT
"""

import re
import sys
import urllib.error
import urllib.parse
import urllib.request

start, agent = sys.argv[1], sys.argv[2]
token = agent.split("/")[0].lower()


def get(url):
    request = urllib.request.Request(url, headers={"User-Agent": agent})
    with urllib.request.urlopen(request, timeout=5) as response:
        return response.read()


page = get(start).decode("utf-8", "replace")
links = [urllib.parse.urljoin(start, h) for h in re.findall(r'href="([^"]*)"', page)]
origin = "{0.scheme}://{0.netloc}".format(urllib.parse.urlsplit(start))
try:
    robots = get(origin + "/robots.txt").decode("utf-8", "replace")
except (urllib.error.URLError, OSError):
    robots = ""

groups = {}
agents, in_rules = [], False
for line in robots.splitlines():
    field, _, value = line.split("#")[0].partition(":")
    field, value = field.strip().lower(), value.strip()
    if field == "user-agent":
        if in_rules:
            agents, in_rules = [], False
        agents.append(value.lower())
        for a in agents:
            groups.setdefault(a, [])
    elif field == "disallow":
        in_rules = True
        for a in agents:
            if value:
                groups[a].append(value)
    elif field == "allow":
        in_rules = True  # the planted quirk: allow lines are ignored
rules = groups.get(token, groups.get("*", []))

for link in links:
    parts = urllib.parse.urlsplit(link)
    path = parts.path + ("?" + parts.query if parts.query else "")
    if any(path.startswith(rule) for rule in rules):
        continue
    try:
        get(link)
    except (urllib.error.URLError, OSError):
        pass
