//! The conformance suite: the case format and loader, and running it over engines.

pub mod cases;
pub mod runner;
