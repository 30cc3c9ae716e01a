//! The report's records section: what implementations report besides verdicts (sitemaps,
//! crawl-delay, request-rate, content-usage), asked with the records request of those whose
//! adapter declares `"records": true` (`harness/PROTOCOL.md`, section 6), against the
//! reference's answers under each profile; and the verdict cases of the same file (a
//! non-group line between user-agent lines), asked of everyone, shown beside them.
//!
//! Drawn from `results.json` alone: `records_cases` and each implementation's
//! `records_results`. Results without records cases draw a section that says so.

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use reptest_reference::Profile;

use crate::answer::Status;
use crate::results::{CaseRecord, CheckResult, Implementation, Results};
pub use crate::results::{RecordsCaseRecord, RecordsCheckRecord};
use crate::suite::cases::{Case, CaseKind};

/// The case file the records cases come from; its verdict cases are shown in the section
/// too.
const RECORDS_PREFIX: &str = "records/";

/// The report's record of a records case (`None` for any other case).
pub fn case_record(case: &Case, file: String) -> Option<RecordsCaseRecord> {
    let CaseKind::Records {
        body,
        agent,
        checks,
    } = &case.kind
    else {
        return None;
    };
    let (robots, escaped) = crate::text::escape(body);
    Some(RecordsCaseRecord {
        id: case.id.clone(),
        file,
        tags: case.tags.clone(),
        spec: case.spec.clone(),
        note: case.note.clone(),
        profiles: case.profiles.clone(),
        force: case.forces.clone(),
        robots,
        escaped,
        agent: agent.clone(),
        checks: checks
            .iter()
            .map(|c| RecordsCheckRecord {
                field: c.field.name().to_owned(),
                asked: c.label(),
                expect: c.expect.iter().map(|(p, v)| (*p, v.to_string())).collect(),
            })
            .collect(),
    })
}

/// The implementations that answered the records cases, by name.
pub fn answering(results: &Results) -> Vec<&Implementation> {
    let mut out: Vec<&Implementation> = results
        .implementations
        .iter()
        .filter(|i| !i.records_results.is_empty())
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// One row of the section: a records case, or a verdict case of the records file.
enum Row<'a> {
    Records(&'a RecordsCaseRecord),
    Verdicts(&'a CaseRecord),
}

impl Row<'_> {
    fn id(&self) -> &str {
        match self {
            Row::Records(c) => &c.id,
            Row::Verdicts(c) => &c.id,
        }
    }

    fn file(&self) -> &str {
        match self {
            Row::Records(c) => &c.file,
            Row::Verdicts(c) => &c.file,
        }
    }

    fn tags(&self) -> &[String] {
        match self {
            Row::Records(c) => &c.tags,
            Row::Verdicts(c) => &c.tags,
        }
    }

    fn spec(&self) -> &[String] {
        match self {
            Row::Records(c) => &c.spec,
            Row::Verdicts(c) => &c.spec,
        }
    }

    fn note(&self) -> Option<&str> {
        match self {
            Row::Records(c) => c.note.as_deref(),
            Row::Verdicts(c) => c.note.as_deref(),
        }
    }

    fn profiles(&self) -> &[Profile] {
        match self {
            Row::Records(c) => &c.profiles,
            Row::Verdicts(c) => &c.profiles,
        }
    }

    /// What the row asks: the records fields, or `verdicts`.
    fn point(&self) -> String {
        match self {
            Row::Records(c) => {
                let mut fields: Vec<&str> = c.checks.iter().map(|k| k.field.as_str()).collect();
                fields.dedup();
                fields.join(", ")
            }
            Row::Verdicts(_) => "verdicts".to_owned(),
        }
    }

    /// The reference's answers, per profile (profiles that agree written once).
    fn expected(&self) -> String {
        let per_profile = |p: Profile| -> String {
            match self {
                Row::Records(c) => c
                    .checks
                    .iter()
                    .filter_map(|k| Some(format!("{} {}", k.asked, k.expect.get(&p)?)))
                    .collect::<Vec<_>>()
                    .join("; "),
                Row::Verdicts(c) => c
                    .checks
                    .iter()
                    .filter_map(|k| {
                        let path = k.url.strip_prefix("http://example.com").unwrap_or(&k.url);
                        Some(format!("{path} {}", k.expect.get(&p)?.name()))
                    })
                    .collect::<Vec<_>>()
                    .join("; "),
            }
        };
        collapse(self.profiles(), per_profile)
    }

    /// An implementation's results on this row's checks.
    fn results<'i>(&self, imp: &'i Implementation) -> Vec<&'i CheckResult> {
        let list = match self {
            Row::Records(_) => &imp.records_results,
            Row::Verdicts(_) => &imp.results,
        };
        list.iter().filter(|r| r.case == self.id()).collect()
    }
}

/// Profiles' texts, each written once with the profiles that share it, or alone when every
/// profile agrees.
fn collapse(profiles: &[Profile], text: impl Fn(Profile) -> String) -> String {
    let mut groups: Vec<(Vec<Profile>, String)> = Vec::new();
    for p in profiles {
        let t = text(*p);
        match groups.iter_mut().find(|(_, g)| *g == t) {
            Some((ps, _)) => ps.push(*p),
            None => groups.push((vec![*p], t)),
        }
    }
    if groups.len() == 1 {
        return groups.remove(0).1;
    }
    groups
        .iter()
        .map(|(ps, t)| {
            let names: Vec<&str> = ps.iter().map(|p| p.name()).collect();
            format!("{}: {t}", names.join(", "))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// Every row: the records cases, then the verdict cases of the records file.
fn rows(results: &Results) -> Vec<Row<'_>> {
    results
        .records_cases
        .iter()
        .map(Row::Records)
        .chain(
            results
                .cases
                .iter()
                .filter(|c| c.id.starts_with(RECORDS_PREFIX))
                .map(Row::Verdicts),
        )
        .collect()
}

/// What one profile makes of an implementation's results on a row's checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    /// Every check as the reference answers.
    Same,
    /// At least one check otherwise.
    Differs,
    /// Every check unsupported (the field is not exposed).
    Unsupported,
    /// At least one check got an error or no answer.
    Error,
    /// Not asked.
    None,
}

impl Mark {
    fn of(results: &[&CheckResult], profile: Profile) -> Mark {
        let statuses: Vec<Status> = results
            .iter()
            .filter_map(|r| r.status.get(&profile).copied())
            .collect();
        if statuses.is_empty() {
            Mark::None
        } else if statuses.contains(&Status::Error) {
            Mark::Error
        } else if statuses.iter().all(|s| *s == Status::Unsupported) {
            Mark::Unsupported
        } else if statuses
            .iter()
            .all(|s| s.correct() || *s == Status::Unsupported)
        {
            Mark::Same
        } else {
            Mark::Differs
        }
    }

    fn symbol(self) -> &'static str {
        match self {
            Mark::Same => "✓",
            Mark::Differs => "✗",
            Mark::Unsupported => "unsupported",
            Mark::Error => "error",
            Mark::None => "–",
        }
    }
}

/// One cell: ✓/✗ per profile (written once when every profile agrees), with the value
/// answered where it differs.
fn cell(row: &Row<'_>, imp: &Implementation) -> String {
    let results = row.results(imp);
    let marks: Vec<(Profile, Mark)> = row
        .profiles()
        .iter()
        .map(|p| (*p, Mark::of(&results, *p)))
        .collect();
    let text = collapse(row.profiles(), |p| {
        marks
            .iter()
            .find(|(q, _)| *q == p)
            .map_or("–", |(_, m)| m.symbol())
            .to_owned()
    });
    let differs = marks.iter().any(|(_, m)| *m == Mark::Differs);
    let answered: Vec<&str> = results
        .iter()
        .filter_map(|r| r.answered.as_deref())
        .collect();
    if differs && !answered.is_empty() {
        format!("{text} (answered {})", answered.join("; "))
    } else {
        text
    }
}

/// Where a spec reference can be read: RFC 9309 and the revision-pinned draft by section;
/// other texts are named only (`spec-cases/README.md`, "Spec references").
fn spec_url(reference: &str) -> Option<String> {
    let (document, section) = reference.split_once('#')?;
    match document {
        "rfc9309" => Some(format!(
            "https://www.rfc-editor.org/rfc/rfc9309#section-{section}"
        )),
        "aipref-attach-05" => Some(format!(
            "https://datatracker.ietf.org/doc/html/draft-ietf-aipref-attach-05#section-{section}"
        )),
        _ => None,
    }
}

/// The first sentence a note quotes (between curly or straight double quotation marks), when
/// it quotes one, with the text of the note before it (where the note names whose sentence it
/// is).
fn cited_sentence(note: &str) -> Option<(String, String)> {
    let note = note.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut best: Option<(usize, String)> = None;
    for (open, close) in [('\u{201c}', '\u{201d}'), ('"', '"')] {
        let Some(start) = note.find(open) else {
            continue;
        };
        let rest = &note[start + open.len_utf8()..];
        let Some(end) = rest.find(close) else {
            continue;
        };
        let quoted = rest[..end].trim();
        // A short quotation is a value (`"none"`), not a sentence.
        if quoted.len() >= 20 && best.as_ref().is_none_or(|(at, _)| start < *at) {
            best = Some((start, quoted.to_owned()));
        }
    }
    best.map(|(at, s)| (note[..at].to_owned(), s))
}

/// The spec reference a quotation comes from, by the document its note names last before it
/// (RFC 9309, Google, aipref): among the case's references, the first of that document (a
/// Google reference: of any Google text). `None` when the note names a text that cannot be
/// linked (Google's) or none.
fn source_of<'a>(before: &str, spec: &'a [String]) -> Option<&'a String> {
    let named = [
        ("RFC 9309", "rfc9309"),
        ("Google", "google"),
        ("aipref", "aipref-attach-05"),
    ]
    .into_iter()
    .filter_map(|(words, document)| Some((before.rfind(words)?, document)))
    .max_by_key(|(at, _)| *at)?
    .1;
    spec.iter()
        .find(|r| r.split_once('#').is_some_and(|(d, _)| d.starts_with(named)))
}

/// The spec references of a row, each linked where it can be read.
fn spec_md(row: &Row<'_>) -> String {
    row.spec()
        .iter()
        .map(|r| match spec_url(r) {
            Some(url) => format!("[`{r}`]({url})"),
            None => format!("`{r}`"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The sentence a row's case cites, linked to its text when it can be read; `none` for a
/// case no text decides.
fn cited_md(row: &Row<'_>) -> String {
    let Some((before, sentence)) = row.note().and_then(cited_sentence) else {
        return "none (no text decides)".to_owned();
    };
    let sentence = sentence.replace('|', "\\|");
    match source_of(&before, row.spec()).and_then(|r| spec_url(r)) {
        Some(url) => format!("[“{sentence}”]({url})"),
        None => format!("“{sentence}”"),
    }
}

/// The section of `README.md`.
pub fn section_md(out: &mut String, results: &Results) -> fmt::Result {
    writeln!(
        out,
        "\n## Other records: sitemaps, crawl-delay, request-rate, content-usage\n"
    )?;
    if results.records_cases.is_empty() {
        return writeln!(
            out,
            "These results hold no records case: they were produced before \
             [`spec-cases/records.toml`](../spec-cases/records.toml) asked the records request \
             (`harness/PROTOCOL.md`, section 6). A full `reptest report` run fills this section."
        );
    }
    let imps = answering(results);
    writeln!(
        out,
        "Each implementation whose adapter declares `\"records\": true` was asked, for a body \
         and a crawler, what its library reports as the sitemaps, the crawler's crawl-delay and \
         request-rate, and the usage preferences (`content-usage`) of URLs, through the \
         library's documented accessors only (each adapter's `adapter.toml` quotes them); a \
         field it does not expose is *unsupported*, never guessed. ✓: the reference's answer \
         under every profile the case applies to (a profile named when they differ); ✗: \
         another answer, shown; *error*: the library raised. The *verdicts* rows are the \
         records file's verdict cases (a non-group line between user-agent lines must not end \
         the run of user-agent lines), asked of everyone. {} implementations answer records.\n",
        imps.len()
    )?;
    let names: Vec<&str> = imps.iter().map(|i| i.name.as_str()).collect();
    writeln!(
        out,
        "| case | asks | reference | cites | spec | {} |",
        names.join(" | ")
    )?;
    writeln!(
        out,
        "| --- | --- | --- | --- | --- |{}",
        " --- |".repeat(names.len())
    )?;
    for row in rows(results) {
        let cells: Vec<String> = imps
            .iter()
            .map(|i| cell(&row, i).replace('|', "\\|"))
            .collect();
        writeln!(
            out,
            "| [`{}`](../{}) | {} ({}) | {} | {} | {} | {} |",
            row.id(),
            row.file(),
            row.point(),
            row.tags().join(", "),
            row.expected().replace('|', "\\|"),
            cited_md(&row),
            spec_md(&row),
            cells.join(" | ")
        )?;
    }
    Ok(())
}

/// What an implementation answers of the records request: each field with the number of
/// checks it answered (not `unsupported`).
fn fields_answered(results: &Results, imp: &Implementation) -> Vec<(String, usize, usize)> {
    let mut fields: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for case in &results.records_cases {
        for (i, check) in case.checks.iter().enumerate() {
            let Some(result) = imp
                .records_results
                .iter()
                .find(|r| r.case == case.id && r.check == i)
            else {
                continue;
            };
            let entry = fields.entry(check.field.as_str()).or_default();
            entry.1 += 1;
            if result.answer != crate::answer::Answer::Unsupported {
                entry.0 += 1;
            }
        }
    }
    fields
        .into_iter()
        .map(|(f, (answered, asked))| (f.to_owned(), answered, asked))
        .collect()
}

/// The records part of an implementation's page (nothing when the results hold no records
/// case).
pub fn implementation_md(out: &mut String, results: &Results, imp: &Implementation) -> fmt::Result {
    if results.records_cases.is_empty() {
        return Ok(());
    }
    writeln!(out, "## Other records\n")?;
    if imp.records_results.is_empty() {
        return writeln!(
            out,
            "Not asked: its adapter does not declare `\"records\": true` (`harness/PROTOCOL.md`, \
             section 6).\n"
        );
    }
    let fields: Vec<String> = fields_answered(results, imp)
        .iter()
        .map(|(f, answered, _)| {
            if *answered == 0 {
                format!("{f} unsupported")
            } else {
                f.clone()
            }
        })
        .collect();
    let mut line = format!(
        "Answers the records request: {}. Checks answered as the reference answers them \
         (unsupported fields apart):",
        fields.join(", ")
    );
    for (n, p) in Profile::ALL.into_iter().enumerate() {
        let (mut same, mut asked) = (0, 0);
        for r in &imp.records_results {
            match r.status.get(&p) {
                Some(Status::Unsupported) | None => {}
                Some(s) => {
                    asked += 1;
                    if s.correct() {
                        same += 1;
                    }
                }
            }
        }
        let sep = if n == 0 { " " } else { ", " };
        write!(line, "{sep}`{p}` {same} of {asked}")?;
    }
    let differs: Vec<String> = rows(results)
        .iter()
        .filter(|row| matches!(row, Row::Records(_)))
        .filter(|row| {
            let results = row.results(imp);
            row.profiles()
                .iter()
                .any(|p| matches!(Mark::of(&results, *p), Mark::Differs | Mark::Error))
        })
        .map(|row| format!("[`{}`](../{})", row.id(), row.file()))
        .collect();
    writeln!(
        out,
        "{line}. Differs or fails on: {}. [The records table](../README.md#other-records-sitemaps-crawl-delay-request-rate-content-usage).\n",
        if differs.is_empty() {
            "none".to_owned()
        } else {
            differs.join(", ")
        }
    )
}

/// The section of `index.html` (empty when the results hold no records case).
pub fn section_html(results: &Results) -> String {
    if results.records_cases.is_empty() {
        return String::new();
    }
    let text = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let imps = answering(results);
    let mut out = String::from(
        "<h2 id=\"records\">Other records: sitemaps, crawl-delay, request-rate, content-usage</h2>\n\
<p>Implementations whose adapter declares <code>\"records\": true</code> were asked what their \
library reports besides verdicts, through its documented accessors only; ✓ is the reference's \
answer, ✗ another (shown), <em>unsupported</em> a field the library does not expose. The \
<em>verdicts</em> rows are the records file's verdict cases, asked of everyone.</p>\n\
<div class=\"scroll\"><table class=\"text-vs-parser\" id=\"records-matrix\">\n<tr><th>case</th><th>asks</th><th>reference</th>",
    );
    for imp in &imps {
        out.push_str(&format!("<th>{}</th>", text(&imp.name)));
    }
    out.push_str("</tr>\n");
    for row in rows(results) {
        out.push_str(&format!(
            "<tr><td><code>{}</code></td><td>{}</td><td>{}</td>",
            text(row.id()),
            text(&row.point()),
            text(&row.expected())
        ));
        for imp in &imps {
            out.push_str(&format!("<td>{}</td>", text(&cell(&row, imp))));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table></div>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_cites_its_first_quoted_sentence() {
        let note = "Google 2019 \"Multiple sitemap entries may exist.\" and RFC 9309 \u{201c}Crawlers \
                    MAY interpret other records\u{201d} (may).";
        let (before, sentence) = cited_sentence(note).expect("a quotation");
        assert_eq!(sentence, "Multiple sitemap entries may exist.");
        let spec = ["rfc9309#2.2.4".to_owned(), "google-2019#x".to_owned()];
        assert_eq!(
            source_of(&before, &spec),
            Some(&spec[1]),
            "Google's sentence, not the RFC's"
        );
        assert_eq!(source_of("RFC 9309 §2.2.4 ", &spec), Some(&spec[0]));
        assert_eq!(cited_sentence("expects `\"none\"` here"), None);
        assert_eq!(
            spec_url("rfc9309#2.2.4").as_deref(),
            Some("https://www.rfc-editor.org/rfc/rfc9309#section-2.2.4")
        );
        assert_eq!(spec_url("issue#38"), None);
    }
}
