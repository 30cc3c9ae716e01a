'use strict';
// robots-txt-guard, configured with the output of robots-txt-parse, over protocol v1.
const { Readable } = require('stream');
const ra = require('../_node/reptest_adapter.js');
const parse = ra.load('robots-txt-parse');
const guard = ra.load('robots-txt-guard');

ra.serve(
  {
    name: 'robots-txt-guard',
    implementation: 'robots-txt-guard + robots-txt-parse',
    version: `${ra.packageVersion('robots-txt-guard')}+${ra.packageVersion('robots-txt-parse')}`,
  },
  async (body, agent, urls) => {
    const rules = await parse(Readable.from([body]));
    const robots = guard(rules);
    return urls.map((url) => {
      const path = ra.pathAndQuery(url);
      return path === null ? 'unsupported' : ra.verdict(robots.isAllowed(agent, path));
    });
  },
);
