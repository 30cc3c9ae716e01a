//! What the loopback server plays for one fetch case: the `serve` steps of a case file
//! (`spec-cases/README.md`, "Fetch cases"), read strictly, and the checks on what was fetched.

use anyhow::{Result, anyhow, bail};
use serde::Deserialize;

/// The body served, unless a step gives its own, on every answer that is not a redirect: a
/// rule that shows whether the rules apply (`/private` disallowed, `/public` allowed), or
/// everything is allowed, or nothing is.
pub const RULE_BODY: &str = "user-agent: *\ndisallow: /private\n";

/// One of the loopback hosts: `a` (127.0.0.1, where robots.txt is asked unless the first step
/// is on `v6`), `b` (127.0.0.2, the other authority of cross-host redirects) and `v6` (`[::1]`,
/// the IPv6 loopback).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Host {
    /// 127.0.0.1: the asked authority.
    A,
    /// 127.0.0.2: another authority.
    B,
    /// `[::1]`: the IPv6 loopback.
    V6,
}

impl Host {
    /// Every host, in the order of [`crate::fetch::server::Server::origin`]'s table.
    pub const ALL: [Host; 3] = [Host::A, Host::B, Host::V6];

    /// `a`, `b` or `v6`.
    pub fn name(self) -> &'static str {
        match self {
            Host::A => "a",
            Host::B => "b",
            Host::V6 => "v6",
        }
    }

    /// The loopback address it listens on.
    pub fn ip(self) -> &'static str {
        match self {
            Host::A => "127.0.0.1",
            Host::B => "127.0.0.2",
            Host::V6 => "::1",
        }
    }
}

/// A failure below HTTP, played by writing bytes on a socket (no HTTP is parsed for these).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Nothing listens on the port: the connection is refused.
    Refused,
    /// A status line, headers and part of the body, then a TCP reset.
    Reset,
    /// The request is read and never answered, until the server stops.
    Stall,
    /// A `Content-Length` longer than the body sent, then a clean close.
    Truncated,
    /// Bytes that are not an HTTP response, then a close.
    InvalidResponse,
    /// A status line, headers and part of the body, then nothing more until the server stops.
    StallBody,
    /// A chunked body whose second chunk size is not hexadecimal, then a close.
    BadChunked,
    /// A chunked body that stops after its first chunk (no last chunk), then a clean close.
    TruncatedChunked,
}

impl Failure {
    fn parse(name: &str) -> Result<Failure> {
        Ok(match name {
            "refused" => Failure::Refused,
            "reset" => Failure::Reset,
            "stall" => Failure::Stall,
            "truncated" => Failure::Truncated,
            "invalid-response" => Failure::InvalidResponse,
            "stall-body" => Failure::StallBody,
            "bad-chunked" => Failure::BadChunked,
            "truncated-chunked" => Failure::TruncatedChunked,
            other => bail!(
                "unknown `network` play `{other}` (known: refused, reset, stall, truncated, \
                 invalid-response, stall-body, bad-chunked, truncated-chunked)"
            ),
        })
    }

    /// The name used in case files.
    pub fn name(self) -> &'static str {
        match self {
            Failure::Refused => "refused",
            Failure::Reset => "reset",
            Failure::Stall => "stall",
            Failure::Truncated => "truncated",
            Failure::InvalidResponse => "invalid-response",
            Failure::StallBody => "stall-body",
            Failure::BadChunked => "bad-chunked",
            Failure::TruncatedChunked => "truncated-chunked",
        }
    }
}

/// One HTTP answer the server gives at one path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The host it is served on.
    pub host: Host,
    /// The request target it answers (path and query, as requested).
    pub path: String,
    /// The status code.
    pub status: u16,
    /// `Location`, with `{a}` and `{b}` standing for the two origins (`http://127.0.0.1:PORT`).
    pub location: Option<String>,
    /// `Content-Type` (`text/plain` unless given; none on a redirect).
    pub content_type: Option<String>,
    /// Whether the body is sent gzip-compressed with `Content-Encoding: gzip` (to a request
    /// whose `Accept-Encoding` allows it: [`crate::fetch::server::accepts_gzip`]).
    pub gzip: bool,
    /// The body (before compression).
    pub body: Vec<u8>,
    /// Further headers, as written (`Cache-Control`, `ETag`, `Retry-After`, …). An answer
    /// with `ETag` or `Last-Modified` is a 304 without a body to a request whose
    /// `If-None-Match` or `If-Modified-Since` holds that value.
    pub headers: Vec<(String, String)>,
    /// How long the server waits before it answers.
    pub delay_ms: u64,
    /// Whether the body is sent with `Transfer-Encoding: chunked` (it is anyway past 32 KiB).
    pub chunked: bool,
}

impl Answer {
    /// A plain answer: `status` with `body` as `text/plain` (none on a 3xx), nothing else.
    pub fn new(host: Host, path: &str, status: u16, body: Vec<u8>) -> Answer {
        Answer {
            host,
            path: path.to_owned(),
            status,
            location: None,
            content_type: (!(300..400).contains(&status)).then(|| "text/plain".to_owned()),
            gzip: false,
            body,
            headers: Vec::new(),
            delay_ms: 0,
            chunked: false,
        }
    }

    /// The value of header `name` among [`Answer::headers`].
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// What the server plays for a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Play {
    /// HTTP answers by host and path; any other request gets a 404 without a body.
    Http(Vec<Answer>),
    /// Host `a` fails below HTTP on every connection.
    Network(Failure),
}

impl Play {
    /// Whether `host` is needed: it answers a step, a `Location` names it, or robots.txt is
    /// asked there.
    pub fn uses_host(&self, host: Host) -> bool {
        match self {
            Play::Http(answers) => answers.iter().any(|a| {
                a.host == host
                    || a.location.as_deref().is_some_and(|l| {
                        l.contains(&format!("{{{}}}", host.name()))
                            || l.contains(&format!("{{{}_host}}", host.name()))
                    })
            }),
            Play::Network(_) => host == Host::A,
        }
    }

    /// The host whose robots.txt is asked: the first step's (`a` unless it is `v6`).
    pub fn asked_host(&self) -> Host {
        match self {
            Play::Http(answers) => answers.first().map_or(Host::A, |a| a.host),
            Play::Network(_) => Host::A,
        }
    }

    /// A one-line summary for reports and failure messages.
    pub fn summary(&self) -> String {
        match self {
            Play::Network(failure) => format!("network: {}", failure.name()),
            Play::Http(answers) => answers
                .iter()
                .map(|a| {
                    let mut s = format!("{}:{} → {}", a.host.name(), a.path, a.status);
                    if let Some(l) = &a.location {
                        s.push_str(&format!(" (Location: {l})"));
                    }
                    if a.gzip {
                        s.push_str(" gzip");
                    }
                    if a.body.starts_with(&[0xEF, 0xBB, 0xBF]) {
                        s.push_str(" BOM");
                    }
                    match &a.content_type {
                        Some(t) if t != "text/plain" => s.push_str(&format!(" {t}")),
                        None if !(300..400).contains(&a.status) => {
                            s.push_str(" no Content-Type");
                        }
                        _ => {}
                    }
                    for (name, value) in &a.headers {
                        s.push_str(&format!(" {name}: {value}"));
                    }
                    if a.delay_ms > 0 {
                        s.push_str(&format!(" after {} ms", a.delay_ms));
                    }
                    if a.chunked {
                        s.push_str(" chunked");
                    }
                    if a.body.len() > 4096 {
                        s.push_str(&format!(" {} bytes", a.body.len()));
                    }
                    s
                })
                .collect::<Vec<_>>()
                .join(", "),
        }
    }
}

/// What a case checks on the server's record of requests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RequestChecks {
    /// Each of these (host, path) was requested at least once.
    pub fetched: Vec<(Host, String)>,
    /// No more requests than this in all.
    pub max_requests: Option<usize>,
    /// Every request's `User-Agent` holds the case's agent (compared case-insensitively).
    pub user_agent: bool,
    /// Some request carried each of these headers with this value (`If-None-Match: "r1"`).
    pub sent: Vec<(String, String)>,
    /// After an answer with `Retry-After: N` (seconds), no request for the same URL came
    /// sooner than N seconds later.
    pub retry_after: bool,
}

impl RequestChecks {
    /// How many checks these are (each `fetched` entry, and the bound).
    pub fn count(&self) -> usize {
        self.fetched.len()
            + usize::from(self.max_requests.is_some())
            + usize::from(self.user_agent)
            + self.sent.len()
            + usize::from(self.retry_after)
    }

    /// Each check's label, in order: `fetched a:/hop1`, …, `at most 12 requests`.
    pub fn labels(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .fetched
            .iter()
            .map(|(host, path)| format!("fetched {}:{path}", host.name()))
            .collect();
        if let Some(max) = self.max_requests {
            out.push(format!("at most {max} requests"));
        }
        if self.user_agent {
            out.push("every User-Agent holds the agent".to_owned());
        }
        for (name, value) in &self.sent {
            out.push(format!("a request sent {name}: {value}"));
        }
        if self.retry_after {
            out.push("Retry-After waited out".to_owned());
        }
        out
    }
}

/// One `serve` step as written in a case file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawStep {
    host: Option<String>,
    path: Option<String>,
    status: Option<u16>,
    location: Option<String>,
    content_type: Option<String>,
    #[serde(default)]
    gzip: bool,
    #[serde(default)]
    bom: bool,
    body: Option<String>,
    fill_to: Option<usize>,
    network: Option<String>,
    #[serde(default)]
    headers: std::collections::BTreeMap<String, String>,
    #[serde(default)]
    delay_ms: u64,
    #[serde(default)]
    chunked: bool,
}

fn host(name: Option<&str>) -> Result<Host> {
    match name {
        None | Some("a") => Ok(Host::A),
        Some("b") => Ok(Host::B),
        Some("v6") => Ok(Host::V6),
        Some(other) => bail!("host `{other}` is not `a`, `b` or `v6`"),
    }
}

/// Builds the play of a case from its `serve` steps: a single `network` step (on robots.txt
/// of host `a`), or HTTP answers, the first one at `/robots.txt` of host `a` (or `v6`). Steps
/// at the same host and path answer its successive requests, the last one every later request.
pub fn build(steps: Vec<RawStep>) -> Result<Play> {
    if steps.is_empty() {
        bail!("`serve` is empty");
    }
    if steps.iter().any(|s| s.network.is_some()) {
        let [step] = &steps[..] else {
            bail!("a `network` play is the only step of `serve`");
        };
        let keys = [
            step.host.is_some(),
            step.path.is_some(),
            step.status.is_some(),
            step.location.is_some(),
            step.content_type.is_some(),
            step.gzip,
            step.bom,
            step.body.is_some(),
            step.fill_to.is_some(),
            !step.headers.is_empty(),
            step.delay_ms > 0,
            step.chunked,
        ];
        if keys.into_iter().any(|set| set) {
            bail!("a `network` step takes no other key (it plays robots.txt of host `a`)");
        }
        return Ok(Play::Network(Failure::parse(
            step.network.as_deref().unwrap_or_default(),
        )?));
    }
    let mut answers: Vec<Answer> = Vec::with_capacity(steps.len());
    for (index, step) in steps.into_iter().enumerate() {
        let host = host(step.host.as_deref())?;
        let path = match (index, step.path) {
            (_, Some(p)) if p.starts_with('/') => p,
            (_, Some(p)) => bail!("step {index}: path `{p}` does not start with `/`"),
            (0, None) => "/robots.txt".to_owned(),
            (_, None) => bail!("step {index}: `path` is required after the first step"),
        };
        if index == 0 && (host == Host::B || path != "/robots.txt") {
            bail!("the first step answers `/robots.txt` of host `a` (or `v6`)");
        }
        if step.delay_ms > 10_000 {
            bail!("step {index}: `delay_ms` {} is over 10000", step.delay_ms);
        }
        let status = step
            .status
            .ok_or_else(|| anyhow!("step {index}: `status` (or `network`) is required"))?;
        if !(100..=999).contains(&status) {
            bail!("step {index}: status {status} is not three digits");
        }
        let redirect = (300..400).contains(&status);
        let mut body = match step.body {
            Some(b) => b.into_bytes(),
            None if redirect => Vec::new(),
            None => RULE_BODY.as_bytes().to_vec(),
        };
        if let Some(offset) = step.fill_to {
            body = crate::text::fill(&body, offset).map_err(|e| anyhow!("step {index}: {e}"))?;
        }
        if step.bom {
            body.splice(0..0, [0xEF, 0xBB, 0xBF]);
        }
        let content_type = match step.content_type {
            Some(t) if t.is_empty() => None,
            Some(t) => Some(t),
            None if redirect => None,
            None => Some("text/plain".to_owned()),
        };
        answers.push(Answer {
            host,
            path,
            status,
            location: step.location,
            content_type,
            gzip: step.gzip,
            body,
            headers: step.headers.into_iter().collect(),
            delay_ms: step.delay_ms,
            chunked: step.chunked,
        });
    }
    Ok(Play::Http(answers))
}

/// Reads `fetched` entries (`/path` on the host asked, or `b:/path`), and `sent` entries
/// (`Name: value`).
pub fn request_checks(
    fetched: &[String],
    max_requests: Option<usize>,
    user_agent: bool,
    sent: &[String],
    retry_after: bool,
) -> Result<RequestChecks> {
    let fetched = fetched
        .iter()
        .map(|entry| {
            let (host_name, path) = match entry.split_once(':') {
                Some((h, p)) if !h.contains('/') => (Some(h), p),
                _ => (None, entry.as_str()),
            };
            if !path.starts_with('/') {
                bail!("`fetched` entry `{entry}` is not `/path` or `b:/path`");
            }
            Ok((host(host_name)?, path.to_owned()))
        })
        .collect::<Result<Vec<_>>>()?;
    if max_requests == Some(0) {
        bail!("`max_requests` is 0: robots.txt itself is one request");
    }
    let sent = sent
        .iter()
        .map(|entry| match entry.split_once(':') {
            Some((name, value)) if !name.trim().is_empty() && !name.contains(' ') => {
                Ok((name.to_owned(), value.trim().to_owned()))
            }
            _ => bail!("`sent` entry `{entry}` is not `Name: value`"),
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(RequestChecks {
        fetched,
        max_requests,
        user_agent,
        sent,
        retry_after,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(text: &str) -> Vec<RawStep> {
        #[derive(Deserialize)]
        struct W {
            serve: Vec<RawStep>,
        }
        toml::from_str::<W>(text).expect("toml").serve
    }

    #[test]
    fn steps_are_read_strictly() {
        let play = build(step(
            r#"serve = [{ status = 301, location = "/a" }, { path = "/a", status = 200 }]"#,
        ))
        .expect("builds");
        let Play::Http(answers) = play else {
            panic!("http play");
        };
        assert_eq!(answers[0].path, "/robots.txt");
        assert!(answers[0].body.is_empty());
        assert_eq!(answers[1].body, RULE_BODY.as_bytes());
        assert!(build(step(r#"serve = [{ status = 200 }, { status = 200 }]"#)).is_err());
        assert!(build(step(r#"serve = [{ status = 200, delay_ms = 60000 }]"#)).is_err());
        assert!(build(step(r#"serve = [{ network = "reset", status = 200 }]"#)).is_err());
        assert!(build(step(r#"serve = [{ network = "nope" }]"#)).is_err());
        assert!(build(step(r#"serve = [{ host = "b", status = 200 }]"#)).is_err());
        assert_eq!(
            build(step(r#"serve = [{ network = "stall" }]"#)).expect("builds"),
            Play::Network(Failure::Stall)
        );
        let checks = request_checks(
            &["/a".into(), "b:/robots.txt".into()],
            Some(3),
            true,
            &["If-None-Match: \"r1\"".into()],
            false,
        )
        .expect("ok");
        assert_eq!(checks.fetched[1], (Host::B, "/robots.txt".to_owned()));
        assert_eq!(checks.sent, [("If-None-Match".into(), "\"r1\"".into())]);
        assert_eq!(checks.count(), 5);
        assert!(request_checks(&["c:/x".into()], None, false, &[], false).is_err());
        assert!(request_checks(&[], None, false, &["nothing".into()], false).is_err());
    }
}
