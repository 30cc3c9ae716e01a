//! The conformance suite: every case file through the reference, under every profile the case
//! applies to. All failures of a file are collected and reported together; a panic inside one
//! case is one recorded failure.

use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use reptest::suite::cases::{self, failure_report};
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
    for case in &cases {
        for profile in Profile::ALL {
            match catch_unwind(AssertUnwindSafe(|| cases::run_reference(case, profile))) {
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
