//! What a library may do wrong on a construct: the readings the reference can be asked to
//! take, and the misbehaviours each construct can show (titled in the library's terms) with
//! the canonical inputs and controls that confirm a title on a library. The misbehaviours are
//! data, `harness/data/misbehaviours.toml` (one entry per title, its keys explained at its
//! head), read once and checked where it is read.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use serde::Deserialize;
use serde::de::IntoDeserializer;

use crate::answer::Answer;
use crate::fuzz::clauses::{self, Clause};

/// How a library may read an input, written as a change of the input after which the reference
/// reads it so: where the reference, asked about the changed input, gives the library's answer
/// under every profile the library contradicts, the library's answer is what that reading gives
/// (see [`crate::fuzz::ablation::reads_as`]). Each changes only what it names, and changes
/// nothing (so shows nothing) on an input without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reading {
    /// The construct's lines (those its neutralisation changes or takes out) end the group:
    /// each becomes a rule that matches nothing and a `user-agent` line no crawler has, so that
    /// the names before it keep no rule after it, and the rules after it belong to no crawler.
    EndsGroup,
    /// The construct's lines whose value is a path (`/…`, `*…`) are read as a `Disallow` rule
    /// with that value.
    AsDisallow,
    /// The construct's lines whose value is a path are read as an `Allow` rule with it.
    AsAllow,
    /// The construct's lines are ignored (taken out).
    Ignored,
    /// A comment line holding a rule (`#Disallow: /`) is read as the rule.
    Uncommented,
    /// A comment after a rule's path is kept in the path (its `#` compared as `%23`).
    CommentKept,
    /// A rule holding `*` that does not match the URL's path from its start is looked for
    /// anywhere in the path (a `*` put before it).
    Anywhere,
    /// A rule holding `*` that matches the URL's path counts as long as the text it matches
    /// there (the longest match), not as its own length: it is written out as that text.
    MatchedLength,
    /// A CRLF line end leaves its CR in the line's value: each rule and `user-agent` line
    /// ending in CRLF has `%0D` put after its value.
    CrKept,
    /// An empty `user-agent` line names every crawler: it is written with the crawler's name.
    EmptyAgentNamesCrawler,
    /// A rule's `*` is compared as the character itself (`%2A`).
    StarLiteral,
    /// A rule's final `$` is left out.
    AnchorIgnored,
    /// A rule's final `$` is compared as the character itself (`%24`).
    AnchorLiteral,
    /// A rule holding non-ASCII characters matches nothing.
    NonAsciiUnmatched,
    /// The escapes of reserved characters (`%2F`, `%3F`, `%2A`, `%24`, …) in the rules and the
    /// URL's path are decoded before comparing.
    EscapesDecoded,
    /// Of the rules that match the URL's path, the first in each group decides (the later
    /// ones taken out).
    FirstMatch,
    /// A byte order mark at the start of the file is read as part of the first line's field
    /// name (a letter in its place).
    BomKept,
}

/// The evidence a misbehaviour is read from, written in `harness/data/misbehaviours.toml` as
/// `confirmed`, `confirmed-whole-file`, `reads-as <reading>` or `answers <answer>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub enum Evidence {
    /// The library answers this where the reference answers the other way, and the construct
    /// leaves one way to err so (a `Disallow` winning an equal `Allow`: the library disallows).
    Answers(Answer),
    /// The reference, reading the input as [`Reading`] says, gives the library's answer.
    ReadsAs(Reading),
    /// Nothing in a root cause's own inputs: the library answers the misbehaviour's canonical
    /// input ([`static@CONFIRMATIONS`]) as a library with it does. Such a title is given only where
    /// no misbehaviour read from the inputs titles the entry, and the entry shows the canonical
    /// input beside its own.
    Confirmed,
    /// As [`Evidence::Confirmed`], for a library that ignores the whole file on the construct
    /// (its root causes say so): the title says that, and only such a root cause takes it.
    ConfirmedWholeFile,
}

impl TryFrom<String> for Evidence {
    type Error = String;

    fn try_from(text: String) -> Result<Evidence, String> {
        let (kind, arg) = text.split_once(' ').unwrap_or((&text, ""));
        match kind {
            "confirmed" if arg.is_empty() => Ok(Evidence::Confirmed),
            "confirmed-whole-file" if arg.is_empty() => Ok(Evidence::ConfirmedWholeFile),
            "reads-as" => Reading::deserialize(arg.into_deserializer())
                .map(Evidence::ReadsAs)
                .map_err(|e: serde::de::value::Error| format!("evidence `{text}`: {e}")),
            "answers" => Answer::deserialize(arg.into_deserializer())
                .map(Evidence::Answers)
                .map_err(|e: serde::de::value::Error| format!("evidence `{text}`: {e}")),
            _ => Err(format!(
                "evidence `{text}` is none of `confirmed`, `confirmed-whole-file`, \
                 `reads-as <reading>`, `answers <answer>`"
            )),
        }
    }
}

/// The entry whose `id` is `id` (checked to exist where the file is read).
fn by_id(id: &str) -> &'static Entry {
    ENTRIES
        .iter()
        .find(|e| e.id.as_deref() == Some(id))
        .expect("checked where read")
}

/// What a library does wrong on a construct, in its maintainer's words, and the evidence that
/// shows it. A report titles an entry so only where the evidence of every one of its root
/// causes (both verdict directions) shows one title; otherwise it keeps the construct's phrase,
/// saying only that the library reads it differently.
#[derive(Clone, Copy, Debug)]
pub struct Misbehaviour {
    /// The construct.
    pub construct: &'static str,
    /// What shows it.
    pub evidence: Evidence,
    /// The title.
    pub title: &'static str,
    /// The sentence the misbehaviour contradicts, where it is another than the construct's
    /// ([`crate::fuzz::constructs::Construct::clause`]): a rule looked for anywhere breaks
    /// where matching starts, not what `*` means.
    pub clause: Option<&'static Clause>,
}

/// A canonical input on which a library with a misbehaviour answers `answer` and the
/// reference (every profile) the other way: `reptest fuzz-report` asks it of each library, and
/// a library that answers there as the reference does is not given the title, whatever a
/// root cause's own inputs show (on those, another fault can give the same answers: a `*`
/// that stops at the first match of what follows it looks, on `/*bv` and `/bbv`, like a `*`
/// read as the character). Asked as the crawler `FooBot`.
#[derive(Clone, Copy, Debug)]
pub struct Confirmation {
    /// The misbehaviour's title ([`Misbehaviour::title`]).
    pub title: &'static str,
    /// The robots.txt.
    pub robots: &'static str,
    /// The URL asked.
    pub url: &'static str,
    /// What a library with the misbehaviour answers.
    pub answer: Answer,
}

/// The misbehaviours file, as written.
const FILE: &str = include_str!("../../../data/misbehaviours.toml");

/// Its path, for errors.
const PATH: &str = "harness/data/misbehaviours.toml";

/// `harness/data/misbehaviours.toml`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    misbehaviour: Vec<Entry>,
}

/// One `[[misbehaviour]]`: one title (the file's head explains the keys).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Entry {
    id: Option<String>,
    title: String,
    found: Vec<Found>,
    clause: Option<String>,
    also: Option<String>,
    #[serde(default)]
    url_rewrite: bool,
    canonical: Option<Input>,
    control: Option<Input>,
}

/// One construct whose root causes can show an entry's misbehaviour, and the evidence.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Found {
    construct: String,
    evidence: Evidence,
}

/// A canonical input or a control.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Input {
    robots: String,
    url: String,
    answer: Answer,
}

/// The file, read once: a malformed one stops the program with the entry at fault named
/// (every test that reads a table reads it, so a mistake in it fails `cargo test` first).
static ENTRIES: LazyLock<Vec<Entry>> =
    LazyLock::new(|| read(FILE).unwrap_or_else(|e| panic!("{PATH}: {e}")));

/// The entries `text` writes, checked: no title or `id` twice, a known clause, an `also`
/// naming an `id`, no control without a canonical input (an unknown evidence does not read).
fn read(text: &str) -> Result<Vec<Entry>, String> {
    let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
    let mut titles = BTreeSet::new();
    let mut ids = BTreeSet::new();
    for id in file.misbehaviour.iter().filter_map(|e| e.id.as_deref()) {
        if !ids.insert(id) {
            return Err(format!("the id `{id}` twice"));
        }
    }
    for e in &file.misbehaviour {
        let at = |what: String| format!("{what}, in the entry titled {:?}", e.title);
        if !titles.insert(e.title.as_str()) {
            return Err(at("a title twice".into()));
        }
        if e.found.is_empty() {
            return Err(at("`found` is empty".into()));
        }
        if let Some(name) = &e.clause
            && clauses::named(name).is_none()
        {
            return Err(at(format!(
                "no clause [{name}] in harness/data/clauses.toml"
            )));
        }
        if let Some(id) = &e.also
            && !ids.contains(id.as_str())
        {
            return Err(at(format!("`also` names `{id}`, which no entry's `id` is")));
        }
        if e.control.is_some() && e.canonical.is_none() {
            return Err(at("a control without a canonical input".into()));
        }
    }
    Ok(file.misbehaviour)
}

/// `input` as the [`Confirmation`] of the misbehaviour titled `title`.
fn confirmation_of(title: &'static str, input: &'static Input) -> Confirmation {
    Confirmation {
        title,
        robots: &input.robots,
        url: &input.url,
        answer: input.answer,
    }
}

/// Every misbehaviour titled, by construct: a construct's rows in the file's order, which is
/// the order its titles are tried in.
pub static MISBEHAVIOURS: LazyLock<Vec<Misbehaviour>> = LazyLock::new(|| {
    ENTRIES
        .iter()
        .flat_map(|e| {
            e.found.iter().map(move |f| Misbehaviour {
                construct: &f.construct,
                evidence: f.evidence,
                title: &e.title,
                clause: e.clause.as_deref().and_then(clauses::named),
            })
        })
        .collect()
});

/// The misbehaviours' canonical inputs, one per title that has one.
pub static CONFIRMATIONS: LazyLock<Vec<Confirmation>> = LazyLock::new(|| {
    ENTRIES
        .iter()
        .filter_map(|e| Some(confirmation_of(&e.title, e.canonical.as_ref()?)))
        .collect()
});

/// The canonical inputs' controls, one per title that has one.
pub static CONTROLS: LazyLock<Vec<Confirmation>> = LazyLock::new(|| {
    ENTRIES
        .iter()
        .filter_map(|e| Some(confirmation_of(&e.title, e.control.as_ref()?)))
        .collect()
});

/// Misbehaviours that are the URL rewritten before the check: where a library's documented
/// call contract normalises the URL first ([`crate::engines::adapters::Manifest::url_normaliser`]),
/// the library answers for the URL a crawler fetches, and such an entry is undefined.
pub static URL_REWRITES: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    ENTRIES
        .iter()
        .filter(|e| e.url_rewrite)
        .map(|e| e.title.as_str())
        .collect()
});

/// Titles naming two faults, each with its own canonical input, and the title of the second
/// (`also`): such a title is confirmed only where the library also confirms the second's (a
/// `user-agent` value matched inside the crawler's name, "or an empty one", needs an empty
/// `User-agent:` read as naming every crawler too).
pub static CONFIRMED_WITH: LazyLock<Vec<(&'static str, &'static str)>> = LazyLock::new(|| {
    ENTRIES
        .iter()
        .filter_map(|e| Some((e.title.as_str(), by_id(e.also.as_deref()?).title.as_str())))
        .collect()
});

/// The control of the misbehaviour titled `title`, where it has one.
pub fn control(title: &str) -> Option<&'static Confirmation> {
    CONTROLS.iter().find(|c| c.title == title)
}

/// The canonical input of the misbehaviour titled `title`, where it has one.
pub fn confirmation(title: &str) -> Option<&'static Confirmation> {
    CONFIRMATIONS.iter().find(|c| c.title == title)
}

/// The misbehaviours titled for `construct`, in the table's order.
pub fn misbehaviours(construct: &str) -> impl Iterator<Item = &'static Misbehaviour> {
    MISBEHAVIOURS
        .iter()
        .filter(move |m| m.construct == construct)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference's answer on `c`'s input, asked as the crawler `FooBot`.
    fn reference(c: &Confirmation, profile: reptest_reference::Profile) -> Answer {
        use reptest_reference::{ParseOptions, Robots};
        let robots = Robots::parse(c.robots.as_bytes(), ParseOptions::new(profile));
        let allowed = robots
            .select(&["FooBot"])
            .check_url(c.url)
            .expect("a URL")
            .allowed;
        if allowed {
            Answer::Allow
        } else {
            Answer::Disallow
        }
    }

    /// Each canonical input tells the misbehaviour apart: the reference answers it the other
    /// way under every profile, and the title is one of the table's.
    #[test]
    fn every_confirmation_is_answered_the_other_way_by_the_reference() {
        use reptest_reference::Profile;
        for c in CONFIRMATIONS.iter() {
            assert!(
                MISBEHAVIOURS.iter().any(|m| m.title == c.title),
                "no misbehaviour titled {}",
                c.title
            );
            for profile in Profile::ALL {
                assert_ne!(
                    reference(c, profile),
                    c.answer,
                    "{} under {profile}",
                    c.title
                );
            }
        }
        // One canonical input per title: the answers are kept by title, so a second would
        // overwrite the first's.
        let mut titles: Vec<&str> = CONFIRMATIONS.iter().map(|c| c.title).collect();
        titles.sort_unstable();
        for pair in titles.windows(2) {
            assert_ne!(pair[0], pair[1], "two canonical inputs");
        }
        // A control is answered as its row says under every profile, for a title with a
        // canonical input.
        for c in CONTROLS.iter() {
            assert!(
                confirmation(c.title).is_some(),
                "no canonical input: {}",
                c.title
            );
            for profile in Profile::ALL {
                assert_eq!(
                    reference(c, profile),
                    c.answer,
                    "{} under {profile}",
                    c.title
                );
            }
        }
        // A title naming two faults has a canonical input for each.
        for (title, with) in CONFIRMED_WITH.iter() {
            assert!(confirmation(title).is_some(), "no canonical input: {title}");
            assert!(confirmation(with).is_some(), "no canonical input: {with}");
        }
        // A misbehaviour whose only evidence is its canonical input has one, once.
        for m in MISBEHAVIOURS.iter().filter(|m| {
            matches!(
                m.evidence,
                Evidence::Confirmed | Evidence::ConfirmedWholeFile
            )
        }) {
            let asked = CONFIRMATIONS.iter().filter(|c| c.title == m.title).count();
            assert_eq!(asked, 1, "{}: {asked} canonical inputs", m.title);
        }
    }

    /// A malformed entry is refused with what is wrong and the entry's title.
    #[test]
    fn a_malformed_entry_is_named() {
        let entry = |extra: &str| {
            format!(
                "[[misbehaviour]]\ntitle = \"t\"\nfound = [{{ construct = \"bom\", \
                 evidence = \"confirmed\" }}]\n{extra}"
            )
        };
        assert!(read(&entry("")).is_ok());
        for (extra, says) in [
            ("clause = \"NO_SUCH\"\n", "no clause [NO_SUCH]"),
            ("also = \"x\"\n", "`also` names `x`"),
            (
                "[misbehaviour.control]\nrobots = \"\"\nurl = \"http://a/\"\nanswer = \"allow\"\n",
                "a control without a canonical input",
            ),
        ] {
            let error = read(&entry(extra)).expect_err(extra);
            assert!(error.contains(says) && error.contains("\"t\""), "{error}");
        }
        let ids = format!(
            "{}\n{}",
            entry("id = \"x\"\n"),
            entry("id = \"x\"\n").replace("\"t\"", "\"u\"")
        );
        assert!(read(&ids).expect_err("ids").contains("the id `x` twice"));
        let twice = format!("{}\n{}", entry(""), entry(""));
        assert!(read(&twice).expect_err("twice").contains("a title twice"));
        let bad = entry("").replace("\"confirmed\"", "\"reads-as sideways\"");
        assert!(
            read(&bad)
                .expect_err("evidence")
                .contains("reads-as sideways")
        );
    }
}
