//! `reptest check`: the reference's verdict on each URL with the explanation of what decided
//! it, as text or as one JSON document ([`Explanation`], fields in the order of their names,
//! as the document shows them).

use std::fmt::Write as _;

use anyhow::{Context, Result};
use reptest_reference::{ParseOptions, Profile, Robots};
use serde::Serialize;

use crate::answer::Answer;

/// Everything `reptest check --json` prints.
#[derive(Debug, Serialize)]
pub struct Explanation {
    /// The crawler asked about.
    pub agent: String,
    /// Lines the parser had something to say about.
    pub diagnostics: Vec<LineDiagnostics>,
    /// The profile.
    #[serde(with = "crate::answer::profile_name")]
    pub profile: Profile,
    /// The sitemaps the file names.
    pub sitemaps: Vec<String>,
    /// Whether the file was cut at the size limit.
    pub truncated: bool,
    /// One verdict per URL, in order.
    pub verdicts: Vec<UrlVerdict>,
}

/// The parser's diagnostics on one line.
#[derive(Debug, Serialize)]
pub struct LineDiagnostics {
    /// The diagnostics' names, each with its data (`misspelling (read as disallow)`),
    /// comma-separated (their `{:#}` form).
    pub diagnostics: String,
    /// The line number.
    pub line: usize,
    /// What each diagnostic means, in their order, `; `-separated.
    pub meaning: String,
}

/// What a diagnostic of the reference's parser means, in a sentence.
pub fn meaning(diagnostic: &reptest_reference::Diagnostic) -> &'static str {
    use reptest_reference::Diagnostic as D;
    match diagnostic {
        D::AcceptedMisspelling { .. } => {
            "a misspelled field name, read as the field it stands for under this profile"
        }
        D::AcceptedMissingColon => "the line has no colon; this profile reads it as `field value`",
        D::MissingColon => "the line has no colon, and is ignored",
        D::UnknownField => "the field name is not known; the line is ignored",
        D::NonStandardField => {
            "a non-standard field (such as `crawl-delay`) that no profile uses for verdicts"
        }
        D::RuleOutsideGroup => "an allow or disallow line before any user-agent line; ignored",
        D::EmptyValue => "an allow or disallow line without a value; ignored",
        D::PathWithoutLeadingSlash { repaired: true } => {
            "the rule's path does not start with `/`; this profile puts one in front"
        }
        D::PathWithoutLeadingSlash { .. } => {
            "the rule's path does not start with `/`, and can match no URL path"
        }
        D::InvalidAgent => "the user-agent value names no crawler under this profile",
        D::CutBySizeLimit => "the file was cut at the size limit here; what follows is ignored",
        D::LineTooLong { .. } => "the line is longer than the profile's limit, and was cut to it",
        D::InvalidUtf8 => "the line is not valid UTF-8",
        _ => "see the reference's documentation of its diagnostics",
    }
}

/// One URL's verdict.
#[derive(Debug, Serialize)]
pub struct UrlVerdict {
    /// The explanation, as `reptest check` prints it.
    pub explanation: String,
    /// The `user-agent` lines of the group that applied.
    pub group: Option<Vec<AgentLine>>,
    /// `rule`, `no-matching-rule`, `no-group` or `robots-txt-exempt`.
    pub reason: &'static str,
    /// The deciding rule.
    pub rule: Option<RuleLine>,
    /// The URL as given.
    pub url: String,
    /// `allow` or `disallow`.
    pub verdict: Answer,
}

/// A `user-agent` line.
#[derive(Debug, Serialize)]
pub struct AgentLine {
    /// The line number.
    pub line: usize,
    /// Its value.
    pub user_agent: String,
}

/// A rule line.
#[derive(Debug, Serialize)]
pub struct RuleLine {
    /// `allow` or `disallow`.
    pub field: &'static str,
    /// Whether the rule was derived from an `/index.html` rule.
    pub from_index_html: bool,
    /// The line number.
    pub line: usize,
    /// The pattern's length in octets.
    pub octets: usize,
    /// The path as written.
    pub path: String,
}

/// [`explain`] for the robots.txt file at `path`.
pub fn explain_file(
    path: &std::path::Path,
    profile: Profile,
    size_limit: usize,
    agent: &str,
    urls: &[String],
) -> Result<Explanation> {
    let body = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    explain(&body, profile, size_limit, agent, urls)
}

/// Parses `body` under `profile` (with `size_limit`) and explains the verdict for `agent` on
/// each of `urls`.
pub fn explain(
    body: &[u8],
    profile: Profile,
    size_limit: usize,
    agent: &str,
    urls: &[String],
) -> Result<Explanation> {
    let robots = Robots::parse(
        body,
        ParseOptions {
            profile,
            size_limit,
        },
    );
    let selection = robots.select(&[agent]);
    let mut verdicts = Vec::new();
    for url in urls {
        let verdict = selection
            .check_url(url)
            .with_context(|| format!("checking {url}"))?;
        verdicts.push(UrlVerdict {
            explanation: verdict.to_string(),
            group: verdict.group.map(|g| {
                g.agents
                    .iter()
                    .map(|a| AgentLine {
                        line: a.line,
                        user_agent: a.value.clone(),
                    })
                    .collect()
            }),
            reason: verdict.reason.name(),
            rule: verdict.rule.map(|r| RuleLine {
                field: if r.allow { "allow" } else { "disallow" },
                from_index_html: r.from_index_html,
                line: r.line,
                octets: r.pattern().len(),
                path: r.path().into_owned(),
            }),
            url: url.clone(),
            verdict: if verdict.allowed {
                Answer::Allow
            } else {
                Answer::Disallow
            },
        });
    }
    Ok(Explanation {
        agent: agent.to_owned(),
        diagnostics: robots
            .records()
            .iter()
            .filter(|r| !r.diagnostics.is_empty())
            .map(|r| LineDiagnostics {
                diagnostics: r
                    .diagnostics
                    .iter()
                    .map(|d| format!("{d:#}"))
                    .collect::<Vec<_>>()
                    .join(", "),
                line: r.line,
                meaning: r
                    .diagnostics
                    .iter()
                    .map(meaning)
                    .collect::<Vec<_>>()
                    .join("; "),
            })
            .collect(),
        profile,
        sitemaps: robots.sitemaps().to_vec(),
        truncated: robots.truncated(),
        verdicts,
    })
}

impl Explanation {
    /// The text form: each URL with its explanation, then the parser's notes.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for v in &self.verdicts {
            let _ = writeln!(out, "{}\n  {}", v.url, v.explanation);
        }
        for d in &self.diagnostics {
            let _ = writeln!(
                out,
                "note: line {}: {}: {}",
                d.line, d.diagnostics, d.meaning
            );
        }
        out
    }
}
