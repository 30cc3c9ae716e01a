//! reptest's harness: the spec-case format and loader, protocol v1, and the reference served
//! over it. Later parts (adapters, `run`, the differential fuzzer) build on these.
//!
//! The harness knows the reference only through `reptest-reference`'s public API, and knows
//! no adapter in particular: everything outside tools need is the protocol.

pub mod cases;
pub mod protocol;
