//! The `reptest` command.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use reptest::cases::{self, Case};
use reptest_reference::{ParseOptions, Profile, Reason, Robots};
use serde_json::json;

#[derive(Parser)]
#[command(
    name = "reptest",
    version,
    about = "Tells robots.txt implementers the truth about their parsers"
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
    /// Run the spec suite through the reference and print the scores.
    Run {
        /// Profiles to judge against (repeatable); all when omitted.
        #[arg(long)]
        profile: Vec<Profile>,
        /// Only cases whose id matches this glob (`*` is the only wildcard).
        #[arg(long)]
        cases: Option<String>,
        /// Also write machine-readable results here.
        #[arg(long)]
        json: Option<PathBuf>,
        /// The directory of case files.
        #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec-cases"))]
        dir: PathBuf,
    },
}

#[derive(Subcommand)]
enum AdapterCommand {
    /// The reference implementation.
    Reference {
        /// Profile: rfc9309, google or legacy.
        #[arg(long, default_value = "rfc9309")]
        profile: Profile,
    },
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
        Command::Run {
            profile,
            cases,
            json,
            dir,
        } => run_suite(&profile, cases.as_deref(), json.as_deref(), &dir),
    }
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
                    "path": r.path,
                    "octets": r.pattern.len(),
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

fn run_suite(
    profiles: &[Profile],
    filter: Option<&str>,
    json_out: Option<&Path>,
    dir: &Path,
) -> Result<ExitCode> {
    let profiles = if profiles.is_empty() {
        Profile::ALL.to_vec()
    } else {
        profiles.to_vec()
    };
    let mut all = cases::load_dir(dir)?;
    if let Some(glob) = filter {
        all.retain(|c| glob_matches(glob, &c.id));
        if all.is_empty() {
            bail!("--cases `{glob}` selects no case");
        }
    }
    let mut out = io::stdout().lock();
    writeln!(out, "reference: {} cases from {}", all.len(), dir.display())?;
    let mut results_json = Vec::new();
    let mut any_failed = false;
    let mut rows = Vec::new();
    for &profile in &profiles {
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
        any_failed |= failed > 0;
        rows.push((profile, passed, failed));
    }
    writeln!(out, "\n{:<10} {:>7} {:>7}", "profile", "passed", "failed")?;
    for (profile, passed, failed) in rows {
        writeln!(out, "{:<10} {passed:>7} {failed:>7}", profile.name())?;
    }
    if let Some(path) = json_out {
        let doc = json!({ "implementation": "reference", "results": results_json });
        std::fs::write(path, serde_json::to_string_pretty(&doc)?)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(if any_failed {
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
