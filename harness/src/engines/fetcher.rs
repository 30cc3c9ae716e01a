//! The reference as a fetcher: a real HTTP client (`ureq`) that fetches robots.txt, follows
//! redirects by hand, records the exchange, and feeds `reptest_reference::http::outcome`.
//!
//! Redirects are followed here, not by the client, so that the spec's rules are the ones
//! applied and every hop is on record: at most five hops are followed (§2.3.1.2 “The crawlers
//! SHOULD follow at least five consecutive redirects”; Google 2019 “Google follows at least
//! five redirect hops”; a sixth redirect makes the fetch one of more than five),
//! relative `Location`s are resolved against the URL that gave them, a URL seen twice is a
//! loop, and a 3xx without a usable `Location` ends the chain. Redirects to another
//! authority are followed; the rules then decide the URLs of the authority asked.
//!
//! The client decodes gzip (`Accept-Encoding: gzip` is sent), reads at most
//! [`MAX_BODY`] bytes of a body (the parse limit cuts further), and maps its errors onto the
//! reference's network errors: a timeout, a refused or reset connection, a body shorter than
//! its `Content-Length`, a response that is not HTTP.

use std::io::Read;
use std::time::{Duration, Instant};

use reptest_reference::Profile;
use reptest_reference::http::{self, Decision, Fetch, FetchResult, NetworkError};

use crate::engines::protocol::WireVerdict;

/// The most bytes of a body read: far past every parse limit.
pub const MAX_BODY: u64 = 16 * 1024 * 1024;

/// The longest a copy is used without asking again, in seconds: RFC 9309 §2.4 “Crawlers
/// SHOULD NOT use the cached version for more than 24 hours, unless the robots.txt file is
/// unreachable.”
pub const DAY: u64 = 24 * 3600;
/// Redirect hops followed before the fetch counts as "more than five redirects".
pub const MAX_HOPS: u32 = 5;

/// One request of the exchange.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Hop {
    /// The URL requested.
    pub url: String,
    /// The status answered, if any.
    pub status: Option<u16>,
    /// `Location`, as sent.
    pub location: Option<String>,
    /// `Content-Type`, as sent.
    pub content_type: Option<String>,
    /// `Content-Encoding`, as sent.
    pub content_encoding: Option<String>,
    /// `Cache-Control`, `ETag` and `Last-Modified`, as sent.
    pub cache: CacheHeaders,
    /// Bytes of body read (after decoding).
    pub body_bytes: Option<usize>,
    /// What went wrong, if something did.
    pub error: Option<String>,
}

/// A whole fetch: the hops, what they add up to, and the file when there is one.
#[derive(Clone, Debug)]
pub struct Exchange {
    /// The URL asked.
    pub robots_url: String,
    /// Every request, in order.
    pub hops: Vec<Hop>,
    /// What the fetch ended with, in the reference's terms.
    pub fetch: Fetch,
    /// The body of a final 2xx.
    pub body: Option<Vec<u8>>,
    /// What the final answer said about caching it.
    pub cache: CacheHeaders,
    /// When the final answer came (for its age on a second ask).
    pub at: Instant,
}

/// The caching headers of a final answer (RFC 9111): its freshness lifetime and validators.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct CacheHeaders {
    /// `Cache-Control: max-age` in seconds; `Some(0)` for `no-cache` (stored, but validated
    /// before every reuse); `None` without either.
    pub max_age: Option<u64>,
    /// `Cache-Control: no-store`: not kept at all.
    pub no_store: bool,
    /// `ETag`, sent back as `If-None-Match`.
    pub etag: Option<String>,
    /// `Last-Modified`, sent back as `If-Modified-Since`.
    pub last_modified: Option<String>,
}

impl CacheHeaders {
    fn read(
        cache_control: Option<&str>,
        etag: Option<String>,
        last_modified: Option<String>,
    ) -> Self {
        let mut out = CacheHeaders {
            etag,
            last_modified,
            ..CacheHeaders::default()
        };
        for directive in cache_control.unwrap_or_default().split(',') {
            let directive = directive.trim().to_ascii_lowercase();
            if directive == "no-store" {
                out.no_store = true;
            } else if directive == "no-cache" {
                out.max_age = Some(0);
            } else if let Some(seconds) = directive.strip_prefix("max-age=") {
                let seconds = seconds.trim_matches('"').parse::<u64>().unwrap_or(0);
                out.max_age = Some(out.max_age.map_or(seconds, |m| m.min(seconds)));
            }
        }
        out
    }
}

impl Exchange {
    /// What the fetch means under `profile`.
    pub fn decision(&self, profile: Profile) -> Decision {
        http::outcome(profile, &self.fetch)
    }

    /// Verdicts for `agent` on `urls` under `profile`: everything allowed, nothing allowed, or
    /// the rules of the body fetched.
    pub fn verdicts(
        &self,
        profile: Profile,
        agent: &str,
        urls: &[String],
    ) -> Result<Vec<WireVerdict>, String> {
        match self.decision(profile).outcome {
            http::Outcome::FullAllow => Ok(vec![WireVerdict::Allow; urls.len()]),
            http::Outcome::FullDisallow => Ok(vec![WireVerdict::Disallow; urls.len()]),
            http::Outcome::Conditional { .. } => {
                let body = self.body.as_deref().unwrap_or_default();
                crate::engines::protocol::reference_check(profile)(body, agent, urls)
            }
        }
    }

    /// The exchange as text, one line per hop.
    pub fn describe(&self) -> String {
        let mut out = String::new();
        if self.hops.is_empty() {
            out.push_str("(no request: the copy kept is fresh)\n");
        }
        for (i, hop) in self.hops.iter().enumerate() {
            out.push_str(&format!("{}. GET {}", i + 1, hop.url));
            match (hop.status, &hop.error) {
                (Some(s), _) => out.push_str(&format!(" → {s}")),
                (None, Some(e)) => out.push_str(&format!(" → {e}")),
                (None, None) => {}
            }
            if let Some(l) = &hop.location {
                out.push_str(&format!(", Location: {l}"));
            }
            if let Some(t) = &hop.content_type {
                out.push_str(&format!(", Content-Type: {t}"));
            }
            if let Some(e) = &hop.content_encoding {
                out.push_str(&format!(", Content-Encoding: {e}"));
            }
            if let Some(n) = hop.body_bytes {
                out.push_str(&format!(", {n} bytes"));
            }
            if let (Some(_), Some(e)) = (hop.status, &hop.error) {
                out.push_str(&format!(" ({e})"));
            }
            out.push('\n');
        }
        out
    }
}

/// The reference's HTTP client.
#[derive(Debug)]
pub struct Client {
    agent: ureq::Agent,
}

impl Client {
    /// A client whose every request gives up after `timeout`, sending `user_agent`.
    pub fn new(timeout: Duration, user_agent: &str) -> Client {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .max_redirects(0)
            .http_status_as_error(false)
            .timeout_global(Some(timeout))
            .user_agent(user_agent)
            .build()
            .into();
        Client { agent }
    }

    /// Fetches `robots_url`, following at most [`MAX_HOPS`] redirects.
    pub fn fetch(&self, robots_url: &str) -> Exchange {
        self.fetch_with(robots_url, &[])
    }

    /// Asks again after `previous` (a second question to the same crawler), as old as it is:
    /// [`Client::fetch_again_aged`] with the time since its answer.
    pub fn fetch_again(&self, previous: &Exchange) -> Exchange {
        self.fetch_again_aged(previous, previous.at.elapsed())
    }

    /// Asks again after `previous`, its copy taken to be `age` old (a clock the caller sets,
    /// so that a day-old copy is tested without waiting a day): the copy kept is
    /// used while it is fresh, and revalidated once it is not. RFC 9309 §2.4 “Crawlers MAY
    /// cache the fetched robots.txt file's contents. Crawlers MAY use standard cache control as
    /// defined in [RFC9111].”; the reference does: a copy is fresh for its `max-age`, and
    /// never for more than the 24 hours of §2.4 “Crawlers SHOULD NOT use the cached version for
    /// more than 24 hours, unless the robots.txt file is unreachable.” (a longer `max-age`
    /// included: the file is asked for again, and is then reachable or not), as Google 2019
    /// (Caching) “robots.txt content is generally cached for up to 24 hours”. A stale copy
    /// with a validator is asked for with `If-None-Match` / `If-Modified-Since`; a 304 keeps
    /// it (RFC 9111 §4.3.4). Only a final 2xx is kept, and nothing under `no-store`.
    ///
    /// [RFC9111]: https://www.rfc-editor.org/rfc/rfc9111
    pub fn fetch_again_aged(&self, previous: &Exchange, age: Duration) -> Exchange {
        let kept = previous
            .body
            .as_ref()
            .filter(|_| matches!(previous.fetch.result, FetchResult::Status(200..=299)))
            .filter(|_| !previous.cache.no_store);
        let Some(body) = kept else {
            return self.fetch(&previous.robots_url);
        };
        let lifetime = previous.cache.max_age.unwrap_or(DAY).min(DAY);
        if age < Duration::from_secs(lifetime) {
            return Exchange {
                hops: Vec::new(),
                ..previous.clone()
            };
        }
        let mut conditions = Vec::new();
        if let Some(etag) = &previous.cache.etag {
            conditions.push(("If-None-Match", etag.clone()));
        }
        if let Some(date) = &previous.cache.last_modified {
            conditions.push(("If-Modified-Since", date.clone()));
        }
        let mut again = self.fetch_with(&previous.robots_url, &conditions);
        if again.fetch.result == FetchResult::Status(304) && !conditions.is_empty() {
            // Not modified: the copy kept stands, fresh again for the new answer's lifetime.
            again.fetch = previous.fetch;
            again.body = Some(body.clone());
            if again.cache.max_age.is_none() {
                again.cache.max_age = previous.cache.max_age;
            }
        }
        again
    }

    fn fetch_with(&self, robots_url: &str, conditions: &[(&str, String)]) -> Exchange {
        let mut hops = Vec::new();
        let mut seen = vec![robots_url.to_owned()];
        let mut url = robots_url.to_owned();
        let mut redirects = 0;
        let mut redirect_loop = false;
        let mut body = None;
        let result = loop {
            let (hop, outcome) = self.one(&url, conditions);
            hops.push(hop);
            match outcome {
                Step::Done(result, fetched) => {
                    body = fetched;
                    break result;
                }
                Step::Redirect(status, None) => break FetchResult::Status(status),
                Step::Redirect(status, Some(next)) => {
                    redirects += 1;
                    if seen.contains(&next) {
                        redirect_loop = true;
                        break FetchResult::Status(status);
                    }
                    if redirects > MAX_HOPS {
                        break FetchResult::Status(status);
                    }
                    seen.push(next.clone());
                    url = next;
                }
            }
        };
        let cache = hops.last().map(|h| h.cache.clone()).unwrap_or_default();
        Exchange {
            robots_url: robots_url.to_owned(),
            hops,
            cache,
            at: Instant::now(),
            fetch: Fetch {
                result,
                redirects,
                redirect_loop,
                ..Fetch::status(0)
            },
            body,
        }
    }

    fn one(&self, url: &str, conditions: &[(&str, String)]) -> (Hop, Step) {
        let mut hop = Hop {
            url: url.to_owned(),
            status: None,
            location: None,
            content_type: None,
            content_encoding: None,
            cache: CacheHeaders::default(),
            body_bytes: None,
            error: None,
        };
        let mut request = self.agent.get(url);
        for (name, value) in conditions {
            request = request.header(*name, value.as_str());
        }
        let mut response = match request.call() {
            Ok(r) => r,
            Err(e) => {
                let (kind, text) = network_error(&e);
                hop.error = Some(text);
                return (hop, Step::Done(FetchResult::Network(kind), None));
            }
        };
        let status = response.status().as_u16();
        hop.status = Some(status);
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
        };
        hop.location = header("location");
        hop.content_type = header("content-type");
        hop.content_encoding = header("content-encoding");
        hop.cache = CacheHeaders::read(
            header("cache-control").as_deref(),
            header("etag"),
            header("last-modified"),
        );
        if (300..400).contains(&status) {
            let next = hop
                .location
                .as_deref()
                .and_then(|l| url::Url::parse(url).ok()?.join(l).ok())
                .map(String::from);
            return (hop, Step::Redirect(status, next));
        }
        let mut bytes = Vec::new();
        let read = response
            .body_mut()
            .as_reader()
            .take(MAX_BODY)
            .read_to_end(&mut bytes);
        hop.body_bytes = Some(bytes.len());
        if let Err(e) = read {
            let kind = io_error(&e);
            hop.error = Some(format!("reading the body: {e}"));
            // An incomplete answer is a network error whatever its status (Google 2019
            // “Google treats unsuccessful requests or incomplete data as a server error.”).
            return (hop, Step::Done(FetchResult::Network(kind), None));
        }
        let body = (200..300).contains(&status).then_some(bytes);
        (hop, Step::Done(FetchResult::Status(status), body))
    }
}

enum Step {
    Done(FetchResult, Option<Vec<u8>>),
    Redirect(u16, Option<String>),
}

fn io_error(e: &std::io::Error) -> NetworkError {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::TimedOut | K::WouldBlock => NetworkError::Timeout,
        K::UnexpectedEof => NetworkError::Truncated,
        K::InvalidData => NetworkError::InvalidResponse,
        _ => {
            // ureq wraps its own errors (a timeout while reading, a short body) in io errors.
            let text = e.to_string().to_ascii_lowercase();
            if text.contains("lookup") || text.contains("name or service") {
                NetworkError::Dns
            } else if text.contains("timeout") || text.contains("timed out") {
                NetworkError::Timeout
            } else if text.contains("closed before") || text.contains("eof") {
                NetworkError::Truncated
            } else {
                NetworkError::Reset
            }
        }
    }
}

fn network_error(e: &ureq::Error) -> (NetworkError, String) {
    let kind = match e {
        ureq::Error::Timeout(_) => NetworkError::Timeout,
        ureq::Error::HostNotFound => NetworkError::Dns,
        ureq::Error::ConnectionFailed => NetworkError::Reset,
        ureq::Error::Io(io) => io_error(io),
        ureq::Error::Protocol(_) | ureq::Error::LargeResponseHeader(..) => {
            NetworkError::InvalidResponse
        }
        _ => NetworkError::InvalidResponse,
    };
    (kind, e.to_string())
}

/// The reference's answer to a fetch question: fetch `robots_url` and decide `urls` for
/// `agent` under `profile`.
pub fn reference_fetch(
    profile: Profile,
    robots_url: &str,
    agent: &str,
    urls: &[String],
    timeout: Duration,
) -> (Exchange, Result<Vec<WireVerdict>, String>) {
    let client = Client::new(timeout, &format!("{agent}/1.0 (reptest reference)"));
    let exchange = client.fetch(robots_url);
    let verdicts = exchange.verdicts(profile, agent, urls);
    (exchange, verdicts)
}
