//! Running the suite through adapters of every kind: a parser adapter through its protocol
//! (`crate::suite::runner`), a whole crawler by crawling (`crate::crawl::runner`).

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::engines::adapters::{Adapter, Kind};
use crate::suite::cases::Case;
use crate::suite::runner::{AdapterReport, Progress, run_parser_watched};

/// Runs the suite through one adapter in a subprocess.
pub fn run_adapter(
    adapter: &Adapter,
    cases: &[Case],
    all_ids: &BTreeSet<String>,
    timeout: Duration,
) -> AdapterReport {
    run_adapter_watched(adapter, cases, all_ids, timeout, &|_| {})
}

/// [`run_adapter`], showing a parser adapter's progress through `watch` (see
/// [`run_parser_watched`]); a whole crawler is crawled.
pub fn run_adapter_watched(
    adapter: &Adapter,
    cases: &[Case],
    all_ids: &BTreeSet<String>,
    timeout: Duration,
    watch: &(dyn Fn(&Progress<'_>) + Sync),
) -> AdapterReport {
    match adapter.manifest.kind {
        Kind::Crawler => crate::crawl::runner::run_adapter(adapter, cases, all_ids),
        Kind::Parser => run_parser_watched(adapter, cases, all_ids, timeout, watch),
    }
}

/// Runs the suite through several adapters, `jobs` at a time, calling `progress` as each
/// finishes. Reports come back in the adapters' order.
pub fn run_adapters(
    adapters: &[Adapter],
    cases: &[Case],
    all_ids: &BTreeSet<String>,
    timeout: Duration,
    jobs: usize,
    progress: &(dyn Fn(usize, &AdapterReport) + Sync),
) -> Vec<AdapterReport> {
    run_adapters_watched(adapters, cases, all_ids, timeout, jobs, progress, &|_| {})
}

/// [`run_adapters`], showing each running adapter's progress through `watch` (see
/// [`run_adapter_watched`]).
pub fn run_adapters_watched(
    adapters: &[Adapter],
    cases: &[Case],
    all_ids: &BTreeSet<String>,
    timeout: Duration,
    jobs: usize,
    progress: &(dyn Fn(usize, &AdapterReport) + Sync),
    watch: &(dyn Fn(&Progress<'_>) + Sync),
) -> Vec<AdapterReport> {
    let done = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<AdapterReport>>> = Mutex::new(vec![None; adapters.len()]);
    let run = |i: usize, adapter: &Adapter| {
        let report = run_adapter_watched(adapter, cases, all_ids, timeout, watch);
        let finished = done.fetch_add(1, Ordering::SeqCst) + 1;
        progress(finished, &report);
        if let Ok(mut slots) = slots.lock() {
            slots[i] = Some(report);
        }
    };
    // Adapters start in their order, `jobs` at a time.
    match rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
    {
        Ok(pool) => pool.scope_fifo(|scope| {
            for (i, adapter) in adapters.iter().enumerate() {
                let run = &run;
                scope.spawn_fifo(move |_| run(i, adapter));
            }
        }),
        Err(_) => adapters.iter().enumerate().for_each(|(i, a)| run(i, a)),
    }
    slots
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}
