//! Serve a robots.txt parser written in Rust over reptest's protocol v1
//! (`harness/PROTOCOL.md`): newline-delimited JSON on stdin and stdout.
//!
//! An adapter is a binary whose `main` calls [`serve`] with its [`Hello`] and a function
//! that answers one request: the robots.txt body as raw bytes, the crawler's product token,
//! and absolute URLs, to one [`Verdict`] per URL or the parser's own error message.
//!
//! ```no_run
//! use reptest_adapter_kit::{Hello, Verdict, serve};
//!
//! fn main() -> std::io::Result<()> {
//!     let hello = Hello::new("my-parser", "my-parser", "1.2.3");
//!     serve(&hello, |body: &[u8], _agent: &str, urls: &[String]| {
//!         // A trivial rule standing in for a parser: everything is disallowed when the
//!         // body says `disallow: /`.
//!         let text = String::from_utf8_lossy(body).to_lowercase();
//!         let all = text.lines().any(|l| l.trim() == "disallow: /");
//!         Ok(urls
//!             .iter()
//!             .map(|_| if all { Verdict::Disallow } else { Verdict::Allow })
//!             .collect())
//!     })
//! }
//! ```
//!
//! Design: the kit depends on `serde_json` and `base64` only, and knows nothing of reptest's
//! harness, so that an adapter outside this repository builds it in seconds. Everything the
//! protocol asks of an adapter besides the verdicts is done here: the hello first, one
//! response per request in order, a request that cannot be read answered with an error (its
//! id salvaged when the line is JSON at all), a verdict count that differs from the URL count
//! turned into an error rather than sent, and a panic in the answering function caught and
//! answered as the parser's error, so that the adapter keeps serving.

use std::io::{BufRead, Write};

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Map, Value, json};

/// One verdict on one URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Verdict {
    /// The URL may be crawled.
    Allow,
    /// The URL may not be crawled.
    Disallow,
    /// The parser cannot take this question (an explicit skip, never counted as a pass).
    Unsupported,
}

impl Verdict {
    /// `allow`, `disallow` or `unsupported`, as the protocol writes it.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Allow => "allow",
            Verdict::Disallow => "disallow",
            Verdict::Unsupported => "unsupported",
        }
    }

    /// `Allow` when `allowed`, else `Disallow`.
    pub fn from_allowed(allowed: bool) -> Verdict {
        if allowed {
            Verdict::Allow
        } else {
            Verdict::Disallow
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The first line an adapter prints.
#[derive(Clone, Debug, PartialEq)]
pub struct Hello {
    /// The adapter's short name (used on reptest's command line).
    pub name: String,
    /// The implementation's own name.
    pub implementation: String,
    /// Its version.
    pub version: String,
    /// Its language (`rust` unless changed).
    pub language: String,
    /// Further fields the adapter wants to announce.
    pub extra: Map<String, Value>,
}

impl Hello {
    /// A hello for a Rust implementation.
    pub fn new(name: &str, implementation: &str, version: &str) -> Hello {
        Hello {
            name: name.to_owned(),
            implementation: implementation.to_owned(),
            version: version.to_owned(),
            language: "rust".to_owned(),
            extra: Map::new(),
        }
    }

    fn to_json(&self) -> Value {
        let mut map = self.extra.clone();
        map.insert("protocol".into(), json!(1));
        map.insert("name".into(), json!(self.name));
        map.insert("implementation".into(), json!(self.implementation));
        map.insert("version".into(), json!(self.version));
        map.insert("language".into(), json!(self.language));
        Value::Object(map)
    }
}

/// Serves `check` on stdin and stdout until stdin ends.
pub fn serve<F>(hello: &Hello, check: F) -> std::io::Result<()>
where
    F: FnMut(&[u8], &str, &[String]) -> Result<Vec<Verdict>, String>,
{
    serve_on(
        hello,
        check,
        std::io::stdin().lock(),
        std::io::stdout().lock(),
    )
}

/// Serves `check` on `input` and `output` until `input` ends: the hello, then one response
/// line per request line.
pub fn serve_on<F>(
    hello: &Hello,
    mut check: F,
    input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()>
where
    F: FnMut(&[u8], &str, &[String]) -> Result<Vec<Verdict>, String>,
{
    writeln!(output, "{}", hello.to_json())?;
    output.flush()?;
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        writeln!(output, "{}", answer(&line, &mut check))?;
        output.flush()?;
    }
    Ok(())
}

/// The response line to one request line.
pub fn answer<F>(line: &str, check: &mut F) -> Value
where
    F: FnMut(&[u8], &str, &[String]) -> Result<Vec<Verdict>, String>,
{
    let value: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return json!({ "id": null, "error": format!("malformed request: {e}") }),
    };
    let id = value.get("id").and_then(Value::as_u64);
    let error = |message: String| json!({ "id": id, "error": message });
    let Some(id) = id else {
        return error("malformed request: no unsigned `id`".into());
    };
    let (Some(b64), Some(agent), Some(urls)) = (
        value.get("robots_b64").and_then(Value::as_str),
        value.get("agent").and_then(Value::as_str),
        value.get("urls").and_then(Value::as_array),
    ) else {
        return error("malformed request: needs robots_b64, agent and urls".into());
    };
    let Some(urls) = urls
        .iter()
        .map(|u| u.as_str().map(str::to_owned))
        .collect::<Option<Vec<String>>>()
    else {
        return error("malformed request: a URL is not a string".into());
    };
    let body = match STANDARD.decode(b64) {
        Ok(b) => b,
        Err(e) => return error(format!("robots_b64: {e}")),
    };
    let result =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&body, agent, &urls)));
    match result {
        Ok(Ok(verdicts)) if verdicts.len() == urls.len() => {
            let names: Vec<&str> = verdicts.iter().map(|v| v.name()).collect();
            json!({ "id": id, "verdicts": names })
        }
        Ok(Ok(verdicts)) => error(format!(
            "{} verdicts for {} URLs",
            verdicts.len(),
            urls.len()
        )),
        Ok(Err(message)) => error(message),
        Err(panic) => {
            let text = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            error(format!("panicked: {text}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allow_all(_: &[u8], _: &str, urls: &[String]) -> Result<Vec<Verdict>, String> {
        Ok(urls.iter().map(|_| Verdict::Allow).collect())
    }

    #[test]
    fn serves_the_hello_then_one_line_per_request() {
        let input = "{\"id\":4,\"robots_b64\":\"\",\"agent\":\"A\",\"urls\":[\"http://e.com/\"]}\n\n\
                     not json\n{\"id\":5,\"robots_b64\":\"!\",\"agent\":\"A\",\"urls\":[]}\n";
        let mut out = Vec::new();
        serve_on(
            &Hello::new("x", "X", "1"),
            allow_all,
            input.as_bytes(),
            &mut out,
        )
        .expect("serves");
        let lines: Vec<Value> = String::from_utf8_lossy(&out)
            .lines()
            .map(|l| serde_json::from_str(l).expect("json"))
            .collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0]["protocol"], 1);
        assert_eq!(lines[0]["language"], "rust");
        assert_eq!(lines[1], json!({"id": 4, "verdicts": ["allow"]}));
        assert_eq!(lines[2]["id"], Value::Null);
        assert_eq!(lines[3]["id"], 5);
        assert!(lines[3]["error"].is_string());
    }

    #[test]
    fn wrong_counts_and_panics_are_errors() {
        let line = "{\"id\":1,\"robots_b64\":\"\",\"agent\":\"A\",\"urls\":[\"u\",\"v\"]}";
        let mut short = |_: &[u8], _: &str, _: &[String]| Ok(vec![Verdict::Allow]);
        assert!(answer(line, &mut short)["error"].is_string());
        let mut boom =
            |_: &[u8], _: &str, _: &[String]| -> Result<Vec<Verdict>, String> { panic!("boom") };
        assert_eq!(answer(line, &mut boom)["error"], "panicked: boom");
    }
}
