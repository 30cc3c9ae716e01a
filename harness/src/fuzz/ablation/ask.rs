//! What `reptest fuzz-report` asks for the ablation: a family's input cleaned for each
//! implementation it was minimised for, every variant put to the implementations and the
//! reference ([`ablate`]), and the views of a family its root causes are derived from.

use std::collections::BTreeMap;

use reptest_reference::Profile;

use super::describe::{line_alone_variants, lines_out_variants, rules_voided, variants};
use super::probes::{
    ALLOW_IGNORED, BLANK_ENDS_GROUP, FILE_IGNORED, HEX_RULE_ONLY, HEX_URL_ONLY, RULE_PROBES,
    SLASH_DECODED, allow_ignored_probe, blank_ends_group_probe, file_ignored_probe,
    file_ignored_probe_lf, hex_rule_only, hex_url_only, slash_decoded_probe,
};
use crate::answer::Answer;
use crate::engines::{Engine, ReferenceEngine, reference_name};
use crate::fuzz::constructs;
use crate::fuzz::findings::{Ablated, Cleaned};
use crate::fuzz::findings::{Family, FamilyInput, Index};
use crate::fuzz::generate::Input;

/// The static name of a construct a variant can neutralise (`None` for another name).
pub fn construct_name(name: &str) -> Option<&'static str> {
    constructs::ablatable_name(name)
}

/// The variants with two constructs neutralised together (for inputs with at most
/// [`PAIRED`] constructs): the evidence of a combined cause.
pub fn pairs(singles: &[(&'static str, Input)]) -> Vec<(String, Input)> {
    let mut names: Vec<&'static str> = singles.iter().map(|(c, _)| *c).collect();
    names.dedup();
    if names.len() < 2 || names.len() > PAIRED {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, first) in names.iter().enumerate() {
        let Some((_, once)) = singles.iter().find(|(c, _)| c == first) else {
            continue;
        };
        let again = variants(once);
        for second in &names[i + 1..] {
            if let Some((_, twice)) = again.iter().find(|(c, _)| c == second) {
                out.push((format!("{first}+{second}"), twice.clone()));
            }
        }
    }
    out
}

/// The input to show for `name`'s split in `family`: the family's own, or, when making its
/// line ends LF changes no answer of `name` nor of the reference under any profile, that
/// variant (CR line ends a minimiser kept that the split does not need).
pub fn shown_input(family: &Family, name: &str) -> Option<FamilyInput> {
    let own = family.input.clone()?;
    let same = |a: &Ablated| {
        std::iter::once(name.to_owned())
            .chain(Profile::ALL.into_iter().map(reference_name))
            .all(|n| a.answers.contains_key(&n) && a.answers.get(&n) == family.split.get(&n))
    };
    let plain = ["crlf+cr-line-end", "crlf", "cr-line-end"]
        .iter()
        .find_map(|c| {
            family
                .ablation
                .iter()
                .find(|a| a.construct == *c && same(a))
        })
        .map(|a| a.input.clone());
    Some(plain.unwrap_or(own))
}

/// Most constructs an input may hold for its pairs to be tried.
pub const PAIRED: usize = 6;

/// Most rounds of cleaning (each neutralises one construct).
const CLEANING_ROUNDS: usize = 16;

/// Whether `name`'s root causes in `family` are labelled and shown on its cleaned input:
/// the family was minimised for `name`, and cleaned for it.
pub fn uses_cleaned(family: &Family, name: &str) -> bool {
    crate::fuzz::findings::minimised_for(family, name) && family.cleaned_for.contains_key(name)
}

/// `family` as its input cleaned for `name` shows it: the input, the answers asked about it, its
/// ablation and its feature in place of the minimal input's (the other implementations'
/// answers are those to the minimal input: only use it for one [`uses_cleaned`] holds for).
pub fn cleaned_view(family: &Family, name: &str) -> Option<Family> {
    let cleaned = family.cleaned_for.get(name)?;
    let mut split = family.split.clone();
    split.extend(cleaned.answers.clone());
    let feature = crate::fuzz::findings::feature(&cleaned.input.input())
        .unwrap_or_else(|| family.feature.clone());
    Some(Family {
        input: Some(cleaned.input.clone()),
        ablation: cleaned.ablation.clone(),
        split,
        feature,
        cleaned_for: BTreeMap::new(),
        ..family.clone()
    })
}

/// `family` as `name`'s root causes see it: [`cleaned_view`] where [`uses_cleaned`] holds.
pub fn for_implementation<'f>(family: &'f Family, name: &str) -> std::borrow::Cow<'f, Family> {
    match uses_cleaned(family, name)
        .then(|| cleaned_view(family, name))
        .flatten()
    {
        Some(view) => std::borrow::Cow::Owned(view),
        None => std::borrow::Cow::Borrowed(family),
    }
}

/// Answers already asked, by input.
type Asked = BTreeMap<(String, bool, String, String), BTreeMap<String, Answer>>;

fn asked_key(input: &FamilyInput) -> (String, bool, String, String) {
    (
        input.robots.clone(),
        input.escaped,
        input.agent.clone(),
        input.url.clone(),
    )
}

/// Who to ask, and what has been asked.
struct Asker<'e> {
    references: Vec<(String, ReferenceEngine)>,
    engines: &'e mut [Box<dyn Engine>],
    asked: usize,
}

impl Asker<'_> {
    /// The answers of the reference under every profile and of the implementations `names`
    /// to `variant`, reusing those in `known`.
    fn ask(
        &mut self,
        known: &mut Asked,
        variant: &Input,
        names: &[String],
    ) -> BTreeMap<String, Answer> {
        let stored = FamilyInput::of(variant);
        let answers = known.entry(asked_key(&stored)).or_default();
        let body = variant.body();
        for (name, engine) in &mut self.references {
            if !answers.contains_key(name) {
                let said = engine.check(&body, &variant.agent, &variant.urls);
                answers.insert(name.clone(), Answer::of(&said, 0));
            }
        }
        for engine in self.engines.iter_mut() {
            let name = engine.info().name.clone();
            if !names.contains(&name) || answers.contains_key(&name) {
                continue;
            }
            let said = engine.check(&body, &variant.agent, &variant.urls);
            self.asked += 1;
            answers.insert(name, Answer::of(&said, 0));
        }
        answers
            .iter()
            .filter(|(n, _)| n.starts_with("reference-") || names.contains(n))
            .map(|(n, a)| (n.clone(), *a))
            .collect()
    }

    /// Every single and paired neutralisation of `input`, with the answers of the reference
    /// and of `names`.
    fn ablation(&mut self, known: &mut Asked, input: &Input, names: &[String]) -> Vec<Ablated> {
        let singles = variants(input);
        let mut all: Vec<(String, Input)> = singles
            .iter()
            .map(|(c, i)| ((*c).to_owned(), i.clone()))
            .collect();
        all.extend(pairs(&singles));
        all.extend(file_ignored_probe(input).map(|probe| (FILE_IGNORED.to_owned(), probe)));
        all.extend(file_ignored_probe_lf(input).map(|probe| (FILE_IGNORED.to_owned(), probe)));
        all.extend(allow_ignored_probe(input).map(|probe| (ALLOW_IGNORED.to_owned(), probe)));
        all.extend(slash_decoded_probe(input).map(|probe| (SLASH_DECODED.to_owned(), probe)));
        all.extend(hex_rule_only(input).map(|probe| (HEX_RULE_ONLY.to_owned(), probe)));
        all.extend(hex_url_only(input).map(|probe| (HEX_URL_ONLY.to_owned(), probe)));
        if singles.iter().any(|(c, _)| *c == "adjacent-groups") {
            all.extend(
                blank_ends_group_probe(input).map(|probe| (BLANK_ENDS_GROUP.to_owned(), probe)),
            );
        }
        all.extend(line_alone_variants(input));
        all.extend(lines_out_variants(input));
        for probe in &RULE_PROBES {
            for (control, name) in [false, true].into_iter().zip(probe.names) {
                all.extend(probe.asked(input, control).map(|p| (name.to_owned(), p)));
            }
        }
        all.into_iter()
            .map(|(construct, variant)| Ablated {
                construct,
                answers: self.ask(known, &variant, names),
                input: FamilyInput::of(&variant),
            })
            .collect()
    }
}

/// Cleans `input`, the minimal input of `family`, for `owner`, an implementation it was
/// minimised for ([`Cleaned`]); `None` when nothing could be neutralised, or the family is not
/// a realistic input.
fn clean(
    family: &Family,
    input: &Input,
    owner: &str,
    asker: &mut Asker<'_>,
    known: &mut Asked,
) -> Option<Cleaned> {
    if !family.classes.is_empty() || family.transformation.is_some() || !family.contract.is_empty()
    {
        return None;
    }
    let owners = [owner.to_owned()];
    let (rfc, google) = (
        reference_name(Profile::Rfc9309),
        reference_name(Profile::Google),
    );
    let kept = [owner.to_owned(), rfc.clone(), google.clone()];
    let realistic = crate::fuzz::generate::InputClasses {
        versioned_agents: true,
        ..Default::default()
    };
    let mut current = input.clone();
    let mut removed: Vec<String> = Vec::new();
    // Never back to an input already held: one neutralisation may undo another (a blank line
    // put between two groups, then taken out as a blank line).
    let mut held = vec![FamilyInput::of(input)];
    let mut greedy = |current: &mut Input,
                      target: &BTreeMap<String, Answer>,
                      removed: &mut Vec<String>,
                      asker: &mut Asker<'_>,
                      known: &mut Asked| {
        'rounds: for _ in 0..CLEANING_ROUNDS {
            for (construct, variant) in variants(current) {
                let stored = FamilyInput::of(&variant);
                if !realistic.used_by(&variant).is_empty() || held.contains(&stored) {
                    continue;
                }
                held.push(stored);
                let answers = asker.ask(known, &variant, &owners);
                if kept
                    .iter()
                    .all(|n| answers.contains_key(n) && answers.get(n) == target.get(n))
                {
                    *current = variant;
                    removed.push(construct.to_owned());
                    continue 'rounds;
                }
            }
            break;
        }
    };
    greedy(&mut current, &family.split, &mut removed, asker, known);
    // Where the profiles differ and the implementation answers as one of them, a
    // neutralisation that brings the profiles to one answer while its answer stays shows
    // whether it follows that profile or meets its answer by chance. By chance: the input is
    // strengthened to that variant (it now contradicts both profiles), and cleaned again.
    let now = asker.ask(known, &current, &owners);
    let mine = now.get(owner);
    // The witnesses of the profiles (their manifests' `witness`) are asked too, and must give
    // the profiles' common answer: the reference is suspected first, and no other
    // implementation has been asked about the variant.
    let mut witnesses: Vec<String> = [Profile::Rfc9309, Profile::Google]
        .into_iter()
        .flat_map(crate::engines::library::witnesses)
        .map(str::to_owned)
        .collect();
    witnesses.sort();
    witnesses.dedup();
    let asked: Vec<String> = std::iter::once(owner.to_owned())
        .chain(witnesses.iter().cloned())
        .collect();
    let mut united = None;
    if now.get(&rfc) != now.get(&google) && (mine == now.get(&rfc) || mine == now.get(&google)) {
        let strengthening = variants(&current).into_iter().chain(rules_voided(&current));
        for (construct, variant) in strengthening {
            if !realistic.used_by(&variant).is_empty() {
                continue;
            }
            let answers = asker.ask(known, &variant, &asked);
            let one = answers.get(&rfc);
            if one.is_some_and(|a| a.allowed().is_some())
                && one == answers.get(&google)
                && witnesses.iter().all(|w| answers.get(w) == one)
                && answers.get(owner) == mine
                && mine != one
            {
                current = variant;
                united = Some(construct.to_owned());
                let target: BTreeMap<String, Answer> = answers
                    .into_iter()
                    .filter(|(n, _)| !witnesses.contains(n))
                    .collect();
                greedy(&mut current, &target, &mut removed, asker, known);
                break;
            }
        }
    }
    if removed.is_empty() && united.is_none() {
        return None;
    }
    Some(Cleaned {
        removed,
        united,
        answers: asker.ask(known, &current, &owners),
        ablation: asker.ablation(known, &current, &owners),
        input: FamilyInput::of(&current),
    })
}

/// Asks the implementations of every family of `index` (those among `engines` that deviate
/// in it) and the reference under every profile about each neutralised variant of its input,
/// and keeps the answers in the family (`ablation`); then cleans the input for each
/// implementation it was minimised for ([`Cleaned`]). Answers already kept for the same
/// variant are reused. Returns the number of questions asked.
pub fn ablate(
    index: &mut Index,
    engines: &mut [Box<dyn Engine>],
    progress: &mut dyn FnMut(usize, usize),
) -> usize {
    let mut asker = Asker {
        references: Profile::ALL
            .into_iter()
            .map(|p| (reference_name(p), ReferenceEngine::new(p)))
            .collect(),
        engines,
        asked: 0,
    };
    let total = index.families.len();
    for (n, family) in index.families.iter_mut().enumerate() {
        progress(n, total);
        let Some(input) = family.input.as_ref().map(FamilyInput::input) else {
            continue;
        };
        let deviating: Vec<String> = family
            .split
            .iter()
            .filter(|(name, answer)| {
                !name.starts_with("reference-")
                    && !matches!(answer, Answer::Unsupported | Answer::Timeout)
                    && [Profile::Rfc9309, Profile::Google].into_iter().any(|p| {
                        family
                            .split
                            .get(&reference_name(p))
                            .is_some_and(|r| r != *answer)
                    })
            })
            .map(|(name, _)| name.clone())
            .collect();
        let mut known: Asked = BTreeMap::new();
        for a in family
            .ablation
            .iter()
            .chain(family.cleaned_for.values().flat_map(|c| &c.ablation))
        {
            known
                .entry(asked_key(&a.input))
                .or_default()
                .extend(a.answers.clone());
        }
        family.ablation = asker.ablation(&mut known, &input, &deviating);
        let mut cleaned = BTreeMap::new();
        for owner in deviating
            .iter()
            .filter(|n| crate::fuzz::findings::minimised_for(family, n))
        {
            if let Some(c) = clean(family, &input, owner, &mut asker, &mut known) {
                cleaned.insert(owner.clone(), c);
            }
        }
        family.cleaned_for = cleaned;
    }
    asker.asked
}
