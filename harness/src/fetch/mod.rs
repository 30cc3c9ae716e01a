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
//! The reference fetches with [`client`] (a real HTTP client, redirects followed by hand) and
//! decides with `reptest_reference::http::outcome`; `cargo test` runs every fetch case so.
//! Adapters that declare `"fetch": true` in their hello are asked the same cases over
//! protocol v1's fetch request (`harness/PROTOCOL.md`, "Fetch"). Every fetch has a timeout,
//! every server stops with its case, and a hang or a crash costs only its case.
//!
//! Requests for the checked pages themselves are left out of the record
//! ([`crate::suite::cases::robots_requests`]); the suite judges fetch cases, this module plays
//! them.
//! A request check is judged like a verdict: "allow" when the server's record meets it,
//! "disallow" when it does not, so the suite's statuses and scores need nothing new.

pub mod client;
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

/// Judges a case's request checks against the server's record.
pub fn judge_requests(checks: &RequestChecks, log: &[Logged]) -> Vec<RequestVerdict> {
    let seen = record_text(log);
    let met = checks
        .fetched
        .iter()
        .map(|(host, path)| log.iter().any(|l| l.host == *host && &l.path == path))
        .chain(checks.max_requests.map(|max| log.len() <= max));
    checks
        .labels()
        .into_iter()
        .zip(met)
        .map(|(label, met)| RequestVerdict {
            label,
            met,
            detail: seen.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::scrub_ports;

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
