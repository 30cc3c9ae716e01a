//! The example a defect's report entry leads with: a real site where the library's answer
//! flips because of the defect, else the minimal input made readable.
//!
//! - **A real file** ([`real_example`]): among the corpus files that hold the defect's
//!   construct, a (site, URL, crawler) where the reference's `rfc9309` and `google` profiles
//!   agree, the library (asked through its adapter) answers the defect's wrong way, and the
//!   file with the construct neutralised ([`crate::fuzz::ablation::variants`]) brings the
//!   library to the reference's answer while the reference keeps its own: the construct is
//!   what flips it there. The crawler is `Googlebot` (the corpus's measuring crawler) or one
//!   of the crawlers the file names itself. The file is shown cut to the lines that matter
//!   ([`excerpt`]): the construct's lines, the deciding rule under each profile and the
//!   groups they sit in, with the real file's line numbers.
//! - **A readable rewrite** ([`readable`]): where no real file shows it, the minimal input
//!   with nonsense names and bare lines replaced by realistic ones ([`REWRITES`], data: an
//!   unknown field line becomes `crawl-delay: 5`, a nonsense agent `BarBot`, the rule `/` a
//!   `/private/`). Each candidate is asked again of the library and of the reference: it is
//!   kept only when the library's answer and the reference's under every profile stay as they
//!   were and the construct still causes the split (its neutralisation still brings the
//!   library to the reference's answer); the first candidate of a rewrite that holds is kept,
//!   otherwise the input stays as it was.
//!
//! `reptest fuzz-report` chooses both (it has the adapters and the corpus) and keeps them in
//! `measured.json` beside the other measures, with the answers asked, so that rewriting the
//! pages (`--render`, `--check`) asks nothing.

use std::collections::{BTreeMap, BTreeSet};

use reptest_reference::{ParseOptions, Profile, RecordKind, Robots, Selection};
use serde::{Deserialize, Serialize};

use crate::answer::Answer;
use crate::engines::{Engine, ReferenceEngine, reference_name};
use crate::fuzz::corpus::Corpus;
use crate::fuzz::findings::FamilyInput;
use crate::fuzz::generate::Input;
use crate::fuzz::rootcause::RootCause;

/// The example chosen for one root cause (`measured.json`, beside its measures).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Example {
    /// A real file on which the library flips because of the construct.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub real: Option<RealExample>,
    /// The minimal input made readable (absent when no rewrite held).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub readable: Option<Readable>,
}

/// A real (site, URL, crawler) where the library flips because of the construct.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RealExample {
    /// The corpus the file is from.
    pub corpus: String,
    /// The site (its host).
    pub site: String,
    /// The URL asked.
    pub url: String,
    /// The crawler asked as.
    pub agent: String,
    /// The library's answer on the real file.
    pub answer: Answer,
    /// The reference's under `rfc9309` and `google` (which agree).
    #[serde(with = "crate::answer::by_profile")]
    pub reference: BTreeMap<Profile, Answer>,
    /// The library's answer on the file with the construct neutralised.
    pub neutralised: Answer,
    /// The file's lines that matter, with their line numbers (1-based, in file order); a gap
    /// between two numbers is cut lines.
    pub lines: Vec<ExcerptLine>,
    /// How many lines the file has.
    pub total_lines: usize,
}

impl RealExample {
    /// The excerpt as an input of its own: the lines that matter, one per line, with the
    /// example's crawler and URL.
    pub fn excerpt_input(&self) -> Input {
        Input {
            lines: self
                .lines
                .iter()
                .map(|l| {
                    let mut line = crate::text::unescape(&l.text)
                        .unwrap_or_else(|_| l.text.clone().into_bytes());
                    line.push(b'\n');
                    line
                })
                .collect(),
            agent: self.agent.clone(),
            urls: vec![self.url.clone()],
        }
    }
}

/// One line of an excerpt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExcerptLine {
    /// Its line number in the real file.
    pub line: usize,
    /// Its text (in the escape convention where it holds bytes that do not print).
    pub text: String,
}

/// The minimal input made readable, and what was asked about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Readable {
    /// The rewritten input.
    pub input: FamilyInput,
    /// What was rewritten ([`Rewrite::says`] of each rewrite kept).
    pub rewrites: Vec<String>,
    /// The answers asked about it: the library's and the reference's under each profile.
    pub answers: BTreeMap<String, Answer>,
}

/// What a rewrite rewrites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Each line the construct's neutralisation changes or takes out, replaced by the
    /// candidate (a whole line, its line end kept).
    ConstructLines,
    /// The value of each `user-agent` line naming neither the crawler nor `*`: the
    /// candidates are the names given, in order, to each different value.
    OtherAgents,
    /// The crawler, where its name is no name a crawler goes by (shorter than four letters,
    /// or no `bot` in it): in the question and in the `user-agent` lines naming it, written
    /// in the case each line wrote it.
    Crawler,
    /// A nonsense word, written the same in the rules and the URL.
    Word(&'static str),
    /// A rule `/` asked at the URL's path `/`: the rule becomes the candidate and the URL's
    /// path the candidate followed by `page.html`.
    RootRule,
    /// Field names as usually written (`User-agent`, `Allow`, `Disallow`, `Sitemap`,
    /// `Crawl-delay`) and one space after the colon of a non-empty value.
    FieldNames,
    /// The URL's scheme and host (`https://www.army.mil`), written as the candidate: a
    /// corpus site's name on a file the site does not serve reads as that site's.
    Host,
    /// Each blank line before a `user-agent` line whose last line before it is no rule: a
    /// reader takes the blank line for the end of a group the texts read on (`User-agent: a`,
    /// `Crawl-delay: 5`, a blank line, `User-agent: b`, `Disallow: /` is one group).
    BlankInGroup,
}

/// One readable rewrite: the construct it is for ([`ANY`] for every one), what it rewrites,
/// its candidates in order of preference and what the report says it did.
#[derive(Clone, Copy, Debug)]
pub struct Rewrite {
    /// The root cause's construct it is for, or [`ANY`].
    pub construct: &'static str,
    /// What it rewrites.
    pub target: Target,
    /// The candidates, tried in order; the first that holds is kept.
    pub candidates: &'static [&'static str],
    /// What the report says it did.
    pub says: &'static str,
}

/// A rewrite for every construct.
pub const ANY: &str = "*";

/// The readable rewrites, in the order they are tried (each on the result of the ones
/// before): the construct's own lines first, then names, paths and the fields' spelling.
pub const REWRITES: &[Rewrite] = &[
    Rewrite {
        construct: "unknown-field",
        target: Target::ConstructLines,
        candidates: &[
            "crawl-delay: 5",
            "sitemap: https://example.com/sitemap.xml",
            "host: example.com",
        ],
        says: "the unknown field line written as a field real files hold",
    },
    Rewrite {
        construct: "non-standard-field",
        target: Target::ConstructLines,
        candidates: &[
            "crawl-delay: 5",
            "sitemap: https://example.com/sitemap.xml",
            "host: example.com",
        ],
        says: "the non-standard field line written with a usual value",
    },
    Rewrite {
        construct: "sitemap",
        target: Target::ConstructLines,
        candidates: &["sitemap: https://example.com/sitemap.xml"],
        says: "the sitemap line given a usual URL",
    },
    Rewrite {
        construct: "one-token-line",
        target: Target::ConstructLines,
        candidates: &["Disallow", "Allow", "Sitemap"],
        says: "the one-word line written as a field name left without its colon",
    },
    Rewrite {
        construct: "word-and-space",
        target: Target::ConstructLines,
        candidates: &["Disallow ", "User-agent "],
        says: "the one-word line written as a field name left without its colon",
    },
    Rewrite {
        construct: "missing-colon",
        target: Target::ConstructLines,
        candidates: &["Disallow /private/", "Disallow /", "User-agent FooBot"],
        says: "the line without its colon written as a rule or a user-agent line",
    },
    Rewrite {
        construct: "typo-field",
        target: Target::ConstructLines,
        candidates: &[
            "Dissallow: /private/",
            "Disalow: /private/",
            "Useragent: BarBot",
        ],
        says: "the misspelled field written as a usual misspelling",
    },
    Rewrite {
        construct: "nonstandard-typo",
        target: Target::ConstructLines,
        candidates: &[
            "Crawl-dealy: 5",
            "Site-map: https://example.com/sitemap.xml",
        ],
        says: "the misspelled field written as a usual misspelling",
    },
    Rewrite {
        construct: "field-in-name",
        target: Target::ConstructLines,
        candidates: &[
            "Sitemap-index: https://example.com/sitemap.xml",
            "X-Disallow: /private/",
        ],
        says: "the field whose name holds a known one written as one real files hold",
    },
    Rewrite {
        construct: "commented-rule",
        target: Target::ConstructLines,
        candidates: &["# Disallow: /private/"],
        says: "the commented-out rule written with a usual path",
    },
    Rewrite {
        construct: ANY,
        target: Target::OtherAgents,
        candidates: &["BarBot", "BazBot", "QuxBot"],
        says: "the other groups' crawlers named `BarBot`, …",
    },
    Rewrite {
        construct: ANY,
        target: Target::Crawler,
        candidates: &["FooBot"],
        says: "the crawler named `FooBot`",
    },
    Rewrite {
        construct: ANY,
        target: Target::Word("xqzvw"),
        candidates: &["private"],
        says: "a nonsense path segment written `private`",
    },
    Rewrite {
        construct: ANY,
        target: Target::Word("/xqz-matches-nothing"),
        candidates: &["/archive/"],
        says: "the rule that matches nothing written `/archive/`",
    },
    Rewrite {
        construct: ANY,
        target: Target::RootRule,
        candidates: &["/private/"],
        says: "the URL's path `/` written `/private/page.html` (and a rule `/` written `/private/`)",
    },
    Rewrite {
        construct: ANY,
        target: Target::BlankInGroup,
        candidates: &[""],
        says: "a blank line inside a group taken out",
    },
    Rewrite {
        construct: ANY,
        target: Target::Host,
        candidates: &["http://example.com"],
        says: "the URL's host written `example.com`",
    },
    Rewrite {
        construct: ANY,
        target: Target::FieldNames,
        candidates: &[""],
        says: "field names written as usual, a space after the colon",
    },
];

/// Constructs that show a root cause's construct on the lines real files hold: a rewrite or a
/// real file may hold one of them in its place, and its neutralisation is asked instead. An
/// unknown field line and a non-standard one (`crawl-delay`, `sitemap`) are both other records
/// in RFC 9309's terms, §2.2.4 “Parsing of other records MUST NOT interfere with the parsing
/// of explicitly defined records”: a library that ends a group at a line it does not know
/// shows it on either.
pub const KIN: &[(&str, &[&str])] = &[
    ("unknown-field", &["non-standard-field", "sitemap"]),
    ("non-standard-field", &["sitemap", "unknown-field"]),
];

/// `construct` and its [`KIN`].
pub fn shown_as(construct: &'static str) -> Vec<&'static str> {
    let mut names = vec![construct];
    for (name, kin) in KIN {
        if *name == construct {
            names.extend(kin.iter().copied());
        }
    }
    names
}

/// Field names as [`Target::FieldNames`] writes them, by their lower-case spelling.
const FIELD_SPELLINGS: [(&str, &str); 6] = [
    ("user-agent", "User-agent"),
    ("allow", "Allow"),
    ("disallow", "Disallow"),
    ("sitemap", "Sitemap"),
    ("crawl-delay", "Crawl-delay"),
    ("host", "Host"),
];

/// The library and the reference under every profile, asked about inputs.
pub struct Asker<'e> {
    engine: &'e mut dyn Engine,
    references: Vec<(Profile, ReferenceEngine)>,
    /// How many questions the library was asked.
    pub asked: usize,
}

impl std::fmt::Debug for Asker<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Asker")
            .field("engine", &self.engine.info().name)
            .field("asked", &self.asked)
            .finish()
    }
}

/// What was said about one input: the library's answer and the reference's per profile.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Said {
    library: Answer,
    reference: BTreeMap<Profile, Answer>,
}

impl<'e> Asker<'e> {
    /// An asker of `engine` and the reference.
    pub fn new(engine: &'e mut dyn Engine) -> Asker<'e> {
        Asker {
            engine,
            references: Profile::ALL
                .into_iter()
                .map(|p| (p, ReferenceEngine::new(p)))
                .collect(),
            asked: 0,
        }
    }

    fn ask(&mut self, input: &Input) -> Said {
        let body = input.body();
        let url = input.urls.first().cloned().unwrap_or_default();
        let urls = std::slice::from_ref(&url);
        self.asked += 1;
        let library = Answer::of(&self.engine.check(&body, &input.agent, urls), 0);
        let reference = self
            .references
            .iter_mut()
            .map(|(p, r)| (*p, Answer::of(&r.check(&body, &input.agent, urls), 0)))
            .collect();
        Said { library, reference }
    }
}

/// Whether `said` shows the root cause's split as it stands: the library's answer, and the
/// reference's under every profile the root cause records.
fn split_holds(cause: &RootCause, said: &Said) -> bool {
    said.library == cause.answer
        && cause
            .reference
            .iter()
            .all(|(p, a)| said.reference.get(p) == Some(a))
}

/// Whether the root cause's construct causes the split on `input`: every neutralisation of
/// it the library answers brings the library to the reference's answer under each profile
/// the root cause contradicts, the reference keeping its own answer there, and there is at
/// least one (the construct or one of its [`KIN`]). A combined label: each of its constructs
/// is still there.
fn cause_holds(cause: &RootCause, input: &Input, said: &Said, asker: &mut Asker<'_>) -> bool {
    let names = shown_as(cause.construct);
    let variants = crate::fuzz::ablation::variants(input);
    if cause.construct == crate::fuzz::ablation::COMBINED {
        return !cause.with.is_empty()
            && cause
                .with
                .iter()
                .all(|c| variants.iter().any(|(v, _)| v == c));
    }
    let mut answered = 0;
    for (_, variant) in variants.iter().filter(|(c, _)| names.contains(c)) {
        let now = asker.ask(variant);
        if now.library.allowed().is_none() {
            continue;
        }
        answered += 1;
        let agrees = cause.expected.keys().all(|p| {
            now.reference.get(p) == said.reference.get(p)
                && now.reference.get(p) == Some(&now.library)
        });
        if !agrees || now.library == said.library {
            return false;
        }
    }
    answered > 0
}

/// The lines of `body` as the reference numbers them (a line ends at CR, LF or CRLF), each
/// without its line end.
fn numbered_lines(body: &[u8]) -> Vec<&[u8]> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < body.len() {
        match body[i] {
            b'\n' => {
                lines.push(&body[start..i]);
                start = i + 1;
            }
            b'\r' => {
                lines.push(&body[start..i]);
                if body.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < body.len() {
        lines.push(&body[start..]);
    }
    lines
}

/// The 0-based lines of `before` that `after` changes or takes out: the block between their
/// common first and last lines (the line before it when `after` only adds lines).
fn changed_lines(before: &[&[u8]], after: &[&[u8]]) -> Vec<usize> {
    let prefix = before.iter().zip(after).take_while(|(a, b)| a == b).count();
    let suffix = before[prefix..]
        .iter()
        .rev()
        .zip(after[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let end = before.len() - suffix;
    if prefix < end {
        (prefix..end).collect()
    } else {
        prefix.checked_sub(1).into_iter().collect()
    }
}

/// Most lines a neutralisation may change for them to be the construct's own lines.
const CONSTRUCT_LINES: usize = 5;

/// A group of this many lines or fewer is shown whole.
const WHOLE_GROUP: usize = 12;

/// An excerpt longer than this keeps only the construct's lines, the deciding rules and the
/// crawler's groups' `user-agent` lines.
const LONG_EXCERPT: usize = 40;

/// The lines of `input` (one URL) that matter for `construct`: the lines its neutralisation
/// changes, the rule deciding under `rfc9309` and under `google`, the `user-agent` lines of
/// the groups the crawler follows, and every group holding one of these (whole when short).
pub fn excerpt(input: &Input, construct: &'static str) -> Vec<ExcerptLine> {
    let body = input.body();
    let lines = numbered_lines(&body);
    let url = input.urls.first().cloned().unwrap_or_default();
    let mut kept: BTreeSet<usize> = BTreeSet::new();
    let names = shown_as(construct);
    for (_, variant) in crate::fuzz::ablation::variants(input)
        .iter()
        .filter(|(c, _)| names.contains(c))
    {
        let after = variant.body();
        let changed = changed_lines(&lines, &numbered_lines(&after));
        if changed.len() <= CONSTRUCT_LINES {
            kept.extend(changed.into_iter().map(|i| i + 1));
        }
    }
    let mut essential = kept.clone();
    let mut spans: Vec<(usize, usize, Vec<usize>)> = Vec::new();
    for profile in [Profile::Rfc9309, Profile::Google] {
        let robots = Robots::parse(&body, ParseOptions::new(profile));
        let selection = robots.select(&[input.agent.as_str()]);
        if let Ok(verdict) = selection.check_url(&url)
            && let Some(rule) = verdict.rule
        {
            essential.insert(rule.line);
        }
        for group in selection.groups() {
            essential.extend(group.agents.iter().map(|a| a.line));
            // The lines between the group's `user-agent` lines (a `Crawl-delay` there is what
            // a library may end the group at): all of them, where they are few.
            let agents = group.agents.iter().map(|a| a.line);
            if let (Some(first), Some(last)) = (agents.clone().min(), agents.max())
                && last - first <= BETWEEN_AGENTS
            {
                essential.extend(first..=last);
            }
        }
        // The other rules of those groups and of the `*` groups that match the URL: a
        // library that takes the first match, or another group, decides on one of them, and
        // the excerpt must show the line it decided on.
        let star = robots
            .groups()
            .iter()
            .filter(|g| g.agents.iter().any(|a| a.value.trim() == "*"));
        for group in selection.groups().chain(star) {
            let matching = group.rules.iter().filter(|rule| {
                rule.line
                    .checked_sub(1)
                    .and_then(|i| lines.get(i))
                    .is_some_and(|line| rule_matches(line, &url, profile))
            });
            essential.extend(matching.map(|rule| rule.line).take(MATCHING_RULES));
        }
        if profile == Profile::Rfc9309 {
            for group in robots.groups() {
                let agents: Vec<usize> = group.agents.iter().map(|a| a.line).collect();
                let first = agents.iter().copied().min().unwrap_or(0);
                let last = group
                    .rules
                    .iter()
                    .map(|r| r.line)
                    .chain(agents.iter().copied())
                    .max()
                    .unwrap_or(first);
                spans.push((first, last, agents));
            }
        }
    }
    kept.extend(essential.iter().copied());
    // The groups the kept lines sit in (between a group's first `user-agent` line and its
    // last line).
    let mut with_groups = kept.clone();
    for (first, last, agents) in &spans {
        if !kept.iter().any(|l| (*first..=*last).contains(l)) {
            continue;
        }
        if last - first < WHOLE_GROUP {
            with_groups.extend(*first..=*last);
        } else {
            with_groups.extend(agents.iter().copied());
        }
    }
    let chosen = if with_groups.len() > LONG_EXCERPT {
        essential
    } else {
        with_groups
    };
    chosen
        .into_iter()
        .filter(|l| *l >= 1 && *l <= lines.len())
        .map(|l| ExcerptLine {
            line: l,
            text: crate::text::escape(lines[l - 1]).0,
        })
        .collect()
}

/// Most lines from a group's first `user-agent` line to its last for the excerpt to keep all
/// of them.
const BETWEEN_AGENTS: usize = 8;

/// At most this many rules matching the URL kept from one group (besides the deciding rule).
const MATCHING_RULES: usize = 4;

/// Whether the rule `line` (as written in the file) matches `url` under `profile`: asked of
/// the reference as the only rule of a group of its own.
fn rule_matches(line: &[u8], url: &str, profile: Profile) -> bool {
    let body = [&b"User-agent: *\n"[..], line, b"\n"].concat();
    let robots = Robots::parse(&body, ParseOptions::new(profile));
    robots
        .select(&["foobot"])
        .check_url(url)
        .is_ok_and(|verdict| verdict.rule.is_some())
}

/// Whether `agent` is a name a crawler goes by, as [`Target::Crawler`] keeps it.
fn readable_crawler(agent: &str) -> bool {
    let token = crate::fuzz::ablation::token_of(agent);
    token.len() >= 4 && token.contains("bot")
}

/// `name` written in the case `like` is written in (all capitals, all small, or as given).
fn in_case_of(name: &str, like: &str) -> String {
    let letters = || like.chars().filter(char::is_ascii_alphabetic);
    if letters().count() > 1 && letters().all(|c| c.is_ascii_uppercase()) {
        name.to_ascii_uppercase()
    } else if letters().count() > 1 && letters().all(|c| c.is_ascii_lowercase()) {
        name.to_ascii_lowercase()
    } else {
        name.to_owned()
    }
}

/// A line split into its content and its line end.
fn split_end(line: &[u8]) -> (&[u8], &[u8]) {
    let content = line
        .iter()
        .rposition(|b| *b != b'\n' && *b != b'\r')
        .map_or(0, |i| i + 1);
    line.split_at(content)
}

/// A `user-agent` line's value (trimmed, comment cut), when the line is one.
fn agent_value(content: &[u8]) -> Option<(usize, usize)> {
    let colon = content.iter().position(|b| *b == b':')?;
    let key = String::from_utf8_lossy(&content[..colon]);
    if !key.trim().eq_ignore_ascii_case("user-agent") {
        return None;
    }
    let end = content[colon + 1..]
        .iter()
        .position(|b| *b == b'#')
        .map_or(content.len(), |i| colon + 1 + i);
    let value = &content[colon + 1..end];
    let start = colon + 1 + value.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let stop = end
        - value
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_whitespace())
            .count();
    (start < stop).then_some((start, stop))
}

/// `input` with `rewrite`'s candidate number `n` applied (`None` when it changes nothing or
/// does not apply).
pub fn rewritten(input: &Input, rewrite: &Rewrite, n: usize, construct: &str) -> Option<Input> {
    let candidate = *rewrite.candidates.get(n)?;
    let mut out = input.clone();
    match rewrite.target {
        Target::ConstructLines => {
            let before: Vec<&[u8]> = input.lines.iter().map(|l| split_end(l).0).collect();
            let mut changed: BTreeSet<usize> = BTreeSet::new();
            for (_, variant) in crate::fuzz::ablation::variants(input)
                .iter()
                .filter(|(c, _)| *c == construct)
            {
                let after: Vec<&[u8]> = variant.lines.iter().map(|l| split_end(l).0).collect();
                let lines = changed_lines(&before, &after);
                if lines.len() > 2 {
                    return None;
                }
                changed.extend(lines);
            }
            for i in changed {
                let (_, end) = split_end(&input.lines[i]);
                let mut line = candidate.as_bytes().to_vec();
                line.extend_from_slice(end);
                out.lines[i] = line;
            }
        }
        Target::OtherAgents => {
            let token = crate::fuzz::ablation::token_of(&input.agent);
            let mut names: BTreeMap<String, &str> = BTreeMap::new();
            for line in &mut out.lines {
                let (content, _) = split_end(line);
                let Some((start, stop)) = agent_value(content) else {
                    continue;
                };
                let value = String::from_utf8_lossy(&content[start..stop]).into_owned();
                let lower = value.to_ascii_lowercase();
                if lower == "*" || lower == token || readable_crawler(&value) {
                    continue;
                }
                let next = names.len();
                let name = match names.get(&lower) {
                    Some(name) => *name,
                    None => {
                        let name = *rewrite.candidates.get(next)?;
                        names.insert(lower, name);
                        name
                    }
                };
                let mut new = line[..start].to_vec();
                new.extend_from_slice(in_case_of(name, &value).as_bytes());
                new.extend_from_slice(&line[stop..]);
                *line = new;
            }
        }
        Target::Crawler => {
            if readable_crawler(&input.agent) {
                return None;
            }
            let token = crate::fuzz::ablation::token_of(&input.agent);
            let rest = input.agent.split_once('/').map(|(_, v)| v);
            out.agent = match rest {
                Some(version) => format!("{candidate}/{version}"),
                None => candidate.to_owned(),
            };
            for line in &mut out.lines {
                let (content, _) = split_end(line);
                let Some((start, stop)) = agent_value(content) else {
                    continue;
                };
                let value = String::from_utf8_lossy(&content[start..stop]).into_owned();
                if value.to_ascii_lowercase() != token {
                    continue;
                }
                let mut new = line[..start].to_vec();
                new.extend_from_slice(in_case_of(candidate, &value).as_bytes());
                new.extend_from_slice(&line[stop..]);
                *line = new;
            }
        }
        Target::Host => {
            for url in &mut out.urls {
                let Some(scheme_end) = url.find("://") else {
                    continue;
                };
                let rest = &url[scheme_end + 3..];
                let path = rest.find('/').unwrap_or(rest.len());
                *url = format!("{candidate}{}", &rest[path..]);
            }
        }
        Target::Word(word) => {
            let replace = |text: &[u8]| -> Vec<u8> {
                String::from_utf8_lossy(text)
                    .replace(word, candidate)
                    .into_bytes()
            };
            if input.lines.iter().any(|l| std::str::from_utf8(l).is_err()) {
                return None;
            }
            out.lines = input.lines.iter().map(|l| replace(l)).collect();
            out.urls = input
                .urls
                .iter()
                .map(|u| u.replace(word, candidate))
                .collect();
        }
        Target::RootRule => {
            let url = input.urls.first()?;
            let (scheme, rest) = url.split_once("://")?;
            let (host, path) = rest.split_at(rest.find('/')?);
            if path != "/" {
                return None;
            }
            let mut moved = false;
            for line in &mut out.lines {
                let (content, end) = split_end(line);
                let text = String::from_utf8_lossy(content);
                let Some((key, value)) = text.split_once(':') else {
                    continue;
                };
                let field = key.trim().to_ascii_lowercase();
                if (field == "allow" || field == "disallow") && value.trim() == "/" {
                    let mut new = format!("{key}:{}", value.replace('/', candidate)).into_bytes();
                    new.extend_from_slice(end);
                    *line = new;
                    moved = true;
                }
            }
            // No rule `/` on a line of its own (one joined to the line before by a lone CR):
            // the rewrite would say it moved a rule it did not.
            if !moved {
                return None;
            }
            out.urls = vec![format!("{scheme}://{host}{candidate}page.html")];
        }
        Target::BlankInGroup => {
            let key = |line: &[u8]| -> Option<String> {
                let (content, _) = split_end(line);
                let text = String::from_utf8_lossy(content);
                let (key, _) = text.split_once(':')?;
                Some(key.trim().to_ascii_lowercase())
            };
            let blank = |line: &[u8]| split_end(line).0.iter().all(u8::is_ascii_whitespace);
            let mut kept: Vec<Vec<u8>> = Vec::new();
            for (i, line) in input.lines.iter().enumerate() {
                let before = kept.iter().rev().find(|l| !blank(l)).and_then(|l| key(l));
                let after = input.lines[i + 1..]
                    .iter()
                    .find(|l| !blank(l))
                    .and_then(|l| key(l));
                let in_group = before.is_some_and(|k| k != "allow" && k != "disallow")
                    && after.is_some_and(|k| k == "user-agent");
                if !(blank(line) && in_group) {
                    kept.push(line.clone());
                }
            }
            if kept.len() == input.lines.len() {
                return None;
            }
            out.lines = kept;
        }
        Target::FieldNames => {
            if input.body().contains(&b'\r') {
                return None;
            }
            for line in &mut out.lines {
                let (content, end) = split_end(line);
                let Ok(text) = std::str::from_utf8(content) else {
                    continue;
                };
                let Some((key, value)) = text.split_once(':') else {
                    continue;
                };
                // Whitespace around the name is a construct of its own: left as written.
                if key.trim() != key {
                    continue;
                }
                let Some((_, spelled)) = FIELD_SPELLINGS
                    .iter()
                    .find(|(k, _)| key.eq_ignore_ascii_case(k))
                else {
                    continue;
                };
                let value = value.trim_start_matches([' ', '\t']);
                let mut new = if value.is_empty() {
                    format!("{spelled}:")
                } else {
                    format!("{spelled}: {value}")
                }
                .into_bytes();
                new.extend_from_slice(end);
                *line = new;
            }
        }
    }
    (out != *input).then_some(out)
}

/// The minimal input `shown` made readable for `cause` ([`REWRITES`]), each candidate asked
/// again of `asker`'s library and the reference; `None` when no rewrite holds.
pub fn readable(cause: &RootCause, shown: &FamilyInput, asker: &mut Asker<'_>) -> Option<Readable> {
    let start = shown.input();
    let said = asker.ask(&start);
    if !split_holds(cause, &said) {
        return None;
    }
    // Where the construct's neutralisation shows the cause on the input itself, every
    // rewrite must keep it so; otherwise (a construct a probe named) the split is enough.
    let caused = cause_holds(cause, &start, &said, asker);
    let mut current = start;
    let mut current_said = said;
    let mut says = Vec::new();
    for rewrite in REWRITES
        .iter()
        .filter(|r| r.construct == ANY || r.construct == cause.construct)
    {
        for n in 0..rewrite.candidates.len() {
            let Some(candidate) = rewritten(&current, rewrite, n, cause.construct) else {
                continue;
            };
            let now = asker.ask(&candidate);
            if !split_holds(cause, &now) {
                continue;
            }
            if caused && !cause_holds(cause, &candidate, &now, asker) {
                continue;
            }
            current = candidate;
            current_said = now;
            says.push(rewrite.says.to_owned());
            break;
        }
    }
    if says.is_empty() {
        return None;
    }
    let mut answers: BTreeMap<String, Answer> = current_said
        .reference
        .iter()
        .map(|(p, a)| (reference_name(*p), *a))
        .collect();
    answers.insert(cause.implementation.clone(), current_said.library);
    Some(Readable {
        input: FamilyInput::of(&current),
        rewrites: says,
        answers,
    })
}

/// Whether no group `selection` follows holds a rule line (`allow` or `disallow`, an empty one
/// too) in `robots`: the lines after a group's last `user-agent` line, up to the next one.
fn no_rule_lines(robots: &Robots, selection: &Selection<'_>) -> bool {
    let records = robots.records();
    selection.groups().all(|group| {
        let Some(last) = group.agents.iter().map(|a| a.line).max() else {
            return true;
        };
        !records
            .iter()
            .filter(|r| r.line > last)
            .take_while(|r| r.kind != RecordKind::UserAgent)
            .any(|r| matches!(r.kind, RecordKind::Allow | RecordKind::Disallow))
    })
}

/// Named crawlers a file is asked as, besides the measuring crawler.
const FILE_CRAWLERS: usize = 4;

/// Most (site, crawler) pairs asked for one root cause.
const PAIRS_PER_CAUSE: usize = 600;

/// Most real checks whose cause is confirmed for one root cause.
const CONFIRMED_PER_CAUSE: usize = 40;

/// The library's answers to every URL of a site, as a crawler, asked once.
pub type SiteAnswers = BTreeMap<(usize, String), Vec<Answer>>;

/// A real check on which the library flips because of `cause`'s construct: the corpus's
/// sites that `holds` (a site's index, the crawler and a construct: whether its file holds
/// it; the construct or one of its [`KIN`]),
/// the sites of `first` (where the real-world measure saw it flip) first, then smallest file
/// first, asked as `agent` and then as the crawlers each file names (not one whose group
/// holds no rule line); the
/// library's answers kept in `known` across root causes. `None` when no real file shows it.
pub fn real_example(
    cause: &RootCause,
    (corpus, name): (&Corpus, &str),
    agent: &str,
    first: &[usize],
    holds: &dyn Fn(usize, &str, &str) -> bool,
    asker: &mut Asker<'_>,
    known: &mut SiteAnswers,
) -> Option<RealExample> {
    // Only where both profiles expect one answer: a real check where Google's reading and
    // the RFC's agree. Either verdict direction shows the behaviour (an entry holds both).
    let expected = *cause.expected.get(&Profile::Rfc9309)?;
    if cause.expected.get(&Profile::Google) != Some(&expected)
        || cause.construct == crate::fuzz::ablation::COMBINED
    {
        return None;
    }
    let mut order: Vec<usize> = (0..corpus.sites.len())
        .filter(|i| !corpus.sites[*i].urls.is_empty())
        .collect();
    let first: BTreeSet<usize> = first.iter().copied().collect();
    order.sort_by_key(|i| (!first.contains(i), corpus.sites[*i].body.len(), *i));
    let mut pairs = 0;
    let mut confirmed = 0;
    for i in order {
        let site = &corpus.sites[i];
        let mut crawlers = vec![agent.to_owned()];
        crawlers.extend(
            site.agents
                .iter()
                .filter(|a| {
                    reptest_reference::crawler_token(a).is_some_and(|t| t == a.to_ascii_lowercase())
                        && a.len() >= 3
                        && !a.eq_ignore_ascii_case(agent)
                })
                .take(FILE_CRAWLERS)
                .cloned(),
        );
        for crawler in crawlers {
            if !shown_as(cause.construct)
                .iter()
                .any(|c| holds(i, &crawler, c))
            {
                continue;
            }
            pairs += 1;
            if pairs > PAIRS_PER_CAUSE || confirmed >= CONFIRMED_PER_CAUSE {
                return None;
            }
            let parsed: Vec<(Profile, Robots)> = [Profile::Rfc9309, Profile::Google]
                .into_iter()
                .map(|p| (p, Robots::parse(&site.body, ParseOptions::new(p))))
                .collect();
            let selections: Vec<_> = parsed
                .iter()
                .map(|(p, r)| (*p, r.select(&[crawler.as_str()])))
                .collect();
            // A crawler whose group holds no rule line (`Crawl-delay` alone) is no example: the
            // site's author may have meant the `*` group's rules for it. An empty `Disallow:`
            // is a rule line: it lets the crawler fetch everything.
            if parsed
                .iter()
                .zip(&selections)
                .all(|((_, robots), (_, s))| no_rule_lines(robots, s))
            {
                continue;
            }
            // The URLs both profiles answer alike, with that answer.
            let flipping: Vec<(usize, Answer)> = (0..site.urls.len())
                .filter_map(|u| {
                    let answers: Vec<Answer> = selections
                        .iter()
                        .filter_map(|(_, s)| s.check_url(&site.urls[u]).ok())
                        .map(|v| {
                            if v.allowed {
                                Answer::Allow
                            } else {
                                Answer::Disallow
                            }
                        })
                        .collect();
                    (answers.len() == selections.len() && answers.iter().all(|a| *a == answers[0]))
                        .then(|| (u, answers[0]))
                })
                .collect();
            if flipping.is_empty() {
                continue;
            }
            let answers = known.entry((i, crawler.clone())).or_insert_with(|| {
                let said = asker.engine.check(&site.body, &crawler, &site.urls);
                asker.asked += 1;
                (0..site.urls.len()).map(|u| Answer::of(&said, u)).collect()
            });
            let flipped: Vec<(usize, Answer)> = flipping
                .into_iter()
                .filter(|(u, e)| {
                    answers
                        .get(*u)
                        .is_some_and(|a| a.allowed().is_some() && a != e)
                })
                .take(2)
                .collect();
            for (u, agreed) in flipped {
                confirmed += 1;
                let input = Input {
                    lines: site
                        .body
                        .split_inclusive(|b| *b == b'\n')
                        .map(<[u8]>::to_vec)
                        .collect(),
                    agent: crawler.clone(),
                    urls: vec![site.urls[u].clone()],
                };
                // Asked again alone: the answer the example shows is the one to this question.
                let said = asker.ask(&input);
                if said.library == agreed
                    || said.library.allowed().is_none()
                    || [Profile::Rfc9309, Profile::Google]
                        .iter()
                        .any(|p| said.reference.get(p) != Some(&agreed))
                {
                    continue;
                }
                if !cause_holds(cause, &input, &said, asker) {
                    continue;
                }
                let lines = excerpt(&input, cause.construct);
                if lines.is_empty() {
                    continue;
                }
                return Some(RealExample {
                    corpus: name.to_owned(),
                    site: site.host.clone(),
                    url: site.urls[u].clone(),
                    agent: crawler.clone(),
                    answer: said.library,
                    reference: [Profile::Rfc9309, Profile::Google]
                        .into_iter()
                        .map(|p| (p, agreed))
                        .collect(),
                    neutralised: agreed,
                    lines,
                    total_lines: numbered_lines(&site.body).len(),
                });
            }
        }
    }
    None
}

/// The excerpt as a fenced block: each line with its number, `…` for cut lines.
pub fn fenced_excerpt(real: &RealExample) -> String {
    let width = real.total_lines.to_string().len();
    let mut out = String::from("```\n");
    let mut next = 1;
    for line in &real.lines {
        if line.line > next {
            out.push_str(&format!("{:>width$}  …\n", ""));
        }
        out.push_str(&format!("{:>width$}  {}\n", line.line, line.text));
        next = line.line + 1;
    }
    if next <= real.total_lines {
        out.push_str(&format!("{:>width$}  …\n", ""));
    }
    out.push_str("```");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::protocol::WireVerdict;
    use crate::engines::{EngineError, EngineInfo};
    use crate::fuzz::corpus::Site;

    /// A planted library: the reference under `rfc9309`, except that a line naming no known
    /// field ends the group when the line before it was a `user-agent` line (the defect
    /// planted), which it reads by dropping the `user-agent` lines before such a line.
    struct Planted {
        info: EngineInfo,
        reference: ReferenceEngine,
    }

    fn planted() -> Planted {
        Planted {
            info: EngineInfo {
                name: "planted".into(),
                implementation: "planted".into(),
                version: "1".into(),
                language: "rust".into(),
            },
            reference: ReferenceEngine::new(Profile::Rfc9309),
        }
    }

    /// The planted misreading: a group's `user-agent` lines before an unknown field line are
    /// forgotten. Only `host` and `:` lines count as unknown to it (so that a rewrite to
    /// `crawl-delay` or `sitemap`, which it reads, loses the split).
    fn misread(body: &[u8]) -> Vec<u8> {
        let text = String::from_utf8_lossy(body);
        let mut out: Vec<String> = Vec::new();
        for line in text.lines() {
            let key = line.split(':').next().unwrap_or_default().trim();
            let unknown = line.trim() == ":" || key.eq_ignore_ascii_case("host");
            if unknown {
                while out
                    .last()
                    .is_some_and(|l| l.to_ascii_lowercase().starts_with("user-agent"))
                {
                    out.pop();
                }
                continue;
            }
            out.push(line.to_owned());
        }
        let mut joined = out.join("\n");
        joined.push('\n');
        joined.into_bytes()
    }

    impl Engine for Planted {
        fn info(&self) -> &EngineInfo {
            &self.info
        }

        fn check(
            &mut self,
            body: &[u8],
            agent: &str,
            urls: &[String],
        ) -> Result<Vec<WireVerdict>, EngineError> {
            self.reference.check(&misread(body), agent, urls)
        }
    }

    fn cause() -> RootCause {
        RootCause::planted(Answer::Allow, Answer::Disallow)
    }

    fn shown() -> FamilyInput {
        FamilyInput {
            robots: "user-agent:foobot\n:\n\nuser-agent:xqzvw\nDisallow:/\n".into(),
            escaped: false,
            agent: "FOOBOT".into(),
            url: "http://example.com/".into(),
        }
    }

    #[test]
    fn a_readable_rewrite_is_kept_only_where_the_planted_split_remains() {
        let mut engine = planted();
        let mut asker = Asker::new(&mut engine);
        let made = readable(&cause(), &shown(), &mut asker).expect("a rewrite holds");
        let body = String::from_utf8(made.input.body()).expect("text");
        // `crawl-delay` and `sitemap`, which it reads, lose the planted split: tried first,
        // not kept; `host` keeps it.
        assert!(body.contains("Host: example.com"), "{body}");
        assert!(!body.contains("crawl-delay"), "{body}");
        assert!(!body.contains("sitemap"), "{body}");
        // The other group's nonsense crawler renamed, in the case it was written.
        assert!(body.contains("User-agent: barbot"), "{body}");
        assert!(!body.contains("xqzvw"), "{body}");
        assert_eq!(made.answers.get("planted"), Some(&Answer::Allow));
        assert_eq!(
            made.answers.get("reference-rfc9309"),
            Some(&Answer::Disallow)
        );
        // The split asked again on the kept input.
        let again = Asker::new(&mut engine).ask(&made.input.input());
        assert!(split_holds(&cause(), &again));

        // A library whose only unknown field is one no candidate writes keeps nothing of the
        // field line: the rewrite to `crawl-delay` would make it agree.
        let mut narrow = cause();
        narrow.answer = Answer::Disallow;
        let mut engine = planted();
        let mut asker = Asker::new(&mut engine);
        assert_eq!(readable(&narrow, &shown(), &mut asker), None);
    }

    fn site(host: &str, body: &str, urls: &[&str]) -> Site {
        Site {
            host: host.into(),
            body: body.as_bytes().to_vec(),
            urls: urls.iter().map(|u| (*u).to_owned()).collect(),
            agents: vec!["Bingbot".into()],
        }
    }

    #[test]
    fn a_real_file_is_picked_only_where_the_library_flips_on_it() {
        let corpus = Corpus {
            sites: vec![
                // Holds a `crawl-delay` line between two user-agent lines: the planted
                // library reads it, no flip.
                site(
                    "a.example",
                    "User-agent: Bingbot\nCrawl-delay: 5\nUser-agent: \
                     Googlebot\nDisallow: /private/\n",
                    &["https://a.example/private/x", "https://a.example/"],
                ),
                // The flip, for the crawler the file names first.
                site(
                    "b.example",
                    "# The file of b\nUser-agent: Bingbot\nHost: b.example\nUser-agent: \
                     Googlebot\nDisallow: /private/\n\nUser-agent: *\nDisallow: /tmp/\n",
                    &["https://b.example/", "https://b.example/private/page.html"],
                ),
            ],
        };
        let holds = |_: usize, _: &str, _: &str| true;
        let mut engine = planted();
        let mut asker = Asker::new(&mut engine);
        let mut known = SiteAnswers::new();
        let real = real_example(
            &cause(),
            (&corpus, "test"),
            "Googlebot",
            &[],
            &holds,
            &mut asker,
            &mut known,
        )
        .expect("b flips");
        assert_eq!(real.site, "b.example");
        assert_eq!(real.url, "https://b.example/private/page.html");
        assert_eq!(real.agent, "Bingbot");
        assert_eq!(real.answer, Answer::Allow);
        let numbers: Vec<usize> = real.lines.iter().map(|l| l.line).collect();
        assert_eq!(numbers, [2, 3, 4, 5], "{:?}", real.lines);
        let shown = fenced_excerpt(&real);
        assert!(shown.contains("3  Host: b.example"), "{shown}");
        assert!(shown.starts_with("```\n   …\n"), "{shown}");

        // Nothing is picked from a file without the flip alone, nor from a flip for a crawler
        // whose group holds no rules (a `Host` line alone): the site may have meant the `*`
        // group for it.
        let empty_group = site(
            "c.example",
            "User-agent: *\nDisallow: /private/\n\nUser-agent: Bingbot\nHost: c.example\n",
            &["https://c.example/private/x"],
        );
        for alone in [corpus.sites[0].clone(), empty_group] {
            let host = alone.host.clone();
            let corpus = Corpus { sites: vec![alone] };
            let mut engine = planted();
            let mut asker = Asker::new(&mut engine);
            let picked = real_example(
                &cause(),
                (&corpus, "test"),
                "Googlebot",
                &[],
                &holds,
                &mut asker,
                &mut SiteAnswers::new(),
            );
            assert_eq!(picked, None, "{host}");
        }
    }

    #[test]
    fn an_excerpt_shows_the_other_rules_that_match_the_url() {
        // The shape of a real file: an earlier, shorter rule matches the URL too; a library
        // that takes the first match decides on it, so the excerpt must show it.
        let mut robots = String::from("User-agent: *\n");
        for i in 0..20 {
            robots.push_str(&format!("Disallow: /other{i}\n"));
        }
        robots.push_str("Disallow: /job\nDisallow: /jobs.html\nAllow: /jobs\n");
        robots.push_str("\nUser-agent: newsbot\nDisallow: /\n");
        let input = FamilyInput {
            robots,
            escaped: false,
            agent: "Googlebot".into(),
            url: "https://example.com/jobs".into(),
        }
        .input();
        let lines: Vec<usize> = excerpt(&input, "rule-order")
            .iter()
            .map(|l| l.line)
            .collect();
        assert!(lines.contains(&1), "the group's line: {lines:?}");
        assert!(lines.contains(&22), "the earlier matching rule: {lines:?}");
        assert!(lines.contains(&24), "the deciding rule: {lines:?}");
        assert!(
            !lines.contains(&23),
            "a rule that does not match: {lines:?}"
        );
        assert!(!lines.contains(&2), "a rule that does not match: {lines:?}");
    }

    /// The shape of a real file: a `Crawl-delay` line between the crawler's `user-agent` line
    /// and the next, in a long file. The excerpt keeps it: a library ending the group there
    /// decides on it.
    #[test]
    fn an_excerpt_keeps_the_lines_between_a_group_s_user_agent_lines() {
        let mut robots = String::from("User-agent: FooBot\nCrawl-delay: 10\nUser-agent: BarBot\n");
        for i in 0..50 {
            robots.push_str(&format!("Disallow: /other{i}\n"));
        }
        robots.push_str("\nUser-agent: *\nDisallow: /private/\n");
        let input = FamilyInput {
            robots,
            escaped: false,
            agent: "FooBot".into(),
            url: "https://example.com/private/page".into(),
        }
        .input();
        let lines: Vec<usize> = excerpt(&input, "empty-group")
            .iter()
            .map(|l| l.line)
            .collect();
        assert!(
            lines.starts_with(&[1, 2, 3]),
            "the group's lines: {lines:?}"
        );
        assert!(
            !lines.contains(&30),
            "a rule that does not match: {lines:?}"
        );
    }

    /// A blank line inside what the texts read as one group goes; one after a group's rules,
    /// before the next group, stays.
    #[test]
    fn a_blank_line_inside_a_group_is_taken_out() {
        let blank = REWRITES
            .iter()
            .find(|r| r.target == Target::BlankInGroup)
            .expect("a blank-line rewrite");
        let input = FamilyInput {
            robots: "User-agent: FooBot\nCrawl-delay: 5\n\nUser-agent: BarBot\nDisallow: /x\n\n\
                     User-agent: BazBot\nDisallow: /\n"
                .into(),
            escaped: false,
            agent: "FooBot".into(),
            url: "http://example.com/x".into(),
        }
        .input();
        let out = rewritten(&input, blank, 0, "non-standard-field").expect("rewritten");
        assert_eq!(
            out.body(),
            b"User-agent: FooBot\nCrawl-delay: 5\nUser-agent: BarBot\nDisallow: /x\n\n\
              User-agent: BazBot\nDisallow: /\n"
        );
        assert_eq!(rewritten(&out, blank, 0, "non-standard-field"), None);
    }

    #[test]
    fn rewrites_apply_to_what_they_name() {
        let input = shown().input();
        let crawler = REWRITES
            .iter()
            .find(|r| r.target == Target::Crawler)
            .expect("a crawler rewrite");
        // `FOOBOT` is a crawler's name already.
        assert_eq!(rewritten(&input, crawler, 0, "unknown-field"), None);
        let short = FamilyInput {
            robots: "user-agent: t\ndisallow: /\n".into(),
            escaped: false,
            agent: "t".into(),
            url: "http://example.com/".into(),
        }
        .input();
        let renamed = rewritten(&short, crawler, 0, "unknown-field").expect("renamed");
        assert_eq!(renamed.agent, "FooBot");
        assert_eq!(renamed.body(), b"user-agent: FooBot\ndisallow: /\n");
        let root = REWRITES
            .iter()
            .find(|r| r.target == Target::RootRule)
            .expect("a root rule rewrite");
        let moved = rewritten(&short, root, 0, "unknown-field").expect("moved");
        assert_eq!(moved.body(), b"user-agent: t\ndisallow: /private/\n");
        assert_eq!(moved.urls, ["http://example.com/private/page.html"]);
        let joined = FamilyInput {
            robots: "user-agent: t\rdisallow: /\n".into(),
            escaped: false,
            agent: "t".into(),
            url: "http://example.com/".into(),
        }
        .input();
        assert!(rewritten(&joined, root, 0, "cr-line-end").is_none());
        let fields = REWRITES
            .iter()
            .find(|r| r.target == Target::FieldNames)
            .expect("a field-name rewrite");
        let spelled = rewritten(&input, fields, 0, "unknown-field").expect("spelled");
        assert_eq!(
            spelled.body(),
            b"User-agent: foobot\n:\n\nUser-agent: xqzvw\nDisallow: /\n"
        );
    }
}
