//! Product tokens: how a `user-agent` value and a crawler's name become comparable tokens.
//!
//! Case: every profile compares tokens without regard to case. RFC 9309 §2.2.1 “Crawlers MUST
//! use case-insensitive matching to find the group that matches the product token”; the legacy
//! text says the user agent is case-insensitive (Google legacy “user-agent는 대소문자를 구분하지
//! 않습니다.”). The 2019 Google text says the opposite, Google 2019 “The user agent is
//! case-sensitive.”, but its own Example 1 has the crawler Googlebot follow the group
//! `user-agent: googlebot`, and Google's open-source parser, which the text says is Google 2019
//! “also used in Google Search”, ignores case; so the `google` profile ignores case too (case
//! `user-agent/case-*`).

use crate::profile::AgentValue;

/// What a `user-agent` line's value stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AgentToken {
    /// `*`: every crawler without a group of its own.
    Star,
    /// A product token, stored in lower case.
    Name(String),
    /// A value that names no crawler (empty, or not a product token under the profile).
    Invalid,
}

fn is_token_byte(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b == b'-'
}

/// The leading run of `[A-Za-z_-]` of `value`.
fn leading_token(value: &[u8]) -> &[u8] {
    let end = value
        .iter()
        .position(|&b| !is_token_byte(b))
        .unwrap_or(value.len());
    &value[..end]
}

fn lower(token: &[u8]) -> String {
    // Token bytes are ASCII by construction: one lower-cased copy, checked as UTF-8 a word at
    // a time (pushing one `char` at a time, or a lossy reading, compared octet by octet, which
    // a profile of the fuzz target showed among its costliest comparisons).
    String::from_utf8(token.to_ascii_lowercase())
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// What a `user-agent` value stands for, read without allocating: a name is the value's first
/// `len` octets (every reading takes a prefix of the value). The parse keeps this, and
/// [`AgentToken`] (with its lower-case copy) is built only for the groups that are asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RawToken {
    Star,
    Name(usize),
    Invalid,
}

impl RawToken {
    /// Reads the (already trimmed) value of a `user-agent` line.
    pub(crate) fn read(value: &[u8], rule: AgentValue) -> RawToken {
        match rule {
            AgentValue::Whole => {
                if value == b"*" {
                    RawToken::Star
                } else if !value.is_empty() && value.iter().all(|&b| is_token_byte(b)) {
                    RawToken::Name(value.len())
                } else {
                    RawToken::Invalid
                }
            }
            AgentValue::LeadingToken | AgentValue::LeadingTokenLoneStar => {
                let token = leading_token(value);
                if !token.is_empty() {
                    return RawToken::Name(token.len());
                }
                match value.split_first() {
                    Some((b'*', _)) if rule == AgentValue::LeadingToken => RawToken::Star,
                    // `*` alone, or followed by whitespace (the value is already trimmed of
                    // the comment and of surrounding whitespace).
                    Some((b'*', [])) => RawToken::Star,
                    Some((b'*', [next, ..])) if next.is_ascii_whitespace() || *next == 0x0B => {
                        RawToken::Star
                    }
                    _ => RawToken::Invalid,
                }
            }
        }
    }

    /// Whether this token, read from `value`, names the crawler known by `token` (lower case).
    pub(crate) fn names(self, value: &[u8], token: &[u8]) -> bool {
        // Token octets are ASCII by construction, so comparing without regard to ASCII case is
        // comparing the lower-case forms.
        matches!(self, RawToken::Name(len) if value[..len].eq_ignore_ascii_case(token))
    }

    /// The token with its name copied out of `value`, in lower case.
    pub(crate) fn token(self, value: &[u8]) -> AgentToken {
        match self {
            RawToken::Star => AgentToken::Star,
            RawToken::Name(len) => AgentToken::Name(lower(&value[..len])),
            RawToken::Invalid => AgentToken::Invalid,
        }
    }
}

impl AgentToken {
    /// Reads the (already trimmed) value of a `user-agent` line.
    #[cfg(test)]
    pub(crate) fn from_value(value: &[u8], rule: AgentValue) -> AgentToken {
        RawToken::read(value, rule).token(value)
    }
}

/// The product token a crawler is known by, from the name it is given (`Googlebot/2.1` →
/// `googlebot`): its leading run of `[A-Za-z_-]`, in lower case. `None` when that is empty.
///
/// Every profile reads the crawler's own name this way, Google 2019 “All non-matching text is
/// ignored” applied to it. Google's parser documents that it is given a product token (its
/// header's words: "Valid user agent strings only contain the characters [a-zA-Z_-]"); asked with
/// `FooBot/1.0`, `FooBot 1.0` or `FooBot2` it matches no named group at all, which is outside
/// that contract and so not what the `google` profile follows.
pub fn crawler_token(agent: &str) -> Option<String> {
    let token = leading_token(agent.trim().as_bytes());
    (!token.is_empty()).then(|| lower(token))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leading_token_reading() {
        let read = |v: &str| AgentToken::from_value(v.as_bytes(), AgentValue::LeadingToken);
        assert_eq!(read("googlebot/1.2"), AgentToken::Name("googlebot".into()));
        assert_eq!(read("Googlebot*"), AgentToken::Name("googlebot".into()));
        assert_eq!(read("*"), AgentToken::Star);
        assert_eq!(read("/1.0"), AgentToken::Invalid);
    }

    #[test]
    fn lone_star_reading() {
        let read = |v: &str| AgentToken::from_value(v.as_bytes(), AgentValue::LeadingTokenLoneStar);
        assert_eq!(read("*"), AgentToken::Star);
        assert_eq!(read("* foo"), AgentToken::Star);
        assert_eq!(read("*\x0bfoo"), AgentToken::Star);
        assert_eq!(read("*WordPress*"), AgentToken::Invalid);
        assert_eq!(read("*/1.0"), AgentToken::Invalid);
        assert_eq!(read("googlebot*"), AgentToken::Name("googlebot".into()));
    }

    #[test]
    fn whole_value_reading() {
        let read = |v: &str| AgentToken::from_value(v.as_bytes(), AgentValue::Whole);
        assert_eq!(read("Foo_Bot-x"), AgentToken::Name("foo_bot-x".into()));
        assert_eq!(read("googlebot/1.2"), AgentToken::Invalid);
        assert_eq!(read("*"), AgentToken::Star);
    }

    #[test]
    fn crawler_names() {
        assert_eq!(crawler_token("Googlebot/2.1").as_deref(), Some("googlebot"));
        assert_eq!(crawler_token(" FooBot ").as_deref(), Some("foobot"));
        assert_eq!(crawler_token("1bot"), None);
    }
}
