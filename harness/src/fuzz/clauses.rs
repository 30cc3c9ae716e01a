//! The clauses root causes rest on, as data: `harness/data/clauses.toml`, one table per
//! clause, named as the constructs' rows ([`static@crate::fuzz::constructs::CONSTRUCTS`]) and
//! the misbehaviours (`harness/data/misbehaviours.toml`) name it; and the sentences each
//! profile's reading rests on where the profiles part (`harness/data/sides.toml`,
//! [`static@SIDES`]).

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::Deserialize;

/// A clause a root cause rests on: its source, the sentence, its force. Each sentence is
/// verbatim from a text its source names (` … ` elides), which `tests/citations.rs` checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clause {
    /// Where: `RFC 9309 §2.2.2`, `Google 2019 (file format)`.
    pub source: &'static str,
    /// The sentence.
    pub text: &'static str,
    /// `must`, `should`, `interpretation`, `undefined`.
    pub force: &'static str,
}

/// The forces a clause can have.
const FORCES: [&str; 4] = ["must", "should", "interpretation", "undefined"];

/// The clauses file, as written.
const FILE: &str = include_str!("../../data/clauses.toml");

/// One clause as the file writes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Row {
    source: String,
    text: String,
    force: String,
    /// A clause of Google's text on a point RFC 9309 does not address or does not decide
    /// ([`rfc_silent`]).
    #[serde(default)]
    rfc_silent: bool,
}

/// The file's rows by name, checked where read (a force outside [`FORCES`], an empty
/// sentence or source stop the program, naming the clause: every test that reads a clause
/// reads them, so a mistake fails `cargo test` first).
static ROWS: LazyLock<BTreeMap<String, Row>> = LazyLock::new(|| {
    let rows: BTreeMap<String, Row> =
        toml::from_str(FILE).unwrap_or_else(|e| panic!("harness/data/clauses.toml: {e}"));
    for (name, row) in &rows {
        if !FORCES.contains(&row.force.as_str()) {
            panic!(
                "harness/data/clauses.toml: [{name}]: force `{}` is none of {FORCES:?}",
                row.force
            );
        }
        if row.source.trim().is_empty() || row.text.trim().is_empty() {
            panic!("harness/data/clauses.toml: [{name}]: an empty source or text");
        }
    }
    rows
});

/// Every clause, by name.
static CLAUSES: LazyLock<BTreeMap<&'static str, Clause>> = LazyLock::new(|| {
    ROWS.iter()
        .map(|(name, row)| {
            (
                name.as_str(),
                Clause {
                    source: &row.source,
                    text: &row.text,
                    force: &row.force,
                },
            )
        })
        .collect()
});

/// Every clause, by name.
pub fn all() -> impl Iterator<Item = (&'static str, &'static Clause)> {
    CLAUSES.iter().map(|(name, clause)| (*name, clause))
}

/// The clause named `name` in `harness/data/clauses.toml`.
pub fn named(name: &str) -> Option<&'static Clause> {
    CLAUSES.get(name)
}

/// The clause named `name`, which the code relies on: a name the file lost stops the program.
pub fn required(name: &str) -> &'static Clause {
    named(name).unwrap_or_else(|| panic!("harness/data/clauses.toml has no clause [{name}]"))
}

/// Whether `clause` is one of Google's text on a point RFC 9309 does not address or does not
/// decide (`rfc-silent = true`; the file says why for each): a library whose documentation
/// does not claim Google's reading departs from no text it claims there, so answering
/// otherwise is a reading, not a defect (`standing::judge`).
pub fn rfc_silent(clause: &Clause) -> bool {
    ROWS.iter()
        .any(|(name, row)| row.rfc_silent && CLAUSES.get(name.as_str()) == Some(clause))
}

/// What one profile's reading of a point where the profiles part rests on: a sentence of the
/// texts, or, where the `google` profile follows Google's parser against or beyond Google's
/// text, the parser's behaviour, which no sentence says (`text` `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Side {
    /// Where: as a [`Clause`]'s source.
    pub source: &'static str,
    /// The sentence, verbatim (` … ` elides), where there is one.
    pub text: Option<&'static str>,
}

/// The sentences the `rfc9309` and `google` profiles rest on where they part on a construct:
/// what a report shows for a reading of it.
#[derive(Clone, Copy, Debug)]
pub struct Sides {
    /// The construct.
    pub construct: &'static str,
    /// The `rfc9309` profile's.
    pub rfc9309: Side,
    /// The `google` profile's.
    pub google: Side,
}

/// The sides file, as written.
const SIDES_FILE: &str = include_str!("../../data/sides.toml");

/// `harness/data/sides.toml`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SidesFile {
    /// The sides several constructs share, by name.
    side: BTreeMap<String, SideRow>,
    construct: Vec<SidesRow>,
}

/// One side as the file writes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SideRow {
    source: String,
    text: Option<String>,
}

/// A construct's side: one of the shared sides by name, or its own.
#[derive(Deserialize)]
#[serde(untagged)]
enum SideRef {
    Named(String),
    Own(SideRow),
}

/// One `[[construct]]` of the sides file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SidesRow {
    name: String,
    rfc9309: SideRef,
    google: SideRef,
}

/// The sides file, checked where read: a shared side named that the file does not hold, or
/// a construct twice, stops the program, naming it.
static SIDES_ROWS: LazyLock<SidesFile> = LazyLock::new(|| {
    let file: SidesFile =
        toml::from_str(SIDES_FILE).unwrap_or_else(|e| panic!("harness/data/sides.toml: {e}"));
    let mut seen = std::collections::BTreeSet::new();
    for row in &file.construct {
        assert!(
            seen.insert(row.name.as_str()),
            "harness/data/sides.toml: {} twice",
            row.name
        );
        for side in [&row.rfc9309, &row.google] {
            if let SideRef::Named(name) = side {
                assert!(
                    file.side.contains_key(name),
                    "harness/data/sides.toml: {}: no [side.{name}]",
                    row.name
                );
            }
        }
    }
    file
});

/// Every construct whose readings a report shows side by side (`harness/data/sides.toml`).
pub static SIDES: LazyLock<Vec<Sides>> = LazyLock::new(|| {
    let file: &'static SidesFile = &SIDES_ROWS;
    let side = |side: &'static SideRef| -> Side {
        let row = match side {
            SideRef::Named(name) => &file.side[name],
            SideRef::Own(row) => row,
        };
        Side {
            source: &row.source,
            text: row.text.as_deref(),
        }
    };
    file.construct
        .iter()
        .map(|c| Sides {
            construct: &c.name,
            rfc9309: side(&c.rfc9309),
            google: side(&c.google),
        })
        .collect()
});

/// The sides of `construct`, where the table holds them.
pub fn sides(construct: &str) -> Option<&'static Sides> {
    SIDES.iter().find(|s| s.construct == construct)
}
