//! Which part of a seeded campaign's case stream one run examines (`reptest fuzz-diff --shard
//! K/N`): the unit of sharded campaigns, recorded with each run ([`crate::fuzz::merge`]
//! merges their catalogues).

use std::fmt;
use std::str::FromStr;

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

/// Cases per block when none is given: the deduplication window of a campaign, and the unit
/// shards are made of.
pub const DEFAULT_BLOCK: u64 = 1 << 20;

/// Which part of a seeded campaign's case stream one run examines: the blocks of `block`
/// cases whose number is `≡ index (mod count)`. `0/1` is the whole campaign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// `K`: this shard's number, from 0.
    pub index: u64,
    /// `N`: how many shards the campaign is spread over.
    pub count: u64,
    /// Cases per block.
    pub block: u64,
}

impl Default for Shard {
    fn default() -> Shard {
        Shard {
            index: 0,
            count: 1,
            block: DEFAULT_BLOCK,
        }
    }
}

impl Shard {
    /// Shard `index` of `count`, with blocks of `block` cases.
    pub fn new(index: u64, count: u64, block: u64) -> Result<Shard> {
        if count == 0 || index >= count {
            bail!("shard {index}/{count}: expected K/N with 0 <= K < N");
        }
        if block == 0 {
            bail!("a block holds at least one case");
        }
        Ok(Shard {
            index,
            count,
            block,
        })
    }

    /// The same shard with blocks of `block` cases.
    pub fn with_block(self, block: u64) -> Result<Shard> {
        Shard::new(self.index, self.count, block)
    }

    /// Whether the campaign is split at all.
    pub fn is_whole(&self) -> bool {
        self.count == 1
    }

    /// The block `case` belongs to.
    pub fn block_of(&self, case: u64) -> u64 {
        case / self.block
    }

    /// Whether this shard examines `case`.
    pub fn contains(&self, case: u64) -> bool {
        self.block_of(case) % self.count == self.index
    }

    /// The first case at or after `case` that this shard examines (`None` past `u64::MAX`).
    pub fn next_from(&self, case: u64) -> Option<u64> {
        let block = self.block_of(case);
        let ahead = (self.index + self.count - block % self.count) % self.count;
        if ahead == 0 {
            return Some(case);
        }
        block
            .checked_add(ahead)
            .and_then(|b| b.checked_mul(self.block))
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = anyhow::Error;

    /// `K/N`, with the default block.
    fn from_str(text: &str) -> Result<Shard> {
        let parse = |part: &str| {
            part.trim()
                .parse::<u64>()
                .with_context(|| format!("shard {text:?}: expected K/N, e.g. 0/4"))
        };
        let Some((k, n)) = text.split_once('/') else {
            bail!("shard {text:?}: expected K/N, e.g. 0/4");
        };
        Shard::new(parse(k)?, parse(n)?, DEFAULT_BLOCK)
    }
}
