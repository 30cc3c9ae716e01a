"""Protocol v1 (harness/PROTOCOL.md) for adapters written in Python.

An adapter calls serve() with its hello fields and a check(body, agent, urls) function that
returns one of "allow", "disallow", "unsupported" per URL. An exception raised by check is the
implementation's error on that input and is answered as such; the adapter keeps serving.

An adapter whose library reports the other records passes records=records(body, agent, urls),
returning a dict of the fields it exposes ("sitemaps", "crawl_delay", "request_rate",
"content_usage"); its hello then declares "records": true (PROTOCOL.md section 6).
An adapter whose library fetches robots.txt itself also passes fetch=fetch(robots_url, agent,
urls, timeout) (timeout in seconds): its hello then declares "fetch": true, and fetch requests
(PROTOCOL.md, "Fetch") go to it, answered like check's.

A second ask (PROTOCOL.md, "Asking again"): an adapter that passes fetch_again=True declares
"fetch_again": true, and its fetch returns (verdicts, again) where again(urls) asks the same
library object once more, as the library's documented caller would ask it later. The pause
before the second ask is made here. A fetch that returns verdicts only answers "unsupported" to
the second ask's URLs.
"""

import base64
import json
import string
import sys
import time
import urllib.parse
from importlib import metadata

# Characters RFC 3986 allows in a URI as they are: unreserved and reserved.
_URI_CHARS = frozenset(string.ascii_letters + string.digits + "-._~" + ":/?#[]@" + "!$&'()*+,;=")
_TOKEN_CHARS = frozenset(string.ascii_letters + "_-")


def package_version(distribution):
    """The installed version of a distribution, as pip installed it."""
    return metadata.version(distribution)


def text(body):
    """The body as text, the way a crawler's HTTP client decodes it: UTF-8, invalid bytes
    replaced by U+FFFD."""
    return body.decode("utf-8", errors="replace")


def rfc3986_encoded(url):
    """Whether `url` is percent-encoded as RFC 3986 asks: every character unreserved or
    reserved, every `%` followed by two hex digits. Libraries that require an encoded URL are
    asked about no other (the adapter answers "unsupported")."""
    i = 0
    while i < len(url):
        if url[i] == "%":
            if len(url) < i + 3 or not all(h in string.hexdigits for h in url[i + 1:i + 3]):
                return False
            i += 3
        elif url[i] in _URI_CHARS:
            i += 1
        else:
            return False
    return True


def product_token(agent):
    """Whether `agent` is a product token: one or more of [A-Za-z_-]."""
    return bool(agent) and all(c in _TOKEN_CHARS for c in agent)


def utf8(body):
    """Whether the body is valid UTF-8 (it has a `str` form without replacement)."""
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def path_and_query(url):
    """"/path?query" of an absolute URL, as written in it ("/" when the path is empty)."""
    parts = urllib.parse.urlsplit(url)
    path = parts.path or "/"
    return path + ("?" + parts.query if parts.query else "")


def robots_url(url):
    """The robots.txt URL for the host of an absolute URL."""
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/robots.txt", "", ""))


# The host of the spec cases' URLs (PROTOCOL.md section 6): a records request that asks about
# no URL still places the file there, for libraries that take the robots.txt URL.
RECORDS_ROBOTS_URL = "http://example.com/robots.txt"


def records_robots_url(urls):
    """The robots.txt URL of a records request: the one of its URLs' host, or
    RECORDS_ROBOTS_URL when it asks about none."""
    return robots_url(urls[0]) if urls else RECORDS_ROBOTS_URL


def verdict(allowed):
    return "allow" if allowed else "disallow"


def _write(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def _answer_fetch(request, fetch):
    rid = request.get("id")
    try:
        robots_url, agent, urls = request["robots_url"], request["agent"], request["urls"]
        timeout = request["timeout_ms"] / 1000.0
    except Exception as e:  # noqa: BLE001 - any unreadable request is answered
        _write({"id": rid, "error": "malformed fetch request: %s" % e})
        return
    if fetch is None:
        _write({"id": rid, "error": "this adapter does not fetch"})
        return
    again_request = request.get("again")
    try:
        result = fetch(robots_url, agent, urls, timeout)
        again = None
        if isinstance(result, tuple):
            result, again = result
        verdicts = list(result)
        if again_request is not None:
            second = again_request["urls"]
            time.sleep(again_request["after_ms"] / 1000.0)
            if again is None:
                verdicts += ["unsupported"] * len(second)
            else:
                verdicts += list(again(second))
    except Exception as e:  # noqa: BLE001 - the implementation's own failure
        _write({"id": rid, "error": "%s: %s" % (type(e).__name__, e)})
        return
    _write({"id": rid, "verdicts": verdicts})


UNSUPPORTED = "unsupported"


def _answer_records(request, records):
    """A records request (PROTOCOL.md section 6): records(body, agent, urls) returns a dict
    with any of "sitemaps", "crawl_delay", "request_rate", "content_usage"; a field left out
    is answered "unsupported"."""
    rid = request.get("id")
    try:
        body = base64.b64decode(request["robots_b64"], validate=True)
        agent, urls = request["agent"], request["urls"]
    except Exception as e:  # noqa: BLE001 - any unreadable request is answered
        _write({"id": rid, "error": "malformed records request: %s" % e})
        return
    if records is None:
        _write({"id": rid, "error": "this adapter does not answer records"})
        return
    try:
        answer = dict(records(body, agent, urls))
    except Exception as e:  # noqa: BLE001 - the implementation's own failure
        _write({"id": rid, "error": "%s: %s" % (type(e).__name__, e)})
        return
    fields = ("sitemaps", "crawl_delay", "request_rate", "content_usage")
    _write({"id": rid, "records": {f: answer.get(f, UNSUPPORTED) for f in fields}})


def serve(name, implementation, version, check, fetch=None, fetch_again=False, records=None,
          **extra):
    hello = {"protocol": 1, "name": name, "implementation": implementation,
             "version": version, "language": "python"}
    if fetch is not None:
        hello["fetch"] = True
        if fetch_again:
            hello["fetch_again"] = True
    if records is not None:
        hello["records"] = True
    hello.update(extra)
    _write(hello)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = None
        try:
            request = json.loads(line)
            if isinstance(request, dict) and "robots_url" in request:
                _answer_fetch(request, fetch)
                continue
            if isinstance(request, dict) and request.get("records") is True:
                _answer_records(request, records)
                continue
            rid = request["id"]
            body = base64.b64decode(request["robots_b64"], validate=True)
            agent, urls = request["agent"], request["urls"]
        except Exception as e:  # noqa: BLE001 - any unreadable request is answered
            rid = request.get("id") if isinstance(request, dict) else None
            _write({"id": rid, "error": "malformed request: %s" % e})
            continue
        try:
            verdicts = list(check(body, agent, urls))
        except Exception as e:  # noqa: BLE001 - the implementation's own failure
            _write({"id": rid, "error": "%s: %s" % (type(e).__name__, e)})
            continue
        _write({"id": rid, "verdicts": verdicts})
