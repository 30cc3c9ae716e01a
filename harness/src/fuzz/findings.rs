//! Differential findings: what decided a disagreement, which implementations side with which
//! verdict, and the catalogue that writes each family down as it is found.
//!
//! A family's *signature* is the feature that decided the question (read from the reference's
//! explanation of the minimised input) plus the split (every engine's answer to it). Two
//! disagreements with the same signature are one family: the catalogue writes the first and
//! counts the rest. The catalogue reads back its own `index.json`, so a re-run adds only what
//! is new.

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use reptest_reference::{Diagnostic, GroupMatch, ParseOptions, Profile, Reason, Robots};
use serde::{Deserialize, Serialize};

use crate::answer::Answer;
use crate::engines::{EngineInfo, reference_name};
use crate::fuzz::generate::Input;

/// How the reference decided the first URL of `input` under `profile`, as short tags: the
/// reason (`allow-rule`, `disallow-rule`, `no-matching-rule`, `no-group`, `robots-txt`), the
/// deciding pattern's shape (`wildcard`, `end-anchor`, `inner-dollar`, `percent`,
/// `non-ascii`, `index-html`, `long`), and `no-group-applies` when no group applies. `None`
/// when the reference rejects the URL.
pub fn decision(input: &Input, profile: Profile) -> Option<Vec<&'static str>> {
    let url = input.urls.first()?;
    let robots = Robots::parse(&input.body(), ParseOptions::new(profile));
    let selection = robots.select(&[input.agent.as_str()]);
    let verdict = selection.check_url(url).ok()?;
    let mut tags = vec![match (verdict.reason, verdict.rule) {
        (Reason::Rule, Some(rule)) if rule.allow => "allow-rule",
        (Reason::Rule, _) => "disallow-rule",
        (Reason::NoMatchingRule, _) => "no-matching-rule",
        (Reason::NoGroup, _) => "no-group",
        (Reason::RobotsTxtExempt, _) => "robots-txt",
    }];
    if let Some(rule) = verdict.rule {
        let path = rule.path();
        let path = path.as_ref();
        let body = path.strip_suffix('$').unwrap_or(path);
        if path.contains('*') {
            tags.push("wildcard");
        }
        if path.ends_with('$') {
            tags.push("end-anchor");
        }
        if body.contains('$') {
            tags.push("inner-dollar");
        }
        if path.contains('%') {
            tags.push("percent");
        }
        if !path.is_ascii() {
            tags.push("non-ascii");
        }
        if rule.from_index_html {
            tags.push("index-html");
        }
        if path.len() > 1000 {
            tags.push("long");
        }
    }
    // Whether the crawler's own group or the `*` group applied is left to the split: only
    // "no group applies" is a feature of its own.
    if *selection.matched() == GroupMatch::None {
        tags.push("no-group-applies");
    }
    Some(tags)
}

/// The feature of a (minimised) one-URL input: the reference's decision under `rfc9309` (and
/// under `google` where it differs), then what else the file and the question show: the
/// reference's diagnostics, BOMs, line ends, comments inside lines, and the URL's and agent's
/// shape. `None` when the reference rejects the URL.
pub fn feature(input: &Input) -> Option<String> {
    let rfc = decision(input, Profile::Rfc9309)?;
    let google = decision(input, Profile::Google)?;
    let mut out = rfc.join(" ");
    if google != rfc {
        out.push_str(" / google: ");
        out.push_str(&google.join(" "));
    }
    let mut extra: Vec<&str> = Vec::new();
    let body = input.body();
    let robots = Robots::parse(&body, ParseOptions::new(Profile::Rfc9309));
    for record in robots.records() {
        for diagnostic in &record.diagnostics {
            extra.push(match diagnostic {
                Diagnostic::AcceptedMisspelling { .. } => "misspelling",
                Diagnostic::AcceptedMissingColon => "missing-colon",
                Diagnostic::MissingColon => "missing-colon",
                Diagnostic::UnknownField => "unknown-field",
                Diagnostic::NonStandardField => "non-standard-field",
                Diagnostic::RuleOutsideGroup => "rule-outside-group",
                Diagnostic::EmptyValue => "empty-value",
                Diagnostic::PathWithoutLeadingSlash { .. } => "no-leading-slash",
                Diagnostic::InvalidAgent => "invalid-agent",
                Diagnostic::CutBySizeLimit => "size-limit",
                Diagnostic::LineTooLong { .. } => "long-line",
                Diagnostic::InvalidUtf8 => "invalid-utf8",
            });
        }
    }
    if body.starts_with(b"\xEF\xBB\xBF") {
        extra.push("bom");
    } else if body.starts_with(b"\xEF\xBB") || body.starts_with(b"\xEF") {
        extra.push("partial-bom");
    }
    if body.windows(2).any(|w| w[0] == b'\r' && w[1] != b'\n') || body.ends_with(b"\r") {
        extra.push("cr-line-end");
    }
    if body.windows(2).any(|w| w == b"\r\n") {
        extra.push("crlf");
    }
    let text = String::from_utf8_lossy(&body);
    if text.lines().any(|l| l.find('#').is_some_and(|i| i > 0)) {
        extra.push("inline-comment");
    }
    if let Some(url) = input.urls.first() {
        let path = &url[url.find("://").map_or(0, |i| i + 3)..];
        if path.contains('%') {
            extra.push("url-percent");
        }
        if !path.is_ascii() {
            extra.push("url-non-ascii");
        }
        if path.contains('?') {
            extra.push("url-query");
        }
    }
    if input.agent.contains('/') {
        extra.push("agent-version");
    }
    if input.agent.contains(' ') {
        extra.push("agent-space");
    }
    extra.sort_unstable();
    extra.dedup();
    if !extra.is_empty() {
        out.push_str(" + ");
        out.push_str(&extra.join(" "));
    }
    Some(out)
}

/// A split as one line: each answer with the engines that gave it, answers in a fixed order.
pub fn split_text(split: &BTreeMap<String, Answer>) -> String {
    let mut by_answer: BTreeMap<Answer, Vec<&str>> = BTreeMap::new();
    for (engine, answer) in split {
        by_answer.entry(*answer).or_default().push(engine);
    }
    by_answer
        .iter()
        .map(|(answer, engines)| format!("{answer}: {}", engines.join(" ")))
        .collect::<Vec<_>>()
        .join("; ")
}

/// One disagreement, minimised, ready to be recorded.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The input as generated (one URL).
    pub original: Input,
    /// The input after minimisation.
    pub minimal: Input,
    /// Every engine's answer to the minimal input.
    pub split: BTreeMap<String, Answer>,
    /// Who the engines are (for the verdict table).
    pub engines: Vec<EngineInfo>,
    /// The seed of the run that found it.
    pub seed: u64,
    /// The case number within that run.
    pub case: u64,
    /// The implementation whose deviation was minimised.
    pub minimised_for: String,
    /// Whether minimisation stopped at its time budget (the input may shrink further).
    pub cut_short: bool,
    /// The opt-in input classes the minimal input uses (`raw-url`, `agent-string`,
    /// `invalid-utf8`; empty for a realistic input).
    pub classes: Vec<&'static str>,
}

/// Where a family was first seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstSeen {
    /// The run's seed.
    pub seed: u64,
    /// The case number (`reptest fuzz-diff --seed S --first-case N --iterations 1`).
    pub case: u64,
}

/// One family in the index.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Family {
    /// Stable id: a slug of the feature and a hash of the signature.
    pub id: String,
    /// What decided it.
    pub feature: String,
    /// Feature and split together: what makes two findings one family.
    pub signature: String,
    /// Every engine's answer to the minimal input.
    pub split: BTreeMap<String, Answer>,
    /// Implementations (not the reference) whose answer differs from the reference under
    /// `rfc9309` (an error counts as different).
    pub against_rfc9309: Vec<String>,
    /// The same under `google`.
    pub against_google: Vec<String>,
    /// How many disagreements fell into this family.
    pub hits: u64,
    /// Where it was first seen.
    pub first_seen: FirstSeen,
    /// The opt-in input classes its minimal input uses (empty: a realistic input, ranked
    /// with the others; otherwise listed apart, under its class).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub classes: Vec<String>,
}

impl Family {
    /// How many implementations the family splits from the reference: the rank key of the
    /// index (under `rfc9309` plus under `google`).
    pub fn weight(&self) -> usize {
        self.against_rfc9309.len() + self.against_google.len()
    }
}

/// One run of `fuzz-diff` over the catalogue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunRecord {
    /// Its seed.
    pub seed: u64,
    /// Cases generated.
    pub cases: u64,
    /// Seconds it ran.
    pub seconds: u64,
    /// The engines it compared.
    pub engines: Vec<String>,
    /// Families it added.
    pub new_families: usize,
    /// Its first case number (`--first-case`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub first_case: u64,
    /// The part of a sharded campaign it examined (`--shard`, see `fuzz::merge`); absent for
    /// a whole campaign in blocks of the default size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<crate::fuzz::merge::Shard>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// `index.json`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Index {
    /// The format's version.
    pub schema: u32,
    /// The runs that wrote to this catalogue, oldest first.
    pub runs: Vec<RunRecord>,
    /// Every family, heaviest first.
    pub families: Vec<Family>,
    /// Who the engines are, by name.
    pub engines: BTreeMap<String, EngineInfo>,
}

/// The findings directory: the index (`README.md`, `index.json`) and, under `families/`, one
/// Markdown report and one TOML case per family; each written as soon as something new is
/// found.
#[derive(Debug)]
pub struct Catalogue {
    dir: PathBuf,
    index: Index,
    by_signature: BTreeMap<String, usize>,
}

impl Index {
    /// Reads the index at `path`; `None` when there is no file.
    pub fn read(path: &Path) -> Result<Option<Index>> {
        if !path.exists() {
            return Ok(None);
        }
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        serde_json::from_str(&text)
            .map(Some)
            .with_context(|| format!("{} is not a findings index", path.display()))
    }
}

impl Catalogue {
    /// Opens (or starts) the catalogue in `dir`; the families already there are kept and
    /// deduplicated against.
    pub fn open(dir: &Path) -> Result<Catalogue> {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let index = Index::read(&dir.join("index.json"))?.unwrap_or(Index {
            schema: 1,
            ..Index::default()
        });
        let by_signature = index
            .families
            .iter()
            .enumerate()
            .map(|(i, f)| (f.signature.clone(), i))
            .collect();
        Ok(Catalogue {
            dir: dir.to_owned(),
            index,
            by_signature,
        })
    }

    /// The families so far.
    pub fn families(&self) -> &[Family] {
        &self.index.families
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Records a finding: a new family is written at once (report, case, index) and its id
    /// returned; a known one only counts a hit (written with the next [`Catalogue::flush`]).
    pub fn record(&mut self, finding: &Finding) -> Result<Option<String>> {
        let Some(feature) = feature(&finding.minimal) else {
            return Ok(None);
        };
        let mut signature = format!("{feature} || {}", split_text(&finding.split));
        if !finding.classes.is_empty() {
            // The same split on an input outside the default classes is another family.
            signature.push_str(&format!(" || inputs: {}", finding.classes.join(" ")));
        }
        if let Some(&i) = self.by_signature.get(&signature) {
            self.index.families[i].hits += 1;
            return Ok(None);
        }
        let references: Vec<String> = Profile::ALL.into_iter().map(reference_name).collect();
        let against = |profile: Profile| {
            let expected = finding.split.get(&reference_name(profile)).copied();
            finding
                .split
                .iter()
                .filter(|(name, said)| {
                    !references.contains(name)
                        && **said != Answer::Unsupported
                        && Some(**said) != expected
                })
                .map(|(name, _)| name.clone())
                .collect::<Vec<_>>()
        };
        let slug: String = feature
            .split([' ', '/', '+', ':'])
            .filter(|w| !w.is_empty() && *w != "google")
            .take(3)
            .collect::<Vec<_>>()
            .join("-");
        let family = Family {
            id: format!(
                "{slug}-{:08x}",
                crate::text::fnv1a(signature.as_bytes()) as u32
            ),
            feature,
            signature: signature.clone(),
            split: finding.split.clone(),
            against_rfc9309: against(Profile::Rfc9309),
            against_google: against(Profile::Google),
            hits: 1,
            first_seen: FirstSeen {
                seed: finding.seed,
                case: finding.case,
            },
            classes: finding.classes.iter().map(|c| (*c).to_owned()).collect(),
        };
        for info in &finding.engines {
            self.index
                .engines
                .entry(info.name.clone())
                .or_insert_with(|| info.clone());
        }
        let families = self.dir.join("families");
        std::fs::create_dir_all(&families)
            .with_context(|| format!("cannot create {}", families.display()))?;
        write_atomic(
            &families.join(format!("{}.toml", family.id)),
            &case_toml(&family, &finding.minimal)?,
        )?;
        write_atomic(
            &families.join(format!("{}.md", family.id)),
            &family_markdown(&family, finding, &self.index.engines)?,
        )?;
        let id = family.id.clone();
        self.by_signature
            .insert(signature, self.index.families.len());
        self.index.families.push(family);
        self.flush()?;
        Ok(Some(id))
    }

    /// Adds a run's record and rewrites the index.
    pub fn finish_run(&mut self, run: RunRecord) -> Result<()> {
        self.index.runs.push(run);
        self.flush()
    }

    /// Rewrites `index.json` and `README.md`, families heaviest first.
    pub fn flush(&mut self) -> Result<()> {
        self.index
            .families
            .sort_by(|a, b| b.weight().cmp(&a.weight()).then_with(|| a.id.cmp(&b.id)));
        self.by_signature = self
            .index
            .families
            .iter()
            .enumerate()
            .map(|(i, f)| (f.signature.clone(), i))
            .collect();
        let mut json = serde_json::to_string_pretty(&self.index)?;
        json.push('\n');
        write_atomic(&self.dir.join("index.json"), &json)?;
        write_atomic(&self.dir.join("README.md"), &index_markdown(&self.index)?)
    }
}

/// Writes through a temporary file and a rename, so that a killed run leaves either the old
/// file or the new one.
fn write_atomic(path: &Path, text: &str) -> Result<()> {
    let temporary = path.with_extension("partial");
    std::fs::write(&temporary, text)
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| format!("cannot write {}", path.display()))
}

fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_owned()).to_string()
}

/// The reference's answer under `profile` in `split` (empty when missing).
fn verdict_of(split: &BTreeMap<String, Answer>, profile: Profile) -> String {
    split
        .get(&reference_name(profile))
        .map_or_else(String::new, Answer::to_string)
}

/// Spec references for a feature, so that a promoted case starts with the right sections.
fn spec_refs(feature: &str) -> Vec<&'static str> {
    let has = |w: &str| feature.split([' ', '/', '+']).any(|t| t == w);
    let mut refs = Vec::new();
    if has("wildcard") || has("end-anchor") || has("inner-dollar") {
        refs.extend([
            "rfc9309#2.2.3",
            "google-2019#url-matching-based-on-path-values",
        ]);
    }
    if has("percent") || has("non-ascii") || has("url-percent") || has("url-non-ascii") {
        refs.extend([
            "rfc9309#2.2.2",
            "google-2019#url-matching-based-on-path-values",
        ]);
    }
    if has("agent-version") || has("agent-space") || has("no-group") || has("invalid-agent") {
        refs.extend([
            "rfc9309#2.2.1",
            "google-2019#order-of-precedence-for-user-agents",
        ]);
    }
    if has("misspelling")
        || has("missing-colon")
        || has("bom")
        || has("partial-bom")
        || has("cr-line-end")
        || has("invalid-utf8")
        || has("long-line")
        || has("inline-comment")
    {
        refs.extend(["rfc9309#2.2", "google-2019#file-format"]);
    }
    if has("rule-outside-group") || has("empty-value") {
        refs.extend(["rfc9309#2.2.2", "google-2019#grouping-of-lines-and-rules"]);
    }
    if refs.is_empty() {
        refs.extend([
            "rfc9309#2.2.2",
            "google-2019#order-of-precedence-for-group-member-lines",
        ]);
    }
    refs.dedup();
    refs
}

/// The family as a spec case, with the reference's verdict under each profile.
pub fn case_toml(family: &Family, input: &Input) -> Result<String, fmt::Error> {
    let mut out = String::new();
    writeln!(
        out,
        "# Differential finding {} (generated by `reptest fuzz-diff`; see {}.md).",
        family.id, family.id
    )?;
    writeln!(out, "# Feature: {}", family.feature)?;
    writeln!(
        out,
        "# To promote: move the case into the spec-cases file of its topic, rename it, check the\n\
         # spec sections, set its force and write the note that says which sentence decides it.\n"
    )?;
    writeln!(out, "[[case]]")?;
    writeln!(out, "name = {}", toml_string(&family.id))?;
    let refs: Vec<String> = spec_refs(&family.feature)
        .iter()
        .map(|r| toml_string(r))
        .collect();
    writeln!(out, "spec = [{}]", refs.join(", "))?;
    // Unclassified until promoted: a disagreement found by fuzzing is a reading until a
    // sentence is found that decides it.
    writeln!(out, "force = \"interpretation\"")?;
    let tags: Vec<String> = std::iter::once("fuzz-diff")
        .chain(family.classes.iter().map(String::as_str))
        .map(toml_string)
        .collect();
    writeln!(out, "tags = [{}]", tags.join(", "))?;
    let note = format!(
        "Found by fuzz-diff. Against rfc9309: {}. Against google: {}.",
        list_or_none(&family.against_rfc9309),
        list_or_none(&family.against_google)
    );
    writeln!(out, "note = {}", toml_string(&note))?;
    let (text, escaped) = crate::text::escape(&input.body());
    if escaped {
        writeln!(out, "unescape = true")?;
    }
    writeln!(out, "robots = '''\n{text}'''")?;
    writeln!(out, "agent = {}", toml_string(&input.agent))?;
    let rfc = verdict_of(&family.split, Profile::Rfc9309);
    let mut check = format!(
        "{{ url = {}, expect = {}",
        toml_string(input.urls.first().map_or("", String::as_str)),
        toml_string(&rfc)
    );
    for profile in [Profile::Google, Profile::Legacy] {
        let said = verdict_of(&family.split, profile);
        if said != rfc {
            write!(check, ", {profile} = {}", toml_string(&said))?;
        }
    }
    check.push_str(" }");
    writeln!(out, "checks = [{check}]")?;
    Ok(out)
}

fn list_or_none(names: &[String]) -> String {
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}

/// Longest line shown in a report; the TOML case always holds the whole input.
const SHOWN_LINE: usize = 240;

/// `text` with every line longer than [`SHOWN_LINE`] cut, saying how much was left out.
fn clip_lines(text: &str) -> String {
    text.split_inclusive('\n')
        .map(|line| {
            let (shown, rest) = crate::text::clip(line, SHOWN_LINE);
            if rest == 0 {
                return line.to_owned();
            }
            let newline = if line.ends_with('\n') { "\n" } else { "" };
            format!(
                "{shown}[… {} more bytes: see the .toml]{newline}",
                line.trim_end_matches('\n').len() - shown.len()
            )
        })
        .collect()
}

/// The input as diffable text: body lines (escaped, long ones cut), then the agent and the URL.
fn input_text(input: &Input) -> Result<String, fmt::Error> {
    let (body, _) = crate::text::escape(&input.body());
    let mut out = clip_lines(&body);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    writeln!(out, "-- agent: {}", input.agent)?;
    for url in &input.urls {
        writeln!(out, "-- url: {url}")?;
    }
    Ok(out)
}

fn family_markdown(
    family: &Family,
    finding: &Finding,
    engines: &BTreeMap<String, EngineInfo>,
) -> Result<String, fmt::Error> {
    let input = &finding.minimal;
    let mut out = String::new();
    writeln!(
        out,
        "<!-- Generated by `reptest fuzz-diff`; regenerate rather than edit. -->\n"
    )?;
    writeln!(out, "# {}\n", family.id)?;
    writeln!(out, "**Feature:** `{}`\n", family.feature)?;
    if !family.classes.is_empty() {
        writeln!(
            out,
            "**Opt-in input class:** {} (outside the realistic inputs of the default run: \
             the question may lie outside a library's call contract).\n",
            family
                .classes
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )?;
    }
    writeln!(
        out,
        "Splits {} implementation(s) from the reference under `rfc9309` and {} under `google`. \
         First seen with seed {}, case {} (`reptest fuzz-diff --seed {} --first-case {} \
         --iterations 1`); minimised for `{}`{}.\n",
        family.against_rfc9309.len(),
        family.against_google.len(),
        family.first_seen.seed,
        family.first_seen.case,
        family.first_seen.seed,
        family.first_seen.case,
        finding.minimised_for,
        if finding.cut_short {
            " (minimisation stopped at its time budget: the input may shrink further)"
        } else {
            ""
        }
    )?;
    writeln!(out, "## Minimal input\n")?;
    writeln!(
        out,
        "robots.txt:\n\n{}\n",
        clip_lines(&crate::text::fenced(&input.body()))
    )?;
    writeln!(out, "- agent: `{}`", input.agent)?;
    if let Some(url) = input.urls.first() {
        writeln!(out, "- URL: `{url}`\n")?;
    }
    writeln!(out, "## Verdicts\n")?;
    writeln!(out, "| implementation | language | version | verdict |")?;
    writeln!(out, "| --- | --- | --- | --- |")?;
    for (name, said) in &family.split {
        let info = engines.get(name);
        writeln!(
            out,
            "| {name} | {} | {} | {said} |",
            info.map_or("", |i| i.language.as_str()),
            info.map_or("", |i| i.version.as_str()),
        )?;
    }
    writeln!(out, "\n## The reference's explanation\n")?;
    if let Some(url) = input.urls.first() {
        for profile in Profile::ALL {
            let robots = Robots::parse(&input.body(), ParseOptions::new(profile));
            let selection = robots.select(&[input.agent.as_str()]);
            match selection.check_url(url) {
                Ok(verdict) => {
                    writeln!(out, "- `{profile}`: {verdict}")?;
                }
                Err(e) => {
                    writeln!(out, "- `{profile}`: URL rejected: {e}")?;
                }
            }
            for record in robots
                .records()
                .iter()
                .filter(|r| !r.diagnostics.is_empty())
            {
                writeln!(out, "  - line {}: {:?}", record.line, record.diagnostics)?;
            }
        }
    }
    writeln!(
        out,
        "\n## As a spec case\n\n[`{}.toml`]({}.toml) holds this input with the reference's \
         verdict under each profile, ready to promote into `spec-cases/`.\n",
        family.id, family.id
    )?;
    writeln!(out, "## Original and minimised input\n")?;
    let diff = similar::TextDiff::from_lines(
        input_text(&finding.original)?.as_str(),
        input_text(input)?.as_str(),
    )
    .unified_diff()
    .context_radius(3)
    .header("original", "minimised")
    .to_string();
    writeln!(out, "```diff\n{}```", diff)?;
    Ok(out)
}

fn index_markdown(index: &Index) -> Result<String, fmt::Error> {
    let mut out = String::new();
    writeln!(
        out,
        "<!-- Generated by `reptest fuzz-diff` (`cargo fuzz-diff`); regenerate rather than edit. -->\n"
    )?;
    writeln!(out, "# Differential findings\n")?;
    writeln!(
        out,
        "Each family is one way implementations disagree with the reference, minimised: its \
         feature (what the reference's explanation says decided it) and its split (every \
         implementation's answer). Ranked by how many implementations it splits from the \
         reference under `rfc9309` plus under `google`. Each links its report and a spec case \
         ready to promote. `index.json` holds the same, machine-readable.\n"
    )?;
    let cases: u64 = index.runs.iter().map(|r| r.cases).sum();
    writeln!(
        out,
        "{} families from {} runs over {cases} generated cases.\n",
        index.families.len(),
        index.runs.len()
    )?;
    if !index.runs.is_empty() {
        writeln!(
            out,
            "| run | seed | cases | seconds | engines | new families |"
        )?;
        writeln!(out, "| --- | --- | --- | --- | --- | --- |")?;
        for (i, run) in index.runs.iter().enumerate() {
            writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} |",
                i + 1,
                run.seed,
                run.cases,
                run.seconds,
                run.engines.len(),
                run.new_families
            )?;
        }
        out.push('\n');
    }
    // Families per implementation: realistic inputs only.
    let (default, opt_in): (Vec<&Family>, Vec<&Family>) =
        index.families.iter().partition(|f| f.classes.is_empty());
    if !opt_in.is_empty() {
        writeln!(
            out,
            "{} of them come from realistic inputs (ranked below); {} use an opt-in input \
             class and are listed apart, under [Opt-in input classes](#opt-in-input-classes).\n",
            default.len(),
            opt_in.len()
        )?;
    }
    let mut per: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for family in &default {
        for name in &family.against_rfc9309 {
            per.entry(name).or_default().0 += 1;
        }
        for name in &family.against_google {
            per.entry(name).or_default().1 += 1;
        }
    }
    if !per.is_empty() {
        writeln!(out, "## Families per implementation\n")?;
        writeln!(out, "| implementation | against rfc9309 | against google |")?;
        writeln!(out, "| --- | --- | --- |")?;
        let mut rows: Vec<_> = per.into_iter().collect();
        rows.sort_by(|a, b| (b.1.0 + b.1.1).cmp(&(a.1.0 + a.1.1)).then(a.0.cmp(b.0)));
        for (name, (rfc, google)) in rows {
            writeln!(out, "| {name} | {rfc} | {google} |")?;
        }
        out.push('\n');
    }
    writeln!(out, "## Families\n")?;
    family_table(&mut out, &default)?;
    if !opt_in.is_empty() {
        writeln!(out, "\n## Opt-in input classes\n")?;
        writeln!(
            out,
            "Families whose minimal input uses a class `reptest fuzz-diff --inputs` opts into: \
             a raw URL (not as a crawler's URL library serialises it), an agent string that is \
             not a product token, or a body that is not UTF-8. Such a question may lie outside \
             a library's documented call contract; these families are never in the ranking \
             above.\n"
        )?;
        for class in crate::fuzz::generate::CLASS_TAGS {
            let members: Vec<&Family> = opt_in
                .iter()
                .copied()
                .filter(|f| f.classes.iter().any(|c| c == class))
                .collect();
            if members.is_empty() {
                continue;
            }
            writeln!(out, "### `{class}`\n")?;
            family_table(&mut out, &members)?;
            out.push('\n');
        }
    }
    Ok(out)
}

/// The families table of the index.
fn family_table(out: &mut String, families: &[&Family]) -> fmt::Result {
    writeln!(
        out,
        "| family | feature | hits | against rfc9309 | against google |"
    )?;
    writeln!(out, "| --- | --- | --- | --- | --- |")?;
    for family in families {
        writeln!(
            out,
            "| [{}](families/{}.md) | `{}` | {} | {} | {} |",
            family.id,
            family.id,
            family.feature,
            family.hits,
            list_or_none(&family.against_rfc9309),
            list_or_none(&family.against_google)
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_name_the_deciding_rule() {
        let input = Input {
            lines: vec![b"user-agent: *\n".to_vec(), b"disallow: /*.gif$\n".to_vec()],
            agent: "FooBot/1.0".into(),
            urls: vec!["http://example.com/a.gif".into()],
        };
        let feature = feature(&input).expect("a valid URL");
        assert!(
            feature.starts_with("disallow-rule wildcard end-anchor +"),
            "{feature}"
        );
        assert!(feature.contains("agent-version"), "{feature}");
    }
}
