//! The text of `reptest run`: the line that opens a run, each adapter's report (counts overall
//! and by tag, then every check that did not pass with its case file and the reference's
//! reason), the summary table, and the line that ends the run.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::{self, Write as _};

use reptest_reference::Profile;

use crate::answer::Status;
use crate::suite::cases::{Case, CaseKind};
use crate::suite::runner::{
    AdapterReport, CheckOutcome, ERROR_SHARE_PERCENT, ReferenceRun, Reply, Split, Tally,
    fetch_scored, questions, scored,
};

/// The text report for one adapter under `profile`: counts overall and by tag, then every
/// check that did not pass (with `brief`, the failures, known or not, are left out).
pub fn render_adapter(
    report: &AdapterReport,
    profile: Profile,
    cases: &[Case],
    brief: bool,
) -> Result<String, fmt::Error> {
    render_adapter_with(
        report,
        profile,
        cases,
        Detail {
            brief,
            explain: false,
        },
    )
}

/// How much [`render_adapter_with`] shows of each check that did not pass.
#[derive(Clone, Copy, Debug, Default)]
pub struct Detail {
    /// Leave out the failures, known or not (`--brief`).
    pub brief: bool,
    /// Add the robots.txt, the reference's whole explanation, the case's note and spec
    /// references (`--explain`).
    pub explain: bool,
}

/// [`render_adapter`]: each check that did not pass is shown with its case file and the
/// reference's one-line reason, and with `detail.explain` the robots.txt and the whole
/// explanation. Checks not asked because the adapter could not answer are counted in one
/// line, not listed.
pub fn render_adapter_with(
    report: &AdapterReport,
    profile: Profile,
    cases: &[Case],
    detail: Detail,
) -> Result<String, fmt::Error> {
    let brief = detail.brief;
    let all_ids: BTreeMap<&str, &Case> = cases.iter().map(|c| (c.id.as_str(), c)).collect();
    let by_id = scored(cases);
    let info = &report.info;
    let mut out = String::new();
    let gone = report.unavailable.as_ref().or(report.gave_up.as_ref());
    if report.unavailable.is_some() {
        // Nothing but the name is known of an adapter that never said hello.
        writeln!(out, "\n== {} under {profile}", info.name)?;
    } else {
        writeln!(
            out,
            "\n== {} ({} {}, {}) under {profile}",
            info.name, info.implementation, info.version, info.language
        )?;
    }
    if let Some(why) = &report.unavailable {
        writeln!(out, "   UNAVAILABLE: {why}")?;
        writeln!(out, "   command: {}", report.command)?;
    }
    if let Some(why) = &report.gave_up {
        writeln!(out, "   {why}")?;
    }
    let not_asked = gone.map(|why| format!("adapter unavailable: {why}"));
    let is_not_asked =
        |o: &CheckOutcome| matches!((&o.reply, &not_asked), (Reply::Error(e), Some(n)) if e == n);
    let t = report.tally(profile, &by_id, None);
    writeln!(out, "   {}", tally_line(&t))?;
    let split = report.tally_by_force(profile, &by_id);
    writeln!(
        out,
        "   {:<22} {}",
        "must+should",
        tally_line(&split.conformance)
    )?;
    writeln!(
        out,
        "   {:<22} {}",
        "may+interpretation",
        tally_line(&split.agreement)
    )?;
    let fetch_cases = fetch_scored(cases);
    let fetched = report.tally(profile, &fetch_cases, None);
    if fetched.total() > 0 {
        writeln!(out, "   {:<22} {}", "fetch cases", tally_line(&fetched))?;
    }
    let tags: BTreeSet<&str> = cases
        .iter()
        .filter(|c| by_id.contains_key(c.id.as_str()))
        .flat_map(|c| c.tags.iter().map(String::as_str))
        .collect();
    for tag in tags {
        let t = report.tally(profile, &by_id, Some(tag));
        if t.total() > 0 {
            writeln!(out, "   {tag:<22} {}", tally_line(&t))?;
        }
    }
    let mut skipped = 0usize;
    for outcome in &report.outcomes {
        let Some(status) = outcome.status.get(&profile) else {
            continue;
        };
        match status {
            Status::Pass | Status::Unsupported => continue,
            Status::Fail | Status::KnownFail if brief => continue,
            _ => {}
        }
        if is_not_asked(outcome) {
            skipped += 1;
            continue;
        }
        let want = outcome.expected.get(&profile).map_or("?", |e| e.name());
        let case = all_ids.get(outcome.case.as_str()).copied();
        let force = case
            .and_then(|c| c.force(profile))
            .map_or_else(String::new, |f| format!(" [{f}]"));
        // A raise (the library's error as the answer) and no answer within the wait read
        // apart: "got error: raised: …", "got timeout: no answer within 33 s".
        let error = match &outcome.reply {
            Reply::Error(e) => match e.strip_prefix(crate::engines::REPORTED) {
                Some(raised) => format!(": raised: {raised}"),
                None => format!(": {e}"),
            },
            Reply::Timeout(e) => format!(": {e}"),
            _ => String::new(),
        };
        writeln!(
            out,
            "   {status} {}#{}{force} {} {}: expected {want}, got {}{error}",
            outcome.case,
            outcome.index,
            outcome.agent,
            outcome.url,
            outcome.reply.answer()
        )?;
        if let Some(case) = case {
            out.push_str(&why_text(case, outcome, profile, detail.explain));
        }
    }
    if skipped > 0 {
        writeln!(
            out,
            "   {skipped} more checks not asked: the adapter {}",
            if report.unavailable.is_some() {
                "could not start"
            } else {
                "was given up on"
            }
        )?;
    }
    for stale in &report.stale_deviations {
        writeln!(out, "   STALE deviation: no case `{stale}`")?;
    }
    if report.starts > 1 {
        writeln!(out, "   restarted {} times", report.starts - 1)?;
    }
    let timeouts = report
        .outcomes
        .iter()
        .filter(|o| matches!(o.reply, Reply::Timeout(_)))
        .count();
    if timeouts > 0 {
        writeln!(
            out,
            "   {timeouts} checks timed out (slow, not failed: counted as error above)"
        )?;
    }
    Ok(out)
}

/// The lines under a check that did not pass: its case file and the reference's reason in
/// one line; with `explain`, the robots.txt, the whole explanation, the case's note and its
/// spec references.
fn why_text(case: &Case, outcome: &CheckOutcome, profile: Profile, explain: bool) -> String {
    const INDENT: &str = "        ";
    let file = case_file(case);
    let (body, explanation) = match &case.kind {
        CaseKind::Robots {
            body, size_limit, ..
        } => {
            let limit = size_limit.unwrap_or(reptest_reference::DEFAULT_SIZE_LIMIT);
            let urls = std::slice::from_ref(&outcome.url);
            let said = match crate::explain::explain(body, profile, limit, &outcome.agent, urls) {
                Ok(e) => e
                    .verdicts
                    .first()
                    .map_or_else(String::new, |v| v.explanation.clone()),
                Err(e) => format!("the reference cannot answer: {e:#}"),
            };
            (Some(body), said)
        }
        CaseKind::Served { play, .. } => (None, format!("served: {}", play.summary())),
        _ => (None, String::new()),
    };
    let mut out = String::new();
    if explain {
        let _ = writeln!(out, "{INDENT}case file: {file}");
        if let Some(body) = body {
            let _ = writeln!(out, "{INDENT}robots.txt:");
            for line in crate::text::fenced(body).lines() {
                let _ = writeln!(out, "{INDENT}  {line}");
            }
        }
        for (i, line) in explanation.lines().enumerate() {
            let head = if i == 0 { "reference: " } else { "  " };
            let _ = writeln!(out, "{INDENT}{head}{line}");
        }
        if let Some(note) = &case.note {
            let _ = writeln!(out, "{INDENT}note: {}", note.trim());
        }
        if !case.spec.is_empty() {
            let _ = writeln!(out, "{INDENT}spec: {}", case.spec.join(", "));
        }
        return out;
    }
    let first = explanation.lines().next().unwrap_or_default();
    let (shown, cut) = crate::text::clip(first, 200);
    let more = if cut > 0 { "…" } else { "" };
    if shown.is_empty() {
        let _ = writeln!(out, "{INDENT}{file}");
    } else {
        let _ = writeln!(out, "{INDENT}{file}; reference: {shown}{more}");
    }
    out
}

/// A case's file as the user finds it: its directory's name and its own
/// (`spec-cases/groups.toml`).
fn case_file(case: &Case) -> String {
    let name = |p: Option<&std::path::Path>| {
        p.and_then(std::path::Path::file_name)
            .map(|n| n.to_string_lossy().into_owned())
    };
    match (name(case.file.parent()), name(Some(&case.file))) {
        (Some(dir), Some(file)) => format!("{dir}/{file}"),
        (None, Some(file)) => file,
        _ => case.file.display().to_string(),
    }
}

fn tally_line(t: &Tally) -> String {
    format!(
        "pass {:>4}  fail {:>4}  known-fail {:>3}  unexpected-pass {:>2}  unsupported {:>4}  error {:>4}",
        t.pass, t.fail, t.known_fail, t.unexpected_pass, t.unsupported, t.error
    )
}

/// The closing summary: one row per adapter, against `rfc9309` and `google`, conformance (the
/// checks resting on MUST or SHOULD) apart from agreement with the profile's readings (MAY and
/// interpretation), best conformance to `rfc9309` first.
pub fn summary_table(reports: &[AdapterReport], cases: &[Case]) -> Result<String, fmt::Error> {
    let by_id = scored(cases);
    let mut out = String::new();
    writeln!(
        out,
        "{:<28} {:<10} {:<20} {:>17} {:>17} {:>17} {:>17} {:>6} {:>6}",
        "adapter",
        "language",
        "version",
        "rfc9309 must+sh.",
        "rfc9309 interp.",
        "google must+sh.",
        "google interp.",
        "unsup",
        "error"
    )?;
    let score = |t: &Tally| {
        let total = t.total();
        let pct = if total == 0 {
            0.0
        } else {
            100.0 * t.correct() as f64 / total as f64
        };
        format!("{}/{} {:5.1}%", t.correct(), total, pct)
    };
    let mut rows: Vec<(&AdapterReport, Split, Split)> = reports
        .iter()
        .map(|r| {
            (
                r,
                r.tally_by_force(Profile::Rfc9309, &by_id),
                r.tally_by_force(Profile::Google, &by_id),
            )
        })
        .collect();
    rows.sort_by_key(|(r, rfc, _)| {
        (
            std::cmp::Reverse(rfc.conformance.correct()),
            r.info.name.clone(),
        )
    });
    for (r, rfc, google) in rows {
        let name = if r.unavailable.is_some() {
            format!("{} (UNAVAILABLE)", r.info.name)
        } else {
            r.info.name.clone()
        };
        let all = r.tally(Profile::Rfc9309, &by_id, None);
        writeln!(
            out,
            "{name:<28} {:<10} {:<20} {:>17} {:>17} {:>17} {:>17} {:>6} {:>6}",
            r.info.language,
            crate::text::clip(&r.info.version, 20).0,
            score(&rfc.conformance),
            score(&rfc.agreement),
            score(&google.conformance),
            score(&google.agreement),
            all.unsupported,
            all.error
        )?;
    }
    writeln!(
        out,
        "must+sh.: checks resting on a MUST or SHOULD sentence (conformance); interp.: on a MAY \
         or on the profile's reading of a silent or ambiguous text (agreement)."
    )?;
    // The fetch cases, counted apart: only the adapters that fetch are asked them.
    let fetch_cases = fetch_scored(cases);
    let mut fetching: Vec<(&AdapterReport, Tally, Tally)> = reports
        .iter()
        .map(|r| {
            (
                r,
                r.tally(Profile::Rfc9309, &fetch_cases, None),
                r.tally(Profile::Google, &fetch_cases, None),
            )
        })
        .filter(|(_, rfc, _)| rfc.total() > 0)
        .collect();
    if !fetching.is_empty() {
        fetching.sort_by_key(|(r, rfc, _)| (std::cmp::Reverse(rfc.correct()), r.info.name.clone()));
        writeln!(
            out,
            "\n{:<28} {:>17} {:>17} {:>6}  own fetch timeout",
            "fetch cases", "rfc9309", "google", "error"
        )?;
        for (r, rfc, google) in fetching {
            let own = r
                .own_timeout
                .as_ref()
                .map_or_else(|| "not measured".to_owned(), ToString::to_string);
            writeln!(
                out,
                "{:<28} {:>17} {:>17} {:>6}  {own}",
                r.info.name,
                score(&rfc),
                score(&google),
                rfc.error
            )?;
        }
    }
    Ok(out)
}

/// The line that opens a run over `adapters` adapters: how many checks each is asked, and
/// how many protocol v1 cannot ask.
pub fn plan_line(adapters: usize, cases: &[Case], jobs: usize) -> String {
    let protocol_checks: usize = cases.iter().flat_map(questions).map(|q| q.urls.len()).sum();
    let served = |c: &&Case| matches!(c.kind, CaseKind::Served { .. });
    let fetch_checks: usize = cases.iter().filter(served).map(Case::check_count).sum();
    format!(
        "\n{adapters} adapters, {protocol_checks} checks each, {fetch_checks} more for those that \
         fetch ({} fetch-outcome and scope checks are outside protocol v1), {jobs} at a time",
        cases.iter().map(Case::check_count).sum::<usize>() - protocol_checks - fetch_checks,
    )
}

/// The run's last line, for CI logs: `PASS` or `FAIL`, and what failed it (see "Exit codes"
/// in `harness/README.md`).
pub fn result_line(
    reference: &ReferenceRun,
    reports: &[AdapterReport],
    gated: bool,
    failed: bool,
) -> String {
    let reference_failed: usize = reference.counts.iter().map(|(_, _, f)| f).sum();
    let count = |keep: &dyn Fn(&AdapterReport) -> bool| reports.iter().filter(|r| keep(r)).count();
    let unexpected: usize = reports
        .iter()
        .flat_map(|r| &r.outcomes)
        .filter(|o| o.status.values().any(|s| *s == Status::UnexpectedPass))
        .count();
    let mut parts = vec![format!("reference {reference_failed} failed checks",)];
    parts.push(format!(
        "{} adapters, {} could not answer",
        reports.len(),
        count(&|r| r.broken())
    ));
    let erring = count(&|r| !r.broken() && r.too_many_errors());
    if erring > 0 {
        parts.push(format!(
            "{erring} with more than {ERROR_SHARE_PERCENT}% of their checks errored"
        ));
    }
    parts.push(format!("{unexpected} listed failures that pass"));
    let stale = count(&|r| !r.stale_deviations.is_empty());
    if stale > 0 {
        parts.push(format!("{stale} adapters with stale deviations"));
    }
    if gated {
        parts.push("expectations checked".to_owned());
    }
    let verdict = if failed { "FAIL" } else { "PASS" };
    format!("result: {verdict} ({})", parts.join("; "))
}

/// The closing lines naming the adapters that fail the run as a whole (could not answer, or
/// errored on too many checks), each with why; `None` when there are none.
pub fn broken_line(reports: &[AdapterReport]) -> Option<String> {
    let lines: Vec<String> = reports
        .iter()
        .filter_map(|r| {
            let why = r.failure_reason()?;
            let what = if r.broken() {
                "could not answer"
            } else {
                "errored too often"
            };
            Some(format!("adapter {} {what}: {why}", r.info.name))
        })
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}
