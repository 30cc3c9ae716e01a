"""One bounded Scrapy crawl: a start request for every URL listed in a file, through Scrapy's
default downloader middlewares with ROBOTSTXT_OBEY on (RobotsTxtMiddleware and its default
parser). reptest's loopback server records which URLs were requested.

usage: crawl.py URLS_FILE AGENT SECONDS
"""

import sys

import scrapy
from scrapy.crawler import CrawlerProcess

urls_file, agent, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
with open(urls_file, encoding="utf-8") as f:
    urls = [line.strip() for line in f if line.strip()]


class Probe(scrapy.Spider):
    name = "reptest-probe"

    async def start(self):
        for url in urls:
            yield scrapy.Request(url, callback=self.parse, dont_filter=True)

    def parse(self, response):
        return None


process = CrawlerProcess(
    settings={
        "ROBOTSTXT_OBEY": True,
        "USER_AGENT": agent,
        "DEPTH_LIMIT": 1,
        # Scrapy's own bound ends the crawl before the harness's does, and a request's three
        # tries (RETRY_TIMES 2) fit within it with time left for the pages: a robots.txt
        # that stalls is given up on as Scrapy gives up on it, not cut short by the bound.
        "CLOSESPIDER_TIMEOUT": seconds - 5,
        "CLOSESPIDER_PAGECOUNT": 2 * len(urls) + 8,
        "DOWNLOAD_TIMEOUT": (seconds - 5) / 4,
        "TELNETCONSOLE_ENABLED": False,
        "REMOTE_CONTROL_ENABLED": False,
        "LOG_LEVEL": "INFO",
    }
)
process.crawl(Probe)
process.start()
