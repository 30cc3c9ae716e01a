"""fast-robotstxt (Google's C++ library), over protocol v1."""
from robotstxt import RobotsMatcher
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_python"))
import reptest_adapter as ra  # noqa: E402


def check(body, agent, urls):
    text = ra.text(body)
    matcher = RobotsMatcher()
    return [
        ra.verdict(matcher.is_allowed(text, agent, url))
        # The documented call contract (see the manifest's mapping): no answer outside it.
        if ra.rfc3986_encoded(url) else "unsupported"
        for url in urls
    ]


ra.serve("fast-robotstxt", "fast-robotstxt (Google's C++ library)", ra.package_version("fast-robotstxt"), check)
