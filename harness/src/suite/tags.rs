//! The closed vocabulary of case tags: every tag a case may carry, with the feature area it
//! puts a case in (the report's matrix columns) and what it marks. The loader rejects a tag
//! that is not here, naming the file and the case.

/// A tag a case may carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tag {
    /// The tag as written in case files.
    pub name: &'static str,
    /// The feature area it puts a case in, if it names one.
    pub area: Option<&'static str>,
    /// What it marks.
    pub about: &'static str,
}

/// The feature areas, in matrix order. A case goes in the first area (in this order) that one
/// of its tags names, so the narrow areas come first.
pub const AREAS: &[&str] = &[
    "misspellings",
    "limits",
    "wildcards",
    "encoding",
    "precedence",
    "user-agent",
    "groups",
    "file format",
    "path matching",
    "examples",
];

/// The area of a case none of whose tags names one.
pub const OTHER: &str = "other";

const fn tag(name: &'static str, area: Option<&'static str>, about: &'static str) -> Tag {
    Tag { name, area, about }
}

const MISSPELLINGS: Option<&str> = Some("misspellings");
const LIMITS: Option<&str> = Some("limits");
const WILDCARDS: Option<&str> = Some("wildcards");
const ENCODING: Option<&str> = Some("encoding");
const PRECEDENCE: Option<&str> = Some("precedence");
const USER_AGENT: Option<&str> = Some("user-agent");
const GROUPS: Option<&str> = Some("groups");
const FILE_FORMAT: Option<&str> = Some("file format");
const PATH_MATCHING: Option<&str> = Some("path matching");
const EXAMPLES: Option<&str> = Some("examples");

/// Every tag, grouped by area; tags that name no area last.
pub const TAGS: &[Tag] = &[
    tag("misspellings", MISSPELLINGS, "misspelled field names"),
    tag("missing-colon", MISSPELLINGS, "a field without its colon"),
    tag("limits", LIMITS, "limits on size, time or count"),
    tag("size-limit", LIMITS, "the parse size limit"),
    tag("max-age", LIMITS, "how long a copy may be cached"),
    tag("wildcards", WILDCARDS, "`*` and `$` in patterns"),
    tag(
        "wildcard",
        WILDCARDS,
        "`*` and `$` in patterns (the singular form)",
    ),
    tag(
        "encoding",
        ENCODING,
        "percent-encoding and character encodings",
    ),
    tag(
        "non-ascii",
        ENCODING,
        "non-ASCII characters in patterns or URLs",
    ),
    tag(
        "hex-case",
        ENCODING,
        "the case of percent-encoded hex digits",
    ),
    tag("reserved", ENCODING, "percent-encoded reserved characters"),
    tag(
        "unreserved",
        ENCODING,
        "percent-encoded unreserved characters",
    ),
    tag("invalid-utf8", ENCODING, "bytes that are not UTF-8"),
    tag(
        "precedence",
        PRECEDENCE,
        "which of several matching rules decides",
    ),
    tag("user-agent", USER_AGENT, "choosing the group for a crawler"),
    tag("agent-fallback", USER_AGENT, "fallback product tokens"),
    tag("groups", GROUPS, "how lines form groups"),
    tag("merge", GROUPS, "groups for the same crawler merged"),
    tag("file-format", FILE_FORMAT, "lines, fields and values"),
    tag("bom", FILE_FORMAT, "a byte order mark"),
    tag("line-ends", FILE_FORMAT, "CR, LF and CRLF line ends"),
    tag("comments", FILE_FORMAT, "`#` comments"),
    tag(
        "whitespace",
        FILE_FORMAT,
        "whitespace around fields and values",
    ),
    tag("field-case", FILE_FORMAT, "the case of field names"),
    tag(
        "unknown-fields",
        FILE_FORMAT,
        "fields a parser does not know",
    ),
    tag("empty-value", FILE_FORMAT, "a field with an empty value"),
    tag("sitemap", FILE_FORMAT, "`sitemap` lines"),
    tag(
        "crawl-delay",
        FILE_FORMAT,
        "`crawl-delay` and `request-rate` lines",
    ),
    tag(
        "content-usage",
        FILE_FORMAT,
        "`content-usage` rules and other usage-preference lines",
    ),
    tag(
        "path-matching",
        PATH_MATCHING,
        "matching a pattern against a path",
    ),
    tag(
        "leading-slash",
        PATH_MATCHING,
        "patterns without a leading `/`",
    ),
    tag("query", PATH_MATCHING, "the query part of a URL"),
    tag(
        "index-html",
        PATH_MATCHING,
        "rules on `/index.html` applied to the directory",
    ),
    tag(
        "robots-txt-exempt",
        PATH_MATCHING,
        "`/robots.txt` itself is always allowed",
    ),
    tag("rfc-example", EXAMPLES, "an example of RFC 9309"),
    tag("guide", EXAMPLES, "an example of Google's guide"),
    tag(
        "profile-split",
        None,
        "the profiles expect different answers",
    ),
    tag(
        "spec-conflict",
        None,
        "the specification texts contradict each other",
    ),
    tag("spec-undefined", None, "no specification text decides"),
    tag(
        "text-vs-parser",
        None,
        "Google's 2019 text and Google's open-source parser conflict; `google` follows the \
         parser",
    ),
    tag("google-only", None, "Google's behaviour, not in RFC 9309"),
    tag(
        "fuzz-diff",
        None,
        "a finding of `reptest fuzz-diff`, not yet promoted (its generated case)",
    ),
    tag(
        "raw-url",
        None,
        "a fuzz-diff finding whose URL is not as a crawler serialises it (opt-in input class)",
    ),
    tag(
        "agent-string",
        None,
        "a fuzz-diff finding whose agent is not a product token (opt-in input class)",
    ),
    tag("http", None, "fetch outcomes"),
    tag("fetch", None, "a fetch from the loopback server"),
    tag("cross-host", None, "a redirect to another authority"),
    tag(
        "content-coding",
        None,
        "a compressed body (`Content-Encoding`)",
    ),
    tag("2xx", None, "a successful fetch"),
    tag("3xx", None, "redirects"),
    tag(
        "relative-location",
        None,
        "a redirect whose `Location` is a relative reference (RFC 3986 §4.2: a path, `../`, or `//host/…`)",
    ),
    tag("4xx", None, "client errors"),
    tag("5xx", None, "server errors"),
    tag("503", None, "service unavailable"),
    tag("network-error", None, "a fetch that got no HTTP response"),
    tag("caching", None, "using a cached copy"),
    tag("timeout", None, "a slow or stalled answer"),
    tag("retry", None, "requests repeated after a failure"),
    tag("ipv6", None, "a host on the IPv6 loopback"),
    tag("user-agent-header", None, "the User-Agent a fetch sends"),
    tag("content-type", None, "the answer's media type and charset"),
    tag("chunked", None, "chunked transfer coding"),
    tag("30-days", None, "the 30-day limit on an unreachable file"),
    tag("scope", None, "which URLs a robots.txt governs"),
    tag("ports", None, "ports in robots.txt scope"),
    tag("idn", None, "internationalised host names"),
];

/// The tag called `name`.
pub fn find(name: &str) -> Option<&'static Tag> {
    TAGS.iter().find(|t| t.name == name)
}

/// The feature area of a case with these tags ([`OTHER`] when no tag names one).
pub fn area<S: AsRef<str>>(tags: &[S]) -> &'static str {
    AREAS
        .iter()
        .find(|area| {
            tags.iter()
                .any(|t| find(t.as_ref()).and_then(|t| t.area) == Some(**area))
        })
        .copied()
        .unwrap_or(OTHER)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_consistent() {
        for (i, tag) in TAGS.iter().enumerate() {
            assert!(
                TAGS[..i].iter().all(|t| t.name != tag.name),
                "`{}` twice",
                tag.name
            );
            if let Some(area) = tag.area {
                assert!(AREAS.contains(&area), "`{}`: unknown area {area}", tag.name);
            }
        }
        for area in AREAS {
            assert!(
                TAGS.iter().any(|t| t.area == Some(area)),
                "no tag for {area}"
            );
        }
        assert_eq!(area(&["file-format", "misspellings"]), "misspellings");
        assert_eq!(area(&["line-ends"]), "file format");
        assert_eq!(area(&["profile-split"]), OTHER);
    }
}
