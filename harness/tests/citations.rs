//! Citations say what the texts say: every sentence quoted from RFC 9309 or from Google's
//! specification — in a case's note, in a comment of the reference's or the harness's Rust
//! sources, in the repository's Markdown documentation, or in the clause table the findings
//! reports print — is found verbatim in the text it names, and every `rfc9309#…` reference
//! names a section of the RFC's normative text.
//!
//! The texts are in the shared specification folder next to the repository (`../shared/spec/`):
//! `rfc9309-excerpts.md`, Google's English 2019 text and its Korean legacy text. A quote is
//! marked by its source, a space, then the sentence in curly double quotes (the texts
//! themselves use only straight ones, so the RFC's own `"allow"` stays inside a quote):
//! - `§2.2.2 “…”`: RFC 9309, that section or one of its subsections;
//! - `Google 2019 “…”`: Google's 2019 guides and specification (English); with the heading
//!   it is under, `Google 2019 (File format) “…”` (the heading must be one of the text's);
//! - `Google legacy “…”`: Google's pre-2019 specification, in its Korean words.
//!
//! A ` … ` inside a quote elides text: each part is looked for, in order. Whitespace runs
//! compare as one space, since the texts wrap lines; the Google text's markup (backticks, bold
//! `**`) is left out on both sides. A quote of §2.2.2 or §2.2.3 may also be one of the figures, which
//! the folder's README summarises. A curly quote without its source is an error, so a curly
//! quote is always a checked citation.
//!
//! What escapes the convention is caught where it can be: an RFC key word in straight quotes,
//! and — in sources and documentation, where Google's words are not otherwise quoted — a
//! straight-quoted phrase right after a source is named (`RFC 9309`, `§2.4`, `2019`, `legacy`).
//! Words of other documents (Google's parser's documentation, a crate's) stay in straight
//! quotes, with their source named in words.
//!
//! When the folder is absent the test says so and checks nothing; when it is present, a
//! missing text, a scan without a single quote or a wrong quote fails.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use reptest::fuzz::constructs;
use reptest::fuzz::filing::clause_for_tag;
use reptest::suite::cases;

/// Sections cited that the excerpts do not reproduce but the RFC has: §2.2 is the formal
/// syntax (ABNF), summarised in the README.
const SECTIONS_NOT_REPRODUCED: &[&str] = &["2.2"];

/// The folders whose Rust sources' comments are checked, from the workspace root.
const SOURCE_DIRS: &[&str] = &["reference-impl/src", "harness/src"];

/// The Markdown documentation checked, from the workspace root (not the generated `reports/`).
const DOCS: &[&str] = &[
    "README.md",
    "reference-impl/README.md",
    "harness/README.md",
    "harness/PROTOCOL.md",
    "harness/adapters/README.md",
    "spec-cases/README.md",
    "fuzz/README.md",
    "peers/README.md",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn spec_dir() -> PathBuf {
    root().join("../shared/spec")
}

fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What a quote and a text are compared as: whitespace squashed, the Google text's markup
/// (backticks, bold `**`) left out.
fn comparable(text: &str) -> String {
    squash(&text.replace('`', "").replace("**", ""))
}

/// The texts quotes are checked against.
struct Texts {
    /// RFC 9309 by section: `"2.2.2"` → that section's text.
    sections: BTreeMap<String, String>,
    /// The spec folder's README, which summarises the RFC's figures.
    figures: String,
    /// Google's 2019 text (English).
    google_2019: String,
    /// Google's legacy text (Korean).
    google_legacy: String,
}

impl Texts {
    fn load(dir: &Path) -> Texts {
        let read = |name: &str| {
            std::fs::read_to_string(dir.join(name))
                .unwrap_or_else(|e| panic!("the spec folder is present, so {name} must be: {e}"))
        };
        let texts = Texts {
            sections: sections(&read("rfc9309-excerpts.md")),
            figures: comparable(&read("README.md")),
            google_2019: comparable(&read("google-robots-guides-and-spec-2019.en.txt")),
            google_legacy: comparable(&read("google-robots-spec-legacy.ko.txt")),
        };
        assert!(
            texts.sections.contains_key("2.2.2"),
            "excerpts without §2.2.2?"
        );
        texts
    }
}

/// The excerpts split into sections: `"2.2.2"` → that section's text, comparable.
fn sections(excerpts: &str) -> BTreeMap<String, String> {
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in excerpts.lines() {
        let heading = line.trim_start_matches('#');
        if line.starts_with('#') && heading.starts_with(' ') {
            let number = heading.split_whitespace().next().unwrap_or_default();
            let number = number.trim_end_matches('.');
            if !number.is_empty() && number.chars().all(|c| c.is_ascii_digit() || c == '.') {
                current = Some(number.to_owned());
                out.entry(number.to_owned()).or_default();
                continue;
            }
        }
        if let Some(section) = &current {
            let text = out.entry(section.clone()).or_default();
            text.push(' ');
            text.push_str(line);
        }
    }
    out.into_iter().map(|(k, v)| (k, comparable(&v))).collect()
}

/// The text a quote of `section` may come from: the section and its subsections.
fn text_of(sections: &BTreeMap<String, String>, section: &str) -> Option<String> {
    let prefix = format!("{section}.");
    let parts: Vec<&str> = sections
        .iter()
        .filter(|(k, _)| *k == section || k.starts_with(&prefix))
        .map(|(_, v)| v.as_str())
        .collect();
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// Where a quote says it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Source {
    /// RFC 9309, a section number.
    Rfc(String),
    /// Google's 2019 text, and the heading the quote is under when it is named.
    Google2019(Option<String>),
    /// Google's legacy text.
    GoogleLegacy,
}

impl Source {
    /// The source a quote's preceding text ends with, if any.
    fn before(text: &str) -> Option<Source> {
        let text = text.strip_suffix(' ')?;
        if text.ends_with("Google 2019") {
            return Some(Source::Google2019(None));
        }
        if let Some((_, heading)) = text
            .strip_suffix(')')
            .and_then(|t| t.rsplit_once(" ("))
            .filter(|(before, _)| before.ends_with("Google 2019"))
        {
            return Some(Source::Google2019(Some(heading.to_owned())));
        }
        if text.ends_with("Google legacy") {
            return Some(Source::GoogleLegacy);
        }
        text.rsplit_once('§')
            .map(|(_, s)| s)
            .filter(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit() || c == '.'))
            .map(|s| Source::Rfc(s.to_owned()))
    }

    fn name(&self) -> String {
        match self {
            Source::Rfc(section) => format!("§{section}"),
            Source::Google2019(None) => "Google 2019".to_owned(),
            Source::Google2019(Some(heading)) => format!("Google 2019 ({heading})"),
            Source::GoogleLegacy => "Google legacy".to_owned(),
        }
    }

    /// Whether the source says `quoted` (`None`: the source is not a text we have).
    fn says(&self, quoted: &str, texts: &Texts) -> Option<bool> {
        let found = |haystack: &str| in_order(haystack, quoted);
        Some(match self {
            Source::Rfc(section) => {
                let text = text_of(&texts.sections, section)?;
                let figure = matches!(section.as_str(), "2.2.2" | "2.2.3");
                found(&text) || (figure && found(&texts.figures))
            }
            Source::Google2019(heading) => {
                let under = heading.as_ref().is_none_or(|h| {
                    let h = comparable(&h.to_lowercase());
                    texts.google_2019.to_lowercase().contains(&h)
                });
                under && found(&texts.google_2019)
            }
            Source::GoogleLegacy => found(&texts.google_legacy),
        })
    }
}

/// Whether every ` … `-separated part of `quoted` is in `haystack`, in order.
fn in_order(haystack: &str, quoted: &str) -> bool {
    let mut from = 0;
    quoted
        .split('…')
        .map(comparable)
        .all(|part| match haystack[from..].find(part.as_str()) {
            Some(at) => {
                from += at + part.len();
                true
            }
            None => false,
        })
}

/// Every marked quote of a text, as (source, quoted text).
fn quotes(text: &str) -> Result<Vec<(Source, String)>, String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('“') {
        let close = rest[open..]
            .find('”')
            .ok_or_else(|| format!("unclosed “ in: {text}"))?;
        let quoted = &rest[open + '“'.len_utf8()..open + close];
        let source = Source::before(&rest[..open]).ok_or_else(|| {
            format!(
                "the quote “{quoted}” is not preceded by its source \
                 (`§2.2.2 “…”`, `Google 2019 “…”`, `Google legacy “…”`)"
            )
        })?;
        out.push((source, quoted.to_owned()));
        rest = &rest[open + close..];
    }
    Ok(out)
}

/// How many marked quotes `text` holds, and what is wrong with them.
fn check_quotes(text: &str, texts: &Texts) -> (usize, Vec<String>) {
    let text = squash(text);
    let found = match quotes(&text) {
        Ok(q) => q,
        Err(e) => return (0, vec![e]),
    };
    let mut errors = Vec::new();
    for (source, quoted) in &found {
        match source.says(quoted, texts) {
            None => errors.push(format!(
                "{} is not a section of the excerpts",
                source.name()
            )),
            Some(false) => errors.push(format!("{} does not say “{quoted}”", source.name())),
            Some(true) => {}
        }
    }
    (found.len(), errors)
}

/// `text` without its curly quotes (and, for prose, its inline code spans).
fn outside_quotes(text: &str, code: bool) -> String {
    let mut outside = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('“') {
        outside.push_str(&rest[..open]);
        rest = rest[open..].split_once('”').map_or("", |(_, after)| after);
    }
    outside.push_str(rest);
    if !code {
        return outside;
    }
    outside
        .split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 0)
        .map(|(_, part)| part)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Straight-quoted RFC words: a straight quote right after "RFC 9309", and an RFC key word
/// in straight quotes.
fn straight_rfc_quotes(outside: &str) -> Vec<String> {
    let mut errors = Vec::new();
    for (at, _) in outside.match_indices("RFC 9309") {
        let after = outside[at + "RFC 9309".len()..].trim_start_matches([' ', ':', '§', '.']);
        let after = after.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if after.trim_start_matches([' ', ':']).starts_with('"') {
            errors.push("a straight quote after \"RFC 9309\": write `§N “…”`".to_owned());
        }
    }
    for (i, part) in outside.split('"').enumerate() {
        let keyword = ["MUST", "SHOULD", "MAY", "REQUIRED"].iter().any(|k| {
            part.split(|c: char| !c.is_ascii_alphabetic())
                .any(|w| w == *k)
        });
        if i % 2 == 1 && keyword {
            errors.push(format!(
                "\"{part}\" quotes an RFC key word in straight quotes: write `§N “…”`"
            ));
        }
    }
    errors
}

/// Words that name a text quotes come from.
const SOURCE_WORDS: &[&str] = &["RFC 9309", "§", "2019", "legacy", "Legacy"];

/// How far before a straight quote a source named counts as attributing it (characters).
const ATTRIBUTION_REACH: usize = 50;

/// A straight-quoted phrase of three words or more shortly after a source is named: a quote
/// of that source that escaped the convention.
fn straight_attributed_quotes(outside: &str) -> Vec<String> {
    let mut errors = Vec::new();
    let parts: Vec<&str> = outside.split('"').collect();
    for (i, quoted) in parts.iter().enumerate().skip(1).step_by(2) {
        if i + 1 == parts.len() || quoted.split_whitespace().count() < 3 {
            continue;
        }
        // What comes before, across any short quote (a heading) between.
        let before = parts[..i].join("\"");
        let start = before
            .char_indices()
            .rev()
            .nth(ATTRIBUTION_REACH)
            .map_or(0, |(at, _)| at);
        let near = &before[start..];
        let near = near.rsplit_once(". ").map_or(near, |(_, after)| after);
        if let Some(word) = SOURCE_WORDS.iter().find(|w| near.contains(**w)) {
            errors.push(format!(
                "\"{quoted}\" follows `{word}` in straight quotes: quote it as `§N “…”`, \
                 `Google 2019 “…”` or `Google legacy “…”`, or say it in your own words"
            ));
        }
    }
    errors
}

/// What is wrong with the quotes of one case note.
fn check_note(note: &str, texts: &Texts) -> (usize, Vec<String>) {
    let (n, mut errors) = check_quotes(note, texts);
    errors.extend(straight_rfc_quotes(&outside_quotes(&squash(note), false)));
    (n, errors)
}

/// What is wrong with the quotes of a comment block or a paragraph of documentation.
fn check_prose(prose: &str, texts: &Texts) -> (usize, Vec<String>) {
    let (n, mut errors) = check_quotes(prose, texts);
    let outside = outside_quotes(&squash(prose), true);
    errors.extend(straight_rfc_quotes(&outside));
    errors.extend(straight_attributed_quotes(&outside));
    (n, errors)
}

/// The comment blocks of a Rust source: (first line, the comments' text joined), fenced code
/// in doc comments left out.
fn comment_blocks(source: &str) -> Vec<(usize, String)> {
    marked_blocks(source, "//")
}

/// The comment blocks of a TOML file (`#` lines), as [`comment_blocks`] reads Rust's.
fn toml_comment_blocks(source: &str) -> Vec<(usize, String)> {
    marked_blocks(source, "#")
}

/// The blocks of consecutive lines starting with `marker` (after indentation): (first line,
/// text joined by spaces), fenced code left out.
fn marked_blocks(source: &str, marker: &str) -> Vec<(usize, String)> {
    let mut blocks: Vec<(usize, String)> = Vec::new();
    let mut open = false;
    let mut fenced = false;
    for (n, line) in source.lines().enumerate() {
        let trimmed = line.trim_start();
        let Some(comment) = trimmed.strip_prefix(marker) else {
            open = false;
            continue;
        };
        let comment = comment.trim_start_matches(['/', '!']);
        if comment.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        if !open {
            blocks.push((n + 1, String::new()));
            open = true;
        }
        let block = &mut blocks.last_mut().expect("pushed above").1;
        block.push(' ');
        block.push_str(comment);
    }
    blocks
}

/// The paragraphs of a Markdown file: (first line, text), fenced code left out.
fn paragraphs(markdown: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut open = false;
    let mut fenced = false;
    for (n, line) in markdown.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            open = false;
            continue;
        }
        if fenced || line.trim().is_empty() {
            open = false;
            continue;
        }
        // A table row is a paragraph of its own.
        if !open || line.trim_start().starts_with('|') {
            out.push((n + 1, String::new()));
            open = !line.trim_start().starts_with('|');
        }
        let text = &mut out.last_mut().expect("pushed above").1;
        text.push(' ');
        text.push_str(line);
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Whether the spec folder is here; if not, says so.
fn texts_or_skip() -> Option<Texts> {
    let dir = spec_dir();
    if !dir.is_dir() {
        eprintln!(
            "SKIPPED: {} is absent, so quotes cannot be checked here (CI has it)",
            dir.display()
        );
        return None;
    }
    Some(Texts::load(&dir))
}

fn fail_on(errors: &[String]) {
    assert!(
        errors.is_empty(),
        "{} citation error(s):\n{}",
        errors.len(),
        errors.join("\n")
    );
}

fn rfc_sections_cited(spec: &[String]) -> impl Iterator<Item = &str> {
    spec.iter().filter_map(|r| r.strip_prefix("rfc9309#"))
}

#[test]
fn every_rfc_quote_is_verbatim_in_the_section_it_names() {
    let Some(texts) = texts_or_skip() else {
        return;
    };
    let all = cases::load_dir(&root().join("spec-cases")).expect("spec-cases load");
    let mut errors = Vec::new();
    let mut quoted = 0;
    for case in &all {
        let (n, e) = check_note(case.note.as_deref().unwrap_or_default(), &texts);
        quoted += n;
        errors.extend(e.into_iter().map(|e| format!("{}: {e}", case.id)));
        for section in rfc_sections_cited(&case.spec) {
            if !texts.sections.contains_key(section) && !SECTIONS_NOT_REPRODUCED.contains(&section)
            {
                errors.push(format!(
                    "{}: cites rfc9309#{section}, not a section of RFC 9309's normative text",
                    case.id
                ));
            }
        }
    }
    fail_on(&errors);
    assert!(
        quoted >= 20,
        "only {quoted} RFC quotes found: is the marking convention used?"
    );
}

#[test]
fn every_quote_in_the_sources_and_docs_is_verbatim() {
    let Some(texts) = texts_or_skip() else {
        return;
    };
    let root = root();
    let mut errors = Vec::new();
    let mut quoted = 0;
    let mut check = |place: String, text: &str| {
        let (n, e) = check_prose(text, &texts);
        quoted += n;
        errors.extend(e.into_iter().map(|e| format!("{place}: {e}")));
    };
    let mut files = Vec::new();
    for dir in SOURCE_DIRS {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 20, "only {} Rust sources found", files.len());
    for file in &files {
        let source = std::fs::read_to_string(file).expect("a source reads");
        let name = file
            .strip_prefix(&root)
            .unwrap_or(file)
            .display()
            .to_string();
        for (line, block) in comment_blocks(&source) {
            check(format!("{name}:{line}"), &block);
        }
    }
    let data = root.join("harness/data");
    let mut tables: Vec<PathBuf> = std::fs::read_dir(&data)
        .expect("harness/data reads")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    tables.sort();
    assert!(tables.len() >= 3, "only {} data tables found", tables.len());
    for file in &tables {
        let source = std::fs::read_to_string(file).expect("a data table reads");
        let name = file
            .strip_prefix(&root)
            .unwrap_or(file)
            .display()
            .to_string();
        for (line, block) in toml_comment_blocks(&source) {
            check(format!("{name}:{line}"), &block);
        }
    }
    for doc in DOCS {
        let text = std::fs::read_to_string(root.join(doc)).expect("a documentation file reads");
        for (line, paragraph) in paragraphs(&text) {
            check(format!("{doc}:{line}"), &paragraph);
        }
    }
    fail_on(&errors);
    assert!(
        quoted >= 80,
        "only {quoted} quotes found in the sources and docs: is the marking convention used?"
    );
}

/// The names a root cause can carry besides the constructs neutralised: an empty
/// `user-agent` line the library skips, a line past Google's parser's buffer, and no single
/// construct.
const NAMED_BESIDES: [&str; 3] = [
    "skipped-empty-agent",
    "long-line",
    reptest::fuzz::ablation::COMBINED,
];

/// Every name a root cause can carry from the ablation has a phrase for its title and a
/// clause: a name spelled differently in one module than in another would leave a report
/// without either.
#[test]
fn every_construct_named_has_a_phrase_and_a_clause() {
    let mut missing = Vec::new();
    for name in constructs::ablatable().chain(NAMED_BESIDES) {
        if reptest::fuzz::rootcause::construct_phrase(name).is_none() {
            missing.push(format!("{name}: no phrase"));
        }
        if clause_for_tag(name).is_none() {
            missing.push(format!("{name}: no clause"));
        }
    }
    assert!(missing.is_empty(), "{missing:#?}");
}

/// The clause a findings report prints ("Clause (RFC 9309 §2.2.2, …): <sentence>") is the
/// sentence of a text its source names: `RFC 9309 §N`, `Google 2019 (section)`, several
/// separated by `;`. A source that is not one of the texts (Google's parser) proves nothing:
/// at least one text named must hold the sentence.
#[test]
fn every_clause_of_the_findings_reports_is_verbatim() {
    let Some(texts) = texts_or_skip() else {
        return;
    };
    let mut errors = Vec::new();
    let mut clauses = 0;
    // Every tag a root cause can be labelled with: the constructs' table is the label set
    // (but for the combined label, whose clause says that no single sentence is broken).
    let tags = constructs::CONSTRUCTS
        .iter()
        .map(|c| c.name)
        .filter(|name| *name != reptest::fuzz::ablation::COMBINED);
    for tag in tags {
        let Some(clause) = clause_for_tag(tag) else {
            continue;
        };
        clauses += 1;
        let sources: Vec<Source> = clause
            .source
            .split(';')
            .filter_map(|part| {
                let part = part.trim();
                if part.starts_with("Google 2019") {
                    Some(Source::Google2019(None))
                } else if part.starts_with("Google legacy") {
                    Some(Source::GoogleLegacy)
                } else {
                    let section = part.strip_prefix("RFC 9309 §")?;
                    let section = section.split(' ').next().unwrap_or_default();
                    Some(Source::Rfc(section.to_owned()))
                }
            })
            .collect();
        let says: Vec<bool> = sources
            .iter()
            .filter_map(|s| s.says(clause.text, &texts))
            .collect();
        if says.is_empty() {
            errors.push(format!(
                "{tag}: the clause's source `{}` names no text to find it in",
                clause.source
            ));
        } else if !says.contains(&true) {
            errors.push(format!(
                "{tag}: `{}` does not say “{}”",
                clause.source, clause.text
            ));
        }
    }
    fail_on(&errors);
    assert!(clauses >= 10, "only {clauses} clauses found");
}

/// Whether one of the texts `source` names (`RFC 9309 §N`, `Google 2019 …`, `Google legacy`,
/// several separated by `;`) holds `text`: `None` when it names none.
fn source_says(source: &str, text: &str, texts: &Texts) -> Option<bool> {
    let says: Vec<bool> = source
        .split(';')
        .filter_map(|part| {
            let part = part.trim();
            let named = if part.starts_with("Google 2019") {
                Source::Google2019(None)
            } else if part.starts_with("Google legacy") {
                Source::GoogleLegacy
            } else {
                let section = part.strip_prefix("RFC 9309 §")?;
                Source::Rfc(section.split(' ').next().unwrap_or_default().to_owned())
            };
            named.says(text, texts)
        })
        .collect();
    (!says.is_empty()).then(|| says.contains(&true))
}

/// The sentences a report shows beside or instead of a construct's clause are verbatim too:
/// a misbehaviour's own clause, and each profile's sentence for a reading (a side resting on
/// Google's parser alone quotes nothing, and must say so by naming the parser).
#[test]
fn every_misbehaviour_clause_and_reading_side_is_verbatim() {
    let Some(texts) = texts_or_skip() else {
        return;
    };
    let mut errors = Vec::new();
    let mut unquoted = Vec::new();
    let mut quoted = 0;
    let mut check = |what: String, source: &str, text: &str| {
        quoted += 1;
        match source_says(source, text, &texts) {
            None => errors.push(format!("{what}: `{source}` names no text to find it in")),
            Some(false) => errors.push(format!("{what}: `{source}` does not say “{text}”")),
            Some(true) => {}
        }
    };
    for m in constructs::MISBEHAVIOURS.iter() {
        if let Some(clause) = m.clause {
            check(
                format!("{} ({})", m.construct, m.title),
                clause.source,
                clause.text,
            );
        }
    }
    for sides in reptest::fuzz::clauses::SIDES.iter() {
        for (profile, side) in [("rfc9309", &sides.rfc9309), ("google", &sides.google)] {
            match side.text {
                Some(text) => check(
                    format!("{} ({profile})", sides.construct),
                    side.source,
                    text,
                ),
                None => {
                    if !side.source.starts_with("Google's parser") {
                        unquoted.push(format!(
                            "{} ({profile}): no sentence, and not Google's parser",
                            sides.construct
                        ));
                    }
                }
            }
        }
    }
    errors.extend(unquoted);
    fail_on(&errors);
    assert!(quoted >= 5, "only {quoted} sentences found");
}

mod planted {
    use super::*;

    const EXCERPTS: &str = "## 2.2.2. The \"Allow\" and \"Disallow\" Lines\n\nThe matching SHOULD be case\nsensitive. The most specific match found MUST be used.\n\n### 2.3.1.4. \"Unreachable\" Status\nthe crawler MUST assume complete disallow.\n";

    fn texts() -> Texts {
        Texts {
            sections: sections(EXCERPTS),
            figures: String::new(),
            google_2019: comparable(
                "File format\nThe `<field>` element is case-insensitive.\nThe file consists of \
                 lines separated by CR, CR/LF, or LF.",
            ),
            google_legacy: comparable("user-agent는 대소문자를 구분하지 않습니다."),
        }
    }

    fn errors(note: &str) -> Vec<String> {
        check_note(note, &texts()).1
    }

    fn prose_errors(prose: &str) -> Vec<String> {
        check_prose(prose, &texts()).1
    }

    #[test]
    fn a_verbatim_quote_passes_across_a_line_break() {
        assert_eq!(
            errors("RFC 9309 §2.2.2 “The matching SHOULD be case sensitive.”"),
            Vec::<String>::new()
        );
        assert_eq!(
            errors("§2.2.2 “The matching … MUST be used.”"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_planted_wrong_quote_fails() {
        let e = errors("§2.2.2 “The matching MUST be case sensitive.”");
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].contains("does not say"), "{e:?}");
    }

    #[test]
    fn a_right_quote_under_the_wrong_section_fails() {
        assert_eq!(
            errors("§2.3.1.4 “The most specific match found MUST be used.”").len(),
            1
        );
        assert_eq!(
            errors("§2.1 “The most specific match found MUST be used.”").len(),
            1
        );
    }

    #[test]
    fn a_subsection_counts_for_its_parent() {
        assert!(errors("§2.3 “the crawler MUST assume complete disallow.”").is_empty());
    }

    #[test]
    fn elided_parts_must_come_in_order() {
        assert_eq!(errors("§2.2.2 “MUST be used … The matching”").len(), 1);
    }

    #[test]
    fn quotes_outside_the_convention_fail() {
        assert!(!errors("RFC 9309: \"SHOULD follow redirects\"").is_empty());
        assert_eq!(
            errors("RFC 9309: “The matching SHOULD be case sensitive.”").len(),
            1
        );
        assert_eq!(errors("RFC 9309 §2.2.2: \"always allowed\"").len(), 1);
    }

    #[test]
    fn google_quotes_are_found_in_their_text_markup_aside() {
        assert!(prose_errors("Google 2019 “The <field> element is case-insensitive.”").is_empty());
        assert!(
            prose_errors("Google 2019 “The `<field>` element … separated by CR, CR/LF, or LF.”")
                .is_empty()
        );
        assert!(
            prose_errors("Google legacy “user-agent는 대소문자를 구분하지 않습니다.”").is_empty()
        );
        let e = prose_errors("Google 2019 “Field names are case-insensitive.”");
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].contains("Google 2019 does not say"), "{e:?}");
        // The English words are not the legacy text's.
        assert_eq!(
            prose_errors("Google legacy “The user agent is case-insensitive.”").len(),
            1
        );
        // The RFC's words are not Google's, nor the other way round.
        assert_eq!(
            prose_errors("Google 2019 “The matching SHOULD be case sensitive.”").len(),
            1
        );
        assert_eq!(
            prose_errors("§2.2.2 “The <field> element is case-insensitive.”").len(),
            1
        );
    }

    #[test]
    fn a_heading_named_must_be_the_texts() {
        assert!(
            prose_errors("Google 2019 (File format) “The <field> element is case-insensitive.”")
                .is_empty()
        );
        assert!(
            prose_errors("Google 2019 (file format) “The <field> element is case-insensitive.”")
                .is_empty()
        );
        let e = prose_errors("Google 2019 (Caching) “The <field> element is case-insensitive.”");
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].contains("Google 2019 (Caching) does not say"), "{e:?}");
    }

    #[test]
    fn a_wrong_quote_in_a_comment_is_found() {
        let source = "/// Field names: Google 2019 “The <field> element is\n/// case-sensitive.”\n";
        let blocks = comment_blocks(source);
        assert_eq!(blocks.len(), 1);
        let e = prose_errors(&blocks[0].1);
        assert_eq!(e.len(), 1, "{e:?}");
    }

    #[test]
    fn a_wrong_quote_in_a_data_table_comment_is_found() {
        let source =
            "# Field names: Google 2019 “The <field> element is\n# case-sensitive.”\n[X]\n";
        let blocks = toml_comment_blocks(source);
        assert_eq!(blocks.len(), 1);
        let e = prose_errors(&blocks[0].1);
        assert_eq!(e.len(), 1, "{e:?}");
    }

    #[test]
    fn a_curly_quote_without_its_source_fails() {
        let e = prose_errors("as the text says, “The <field> element is case-insensitive.”");
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].contains("not preceded by its source"), "{e:?}");
    }

    #[test]
    fn straight_quotes_after_a_source_fail_in_prose() {
        assert_eq!(
            prose_errors("the 2019 text: \"Field names are case-insensitive\" here").len(),
            1
        );
        assert_eq!(
            prose_errors("legacy, \"the crawler assumes one\" (a path)").len(),
            1
        );
        // Short words in quotes (a field name, a title) and quotes far from a source pass.
        assert!(prose_errors("RFC 9309 reads the \"allow\" line").is_empty());
        assert!(
            prose_errors(
                "Under the 2019 text, every line is read. A misspelling such as \"user agent \
                 line here\" is read too."
            )
            .is_empty()
        );
        // Inline code is not a quote.
        assert!(prose_errors("2019: `\"a b c\"` is a value").is_empty());
    }

    #[test]
    fn comment_blocks_join_lines_and_skip_code() {
        let source = "fn a() {}\n/// one\n/// two\n///\n/// ```\n/// \"x y z\"\n/// ```\nfn b() {}\n    // three\n";
        assert_eq!(
            comment_blocks(source)
                .into_iter()
                .map(|(line, text)| (line, squash(&text)))
                .collect::<Vec<_>>(),
            [(2, "one two".to_owned()), (9, "three".to_owned())]
        );
    }
}
