"""Protego, over protocol v1."""
from protego import Protego
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_python"))
import reptest_adapter as ra  # noqa: E402


def check(body, agent, urls):
    rules = Protego.parse(ra.text(body))
    return [ra.verdict(rules.can_fetch(url, agent)) for url in urls]


def records(body, agent, urls):
    # Its documented accessors: sitemaps (an iterator), crawl_delay(user_agent) and
    # request_rate(user_agent) (None when absent; a rate has .requests and .seconds). It has no
    # content-usage.
    rules = Protego.parse(ra.text(body))
    delay = rules.crawl_delay(agent)
    rate = rules.request_rate(agent)
    return {
        "sitemaps": list(rules.sitemaps),
        "crawl_delay": None if delay is None else float(delay),
        "request_rate": None if rate is None else {"requests": int(rate.requests),
                                                   "seconds": int(rate.seconds)},
    }


ra.serve("protego", "Protego", ra.package_version("Protego"), check, records=records)
