//! Adapters that live outside this repository: `--manifest DIR` (an adapter directory
//! anywhere, loaded exactly as those under `harness/adapters/`) and `--command COMMAND` (an
//! adapter program given as a command line, with no manifest at all).
//!
//! A command adapter is started once when loaded, to read its hello: the hello's `name`,
//! `implementation`, `version` and `language` stand in for a manifest's. Its manifest is then
//! built from those fields (through the same deserialiser as a file, so that it gets every
//! default a manifest file gets) with the command as `run`, no setup and no deviations; known
//! failures of an outside adapter are kept in an expectations file instead
//! ([`crate::suite::expectations`]). An adapter that gives no hello keeps a name drawn from its
//! command line, and the run reports it unavailable with its stderr.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};

use crate::engines::adapters::{self, Adapter, Manifest};
use crate::engines::subprocess::SubprocessEngine;

/// How long a command adapter may take to print its hello when loaded.
pub const HELLO_TIMEOUT: Duration = Duration::from_secs(10);

/// What a command adapter's manifest gives as `source`, before the command line.
const COMMAND_SOURCE: &str = "--command ";

/// The adapters of `manifests` (directories) and `commands`, in that order.
pub fn load(
    manifests: &[PathBuf],
    commands: &[String],
    install_root: &Path,
) -> Result<Vec<Adapter>> {
    let mut out = Vec::new();
    for dir in manifests {
        let dir = dir
            .canonicalize()
            .with_context(|| format!("--manifest {}: no such directory", dir.display()))?;
        out.push(adapters::load_one(&dir, install_root)?);
    }
    for command in commands {
        out.push(from_command(command, install_root)?);
    }
    for (i, adapter) in out.iter().enumerate() {
        if let Some(twin) = out[..i]
            .iter()
            .find(|a| a.manifest.name == adapter.manifest.name)
        {
            anyhow::bail!(
                "{} and {} both name an adapter `{}`",
                origin(twin),
                origin(adapter),
                adapter.manifest.name
            );
        }
    }
    Ok(out)
}

/// The argument vector that runs `command`: `sh -c COMMAND`, so that quoting, variables,
/// `VAR=value` prefixes, `cd dir && …` and relative paths behave as typed. The shell and
/// whatever it starts run in a process group of their own, which is ended as a whole.
pub fn argv(command: &str) -> Vec<String> {
    vec!["sh".into(), "-c".into(), command.to_owned()]
}

/// How an adapter is run, for messages: `--command CMD` as given, or the manifest's command
/// line.
pub fn shown_command(adapter: &Adapter) -> String {
    match adapter.manifest.source.strip_prefix(COMMAND_SOURCE) {
        Some(command) => command.to_owned(),
        None => adapter.command().join(" "),
    }
}

/// A command adapter: started once to read its hello.
pub fn from_command(command: &str, install_root: &Path) -> Result<Adapter> {
    if command.trim().is_empty() {
        anyhow::bail!("--command is empty");
    }
    let fallback = fallback_name(command);
    let mut engine = SubprocessEngine::new(&fallback, argv(command), HELLO_TIMEOUT);
    let started = engine.ensure_started().is_ok();
    let info = crate::engines::Engine::info(&engine).clone();
    let name = match engine.announced_name() {
        Some(n) if started && !n.trim().is_empty() => n.to_owned(),
        _ => fallback,
    };
    drop(engine);
    let text = |s: &str, default: &str| {
        if s.is_empty() {
            default.to_owned()
        } else {
            s.to_owned()
        }
    };
    let mut table = toml::Table::new();
    table.insert("name".into(), name.clone().into());
    table.insert(
        "implementation".into(),
        text(&info.implementation, &name).into(),
    );
    table.insert("language".into(), text(&info.language, "unknown").into());
    table.insert("version".into(), text(&info.version, "unknown").into());
    table.insert("source".into(), format!("{COMMAND_SOURCE}{command}").into());
    let run: Vec<toml::Value> = argv(command).into_iter().map(Into::into).collect();
    table.insert("run".into(), run.into());
    let manifest: Manifest = toml::Value::Table(table)
        .try_into()
        .with_context(|| format!("--command {command}: cannot describe it as an adapter"))?;
    Ok(Adapter {
        env: install_root.join(&name),
        reptest: install_root.join("cargo").join("release").join("reptest"),
        dir: std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
        manifest,
    })
}

/// How an outside adapter was given, for messages: `--command …` or `--manifest DIR`.
pub fn origin(adapter: &Adapter) -> String {
    if adapter.manifest.source.starts_with(COMMAND_SOURCE) {
        adapter.manifest.source.clone()
    } else {
        format!("--manifest {}", adapter.dir.display())
    }
}

/// A name for a command adapter that gave no hello: the stem of the command's last word that
/// is not an option (`python3 my_adapter.py` gives `my_adapter`).
fn fallback_name(command: &str) -> String {
    let word = command
        .split_whitespace()
        .rev()
        .find(|w| !w.starts_with('-'))
        .unwrap_or("command");
    let stem = Path::new(word.trim_matches(['\'', '"']))
        .file_stem()
        .map_or_else(
            || "command".to_owned(),
            |s| s.to_string_lossy().into_owned(),
        );
    let name: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    if name.is_empty() {
        "command".into()
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fallback_names_come_from_the_command() {
        assert_eq!(fallback_name("python3 my_adapter.py"), "my_adapter");
        assert_eq!(fallback_name("node ./a/b.js --fast"), "b");
        assert_eq!(fallback_name("--"), "command");
    }

    #[test]
    fn a_command_without_hello_keeps_a_name_and_loads() {
        let dir = std::env::temp_dir();
        let adapter = from_command("true no_hello.sh", &dir).expect("loads");
        assert_eq!(adapter.manifest.name, "no_hello");
        assert!(origin(&adapter).starts_with("--command "));
    }

    #[test]
    fn a_command_is_run_by_the_shell_as_typed() {
        // A variable set before the command, and a `cd` before it: what a user types to set
        // `NODE_PATH` or run from the adapter's directory.
        let dir = std::env::temp_dir()
            .canonicalize()
            .expect("a temporary directory");
        let command = format!(
            "cd '{}' && FOO=from-env sh -c 'echo \"$FOO $(pwd)\"'",
            dir.display()
        );
        let argv = argv(&command);
        let out = std::process::Command::new(&argv[0])
            .args(&argv[1..])
            .output()
            .expect("sh runs");
        let shown = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(shown.trim(), format!("from-env {}", dir.display()));
    }

    #[test]
    fn two_adapters_of_one_name_are_refused() {
        let dir = std::env::temp_dir();
        let twice = ["true same.sh".to_owned(), "false same.sh".to_owned()];
        let error = load(&[], &twice, &dir).expect_err("one name twice");
        assert!(
            error.to_string().contains("both name an adapter `same`"),
            "{error}"
        );
    }
}
