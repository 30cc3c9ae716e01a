//! HTTP outcomes: what a described fetch of robots.txt means for crawling, as a pure function.
//!
//! The three outcomes are the 2019 text's (its table of HTTP result codes): full allow, full
//! disallow, and conditional allow (the rules decide). The decisions, in the order applied:
//! 1. A cached copy younger than its lifetime is used without fetching (conditional). The
//!    lifetime is `max-age` if given, else 24 hours (Google 2019 (Caching) “generally cached for
//!    up to 24 hours … Google may increase or decrease the cache lifetime based on … max-age”;
//!    RFC 9309 §2.4 “Crawlers SHOULD NOT use the cached version for more than 24 hours”). Under
//!    `rfc9309`, `max-age` can shorten but never lengthen it past 24 hours.
//! 2. More than five redirects, or a redirect chain that ends without a file, is a 404 (Google
//!    2019 “follows at least five redirect hops … and then stops and treats it as a 404”; RFC
//!    9309 §2.3.1.2 “The crawlers SHOULD follow at least five consecutive redirects … If there
//!    are more than five consecutive redirects, crawlers MAY assume that the robots.txt file is
//!    unavailable.”). A redirect loop never ends, so it is the same. Redirects to another host
//!    are followed (§2.3.1.2 “even across authorities”); the rules then apply to the URLs of
//!    the authority that was asked (§2.3.1.2 “in the context of the initial authority”).
//! 3. 2xx: conditional. 4xx, every one of them (401, 403 and 429 included — Google 2019 “All
//!    4xx errors are treated the same way”; RFC 9309 §2.3.1.3 “such status codes are in the
//!    400-499 range”): full allow.
//! 4. 5xx and network errors (DNS, timeout, reset, truncated body, invalid response): full
//!    disallow (Google 2019 “Server errors are seen as temporary errors that result in a "full
//!    disallow" of crawling.”; Google 2019 “Unsuccessful requests or incomplete data … is
//!    treated as a … server error”; RFC 9309 §2.3.1.4 “the crawler MUST assume complete
//!    disallow”). Unreachable for more than 30 days: the last good copy if there is one
//!    (conditional), else full allow (Google 2019 “the last cached copy of the robots.txt is
//!    used. If unavailable, Google assumes that there are no crawl restrictions.”; RFC 9309
//!    §2.3.1.4 “crawlers MAY assume that the robots.txt file is unavailable as defined in
//!    Section 2.3.1.3 or continue to use a cached copy.”). Under `google`, a site known to serve
//!    5xx for missing pages gets 404 treatment (the 2019 text's Google-specific note).
//! 5. A status outside 100–599 or a 1xx as the final answer is an invalid response: a network
//!    error.

use std::fmt;

use crate::profile::Profile;

/// How a fetch failed below HTTP.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NetworkError {
    /// The host name did not resolve.
    Dns,
    /// No answer in time.
    Timeout,
    /// The connection was reset or hung up.
    Reset,
    /// The body ended early, or chunked encoding was broken.
    Truncated,
    /// The response could not be read as HTTP.
    InvalidResponse,
}

/// What the fetch attempt ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FetchResult {
    /// An HTTP status code, after any redirects.
    Status(u16),
    /// A failure below HTTP.
    Network(NetworkError),
}

/// A last good copy of the file, kept from an earlier fetch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CachedCopy {
    /// Hours since it was fetched.
    pub age_hours: u64,
    /// The `Cache-Control: max-age` it came with, in hours.
    pub max_age_hours: Option<u64>,
}

/// A described fetch of robots.txt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fetch {
    /// What the (last) request ended with.
    pub result: FetchResult,
    /// Redirect hops followed before it.
    pub redirects: u32,
    /// Whether the redirect chain loops.
    pub redirect_loop: bool,
    /// Days since the file was last fetched successfully (how long it has been unreachable).
    pub days_unreachable: u64,
    /// A last good copy, if one is kept.
    pub cached: Option<CachedCopy>,
    /// The site is known to answer 5xx for pages that do not exist.
    pub serves_5xx_for_missing: bool,
}

impl Fetch {
    /// A fetch that ended with `status` and nothing else to say.
    pub fn status(status: u16) -> Fetch {
        Fetch {
            result: FetchResult::Status(status),
            redirects: 0,
            redirect_loop: false,
            days_unreachable: 0,
            cached: None,
            serves_5xx_for_missing: false,
        }
    }
}

/// What crawling may do after the fetch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Everything may be crawled.
    FullAllow,
    /// Nothing may be crawled.
    FullDisallow,
    /// The rules of a file decide.
    Conditional {
        /// Whether that file is the cached copy rather than the one just fetched.
        from_cache: bool,
    },
}

impl Outcome {
    /// `full-allow`, `full-disallow` or `conditional`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::FullAllow => "full-allow",
            Outcome::FullDisallow => "full-disallow",
            Outcome::Conditional { .. } => "conditional",
        }
    }
}

/// An outcome and the reason for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The outcome.
    pub outcome: Outcome,
    /// Why, in one sentence.
    pub reason: &'static str,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.outcome.name(), self.reason)
    }
}

/// Hours a cached copy stays fresh under a profile.
fn lifetime_hours(profile: Profile, copy: &CachedCopy) -> u64 {
    let requested = copy.max_age_hours.unwrap_or(24);
    match profile.rules().max_cache_hours {
        Some(cap) => requested.min(cap),
        None => requested,
    }
}

/// What a fetch means under a profile.
pub fn outcome(profile: Profile, fetch: &Fetch) -> Decision {
    let decide = |outcome, reason| Decision { outcome, reason };
    if let Some(copy) = &fetch.cached
        && copy.age_hours < lifetime_hours(profile, copy)
    {
        return decide(
            Outcome::Conditional { from_cache: true },
            "the cached copy is within its cache lifetime",
        );
    }
    if fetch.redirect_loop {
        return decide(Outcome::FullAllow, "a redirect loop is treated as a 404");
    }
    if fetch.redirects > 5 {
        return decide(
            Outcome::FullAllow,
            "more than five redirects are treated as a 404",
        );
    }
    match fetch.result {
        FetchResult::Status(200..=299) => {
            return decide(
                Outcome::Conditional { from_cache: false },
                "2xx: the rules decide",
            );
        }
        FetchResult::Status(300..=399) => {
            return decide(
                Outcome::FullAllow,
                "a redirect chain that ends without a file is treated as a 404",
            );
        }
        FetchResult::Status(400..=499) => {
            return decide(Outcome::FullAllow, "4xx: no robots.txt, no restrictions");
        }
        FetchResult::Status(500..=599) => {
            if fetch.serves_5xx_for_missing && profile.rules().misconfigured_5xx_as_404 {
                return decide(
                    Outcome::FullAllow,
                    "5xx from a site that serves 5xx for missing pages is treated as a 404",
                );
            }
        }
        // Anything else — 1xx, a status outside 100–599, a network error — is unreachable.
        FetchResult::Status(_) | FetchResult::Network(_) => {}
    }
    if fetch.days_unreachable > 30 {
        return match fetch.cached {
            Some(_) => decide(
                Outcome::Conditional { from_cache: true },
                "unreachable for more than 30 days: the last cached copy is used",
            ),
            None => decide(
                Outcome::FullAllow,
                "unreachable for more than 30 days and no cached copy: no restrictions",
            ),
        };
    }
    decide(
        Outcome::FullDisallow,
        "server or network error: the file is unreachable, nothing may be crawled",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_classes() {
        for profile in Profile::ALL {
            assert_eq!(
                outcome(profile, &Fetch::status(200)).outcome.name(),
                "conditional"
            );
            assert_eq!(
                outcome(profile, &Fetch::status(403)).outcome,
                Outcome::FullAllow
            );
            assert_eq!(
                outcome(profile, &Fetch::status(503)).outcome,
                Outcome::FullDisallow
            );
        }
    }

    #[test]
    fn max_age_lengthens_the_cache_only_for_google() {
        let fetch = Fetch {
            cached: Some(CachedCopy {
                age_hours: 30,
                max_age_hours: Some(48),
            }),
            ..Fetch::status(503)
        };
        assert_eq!(
            outcome(Profile::Google, &fetch).outcome,
            Outcome::Conditional { from_cache: true }
        );
        assert_eq!(
            outcome(Profile::Rfc9309, &fetch).outcome,
            Outcome::FullDisallow
        );
    }
}
