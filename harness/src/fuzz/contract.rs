//! The call contract a finding is checked against before it is kept: the question a crawler
//! would ask. A library documented to take a product token, a percent-encoded URL and a
//! UTF-8 body says nothing about `Yahoo! Slurp`, a raw `é` in a URL or a lone `\xC3`; a split
//! that disappears once the question is brought inside that contract rests on the contract,
//! not on the library's reading of robots.txt.
//!
//! [`within_contract`] brings an input inside: the agent reduced to its leading product
//! token, the URL percent-encoded as a crawler's URL library serialises it, the body decoded
//! as UTF-8 with replacement. Each change made is named by the contract it restores
//! ([`CONTRACTS`]), which is also the label a finding kept under an opt-in class carries.

use crate::fuzz::generate::{CLASS_TAGS, Input, InputClasses, crawler_url};

/// The contracts, in the order of the input classes that leave them ([`CLASS_TAGS`]):
/// `encoded-url` (raw URLs), `agent-token` (agent strings), `utf8-body` (invalid UTF-8).
pub const CONTRACTS: [&str; 3] = ["encoded-url", "agent-token", "utf8-body"];

/// The opt-in class tag that leaves `contract` (`None` for an unknown name).
pub fn class_of(contract: &str) -> Option<&'static str> {
    CONTRACTS
        .iter()
        .position(|c| *c == contract)
        .map(|i| CLASS_TAGS[i])
}

/// An input brought inside the call contract, and the contracts that took a change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WithinContract {
    /// The input as a crawler would ask it.
    pub input: Input,
    /// The contracts restored (empty: the input already was inside).
    pub restored: Vec<&'static str>,
}

/// `input` as a crawler would ask it, for a run whose realistic agents `classes` defines
/// (a `/version` suffix stays when every library compared takes full user-agent strings).
pub fn within_contract(input: &Input, classes: InputClasses) -> WithinContract {
    let mut out = input.clone();
    let mut restored = Vec::new();
    let urls: Vec<String> = input.urls.iter().map(|u| encoded_url(u)).collect();
    if urls != input.urls {
        out.urls = urls;
        restored.push(CONTRACTS[0]);
    }
    let realistic = InputClasses {
        versioned_agents: classes.versioned_agents,
        ..InputClasses::default()
    };
    if !realistic.realistic_agent(&input.agent) {
        out.agent = agent_token(&input.agent);
        restored.push(CONTRACTS[1]);
    }
    let body = input.body();
    if let std::borrow::Cow::Owned(text) = String::from_utf8_lossy(&body) {
        out.lines = text
            .split_inclusive('\n')
            .map(|l| l.as_bytes().to_vec())
            .collect();
        restored.push(CONTRACTS[2]);
    }
    WithinContract {
        input: out,
        restored,
    }
}

/// The leading product token of `agent` (`[A-Za-z_-]+`): `FooBot/1.0` → `FooBot`,
/// `Yahoo! Slurp` → `Yahoo`; an agent with none (`*`, `: *`) becomes `FooBot`.
pub fn agent_token(agent: &str) -> String {
    let token: String = agent
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphabetic() || *c == '_' || *c == '-')
        .collect();
    if token.is_empty() {
        "FooBot".to_owned()
    } else {
        token
    }
}

/// `url` percent-encoded: every character RFC 3986 does not allow as it is (non-ASCII,
/// space, `|`, …) and every `%` not followed by two hex digits encoded as UTF-8 octets, then
/// serialised as a crawler's URL library does ([`crawler_url`]).
pub fn encoded_url(url: &str) -> String {
    let bytes = url.as_bytes();
    let mut out = String::with_capacity(url.len());
    for (i, &b) in bytes.iter().enumerate() {
        let allowed = b.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=".contains(&b);
        let escape = b == b'%'
            && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
        if allowed || escape {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    crawler_url(&out).unwrap_or(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_are_brought_inside_the_contract() {
        let input = Input {
            lines: vec![b"user-agent: *\n".to_vec(), b"disallow: /\xC3\n".to_vec()],
            agent: "Yahoo! Slurp".into(),
            urls: vec!["http://example.com/caf\u{e9} x%z".into()],
        };
        let within = within_contract(&input, InputClasses::default());
        assert_eq!(within.restored, CONTRACTS.to_vec());
        assert_eq!(within.input.agent, "Yahoo");
        assert_eq!(
            within.input.urls,
            vec!["http://example.com/caf%C3%A9%20x%25z"]
        );
        assert_eq!(
            within.input.body(),
            "user-agent: *\ndisallow: /\u{FFFD}\n".as_bytes()
        );
        // An input already inside is left as it is.
        let inside = within_contract(&within.input, InputClasses::default());
        assert!(inside.restored.is_empty());
        assert_eq!(inside.input, within.input);
        assert_eq!(agent_token(": *"), "FooBot");
        assert_eq!(class_of("utf8-body"), Some("invalid-utf8"));
    }
}
