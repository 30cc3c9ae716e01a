//! `reptest run` over adapters: the spec suite through each engine, judged against every
//! profile at once.
//!
//! An adapter answers each question once; its answer is then judged against the expectation
//! of each profile, so one run tells how close the implementation is to `rfc9309`, `google`
//! and `legacy`. What protocol v1 cannot ask (described fetch outcomes, robots.txt scope) is
//! not asked and not counted; fetch cases are asked of the adapters that declare the fetch
//! capability ([`run_fetch_cases`]), and of no other; what protocol v1 cannot carry for a
//! robots case (a parse size limit other than the default, fallback product tokens) is
//! counted as `unsupported`, never as a pass.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::{self, Write as _};
use std::time::{Duration, Instant};

use reptest_reference::Profile;

use crate::answer::{Answer, Status};
use crate::engines::adapters::{self, Adapter};
use crate::engines::protocol::WireVerdict;
use crate::engines::subprocess::SubprocessEngine;
use crate::engines::{Engine, EngineError, EngineInfo};
use crate::suite::cases::{self, Case, CaseKind, Expected, Force};

/// Requests in a row without an answer after which a run gives up on an adapter: a hung
/// adapter costs this many timeouts, not one per request.
pub const GIVE_UP_AFTER: u32 = 3;

/// The share of the checks asked (in percent) that may end in an error or a timeout before
/// the run fails: above it, the adapter's scores measure the adapter more than the library
/// (the implementations in this repository error on at most 2% of the suite's checks, on
/// input their library rejects).
pub const ERROR_SHARE_PERCENT: usize = 10;

/// How often, at most, a running adapter's progress is shown (and at once after a timeout).
pub const PROGRESS_EVERY: Duration = Duration::from_secs(5);

/// What an engine replied to one check: its answer, and why when it gave no verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A verdict (`allow`, `disallow` or `unsupported`).
    Verdict(WireVerdict),
    /// The question could not be put to it; why.
    NotExpressible(&'static str),
    /// It failed; how.
    Error(String),
    /// It did not answer within the time limit; what was measured.
    Timeout(String),
}

impl Reply {
    /// The answer.
    pub fn answer(&self) -> Answer {
        match self {
            Reply::Verdict(v) => (*v).into(),
            Reply::NotExpressible(_) => Answer::Unsupported,
            Reply::Error(_) => Answer::Error,
            Reply::Timeout(_) => Answer::Timeout,
        }
    }

    /// The error, or why the question could not be put.
    pub fn detail(&self) -> Option<&str> {
        match self {
            Reply::Verdict(_) => None,
            Reply::NotExpressible(why) => Some(why),
            Reply::Error(e) | Reply::Timeout(e) => Some(e),
        }
    }
}

/// One check's outcome.
#[derive(Clone, Debug)]
pub struct CheckOutcome {
    /// The case id.
    pub case: String,
    /// The check's index in the case.
    pub index: usize,
    /// The URL sent.
    pub url: String,
    /// The crawler sent.
    pub agent: String,
    /// The reply.
    pub reply: Reply,
    /// Expectation per profile the case applies to.
    pub expected: BTreeMap<Profile, Expected>,
    /// Judgement per profile.
    pub status: BTreeMap<Profile, Status>,
}

/// Counts of statuses (fields in the order of their names, as `--json` writes them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    /// Errors.
    pub error: usize,
    /// Failed.
    pub fail: usize,
    /// Failed as listed.
    pub known_fail: usize,
    /// Passed.
    pub pass: usize,
    /// Passed although listed.
    pub unexpected_pass: usize,
    /// Unsupported.
    pub unsupported: usize,
}

impl Tally {
    fn add(&mut self, status: Status) {
        match status {
            Status::Pass => self.pass += 1,
            Status::Fail => self.fail += 1,
            Status::KnownFail => self.known_fail += 1,
            Status::UnexpectedPass => self.unexpected_pass += 1,
            Status::Unsupported => self.unsupported += 1,
            Status::Error => self.error += 1,
        }
    }

    /// Every check counted.
    pub fn total(&self) -> usize {
        self.pass
            + self.fail
            + self.known_fail
            + self.unexpected_pass
            + self.unsupported
            + self.error
    }

    /// Checks answered as expected (an unexpected pass is still a correct answer).
    pub fn correct(&self) -> usize {
        self.pass + self.unexpected_pass
    }
}

/// Counts split by force ([`AdapterReport::tally_by_force`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Split {
    /// Checks resting on a MUST or SHOULD sentence.
    pub conformance: Tally,
    /// Checks resting on a MAY sentence or on the profile's interpretation.
    pub agreement: Tally,
}

/// One adapter's run.
#[derive(Clone, Debug)]
pub struct AdapterReport {
    /// Who answered (from its hello, or the manifest when it never started).
    pub info: EngineInfo,
    /// The manifest's mapping notes.
    pub mapping: Vec<String>,
    /// Every check.
    pub outcomes: Vec<CheckOutcome>,
    /// Set when the adapter could never be started.
    pub unavailable: Option<String>,
    /// Set when the run gave up on the adapter midway ([`GIVE_UP_AFTER`] requests in a row
    /// without an answer): why. The checks not asked then are errors.
    pub gave_up: Option<String>,
    /// How the adapter is run (its command line), for messages about a failed start.
    pub command: String,
    /// Deviation entries naming a case id that does not exist.
    pub stale_deviations: Vec<String>,
    /// How often the child was started (1 when nothing went wrong).
    pub starts: u32,
    /// The child's stderr around failures.
    pub stderr: Vec<String>,
    /// Wall time.
    pub elapsed: Duration,
    /// What the fetch cases measured of the library's own fetch timeout (fetching adapters).
    pub own_timeout: Option<OwnTimeout>,
}

impl AdapterReport {
    /// Counts under `profile`, optionally only for cases carrying `tag`.
    pub fn tally(
        &self,
        profile: Profile,
        cases: &BTreeMap<&str, &Case>,
        tag: Option<&str>,
    ) -> Tally {
        self.tally_where(profile, cases, |case| {
            tag.is_none_or(|tag| case.tags.iter().any(|t| t == tag))
        })
    }

    /// Counts under `profile` of the checks whose case `keep` accepts.
    pub fn tally_where(
        &self,
        profile: Profile,
        cases: &BTreeMap<&str, &Case>,
        keep: impl Fn(&Case) -> bool,
    ) -> Tally {
        let mut tally = Tally::default();
        for outcome in &self.outcomes {
            if !cases.get(outcome.case.as_str()).is_some_and(|c| keep(c)) {
                continue;
            }
            if let Some(status) = outcome.status.get(&profile) {
                tally.add(*status);
            }
        }
        tally
    }

    /// Counts under `profile` split by force: conformance (checks resting on a MUST or SHOULD)
    /// and agreement (on a MAY or on the profile's interpretation). A headline score never
    /// mixes the two.
    pub fn tally_by_force(&self, profile: Profile, cases: &BTreeMap<&str, &Case>) -> Split {
        let conformance = |c: &Case| c.force(profile).is_some_and(Force::is_conformance);
        Split {
            conformance: self.tally_where(profile, cases, conformance),
            agreement: self.tally_where(profile, cases, |c| !conformance(c)),
        }
    }

    /// The progress line for this report, the `done`th of `total` to finish.
    pub fn progress_line(&self, done: usize, total: usize) -> String {
        let (errored, asked) = self.errored();
        let state = match (&self.unavailable, &self.gave_up) {
            (Some(_), _) => "UNAVAILABLE: it could not start (why below)".to_owned(),
            (None, Some(why)) => format!(
                "{why}; {} of {asked} checks got no answer, in {:.1}s",
                errored,
                self.elapsed.as_secs_f64()
            ),
            (None, None) => format!(
                "{} checks in {:.1}s{}",
                self.outcomes.len(),
                self.elapsed.as_secs_f64(),
                if errored > 0 {
                    format!(", {errored} errors or timeouts")
                } else {
                    String::new()
                }
            ),
        };
        format!("[{done}/{total}] {}: {state}", self.info.name)
    }

    /// Whether the run counts as failed: the adapter could not answer ([`Self::broken`]),
    /// more than [`ERROR_SHARE_PERCENT`] of its checks errored, a listed deviation passed, or
    /// a deviation names no case.
    pub fn failed(&self) -> bool {
        let unexpected = self
            .outcomes
            .iter()
            .any(|o| o.status.values().any(|s| *s == Status::UnexpectedPass));
        self.broken() || self.too_many_errors() || unexpected || !self.stale_deviations.is_empty()
    }

    /// Whether the adapter failed as a whole: it never started, the run gave up on it, or no
    /// check it was asked got an `allow` or `disallow` (answering `unsupported` to every check
    /// tests nothing; an adapter asked nothing, such as one that does not fetch in a run of
    /// fetch cases only, is not broken).
    pub fn broken(&self) -> bool {
        let asked = self
            .outcomes
            .iter()
            .filter(|o| !matches!(o.reply, Reply::NotExpressible(_)))
            .count();
        self.unavailable.is_some()
            || self.gave_up.is_some()
            || asked > 0
                && !self.outcomes.iter().any(|o| {
                    matches!(
                        o.reply,
                        Reply::Verdict(WireVerdict::Allow | WireVerdict::Disallow)
                    )
                })
    }

    /// Checks that ended in an error or a timeout, and checks asked (those protocol v1 could
    /// carry).
    pub fn errored(&self) -> (usize, usize) {
        let asked = self
            .outcomes
            .iter()
            .filter(|o| !matches!(o.reply, Reply::NotExpressible(_)));
        let errored = asked
            .clone()
            .filter(|o| matches!(o.reply, Reply::Error(_) | Reply::Timeout(_)))
            .count();
        (errored, asked.count())
    }

    /// Whether more than [`ERROR_SHARE_PERCENT`] of the checks asked ended in an error or a
    /// timeout.
    pub fn too_many_errors(&self) -> bool {
        let (errored, asked) = self.errored();
        errored * 100 > asked * ERROR_SHARE_PERCENT
    }

    /// Why the adapter fails the run as a whole, if it does: could not answer, or errored too
    /// often.
    pub fn failure_reason(&self) -> Option<String> {
        let (errored, asked) = self.errored();
        if self.unavailable.is_some() {
            return Some("it could not start (why above)".to_owned());
        }
        if let Some(why) = &self.gave_up {
            return Some(why.clone());
        }
        if self.broken() {
            return Some(format!("no check of {asked} got an allow or disallow"));
        }
        self.too_many_errors().then(|| {
            format!(
                "{errored} of {asked} checks errored or timed out (more than {ERROR_SHARE_PERCENT}%)"
            )
        })
    }
}

/// A running adapter's progress, shown every [`PROGRESS_EVERY`] and after each timeout.
#[derive(Clone, Debug)]
pub struct Progress<'a> {
    /// The adapter.
    pub adapter: &'a str,
    /// Checks answered so far (of those protocol v1 carries).
    pub done: usize,
    /// Checks it will be asked.
    pub total: usize,
    /// Of those answered, how many timed out.
    pub timeouts: usize,
    /// The configured timeout.
    pub timeout: Duration,
    /// Time since the adapter started.
    pub elapsed: Duration,
}

impl Progress<'_> {
    /// The line shown: `… NAME: 120 of 549 checks, 2 timed out (timeout 10.0s), 34s`.
    pub fn line(&self) -> String {
        let timeouts = if self.timeouts > 0 {
            format!(
                ", {} timed out (timeout {:.1}s)",
                self.timeouts,
                self.timeout.as_secs_f64()
            )
        } else {
            String::new()
        };
        format!(
            "  … {}: {} of {} checks{timeouts}, {:.0}s",
            self.adapter,
            self.done,
            self.total,
            self.elapsed.as_secs_f64()
        )
    }
}

/// One request's worth of checks: same case, same crawler.
#[derive(Clone, Debug)]
pub struct Question<'a> {
    /// The case.
    pub case: &'a Case,
    /// The crawler.
    pub agent: String,
    /// Indices of the checks asked.
    pub checks: Vec<usize>,
    /// Their URLs, absolute.
    pub urls: Vec<String>,
    /// Set when protocol v1 cannot carry this case.
    pub inexpressible: Option<&'static str>,
}

/// The checks of `case` grouped into requests; empty for fetch and scope cases, which protocol
/// v1 does not ask.
pub fn questions(case: &Case) -> Vec<Question<'_>> {
    let CaseKind::Robots {
        size_limit,
        agent,
        agent_fallbacks,
        checks,
        ..
    } = &case.kind
    else {
        return Vec::new();
    };
    let inexpressible = if size_limit.is_some() {
        Some("the case sets a parse size limit, which protocol v1 cannot carry")
    } else if !agent_fallbacks.is_empty() {
        Some("the case gives fallback product tokens, which protocol v1 cannot carry")
    } else {
        None
    };
    let mut out: Vec<Question<'_>> = Vec::new();
    for (index, check) in checks.iter().enumerate() {
        let agent = check.agent.as_ref().unwrap_or(agent);
        let url = if check.url.starts_with('/') {
            format!("{}{}", cases::PATH_HOST, check.url)
        } else {
            check.url.clone()
        };
        match out.iter_mut().find(|q| &q.agent == agent) {
            Some(q) => {
                q.checks.push(index);
                q.urls.push(url);
            }
            None => out.push(Question {
                case,
                agent: agent.clone(),
                checks: vec![index],
                urls: vec![url],
                inexpressible,
            }),
        }
    }
    out
}

/// The expectation per profile of check `index` of a robots.txt case.
pub(crate) fn expectations(case: &Case, index: usize) -> BTreeMap<Profile, Expected> {
    let CaseKind::Robots { checks, .. } = &case.kind else {
        return BTreeMap::new();
    };
    let Some(check) = checks.get(index) else {
        return BTreeMap::new();
    };
    case.profiles
        .iter()
        .filter_map(|p| check.expect.for_profile(*p).map(|e| (*p, e)))
        .collect()
}

/// Judges one answer against each profile's expectation.
pub fn judge(answer: Answer, expected: &BTreeMap<Profile, Expected>) -> BTreeMap<Profile, Status> {
    expected
        .iter()
        .map(|(&profile, &want)| {
            let status = match answer {
                Answer::Unsupported => Status::Unsupported,
                // A timeout is judged as an error (it gave no verdict) but stays a `timeout`
                // answer in the output, apart from failures.
                Answer::Error | Answer::Timeout => Status::Error,
                Answer::Allow | Answer::Disallow if want.answer() == Some(answer) => Status::Pass,
                Answer::Allow | Answer::Disallow => Status::Fail,
            };
            (profile, status)
        })
        .collect()
}

/// Applies the known deviations to one case's outcomes. A deviation is per case: when a listed
/// case has a failing check under a profile, its failures become `known-fail`; when every
/// answered check of a listed case passes, its passes become `unexpected-pass`.
pub fn apply_deviations(
    outcomes: &mut [CheckOutcome],
    case: &str,
    deviations: &BTreeMap<(String, Profile), String>,
) {
    for profile in Profile::ALL {
        if deviations.contains_key(&(case.to_owned(), profile)) {
            mark_listed(outcomes, profile, None);
        }
    }
}

/// Judges again, under `profile`, the outcomes of one case listed as failing: by a manifest's
/// deviation, which names a whole case (`checks` is `None`), or by an expectations file, which
/// names checks (`Some`). The two are one rule at two grains, so that a known failure means
/// the same wherever it is listed:
/// - a whole case: its failures become `known-fail`; when none fails and some check passes,
///   its passes become `unexpected-pass`;
/// - named checks: each that fails or errors becomes `known-fail`, each that passes
///   `unexpected-pass`; the case's other checks keep their status, so a failure of a check
///   not named stays a plain `fail`.
pub fn mark_listed(
    outcomes: &mut [CheckOutcome],
    profile: Profile,
    checks: Option<&BTreeSet<usize>>,
) {
    let Some(checks) = checks else {
        let statuses = || outcomes.iter().filter_map(|o| o.status.get(&profile));
        let any_fail = statuses().any(|s| *s == Status::Fail);
        let any_pass = statuses().any(|s| *s == Status::Pass);
        let (from, to) = if any_fail {
            (Status::Fail, Status::KnownFail)
        } else if any_pass {
            (Status::Pass, Status::UnexpectedPass)
        } else {
            return;
        };
        for outcome in outcomes.iter_mut() {
            if let Some(status) = outcome.status.get_mut(&profile)
                && *status == from
            {
                *status = to;
            }
        }
        return;
    };
    for outcome in outcomes.iter_mut() {
        if !checks.contains(&outcome.index) {
            continue;
        }
        if let Some(status) = outcome.status.get_mut(&profile) {
            *status = match *status {
                Status::Fail | Status::Error | Status::KnownFail => Status::KnownFail,
                Status::Pass | Status::UnexpectedPass => Status::UnexpectedPass,
                Status::Unsupported => Status::Unsupported,
            };
        }
    }
}

/// Puts every question to `engine` and judges the answers.
pub fn run_engine(
    engine: &mut dyn Engine,
    cases: &[Case],
    deviations: &BTreeMap<(String, Profile), String>,
) -> Vec<CheckOutcome> {
    run_engine_watched(engine, cases, deviations, &mut |_, _| {})
}

/// [`run_engine`], calling `tick` after each question with the outcomes so far and whether
/// the question timed out.
pub fn run_engine_watched(
    engine: &mut dyn Engine,
    cases: &[Case],
    deviations: &BTreeMap<(String, Profile), String>,
    tick: &mut dyn FnMut(&[CheckOutcome], bool),
) -> Vec<CheckOutcome> {
    let mut outcomes = Vec::new();
    for case in cases {
        let CaseKind::Robots { body, .. } = &case.kind else {
            continue;
        };
        let first = outcomes.len();
        for question in questions(case) {
            let replies: Vec<Reply> = match question.inexpressible {
                Some(why) => vec![Reply::NotExpressible(why); question.urls.len()],
                None => match engine.check(body, &question.agent, &question.urls) {
                    Ok(verdicts) => verdicts.into_iter().map(Reply::Verdict).collect(),
                    // The protocol reports errors per request: when the implementation failed
                    // on a batch, ask each URL alone so one bad URL does not cost the others.
                    Err(EngineError::Reported(_)) if question.urls.len() > 1 => question
                        .urls
                        .iter()
                        .map(|url| {
                            match engine.check(body, &question.agent, std::slice::from_ref(url)) {
                                Ok(v) => v.first().map_or(Reply::Error("no verdict".into()), |v| {
                                    Reply::Verdict(*v)
                                }),
                                Err(e) => Reply::Error(e.to_string()),
                            }
                        })
                        .collect(),
                    Err(e @ EngineError::Timeout { .. }) => {
                        vec![Reply::Timeout(e.to_string()); question.urls.len()]
                    }
                    Err(e) => vec![Reply::Error(e.to_string()); question.urls.len()],
                },
            };
            let timed_out = replies.iter().any(|r| matches!(r, Reply::Timeout(_)));
            for ((index, url), reply) in question.checks.iter().zip(&question.urls).zip(replies) {
                let expected = expectations(case, *index);
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
            tick(&outcomes, timed_out);
        }
        apply_deviations(&mut outcomes[first..], &case.id, deviations);
    }
    outcomes
}

/// Runs the suite through one parser adapter in a subprocess, showing its progress through
/// `watch` every [`PROGRESS_EVERY`] and after each timeout. The run gives up on an adapter
/// after [`GIVE_UP_AFTER`] requests in a row got no answer. (`crate::drive` runs any adapter,
/// a whole crawler too.)
pub fn run_parser_watched(
    adapter: &Adapter,
    cases: &[Case],
    all_ids: &BTreeSet<String>,
    timeout: Duration,
    watch: &(dyn Fn(&Progress<'_>) + Sync),
) -> AdapterReport {
    let started = Instant::now();
    let manifest = &adapter.manifest;
    let command = adapter.command();
    let mut engine = SubprocessEngine::new(&manifest.name, command.clone(), timeout)
        .give_up_after(GIVE_UP_AFTER);
    let deviations = adapters::deviation_map(manifest);
    let unavailable = engine.ensure_started().err().map(|e| match e {
        EngineError::Unavailable(m) | EngineError::Adapter(m) | EngineError::Reported(m) => m,
        timeout @ EngineError::Timeout { .. } => timeout.to_string(),
    });
    let total: usize = cases.iter().flat_map(questions).map(|q| q.urls.len()).sum();
    let mut shown = Instant::now();
    let mut tick = |outcomes: &[CheckOutcome], timed_out: bool| {
        if !(timed_out || shown.elapsed() >= PROGRESS_EVERY) {
            return;
        }
        shown = Instant::now();
        watch(&Progress {
            adapter: &manifest.name,
            done: outcomes.len(),
            total,
            timeouts: outcomes
                .iter()
                .filter(|o| matches!(o.reply, Reply::Timeout(_)))
                .count(),
            timeout,
            elapsed: started.elapsed(),
        });
    };
    let mut outcomes = if unavailable.is_some() {
        run_engine(&mut engine, cases, &deviations)
    } else {
        run_engine_watched(&mut engine, cases, &deviations, &mut tick)
    };
    // Fetch cases, for adapters whose hello declares `"fetch": true` (`crate::fetch`).
    let (fetched, own_timeout) = run_fetch_cases(
        &mut engine,
        cases,
        &deviations,
        crate::fetch::DEFAULT_TIMEOUT,
    );
    outcomes.extend(fetched);
    // Records cases, for adapters whose hello declares `"records": true`.
    outcomes.extend(run_records_cases(&mut engine, cases, &deviations));
    let mut info = engine.info().clone();
    if info.implementation.is_empty() {
        info = EngineInfo {
            name: manifest.name.clone(),
            implementation: manifest.implementation.clone(),
            version: manifest.version.clone(),
            language: manifest.language.clone(),
        };
    }
    let stale_deviations = manifest
        .deviations
        .iter()
        .filter(|d| !all_ids.contains(&d.case))
        .map(|d| d.case.clone())
        .collect();
    let gave_up = match &unavailable {
        None => engine.unavailable().map(str::to_owned),
        Some(_) => None,
    };
    AdapterReport {
        info,
        mapping: manifest.mapping.clone(),
        outcomes,
        unavailable,
        gave_up,
        command: crate::engines::outside::shown_command(adapter),
        stale_deviations,
        starts: engine.starts(),
        stderr: engine.stderr_log().to_vec(),
        elapsed: started.elapsed(),
        own_timeout,
    }
}

/// One check of the reference in [`RunDocument`](crate::suite::document::RunDocument).
#[derive(Clone, Debug, serde::Serialize)]
pub struct ReferenceResult {
    /// What it answered (`error: …` when it failed).
    pub actual: String,
    /// The case id.
    pub case: String,
    /// The check's index.
    pub check: usize,
    /// What was expected.
    pub expected: &'static str,
    /// Whether it was.
    pub passed: bool,
    /// The profile.
    #[serde(with = "crate::answer::profile_name")]
    pub profile: Profile,
    /// The URL.
    pub url: String,
}

/// Fetch cases the reference plays at once (each waits on its loopback server, not on a core).
const FETCH_CASES_AT_ONCE: usize = 16;

/// The reference's run of the suite under every profile.
#[derive(Clone, Debug, Default)]
pub struct ReferenceRun {
    /// Checks passed and failed per profile, in [`Profile::ALL`] order.
    pub counts: Vec<(Profile, usize, usize)>,
    /// One failure report per case and profile with failing checks (see
    /// [`cases::failure_report`]).
    pub failures: Vec<String>,
    /// Every check's result, machine-readable.
    pub results: Vec<ReferenceResult>,
}

impl ReferenceRun {
    /// Whether some check failed.
    pub fn failed(&self) -> bool {
        self.counts.iter().any(|(_, _, failed)| *failed > 0)
    }
}

impl ReferenceRun {
    /// The text: each failure report, then passed and failed checks per profile.
    pub fn render(&self) -> Result<String, fmt::Error> {
        let mut out = String::new();
        for failure in &self.failures {
            out.push_str("FAIL ");
            out.push_str(failure);
        }
        writeln!(out, "{:<10} {:>7} {:>7}", "profile", "passed", "failed")?;
        for (profile, passed, failed) in &self.counts {
            writeln!(out, "{:<10} {passed:>7} {failed:>7}", profile.name())?;
        }
        Ok(out)
    }
}

/// The cases that count in an adapter's scores: every case but the fetch cases, which only
/// adapters that fetch are asked and which are counted apart ([`fetch_scored`]).
pub fn scored(cases: &[Case]) -> BTreeMap<&str, &Case> {
    cases
        .iter()
        .filter(|c| !matches!(c.kind, CaseKind::Served { .. } | CaseKind::Records { .. }))
        .map(|c| (c.id.as_str(), c))
        .collect()
}

/// The fetch cases, counted apart from the scores.
pub fn fetch_scored(cases: &[Case]) -> BTreeMap<&str, &Case> {
    cases
        .iter()
        .filter(|c| matches!(c.kind, CaseKind::Served { .. }))
        .map(|c| (c.id.as_str(), c))
        .collect()
}

/// The reference client's timeout on the loopback server in a run: every play but a stalled
/// server answers within milliseconds, and the stalled one is a timeout at any limit.
pub const REFERENCE_FETCH_TIMEOUT: Duration = Duration::from_secs(1);

/// Runs every case through the reference under every profile. Each fetch case is fetched
/// once for every profile (the exchange does not depend on the profile), several at a time,
/// with [`REFERENCE_FETCH_TIMEOUT`].
pub fn run_reference_suite(cases: &[Case]) -> ReferenceRun {
    let served: Vec<&Case> = cases
        .iter()
        .filter(|c| matches!(c.kind, CaseKind::Served { .. }))
        .collect();
    let fetch = |case: &&Case| -> (String, BTreeMap<Profile, Vec<cases::CheckResult>>) {
        let results =
            cases::run_served_reference_profiles(case, &Profile::ALL, REFERENCE_FETCH_TIMEOUT);
        let applying = Profile::ALL.iter().filter(|p| case.profiles.contains(p));
        let by_profile: BTreeMap<Profile, Vec<cases::CheckResult>> =
            applying.copied().zip(results).collect();
        (case.id.clone(), by_profile)
    };
    let fetched: BTreeMap<String, BTreeMap<Profile, Vec<cases::CheckResult>>> =
        match rayon::ThreadPoolBuilder::new()
            .num_threads(FETCH_CASES_AT_ONCE)
            .build()
        {
            Ok(pool) => {
                use rayon::prelude::*;
                pool.install(|| served.par_iter().map(fetch).collect())
            }
            Err(_) => served.iter().map(fetch).collect(),
        };
    let mut run = ReferenceRun::default();
    for profile in Profile::ALL {
        let (mut passed, mut failed) = (0usize, 0usize);
        for case in cases {
            let results = match fetched.get(case.id.as_str()) {
                Some(by_profile) => by_profile.get(&profile).cloned().unwrap_or_default(),
                None => cases::run_reference(case, profile),
            };
            let failures: Vec<_> = results.iter().filter(|r| !r.passed()).collect();
            passed += results.len() - failures.len();
            failed += failures.len();
            if !failures.is_empty() {
                run.failures
                    .push(cases::failure_report(case, profile, &failures));
            }
            run.results.extend(results.iter().map(|r| ReferenceResult {
                actual: match &r.actual {
                    Ok(a) => a.name().to_owned(),
                    Err(e) => format!("error: {e}"),
                },
                case: case.id.clone(),
                check: r.index,
                expected: r.expected.name(),
                passed: r.passed(),
                profile,
                url: r.url.clone(),
            }));
        }
        run.counts.push((profile, passed, failed));
    }
    run
}

/// Why a fetch case's second-ask checks are not asked of an adapter that did not declare
/// `"fetch_again": true`.
const NO_SECOND_ASK: &str = "the adapter does not ask its library a second time (no \
     \"fetch_again\" in its hello)";

/// Why a fetch case's checks on a copy aged without waiting (`again_aged_hours`) are not asked
/// of an adapter.
const NO_CLOCK: &str = "the second ask is on a copy hours old, and protocol v1 gives an \
     adapter no clock to set";

/// How long the answer to the fetch case that `measures_timeout` is awaited: past two minutes,
/// so that a library whose own timeout is a minute or two is told from one that has none.
pub const OWN_TIMEOUT_WAIT: Duration = Duration::from_secs(130);

/// What the fetch cases measured of a library's own fetch timeout, on the case that
/// `measures_timeout` (a server that never answers).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum OwnTimeout {
    /// It answered (verdicts or its error) after `answered` seconds.
    Answered {
        /// Seconds the library held its robots.txt request before closing the connection:
        /// its own timeout for one request, as the server saw it. `None` when the connection
        /// was still open when it answered. The whole answer may take longer than this: an
        /// adapter's further requests (a crawler's page requests) and the library's retries
        /// are in `answered`, not here.
        held: Option<f64>,
        /// Seconds from the request to the adapter's answer.
        answered: f64,
        /// The fetch timeout it was given, in seconds.
        given: f64,
        /// Whether the answer was its error rather than verdicts.
        error: bool,
    },
    /// No answer within [`OWN_TIMEOUT_WAIT`]: no timeout of its own, or a longer one.
    None {
        /// Seconds waited.
        waited: f64,
    },
}

/// Seconds as measured, to a tenth (a timeout of 3.1 s against 3 s given is shown as such,
/// not rounded to the given one).
fn seconds(s: f64) -> String {
    format!("{s:.1} s")
}

impl fmt::Display for OwnTimeout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OwnTimeout::Answered {
                held,
                answered,
                given,
                error,
            } => {
                let how = if *error { "its error" } else { "verdicts" };
                let given = seconds(*given);
                let answered_at = seconds(*answered);
                match held {
                    // Within a tenth of a second, the answer is the close itself.
                    Some(held) if (answered - held).abs() < 0.15 => write!(
                        f,
                        "{} on its robots.txt request (it was given {given}), answering {how}",
                        seconds(*held)
                    ),
                    Some(held) => write!(
                        f,
                        "{} on its robots.txt request (it was given {given}); answered {how} \
                         after {answered_at}",
                        seconds(*held)
                    ),
                    None => write!(
                        f,
                        "not seen: answered {how} after {answered_at} (it was given {given}) \
                         with its robots.txt request still open"
                    ),
                }
            }
            OwnTimeout::None { waited } => {
                write!(f, "no timeout (no answer within {waited:.0} s)")
            }
        }
    }
}

/// Asks a fetching adapter every fetch case of `cases`. An adapter that did not declare
/// `"fetch": true` is asked nothing (and nothing is counted against it). The case that
/// `measures_timeout` is asked first and awaited for [`OWN_TIMEOUT_WAIT`]; later cases are
/// awaited a little longer than the time it measured (at most that long), so that a slow
/// library's answer is not taken for none.
pub fn run_fetch_cases(
    engine: &mut SubprocessEngine,
    cases: &[Case],
    deviations: &BTreeMap<(String, Profile), String>,
    fetch_timeout: Duration,
) -> (Vec<CheckOutcome>, Option<OwnTimeout>) {
    let mut outcomes = Vec::new();
    let mut own: Option<OwnTimeout> = None;
    if !cases
        .iter()
        .any(|c| matches!(c.kind, CaseKind::Served { .. }))
        || !engine.fetches()
    {
        return (outcomes, own);
    }
    let measuring = |c: &&Case| {
        matches!(
            c.kind,
            CaseKind::Served {
                measures_timeout: true,
                ..
            }
        )
    };
    let ordered: Vec<&Case> = cases
        .iter()
        .filter(measuring)
        .chain(cases.iter().filter(|c| !measuring(c)))
        .collect();
    for case in ordered {
        let CaseKind::Served {
            play,
            agent,
            checks,
            requests,
            again_after_ms,
            again_aged_hours,
            measures_timeout,
            ..
        } = &case.kind
        else {
            continue;
        };
        let first = outcomes.len();
        // How long to await the answer: the measuring case the whole bound; later cases a
        // little past the time measured (a slow library's late answer is still an answer).
        let wait = match (&own, *measures_timeout) {
            (_, true) => Some(OWN_TIMEOUT_WAIT),
            (Some(OwnTimeout::Answered { answered, .. }), false) => {
                let usual = engine.timeout() + fetch_timeout;
                // Whole seconds, so that "no answer within N s" reads the same from run to run.
                let measured = Duration::from_secs(answered.ceil() as u64 + 5);
                (measured > usual).then(|| measured.min(OWN_TIMEOUT_WAIT))
            }
            _ => None,
        };
        // A case with a second ask judges its requests only when the second ask was made. A
        // second ask on an aged copy needs a clock the adapter cannot be given.
        let unasked =
            (again_after_ms.is_some() && !engine.fetches_again()) || again_aged_hours.is_some();
        let not_asked = if again_aged_hours.is_some() {
            NO_CLOCK
        } else {
            NO_SECOND_ASK
        };
        let (replies, log, urls) = match crate::fetch::server::Server::start(play) {
            Ok(server) => {
                let urls = cases::check_urls(case, &server);
                let (first_ask, second_ask) = cases::ask_split(checks);
                let pick = |indexes: &[usize]| -> Vec<String> {
                    indexes.iter().map(|i| urls[*i].clone()).collect()
                };
                let again = match again_after_ms {
                    Some(ms) if engine.fetches_again() => {
                        Some(crate::engines::protocol::AgainRequest {
                            after_ms: *ms,
                            urls: pick(&second_ask),
                        })
                    }
                    _ => None,
                };
                let asked_again = again.is_some();
                let asked = Instant::now();
                let answered = engine.fetch_waiting(
                    &server.robots_url(),
                    agent,
                    &pick(&first_ask),
                    fetch_timeout,
                    again,
                    wait,
                );
                if *measures_timeout {
                    own = Some(match &answered {
                        Err(EngineError::Timeout { .. }) => OwnTimeout::None {
                            waited: OWN_TIMEOUT_WAIT.as_secs_f64(),
                        },
                        other => OwnTimeout::Answered {
                            answered: asked.elapsed().as_secs_f64(),
                            // The server looks at a held connection every 20 ms: a close just
                            // before the answer is awaited that long, and a little more.
                            held: server
                                .first_hold(Duration::from_millis(300))
                                .map(|d| d.as_secs_f64()),
                            given: fetch_timeout.as_secs_f64(),
                            error: other.is_err(),
                        },
                    });
                }
                let mut replies = vec![Reply::NotExpressible(not_asked); urls.len()];
                let order = first_ask
                    .iter()
                    .chain(if asked_again { &second_ask[..] } else { &[] });
                match answered {
                    Ok(verdicts) => {
                        for (i, v) in order.zip(verdicts) {
                            replies[*i] = Reply::Verdict(v);
                        }
                    }
                    // No answer within the wait is told apart from an answer that is the
                    // library's error (it raised): the report shows which.
                    Err(EngineError::Timeout { limit, .. }) => {
                        for i in order {
                            replies[*i] = Reply::Timeout(no_answer_within(limit));
                        }
                    }
                    Err(e) => {
                        for i in order {
                            replies[*i] = Reply::Error(e.to_string());
                        }
                    }
                }
                let log = cases::robots_requests(case, server.requests());
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
        let verdicts =
            crate::fetch::judge_requests(requests, agent, log.as_deref().unwrap_or_default());
        for (i, verdict) in verdicts.into_iter().enumerate() {
            // The record is judged even when the fetch ended in an error: what was requested
            // was requested (a client caught in a loop has asked the server that often).
            let reply = match &log {
                _ if unasked => Reply::NotExpressible(not_asked),
                None => Reply::Error("the loopback server did not start".into()),
                Some(_) if verdict.met => Reply::Verdict(WireVerdict::Allow),
                Some(_) => Reply::Verdict(WireVerdict::Disallow),
            };
            outcomes.push(request_outcome(
                case,
                checks.len() + i,
                &verdict,
                agent,
                reply,
            ));
        }
        apply_deviations(&mut outcomes[first..], &case.id, deviations);
    }
    (outcomes, own)
}

/// What a fetch case records when the adapter's answer did not come within `waited`: the wait
/// in whole seconds, without the time of a late answer, so that results.json does not change
/// from run to run.
pub fn no_answer_within(waited: Duration) -> String {
    format!("no answer within {:.0} s", waited.as_secs_f64())
}

/// Asks an adapter that declared `"records": true` every records case of `cases`, one
/// records request per case; an adapter that did not is asked nothing (and nothing is counted
/// against it). Each check passes under a profile when the field's answer is that profile's
/// value ([`crate::suite::records`]); a field the adapter answers `unsupported` is
/// unsupported.
pub fn run_records_cases(
    engine: &mut SubprocessEngine,
    cases: &[Case],
    deviations: &BTreeMap<(String, Profile), String>,
) -> Vec<CheckOutcome> {
    let mut outcomes = Vec::new();
    if !cases
        .iter()
        .any(|c| matches!(c.kind, CaseKind::Records { .. }))
        || !engine.answers_records()
    {
        return outcomes;
    }
    for case in cases {
        let CaseKind::Records {
            body,
            agent,
            checks,
        } = &case.kind
        else {
            continue;
        };
        let first = outcomes.len();
        let urls = crate::suite::records::urls(checks, cases::PATH_HOST);
        let answer = engine.records(body, agent, &urls);
        for (index, check) in checks.iter().enumerate() {
            let expected: BTreeMap<Profile, Expected> =
                check.expect.keys().map(|p| (*p, Expected::Allow)).collect();
            let (reply, status, label) = match &answer {
                Ok(answer) => {
                    match crate::suite::records::answered(answer, check, &urls, cases::PATH_HOST) {
                        None => (
                            Reply::Verdict(WireVerdict::Unsupported),
                            judge(Answer::Unsupported, &expected),
                            crate::suite::records::outcome_label(check, None),
                        ),
                        Some(got) => {
                            let status: BTreeMap<Profile, Status> = check
                                .expect
                                .iter()
                                .map(|(p, want)| {
                                    (
                                        *p,
                                        if got == *want {
                                            Status::Pass
                                        } else {
                                            Status::Fail
                                        },
                                    )
                                })
                                .collect();
                            let all = status.values().all(|s| *s == Status::Pass);
                            let verdict = if all {
                                WireVerdict::Allow
                            } else {
                                WireVerdict::Disallow
                            };
                            (
                                Reply::Verdict(verdict),
                                status,
                                crate::suite::records::outcome_label(check, Some(&got)),
                            )
                        }
                    }
                }
                Err(e @ EngineError::Timeout { .. }) => (
                    Reply::Timeout(e.to_string()),
                    judge(Answer::Timeout, &expected),
                    check.label(),
                ),
                Err(e) => (
                    Reply::Error(e.to_string()),
                    judge(Answer::Error, &expected),
                    check.label(),
                ),
            };
            outcomes.push(CheckOutcome {
                case: case.id.clone(),
                index,
                url: label,
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

/// The outcome of a fetch case's request check `index` (what the server was asked), whose
/// every profile expects it met.
pub(crate) fn request_outcome(
    case: &Case,
    index: usize,
    verdict: &crate::fetch::RequestVerdict,
    agent: &str,
    reply: Reply,
) -> CheckOutcome {
    let expected: BTreeMap<Profile, Expected> = case
        .profiles
        .iter()
        .map(|p| (*p, Expected::Allow))
        .collect();
    let status = judge(reply.answer(), &expected);
    CheckOutcome {
        case: case.id.clone(),
        index,
        url: format!("{} (server saw {})", verdict.label, verdict.detail),
        agent: agent.to_owned(),
        reply,
        expected,
        status,
    }
}
