//! reptest's harness: the spec-case format and loader, protocol v1, the engines that put the
//! suite's questions to implementations (in process or as adapter subprocesses), adapter
//! manifests and their setup, `reptest run`, and the differential campaign of
//! `reptest fuzz-diff` (generator and minimiser, findings catalogue).
//!
//! The harness knows the reference only through `reptest-reference`'s public API, and knows
//! no subprocess adapter in particular: everything outside tools need is the protocol and
//! their manifest.

pub mod engines;
pub mod fuzz;
pub mod report;
pub mod suite;

// The modules' former paths, kept while the code moves.
pub use engines as engine;
pub use engines::{adapters, faulty, protocol};
pub use fuzz::generate as diff;
pub use fuzz::{campaign, findings, invariants};
pub use suite::{cases, runner};
