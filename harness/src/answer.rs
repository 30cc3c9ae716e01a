//! The harness's shared vocabulary: what an implementation answered to one check
//! ([`Answer`]), how that answer stands against a profile's expectation ([`Status`]), and
//! maps keyed by [`Profile`] written as the profiles' names.
//!
//! Every module speaks these types; their names (`allow`, `known-fail`, `rfc9309`, …) are
//! spelled here once, by serde and `Display`, never as string literals compared elsewhere.

use std::collections::BTreeMap;
use std::fmt;

use reptest_reference::Profile;
use serde::{Deserialize, Serialize};

/// What an implementation answered to one check.
///
/// The variants are in the alphabetical order of their names, so that anything ordered by
/// answer (a finding's split, a family signature) reads the same whether it is ordered by
/// value or by name. An answer that did not come within the time limit is a `timeout`, kept
/// apart from `error`: a slow library is a performance finding, not a failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Answer {
    /// The URL may be crawled.
    Allow,
    /// The URL may not be crawled.
    Disallow,
    /// The implementation (or its adapter) failed.
    Error,
    /// No answer within the time limit.
    Timeout,
    /// The implementation declared it cannot answer, or the question cannot be put to it.
    Unsupported,
}

impl Answer {
    /// `allow`, `disallow`, `error` or `unsupported`.
    pub fn name(self) -> &'static str {
        match self {
            Answer::Allow => "allow",
            Answer::Disallow => "disallow",
            Answer::Error => "error",
            Answer::Timeout => "timeout",
            Answer::Unsupported => "unsupported",
        }
    }

    /// `Some(true)` for allow, `Some(false)` for disallow, `None` otherwise.
    pub fn allowed(self) -> Option<bool> {
        match self {
            Answer::Allow => Some(true),
            Answer::Disallow => Some(false),
            Answer::Error | Answer::Timeout | Answer::Unsupported => None,
        }
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How one answer stands against one profile's expectation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// As expected.
    Pass,
    /// Not as expected, and not listed as a known deviation.
    Fail,
    /// Not as expected, listed as a known deviation.
    KnownFail,
    /// As expected although listed as a known deviation.
    UnexpectedPass,
    /// The engine declared it cannot answer, or the protocol cannot ask.
    Unsupported,
    /// The engine failed.
    Error,
}

impl Status {
    /// Every status, in the order tallies list them.
    pub const ALL: [Status; 6] = [
        Status::Pass,
        Status::Fail,
        Status::KnownFail,
        Status::UnexpectedPass,
        Status::Unsupported,
        Status::Error,
    ];

    /// Its label: `pass`, `fail`, `known-fail`, `unexpected-pass`, `unsupported`, `error`
    /// (as serialised).
    pub fn label(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Fail => "fail",
            Status::KnownFail => "known-fail",
            Status::UnexpectedPass => "unexpected-pass",
            Status::Unsupported => "unsupported",
            Status::Error => "error",
        }
    }

    /// Whether the answer was the expected one (an unexpected pass is still correct).
    pub fn correct(self) -> bool {
        matches!(self, Status::Pass | Status::UnexpectedPass)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Reads a profile's name.
pub fn profile_named(name: &str) -> Option<Profile> {
    Profile::ALL.into_iter().find(|p| p.name() == name)
}

/// Serde for one profile, written as its name.
pub mod profile_name {
    use reptest_reference::Profile;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the name.
    pub fn serialize<S: Serializer>(profile: &Profile, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(profile.name())
    }

    /// Reads a name; an unknown one is an error.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Profile, D::Error> {
        let name = String::deserialize(d)?;
        super::profile_named(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown profile `{name}`")))
    }
}

/// Serde for a list of profiles, written as their names.
pub mod profile_list {
    use reptest_reference::Profile;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the names, in the list's order.
    pub fn serialize<S: Serializer>(profiles: &[Profile], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(profiles.iter().map(|p| p.name()))
    }

    /// Reads names; an unknown one is an error.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Profile>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|name| {
                super::profile_named(name)
                    .ok_or_else(|| serde::de::Error::custom(format!("unknown profile `{name}`")))
            })
            .collect()
    }
}

/// Serde for a map keyed by profile, written as an object keyed by the profiles' names (in
/// the names' order, as any JSON object of ours).
pub mod by_profile {
    use std::collections::BTreeMap;

    use reptest_reference::Profile;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Writes `{ name: value }`.
    pub fn serialize<S: Serializer, V: Serialize>(
        map: &BTreeMap<Profile, V>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let named: BTreeMap<&str, &V> = map.iter().map(|(p, v)| (p.name(), v)).collect();
        named.serialize(s)
    }

    /// Reads `{ name: value }`; an unknown name is an error.
    pub fn deserialize<'de, D: Deserializer<'de>, V: Deserialize<'de>>(
        d: D,
    ) -> Result<BTreeMap<Profile, V>, D::Error> {
        BTreeMap::<String, V>::deserialize(d)?
            .into_iter()
            .map(|(name, v)| {
                super::profile_named(&name)
                    .map(|p| (p, v))
                    .ok_or_else(|| serde::de::Error::custom(format!("unknown profile `{name}`")))
            })
            .collect()
    }
}

/// A map keyed by profile written as names, for `serde_json::json!`-free output.
pub fn named<V: Clone>(map: &BTreeMap<Profile, V>) -> BTreeMap<&'static str, V> {
    map.iter().map(|(p, v)| (p.name(), v.clone())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_serialised_forms() {
        for answer in [
            Answer::Allow,
            Answer::Disallow,
            Answer::Error,
            Answer::Timeout,
            Answer::Unsupported,
        ] {
            assert_eq!(
                serde_json::to_value(answer).ok(),
                Some(serde_json::Value::from(answer.name()))
            );
        }
        for status in Status::ALL {
            assert_eq!(
                serde_json::to_value(status).ok(),
                Some(serde_json::Value::from(status.label()))
            );
        }
        let mut names: Vec<&str> = [
            Answer::Allow,
            Answer::Disallow,
            Answer::Error,
            Answer::Timeout,
            Answer::Unsupported,
        ]
        .map(Answer::name)
        .to_vec();
        let sorted = names.clone();
        names.sort_unstable();
        assert_eq!(
            names, sorted,
            "answers are declared in the order of their names"
        );
    }

    #[test]
    fn profile_maps_round_trip() {
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        struct Doc {
            #[serde(with = "by_profile")]
            map: BTreeMap<Profile, Answer>,
        }
        let doc = Doc {
            map: BTreeMap::from([
                (Profile::Rfc9309, Answer::Allow),
                (Profile::Google, Answer::Error),
            ]),
        };
        let text = serde_json::to_string(&doc).unwrap_or_default();
        assert_eq!(text, r#"{"map":{"google":"error","rfc9309":"allow"}}"#);
        assert_eq!(serde_json::from_str::<Doc>(&text).ok(), Some(doc));
        assert!(serde_json::from_str::<Doc>(r#"{"map":{"rfc":"allow"}}"#).is_err());
    }
}
