//! A root cause's construct comes from evidence: planted engines whose one behaviour is known
//! are asked about each neutralised variant of a family's input, and the construct whose
//! neutralisation removes the split names the root cause; when none does, the root cause says
//! "combined" rather than guess.

use std::collections::BTreeMap;
use std::path::PathBuf;

use reptest::answer::Answer;
use reptest::engines::protocol::WireVerdict;
use reptest::engines::{Engine, ReferenceEngine, reference_name};
use reptest::fuzz::ablation::{COMBINED, ablate, narrower_phrase, rule_hex_side};
use reptest::fuzz::filing::{clause, title};
use reptest::fuzz::findings::Finding;
use reptest::fuzz::generate::Input;
use reptest::fuzz::rootcause::{DECIDED, root_causes};
use reptest::fuzz::store::Catalogue;
use reptest::suite::cases;
use reptest_reference::Profile;

use crate::common;

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

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

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
    catalogue.update(|index| {
        ablate(index, engines, &mut |_, _| {});
    });
    catalogue
}

/// The catalogue's one root cause (failing when there are more or none).
fn sole_cause(catalogue: &Catalogue) -> reptest::fuzz::rootcause::RootCause {
    let mut causes = root_causes(catalogue.index());
    assert_eq!(causes.len(), 1, "{causes:?}");
    causes.remove(0)
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
    let family = &catalogue.families()[0];
    assert_eq!(family.split["accepts-useragent"], Answer::Allow);
    assert_eq!(family.split["reference-rfc9309"], Answer::Disallow);
    // Before the ablation, the fixed order names the empty value.
    let before = root_causes(catalogue.index());
    assert_eq!(before.len(), 1);
    assert_eq!(before[0].construct, "empty-value");
    let mut asked = 0;
    catalogue.update(|index| asked = ablate(index, &mut engines, &mut |_, _| {}));
    assert!(asked > 0);
    catalogue.flush().expect("written");
    let causes = root_causes(catalogue.index());
    assert_eq!(causes.len(), 1, "{causes:?}");
    let cause = &causes[0];
    assert_eq!(cause.construct, "misspelling", "{cause:?}");
    assert_eq!(cause.profile_split, Some(true));
    assert!(
        title(cause).contains("misspelled field name"),
        "{}",
        title(cause)
    );
    assert_eq!(clause(cause, None).force, "profile-split");
    // The answers are kept in the catalogue: re-read, the same root cause, no engine asked.
    let reread = Catalogue::open(&dir).expect("reopened");
    assert_eq!(root_causes(reread.index()), causes);
    let page = std::fs::read_to_string(dir.join("accepts-useragent.md")).expect("report");
    assert!(page.contains("misspelled field name"), "{page}");
}

#[test]
fn what_the_split_does_not_need_is_cleaned_away() {
    // CRLF line ends and a comment the split does not need: neutralised, it stays; so the
    // input is cleaned of both, and what is left is a plain question.
    let example = input(
        "user-agent: *\r\ndisallow: /a # no\r\n",
        "FooBot",
        "http://example.com/a",
    );
    let catalogue = ablated("ablation-combined", example, &mut [allows_a()]);
    let family = &catalogue.families()[0];
    let tried: Vec<&str> = family
        .ablation
        .iter()
        .map(|a| a.construct.as_str())
        .collect();
    assert!(tried.contains(&"crlf") && tried.contains(&"inline-comment"));
    assert!(tried.contains(&"crlf+inline-comment"), "{tried:?}");
    let cleaned = &family.cleaned_for["allows-a"];
    assert_eq!(cleaned.removed, ["crlf", "inline-comment"]);
    assert_eq!(
        cleaned.input.input().body(),
        b"user-agent: *\ndisallow: /a\n"
    );
    let causes = root_causes(catalogue.index());
    assert_eq!(causes.len(), 1, "{causes:?}");
    assert_eq!(causes[0].construct, "disallow-rule", "{:?}", causes[0]);
    assert!(causes[0].with.is_empty());
    assert!(!title(&causes[0]).contains("no single construct"));
    // Both texts agree against it: a real deviation, not a profile split.
    assert_eq!(causes[0].expected.len(), 2);
    assert_ne!(clause(&causes[0], None).force, "profile-split");
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

#[test]
fn agreeing_with_a_profile_by_accident_does_not_name_its_construct() {
    // `google` reads the misspelled `disalow /` as a rule and disallows; the engine disallows
    // too, but because of `//`, and keeps disallowing when the misspelled line is taken out.
    let example = input(
        "User-agent:*\nDisallow://\ndisalow /\n",
        "FooBot",
        "http://example.com/",
    );
    let catalogue = ablated(
        "ablation-accident",
        example,
        &mut [double_slash_blocks_all(), google_parser()],
    );
    let family = &catalogue.families()[0];
    assert_eq!(family.split["double-slash-blocks-all"], Answer::Disallow);
    assert_eq!(family.split["reference-rfc9309"], Answer::Allow);
    assert_eq!(family.split["reference-google"], Answer::Disallow);
    let causes = root_causes(catalogue.index());
    assert_eq!(causes.len(), 1, "{causes:?}");
    // Not the misspelling, which the engine does not read as `google` does.
    assert_ne!(causes[0].construct, "misspelling", "{:?}", causes[0]);
    assert!(!causes[0].with.contains(&"misspelling"), "{:?}", causes[0]);
    // Without the misspelled line the profiles agree and the engine keeps its answer: it met
    // `google`'s by chance. The input is strengthened to that variant, where its own cause
    // shows against both profiles. Cleaned again, the rule's `//` is made `///`: the engine
    // blocks everything all the same, and the rule is no longer found in the URL's scheme.
    let cleaned = &family.cleaned_for["double-slash-blocks-all"];
    assert!(cleaned.united.is_some(), "{cleaned:?}");
    assert_eq!(cleaned.input.robots, "User-agent:*\nDisallow:///\n");
    assert_eq!(causes[0].construct, "double-slash", "{:?}", causes[0]);
    assert_eq!(causes[0].expected.len(), 2, "{:?}", causes[0]);
    assert_eq!(causes[0].profile_split, Some(false));
}

#[test]
fn an_equal_length_tie_is_its_own_cause_with_its_should() {
    let example = input(
        "user-agent: *\ndisallow: /b\nallow: /b\n",
        "FooBot",
        "http://example.com/b",
    );
    let catalogue = ablated("ablation-tie", example, &mut [disallow_wins_ties()]);
    assert_eq!(
        catalogue.families()[0].split["disallow-wins-ties"],
        Answer::Disallow
    );
    let causes = root_causes(catalogue.index());
    assert_eq!(causes.len(), 1, "{causes:?}");
    assert_eq!(causes[0].construct, "tie", "{:?}", causes[0]);
    assert_eq!(clause(&causes[0], None).force, "should");
    assert!(
        title(&causes[0]).contains("equal length"),
        "{}",
        title(&causes[0])
    );
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

#[test]
fn a_representative_is_cleaned_of_what_changes_no_answer() {
    // The comment changes no answer: the input is cleaned of it, asking the engine again,
    // and the cause is found on what is left.
    let example = input(
        "user-agent: *\ndisallow: /a # note\nallow: /ab\n",
        "FooBot",
        "http://example.com/ab",
    );
    let catalogue = ablated("ablation-cleaned", example, &mut [first_match_wins()]);
    let family = &catalogue.families()[0];
    assert_eq!(family.split["first-match-wins"], Answer::Disallow);
    assert_eq!(family.split["reference-rfc9309"], Answer::Allow);
    let cleaned = &family.cleaned_for["first-match-wins"];
    assert_eq!(cleaned.removed, ["inline-comment"]);
    assert_eq!(
        cleaned.input.robots,
        "user-agent: *\ndisallow: /a\nallow: /ab\n"
    );
    assert_eq!(cleaned.answers["first-match-wins"], Answer::Disallow);
    let causes = root_causes(catalogue.index());
    assert_eq!(causes.len(), 1, "{causes:?}");
    assert_eq!(causes[0].construct, "rule-order", "{:?}", causes[0]);
    assert_eq!(causes[0].profile_split, Some(false));
    assert_eq!(clause(&causes[0], None).force, "must");
    assert!(
        !causes[0].feature.contains("inline-comment"),
        "{:?}",
        causes[0]
    );
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
    let cleaned = catalogue.families()[0].cleaned_for["allows-a"].clone();
    assert!(cleaned.removed.len() <= 3, "{:?}", cleaned.removed);
    assert_eq!(
        cleaned.input.robots,
        "user-agent: b\ndisallow: /\n\nuser-agent: *\ndisallow: /a\n"
    );
}

#[test]
fn no_input_is_strengthened_without_google_s_parser_as_witness() {
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
    let family = &catalogue.families()[0];
    assert!(
        family.cleaned_for.values().all(|c| c.united.is_none()),
        "{:?}",
        family.cleaned_for
    );
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

#[test]
fn how_a_library_reads_the_group_after_the_crawler_s_is_told_apart() {
    // An empty `user-agent` line skipped: naming it removes the split, so it is the cause,
    // not the group it starts.
    let example = input(
        "User-agent:foobot\ndisallow: /a\n\nuser-agent:\nDisallow: /\n",
        "FooBot",
        "http://example.com/",
    );
    let catalogue = ablated(
        "ablation-empty-agent",
        example.clone(),
        &mut [skips_empty_agent()],
    );
    assert_eq!(
        catalogue.families()[0].split["skips-empty-agent"],
        Answer::Disallow
    );
    let causes = root_causes(catalogue.index());
    assert_eq!(causes.len(), 1, "{causes:?}");
    assert_eq!(
        causes[0].construct, "skipped-empty-agent",
        "{:?}",
        causes[0]
    );
    assert_eq!(clause(&causes[0], None).force, "interpretation");
    // Names kept after rules: naming the empty line changes nothing, moving the crawler's
    // group last does.
    let catalogue = ablated(
        "ablation-later-group",
        example,
        &mut [keeps_agents_after_rules()],
    );
    assert_eq!(
        catalogue.families()[0].split["keeps-agents-after-rules"],
        Answer::Disallow
    );
    let causes = root_causes(catalogue.index());
    assert_eq!(causes.len(), 1, "{causes:?}");
    assert_eq!(causes[0].construct, "later-group", "{:?}", causes[0]);
    assert_eq!(clause(&causes[0], None).force, "must");
}

#[test]
fn a_variant_the_library_fails_on_neither_proves_nor_refutes_a_cause() {
    // Taking the slashless rule out leaves no rule, which the engine fails on; making its
    // text longer still shows the engine finds it in the URL (the `h` of `https`).
    let example = input(
        "User-agent:*\nDisallow:h\n",
        "FooBot",
        "https://search.example/",
    );
    let catalogue = ablated("ablation-fails", example, &mut [slashless_anywhere()]);
    let family = &catalogue.families()[0];
    assert_eq!(family.split["slashless-anywhere"], Answer::Disallow);
    assert!(
        family
            .ablation
            .iter()
            .any(|a| a.answers.get("slashless-anywhere") == Some(&Answer::Error)),
        "{:?}",
        family.ablation
    );
    let causes = root_causes(catalogue.index());
    assert_eq!(causes.len(), 1, "{causes:?}");
    assert_eq!(causes[0].construct, "rule-elsewhere", "{:?}", causes[0]);
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

#[test]
fn a_rule_matched_in_the_scheme_is_told_from_one_read_as_an_empty_path() {
    let example = input(
        "User-agent:*\nDisallow://\n",
        "FooBot",
        "http://example.com/",
    );
    let catalogue = ablated(
        "ablation-anywhere",
        example.clone(),
        &mut [anywhere_in_url()],
    );
    let causes = root_causes(catalogue.index());
    assert_eq!(causes.len(), 1, "{causes:?}");
    assert_eq!(causes[0].construct, "rule-elsewhere", "{:?}", causes[0]);
    assert_eq!(clause(&causes[0], None).force, "must");
    // `///` still blocks everything for a library that reads `//` as an empty authority.
    let catalogue = ablated(
        "ablation-empty-path",
        example,
        &mut [double_slash_blocks_all()],
    );
    let causes = root_causes(catalogue.index());
    assert_eq!(causes.len(), 1, "{causes:?}");
    assert_eq!(causes[0].construct, "double-slash", "{:?}", causes[0]);
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

#[test]
fn a_slashless_rule_looked_for_anywhere_is_told_from_one_given_its_slash() {
    // `Disallow:m` at `/m`: giving the rule its `/` removes the split for both engines; only
    // the probe (`Disallow: xqzvw-page` at `/abc/xqzvw-page`) tells them apart.
    let example = input(
        "User-agent:*\nDisallow:m\n",
        "FooBot",
        "http://example.com/m",
    );
    let catalogue = ablated(
        "ablation-slashless-anywhere",
        example.clone(),
        &mut [anywhere_in_url()],
    );
    assert_eq!(
        catalogue.families()[0].split["anywhere-in-url"],
        Answer::Disallow
    );
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "rule-elsewhere", "{cause:?}");
    assert_eq!(clause(&cause, None).force, "must");
    let catalogue = ablated("ablation-adds-slash", example, &mut [adds_slash()]);
    assert_eq!(
        catalogue.families()[0].split["adds-slash"],
        Answer::Disallow
    );
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "no-leading-slash", "{cause:?}");
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
    catalogue.update(|index| {
        ablate(index, &mut engines, &mut |_, _| {});
    });
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "rule-order", "{:?}", cause);
    assert_eq!(cause.families.len(), 2, "{:?}", cause);
    assert_eq!(clause(&cause, None).force, "must");
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

#[test]
fn two_profile_splits_read_one_each_way_are_named_together() {
    // Google's parser reads `disalow` and compares the space raw (no match); `rfc9309`
    // ignores the line. Both allow; the library reads the line as Google does and the space
    // as `%20`, as `rfc9309` does, and disallows.
    let example = input(
        "user-agent: foobot\ndisalow: / ~\n",
        "foobot",
        "http://example.com/%20~",
    );
    let catalogue = ablated(
        "ablation-lenient-spelling",
        example,
        &mut [lenient_spelling()],
    );
    assert_eq!(
        catalogue.families()[0].split["lenient-spelling"],
        Answer::Disallow
    );
    let cause = sole_cause(&catalogue);
    assert!(cause.profile_mix(), "{cause:?}");
    assert_eq!(cause.with, ["misspelling", "inner-space"], "{cause:?}");
    assert_eq!(clause(&cause, None).force, "profile-split");
    assert!(
        title(&cause).contains("read as `google`"),
        "{}",
        title(&cause)
    );
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

#[test]
fn a_library_that_drops_the_whole_file_is_told_from_one_that_loses_the_rest() {
    let example = || {
        input(
            "user-agent: *\nfoo: x\ndisallow: /\n",
            "foobot",
            "http://example.com/",
        )
    };
    let whole = ablated("ablation-drops-file", example(), &mut [drops_file()]);
    let cause = sole_cause(&whole);
    assert_eq!(cause.construct, "unknown-field", "{cause:?}");
    assert!(cause.file_ignored, "{cause:?}");
    assert!(clause(&cause, None).source.contains("§2.3.1.5"));
    assert!(
        title(&cause).contains("ignores the whole file"),
        "{}",
        title(&cause)
    );
    let rest = ablated("ablation-drops-rest", example(), &mut [drops_rest()]);
    let cause = sole_cause(&rest);
    assert!(!cause.file_ignored, "{cause:?}");
    assert!(!title(&cause).contains("whole file"));
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

#[test]
fn a_library_dropping_the_file_on_a_rule_before_any_group_ignores_the_whole_file() {
    // The probe group goes last: put first, it would take the rule in.
    let example = input(
        "Disallow: /x\nUser-agent: *\nDisallow: /\n",
        "foobot",
        "http://example.com/a",
    );
    let catalogue = ablated(
        "ablation-orphan-rule",
        example,
        &mut [drops_file_on_orphan_rule()],
    );
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "rule-outside-group", "{cause:?}");
    assert!(cause.file_ignored, "{cause:?}");
    assert!(clause(&cause, None).source.contains("§2.3.1.5"));
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

#[test]
fn a_library_keeping_the_cr_of_crlf_in_values_has_not_ignored_the_file() {
    // The whole-file probe with the file's own CRLF line ends is lost the same way; the one
    // with LF line ends is read.
    let example = input(
        "User-agent: foobot\r\nDisallow: /\r\n",
        "foobot",
        "http://example.com/a",
    );
    let catalogue = ablated("ablation-crlf-cr", example, &mut [keeps_crlf_cr()]);
    assert_eq!(
        catalogue.families()[0].split["keeps-crlf-cr"],
        Answer::Allow
    );
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "crlf", "{cause:?}");
    assert!(!cause.file_ignored, "{cause:?}");
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

#[test]
fn a_library_reading_a_cr_file_as_one_line_has_not_ignored_the_file() {
    let example = input(
        "user-agent: *\rdisallow: /\r",
        "foobot",
        "http://example.com/",
    );
    let catalogue = ablated("ablation-lf-only", example, &mut [lf_only()]);
    assert_eq!(catalogue.families()[0].split["lf-only"], Answer::Allow);
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "cr-line-end", "{cause:?}");
    assert!(!cause.file_ignored, "{cause:?}");
    assert!(!title(&cause).contains("whole file"), "{}", title(&cause));
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

#[test]
fn a_library_leaving_the_dollar_out_of_a_rule_s_length_is_told_from_a_wildcard_bug() {
    // `allow: /api/$` and `disallow: /api/*` tie at 6 octets and the allow wins; without its
    // `$` the allow has 5 and loses. Writing the `*` out (`disallow: /api/`) also removes the
    // split, but only by shortening the disallow.
    let example = input(
        "user-agent: *\nallow: /api/$\ndisallow: /api/*\n",
        "foobot",
        "http://example.com/api/",
    );
    let catalogue = ablated(
        "ablation-uncounted-anchor",
        example,
        &mut [uncounted_anchor(), google_parser()],
    );
    assert_eq!(
        catalogue.families()[0].split["uncounted-anchor"],
        Answer::Disallow
    );
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "anchor-length", "{cause:?}");
    assert_eq!(clause(&cause, None).force, "must");
    assert!(title(&cause).contains("`$`"), "{}", title(&cause));
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

#[test]
fn trailing_whitespace_counted_in_a_rule_s_length_is_told_from_whitespace_kept() {
    // `disallow: /a` and two tabs outweighs `allow: /ab` for a library counting the tabs.
    let example = input(
        "user-agent: *\nallow: /ab\ndisallow: /a\t\t\n",
        "foobot",
        "http://example.com/ab",
    );
    let catalogue = ablated(
        "ablation-space-length",
        example,
        &mut [counts_trailing_whitespace(), google_parser()],
    );
    assert_eq!(
        catalogue.families()[0].split["counts-trailing-whitespace"],
        Answer::Disallow
    );
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "space-length", "{cause:?}");
    assert_eq!(clause(&cause, None).force, "must");
    assert!(title(&cause).contains("length"), "{}", title(&cause));
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

#[test]
fn a_library_obeying_no_allow_line_is_named_so_not_by_the_tie() {
    let example = input(
        "user-agent: foobot\nallow: /a\ndisallow: /a\n",
        "foobot",
        "http://example.com/a",
    );
    let catalogue = ablated("ablation-no-allow", example, &mut [no_allow()]);
    assert_eq!(catalogue.families()[0].split["no-allow"], Answer::Disallow);
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "allow-ignored", "{cause:?}");
    assert_eq!(clause(&cause, None).force, "must");
    // A library that only breaks ties the other way keeps the tie's title.
    let tie = ablated(
        "ablation-disallow-ties",
        input(
            "user-agent: foobot\nallow: /a\ndisallow: /a\n",
            "foobot",
            "http://example.com/a",
        ),
        &mut [disallow_wins_ties()],
    );
    assert_eq!(sole_cause(&tie).construct, "tie");
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

#[test]
fn a_crawler_s_groups_one_shared_are_named_together_where_each_neutralisation_removes_the_split() {
    // The crawler's own group, then a group it shares with `xqzvw`: a library that gives the
    // shared group the record of its first name loses the crawler's own rules, and one that
    // gives the shared group's rules to its last name loses them in the other order. Cutting
    // the shared group to the crawler's name, and making its groups one, each mend both.
    let own_first = input(
        "USER-AGENT:FOOBOT\ndisallow:/\n\nuser-agent:xqzvw\nuser-agent:foobot\n\
         disallow: /xqz-matches-nothing\n",
        "FOOBOT",
        "http://example.com/",
    );
    let catalogue = ablated(
        "ablation-shared-split",
        own_first,
        &mut [first_name_record()],
    );
    assert_eq!(
        catalogue.families()[0].split["first-name-record"],
        Answer::Allow
    );
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "shared-split-group", "{cause:?}");
    assert!(
        title(&cause).contains("one of them shared"),
        "{}",
        title(&cause)
    );
    let shared_first = input(
        "User-agent:BarBot\nUser-agent:xqzvw\nallow:/\n\nUser-agent:BarBot\ndisallow:/\n",
        "BarBot",
        "http://example.com/",
    );
    let catalogue = ablated(
        "ablation-shared-split-last",
        shared_first,
        &mut [last_name_rules()],
    );
    assert_eq!(sole_cause(&catalogue).construct, "shared-split-group");
    assert_eq!(clause(&sole_cause(&catalogue), None).force, "must");
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

#[test]
fn an_empty_disallow_read_as_allowing_everything_is_named_not_the_rules_order() {
    // Putting the longest rule first removes the split as well as filling the empty value;
    // an empty `Disallow:` matches nothing under any reading, so the value is the cause.
    let example = input(
        "user-agent: *\ndisallow:\ndisallow: /\n",
        "foobot",
        "http://example.com/",
    );
    let catalogue = ablated(
        "ablation-empty-disallow",
        example.clone(),
        &mut [empty_disallow_allows_all()],
    );
    assert_eq!(
        catalogue.families()[0].split["empty-disallow-allows-all"],
        Answer::Allow
    );
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "empty-value", "{cause:?}");
    let phrase = narrower_phrase(&example, "empty-value");
    assert!(
        phrase.is_some_and(|p| p.contains("empty `Disallow:`")),
        "{phrase:?}"
    );
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

#[test]
fn a_blank_line_put_in_is_no_neutral_change_for_a_library_ending_groups_there() {
    // The library reads the colonless line as `rfc9309` does (nothing), so the next name
    // joins the crawler's group. A blank line put before that name turns it to `google`'s
    // answer only because it ends a group at a blank line: the colon is the cause.
    let example = input(
        "user-agent: foobot\ndisallow xqzvw-page\nuser-agent: xqzvw\ndisallow: /\n",
        "foobot",
        "http://example.com/",
    );
    let catalogue = ablated(
        "ablation-blank-ends-group",
        example,
        &mut [blank_line_ends_group(), google_parser()],
    );
    assert_eq!(
        catalogue.families()[0].split["blank-line-ends-group"],
        Answer::Disallow
    );
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "missing-colon", "{cause:?}");
    assert_eq!(cause.profile_split, Some(true), "{cause:?}");
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

#[test]
fn an_escaped_dollar_before_the_anchor_is_the_rule_s_inner_dollar() {
    // Replacing `%24` removes the split, and so does taking out the anchor: neither alone is
    // the behaviour, the `$` the library decodes before the anchor is.
    let example = input(
        "user-agent: foobot\ndisallow: /%24$\n",
        "foobot",
        "http://example.com/%24",
    );
    let catalogue = ablated(
        "ablation-escaped-dollar",
        example.clone(),
        &mut [decodes_escaped_dollar(), google_parser()],
    );
    assert_eq!(
        catalogue.families()[0].split["decodes-escaped-dollar"],
        Answer::Allow
    );
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "inner-dollar", "{cause:?}");
    assert_eq!(clause(&cause, None).force, "must");
    let phrase = narrower_phrase(&example, "inner-dollar");
    assert!(phrase.is_some_and(|p| p.contains("`%24`")), "{phrase:?}");
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

#[test]
fn an_allow_line_between_groups_unread_by_a_library_obeying_no_allow_is_that_behaviour() {
    // The `Allow` ends the crawler's group for every reading; read as nothing, the next
    // name joins the group and its `Disallow: /` applies.
    let example = input(
        "user-agent: foobot\nallow: /xqzvw-page\nuser-agent: other\ndisallow: /\n",
        "foobot",
        "http://example.com/",
    );
    let catalogue = ablated(
        "ablation-allow-between-groups",
        example.clone(),
        &mut [ignores_allow_lines(), google_parser()],
    );
    assert_eq!(
        catalogue.families()[0].split["ignores-allow-lines"],
        Answer::Disallow
    );
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "allow-ignored", "{cause:?}");
    let phrase = narrower_phrase(&example, "allow-ignored");
    assert!(
        phrase.is_some_and(|p| p.contains("between two groups")),
        "{phrase:?}"
    );
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

#[test]
fn a_misspelled_non_standard_field_the_library_accepts_is_named_by_its_spelling() {
    let example = input(
        "user-agent: *\ncrawldelay: 0\nuser-agent: xqzvw\ndisallow: /\n",
        "foobot",
        "http://example.com/",
    );
    let catalogue = ablated(
        "ablation-crawldelay",
        example.clone(),
        &mut [accepts_crawldelay()],
    );
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "nonstandard-typo", "{cause:?}");
    assert_eq!(clause(&cause, None).force, "must");
    let phrase = narrower_phrase(&example, "nonstandard-typo").expect("a phrase");
    assert!(
        phrase.contains("between two `user-agent` lines"),
        "{phrase}"
    );
    // A library ending the names at any unknown line: the spelling is not what it reads.
    let catalogue = ablated("ablation-any-unknown", example, &mut [ends_at_unknown()]);
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "unknown-field", "{cause:?}");
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

#[test]
fn an_escaped_question_mark_cut_from_the_url_is_told_from_one_cut_from_the_rule() {
    let catalogue = ablated(
        "ablation-url-query",
        input(
            "user-agent: foobot\ndisallow: /a%7B%3F\n",
            "foobot",
            "http://example.com/a%7B%3F",
        ),
        &mut [cuts_url_query()],
    );
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "url-query-escape", "{cause:?}");
    assert!(
        title(&cause).contains("in the URL's path"),
        "{}",
        title(&cause)
    );
    let catalogue = ablated(
        "ablation-rule-query",
        input(
            "user-agent: foobot\ndisallow: /a%7B%3F\n",
            "foobot",
            "http://example.com/a%7B",
        ),
        &mut [cuts_rule_query()],
    );
    // The rule's construct: its escape alone, the URL holding none.
    let cause = sole_cause(&catalogue);
    assert_eq!(cause.construct, "rule-reserved-escape", "{cause:?}");
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
    assert!(
        cleaned
            .input
            .robots
            .contains("Disallow: /xqzvw-matches-nothing"),
        "{cleaned:?}"
    );
    let causes = root_causes(catalogue.index());
    let mine: Vec<_> = causes
        .iter()
        .filter(|c| c.implementation == "bare-agent-starts-group")
        .collect();
    assert_eq!(mine.len(), 1, "{causes:?}");
    assert_eq!(mine[0].expected.len(), 2, "{:?}", mine[0]);
    assert_eq!(mine[0].profile_split, Some(false), "{:?}", mine[0]);
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

/// One planted quirk: an input, the engines asked about it (the first the planted one, whose
/// one behaviour is known), the answer the planted engine gives, and the root cause's expected
/// label (with, where given, whether it is a profile split and its clause's force).
struct Planted {
    /// What the row shows, and the name of its scratch catalogue.
    test: &'static str,
    /// The robots.txt body, the crawler, the URL.
    input: (&'static str, &'static str, &'static str),
    engines: fn() -> Vec<Box<dyn Engine>>,
    /// An engine's answer on the input, where the row states it.
    answers: Option<(&'static str, Answer)>,
    label: &'static str,
    profile_split: Option<bool>,
    force: Option<&'static str>,
    /// For a profile mix: the two constructs, the one read as `google` reads it first.
    mix: Option<[&'static str; 2]>,
}

/// A row's defaults: nothing stated besides its label.
const PLANTED: Planted = Planted {
    test: "",
    input: ("", "", ""),
    engines: Vec::new,
    answers: None,
    label: "",
    profile_split: None,
    force: None,
    mix: None,
};

/// The planted quirks whose root cause is their label alone (or, for a profile mix, its two
/// constructs).
const PLANTED_QUIRKS: [Planted; 19] = [
    Planted {
        // Equal-length rules only: a library that obeys the first match and one that breaks
        // ties by the file's order answer alike, and the sentence both break is the tie's.
        test: "a_first_match_library_on_a_tie_alone_is_filed_under_the_tie",
        input: (
            "user-agent: *\ndisallow: /b\nallow: /b\n",
            "FooBot",
            "http://example.com/b",
        ),
        engines: || vec![first_match_wins()],
        answers: Some(("first-match-wins", Answer::Disallow)),
        label: "tie",
        force: Some("should"),
        ..PLANTED
    },
    Planted {
        // `*9` matches the `9` of `%A9` for every reading; a library that decodes the URL sees no
        // `9` there.
        test: "a_rule_matching_part_of_an_escape_is_filed_under_the_url_decoded",
        input: (
            "User-agent:*\nDisallow:*9\n",
            "FooBot",
            "http://example.com/%A9",
        ),
        engines: || vec![decodes_the_url()],
        answers: Some(("decodes-the-url", Answer::Allow)),
        label: "escape-split",
        force: Some("must"),
        ..PLANTED
    },
    Planted {
        test: "a_bare_dollar_matched_at_a_longer_path_s_end_is_a_rule_found_elsewhere",
        input: (
            "User-agent:*\nAllow:$\nDisallow:/\n",
            "FooBot",
            "http://example.com/a",
        ),
        engines: || vec![unanchored_dollar()],
        label: "rule-elsewhere",
        ..PLANTED
    },
    Planted {
        test: "whitespace_kept_at_a_rule_line_s_end_is_told_from_whitespace_counted",
        input: (
            "User-agent:foobot\ndisallow:/a\t\n",
            "foobot",
            "http://example.com/ab",
        ),
        engines: || vec![keeps_trailing_whitespace()],
        answers: Some(("keeps-trailing-whitespace", Answer::Allow)),
        label: "trailing-space",
        force: Some("must"),
        ..PLANTED
    },
    Planted {
        test: "a_star_the_library_does_not_read_is_named_not_the_tie_it_makes",
        input: (
            "user-agent:foobot\nallow: *\ndisallow:/\n",
            "foobot",
            "http://example.com/",
        ),
        engines: || vec![no_wildcards()],
        answers: Some(("no-wildcards", Answer::Disallow)),
        label: "wildcard",
        ..PLANTED
    },
    Planted {
        // `%7e` in the rule and the URL: Google's parser upper-cases only the rule's hex digits
        // and does not match; a literal comparison matches, as `rfc9309` does. Decoding the
        // URL's `%7e` changes the literal comparison's answer too, but the profiles part on the
        // hex digits' case.
        test: "a_profile_split_is_filed_where_the_profiles_part_not_where_else_the_library_reacts",
        input: (
            "user-agent: FooBot\nallow: /%7e\ndisallow: /\n",
            "FooBot",
            "http://example.com/%7e",
        ),
        engines: || vec![literal_escapes()],
        answers: Some(("literal-escapes", Answer::Allow)),
        label: "hex-case",
        profile_split: Some(true),
        force: Some("profile-split"),
        ..PLANTED
    },
    Planted {
        // `rfc9309` ignores the colonless `user-agent` line, so `disallow:/` is in no group:
        // allow. Google's parser reads it and disallows. The library reads the bare `USERAGENT`
        // line, which both profiles ignore, as starting a group of its own: allow, as `rfc9309`,
        // by another route.
        test: "a_profile_answer_met_by_another_route_is_filed_under_that_route",
        input: (
            "user-agent foobot\nAllow\nUSERAGENT\ndisallow:/\n",
            "foobot",
            "http://example.com/",
        ),
        engines: || vec![bare_agent_line()],
        answers: Some(("bare-agent-line", Answer::Allow)),
        label: "one-token-line",
        profile_split: Some(false),
        force: Some("must"),
        ..PLANTED
    },
    Planted {
        test: "an_escaped_slash_making_a_double_slash_is_filed_under_the_double_slash",
        input: (
            "User-agent: *\nDisallow: /%2F\n",
            "foobot",
            "http://example.com/%2F",
        ),
        engines: || vec![collapses_url_slashes()],
        answers: Some(("collapses-url-slashes", Answer::Allow)),
        label: "double-slash",
        force: Some("must"),
        ..PLANTED
    },
    Planted {
        // `disallow: /ab%3E` (6 octets) outweighs `allow: /ab*` (4); counted as `/ab>` (4) it
        // ties, and the allow wins.
        test: "a_library_counting_an_escape_as_one_character_is_told_from_a_wildcard_bug",
        input: (
            "user-agent: *\ndisallow: /ab%3E\nallow: /ab*\n",
            "foobot",
            "http://example.com/ab%3E",
        ),
        engines: || vec![decoded_escape_length(), google_parser()],
        answers: Some(("decoded-escape-length", Answer::Allow)),
        label: "escape-length",
        force: Some("must"),
        ..PLANTED
    },
    Planted {
        // `google` reads `disallow  /` and disallows; `rfc9309` ignores it. The engine reads a
        // colonless line as Google's parser does, but not with two spaces: it meets `rfc9309`'s
        // answer by another route, and with one space it answers as `google`.
        test: "a_colonless_line_read_only_with_one_space_is_its_own_construct",
        input: (
            "user-agent: *\ndisallow  /\n",
            "foobot",
            "http://example.com/",
        ),
        engines: || vec![narrow_gap()],
        answers: Some(("narrow-gap", Answer::Allow)),
        label: "wide-gap",
        profile_split: Some(false),
        ..PLANTED
    },
    Planted {
        // The crawler shares its group with `BarBot`, whose earlier group's `Allow` the library
        // gives the crawler too.
        test: "a_name_sharing_the_crawler_s_group_with_a_group_of_its_own_is_named",
        input: (
            "User-agent:BarBot\nALLOW:/\n\nuser-agent:BarBot\nuser-agent:FOOBOT\ndisallow:/\n",
            "FOOBOT",
            "http://example.com/",
        ),
        engines: || vec![first_name_record()],
        answers: Some(("first-name-record", Answer::Allow)),
        label: "shared-name-group",
        force: Some("must"),
        ..PLANTED
    },
    Planted {
        // The crawler's first group is shared, its second its own: the library gives the shared
        // group's `allow` to `xqzvw` alone, and keeps only the crawler's last group. Cutting the
        // shared group to the crawler's name leaves the second bug; the groups made one, the
        // crawler has none of its rules and allows, as the reference does (a tie).
        test: "a_crawler_s_groups_not_combined_are_named_though_one_is_shared",
        input: (
            "User-agent:BarBot\nUser-agent:xqzvw\nallow:/\n\nUser-agent:BarBot\ndisallow:/\n",
            "BarBot",
            "http://example.com/",
        ),
        engines: || vec![last_name_record()],
        answers: Some(("last-name-record", Answer::Disallow)),
        label: "split-groups",
        force: Some("must"),
        ..PLANTED
    },
    Planted {
        // The escape in the rule alone (the URL holds `/`): the `rfc9309` profile's keeping it
        // encoded is an interpretation.
        test: "a_rule_starting_with_an_escaped_slash_is_the_escape_not_the_missing_slash",
        input: (
            "user-agent:foobot\ndisallow:%2F\n",
            "foobot",
            "http://example.com/",
        ),
        engines: || vec![decodes_slash()],
        answers: Some(("decodes-slash", Answer::Disallow)),
        label: "rule-reserved-escape",
        force: Some("interpretation"),
        ..PLANTED
    },
    Planted {
        // `%2A` read as `*` makes `allow: /%2A` match `/en/` as long as `disallow: /en/`: the
        // library fails comparing them. Replacing the escape removes the split too, but the
        // probe shows what the library fails on.
        test: "a_failure_on_two_rules_of_equal_length_is_named_not_the_escape_that_made_one_match",
        input: (
            "user-agent: *\nallow: /%2A\ndisallow: /en/\n",
            "foobot",
            "http://example.com/en/",
        ),
        engines: || vec![fails_on_equal_lengths(), google_parser()],
        answers: Some(("fails-on-equal-lengths", Answer::Error)),
        label: "equal-length-error",
        force: Some("must"),
        ..PLANTED
    },
    Planted {
        // `rfc9309` disallows `/A` by decoding `%41`; the library, which decodes nothing, by
        // matching `disallow: /a` without case. Taking that rule out turns it to `google`'s
        // answer while neither profile's moves.
        test: "a_profile_answer_met_through_letter_case_is_filed_under_letter_case",
        input: (
            "user-agent: *\ndisallow: /%41\ndisallow: /a\n",
            "foobot",
            "http://example.com/A",
        ),
        engines: || vec![caseless_paths(), google_parser()],
        answers: Some(("caseless-paths", Answer::Disallow)),
        label: "path-case",
        ..PLANTED
    },
    Planted {
        // Both profiles disallow: `rfc9309` through the space rule, which it compares as `%20`,
        // Google's parser through the colonless `disallow /`. The library reads the space as
        // Google's parser does and the colonless line as `rfc9309` does, and allows. Putting the
        // space rule right moves no profile apart; taking its line out shows how the library
        // reads the rest: as `rfc9309`.
        test: "a_profile_mix_is_found_with_one_construct_s_lines_taken_out",
        input: (
            "user-agent: foobot\ndisallow:/a  -\ndisallow /\n",
            "foobot",
            "http://example.com/a%20%20-",
        ),
        engines: || vec![strict_colons()],
        answers: Some(("strict-colons", Answer::Allow)),
        label: COMBINED,
        mix: Some(["inner-space", "missing-colon"]),
        ..PLANTED
    },
    Planted {
        test: "a_reserved_escape_in_the_rule_alone_is_an_interpretation",
        input: (
            "user-agent: foobot\ndisallow: /a%3D\n",
            "foobot",
            "http://example.com/a=",
        ),
        engines: || vec![decodes_rule_equals()],
        label: "rule-reserved-escape",
        force: Some("interpretation"),
        ..PLANTED
    },
    Planted {
        test: "a_rule_starting_with_a_star_given_its_slash_is_the_missing_slash",
        input: (
            "user-agent: foobot\ndisallow: */\n",
            "foobot",
            "http://example.com/",
        ),
        engines: || vec![slashes_starred_rules()],
        label: "no-leading-slash",
        force: Some("undefined"),
        ..PLANTED
    },
    Planted {
        test: "an_escape_that_decodes_to_no_utf8_character_is_its_own_construct",
        input: (
            "user-agent: foobot\ndisallow: /%3E/~%C3\n",
            "foobot",
            "http://example.com/%3E/~%C3",
        ),
        engines: || vec![drops_undecodable_rules()],
        label: "non-utf8-escape",
        force: Some("must"),
        ..PLANTED
    },
];

/// Every planted quirk's family has one root cause, labelled as its row says.
#[test]
fn every_planted_quirk_is_labelled_by_its_construct() {
    let mut failures = Vec::new();
    for row in &PLANTED_QUIRKS {
        let (body, agent, url) = row.input;
        let catalogue = ablated(
            &format!("planted-{}", row.test),
            input(body, agent, url),
            &mut (row.engines)(),
        );
        if let Some((who, answer)) = row.answers {
            let said = catalogue.families()[0].split[who];
            if said != answer {
                failures.push(format!(
                    "{}: {who} answers {said:?}, not {answer:?}",
                    row.test
                ));
                continue;
            }
        }
        let causes = root_causes(catalogue.index());
        let [cause] = causes.as_slice() else {
            failures.push(format!(
                "{}: {} root causes: {causes:?}",
                row.test,
                causes.len()
            ));
            continue;
        };
        if cause.construct != row.label {
            failures.push(format!(
                "{}: labelled {}, not {}: {cause:?}",
                row.test, cause.construct, row.label
            ));
        }
        if let Some(split) = row.profile_split
            && cause.profile_split != Some(split)
        {
            failures.push(format!(
                "{}: profile split {:?}, not {split}",
                row.test, cause.profile_split
            ));
        }
        if let Some(force) = row.force
            && clause(cause, None).force != force
        {
            failures.push(format!(
                "{}: force {}, not {force}",
                row.test,
                clause(cause, None).force
            ));
        }
        if let Some(mix) = row.mix
            && (!cause.profile_mix() || cause.with != mix)
        {
            failures.push(format!(
                "{}: no profile mix of {mix:?}: {cause:?}",
                row.test
            ));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
