//! `reptest run` over a crawler: every question of the suite crawled in process, the
//! manifest's `parallel` crawls at once, then the fetch cases played to it.
//!
//! A fetch case's play is served as it is (`crate::fetch::server`) with the start page added
//! on host `a` (relative links to the case's paths); the crawler fetches robots.txt with its
//! own HTTP client, and the record says which paths it then requested. A play that fails
//! below HTTP on every connection serves no start page: a crawler given one is not asked (its
//! checks are `unsupported`), a crawler given its URLs is, and a refused connection leaves no
//! record at all (`unsupported` too). The request checks are judged on the record without the
//! start page and the checked paths, as for a fetching library.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use rayon::prelude::*;
use reptest_reference::Profile;

use crate::crawl::{CrawlError, Crawler, START, UrlAnswer};
use crate::engines::EngineInfo;
use crate::engines::adapters::{self, Adapter};
use crate::engines::protocol::WireVerdict;
use crate::fetch::play::{Answer, Failure, Host, Play};
use crate::fetch::server::Server;
use crate::suite::cases::{Case, CaseKind, Expected};
use crate::suite::runner::{
    AdapterReport, CheckOutcome, Reply, apply_deviations, judge, questions,
};

/// Why a fetch case whose host fails below HTTP is not asked of a crawler given a start page.
const NO_START_PAGE: &str = "the host fails below HTTP on every connection, so it serves the \
     crawler no start page to find the URLs on";

/// Why a refused connection's fetch case is not asked of a crawler.
const NO_RECORD: &str = "every connection is refused, so no request is ever recorded";

/// Why a fetch case with a second ask is not asked of a crawler.
const NO_SECOND_ASK: &str = "a crawl is one run: it cannot be asked a second time";

/// Why a fetch case on the IPv6 loopback is not asked of a crawler.
const NOT_ON_IPV6: &str = "crawls start on 127.0.0.1, not on the IPv6 loopback";

/// Why a fetch case whose robots.txt names the crawler is not asked of a crawler that answers
/// for its own token only.
const FETCH_NAMES_AGENT: &str = "the crawler answers for its own product token only, and the \
     served robots.txt names the case's crawler";

fn reply(answer: UrlAnswer) -> Reply {
    match answer {
        UrlAnswer::Verdict(v) => Reply::Verdict(v),
        UrlAnswer::Unsupported(why) => Reply::NotExpressible(why),
    }
}

fn failure(error: &CrawlError) -> Reply {
    match error {
        CrawlError::Timeout(_) => Reply::Timeout(error.to_string()),
        CrawlError::Failed(_) => Reply::Error(error.to_string()),
    }
}

/// Runs the suite through one crawler adapter.
pub fn run_adapter(adapter: &Adapter, cases: &[Case], all_ids: &BTreeSet<String>) -> AdapterReport {
    let started = Instant::now();
    let manifest = &adapter.manifest;
    let info = EngineInfo {
        name: manifest.name.clone(),
        implementation: manifest.implementation.clone(),
        version: manifest.version.clone(),
        language: manifest.language.clone(),
    };
    let stale_deviations = manifest
        .deviations
        .iter()
        .filter(|d| !all_ids.contains(&d.case))
        .map(|d| d.case.clone())
        .collect();
    let mut report = AdapterReport {
        info,
        mapping: manifest.mapping.clone(),
        outcomes: Vec::new(),
        unavailable: None,
        stale_deviations,
        starts: 1,
        stderr: Vec::new(),
        elapsed: started.elapsed(),
        own_timeout: None,
        gave_up: None,
        command: crate::engines::outside::shown_command(adapter),
    };
    let crawler = match Crawler::new(adapter) {
        Ok(c) => c,
        Err(e) => {
            report.unavailable = Some(format!("{e:#}"));
            return report;
        }
    };
    if let Some(why) = crawler.missing() {
        report.unavailable = Some(why);
        return report;
    }
    let deviations = adapters::deviation_map(manifest);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(crawler.spec.parallel)
        .build();
    let mut outcomes = match &pool {
        Ok(pool) => pool.install(|| robots_outcomes(&crawler, cases, &deviations)),
        Err(_) => robots_outcomes(&crawler, cases, &deviations),
    };
    if crawler.spec.fetch {
        let fetched = match &pool {
            Ok(pool) => pool.install(|| fetch_outcomes(&crawler, cases, &deviations)),
            Err(_) => fetch_outcomes(&crawler, cases, &deviations),
        };
        outcomes.extend(fetched);
    }
    report.stderr = outcomes
        .iter()
        .filter_map(|o| match &o.reply {
            Reply::Error(e) | Reply::Timeout(e) => Some(format!("{}#{}: {e}", o.case, o.index)),
            _ => None,
        })
        .take(20)
        .collect();
    report.outcomes = outcomes;
    report.elapsed = started.elapsed();
    report
}

/// The robots.txt cases: one crawl per question (batched by [`Crawler::ask`]), in parallel,
/// judged in the cases' order.
fn robots_outcomes(
    crawler: &Crawler,
    cases: &[Case],
    deviations: &BTreeMap<(String, Profile), String>,
) -> Vec<CheckOutcome> {
    let asked: Vec<_> = cases
        .iter()
        .flat_map(|case| questions(case).into_iter().map(move |q| (case, q)))
        .collect();
    let replies: Vec<Vec<Reply>> = asked
        .par_iter()
        .map(|(case, question)| {
            let CaseKind::Robots { body, .. } = &case.kind else {
                return Vec::new();
            };
            if let Some(why) = question.inexpressible {
                return vec![Reply::NotExpressible(why); question.urls.len()];
            }
            match crawler.ask(body, &question.agent, &question.urls) {
                Ok(answers) => answers.into_iter().map(reply).collect(),
                Err(e) => vec![failure(&e); question.urls.len()],
            }
        })
        .collect();
    let mut outcomes = Vec::new();
    let mut first = 0;
    for (n, ((case, question), replies)) in asked.iter().zip(replies).enumerate() {
        for ((index, url), reply) in question.checks.iter().zip(&question.urls).zip(replies) {
            let expected = crate::suite::runner::expectations(case, *index);
            let status = judge(reply.answer(), &expected);
            outcomes.push(CheckOutcome {
                case: case.id.clone(),
                index: *index,
                url: url.clone(),
                agent: question.agent.clone(),
                reply,
                expected,
                status,
            });
        }
        let last_of_case = asked.get(n + 1).is_none_or(|(next, _)| next.id != case.id);
        if last_of_case {
            apply_deviations(&mut outcomes[first..], &case.id, deviations);
            first = outcomes.len();
        }
    }
    outcomes
}

/// The fetch cases, each played to one crawl.
fn fetch_outcomes(
    crawler: &Crawler,
    cases: &[Case],
    deviations: &BTreeMap<(String, Profile), String>,
) -> Vec<CheckOutcome> {
    let served: Vec<&Case> = cases
        .iter()
        .filter(|c| matches!(c.kind, CaseKind::Served { .. }))
        .collect();
    let per_case: Vec<Vec<CheckOutcome>> = served
        .par_iter()
        .map(|case| {
            let mut outcomes = fetch_case(crawler, case);
            apply_deviations(&mut outcomes, &case.id, deviations);
            outcomes
        })
        .collect();
    per_case.into_iter().flatten().collect()
}

/// One fetch case played to the crawler: its checks, then its request checks.
fn fetch_case(crawler: &Crawler, case: &Case) -> Vec<CheckOutcome> {
    let CaseKind::Served {
        play,
        agent,
        checks,
        requests,
        again_after_ms,
        again_aged_hours,
        ..
    } = &case.kind
    else {
        return Vec::new();
    };
    let paths: Vec<String> = checks.iter().map(|c| c.url.clone()).collect();
    let refused = if again_after_ms.is_some() || again_aged_hours.is_some() {
        Some(NO_SECOND_ASK)
    } else if play.asked_host() != Host::A {
        Some(NOT_ON_IPV6)
    } else {
        None
    };
    let played = match refused {
        Some(why) => Err(Refusal::Unsupported(why)),
        None => crawl_play(crawler, play, agent, &paths),
    };
    let (replies, log): (Vec<Reply>, Option<Vec<crate::fetch::server::Logged>>) = match played {
        Ok((answers, log)) => (answers.into_iter().map(reply).collect(), Some(log)),
        Err(Refusal::Unsupported(why)) => (vec![Reply::NotExpressible(why); paths.len()], None),
        Err(Refusal::Crawl(e, log)) => (vec![failure(&e); paths.len()], log),
    };
    let mut outcomes = Vec::new();
    for (index, (check, reply)) in checks.iter().zip(replies).enumerate() {
        let expected: BTreeMap<Profile, Expected> = case
            .profiles
            .iter()
            .filter_map(|p| check.expect.for_profile(*p).map(|e| (*p, e)))
            .collect();
        let status = judge(reply.answer(), &expected);
        outcomes.push(CheckOutcome {
            case: case.id.clone(),
            index,
            url: check.url.clone(),
            agent: agent.clone(),
            reply,
            expected,
            status,
        });
    }
    let record = log.map(|log| {
        crate::suite::cases::robots_requests(
            case,
            log.into_iter()
                .filter(|l| !(l.host == Host::A && l.path == START))
                .collect(),
        )
    });
    let token = crawler.spec.token.as_deref().unwrap_or(agent);
    let verdicts =
        crate::fetch::judge_requests(requests, token, record.as_deref().unwrap_or_default());
    for (i, verdict) in verdicts.into_iter().enumerate() {
        let reply = match (&record, outcomes.first().map(|o| &o.reply)) {
            (None, Some(Reply::NotExpressible(why))) => Reply::NotExpressible(why),
            (None, _) => Reply::Error("no record of the crawl's requests".into()),
            (Some(_), _) if verdict.met => Reply::Verdict(WireVerdict::Allow),
            (Some(_), _) => Reply::Verdict(WireVerdict::Disallow),
        };
        outcomes.push(crate::suite::runner::request_outcome(
            case,
            checks.len() + i,
            &verdict,
            agent,
            reply,
        ));
    }
    outcomes
}

/// Why a fetch case gave no answers.
enum Refusal {
    /// It was not asked.
    Unsupported(&'static str),
    /// The crawl failed; the record when the server ran.
    Crawl(CrawlError, Option<Vec<crate::fetch::server::Logged>>),
}

type Played = (Vec<UrlAnswer>, Vec<crate::fetch::server::Logged>);

fn crawl_play(
    crawler: &Crawler,
    play: &Play,
    agent: &str,
    paths: &[String],
) -> Result<Played, Refusal> {
    let agent = match &crawler.spec.token {
        None => agent.to_owned(),
        Some(token) => {
            let own = agent
                .split('/')
                .next()
                .unwrap_or(agent)
                .to_ascii_lowercase();
            let names = |a: &Answer| {
                String::from_utf8_lossy(&a.body)
                    .to_ascii_lowercase()
                    .contains(&own)
            };
            if let Play::Http(answers) = play
                && !own.eq_ignore_ascii_case(token)
                && answers.iter().any(names)
            {
                return Err(Refusal::Unsupported(FETCH_NAMES_AGENT));
            }
            token.clone()
        }
    };
    let play = match play {
        Play::Network(Failure::Refused) => return Err(Refusal::Unsupported(NO_RECORD)),
        Play::Network(_) if crawler.uses_start() => {
            return Err(Refusal::Unsupported(NO_START_PAGE));
        }
        Play::Network(_) => play.clone(),
        Play::Http(answers) => {
            let mut answers = answers.clone();
            if !answers.iter().any(|a| a.host == Host::A && a.path == START) {
                answers.push(Answer {
                    content_type: Some("text/html; charset=utf-8".into()),
                    ..Answer::new(
                        Host::A,
                        START,
                        200,
                        crate::crawl::relative_start_page(paths),
                    )
                });
            }
            Play::Http(answers)
        }
    };
    let server = Server::start(&play).map_err(|e| {
        Refusal::Crawl(
            CrawlError::Failed(format!("the loopback server did not start: {e:#}")),
            None,
        )
    })?;
    let origin = server.origin(Host::A).to_owned();
    let urls: Vec<String> = paths.iter().map(|p| format!("{origin}{p}")).collect();
    let start = format!("{origin}{START}");
    let run = crawler.run(&origin, &start, &urls, &agent);
    let log = server.requests();
    drop(server);
    let output = match run {
        Ok(output) => output,
        Err(e) => return Err(Refusal::Crawl(e, Some(log))),
    };
    // A play served over HTTP is requested by any crawler that ran (robots.txt at least): an
    // empty record says the crawler did not run (a missing program, a crash), not that it
    // disallowed every path, as for a question about a robots.txt body; its request checks
    // have no record to be judged on either.
    if log.is_empty() && matches!(play, Play::Http(_)) {
        let e = CrawlError::Failed(format!(
            "the crawler made no request ({}){}",
            output.status,
            output.tail()
        ));
        return Err(Refusal::Crawl(e, None));
    }
    if crawler.uses_start() && !log.iter().any(|l| l.host == Host::A && l.path == START) {
        let e = CrawlError::Failed(format!(
            "the crawler did not fetch its start page; the server saw {}",
            crate::fetch::record_text(&log)
        ));
        return Err(Refusal::Crawl(e, Some(log)));
    }
    let seen: BTreeSet<Vec<u8>> = log
        .iter()
        .filter(|l| l.host == Host::A)
        .map(|l| crate::crawl::key(&l.path))
        .collect();
    let answers = paths
        .iter()
        .map(|p| {
            UrlAnswer::Verdict(if seen.contains(&crate::crawl::key(p)) {
                WireVerdict::Allow
            } else {
                WireVerdict::Disallow
            })
        })
        .collect();
    Ok((answers, log))
}
