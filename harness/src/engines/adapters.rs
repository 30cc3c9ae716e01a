//! Adapter manifests and `reptest setup`.
//!
//! Every external implementation lives in `harness/adapters/<name>/`: an `adapter.toml`
//! manifest and the adapter program. The manifest pins the implementation's version, says how
//! to install it (Debian packages, a Python virtual environment, an npm project, Maven
//! artifacts, a Go build, a feature of this crate's own `reptest adapter peer`, a checked
//! download, commands), how to run it, what the adapter maps and cannot express, and the known
//! deviations (see [`Deviation`]).
//!
//! Setup installs into `target/adapters/<name>/`, one directory per adapter, so that two
//! Python packages with one import name never meet. It is idempotent: a finished setup leaves
//! a stamp holding a digest of the manifest's `[setup]` table (and of the `sources` it names),
//! and a later setup with the same digest does nothing.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt::Write as _;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use reptest_reference::Profile;
use serde::Deserialize;

/// The manifest's file name inside an adapter directory.
pub const MANIFEST: &str = "adapter.toml";

/// One adapter's manifest.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Short name, equal to the directory name; used on the command line.
    pub name: String,
    /// The implementation's own name.
    pub implementation: String,
    /// Its language.
    pub language: String,
    /// The pinned version.
    pub version: String,
    /// Where the implementation is published.
    pub source: String,
    /// What kind of implementation it is: a parser library behind an adapter program
    /// (`parser`, the default) or a whole crawler driven by the harness (`crawler`).
    #[serde(default)]
    pub kind: Kind,
    /// The command that serves protocol v1, with placeholders (see [`Adapter::command`]); for
    /// a crawler, the command that runs one crawl (placeholders in [`crate::crawl`]).
    pub run: Vec<String>,
    /// How the adapter maps questions onto the implementation, and what it declares
    /// `unsupported`.
    #[serde(default)]
    pub mapping: Vec<String>,
    /// Whether the library documents that it takes a full user-agent string (`FooBot/1.0`),
    /// not only a product token: `reptest fuzz-diff` then may send agents with a `/version`
    /// suffix (when every library compared takes them). False unless its documentation says
    /// so.
    #[serde(default)]
    pub user_agent_strings: bool,
    /// The URL normaliser the library's documented call contract puts before its check, where
    /// it has one (crawler-commons' `BasicURLNormalizer`): the library is asked the URL a
    /// crawler fetches once normalised, so a finding that the normaliser rewrote the URL
    /// (`?q=` to `?q`, `//` to `/`) is answered right for the URL fetched, and is judged
    /// undefined, not a defect ([`crate::fuzz::constructs::URL_REWRITES`]).
    #[serde(default)]
    pub url_normaliser: Option<String>,
    /// How the library receives the body: what the adapter does before calling it.
    /// `reptest fuzz-diff` asks the reference about the body the library received.
    #[serde(default)]
    pub body: BodyAs,
    /// Which reading the library sets out to follow, in its documentation's words.
    #[serde(default)]
    pub claim: Option<Claim>,
    /// The profiles the library is a witness for: where the reference stands against most
    /// implementations under such a profile, this one among them, the reference is suspected
    /// first (see [`crate::engines::library::witnesses`]).
    #[serde(default, deserialize_with = "profile_names")]
    pub witness: Vec<Profile>,
    /// How a finding's repro calls the library: a template in its own language beside the
    /// manifest (see [`crate::engines::library`]).
    #[serde(default)]
    pub repro: Option<ReproManifest>,
    /// A crawler's bounds and agent handling (`kind = "crawler"` only).
    #[serde(default)]
    pub crawler: Option<CrawlerSpec>,
    /// How to install it.
    #[serde(default)]
    pub setup: Setup,
    /// Known deviations, by case id.
    #[serde(default, rename = "deviation")]
    pub deviations: Vec<Deviation>,
}

/// What kind of implementation an adapter drives (the manifest's `kind`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A parser library, behind an adapter program that speaks protocol v1.
    #[default]
    Parser,
    /// A whole crawler: the harness serves the robots.txt and a start page on loopback, runs
    /// one crawl per question and reads which URLs it requested ([`crate::crawl`]).
    Crawler,
}

/// The manifest's `[repro]` table: how a finding's repro calls the library.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReproManifest {
    /// The template file beside the manifest (`repro.py`, `repro.js`, `repro.rs`, `repro.cc`,
    /// `repro.rb`, `repro.pl`, `repro.java`, `repro.go`): the program, in the library's own
    /// language.
    pub code: String,
    /// How to install the library and run the program, one shell line each.
    pub run: Vec<String>,
    /// The call, in the library's own terms (Markdown), for titles.
    pub call: String,
}

/// What a library's documentation says it follows (the manifest's `[claim]` table).
#[derive(Clone, Debug, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    /// The reading it claims: `rfc9309`, `google` (a port of Google's parser), `legacy` (the
    /// 1994/1996 robots.txt texts) or `none` (its documentation states none).
    pub reading: ClaimedReading,
    /// The documentation's own sentence saying so (empty for `none`).
    #[serde(default)]
    pub quote: String,
    /// Where that sentence is published.
    #[serde(default)]
    pub source: String,
}

/// The reading a library claims to follow.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, serde::Serialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimedReading {
    /// RFC 9309.
    Rfc9309,
    /// Google's parser and its robots.txt specification (a port of Google's parser).
    Google,
    /// The original robots exclusion texts (1994, the 1996 draft).
    Legacy,
    /// None stated.
    None,
}

impl ClaimedReading {
    /// `rfc9309`, `google`, `legacy` or `none`.
    pub fn name(self) -> &'static str {
        match self {
            ClaimedReading::Rfc9309 => "rfc9309",
            ClaimedReading::Google => "google",
            ClaimedReading::Legacy => "legacy",
            ClaimedReading::None => "none",
        }
    }
}

/// How a library receives the robots.txt body (the manifest's `body`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, serde::Serialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum BodyAs {
    /// The bytes as fetched.
    #[default]
    Bytes,
    /// Text: decoded as UTF-8, each invalid sequence replaced by U+FFFD, a byte order mark
    /// kept as U+FEFF (Python's `errors="replace"`, Node's `Buffer.toString`, Rust's
    /// `String::from_utf8_lossy`).
    TextLossy,
    /// Text as an HTTP client's `text()` decodes a body without a declared charset (reqwest,
    /// which a crate's own fetch uses): the Encoding Standard's decode with UTF-8 as the
    /// fallback (`encoding_rs`), which takes a byte order mark off (and follows a UTF-16 one)
    /// and replaces each invalid sequence by U+FFFD.
    TextFetched,
    /// Text: decoded as UTF-8; a body that is not UTF-8 never reaches the library (the
    /// adapter or the decoding step fails).
    TextStrict,
}

impl BodyAs {
    /// `bytes`, `text-lossy`, `text-fetched` or `text-strict`.
    pub fn name(self) -> &'static str {
        match self {
            BodyAs::Bytes => "bytes",
            BodyAs::TextLossy => "text-lossy",
            BodyAs::TextFetched => "text-fetched",
            BodyAs::TextStrict => "text-strict",
        }
    }

    /// The body the library receives, when it differs from `body`: a lossy decoding of a
    /// body that is not UTF-8, and a fetched text's decoding of one that starts with a byte
    /// order mark too.
    pub fn received(self, body: &[u8]) -> Option<Vec<u8>> {
        let text = match self {
            BodyAs::TextLossy => String::from_utf8_lossy(body),
            BodyAs::TextFetched => encoding_rs::UTF_8.decode(body).0,
            BodyAs::Bytes | BodyAs::TextStrict => return None,
        };
        (text.as_bytes() != body).then(|| text.into_owned().into_bytes())
    }

    /// The manifest's `body` of adapter `name` in the workspace's adapters directory
    /// (`bytes` when there is no such manifest).
    pub fn of_adapter(name: &str) -> BodyAs {
        let path = default_dir().join(name).join(MANIFEST);
        std::fs::read_to_string(path)
            .ok()
            .and_then(|text| toml::from_str::<Manifest>(&text).ok())
            .map_or(BodyAs::Bytes, |m| m.body)
    }
}

/// How to install an adapter. Steps run in the order of the fields.
#[derive(Clone, Debug, Default, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Programs that must be on `PATH` before anything else runs.
    #[serde(default)]
    pub requires: Vec<String>,
    /// Debian packages (installed with apt-get when running as root and missing).
    #[serde(default)]
    pub apt: Vec<String>,
    /// A file to download, checked against its SHA-256, unpacked into `{env}/src`.
    #[serde(default)]
    pub download: Option<Download>,
    /// Python requirements (`name==version`) installed into a virtual environment `{env}/venv`.
    #[serde(default)]
    pub pip: Vec<String>,
    /// npm packages (`name@version`) installed into `{env}/node_modules`.
    #[serde(default)]
    pub npm: Vec<String>,
    /// Features of the `reptest` crate to build `reptest adapter peer` with, into `{reptest}`.
    #[serde(default)]
    pub cargo_features: Option<Vec<String>>,
    /// Maven artifacts (`group:artifact:version`), copied with their runtime dependencies
    /// from Maven Central into `{env}/lib` (a generated `{env}/pom.xml`, then the pinned
    /// dependency plugin's `copy-dependencies`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub maven: Vec<String>,
    /// A Go program in the adapter directory (its `go.mod` and `go.sum` pin the library),
    /// built with `go build` into `{env}/<go>` (the file name given here).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub go: Option<String>,
    /// Further commands, with placeholders.
    #[serde(default)]
    pub commands: Vec<Vec<String>>,
    /// Files of the adapter directory that setup builds from (an adapter's own source, a
    /// `go.mod`): their contents are part of the setup stamp, so an edit sets it up again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<String>,
}

/// How long one Maven or Go step of setup may take (downloads included) before it is stopped
/// and named as failed.
pub const BUILD_STEP_LIMIT: Duration = Duration::from_secs(600);

/// The pinned Maven plugin that copies an adapter's artifacts into `{env}/lib`.
const MAVEN_DEPENDENCY_PLUGIN: &str = "org.apache.maven.plugins:maven-dependency-plugin:3.11.0";

/// A checked download.
#[derive(Clone, Debug, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Download {
    /// Where from (a package registry).
    pub url: String,
    /// Its SHA-256, lowercase hex.
    pub sha256: String,
}

/// A case this adapter is known to get wrong, with the reason. Checked both ways: a listed
/// case that passes is an unexpected pass, and a listed id that names no case is an error.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deviation {
    /// The case id.
    pub case: String,
    /// The profiles under which the case fails (all profiles when empty).
    #[serde(default, deserialize_with = "profile_names")]
    pub profiles: Vec<Profile>,
    /// Why.
    pub reason: String,
}

fn profile_names<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Profile>, D::Error> {
    let names: Vec<String> = Deserialize::deserialize(d)?;
    names
        .iter()
        .map(|n| n.parse().map_err(serde::de::Error::custom))
        .collect()
}

impl Deviation {
    /// Whether the deviation is declared for `profile`.
    pub fn applies(&self, profile: Profile) -> bool {
        self.profiles.is_empty() || self.profiles.contains(&profile)
    }
}

/// A manifest with the places it refers to.
#[derive(Clone, Debug)]
pub struct Adapter {
    /// The manifest.
    pub manifest: Manifest,
    /// `harness/adapters/<name>`.
    pub dir: PathBuf,
    /// Where setup installs it: `target/adapters/<name>`.
    pub env: PathBuf,
    /// The `reptest` binary built with peer features: `target/adapters/cargo/release/reptest`.
    pub reptest: PathBuf,
}

/// The workspace's root (the parent of the harness crate).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// The default adapters directory.
pub fn default_dir() -> PathBuf {
    workspace_root().join("harness").join("adapters")
}

/// The default install root.
pub fn default_install_root() -> PathBuf {
    workspace_root().join("target").join("adapters")
}

impl Adapter {
    /// Replaces `{here}`, `{env}`, `{venv}`, `{reptest}` and `{root}` in `arg`.
    pub fn expand(&self, arg: &str) -> String {
        arg.replace("{here}", &self.dir.display().to_string())
            .replace("{venv}", &self.env.join("venv").display().to_string())
            .replace("{env}", &self.env.display().to_string())
            .replace("{reptest}", &self.reptest.display().to_string())
            .replace("{root}", &workspace_root().display().to_string())
    }

    /// The command that serves the adapter, placeholders expanded. A crawler is served by
    /// this binary (`reptest adapter crawler DIR`), which runs its `run` once per question.
    pub fn command(&self) -> Vec<String> {
        if self.manifest.kind == Kind::Crawler {
            return crawler_serve_command(self);
        }
        self.manifest.run.iter().map(|a| self.expand(a)).collect()
    }

    fn stamp(&self) -> PathBuf {
        self.env.join(".setup-stamp")
    }

    /// A digest of what setup does, so that a changed manifest is set up again.
    fn setup_digest(&self) -> String {
        let mut text = toml::to_string(&self.manifest.setup)
            .unwrap_or_default()
            .into_bytes();
        for source in &self.manifest.setup.sources {
            // A missing file digests as absent; the build step then names it.
            text.extend_from_slice(source.as_bytes());
            text.push(0);
            text.extend(fs::read(self.dir.join(source)).unwrap_or_default());
            text.push(0);
        }
        format!("{:016x}", crate::text::fnv1a(&text))
    }

    /// Whether a finished setup with the current manifest is on disk (or there is nothing to
    /// set up).
    pub fn is_set_up(&self) -> bool {
        let s = &self.manifest.setup;
        let nothing = s.apt.is_empty()
            && s.download.is_none()
            && s.pip.is_empty()
            && s.npm.is_empty()
            && s.cargo_features.is_none()
            && s.maven.is_empty()
            && s.go.is_none()
            && s.commands.is_empty();
        nothing || fs::read_to_string(self.stamp()).is_ok_and(|s| s.trim() == self.setup_digest())
    }
}

/// Loads every adapter under `dir` (sorted by name), installing under `install_root`.
pub fn load(dir: &Path, install_root: &Path) -> Result<Vec<Adapter>> {
    let mut adapters = Vec::new();
    let entries = fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?;
    for entry in entries {
        let path = entry?.path();
        if path.join(MANIFEST).is_file() {
            adapters.push(load_one(&path, install_root)?);
        }
    }
    adapters.sort_by(|a, b| a.manifest.name.cmp(&b.manifest.name));
    Ok(adapters)
}

/// Loads the adapter in directory `path` (its `adapter.toml`), installing under
/// `install_root`. The manifest's name must equal the directory's name.
pub fn load_one(path: &Path, install_root: &Path) -> Result<Adapter> {
    let manifest_path = path.join(MANIFEST);
    let text = fs::read_to_string(&manifest_path)
        .with_context(|| format!("cannot read {}", manifest_path.display()))?;
    let manifest: Manifest = toml::from_str(&text)
        .with_context(|| format!("{}: invalid manifest", manifest_path.display()))?;
    let dir_name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    if manifest.name != dir_name {
        bail!(
            "{}: name `{}` differs from its directory `{dir_name}`",
            manifest_path.display(),
            manifest.name
        );
    }
    if manifest.run.is_empty() {
        bail!("{}: `run` is empty", manifest_path.display());
    }
    check_crawler_manifest(&manifest)
        .with_context(|| format!("{}: invalid crawler", manifest_path.display()))?;
    let mut seen = HashSet::new();
    for d in &manifest.deviations {
        if !seen.insert((d.case.clone(), d.profiles.clone())) {
            bail!(
                "{}: deviation `{}` is listed twice",
                manifest_path.display(),
                d.case
            );
        }
    }
    // The places are made absolute: a crawler runs in a scratch directory of its own, where a
    // relative `{venv}` or `{here}` (from `--install-root target/adapters`) names nothing.
    let install_root = absolute(install_root);
    Ok(Adapter {
        env: install_root.join(&manifest.name),
        reptest: install_root.join("cargo").join("release").join("reptest"),
        dir: absolute(path),
        manifest,
    })
}

/// `path` made absolute against the working directory (as it is, should that fail).
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Picks adapters by name; every name must exist.
pub fn select(all: Vec<Adapter>, names: &[String]) -> Result<Vec<Adapter>> {
    if names.is_empty() {
        return Ok(all);
    }
    let known: BTreeSet<&str> = all.iter().map(|a| a.manifest.name.as_str()).collect();
    if let Some(unknown) = names.iter().find(|n| !known.contains(n.as_str())) {
        let list: Vec<&str> = known.into_iter().collect();
        bail!("no adapter named `{unknown}` (known: {})", list.join(", "));
    }
    Ok(all
        .into_iter()
        .filter(|a| names.contains(&a.manifest.name))
        .collect())
}

/// Whether `program` can be found on `PATH` (or is a path that exists).
pub fn on_path(program: &str) -> bool {
    if program.contains('/') {
        return Path::new(program).exists();
    }
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}

/// What a setup run did for one adapter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupStatus {
    /// Already installed with this manifest.
    UpToDate,
    /// Installed now.
    Installed,
    /// A step failed; the message names it.
    Failed(String),
}

/// Runs setup for each adapter, printing progress to `log`. The cargo build shared by the
/// Rust adapters runs whenever one of them is chosen (cargo itself skips what is up to date),
/// with `features`: pass the union over every manifest, so that setting up one Rust adapter
/// never drops a feature another one needs.
pub fn setup(
    adapters: &[Adapter],
    features: &BTreeSet<String>,
    log: &mut dyn std::io::Write,
) -> Vec<SetupStatus> {
    let needs_cargo = adapters
        .iter()
        .any(|a| a.manifest.setup.cargo_features.is_some());
    let cargo_result = if needs_cargo {
        let _ = writeln!(
            log,
            "building `reptest adapter peer` (features: {features:?}); this takes a few minutes the first time"
        );
        let _ = log.flush();
        build_peer_binary(adapters, features).map_err(|e| format!("{e:#}"))
    } else {
        Ok(())
    };
    let total = adapters.len();
    adapters
        .iter()
        .enumerate()
        .map(|(i, adapter)| {
            let name = &adapter.manifest.name;
            if adapter.manifest.setup.cargo_features.is_some()
                && let Err(e) = &cargo_result
            {
                let message = format!("{name}: cargo build failed: {e}");
                let _ = writeln!(log, "[{}/{total}] FAILED {message}", i + 1);
                return SetupStatus::Failed(message);
            }
            if adapter.is_set_up() {
                let _ = writeln!(log, "[{}/{total}] {name}: up to date", i + 1);
                return SetupStatus::UpToDate;
            }
            let _ = writeln!(log, "[{}/{total}] {name}: setting up", i + 1);
            let _ = log.flush();
            match setup_one(adapter, log) {
                Ok(()) => {
                    let _ = writeln!(log, "  done");
                    SetupStatus::Installed
                }
                Err(e) => {
                    let message = format!("{name}: {e:#}");
                    let _ = writeln!(log, "  FAILED {message}");
                    SetupStatus::Failed(message)
                }
            }
        })
        .collect()
}

fn build_peer_binary(adapters: &[Adapter], features: &BTreeSet<String>) -> Result<()> {
    let Some(first) = adapters.first() else {
        return Ok(());
    };
    let target_dir = first
        .reptest
        .parent()
        .and_then(Path::parent)
        .context("peer binary path has no target directory")?;
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    command
        .current_dir(workspace_root())
        .args(["build", "--release", "--locked", "-p", "reptest", "--bin"])
        .arg("reptest")
        .arg("--target-dir")
        .arg(target_dir);
    if !features.is_empty() {
        let list: Vec<&str> = features.iter().map(String::as_str).collect();
        command.arg("--features").arg(list.join(","));
    }
    // cargo's own progress goes to the terminal: the first build takes minutes.
    let status = command
        .stdin(Stdio::null())
        .stdout(Stdio::inherit())
        .stderr(Stdio::inherit())
        .status()
        .context("cannot start cargo")?;
    if !status.success() {
        bail!("`cargo build` for the peer adapters failed ({status}); its output is above");
    }
    Ok(())
}

fn setup_one(adapter: &Adapter, log: &mut dyn std::io::Write) -> Result<()> {
    let setup = &adapter.manifest.setup;
    fs::create_dir_all(&adapter.env)
        .with_context(|| format!("cannot create {}", adapter.env.display()))?;
    let _ = fs::remove_file(adapter.stamp());
    let step_log = adapter.env.join("setup.log");
    let _ = fs::remove_file(&step_log);
    for program in &setup.requires {
        if !on_path(program) {
            bail!("needs `{program}` on PATH, which is missing; install it and run setup again");
        }
    }
    let missing: Vec<&String> = setup.apt.iter().filter(|p| !dpkg_installed(p)).collect();
    if !missing.is_empty() {
        let list: Vec<&str> = missing.iter().map(|s| s.as_str()).collect();
        let _ = writeln!(log, "  apt-get install {}", list.join(" "));
        if !is_root() {
            bail!(
                "needs the Debian packages {} (run `apt-get install {}` as root)",
                list.join(", "),
                list.join(" ")
            );
        }
        let mut update = Command::new("apt-get");
        update.args(["update", "-qq"]);
        run_logged(&mut update, &step_log).context("apt-get update failed")?;
        let mut install = Command::new("apt-get");
        install
            .env("DEBIAN_FRONTEND", "noninteractive")
            .args(["install", "-y", "-qq", "--no-install-recommends"])
            // Another apt run holding the lock is waited for, not a failure.
            .args(["-o", "DPkg::Lock::Timeout=300"])
            .args(&list);
        run_logged(&mut install, &step_log)
            .with_context(|| format!("apt-get install {} failed", list.join(" ")))?;
    }
    if let Some(download) = &setup.download {
        let _ = writeln!(log, "  download {}", download.url);
        fetch_checked(download, &adapter.env, &step_log)?;
    }
    if !setup.pip.is_empty() {
        let venv = adapter.env.join("venv");
        let _ = writeln!(
            log,
            "  python3 -m venv; pip install {}",
            setup.pip.join(" ")
        );
        if !on_path("python3") {
            bail!("needs `python3` on PATH for its virtual environment");
        }
        let mut make_venv = Command::new("python3");
        make_venv.args(["-m", "venv", "--clear"]).arg(&venv);
        run_logged(&mut make_venv, &step_log).context("python3 -m venv failed")?;
        let mut pip = Command::new(venv.join("bin").join("pip"));
        pip.args(["install", "--disable-pip-version-check", "-q"])
            .args(&setup.pip);
        run_logged(&mut pip, &step_log)
            .with_context(|| format!("pip install {} failed", setup.pip.join(" ")))?;
    }
    if !setup.npm.is_empty() {
        let _ = writeln!(log, "  npm install {}", setup.npm.join(" "));
        if !on_path("npm") {
            bail!("needs `npm` (Node.js) on PATH");
        }
        fs::write(
            adapter.env.join("package.json"),
            "{\"private\":true,\"name\":\"reptest-adapter\"}\n",
        )?;
        let mut npm = Command::new("npm");
        npm.current_dir(&adapter.env)
            .args([
                "install",
                "--no-audit",
                "--no-fund",
                "--save-exact",
                "--loglevel=error",
            ])
            .args(&setup.npm);
        run_logged(&mut npm, &step_log)
            .with_context(|| format!("npm install {} failed", setup.npm.join(" ")))?;
    }
    if !setup.maven.is_empty() {
        let _ = writeln!(log, "  maven: copy {} into lib/", setup.maven.join(" "));
        maven_copy(&setup.maven, &adapter.env, &step_log)?;
    }
    if let Some(output) = &setup.go {
        let _ = writeln!(log, "  go build -o {output}");
        go_build(adapter, output, &step_log)?;
    }
    for step in &setup.commands {
        let args: Vec<String> = step.iter().map(|a| adapter.expand(a)).collect();
        let Some((program, rest)) = args.split_first() else {
            continue;
        };
        let _ = writeln!(log, "  {}", args.join(" "));
        let mut command = Command::new(program);
        command.args(rest).current_dir(&adapter.env);
        run_logged(&mut command, &step_log).with_context(|| format!("`{program}` failed"))?;
    }
    fs::write(adapter.stamp(), adapter.setup_digest())?;
    Ok(())
}

/// The `pom.xml` that lists `artifacts` (`group:artifact:version`) as dependencies.
fn maven_pom(artifacts: &[String]) -> Result<String> {
    let mut deps = String::new();
    for artifact in artifacts {
        let parts: Vec<&str> = artifact.split(':').collect();
        let [group, name, version] = parts[..] else {
            bail!("maven: `{artifact}` is not `group:artifact:version`");
        };
        let _ = writeln!(
            deps,
            "    <dependency><groupId>{group}</groupId><artifactId>{name}</artifactId>\
             <version>{version}</version></dependency>"
        );
    }
    Ok(format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <project xmlns=\"http://maven.apache.org/POM/4.0.0\">\n  <modelVersion>4.0.0</modelVersion>\n\
         \x20 <groupId>reptest.adapter</groupId><artifactId>adapter</artifactId><version>0</version>\n\
         \x20 <packaging>pom</packaging>\n  <dependencies>\n{deps}  </dependencies>\n</project>\n"
    ))
}

/// Copies Maven artifacts with their runtime dependencies into `{env}/lib`.
fn maven_copy(artifacts: &[String], env: &Path, step_log: &Path) -> Result<()> {
    if !on_path("mvn") {
        bail!("maven: needs `mvn` (Apache Maven) on PATH");
    }
    let pom = env.join("pom.xml");
    fs::write(&pom, maven_pom(artifacts)?)?;
    let lib = env.join("lib");
    let _ = fs::remove_dir_all(&lib);
    let mut mvn = Command::new("mvn");
    mvn.current_dir(env)
        .args(["-B", "-q", "-f"])
        .arg(&pom)
        .arg(format!("{MAVEN_DEPENDENCY_PLUGIN}:copy-dependencies"))
        .arg(format!("-DoutputDirectory={}", lib.display()))
        .args([
            "-DincludeScope=runtime",
            "-Dmaven.wagon.http.retryHandler.count=3",
            "-Dmaven.wagon.rto=60000",
            "-Dstyle.color=never",
        ]);
    run_logged_within(&mut mvn, step_log, BUILD_STEP_LIMIT)
        .with_context(|| format!("maven: copying {} failed", artifacts.join(" ")))
}

/// The adapter's own Go files, by name: every `.go` file of its directory but its tests and
/// its repro template (a program of its own, with its own `main`; the manifest's `[repro]`).
fn go_sources(adapter: &Adapter) -> Result<Vec<String>> {
    let repro = adapter.manifest.repro.as_ref().map(|r| r.code.as_str());
    let mut files: Vec<String> = fs::read_dir(&adapter.dir)
        .with_context(|| format!("go: cannot read {}", adapter.dir.display()))?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".go") && !n.ends_with("_test.go") && Some(n.as_str()) != repro)
        .collect();
    files.sort();
    if files.is_empty() {
        bail!("go: no Go file in {}", adapter.dir.display());
    }
    Ok(files)
}

/// Builds the Go program of the adapter directory into `{env}/<output>`: the module's
/// `go.mod` and `go.sum` pin every dependency (`-mod=readonly`: nothing is resolved anew), and
/// the installed toolchain is used as it is (`GOTOOLCHAIN=local`: none is downloaded).
fn go_build(adapter: &Adapter, output: &str, step_log: &Path) -> Result<()> {
    if !on_path("go") {
        bail!("go: needs `go` (the Go toolchain) on PATH");
    }
    if !adapter.dir.join("go.mod").is_file() {
        bail!("go: no go.mod in {}", adapter.dir.display());
    }
    let mut go = Command::new("go");
    go.current_dir(&adapter.dir)
        .env("GOFLAGS", "-mod=readonly")
        .env("GOTOOLCHAIN", "local")
        .env("GOWORK", "off")
        .args(["build", "-trimpath", "-o"])
        .arg(adapter.env.join(output))
        .args(go_sources(adapter)?);
    run_logged_within(&mut go, step_log, BUILD_STEP_LIMIT).context("go: `go build` failed")
}

/// Runs `command` with its output appended to `log_path`, stopping it after `limit`; on
/// failure the error holds the last lines of the log.
fn run_logged_within(command: &mut Command, log_path: &Path, limit: Duration) -> Result<()> {
    let file = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log_path)?;
    let start_len = file.metadata().map_or(0, |m| m.len());
    let mut child = command
        .stdin(Stdio::null())
        .stdout(file.try_clone()?)
        .stderr(file)
        .spawn()
        .with_context(|| format!("cannot start {:?}", command.get_program()))?;
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    if status.is_some_and(|s| s.success()) {
        return Ok(());
    }
    let text = fs::read(log_path).unwrap_or_default();
    let from = usize::try_from(start_len).unwrap_or(0).min(text.len());
    let text = String::from_utf8_lossy(&text[from..]);
    let lines: Vec<&str> = text.lines().collect();
    let tail = lines[lines.len().saturating_sub(12)..].join("\n    ");
    let mut message = match status {
        Some(status) => format!("{status} (full log: {})", log_path.display()),
        None => format!(
            "stopped after {} s (full log: {})",
            limit.as_secs(),
            log_path.display()
        ),
    };
    if !tail.is_empty() {
        let _ = write!(message, "\n    {tail}");
    }
    bail!(message)
}

fn fetch_checked(download: &Download, env: &Path, step_log: &Path) -> Result<()> {
    let archive = env.join("download");
    let mut curl = Command::new("curl");
    curl.args(["-fsSL", "--retry", "3", "-o"])
        .arg(&archive)
        .arg(&download.url);
    run_logged(&mut curl, step_log)
        .with_context(|| format!("download of {} failed", download.url))?;
    let output = Command::new("sha256sum").arg(&archive).output()?;
    let text = String::from_utf8_lossy(&output.stdout);
    let digest = text.split_whitespace().next().unwrap_or_default();
    if digest != download.sha256 {
        bail!(
            "{}: SHA-256 {digest}, expected {}",
            download.url,
            download.sha256
        );
    }
    let src = env.join("src");
    let _ = fs::remove_dir_all(&src);
    fs::create_dir_all(&src)?;
    let mut tar = Command::new("tar");
    tar.arg("-xf")
        .arg(&archive)
        .arg("-C")
        .arg(&src)
        .arg("--strip-components=1");
    run_logged(&mut tar, step_log).context("unpacking the download failed")
}

/// Runs `command`, appending its output to `log_path`; on failure the error holds the last
/// lines of that output.
fn run_logged(command: &mut Command, log_path: &Path) -> Result<()> {
    let output = command
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("cannot start {:?}", command.get_program()))?;
    let mut file = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log_path)?;
    file.write_all(&output.stdout)?;
    file.write_all(&output.stderr)?;
    if output.status.success() {
        return Ok(());
    }
    let mut text = String::from_utf8_lossy(&output.stderr).into_owned();
    if text.trim().is_empty() {
        text = String::from_utf8_lossy(&output.stdout).into_owned();
    }
    let lines: Vec<&str> = text.lines().collect();
    let tail = lines[lines.len().saturating_sub(12)..].join("\n    ");
    let mut message = format!("{} (full log: {})", output.status, log_path.display());
    if !tail.is_empty() {
        let _ = write!(message, "\n    {tail}");
    }
    bail!(message)
}

fn dpkg_installed(package: &str) -> bool {
    Command::new("dpkg-query")
        .args(["-W", "-f", "${Status}", package])
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("install ok installed"))
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0")
}

/// The union of the cargo features every manifest asks for.
pub fn cargo_features(adapters: &[Adapter]) -> BTreeSet<String> {
    adapters
        .iter()
        .filter_map(|a| a.manifest.setup.cargo_features.clone())
        .flatten()
        .collect()
}

/// The deviations of every adapter, as (case, profile) → reason.
pub fn deviation_map(manifest: &Manifest) -> BTreeMap<(String, Profile), String> {
    let mut map = BTreeMap::new();
    for d in &manifest.deviations {
        for profile in Profile::ALL {
            if d.applies(profile) {
                map.insert((d.case.clone(), profile), d.reason.clone());
            }
        }
    }
    map
}

/// The closing line of `reptest setup` and the failures under it; `true` when none failed.
pub fn setup_summary(statuses: &[SetupStatus]) -> (String, bool) {
    let failed: Vec<&String> = statuses
        .iter()
        .filter_map(|s| match s {
            SetupStatus::Failed(m) => Some(m),
            _ => None,
        })
        .collect();
    let installed = statuses
        .iter()
        .filter(|s| **s == SetupStatus::Installed)
        .count();
    let mut text = format!(
        "setup: {} adapters, {installed} installed now, {} up to date, {} failed",
        statuses.len(),
        statuses.len() - installed - failed.len(),
        failed.len()
    );
    for message in &failed {
        text.push_str(&format!("\n  {message}"));
    }
    (text, failed.is_empty())
}

/// One line per adapter: name, language, implementation, version, whether it is set up.
pub fn listing(adapters: &[Adapter]) -> String {
    let mut out = String::new();
    for a in adapters {
        let m = &a.manifest;
        let state = if a.is_set_up() {
            "set up"
        } else {
            "not set up"
        };
        let _ = writeln!(
            out,
            "{:<28} {:<8} {:<28} {:<10} {state}",
            m.name, m.language, m.implementation, m.version
        );
    }
    out
}

// Whole crawlers' manifests (`kind = "crawler"`, run by `crate::crawl`).

/// The placeholders a crawler's command may use to be given its URLs.
const URL_PLACEHOLDERS: [&str; 3] = ["{start}", "{urls}", "{urls-file}"];

/// The manifest's `[crawler]` table.
#[derive(Clone, Debug, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct CrawlerSpec {
    /// The one product token the crawler's robots.txt matching answers for, when it cannot be
    /// told another name (`wget`); questions about other names are asked under it (see the
    /// module's documentation). Omitted when the crawler takes the name it is given
    /// (`{agent}`).
    #[serde(default)]
    pub token: Option<String>,
    /// How long one crawl may take, in seconds.
    #[serde(default = "default_seconds")]
    pub seconds: u64,
    /// Crawls run at once by `reptest run`.
    #[serde(default = "default_parallel")]
    pub parallel: usize,
    /// Whether the fetch cases are played to it (its own HTTP client on statuses, redirects
    /// and failures).
    #[serde(default = "default_true")]
    pub fetch: bool,
}

fn default_seconds() -> u64 {
    8
}

fn default_parallel() -> usize {
    4
}

fn default_true() -> bool {
    true
}

impl Default for CrawlerSpec {
    fn default() -> CrawlerSpec {
        CrawlerSpec {
            token: None,
            seconds: default_seconds(),
            parallel: default_parallel(),
            fetch: true,
        }
    }
}

/// Checks what a crawler manifest needs: a `[crawler]` table only on a crawler, a command that
/// is given its URLs, a token that is a product token, bounds that are bounds.
pub fn check_crawler_manifest(manifest: &Manifest) -> Result<()> {
    if manifest.kind != Kind::Crawler {
        if manifest.crawler.is_some() {
            bail!("a `[crawler]` table needs `kind = \"crawler\"`");
        }
        return Ok(());
    }
    if !manifest
        .run
        .iter()
        .any(|a| URL_PLACEHOLDERS.iter().any(|p| a.contains(p)))
    {
        bail!(
            "`run` gives the crawler no URL: use {}",
            URL_PLACEHOLDERS.join(", ")
        );
    }
    let spec = manifest.crawler.clone().unwrap_or_default();
    if let Some(token) = &spec.token
        && (token.is_empty()
            || !token
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
    {
        bail!("`token = {token:?}` is not a product token (letters, digits, `-`, `_`)");
    }
    if spec.seconds == 0 || spec.seconds > 600 {
        bail!("`seconds = {}` is outside 1..=600", spec.seconds);
    }
    if spec.parallel == 0 || spec.parallel > 32 {
        bail!("`parallel = {}` is outside 1..=32", spec.parallel);
    }
    Ok(())
}

/// The command that serves a crawler adapter over protocol v1: this binary's `adapter crawler`.
pub fn crawler_serve_command(adapter: &Adapter) -> Vec<String> {
    let install_root = adapter
        .env
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    vec![
        reptest_binary().display().to_string(),
        "adapter".into(),
        "crawler".into(),
        adapter.dir.display().to_string(),
        "--install-root".into(),
        install_root.display().to_string(),
    ]
}

/// The `reptest` binary: this one, or, from a test binary (`target/…/deps/NAME-HASH`), the
/// `reptest` beside its directory.
fn reptest_binary() -> PathBuf {
    let exe = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("reptest"));
    let is_reptest = exe
        .file_stem()
        .is_some_and(|s| s.to_string_lossy() == "reptest");
    if is_reptest {
        return exe;
    }
    exe.parent()
        .and_then(Path::parent)
        .map(|dir| dir.join("reptest"))
        .filter(|p| p.is_file())
        .unwrap_or(exe)
}

#[cfg(test)]
mod tests {
    use super::{BodyAs, maven_pom, run_logged_within};
    use std::process::Command;
    use std::time::{Duration, Instant};

    #[test]
    fn a_maven_pom_lists_each_artifact_and_refuses_a_malformed_one() {
        let pom =
            maven_pom(&["com.example:lib:1.2".to_owned(), "org.x:y:3".to_owned()]).expect("a pom");
        assert!(pom.contains(
            "<groupId>com.example</groupId><artifactId>lib</artifactId><version>1.2</version>"
        ));
        assert!(
            pom.contains("<groupId>org.x</groupId><artifactId>y</artifactId><version>3</version>")
        );
        let error = maven_pom(&["com.example:lib".to_owned()]).expect_err("two parts");
        assert!(error.to_string().contains("`com.example:lib`"), "{error}");
    }

    #[test]
    fn a_build_step_past_its_limit_is_stopped_and_named() {
        let dir = std::env::temp_dir().join(format!("reptest-step-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        let log = dir.join("setup.log");
        let started = Instant::now();
        let error = run_logged_within(
            Command::new("sh").args(["-c", "echo working; sleep 30"]),
            &log,
            Duration::from_millis(300),
        )
        .expect_err("stopped");
        assert!(started.elapsed() < Duration::from_secs(10));
        let text = error.to_string();
        assert!(
            text.contains("stopped after 0 s") && text.contains("working"),
            "{text}"
        );
        let failed = run_logged_within(
            Command::new("sh").args(["-c", "echo broken >&2; exit 3"]),
            &log,
            Duration::from_secs(10),
        )
        .expect_err("fails");
        assert!(failed.to_string().contains("broken"), "{failed}");
        assert!(failed.to_string().contains("exit status: 3"), "{failed}");
        run_logged_within(&mut Command::new("true"), &log, Duration::from_secs(10))
            .expect("succeeds");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn each_decoding_says_what_it_changes() {
        let bom = b"\xEF\xBB\xBFUser-agent: *\nDisallow: /\n";
        let invalid = b"User-agent: *\nDisallow: /\xC3\n";
        let plain = b"User-agent: *\nDisallow: /\n";
        // A lossy decoder keeps the byte order mark; a fetched text takes it off.
        assert_eq!(BodyAs::TextLossy.received(bom), None);
        assert_eq!(
            BodyAs::TextFetched.received(bom).as_deref(),
            Some(&plain[..])
        );
        // Both replace what is not UTF-8.
        let replaced = "User-agent: *\nDisallow: /\u{FFFD}\n".as_bytes();
        for kind in [BodyAs::TextLossy, BodyAs::TextFetched] {
            assert_eq!(
                kind.received(invalid).as_deref(),
                Some(replaced),
                "{kind:?}"
            );
            assert_eq!(kind.received(plain), None, "{kind:?}");
        }
        for kind in [BodyAs::Bytes, BodyAs::TextStrict] {
            assert_eq!(kind.received(bom), None, "{kind:?}");
            assert_eq!(kind.received(invalid), None, "{kind:?}");
        }
    }
}
