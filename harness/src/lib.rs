//! reptest's harness, grouped by role: [`suite`] (the spec-case format and loader, the tag
//! vocabulary, `reptest run`), [`engines`] (the implementations under test: the reference and
//! the Rust crates in process, adapters as protocol v1 subprocesses, their manifests and
//! setup), [`fuzz`] (the generator, minimiser and differential campaign of
//! `reptest fuzz-diff`, the findings catalogue, the reference's invariants) and [`report`]
//! (`reptest report`). [`answer`] holds the vocabulary they share (answers, statuses,
//! profile-keyed maps), [`text`] the escape convention and other text functions, [`explain`] what
//! `reptest check` prints, [`compare`] what `reptest compare` prints ([`agents`] with
//! `--ai-crawlers`: every listed crawler in every parser), [`scaffold`] the adapter
//! skeletons of `reptest adapter new`, [`crawl`] whole crawlers run against a loopback site,
//! and [`fetch`] fetch conformance (the loopback server, the fetch cases' plays; the
//! reference's HTTP client is [`engines::fetcher`]).
//!
//! The harness knows the reference only through `reptest-reference`'s public API, and knows
//! no subprocess adapter in particular: everything outside tools need is the protocol and
//! their manifest.

pub mod agents;
pub mod answer;
pub mod compare;
pub mod crawl;
pub mod drive;
pub mod engines;
pub mod explain;
pub mod fetch;
pub mod fuzz;
pub mod report;
pub mod results;
pub mod scaffold;
pub mod suite;
pub mod text;
