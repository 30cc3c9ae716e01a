//! A clean-room reference implementation of the Robots Exclusion Protocol.
//!
//! Written from the specification texts alone — RFC 9309 and Google's robots.txt
//! specification (the 2019 text and the older one) — never from another parser's code. Where
//! the texts disagree, each reading is a [`Profile`]; every such decision lives in
//! [`profile`] with the sentence it relies on, and the spec suite has a case for it.
//!
//! The shape of the API follows how a crawler (and the differential harness) uses it: parse a
//! file once ([`Robots::parse`], which takes bytes and never fails), select the groups for one
//! crawler once ([`Robots::select`]), then ask about many URLs cheaply
//! ([`Selection::check_url`]). Every [`Verdict`] explains itself: the deciding rule and
//! group, or why none applied. Fetch outcomes ([`http::outcome`]) and robots.txt scope
//! ([`scope`]) are pure functions of their inputs.
//!
//! ```
//! use reptest_reference::{ParseOptions, Profile, Robots};
//!
//! let robots = Robots::parse(
//!     b"user-agent: *\ndisallow: /private\n",
//!     ParseOptions::new(Profile::Rfc9309),
//! );
//! let selection = robots.select(&["ExampleBot/1.0"]);
//! let verdict = selection.check_url("https://example.com/private/a").unwrap();
//! assert!(!verdict.allowed);
//! assert_eq!(verdict.rule.unwrap().line, 2);
//! ```
//!
//! # Use in a crawler
//!
//! A crawler fetches `/robots.txt` for each origin it visits ([`scope::robots_txt_url`] names
//! it), decides what the fetch means ([`http::outcome`]: a 404 allows everything, a 5xx or a
//! redirect loop disallows everything, a cached copy may stand in), and, when a file decides,
//! parses it once and keeps the [`Robots`] for the origin. The body is taken as bytes: no
//! decoding step can fail, and invalid UTF-8 is reported per line ([`Diagnostic`]), not
//! fatal.
//!
//! ```
//! use reptest_reference::http::{self, Fetch, Outcome};
//! use reptest_reference::{ParseOptions, Profile, Robots, scope};
//!
//! let page = "https://example.com:8443/shop/cart?id=7";
//! assert_eq!(scope::robots_txt_url(page).unwrap(), "https://example.com:8443/robots.txt");
//!
//! // What the fetch of that URL ended with decides whether a file decides at all.
//! let profile = Profile::Rfc9309;
//! let decision = http::outcome(profile, &Fetch::status(404));
//! assert_eq!(decision.outcome, Outcome::FullAllow); // no file: everything may be crawled
//! let decision = http::outcome(profile, &Fetch::status(503));
//! assert_eq!(decision.outcome, Outcome::FullDisallow);
//! let decision = http::outcome(profile, &Fetch::status(200));
//! assert!(matches!(decision.outcome, Outcome::Conditional { .. }));
//!
//! // 200: the file decides. Parse it once per origin and keep it.
//! let body: &[u8] = b"User-agent: *\nDisallow: /shop/cart\n\nSitemap: https://example.com/s.xml\n";
//! let robots = Robots::parse(body, ParseOptions::new(profile));
//! assert_eq!(robots.sitemaps(), ["https://example.com/s.xml"]);
//! assert!(!robots.check("ExampleBot", page).unwrap());
//! ```
//!
//! A crawler asks about many URLs with one name: select its groups once and keep the
//! [`Selection`]. It may give fallback product tokens, most specific first (a news crawler
//! that obeys its own group when there is one, else its general crawler's); the first token
//! that has a group wins, else the `*` groups apply ([`Selection::matched`] says which).
//!
//! ```
//! use reptest_reference::{GroupMatch, ParseOptions, Profile, Robots};
//!
//! let robots = Robots::parse(
//!     b"user-agent: examplebot\ndisallow: /drafts\n\nuser-agent: *\ndisallow: /\n",
//!     ParseOptions::new(Profile::Google),
//! );
//! let news = robots.select(&["ExampleBot-News", "ExampleBot"]);
//! assert_eq!(*news.matched(), GroupMatch::Token("examplebot".into()));
//! for (url, allowed) in [
//!     ("https://example.com/", true),
//!     ("https://example.com/drafts/1", false),
//!     ("/news/today", true), // a path is fine too
//! ] {
//!     assert_eq!(news.check_url(url).unwrap().allowed, allowed, "{url}");
//! }
//! let other = robots.select(&["OtherBot"]);
//! assert_eq!(*other.matched(), GroupMatch::Star);
//! assert!(!other.check_url("https://example.com/").unwrap().allowed);
//! ```
//!
//! # Explaining a verdict
//!
//! A [`Verdict`]'s `Display` is a sentence naming the deciding rule and group (what
//! `reptest check` prints); [`Reason`] and [`Diagnostic`] have short stable names as their
//! `Display` (`no-matching-rule`, `missing-colon`), for logs and metrics keyed by them.
//!
//! ```
//! use reptest_reference::{ParseOptions, Profile, Reason, Robots};
//!
//! let robots = Robots::parse(
//!     b"user-agent: *\ndisalow: /tmp\nallow: /tmp/public\n",
//!     ParseOptions::new(Profile::Google),
//! );
//! let selection = robots.select(&["ExampleBot"]);
//! let verdict = selection.check_url("https://example.com/tmp/public/a").unwrap();
//! assert!(verdict.allowed); // the longest match wins
//! assert_eq!(verdict.reason, Reason::Rule);
//! assert_eq!(
//!     verdict.to_string(),
//!     "allow: rule `allow: /tmp/public` (line 3, 11 octets) in the group of user-agent: * (line 1)"
//! );
//! let line_2 = &robots.records()[1];
//! let notes: Vec<String> = line_2.diagnostics.iter().map(|d| format!("{d:#}")).collect();
//! assert_eq!(notes, ["misspelling (read as disallow)"]);
//! ```
//!
//! # Stability
//!
//! The enums a later reading of the texts may extend are `#[non_exhaustive]`: [`Reason`],
//! [`Diagnostic`], [`RecordKind`], [`GroupMatch`], [`AgentToken`], [`http::NetworkError`],
//! [`ErrorKind`] and the profile knobs of [`profile`]; match them with a wildcard arm.
//! [`Profile`] and [`http::Outcome`] are exhaustive on purpose: a new profile changes every
//! table keyed by profile, and the three fetch outcomes are fixed by RFC 9309 §2.3.1, so a
//! caller's exhaustive `match` on them is a check worth having.

mod agent;
mod check;
mod error;
pub mod http;
mod index;
mod names;
mod octets;
mod parse;
mod pattern;
pub mod profile;
mod records;
pub mod scope;

pub use agent::{AgentToken, crawler_token};
pub use check::{GroupMatch, Reason, Selection, Verdict};
pub use error::{Error, ErrorKind};
pub use parse::{
    AgentLine, DEFAULT_SIZE_LIMIT, Diagnostic, Group, LineSpan, ParseOptions, Record, RecordKind,
    Robots, Rule, field, line_spans,
};
pub use pattern::Pattern;
pub use profile::Profile;
pub use records::{ContentUsage, CrawlDelay, RequestRate};
