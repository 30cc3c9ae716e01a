//! The report's records section, drawn from a small results file
//! (`tests/data/records-report/results.json`: two records cases, one verdict case of the
//! records file, an implementation that answers records and one that does not), and from
//! results without records cases, whose section says so.

use std::collections::BTreeMap;
use std::path::Path;

use reptest::report::{self, Results};
use reptest::suite::cases;

fn fixture() -> Results {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records-report/results.json");
    let text = std::fs::read_to_string(&path).expect("fixture");
    serde_json::from_str(&text).expect("the fixture matches the results schema")
}

fn page<'a>(pages: &'a [(String, String)], name: &str) -> &'a str {
    pages
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, text)| text.as_str())
        .unwrap_or_else(|| panic!("no page {name}"))
}

/// The part of `text` from `start` up to the next `until` (or the end).
fn between<'a>(text: &'a str, start: &str, until: &str) -> &'a str {
    let from = text.find(start).unwrap_or_else(|| panic!("no {start:?}"));
    let rest = &text[from + start.len()..];
    rest.find(until).map_or(rest, |end| &rest[..end])
}

const HEADING: &str = "## Other records: sitemaps, crawl-delay, request-rate, content-usage";

#[test]
fn the_records_section_has_a_row_per_case_and_a_column_per_implementation_that_answers() {
    let results = fixture();
    let pages = report::pages(&results, None, &Default::default()).expect("pages");
    let section = between(page(&pages, "README.md"), HEADING, "\n## ");
    let header = section
        .lines()
        .find(|l| l.starts_with("| case |"))
        .expect("table header");
    assert!(header.ends_with("| alpha |"), "{header}");
    assert!(
        !header.contains("beta"),
        "beta does not answer records: {header}"
    );
    let row = |id: &str| {
        section
            .lines()
            .find(|l| l.starts_with(&format!("| [`{id}`]")))
            .unwrap_or_else(|| panic!("no row for {id} in {section}"))
    };
    let sitemap = row("records/sitemap-absolute");
    assert!(sitemap.ends_with("| ✓ |"), "{sitemap}");
    // The sentence the case cites, from its note: Google's, which has no link, while the
    // RFC's section is linked in the spec column.
    assert!(
        sitemap.contains(
            "| “Multiple sitemap entries may exist. As non-group-member lines, these are not tied \
             to any specific user agents” |"
        ),
        "{sitemap}"
    );
    assert!(
        sitemap.contains("[`rfc9309#2.2.4`](https://www.rfc-editor.org/rfc/rfc9309#section-2.2.4)"),
        "{sitemap}"
    );
    let invalid = row("records/crawl-delay-invalid");
    assert!(invalid.ends_with("| ✗ (answered -1) |"), "{invalid}");
    assert!(invalid.contains("none (no text decides)"), "{invalid}");
    assert!(invalid.contains("| crawl-delay none |"), "{invalid}");
    let verdicts = row("records/crawl-delay-between-user-agents-does-not-end-group");
    assert!(
        verdicts.contains("| verdicts (groups, crawl-delay) |"),
        "{verdicts}"
    );
    assert!(verdicts.ends_with("| ✗ |"), "{verdicts}");
    assert!(
        verdicts.contains(
            "[“Parsing of other records MUST NOT interfere with the parsing of explicitly defined \
             records in Section 2.”](https://www.rfc-editor.org/rfc/rfc9309#section-2.2.4)"
        ),
        "{verdicts}"
    );
    assert!(
        section.contains("1 implementations answer records"),
        "{section}"
    );

    let alpha = page(&pages, "implementations/alpha.md");
    let line = between(alpha, "## Other records\n\n", "\n");
    assert!(
        line.starts_with("Answers the records request: crawl-delay, sitemaps."),
        "{line}"
    );
    assert!(
        line.contains(": `rfc9309` 1 of 2, `google` 1 of 2"),
        "{line}"
    );
    assert!(
        line.contains("Differs or fails on: [`records/crawl-delay-invalid`]"),
        "{line}"
    );
    let beta = page(&pages, "implementations/beta.md");
    assert!(
        between(beta, "## Other records\n\n", "\n").starts_with("Not asked"),
        "{beta}"
    );
    let html = page(&pages, "index.html");
    let table = between(html, "id=\"records-matrix\"", "</table>");
    assert_eq!(table.matches("<tr><td><code>").count(), 3, "{table}");
    assert!(table.contains("<td>✗ (answered -1)</td>"), "{table}");
}

#[test]
fn results_without_records_cases_draw_a_section_that_says_so() {
    let mut results = fixture();
    results.records_cases.clear();
    for imp in &mut results.implementations {
        imp.records_results.clear();
    }
    let text = serde_json::to_string(&results).expect("serialises");
    assert!(
        !text.contains("records_cases") && !text.contains("records_results"),
        "the new fields are left out when empty, so older results read and write the same"
    );
    let pages = report::pages(&results, None, &Default::default()).expect("pages");
    let section = between(page(&pages, "README.md"), HEADING, "\n## ");
    assert!(
        section.contains("These results hold no records case"),
        "{section}"
    );
    assert!(!section.contains("| case |"), "{section}");
    assert!(!page(&pages, "implementations/alpha.md").contains("## Other records"));
    assert!(!page(&pages, "index.html").contains("records-matrix"));
}

#[test]
fn a_run_keeps_every_records_case_apart_from_the_verdict_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec-cases");
    let all = cases::load_dir(&dir).expect("spec-cases load");
    let results = report::results(&all, &[], &BTreeMap::new(), None);
    let records: Vec<&str> = all
        .iter()
        .filter(|c| matches!(c.kind, cases::CaseKind::Records { .. }))
        .map(|c| c.id.as_str())
        .collect();
    assert!(!records.is_empty());
    let kept: Vec<&str> = results
        .records_cases
        .iter()
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(kept, records);
    assert!(
        results
            .cases
            .iter()
            .all(|c| !records.contains(&c.id.as_str())),
        "a records case is not a verdict case"
    );
    let delay = results
        .records_cases
        .iter()
        .find(|c| c.id == "records/crawl-delay-decimal")
        .expect("records/crawl-delay-decimal");
    assert_eq!(delay.checks[0].field, "crawl-delay");
    assert!(
        delay.checks[0].expect.values().all(|v| v == "0.5"),
        "{delay:?}"
    );
}
