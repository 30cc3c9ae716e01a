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

mod agent;
mod check;
mod error;
pub mod http;
mod index;
mod octets;
mod parse;
mod pattern;
pub mod profile;
pub mod scope;

pub use agent::{AgentToken, crawler_token};
pub use check::{GroupMatch, Reason, Selection, Verdict};
pub use error::{Error, ErrorKind};
pub use parse::{
    AgentLine, DEFAULT_SIZE_LIMIT, Diagnostic, Group, ParseOptions, Record, RecordKind, Robots,
    Rule,
};
pub use pattern::Pattern;
pub use profile::Profile;
