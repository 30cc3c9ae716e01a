//! What is known of each library, read from its adapter directory
//! (`harness/adapters/<name>/`), never written in the harness's code: how a finding's repro
//! calls it (a template in its own language, [`ReproTemplate`]) and the profiles it is a
//! witness for ([`witnesses`]). Its body mode is the manifest's `body`
//! ([`crate::engines::adapters::BodyAs`]).

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::OnceLock;

use anyhow::{Context, Result, bail};
use reptest_reference::Profile;

use crate::engines::adapters::{self, Manifest};

pub use crate::engines::adapters::ReproManifest;

/// A library's repro template, checked: its language, its program and run lines with
/// placeholders, and its call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReproTemplate {
    /// The Markdown fence language (`python`, `javascript`, `rust`, `cpp`, `ruby`, `perl`,
    /// `java`, `go`).
    pub language: &'static str,
    /// The program, with `{{body}}`, `{{body_len}}`, `{{agent}}` and `{{url}}`.
    pub code: String,
    /// The shell lines, joined, with `{{version}}` and `{{version.N}}`.
    pub run: String,
    /// The call, in the library's own terms.
    pub call: String,
}

/// The template file extensions and the languages they are written in.
const LANGUAGES: [(&str, &str); 8] = [
    ("py", "python"),
    ("js", "javascript"),
    ("rs", "rust"),
    ("cc", "cpp"),
    ("rb", "ruby"),
    ("pl", "perl"),
    ("java", "java"),
    ("go", "go"),
];

/// The placeholders a program may hold.
pub const CODE_PLACEHOLDERS: [&str; 4] = ["body", "body_len", "agent", "url"];

/// The `{{name}}` placeholders of `text`, or an error for an unclosed one.
fn placeholders(text: &str) -> Result<Vec<&str>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("{{") {
        let after = &rest[at + 2..];
        let Some(end) = after.find("}}") else {
            bail!("an unclosed `{{{{` placeholder");
        };
        out.push(&after[..end]);
        rest = &after[end + 2..];
    }
    Ok(out)
}

/// Whether `name` is a run line's placeholder: `version`, or `version.N` (the N-th of the
/// `+`-joined versions of a library published as several packages, from 1).
fn is_run_placeholder(name: &str) -> bool {
    name == "version"
        || name
            .strip_prefix("version.")
            .is_some_and(|n| n.parse::<usize>().is_ok_and(|n| n >= 1))
}

impl ReproTemplate {
    /// The template of the adapter in `dir` whose manifest's `[repro]` table is `repro`.
    /// Errors name the file and what is wrong with it.
    pub fn load(dir: &Path, repro: &ReproManifest) -> Result<ReproTemplate> {
        let path = dir.join(&repro.code);
        let language = Path::new(&repro.code)
            .extension()
            .and_then(|e| e.to_str())
            .and_then(|ext| LANGUAGES.iter().find(|(e, _)| *e == ext))
            .map(|(_, language)| *language)
            .with_context(|| {
                format!(
                    "{}: a repro template is named repro.EXT, EXT one of {}",
                    path.display(),
                    LANGUAGES.map(|(e, _)| e).join(", ")
                )
            })?;
        let code = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read the repro template {}", path.display()))?;
        for name in placeholders(&code).with_context(|| path.display().to_string())? {
            if !CODE_PLACEHOLDERS.contains(&name) {
                bail!(
                    "{}: unknown placeholder `{{{{{name}}}}}` (known: {})",
                    path.display(),
                    CODE_PLACEHOLDERS.join(", ")
                );
            }
        }
        let run = repro.run.join("\n");
        for name in placeholders(&run)
            .with_context(|| dir.join(adapters::MANIFEST).display().to_string())?
        {
            if !is_run_placeholder(name) {
                bail!(
                    "{}: [repro] run: unknown placeholder `{{{{{name}}}}}` (known: version, \
                     version.N)",
                    dir.join(adapters::MANIFEST).display()
                );
            }
        }
        Ok(ReproTemplate {
            language,
            code,
            run,
            call: repro.call.clone(),
        })
    }

    /// The run lines for the library at `version`.
    pub fn run(&self, version: &str) -> String {
        let mut run = self.run.replace("{{version}}", version);
        let parts: Vec<&str> = version.split('+').collect();
        while let Some(at) = run.find("{{version.") {
            let end = run[at..].find("}}").map_or(run.len(), |e| at + e + 2);
            let n: usize = run[at + 10..end - 2].parse().unwrap_or(0);
            let part = parts.get(n.wrapping_sub(1)).copied().unwrap_or_default();
            run.replace_range(at..end, part);
        }
        run
    }
}

/// A library described in the adapters directory.
#[derive(Clone, Debug)]
pub struct Library {
    /// Its manifest.
    pub manifest: Manifest,
    /// Its repro template, when it has one.
    pub repro: Option<ReproTemplate>,
}

/// Every library of the workspace's adapters directory, by name, read once. A directory that
/// does not load is named on stderr and left out.
pub fn libraries() -> &'static BTreeMap<String, Library> {
    static ALL: OnceLock<BTreeMap<String, Library>> = OnceLock::new();
    ALL.get_or_init(|| {
        let dir = adapters::default_dir();
        let mut all = BTreeMap::new();
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) => {
                eprintln!("cannot read {}: {e}", dir.display());
                return all;
            }
        };
        for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
            if !path.join(adapters::MANIFEST).is_file() {
                continue;
            }
            match load(&path) {
                Ok(library) => {
                    all.insert(library.manifest.name.clone(), library);
                }
                Err(e) => eprintln!("{e:#}"),
            }
        }
        all
    })
}

/// The library in adapter directory `dir`: its manifest and repro template, checked.
pub fn load(dir: &Path) -> Result<Library> {
    let adapter = adapters::load_one(dir, &adapters::default_install_root())?;
    let repro = adapter
        .manifest
        .repro
        .as_ref()
        .map(|r| ReproTemplate::load(dir, r))
        .transpose()?;
    Ok(Library {
        manifest: adapter.manifest,
        repro,
    })
}

/// The library called `name`, when the adapters directory describes it.
pub fn library(name: &str) -> Option<&'static Library> {
    libraries().get(name)
}

/// The libraries whose manifest makes them a witness for `profile` (`witness`): where the
/// reference stands against most implementations under `profile`, one of these among them,
/// the reference is suspected first.
pub fn witnesses(profile: Profile) -> Vec<&'static str> {
    libraries()
        .values()
        .filter(|l| l.manifest.witness.contains(&profile))
        .map(|l| l.manifest.name.as_str())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_lines_take_the_version_and_its_parts() {
        let template = ReproTemplate {
            language: "javascript",
            code: String::new(),
            run: "npm install a@{{version.1}} b@{{version.2}}\n# {{version}}".into(),
            call: String::new(),
        };
        assert_eq!(
            template.run("1.0+2.0"),
            "npm install a@1.0 b@2.0\n# 1.0+2.0"
        );
        assert_eq!(template.run("1.0"), "npm install a@1.0 b@\n# 1.0");
        assert!(placeholders("a {{b").is_err());
        assert_eq!(placeholders("{{a}} {{b}}").ok(), Some(vec!["a", "b"]));
        assert!(is_run_placeholder("version.2") && !is_run_placeholder("version.0"));
    }

    /// Every parser has a repro template. A whole crawler (`kind = "crawler"`) needs none: the
    /// differential fuzzer asks parsers only, so no finding ever names a crawler, and a
    /// crawler's answer is what it requested over HTTP, not a call a program could make.
    #[test]
    fn every_library_has_a_checked_repro_template() {
        let dir = adapters::default_dir();
        let mut seen = 0;
        for entry in std::fs::read_dir(&dir).expect("the adapters directory") {
            let path = entry.expect("an entry").path();
            if !path.join(adapters::MANIFEST).is_file() {
                continue;
            }
            let library = load(&path).unwrap_or_else(|e| panic!("{e:#}"));
            assert!(
                library.repro.is_some() || library.manifest.kind == adapters::Kind::Crawler,
                "{}: no [repro] table",
                path.display()
            );
            seen += 1;
        }
        assert_eq!(seen, libraries().len());
        assert!(seen >= 20, "{seen} libraries");
    }
}
