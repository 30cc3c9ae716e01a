//! The reference against Google's C++ parser, side by side in one run, on the corpus
//! (`../shared/corpus/top-sites-2019/`, or a generated corpus when it is absent):
//!
//! - **parse**: every file, under each profile; Google's parser with a handler that does
//!   nothing;
//! - **one-shot**: parse and check for every URL, the way a caller of a one-shot API does
//!   (Google's `RobotsMatcher::OneAgentAllowedByRobots`, a fresh matcher per URL; the reference's
//!   `Robots::parse`, `select` and `check_url` per URL);
//! - **check**: the reference's `check_url` on a file parsed and selected beforehand, timed per
//!   URL, as percentiles over the corpus URLs (Google's library has no parse-once API).
//!
//! `cargo bench -p reptest-peers --bench google`. Google's side is a small driver of this
//! project's (`benches/google/driver.cc`) compiled with `g++ -O2`, as the adapter is, against
//! the source the `google-robotstxt-cc` adapter's setup fetched into
//! `target/adapters/google-robotstxt-cc/src/robotstxt/` (another directory can be named with
//! `REPTEST_GOOGLE_SRC`). When that source, `g++` or abseil is missing, the bench says so and
//! prints the reference's column alone.
//!
//! Every figure is the median of `REPTEST_BENCH_ROUNDS` rounds (default 7), Google's and the
//! reference's rounds taking turns: the machines this runs on are shared, and a median of
//! interleaved rounds resists the stretches another process slowed down. "Speed vs
//! Google" is Google's time over the reference's (2× = the reference takes half the time).
//! `REPTEST_BENCH_ONLY=parse|oneshot|check` runs one measure alone (for a profiler), and
//! `REPTEST_BENCH_PROFILE=rfc9309|google|legacy` the reference under one profile alone (so that
//! an instruction count belongs to one profile).

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use reptest_reference::{ParseOptions, Profile, Robots};

mod common;
use common::{AGENT, Site, corpus};

/// Checks of one URL timed together, so that the clock's own cost (tens of nanoseconds) is
/// spread over them.
const CHECKS_PER_SAMPLE: u32 = 16;

fn rounds() -> usize {
    std::env::var("REPTEST_BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .filter(|&r| r > 0)
        .unwrap_or(7)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or_default()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let at = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[at]
}

/// Median over `rounds` of the time `run` takes.
fn time_rounds(rounds: usize, mut run: impl FnMut() -> usize) -> (Duration, usize) {
    let mut out = 0;
    let times = (0..rounds)
        .map(|_| {
            let start = Instant::now();
            out = black_box(run());
            start.elapsed().as_secs_f64()
        })
        .collect();
    (Duration::from_secs_f64(median(times)), out)
}

struct ReferenceFigures {
    profile: Profile,
    parse: Duration,
    oneshot: Duration,
    oneshot_allowed: usize,
    /// Per-URL check times in nanoseconds, sorted.
    checks: Vec<f64>,
}

/// Which measures run: all, or only the one `REPTEST_BENCH_ONLY` names (`parse`, `oneshot`,
/// `check`), which is what a profiler wants to look at.
fn runs(measure: &str) -> bool {
    std::env::var("REPTEST_BENCH_ONLY").map_or(true, |only| only == measure)
}

/// Whether the reference runs under `profile`: every profile, or only the one
/// `REPTEST_BENCH_PROFILE` names.
fn runs_profile(profile: Profile) -> bool {
    std::env::var("REPTEST_BENCH_PROFILE").map_or(true, |only| only == profile.name())
}

/// One round of the reference under `profile`: the median of three parses of every file, and
/// one pass of parse, select and check for every URL (with how many were allowed).
fn reference_round(sites: &[Site], profile: Profile) -> (Duration, Duration, usize) {
    let options = ParseOptions::new(profile);
    let this = runs_profile(profile);
    let (parse, _) = time_rounds(if runs("parse") && this { 3 } else { 0 }, || {
        sites
            .iter()
            // The parsed file itself is the result: asking for `groups()` would build every
            // group, which a crawler never needs (it builds the ones it selects).
            .map(|s| usize::from(black_box(Robots::parse(black_box(&s.body), options)).truncated()))
            .sum()
    });
    let (oneshot, allowed) = time_rounds(usize::from(runs("oneshot") && this), || {
        sites
            .iter()
            .flat_map(|s| s.urls.iter().map(move |u| (&s.body, u)))
            .filter(|(body, url)| {
                Robots::parse(black_box(body), options)
                    .select(&[AGENT])
                    .check_url(url)
                    .is_ok_and(|v| v.allowed)
            })
            .count()
    });
    (parse, oneshot, allowed)
}

/// Per URL, the time of one check on the file parsed and selected beforehand: the median over
/// three samples of the mean of [`CHECKS_PER_SAMPLE`] checks. Sorted.
fn check_times(sites: &[Site], profile: Profile) -> Vec<f64> {
    let mut checks = Vec::new();
    for site in sites
        .iter()
        .filter(|_| runs("check") && runs_profile(profile))
    {
        let robots = Robots::parse(&site.body, ParseOptions::new(profile));
        let selection = robots.select(&[AGENT]);
        for url in &site.urls {
            let samples = (0..3)
                .map(|_| {
                    let start = Instant::now();
                    for _ in 0..CHECKS_PER_SAMPLE {
                        let _ = black_box(selection.check_url(black_box(url)).map(|v| v.allowed));
                    }
                    start.elapsed().as_nanos() as f64 / f64::from(CHECKS_PER_SAMPLE)
                })
                .collect();
            checks.push(median(samples));
        }
    }
    checks.sort_by(f64::total_cmp);
    checks
}

struct GoogleFigures {
    parse: Duration,
    oneshot: Duration,
    allowed: usize,
}

fn workspace_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_dir().join("target"))
}

/// Google's driver, built, and the corpus written for it.
struct GoogleDriver {
    driver: PathBuf,
    corpus: PathBuf,
}

/// Builds the driver and writes the corpus for it; `Err` says why Google's column is skipped.
fn build_google(sites: &[Site]) -> Result<GoogleDriver, String> {
    let src = std::env::var_os("REPTEST_GOOGLE_SRC")
        .map(PathBuf::from)
        .unwrap_or_else(|| target_dir().join("adapters/google-robotstxt-cc/src/robotstxt"));
    if !src.join("robots.cc").is_file() || !src.join("robots.h").is_file() {
        return Err(format!(
            "Google's source is not set up (no robots.cc and robots.h in {}; \
             `reptest setup google-robotstxt-cc` fetches it)",
            src.display()
        ));
    }
    let out = target_dir().join("bench-google");
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let driver = out.join("driver");
    let built = Command::new("g++")
        .args(["-std=c++17", "-O2", "-I"])
        .arg(&src)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/google/driver.cc"))
        .arg(src.join("robots.cc"))
        .arg("-o")
        .arg(&driver)
        .args([
            "-labsl_strings",
            "-labsl_base",
            "-labsl_throw_delegate",
            "-labsl_raw_logging_internal",
        ])
        .output()
        .map_err(|e| format!("cannot run g++: {e}"))?;
    if !built.status.success() {
        return Err(format!(
            "the driver did not build:\n{}",
            String::from_utf8_lossy(&built.stderr)
        ));
    }
    let corpus = out.join("corpus.bin");
    let mut flat = Vec::new();
    for site in sites {
        flat.extend_from_slice(format!("{}\n", site.body.len()).as_bytes());
        flat.extend_from_slice(&site.body);
        flat.extend_from_slice(format!("{}\n", site.urls.len()).as_bytes());
        for url in &site.urls {
            flat.extend_from_slice(url.as_bytes());
            flat.push(b'\n');
        }
    }
    std::fs::write(&corpus, flat).map_err(|e| format!("cannot write {}: {e}", corpus.display()))?;
    Ok(GoogleDriver { driver, corpus })
}

/// One round of Google's parser: parse time, one-shot time, URLs allowed.
fn google_round(google: &GoogleDriver) -> Result<(Duration, Duration, usize), String> {
    let ran = Command::new(&google.driver)
        .arg(&google.corpus)
        .arg("1")
        .arg(AGENT)
        .output()
        .map_err(|e| format!("cannot run the driver: {e}"))?;
    if !ran.status.success() {
        return Err(format!(
            "the driver failed:\n{}",
            String::from_utf8_lossy(&ran.stderr)
        ));
    }
    let stdout = String::from_utf8_lossy(&ran.stdout);
    let field = |name: &str| -> Result<f64, String> {
        stdout
            .lines()
            .find_map(|l| l.strip_prefix(name)?.trim().parse().ok())
            .ok_or_else(|| format!("the driver's output has no `{name}`: {stdout}"))
    };
    Ok((
        Duration::from_nanos(field("parse_ns ")? as u64),
        Duration::from_nanos(field("oneshot_ns ")? as u64),
        field("allowed ")? as usize,
    ))
}

fn mib_per_s(bytes: usize, time: Duration) -> f64 {
    bytes as f64 / (1024.0 * 1024.0) / time.as_secs_f64()
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument is not used by this bench.
    let rounds = rounds();
    let (sites, source) = corpus();
    let bytes: usize = sites.iter().map(|s| s.body.len()).sum();
    let urls: usize = sites.iter().map(|s| s.urls.len()).sum();
    println!(
        "corpus {source}: {} files, {bytes} bytes, {urls} URLs; crawler {AGENT}; median of {rounds} rounds",
        sites.len()
    );
    // Google's round and the reference's rounds take turns, so that a stretch of load from
    // another process slows both sides rather than one.
    let mut google = build_google(&sites).map(|driver| (driver, Vec::new()));
    let mut rounds_of: Vec<Vec<(Duration, Duration, usize)>> = vec![Vec::new(); 3];
    for _ in 0..rounds {
        if let Ok((driver, figures)) = &mut google {
            match google_round(driver) {
                Ok(round) => figures.push(round),
                Err(why) => google = Err(why),
            }
        }
        for (i, &profile) in Profile::ALL.iter().enumerate() {
            rounds_of[i].push(reference_round(&sites, profile));
        }
    }
    let medians = |figures: &[(Duration, Duration, usize)]| {
        let parse = median(figures.iter().map(|f| f.0.as_secs_f64()).collect());
        let oneshot = median(figures.iter().map(|f| f.1.as_secs_f64()).collect());
        let allowed = figures.last().map_or(0, |f| f.2);
        (
            Duration::from_secs_f64(parse),
            Duration::from_secs_f64(oneshot),
            allowed,
        )
    };
    let google = google.map(|(_, figures)| {
        let (parse, oneshot, allowed) = medians(&figures);
        GoogleFigures {
            parse,
            oneshot,
            allowed,
        }
    });
    let reference: Vec<ReferenceFigures> = Profile::ALL
        .iter()
        .zip(&rounds_of)
        .map(|(&profile, figures)| {
            let (parse, oneshot, oneshot_allowed) = medians(figures);
            ReferenceFigures {
                profile,
                parse,
                oneshot,
                oneshot_allowed,
                checks: check_times(&sites, profile),
            }
        })
        .collect();

    println!();
    println!(
        "| engine | parse all files | MiB/s | parse speed vs Google | one-shot per URL | one-shot speed vs Google | URLs allowed |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    let per_url = |d: Duration| d.as_secs_f64() * 1e6 / urls.max(1) as f64;
    match &google {
        Ok(g) => println!(
            "| Google's parser (C++, -O2) | {:.2} ms | {:.0} | 1× | {:.2} µs | 1× | {} |",
            g.parse.as_secs_f64() * 1e3,
            mib_per_s(bytes, g.parse),
            per_url(g.oneshot),
            g.allowed
        ),
        Err(why) => println!("| Google's parser | skipped | – | – | – | – | – |\n\n{why}\n"),
    }
    for r in &reference {
        let ratio = |ours: Duration, theirs: Option<Duration>| {
            theirs.map_or("–".to_owned(), |t| {
                format!("{:.2}×", t.as_secs_f64() / ours.as_secs_f64())
            })
        };
        let g = google.as_ref().ok();
        println!(
            "| reference ({}) | {:.2} ms | {:.0} | {} | {:.2} µs | {} | {} |",
            r.profile,
            r.parse.as_secs_f64() * 1e3,
            mib_per_s(bytes, r.parse),
            ratio(r.parse, g.map(|g| g.parse)),
            per_url(r.oneshot),
            ratio(r.oneshot, g.map(|g| g.oneshot)),
            r.oneshot_allowed
        );
    }
    println!();
    println!(
        "check one absolute URL after parse and select (ns per check, mean of {CHECKS_PER_SAMPLE} \
         checks of the same URL, median of 3):"
    );
    println!("| profile | p50 | p90 | p99 | p99.9 | max | mean |");
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for r in &reference {
        if r.checks.is_empty() {
            continue;
        }
        let mean = r.checks.iter().sum::<f64>() / r.checks.len() as f64;
        println!(
            "| {} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} |",
            r.profile,
            percentile(&r.checks, 0.5),
            percentile(&r.checks, 0.9),
            percentile(&r.checks, 0.99),
            percentile(&r.checks, 0.999),
            r.checks[r.checks.len() - 1],
            mean
        );
    }
}
