"""gpyrobotstxt, over protocol v1."""
from gpyrobotstxt.robots_cc import RobotsMatcher
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_python"))
import reptest_adapter as ra  # noqa: E402


def check(body, agent, urls):
    text = ra.text(body)
    return [
        ra.verdict(RobotsMatcher().allowed_by_robots(text, [agent], url))
        # The documented call contract (see the manifest's mapping): no answer outside it.
        if ra.rfc3986_encoded(url) else "unsupported"
        for url in urls
    ]


ra.serve("gpyrobotstxt", "gpyrobotstxt", ra.package_version("gpyrobotstxt"), check)
