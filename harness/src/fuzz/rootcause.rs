//! Root causes per implementation, derived from the catalogue's families.
//!
//! A family is a split of every engine over one minimal input; an implementer wants the
//! other view: *one behaviour of my library*. A root cause is (implementation, behaviour),
//! keyed on what the implementation does, not on who else does it:
//! - the implementation's answer, and the reference's answer under each profile it
//!   contradicts (`rfc9309`, `google`);
//! - the behaviour label: the construct whose neutralisation removes this implementation's
//!   split, derived from the family's ablation answers and the reference's own account of
//!   where its profiles decide differently ([`crate::fuzz::ablation`]); "combined" when no
//!   single construct does; the kind of rule that decided for a plain question. A family not
//!   yet ablated (recorded since the last `reptest fuzz-report`) falls back to its *primary
//!   construct*, the first in a fixed order ([`primary_construct`]), which often names a
//!   bystander (an empty `allow:` beside the misspelled `useragent` that splits);
//! - the input class, the contract it rests on and the body transformation, if any.
//!
//! The split is not in the key, so one behaviour seen by a slightly different set of
//! implementations (two families differing only in a third library's answer) is one root
//! cause per implementation, with both families as its evidence.
//!
//! A family's input is minimal for the implementation it was minimised for, not for the
//! others in its split: what it still holds may be needed by that library only (a CRLF one
//! parser cares about is noise to another). So an implementation's root causes are made
//! from the families minimised for it (or whose input its own minimisation reached too:
//! `also_minimised_for`); a family minimised for another library only adds evidence (hits)
//! to the root cause of the same key one of whose own families contradicts a profile it
//! contradicts (one against `rfc9309` alone and one against `google` alone, where the profiles
//! part, are two behaviours), and makes none of its own ([`foreign_families`] lists the rest
//! in its report). It stands for that root cause only where none of the implementation's own
//! families holds the construct named and it does. (A family without `minimised_for`, from
//! an older catalogue, counts as minimised for everyone.)
//!
//! Everything here is a pure function of the stored families ([`root_causes`] of an
//! [`Index`]): merged or re-read catalogues give the same root causes, in the same order,
//! with the same ids. The reference is suspected first: a family in which the reference
//! stands against most implementations under a profile, Google's parser among them, is
//! flagged "check the reference" under that profile ([`suspect_profiles`]), and an
//! implementation's disagreement under a flagged profile is kept out of its ranking.

use std::collections::{BTreeMap, BTreeSet};

use reptest_reference::Profile;
use serde::{Deserialize, Serialize};

use crate::answer::Answer;
use crate::engines::reference_name;
use crate::fuzz::constructs;
use crate::fuzz::findings::{Family, FamilyInput, Index};
pub use crate::fuzz::findings::{feature_tags, minimised_for};

/// What kind of root cause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// The implementation answers allow or disallow where the reference answers otherwise.
    Deviation,
    /// The implementation fails (an exception, an error answer) where the reference answers.
    Error,
    /// The implementation answered after the time limit.
    Timeout,
    /// The implementation disagrees with the reference only under profiles where the
    /// reference stands against most implementations, Google's parser included.
    CheckReference,
}

impl Kind {
    /// `deviation`, `error`, `timeout`, `check-reference`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Deviation => "deviation",
            Kind::Error => "error",
            Kind::Timeout => "timeout",
            Kind::CheckReference => "check-reference",
        }
    }
}

/// One behaviour of one implementation, with the families that show it. `reptest
/// fuzz-report` derives them and stores them in the catalogue's `root-causes.json`
/// ([`crate::fuzz::store`]), which the reports are drawn from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RootCause {
    /// Stable id: the implementation and a hash of the key.
    pub id: String,
    /// The implementation.
    pub implementation: String,
    /// What kind.
    pub kind: Kind,
    /// Its answer.
    pub answer: Answer,
    /// The reference's answer under each profile the answer contradicts (for
    /// [`Kind::CheckReference`], the flagged profiles).
    #[serde(with = "crate::answer::by_profile")]
    pub expected: BTreeMap<Profile, Answer>,
    /// The reference's answer under every profile, on [`RootCause::input`].
    #[serde(with = "crate::answer::by_profile")]
    pub reference: BTreeMap<Profile, Answer>,
    /// The behaviour label: the construct derived from the family's ablation
    /// ([`crate::fuzz::ablation::cause`]), [`crate::fuzz::ablation::COMBINED`] when no single
    /// construct explains it, or, for a catalogue not yet ablated, the primary construct
    /// ([`primary_construct`]).
    #[serde(deserialize_with = "interned")]
    pub construct: Name,
    /// For a combined label: the constructs each of whose neutralisation removes the split.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "interned_list"
    )]
    pub with: Vec<&'static str>,
    /// Whether the construct is where the reference's profiles decide differently (a profile
    /// split); `None` when not derived from evidence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile_split: Option<bool>,
    /// The representative family's feature (every construct its input holds).
    pub feature: String,
    /// Opt-in input classes (empty: realistic inputs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub classes: Vec<String>,
    /// The call contracts the split rests on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub contract: Vec<String>,
    /// The body transformation before the library received it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transformation: Option<String>,
    /// The families that show it, by id.
    pub families: Vec<String>,
    /// Disagreements counted over those families.
    pub hits: u64,
    /// The family with the smallest input: the repro.
    pub representative: String,
    /// The input the answer, the reference's answers and the label rest on: the
    /// representative family's minimal input, cleaned for the implementation where it was
    /// (each construct whose neutralisation changed neither its answer nor the reference's
    /// taken out), as the family's page shows it under "As cleaned for each implementation".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<FamilyInput>,
    /// For a timeout: the slowest time measured, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_ms: Option<u64>,
    /// Whether the implementation ignores the whole file on the construct
    /// ([`crate::fuzz::ablation::file_ignored`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub file_ignored: bool,
}

/// A construct's name. (Spelled through this alias so that serde reads it with `interned`
/// rather than borrowing it from the text.)
pub type Name = &'static str;

/// A label read back from `root-causes.json`, as the `&'static str` the derivation gives: the
/// name of a row of [`constructs::CONSTRUCTS`] (or [`constructs::OTHER`]); any other name is an
/// error.
fn interned<'de, D: serde::Deserializer<'de>>(d: D) -> Result<&'static str, D::Error> {
    known_label(String::deserialize(d)?)
}

/// A list of labels read back (as `interned` reads one).
fn interned_list<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<&'static str>, D::Error> {
    Vec::<String>::deserialize(d)?
        .into_iter()
        .map(known_label)
        .collect()
}

/// The label `name` is, or an error naming it.
fn known_label<E: serde::de::Error>(name: String) -> Result<&'static str, E> {
    constructs::label(&name).ok_or_else(|| {
        E::custom(format!(
            "`{name}` is no construct's name (the label set is closed)"
        ))
    })
}

#[cfg(test)]
impl RootCause {
    /// A planted library's root cause on an unknown field: it answers `answer` where the
    /// reference answers `expected` under every profile.
    pub(crate) fn planted(answer: Answer, expected: Answer) -> RootCause {
        RootCause {
            id: "planted-1".into(),
            implementation: "planted".into(),
            kind: if answer == Answer::Error {
                Kind::Error
            } else {
                Kind::Deviation
            },
            answer,
            expected: BTreeMap::from([(Profile::Rfc9309, expected), (Profile::Google, expected)]),
            reference: BTreeMap::from([
                (Profile::Rfc9309, expected),
                (Profile::Google, expected),
                (Profile::Legacy, expected),
            ]),
            construct: "unknown-field",
            with: Vec::new(),
            profile_split: Some(false),
            feature: String::new(),
            classes: Vec::new(),
            contract: Vec::new(),
            transformation: None,
            families: Vec::new(),
            hits: 1,
            representative: String::new(),
            input: None,
            timeout_ms: None,
            file_ignored: false,
        }
    }
}

impl RootCause {
    /// Whether it belongs in the implementation's ranking: a deviation or an error on a
    /// realistic input.
    pub fn ranked(&self) -> bool {
        matches!(self.kind, Kind::Deviation | Kind::Error) && self.classes.is_empty()
    }

    /// Whether it is two profile splits in one input, read one each way
    /// ([`crate::fuzz::ablation::cause`]): a combined label against both profiles.
    pub fn profile_mix(&self) -> bool {
        self.construct == crate::fuzz::ablation::COMBINED
            && self.profile_split == Some(true)
            && self.expected.len() == 2
            && self.with.len() == 2
    }

    /// The profiles it contradicts, by name, joined with ` and `.
    pub fn profiles(&self) -> String {
        self.expected
            .keys()
            .map(|p| format!("`{p}`"))
            .collect::<Vec<_>>()
            .join(" and ")
    }
}

/// The behaviour label of one implementation's split in one family.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Label {
    /// The construct.
    pub construct: &'static str,
    /// For [`crate::fuzz::ablation::COMBINED`]: the candidates.
    pub with: Vec<&'static str>,
    /// Derived from evidence: whether it is a profile split.
    pub profile_split: Option<bool>,
    /// Every construct whose neutralisation removed the split, before narrowing.
    pub also: Vec<&'static str>,
    /// Whether the implementation ignores the whole file
    /// ([`crate::fuzz::ablation::file_ignored`]).
    pub file_ignored: bool,
}

impl Label {
    /// A label naming `construct` alone, nothing else removed the split with it, and the
    /// whole file read.
    fn only(construct: &'static str, profile_split: Option<bool>) -> Label {
        Label {
            construct,
            with: Vec::new(),
            profile_split,
            also: Vec::new(),
            file_ignored: false,
        }
    }
}

/// The label of `name`'s split in `family` against `expected`: derived from the family's
/// ablation ([`crate::fuzz::ablation::cause`]), or, when the family has not been ablated for
/// `name`, its primary construct.
pub fn label(family: &Family, name: &str, expected: &[(Profile, Answer)]) -> Label {
    // An implementation that obeys no `Allow` line, where an `Allow` rule decides for the
    // reference: that is its behaviour, whatever else the input holds (a tie, a rule order).
    let (decision, _) = feature_tags(&family.feature);
    if decision.contains(&"allow-rule")
        && expected.iter().all(|(_, a)| *a == Answer::Allow)
        && crate::fuzz::ablation::allow_ignored(family, name)
    {
        return Label::only("allow-ignored", Some(false));
    }
    let cause = crate::fuzz::ablation::cause(family, name, expected);
    // A library that reads rules as a probe shows (a rule's length counted short, its `$`
    // left out or a percent-encoding counted as one character; a rule looked for anywhere in
    // the URL), where that decides: that is its behaviour, whichever of the rules' `*`, `$`,
    // escapes or slashes the ablation took out (writing out a `*` changes the other rule's
    // length too; giving a slashless rule its `/` moves where a library looking anywhere
    // finds it).
    if let Some(found) = &cause
        && let Some(construct) =
            crate::fuzz::ablation::probed_construct(family, name, found.construct, &found.with)
    {
        return Label::only(construct, Some(false));
    }
    // An `Allow` line that cannot match, whose taking out (or making a `Disallow`) removes
    // the split, for a library that obeys no `Allow` line: it reads the line as nothing (and
    // the groups around it as one), which is that behaviour, not an `Allow` it misreads.
    if let Some(found) = &cause
        && (found.construct == "unmatched-allow"
            || found.construct == crate::fuzz::ablation::COMBINED
                && found.with.contains(&"unmatched-allow"))
        && crate::fuzz::ablation::allow_ignored(family, name)
    {
        return Label::only("allow-ignored", Some(false));
    }
    // An escaped `/` beside a `/` that the library reads as `/` on both sides (it keeps its
    // answer with each written out): the `//` it makes is what the library answers apart on
    // (it collapses the URL's `//` and not the rule's, say).
    if let Some(found) = &cause
        && found.construct == "reserved-escape"
        && crate::fuzz::ablation::slash_decoded(family, name)
    {
        return Label::only("double-slash", Some(found.profile_split));
    }
    let mut cause = cause;
    if let (Some(found), Some(input)) = (&mut cause, family.input.as_ref().map(|i| i.input())) {
        // A reserved character's escape in the rule alone, the URL holding the character
        // itself: the `rfc9309` profile's keeping it encoded is an interpretation (RFC 9309's
        // sentence is about the URI's escapes), its own construct.
        if found.construct == "reserved-escape"
            && crate::fuzz::ablation::reserved_escape_in_rule_only(&input)
        {
            found.construct = "rule-reserved-escape";
        }
        // A rule starting with `*/`, on which the library answers as the reference does with
        // the rule given its `/` (as the legacy text reads a rule without one): the
        // path-pattern the grammar asks for starts with `/`, and the library's `/` asks for a
        // second one there. The missing `/` is the construct, with its sentence. (A library
        // answering otherwise, by its own `*` matching, keeps the wildcard.)
        if found.construct == "wildcard"
            && crate::fuzz::ablation::starred_root_rules(&input)
            && slash_given_reads_alike(family, name)
        {
            found.construct = "no-leading-slash";
        }
    }
    match cause {
        Some(cause) => Label {
            construct: cause.construct,
            with: cause.with,
            profile_split: Some(cause.profile_split),
            also: cause.also,
            file_ignored: crate::fuzz::ablation::file_ignored(family, name),
        },
        None => Label::only(primary_construct(&family.feature), None),
    }
}

/// Whether `name` answers `family`'s input as it answers the input with each rule lacking its
/// leading `/` given one (the `no-leading-slash` variant), where both profiles give that
/// answer there: it reads such a rule as one starting with `/`.
fn slash_given_reads_alike(family: &Family, name: &str) -> bool {
    let Some(mine) = family.split.get(name) else {
        return false;
    };
    family
        .ablation
        .iter()
        .filter(|a| a.construct == "no-leading-slash")
        .any(|a| {
            [Profile::Rfc9309, Profile::Google]
                .into_iter()
                .all(|p| a.answers.get(&reference_name(p)) == Some(mine))
                && a.answers.get(name) == Some(mine)
        })
}

/// Questions a cited spec case decides, by the construct the input holds and the profile:
/// a family holding it is not suspected under that profile (the case is the sentence that
/// decides it, with its force).
pub const DECIDED: [(&str, Profile, &str); 1] = [(
    "inner-space",
    Profile::Rfc9309,
    "encoding/space-inside-a-rule-value-next-to-a-reserved-character",
)];

/// The reference's answer under `profile` in a family's split.
pub fn reference_answer(family: &Family, profile: Profile) -> Option<Answer> {
    family.split.get(&reference_name(profile)).copied()
}

/// The profiles (`rfc9309`, `google`) under which the reference stands against most
/// implementations that answered, Google's parser among them: "check the reference".
pub fn suspect_profiles(family: &Family) -> Vec<Profile> {
    let answered: Vec<(&String, Answer)> = family
        .split
        .iter()
        .filter(|(name, a)| !name.starts_with("reference-") && a.allowed().is_some())
        .map(|(n, a)| (n, *a))
        .collect();
    let held: Vec<&'static str> = family.input.as_ref().map_or_else(Vec::new, |i| {
        crate::fuzz::ablation::variants(&i.input())
            .into_iter()
            .map(|(c, _)| c)
            .collect()
    });
    [Profile::Rfc9309, Profile::Google]
        .into_iter()
        .filter(|profile| {
            if DECIDED
                .iter()
                .any(|(c, p, _)| p == profile && held.contains(c))
            {
                return false;
            }
            let Some(expected) = reference_answer(family, *profile) else {
                return false;
            };
            if expected.allowed().is_none() {
                return false;
            }
            let against: Vec<&String> = answered
                .iter()
                .filter(|(_, a)| *a != expected)
                .map(|(n, _)| *n)
                .collect();
            let witnesses = crate::engines::library::witnesses(*profile);
            against.len() * 2 > answered.len()
                && against.iter().any(|n| witnesses.contains(&n.as_str()))
        })
        .collect()
}

/// The size of a family's input (the representative is the smallest).
fn input_size(family: &Family) -> usize {
    family
        .input
        .as_ref()
        .map_or(usize::MAX, |i| i.robots.len() + i.url.len() + i.agent.len())
}

/// Every root cause of every implementation in `index`, ordered by implementation, then
/// ranked ones first, then by hits (most first), then by id.
pub fn root_causes(index: &Index) -> Vec<RootCause> {
    // One behaviour: the implementation, what it answers, the construct that causes it and
    // the input class and contract it was seen under. Which profiles it contradicts and
    // whether that is a profile split vary with the input around the construct (the same
    // misreading of a colonless line contradicts both profiles in one file and one in
    // another), so they are read off the representative, not made separate root causes.
    type Key = (
        String,
        Kind,
        Answer,
        &'static str,
        Vec<&'static str>,
        Vec<String>,
        Vec<String>,
        Option<String>,
        bool,
        Option<bool>,
    );
    type Member<'f> = (&'f Family, Vec<(Profile, Answer)>, Label);
    let mut families: Vec<&Family> = index.families.iter().collect();
    families.sort_by(|a, b| a.id.cmp(&b.id));
    // The families as the implementations they were cleaned for see them.
    let views: BTreeMap<(&str, &str), Family> = index
        .families
        .iter()
        .flat_map(|f| {
            f.cleaned_for.keys().filter_map(move |name| {
                Some((
                    (f.id.as_str(), name.as_str()),
                    crate::fuzz::ablation::cleaned_view(f, name)?,
                ))
            })
        })
        .collect();
    let mut grouped: BTreeMap<Key, Vec<Member<'_>>> = BTreeMap::new();
    let mut entries = Vec::new();
    let mut foreign: Vec<(Key, Member<'_>)> = Vec::new();
    for family in families {
        let suspects = suspect_profiles(family);
        for (name, answer) in &family.split {
            if name.starts_with("reference-") || *answer == Answer::Unsupported {
                continue;
            }
            // The cleaned input, for the implementations it was cleaned for: where it was
            // strengthened, the reference's answers are its own.
            let seen: &Family = match views.get(&(family.id.as_str(), name.as_str())) {
                Some(view) if crate::fuzz::ablation::uses_cleaned(family, name) => view,
                _ => family,
            };
            let suspects: &[Profile] = if [Profile::Rfc9309, Profile::Google]
                .into_iter()
                .all(|p| reference_answer(seen, p) == reference_answer(family, p))
            {
                &suspects
            } else {
                &[]
            };
            let contradicted: Vec<(Profile, Answer)> = [Profile::Rfc9309, Profile::Google]
                .into_iter()
                .filter_map(|p| {
                    let expected = reference_answer(seen, p)?;
                    (expected != Answer::Error && expected != *answer).then_some((p, expected))
                })
                .collect();
            if contradicted.is_empty() {
                continue;
            }
            let (kind, expected) = if *answer == Answer::Timeout {
                (Kind::Timeout, contradicted)
            } else {
                let kept: Vec<(Profile, Answer)> = contradicted
                    .iter()
                    .filter(|(p, _)| !suspects.contains(p))
                    .copied()
                    .collect();
                if kept.is_empty() {
                    (Kind::CheckReference, contradicted)
                } else if *answer == Answer::Error {
                    (Kind::Error, kept)
                } else {
                    (Kind::Deviation, kept)
                }
            };
            let label = label(seen, name, &expected);
            entries.push((name, kind, answer, label, seen, expected, family));
        }
    }
    // An implementation that obeys the first matching rule where the longer one comes later
    // (a root cause filed under rule order) answers a tie by the file's order for the same
    // reason: its ties whose rules put in order (or only the tied ones) also removed the split
    // are that root cause.
    let first_match: BTreeSet<&String> = entries
        .iter()
        .filter(|(name, kind, _, label, _, _, family)| {
            *kind == Kind::Deviation
                && label.construct == "rule-order"
                && minimised_for(family, name)
        })
        .map(|(name, ..)| *name)
        .collect();
    for (name, _, _, label, ..) in &mut entries {
        if label.construct == "tie"
            && (label.also.contains(&"rule-order") || label.also.contains(&"tie-order"))
            && first_match.contains(name)
        {
            label.construct = "rule-order";
        }
    }
    for (name, kind, answer, label, seen, expected, family) in entries {
        let key = (
            name.clone(),
            kind,
            *answer,
            label.construct,
            label.with.clone(),
            family.classes.clone(),
            family.contract.clone(),
            family.transformation.clone(),
            label.file_ignored,
            // A profile split and a split against both profiles on one construct are two
            // behaviours (a library reading a colonless line as `rfc9309` does, and one reading
            // a colonless `user-agent ` that both profiles ignore).
            label.profile_split,
        );
        if minimised_for(family, name) {
            grouped
                .entry(key)
                .or_default()
                .push((seen, expected, label));
        } else {
            foreign.push((key, (seen, expected, label)));
        }
    }
    // Evidence from families minimised for other libraries, under an existing root cause one
    // of whose own families contradicts a profile it contradicts, with the same answer: a
    // library answering against `rfc9309` alone where the profiles part is not the same
    // behaviour as one answering against `google` alone there.
    let mut evidence: BTreeMap<Key, Vec<Member<'_>>> = BTreeMap::new();
    for (key, member) in foreign {
        if grouped
            .get(&key)
            .is_some_and(|own| own.iter().any(|m| m.1.iter().any(|e| member.1.contains(e))))
        {
            evidence.entry(key).or_default().push(member);
        }
    }
    let mut out: Vec<RootCause> = grouped
        .into_iter()
        .map(|(key, members)| {
            (
                evidence.get(&key).cloned().unwrap_or_default(),
                key,
                members,
            )
        })
        .map(
            |(
                also,
                (
                    implementation,
                    kind,
                    answer,
                    construct,
                    with,
                    classes,
                    contract,
                    transformation,
                    file_ignored,
                    split,
                ),
                members,
            )| {
                let key = format!(
                    "{implementation}|{}|{answer}|{construct}:{}|{classes:?}|{contract:?}|\
                     {transformation:?}{}{}",
                    kind.name(),
                    with.join("+"),
                    if file_ignored { "|file-ignored" } else { "" },
                    if split == Some(true) {
                        "|profile-split"
                    } else {
                        ""
                    }
                );
                // The representative is the cleanest example: one whose input holds the
                // construct named (a tie filed under the rules' order, of a library seen
                // obeying the first match, shows that order less well than rules of unequal
                // length), then the fewest constructs besides it (each one more thing a
                // maintainer must rule out), then the strongest claim (the most profiles
                // contradicted, not a profile split where another member is one), then the
                // smallest input.
                let others = |f: &Family| {
                    f.input.as_ref().map_or((true, usize::MAX), |i| {
                        let all = crate::fuzz::ablation::variants(&i.input());
                        let named = all.iter().any(|(c, _)| *c == construct);
                        let mut held: Vec<&str> = all
                            .into_iter()
                            .map(|(c, _)| c)
                            .filter(|c| *c != construct && !with.contains(c))
                            .collect();
                        held.dedup();
                        (!named, held.len())
                    })
                };
                // A family minimised for another library, under this key, stands for the root
                // cause only where none of its own holds the construct named and it does (a
                // first-match library whose own families are all ties).
                let own_named = members.iter().any(|m| !others(m.0).0);
                let foreign_named: Vec<&Member<'_>> = if own_named {
                    Vec::new()
                } else {
                    also.iter().filter(|m| !others(m.0).0).collect()
                };
                let (_, (chosen, expected, label)) = members
                    .iter()
                    .chain(foreign_named)
                    .map(|m| (others(m.0), m))
                    .min_by(|(oa, a), (ob, b)| {
                        oa.cmp(ob)
                            .then(b.1.len().cmp(&a.1.len()))
                            .then(a.2.profile_split.cmp(&b.2.profile_split))
                            .then(input_size(a.0).cmp(&input_size(b.0)))
                            .then(a.0.id.cmp(&b.0.id))
                    })
                    .map(|(o, m)| (o, m.clone()))
                    .expect("a root cause has a family");
                let reference = Profile::ALL
                    .into_iter()
                    .filter_map(|p| reference_answer(chosen, p).map(|a| (p, a)))
                    .collect();
                let families: Vec<&Family> =
                    members.iter().chain(also.iter()).map(|m| m.0).collect();
                RootCause {
                    id: format!(
                        "{implementation}-{:08x}",
                        crate::text::fnv1a(key.as_bytes()) as u32
                    ),
                    implementation,
                    kind,
                    answer,
                    expected: expected.into_iter().collect(),
                    reference,
                    construct,
                    with,
                    profile_split: label.profile_split,
                    feature: chosen.feature.clone(),
                    classes,
                    contract,
                    transformation,
                    families: families.iter().map(|f| f.id.clone()).collect(),
                    hits: families.iter().map(|f| f.hits).sum(),
                    representative: chosen.id.clone(),
                    input: chosen.input.clone(),
                    timeout_ms: families.iter().filter_map(|f| f.timeout_ms).max(),
                    file_ignored,
                }
            },
        )
        .collect();
    fold_combined(&mut out, index);
    out.sort_by(|a, b| {
        a.implementation
            .cmp(&b.implementation)
            .then(b.ranked().cmp(&a.ranked()))
            .then(b.hits.cmp(&a.hits))
            .then(a.id.cmp(&b.id))
    });
    out
}

/// Folds each combined root cause into the implementation's own root cause of one of its
/// constructs, with the same answer, kind, input class and contract, when there is one (the
/// one with most families): the same behaviour, seen in a file that also holds another
/// construct whose neutralisation happens to remove the split too. Its families become that
/// root cause's evidence; the representative stays the single construct's.
fn fold_combined(causes: &mut Vec<RootCause>, index: &Index) {
    let same = |a: &RootCause, b: &RootCause| {
        a.implementation == b.implementation
            && a.kind == b.kind
            && a.answer == b.answer
            && a.classes == b.classes
            && a.contract == b.contract
            && a.transformation == b.transformation
            && a.profile_split == b.profile_split
    };
    let mut folded: Vec<usize> = Vec::new();
    for i in 0..causes.len() {
        // Two profile splits read one each way are a behaviour of their own, not either one.
        if causes[i].construct != crate::fuzz::ablation::COMBINED
            || causes[i].with.is_empty()
            || causes[i].profile_mix()
        {
            continue;
        }
        let target = (0..causes.len())
            .filter(|&j| {
                j != i
                    && !folded.contains(&j)
                    && same(&causes[i], &causes[j])
                    && causes[j].construct != crate::fuzz::ablation::COMBINED
                    && causes[i].with.contains(&causes[j].construct)
            })
            .max_by(|&a, &b| {
                causes[a]
                    .families
                    .len()
                    .cmp(&causes[b].families.len())
                    .then(causes[b].id.cmp(&causes[a].id))
            });
        if let Some(j) = target {
            for f in causes[i].families.clone() {
                if !causes[j].families.contains(&f) {
                    let hits = index
                        .families
                        .iter()
                        .find(|g| g.id == f)
                        .map_or(0, |g| g.hits);
                    causes[j].hits += hits;
                    causes[j].families.push(f);
                }
            }
            folded.push(i);
        }
    }
    let kept: Vec<RootCause> = std::mem::take(causes)
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !folded.contains(i))
        .map(|(_, c)| c)
        .collect();
    *causes = kept;
}

/// The families where `name` deviates from the reference (neither a timeout nor under a
/// suspect profile only) on an input minimised for another library and in none of its root
/// causes: listed in its report as evidence not yet minimised for it.
pub fn foreign_families<'i>(
    index: &'i Index,
    causes: &[&RootCause],
    name: &str,
) -> Vec<&'i Family> {
    let used: std::collections::BTreeSet<&str> = causes
        .iter()
        .filter(|c| c.implementation == name)
        .flat_map(|c| c.families.iter().map(String::as_str))
        .collect();
    let mut out: Vec<&Family> = index
        .families
        .iter()
        .filter(|f| {
            !minimised_for(f, name) && !used.contains(f.id.as_str()) && f.timeout_ms.is_none()
        })
        .filter(|f| {
            let Some(answer) = f.split.get(name) else {
                return false;
            };
            if answer.allowed().is_none() && *answer != Answer::Error {
                return false;
            }
            let suspects = suspect_profiles(f);
            [Profile::Rfc9309, Profile::Google].into_iter().any(|p| {
                !suspects.contains(&p)
                    && reference_answer(f, p).is_some_and(|r| r != Answer::Error && r != *answer)
            })
        })
        .collect();
    out.sort_by(|a, b| b.hits.cmp(&a.hits).then(a.id.cmp(&b.id)));
    out
}

/// The families flagged "check the reference", with their flagged profiles, by id.
pub fn suspect_families(index: &Index) -> Vec<(&Family, Vec<Profile>)> {
    let mut out: Vec<(&Family, Vec<Profile>)> = index
        .families
        .iter()
        .map(|f| (f, suspect_profiles(f)))
        .filter(|(_, s)| !s.is_empty())
        .collect();
    out.sort_by(|a, b| a.0.id.cmp(&b.0.id));
    out
}

/// A phrase per construct tag of a feature, in an implementer's words
/// ([`constructs::Construct::phrase`]).
pub fn construct_phrase(tag: &str) -> Option<&'static str> {
    constructs::phrase(tag)
}

/// The behaviour label of a feature: its first construct in the constructs' label order
/// ([`constructs::label_order`]).
pub fn primary_construct(feature: &str) -> &'static str {
    let (decision, extra) = feature_tags(feature);
    constructs::label_order()
        .into_iter()
        .find(|c| extra.contains(c) || decision.contains(c))
        .unwrap_or(constructs::OTHER)
}

/// The behaviour in words: what the minimal input exercises.
pub fn behaviour(feature: &str) -> String {
    let (decision, extra) = feature_tags(feature);
    let mut phrases: Vec<&str> = Vec::new();
    for tag in extra.iter().chain(decision.iter().skip(1)) {
        if let Some(p) = construct_phrase(tag)
            && !phrases.contains(&p)
        {
            phrases.push(p);
        }
    }
    if let Some(p) = decision.first().and_then(|t| construct_phrase(t))
        && !phrases.contains(&p)
    {
        phrases.push(p);
    }
    phrases.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuzz::findings::FirstSeen;

    fn family(id: &str, split: &[(&str, Answer)], feature: &str) -> Family {
        Family {
            id: id.into(),
            feature: feature.into(),
            signature: format!("{feature} || {id}"),
            split: split.iter().map(|(n, a)| ((*n).to_owned(), *a)).collect(),
            against_rfc9309: Vec::new(),
            against_google: Vec::new(),
            hits: 2,
            first_seen: FirstSeen { seed: 1, case: 1 },
            classes: Vec::new(),
            input: None,
            minimised_for: String::new(),
            also_minimised_for: Vec::new(),
            transformation: None,
            contract: Vec::new(),
            timeout_ms: None,
            ablation: Vec::new(),
            cleaned_for: BTreeMap::new(),
        }
    }

    /// A library the adapter manifests make a witness for both profiles (`witness`).
    fn witness() -> &'static str {
        let google = crate::engines::library::witnesses(Profile::Google);
        crate::engines::library::witnesses(Profile::Rfc9309)
            .into_iter()
            .find(|w| google.contains(w))
            .expect("a witness for both profiles")
    }

    #[test]
    fn one_behaviour_seen_by_different_sets_is_one_root_cause_each() {
        use Answer::{Allow, Disallow};
        let refs = [
            ("reference-rfc9309", Allow),
            ("reference-google", Allow),
            ("reference-legacy", Allow),
        ];
        let a: Vec<(&str, Answer)> = refs
            .iter()
            .copied()
            .chain([("lib-a", Disallow), ("lib-b", Disallow), ("lib-c", Allow)])
            .chain([(witness(), Allow)])
            .collect();
        let b: Vec<(&str, Answer)> = refs
            .iter()
            .copied()
            .chain([("lib-a", Disallow), ("lib-b", Allow), ("lib-c", Disallow)])
            .chain([(witness(), Allow)])
            .collect();
        let index = Index {
            schema: 1,
            families: vec![
                family("f1", &a, "disallow-rule wildcard"),
                family("f2", &b, "disallow-rule wildcard"),
            ],
            ..Index::default()
        };
        let causes = root_causes(&index);
        let of = |name: &str| causes.iter().filter(|c| c.implementation == name).count();
        assert_eq!((of("lib-a"), of("lib-b"), of("lib-c")), (1, 1, 1));
        let lib_a = causes.iter().find(|c| c.implementation == "lib-a");
        assert_eq!(lib_a.map(|c| c.families.len()), Some(2));
        assert_eq!(lib_a.map(|c| c.hits), Some(4));
        // Pure: the same catalogue in another order gives the same root causes.
        let mut reversed = index.clone();
        reversed.families.reverse();
        assert_eq!(root_causes(&reversed), causes);

        // The same behaviour contradicting one profile in a third file is still one root
        // cause, shown by a family that contradicts both.
        let split: Vec<(&str, Answer)> = [
            ("reference-rfc9309", Allow),
            ("reference-google", Disallow),
            ("reference-legacy", Allow),
            ("lib-a", Disallow),
            ("lib-b", Allow),
            ("lib-c", Allow),
            ("lib-d", Allow),
            (witness(), Disallow),
        ]
        .to_vec();
        let mut more = index.clone();
        more.families
            .push(family("f0", &split, "disallow-rule wildcard"));
        let causes = root_causes(&more);
        let lib_a: Vec<&RootCause> = causes
            .iter()
            .filter(|c| c.implementation == "lib-a")
            .collect();
        assert_eq!(lib_a.len(), 1);
        assert_eq!(lib_a[0].families.len(), 3);
        assert_eq!(lib_a[0].expected.len(), 2);
        assert_ne!(lib_a[0].representative, "f0");
    }

    #[test]
    fn a_library_s_root_causes_come_from_its_own_minimisations() {
        use Answer::{Allow, Disallow};
        let split = [
            ("reference-rfc9309", Allow),
            ("reference-google", Allow),
            ("reference-legacy", Allow),
            ("lib-a", Disallow),
            ("lib-b", Disallow),
            (witness(), Allow),
        ];
        let mut crlf = family("f1", &split, "no-matching-rule + crlf");
        crlf.minimised_for = "lib-b".into();
        let mut plain = family("f2", &split, "no-matching-rule + crlf");
        plain.minimised_for = "lib-a".into();
        let index = Index {
            schema: 1,
            families: vec![crlf.clone()],
            ..Index::default()
        };
        // Minimised for lib-b only: lib-a gets no root cause from it.
        let causes = root_causes(&index);
        assert_eq!(causes.len(), 1);
        assert_eq!(causes[0].implementation, "lib-b");
        // With lib-a's own family of the same key, lib-b's adds evidence to it.
        let index = Index {
            schema: 1,
            families: vec![crlf, plain],
            ..Index::default()
        };
        let causes = root_causes(&index);
        let lib_a = causes
            .iter()
            .find(|c| c.implementation == "lib-a")
            .expect("lib-a");
        assert_eq!(lib_a.families, vec!["f2".to_owned(), "f1".to_owned()]);
        assert_eq!(lib_a.representative, "f2");
    }

    #[test]
    fn another_library_s_family_against_the_other_profile_adds_no_evidence() {
        use Answer::{Allow, Disallow};
        let against = |rfc9309: Answer, google: Answer| {
            [
                ("reference-rfc9309", rfc9309),
                ("reference-google", google),
                ("reference-legacy", google),
                ("lib-a", Disallow),
                ("lib-b", Disallow),
                ("lib-c", Allow),
                (witness(), Allow),
            ]
        };
        let mut own = family(
            "f1",
            &against(Allow, Disallow),
            "disallow-rule + missing-colon",
        );
        own.minimised_for = "lib-a".into();
        let mut other = family(
            "f2",
            &against(Disallow, Allow),
            "disallow-rule + missing-colon",
        );
        other.minimised_for = "lib-b".into();
        let mut same = family(
            "f3",
            &against(Allow, Disallow),
            "disallow-rule + missing-colon",
        );
        same.minimised_for = "lib-b".into();
        let index = Index {
            schema: 1,
            families: vec![own, other, same],
            ..Index::default()
        };
        let causes = root_causes(&index);
        let lib_a = causes
            .iter()
            .find(|c| c.implementation == "lib-a")
            .expect("lib-a");
        assert_eq!(lib_a.expected, BTreeMap::from([(Profile::Rfc9309, Allow)]));
        assert_eq!(lib_a.families, vec!["f1".to_owned(), "f3".to_owned()]);
        // f2 is not lost: lib-a deviates there in none of its root causes, which the report
        // lists as such.
        let refs: Vec<&RootCause> = causes.iter().collect();
        let foreign: Vec<&str> = foreign_families(&index, &refs, "lib-a")
            .iter()
            .map(|f| f.id.as_str())
            .collect();
        assert_eq!(foreign, ["f2"]);
    }

    #[test]
    fn a_lonely_reference_is_suspected_first() {
        use Answer::{Allow, Disallow};
        let split = [
            ("reference-rfc9309", Disallow),
            ("reference-google", Disallow),
            ("reference-legacy", Disallow),
            ("lib-a", Allow),
            ("lib-b", Allow),
            ("lib-c", Disallow),
            (witness(), Allow),
        ];
        let index = Index {
            schema: 1,
            families: vec![family("f1", &split, "disallow-rule + bom")],
            ..Index::default()
        };
        assert_eq!(
            suspect_profiles(&index.families[0]),
            vec![Profile::Rfc9309, Profile::Google]
        );
        let causes = root_causes(&index);
        assert!(causes.iter().all(|c| c.kind == Kind::CheckReference));
        assert!(causes.iter().all(|c| !c.ranked()));
        // Without Google's parser on the majority's side, the reference is not suspected.
        let mut trusted = index.clone();
        trusted.families[0].split.insert(witness().into(), Disallow);
        assert!(suspect_profiles(&trusted.families[0]).is_empty());
        assert!(root_causes(&trusted).iter().all(RootCause::ranked));
    }
}
