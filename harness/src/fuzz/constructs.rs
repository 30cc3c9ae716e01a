//! The constructs root-cause attribution knows, as data: `harness/data/constructs.toml`, one
//! row per construct with where it lives, the classes it belongs to, its rank in each order
//! that decides between constructs, its phrase and its clause. The lists the ablation, the
//! cause and the reports consult (which constructs a variant neutralises, which ones the
//! reference is neutral to, which are line readings, which narrow which, …) are lookups in
//! [`static@CONSTRUCTS`]; a label is a row's name.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use serde::Deserialize;

use crate::fuzz::clauses::{self, Clause};

/// Where a construct shows: in the file, in the deciding rule (and so in the file), in the
/// URL, in the crawler name, or in the kind of decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Place {
    File,
    Rule,
    Url,
    Agent,
    Decision,
}

use Place::{Agent, Decision, File, Url};

/// One construct.
#[derive(Clone, Copy, Debug)]
pub struct Construct {
    /// The label: what root causes, features and evidence name it by.
    pub name: &'static str,
    /// Where it shows.
    pub place: Place,
    /// Whether a variant can neutralise it (in the table's order, which only names the
    /// variants and orders a combined label's constructs; it never decides a cause).
    pub ablatable: bool,
    /// Whether its every variant leaves the reference's answers as they were (only the
    /// implementation's reading can change): a variant of it that moves the reference is left
    /// out.
    pub neutral: bool,
    /// Whether it is a construct of how a line is read (its field name, its colon, its
    /// whitespace, its place among the groups), as against how a rule's path is compared: a
    /// neutralisation of it on which the implementation turns to the other profile while
    /// neither profile's answer moves shows the implementation's own reading of that line.
    pub line_reading: bool,
    /// Whether its neutralisation changes only rules that no reading matches to the URL
    /// (taken out, or made to match for every reading): a change of the implementation's
    /// reading of them, as a line reading's is.
    pub nowhere_matched: bool,
    /// Whether the `rfc9309` and `google` profiles compare it apart when matching.
    pub matching_split: bool,
    /// Whether it is a property of the whole file (its line ends, its length): its instance
    /// names no line.
    pub whole_file: bool,
    /// Whether a profile split on it, where its clause's force is `interpretation`, stays an
    /// `interpretation`: the `rfc9309` side is the reference's reading of a text silent on it
    /// that Google's parser has no reading of its own of either, or the line breaks the
    /// grammar both texts share.
    pub split_read: bool,
    /// A line end, a byte order mark or a file's having one line changes how every other line
    /// is read: where constructs of the file's format are found, the first in this rank is
    /// kept and the others found beside it dropped.
    pub file_format: Option<u8>,
    /// Its rank in the order a behaviour label picks a feature's constructs in: file format
    /// first (what the parser reads before any rule), then the shape of the deciding rule,
    /// then the URL's and the crawler name's; then the kind of decision.
    pub label_order: Option<u8>,
    /// The constructs it says more than where both remove a split, with its rank among the
    /// narrowings: where it is among the constructs found, those it names are dropped, the
    /// narrowings applied in rank order.
    pub narrows: Option<(u8, &'static [&'static str])>,
    /// Its phrase, in an implementer's words.
    pub phrase: Option<&'static str>,
    /// The clause a root cause on it rests on.
    pub clause: Option<&'static Clause>,
}

/// The constructs file, as written.
const FILE: &str = include_str!("../../data/constructs.toml");

/// `harness/data/constructs.toml`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    construct: Vec<Row>,
}

/// One `[[construct]]` as the file writes it: [`Construct`]'s fields, a class left out being
/// `false` and a rank left out none.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Row {
    name: String,
    place: Place,
    #[serde(default)]
    ablatable: bool,
    #[serde(default)]
    neutral: bool,
    #[serde(default)]
    line_reading: bool,
    #[serde(default)]
    nowhere_matched: bool,
    #[serde(default)]
    matching_split: bool,
    #[serde(default)]
    whole_file: bool,
    #[serde(default)]
    split_read: bool,
    file_format: Option<u8>,
    label_order: Option<u8>,
    narrows: Option<Narrows>,
    phrase: Option<String>,
    clause: Option<String>,
}

/// A row's `narrows`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Narrows {
    rank: u8,
    wider: Vec<String>,
}

/// The file's rows, checked where read: a name twice, a narrowing of no construct or a clause
/// `harness/data/clauses.toml` does not hold stop the program, naming the row (every test
/// that reads the table reads them, so a mistake fails `cargo test` first).
static ROWS: LazyLock<Vec<Row>> = LazyLock::new(|| {
    let file: Table =
        toml::from_str(FILE).unwrap_or_else(|e| panic!("harness/data/constructs.toml: {e}"));
    let mut names = BTreeSet::new();
    for row in &file.construct {
        assert!(
            names.insert(row.name.as_str()),
            "harness/data/constructs.toml: {} named twice",
            row.name
        );
    }
    for row in &file.construct {
        let at = |what: String| panic!("harness/data/constructs.toml: {}: {what}", row.name);
        for wider in row.narrows.iter().flat_map(|n| &n.wider) {
            if !names.contains(wider.as_str()) {
                at(format!("narrows `{wider}`, no construct"));
            }
        }
        if let Some(name) = &row.clause
            && clauses::named(name).is_none()
        {
            at(format!("no clause [{name}] in harness/data/clauses.toml"));
        }
    }
    file.construct
});

/// Each row's narrowed constructs, as the rows' names.
static WIDER: LazyLock<Vec<Vec<&'static str>>> = LazyLock::new(|| {
    ROWS.iter()
        .map(|r| {
            r.narrows
                .iter()
                .flat_map(|n| &n.wider)
                .map(String::as_str)
                .collect()
        })
        .collect()
});

/// Every construct, the ablatable ones first in their order.
pub static CONSTRUCTS: LazyLock<Vec<Construct>> = LazyLock::new(|| {
    ROWS.iter()
        .zip(WIDER.iter())
        .map(|(r, wider)| Construct {
            name: &r.name,
            place: r.place,
            ablatable: r.ablatable,
            neutral: r.neutral,
            line_reading: r.line_reading,
            nowhere_matched: r.nowhere_matched,
            matching_split: r.matching_split,
            whole_file: r.whole_file,
            split_read: r.split_read,
            file_format: r.file_format,
            label_order: r.label_order,
            narrows: r.narrows.as_ref().map(|n| (n.rank, wider.as_slice())),
            phrase: r.phrase.as_deref(),
            clause: r.clause.as_deref().and_then(clauses::named),
        })
        .collect()
});

mod misbehaviours;
pub use misbehaviours::*;

/// The label of a plain question whose decision no construct names.
pub const OTHER: &str = "other";

/// The static label `name` is, where it is one: a construct's name, or [`OTHER`]. The label
/// set is closed: a root cause read back with another label does not read.
pub fn label(name: &str) -> Option<&'static str> {
    get(name)
        .map(|c| c.name)
        .or((name == OTHER).then_some(OTHER))
}

/// The row of `name` (`None` for a name that is no construct).
pub fn get(name: &str) -> Option<&'static Construct> {
    CONSTRUCTS.iter().find(|c| c.name == name)
}

/// Whether `name` is a construct for which `class` holds.
pub fn is(name: &str, class: impl Fn(&Construct) -> bool) -> bool {
    get(name).is_some_and(class)
}

/// The static name of an ablatable construct (`None` for one a variant cannot neutralise).
pub fn ablatable_name(name: &str) -> Option<&'static str> {
    get(name).filter(|c| c.ablatable).map(|c| c.name)
}

/// Every construct a variant can neutralise, in the table's order.
pub fn ablatable() -> impl Iterator<Item = &'static str> {
    CONSTRUCTS.iter().filter(|c| c.ablatable).map(|c| c.name)
}

/// A construct's position among the ablatable ones (`None` for another).
pub fn ablation_rank(name: &str) -> Option<usize> {
    ablatable().position(|c| c == name)
}

/// The constructs a behaviour label picks from, in [`Construct::label_order`].
pub fn label_order() -> Vec<&'static str> {
    ranked(|c| c.label_order)
}

/// The constructs of a file's format, in [`Construct::file_format`] order.
pub fn file_format() -> Vec<&'static str> {
    ranked(|c| c.file_format)
}

/// The narrowings, in rank order: each construct with those it says more than.
pub fn narrowings() -> Vec<(&'static str, &'static [&'static str])> {
    let mut out: Vec<(u8, &'static str, &'static [&'static str])> = CONSTRUCTS
        .iter()
        .filter_map(|c| c.narrows.map(|(rank, wider)| (rank, c.name, wider)))
        .collect();
    out.sort_by_key(|(rank, _, _)| *rank);
    out.into_iter().map(|(_, n, w)| (n, w)).collect()
}

fn ranked(rank: impl Fn(&Construct) -> Option<u8>) -> Vec<&'static str> {
    let mut out: Vec<(u8, &'static str)> = CONSTRUCTS
        .iter()
        .filter_map(|c| rank(c).map(|r| (r, c.name)))
        .collect();
    out.sort_by_key(|(r, _)| *r);
    out.into_iter().map(|(_, n)| n).collect()
}

/// Where a construct shows ([`Construct::place`]); for a name the table does not hold, by its
/// prefix (`url-`, `agent-`), `other` (no construct) a decision, else the file.
pub fn place(name: &str) -> Place {
    match get(name) {
        Some(c) => c.place,
        None if name.starts_with("url-") => Url,
        None if name.starts_with("agent-") => Agent,
        None if name == OTHER => Decision,
        None => File,
    }
}

/// The clause of a construct ([`Construct::clause`]).
pub fn clause(name: &str) -> Option<Clause> {
    get(name).and_then(|c| c.clause).cloned()
}

/// A phrase per construct, in an implementer's words.
pub fn phrase(name: &str) -> Option<&'static str> {
    get(name).and_then(|c| c.phrase)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn names_are_unique_and_ranks_are_dense() {
        let names: BTreeSet<&str> = CONSTRUCTS.iter().map(|c| c.name).collect();
        assert_eq!(names.len(), CONSTRUCTS.len(), "a construct named twice");
        for (what, rank) in [
            (
                "label order",
                &(|c: &Construct| c.label_order) as &dyn Fn(&Construct) -> Option<u8>,
            ),
            ("file format", &|c: &Construct| c.file_format),
            ("narrowing", &|c: &Construct| c.narrows.map(|(r, _)| r)),
        ] {
            let mut ranks: Vec<u8> = CONSTRUCTS.iter().filter_map(rank).collect();
            ranks.sort_unstable();
            let dense: Vec<u8> = (0..ranks.len() as u8).collect();
            assert_eq!(ranks, dense, "{what}: ranks not 0..n, once each");
        }
    }

    /// A clause no construct and no misbehaviour names would be cited by no report and
    /// checked by no citation test.
    #[test]
    fn every_clause_is_named_by_a_construct_or_a_misbehaviour() {
        let named: Vec<&Clause> = CONSTRUCTS
            .iter()
            .filter_map(|c| c.clause)
            .chain(MISBEHAVIOURS.iter().filter_map(|m| m.clause))
            .collect();
        for (name, clause) in clauses::all() {
            assert!(
                named.contains(&clause),
                "the clause [{name}] is named nowhere"
            );
        }
    }

    #[test]
    fn every_construct_named_in_a_class_is_in_the_table() {
        for c in CONSTRUCTS.iter() {
            for wider in c.narrows.map(|(_, w)| w).unwrap_or_default() {
                assert!(
                    get(wider).is_some(),
                    "{}: narrows {wider}, no construct",
                    c.name
                );
            }
            assert!(c.phrase.is_some(), "{}: no phrase", c.name);
        }
        // The feature tag of a check of `/robots.txt` itself names a construct.
        assert!(get(crate::fuzz::findings::ROBOTS_TXT_TAG).is_some());
    }
}
