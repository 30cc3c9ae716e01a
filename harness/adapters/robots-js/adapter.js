'use strict';
// robots (robots.js), over protocol v1.
const ra = require('../_node/reptest_adapter.js');
const robots = ra.load('robots');

ra.serve(
  { name: 'robots-js', implementation: 'robots (robots.js)', version: ra.packageVersion('robots') },
  (body, agent, urls) => {
    const parser = new robots.RobotsParser(null, {});
    parser.parse(ra.text(body).split(/\r\n|\r|\n/));
    // canFetchSync matches its second argument as a path (as its README's examples pass).
    return urls.map((url) => {
      const path = ra.pathAndQuery(url);
      return path === null ? 'unsupported' : ra.verdict(parser.canFetchSync(agent, path));
    });
  },
  // Fetch: as its README shows, setUrl(url, afterParse) downloads and parses the file, then
  // canFetch(agent, path, callback) decides (its callback's reason may be a 'statusCode').
  // canFetch is asked whether or not afterParse reported success. No timeout option is
  // documented.
  // A second ask (caching) asks canFetch of the same parser again, as a crawler that keeps it
  // would; what it does about the file it has (refetch, keep) is the library's.
  (robotsUrl, agent, urls) => new Promise((resolve) => {
    const parser = new robots.RobotsParser(null, {});
    const ask = (p, asked) => Promise.all(asked.map((url) => new Promise((done) => {
      const path = ra.pathAndQuery(url);
      if (path === null) {
        done('unsupported');
        return;
      }
      p.canFetch(agent, path, (access) => done(ra.verdict(access)));
    })));
    parser.setUrl(robotsUrl, (p) => {
      ask(p, urls).then((verdicts) => resolve({ verdicts, again: (more) => ask(p, more) }));
    });
  }),
  { fetchAgain: true },
);
