//! What a root cause is to its library's maintainer: a *defect* to act on, a *reading* of a
//! point where the texts part, or a point no text decides.
//!
//! - A **defect**: the library contradicts a MUST or SHOULD on which the profiles agree (it
//!   answers as neither `rfc9309` nor `google` does), or, claiming to port Google's parser (its
//!   manifest's `[claim]`), answers otherwise than Google's parser on the same input, or fails
//!   where the reference answers.
//! - A **reading**: where the profiles part (force `profile-split`), the library answers as one
//!   of them; where the texts are silent (force `interpretation`), it answers as one profile or
//!   as Google's parser does. A library claiming Google's reading that answers as Google's
//!   parser (a `witness` for `google`) does on the representative input is never a defect.
//! - **Undefined**: no text decides (an `interpretation` no profile and not Google's parser
//!   shares, or a `may`): opposite answers are both acceptable.
//!
//! The verdict direction is not part of a behaviour: the findings reports
//! ([`crate::fuzz::filing`]) group both directions into one entry.

use reptest_reference::Profile;

use crate::answer::Answer;
use crate::engines::adapters::ClaimedReading;
use crate::engines::library;
use crate::fuzz::clauses::Clause;
use crate::fuzz::findings::Index;
use crate::fuzz::rootcause::{Kind, RootCause};

/// Defect, reading or undefined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Standing {
    /// A defect a maintainer acts on.
    Defect,
    /// A reading of a point where the texts part or are silent.
    Reading,
    /// No text decides.
    Undefined,
}

/// A root cause's standing and the sentence saying why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// Its standing.
    pub standing: Standing,
    /// Why, in a sentence (`answers as \`google\` reads the texts`).
    pub why: String,
}

/// The reading `implementation`'s documentation claims (its manifest's `[claim]`).
pub fn claim(implementation: &str) -> ClaimedReading {
    library::library(implementation)
        .and_then(|l| l.manifest.claim.as_ref())
        .map_or(ClaimedReading::None, |c| c.reading)
}

/// A `google` witness (Google's parser) answering as the cause's library does on its
/// representative input: the witness's name.
fn as_googles_parser<'w>(
    cause: &RootCause,
    index: &Index,
    witnesses: &'w [&'static str],
) -> Option<&'w str> {
    let family = index
        .families
        .iter()
        .find(|f| f.id == cause.representative)?;
    witnesses
        .iter()
        .find(|w| **w != cause.implementation && family.split.get(**w) == Some(&cause.answer))
        .copied()
}

/// Where the library's answer is what the reference gives under one profile once a point the
/// texts leave open is read another way: the cause's own construct, where the profiles part
/// on it or the texts are silent (a line without its colon read as meant, or taken out), or
/// any construct of the input that no text defines (a rule path without its leading `/`).
/// The library reads that point one way and the rest of the file as the profile does: a
/// reading, as each of its two parts is. The construct and the profile.
fn read_one_way(cause: &RootCause, index: &Index) -> Option<(&'static str, Profile)> {
    let open = |construct: &str| {
        (construct == cause.construct
            && matches!(
                force_of(construct),
                Some("profile-split" | "interpretation")
            ))
            || force_of(construct) == Some("undefined")
    };
    if !matches!(cause.answer, Answer::Allow | Answer::Disallow) {
        return None;
    }
    let input = shown(cause, index)?;
    let url = input.urls.first()?;
    let answer = |input: &crate::fuzz::generate::Input, profile| {
        let robots = reptest_reference::Robots::parse(
            &input.body(),
            reptest_reference::ParseOptions::new(profile),
        );
        let agents = [input.agent.as_str()];
        let selection = robots.select(&agents);
        let verdict = selection.check_url(url).ok()?;
        Some(if verdict.allowed {
            Answer::Allow
        } else {
            Answer::Disallow
        })
    };
    crate::fuzz::ablation::variants(&input)
        .into_iter()
        .filter(|(c, _)| open(c))
        .find_map(|(construct, variant)| {
            [Profile::Rfc9309, Profile::Google]
                .into_iter()
                .find(|p| answer(&variant, *p) == Some(cause.answer))
                .map(|p| (construct, p))
        })
}

/// The input a root cause's section shows: its representative family's, as its library was
/// asked it.
pub(crate) fn shown(cause: &RootCause, index: &Index) -> Option<crate::fuzz::generate::Input> {
    let family = index
        .families
        .iter()
        .find(|f| f.id == cause.representative)?;
    let seen = crate::fuzz::ablation::for_implementation(family, &cause.implementation);
    Some(crate::fuzz::ablation::shown_input(&seen, &cause.implementation)?.input())
}

/// The force of `construct`'s clause.
fn force_of(construct: &str) -> Option<&'static str> {
    crate::fuzz::constructs::clause(construct).map(|c| c.force)
}

/// The profiles whose reference answer the library gives.
fn agreeing_profiles(cause: &RootCause) -> Vec<Profile> {
    [Profile::Rfc9309, Profile::Google]
        .into_iter()
        .filter(|p| cause.reference.get(p) == Some(&cause.answer))
        .collect()
}

/// Judges `cause` by the clause it cites, whose force is `must`, `should`, `may`,
/// `profile-split`, `interpretation` or `undefined`.
pub fn judge(cause: &RootCause, cited: &Clause, index: &Index) -> Judged {
    let force = cited.force;
    let judged = |standing, why: String| Judged { standing, why };
    if cause.kind == Kind::Error {
        return judged(
            Standing::Defect,
            "it fails where the reference answers".into(),
        );
    }
    let claim = claim(&cause.implementation);
    let witnesses = library::witnesses(Profile::Google);
    let family = index.families.iter().find(|f| f.id == cause.representative);
    // A port of Google's parser is judged against Google's parser itself, on the same input.
    // (Only this claim is checked so: the `legacy` profile is Google's pre-2019 text, while
    // libraries claiming the old texts cite the 1994/1996 drafts, which differ from it; and
    // where RFC 9309 and Google's text part, a library claiming RFC 9309 follows a reading of
    // it, not a sentence requiring the answer.)
    if claim == ClaimedReading::Google {
        if let Some(witness) = as_googles_parser(cause, index, &witnesses) {
            return judged(
                Standing::Reading,
                format!(
                    "it answers as Google's parser (`{witness}`) does, the reading its \
                     documentation claims"
                ),
            );
        }
        let witness_answer = witnesses
            .iter()
            .filter(|w| **w != cause.implementation)
            .find_map(|w| Some((*w, family?.split.get(*w)?)));
        if let Some((witness, answer)) = witness_answer
            && matches!(answer, Answer::Allow | Answer::Disallow)
            && matches!(force, "must" | "should" | "profile-split")
        {
            return judged(
                Standing::Defect,
                format!(
                    "it answers {} where Google's parser (`{witness}`), which its documentation \
                     claims to follow, answers {answer}",
                    cause.answer
                ),
            );
        }
    }
    // Two points where the profiles part, read one each way: on each point the library
    // follows one of the profiles, which is a reading, so the mix is one too; unless the
    // library claims to port Google's parser, which it then departs from on one of the points
    // (a library claiming RFC 9309 follows a reading of it on each point, as above).
    if cause.profile_mix() {
        return match claim {
            ClaimedReading::Google => judged(
                Standing::Defect,
                format!(
                    "of two points where the profiles part, it reads one against the `{}` \
                     reading its documentation claims",
                    claim.name()
                ),
            ),
            _ => judged(
                Standing::Reading,
                "the profiles part on each of its two points; it reads one as `google` and \
                 the other as `rfc9309` does"
                    .into(),
            ),
        };
    }
    // A MUST of Google's text alone, on a point RFC 9309 does not address: binding only on a
    // library that claims Google's reading.
    let rfc_silent = crate::fuzz::clauses::rfc_silent(cited)
        || crate::fuzz::constructs::clause(cause.construct)
            .is_some_and(|c| crate::fuzz::clauses::rfc_silent(&c));
    if rfc_silent && matches!(force, "must" | "should") && claim != ClaimedReading::Google {
        return judged(
            Standing::Reading,
            format!(
                "RFC 9309 does not address or does not decide this point; only Google's text \
                 requires the other answer, and the library's documentation claims {}",
                match claim {
                    ClaimedReading::None => "no reading".to_owned(),
                    other => format!("the `{}` reading", other.name()),
                }
            ),
        );
    }
    let agreeing = agreeing_profiles(cause);
    // Neither profile's answer on the input, but one profile's once the point where they part
    // is read the other way: a mix of two readings, as above.
    if claim != ClaimedReading::Google
        && agreeing.is_empty()
        && let Some((construct, profile)) = read_one_way(cause, index)
    {
        let what = crate::fuzz::constructs::phrase(construct).unwrap_or(construct);
        return if force_of(construct) == Some("undefined") {
            judged(
                Standing::Undefined,
                format!(
                    "no text says what a crawler does with {what}; read one way, the rest of \
                     the file gives the library's answer as `{profile}` does"
                ),
            )
        } else {
            judged(
                Standing::Reading,
                format!(
                    "the profiles part on {what}; it reads that point one way and the rest of \
                     the file as `{profile}` does"
                ),
            )
        };
    }
    let named = |profiles: &[Profile]| {
        profiles
            .iter()
            .map(|p| format!("`{p}`"))
            .collect::<Vec<_>>()
            .join(" and ")
    };
    // Whatever the clause's force, an input on which `rfc9309` and `google` answer apart is a
    // point where the profiles part: answering as one of them is a reading.
    if matches!(force, "must" | "should") && !agreeing.is_empty() {
        return judged(
            Standing::Reading,
            format!(
                "the profiles part on this input; it answers as {} does",
                named(&agreeing)
            ),
        );
    }
    match force {
        "must" | "should" => judged(
            Standing::Defect,
            format!(
                "it contradicts a {} on which the profiles agree",
                force.to_uppercase()
            ),
        ),
        "profile-split" if !agreeing.is_empty() => judged(
            Standing::Reading,
            format!(
                "the profiles part here; it answers as {} reads the texts",
                named(&agreeing)
            ),
        ),
        "interpretation" if !agreeing.is_empty() => judged(
            Standing::Reading,
            format!(
                "the texts are silent here; it answers as the reference's {} reading does",
                named(&agreeing)
            ),
        ),
        "interpretation" => match as_googles_parser(cause, index, &witnesses) {
            Some(witness) => judged(
                Standing::Reading,
                format!(
                    "the texts are silent here; it answers as Google's parser (`{witness}`) does"
                ),
            ),
            None => judged(
                Standing::Undefined,
                "no text decides this point: the reference's answer is one reading of a silent \
                 text"
                    .into(),
            ),
        },
        "may" => judged(
            Standing::Undefined,
            "the cited sentence allows either answer (MAY)".into(),
        ),
        // The cited sentence says what the input must be, not what a crawler does with one
        // that is not (a rule path without its leading `/`): any answer is one reading.
        "undefined" => judged(
            Standing::Undefined,
            "no text says what a crawler does with this input: any answer is one reading".into(),
        ),
        _ => judged(
            Standing::Defect,
            "it answers as neither profile does".into(),
        ),
    }
}
