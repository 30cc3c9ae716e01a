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
