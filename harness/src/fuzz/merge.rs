//! Sharded campaigns and the merge of their catalogues (`reptest fuzz-diff --shard K/N`,
//! `reptest findings merge`).
//!
//! # The partition
//!
//! A seeded campaign is the stream of cases `0, 1, 2, …`, each input derived from
//! `(seed, case)` alone ([`crate::fuzz::campaign::case_bytes`]). The stream is cut into
//! *blocks* of [`Shard::block`] cases, and shard `K` of `N` takes the blocks whose number is
//! `≡ K (mod N)`. Blocks rather than single cases, because a block is also the campaign's
//! deduplication window: a deviation (implementation, answers, the reference's decision) is
//! minimised at its first case *within a block*, and the set of deviations already minimised
//! is emptied at each block's start, sharded or not. What a block contributes to the
//! catalogue (which deviations are minimised, from which case, into which family) therefore
//! depends on the block's cases alone, so the catalogue of a campaign is the sum of its
//! blocks' contributions, however the blocks were spread over machines. The cost is one
//! minimisation per deviation per block instead of per run: a new block starts like a new run
//! (a few minutes of minimising what the previous block already had). The default block
//! (1,048,576 cases, two hours and more of a two-core machine against every adapter) pays that
//! rarely and leaves every run shorter than a block deduplicating as one window, as before.
//!
//! # The merge
//!
//! A catalogue is identified by its runs (each [`crate::fuzz::findings::RunRecord`] names
//! seed, shard, first case and cases examined). Merging is a union of contributions:
//!
//! - an input whose runs are all held by another input is already part of it and is dropped
//!   (so `merge(A, A) = A`, and `merge(merge(A, B), B) = merge(A, B)`); two inputs that share
//!   some runs but not all are refused, since their hits cannot be told apart;
//! - families are the same family when their signatures are equal; their hits add up;
//! - a family's representative (its minimal input, report and case file) is the one first
//!   seen at the smallest `(seed, case)`, ties broken by the files' bytes. A single seeded run
//!   records a family at its earliest case, so this is the rule the unsharded campaign follows
//!   too, and the merge of its shards keeps the same representatives;
//! - runs are kept as recorded: each shard's run stays a run of its own (its `new_families`
//!   counts what was new to its own catalogue). Contributions are ordered by their runs'
//!   content, never by the order or the paths they were given in;
//! - engines are united by name; an engine with different details in two inputs (another
//!   version installed on another machine) keeps the smallest and is reported.
//!
//! Everything derived from the families (the index's order, `README.md`, whatever else
//! [`Catalogue::flush`] writes) is then rebuilt by the catalogue's own code.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::engines::EngineInfo;
use crate::fuzz::findings::{Family, Index};
use crate::fuzz::store::Catalogue;

pub use crate::fuzz::shard::{DEFAULT_BLOCK, Shard};

/// A family's files under `families/`: (file name, bytes), sorted by name.
type FamilyFiles = Vec<(String, Vec<u8>)>;

/// One catalogue read for merging: its index and the files of each family.
#[derive(Debug)]
struct Input {
    dir: PathBuf,
    index: Index,
    /// The runs, each serialised: the contribution's identity.
    runs: Vec<String>,
    /// Per family id, its files under `families/` (name, bytes), sorted by name.
    files: BTreeMap<String, FamilyFiles>,
}

impl Input {
    fn read(dir: &Path) -> Result<Input> {
        let index = Index::read(&dir.join("index.json"))?.with_context(|| {
            format!("{}: no index.json: not a findings catalogue", dir.display())
        })?;
        if index.runs.is_empty() {
            bail!(
                "{}: the catalogue records no run (a cargo-fuzz target's catalogue?); only \
                 `reptest fuzz-diff` catalogues can be merged",
                dir.display()
            );
        }
        let runs = index
            .runs
            .iter()
            .map(serde_json::to_string)
            .collect::<Result<Vec<_>, _>>()?;
        let mut files: BTreeMap<String, FamilyFiles> = BTreeMap::new();
        let families = dir.join("families");
        let listing = match std::fs::read_dir(&families) {
            Ok(listing) => listing.collect::<Result<Vec<_>, _>>()?,
            Err(_) if index.families.is_empty() => Vec::new(),
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", families.display())),
        };
        let ids: std::collections::BTreeSet<&str> =
            index.families.iter().map(|f| f.id.as_str()).collect();
        for entry in listing {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some((stem, _)) = name.split_once('.') else {
                continue;
            };
            if !ids.contains(stem) || name.ends_with(".partial") {
                continue;
            }
            let bytes = std::fs::read(entry.path())
                .with_context(|| format!("cannot read {}", entry.path().display()))?;
            files
                .entry(stem.to_owned())
                .or_default()
                .push((name, bytes));
        }
        for family in &index.families {
            let Some(found) = files.get_mut(&family.id) else {
                bail!(
                    "{}: family {} has no files under families/",
                    dir.display(),
                    family.id
                );
            };
            found.sort();
        }
        Ok(Input {
            dir: dir.to_owned(),
            index,
            runs,
            files,
        })
    }

    /// Whether every run of `self` is a run of `other` (counted with multiplicity).
    fn within(&self, other: &Input) -> bool {
        let mut left: BTreeMap<&str, usize> = BTreeMap::new();
        for run in &other.runs {
            *left.entry(run).or_default() += 1;
        }
        self.runs
            .iter()
            .all(|run| match left.get_mut(run.as_str()) {
                Some(n) if *n > 0 => {
                    *n -= 1;
                    true
                }
                _ => false,
            })
    }

    /// The order contributions are taken in: by their runs (seed, first case, shard, then the
    /// whole record), then by everything else they hold, so that neither the order of the
    /// arguments nor the directories matter.
    fn key(&self) -> (Vec<(u64, u64, u64, &str)>, String) {
        let mut runs: Vec<(u64, u64, u64, &str)> = self
            .index
            .runs
            .iter()
            .zip(&self.runs)
            .map(|(run, text)| {
                let shard = run.shard.map_or(0, |s| s.index);
                (run.seed, run.first_case, shard, text.as_str())
            })
            .collect();
        runs.sort_unstable();
        (runs, serde_json::to_string(&self.index).unwrap_or_default())
    }
}

/// What a merge did.
#[derive(Debug, Default)]
pub struct MergeSummary {
    /// Catalogues read.
    pub inputs: usize,
    /// Catalogues left out because another input already held all their runs.
    pub absorbed: Vec<PathBuf>,
    /// Runs in the merged catalogue.
    pub runs: usize,
    /// Cases those runs examined.
    pub cases: u64,
    /// Families in the merged catalogue.
    pub families: usize,
    /// Engines described differently by two inputs (the one kept is the smallest).
    pub engine_conflicts: Vec<String>,
}

impl fmt::Display for MergeSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "merged {} catalogues: {} runs over {} cases, {} families",
            self.inputs - self.absorbed.len(),
            self.runs,
            self.cases,
            self.families
        )?;
        for dir in &self.absorbed {
            write!(
                f,
                "\n{}: already held by another input, left out",
                dir.display()
            )?;
        }
        for conflict in &self.engine_conflicts {
            write!(f, "\nwarning: {conflict}")?;
        }
        Ok(())
    }
}

/// Merges the catalogues in `inputs` into `out` (which is either empty, missing, or one of
/// the inputs: then it is rewritten in place). See the module's documentation for the rules.
pub fn merge(inputs: &[PathBuf], out: &Path) -> Result<MergeSummary> {
    if inputs.is_empty() {
        bail!("no catalogue to merge");
    }
    let mut read = inputs
        .iter()
        .map(|dir| Input::read(dir))
        .collect::<Result<Vec<_>>>()?;
    check_out(inputs, out)?;
    let mut summary = MergeSummary {
        inputs: read.len(),
        ..MergeSummary::default()
    };
    read.sort_by(|a, b| a.key().cmp(&b.key()));
    // Drop every input another one holds entirely (of identical ones, all but the first).
    let held: Vec<bool> = read
        .iter()
        .enumerate()
        .map(|(i, input)| {
            read.iter()
                .enumerate()
                .any(|(j, other)| j != i && input.within(other) && (!other.within(input) || j < i))
        })
        .collect();
    let mut kept: Vec<Input> = Vec::new();
    for (input, held) in read.into_iter().zip(held) {
        if held {
            summary.absorbed.push(input.dir);
        } else {
            kept.push(input);
        }
    }
    // What is left must not share runs.
    for (i, a) in kept.iter().enumerate() {
        for b in &kept[i + 1..] {
            if let Some(run) = a.runs.iter().find(|r| b.runs.contains(r)) {
                bail!(
                    "{} and {} both hold the run {run} but neither holds all of the other's \
                     runs: their hits cannot be told apart; merge catalogues that hold each run \
                     once",
                    a.dir.display(),
                    b.dir.display()
                );
            }
        }
    }
    let mut index = Index {
        schema: kept.first().map_or(1, |k| k.index.schema),
        ..Index::default()
    };
    let mut engines: BTreeMap<String, Vec<EngineInfo>> = BTreeMap::new();
    // Per signature: the family (hits summed) and the files of its representative.
    let mut families: BTreeMap<String, (Family, &FamilyFiles)> = BTreeMap::new();
    for input in &kept {
        index.runs.extend(input.index.runs.iter().cloned());
        for (name, body) in &input.index.bodies {
            index.bodies.entry(name.clone()).or_insert(*body);
        }
        for (name, info) in &input.index.engines {
            engines.entry(name.clone()).or_default().push(info.clone());
        }
        for family in &input.index.families {
            let files = &input.files[&family.id];
            match families.get_mut(&family.signature) {
                None => {
                    families.insert(family.signature.clone(), (family.clone(), files));
                }
                Some((merged, chosen)) => {
                    let hits = merged.hits + family.hits;
                    // Every implementation whose minimisation reached this input, in either.
                    let mut minimised: Vec<String> = [merged, family]
                        .into_iter()
                        .flat_map(|f| {
                            std::iter::once(&f.minimised_for).chain(&f.also_minimised_for)
                        })
                        .filter(|name| !name.is_empty())
                        .cloned()
                        .collect();
                    let seen = |f: &Family| (f.first_seen.seed, f.first_seen.case);
                    if (seen(family), files) < (seen(merged), *chosen) {
                        *merged = family.clone();
                        *chosen = files;
                    }
                    merged.hits = hits;
                    minimised.sort();
                    minimised.dedup();
                    minimised.retain(|name| *name != merged.minimised_for);
                    merged.also_minimised_for = minimised;
                }
            }
        }
    }
    for (name, mut infos) in engines {
        infos.sort_by_key(|i| {
            (
                i.implementation.clone(),
                i.version.clone(),
                i.language.clone(),
            )
        });
        infos.dedup();
        if infos.len() > 1 {
            let versions: Vec<String> = infos
                .iter()
                .map(|i| format!("{} {}", i.implementation, i.version))
                .collect();
            summary.engine_conflicts.push(format!(
                "{name} differs between the catalogues ({}); kept the first",
                versions.join(" / ")
            ));
        }
        index.engines.insert(name, infos.swap_remove(0));
    }
    summary.runs = index.runs.len();
    summary.cases = index.runs.iter().map(|r| r.cases).sum();
    summary.families = families.len();
    let chosen: Vec<&FamilyFiles> = families.values().map(|(_, files)| *files).collect();
    index.families = families.into_values().map(|(family, _)| family).collect();
    write(out, &index, &chosen)?;
    Ok(summary)
}

/// `out` must be empty or missing, or one of the inputs.
fn check_out(inputs: &[PathBuf], out: &Path) -> Result<()> {
    let empty = match std::fs::read_dir(out) {
        Ok(mut listing) => listing.next().is_none(),
        Err(_) => !out.exists(),
    };
    if empty {
        return Ok(());
    }
    let same = |dir: &PathBuf| {
        matches!(
            (dir.canonicalize(), out.canonicalize()),
            (Ok(a), Ok(b)) if a == b
        )
    };
    if inputs.iter().any(same) {
        return Ok(());
    }
    bail!(
        "{} is not empty and is not one of the catalogues merged: give an empty directory, or \
         name it among the inputs to merge into it",
        out.display()
    )
}

/// Writes the families' files, then the index through the catalogue, which rebuilds
/// everything derived.
fn write(out: &Path, index: &Index, files: &[&FamilyFiles]) -> Result<()> {
    let families = out.join("families");
    std::fs::create_dir_all(&families)
        .with_context(|| format!("cannot create {}", families.display()))?;
    for (name, bytes) in files.iter().flat_map(|f| f.iter()) {
        let path = families.join(name);
        let temporary = families.join(format!("{name}.partial"));
        std::fs::write(&temporary, bytes)
            .with_context(|| format!("cannot write {}", temporary.display()))?;
        std::fs::rename(&temporary, &path)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    crate::fuzz::store::write_index(out, index)?;
    Catalogue::open(out)?.flush()
}

/// The run record's `shard` field: `None` for a whole campaign.
pub fn recorded(shard: Shard) -> Option<Shard> {
    (!shard.is_whole() || shard.block != DEFAULT_BLOCK).then_some(shard)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_stream_by_block() {
        let shards: Vec<Shard> = (0..3)
            .map(|k| Shard::new(k, 3, 4).expect("a shard"))
            .collect();
        for case in 0..100 {
            let owners = shards.iter().filter(|s| s.contains(case)).count();
            assert_eq!(owners, 1, "case {case}");
        }
        let first = shards[2];
        assert_eq!(first.next_from(0), Some(8));
        assert_eq!(first.next_from(9), Some(9));
        assert_eq!(first.next_from(12), Some(20));
        assert!("2/2".parse::<Shard>().is_err());
        assert!("1/0".parse::<Shard>().is_err());
        assert!("x".parse::<Shard>().is_err());
        assert_eq!("1/4".parse::<Shard>().expect("a shard").to_string(), "1/4");
    }
}
