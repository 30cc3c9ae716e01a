//! Fetch conformance: robots.txt fetched from a real HTTP server on loopback.
//!
//! A *fetch case* (`spec-cases/fetch.toml`, format in `spec-cases/README.md`) says what the
//! server plays ([`play`]): statuses, redirect chains, network failures, bodies. The
//! [`server`] plays it on 127.0.0.1 (and 127.0.0.2 for another authority) and records every
//! request. An implementation fetches `http://127.0.0.1:PORT/robots.txt` with its own HTTP
//! client and answers verdicts for URLs of that host; the case expects verdicts that tell "the
//! rules apply" (`/private` disallowed, `/public` allowed) from "allow all" and "disallow
//! all", and may check the server's record (what was fetched, how often).
//!
//! The reference fetches with [`crate::engines::fetcher`] (a real HTTP client, redirects
//! followed by hand) and decides with `reptest_reference::http::outcome`; `cargo test` runs
//! every fetch case so.
//! Adapters that declare `"fetch": true` in their hello are asked the same cases over
//! protocol v1's fetch request (`harness/PROTOCOL.md`, "Fetch"). Every fetch has a timeout,
//! every server stops with its case, and a hang or a crash costs only its case.
//!
//! Requests for the checked pages themselves are left out of the record
//! ([`crate::suite::cases::robots_requests`]); the suite judges fetch cases, this module plays
//! them.
//! A request check is judged like a verdict: "allow" when the server's record meets it,
//! "disallow" when it does not, so the suite's statuses and scores need nothing new.

pub mod live;
pub mod play;
pub mod server;

use std::time::Duration;

use crate::fetch::play::RequestChecks;
use crate::fetch::server::Logged;

/// How long one fetch may take before it is a timeout (the reference's client, and what
/// adapters are told).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(3);

/// The crawler fetch cases ask about unless they name one.
pub const DEFAULT_AGENT: &str = "FooBot";

/// One request check judged: what it asked, whether the record meets it, what was seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestVerdict {
    /// `fetched b:/robots.txt`, `at most 12 requests`.
    pub label: String,
    /// Whether the server's record meets it.
    pub met: bool,
    /// What the server saw.
    pub detail: String,
}

/// `text` with the loopback servers' port numbers replaced by `PORT` (after `127.0.0.1:`,
/// `127.0.0.2:`, `port=`, `port: `, `port: Some(`), so that errors naming them read the same
/// in every run.
pub fn scrub_ports(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let markers = ["127.0.0.1:", "127.0.0.2:", "port=", "port: Some(", "port: "];
    while let Some((at, marker)) = markers
        .iter()
        .filter_map(|m| rest.find(m).map(|at| (at, *m)))
        .min_by_key(|(at, m)| (*at, std::cmp::Reverse(m.len())))
    {
        let after = at + marker.len();
        out.push_str(&rest[..after]);
        let digits = rest[after..].bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            out.push_str("PORT");
        }
        rest = &rest[after + digits..];
    }
    out.push_str(rest);
    out
}

/// The server's record, one line: `a:/robots.txt, a:/r1 (2 requests)`.
pub fn record_text(log: &[Logged]) -> String {
    let list: Vec<String> = log
        .iter()
        .take(12)
        .map(|l| format!("{}:{}", l.host.name(), l.path))
        .collect();
    let more = if log.len() > 12 { ", …" } else { "" };
    format!("{}{more} ({} requests)", list.join(", "), log.len())
}

/// Judges a case's request checks against the server's record of the requests `agent` made.
pub fn judge_requests(checks: &RequestChecks, agent: &str, log: &[Logged]) -> Vec<RequestVerdict> {
    let seen = record_text(log);
    let agent_lower = agent.to_ascii_lowercase();
    let user_agents: Vec<String> = log
        .iter()
        .map(|l| l.user_agent.clone().unwrap_or_else(|| "(none)".to_owned()))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut met: Vec<(bool, String)> = checks
        .fetched
        .iter()
        .map(|(host, path)| {
            (
                log.iter().any(|l| l.host == *host && &l.path == path),
                seen.clone(),
            )
        })
        .collect();
    if let Some(max) = checks.max_requests {
        met.push((log.len() <= max, seen.clone()));
    }
    if checks.user_agent {
        // Only requests whose headers the server read count (a play below HTTP reads none).
        let holds = log.iter().filter(|l| !l.headers.is_empty()).all(|l| {
            l.user_agent
                .as_deref()
                .is_some_and(|ua| ua.to_ascii_lowercase().contains(&agent_lower))
        }) && log.iter().any(|l| !l.headers.is_empty());
        met.push((holds, format!("User-Agent {}", user_agents.join(" | "))));
    }
    for (name, value) in &checks.sent {
        let sent: Vec<&str> = log.iter().filter_map(|l| l.header(name)).collect();
        let detail = if sent.is_empty() {
            format!("no {name} in {seen}")
        } else {
            format!("{name}: {}", sent.join(" | "))
        };
        met.push((sent.iter().any(|s| s.trim() == value), detail));
    }
    if checks.retry_after {
        let early = log.iter().enumerate().find_map(|(i, first)| {
            let wait = first.retry_after? * 1000;
            log[i + 1..]
                .iter()
                .find(|l| {
                    l.host == first.host && l.path == first.path && l.at_ms < first.at_ms + wait
                })
                .map(|l| (first, l))
        });
        met.push(match early {
            Some((first, again)) => (
                false,
                format!(
                    "{} asked again {} ms after an answer with Retry-After: {}",
                    again.path,
                    again.at_ms - first.at_ms,
                    first.retry_after.unwrap_or_default()
                ),
            ),
            None => (true, seen.clone()),
        });
    }
    checks
        .labels()
        .into_iter()
        .zip(met)
        .map(|(label, (met, detail))| RequestVerdict { label, met, detail })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::scrub_ports;
    use super::{judge_requests, play::Host, play::request_checks, server::Logged};

    fn logged(at_ms: u64, user_agent: Option<&str>, extra: &[(&str, &str)]) -> Logged {
        let mut headers: Vec<(String, String)> = extra
            .iter()
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
            .collect();
        if let Some(ua) = user_agent {
            headers.push(("User-Agent".into(), ua.into()));
        }
        headers.push(("Host".into(), "127.0.0.1".into()));
        Logged {
            host: Host::A,
            path: "/robots.txt".into(),
            user_agent: user_agent.map(str::to_owned),
            headers,
            at_ms,
            retry_after: None,
            held_ms: None,
        }
    }

    #[test]
    fn request_checks_can_fail() {
        let checks = request_checks(&[], None, true, &["If-None-Match: \"r1\"".into()], true)
            .expect("checks");
        let mut first = logged(0, Some("foobot/1.0"), &[]);
        first.retry_after = Some(2);
        let good = [
            first.clone(),
            logged(2500, Some("FooBot/1.0"), &[("If-None-Match", "\"r1\"")]),
        ];
        let met: Vec<bool> = judge_requests(&checks, "FooBot", &good)
            .iter()
            .map(|v| v.met)
            .collect();
        assert_eq!(met, [true, true, true]);
        let bad = [first, logged(300, Some("Python-urllib/3.11"), &[])];
        let verdicts = judge_requests(&checks, "FooBot", &bad);
        assert!(verdicts.iter().all(|v| !v.met), "{verdicts:?}");
        assert!(verdicts[0].detail.contains("Python-urllib"), "{verdicts:?}");
        assert!(verdicts[2].detail.contains("300 ms"), "{verdicts:?}");
    }

    #[test]
    fn ports_are_scrubbed() {
        assert_eq!(
            scrub_ports("GET http://127.0.0.1:40583/a (host='127.0.0.2', port=3811): port: 9"),
            "GET http://127.0.0.1:PORT/a (host='127.0.0.2', port=PORT): port: PORT"
        );
        assert_eq!(scrub_ports("port: Some(4711) }"), "port: Some(PORT) }");
        assert_eq!(scrub_ports("no port here: x"), "no port here: x");
    }
}
