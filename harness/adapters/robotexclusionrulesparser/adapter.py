"""robotexclusionrulesparser, over protocol v1."""
import robotexclusionrulesparser as rerp
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "_python"))
import reptest_adapter as ra  # noqa: E402


def check(body, agent, urls):
    parser = rerp.RobotExclusionRulesParser()
    parser.parse(ra.text(body))
    return [ra.verdict(parser.is_allowed(agent, url)) for url in urls]


def fetch(robots_url, agent, urls, timeout):
    # As its documentation's example does: fetch(url) inside try/except ("See the
    # documentation for expected errors"), then is_allowed() whatever happened.
    parser = rerp.RobotExclusionRulesParser()
    try:
        parser.fetch(robots_url, timeout=timeout)
    except Exception:  # noqa: BLE001 - the documented usage swallows fetch errors
        pass
    return [ra.verdict(parser.is_allowed(agent, url)) for url in urls]


ra.serve("robotexclusionrulesparser", "robotexclusionrulesparser",
         ra.package_version("robotexclusionrulesparser"), check, fetch=fetch)
