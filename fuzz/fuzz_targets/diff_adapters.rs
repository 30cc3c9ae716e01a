//! Differential run against every installed adapter (`reptest setup` first) over protocol
//! v1, plus the in-process crates; new families go to the findings catalogue
//! (`REPTEST_FINDINGS`, default `fuzz/findings`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    reptest::fuzz::campaign::fuzz_one(reptest::fuzz::campaign::FuzzEngines::Adapters, data);
});
