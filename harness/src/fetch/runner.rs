//! `reptest run` over fetching adapters: every fetch case played by its own server, the
//! adapter asked to fetch it, its verdicts and the server's record judged like any check.

use std::collections::BTreeMap;
use std::time::Duration;

use reptest_reference::Profile;

use crate::engines::SubprocessEngine;
use crate::engines::protocol::WireVerdict;
use crate::fetch::server::Server;
use crate::suite::cases::{Case, CaseKind, Expected};
use crate::suite::runner::{CheckOutcome, Reply, apply_deviations, judge};

/// Asks a fetching adapter every fetch case of `cases`. An adapter that did not declare
/// `"fetch": true` is asked nothing (and nothing is counted against it).
pub fn run_fetch_cases(
    engine: &mut SubprocessEngine,
    cases: &[Case],
    deviations: &BTreeMap<(String, Profile), String>,
    fetch_timeout: Duration,
) -> Vec<CheckOutcome> {
    let mut outcomes = Vec::new();
    if !cases
        .iter()
        .any(|c| matches!(c.kind, CaseKind::Served { .. }))
        || !engine.fetches()
    {
        return outcomes;
    }
    for case in cases {
        let CaseKind::Served {
            play,
            agent,
            checks,
            requests,
            ..
        } = &case.kind
        else {
            continue;
        };
        let first = outcomes.len();
        let (replies, log, urls) = match Server::start(play) {
            Ok(server) => {
                let urls = crate::fetch::check_urls(case, &server);
                let replies: Vec<Reply> =
                    match engine.fetch(&server.robots_url(), agent, &urls, fetch_timeout) {
                        Ok(verdicts) => verdicts.into_iter().map(Reply::Verdict).collect(),
                        Err(e) => vec![Reply::Error(e.to_string()); urls.len()],
                    };
                let log = crate::fetch::robots_requests(case, server.requests());
                (replies, Some(log), urls)
            }
            Err(e) => {
                let why = format!("the loopback server did not start: {e:#}");
                (
                    vec![Reply::Error(why); checks.len()],
                    None,
                    checks.iter().map(|c| c.url.clone()).collect(),
                )
            }
        };
        for (index, ((check, url), reply)) in checks.iter().zip(&urls).zip(replies).enumerate() {
            let expected: BTreeMap<Profile, Expected> = case
                .profiles
                .iter()
                .filter_map(|p| check.expect.for_profile(*p).map(|e| (*p, e)))
                .collect();
            let status = judge(reply.answer(), &expected);
            outcomes.push(CheckOutcome {
                case: case.id.clone(),
                index,
                url: url.clone(),
                agent: agent.clone(),
                reply,
                expected,
                status,
            });
        }
        let verdicts = crate::fetch::judge_requests(requests, log.as_deref().unwrap_or_default());
        for (i, verdict) in verdicts.into_iter().enumerate() {
            // The record is judged even when the fetch ended in an error: what was requested
            // was requested (a client caught in a loop has asked the server that often).
            let reply = match &log {
                None => Reply::Error("the loopback server did not start".into()),
                Some(_) if verdict.met => Reply::Verdict(WireVerdict::Allow),
                Some(_) => Reply::Verdict(WireVerdict::Disallow),
            };
            let expected: BTreeMap<Profile, Expected> = case
                .profiles
                .iter()
                .map(|p| (*p, Expected::Allow))
                .collect();
            let status = judge(reply.answer(), &expected);
            outcomes.push(CheckOutcome {
                case: case.id.clone(),
                index: checks.len() + i,
                url: format!("{} (server saw {})", verdict.label, verdict.detail),
                agent: agent.clone(),
                reply,
                expected,
                status,
            });
        }
        apply_deviations(&mut outcomes[first..], &case.id, deviations);
    }
    outcomes
}
