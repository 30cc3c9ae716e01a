//! Expectations files: the checks one implementation is known to fail, kept in the
//! implementer's own repository, that can only shrink.
//!
//! `reptest run --write-expectations FILE` writes the checks the adapter fails now (a wrong
//! verdict, or an error) under the gated profiles; `reptest run --expectations FILE` then
//! fails the run on any failing check the file does not list (a *new* failure) and on any
//! listed check that passes (a *fixed* failure, to be removed from the file), as toml-test's
//! skip list with `-skip-must-error` or WPT's expectation files do. Writing again with the
//! same file keeps each entry's `reason`, and every entry the run did not judge again (a case
//! outside `--cases`, one the adapter was not asked, a profile outside the run's).
//!
//! The judging is the manifests' known deviations' ([`runner::mark_listed`]), at the grain of
//! checks instead of cases: a deviation in a manifest is a statement about this repository's
//! view of a library, reviewed with it; an expectations file is an implementer's to-do list,
//! where a new failing check in a case already listed must not hide behind the old one.
//!
//! ```toml
//! adapter = "my-parser"
//! profiles = ["rfc9309"]
//!
//! [[failure]]
//! case = "groups/merge-same-agent"
//! profile = "rfc9309"
//! checks = [0, 2]
//! reason = "groups are not merged yet"
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result, bail};
use reptest_reference::Profile;
use serde::{Deserialize, Serialize};

use crate::answer::Status;
use crate::suite::runner::{self, AdapterReport};

/// An expectations file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectations {
    /// The adapter the file is about (its hello's name).
    pub adapter: String,
    /// The profiles whose failures the file lists and the run is gated on.
    #[serde(with = "crate::answer::profile_list")]
    pub profiles: Vec<Profile>,
    /// The failing checks, by case and profile.
    #[serde(default, rename = "failure")]
    pub failures: Vec<ExpectedFailure>,
}

/// The checks of one case known to fail under one profile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedFailure {
    /// The case id.
    pub case: String,
    /// The profile.
    #[serde(with = "crate::answer::profile_name")]
    pub profile: Profile,
    /// The checks' indices in the case.
    pub checks: Vec<usize>,
    /// Why (left empty when written; the implementer's to fill in).
    #[serde(default)]
    pub reason: String,
}

/// What checking a run against an expectations file found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verdict {
    /// Failing checks the file does not list: `case#check profile: what`.
    pub new_failures: Vec<String>,
    /// Listed checks that pass now: `case#check profile`.
    pub fixed: Vec<String>,
    /// Entries naming a case that does not exist.
    pub stale: Vec<String>,
    /// Entries naming a check a case does not have: `case#check profile`.
    pub stale_checks: Vec<String>,
    /// Failing checks the file lists.
    pub known: usize,
}

impl Verdict {
    /// Whether the run fails: a new failure, a fixed one still listed, or a stale entry.
    pub fn failed(&self) -> bool {
        !self.new_failures.is_empty()
            || !self.fixed.is_empty()
            || !self.stale.is_empty()
            || !self.stale_checks.is_empty()
    }

    /// The lines printed after the run: the summary, then each finding.
    pub fn render(&self, file: &Path) -> String {
        let mut out = format!(
            "expectations {}: {} known failures, {} new failures, {} fixed (remove them from \
             the file), {} stale entries\n",
            file.display(),
            self.known,
            self.new_failures.len(),
            self.fixed.len(),
            self.stale.len() + self.stale_checks.len()
        );
        for line in &self.new_failures {
            let _ = writeln!(out, "   NEW FAILURE {line}");
        }
        for line in &self.fixed {
            let _ = writeln!(out, "   FIXED {line}: passes now; remove it from the file");
        }
        for case in &self.stale {
            let _ = writeln!(out, "   STALE entry: no case `{case}`");
        }
        for check in &self.stale_checks {
            let _ = writeln!(
                out,
                "   STALE entry: no check {check}; remove it from the file"
            );
        }
        out
    }
}

impl Expectations {
    /// Reads a file; an unreadable or invalid one is an error naming it.
    pub fn read(path: &Path) -> Result<Expectations> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the expectations file {}", path.display()))?;
        let file: Expectations = toml::from_str(&text)
            .with_context(|| format!("{}: invalid expectations file", path.display()))?;
        let mut seen = BTreeSet::new();
        for f in &file.failures {
            if !seen.insert((f.case.clone(), f.profile)) {
                bail!(
                    "{}: `{}` under {} is listed twice",
                    path.display(),
                    f.case,
                    f.profile
                );
            }
            if !file.profiles.contains(&f.profile) {
                bail!(
                    "{}: `{}` is listed under {}, which `profiles` does not name",
                    path.display(),
                    f.case,
                    f.profile
                );
            }
        }
        Ok(file)
    }

    /// The file's text, with its "generated by" header.
    pub fn to_toml(&self) -> Result<String> {
        let body = toml::to_string(self).context("cannot write the expectations")?;
        Ok(format!(
            "# Generated by `reptest run --write-expectations`: the checks `{}` fails now.\n\
             # `reptest run --expectations` fails on a failing check not listed here and on a \
             listed check\n# that passes (remove it: this file only shrinks). Fill in each \
             `reason`; writing again keeps them.\n\n{body}",
            self.adapter
        ))
    }

    /// Writes the file.
    pub fn write(&self, path: &Path) -> Result<()> {
        std::fs::write(path, self.to_toml()?)
            .with_context(|| format!("cannot write {}", path.display()))
    }

    /// The checks `report` fails now under `profiles` (a wrong verdict or an error, listed
    /// or not); each entry keeps its reason from `previous`. The entries of `previous` the
    /// run did not judge again are kept as they are: a case with no outcome in `report` (left
    /// out by `--cases`, or not asked of this adapter) or a profile outside `profiles`;
    /// entries naming no case of `all_ids` are dropped. Also returns how many were kept so.
    pub fn from_report(
        report: &AdapterReport,
        profiles: &[Profile],
        previous: Option<&Expectations>,
        all_ids: &BTreeSet<String>,
    ) -> (Expectations, usize) {
        let judged: BTreeSet<&str> = report.outcomes.iter().map(|o| o.case.as_str()).collect();
        let kept: Vec<ExpectedFailure> = previous
            .map(|p| {
                p.failures
                    .iter()
                    .filter(|f| all_ids.contains(&f.case))
                    .filter(|f| !judged.contains(f.case.as_str()) || !profiles.contains(&f.profile))
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        let reasons: BTreeMap<(&str, Profile), &str> = previous
            .map(|p| {
                p.failures
                    .iter()
                    .map(|f| ((f.case.as_str(), f.profile), f.reason.as_str()))
                    .collect()
            })
            .unwrap_or_default();
        let mut failing: BTreeMap<(String, Profile), Vec<usize>> = BTreeMap::new();
        for outcome in &report.outcomes {
            for &profile in profiles {
                if outcome
                    .status
                    .get(&profile)
                    .is_some_and(|s| failing_status(*s))
                {
                    failing
                        .entry((outcome.case.clone(), profile))
                        .or_default()
                        .push(outcome.index);
                }
            }
        }
        let mut profiles = profiles.to_vec();
        profiles.extend(kept.iter().map(|f| f.profile));
        profiles.sort();
        profiles.dedup();
        let kept_count = kept.len();
        let mut failures: Vec<ExpectedFailure> = failing
            .into_iter()
            .map(|((case, profile), checks)| ExpectedFailure {
                reason: reasons
                    .get(&(case.as_str(), profile))
                    .map_or_else(String::new, |r| (*r).to_owned()),
                case,
                profile,
                checks,
            })
            .chain(kept)
            .collect();
        failures.sort_by(|a, b| (&a.case, a.profile).cmp(&(&b.case, b.profile)));
        let file = Expectations {
            adapter: report.info.name.clone(),
            profiles,
            failures,
        };
        (file, kept_count)
    }

    /// Judges `report` against the file: listed checks become `known-fail` or
    /// `unexpected-pass` ([`runner::mark_listed`]), and the verdict names what is new, fixed
    /// or stale. `all_ids` are every case id of the suite (a run may select fewer).
    pub fn apply(&self, report: &mut AdapterReport, all_ids: &BTreeSet<String>) -> Verdict {
        let mut listed: BTreeMap<(&str, Profile), BTreeSet<usize>> = BTreeMap::new();
        for f in &self.failures {
            listed
                .entry((f.case.as_str(), f.profile))
                .or_default()
                .extend(f.checks.iter().copied());
        }
        let mut start = 0;
        while start < report.outcomes.len() {
            let case = report.outcomes[start].case.clone();
            let end = start
                + report.outcomes[start..]
                    .iter()
                    .take_while(|o| o.case == case)
                    .count();
            for &profile in &self.profiles {
                if let Some(checks) = listed.get(&(case.as_str(), profile)) {
                    runner::mark_listed(&mut report.outcomes[start..end], profile, Some(checks));
                }
            }
            start = end;
        }
        let mut asked: BTreeMap<&str, BTreeSet<usize>> = BTreeMap::new();
        for outcome in &report.outcomes {
            asked
                .entry(outcome.case.as_str())
                .or_default()
                .insert(outcome.index);
        }
        let stale_checks = self
            .failures
            .iter()
            .flat_map(|f| {
                let known = asked.get(f.case.as_str());
                f.checks
                    .iter()
                    .filter(move |i| known.is_some_and(|k| !k.contains(i)))
                    .map(move |i| format!("{}#{i} {}", f.case, f.profile))
            })
            .collect();
        let mut verdict = Verdict {
            stale_checks,
            stale: self
                .failures
                .iter()
                .filter(|f| !all_ids.contains(&f.case))
                .map(|f| f.case.clone())
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect(),
            ..Verdict::default()
        };
        for outcome in &report.outcomes {
            for &profile in &self.profiles {
                let Some(status) = outcome.status.get(&profile) else {
                    continue;
                };
                let at = format!("{}#{} {profile}", outcome.case, outcome.index);
                match status {
                    Status::KnownFail => verdict.known += 1,
                    Status::UnexpectedPass => verdict.fixed.push(at),
                    Status::Fail | Status::Error => {
                        let want = outcome.expected.get(&profile).map_or("?", |e| e.name());
                        let got = outcome.reply.answer();
                        let detail = outcome
                            .reply
                            .detail()
                            .map_or_else(String::new, |d| format!(" ({d})"));
                        verdict
                            .new_failures
                            .push(format!("{at}: expected {want}, got {got}{detail}"));
                    }
                    Status::Pass | Status::Unsupported => {}
                }
            }
        }
        verdict
    }
}

/// Whether a status is a check the implementation fails (a wrong verdict or an error).
fn failing_status(status: Status) -> bool {
    matches!(status, Status::Fail | Status::KnownFail | Status::Error)
}

/// The one adapter report an expectations file is about: `flag` needs exactly one adapter,
/// and `file`'s adapter (when it names one) must be it.
pub fn only_report<'a>(
    reports: &'a mut [AdapterReport],
    file: &Expectations,
    flag: &str,
) -> Result<&'a mut AdapterReport> {
    let names: Vec<String> = reports.iter().map(|r| r.info.name.clone()).collect();
    let [report] = reports else {
        bail!(
            "{flag} is about one adapter, and this run has {} ({}); choose one with --adapters \
             or --command",
            names.len(),
            names.join(", ")
        );
    };
    if report.broken() {
        bail!(
            "{flag}: the adapter `{}` could not answer (see above); nothing is judged or written",
            report.info.name
        );
    }
    if !file.adapter.is_empty() && file.adapter != report.info.name {
        bail!(
            "{flag}: the file is about the adapter `{}`, and this run's adapter is `{}`",
            file.adapter,
            report.info.name
        );
    }
    Ok(report)
}
