//! The spec-case format: loading, validation, and running a case against the reference.
//!
//! The format is documented in `spec-cases/README.md`. Loading is strict — an unknown key, a
//! missing expectation, an unknown profile or spec document, a duplicate id, a bad escape —
//! and every error names the file and the case.
//!
//! Every case carries a [`Force`] per profile: whether its verdict rests on a MUST, SHOULD or
//! MAY sentence (for the Google texts: an unconditional statement counts as MUST), or on the
//! profile's reading of a text that is silent or ambiguous. Scores keep the two apart, so a
//! library that breaks a MUST and one that reads a silent point differently are told apart.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use reptest_reference::http::{self, CachedCopy, Fetch, FetchResult, NetworkError};
use reptest_reference::{ParseOptions, Profile, Robots, scope};
use serde::Deserialize;

/// The host that case URLs given as bare paths are placed on.
pub const PATH_HOST: &str = "http://example.com";

/// Documents a `spec` reference may cite, before the `#`.
pub const SPEC_DOCUMENTS: &[&str] = &[
    "rfc9309",
    "google-2019",
    "google-2019-id",
    "google-2019-th",
    "google-2019-fi",
    "google-legacy",
    "google-guide",
    // Google's open-source parser's observed behaviour (through its adapter): cited as
    // `google-parser` or `google-parser#topic`.
    "google-parser",
    "issue",
    // `draft-ietf-aipref-attach`, revision -05 (`../shared/spec/aipref-excerpts.md`): cited as
    // `aipref-attach-05#3.1`.
    "aipref-attach-05",
    // `draft-ietf-aipref-vocab` at the editor's copy the excerpts pin (commit 008bd89), which
    // says it does not yet reflect consensus: cited by its section's anchor
    // (`aipref-vocab-008bd89#combine`).
    "aipref-vocab-008bd89",
];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default, rename = "case")]
    cases: Vec<RawCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCase {
    name: String,
    spec: Vec<String>,
    #[serde(default)]
    tags: Vec<String>,
    profiles: Option<Vec<String>>,
    note: Option<String>,
    force: Option<RawForce>,
    robots: Option<String>,
    #[serde(default)]
    unescape: bool,
    size_limit: Option<usize>,
    fill_to: Option<usize>,
    agent: Option<String>,
    #[serde(default)]
    agent_fallbacks: Vec<String>,
    fetch: Option<RawFetch>,
    robots_url: Option<String>,
    #[serde(default)]
    checks: Vec<RawCheck>,
    expect: Option<String>,
    rfc9309: Option<String>,
    google: Option<String>,
    legacy: Option<String>,
    /// A fetch case: what the loopback server plays (`crate::fetch::play`).
    serve: Option<Vec<crate::fetch::play::RawStep>>,
    #[serde(default)]
    fetched: Vec<String>,
    max_requests: Option<usize>,
    #[serde(default)]
    sends_agent: bool,
    #[serde(default)]
    sent: Vec<String>,
    #[serde(default)]
    waits_retry_after: bool,
    again_after_ms: Option<u64>,
    again_aged_hours: Option<u64>,
    #[serde(default)]
    measures_timeout: bool,
    /// A records case: the fields asked and their expected values.
    records: Option<Vec<crate::suite::records::RawRecordCheck>>,
}

/// `force = "must"`, or one per profile: `force = { default = "must", google = "interpretation" }`.
#[derive(Deserialize)]
#[serde(untagged)]
enum RawForce {
    One(String),
    PerProfile(BTreeMap<String, String>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCheck {
    url: String,
    #[serde(default)]
    again: bool,
    agent: Option<String>,
    expect: Option<String>,
    rfc9309: Option<String>,
    google: Option<String>,
    legacy: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFetch {
    status: Option<u16>,
    network_error: Option<String>,
    #[serde(default)]
    redirects: u32,
    #[serde(default)]
    redirect_loop: bool,
    #[serde(default)]
    days_unreachable: u64,
    cache_age_hours: Option<u64>,
    max_age_hours: Option<u64>,
    #[serde(default)]
    serves_5xx_for_missing: bool,
}

/// An expected answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Expected {
    /// The URL may be crawled.
    Allow,
    /// The URL may not be crawled.
    Disallow,
    /// Fetch outcome: everything may be crawled.
    FullAllow,
    /// Fetch outcome: nothing may be crawled.
    FullDisallow,
    /// Fetch outcome: the rules decide.
    Conditional,
    /// Scope: the robots.txt URL governs the URL.
    Governed,
    /// Scope: it does not.
    NotGoverned,
}

impl Expected {
    const ALL: [Expected; 7] = [
        Expected::Allow,
        Expected::Disallow,
        Expected::FullAllow,
        Expected::FullDisallow,
        Expected::Conditional,
        Expected::Governed,
        Expected::NotGoverned,
    ];

    /// The name used in case files.
    pub fn name(self) -> &'static str {
        match self {
            Expected::Allow => "allow",
            Expected::Disallow => "disallow",
            Expected::FullAllow => "full-allow",
            Expected::FullDisallow => "full-disallow",
            Expected::Conditional => "conditional",
            Expected::Governed => "governed",
            Expected::NotGoverned => "not-governed",
        }
    }
}

impl Expected {
    /// The verdict an implementation must answer to meet this expectation: `None` for the
    /// fetch-outcome and scope expectations, which are not verdicts.
    pub fn answer(self) -> Option<crate::answer::Answer> {
        match self {
            Expected::Allow => Some(crate::answer::Answer::Allow),
            Expected::Disallow => Some(crate::answer::Answer::Disallow),
            _ => None,
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a check's verdict rests on, under one profile.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Force {
    /// A MUST or MUST NOT sentence (Google texts: an unconditional statement).
    Must,
    /// A SHOULD or SHOULD NOT sentence.
    Should,
    /// A MAY sentence: the verdict is one the text permits, the one the profile chose.
    May,
    /// The profile's reading of a text that is silent or ambiguous; the note says which.
    Interpretation,
}

impl Force {
    /// Every force, strongest first.
    pub const ALL: [Force; 4] = [
        Force::Must,
        Force::Should,
        Force::May,
        Force::Interpretation,
    ];

    /// The name used in case files.
    pub fn name(self) -> &'static str {
        match self {
            Force::Must => "must",
            Force::Should => "should",
            Force::May => "may",
            Force::Interpretation => "interpretation",
        }
    }

    /// Whether a failure is a conformance failure (MUST or SHOULD), as opposed to a
    /// disagreement on a permitted choice or a reading.
    pub fn is_conformance(self) -> bool {
        matches!(self, Force::Must | Force::Should)
    }
}

impl fmt::Display for Force {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Force {
    type Err = anyhow::Error;

    fn from_str(s: &str) -> Result<Self> {
        Force::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| anyhow!("force `{s}` is not one of must, should, may, interpretation"))
    }
}

/// Resolves a case's `force` to one force per profile it applies to.
fn forces(raw: Option<&RawForce>, profiles: &[Profile]) -> Result<BTreeMap<Profile, Force>> {
    let raw = raw.ok_or_else(|| {
        anyhow!("missing `force` (must, should, may or interpretation; see spec-cases/README.md)")
    })?;
    let mut out = BTreeMap::new();
    match raw {
        RawForce::One(name) => {
            let force: Force = name.parse()?;
            out.extend(profiles.iter().map(|p| (*p, force)));
        }
        RawForce::PerProfile(map) => {
            let default = map.get("default").map(|n| n.parse::<Force>()).transpose()?;
            for (key, name) in map.iter().filter(|(k, _)| *k != "default") {
                let profile: Profile = key
                    .parse()
                    .map_err(|e| anyhow!("`force`: {e} (keys: default or a profile)"))?;
                if !profiles.contains(&profile) {
                    bail!("a `force` for `{profile}`, which the case does not apply to");
                }
                out.insert(profile, name.parse()?);
            }
            for profile in profiles {
                if !out.contains_key(profile) {
                    let force = default.ok_or_else(|| {
                        anyhow!("`force` has no entry for `{profile}` and no `default`")
                    })?;
                    out.insert(*profile, force);
                }
            }
        }
    }
    Ok(out)
}

/// A default expectation with per-profile overrides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    default: Option<Expected>,
    overrides: BTreeMap<Profile, Expected>,
}

impl Expectation {
    /// What `profile` is expected to answer.
    pub fn for_profile(&self, profile: Profile) -> Option<Expected> {
        self.overrides.get(&profile).copied().or(self.default)
    }
}

/// One URL question of a robots.txt case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlCheck {
    /// Absolute URL (or path) asked about.
    pub url: String,
    /// Asked on a fetch case's second ask (`again_after_ms`), not its first.
    pub again: bool,
    /// The crawler, when it differs from the case's.
    pub agent: Option<String>,
    /// The expected verdicts.
    pub expect: Expectation,
}

/// What a case asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaseKind {
    /// Verdicts of one robots.txt body.
    Robots {
        /// The raw body.
        body: Vec<u8>,
        /// A parse size limit other than the default.
        size_limit: Option<usize>,
        /// The crawler's name.
        agent: String,
        /// Further product tokens the crawler obeys, most specific first.
        agent_fallbacks: Vec<String>,
        /// The questions.
        checks: Vec<UrlCheck>,
    },
    /// The outcome of one described fetch.
    Fetch {
        /// The fetch.
        fetch: Fetch,
        /// The expected outcomes.
        expect: Expectation,
    },
    /// A robots.txt fetched from the loopback server, and verdicts on URLs of its host.
    Served {
        /// What the server plays.
        play: crate::fetch::play::Play,
        /// The crawler's name.
        agent: String,
        /// The questions: paths on the host asked, with the expected verdicts.
        checks: Vec<UrlCheck>,
        /// The expected outcome the checks were derived from, when they were.
        outcome: Option<Expectation>,
        /// Checks on the server's record of requests.
        requests: crate::fetch::play::RequestChecks,
        /// Milliseconds after the first answer when the checks marked `again` are asked of
        /// the same library object (a second ask: caching).
        again_after_ms: Option<u64>,
        /// The second ask made as if this many hours had passed since the first answer,
        /// without waiting: the age is given to the client's cache. Only a client whose clock
        /// can be set is asked it (the reference's); protocol v1 gives an adapter no clock, so
        /// an adapter's checks marked `again` are not asked (`unsupported`).
        again_aged_hours: Option<u64>,
        /// The case on which an adapter's answer is awaited long enough to measure the
        /// library's own fetch timeout (`crate::suite::runner::OWN_TIMEOUT_WAIT`).
        measures_timeout: bool,
    },
    /// What one robots.txt body says besides verdicts, for one crawler (sitemaps,
    /// crawl-delay, request-rate, usage preferences).
    Records {
        /// The raw body.
        body: Vec<u8>,
        /// The crawler's name.
        agent: String,
        /// The fields asked, with their expected values.
        checks: Vec<crate::suite::records::RecordCheck>,
    },
    /// Which URLs a robots.txt URL governs.
    Scope {
        /// The robots.txt URL.
        robots_url: String,
        /// Target URLs with `governed` / `not-governed`.
        checks: Vec<UrlCheck>,
    },
}

/// One loaded case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// `{file-stem}/{name}`.
    pub id: String,
    /// The file it came from.
    pub file: PathBuf,
    /// Spec references.
    pub spec: Vec<String>,
    /// Tags.
    pub tags: Vec<String>,
    /// Profiles the case applies to.
    pub profiles: Vec<Profile>,
    /// Free-text note.
    pub note: Option<String>,
    /// What the verdicts rest on, for each profile the case applies to.
    pub forces: BTreeMap<Profile, Force>,
    /// The question.
    pub kind: CaseKind,
}

impl Case {
    /// What the case's verdicts rest on under `profile` (`None` if it does not apply).
    pub fn force(&self, profile: Profile) -> Option<Force> {
        self.forces.get(&profile).copied()
    }

    /// How many checks the case holds (URLs asked, or one for a fetch case).
    pub fn check_count(&self) -> usize {
        match &self.kind {
            CaseKind::Robots { checks, .. } | CaseKind::Scope { checks, .. } => checks.len(),
            CaseKind::Fetch { .. } => 1,
            CaseKind::Records { checks, .. } => checks.len(),
            CaseKind::Served {
                checks, requests, ..
            } => checks.len() + requests.count(),
        }
    }
}

/// One check of a robots.txt case, ready to ask: the crawler and the URL resolved.
#[derive(Clone, Debug)]
pub struct RobotsCheck<'c> {
    /// The case it belongs to.
    pub case: &'c Case,
    /// Its position among the case's checks (the `#n` of its id in results).
    pub index: usize,
    /// The case's raw body.
    pub body: &'c [u8],
    /// The crawler asked about: the check's own, else the case's.
    pub agent: &'c str,
    /// The URL asked about, absolute: a bare path is put on the runner's host
    /// ([`PATH_HOST`]).
    pub url: String,
}

/// Every check of every robots.txt case, in order; other kinds of case are passed over.
/// The one walk the comparison and the root-cause measures share.
pub fn robots_checks(cases: &[Case]) -> impl Iterator<Item = RobotsCheck<'_>> {
    cases.iter().flat_map(|case| {
        let (body, agent, checks): (&[u8], &str, &[UrlCheck]) = match &case.kind {
            CaseKind::Robots {
                body,
                agent,
                checks,
                ..
            } => (body, agent, checks),
            _ => (&[], "", &[]),
        };
        checks
            .iter()
            .enumerate()
            .map(move |(index, check)| RobotsCheck {
                case,
                index,
                body,
                agent: check.agent.as_deref().unwrap_or(agent),
                url: if check.url.starts_with('/') {
                    format!("{}{}", PATH_HOST, check.url)
                } else {
                    check.url.clone()
                },
            })
    })
}

fn parse_expected(text: &str, allowed: &[Expected]) -> Result<Expected> {
    let found = Expected::ALL.into_iter().find(|e| e.name() == text);
    match found {
        Some(e) if allowed.contains(&e) => Ok(e),
        _ => {
            let names: Vec<&str> = allowed.iter().map(|e| e.name()).collect();
            bail!("expectation `{text}` is not one of {}", names.join(", "))
        }
    }
}

fn expectation(
    expect: Option<&str>,
    overrides: [(Profile, Option<&str>); 3],
    profiles: &[Profile],
    allowed: &[Expected],
) -> Result<Expectation> {
    let default = expect.map(|e| parse_expected(e, allowed)).transpose()?;
    let mut map = BTreeMap::new();
    for (profile, value) in overrides {
        if let Some(value) = value {
            if !profiles.contains(&profile) {
                bail!("an expectation for `{profile}`, which the case does not apply to");
            }
            map.insert(profile, parse_expected(value, allowed)?);
        }
    }
    let result = Expectation {
        default,
        overrides: map,
    };
    if let Some(missing) = profiles.iter().find(|p| result.for_profile(**p).is_none()) {
        bail!("missing expectation (`expect`, or `{missing}`)");
    }
    Ok(result)
}

fn network_error(name: &str) -> Result<NetworkError> {
    Ok(match name {
        "dns" => NetworkError::Dns,
        "timeout" => NetworkError::Timeout,
        "reset" => NetworkError::Reset,
        "truncated" => NetworkError::Truncated,
        "invalid-response" => NetworkError::InvalidResponse,
        other => bail!(
            "unknown network_error `{other}` (known: dns, timeout, reset, truncated, invalid-response)"
        ),
    })
}

fn fetch(raw: RawFetch) -> Result<Fetch> {
    let result = match (raw.status, raw.network_error) {
        (Some(status), None) => FetchResult::Status(status),
        (None, Some(name)) => FetchResult::Network(network_error(&name)?),
        _ => bail!("a fetch needs exactly one of `status` and `network_error`"),
    };
    if raw.max_age_hours.is_some() && raw.cache_age_hours.is_none() {
        bail!("`max_age_hours` needs `cache_age_hours` (the cached copy it belongs to)");
    }
    Ok(Fetch {
        result,
        redirects: raw.redirects,
        redirect_loop: raw.redirect_loop,
        days_unreachable: raw.days_unreachable,
        cached: raw.cache_age_hours.map(|age_hours| CachedCopy {
            age_hours,
            max_age_hours: raw.max_age_hours,
        }),
        serves_5xx_for_missing: raw.serves_5xx_for_missing,
    })
}

fn check_spec_refs(spec: &[String]) -> Result<()> {
    if spec.is_empty() {
        bail!("`spec` is empty: every case cites where it comes from");
    }
    for reference in spec {
        if reference == "google-parser" {
            continue;
        }
        let (document, section) = reference
            .split_once('#')
            .ok_or_else(|| anyhow!("spec reference `{reference}` is not `document#section`"))?;
        if !SPEC_DOCUMENTS.contains(&document) || section.is_empty() {
            bail!(
                "spec reference `{reference}`: document must be one of {}, with a section",
                SPEC_DOCUMENTS.join(", ")
            );
        }
    }
    Ok(())
}

/// The per-profile expectation keys of a case or check, paired with their profiles.
fn overrides<'a>(
    rfc9309: &'a Option<String>,
    google: &'a Option<String>,
    legacy: &'a Option<String>,
) -> [(Profile, Option<&'a str>); 3] {
    [
        (Profile::Rfc9309, rfc9309.as_deref()),
        (Profile::Google, google.as_deref()),
        (Profile::Legacy, legacy.as_deref()),
    ]
}

fn check_tags(tags: &[String]) -> Result<()> {
    for tag in tags {
        if crate::suite::tags::find(tag).is_none() {
            bail!("unknown tag `{tag}` (the known tags are in harness/src/suite/tags.rs)");
        }
    }
    Ok(())
}

/// The checks of a fetch case whose `expect` is an outcome: `/public` is allowed unless
/// nothing may be crawled, `/private` (disallowed by the body served) is disallowed unless
/// everything may be.
fn outcome_checks(outcome: &Expectation, profiles: &[Profile]) -> Vec<UrlCheck> {
    let derive = |public: bool| {
        let mut overrides = BTreeMap::new();
        for profile in profiles {
            if let Some(want) = outcome.for_profile(*profile) {
                let verdict = match (want, public) {
                    (Expected::FullAllow, _) | (Expected::Conditional, true) => Expected::Allow,
                    _ => Expected::Disallow,
                };
                overrides.insert(*profile, verdict);
            }
        }
        Expectation {
            default: None,
            overrides,
        }
    };
    vec![
        UrlCheck {
            url: "/public".to_owned(),
            again: false,
            agent: None,
            expect: derive(true),
        },
        UrlCheck {
            url: "/private".to_owned(),
            again: false,
            agent: None,
            expect: derive(false),
        },
    ]
}

fn build_case(mut raw: RawCase, stem: &str, file: &Path) -> Result<Case> {
    let serve = raw.serve.take();
    let fetched = std::mem::take(&mut raw.fetched);
    let max_requests = raw.max_requests.take();
    let sent = std::mem::take(&mut raw.sent);
    let again_after_ms = raw.again_after_ms.take();
    let again_aged_hours = raw.again_aged_hours.take();
    if serve.is_none()
        && (!fetched.is_empty()
            || max_requests.is_some()
            || raw.sends_agent
            || !sent.is_empty()
            || raw.waits_retry_after
            || again_after_ms.is_some()
            || again_aged_hours.is_some()
            || raw.measures_timeout)
    {
        bail!(
            "`fetched`, `max_requests`, `sends_agent`, `sent`, `waits_retry_after`, \
             `again_after_ms`, `again_aged_hours` and `measures_timeout` only belong in a \
             fetch case (`serve`)"
        );
    }
    if again_after_ms.is_some() && again_aged_hours.is_some() {
        bail!("a second ask is after `again_after_ms` or `again_aged_hours`, not both");
    }
    if raw.checks.iter().any(|c| c.again) && again_after_ms.is_none() && again_aged_hours.is_none()
    {
        bail!("a check marked `again` needs the case's `again_after_ms` or `again_aged_hours`");
    }
    if again_aged_hours == Some(0) {
        bail!("`again_aged_hours` is 0: a second ask at once is `again_after_ms`");
    }
    if let Some(ms) = again_after_ms
        && !(1..=5000).contains(&ms)
    {
        bail!("`again_after_ms` {ms} is not between 1 and 5000");
    }
    check_spec_refs(&raw.spec)?;
    check_tags(&raw.tags)?;
    let profiles = match &raw.profiles {
        None => Profile::ALL.to_vec(),
        Some(names) if names.is_empty() => bail!("`profiles` is empty"),
        Some(names) => names
            .iter()
            .map(|n| n.parse::<Profile>().map_err(anyhow::Error::from))
            .collect::<Result<Vec<_>>>()?,
    };
    let forces = forces(raw.force.as_ref(), &profiles)?;
    let checks = |allowed: &[Expected]| -> Result<Vec<UrlCheck>> {
        if raw.checks.is_empty() {
            bail!("no `checks`");
        }
        raw.checks
            .iter()
            .map(|c| {
                let o = overrides(&c.rfc9309, &c.google, &c.legacy);
                Ok(UrlCheck {
                    url: c.url.clone(),
                    again: c.again,
                    agent: c.agent.clone(),
                    expect: expectation(c.expect.as_deref(), o, &profiles, allowed)
                        .with_context(|| format!("check of `{}`", c.url))?,
                })
            })
            .collect()
    };
    let case_level = raw.expect.is_some()
        || raw.rfc9309.is_some()
        || raw.google.is_some()
        || raw.legacy.is_some();
    let kind = match (&raw.robots, raw.fetch, &raw.robots_url) {
        (None, None, None) if serve.is_some() => {
            let play =
                crate::fetch::play::build(serve.unwrap_or_default()).context("in `serve`")?;
            let requests = crate::fetch::play::request_checks(
                &fetched,
                max_requests,
                raw.sends_agent,
                &sent,
                raw.waits_retry_after,
            )?;
            let (checks, outcome) = if case_level {
                if !raw.checks.is_empty() {
                    bail!("a fetch case has an outcome (`expect`) or `checks`, not both");
                }
                let o = overrides(&raw.rfc9309, &raw.google, &raw.legacy);
                let outcome = expectation(
                    raw.expect.as_deref(),
                    o,
                    &profiles,
                    &[
                        Expected::FullAllow,
                        Expected::FullDisallow,
                        Expected::Conditional,
                    ],
                )?;
                (outcome_checks(&outcome, &profiles), Some(outcome))
            } else {
                (checks(&[Expected::Allow, Expected::Disallow])?, None)
            };
            if let Some(c) = checks.iter().find(|c| !c.url.starts_with('/')) {
                bail!(
                    "a fetch case's check is a path on the host asked, not `{}`",
                    c.url
                );
            }
            CaseKind::Served {
                play,
                agent: raw
                    .agent
                    .clone()
                    .unwrap_or_else(|| crate::fetch::DEFAULT_AGENT.to_owned()),
                checks,
                outcome,
                requests,
                again_after_ms,
                again_aged_hours,
                measures_timeout: raw.measures_timeout,
            }
        }
        (Some(robots), None, None) if raw.records.is_some() => {
            if case_level || !raw.checks.is_empty() {
                bail!("a records case puts its expectations in `records`, not `checks`");
            }
            let agent = raw
                .agent
                .clone()
                .ok_or_else(|| anyhow!("a records case needs `agent`"))?;
            let body = if raw.unescape {
                crate::text::unescape(robots).context("in `robots`")?
            } else {
                robots.clone().into_bytes()
            };
            if raw.size_limit.is_some() || raw.fill_to.is_some() || !raw.agent_fallbacks.is_empty()
            {
                bail!("a records case takes no `size_limit`, `fill_to` or `agent_fallbacks`");
            }
            CaseKind::Records {
                body,
                agent,
                checks: crate::suite::records::checks(
                    raw.records.as_deref().unwrap_or_default(),
                    &profiles,
                )
                .context("in `records`")?,
            }
        }
        (_, _, _) if raw.records.is_some() => {
            bail!("`records` only belongs in a case with `robots`")
        }
        (Some(robots), None, None) => {
            if case_level {
                bail!("a robots.txt case puts its expectations in `checks`");
            }
            let agent = raw
                .agent
                .clone()
                .ok_or_else(|| anyhow!("a robots.txt case needs `agent`"))?;
            let mut body = if raw.unescape {
                crate::text::unescape(robots).context("in `robots`")?
            } else {
                robots.clone().into_bytes()
            };
            if let Some(offset) = raw.fill_to {
                body = crate::text::fill(&body, offset)?;
            }
            CaseKind::Robots {
                body,
                size_limit: raw.size_limit,
                agent,
                agent_fallbacks: raw.agent_fallbacks.clone(),
                checks: checks(&[Expected::Allow, Expected::Disallow])?,
            }
        }
        (None, Some(f), None) => {
            if !raw.checks.is_empty() {
                bail!("a fetch case has one expectation (`expect`), not `checks`");
            }
            let o = overrides(&raw.rfc9309, &raw.google, &raw.legacy);
            CaseKind::Fetch {
                fetch: fetch(f).context("in `fetch`")?,
                expect: expectation(
                    raw.expect.as_deref(),
                    o,
                    &profiles,
                    &[
                        Expected::FullAllow,
                        Expected::FullDisallow,
                        Expected::Conditional,
                    ],
                )?,
            }
        }
        (None, None, Some(robots_url)) => {
            if case_level {
                bail!("a scope case puts its expectations in `checks`");
            }
            CaseKind::Scope {
                robots_url: robots_url.clone(),
                checks: checks(&[Expected::Governed, Expected::NotGoverned])?,
            }
        }
        _ => bail!("a case has exactly one of `robots`, `fetch`, `serve` and `robots_url`"),
    };
    let robots_only = [
        ("unescape", raw.unescape),
        ("size_limit", raw.size_limit.is_some()),
        ("fill_to", raw.fill_to.is_some()),
        ("agent_fallbacks", !raw.agent_fallbacks.is_empty()),
        ("agent", raw.agent.is_some()),
    ];
    let served = matches!(kind, CaseKind::Served { .. } | CaseKind::Records { .. });
    if !matches!(kind, CaseKind::Robots { .. } | CaseKind::Records { .. })
        && let Some((key, _)) = robots_only
            .iter()
            .find(|(key, set)| *set && !(served && *key == "agent"))
    {
        bail!("`{key}` only belongs in a robots.txt case");
    }
    Ok(Case {
        id: format!("{stem}/{}", raw.name),
        file: file.to_owned(),
        spec: raw.spec,
        tags: raw.tags,
        profiles,
        note: raw.note,
        forces,
        kind,
    })
}

/// Loads one case file from its text.
pub fn load_str(text: &str, file: &Path) -> Result<Vec<Case>> {
    let stem = file
        .file_stem()
        .and_then(|s| s.to_str())
        .ok_or_else(|| anyhow!("{}: file name is not UTF-8", file.display()))?;
    if !text.starts_with('#') {
        bail!(
            "{}: a case file opens with a comment saying what it covers",
            file.display()
        );
    }
    let raw: RawFile = toml::from_str(text).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    if raw.cases.is_empty() {
        bail!("{}: no `[[case]]`", file.display());
    }
    let mut names = BTreeSet::new();
    let mut cases = Vec::with_capacity(raw.cases.len());
    for raw_case in raw.cases {
        let name = raw_case.name.clone();
        if !names.insert(name.clone()) {
            bail!(
                "{}: case `{name}`: duplicate id `{stem}/{name}`",
                file.display()
            );
        }
        let case = build_case(raw_case, stem, file)
            .map_err(|e| anyhow!("{}: case `{name}`: {e:#}", file.display()))?;
        cases.push(case);
    }
    Ok(cases)
}

/// Loads one case file.
pub fn load_file(file: &Path) -> Result<Vec<Case>> {
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("{}: cannot read", file.display()))?;
    load_str(&text, file)
}

/// Loads every `*.toml` file of a directory (sorted by name). Every file is tried; the errors
/// of all files that failed are reported together.
pub fn load_dir(dir: &Path) -> Result<Vec<Case>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("{}: cannot list case files", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    if files.is_empty() {
        bail!("{}: no case files (*.toml)", dir.display());
    }
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    for file in &files {
        match load_file(file) {
            Ok(mut c) => cases.append(&mut c),
            Err(e) => errors.push(format!("{e:#}")),
        }
    }
    if !errors.is_empty() {
        bail!(
            "{} case file(s) failed to load:\n{}",
            errors.len(),
            errors.join("\n")
        );
    }
    Ok(cases)
}

/// The answer the reference gave to one check under one profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckResult {
    /// Index of the check in the case (0 for a fetch case).
    pub index: usize,
    /// The URL asked about (empty for a fetch case).
    pub url: String,
    /// The crawler asked about (robots cases).
    pub agent: Option<String>,
    /// What was expected.
    pub expected: Expected,
    /// What the reference answered.
    pub actual: Result<Expected, String>,
    /// The reference's explanation.
    pub explanation: String,
}

impl CheckResult {
    /// Whether the answer is the expected one.
    pub fn passed(&self) -> bool {
        self.actual.as_ref().is_ok_and(|a| *a == self.expected)
    }
}

/// Runs a case through the reference under one profile. A profile the case does not apply
/// to yields no results.
pub fn run_reference(case: &Case, profile: Profile) -> Vec<CheckResult> {
    if !case.profiles.contains(&profile) {
        return Vec::new();
    }
    match &case.kind {
        CaseKind::Robots {
            body,
            size_limit,
            agent,
            agent_fallbacks,
            checks,
        } => {
            let mut options = ParseOptions::new(profile);
            if let Some(limit) = size_limit {
                options.size_limit = *limit;
            }
            let robots = Robots::parse(body, options);
            let results = checks.iter().enumerate().filter_map(|(index, check)| {
                let expected = check.expect.for_profile(profile)?;
                let agent = check.agent.as_ref().unwrap_or(agent);
                let agents: Vec<&str> = std::iter::once(agent.as_str())
                    .chain(agent_fallbacks.iter().map(String::as_str))
                    .collect();
                let selection = robots.select(&agents);
                let (actual, explanation) = match selection.check_url(&check.url) {
                    Ok(v) => (
                        Ok(if v.allowed {
                            Expected::Allow
                        } else {
                            Expected::Disallow
                        }),
                        v.to_string(),
                    ),
                    Err(e) => (Err(e.to_string()), String::new()),
                };
                Some(CheckResult {
                    index,
                    url: check.url.clone(),
                    agent: Some(agent.clone()),
                    expected,
                    actual,
                    explanation,
                })
            });
            results.collect()
        }
        CaseKind::Fetch { fetch, expect } => {
            let Some(expected) = expect.for_profile(profile) else {
                return Vec::new();
            };
            let decision = http::outcome(profile, fetch);
            let actual = match decision.outcome {
                http::Outcome::FullAllow => Expected::FullAllow,
                http::Outcome::FullDisallow => Expected::FullDisallow,
                http::Outcome::Conditional { .. } => Expected::Conditional,
            };
            vec![CheckResult {
                index: 0,
                url: String::new(),
                agent: None,
                expected,
                actual: Ok(actual),
                explanation: decision.to_string(),
            }]
        }
        CaseKind::Served { .. } => {
            run_served_reference(case, profile, crate::fetch::DEFAULT_TIMEOUT)
        }
        CaseKind::Records {
            body,
            agent,
            checks,
        } => {
            let urls = crate::suite::records::urls(checks, PATH_HOST);
            let answer = crate::engines::protocol::reference_records(profile)(body, agent, &urls);
            checks
                .iter()
                .enumerate()
                .filter_map(|(index, check)| {
                    let want = check.expect.get(&profile)?;
                    let (actual, explanation) = match &answer {
                        Ok(answer) => {
                            match crate::suite::records::answered(answer, check, &urls, PATH_HOST) {
                                Some(got) => (
                                    Ok(if got == *want {
                                        Expected::Allow
                                    } else {
                                        Expected::Disallow
                                    }),
                                    format!("answered {got}, expected {want}"),
                                ),
                                None => (Err("unsupported".to_owned()), String::new()),
                            }
                        }
                        Err(e) => (Err(e.clone()), String::new()),
                    };
                    Some(CheckResult {
                        index,
                        url: check.label(),
                        agent: Some(agent.clone()),
                        expected: Expected::Allow,
                        actual,
                        explanation,
                    })
                })
                .collect()
        }
        CaseKind::Scope { robots_url, checks } => checks
            .iter()
            .enumerate()
            .filter_map(|(index, check)| {
                let expected = check.expect.for_profile(profile)?;
                let actual = scope::governs(robots_url, &check.url)
                    .map(|g| {
                        if g {
                            Expected::Governed
                        } else {
                            Expected::NotGoverned
                        }
                    })
                    .map_err(|e| e.to_string());
                let explanation = match scope::robots_txt_url(&check.url) {
                    Ok(u) => format!("`{}` is governed by {u}", check.url),
                    Err(e) => e.to_string(),
                };
                Some(CheckResult {
                    index,
                    url: check.url.clone(),
                    agent: None,
                    expected,
                    actual,
                    explanation,
                })
            })
            .collect(),
    }
}

/// The server's record without the requests for the checked pages themselves (on host `a`):
/// some clients fetch robots.txt only on the way to a page (`LWP::RobotUA`), and request
/// checks are about robots.txt fetches.
pub fn robots_requests(
    case: &Case,
    log: Vec<crate::fetch::server::Logged>,
) -> Vec<crate::fetch::server::Logged> {
    let CaseKind::Served { checks, play, .. } = &case.kind else {
        return log;
    };
    let asked = play.asked_host();
    log.into_iter()
        .filter(|l| !(l.host == asked && checks.iter().any(|c| c.url == l.path)))
        .collect()
}

/// The URLs a case's checks ask about, on the asked host of `server`, in the order of the
/// checks (those of the first ask and of the second, `again`, mixed as written).
pub fn check_urls(case: &Case, server: &crate::fetch::server::Server) -> Vec<String> {
    let CaseKind::Served { checks, .. } = &case.kind else {
        return Vec::new();
    };
    checks
        .iter()
        .map(|c| format!("{}{}", server.origin(server.asked_host()), c.url))
        .collect()
}

/// The check indexes of a fetch case's first ask and of its second (`again`).
pub fn ask_split(checks: &[UrlCheck]) -> (Vec<usize>, Vec<usize>) {
    (0..checks.len()).partition(|i| !checks[*i].again)
}

fn expected(verdict: crate::engines::protocol::WireVerdict) -> Result<Expected, String> {
    match verdict {
        crate::engines::protocol::WireVerdict::Allow => Ok(Expected::Allow),
        crate::engines::protocol::WireVerdict::Disallow => Ok(Expected::Disallow),
        crate::engines::protocol::WireVerdict::Unsupported => Err("unsupported".into()),
    }
}

/// Runs a fetch case through the reference under `profile`: the server plays it, the
/// reference's client fetches, and each check and request check is judged.
pub fn run_served_reference(
    case: &Case,
    profile: Profile,
    timeout: std::time::Duration,
) -> Vec<CheckResult> {
    run_served_reference_profiles(case, &[profile], timeout)
        .pop()
        .unwrap_or_default()
}

/// [`run_served_reference`] under each of `profiles` the case applies to (in their order),
/// from one fetch: what the client does does not depend on the profile, only what the
/// exchange means.
pub fn run_served_reference_profiles(
    case: &Case,
    profiles: &[Profile],
    timeout: std::time::Duration,
) -> Vec<Vec<CheckResult>> {
    let CaseKind::Served {
        play,
        agent,
        checks,
        requests,
        again_after_ms,
        again_aged_hours,
        ..
    } = &case.kind
    else {
        return Vec::new();
    };
    let profiles: Vec<Profile> = profiles
        .iter()
        .copied()
        .filter(|p| case.profiles.contains(p))
        .collect();
    let server = match crate::fetch::server::Server::start(play) {
        Ok(s) => s,
        Err(e) => {
            return profiles
                .iter()
                .map(|&profile| {
                    checks
                        .iter()
                        .enumerate()
                        .filter_map(|(index, check)| {
                            Some(CheckResult {
                                index,
                                url: check.url.clone(),
                                agent: Some(agent.clone()),
                                expected: check.expect.for_profile(profile)?,
                                actual: Err(format!("the loopback server did not start: {e:#}")),
                                explanation: String::new(),
                            })
                        })
                        .collect()
                })
                .collect();
        }
    };
    let urls = check_urls(case, &server);
    let client =
        crate::engines::fetcher::Client::new(timeout, &format!("{agent}/1.0 (reptest reference)"));
    let exchange = client.fetch(&server.robots_url());
    let again = match (again_after_ms, again_aged_hours) {
        (Some(ms), _) => {
            std::thread::sleep(std::time::Duration::from_millis(*ms));
            Some(client.fetch_again(&exchange))
        }
        // The reference's clock can be set: its copy is aged, not waited for.
        (None, Some(hours)) => {
            Some(client.fetch_again_aged(&exchange, std::time::Duration::from_secs(hours * 3600)))
        }
        (None, None) => None,
    };
    let log = robots_requests(case, server.requests());
    drop(server);
    let requested = crate::fetch::judge_requests(requests, agent, &log);
    profiles
        .iter()
        .map(|&profile| {
            let exchanges = [&exchange, again.as_ref().unwrap_or(&exchange)];
            judged(checks, &urls, agent, exchanges, &requested, profile)
        })
        .collect()
}

/// One profile's results of a fetch case: its checks by the exchange (those marked `again` by
/// the second ask's), then its request checks.
fn judged(
    checks: &[UrlCheck],
    urls: &[String],
    agent: &str,
    exchanges: [&crate::engines::fetcher::Exchange; 2],
    requested: &[crate::fetch::RequestVerdict],
    profile: Profile,
) -> Vec<CheckResult> {
    let verdicts = exchanges.map(|e| e.verdicts(profile, agent, urls));
    let mut out = Vec::new();
    for (index, (check, url)) in checks.iter().zip(urls).enumerate() {
        let Some(want) = check.expect.for_profile(profile) else {
            continue;
        };
        let exchange = exchanges[usize::from(check.again)];
        let decision = exchange.decision(profile);
        let actual = match &verdicts[usize::from(check.again)] {
            Ok(v) => v
                .get(index)
                .copied()
                .ok_or_else(|| "no verdict".to_owned())
                .and_then(expected),
            Err(e) => Err(e.clone()),
        };
        out.push(CheckResult {
            index,
            url: url.clone(),
            agent: Some(agent.to_owned()),
            expected: want,
            actual,
            explanation: format!("{decision}\n{}", exchange.describe().trim_end()),
        });
    }
    for (i, verdict) in requested.iter().enumerate() {
        out.push(CheckResult {
            index: checks.len() + i,
            url: verdict.label.clone(),
            agent: None,
            expected: Expected::Allow,
            actual: Ok(if verdict.met {
                Expected::Allow
            } else {
                Expected::Disallow
            }),
            explanation: format!("the server saw {}", verdict.detail),
        });
    }
    out
}

/// A failure report for one case: id first, then the input, then each failing check.
pub fn failure_report(case: &Case, profile: Profile, failures: &[&CheckResult]) -> String {
    let mut out = format!("{} [{profile}]\n", case.id);
    match &case.kind {
        CaseKind::Robots { body, .. } | CaseKind::Records { body, .. } => {
            out.push_str(&crate::text::fenced(body));
            out.push('\n');
        }
        CaseKind::Fetch { fetch, .. } => out.push_str(&format!("fetch: {fetch:?}\n")),
        CaseKind::Scope { robots_url, .. } => {
            out.push_str(&format!("robots.txt URL: {robots_url}\n"))
        }
        CaseKind::Served { play, .. } => out.push_str(&format!("served: {}\n", play.summary())),
    }
    for f in failures {
        let actual = match &f.actual {
            Ok(a) => a.to_string(),
            Err(e) => format!("error: {e}"),
        };
        if let Some(agent) = &f.agent {
            out.push_str(&format!("  agent: {agent}\n"));
        }
        if !f.url.is_empty() {
            out.push_str(&format!("  url: {}\n", f.url));
        }
        out.push_str(&format!(
            "  expected {}, got {actual}\n  because {}\n",
            f.expected, f.explanation
        ));
    }
    if !case.spec.is_empty() {
        out.push_str(&format!("  spec: {}\n", case.spec.join(", ")));
    }
    if let Some(force) = case.force(profile) {
        out.push_str(&format!("  force: {force}\n"));
    }
    out
}

/// Loads `dir` and keeps the cases whose id matches `glob` (all when `None`); also returns
/// every id of the directory (to check deviation lists against). A glob that selects nothing
/// is an error.
pub fn load_selected(dir: &Path, glob: Option<&str>) -> Result<(Vec<Case>, BTreeSet<String>)> {
    let mut cases = load_dir(dir)?;
    let ids = cases.iter().map(|c| c.id.clone()).collect();
    if let Some(glob) = glob {
        cases.retain(|c| glob_matches(glob, &c.id));
        if cases.is_empty() {
            bail!("--cases `{glob}` selects no case");
        }
    }
    Ok((cases, ids))
}

/// `*`-only glob over a case id.
pub fn glob_matches(glob: &str, text: &str) -> bool {
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
