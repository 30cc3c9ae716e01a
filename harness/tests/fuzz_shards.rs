//! Sharded campaigns and `reptest findings merge`: the shards of a seeded campaign against the
//! Rust crates linked in process, merged, give the unsharded campaign's catalogue (same
//! families, hits, representatives and files), however the campaign was split and in
//! whatever order the shards are merged; merging is idempotent, absorbs a catalogue already
//! held, and refuses catalogues that share only some runs.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use reptest::fuzz::campaign::{Campaign, Settings, in_process_implementations};
use reptest::fuzz::findings::Index;
use reptest::fuzz::merge::{Shard, merge};
use reptest::fuzz::store::Catalogue;

const SEED: u64 = 11;
const CASES: u64 = 320;
/// Small blocks, so that each shard gets several.
const BLOCK: u64 = 32;

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("fuzz-shards")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Runs shard `index` of `count` of the seeded campaign into a fresh catalogue `name`.
fn campaign(name: &str, index: u64, count: u64) -> PathBuf {
    let dir = scratch(name);
    let catalogue = Catalogue::open(&dir).expect("catalogue");
    let stop = Arc::new(AtomicBool::new(false));
    let shard = Shard::new(index, count, BLOCK).expect("a shard");
    let mut campaign =
        Campaign::new(in_process_implementations(), catalogue, None, stop).with_shard(shard);
    let settings = Settings {
        seed: SEED,
        first_case: 0,
        iterations: Some(CASES),
        time: None,
        jobs: 2,
        // Never reached: a minimisation cut short would make the result depend on timing.
        minimise_budget: Duration::from_secs(600),
    };
    let ran = campaign.run(&settings, &mut |_| {}).expect("run");
    assert!(ran > 0, "{name}: nothing ran");
    // No time recorded: the run records are then reproducible too.
    campaign
        .finish(&settings, ran, Duration::ZERO)
        .expect("finish");
    dir
}

fn index(dir: &Path) -> Index {
    Index::read(&dir.join("index.json"))
        .expect("readable")
        .expect("an index")
}

/// Every file under `dir`, by relative path.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).expect("a directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let name = path
                    .strip_prefix(dir)
                    .expect("inside")
                    .display()
                    .to_string();
                out.insert(name, std::fs::read(&path).expect("readable"));
            }
        }
    }
    out
}

/// Whether two directories hold the same files, naming those that differ.
fn same(a: &Path, b: &Path) -> Result<(), Vec<String>> {
    let (a, b) = (files(a), files(b));
    let differ: Vec<String> = a
        .keys()
        .chain(b.keys())
        .filter(|name| a.get(*name) != b.get(*name))
        .cloned()
        .collect();
    if differ.is_empty() {
        Ok(())
    } else {
        Err(differ)
    }
}

fn merged(name: &str, inputs: &[&Path]) -> PathBuf {
    let out = scratch(name);
    let inputs: Vec<PathBuf> = inputs.iter().map(|p| p.to_path_buf()).collect();
    merge(&inputs, &out).expect("merge");
    out
}

/// One test, so that the campaigns run once and in sequence (they are the expensive part).
#[test]
fn shards_merged_equal_the_unsharded_campaign() {
    let whole = campaign("whole", 0, 1);
    let expected = index(&whole);
    assert!(
        expected.families.len() >= 2,
        "the Rust crates gave too few families to compare: {:?}",
        expected.families
    );
    assert!(
        expected.families.iter().any(|f| f.hits > 1),
        "no family hit twice"
    );
    let halves = [campaign("half-0", 0, 2), campaign("half-1", 1, 2)];
    let thirds = [
        campaign("third-0", 0, 3),
        campaign("third-1", 1, 3),
        campaign("third-2", 2, 3),
    ];
    // The shards are disjoint and cover the campaign.
    let cases = |dir: &Path| index(dir).runs.iter().map(|r| r.cases).sum::<u64>();
    assert_eq!(cases(&halves[0]) + cases(&halves[1]), CASES);
    assert_eq!(thirds.iter().map(|d| cases(d)).sum::<u64>(), CASES);
    // Each shard alone finds only part of it.
    assert_ne!(index(&halves[0]).families, expected.families);

    let two = merged("merged-2", &[&halves[0], &halves[1]]);
    let three = merged("merged-3", &[&thirds[2], &thirds[0], &thirds[1]]);
    for (name, dir) in [("two shards", &two), ("three shards", &three)] {
        let got = index(dir);
        assert_eq!(
            got.families, expected.families,
            "{name}: families, hits or representatives differ"
        );
        assert_eq!(got.engines, expected.engines, "{name}");
        assert_eq!(
            same(&dir.join("families"), &whole.join("families")),
            Ok(()),
            "{name}: family files differ"
        );
        assert_eq!(got.runs.iter().map(|r| r.cases).sum::<u64>(), CASES);
    }
    // The runs are the shards' own.
    assert_eq!(index(&two).runs.len(), 2);
    assert_eq!(index(&three).runs.len(), 3);

    // The order the shards are given in does not matter, to the byte.
    let reversed = merged("merged-2-reversed", &[&halves[1], &halves[0]]);
    assert_eq!(same(&reversed, &two), Ok(()), "reversed and two differ");

    // Idempotent: a catalogue merged with itself is itself (index, pages, family files).
    let twice = merged("twice", &[&halves[0], &halves[0]]);
    assert_eq!(
        same(&twice, &halves[0]),
        Ok(()),
        "twice and halves[0] differ"
    );
    let again = merged("merged-2-again", &[&two, &two]);
    assert_eq!(same(&again, &two), Ok(()), "again and two differ");
    // A catalogue already held by another is left out: merging a shard in twice changes
    // nothing, also when merging into the merged catalogue in place.
    let absorbed = merged("absorbed", &[&halves[1], &two]);
    assert_eq!(same(&absorbed, &two), Ok(()), "absorbed and two differ");
    let copy = merged("merged-2-copy", &[&two]);
    merge(&[two.clone(), halves[0].clone()], &two).expect("merge in place");
    assert_eq!(
        same(&two, &copy),
        Ok(()),
        "merging a held shard in place changed it"
    );

    // Catalogues that share some runs but not all cannot be merged: their hits would count
    // twice.
    let mixed = merged("mixed", &[&halves[1], &thirds[0]]);
    let out = scratch("refused");
    let error = merge(&[two.clone(), mixed], &out).expect_err("shared runs are refused");
    assert!(error.to_string().contains("both hold the run"), "{error:#}");
    // A non-empty output that is not an input is refused.
    let error = merge(std::slice::from_ref(&two), &halves[0]).expect_err("not empty");
    assert!(error.to_string().contains("not empty"), "{error:#}");
}
