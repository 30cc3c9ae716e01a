//! The `reptest` command: argument parsing and printing; the `reptest` library does the
//! work.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use reptest::engines::adapters;
use reptest::engines::registry::{self, Dirs};
use reptest::engines::{faulty, serve};
use reptest::fuzz::campaign::{self, Campaign, Settings};
use reptest::fuzz::corpus::Corpus;
use reptest::fuzz::generate::InputClasses;
use reptest::fuzz::merge::{self, Shard};
use reptest::suite::expectations::{self, Expectations};
use reptest::suite::{cases, document, junit, render, runner};
use reptest::text::{parse_duration, parse_seconds, parse_timeout};
use reptest::{compare, explain, report, scaffold};
use reptest_reference::Profile;

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
    Check(CheckArgs),
    /// Serve an implementation over protocol v1 on stdin/stdout.
    Adapter {
        #[command(subcommand)]
        which: AdapterCommand,
    },
    /// Install external adapters (all when no name is given) under `target/adapters/`.
    Setup {
        /// Adapter names.
        names: Vec<String>,
        #[command(flatten)]
        dirs: Dirs,
    },
    /// List the adapters and whether each is set up.
    Adapters {
        #[command(flatten)]
        dirs: Dirs,
    },
    /// Run the spec suite through the reference (every profile) and through the adapters.
    Run(RunArgs),
    /// Differential fuzzing: generated inputs put to the reference and every adapter, each
    /// disagreement minimised and written up as a family under `--out`.
    FuzzDiff(FuzzArgs),
    /// The findings catalogue's ready-to-file reports: root causes per implementation,
    /// measured on the real-world corpus, with their covering spec cases.
    FuzzReport(FuzzReportArgs),
    /// The compatibility report: run the suite over every adapter, measure real-world impact
    /// on the corpus, and write `results.json`, `README.md` and `index.html` under `--out`.
    Report(ReportArgs),
    /// Every installed implementation's verdict on each URL of one robots.txt, side by side,
    /// with the reference's under each profile and what covers a split.
    Compare(CompareArgs),
    /// Findings catalogues.
    Findings {
        #[command(subcommand)]
        which: FindingsCommand,
    },
    /// Fetch a site's robots.txt with the reference's HTTP client; print the exchange, the
    /// outcome with the sentence it rests on, and the verdicts.
    Fetch(FetchArgs),
}

#[derive(Subcommand)]
enum FindingsCommand {
    /// Merge catalogues (the shards of a campaign, or any others) into one: families by
    /// signature, hits summed, runs kept; an input another one already holds is left out.
    Merge {
        /// The catalogues.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// Where the merged catalogue goes: an empty directory, or one of the inputs.
        #[arg(long)]
        out: PathBuf,
    },
    /// Ask some implementations again about every family's input, after their adapter's
    /// call changed: their answers replace the stored ones, their answers to neutralised
    /// variants are dropped (`reptest fuzz-report` asks again), a family left without a
    /// deviation is dropped. Ids stay.
    Reask {
        /// The adapters to ask, comma-separated.
        #[arg(long, value_delimiter = ',', required = true)]
        adapters: Vec<String>,
        /// The findings catalogue.
        #[arg(long, default_value_os_t = adapters::workspace_root().join("reports/findings"))]
        out: PathBuf,
        /// Seconds an adapter may take to answer one request before it counts as hung.
        #[arg(long, default_value = "5", value_parser = parse_timeout)]
        timeout: Duration,
        /// Also ask them about the families that hold no answer of theirs (found by a
        /// campaign that did not ask them), timeout families excepted.
        #[arg(long)]
        fill: bool,
        #[command(flatten)]
        dirs: Dirs,
    },
}

#[derive(clap::Args)]
struct CompareArgs {
    /// The crawler's name.
    #[arg(long, default_value = "Googlebot")]
    agent: String,
    /// Adapters to ask, comma-separated; every adapter that is set up (and every Rust crate
    /// linked in) when omitted.
    #[arg(long, value_delimiter = ',')]
    adapters: Vec<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Seconds an adapter may take to answer.
    #[arg(long, default_value = "10", value_parser = parse_timeout)]
    timeout: Duration,
    /// Implementations asked at once.
    #[arg(long, default_value_t = 2, value_parser = at_least_one)]
    jobs: usize,
    /// The committed report, for the spec cases and findings that cover a split.
    #[arg(long, default_value_os_t = adapters::workspace_root().join("reports"))]
    reports: PathBuf,
    /// The directory of case files.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec-cases"))]
    dir: PathBuf,
    #[command(flatten)]
    dirs: Dirs,
    /// Asks every AI crawler of the shipped list (harness/data/ai-crawlers.txt, with its
    /// source and date) instead of `--agent`, on the site's root and the URLs given: where an
    /// implementation lets in a crawler the file keeps out, or the reverse.
    #[arg(long, conflicts_with = "agents")]
    ai_crawlers: bool,
    /// As `--ai-crawlers`, with the crawler tokens of FILE (one per line, `#` comments).
    #[arg(long, value_name = "FILE")]
    agents: Option<PathBuf>,
    /// The robots.txt file.
    robots_file: PathBuf,
    /// Absolute URLs (or paths starting with `/`).
    #[arg(required_unless_present_any = ["ai_crawlers", "agents"])]
    urls: Vec<String>,
}

#[derive(clap::Args)]
struct FetchArgs {
    /// A URL of the site (or its robots.txt URL); decided too unless it is the robots.txt URL.
    url: String,
    /// Further URLs of the site to decide.
    urls: Vec<String>,
    /// The crawler's name.
    #[arg(long, default_value = "FooBot")]
    agent: String,
    /// Profile: rfc9309, google or legacy.
    #[arg(long, default_value = "rfc9309")]
    profile: Profile,
    /// Seconds the whole fetch may take.
    #[arg(long, default_value = "10", value_parser = parse_timeout)]
    timeout: Duration,
}

#[derive(clap::Args)]
struct CheckArgs {
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
    /// Asks every AI crawler of the shipped list (harness/data/ai-crawlers.txt, with its
    /// source and date) instead of `--agent`, on the site's root and the URLs given: where an
    /// implementation lets in a crawler the file keeps out, or the reverse.
    #[arg(long, conflicts_with = "agents")]
    ai_crawlers: bool,
    /// As `--ai-crawlers`, with the crawler tokens of FILE (one per line, `#` comments).
    #[arg(long, value_name = "FILE")]
    agents: Option<PathBuf>,
    /// The robots.txt file.
    robots_file: PathBuf,
    /// Absolute URLs (or paths starting with `/`).
    #[arg(required_unless_present_any = ["ai_crawlers", "agents"])]
    urls: Vec<String>,
}

#[derive(clap::Args)]
struct ReportArgs {
    /// Only redraw README.md and index.html from the committed results.json (rewritten with
    /// each case's area drawn again from its tags).
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
    #[arg(long, default_value_os_t = Corpus::default_dir())]
    corpus: PathBuf,
    /// The crawler asked about on the corpus.
    #[arg(long, default_value = "Googlebot")]
    impact_agent: String,
    /// Seconds an adapter may take to answer one request.
    #[arg(long, default_value = "30", value_parser = parse_timeout)]
    timeout: Duration,
    /// Adapters run at once.
    #[arg(long, default_value_t = 2, value_parser = at_least_one)]
    jobs: usize,
    /// Run only these adapters (comma-separated) and merge their results, suite and corpus,
    /// into the committed results.json; every other implementation's are kept as they are.
    /// The suite must be the one results.json holds.
    #[arg(long, value_delimiter = ',', conflicts_with_all = ["render", "check"])]
    adapters: Vec<String>,
    /// The directory of case files.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec-cases"))]
    dir: PathBuf,
    #[command(flatten)]
    dirs: Dirs,
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
    #[arg(long, value_parser = parse_duration)]
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
    #[arg(long, default_value_t = 2, value_parser = at_least_one)]
    jobs: usize,
    /// The findings catalogue (created if missing; families already there are kept).
    #[arg(long, default_value_os_t = adapters::workspace_root().join("reports/findings"))]
    out: PathBuf,
    /// Real robots.txt files and URLs to mix in (`robots/<host>`, `urls/<host>`); skipped
    /// when the folder does not exist.
    #[arg(long, default_value_os_t = Corpus::default_dir())]
    corpus: PathBuf,
    /// Do not mix in the corpus.
    #[arg(long)]
    no_corpus: bool,
    /// Seconds an adapter may take to answer one request before it counts as hung.
    #[arg(long, default_value = "5", value_parser = parse_timeout)]
    timeout: Duration,
    /// Seconds spent at most minimising one disagreement.
    #[arg(long, default_value = "5", value_parser = parse_seconds)]
    minimise_budget: Duration,
    /// Opt-in input classes beside the realistic default (product-token agents, URLs as a
    /// crawler serialises them, valid UTF-8 bodies), comma-separated: `raw-urls`,
    /// `agent-strings`, `invalid-utf8`. Their families are listed apart.
    #[arg(long, default_value = "", value_parser = InputClasses::parse)]
    inputs: InputClasses,
    /// Examine only shard K of N of the seeded campaign (`0/4`): the blocks of cases whose
    /// number is K mod N. Merge the shards' catalogues with `reptest findings merge`.
    #[arg(long, default_value = "0/1")]
    shard: Shard,
    /// Cases per block: the unit of shards and the window within which a deviation is
    /// minimised once. Every shard of one campaign uses the same.
    #[arg(long, default_value_t = merge::DEFAULT_BLOCK)]
    block: u64,
    #[command(flatten)]
    dirs: Dirs,
}

#[derive(clap::Args)]
struct FuzzReportArgs {
    /// The findings catalogue.
    #[arg(long, default_value_os_t = adapters::workspace_root().join("reports/findings"))]
    out: PathBuf,
    /// The real-world corpus to measure prevalence on.
    #[arg(long, default_value_os_t = Corpus::default_dir())]
    corpus: PathBuf,
    /// Do not measure on the corpus.
    #[arg(long)]
    no_corpus: bool,
    /// The crawler asked about on the corpus.
    #[arg(long, default_value = "Googlebot")]
    agent: String,
    /// Only rewrite the reports from the catalogue and its `measured.json`: no engine runs.
    #[arg(long)]
    render: bool,
    /// Check that the committed catalogue is what the code writes and derives (the index,
    /// each family's files, `root-causes.json`, the pages); no engine runs, nothing written.
    #[arg(long, conflicts_with_all = ["render", "ablate_only"])]
    check: bool,
    /// Only ask the adapters about the neutralised variants of families that lack answers
    /// (root-cause labels), keeping `measured.json`: no corpus measurement.
    #[arg(long, conflicts_with = "render")]
    ablate_only: bool,
    /// The directory of case files (for the covering case of each root cause).
    #[arg(long = "dir", default_value_os_t = adapters::workspace_root().join("spec-cases"))]
    cases: PathBuf,
    /// The suite's results: a root cause's covering case is one its implementation fails
    /// there.
    #[arg(long, default_value_os_t = adapters::workspace_root().join("reports/results.json"))]
    results: PathBuf,
    /// Seconds an adapter may take to answer one request.
    #[arg(long, default_value = "30", value_parser = parse_timeout)]
    timeout: Duration,
    #[command(flatten)]
    dirs: Dirs,
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
    /// Also write machine-readable results to this file (`--json` prints JSON in `check` and
    /// `compare`; here the text stays and the JSON goes to a file).
    #[arg(long = "json-file", value_name = "FILE")]
    json: Option<PathBuf>,
    /// Seconds an adapter may take to answer one request before it counts as hung.
    #[arg(long, default_value = "10", value_parser = parse_timeout)]
    timeout: Duration,
    /// Adapters run at once.
    #[arg(long, default_value_t = 2, value_parser = at_least_one)]
    jobs: usize,
    /// Print only the counts and the summary, not each failing check.
    #[arg(long, conflicts_with = "explain")]
    brief: bool,
    /// With each check that did not pass, print the robots.txt, the reference's whole
    /// explanation, the case's note and its spec references (each shows its case file and the
    /// reference's one-line reason anyway).
    #[arg(long, short = 'v')]
    explain: bool,
    /// Fail the run on any failing check this expectations file does not list, and on any
    /// listed check that passes (one adapter only; see `suite::expectations`).
    #[arg(long, value_name = "FILE")]
    expectations: Option<PathBuf>,
    /// Write the checks the adapter fails now, under `--profile` (or the profiles of
    /// `--expectations`), to this expectations file (one adapter only).
    #[arg(long, value_name = "FILE")]
    write_expectations: Option<PathBuf>,
    /// Also write JUnit XML here: one testcase per check and profile.
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// The directory of case files.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec-cases"))]
    dir: PathBuf,
    #[command(flatten)]
    dirs: Dirs,
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
    /// A whole crawler (an adapter directory with `kind = "crawler"`): each request is one
    /// crawl of a loopback site serving the robots.txt.
    Crawler {
        /// The adapter directory (its `adapter.toml`).
        dir: PathBuf,
        /// Where adapters are installed.
        #[arg(long, default_value_os_t = adapters::default_install_root())]
        install_root: PathBuf,
    },
    /// A deliberately faulty adapter, for the harness's own tests.
    #[command(hide = true)]
    Faulty {
        /// Break on every request this way (by default, only on marked robots.txt bodies).
        #[arg(long)]
        mode: Option<faulty::Mode>,
    },
    /// Write a working adapter skeleton for your own parser, in `--into`/NAME.
    New {
        /// The adapter's name (ASCII letters, digits, `-`, `_`).
        name: String,
        /// Its language.
        #[arg(long)]
        language: scaffold::Language,
        /// The directory to create it in.
        #[arg(long, default_value = ".")]
        into: PathBuf,
    },
}

/// `write!` to stdout, returning its error (a closed pipe ends the command quietly).
macro_rules! out {
    ($($arg:tt)*) => {
        write!(io::stdout().lock(), $($arg)*)?
    };
}

/// `writeln!` to stdout, returning its error (a closed pipe ends the command quietly).
macro_rules! outln {
    ($($arg:tt)*) => {
        writeln!(io::stdout().lock(), $($arg)*)?
    };
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        // The reader went away (`reptest check … | head -1`): nothing more to say, as
        // `ripgrep` and the other Unix tools do.
        Err(e) if closed_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Whether `error` is a write to a closed pipe.
fn closed_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// A count that means nothing at 0 (`--jobs`).
fn at_least_one(text: &str) -> std::result::Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("must be at least 1".to_owned()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{text}` is not a whole number")),
    }
}

/// A line on stdout from a worker thread; lost when the reader went away.
fn say_line(line: &str) {
    let _ = writeln!(io::stdout().lock(), "{line}");
}

/// Stdout that outlives its reader: once the pipe is closed, what is written is dropped, so
/// that a run whose output is cut short (`reptest run … | head`) still writes its files and
/// exits with its result.
#[derive(Debug, Default)]
struct Stdout {
    closed: bool,
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.closed {
            return Ok(buf.len());
        }
        match io::stdout().lock().write(buf) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(buf.len())
            }
            other => other,
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match io::stdout().lock().flush() {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Check(a) => {
            let (profile, limit, agent) = (a.profile, a.size_limit, &a.agent);
            let explanation =
                explain::explain_file(&a.robots_file, profile, limit, agent, &a.urls)?;
            if a.json {
                outln!("{}", serde_json::to_string_pretty(&explanation)?);
            } else {
                out!("{}", explanation.text());
            }
        }
        Command::Adapter { which } => {
            let (stdin, stdout) = (io::stdin().lock(), io::stdout().lock());
            match which {
                AdapterCommand::Reference { profile } => {
                    serve::serve_reference(profile, stdin, stdout)?;
                }
                AdapterCommand::Peer { name } => serve::serve_peer(&name, stdin, stdout)?,
                AdapterCommand::Crawler { dir, install_root } => {
                    reptest::crawl::serve(&dir, &install_root, stdin, stdout)?;
                }
                AdapterCommand::Faulty { mode } => faulty::serve_mode(mode, stdin, stdout)?,
                AdapterCommand::New {
                    name,
                    language,
                    into,
                } => outln!("{}", scaffold::write(&name, language, &into)?.next_steps),
            }
        }
        Command::Setup { names, dirs } => return setup(&names, &dirs),
        Command::Adapters { dirs } => out!("{}", adapters::listing(&dirs.load()?)),
        Command::Run(args) => return run_suite(&args),
        Command::FuzzDiff(args) => return fuzz_diff(&args),
        Command::FuzzReport(args) if args.check => {
            println!("{}", reptest::fuzz::store::check(&args.out)?);
        }
        Command::FuzzReport(args) => {
            let plan = reptest::fuzz::measure::ReportPlan {
                out: args.out,
                corpus: (!args.no_corpus).then_some(args.corpus),
                agent: args.agent,
                cases: args.cases,
                results: args.results,
                timeout: args.timeout,
                dirs: args.dirs,
                render: args.render,
                ablate_only: args.ablate_only,
            };
            outln!(
                "{}",
                reptest::fuzz::measure::fuzz_report(&plan, &mut io::stderr())?
            );
        }
        Command::Report(args) => report(&args)?,
        Command::Compare(a) if a.ai_crawlers || a.agents.is_some() => {
            let list = match &a.agents {
                Some(path) => reptest::agents::AgentList::load(path)?,
                None => reptest::agents::AgentList::ai_crawlers(),
            };
            let options = reptest::agents::Options {
                robots: a.robots_file,
                urls: a.urls,
                list,
                adapters: a.adapters,
                timeout: a.timeout,
                jobs: a.jobs,
                dirs: a.dirs,
            };
            let matrix = reptest::agents::ask(&options, &mut io::stderr())?;
            if a.json {
                outln!("{}", serde_json::to_string_pretty(&matrix)?);
            } else {
                out!("{}", matrix.text());
            }
        }
        Command::Compare(a) => {
            let options = compare::Options {
                robots: a.robots_file,
                urls: a.urls,
                agent: a.agent,
                adapters: a.adapters,
                timeout: a.timeout,
                jobs: a.jobs,
                dirs: a.dirs,
                reports: a.reports,
                cases_dir: a.dir,
            };
            let comparison = compare::compare(&options, &mut io::stderr())?;
            if a.json {
                outln!("{}", serde_json::to_string_pretty(&comparison)?);
            } else {
                out!("{}", comparison.text());
            }
        }
        Command::Findings {
            which: FindingsCommand::Merge { dirs, out },
        } => outln!("{}", merge::merge(&dirs, &out)?),
        Command::Findings {
            which:
                FindingsCommand::Reask {
                    adapters: names,
                    out,
                    timeout,
                    fill,
                    dirs,
                },
        } => {
            let chosen = registry::choose(&dirs, &names, false, true, &mut io::stderr())?;
            let bodies: Vec<(String, adapters::BodyAs)> = chosen
                .iter()
                .map(|a| (a.manifest.name.clone(), a.manifest.body))
                .collect();
            let (mut engines, warnings) = campaign::implementations_for(&chosen, timeout);
            for warning in warnings {
                eprintln!("warning: {warning}");
            }
            let summary =
                reptest::fuzz::reask::reask(&out, &mut engines, &bodies, fill, &mut |n, total| {
                    if n % 100 == 0 {
                        eprintln!("reask: family {n} of {total}");
                    }
                })?;
            outln!("{summary}");
        }
        Command::Fetch(a) => out!(
            "{}",
            reptest::fetch::live::report(&a.url, &a.urls, &a.agent, a.profile, a.timeout)?
        ),
    }
    Ok(ExitCode::SUCCESS)
}

fn fuzz_diff(args: &FuzzArgs) -> Result<ExitCode> {
    let mut err = io::stderr();
    let plan = campaign::Plan {
        adapters: args.adapters.clone(),
        in_process: args.in_process,
        setup: args.setup,
        timeout: args.timeout,
        corpus: (!args.no_corpus).then(|| args.corpus.clone()),
        out: args.out.clone(),
        dirs: args.dirs.clone(),
        inputs: args.inputs,
    };
    let settings = Settings {
        seed: args.seed.unwrap_or_else(campaign::random_seed),
        first_case: args.first_case,
        iterations: args.iterations,
        time: Settings::time_or_default(args.time, args.iterations),
        jobs: args.jobs,
        minimise_budget: args.minimise_budget,
    };
    let stop = Arc::new(AtomicBool::new(false));
    let shard = args.shard.with_block(args.block)?;
    let mut campaign =
        Campaign::open(&plan, &settings, Arc::clone(&stop), &mut err)?.with_shard(shard);
    if !shard.is_whole() {
        let (k, n, block) = (shard.index, shard.count, shard.block);
        eprintln!("shard {shard}: the blocks of {block} cases whose number is {k} mod {n}");
    }
    ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed))
        .context("cannot install the Ctrl-C handler")?;
    let (started, terminal) = (Instant::now(), err.is_terminal());
    let (mut last, every) = (Instant::now(), if terminal { 0.25 } else { 10.0 });
    let mut progress = |stats: &campaign::Stats| {
        if last.elapsed().as_secs_f64() >= every {
            last = Instant::now();
            let line = stats.progress_line(started.elapsed());
            let (start, end) = [("", "\n"), ("\r", "\x1b[K")][usize::from(terminal)];
            eprint!("{start}{line}{end}");
        }
    };
    let result = campaign.run(&settings, &mut progress);
    if terminal {
        eprintln!();
    }
    let cases = result?;
    outln!("{}", campaign.finish(&settings, cases, started.elapsed())?);
    if campaign.stats().cases == 0 {
        bail!("no case ran");
    }
    Ok(ExitCode::SUCCESS)
}

fn report(args: &ReportArgs) -> Result<()> {
    let findings = reptest::fuzz::store::Published::read(&args.out.join("findings"))?;
    let results = if args.render || args.check {
        report::load_results(&args.out.join("results.json"))?
    } else {
        cases_dir(&args.dir)?;
        let options = report::BuildOptions {
            cases_dir: args.dir.clone(),
            corpus: args.corpus.clone(),
            impact_agent: args.impact_agent.clone(),
            timeout: args.timeout,
            jobs: args.jobs,
            setup: args.setup,
            dirs: args.dirs.clone(),
            adapters: args.adapters.clone(),
        };
        let fresh = report::build(&options, &mut io::stderr(), &|line| eprintln!("{line}"))?;
        if args.adapters.is_empty() {
            fresh
        } else {
            let previous = report::load_results(&args.out.join("results.json"))?;
            report::merge(previous, fresh)?
        }
    };
    let measured = reptest::fuzz::filing::Measured::read(&args.out.join("findings"));
    let pages = report::pages(&results, findings.as_ref(), &measured)?;
    if args.check {
        report::check(&args.out, &pages)?;
        outln!("report up to date: {}", args.out.display());
        return Ok(());
    }
    for path in report::write(&args.out, &pages)? {
        outln!("wrote {}", path.display());
    }
    Ok(())
}

fn setup(names: &[String], dirs: &Dirs) -> Result<ExitCode> {
    let all = dirs.load()?;
    let features = adapters::cargo_features(&all);
    // With `--manifest` or `--command` and no names, only those.
    let chosen = if names.is_empty() && dirs.has_outside() {
        dirs.load_outside()?
    } else {
        adapters::select(all, names)?
    };
    let statuses = adapters::setup(&chosen, &features, &mut Stdout::default());
    let (summary, ok) = adapters::setup_summary(&statuses);
    outln!("{summary}");
    Ok(ExitCode::from(u8::from(!ok)))
}

/// `dir` as a directory of case files; one that does not exist is named with where its
/// default comes from.
fn cases_dir(dir: &std::path::Path) -> Result<()> {
    if !dir.is_dir() {
        bail!(
            "no directory of case files at {} (the default is the `spec-cases` of the source \
             tree reptest was built from); give one with --dir",
            dir.display()
        );
    }
    Ok(())
}

fn run_suite(args: &RunArgs) -> Result<ExitCode> {
    cases_dir(&args.dir)?;
    let (all, all_ids) = cases::load_selected(&args.dir, args.cases.as_deref())?;
    let gate = args
        .expectations
        .as_deref()
        .map(Expectations::read)
        .transpose()?;
    // Not locked: the progress callback prints from the worker threads.
    let mut out = Stdout::default();
    let (count, dir) = (all.len(), args.dir.display());
    writeln!(out, "reference: {count} cases from {dir}")?;
    let reference = runner::run_reference_suite(&all);
    write!(out, "{}", reference.render()?)?;
    let mut failed_run = reference.failed();
    let chosen = if args.reference_only {
        Vec::new()
    } else {
        writeln!(out)?;
        let dirs = args.dirs.clone();
        registry::choose(&dirs, &args.adapters, args.setup, false, &mut out)?
    };
    let mut reports = Vec::new();
    let mut gate_text = String::new();
    let profiles = gate
        .as_ref()
        .map_or(vec![args.profile], |g| g.profiles.clone());
    if !chosen.is_empty() {
        writeln!(out, "{}", render::plan_line(chosen.len(), &all, args.jobs))?;
        out.flush()?;
        let total = chosen.len();
        let progress = |done, r: &runner::AdapterReport| say_line(&r.progress_line(done, total));
        let watch = |p: &runner::Progress<'_>| say_line(&p.line());
        reports = reptest::drive::run_adapters_watched(
            &chosen,
            &all,
            &all_ids,
            args.timeout,
            args.jobs,
            &progress,
            &watch,
        );
        if let (Some(file), Some(path)) = (&gate, &args.expectations) {
            let report = expectations::only_report(&mut reports, file, "--expectations")?;
            let verdict = file.apply(report, &all_ids);
            gate_text = verdict.render(path);
            failed_run |= verdict.failed();
        }
        for report in &reports {
            let detail = render::Detail {
                brief: args.brief,
                explain: args.explain,
            };
            let text = render::render_adapter_with(report, args.profile, &all, detail)?;
            write!(out, "{text}")?;
            failed_run |= report.failed();
        }
        writeln!(out, "\n{}", render::summary_table(&reports, &all)?)?;
        if let Some(line) = render::broken_line(&reports) {
            writeln!(out, "{line}")?;
        }
        write!(out, "{gate_text}")?;
    }
    if gate.is_some() && reports.is_empty() {
        bail!("--expectations is about one adapter, and this run has none");
    }
    if let Some(path) = &args.write_expectations {
        let previous = gate.clone().or_else(|| Expectations::read(path).ok());
        let report = expectations::only_report(
            &mut reports,
            &Expectations::default(),
            "--write-expectations",
        )?;
        let (written, kept) =
            Expectations::from_report(report, &profiles, previous.as_ref(), &all_ids);
        written.write(path)?;
        let kept = if kept > 0 {
            format!(", {kept} kept from cases or profiles this run did not judge")
        } else {
            String::new()
        };
        writeln!(
            out,
            "wrote {} ({} entries{kept})",
            path.display(),
            written.failures.len()
        )?;
    }
    if let Some(path) = &args.junit {
        let mut reasons = junit::Reasons::of_manifests(&chosen);
        if let Some(file) = &gate {
            reasons.add(file);
        }
        junit::write(path, &reports, &all, &profiles, &reasons)?;
        writeln!(out, "wrote {}", path.display())?;
    }
    if let Some(path) = &args.json {
        let doc = document::RunDocument::new(&reports, &all, reference.results.clone());
        std::fs::write(path, serde_json::to_string_pretty(&doc)?)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    writeln!(
        out,
        "{}",
        render::result_line(&reference, &reports, gate.is_some(), failed_run)
    )?;
    Ok(if failed_run {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
