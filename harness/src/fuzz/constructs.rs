//! The constructs root-cause attribution knows, as data: one row per construct with where it
//! lives, the classes it belongs to, its rank in each order that decides between constructs,
//! and its phrase. The lists the ablation, the cause and the reports consult (which
//! constructs a variant neutralises, which ones the reference is neutral to, which are line
//! readings, which narrow which, …) are lookups in [`CONSTRUCTS`]; a label is a row's name.

use crate::answer::Answer;
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

/// How a library may read an input, written as a change of the input after which the reference
/// reads it so: where the reference, asked about the changed input, gives the library's answer
/// under every profile the library contradicts, the library's answer is what that reading gives
/// (see [`crate::fuzz::ablation::reads_as`]). Each changes only what it names, and changes
/// nothing (so shows nothing) on an input without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// The construct's lines (those its neutralisation changes or takes out) end the group:
    /// each becomes a rule that matches nothing and a `user-agent` line no crawler has, so that
    /// the names before it keep no rule after it, and the rules after it belong to no crawler.
    EndsGroup,
    /// The construct's lines whose value is a path (`/…`, `*…`) are read as a `Disallow` rule
    /// with that value.
    AsDisallow,
    /// The construct's lines whose value is a path are read as an `Allow` rule with it.
    AsAllow,
    /// The construct's lines are ignored (taken out).
    Ignored,
    /// A comment line holding a rule (`#Disallow: /`) is read as the rule.
    Uncommented,
    /// A comment after a rule's path is kept in the path (its `#` compared as `%23`).
    CommentKept,
    /// A rule holding `*` that does not match the URL's path from its start is looked for
    /// anywhere in the path (a `*` put before it).
    Anywhere,
    /// A rule holding `*` that matches the URL's path counts as long as the text it matches
    /// there (the longest match), not as its own length: it is written out as that text.
    MatchedLength,
    /// A CRLF line end leaves its CR in the line's value: each rule and `user-agent` line
    /// ending in CRLF has `%0D` put after its value.
    CrKept,
    /// An empty `user-agent` line names every crawler: it is written with the crawler's name.
    EmptyAgentNamesCrawler,
    /// A rule's `*` is compared as the character itself (`%2A`).
    StarLiteral,
    /// A rule's final `$` is left out.
    AnchorIgnored,
    /// A rule's final `$` is compared as the character itself (`%24`).
    AnchorLiteral,
    /// A rule holding non-ASCII characters matches nothing.
    NonAsciiUnmatched,
    /// The escapes of reserved characters (`%2F`, `%3F`, `%2A`, `%24`, …) in the rules and the
    /// URL's path are decoded before comparing.
    EscapesDecoded,
    /// Of the rules that match the URL's path, the first in each group decides (the later
    /// ones taken out).
    FirstMatch,
    /// A byte order mark at the start of the file is read as part of the first line's field
    /// name (a letter in its place).
    BomKept,
}

/// The evidence a misbehaviour is read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evidence {
    /// The library answers this where the reference answers the other way, and the construct
    /// leaves one way to err so (a `Disallow` winning an equal `Allow`: the library disallows).
    Answers(Answer),
    /// The reference, reading the input as [`Reading`] says, gives the library's answer.
    ReadsAs(Reading),
    /// Nothing in a root cause's own inputs: the library answers the misbehaviour's canonical
    /// input ([`CONFIRMATIONS`]) as a library with it does. Such a title is given only where
    /// no misbehaviour read from the inputs titles the entry, and the entry shows the canonical
    /// input beside its own.
    Confirmed,
    /// As [`Evidence::Confirmed`], for a library that ignores the whole file on the construct
    /// (its root causes say so): the title says that, and only such a root cause takes it.
    ConfirmedWholeFile,
}

/// What a library does wrong on a construct, in its maintainer's words, and the evidence that
/// shows it. A report titles an entry so only where the evidence of every one of its root
/// causes (both verdict directions) shows one title; otherwise it keeps the construct's phrase,
/// saying only that the library reads it differently.
#[derive(Clone, Copy, Debug)]
pub struct Misbehaviour {
    /// The construct.
    pub construct: &'static str,
    /// What shows it.
    pub evidence: Evidence,
    /// The title.
    pub title: &'static str,
    /// The sentence the misbehaviour contradicts, where it is another than the construct's
    /// ([`Construct::clause`]): a rule looked for anywhere breaks where matching starts, not
    /// what `*` means.
    pub clause: Option<&'static Clause>,
}

use Evidence::{Answers, Confirmed, ConfirmedWholeFile, ReadsAs};
use Reading::*;

/// A canonical input on which a library with a misbehaviour answers `answer` and the
/// reference (every profile) the other way: `reptest fuzz-report` asks it of each library, and
/// a library that answers there as the reference does is not given the title, whatever a
/// root cause's own inputs show (on those, another fault can give the same answers: a `*`
/// that stops at the first match of what follows it looks, on `/*bv` and `/bbv`, like a `*`
/// read as the character). Asked as the crawler `FooBot`.
#[derive(Clone, Copy, Debug)]
pub struct Confirmation {
    /// The misbehaviour's title ([`Misbehaviour::title`]).
    pub title: &'static str,
    /// The robots.txt.
    pub robots: &'static str,
    /// The URL asked.
    pub url: &'static str,
    /// What a library with the misbehaviour answers.
    pub answer: Answer,
}

/// The misbehaviours confirmed on a canonical input, one row each.
#[rustfmt::skip]
pub const CONFIRMATIONS: &[Confirmation] = &[
    Confirmation { title: "a line of one word without a colon (`Disallow`) ends the group",
        robots: "User-agent: FooBot\nfoo\nUser-agent: BarBot\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "a bare field name without a colon (`Disallow`) is read as that field with an empty value, so a `User-agent` line after it starts a new group",
        robots: "User-agent: FooBot\nDisallow\nUser-agent: BarBot\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "the names of a group with several `user-agent` lines share the first name's rules: a crawler listed after another name gets that name's rules from its other groups, and loses its own earlier groups' rules",
        robots: "User-agent: BarBot\nDisallow: /private/\n\nUser-agent: BarBot\nUser-agent: FooBot\nDisallow: /archive/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a crawler listed after another name in a group loses the rules of its own earlier group",
        robots: "User-agent: FooBot\nDisallow: /private/\n\nUser-agent: BarBot\nUser-agent: FooBot\nDisallow: /archive/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a crawler listed in a group with another name also gets the rules of that name's other groups (its later ones, and its earlier ones where that name is listed first)",
        robots: "User-agent: BarBot\nDisallow: /private/\n\nUser-agent: BarBot\nUser-agent: FooBot\nDisallow: /archive/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "of several groups naming the crawler, the first one holding a matching rule decides, not the longest matching rule of them all",
        robots: "User-agent: FooBot\nDisallow: /\n\nUser-agent: FooBot\nAllow: /page\n", url: "http://example.com/page",
        answer: Answer::Disallow },
    Confirmation { title: "a rule ending inside a percent-encoded character (`Disallow: /caf%C3`) matches nothing, not even its own path (`/caf%C3`)",
        robots: "User-agent: *\nDisallow: /caf%C3\n", url: "http://example.com/caf%C3",
        answer: Answer::Allow },
    Confirmation { title: "a rule holding a percent-encoding that decodes to no UTF-8 character (the Latin-1 `%E9` of `Disallow: /caf%E9`, or a character cut short: `Disallow: /caf%C3`) matches nothing, not even its own path",
        robots: "User-agent: *\nDisallow: /caf%E9\n", url: "http://example.com/caf%E9",
        answer: Answer::Allow },
    Confirmation { title: "a file of at most one line holding no `field: value` pair (an empty file, comments only, a one-line HTML page) makes the call throw an error",
        robots: "", url: "http://example.com/page.html",
        answer: Answer::Error },
    Confirmation { title: "a rule starting with `///` (`Disallow: ///`) is read as `/`, and so blocks every path",
        robots: "User-agent: *\nDisallow: ///\n", url: "http://example.com/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a percent-encoded reserved character other than `/` is decoded before comparing: `Disallow: /a=b` blocks `/a%3Db`",
        robots: "User-agent: *\nDisallow: /a=b\n", url: "http://example.com/a%3Db",
        answer: Answer::Disallow },
    Confirmation { title: "an empty `Disallow:` line is read as `Allow: /`, so beside `Disallow: /` it allows everything",
        robots: "User-agent: *\nDisallow: /\nDisallow:\n", url: "http://example.com/page.html",
        answer: Answer::Allow },
    Confirmation { title: "rules before the first `user-agent` line are obeyed by every crawler without a group of its own, as a `*` group would be",
        robots: "Disallow: /private/\n\nUser-agent: BarBot\nDisallow: /archive/\n",
        url: "http://example.com/private/page.html", answer: Answer::Disallow },
    Confirmation { title: "in a file with no `user-agent` line, its rules apply to every crawler",
        robots: "Disallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a line other than a `Disallow` or `User-agent` line with a non-ASCII character across its 6th and 7th, 9th and 10th, or 11th and 12th bytes (`Allow: /ñu/`, `foo: café`) makes the call panic: each line is cut at the length of `allow:`, `disallow:` or `user-agent:` without regard to characters",
        robots: "User-agent: *\nDisallow: /private/\nAllow: /ñu/\n", url: "http://example.com/private/page.html",
        answer: Answer::Error },
    Confirmation { title: "a `Disallow` beats an `Allow` of equal length (the `Allow` should win)",
        robots: "User-agent: *\nAllow: /page\nDisallow: /page\n", url: "http://example.com/page",
        answer: Answer::Disallow },
    Confirmation { title: "of two matching rules of equal length the one listed first wins, so a `Disallow` listed before an `Allow` of the same length beats it",
        robots: "User-agent: *\nDisallow: /page\nAllow: /page\n", url: "http://example.com/page",
        answer: Answer::Disallow },
    Confirmation { title: "a query parameter with an empty value (`?q=`) is dropped from the URL before matching, so `Disallow: /search?q=` does not block `/search?q=`",
        robots: "User-agent: *\nDisallow: /search?q=\n", url: "http://example.com/search?q=",
        answer: Answer::Allow },
    Confirmation { title: "a line whose field name ends in a known one (`sallow: /a`, `xdisallow: /a`) is read as that field",
        robots: "User-agent: *\nsallow: /private/\nDisallow: /\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "a rule ending in `**` (`Disallow: /private/**`) matches nothing",
        robots: "User-agent: *\nDisallow: /private/**\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a rule holding both a non-ASCII character and a percent-encoding (`Disallow: /café/a%20b`) does not match the URL's path (`/caf%C3%A9/a%20b`)",
        robots: "User-agent: *\nDisallow: /café/a%20b\n", url: "http://example.com/caf%C3%A9/a%20b",
        answer: Answer::Allow },
    Confirmation { title: "a non-ASCII space (U+00A0, U+2002, …) before a field name or around a value is trimmed as whitespace, so `Disallow: /private/` followed by U+2002 blocks `/private/page.html`",
        robots: "User-agent: *\nDisallow: /private/\u{2002}\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a `*` in a rule is compared as the character `*`, not as a wildcard",
        robots: "User-agent: *\nDisallow: /*.php\n", url: "http://example.com/index.php",
        answer: Answer::Allow },
    Confirmation { title: "the first matching rule decides, not the most specific (longest) one",
        robots: "User-agent: *\nDisallow: /shop\nAllow: /shop/help\n",
        url: "http://example.com/shop/help/page.html", answer: Answer::Disallow },
    Confirmation { title: "a rule holding `*` counts as long as the path it matches, so `Allow: /*` outranks a longer `Disallow: /private/`",
        robots: "User-agent: *\nDisallow: /private/\nAllow: /*\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "in a rule holding `*`, a final `$` is compared as the character `$`",
        robots: "User-agent: *\nDisallow: /*.pdf$\n", url: "http://example.com/files/a.pdf",
        answer: Answer::Allow },
    Confirmation { title: "a final `$` is compared as the character `$`, not as the end of the path",
        robots: "User-agent: *\nDisallow: /private$\n", url: "http://example.com/private",
        answer: Answer::Allow },
    Confirmation { title: "a CRLF line end leaves its CR in the line's value, so a rule or `user-agent` line ending in CRLF matches nothing",
        robots: "User-agent: *\r\nDisallow: /private/\r\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "a commented-out rule (`#Disallow: /`) is obeyed",
        robots: "User-agent: *\n# Disallow: /\nDisallow: /private/\n",
        url: "http://example.com/page.html", answer: Answer::Disallow },
    Confirmation { title: "a blank line ends the group",
        robots: "User-agent: *\nDisallow: /archive/\n\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "an unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        robots: "User-agent: FooBot\nfoo: bar\nUser-agent: BarBot\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "a rule holding non-ASCII characters (`Disallow: /café/`) does not match the URL's percent-encoded path (`/caf%C3%A9/`)",
        robots: "User-agent: *\nDisallow: /café/\n", url: "http://example.com/caf%C3%A9/menu",
        answer: Answer::Allow },
    Confirmation { title: "an empty `User-agent:` line is read as naming every crawler",
        robots: "User-agent:\nDisallow: /private/\n\nUser-agent: *\nAllow: /\n",
        url: "http://example.com/private/page.html", answer: Answer::Disallow },
    Confirmation { title: "a lone CR (`\\r`) is not read as a line end, so `User-agent: *` CR `Disallow: /private/` blocks nothing",
        robots: "User-agent: *\rDisallow: /private/\r", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a rule starting with `//` (`Disallow: //private/`) does not block the path it names (`//private/page`)",
        robots: "User-agent: *\nDisallow: //private/\n", url: "http://example.com//private/page",
        answer: Answer::Allow },
    Confirmation { title: "a rule starting with `////` (`Disallow: ////private/`) blocks the path starting with `//` (`//private/page`)",
        robots: "User-agent: *\nDisallow: ////private/\n", url: "http://example.com//private/page",
        answer: Answer::Disallow },
    Confirmation { title: "a rule starting with `//` is read as a URL naming a host (`//host/path`), so `Disallow: //` blocks every path",
        robots: "User-agent: *\nDisallow: //\n", url: "http://example.com/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a URL whose path starts with `//` is matched as if it started with `////`, so `Disallow: //private/` does not block `//private/page` (and `Disallow: ////private/` does)",
        robots: "User-agent: *\nDisallow: //private/\n", url: "http://example.com//private/page",
        answer: Answer::Allow },
    Confirmation { title: "a URL's empty query is dropped, so `Disallow: /search?` does not block `/search?`",
        robots: "User-agent: *\nDisallow: /search?\n", url: "http://example.com/search?",
        answer: Answer::Allow },
    Confirmation { title: "a rule ending inside a percent-encoded character (`/caf%C3`) does not match the paths that complete that character (`/caf%C3%A9`): it neither blocks nor allows them",
        robots: "User-agent: *\nDisallow: /caf%C3\n", url: "http://example.com/caf%C3%A9",
        answer: Answer::Allow },
    Confirmation { title: "a `*` is tried only up to the first occurrence of the character after it, so `Disallow: /*.pdf` misses `/a.b.pdf`",
        robots: "User-agent: *\nDisallow: /*.pdf\n", url: "http://example.com/a.b.pdf",
        answer: Answer::Allow },
    Confirmation { title: "of several groups naming the crawler, only the first is obeyed",
        robots: "User-agent: FooBot\nDisallow: /archive/\n\nUser-agent: FooBot\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "of several groups naming the crawler, only the last is obeyed",
        robots: "User-agent: FooBot\nDisallow: /private/\n\nUser-agent: FooBot\nDisallow: /archive/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "a field name run into its path without a colon (`Disallow/private/`) is read as a rule",
        robots: "User-agent: *\nDisallow/private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a `user-agent` line followed by another gets none of the group's rules",
        robots: "User-agent: FooBot\nUser-agent: BarBot\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "a percent-encoded reserved character (`%2F`, `%3F`) is decoded before comparing",
        robots: "User-agent: *\nDisallow: /a%2Fb\n", url: "http://example.com/a/b",
        answer: Answer::Disallow },
    Confirmation { title: "an empty `Allow:` or `Disallow:` line matches every URL, with the opposite meaning: `Disallow:` allows and `Allow:` blocks every URL no earlier rule matched",
        robots: "User-agent: *\nAllow:\n", url: "http://example.com/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "an empty `Disallow:` line ends the group's rules",
        robots: "User-agent: FooBot\nDisallow:\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "a `user-agent` value found anywhere in the crawler's name (`Bot` in `FooBot`, or an empty one) selects its group",
        robots: "User-agent: Bot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a `user-agent` value that begins the crawler's name (`Foo` for `FooBot`, or an empty one) selects its group",
        robots: "User-agent: Foo\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a `user-agent` value found anywhere in the crawler's name (`Bot` in `FooBot`) selects its group",
        robots: "User-agent: Bot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a `user-agent` value that begins the crawler's name (`Foo` for `FooBot`) selects its group",
        robots: "User-agent: Foo\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a field name followed only by whitespace, without a colon (`User-agent `), is read as that field: a `User-agent ` line ends the group before it",
        robots: "User-agent: FooBot\nDisallow: /\nUser-agent \nAllow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "an escaped tab, LF or CR (`%09`, `%0A`, `%0D`) breaks the match: `Disallow: /file%09.txt` does not block `/file%09.txt`",
        robots: "User-agent: *\nDisallow: /file%09.txt\n", url: "http://example.com/file%09.txt",
        answer: Answer::Allow },
    Confirmation { title: "a rule line before the first `user-agent` line makes the library ignore the group after it",
        robots: "Disallow: /archive/\nUser-agent: *\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "the URL's query is dropped before matching, so no rule holding `?` (`Disallow: /search?q=`) blocks anything",
        robots: "User-agent: *\nDisallow: /search?q=\n", url: "http://example.com/search?q=shoes",
        answer: Answer::Allow },
    Confirmation { title: "a colon-less `User-agent ` line (the field name and a space) is read as a `user-agent` line, starting a new group",
        robots: "User-agent: FooBot\nDisallow: /archive/\nUser-agent \nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a field name followed only by whitespace, without a colon (`Disallow `, `Allow `), is read as that field with an empty value: a `Disallow ` line ends the group's `user-agent` lines",
        robots: "User-agent: FooBot\nDisallow \nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `crawl-delay` line whose value is no number (`Crawl-delay: abc`) makes the whole file fail to parse",
        robots: "User-agent: *\nCrawl-delay: abc\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Error },
    Confirmation { title: "a line of one word and trailing whitespace (`Useragent `) ends the group",
        robots: "User-agent: FooBot\nUseragent \nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "whitespace before a line's colon keeps the colon in the value (`Disallow :/a` is a rule for `/:/a`, `User-agent :FooBot` names `:FooBot`), so the line never applies as meant",
        robots: "User-agent: *\nDisallow :/a\n", url: "http://example.com/:/a",
        answer: Answer::Disallow },
    Confirmation { title: "a line with whitespace before its colon (`Disallow :/a`) is ignored",
        robots: "User-agent: *\nDisallow :/private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `Crawl-delay` or `Request-rate` line between two `user-agent` lines ends the group",
        robots: "User-agent: FooBot\nCrawl-delay: 5\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `Request-rate` line between two `user-agent` lines ends the group",
        robots: "User-agent: FooBot\nRequest-rate: 1/5\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `Crawl-delay` line between two `user-agent` lines ends the group",
        robots: "User-agent: FooBot\nCrawl-delay: 5\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `Sitemap` line inside a group ends the group",
        robots: "User-agent: FooBot\nSitemap: http://example.com/sitemap.xml\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `Crawl-delay` line, or one the library takes for it (`Crawldelay: 5`), between two `user-agent` lines ends the group",
        robots: "User-agent: FooBot\nCrawldelay: 5\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "an unknown line whose name holds a known one (`sallow: /a`) ends the group",
        robots: "User-agent: FooBot\nsallow: /a\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a misspelled `allow` line (`alow: /a`) is read as an `Allow` rule",
        robots: "User-agent: *\nDisallow: /\nalow: /page.html\n", url: "http://example.com/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a comment after a rule's path is kept in the path",
        robots: "User-agent: *\nDisallow: /private/ # keep out\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a final `$` is ignored: the rule also matches longer paths",
        robots: "User-agent: *\nDisallow: /private$\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "an escaped `*` or `$` (`%2A`, `%24`) in a rule is read as the wildcard or the anchor",
        robots: "User-agent: *\nDisallow: /a%2Ab\n", url: "http://example.com/axb",
        answer: Answer::Disallow },
    Confirmation { title: "a byte order mark at the start of the file spoils the first line",
        robots: "\u{FEFF}User-agent: *\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "rules match the path ignoring letter case (`/A` blocks `/a`)",
        robots: "User-agent: *\nDisallow: /Private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a group holding an `Allow` rule disallows every URL that no rule matches",
        robots: "User-agent: *\nAllow: /public/\n", url: "http://example.com/other.html",
        answer: Answer::Disallow },
    Confirmation { title: "the rules of a group after the crawler's own apply to the crawler too",
        robots: "User-agent: FooBot\nDisallow: /archive/\n\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "the `*` group's rules apply also to a crawler that has a group of its own",
        robots: "User-agent: FooBot\nDisallow: /archive/\n\nUser-agent: *\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "an empty `Disallow:` line that is its group's only rule is skipped, so the group's crawlers join the next group",
        robots: "User-agent: FooBot\nDisallow:\n\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a group that names the crawler but holds no rules is passed over for the `*` group",
        robots: "User-agent: *\nDisallow: /private/\n\nUser-agent: FooBot\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "an unknown line (`foo: /bar`) is read as a `Disallow` rule",
        robots: "User-agent: *\nfoo: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "an unknown line (`foo: /bar`) is read as an `Allow` rule",
        robots: "User-agent: *\nDisallow: /\nfoo: /page.html\n", url: "http://example.com/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a rule holding `*` matches anywhere in the path, not only from its start",
        robots: "User-agent: *\nDisallow: /print*\n", url: "http://example.com/x/print/y",
        answer: Answer::Disallow },
    Confirmation { title: "in a rule holding `*`, a final `$` is ignored: `/*.pdf$` also matches `/a.pdf?x`",
        robots: "User-agent: *\nDisallow: /*.pdf$\n", url: "http://example.com/a.pdf?x=1",
        answer: Answer::Disallow },
    Confirmation { title: "a rule line before the first `user-agent` line makes the whole file fail to parse",
        robots: "Disallow: /archive/\nUser-agent: *\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Error },
    Confirmation { title: "a `Disallow` rule ending in `*$` (`Disallow: /*$`, which matches every path) does not block `/private/page.html`: the `*` before the `$` does not match the rest of the path",
        robots: "User-agent: *\nDisallow: /*$\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "an empty `Disallow:` line allows everything, even beside `Disallow: /private/`",
        robots: "User-agent: *\nDisallow: /private/\nDisallow:\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a rule is looked for anywhere in the URL, not only at the start of its path (`Disallow: /private/` blocks `/en/private/`)",
        robots: "User-agent: *\nDisallow: /private/\n", url: "http://example.com/en/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a rule holding `//` anywhere (`Disallow: /shop//cart`) does not block the path it names",
        robots: "User-agent: *\nDisallow: /shop//cart\n", url: "http://example.com/shop//cart",
        answer: Answer::Allow },
    Confirmation { title: "a `#` right after a rule's path, with no space before it (`Disallow: /private/#top`), is kept in the path instead of starting a comment",
        robots: "User-agent: *\nDisallow: /private/#top\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `#` right after an `Allow` rule's path, with no space before it (`Allow: /private/#top`), is kept in the path instead of starting a comment",
        robots: "User-agent: *\nAllow: /private/#top\nDisallow: /\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "in a rule ending in `$`, a `*` matches only the empty string, so `Disallow: /*.pdf$` blocks `/.pdf` but not `/a.pdf`",
        robots: "User-agent: *\nDisallow: /*.pdf$\n", url: "http://example.com/a.pdf",
        answer: Answer::Allow },
    Confirmation { title: "in a rule ending in `$`, a `*` is tried at one length only: one character where the `$` follows it (`Disallow: /*$` misses `/ab`), else up to the first occurrence of the text after it (`Disallow: /*.pdf$` misses `/a.pdf.pdf`)",
        robots: "User-agent: *\nDisallow: /*$\n", url: "http://example.com/ab",
        answer: Answer::Allow },
    Confirmation { title: "in a rule ending in `$`, a `*` is tried only up to the first occurrence of the text after it, so `Disallow: /*.pdf$` misses `/a.pdf.pdf`",
        robots: "User-agent: *\nDisallow: /*.pdf$\n", url: "http://example.com/a.pdf.pdf",
        answer: Answer::Allow },
    Confirmation { title: "a misspelled `disallow` line (`Dsallow: /private/`) is read as a `Disallow` rule",
        robots: "User-agent: *\nDsallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "the URL's `//` is read as `/` before matching, so `Disallow: /shop/cart` blocks `/shop//cart` and a rule holding `//` blocks nothing",
        robots: "User-agent: *\nDisallow: /shop/cart\n", url: "http://example.com/shop//cart",
        answer: Answer::Disallow },
    Confirmation { title: "a rule starting with `//` whose first segment holds a colon (`Disallow: //a:b`) makes the call fail: the rule is read as a URL whose port is no number",
        robots: "User-agent: *\nDisallow: //a:b\n", url: "http://example.com/private/page.html",
        answer: Answer::Error },
    Confirmation { title: "a known field name followed by `:` anywhere in a line, even in a comment (`# Disallow: /`, `Note: disallow: /private/`), is read as that field",
        robots: "User-agent: *\nNote: disallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a known field name followed by `:` anywhere in a line (`Note: disallow: /private/`) is read as that field",
        robots: "User-agent: *\nNote: disallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a URL's percent-encodings are decoded before matching, reserved ones (`%3D`, `%3F`) too, so `Disallow: /a=b` blocks `/a%3Db`",
        robots: "User-agent: *\nDisallow: /a=b\n", url: "http://example.com/a%3Db",
        answer: Answer::Disallow },
    Confirmation { title: "a file of one line (`User-agent: * Disallow: /private/`) is read as several lines, one per field name in it",
        robots: "User-agent: * Disallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a rule ending in `$` loses its `$` from its length, so `Disallow: /api/*` beats `Allow: /api/$` (equal in length: the `Allow` should win)",
        robots: "User-agent: *\nAllow: /api/$\nDisallow: /api/*\n", url: "http://example.com/api/",
        answer: Answer::Disallow },
    Confirmation { title: "a line of one word without a colon (`Disallow`) makes the call fail",
        robots: "User-agent: *\nDisallow\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Error },
    Confirmation { title: "the URL is percent-decoded before its path is taken, so an encoded `?`, `#` or `;` (`/a%3Fb`) cuts the path there and `Disallow: /a%3Fb` does not block `/a%3Fb`",
        robots: "User-agent: *\nDisallow: /a%3Fb\n", url: "http://example.com/a%3Fb",
        answer: Answer::Allow },
    Confirmation { title: "a URL that two rules of equal length match, one of them holding `*` (`Allow: /shop/*` and `Disallow: /shop/a` on `/shop/a`), makes the call fail: the library cannot order the two",
        robots: "User-agent: *\nAllow: /shop/*\nDisallow: /shop/a\n", url: "http://example.com/shop/a",
        answer: Answer::Error },
    Confirmation { title: "a percent-encoded character outside the unreserved set (`%C3%A9`) counts as one character, not its octets, in a rule's length, so `Disallow: /caf%C3%A9` loses to the shorter `Allow: /caf*`",
        robots: "User-agent: *\nDisallow: /caf%C3%A9\nAllow: /caf*\n", url: "http://example.com/caf%C3%A9",
        answer: Answer::Allow },
    Confirmation { title: "whitespace at the end of a `Disallow` line is left out of its path but counted in its length, so `Disallow: /shop` and three spaces beats `Allow: /shop/`",
        robots: "User-agent: *\nDisallow: /shop   \nAllow: /shop/\n", url: "http://example.com/shop/cart",
        answer: Answer::Disallow },
    Confirmation { title: "an `Allow` line is not obeyed: `Disallow: /private/` with `Allow: /private/page.html` disallows `/private/page.html`",
        robots: "User-agent: *\nDisallow: /private/\nAllow: /private/page.html\n", url: "http://example.com/private/page.html",
        answer: Answer::Disallow },
    Confirmation { title: "a line without a colon (`Disallow /archive/`, `Disallow`) makes the library ignore the whole file",
        robots: "User-agent: *\nDisallow: /private/\nDisallow /archive/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a rule line before the first `user-agent` line makes the library ignore the whole file",
        robots: "Disallow: /archive/\nUser-agent: *\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a line starting with a lone CR (`\\r`), such as a file's first line left empty, makes the library ignore the whole file",
        robots: "\rUser-agent: *\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a rule ending in `$` that holds an earlier `%24` (`Disallow: /price%24$`) does not match its own path (`/price%24`): the decoded `%24` is taken for the anchor",
        robots: "User-agent: *\nDisallow: /price%24$\n", url: "http://example.com/price%24",
        answer: Answer::Allow },
    Confirmation { title: "a blank line, a comment or any line but a `Sitemap` line between two `user-agent` lines drops the `user-agent` lines above it from the group",
        robots: "User-agent: FooBot\n# old bots\nUser-agent: BarBot\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
    Confirmation { title: "a `Sitemap`, `Crawl-delay` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        robots: "User-agent: FooBot\nSitemap: http://example.com/sitemap.xml\nUser-agent: BarBot\nDisallow: /private/\n", url: "http://example.com/private/page.html",
        answer: Answer::Allow },
    Confirmation { title: "a `Sitemap` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        robots: "User-agent: FooBot\nSitemap: http://example.com/sitemap.xml\nUser-agent: BarBot\nDisallow: /private/\n",
        url: "http://example.com/private/page.html", answer: Answer::Allow },
];

/// Two `user-agent` lines and one rule: one group.
const SHARED_GROUP: &str = "User-agent: FooBot\nUser-agent: BarBot\nDisallow: /private/\n";
/// The URL the shared group's rule blocks.
const PRIVATE: &str = "http://example.com/private/page.html";

/// The controls of the canonical inputs, one row each: an input on which a library with the
/// misbehaviour answers as the reference does (every profile answers `answer`), where a
/// library with another fault would answer its canonical input the same wrong way. The title
/// is given only where the library answers its control as the reference does too. A line
/// between two `user-agent` lines ends the group only where the two `user-agent` lines alone
/// make one group (a library giving a `user-agent` line followed by another none of the
/// group's rules answers every such canonical input so, whatever the line); a `*` matching one
/// character before a final `$` matches `/a` (a `$` compared as the character matches
/// nothing there).
#[rustfmt::skip]
pub const CONTROLS: &[Confirmation] = &[
    Confirmation { title: "a line of one word without a colon (`Disallow`) ends the group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a bare field name without a colon (`Disallow`) is read as that field with an empty value, so a `User-agent` line after it starts a new group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "an unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a field name followed only by whitespace, without a colon (`Disallow `, `Allow `), is read as that field with an empty value: a `Disallow ` line ends the group's `user-agent` lines",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a line of one word and trailing whitespace (`Useragent `) ends the group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a `Crawl-delay` or `Request-rate` line between two `user-agent` lines ends the group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a `Crawl-delay` line between two `user-agent` lines ends the group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a `Sitemap` line inside a group ends the group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a `Crawl-delay` line, or one the library takes for it (`Crawldelay: 5`), between two `user-agent` lines ends the group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "an unknown line whose name holds a known one (`sallow: /a`) ends the group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a blank line, a comment or any line but a `Sitemap` line between two `user-agent` lines drops the `user-agent` lines above it from the group",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a `Sitemap`, `Crawl-delay` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a `Sitemap` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        robots: SHARED_GROUP, url: PRIVATE, answer: Answer::Disallow },
    Confirmation { title: "a URL whose path starts with `//` is matched as if it started with `////`, so `Disallow: //private/` does not block `//private/page` (and `Disallow: ////private/` does)",
        robots: "User-agent: *\nDisallow: //\n", url: "http://example.com/page.html", answer: Answer::Allow },
    Confirmation { title: "in a rule ending in `$`, a `*` matches only the empty string, so `Disallow: /*.pdf$` blocks `/.pdf` but not `/a.pdf`",
        robots: "User-agent: *\nDisallow: /*.pdf$\n", url: "http://example.com/.pdf", answer: Answer::Disallow },
    Confirmation { title: "in a rule ending in `$`, a `*` is tried at one length only: one character where the `$` follows it (`Disallow: /*$` misses `/ab`), else up to the first occurrence of the text after it (`Disallow: /*.pdf$` misses `/a.pdf.pdf`)",
        robots: "User-agent: *\nDisallow: /*$\n", url: "http://example.com/a", answer: Answer::Disallow },
];

/// Misbehaviours that are the URL rewritten before the check: where a library's documented
/// call contract normalises the URL first ([`crate::engines::adapters::Manifest::url_normaliser`]),
/// the library answers for the URL a crawler fetches, and such an entry is undefined.
pub const URL_REWRITES: &[&str] = &[
    "a query parameter with an empty value (`?q=`) is dropped from the URL before matching, so `Disallow: /search?q=` does not block `/search?q=`",
    "the URL's `//` is read as `/` before matching, so `Disallow: /shop/cart` blocks `/shop//cart` and a rule holding `//` blocks nothing",
];

/// The control of the misbehaviour titled `title`, where it has one.
pub fn control(title: &str) -> Option<&'static Confirmation> {
    CONTROLS.iter().find(|c| c.title == title)
}

/// Titles naming two faults, each with its own canonical input: such a title is confirmed only
/// where the library also confirms the second's (a `user-agent` value matched inside the
/// crawler's name, "or an empty one", needs an empty `User-agent:` read as naming every
/// crawler too).
pub const CONFIRMED_WITH: &[(&str, &str)] = &[
    (
        "the names of a group with several `user-agent` lines share the first name's rules: a crawler listed after another name gets that name's rules from its other groups, and loses its own earlier groups' rules",
        "a crawler listed after another name in a group loses the rules of its own earlier group",
    ),
    (
        "a `Crawl-delay` or `Request-rate` line between two `user-agent` lines ends the group",
        "a `Request-rate` line between two `user-agent` lines ends the group",
    ),
    (
        "an empty `Allow:` or `Disallow:` line matches every URL, with the opposite meaning: `Disallow:` allows and `Allow:` blocks every URL no earlier rule matched",
        "an empty `Disallow:` line ends the group's rules",
    ),
    (
        "a URL whose path starts with `//` is matched as if it started with `////`, so `Disallow: //private/` does not block `//private/page` (and `Disallow: ////private/` does)",
        "a rule starting with `////` (`Disallow: ////private/`) blocks the path starting with `//` (`//private/page`)",
    ),
    (
        "a `Sitemap`, `Crawl-delay` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        "a `Crawl-delay` line between two `user-agent` lines ends the group",
    ),
    (
        "a `Sitemap`, `Crawl-delay` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
        "an unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules",
    ),
    (
        "a `Crawl-delay` line, or one the library takes for it (`Crawldelay: 5`), between two `user-agent` lines ends the group",
        "a `Crawl-delay` line between two `user-agent` lines ends the group",
    ),
    (
        "a known field name followed by `:` anywhere in a line, even in a comment (`# Disallow: /`, `Note: disallow: /private/`), is read as that field",
        "a commented-out rule (`#Disallow: /`) is obeyed",
    ),
    (
        "a rule holding a percent-encoding that decodes to no UTF-8 character (the Latin-1 `%E9` of `Disallow: /caf%E9`, or a character cut short: `Disallow: /caf%C3`) matches nothing, not even its own path",
        "a rule ending inside a percent-encoded character (`Disallow: /caf%C3`) matches nothing, not even its own path (`/caf%C3`)",
    ),
    (
        "in a rule ending in `$`, a `*` is tried at one length only: one character where the `$` follows it (`Disallow: /*$` misses `/ab`), else up to the first occurrence of the text after it (`Disallow: /*.pdf$` misses `/a.pdf.pdf`)",
        "in a rule ending in `$`, a `*` is tried only up to the first occurrence of the text after it, so `Disallow: /*.pdf$` misses `/a.pdf.pdf`",
    ),
    (
        "a `user-agent` value found anywhere in the crawler's name (`Bot` in `FooBot`, or an empty one) selects its group",
        "an empty `User-agent:` line is read as naming every crawler",
    ),
    (
        "a `user-agent` value that begins the crawler's name (`Foo` for `FooBot`, or an empty one) selects its group",
        "an empty `User-agent:` line is read as naming every crawler",
    ),
];

/// The canonical input of the misbehaviour titled `title`, where it has one.
pub fn confirmation(title: &str) -> Option<&'static Confirmation> {
    CONFIRMATIONS.iter().find(|c| c.title == title)
}

/// Every misbehaviour titled, by construct (a row a line or a few, unformatted so that it reads
/// as a table).
#[rustfmt::skip]
pub const MISBEHAVIOURS: [Misbehaviour; 140] = [
    Misbehaviour { construct: "unknown-field", evidence: Confirmed,
        title: "a `Sitemap`, `Crawl-delay` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules", clause: None },
    Misbehaviour { construct: "non-standard-field", evidence: Confirmed,
        title: "a `Sitemap`, `Crawl-delay` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules", clause: None },
    Misbehaviour { construct: "unknown-field", evidence: Confirmed,
        title: "a `Sitemap` or unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules", clause: None },
    Misbehaviour { construct: "unknown-field", evidence: ReadsAs(EndsGroup),
        title: "an unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules", clause: None },
    Misbehaviour { construct: "unknown-field", evidence: ReadsAs(AsDisallow),
        title: "an unknown line (`foo: /bar`) is read as a `Disallow` rule", clause: None },
    Misbehaviour { construct: "unknown-field", evidence: ReadsAs(AsAllow),
        title: "an unknown line (`foo: /bar`) is read as an `Allow` rule", clause: None },
    Misbehaviour { construct: "non-standard-field", evidence: Confirmed,
        title: "a `Crawl-delay` or `Request-rate` line between two `user-agent` lines ends the group", clause: None },
    Misbehaviour { construct: "non-standard-field", evidence: ReadsAs(EndsGroup),
        title: "a `Crawl-delay` line between two `user-agent` lines ends the group", clause: None },
    Misbehaviour { construct: "nonstandard-typo", evidence: ReadsAs(EndsGroup),
        title: "a `Crawl-delay` line, or one the library takes for it (`Crawldelay: 5`), between two `user-agent` lines ends the group", clause: None },
    Misbehaviour { construct: "field-in-name", evidence: Confirmed,
        title: "a known field name followed by `:` anywhere in a line, even in a comment (`# Disallow: /`, `Note: disallow: /private/`), is read as that field", clause: None },
    Misbehaviour { construct: "field-in-name", evidence: Confirmed,
        title: "a known field name followed by `:` anywhere in a line (`Note: disallow: /private/`) is read as that field", clause: None },
    Misbehaviour { construct: "field-in-name", evidence: ReadsAs(AsDisallow),
        title: "a line whose field name ends in a known one (`sallow: /a`, `xdisallow: /a`) is read as that field", clause: None },
    Misbehaviour { construct: "field-in-name", evidence: ReadsAs(AsAllow),
        title: "a line whose field name ends in a known one (`sallow: /a`, `xdisallow: /a`) is read as that field", clause: None },
    Misbehaviour { construct: "field-in-name", evidence: ReadsAs(EndsGroup),
        title: "an unknown line whose name holds a known one (`sallow: /a`) ends the group", clause: None },
    Misbehaviour { construct: "typo-field", evidence: ReadsAs(AsAllow),
        title: "a misspelled `allow` line (`alow: /a`) is read as an `Allow` rule", clause: None },
    Misbehaviour { construct: "typo-field", evidence: ReadsAs(AsDisallow),
        title: "a misspelled `disallow` line (`disalow: /a`) is read as a `Disallow` rule", clause: None },
    Misbehaviour { construct: "sitemap", evidence: ReadsAs(EndsGroup),
        title: "a `Sitemap` line inside a group ends the group", clause: None },
    Misbehaviour { construct: "blank-line", evidence: ReadsAs(EndsGroup),
        title: "a blank line ends the group", clause: None },
    Misbehaviour { construct: "one-token-line", evidence: ReadsAs(EndsGroup),
        title: "a line of one word without a colon (`Disallow`) ends the group", clause: None },
    Misbehaviour { construct: "one-token-line", evidence: Confirmed,
        title: "a bare field name without a colon (`Disallow`) is read as that field with an empty value, so a `User-agent` line after it starts a new group", clause: None },
    Misbehaviour { construct: "word-and-space", evidence: Confirmed,
        title: "a field name followed only by whitespace, without a colon (`User-agent `), is read as that field: a `User-agent ` line ends the group before it", clause: Some(&FIELD_WITHOUT_VALUE) },
    Misbehaviour { construct: "word-and-space", evidence: ReadsAs(EndsGroup),
        title: "a line of one word and trailing whitespace (`Useragent `) ends the group", clause: None },
    Misbehaviour { construct: "missing-colon", evidence: ReadsAs(EndsGroup),
        title: "a line without its colon (`Disallow /a`) ends the group", clause: None },
    Misbehaviour { construct: "misspelling", evidence: ReadsAs(EndsGroup),
        title: "a misspelled field line (`useragent: a`) ends the group", clause: None },
    Misbehaviour { construct: "space-before-colon", evidence: Confirmed,
        title: "whitespace before a line's colon keeps the colon in the value (`Disallow :/a` is a rule for `/:/a`, `User-agent :FooBot` names `:FooBot`), so the line never applies as meant", clause: None },
    Misbehaviour { construct: "space-before-colon", evidence: ReadsAs(Ignored),
        title: "a line with whitespace before its colon (`Disallow :/a`) is ignored", clause: None },
    Misbehaviour { construct: "empty-value", evidence: Confirmed,
        title: "an empty `Allow:` or `Disallow:` line matches every URL, with the opposite meaning: `Disallow:` allows and `Allow:` blocks every URL no earlier rule matched", clause: None },
    Misbehaviour { construct: "empty-value", evidence: ReadsAs(EndsGroup),
        title: "an empty `Disallow:` line ends the group's rules", clause: None },
    Misbehaviour { construct: "commented-rule", evidence: Confirmed,
        title: "a known field name followed by `:` anywhere in a line, even in a comment (`# Disallow: /`, `Note: disallow: /private/`), is read as that field", clause: None },
    Misbehaviour { construct: "commented-rule", evidence: ReadsAs(Uncommented),
        title: "a commented-out rule (`#Disallow: /`) is obeyed", clause: None },
    Misbehaviour { construct: "inline-comment", evidence: ReadsAs(CommentKept),
        title: "a comment after a rule's path is kept in the path", clause: None },
    Misbehaviour { construct: "wildcard", evidence: ReadsAs(Anywhere),
        title: "a rule holding `*` matches anywhere in the path, not only from its start",
        clause: Some(&MATCH_FROM_START) },
    Misbehaviour { construct: "wildcard", evidence: ReadsAs(MatchedLength),
        title: "a rule holding `*` counts as long as the path it matches, so `Allow: /*` outranks a longer `Disallow: /private/`",
        clause: Some(&WILDCARD_LENGTH) },
    Misbehaviour { construct: "wildcard", evidence: ReadsAs(StarLiteral),
        title: "a `*` in a rule is compared as the character `*`, not as a wildcard", clause: None },
    Misbehaviour { construct: "end-anchor", evidence: ReadsAs(AnchorIgnored),
        title: "a final `$` is ignored: the rule also matches longer paths", clause: None },
    Misbehaviour { construct: "end-anchor", evidence: ReadsAs(AnchorLiteral),
        title: "a final `$` is compared as the character `$`, not as the end of the path", clause: None },
    Misbehaviour { construct: "escape-split", evidence: Confirmed,
        title: "a URL's percent-encodings are decoded before matching, reserved ones (`%3D`, `%3F`) too, so `Disallow: /a=b` blocks `/a%3Db`", clause: None },
    Misbehaviour { construct: "non-ascii", evidence: ReadsAs(NonAsciiUnmatched),
        title: "a rule holding non-ASCII characters (`Disallow: /café/`) does not match the URL's percent-encoded path (`/caf%C3%A9/`)", clause: None },
    Misbehaviour { construct: "escaped-special", evidence: ReadsAs(EscapesDecoded),
        title: "an escaped `*` or `$` (`%2A`, `%24`) in a rule is read as the wildcard or the anchor", clause: None },
    Misbehaviour { construct: "reserved-escape", evidence: ReadsAs(EscapesDecoded),
        title: "a percent-encoded reserved character (`%2F`, `%3F`) is decoded before comparing", clause: None },
    Misbehaviour { construct: "rule-order", evidence: ReadsAs(FirstMatch),
        title: "the first matching rule decides, not the most specific (longest) one", clause: None },
    Misbehaviour { construct: "bom", evidence: ReadsAs(BomKept),
        title: "a byte order mark at the start of the file spoils the first line", clause: None },
    Misbehaviour { construct: "rule-outside-group", evidence: Answers(Answer::Disallow),
        title: "rules before the first `user-agent` line are obeyed by every crawler without a group of its own, as a `*` group would be", clause: None },
    Misbehaviour { construct: "path-case", evidence: Answers(Answer::Disallow),
        title: "rules match the path ignoring letter case (`/A` blocks `/a`)", clause: None },
    Misbehaviour { construct: "tie", evidence: Answers(Answer::Disallow),
        title: "a `Disallow` beats an `Allow` of equal length (the `Allow` should win)", clause: None },
    Misbehaviour { construct: "crlf", evidence: ReadsAs(CrKept),
        title: "a CRLF line end leaves its CR in the line's value, so a rule or `user-agent` line ending in CRLF matches nothing",
        clause: None },
    Misbehaviour { construct: "empty-agent", evidence: Confirmed,
        title: "a `user-agent` value found anywhere in the crawler's name (`Bot` in `FooBot`, or an empty one) selects its group", clause: None },
    Misbehaviour { construct: "empty-agent", evidence: Confirmed,
        title: "a `user-agent` value that begins the crawler's name (`Foo` for `FooBot`, or an empty one) selects its group", clause: None },
    Misbehaviour { construct: "empty-agent", evidence: ReadsAs(EmptyAgentNamesCrawler),
        title: "an empty `User-agent:` line is read as naming every crawler", clause: None },
    Misbehaviour { construct: "unmatched-allow", evidence: Answers(Answer::Disallow),
        title: "a group holding an `Allow` rule disallows every URL that no rule matches", clause: None },
    Misbehaviour { construct: "later-group", evidence: Answers(Answer::Disallow),
        title: "the rules of a group after the crawler's own apply to the crawler too", clause: None },
    Misbehaviour { construct: "star-group", evidence: Answers(Answer::Disallow),
        title: "the `*` group's rules apply also to a crawler that has a group of its own", clause: None },
    Misbehaviour { construct: "empty-only-rule", evidence: ReadsAs(Ignored),
        title: "an empty `Disallow:` line that is its group's only rule is skipped, so the group's crawlers join the next group", clause: None },
    Misbehaviour { construct: "empty-group", evidence: Answers(Answer::Disallow),
        title: "a group that names the crawler but holds no rules is passed over for the `*` group", clause: None },
    Misbehaviour { construct: "invalid-agent", evidence: ReadsAs(Ignored),
        title: "a `user-agent` value with more after the crawler's name (`Baiduspider+`) is read as naming no crawler", clause: None },
    Misbehaviour { construct: "inner-dollar", evidence: ReadsAs(Ignored),
        title: "a rule with a `$` before its end (`/a$b`) is ignored", clause: None },
    Misbehaviour { construct: "anchored-wildcard", evidence: Confirmed,
        title: "in a rule ending in `$`, a `*` matches only the empty string, so `Disallow: /*.pdf$` blocks `/.pdf` but not `/a.pdf`", clause: None },
    Misbehaviour { construct: "anchored-wildcard", evidence: Confirmed,
        title: "in a rule ending in `$`, a `*` is tried at one length only: one character where the `$` follows it (`Disallow: /*$` misses `/ab`), else up to the first occurrence of the text after it (`Disallow: /*.pdf$` misses `/a.pdf.pdf`)", clause: None },
    Misbehaviour { construct: "anchored-wildcard", evidence: ReadsAs(AnchorIgnored),
        title: "in a rule holding `*`, a final `$` is ignored: `/*.pdf$` also matches `/a.pdf?x`", clause: None },
    Misbehaviour { construct: "anchored-wildcard", evidence: ReadsAs(AnchorLiteral),
        title: "in a rule holding `*`, a final `$` is compared as the character `$`", clause: None },
    Misbehaviour { construct: "agent-part", evidence: Confirmed,
        title: "a `user-agent` value found anywhere in the crawler's name (`Bot` in `FooBot`, or an empty one) selects its group", clause: None },
    Misbehaviour { construct: "agent-part", evidence: Confirmed,
        title: "a `user-agent` value that begins the crawler's name (`Foo` for `FooBot`, or an empty one) selects its group", clause: None },
    Misbehaviour { construct: "agent-part", evidence: Confirmed,
        title: "a `user-agent` value found anywhere in the crawler's name (`Bot` in `FooBot`) selects its group", clause: None },
    Misbehaviour { construct: "agent-part", evidence: Confirmed,
        title: "a `user-agent` value that begins the crawler's name (`Foo` for `FooBot`) selects its group", clause: Some(&AGENT_PREFIX) },
    Misbehaviour { construct: "cr-line-end", evidence: Confirmed,
        title: "a lone CR (`\\r`) is not read as a line end, so `User-agent: *` CR `Disallow: /private/` blocks nothing", clause: None },
    Misbehaviour { construct: "double-slash", evidence: Confirmed,
        title: "the URL's `//` is read as `/` before matching, so `Disallow: /shop/cart` blocks `/shop//cart` and a rule holding `//` blocks nothing", clause: None },
    Misbehaviour { construct: "double-slash", evidence: Confirmed,
        title: "a rule holding `//` anywhere (`Disallow: /shop//cart`) does not block the path it names", clause: None },
    Misbehaviour { construct: "double-slash", evidence: Confirmed,
        title: "a rule starting with `//` is read as a URL naming a host (`//host/path`), so `Disallow: //` blocks every path", clause: None },
    Misbehaviour { construct: "double-slash", evidence: Confirmed,
        title: "a URL whose path starts with `//` is matched as if it started with `////`, so `Disallow: //private/` does not block `//private/page` (and `Disallow: ////private/` does)", clause: None },
    Misbehaviour { construct: "double-slash", evidence: Confirmed,
        title: "a rule starting with `//` (`Disallow: //private/`) does not block the path it names (`//private/page`)", clause: None },
    Misbehaviour { construct: "empty-query", evidence: Confirmed,
        title: "the URL's query is dropped before matching, so no rule holding `?` (`Disallow: /search?q=`) blocks anything", clause: None },
    Misbehaviour { construct: "url-query", evidence: Confirmed,
        title: "the URL's query is dropped before matching, so no rule holding `?` (`Disallow: /search?q=`) blocks anything", clause: None },
    Misbehaviour { construct: "word-and-space", evidence: Confirmed,
        title: "a field name followed only by whitespace, without a colon (`Disallow `, `Allow `), is read as that field with an empty value: a `Disallow ` line ends the group's `user-agent` lines", clause: Some(&FIELD_WITHOUT_VALUE) },
    Misbehaviour { construct: "word-and-space", evidence: Confirmed,
        title: "a colon-less `User-agent ` line (the field name and a space) is read as a `user-agent` line, starting a new group", clause: None },
    Misbehaviour { construct: "nonstandard-typo", evidence: Confirmed,
        title: "a `crawl-delay` line whose value is no number (`Crawl-delay: abc`) makes the whole file fail to parse", clause: None },
    Misbehaviour { construct: "non-standard-field", evidence: Confirmed,
        title: "a `crawl-delay` line whose value is no number (`Crawl-delay: abc`) makes the whole file fail to parse", clause: None },
    Misbehaviour { construct: "empty-query", evidence: Confirmed,
        title: "a URL's empty query is dropped, so `Disallow: /search?` does not block `/search?`", clause: None },
    Misbehaviour { construct: "partial-char", evidence: Confirmed,
        title: "a rule holding a percent-encoding that decodes to no UTF-8 character (the Latin-1 `%E9` of `Disallow: /caf%E9`, or a character cut short: `Disallow: /caf%C3`) matches nothing, not even its own path", clause: None },
    Misbehaviour { construct: "partial-char", evidence: Confirmed,
        title: "a rule ending inside a percent-encoded character (`Disallow: /caf%C3`) matches nothing, not even its own path (`/caf%C3`)", clause: None },
    Misbehaviour { construct: "partial-char", evidence: Confirmed,
        title: "a rule ending inside a percent-encoded character (`/caf%C3`) does not match the paths that complete that character (`/caf%C3%A9`): it neither blocks nor allows them", clause: None },
    Misbehaviour { construct: "wildcard", evidence: Confirmed,
        title: "a `*` is tried only up to the first occurrence of the character after it, so `Disallow: /*.pdf` misses `/a.b.pdf`",
        clause: None },
    Misbehaviour { construct: "split-groups", evidence: Confirmed,
        title: "of several groups naming the crawler, only the first is obeyed", clause: None },
    Misbehaviour { construct: "split-groups", evidence: Confirmed,
        title: "of several groups naming the crawler, only the last is obeyed", clause: None },
    Misbehaviour { construct: "one-token-line", evidence: Confirmed,
        title: "a field name run into its path without a colon (`Disallow/private/`) is read as a rule", clause: None },
    Misbehaviour { construct: "shared-group", evidence: Confirmed,
        title: "a `user-agent` line followed by another gets none of the group's rules", clause: None },
    Misbehaviour { construct: "shared-split-group", evidence: Confirmed,
        title: "a `user-agent` line followed by another gets none of the group's rules", clause: None },
    Misbehaviour { construct: "url-control-escape", evidence: Confirmed,
        title: "an escaped tab, LF or CR (`%09`, `%0A`, `%0D`) breaks the match: `Disallow: /file%09.txt` does not block `/file%09.txt`", clause: None },
    Misbehaviour { construct: "rule-outside-group", evidence: Confirmed,
        title: "a rule line before the first `user-agent` line makes the whole file fail to parse", clause: None },
    Misbehaviour { construct: "rule-outside-group", evidence: Confirmed,
        title: "a rule line before the first `user-agent` line makes the library ignore the group after it", clause: None },
    Misbehaviour { construct: "anchored-wildcard", evidence: Confirmed,
        title: "a `Disallow` rule ending in `*$` (`Disallow: /*$`, which matches every path) does not block `/private/page.html`: the `*` before the `$` does not match the rest of the path", clause: None },
    Misbehaviour { construct: "empty-value", evidence: Confirmed,
        title: "an empty `Disallow:` line allows everything, even beside `Disallow: /private/`", clause: None },
    Misbehaviour { construct: "rule-elsewhere", evidence: Confirmed,
        title: "a rule is looked for anywhere in the URL, not only at the start of its path (`Disallow: /private/` blocks `/en/private/`)", clause: None },
    Misbehaviour { construct: "rule-elsewhere", evidence: Confirmed,
        title: "the URL's `//` is read as `/` before matching, so `Disallow: /shop/cart` blocks `/shop//cart` and a rule holding `//` blocks nothing", clause: None },
    Misbehaviour { construct: "wildcard", evidence: Confirmed,
        title: "a rule ending in `**` (`Disallow: /private/**`) matches nothing", clause: None },
    Misbehaviour { construct: "non-ascii", evidence: Confirmed,
        title: "a rule holding both a non-ASCII character and a percent-encoding (`Disallow: /café/a%20b`) does not match the URL's path (`/caf%C3%A9/a%20b`)", clause: None },
    Misbehaviour { construct: "non-ascii", evidence: Confirmed,
        title: "a non-ASCII space (U+00A0, U+2002, …) before a field name or around a value is trimmed as whitespace, so `Disallow: /private/` followed by U+2002 blocks `/private/page.html`", clause: None },
    Misbehaviour { construct: "disallow-rule", evidence: Confirmed,
        title: "a query parameter with an empty value (`?q=`) is dropped from the URL before matching, so `Disallow: /search?q=` does not block `/search?q=`", clause: None },
    Misbehaviour { construct: "tie", evidence: Confirmed,
        title: "of two matching rules of equal length the one listed first wins, so a `Disallow` listed before an `Allow` of the same length beats it", clause: None },
    Misbehaviour { construct: "unknown-field", evidence: Confirmed,
        title: "a line other than a `Disallow` or `User-agent` line with a non-ASCII character across its 6th and 7th, 9th and 10th, or 11th and 12th bytes (`Allow: /ñu/`, `foo: café`) makes the call panic: each line is cut at the length of `allow:`, `disallow:` or `user-agent:` without regard to characters", clause: None },
    Misbehaviour { construct: "missing-colon", evidence: Confirmed,
        title: "a line other than a `Disallow` or `User-agent` line with a non-ASCII character across its 6th and 7th, 9th and 10th, or 11th and 12th bytes (`Allow: /ñu/`, `foo: café`) makes the call panic: each line is cut at the length of `allow:`, `disallow:` or `user-agent:` without regard to characters", clause: None },
    Misbehaviour { construct: "non-ascii", evidence: Confirmed,
        title: "a line other than a `Disallow` or `User-agent` line with a non-ASCII character across its 6th and 7th, 9th and 10th, or 11th and 12th bytes (`Allow: /ñu/`, `foo: café`) makes the call panic: each line is cut at the length of `allow:`, `disallow:` or `user-agent:` without regard to characters", clause: None },
    Misbehaviour { construct: "rule-outside-group", evidence: Confirmed,
        title: "in a file with no `user-agent` line, its rules apply to every crawler", clause: None },
    Misbehaviour { construct: "empty-value", evidence: Confirmed,
        title: "an empty `Disallow:` line is read as `Allow: /`, so beside `Disallow: /` it allows everything", clause: None },
    Misbehaviour { construct: "one-line-file", evidence: Confirmed,
        title: "a file of at most one line holding no `field: value` pair (an empty file, comments only, a one-line HTML page) makes the call throw an error", clause: None },
    Misbehaviour { construct: "double-slash", evidence: Confirmed,
        title: "a rule starting with `///` (`Disallow: ///`) is read as `/`, and so blocks every path", clause: None },
    Misbehaviour { construct: "reserved-escape", evidence: Confirmed,
        title: "a percent-encoded reserved character other than `/` is decoded before comparing: `Disallow: /a=b` blocks `/a%3Db`", clause: None },
    Misbehaviour { construct: "non-utf8-escape", evidence: Confirmed,
        title: "a rule holding a percent-encoding that decodes to no UTF-8 character (the Latin-1 `%E9` of `Disallow: /caf%E9`, or a character cut short: `Disallow: /caf%C3`) matches nothing, not even its own path", clause: None },
    Misbehaviour { construct: "split-groups", evidence: Confirmed,
        title: "of several groups naming the crawler, the first one holding a matching rule decides, not the longest matching rule of them all", clause: None },
    Misbehaviour { construct: "shared-name-group", evidence: Confirmed,
        title: "the names of a group with several `user-agent` lines share the first name's rules: a crawler listed after another name gets that name's rules from its other groups, and loses its own earlier groups' rules", clause: None },
    Misbehaviour { construct: "shared-name-group", evidence: Confirmed,
        title: "a crawler listed in a group with another name also gets the rules of that name's other groups (its later ones, and its earlier ones where that name is listed first)", clause: None },
    Misbehaviour { construct: "shared-split-group", evidence: Confirmed,
        title: "the names of a group with several `user-agent` lines share the first name's rules: a crawler listed after another name gets that name's rules from its other groups, and loses its own earlier groups' rules", clause: None },
    Misbehaviour { construct: "shared-split-group", evidence: Confirmed,
        title: "a crawler listed in a group with another name also gets the rules of that name's other groups (its later ones, and its earlier ones where that name is listed first)", clause: None },
    Misbehaviour { construct: "inline-comment", evidence: Confirmed,
        title: "a `#` right after a rule's path, with no space before it (`Disallow: /private/#top`), is kept in the path instead of starting a comment", clause: None },
    Misbehaviour { construct: "inline-comment", evidence: Confirmed,
        title: "a `#` right after an `Allow` rule's path, with no space before it (`Allow: /private/#top`), is kept in the path instead of starting a comment", clause: None },
    Misbehaviour { construct: "anchored-wildcard", evidence: Confirmed,
        title: "in a rule ending in `$`, a `*` is tried only up to the first occurrence of the text after it, so `Disallow: /*.pdf$` misses `/a.pdf.pdf`", clause: None },
    Misbehaviour { construct: "field-in-name", evidence: Confirmed,
        title: "a misspelled `disallow` line (`Dsallow: /private/`) is read as a `Disallow` rule", clause: None },
    Misbehaviour { construct: "double-slash", evidence: Confirmed,
        title: "a rule starting with `//` whose first segment holds a colon (`Disallow: //a:b`) makes the call fail: the rule is read as a URL whose port is no number", clause: None },
    Misbehaviour { construct: "combined", evidence: Confirmed,
        title: "a rule starting with `//` whose first segment holds a colon (`Disallow: //a:b`) makes the call fail: the rule is read as a URL whose port is no number", clause: None },
    Misbehaviour { construct: "bom", evidence: Confirmed,
        title: "a line other than a `Disallow` or `User-agent` line with a non-ASCII character across its 6th and 7th, 9th and 10th, or 11th and 12th bytes (`Allow: /ñu/`, `foo: café`) makes the call panic: each line is cut at the length of `allow:`, `disallow:` or `user-agent:` without regard to characters", clause: None },
    Misbehaviour { construct: "one-token-line", evidence: Confirmed,
        title: "a rule line before the first `user-agent` line makes the whole file fail to parse", clause: None },
    Misbehaviour { construct: "misspelling", evidence: Confirmed,
        title: "a rule line before the first `user-agent` line makes the whole file fail to parse", clause: None },
    Misbehaviour { construct: "cr-line-end", evidence: Confirmed,
        title: "a rule starting with `//` whose first segment holds a colon (`Disallow: //a:b`) makes the call fail: the rule is read as a URL whose port is no number", clause: None },
    Misbehaviour { construct: "one-line-file", evidence: Confirmed,
        title: "a file of one line (`User-agent: * Disallow: /private/`) is read as several lines, one per field name in it", clause: Some(&SPLIT_ONE_LINE_FILE) },
    Misbehaviour { construct: "anchor-length", evidence: Confirmed,
        title: "a rule ending in `$` loses its `$` from its length, so `Disallow: /api/*` beats `Allow: /api/$` (equal in length: the `Allow` should win)", clause: None },
    Misbehaviour { construct: "one-token-line", evidence: Confirmed,
        title: "a line of one word without a colon (`Disallow`) makes the call fail", clause: None },
    Misbehaviour { construct: "url-query-escape", evidence: Confirmed,
        title: "the URL is percent-decoded before its path is taken, so an encoded `?`, `#` or `;` (`/a%3Fb`) cuts the path there and `Disallow: /a%3Fb` does not block `/a%3Fb`", clause: None },
    Misbehaviour { construct: "equal-length-error", evidence: Confirmed,
        title: "a URL that two rules of equal length match, one of them holding `*` (`Allow: /shop/*` and `Disallow: /shop/a` on `/shop/a`), makes the call fail: the library cannot order the two", clause: None },
    Misbehaviour { construct: "escape-length", evidence: Confirmed,
        title: "a percent-encoded character outside the unreserved set (`%C3%A9`) counts as one character, not its octets, in a rule's length, so `Disallow: /caf%C3%A9` loses to the shorter `Allow: /caf*`", clause: None },
    Misbehaviour { construct: "space-length", evidence: Confirmed,
        title: "whitespace at the end of a `Disallow` line is left out of its path but counted in its length, so `Disallow: /shop` and three spaces beats `Allow: /shop/`", clause: None },
    Misbehaviour { construct: "allow-ignored", evidence: Confirmed,
        title: "an `Allow` line is not obeyed: `Disallow: /private/` with `Allow: /private/page.html` disallows `/private/page.html`", clause: None },
    Misbehaviour { construct: "one-token-line", evidence: ConfirmedWholeFile,
        title: "a line without a colon (`Disallow /archive/`, `Disallow`) makes the library ignore the whole file", clause: None },
    Misbehaviour { construct: "missing-colon", evidence: ConfirmedWholeFile,
        title: "a line without a colon (`Disallow /archive/`, `Disallow`) makes the library ignore the whole file", clause: None },
    Misbehaviour { construct: "word-and-space", evidence: ConfirmedWholeFile,
        title: "a line without a colon (`Disallow /archive/`, `Disallow`) makes the library ignore the whole file", clause: None },
    Misbehaviour { construct: "rule-outside-group", evidence: ConfirmedWholeFile,
        title: "a rule line before the first `user-agent` line makes the library ignore the whole file", clause: None },
    Misbehaviour { construct: "cr-line-end", evidence: ConfirmedWholeFile,
        title: "a line starting with a lone CR (`\\r`), such as a file's first line left empty, makes the library ignore the whole file", clause: None },
    Misbehaviour { construct: "inner-dollar", evidence: Confirmed,
        title: "a rule ending in `$` that holds an earlier `%24` (`Disallow: /price%24$`) does not match its own path (`/price%24`): the decoded `%24` is taken for the anchor", clause: None },
    Misbehaviour { construct: "blank-line", evidence: Confirmed,
        title: "a blank line, a comment or any line but a `Sitemap` line between two `user-agent` lines drops the `user-agent` lines above it from the group", clause: None },
    // The second canonical input of the `////` title above (`CONFIRMED_WITH`), listed last
    // so that no title of the construct loses to it (a `///` rule read as `/` says more).
    Misbehaviour { construct: "double-slash", evidence: Confirmed,
        title: "a rule starting with `////` (`Disallow: ////private/`) blocks the path starting with `//` (`//private/page`)", clause: None },
    Misbehaviour { construct: "shared-name-group", evidence: Confirmed,
        title: "a crawler listed after another name in a group loses the rules of its own earlier group", clause: None },
    Misbehaviour { construct: "non-standard-field", evidence: Confirmed,
        title: "a `Request-rate` line between two `user-agent` lines ends the group", clause: None },
];

/// The misbehaviours titled for `construct`, in the table's order.
pub fn misbehaviours(construct: &str) -> impl Iterator<Item = &'static Misbehaviour> {
    MISBEHAVIOURS
        .iter()
        .filter(move |m| m.construct == construct)
}

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
        for probe in &crate::fuzz::ablation::RULE_PROBES {
            for name in std::iter::once(&probe.construct).chain(probe.explains) {
                assert!(
                    get(name).is_some(),
                    "a rule probe names {name}, no construct"
                );
            }
        }
    }

    /// The reference's answer on `c`'s input, asked as the crawler `FooBot`.
    fn reference(c: &Confirmation, profile: reptest_reference::Profile) -> Answer {
        use reptest_reference::{ParseOptions, Robots};
        let robots = Robots::parse(c.robots.as_bytes(), ParseOptions::new(profile));
        let allowed = robots
            .select(&["FooBot"])
            .check_url(c.url)
            .expect("a URL")
            .allowed;
        if allowed {
            Answer::Allow
        } else {
            Answer::Disallow
        }
    }

    /// Each canonical input tells the misbehaviour apart: the reference answers it the other
    /// way under every profile, and the title is one of the table's.
    #[test]
    fn every_confirmation_is_answered_the_other_way_by_the_reference() {
        use reptest_reference::Profile;
        for c in CONFIRMATIONS {
            assert!(
                MISBEHAVIOURS.iter().any(|m| m.title == c.title),
                "no misbehaviour titled {}",
                c.title
            );
            for profile in Profile::ALL {
                assert_ne!(
                    reference(c, profile),
                    c.answer,
                    "{} under {profile}",
                    c.title
                );
            }
        }
        // One canonical input per title: the answers are kept by title, so a second would
        // overwrite the first's.
        let mut titles: Vec<&str> = CONFIRMATIONS.iter().map(|c| c.title).collect();
        titles.sort_unstable();
        for pair in titles.windows(2) {
            assert_ne!(pair[0], pair[1], "two canonical inputs");
        }
        // A control is answered as its row says under every profile, for a title with a
        // canonical input.
        for c in CONTROLS {
            assert!(
                confirmation(c.title).is_some(),
                "no canonical input: {}",
                c.title
            );
            for profile in Profile::ALL {
                assert_eq!(
                    reference(c, profile),
                    c.answer,
                    "{} under {profile}",
                    c.title
                );
            }
        }
        // A title naming two faults has a canonical input for each.
        for (title, with) in CONFIRMED_WITH {
            assert!(confirmation(title).is_some(), "no canonical input: {title}");
            assert!(confirmation(with).is_some(), "no canonical input: {with}");
        }
        // A misbehaviour whose only evidence is its canonical input has one, once.
        for m in MISBEHAVIOURS.iter().filter(|m| {
            matches!(
                m.evidence,
                Evidence::Confirmed | Evidence::ConfirmedWholeFile
            )
        }) {
            let asked = CONFIRMATIONS.iter().filter(|c| c.title == m.title).count();
            assert_eq!(asked, 1, "{}: {asked} canonical inputs", m.title);
        }
    }
}
