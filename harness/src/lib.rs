//! reptest's harness: the spec-case format and loader, protocol v1, the engines that put the
//! suite's questions to implementations (in process or as adapter subprocesses), adapter
//! manifests and their setup, `reptest run`, and the differential campaign of
//! `reptest fuzz-diff` (generator and minimiser, findings catalogue).
//!
//! The harness knows the reference only through `reptest-reference`'s public API, and knows
//! no subprocess adapter in particular: everything outside tools need is the protocol and
//! their manifest.

pub mod adapters;
pub mod campaign;
pub mod cases;
pub mod diff;
pub mod engine;
pub mod faulty;
pub mod findings;
pub mod invariants;
pub mod protocol;
pub mod report;
pub mod runner;
