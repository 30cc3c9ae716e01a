//! What causes a split, from evidence: the construct whose neutralisation makes an
//! implementation's disagreement with the reference disappear.
//!
//! A family's minimal input still holds every construct the split needs, and often more than
//! one (a misspelled `useragent` *and* the empty `allow:` line that lets it start a new
//! group). Picking the first construct in a fixed order names the wrong one about as often as
//! the right one. Two sources of evidence decide instead:
//!
//! - **Ablation** ([`variants`]): for each construct the input holds, the same input with that
//!   construct neutralised (a misspelled field name spelled right, the missing colon put back,
//!   an empty-value line removed, a rule's `%xx` of an unreserved character decoded, CRLF made
//!   LF, the BOM taken off, a reserved character's escape replaced on both sides, a group's
//!   `user-agent` lines cut to the crawler's, the `Disallow` that ties with the deciding
//!   `Allow` taken away, …). `reptest fuzz-report` asks every implementation of the family
//!   and the reference under every profile about each variant ([`ablate`]) and keeps the
//!   answers in the catalogue (each family's `ablation`), so that the derivation stays a pure
//!   function of `index.json`. A construct whose variant makes the implementation agree with
//!   the reference (under every profile it contradicted) is a *candidate*, provided the
//!   implementation reacts to it: one of the construct's neutralisations changes the
//!   implementation's own answer (a split that disappears only because the reference moved
//!   says nothing about the implementation).
//! - **The reference's own account** ([`profile_decisions`]): where its `rfc9309` and `google`
//!   profiles read a line differently (a misspelling or a missing colon accepted by one and
//!   ignored by the other, a path repaired by one), and which constructs' neutralisation
//!   brings the two profiles to one answer. A profile split is exactly such a place, so its
//!   cause is the candidate there.
//!
//! [`cause`] then names one construct: the only candidate; or among several, those every
//! neutralisation of which removes the split (a neutralisation the implementation fails on,
//! with an error or a timeout, counts neither way) (a misspelled line spelled right that changes
//! nothing is weaker evidence than a construct whose every variant agrees), then the one the
//! profiles' decisions differ on (for a split against one profile), else the one the
//! implementation reacts to while the reference does not; else the candidates are
//! **combined**. A split against one profile where the implementation answers as the other is
//! a **profile split** whatever it reacts to: when no candidate explains it, its subject is
//! the construct whose neutralisation brings the two profiles to the implementation's answer
//! (the implementation may simply follow the other reading, and react to nothing). When no candidate exists, the deciding rule's own shape (which no variant
//! could take away: a `*` inside a pattern) is the cause if it has one; otherwise the label is
//! **combined**: no single construct explains it, and the report says so rather than guess.
//! An input that holds no construct at all is a plain question, labelled by the kind of rule
//! that decided it.
//!
//! Before any of this, a family's input is **cleaned** for each implementation it was
//! minimised for ([`Cleaned`]): every construct whose neutralisation changes neither its
//! answer nor the reference's is neutralised, so that what is left holds what its split
//! needs, not what another library's did; where it only met one profile's answer by chance,
//! the input is strengthened to a variant on which both profiles agree.

pub use crate::fuzz::findings::{Ablated, Cleaned};

mod ask;
mod cause;
mod describe;
mod misbehaviour;
mod neutralise;
mod probes;
mod readings;
#[cfg(test)]
mod tests;
mod text;

pub use ask::*;
pub use cause::*;
pub use describe::*;
pub use misbehaviour::*;
pub use probes::*;
pub use readings::*;
pub(crate) use text::*;
