//! The cause of one implementation's split: the construct named from the ablation's answers.

use std::collections::BTreeSet;

use reptest_reference::{Profile, RecordKind};

use super::ask::construct_name;
use super::describe::{LINES_OUT, variants};
use super::probes::COMBINED;
use super::probes::{
    ANCHORED_WILDCARD, SHARED_SPLIT, blank_ends_group, inner_escaped_dollar, rule_value,
    rule_values_where,
};
use super::readings::{flagged_under, profile_decisions};
use super::text::{Line, any_value_span, is_rule, is_space, line_readings, split_lines};
use crate::answer::Answer;
use crate::engines::reference_name;
use crate::fuzz::constructs;
use crate::fuzz::findings::Ablated;
use crate::fuzz::findings::{Family, FamilyInput};
use crate::fuzz::generate::Input;

/// What [`cause`] derived for one implementation in one family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cause {
    /// The construct named ([`COMBINED`] when none alone explains the split).
    pub construct: &'static str,
    /// For [`COMBINED`]: the constructs each of whose neutralisation removes the split (empty
    /// when none does).
    pub with: Vec<&'static str>,
    /// Whether the implementation answers as one of the reference's `rfc9309` and `google`
    /// profiles against the other: a profile split.
    pub profile_split: bool,
    /// Every construct whose every neutralisation removed the split (and changed the
    /// implementation's answer), before the narrower ones were preferred: what another root
    /// cause of the same implementation may show it reacts to.
    pub also: Vec<&'static str>,
}

/// The cause of `name`'s split in `family` against the reference under the profiles of
/// `expected`, from the family's ablation answers and the reference's account; `None` when
/// the family has constructs to ablate but no answers of `name` about them (a catalogue not
/// yet ablated: `reptest fuzz-report` asks).
pub fn cause(family: &Family, name: &str, expected: &[(Profile, Answer)]) -> Option<Cause> {
    let input = family.input.as_ref()?.input();
    let tried = variants(&input);
    let reference = |p: Profile| {
        family
            .split
            .get(&reference_name(p))
            .copied()
            .unwrap_or(Answer::Error)
    };
    let differ = reference(Profile::Rfc9309) != reference(Profile::Google);
    let one_profile = expected.len() == 1 && differ;
    let decisions = profile_decisions(&input);
    let plain = || {
        let (decision, _) = crate::fuzz::findings::feature_tags(&family.feature);
        // Google's parser derives a `…/$` rule from an `…/index.html` one, which is not in
        // the file: that is what a plain question's profiles differ on.
        if decision.contains(&"index-html") {
            return "index-html";
        }
        // A line Google's parser cuts short (its line buffer), which the profiles read apart.
        if one_profile && decisions.contains("long-line") {
            return "long-line";
        }
        decision
            .iter()
            .skip(1)
            .chain(decision.first())
            .find_map(|t| constructs::label_order().into_iter().find(|c| c == t))
            .unwrap_or(constructs::OTHER)
    };
    if tried.is_empty() {
        return Some(Cause {
            construct: plain(),
            with: Vec::new(),
            profile_split: one_profile,
            also: Vec::new(),
        });
    }
    let mut answered: Vec<(&'static str, &Ablated)> = Vec::new();
    for (construct, variant) in &tried {
        let stored = FamilyInput::of(variant);
        let found = family
            .ablation
            .iter()
            .find(|a| a.construct == *construct && a.input == stored)?;
        found.answers.get(name)?;
        answered.push((construct, found));
    }
    // An implementation that fails where the profiles answer apart no longer fails once it
    // answers as either: its failure is what the construct explains (a library failing on
    // two equal matches that, without them, answers a bare `%` as `rfc9309` does).
    let failed = family.split.get(name) == Some(&Answer::Error);
    let removes = |a: &Ablated| {
        let said = a.answers.get(name).copied().unwrap_or(Answer::Error);
        let profile = |p: Profile| a.answers.get(&reference_name(p));
        said.allowed().is_some()
            && (expected.iter().all(|(p, _)| profile(*p) == Some(&said))
                || failed
                    && differ
                    && profile(Profile::Rfc9309) != profile(Profile::Google)
                    && [Profile::Rfc9309, Profile::Google]
                        .into_iter()
                        .any(|p| profile(p) == Some(&said)))
    };
    // The constructs whose neutralisation brings the profiles to one answer.
    let unites = |a: &Ablated| {
        differ
            && a.answers.get(&reference_name(Profile::Rfc9309))
                == a.answers.get(&reference_name(Profile::Google))
    };
    // The implementation reacts to a construct when one of its neutralisations changes the
    // implementation's own answer. A neutralisation that removes the split only by moving the
    // reference (a misspelled line spelled right, which the reference then reads) says nothing
    // about the implementation: such a construct is no candidate.
    let original = family.split.get(name).copied();
    // A variant the implementation fails on (an error, a timeout) says nothing about the
    // construct either way, nor does one on which the reference's profiles part where they
    // agreed on the input (a slashless `%` given its `/`, which Google's parser reads as a
    // literal `%`): the implementation may follow either reading. Both are left out of what
    // follows.
    let answers_it = |a: &Ablated| {
        let parts = !differ
            && a.answers.get(&reference_name(Profile::Rfc9309))
                != a.answers.get(&reference_name(Profile::Google));
        !parts
            && a.answers
                .get(name)
                .is_some_and(|said| said.allowed().is_some())
    };
    let reacts_to = |c: &'static str| {
        answered
            .iter()
            .any(|(c2, a)| *c2 == c && answers_it(a) && a.answers.get(name).copied() != original)
    };
    let mut candidates: Vec<(&'static str, &Ablated)> = Vec::new();
    for (c, a) in answered
        .iter()
        .copied()
        .filter(|(c, a)| removes(a) && reacts_to(c))
    {
        if !candidates.iter().any(|(seen, _)| *seen == c) {
            candidates.push((c, a));
        }
    }
    let wide: Vec<&'static str> = candidates.iter().map(|(c, _)| *c).collect();
    // A rule holding `*` and ending in `$`, on which the implementation fails only with both:
    // writing out its `*` removes the split, and so does taking out its `$` (a matcher that
    // drops the `*`s of an anchored rule and compares the rest as the whole path).
    let both_remove = ["wildcard", "end-anchor"].iter().all(|c| {
        wide.contains(c)
            && answered
                .iter()
                .filter(|(c2, a)| c2 == c && answers_it(a))
                .all(|(_, a)| removes(a))
    });
    if both_remove && rule_values_where(&input, |v| v.ends_with(b"$") && v.contains(&b'*')) {
        return Some(Cause {
            construct: ANCHORED_WILDCARD,
            with: Vec::new(),
            profile_split: one_profile,
            also: wide,
        });
    }
    // Likewise a rule ending in `$` that holds an escaped `$` (`/%24$`): replacing the escape
    // removes the split, and so does taking out the anchor. A library that decodes `%24` to
    // `$` reads a `$` before the anchor: the rule's inner `$` is what it reads apart.
    let escaped_dollar = ["escaped-special", "end-anchor"].iter().all(|c| {
        wide.contains(c)
            && answered
                .iter()
                .filter(|(c2, a)| c2 == c && answers_it(a))
                .all(|(_, a)| removes(a))
    });
    if escaped_dollar && rule_values_where(&input, inner_escaped_dollar) {
        return Some(Cause {
            construct: "inner-dollar",
            with: Vec::new(),
            profile_split: one_profile,
            also: wide,
        });
    }
    // An empty `Disallow:` that putting the longest rule first moves: it matches nothing
    // under any reading, so a library for which it decides where it comes first (it reads
    // it as allowing everything, and stops there) reads the value apart, not the order of
    // matching rules. An empty `Allow:` is a first match for a library obeying the first.
    let has = |c: &str| candidates.iter().any(|(seen, _)| *seen == c);
    if has("empty-value") && has("rule-order") && !empty_allow(&input) {
        candidates.retain(|(c, _)| *c != "rule-order");
    }
    narrow(&mut candidates, |(c, _)| c);
    // A construct some of whose neutralisations leave the split standing is no cause: a
    // misspelled line spelled right that changes nothing shows the split is elsewhere, even
    // when taking the line out (and its group with it) happens to remove it.
    let consistent = |c: &'static str| {
        answered
            .iter()
            .filter(|(c2, a)| *c2 == c && answers_it(a))
            .all(|(_, a)| removes(a))
    };
    candidates.retain(|(c, _)| consistent(c));
    // A rule starting with an escaped `/` (`%2F`) that a library decodes has its leading `/`:
    // the escape, not the slash it lacks, is what it reads apart.
    if candidates.iter().any(|(c, _)| *c == "reserved-escape")
        && split_lines(&input.body()).iter().any(|line| {
            any_value_span(&line.content).is_some_and(|(s, e)| {
                line.content[s..e]
                    .get(..3)
                    .is_some_and(|head| head.eq_ignore_ascii_case(b"%2F"))
            })
        })
    {
        candidates.retain(|(c, _)| *c != "no-leading-slash");
    }
    // The crawler's groups, one shared with another name, where cutting the shared group to
    // the crawler's name and making the groups one each remove the split: the two together
    // are what the library reads apart (it gives a shared group's rules to one name, or
    // keeps one record per name), so both are named.
    let grouping = ["shared-group", "split-groups"];
    if grouping
        .iter()
        .all(|g| candidates.iter().any(|(c, _)| c == g))
        && let Some(&(_, shared)) = candidates.iter().find(|(c, _)| *c == grouping[0])
    {
        candidates.retain(|(c, _)| !grouping.contains(c));
        candidates.push((SHARED_SPLIT, shared));
    }
    let also = || -> Vec<&'static str> { wide.iter().copied().filter(|c| consistent(c)).collect() };
    // A line taken out because one reading finds it out of place (a rule outside any group,
    // an unknown or non-standard field, an empty value) is a neutral change only for a
    // profile that reads it so: where every contradicted profile reads the line as a rule of
    // a group, taking it out changes that profile's question, not a construct of it.
    candidates.retain(|(c, _)| {
        !matches!(
            *c,
            "rule-outside-group" | "unknown-field" | "non-standard-field" | "empty-value"
        ) || expected
            .iter()
            .any(|(p, _)| flagged_under(&input.body(), *p, c))
    });
    // The profile the implementation answers as (for a split against the other only), and
    // whether it keeps answering as that profile on every neutralisation of a construct: it
    // follows that profile's reading of the construct, rather than meeting its answer by
    // accident (a library that matches `//` against everything agrees with a profile that
    // reads a misspelled `disalow /` as a rule, without reading it so).
    let agreed: Option<Profile> = one_profile
        .then(|| {
            [Profile::Rfc9309, Profile::Google]
                .into_iter()
                .find(|p| expected.iter().all(|(e, _)| e != p))
        })
        .flatten();
    let follows = |c: &'static str| {
        agreed.is_some_and(|q| {
            answered
                .iter()
                .filter(|(c2, a)| *c2 == c && answers_it(a))
                .all(|(_, a)| a.answers.get(name) == a.answers.get(&reference_name(q)))
        })
    };
    let at_profile_decision = |c: &'static str, a: &Ablated| decisions.contains(c) || unites(a);
    // Another construct whose neutralisation brings the profiles to one answer, which the
    // implementation follows on each of its variants: on a profile split, where the profiles
    // part says more than what else the implementation reacts to (a `%7e` rule and URL,
    // which Google's parser reads apart by upper-casing only the rule's hex digits, and
    // whose URL decoded changes a literal comparison's answer too).
    let parted_elsewhere = |c: &'static str, a: &Ablated| {
        one_profile
            && !at_profile_decision(c, a)
            && answered.iter().any(|(c2, a2)| {
                *c2 != c
                    && removes(a2)
                    && at_profile_decision(c2, a2)
                    && consistent(c2)
                    && follows(c2)
            })
    };
    // A neutralisation on which the implementation turns from the profile it agreed with to
    // the other while neither profile's answer moves: the reference reads the construct as
    // nothing, the implementation as something, and it had met the one profile's answer by
    // another route (a library reading a bare `USERAGENT` line as starting a group, where
    // both profiles ignore it). The construct is its own, not a point where the profiles part.
    // A blank line put in before a group (`adjacent-groups`) is no neutral change for a
    // library that ends a group at a blank line: its turning there shows that reading, not
    // one of the groups (a library whose colonless rule then ends a group).
    let blank_read = blank_ends_group(family, name);
    let switches = |c: &str, a: &Ablated| {
        let changed = a.input.input();
        one_profile
            && !(c == "adjacent-groups" && blank_read)
            && (only_ignored_lines_changed(&input, &changed)
                || constructs::is(c, |c| c.line_reading || c.nowhere_matched)
                    && changed.agent == input.agent
                    && changed.urls == input.urls)
            && [Profile::Rfc9309, Profile::Google]
                .into_iter()
                .all(|p| a.answers.get(&reference_name(p)) == Some(&reference(p)))
            && expected
                .iter()
                .all(|(p, _)| a.answers.get(name) == Some(&reference(*p)))
    };
    if let Some(mix) = profile_mix(
        &answered,
        name,
        differ,
        |a| removes(a),
        &family.ablation,
        &decisions,
    ) {
        return Some(Cause {
            construct: COMBINED,
            with: mix,
            profile_split: true,
            also: also(),
        });
    }
    let switching: Vec<(&'static str, &Ablated)> = candidates
        .iter()
        .copied()
        .filter(|(c, a)| switches(c, a))
        .collect();
    let chosen: Option<(&'static str, &Ablated)> = match candidates.len() {
        0 => None,
        _ if switching.len() == 1 => Some(switching[0]),
        1 if parted_elsewhere(candidates[0].0, candidates[0].1) => None,
        1 => Some(candidates[0]),
        _ => {
            // The reference's account first (the line its profiles read differently), then
            // the neutralisations that bring its profiles to one answer.
            let decided: Vec<_> = candidates
                .iter()
                .copied()
                .filter(|(c, _)| one_profile && decisions.contains(c))
                .collect();
            let narrowed: Vec<_> = if decided.is_empty() {
                candidates
                    .iter()
                    .copied()
                    .filter(|(c, a)| one_profile && at_profile_decision(c, a))
                    .collect()
            } else {
                decided
            };
            // The construct the implementation reacts to while the reference does not.
            let reacts: Vec<_> = candidates
                .iter()
                .copied()
                .filter(|(_, a)| {
                    expected
                        .iter()
                        .all(|(p, _)| a.answers.get(&reference_name(*p)) == Some(&reference(*p)))
                })
                .collect();
            if narrowed.len() == 1 {
                Some(narrowed[0])
            } else if reacts.len() == 1 {
                Some(reacts[0])
            } else {
                None
            }
        }
    };
    if let Some((construct, chosen_variant)) = chosen {
        // An empty `user-agent` line the implementation answers as if it were not there (its
        // answer is the reference's once the line is taken out) is one it skips, so that its
        // rules join the group before: the reference reads the line as starting a group of its
        // own, which RFC 9309's syntax (a product token is not empty) does not say. Named
        // apart, with the force of that reading.
        let body_len = input.body().len();
        let skipped = construct == "empty-agent"
            && answered.iter().any(|(c, a)| {
                *c == construct
                    && a.input.input().body().len() < body_len
                    && a.answers.get(name).copied() == original
                    && removes(a)
            });
        let construct = if skipped {
            "skipped-empty-agent"
        } else {
            construct
        };
        // The implementation answers as one profile on this input: a profile split, which a
        // maintainer can check on the input shown (the expected line names both answers).
        return Some(Cause {
            construct,
            with: Vec::new(),
            profile_split: one_profile && !switches(construct, chosen_variant),
            also: also(),
        });
    }
    // A split against one profile where the implementation answers as the other is a
    // profile split whatever the implementation reacts to: its subject is the construct whose
    // neutralisation brings the reference's profiles to the implementation's answer (where
    // they decide differently), which the implementation need not react to at all (it may
    // simply follow the other reading).
    if one_profile {
        let mut at: Vec<&'static str> = Vec::new();
        for (c, a) in &answered {
            if removes(a)
                && at_profile_decision(c, a)
                && consistent(c)
                && follows(c)
                && !at.contains(c)
            {
                at.push(c);
            }
        }
        narrow(&mut at, |c| c);
        if at.len() == 1 {
            return Some(Cause {
                construct: at[0],
                with: Vec::new(),
                profile_split: true,
                also: also(),
            });
        }
        if !at.is_empty() {
            return Some(Cause {
                construct: COMBINED,
                with: at,
                profile_split: true,
                also: also(),
            });
        }
    }
    let mut with: Vec<&'static str> = candidates.iter().map(|(c, _)| *c).collect();
    if with.is_empty() {
        // Two constructs neutralised together.
        for pair in family.ablation.iter().filter(|a| a.construct.contains('+')) {
            if removes(pair) {
                for c in pair.construct.split('+').filter_map(construct_name) {
                    if !with.contains(&c) {
                        with.push(c);
                    }
                }
            }
        }
        with.sort_by_key(|c| constructs::ablation_rank(c));
    }
    // A line Google's parser cuts short (its line buffer), which the profiles read apart and
    // no variant takes away: a profile split on that line.
    if with.is_empty() && one_profile && decisions.contains("long-line") {
        return Some(Cause {
            construct: "long-line",
            with: Vec::new(),
            profile_split: true,
            also: also(),
        });
    }
    if with.is_empty() {
        // The deciding rule's own shape, where no variant took it away (and no pair of
        // constructs explains the split: a shape beside them is a bystander).
        let (decision, _) = crate::fuzz::findings::feature_tags(&family.feature);
        // The `…/index.html` rule first: Google's parser derives a `…/$` rule from it, which
        // is not in the file.
        let shapes = [
            "index-html",
            "wildcard",
            "end-anchor",
            "inner-dollar",
            "percent",
            "non-ascii",
            "long",
        ];
        let ablated: BTreeSet<&str> = answered.iter().map(|(c, _)| *c).collect();
        if let Some(shape) = shapes
            .iter()
            .find(|s| decision.contains(s) && !ablated.contains(*s))
        {
            return Some(Cause {
                construct: shape,
                with: Vec::new(),
                profile_split: one_profile,
                also: also(),
            });
        }
    }
    Some(Cause {
        construct: COMBINED,
        with,
        // The implementation answers as one profile and nothing else explains the split.
        profile_split: one_profile,
        also: also(),
    })
}

/// Whether some reading takes a line of `input` for an `Allow` rule with an empty value.
pub(super) fn empty_allow(input: &Input) -> bool {
    let body = input.body();
    line_readings(&body).is_some_and(|readings| {
        split_lines(&body)
            .iter()
            .zip(&readings)
            .any(|(line, (kinds, _))| {
                kinds.contains(&RecordKind::Allow) && rule_value(&line.content).is_empty()
            })
    })
}

/// Whether `variant` is `input` with lines taken out that neither the `rfc9309` nor the
/// `google` profile reads as a `user-agent` line or a rule, or blank lines put in (at least
/// one line either way): lines the reference reads as nothing, so that an implementation's
/// answer moving with them is its own reading.
pub(super) fn only_ignored_lines_changed(input: &Input, variant: &Input) -> bool {
    if input.agent != variant.agent || input.urls != variant.urls {
        return false;
    }
    let (body, taken) = (input.body(), variant.body());
    let Some(readings) = line_readings(&body) else {
        return false;
    };
    let (before, after) = (split_lines(&body), split_lines(&taken));
    let ignored = |i: usize| {
        let kinds = &readings[i].0;
        !is_rule(kinds) && !kinds.contains(&RecordKind::UserAgent)
    };
    let blank = |line: &Line| line.content.iter().all(|b| is_space(*b));
    // The lines kept in their order; each other line of the input one the reference reads
    // as nothing, each other line of the variant blank.
    let (mut i, mut j, mut changed) = (0, 0, 0);
    while i < before.len() || j < after.len() {
        if i < before.len() && j < after.len() && before[i].content == after[j].content {
            i += 1;
            j += 1;
        } else if j < after.len() && blank(&after[j]) {
            j += 1;
            changed += 1;
        } else if i < before.len() && ignored(i) {
            i += 1;
            changed += 1;
        } else {
            return false;
        }
    }
    changed > 0
}

/// Two constructs the implementation reads one each way, where the reference's profiles
/// agreed on the input: with one neutralised the profiles part and the implementation answers
/// as one of them, with the other neutralised they part and it answers as the other; the
/// two neutralised together (where asked) remove the split. A library reading `disalow` as
/// `disallow`, as the `google` profile does, and a space in a path as `%20`, as the `rfc9309`
/// profile does, gives neither profile's answer on `disalow: / ~`. Both constructs, the
/// one read as `google` reads it first; `None` otherwise.
pub(super) fn profile_mix(
    answered: &[(&'static str, &Ablated)],
    name: &str,
    differ: bool,
    removes: impl Fn(&Ablated) -> bool,
    ablation: &[Ablated],
    decisions: &BTreeSet<&'static str>,
) -> Option<Vec<&'static str>> {
    if differ {
        return None;
    }
    // Each construct must itself be a point the profiles read apart: a line one reads and
    // the other does not (the reference's account), or a comparison they make apart.
    let point = |c: &str| decisions.contains(c) || constructs::is(c, |c| c.matching_split);
    // The profile the implementation answers as on a variant where the profiles part.
    let follows = |a: &Ablated| -> Option<Profile> {
        let said = a.answers.get(name).filter(|s| s.allowed().is_some())?;
        let rfc = a.answers.get(&reference_name(Profile::Rfc9309))?;
        let google = a.answers.get(&reference_name(Profile::Google))?;
        (rfc != google).then_some(if said == rfc {
            Profile::Rfc9309
        } else {
            Profile::Google
        })
    };
    // A construct's lines taken out ([`lines_out_variants`]) show the rest of the file alike.
    let taken_out = ablation.iter().filter_map(|a| {
        let construct = construct_name(a.construct.strip_prefix(LINES_OUT)?.strip_prefix(':')?)?;
        Some((construct, a))
    });
    let sides: Vec<(&'static str, Profile)> = answered
        .iter()
        .copied()
        .chain(taken_out)
        .filter_map(|(c, a)| follows(a).map(|p| (c, p)))
        .collect();
    // A construct whose variants show the implementation on both sides says nothing.
    let one_side = |c: &str| {
        let mut seen = sides.iter().filter(|(c2, _)| *c2 == c).map(|(_, p)| *p);
        let first = seen.next()?;
        seen.all(|p| p == first).then_some(first)
    };
    for (i, (first, _)) in sides.iter().enumerate() {
        for (second, _) in &sides[i + 1..] {
            if first == second || !point(first) || !point(second) {
                continue;
            }
            let (Some(p), Some(q)) = (one_side(first), one_side(second)) else {
                continue;
            };
            let together = ablation.iter().filter(|a| {
                a.construct == format!("{first}+{second}")
                    || a.construct == format!("{second}+{first}")
            });
            if p != q && together.clone().all(&removes) {
                // With `first` neutralised the implementation answers as `p`: it reads
                // `second` as `p` does, and `first` as the other profile.
                return Some(if p == Profile::Google {
                    vec![*second, *first]
                } else {
                    vec![*first, *second]
                });
            }
        }
    }
    None
}

/// `found` (constructs, each named by `name`) narrowed by the constructs' narrowings
/// ([`constructs::Construct::narrows`]), then to the first of a file's format found.
pub(super) fn narrow<T>(found: &mut Vec<T>, name: impl Fn(&T) -> &str) {
    for (narrower, wider) in constructs::narrowings() {
        if found.iter().any(|f| name(f) == narrower) {
            found.retain(|f| !wider.contains(&name(f)));
        }
    }
    if let Some(format) = constructs::file_format()
        .into_iter()
        .find(|c| found.iter().any(|f| name(f) == *c))
    {
        found.retain(|f| name(f) == format);
    }
}
