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
//! Requests for the checked pages themselves are left out of the record ([`robots_requests`]).
//! A request check is judged like a verdict: "allow" when the server's record meets it,
//! "disallow" when it does not, so the suite's statuses and scores need nothing new.

pub mod client;
pub mod live;
pub mod play;
pub mod runner;
pub mod server;

use std::time::Duration;

use reptest_reference::Profile;

use crate::engines::protocol::WireVerdict;
use crate::fetch::play::{Host, RequestChecks};
use crate::fetch::server::{Logged, Server};
use crate::suite::cases::{Case, CaseKind, CheckResult, Expected};

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

/// The server's record without the requests for the checked pages themselves (on host `a`):
/// some clients fetch robots.txt only on the way to a page (`LWP::RobotUA`), and request
/// checks are about robots.txt fetches.
pub fn robots_requests(case: &Case, log: Vec<Logged>) -> Vec<Logged> {
    let CaseKind::Served { checks, .. } = &case.kind else {
        return log;
    };
    log.into_iter()
        .filter(|l| !(l.host == Host::A && checks.iter().any(|c| c.url == l.path)))
        .collect()
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

/// The URLs a case's checks ask about, on host `a` of `server`.
pub fn check_urls(case: &Case, server: &Server) -> Vec<String> {
    let CaseKind::Served { checks, .. } = &case.kind else {
        return Vec::new();
    };
    checks
        .iter()
        .map(|c| format!("{}{}", server.origin(Host::A), c.url))
        .collect()
}

fn expected(verdict: WireVerdict) -> Result<Expected, String> {
    match verdict {
        WireVerdict::Allow => Ok(Expected::Allow),
        WireVerdict::Disallow => Ok(Expected::Disallow),
        WireVerdict::Unsupported => Err("unsupported".into()),
    }
}

/// Runs a fetch case through the reference under `profile`: the server plays it, the
/// reference's client fetches, and each check and request check is judged.
pub fn run_reference(case: &Case, profile: Profile, timeout: Duration) -> Vec<CheckResult> {
    run_reference_profiles(case, &[profile], timeout)
        .pop()
        .unwrap_or_default()
}

/// [`run_reference`] under each of `profiles` the case applies to (in their order), from one
/// fetch: what the client does does not depend on the profile, only what the exchange means.
pub fn run_reference_profiles(
    case: &Case,
    profiles: &[Profile],
    timeout: Duration,
) -> Vec<Vec<CheckResult>> {
    let CaseKind::Served {
        play,
        agent,
        checks,
        requests,
        ..
    } = &case.kind
    else {
        return Vec::new();
    };
    let profiles: Vec<Profile> = profiles
        .iter()
        .copied()
        .filter(|p| case.profiles.contains(p))
        .collect();
    let server = match Server::start(play) {
        Ok(s) => s,
        Err(e) => {
            return profiles
                .iter()
                .map(|&profile| {
                    checks
                        .iter()
                        .enumerate()
                        .filter_map(|(index, check)| {
                            Some(CheckResult {
                                index,
                                url: check.url.clone(),
                                agent: Some(agent.clone()),
                                expected: check.expect.for_profile(profile)?,
                                actual: Err(format!("the loopback server did not start: {e:#}")),
                                explanation: String::new(),
                            })
                        })
                        .collect()
                })
                .collect();
        }
    };
    let urls = check_urls(case, &server);
    let client = client::Client::new(timeout, &format!("{agent}/1.0 (reptest reference)"));
    let exchange = client.fetch(&server.robots_url());
    let log = robots_requests(case, server.requests());
    drop(server);
    let requested = judge_requests(requests, &log);
    profiles
        .iter()
        .map(|&profile| judged(checks, &urls, agent, &exchange, &requested, profile))
        .collect()
}

/// One profile's results of a fetch case: its checks by the exchange, then its request checks.
fn judged(
    checks: &[crate::suite::cases::UrlCheck],
    urls: &[String],
    agent: &str,
    exchange: &client::Exchange,
    requested: &[RequestVerdict],
    profile: Profile,
) -> Vec<CheckResult> {
    let verdicts = exchange.verdicts(profile, agent, urls);
    let decision = exchange.decision(profile);
    let mut out = Vec::new();
    for (index, (check, url)) in checks.iter().zip(urls).enumerate() {
        let Some(want) = check.expect.for_profile(profile) else {
            continue;
        };
        let actual = match &verdicts {
            Ok(v) => v
                .get(index)
                .copied()
                .ok_or_else(|| "no verdict".to_owned())
                .and_then(expected),
            Err(e) => Err(e.clone()),
        };
        out.push(CheckResult {
            index,
            url: url.clone(),
            agent: Some(agent.to_owned()),
            expected: want,
            actual,
            explanation: format!("{decision}\n{}", exchange.describe().trim_end()),
        });
    }
    for (i, verdict) in requested.iter().enumerate() {
        out.push(CheckResult {
            index: checks.len() + i,
            url: verdict.label.clone(),
            agent: None,
            expected: Expected::Allow,
            actual: Ok(if verdict.met {
                Expected::Allow
            } else {
                Expected::Disallow
            }),
            explanation: format!("the server saw {}", verdict.detail),
        });
    }
    out
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
