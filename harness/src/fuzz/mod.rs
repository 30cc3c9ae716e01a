//! Differential fuzzing: the generator (and the real-world corpus it mixes in), the minimiser,
//! the campaign that puts inputs to the reference and the implementations, the findings
//! catalogue it records into, sharded campaigns and the merge of their catalogues, the root
//! causes per implementation derived from it, what each is to its maintainer (defect, reading
//! or undefined) and their ready-to-file reports, and the
//! reference's own metamorphic invariants.

pub mod ablation;
pub mod campaign;
pub mod clauses;
pub mod constructs;
pub mod contract;
pub mod corpus;
pub mod example;
pub mod filing;
pub mod findings;
pub mod generate;
pub mod invariants;
pub mod measure;
pub mod measured;
pub mod merge;
pub mod minimise;
pub mod reask;
pub mod repro;
pub mod rootcause;
pub mod shard;
pub mod standing;
pub mod store;
