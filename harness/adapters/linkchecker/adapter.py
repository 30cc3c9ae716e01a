"""LinkChecker's robots.txt parser (linkcheck.robotparser2)."""
import importlib.metadata
import os
import sys

import requests
from linkcheck.robotparser2 import RobotFileParser

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_python"))
import reptest_adapter as ra  # noqa: E402


def check(body, agent, urls):
    parser = RobotFileParser(requests.Session())
    # read() sets the response's encoding to UTF-8 and feeds
    # response.iter_lines(decode_unicode=True) to parse(): requests decodes with
    # errors="replace", so invalid bytes become U+FFFD and a byte order mark stays.
    parser.parse(body.decode("utf-8", "replace").splitlines())
    return [ra.verdict(parser.can_fetch(agent, url)) for url in urls]


def fetch(robots_url, agent, urls, timeout):
    # As LinkChecker's checker does: a requests session, the URL, a timeout; read() fetches,
    # decides on the status and parses.
    parser = RobotFileParser(requests.Session(), url=robots_url, timeout=timeout)
    parser.read()
    return [ra.verdict(parser.can_fetch(agent, url)) for url in urls]


ra.serve("linkchecker", "LinkChecker robotparser2", importlib.metadata.version("LinkChecker"),
         check, fetch=fetch)
