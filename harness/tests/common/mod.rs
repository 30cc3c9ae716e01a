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
