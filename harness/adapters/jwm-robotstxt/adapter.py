"""jwm.robotstxt (Google's C++ library via pybind11), over protocol v1."""
from jwm.robotstxt import googlebot
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_python"))
import reptest_adapter as ra  # noqa: E402


def check(body, agent, urls):
    # The documented call contract (see the manifest's mapping): outside it, no answer.
    if not ra.product_token(agent) or not ra.utf8(body):
        return ["unsupported"] * len(urls)
    text = ra.text(body)
    matcher = googlebot.RobotsMatcher()
    return [
        ra.verdict(matcher.AllowedByRobots(text, [agent], url))
        if ra.rfc3986_encoded(url) else "unsupported"
        for url in urls
    ]


ra.serve("jwm-robotstxt", "jwm.robotstxt (Google's C++ library via pybind11)", ra.package_version("jwm.robotstxt"), check)
