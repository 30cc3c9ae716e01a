"""urllib.robotparser from the Python standard library."""
import os
import platform
import sys
import urllib.robotparser

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_python"))
import reptest_adapter as ra  # noqa: E402


def check(body, agent, urls):
    parser = urllib.robotparser.RobotFileParser()
    # RobotFileParser.read() decodes the fetched bytes with .decode("utf-8") (strict) and
    # feeds .splitlines() to parse(); the same here, so invalid UTF-8 is its error.
    parser.parse(body.decode("utf-8").splitlines())
    return [ra.verdict(parser.can_fetch(agent, url)) for url in urls]


def records(body, agent, urls):
    # The documented accessors: crawl_delay(useragent) and request_rate(useragent) (None when
    # absent; request_rate a named tuple (requests, seconds)) and site_maps() (None when there
    # is none). It has no content-usage.
    parser = urllib.robotparser.RobotFileParser()
    parser.parse(body.decode("utf-8").splitlines())
    delay = parser.crawl_delay(agent)
    rate = parser.request_rate(agent)
    return {
        "sitemaps": list(parser.site_maps() or []),
        "crawl_delay": None if delay is None else float(delay),
        "request_rate": None if rate is None else {"requests": rate.requests,
                                                   "seconds": rate.seconds},
    }


def fetch(robots_url, agent, urls, timeout):
    # As documented: set_url() (here the constructor), read() fetches and parses, can_fetch()
    # decides. read() takes no timeout; the library's own urlopen() call is used as it is.
    parser = urllib.robotparser.RobotFileParser(robots_url)
    try:
        parser.read()
    except Exception:  # noqa: BLE001 - any failure of read(), as a crawler that goes on sees it
        # The fetch-failure policy (PROTOCOL.md, "Fetch"): the parser exists before read(), so
        # a crawler that goes on after read() raised asks it, as the documentation's example
        # asks can_fetch() after read(). What it answers then (disallow: nothing was read) is
        # the library's.
        pass

    def again(more):
        # A second ask: the crawler keeps its parser and asks can_fetch() again. The library
        # reads nothing by itself; its documentation leaves re-reading to the caller (mtime():
        # "useful for long-running web spiders that need to check for new robots.txt files
        # periodically"), with no period of its own.
        return [ra.verdict(parser.can_fetch(agent, url)) for url in more]

    return [ra.verdict(parser.can_fetch(agent, url)) for url in urls], again


ra.serve("urllib-robotparser", "urllib.robotparser", platform.python_version(), check,
         fetch=fetch, fetch_again=True, records=records)
