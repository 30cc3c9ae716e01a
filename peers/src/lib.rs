//! Other people's robots.txt crates behind one call.
//!
//! Each [`Peer`] answers "may `agent` crawl each of these URLs under this robots.txt?" the
//! way its crate's documentation says to ask it. How each question is mapped is written next
//! to its function, and in the adapter manifest that serves it
//! (`harness/adapters/<name>/adapter.toml`). Nothing here is reptest's own judgement: when a
//! crate cannot take a question (a URL it cannot parse), the answer is
//! [`Verdict::Unsupported`], never a guess.
//!
//! Crates that take text get the body decoded as UTF-8 with invalid bytes replaced by
//! U+FFFD, as an HTTP client's `text()` does. Crates that take a path get the URL's path and
//! query as the `url` crate serialises them (percent-encoding non-ASCII octets).
//!
//! Crates that document a call contract are asked only within it: the ports of Google's
//! parser (`robotstxt`, `robotstxt-with-cache`) require a percent-encoded URL and a product
//! token, and answer `Unsupported` outside ([`rfc3986_encoded`], [`product_token`]: the
//! definitions the Python adapters use, kept here once for every Rust caller).

use std::borrow::Cow;

/// One answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// May be crawled.
    Allow,
    /// May not be crawled.
    Disallow,
    /// The crate cannot answer this question.
    Unsupported,
}

impl From<bool> for Verdict {
    fn from(allowed: bool) -> Verdict {
        if allowed {
            Verdict::Allow
        } else {
            Verdict::Disallow
        }
    }
}

/// What a peer returns: one verdict per URL, or the crate's own error.
pub type Answer = Result<Vec<Verdict>, String>;

/// A crate under test.
#[derive(Clone, Copy, Debug)]
pub struct Peer {
    /// Adapter name.
    pub name: &'static str,
    /// The crate's name.
    pub implementation: &'static str,
    /// The pinned version.
    pub version: &'static str,
    /// Asks the crate.
    pub check: fn(body: &[u8], agent: &str, urls: &[String]) -> Answer,
}

/// Every peer compiled in.
pub const PEERS: &[Peer] = &[
    Peer {
        name: "robotstxt",
        implementation: "robotstxt",
        version: "0.3.0",
        check: robotstxt_google_port,
    },
    Peer {
        name: "robotstxt-with-cache",
        implementation: "robotstxt-with-cache",
        version: "0.4.0",
        check: robotstxt_with_cache,
    },
    Peer {
        name: "texting-robots",
        implementation: "texting_robots",
        version: "0.2.2",
        check: texting_robots,
    },
    Peer {
        name: "robotxt",
        implementation: "robotxt",
        version: "0.7.0",
        check: robotxt,
    },
    Peer {
        name: "fast-robots",
        implementation: "fast-robots",
        version: "0.1.5",
        check: fast_robots,
    },
    Peer {
        name: "robots-txt",
        implementation: "robots_txt",
        version: "0.7.0",
        check: robots_txt,
    },
    Peer {
        name: "cylon",
        implementation: "cylon",
        version: "0.3.3",
        check: cylon,
    },
    #[cfg(feature = "http-client-crates")]
    Peer {
        name: "robotstxt-rs",
        implementation: "robotstxt-rs",
        version: "0.1.4",
        check: robotstxt_rs,
    },
    #[cfg(feature = "http-client-crates")]
    Peer {
        name: "robotparser-rs",
        implementation: "robotparser",
        version: "0.11.0",
        check: robotparser,
    },
];

/// The peer called `name`.
pub fn find(name: &str) -> Option<&'static Peer> {
    PEERS.iter().find(|p| p.name == name)
}

/// What a crate reports besides verdicts, for one crawler (the records request of
/// `harness/PROTOCOL.md`, section 6). `None` is a field the crate does not expose
/// (answered `unsupported`); `Some(None)` is a field it exposes and has no value for.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Records {
    /// The sitemap URLs, in the crate's order.
    pub sitemaps: Option<Vec<String>>,
    /// The crawl-delay, in seconds.
    pub crawl_delay: Option<Option<f64>>,
    /// The request-rate: requests per seconds.
    pub request_rate: Option<Option<(u64, u64)>>,
}

/// Reads a body's records for an agent: `(body, agent, urls)`, the URLs those of the request;
/// the crate's error as `Err`.
pub type RecordsFn = fn(&[u8], &str, &[String]) -> Result<Records, String>;

/// The robots.txt URL a records request places the file at when the crate takes one and the
/// request asks about no URL: the host of every spec case's URLs (`harness/PROTOCOL.md`,
/// section 6).
pub const RECORDS_ROBOTS_URL: &str = "http://example.com/robots.txt";

/// The records reader of the peer called `name`, when its crate documents crawl-delay,
/// request-rate or sitemaps.
pub fn records(name: &str) -> Option<RecordsFn> {
    match name {
        "texting-robots" => Some(texting_robots_records),
        #[cfg(feature = "http-client-crates")]
        "robotparser-rs" => Some(robotparser_records),
        _ => None,
    }
}

/// Fetches a robots.txt URL with a crate's own HTTP client and decides URLs for an agent:
/// `(robots_url, agent, urls, timeout_ms)`.
pub type FetchFn = fn(&str, &str, &[String], u64) -> Answer;

/// The fetch of the peer called `name`, when the crate fetches robots.txt itself and is built
/// in (robotparser's `RobotsTxtClient` on reqwest's blocking client).
pub fn fetcher(name: &str) -> Option<FetchFn> {
    match name {
        #[cfg(feature = "http-client-crates")]
        "robotparser-rs" => Some(robotparser_fetch),
        _ => None,
    }
}

/// robotparser as its README shows: `client.fetch_robots_txt(origin).get_result()`, then
/// `can_fetch(agent, &url)`; the client is reqwest's blocking client with the request's
/// timeout, everything else as reqwest's defaults (it follows up to ten redirects).
#[cfg(feature = "http-client-crates")]
fn robotparser_fetch(robots_url: &str, agent: &str, urls: &[String], timeout_ms: u64) -> Answer {
    use robotparser::http::RobotsTxtClient;
    use robotparser::service::RobotsTxtService;
    let origin = url::Url::parse(robots_url)
        .map_err(|e| format!("robots.txt URL: {e}"))?
        .origin();
    let client = reqwest::blocking::Client::builder()
        .timeout(std::time::Duration::from_millis(timeout_ms))
        .build()
        .map_err(|e| format!("reqwest client: {e}"))?;
    let robots = client
        .fetch_robots_txt(origin)
        .map_err(|e| format!("{e:?}"))?
        .get_result();
    Ok(urls
        .iter()
        .map(|u| match url::Url::parse(u) {
            Ok(u) => Verdict::from(robots.can_fetch(agent, &u)),
            Err(_) => Verdict::Unsupported,
        })
        .collect())
}

/// The body decoded with replacement (`String::from_utf8_lossy`): how a caller that holds
/// the bytes makes the text a crate takes.
fn text(body: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(body)
}

/// The body as reqwest's `text()` decodes a response without a declared charset (the
/// Encoding Standard's decode with UTF-8 as the fallback: a byte order mark taken off,
/// invalid sequences replaced): the text a crate whose own fetch is reqwest's receives.
#[cfg(feature = "http-client-crates")]
fn fetched_text(body: &[u8]) -> Cow<'_, str> {
    encoding_rs::UTF_8.decode(body).0
}

/// The URL's path and query (`/a?b`), or `None` when the `url` crate cannot parse it: how
/// the crates that take a path are asked (and how a crawler would get that path).
pub fn path_and_query(url: &str) -> Option<String> {
    let parsed = url::Url::parse(url).ok()?;
    let mut out = parsed.path().to_owned();
    if let Some(q) = parsed.query() {
        out.push('?');
        out.push_str(q);
    }
    Some(out)
}

/// Maps each URL to its path, or `Unsupported`, and asks `allowed` about the path.
fn by_path(urls: &[String], mut allowed: impl FnMut(&str) -> bool) -> Vec<Verdict> {
    urls.iter()
        .map(|u| match path_and_query(u) {
            Some(path) => Verdict::from(allowed(&path)),
            None => Verdict::Unsupported,
        })
        .collect()
}

/// Characters RFC 3986 allows in a URI as they are: unreserved and reserved.
fn uri_char(c: char) -> bool {
    c.is_ascii() && URI_CHAR[usize::from(c as u8)]
}

/// [`uri_char`] for each ASCII octet, looked up once per character (`rfc3986_encoded` runs on
/// every URL the fuzz generator makes, and a search of the list per character was among the
/// fuzz target's costliest comparisons).
const URI_CHAR: [bool; 128] = {
    let mut table = [false; 128];
    let mut c = 0;
    while c < 128 {
        table[c] = (c as u8).is_ascii_alphanumeric();
        c += 1;
    }
    let reserved = b"-._~:/?#[]@!$&'()*+,;=";
    let mut i = 0;
    while i < reserved.len() {
        table[reserved[i] as usize] = true;
        i += 1;
    }
    table
};

/// Whether `url` is percent-encoded as RFC 3986 asks: every character unreserved or
/// reserved, every `%` followed by two hex digits. The same definition as the Python
/// adapters' (`harness/adapters/_python/reptest_adapter.py`); a crate that requires an
/// encoded URL is asked about no other.
pub fn rfc3986_encoded(url: &str) -> bool {
    let bytes = url.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = |at: usize| bytes.get(at).is_some_and(u8::is_ascii_hexdigit);
            if !(hex(i + 1) && hex(i + 2)) {
                return false;
            }
            i += 3;
        } else if bytes[i].is_ascii() && uri_char(char::from(bytes[i])) {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

/// Whether `agent` is a product token: one or more of `[A-Za-z_-]`. The same definition as
/// the Python adapters'.
pub fn product_token(agent: &str) -> bool {
    !agent.is_empty()
        && agent
            .chars()
            .all(|c| c.is_ascii_alphabetic() || c == '_' || c == '-')
}

/// The call contract of Google's parser and its ports, as their documentation states it:
/// "'url' must be %-encoded according to RFC3986" and "Valid user agent strings only contain
/// the characters [a-zA-Z_-]" (`RobotsMatcher`'s `one_agent_allowed_by_robots`,
/// `allowed_by_robots` and `is_valid_user_agent_to_obey`). Each URL outside it (or every URL,
/// when the agent is) is `Unsupported`; `ask` answers the others.
fn within_google_contract<'u>(
    agent: &str,
    urls: &'u [String],
    mut ask: impl FnMut(&'u str) -> bool,
) -> Vec<Verdict> {
    let token = product_token(agent);
    urls.iter()
        .map(|u| {
            if token && rfc3986_encoded(u) {
                Verdict::from(ask(u))
            } else {
                Verdict::Unsupported
            }
        })
        .collect()
}

/// `DefaultMatcher::one_agent_allowed_by_robots(body, agent, url)`: text body, full URL,
/// within the documented contract (a product token, a percent-encoded URL).
fn robotstxt_google_port(body: &[u8], agent: &str, urls: &[String]) -> Answer {
    let body = text(body);
    let mut matcher = robotstxt::DefaultMatcher::default();
    Ok(within_google_contract(agent, urls, |u| {
        matcher.one_agent_allowed_by_robots(&body, agent, u)
    }))
}

/// `DefaultCachingMatcher`: `parse(body)` once, then `allowed_by_robots(vec![agent], url)`,
/// within the documented contract (a product token, a percent-encoded URL).
fn robotstxt_with_cache(body: &[u8], agent: &str, urls: &[String]) -> Answer {
    let body = text(body);
    let mut matcher = robotstxt_with_cache::DefaultCachingMatcher::new(
        robotstxt_with_cache::DefaultMatcher::default(),
    );
    matcher.parse(&body);
    Ok(within_google_contract(agent, urls, |u| {
        matcher.allowed_by_robots(vec![agent], u)
    }))
}

/// `Robot::new(agent, bytes)` then `allowed(url)`; a parse error is the crate's error.
fn texting_robots(body: &[u8], agent: &str, urls: &[String]) -> Answer {
    let robot = texting_robots::Robot::new(agent, body).map_err(|e| e.to_string())?;
    Ok(urls
        .iter()
        .map(|u| Verdict::from(robot.allowed(u)))
        .collect())
}

/// `Robot::new(agent, bytes)`, then its public fields, as its documentation describes them:
/// `delay`, "The delay in seconds between requests. If `Crawl-Delay` is set in `robots.txt` it
/// will return `Some(f32)` and otherwise `None`", and `sitemaps`, "Any sitemaps found in the
/// `robots.txt` file are added to this vector". It has no request-rate.
fn texting_robots_records(body: &[u8], agent: &str, _urls: &[String]) -> Result<Records, String> {
    let robot = texting_robots::Robot::new(agent, body).map_err(|e| e.to_string())?;
    Ok(Records {
        sitemaps: Some(robot.sitemaps.clone()),
        crawl_delay: Some(robot.delay.map(f64::from)),
        request_rate: None,
    })
}

/// `Robots::parse(bytes, agent)` then `is_allowed(path)`.
fn robotxt(body: &[u8], agent: &str, urls: &[String]) -> Answer {
    let robots = robotxt::Robots::parse(body, agent);
    Ok(by_path(urls, |p| robots.is_allowed(p)))
}

/// `RobotsTxt::parse_bytes(bytes)` (which rejects invalid UTF-8 and oversized input: the
/// crate's error) then `is_allowed(agent, path)`.
fn fast_robots(body: &[u8], agent: &str, urls: &[String]) -> Answer {
    let robots = fast_robots::RobotsTxt::parse_bytes(body).map_err(|e| e.to_string())?;
    Ok(by_path(urls, |p| robots.is_allowed(agent, p)))
}

/// `Robots::from_str_lossy(text)`, `choose_section(agent)`, `SimpleMatcher::check_path(path)`.
fn robots_txt(body: &[u8], agent: &str, urls: &[String]) -> Answer {
    let body = text(body);
    let robots = robots_txt::Robots::from_str_lossy(&body);
    let section = robots.choose_section(agent);
    let matcher = robots_txt::matcher::SimpleMatcher::new(&section.rules);
    Ok(by_path(urls, |p| matcher.check_path(p)))
}

/// `Compiler::new(agent).compile(bytes).await` then `allow(path)`, as its README shows. The
/// crate is async without a runtime of its own; reading from a byte slice never waits, so the
/// future is polled to its end here with a waker that is never woken.
fn cylon(body: &[u8], agent: &str, urls: &[String]) -> Answer {
    use std::future::Future;
    use std::task::{Context, Poll, Waker};
    let compiler = cylon::Compiler::new(agent);
    let mut future = std::pin::pin!(compiler.compile(body));
    let mut context = Context::from_waker(Waker::noop());
    let mut polls = 0;
    let compiled = loop {
        if let Poll::Ready(result) = future.as_mut().poll(&mut context) {
            break result.map_err(|e| e.to_string())?;
        }
        polls += 1;
        if polls > 1_000_000 {
            return Err("cylon: compile() did not finish on an in-memory body".to_owned());
        }
    };
    Ok(by_path(urls, |p| compiled.allow(p)))
}

/// `RobotsTxt::parse(text)` then `can_fetch(agent, path)`.
#[cfg(feature = "http-client-crates")]
fn robotstxt_rs(body: &[u8], agent: &str, urls: &[String]) -> Answer {
    let robots = robotstxt_rs::RobotsTxt::parse(&fetched_text(body));
    Ok(by_path(urls, |p| robots.can_fetch(agent, p)))
}

/// `parse_robots_txt(origin, text)` with the origin of the first URL, then
/// `can_fetch(agent, &url)`; a URL the `url` crate cannot parse is unsupported.
#[cfg(feature = "http-client-crates")]
fn robotparser(body: &[u8], agent: &str, urls: &[String]) -> Answer {
    use robotparser::service::RobotsTxtService;
    let parsed: Vec<Option<url::Url>> = urls.iter().map(|u| url::Url::parse(u).ok()).collect();
    let Some(origin) = parsed.iter().flatten().next().map(url::Url::origin) else {
        return Ok(vec![Verdict::Unsupported; urls.len()]);
    };
    let robots = robotparser::parser::parse_robots_txt(origin, &fetched_text(body)).get_result();
    Ok(parsed
        .iter()
        .map(|u| match u {
            Some(u) => Verdict::from(robots.can_fetch(agent, u)),
            None => Verdict::Unsupported,
        })
        .collect())
}

/// `parse_robots_txt(origin, text)` with the origin of the first URL (of
/// [`RECORDS_ROBOTS_URL`] when there is none), then the
/// `RobotsTxtService` methods, as documented: `get_crawl_delay(agent)` "Returns the crawl delay
/// for this user agent as a Duration, or None if no crawl delay is defined", `get_sitemaps()`
/// "Returns the list of URL sitemaps that have been listed in the robots.txt file" (each URL as
/// the `url` crate serialises it), `get_req_rate(agent)` "Returns information about the
/// restrictions set for sending HTTP requests to the server".
#[cfg(feature = "http-client-crates")]
fn robotparser_records(body: &[u8], agent: &str, urls: &[String]) -> Result<Records, String> {
    use robotparser::service::RobotsTxtService;
    let first = urls.first().map_or(RECORDS_ROBOTS_URL, String::as_str);
    let origin = url::Url::parse(first).map_err(|e| e.to_string())?.origin();
    let robots = robotparser::parser::parse_robots_txt(origin, &fetched_text(body)).get_result();
    Ok(Records {
        sitemaps: Some(
            robots
                .get_sitemaps()
                .iter()
                .map(ToString::to_string)
                .collect(),
        ),
        crawl_delay: Some(robots.get_crawl_delay(agent).map(|d| d.as_secs_f64())),
        request_rate: Some(
            robots
                .get_req_rate(agent)
                .map(|r| (r.requests as u64, r.seconds as u64)),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_peer_answers_a_plain_question() {
        let body = b"user-agent: *\ndisallow: /private\n";
        let urls = vec![
            "http://example.com/private/x".to_owned(),
            "http://example.com/public".to_owned(),
        ];
        for peer in PEERS {
            let answer = (peer.check)(body, "FooBot", &urls);
            assert_eq!(
                answer,
                Ok(vec![Verdict::Disallow, Verdict::Allow]),
                "{}",
                peer.name
            );
        }
    }

    #[test]
    fn records_are_the_crates_documented_values() {
        let body = b"user-agent: *\ncrawl-delay: 0.5\nsitemap: https://example.com/s.xml\n";
        let read = records("texting-robots").expect("texting-robots reads records");
        let got = read(body, "FooBot", &[]).expect("parses");
        assert_eq!(
            got.sitemaps,
            Some(vec!["https://example.com/s.xml".to_owned()])
        );
        assert_eq!(got.crawl_delay, Some(Some(0.5)));
        assert_eq!(got.request_rate, None, "texting_robots has no request-rate");
        assert!(records("cylon").is_none(), "cylon documents no records");
    }

    #[test]
    fn the_google_ports_answer_only_within_their_contract() {
        let body = b"user-agent: *\ndisallow: /a\n";
        let urls = vec![
            "http://example.com/a%C3%A9".to_owned(),
            "http://example.com/a\u{e9}".to_owned(),
            "http://example.com/a%zz".to_owned(),
            "http://example.com/a b".to_owned(),
        ];
        for name in ["robotstxt", "robotstxt-with-cache"] {
            let peer = find(name).expect("linked");
            let expected = vec![
                Verdict::Disallow,
                Verdict::Unsupported,
                Verdict::Unsupported,
                Verdict::Unsupported,
            ];
            assert_eq!((peer.check)(body, "FooBot", &urls), Ok(expected), "{name}");
            for agent in ["FooBot/1.0", "Foo Bot", "*", ""] {
                assert_eq!(
                    (peer.check)(body, agent, &urls[..1]),
                    Ok(vec![Verdict::Unsupported]),
                    "{name}: {agent:?}"
                );
            }
        }
    }

    #[test]
    fn contract_definitions() {
        assert!(rfc3986_encoded("http://e.com/a%2Fb?c=d&e=[f]#g"));
        assert!(!rfc3986_encoded("http://e.com/%2"));
        assert!(!rfc3986_encoded("http://e.com/%g0"));
        assert!(!rfc3986_encoded("http://e.com/a|b"));
        assert!(product_token("Foo_Bot-x"));
        assert!(!product_token("FooBot/1.0"));
        assert!(!product_token("Foo Bot"));
    }

    #[test]
    fn paths_keep_the_query() {
        assert_eq!(
            path_and_query("http://e.com/a%20b?c=d").as_deref(),
            Some("/a%20b?c=d")
        );
        assert_eq!(path_and_query("not a url"), None);
    }
}
