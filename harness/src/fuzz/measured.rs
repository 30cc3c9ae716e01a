//! What `reptest fuzz-report` measures beside the findings catalogue, kept in
//! `measured.json`: per root cause, its real-world prevalence on the top-sites corpus, the spec
//! case covering it and the example it is shown on; per implementation, its answers on the
//! misbehaviours' canonical inputs.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::answer::Answer;

/// What `reptest fuzz-report` measured, by root-cause id (`measured.json`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Measured {
    /// The format's version.
    pub schema: u32,
    /// The corpus measured on, and the crawler name asked with.
    pub corpus: String,
    /// The crawler name of the real-world checks.
    pub agent: String,
    /// Per root cause.
    pub root_causes: BTreeMap<String, RootMeasure>,
    /// Per implementation, its answer on each misbehaviour's canonical input
    /// ([`crate::fuzz::constructs::CONFIRMATIONS`]), by title.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub confirmations: BTreeMap<String, BTreeMap<String, Answer>>,
    /// Per implementation, its answer on each canonical input's control
    /// ([`crate::fuzz::constructs::CONTROLS`]), by title.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub controls: BTreeMap<String, BTreeMap<String, Answer>>,
}

/// One root cause's measures.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RootMeasure {
    /// Corpus files that hold the triggering construct.
    pub files: usize,
    /// Real (site, URL) checks where the implementation's answer differs from the
    /// reference's in the same way, decided by the same construct.
    pub flips: usize,
    /// The spec case that covers it (same deciding construct, same expected verdict), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case: Option<CoveringCase>,
    /// The example a defect is shown on: a real file, the minimal input made readable
    /// ([`crate::fuzz::example`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub example: Option<crate::fuzz::example::Example>,
    /// The corpus sites (by index) of the flipped checks, for the example's search to try
    /// first; not stored.
    #[serde(skip)]
    pub flipped_sites: Vec<usize>,
}

/// A spec case covering a root cause.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoveringCase {
    /// Its id.
    pub id: String,
    /// Its file, relative to the workspace.
    pub file: String,
    /// Its force under the profile the root cause contradicts.
    pub force: String,
    /// Its spec references.
    pub spec: Vec<String>,
}

impl Measured {
    /// Reads `measured.json` in `dir` (empty when there is none or it does not read).
    pub fn read(dir: &Path) -> Measured {
        std::fs::read_to_string(dir.join("measured.json"))
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default()
    }
}
