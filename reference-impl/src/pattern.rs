//! Path canonicalisation and the compiled rule pattern.
//!
//! Rules and URL paths are compared as octet strings in one canonical form, chosen by the
//! profile's [`Encoding`]. A rule's value is compiled once into literal segments separated by
//! `*`, with an optional end anchor (`$` as its last character). Matching then walks the
//! segments left to right, taking the earliest occurrence of each: with `*` as the only
//! wildcard this greedy choice is always safe, so a check costs at most one substring search
//! per segment — linear in the path for each segment, and never exponential, whatever the
//! number of `*` (`/*a*a*a*…$` against a long path included).

use memchr::memmem;

use crate::profile::Encoding;

/// Which side of a comparison an octet string comes from: in a rule `*` and a final `$` are
/// operators, in a URL they are data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    Rule,
    Url,
}

/// Unreserved characters (RFC 3986 §2.3).
fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

fn push_escaped(out: &mut Vec<u8>, b: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.extend_from_slice(&[b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 0xF)]]);
}

/// Brings one octet string to canonical form. For a rule, `*` is kept as the wildcard
/// operator; a final `$` is not part of the input (the caller strips it).
///
/// RFC 9309 canonical form ([`Encoding::Rfc3986`]):
/// - `%XX` of an unreserved character is decoded (Figure 4: `/foo/bar/%62%61%7A` matches as
///   `/foo/bar/baz`); any other `%XX` is kept with upper-case hex digits (RFC 3986 §6.2.2.1
///   makes hex case insignificant); a `%` not followed by two hex digits is itself encoded;
/// - octets outside printable US-ASCII, space, and the characters RFC 3986 never allows raw
///   (`"<>\^`{|}`) are percent-encoded (Figure 4: `/foo/bar/ツ` → `/foo/bar/%E3%83%84`);
/// - in the query, the delimiters `:/?@[]` are data and are percent-encoded (Figure 4:
///   `?baz=https://foo.bar` → `?baz=https%3A%2F%2Ffoo.bar`); `=` and `&` stay as they are;
/// - in a URL, `*` and `$` are data and become `%2A` and `%24`, so that a rule's `%2A` / `%24`
///   match them (§2.2.3, Figure 6); a `$` inside a rule (not at its end) is a literal too.
///
/// Google canonical form ([`Encoding::NonAsciiOnly`]): octets 0x80 and above are
/// percent-encoded; everything else is kept as written. Google's parser
/// ([`Encoding::NonAsciiRuleHexUpper`]) also upper-cases the hex digits of a rule's `%XX`
/// escapes (only a `%` followed by two hex digits), never a URL's.
pub(crate) fn canonicalize(input: &[u8], encoding: Encoding, side: Side) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len() + input.len() / 4);
    // On the URL side the two Google forms are the same (a URL's escapes are compared as
    // given), and the first loop, which copies runs of unchanged octets at once, is the cheaper
    // one: every check canonicalises its URL's path.
    let encoding = match (encoding, side) {
        (Encoding::NonAsciiRuleHexUpper, Side::Url) => Encoding::NonAsciiOnly,
        _ => encoding,
    };
    match encoding {
        // Most paths and rules are ASCII: one word-at-a-time test, one copy.
        Encoding::NonAsciiOnly if input.is_ascii() => out.extend_from_slice(input),
        Encoding::NonAsciiOnly => {
            let mut rest = input;
            while let Some(at) = first_special(rest, &NON_ASCII, 8) {
                out.extend_from_slice(&rest[..at]);
                push_escaped(&mut out, rest[at]);
                rest = &rest[at + 1..];
            }
            out.extend_from_slice(rest);
        }
        Encoding::NonAsciiRuleHexUpper => {
            let mut i = 0;
            while i < input.len() {
                let b = input[i];
                if b >= 0x80 {
                    push_escaped(&mut out, b);
                } else if b == b'%'
                    && side == Side::Rule
                    && let [hi, lo] = input.get(i + 1..i + 3).unwrap_or_default()
                    && hi.is_ascii_hexdigit()
                    && lo.is_ascii_hexdigit()
                {
                    out.extend_from_slice(&[
                        b'%',
                        hi.to_ascii_uppercase(),
                        lo.to_ascii_uppercase(),
                    ]);
                    i += 3;
                    continue;
                } else {
                    out.push(b);
                }
                i += 1;
            }
        }
        Encoding::Rfc3986 => {
            let mut in_query = false;
            let mut i = 0;
            while i < input.len() {
                // Octets kept as they are, copied a run at a time; the others are taken one by
                // one below.
                let special = if in_query {
                    &SPECIAL_QUERY
                } else {
                    &SPECIAL_PATH
                };
                let b = input[i];
                if special[usize::from(b)] == 0 {
                    // A run of one octet (the adversarial `a*a*a*…` is all such runs) is pushed:
                    // a copy call per run made compiling that rule slower than the octet-by-
                    // octet loop this replaced (the long-line row of `BENCHMARKS.md`).
                    // A URL's path rarely has an octet to change: no octet-at-a-time start.
                    let one_at_a_time = if side == Side::Rule { 8 } else { 0 };
                    let run = 1 + first_special(&input[i + 1..], special, one_at_a_time)
                        .unwrap_or(input.len() - i - 1);
                    if run == 1 {
                        out.push(b);
                    } else {
                        out.extend_from_slice(&input[i..i + run]);
                    }
                    i += run;
                    continue;
                }
                match b {
                    b'%' => match (
                        input.get(i + 1).copied().and_then(hex_value),
                        input.get(i + 2).copied().and_then(hex_value),
                    ) {
                        (Some(hi), Some(lo)) => {
                            let v = hi << 4 | lo;
                            if is_unreserved(v) {
                                out.push(v);
                            } else {
                                push_escaped(&mut out, v);
                            }
                            i += 3;
                            continue;
                        }
                        _ => push_escaped(&mut out, b'%'),
                    },
                    b'*' if side == Side::Rule => out.push(b'*'),
                    b'*' | b'$' => push_escaped(&mut out, b),
                    b'?' if !in_query => {
                        in_query = true;
                        out.push(b'?');
                    }
                    b':' | b'/' | b'?' | b'@' | b'[' | b']' if in_query => {
                        push_escaped(&mut out, b)
                    }
                    // Decision: a space (or a control octet) in a path. The grammar leaves it
                    // out of a path (its `UTF8-1-noctl`, which RFC 9309 shares: Google 2019
                    // “excluding control, space, '#'”) and asks for leniency: Google 2019 “be
                    // lenient when reading lines that don't conform”. §2.2.2 makes only
                    // non-ASCII and reserved octets percent-encoded before comparison. A
                    // crawler's URL holds a space as `%20`, so the lenient reading here
                    // compares a rule's raw space as `%20`, to match it. Google's parser compares it as written
                    // (the `google` profile's form above). Both are readings; the suite shows
                    // them: `encoding/space-inside-a-rule-value-next-to-a-reserved-character`.
                    0x00..=0x20
                    | 0x7F..=0xFF
                    | b'"'
                    | b'<'
                    | b'>'
                    | b'\\'
                    | b'^'
                    | b'`'
                    | b'{'
                    | b'|'
                    | b'}' => push_escaped(&mut out, b),
                    _ => out.push(b),
                }
                i += 1;
            }
        }
    }
    out
}

/// Octets that [`canonicalize`] may change under [`Encoding::Rfc3986`] in a path (before any
/// `?`), on either side (1 = may change): all but the printable ones, and `%`, `*`, `$`, `?`
/// and the characters RFC 3986 never allows raw.
const SPECIAL_PATH: [u8; 256] = special_table(b"%*$?\"<>\\^`{|}");

/// The same in a query, where `:/?@[]` are data and are encoded too.
const SPECIAL_QUERY: [u8; 256] = special_table(b"%*$?\"<>\\^`{|}:/@[]");

/// Octets that [`Encoding::NonAsciiOnly`] changes: 0x80 and above.
const NON_ASCII: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0x80;
    while b < 256 {
        table[b] = 1;
        b += 1;
    }
    table
};

const fn special_table(special: &[u8]) -> [u8; 256] {
    let mut table = [1; 256];
    let mut b = 0x21;
    while b < 0x7F {
        table[b] = 0;
        b += 1;
    }
    let mut i = 0;
    while i < special.len() {
        table[special[i] as usize] = 1;
        i += 1;
    }
    table
}

/// Where the first octet of `bytes` that `special` marks is. Eight octets are looked up
/// together and tested once: URL paths are mostly plain, and a branch per octet is what
/// costs (in a coverage-instrumented fuzz build most of all).
///
/// The first `one_at_a_time` octets are looked at one at a time: in a rule dense with octets
/// to change (`a*a*a*…`, the adversarial long line) the next one is a few octets away, and a
/// chunked scan started for each of them cost more than the octets it looked at. A URL's path
/// passes 0.
fn first_special(bytes: &[u8], special: &[u8; 256], one_at_a_time: usize) -> Option<usize> {
    let is_special = |b: &u8| special[usize::from(*b)] != 0;
    let any_special = |chunk: &[u8]| {
        chunk
            .iter()
            .fold(0, |any, &b| any | special[usize::from(b)])
            != 0
    };
    let head = bytes.len().min(one_at_a_time);
    if let Some(at) = bytes[..head].iter().position(is_special) {
        return Some(at);
    }
    if bytes.len() - head < 8 {
        return bytes[head..].iter().position(is_special).map(|i| head + i);
    }
    let mut at = head;
    for chunk in bytes[head..].chunks_exact(8) {
        if any_special(chunk) {
            return chunk.iter().position(is_special).map(|i| at + i);
        }
        at += 8;
    }
    // The octets left over, as part of the last eight (those looked at already are plain, so
    // the first special octet of the eight is the first of the remainder's).
    let last = bytes.len() - 8;
    if at < bytes.len() && any_special(&bytes[last..]) {
        return bytes[last..].iter().position(is_special).map(|i| last + i);
    }
    None
}

/// Whether a rule whose value is `octets` may match `path` (canonical): `false` only when it
/// certainly does not, decided on the octets without compiling them. The value's leading
/// octets up to the first one that canonical form could change (or that is an operator) are
/// their own canonical form and begin the pattern's first literal segment, so they must begin
/// the path. Most rules of a file differ from a given path within a few octets, and this is
/// what spares compiling them when a file is parsed for a single check.
pub(crate) fn may_match_raw(octets: &[u8], encoding: Encoding, path: &[u8]) -> bool {
    for (i, &b) in octets.iter().enumerate() {
        let plain = match encoding {
            Encoding::NonAsciiOnly => b < 0x80 && b != b'*' && b != b'$',
            // A rule's `%XX` may have its hex digits upper-cased.
            Encoding::NonAsciiRuleHexUpper => b < 0x80 && b != b'*' && b != b'$' && b != b'%',
            Encoding::Rfc3986 => SPECIAL_PATH[usize::from(b)] == 0,
        };
        if !plain {
            return true;
        }
        if path.get(i) != Some(&b) {
            return false;
        }
    }
    true
}

/// The first 8 octets of `bytes`, zero-padded, as one number: with [`Pattern::head`] it rejects
/// most rules in one comparison.
pub(crate) fn head(bytes: &[u8]) -> u64 {
    let mut buf = [0u8; 8];
    let n = bytes.len().min(8);
    buf[..n].copy_from_slice(&bytes[..n]);
    u64::from_le_bytes(buf)
}

/// Where `needle` (non-empty) first occurs in `haystack`. Short haystacks (most URL paths) are
/// searched directly: building `memmem`'s searcher would cost more than the search. The direct
/// search costs at most `haystack.len() × needle.len()` with `haystack` under 64 octets, and
/// longer haystacks get `memmem` (linear).
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    match needle {
        [one] => memchr::memchr(*one, haystack),
        [first, rest @ ..] if haystack.len() < 64 => {
            let mut from = 0;
            while let Some(at) = memchr::memchr(*first, &haystack[from..]) {
                let start = from + at;
                let tail = haystack.get(start + 1..start + 1 + rest.len())?;
                if tail == rest {
                    return Some(start);
                }
                from = start + 1;
            }
            None
        }
        _ => memmem::find(haystack, needle),
    }
}

/// A compiled rule path: literal segments separated by `*`, optionally anchored at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// The first up to 8 octets of the first segment (see [`head`]), and the mask of those
    /// that are there: a path whose [`head`] differs from it under the mask cannot match.
    head: u64,
    mask: u64,
    /// The canonical octets of all literal segments, back to back.
    literal: Vec<u8>,
    /// End offsets in `literal` of every segment but the last (which ends with `literal`):
    /// one per `*`, so a pattern without wildcards (most of them) allocates nothing here.
    /// There is always at least one segment (the part before the first `*`, possibly empty).
    stars: Vec<usize>,
    /// Whether the pattern ended with `$`.
    anchored: bool,
    /// The canonical length in octets, wildcards and anchor included: what precedence compares.
    len: usize,
}

impl Pattern {
    /// Compiles a rule value. The profile's canonical form is applied first; `*` separates
    /// segments and a final `$` anchors the end.
    pub(crate) fn compile(value: &[u8], encoding: Encoding) -> Pattern {
        let (body, anchored) = match value.split_last() {
            Some((b'$', rest)) => (rest, true),
            _ => (value, false),
        };
        Pattern::of_octets(canonicalize(body, encoding, Side::Rule), anchored)
    }

    /// A rule value read as written, in no profile's canonical form: `*` stands for any run of
    /// octets and a final `$` for the end of the path; every other octet is itself. For
    /// comparing patterns with text outside a profile's reading (the harness's probes).
    pub fn as_written(value: &[u8]) -> Pattern {
        match value.split_last() {
            Some((b'$', rest)) => Pattern::of_octets(rest.to_vec(), true),
            _ => Pattern::of_octets(value.to_vec(), false),
        }
    }

    /// The pattern of `literal` (canonical octets, `*` still in it), anchored or not.
    fn of_octets(mut literal: Vec<u8>, anchored: bool) -> Pattern {
        let len = literal.len() + usize::from(anchored);
        let mut stars = Vec::new();
        if literal.contains(&b'*') {
            for (at, &b) in literal.iter().enumerate() {
                if b == b'*' {
                    // Its offset once the stars before it are taken out.
                    stars.push(at - stars.len());
                }
            }
            literal.retain(|&b| b != b'*');
        }
        let first = &literal[..stars.first().copied().unwrap_or(literal.len())];
        let mask = match first.len() {
            n @ 0..8 => (1u64 << (8 * n)) - 1,
            _ => u64::MAX,
        };
        Pattern {
            head: head(first),
            mask,
            literal,
            stars,
            anchored,
            len,
        }
    }

    /// The canonical length in octets (each `*` and a final `$` count one).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the pattern is empty (never true for a compiled rule, whose value is non-empty).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The literal octets before the first `*` (all of them when there is none).
    pub(crate) fn first_segment(&self) -> &[u8] {
        self.segment(0)
    }

    /// The literal segments after the first one (those that follow a `*`).
    pub(crate) fn later_segments(&self) -> impl Iterator<Item = &[u8]> {
        (1..self.segments()).map(|i| self.segment(i))
    }

    /// How many literal segments (one more than there are `*`).
    fn segments(&self) -> usize {
        self.stars.len() + 1
    }

    fn segment(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.stars[i - 1] };
        let end = self.stars.get(i).copied().unwrap_or(self.literal.len());
        &self.literal[start..end]
    }

    /// Whether a path whose [`head`] is `path_head` may match: `false` only when it certainly
    /// does not.
    pub(crate) fn may_match(&self, path_head: u64) -> bool {
        (path_head ^ self.head) & self.mask == 0
    }

    /// Whether the pattern matches `path`, which must already be in the pattern's form (the
    /// profile's canonical form; for [`Pattern::as_written`], as written).
    pub fn matches(&self, path: &[u8]) -> bool {
        let n = self.segments();
        let first = self.segment(0);
        if !path.starts_with(first) {
            return false;
        }
        if n == 1 {
            return !self.anchored || path.len() == first.len();
        }
        let mut pos = first.len();
        for i in 1..n - 1 {
            let seg = self.segment(i);
            if seg.is_empty() {
                continue;
            }
            match find(&path[pos..], seg) {
                Some(at) => pos += at + seg.len(),
                None => return false,
            }
        }
        let last = self.segment(n - 1);
        if self.anchored {
            path.len() >= pos + last.len() && path.ends_with(last)
        } else {
            last.is_empty() || find(&path[pos..], last).is_some()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rfc(rule: &str, path: &str) -> bool {
        let p = Pattern::compile(rule.as_bytes(), Encoding::Rfc3986);
        p.matches(&canonicalize(path.as_bytes(), Encoding::Rfc3986, Side::Url))
    }

    #[test]
    fn prefix_wildcard_and_anchor() {
        assert!(rfc("/fish", "/fish.html"));
        assert!(!rfc("/fish", "/catfish"));
        assert!(rfc("/*.php$", "/a/b.php"));
        assert!(!rfc("/*.php$", "/a/b.php5"));
        assert!(rfc("/fish*.php", "/fishheads/catfish.php?x"));
        assert!(rfc("*.gif$", "/a.gif"));
        assert!(!rfc("/a*b$", "/ab/"));
        assert!(rfc("/a*b$", "/a/bb"));
    }

    #[test]
    fn a_pattern_as_written_is_matched_octet_for_octet() {
        let m =
            |rule: &str, path: &str| Pattern::as_written(rule.as_bytes()).matches(path.as_bytes());
        assert!(m("/a*b$", "/a/b"));
        assert!(!m("/a*b$", "/a/bc"));
        assert!(m("/%62", "/%62"));
        assert!(!m("/%62", "/b"));
        assert!(m("/a$b", "/a$b"));
        assert!(m("$", ""));
        assert!(!m("$", "/"));
    }

    #[test]
    fn anchored_suffix_does_not_overlap_earlier_segments() {
        // "/ab*b$" needs a second `b` after the first one.
        assert!(!rfc("/ab*b$", "/ab"));
        assert!(rfc("/ab*b$", "/abb"));
    }

    #[test]
    fn rfc_canonical_form_follows_figure_4() {
        let c = |s: &str| canonicalize(s.as_bytes(), Encoding::Rfc3986, Side::Url);
        assert_eq!(c("/foo/bar?baz=quz"), b"/foo/bar?baz=quz");
        assert_eq!(
            c("/foo/bar?baz=https://foo.bar"),
            b"/foo/bar?baz=https%3A%2F%2Ffoo.bar"
        );
        assert_eq!(c("/foo/bar/ツ"), b"/foo/bar/%E3%83%84");
        assert_eq!(c("/foo/bar/%e3%83%84"), b"/foo/bar/%E3%83%84");
        assert_eq!(c("/foo/bar/%62%61%7A"), b"/foo/bar/baz");
        assert_eq!(c("/a*b$"), b"/a%2Ab%24");
        assert_eq!(c("/100%"), b"/100%25");
    }

    #[test]
    fn google_parser_upper_cases_rule_escapes_only() {
        let e = Encoding::NonAsciiRuleHexUpper;
        let rule = |s: &str| canonicalize(s.as_bytes(), e, Side::Rule);
        let url = |s: &str| canonicalize(s.as_bytes(), e, Side::Url);
        assert_eq!(rule("/a%e3%2fb"), b"/a%E3%2Fb");
        assert_eq!(rule("/a%e"), b"/a%e");
        assert_eq!(rule("/a%ez"), b"/a%ez");
        assert_eq!(rule("/ツ"), b"/%E3%83%84");
        assert_eq!(url("/a%e3"), b"/a%e3");
        assert_eq!(url("/ツ"), b"/%E3%83%84");
    }

    #[test]
    fn encoded_star_and_dollar_in_rules_are_literals() {
        assert!(rfc("/a%2Ab", "/a*b"));
        assert!(!rfc("/a%2Ab", "/axb"));
        assert!(rfc("/foo-%24", "/foo-$"));
    }

    #[test]
    fn many_wildcards_stay_fast() {
        let rule = format!("/{}$", "*a".repeat(200));
        let path = format!("/{}", "a".repeat(8192)) + "b";
        // Would take exponential time with a backtracking matcher.
        assert!(!rfc(&rule, &path));
        assert!(rfc(&rule, &path[..path.len() - 1]));
    }

    /// The canonical form one octet at a time, as first written: the oracle for the faster
    /// [`canonicalize`].
    fn canonicalize_slowly(input: &[u8], encoding: Encoding, side: Side) -> Vec<u8> {
        let mut out = Vec::new();
        if encoding == Encoding::NonAsciiOnly {
            for &b in input {
                if b >= 0x80 {
                    push_escaped(&mut out, b);
                } else {
                    out.push(b);
                }
            }
            return out;
        }
        if encoding == Encoding::NonAsciiRuleHexUpper {
            for (i, &b) in input.iter().enumerate() {
                let escape_digit = |at: usize| {
                    input.get(at) == Some(&b'%')
                        && input.get(at + 1).is_some_and(u8::is_ascii_hexdigit)
                        && input.get(at + 2).is_some_and(u8::is_ascii_hexdigit)
                };
                if b >= 0x80 {
                    push_escaped(&mut out, b);
                } else if side == Side::Rule
                    && ((i >= 1 && escape_digit(i - 1)) || (i >= 2 && escape_digit(i - 2)))
                {
                    out.push(b.to_ascii_uppercase());
                } else {
                    out.push(b);
                }
            }
            return out;
        }
        let mut in_query = false;
        let mut i = 0;
        while i < input.len() {
            let b = input[i];
            match b {
                b'%' => match (
                    input.get(i + 1).copied().and_then(hex_value),
                    input.get(i + 2).copied().and_then(hex_value),
                ) {
                    (Some(hi), Some(lo)) => {
                        let v = hi << 4 | lo;
                        if is_unreserved(v) {
                            out.push(v);
                        } else {
                            push_escaped(&mut out, v);
                        }
                        i += 3;
                        continue;
                    }
                    _ => push_escaped(&mut out, b'%'),
                },
                b'*' if side == Side::Rule => out.push(b'*'),
                b'*' | b'$' => push_escaped(&mut out, b),
                b'?' if !in_query => {
                    in_query = true;
                    out.push(b'?');
                }
                b':' | b'/' | b'?' | b'@' | b'[' | b']' if in_query => push_escaped(&mut out, b),
                0x00..=0x20
                | 0x7F..=0xFF
                | b'"'
                | b'<'
                | b'>'
                | b'\\'
                | b'^'
                | b'`'
                | b'{'
                | b'|'
                | b'}' => push_escaped(&mut out, b),
                _ => out.push(b),
            }
            i += 1;
        }
        out
    }

    /// Random strings over octets that matter to canonical form and matching.
    fn random_strings(seed: u64, count: usize) -> Vec<Vec<u8>> {
        const ALPHABET: &[u8] = b"/ab?*$%2A4f=&:@[]\" <>\xE9\x00\x7F.~-";
        let mut state = seed;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..count)
            .map(|_| {
                let len = (next() % 12) as usize;
                (0..len)
                    .map(|_| ALPHABET[(next() % ALPHABET.len() as u64) as usize])
                    .collect()
            })
            .collect()
    }

    #[test]
    fn canonical_form_is_the_one_octet_at_a_time_form() {
        // Short strings, and longer ones (plain runs of every length around the eight-octet
        // chunks, between random parts) for the chunked search and its last eight octets.
        let short = random_strings(7, 20_000);
        let long = random_strings(9, 4_000)
            .into_iter()
            .enumerate()
            .map(|(n, s)| {
                let plain = &b"/abcdefghijklmnopqrstuvw"[..n % 24];
                [&s[..s.len() / 2], plain, &s[s.len() / 2..], plain].concat()
            });
        for s in short.into_iter().chain(long) {
            for encoding in [
                Encoding::Rfc3986,
                Encoding::NonAsciiOnly,
                Encoding::NonAsciiRuleHexUpper,
            ] {
                for side in [Side::Rule, Side::Url] {
                    assert_eq!(
                        canonicalize(&s, encoding, side),
                        canonicalize_slowly(&s, encoding, side),
                        "{s:?} {encoding:?} {side:?}"
                    );
                }
            }
        }
    }

    /// The shortcuts only ever set aside rules that do not match, and the direct search
    /// finds what `memmem` finds.
    #[test]
    fn shortcuts_never_drop_a_match() {
        let rules = random_strings(3, 400);
        let paths: Vec<Vec<u8>> = random_strings(5, 400)
            .into_iter()
            .map(|p| [&b"/"[..], &p].concat())
            .collect();
        let mut matched = 0;
        for encoding in [Encoding::Rfc3986, Encoding::NonAsciiOnly] {
            for rule in rules.iter().filter(|r| !r.is_empty()) {
                let pattern = Pattern::compile(rule, encoding);
                for path in &paths {
                    let path = canonicalize(path, encoding, Side::Url);
                    if pattern.matches(&path) {
                        matched += 1;
                        assert!(may_match_raw(rule, encoding, &path), "{rule:?} {path:?}");
                        assert!(pattern.may_match(head(&path)), "{rule:?} {path:?}");
                    }
                    for seg in 0..pattern.segments() {
                        let needle = pattern.segment(seg);
                        if !needle.is_empty() {
                            assert_eq!(find(&path, needle), memmem::find(&path, needle));
                        }
                    }
                }
            }
        }
        assert!(matched > 1000, "only {matched} matches");
    }

    #[test]
    fn length_counts_canonical_octets() {
        let len = |s: &str| Pattern::compile(s.as_bytes(), Encoding::Rfc3986).len();
        assert_eq!(len("/ツ"), len("/%E3%83%84"));
        assert_eq!(len("/*.htm"), 6);
        assert_eq!(len("/$"), 2);
    }
}
