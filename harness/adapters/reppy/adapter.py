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


def records(body, agent, urls):
    # Its README: "The `Robots` class also lists the sitemaps that are listed in a
    # `robots.txt`" (`robots.sitemaps`, "a list of URL strings of all the sitemaps listed"), and
    # "The `Crawl-Delay` directive is per agent and can be accessed through that class. If none
    # was specified, it's `None`" (`robots.agent('my-user-agent').delay`). It documents no
    # request-rate and no content-usage.
    # Robots.parse(url, content): the URL is the robots.txt's own, kept with the result.
    robots = Robots.parse(ra.records_robots_url(urls), body)
    delay = robots.agent(agent).delay
    return {
        "sitemaps": list(robots.sitemaps),
        "crawl_delay": None if delay is None else float(delay),
    }


def fetch(robots_url, agent, urls, timeout):
    # Its README's way: Robots.fetch(url), its extra arguments passed on to requests.get.
    robots = Robots.fetch(robots_url, timeout=timeout)
    return [ra.verdict(robots.allowed(url, agent)) for url in urls]


ra.serve("reppy", "reppy", importlib.metadata.version("reppy"), check, fetch=fetch,
         records=records)
