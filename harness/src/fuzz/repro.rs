//! Minimal repros in each library's own language, calling it exactly as its adapter does
//! (the decoding step included), runnable as printed: they print `allow` or `disallow`.
//!
//! One template per adapter, kept beside the adapter's own call (`harness/adapters/<name>/`,
//! `peers/src/lib.rs`): when an adapter's call changes, its template here changes with it.
//! The body is written as an exact literal of its bytes in each language.

use std::fmt::Write as _;

use crate::fuzz::findings::FamilyInput;

/// A repro: its language, the program, and how to run it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repro {
    /// The Markdown fence language (`python`, `javascript`, `rust`, `cpp`, `ruby`, `perl`).
    pub language: &'static str,
    /// The program.
    pub code: String,
    /// How to install the library and run the program (shell lines).
    pub run: String,
}

/// `bytes` as a Python/Rust byte-string body (between `b"` and `"`).
fn escaped_bytes(bytes: &[u8]) -> String {
    let mut out = String::new();
    for &b in bytes {
        match b {
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\\""),
            0x20..=0x7E => out.push(char::from(b)),
            _ => {
                let _ = write!(out, "\\x{b:02x}");
            }
        }
    }
    out
}

/// `bytes` as a C++ string literal body: octal escapes (a hex escape would swallow a
/// following hex digit).
fn cpp_bytes(bytes: &[u8]) -> String {
    let mut out = String::new();
    for &b in bytes {
        match b {
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\\""),
            b'?' => out.push_str("\\?"),
            0x20..=0x7E => out.push(char::from(b)),
            _ => {
                let _ = write!(out, "\\{b:03o}");
            }
        }
    }
    out
}

/// `bytes` as a Perl double-quoted string body.
fn perl_bytes(bytes: &[u8]) -> String {
    let mut out = String::new();
    for &b in bytes {
        match b {
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            b'\\' | b'"' | b'$' | b'@' => {
                out.push('\\');
                out.push(char::from(b));
            }
            0x20..=0x7E => out.push(char::from(b)),
            _ => {
                let _ = write!(out, "\\x{{{b:02x}}}");
            }
        }
    }
    out
}

/// `text` as a JSON string (valid Python, JavaScript and Ruby string syntax).
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

/// A JavaScript `Buffer` of exactly `bytes`.
fn js_buffer(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => format!("Buffer.from({}, 'utf8')", quoted(text)),
        Err(_) => {
            let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
            format!("Buffer.from('{hex}', 'hex')")
        }
    }
}

const PY_PATH: &str = "from urllib.parse import urlsplit\n\n\
def path_and_query(url):\n    \
parts = urlsplit(url)\n    \
return (parts.path or \"/\") + (\"?\" + parts.query if parts.query else \"\")\n";

const PY_ROBOTS_URL: &str = "from urllib.parse import urlsplit, urlunsplit\n\n\
def robots_url(url):\n    \
parts = urlsplit(url)\n    \
return urlunsplit((parts.scheme, parts.netloc, \"/robots.txt\", \"\", \"\"))\n";

const JS_PATH: &str = "function pathAndQuery(url) {\n  \
const m = /^[a-zA-Z][a-zA-Z0-9+.-]*:\\/\\/[^/?#]*([^?#]*)(\\?[^#]*)?/.exec(url);\n  \
return (m[1] || '/') + (m[2] || '');\n}\n";

const RS_PATH: &str = "fn path_and_query(url: &str) -> String {\n    \
let url = url::Url::parse(url).expect(\"an absolute URL\");\n    \
let mut out = url.path().to_owned();\n    \
if let Some(q) = url.query() {\n        out.push('?');\n        out.push_str(q);\n    }\n    \
out\n}\n";

/// The repro of `input` for adapter `name` (the library at `version`); `None` for an
/// adapter without a template.
pub fn repro(name: &str, version: &str, input: &FamilyInput) -> Option<Repro> {
    let body = input.body();
    let agent = quoted(&input.agent);
    let url = quoted(&input.url);
    let py = |package: Option<&str>, import: &str, helper: &str, call: &str, decode: &str| {
        let mut code = format!("{import}\n");
        if !helper.is_empty() {
            code.push_str(helper);
        }
        let _ = write!(
            code,
            "\nbody = b\"{}\"\nagent = {agent}\nurl = {url}\n{decode}\n{call}\n",
            escaped_bytes(&body)
        );
        let install = package.map_or_else(
            || "# standard library: nothing to install\n".to_owned(),
            |p| format!("pip install '{p}=={version}'\n"),
        );
        Repro {
            language: "python",
            code,
            run: format!("{install}python3 repro.py"),
        }
    };
    let lossy_py =
        "text = body.decode(\"utf-8\", errors=\"replace\")  # invalid bytes become U+FFFD";
    let verdict_py = |expr: &str| format!("print(\"allow\" if {expr} else \"disallow\")");
    let node = |packages: &str, code: String| Repro {
        language: "javascript",
        code,
        run: format!("npm install {packages}\nnode repro.js"),
    };
    let lossy_js = "const text = body.toString('utf8'); // invalid bytes become U+FFFD";
    let rust = |deps: &str, code: String| Repro {
        language: "rust",
        code,
        run: format!(
            "cargo new repro && cd repro\n# Cargo.toml [dependencies]: {deps}\n# src/main.rs: \
             the program above\ncargo run -q"
        ),
    };
    let rs_body = format!(
        "    let body: &[u8] = b\"{}\";\n    let agent = {agent};\n    let url = {url};\n",
        escaped_bytes(&body)
    );
    let rs_lossy = "    let text = String::from_utf8_lossy(body); // invalid bytes become U+FFFD\n";
    // The text a crate's own fetch receives: reqwest's `text()`, the Encoding Standard's
    // UTF-8 decode.
    let rs_fetched = "    // as reqwest's text() decodes it (the crate's own fetch): a byte order mark taken \
                      off,\n    // invalid bytes U+FFFD\n    let (text, _, _) = \
                      encoding_rs::UTF_8.decode(body);\n";
    let rs_print = "    println!(\"{}\", if allowed { \"allow\" } else { \"disallow\" });\n}\n";
    Some(match name {
        "protego" => py(
            Some("Protego"),
            "from protego import Protego",
            "",
            &verdict_py("Protego.parse(text).can_fetch(url, agent)"),
            lossy_py,
        ),
        "fast-robotstxt" => py(
            Some("fast-robotstxt"),
            "from robotstxt import RobotsMatcher",
            "",
            &verdict_py("RobotsMatcher().is_allowed(text, agent, url)"),
            lossy_py,
        ),
        "fastrobots" => py(
            Some("fastrobots"),
            "from fastrobots import Robots",
            PY_PATH,
            &verdict_py("Robots.parse(text).allowed(path_and_query(url), agent)"),
            lossy_py,
        ),
        "gpyrobotstxt" => py(
            Some("gpyrobotstxt"),
            "from gpyrobotstxt.robots_cc import RobotsMatcher",
            "",
            &verdict_py("RobotsMatcher().allowed_by_robots(text, [agent], url)"),
            lossy_py,
        ),
        "jwm-robotstxt" => py(
            Some("jwm.robotstxt"),
            "from jwm.robotstxt import googlebot",
            "",
            &verdict_py("googlebot.RobotsMatcher().AllowedByRobots(text, [agent], url)"),
            "text = body.decode(\"utf-8\")  # the documented signature takes a str",
        ),
        "reppy2" => py(
            Some("reppy2"),
            "import time\nfrom reppy.parser import Rules",
            PY_ROBOTS_URL,
            &verdict_py(
                "Rules(robots_url(url), 200, body, time.time() + 3600).allowed(url, agent)",
            ),
            "# the body's bytes, as reppy's own fetcher passes the response's content",
        ),
        "robotexclusionrulesparser" => py(
            Some("robotexclusionrulesparser"),
            "import robotexclusionrulesparser as rerp",
            "",
            "parser = rerp.RobotExclusionRulesParser()\nparser.parse(text)\n\
             print(\"allow\" if parser.is_allowed(agent, url) else \"disallow\")",
            lossy_py,
        ),
        "robotspy" => py(
            Some("robotspy"),
            "import robots",
            "",
            &verdict_py("robots.RobotsParser.from_string(text).can_fetch(agent, url)"),
            lossy_py,
        ),
        "robotstxt-py" => py(
            Some("robotstxt"),
            "from robotstxt import RobotsFile",
            "",
            &verdict_py("not RobotsFile(text).test_url(url, agent)[\"disallowed\"]"),
            lossy_py,
        ),
        "urllib-robotparser" => py(
            None,
            "import urllib.robotparser",
            "",
            "parser = urllib.robotparser.RobotFileParser()\n\
             parser.parse(text.splitlines())  # as its read() does\n\
             print(\"allow\" if parser.can_fetch(agent, url) else \"disallow\")",
            "text = body.decode(\"utf-8\")  # strict, as RobotFileParser.read() decodes",
        ),
        "robots-js" => node(
            &format!("robots@{version}"),
            format!(
                "const robots = require('robots');\n{JS_PATH}\nconst body = {};\nconst agent = \
                 {agent};\nconst url = {url};\n{lossy_js}\nconst parser = new \
                 robots.RobotsParser(null, {{}});\nparser.parse(text.split(/\\r\\n|\\r|\\n/));\n\
                 console.log(parser.canFetchSync(agent, pathAndQuery(url)) ? 'allow' : \
                 'disallow');\n",
                js_buffer(&body)
            ),
        ),
        "robots-parser" => node(
            &format!("robots-parser@{version}"),
            format!(
                "const robotsParser = require('robots-parser');\nconst body = {};\nconst agent \
                 = {agent};\nconst url = {url};\n{lossy_js}\nconst u = new URL(url);\nconst \
                 robots = robotsParser(`${{u.protocol}}//${{u.host}}/robots.txt`, text);\n\
                 const allowed = robots.isAllowed(url, agent);\nconsole.log(allowed === \
                 undefined ? 'unsupported' : allowed ? 'allow' : 'disallow');\n",
                js_buffer(&body)
            ),
        ),
        "robots-txt-guard" => {
            let (guard, parse) = version.split_once('+').unwrap_or((version, ""));
            node(
                &format!("robots-txt-guard@{guard} robots-txt-parse@{parse}"),
                format!(
                    "const {{ Readable }} = require('stream');\nconst parse = \
                     require('robots-txt-parse');\nconst guard = \
                     require('robots-txt-guard');\n{JS_PATH}\nconst body = {}; // the raw \
                     bytes, as a stream\nconst agent = {agent};\nconst url = {url};\n\
                     parse(Readable.from([body])).then((rules) => {{\n  const allowed = \
                     guard(rules).isAllowed(agent, pathAndQuery(url));\n  \
                     console.log(allowed ? 'allow' : 'disallow');\n}});\n",
                    js_buffer(&body)
                ),
            )
        }
        "robots-txt-parser" => node(
            &format!("robots-txt-parser@{version}"),
            format!(
                "const robotsParser = require('robots-txt-parser');\nconst body = {};\nconst \
                 agent = {agent};\nconst url = {url};\n{lossy_js}\n(async () => {{\n  const \
                 robots = robotsParser({{ userAgent: agent, allowOnNeutral: true }});\n  const \
                 origin = new URL(url).origin;\n  robots.parseRobots(origin, text);\n  await \
                 robots.useRobotsFor(origin);\n  console.log(robots.canCrawlSync(url) ? 'allow' \
                 : 'disallow');\n}})();\n",
                js_buffer(&body)
            ),
        ),
        "ruby-webrobots" => Repro {
            language: "ruby",
            code: format!(
                "require 'webrobots'\n\nbody = \"{}\".b\nagent = {agent}\nurl = {url}\n\
                 text = body.force_encoding('UTF-8').scrub # invalid bytes become U+FFFD\n\
                 robots = WebRobots.new(agent, http_get: ->(_uri) {{ text }}, crawl_delay: \
                 :ignore)\nputs robots.allowed?(url) ? 'allow' : 'disallow'\n",
                escaped_bytes(&body).replace('#', "\\#")
            ),
            run: format!(
                "apt-get install ruby-webrobots  # or: gem install webrobots -v {version}\nruby \
                 repro.rb"
            ),
        },
        "www-robotrules" => Repro {
            language: "perl",
            code: format!(
                "use strict;\nuse warnings;\nuse Encode qw(decode);\nuse URI;\nuse \
                 WWW::RobotRules;\n\nmy $bytes = \"{}\";\nmy $agent = \"{}\";\nmy $url = \
                 \"{}\";\nmy $body = decode('UTF-8', $bytes); # invalid bytes become U+FFFD\n\
                 my $rules = WWW::RobotRules->new($agent);\nmy $robots_url = URI->new($url);\n\
                 $robots_url->path_query('/robots.txt');\n$rules->parse($robots_url->as_string, \
                 $body);\nprint $rules->allowed($url) ? \"allow\\n\" : \"disallow\\n\";\n",
                perl_bytes(&body),
                perl_bytes(input.agent.as_bytes()),
                perl_bytes(input.url.as_bytes())
            ),
            run: "apt-get install libwww-robotrules-perl  # or: cpan WWW::RobotRules\nperl \
                  repro.pl"
                .to_owned(),
        },
        "google-robotstxt-cc" => Repro {
            language: "cpp",
            code: format!(
                "#include <iostream>\n#include <string>\n#include \"robots.h\"\n\nint main() \
                 {{\n  // The raw body bytes and the absolute URL.\n  const std::string \
                 body(\"{}\", {});\n  const std::string agent = \"{}\";\n  const std::string \
                 url = \"{}\";\n  googlebot::RobotsMatcher matcher;\n  bool allowed = \
                 matcher.OneAgentAllowedByRobots(body, agent, url);\n  std::cout << (allowed ? \
                 \"allow\" : \"disallow\") << std::endl;\n}}\n",
                cpp_bytes(&body),
                body.len(),
                cpp_bytes(input.agent.as_bytes()),
                cpp_bytes(input.url.as_bytes())
            ),
            run: "# in a checkout of google/robotstxt (libabsl-dev installed):\ng++ -std=c++17 \
                  -I. repro.cc robots.cc -o repro -labsl_strings -labsl_base \
                  -labsl_throw_delegate -labsl_raw_logging_internal && ./repro"
                .to_owned(),
        },
        "robotstxt" => rust(
            &format!("robotstxt = \"={version}\""),
            format!(
                "use robotstxt::DefaultMatcher;\n\nfn main() {{\n{rs_body}{rs_lossy}    let mut \
                 matcher = DefaultMatcher::default();\n    let allowed = \
                 matcher.one_agent_allowed_by_robots(&text, agent, url);\n{rs_print}"
            ),
        ),
        "robotstxt-with-cache" => rust(
            &format!("robotstxt-with-cache = \"={version}\""),
            format!(
                "use robotstxt_with_cache::{{DefaultCachingMatcher, DefaultMatcher}};\n\nfn \
                 main() {{\n{rs_body}{rs_lossy}    let mut matcher = \
                 DefaultCachingMatcher::new(DefaultMatcher::default());\n    \
                 matcher.parse(&text);\n    let allowed = matcher.allowed_by_robots(vec![agent], \
                 url);\n{rs_print}"
            ),
        ),
        "texting-robots" => rust(
            &format!("texting_robots = \"={version}\""),
            format!(
                "fn main() {{\n{rs_body}    let robot = texting_robots::Robot::new(agent, \
                 body).expect(\"parsed\");\n    let allowed = robot.allowed(url);\n{rs_print}"
            ),
        ),
        "robotxt" => rust(
            &format!(
                "robotxt = {{ version = \"={version}\", default-features = false, features = \
                 [\"parser\"] }}, url = \"2\""
            ),
            format!(
                "{RS_PATH}\nfn main() {{\n{rs_body}    let robots = robotxt::Robots::parse(body, \
                 agent);\n    let allowed = robots.is_allowed(&path_and_query(url));\n{rs_print}"
            ),
        ),
        "fast-robots" => rust(
            &format!("fast-robots = \"={version}\", url = \"2\""),
            format!(
                "{RS_PATH}\nfn main() {{\n{rs_body}    let robots = \
                 fast_robots::RobotsTxt::parse_bytes(body).expect(\"parsed\");\n    let allowed \
                 = robots.is_allowed(agent, &path_and_query(url));\n{rs_print}"
            ),
        ),
        "robots-txt" => rust(
            &format!("robots_txt = \"={version}\", url = \"2\""),
            format!(
                "{RS_PATH}\nfn main() {{\n{rs_body}{rs_lossy}    let robots = \
                 robots_txt::Robots::from_str_lossy(&text);\n    let section = \
                 robots.choose_section(agent);\n    let matcher = \
                 robots_txt::matcher::SimpleMatcher::new(&section.rules);\n    let allowed = \
                 matcher.check_path(&path_and_query(url));\n{rs_print}"
            ),
        ),
        "robotstxt-rs" => rust(
            &format!("robotstxt-rs = \"={version}\", url = \"2\", encoding_rs = \"0.8\""),
            format!(
                "{RS_PATH}\nfn main() {{\n{rs_body}{rs_fetched}    let robots = \
                 robotstxt_rs::RobotsTxt::parse(&text);\n    let allowed = \
                 robots.can_fetch(agent, &path_and_query(url));\n{rs_print}"
            ),
        ),
        "robotparser-rs" => rust(
            &format!("robotparser = \"={version}\", url = \"2\", encoding_rs = \"0.8\""),
            format!(
                "use robotparser::service::RobotsTxtService;\n\nfn main() {{\n{rs_body}{rs_fetched}    \
                 let url = url::Url::parse(url).expect(\"an absolute URL\");\n    let robots = \
                 robotparser::parser::parse_robots_txt(url.origin(), &text).get_result();\n    \
                 let allowed = robots.can_fetch(agent, &url);\n{rs_print}"
            ),
        ),
        _ => return None,
    })
}

/// How the library is called, in its own terms (for titles).
pub fn call_name(name: &str) -> &'static str {
    match name {
        "protego" => "`Protego.can_fetch(url, agent)`",
        "fast-robotstxt" => "`RobotsMatcher.is_allowed`",
        "fastrobots" => "`Robots.allowed(path, agent)`",
        "gpyrobotstxt" => "`RobotsMatcher.allowed_by_robots`",
        "jwm-robotstxt" => "`RobotsMatcher.AllowedByRobots`",
        "reppy2" => "`Rules.allowed(url, agent)`",
        "robotexclusionrulesparser" => "`is_allowed(agent, url)`",
        "robotspy" => "`RobotsParser.can_fetch(agent, url)`",
        "robotstxt-py" => "`RobotsFile.test_url(url, agent)`",
        "urllib-robotparser" => "`RobotFileParser.can_fetch(agent, url)`",
        "robots-js" => "`RobotsParser.canFetchSync(agent, path)`",
        "robots-parser" => "`robots.isAllowed(url, agent)`",
        "robots-txt-guard" => "`guard(rules).isAllowed(agent, path)`",
        "robots-txt-parser" => "`canCrawlSync(url)`",
        "ruby-webrobots" => "`WebRobots#allowed?(url)`",
        "www-robotrules" => "`WWW::RobotRules->allowed($url)`",
        "google-robotstxt-cc" => "`RobotsMatcher::OneAgentAllowedByRobots`",
        "robotstxt" => "`DefaultMatcher::one_agent_allowed_by_robots`",
        "robotstxt-with-cache" => "`DefaultCachingMatcher::allowed_by_robots`",
        "texting-robots" => "`Robot::allowed(url)`",
        "robotxt" => "`Robots::is_allowed(path)`",
        "fast-robots" => "`RobotsTxt::is_allowed(agent, path)`",
        "robots-txt" => "`SimpleMatcher::check_path(path)`",
        "robotstxt-rs" => "`RobotsTxt::can_fetch(agent, path)`",
        "robotparser-rs" => "`RobotFileParser::can_fetch(agent, url)`",
        _ => "the library",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_are_exact() {
        assert_eq!(escaped_bytes(b"a\"\\\n\xC3\xA9"), "a\\\"\\\\\\n\\xc3\\xa9");
        // An octal escape never swallows the next digit.
        assert_eq!(cpp_bytes(b"\xC3A9"), "\\303A9");
        assert_eq!(perl_bytes(b"$x@\xff"), "\\$x\\@\\x{ff}");
        assert_eq!(js_buffer(b"\xff"), "Buffer.from('ff', 'hex')");
        let input = FamilyInput {
            robots: "user-agent: *\\ndisallow: /a\\n".into(),
            escaped: true,
            agent: "FooBot".into(),
            url: "http://example.com/a".into(),
        };
        let protego = repro("protego", "0.7.0", &input).expect("a template");
        assert!(
            protego
                .code
                .contains("body = b\"user-agent: *\\ndisallow: /a\\n\"")
        );
        assert!(protego.code.contains("errors=\"replace\""));
        for name in [
            "robots-js",
            "robotstxt",
            "google-robotstxt-cc",
            "www-robotrules",
        ] {
            assert!(repro(name, "1", &input).is_some(), "{name}");
        }
    }
}
