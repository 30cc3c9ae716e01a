//! The published compatibility report: `reports/results.json` (everything a run found,
//! machine-readable), and the two pages rendered from it, `reports/README.md` and
//! `reports/index.html`.
//!
//! Rendering is a pure function of `results.json` and the findings index, so that CI can
//! check that the committed pages are what the code makes of the committed results; running
//! engines over the real-world corpus is [`impact`]'s, and putting a run together is
//! [`build`]'s.

pub mod impact;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};
use reptest_reference::Profile;
use serde::{Deserialize, Serialize};

use crate::answer::{Answer, Status};
use crate::engines::adapters::{self, Dirs};
use crate::fuzz::campaign::implementations_for;
use crate::fuzz::corpus::Corpus;
use crate::fuzz::findings::Index as FindingsIndex;
use crate::suite::cases::{Case, CaseKind};
use crate::suite::runner::{AdapterReport, Reply, run_adapters};
use crate::suite::tags;

/// The version of `results.json`'s format.
pub const SCHEMA: u32 = 1;

/// The command that regenerates everything.
pub const COMMAND: &str = "cargo report";

/// `reports/results.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Results {
    /// [`SCHEMA`].
    pub schema: u32,
    /// What made it.
    pub generated_by: String,
    /// Every robots.txt case of the suite (the questions protocol v1 can put).
    pub cases: Vec<CaseRecord>,
    /// Every implementation's answers.
    pub implementations: Vec<Implementation>,
    /// Disagreements with the reference on real files, when the corpus was there.
    pub impact: Option<Impact>,
}

/// One spec case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaseRecord {
    /// `file/name`.
    pub id: String,
    /// The case file, relative to the workspace.
    pub file: String,
    /// The feature area (a matrix column), from its tags ([`tags::area`]).
    pub area: String,
    /// Its tags.
    pub tags: Vec<String>,
    /// Its spec references.
    pub spec: Vec<String>,
    /// Its note.
    pub note: Option<String>,
    /// The profiles it applies to.
    #[serde(with = "crate::answer::profile_list")]
    pub profiles: Vec<Profile>,
    /// The body, in the spec cases' escape convention when `escaped`.
    pub robots: String,
    /// Whether `robots` is escaped (`\xHH`, `\r`, …).
    pub escaped: bool,
    /// The crawler.
    pub agent: String,
    /// Its checks.
    pub checks: Vec<CheckRecord>,
}

/// One URL of a case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckRecord {
    /// The URL as asked.
    pub url: String,
    /// The crawler, when it differs from the case's.
    pub agent: Option<String>,
    /// The expected verdict per profile.
    #[serde(with = "crate::answer::by_profile")]
    pub expect: BTreeMap<Profile, Answer>,
}

/// One implementation's run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Implementation {
    /// Adapter name.
    pub name: String,
    /// The implementation's own name.
    pub implementation: String,
    /// Its language.
    pub language: String,
    /// Its pinned version.
    pub version: String,
    /// Why it could not answer at all, if so.
    pub unavailable: Option<String>,
    /// Known deviations: case id → the reason in its manifest.
    pub deviations: BTreeMap<String, String>,
    /// One result per check, in case order.
    pub results: Vec<CheckResult>,
}

/// One check's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckResult {
    /// The case id.
    pub case: String,
    /// The check's index in the case.
    pub check: usize,
    /// The answer.
    pub answer: Answer,
    /// The error, or why the question could not be put.
    pub detail: Option<String>,
    /// The status under each profile the case applies to.
    #[serde(with = "crate::answer::by_profile")]
    pub status: BTreeMap<Profile, Status>,
}

/// Real-world impact: each implementation against the reference on the corpus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Impact {
    /// The corpus's name.
    pub corpus: String,
    /// The crawler asked about.
    pub agent: String,
    /// Sites with URLs.
    pub sites: usize,
    /// (site, URL) checks.
    pub urls: usize,
    /// One row per implementation.
    pub implementations: Vec<ImpactRow>,
}

/// One implementation on the corpus.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImpactRow {
    /// Adapter name.
    pub name: String,
    /// Checks answered with a verdict.
    pub answered: usize,
    /// Checks answered `unsupported`.
    pub unsupported: usize,
    /// Checks that got an error.
    pub errors: usize,
    /// Answered checks whose verdict differs from the reference, per profile.
    #[serde(with = "crate::answer::by_profile")]
    pub disagree: BTreeMap<Profile, usize>,
    /// The sites with the most disagreements under `rfc9309` (at most five).
    pub top_sites: Vec<SiteRow>,
}

/// Disagreements on one site.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiteRow {
    /// The host.
    pub host: String,
    /// Its URLs.
    pub urls: usize,
    /// Disagreements per profile.
    #[serde(with = "crate::answer::by_profile")]
    pub disagree: BTreeMap<Profile, usize>,
}

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
                robots,
                escaped,
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
    let mut implementations: Vec<Implementation> = reports
        .iter()
        .map(|r| Implementation {
            name: r.info.name.clone(),
            implementation: r.info.implementation.clone(),
            language: r.info.language.clone(),
            version: r.info.version.clone(),
            unavailable: r.unavailable.as_deref().map(scrub),
            deviations: deviations.get(&r.info.name).cloned().unwrap_or_default(),
            results: r
                .outcomes
                .iter()
                .map(|o| CheckResult {
                    case: o.case.clone(),
                    check: o.index,
                    answer: o.reply.answer(),
                    detail: match &o.reply {
                        Reply::Error(e) => Some(scrub(e)),
                        Reply::NotExpressible(why) => Some((*why).to_owned()),
                        Reply::Verdict(_) => None,
                    },
                    status: o.status.clone(),
                })
                .collect(),
        })
        .collect();
    implementations.sort_by(|a, b| a.name.cmp(&b.name));
    Results {
        schema: SCHEMA,
        generated_by: format!("{COMMAND} (reptest report)"),
        cases: case_records,
        implementations,
        impact,
    }
}

/// Passed (including unexpected passes) and total checks of one implementation under one
/// profile, optionally in one area.
pub fn score(
    results: &Results,
    implementation: &Implementation,
    profile: Profile,
    area: Option<&str>,
) -> (usize, usize) {
    let areas: BTreeMap<&str, &str> = results
        .cases
        .iter()
        .map(|c| (c.id.as_str(), c.area.as_str()))
        .collect();
    let mut passed = 0;
    let mut total = 0;
    for result in &implementation.results {
        if area.is_some_and(|a| areas.get(result.case.as_str()) != Some(&a)) {
            continue;
        }
        if let Some(status) = result.status.get(&profile) {
            total += 1;
            if status.correct() {
                passed += 1;
            }
        }
    }
    (passed, total)
}

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        "–".to_owned()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / whole as f64)
    }
}

/// The areas that hold at least one case, in matrix order.
fn areas_present(results: &Results) -> Vec<&'static str> {
    let present: BTreeSet<&str> = results.cases.iter().map(|c| c.area.as_str()).collect();
    tags::AREAS
        .iter()
        .copied()
        .chain([tags::OTHER])
        .filter(|a| present.contains(a))
        .collect()
}

fn ranked(results: &Results) -> Vec<&Implementation> {
    let mut rows: Vec<&Implementation> = results.implementations.iter().collect();
    rows.sort_by(|a, b| {
        let (pa, ta) = score(results, a, Profile::Rfc9309, None);
        let (pb, tb) = score(results, b, Profile::Rfc9309, None);
        // Higher share first; compare pa/ta with pb/tb without floats.
        (pb * ta.max(1))
            .cmp(&(pa * tb.max(1)))
            .then_with(|| a.name.cmp(&b.name))
    });
    rows
}

/// The first sentence of a note, on one line, for one-line reasons.
fn first_sentence(text: &str) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let end = text.find(". ").map_or(text.len(), |i| i + 1);
    text[..end].to_owned()
}

/// `reports/README.md`: its sections in order.
pub fn readme(
    results: &Results,
    findings: Option<&FindingsIndex>,
) -> std::result::Result<String, fmt::Error> {
    let mut out = String::new();
    section::header(&mut out, results)?;
    section::scores(&mut out, results)?;
    section::areas(&mut out, results)?;
    if let Some(impact) = &results.impact {
        section::impact(&mut out, impact)?;
    }
    if let Some(findings) = findings {
        section::findings(&mut out, findings)?;
    }
    section::spec_conflicts(&mut out, results)?;
    section::per_implementation(&mut out, results)?;
    while out.ends_with("\n\n") {
        out.pop();
    }
    Ok(out)
}

/// The sections of `reports/README.md`, one function each.
mod section {
    use std::collections::BTreeMap;
    use std::fmt::{self, Write as _};

    use reptest_reference::Profile;

    use super::{
        COMMAND, CaseRecord, FindingsIndex, Impact, ImpactRow, Results, areas_present, first_line,
        first_sentence, percent, ranked, score,
    };
    use crate::answer::{Answer, Status};

    /// The title and what the report is.
    pub(super) fn header(out: &mut String, results: &Results) -> fmt::Result {
        writeln!(
            out,
            "<!-- Generated by `{COMMAND}` from results.json and findings/index.json; do not edit. \
             `reptest report --render` redraws it from the committed results. -->\n"
        )?;
        writeln!(out, "# robots.txt implementations: compatibility report\n")?;
        let checks: usize = results.cases.iter().map(|c| c.checks.len()).sum();
        writeln!(
            out,
            "{} implementations, each asked the {checks} robots.txt verdict checks of the {} spec \
             cases ([`spec-cases/`](../spec-cases/)) through protocol v1, and scored against the \
             reference under each profile: `rfc9309` (RFC 9309), `google` (Google's 2019 robots.txt \
             specification) and `legacy` (its pre-2019 text). A check that an implementation cannot \
             be asked (a size limit, fallback product tokens) counts as `unsupported`, never as \
             passed. [`index.html`](index.html) is the same data as an interactive matrix; \
             [`results.json`](results.json) holds everything (format in `harness/README.md`).\n",
            results.implementations.len(),
            results.cases.len()
        )?;
        Ok(())
    }

    /// Every implementation's score under each profile.
    pub(super) fn scores(out: &mut String, results: &Results) -> fmt::Result {
        writeln!(out, "## Scores\n")?;
        writeln!(
            out,
            "| implementation | language | version | rfc9309 | google | legacy | unsupported | errors |"
        )?;
        writeln!(out, "| --- | --- | --- | --- | --- | --- | --- | --- |")?;
        for imp in ranked(results) {
            let cell = |p: Profile| {
                let (passed, total) = score(results, imp, p, None);
                format!("{passed}/{total} ({})", percent(passed, total))
            };
            let count = |answer: Answer| imp.results.iter().filter(|r| r.answer == answer).count();
            writeln!(
                out,
                "| [{}](#{}) | {} | {} | {} | {} | {} | {} | {} |",
                imp.name,
                imp.name,
                imp.language,
                imp.version,
                cell(Profile::Rfc9309),
                cell(Profile::Google),
                cell(Profile::Legacy),
                count(Answer::Unsupported),
                count(Answer::Error)
            )?;
        }
        Ok(())
    }

    /// Scores by feature area, against `rfc9309` and `google`.
    pub(super) fn areas(out: &mut String, results: &Results) -> fmt::Result {
        let areas = areas_present(results);
        for profile in [Profile::Rfc9309, Profile::Google] {
            writeln!(out, "\n## By feature area, against `{profile}`\n")?;
            writeln!(out, "passed/total per area.\n")?;
            writeln!(out, "| implementation | {} |", areas.join(" | "))?;
            writeln!(out, "| --- |{}", " --- |".repeat(areas.len()))?;
            for imp in ranked(results) {
                let cells: Vec<String> = areas
                    .iter()
                    .map(|a| {
                        let (p, t) = score(results, imp, profile, Some(a));
                        format!("{p}/{t}")
                    })
                    .collect();
                writeln!(out, "| {} | {} |", imp.name, cells.join(" | "))?;
            }
        }
        Ok(())
    }

    /// The real-world impact on the corpus.
    pub(super) fn impact(out: &mut String, impact: &Impact) -> fmt::Result {
        writeln!(out, "\n## Real-world impact\n")?;
        writeln!(
            out,
            "On the `{}` corpus ({} sites with {} real URLs), each implementation was asked, as \
             `{}`, about every URL of each site under that site's real robots.txt. The share is \
             of the checks it answered with a verdict; the sites listed are where it disagrees \
             with the reference under `rfc9309` most often.\n",
            impact.corpus, impact.sites, impact.urls, impact.agent
        )?;
        writeln!(
            out,
            "| implementation | answered | differs from rfc9309 | differs from google | errors | most affected sites |"
        )?;
        writeln!(out, "| --- | --- | --- | --- | --- | --- |")?;
        let mut rows: Vec<&ImpactRow> = impact.implementations.iter().collect();
        rows.sort_by(|a, b| {
            let da = a.disagree.get(&Profile::Rfc9309).copied().unwrap_or(0);
            let db = b.disagree.get(&Profile::Rfc9309).copied().unwrap_or(0);
            (da * b.answered.max(1))
                .cmp(&(db * a.answered.max(1)))
                .then_with(|| a.name.cmp(&b.name))
        });
        for row in rows {
            let d = |p: Profile| {
                let n = row.disagree.get(&p).copied().unwrap_or(0);
                format!("{n} ({})", percent(n, row.answered))
            };
            let sites: Vec<String> = row
                .top_sites
                .iter()
                .take(3)
                .map(|s| {
                    format!(
                        "{} ({}/{})",
                        s.host,
                        s.disagree.get(&Profile::Rfc9309).copied().unwrap_or(0),
                        s.urls
                    )
                })
                .collect();
            writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} |",
                row.name,
                row.answered,
                d(Profile::Rfc9309),
                d(Profile::Google),
                row.errors,
                sites.join(", ")
            )?;
        }
        Ok(())
    }

    /// The differential findings, heaviest first.
    pub(super) fn findings(out: &mut String, findings: &FindingsIndex) -> fmt::Result {
        writeln!(out, "\n## Differential findings\n")?;
        let cases: u64 = findings.runs.iter().map(|r| r.cases).sum();
        writeln!(
            out,
            "`reptest fuzz-diff` put {cases} generated robots.txt questions to the reference and \
             every implementation and minimised each disagreement: {} families, catalogued in \
             [`findings/`](findings/README.md) with a report and a ready-to-promote spec case \
             each. The twenty that split the most implementations:\n",
            findings.families.len()
        )?;
        writeln!(
            out,
            "| family | feature | splits (rfc9309 / google) | implementations against rfc9309 |"
        )?;
        writeln!(out, "| --- | --- | --- | --- |")?;
        for family in findings.families.iter().take(20) {
            writeln!(
                out,
                "| [{}](findings/families/{}.md) | `{}` | {} / {} | {} |",
                family.id,
                family.id,
                family.feature,
                family.against_rfc9309.len(),
                family.against_google.len(),
                family.against_rfc9309.join(", ")
            )?;
        }
        Ok(())
    }

    /// The cases where the specification texts disagree.
    pub(super) fn spec_conflicts(out: &mut String, results: &Results) -> fmt::Result {
        writeln!(out, "\n## Where the specification texts disagree\n")?;
        writeln!(
            out,
            "Cases tagged `spec-conflict`, `spec-undefined` or `profile-split`: the texts (Google's \
             2019 specification and its translations, its legacy text, RFC 9309) say different \
             things or nothing, and each profile's decision is the expectation shown.\n"
        )?;
        writeln!(out, "| case | rfc9309 | google | legacy | why |")?;
        writeln!(out, "| --- | --- | --- | --- | --- |")?;
        for case in &results.cases {
            if !case.tags.iter().any(|t| {
                matches!(
                    t.as_str(),
                    "spec-conflict" | "spec-undefined" | "profile-split"
                )
            }) {
                continue;
            }
            let expect = |p: Profile| {
                let mut seen: Vec<&str> = case
                    .checks
                    .iter()
                    .map(|c| c.expect.get(&p).map_or("–", |a| a.name()))
                    .collect();
                seen.dedup();
                seen.join(", ")
            };
            writeln!(
                out,
                "| [`{}`](../{}) | {} | {} | {} | {} |",
                case.id,
                case.file,
                expect(Profile::Rfc9309),
                expect(Profile::Google),
                expect(Profile::Legacy),
                case.note
                    .as_deref()
                    .map(first_sentence)
                    .unwrap_or_default()
                    .replace('|', "\\|")
            )?;
        }
        Ok(())
    }

    /// Each implementation's failing checks.
    pub(super) fn per_implementation(out: &mut String, results: &Results) -> fmt::Result {
        writeln!(out, "\n## Per implementation\n")?;
        writeln!(
            out,
            "Each check an implementation fails under `rfc9309` or `google`: what it answered, what \
             each profile expects, and the case's note (or the known-deviation reason from its \
             manifest).\n"
        )?;
        let by_id: BTreeMap<&str, &CaseRecord> =
            results.cases.iter().map(|c| (c.id.as_str(), c)).collect();
        for imp in ranked(results) {
            writeln!(
                out,
                "### {}\n\n`{}` {} ({})\n",
                imp.name, imp.implementation, imp.version, imp.language
            )?;
            if let Some(why) = &imp.unavailable {
                writeln!(out, "Unavailable: {why}\n")?;
                continue;
            }
            let mut any = false;
            for result in &imp.results {
                let bad = |p: Profile| {
                    matches!(
                        result.status.get(&p),
                        Some(Status::Fail | Status::KnownFail | Status::Error)
                    )
                };
                if !bad(Profile::Rfc9309) && !bad(Profile::Google) {
                    continue;
                }
                any = true;
                let Some(case) = by_id.get(result.case.as_str()) else {
                    continue;
                };
                let expect = |p: Profile| {
                    case.checks
                        .get(result.check)
                        .and_then(|c| c.expect.get(&p))
                        .map_or("–", |a| a.name())
                };
                let status = |p: Profile| result.status.get(&p).map_or("–", |s| s.label());
                let why = imp
                    .deviations
                    .get(&result.case)
                    .map(|r| {
                        format!(
                            "known deviation: {}",
                            r.split_whitespace().collect::<Vec<_>>().join(" ")
                        )
                    })
                    .or_else(|| case.note.as_deref().map(first_sentence))
                    .unwrap_or_default();
                let answered = match &result.detail {
                    Some(detail) if result.answer == Answer::Error => {
                        format!("error ({})", first_line(detail))
                    }
                    _ => result.answer.to_string(),
                };
                writeln!(
                    out,
                    "- [`{}`](../{}) #{}: answered {answered}; rfc9309 expects {} ({}), google {} ({}). {}",
                    result.case,
                    case.file,
                    result.check + 1,
                    expect(Profile::Rfc9309),
                    status(Profile::Rfc9309),
                    expect(Profile::Google),
                    status(Profile::Google),
                    why
                )?;
            }
            if !any {
                writeln!(out, "No failing check.")?;
            }
            out.push('\n');
        }
        Ok(())
    }
}

fn first_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or("");
    crate::text::clip(line, 120).0.replace('|', "\\|")
}

/// Text safe inside an HTML `<script type="application/json">`.
fn script_json(value: &serde_json::Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// `reports/index.html`: one self-contained page (inline CSS and JS, no network resource).
pub fn html(results: &Results) -> String {
    let rows: Vec<serde_json::Value> = results
        .cases
        .iter()
        .flat_map(|case| {
            case.checks.iter().enumerate().map(move |(i, check)| {
                serde_json::json!({
                    "case": case.id,
                    "check": i,
                    "area": case.area,
                    "url": check.url,
                    "agent": check.agent.as_deref().unwrap_or(&case.agent),
                    "expect": crate::answer::named(&check.expect),
                })
            })
        })
        .collect();
    let index: BTreeMap<(&str, usize), usize> = results
        .cases
        .iter()
        .flat_map(|case| (0..case.checks.len()).map(move |i| (case.id.as_str(), i)))
        .enumerate()
        .map(|(n, key)| (key, n))
        .collect();
    let implementations: Vec<serde_json::Value> = ranked(results)
        .iter()
        .map(|imp| {
            let mut answers = vec![serde_json::Value::Null; rows.len()];
            let mut statuses = vec![serde_json::Value::Null; rows.len()];
            for result in &imp.results {
                if let Some(&n) = index.get(&(result.case.as_str(), result.check)) {
                    answers[n] = serde_json::json!(result.answer);
                    statuses[n] = serde_json::json!(
                        result
                            .status
                            .iter()
                            .map(|(p, s)| (p.name(), s.label()))
                            .collect::<BTreeMap<_, _>>()
                    );
                }
            }
            serde_json::json!({
                "name": imp.name,
                "language": imp.language,
                "version": imp.version,
                "answers": answers,
                "status": statuses,
            })
        })
        .collect();
    let cases: BTreeMap<&str, serde_json::Value> = results
        .cases
        .iter()
        .map(|c| {
            (
                c.id.as_str(),
                serde_json::json!({
                    "file": c.file,
                    "spec": c.spec,
                    "note": c.note,
                    "robots": c.robots,
                    "escaped": c.escaped,
                }),
            )
        })
        .collect();
    let data = serde_json::json!({
        "rows": rows,
        "implementations": implementations,
        "cases": cases,
        "areas": areas_present(results),
    });
    HTML_TEMPLATE
        .replace("{{COMMAND}}", COMMAND)
        .replace("{{DATA}}", &script_json(&data))
}

const HTML_TEMPLATE: &str = include_str!("report.html");

/// The files `reptest report` writes, rendered from `results` and the findings index.
pub fn pages(
    results: &Results,
    findings: Option<&FindingsIndex>,
) -> Result<Vec<(&'static str, String)>> {
    let mut json = serde_json::to_string_pretty(results).context("cannot serialise the results")?;
    json.push('\n');
    Ok(vec![
        ("results.json", json),
        ("README.md", readme(results, findings)?),
        ("index.html", html(results)),
    ])
}

/// The pages under `dir` that differ from `pages` (their paths).
pub fn stale(dir: &Path, pages: &[(&'static str, String)]) -> Vec<String> {
    pages
        .iter()
        .filter(|(name, text)| {
            std::fs::read_to_string(dir.join(name)).ok().as_deref() != Some(text.as_str())
        })
        .map(|(name, _)| dir.join(name).display().to_string())
        .collect()
}

/// Writes `pages` under `dir` (created if missing); returns the paths written.
pub fn write(dir: &Path, pages: &[(&'static str, String)]) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut written = Vec::new();
    for (name, text) in pages {
        let path = dir.join(name);
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}

/// Checks that the pages under `dir` are `pages`; the error names those that are not.
pub fn check(dir: &Path, pages: &[(&'static str, String)]) -> Result<()> {
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

/// Reads a `results.json`.
pub fn load_results(path: &Path) -> Result<Results> {
    let text = std::fs::read_to_string(path).with_context(|| {
        format!(
            "cannot read {} (run `reptest report` to make it)",
            path.display()
        )
    })?;
    let mut results: Results = serde_json::from_str(&text)
        .with_context(|| format!("{} does not match the results schema", path.display()))?;
    // A case's area follows from its tags: drawn again, so that a change to the tag table
    // shows on the next `--render`.
    for case in &mut results.cases {
        case.area = tags::area(&case.tags).to_owned();
    }
    Ok(results)
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
    let ready = adapters::choose(&options.dirs, &[], options.setup, false, log)?;
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
    Ok(results(&cases, &reports, &deviations, impact))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_and_json_are_safe() {
        assert_eq!(first_sentence("One. Two."), "One.");
        assert_eq!(first_sentence("No stop"), "No stop");
        assert_eq!(
            first_sentence("Broken\nacross  lines. Next."),
            "Broken across lines."
        );
        let v = serde_json::json!({"a": "</script>"});
        assert!(!script_json(&v).contains("</script>"));
    }
}
