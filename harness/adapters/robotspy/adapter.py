"""robotspy, over protocol v1."""
import robots
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_python"))
import reptest_adapter as ra  # noqa: E402


def check(body, agent, urls):
    parser = robots.RobotsParser.from_string(ra.text(body))
    return [ra.verdict(parser.can_fetch(agent, url)) for url in urls]


def records(body, agent, urls):
    # Its README: "It does not try to be compliant with commonly accepted directives that are not
    # in the current specs such as `request-rate` and `crawl-delay`, but it currently supports
    # `sitemaps`." The `sitemaps` property ("Property pointing to the private sitemaps list",
    # None when there is none) is the answer; crawl-delay, request-rate and content-usage are
    # left out, so unsupported (its urllib-compatible crawl_delay() and request_rate() are
    # "hard-coded to return None", which is no reading of the file).
    parser = robots.RobotsParser.from_string(ra.text(body))
    return {"sitemaps": list(parser.sitemaps or [])}


def fetch(robots_url, agent, urls, timeout):
    # The documented way to fetch: RobotsParser.from_uri(uri), which takes a timeout.
    parser = robots.RobotsParser.from_uri(robots_url, timeout=timeout)
    return [ra.verdict(parser.can_fetch(agent, url)) for url in urls]


ra.serve("robotspy", "robotspy", ra.package_version("robotspy"), check, fetch=fetch,
         records=records)
