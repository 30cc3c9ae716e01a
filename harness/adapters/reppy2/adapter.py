"""reppy2, over protocol v1."""
import time

from reppy.cache import RobotsCache
from reppy.parser import Rules
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_python"))
import reptest_adapter as ra  # noqa: E402


def check(body, agent, urls):
    # Rules(robots_url, status, content, expires): a 200 response for the URLs' host. The
    # content is the body's bytes, as reppy's own fetcher passes them (RobotsCache gives
    # Rules the response's `content`); Rules.parse decodes bytes itself.
    rules = Rules(ra.records_robots_url(urls), 200, body, time.time() + 3600)
    return [ra.verdict(rules.allowed(url, agent)) for url in urls]


def records(body, agent, urls):
    # Its documented accessors, on the same Rules as check(): the `sitemaps` list that
    # RobotsCache.sitemaps(url) returns ("Get the sitemaps of the provided url") and
    # delay(agent) ("How fast can the specified agent legally crawl this site?", None when the
    # agent's rules have none), which RobotsCache.delay(url, agent) ("Return the crawl delay
    # rule") asks. It documents no request-rate and no content-usage.
    rules = Rules(ra.records_robots_url(urls), 200, body, time.time() + 3600)
    delay = rules.delay(agent)
    return {
        "sitemaps": list(rules.sitemaps),
        "crawl_delay": None if delay is None else float(delay),
    }


def fetch(robots_url, agent, urls, timeout):
    # RobotsCache.fetch(url, **kwargs): "Fetch the robots.txt rules associated with the url
    # ... Any additional args are passed into `requests.get`", so the timeout goes there.
    # RobotsCache(timeout=T) keeps those args for the fetches it makes itself (on a second ask);
    # cache(url, *args, **kwargs) is "Like `fetch`, but caches the results" and takes them anew.
    cache = RobotsCache(timeout=timeout)
    rules = cache.cache(robots_url, timeout=timeout)

    def again(more):
        # A second ask goes through the cache, as its caller asks it: allowed(url, agent) finds
        # the rules kept (fetching again once they have expired).
        return [ra.verdict(cache.allowed(url, agent)) for url in more]

    return [ra.verdict(rules.allowed(url, agent)) for url in urls], again


ra.serve("reppy2", "reppy2", ra.package_version("reppy2"), check, fetch=fetch,
         fetch_again=True, records=records)
