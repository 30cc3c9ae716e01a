//! Protocol v1: newline-delimited JSON between the harness and an adapter (see
//! `harness/PROTOCOL.md`): the messages, answering one request line, serving a check function
//! ([`crate::engines::serve`] serves the reference and the peer crates with it).

use std::io::{BufRead, Write};

use anyhow::Result;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use reptest_reference::{ParseOptions, Profile, Robots};
use serde::{Deserialize, Serialize};

use crate::answer::Answer;

/// The protocol version this harness speaks.
pub const VERSION: u32 = 1;

/// The first line an adapter prints.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hello {
    /// Always 1.
    pub protocol: u32,
    /// Short adapter name.
    pub name: String,
    /// The implementation's own name.
    pub implementation: String,
    /// Its version.
    pub version: String,
    /// Its language.
    pub language: String,
    /// Anything else the adapter wants to say.
    #[serde(flatten)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

/// One question: a robots.txt body, a crawler, and URLs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// Echoed in the response.
    pub id: u64,
    /// The raw body, standard base64.
    pub robots_b64: String,
    /// The crawler's name.
    pub agent: String,
    /// Absolute URLs.
    pub urls: Vec<String>,
}

impl Request {
    /// A request for a raw body.
    pub fn new(id: u64, robots: &[u8], agent: &str, urls: Vec<String>) -> Request {
        Request {
            id,
            robots_b64: STANDARD.encode(robots),
            agent: agent.to_owned(),
            urls,
        }
    }
}

/// A fetch question (`PROTOCOL.md`, "Fetch"): the implementation fetches `robots_url` with
/// its own HTTP client and decides the URLs, sent only to adapters whose hello says
/// `"fetch": true`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FetchRequest {
    /// Echoed in the response.
    pub id: u64,
    /// The robots.txt URL to fetch.
    pub robots_url: String,
    /// The crawler's name.
    pub agent: String,
    /// Absolute URLs on the robots.txt URL's host.
    pub urls: Vec<String>,
    /// How long the fetch may take, in milliseconds; past it, the fetch has timed out.
    pub timeout_ms: u64,
    /// A second ask of the same library object, sent only to adapters whose hello says
    /// `"fetch_again": true`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub again: Option<AgainRequest>,
}

/// The second ask of a fetch request (caching): `after_ms` after the first answer, the same
/// library object is asked about `urls`, as its documented caller would ask it again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AgainRequest {
    /// How long after the first answer the second ask comes.
    pub after_ms: u64,
    /// The URLs asked the second time.
    pub urls: Vec<String>,
}

/// Whether a hello declares the second-ask capability (`"fetch_again": true`).
pub fn hello_asks_again(hello: &Hello) -> bool {
    hello
        .extra
        .get("fetch_again")
        .and_then(serde_json::Value::as_bool)
        == Some(true)
}

/// Whether a hello declares the fetch capability (`"fetch": true`).
pub fn hello_fetches(hello: &Hello) -> bool {
    hello
        .extra
        .get("fetch")
        .and_then(serde_json::Value::as_bool)
        == Some(true)
}

/// Whether a hello declares the records capability (`"records": true`).
pub fn hello_records(hello: &Hello) -> bool {
    hello
        .extra
        .get("records")
        .and_then(serde_json::Value::as_bool)
        == Some(true)
}

/// A records question (`PROTOCOL.md`, "Records"): what the implementation reports besides
/// verdicts for a body and a crawler, sent only to adapters whose hello says
/// `"records": true`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordsRequest {
    /// Echoed in the response.
    pub id: u64,
    /// Always `true`: what tells this request from a robots.txt request.
    pub records: bool,
    /// The raw body, standard base64.
    pub robots_b64: String,
    /// The crawler's name.
    pub agent: String,
    /// Absolute URLs whose content-usage preferences are asked.
    pub urls: Vec<String>,
}

/// `"unsupported"` on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnsupportedTag {
    /// The implementation does not expose this field.
    #[serde(rename = "unsupported")]
    Unsupported,
}

/// One field of a records answer: its value, or `"unsupported"` (also when the field is left
/// out).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RecordField<T> {
    /// The implementation does not expose this field.
    Unsupported(UnsupportedTag),
    /// What it reports.
    Value(T),
}

impl<T> Default for RecordField<T> {
    fn default() -> Self {
        RecordField::Unsupported(UnsupportedTag::Unsupported)
    }
}

impl<T> RecordField<T> {
    /// The value, `None` when unsupported.
    pub fn value(&self) -> Option<&T> {
        match self {
            RecordField::Unsupported(_) => None,
            RecordField::Value(v) => Some(v),
        }
    }
}

/// A request-rate on the wire: `requests` per `seconds`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireRate {
    /// Requests…
    pub requests: u64,
    /// …per this many seconds.
    pub seconds: u64,
}

/// The answer to a records request (`PROTOCOL.md`, "Records"); `null` is "none".
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireRecords {
    /// The sitemap URLs, in the order reported.
    #[serde(default)]
    pub sitemaps: RecordField<Vec<String>>,
    /// The crawl-delay in seconds.
    #[serde(default)]
    pub crawl_delay: RecordField<Option<f64>>,
    /// The request-rate.
    #[serde(default)]
    pub request_rate: RecordField<Option<WireRate>>,
    /// Per URL asked, the usage preferences that apply to it (empty: none).
    #[serde(default)]
    pub content_usage: RecordField<Vec<Vec<String>>>,
}

/// One verdict on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WireVerdict {
    /// May be crawled.
    Allow,
    /// May not be crawled.
    Disallow,
    /// The implementation cannot answer this question.
    Unsupported,
}

impl From<WireVerdict> for Answer {
    fn from(verdict: WireVerdict) -> Answer {
        match verdict {
            WireVerdict::Allow => Answer::Allow,
            WireVerdict::Disallow => Answer::Disallow,
            WireVerdict::Unsupported => Answer::Unsupported,
        }
    }
}

/// The answer to one request: verdicts, or an error.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Response {
    /// The request's id (`null` when the request could not be read at all).
    pub id: Option<u64>,
    /// One verdict per URL, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdicts: Option<Vec<WireVerdict>>,
    /// The answer to a records request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub records: Option<WireRecords>,
    /// Why the implementation failed on the input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Response {
    fn error(id: Option<u64>, message: String) -> Response {
        Response {
            id,
            verdicts: None,
            records: None,
            error: Some(message),
        }
    }

    /// The response to request `id` about `urls` URLs: its verdicts, one per URL, or an error.
    fn answering(id: u64, urls: usize, answer: Result<Vec<WireVerdict>, String>) -> Response {
        match answer {
            Ok(verdicts) if verdicts.len() == urls => Response {
                id: Some(id),
                verdicts: Some(verdicts),
                records: None,
                error: None,
            },
            Ok(verdicts) => Response::error(
                Some(id),
                format!("{} verdicts for {urls} URLs", verdicts.len()),
            ),
            Err(e) => Response::error(Some(id), e),
        }
    }
}

/// What an implementation is asked: the body, the crawler, the URLs; it returns one verdict
/// per URL or its own error message.
pub type CheckFn<'a> = dyn FnMut(&[u8], &str, &[String]) -> Result<Vec<WireVerdict>, String> + 'a;

/// What a fetching implementation is asked: the robots.txt URL, the crawler, the URLs and the
/// fetch timeout in milliseconds.
pub type FetchFn<'a> =
    dyn FnMut(&str, &str, &[String], u64) -> Result<Vec<WireVerdict>, String> + 'a;

/// What an implementation is asked about the other records: the body, the crawler, the URLs
/// whose usage preferences are wanted.
pub type RecordsFn<'a> = dyn FnMut(&[u8], &str, &[String]) -> Result<WireRecords, String> + 'a;

/// Answers one request line with `check`.
pub fn answer(line: &str, check: &mut CheckFn<'_>) -> Response {
    answer_with_fetch(line, check, None)
}

/// Answers one request line: a fetch request (it has `robots_url`) with `fetch`, any other
/// with `check`.
pub fn answer_with_fetch(
    line: &str,
    check: &mut CheckFn<'_>,
    fetch: Option<&mut FetchFn<'_>>,
) -> Response {
    answer_full(line, check, fetch, None)
}

/// Answers one request line: a fetch request with `fetch`, a records request (it has
/// `"records": true`) with `records`, any other with `check`. A request of a kind the adapter
/// has no function for is answered with an error.
pub fn answer_full(
    line: &str,
    check: &mut CheckFn<'_>,
    fetch: Option<&mut FetchFn<'_>>,
    records: Option<&mut RecordsFn<'_>>,
) -> Response {
    // Read once as JSON: which request it is, and its id to pair an error with even when the
    // request itself is malformed.
    let value = serde_json::from_str::<serde_json::Value>(line).ok();
    let id = value
        .as_ref()
        .and_then(|v| v.get("id").and_then(serde_json::Value::as_u64));
    if value
        .as_ref()
        .is_some_and(|v| v.get("robots_url").is_some())
    {
        let request: FetchRequest = match serde_json::from_str(line) {
            Ok(r) => r,
            Err(e) => return Response::error(id, format!("malformed fetch request: {e}")),
        };
        let Some(fetch) = fetch else {
            return Response::error(Some(request.id), "this adapter does not fetch".into());
        };
        let answer = fetch(
            &request.robots_url,
            &request.agent,
            &request.urls,
            request.timeout_ms,
        );
        return Response::answering(request.id, request.urls.len(), answer);
    }
    if value
        .as_ref()
        .is_some_and(|v| v.get("records") == Some(&serde_json::Value::Bool(true)))
    {
        let request: RecordsRequest = match serde_json::from_str(line) {
            Ok(r) => r,
            Err(e) => return Response::error(id, format!("malformed records request: {e}")),
        };
        let Some(records) = records else {
            return Response::error(
                Some(request.id),
                "this adapter does not answer records".into(),
            );
        };
        let body = match STANDARD.decode(&request.robots_b64) {
            Ok(b) => b,
            Err(e) => return Response::error(Some(request.id), format!("robots_b64: {e}")),
        };
        return match records(&body, &request.agent, &request.urls) {
            Ok(answer) => match answer.content_usage.value() {
                Some(per_url) if per_url.len() != request.urls.len() => Response::error(
                    Some(request.id),
                    format!(
                        "{} content-usage answers for {} URLs",
                        per_url.len(),
                        request.urls.len()
                    ),
                ),
                _ => Response {
                    id: Some(request.id),
                    verdicts: None,
                    records: Some(answer),
                    error: None,
                },
            },
            Err(e) => Response::error(Some(request.id), e),
        };
    }
    let request: Request = match serde_json::from_str(line) {
        Ok(r) => r,
        Err(e) => return Response::error(id, format!("malformed request: {e}")),
    };
    let body = match STANDARD.decode(&request.robots_b64) {
        Ok(b) => b,
        Err(e) => return Response::error(Some(request.id), format!("robots_b64: {e}")),
    };
    let answer = check(&body, &request.agent, &request.urls);
    Response::answering(request.id, request.urls.len(), answer)
}

/// The reference under `profile` as a [`CheckFn`].
pub fn reference_check(
    profile: Profile,
) -> impl FnMut(&[u8], &str, &[String]) -> Result<Vec<WireVerdict>, String> {
    move |body, agent, urls| {
        let robots = Robots::parse(body, ParseOptions::new(profile));
        let selection = robots.select(&[agent]);
        urls.iter()
            .map(|url| match selection.check_url(url) {
                Ok(v) if v.allowed => Ok(WireVerdict::Allow),
                Ok(_) => Ok(WireVerdict::Disallow),
                Err(e) => Err(e.to_string()),
            })
            .collect()
    }
}

/// The reference's answer to a records request under `profile` (see
/// `reptest_reference::Selection::crawl_delay` and its neighbours for the readings).
pub fn reference_records(
    profile: Profile,
) -> impl FnMut(&[u8], &str, &[String]) -> Result<WireRecords, String> {
    move |body, agent, urls| {
        let robots = Robots::parse(body, ParseOptions::new(profile));
        let selection = robots.select(&[agent]);
        let content_usage = if profile.rules().content_usage {
            let per_url = urls
                .iter()
                .map(|url| match selection.content_usage(url) {
                    Ok(found) => Ok(found
                        .unwrap_or_default()
                        .into_iter()
                        .map(|c| c.preference)
                        .collect()),
                    Err(e) => Err(e.to_string()),
                })
                .collect::<Result<Vec<Vec<String>>, String>>()?;
            RecordField::Value(per_url)
        } else {
            RecordField::default()
        };
        Ok(WireRecords {
            sitemaps: RecordField::Value(robots.sitemaps().to_vec()),
            crawl_delay: RecordField::Value(selection.crawl_delay().map(|d| d.seconds)),
            request_rate: RecordField::Value(selection.request_rate().map(|r| WireRate {
                requests: r.requests,
                seconds: r.seconds,
            })),
            content_usage,
        })
    }
}

/// Serves `check` over protocol v1 until `input` ends: the hello, then one response line per
/// request line.
pub fn serve(
    hello: &Hello,
    check: &mut CheckFn<'_>,
    input: impl BufRead,
    output: impl Write,
) -> Result<()> {
    serve_with_fetch(hello, check, None, input, output)
}

/// [`serve`], with fetch requests answered by `fetch` when given.
pub fn serve_with_fetch(
    hello: &Hello,
    check: &mut CheckFn<'_>,
    fetch: Option<&mut FetchFn<'_>>,
    input: impl BufRead,
    output: impl Write,
) -> Result<()> {
    serve_full(hello, check, fetch, None, input, output)
}

/// [`serve`], with fetch and records requests answered by `fetch` and `records` when given.
pub fn serve_full(
    hello: &Hello,
    check: &mut CheckFn<'_>,
    mut fetch: Option<&mut FetchFn<'_>>,
    mut records: Option<&mut RecordsFn<'_>>,
    input: impl BufRead,
    mut output: impl Write,
) -> Result<()> {
    serde_json::to_writer(&mut output, hello)?;
    output.write_all(b"\n")?;
    output.flush()?;
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let response = answer_full(&line, check, fetch.as_deref_mut(), records.as_deref_mut());
        serde_json::to_writer(&mut output, &response)?;
        output.write_all(b"\n")?;
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_in_order_and_pairs_errors() {
        let request = Request::new(
            7,
            b"user-agent: *\ndisallow: /a\n",
            "Bot",
            vec!["http://e.com/a".into(), "http://e.com/b".into()],
        );
        let line = serde_json::to_string(&request).expect("serialise");
        let response = answer(&line, &mut reference_check(Profile::Rfc9309));
        assert_eq!(response.id, Some(7));
        assert_eq!(
            response.verdicts,
            Some(vec![WireVerdict::Disallow, WireVerdict::Allow])
        );
        let bad = answer(
            r#"{"id":3,"robots_b64":"!!","agent":"a","urls":[]}"#,
            &mut reference_check(Profile::Google),
        );
        assert_eq!(bad.id, Some(3));
        assert!(bad.error.is_some());
        assert_eq!(
            answer("not json", &mut reference_check(Profile::Google)).id,
            None
        );
    }

    #[test]
    fn records_requests_go_to_the_records_function() {
        let line = serde_json::to_string(&RecordsRequest {
            id: 5,
            records: true,
            robots_b64: STANDARD.encode(
                "sitemap: https://e.com/s.xml\nuser-agent: *\ncrawl-delay: 0.5\n\
                 content-usage: / train-ai=n\n",
            ),
            agent: "Bot".into(),
            urls: vec!["http://e.com/a".into()],
        })
        .expect("serialise");
        let refused = answer(&line, &mut reference_check(Profile::Rfc9309));
        assert!(
            refused
                .error
                .is_some_and(|e| e.contains("does not answer records"))
        );
        let mut records = reference_records(Profile::Rfc9309);
        let response = answer_full(
            &line,
            &mut reference_check(Profile::Rfc9309),
            None,
            Some(&mut records),
        );
        let got = response.records.expect("records");
        assert_eq!(
            got.sitemaps.value(),
            Some(&vec!["https://e.com/s.xml".to_owned()])
        );
        assert_eq!(got.crawl_delay.value(), Some(&Some(0.5)));
        assert_eq!(got.request_rate.value(), Some(&None));
        assert_eq!(
            got.content_usage.value(),
            Some(&vec![vec!["train-ai=n".to_owned()]])
        );
        let mut google = reference_records(Profile::Google);
        let response = answer_full(
            &line,
            &mut reference_check(Profile::Google),
            None,
            Some(&mut google),
        );
        assert_eq!(
            response.records.expect("records").content_usage.value(),
            None
        );
        let wire: WireRecords =
            serde_json::from_str(r#"{"sitemaps":"unsupported","crawl_delay":null}"#).expect("wire");
        assert_eq!(wire.sitemaps.value(), None);
        assert_eq!(wire.crawl_delay.value(), Some(&None));
        assert_eq!(wire.content_usage.value(), None);
    }

    #[test]
    fn fetch_requests_go_to_the_fetcher() {
        let line = serde_json::to_string(&FetchRequest {
            id: 9,
            robots_url: "http://127.0.0.1:1/robots.txt".into(),
            agent: "Bot".into(),
            urls: vec!["http://127.0.0.1:1/a".into()],
            timeout_ms: 500,
            again: None,
        })
        .expect("serialise");
        assert!(!line.contains("again"), "{line}");
        let refused = answer(&line, &mut reference_check(Profile::Rfc9309));
        assert_eq!(refused.id, Some(9));
        assert!(refused.error.is_some_and(|e| e.contains("does not fetch")));
        let mut asked = Vec::new();
        let mut fetch = |url: &str, _: &str, urls: &[String], timeout: u64| {
            asked.push((url.to_owned(), timeout));
            Ok(vec![WireVerdict::Disallow; urls.len()])
        };
        let response = answer_with_fetch(
            &line,
            &mut reference_check(Profile::Rfc9309),
            Some(&mut fetch),
        );
        assert_eq!(response.verdicts, Some(vec![WireVerdict::Disallow]));
        assert_eq!(asked, [("http://127.0.0.1:1/robots.txt".to_owned(), 500)]);
        let bad = answer(
            r#"{"id":4,"robots_url":7,"agent":"a","urls":[]}"#,
            &mut reference_check(Profile::Google),
        );
        assert_eq!(bad.id, Some(4));
        assert!(
            bad.error
                .is_some_and(|e| e.contains("malformed fetch request"))
        );
    }
}
