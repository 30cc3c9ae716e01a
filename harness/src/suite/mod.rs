//! The conformance suite: the case format and loader, the closed vocabulary of case tags, and
//! running the suite over engines.

pub mod cases;
pub mod document;
pub mod expectations;
pub mod junit;
pub mod records;
pub mod render;
pub mod runner;
pub mod tags;
