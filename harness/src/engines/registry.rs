//! The registry of adapters: where they are described and installed (the adapters directory,
//! `--manifest` directories and `--command` lines anywhere, [`crate::engines::outside`]), and
//! the choice of those a command runs.

use std::path::PathBuf;

use anyhow::{Result, bail};

use crate::engines::adapters::{
    Adapter, SetupStatus, cargo_features, default_dir, default_install_root, load, select, setup,
};

/// Where adapters are described (`harness/adapters/<name>/adapter.toml`) and installed; also
/// the `--adapters-dir` and `--install-root` options of every command that runs adapters.
#[derive(Clone, Debug, clap::Args)]
pub struct Dirs {
    /// The adapters directory.
    #[arg(long, default_value_os_t = default_dir())]
    pub adapters_dir: PathBuf,
    /// Where adapters are installed.
    #[arg(long, default_value_os_t = default_install_root())]
    pub install_root: PathBuf,
    /// An adapter given as a command line (run with `sh -c`), anywhere; its hello names it.
    /// Repeatable. With `--command` or `--manifest`, only these adapters are used unless
    /// adapters are named too (`--adapters`; `setup`'s names).
    #[arg(long = "command", value_name = "COMMAND")]
    pub commands: Vec<String>,
    /// An adapter directory anywhere (`adapter.toml` and its program, as under
    /// `harness/adapters/`). Repeatable.
    #[arg(long = "manifest", value_name = "DIR")]
    pub manifests: Vec<PathBuf>,
}

impl Default for Dirs {
    fn default() -> Dirs {
        Dirs {
            adapters_dir: default_dir(),
            install_root: default_install_root(),
            commands: Vec::new(),
            manifests: Vec::new(),
        }
    }
}

impl Dirs {
    /// Every adapter, sorted by name, then those given by `--manifest` and `--command`.
    pub fn load(&self) -> Result<Vec<Adapter>> {
        self.with_outside(self.load_outside()?)
    }

    /// The adapters of the adapters directory, then `extra` (which must not share a name
    /// with them).
    fn with_outside(&self, extra: Vec<Adapter>) -> Result<Vec<Adapter>> {
        let mut all = load(&self.adapters_dir, &self.install_root)?;
        if let Some(clash) = extra
            .iter()
            .find(|e| all.iter().any(|a| a.manifest.name == e.manifest.name))
        {
            bail!(
                "the adapter `{}` given by {} has the name of an adapter in {}; rename it",
                clash.manifest.name,
                crate::engines::outside::origin(clash),
                self.adapters_dir.display()
            );
        }
        all.extend(extra);
        Ok(all)
    }

    /// Whether `--command` or `--manifest` gave adapters.
    pub fn has_outside(&self) -> bool {
        !self.commands.is_empty() || !self.manifests.is_empty()
    }

    /// Only the adapters given by `--manifest` and `--command`, in that order.
    pub fn load_outside(&self) -> Result<Vec<Adapter>> {
        crate::engines::outside::load(&self.manifests, &self.commands, &self.install_root)
    }
}

/// Picks the adapters a command runs: those named, or else every one that is set up (and,
/// with `linked`, every Rust crate linked into this binary); the rest are named on `out`.
/// With `run_setup`, the wanted ones are installed first.
pub fn choose(
    dirs: &Dirs,
    names: &[String],
    run_setup: bool,
    linked: bool,
    out: &mut dyn std::io::Write,
) -> Result<Vec<Adapter>> {
    let outside = dirs.load_outside()?;
    let every = dirs.with_outside(outside.clone())?;
    if run_setup {
        writeln!(out, "setting up adapters")?;
        out.flush()?;
        let features = cargo_features(&every);
        let wanted = if names.is_empty() && !outside.is_empty() {
            outside.clone()
        } else {
            select(every.clone(), names)?
        };
        let statuses = setup(&wanted, &features, out);
        let failed = statuses
            .iter()
            .filter(|s| matches!(s, SetupStatus::Failed(_)))
            .count();
        writeln!(out, "setup: {} adapters, {failed} failed", statuses.len())?;
    }
    if !names.is_empty() {
        return select(every, names);
    }
    if !outside.is_empty() {
        return Ok(outside);
    }
    let (ready, missing): (Vec<_>, Vec<_>) = every.into_iter().partition(|a| {
        a.is_set_up() || (linked && crate::engines::PeerEngine::new(&a.manifest.name).is_some())
    });
    if !missing.is_empty() {
        let names: Vec<&str> = missing.iter().map(|a| a.manifest.name.as_str()).collect();
        writeln!(
            out,
            "not set up (run `reptest setup` to include them): {}",
            names.join(", ")
        )?;
    }
    Ok(ready)
}
