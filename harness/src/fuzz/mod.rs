//! Differential fuzzing: the generator (and the real-world corpus it mixes in), the minimiser,
//! the campaign that puts inputs to the reference and the implementations, the findings
//! catalogue it records into, and the reference's own metamorphic invariants.

pub mod campaign;
pub mod contract;
pub mod corpus;
pub mod findings;
pub mod generate;
pub mod invariants;
pub mod minimise;
