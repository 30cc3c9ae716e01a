//! `results.json`'s model: the cases, the implementations and their results per check, the
//! real-world impact, as the report is drawn from them; and the scores counted on it.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{Context, Result};
use reptest_reference::Profile;
use serde::{Deserialize, Serialize};

use crate::answer::{Answer, Status};
use crate::engines::adapters;
use crate::suite::cases::Force;
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
    /// The fetch cases (`spec-cases/fetch.toml`), asked of implementations that fetch.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fetch_cases: Vec<FetchCaseRecord>,
    /// The records cases (`spec-cases/records.toml` cases asked with the records request),
    /// asked of implementations that answer it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub records_cases: Vec<RecordsCaseRecord>,
}

/// One fetch case: what the loopback server played and what each profile expects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FetchCaseRecord {
    /// `fetch/name`.
    pub id: String,
    /// The case file, relative to the workspace.
    pub file: String,
    /// Its tags.
    pub tags: Vec<String>,
    /// Its spec references.
    pub spec: Vec<String>,
    /// Its note.
    pub note: Option<String>,
    /// The profiles it applies to.
    #[serde(with = "crate::answer::profile_list")]
    pub profiles: Vec<Profile>,
    /// What its verdicts rest on, per profile.
    #[serde(with = "crate::answer::by_profile")]
    pub force: BTreeMap<Profile, Force>,
    /// What the server played, in one line.
    pub served: String,
    /// The expected outcome per profile (`full-allow`, `full-disallow`, `conditional`), when
    /// the checks were derived from one.
    #[serde(with = "crate::answer::by_profile")]
    pub outcome: BTreeMap<Profile, String>,
    /// The crawler.
    pub agent: String,
    /// Its checks: paths on the host asked, then the request checks (`fetched a:/hop1`).
    pub checks: Vec<CheckRecord>,
}

/// One spec case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaseRecord {
    /// `file/name`.
    pub id: String,
    /// The case file, relative to the workspace.
    pub file: String,
    /// The feature area (a matrix column), from its tags ([`crate::suite::tags::area`]).
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
    /// What its verdicts rest on, per profile it applies to (`spec-cases/README.md`, "Force").
    #[serde(with = "crate::answer::by_profile")]
    pub force: BTreeMap<Profile, Force>,
    /// The body, in the spec cases' escape convention when `escaped`.
    pub robots: String,
    /// Whether `robots` is escaped (`\xHH`, `\r`, …).
    pub escaped: bool,
    /// Set when the body's filler comment lines are shown as one `<fill>` line, as in the
    /// case file (`fill_to`): the text after it starts at this byte of the real body.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fill_to: Option<usize>,
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
    /// A parser, or a whole crawler (the manifest's `kind`; absent for a parser). A crawler
    /// is not run over the real-world corpus: one crawl per question is too slow for it.
    #[serde(default, skip_serializing_if = "is_parser")]
    pub kind: adapters::Kind,
    /// Why it could not answer at all, if so.
    pub unavailable: Option<String>,
    /// What its documentation says it follows (its manifest's `[claim]`), when the manifest
    /// states it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim: Option<ClaimRecord>,
    /// Known deviations: case id → the reason in its manifest.
    pub deviations: BTreeMap<String, String>,
    /// One result per check, in case order.
    pub results: Vec<CheckResult>,
    /// One result per check of the fetch cases, when it fetches (`"fetch": true`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fetch_results: Vec<CheckResult>,
    /// One result per check of the records cases, when it answers the records request
    /// (`"records": true`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub records_results: Vec<CheckResult>,
}

/// Whether `kind` is a parser's (left out of results.json).
fn is_parser(kind: &adapters::Kind) -> bool {
    *kind == adapters::Kind::Parser
}

/// The reading a library's documentation says it follows (its manifest's `[claim]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimRecord {
    /// `rfc9309`, `google`, `legacy` or `none`.
    pub reading: String,
    /// The documentation's own sentence (empty for `none`).
    pub quote: String,
    /// Where that sentence is published.
    pub source: String,
}

impl ClaimRecord {
    /// The record of a manifest's claim.
    pub fn of(claim: &adapters::Claim) -> ClaimRecord {
        ClaimRecord {
            reading: claim.reading.name().to_owned(),
            quote: claim.quote.clone(),
            source: claim.source.clone(),
        }
    }
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
    /// For a records check: the value the implementation reported, as the run shows it
    /// (`0.5`, `none`, ``[`https://example.com/s.xml`]``); absent when the field is unsupported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answered: Option<String>,
}

/// Why a check got no verdict, as its result records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoVerdict {
    /// The adapter answered with the library's error: it raised (the error's first line).
    Raised(String),
    /// No answer came within the harness's wait (how long, when recorded).
    NoAnswer(String),
    /// The adapter or the crawl failed otherwise (its first line).
    Failed(String),
}

/// The longest error line a report shows; the rest is in results.json.
const ERROR_LINE: usize = 60;

/// The first line of `text`, cut at [`ERROR_LINE`] characters.
fn first_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or_default().trim();
    if line.chars().count() <= ERROR_LINE {
        return line.to_owned();
    }
    let cut: String = line.chars().take(ERROR_LINE - 1).collect();
    format!("{}…", cut.trim_end())
}

impl std::fmt::Display for NoVerdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoVerdict::Raised(e) => write!(f, "raised: {e}"),
            NoVerdict::NoAnswer(waited) => f.write_str(waited),
            NoVerdict::Failed(e) => write!(f, "no verdict: {e}"),
        }
    }
}

impl CheckResult {
    /// Why this check got no verdict; `None` when it got one (or could not be asked).
    ///
    /// A `timeout` answer is no answer within the wait. An `error` is a raise when its detail
    /// is the implementation's reported error ([`crate::engines::REPORTED`]); results written
    /// before fetch timeouts were recorded as `timeout` hold them as an `error` whose detail
    /// says "no answer within …", read here as no answer.
    pub fn no_verdict(&self) -> Option<NoVerdict> {
        let detail = self.detail.as_deref().unwrap_or_default();
        match self.answer {
            Answer::Timeout if detail.is_empty() => Some(NoVerdict::NoAnswer(
                "no answer within the time limit".to_owned(),
            )),
            Answer::Timeout => Some(NoVerdict::NoAnswer(first_line(detail))),
            Answer::Error => Some(match detail.strip_prefix(crate::engines::REPORTED) {
                Some(error) => NoVerdict::Raised(first_line(error)),
                None if detail.starts_with("no answer within") => {
                    NoVerdict::NoAnswer(first_line(detail))
                }
                None => NoVerdict::Failed(first_line(detail)),
            }),
            Answer::Allow | Answer::Disallow | Answer::Unsupported => None,
        }
    }
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

/// One records case: the body, the crawler, and what each check expects per profile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordsCaseRecord {
    /// `records/name`.
    pub id: String,
    /// The case file, relative to the workspace.
    pub file: String,
    /// Its tags.
    pub tags: Vec<String>,
    /// Its spec references.
    pub spec: Vec<String>,
    /// Its note.
    pub note: Option<String>,
    /// The profiles it applies to.
    #[serde(with = "crate::answer::profile_list")]
    pub profiles: Vec<Profile>,
    /// What its checks rest on, per profile.
    #[serde(with = "crate::answer::by_profile")]
    pub force: BTreeMap<Profile, Force>,
    /// The body, in the spec cases' escape convention when `escaped`.
    pub robots: String,
    /// Whether `robots` is escaped.
    pub escaped: bool,
    /// The crawler.
    pub agent: String,
    /// Its checks.
    pub checks: Vec<RecordsCheckRecord>,
}

/// One check of a records case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordsCheckRecord {
    /// The field asked: `sitemaps`, `crawl-delay`, `request-rate`, `content-usage`.
    pub field: String,
    /// What is asked, as the run labels it (`crawl-delay`, `content-usage of /a`).
    pub asked: String,
    /// The expected value per profile, as the run shows values (`0.5`, `none`,
    /// ``[`https://example.com/s.xml`]``).
    #[serde(with = "crate::answer::by_profile")]
    pub expect: BTreeMap<Profile, String>,
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

/// Which checks a score counts, by the force of their case under the scored profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForceGroup {
    /// Checks resting on a MUST or SHOULD sentence.
    Conformance,
    /// Checks resting on a MAY sentence or on the profile's interpretation.
    Agreement,
}

impl ForceGroup {
    /// Whether `force` belongs to the group.
    pub fn holds(self, force: Force) -> bool {
        force.is_conformance() == (self == ForceGroup::Conformance)
    }
}

/// Passed and total checks of one implementation under one profile, only those of cases whose
/// force under that profile is in `group`.
pub fn score_by_force(
    results: &Results,
    implementation: &Implementation,
    profile: Profile,
    group: ForceGroup,
) -> (usize, usize) {
    let forces: BTreeMap<&str, Option<Force>> = results
        .cases
        .iter()
        .map(|c| (c.id.as_str(), c.force.get(&profile).copied()))
        .collect();
    let mut passed = 0;
    let mut total = 0;
    for result in &implementation.results {
        let in_group = forces
            .get(result.case.as_str())
            .copied()
            .flatten()
            .is_some_and(|f| group.holds(f));
        if !in_group {
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
        compact_fill(case);
    }
    refresh_claims(&mut results)?;
    Ok(results)
}

/// Sets each implementation's claim and kind from its manifest under `harness/adapters/`,
/// where there is one (so that a changed claim shows on the next `--render`); others keep
/// theirs.
pub fn refresh_claims(results: &mut Results) -> Result<()> {
    let dir = adapters::default_dir();
    for imp in &mut results.implementations {
        let here = dir.join(&imp.name);
        if here.join("adapter.toml").is_file() {
            let adapter = adapters::load_one(&here, &adapters::default_install_root())?;
            imp.claim = adapter.manifest.claim.as_ref().map(ClaimRecord::of);
            imp.kind = adapter.manifest.kind;
        }
    }
    Ok(())
}

/// Shows a run of filler lines (`text::fill`, at least 4 KiB of `#....` lines) as the one
/// `<fill>` line of the case file, so that the 500 KiB cases do not put half a megabyte each
/// into `results.json` and `index.html`; `fill_to` keeps where the rest of the body starts.
pub fn compact_fill(case: &mut CaseRecord) {
    if case.escaped || case.fill_to.is_some() {
        return;
    }
    let is_filler = |line: &str| line.starts_with('#') && line[1..].bytes().all(|b| b == b'.');
    let mut offset = 0;
    let mut run: Option<(usize, usize)> = None;
    for line in case.robots.split_inclusive('\n') {
        let body = line.strip_suffix('\n').unwrap_or(line);
        if line.ends_with('\n') && is_filler(body) {
            let start = run.map_or(offset, |(s, _)| s);
            run = Some((start, offset + line.len()));
        } else if run.is_some_and(|(s, e)| e - s >= 4096) {
            break;
        } else {
            run = None;
        }
        offset += line.len();
    }
    if let Some((start, end)) = run.filter(|(s, e)| e - s >= 4096) {
        let cases_marker = String::from_utf8_lossy(crate::text::FILL_MARKER);
        case.robots = format!(
            "{}{cases_marker}{}",
            &case.robots[..start],
            &case.robots[end..]
        );
        case.fill_to = Some(end);
    }
}
