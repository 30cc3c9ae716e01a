//! The harness's integration tests: one module per file of `tests/`, linked as one binary (one
//! link of the library and its dependencies, not one per file; `Cargo.toml` sets
//! `autotests = false`). One file's tests: `cargo test -p reptest --test integration
//! ablation::`. `spec.rs` (the spec suite, its own harness) is a binary of its own.

mod common;

mod ablation;
mod adapter_names;
mod citations;
mod crawler;
mod faulty_adapter;
mod fetch;
mod findings_catalogue;
mod fuzz_diff;
mod fuzz_shards;
mod implementer_run;
mod imports;
mod loader;
mod protocol;
mod report_page;
mod report_records;
mod report_sections;
mod site_owner;
mod workflow;

/// With `autotests = false`, a file added to `tests/` runs only when declared here: every
/// one is.
#[test]
fn every_test_file_is_a_module_here() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let this = std::fs::read_to_string(dir.join("integration.rs")).expect("readable");
    for entry in std::fs::read_dir(&dir).expect("tests/") {
        let name = entry.expect("an entry").file_name();
        let name = name.to_string_lossy();
        let Some(module) = name.strip_suffix(".rs") else {
            continue;
        };
        if module == "integration" || module == "spec" {
            continue;
        }
        assert!(
            this.contains(&format!("\nmod {module};\n")),
            "tests/{name} is not declared in tests/integration.rs: its tests would not run"
        );
    }
}
