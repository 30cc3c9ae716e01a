//! What the README, the HTML page and the implementation pages draw alike: percentages, a
//! note's first sentence, the areas present, the text-vs-parser cases, and the fetch matrix's
//! cells and each implementation's fetch misses.

use std::collections::BTreeSet;
use std::fmt;

use reptest_reference::Profile;

use crate::answer::{Answer, Status};
use crate::results::{CaseRecord, FetchCaseRecord, Implementation, NoVerdict, Results};
use crate::suite::tags;

pub(crate) fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        "–".to_owned()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / whole as f64)
    }
}

/// The areas that hold at least one case, in matrix order.
pub(crate) fn areas_present(results: &Results) -> Vec<&'static str> {
    let present: BTreeSet<&str> = results.cases.iter().map(|c| c.area.as_str()).collect();
    tags::AREAS
        .iter()
        .copied()
        .chain([tags::OTHER])
        .filter(|a| present.contains(a))
        .collect()
}

/// The first sentence of a note, on one line, for one-line reasons.
pub(crate) fn first_sentence(text: &str) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let end = text.find(". ").map_or(text.len(), |i| i + 1);
    text[..end].to_owned()
}

/// The cases tagged `text-vs-parser`: where the `google` profile follows Google's parser
/// against a sentence of the 2019 text.
pub(crate) fn text_vs_parser_cases(results: &Results) -> impl Iterator<Item = &CaseRecord> {
    results
        .cases
        .iter()
        .filter(|c| c.tags.iter().any(|t| t == "text-vs-parser"))
}

/// The sentence of the 2019 text a `text-vs-parser` case's note quotes as overridden: the
/// first quotation after the word "overrides", else the note's longest quotation, else its
/// first sentence.
pub(crate) fn overridden_sentence(note: &str) -> String {
    let note = note.split_whitespace().collect::<Vec<_>>().join(" ");
    let quotes = |text: &str| -> Vec<String> {
        let mut out = Vec::new();
        let mut rest = text;
        while let Some(open) = rest.find(['"', '\u{201c}']) {
            let after = &rest[open + rest[open..].chars().next().map_or(1, char::len_utf8)..];
            let Some(close) = after.find(['"', '\u{201d}']) else {
                break;
            };
            out.push(after[..close].to_owned());
            rest = &after[close + after[close..].chars().next().map_or(1, char::len_utf8)..];
        }
        out
    };
    if let Some(at) = note.to_lowercase().find("overrides")
        && let Some(first) = note
            .get(at..)
            .map(quotes)
            .and_then(|q| q.into_iter().next())
    {
        return first;
    }
    quotes(&note)
        .into_iter()
        .max_by_key(String::len)
        .unwrap_or_else(|| first_sentence(&note))
}

/// A case's expectations under `profile`, each distinct one once, in check order.
pub(crate) fn expectations(case: &CaseRecord, profile: Profile) -> String {
    let mut seen: Vec<&str> = case
        .checks
        .iter()
        .map(|c| c.expect.get(&profile).map_or("–", |a| a.name()))
        .collect();
    seen.dedup();
    seen.join(", ")
}

/// Text safe inside HTML.
pub(crate) fn html_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The implementations asked the fetch cases (those that fetch), by name.
pub(crate) fn fetching(results: &Results) -> Vec<&Implementation> {
    let mut out: Vec<&Implementation> = results
        .implementations
        .iter()
        .filter(|i| !i.fetch_results.is_empty())
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// The expected outcome of a fetch case, profiles that agree written once.
pub(crate) fn fetch_expectation(case: &FetchCaseRecord) -> String {
    let named = |p: &Profile, e: &str| format!("{p}: {e}");
    if case.outcome.is_empty() {
        let checks: Vec<String> = case
            .checks
            .iter()
            .filter(|c| c.url.starts_with('/'))
            .map(|c| {
                let mut seen: Vec<&str> = c.expect.values().map(|a| a.name()).collect();
                seen.dedup();
                format!("{} {}", c.url, seen.join("/"))
            })
            .collect();
        return checks.join(", ");
    }
    let mut values: Vec<&String> = case.outcome.values().collect();
    values.dedup();
    if values.len() == 1 {
        return values[0].clone();
    }
    case.outcome
        .iter()
        .map(|(p, e)| named(p, e))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One cell of the fetch matrix: what the implementation's verdicts amount to, and whether
/// they meet `rfc9309` and `google`.
pub(crate) fn fetch_cell(case: &FetchCaseRecord, imp: &Implementation) -> String {
    let results: Vec<&crate::results::CheckResult> = imp
        .fetch_results
        .iter()
        .filter(|r| r.case == case.id)
        .collect();
    if results.is_empty() {
        return "–".to_owned();
    }
    let verdicts = case
        .checks
        .iter()
        .filter(|c| c.url.starts_with('/'))
        .count();
    let answer = |i: usize| results.iter().find(|r| r.check == i).map(|r| r.answer);
    // No verdict: the library raised, or no answer came within the wait; its caller decides
    // (listed apart). The cell says which, with the error's first line or the wait.
    let no_verdict = results
        .iter()
        .filter(|r| r.check < verdicts)
        .find_map(|r| r.no_verdict());
    // Not asked: the case cannot be put to this implementation (a whole crawler on a host
    // that fails every connection finds no start page); nothing was tested, and no mark says
    // otherwise.
    let unasked = results
        .iter()
        .filter(|r| r.check < verdicts)
        .all(|r| r.answer == Answer::Unsupported);
    if unasked {
        return "unsupported".to_owned();
    }
    let observed = if let Some(why) = &no_verdict {
        why.to_string()
    } else if !case.outcome.is_empty() && verdicts == 2 {
        match (answer(0), answer(1)) {
            (Some(Answer::Allow), Some(Answer::Allow)) => "allow all".to_owned(),
            (Some(Answer::Disallow), Some(Answer::Disallow)) => "disallow all".to_owned(),
            (Some(Answer::Allow), Some(Answer::Disallow)) => "rules".to_owned(),
            _ => "other".to_owned(),
        }
    } else {
        let right = (0..verdicts)
            .filter(|i| {
                results
                    .iter()
                    .find(|r| r.check == *i)
                    .is_some_and(|r| r.status.values().all(|s| s.correct()))
            })
            .count();
        format!("{right}/{verdicts} as expected")
    };
    let wrong = |p: Profile, requests: bool| {
        results.iter().any(|r| {
            (r.check >= verdicts) == requests
                && matches!(
                    r.status.get(&p),
                    Some(Status::Fail | Status::KnownFail | Status::Error)
                )
        })
    };
    // ✗ misses a MUST or SHOULD of a profile; ≠ differs only where the profile's text leaves
    // room (a MAY, or the profile's interpretation).
    let mark = |requests: bool| {
        let missed: Vec<Profile> = [Profile::Rfc9309, Profile::Google]
            .into_iter()
            .filter(|p| wrong(*p, requests))
            .collect();
        if missed.is_empty() {
            return "✓".to_owned();
        }
        let binding = missed
            .iter()
            .any(|p| case.force.get(p).is_some_and(|f| f.is_conformance()));
        let symbol = if binding { "✗" } else { "≠" };
        if missed.len() == 2 {
            symbol.to_owned()
        } else {
            format!("{symbol} {}", missed[0])
        }
    };
    let mut cell = if no_verdict.is_some() {
        observed
    } else {
        format!("{observed} {}", mark(false))
    };
    if results.iter().any(|r| r.check >= verdicts) {
        cell.push_str(&format!("; requests {}", mark(true)));
    }
    cell
}

/// Which of an implementation's fetch outcomes [`fetch_wrong`] lists.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FetchMiss {
    /// A verdict against a MUST or SHOULD of the profile.
    Binding,
    /// A verdict against the profile's choice where its text leaves room.
    Room,
    /// No verdict: the library raised, leaving the outcome to its caller.
    Raised,
    /// No verdict: no answer within the harness's wait.
    NoAnswer,
    /// No verdict: the adapter or the crawl failed otherwise.
    Failed,
}

/// What one implementation gets wrong on fetching, per profile: the verdicts against a MUST
/// or SHOULD of the profile's text (what an implementer should fix); the cases where the
/// library raised, and those where no answer came within the harness's wait, so that its
/// caller must decide (the text's outcome is then the caller's to apply); and the verdicts
/// that differ from the profile's choice where its text leaves room (a MAY, or the profile's
/// interpretation), which break no sentence.
pub(crate) fn fetch_misses(
    out: &mut String,
    results: &Results,
    imp: &Implementation,
) -> fmt::Result {
    let list = |p: Profile, miss: FetchMiss| {
        let wrong = fetch_wrong(results, imp, p, miss);
        if wrong.is_empty() {
            "none".to_owned()
        } else {
            wrong
                .iter()
                .map(|id| format!("`{id}`"))
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    use std::fmt::Write as _;
    writeln!(out, "\nWrong on fetching, by kind:\n")?;
    for (what, miss) in [
        ("against MUST/SHOULD", FetchMiss::Binding),
        ("raised (its error, no verdict)", FetchMiss::Raised),
        ("no answer within the harness's wait", FetchMiss::NoAnswer),
        ("no verdict otherwise", FetchMiss::Failed),
        ("differs where the text leaves room", FetchMiss::Room),
    ] {
        let shown = |p: Profile| !fetch_wrong(results, imp, p, miss).is_empty();
        if miss == FetchMiss::Failed && !shown(Profile::Rfc9309) && !shown(Profile::Google) {
            continue;
        }
        writeln!(
            out,
            "- {what}: rfc9309: {}; google: {}",
            list(Profile::Rfc9309, miss),
            list(Profile::Google, miss)
        )?;
    }
    Ok(())
}

/// The fetch cases on which an implementation misses `profile` the way `miss` says.
fn fetch_wrong(
    results: &Results,
    imp: &Implementation,
    profile: Profile,
    miss: FetchMiss,
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for case in &results.fetch_cases {
        let Some(force) = case.force.get(&profile) else {
            continue;
        };
        let statuses: Vec<&Status> = imp
            .fetch_results
            .iter()
            .filter(|r| r.case == case.id)
            .filter_map(|r| r.status.get(&profile))
            .collect();
        let errs = statuses.iter().any(|s| matches!(s, Status::Error));
        let fails = statuses
            .iter()
            .any(|s| matches!(s, Status::Fail | Status::KnownFail));
        let why = imp
            .fetch_results
            .iter()
            .filter(|r| r.case == case.id && r.status.contains_key(&profile))
            .find_map(|r| r.no_verdict());
        let listed = match miss {
            FetchMiss::Raised => errs && matches!(why, Some(NoVerdict::Raised(_))),
            FetchMiss::NoAnswer => errs && matches!(why, Some(NoVerdict::NoAnswer(_))),
            FetchMiss::Failed => errs && matches!(why, Some(NoVerdict::Failed(_)) | None),
            FetchMiss::Binding => !errs && fails && force.is_conformance(),
            FetchMiss::Room => !errs && fails && !force.is_conformance(),
        };
        if listed {
            out.push(case.id.clone());
        }
    }
    out
}
