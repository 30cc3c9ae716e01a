//! `reptest run --json-file`: the machine-readable document of a run, every adapter's
//! answers and the reference's (schema in `harness/README.md`).

use std::collections::BTreeMap;

use reptest_reference::Profile;

use crate::answer::{Answer, Status};
use crate::suite::cases::{Case, Force};
use crate::suite::runner::{
    AdapterReport, ReferenceResult, Reply, Split, Tally, fetch_scored, scored,
};

/// `reptest run --json`: every adapter's answers, and the reference's (schema in
/// `harness/README.md`). Fields are in the order of their names, as the file shows them.
#[derive(Debug, serde::Serialize)]
pub struct RunDocument {
    /// One entry per adapter run.
    pub adapters: Vec<AdapterDocument>,
    /// The reference's results.
    pub reference: Vec<ReferenceResult>,
    /// The format's version.
    pub schema: u32,
}

/// One adapter in [`RunDocument`].
#[derive(Debug, serde::Serialize)]
pub struct AdapterDocument {
    gave_up: Option<String>,
    implementation: String,
    language: String,
    mapping: Vec<String>,
    name: String,
    results: Vec<OutcomeDocument>,
    stale_deviations: Vec<String>,
    starts: u32,
    stderr: Vec<String>,
    #[serde(with = "crate::answer::by_profile")]
    summary: BTreeMap<Profile, Tally>,
    #[serde(with = "crate::answer::by_profile")]
    summary_by_force: BTreeMap<Profile, Split>,
    /// The fetch cases' counts, kept out of `summary` and `summary_by_force` (only adapters
    /// that fetch are asked them).
    #[serde(with = "crate::answer::by_profile")]
    summary_fetch: BTreeMap<Profile, Tally>,
    unavailable: Option<String>,
    version: String,
    /// The library's own fetch timeout, as the fetch cases measured it.
    #[serde(skip_serializing_if = "Option::is_none")]
    own_fetch_timeout: Option<String>,
}

/// One check of one adapter in [`RunDocument`].
#[derive(Debug, serde::Serialize)]
pub struct OutcomeDocument {
    agent: String,
    answer: Answer,
    case: String,
    check: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(with = "crate::answer::by_profile")]
    expected: BTreeMap<Profile, &'static str>,
    #[serde(with = "crate::answer::by_profile")]
    force: BTreeMap<Profile, Force>,
    #[serde(with = "crate::answer::by_profile")]
    status: BTreeMap<Profile, Status>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unsupported_because: Option<&'static str>,
    url: String,
}

impl RunDocument {
    /// The document for these adapter runs and the reference's results.
    pub fn new(reports: &[AdapterReport], cases: &[Case], reference: Vec<ReferenceResult>) -> Self {
        let by_id: BTreeMap<&str, &Case> = cases.iter().map(|c| (c.id.as_str(), c)).collect();
        let scored_ids = scored(cases);
        let fetch_ids = fetch_scored(cases);
        let adapters = reports
            .iter()
            .map(|r| AdapterDocument {
                gave_up: r.gave_up.clone(),
                implementation: r.info.implementation.clone(),
                language: r.info.language.clone(),
                mapping: r.mapping.clone(),
                name: r.info.name.clone(),
                results: r
                    .outcomes
                    .iter()
                    .map(|o| OutcomeDocument {
                        agent: o.agent.clone(),
                        answer: o.reply.answer(),
                        case: o.case.clone(),
                        check: o.index,
                        error: match &o.reply {
                            Reply::Error(e) | Reply::Timeout(e) => Some(e.clone()),
                            _ => None,
                        },
                        expected: o.expected.iter().map(|(p, e)| (*p, e.name())).collect(),
                        force: by_id
                            .get(o.case.as_str())
                            .map(|c| c.forces.clone())
                            .unwrap_or_default(),
                        status: o.status.clone(),
                        unsupported_because: match &o.reply {
                            Reply::NotExpressible(why) => Some(why),
                            _ => None,
                        },
                        url: o.url.clone(),
                    })
                    .collect(),
                stale_deviations: r.stale_deviations.clone(),
                starts: r.starts,
                stderr: r.stderr.clone(),
                summary: Profile::ALL
                    .iter()
                    .map(|p| (*p, r.tally(*p, &scored_ids, None)))
                    .collect(),
                summary_by_force: Profile::ALL
                    .iter()
                    .map(|p| (*p, r.tally_by_force(*p, &scored_ids)))
                    .collect(),
                summary_fetch: Profile::ALL
                    .iter()
                    .map(|p| (*p, r.tally(*p, &fetch_ids, None)))
                    .collect(),
                unavailable: r.unavailable.clone(),
                version: r.info.version.clone(),
                own_fetch_timeout: r.own_timeout.as_ref().map(ToString::to_string),
            })
            .collect();
        RunDocument {
            adapters,
            reference,
            schema: 1,
        }
    }
}
