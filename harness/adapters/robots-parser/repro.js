const robotsParser = require('robots-parser');
const body = {{body}};
const agent = "{{agent}}";
const url = "{{url}}";
const text = body.toString('utf8'); // invalid bytes become U+FFFD
const u = new URL(url);
const robots = robotsParser(`${u.protocol}//${u.host}/robots.txt`, text);
const allowed = robots.isAllowed(url, agent);
console.log(allowed === undefined ? 'unsupported' : allowed ? 'allow' : 'disallow');
