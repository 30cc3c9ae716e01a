//! A seeded campaign against a deliberately divergent engine: the planted disagreement is
//! found, minimised to its known minimal form, written as a loadable spec case, and
//! deduplicated on a second run. Planted engines also show the campaign's rules: a library is
//! judged on the body it received, a split that rests on the call contract is dropped, and a
//! timeout is recorded as a timeout.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use reptest::engines::adapters::BodyAs;
use reptest::engines::protocol::WireVerdict;
use reptest::engines::{Engine, EngineError, ReferenceEngine};
use reptest::fuzz::campaign::{Campaign, Settings};
use reptest::fuzz::generate::{Input, InputClasses};
use reptest::fuzz::store::Catalogue;
use reptest::suite::cases;
use reptest_reference::Profile;

use crate::common;

/// The one planted engine `name` (the reference under `google`), as a campaign takes it.
fn planted(name: &str, call: common::Call) -> Vec<Box<dyn Engine>> {
    vec![common::planted(name, Profile::Google, call)]
}

/// Drops every line holding `$`.
fn ignores_dollar() -> Vec<Box<dyn Engine>> {
    planted("ignores-dollar", |reference, body, agent, urls| {
        let text = String::from_utf8_lossy(body);
        let kept: String = text
            .split_inclusive(['\n', '\r'])
            .filter(|l| !l.contains('$'))
            .collect();
        reference.check(kept.as_bytes(), agent, urls)
    })
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

/// A campaign of `engines` over the catalogue in `dir`.
fn reopen(dir: &Path, engines: Vec<Box<dyn Engine>>, stop: &Arc<AtomicBool>) -> Campaign {
    let catalogue = Catalogue::open(dir).expect("catalogue");
    Campaign::new(engines, catalogue, None, Arc::clone(stop))
}

/// A campaign of `engines` over a fresh catalogue in the scratch folder `name`, and that folder.
fn fresh(name: &str, engines: Vec<Box<dyn Engine>>, stop: &Arc<AtomicBool>) -> (PathBuf, Campaign) {
    let dir = scratch(name);
    let campaign = reopen(&dir, engines, stop);
    (dir, campaign)
}

#[test]
fn planted_disagreement_is_found_minimised_written_and_deduplicated() {
    let stop = Arc::new(AtomicBool::new(false));
    let (dir, mut campaign) = fresh("fuzz-diff-smoke", ignores_dollar(), &stop);
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
    // The pages are drawn once, at the end of a run (not for each new family).
    assert!(!dir.join("README.md").exists());
    campaign.catalogue().flush().expect("flush");
    let index = std::fs::read_to_string(dir.join("README.md")).expect("index");
    assert!(index.contains(&families[0].id));

    // The same seed again adds nothing: every family is already there, and counts its hits.
    let hits_before: u64 = families.iter().map(|f| f.hits).sum();
    let mut campaign = reopen(&dir, ignores_dollar(), &stop);
    campaign.run(&settings(), &mut |_| {}).expect("second run");
    assert_eq!(campaign.stats().new_families, 0);
    assert_eq!(campaign.catalogue().families().len(), families.len());
    let hits_after: u64 = campaign.catalogue().families().iter().map(|f| f.hits).sum();
    assert!(hits_after > hits_before);
}

#[test]
fn agreeing_engines_give_no_finding() {
    let engines: Vec<Box<dyn Engine>> = vec![Box::new(ReferenceEngine::new(Profile::Rfc9309))];
    let stop = Arc::new(AtomicBool::new(false));
    let (_, mut campaign) = fresh("fuzz-diff-agree", engines, &stop);
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

/// Gives the reference the body decoded as UTF-8 with replacement: what a library that takes
/// text receives.
fn lossy() -> Vec<Box<dyn Engine>> {
    planted("decodes-lossily", |reference, body, agent, urls| {
        let text = String::from_utf8_lossy(body).into_owned();
        reference.check(text.as_bytes(), agent, urls)
    })
}

/// Whether `family` deviates from `google` (the planted engine is the reference under
/// `google`; against `rfc9309` it deviates wherever the profiles differ).
fn against_google(family: &reptest::fuzz::findings::Family) -> bool {
    !family.against_google.is_empty()
}

#[test]
fn a_lossy_decoder_gives_no_finding_on_realistic_inputs() {
    let stop = Arc::new(AtomicBool::new(false));
    let (_, mut campaign) = fresh("fuzz-diff-lossy-default", lossy(), &stop);
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
    let stop = Arc::new(AtomicBool::new(false));
    let classes = InputClasses::parse("invalid-utf8").expect("a class");
    let (dir, campaign) = fresh("fuzz-diff-lossy-invalid", lossy(), &stop);
    let mut campaign = campaign.with_inputs(classes);
    let mut settings = settings();
    settings.iterations = Some(1500);
    campaign.run(&settings, &mut |_| {}).expect("run");
    let families = campaign.catalogue().families().to_vec();
    let planted: Vec<_> = families.iter().filter(|f| against_google(f)).collect();
    assert!(!planted.is_empty(), "the lossy decoder was not caught");
    campaign.catalogue().flush().expect("flush");
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
    let mut campaign = reopen(&dir, lossy(), &stop).with_inputs(classes);
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

/// Decodes the body with replacement, then drops every line holding U+FFFD: a library that
/// takes text and mishandles the replacement character.
fn drops_replacement() -> Vec<Box<dyn Engine>> {
    planted("drops-replacement", |reference, body, agent, urls| {
        let text = String::from_utf8_lossy(body);
        let kept: String = text
            .split_inclusive('\n')
            .filter(|l| !l.contains('\u{FFFD}'))
            .collect();
        reference.check(kept.as_bytes(), agent, urls)
    })
}

#[test]
fn a_library_is_judged_on_the_body_it_received() {
    let classes = InputClasses::parse("invalid-utf8").expect("a class");
    let mut settings = settings();
    settings.iterations = Some(1500);
    // A faithful lossy decoder, declared as one: no finding, even on bodies that are not
    // UTF-8 (the reference is asked about the text it received).
    let stop = Arc::new(AtomicBool::new(false));
    let (_, campaign) = fresh("fuzz-diff-received-faithful", lossy(), &stop);
    let mut campaign = campaign
        .with_inputs(classes)
        .with_bodies(&[BodyAs::TextLossy]);
    campaign.run(&settings, &mut |_| {}).expect("run");
    let families = campaign.catalogue().families();
    assert!(
        !families.iter().any(against_google),
        "a finding against what the library received: {families:?}"
    );

    // A lossy decoder that then mishandles U+FFFD: nothing on valid bodies...
    let (_, campaign) = fresh("fuzz-diff-received-default", drops_replacement(), &stop);
    let mut campaign = campaign.with_bodies(&[BodyAs::TextLossy]);
    campaign.run(&settings, &mut |_| {}).expect("run");
    assert!(
        !campaign.catalogue().families().iter().any(against_google),
        "a finding on valid UTF-8"
    );
    // ...and under `invalid-utf8`, findings on the text it received, with the
    // transformation recorded, listed with their class.
    let (_, campaign) = fresh("fuzz-diff-received-invalid", drops_replacement(), &stop);
    let mut campaign = campaign
        .with_inputs(classes)
        .with_bodies(&[BodyAs::TextLossy]);
    campaign.run(&settings, &mut |_| {}).expect("run");
    let planted: Vec<_> = campaign
        .catalogue()
        .families()
        .iter()
        .filter(|f| against_google(f))
        .cloned()
        .collect();
    assert!(!planted.is_empty(), "the planted mishandling was not found");
    for family in &planted {
        assert_eq!(family.transformation.as_deref(), Some("text-lossy"));
        assert_eq!(family.classes, vec!["invalid-utf8".to_owned()]);
        let input = family.input.as_ref().expect("the index keeps the input");
        let body = input.body();
        let text = std::str::from_utf8(&body).expect("the text it received is UTF-8");
        assert!(text.contains('\u{FFFD}'), "{text:?}");
        // Judged correctly: the reference under google, asked about that text, differs from
        // the planted engine's answer.
        let reference = ReferenceEngine::new(Profile::Google)
            .check(&body, &input.agent, std::slice::from_ref(&input.url))
            .expect("verdict");
        let said = family.split.get("drops-replacement").copied();
        assert_ne!(said, Some(reptest::answer::Answer::from(reference[0])));
    }
}

/// The reference for product tokens; for any other agent, `disallow`: a library whose
/// contract is a product token. A body holding `#slow` times out.
fn token_only() -> Vec<Box<dyn Engine>> {
    planted("token-only", |reference, body, agent, urls| {
        if body.windows(5).any(|w| w == b"#slow") {
            return Err(EngineError::Timeout {
                limit: Duration::from_secs(5),
                took: Some(Duration::from_millis(7250)),
            });
        }
        if reptest_peers::product_token(agent) {
            reference.check(body, agent, urls)
        } else {
            Ok(vec![WireVerdict::Disallow; urls.len()])
        }
    })
}

#[test]
fn a_contract_only_split_is_dropped_and_a_timeout_is_a_timeout() {
    let input = Input {
        lines: vec![
            b"user-agent: *\n".to_vec(),
            b"disallow: /private\n".to_vec(),
        ],
        agent: "Foo Bot".into(),
        urls: vec!["http://example.com/public".into()],
    };
    let stop = Arc::new(AtomicBool::new(false));
    // In a default run: the split disappears once the agent is a token: dropped.
    let (_, mut campaign) = fresh("fuzz-diff-contract-default", token_only(), &stop);
    campaign.observe(&settings(), 1, &input).expect("observe");
    assert_eq!(campaign.stats().disagreements, 1);
    assert_eq!(campaign.stats().contract_only, 1);
    assert!(campaign.catalogue().families().is_empty());
    // In a run that opted into agent strings: kept, labelled with the contract, apart.
    let (_, campaign) = fresh("fuzz-diff-contract-opted", token_only(), &stop);
    let mut campaign = campaign.with_inputs(InputClasses::parse("agent-strings").expect("a class"));
    campaign.observe(&settings(), 1, &input).expect("observe");
    let families = campaign.catalogue().families().to_vec();
    assert_eq!(families.len(), 1, "{families:?}");
    assert_eq!(families[0].contract, vec!["agent-token".to_owned()]);
    assert_eq!(families[0].classes, vec!["agent-string".to_owned()]);

    // A split that stays inside the contract is kept: the timeout below is not a deviation
    // but a family of its own, with the time measured, never minimised.
    let slow = Input {
        lines: vec![
            b"#slow\n".to_vec(),
            b"user-agent: *\n".to_vec(),
            b"disallow: /\n".to_vec(),
        ],
        agent: "FooBot".into(),
        urls: vec!["http://example.com/a".into()],
    };
    let (_, mut campaign) = fresh("fuzz-diff-timeout", token_only(), &stop);
    campaign.observe(&settings(), 2, &slow).expect("observe");
    assert_eq!(campaign.stats().timeouts, 1);
    assert_eq!(
        campaign.stats().disagreements,
        0,
        "a timeout is no deviation"
    );
    let families = campaign.catalogue().families();
    assert_eq!(families.len(), 1);
    assert_eq!(families[0].timeout_ms, Some(7250));
    assert_eq!(
        families[0].split.get("token-only"),
        Some(&reptest::answer::Answer::Timeout)
    );
    assert_eq!(
        families[0].input.as_ref().map(|i| i.body()),
        Some(slow.body()),
        "not minimised"
    );
}

/// `reptest findings reask`: the planted engine, mended (now the reference under `google`
/// itself), asked again about the catalogue its divergence filled. Its `$` families leave,
/// files and all; those where `google` and `rfc9309` part stay, with its new answers; its
/// stored answers to neutralised variants are gone; a second re-ask changes nothing.
#[test]
fn reasking_a_mended_implementation_drops_what_it_no_longer_does() {
    let stop = Arc::new(AtomicBool::new(false));
    let (dir, mut campaign) = fresh("fuzz-diff-reask", ignores_dollar(), &stop);
    campaign.run(&settings(), &mut |_| {}).expect("run");
    let before = campaign.catalogue().families().to_vec();
    assert!(before.iter().any(|f| !f.against_google.is_empty()));
    let mut catalogue = Catalogue::open(&dir).expect("catalogue");
    let mut engines = ignores_dollar();
    catalogue.update(|index| {
        reptest::fuzz::ablation::ablate(index, &mut engines, &mut |_, _| {});
    });
    catalogue.flush().expect("flush");
    assert!(
        Catalogue::open(&dir)
            .expect("catalogue")
            .families()
            .iter()
            .any(|f| f
                .ablation
                .iter()
                .any(|a| a.answers.contains_key("ignores-dollar")))
    );

    let mended = || {
        planted("ignores-dollar", |reference, body, agent, urls| {
            reference.check(body, agent, urls)
        })
    };
    let bodies = [("ignores-dollar".to_owned(), BodyAs::Bytes)];
    let summary = reptest::fuzz::reask::reask(&dir, &mut mended(), &bodies, false, &mut |_, _| {})
        .expect("reask");
    let after = Catalogue::open(&dir)
        .expect("catalogue")
        .families()
        .to_vec();
    let dropped: Vec<&String> = before
        .iter()
        .map(|f| &f.id)
        .filter(|id| !after.iter().any(|f| &f.id == *id))
        .collect();
    assert!(!dropped.is_empty(), "{summary}");
    assert_eq!(dropped.len(), summary.dropped.len() + summary.merged.len());
    for id in dropped {
        assert!(!dir.join("families").join(format!("{id}.md")).exists());
        assert!(!dir.join("families").join(format!("{id}.toml")).exists());
    }
    for family in &after {
        assert!(family.against_google.is_empty(), "{}", family.id);
        assert_eq!(family.against_rfc9309, vec!["ignores-dollar".to_owned()]);
        assert_eq!(
            family.split.get("ignores-dollar"),
            family.split.get("reference-google")
        );
        assert!(
            family
                .signature
                .contains(&reptest::fuzz::findings::split_text(&family.split))
        );
        assert!(
            family
                .ablation
                .iter()
                .all(|a| !a.answers.contains_key("ignores-dollar"))
        );
        assert!(family.cleaned_for.is_empty());
        let page = std::fs::read_to_string(dir.join("families").join(format!("{}.md", family.id)))
            .expect("its page");
        assert!(page.contains(
            "Splits 1 implementation(s) from the reference under `rfc9309` and 0 under `google`."
        ));
    }
    let again = reptest::fuzz::reask::reask(&dir, &mut mended(), &bodies, false, &mut |_, _| {})
        .expect("reask");
    assert_eq!(
        (again.changed, again.dropped.len(), again.merged.len()),
        (0, 0, 0)
    );
}

/// `reptest findings reask --fill`: an implementation the campaign did not ask gains its
/// answer on every family only when filling (so a witness answers where a port of it is
/// judged); without `--fill` no family gains it.
#[test]
fn reasking_with_fill_asks_an_implementation_the_campaign_did_not() {
    let stop = Arc::new(AtomicBool::new(false));
    let (dir, mut campaign) = fresh("fuzz-diff-reask-fill", ignores_dollar(), &stop);
    campaign.run(&settings(), &mut |_| {}).expect("run");
    assert!(!campaign.catalogue().families().is_empty());
    let witness = || {
        planted("late-witness", |reference, body, agent, urls| {
            reference.check(body, agent, urls)
        })
    };
    let bodies = [("late-witness".to_owned(), BodyAs::Bytes)];
    let holds = |dir: &std::path::Path| {
        Catalogue::open(dir)
            .expect("catalogue")
            .families()
            .iter()
            .filter(|f| f.split.contains_key("late-witness"))
            .count()
    };
    reptest::fuzz::reask::reask(&dir, &mut witness(), &bodies, false, &mut |_, _| {})
        .expect("reask");
    assert_eq!(holds(&dir), 0, "asked without --fill");
    let summary = reptest::fuzz::reask::reask(&dir, &mut witness(), &bodies, true, &mut |_, _| {})
        .expect("reask");
    let families = Catalogue::open(&dir).expect("catalogue").families().len();
    assert_eq!(holds(&dir), families, "{summary}");
    assert_eq!(summary.changed, families);
}
