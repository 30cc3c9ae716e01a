"""Protego, over protocol v1."""
from protego import Protego
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_python"))
import reptest_adapter as ra  # noqa: E402


def check(body, agent, urls):
    rules = Protego.parse(ra.text(body))
    return [ra.verdict(rules.can_fetch(url, agent)) for url in urls]


ra.serve("protego", "Protego", ra.package_version("Protego"), check)
