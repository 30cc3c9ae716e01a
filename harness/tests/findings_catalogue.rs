//! The committed findings catalogue (`reports/findings/`) is consistent: every family in its
//! index has its report and its spec case, every spec case loads as the suite's cases do, and
//! the reference passes each one under every profile (the expectations are its verdicts).

use std::path::Path;

use reptest::fuzz::findings::Index;
use reptest::suite::cases;
use reptest_reference::Profile;

#[test]
fn every_family_is_a_loadable_case_the_reference_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../reports/findings");
    let text = std::fs::read_to_string(dir.join("index.json"))
        .expect("reports/findings/index.json is committed");
    let index: Index = serde_json::from_str(&text).expect("the index matches its schema");
    assert!(!index.families.is_empty(), "the catalogue is empty");
    let mut checked = 0;
    for family in &index.families {
        let report = dir.join("families").join(format!("{}.md", family.id));
        assert!(report.is_file(), "{} has no report", family.id);
        let file = dir.join("families").join(format!("{}.toml", family.id));
        let loaded = cases::load_file(&file)
            .unwrap_or_else(|e| panic!("{}: not a valid spec case: {e:#}", file.display()));
        assert_eq!(loaded.len(), 1, "{}", file.display());
        for profile in Profile::ALL {
            for result in cases::run_reference(&loaded[0], profile) {
                assert!(
                    result.passed(),
                    "{} [{profile}]: the reference disagrees with its own finding",
                    family.id
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= index.families.len());
}

#[test]
fn the_reports_lead_with_root_causes_derived_from_the_families() {
    use reptest::fuzz::rootcause::{Kind, root_causes};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../reports/findings");
    let text = std::fs::read_to_string(dir.join("index.json")).expect("index.json");
    let index: Index = serde_json::from_str(&text).expect("the index matches its schema");
    let readme = std::fs::read_to_string(dir.join("README.md")).expect("README.md");
    let leads = readme.find("## Root causes per implementation");
    let families = readme.find("## Families");
    assert!(
        leads.is_some() && leads < families,
        "the README does not lead with the root causes"
    );
    let causes = root_causes(&index);
    assert!(!causes.is_empty());
    let mut per: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    for cause in &causes {
        let report = std::fs::read_to_string(dir.join(format!("{}.md", cause.implementation)))
            .unwrap_or_else(|_| panic!("no report for {}", cause.implementation));
        assert!(
            report.contains(&format!("<a id=\"{}\"></a>", cause.id)),
            "{}: root cause {} is not in its report (regenerate with `reptest fuzz-report`)",
            cause.implementation,
            cause.id
        );
        assert!(readme.contains(&format!("]({}.md)", cause.implementation)));
        if cause.ranked() {
            *per.entry(cause.implementation.as_str()).or_default() += 1;
        }
        // A root cause's evidence is families of the catalogue, and it is in the ranking
        // only when realistic and not resting on a suspect reference.
        assert!(!cause.families.is_empty());
        if cause.kind == Kind::CheckReference || cause.kind == Kind::Timeout {
            assert!(!cause.ranked());
        }
        // Every committed input is inside the default classes or listed with its class.
        let family = index
            .families
            .iter()
            .find(|f| f.id == cause.representative)
            .expect("the representative is a family");
        // Its label comes from the ablation answers kept in the catalogue, not a fixed order.
        if family.input.is_some() && cause.kind != Kind::Timeout {
            assert!(
                cause.profile_split.is_some(),
                "{}: root cause {} has no ablation answers (run `reptest fuzz-report`)",
                cause.implementation,
                cause.id
            );
        }
        if let Some(input) = &family.input
            && family.classes.is_empty()
        {
            assert!(
                std::str::from_utf8(&input.body()).is_ok(),
                "{}: a default-class body that is not UTF-8",
                family.id
            );
            assert!(reptest_peers::product_token(&input.agent), "{}", family.id);
            assert!(input.url.is_ascii(), "{}", family.id);
        }
    }
    // A maintainer reads tens of root causes, not hundreds.
    for (name, count) in per {
        assert!(count < 100, "{name}: {count} root causes");
    }
}
