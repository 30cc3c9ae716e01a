//! The `reptest` command.

use std::collections::BTreeSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use reptest::cases::{self, Case};
use reptest::{adapters, runner};
use reptest_reference::{ParseOptions, Profile, Reason, Robots};
use serde_json::json;

#[derive(Parser)]
#[command(
    name = "reptest",
    version,
    about = "Tells robots.txt implementers the truth about their parsers",
    // A recipe's default (`--time 10m`) gives way to the same option given after it.
    args_override_self = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the reference's verdict, with its explanation, for each URL.
    Check {
        /// Profile: rfc9309, google or legacy.
        #[arg(long, default_value = "rfc9309")]
        profile: Profile,
        /// The crawler's name (its product token, or a full `Name/1.0`).
        #[arg(long)]
        agent: String,
        /// Parse size limit in bytes.
        #[arg(long, default_value_t = reptest_reference::DEFAULT_SIZE_LIMIT)]
        size_limit: usize,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// The robots.txt file.
        robots_file: PathBuf,
        /// Absolute URLs (or paths starting with `/`).
        #[arg(required = true)]
        urls: Vec<String>,
    },
    /// Serve an implementation over protocol v1 on stdin/stdout.
    Adapter {
        #[command(subcommand)]
        which: AdapterCommand,
    },
    /// Install external adapters (all when no name is given) under `target/adapters/`.
    Setup {
        /// Adapter names.
        names: Vec<String>,
        /// The adapters directory.
        #[arg(long, default_value_os_t = adapters::default_dir())]
        adapters_dir: PathBuf,
        /// Where to install.
        #[arg(long, default_value_os_t = adapters::default_install_root())]
        install_root: PathBuf,
    },
    /// List the adapters and whether each is set up.
    Adapters {
        /// The adapters directory.
        #[arg(long, default_value_os_t = adapters::default_dir())]
        adapters_dir: PathBuf,
        /// Where adapters are installed.
        #[arg(long, default_value_os_t = adapters::default_install_root())]
        install_root: PathBuf,
    },
    /// Run the spec suite through the reference (every profile) and through the adapters.
    Run(RunArgs),
    /// Differential fuzzing: generated inputs put to the reference and every adapter, each
    /// disagreement minimised and written up as a family under `--out`.
    FuzzDiff(FuzzArgs),
    /// The compatibility report: run the suite over every adapter, measure real-world impact
    /// on the corpus, and write `results.json`, `README.md` and `index.html` under `--out`.
    Report(ReportArgs),
}

#[derive(clap::Args)]
struct ReportArgs {
    /// Only redraw README.md and index.html from the committed results.json.
    #[arg(long, conflicts_with = "check")]
    render: bool,
    /// Check that README.md and index.html are what the code draws from results.json (and
    /// the findings index); fails naming the files that differ.
    #[arg(long)]
    check: bool,
    /// Set up the adapters first (`reptest setup`); ignored with --render and --check.
    #[arg(long)]
    setup: bool,
    /// Where the report goes.
    #[arg(long, default_value_os_t = adapters::workspace_root().join("reports"))]
    out: PathBuf,
    /// The real-world corpus (`robots/<host>`, `urls/<host>`); its section is left out when
    /// the folder does not exist.
    #[arg(long, default_value_os_t = reptest::diff::Corpus::default_dir())]
    corpus: PathBuf,
    /// The crawler asked about on the corpus.
    #[arg(long, default_value = "Googlebot")]
    impact_agent: String,
    /// Seconds an adapter may take to answer one request.
    #[arg(long, default_value_t = 30.0)]
    timeout: f64,
    /// Adapters run at once.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// The directory of case files.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec-cases"))]
    dir: PathBuf,
    /// The adapters directory.
    #[arg(long, default_value_os_t = adapters::default_dir())]
    adapters_dir: PathBuf,
    /// Where adapters are installed.
    #[arg(long, default_value_os_t = adapters::default_install_root())]
    install_root: PathBuf,
}

#[derive(clap::Args)]
struct FuzzArgs {
    /// Adapters to compare, comma-separated; every adapter that is set up (and every Rust
    /// crate linked in) when omitted.
    #[arg(long, value_delimiter = ',')]
    adapters: Vec<String>,
    /// Only the reference and the Rust crates linked into this binary: no subprocess.
    #[arg(long, conflicts_with_all = ["adapters", "setup"])]
    in_process: bool,
    /// Set up the adapters first (`reptest setup`).
    #[arg(long)]
    setup: bool,
    /// How long to run: `90s`, `10m`, `1h` (60s when neither this nor --iterations is given).
    #[arg(long, value_parser = reptest::campaign::parse_duration)]
    time: Option<Duration>,
    /// How many cases to run.
    #[arg(long)]
    iterations: Option<u64>,
    /// The seed (printed when chosen at random); the same seed gives the same cases.
    #[arg(long)]
    seed: Option<u64>,
    /// The first case number (with --iterations 1, replays one case of a seed).
    #[arg(long, default_value_t = 0)]
    first_case: u64,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// The findings catalogue (created if missing; families already there are kept).
    #[arg(long, default_value_os_t = adapters::workspace_root().join("reports/findings"))]
    out: PathBuf,
    /// Real robots.txt files and URLs to mix in (`robots/<host>`, `urls/<host>`); skipped
    /// when the folder does not exist.
    #[arg(long, default_value_os_t = reptest::diff::Corpus::default_dir())]
    corpus: PathBuf,
    /// Do not mix in the corpus.
    #[arg(long)]
    no_corpus: bool,
    /// Seconds an adapter may take to answer one request before it counts as hung.
    #[arg(long, default_value_t = 5.0)]
    timeout: f64,
    /// Seconds spent at most minimising one disagreement.
    #[arg(long, default_value_t = 5.0)]
    minimise_budget: f64,
    /// The adapters directory.
    #[arg(long, default_value_os_t = adapters::default_dir())]
    adapters_dir: PathBuf,
    /// Where adapters are installed.
    #[arg(long, default_value_os_t = adapters::default_install_root())]
    install_root: PathBuf,
}

#[derive(clap::Args)]
struct RunArgs {
    /// Adapters to run, comma-separated; every adapter that is set up when omitted.
    #[arg(long, value_delimiter = ',')]
    adapters: Vec<String>,
    /// Only the reference, no adapter.
    #[arg(long, conflicts_with_all = ["adapters", "setup"])]
    reference_only: bool,
    /// Set up the adapters first (`reptest setup`); those whose setup fails are reported
    /// and the run goes on without them.
    #[arg(long)]
    setup: bool,
    /// The profile adapters' failures are listed against (scores show every profile).
    #[arg(long, default_value = "rfc9309")]
    profile: Profile,
    /// Only cases whose id matches this glob (`*` is the only wildcard).
    #[arg(long)]
    cases: Option<String>,
    /// Also write machine-readable results here.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Seconds an adapter may take to answer one request before it counts as hung.
    #[arg(long, default_value_t = 10.0)]
    timeout: f64,
    /// Adapters run at once.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// Print only the counts and the summary, not each failing check.
    #[arg(long)]
    brief: bool,
    /// The directory of case files.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec-cases"))]
    dir: PathBuf,
    /// The adapters directory.
    #[arg(long, default_value_os_t = adapters::default_dir())]
    adapters_dir: PathBuf,
    /// Where adapters are installed.
    #[arg(long, default_value_os_t = adapters::default_install_root())]
    install_root: PathBuf,
}

#[derive(Subcommand)]
enum AdapterCommand {
    /// The reference implementation.
    Reference {
        /// Profile: rfc9309, google or legacy.
        #[arg(long, default_value = "rfc9309")]
        profile: Profile,
    },
    /// A Rust crate linked into this binary (see `reptest-peers`).
    Peer {
        /// Its adapter name.
        name: String,
    },
    /// A deliberately faulty adapter, for the harness's own tests.
    #[command(hide = true)]
    Faulty,
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Check {
            profile,
            agent,
            size_limit,
            json,
            robots_file,
            urls,
        } => check(profile, &agent, size_limit, json, &robots_file, &urls),
        Command::Adapter {
            which: AdapterCommand::Reference { profile },
        } => {
            reptest::protocol::serve_reference(profile, io::stdin().lock(), io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Adapter {
            which: AdapterCommand::Peer { name },
        } => serve_peer(&name),
        Command::Adapter {
            which: AdapterCommand::Faulty,
        } => {
            reptest::faulty::serve(io::stdin().lock(), io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Setup {
            names,
            adapters_dir,
            install_root,
        } => setup(&names, &adapters_dir, &install_root),
        Command::Adapters {
            adapters_dir,
            install_root,
        } => list_adapters(&adapters_dir, &install_root),
        Command::Run(args) => run_suite(&args),
        Command::FuzzDiff(args) => fuzz_diff(&args),
        Command::Report(args) => report(&args),
    }
}

/// Loads the adapters and picks the ones a command runs: those named, or else every one that
/// is set up (and, with `linked`, every Rust crate linked into this binary); the rest are
/// named on `out`. With `setup`, the wanted ones are installed first.
fn choose_adapters(
    adapters_dir: &Path,
    install_root: &Path,
    names: &[String],
    setup: bool,
    linked: bool,
    out: &mut dyn Write,
) -> Result<Vec<adapters::Adapter>> {
    let every = adapters::load(adapters_dir, install_root)?;
    if setup {
        writeln!(out, "setting up adapters")?;
        out.flush()?;
        let features = adapters::cargo_features(&every);
        let wanted = adapters::select(every.clone(), names)?;
        let statuses = adapters::setup(&wanted, &features, out);
        let failed = statuses
            .iter()
            .filter(|s| matches!(s, adapters::SetupStatus::Failed(_)))
            .count();
        writeln!(out, "setup: {} adapters, {failed} failed", statuses.len())?;
    }
    if !names.is_empty() {
        return adapters::select(every, names);
    }
    let (ready, missing): (Vec<_>, Vec<_>) = every.into_iter().partition(|a| {
        a.is_set_up() || (linked && reptest::engine::PeerEngine::new(&a.manifest.name).is_some())
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

fn fuzz_diff(args: &FuzzArgs) -> Result<ExitCode> {
    use reptest::campaign::{self, Campaign, Settings};
    use std::io::IsTerminal;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    let mut err = io::stderr();
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs() ^ u64::from(d.subsec_nanos()))
    });
    let timeout = Duration::from_secs_f64(args.timeout.max(0.1));
    let (engines, warnings) = if args.in_process {
        (campaign::in_process_engines(), Vec::new())
    } else {
        let chosen = choose_adapters(
            &args.adapters_dir,
            &args.install_root,
            &args.adapters,
            args.setup,
            true,
            &mut err,
        )?;
        campaign::engines_for(&chosen, timeout)
    };
    for warning in &warnings {
        writeln!(err, "warning: {warning}")?;
    }
    if engines.len() <= campaign::REFERENCES {
        bail!("no implementation to compare with the reference");
    }
    let corpus = if args.no_corpus || !args.corpus.join("robots").is_dir() {
        None
    } else {
        let corpus = reptest::diff::Corpus::load(&args.corpus)
            .with_context(|| format!("cannot read the corpus {}", args.corpus.display()))?;
        writeln!(
            err,
            "corpus: {} real robots.txt files mixed in",
            corpus.sites.len()
        )?;
        Some(corpus)
    };
    let catalogue = reptest::findings::Catalogue::open(&args.out)?;
    let known = catalogue.families().len();
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = Arc::clone(&stop);
        ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed))
            .context("cannot install the Ctrl-C handler")?;
    }
    let names: Vec<String> = engines.iter().map(|e| e.info().name.clone()).collect();
    let settings = Settings {
        seed,
        first_case: args.first_case,
        iterations: args.iterations,
        time: args
            .time
            .or_else(|| args.iterations.is_none().then(|| Duration::from_secs(60))),
        jobs: args.jobs,
        minimise_budget: Duration::from_secs_f64(args.minimise_budget.max(0.0)),
    };
    writeln!(
        err,
        "fuzz-diff: seed {seed}, {} implementations and the reference ({} profiles), {} jobs, \
         findings in {} ({known} families already there); Ctrl-C stops and keeps everything",
        engines.len() - campaign::REFERENCES,
        campaign::REFERENCES,
        args.jobs,
        args.out.display()
    )?;
    let mut campaign = Campaign::new(engines, catalogue, corpus, Arc::clone(&stop));
    let started = std::time::Instant::now();
    let terminal = err.is_terminal();
    let mut last = std::time::Instant::now();
    let mut progress = |stats: &campaign::Stats| {
        let every = if terminal { 0.25 } else { 10.0 };
        if last.elapsed().as_secs_f64() < every {
            return;
        }
        last = std::time::Instant::now();
        let elapsed = started.elapsed().as_secs_f64();
        let line = format!(
            "[{elapsed:>6.0}s] {} cases, {:.0}/s, {} disagreements, {} minimised, {} new families",
            stats.cases,
            stats.cases as f64 / elapsed.max(1e-9),
            stats.disagreements,
            stats.minimised,
            stats.new_families
        );
        if terminal {
            eprint!("\r{line}\x1b[K");
        } else {
            eprintln!("{line}");
        }
    };
    let result = campaign.run(&settings, &mut progress);
    if terminal {
        eprintln!();
    }
    let cases = result?;
    let stats = campaign.stats().clone();
    let elapsed = started.elapsed();
    campaign
        .catalogue()
        .finish_run(reptest::findings::RunRecord {
            seed,
            cases,
            seconds: elapsed.as_secs(),
            engines: names,
            new_families: stats.new_families,
        })?;
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{} cases in {:.1}s ({:.0}/s); {} disagreements; {} minimised; {} new families, {} in \
         the catalogue{}",
        stats.cases,
        elapsed.as_secs_f64(),
        stats.cases as f64 / elapsed.as_secs_f64().max(1e-9),
        stats.disagreements,
        stats.minimised,
        stats.new_families,
        campaign.catalogue().families().len(),
        if stop.load(Ordering::Relaxed) {
            " (stopped by Ctrl-C)"
        } else {
            ""
        }
    )?;
    if !stats.lost.is_empty() {
        let lost: Vec<&str> = stats.lost.iter().map(String::as_str).collect();
        writeln!(
            out,
            "became unavailable and were left out: {}",
            lost.join(", ")
        )?;
    }
    writeln!(
        out,
        "index: {}",
        campaign.catalogue().dir().join("README.md").display()
    )?;
    if stats.cases == 0 {
        bail!("no case ran");
    }
    Ok(ExitCode::SUCCESS)
}

fn report(args: &ReportArgs) -> Result<ExitCode> {
    use reptest::report;

    let mut err = io::stderr();
    let findings_path = args.out.join("findings/index.json");
    let findings: Option<reptest::findings::Index> = if findings_path.exists() {
        let text = std::fs::read_to_string(&findings_path)
            .with_context(|| format!("cannot read {}", findings_path.display()))?;
        Some(
            serde_json::from_str(&text)
                .with_context(|| format!("{} is not a findings index", findings_path.display()))?,
        )
    } else {
        None
    };
    let results_path = args.out.join("results.json");
    let results: report::Results = if args.render || args.check {
        let text = std::fs::read_to_string(&results_path).with_context(|| {
            format!(
                "cannot read {} (run `reptest report` to make it)",
                results_path.display()
            )
        })?;
        serde_json::from_str(&text).with_context(|| {
            format!(
                "{} does not match the results schema",
                results_path.display()
            )
        })?
    } else {
        let cases = cases::load_dir(&args.dir)?;
        let ids: BTreeSet<String> = cases.iter().map(|c| c.id.clone()).collect();
        let ready = choose_adapters(
            &args.adapters_dir,
            &args.install_root,
            &[],
            args.setup,
            false,
            &mut err,
        )?;
        let timeout = Duration::from_secs_f64(args.timeout.max(0.1));
        let total = ready.len();
        let progress = |done: usize, r: &runner::AdapterReport| {
            eprintln!("[{done}/{total}] suite: {}", r.info.name);
        };
        let reports = runner::run_adapters(&ready, &cases, &ids, timeout, args.jobs, &progress);
        let deviations = ready
            .iter()
            .map(|a| {
                let reasons = adapters::deviation_map(&a.manifest)
                    .into_iter()
                    .map(|((case, _), reason)| (case, reason))
                    .collect();
                (a.manifest.name.clone(), reasons)
            })
            .collect();
        let impact = if args.corpus.join("robots").is_dir() {
            let corpus = reptest::diff::Corpus::load(&args.corpus)
                .with_context(|| format!("cannot read the corpus {}", args.corpus.display()))?;
            let (engines, warnings) = reptest::campaign::engines_for(&ready, timeout);
            for warning in warnings {
                writeln!(err, "warning: {warning}")?;
            }
            let mut engines: Vec<_> = engines
                .into_iter()
                .skip(reptest::campaign::REFERENCES)
                .collect();
            let name = args
                .corpus
                .file_name()
                .map_or_else(|| "corpus".to_owned(), |n| n.to_string_lossy().into_owned());
            writeln!(
                err,
                "real-world impact: {} implementations on {} sites",
                engines.len(),
                corpus.sites.len()
            )?;
            let progress = |name: &str| eprintln!("impact: {name} done");
            Some(report::impact(
                &mut engines,
                &corpus,
                &name,
                &args.impact_agent,
                args.jobs,
                &progress,
            ))
        } else {
            writeln!(
                err,
                "no corpus at {}: the real-world section is left out",
                args.corpus.display()
            )?;
            None
        };
        report::results(&cases, &reports, &deviations, impact)
    };
    let pages = report::pages(&results, findings.as_ref());
    if args.check {
        let mut stale = Vec::new();
        for (name, text) in &pages {
            let path = args.out.join(name);
            if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                stale.push(path.display().to_string());
            }
        }
        if !stale.is_empty() {
            bail!(
                "the committed report is not what the code draws from results.json: {} \
                 (run `reptest report --render` and commit)",
                stale.join(", ")
            );
        }
        println!("report up to date: {}", args.out.display());
        return Ok(ExitCode::SUCCESS);
    }
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    for (name, text) in &pages {
        if args.render && *name == "results.json" {
            continue;
        }
        let path = args.out.join(name);
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

fn serve_peer(name: &str) -> Result<ExitCode> {
    let Some(engine) = reptest::engine::PeerEngine::new(name) else {
        let known: Vec<&str> = reptest_peers::PEERS.iter().map(|p| p.name).collect();
        bail!(
            "no peer crate `{name}` in this build (built in: {}; the crates that need an HTTP \
             client come with `--features http-client-crates`)",
            known.join(", ")
        );
    };
    let info = reptest::engine::Engine::info(&engine).clone();
    let hello = reptest::protocol::Hello {
        protocol: reptest::protocol::VERSION,
        name: info.name,
        implementation: info.implementation,
        version: info.version,
        language: info.language,
        extra: serde_json::Map::new(),
    };
    let mut check = |body: &[u8], agent: &str, urls: &[String]| engine.answer(body, agent, urls);
    reptest::protocol::serve(&hello, &mut check, io::stdin().lock(), io::stdout().lock())?;
    Ok(ExitCode::SUCCESS)
}

fn setup(names: &[String], dir: &Path, install_root: &Path) -> Result<ExitCode> {
    let all = adapters::load(dir, install_root)?;
    let features = adapters::cargo_features(&all);
    let chosen = adapters::select(all, names)?;
    let statuses = adapters::setup(&chosen, &features, &mut io::stdout().lock());
    let failed: Vec<&String> = statuses
        .iter()
        .filter_map(|s| match s {
            adapters::SetupStatus::Failed(m) => Some(m),
            _ => None,
        })
        .collect();
    let installed = statuses
        .iter()
        .filter(|s| **s == adapters::SetupStatus::Installed)
        .count();
    println!(
        "setup: {} adapters, {installed} installed now, {} up to date, {} failed",
        statuses.len(),
        statuses.len() - installed - failed.len(),
        failed.len()
    );
    for message in &failed {
        println!("  {message}");
    }
    Ok(if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn list_adapters(dir: &Path, install_root: &Path) -> Result<ExitCode> {
    let all = adapters::load(dir, install_root)?;
    for a in &all {
        let m = &a.manifest;
        println!(
            "{:<28} {:<8} {:<28} {:<10} {}",
            m.name,
            m.language,
            m.implementation,
            m.version,
            if a.is_set_up() {
                "set up"
            } else {
                "not set up"
            }
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn check(
    profile: Profile,
    agent: &str,
    size_limit: usize,
    json: bool,
    robots_file: &Path,
    urls: &[String],
) -> Result<ExitCode> {
    let body = std::fs::read(robots_file)
        .with_context(|| format!("cannot read {}", robots_file.display()))?;
    let robots = Robots::parse(
        &body,
        ParseOptions {
            profile,
            size_limit,
        },
    );
    let selection = robots.select(&[agent]);
    let mut out = io::stdout().lock();
    let mut answers = Vec::new();
    for url in urls {
        let verdict = selection
            .check_url(url)
            .with_context(|| format!("checking {url}"))?;
        if json {
            let reason = match verdict.reason {
                Reason::Rule => "rule",
                Reason::NoMatchingRule => "no-matching-rule",
                Reason::NoGroup => "no-group",
                Reason::RobotsTxtExempt => "robots-txt-exempt",
            };
            answers.push(json!({
                "url": url,
                "verdict": if verdict.allowed { "allow" } else { "disallow" },
                "reason": reason,
                "rule": verdict.rule.map(|r| json!({
                    "line": r.line,
                    "field": if r.allow { "allow" } else { "disallow" },
                    "path": r.path(),
                    "octets": r.pattern().len(),
                    "from_index_html": r.from_index_html,
                })),
                "group": verdict.group.map(|g| g.agents.iter().map(|a| json!({
                    "line": a.line, "user_agent": a.value,
                })).collect::<Vec<_>>()),
                "explanation": verdict.to_string(),
            }));
        } else {
            writeln!(out, "{url}\n  {verdict}")?;
        }
    }
    if json {
        let diagnostics: Vec<_> = robots
            .records()
            .iter()
            .filter(|r| !r.diagnostics.is_empty())
            .map(|r| json!({"line": r.line, "diagnostics": format!("{:?}", r.diagnostics)}))
            .collect();
        let doc = json!({
            "profile": profile.name(),
            "agent": agent,
            "sitemaps": robots.sitemaps(),
            "truncated": robots.truncated(),
            "verdicts": answers,
            "diagnostics": diagnostics,
        });
        writeln!(out, "{}", serde_json::to_string_pretty(&doc)?)?;
    } else {
        for record in robots
            .records()
            .iter()
            .filter(|r| !r.diagnostics.is_empty())
        {
            writeln!(out, "note: line {}: {:?}", record.line, record.diagnostics)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `*`-only glob over a case id.
fn glob_matches(glob: &str, text: &str) -> bool {
    let mut parts = glob.split('*');
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

fn run_suite(args: &RunArgs) -> Result<ExitCode> {
    let loaded = cases::load_dir(&args.dir)?;
    let all_ids: BTreeSet<String> = loaded.iter().map(|c| c.id.clone()).collect();
    let mut all = loaded;
    if let Some(glob) = &args.cases {
        all.retain(|c| glob_matches(glob, &c.id));
        if all.is_empty() {
            bail!("--cases `{glob}` selects no case");
        }
    }
    // Not locked: the progress callback prints from the worker threads.
    let mut out = io::stdout();
    writeln!(
        out,
        "reference: {} cases from {}",
        all.len(),
        args.dir.display()
    )?;
    let mut results_json = Vec::new();
    let mut failed_run = false;
    let mut rows = Vec::new();
    for profile in Profile::ALL {
        let (mut passed, mut failed) = (0usize, 0usize);
        for case in &all {
            let results = cases::run_reference(case, profile);
            let failures: Vec<_> = results.iter().filter(|r| !r.passed()).collect();
            passed += results.len() - failures.len();
            failed += failures.len();
            if !failures.is_empty() {
                write!(
                    out,
                    "FAIL {}",
                    cases::failure_report(case, profile, &failures)
                )?;
            }
            results_json.extend(results.iter().map(|r| result_json(case, profile, r)));
        }
        failed_run |= failed > 0;
        rows.push((profile, passed, failed));
    }
    writeln!(out, "{:<10} {:>7} {:>7}", "profile", "passed", "failed")?;
    for (profile, passed, failed) in rows {
        writeln!(out, "{:<10} {passed:>7} {failed:>7}", profile.name())?;
    }
    let chosen = if args.reference_only {
        Vec::new()
    } else {
        writeln!(out)?;
        choose_adapters(
            &args.adapters_dir,
            &args.install_root,
            &args.adapters,
            args.setup,
            false,
            &mut out,
        )?
    };
    let mut reports = Vec::new();
    if !chosen.is_empty() {
        let protocol_checks: usize = all
            .iter()
            .flat_map(runner::questions)
            .map(|q| q.urls.len())
            .sum();
        writeln!(
            out,
            "\n{} adapters, {protocol_checks} checks each ({} fetch-outcome and scope checks are \
             outside protocol v1), {} at a time",
            chosen.len(),
            all.iter().map(Case::check_count).sum::<usize>() - protocol_checks,
            args.jobs
        )?;
        out.flush()?;
        let timeout = Duration::from_secs_f64(args.timeout.max(0.1));
        let total = chosen.len();
        let progress = |done: usize, report: &runner::AdapterReport| {
            let state = match &report.unavailable {
                Some(why) => format!("UNAVAILABLE: {why}"),
                None => format!(
                    "{} checks in {:.1}s",
                    report.outcomes.len(),
                    report.elapsed.as_secs_f64()
                ),
            };
            println!("[{done}/{total}] {}: {state}", report.info.name);
        };
        reports = runner::run_adapters(&chosen, &all, &all_ids, timeout, args.jobs, &progress);
        for report in &reports {
            let text = runner::render_adapter(report, args.profile, &all);
            if args.brief {
                let head: Vec<&str> = text
                    .lines()
                    .filter(|l| !l.starts_with("   FAIL") && !l.starts_with("   known"))
                    .collect();
                writeln!(out, "{}", head.join("\n"))?;
            } else {
                write!(out, "{text}")?;
            }
            let unexpected = report.outcomes.iter().any(|o| {
                o.status
                    .values()
                    .any(|s| *s == runner::Status::UnexpectedPass)
            });
            failed_run |= report.broken() || unexpected || !report.stale_deviations.is_empty();
        }
        writeln!(out, "\n{}", runner::summary_table(&reports, &all))?;
        let broken: Vec<&str> = reports
            .iter()
            .filter(|r| r.broken())
            .map(|r| r.info.name.as_str())
            .collect();
        if !broken.is_empty() {
            writeln!(out, "adapters that could not answer: {}", broken.join(", "))?;
        }
    }
    if let Some(path) = &args.json {
        let mut doc = runner::to_json(&reports, &all);
        doc["reference"] = serde_json::Value::Array(results_json);
        std::fs::write(path, serde_json::to_string_pretty(&doc)?)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(if failed_run {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn result_json(case: &Case, profile: Profile, r: &cases::CheckResult) -> serde_json::Value {
    json!({
        "case": case.id,
        "profile": profile.name(),
        "check": r.index,
        "url": r.url,
        "expected": r.expected.name(),
        "actual": match &r.actual { Ok(a) => a.name().to_owned(), Err(e) => format!("error: {e}") },
        "passed": r.passed(),
    })
}

#[cfg(test)]
mod tests {
    use super::glob_matches;

    #[test]
    fn globs() {
        assert!(glob_matches("path-*/fish*", "path-matching/fish-star"));
        assert!(glob_matches("*", "x/y"));
        assert!(!glob_matches("http/*", "scope/a"));
        assert!(glob_matches("scope/a", "scope/a"));
    }
}
