//! reptest's harness: the spec-case format and loader, protocol v1, the engines that put the
//! suite's questions to implementations (in process or as adapter subprocesses), adapter
//! manifests and their setup, `reptest run`, and the differential campaign of
//! `reptest fuzz-diff` (generator and minimiser, findings catalogue).
//!
//! The harness knows the reference only through `reptest-reference`'s public API, and knows
//! no subprocess adapter in particular: everything outside tools need is the protocol and
//! their manifest.

pub mod answer;
pub mod engines;
pub mod explain;
pub mod fuzz;
pub mod report;
pub mod suite;
pub mod text;
