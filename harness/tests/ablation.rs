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
use reptest::engines::protocol::WireVerdict;
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

use crate::common;

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

/// Every planted engine a row can name, found by its name.
const PLANTED_ENGINES: &[fn() -> Box<dyn Engine>] = &[
    accepts_useragent,
    allows_a,
    double_slash_blocks_all,
    disallow_wins_ties,
    first_match_wins,
    skips_empty_agent,
    keeps_agents_after_rules,
    slashless_anywhere,
    anywhere_in_url,
    adds_slash,
    decodes_the_url,
    unanchored_dollar,
    keeps_trailing_whitespace,
    no_wildcards,
    literal_escapes,
    lenient_spelling,
    bare_agent_line,
    drops_file,
    drops_rest,
    drops_file_on_orphan_rule,
    collapses_url_slashes,
    keeps_crlf_cr,
    lf_only,
    uncounted_anchor,
    decoded_escape_length,
    counts_trailing_whitespace,
    narrow_gap,
    no_allow,
    first_name_record,
    last_name_record,
    last_name_rules,
    decodes_slash,
    fails_on_equal_lengths,
    empty_disallow_allows_all,
    caseless_paths,
    blank_line_ends_group,
    decodes_escaped_dollar,
    ignores_allow_lines,
    escapes_as_written,
    decodes_both_sides,
    accepts_crawldelay,
    ends_at_unknown,
    cuts_url_query,
    cuts_rule_query,
    bare_agent_starts_group,
    strict_colons,
    decodes_rule_equals,
    slashes_starred_rules,
    drops_undecodable_rules,
];

/// The planted engine named `name`.
fn planted_engine(name: &str) -> Option<Box<dyn Engine>> {
    PLANTED_ENGINES
        .iter()
        .map(|make| make())
        .find(|engine| engine.info().name == name)
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
    if let Some(check) = &row.cleaned {
        let cleaned = &family.cleaned_for[&row.planted];
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

/// The reference under `rfc9309`, except that it reads a `useragent` line as `user-agent`
/// (Google's parser's leniency).
fn accepts_useragent() -> Box<dyn Engine> {
    common::planted(
        "accepts-useragent",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let read: String = text
                .split_inclusive('\n')
                .map(|line| {
                    if line.to_ascii_lowercase().starts_with("useragent") {
                        format!("user-agent{}", &line["useragent".len()..])
                    } else {
                        line.to_owned()
                    }
                })
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// Stands in for the witness a strengthened input needs (a library whose manifest makes it a
/// witness for both profiles, Google's parser): the reference under `google`.
fn google_parser() -> Box<dyn Engine> {
    let google = reptest::engines::library::witnesses(Profile::Google);
    let witness = reptest::engines::library::witnesses(Profile::Rfc9309)
        .into_iter()
        .find(|w| google.contains(w))
        .expect("a witness for both profiles");
    common::planted(witness, Profile::Google, |reference, body, agent, urls| {
        reference.check(body, agent, urls)
    })
}

/// The reference under `google`, except that it allows every URL whose path ends in `/a`.
fn allows_a() -> Box<dyn Engine> {
    common::planted(
        "allows-a",
        Profile::Google,
        |reference, body, agent, urls| {
            let mut verdicts = reference.check(body, agent, urls)?;
            for (verdict, url) in verdicts.iter_mut().zip(urls) {
                if url.ends_with("/a") {
                    *verdict = WireVerdict::Allow;
                }
            }
            Ok(verdicts)
        },
    )
}

/// The reference under `rfc9309`, except that a `Disallow` rule starting with `//` blocks
/// every URL (as a library that reads `//…` as an authority, and the rule as an empty path,
/// does).
fn double_slash_blocks_all() -> Box<dyn Engine> {
    common::planted(
        "double-slash-blocks-all",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body).to_ascii_lowercase();
            if text
                .lines()
                .any(|l| l.replace(' ', "").starts_with("disallow://"))
            {
                return Ok(vec![WireVerdict::Disallow; urls.len()]);
            }
            reference.check(body, agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that an `Allow` and a `Disallow` with the same value
/// that both match go to the `Disallow`.
fn disallow_wins_ties() -> Box<dyn Engine> {
    common::planted(
        "disallow-wins-ties",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body).to_ascii_lowercase();
            let values = |field: &str| -> Vec<String> {
                text.lines()
                    .filter_map(|l| l.strip_prefix(field))
                    .map(|v| v.trim().to_owned())
                    .collect()
            };
            let (allows, disallows) = (values("allow:"), values("disallow:"));
            let mut verdicts = reference.check(body, agent, urls)?;
            for (verdict, url) in verdicts.iter_mut().zip(urls) {
                let path = url
                    .splitn(4, '/')
                    .nth(3)
                    .map_or("/".to_owned(), |p| format!("/{p}"));
                if allows
                    .iter()
                    .any(|a| disallows.contains(a) && path.starts_with(a.as_str()))
                {
                    *verdict = WireVerdict::Disallow;
                }
            }
            Ok(verdicts)
        },
    )
}

/// A parser of one group that obeys the first rule whose value starts the URL's path, not
/// the longest (and reads a comment after a value as the comment it is).
fn first_match_wins() -> Box<dyn Engine> {
    common::planted("first-match-wins", Profile::Rfc9309, |_, body, _, urls| {
        let text = String::from_utf8_lossy(body).to_ascii_lowercase();
        let rules: Vec<(bool, String)> = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or_default().trim())
            .filter_map(|l| {
                let (field, value) = l.split_once(':')?;
                let value = value.trim().to_owned();
                match field.trim() {
                    "allow" if !value.is_empty() => Some((true, value)),
                    "disallow" if !value.is_empty() => Some((false, value)),
                    _ => None,
                }
            })
            .collect();
        Ok(urls
            .iter()
            .map(|url| {
                let path = url.splitn(4, '/').nth(3).map(|p| format!("/{p}"));
                let first = rules
                    .iter()
                    .find(|(_, v)| path.as_deref().is_some_and(|p| p.starts_with(v)));
                match first {
                    Some((false, _)) => WireVerdict::Disallow,
                    _ => WireVerdict::Allow,
                }
            })
            .collect())
    })
}

/// The reference under `rfc9309`, except that a `user-agent` line with no value is skipped
/// (its rules join the group before).
fn skips_empty_agent() -> Box<dyn Engine> {
    common::planted(
        "skips-empty-agent",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let read: String = text
                .split_inclusive('\n')
                .filter(|l| !l.trim().eq_ignore_ascii_case("user-agent:"))
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that `user-agent` lines after a group's rules are
/// added to the names already read rather than starting afresh: each group also names
/// every crawler named before it.
fn keeps_agents_after_rules() -> Box<dyn Engine> {
    common::planted(
        "keeps-agents-after-rules",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let mut seen: Vec<String> = Vec::new();
            let mut after_rule = false;
            let mut read = String::new();
            for line in text.split_inclusive('\n') {
                let lower = line.trim().to_ascii_lowercase();
                if let Some(name) = lower.strip_prefix("user-agent:") {
                    if after_rule {
                        for name in &seen {
                            read.push_str(&format!("user-agent: {name}\n"));
                        }
                    }
                    seen.push(name.trim().to_owned());
                    after_rule = false;
                } else if lower.starts_with("allow:") || lower.starts_with("disallow:") {
                    after_rule = true;
                }
                read.push_str(line);
            }
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a `Disallow` value without its leading `/`
/// is looked for anywhere in the URL, and that a file with no rule at all is an error.
fn slashless_anywhere() -> Box<dyn Engine> {
    common::planted(
        "slashless-anywhere",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body).to_ascii_lowercase();
            let values: Vec<&str> = text
                .lines()
                .filter_map(|l| l.strip_prefix("disallow:"))
                .map(str::trim)
                .collect();
            if !text.lines().any(|l| l.contains("allow:")) {
                return Err(reptest::engines::EngineError::Reported("no rules".into()));
            }
            let mut verdicts = reference.check(body, agent, urls)?;
            for (verdict, url) in verdicts.iter_mut().zip(urls) {
                if values
                    .iter()
                    .any(|v| !v.is_empty() && !v.starts_with('/') && url.contains(v))
                {
                    *verdict = WireVerdict::Disallow;
                }
            }
            Ok(verdicts)
        },
    )
}

/// The reference under `rfc9309`, except that a `Disallow` value found anywhere in the URL,
/// scheme and host included, disallows it.
fn anywhere_in_url() -> Box<dyn Engine> {
    common::planted(
        "anywhere-in-url",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body).to_ascii_lowercase();
            let values: Vec<String> = text
                .lines()
                .filter_map(|l| l.strip_prefix("disallow:"))
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
                .collect();
            let mut verdicts = reference.check(body, agent, urls)?;
            for (verdict, url) in verdicts.iter_mut().zip(urls) {
                if values.iter().any(|v| url.contains(v.as_str())) {
                    *verdict = WireVerdict::Disallow;
                }
            }
            Ok(verdicts)
        },
    )
}

/// The reference under `rfc9309`, except that a rule without its leading `/` is read with it.
fn adds_slash() -> Box<dyn Engine> {
    common::planted(
        "adds-slash",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let read: String = text
                .split_inclusive('\n')
                .map(|line| match line.split_once(':') {
                    Some((name, value))
                        if name.to_ascii_lowercase().ends_with("allow")
                            && !value.trim().is_empty()
                            && !value.trim_start().starts_with(['/', '*']) =>
                    {
                        format!("{name}:/{}", value.trim_start())
                    }
                    _ => line.to_owned(),
                })
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that every percent-encoding, in the URL and in the
/// rules alike, is decoded before comparing (one opaque octet, written `%FF`).
fn decodes_the_url() -> Box<dyn Engine> {
    common::planted(
        "decodes-the-url",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let opaque = |url: &String| -> String {
                let mut out = String::new();
                let mut rest = url.as_str();
                while let Some(at) = rest.find('%') {
                    out.push_str(&rest[..at]);
                    let hex = rest.get(at + 1..at + 3).unwrap_or_default();
                    if hex.len() == 2 && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                        out.push_str("%FF");
                        rest = &rest[at + 3..];
                    } else {
                        out.push('%');
                        rest = &rest[at + 1..];
                    }
                }
                out.push_str(rest);
                out
            };
            let decoded: Vec<String> = urls.iter().map(opaque).collect();
            let body = opaque(&String::from_utf8_lossy(body).into_owned());
            reference.check(body.as_bytes(), agent, &decoded)
        },
    )
}

/// The reference under `rfc9309`, except that a rule matches anywhere in the URL: a rule
/// `$` matches every URL (an unanchored pattern).
fn unanchored_dollar() -> Box<dyn Engine> {
    common::planted(
        "unanchored-dollar",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body).to_ascii_lowercase();
            let bare = text.lines().any(|l| l.trim() == "allow:$");
            let mut verdicts = reference.check(body, agent, urls)?;
            if bare {
                verdicts.iter_mut().for_each(|v| *v = WireVerdict::Allow);
            }
            Ok(verdicts)
        },
    )
}

/// `body` with each rule line's trailing spaces and tabs replaced by `each` once per octet.
fn trailing_rewritten(body: &[u8], each: &str) -> String {
    String::from_utf8_lossy(body)
        .lines()
        .map(|line| {
            let trimmed = line.trim_end_matches([' ', '\t']);
            let lower = line.to_ascii_lowercase();
            if lower.starts_with("allow:") || lower.starts_with("disallow:") {
                format!("{trimmed}{}\n", each.repeat(line.len() - trimmed.len()))
            } else {
                format!("{line}\n")
            }
        })
        .collect()
}

/// The reference under `rfc9309`, except that a rule line's trailing whitespace stays in the
/// rule's path (compared as `%09`, which no URL here holds).
fn keeps_trailing_whitespace() -> Box<dyn Engine> {
    common::planted(
        "keeps-trailing-whitespace",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = trailing_rewritten(body, "%09");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a rule holding `*` never matches (a library
/// without wildcards, comparing it as written).
fn no_wildcards() -> Box<dyn Engine> {
    common::planted(
        "no-wildcards",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let read: String = text
                .split_inclusive('\n')
                .filter(|l| !(l.to_ascii_lowercase().starts_with("allow") && l.contains('*')))
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that percent-encodings are compared as written
/// (every `%` read as a plain letter, on both sides).
fn literal_escapes() -> Box<dyn Engine> {
    common::planted(
        "literal-escapes",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let body: Vec<u8> = body
                .iter()
                .map(|b| if *b == b'%' { b'Q' } else { *b })
                .collect();
            let urls: Vec<String> = urls.iter().map(|u| u.replace('%', "Q")).collect();
            reference.check(&body, agent, &urls)
        },
    )
}

/// The reference under `rfc9309`, except that a `disalow` line is read as `disallow` (as
/// Google's parser reads it): a library taking one point from each profile.
fn lenient_spelling() -> Box<dyn Engine> {
    common::planted(
        "lenient-spelling",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = String::from_utf8_lossy(body).replace("disalow", "disallow");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `google`, except that a line of the one word `USERAGENT` ends the
/// group before it and starts one of its own (read as an empty rule, then an empty
/// `user-agent` line).
fn bare_agent_line() -> Box<dyn Engine> {
    common::planted(
        "bare-agent-line",
        Profile::Google,
        |reference, body, agent, urls| {
            let read =
                String::from_utf8_lossy(body).replace("USERAGENT\n", "disallow:\nuser-agent:\n");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a file holding a line `foo: x` is read as
/// empty: a parse error that drops the file.
fn drops_file() -> Box<dyn Engine> {
    common::planted(
        "drops-file",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            if String::from_utf8_lossy(body).contains("foo: x") {
                reference.check(b"", agent, urls)
            } else {
                reference.check(body, agent, urls)
            }
        },
    )
}

/// The reference under `rfc9309`, except that a file holding a line `foo: x` is read up to
/// that line only.
fn drops_rest() -> Box<dyn Engine> {
    common::planted(
        "drops-rest",
        Profile::Rfc9309,
        |reference, body, agent, urls| match String::from_utf8_lossy(body).find("foo: x") {
            Some(at) => reference.check(&body[..at], agent, urls),
            None => reference.check(body, agent, urls),
        },
    )
}

/// The reference under `rfc9309`, except that a file whose first line is a rule (before any
/// `user-agent` line) is read as empty, as a grammar that fails on it does.
fn drops_file_on_orphan_rule() -> Box<dyn Engine> {
    common::planted(
        "drops-file-on-orphan-rule",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let first = String::from_utf8_lossy(body)
                .lines()
                .next()
                .unwrap_or_default()
                .to_ascii_lowercase();
            if first.starts_with("disallow") || first.starts_with("allow") {
                reference.check(b"", agent, urls)
            } else {
                reference.check(body, agent, urls)
            }
        },
    )
}

/// The reference under `rfc9309`, except that the URL's path has each run of `/` made one
/// and each escape decoded (the rules' are decoded too, their `//` kept).
fn collapses_url_slashes() -> Box<dyn Engine> {
    common::planted(
        "collapses-url-slashes",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let decode = |text: &str| text.replace("%2F", "/").replace("%2f", "/");
            let read = decode(&String::from_utf8_lossy(body));
            let collapsed: Vec<String> = urls
                .iter()
                .map(|url| {
                    let (origin, path) = url.split_at(url.find("://").map_or(0, |i| i + 3));
                    let (host, path) = path.split_at(path.find('/').unwrap_or(path.len()));
                    let mut path = decode(path);
                    while path.contains("//") {
                        path = path.replace("//", "/");
                    }
                    format!("{origin}{host}{path}")
                })
                .collect();
            reference.check(read.as_bytes(), agent, &collapsed)
        },
    )
}

/// The reference under `rfc9309`, except that a CRLF's CR stays in the line's value (written
/// here as a control character, which no crawler name or path holds).
fn keeps_crlf_cr() -> Box<dyn Engine> {
    common::planted(
        "keeps-crlf-cr",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = String::from_utf8_lossy(body).replace("\r\n", "\u{1}\n");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that lines end at LF only and a CR is dropped, as
/// a reader splitting on LF and stripping CRLF's CR does: a file of CR line ends is one line.
fn lf_only() -> Box<dyn Engine> {
    common::planted(
        "lf-only",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let joined: Vec<u8> = body.iter().copied().filter(|b| *b != b'\r').collect();
            reference.check(&joined, agent, urls)
        },
    )
}

/// `body` with every non-empty rule for which `short` does not hold given `padding` (`*`s,
/// which match as before) at its end: the reference then counts the other rules
/// `padding.len()` octets short.
fn padded(body: &[u8], short: fn(&str) -> bool, padding: &str) -> String {
    String::from_utf8_lossy(body)
        .lines()
        .map(|line| {
            let lower = line.to_ascii_lowercase();
            let rule = lower.starts_with("allow:") || lower.starts_with("disallow:");
            let value = line.split_once(':').map_or("", |(_, v)| v.trim());
            if rule && !value.is_empty() && !short(value) {
                format!("{line}{padding}\n")
            } else {
                format!("{line}\n")
            }
        })
        .collect()
}

/// The reference under `rfc9309`, except that a rule's final `$` is left out of its length.
fn uncounted_anchor() -> Box<dyn Engine> {
    common::planted(
        "uncounted-anchor",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = padded(body, |value| value.ends_with('$'), "*");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a rule's one percent-encoding counts as one
/// octet in its length.
fn decoded_escape_length() -> Box<dyn Engine> {
    common::planted(
        "decoded-escape-length",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = padded(body, |value| value.contains('%'), "**");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a rule line's trailing whitespace counts in
/// the rule's length (the rule compared without it): each space or tab becomes a `*`, one
/// octet more that matches as before.
fn counts_trailing_whitespace() -> Box<dyn Engine> {
    common::planted(
        "counts-trailing-whitespace",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = trailing_rewritten(body, "*");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `google`, except that a line without its colon whose name and value
/// are parted by more than one space is dropped (a port that skips one separator only).
fn narrow_gap() -> Box<dyn Engine> {
    common::planted(
        "narrow-gap",
        Profile::Google,
        |reference, body, agent, urls| {
            let read: String = String::from_utf8_lossy(body)
                .lines()
                .filter(|line| line.contains(':') || !line.contains("  "))
                .map(|line| format!("{line}\n"))
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that `Allow` lines are not read.
fn no_allow() -> Box<dyn Engine> {
    common::planted(
        "no-allow",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read: String = String::from_utf8_lossy(body)
                .split_inclusive('\n')
                .filter(|l| !l.to_ascii_lowercase().starts_with("allow"))
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// Which record a run of `user-agent` lines writes its rules to, given the run's names, the
/// record of each name so far and the records (each a list of rule lines).
type RunRecord = fn(&[String], &mut BTreeMap<String, usize>, &mut Vec<Vec<String>>) -> usize;

/// The crawler's rules as a library that keeps one record per name picks them (`shared`
/// chooses the record a run of `user-agent` lines writes its rules to, given the run's names
/// and the records so far), put to the reference as the one group `*`.
fn by_records(
    reference: &mut ReferenceEngine,
    body: &[u8],
    agent: &str,
    urls: &[String],
    shared: RunRecord,
) -> Result<Vec<WireVerdict>, reptest::engines::EngineError> {
    let text = String::from_utf8_lossy(body);
    let mut names: BTreeMap<String, usize> = BTreeMap::new();
    let mut records: Vec<Vec<String>> = Vec::new();
    let mut run: Vec<String> = Vec::new();
    let mut current = None;
    for line in text.lines() {
        let Some((key, value)) = line.split_once(':') else {
            continue;
        };
        if key.trim().eq_ignore_ascii_case("user-agent") {
            run.push(value.trim().to_ascii_lowercase());
            continue;
        }
        if !run.is_empty() {
            current = Some(shared(&run, &mut names, &mut records));
            run.clear();
        }
        if let Some(record) = current {
            records[record].push(line.to_owned());
        }
    }
    let token = agent
        .split('/')
        .next()
        .unwrap_or(agent)
        .to_ascii_lowercase();
    let rules = names
        .get(&token)
        .or_else(|| names.get("*"))
        .map(|r| records[*r].join("\n"))
        .unwrap_or_default();
    reference.check(format!("user-agent: *\n{rules}\n").as_bytes(), agent, urls)
}

/// A run of names writes to the record of its first name (the one it had, or a new one),
/// which every other name of the run then shares.
fn first_name_record() -> Box<dyn Engine> {
    common::planted(
        "first-name-record",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            by_records(reference, body, agent, urls, |run, names, records| {
                let record = *names.entry(run[0].clone()).or_insert_with(|| {
                    records.push(Vec::new());
                    records.len() - 1
                });
                for name in &run[1..] {
                    names.insert(name.clone(), record);
                }
                record
            })
        },
    )
}

/// Each name starts a new record, replacing the one it had; a run writes to its last name's.
fn last_name_record() -> Box<dyn Engine> {
    common::planted(
        "last-name-record",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            by_records(reference, body, agent, urls, |run, names, records| {
                for name in run {
                    records.push(Vec::new());
                    names.insert(name.clone(), records.len() - 1);
                }
                records.len() - 1
            })
        },
    )
}

/// Each name but the last of a run starts an empty record; the last keeps its own (a new one
/// if it had none), to which the run's rules go.
fn last_name_rules() -> Box<dyn Engine> {
    common::planted(
        "last-name-rules",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            by_records(reference, body, agent, urls, |run, names, records| {
                for name in &run[..run.len() - 1] {
                    records.push(Vec::new());
                    names.insert(name.clone(), records.len() - 1);
                }
                *names.entry(run[run.len() - 1].clone()).or_insert_with(|| {
                    records.push(Vec::new());
                    records.len() - 1
                })
            })
        },
    )
}

/// The reference under `rfc9309`, except that it decodes `%2F` in the file to `/`.
fn decodes_slash() -> Box<dyn Engine> {
    common::planted(
        "decodes-slash",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = String::from_utf8_lossy(body)
                .replace("%2F", "/")
                .replace("%2f", "/");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// Whether `pattern` (`*` any run of octets, a final `$` the path's end) matches `path` at
/// its start.
fn glob_matches(pattern: &[u8], path: &[u8]) -> bool {
    match pattern {
        [] => true,
        [b'$'] => path.is_empty(),
        [b'*', rest @ ..] => (0..=path.len()).any(|i| glob_matches(rest, &path[i..])),
        [first, rest @ ..] => path.first() == Some(first) && glob_matches(rest, &path[1..]),
    }
}

/// The reference under `rfc9309`, except that a rule's `%2A` is read as a wildcard and that
/// two different rules of equal length (as written) that both match are an error: a library
/// comparing the rules themselves once their lengths tie.
fn fails_on_equal_lengths() -> Box<dyn Engine> {
    common::planted(
        "fails-on-equal-lengths",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body).replace("%2A", "*");
            let values: Vec<(usize, String)> = String::from_utf8_lossy(body)
                .lines()
                .filter_map(|l| {
                    let (key, value) = l.split_once(':')?;
                    let key = key.trim().to_ascii_lowercase();
                    (key == "allow" || key == "disallow").then(|| value.trim().to_owned())
                })
                .filter(|v| !v.is_empty())
                .map(|v| (v.len(), v.replace("%2A", "*")))
                .collect();
            for url in urls {
                let path = &url[url.find("://").map_or(0, |i| i + 3)..];
                let path = &path[path.find('/').unwrap_or(path.len())..];
                let matching: Vec<&(usize, String)> = values
                    .iter()
                    .filter(|(_, v)| glob_matches(v.as_bytes(), path.as_bytes()))
                    .collect();
                let longest = matching.iter().map(|(n, _)| *n).max();
                let tied: Vec<&String> = matching
                    .iter()
                    .filter(|(n, _)| Some(*n) == longest)
                    .map(|(_, v)| v)
                    .collect();
                if tied.windows(2).any(|w| w[0] != w[1]) {
                    return Err(reptest::engines::EngineError::Reported(
                        "'>' not supported between patterns".into(),
                    ));
                }
            }
            reference.check(text.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that an empty `Disallow:` before the file's other
/// rules allows everything (a library obeying the first match, which reads an empty path as
/// matching every URL and allowing it).
fn empty_disallow_allows_all() -> Box<dyn Engine> {
    common::planted(
        "empty-disallow-allows-all",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body).to_ascii_lowercase();
            let first_rule = text
                .lines()
                .find(|l| l.starts_with("allow:") || l.starts_with("disallow:"));
            if first_rule.is_some_and(|l| l.trim() == "disallow:") {
                return Ok(urls.iter().map(|_| WireVerdict::Allow).collect());
            }
            reference.check(body, agent, urls)
        },
    )
}

/// The reference under `google` (escapes compared as written), except that paths are
/// compared without letter case.
fn caseless_paths() -> Box<dyn Engine> {
    common::planted(
        "caseless-paths",
        Profile::Google,
        |reference, body, agent, urls| {
            let lowered: Vec<String> = urls
                .iter()
                .map(|u| {
                    let at = u.find("://").map_or(0, |i| i + 3);
                    let path = u[at..].find('/').map_or(u.len(), |i| at + i);
                    format!("{}{}", &u[..path], u[path..].to_ascii_lowercase())
                })
                .collect();
            reference.check(&body.to_ascii_lowercase(), agent, &lowered)
        },
    )
}

/// The reference under `rfc9309`, except that a blank line ends a group: the rules after it
/// (until the next `user-agent` line) are dropped, and a `user-agent` line after it starts a
/// group of its own.
fn blank_line_ends_group() -> Box<dyn Engine> {
    common::planted(
        "blank-line-ends-group",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let mut read = String::new();
            let mut skipping = false;
            for line in text.split_inclusive('\n') {
                let agent_line = line.to_ascii_lowercase().starts_with("user-agent");
                if line.trim().is_empty() {
                    // A rule that matches nothing ends the group for the reference.
                    read.push_str("disallow: /xqzvw-none-zz\n");
                    skipping = true;
                } else if agent_line || !skipping {
                    skipping = false;
                    read.push_str(line);
                }
            }
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a rule holding two `$` once its `%24`s are
/// decoded never matches (the first `$` taken for the anchor).
fn decodes_escaped_dollar() -> Box<dyn Engine> {
    common::planted(
        "decodes-escaped-dollar",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let read: String = text
                .split_inclusive('\n')
                .filter(|l| {
                    l.to_ascii_uppercase()
                        .replace("%24", "$")
                        .matches('$')
                        .count()
                        < 2
                })
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that `Allow` lines are read as nothing.
fn ignores_allow_lines() -> Box<dyn Engine> {
    common::planted(
        "ignores-allow-lines",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let read: String = text
                .split_inclusive('\n')
                .filter(|l| !l.to_ascii_lowercase().starts_with("allow"))
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `google`, except that escapes are compared as written, hex case
/// included, on both sides (each escape's `%` read as a plain `%`).
fn escapes_as_written() -> Box<dyn Engine> {
    common::planted(
        "escapes-as-written",
        Profile::Google,
        |reference, body, agent, urls| {
            let plain = |text: &str| text.replace('%', "%25");
            let read = plain(&String::from_utf8_lossy(body));
            let urls: Vec<String> = urls
                .iter()
                .map(|u| {
                    let at = u.find("://").map_or(0, |i| i + 3);
                    let path = u[at..].find('/').map_or(u.len(), |i| at + i);
                    format!("{}{}", &u[..path], plain(&u[path..]))
                })
                .collect();
            reference.check(read.as_bytes(), agent, &urls)
        },
    )
}

/// The reference under `rfc9309` (escapes decoded on both sides).
fn decodes_both_sides() -> Box<dyn Engine> {
    common::planted(
        "decodes-both-sides",
        Profile::Rfc9309,
        |reference, body, agent, urls| reference.check(body, agent, urls),
    )
}

/// `body` with each line whose name is `crawl-delay`, or spelled like it without the hyphen,
/// written as a rule that matches nothing (which ends a group's `user-agent` lines for the
/// reference); with `any_unknown`, every line of a field it does not know too.
fn agents_ended_at(body: &[u8], any_unknown: bool) -> String {
    String::from_utf8_lossy(body)
        .split_inclusive('\n')
        .map(|line| {
            let key = line.split(':').next().unwrap_or_default().trim();
            let key = key.to_ascii_lowercase();
            let known = ["user-agent", "allow", "disallow"].contains(&key.as_str());
            let blank = line.trim().is_empty();
            if key.replace('-', "") == "crawldelay" || any_unknown && !known && !blank {
                "disallow: /xqzvw-none-zz\n".to_owned()
            } else {
                line.to_owned()
            }
        })
        .collect()
}

/// The reference under `rfc9309`, except that a `crawl-delay` line, or one spelled like it
/// without the hyphen, ends a group's `user-agent` lines.
fn accepts_crawldelay() -> Box<dyn Engine> {
    common::planted(
        "accepts-crawldelay",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            reference.check(agents_ended_at(body, false).as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that every line of a field it does not know ends a
/// group's `user-agent` lines.
fn ends_at_unknown() -> Box<dyn Engine> {
    common::planted(
        "ends-at-unknown",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            reference.check(agents_ended_at(body, true).as_bytes(), agent, urls)
        },
    )
}

/// `text` without an escaped `?` at its end (decoded, the empty query it starts dropped).
fn query_cut(text: &str) -> String {
    match text.to_ascii_uppercase().strip_suffix("%3F") {
        Some(kept) => text[..kept.len()].to_owned(),
        None => text.to_owned(),
    }
}

/// The reference under `rfc9309`, except that an escaped `?` at the end of the URL is
/// decoded and the empty query it starts dropped.
fn cuts_url_query() -> Box<dyn Engine> {
    common::planted(
        "cuts-url-query",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let urls: Vec<String> = urls.iter().map(|u| query_cut(u)).collect();
            reference.check(body, agent, &urls)
        },
    )
}

/// The reference under `rfc9309`, except that an escaped `?` at the end of a rule is decoded
/// and the empty query it starts dropped.
fn cuts_rule_query() -> Box<dyn Engine> {
    common::planted(
        "cuts-rule-query",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read: String = String::from_utf8_lossy(body)
                .lines()
                .map(|line| format!("{}\n", query_cut(line.trim_end())))
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a line of `user-agent` and trailing
/// whitespace, without a colon, is a `user-agent` line naming nobody (after rules, it starts
/// a group), and a colonless `Allow /` a rule that matches nothing (it ends the names before).
fn bare_agent_starts_group() -> Box<dyn Engine> {
    common::planted(
        "bare-agent-starts-group",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let read: String = text
                .split_inclusive('\n')
                .map(|line| {
                    if line.trim_end().eq_ignore_ascii_case("user-agent") && line.ends_with(" \n") {
                        "user-agent: xqzvw-nobody\n".to_owned()
                    } else if line.to_ascii_lowercase().starts_with("allow /") {
                        "allow: /xqzvw-none-zz\n".to_owned()
                    } else {
                        line.to_owned()
                    }
                })
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `google`, except that a line without a colon is read as nothing, as
/// `rfc9309` reads it.
fn strict_colons() -> Box<dyn Engine> {
    common::planted(
        "strict-colons",
        Profile::Google,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let read: String = text
                .split_inclusive('\n')
                .filter(|line| line.contains(':') || line.trim().is_empty())
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a rule's `%3D` is read as `=`.
fn decodes_rule_equals() -> Box<dyn Engine> {
    common::planted(
        "decodes-rule-equals",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = String::from_utf8_lossy(body).replace("%3D", "=");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a rule starting with `*` is given a leading `/`
/// (as the legacy text reads a rule without one).
fn slashes_starred_rules() -> Box<dyn Engine> {
    common::planted(
        "slashes-starred-rules",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = String::from_utf8_lossy(body).replace(": *", ": /*");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a rule ending in a lone `%C3` (which does not
/// decode as UTF-8) is dropped.
fn drops_undecodable_rules() -> Box<dyn Engine> {
    common::planted(
        "drops-undecodable-rules",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read: String = String::from_utf8_lossy(body)
                .split_inclusive('\n')
                .filter(|line| !line.trim_end().ends_with("%C3"))
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}
