//! The implementations under test: one [`Engine`] trait, and its kinds: in process (the
//! reference under a profile, the Rust crates of `reptest-peers`) and a long-lived adapter
//! subprocess speaking protocol v1 ([`subprocess::SubprocessEngine`], [`protocol`]); adapter manifests
//! and their setup ([`adapters`]); adapters from outside the repository, given by a
//! directory or a command ([`outside`]); the reference as a fetcher, a real HTTP client
//! ([`fetcher`]); and a deliberately faulty adapter ([`faulty`]) for the harness's own tests.
//!
//! Engines answer with the protocol's [`WireVerdict`]s; judging an answer against a case or
//! against the reference is the suite's and the campaign's work, in terms of
//! [`crate::answer::Answer`].

pub mod adapters;
pub mod faulty;
pub mod fetcher;
pub mod library;
pub mod outside;
pub mod protocol;
pub mod registry;
pub mod serve;
pub mod subprocess;

use reptest_reference::Profile;

use crate::answer::Answer;
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
    /// waited for: see [`subprocess::SubprocessEngine::give_up_after`]).
    Timeout {
        /// The time limit (the configured timeout).
        limit: std::time::Duration,
        /// When the answer came, if it came while the harness waited.
        took: Option<std::time::Duration>,
    },
}

impl Answer {
    /// The answer for URL `index` of one request's result (a missing verdict is an error).
    pub fn of(result: &Result<Vec<WireVerdict>, EngineError>, index: usize) -> Answer {
        match result {
            Ok(verdicts) => verdicts.get(index).map_or(Answer::Error, |v| (*v).into()),
            Err(EngineError::Timeout { .. }) => Answer::Timeout,
            Err(_) => Answer::Error,
        }
    }
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

/// How an error the implementation reported (its library raised) opens when shown: what a
/// report reads to tell a raise from a timeout or a broken adapter.
pub const REPORTED: &str = "implementation error: ";

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Reported(m) => write!(f, "{REPORTED}{m}"),
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

thread_local! {
    /// Set while a peer crate runs on this thread: its panic is caught and reported.
    static IN_PEER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Installs, once, a panic hook that is silent for a panic inside a peer crate (it is caught
/// and reported as that crate's error) and defers to the hook it replaced for every other
/// panic. Without it a fuzzer's hook (libFuzzer aborts on any panic) would stop the run on a
/// peer's bug, and a campaign would print a backtrace per caught panic.
fn quiet_peer_panics() {
    let mut installed = QUIET_HOOK_INSTALLED
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if !*installed {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !IN_PEER.get() {
                previous(info);
            }
        }));
        *installed = true;
    }
}

/// Whether [`quiet_peer_panics`] has wrapped the current hook (a test replacing the hook
/// clears it).
static QUIET_HOOK_INSTALLED: std::sync::Mutex<bool> = std::sync::Mutex::new(false);

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
        quiet_peer_panics();
        let run = std::panic::AssertUnwindSafe(|| {
            IN_PEER.set(true);
            let answer = (self.peer.check)(body, agent, urls);
            IN_PEER.set(false);
            answer
        });
        let answer = std::panic::catch_unwind(run).map_err(|panic| {
            IN_PEER.set(false);
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

    /// A peer crate's panic is reported as its error without reaching the panic hook that
    /// was installed before (libFuzzer's aborts); a panic elsewhere still reaches it.
    #[test]
    fn a_peer_panic_is_caught_without_the_previous_hook() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static SEEN: AtomicUsize = AtomicUsize::new(0);
        let me = std::thread::current().id();
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if std::thread::current().id() == me {
                SEEN.fetch_add(1, Ordering::SeqCst);
            } else {
                previous(info);
            }
        }));
        *QUIET_HOOK_INSTALLED.lock().expect("the hook flag") = false;
        // A crate with a bug: it slices a string inside a character.
        static BROKEN: reptest_peers::Peer = reptest_peers::Peer {
            name: "broken-peer",
            implementation: "broken-peer",
            version: "0",
            check: |_, _, _| panic!("byte index 1 is not a char boundary"),
        };
        let broken = PeerEngine {
            peer: &BROKEN,
            info: EngineInfo::default(),
        };
        let answer = broken.answer(b"user-agent: *\n", "Bot", &["http://e.com/x".into()]);
        let seen_after_peer = SEEN.load(Ordering::SeqCst);
        let outside = std::panic::catch_unwind(|| panic!("not a peer"));
        let seen_after_outside = SEEN.load(Ordering::SeqCst);
        let _ = std::panic::take_hook();
        *QUIET_HOOK_INSTALLED.lock().expect("the hook flag") = false;
        assert!(
            answer.as_ref().is_err_and(|e| e.starts_with("panicked")),
            "{answer:?}"
        );
        assert_eq!(seen_after_peer, 0, "the previous hook saw the peer's panic");
        assert!(outside.is_err());
        assert_eq!(
            seen_after_outside, 1,
            "a panic outside a peer skipped the hook"
        );
    }
}
