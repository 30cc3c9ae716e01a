const robotsParser = require('robots-txt-parser');
const body = {{body}};
const agent = "{{agent}}";
const url = "{{url}}";
const text = body.toString('utf8'); // invalid bytes become U+FFFD
(async () => {
  const robots = robotsParser({ userAgent: agent, allowOnNeutral: true });
  const origin = new URL(url).origin;
  robots.parseRobots(origin, text);
  await robots.useRobotsFor(origin);
  console.log(robots.canCrawlSync(url) ? 'allow' : 'disallow');
})();
