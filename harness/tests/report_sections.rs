//! The report's `text-vs-parser` section, drawn from the spec cases as they are: it lists
//! every case so tagged, and no other, in `README.md` and in `index.html`, each with the
//! sentence of the 2019 text its note quotes.

use std::collections::BTreeMap;
use std::path::Path;

use reptest::report;
use reptest::suite::cases;

/// The part of `text` from `start` up to the next `until` (or the end).
fn between<'a>(text: &'a str, start: &str, until: &str) -> &'a str {
    let from = text.find(start).unwrap_or_else(|| panic!("no {start:?}"));
    let rest = &text[from + start.len()..];
    rest.find(until).map_or(rest, |end| &rest[..end])
}

#[test]
fn the_text_vs_parser_section_lists_every_such_case() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec-cases");
    let all = cases::load_dir(&dir).expect("spec-cases load");
    let results = report::results(&all, &[], &BTreeMap::new(), None);
    let tagged: Vec<&report::CaseRecord> = results
        .cases
        .iter()
        .filter(|c| c.tags.iter().any(|t| t == "text-vs-parser"))
        .collect();
    assert!(!tagged.is_empty(), "no case is tagged text-vs-parser");
    let pages = report::pages(&results, None, &Default::default()).expect("pages");
    let page = |name: &str| {
        pages
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, text)| text.as_str())
            .expect("page")
    };
    let readme = between(
        page("README.md"),
        "## Where the google profile follows Google's parser against its text",
        "\n## ",
    );
    let html = between(
        page("index.html"),
        "<table class=\"text-vs-parser\">",
        "</table>",
    );
    let rows = |text: &str, marker: &str| text.matches(marker).count();
    assert_eq!(rows(readme, "| [`"), tagged.len(), "{readme}");
    assert_eq!(rows(html, "<tr><td><code>"), tagged.len(), "{html}");
    for case in &tagged {
        let row = readme
            .lines()
            .find(|l| l.starts_with(&format!("| [`{}`]", case.id)))
            .unwrap_or_else(|| panic!("{} is not in README.md's section", case.id));
        assert!(
            html.contains(&format!("<code>{}</code>", case.id)),
            "{}",
            case.id
        );
        // The last column is a quotation taken from the case's own note.
        let quoted = row
            .rsplit(" | ")
            .next()
            .and_then(|c| c.trim_end_matches(" |").strip_prefix('"'))
            .and_then(|c| c.strip_suffix('"'))
            .unwrap_or_else(|| panic!("{}: no quotation in {row}", case.id));
        let note = case
            .note
            .as_deref()
            .expect("a text-vs-parser case has a note");
        let note = note.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(quoted.len() > 10, "{}: {quoted:?}", case.id);
        assert!(
            note.contains(&quoted.replace("\\|", "|")),
            "{}: {quoted:?} is not in its note",
            case.id
        );
    }
}

/// The committed report (what `reptest report --check` holds to be the rendering of the
/// committed results): a page per implementation, each linked from the summary, and a README
/// short enough to read.
#[test]
fn every_implementation_has_its_page_and_the_readme_stays_short() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../reports");
    let text = std::fs::read_to_string(root.join("results.json")).expect("results.json");
    let results: report::Results = serde_json::from_str(&text).expect("results schema");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    assert!(
        readme.len() <= 150_000,
        "reports/README.md is {} bytes, over 150 KB",
        readme.len()
    );
    let summary = between(&readme, "## Summary", "\n## ");
    let index = std::fs::read_to_string(root.join("index.html")).expect("index.html");
    for imp in &results.implementations {
        let page = root.join(format!("implementations/{}.md", imp.name));
        let body = std::fs::read_to_string(&page)
            .unwrap_or_else(|_| panic!("no page for {}: {}", imp.name, page.display()));
        assert!(body.starts_with("<!-- Generated"), "{}", page.display());
        assert!(
            summary.contains(&format!("[{0}](implementations/{0}.md)", imp.name)),
            "the README's summary does not link {}",
            imp.name
        );
        assert!(
            index.contains(&format!("href=\"#impl/{}\"", imp.name))
                && index.contains(&format!("id=\"impl-{}\"", imp.name)),
            "index.html has no view of {}",
            imp.name
        );
    }
}
