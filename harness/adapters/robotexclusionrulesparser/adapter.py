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


ra.serve("robotexclusionrulesparser", "robotexclusionrulesparser", ra.package_version("robotexclusionrulesparser"), check)
