'use strict';
// robots-parser, over protocol v1.
const ra = require('../_node/reptest_adapter.js');
const robotsParser = ra.load('robots-parser');

function robotsUrl(url) {
  const u = new URL(url);
  return `${u.protocol}//${u.host}/robots.txt`;
}

ra.serve(
  { name: 'robots-parser', implementation: 'robots-parser', version: ra.packageVersion('robots-parser') },
  (body, agent, urls) => {
    if (urls.length === 0) return [];
    const robots = robotsParser(robotsUrl(urls[0]), ra.text(body));
    // isAllowed returns undefined for a URL it does not consider governed: unsupported.
    return urls.map((url) => ra.verdict(robots.isAllowed(url, agent)));
  },
  null,
  (body, agent) => {
    // Its documented accessors: getCrawlDelay(ua) (undefined when none) and getSitemaps().
    // It has no request-rate and no content-usage. The robots.txt URL only places the file.
    const robots = robotsParser('http://example.com/robots.txt', ra.text(body));
    const delay = robots.getCrawlDelay(agent);
    return {
      sitemaps: robots.getSitemaps(),
      crawl_delay: delay === undefined ? null : delay,
    };
  },
);
