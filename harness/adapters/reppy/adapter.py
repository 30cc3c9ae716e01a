"""reppy 0.4.14 (SEOmoz's original, built from its source distribution)."""
import importlib.metadata
import os
import sys

from reppy.robots import Robots

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_python"))
import reptest_adapter as ra  # noqa: E402


def check(body, agent, urls):
    if not urls:
        return []
    robots_url = Robots.robots_url(urls[0])
    # Robots.fetch passes the bytes it read to Robots.parse; the same here.
    robots = Robots.parse(robots_url, body)
    return [ra.verdict(robots.allowed(url, agent)) for url in urls]


def fetch(robots_url, agent, urls, timeout):
    # Its README's way: Robots.fetch(url), its extra arguments passed on to requests.get.
    robots = Robots.fetch(robots_url, timeout=timeout)
    return [ra.verdict(robots.allowed(url, agent)) for url in urls]


ra.serve("reppy", "reppy", importlib.metadata.version("reppy"), check, fetch=fetch)
