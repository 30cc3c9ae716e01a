'use strict';
// Protocol v1 (harness/PROTOCOL.md) for adapters written in JavaScript.
//
// An adapter calls serve() with its hello fields and check(body, agent, urls), which returns
// (or resolves to) one of 'allow', 'disallow', 'unsupported' per URL. A thrown error is the
// implementation's error on that input and is answered as such; the adapter keeps serving.
// Requests are answered one at a time, in order.
//
// An adapter whose library fetches robots.txt itself also passes fetch(robotsUrl, agent, urls,
// timeoutMs) as serve()'s third argument: its hello then declares "fetch": true, and fetch
// requests (PROTOCOL.md, "Fetch") go to it, answered like check's.
//
// A second ask (PROTOCOL.md, "Asking again"): an adapter that passes { fetchAgain: true } as
// serve()'s fourth argument declares "fetch_again": true, and its fetch resolves to
// { verdicts, again } where again(urls) asks the same library object once more (as the
// library's documented caller would ask it later). The pause before the second ask is made
// here. A fetch that resolves to verdicts only answers 'unsupported' to the second ask's URLs.
// An adapter whose library reports the other records passes records(body, agent, urls) as the
// fourth argument (or as { records } beside fetchAgain) (fetch may be null), returning an object with the fields it exposes
// ("sitemaps", "crawl_delay", "request_rate", "content_usage"); its hello then declares
// "records": true, and a field left out is answered "unsupported" (PROTOCOL.md section 6).

const path = require('path');
const readline = require('readline');

// The installed version of a package from the adapter's node_modules.
function packageVersion(name) {
  const dir = process.env.REPTEST_ADAPTER_ENV || process.cwd();
  return require(path.join(dir, 'node_modules', name, 'package.json')).version;
}

// Requires a package from the adapter's node_modules.
function load(name) {
  const dir = process.env.REPTEST_ADAPTER_ENV || process.cwd();
  return require(path.join(dir, 'node_modules', name));
}

// The body as text, the way a crawler's HTTP client decodes it: UTF-8, invalid bytes
// replaced by U+FFFD.
function text(body) {
  return body.toString('utf8');
}

// '/path?query' of an absolute URL as written in it ('/' when the path is empty).
function pathAndQuery(url) {
  const m = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*([^?#]*)(\?[^#]*)?/.exec(url);
  if (!m) return null;
  return (m[1] || '/') + (m[2] || '');
}

function verdict(allowed) {
  if (allowed === true) return 'allow';
  if (allowed === false) return 'disallow';
  return 'unsupported';
}

function write(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

const RECORD_FIELDS = ['sitemaps', 'crawl_delay', 'request_rate', 'content_usage'];

function serve(hello, check, fetch, options) {
  const records = typeof options === 'function' ? options : options && options.records;
  const fetches = typeof fetch === 'function' ? { fetch: true } : {};
  if (typeof fetch === 'function' && options && options.fetchAgain) {
    fetches.fetch_again = true;
  }
  const recordsCapability = typeof records === 'function' ? { records: true } : {};
  write(Object.assign({ protocol: 1, language: 'javascript' }, hello, fetches, recordsCapability));
  const lines = readline.createInterface({ input: process.stdin, terminal: false });
  let queue = Promise.resolve();
  lines.on('line', (line) => {
    if (!line.trim()) return;
    queue = queue.then(async () => {
      let request;
      try {
        request = JSON.parse(line);
        if (typeof request.id !== 'number' || !Array.isArray(request.urls)) {
          throw new Error('missing id or urls');
        }
      } catch (e) {
        write({ id: request && typeof request.id === 'number' ? request.id : null, error: `malformed request: ${e.message}` });
        return;
      }
      if (typeof request.robots_url === 'string') {
        if (typeof fetch !== 'function') {
          write({ id: request.id, error: 'this adapter does not fetch' });
          return;
        }
        try {
          const result = await fetch(request.robots_url, request.agent, request.urls, request.timeout_ms);
          const first = Array.isArray(result) ? result : result.verdicts;
          const again = Array.isArray(result) ? null : result.again;
          let verdicts = first;
          const asked = request.again;
          if (asked && Array.isArray(asked.urls)) {
            await new Promise((r) => setTimeout(r, asked.after_ms));
            const second = typeof again === 'function'
              ? await again(asked.urls)
              : asked.urls.map(() => 'unsupported');
            verdicts = first.concat(second);
          }
          write({ id: request.id, verdicts });
        } catch (e) {
          write({ id: request.id, error: `${e && e.name}: ${e && e.message}` });
        }
        return;
      }
      if (request.records === true) {
        if (typeof records !== 'function') {
          write({ id: request.id, error: 'this adapter does not answer records' });
          return;
        }
        try {
          const body = Buffer.from(request.robots_b64, 'base64');
          const answer = (await records(body, request.agent, request.urls)) || {};
          const out = {};
          for (const field of RECORD_FIELDS) {
            out[field] = field in answer ? answer[field] : 'unsupported';
          }
          write({ id: request.id, records: out });
        } catch (e) {
          write({ id: request.id, error: `${e && e.name}: ${e && e.message}` });
        }
        return;
      }
      try {
        const body = Buffer.from(request.robots_b64, 'base64');
        const verdicts = await check(body, request.agent, request.urls);
        write({ id: request.id, verdicts });
      } catch (e) {
        write({ id: request.id, error: `${e && e.name}: ${e && e.message}` });
      }
    });
  });
}

module.exports = { serve, text, pathAndQuery, verdict, packageVersion, load };
