//! An entry's title: the misbehaviour its evidence shows ([`crate::fuzz::constructs::MISBEHAVIOURS`]),
//! confirmed where the library was asked the misbehaviour's canonical input
//! ([`crate::fuzz::constructs::CONFIRMATIONS`]).

use std::collections::BTreeMap;

use reptest_reference::Profile;

use crate::answer::Answer;
use crate::fuzz::constructs::{Confirmation, Evidence, Misbehaviour};
use crate::fuzz::findings::Index;
use crate::fuzz::measured::Measured;
use crate::fuzz::rootcause::RootCause;

/// What one behaviour's root causes (its verdict directions) show the library does wrong: the
/// misbehaviour of their construct ([`crate::fuzz::constructs::MISBEHAVIOURS`]) whose evidence
/// each of them holds on the input its repro shows (the minimal input, or the same made
/// readable); where those show none, the real file's lines that matter, and where they show
/// several, those the real file shows too (the reference asked again about each input read as
/// the misbehaviour says, where that is its evidence). `None` where no one misbehaviour is shown by all: the evidence cannot tell, and
/// the title stays neutral.
///
/// With the title comes, per root cause, whether its real file shows that same misbehaviour:
/// a real file where the library flips for another reason (the same construct, a different
/// fault) is not this entry's example, and its section leaves it out.
pub(crate) fn misbehaviour(
    causes: &[&RootCause],
    index: &Index,
    measured: &Measured,
) -> (Option<&'static Misbehaviour>, Vec<bool>) {
    let mut common: Option<Vec<&'static Misbehaviour>> = None;
    let mut real_shown: Vec<Option<Vec<&'static Misbehaviour>>> = Vec::new();
    for cause in causes {
        let Some(shown_input) = crate::fuzz::standing::shown(cause, index) else {
            return (None, vec![true; causes.len()]);
        };
        let example = measured
            .root_causes
            .get(&cause.id)
            .and_then(|m| m.example.as_ref());
        let mut inputs = vec![shown_input];
        if let Some(readable) = example.and_then(|e| e.readable.as_ref()) {
            inputs.push(readable.input.input());
        }
        let shown_on = |inputs: &[crate::fuzz::generate::Input],
                        answer: Answer,
                        expected: &BTreeMap<Profile, Answer>| {
            let mut shown: Vec<&'static Misbehaviour> = Vec::new();
            for input in inputs {
                for m in crate::fuzz::ablation::misbehaviours_shown(
                    cause.construct,
                    input,
                    answer,
                    expected,
                ) {
                    if !shown.iter().any(|s| same_row(s, m)) {
                        shown.push(m);
                    }
                }
            }
            shown
        };
        let repro = shown_on(&inputs, cause.answer, &cause.expected);
        // A real file flips either way: read with its own answers.
        let real = example.and_then(|e| e.real.as_ref()).map(|real| {
            let expected = cause
                .expected
                .keys()
                .filter_map(|p| Some((*p, *real.reference.get(p)?)))
                .collect();
            shown_on(&[real.excerpt_input()], real.answer, &expected)
        });
        // The repro's misbehaviours, narrowed by the real file where it tells them apart; the
        // real file's where the repro shows none.
        // A misbehaviour the library's answer on its canonical input does not confirm is
        // not this library's, whatever these inputs show.
        let confirmed = |m: &&'static Misbehaviour| !refuted(measured, &cause.implementation, m);
        let repro: Vec<&'static Misbehaviour> = repro.into_iter().filter(confirmed).collect();
        let real: Option<Vec<&'static Misbehaviour>> =
            real.map(|r| r.into_iter().filter(confirmed).collect());
        let mine = match (repro.len(), &real) {
            (0, Some(real)) => real.clone(),
            (2.., Some(real)) if !intersect(repro.clone(), real).is_empty() => {
                intersect(repro, real)
            }
            _ => repro,
        };
        common = Some(match common {
            None => mine,
            Some(before) => intersect(before, &mine),
        });
        real_shown.push(real);
    }
    let common = common.unwrap_or_default();
    let first = causes[0];
    let same = causes
        .iter()
        .all(|c| c.construct == first.construct && c.file_ignored == first.file_ignored);
    // A library ignoring the whole file on the construct takes only a title saying so.
    let whole_file =
        |m: &Misbehaviour| (m.evidence == Evidence::ConfirmedWholeFile) == first.file_ignored;
    let title = match common.as_slice() {
        // A title asked of the library and listed before the one its inputs show is the
        // broader fault it confirms (an empty `user-agent` naming every crawler, where any
        // part of the name selects a group): that one is what it does wrong.
        [one] => Some(
            crate::fuzz::constructs::misbehaviours(first.construct)
                .take_while(|m| !same_row(m, one))
                .find(|m| {
                    same && !first.file_ignored
                        && m.evidence == Evidence::Confirmed
                        && confirmed(measured, &first.implementation, m)
                        && causes.iter().all(|c| fits(m, c))
                })
                .unwrap_or(*one),
        ),
        // Where the inputs show several or none, the library's answer on the canonical inputs
        // tells: of those shown (else of the construct's), the first it confirms.
        shown => {
            let asked: Vec<&'static Misbehaviour> = if shown.is_empty() {
                crate::fuzz::constructs::misbehaviours(first.construct).collect()
            } else {
                shown.to_vec()
            };
            asked.into_iter().find(|m| {
                same && whole_file(m)
                    && confirmed(measured, &first.implementation, m)
                    && causes.iter().all(|c| fits(m, c))
            })
        }
    };
    let agrees = real_shown
        .iter()
        .map(|real| match (title, real) {
            (Some(m), Some(real)) => real.iter().any(|s| same_row(s, m)),
            _ => true,
        })
        .collect();
    (title, agrees)
}

/// Whether the canonical answer of `m` is of the kind `cause` answers: a title whose library
/// fails on its canonical input (a panic) is not the title of a verdict, nor the other way.
fn fits(m: &Misbehaviour, cause: &RootCause) -> bool {
    crate::fuzz::constructs::confirmation(m.title)
        .is_none_or(|c| (c.answer == Answer::Error) == (cause.answer == Answer::Error))
}

/// What `implementation` answered on the canonical input titled `title`
/// ([`crate::fuzz::constructs::CONFIRMATIONS`]) and what a library with that misbehaviour
/// answers there, where it was asked.
fn asked(measured: &Measured, implementation: &str, title: &str) -> Option<(Answer, Answer)> {
    let confirmation = crate::fuzz::constructs::confirmation(title)?;
    let answer = measured.confirmations.get(implementation)?.get(title)?;
    Some((*answer, confirmation.answer))
}

/// The titles whose canonical inputs stand for `m`: its own, and the second fault's where its
/// title names two ([`crate::fuzz::constructs::CONFIRMED_WITH`]).
fn canonical_titles(m: &Misbehaviour) -> impl Iterator<Item = &'static str> + '_ {
    std::iter::once(m.title).chain(
        crate::fuzz::constructs::CONFIRMED_WITH
            .iter()
            .filter(|(title, _)| *title == m.title)
            .map(|(_, with)| *with),
    )
}

/// What `implementation` answered on the control of the canonical input titled `title`
/// ([`crate::fuzz::constructs::CONTROLS`]) and what a library with that misbehaviour (and the
/// reference) answers there, where it was asked.
fn controlled(measured: &Measured, implementation: &str, title: &str) -> Option<(Answer, Answer)> {
    let control = crate::fuzz::constructs::control(title)?;
    let answer = measured.controls.get(implementation)?.get(title)?;
    Some((*answer, control.answer))
}

/// Whether `implementation` answered a canonical input of `m` as the reference does (a
/// verdict other than the misbehaviour's), or its control otherwise than the reference. Unasked,
/// or an answer that is no verdict, refutes nothing.
fn refuted(measured: &Measured, implementation: &str, m: &Misbehaviour) -> bool {
    let verdict_not = |(answer, predicted): (Answer, Answer)| {
        matches!(answer, Answer::Allow | Answer::Disallow) && answer != predicted
    };
    canonical_titles(m).any(|title| {
        asked(measured, implementation, title).is_some_and(verdict_not)
            || controlled(measured, implementation, title).is_some_and(verdict_not)
    })
}

/// Whether `implementation` answered every canonical input of `m` as a library with `m` does,
/// and every control of one as the reference does.
pub(crate) fn confirmed(measured: &Measured, implementation: &str, m: &Misbehaviour) -> bool {
    canonical_titles(m).all(|title| {
        asked(measured, implementation, title)
            .is_some_and(|(answer, predicted)| answer == predicted)
            && crate::fuzz::constructs::control(title).is_none_or(|_| {
                controlled(measured, implementation, title)
                    .is_some_and(|(answer, predicted)| answer == predicted)
            })
    })
}

/// The newer versions of `implementation`'s library (the adapters naming the same
/// implementation at a higher version) that answer the canonical input `c` as the reference
/// does: where the fault is fixed. Each as (adapter name, version).
pub(crate) fn fixed_in(
    measured: &Measured,
    implementation: &str,
    c: &Confirmation,
) -> Vec<(&'static str, &'static str)> {
    let Some(mine) = crate::engines::library::library(implementation) else {
        return Vec::new();
    };
    let numbers = |v: &str| -> Vec<u32> {
        v.split(|ch: char| !ch.is_ascii_digit())
            .filter_map(|n| n.parse().ok())
            .collect()
    };
    crate::engines::library::libraries()
        .values()
        .filter(|l| {
            l.manifest.implementation == mine.manifest.implementation
                && numbers(&l.manifest.version) > numbers(&mine.manifest.version)
        })
        .filter(|l| {
            measured
                .confirmations
                .get(&l.manifest.name)
                .and_then(|answers| answers.get(c.title))
                .is_some_and(|a| matches!(a, Answer::Allow | Answer::Disallow) && *a != c.answer)
        })
        .map(|l| (l.manifest.name.as_str(), l.manifest.version.as_str()))
        .collect()
}

/// Whether `a` and `b` are one row of the table (a constant's rows are compared by what they
/// say, not where they are stored).
fn same_row(a: &Misbehaviour, b: &Misbehaviour) -> bool {
    a.construct == b.construct && a.evidence == b.evidence && a.title == b.title
}

/// The misbehaviours of `before` that `other` holds too.
fn intersect(
    before: Vec<&'static Misbehaviour>,
    other: &[&'static Misbehaviour],
) -> Vec<&'static Misbehaviour> {
    before
        .into_iter()
        .filter(|m| other.iter().any(|s| same_row(s, m)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuzz::constructs::{MISBEHAVIOURS, confirmation};

    /// A title the library's answer on its canonical input contradicts is refuted; one it
    /// confirms, one not asked, and an answer that is no verdict are not. Only the answer the
    /// misbehaviour predicts confirms it.
    #[test]
    fn a_misbehaviour_is_refuted_only_by_the_reference_s_verdict_on_its_canonical_input() {
        use super::{Answer, Measured, refuted};
        use crate::fuzz::constructs::{CONFIRMATIONS, MISBEHAVIOURS};
        // A title asked on its canonical input alone: no control, no second fault.
        let c = CONFIRMATIONS
            .iter()
            .find(|c| {
                c.answer != Answer::Error
                    && crate::fuzz::constructs::control(c.title).is_none()
                    && crate::fuzz::constructs::CONFIRMED_WITH
                        .iter()
                        .all(|(title, _)| *title != c.title)
            })
            .expect("a confirmation predicting a verdict");
        let m = MISBEHAVIOURS
            .iter()
            .find(|m| m.title == c.title)
            .expect("titled");
        let other = if c.answer == Answer::Allow {
            Answer::Disallow
        } else {
            Answer::Allow
        };
        let with = |answer: Answer| {
            let mut measured = Measured::default();
            measured.confirmations.insert(
                "lib".to_owned(),
                [(c.title.to_owned(), answer)].into_iter().collect(),
            );
            measured
        };
        assert!(refuted(&with(other), "lib", m));
        assert!(!refuted(&with(c.answer), "lib", m));
        assert!(super::confirmed(&with(c.answer), "lib", m));
        assert!(!super::confirmed(&with(other), "lib", m));
        assert!(!super::confirmed(&with(Answer::Error), "lib", m));
        assert!(!super::confirmed(&with(c.answer), "another", m));
        assert!(!refuted(&with(Answer::Error), "lib", m));
        assert!(!refuted(&with(other), "another", m));
    }

    /// A title with a control is confirmed only where the library answers the control as the
    /// reference does too, and refuted where it answers the control the other way (another
    /// fault gave the canonical input its answer).
    #[test]
    fn a_misbehaviour_whose_control_is_answered_otherwise_is_refuted() {
        use super::{Answer, Measured, refuted};
        use crate::fuzz::constructs::{CONTROLS, MISBEHAVIOURS, confirmation};
        let control = CONTROLS
            .iter()
            .find(|c| {
                crate::fuzz::constructs::CONFIRMED_WITH
                    .iter()
                    .all(|(title, _)| *title != c.title)
            })
            .expect("a control");
        let c = confirmation(control.title).expect("a canonical input");
        let m = MISBEHAVIOURS
            .iter()
            .find(|m| m.title == c.title)
            .expect("titled");
        let other = |a: Answer| {
            if a == Answer::Allow {
                Answer::Disallow
            } else {
                Answer::Allow
            }
        };
        let with = |canonical: Answer, controlled: Option<Answer>| {
            let mut measured = Measured::default();
            measured.confirmations.insert(
                "lib".to_owned(),
                [(c.title.to_owned(), canonical)].into_iter().collect(),
            );
            if let Some(answer) = controlled {
                measured.controls.insert(
                    "lib".to_owned(),
                    [(c.title.to_owned(), answer)].into_iter().collect(),
                );
            }
            measured
        };
        assert!(super::confirmed(
            &with(c.answer, Some(control.answer)),
            "lib",
            m
        ));
        assert!(!refuted(&with(c.answer, Some(control.answer)), "lib", m));
        assert!(!super::confirmed(
            &with(c.answer, Some(other(control.answer))),
            "lib",
            m
        ));
        assert!(refuted(
            &with(c.answer, Some(other(control.answer))),
            "lib",
            m
        ));
        // Unasked, the control confirms nothing and refutes nothing.
        assert!(!super::confirmed(&with(c.answer, None), "lib", m));
        assert!(!refuted(&with(c.answer, None), "lib", m));
    }

    fn cause(answer: Answer, expected: Answer) -> RootCause {
        RootCause::planted(answer, expected)
    }

    /// The first row whose canonical input the library answers `answer` on.
    fn row_answering(answer: Answer) -> &'static Misbehaviour {
        MISBEHAVIOURS
            .iter()
            .find(|m| confirmation(m.title).is_some_and(|c| c.answer == answer))
            .expect("a row with such a canonical answer")
    }

    /// A title whose library fails on its canonical input (a panic) is a failure's title, and
    /// a verdict's title is a verdict's: neither is given to the other.
    #[test]
    fn a_failure_s_title_fits_a_failure_and_a_verdict_s_a_verdict() {
        let fails = row_answering(Answer::Error);
        let allows = row_answering(Answer::Allow);
        let error = cause(Answer::Error, Answer::Disallow);
        let verdict = cause(Answer::Allow, Answer::Disallow);
        assert!(fits(fails, &error));
        assert!(!fits(fails, &verdict));
        assert!(fits(allows, &verdict));
        assert!(!fits(allows, &error));
    }

    /// Rows are one row when construct, evidence and title agree, wherever the copy was read.
    #[test]
    fn rows_are_compared_by_what_they_say() {
        let row = MISBEHAVIOURS[0];
        assert!(same_row(&row, &MISBEHAVIOURS[0]));
        let other = MISBEHAVIOURS
            .iter()
            .find(|m| m.title == row.title && m.evidence != row.evidence);
        if let Some(other) = other {
            assert!(!same_row(&row, other));
        }
        assert!(!same_row(&row, &MISBEHAVIOURS[1]));
    }

    /// A real check counts for a root cause in either verdict direction, where the library
    /// departs from the reference under every profile the cause expects; not where it agrees,
    /// nor where it fails.
    #[test]
    fn a_real_check_counts_in_either_direction() {
        use crate::fuzz::filing::same_way;
        let allows = cause(Answer::Allow, Answer::Disallow);
        let say = |a: Answer| BTreeMap::from([(Profile::Rfc9309, a), (Profile::Google, a)]);
        assert!(same_way(&allows, Answer::Allow, &say(Answer::Disallow)));
        assert!(same_way(&allows, Answer::Disallow, &say(Answer::Allow)));
        assert!(!same_way(&allows, Answer::Allow, &say(Answer::Allow)));
        assert!(!same_way(&allows, Answer::Error, &say(Answer::Disallow)));
    }
}
