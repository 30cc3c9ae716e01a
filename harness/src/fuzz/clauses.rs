//! The clauses root causes rest on, each shared by the constructs whose rows name it in
//! [`crate::fuzz::constructs::CONSTRUCTS`].

/// A clause a root cause rests on: its source, the sentence, its force. Each sentence is
/// verbatim from a text its source names (` … ` elides), which `tests/citations.rs` checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clause {
    /// Where: `RFC 9309 §2.2.2`, `Google 2019 (file format)`.
    pub source: &'static str,
    /// The sentence.
    pub text: &'static str,
    /// `must`, `should`, `may`, `profile-split`, `undefined`.
    pub force: &'static str,
}

/// The clause of `bom`, `partial-bom`.
pub(crate) const BOM: Clause = Clause {
    source: "Google 2019 (file format)",
    text: "An optional Unicode BOM … (byte order mark) at the beginning of the robots.txt \
         file is ignored.",
    force: "must",
};

/// Clauses of Google's text on a point RFC 9309 does not address or does not decide: a library
/// whose documentation does not claim Google's reading departs from no text it claims there,
/// so answering otherwise is a reading, not a defect (`standing::judge`).
///
/// - `BOM`: RFC 9309 says nothing of a byte order mark.
/// - `WILDCARD_LENGTH`: RFC 9309 §2.2.2 “The most specific match is the match that has
///   the most octets” does not say whether those are the rule's octets or the matched path's;
///   Google's text says the rule's: Google 2019 “the most specific rule based on the length of
///   the … entry” (the `path` entry).
pub const RFC_SILENT: &[&Clause] = &[&BOM, &WILDCARD_LENGTH];

/// Every clause by its constant's name: what the data files (`harness/data/misbehaviours.toml`)
/// name a clause by.
const NAMED: &[(&str, &Clause)] = &[
    ("BOM", &BOM),
    ("CR_LINE_END", &CR_LINE_END),
    ("INLINE_COMMENT", &INLINE_COMMENT),
    ("RULE_OUTSIDE_GROUP", &RULE_OUTSIDE_GROUP),
    ("SITEMAP", &SITEMAP),
    ("TYPO_FIELD", &TYPO_FIELD),
    ("NON_STANDARD_FIELD", &NON_STANDARD_FIELD),
    ("MISSPELLING", &MISSPELLING),
    ("LONG_LINE", &LONG_LINE),
    ("ONE_LINE_FILE", &ONE_LINE_FILE),
    ("ADSBOT_AGENT", &ADSBOT_AGENT),
    ("SIZE_LIMIT", &SIZE_LIMIT),
    ("WILDCARD", &WILDCARD),
    ("INNER_DOLLAR", &INNER_DOLLAR),
    ("PERCENT", &PERCENT),
    ("SPACE_BEFORE_COLON", &SPACE_BEFORE_COLON),
    ("ONE_TOKEN_LINE", &ONE_TOKEN_LINE),
    ("FIELD_WITHOUT_VALUE", &FIELD_WITHOUT_VALUE),
    ("ESCAPED_SPECIAL", &ESCAPED_SPECIAL),
    ("PATH_CASE", &PATH_CASE),
    ("AGENT_HYPHEN", &AGENT_HYPHEN),
    ("LAST_LINE_END", &LAST_LINE_END),
    ("SPLIT_GROUPS", &SPLIT_GROUPS),
    ("TRAILING_SPACE", &TRAILING_SPACE),
    ("ESCAPE_SPLIT", &ESCAPE_SPLIT),
    ("RULE_IN_HOST", &RULE_IN_HOST),
    ("ALLOW_IGNORED", &ALLOW_IGNORED),
    ("ESCAPE_LENGTH", &ESCAPE_LENGTH),
    ("ANCHOR_LENGTH", &ANCHOR_LENGTH),
    ("EQUAL_MATCH", &EQUAL_MATCH),
    ("RULE_ORDER", &RULE_ORDER),
    ("DOUBLE_SLASH", &DOUBLE_SLASH),
    ("HEX_CASE", &HEX_CASE),
    ("BARE_PERCENT", &BARE_PERCENT),
    ("INNER_BOM", &INNER_BOM),
    ("EMPTY_GROUP", &EMPTY_GROUP),
    ("NON_ASCII", &NON_ASCII),
    ("NO_GROUP", &NO_GROUP),
    ("NO_LEADING_SLASH", &NO_LEADING_SLASH),
    ("EMPTY_VALUE", &EMPTY_VALUE),
    ("BLANK_LINE", &BLANK_LINE),
    ("GROUP_END", &GROUP_END),
    ("MATCH_FROM_START", &MATCH_FROM_START),
    ("WILDCARD_LENGTH", &WILDCARD_LENGTH),
    ("SKIPPED_EMPTY_AGENT", &SKIPPED_EMPTY_AGENT),
    ("AGENT_PREFIX", &AGENT_PREFIX),
    ("SPLIT_ONE_LINE_FILE", &SPLIT_ONE_LINE_FILE),
    ("EMPTY_AGENT", &EMPTY_AGENT),
    ("INNER_SPACE", &INNER_SPACE),
    ("RULE_RESERVED_ESCAPE", &RULE_RESERVED_ESCAPE),
    ("RESERVED_ESCAPE", &RESERVED_ESCAPE),
    ("TIE", &TIE),
    ("COMBINED", &COMBINED),
    ("ALLOW_RULE", &ALLOW_RULE),
];

/// The clause whose constant is named `name`.
pub fn named(name: &str) -> Option<&'static Clause> {
    NAMED.iter().find(|(n, _)| *n == name).map(|(_, c)| *c)
}

/// The clause of `cr-line-end`, `crlf`.
pub(crate) const CR_LINE_END: Clause = Clause {
    source: "Google 2019 (file format); RFC 9309 §2.2 (EOL = %x0D / %x0A / %x0D.0A)",
    text: "The file consists of lines separated by CR, CR/LF, or LF.",
    force: "must",
};

/// The clause of `inline-comment`, `commented-rule`.
pub(crate) const INLINE_COMMENT: Clause = Clause {
    source: "RFC 9309 §2.2.3",
    text: "Crawlers MUST support the following special characters: `#` designates a line \
         comment (`allow: / # comment in line`); …",
    force: "must",
};

/// The clause of `rule-outside-group`.
pub(crate) const RULE_OUTSIDE_GROUP: Clause = Clause {
    source: "RFC 9309 §2.2.2",
    text: "The crawler SHOULD ignore \"disallow\" and \"allow\" rules that are not in any \
         group (for example, any rule that precedes the first user-agent line).",
    force: "should",
};

/// The clause of `sitemap`.
pub(crate) const SITEMAP: Clause = Clause {
    source: "RFC 9309 §2.2.4",
    text: "Parsing of other records MUST NOT interfere with the parsing of explicitly defined \
         records in Section 2. For example, a \"Sitemaps\" record MUST NOT terminate a \
         group.",
    force: "must",
};

/// The clause of `typo-field`.
// A typo Google's parser does not accept either: the text's sentence stands.
// The texts part on a misspelled field: Google 2019 does not support it; Google legacy
// “처리는 정의되어 있지 않으며 일부 user-agent에서는 올바른 명령어로 해석될 수 있습니다” (its
// handling is undefined, and some crawlers may read it as the valid field); Google's parser
// reads a few misspellings; RFC 9309 says nothing of misspelled `allow`/`disallow` lines. A
// library reading one as the field it is close to takes the legacy text's leave: undefined.
pub(crate) const TYPO_FIELD: Clause = Clause {
    source: "Google 2019 (file format); Google legacy (file format: its handling is undefined, \
             and a crawler may read it as the valid field)",
    text: "Handling of `<field>` elements with simple errors or typos (for example, \
         \"useragent\" instead of \"user-agent\") is not supported.",
    force: "undefined",
};

/// The clause of `non-standard-field`, `unknown-field`, `field-in-name`, `nonstandard-typo`.
// A spelling the library accepts as a non-standard field: RFC 9309 lets it be lenient
// there (§2.2.4 “Crawlers MAY be lenient when interpreting other records.”), so what
// the line then does to the records of Section 2 is what is judged.
pub(crate) const NON_STANDARD_FIELD: Clause = Clause {
    source: "RFC 9309 §2.2.4",
    text: "Parsing of other records MUST NOT interfere with the parsing of explicitly defined \
         records in Section 2.",
    force: "must",
};

/// The clause of `misspelling`, `missing-colon`, `wide-gap`.
// RFC 9309's leniency (§2.2.4 “Crawlers MAY be lenient when interpreting other
// records.”) is for records other than its own; its formal syntax names `user-agent`,
// `allow` and `disallow` exactly, each with its colon, and so does Google's text. Google's
// parser accepts common misspellings and a missing colon all the same, and the `google`
// profile follows the parser where the two conflict: a profile split, or the
// reference's reading where the profiles agree.
pub(crate) const MISSPELLING: Clause = Clause {
    source: "Google 2019 (file format), which Google's parser departs from (it accepts common \
         misspellings and a missing colon; the `google` profile follows the parser); RFC 9309 \
         §2.2 (the formal syntax names each field exactly, with its colon)",
    text: "Each valid line consists of a field, a colon, and a value. … Handling of \
         `<field>` elements with simple errors or typos (for example, \"useragent\" instead \
         of \"user-agent\") is not supported.",
    force: "interpretation",
};

/// The clause of `long-line`.
pub(crate) const LONG_LINE: Clause = Clause {
    source: "RFC 9309 §2.3.1.5; Google's parser cuts a line at its 16,664-byte buffer, which \
         no text says (the `google` profile follows the parser)",
    text: "Crawlers MUST try to parse each line of the robots.txt file. Crawlers MUST use the \
         parseable rules.",
    force: "interpretation",
};

/// The clause of `one-line-file`.
pub(crate) const ONE_LINE_FILE: Clause = Clause {
    source: "RFC 9309 §2.3.1.5",
    text: "Crawlers MUST try to parse each line of the robots.txt file. Crawlers MUST use the \
         parseable rules.",
    force: "must",
};

/// The clause of `adsbot-agent`.
// Google's 2019 text excepts the AdsBot crawlers from `*`; its parser, which leaves
// crawler policy to its caller, does not, and the `google` profile follows the parser.
// A library that follows the text follows one of Google's two sources: the
// reference's choice between them decides, not the RFC's key word alone.
pub(crate) const ADSBOT_AGENT: Clause = Clause {
    source: "RFC 9309 §2.2.1; Google 2019 “this does not match the various AdsBot crawlers” \
         (of `*`), which Google's parser, and so the `google` profile, does not: a library \
         following Google's text answers otherwise",
    text: "If no matching group exists, crawlers MUST obey the group with a user-agent line \
         with the \"*\" value, if present.",
    force: "interpretation",
};

/// The clause of `size-limit`.
pub(crate) const SIZE_LIMIT: Clause = Clause {
    source: "RFC 9309 §2.5",
    text: "The parsing limit MUST be at least 500 kibibytes [KiB].",
    force: "must",
};

/// The clause of `wildcard`, `end-anchor`, `anchored-wildcard`.
pub(crate) const WILDCARD: Clause = Clause {
    source: "RFC 9309 §2.2.3; Google 2019 (URL matching based on path values)",
    text: "Crawlers MUST support the following special characters: … `$` designates the end \
         of the match pattern (`allow: /this/path/exactly$`); `*` designates 0 or more \
         instances of any character (`allow: /this/*/exactly`).",
    force: "must",
};

/// The clause of `inner-dollar`: the sentence gives `$` a meaning at the end of a pattern and
/// says nothing of one before it, so what such a `$` does is the reference's interpretation
/// (the spec case `dollar-inside-a-pattern-is-literal` reads it as the octet `$`).
pub(crate) const INNER_DOLLAR: Clause = Clause {
    force: "interpretation",
    ..WILDCARD
};

/// The clause of `percent`, `url-percent`, `unreserved-escape`.
pub(crate) const PERCENT: Clause = Clause {
    source: "RFC 9309 §2.2.2",
    text: "If a percent-encoded ASCII octet is encountered in the URI, it MUST be unencoded \
         prior to comparison, unless it is a reserved character in the URI as defined by \
         [RFC3986] or the character is outside the unreserved character range.",
    force: "must",
};

/// The clause of `space-before-colon`.
// Google's prose (Google 2019 “Spaces are optional”) does not say where; its formal syntax, which RFC
// 9309 §2.2 shares, puts optional whitespace before the colon of every line it defines.
pub(crate) const SPACE_BEFORE_COLON: Clause = Clause {
    source: "Google 2019 (formal syntax / definition, which RFC 9309 §2.2 shares)",
    text: "startgroupline = *WS \"user-agent\" *WS \":\" *WS product-token EOL … rule = *WS \
         (\"allow\" / \"disallow\") *WS \":\" *WS (path-pattern / empty-pattern) EOL",
    force: "must",
};

/// The clause of `one-token-line`, `word-and-space`.
pub(crate) const ONE_TOKEN_LINE: Clause = Clause {
    source: "Google 2019 (file format)",
    text: "Only valid lines are considered; all other content is ignored.",
    force: "must",
};

/// The clause a field name followed only by whitespace (`Disallow `) is judged by, where a
/// library reads it as that field with an empty value. Google's parser reads a line without
/// its colon as `field value` where whitespace parts the two (`Disallow /a`), which the
/// `google` profile follows (`MissingColon::TwoWords`) and Google's text does not mention;
/// a field name and whitespace is that form with its value left out. Whether the leniency
/// reaches it is a point no text decides, so a library reading it so follows one reading.
pub(crate) const FIELD_WITHOUT_VALUE: Clause = Clause {
    source: "Google 2019 (file format); silent on a line without its colon, which Google's \
         parser reads as `field value` where whitespace parts the two, and on a field name \
         followed only by whitespace",
    text: "Only valid lines are considered; all other content is ignored.",
    force: "interpretation",
};

/// The clause of `escaped-special`.
pub(crate) const ESCAPED_SPECIAL: Clause = Clause {
    source: "RFC 9309 §2.2.3 (and its figure: a literal `*` or `$` is written `%2A`, `%24`)",
    text: "If crawlers match special characters verbatim in the URI, crawlers SHOULD use \"%\" \
         encoding.",
    force: "should",
};

/// The clause of `path-case`.
pub(crate) const PATH_CASE: Clause = Clause {
    source: "RFC 9309 §2.2.2",
    text: "To evaluate if access to a URI is allowed, a crawler MUST match the paths in \
         \"allow\" and \"disallow\" rules against the URI. The matching SHOULD be case \
         sensitive.",
    force: "should",
};

/// The clause of `agent-hyphen`.
pub(crate) const AGENT_HYPHEN: Clause = Clause {
    source: "RFC 9309 §2.2.1",
    text: "The product token MUST contain only uppercase and lowercase letters (\"a-z\" and \
         \"A-Z\"), underscores (\"_\"), and hyphens (\"-\"). … Crawlers MUST use \
         case-insensitive matching to find the group that matches the product token and \
         then obey the rules of the group.",
    force: "must",
};

/// The clause of `last-line-end`.
pub(crate) const LAST_LINE_END: Clause = Clause {
    source: "RFC 9309 §2.3.1.5",
    text: "Crawlers MUST try to parse each line of the robots.txt file. Crawlers MUST use the \
         parseable rules.",
    force: "must",
};

/// The clause of `split-groups`, `shared-split-group`.
pub(crate) const SPLIT_GROUPS: Clause = Clause {
    source: "RFC 9309 §2.2.1",
    text: "If there is more than one group matching the user-agent, the matching groups' \
         rules MUST be combined into one group and parsed according to Section 2.2.2.",
    force: "must",
};

/// The clause of `trailing-space`, `space-length`.
pub(crate) const TRAILING_SPACE: Clause = Clause {
    source: "Google 2019 (File format)",
    text: "Whitespace at the beginning and at the end of the line is ignored.",
    force: "must",
};

/// The clause of `escape-split`.
pub(crate) const ESCAPE_SPLIT: Clause = Clause {
    source: "RFC 9309 §2.2.2",
    text: "If a percent-encoded ASCII octet is encountered in the URI, it MUST be unencoded \
         prior to comparison, unless it is a reserved character in the URI as defined by \
         [RFC3986] or the character is outside the unreserved character range. The match \
         evaluates positively if and only if the end of the path from the rule is reached \
         before a difference in octets is encountered.",
    force: "must",
};

/// The clause of `rule-in-host`, `rule-elsewhere`.
pub(crate) const RULE_IN_HOST: Clause = Clause {
    source: "RFC 9309 §2.2.2",
    text: "To evaluate if access to a URI is allowed, a crawler MUST match the paths in \
         \"allow\" and \"disallow\" rules against the URI. The matching SHOULD be case \
         sensitive. The matching MUST start with the first octet of the path.",
    force: "must",
};

/// The clause of `allow-ignored`.
pub(crate) const ALLOW_IGNORED: Clause = Clause {
    source: "RFC 9309 §2.2.2",
    text: "To evaluate if access to a URI is allowed, a crawler MUST match the paths in \
         \"allow\" and \"disallow\" rules against the URI.",
    force: "must",
};

/// The clause of `escape-length`.
// Google 2019 says the same of the path entry's length; the RFC's octets are the
// rule's, `$` included (the `rfc9309` profile's reading, as for `*`).
pub(crate) const ESCAPE_LENGTH: Clause = Clause {
    source: "RFC 9309 §2.2.2 (a character outside the unreserved range stays encoded, and is \
         compared as its three octets)",
    text: "The most specific match found MUST be used. The most specific match is the match \
         that has the most octets.",
    force: "must",
};

/// The clause of `anchor-length`.
pub(crate) const ANCHOR_LENGTH: Clause = Clause {
    source: "Google 2019 (order of precedence for group-member lines); RFC 9309 §2.2.2",
    text: "At a group-member level, in particular for `allow` and `disallow` directives, the \
         most specific rule based on the length of the [`path`] entry trumps the less \
         specific (shorter) rule.",
    force: "must",
};

/// The clause of `equal-match`, `equal-length-error`.
pub(crate) const EQUAL_MATCH: Clause = Clause {
    source: "RFC 9309 §2.2.2",
    text: "The most specific match found MUST be used. The most specific match is the match \
         that has the most octets.",
    force: "must",
};

/// The clause of `rule-order`.
pub(crate) const RULE_ORDER: Clause = Clause {
    source: "RFC 9309 §2.2.2; Google 2019 (order of precedence for group-member lines)",
    text: "The most specific match found MUST be used. The most specific match is the match \
         that has the most octets.",
    force: "must",
};

/// The clause of `double-slash`, `empty-query`, `url-control-escape`, `partial-char`, `non-utf8-escape`.
pub(crate) const DOUBLE_SLASH: Clause = Clause {
    source: "RFC 9309 §2.2.2",
    text: "To evaluate if access to a URI is allowed, a crawler MUST match the paths in \
         \"allow\" and \"disallow\" rules against the URI. … The match evaluates \
         positively if and only if the end of the path from the rule is reached before a \
         difference in octets is encountered.",
    force: "must",
};

/// The clause of `hex-case`.
pub(crate) const HEX_CASE: Clause = Clause {
    source: "RFC 9309 §2.2.2; silent on the case of hex digits, which the `rfc9309` profile \
         compares as RFC 3986 does (case-insensitively)",
    text: "Octets in the URI and robots.txt paths outside the range of the ASCII coded \
         character set, and those in the reserved range defined by [RFC3986], MUST be \
         percent-encoded as defined by [RFC3986] prior to comparison.",
    force: "interpretation",
};

/// The clause of `bare-percent`.
pub(crate) const BARE_PERCENT: Clause = Clause {
    source: "RFC 9309 §2.2.2; silent on a `%` that starts no escape, which the reference \
         compares as `%25`",
    text: "Octets in the URI and robots.txt paths outside the range of the ASCII coded \
         character set, and those in the reserved range defined by [RFC3986], MUST be \
         percent-encoded as defined by [RFC3986] prior to comparison.",
    force: "interpretation",
};

/// The clause of `inner-bom`.
pub(crate) const INNER_BOM: Clause = Clause {
    source: "Google 2019 (file format); silent on a BOM anywhere else, which the reference \
         reads as part of the line",
    text: "An optional Unicode BOM … (byte order mark) at the beginning of the robots.txt \
         file is ignored.",
    force: "interpretation",
};

/// The clause of `empty-group`, `unmatched-allow`.
pub(crate) const EMPTY_GROUP: Clause = Clause {
    source: "RFC 9309 §2.2.2",
    text: "If no match is found amongst the rules in a group for a matching user-agent or \
         there are no rules in the group, the URI is allowed.",
    force: "must",
};

/// The clause of `non-ascii`, `url-non-ascii`.
pub(crate) const NON_ASCII: Clause = Clause {
    source: "RFC 9309 §2.2.2",
    text: "Octets in the URI and robots.txt paths outside the range of the ASCII coded \
         character set, and those in the reserved range defined by [RFC3986], MUST be \
         percent-encoded as defined by [RFC3986] prior to comparison.",
    force: "must",
};

/// The clause of `no-group`, `no-group-applies`, `invalid-agent`, `agent-version`, `agent-space`, `agent-part`, `star-group`.
pub(crate) const NO_GROUP: Clause = Clause {
    source: "RFC 9309 §2.2.1",
    text: "Crawlers MUST use case-insensitive matching to find the group that matches the \
         product token and then obey the rules of the group. … If no matching group \
         exists, crawlers MUST obey the group with a user-agent line with the \"*\" value, if \
         present.",
    force: "must",
};

/// The clause of `no-leading-slash`.
pub(crate) const NO_LEADING_SLASH: Clause = Clause {
    source: "Google 2019 (URL matching based on path values); RFC 9309 §2.2 (path-pattern)",
    // Neither text says what a crawler does with a path that does not: undefined.
    text: "The path value must start with \"/\" to designate the root.",
    force: "undefined",
};

/// The clause of `empty-value`.
pub(crate) const EMPTY_VALUE: Clause = Clause {
    source: "Google 2019 (disallow, allow)",
    text: "When no path is specified, the directive is ignored.",
    force: "must",
};

/// The clause of `blank-line`, `shared-group`, `shared-name-group`, `adjacent-groups`, `later-group`, `empty-only-rule`.
// The group is defined without a key word, §2.1 “Group: One or more user-agent lines
// that are followed by one or more rules. The group is terminated by a user-agent line
// or end of file.”; the requirement a crawler breaks by cutting a group short, or by
// giving its rules to only one of its user-agent lines, is §2.2.1's.
pub(crate) const BLANK_LINE: Clause = Clause {
    source: "RFC 9309 §2.2.1; the group as §2.1 defines it: one or more user-agent lines, then \
         rules, until the next user-agent line or the end of the file",
    text: "Crawlers MUST use case-insensitive matching to find the group that matches the \
         product token and then obey the rules of the group.",
    force: "must",
};

/// The clause of `blank-line`, `adjacent-groups`: what a group is, which only a `user-agent`
/// line after its rules or the end of the file ends (a blank line inside it is part of its
/// grammar); §2.2.1 requires the crawler to obey the rules of the group so defined.
pub(crate) const GROUP_END: Clause = Clause {
    source: "RFC 9309 §2.1 (the group §2.2.1 requires crawlers to obey); Google 2019 (formal \
         syntax / definition: `*(startgroupline / emptyline)`, `*(rule / emptyline)`)",
    text: "Group: One or more user-agent lines that are followed by one or more rules. The \
         group is terminated by a user-agent line or end of file.",
    force: "must",
};

/// The clause of a rule looked for anywhere in the path (a misbehaviour of `wildcard`).
pub(crate) const MATCH_FROM_START: Clause = Clause {
    source: "RFC 9309 §2.2.2; Google 2019 (URL matching based on path values)",
    text: "To evaluate if access to a URI is allowed, a crawler MUST match the paths in \
         \"allow\" and \"disallow\" rules against the URI. The matching SHOULD be case \
         sensitive. The matching MUST start with the first octet of the path.",
    force: "must",
};

/// The clause of a rule with `*` counted as long as the text it matches (a misbehaviour of
/// `wildcard`): Google's text counts the rule's own path entry. RFC 9309 measures the match,
/// §2.2.2 “The most specific match is the match that has the most octets.”, which the
/// `rfc9309` profile reads the same way (the spec case `sample-undefined-wildcard` counts
/// `/*.htm` as 6 octets).
pub(crate) const WILDCARD_LENGTH: Clause = Clause {
    source: "Google 2019 (order of precedence for group-member lines)",
    ..ANCHOR_LENGTH
};

/// The clause of `skipped-empty-agent`.
pub(crate) const SKIPPED_EMPTY_AGENT: Clause = Clause {
    source: "RFC 9309 §2.1 and §2.2.1; silent on a `user-agent` line with no product token \
         (its syntax has none empty), which the reference reads, as Google's parser does, as \
         starting a group that names no crawler and so ends the group before",
    text: "Group: One or more user-agent lines that are followed by one or more rules. The \
         group is terminated by a user-agent line or end of file.",
    force: "interpretation",
};

/// The clause a `user-agent` value that begins the crawler's name (`Foo` for `FooBot`) is
/// judged by, where a library takes it as naming the crawler. RFC 9309 §2.2.1 “the group
/// that matches the product token” does not say what matches; Google's text has the crawler
/// `googlebot-images` follow the `googlebot` group, Google 2019 “the more generic group is
/// followed”, which a library can read as a value matching every name it begins. The
/// reference matches whole product tokens, as Google's parser does; a prefix is one reading.
pub(crate) const AGENT_PREFIX: Clause = Clause {
    source: "Google 2019 (order of precedence for user agents), whose example has the crawler \
         `googlebot-images` follow the `googlebot` group (\"the more generic group is \
         followed\"); RFC 9309 §2.2.1 does not say what matches a product token",
    text: "The crawler must determine the correct group of lines by finding the group with the \
         most specific user agent that still matches.",
    force: "interpretation",
};

/// The clause a file of one line holding several field names (`User-agent: * Disallow: /`)
/// is judged by, where a library splits it into one line per field name: such a file is one
/// whose line ends were lost, which no text addresses. The texts ask that each line be parsed;
/// reading the one line as the records it plainly holds is one way to parse it.
pub(crate) const SPLIT_ONE_LINE_FILE: Clause = Clause {
    source: "RFC 9309 §2.3.1.5 (the library reads the file's one line as several: the texts do \
         not say what a file whose line ends were lost holds)",
    text: "Crawlers MUST try to parse each line of the robots.txt file. Crawlers MUST use the \
         parseable rules.",
    force: "interpretation",
};

/// The clause of `empty-agent`.
pub(crate) const EMPTY_AGENT: Clause = Clause {
    source: "RFC 9309 §2.2.1; an empty value is no product token and matches none",
    text: "Crawlers MUST use case-insensitive matching to find the group that matches the \
         product token and then obey the rules of the group. … If no matching group \
         exists, crawlers MUST obey the group with a user-agent line with the \"*\" value, \
         if present.",
    force: "must",
};

/// The clause of `inner-space`.
pub(crate) const INNER_SPACE: Clause = Clause {
    source: "Google 2019 (formal syntax, which RFC 9309 §2.2 shares), whose path leaves out a \
         space and a control octet and asks only for leniency with lines that do not \
         conform: the `rfc9309` profile's reading compares such an octet as `%20`, as a \
         crawler's URL holds it, and Google's parser compares it as written",
    text: "parser implementors: add additional lines you need (for example, Sitemaps), and be \
         lenient when reading lines that don't conform. Apply Postel's law.",
    force: "interpretation",
};

/// The clause of `rule-reserved-escape`.
// The escape in the rule alone: RFC 9309's sentence is about the URI's escapes, and
// read to the letter its encoding sentence would encode the URI's reserved characters
// too (the spec case `encoding/reserved-encoding-kept-in-path`).
pub(crate) const RULE_RESERVED_ESCAPE: Clause = Clause {
    source: "RFC 9309 §2.2.2; the escape is in the rule, not the URI, which the `rfc9309` \
         profile keeps encoded as the sentence keeps the URI's",
    text: "If a percent-encoded ASCII octet is encountered in the URI, it MUST be unencoded \
         prior to comparison, unless it is a reserved character in the URI as defined by \
         [RFC3986] or the character is outside the unreserved character range.",
    force: "interpretation",
};

/// The clause of `reserved-escape`, `url-query-escape`.
pub(crate) const RESERVED_ESCAPE: Clause = Clause {
    source: "RFC 9309 §2.2.2",
    text: "If a percent-encoded ASCII octet is encountered in the URI, it MUST be unencoded \
         prior to comparison, unless it is a reserved character in the URI as defined by \
         [RFC3986] or the character is outside the unreserved character range.",
    force: "must",
};

/// The clause of `tie`, `tie-order`.
// Google 2019 “In case of conflicting rules, including those with wildcards, the least
// restrictive rule is used.” says the same without a key word; the RFC's weaker
// SHOULD is the force cited.
pub(crate) const TIE: Clause = Clause {
    source: "RFC 9309 §2.2.2; Google 2019 (order of precedence for group-member lines)",
    text: "If an \"allow\" rule and a \"disallow\" rule are equivalent, then the \"allow\" \
         rule SHOULD be used.",
    force: "should",
};

/// The clause of `combined`.
pub(crate) const COMBINED: Clause = Clause {
    source: "none isolated",
    text: "No single construct of the minimal input explains the split: each neutralised \
         alone, the implementation still disagrees (or every one of several does), so no \
         one clause is cited.",
    force: "interpretation",
};

/// The clause of `allow-rule`, `disallow-rule`, `no-matching-rule`.
pub(crate) const ALLOW_RULE: Clause = Clause {
    source: "RFC 9309 §2.2.2; Google 2019 (order of precedence for group-member lines)",
    text: "The most specific match found MUST be used. The most specific match is the match \
         that has the most octets. … If an \"allow\" rule and a \"disallow\" rule are \
         equivalent, then the \"allow\" rule SHOULD be used. If no match is found amongst \
         the rules in a group for a matching user-agent or there are no rules in the group, \
         the URI is allowed.",
    force: "must",
};

/// What one profile's reading of a point where the profiles part rests on: a sentence of the
/// texts, or, where the `google` profile follows Google's parser against or beyond Google's
/// text, the parser's behaviour, which no sentence says (`text` `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Side {
    /// Where: as a [`Clause`]'s source.
    pub source: &'static str,
    /// The sentence, verbatim (` … ` elides), where there is one.
    pub text: Option<&'static str>,
}

/// The sentences the `rfc9309` and `google` profiles rest on where they part on a construct:
/// what a report shows for a reading of it.
#[derive(Clone, Copy, Debug)]
pub struct Sides {
    /// The construct.
    pub construct: &'static str,
    /// The `rfc9309` profile's.
    pub rfc9309: Side,
    /// The `google` profile's.
    pub google: Side,
}

/// Google's parser accepting a misspelled or colonless line, and the sentence inviting it.
const LENIENT_PARSER: Side = Side {
    source: "Google's parser, which accepts common misspellings (`useragent`, `dissallow`) and a \
             missing colon, and which the `google` profile follows; Google 2019 (formal syntax / \
             definition)",
    text: Some(
        "parser implementors: add additional lines you need (for example, Sitemaps), and be \
         lenient when reading lines that don't conform. Apply Postel's law.",
    ),
};

/// The escapes' sentence the `rfc9309` profile compares by.
const UNENCODED: Side = Side {
    source: "RFC 9309 §2.2.2",
    text: Some(
        "If a percent-encoded ASCII octet is encountered in the URI, it MUST be unencoded prior \
         to comparison, unless it is a reserved character in the URI as defined by [RFC3986] or \
         the character is outside the unreserved character range.",
    ),
};

/// Every construct whose readings a report shows side by side.
#[rustfmt::skip]
pub const SIDES: [Sides; 8] = [
    Sides { construct: "misspelling",
        rfc9309: Side { source: "RFC 9309 §2.2.4 (leniency is for other records; its formal \
            syntax, §2.2, names `user-agent`, `allow` and `disallow` exactly); Google 2019 (file \
            format)",
            text: Some("Handling of `<field>` elements with simple errors or typos (for example, \
                \"useragent\" instead of \"user-agent\") is not supported.") },
        google: LENIENT_PARSER },
    Sides { construct: "missing-colon",
        rfc9309: Side { source: "Google 2019 (file format); RFC 9309 §2.2 (its formal syntax puts \
            the colon in every line)",
            text: Some("Only valid lines are considered; all other content is ignored. … Each \
                valid line consists of a field, a colon, and a value.") },
        google: LENIENT_PARSER },
    Sides { construct: "wide-gap",
        rfc9309: Side { source: "Google 2019 (file format); RFC 9309 §2.2 (its formal syntax puts \
            the colon in every line)",
            text: Some("Only valid lines are considered; all other content is ignored. … Each \
                valid line consists of a field, a colon, and a value.") },
        google: LENIENT_PARSER },
    Sides { construct: "hex-case",
        rfc9309: Side { source: "RFC 9309 §2.2.2 (RFC 3986, whose percent-encodings' hex digits \
            are case-insensitive)",
            text: Some("Octets in the URI and robots.txt paths outside the range of the ASCII \
                coded character set, and those in the reserved range defined by [RFC3986], MUST \
                be percent-encoded as defined by [RFC3986] prior to comparison.") },
        google: Side { source: "Google's parser, which upper-cases a rule's hex digits and \
            compares the URL's as sent", text: None } },
    Sides { construct: "percent", rfc9309: UNENCODED,
        google: Side { source: "Google's parser, which compares the URL's escapes as sent",
            text: None } },
    Sides { construct: "url-percent", rfc9309: UNENCODED,
        google: Side { source: "Google's parser, which compares the URL's escapes as sent",
            text: None } },
    Sides { construct: "unreserved-escape", rfc9309: UNENCODED,
        google: Side { source: "Google's parser, which compares an escaped unreserved character \
            as written", text: None } },
    Sides { construct: "long-line",
        rfc9309: Side { source: "RFC 9309 §2.3.1.5",
            text: Some("Crawlers MUST try to parse each line of the robots.txt file. Crawlers \
                MUST use the parseable rules.") },
        google: Side { source: "Google's parser, which cuts a line at its 16,664-byte buffer",
            text: None } },
];

/// The sides of `construct`, where the table holds them.
pub fn sides(construct: &str) -> Option<&'static Sides> {
    SIDES.iter().find(|s| s.construct == construct)
}
