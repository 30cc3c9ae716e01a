//! The constructs root-cause attribution knows, as data: one row per construct with where it
//! lives, the classes it belongs to, its rank in each order that decides between constructs,
//! and its phrase. The lists the ablation, the cause and the reports consult (which
//! constructs a variant neutralises, which ones the reference is neutral to, which are line
//! readings, which narrow which, …) are lookups in [`CONSTRUCTS`]; a label is a row's name.

use crate::fuzz::clauses::*;
use crate::fuzz::findings::ROBOTS_TXT_TAG;

/// Where a construct shows: in the file, in the deciding rule (and so in the file), in the
/// URL, in the crawler name, or in the kind of decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    File,
    Rule,
    Url,
    Agent,
    Decision,
}

use Place::{Agent, Decision, File, Rule, Url};

/// One construct.
#[derive(Clone, Copy, Debug)]
pub struct Construct {
    /// The label: what root causes, features and evidence name it by.
    pub name: &'static str,
    /// Where it shows.
    pub place: Place,
    /// Whether a variant can neutralise it (in the table's order, which only names the
    /// variants and orders a combined label's constructs; it never decides a cause).
    pub ablatable: bool,
    /// Whether its every variant leaves the reference's answers as they were (only the
    /// implementation's reading can change): a variant of it that moves the reference is left
    /// out.
    pub neutral: bool,
    /// Whether it is a construct of how a line is read (its field name, its colon, its
    /// whitespace, its place among the groups), as against how a rule's path is compared: a
    /// neutralisation of it on which the implementation turns to the other profile while
    /// neither profile's answer moves shows the implementation's own reading of that line.
    pub line_reading: bool,
    /// Whether its neutralisation changes only rules that no reading matches to the URL
    /// (taken out, or made to match for every reading): a change of the implementation's
    /// reading of them, as a line reading's is.
    pub nowhere_matched: bool,
    /// Whether the `rfc9309` and `google` profiles compare it apart when matching.
    pub matching_split: bool,
    /// Whether it is a property of the whole file (its line ends, its length): its instance
    /// names no line.
    pub whole_file: bool,
    /// Whether a profile split on it, where its clause's force is `interpretation`, stays an
    /// `interpretation`: the `rfc9309` side is the reference's reading of a text silent on it
    /// that Google's parser has no reading of its own of either, or the line breaks the
    /// grammar both texts share.
    pub split_read: bool,
    /// A line end, a byte order mark or a file's having one line changes how every other line
    /// is read: where constructs of the file's format are found, the first in this rank is
    /// kept and the others found beside it dropped.
    pub file_format: Option<u8>,
    /// Its rank in the order a behaviour label picks a feature's constructs in: file format
    /// first (what the parser reads before any rule), then the shape of the deciding rule,
    /// then the URL's and the crawler name's; then the kind of decision.
    pub label_order: Option<u8>,
    /// The constructs it says more than where both remove a split, with its rank among the
    /// narrowings: where it is among the constructs found, those it names are dropped, the
    /// narrowings applied in rank order.
    pub narrows: Option<(u8, &'static [&'static str])>,
    /// Its phrase, in an implementer's words.
    pub phrase: Option<&'static str>,
    /// The clause a root cause on it rests on.
    pub clause: Option<&'static Clause>,
}

/// A row with no class, the base of every row.
const ROW: Construct = Construct {
    name: "",
    place: File,
    ablatable: false,
    neutral: false,
    line_reading: false,
    nowhere_matched: false,
    matching_split: false,
    whole_file: false,
    split_read: false,
    file_format: None,
    label_order: None,
    narrows: None,
    phrase: None,
    clause: None,
};

/// Every construct, the ablatable ones first in their order (a row a line or a few, unformatted
/// so that it reads as a table).
#[rustfmt::skip]
pub const CONSTRUCTS: [Construct; 91] = [
    Construct { name: "bom", place: File, ablatable: true, file_format: Some(0),
        label_order: Some(1),
        phrase: Some("a UTF-8 byte order mark"), clause: Some(&BOM), ..ROW },
    Construct { name: "inner-bom", place: File, ablatable: true, line_reading: true,
        split_read: true, file_format: Some(1),
        phrase: Some("a byte order mark (U+FEFF) that is not at the start of the file"),
        clause: Some(&INNER_BOM), ..ROW },
    Construct { name: "crlf", place: File, ablatable: true, whole_file: true, file_format: Some(3),
        label_order: Some(15),
        phrase: Some("CRLF line ends"), clause: Some(&CR_LINE_END), ..ROW },
    Construct { name: "cr-line-end", place: File, ablatable: true, whole_file: true,
        file_format: Some(2), label_order: Some(3),
        phrase: Some("CR (`\\r`) line ends"), clause: Some(&CR_LINE_END), ..ROW },
    Construct { name: "last-line-end", place: File, ablatable: true, neutral: true,
        whole_file: true, file_format: Some(4),
        phrase: Some("a last line without a line end"), clause: Some(&LAST_LINE_END), ..ROW },
    Construct { name: "one-line-file", place: File, ablatable: true, neutral: true,
        whole_file: true, file_format: Some(5),
        phrase: Some("a file of one line or none (besides comments and blank lines)"),
        clause: Some(&ONE_LINE_FILE), ..ROW },
    Construct { name: "blank-line", place: File, ablatable: true, line_reading: true,
        phrase: Some("a blank line inside a group"), clause: Some(&GROUP_END), ..ROW },
    Construct { name: "adjacent-groups", place: File, ablatable: true, line_reading: true,
        phrase: Some("a group starting right after the previous one's rules, with no blank line between"),
        clause: Some(&GROUP_END), ..ROW },
    Construct { name: "misspelling", place: File, ablatable: true, line_reading: true,
        label_order: Some(6),
        phrase: Some("a misspelled field name (`useragent`, `dissallow`, …)"),
        clause: Some(&MISSPELLING), ..ROW },
    Construct { name: "missing-colon", place: File, ablatable: true, line_reading: true,
        label_order: Some(7),
        phrase: Some("a line without its colon"), clause: Some(&MISSPELLING), ..ROW },
    Construct { name: "wide-gap", place: File, ablatable: true, line_reading: true,
        phrase: Some("a line without its colon whose name and value are parted by more than one space \
             or tab (`disallow  /`), where one space is read"),
        clause: Some(&MISSPELLING), ..ROW },
    Construct { name: "space-before-colon", place: File, ablatable: true, line_reading: true,
        phrase: Some("whitespace between a field name and its colon (`Disallow :/`)"),
        clause: Some(&SPACE_BEFORE_COLON), ..ROW },
    Construct { name: "one-token-line", place: File, ablatable: true, line_reading: true,
        narrows: Some((22, &["missing-colon"])),
        phrase: Some("a line of one word without a colon (`Disallow`, `w`)"),
        clause: Some(&ONE_TOKEN_LINE), ..ROW },
    Construct { name: "word-and-space", place: File, ablatable: true, neutral: true,
        line_reading: true, narrows: Some((21, &["one-token-line", "missing-colon"])),
        phrase: Some("a line of one word and trailing whitespace, without a colon (`Useragent `)"),
        clause: Some(&ONE_TOKEN_LINE), ..ROW },
    Construct { name: "trailing-space", place: File, ablatable: true, neutral: true,
        line_reading: true,
        narrows: Some((14, &["tie", "rule-order", "unmatched-allow", "inner-space"])),
        phrase: Some("whitespace at the end of a `user-agent` or rule line (`disallow: /a` and a tab), kept"),
        clause: Some(&TRAILING_SPACE), ..ROW },
    Construct { name: "empty-agent", place: File, ablatable: true,
        narrows: Some((30, &["later-group"])),
        phrase: Some("a `user-agent` line with an empty value"), clause: Some(&EMPTY_AGENT),
        ..ROW },
    Construct { name: "invalid-agent", place: File, ablatable: true, label_order: Some(9),
        phrase: Some("a `user-agent` value that is not a product token"), clause: Some(&NO_GROUP),
        ..ROW },
    Construct { name: "agent-part", place: Agent, ablatable: true,
        phrase: Some("a `user-agent` value that is only part of the crawler's name"),
        clause: Some(&NO_GROUP), ..ROW },
    Construct { name: "empty-value", place: File, ablatable: true, line_reading: true,
        label_order: Some(11),
        phrase: Some("a field with an empty value"), clause: Some(&EMPTY_VALUE), ..ROW },
    Construct { name: "empty-only-rule", place: File, ablatable: true, neutral: true,
        narrows: Some((31, &["later-group"])),
        phrase: Some("a group whose only rule has an empty value, before another group"),
        clause: Some(&BLANK_LINE), ..ROW },
    Construct { name: "unknown-field", place: File, ablatable: true, line_reading: true,
        label_order: Some(13), narrows: Some((16, &["split-groups"])),
        phrase: Some("an unknown field line"), clause: Some(&NON_STANDARD_FIELD), ..ROW },
    Construct { name: "field-in-name", place: File, ablatable: true, neutral: true,
        line_reading: true, narrows: Some((18, &["unknown-field", "rule-outside-group"])),
        phrase: Some("an unknown field whose name holds a known one (such as `sallow` or `xUser-agent`)"),
        clause: Some(&NON_STANDARD_FIELD), ..ROW },
    Construct { name: "typo-field", place: File, ablatable: true, neutral: true,
        line_reading: true, narrows: Some((19, &["unknown-field", "rule-outside-group"])),
        phrase: Some("an unknown field spelled like a known one (`alow` for `allow`)"),
        clause: Some(&TYPO_FIELD), ..ROW },
    Construct { name: "nonstandard-typo", place: File, ablatable: true, neutral: true,
        line_reading: true, narrows: Some((20, &["unknown-field", "split-groups"])),
        phrase: Some("a field spelled like a non-standard one (`Crawldelay` for `crawl-delay`), which \
             the library accepts as that field"),
        clause: Some(&NON_STANDARD_FIELD), ..ROW },
    Construct { name: "non-standard-field", place: File, ablatable: true, line_reading: true,
        label_order: Some(12), narrows: Some((17, &["split-groups"])),
        phrase: Some("a non-standard field (`crawl-delay`, `sitemap`, …)"),
        clause: Some(&NON_STANDARD_FIELD), ..ROW },
    Construct { name: "sitemap", place: File, ablatable: true, line_reading: true,
        phrase: Some("a `Sitemap` line inside a group"), clause: Some(&SITEMAP), ..ROW },
    Construct { name: "rule-outside-group", place: File, ablatable: true, label_order: Some(8),
        phrase: Some("a rule before any `user-agent` line"), clause: Some(&RULE_OUTSIDE_GROUP),
        ..ROW },
    Construct { name: "shared-group", place: File, ablatable: true,
        narrows: Some((23, &["tie", "equal-match"])),
        phrase: Some("several `user-agent` lines sharing one group"), clause: Some(&BLANK_LINE),
        ..ROW },
    Construct { name: "shared-name-group", place: File, ablatable: true,
        narrows: Some((25, &["shared-group", "split-groups", "adjacent-groups"])),
        phrase: Some("a name that shares the crawler's group and has another group of its own"),
        clause: Some(&BLANK_LINE), ..ROW },
    Construct { name: "empty-group", place: File, ablatable: true,
        narrows: Some((26, &["star-group"])),
        phrase: Some("the crawler's group has no rules"), clause: Some(&EMPTY_GROUP), ..ROW },
    Construct { name: "no-leading-slash", place: File, ablatable: true, label_order: Some(10),
        narrows: Some((13, &["end-anchor", "bare-percent"])),
        phrase: Some("a rule path without a leading `/`"), clause: Some(&NO_LEADING_SLASH), ..ROW },
    Construct { name: "double-slash", place: Rule, ablatable: true,
        phrase: Some("a `//` in a rule's path or in the URL's"), clause: Some(&DOUBLE_SLASH),
        ..ROW },
    Construct { name: "inline-comment", place: File, ablatable: true, label_order: Some(14),
        phrase: Some("a comment after a value"), clause: Some(&INLINE_COMMENT), ..ROW },
    Construct { name: "commented-rule", place: File, ablatable: true, line_reading: true,
        phrase: Some("a comment line holding a rule (`#Disallow: /`)"),
        clause: Some(&INLINE_COMMENT), ..ROW },
    Construct { name: "star-group", place: File, ablatable: true,
        phrase: Some("a `*` group beside the crawler's own group"), clause: Some(&NO_GROUP),
        ..ROW },
    Construct { name: "later-group", place: File, ablatable: true, neutral: true,
        phrase: Some("another group after the crawler's group"), clause: Some(&BLANK_LINE), ..ROW },
    Construct { name: "split-groups", place: File, ablatable: true, neutral: true,
        narrows: Some((24, &["tie", "equal-match"])),
        phrase: Some("the crawler's rules in several groups naming it"),
        clause: Some(&SPLIT_GROUPS), ..ROW },
    Construct { name: "inner-space", place: File, ablatable: true, matching_split: true,
        split_read: true, narrows: Some((9, &["url-control-escape"])),
        phrase: Some("whitespace inside a rule's path"), clause: Some(&INNER_SPACE), ..ROW },
    Construct { name: "hex-case", place: Rule, ablatable: true, matching_split: true,
        narrows: Some(( 8, &["percent", "url-percent", "reserved-escape", "unreserved-escape", "escaped-special"], )),
        phrase: Some("lower-case hex digits in a percent-encoding (`%c3` for `%C3`)"),
        clause: Some(&HEX_CASE), ..ROW },
    Construct { name: "percent", place: Rule, ablatable: true, matching_split: true,
        label_order: Some(19),
        phrase: Some("percent-encodings in a rule or the URL (lower-case hex, an escaped unreserved \
             character)"),
        clause: Some(&PERCENT), ..ROW },
    Construct { name: "unreserved-escape", place: File, ablatable: true, matching_split: true,
        narrows: Some((6, &["percent", "url-percent"])),
        phrase: Some("an escaped unreserved character (`%7E` for `~`)"), clause: Some(&PERCENT),
        ..ROW },
    Construct { name: "reserved-escape", place: Rule, ablatable: true,
        narrows: Some((3, &["rule-elsewhere", "double-slash"])),
        phrase: Some("a percent-encoded reserved character (`%2F`, `%3F`, …)"),
        clause: Some(&RESERVED_ESCAPE), ..ROW },
    Construct { name: "escaped-special", place: Rule, ablatable: true,
        narrows: Some((7, &["reserved-escape"])),
        phrase: Some("an escaped `*` or `$` (`%2A`, `%24`) in a rule"),
        clause: Some(&ESCAPED_SPECIAL), ..ROW },
    Construct { name: "bare-percent", place: Rule, ablatable: true, matching_split: true,
        split_read: true,
        phrase: Some("a `%` in a rule that starts no escape"), clause: Some(&BARE_PERCENT), ..ROW },
    Construct { name: "url-percent", place: Url, ablatable: true, matching_split: true,
        label_order: Some(23), narrows: Some((0, &["percent", "reserved-escape"])),
        phrase: Some("the URL's percent-encodings (lower-case hex, an escaped unreserved character)"),
        clause: Some(&PERCENT), ..ROW },
    Construct { name: "url-control-escape", place: Url, ablatable: true,
        phrase: Some("a control character's escape in the URL (`%09`, `%0A`, `%0D`)"),
        clause: Some(&DOUBLE_SLASH), ..ROW },
    Construct { name: "rule-in-host", place: Url, ablatable: true,
        narrows: Some((11, &["rule-elsewhere", "unmatched-allow"])),
        phrase: Some("a rule's text found in the URL's host, before its path"),
        clause: Some(&RULE_IN_HOST), ..ROW },
    Construct { name: "rule-elsewhere", place: Url, ablatable: true, neutral: true,
        nowhere_matched: true,
        narrows: Some(( 12, &["unmatched-allow", "double-slash", "no-leading-slash", "end-anchor", "wildcard"], )),
        phrase: Some("a rule found in the URL, but not at the start of its path (`//` in `http://`, `/b` in `/a/b`, a bare `$` at the end of `/a`)"),
        clause: Some(&RULE_IN_HOST), ..ROW },
    Construct { name: "path-case", place: Url, ablatable: true, nowhere_matched: true,
        narrows: Some((10, &["unmatched-allow", "rule-elsewhere"])),
        phrase: Some("a rule that matches the URL's path only when letter case is ignored (`/A` for `/a`)"),
        clause: Some(&PATH_CASE), ..ROW },
    Construct { name: "partial-char", place: Rule, ablatable: true, neutral: true,
        narrows: Some((27, &["percent", "url-percent", "non-ascii"])),
        phrase: Some("a rule ending inside a percent-encoded UTF-8 character (`/%C3` of `/%C3%A9`)"),
        clause: Some(&DOUBLE_SLASH), ..ROW },
    Construct { name: "non-utf8-escape", place: Rule, ablatable: true, neutral: true,
        narrows: Some(( 28, &["percent", "url-percent", "hex-case", "unreserved-escape"], )),
        phrase: Some("a percent-encoding that decodes to no UTF-8 character (a lone `%C3`, a Latin-1 \
             `%E9`)"),
        clause: Some(&DOUBLE_SLASH), ..ROW },
    Construct { name: "escape-split", place: Url, ablatable: true, neutral: true,
        narrows: Some(( 15, &["wildcard", "url-percent", "percent", "non-ascii", "url-control-escape", "reserved-escape"], )),
        phrase: Some("a rule that matches part of a percent-encoding in the URL (`*9`, which the `9` of `%A9` matches): the URL decoded before comparing"),
        clause: Some(&ESCAPE_SPLIT), ..ROW },
    Construct { name: "non-ascii", place: Rule, ablatable: true, label_order: Some(20),
        phrase: Some("the deciding rule holds non-ASCII characters"), clause: Some(&NON_ASCII),
        ..ROW },
    Construct { name: "wildcard", place: Rule, ablatable: true, label_order: Some(18),
        narrows: Some((5, &["tie", "tie-order", "rule-order", "unmatched-allow"])),
        phrase: Some("the deciding rule holds `*`"), clause: Some(&WILDCARD), ..ROW },
    Construct { name: "end-anchor", place: Rule, ablatable: true, label_order: Some(17),
        phrase: Some("the deciding rule ends in `$`"), clause: Some(&WILDCARD), ..ROW },
    Construct { name: "inner-dollar", place: Rule, ablatable: true, label_order: Some(16),
        phrase: Some("the deciding rule holds `$` before its end"), clause: Some(&INNER_DOLLAR),
        ..ROW },
    Construct { name: "agent-version", place: Agent, ablatable: true, label_order: Some(26),
        phrase: Some("a crawler name with a version"), clause: Some(&NO_GROUP), ..ROW },
    Construct { name: "adsbot-agent", place: Agent, ablatable: true, neutral: true,
        narrows: Some((29, &["agent-hyphen"])),
        phrase: Some("a crawler Google's text excepts from `*` (an AdsBot crawler)"),
        clause: Some(&ADSBOT_AGENT), ..ROW },
    Construct { name: "agent-hyphen", place: Agent, ablatable: true, neutral: true,
        phrase: Some("a crawler name holding `-` or `_` (`Googlebot-News`)"),
        clause: Some(&AGENT_HYPHEN), ..ROW },
    Construct { name: "empty-query", place: Url, ablatable: true,
        phrase: Some("a URL ending in an empty query (`?`)"), clause: Some(&DOUBLE_SLASH), ..ROW },
    Construct { name: "tie", place: File, ablatable: true,
        narrows: Some((1, &["rule-order", "tie-order"])),
        phrase: Some("an `Allow` and a `Disallow` rule of equal length both match"),
        clause: Some(&TIE), ..ROW },
    Construct { name: "tie-order", place: File, ablatable: true, neutral: true,
        phrase: Some("an `Allow` and a `Disallow` rule of equal length both match, the first in the file obeyed"),
        clause: Some(&TIE), ..ROW },
    Construct { name: "equal-match", place: File, ablatable: true,
        narrows: Some(( 4, &["wildcard", "bare-percent", "end-anchor", "escaped-special"], )),
        phrase: Some("two rules of one kind and equal length both match (`allow: /` and `allow: *`)"),
        clause: Some(&EQUAL_MATCH), ..ROW },
    Construct { name: "rule-order", place: File, ablatable: true,
        narrows: Some((2, &["empty-value"])),
        phrase: Some("the deciding rule after another matching rule (rule order)"),
        clause: Some(&RULE_ORDER), ..ROW },
    Construct { name: "unmatched-allow", place: File, ablatable: true, neutral: true,
        nowhere_matched: true,
        phrase: Some("an `Allow` rule that does not match the URL"), clause: Some(&EMPTY_GROUP),
        ..ROW },
    Construct { name: "index-html", place: Rule, matching_split: true, label_order: Some(21),
        phrase: Some("the deciding rule is an `/index.htm` or `/index.html` rule"), ..ROW },
    Construct { name: "long-line", place: File, matching_split: true, label_order: Some(4),
        phrase: Some("a line longer than Google's parser's line buffer (16,664 bytes)"),
        clause: Some(&LONG_LINE), ..ROW },
    Construct { name: "size-limit", place: File, whole_file: true, label_order: Some(5),
        phrase: Some("a file past the size limit"), clause: Some(&SIZE_LIMIT), ..ROW },
    Construct { name: "invalid-utf8", place: File, label_order: Some(0),
        phrase: Some("bytes that are not UTF-8"), ..ROW },
    Construct { name: "partial-bom", place: File, label_order: Some(2),
        phrase: Some("part of a UTF-8 byte order mark"), clause: Some(&BOM), ..ROW },
    Construct { name: "long", place: Rule, label_order: Some(22),
        phrase: Some("the deciding rule is longer than 1000 characters"), ..ROW },
    Construct { name: "url-non-ascii", place: Url, label_order: Some(24),
        phrase: Some("a raw non-ASCII URL"), clause: Some(&NON_ASCII), ..ROW },
    Construct { name: "url-query", place: Url, label_order: Some(25),
        phrase: Some("a URL with a query"), ..ROW },
    Construct { name: "agent-space", place: Agent, label_order: Some(27),
        phrase: Some("a crawler name with a space"), clause: Some(&NO_GROUP), ..ROW },
    Construct { name: "no-group-applies", place: Decision, label_order: Some(28),
        phrase: Some("no group names the crawler and there is no `*` group"),
        clause: Some(&NO_GROUP), ..ROW },
    Construct { name: ROBOTS_TXT_TAG, place: Decision, label_order: Some(29),
        phrase: Some("the URL is /robots.txt itself"), ..ROW },
    Construct { name: "no-group", place: Decision, label_order: Some(30),
        phrase: Some("no group applies"), clause: Some(&NO_GROUP), ..ROW },
    Construct { name: "allow-rule", place: Decision, label_order: Some(31),
        phrase: Some("an `Allow` rule is the longest match"), clause: Some(&ALLOW_RULE), ..ROW },
    Construct { name: "disallow-rule", place: Decision, label_order: Some(32),
        phrase: Some("a `Disallow` rule is the longest match"), clause: Some(&ALLOW_RULE), ..ROW },
    Construct { name: "no-matching-rule", place: Decision, label_order: Some(33),
        phrase: Some("no rule matches the path"), clause: Some(&ALLOW_RULE), ..ROW },
    Construct { name: "anchored-wildcard", place: File,
        phrase: Some("a rule holding `*` and ending in `$` (`/*a$`), where a rule with only one of them \
             is matched right"),
        clause: Some(&WILDCARD), ..ROW },
    Construct { name: "skipped-empty-agent", place: File, split_read: true,
        phrase: Some("a `user-agent` line with an empty value, skipped (its rules join the group before)"),
        clause: Some(&SKIPPED_EMPTY_AGENT), ..ROW },
    Construct { name: "shared-split-group", place: File,
        phrase: Some("the crawler's rules in several groups naming it, one of them shared with another name"),
        clause: Some(&SPLIT_GROUPS), ..ROW },
    Construct { name: "rule-reserved-escape", place: Rule,
        phrase: Some("a percent-encoded reserved character in a rule (`%3D`, `%2F`, …), the URL holding \
             the character itself"),
        clause: Some(&RULE_RESERVED_ESCAPE), ..ROW },
    Construct { name: "url-query-escape", place: Rule,
        phrase: Some("a percent-encoded `?`, `#` or `;` in the URL's path (`%3F`), which the library \
             decodes before splitting the URL, cutting the path there while the rule keeps it"),
        clause: Some(&RESERVED_ESCAPE), ..ROW },
    Construct { name: "escape-length", place: File,
        phrase: Some("a percent-encoded character outside the unreserved set (`%3E`, `%C3%A9`) counts as \
             one character, not its octets, in a rule's length, so `Disallow: /caf%C3%A9` loses to \
             the shorter `Allow: /caf*`"),
        clause: Some(&ESCAPE_LENGTH), ..ROW },
    Construct { name: "space-length", place: File,
        phrase: Some("whitespace at the end of a rule line, which the library leaves out of the rule's \
             path but counts in its length (`Disallow: /a` and two tabs outweighs `Allow: /ab`)"),
        clause: Some(&TRAILING_SPACE), ..ROW },
    Construct { name: "anchor-length", place: File,
        phrase: Some("a rule ending in `$`, whose `$` the library leaves out of the rule's length, so \
             `Disallow: /api/*` beats `Allow: /api/$` (equal in length: the `Allow` should win)"),
        clause: Some(&ANCHOR_LENGTH), ..ROW },
    Construct { name: "allow-ignored", place: File,
        phrase: Some("an `Allow` rule decides, and the library obeys no `Allow` line (`Disallow: /` with \
             `Allow: /page` disallows `/page`)"),
        clause: Some(&ALLOW_IGNORED), ..ROW },
    Construct { name: "equal-length-error", place: File,
        phrase: Some("a URL that two rules of equal length match, one of them holding `*` or `%2A` \
             (`Allow: /shop/*` and `Disallow: /shop/a` on `/shop/a`), which the library cannot order"),
        clause: Some(&EQUAL_MATCH), ..ROW },
    Construct { name: "combined", place: File,
        phrase: Some("no single construct (each neutralised alone, the split stays)"),
        clause: Some(&COMBINED), ..ROW },
];

mod misbehaviours;
pub use misbehaviours::*;

/// The label of a plain question whose decision no construct names.
pub const OTHER: &str = "other";

/// The static label `name` is, where it is one: a construct's name, or [`OTHER`]. The label
/// set is closed: a root cause read back with another label does not read.
pub fn label(name: &str) -> Option<&'static str> {
    get(name)
        .map(|c| c.name)
        .or((name == OTHER).then_some(OTHER))
}

/// The row of `name` (`None` for a name that is no construct).
pub fn get(name: &str) -> Option<&'static Construct> {
    CONSTRUCTS.iter().find(|c| c.name == name)
}

/// Whether `name` is a construct for which `class` holds.
pub fn is(name: &str, class: impl Fn(&Construct) -> bool) -> bool {
    get(name).is_some_and(class)
}

/// The static name of an ablatable construct (`None` for one a variant cannot neutralise).
pub fn ablatable_name(name: &str) -> Option<&'static str> {
    get(name).filter(|c| c.ablatable).map(|c| c.name)
}

/// Every construct a variant can neutralise, in the table's order.
pub fn ablatable() -> impl Iterator<Item = &'static str> {
    CONSTRUCTS.iter().filter(|c| c.ablatable).map(|c| c.name)
}

/// A construct's position among the ablatable ones (`None` for another).
pub fn ablation_rank(name: &str) -> Option<usize> {
    ablatable().position(|c| c == name)
}

/// The constructs a behaviour label picks from, in [`Construct::label_order`].
pub fn label_order() -> Vec<&'static str> {
    ranked(|c| c.label_order)
}

/// The constructs of a file's format, in [`Construct::file_format`] order.
pub fn file_format() -> Vec<&'static str> {
    ranked(|c| c.file_format)
}

/// The narrowings, in rank order: each construct with those it says more than.
pub fn narrowings() -> Vec<(&'static str, &'static [&'static str])> {
    let mut out: Vec<(u8, &'static str, &'static [&'static str])> = CONSTRUCTS
        .iter()
        .filter_map(|c| c.narrows.map(|(rank, wider)| (rank, c.name, wider)))
        .collect();
    out.sort_by_key(|(rank, _, _)| *rank);
    out.into_iter().map(|(_, n, w)| (n, w)).collect()
}

fn ranked(rank: impl Fn(&Construct) -> Option<u8>) -> Vec<&'static str> {
    let mut out: Vec<(u8, &'static str)> = CONSTRUCTS
        .iter()
        .filter_map(|c| rank(c).map(|r| (r, c.name)))
        .collect();
    out.sort_by_key(|(r, _)| *r);
    out.into_iter().map(|(_, n)| n).collect()
}

/// Where a construct shows ([`Construct::place`]); for a name the table does not hold, by its
/// prefix (`url-`, `agent-`), `other` (no construct) a decision, else the file.
pub fn place(name: &str) -> Place {
    match get(name) {
        Some(c) => c.place,
        None if name.starts_with("url-") => Url,
        None if name.starts_with("agent-") => Agent,
        None if name == OTHER => Decision,
        None => File,
    }
}

/// The clause of a construct ([`Construct::clause`]).
pub fn clause(name: &str) -> Option<Clause> {
    get(name).and_then(|c| c.clause).cloned()
}

/// A phrase per construct, in an implementer's words.
pub fn phrase(name: &str) -> Option<&'static str> {
    get(name).and_then(|c| c.phrase)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn names_are_unique_and_ranks_are_dense() {
        let names: BTreeSet<&str> = CONSTRUCTS.iter().map(|c| c.name).collect();
        assert_eq!(names.len(), CONSTRUCTS.len(), "a construct named twice");
        for (what, rank) in [
            (
                "label order",
                &(|c: &Construct| c.label_order) as &dyn Fn(&Construct) -> Option<u8>,
            ),
            ("file format", &|c: &Construct| c.file_format),
            ("narrowing", &|c: &Construct| c.narrows.map(|(r, _)| r)),
        ] {
            let mut ranks: Vec<u8> = CONSTRUCTS.iter().filter_map(rank).collect();
            ranks.sort_unstable();
            let dense: Vec<u8> = (0..ranks.len() as u8).collect();
            assert_eq!(ranks, dense, "{what}: ranks not 0..n, once each");
        }
    }

    #[test]
    fn every_construct_named_in_a_class_is_in_the_table() {
        for c in &CONSTRUCTS {
            for wider in c.narrows.map(|(_, w)| w).unwrap_or_default() {
                assert!(
                    get(wider).is_some(),
                    "{}: narrows {wider}, no construct",
                    c.name
                );
            }
            assert!(c.phrase.is_some(), "{}: no phrase", c.name);
        }
    }
}
