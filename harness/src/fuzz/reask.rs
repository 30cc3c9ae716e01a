//! `reptest findings reask`: a catalogue's families asked again of some implementations,
//! after their adapter's call changed (how it hands the body to the library, which function
//! it calls).
//!
//! A family stores every engine's answer to its minimal input, and `reptest fuzz-report`
//! keeps the answers to its neutralised variants. When an adapter changes how it asks its
//! library, those answers describe a call the adapter no longer makes. Re-asking replaces
//! them, family by family, without a new campaign (whose minimiser would give every other
//! implementation's families new inputs too):
//!
//! - each family's minimal input is put to the named implementations again, and their answers
//!   replace the stored ones (a family that holds no answer of one, a timeout family, gains
//!   none); the lists of implementations against each profile and the
//!   signature follow (a family keeps its id, as first written);
//! - their answers to neutralised variants, and the inputs cleaned for them, are dropped:
//!   the next `reptest fuzz-report` asks again;
//! - a family no implementation deviates in any more is dropped with its files; a family
//!   whose signature is now another's is merged into it, the one first seen kept (as
//!   `reptest findings merge` does);
//! - the index notes how each named implementation receives the body now, and the pages of
//!   the families whose answers changed are redrawn.
//!
//! With `fill`, the named implementations are also asked about the families that hold no
//! answer of theirs (found by a campaign that did not ask them; a timeout family still gains
//! none): so Google's parser, the `google` witness, answers on every family a port of it is
//! judged on.
//!
//! Inputs a new campaign would reach only through the new call are not looked for: that is
//! the next campaign's work.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use anyhow::{Context, Result};
use reptest_reference::Profile;

use crate::answer::Answer;
use crate::engines::adapters::BodyAs;
use crate::engines::{Engine, EngineError};
use crate::fuzz::findings::{self, Family, FamilyInput};
use crate::fuzz::store::Catalogue;

/// What a re-ask changed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReaskSummary {
    /// The implementations asked.
    pub implementations: Vec<String>,
    /// Families whose input was asked about.
    pub asked: usize,
    /// Families in which some named implementation's answer changed.
    pub changed: usize,
    /// Families dropped: no implementation deviates in them any more.
    pub dropped: Vec<String>,
    /// Families merged into another whose signature they now share.
    pub merged: Vec<String>,
}

impl fmt::Display for ReaskSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "asked {} about {} families: {} changed, {} dropped (no deviation left), {} merged \
             into a family with the same signature",
            self.implementations.join(", "),
            self.asked,
            self.changed,
            self.dropped.len(),
            self.merged.len()
        )?;
        for id in &self.dropped {
            write!(f, "\n  dropped {id}")?;
        }
        for id in &self.merged {
            write!(f, "\n  merged {id}")?;
        }
        Ok(())
    }
}

/// Re-asks `engines` about every family of the catalogue in `dir` (each engine receiving
/// the body as `bodies` says), and rewrites the catalogue; with `fill`, also about the
/// families holding no answer of theirs, but for timeout families. Progress goes to
/// `progress` (family number, total).
pub fn reask(
    dir: &Path,
    engines: &mut [Box<dyn Engine>],
    bodies: &[(String, BodyAs)],
    fill: bool,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<ReaskSummary> {
    let mut catalogue = Catalogue::open(dir)?;
    if catalogue.families().is_empty() {
        anyhow::bail!("no findings catalogue in {}", dir.display());
    }
    let names: Vec<String> = engines.iter().map(|e| e.info().name.clone()).collect();
    let mut summary = ReaskSummary {
        implementations: names.clone(),
        ..ReaskSummary::default()
    };
    // Every answer first: an adapter that cannot be started leaves the catalogue untouched.
    let total = catalogue.families().len();
    let mut asked: Vec<Option<BTreeMap<String, Answer>>> = Vec::with_capacity(total);
    for (n, family) in catalogue.families().iter().enumerate() {
        progress(n, total);
        let Some(input) = family.input.as_ref() else {
            asked.push(None);
            continue;
        };
        let mut answers = BTreeMap::new();
        // Only the answers the family holds (with `fill`, those it lacks too): a timeout
        // family, say, keeps no other implementation's.
        let holds = |name: &String| {
            family.split.contains_key(name) || (fill && family.timeout_ms.is_none())
        };
        for engine in engines.iter_mut().filter(|e| holds(&e.info().name)) {
            let said = engine.check(
                &input.body(),
                &input.agent,
                std::slice::from_ref(&input.url),
            );
            if let Err(EngineError::Unavailable(why)) = &said {
                anyhow::bail!(
                    "{} is not available ({why}); the catalogue is left as it was",
                    engine.info().name
                );
            }
            answers.insert(engine.info().name.clone(), Answer::of(&said, 0));
        }
        asked.push(Some(answers));
    }
    let mut changed: Vec<String> = Vec::new();
    let mut gone: Vec<String> = Vec::new();
    catalogue.update(|index| {
        for (family, answers) in index.families.iter_mut().zip(asked) {
            let Some(answers) = answers else {
                continue;
            };
            summary.asked += 1;
            forget(family, &names);
            if answers
                .iter()
                .all(|(name, answer)| family.split.get(name) == Some(answer))
            {
                continue;
            }
            let before = findings::split_text(&family.split);
            family.split.extend(answers);
            family.signature =
                family
                    .signature
                    .replacen(&before, &findings::split_text(&family.split), 1);
            family.against_rfc9309 = findings::against(&family.split, Profile::Rfc9309);
            family.against_google = findings::against(&family.split, Profile::Google);
            summary.changed += 1;
            changed.push(family.id.clone());
        }
        // Families without a deviation left, then families that now share a signature: the
        // one first seen stays.
        index.families.retain(|family| {
            let deviates = !family.against_rfc9309.is_empty() || !family.against_google.is_empty();
            if !deviates {
                summary.dropped.push(family.id.clone());
                gone.push(family.id.clone());
            }
            deviates
        });
        let mut by_signature: BTreeMap<String, usize> = BTreeMap::new();
        let mut order: Vec<usize> = (0..index.families.len()).collect();
        order.sort_by_key(|&i| {
            let seen = &index.families[i].first_seen;
            (seen.seed, seen.case, index.families[i].id.clone())
        });
        let mut into: Vec<(usize, usize)> = Vec::new();
        for i in order {
            match by_signature.get(&index.families[i].signature) {
                Some(&kept) => into.push((i, kept)),
                None => {
                    by_signature.insert(index.families[i].signature.clone(), i);
                }
            }
        }
        for &(i, kept) in &into {
            let merged = index.families[i].clone();
            let family = &mut index.families[kept];
            family.hits += merged.hits;
            let mut also: Vec<String> = family
                .also_minimised_for
                .iter()
                .chain(&merged.also_minimised_for)
                .chain(std::iter::once(&merged.minimised_for))
                .filter(|n| !n.is_empty() && **n != family.minimised_for)
                .cloned()
                .collect();
            also.sort();
            also.dedup();
            family.also_minimised_for = also;
            summary.merged.push(merged.id.clone());
            gone.push(merged.id);
        }
        let merged: Vec<usize> = into.iter().map(|(i, _)| *i).collect();
        let mut n = 0;
        index.families.retain(|_| {
            n += 1;
            !merged.contains(&(n - 1))
        });
        index.bodies.extend(bodies.iter().cloned());
    });
    let families = dir.join("families");
    for id in &gone {
        for extension in ["md", "toml"] {
            let path = families.join(format!("{id}.{extension}"));
            if path.exists() {
                std::fs::remove_file(&path)
                    .with_context(|| format!("cannot remove {}", path.display()))?;
            }
        }
    }
    for family in catalogue
        .families()
        .iter()
        .filter(|f| changed.contains(&f.id))
    {
        redraw_files(&families, family, catalogue.index())?;
    }
    catalogue.flush()?;
    Ok(summary)
}

/// Drops what `family` keeps from `names` beyond their answer to its input: their answers to
/// the neutralised variants, and the inputs cleaned for them.
fn forget(family: &mut Family, names: &[String]) {
    for ablated in &mut family.ablation {
        ablated.answers.retain(|name, _| !names.contains(name));
    }
    family.cleaned_for.retain(|name, _| !names.contains(name));
    for cleaned in family.cleaned_for.values_mut() {
        cleaned.answers.retain(|name, _| !names.contains(name));
        for ablated in &mut cleaned.ablation {
            ablated.answers.retain(|name, _| !names.contains(name));
        }
    }
}

/// Rewrites the case file and redraws the verdicts of the page of `family`, under `dir`.
fn redraw_files(dir: &Path, family: &Family, index: &findings::Index) -> Result<()> {
    let Some(input) = family.input.as_ref().map(FamilyInput::input) else {
        return Ok(());
    };
    let case = dir.join(format!("{}.toml", family.id));
    std::fs::write(&case, findings::case_toml(family, &input)?)
        .with_context(|| format!("cannot write {}", case.display()))?;
    let page = dir.join(format!("{}.md", family.id));
    let text = std::fs::read_to_string(&page)
        .with_context(|| format!("cannot read {}", page.display()))?;
    let redrawn = findings::redraw_verdicts(&text, family, &index.engines).with_context(|| {
        format!(
            "{} has no split count and verdict table to redraw",
            page.display()
        )
    })?;
    std::fs::write(&page, redrawn).with_context(|| format!("cannot write {}", page.display()))
}
