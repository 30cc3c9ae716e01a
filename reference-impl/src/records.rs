//! The other records: what a file says besides `allow` and `disallow` for one crawler — its
//! sitemaps, its crawl-delay and request-rate, and the usage preferences (`content-usage`) of
//! each URL.
//!
//! None of these changes a verdict (RFC 9309 §2.2.4 “Parsing of other records MUST NOT
//! interfere with the parsing of explicitly defined records in Section 2.”): they are read
//! from the [`Record`]s and [`Group`]s the parser has already made, never the other way round.
//!
//! Decisions, and what each rests on:
//! - **Sitemaps** are every non-empty `sitemap` value of the file, as written and in file
//!   order, for every crawler, wherever the line is (before any group, inside one, after all):
//!   Google 2019 “As non-group-member lines, these are not tied to any specific user agents and
//!   may be followed by all crawlers, provided it is not disallowed.”; RFC 9309 leaves other
//!   records to the crawler (§2.2.4 “Crawlers MAY interpret other records that are not part of
//!   the robots.txt protocol -- for example, "Sitemaps" [SITEMAPS].”). A value that is not an
//!   absolute URL is still reported as written: of the value, Google 2019 “Must be a
//!   fully-qualified URL; Google doesn't assume or check http/https/www.non-www alternates.”,
//!   which binds the file's author; what a parser does with a relative one no text says
//!   (resolving it against the robots.txt URL would be the reference's invention).
//! - **Crawl-delay and request-rate** have no text at all: RFC 9309, the Google texts and the
//!   legacy text never name them; only vendors' documentation does. One reading serves every
//!   profile, and every case about them is an `interpretation`: the value belongs to the group
//!   its line is in (a line before any group belongs to none), a crawler's value is the first
//!   valid one of the groups it follows (the groups [`Robots::select`] picks for its verdicts),
//!   a crawl-delay is a non-negative decimal number of seconds (`5`, `0.5`; anything else,
//!   `5s` or `-1` or `abc`, is no value), and a request-rate is `requests/seconds` in positive
//!   whole numbers (`1/5`).
//! - **Content-usage** rules are read only under a profile whose texts have them
//!   ([`Rules::content_usage`]); see [`Selection::content_usage`] for the draft's sentences.

use crate::error::Error;
use crate::parse::{Group, RecordKind, Robots};
use crate::pattern::{Pattern, Side, canonicalize};
use crate::profile::Rules;
use crate::scope::match_path;
use crate::{Selection, Verdict};

/// A crawl-delay: the line it is on and its value in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CrawlDelay {
    /// 1-based line number.
    pub line: usize,
    /// Seconds between requests.
    pub seconds: f64,
}

/// A request-rate: `requests` per `seconds`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RequestRate {
    /// 1-based line number.
    pub line: usize,
    /// Requests allowed…
    pub requests: u64,
    /// …per this many seconds.
    pub seconds: u64,
}

/// One `content-usage` rule that applies to a URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentUsage {
    /// 1-based line number.
    pub line: usize,
    /// Its path, as written.
    pub path: String,
    /// Its usage preference, as written (a vocabulary expression such as `train-ai=n`).
    pub preference: String,
}

/// The record lines of the groups a selection follows: `(line, field name, value)`, in file
/// order. A group runs from its first `user-agent` line to the line before the next group's.
fn group_lines<'r>(
    robots: &'r Robots,
    selection: &Selection<'_>,
) -> Vec<(usize, &'r str, &'r str)> {
    let starts: Vec<usize> = robots
        .groups()
        .iter()
        .filter_map(|g: &Group| g.agents.first().map(|a| a.line))
        .collect();
    let followed: Vec<usize> = selection
        .groups()
        .filter_map(|g| g.agents.first().map(|a| a.line))
        .collect();
    robots
        .records()
        .iter()
        .filter(|record| {
            // The start of the group the line is in: the last group starting at or before it.
            let at = starts.partition_point(|&start| start <= record.line);
            at > 0 && followed.contains(&starts[at - 1])
        })
        .map(|r| (r.line, r.raw_key.as_str(), r.value.as_str()))
        .collect()
}

/// A crawl-delay value: digits, optionally a point and more digits.
fn seconds(value: &str) -> Option<f64> {
    let (whole, fraction) = value.split_once('.').unwrap_or((value, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !(digits(whole) && digits(fraction)) {
        return None;
    }
    value.parse().ok()
}

/// A request-rate value: `requests/seconds`, both positive whole numbers.
fn rate(value: &str) -> Option<(u64, u64)> {
    let (requests, seconds) = value.split_once('/')?;
    let number = |s: &str| {
        let s = s.trim();
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u64>().ok())
            .flatten()
            .filter(|&n| n > 0)
    };
    Some((number(requests)?, number(seconds)?))
}

impl<'r> Selection<'r> {
    /// The crawl-delay of the groups this crawler follows: the first valid value, in file
    /// order (see the module's notes: no text decides any of this).
    pub fn crawl_delay(&self) -> Option<CrawlDelay> {
        let robots = self.robots();
        let records = robots.records();
        group_lines(robots, self)
            .into_iter()
            .filter(|(line, _, _)| records[line - 1].kind == RecordKind::CrawlDelay)
            .find_map(|(line, _, value)| seconds(value).map(|seconds| CrawlDelay { line, seconds }))
    }

    /// The request-rate of the groups this crawler follows: the first valid value, in file
    /// order (no text decides it either).
    pub fn request_rate(&self) -> Option<RequestRate> {
        group_lines(self.robots(), self)
            .into_iter()
            .filter(|(_, key, _)| key.eq_ignore_ascii_case("request-rate"))
            .find_map(|(line, _, value)| {
                rate(value).map(|(requests, seconds)| RequestRate {
                    line,
                    requests,
                    seconds,
                })
            })
    }

    /// The `content-usage` rules that give `url` its usage preferences, in file order; `None`
    /// when the profile does not read content-usage rules ([`Rules::content_usage`]).
    ///
    /// Following `draft-ietf-aipref-attach` (revision -05), §3 and §3.1–3.2 (quoted from that
    /// draft, not checked against the RFC):
    /// - the rule is a group member: "A Content-Usage rule is added to the set of potential
    ///   rules that can be included in a Group", read from the groups this crawler follows;
    /// - its value is a path, then whitespace, then the preference: "The first part of the
    ///   rule value is the path. It always starts with "/" (U+2F), and ends immediately before
    ///   the first SP (U+20) or HTAB ("U+09") character."; a value without a `/` first or
    ///   without a preference after it is no rule (the ABNF's `path-pattern 1*WS usage-pref`);
    /// - "Usage preferences apply only to those resources that can be crawled according to
    ///   Allow/Disallow rules; no preferences are implied for resources that are disallowed.":
    ///   a disallowed URL gets none;
    /// - "Any Content-Usage rules determine the usage preferences for resources using the same
    ///   path prefix matching rules as defined for Allow and Disallow. That is, the path prefix
    ///   length is determined by counting the number of bytes in the encoded path.": the
    ///   profile's patterns and canonical octets, the longest match;
    /// - "If there are Content-Usage rules that have identical paths and conflicting usage
    ///   preferences, these preferences apply separately": every rule of the longest length
    ///   is returned; combining them is the vocabulary's work, left to the caller. Two
    ///   different paths of the same length that both match are treated the same way (the
    ///   draft speaks only of identical paths: an interpretation).
    pub fn content_usage(&self, url: &str) -> Result<Option<Vec<ContentUsage>>, Error> {
        let robots = self.robots();
        let rules: &Rules = robots.profile().rules();
        if !rules.content_usage {
            return Ok(None);
        }
        let verdict: Verdict<'_> = self.check_url(url)?;
        if !verdict.allowed {
            return Ok(Some(Vec::new()));
        }
        let path = match_path(url)?;
        let path = canonicalize(path.as_bytes(), rules.encoding, Side::Url);
        let mut best: Vec<ContentUsage> = Vec::new();
        let mut best_len = 0;
        for (line, key, value) in group_lines(robots, self) {
            if !key.eq_ignore_ascii_case("content-usage") {
                continue;
            }
            let Some(end) = value.find([' ', '\t']) else {
                continue;
            };
            let (rule_path, preference) = (&value[..end], value[end..].trim_matches([' ', '\t']));
            if !rule_path.starts_with('/') || preference.is_empty() {
                continue;
            }
            let pattern = Pattern::compile(rule_path.as_bytes(), rules.encoding);
            if !pattern.matches(&path) || pattern.len() < best_len {
                continue;
            }
            if pattern.len() > best_len {
                best.clear();
                best_len = pattern.len();
            }
            best.push(ContentUsage {
                line,
                path: rule_path.to_owned(),
                preference: preference.to_owned(),
            });
        }
        Ok(Some(best))
    }
}

#[cfg(test)]
mod tests {
    use crate::{ParseOptions, Profile, Robots};

    fn parse(body: &str, profile: Profile) -> Robots {
        Robots::parse(body.as_bytes(), ParseOptions::new(profile))
    }

    #[test]
    fn crawl_delay_belongs_to_its_group() {
        let robots = parse(
            "crawl-delay: 1\nuser-agent: a\ncrawl-delay: 2\nuser-agent: b\ndisallow: /x\n\
             crawl-delay: 3\nuser-agent: *\ncrawl-delay: abc\ncrawl-delay: 0.5\n",
            Profile::Rfc9309,
        );
        let delay = |agent: &str| robots.select(&[agent]).crawl_delay().map(|d| d.seconds);
        assert_eq!(delay("a"), Some(2.0));
        assert_eq!(delay("b"), Some(2.0));
        assert_eq!(delay("other"), Some(0.5));
        let none = parse(
            "user-agent: *\ncrawl-delay: 5s\ncrawl-delay: -1\n",
            Profile::Google,
        );
        assert_eq!(none.select(&["a"]).crawl_delay(), None);
    }

    #[test]
    fn request_rate_reads_requests_per_seconds() {
        let robots = parse(
            "user-agent: *\nrequest-rate: 0/5\nrequest-rate: 3/20\n",
            Profile::Rfc9309,
        );
        let rate = robots.select(&["a"]).request_rate().expect("a rate");
        assert_eq!((rate.line, rate.requests, rate.seconds), (3, 3, 20));
    }

    #[test]
    fn content_usage_follows_the_drafts_example() {
        let body = "User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: / train-ai=n\n\
                    Content-Usage: /ai-ok/ train-ai=y\n\nUser-Agent: ExampleBot\nAllow: /\n\
                    Content-Usage: / train-ai=y\n";
        let robots = parse(body, Profile::Rfc9309);
        let prefs = |agent: &str, url: &str| -> Vec<String> {
            robots
                .select(&[agent])
                .content_usage(url)
                .expect("a URL")
                .expect("read under rfc9309")
                .into_iter()
                .map(|c| c.preference)
                .collect()
        };
        assert_eq!(prefs("other", "/test"), ["train-ai=n"]);
        assert_eq!(prefs("other", "/never/test"), Vec::<String>::new());
        assert_eq!(prefs("other", "/ai-ok/test"), ["train-ai=y"]);
        assert_eq!(prefs("ExampleBot", "/never/test"), ["train-ai=y"]);
        let google = parse(body, Profile::Google);
        assert_eq!(google.select(&["a"]).content_usage("/test"), Ok(None));
    }
}
