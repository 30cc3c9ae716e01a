//! The case loader is strict, and the suite is as large as it claims.

use std::collections::BTreeMap;
use std::path::Path;

use reptest::suite::cases::{self, Force, load_str};
use reptest::suite::tags;
use reptest_reference::Profile;

fn error_of(text: &str) -> String {
    match load_str(text, Path::new("spec-cases/demo.toml")) {
        Ok(_) => panic!("expected a load error for:\n{text}"),
        Err(e) => format!("{e:#}"),
    }
}

const GOOD: &str = r#"# demo
[[case]]
name = "one"
spec = ["rfc9309#2.2.2"]
force = "must"
robots = "user-agent: *\ndisallow: /x\n"
agent = "a"
checks = [{ url = "http://e.com/x", expect = "disallow" }]
"#;

#[test]
fn a_good_file_loads_with_its_id() {
    let cases = load_str(GOOD, Path::new("spec-cases/demo.toml")).expect("loads");
    assert_eq!(cases[0].id, "demo/one");
}

#[test]
fn unknown_tag_names_file_and_case() {
    let e = error_of(&GOOD.replace(
        "agent = \"a\"",
        "agent = \"a\"\ntags = [\"wildcard\", \"line-end\"]",
    ));
    assert!(
        e.contains("demo.toml") && e.contains("case `one`") && e.contains("unknown tag `line-end`"),
        "{e}"
    );
}

#[test]
fn google_parser_is_cited_with_or_without_a_topic() {
    for spec in ["google-parser", "google-parser#wildcards"] {
        let text = GOOD.replace("rfc9309#2.2.2", spec);
        assert!(
            load_str(&text, Path::new("spec-cases/demo.toml")).is_ok(),
            "{spec}"
        );
    }
}

#[test]
fn unknown_key_names_file_and_case() {
    let e = error_of(&GOOD.replace("agent = \"a\"", "agent = \"a\"\nagnet = \"b\""));
    assert!(e.contains("demo.toml") && e.contains("agnet"), "{e}");
}

#[test]
fn missing_expectation() {
    let e = error_of(&GOOD.replace(", expect = \"disallow\"", ""));
    assert!(
        e.contains("case `one`") && e.contains("missing expectation"),
        "{e}"
    );
}

#[test]
fn partial_overrides_still_need_a_default() {
    let e = error_of(&GOOD.replace("expect = \"disallow\"", "google = \"disallow\""));
    assert!(
        e.contains("missing expectation (`expect`, or `rfc9309`)"),
        "{e}"
    );
}

#[test]
fn force_is_required_and_named_with_file_and_case() {
    let e = error_of(&GOOD.replace("force = \"must\"\n", ""));
    assert!(
        e.contains("demo.toml") && e.contains("case `one`") && e.contains("missing `force`"),
        "{e}"
    );
}

#[test]
fn force_must_be_known() {
    let e = error_of(&GOOD.replace("force = \"must\"", "force = \"strong\""));
    assert!(
        e.contains("case `one`") && e.contains("force `strong`"),
        "{e}"
    );
}

#[test]
fn force_per_profile_with_default() {
    let text = GOOD.replace(
        "force = \"must\"",
        "force = { default = \"should\", google = \"interpretation\" }",
    );
    let cases = load_str(&text, Path::new("spec-cases/demo.toml")).expect("loads");
    assert_eq!(cases[0].force(Profile::Rfc9309), Some(Force::Should));
    assert_eq!(cases[0].force(Profile::Google), Some(Force::Interpretation));
    assert_eq!(cases[0].force(Profile::Legacy), Some(Force::Should));
    let one = load_str(GOOD, Path::new("spec-cases/demo.toml")).expect("loads");
    assert!(
        Profile::ALL
            .iter()
            .all(|p| one[0].force(*p) == Some(Force::Must))
    );
}

#[test]
fn force_per_profile_must_cover_every_profile() {
    let e = error_of(&GOOD.replace("force = \"must\"", "force = { rfc9309 = \"must\" }"));
    assert!(e.contains("no entry for `google`"), "{e}");
}

#[test]
fn force_for_a_profile_the_case_does_not_apply_to() {
    let e = error_of(&GOOD.replace(
        "force = \"must\"",
        "force = { default = \"must\", legacy = \"may\" }\nprofiles = [\"rfc9309\"]",
    ));
    assert!(e.contains("a `force` for `legacy`"), "{e}");
}

#[test]
fn duplicate_id() {
    let text = format!("{GOOD}{}", GOOD.trim_start_matches("# demo\n"));
    let e = error_of(&text);
    assert!(e.contains("duplicate id `demo/one`"), "{e}");
}

#[test]
fn unknown_profile() {
    let e = error_of(&GOOD.replace("agent = \"a\"", "agent = \"a\"\nprofiles = [\"bing\"]"));
    assert!(
        e.contains("case `one`") && e.contains("unknown profile `bing`"),
        "{e}"
    );
}

#[test]
fn unknown_profile_override_key() {
    let e = error_of(&GOOD.replace(
        "expect = \"disallow\"",
        "expect = \"disallow\", bing = \"allow\"",
    ));
    assert!(e.contains("bing"), "{e}");
}

#[test]
fn unknown_spec_document() {
    let e = error_of(&GOOD.replace("rfc9309#2.2.2", "wikipedia#robots"));
    assert!(
        e.contains("case `one`") && e.contains("wikipedia#robots"),
        "{e}"
    );
}

#[test]
fn wrong_expectation_for_kind() {
    let e = error_of(&GOOD.replace("expect = \"disallow\"", "expect = \"full-allow\""));
    assert!(
        e.contains("`full-allow` is not one of allow, disallow"),
        "{e}"
    );
}

#[test]
fn bad_escape() {
    let e = error_of(
        &GOOD
            .replace("agent = \"a\"", "agent = \"a\"\nunescape = true")
            .replace(
                "robots = \"user-agent: *\\ndisallow: /x\\n\"",
                "robots = 'user-agent: *\\q'",
            ),
    );
    assert!(e.contains("unknown escape `\\q`"), "{e}");
}

#[test]
fn opening_comment_required() {
    let e = error_of(GOOD.trim_start_matches("# demo\n"));
    assert!(e.contains("opens with a comment"), "{e}");
}

#[test]
fn unescape_convention() {
    assert_eq!(
        reptest::text::unescape(r"\xEF\xBB\xBFa\rb\nc\td\0\\").expect("valid"),
        b"\xEF\xBB\xBFa\rb\nc\td\0\\"
    );
}

#[test]
fn the_suite_has_at_least_400_checks_all_citing_a_spec() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec-cases");
    let all = cases::load_dir(&dir).expect("spec-cases load");
    let checks: usize = all.iter().map(|c| c.check_count()).sum();
    assert!(checks >= 400, "only {checks} checks");
    assert!(all.iter().all(|c| !c.spec.is_empty()));
}

#[test]
fn fill_puts_the_rest_of_the_body_at_the_offset() {
    let body =
        reptest::text::fill(b"user-agent: *\n<fill>\ndisallow: /x\n", 512_000).expect("fills");
    assert_eq!(&body[512_000..], b"disallow: /x\n");
    assert!(body.starts_with(b"user-agent: *\n#"));
    let e = reptest::text::fill(b"user-agent: *\n", 100).expect_err("no marker");
    assert!(format!("{e}").contains("`<fill>`"), "{e}");
    let e = reptest::text::fill(b"user-agent: *\n<fill>\n", 15).expect_err("too small");
    assert!(format!("{e}").contains("no room"), "{e}");
}

#[test]
fn the_example_index_names_existing_cases() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec-cases");
    let all = cases::load_dir(&root).expect("spec-cases load");
    let ids: std::collections::BTreeSet<&str> = all.iter().map(|c| c.id.as_str()).collect();
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README");
    let index = readme
        .split_once("## Example index")
        .expect("README has an example index")
        .1;
    let named: Vec<&str> = index
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            s.split_once('/').is_some_and(|(file, name)| {
                root.join(format!("{file}.toml")).is_file() && !name.is_empty()
            })
        })
        .collect();
    assert!(
        named.len() >= 100,
        "only {} case ids in the index",
        named.len()
    );
    let missing: Vec<&&str> = named.iter().filter(|id| !ids.contains(**id)).collect();
    assert!(
        missing.is_empty(),
        "the example index names unknown cases: {missing:?}"
    );
}

#[test]
fn every_case_has_a_force_for_every_profile_it_applies_to() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec-cases");
    let all = cases::load_dir(&dir).expect("spec-cases load");
    for case in &all {
        for profile in &case.profiles {
            assert!(case.force(*profile).is_some(), "{} [{profile}]", case.id);
        }
    }
}

#[test]
fn every_area_of_the_report_holds_checks() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec-cases");
    let all = cases::load_dir(&dir).expect("spec-cases load");
    let mut checks: BTreeMap<&str, usize> = BTreeMap::new();
    for case in &all {
        if let cases::CaseKind::Robots { checks: urls, .. } = &case.kind {
            *checks.entry(tags::area(&case.tags)).or_default() += urls.len();
        }
    }
    for area in tags::AREAS {
        assert!(
            checks.get(area).copied().unwrap_or(0) > 0,
            "no check in area `{area}`: {checks:?}"
        );
    }
}

#[test]
fn text_vs_parser_cases_are_interpretations_under_google() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec-cases");
    let all = cases::load_dir(&dir).expect("spec-cases load");
    let tagged: Vec<_> = all
        .iter()
        .filter(|c| c.tags.iter().any(|t| t == "text-vs-parser"))
        .collect();
    assert!(!tagged.is_empty());
    for case in tagged {
        assert_eq!(
            case.force(Profile::Google),
            Some(Force::Interpretation),
            "{}: the google verdict goes against a sentence, so it is an interpretation",
            case.id
        );
    }
}
