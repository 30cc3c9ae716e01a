//! Scores that measure conformance, beside the check counts: cases passed, failures
//! attributed to causes, and what answering the same everywhere would score.
//!
//! - A **check** is scored when the implementation answered it (`pass`, `unexpected-pass`,
//!   `fail`, `error`); `unsupported` checks (the question could not be put) and known
//!   deviations (`known-fail`, listed in the adapter's manifest) are counted apart and never
//!   in the denominator.
//! - A **case** passes when every one of its scored checks passes, fails when one fails, and
//!   is left out when none of its checks is scored or when, without a failure, some of them
//!   are unsupported or known deviations (it cannot be said to pass).
//! - A **cause** is a construct of the suite's closed tag vocabulary
//!   (`harness/src/suite/tags.rs`). Each failing check is attributed to one tag of its case:
//!   among the case's construct tags (those naming a feature area other than the examples),
//!   the one this implementation fails most consistently across the whole suite (failing
//!   checks over scored checks of every case carrying the tag); ties go to the narrower tag
//!   (fewer checks in the suite), then to the name. A case with no construct tag falls back to
//!   its example tag (`rfc-example`, `guide`), then to its other tags. So one design gap (no
//!   wildcard support, the first matching rule obeyed) counts once however many cases show it,
//!   and a case that mixes constructs goes to the one the implementation gets wrong elsewhere
//!   too.
//! - The **baseline** is what an implementation answering `allow` (or `disallow`) to every
//!   question would score on the same checks and cases.

use std::collections::{BTreeMap, BTreeSet};

use reptest_reference::Profile;

use crate::answer::{Answer, Status};
use crate::results::{CheckResult, ForceGroup, Implementation, Results};
use crate::suite::cases::Force;
use crate::suite::tags;

/// Which of the report's suites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suite {
    /// The robots.txt verdict cases.
    Robots,
    /// The fetch cases (`spec-cases/fetch.toml`).
    Fetch,
}

/// One case as the scores see it.
struct CaseView<'r> {
    id: &'r str,
    tags: &'r [String],
    force: &'r BTreeMap<Profile, Force>,
    expect: Vec<&'r BTreeMap<Profile, Answer>>,
}

fn cases_of(results: &Results, suite: Suite) -> Vec<CaseView<'_>> {
    match suite {
        Suite::Robots => results
            .cases
            .iter()
            .map(|c| CaseView {
                id: &c.id,
                tags: &c.tags,
                force: &c.force,
                expect: c.checks.iter().map(|k| &k.expect).collect(),
            })
            .collect(),
        Suite::Fetch => results
            .fetch_cases
            .iter()
            .map(|c| CaseView {
                id: &c.id,
                tags: &c.tags,
                force: &c.force,
                expect: c.checks.iter().map(|k| &k.expect).collect(),
            })
            .collect(),
    }
}

fn results_of(imp: &Implementation, suite: Suite) -> &[CheckResult] {
    match suite {
        Suite::Robots => &imp.results,
        Suite::Fetch => &imp.fetch_results,
    }
}

fn in_group(force: Option<&Force>, group: Option<ForceGroup>) -> bool {
    match (force, group) {
        (None, _) => false,
        (Some(_), None) => true,
        (Some(f), Some(g)) => g.holds(*f),
    }
}

/// Checks of one implementation under one profile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Answered as expected (an unexpected pass included).
    pub passed: usize,
    /// Answered otherwise, or failed (`error`).
    pub failed: usize,
    /// Not asked: the question could not be put.
    pub unsupported: usize,
    /// Known deviations (listed in the adapter's manifest).
    pub known: usize,
}

impl Tally {
    /// The denominator: passed and failed.
    pub fn scored(&self) -> usize {
        self.passed + self.failed
    }

    /// `passed/scored (p%)`.
    pub fn text(&self) -> String {
        format!(
            "{}/{} ({})",
            self.passed,
            self.scored(),
            percent(self.passed, self.scored())
        )
    }

    /// The share passed, for sorting (`-1` when nothing was scored).
    pub fn share(&self) -> f64 {
        if self.scored() == 0 {
            -1.0
        } else {
            self.passed as f64 / self.scored() as f64
        }
    }

    fn add(&mut self, status: Status) {
        match status {
            Status::Pass | Status::UnexpectedPass => self.passed += 1,
            Status::Fail | Status::Error => self.failed += 1,
            Status::Unsupported => self.unsupported += 1,
            Status::KnownFail => self.known += 1,
        }
    }
}

/// `p%` with one decimal, `–` of nothing.
pub fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        "–".to_owned()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / whole as f64)
    }
}

/// An implementation's checks under `profile`, only of cases whose force is in `group` (all
/// when `None`).
pub fn checks(
    results: &Results,
    imp: &Implementation,
    suite: Suite,
    profile: Profile,
    group: Option<ForceGroup>,
) -> Tally {
    let forces: BTreeMap<&str, Option<&Force>> = cases_of(results, suite)
        .into_iter()
        .map(|c| (c.id, c.force.get(&profile)))
        .collect();
    let mut tally = Tally::default();
    for r in results_of(imp, suite) {
        if !in_group(forces.get(r.case.as_str()).copied().flatten(), group) {
            continue;
        }
        if let Some(status) = r.status.get(&profile) {
            tally.add(*status);
        }
    }
    tally
}

/// An implementation's cases under `profile` (see the module's account).
pub fn cases(
    results: &Results,
    imp: &Implementation,
    suite: Suite,
    profile: Profile,
    group: Option<ForceGroup>,
) -> Tally {
    let mut per_case: BTreeMap<&str, Tally> = BTreeMap::new();
    let wanted: BTreeSet<&str> = cases_of(results, suite)
        .into_iter()
        .filter(|c| in_group(c.force.get(&profile), group))
        .map(|c| c.id)
        .collect();
    for r in results_of(imp, suite) {
        if !wanted.contains(r.case.as_str()) {
            continue;
        }
        if let Some(status) = r.status.get(&profile) {
            per_case.entry(r.case.as_str()).or_default().add(*status);
        }
    }
    let mut tally = Tally::default();
    for t in per_case.values() {
        if t.failed > 0 {
            tally.failed += 1;
        } else if t.known > 0 {
            tally.known += 1;
        } else if t.unsupported > 0 || t.passed == 0 {
            tally.unsupported += 1;
        } else {
            tally.passed += 1;
        }
    }
    tally
}

/// What answering `answer` to every question would score under `profile`: (checks, cases).
pub fn baseline(
    results: &Results,
    profile: Profile,
    group: Option<ForceGroup>,
    answer: Answer,
) -> (Tally, Tally) {
    let mut checks = Tally::default();
    let mut cases = Tally::default();
    for case in cases_of(results, Suite::Robots) {
        if !in_group(case.force.get(&profile), group) {
            continue;
        }
        let mut all = true;
        let mut any = false;
        for expect in &case.expect {
            let Some(expected) = expect.get(&profile) else {
                continue;
            };
            any = true;
            if *expected == answer {
                checks.passed += 1;
            } else {
                checks.failed += 1;
                all = false;
            }
        }
        if any {
            if all {
                cases.passed += 1;
            } else {
                cases.failed += 1;
            }
        }
    }
    (checks, cases)
}

/// The tags that say what kind of case it is rather than which construct it exercises.
const NOT_CONSTRUCTS: [&str; 10] = [
    "http",
    "fetch",
    "profile-split",
    "spec-conflict",
    "spec-undefined",
    "text-vs-parser",
    "google-only",
    "fuzz-diff",
    "raw-url",
    "agent-string",
];

/// A case's candidate cause tags, best kind first (see the module's account).
fn candidates(tags: &[String]) -> Vec<&str> {
    let area = |t: &str| tags::find(t).and_then(|t| t.area);
    let constructs: Vec<&str> = tags
        .iter()
        .map(String::as_str)
        .filter(|t| area(t).is_some_and(|a| a != "examples"))
        .collect();
    if !constructs.is_empty() {
        return constructs;
    }
    let examples: Vec<&str> = tags
        .iter()
        .map(String::as_str)
        .filter(|t| area(t).is_some())
        .collect();
    if !examples.is_empty() {
        return examples;
    }
    let rest: Vec<&str> = tags
        .iter()
        .map(String::as_str)
        .filter(|t| !NOT_CONSTRUCTS.contains(t))
        .collect();
    if !rest.is_empty() {
        return rest;
    }
    tags.iter().map(String::as_str).collect()
}

/// One cause of an implementation's failures under a profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cause {
    /// The tag.
    pub tag: String,
    /// What the tag marks, in words.
    pub about: String,
    /// The failing cases attributed to it, in suite order, with their failing checks
    /// (0-based).
    pub cases: Vec<(String, Vec<usize>)>,
    /// Failing checks attributed to it.
    pub checks: usize,
    /// Of them, checks of cases resting on a MUST or SHOULD under the profile.
    pub binding: usize,
    /// Answered `allow` where `disallow` was expected.
    pub allow_for_disallow: usize,
    /// Answered `disallow` where `allow` was expected.
    pub disallow_for_allow: usize,
    /// Failed to answer (`error`, `timeout`).
    pub errors: usize,
}

impl Cause {
    /// How it fails, in words: the wrong answers by direction, then errors.
    pub fn how(&self) -> String {
        let mut parts = Vec::new();
        if self.allow_for_disallow > 0 {
            parts.push(format!(
                "allow where disallow is expected ×{}",
                self.allow_for_disallow
            ));
        }
        if self.disallow_for_allow > 0 {
            parts.push(format!(
                "disallow where allow is expected ×{}",
                self.disallow_for_allow
            ));
        }
        let other = self.checks - self.allow_for_disallow - self.disallow_for_allow - self.errors;
        if other > 0 {
            parts.push(format!("another wrong outcome ×{other}"));
        }
        if self.errors > 0 {
            parts.push(format!("no verdict (error or timeout) ×{}", self.errors));
        }
        parts.join(", ")
    }
}

/// An implementation's failures under `profile`, attributed to causes (see the module's
/// account): most failing MUST/SHOULD checks first, then most failing checks.
pub fn causes(
    results: &Results,
    imp: &Implementation,
    suite: Suite,
    profile: Profile,
) -> Vec<Cause> {
    let views = cases_of(results, suite);
    let by_id: BTreeMap<&str, &CaseView<'_>> = views.iter().map(|c| (c.id, c)).collect();
    let order: BTreeMap<&str, usize> = views.iter().enumerate().map(|(i, c)| (c.id, i)).collect();
    // Per tag: checks in the suite under the profile; this implementation's scored and
    // failing checks.
    let mut size: BTreeMap<&str, usize> = BTreeMap::new();
    for case in &views {
        let n = case
            .expect
            .iter()
            .filter(|e| e.contains_key(&profile))
            .count();
        for tag in case.tags {
            *size.entry(tag.as_str()).or_default() += n;
        }
    }
    let mut rate: BTreeMap<&str, Tally> = BTreeMap::new();
    let rows = results_of(imp, suite);
    for r in rows {
        let (Some(case), Some(status)) = (by_id.get(r.case.as_str()), r.status.get(&profile))
        else {
            continue;
        };
        for tag in case.tags {
            rate.entry(tag.as_str()).or_default().add(*status);
        }
    }
    let mut out: BTreeMap<&str, Cause> = BTreeMap::new();
    for r in rows {
        let (Some(case), Some(status)) = (by_id.get(r.case.as_str()), r.status.get(&profile))
        else {
            continue;
        };
        if !matches!(status, Status::Fail | Status::Error) {
            continue;
        }
        let tally = |t: &str| rate.get(t).copied().unwrap_or_default();
        let tag = candidates(case.tags)
            .into_iter()
            .max_by(|a, b| {
                let (ta, tb) = (tally(a), tally(b));
                // Higher failure share first: fa/sa against fb/sb without floats.
                (ta.failed * tb.scored().max(1))
                    .cmp(&(tb.failed * ta.scored().max(1)))
                    .then_with(|| size.get(b).cmp(&size.get(a)))
                    .then_with(|| b.cmp(a))
            })
            .unwrap_or(tags::OTHER);
        let cause = out.entry(tag).or_insert_with(|| Cause {
            tag: tag.to_owned(),
            about: tags::find(tag).map_or_else(|| tag.to_owned(), |t| t.about.to_owned()),
            cases: Vec::new(),
            checks: 0,
            binding: 0,
            allow_for_disallow: 0,
            disallow_for_allow: 0,
            errors: 0,
        });
        cause.checks += 1;
        if case.force.get(&profile).is_some_and(|f| f.is_conformance()) {
            cause.binding += 1;
        }
        let expected = case.expect.get(r.check).and_then(|e| e.get(&profile));
        match (r.answer, expected) {
            (Answer::Error | Answer::Timeout, _) => cause.errors += 1,
            (Answer::Allow, Some(Answer::Disallow)) => cause.allow_for_disallow += 1,
            (Answer::Disallow, Some(Answer::Allow)) => cause.disallow_for_allow += 1,
            _ => {}
        }
        match cause.cases.iter_mut().find(|(id, _)| id == &r.case) {
            Some((_, checks)) => checks.push(r.check),
            None => cause.cases.push((r.case.clone(), vec![r.check])),
        }
    }
    let mut causes: Vec<Cause> = out.into_values().collect();
    for cause in &mut causes {
        cause
            .cases
            .sort_by_key(|(id, _)| order.get(id.as_str()).copied().unwrap_or(usize::MAX));
    }
    causes.sort_by(|a, b| {
        b.binding
            .cmp(&a.binding)
            .then_with(|| b.checks.cmp(&a.checks))
            .then_with(|| b.cases.len().cmp(&a.cases.len()))
            .then_with(|| a.tag.cmp(&b.tag))
    });
    causes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::{CaseRecord, CheckRecord};

    fn case(id: &str, tags: &[&str], expects: &[Answer]) -> CaseRecord {
        CaseRecord {
            id: id.to_owned(),
            file: "spec-cases/demo.toml".to_owned(),
            area: String::new(),
            tags: tags.iter().map(|t| (*t).to_owned()).collect(),
            spec: Vec::new(),
            note: None,
            profiles: vec![Profile::Rfc9309],
            force: [(Profile::Rfc9309, Force::Must)].into_iter().collect(),
            robots: String::new(),
            escaped: false,
            fill_to: None,
            agent: "a".to_owned(),
            checks: expects
                .iter()
                .map(|a| CheckRecord {
                    url: "http://example.com/".to_owned(),
                    agent: None,
                    expect: [(Profile::Rfc9309, *a)].into_iter().collect(),
                })
                .collect(),
        }
    }

    fn result(case: &str, check: usize, answer: Answer, status: Status) -> CheckResult {
        CheckResult {
            case: case.to_owned(),
            check,
            answer,
            detail: None,
            status: [(Profile::Rfc9309, status)].into_iter().collect(),
            answered: None,
        }
    }

    #[test]
    fn cases_causes_and_baselines_follow_the_results() {
        use Answer::{Allow, Disallow, Unsupported};
        let results = Results {
            schema: crate::results::SCHEMA,
            generated_by: String::new(),
            cases: vec![
                case("a/one", &["wildcards"], &[Disallow, Allow]),
                case("a/two", &["precedence", "wildcards"], &[Disallow]),
                case("a/three", &["precedence"], &[Allow, Disallow]),
                case("a/four", &["guide"], &[Allow]),
            ],
            implementations: vec![Implementation {
                name: "x".to_owned(),
                implementation: "x".to_owned(),
                language: "python".to_owned(),
                version: "1".to_owned(),
                kind: crate::engines::adapters::Kind::Parser,
                unavailable: None,
                claim: None,
                deviations: BTreeMap::new(),
                results: vec![
                    result("a/one", 0, Allow, Status::Fail),
                    result("a/one", 1, Allow, Status::Pass),
                    result("a/two", 0, Allow, Status::Fail),
                    result("a/three", 0, Allow, Status::Pass),
                    result("a/three", 1, Disallow, Status::Pass),
                    result("a/four", 0, Unsupported, Status::Unsupported),
                ],
                fetch_results: Vec::new(),
                records_results: Vec::new(),
            }],
            impact: None,
            fetch_cases: Vec::new(),
            records_cases: Vec::new(),
        };
        let imp = &results.implementations[0];
        let p = Profile::Rfc9309;
        let t = checks(&results, imp, Suite::Robots, p, None);
        assert_eq!((t.passed, t.failed, t.unsupported), (3, 2, 1));
        let c = cases(&results, imp, Suite::Robots, p, None);
        assert_eq!((c.passed, c.failed, c.unsupported), (1, 2, 1));
        // a/two holds precedence and wildcards: wildcards fails 2 of 3, precedence 1 of 3.
        let found = causes(&results, imp, Suite::Robots, p);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].tag, "wildcards");
        assert_eq!(found[0].checks, 2);
        assert_eq!(found[0].allow_for_disallow, 2);
        assert_eq!(found[0].cases.len(), 2);
        let (allow, allow_cases) = baseline(&results, p, None, Allow);
        assert_eq!((allow.passed, allow.scored()), (3, 6));
        assert_eq!((allow_cases.passed, allow_cases.scored()), (1, 4));
        let (disallow, _) = baseline(&results, p, None, Disallow);
        assert_eq!(disallow.passed, 3);
    }
}
