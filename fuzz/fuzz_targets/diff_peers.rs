//! Differential run against the Rust crates linked in process: every new family goes to the
//! findings catalogue (`REPTEST_FINDINGS`, default `fuzz/findings`); a panic only when the
//! reference itself breaks.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    reptest::fuzz::campaign::fuzz_one(reptest::fuzz::campaign::FuzzEngines::InProcess, data);
});
