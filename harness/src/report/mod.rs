//! The published compatibility report: `reports/results.json` (everything a run found,
//! machine-readable), and the two pages rendered from it, `reports/README.md` and
//! `reports/index.html`.
//!
//! Rendering is a pure function of `results.json` and the findings index, so that CI can
//! check that the committed pages are what the code makes of the committed results.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use reptest_reference::Profile;
use serde::{Deserialize, Serialize};

use crate::cases::{Case, CaseKind};
use crate::findings::{Index as FindingsIndex, escape_body};
use crate::runner::{AdapterReport, Answer, Status};

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
    /// The feature area (a matrix column).
    pub area: String,
    /// Its tags.
    pub tags: Vec<String>,
    /// Its spec references.
    pub spec: Vec<String>,
    /// Its note.
    pub note: Option<String>,
    /// The profiles it applies to.
    pub profiles: Vec<String>,
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
    pub expect: BTreeMap<String, String>,
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
    /// `allow`, `disallow`, `unsupported` or `error`.
    pub answer: String,
    /// The error, or why the question could not be put.
    pub detail: Option<String>,
    /// The status under each profile the case applies to.
    pub status: BTreeMap<String, Status>,
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
    pub disagree: BTreeMap<String, usize>,
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
    pub disagree: BTreeMap<String, usize>,
}

/// The feature areas, in matrix order, each with the tags that put a case in it (first match
/// wins, so the narrow areas come first).
pub const AREAS: &[(&str, &[&str])] = &[
    ("misspellings", &["misspelling", "missing-colon"]),
    ("limits", &["limit", "size-limit", "max-age"]),
    ("wildcards", &["wildcard"]),
    (
        "encoding",
        &[
            "encoding",
            "non-ascii",
            "hex-case",
            "reserved",
            "unreserved",
        ],
    ),
    ("precedence", &["precedence"]),
    ("user-agent", &["user-agent", "agent-fallback"]),
    ("groups", &["groups"]),
    (
        "file format",
        &[
            "file-format",
            "bom",
            "line-end",
            "comment",
            "whitespace",
            "field-case",
        ],
    ),
    ("path matching", &["path-matching"]),
    ("examples", &["rfc-example", "guide"]),
];

/// The area a case belongs to (`other` when no tag says).
pub fn area(case: &Case) -> &'static str {
    AREAS
        .iter()
        .find(|(_, tags)| case.tags.iter().any(|t| tags.contains(&t.as_str())))
        .map_or("other", |(name, _)| name)
}

fn relative(path: &Path) -> String {
    let root = crate::adapters::workspace_root();
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
    let root = crate::adapters::workspace_root();
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
            let (robots, escaped) = escape_body(body);
            Some(CaseRecord {
                id: case.id.clone(),
                file: relative(&case.file),
                area: area(case).to_owned(),
                tags: case.tags.clone(),
                spec: case.spec.clone(),
                note: case.note.clone(),
                profiles: case.profiles.iter().map(|p| p.name().to_owned()).collect(),
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
                            .filter_map(|p| {
                                Some((p.name().to_owned(), c.expect.for_profile(*p)?.to_string()))
                            })
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
                    answer: o.answer.name().to_owned(),
                    detail: match &o.answer {
                        Answer::Error(e) => Some(scrub(e)),
                        Answer::NotExpressible(why) => Some((*why).to_owned()),
                        Answer::Verdict(_) => None,
                    },
                    status: o
                        .status
                        .iter()
                        .map(|(p, s)| (p.name().to_owned(), *s))
                        .collect(),
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
    profile: &str,
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
        if let Some(status) = result.status.get(profile) {
            total += 1;
            if matches!(status, Status::Pass | Status::UnexpectedPass) {
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
    AREAS
        .iter()
        .map(|(name, _)| *name)
        .chain(["other"])
        .filter(|a| present.contains(a))
        .collect()
}

fn ranked(results: &Results) -> Vec<&Implementation> {
    let mut rows: Vec<&Implementation> = results.implementations.iter().collect();
    rows.sort_by(|a, b| {
        let (pa, ta) = score(results, a, "rfc9309", None);
        let (pb, tb) = score(results, b, "rfc9309", None);
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

/// `reports/README.md`.
pub fn readme(results: &Results, findings: Option<&FindingsIndex>) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<!-- Generated by `{COMMAND}` from results.json and findings/index.json; do not edit. \
         `reptest report --render` redraws it from the committed results. -->\n"
    );
    let _ = writeln!(out, "# robots.txt implementations: compatibility report\n");
    let checks: usize = results.cases.iter().map(|c| c.checks.len()).sum();
    let _ = writeln!(
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
    );
    let _ = writeln!(out, "## Scores\n");
    let _ = writeln!(
        out,
        "| implementation | language | version | rfc9309 | google | legacy | unsupported | errors |"
    );
    let _ = writeln!(out, "| --- | --- | --- | --- | --- | --- | --- | --- |");
    for imp in ranked(results) {
        let cell = |p: &str| {
            let (passed, total) = score(results, imp, p, None);
            format!("{passed}/{total} ({})", percent(passed, total))
        };
        let count = |answer: &str| imp.results.iter().filter(|r| r.answer == answer).count();
        let _ = writeln!(
            out,
            "| [{}](#{}) | {} | {} | {} | {} | {} | {} | {} |",
            imp.name,
            imp.name,
            imp.language,
            imp.version,
            cell("rfc9309"),
            cell("google"),
            cell("legacy"),
            count("unsupported"),
            count("error")
        );
    }
    let areas = areas_present(results);
    for profile in ["rfc9309", "google"] {
        let _ = writeln!(out, "\n## By feature area, against `{profile}`\n");
        let _ = writeln!(out, "passed/total per area.\n");
        let _ = writeln!(out, "| implementation | {} |", areas.join(" | "));
        let _ = writeln!(out, "| --- |{}", " --- |".repeat(areas.len()));
        for imp in ranked(results) {
            let cells: Vec<String> = areas
                .iter()
                .map(|a| {
                    let (p, t) = score(results, imp, profile, Some(a));
                    format!("{p}/{t}")
                })
                .collect();
            let _ = writeln!(out, "| {} | {} |", imp.name, cells.join(" | "));
        }
    }
    if let Some(impact) = &results.impact {
        let _ = writeln!(out, "\n## Real-world impact\n");
        let _ = writeln!(
            out,
            "On the `{}` corpus ({} sites with {} real URLs), each implementation was asked, as \
             `{}`, about every URL of each site under that site's real robots.txt. The share is \
             of the checks it answered with a verdict; the sites listed are where it disagrees \
             with the reference under `rfc9309` most often.\n",
            impact.corpus, impact.sites, impact.urls, impact.agent
        );
        let _ = writeln!(
            out,
            "| implementation | answered | differs from rfc9309 | differs from google | errors | most affected sites |"
        );
        let _ = writeln!(out, "| --- | --- | --- | --- | --- | --- |");
        let mut rows: Vec<&ImpactRow> = impact.implementations.iter().collect();
        rows.sort_by(|a, b| {
            let da = a.disagree.get("rfc9309").copied().unwrap_or(0);
            let db = b.disagree.get("rfc9309").copied().unwrap_or(0);
            (da * b.answered.max(1))
                .cmp(&(db * a.answered.max(1)))
                .then_with(|| a.name.cmp(&b.name))
        });
        for row in rows {
            let d = |p: &str| {
                let n = row.disagree.get(p).copied().unwrap_or(0);
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
                        s.disagree.get("rfc9309").copied().unwrap_or(0),
                        s.urls
                    )
                })
                .collect();
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} |",
                row.name,
                row.answered,
                d("rfc9309"),
                d("google"),
                row.errors,
                sites.join(", ")
            );
        }
    }
    if let Some(findings) = findings {
        let _ = writeln!(out, "\n## Differential findings\n");
        let cases: u64 = findings.runs.iter().map(|r| r.cases).sum();
        let _ = writeln!(
            out,
            "`reptest fuzz-diff` put {cases} generated robots.txt questions to the reference and \
             every implementation and minimised each disagreement: {} families, catalogued in \
             [`findings/`](findings/README.md) with a report and a ready-to-promote spec case \
             each. The twenty that split the most implementations:\n",
            findings.families.len()
        );
        let _ = writeln!(
            out,
            "| family | feature | splits (rfc9309 / google) | implementations against rfc9309 |"
        );
        let _ = writeln!(out, "| --- | --- | --- | --- |");
        for family in findings.families.iter().take(20) {
            let _ = writeln!(
                out,
                "| [{}](findings/families/{}.md) | `{}` | {} / {} | {} |",
                family.id,
                family.id,
                family.feature,
                family.against_rfc9309.len(),
                family.against_google.len(),
                family.against_rfc9309.join(", ")
            );
        }
    }
    let _ = writeln!(out, "\n## Where the specification texts disagree\n");
    let _ = writeln!(
        out,
        "Cases tagged `spec-conflict`, `spec-undefined` or `profile-split`: the texts (Google's \
         2019 specification and its translations, its legacy text, RFC 9309) say different \
         things or nothing, and each profile's decision is the expectation shown.\n"
    );
    let _ = writeln!(out, "| case | rfc9309 | google | legacy | why |");
    let _ = writeln!(out, "| --- | --- | --- | --- | --- |");
    for case in &results.cases {
        if !case.tags.iter().any(|t| {
            matches!(
                t.as_str(),
                "spec-conflict" | "spec-undefined" | "profile-split"
            )
        }) {
            continue;
        }
        let expect = |p: &str| {
            let mut seen: Vec<&str> = case
                .checks
                .iter()
                .map(|c| c.expect.get(p).map_or("–", String::as_str))
                .collect();
            seen.dedup();
            seen.join(", ")
        };
        let _ = writeln!(
            out,
            "| [`{}`](../{}) | {} | {} | {} | {} |",
            case.id,
            case.file,
            expect("rfc9309"),
            expect("google"),
            expect("legacy"),
            case.note
                .as_deref()
                .map(first_sentence)
                .unwrap_or_default()
                .replace('|', "\\|")
        );
    }
    let _ = writeln!(out, "\n## Per implementation\n");
    let _ = writeln!(
        out,
        "Each check an implementation fails under `rfc9309` or `google`: what it answered, what \
         each profile expects, and the case's note (or the known-deviation reason from its \
         manifest).\n"
    );
    let by_id: BTreeMap<&str, &CaseRecord> =
        results.cases.iter().map(|c| (c.id.as_str(), c)).collect();
    for imp in ranked(results) {
        let _ = writeln!(
            out,
            "### {}\n\n`{}` {} ({})\n",
            imp.name, imp.implementation, imp.version, imp.language
        );
        if let Some(why) = &imp.unavailable {
            let _ = writeln!(out, "Unavailable: {why}\n");
            continue;
        }
        let mut any = false;
        for result in &imp.results {
            let bad = |p: &str| {
                matches!(
                    result.status.get(p),
                    Some(Status::Fail | Status::KnownFail | Status::Error)
                )
            };
            if !bad("rfc9309") && !bad("google") {
                continue;
            }
            any = true;
            let Some(case) = by_id.get(result.case.as_str()) else {
                continue;
            };
            let expect = |p: &str| {
                case.checks
                    .get(result.check)
                    .and_then(|c| c.expect.get(p))
                    .map_or("–", String::as_str)
            };
            let status = |p: &str| {
                result
                    .status
                    .get(p)
                    .map_or("–".to_owned(), |s| status_name(*s).to_owned())
            };
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
                Some(detail) if result.answer == "error" => {
                    format!("error ({})", first_line(detail))
                }
                _ => result.answer.clone(),
            };
            let _ = writeln!(
                out,
                "- [`{}`](../{}) #{}: answered {answered}; rfc9309 expects {} ({}), google {} ({}). {}",
                result.case,
                case.file,
                result.check + 1,
                expect("rfc9309"),
                status("rfc9309"),
                expect("google"),
                status("google"),
                why
            );
        }
        if !any {
            let _ = writeln!(out, "No failing check.");
        }
        out.push('\n');
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

fn first_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or("");
    let mut end = line.len().min(120);
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    line[..end].replace('|', "\\|")
}

fn status_name(status: Status) -> &'static str {
    match status {
        Status::Pass => "pass",
        Status::Fail => "fail",
        Status::KnownFail => "known",
        Status::UnexpectedPass => "unexpected pass",
        Status::Unsupported => "unsupported",
        Status::Error => "error",
    }
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
                    "expect": check.expect,
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
                            .map(|(p, s)| (p.clone(), status_name(*s)))
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

/// Asks every engine, as `agent`, about every URL of every corpus site that has URLs, and
/// counts where it differs from the reference under `rfc9309` and `google`. Engines run in
/// parallel (`jobs`); `progress` hears each engine as it finishes.
pub fn impact(
    engines: &mut [Box<dyn crate::engine::Engine>],
    corpus: &crate::diff::Corpus,
    corpus_name: &str,
    agent: &str,
    jobs: usize,
    progress: &(dyn Fn(&str) + Sync),
) -> Impact {
    use rayon::prelude::*;
    use reptest_reference::{ParseOptions, Robots};

    let sites: Vec<&crate::diff::Site> =
        corpus.sites.iter().filter(|s| !s.urls.is_empty()).collect();
    // The reference's verdicts: `None` where it rejects the URL (not compared).
    let reference: Vec<BTreeMap<&str, Vec<Option<bool>>>> = sites
        .iter()
        .map(|site| {
            [Profile::Rfc9309, Profile::Google]
                .into_iter()
                .map(|profile| {
                    let robots = Robots::parse(&site.body, ParseOptions::new(profile));
                    let selection = robots.select(&[agent]);
                    let verdicts = site
                        .urls
                        .iter()
                        .map(|u| selection.check_url(u).ok().map(|v| v.allowed))
                        .collect();
                    (profile.name(), verdicts)
                })
                .collect()
        })
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .ok();
    let work = |engine: &mut Box<dyn crate::engine::Engine>| {
        let mut row = ImpactRow {
            name: engine.info().name.clone(),
            ..ImpactRow::default()
        };
        let mut per_site = Vec::new();
        for (site, reference) in sites.iter().zip(&reference) {
            let mut here = SiteRow {
                host: site.host.clone(),
                urls: site.urls.len(),
                disagree: BTreeMap::new(),
            };
            match engine.check(&site.body, agent, &site.urls) {
                Err(_) => row.errors += site.urls.len(),
                Ok(verdicts) => {
                    for (i, verdict) in verdicts.iter().enumerate() {
                        let allowed = match verdict {
                            crate::protocol::WireVerdict::Allow => true,
                            crate::protocol::WireVerdict::Disallow => false,
                            crate::protocol::WireVerdict::Unsupported => {
                                row.unsupported += 1;
                                continue;
                            }
                        };
                        row.answered += 1;
                        for (profile, expected) in reference {
                            if expected
                                .get(i)
                                .copied()
                                .flatten()
                                .is_some_and(|e| e != allowed)
                            {
                                *row.disagree.entry((*profile).to_owned()).or_default() += 1;
                                *here.disagree.entry((*profile).to_owned()).or_default() += 1;
                            }
                        }
                    }
                }
            }
            per_site.push(here);
        }
        for profile in ["rfc9309", "google"] {
            row.disagree.entry(profile.to_owned()).or_default();
        }
        per_site.retain(|s| s.disagree.get("rfc9309").copied().unwrap_or(0) > 0);
        per_site.sort_by(|a, b| {
            let da = a.disagree.get("rfc9309").copied().unwrap_or(0);
            let db = b.disagree.get("rfc9309").copied().unwrap_or(0);
            db.cmp(&da).then_with(|| a.host.cmp(&b.host))
        });
        per_site.truncate(5);
        row.top_sites = per_site;
        progress(&row.name);
        row
    };
    let mut rows: Vec<ImpactRow> = match pool {
        Some(pool) => pool.install(|| engines.par_iter_mut().map(work).collect()),
        None => engines.iter_mut().map(work).collect(),
    };
    rows.sort_by(|a, b| a.name.cmp(&b.name));
    Impact {
        corpus: corpus_name.to_owned(),
        agent: agent.to_owned(),
        sites: sites.len(),
        urls: sites.iter().map(|s| s.urls.len()).sum(),
        implementations: rows,
    }
}

/// The files `reptest report` writes, rendered from `results` and the findings index.
pub fn pages(results: &Results, findings: Option<&FindingsIndex>) -> Vec<(&'static str, String)> {
    let mut json = serde_json::to_string_pretty(results).unwrap_or_default();
    json.push('\n');
    vec![
        ("results.json", json),
        ("README.md", readme(results, findings)),
        ("index.html", html(results)),
    ]
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
