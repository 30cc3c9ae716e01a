//! Writes a libFuzzer seed corpus: one file per distinct robots.txt body of the spec cases
//! and, when the folder exists, of the real-world corpus; named by the body's hash, so that
//! a re-run writes the same files. Used by `.clusterfuzzlite/build.sh`.
//!
//! ```sh
//! cargo run --release -p reptest --example seed_corpus -- SPEC_CASES CORPUS OUT
//! ```
//!
//! Bodies larger than 64 KiB are left out: libFuzzer would otherwise raise its input
//! length limit to the largest seed, and every target would spend its time on long inputs.

use std::collections::BTreeSet;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use reptest::fuzz::corpus::Corpus;
use reptest::suite::cases::{self, CaseKind};

/// The largest seed written.
const MAX_SEED: usize = 64 * 1024;

fn main() -> Result<()> {
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let [spec_cases, corpus, out] = args.as_slice() else {
        bail!("usage: seed_corpus SPEC_CASES CORPUS OUT");
    };
    let mut bodies: BTreeSet<Vec<u8>> = BTreeSet::new();
    for case in cases::load_dir(spec_cases)? {
        if let CaseKind::Robots { body, .. } = case.kind {
            bodies.insert(body);
        }
    }
    let from_cases = bodies.len();
    let mut from_corpus = 0;
    if let Some(corpus) = Corpus::load_if_present(corpus)? {
        for site in corpus.sites {
            from_corpus += usize::from(bodies.insert(site.body));
        }
    }
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let mut written = 0;
    for body in bodies.iter().filter(|b| b.len() <= MAX_SEED) {
        let path = out.join(format!("{:016x}", reptest::text::fnv1a(body)));
        std::fs::write(&path, body).with_context(|| format!("cannot write {}", path.display()))?;
        written += 1;
    }
    if written == 0 {
        bail!(
            "no seed written: no robots.txt body under {}",
            spec_cases.display()
        );
    }
    println!(
        "{written} seeds in {} ({from_cases} from the spec cases, {from_corpus} more from the \
         real-world corpus; {} over {MAX_SEED} bytes left out)",
        out.display(),
        bodies.len() - written
    );
    Ok(())
}
