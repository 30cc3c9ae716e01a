//! `reptest adapter new NAME --language L`: a working adapter skeleton, outside this
//! repository, for an implementer to fill in with a call to their parser.
//!
//! Each skeleton speaks protocol v1 as written and answers `unsupported` to every URL until
//! its check function is filled in, so that an unfinished adapter counts nothing as passed.
//! It comes with an `adapter.toml`, so that it runs with `--command` (the hello names it) and
//! with `--manifest DIR` alike (the manifest's setup builds the compiled ones).
//!
//! The protocol code is this repository's own: the Python and JavaScript skeletons carry a
//! copy of the helpers the in-tree adapters use (`adapters/_python/reptest_adapter.py`,
//! `adapters/_node/reptest_adapter.js`, compiled into the binary), the Rust one depends on the
//! `reptest-adapter-kit` crate (by path when this binary was built from a checkout that is
//! still there, else by git), and the Ruby, Perl and C++ ones hold their loop inline, as the
//! in-tree adapters in those languages do. The templates are under `harness/templates/`.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

/// A skeleton's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Language {
    /// Python 3 (`python3`).
    Python,
    /// JavaScript on Node.js (`node`).
    Node,
    /// Rust (`cargo`), on the `reptest-adapter-kit` crate.
    Rust,
    /// Ruby (`ruby`).
    Ruby,
    /// Perl 5 (`perl`, with the core modules JSON::PP and MIME::Base64).
    Perl,
    /// C++17 (`g++`, with nlohmann/json).
    #[value(name = "c++")]
    Cpp,
}

impl Language {
    /// Every language.
    pub const ALL: [Language; 6] = [
        Language::Python,
        Language::Node,
        Language::Rust,
        Language::Ruby,
        Language::Perl,
        Language::Cpp,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Language::Python => "python",
            Language::Node => "node",
            Language::Rust => "rust",
            Language::Ruby => "ruby",
            Language::Perl => "perl",
            Language::Cpp => "c++",
        }
    }

    /// The program its skeleton needs to be built or run.
    pub fn runtime(self) -> &'static str {
        match self {
            Language::Python => "python3",
            Language::Node => "node",
            Language::Rust => "cargo",
            Language::Ruby => "ruby",
            Language::Perl => "perl",
            Language::Cpp => "g++",
        }
    }

    /// The file holding the check function to fill in, relative to the skeleton.
    pub fn check_file(self) -> &'static str {
        match self {
            Language::Python => "adapter.py",
            Language::Node => "adapter.js",
            Language::Rust => "src/main.rs",
            Language::Ruby => "adapter.rb",
            Language::Perl => "adapter.pl",
            Language::Cpp => "adapter.cc",
        }
    }
}

/// The git source of the adapter kit, for a skeleton written without a checkout at hand.
pub const KIT_GIT: &str = "https://github.com/reptest/reptest";

/// A skeleton written to disk.
#[derive(Clone, Debug)]
pub struct Skeleton {
    /// Its directory (`PARENT/NAME`).
    pub dir: PathBuf,
    /// The files written, relative to `dir`.
    pub files: Vec<String>,
    /// What to do next, as printed.
    pub next_steps: String,
}

fn templates(language: Language) -> Vec<(&'static str, &'static str)> {
    match language {
        Language::Python => vec![
            ("adapter.py", include_str!("../templates/python/adapter.py")),
            (
                "reptest_adapter.py",
                include_str!("../adapters/_python/reptest_adapter.py"),
            ),
        ],
        Language::Node => vec![
            ("adapter.js", include_str!("../templates/node/adapter.js")),
            (
                "reptest_adapter.js",
                include_str!("../adapters/_node/reptest_adapter.js"),
            ),
        ],
        Language::Rust => vec![
            ("Cargo.toml", include_str!("../templates/rust/Cargo.toml")),
            ("src/main.rs", include_str!("../templates/rust/src/main.rs")),
        ],
        Language::Ruby => vec![("adapter.rb", include_str!("../templates/ruby/adapter.rb"))],
        Language::Perl => vec![("adapter.pl", include_str!("../templates/perl/adapter.pl"))],
        Language::Cpp => vec![("adapter.cc", include_str!("../templates/cpp/adapter.cc"))],
    }
}

/// The manifest: how `--manifest DIR` and `reptest setup` run and build the skeleton.
fn manifest(name: &str, language: Language) -> String {
    let (run, setup) = match language {
        Language::Python => ("[\"python3\", \"{here}/adapter.py\"]", String::new()),
        Language::Node => ("[\"node\", \"{here}/adapter.js\"]", String::new()),
        Language::Ruby => ("[\"ruby\", \"{here}/adapter.rb\"]", String::new()),
        Language::Perl => ("[\"perl\", \"{here}/adapter.pl\"]", String::new()),
        Language::Cpp => (
            "[\"{env}/adapter\"]",
            "\n[setup]\nrequires = [\"g++\"]\ncommands = [\n  [\"g++\", \"-std=c++17\", \"-O2\", \
             \"{here}/adapter.cc\", \"-o\", \"{env}/adapter\"],\n]\n"
                .to_owned(),
        ),
        Language::Rust => (
            "[\"{env}/target/release/__NAME__\"]",
            "\n[setup]\nrequires = [\"cargo\"]\ncommands = [\n  [\"cargo\", \"build\", \
             \"--release\", \"--manifest-path\", \"{here}/Cargo.toml\", \"--target-dir\", \
             \"{env}/target\"],\n]\n"
                .to_owned(),
        ),
    };
    let language_name = match language {
        Language::Node => "javascript",
        other => other.name(),
    };
    format!(
        "# Generated by `reptest adapter new {name} --language {}`: how reptest runs this \
         adapter\n# with `--manifest DIR` (see harness/adapters/README.md in reptest).\n\
         name = \"{name}\"\nimplementation = \"{name}\"\nlanguage = \"{language_name}\"\n\
         version = \"0.0.0\"\nsource = \"\"\nrun = {run}\nmapping = []\n{setup}",
        language.name()
    )
    .replace("__NAME__", name)
}

/// The dependency line on the adapter kit: by path when the checkout this binary was built
/// from still holds it, else by git.
pub fn kit_dependency() -> String {
    let kit = crate::engines::adapters::workspace_root().join("adapter-kit");
    if kit.join("Cargo.toml").is_file() {
        let path = kit.display().to_string().replace('\\', "/");
        format!("reptest-adapter-kit = {{ path = \"{path}\" }}")
    } else {
        format!("reptest-adapter-kit = {{ git = \"{KIT_GIT}\" }}")
    }
}

/// Whether `name` can name an adapter: ASCII letters, digits, `-` and `_`, starting with a
/// letter (it is also a directory, a crate and a binary name).
pub fn valid_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Writes the skeleton of adapter `name` in `language` to `parent/name`, which must not exist.
pub fn write(name: &str, language: Language, parent: &Path) -> Result<Skeleton> {
    if !valid_name(name) {
        bail!(
            "`{name}` cannot name an adapter: use ASCII letters, digits, `-` and `_`, starting \
             with a letter"
        );
    }
    let dir = parent.join(name);
    if dir.exists() {
        bail!(
            "{} exists already; choose another name or place",
            dir.display()
        );
    }
    let mut files = Vec::new();
    let mut contents = templates(language);
    let manifest_text = manifest(name, language);
    contents.push(("adapter.toml", &manifest_text));
    let kit = kit_dependency();
    for (file, text) in contents {
        let path = dir.join(file);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        let text = text
            .replace("__NAME__", name)
            .replace("__KIT_DEPENDENCY__", &kit);
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
        files.push(file.to_owned());
    }
    let shown = dir.display();
    let command = match language {
        Language::Python => format!("python3 {shown}/adapter.py"),
        Language::Node => format!("node {shown}/adapter.js"),
        Language::Ruby => format!("ruby {shown}/adapter.rb"),
        Language::Perl => format!("perl {shown}/adapter.pl"),
        Language::Cpp => format!("{shown}/adapter"),
        Language::Rust => format!("{shown}/target/release/{name}"),
    };
    let build = match language {
        Language::Cpp => format!("  g++ -std=c++17 -O2 {shown}/adapter.cc -o {shown}/adapter\n"),
        Language::Rust => format!("  cargo build --release --manifest-path {shown}/Cargo.toml\n"),
        _ => String::new(),
    };
    let next_steps = format!(
        "wrote the {} adapter `{name}` in {shown}: {}\n\
         next: call your parser in {shown}/{} (it answers `unsupported` until then), then\n\
         {build}  reptest run --command '{command}' --write-expectations {name}.expectations.toml\n\
         and in CI:\n  reptest run --command '{command}' --expectations {name}.expectations.toml --junit junit.xml",
        language.name(),
        files.join(", "),
        language.check_file(),
    );
    Ok(Skeleton {
        dir,
        files,
        next_steps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        assert!(valid_name("my-parser_2"));
        for bad in ["", "2fast", "my parser", "../x", "a/b", "é"] {
            assert!(!valid_name(bad), "{bad}");
        }
    }

    #[test]
    fn every_skeleton_has_a_manifest_that_loads_and_refuses_to_overwrite() {
        let parent = std::env::temp_dir().join(format!("reptest-scaffold-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&parent);
        for language in Language::ALL {
            let name = format!("x-{}", language.name().replace("++", "pp"));
            let skeleton = write(&name, language, &parent).expect("written");
            let text = std::fs::read_to_string(skeleton.dir.join(language.check_file()))
                .expect("the check file");
            assert!(
                !text.contains("__NAME__") && !text.contains("__KIT"),
                "{text}"
            );
            assert!(text.contains(&name), "{}", language.name());
            let adapter = crate::engines::adapters::load_one(&skeleton.dir, &parent)
                .expect("its manifest loads");
            assert_eq!(adapter.manifest.name, name);
            assert!(write(&name, language, &parent).is_err(), "no overwrite");
        }
        let _ = std::fs::remove_dir_all(&parent);
    }
}
