//! The conformance suite: every case file through the reference, under every profile the case
//! applies to. All failures of a file are collected and reported together; a panic inside one
//! case is one recorded failure.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use reptest::cases::{self, failure_report};
use reptest_reference::Profile;

fn spec_file(path: &Path) -> datatest_stable::Result<()> {
    let cases = cases::load_file(path)?;
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
        return Err(format!("{}: no check ran", path.display()).into());
    }
    if reports.is_empty() {
        return Ok(());
    }
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    Err(format!(
        "{} failing case/profile pair(s) in {}:\n\n{}\nre-run one: cargo run -- run --cases '{stem}/NAME'",
        reports.len(),
        path.display(),
        reports.join("\n")
    )
    .into())
}

datatest_stable::harness! {
    { test = spec_file, root = "../spec-cases", pattern = r"\.toml$" },
}
