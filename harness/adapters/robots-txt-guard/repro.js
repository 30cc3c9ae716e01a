const { Readable } = require('stream');
const parse = require('robots-txt-parse');
const guard = require('robots-txt-guard');
function pathAndQuery(url) {
  const m = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*([^?#]*)(\?[^#]*)?/.exec(url);
  return (m[1] || '/') + (m[2] || '');
}

const body = {{body}}; // the raw bytes, as a stream
const agent = "{{agent}}";
const url = "{{url}}";
parse(Readable.from([body])).then((rules) => {
  const allowed = guard(rules).isAllowed(agent, pathAndQuery(url));
  console.log(allowed ? 'allow' : 'disallow');
});
