// @nuxtjs/robots is an ES module: its util export is loaded with import().
function pathAndQuery(url) {
  const m = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*([^?#]*)(\?[^#]*)?/.exec(url);
  return (m[1] || '/') + (m[2] || '');
}

const body = {{body}};
const agent = "{{agent}}";
const url = "{{url}}";
import('@nuxtjs/robots/util').then((u) => {
  const text = body.toString('utf8'); // invalid bytes become U+FFFD
  const groups = u.validateRobots(u.parseRobotsTxt(text)).groups.map(u.normalizeGroup);
  // getPathRobotConfig's order: groups whose user-agent is contained in the agent, then `*`.
  const a = agent.toLowerCase();
  const asked = [
    ...groups.filter((g) => g.userAgent.some((ua) => !!ua && a.includes(ua.toLowerCase()))),
    ...groups.filter((g) => g.userAgent.includes('*')),
  ];
  let allowed = true;
  for (const group of asked) {
    const rule = u.matchPathToRule(pathAndQuery(url), group._rules);
    if (rule) {
      allowed = rule.allow;
      break;
    }
  }
  console.log(allowed ? 'allow' : 'disallow');
});
