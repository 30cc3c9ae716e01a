//! The sentence a root cause contradicts, with its force: what a findings entry cites and is
//! judged by ([`crate::fuzz::standing::judge`]).

use reptest_reference::Profile;

use crate::fuzz::clauses::Clause;
use crate::fuzz::measured::RootMeasure;
use crate::fuzz::rootcause::{RootCause, feature_tags};

/// The clause for a construct tag ([`crate::fuzz::constructs::Construct::clause`]).
pub fn clause_for_tag(tag: &str) -> Option<Clause> {
    crate::fuzz::constructs::clause(tag)
}

/// The clause a root cause contradicts, with its force: the covering spec case's force when
/// there is one; `profile-split` when the reference's profiles differ and only one is
/// contradicted; else the clause of its most specific construct.
pub fn clause(cause: &RootCause, measured: Option<&RootMeasure>) -> Clause {
    if cause.file_ignored {
        return Clause {
            source: "RFC 9309 §2.3.1.5 (the library ignores the whole file on this construct: a \
                     group `User-agent: XqzvwProbeBot` / `Disallow: /xqzvw-page`, put in the \
                     file (first; last where the file starts with a byte order mark), is not \
                     obeyed either, asked \
                     about that crawler and the URL `/xqzvw-page`)",
            text: "Crawlers MUST try to parse each line of the robots.txt file. Crawlers MUST use \
                   the parseable rules.",
            force: "must",
        };
    }
    if cause.profile_mix() {
        return Clause {
            source: "the clauses of each construct, where the `rfc9309` and `google` profiles \
                     read the file differently",
            text: "Each construct is a point where the two profiles part; the library reads one \
                   as `rfc9309` does and another as `google` does (neutralise either and it \
                   gives one profile's answer), and so gives neither profile's answer here.",
            force: "profile-split",
        };
    }
    // A `$` before the anchor that the library decoded from `%24` (no `$` is written inside
    // the rule): §2.2.2's MUST on escaped reserved characters decides, not the texts'
    // silence on a `$` inside a pattern.
    if cause.construct == "inner-dollar" {
        let (decision, _) = feature_tags(&cause.feature);
        if decision.contains(&"percent") && !decision.contains(&"inner-dollar") {
            return crate::fuzz::clauses::required("PERCENT").clone();
        }
    }
    if let Some(profile_split) = cause.profile_split {
        // Derived from evidence: the construct's clause, with that sentence's force; a profile
        // split where the construct is where the profiles decide differently. A covering
        // case's force (the weakest of all its checks, which may be about another point of
        // its file) is used only where the clause has none.
        let (decision, _) = feature_tags(&cause.feature);
        // Several constructs of one profile split (a misspelled field name without its colon):
        // the sentence of the first, whose reading the profiles differ on.
        let subject = match cause.with.first() {
            Some(first) if cause.construct == crate::fuzz::ablation::COMBINED && profile_split => {
                first
            }
            _ => cause.construct,
        };
        let mut found = clause_for_tag(subject)
            .or_else(|| decision.first().and_then(|t| clause_for_tag(t)))
            .unwrap_or(Clause {
                source: "none found",
                text: "No sentence of the texts decides this question.",
                force: "undefined",
            });
        if let Some(lost) = rules_lost(cause) {
            return lost;
        }
        if profile_split {
            found.force = split_force(subject, found.force);
        } else if found.force == "undefined"
            && let Some(case) = measured.and_then(|m| m.case.as_ref())
        {
            found.force = match case.force.as_str() {
                "must" => "must",
                "should" => "should",
                "may" => "may",
                _ => "interpretation",
            };
        }
        return found;
    }
    let (decision, extra) = feature_tags(&cause.feature);
    let mut found = std::iter::once(&cause.construct)
        .chain(extra.iter())
        .chain(decision.iter().skip(1))
        .chain(decision.first())
        .find_map(|t| clause_for_tag(t))
        .unwrap_or(Clause {
            source: "none found",
            text: "No sentence of the texts decides this question.",
            force: "undefined",
        });
    let rfc = cause.reference.get(&Profile::Rfc9309);
    let google = cause.reference.get(&Profile::Google);
    if cause.expected.len() == 1 && rfc != google {
        found.force = split_force(cause.construct, found.force);
    }
    if let Some(lost) = rules_lost(cause) {
        found = lost;
    }
    if let Some(case) = measured.and_then(|m| m.case.as_ref())
        && found.force != "profile-split"
    {
        found.force = match case.force.as_str() {
            "must" => "must",
            "should" => "should",
            "may" => "may",
            _ => "interpretation",
        };
    }
    found
}

/// The clause of a misspelled or colonless line on which both profiles give one answer,
/// however each reads it, while the implementation gives another: it neither ignored the
/// line nor read it as meant, but lost the rules around it (§2.3.1.5). `None` otherwise.
fn rules_lost(cause: &RootCause) -> Option<Clause> {
    let rfc = cause.reference.get(&Profile::Rfc9309);
    let google = cause.reference.get(&Profile::Google);
    (matches!(cause.construct, "misspelling" | "missing-colon")
        && cause.expected.len() == 2
        && rfc == google)
        .then_some(Clause {
            source: "RFC 9309 §2.3.1.5 (both profiles give this answer, whether the line is \
                     ignored or read as meant)",
            text: "Crawlers MUST try to parse each line of the robots.txt file. Crawlers MUST use \
                   the parseable rules.",
            force: "must",
        })
}

/// The force of a profile split on `construct` whose clause has `force`: `profile-split`,
/// except where the `rfc9309` side is the reference's reading of a text silent on a
/// construct that Google's parser has no reading of its own either (a `%` that starts no
/// escape, a BOM inside the file, an empty `user-agent` line), or where the line breaks the
/// grammar both texts share (a space inside a rule's path: a library may encode it, compare
/// it as written, or drop the line, and each is a reading of a line that does not conform),
/// which stays an `interpretation`. Hex digits' case is a profile split: Google's parser
/// upper-cases only the rule's hex digits, and the `rfc9309` profile compares them in either
/// case alike; a library that does either follows one profile (the clause says which side
/// is a reading).
fn split_force(construct: &str, force: &'static str) -> &'static str {
    if force == "interpretation" && crate::fuzz::constructs::is(construct, |c| c.split_read) {
        "interpretation"
    } else {
        "profile-split"
    }
}

#[cfg(test)]
mod tests {
    use super::split_force;

    #[test]
    fn a_profile_split_keeps_interpretation_only_where_google_s_parser_has_no_reading() {
        // Google's parser upper-cases only a rule's hex digits: a library doing so, or
        // comparing them in either case as the `rfc9309` profile does, follows one profile.
        assert_eq!(split_force("hex-case", "interpretation"), "profile-split");
        // A space inside a path breaks the grammar both texts share: each side is a reading.
        assert_eq!(
            split_force("inner-space", "interpretation"),
            "interpretation"
        );
        // A bare `%`, an inner BOM, an empty `user-agent` line: one side is only a reading.
        assert_eq!(
            split_force("bare-percent", "interpretation"),
            "interpretation"
        );
        assert_eq!(
            split_force("skipped-empty-agent", "interpretation"),
            "interpretation"
        );
        assert_eq!(split_force("missing-colon", "must"), "profile-split");
    }
}
