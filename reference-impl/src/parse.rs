//! Parsing: bytes in, one [`Record`] per line and the groups they form out.
//!
//! The parser never fails: every line yields a record, and whatever it could not use is named
//! by a [`Diagnostic`] on that record. Decisions on the file format:
//! - Only the first `size_limit` bytes are read (Google 2019 (File format) “Content which is
//!   after the maximum file size is ignored.”; RFC 9309 §2.5 “The parsing limit MUST be at
//!   least 500 kibibytes”). A line cut by the limit is parsed as far as it goes and says so.
//! - A UTF-8 byte-order mark at the very start is skipped (Google 2019 “An optional Unicode BOM
//!   … at the beginning of the robots.txt file is ignored.”); anything short of the whole
//!   three-byte mark is ordinary content.
//! - Lines end at CR, LF or CRLF, freely mixed (Google 2019 “The file consists of lines
//!   separated by CR, CR/LF, or LF.”).
//! - `#` starts a comment anywhere on a line; whitespace (space, tab) around field and value is
//!   ignored.
//! - Bytes are kept as bytes: invalid UTF-8 never stops parsing; it is reported, and a rule's
//!   path keeps its octets (they are percent-encoded when the pattern is compiled).
//! - Rules before the first `user-agent` line are ignored (RFC 9309 §2.2.2 “The crawler SHOULD
//!   ignore "disallow" and "allow" rules that are not in any group (for example, any rule that
//!   precedes the first user-agent line).”; Google legacy “선행 start-of-group 레코드가 없는
//!   그룹 멤버 레코드는 모두 무시됩니다.”, group-member records without a start-of-group record
//!   before them are all ignored).
//! - A group is one or more `user-agent` lines followed by rules; it ends at the next
//!   `user-agent` line that follows a rule. Lines that are neither (sitemap, crawl-delay,
//!   unknown, empty, comments) do not end a group (RFC 9309 §2.1 “The group is terminated by
//!   a user-agent line or end of file.”; §2.2.4 “a "Sitemaps" record MUST NOT terminate a
//!   group.”).

use std::borrow::Cow;
use std::ops::Range;
use std::sync::OnceLock;

use crate::agent::{AgentToken, RawToken};
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
    /// Where the line is in the bytes given to [`Robots::parse`], its line end left out (a
    /// byte order mark skipped at the start of the file is not part of the first line).
    pub span: Range<usize>,
    /// Where its field name is (trimmed); empty, at the start of its content, for blank and
    /// invalid lines.
    pub key_span: Range<usize>,
    /// Where its value is: trimmed, its comment left out; for a line read without a colon,
    /// what follows the field name; for an invalid line, its content.
    pub value_span: Range<usize>,
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
///
/// Parsing is one pass over the lines that keeps, for verdicts, only where each group's
/// `user-agent` lines and rules are (positions in the kept bytes, a few words per line, no
/// allocation per line). A [`Group`], with its agent strings and [`Rule`]s, is built the first
/// time a selection names it, and only then: a crawler follows one or two groups of a file,
/// and building all of them was most of what a parse cost (see `BENCHMARKS.md`).
/// [`Robots::groups`], [`Robots::records`] and [`Robots::sitemaps`] are built on first use.
#[derive(Clone, Debug)]
pub struct Robots {
    pub(crate) profile: Profile,
    /// The bytes that were parsed (BOM and anything past the size limit left out), kept so
    /// that groups, records and sitemaps can be built on demand.
    body: Box<[u8]>,
    /// Where `body` starts in the bytes given to [`Robots::parse`] (after a skipped BOM).
    body_start: usize,
    cut_mid_line: bool,
    truncated: bool,
    /// Where the groups are.
    skeleton: Skeleton,
    /// Built on first use by a second pass: verdicts never need them, so parsing for
    /// verdicts allocates nothing per line.
    records: OnceLock<Vec<Record>>,
    /// Every group, built on first use of [`Robots::groups`] (a selection builds only its
    /// own, into [`Skeleton::groups`]).
    all_groups: OnceLock<Vec<Group>>,
    sitemaps: OnceLock<Vec<String>>,
}

/// A `user-agent` line as the parse keeps it.
#[derive(Clone, Copy, Debug)]
struct RawAgent {
    line: usize,
    /// The value's place in the body.
    start: usize,
    len: usize,
    token: RawToken,
    /// The group it opens or extends.
    group: usize,
}

/// An `allow` or `disallow` line with a value, as the parse keeps it.
#[derive(Clone, Copy, Debug)]
struct RawRule {
    line: usize,
    /// The value's place in the body.
    start: usize,
    len: usize,
    allow: bool,
}

/// A group as the parse keeps it: where its agent lines and rules begin in
/// [`Skeleton::agents`] and [`Skeleton::rules`] (they end where the next group's begin), and
/// the group itself once a selection has built it.
#[derive(Clone, Debug)]
struct LazyGroup {
    agents: usize,
    rules: usize,
    built: OnceLock<Group>,
}

/// The grouping of a file's lines, as positions in its body.
#[derive(Clone, Debug, Default)]
struct Skeleton {
    groups: Vec<LazyGroup>,
    agents: Vec<RawAgent>,
    rules: Vec<RawRule>,
    /// Whether the newest group is still taking `user-agent` lines (no rule seen yet).
    open_for_agents: bool,
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
    // Every whitespace octet is at most a space: one comparison tells most octets apart.
    b <= b' '
        && (b == b' ' || b == b'\t' || (rules.vt_ff_are_whitespace && matches!(b, 0x0B | 0x0C)))
}

/// Whether `key` is `name` without regard to ASCII case, where `name` is in lower case and made
/// of letters, `-`, `_` and spaces (every field name and misspelling here). Compared eight (or
/// four) octets at a time: comparing a field name octet by octet was the largest item of the
/// parse's profile after the lazy groups (`classify` 20 % of its instructions).
fn is_field_name(key: &[u8], name: &[u8]) -> bool {
    fn word8(b: &[u8]) -> u64 {
        u64::from_le_bytes(b[..8].try_into().unwrap_or_default())
    }
    fn word4(b: &[u8]) -> u32 {
        u32::from_le_bytes(b[..4].try_into().unwrap_or_default())
    }
    // The octets of `name` that are letters (0x61 and above) get 0x20 in the mask: a key octet
    // with that bit set is its lower-case form, and the other octets must be equal.
    fn same8(k: u64, n: u64) -> bool {
        let mask = ((n + 0x1F1F_1F1F_1F1F_1F1F) & 0x8080_8080_8080_8080) >> 2;
        (k | mask) == n
    }
    fn same4(k: u32, n: u32) -> bool {
        let mask = ((n + 0x1F1F_1F1F) & 0x8080_8080) >> 2;
        (k | mask) == n
    }
    let len = key.len();
    if len != name.len() {
        return false;
    }
    match len {
        // The first and the last eight (or four) octets, overlapping when shorter than 16 (8).
        8..=16 => {
            same8(word8(key), word8(name)) && same8(word8(&key[len - 8..]), word8(&name[len - 8..]))
        }
        4..8 => {
            same4(word4(key), word4(name)) && same4(word4(&key[len - 4..]), word4(&name[len - 4..]))
        }
        _ => key.eq_ignore_ascii_case(name),
    }
}

fn trim_start<'a>(s: &'a [u8], rules: &Rules) -> &'a [u8] {
    let mut s = s;
    while let [first, rest @ ..] = s
        && is_ws(*first, rules)
    {
        s = rest;
    }
    s
}

fn trim_end<'a>(s: &'a [u8], rules: &Rules) -> &'a [u8] {
    let mut s = s;
    while let [rest @ .., last] = s
        && is_ws(*last, rules)
    {
        s = rest;
    }
    s
}

fn trim<'a>(s: &'a [u8], rules: &Rules) -> &'a [u8] {
    trim_end(trim_start(s, rules), rules)
}

fn lossy(b: &[u8]) -> String {
    // Valid UTF-8 (nearly every value) is checked by the faster validator first.
    match std::str::from_utf8(b) {
        Ok(s) => s.to_owned(),
        Err(_) => String::from_utf8_lossy(b).into_owned(),
    }
}

/// What field `key` names under `profile` (compared as the profile compares field names): its
/// kind, and the name it stands for when it is an accepted misspelling; `None` for a name the
/// profile does not read as a field.
pub fn field(key: &[u8], profile: Profile) -> Option<(RecordKind, Option<&'static str>)> {
    classify(key, profile.rules())
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
            is_field_name(key, name.as_bytes())
        } else {
            key == name.as_bytes()
        }
    };
    match rules.field_names {
        FieldNames::ParserPrefixes => {
            // The prefixes are in lower case: the first octet sets most of them aside.
            let first = key.first()?.to_ascii_lowercase();
            let (prefix, kind, misspelled) = PARSER_PREFIXES.iter().find(|(prefix, _, _)| {
                prefix.as_bytes()[0] == first
                    && key
                        .get(..prefix.len())
                        .is_some_and(|head| is_field_name(head, prefix.as_bytes()))
            })?;
            // A longer name (`disallowed`) is a misspelling of the field its prefix names.
            let canonical = misspelled.or((key.len() > prefix.len()).then_some(*prefix));
            Some((*kind, canonical))
        }
        FieldNames::Exact | FieldNames::CommonMisspellings => {
            // The field names differ in length: the key's length picks the one it can be (a
            // profile saw a tenth of its parse time comparing each key with every name).
            let field = match key.len() {
                5 => Some(FIELDS[1]),
                7 => Some(FIELDS[3]),
                8 => Some(FIELDS[2]),
                10 => Some(FIELDS[0]),
                11 => Some(FIELDS[4]),
                _ => None,
            };
            if let Some((name, kind)) = field
                && eq(name)
            {
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

/// One line of the body, without its end, and where its first `#` is.
#[derive(Clone, Copy)]
struct RawLine<'a> {
    bytes: &'a [u8],
    hash: Option<usize>,
    /// Where its first NUL is, when the profile ends a line's content there.
    nul: Option<usize>,
}

/// Splits `bytes` into lines at CR, LF or CRLF. The last line is yielded even without an end.
///
/// One search finds the end of the line or its `#`, whichever comes first (most lines have no
/// comment): searching for the end and then for a `#` cost two searches per line, which a
/// profile of the parse showed as one of its largest items. With `find_nul`, each line also
/// says where its first NUL is, found by one search ahead through the body that is repeated
/// only once the lines pass the NUL it found (most files have none: one search per file).
fn lines(bytes: &[u8], find_nul: bool) -> impl Iterator<Item = RawLine<'_>> {
    let mut start = 0;
    // The first NUL at or after `start`, when it has been looked for (`bytes.len()`: none).
    let mut next_nul = if find_nul {
        memchr::memchr(0, bytes).unwrap_or(bytes.len())
    } else {
        bytes.len()
    };
    std::iter::from_fn(move || {
        let rest = bytes.get(start..).filter(|r| !r.is_empty())?;
        let (end, hash) = match memchr::memchr3(b'\r', b'\n', b'#', rest) {
            Some(at) if rest[at] == b'#' => (
                memchr::memchr2(b'\r', b'\n', &rest[at + 1..]).map(|e| at + 1 + e),
                Some(at),
            ),
            found => (found, None),
        };
        let (line, skip) = match end {
            Some(at) => {
                let skip = if rest[at] == b'\r' && rest.get(at + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                (&rest[..at], at + skip)
            }
            None => (rest, rest.len()),
        };
        let nul = (next_nul - start < line.len()).then(|| next_nul - start);
        start += skip;
        if find_nul && next_nul < start {
            next_nul = memchr::memchr(0, &bytes[start..]).map_or(bytes.len(), |at| start + at);
        }
        Some(RawLine {
            bytes: line,
            hash,
            nul,
        })
    })
}

/// One line of a body as the parser splits it (at CR, LF or CRLF): where its content is and
/// where its line end is (empty for a last line without one), as positions in the body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineSpan {
    /// The line's bytes, its end left out.
    pub content: Range<usize>,
    /// Its line end: `\n`, `\r`, `\r\n`, or nothing at the end of the body.
    pub end: Range<usize>,
}

/// The lines of `bytes` as [`Robots::parse`] splits them, every byte in one line (a byte
/// order mark and bytes past a size limit are the parse's to skip, not the split's).
pub fn line_spans(bytes: &[u8]) -> Vec<LineSpan> {
    let mut out = Vec::new();
    let mut next = 0;
    for raw in lines(bytes, false) {
        let start = offset(bytes, raw.bytes);
        let content = start..start + raw.bytes.len();
        let end_len = match bytes.get(content.end..content.end + 2) {
            Some(b"\r\n") => 2,
            _ => usize::from(content.end < bytes.len()),
        };
        debug_assert_eq!(start, next);
        next = content.end + end_len;
        out.push(LineSpan {
            end: content.end..next,
            content,
        });
    }
    out
}

/// Where `part` (a slice of `body`) begins in `body`.
fn offset(body: &[u8], part: &[u8]) -> usize {
    let at = (part.as_ptr() as usize).wrapping_sub(body.as_ptr() as usize);
    debug_assert!(at + part.len() <= body.len());
    at
}

impl Robots {
    /// Parses a robots.txt body. Never fails and never panics.
    pub fn parse(bytes: &[u8], options: ParseOptions) -> Robots {
        let rules = options.profile.rules();
        let truncated = bytes.len() > options.size_limit;
        let kept = bytes.len().min(options.size_limit);
        let mut body = &bytes[..kept];
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
        let body_start = kept - body.len();

        let body: Box<[u8]> = body.into();
        // Room for the rules up front: in the corpus a rule line takes 37 octets on average,
        // and growing the list by doubling (a copy each time) was a visible part of a one-shot
        // parse's allocation time.
        let mut skeleton = Skeleton {
            rules: Vec::with_capacity(body.len() / 40),
            ..Skeleton::default()
        };
        let mut number = 0;
        for raw in lines(&body, rules.nul_ends_line) {
            number += 1;
            let mut line = parse_line(raw, rules, false);
            skeleton.take(number, &mut line, &body, rules);
        }
        Robots {
            profile: options.profile,
            body,
            body_start,
            cut_mid_line,
            truncated,
            skeleton,
            records: OnceLock::new(),
            all_groups: OnceLock::new(),
            sitemaps: OnceLock::new(),
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
            let mut skeleton = Skeleton::default();
            let mut records = Vec::new();
            let mut all = lines(&self.body, rules.nul_ends_line).peekable();
            let mut number = 0;
            while let Some(raw) = all.next() {
                number += 1;
                let mut line = parse_line(raw, rules, true);
                if self.cut_mid_line && all.peek().is_none() {
                    line.diagnostics.push(Diagnostic::CutBySizeLimit);
                }
                skeleton.take(number, &mut line, &self.body, rules);
                let span = |part: &[u8]| {
                    let start = self.body_start + offset(&self.body, part);
                    start..start + part.len()
                };
                records.push(Record {
                    line: number,
                    span: span(raw.bytes),
                    key_span: span(line.key),
                    value_span: span(line.value),
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
        self.all_groups.get_or_init(|| {
            (0..self.skeleton.groups.len())
                .map(|i| self.build_group(i))
                .collect()
        })
    }

    /// The `sitemap` values, in file order.
    pub fn sitemaps(&self) -> &[String] {
        self.sitemaps.get_or_init(|| {
            let rules = self.profile.rules();
            lines(&self.body, rules.nul_ends_line)
                .map(|raw| parse_line(raw, rules, false))
                .filter(|line| line.kind == RecordKind::Sitemap && !line.value.is_empty())
                .map(|line| lossy(line.value))
                .collect()
        })
    }

    /// Whether content past the size limit was ignored.
    pub fn truncated(&self) -> bool {
        self.truncated
    }

    /// Group `i` (in file order), built on first use.
    pub(crate) fn group(&self, i: usize) -> &Group {
        self.skeleton.groups[i]
            .built
            .get_or_init(|| self.build_group(i))
    }

    /// The groups (positions, in file order) with a `user-agent` line naming `token` (lower
    /// case), or naming `*` when `token` is `None`.
    pub(crate) fn groups_naming(&self, token: Option<&[u8]>) -> Vec<usize> {
        let mut groups = Vec::new();
        for agent in &self.skeleton.agents {
            let names = match token {
                None => agent.token == RawToken::Star,
                Some(token) => agent
                    .token
                    .names(&self.body[agent.start..agent.start + agent.len], token),
            };
            if names && groups.last() != Some(&agent.group) {
                groups.push(agent.group);
            }
        }
        groups
    }

    /// Builds group `i` from the lines the skeleton points at.
    fn build_group(&self, i: usize) -> Group {
        let skeleton = &self.skeleton;
        let group = &skeleton.groups[i];
        let (agents_end, rules_end) = skeleton
            .groups
            .get(i + 1)
            .map_or((skeleton.agents.len(), skeleton.rules.len()), |next| {
                (next.agents, next.rules)
            });
        let rules = self.profile.rules();
        let agents = skeleton.agents[group.agents..agents_end]
            .iter()
            .map(|agent| {
                let value = &self.body[agent.start..agent.start + agent.len];
                AgentLine {
                    line: agent.line,
                    value: lossy(value),
                    token: agent.token.token(value),
                }
            })
            .collect();
        let raw = &skeleton.rules[group.rules..rules_end];
        let mut built = Vec::with_capacity(raw.len());
        for rule in raw {
            let value = &self.body[rule.start..rule.start + rule.len];
            push_rule(&mut built, rule.line, rule.allow, value, rules);
        }
        Group {
            agents,
            rules: built,
        }
    }
}

/// The rule of an `allow` or `disallow` line with a non-empty value, preceded by the `…/$`
/// rule the profile derives from an index page's `allow` rule.
fn push_rule(out: &mut Vec<Rule>, number: usize, allow: bool, value: &[u8], rules: &Rules) {
    let repaired = rules.assume_leading_slash && value.first() != Some(&b'/');
    let value: Cow<'_, [u8]> = if repaired {
        Cow::Owned([&b"/"[..], value].concat())
    } else {
        Cow::Borrowed(value)
    };
    if allow && let Some(dir) = index_html_directory(&value, rules.index_html) {
        let mut derived = dir.to_vec();
        derived.push(b'$');
        let mut rule = Rule::new(number, allow, &derived, false, rules.encoding);
        rule.from_index_html = true;
        out.push(rule);
    }
    out.push(Rule::new(number, allow, &value, repaired, rules.encoding));
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
fn parse_line<'a>(raw: RawLine<'a>, rules: &Rules, full: bool) -> Line<'a> {
    let mut diagnostics = Diagnostics {
        keep: full,
        list: Vec::new(),
    };
    let mut line = raw.bytes;
    // The first `#`, unless the line limit cuts it off.
    let mut hash = raw.hash;
    if let Some(limit) = rules.max_line_bytes
        && line.len() > limit
    {
        line = &line[..limit];
        hash = hash.filter(|&at| at < limit);
        diagnostics.push(Diagnostic::LineTooLong { limit });
    }
    if full && std::str::from_utf8(line).is_err() {
        diagnostics.push(Diagnostic::InvalidUtf8);
    }
    // Content ends at the first `#` or (under a profile that says so) NUL.
    let end = match (hash, raw.nul.filter(|_| rules.nul_ends_line)) {
        (Some(hash), Some(nul)) => Some(hash.min(nul)),
        (hash, nul) => hash.or(nul),
    };
    let content = trim(end.map_or(line, |at| &line[..at.min(line.len())]), rules);
    if content.is_empty() {
        return Line {
            kind: RecordKind::Blank,
            key: content,
            value: content,
            diagnostics,
        };
    }

    let (key, value, kind) = if let Some(colon) = memchr::memchr(b':', content) {
        // `content` is trimmed: the key can only end, and the value only begin, with
        // whitespace.
        let key = trim_end(&content[..colon], rules);
        let value = trim_start(&content[colon + 1..], rules);
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
                (&content[..0], content, RecordKind::Invalid)
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

impl Skeleton {
    /// Files line `number` (a line of `body`) into the groups, adding any grouping diagnostics
    /// to it.
    fn take(&mut self, number: usize, line: &mut Line<'_>, body: &[u8], rules: &Rules) {
        let value = line.value;
        match line.kind {
            RecordKind::UserAgent => {
                let token = RawToken::read(value, rules.agent_value);
                if token == RawToken::Invalid {
                    line.diagnostics.push(Diagnostic::InvalidAgent);
                }
                if !self.open_for_agents || self.groups.is_empty() {
                    self.groups.push(LazyGroup {
                        agents: self.agents.len(),
                        rules: self.rules.len(),
                        built: OnceLock::new(),
                    });
                    self.open_for_agents = true;
                }
                self.agents.push(RawAgent {
                    line: number,
                    start: offset(body, value),
                    len: value.len(),
                    token,
                    group: self.groups.len() - 1,
                });
            }
            RecordKind::Allow | RecordKind::Disallow => {
                if self.groups.is_empty() {
                    line.diagnostics.push(Diagnostic::RuleOutsideGroup);
                    return;
                }
                self.open_for_agents = false;
                if value.is_empty() {
                    line.diagnostics.push(Diagnostic::EmptyValue);
                    return;
                }
                if !matches!(value.first(), Some(b'/' | b'*')) {
                    line.diagnostics.push(Diagnostic::PathWithoutLeadingSlash {
                        repaired: rules.assume_leading_slash,
                    });
                }
                self.rules.push(RawRule {
                    line: number,
                    start: offset(body, value),
                    len: value.len(),
                    allow: line.kind == RecordKind::Allow,
                });
            }
            RecordKind::CrawlDelay => line.diagnostics.push(Diagnostic::NonStandardField),
            RecordKind::Sitemap | RecordKind::Unknown | RecordKind::Blank | RecordKind::Invalid => {
            }
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

    /// The word-at-a-time comparison answers as `eq_ignore_ascii_case` for every field name,
    /// against keys that differ from it by case, by one octet, or by length.
    #[test]
    fn field_names_compare_without_case() {
        let names = FIELDS
            .iter()
            .map(|f| f.0)
            .chain(MISSPELLINGS.iter().map(|m| m.0))
            .chain(PARSER_PREFIXES.iter().map(|p| p.0));
        let mut compared = 0;
        for name in names {
            let name = name.as_bytes();
            assert!(
                name.iter()
                    .all(|b| b.is_ascii_lowercase() || b"-_ ".contains(b))
            );
            let mut keys = vec![name.to_vec(), name.to_ascii_uppercase(), name[1..].to_vec()];
            for at in 0..name.len() {
                for b in 0..=255u8 {
                    let mut key = name.to_vec();
                    key[at] = b;
                    keys.push(key);
                }
            }
            for key in keys {
                compared += 1;
                assert_eq!(
                    is_field_name(&key, name),
                    key.eq_ignore_ascii_case(name),
                    "{key:?} {name:?}"
                );
            }
        }
        assert!(compared > 50_000);
    }

    /// The line splitter's `#` and NUL positions are those a search within each line finds.
    #[test]
    fn lines_find_ends_comments_and_nuls() {
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..3_000 {
            let len = (next() % 40) as usize;
            let body: Vec<u8> = (0..len)
                .map(|_| b"\r\n#\0ab"[(next() % 6) as usize])
                .collect();
            let split: Vec<RawLine<'_>> = lines(&body, true).collect();
            let mut naive = Vec::new();
            let mut rest = &body[..];
            while !rest.is_empty() {
                let end = rest
                    .iter()
                    .position(|&b| b == b'\r' || b == b'\n')
                    .unwrap_or(rest.len());
                naive.push(&rest[..end]);
                let skip = match rest.get(end..end + 2) {
                    Some(b"\r\n") => 2,
                    _ => 1,
                };
                rest = rest.get(end + skip..).unwrap_or_default();
            }
            assert_eq!(split.len(), naive.len(), "{body:?}");
            for (line, expected) in split.iter().zip(naive) {
                assert_eq!(line.bytes, expected, "{body:?}");
                assert_eq!(line.hash, memchr::memchr(b'#', expected), "{body:?}");
                assert_eq!(line.nul, memchr::memchr(0, expected), "{body:?}");
            }
        }
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
    fn fields_are_named_as_each_profile_reads_them() {
        assert_eq!(
            field(b"Allow", Profile::Rfc9309),
            Some((RecordKind::Allow, None))
        );
        assert_eq!(field(b"disalow", Profile::Rfc9309), None);
        assert_eq!(
            field(b"disalow", Profile::Legacy),
            Some((RecordKind::Disallow, Some("disallow")))
        );
        assert_eq!(field(b"x", Profile::Google), None);
    }

    #[test]
    fn line_spans_cover_every_byte() {
        let body = b"a\r\nb\rc\n\nd";
        let spans = line_spans(body);
        let parts: Vec<(&[u8], &[u8])> = spans
            .iter()
            .map(|l| (&body[l.content.clone()], &body[l.end.clone()]))
            .collect();
        assert_eq!(
            parts,
            [
                (&b"a"[..], &b"\r\n"[..]),
                (b"b", b"\r"),
                (b"c", b"\n"),
                (b"", b"\n"),
                (b"d", b""),
            ]
        );
        assert!(line_spans(b"").is_empty());
        assert_eq!(line_spans(b"\n").len(), 1);
    }

    #[test]
    fn records_say_where_line_key_and_value_are() {
        let body = b"\xEF\xBB\xBFUser-Agent : a # x\r\n\n  disallow /b\rnope\n#c\n";
        let spans = |profile| -> Vec<(&[u8], &[u8], &[u8])> {
            Robots::parse(body, ParseOptions::new(profile))
                .records()
                .iter()
                .map(|r| {
                    (
                        &body[r.span.clone()],
                        &body[r.key_span.clone()],
                        &body[r.value_span.clone()],
                    )
                })
                .collect()
        };
        let legacy = spans(Profile::Legacy);
        assert_eq!(
            legacy,
            [
                (&b"User-Agent : a # x"[..], &b"User-Agent"[..], &b"a"[..]),
                (b"", b"", b""),
                (b"  disallow /b", b"disallow", b"/b"),
                (b"nope", b"", b"nope"),
                (b"#c", b"", b""),
            ]
        );
        // The same lines under every profile; only the reading of a colonless line differs.
        let rfc = spans(Profile::Rfc9309);
        assert_eq!(
            rfc[2],
            (&b"  disallow /b"[..], &b""[..], &b"disallow /b"[..])
        );
        assert_eq!(rfc[0], legacy[0]);
        let records = parse("a: b\n", Profile::Google);
        assert_eq!(
            (
                records.records()[0].span.clone(),
                records.records()[0].value_span.clone()
            ),
            (0..4, 3..4)
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
