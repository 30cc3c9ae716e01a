//! Verdicts: which group a crawler follows, which rule decides, and why.
//!
//! Group selection (RFC 9309 §2.2.1; the 2019 text's order of precedence for user agents): the
//! groups naming the crawler's product token are combined (Google 2019 “all the rules from the
//! groups applicable to the specific user agent are combined into a single group”; §2.2.1 “the
//! matching groups' rules MUST be combined into one group”); without one, the groups naming
//! `*` (combined the same way); without those, no rule applies. A crawler may be known by
//! several tokens, most specific first (Google's image crawler falls back to `googlebot`, 2019
//! Example 1): the first token with a group wins.
//!
//! Rule precedence (RFC 9309 §2.2.2 “The most specific match found MUST be used. The most
//! specific match is the match that has the most octets. … If an "allow" rule and a "disallow"
//! rule are equivalent, then the "allow" rule SHOULD be used.”; Google 2019 “the most specific
//! rule based on the length of the [`path`] entry trumps the less specific (shorter) rule. In
//! case of conflicting rules, including those with wildcards, the least restrictive rule is
//! used.”).
//! Length is counted in canonical octets (see [`crate::pattern`]), wildcards included. The 2019
//! sample `allow: /page` vs `disallow: /*.htm` for `/page.htm` has the verdict "undefined"; every
//! profile here applies the length rule to it (6 octets beat 5: disallow), because "least
//! restrictive" is stated for *conflicting*, i.e. equally specific, rules — reading it for all
//! overlapping rules would make the length rule dead text.

use std::fmt;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

use crate::agent::crawler_token;
use crate::error::Error;
use crate::index::RuleIndex;
use crate::parse::{Group, Robots, Rule};
use crate::pattern::{Side, canonicalize, head};
use crate::scope::match_path;

/// How the crawler's group was found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GroupMatch {
    /// Groups naming this product token.
    Token(String),
    /// The `*` groups.
    Star,
    /// No group applies.
    None,
}

/// The groups one crawler follows in one file: select once, then check many URLs.
#[derive(Debug)]
pub struct Selection<'r> {
    robots: &'r Robots,
    /// The groups followed, in file order, built when the selection was made.
    groups: Vec<&'r Group>,
    matched: GroupMatch,
    /// Checks so far, up to [`INDEX_AFTER_CHECKS`].
    checks: AtomicU32,
    /// Built once the selection has been asked [`INDEX_AFTER_CHECKS`] times, when it has more
    /// than [`INDEX_MIN_RULES`] rules (see [`crate::index`]).
    index: OnceLock<RuleIndex>,
}

/// Checks a selection answers by trying every rule before it builds its index: a file parsed
/// for one question (or a few) never pays for the index.
const INDEX_AFTER_CHECKS: u32 = 4;

/// Below this many rules, trying every rule costs no more than the index.
const INDEX_MIN_RULES: usize = 12;

impl Clone for Selection<'_> {
    fn clone(&self) -> Self {
        Selection {
            robots: self.robots,
            groups: self.groups.clone(),
            matched: self.matched.clone(),
            checks: AtomicU32::new(self.checks.load(Ordering::Relaxed)),
            index: self.index.clone(),
        }
    }
}

/// Why a verdict came out as it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
    /// A rule matched; it is in [`Verdict::rule`].
    Rule,
    /// Groups apply, but none of their rules matches the path.
    NoMatchingRule,
    /// No group names the crawler and there is no `*` group.
    NoGroup,
    /// `/robots.txt` is always allowed under the profile.
    RobotsTxtExempt,
}

/// The answer to one (crawler, URL) question, with its explanation.
#[derive(Clone, Debug)]
pub struct Verdict<'s> {
    /// Whether the crawler may fetch the URL.
    pub allowed: bool,
    /// Why.
    pub reason: Reason,
    /// The deciding rule, when a rule decided.
    pub rule: Option<&'s Rule>,
    /// The group of the deciding rule.
    pub group: Option<&'s Group>,
    /// The path (with query) that was matched, in the profile's canonical form.
    pub canonical_path: Vec<u8>,
    selection: &'s Selection<'s>,
}

impl Robots {
    /// The groups a crawler known by `agents` (most specific first) follows.
    pub fn select<S: AsRef<str>>(&self, agents: &[S]) -> Selection<'_> {
        for agent in agents {
            if let Some(token) = crawler_token(agent.as_ref()) {
                let groups = self.groups_naming(Some(token.as_bytes()));
                if !groups.is_empty() {
                    return Selection::new(self, &groups, GroupMatch::Token(token));
                }
            }
        }
        let star = self.groups_naming(None);
        let matched = if star.is_empty() {
            GroupMatch::None
        } else {
            GroupMatch::Star
        };
        Selection::new(self, &star, matched)
    }
}

impl<'r> Selection<'r> {
    fn new(robots: &'r Robots, groups: &[usize], matched: GroupMatch) -> Selection<'r> {
        Selection {
            robots,
            groups: groups.iter().map(|&i| robots.group(i)).collect(),
            matched,
            checks: AtomicU32::new(0),
            index: OnceLock::new(),
        }
    }

    /// The index, once the selection has been asked often enough and is large enough.
    fn index(&self) -> Option<&RuleIndex> {
        if let Some(index) = self.index.get() {
            return (index.len() > INDEX_MIN_RULES).then_some(index);
        }
        if self.checks.load(Ordering::Relaxed) < INDEX_AFTER_CHECKS {
            self.checks.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        let index = self.index.get_or_init(|| RuleIndex::new(&self.groups));
        (index.len() > INDEX_MIN_RULES).then_some(index)
    }

    /// How the group was found.
    pub fn matched(&self) -> &GroupMatch {
        &self.matched
    }

    /// The file the selection was made in.
    pub(crate) fn robots(&self) -> &'r Robots {
        self.robots
    }

    /// The groups followed, in file order.
    pub fn groups(&self) -> impl Iterator<Item = &'r Group> + '_ {
        self.groups.iter().copied()
    }

    /// The verdict for an absolute URL or a path starting with `/`.
    pub fn check_url(&self, url: &str) -> Result<Verdict<'_>, Error> {
        let path = match_path(url)?;
        Ok(self.check_path(path.as_bytes()))
    }

    /// The verdict for a path (with query), as octets.
    pub fn check_path(&self, path: &[u8]) -> Verdict<'_> {
        let rules = self.robots.profile.rules();
        let canonical_path = canonicalize(path, rules.encoding, Side::Url);
        let verdict = |allowed, reason, rule, group, canonical_path| Verdict {
            allowed,
            reason,
            rule,
            group,
            canonical_path,
            selection: self,
        };
        if rules.robots_txt_exempt && path == b"/robots.txt" {
            return verdict(true, Reason::RobotsTxtExempt, None, None, canonical_path);
        }
        if self.matched == GroupMatch::None {
            return verdict(true, Reason::NoGroup, None, None, canonical_path);
        }
        if let Some(index) = self.index() {
            return match index.best(&self.groups, &canonical_path) {
                Some((rule, group)) => verdict(
                    rule.allow,
                    Reason::Rule,
                    Some(rule),
                    Some(group),
                    canonical_path,
                ),
                None => verdict(true, Reason::NoMatchingRule, None, None, canonical_path),
            };
        }
        let mut best: Option<(&Rule, &Group)> = None;
        let path_head = head(&canonical_path);
        for group in self.groups() {
            for rule in &group.rules {
                // Most rules differ from the path in their first octets: they are set aside
                // without being compiled (or with one comparison when they are).
                if !rule.may_match(&canonical_path, path_head) {
                    continue;
                }
                let better = match best {
                    None => true,
                    Some((b, _)) => {
                        let (len, best_len) = (rule.pattern().len(), b.pattern().len());
                        len > best_len || (len == best_len && rule.allow && !b.allow)
                    }
                };
                if better && rule.pattern().matches(&canonical_path) {
                    best = Some((rule, group));
                }
            }
        }
        match best {
            Some((rule, group)) => verdict(
                rule.allow,
                Reason::Rule,
                Some(rule),
                Some(group),
                canonical_path,
            ),
            None => verdict(true, Reason::NoMatchingRule, None, None, canonical_path),
        }
    }
}

impl Robots {
    /// The verdict for one crawler and one URL (absolute, or a path starting with `/`).
    pub fn check(&self, agent: &str, url: &str) -> Result<bool, Error> {
        Ok(self.select(&[agent]).check_url(url)?.allowed)
    }
}

fn agent_lines(group: &Group) -> String {
    let lines: Vec<String> = group
        .agents
        .iter()
        .map(|a| format!("user-agent: {} (line {})", a.value, a.line))
        .collect();
    lines.join(", ")
}

impl fmt::Display for Verdict<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.allowed { "allow" } else { "disallow" })?;
        match self.reason {
            Reason::RobotsTxtExempt => f.write_str(": /robots.txt is always allowed"),
            Reason::NoGroup => {
                f.write_str(": no group names this crawler and there is no `*` group")
            }
            Reason::NoMatchingRule => {
                let groups: Vec<String> = self.selection.groups().map(agent_lines).collect();
                write!(f, ": no rule matches in the group of {}", groups.join("; "))
            }
            Reason::Rule => {
                if let (Some(rule), Some(group)) = (self.rule, self.group) {
                    write!(
                        f,
                        ": rule `{}: {}` (line {}{}, {} octets) in the group of {}",
                        if rule.allow { "allow" } else { "disallow" },
                        rule.path(),
                        rule.line,
                        if rule.from_index_html {
                            ", derived from an index.html allow rule"
                        } else {
                            ""
                        },
                        rule.pattern().len(),
                        agent_lines(group)
                    )?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{ParseOptions, Profile, Robots};

    fn allowed(body: &str, profile: Profile, agent: &str, url: &str) -> bool {
        Robots::parse(body.as_bytes(), ParseOptions::new(profile))
            .check(agent, url)
            .expect("valid URL")
    }

    #[test]
    fn longest_match_and_allow_on_tie() {
        let body = "user-agent: *\nallow: /folder\ndisallow: /folder\nallow: /p\ndisallow: /\n";
        for profile in Profile::ALL {
            assert!(allowed(
                body,
                profile,
                "x",
                "http://example.com/folder/page"
            ));
            assert!(allowed(body, profile, "x", "http://example.com/page"));
            assert!(!allowed(body, profile, "x", "http://example.com/other"));
        }
    }

    #[test]
    fn groups_merge_and_star_falls_back() {
        let body = "user-agent: a\ndisallow: /fish\n\nuser-agent: *\ndisallow: /carrots\n\nuser-agent: a\ndisallow: /shrimp\n";
        let p = Profile::Rfc9309;
        assert!(!allowed(body, p, "a", "/shrimp"));
        assert!(!allowed(body, p, "A/1.0", "/fish"));
        assert!(allowed(body, p, "a", "/carrots"));
        assert!(!allowed(body, p, "b", "/carrots"));
    }

    /// The index finds the very rule the scan finds (same verdict, reason, rule and group), on
    /// random files with many overlapping rules and random paths, under every profile.
    #[test]
    fn index_finds_what_the_scan_finds() {
        const PIECES: &[&str] = &[
            "/",
            "/a",
            "/ab",
            "b",
            "*",
            "$",
            "?",
            "%2A",
            "%61",
            "=",
            "\u{e9}",
            ".htm",
            "index.html",
        ];
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut indexed = 0;
        for _ in 0..150 {
            let mut body = String::new();
            for group in 0..1 + next(3) {
                body.push_str(if group % 2 == 0 {
                    "user-agent: *\n"
                } else {
                    "user-agent: foo\n"
                });
                for _ in 0..next(40) {
                    body.push_str(["allow: ", "disallow: "][next(2)]);
                    for _ in 0..1 + next(4) {
                        body.push_str(PIECES[next(PIECES.len())]);
                    }
                    body.push('\n');
                }
            }
            let paths: Vec<String> = (0..30)
                .map(|_| {
                    let mut path = String::from("/");
                    for _ in 0..next(5) {
                        path.push_str(PIECES[next(PIECES.len())]);
                    }
                    path
                })
                .collect();
            for profile in Profile::ALL {
                let robots = Robots::parse(body.as_bytes(), ParseOptions::new(profile));
                let warm = robots.select(&["foo"]);
                for path in &paths {
                    let _ = warm.check_path(path.as_bytes());
                }
                indexed += usize::from(warm.index().is_some());
                for path in &paths {
                    let fresh = robots.select(&["foo"]);
                    let (a, b) = (
                        fresh.check_path(path.as_bytes()),
                        warm.check_path(path.as_bytes()),
                    );
                    assert_eq!(
                        (a.allowed, a.reason),
                        (b.allowed, b.reason),
                        "{body}\n{path}"
                    );
                    assert!(
                        a.rule.map(|r| r as *const _) == b.rule.map(|r| r as *const _),
                        "{body}\n{path}"
                    );
                    assert!(
                        a.group.map(|g| g as *const _) == b.group.map(|g| g as *const _),
                        "{body}\n{path}"
                    );
                }
            }
        }
        assert!(indexed > 200, "only {indexed} selections were indexed");
    }

    #[test]
    fn explanation_names_rule_and_group() {
        let robots = Robots::parse(
            b"user-agent: foo\ndisallow: /x\n",
            ParseOptions::new(Profile::Google),
        );
        let selection = robots.select(&["foo"]);
        let verdict = selection.check_url("/xy").expect("path");
        assert_eq!(
            verdict.to_string(),
            "disallow: rule `disallow: /x` (line 2, 2 octets) in the group of user-agent: foo (line 1)"
        );
    }
}
