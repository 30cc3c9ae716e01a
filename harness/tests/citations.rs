//! Citations say what the cases say: every RFC 9309 sentence quoted in a case's note is found
//! verbatim in the section it names, and every `rfc9309#…` reference names a section of the
//! RFC's normative text.
//!
//! The RFC text is `rfc9309-excerpts.md` in the shared specification folder next to the
//! repository (`../shared/spec/`). Quotes are marked in notes as `§2.2.2 “…”`: the section,
//! a space, then the sentence in curly double quotes (the RFC itself uses only straight ones,
//! so its own `"allow"` stays inside a quote). A ` … ` inside a quote elides text: each part is
//! looked for, in order. Whitespace runs compare as one space, since the excerpts wrap lines.
//! A quote of §2.2.2 or §2.2.3 may also be one of the figures, which the folder's README
//! summarises.
//!
//! When the folder is absent the test says so and checks nothing; when it is present, a
//! missing excerpts file, a suite without a single quote or a wrong quote fails.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use reptest::suite::cases;

/// Sections cited that the excerpts do not reproduce but the RFC has: §2.2 is the formal
/// syntax (ABNF), summarised in the README.
const SECTIONS_NOT_REPRODUCED: &[&str] = &["2.2"];

fn spec_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/spec")
}

fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The excerpts split into sections: `"2.2.2"` → that section's text, whitespace squashed.
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
    out.into_iter().map(|(k, v)| (k, squash(&v))).collect()
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

/// Every `§N “…”` quote of a note, as (section, quoted text).
fn quotes(note: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    let mut rest = note;
    while let Some(open) = rest.find('“') {
        let before = &rest[..open];
        let close = rest[open..]
            .find('”')
            .ok_or_else(|| format!("unclosed “ in: {note}"))?;
        let quoted = &rest[open + '“'.len_utf8()..open + close];
        let section = before
            .strip_suffix(' ')
            .and_then(|b| b.rsplit_once('§'))
            .map(|(_, s)| s)
            .filter(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit() || c == '.'))
            .ok_or_else(|| {
                format!("the quote “{quoted}” is not preceded by its section (`§2.2.2 “…”`)")
            })?;
        out.push((section.to_owned(), quoted.to_owned()));
        rest = &rest[open + close..];
    }
    Ok(out)
}

/// What is wrong with the RFC quotes of one note (empty: nothing).
fn check_note(
    note: &str,
    sections: &BTreeMap<String, String>,
    figures: &str,
) -> (usize, Vec<String>) {
    let note = squash(note);
    let note = note.as_str();
    let mut errors = Vec::new();
    let found = match quotes(note) {
        Ok(q) => q,
        Err(e) => return (0, vec![e]),
    };
    for (section, quoted) in &found {
        let Some(text) = text_of(sections, section) else {
            errors.push(format!("§{section} is not a section of the excerpts"));
            continue;
        };
        let in_order = |haystack: &str| {
            let mut from = 0;
            quoted
                .split('…')
                .map(squash)
                .all(|part| match haystack[from..].find(part.as_str()) {
                    Some(at) => {
                        from += at + part.len();
                        true
                    }
                    None => false,
                })
        };
        let figure = matches!(section.as_str(), "2.2.2" | "2.2.3") && in_order(figures);
        if !in_order(&text) && !figure {
            errors.push(format!("§{section} does not say “{quoted}”"));
        }
    }
    // A straight-quoted RFC key word is a quote that escaped the convention.
    let mut outside = String::new();
    let mut rest = note;
    while let Some(open) = rest.find('“') {
        outside.push_str(&rest[..open]);
        rest = rest[open..].split_once('”').map_or("", |(_, after)| after);
    }
    outside.push_str(rest);
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
    (found.len(), errors)
}

fn rfc_sections_cited(spec: &[String]) -> impl Iterator<Item = &str> {
    spec.iter().filter_map(|r| r.strip_prefix("rfc9309#"))
}

#[test]
fn every_rfc_quote_is_verbatim_in_the_section_it_names() {
    let dir = spec_dir();
    if !dir.is_dir() {
        eprintln!(
            "SKIPPED: {} is absent, so RFC quotes cannot be checked here (CI has it)",
            dir.display()
        );
        return;
    }
    let excerpts = std::fs::read_to_string(dir.join("rfc9309-excerpts.md"))
        .expect("the spec folder is present, so rfc9309-excerpts.md must be too");
    let readme = std::fs::read_to_string(dir.join("README.md")).expect("spec README");
    let sections = sections(&excerpts);
    assert!(sections.contains_key("2.2.2"), "excerpts without §2.2.2?");
    let figures = squash(&readme);
    let suite = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec-cases");
    let all = cases::load_dir(&suite).expect("spec-cases load");
    let mut errors = Vec::new();
    let mut quoted = 0;
    for case in &all {
        let (n, e) = check_note(
            case.note.as_deref().unwrap_or_default(),
            &sections,
            &figures,
        );
        quoted += n;
        errors.extend(e.into_iter().map(|e| format!("{}: {e}", case.id)));
        for section in rfc_sections_cited(&case.spec) {
            if !sections.contains_key(section) && !SECTIONS_NOT_REPRODUCED.contains(&section) {
                errors.push(format!(
                    "{}: cites rfc9309#{section}, not a section of RFC 9309's normative text",
                    case.id
                ));
            }
        }
    }
    assert!(
        errors.is_empty(),
        "{} citation error(s):\n{}",
        errors.len(),
        errors.join("\n")
    );
    assert!(
        quoted >= 20,
        "only {quoted} RFC quotes found: is the marking convention used?"
    );
}

mod planted {
    use super::*;

    const EXCERPTS: &str = "## 2.2.2. The \"Allow\" and \"Disallow\" Lines\n\nThe matching SHOULD be case\nsensitive. The most specific match found MUST be used.\n\n### 2.3.1.4. \"Unreachable\" Status\nthe crawler MUST assume complete disallow.\n";

    fn errors(note: &str) -> Vec<String> {
        check_note(note, &sections(EXCERPTS), "").1
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
}
