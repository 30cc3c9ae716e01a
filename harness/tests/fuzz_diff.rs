//! A seeded campaign against a deliberately divergent engine: the planted disagreement is
//! found, minimised to its known minimal form, written as a loadable spec case, and
//! deduplicated on a second run.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use reptest::engines::protocol::WireVerdict;
use reptest::engines::{Engine, EngineError, EngineInfo, ReferenceEngine};
use reptest::fuzz::campaign::{Campaign, Settings};
use reptest::fuzz::findings::Catalogue;
use reptest::fuzz::generate::InputClasses;
use reptest::suite::cases;
use reptest_reference::Profile;

/// The reference under `google`, except that it drops every line holding `$`.
struct IgnoresDollar(ReferenceEngine, EngineInfo);

impl Engine for IgnoresDollar {
    fn info(&self) -> &EngineInfo {
        &self.1
    }

    fn check(
        &mut self,
        body: &[u8],
        agent: &str,
        urls: &[String],
    ) -> Result<Vec<WireVerdict>, EngineError> {
        let text = String::from_utf8_lossy(body);
        let kept: String = text
            .split_inclusive(['\n', '\r'])
            .filter(|l| !l.contains('$'))
            .collect();
        self.0.check(kept.as_bytes(), agent, urls)
    }
}

fn engines() -> Vec<Box<dyn Engine>> {
    vec![Box::new(IgnoresDollar(
        ReferenceEngine::new(Profile::Google),
        EngineInfo {
            name: "ignores-dollar".into(),
            implementation: "test engine".into(),
            version: "1".into(),
            language: "rust".into(),
        },
    ))]
}

fn settings() -> Settings {
    Settings {
        seed: 9,
        first_case: 0,
        iterations: Some(400),
        time: None,
        jobs: 2,
        minimise_budget: Duration::from_secs(30),
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn planted_disagreement_is_found_minimised_written_and_deduplicated() {
    let dir = scratch("fuzz-diff-smoke");
    let stop = Arc::new(AtomicBool::new(false));
    let catalogue = Catalogue::open(&dir).expect("catalogue");
    let mut campaign = Campaign::new(engines(), catalogue, None, Arc::clone(&stop));
    let ran = campaign.run(&settings(), &mut |_| {}).expect("run");
    assert_eq!(ran, 400, "nothing ran");
    assert!(campaign.stats().cases > 300, "{:?}", campaign.stats());
    let families = campaign.catalogue().families().to_vec();
    assert!(
        !families.is_empty(),
        "the planted disagreement was not found"
    );
    assert!(campaign.stats().disagreements >= families.len() as u64);
    // The planted engine is the reference under `google`: where rfc9309 and google differ it
    // deviates from rfc9309 only, a family of its own (checked below like every family).
    let planted: Vec<_> = families
        .iter()
        .filter(|f| !f.against_google.is_empty())
        .collect();
    assert!(
        !planted.is_empty(),
        "the planted disagreement was not found"
    );
    for family in &families {
        let is_planted = !family.against_google.is_empty();
        if is_planted {
            assert_eq!(family.against_google, vec!["ignores-dollar".to_owned()]);
        } else {
            assert_eq!(family.against_rfc9309, vec!["ignores-dollar".to_owned()]);
        }
        // The known minimal form of the planted disagreement: the rule holding `$`, its group
        // line, and (when the planted engine says disallow) the rule it falls back to; a
        // short URL path (the `$` rule's own path, which a one-sided deletion cannot shrink).
        let case_file = dir.join("families").join(format!("{}.toml", family.id));
        let loaded = cases::load_file(&case_file).expect("the finding is a valid spec case");
        assert_eq!(loaded.len(), 1);
        let case = &loaded[0];
        let cases::CaseKind::Robots {
            body,
            checks,
            agent,
            ..
        } = &case.kind
        else {
            panic!("{}: not a robots case", case.id);
        };
        let text = String::from_utf8_lossy(body);
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        assert!(lines.len() <= 4, "not minimal: {text:?}");
        if is_planted {
            assert!(lines.len() <= 3, "not minimal: {text:?}");
            assert_eq!(
                lines.iter().filter(|l| l.contains('$')).count(),
                1,
                "{text:?}"
            );
            // A group line names the crawler (a whole product token) or `*`.
            assert!(
                lines.iter().all(|l| l.len() <= 16 + agent.len()),
                "a line is not minimal: {text:?}"
            );
            let path = checks[0].url.trim_start_matches("http://example.com");
            assert!(path.len() <= 8, "URL not minimal: {}", checks[0].url);
        }
        // The reference passes its own finding under every profile.
        for profile in Profile::ALL {
            for result in cases::run_reference(case, profile) {
                assert!(result.passed(), "{} fails its own expectation", case.id);
            }
        }
        assert!(
            dir.join("families")
                .join(format!("{}.md", family.id))
                .is_file()
        );
    }
    let index = std::fs::read_to_string(dir.join("README.md")).expect("index");
    assert!(index.contains(&families[0].id));

    // The same seed again adds nothing: every family is already there, and counts its hits.
    let hits_before: u64 = families.iter().map(|f| f.hits).sum();
    let catalogue = Catalogue::open(&dir).expect("reopened");
    let mut campaign = Campaign::new(engines(), catalogue, None, stop);
    campaign.run(&settings(), &mut |_| {}).expect("second run");
    assert_eq!(campaign.stats().new_families, 0);
    assert_eq!(campaign.catalogue().families().len(), families.len());
    let hits_after: u64 = campaign.catalogue().families().iter().map(|f| f.hits).sum();
    assert!(hits_after > hits_before);
}

#[test]
fn agreeing_engines_give_no_finding() {
    let dir = scratch("fuzz-diff-agree");
    let engines: Vec<Box<dyn Engine>> = vec![Box::new(ReferenceEngine::new(Profile::Rfc9309))];
    let catalogue = Catalogue::open(&dir).expect("catalogue");
    let stop = Arc::new(AtomicBool::new(false));
    let mut campaign = Campaign::new(engines, catalogue, None, stop);
    let mut settings = settings();
    settings.iterations = Some(200);
    assert_eq!(campaign.run(&settings, &mut |_| {}).expect("run"), 200);
    // The extra engine is the reference under rfc9309: it deviates only where rfc9309 and
    // google themselves differ, and never from both.
    for family in campaign.catalogue().families() {
        assert!(
            family.against_rfc9309.is_empty(),
            "{}: {:?}",
            family.id,
            family.split
        );
    }
}

/// The reference under `google`, given the body decoded as UTF-8 with replacement: what a
/// library that takes text receives.
struct DecodesLossily(ReferenceEngine, EngineInfo);

impl Engine for DecodesLossily {
    fn info(&self) -> &EngineInfo {
        &self.1
    }

    fn check(
        &mut self,
        body: &[u8],
        agent: &str,
        urls: &[String],
    ) -> Result<Vec<WireVerdict>, EngineError> {
        let text = String::from_utf8_lossy(body).into_owned();
        self.0.check(text.as_bytes(), agent, urls)
    }
}

fn lossy() -> Vec<Box<dyn Engine>> {
    vec![Box::new(DecodesLossily(
        ReferenceEngine::new(Profile::Google),
        EngineInfo {
            name: "decodes-lossily".into(),
            implementation: "test engine".into(),
            version: "1".into(),
            language: "rust".into(),
        },
    ))]
}

/// Whether `family` deviates from `google` (the planted engine is the reference under
/// `google`; against `rfc9309` it deviates wherever the profiles differ).
fn against_google(family: &reptest::fuzz::findings::Family) -> bool {
    !family.against_google.is_empty()
}

#[test]
fn a_lossy_decoder_gives_no_finding_on_realistic_inputs() {
    let dir = scratch("fuzz-diff-lossy-default");
    let catalogue = Catalogue::open(&dir).expect("catalogue");
    let stop = Arc::new(AtomicBool::new(false));
    let mut campaign = Campaign::new(lossy(), catalogue, None, stop);
    assert_eq!(campaign.run(&settings(), &mut |_| {}).expect("run"), 400);
    let families = campaign.catalogue().families();
    assert!(
        !families.iter().any(against_google),
        "a finding on valid UTF-8: {families:?}"
    );
    assert!(families.iter().all(|f| f.classes.is_empty()));
}

#[test]
fn an_opt_in_class_is_tagged_listed_apart_and_replays() {
    let dir = scratch("fuzz-diff-lossy-invalid");
    let catalogue = Catalogue::open(&dir).expect("catalogue");
    let stop = Arc::new(AtomicBool::new(false));
    let classes = InputClasses::parse("invalid-utf8").expect("a class");
    let mut campaign =
        Campaign::new(lossy(), catalogue, None, Arc::clone(&stop)).with_inputs(classes);
    let mut settings = settings();
    settings.iterations = Some(1500);
    campaign.run(&settings, &mut |_| {}).expect("run");
    let families = campaign.catalogue().families().to_vec();
    let planted: Vec<_> = families.iter().filter(|f| against_google(f)).collect();
    assert!(!planted.is_empty(), "the lossy decoder was not caught");
    let readme = std::fs::read_to_string(dir.join("README.md")).expect("index");
    let (ranking, apart) = readme
        .split_once("## Opt-in input classes")
        .expect("an opt-in section");
    for family in &planted {
        // Only invalid UTF-8 tells the planted engine from the reference.
        assert_eq!(
            family.classes,
            vec!["invalid-utf8".to_owned()],
            "{}",
            family.id
        );
        assert!(apart.contains(&family.id), "{} not listed apart", family.id);
        assert!(
            !ranking.contains(&family.id),
            "{} in the ranking",
            family.id
        );
        let case = dir.join("families").join(format!("{}.toml", family.id));
        let loaded = cases::load_file(&case).expect("a valid spec case");
        assert!(loaded[0].tags.iter().any(|t| t == "invalid-utf8"));
    }
    // A family whose minimal input uses no opt-in class carries none.
    for family in families.iter().filter(|f| f.classes.is_empty()) {
        assert!(!apart.contains(&family.id), "{}", family.id);
    }

    // The seeded replay of a family's first case finds it again, adding nothing.
    let first = planted[0].first_seen.clone();
    let catalogue = Catalogue::open(&dir).expect("reopened");
    let mut campaign = Campaign::new(lossy(), catalogue, None, stop).with_inputs(classes);
    let replay = Settings {
        seed: first.seed,
        first_case: first.case,
        iterations: Some(1),
        ..settings
    };
    assert_eq!(campaign.run(&replay, &mut |_| {}).expect("replay"), 1);
    assert!(
        campaign.stats().disagreements >= 1,
        "{:?}",
        campaign.stats()
    );
    assert_eq!(campaign.stats().new_families, 0);
}
