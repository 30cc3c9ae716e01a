//! A root cause's construct comes from evidence: planted engines whose one behaviour is known
//! are asked about each neutralised variant of a family's input, and the construct whose
//! neutralisation removes the split names the root cause; when none does, the root cause says
//! "combined" rather than guess.
//!
//! The planted quirks of one shape (one engine, one input, and what its one root cause must
//! be) are the rows of `tests/data/planted-quirks.toml`, run by one test; the tests after it
//! check what a row cannot: several steps, several families, or a function of the ablation
//! itself.

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::path::PathBuf;

use reptest::answer::Answer;
use reptest::engines::{Engine, ReferenceEngine, reference_name};
use reptest::fuzz::ablation::{ablate, narrower_phrase, rule_hex_side};
use reptest::fuzz::filing::{clause, title};
use reptest::fuzz::findings::Finding;
use reptest::fuzz::generate::Input;
use reptest::fuzz::rootcause::{DECIDED, root_causes};
use reptest::fuzz::store::Catalogue;
use reptest::suite::cases;
use reptest_reference::Profile;
use serde::Deserialize;

mod planted;

use planted::{
    accepts_useragent, allows_a, bare_agent_starts_group, decodes_both_sides,
    double_slash_blocks_all, escapes_as_written, first_match_wins, google_parser, planted_engine,
};

/// One row of `tests/data/planted-quirks.toml`: a planted engine, an input, and what the
/// family's one root cause must be (its label, and the further checks the row gives).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Quirk {
    id: String,
    planted: String,
    #[serde(default)]
    witness: bool,
    robots: String,
    agent: String,
    url: String,
    label: String,
    #[serde(default)]
    answers: BTreeMap<String, Answer>,
    profile_split: Option<bool>,
    profile_mix: Option<bool>,
    with: Option<Vec<String>>,
    force: Option<String>,
    source: Option<String>,
    #[serde(default)]
    title: Vec<String>,
    #[serde(default)]
    title_not: Vec<String>,
    file_ignored: Option<bool>,
    expected: Option<usize>,
    #[serde(default)]
    feature_not: Vec<String>,
    phrase: Option<String>,
    #[serde(default)]
    tried: Vec<String>,
    variant_error: Option<bool>,
    cleaned: Option<CleanedCheck>,
}

/// What a row says of the input cleaned for its planted engine.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CleanedCheck {
    removed: Option<Vec<String>>,
    robots: Option<String>,
    united: Option<String>,
    #[serde(default)]
    answers: BTreeMap<String, Answer>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Quirks {
    quirk: Vec<Quirk>,
}

/// Where `got` is not `expected`, a line saying so.
fn differ(out: &mut Vec<String>, what: &str, expected: impl Debug, got: impl Debug) {
    let (expected, got) = (format!("{expected:?}"), format!("{got:?}"));
    if expected != got {
        out.push(format!("{what}: expected {expected}, got {got}"));
    }
}

/// Where `text` does (`holds`) or does not hold each of `parts` against what is wanted, a
/// line saying so.
fn holds(out: &mut Vec<String>, what: &str, text: &str, parts: &[String], wanted: bool) {
    for part in parts {
        if text.contains(part.as_str()) != wanted {
            let how = if wanted { "holds" } else { "does not hold" };
            out.push(format!("{what}: expected it {how} {part:?}, got {text:?}"));
        }
    }
}

/// What of `row` does not hold: asks its planted engine (and Google's parser, as a witness)
/// about the row's input and each neutralised variant, and compares every check it gives.
fn mismatches(row: &Quirk) -> Vec<String> {
    let Some(planted) = planted_engine(&row.planted) else {
        return vec![format!("no planted engine {:?}", row.planted)];
    };
    let mut engines = vec![planted];
    if row.witness {
        engines.push(google_parser());
    }
    let example = input(&row.robots, &row.agent, &row.url);
    let catalogue = ablated(
        &format!("planted-{}", row.id),
        example.clone(),
        &mut engines,
    );
    let family = &catalogue.families()[0];
    let mut out = Vec::new();
    for (who, answer) in &row.answers {
        differ(
            &mut out,
            &format!("{who}'s answer"),
            Some(answer),
            family.split.get(who),
        );
    }
    let tried: Vec<&str> = family
        .ablation
        .iter()
        .map(|a| a.construct.as_str())
        .collect();
    for construct in &row.tried {
        if !tried.contains(&construct.as_str()) {
            out.push(format!(
                "variants: expected {construct:?} among them, got {tried:?}"
            ));
        }
    }
    if let Some(wanted) = row.variant_error {
        let failed = family
            .ablation
            .iter()
            .any(|a| a.answers.get(&row.planted) == Some(&Answer::Error));
        differ(
            &mut out,
            "the planted engine fails on a variant",
            wanted,
            failed,
        );
    }
    let cleaned = family.cleaned_for.get(&row.planted);
    if let (Some(_), None) = (&row.cleaned, cleaned) {
        out.push("no input cleaned for the planted engine".into());
    }
    if let (Some(check), Some(cleaned)) = (&row.cleaned, cleaned) {
        if let Some(removed) = &check.removed {
            differ(&mut out, "cleaned of", removed, &cleaned.removed);
        }
        if let Some(robots) = &check.robots {
            differ(&mut out, "cleaned input", robots, &cleaned.input.robots);
        }
        if let Some(united) = &check.united {
            differ(&mut out, "strengthened by", Some(united), &cleaned.united);
        }
        for (who, answer) in &check.answers {
            let got = cleaned.answers.get(who);
            differ(
                &mut out,
                &format!("{who}'s answer, cleaned"),
                Some(answer),
                got,
            );
        }
    }
    let causes = root_causes(catalogue.index());
    let [cause] = causes.as_slice() else {
        out.push(format!("expected one root cause, got {causes:?}"));
        return out;
    };
    differ(&mut out, "label", &row.label, cause.construct);
    if let Some(split) = row.profile_split {
        differ(&mut out, "profile split", Some(split), cause.profile_split);
    }
    if let Some(mix) = row.profile_mix {
        differ(&mut out, "profile mix", mix, cause.profile_mix());
    }
    if let Some(with) = &row.with {
        differ(&mut out, "with", with, &cause.with);
    }
    let filed = clause(cause, None);
    if let Some(force) = &row.force {
        differ(&mut out, "force", force, filed.force);
    }
    let source = row.source.as_slice();
    holds(&mut out, "clause source", filed.source, source, true);
    holds(&mut out, "title", &title(cause), &row.title, true);
    holds(&mut out, "title", &title(cause), &row.title_not, false);
    if let Some(ignored) = row.file_ignored {
        differ(&mut out, "file ignored", ignored, cause.file_ignored);
    }
    if let Some(contradicted) = row.expected {
        let got = cause.expected.len();
        differ(&mut out, "profiles contradicted", contradicted, got);
    }
    holds(&mut out, "feature", &cause.feature, &row.feature_not, false);
    let phrase = narrower_phrase(&example, &row.label).unwrap_or_default();
    holds(
        &mut out,
        "narrower phrase",
        phrase,
        row.phrase.as_slice(),
        true,
    );
    if !out.is_empty() {
        out.push(format!("(the root cause: {cause:?})"));
    }
    out
}

/// Every planted quirk of `tests/data/planted-quirks.toml` gets the root cause its row says;
/// the failure lists every row that does not, with what was expected and what came.
#[test]
fn every_planted_quirk_is_labelled_by_its_construct() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/planted-quirks.toml");
    let text = std::fs::read_to_string(&path).expect("the planted quirks");
    let rows = toml::from_str::<Quirks>(&text).expect("rows").quirk;
    assert!(rows.len() >= 50, "{} rows", rows.len());
    let mut failures = Vec::new();
    let mut ids = std::collections::BTreeSet::new();
    for row in &rows {
        if !ids.insert(row.id.as_str()) {
            failures.push(format!("{}: a second row of this id", row.id));
        }
        for line in mismatches(row) {
            failures.push(format!("{}: {line}", row.id));
        }
    }
    assert!(
        failures.is_empty(),
        "planted quirks not labelled as their rows say:\n{}",
        failures.join("\n")
    );
}

#[test]
fn a_misspelled_useragent_is_the_cause_not_the_empty_value_beside_it() {
    let dir = scratch("ablation-useragent");
    let mut engines = vec![accepts_useragent()];
    // The input of the mislabelled root cause: the empty `allow:` ends the first group's
    // rules, so that `useragent:` starts a new group for whoever reads it as `user-agent`.
    let example = input(
        "User-agent:BarBot\nallow:\nuseragent:\ndisallow:/\n",
        "BarBot",
        "http://example.com/",
    );
    let mut catalogue = record(&dir, example, &mut engines);
    let split = &catalogue.families()[0].split;
    assert_eq!(split["accepts-useragent"], Answer::Allow);
    assert_eq!(split["reference-rfc9309"], Answer::Disallow);
    // Before the ablation, the fixed order names the empty value.
    assert_eq!(sole_cause(&catalogue).construct, "empty-value");
    assert!(ablate_all(&mut catalogue, &mut engines) > 0);
    catalogue.flush().expect("written");
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "misspelling", "{cause:?}");
    assert_eq!(cause.profile_split, Some(true));
    let title = title(&cause);
    assert!(title.contains("misspelled field name"), "{title}");
    assert_eq!(clause(&cause, None).force, "profile-split");
    // The answers are kept in the catalogue: re-read, the same root cause, no engine asked.
    let reread = Catalogue::open(&dir).expect("reopened");
    assert_eq!(root_causes(reread.index()), [cause]);
    let page = std::fs::read_to_string(dir.join("accepts-useragent.md")).expect("report");
    assert!(page.contains("misspelled field name"), "{page}");
}

#[test]
fn the_cases_that_decide_a_flagged_question_exist_and_pass() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../spec-cases");
    let loaded = cases::load_dir(&dir).expect("spec cases");
    for (construct, profile, id) in DECIDED {
        let case = loaded
            .iter()
            .find(|c| c.id == id)
            .unwrap_or_else(|| panic!("{construct}: no case {id}"));
        let results = cases::run_reference(case, profile);
        assert!(!results.is_empty());
        assert!(results.iter().all(cases::CheckResult::passed), "{id}");
    }
}

#[test]
fn cleaning_never_comes_back_to_an_input_it_held() {
    // A blank line put between two groups, and a blank line taken out, undo each other:
    // cleaning stops instead of going round.
    let example = input(
        "user-agent: b\ndisallow: /\nuser-agent: *\n\ndisallow: /a\n",
        "Other",
        "http://example.com/a",
    );
    let catalogue = ablated("ablation-no-cycle", example, &mut [allows_a()]);
    let cleaned = &catalogue.families()[0].cleaned_for["allows-a"];
    assert!(cleaned.removed.len() <= 3, "{:?}", cleaned.removed);
    assert_eq!(
        cleaned.input.robots,
        "user-agent: b\ndisallow: /\n\nuser-agent: *\ndisallow: /a\n"
    );
}

#[test]
fn no_input_is_strengthened_without_google_s_parser_as_witness() {
    // The input of the `double-slash-by-accident` row, strengthened there with the witness.
    let example = input(
        "User-agent:*\nDisallow://\ndisalow /\n",
        "FooBot",
        "http://example.com/",
    );
    let catalogue = ablated(
        "ablation-no-witness",
        example,
        &mut [double_slash_blocks_all()],
    );
    let cleaned = &catalogue.families()[0].cleaned_for;
    assert!(cleaned.values().all(|c| c.united.is_none()), "{cleaned:?}");
}

#[test]
fn a_tie_of_a_library_seen_obeying_the_first_match_is_filed_under_rule_order() {
    // The same first-match library, seen on a longer rule after a shorter one too: its tie
    // is that behaviour, one root cause under rule order.
    let dir = scratch("ablation-tie-and-order");
    let mut engines = vec![first_match_wins()];
    let tie = input(
        "user-agent: *\ndisallow: /b\nallow: /b\n",
        "FooBot",
        "http://example.com/b",
    );
    // (A comment after a value makes it a family of its own.)
    let order = input(
        "user-agent: *\ndisallow: / # all\nallow: /b\n",
        "FooBot",
        "http://example.com/b",
    );
    record(&dir, tie, &mut engines).flush().expect("written");
    let mut catalogue = record(&dir, order, &mut engines);
    assert_eq!(catalogue.families().len(), 2);
    ablate_all(&mut catalogue, &mut engines);
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "rule-order", "{cause:?}");
    assert_eq!(cause.families.len(), 2, "{cause:?}");
    assert_eq!(clause(&cause, None).force, "must");
}

#[test]
fn a_title_names_only_the_misspelled_line_the_library_reacts_to() {
    // `accepts-useragent` reads `useragent` (as Google's parser does) but not `disalow`: its
    // group has no rule, and it allows where Google's parser disallows. Spelling `useragent`
    // right moves nothing; spelling `disalow` right alone moves its answer.
    let example = input(
        "useragent: foobot\ndisalow: /\n",
        "foobot",
        "http://example.com/",
    );
    let catalogue = ablated(
        "ablation-line-alone",
        example,
        &mut [accepts_useragent(), google_parser()],
    );
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "misspelling", "{cause:?}");
    let family = &catalogue.families()[0];
    let seen = reptest::fuzz::ablation::for_implementation(family, "accepts-useragent");
    let shown = seen.input.as_ref().expect("an input").input();
    assert_eq!(
        reptest::fuzz::ablation::instance(&shown, "misspelling").as_deref(),
        Some("the lines `useragent: foobot` and `disalow: /`")
    );
    assert_eq!(
        reptest::fuzz::ablation::instance_for(&seen, "accepts-useragent", &shown, "misspelling")
            .as_deref(),
        Some("the line `disalow: /`")
    );
}

#[test]
fn lower_case_hex_compared_as_written_is_the_rule_s_and_decoded_the_url_s() {
    let example = input(
        "user-agent: *\ndisallow: /%c3%a9\n",
        "foobot",
        "http://example.com/%c3%a9",
    );
    let catalogue = ablated(
        "ablation-hex-as-written",
        example.clone(),
        &mut [escapes_as_written(), decodes_both_sides(), google_parser()],
    );
    let family = &catalogue.families()[0];
    assert_eq!(family.split["escapes-as-written"], Answer::Disallow);
    assert_eq!(family.split["decodes-both-sides"], Answer::Disallow);
    let side = rule_hex_side(family, "escapes-as-written", &example);
    assert!(
        side.as_ref()
            .is_some_and(|(phrase, lines)| phrase.contains("a rule's")
                && phrase.contains("answers allow where both profiles answer disallow")
                && lines.contains("%c3")),
        "{side:?}"
    );
    assert_eq!(rule_hex_side(family, "decodes-both-sides", &example), None);
}

#[test]
fn google_s_answer_met_through_a_colonless_rule_is_strengthened_with_that_rule_voided() {
    // `google` reads `Allow /` as a rule and allows (a tie); the library allows because the
    // bare `user-agent ` line gives the `DISALLOW` to a group of nobody. Taking the line out
    // makes both profiles disallow and the library too; written as a `Disallow` that matches
    // nothing it keeps its place, both profiles disallow, and the library still allows.
    let catalogue = ablated(
        "ablation-voided-rule",
        input(
            "user-agent:foobot\nAllow /\nuser-agent \nDISALLOW:/\n",
            "FOOBOT",
            "http://example.com/",
        ),
        &mut [bare_agent_starts_group(), google_parser()],
    );
    let family = &catalogue.families()[0];
    assert_eq!(family.split["bare-agent-starts-group"], Answer::Allow);
    assert_eq!(family.split["reference-google"], Answer::Allow);
    let cleaned = &family.cleaned_for["bare-agent-starts-group"];
    assert_eq!(
        cleaned.united.as_deref(),
        Some("missing-colon"),
        "{cleaned:?}"
    );
    let voided = "Disallow: /xqzvw-matches-nothing";
    assert!(cleaned.input.robots.contains(voided), "{cleaned:?}");
    // The planted engine's root cause alone (Google's parser, asked too, may have one).
    let causes = root_causes(catalogue.index());
    let mine: Vec<_> = causes
        .iter()
        .filter(|c| c.implementation == "bare-agent-starts-group")
        .collect();
    let [cause] = mine.as_slice() else {
        panic!("{causes:?}")
    };
    assert_eq!(cause.expected.len(), 2, "{cause:?}");
    assert_eq!(cause.profile_split, Some(false), "{cause:?}");
}

/// A fresh scratch directory `name` (removed if it was there).
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The question `body`, `agent`, `url` as the fuzzer's input.
fn input(body: &str, agent: &str, url: &str) -> Input {
    Input {
        lines: body
            .split_inclusive('\n')
            .map(|l| l.as_bytes().to_vec())
            .collect(),
        agent: agent.into(),
        urls: vec![url.into()],
    }
}

/// Records `input` as a family minimised for the first engine, with every engine's answer.
fn record(dir: &std::path::Path, input: Input, engines: &mut [Box<dyn Engine>]) -> Catalogue {
    let mut split = BTreeMap::new();
    for profile in Profile::ALL {
        let said = ReferenceEngine::new(profile).check(&input.body(), &input.agent, &input.urls);
        split.insert(reference_name(profile), Answer::of(&said, 0));
    }
    for engine in engines.iter_mut() {
        let said = engine.check(&input.body(), &input.agent, &input.urls);
        split.insert(engine.info().name.clone(), Answer::of(&said, 0));
    }
    let mut catalogue = Catalogue::open(dir).expect("catalogue");
    let finding = Finding {
        original: input.clone(),
        minimal: input,
        split,
        engines: engines.iter().map(|e| e.info().clone()).collect(),
        seed: 1,
        case: 1,
        minimised_for: engines[0].info().name.clone(),
        cut_short: false,
        classes: Vec::new(),
        transformation: None,
        contract: Vec::new(),
        timeout_ms: None,
    };
    catalogue.record(&finding).expect("recorded");
    catalogue
}

/// Records `input` for the first of `engines` in a fresh catalogue `name`, asks every engine
/// and the reference about its neutralised variants, and returns the catalogue.
fn ablated(name: &str, input: Input, engines: &mut [Box<dyn Engine>]) -> Catalogue {
    let mut catalogue = record(&scratch(name), input, engines);
    ablate_all(&mut catalogue, engines);
    catalogue
}

/// Asks every engine and the reference about the neutralised variants of every family of
/// `catalogue`; returns how many questions were put.
fn ablate_all(catalogue: &mut Catalogue, engines: &mut [Box<dyn Engine>]) -> usize {
    let mut asked = 0;
    catalogue.update(|index| asked = ablate(index, engines, &mut |_, _| {}));
    asked
}

/// The catalogue's one root cause (failing when there are more or none).
fn sole_cause(catalogue: &Catalogue) -> reptest::fuzz::rootcause::RootCause {
    let mut causes = root_causes(catalogue.index());
    assert_eq!(causes.len(), 1, "{causes:?}");
    causes.remove(0)
}
