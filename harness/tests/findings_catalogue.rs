//! Root-cause labels on a fixture: `tests/data/findings/` is a catalogue of 19 families of
//! the committed one (`reports/findings/`), chosen to cover the kinds of label: profile splits,
//! clauses of each force, combined labels (a profile mix among them), a whole file ignored, an
//! `Allow` ignored, a tie filed under rule order (a label that rests on another family's),
//! errors, timeouts, a suspect reference, and each opt-in input class, body transformation
//! and call contract. Its `root-causes.json` holds the golden labels, which are those of the
//! committed catalogue; the fixture is checked as `reptest fuzz-report --check` checks the
//! committed catalogue (which `.ci/run` does, in release mode).
//!
//! To redraw it after a change to the labels: `reptest fuzz-report --render --out
//! harness/tests/data/findings` (and `reptest fuzz-report` for the committed catalogue).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use reptest::fuzz::ablation::COMBINED;
use reptest::fuzz::filing::clause;
use reptest::fuzz::rootcause::{Kind, RootCause};
use reptest::fuzz::store;

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/findings")
}

fn golden() -> Vec<RootCause> {
    store::read_root_causes(&fixture())
        .expect("the fixture's root causes read")
        .expect("the fixture has a root-causes.json")
}

#[test]
fn the_fixture_is_what_the_code_derives_from_it() {
    // Labels, pages, index, evidence files, and each family's case (loading as the suite's
    // cases do, passed by the reference under every profile).
    if let Err(e) = store::check(&fixture()) {
        panic!(
            "{e:#}\n(after a deliberate change: `reptest fuzz-report --render --out \
             harness/tests/data/findings`)"
        );
    }
}

#[test]
fn the_golden_labels_are_the_committed_catalogue_s() {
    let committed =
        store::read_root_causes(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../reports/findings"))
            .expect("reports/findings/root-causes.json reads")
            .expect("reports/findings/root-causes.json is committed");
    for cause in golden() {
        // A root cause's id is its implementation and a hash of its key (kind, answer,
        // label, input class, contract, transformation): the same behaviour in the whole
        // catalogue, with the fixture's family among its evidence.
        let same = committed
            .iter()
            .find(|c| c.id == cause.id)
            .unwrap_or_else(|| {
                panic!(
                    "{} ({}) is not a root cause of the committed catalogue",
                    cause.id,
                    store::describe(&cause)
                )
            });
        assert!(
            same.families.contains(&cause.representative),
            "{}: {} is not among its families in the committed catalogue",
            cause.id,
            cause.representative
        );
        assert_eq!(
            (
                &same.implementation,
                same.kind,
                same.answer,
                same.construct,
                &same.with,
                same.profile_split,
                same.file_ignored,
            ),
            (
                &cause.implementation,
                cause.kind,
                cause.answer,
                cause.construct,
                &cause.with,
                cause.profile_split,
                cause.file_ignored,
            ),
            "{}",
            cause.id
        );
    }
}

#[test]
fn the_fixture_covers_every_kind_of_label() {
    let causes = golden();
    let has = |what: &str, test: &dyn Fn(&RootCause) -> bool| {
        assert!(causes.iter().any(test), "the fixture has no {what}");
    };
    for kind in [
        Kind::Deviation,
        Kind::Error,
        Kind::Timeout,
        Kind::CheckReference,
    ] {
        has(kind.name(), &|c| c.kind == kind);
    }
    has("profile split", &|c| {
        c.profile_split == Some(true) && c.construct != COMBINED
    });
    has("profile mix", &RootCause::profile_mix);
    has("combined label", &|c| {
        c.construct == COMBINED && !c.profile_mix() && c.kind == Kind::Deviation
    });
    has("whole file ignored", &|c| c.file_ignored);
    has("`Allow` ignored", &|c| c.construct == "allow-ignored");
    has("tie filed under rule order", &|c| {
        c.construct == "rule-order" && c.families.len() > 1
    });
    for class in ["raw-url", "agent-string", "invalid-utf8"] {
        has(class, &|c| c.classes.iter().any(|k| k == class));
    }
    has("body transformation", &|c| c.transformation.is_some());
    has("call contract", &|c| !c.contract.is_empty());
    let forces: BTreeSet<&str> = causes.iter().map(|c| clause(c, None).force).collect();
    for force in ["must", "should", "interpretation", "profile-split"] {
        assert!(
            forces.contains(force),
            "no clause of force {force}: {forces:?}"
        );
    }
}

/// Every file under `dir` with its bytes, by relative path.
fn files(dir: &Path) -> std::collections::BTreeMap<PathBuf, Vec<u8>> {
    let mut out = std::collections::BTreeMap::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).expect("a directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let bytes = std::fs::read(&path).expect("readable");
                out.insert(path.strip_prefix(dir).expect("inside").to_owned(), bytes);
            }
        }
    }
    out
}

#[test]
fn a_new_family_rewrites_the_index_alone_and_an_inline_index_moves_its_evidence_out() {
    use std::collections::BTreeMap;

    use reptest::answer::Answer;
    use reptest::engines::{Engine, EngineInfo, ReferenceEngine, reference_name};
    use reptest::fuzz::findings::Finding;
    use reptest::fuzz::generate::Input;
    use reptest_reference::Profile;

    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("findings-store");
    let _ = std::fs::remove_dir_all(&dir);
    for (path, bytes) in files(&fixture()) {
        let to = dir.join(&path);
        std::fs::create_dir_all(to.parent().expect("a folder")).expect("created");
        std::fs::write(to, bytes).expect("written");
    }
    // The index as catalogues wrote it before: each family's evidence inline.
    let mut index: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("index.json")).expect("index"))
            .expect("json");
    let mut moved = 0;
    for family in index["families"].as_array_mut().expect("families") {
        let id = family["id"].as_str().expect("an id").to_owned();
        let path = store::evidence_path(&dir, &id);
        if let Ok(text) = std::fs::read(&path) {
            let evidence: serde_json::Value = serde_json::from_slice(&text).expect("json");
            for (key, value) in evidence.as_object().expect("an object") {
                family[key] = value.clone();
            }
            std::fs::remove_file(path).expect("removed");
            moved += 1;
        }
    }
    assert!(moved > 10);
    std::fs::write(dir.join("index.json"), index.to_string()).expect("written");
    let derived = store::read_root_causes(&dir).expect("reads");
    let mut catalogue = store::Catalogue::open(&dir).expect("opens");
    assert!(catalogue.families().iter().any(|f| !f.ablation.is_empty()));
    catalogue.save().expect("saved");
    let text = std::fs::read_to_string(dir.join("index.json")).expect("index");
    assert!(!text.contains("\"ablation\""), "evidence left in the index");
    assert_eq!(
        store::read_full(&dir).expect("reads").as_ref(),
        Some(catalogue.index())
    );
    // What the campaign does for a new family: its page, its case and the index; no root
    // cause derived, no evidence file or page rewritten.
    let before = files(&dir);
    let input = Input {
        lines: vec![b"user-agent: *\n".to_vec(), b"disallow: /a$\n".to_vec()],
        agent: "FooBot".into(),
        urls: vec!["http://example.com/a".into()],
    };
    let mut split = BTreeMap::new();
    for profile in Profile::ALL {
        let said = ReferenceEngine::new(profile).check(&input.body(), &input.agent, &input.urls);
        split.insert(reference_name(profile), Answer::of(&said, 0));
    }
    split.insert("ignores-dollar".to_owned(), Answer::Allow);
    let info = EngineInfo {
        name: "ignores-dollar".into(),
        implementation: "test engine".into(),
        version: "1".into(),
        language: "rust".into(),
    };
    let id = catalogue
        .record(&Finding {
            original: input.clone(),
            minimal: input,
            split,
            engines: vec![info],
            seed: 1,
            case: 1,
            minimised_for: "ignores-dollar".into(),
            cut_short: false,
            classes: Vec::new(),
            transformation: None,
            contract: Vec::new(),
            timeout_ms: None,
        })
        .expect("recorded")
        .expect("a new family");
    let after = files(&dir);
    let changed: Vec<&PathBuf> = after
        .iter()
        .filter(|(path, bytes)| before.get(*path) != Some(bytes))
        .map(|(path, _)| path)
        .collect();
    let expected: Vec<PathBuf> = vec![
        format!("families/{id}.md").into(),
        format!("families/{id}.toml").into(),
        "index.json".into(),
    ];
    assert_eq!(changed, expected.iter().collect::<Vec<_>>());
    assert_eq!(store::read_root_causes(&dir).expect("reads"), derived);
    // Flushed, the catalogue holds what the code derives, the new family's root cause too.
    catalogue.flush().expect("flushed");
    store::check(&dir).expect("up to date");
    let causes = store::read_root_causes(&dir)
        .expect("reads")
        .expect("stored");
    assert!(
        causes
            .iter()
            .any(|c| c.implementation == "ignores-dollar" && c.families == [id.clone()])
    );
}

/// Issue-level promises of the committed catalogue: Google's parser has no defect (every
/// point where it departs from RFC 9309 is a reading), and a port claiming Google's reading is
/// never faulted on an input where it answers as Google's parser does.
#[test]
fn google_s_parser_has_no_defect_and_its_ports_are_not_faulted_for_answering_as_it_does() {
    use reptest::engines::adapters::ClaimedReading;
    use reptest::engines::library;
    use reptest::fuzz::filing::{Measured, defects};
    use reptest::fuzz::standing::claim;
    use reptest_reference::Profile;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../reports/findings");
    let published = store::Published::read(&dir)
        .expect("the committed catalogue reads")
        .expect("a committed catalogue");
    let measured = Measured::read(&dir);
    let witnesses = library::witnesses(Profile::Google);
    assert!(!witnesses.is_empty(), "no witness for `google`");
    let mut ports = 0;
    for name in published.index.engines.keys() {
        if claim(name) != ClaimedReading::Google {
            continue;
        }
        let mine: Vec<&RootCause> = published
            .causes
            .iter()
            .filter(|c| &c.implementation == name)
            .collect();
        let found = defects(&mine, &published.index, &measured);
        if witnesses.contains(&name.as_str()) {
            assert!(
                found.is_empty(),
                "{name}, Google's parser, has defects: {found:?}"
            );
            continue;
        }
        ports += 1;
        for (cause, title) in found {
            let family = published
                .index
                .families
                .iter()
                .find(|f| f.id == cause.representative)
                .expect("the representative family");
            for witness in &witnesses {
                assert_ne!(
                    family.split.get(*witness),
                    Some(&cause.answer),
                    "{name}'s defect `{title}` ({}) is {witness}'s answer too",
                    cause.id
                );
            }
        }
    }
    assert!(ports > 0, "no port of Google's parser in the catalogue");
}

/// The label set is closed: every label of the committed catalogue's root causes (its
/// construct, and those a combined label lists) is the name of a row of the constructs'
/// table, read from the file as written (not through the reading that refuses any other).
#[test]
fn every_committed_label_is_a_construct_of_the_table() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../reports/findings/root-causes.json");
    let text = std::fs::read_to_string(&path).expect("reports/findings/root-causes.json reads");
    let causes: Vec<serde_json::Value> = serde_json::from_str(&text).expect("it is a JSON list");
    let mut unknown = BTreeSet::new();
    let mut labels = 0;
    for cause in &causes {
        let with = cause["with"].as_array().into_iter().flatten();
        for label in std::iter::once(&cause["construct"]).chain(with) {
            let label = label.as_str().expect("a label is a string");
            labels += 1;
            if reptest::fuzz::constructs::label(label).is_none() {
                unknown.insert(label.to_owned());
            }
        }
    }
    assert!(
        labels >= causes.len(),
        "{labels} labels in {} root causes",
        causes.len()
    );
    assert!(
        unknown.is_empty(),
        "labels that are no construct: {unknown:?}"
    );
}

/// Two points where the profiles part, read one each way, is a reading of each: a defect
/// only for a library whose documentation claims to port Google's parser and that answers
/// otherwise than it (a library claiming RFC 9309 follows a reading of it on each point;
/// checked over the committed catalogue).
#[test]
fn a_profile_mix_is_a_defect_only_against_google_s_parser_claimed() {
    use reptest::engines::adapters::ClaimedReading;
    use reptest::fuzz::clauses::Clause;
    use reptest::fuzz::standing::{Standing, claim, judge};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../reports/findings");
    let published = store::Published::read(&dir)
        .expect("the committed catalogue reads")
        .expect("a committed catalogue");
    let mut mixes = 0;
    for cause in published.causes.iter().filter(|c| c.profile_mix()) {
        mixes += 1;
        let cited = Clause {
            force: "profile-split",
            ..reptest::fuzz::filing::clause(cause, None)
        };
        let judged = judge(cause, &cited, &published.index);
        match claim(&cause.implementation) {
            ClaimedReading::Google => {}
            _ => assert_eq!(judged.standing, Standing::Reading, "{}", cause.id),
        }
    }
    assert!(mixes > 0, "no profile mix in the committed catalogue");
}

/// Where no text says what a crawler does with the input (a clause of force `undefined`),
/// the library's answer is a reading of a silent text whichever it is: never a defect, even
/// when it answers as neither profile does (unless it fails outright).
#[test]
fn a_point_no_text_decides_is_never_a_defect() {
    use reptest::fuzz::clauses::Clause;
    use reptest::fuzz::rootcause::Kind;
    use reptest::fuzz::standing::{Standing, judge};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../reports/findings");
    let published = store::Published::read(&dir)
        .expect("the committed catalogue reads")
        .expect("a committed catalogue");
    let mut judged_causes = 0;
    for cause in published
        .causes
        .iter()
        .filter(|c| c.kind != Kind::Error && !c.profile_mix())
    {
        judged_causes += 1;
        let cited = Clause {
            force: "undefined",
            ..reptest::fuzz::filing::clause(cause, None)
        };
        let judged = judge(cause, &cited, &published.index);
        assert_ne!(
            judged.standing,
            Standing::Defect,
            "{}: {}",
            cause.id,
            judged.why
        );
    }
    assert!(
        judged_causes > 0,
        "no root cause in the committed catalogue"
    );
}
