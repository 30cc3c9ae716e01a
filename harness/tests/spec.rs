//! The conformance suite: every case file through the reference, under every profile the case
//! applies to. All failures of a file are collected and reported together; a panic inside one
//! case is one recorded failure.

use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use rayon::prelude::*;
use reptest::suite::cases::{self, CaseKind, failure_report};
use reptest_reference::Profile;

/// A failure message printed as written (the harness prints errors with `Debug`).
struct Report(String);

impl fmt::Debug for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Report {}

fn spec_file(path: &Path) -> datatest_stable::Result<()> {
    let cases = cases::load_file(path).map_err(|e| Report(format!("{e:#}")))?;
    let mut reports = Vec::new();
    let mut ran = 0;
    // Each case under every profile; fetch cases wait on their loopback servers (a stall, a
    // second ask a second later), not on a core, so cases run side by side, and a fetch case is
    // fetched once for all its profiles.
    type Ran = Vec<(Profile, std::thread::Result<Vec<cases::CheckResult>>)>;
    let run_case = |case: &cases::Case| -> Ran {
        if matches!(case.kind, CaseKind::Served { .. }) {
            let timeout = reptest::fetch::DEFAULT_TIMEOUT;
            let run = catch_unwind(AssertUnwindSafe(|| {
                cases::run_served_reference_profiles(case, &Profile::ALL, timeout)
            }));
            let applies: Vec<Profile> = Profile::ALL
                .into_iter()
                .filter(|p| case.profiles.contains(p))
                .collect();
            return match run {
                Ok(results) => applies
                    .into_iter()
                    .zip(results.into_iter().map(Ok))
                    .collect(),
                Err(_) => applies
                    .into_iter()
                    .map(|p| (p, Err(Box::new(()) as _)))
                    .collect(),
            };
        }
        Profile::ALL
            .into_iter()
            .map(|profile| {
                let run = catch_unwind(AssertUnwindSafe(|| cases::run_reference(case, profile)));
                (profile, run)
            })
            .collect()
    };
    let per_case: Vec<Ran> = match rayon::ThreadPoolBuilder::new().num_threads(16).build() {
        Ok(pool) => pool.install(|| cases.par_iter().with_max_len(1).map(run_case).collect()),
        Err(_) => cases.iter().map(run_case).collect(),
    };
    for (case, results) in cases.iter().zip(per_case) {
        for (profile, run) in results {
            match run {
                Ok(results) => {
                    ran += results.len();
                    let failures: Vec<_> = results.iter().filter(|r| !r.passed()).collect();
                    if !failures.is_empty() {
                        reports.push(failure_report(case, profile, &failures));
                    }
                }
                Err(_) => reports.push(format!("{} [{profile}]: panicked\n", case.id)),
            }
        }
    }
    if ran == 0 {
        return Err(Report(format!("{}: no check ran", path.display())).into());
    }
    if reports.is_empty() {
        return Ok(());
    }
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    Err(Report(format!(
        "{} failing case/profile pair(s) in {}:\n\n{}\nre-run one: cargo run -- run --cases '{stem}/NAME'",
        reports.len(),
        path.display(),
        reports.join("\n")
    ))
    .into())
}

datatest_stable::harness! {
    { test = spec_file, root = "../spec-cases", pattern = r"\.toml$" },
}
