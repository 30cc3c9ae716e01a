const robots = require('robots');
function pathAndQuery(url) {
  const m = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*([^?#]*)(\?[^#]*)?/.exec(url);
  return (m[1] || '/') + (m[2] || '');
}

const body = {{body}};
const agent = "{{agent}}";
const url = "{{url}}";
const text = body.toString('utf8'); // invalid bytes become U+FFFD
const parser = new robots.RobotsParser(null, {});
parser.parse(text.split(/\r\n|\r|\n/));
console.log(parser.canFetchSync(agent, pathAndQuery(url)) ? 'allow' : 'disallow');
