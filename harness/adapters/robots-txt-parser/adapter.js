'use strict';
// robots-txt-parser, over protocol v1.
const ra = require('../_node/reptest_adapter.js');
const robotsParser = ra.load('robots-txt-parser');

ra.serve(
  { name: 'robots-txt-parser', implementation: 'robots-txt-parser', version: ra.packageVersion('robots-txt-parser') },
  async (body, agent, urls) => {
    if (urls.length === 0) return [];
    // Ties between an allow and a disallow rule go to allow, as both specifications say.
    const robots = robotsParser({ userAgent: agent, allowOnNeutral: true });
    const origin = new URL(urls[0]).origin;
    robots.parseRobots(origin, ra.text(body));
    await robots.useRobotsFor(origin);
    return urls.map((url) => ra.verdict(robots.canCrawlSync(url)));
  },
);
