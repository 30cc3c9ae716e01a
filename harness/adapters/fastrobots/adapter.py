"""fastrobots, over protocol v1."""
from fastrobots import Robots
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_python"))
import reptest_adapter as ra  # noqa: E402


def check(body, agent, urls):
    robots = Robots.parse(ra.text(body))
    return [ra.verdict(robots.allowed(ra.path_and_query(url), agent)) for url in urls]


ra.serve("fastrobots", "fastrobots", ra.package_version("fastrobots"), check)
