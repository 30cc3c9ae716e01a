//! An index over the rules of one selection, for a crawler that checks many URLs against it.
//!
//! [`crate::Selection::check_path`] tries every rule of the crawler's groups and keeps the most
//! specific match. That costs time in proportion to the number of rules, and real files have
//! groups of hundreds. Once a selection has been asked a few times (so that a file parsed for
//! a single question never pays for it), it builds this index, which finds the same rule
//! while trying only the rules that can match:
//!
//! - the rules are put in precedence order (longer pattern first, then `allow` before
//!   `disallow`, then the order in which the scan meets them), so that the first rule in that
//!   order that matches is exactly the one the scan keeps;
//! - every pattern must begin with its first literal segment (the octets before its first
//!   `*`), so the rules are filed in a trie under that segment. Walking the path through the
//!   trie visits exactly the rules whose first segment is a prefix of the path; each node's
//!   rules are in precedence order, and a node stops being read at the first rule that matches
//!   or that ranks below the best match found so far.
//!
//! - a rule with wildcards can match only a path that contains each of its later segments, so
//!   the index keeps a few octet pairs (bigrams) of those segments per rule, and a candidate
//!   is matched in full only when every one of its bigrams occurs in the path (a 1,024-bit
//!   set of the path's bigrams, built once per check when a candidate needs it). Real files
//!   have groups of a hundred `*/…/*` rules, all candidates for every path: this is what
//!   keeps them from costing a substring search each.
//!
//! A check then costs one trie step per octet of the path that some rule's first segment
//! shares, plus a few bit tests per candidate, plus the full match of the candidates that pass,
//! instead of one match attempt per rule.

use std::cmp::Reverse;

use crate::parse::{Group, Rule};

/// A trie node: the rules whose first segment ends here (ranks, ascending), and the children by
/// next octet.
#[derive(Clone, Debug, Default)]
struct Node {
    rules: Vec<u32>,
    children: Vec<(u8, u32)>,
}

impl Node {
    fn child(&self, b: u8) -> Option<usize> {
        self.children
            .iter()
            .find(|&&(c, _)| c == b)
            .map(|&(_, n)| n as usize)
    }
}

/// The rules of one selection in precedence order, filed by first segment. It holds positions,
/// not references, so that a [`crate::Selection`] holding it stays covariant in its lifetime:
/// the methods take the selection's groups.
#[derive(Clone, Debug)]
pub(crate) struct RuleIndex {
    /// In precedence order, each rule as (position in the selection's groups, position in its
    /// group's rules): a rule's rank is its position here.
    rules: Vec<(u32, u32)>,
    /// By rank: bigrams the path must contain for the rule to match.
    needs: Vec<Box<[u16]>>,
    nodes: Vec<Node>,
}

/// The most bigrams kept per rule: enough to set aside nearly every rule that cannot match.
const MAX_NEEDS: usize = 8;

/// Where the pair `a b` falls in a [`Bigrams`] set.
fn bigram(a: u8, b: u8) -> u16 {
    ((u32::from(a) << 8 | u32::from(b)).wrapping_mul(0x9E37_79B1) >> 22) as u16
}

/// The set of (hashed) octet pairs of a path.
struct Bigrams([u64; 16]);

impl Bigrams {
    fn of(path: &[u8]) -> Bigrams {
        let mut set = [0u64; 16];
        for pair in path.windows(2) {
            let at = bigram(pair[0], pair[1]);
            set[usize::from(at >> 6)] |= 1 << (at & 63);
        }
        Bigrams(set)
    }

    fn has_all(&self, needs: &[u16]) -> bool {
        needs
            .iter()
            .all(|&at| self.0[usize::from(at >> 6)] & (1 << (at & 63)) != 0)
    }
}

/// The rule at `(slot, at)` of a selection's groups.
fn rule_at<'r>(groups: &[&'r Group], (slot, at): (u32, u32)) -> (&'r Rule, &'r Group) {
    let group = groups[slot as usize];
    (&group.rules[at as usize], group)
}

impl RuleIndex {
    /// Indexes the rules of a selection's `groups` (in the order the scan reads them).
    /// Compiles every rule.
    pub(crate) fn new(groups: &[&Group]) -> RuleIndex {
        let mut rules: Vec<(u32, u32)> = groups
            .iter()
            .enumerate()
            .flat_map(|(slot, g)| (0..g.rules.len()).map(move |at| (slot as u32, at as u32)))
            .collect();
        // A stable sort: among equally specific rules of the same kind, scan order stays.
        rules.sort_by_key(|&place| {
            let (rule, _) = rule_at(groups, place);
            (Reverse(rule.pattern().len()), !rule.allow)
        });
        let needs = rules
            .iter()
            .map(|&place| {
                let (rule, _) = rule_at(groups, place);
                let mut needs: Vec<u16> = rule
                    .pattern()
                    .later_segments()
                    .flat_map(|seg| seg.windows(2).map(|p| bigram(p[0], p[1])))
                    .collect();
                needs.sort_unstable();
                needs.dedup();
                if needs.len() > MAX_NEEDS {
                    let step = needs.len() / MAX_NEEDS;
                    needs = needs.into_iter().step_by(step).take(MAX_NEEDS).collect();
                }
                needs.into_boxed_slice()
            })
            .collect();
        let mut nodes = vec![Node::default()];
        for (rank, &place) in rules.iter().enumerate() {
            let (rule, _) = rule_at(groups, place);
            let mut node = 0;
            for &b in rule.pattern().first_segment() {
                node = match nodes[node].child(b) {
                    Some(next) => next,
                    None => {
                        let next = nodes.len();
                        nodes.push(Node::default());
                        nodes[node].children.push((b, next as u32));
                        next
                    }
                };
            }
            nodes[node].rules.push(rank as u32);
        }
        RuleIndex {
            rules,
            needs,
            nodes,
        }
    }

    /// How many rules it holds.
    pub(crate) fn len(&self) -> usize {
        self.rules.len()
    }

    /// The most specific rule matching `path` (canonical), as the scan would find it, among a
    /// selection's `groups` (those it was built from).
    pub(crate) fn best<'r>(
        &self,
        groups: &[&'r Group],
        path: &[u8],
    ) -> Option<(&'r Rule, &'r Group)> {
        let mut best = usize::MAX;
        let mut node = &self.nodes[0];
        let mut depth = 0;
        let mut bigrams = None;
        loop {
            for &rank in &node.rules {
                let rank = rank as usize;
                if rank >= best {
                    break;
                }
                let needs = &self.needs[rank];
                if !needs.is_empty()
                    && !bigrams
                        .get_or_insert_with(|| Bigrams::of(path))
                        .has_all(needs)
                {
                    continue;
                }
                let (rule, _) = rule_at(groups, self.rules[rank]);
                if rule.pattern().matches(path) {
                    best = rank;
                    break;
                }
            }
            let Some(next) = path.get(depth).and_then(|&b| node.child(b)) else {
                break;
            };
            node = &self.nodes[next];
            depth += 1;
        }
        let place = *self.rules.get(best)?;
        Some(rule_at(groups, place))
    }
}
