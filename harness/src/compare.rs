//! `reptest compare ROBOTS_FILE URL...`: what every installed implementation makes of one
//! robots.txt, side by side; the robots.txt tester for every parser at once.
//!
//! For each URL the implementations are grouped by answer; under them, the reference's verdict
//! and explanation under each profile; and, where the implementations split (some allow, some
//! disallow), the spec case or the committed fuzzing finding that shows the same split, when
//! there is one, so that the reader can look up why.
//!
//! "Shows the same split" is judged, not looked up: a spec case check covers the split when
//! the reference decides it for the same reason (the decision tags of
//! [`crate::fuzz::findings::decision`]: the kind of rule and the pattern's shape, and whether
//! the deciding rule overrides another that matches too) and the
//! implementations that answered both split the same way on it, in the committed
//! `reports/results.json`, on at least nine in ten of them (and on both sides of the split).
//! A finding family covers it on the same terms, from `reports/findings/index.json`. Both
//! files are optional: without them nothing is said to cover anything.
//!
//! Engines are asked in parallel, each once per distinct crawler, with every URL in one
//! request (each URL alone when the implementation reports an error on the batch).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};
use rayon::prelude::*;
use reptest_reference::Profile;
use serde::Serialize;

use crate::answer::Answer;
use crate::engines::adapters::Adapter;
use crate::engines::registry::{self, Dirs};
use crate::engines::subprocess::SubprocessEngine;
use crate::engines::{Engine, EngineError, EngineInfo, PeerEngine};
use crate::fuzz::findings::{self, Index};
use crate::fuzz::generate::Input;
use crate::results::Results;
use crate::suite::cases::{self, Case, robots_checks};

/// What to compare.
#[derive(Clone, Debug)]
pub struct Options {
    /// The robots.txt file.
    pub robots: PathBuf,
    /// Absolute URLs (a path starting with `/` is put on `http://example.com`).
    pub urls: Vec<String>,
    /// The crawler.
    pub agent: String,
    /// Adapters to ask (every one set up, and every Rust crate linked in, when empty).
    pub adapters: Vec<String>,
    /// How long an adapter may take to answer.
    pub timeout: Duration,
    /// Implementations asked at once.
    pub jobs: usize,
    /// Where the adapters are.
    pub dirs: Dirs,
    /// The committed report (`reports/`): `results.json` and `findings/index.json`.
    pub reports: PathBuf,
    /// The directory of case files.
    pub cases_dir: PathBuf,
}

/// Everything `reptest compare --json` prints (fields in the order of their names).
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    /// The crawler asked about.
    pub agent: String,
    /// Who answered.
    pub implementations: Vec<EngineInfo>,
    /// The robots.txt file's name and size.
    pub robots: String,
    /// Implementations that could not be started, with why.
    pub unavailable: Vec<String>,
    /// One entry per URL, in order.
    pub urls: Vec<UrlComparison>,
}

/// One URL.
#[derive(Clone, Debug, Serialize)]
pub struct UrlComparison {
    /// What covers the split, when the implementations split and something does.
    pub covered_by: Vec<Cover>,
    /// The implementations grouped by answer, the largest group first.
    pub groups: Vec<Group>,
    /// The reference under each profile.
    pub reference: Vec<ReferenceVerdict>,
    /// Whether some implementations allow and others disallow.
    pub split: bool,
    /// The URL as asked.
    pub url: String,
}

/// Implementations that gave one answer.
#[derive(Clone, Debug, Serialize)]
pub struct Group {
    /// The answer.
    pub answer: Answer,
    /// Their errors, or why they could not answer, by implementation.
    pub details: BTreeMap<String, String>,
    /// The profiles under which the reference answers otherwise (an `allow` or `disallow`
    /// group only).
    pub differs_from_reference: Vec<&'static str>,
    /// Their names.
    pub implementations: Vec<String>,
}

/// The reference's verdict under one profile.
#[derive(Clone, Debug, Serialize)]
pub struct ReferenceVerdict {
    /// Why (the deciding group and rule).
    pub explanation: String,
    /// The profile.
    #[serde(with = "crate::answer::profile_name")]
    pub profile: Profile,
    /// `allow` or `disallow` (`error` when the reference cannot take the URL).
    pub verdict: Answer,
}

/// A spec case check or a finding family showing the same split.
#[derive(Clone, Debug, Serialize)]
pub struct Cover {
    /// Implementations that answered both and split alike.
    pub agreeing: usize,
    /// `case#check` or the family's id.
    pub id: String,
    /// `spec-case` or `finding`.
    pub kind: &'static str,
    /// Implementations that answered both.
    pub shared: usize,
}

/// Asks every chosen implementation and the reference, and finds what covers each split.
/// What was left out goes to `log`.
pub fn compare(options: &Options, log: &mut dyn std::io::Write) -> Result<Comparison> {
    let body = std::fs::read(&options.robots)
        .with_context(|| format!("cannot read {}", options.robots.display()))?;
    let urls: Vec<String> = options
        .urls
        .iter()
        .map(|u| {
            if u.starts_with('/') {
                format!("{}{u}", crate::suite::cases::PATH_HOST)
            } else {
                u.clone()
            }
        })
        .collect();
    // Every URL as `reptest check` takes it, before any implementation is asked.
    for (url, given) in urls.iter().zip(&options.urls) {
        reptest_reference::scope::match_path(url)
            .map_err(|e| anyhow::anyhow!("{e}"))
            .with_context(|| {
                format!("`{given}` is not an absolute URL or a path starting with `/`")
            })?;
    }
    let chosen = registry::choose(&options.dirs, &options.adapters, false, true, log)?;
    let answers = ask_all(&chosen, &body, &options.agent, &urls, options);
    let mut implementations = Vec::new();
    let mut unavailable = Vec::new();
    let mut by_engine: Vec<(String, Vec<Reply>)> = Vec::new();
    for (info, result) in answers {
        match result {
            Ok(replies) => {
                by_engine.push((info.name.clone(), replies));
                implementations.push(info);
            }
            Err(why) => unavailable.push(format!("{}: {why}", info.name)),
        }
    }
    let known = Known::load(&options.reports, &options.cases_dir);
    let mut references = reference_all(&body, &options.agent, &urls).into_iter();
    let mut out = Vec::new();
    for (i, url) in urls.iter().enumerate() {
        let mut groups: BTreeMap<Answer, Group> = BTreeMap::new();
        let mut live = BTreeMap::new();
        for (name, replies) in &by_engine {
            let (answer, detail) = replies[i].clone();
            let group = groups.entry(answer).or_insert_with(|| Group {
                answer,
                details: BTreeMap::new(),
                differs_from_reference: Vec::new(),
                implementations: Vec::new(),
            });
            group.implementations.push(name.clone());
            if let Some(detail) = detail {
                group.details.insert(name.clone(), detail);
            }
            live.insert(name.clone(), answer);
        }
        let reference = references.next().unwrap_or_default();
        let mut groups: Vec<Group> = groups.into_values().collect();
        for group in &mut groups {
            if matches!(group.answer, Answer::Allow | Answer::Disallow) {
                group.differs_from_reference = reference
                    .iter()
                    .filter(|r| r.verdict != group.answer)
                    .map(|r| r.profile.name())
                    .collect();
            }
        }
        groups.sort_by_key(|g| (std::cmp::Reverse(g.implementations.len()), g.answer));
        let split = [Answer::Allow, Answer::Disallow]
            .iter()
            .all(|a| live.values().any(|v| v == a));
        let input = Input {
            lines: vec![body.clone()],
            agent: options.agent.clone(),
            urls: vec![url.clone()],
        };
        let covered_by = if split {
            known.covers(&input, &live)
        } else {
            Vec::new()
        };
        out.push(UrlComparison {
            covered_by,
            groups,
            reference,
            split,
            url: url.clone(),
        });
    }
    Ok(Comparison {
        agent: options.agent.clone(),
        implementations,
        robots: format!(
            "{} ({} bytes)",
            options
                .robots
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            body.len()
        ),
        unavailable,
        urls: out,
    })
}

/// One answer, with the error or why it could not be given.
type Reply = (Answer, Option<String>);

type Replies = Result<Vec<Reply>, String>;

/// The adapter's implementation, started: a Rust crate linked in, else its adapter program.
/// When it cannot start, who it is (its name) and why, as the caller reports it.
pub(crate) fn start<T>(
    adapter: &Adapter,
    timeout: Duration,
) -> Result<Box<dyn Engine>, (EngineInfo, Result<T, String>)> {
    let name = &adapter.manifest.name;
    if let Some(peer) = PeerEngine::new(name) {
        return Ok(Box::new(peer));
    }
    let mut engine = SubprocessEngine::new(name, adapter.command(), timeout);
    match engine.ensure_started() {
        Ok(()) => Ok(Box::new(engine)),
        Err(e) => {
            let info = EngineInfo {
                name: name.clone(),
                ..EngineInfo::default()
            };
            Err((info, Err(e.to_string())))
        }
    }
}

/// Every chosen implementation's answer to every URL, in the adapters' order.
fn ask_all(
    chosen: &[Adapter],
    body: &[u8],
    agent: &str,
    urls: &[String],
    options: &Options,
) -> Vec<(EngineInfo, Replies)> {
    let ask = |adapter: &Adapter| {
        let name = &adapter.manifest.name;
        let mut engine = match start(adapter, options.timeout) {
            Ok(engine) => engine,
            Err(unavailable) => return unavailable,
        };
        let replies = match engine.check(body, agent, urls) {
            Ok(verdicts) => verdicts.into_iter().map(|v| (v.into(), None)).collect(),
            Err(EngineError::Reported(_)) if urls.len() > 1 => urls
                .iter()
                .map(
                    |url| match engine.check(body, agent, std::slice::from_ref(url)) {
                        Ok(v) => (Answer::of(&Ok(v), 0), None),
                        Err(e) => (Answer::Error, Some(e.to_string())),
                    },
                )
                .collect(),
            Err(e) => vec![(Answer::Error, Some(e.to_string())); urls.len()],
        };
        let mut info = engine.info().clone();
        info.name.clone_from(name);
        (info, Ok(replies))
    };
    match rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.max(1))
        .build()
    {
        Ok(pool) => pool.install(|| chosen.par_iter().map(ask).collect()),
        Err(_) => chosen.iter().map(ask).collect(),
    }
}

/// The reference's verdict on each of `urls` under each profile, with its explanation: per
/// URL, one entry per profile. The file is parsed once per profile (each URL alone only when
/// the reference cannot take one of them).
fn reference_all(body: &[u8], agent: &str, urls: &[String]) -> Vec<Vec<ReferenceVerdict>> {
    let limit = reptest_reference::DEFAULT_SIZE_LIMIT;
    let mut out: Vec<Vec<ReferenceVerdict>> = vec![Vec::new(); urls.len()];
    for &profile in &Profile::ALL {
        let verdict = |v: crate::explain::UrlVerdict| ReferenceVerdict {
            explanation: v.explanation,
            profile,
            verdict: v.verdict,
        };
        match crate::explain::explain(body, profile, limit, agent, urls) {
            Ok(e) if e.verdicts.len() == urls.len() => {
                for (slot, v) in out.iter_mut().zip(e.verdicts) {
                    slot.push(verdict(v));
                }
            }
            _ => {
                for (slot, url) in out.iter_mut().zip(urls) {
                    let one = std::slice::from_ref(url);
                    slot.push(
                        match crate::explain::explain(body, profile, limit, agent, one) {
                            Ok(e) => e.verdicts.into_iter().next().map_or_else(
                                || ReferenceVerdict {
                                    explanation: String::new(),
                                    profile,
                                    verdict: Answer::Error,
                                },
                                verdict,
                            ),
                            Err(e) => ReferenceVerdict {
                                explanation: format!("{e:#}"),
                                profile,
                                verdict: Answer::Error,
                            },
                        },
                    );
                }
            }
        }
    }
    out
}

/// What the committed report knows: each spec check's answers and decision, and the findings.
/// One answered spec check: `case#check`, how the reference decided it, its feature, and each
/// implementation's answer.
type SpecCheck = (String, Decided, Option<String>, BTreeMap<String, Answer>);

/// How the reference decided a question under `rfc9309`: the decision tags, and whether the
/// deciding rule overrides another rule that matches too (without its line, the verdict
/// turns): a precedence question, not only a matching one.
type Decided = (Option<Vec<&'static str>>, bool);

/// [`Decided`] for a one-URL input.
fn decided(input: &Input) -> Decided {
    let tags = findings::decision(input, Profile::Rfc9309);
    (tags, overrides(input))
}

/// Whether the rule deciding the input's first URL under `rfc9309` overrides another
/// matching rule: removing its line turns the verdict.
fn overrides(input: &Input) -> bool {
    use reptest_reference::{ParseOptions, Robots};
    let verdict_without = |body: &[u8], skip: Option<usize>| {
        let kept: Vec<&[u8]> = body
            .split(|b| *b == b'\n')
            .enumerate()
            .filter(|(i, _)| Some(i + 1) != skip)
            .map(|(_, line)| line)
            .collect();
        let body = kept.join(&b'\n');
        let robots = Robots::parse(&body, ParseOptions::new(Profile::Rfc9309));
        let selection = robots.select(&[input.agent.as_str()]);
        let url = input.urls.first()?;
        let verdict = selection.check_url(url).ok()?;
        Some((verdict.allowed, verdict.rule.map(|r| r.line)))
    };
    let body = input.body();
    let Some((allowed, Some(line))) = verdict_without(&body, None) else {
        return false;
    };
    verdict_without(&body, Some(line)).is_some_and(|(without, _)| without != allowed)
}

#[derive(Default)]
struct Known {
    /// (`case#check`, decision tags under rfc9309, its feature, implementation → answer).
    checks: Vec<SpecCheck>,
    findings: Option<Index>,
}

impl Known {
    fn load(reports: &Path, cases_dir: &Path) -> Known {
        let mut known = Known {
            findings: Index::read(&reports.join("findings/index.json"))
                .ok()
                .flatten(),
            ..Known::default()
        };
        let (Ok(results), Ok(cases)) = (
            crate::results::load_results(&reports.join("results.json")),
            cases::load_dir(cases_dir),
        ) else {
            return known;
        };
        known.checks = spec_checks(&results, &cases);
        known
    }

    /// The spec checks and findings showing the split `live`, best first (at most two of
    /// each): most implementations agreeing, then most traits of the file in common
    /// (diagnostics, line ends, the URL's shape: the feature's part after the decision).
    fn covers(&self, input: &Input, live: &BTreeMap<String, Answer>) -> Vec<Cover> {
        let decision = decided(input);
        let feature = findings::feature(input).unwrap_or_default();
        let traits = |other: &str| {
            let mine = extras(&feature);
            extras(other).iter().filter(|t| mine.contains(t)).count()
        };
        let rank = |mut covers: Vec<(Cover, usize)>| {
            covers.sort_by_key(|(c, t)| (std::cmp::Reverse((c.agreeing, *t)), c.id.clone()));
            covers.into_iter().take(2).map(|(c, _)| c)
        };
        let mut out: Vec<Cover> = rank(
            self.checks
                .iter()
                .filter(|(_, d, _, _)| *d == decision)
                .filter_map(|(id, _, f, answers)| {
                    let cover = same_split(live, answers, "spec-case", id)?;
                    Some((cover, traits(f.as_deref().unwrap_or_default())))
                })
                .collect(),
        )
        .collect();
        if let Some(index) = &self.findings {
            let wanted = decision_part(&feature);
            out.extend(rank(
                index
                    .families
                    .iter()
                    .filter(|f| !feature.is_empty() && decision_part(&f.feature) == wanted)
                    .filter_map(|f| {
                        let cover = same_split(live, &f.split, "finding", &f.id)?;
                        Some((cover, traits(&f.feature)))
                    })
                    .collect(),
            ));
        }
        out
    }
}

/// The reference's decision within a finding's feature (before the file's other traits).
fn decision_part(feature: &str) -> &str {
    feature.split(" + ").next().unwrap_or(feature)
}

/// The file's and question's traits within a feature (after the decision).
fn extras(feature: &str) -> Vec<&str> {
    feature
        .split_once(" + ")
        .map_or_else(Vec::new, |(_, rest)| rest.split(' ').collect())
}

/// A cover when `known` splits the implementations it shares with `live` as `live` does, on
/// at least nine in ten of them and on both sides (allow and disallow among the agreeing).
fn same_split(
    live: &BTreeMap<String, Answer>,
    known: &BTreeMap<String, Answer>,
    kind: &'static str,
    id: &str,
) -> Option<Cover> {
    let decided = |a: &Answer| matches!(a, Answer::Allow | Answer::Disallow);
    let shared: Vec<(&Answer, &Answer)> = live
        .iter()
        .filter(|(_, a)| decided(a))
        .filter_map(|(name, a)| known.get(name).filter(|b| decided(b)).map(|b| (a, b)))
        .collect();
    let agreeing: Vec<&Answer> = shared
        .iter()
        .filter(|(a, b)| a == b)
        .map(|(a, _)| *a)
        .collect();
    let both_sides = [Answer::Allow, Answer::Disallow]
        .iter()
        .all(|side| agreeing.contains(&side));
    (shared.len() >= 3 && both_sides && agreeing.len() * 10 >= shared.len() * 9).then(|| Cover {
        agreeing: agreeing.len(),
        id: id.to_owned(),
        kind,
        shared: shared.len(),
    })
}

/// Every answered spec check of `results`: its id, the reference's decision on it, and each
/// implementation's answer.
fn spec_checks(results: &Results, cases: &[Case]) -> Vec<SpecCheck> {
    let mut answers: BTreeMap<(&str, usize), BTreeMap<String, Answer>> = BTreeMap::new();
    for implementation in &results.implementations {
        for r in &implementation.results {
            answers
                .entry((r.case.as_str(), r.check))
                .or_default()
                .insert(implementation.name.clone(), r.answer);
        }
    }
    let mut out = Vec::new();
    for check in robots_checks(cases) {
        let Some(split) = answers.get(&(check.case.id.as_str(), check.index)) else {
            continue;
        };
        let id = format!("{}#{}", check.case.id, check.index);
        let input = Input {
            lines: vec![check.body.to_vec()],
            agent: check.agent.to_owned(),
            urls: vec![check.url],
        };
        let decision = decided(&input);
        let feature = findings::feature(&input);
        out.push((id, decision, feature, split.clone()));
    }
    out
}

impl Comparison {
    /// The side-by-side text.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{}, crawler {}: {} implementations",
            self.robots,
            self.agent,
            self.implementations.len()
        );
        for u in &self.urls {
            let _ = writeln!(out, "\n{}{}", u.url, if u.split { "  (split)" } else { "" });
            for group in &u.groups {
                let head = format!(
                    "  {:<11} {:>2}: ",
                    group.answer.name(),
                    group.implementations.len()
                );
                out.push_str(&wrapped(&head, &group.implementations, 96));
                if !group.differs_from_reference.is_empty() {
                    let _ = writeln!(
                        out,
                        "      not as the reference under {}",
                        group.differs_from_reference.join(", ")
                    );
                }
                for (name, detail) in &group.details {
                    let (shown, cut) = crate::text::clip(detail, 160);
                    let more = if cut > 0 { "…" } else { "" };
                    let _ = writeln!(out, "      {name}: {shown}{more}");
                }
            }
            for r in &u.reference {
                let _ = writeln!(
                    out,
                    "  reference {:<8} {}",
                    r.profile.name(),
                    if r.explanation.is_empty() {
                        r.verdict.name().to_owned()
                    } else {
                        r.explanation.clone()
                    }
                );
            }
            for c in &u.covered_by {
                let _ = writeln!(
                    out,
                    "  covered by {} {} (the same split on {} of {} shared implementations)",
                    c.kind, c.id, c.agreeing, c.shared
                );
            }
            if u.split && u.covered_by.is_empty() {
                let _ = writeln!(
                    out,
                    "  no spec case or finding shows this split (`reptest fuzz-diff` may find one)"
                );
            }
        }
        for why in &self.unavailable {
            let _ = writeln!(out, "\nunavailable: {why}");
        }
        out
    }
}

/// `head` then `names` comma-separated, wrapped before `width` columns, continuation lines
/// indented as far as `head`.
fn wrapped(head: &str, names: &[String], width: usize) -> String {
    let indent = " ".repeat(head.chars().count());
    let mut out = head.to_owned();
    let mut column = out.chars().count();
    for (i, name) in names.iter().enumerate() {
        let piece = if i + 1 < names.len() {
            format!("{name},")
        } else {
            name.clone()
        };
        if i > 0 {
            if column + 1 + piece.chars().count() > width {
                out.push('\n');
                out.push_str(&indent);
                column = indent.chars().count();
            } else {
                out.push(' ');
                column += 1;
            }
        }
        out.push_str(&piece);
        column += piece.chars().count();
    }
    out.push('\n');
    out
}
