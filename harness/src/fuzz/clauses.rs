//! The clauses root causes rest on, as data: `harness/data/clauses.toml`, one table per
//! clause, named as the constructs' rows ([`static@crate::fuzz::constructs::CONSTRUCTS`]) and
//! the misbehaviours (`harness/data/misbehaviours.toml`) name it; and the sentences each
//! profile's reading rests on where the profiles part ([`SIDES`]).

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

/// Google's parser accepting a misspelled or colonless line, and the sentence inviting it.
const LENIENT_PARSER: Side = Side {
    source: "Google's parser, which accepts common misspellings (`useragent`, `dissallow`) and a \
             missing colon, and which the `google` profile follows; Google 2019 (formal syntax / \
             definition)",
    text: Some(
        "parser implementors: add additional lines you need (for example, Sitemaps), and be \
         lenient when reading lines that don't conform. Apply Postel's law.",
    ),
};

/// The escapes' sentence the `rfc9309` profile compares by.
const UNENCODED: Side = Side {
    source: "RFC 9309 §2.2.2",
    text: Some(
        "If a percent-encoded ASCII octet is encountered in the URI, it MUST be unencoded prior \
         to comparison, unless it is a reserved character in the URI as defined by [RFC3986] or \
         the character is outside the unreserved character range.",
    ),
};

/// Every construct whose readings a report shows side by side.
#[rustfmt::skip]
pub const SIDES: [Sides; 8] = [
    Sides { construct: "misspelling",
        rfc9309: Side { source: "RFC 9309 §2.2.4 (leniency is for other records; its formal \
            syntax, §2.2, names `user-agent`, `allow` and `disallow` exactly); Google 2019 (file \
            format)",
            text: Some("Handling of `<field>` elements with simple errors or typos (for example, \
                \"useragent\" instead of \"user-agent\") is not supported.") },
        google: LENIENT_PARSER },
    Sides { construct: "missing-colon",
        rfc9309: Side { source: "Google 2019 (file format); RFC 9309 §2.2 (its formal syntax puts \
            the colon in every line)",
            text: Some("Only valid lines are considered; all other content is ignored. … Each \
                valid line consists of a field, a colon, and a value.") },
        google: LENIENT_PARSER },
    Sides { construct: "wide-gap",
        rfc9309: Side { source: "Google 2019 (file format); RFC 9309 §2.2 (its formal syntax puts \
            the colon in every line)",
            text: Some("Only valid lines are considered; all other content is ignored. … Each \
                valid line consists of a field, a colon, and a value.") },
        google: LENIENT_PARSER },
    Sides { construct: "hex-case",
        rfc9309: Side { source: "RFC 9309 §2.2.2 (RFC 3986, whose percent-encodings' hex digits \
            are case-insensitive)",
            text: Some("Octets in the URI and robots.txt paths outside the range of the ASCII \
                coded character set, and those in the reserved range defined by [RFC3986], MUST \
                be percent-encoded as defined by [RFC3986] prior to comparison.") },
        google: Side { source: "Google's parser, which upper-cases a rule's hex digits and \
            compares the URL's as sent", text: None } },
    Sides { construct: "percent", rfc9309: UNENCODED,
        google: Side { source: "Google's parser, which compares the URL's escapes as sent",
            text: None } },
    Sides { construct: "url-percent", rfc9309: UNENCODED,
        google: Side { source: "Google's parser, which compares the URL's escapes as sent",
            text: None } },
    Sides { construct: "unreserved-escape", rfc9309: UNENCODED,
        google: Side { source: "Google's parser, which compares an escaped unreserved character \
            as written", text: None } },
    Sides { construct: "long-line",
        rfc9309: Side { source: "RFC 9309 §2.3.1.5",
            text: Some("Crawlers MUST try to parse each line of the robots.txt file. Crawlers \
                MUST use the parseable rules.") },
        google: Side { source: "Google's parser, which cuts a line at its 16,664-byte buffer",
            text: None } },
];

/// The sides of `construct`, where the table holds them.
pub fn sides(construct: &str) -> Option<&'static Sides> {
    SIDES.iter().find(|s| s.construct == construct)
}
