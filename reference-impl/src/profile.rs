//! Profiles: the named readings of the specification texts.
//!
//! Every behaviour on which the texts disagree is one field of [`Rules`]; a profile is one
//! choice for each field. Code elsewhere asks the profile's `Rules`, never the profile's name,
//! so that the decision for each point of disagreement is written down in exactly one place —
//! here — with the sentence it relies on.
//!
//! Each profile has one principle:
//! - `rfc9309` is the RFC text;
//! - `google` is what Google's crawler does (see [`Profile::Google`]): the 2019 text where it
//!   decides and Google's open-source parser agrees, the parser's observed behaviour where the
//!   text is silent or ambiguous, and the parser where the two conflict;
//! - `legacy` is the pre-2019 text.
//!
//! The parser's behaviour is learned only by asking it (the `google-robotstxt-cc` adapter),
//! never by reading its code; every such point is a case citing `google-parser` with the probe
//! that showed it (`spec-cases/google-parser.toml`), and every conflict with the text is tagged
//! `text-vs-parser` and quotes the sentence it overrides.

use std::fmt;
use std::str::FromStr;

/// A named reading of the Robots Exclusion Protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Profile {
    /// RFC 9309 (September 2022).
    Rfc9309,
    /// What Google's crawler does, as documented by the 2019 text and by Google's open-source
    /// parser, which the same text names as Google 2019 (Testing robots.txt markup) “Google's
    /// open source robots.txt library … which is also used in Google Search.”:
    /// - where the text decides and the parser agrees: the text;
    /// - where the text is silent or ambiguous: the parser's observed behaviour;
    /// - where the text and the parser conflict: the parser (cases tagged `text-vs-parser`,
    ///   each quoting the sentence it overrides).
    ///
    /// The parser is asked only within its documented call contract: a URL already
    /// percent-encoded per RFC 3986, and a crawler name made of `[a-zA-Z_-]`. Outside it (a
    /// crawler name with a version, a raw non-ASCII URL) the profile keeps the text's reading.
    /// What the library leaves to the crawler around it (the 500 KiB limit on what is fetched,
    /// HTTP outcomes, caching) is the text's.
    Google,
    /// Google's pre-July-2019 specification (records, BNF grammar).
    Legacy,
}

impl Profile {
    /// Every profile, in a stable order.
    pub const ALL: [Profile; 3] = [Profile::Rfc9309, Profile::Google, Profile::Legacy];

    /// The profile's name as used on the command line and in case files.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Rfc9309 => "rfc9309",
            Profile::Google => "google",
            Profile::Legacy => "legacy",
        }
    }

    /// The behaviour this profile chooses on every point where the texts differ.
    pub fn rules(self) -> &'static Rules {
        match self {
            Profile::Rfc9309 => &RFC9309,
            Profile::Google => &GOOGLE,
            Profile::Legacy => &LEGACY,
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for a profile name that is not one of [`Profile::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownProfile(pub String);

impl fmt::Display for UnknownProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown profile `{}` (known: rfc9309, google, legacy)",
            self.0
        )
    }
}

impl std::error::Error for UnknownProfile {}

impl FromStr for Profile {
    type Err = UnknownProfile;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Profile::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| UnknownProfile(s.to_owned()))
    }
}

/// How the user-agent value of a `user-agent` line is turned into the token groups are
/// matched on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AgentValue {
    /// The whole value (trimmed) is the product token; a value with other characters matches
    /// no crawler. RFC 9309 §2.2.1 “The product token MUST contain only uppercase and
    /// lowercase letters ("a-z" and "A-Z"), underscores ("_"), and hyphens ("-").”
    Whole,
    /// The value is read up to its first character outside `[A-Za-z_-]`. Google 2019 (Order of
    /// precedence for user agents) “All non-matching text is ignored (for example, both
    /// `googlebot/1.2` and `googlebot*` are equivalent to `googlebot`).”
    LeadingToken,
    /// As [`AgentValue::LeadingToken`] for names, but a value starting with `*` stands for `*`
    /// only when the `*` is alone or followed by whitespace (`* # all`, `* foo`); `*WordPress*`
    /// and `*/1.0` name no crawler. Google's parser, probed (`google-parser/agent-*`).
    LeadingTokenLoneStar,
}

/// Which field names are read as the field they stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FieldNames {
    /// Only the names the text lists (compared per `field_names_case_insensitive`).
    Exact,
    /// The names and a short list of common misspellings ("useragent", "disalow"), each
    /// compared whole.
    CommonMisspellings,
    /// Google's parser, probed (`google-parser/field-*`): a field name that *starts with* a
    /// field's name or with one of the misspellings the parser accepts is that field
    /// (`disallowed`, `user-agents`, `disalow-this`).
    ParserPrefixes,
}

/// Which `allow` rules for an index page also allow the page's directory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum IndexHtml {
    /// None.
    Off,
    /// A value ending in `/index.html` or `/index.htm`.
    WholeName,
    /// A value whose last segment (after its last `/`) starts with `index.htm`. Google's
    /// parser, probed (`google-parser/index-html-*`).
    SegmentPrefix,
}

/// How a line without a colon is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MissingColon {
    /// It is not a rule.
    Reject,
    /// As `field value`: the longest known field name followed by whitespace, then the rest.
    LongestField,
    /// As `field value` only when it is exactly two words separated by spaces or tabs
    /// (`disallow /x`, not `disallow /x /y` nor `user agent foo`). Google's parser, probed
    /// (`google-parser/missing-colon-*`).
    TwoWords,
}

/// How paths (of rules and of URLs) are brought to one canonical octet form before matching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Encoding {
    /// RFC 9309 §2.2.2: octets outside US-ASCII and reserved characters are percent-encoded,
    /// percent-encoded unreserved characters are decoded (Figure 4), and `%2A` / `%24` in a rule
    /// stand for a literal `*` / `$` (§2.2.3, Figure 6).
    Rfc3986,
    /// Google 2019 (URL matching based on path values) “Non-7-bit ASCII characters in a path
    /// may be included as UTF-8 characters or as percent-escaped UTF-8 encoded characters”. Only
    /// non-ASCII octets are percent-encoded; nothing is decoded.
    NonAsciiOnly,
    /// As [`Encoding::NonAsciiOnly`], and in a rule the hex digits of each `%XX` escape are
    /// brought to upper case; a URL's escapes are compared as given, so `%e3` in a URL matches
    /// neither `%e3` nor `%E3` in a rule. Google's parser, probed (`google-parser/hex-case-*`).
    NonAsciiRuleHexUpper,
}

/// What the profile decides on every point where the texts differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Which field names (misspellings included) are read as a field.
    pub field_names: FieldNames,
    /// How a line without a colon is read.
    pub missing_colon: MissingColon,
    /// Vertical tab and form feed count as whitespace around field and value, like space and
    /// tab.
    pub vt_ff_are_whitespace: bool,
    /// A NUL octet ends the line's content, like `#`.
    pub nul_ends_line: bool,
    /// At the start of the file, any leading part of the UTF-8 BOM (`EF`, `EF BB`) is skipped,
    /// not only the whole mark.
    pub partial_bom_skipped: bool,
    /// Field names compared without regard to case.
    pub field_names_case_insensitive: bool,
    /// How a `user-agent` value becomes the token it is matched on.
    pub agent_value: AgentValue,
    /// A rule path that does not start with `/` has one put in front of it.
    pub assume_leading_slash: bool,
    /// Path canonicalisation.
    pub encoding: Encoding,
    /// `/robots.txt` is always allowed.
    pub robots_txt_exempt: bool,
    /// Which `allow` rules for an index page also allow its directory `…/` (that URL only).
    pub index_html: IndexHtml,
    /// Lines longer than this many bytes are cut to it; the rest of the line is ignored.
    pub max_line_bytes: Option<usize>,
    /// A rule's cached copy is used for at most this long unless the file is unreachable,
    /// whatever `max-age` says.
    pub max_cache_hours: Option<u64>,
    /// A site known to serve 5xx for missing pages has its 5xx read as a 404.
    pub misconfigured_5xx_as_404: bool,
    /// `content-usage` rules (`draft-ietf-aipref-attach`) are read, and give URLs usage
    /// preferences ([`crate::Selection::content_usage`]); otherwise the profile has no reading
    /// of them and answers none.
    pub content_usage: bool,
}

/// RFC 9309.
const RFC9309: Rules = Rules {
    // §2.2.1 lists the fields exactly; no misspelling is mentioned.
    field_names: FieldNames::Exact,
    // §2.2's grammar (ABNF, not reproduced in the excerpts) writes every line as a field name,
    // a colon and a value: a line without a colon is not a rule.
    missing_colon: MissingColon::Reject,
    // §2.2 (ABNF): `WS = %x20 / %x09`.
    vt_ff_are_whitespace: false,
    nul_ends_line: false,
    // The RFC does not speak of a BOM; the reference skips only the whole mark, which is no
    // content in any reading.
    partial_bom_skipped: false,
    // §2.2's grammar writes field names as ABNF string literals, which RFC 5234 makes
    // case-insensitive.
    field_names_case_insensitive: true,
    agent_value: AgentValue::Whole,
    // §2.2's grammar starts a rule's path with `/` (`path-pattern = "/" *UTF8-char-noctl`). A
    // value without it is not repaired: it matches literally, and since every URL path starts
    // with `/`, only a pattern starting with `*` can match (§5.1's own `Disallow: *.gif$`).
    assume_leading_slash: false,
    encoding: Encoding::Rfc3986,
    // §2.2.2 “The /robots.txt URI is implicitly allowed.”
    robots_txt_exempt: true,
    index_html: IndexHtml::Off,
    max_line_bytes: None,
    // §2.4 “Crawlers SHOULD NOT use the cached version for more than 24 hours, unless the
    // robots.txt file is unreachable.”
    max_cache_hours: Some(24),
    misconfigured_5xx_as_404: false,
    // `draft-ietf-aipref-attach` (revision -05) says of itself that it updates the RFC, and
    // its section 3 adds a Content-Usage rule to the rules a group may hold. A draft, not the
    // RFC: the profile
    // reads it because no other text of this profile's family speaks of usage preferences, and
    // every case about it cites the draft's revision.
    content_usage: true,
};

/// Google 2019 and Google's documented crawler behaviour.
const GOOGLE: Rules = Rules {
    // Text vs parser: Google 2019 (File format) “Handling of `<field>` elements with simple
    // errors or typos (for example, "useragent" instead of "user-agent") is not supported.”
    // Google's parser accepts "useragent" and a few other misspellings, and any field name that
    // starts with an accepted one (`google-parser/field-*`). The profile follows the parser.
    field_names: FieldNames::ParserPrefixes,
    // Text vs parser: Google 2019 “Each valid line consists of a field, a colon, and a
    // value.” The parser also reads `disallow /x` (two words, no colon).
    missing_colon: MissingColon::TwoWords,
    // The text's ABNF has `WS = %x20 / %x09` and tells Google 2019 “parser implementors: … be
    // lenient when reading lines that don't conform”; the parser also trims vertical tab and
    // form feed (`google-parser/vt-ff-*`).
    vt_ff_are_whitespace: true,
    // The ABNF excludes control characters from values; the text is silent on what a NUL does.
    // The parser ignores the rest of the line (`google-parser/nul-*`).
    nul_ends_line: true,
    // Google 2019 “An optional Unicode BOM … at the beginning of the robots.txt file is
    // ignored.”; silent
    // on a part of one. The parser skips `EF` and `EF BB` too (`google-parser/bom-*`).
    partial_bom_skipped: true,
    // Google 2019 (File format) “The `<field>` element is case-insensitive.”
    field_names_case_insensitive: true,
    // Google 2019 “All non-matching text is ignored (for example, both `googlebot/1.2` and
    // `googlebot*` are equivalent to `googlebot`).”: for names, the parser agrees. Read the
    // same way, `*WordPress*` would be `*`; the parser reads `*` only alone or before whitespace, and the
    // profile follows it (text vs parser: `user-agent/leading-star-on-group-value`,
    // `google-parser/agent-star-*`).
    agent_value: AgentValue::LeadingTokenLoneStar,
    // Google 2019 (Group-member rules) “The path value must start with "/" to designate the
    // root.”
    // A value without it is kept as written and so never matches a path (which always starts
    // with `/`) unless it starts with `*`.
    assume_leading_slash: false,
    // Google 2019 “Non-7-bit ASCII characters in a path may be included as UTF-8 characters or
    // as percent-escaped UTF-8 encoded characters”; silent on hex case, where the parser
    // upper-cases the escapes of rules and not those of URLs (`google-parser/hex-case-*`).
    encoding: Encoding::NonAsciiRuleHexUpper,
    // Nothing in the 2019 text exempts /robots.txt.
    robots_txt_exempt: false,
    // Google's crawler (issue #2); which values count is the parser's: any whose last segment
    // starts with `index.htm` (`/a/index.html?x=1`, `/a/index.htmx`; `google-parser/index-*`).
    index_html: IndexHtml::SegmentPrefix,
    // The text has no line limit; the parser reads the first 16,663 bytes of a line and ignores
    // the rest of it (`google-parser/long-line-*`).
    max_line_bytes: Some(16_663),
    // Google 2019 (Caching) “Google may increase or decrease the cache lifetime based on …
    // max-age Cache-Control … HTTP headers.” — max-age may lengthen the lifetime past 24 hours.
    max_cache_hours: None,
    // In its 5xx row, Google 2019 “Google-specific: If we are able to determine that
    // a site is incorrectly configured to return 5xx instead of a 404 for missing pages, we
    // treat a 5xx error from that site as a 404.”
    misconfigured_5xx_as_404: true,
    // Neither the 2019 text nor Google's parser's documented behaviour speaks of usage
    // preferences; the profile has no reading of them.
    content_usage: false,
};

/// Google's pre-2019 text.
const LEGACY: Rules = Rules {
    // Google legacy “처리는 정의되어 있지 않으며 일부 user-agent에서는 올바른 명령어로 해석될 수
    // 있습니다” (of field names with typos: their handling is undefined, and some user agents may
    // read them as valid directives). The profile reads them: a short list of common
    // misspellings, each compared whole.
    field_names: FieldNames::CommonMisspellings,
    missing_colon: MissingColon::LongestField,
    vt_ff_are_whitespace: false,
    nul_ends_line: false,
    partial_bom_skipped: false,
    // The legacy (ko) text says the field is case-*sensitive* (Google legacy “<field> 요소는
    // 대소문자를 구분합니다.”), unlike every other text. Its own grammar quotes field names as literals in
    // RFC 822 notation, where quoted literals are case-insensitive, so the profile keeps field
    // names case-insensitive and treats that sentence as a translation slip.
    field_names_case_insensitive: true,
    agent_value: AgentValue::LeadingToken,
    // Google legacy “만일 '/' 문자로 시작하지 않으면 크롤러는 '/' 문자가 맨 앞에 있는 것으로
    // 가정합니다.” (a path that does not start with `/` is read as if it did: `fish/` is `/fish/`
    // in its path table).
    assume_leading_slash: true,
    encoding: Encoding::NonAsciiOnly,
    robots_txt_exempt: false,
    index_html: IndexHtml::WholeName,
    max_line_bytes: Some(16_664),
    max_cache_hours: None,
    misconfigured_5xx_as_404: true,
    // The legacy text predates usage preferences.
    content_usage: false,
};
