//! Differential fuzzing: the generator (and the real-world corpus it mixes in), the minimiser,
//! the campaign that puts inputs to the reference and the implementations, the findings
//! catalogue it records into, sharded campaigns and the merge of their catalogues, and the
//! reference's own metamorphic invariants.

pub mod campaign;
pub mod corpus;
pub mod findings;
pub mod generate;
pub mod invariants;
pub mod merge;
pub mod minimise;
