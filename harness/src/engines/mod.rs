//! The implementations under test: one [`Engine`] trait, and its kinds: in process (the
//! reference under a profile, the Rust crates of `reptest-peers`) and a long-lived adapter
//! subprocess speaking protocol v1 ([`SubprocessEngine`], [`protocol`]); adapter manifests
//! and their setup ([`adapters`]); adapters from outside the repository, given by a
//! directory or a command ([`outside`]); and a deliberately faulty adapter ([`faulty`]) for
//! the harness's own tests.
//!
//! Engines answer with the protocol's [`WireVerdict`]s; judging an answer against a case or
//! against the reference is the suite's and the campaign's work, in terms of
//! [`crate::answer::Answer`].

pub mod adapters;
pub mod faulty;
pub mod library;
pub mod outside;
pub mod protocol;
pub mod registry;
pub mod serve;
mod subprocess;

pub use subprocess::SubprocessEngine;

use reptest_reference::Profile;

use crate::engines::protocol::WireVerdict;

/// Who an engine is.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EngineInfo {
    /// Short name.
    pub name: String,
    /// The implementation's own name.
    pub implementation: String,
    /// Its version.
    pub version: String,
    /// Its language.
    pub language: String,
}

/// Why an engine gave no verdicts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The implementation itself reported an error on this input.
    Reported(String),
    /// The adapter broke the protocol: crash, hang, garbage, wrong id or count.
    Adapter(String),
    /// The adapter could not be started at all.
    Unavailable(String),
    /// No answer within the time limit: a performance finding, not a failure. `took` is when
    /// the late answer came, measured up to twice the limit (`None`: later than that, or not
    /// waited for: see [`SubprocessEngine::give_up_after`]).
    Timeout {
        /// The time limit (the configured timeout).
        limit: std::time::Duration,
        /// When the answer came, if it came while the harness waited.
        took: Option<std::time::Duration>,
    },
}

impl EngineError {
    /// The time measured for a timeout (the late answer's, or the time waited for it when it
    /// never came, a lower bound); `None` for any other error.
    pub fn timeout_measured(&self) -> Option<std::time::Duration> {
        match self {
            EngineError::Timeout { limit, took } => Some(took.unwrap_or(*limit * 2)),
            _ => None,
        }
    }
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Reported(m) => write!(f, "implementation error: {m}"),
            EngineError::Adapter(m) => write!(f, "adapter failure: {m}"),
            EngineError::Unavailable(m) => write!(f, "adapter unavailable: {m}"),
            EngineError::Timeout {
                limit,
                took: Some(took),
            } => write!(
                f,
                "answered after {:.1}s, past the timeout of {:.1}s",
                took.as_secs_f64(),
                limit.as_secs_f64()
            ),
            EngineError::Timeout { limit, took: None } => write!(
                f,
                "no answer within the timeout of {:.1}s",
                limit.as_secs_f64()
            ),
        }
    }
}

/// An implementation under test.
pub trait Engine: Send {
    /// Who it is.
    fn info(&self) -> &EngineInfo;
    /// One verdict per URL for `agent` under `body`.
    fn check(
        &mut self,
        body: &[u8],
        agent: &str,
        urls: &[String],
    ) -> Result<Vec<WireVerdict>, EngineError>;
}

/// The name the reference under `profile` goes by in splits and reports.
pub fn reference_name(profile: Profile) -> String {
    format!("reference-{profile}")
}

/// The reference under one profile, in process.
#[derive(Debug)]
pub struct ReferenceEngine {
    profile: Profile,
    info: EngineInfo,
}

impl ReferenceEngine {
    /// The reference under `profile`.
    pub fn new(profile: Profile) -> ReferenceEngine {
        ReferenceEngine {
            profile,
            info: EngineInfo {
                name: reference_name(profile),
                implementation: "reptest reference".into(),
                version: env!("CARGO_PKG_VERSION").into(),
                language: "rust".into(),
            },
        }
    }
}

impl Engine for ReferenceEngine {
    fn info(&self) -> &EngineInfo {
        &self.info
    }

    fn check(
        &mut self,
        body: &[u8],
        agent: &str,
        urls: &[String],
    ) -> Result<Vec<WireVerdict>, EngineError> {
        crate::engines::protocol::reference_check(self.profile)(body, agent, urls)
            .map_err(EngineError::Reported)
    }
}

/// A Rust crate from `reptest-peers`, in process. A panic inside the crate is caught and
/// reported as the crate's error.
#[derive(Debug)]
pub struct PeerEngine {
    peer: &'static reptest_peers::Peer,
    info: EngineInfo,
}

impl PeerEngine {
    /// The peer called `name`, if compiled in.
    pub fn new(name: &str) -> Option<PeerEngine> {
        let peer = reptest_peers::find(name)?;
        Some(PeerEngine {
            peer,
            info: EngineInfo {
                name: peer.name.into(),
                implementation: peer.implementation.into(),
                version: peer.version.into(),
                language: "rust".into(),
            },
        })
    }

    /// Its answers as protocol verdicts.
    pub fn answer(
        &self,
        body: &[u8],
        agent: &str,
        urls: &[String],
    ) -> Result<Vec<WireVerdict>, String> {
        let run = std::panic::AssertUnwindSafe(|| (self.peer.check)(body, agent, urls));
        let answer = std::panic::catch_unwind(run).map_err(|panic| {
            let text = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            format!("panicked: {text}")
        })??;
        Ok(answer
            .into_iter()
            .map(|v| match v {
                reptest_peers::Verdict::Allow => WireVerdict::Allow,
                reptest_peers::Verdict::Disallow => WireVerdict::Disallow,
                reptest_peers::Verdict::Unsupported => WireVerdict::Unsupported,
            })
            .collect())
    }
}

impl Engine for PeerEngine {
    fn info(&self) -> &EngineInfo {
        &self.info
    }

    fn check(
        &mut self,
        body: &[u8],
        agent: &str,
        urls: &[String],
    ) -> Result<Vec<WireVerdict>, EngineError> {
        self.answer(body, agent, urls)
            .map_err(EngineError::Reported)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_engine_answers() {
        let mut engine = ReferenceEngine::new(Profile::Rfc9309);
        let verdicts = engine
            .check(
                b"user-agent: *\ndisallow: /a\n",
                "Bot",
                &["http://e.com/a".into(), "http://e.com/b".into()],
            )
            .expect("verdicts");
        assert_eq!(verdicts, vec![WireVerdict::Disallow, WireVerdict::Allow]);
    }
}
