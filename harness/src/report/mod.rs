//! The published compatibility report: `reports/results.json` (everything a run found,
//! machine-readable; its model is here), and the two pages drawn from it, `reports/README.md`
//! and `reports/index.html` ([`readme`], [`html`]).
//!
//! Drawing the pages is a pure function of `results.json` and the findings index, so that CI
//! can check that the committed pages are what the code makes of the committed results;
//! running engines over the real-world corpus is [`impact`]'s, and putting a run together is
//! [`build`]'s.

pub mod draw;
pub mod impact;
mod landing;
mod pages;
pub mod records;
pub mod scores;

pub use crate::results::{
    COMMAND, CaseRecord, CheckRecord, CheckResult, ClaimRecord, FetchCaseRecord, ForceGroup,
    Impact, ImpactRow, Implementation, NoVerdict, Results, SCHEMA, SiteRow, compact_fill,
    load_results, refresh_claims, score, score_by_force,
};
pub use landing::{Defect, defects};
pub use pages::{html, html_with, pages, readme, readme_with};

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};

use crate::answer::Answer;
use crate::drive::run_adapters;
use crate::engines::adapters;
use crate::engines::registry::{self, Dirs};
use crate::fuzz::campaign::implementations_for;
use crate::fuzz::corpus::Corpus;
use crate::suite::cases::{Case, CaseKind};
use crate::suite::runner::{AdapterReport, Reply};
use crate::suite::tags;

fn relative(path: &Path) -> String {
    let root = crate::engines::adapters::workspace_root();
    let shown = path.strip_prefix(&root).unwrap_or(path);
    let text = shown.to_string_lossy().replace('\\', "/");
    match text.find("spec-cases/") {
        Some(i) => text[i..].to_owned(),
        None => text,
    }
}

/// Replaces the workspace's absolute path (in adapter errors and tracebacks) with `.`, so
/// that results name no machine path and do not depend on where the checkout is.
pub fn scrub(text: &str) -> String {
    let root = crate::engines::adapters::workspace_root();
    let root = root.to_string_lossy();
    let mut out = text.replace(root.as_ref(), ".");
    if let Ok(canonical) = std::fs::canonicalize(root.as_ref()) {
        out = out.replace(canonical.to_string_lossy().as_ref(), ".");
    }
    out
}

/// The results of a run, in report form.
pub fn results(
    cases: &[Case],
    reports: &[AdapterReport],
    deviations: &BTreeMap<String, BTreeMap<String, String>>,
    impact: Option<Impact>,
) -> Results {
    let case_records = cases
        .iter()
        .filter_map(|case| {
            let CaseKind::Robots {
                body,
                agent,
                checks,
                ..
            } = &case.kind
            else {
                return None;
            };
            let (robots, escaped) = crate::text::escape(body);
            Some(CaseRecord {
                id: case.id.clone(),
                file: relative(&case.file),
                area: tags::area(&case.tags).to_owned(),
                tags: case.tags.clone(),
                spec: case.spec.clone(),
                note: case.note.clone(),
                profiles: case.profiles.clone(),
                force: case.forces.clone(),
                robots,
                escaped,
                fill_to: None,
                agent: agent.clone(),
                checks: checks
                    .iter()
                    .map(|c| CheckRecord {
                        url: c.url.clone(),
                        agent: c.agent.clone(),
                        expect: case
                            .profiles
                            .iter()
                            .filter_map(|p| Some((*p, c.expect.for_profile(*p)?.answer()?)))
                            .collect(),
                    })
                    .collect(),
            })
        })
        .collect();
    let fetch_ids: BTreeSet<&str> = cases
        .iter()
        .filter(|c| matches!(c.kind, CaseKind::Served { .. }))
        .map(|c| c.id.as_str())
        .collect();
    let records_ids: BTreeSet<&str> = cases
        .iter()
        .filter(|c| matches!(c.kind, CaseKind::Records { .. }))
        .map(|c| c.id.as_str())
        .collect();
    let mut implementations: Vec<Implementation> = reports
        .iter()
        .map(|r| Implementation {
            name: r.info.name.clone(),
            implementation: r.info.implementation.clone(),
            language: r.info.language.clone(),
            version: r.info.version.clone(),
            kind: adapters::Kind::Parser,
            unavailable: r.unavailable.as_deref().map(scrub),
            claim: None,
            deviations: deviations.get(&r.info.name).cloned().unwrap_or_default(),
            fetch_results: r
                .outcomes
                .iter()
                .filter(|o| fetch_ids.contains(o.case.as_str()))
                .map(|o| {
                    let mut r = check_result(o);
                    // A fetch case's wait is whole seconds of a fixed bound
                    // (`no_answer_within`): kept, so that the report says how long it waited
                    // (a crawl's first line only: the log's tail after it changes).
                    if let Reply::Timeout(waited) = &o.reply {
                        r.detail = waited.lines().next().map(str::to_owned);
                    }
                    // Loopback ports change from run to run; results.json does not.
                    r.detail = r.detail.map(|d| crate::fetch::scrub_ports(&d));
                    r
                })
                .collect(),
            records_results: r
                .outcomes
                .iter()
                .filter(|o| records_ids.contains(o.case.as_str()))
                .map(|o| CheckResult {
                    // A records check's outcome carries what was answered in its label.
                    answered: crate::suite::records::answered_value(&o.url).map(str::to_owned),
                    ..check_result(o)
                })
                .collect(),
            results: r
                .outcomes
                .iter()
                .filter(|o| {
                    !fetch_ids.contains(o.case.as_str()) && !records_ids.contains(o.case.as_str())
                })
                .map(check_result)
                .collect(),
        })
        .collect();
    implementations.sort_by(|a, b| a.name.cmp(&b.name));
    let mut case_records: Vec<CaseRecord> = case_records;
    case_records.iter_mut().for_each(compact_fill);
    Results {
        schema: SCHEMA,
        generated_by: format!("{COMMAND} (reptest report)"),
        cases: case_records,
        implementations,
        impact,
        fetch_cases: cases.iter().filter_map(fetch_case_record).collect(),
        records_cases: cases
            .iter()
            .filter_map(|c| records::case_record(c, relative(&c.file)))
            .collect(),
    }
}

fn check_result(o: &crate::suite::runner::CheckOutcome) -> CheckResult {
    CheckResult {
        answered: None,
        case: o.case.clone(),
        check: o.index,
        answer: o.reply.answer(),
        detail: match &o.reply {
            Reply::Error(e) => Some(scrub(e)),
            // No timing in results.json: the same adapters give the same file.
            Reply::Timeout(_) => Some("no answer within the time limit".to_owned()),
            Reply::NotExpressible(why) => Some((*why).to_owned()),
            Reply::Verdict(_) => None,
        },
        status: o.status.clone(),
    }
}

/// The report's record of a fetch case (`None` for any other case).
pub fn fetch_case_record(case: &Case) -> Option<FetchCaseRecord> {
    let CaseKind::Served {
        play,
        agent,
        checks,
        outcome,
        requests,
        ..
    } = &case.kind
    else {
        return None;
    };
    let mut records: Vec<CheckRecord> = checks
        .iter()
        .map(|c| CheckRecord {
            url: c.url.clone(),
            agent: None,
            expect: case
                .profiles
                .iter()
                .filter_map(|p| Some((*p, c.expect.for_profile(*p)?.answer()?)))
                .collect(),
        })
        .collect();
    records.extend(requests.labels().into_iter().map(|label| CheckRecord {
        url: label,
        agent: None,
        expect: case.profiles.iter().map(|p| (*p, Answer::Allow)).collect(),
    }));
    Some(FetchCaseRecord {
        id: case.id.clone(),
        file: relative(&case.file),
        tags: case.tags.clone(),
        spec: case.spec.clone(),
        note: case.note.clone(),
        profiles: case.profiles.clone(),
        force: case.forces.clone(),
        served: play.summary(),
        outcome: outcome
            .as_ref()
            .map(|o| {
                case.profiles
                    .iter()
                    .filter_map(|p| Some((*p, o.for_profile(*p)?.name().to_owned())))
                    .collect()
            })
            .unwrap_or_default(),
        agent: agent.clone(),
        checks: records,
    })
}

/// The pages under `dir` that differ from `pages` (their paths).
pub fn stale(dir: &Path, pages: &[(String, String)]) -> Vec<String> {
    pages
        .iter()
        .filter(|(name, text)| {
            std::fs::read_to_string(dir.join(name)).ok().as_deref() != Some(text.as_str())
        })
        .map(|(name, _)| dir.join(name).display().to_string())
        .collect()
}

/// Writes `pages` under `dir` (created if missing); returns the paths written.
pub fn write(dir: &Path, pages: &[(String, String)]) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut written = Vec::new();
    for (name, text) in pages {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}

/// Checks that the pages under `dir` are `pages`; the error names those that are not.
pub fn check(dir: &Path, pages: &[(String, String)]) -> Result<()> {
    let stale = stale(dir, pages);
    if !stale.is_empty() {
        anyhow::bail!(
            "the committed report is not what the code draws from results.json: {} \
             (run `reptest report --render` and commit)",
            stale.join(", ")
        );
    }
    Ok(())
}

/// What a full `reptest report` run covers.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The directory of case files.
    pub cases_dir: PathBuf,
    /// The real-world corpus (its section is left out when the folder does not exist).
    pub corpus: PathBuf,
    /// The crawler asked about on the corpus.
    pub impact_agent: String,
    /// How long an adapter may take to answer one request.
    pub timeout: Duration,
    /// Adapters run at once.
    pub jobs: usize,
    /// Set the adapters up first.
    pub setup: bool,
    /// Where the adapters are.
    pub dirs: Dirs,
    /// Only these adapters (every one that is set up when empty); see [`merge`].
    pub adapters: Vec<String>,
}

/// Runs the suite over every adapter that is set up, and every implementation over the
/// corpus, into [`Results`]. Messages go to `log`; `progress` hears each adapter and engine
/// as it finishes (from worker threads).
pub fn build(
    options: &BuildOptions,
    log: &mut dyn Write,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Results> {
    let cases = crate::suite::cases::load_dir(&options.cases_dir)?;
    let ids: BTreeSet<String> = cases.iter().map(|c| c.id.clone()).collect();
    let ready = registry::choose(&options.dirs, &options.adapters, options.setup, false, log)?;
    let total = ready.len();
    let on_report = |done: usize, r: &AdapterReport| {
        progress(&format!("[{done}/{total}] suite: {}", r.info.name));
    };
    let reports = run_adapters(
        &ready,
        &cases,
        &ids,
        options.timeout,
        options.jobs,
        &on_report,
    );
    let deviations = ready
        .iter()
        .map(|a| {
            let reasons = adapters::deviation_map(&a.manifest)
                .into_iter()
                .map(|((case, _), reason)| (case, reason))
                .collect();
            (a.manifest.name.clone(), reasons)
        })
        .collect();
    let impact = match Corpus::load_if_present(&options.corpus)? {
        Some(corpus) => {
            let (mut engines, warnings) = implementations_for(&ready, options.timeout);
            for warning in warnings {
                writeln!(log, "warning: {warning}")?;
            }
            let name = options
                .corpus
                .file_name()
                .map_or_else(|| "corpus".to_owned(), |n| n.to_string_lossy().into_owned());
            writeln!(
                log,
                "real-world impact: {} implementations on {} sites",
                engines.len(),
                corpus.sites.len()
            )?;
            let on_engine = |name: &str| progress(&format!("impact: {name} done"));
            Some(impact::measure(
                &mut engines,
                &corpus,
                &name,
                &options.impact_agent,
                options.jobs,
                &on_engine,
            ))
        }
        None => {
            writeln!(
                log,
                "no corpus at {}: the real-world section is left out",
                options.corpus.display()
            )?;
            None
        }
    };
    let mut out = results(&cases, &reports, &deviations, impact);
    let claims: BTreeMap<&str, ClaimRecord> = ready
        .iter()
        .filter_map(|a| {
            Some((
                a.manifest.name.as_str(),
                ClaimRecord::of(a.manifest.claim.as_ref()?),
            ))
        })
        .collect();
    let kinds: BTreeMap<&str, adapters::Kind> = ready
        .iter()
        .map(|a| (a.manifest.name.as_str(), a.manifest.kind))
        .collect();
    for imp in &mut out.implementations {
        imp.claim = claims.get(imp.name.as_str()).cloned();
        imp.kind = kinds.get(imp.name.as_str()).copied().unwrap_or_default();
    }
    Ok(out)
}

/// `previous` (the committed results) with the implementations of `fresh` put in: their
/// suite results and corpus rows replace those of the same name, every other one is kept as it
/// was. The cases must be the same in both: a changed suite needs a full run.
pub fn merge(mut previous: Results, fresh: Results) -> Result<Results> {
    if previous.schema != fresh.schema
        || previous.cases != fresh.cases
        || previous.fetch_cases != fresh.fetch_cases
        || previous.records_cases != fresh.records_cases
    {
        anyhow::bail!(
            "the suite differs from the one in results.json: run `reptest report` over every \
             adapter instead of merging some"
        );
    }
    let names: BTreeSet<&str> = fresh
        .implementations
        .iter()
        .map(|i| i.name.as_str())
        .collect();
    previous
        .implementations
        .retain(|i| !names.contains(i.name.as_str()));
    previous
        .implementations
        .extend(fresh.implementations.iter().cloned());
    previous.implementations.sort_by(|a, b| a.name.cmp(&b.name));
    match (&mut previous.impact, fresh.impact) {
        (Some(old), Some(new)) => {
            if (old.corpus.as_str(), old.agent.as_str(), old.sites, old.urls)
                != (new.corpus.as_str(), new.agent.as_str(), new.sites, new.urls)
            {
                anyhow::bail!(
                    "the corpus or its crawler differs from the one in results.json: run \
                     `reptest report` over every adapter instead of merging some"
                );
            }
            old.implementations
                .retain(|r| !names.contains(r.name.as_str()));
            old.implementations.extend(new.implementations);
            old.implementations.sort_by(|a, b| a.name.cmp(&b.name));
        }
        (None, None) => {}
        _ => anyhow::bail!(
            "results.json and this run differ in whether the corpus was measured: run \
             `reptest report` over every adapter instead of merging some"
        ),
    }
    Ok(previous)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(robots: String) -> CaseRecord {
        CaseRecord {
            id: "demo/one".to_owned(),
            file: "spec-cases/demo.toml".to_owned(),
            area: String::new(),
            tags: Vec::new(),
            spec: Vec::new(),
            note: None,
            profiles: Vec::new(),
            force: BTreeMap::new(),
            robots,
            escaped: false,
            fill_to: None,
            agent: "a".to_owned(),
            checks: Vec::new(),
        }
    }

    fn implementation(name: &str, version: &str) -> Implementation {
        Implementation {
            name: name.to_owned(),
            implementation: name.to_owned(),
            language: "go".to_owned(),
            version: version.to_owned(),
            kind: adapters::Kind::Parser,
            unavailable: None,
            claim: None,
            deviations: BTreeMap::new(),
            results: Vec::new(),
            fetch_results: Vec::new(),
            records_results: Vec::new(),
        }
    }

    fn results_of(cases: Vec<CaseRecord>, implementations: Vec<Implementation>) -> Results {
        Results {
            schema: SCHEMA,
            generated_by: "test".to_owned(),
            cases,
            implementations,
            impact: None,
            fetch_cases: Vec::new(),
            records_cases: Vec::new(),
        }
    }

    #[test]
    fn a_merge_replaces_the_fresh_implementations_and_keeps_the_others() {
        let cases = vec![record("user-agent: *\n".to_owned())];
        let previous = results_of(
            cases.clone(),
            vec![implementation("a", "1"), implementation("c", "1")],
        );
        let fresh = results_of(
            cases.clone(),
            vec![implementation("c", "2"), implementation("b", "1")],
        );
        let merged = merge(previous.clone(), fresh).expect("same suite");
        let names: Vec<(&str, &str)> = merged
            .implementations
            .iter()
            .map(|i| (i.name.as_str(), i.version.as_str()))
            .collect();
        assert_eq!(names, [("a", "1"), ("b", "1"), ("c", "2")]);
        let other_suite = results_of(
            vec![record("user-agent: x\n".to_owned())],
            vec![implementation("b", "1")],
        );
        assert!(merge(previous, other_suite).is_err());
    }

    #[test]
    fn filler_is_shown_as_the_case_files_fill_line_and_round_trips() {
        let source = b"user-agent: *\n<fill>\ndisallow: /after\n";
        let body = crate::text::fill(source, 20_000).expect("fills");
        let mut case = record(String::from_utf8(body.clone()).expect("ascii"));
        compact_fill(&mut case);
        assert_eq!(case.robots.as_bytes(), source);
        assert_eq!(case.fill_to, Some(20_000));
        let again = crate::text::fill(case.robots.as_bytes(), 20_000).expect("fills");
        assert_eq!(again, body);
        let mut short = record("user-agent: *\n#...\n#....\ndisallow: /x\n".to_owned());
        compact_fill(&mut short);
        assert_eq!(short.fill_to, None, "a few comment lines are not filler");
    }

    #[test]
    fn a_raise_and_no_answer_are_told_apart() {
        let result = |answer: Answer, detail: Option<&str>| CheckResult {
            case: "fetch/x".to_owned(),
            check: 0,
            answer,
            detail: detail.map(str::to_owned),
            status: BTreeMap::new(),
            answered: None,
        };
        let raised = result(
            Answer::Error,
            Some(
                "implementation error: ReadTimeout: read timed out\nTraceback (most recent call last):",
            ),
        );
        assert_eq!(
            raised.no_verdict(),
            Some(NoVerdict::Raised("ReadTimeout: read timed out".to_owned()))
        );
        assert_eq!(
            raised.no_verdict().expect("none").to_string(),
            "raised: ReadTimeout: read timed out"
        );
        let waited = result(Answer::Timeout, Some("no answer within 33 s"));
        assert_eq!(
            waited.no_verdict().expect("none").to_string(),
            "no answer within 33 s"
        );
        // Results written before timeouts were recorded as such still read as no answer.
        let older = result(Answer::Error, Some("no answer within the timeout of 33.0s"));
        assert!(matches!(older.no_verdict(), Some(NoVerdict::NoAnswer(_))));
        let broken = result(Answer::Error, Some("adapter failure: crashed: exit 1"));
        assert_eq!(
            broken.no_verdict().expect("none").to_string(),
            "no verdict: adapter failure: crashed: exit 1"
        );
        let long = result(
            Answer::Error,
            Some(&format!("implementation error: {}", "x".repeat(200))),
        );
        let shown = long.no_verdict().expect("none").to_string();
        assert!(
            shown.ends_with('…') && shown.chars().count() < 90,
            "{shown}"
        );
        assert_eq!(result(Answer::Allow, None).no_verdict(), None);
        assert_eq!(
            result(Answer::Unsupported, Some("not asked")).no_verdict(),
            None
        );
    }
}
