//! The harness names no adapter in its code: what is known of a library (its repro template,
//! its body mode, the profiles it is a witness for) lives in its adapter directory
//! (`harness/adapters/<name>/`). No adapter directory's name is a string literal (`"name"`)
//! in any source file under `harness/src`.

use std::fs;
use std::path::{Path, PathBuf};

/// Literals that are an adapter's name by coincidence, each allowed in one file only, with
/// what they are there. Checked both ways: an entry no longer needed fails the test.
const COINCIDENCES: [(&str, &str, &str); 1] = [(
    "robots-txt",
    "fuzz/findings.rs",
    "the decision tag of a URL that is /robots.txt itself (ROBOTS_TXT_TAG)",
)];

fn harness() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn adapter_names() -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(harness().join("adapters"))
        .expect("harness/adapters")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("adapter.toml").is_file())
        .filter_map(|p| p.file_name()?.to_str().map(str::to_owned))
        .collect();
    names.sort();
    names
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_adapter_name_is_a_string_literal_in_the_harness() {
    let names = adapter_names();
    assert!(names.len() >= 20, "{names:?}");
    let src = harness().join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    assert!(files.len() >= 30, "{} source files", files.len());
    let mut found = Vec::new();
    let mut coincidences_seen = vec![false; COINCIDENCES.len()];
    for file in &files {
        let text = fs::read_to_string(file).expect("a source file");
        let relative = file
            .strip_prefix(&src)
            .expect("under src")
            .to_string_lossy()
            .replace('\\', "/");
        for name in &names {
            let literal = format!("\"{name}\"");
            let count = text.matches(&literal).count();
            if count == 0 {
                continue;
            }
            match COINCIDENCES
                .iter()
                .position(|(n, f, _)| n == name && *f == relative)
            {
                Some(i) if count == 1 => coincidences_seen[i] = true,
                _ => found.push(format!("{relative}: {literal} ×{count}")),
            }
        }
    }
    assert!(
        found.is_empty(),
        "adapter names written in the harness's code (move what they key into the adapter's \
         directory):\n{}",
        found.join("\n")
    );
    for (seen, (name, file, what)) in coincidences_seen.iter().zip(COINCIDENCES) {
        assert!(
            seen,
            "`\"{name}\"` ({what}) is no longer in {file}: take it off the list"
        );
    }
}
