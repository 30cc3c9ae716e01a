'use strict';
// CPython's urllib.robotparser as the npm package `pyodide` ships it (CPython compiled to
// WebAssembly, run by Node, offline: the standard library comes from the package's own
// python_stdlib.zip), over protocol v1. Arguments: the adapter's name, then `--snapshot` at
// setup time (see below).
//
// Each request: RobotFileParser().parse(body.decode('utf-8', 'surrogateescape').splitlines()),
// as RobotFileParser.read() decodes what it fetched, then can_fetch(agent, url) per URL.
// No sockets in WebAssembly: parsing only, no fetch requests.

const fs = require('fs');
const path = require('path');
const ra = require('./reptest_adapter.js');

const name = process.argv[2];
const envDir = process.env.REPTEST_ADAPTER_ENV || process.cwd();
const packageDir = path.join(envDir, 'node_modules', 'pyodide');
const lock = JSON.parse(fs.readFileSync(path.join(packageDir, 'pyodide-lock.json'), 'utf8'));

const PYTHON = `
import base64, json, urllib.robotparser

def check(body_b64, agent, urls_json):
    body = base64.b64decode(body_b64)
    parser = urllib.robotparser.RobotFileParser()
    parser.parse(body.decode("utf-8", "surrogateescape").splitlines())
    return json.dumps(["allow" if parser.can_fetch(agent, url) else "disallow"
                       for url in json.loads(urls_json)])
`;

// Starting CPython takes seconds; a memory snapshot of a started interpreter with the module
// imported (written at setup time by `--snapshot`, pyodide's makeMemorySnapshot) brings that
// under two. indexURL is the package directory, so nothing is fetched from a CDN.
const snapshotFile = path.join(envDir, 'snapshot.bin');

async function start(options) {
  const { loadPyodide } = ra.load('pyodide');
  return loadPyodide(Object.assign({
    indexURL: packageDir + path.sep,
    stdout: (line) => process.stderr.write(line + '\n'),
    stderr: (line) => process.stderr.write(line + '\n'),
  }, options));
}

if (process.argv[3] === '--snapshot') {
  (async () => {
    const pyodide = await start({ _makeSnapshot: true });
    pyodide.runPython(PYTHON);
    fs.writeFileSync(snapshotFile, pyodide.makeMemorySnapshot());
  })().catch((e) => {
    process.stderr.write(`${e && e.stack}\n`);
    process.exit(1);
  });
  return;
}

// Loading starts at once, and the first request waits for it.
const ready = (async () => {
  const pyodide = fs.existsSync(snapshotFile)
    ? await start({ _loadSnapshot: fs.readFileSync(snapshotFile) })
    : await start({});
  pyodide.runPython(PYTHON);
  return pyodide.globals.get('check');
})();

ra.serve(
  {
    name,
    implementation: 'urllib.robotparser',
    language: 'python',
    version: lock.info.python,
    runtime: `pyodide ${ra.packageVersion('pyodide')} (CPython ${lock.info.python}, WebAssembly)`,
  },
  async (body, agent, urls) => {
    const check = await ready;
    return JSON.parse(check(body.toString('base64'), agent, JSON.stringify(urls)));
  },
);
