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
use std::path::Path;

use anyhow::{Context, Result};
use reptest_reference::{
    Diagnostic, GroupMatch, ParseOptions, Profile, Reason, Robots, Selection, Verdict,
};
use serde::{Deserialize, Serialize};

use crate::answer::Answer;
use crate::engines::adapters::BodyAs;
use crate::engines::{EngineInfo, reference_name};
use crate::fuzz::generate::Input;

/// The decision tag of a URL that is `/robots.txt` itself, implicitly allowed (the word
/// family signatures were first written with).
pub const ROBOTS_TXT_TAG: &str = "robots-txt";

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
    Some(verdict_tags(&verdict, &selection))
}

/// The tags of [`decision`] for one verdict of `selection`.
pub fn verdict_tags(verdict: &Verdict<'_>, selection: &Selection<'_>) -> Vec<&'static str> {
    let mut tags = vec![match (verdict.reason, verdict.rule) {
        (Reason::Rule, Some(rule)) if rule.allow => "allow-rule",
        (Reason::Rule, _) => "disallow-rule",
        (Reason::RobotsTxtExempt, _) => ROBOTS_TXT_TAG,
        (other, _) => other.name(),
    }];
    if let Some(rule) = verdict.rule {
        let path = rule.path();
        tags.extend(pattern_tags(path.as_ref()));
        if rule.from_index_html {
            tags.push("index-html");
        }
    }
    // Whether the crawler's own group or the `*` group applied is left to the split: only
    // "no group applies" is a feature of its own.
    if *selection.matched() == GroupMatch::None {
        tags.push("no-group-applies");
    }
    tags
}

/// The shape tags of a rule's path: `wildcard`, `end-anchor`, `inner-dollar`, `percent`,
/// `non-ascii`, `long`.
pub fn pattern_tags(path: &str) -> Vec<&'static str> {
    let mut tags = Vec::new();
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
    if path.len() > 1000 {
        tags.push("long");
    }
    tags
}

/// The constructs a body holds, as [`feature`] names them (`bom`, `crlf`, `misspelling`, …),
/// read off the reference's diagnostics under `rfc9309` and the bytes.
pub fn body_tags(body: &[u8]) -> Vec<&'static str> {
    let mut extra: Vec<&str> = Vec::new();
    let robots = Robots::parse(body, ParseOptions::new(Profile::Rfc9309));
    for record in robots.records() {
        for diagnostic in &record.diagnostics {
            extra.push(match diagnostic {
                // Both readings of a line without a colon are one trait of a file here (the
                // word family signatures were first written with).
                Diagnostic::AcceptedMissingColon => "missing-colon",
                other => other.name(),
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
    let text = String::from_utf8_lossy(body);
    if text.lines().any(|l| l.find('#').is_some_and(|i| i > 0)) {
        extra.push("inline-comment");
    }
    extra.sort_unstable();
    extra.dedup();
    extra
}

/// The constructs of a URL: `url-percent`, `url-non-ascii`, `url-query`.
pub fn url_tags(url: &str) -> Vec<&'static str> {
    let mut extra = Vec::new();
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
    let bytes = path.as_bytes();
    if bytes.windows(3).any(|w| {
        w[0] == b'%' && crate::text::hex_octet(&w[1..]).is_some_and(crate::text::is_control)
    }) {
        extra.push("url-control-escape");
    }
    extra
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
    let mut extra: Vec<&str> = body_tags(&input.body());
    if let Some(url) = input.urls.first() {
        extra.extend(url_tags(url));
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

/// The implementations (not the reference) of `split` whose answer differs from the
/// reference's under `profile` (an error counts as different, an unsupported question not).
pub fn against(split: &BTreeMap<String, Answer>, profile: Profile) -> Vec<String> {
    let expected = split.get(&reference_name(profile)).copied();
    split
        .iter()
        .filter(|(name, said)| {
            !name.starts_with("reference-")
                && **said != Answer::Unsupported
                && Some(**said) != expected
        })
        .map(|(name, _)| name.clone())
        .collect()
}

/// Whether `family`'s input is minimal for implementation `name`.
pub fn minimised_for(family: &Family, name: &str) -> bool {
    family.minimised_for.is_empty()
        || family.minimised_for == name
        || family.also_minimised_for.iter().any(|n| n == name)
}

/// The feature's tags: the decision under `rfc9309` (and `google`), then the constructs.
pub fn feature_tags(feature: &str) -> (Vec<&str>, Vec<&str>) {
    let (decision, extra) = feature.split_once(" + ").unwrap_or((feature, ""));
    let decision: Vec<&str> = decision
        .split([' ', '/', ':'])
        .filter(|t| !t.is_empty() && *t != "google")
        .collect();
    let extra: Vec<&str> = extra.split(' ').filter(|t| !t.is_empty()).collect();
    (decision, extra)
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
    /// How the body was transformed before the implementation received it, when that
    /// changed it (`text-lossy`: the input is the text its UTF-8 decoding with replacement
    /// made of a body that was not UTF-8; `text-fetched`: the text an HTTP client's `text()`
    /// made of it, a leading byte order mark taken off too), and the reference was asked
    /// about that text.
    pub transformation: Option<&'static str>,
    /// The call contracts the split rests on (it disappears inside them); empty when it
    /// stays inside every contract ([`crate::fuzz::contract`]).
    pub contract: Vec<&'static str>,
    /// For a timeout: the time measured, in milliseconds.
    pub timeout_ms: Option<u64>,
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
    /// The minimal input (absent in catalogues written before it was kept in the index:
    /// then only the family's `.toml` holds it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<FamilyInput>,
    /// The implementation whose deviation was minimised.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub minimised_for: String,
    /// Other implementations whose own minimisation reached the same input.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also_minimised_for: Vec<String>,
    /// How the body was transformed before that implementation received it (`text-lossy`,
    /// `text-fetched`),
    /// when that changed it; the input is then what it received.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transformation: Option<String>,
    /// The call contracts the split rests on (`encoded-url`, `agent-token`, `utf8-body`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub contract: Vec<String>,
    /// A timeout family: the time measured, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_ms: Option<u64>,
    /// The minimal input with each construct it holds neutralised, and every answer asked
    /// about each variant (`reptest fuzz-report`, [`crate::fuzz::ablation`]): the evidence a
    /// root cause's construct is derived from. Stored apart, in `families/<id>.json`
    /// ([`crate::fuzz::store`]): read from `index.json` only as catalogues written before kept it.
    #[serde(default, skip_serializing)]
    pub ablation: Vec<Ablated>,
    /// The minimal input cleaned for each implementation it was minimised for, by name: each
    /// construct whose neutralisation changes neither its answer nor the reference's was
    /// neutralised, with the same evidence asked about what is left
    /// ([`crate::fuzz::ablation::Cleaned`]). Its root causes are labelled and shown on it.
    /// Stored with [`Family::ablation`].
    #[serde(default, skip_serializing)]
    pub cleaned_for: BTreeMap<String, Cleaned>,
}

/// One neutralised variant of a family's input, with every answer asked about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ablated {
    /// The construct neutralised.
    pub construct: String,
    /// The variant.
    pub input: FamilyInput,
    /// Each engine's answer to it (the references under every profile, and the
    /// implementations that deviate in the family).
    pub answers: BTreeMap<String, Answer>,
}

/// A family's minimal input cleaned for one implementation it was minimised for: the
/// minimiser keeps what is needed for *some* split, not only for its, so a file may still
/// hold a misspelling or a missing colon beside the construct that really splits it (a
/// second profile split, or a second trigger, next to the real cause). Each construct whose
/// neutralisation leaves its answer and the reference's under `rfc9309` and `google` as they
/// were is neutralised, one at a time, asking it again each time; what is left is ablated
/// again. Only realistic inputs are cleaned, and a variant leaves no class.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cleaned {
    /// The constructs neutralised, in the order they were, each leaving the answers as they
    /// were.
    pub removed: Vec<String>,
    /// The construct whose neutralisation brought the reference's `rfc9309` and `google`
    /// answers (and Google's parser's) to one while the implementation kept its own (it had
    /// met one profile's answer by chance): the input was strengthened to that variant, and
    /// its answers are the ones kept since.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub united: Option<String>,
    /// The cleaned input.
    pub input: FamilyInput,
    /// The answers of the implementation it was cleaned for, and of the reference under every
    /// profile, to it.
    pub answers: BTreeMap<String, Answer>,
    /// Its own ablation (as [`Family::ablation`], asked of that implementation only).
    pub ablation: Vec<Ablated>,
}

/// A family's minimal input, as the index keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FamilyInput {
    /// The body, escaped as spec cases write it when `escaped` (`\xHH`, `\r`, …).
    pub robots: String,
    /// Whether `robots` is escaped.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub escaped: bool,
    /// The crawler.
    pub agent: String,
    /// The URL.
    pub url: String,
}

impl FamilyInput {
    /// The input's record.
    pub fn of(input: &Input) -> FamilyInput {
        let (robots, escaped) = crate::text::escape(&input.body());
        FamilyInput {
            robots,
            escaped,
            agent: input.agent.clone(),
            url: input.urls.first().cloned().unwrap_or_default(),
        }
    }

    /// The body's bytes.
    pub fn body(&self) -> Vec<u8> {
        if self.escaped {
            crate::text::unescape(&self.robots).unwrap_or_else(|_| self.robots.clone().into_bytes())
        } else {
            self.robots.clone().into_bytes()
        }
    }

    /// Back into an input (the body as one line per line end).
    pub fn input(&self) -> Input {
        Input {
            lines: self
                .body()
                .split_inclusive(|b| *b == b'\n')
                .map(<[u8]>::to_vec)
                .collect(),
            agent: self.agent.clone(),
            urls: vec![self.url.clone()],
        }
    }
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
    pub shard: Option<crate::fuzz::shard::Shard>,
    /// The opt-in input classes it asked about too, as `--inputs` takes them (empty: realistic
    /// inputs only).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub inputs: String,
}

/// Whether `text`, the text a decoder made of a body that was not UTF-8, still shows it: it
/// is not UTF-8, holds U+FFFD (where an invalid byte was), or starts with a byte order mark
/// (which a decoder would take off again). Otherwise the same text sent as a UTF-8 body
/// reaches the library unchanged: the question is a realistic one, outside `invalid-utf8`.
pub fn shows_invalid_body(text: &[u8]) -> bool {
    std::str::from_utf8(text).map_or(true, |t| {
        t.contains('\u{FFFD}') || t.starts_with('\u{FEFF}')
    })
}

/// The `--inputs` value that opts into `classes` (empty for realistic inputs only).
pub fn inputs_flag(classes: &crate::fuzz::generate::InputClasses) -> String {
    crate::fuzz::generate::CLASS_TAGS
        .iter()
        .filter(|tag| classes.opted_into(tag))
        .map(|tag| match *tag {
            "raw-url" => "raw-urls",
            "agent-string" => "agent-strings",
            other => other,
        })
        .collect::<Vec<_>>()
        .join(",")
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
    /// How each implementation receives the body (its manifest's `body`), by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub bodies: BTreeMap<String, BodyAs>,
}

impl Index {
    /// Reads the index at `path`; `None` when there is no file. Each family's evidence is
    /// stored apart ([`crate::fuzz::store::read_full`] reads it too).
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

/// The family page's heading of its verdict table, and of the section after it.
const VERDICTS: &str = "## Verdicts\n";
const EXPLANATION: &str = "## The reference's explanation";

/// How many implementations the family splits from the reference, as its page says it.
fn splits_sentence(family: &Family) -> String {
    format!(
        "Splits {} implementation(s) from the reference under `rfc9309` and {} under `google`.",
        family.against_rfc9309.len(),
        family.against_google.len()
    )
}

/// The family page's verdict table: every engine's answer to the minimal input.
fn verdicts_table(family: &Family, engines: &BTreeMap<String, EngineInfo>) -> String {
    let mut out = String::from(
        "| implementation | language | version | verdict |\n| --- | --- | --- | --- |\n",
    );
    for (name, said) in &family.split {
        let info = engines.get(name);
        let _ = writeln!(
            out,
            "| {name} | {} | {} | {said} |",
            info.map_or("", |i| i.language.as_str()),
            info.map_or("", |i| i.version.as_str()),
        );
    }
    out
}

/// The family page's paragraph naming its opt-in input classes (none for a realistic input).
fn class_paragraph(classes: &[String]) -> Option<String> {
    (!classes.is_empty()).then(|| {
        format!(
            "**Opt-in input class:** {} (outside the realistic inputs of the default run: the \
             question may lie outside a library's call contract).",
            classes
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

/// `page` (a family page the catalogue wrote) with its input class and decoding paragraphs
/// redrawn for `family`, whose input was found since to hold no trace of the body that was
/// not UTF-8 it was found on ([`shows_invalid_body`]): a realistic question.
pub fn redraw_realistic(page: &str, family: &Family) -> String {
    let mut out: Vec<String> = Vec::new();
    for paragraph in page.split("\n\n") {
        if paragraph.starts_with("**Opt-in input class:**") {
            out.extend(class_paragraph(&family.classes));
        } else if paragraph.starts_with("**Body received as:**") {
            out.push(format!(
                "**Found on** a body that was not UTF-8, which `{}` decoded with invalid bytes \
                 replaced by U+FFFD. Minimised, the text it received holds none of them: the \
                 input below, sent as a UTF-8 body, reaches every library unchanged.",
                family.minimised_for
            ));
        } else {
            out.push(paragraph.to_owned());
        }
    }
    out.join("\n\n")
}

/// An input as a family page shows it: the body fenced (long lines clipped), the crawler and
/// the URL.
fn input_block(out: &mut String, body: &[u8], agent: &str, url: Option<&str>) -> fmt::Result {
    writeln!(
        out,
        "robots.txt:\n\n{}\n",
        clip_lines(&crate::text::fenced(body))
    )?;
    writeln!(out, "- agent: `{agent}`")?;
    if let Some(url) = url {
        writeln!(out, "- URL: `{url}`")?;
    }
    Ok(())
}

/// The heading of a family page's section on its input as cleaned for each implementation.
const CLEANED: &str = "## As cleaned for each implementation";

/// The heading the cleaned inputs' section is put before.
const SPEC_CASE: &str = "## As a spec case";

/// `page` (a family page the catalogue wrote) with its section on the input as cleaned for
/// each implementation it was minimised for drawn from `family` ([`Family::cleaned_for`]),
/// in the place of the one it has, else before its spec-case section (else at its end): the
/// root causes of those implementations rest on the cleaned input, not on the minimal one the
/// page shows first. No section where no cleaning changed the input.
pub fn redraw_cleaned(page: &str, family: &Family) -> String {
    let mut page = page.to_owned();
    let drawn_before = page.find(CLEANED);
    if let Some(start) = drawn_before {
        // The section ends where the next section starts (its own headings are `###`).
        let body = start + CLEANED.len();
        let end = page[body..]
            .find("\n## ")
            .map_or(page.len(), |at| body + at + 1);
        page.replace_range(start..end, "");
    }
    let section = cleaned_section(family).expect("writing to a String does not fail");
    let at = drawn_before
        .or_else(|| page.find(SPEC_CASE))
        .unwrap_or(page.len());
    page.insert_str(at, &section);
    page
}

/// The section [`redraw_cleaned`] draws (empty where no cleaning changed the input).
fn cleaned_section(family: &Family) -> Result<String, fmt::Error> {
    let changed: Vec<(&String, &Cleaned)> = family
        .cleaned_for
        .iter()
        .filter(|(_, c)| family.input.as_ref() != Some(&c.input))
        .collect();
    if changed.is_empty() {
        return Ok(String::new());
    }
    let mut out = format!(
        "{CLEANED}\n\nThe root causes of the implementations below rest on the input as \
         cleaned for each (`reptest fuzz-report`): every construct whose neutralisation \
         changed neither its answer nor the reference's was neutralised, and where it met one \
         profile's answer by chance, the input was strengthened to a variant on which the \
         profiles agree. The answers are asked again on it.\n\n"
    );
    // Implementations whose cleaning reached the same input share one block.
    let mut blocks: Vec<(&Cleaned, Vec<(&String, &Cleaned)>)> = Vec::new();
    for (name, cleaned) in changed {
        match blocks.iter_mut().find(|(c, _)| {
            c.input == cleaned.input && c.removed == cleaned.removed && c.united == cleaned.united
        }) {
            Some((_, names)) => names.push((name, cleaned)),
            None => blocks.push((cleaned, vec![(name, cleaned)])),
        }
    }
    for (cleaned, names) in blocks {
        let heading: Vec<&str> = names.iter().map(|(n, _)| n.as_str()).collect();
        writeln!(out, "### {}\n", heading.join(", "))?;
        if !cleaned.removed.is_empty() {
            let removed: Vec<String> = cleaned.removed.iter().map(|c| format!("`{c}`")).collect();
            writeln!(out, "Neutralised: {}.\n", removed.join(", "))?;
        }
        if let Some(united) = &cleaned.united {
            writeln!(out, "Strengthened: `{united}` neutralised.\n")?;
        }
        let input = &cleaned.input;
        input_block(&mut out, &input.body(), &input.agent, Some(&input.url))?;
        let own = names
            .iter()
            .filter_map(|(n, c)| Some(format!("`{n}`: {}", c.answers.get(*n)?)));
        let references = Profile::ALL.iter().filter_map(|p| {
            let n = reference_name(*p);
            Some(format!("`{n}`: {}", cleaned.answers.get(&n)?))
        });
        let answers: Vec<String> = own.chain(references).collect();
        writeln!(out, "- answers: {}\n", answers.join(", "))?;
    }
    Ok(out)
}

/// `page` (a family page the catalogue wrote) with its split count and verdict table
/// redrawn from `family`, whose answers changed since; `None` when the page is not one.
pub fn redraw_verdicts(
    page: &str,
    family: &Family,
    engines: &BTreeMap<String, EngineInfo>,
) -> Option<String> {
    let count = page.find("Splits ")?;
    let count_end = count + page[count..].find("under `google`.")? + "under `google`.".len();
    let table = count_end + page[count_end..].find(VERDICTS)? + VERDICTS.len() + 1;
    let table_end = table + page[table..].find(EXPLANATION)?;
    Some(format!(
        "{}{}{}{}\n{}",
        &page[..count],
        splits_sentence(family),
        &page[count_end..table],
        verdicts_table(family, engines),
        &page[table_end..]
    ))
}

/// A new family's page: the family, its finding (original and minimal input) and who the
/// engines are.
pub fn family_markdown(
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
    if let Some(paragraph) = class_paragraph(&family.classes) {
        writeln!(out, "{paragraph}\n")?;
    }
    if let Some(ms) = family.timeout_ms {
        writeln!(
            out,
            "**Timeout:** `{}` gave no answer within the time limit; its answer came after \
             {:.1}s (a performance finding, not an error; not minimised).\n",
            finding.minimised_for,
            ms as f64 / 1000.0
        )?;
    }
    if let Some(transformation) = &family.transformation {
        writeln!(
            out,
            "**Body received as:** `{transformation}`: `{}` decodes the body as UTF-8 with \
             invalid bytes replaced by U+FFFD; the input below is the text it received, and \
             the reference was asked about that text.\n",
            finding.minimised_for
        )?;
    }
    if !family.contract.is_empty() {
        writeln!(
            out,
            "**Rests on the call contract:** {} (asked inside it, `{}` agrees with the \
             reference).\n",
            family
                .contract
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", "),
            finding.minimised_for
        )?;
    }
    writeln!(
        out,
        "{} First seen with seed {}, case {} (`reptest fuzz-diff --seed {} --first-case {} \
         --iterations 1`); minimised for `{}`{}.\n",
        splits_sentence(family),
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
    input_block(
        &mut out,
        &input.body(),
        &input.agent,
        input.urls.first().map(String::as_str),
    )?;
    if !input.urls.is_empty() {
        out.push('\n');
    }
    writeln!(out, "{VERDICTS}")?;
    out.push_str(&verdicts_table(family, engines));
    writeln!(out, "\n{EXPLANATION}\n")?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoded_text_with_no_trace_of_invalid_bytes_is_realistic() {
        assert!(!shows_invalid_body(b"user-agent: a\ndisallow: /\n"));
        assert!(!shows_invalid_body("disallow: /\u{e9}\n".as_bytes()));
        assert!(shows_invalid_body("disallow: /\u{FFFD}\n".as_bytes()));
        assert!(shows_invalid_body(b"disallow: /\xC3\n"));
        // A decoder takes a leading byte order mark off again.
        assert!(shows_invalid_body(b"\xEF\xBB\xBFdisallow: /\n"));
    }

    #[test]
    fn a_family_page_found_realistic_loses_its_class_and_says_what_it_was_found_on() {
        let page = "# id\n\n**Feature:** `x`\n\n**Opt-in input class:** `invalid-utf8` (outside \
                    …).\n\n**Body received as:** `text-lossy`: `lib` decodes …\n\nSplits 1 …\n";
        let family: Family = serde_json::from_value(serde_json::json!({
            "id": "id", "feature": "x", "signature": "s", "split": {},
            "against_rfc9309": [], "against_google": [], "hits": 1,
            "first_seen": {"seed": 1, "case": 1},
            "minimised_for": "lib"
        }))
        .expect("a family");
        let redrawn = redraw_realistic(page, &family);
        assert!(!redrawn.contains("Opt-in input class"), "{redrawn}");
        assert!(!redrawn.contains("Body received as"), "{redrawn}");
        assert!(redrawn.contains("**Found on** a body that was not UTF-8, which `lib`"));
        assert!(redrawn.starts_with("# id\n\n**Feature:** `x`\n\n**Found on**"));
        assert!(redrawn.ends_with("\n\nSplits 1 …\n"), "{redrawn}");
    }

    #[test]
    fn a_family_page_shows_its_cleaned_inputs_once_before_its_spec_case() {
        let page = "# id\n\n## Minimal input\n\nx\n\n## As a spec case\n\ncase\n";
        let mut family: Family = serde_json::from_value(serde_json::json!({
            "id": "id", "feature": "x", "signature": "s", "split": {},
            "against_rfc9309": [], "against_google": [], "hits": 1,
            "first_seen": {"seed": 1, "case": 1},
            "input": {"robots": "useragent: a\ndisallow: /\n", "agent": "A", "url": "http://e.com/"}
        }))
        .expect("a family");
        // Nothing cleaned: no section.
        assert_eq!(redraw_cleaned(page, &family), page);
        let cleaned = |name: &str, answer: &str| -> Cleaned {
            let input = serde_json::json!({
                "robots": "user-agent: a\ndisallow: /\n", "agent": "A", "url": "http://e.com/"
            });
            serde_json::from_value(serde_json::json!({
                "removed": ["misspelling"],
                "input": input,
                "answers": {name: answer, "reference-rfc9309": "disallow"},
                "ablation": []
            }))
            .expect("a cleaned input")
        };
        family
            .cleaned_for
            .insert("lib".into(), cleaned("lib", "allow"));
        family
            .cleaned_for
            .insert("other".into(), cleaned("other", "error"));
        let drawn = redraw_cleaned(page, &family);
        let section = drawn.find(CLEANED).expect("a section");
        assert!(
            section < drawn.find(SPEC_CASE).expect("the spec case"),
            "{drawn}"
        );
        // Two implementations cleaned to one input share one block.
        assert!(
            drawn.contains("### lib, other\n\nNeutralised: `misspelling`."),
            "{drawn}"
        );
        assert!(drawn.contains("user-agent: a\ndisallow: /\n"), "{drawn}");
        assert!(
            drawn.contains("`lib`: allow, `other`: error, `reference-rfc9309`: disallow"),
            "{drawn}"
        );
        // Drawn again, the page stays; drawn after a change, the section is replaced.
        assert_eq!(redraw_cleaned(&drawn, &family), drawn);
        family.cleaned_for.remove("other");
        let again = redraw_cleaned(&drawn, &family);
        assert_eq!(again.matches(CLEANED).count(), 1);
        assert!(
            again.contains("### lib\n") && !again.contains("other"),
            "{again}"
        );
        family.cleaned_for.clear();
        assert_eq!(redraw_cleaned(&again, &family), page);
        // A page without a spec case: the section goes at its end; drawn again, it stays where
        // it was and what follows it is kept.
        family
            .cleaned_for
            .insert("lib".into(), cleaned("lib", "allow"));
        let bare = "# id\n\n## Minimal input\n\nx\n\n";
        let drawn = redraw_cleaned(bare, &family);
        assert!(
            drawn.starts_with(bare) && drawn.contains("### lib\n"),
            "{drawn}"
        );
        let followed = format!("{drawn}## Original and minimised input\n\ndiff\n");
        let again = redraw_cleaned(&followed, &family);
        assert_eq!(again.matches(CLEANED).count(), 1, "{again}");
        assert!(
            again.ends_with("## Original and minimised input\n\ndiff\n"),
            "{again}"
        );
    }

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
