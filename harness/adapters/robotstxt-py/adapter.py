"""robotstxt (PyPI), over protocol v1."""
from robotstxt import RobotsFile
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_python"))
import reptest_adapter as ra  # noqa: E402


def check(body, agent, urls):
    robots = RobotsFile(ra.text(body))
    return [ra.verdict(not robots.test_url(url, agent)["disallowed"]) for url in urls]


ra.serve("robotstxt-py", "robotstxt (PyPI)", ra.package_version("robotstxt"), check)
