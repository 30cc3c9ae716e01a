//! Differential fuzzing: the generator, the campaign, the findings catalogue, and the
//! reference's metamorphic invariants.

pub mod campaign;
pub mod findings;
pub mod generate;
pub mod invariants;
