'use strict';
// @nuxtjs/robots (its `@nuxtjs/robots/util` export, an ES module), over protocol v1.
const path = require('path');
const { createRequire } = require('module');
const { pathToFileURL } = require('url');
const ra = require('../_node/reptest_adapter.js');

const PACKAGE = '@nuxtjs/robots';
const env = process.env.REPTEST_ADAPTER_ENV || process.cwd();
// The package's exports map names `./util`; it has no `require` entry, so it is imported.
const util = import(
  pathToFileURL(createRequire(path.join(env, 'package.json')).resolve(`${PACKAGE}/util`)).href
);

// The file as the module reads it: parseRobotsTxt(text), then validateRobots on the result
// (which drops a group with neither allow nor disallow lines), then normalizeGroup on each
// group (which builds the group's `_rules`, its disallow and allow lines as patterns).
function parse(u, body) {
  const parsed = u.validateRobots(u.parseRobotsTxt(ra.text(body)));
  return { parsed, groups: parsed.groups.map(u.normalizeGroup) };
}

// The groups asked, in order, as the module's getPathRobotConfig(event, { userAgent, path })
// orders them: first every group one of whose user-agent values is contained in the agent
// (letter case ignored), then every group that names `*`, each in file order.
function groupsFor(groups, agent) {
  const lower = agent.toLowerCase();
  return [
    ...groups.filter((g) => g.userAgent.some((ua) => !!ua && lower.includes(ua.toLowerCase()))),
    ...groups.filter((g) => g.userAgent.includes('*')),
  ];
}

// matchPathToRule(path, group._rules) on each group in that order: the first group with a
// matching rule decides (its rule's `allow`); no matching rule in any group is allowed.
function allowed(u, groups, path) {
  for (const group of groups) {
    const rule = u.matchPathToRule(path, group._rules || []);
    if (rule) return rule.allow;
  }
  return true;
}

ra.serve(
  { name: 'nuxtjs-robots', implementation: PACKAGE, version: ra.packageVersion(PACKAGE) },
  async (body, agent, urls) => {
    const u = await util;
    const asked = groupsFor(parse(u, body).groups, agent);
    return urls.map((url) => {
      const p = ra.pathAndQuery(url);
      return p === null ? 'unsupported' : ra.verdict(allowed(u, asked, p));
    });
  },
  null,
  async (body) => {
    // ParsedRobotsTxt's `sitemaps` (every sitemap line's value, in file order). The parser
    // has no crawl-delay or request-rate (such a line is an "Unknown directive" error). It
    // keeps each group's Content-Usage and Content-Signal values as written (`contentUsage`,
    // `contentSignal`), but no exported call says which of them apply to a URL, so
    // content-usage is left unsupported rather than read by the adapter.
    const u = await util;
    return { sitemaps: parse(u, body).parsed.sitemaps };
  },
);
