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
);
