//! What several test files share: planted engines, the reference under one profile with one
//! known behaviour between it and whoever asks.

use reptest::engines::protocol::WireVerdict;
use reptest::engines::{Engine, EngineError, EngineInfo, ReferenceEngine};
use reptest_reference::Profile;

/// What a planted engine does with a question before (or instead of) asking the reference.
pub type Call =
    fn(&mut ReferenceEngine, &[u8], &str, &[String]) -> Result<Vec<WireVerdict>, EngineError>;

/// A planted engine: the reference, with `call` between it and the caller.
struct Planted(ReferenceEngine, EngineInfo, Call);

impl Engine for Planted {
    fn info(&self) -> &EngineInfo {
        &self.1
    }

    fn check(
        &mut self,
        body: &[u8],
        agent: &str,
        urls: &[String],
    ) -> Result<Vec<WireVerdict>, EngineError> {
        (self.2)(&mut self.0, body, agent, urls)
    }
}

/// The planted engine `name`: the reference under `profile`, asked through `call`.
pub fn planted(name: &str, profile: Profile, call: Call) -> Box<dyn Engine> {
    let info = EngineInfo {
        name: name.into(),
        implementation: "test engine".into(),
        version: "1".into(),
        language: "rust".into(),
    };
    Box::new(Planted(ReferenceEngine::new(profile), info, call))
}

/// The `reptest` binary of this build.
pub const REPTEST: &str = env!("CARGO_BIN_EXE_reptest");

/// A fresh directory under the system's temporary directory, removed when dropped.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    /// A new empty directory whose name holds `label`.
    pub fn new(label: &str) -> TempDir {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::SeqCst);
        let dir =
            std::env::temp_dir().join(format!("reptest-test-{}-{label}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a temporary directory");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `reptest` with `args` in `dir`.
pub fn reptest(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(REPTEST)
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run reptest")
}

/// What a command printed: its standard output, then its standard error.
pub fn text(output: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}
