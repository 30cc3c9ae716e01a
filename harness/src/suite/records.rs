//! Records cases (`spec-cases/records.toml`): what an implementation reports besides verdicts —
//! sitemaps, crawl-delay, request-rate, the usage preferences of a URL — asked over the
//! protocol's records request of the adapters that declare `"records": true`.
//!
//! Each check names one field and the value expected under each profile; it is judged on one
//! canonical value ([`RecordValue`]) with the normalisations written down here: a crawl-delay
//! is compared to the millisecond (`0.5` and `0.5000001` are one answer), and the usage
//! preferences of a URL as a set of expressions, each as written (their order carries nothing:
//! `draft-ietf-aipref-attach`, revision -05, section 3.1, has the preferences of rules with
//! identical paths apply separately); sitemaps are compared as a list, in file order.

use std::collections::BTreeMap;
use std::fmt;

use anyhow::{Result, anyhow, bail};
use reptest_reference::Profile;
use serde::Deserialize;

use crate::engines::protocol::WireRecords;

/// A field of the records question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RecordName {
    /// The sitemap URLs of the file.
    Sitemaps,
    /// The crawler's crawl-delay.
    CrawlDelay,
    /// The crawler's request-rate.
    RequestRate,
    /// The usage preferences of one URL.
    ContentUsage,
}

impl RecordName {
    const ALL: [RecordName; 4] = [
        RecordName::Sitemaps,
        RecordName::CrawlDelay,
        RecordName::RequestRate,
        RecordName::ContentUsage,
    ];

    /// The name used in case files.
    pub fn name(self) -> &'static str {
        match self {
            RecordName::Sitemaps => "sitemaps",
            RecordName::CrawlDelay => "crawl-delay",
            RecordName::RequestRate => "request-rate",
            RecordName::ContentUsage => "content-usage",
        }
    }
}

impl fmt::Display for RecordName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One field's value, in the form answers are compared in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordValue {
    /// Sitemap URLs, in order.
    Sitemaps(Vec<String>),
    /// A crawl-delay in milliseconds, or none. Signed: a library may report a negative
    /// delay, which is shown as it is.
    CrawlDelay(Option<i64>),
    /// A request-rate (requests, seconds), or none.
    RequestRate(Option<(u64, u64)>),
    /// Usage preference expressions, sorted.
    ContentUsage(Vec<String>),
}

impl fmt::Display for RecordValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordValue::Sitemaps(list) | RecordValue::ContentUsage(list) => {
                let quoted: Vec<String> = list.iter().map(|s| format!("`{s}`")).collect();
                write!(f, "[{}]", quoted.join(", "))
            }
            RecordValue::CrawlDelay(None) | RecordValue::RequestRate(None) => f.write_str("none"),
            RecordValue::CrawlDelay(Some(ms)) => write!(f, "{}", *ms as f64 / 1000.0),
            RecordValue::RequestRate(Some((r, s))) => write!(f, "{r}/{s}"),
        }
    }
}

/// Seconds as compared: rounded to the millisecond (`None` for a value that is not finite).
fn millis(seconds: f64) -> Option<i64> {
    seconds
        .is_finite()
        .then(|| (seconds * 1000.0).round() as i64)
}

/// One check of a records case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordCheck {
    /// The field asked.
    pub field: RecordName,
    /// For content-usage, the URL (or path) whose preferences are asked.
    pub url: Option<String>,
    /// The expected value under each profile the case applies to.
    pub expect: BTreeMap<Profile, RecordValue>,
}

impl RecordCheck {
    /// What the check asks, for output: `crawl-delay`, `content-usage of /a`.
    pub fn label(&self) -> String {
        match &self.url {
            Some(url) => format!("{} of {url}", self.field),
            None => self.field.name().to_owned(),
        }
    }
}

/// A records check as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawRecordCheck {
    field: String,
    url: Option<String>,
    expect: Option<toml::Value>,
    rfc9309: Option<toml::Value>,
    google: Option<toml::Value>,
    legacy: Option<toml::Value>,
}

/// Reads an expected value of `field`: `"none"` or a number of seconds for crawl-delay,
/// `"none"` or `"N/M"` for request-rate, a list of strings for sitemaps and content-usage.
fn value(field: RecordName, raw: &toml::Value) -> Result<RecordValue> {
    let strings = |raw: &toml::Value| -> Result<Vec<String>> {
        raw.as_array()
            .ok_or_else(|| anyhow!("`{field}` expects a list of strings"))?
            .iter()
            .map(|v| {
                v.as_str()
                    .map(str::to_owned)
                    .ok_or_else(|| anyhow!("`{field}` expects a list of strings"))
            })
            .collect()
    };
    Ok(match field {
        RecordName::Sitemaps => RecordValue::Sitemaps(strings(raw)?),
        RecordName::ContentUsage => {
            let mut list = strings(raw)?;
            list.sort();
            RecordValue::ContentUsage(list)
        }
        RecordName::CrawlDelay => RecordValue::CrawlDelay(match raw {
            toml::Value::String(s) if s == "none" => None,
            toml::Value::Integer(n) if *n >= 0 => Some(n.saturating_mul(1000)),
            toml::Value::Float(x) => {
                Some(millis(*x).ok_or_else(|| anyhow!("crawl-delay `{x}` is not a delay"))?)
            }
            other => bail!("crawl-delay expects `\"none\"` or a number of seconds, not `{other}`"),
        }),
        RecordName::RequestRate => RecordValue::RequestRate(match raw.as_str() {
            Some("none") => None,
            Some(text) => {
                let (r, s) = text
                    .split_once('/')
                    .ok_or_else(|| anyhow!("request-rate expects `\"none\"` or `\"N/M\"`"))?;
                Some((r.trim().parse()?, s.trim().parse()?))
            }
            None => bail!("request-rate expects `\"none\"` or `\"N/M\"`"),
        }),
    })
}

/// Builds the checks of a records case, each with a value for every profile in `profiles`.
pub(crate) fn checks(raw: &[RawRecordCheck], profiles: &[Profile]) -> Result<Vec<RecordCheck>> {
    if raw.is_empty() {
        bail!("`records` is empty");
    }
    raw.iter()
        .map(|c| {
            let field = RecordName::ALL
                .into_iter()
                .find(|f| f.name() == c.field)
                .ok_or_else(|| {
                    let names: Vec<&str> = RecordName::ALL.iter().map(|f| f.name()).collect();
                    anyhow!("field `{}` is not one of {}", c.field, names.join(", "))
                })?;
            match (field, &c.url) {
                (RecordName::ContentUsage, None) => bail!("a content-usage check needs `url`"),
                (RecordName::ContentUsage, Some(_)) | (_, None) => {}
                (_, Some(_)) => bail!("only a content-usage check has a `url`"),
            }
            let mut expect = BTreeMap::new();
            for (profile, raw) in [
                (Profile::Rfc9309, &c.rfc9309),
                (Profile::Google, &c.google),
                (Profile::Legacy, &c.legacy),
            ] {
                let given = raw.as_ref().or(c.expect.as_ref());
                match (profiles.contains(&profile), raw, given) {
                    (false, Some(_), _) => bail!(
                        "`{field}`: an expectation for {profile}, which the case does not apply to"
                    ),
                    (false, _, _) => {}
                    (true, _, None) => bail!("`{field}`: no expectation for {profile}"),
                    (true, _, Some(v)) => {
                        expect.insert(profile, value(field, v).map_err(|e| anyhow!("{e:#}"))?);
                    }
                }
            }
            Ok(RecordCheck {
                field,
                url: c.url.clone(),
                expect,
            })
        })
        .collect()
}

/// The URLs a records case asks content-usage about, absolute (a bare path put on `host`),
/// each once, in order.
pub fn urls(checks: &[RecordCheck], host: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for url in checks.iter().filter_map(|c| c.url.as_ref()) {
        let url = absolute(url, host);
        if !out.contains(&url) {
            out.push(url);
        }
    }
    out
}

fn absolute(url: &str, host: &str) -> String {
    if url.starts_with('/') {
        format!("{host}{url}")
    } else {
        url.to_owned()
    }
}

/// What an answer says for `check`: its value, `None` when the field is unsupported.
/// `urls` are the URLs the request asked ([`urls`], with the same `host`).
pub fn answered(
    answer: &WireRecords,
    check: &RecordCheck,
    urls: &[String],
    host: &str,
) -> Option<RecordValue> {
    Some(match check.field {
        RecordName::Sitemaps => RecordValue::Sitemaps(answer.sitemaps.value()?.clone()),
        // A non-finite delay (JSON has none, but a reader might) is kept apart from none.
        RecordName::CrawlDelay => RecordValue::CrawlDelay(
            answer
                .crawl_delay
                .value()?
                .map(|seconds| millis(seconds).unwrap_or(i64::MIN)),
        ),
        RecordName::RequestRate => RecordValue::RequestRate(
            answer
                .request_rate
                .value()?
                .map(|rate| (rate.requests, rate.seconds)),
        ),
        RecordName::ContentUsage => {
            let url = absolute(check.url.as_deref()?, host);
            let at = urls.iter().position(|u| *u == url)?;
            let mut list = answer.content_usage.value()?.get(at)?.clone();
            list.sort();
            RecordValue::ContentUsage(list)
        }
    })
}

/// How a records check's outcome is labelled (the `url` of its outcome): what was asked and
/// what the implementation reported, `crawl-delay (answered 0.5)`, or `crawl-delay
/// (unsupported)`. [`answered_value`] reads the value back.
pub fn outcome_label(check: &RecordCheck, got: Option<&RecordValue>) -> String {
    match got {
        Some(got) => format!("{} (answered {got})", check.label()),
        None => format!("{} (unsupported)", check.label()),
    }
}

/// The value an [`outcome_label`] shows as answered (`None` for an unsupported field or a
/// label of another form).
pub fn answered_value(label: &str) -> Option<&str> {
    let (_, rest) = label.split_once(" (answered ")?;
    rest.strip_suffix(')')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::protocol::{RecordField, WireRate};

    #[test]
    fn answers_are_compared_on_one_value() {
        let raw: Vec<RawRecordCheck> = toml::from_str::<BTreeMap<String, Vec<RawRecordCheck>>>(
            r#"r = [
                { field = "crawl-delay", expect = 0.5, google = "none" },
                { field = "request-rate", expect = "1/5" },
                { field = "content-usage", url = "/a", expect = ["b=n", "a=y"] },
            ]"#,
        )
        .expect("toml")
        .remove("r")
        .expect("r");
        let checks = checks(&raw, &[Profile::Rfc9309, Profile::Google]).expect("checks");
        let host = "http://example.com";
        let urls = urls(&checks, host);
        assert_eq!(urls, ["http://example.com/a"]);
        let answer = WireRecords {
            crawl_delay: RecordField::Value(Some(0.5000001)),
            request_rate: RecordField::Value(Some(WireRate {
                requests: 1,
                seconds: 5,
            })),
            content_usage: RecordField::Value(vec![vec!["a=y".into(), "b=n".into()]]),
            ..WireRecords::default()
        };
        for check in &checks {
            let got = answered(&answer, check, &urls, host);
            assert_eq!(
                got.as_ref(),
                check.expect.get(&Profile::Rfc9309),
                "{check:?}"
            );
        }
        assert_eq!(
            checks[0].expect[&Profile::Google],
            RecordValue::CrawlDelay(None)
        );
        let got = RecordValue::Sitemaps(vec!["https://a.example/(x)".into()]);
        let label = outcome_label(&checks[0], Some(&got));
        assert_eq!(label, "crawl-delay (answered [`https://a.example/(x)`])");
        assert_eq!(answered_value(&label), Some("[`https://a.example/(x)`]"));
        assert_eq!(answered_value(&outcome_label(&checks[2], None)), None);
        let unsupported = WireRecords::default();
        assert_eq!(answered(&unsupported, &checks[0], &urls, host), None);
        let bad = toml::from_str::<BTreeMap<String, Vec<RawRecordCheck>>>(
            r#"r = [{ field = "sitemaps", url = "/a", expect = [] }]"#,
        )
        .expect("toml");
        assert!(super::checks(&bad["r"], &[Profile::Rfc9309]).is_err());
    }
}
