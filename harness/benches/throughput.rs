//! The harness's own throughput: verdicts per second through protocol v1 (the reference
//! served by `reptest adapter reference`, one Python adapter and one Node adapter), batched
//! (every URL of a host in one request) against one URL per request; the same questions to
//! the reference in process, which is the floor the protocol's overhead is measured against;
//! and in-process differential cases per second, as `reptest fuzz-diff --in-process` runs them.
//!
//! `cargo bench -p reptest --bench throughput` (BENCHMARKS.md has the numbers). The Python
//! and Node adapters are measured when `reptest setup protego robots-parser` has installed
//! them, and skipped (with a line saying so) otherwise.

use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use reptest::engines::adapters;
use reptest::engines::subprocess::SubprocessEngine;
use reptest::engines::{Engine, ReferenceEngine};
use reptest::fuzz::campaign::{Campaign, Settings, in_process_implementations};
use reptest::fuzz::corpus::Corpus;
use reptest::fuzz::store::Catalogue;
use reptest_reference::Profile;

/// 40 questions of 25 URLs each, from the corpus when present (generated otherwise).
fn questions() -> Vec<(Vec<u8>, Vec<String>)> {
    let corpus = Corpus::load(&Corpus::default_dir()).unwrap_or_default();
    let mut out: Vec<(Vec<u8>, Vec<String>)> = corpus
        .sites
        .iter()
        .filter(|s| s.urls.len() >= 25 && s.body.len() < 20_000)
        .take(40)
        .map(|s| (s.body.clone(), s.urls[..25].to_vec()))
        .collect();
    if out.is_empty() {
        out = (0..40)
            .map(|i| {
                let body = format!("user-agent: *\ndisallow: /p{i}\nallow: /p{i}/*.html$\n");
                let urls = (0..25)
                    .map(|j| format!("https://example.com/p{i}/{j}.html"))
                    .collect();
                (body.into_bytes(), urls)
            })
            .collect();
    }
    out
}

fn engines() -> Vec<(String, Box<dyn Engine>)> {
    let mut out: Vec<(String, Box<dyn Engine>)> = vec![(
        "reference in process".into(),
        Box::new(ReferenceEngine::new(Profile::Rfc9309)),
    )];
    out.push((
        "reference over protocol v1".into(),
        Box::new(SubprocessEngine::new(
            "reference",
            vec![
                env!("CARGO_BIN_EXE_reptest").to_owned(),
                "adapter".into(),
                "reference".into(),
            ],
            Duration::from_secs(10),
        )),
    ));
    let all = adapters::load(&adapters::default_dir(), &adapters::default_install_root())
        .unwrap_or_default();
    for name in ["protego", "robots-parser"] {
        match all.iter().find(|a| a.manifest.name == name) {
            Some(adapter) if adapter.is_set_up() => out.push((
                format!("{name} ({}) over protocol v1", adapter.manifest.language),
                Box::new(SubprocessEngine::new(
                    name,
                    adapter.command(),
                    Duration::from_secs(10),
                )),
            )),
            _ => println!("{name}: not set up (`reptest setup {name}`), skipped"),
        }
    }
    out
}

fn protocol(c: &mut Criterion) {
    let questions = questions();
    let verdicts: usize = questions.iter().map(|(_, urls)| urls.len()).sum();
    let mut group = c.benchmark_group("verdicts");
    group.throughput(Throughput::Elements(verdicts as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for (name, mut engine) in engines() {
        group.bench_function(format!("{name}, batched"), |b| {
            b.iter(|| {
                for (body, urls) in &questions {
                    black_box(engine.check(body, "FooBot", urls).ok());
                }
            });
        });
        group.bench_function(format!("{name}, one URL per request"), |b| {
            b.iter(|| {
                for (body, urls) in &questions {
                    for url in urls {
                        black_box(engine.check(body, "FooBot", std::slice::from_ref(url)).ok());
                    }
                }
            });
        });
    }
    group.finish();
}

fn fuzz_diff(c: &mut Criterion) {
    let corpus = Corpus::load(&Corpus::default_dir()).ok();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-findings");
    let _ = std::fs::remove_dir_all(&dir);
    let catalogue = Catalogue::open(&dir).expect("a scratch catalogue");
    let stop = Arc::new(AtomicBool::new(false));
    let mut campaign = Campaign::new(in_process_implementations(), catalogue, corpus, stop);
    let settings = Settings {
        seed: 1,
        first_case: 0,
        iterations: Some(2000),
        time: None,
        jobs: 2,
        minimise_budget: Duration::from_secs(5),
    };
    // The first pass minimises and writes every family; the measured passes are the steady
    // state of a long campaign, where almost every deviation is already known.
    let _ = campaign.run(&settings, &mut |_| {});
    let mut group = c.benchmark_group("fuzz-diff");
    group.throughput(Throughput::Elements(2000));
    group.sample_size(10);
    group.bench_function("in-process cases, 2 jobs (reference x3 + 6 crates)", |b| {
        b.iter(|| campaign.run(&settings, &mut |_| {}).ok());
    });
    group.finish();
}

criterion_group!(benches, protocol, fuzz_diff);
criterion_main!(benches);
