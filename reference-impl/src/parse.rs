//! Parsing: bytes in, one [`Record`] per line and the groups they form out.
//!
//! The parser never fails: every line yields a record, and whatever it could not use is named
//! by a [`Diagnostic`] on that record. Decisions on the file format:
//! - Only the first `size_limit` bytes are read (Google 2019, "File format": "Content which is
//!   after the maximum file size is ignored"; RFC 9309 §2.5: a limit "MUST be at least 500
//!   kibibytes"). A line cut by the limit is parsed as far as it goes and says so.
//! - A UTF-8 byte-order mark at the very start is skipped ("An optional Unicode BOM … at the
//!   beginning of the robots.txt file is ignored"); anything short of the whole three-byte mark
//!   is ordinary content.
//! - Lines end at CR, LF or CRLF, freely mixed (2019: "lines separated by CR, CR/LF, or LF").
//! - `#` starts a comment anywhere on a line; whitespace (space, tab) around field and value is
//!   ignored.
//! - Bytes are kept as bytes: invalid UTF-8 never stops parsing; it is reported, and a rule's
//!   path keeps its octets (they are percent-encoded when the pattern is compiled).
//! - Rules before the first `user-agent` line are ignored (RFC 9309 §2.1: "Crawlers SHOULD
//!   ignore" them; legacy: "group-member records without a preceding start-of-group record
//!   are ignored").
//! - A group is one or more `user-agent` lines followed by rules; it ends at the next
//!   `user-agent` line that follows a rule. Lines that are neither (sitemap, crawl-delay,
//!   unknown, empty, comments) do not end a group (RFC 9309 §2.1: such records "MUST NOT"
//!   change the grouping).

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

use crate::agent::AgentToken;
use crate::octets::Octets;
use crate::pattern::Pattern;
use crate::profile::{Encoding, FieldNames, IndexHtml, MissingColon, Profile, Rules};

/// The size limit Google enforces and RFC 9309 requires as a minimum: 500 KiB.
pub const DEFAULT_SIZE_LIMIT: usize = 500 * 1024;

/// How to parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseOptions {
    /// The profile whose reading applies.
    pub profile: Profile,
    /// Bytes read at most; the rest of the file is ignored.
    pub size_limit: usize,
}

impl ParseOptions {
    /// The profile's options with the default 500 KiB limit.
    pub fn new(profile: Profile) -> ParseOptions {
        ParseOptions {
            profile,
            size_limit: DEFAULT_SIZE_LIMIT,
        }
    }
}

/// What a line turned out to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordKind {
    /// `user-agent`: starts or extends a group.
    UserAgent,
    /// `allow`.
    Allow,
    /// `disallow`.
    Disallow,
    /// `sitemap`: collected, belongs to no group.
    Sitemap,
    /// `crawl-delay`: reported, never changes a verdict.
    CrawlDelay,
    /// A field this parser does not know.
    Unknown,
    /// Empty, or only a comment.
    Blank,
    /// Content that is not a `field: value` line.
    Invalid,
}

/// Something worth telling about a line.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Diagnostic {
    /// A misspelled field name was accepted as the field it stands for.
    AcceptedMisspelling {
        /// The field name it was read as.
        canonical: &'static str,
    },
    /// The line has no colon; it was read as `field value`.
    AcceptedMissingColon,
    /// The line has no colon and was ignored.
    MissingColon,
    /// The field name is not known; the line was ignored.
    UnknownField,
    /// A standard-looking record that no profile uses for verdicts (e.g. `crawl-delay`).
    NonStandardField,
    /// An `allow`/`disallow` line before any `user-agent` line; ignored.
    RuleOutsideGroup,
    /// An `allow`/`disallow` line without a value; ignored.
    EmptyValue,
    /// A rule's path does not start with `/` (or `*`).
    PathWithoutLeadingSlash {
        /// Whether the profile put a `/` in front of it.
        repaired: bool,
    },
    /// A `user-agent` value that names no crawler under the profile.
    InvalidAgent,
    /// The line was cut at the size limit; what followed is ignored.
    CutBySizeLimit,
    /// The line was longer than the profile's line limit and was cut to it.
    LineTooLong {
        /// The limit, in bytes.
        limit: usize,
    },
    /// The line is not valid UTF-8.
    InvalidUtf8,
}

/// One line of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// 1-based line number.
    pub line: usize,
    /// What the line is.
    pub kind: RecordKind,
    /// The field name as written (lossily decoded), empty for blank and invalid lines.
    pub raw_key: String,
    /// The value as written, trimmed, without comment (lossily decoded).
    pub value: String,
    /// What is worth telling about this line.
    pub diagnostics: Vec<Diagnostic>,
}

/// One `allow` or `disallow` rule.
#[derive(Clone, Debug)]
pub struct Rule {
    /// 1-based line number.
    pub line: usize,
    /// `allow` (true) or `disallow` (false).
    pub allow: bool,
    /// Set on the extra `…/$` allow rule derived from an `allow: …/index.html` rule.
    pub from_index_html: bool,
    /// The value's octets (with the profile's leading `/` when it adds one).
    octets: Octets,
    /// Whether that leading `/` was added (it is not part of the value as written).
    repaired: bool,
    encoding: Encoding,
    /// Compiled on first use: most groups of a file are never selected by a given crawler,
    /// and parsing stays a single pass over the bytes.
    compiled: OnceLock<Box<Pattern>>,
}

impl Rule {
    fn new(line: usize, allow: bool, octets: &[u8], repaired: bool, encoding: Encoding) -> Rule {
        Rule {
            line,
            allow,
            from_index_html: false,
            octets: octets.into(),
            repaired,
            encoding,
            compiled: OnceLock::new(),
        }
    }

    /// The path as written (lossily decoded); for a rule derived from `…/index.html`, the
    /// derived `…/$`.
    pub fn path(&self) -> Cow<'_, str> {
        let octets = if self.repaired {
            &self.octets[1..]
        } else {
            &self.octets[..]
        };
        String::from_utf8_lossy(octets)
    }

    /// The compiled pattern.
    pub fn pattern(&self) -> &Pattern {
        self.compiled
            .get_or_init(|| Box::new(Pattern::compile(&self.octets, self.encoding)))
    }

    /// Whether the rule may match `path` (canonical, with [`crate::pattern::head`]
    /// `path_head`): `false` only when it certainly does not. Uses the compiled pattern when
    /// there is one, and does not compile it otherwise.
    pub(crate) fn may_match(&self, path: &[u8], path_head: u64) -> bool {
        match self.compiled.get() {
            Some(pattern) => pattern.may_match(path_head),
            None => crate::pattern::may_match_raw(&self.octets, self.encoding, path),
        }
    }
}

impl PartialEq for Rule {
    fn eq(&self, other: &Rule) -> bool {
        // Whether the pattern was compiled yet is not part of a rule's identity.
        (
            self.line,
            self.allow,
            self.from_index_html,
            &self.octets,
            self.repaired,
            self.encoding,
        ) == (
            other.line,
            other.allow,
            other.from_index_html,
            &other.octets,
            other.repaired,
            other.encoding,
        )
    }
}

impl Eq for Rule {}

/// One `user-agent` line of a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentLine {
    /// 1-based line number.
    pub line: usize,
    /// The value as written.
    pub value: String,
    /// What it stands for.
    pub token: AgentToken,
}

/// A group: its `user-agent` lines and its rules.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Group {
    /// The `user-agent` lines that opened it.
    pub agents: Vec<AgentLine>,
    /// Its rules, in file order.
    pub rules: Vec<Rule>,
}

/// A parsed robots.txt file.
#[derive(Clone, Debug)]
pub struct Robots {
    pub(crate) profile: Profile,
    /// The bytes that were parsed (BOM and anything past the size limit left out), kept so
    /// that [`Robots::records`] can be built on demand.
    body: Box<[u8]>,
    cut_mid_line: bool,
    /// Built on first use by a second pass: verdicts never need them, so parsing for
    /// verdicts allocates nothing per line that is not a rule or a user-agent.
    records: OnceLock<Vec<Record>>,
    pub(crate) groups: Vec<Group>,
    sitemaps: Vec<String>,
    truncated: bool,
    /// Product token (lower case) → groups naming it, in file order.
    pub(crate) by_token: HashMap<String, Vec<usize>>,
    /// Groups naming `*`, in file order.
    pub(crate) star: Vec<usize>,
}

const FIELDS: &[(&str, RecordKind)] = &[
    ("user-agent", RecordKind::UserAgent),
    ("allow", RecordKind::Allow),
    ("disallow", RecordKind::Disallow),
    ("sitemap", RecordKind::Sitemap),
    ("crawl-delay", RecordKind::CrawlDelay),
];

/// Misspellings accepted under [`FieldNames::CommonMisspellings`]. The list is this project's,
/// kept short: the examples the texts give ("useragent") and common slips of the same kind.
const MISSPELLINGS: &[(&str, RecordKind, &str)] = &[
    ("useragent", RecordKind::UserAgent, "user-agent"),
    ("user agent", RecordKind::UserAgent, "user-agent"),
    ("user_agent", RecordKind::UserAgent, "user-agent"),
    ("disalow", RecordKind::Disallow, "disallow"),
    ("dissallow", RecordKind::Disallow, "disallow"),
    ("dissalow", RecordKind::Disallow, "disallow"),
    ("disallaw", RecordKind::Disallow, "disallow"),
    ("site-map", RecordKind::Sitemap, "sitemap"),
];

/// Under [`FieldNames::ParserPrefixes`], a field name starting with one of these (compared
/// without regard to case) is the field; the second element is the canonical name when the
/// prefix is a misspelling. Each entry was observed in Google's parser
/// (`spec-cases/google-parser.toml`, `field-*`); `sitemap` and `crawl-delay` never change a
/// verdict and are listed as written.
const PARSER_PREFIXES: &[(&str, RecordKind, Option<&str>)] = &[
    ("user-agent", RecordKind::UserAgent, None),
    ("useragent", RecordKind::UserAgent, Some("user-agent")),
    ("user agent", RecordKind::UserAgent, Some("user-agent")),
    ("allow", RecordKind::Allow, None),
    ("disallow", RecordKind::Disallow, None),
    ("disalow", RecordKind::Disallow, Some("disallow")),
    ("dissallow", RecordKind::Disallow, Some("disallow")),
    ("dissalow", RecordKind::Disallow, Some("disallow")),
    ("disallaw", RecordKind::Disallow, Some("disallow")),
    ("diasllow", RecordKind::Disallow, Some("disallow")),
    ("sitemap", RecordKind::Sitemap, None),
    ("crawl-delay", RecordKind::CrawlDelay, None),
];

fn is_ws(b: u8, rules: &Rules) -> bool {
    b == b' ' || b == b'\t' || (rules.vt_ff_are_whitespace && matches!(b, 0x0B | 0x0C))
}

fn trim<'a>(s: &'a [u8], rules: &Rules) -> &'a [u8] {
    let start = s.iter().position(|&b| !is_ws(b, rules)).unwrap_or(s.len());
    let end = s
        .iter()
        .rposition(|&b| !is_ws(b, rules))
        .map_or(start, |last| last + 1);
    &s[start..end]
}

fn lossy(b: &[u8]) -> String {
    // Valid UTF-8 (nearly every value) is checked by the faster validator first.
    match std::str::from_utf8(b) {
        Ok(s) => s.to_owned(),
        Err(_) => String::from_utf8_lossy(b).into_owned(),
    }
}

/// Classifies a field name under the profile's rules.
fn classify(key: &[u8], rules: &Rules) -> Option<(RecordKind, Option<&'static str>)> {
    let eq = |name: &str| {
        // Length and first octet first: they tell most names apart without a full comparison.
        let (Some(&n), Some(&k)) = (name.as_bytes().first(), key.first()) else {
            return name.len() == key.len();
        };
        if name.len() != key.len() || !n.eq_ignore_ascii_case(&k) {
            return false;
        }
        if rules.field_names_case_insensitive {
            key.eq_ignore_ascii_case(name.as_bytes())
        } else {
            key == name.as_bytes()
        }
    };
    match rules.field_names {
        FieldNames::ParserPrefixes => {
            let (prefix, kind, misspelled) = PARSER_PREFIXES.iter().find(|(prefix, _, _)| {
                key.get(..prefix.len())
                    .is_some_and(|head| head.eq_ignore_ascii_case(prefix.as_bytes()))
            })?;
            // A longer name (`disallowed`) is a misspelling of the field its prefix names.
            let canonical = misspelled.or((key.len() > prefix.len()).then_some(*prefix));
            Some((*kind, canonical))
        }
        FieldNames::Exact | FieldNames::CommonMisspellings => {
            if let Some(&(_, kind)) = FIELDS.iter().find(|(name, _)| eq(name)) {
                return Some((kind, None));
            }
            if rules.field_names == FieldNames::CommonMisspellings
                && let Some(&(_, kind, canonical)) =
                    MISSPELLINGS.iter().find(|(name, _, _)| eq(name))
            {
                return Some((kind, Some(canonical)));
            }
            None
        }
    }
}

/// Splits `bytes` into lines at CR, LF or CRLF. The last line is yielded even without an end.
fn lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = bytes;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        match memchr::memchr2(b'\r', b'\n', rest) {
            Some(at) => {
                let line = &rest[..at];
                let skip = if rest[at] == b'\r' && rest.get(at + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                rest = &rest[at + skip..];
                Some(line)
            }
            None => {
                let line = rest;
                rest = &[];
                Some(line)
            }
        }
    })
}

/// Builds groups as records arrive.
struct Grouper {
    groups: Vec<Group>,
    /// The rules of the newest group, moved into it when the group is complete: one
    /// allocation of the right size per group instead of a vector growing rule by rule.
    pending: Vec<Rule>,
    /// Whether the newest group is still taking `user-agent` lines (no rule seen yet).
    open_for_agents: bool,
}

impl Robots {
    /// Parses a robots.txt body. Never fails and never panics.
    pub fn parse(bytes: &[u8], options: ParseOptions) -> Robots {
        let rules = options.profile.rules();
        let truncated = bytes.len() > options.size_limit;
        let mut body = &bytes[..bytes.len().min(options.size_limit)];
        if let Some(rest) = body.strip_prefix(b"\xEF\xBB\xBF") {
            body = rest;
        } else if rules.partial_bom_skipped {
            // `EF` or `EF BB`, then something else: the part of the mark is skipped.
            let part = body
                .iter()
                .zip(b"\xEF\xBB")
                .take_while(|(a, b)| a == b)
                .count();
            body = &body[part..];
        }
        // The line cut by the limit is the last one, unless the limit fell right after an end
        // of line.
        let cut_mid_line = truncated && !matches!(body.last(), Some(b'\n' | b'\r'));

        let mut sitemaps = Vec::new();
        let mut grouper = Grouper {
            groups: Vec::new(),
            pending: Vec::new(),
            open_for_agents: false,
        };
        let mut number = 0;
        for raw in lines(body) {
            number += 1;
            let mut line = parse_line(raw, rules, false);
            grouper.take(number, &mut line, rules, &mut sitemaps);
        }
        grouper.close_group();

        let mut by_token: HashMap<String, Vec<usize>> = HashMap::new();
        let mut star = Vec::new();
        for (index, group) in grouper.groups.iter().enumerate() {
            let mut seen_star = false;
            for agent in &group.agents {
                match &agent.token {
                    AgentToken::Star if !seen_star => {
                        seen_star = true;
                        star.push(index);
                    }
                    AgentToken::Name(name) => {
                        let list = by_token.entry(name.clone()).or_default();
                        if list.last() != Some(&index) {
                            list.push(index);
                        }
                    }
                    _ => {}
                }
            }
        }
        Robots {
            profile: options.profile,
            body: body.into(),
            cut_mid_line,
            records: OnceLock::new(),
            groups: grouper.groups,
            sitemaps,
            truncated,
            by_token,
            star,
        }
    }

    /// The profile it was parsed under.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// One record per line, in order.
    pub fn records(&self) -> &[Record] {
        self.records.get_or_init(|| {
            // The same reading as `parse`, keeping every line and its diagnostics.
            let rules = self.profile.rules();
            let mut grouper = Grouper {
                groups: Vec::new(),
                pending: Vec::new(),
                open_for_agents: false,
            };
            let mut sitemaps = Vec::new();
            let mut records = Vec::new();
            let mut all = lines(&self.body).peekable();
            let mut number = 0;
            while let Some(raw) = all.next() {
                number += 1;
                let mut line = parse_line(raw, rules, true);
                if self.cut_mid_line && all.peek().is_none() {
                    line.diagnostics.push(Diagnostic::CutBySizeLimit);
                }
                grouper.take(number, &mut line, rules, &mut sitemaps);
                records.push(Record {
                    line: number,
                    kind: line.kind,
                    raw_key: lossy(line.key),
                    value: lossy(line.value),
                    diagnostics: line.diagnostics.list,
                });
            }
            records
        })
    }

    /// The groups, in file order.
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    /// The `sitemap` values, in file order.
    pub fn sitemaps(&self) -> &[String] {
        &self.sitemaps
    }

    /// Whether content past the size limit was ignored.
    pub fn truncated(&self) -> bool {
        self.truncated
    }
}

/// One line as read: what it is, its field name and value (raw octets), and what is worth
/// telling about it.
struct Line<'a> {
    kind: RecordKind,
    key: &'a [u8],
    value: &'a [u8],
    diagnostics: Diagnostics,
}

/// A line's diagnostics, kept only when records are being built: the pass that parses for
/// verdicts never reads them, and a file has many lines with one (empty `disallow:`,
/// `crawl-delay`, unknown fields), each of which would cost an allocation.
struct Diagnostics {
    keep: bool,
    list: Vec<Diagnostic>,
}

impl Diagnostics {
    fn push(&mut self, diagnostic: Diagnostic) {
        if self.keep {
            self.list.push(diagnostic);
        }
    }
}

/// Reads one line (kind, key, value, diagnostics); grouping comes after. `full` adds the
/// diagnostics that only records report (invalid UTF-8).
fn parse_line<'a>(raw: &'a [u8], rules: &Rules, full: bool) -> Line<'a> {
    let mut diagnostics = Diagnostics {
        keep: full,
        list: Vec::new(),
    };
    let mut line = raw;
    if let Some(limit) = rules.max_line_bytes
        && line.len() > limit
    {
        line = &line[..limit];
        diagnostics.push(Diagnostic::LineTooLong { limit });
    }
    if full && std::str::from_utf8(line).is_err() {
        diagnostics.push(Diagnostic::InvalidUtf8);
    }
    let end = if rules.nul_ends_line {
        memchr::memchr2(b'#', 0, line)
    } else {
        memchr::memchr(b'#', line)
    };
    let content = trim(end.map_or(line, |at| &line[..at]), rules);
    if content.is_empty() {
        return Line {
            kind: RecordKind::Blank,
            key: b"",
            value: content,
            diagnostics,
        };
    }

    let (key, value, kind) = if let Some(colon) = memchr::memchr(b':', content) {
        let key = trim(&content[..colon], rules);
        let value = trim(&content[colon + 1..], rules);
        match classify(key, rules) {
            Some((kind, misspelled)) => {
                if let Some(canonical) = misspelled {
                    diagnostics.push(Diagnostic::AcceptedMisspelling { canonical });
                }
                (key, value, kind)
            }
            None => {
                diagnostics.push(Diagnostic::UnknownField);
                (key, value, RecordKind::Unknown)
            }
        }
    } else {
        // `field value` with whitespace instead of the colon.
        let split = match rules.missing_colon {
            MissingColon::Reject => None,
            MissingColon::LongestField => split_missing_colon(content, rules),
            MissingColon::TwoWords => split_two_words(content, rules),
        };
        match split {
            Some((key, value, kind, misspelled)) => {
                diagnostics.push(Diagnostic::AcceptedMissingColon);
                if let Some(canonical) = misspelled {
                    diagnostics.push(Diagnostic::AcceptedMisspelling { canonical });
                }
                (key, value, kind)
            }
            None => {
                diagnostics.push(Diagnostic::MissingColon);
                (&b""[..], content, RecordKind::Invalid)
            }
        }
    };
    Line {
        kind,
        key,
        value,
        diagnostics,
    }
}

type Split<'a> = (&'a [u8], &'a [u8], RecordKind, Option<&'static str>);

/// Reads `field value` (no colon): the longest known field name followed by whitespace. Keys
/// containing a space ("user agent") are found this way, so that their second word is not read
/// as a value.
fn split_missing_colon<'a>(content: &'a [u8], rules: &Rules) -> Option<Split<'a>> {
    let mut best = None;
    for (at, _) in content
        .iter()
        .enumerate()
        .filter(|&(_, &b)| is_ws(b, rules))
    {
        let key = trim(&content[..at], rules);
        if let Some((kind, misspelled)) = classify(key, rules) {
            best = Some((key, trim(&content[at..], rules), kind, misspelled));
        }
    }
    best.filter(|(_, value, _, _)| !value.is_empty())
}

/// Reads `field value` (no colon) when `content` is exactly two words separated by spaces or
/// tabs, the first a known field name.
fn split_two_words<'a>(content: &'a [u8], rules: &Rules) -> Option<Split<'a>> {
    let mut words = content
        .split(|&b| b == b' ' || b == b'\t')
        .filter(|w| !w.is_empty());
    let (key, value) = (words.next()?, words.next()?);
    if words.next().is_some() {
        return None;
    }
    let (kind, misspelled) = classify(key, rules)?;
    Some((key, value, kind, misspelled))
}

impl Grouper {
    /// Moves the pending rules into the newest group.
    fn close_group(&mut self) {
        if let Some(group) = self.groups.last_mut()
            && !self.pending.is_empty()
        {
            group.rules.append(&mut self.pending);
        }
    }

    /// Files line `number` into the groups, adding any grouping diagnostics to it.
    fn take(
        &mut self,
        number: usize,
        line: &mut Line<'_>,
        rules: &Rules,
        sitemaps: &mut Vec<String>,
    ) {
        let value = line.value;
        let record = line;
        match record.kind {
            RecordKind::UserAgent => {
                let token = AgentToken::from_value(value, rules.agent_value);
                if token == AgentToken::Invalid {
                    record.diagnostics.push(Diagnostic::InvalidAgent);
                }
                if !self.open_for_agents || self.groups.is_empty() {
                    self.close_group();
                    self.groups.push(Group::default());
                    self.open_for_agents = true;
                }
                if let Some(group) = self.groups.last_mut() {
                    group.agents.push(AgentLine {
                        line: number,
                        value: lossy(value),
                        token,
                    });
                }
            }
            RecordKind::Allow | RecordKind::Disallow => {
                if self.groups.is_empty() {
                    record.diagnostics.push(Diagnostic::RuleOutsideGroup);
                    return;
                }
                self.open_for_agents = false;
                if value.is_empty() {
                    record.diagnostics.push(Diagnostic::EmptyValue);
                    return;
                }
                if !matches!(value.first(), Some(b'/' | b'*')) {
                    record
                        .diagnostics
                        .push(Diagnostic::PathWithoutLeadingSlash {
                            repaired: rules.assume_leading_slash,
                        });
                }
                let repaired = rules.assume_leading_slash && value.first() != Some(&b'/');
                let value: Cow<'_, [u8]> = if repaired {
                    Cow::Owned([&b"/"[..], value].concat())
                } else {
                    Cow::Borrowed(value)
                };
                let allow = record.kind == RecordKind::Allow;
                if allow && let Some(dir) = index_html_directory(&value, rules.index_html) {
                    let mut derived = dir.to_vec();
                    derived.push(b'$');
                    let mut rule = Rule::new(number, allow, &derived, false, rules.encoding);
                    rule.from_index_html = true;
                    self.pending.push(rule);
                }
                self.pending
                    .push(Rule::new(number, allow, &value, repaired, rules.encoding));
            }
            RecordKind::Sitemap => {
                if !value.is_empty() {
                    sitemaps.push(lossy(value));
                }
            }
            RecordKind::CrawlDelay => record.diagnostics.push(Diagnostic::NonStandardField),
            RecordKind::Unknown | RecordKind::Blank | RecordKind::Invalid => {}
        }
    }
}

/// The directory `…/` of an index page's rule, as the profile reads it: for
/// [`IndexHtml::WholeName`] `…/index.html` or `…/index.htm` (not anchored, no wildcard after
/// the directory); for [`IndexHtml::SegmentPrefix`] any value whose last segment starts with
/// `index.htm` (`…/index.html?x`, `…/index.htm$`).
fn index_html_directory(value: &[u8], rule: IndexHtml) -> Option<&[u8]> {
    match rule {
        IndexHtml::Off => None,
        IndexHtml::WholeName => {
            let dir = value
                .strip_suffix(b"index.html")
                .or_else(|| value.strip_suffix(b"index.htm"))?;
            dir.ends_with(b"/").then_some(dir)
        }
        IndexHtml::SegmentPrefix => {
            let slash = memchr::memrchr(b'/', value)?;
            value[slash + 1..]
                .starts_with(b"index.htm")
                .then_some(&value[..=slash])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(body: &str, profile: Profile) -> Robots {
        Robots::parse(body.as_bytes(), ParseOptions::new(profile))
    }

    #[test]
    fn groups_follow_the_2019_example() {
        let r = parse(
            "user-agent: a\ndisallow: /c\n\nuser-agent: b\ndisallow: /d\n\nuser-agent: e\nuser-agent: f\ndisallow: /g\n\nuser-agent: h\n",
            Profile::Rfc9309,
        );
        let shape: Vec<(usize, usize)> = r
            .groups()
            .iter()
            .map(|g| (g.agents.len(), g.rules.len()))
            .collect();
        assert_eq!(shape, [(1, 1), (1, 1), (2, 1), (1, 0)]);
    }

    #[test]
    fn line_ends_mix() {
        let r = Robots::parse(
            b"user-agent: a\rdisallow: /x\r\ndisallow: /y\nallow: /z",
            ParseOptions::new(Profile::Rfc9309),
        );
        assert_eq!(r.records().len(), 4);
        assert_eq!(r.groups()[0].rules.len(), 3);
    }

    #[test]
    fn diagnostics_name_what_was_ignored() {
        let r = parse(
            "disallow: /early\nuser-agent: *\nfoo: bar\ndisallow:\ncrawl-delay: 5\nnocolon here\n",
            Profile::Rfc9309,
        );
        let d: Vec<&[Diagnostic]> = r.records().iter().map(|r| &r.diagnostics[..]).collect();
        assert_eq!(d[0], [Diagnostic::RuleOutsideGroup]);
        assert_eq!(d[2], [Diagnostic::UnknownField]);
        assert_eq!(d[3], [Diagnostic::EmptyValue]);
        assert_eq!(d[4], [Diagnostic::NonStandardField]);
        assert_eq!(d[5], [Diagnostic::MissingColon]);
    }

    #[test]
    fn legacy_reads_missing_colon_and_misspellings() {
        let r = parse(
            "useragent foo\ndisalow /x\nuser agent bar\n",
            Profile::Legacy,
        );
        let kinds: Vec<RecordKind> = r.records().iter().map(|r| r.kind).collect();
        assert_eq!(
            kinds,
            [
                RecordKind::UserAgent,
                RecordKind::Disallow,
                RecordKind::UserAgent
            ]
        );
        assert_eq!(r.records()[2].value, "bar");
    }

    #[test]
    fn google_reads_field_prefixes_and_two_word_lines() {
        let r = parse(
            "useragents foo\nDisallowed: /x\ndisalow /y /z\nuser agent bar\nallow-x /w\n",
            Profile::Google,
        );
        let kinds: Vec<RecordKind> = r.records().iter().map(|r| r.kind).collect();
        assert_eq!(
            kinds,
            [
                RecordKind::UserAgent,
                RecordKind::Disallow,
                RecordKind::Invalid,
                RecordKind::Invalid,
                RecordKind::Allow
            ]
        );
        assert_eq!(
            r.records()[1].diagnostics,
            [Diagnostic::AcceptedMisspelling {
                canonical: "disallow"
            }]
        );
    }

    #[test]
    fn google_nul_bom_part_and_vertical_whitespace() {
        let r = Robots::parse(
            b"\xEF\xBBuser-agent: *\ndisallow: /a\0b\ndisallow:\x0b/c\x0c\n",
            ParseOptions::new(Profile::Google),
        );
        let paths: Vec<String> = r.groups()[0]
            .rules
            .iter()
            .map(|r| r.path().into_owned())
            .collect();
        assert_eq!(paths, ["/a", "/c"]);
        let legacy = Robots::parse(
            b"\xEF\xBBuser-agent: *\ndisallow: /a\n",
            ParseOptions::new(Profile::Legacy),
        );
        assert!(legacy.groups().is_empty());
    }

    #[test]
    fn size_limit_cuts_and_says_so() {
        let body = "user-agent: *\ndisallow: /abcdef\n";
        let r = Robots::parse(
            body.as_bytes(),
            ParseOptions {
                profile: Profile::Rfc9309,
                size_limit: 26,
            },
        );
        assert!(r.truncated());
        assert_eq!(r.groups()[0].rules[0].path(), "/a");
        assert!(
            r.records()[1]
                .diagnostics
                .contains(&Diagnostic::CutBySizeLimit)
        );
    }

    #[test]
    fn invalid_utf8_keeps_octets() {
        let r = Robots::parse(
            b"user-agent: *\ndisallow: /caf\xE9 # latin-1\n",
            ParseOptions::new(Profile::Rfc9309),
        );
        assert!(
            r.records()[1]
                .diagnostics
                .contains(&Diagnostic::InvalidUtf8)
        );
        let rule = &r.groups()[0].rules[0];
        assert_eq!(rule.pattern().len(), "/caf%E9".len());
    }
}
