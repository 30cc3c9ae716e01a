//! What causes a split, from evidence: the construct whose neutralisation makes an
//! implementation's disagreement with the reference disappear.
//!
//! A family's minimal input still holds every construct the split needs, and often more than
//! one (a misspelled `useragent` *and* the empty `allow:` line that lets it start a new
//! group). Picking the first construct in a fixed order names the wrong one about as often as
//! the right one. Two sources of evidence decide instead:
//!
//! - **Ablation** ([`variants`]): for each construct the input holds, the same input with that
//!   construct neutralised (a misspelled field name spelled right, the missing colon put back,
//!   an empty-value line removed, a rule's `%xx` of an unreserved character decoded, CRLF made
//!   LF, the BOM taken off, a reserved character's escape replaced on both sides, a group's
//!   `user-agent` lines cut to the crawler's, the `Disallow` that ties with the deciding
//!   `Allow` taken away, …). `reptest fuzz-report` asks every implementation of the family
//!   and the reference under every profile about each variant ([`ablate`]) and keeps the
//!   answers in the catalogue (each family's `ablation`), so that the derivation stays a pure
//!   function of `index.json`. A construct whose variant makes the implementation agree with
//!   the reference (under every profile it contradicted) is a *candidate*, provided the
//!   implementation reacts to it: one of the construct's neutralisations changes the
//!   implementation's own answer (a split that disappears only because the reference moved
//!   says nothing about the implementation).
//! - **The reference's own account** ([`profile_decisions`]): where its `rfc9309` and `google`
//!   profiles read a line differently (a misspelling or a missing colon accepted by one and
//!   ignored by the other, a path repaired by one), and which constructs' neutralisation
//!   brings the two profiles to one answer. A profile split is exactly such a place, so its
//!   cause is the candidate there.
//!
//! [`cause`] then names one construct: the only candidate; or among several, those every
//! neutralisation of which removes the split (a neutralisation the implementation fails on,
//! with an error or a timeout, counts neither way) (a misspelled line spelled right that changes
//! nothing is weaker evidence than a construct whose every variant agrees), then the one the
//! profiles' decisions differ on (for a split against one profile), else the one the
//! implementation reacts to while the reference does not; else the candidates are
//! **combined**. A split against one profile where the implementation answers as the other is
//! a **profile split** whatever it reacts to: when no candidate explains it, its subject is
//! the construct whose neutralisation brings the two profiles to the implementation's answer
//! (the implementation may simply follow the other reading, and react to nothing). When no candidate exists, the deciding rule's own shape (which no variant
//! could take away: a `*` inside a pattern) is the cause if it has one; otherwise the label is
//! **combined**: no single construct explains it, and the report says so rather than guess.
//! An input that holds no construct at all is a plain question, labelled by the kind of rule
//! that decided it.
//!
//! Before any of this, a family's input is **cleaned** for each implementation it was
//! minimised for ([`Cleaned`]): every construct whose neutralisation changes neither its
//! answer nor the reference's is neutralised, so that what is left holds what its split
//! needs, not what another library's did; where it only met one profile's answer by chance,
//! the input is strengthened to a variant on which both profiles agree.

use std::collections::{BTreeMap, BTreeSet};

use reptest_reference::{Diagnostic, ParseOptions, Pattern, Profile, RecordKind, Robots};

use crate::answer::Answer;
use crate::engines::{Engine, ReferenceEngine, reference_name};
pub use crate::fuzz::findings::{Ablated, Cleaned};
use crate::fuzz::findings::{Family, FamilyInput, Index};
use crate::fuzz::generate::Input;
use crate::text::{hex_octet, is_control};

/// Every construct a variant can neutralise, in a fixed order (the order only names the
/// variants; it never decides a cause).
pub const ABLATABLE: [&str; 65] = [
    "bom",
    "inner-bom",
    "crlf",
    "cr-line-end",
    "last-line-end",
    "one-line-file",
    "blank-line",
    "adjacent-groups",
    "misspelling",
    "missing-colon",
    "wide-gap",
    "space-before-colon",
    "one-token-line",
    "word-and-space",
    "trailing-space",
    "empty-agent",
    "invalid-agent",
    "agent-part",
    "empty-value",
    "empty-only-rule",
    "unknown-field",
    "field-in-name",
    "typo-field",
    "nonstandard-typo",
    "non-standard-field",
    "sitemap",
    "rule-outside-group",
    "shared-group",
    "shared-name-group",
    "empty-group",
    "no-leading-slash",
    "double-slash",
    "inline-comment",
    "commented-rule",
    "star-group",
    "later-group",
    "split-groups",
    "inner-space",
    "hex-case",
    "percent",
    "unreserved-escape",
    "reserved-escape",
    "escaped-special",
    "bare-percent",
    "url-percent",
    "url-control-escape",
    "rule-in-host",
    "rule-elsewhere",
    "path-case",
    "partial-char",
    "non-utf8-escape",
    "escape-split",
    "non-ascii",
    "wildcard",
    "end-anchor",
    "inner-dollar",
    "agent-version",
    "adsbot-agent",
    "agent-hyphen",
    "empty-query",
    "tie",
    "tie-order",
    "equal-match",
    "rule-order",
    "unmatched-allow",
];

/// The input with the crawler renamed by `rename` (given its name, without the version): in
/// the question, and in every `user-agent` line whose value is its product token.
fn renamed_crawler(
    input: &Input,
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
    rename: &dyn Fn(&str) -> String,
) -> Input {
    let token = token_of(&input.agent);
    let lines = rewrite_lines(body, readings, &|line, kinds, _| {
        let (s, e) = any_value_span(&line.content)?;
        let value = String::from_utf8_lossy(&line.content[s..e]);
        (kinds.contains(&RecordKind::UserAgent) && value.trim().eq_ignore_ascii_case(&token)).then(
            || {
                Some(
                    [
                        &line.content[..s],
                        rename(&value).as_bytes(),
                        &line.content[e..],
                    ]
                    .concat(),
                )
            },
        )
    });
    let (name, version) = input
        .agent
        .split_at(input.agent.find('/').unwrap_or(input.agent.len()));
    Input {
        agent: rename(name) + version,
        ..with_body(input, lines.as_deref().unwrap_or(body))
    }
}

/// The crawlers Google's 2019 text excepts from the `*` group (an asterisk matches every
/// crawler but the AdsBot ones, which a file must name), by product token, lower-cased.
const GOOGLE_EXCEPTED: [&str; 5] = [
    "adsbot-google",
    "adsbot-google-mobile",
    "adsbot-google-mobile-apps",
    "mediapartners-google",
    "apis-google",
];

/// The label of a root cause no single construct explains.
pub const COMBINED: &str = "combined";

/// The static name of a construct (`None` for one this module does not know).
pub fn construct_name(name: &str) -> Option<&'static str> {
    ABLATABLE.iter().copied().find(|c| *c == name)
}

/// One line of a body as the reference splits it: content and line end.
#[derive(Clone)]
struct Line {
    content: Vec<u8>,
    end: Vec<u8>,
}

fn split_lines(body: &[u8]) -> Vec<Line> {
    reptest_reference::line_spans(body)
        .into_iter()
        .map(|line| Line {
            content: body[line.content].to_vec(),
            end: body[line.end].to_vec(),
        })
        .collect()
}

fn join_lines(lines: &[Line]) -> Vec<u8> {
    lines
        .iter()
        .flat_map(|l| l.content.iter().chain(&l.end).copied())
        .collect()
}

fn with_body(input: &Input, body: &[u8]) -> Input {
    Input {
        lines: body
            .split_inclusive(|b| *b == b'\n')
            .map(<[u8]>::to_vec)
            .collect(),
        agent: input.agent.clone(),
        urls: input.urls.clone(),
    }
}

fn is_space(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// Where a line's field name starts and ends (after a BOM and leading whitespace).
fn key_span(content: &[u8]) -> (usize, usize) {
    let mut start = 0;
    if content.starts_with(b"\xEF\xBB\xBF") {
        start = 3;
    }
    while start < content.len() && is_space(content[start]) {
        start += 1;
    }
    let mut end = start;
    while end < content.len() && content[end] != b':' && !is_space(content[end]) {
        end += 1;
    }
    (start, end)
}

/// Where a `field: value` line's value starts and ends, as the reference's `rfc9309` profile
/// reads the line (after the colon, trimmed, before a comment); `None` for a line it reads
/// without a colon. An empty value is placed where one would be written: before the comment,
/// or at the end of the line.
fn value_span(content: &[u8]) -> Option<(usize, usize)> {
    let options = ParseOptions {
        profile: Profile::Rfc9309,
        size_limit: usize::MAX,
    };
    let robots = Robots::parse(content, options);
    let record = robots.records().first()?;
    if matches!(record.kind, RecordKind::Blank | RecordKind::Invalid) {
        return None;
    }
    let span = &record.value_span;
    if span.is_empty() {
        let at = content
            .iter()
            .position(|b| *b == b'#')
            .unwrap_or(content.len());
        return Some((at, at));
    }
    Some((span.start, span.end))
}

/// A line's value: after its colon ([`value_span`]) or, on a line without one that a lenient
/// reading takes as a field (`disallow /a`), after its field name.
fn any_value_span(content: &[u8]) -> Option<(usize, usize)> {
    value_span(content).or_else(|| {
        let (_, key_end) = key_span(content);
        let rest = &content[key_end..];
        let lead = rest.iter().take_while(|b| is_space(**b)).count();
        let len = rest.iter().position(|b| *b == b'#').unwrap_or(rest.len());
        let trail = rest[..len]
            .iter()
            .rev()
            .take_while(|b| is_space(**b))
            .count();
        (lead + trail < len).then(|| (key_end + lead, key_end + len - trail))
    })
}

/// What the reference's `rfc9309` and `google` profiles say about each line: its kinds and
/// its diagnostics under either (`None` when the records do not line up with the lines).
fn line_readings(body: &[u8]) -> Option<Vec<(Vec<RecordKind>, Vec<Diagnostic>)>> {
    let lines = split_lines(body).len();
    let mut out: Vec<(Vec<RecordKind>, Vec<Diagnostic>)> = vec![(Vec::new(), Vec::new()); lines];
    for profile in [Profile::Rfc9309, Profile::Google] {
        let robots = Robots::parse(body, ParseOptions::new(profile));
        for record in robots.records() {
            let slot = out.get_mut(record.line.checked_sub(1)?)?;
            slot.0.push(record.kind);
            slot.1.extend(record.diagnostics.iter().cloned());
        }
    }
    Some(out)
}

/// How many lines of `body` hold more than a comment and whitespace (line ends as the
/// reference splits them: LF, CRLF or a lone CR).
pub(crate) fn meaningful_lines(body: &[u8]) -> usize {
    split_lines(body)
        .iter()
        .filter(|l| {
            let text = l.content.split(|b| *b == b'#').next().unwrap_or_default();
            !text.iter().all(|b| is_space(*b) || *b == b'\r')
        })
        .count()
}

/// Whether a line (without its line end) is one word and trailing whitespace, with no colon
/// and no comment (`Useragent `).
pub(crate) fn is_word_and_space(content: &[u8]) -> bool {
    if content.contains(&b'#') || content.contains(&b':') {
        return false;
    }
    let word = content.trim_ascii();
    !word.is_empty()
        && !word.iter().any(|b| is_space(*b))
        && content.last().is_some_and(|b| is_space(*b))
}

/// Whether a `user-agent` or rule line (without its line end) ends in whitespace after its
/// value, with no comment (`disallow: /a` and a tab).
fn has_trailing_space(content: &[u8], kinds: &[RecordKind]) -> bool {
    (is_rule(kinds) || kinds.contains(&RecordKind::UserAgent))
        && !content.contains(&b'#')
        && content.last().is_some_and(|b| is_space(*b))
        && value_span(content).is_some_and(|(s, e)| s < e)
}

/// Whether some `user-agent` or rule line of `body` ends in whitespace (see
/// [`has_trailing_space`]), for the corpus.
pub(crate) fn trailing_space(body: &[u8]) -> bool {
    line_readings(body).is_some_and(|readings| {
        split_lines(body)
            .iter()
            .zip(&readings)
            .any(|(line, (kinds, _))| has_trailing_space(&line.content, kinds))
    })
}

/// Whether line `i` is the only rule of its group, in any reading: no other rule between the
/// `user-agent` lines before it and the next `user-agent` line after it.
fn only_rule(readings: &[(Vec<RecordKind>, Vec<Diagnostic>)], i: usize) -> bool {
    let agent = |j: &usize| readings[*j].0.contains(&RecordKind::UserAgent);
    let before = (0..i).rev().take_while(|j| !agent(j));
    let after = (i + 1..readings.len()).take_while(|j| !agent(j));
    !before.chain(after).any(|j| is_rule(&readings[j].0))
}

fn is_rule(kinds: &[RecordKind]) -> bool {
    kinds
        .iter()
        .any(|k| matches!(k, RecordKind::Allow | RecordKind::Disallow))
}

const UNRESERVED: &[u8] = b"-._~";

/// `text` with each `%xx` escape (two hex digits) rewritten by `f`, which is given the two
/// digits and returns the replacement, or `None` to keep the escape as it is.
fn rewrite_escapes(text: &[u8], f: &dyn Fn(&[u8]) -> Option<Vec<u8>>) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if text[i] == b'%'
            && let Some(hex) = text.get(i + 1..i + 3)
            && hex.iter().all(u8::is_ascii_hexdigit)
        {
            match f(hex) {
                Some(new) => out.extend(new),
                None => out.extend_from_slice(&text[i..i + 3]),
            }
            i += 3;
        } else {
            out.push(text[i]);
            i += 1;
        }
    }
    out
}

/// A pattern or path with each `%xx` of an unreserved character decoded, nothing else
/// touched.
fn decode_unreserved(text: &[u8]) -> Vec<u8> {
    rewrite_escapes(text, &|hex| {
        let byte = hex_octet(hex)?;
        (byte.is_ascii_alphanumeric() || UNRESERVED.contains(&byte)).then(|| vec![byte])
    })
}

/// A pattern or path with each `%xx` of an unreserved character decoded and every other
/// escape's hex digits upper-cased.
fn normalise_escapes(text: &[u8]) -> Vec<u8> {
    rewrite_escapes(text, &|hex| {
        let byte = hex_octet(hex).unwrap_or_default();
        Some(
            if byte.is_ascii_alphanumeric() || UNRESERVED.contains(&byte) {
                vec![byte]
            } else {
                [&b"%"[..], &hex.to_ascii_uppercase()].concat()
            },
        )
    })
}

fn encode_non_ascii(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for &b in text {
        if b >= 0x80 {
            out.extend(format!("%{b:02X}").bytes());
        } else {
            out.push(b);
        }
    }
    out
}

/// Each rule line's value rewritten by `f`; `None` when nothing changed.
fn rewrite_rules(
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
    f: &dyn Fn(&[u8]) -> Vec<u8>,
) -> Option<Vec<u8>> {
    let mut lines = split_lines(body);
    let mut changed = false;
    for (line, (kinds, _)) in lines.iter_mut().zip(readings) {
        if !is_rule(kinds) {
            continue;
        }
        let Some((start, end)) = any_value_span(&line.content) else {
            continue;
        };
        let value = &line.content[start..end];
        let new = f(value);
        if new != value {
            changed = true;
            line.content = [&line.content[..start], new.as_slice(), &line.content[end..]].concat();
        }
    }
    changed.then(|| join_lines(&lines))
}

/// What to do with a line: nothing (`None`), remove it (`Some(None)`), or give it new content.
type LinePick<'a> = dyn Fn(&Line, &[RecordKind], &[Diagnostic]) -> Option<Option<Vec<u8>>> + 'a;

/// [`LinePick`], also given the line's 0-based position.
type LinePickAt<'a> =
    dyn Fn(usize, &Line, &[RecordKind], &[Diagnostic]) -> Option<Option<Vec<u8>>> + 'a;

/// Each line `pick` selects removed, or rewritten by it; `None` when nothing changed.
fn rewrite_lines(
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
    pick: &LinePick<'_>,
) -> Option<Vec<u8>> {
    rewrite_lines_at(body, readings, &|_, line, kinds, diagnostics| {
        pick(line, kinds, diagnostics)
    })
}

/// [`rewrite_lines`], with `pick` also given each line's 0-based position.
fn rewrite_lines_at(
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
    pick: &LinePickAt<'_>,
) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut changed = false;
    for (i, (line, (kinds, diagnostics))) in split_lines(body).into_iter().zip(readings).enumerate()
    {
        match pick(i, &line, kinds, diagnostics) {
            None => out.push(line),
            Some(None) => changed = true,
            Some(Some(content)) => {
                changed = true;
                out.push(Line {
                    content,
                    end: line.end,
                });
            }
        }
    }
    changed.then(|| join_lines(&out))
}

fn has(diagnostics: &[Diagnostic], name: &str) -> bool {
    diagnostics.iter().any(|d| d.name() == name)
}

/// Percent-encodings of reserved characters (RFC 3986 gen-delims and sub-delims) mapped to
/// escapes of characters that are neither reserved nor unreserved (each its own), so that a
/// rule and a URL still compare alike while no side holds a reserved escape any more.
const RESERVED_ESCAPES: [(&str, &str); 18] = [
    ("2A", "%01"),
    ("24", "%02"),
    ("21", "%03"),
    ("27", "%04"),
    ("28", "%05"),
    ("29", "%06"),
    ("5B", "%0E"),
    ("5D", "%0F"),
    ("2F", "%3C"),
    ("3F", "%3E"),
    ("23", "%22"),
    ("26", "%60"),
    ("3D", "%7B"),
    ("2B", "%7D"),
    ("3B", "%5C"),
    ("3A", "%5E"),
    ("40", "%7C"),
    ("2C", "%7F"),
];

/// The stand-in of a reserved character's escape (its two hex digits, either case), if
/// [`RESERVED_ESCAPES`] holds it.
fn reserved_stand_in(hex: &[u8]) -> Option<&'static str> {
    RESERVED_ESCAPES
        .iter()
        .find(|(from, _)| from.as_bytes().eq_ignore_ascii_case(hex))
        .map(|(_, to)| *to)
}

/// Whether two hex digits escape a reserved character that [`RESERVED_ESCAPES`] names.
pub(crate) fn is_reserved_escape(hex: &[u8]) -> bool {
    reserved_stand_in(hex).is_some()
}

/// `text` with every `%xx` of a reserved character in [`RESERVED_ESCAPES`] (either case)
/// replaced by its stand-in.
fn replace_reserved_escapes(text: &[u8]) -> Vec<u8> {
    rewrite_escapes(text, &|hex| {
        reserved_stand_in(hex).map(|to| to.as_bytes().to_vec())
    })
}

/// `text` with the hex digits of each `%xx` upper-cased, nothing decoded.
fn upper_hex(text: &[u8]) -> Vec<u8> {
    rewrite_escapes(text, &|hex| {
        Some([&b"%"[..], &hex.to_ascii_uppercase()].concat())
    })
}

/// Whether the path of `input`'s first URL holds an escape with a lower-case hex digit.
fn url_hex_lowered(input: &Input) -> bool {
    input.urls.first().is_some_and(|url| {
        let path = &url.as_bytes()[path_at(url)..];
        upper_hex(path) != path
    })
}

/// `text` with each `%` that starts no `%xx` escape written `%25`.
fn escape_bare_percent(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for (i, &b) in text.iter().enumerate() {
        let escape = text
            .get(i + 1..i + 3)
            .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
        if b == b'%' && !escape {
            out.extend_from_slice(b"%25");
        } else {
            out.push(b);
        }
    }
    out
}

/// `text` with each `%` that starts no escape completed to an escape `path` holds that
/// begins with it (`%7` to `%7B` where the URL holds `%7B`); unchanged where none does.
fn complete_bare_percent(text: &[u8], path: &[u8]) -> Vec<u8> {
    let hex = |b: &u8| b.is_ascii_hexdigit();
    let escapes: Vec<&[u8]> = path
        .windows(3)
        .filter(|w| w[0] == b'%' && w[1..].iter().all(hex))
        .collect();
    let mut out = Vec::with_capacity(text.len() + 2);
    let mut i = 0;
    while i < text.len() {
        if text[i] != b'%' || text.get(i + 1..i + 3).is_some_and(|h| h.iter().all(hex)) {
            out.push(text[i]);
            i += 1;
            continue;
        }
        let digits = usize::from(text.get(i + 1).is_some_and(hex));
        let begun = &text[i..=i + digits];
        match escapes
            .iter()
            .find(|e| e[..begun.len()].eq_ignore_ascii_case(begun))
        {
            Some(escape) => out.extend_from_slice(escape),
            None => out.extend_from_slice(begun),
        }
        i += 1 + digits;
    }
    out
}

/// The URL with its path (and query) rewritten by `f`.
fn rewrite_url_path(url: &str, f: &dyn Fn(&[u8]) -> Vec<u8>) -> String {
    let path = path_at(url);
    let new = f(&url.as_bytes()[path..]);
    format!("{}{}", &url[..path], String::from_utf8_lossy(&new))
}

/// Where `url`'s path starts (its length when it has none).
fn path_at(url: &str) -> usize {
    let at = url.find("://").map_or(0, |i| i + 3);
    url[at..].find('/').map_or(url.len(), |i| at + i)
}

/// `input` with `f` applied to its rules' values and to its URLs' paths alike; `None` when
/// neither changed.
fn on_both_sides(
    input: &Input,
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
    f: &dyn Fn(&[u8]) -> Vec<u8>,
) -> Option<Input> {
    let rules = rewrite_rules(body, readings, f);
    let urls: Vec<String> = input.urls.iter().map(|u| rewrite_url_path(u, f)).collect();
    (rules.is_some() || urls != input.urls).then(|| Input {
        urls,
        ..with_body(input, rules.as_deref().unwrap_or(body))
    })
}

/// Whether two hex digits escape a `*` or a `$` (`%2A`, `%24`).
pub(crate) fn is_special_escape(hex: &[u8]) -> bool {
    hex.eq_ignore_ascii_case(b"2A") || hex.eq_ignore_ascii_case(b"24")
}

/// `text` with every percent-encoding decoded (a `%` that starts none kept).
fn decode_all(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        match text.get(i + 1..i + 3).and_then(hex_octet) {
            Some(octet) if text[i] == b'%' => {
                out.push(octet);
                i += 3;
            }
            _ => {
                out.push(text[i]);
                i += 1;
            }
        }
    }
    out
}

/// Whether a line is a comment that holds a rule or a `user-agent` line (`#Disallow: /`).
pub(crate) fn is_commented_rule(line: &str) -> bool {
    line.trim_start().strip_prefix('#').is_some_and(|rest| {
        let rest = rest.trim_start().to_ascii_lowercase();
        ["disallow", "allow", "user-agent"]
            .iter()
            .any(|f| rest.starts_with(f))
    })
}

/// Whether `key` is a field name spelled right (`allow`, `user-agent`, …, in any case): one the
/// reference's `rfc9309` profile, which takes the names exactly as RFC 9309 lists them, reads
/// as a field.
fn known_field(key: &str) -> bool {
    reptest_reference::field(key.as_bytes(), Profile::Rfc9309).is_some()
}

/// Whether a field name that is none of the known ones holds one (`sallow`, `x-disallow`,
/// `my-user-agent`), which a field pattern not anchored at both ends reads as that field.
pub(crate) fn holds_field_name(key: &[u8]) -> bool {
    let key = String::from_utf8_lossy(key).to_ascii_lowercase();
    !known_field(&key)
        && ["allow", "user-agent", "useragent"]
            .iter()
            .any(|f| key.contains(f))
}

/// How many percent-encoded continuation octets the UTF-8 character a value's trailing
/// escapes start still lacks (`/%C3` lacks one): 0 when the value ends on a whole character.
pub(crate) fn missing_continuations(value: &[u8]) -> usize {
    let mut octets = Vec::new();
    let mut end = value.len();
    while end >= 3 && value[end - 3] == b'%' {
        let Some(octet) = hex_octet(&value[end - 2..end]) else {
            break;
        };
        octets.push(octet);
        end -= 3;
        if octet >= 0xC0 {
            break;
        }
    }
    let Some(&lead) = octets.last() else {
        return 0;
    };
    let needed: usize = match lead {
        0xC0..=0xDF => 1,
        0xE0..=0xEF => 2,
        0xF0..=0xF7 => 3,
        _ => return 0,
    };
    needed.saturating_sub(octets.len() - 1)
}

/// Whether an unknown field name is spelled like a known one (one or two letters off:
/// `alow`, `dissalow`), which a reading lenient with typos takes as that field.
pub(crate) fn near_field_name(key: &[u8]) -> bool {
    let key = String::from_utf8_lossy(key).to_ascii_lowercase();
    let distance = |a: &str, b: &str| -> usize {
        let b: Vec<char> = b.chars().collect();
        let mut row: Vec<usize> = (0..=b.len()).collect();
        for (i, ca) in a.chars().enumerate() {
            let mut previous = row[0];
            row[0] = i + 1;
            for (j, cb) in b.iter().enumerate() {
                let here = row[j + 1];
                row[j + 1] = (previous + usize::from(ca != *cb))
                    .min(row[j] + 1)
                    .min(here + 1);
                previous = here;
            }
        }
        row[b.len()]
    };
    !known_field(&key)
        && !holds_field_name(key.as_bytes())
        && ["allow", "disallow", "user-agent"]
            .iter()
            .any(|f| distance(&key, f) <= 2)
}

/// Whether an unknown field's name is spelled like a non-standard field's a library may
/// accept (`crawldelay` for `crawl-delay`, `sitemaps` for `sitemap`), and like none of the
/// standard ones ([`near_field_name`], [`holds_field_name`]).
pub(crate) fn near_nonstandard_name(key: &[u8]) -> bool {
    let key = String::from_utf8_lossy(key).to_ascii_lowercase();
    let squeezed: String = key.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
    !known_field(&key)
        && !holds_field_name(key.as_bytes())
        && !near_field_name(key.as_bytes())
        && !NONSTANDARD_FIELDS.contains(&key.as_str())
        && NONSTANDARD_FIELDS.iter().any(|f| {
            let plain: String = f.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
            squeezed == plain || (key.len() > f.len() && key.starts_with(f))
        })
}

/// Non-standard fields libraries read: the spellings [`near_nonstandard_name`] measures
/// against.
const NONSTANDARD_FIELDS: [&str; 4] = ["crawl-delay", "sitemap", "request-rate", "clean-param"];

/// The lines joined again without those at the 0-based positions `drop`.
fn join_without(lines: Vec<Line>, drop: &[usize]) -> Vec<u8> {
    let kept: Vec<Line> = lines
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !drop.contains(i))
        .map(|(_, l)| l)
        .collect();
    join_lines(&kept)
}

/// The crawler's product token, lower-cased (`FooBot/1.2` is `foobot`).
pub(crate) fn token_of(agent: &str) -> String {
    agent
        .split('/')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase()
}

/// The body without the `Disallow` rules that tie with the `Allow` rule deciding the
/// reference's verdict under [`PROFILE_FOR_TIES`] (same length, both matching): the question
/// with no tie to break, whose answer stays the `Allow` rule's. `None` when the verdict rests
/// on no such tie.
fn without_ties(input: &Input, body: &[u8]) -> Option<Vec<u8>> {
    // Take the deciding `Allow` away: a `Disallow` of the same length then decides if one ties.
    without_alike(input, body, PROFILE_FOR_TIES, |first, (allow, len)| {
        first.0 && !allow && len == first.1
    })
}

/// The body without the rules that decide in turn once the rule deciding the reference's
/// verdict under `profile` is taken out (and each found), while `alike` holds of the first
/// decider's kind and length (whether an `Allow`, the pattern's length) and theirs; the
/// deciding rule kept. `None` when none is found.
fn without_alike(
    input: &Input,
    body: &[u8],
    profile: Profile,
    alike: impl Fn((bool, usize), (bool, usize)) -> bool,
) -> Option<Vec<u8>> {
    let url = input.urls.first()?;
    let lines = split_lines(body);
    let decide = |lines: &[Line]| -> Option<(usize, bool, usize)> {
        let joined = join_lines(lines);
        let robots = Robots::parse(&joined, ParseOptions::new(profile));
        let selection = robots.select(&[input.agent.as_str()]);
        let verdict = selection.check_url(url).ok()?;
        let rule = verdict.rule?;
        Some((rule.line, rule.allow, rule.pattern().len()))
    };
    let (line, allow, len) = decide(&lines)?;
    let mut found: Vec<usize> = Vec::new();
    for _ in 0..8 {
        // Line numbers shift as lines are taken out: map the probe's back to the file's.
        let kept: Vec<usize> = (1..=lines.len())
            .filter(|n| *n != line && !found.contains(n))
            .collect();
        let probe: Vec<Line> = kept
            .iter()
            .map(|n| Line {
                content: lines[n - 1].content.clone(),
                end: lines[n - 1].end.clone(),
            })
            .collect();
        match decide(&probe) {
            Some((at, a, l)) if alike((allow, len), (a, l)) => {
                found.push(*kept.get(at.checked_sub(1)?)?);
            }
            _ => break,
        }
    }
    if found.is_empty() {
        return None;
    }
    let drop: Vec<usize> = found.iter().map(|n| n - 1).collect();
    Some(join_without(lines, &drop))
}

/// The body with the rules that match the URL as long as the deciding rule, of its own kind,
/// taken out (`allow: *` beside a deciding `allow: /`), the deciding rule kept: every reading
/// answers as before, and a library that cannot choose between equal matches (one that
/// compares the rules themselves when their lengths are equal) no longer has to. `None`
/// when no other rule of the deciding one's kind and length matches.
fn without_equal_matches(input: &Input, body: &[u8]) -> Option<Vec<u8>> {
    // Read as `rfc9309` does, else (a group only Google's parser reads, behind a colonless
    // `user-agent` line) as `google` does.
    [Profile::Rfc9309, Profile::Google]
        .into_iter()
        .find_map(|profile| without_alike(input, body, profile, |first, other| first == other))
}

/// The profile whose verdict a tie is read from (both profiles break a tie for `Allow`).
const PROFILE_FOR_TIES: Profile = Profile::Rfc9309;

/// Each run of consecutive `user-agent` lines of `readings` (a group's names), by line.
fn agent_runs(readings: &[(Vec<RecordKind>, Vec<Diagnostic>)]) -> Vec<std::ops::Range<usize>> {
    let is_agent = |i: usize| readings[i].0.contains(&RecordKind::UserAgent);
    let mut runs = Vec::new();
    let mut i = 0;
    while i < readings.len() {
        if !is_agent(i) {
            i += 1;
            continue;
        }
        let start = i;
        while i < readings.len() && is_agent(i) {
            i += 1;
        }
        runs.push(start..i);
    }
    runs
}

/// A line's value, lower-cased (empty when it has none).
fn lowered_value(line: &Line) -> String {
    value_span(&line.content)
        .map(|(s, e)| String::from_utf8_lossy(&line.content[s..e]).to_ascii_lowercase())
        .unwrap_or_default()
}

/// The body with each run of consecutive `user-agent` lines cut to one: the line naming the
/// crawler's product token, else the `*` line, else the run's first.
fn one_agent_per_group(
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
    agent: &str,
) -> Option<Vec<u8>> {
    let token = token_of(agent);
    let lines = split_lines(body);
    let value = |i: usize| lowered_value(&lines[i]);
    let mut drop: Vec<usize> = Vec::new();
    for run in agent_runs(readings).into_iter().filter(|r| r.len() >= 2) {
        let keep = run
            .clone()
            .find(|&j| value(j) == token)
            .or_else(|| run.clone().find(|&j| value(j) == "*"))
            .unwrap_or(run.start);
        drop.extend(run.filter(|j| *j != keep));
    }
    if drop.is_empty() {
        return None;
    }
    Some(join_without(lines, &drop))
}

/// The body with each name that shares a group with the crawler renamed (to
/// `xqzvw-name-N`) in its groups elsewhere: the crawler's own group, as every reading has it,
/// no longer shares a name with another group. A library that keeps one record per name, and
/// gives a shared group the record of its first name, gives the crawler that name's other
/// rules too; renamed, it no longer does. `None` when no such name has another group.
fn other_names_renamed(
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
    agent: &str,
) -> Option<Vec<u8>> {
    let token = token_of(agent);
    let mut lines = split_lines(body);
    // Each group's names, and the crawler's groups among them.
    let runs = agent_runs(readings);
    let crawler_s: Vec<&std::ops::Range<usize>> = runs
        .iter()
        .filter(|r| (*r).clone().any(|j| lowered_value(&lines[j]) == token))
        .collect();
    let shared: Vec<String> = crawler_s
        .iter()
        .flat_map(|r| (*r).clone())
        .map(|j| lowered_value(&lines[j]))
        .filter(|v| !v.is_empty() && *v != token && v != "*")
        .collect();
    let elsewhere: Vec<usize> = runs
        .iter()
        .filter(|r| !crawler_s.contains(r))
        .flat_map(|r| r.clone())
        .filter(|j| shared.contains(&lowered_value(&lines[*j])))
        .collect();
    if elsewhere.is_empty() {
        return None;
    }
    for j in elsewhere {
        let n = shared.iter().position(|v| *v == lowered_value(&lines[j]))?;
        let (start, end) = value_span(&lines[j].content)?;
        let content = &lines[j].content;
        lines[j].content = [
            &content[..start],
            format!("xqzvw-name-{n}").as_bytes(),
            &content[end..],
        ]
        .concat();
    }
    Some(join_lines(&lines))
}

/// A rule that matches no URL a crawler asks about, given to a group that has none.
const MATCHES_NOTHING: &[u8] = b"disallow: /xqz-matches-nothing";

/// The body with a rule that matches nothing ([`MATCHES_NOTHING`]) after each group that has
/// no rule (its `user-agent` lines followed by the next `user-agent` line or the end of the
/// file, with no rule between): the same question, with no empty group left to read.
fn with_rule_in_empty_groups(
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
) -> Option<Vec<u8>> {
    let lines = split_lines(body);
    let is_agent = |i: usize| readings[i].0.contains(&RecordKind::UserAgent);
    let mut insert_after: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !is_agent(i) {
            i += 1;
            continue;
        }
        while i < lines.len() && is_agent(i) {
            i += 1;
        }
        let last_agent = i - 1;
        let mut has_rule = false;
        while i < lines.len() && !is_agent(i) {
            has_rule |= is_rule(&readings[i].0);
            i += 1;
        }
        if !has_rule {
            insert_after.push(last_agent);
        }
    }
    if insert_after.is_empty() {
        return None;
    }
    let mut out: Vec<Line> = Vec::new();
    for (n, line) in lines.into_iter().enumerate() {
        if !insert_after.contains(&n) {
            out.push(line);
            continue;
        }
        let end = if line.end.is_empty() {
            b"\n".to_vec()
        } else {
            line.end.clone()
        };
        out.push(Line {
            content: line.content,
            end: end.clone(),
        });
        out.push(Line {
            content: MATCHES_NOTHING.to_vec(),
            end,
        });
    }
    Some(join_lines(&out))
}

/// The input with each construct it holds neutralised (every occurrence of it at once), one
/// variant or more per construct (a misspelled line spelled right and taken out; an empty
/// `user-agent` line taken out and named; …), each named by its construct. Constructs the
/// input does not hold give no variant; a variant of a construct meant to leave every
/// reading's answer as it was is left out where it moves the reference's.
///
/// Remembered for the last inputs asked about (the root causes ask once per implementation
/// and family, and again for each representative).
pub fn variants(input: &Input) -> Vec<(&'static str, Input)> {
    type Key = (Vec<u8>, String, Vec<String>);
    thread_local! {
        static SEEN: std::cell::RefCell<BTreeMap<Key, Vec<(&'static str, Input)>>> =
            const { std::cell::RefCell::new(BTreeMap::new()) };
    }
    let key: Key = (input.body(), input.agent.clone(), input.urls.clone());
    if let Some(found) = SEEN.with(|seen| seen.borrow().get(&key).cloned()) {
        return found;
    }
    let made = neutralised(input);
    SEEN.with(|seen| {
        let mut seen = seen.borrow_mut();
        if seen.len() >= 4096 {
            seen.clear();
        }
        seen.insert(key, made.clone());
    });
    made
}

/// A narrower phrase for `construct` as `input` holds it, where its place in the file says
/// more than the construct's own phrase: rules in a file with no `user-agent` line at all
/// (which some libraries apply to every crawler, and others ignore only when a `user-agent`
/// line follows); a blank line between two `user-agent` lines of one group, or between a
/// group's `user-agent` lines and its first rule (a library may end a group at one and not
/// the other). `None` when the construct's phrase is as narrow as the input allows.
pub fn narrower_phrase(input: &Input, construct: &str) -> Option<&'static str> {
    let body = input.body();
    let readings = line_readings(&body)?;
    let lines = split_lines(&body);
    let agent = |i: usize| readings[i].0.contains(&RecordKind::UserAgent);
    let blank = |i: usize| lines[i].content.iter().all(|b| is_space(*b));
    // The values of the lines read as rules.
    let rule_values = || -> Vec<&[u8]> {
        (0..lines.len())
            .filter(|i| is_rule(&readings[*i].0))
            .filter_map(|i| any_value_span(&lines[i].content).map(|(s, e)| &lines[i].content[s..e]))
            .collect()
    };
    match construct {
        "rule-outside-group" => {
            (!(0..lines.len()).any(agent)).then_some("rules in a file with no `user-agent` line")
        }
        "blank-line" => {
            // Each blank line between two lines that are not, with the nearest of those.
            let inner: Vec<(usize, usize)> = (0..lines.len())
                .filter(|i| blank(*i))
                .filter_map(|i| {
                    let before = (0..i).rev().find(|k| !blank(*k))?;
                    let after = (i + 1..lines.len()).find(|k| !blank(*k))?;
                    Some((before, after))
                })
                .collect();
            if inner.is_empty() {
                None
            } else if inner.iter().all(|(b, a)| agent(*b) && agent(*a)) {
                Some("a blank line between two `user-agent` lines of one group")
            } else if inner
                .iter()
                .all(|(b, a)| agent(*b) && is_rule(&readings[*a].0))
            {
                Some("a blank line between a group's `user-agent` lines and its rules")
            } else {
                None
            }
        }
        // The URL's escapes hold lower-case hex digits: Google's parser upper-cases a rule's
        // and compares the URL's as sent, so it is the URL's case that parts the readings.
        "hex-case" => url_hex_lowered(input).then_some(
            "lower-case hex digits in the URL's percent-encoding (`%c3` for `%C3`), which \
             Google's parser compares as sent (it upper-cases only a rule's)",
        ),
        // Every rule holding non-ASCII characters ends in Unicode whitespace (U+00A0, U+2002,
        // …) and holds no other: a library that trims Unicode whitespace reads the rule short.
        "non-ascii" => {
            let odd: Vec<&[u8]> = rule_values()
                .into_iter()
                .filter(|v| !v.is_ascii())
                .collect();
            let spaced_end = |v: &[u8]| {
                let text = String::from_utf8_lossy(v);
                let trimmed = text.trim_end();
                trimmed.len() < text.len() && trimmed.is_ascii()
            };
            (!odd.is_empty() && odd.iter().all(|v| spaced_end(v))).then_some(
                "a rule ending in a non-ASCII whitespace character (U+00A0, U+2002, …), which \
                 Unicode counts as whitespace",
            )
        }
        // Every unknown or non-standard field line sits between two `user-agent` lines (blank
        // lines aside): a library that ends a group's names there splits the group.
        "unknown-field" | "non-standard-field" | "nonstandard-typo" => {
            let found: Vec<usize> = (0..lines.len())
                .filter(|i| {
                    if construct == "nonstandard-typo" {
                        let (start, end) = key_span(&lines[*i].content);
                        has(&readings[*i].1, "unknown-field")
                            && near_nonstandard_name(&lines[*i].content[start..end])
                    } else {
                        has(&readings[*i].1, construct)
                    }
                })
                .collect();
            // Every such line's name holds a character outside HTTP's token set (`/:`,
            // `a(b):`), or is empty: a grammar built on tokens fails on the line.
            let untokened = |i: &usize| {
                let (start, end) = key_span(&lines[*i].content);
                let name = &lines[*i].content[start..end];
                name.is_empty()
                    || name
                        .iter()
                        .any(|b| b.is_ascii_control() || b"()<>@,;:\\\"/[]?={} ".contains(b))
            };
            // Every such line a `crawl-delay` (any letter case).
            let delays = || {
                found.iter().all(|i| {
                    let (start, end) = key_span(&lines[*i].content);
                    lines[*i].content[start..end].eq_ignore_ascii_case(b"crawl-delay")
                })
            };
            let between = |i: usize| {
                let before = (0..i).rev().find(|k| !blank(*k));
                let after = (i + 1..lines.len()).find(|k| !blank(*k) && !found.contains(k));
                before.is_some_and(agent) && after.is_some_and(agent)
            };
            if found.is_empty() {
                None
            } else if found.iter().all(|i| between(*i)) {
                Some(if construct == "unknown-field" {
                    "an unknown field line between two `user-agent` lines of one group"
                } else if construct == "non-standard-field" && delays() {
                    "a `crawl-delay` line between two `user-agent` lines of one group"
                } else if construct == "nonstandard-typo" {
                    "a field spelled like a non-standard one (`Crawldelay` for `crawl-delay`), \
                     which the library accepts as that field, between two `user-agent` lines of \
                     one group"
                } else {
                    "a non-standard field line (`sitemap`, `crawl-delay`, …) between two \
                     `user-agent` lines of one group"
                })
            } else {
                (construct == "unknown-field" && found.iter().all(untokened)).then_some(
                    "a field line whose name is empty or holds a character outside HTTP's token \
                     set (`/:`, `a(b):`)",
                )
            }
        }
        // The last line, without a line end, ends right after its colon (`Disallow:`) or is
        // one word: a lexer that stops at the end of the file may find no value there.
        "last-line-end" => {
            let last = lines.last().filter(|l| l.end.is_empty())?;
            let content = &last.content;
            if content.ends_with(b":") {
                Some("a last line without a line end that ends right after its colon (`Disallow:`)")
            } else if !content.contains(&b':')
                && !content.is_empty()
                && !content.iter().any(|b| is_space(*b))
            {
                Some("a last line of one word, without a line end")
            } else {
                None
            }
        }
        // Every `Allow` line right before a `user-agent` line: for a library obeying no
        // `Allow` line, the groups it parts are one.
        "allow-ignored" => {
            let allows: Vec<usize> = (0..lines.len())
                .filter(|i| readings[*i].0.contains(&RecordKind::Allow))
                .collect();
            let next_is_agent =
                |i: usize| (i + 1..lines.len()).find(|k| !blank(*k)).is_some_and(agent);
            (!allows.is_empty() && allows.iter().all(|i| next_is_agent(*i))).then_some(
                "an `Allow` line between two groups, where the library obeys no `Allow` line \
                 (read as nothing, it leaves the next `user-agent` line in the same group)",
            )
        }
        // Every rule holding `$` before its end does so as an escape (`/%24$`).
        "inner-dollar" => {
            let inner: Vec<&[u8]> = rule_values()
                .into_iter()
                .filter(|v| {
                    v.len() > 1 && v[..v.len() - 1].contains(&b'$') || inner_escaped_dollar(v)
                })
                .collect();
            (!inner.is_empty() && inner.iter().all(|v| inner_escaped_dollar(v))).then_some(
                "a rule ending in the `$` anchor that holds an escaped `$` (`%24`) before it \
                 (`/a%24$`), which a library decoding escapes reads as a second `$`",
            )
        }
        // Every empty rule an empty `Disallow:` with another rule of its group after it (a
        // library reading it as allowing everything may stop there), or every one an empty
        // `Allow:` (which a library may read as disallowing everything).
        "empty-value" => {
            let empty: Vec<usize> = (0..lines.len())
                .filter(|i| is_rule(&readings[*i].0) && rule_value(&lines[*i].content).is_empty())
                .collect();
            let rule_after = |i: usize| {
                (i + 1..lines.len())
                    .take_while(|k| !agent(*k))
                    .any(|k| is_rule(&readings[k].0) && !rule_value(&lines[k].content).is_empty())
            };
            // Every empty rule of one kind, read as that kind alone.
            let only = |kind: RecordKind, other: RecordKind| {
                !empty.is_empty()
                    && empty
                        .iter()
                        .all(|i| readings[*i].0.contains(&kind) && !readings[*i].0.contains(&other))
            };
            if only(RecordKind::Disallow, RecordKind::Allow) && empty.iter().all(|i| rule_after(*i))
            {
                Some(
                    "an empty `Disallow:` (which disallows nothing) before other rules of its group",
                )
            } else if only(RecordKind::Allow, RecordKind::Disallow) {
                Some("an empty `Allow:` (which allows nothing by itself)")
            } else {
                None
            }
        }
        // Every rule ends in an escaped `?`, `#` or `;`: decoded, an empty query, fragment or
        // parameters, which a library parsing the rule as a URL drops.
        "reserved-escape" | "rule-reserved-escape" => {
            let escaped: Vec<&[u8]> = rule_values()
                .into_iter()
                .filter(|v| v.contains(&b'%'))
                .collect();
            let ends_empty = |v: &[u8]| {
                v.len() >= 3
                    && [&b"%3F"[..], b"%23", b"%3B"]
                        .iter()
                        .any(|e| v[v.len() - 3..].eq_ignore_ascii_case(e))
            };
            (!escaped.is_empty() && escaped.iter().all(|v| ends_empty(v))).then_some(
                "a rule ending in a percent-encoded `?`, `#` or `;` (decoded, an empty query, \
                 fragment or parameters)",
            )
        }
        // The rules' values, read as a rule: their inner whitespace all control octets (a tab
        // is one, which a library may delete rather than compare).
        "inner-space" => {
            let inner: Vec<u8> = rule_values()
                .into_iter()
                .flat_map(|v| {
                    v.iter()
                        .copied()
                        .filter(|b| b.is_ascii_whitespace() || b.is_ascii_control())
                })
                .collect();
            (!inner.is_empty() && inner.iter().all(|b| *b != b' '))
                .then_some("a tab or other control character inside a rule's path")
        }
        // Every rule holding `*` starts with `*/`: its `*` stands where a path's leading `/`
        // is, and may match nothing before it (a library that puts a `/` before a rule that
        // lacks one then asks for two).
        "wildcard" | "no-leading-slash" => {
            let starred: Vec<&[u8]> = rule_values()
                .into_iter()
                .filter(|v| v.contains(&b'*'))
                .collect();
            (!starred.is_empty() && starred.iter().all(|v| v.starts_with(b"*/")))
                .then_some("a rule starting with `*/`, not `/` (its `*` may match nothing)")
        }
        _ => None,
    }
}

/// Constructs of the whole file (its line ends, its length): [`instance`] names no line.
const WHOLE_FILE: [&str; 5] = [
    "crlf",
    "cr-line-end",
    "last-line-end",
    "one-line-file",
    "size-limit",
];

/// Where `construct` sits in `input`, for a report: the lines its first neutralisation
/// changes or takes out, else the crawler name or the URL it changes; `None` for a construct
/// the input gives no variant of, or one whose neutralisation only adds lines.
pub fn instance(input: &Input, construct: &str) -> Option<String> {
    // A property of the whole file, not of a line.
    if WHOLE_FILE.contains(&construct) {
        return None;
    }
    // The shared group's other names stand for the pair.
    let neutralised_as = if construct == SHARED_SPLIT {
        "shared-group"
    } else {
        construct
    };
    let variant = variants(input)
        .into_iter()
        .find(|(c, _)| *c == neutralised_as)
        .map(|(_, v)| v)?;
    let (body, neutralised) = (input.body(), variant.body());
    let mut left: Vec<&[u8]> = crate::text::lines_with_ends(&neutralised)
        .into_iter()
        .map(|(line, _)| line)
        .collect();
    let mut changed: Vec<&[u8]> = Vec::new();
    for (line, _) in crate::text::lines_with_ends(&body) {
        match left.iter().position(|l| *l == line) {
            Some(i) => {
                left.remove(i);
            }
            None => changed.push(line),
        }
    }
    // A blank line is named by the narrower phrase, if at all.
    changed.retain(|line| !line.iter().all(u8::is_ascii_whitespace));
    // A construct of the URL that the neutralisation also takes out of the rules (an empty
    // query's `?`) is the URL's.
    // Likewise lower-case hex digits the URL holds (what Google's parser compares as sent).
    let url_hex = construct == "hex-case" && url_hex_lowered(input);
    if (construct == "empty-query" || construct.starts_with("url-") || url_hex)
        && variant.urls != input.urls
    {
        changed.clear();
    }
    match changed.as_slice() {
        [] if variant.agent != input.agent => Some(format!(
            "the crawler name {}",
            crate::text::inline_code(input.agent.as_bytes(), 60)
        )),
        [] if variant.urls != input.urls => Some(format!(
            "the URL {}",
            crate::text::inline_code(input.urls.first()?.as_bytes(), 80)
        )),
        [] => None,
        lines if construct == "bare-percent" => {
            let named = named_lines(lines);
            Some(match bare_percent_on_escape(lines, input) {
                Some(escape) => format!(
                    "{named}, whose `%` Google's parser compares with the `%` of the URL's `{escape}`"
                ),
                None => named,
            })
        }
        lines => Some(named_lines(lines)),
    }
}

/// The URL's escape (`%7E`) whose `%` a rule of `lines` reaches with a `%` that starts no
/// escape, compared literally: a bare `%` that matches the URL only as Google's parser
/// compares (the URL as sent), where a reading that decodes the URL's escape, or encodes
/// the bare `%` as `%25`, finds no match. `None` where no rule does.
fn bare_percent_on_escape(lines: &[&[u8]], input: &Input) -> Option<String> {
    let url = input.urls.first()?;
    let path = &url.as_bytes()[path_at(url)..];
    lines.iter().find_map(|line| {
        let value = rule_value(line);
        let at = value.iter().enumerate().position(|(i, b)| {
            *b == b'%' && value.get(i + 1..i + 3).and_then(hex_octet).is_none()
        })?;
        let escape = path.get(at..at + 3)?;
        (path.starts_with(&value[..=at]) && hex_octet(&escape[1..]).is_some())
            .then(|| String::from_utf8_lossy(escape).into_owned())
    })
}

/// "the line `…`", "the lines `…` and `…`", "the lines `…`, `…` and 2 more".
fn named_lines(lines: &[&[u8]]) -> String {
    let show = |line: &[u8]| crate::text::inline_code(line, 60);
    match lines {
        [one] => format!("the line {}", show(one)),
        [first, second] => format!("the lines {} and {}", show(first), show(second)),
        [first, second, rest @ ..] => format!(
            "the lines {}, {} and {} more",
            show(first),
            show(second),
            rest.len()
        ),
        [] => String::new(),
    }
}

/// The name of the probes `line_alone_variants` are asked under: evidence, never a
/// construct.
pub const LINE_ALONE: &str = "line-alone";

/// Most lines a construct's neutralisation may change for each to be tried alone.
const LINES_ALONE: usize = 6;

/// For a neutralisation that rewrites lines in place (as many lines before as after), or
/// takes lines out and changes no other, and changes from 2 to [`LINES_ALONE`] of them: each
/// changed line, with the body in which only it is rewritten (or taken out). Empty otherwise.
fn lines_alone(body: &[u8], neutralised: &[u8]) -> Vec<(Vec<u8>, Vec<u8>)> {
    let (before, after) = (split_lines(body), split_lines(neutralised));
    if before.len() != after.len() {
        return lines_taken_out(&before, &after)
            .into_iter()
            .map(|i| {
                let mut one = split_lines(body);
                let line = one.remove(i);
                (line.content, join_lines(&one))
            })
            .collect();
    }
    let changed: Vec<usize> = (0..before.len())
        .filter(|i| before[*i].content != after[*i].content)
        .collect();
    if !(2..=LINES_ALONE).contains(&changed.len()) {
        return Vec::new();
    }
    changed
        .into_iter()
        .map(|i| {
            let mut one = split_lines(body);
            one[i].content.clone_from(&after[i].content);
            (before[i].content.clone(), join_lines(&one))
        })
        .collect()
}

/// Where `after` is `before` with lines taken out (each other line kept as it was, in its
/// order) and from 2 to [`LINES_ALONE`] of them are not blank: the indices in `before` of
/// those. Empty otherwise.
fn lines_taken_out(before: &[Line], after: &[Line]) -> Vec<usize> {
    let mut taken = Vec::new();
    let mut j = 0;
    for (i, line) in before.iter().enumerate() {
        if after.get(j).is_some_and(|a| a.content == line.content) {
            j += 1;
        } else {
            taken.push(i);
        }
    }
    // A blank line taken out with them is no line a title could name.
    taken.retain(|i| !before[*i].content.iter().all(|b| is_space(*b)));
    let kept_all = j == after.len();
    if kept_all && (2..=LINES_ALONE).contains(&taken.len()) {
        taken
    } else {
        Vec::new()
    }
}

/// Whether the rules of `input` hold reserved characters' escapes (`%3D`, `%2F`) and its URL
/// holds none of them, hex case aside: the escape is in the rule alone, where RFC 9309's
/// sentence on reserved escapes (about the URI) does not reach; the `rfc9309` profile keeps it
/// encoded, an interpretation (the spec case `encoding/reserved-encoding-kept-in-path`).
pub fn reserved_escape_in_rule_only(input: &Input) -> bool {
    let Some(url) = input.urls.first() else {
        return false;
    };
    let path = url[path_at(url)..].to_ascii_uppercase();
    let mut escapes: Vec<String> = Vec::new();
    for line in rule_lines_where(input, |_| true) {
        let value = rule_value(&line);
        for w in value.windows(3) {
            if w[0] == b'%' && is_reserved_escape(&w[1..]) {
                escapes.push(String::from_utf8_lossy(w).to_ascii_uppercase());
            }
        }
    }
    !escapes.is_empty() && escapes.iter().all(|e| !path.contains(e.as_str()))
}

/// Whether every rule of `input` holding `*` starts with `*/`: a path-pattern the grammar
/// does not allow (it starts with `/`), whose `*` may match nothing before the path's `/`.
pub fn starred_root_rules(input: &Input) -> bool {
    let starred: Vec<Vec<u8>> = rule_lines_where(input, |line| rule_value(line).contains(&b'*'));
    !starred.is_empty()
        && starred
            .iter()
            .all(|line| rule_value(line).starts_with(b"*/"))
}

/// The name the evidence of a construct's lines taken out is asked under, before `:<construct>`.
const LINES_OUT: &str = "lines-out";

/// For each construct of how a path is compared that the profiles part on
/// ([`MATCHING_SPLITS`]), its first neutralisation that rewrites lines in place, with those
/// lines taken out instead: what is left is the rest of the file, so where the profiles then
/// part, the implementation's answer shows how it reads the rest (a library reading a
/// colonless `disallow /` as `rfc9309` does, beside a rule with a space it compares as
/// Google's parser does). Each is named `lines-out:<construct>`; evidence for
/// [`profile_mix`], never a construct.
fn lines_out_variants(input: &Input) -> Vec<(String, Input)> {
    let body = input.body();
    let before = split_lines(&body);
    let mut seen: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for (construct, variant) in variants(input) {
        if seen.contains(&construct) || !MATCHING_SPLITS.contains(&construct) {
            continue;
        }
        seen.push(construct);
        let after = split_lines(&variant.body());
        if after.len() != before.len() {
            continue;
        }
        let kept: Vec<Line> = before
            .iter()
            .zip(&after)
            .filter(|(b, a)| b.content == a.content)
            .map(|(b, _)| b.clone())
            .collect();
        if kept.len() < before.len() && kept.len() + LINES_ALONE >= before.len() {
            out.push((
                format!("{LINES_OUT}:{construct}"),
                with_body(input, &join_lines(&kept)),
            ));
        }
    }
    out
}

/// Each construct's first neutralisation that rewrites several lines in place, one line at
/// a time ([`lines_alone`]): a library may react to one misspelled line and not the other.
/// Each is named `line-alone:<construct>`.
fn line_alone_variants(input: &Input) -> Vec<(String, Input)> {
    let body = input.body();
    let mut seen: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for (construct, variant) in variants(input) {
        if seen.contains(&construct) || WHOLE_FILE.contains(&construct) {
            continue;
        }
        seen.push(construct);
        for (_, one) in lines_alone(&body, &variant.body()) {
            out.push((format!("{LINE_ALONE}:{construct}"), with_body(input, &one)));
        }
    }
    out
}

/// [`instance`] of `construct` in `shown`, narrowed to the lines `name` reacts to: where the
/// construct's neutralisation rewrites several lines of `family`'s input, the lines whose
/// rewriting alone moves `name`'s answer (a library reading `useragent` but not `disalow`
/// reacts to the `disalow` line only). All of them where it reacts to none alone, or to all.
pub fn instance_for(family: &Family, name: &str, shown: &Input, construct: &str) -> Option<String> {
    let full = instance(shown, construct)?;
    let narrowed = || -> Option<String> {
        let input = family.input.as_ref()?.input();
        let variant = variants(&input)
            .into_iter()
            .find(|(c, _)| *c == construct)
            .map(|(_, v)| v)?;
        let alone = lines_alone(&input.body(), &variant.body());
        let original = family.split.get(name).copied()?;
        let probe = format!("{LINE_ALONE}:{construct}");
        let mut moved: Vec<&[u8]> = Vec::new();
        for (line, one) in &alone {
            let asked = FamilyInput::of(&with_body(&input, one));
            let said = family
                .ablation
                .iter()
                .find(|a| a.construct == probe && a.input == asked)?
                .answers
                .get(name)
                .copied()?;
            if said.allowed().is_some() && said != original {
                moved.push(line);
            }
        }
        (!moved.is_empty() && moved.len() < alone.len()).then(|| named_lines(&moved))
    };
    Some(narrowed().unwrap_or(full))
}

/// [`variants`], made.
/// Each line Google's parser takes for a rule only by accepting a missing colon or a
/// misspelled name (`Allow /`), or cuts short at its line buffer, written as a `Disallow`
/// that matches nothing (`Disallow: /xqzvw-matches-nothing`; an `Allow` that matches nothing
/// is a construct some libraries read apart): for every reading a rule line in its place,
/// deciding nothing. It moves `rfc9309`'s reading of the groups too (a rule line ends a
/// group's `user-agent` lines), so it never names a construct: it is asked only to
/// strengthen a cleaned input ([`clean`]), where a library that met `google`'s answer
/// through the rule keeps its answer while both profiles answer alike.
fn rules_voided(input: &Input) -> Vec<(&'static str, Input)> {
    let body = input.body();
    let Some(readings) = line_readings(&body) else {
        return Vec::new();
    };
    ["missing-colon", "misspelling", "long-line"]
        .into_iter()
        .filter_map(|construct| {
            let new = rewrite_lines(&body, &readings, &|_, kinds, diagnostics| {
                (has(diagnostics, construct) && is_rule(kinds))
                    .then(|| Some(b"Disallow: /xqzvw-matches-nothing".to_vec()))
            })?;
            Some((construct, with_body(input, &new)))
        })
        .collect()
}

fn neutralised(input: &Input) -> Vec<(&'static str, Input)> {
    let body = input.body();
    let Some(readings) = line_readings(&body) else {
        return Vec::new();
    };
    let mut out: Vec<(&'static str, Input)> = Vec::new();
    let mut push = |construct: &'static str, new: Option<Vec<u8>>| {
        if let Some(new) = new
            && new != body
        {
            out.push((construct, with_body(input, &new)));
        }
    };
    push(
        "bom",
        body.strip_prefix(b"\xEF\xBB\xBF").map(<[u8]>::to_vec),
    );
    // A BOM anywhere but at the start of the file: taken out.
    push("inner-bom", {
        let (head, rest) = body.split_at(if body.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        });
        let found = rest.windows(3).any(|w| w == b"\xEF\xBB\xBF");
        found.then(|| {
            let mut out = head.to_vec();
            let mut i = 0;
            while i < rest.len() {
                if rest[i..].starts_with(b"\xEF\xBB\xBF") {
                    i += 3;
                } else {
                    out.push(rest[i]);
                    i += 1;
                }
            }
            out
        })
    });
    // The other neutral form, for a BOM that starts a line other than the first: a letter in
    // its place, which every reading keeps in the field name as the reference keeps the BOM
    // (a library that skips a BOM wherever it stands then answers otherwise).
    push("inner-bom", {
        let mut lines = split_lines(&body);
        let mut changed = false;
        for line in lines.iter_mut().skip(1) {
            if let Some(rest) = line.content.strip_prefix(b"\xEF\xBB\xBF")
                && rest.first().is_some_and(|b| !is_space(*b))
            {
                line.content = [&b"x"[..], rest].concat();
                changed = true;
            }
        }
        changed.then(|| join_lines(&lines))
    });
    let relined = |from: &[u8], to: &[u8]| -> Option<Vec<u8>> {
        let mut changed = false;
        let mut lines = split_lines(&body);
        for line in &mut lines {
            if line.end == from {
                line.end = to.to_vec();
                changed = true;
            }
        }
        changed.then(|| join_lines(&lines))
    };
    // A last line with no line end: given one.
    push(
        "last-line-end",
        (!body.is_empty() && !body.ends_with(b"\n") && !body.ends_with(b"\r"))
            .then(|| [&body[..], b"\n"].concat()),
    );
    push("crlf", relined(b"\r\n", b"\n"));
    push("cr-line-end", relined(b"\r", b"\n"));
    // Blank lines (only whitespace) inside a group, before a line that is not a
    // `user-agent` line or between two `user-agent` lines: removed (a blank line before the
    // next group's `user-agent` line separates groups under every reading).
    let lines = split_lines(&body);
    let blank = |line: &Line| {
        line.content
            .strip_prefix(b"\xEF\xBB\xBF")
            .unwrap_or(&line.content)
            .iter()
            .all(|b| is_space(*b))
    };
    let agent_at = |j: usize| readings[j].0.contains(&RecordKind::UserAgent);
    let inside: Vec<bool> = (0..lines.len())
        .map(|i| {
            blank(&lines[i])
                && !lines[i].end.is_empty()
                && (i + 1..lines.len())
                    .find(|j| !blank(&lines[*j]))
                    .is_some_and(|j| {
                        !agent_at(j)
                            || (0..i)
                                .rev()
                                .find(|k| !blank(&lines[*k]))
                                .is_some_and(agent_at)
                    })
        })
        .collect();
    push(
        "blank-line",
        inside.contains(&true).then(|| {
            let drop: Vec<usize> = (0..inside.len()).filter(|i| inside[*i]).collect();
            join_without(lines, &drop)
        }),
    );
    // A group whose first `user-agent` line follows the previous group's last line with no
    // blank line between (which a reading of records as blank-line-separated joins to the
    // group before): a blank line put before it.
    push("adjacent-groups", {
        let mut out = Vec::new();
        let mut changed = false;
        // Within a group, and the last line that was not blank a record other than a
        // `user-agent` line.
        let mut in_group = false;
        let mut after_record = false;
        for (line, (kinds, _)) in split_lines(&body).into_iter().zip(&readings) {
            let agent = kinds.contains(&RecordKind::UserAgent);
            if agent && in_group && after_record {
                out.push(Line {
                    content: Vec::new(),
                    end: b"\n".to_vec(),
                });
                changed = true;
            }
            if line.content.iter().all(|b| is_space(*b)) {
                after_record = false;
            } else if !kinds.iter().all(|k| *k == RecordKind::Blank) {
                in_group |= agent;
                after_record = !agent;
            }
            out.push(line);
        }
        changed.then(|| join_lines(&out))
    });
    // Misspellings and missing colons, where either profile reads the line so.
    push(
        "misspelling",
        rewrite_lines(&body, &readings, &|line, _, diagnostics| {
            let canonical = diagnostics.iter().find_map(|d| match d {
                Diagnostic::AcceptedMisspelling { canonical } => Some(*canonical),
                _ => None,
            })?;
            let (start, end) = key_span(&line.content);
            // The field spelled right and nothing else (a missing colon stays missing: it is
            // a construct of its own, neutralised by its own variant and the pair of both).
            Some(Some(
                [
                    &line.content[..start],
                    canonical.as_bytes(),
                    &line.content[end..],
                ]
                .concat(),
            ))
        }),
    );
    let colonless = |diagnostics: &[Diagnostic]| {
        has(diagnostics, "accepted-missing-colon") || has(diagnostics, "missing-colon")
    };
    // Where the field name of a line without its colon ends.
    let colonless_key = |line: &Line, diagnostics: &[Diagnostic]| {
        let (start, end) = key_span(&line.content);
        (colonless(diagnostics) && end > start).then_some(end)
    };
    push(
        "missing-colon",
        rewrite_lines(&body, &readings, &|line, _, diagnostics| {
            let end = colonless_key(line, diagnostics)?;
            Some(Some(
                [&line.content[..end], b":", &line.content[end..]].concat(),
            ))
        }),
    );
    // A line without its colon whose name and value are parted by more than one space or tab
    // (`disallow  /`): one space left, which every reading of such a line reads alike.
    push(
        "wide-gap",
        rewrite_lines(&body, &readings, &|line, _, diagnostics| {
            let end = colonless_key(line, diagnostics)?;
            let gap = line.content[end..]
                .iter()
                .take_while(|b| is_space(**b))
                .count();
            if gap < 2 {
                return None;
            }
            Some(Some(
                [&line.content[..end], b" ", &line.content[end + gap..]].concat(),
            ))
        }),
    );
    // Whitespace between a field name and its colon (`Disallow :/a`): taken out.
    push(
        "space-before-colon",
        rewrite_lines(&body, &readings, &|line, _, _| {
            let (start, end) = key_span(&line.content);
            let rest = &line.content[end..];
            let gap = rest.iter().take_while(|b| is_space(**b)).count();
            (end > start && gap > 0 && rest.get(gap) == Some(&b':'))
                .then(|| Some([&line.content[..end], &rest[gap..]].concat()))
        }),
    );
    // A line of one word, with neither a colon nor whitespace inside (`w`, `Disallow`),
    // which no reading takes as a field: taken out.
    push(
        "one-token-line",
        rewrite_lines(&body, &readings, &|line, kinds, _| {
            if !kinds
                .iter()
                .all(|k| matches!(k, RecordKind::Invalid | RecordKind::Unknown))
            {
                return None;
            }
            let content = line
                .content
                .strip_prefix(b"\xEF\xBB\xBF")
                .unwrap_or(&line.content);
            let text = &content[..content
                .iter()
                .position(|b| *b == b'#')
                .unwrap_or(content.len())];
            let word = text.trim_ascii();
            (!word.is_empty() && !word.contains(&b':') && !word.iter().any(|b| is_space(*b)))
                .then_some(None)
        }),
    );
    // Such a word followed by whitespace (`Useragent `), which a reading that splits a
    // colonless line at its whitespace takes as a field with an empty value: the whitespace
    // taken off.
    push(
        "word-and-space",
        rewrite_lines(&body, &readings, &|line, _, _| {
            let content = &line.content;
            let kept = content.len() - content.iter().rev().take_while(|b| is_space(**b)).count();
            is_word_and_space(content).then(|| Some(content[..kept].to_vec()))
        }),
    );
    // Whitespace at the end of a `user-agent` or rule line (`disallow: /a` and a tab), which
    // every reading ignores: taken off.
    push(
        "trailing-space",
        rewrite_lines(&body, &readings, &|line, kinds, _| {
            let content = &line.content;
            has_trailing_space(content, kinds).then(|| Some(content.trim_ascii_end().to_vec()))
        }),
    );
    let is_agent = |kinds: &[RecordKind]| kinds.contains(&RecordKind::UserAgent);
    let empty_value =
        |line: &Line| value_span(&line.content).is_some_and(|(start, end)| start == end);
    // A line one profile reads leniently, taken out altogether: the other neutral form of a
    // misspelled or colonless line (`useragent:` with nothing after it starts a group under
    // one reading and is nothing under the other).
    push(
        "misspelling",
        rewrite_lines(&body, &readings, &|_, _, diagnostics| {
            has(diagnostics, "misspelling").then_some(None)
        }),
    );
    push(
        "missing-colon",
        rewrite_lines(&body, &readings, &|_, _, diagnostics| {
            (colonless(diagnostics) && !has(diagnostics, "misspelling")).then_some(None)
        }),
    );
    let lenient =
        |diagnostics: &[Diagnostic]| has(diagnostics, "misspelling") || colonless(diagnostics);
    push(
        "empty-agent",
        rewrite_lines(&body, &readings, &|line, kinds, diagnostics| {
            (is_agent(kinds) && empty_value(line) && !lenient(diagnostics)).then_some(None)
        }),
    );
    // The other neutral form: a name in its place that matches no crawler, so the line still
    // starts a group (a library that skips an empty `user-agent` line, and so joins its rules
    // to the group before, then answers otherwise).
    push(
        "empty-agent",
        rewrite_lines(&body, &readings, &|line, kinds, diagnostics| {
            if !is_agent(kinds) || !empty_value(line) || lenient(diagnostics) {
                return None;
            }
            let (start, _) = value_span(&line.content)?;
            Some(Some(
                [&line.content[..start], b"xqzvw", &line.content[start..]].concat(),
            ))
        }),
    );
    push(
        "invalid-agent",
        rewrite_lines(&body, &readings, &|line, kinds, diagnostics| {
            if !is_agent(kinds)
                || empty_value(line)
                || !has(diagnostics, "invalid-agent")
                || lenient(diagnostics)
            {
                return None;
            }
            let (start, end) = value_span(&line.content)?;
            let value = String::from_utf8_lossy(&line.content[start..end]).into_owned();
            let token: String = value
                .chars()
                .take_while(|c| c.is_ascii_alphabetic() || *c == '_' || *c == '-')
                .collect();
            if token.is_empty() {
                return Some(None);
            }
            Some(Some(
                [
                    &line.content[..start],
                    token.as_bytes(),
                    &line.content[end..],
                ]
                .concat(),
            ))
        }),
    );
    // A `user-agent` value that is only part of the crawler's product token (`f` for `fo`):
    // a different name in its place, which no reading matches to the crawler.
    let token = token_of(&input.agent);
    push(
        "agent-part",
        rewrite_lines(&body, &readings, &|line, kinds, _| {
            if !is_agent(kinds) || token.is_empty() {
                return None;
            }
            let (start, end) = any_value_span(&line.content)?;
            let value = String::from_utf8_lossy(&line.content[start..end]).to_ascii_lowercase();
            if value.is_empty() || value == "*" || value == token {
                return None;
            }
            if !token.contains(&value) {
                return None;
            }
            let other = ["xqzvw", "kjhgf"]
                .into_iter()
                .find(|o| !token.contains(o) && !o.contains(&token))?;
            Some(Some(
                [
                    &line.content[..start],
                    other.as_bytes(),
                    &line.content[end..],
                ]
                .concat(),
            ))
        }),
    );
    let removed = |name: &'static str| {
        rewrite_lines(&body, &readings, &|_, kinds, diagnostics| {
            (has(diagnostics, name) && !lenient(diagnostics) && !is_agent(kinds)).then_some(None)
        })
    };
    // An empty value: a rule line keeps its place with a path that matches nothing (taking
    // it out would also take away the rule line that ends a group's user-agent lines);
    // another line is taken out.
    // A group's only rule, with an empty value, before another group: what ends the group's
    // `user-agent` lines (a reading that drops it joins them to the next group's). Its own
    // construct, neutralised alike.
    let ending: Vec<usize> = if !profiles_agree(&readings) {
        Vec::new()
    } else {
        let groups = groups_of(&split_lines(&body), &readings);
        groups
            .iter()
            .take(groups.len().saturating_sub(1))
            .filter_map(|g| {
                let rules: Vec<usize> = g
                    .rest
                    .iter()
                    .copied()
                    .filter(|i| is_rule(&readings[*i].0))
                    .collect();
                (rules.len() == 1 && has(&readings[rules[0]].1, "empty-value")).then(|| rules[0])
            })
            .collect()
    };
    let emptied = |ends: bool| {
        rewrite_lines_at(&body, &readings, &|i, line, kinds, diagnostics| {
            if !has(diagnostics, "empty-value")
                || lenient(diagnostics)
                || is_agent(kinds)
                || ending.contains(&i) != ends
            {
                return None;
            }
            if !is_rule(kinds) {
                return Some(None);
            }
            let colon = line.content.iter().position(|b| *b == b':')?;
            Some(Some(
                [&line.content[..=colon], b" /xqzvw-matches-nothing"].concat(),
            ))
        })
    };
    push("empty-value", emptied(false));
    push("empty-only-rule", emptied(true));
    // A `Sitemap` line (which no reading lets end a group): taken out.
    push(
        "sitemap",
        rewrite_lines(&body, &readings, &|line, _, _| {
            let (start, end) = key_span(&line.content);
            line.content[start..end]
                .eq_ignore_ascii_case(b"sitemap")
                .then_some(None)
        }),
    );
    push("unknown-field", removed("unknown-field"));
    // An unknown field whose name holds a known one (`sallow`, `x-disallow`), or is spelled
    // like one (`alow`): the name replaced by one that is like none, still unknown to every
    // reading.
    let renamed = |test: fn(&[u8]) -> bool| {
        rewrite_lines(&body, &readings, &move |line, kinds, diagnostics| {
            if !has(diagnostics, "unknown-field") || lenient(diagnostics) || is_agent(kinds) {
                return None;
            }
            let (start, end) = key_span(&line.content);
            test(&line.content[start..end]).then(|| {
                Some([&line.content[..start], b"xqzvw-field", &line.content[end..]].concat())
            })
        })
    };
    push("field-in-name", renamed(holds_field_name));
    push("typo-field", renamed(near_field_name));
    // An unknown field spelled like a non-standard one (`Crawldelay`): renamed the same way.
    // A library the rename moves accepts the spelling as that field.
    push("nonstandard-typo", renamed(near_nonstandard_name));
    push("non-standard-field", removed("non-standard-field"));
    push("rule-outside-group", removed("rule-outside-group"));
    push(
        "shared-group",
        one_agent_per_group(&body, &readings, &input.agent),
    );
    push(
        "shared-name-group",
        other_names_renamed(&body, &readings, &input.agent),
    );
    push("empty-group", with_rule_in_empty_groups(&body, &readings));
    // A rule path without its leading `/` given one; so is one starting with `*` (`*/`),
    // which the grammar does not allow either (a path-pattern starts with `/`).
    push(
        "no-leading-slash",
        rewrite_lines(&body, &readings, &|line, kinds, diagnostics| {
            let starred = is_rule(kinds) && rule_value(&line.content).starts_with(b"*");
            if !has(diagnostics, "no-leading-slash") && !starred {
                return None;
            }
            let (start, _) = value_span(&line.content)?;
            Some(Some(
                [&line.content[..start], b"/", &line.content[start..]].concat(),
            ))
        }),
    );
    // The other neutral forms: the rule taken out, or its text replaced by one found nowhere
    // (a library that fails on a file with no rule still answers the latter), which no
    // reading matches to a path: a library that reads it as `/…`, or looks for it anywhere,
    // then answers otherwise.
    let slashless = |kinds: &[RecordKind], diagnostics: &[Diagnostic], line: &Line| {
        is_rule(kinds)
            && has(diagnostics, "no-leading-slash")
            && any_value_span(&line.content)
                .is_some_and(|(s, e)| !line.content[s..e].starts_with(b"*"))
    };
    push(
        "no-leading-slash",
        rewrite_lines(&body, &readings, &|line, kinds, diagnostics| {
            slashless(kinds, diagnostics, line).then_some(None)
        }),
    );
    push(
        "no-leading-slash",
        rewrite_lines(&body, &readings, &|line, kinds, diagnostics| {
            if !slashless(kinds, diagnostics, line) {
                return None;
            }
            let (s, e) = any_value_span(&line.content)?;
            Some(Some(
                [
                    &line.content[..s],
                    b"xqzvw-matches-nothing",
                    &line.content[e..],
                ]
                .concat(),
            ))
        }),
    );
    push(
        "inline-comment",
        rewrite_lines(&body, &readings, &|line, _, _| {
            let hash = line.content.iter().position(|b| *b == b'#')?;
            let before = &line.content[..hash];
            if before.iter().all(|b| is_space(*b)) {
                return None;
            }
            let kept = before.len() - before.iter().rev().take_while(|b| is_space(**b)).count();
            Some(Some(line.content[..kept].to_vec()))
        }),
    );
    // A comment line that holds a rule (`#Disallow: /`): taken out.
    push(
        "commented-rule",
        rewrite_lines(&body, &readings, &|line, _, _| {
            is_commented_rule(&String::from_utf8_lossy(&line.content)).then_some(None)
        }),
    );
    push("star-group", without_star_group(&body, &readings, &token));
    push(
        "inner-space",
        rewrite_rules(&body, &readings, &|value| {
            let mut out = Vec::new();
            for &b in value {
                match b {
                    b' ' => out.extend_from_slice(b"%20"),
                    b'\t' => out.extend_from_slice(b"%09"),
                    _ => out.push(b),
                }
            }
            out
        }),
    );
    // A `//` in a rule's path (which a URL library may read as the start of an authority,
    // or collapse): replaced on both sides, the rules' and the URL's path, by `/xqzvw/`,
    // which compares alike.
    let unslashed = |value: &[u8]| -> Vec<u8> {
        let mut out = Vec::with_capacity(value.len());
        let mut i = 0;
        while i < value.len() {
            if value[i..].starts_with(b"//") {
                out.extend_from_slice(b"/xqzvw/");
                i += 2;
            } else {
                out.push(value[i]);
                i += 1;
            }
        }
        out
    };
    if let Some(both) = on_both_sides(input, &body, &readings, &unslashed) {
        out.push(("double-slash", both));
    }
    // Hex digits' case alone, on both sides (`%c3` as `%C3`): nothing decoded.
    if let Some(both) = on_both_sides(input, &body, &readings, &upper_hex) {
        out.push(("hex-case", both));
    }
    // A `%` in a rule that starts no escape (`/a%`, `/%A`): written `%25`.
    if let Some(rules) = rewrite_rules(&body, &readings, &escape_bare_percent) {
        out.push(("bare-percent", with_body(input, &rules)));
    }
    // Or completed to an escape the URL holds that begins with it (`*%7` to `*%7B` for a URL
    // holding `%7B`): every reading of a `%` then agrees, and a library that only met one
    // profile's answer through something else (a `*` that does not backtrack) shows it.
    if let Some(url) = input.urls.first() {
        let path = &url.as_bytes()[path_at(url)..];
        if let Some(rules) = rewrite_rules(&body, &readings, &|value| {
            complete_bare_percent(value, path)
        }) {
            out.push(("bare-percent", with_body(input, &rules)));
        }
    }
    // A URL ending in an empty query (`/a?`): the `?` taken off the URL and off the rules
    // that end in it (`/a?`, `/a?$`), which compare alike.
    if input.urls.iter().any(|u| u.ends_with('?')) {
        let rules = rewrite_rules(&body, &readings, &|value| {
            if let Some(head) = value.strip_suffix(b"?$") {
                [head, &b"$"[..]].concat()
            } else {
                value.strip_suffix(b"?").unwrap_or(value).to_vec()
            }
        });
        let mut both = with_body(input, rules.as_deref().unwrap_or(&body));
        both.urls = input
            .urls
            .iter()
            .map(|u| u.strip_suffix('?').unwrap_or(u).to_owned())
            .collect();
        out.push(("empty-query", both));
    }
    // Percent-encodings: the rules' and the URL's escapes normalised together (an unreserved
    // character decoded, hex digits upper-cased), so that both sides write each octet alike;
    // then the URL's alone.
    let url = input
        .urls
        .first()
        .map(|url| rewrite_url_path(url, &normalise_escapes));
    let url_changed = url.as_ref().is_some_and(|u| Some(u) != input.urls.first());
    let rules = rewrite_rules(&body, &readings, &normalise_escapes);
    if rules.is_some() {
        let mut both = with_body(input, rules.as_deref().unwrap_or_default());
        if let Some(url) = &url {
            both.urls = vec![url.clone()];
        }
        out.push(("percent", both));
    }
    // Unreserved characters' escapes alone (`%7E` for `~`), decoded on both sides.
    if let Some(both) = on_both_sides(input, &body, &readings, &decode_unreserved) {
        out.push(("unreserved-escape", both));
    }
    // Reserved characters' escapes (`%2F`, `%3F`, …), on both sides: each replaced by the
    // escape of a character with no meaning in a URL, so that the rule and the URL still say
    // the same while neither holds a reserved escape a library might decode.
    if let Some(both) = on_both_sides(input, &body, &readings, &replace_reserved_escapes) {
        out.push(("reserved-escape", both));
    }
    // `%2A` and `%24` (a literal `*` or `$`) alone, on both sides: a library that decodes them
    // reads a wildcard or an end anchor.
    let special = |text: &[u8]| {
        rewrite_escapes(text, &|hex| {
            is_special_escape(hex)
                .then(|| reserved_stand_in(hex).unwrap_or("%7B").as_bytes().to_vec())
        })
    };
    if let Some(rules) = rewrite_rules(&body, &readings, &special) {
        let mut both = with_body(input, &rules);
        both.urls = input
            .urls
            .iter()
            .map(|u| rewrite_url_path(u, &special))
            .collect();
        out.push(("escaped-special", both));
    }
    if url_changed && let Some(url) = url {
        out.push((
            "url-percent",
            Input {
                urls: vec![url],
                ..input.clone()
            },
        ));
    }
    // Each `*` of a rule that matches the URL written out as what it matches there (kept
    // only where every reading's answer stays).
    let expanded = input.urls.first().and_then(|url| {
        let path = &url.as_bytes()[path_at(url)..];
        let new = rewrite_lines(&body, &readings, &|line, kinds, _| {
            if !is_rule(kinds) {
                return None;
            }
            let (s, e) = any_value_span(&line.content)?;
            // A plain pattern, or one holding other ASCII (`/?*$`) or escapes, each `%`
            // starting one (`/a%C3%A9*$`): what it matches is written out octet for octet,
            // the URL's own text, and the reference's answer kept.
            let value = pattern_rule(line).or_else(|| {
                let value = &line.content[s..e];
                let escapes_whole = value.iter().enumerate().all(|(i, b)| {
                    *b != b'%' || value.get(i + 1..i + 3).and_then(hex_octet).is_some()
                });
                (value.is_ascii() && escapes_whole).then_some(value)
            })?;
            let literal = expanded_wildcard(value, path)?;
            Some(Some(
                [&line.content[..s], literal.as_slice(), &line.content[e..]].concat(),
            ))
        })?;
        keeps_reference(input, &with_body(input, &new)).then_some(new)
    });
    let mut push = |construct: &'static str, new: Option<Vec<u8>>| {
        if let Some(new) = new
            && new != body
        {
            out.push((construct, with_body(input, &new)));
        }
    };
    push(
        "non-ascii",
        rewrite_rules(&body, &readings, &encode_non_ascii),
    );
    push(
        "wildcard",
        rewrite_rules(&body, &readings, &|value| {
            let mut out: Vec<u8> = Vec::with_capacity(value.len());
            for &b in value {
                if !(b == b'*' && out.last() == Some(&b'*')) {
                    out.push(b);
                }
            }
            while out.len() > 1 && out.last() == Some(&b'*') {
                out.pop();
            }
            out
        }),
    );
    push("wildcard", expanded);
    push(
        "end-anchor",
        rewrite_rules(&body, &readings, &|value| {
            value.strip_suffix(b"$").unwrap_or(value).to_vec()
        }),
    );
    push(
        "inner-dollar",
        rewrite_rules(&body, &readings, &|value| {
            let (body, anchor) = match value.strip_suffix(b"$") {
                Some(b) => (b, &b"$"[..]),
                None => (value, &b""[..]),
            };
            let mut out = Vec::new();
            for &b in body {
                if b == b'$' {
                    out.extend_from_slice(b"%24");
                } else {
                    out.push(b);
                }
            }
            out.extend_from_slice(anchor);
            out
        }),
    );
    // A crawler Google's text excepts from `*` (an AdsBot crawler): another name in its
    // place, in the question and in every `user-agent` line that names it.
    let token = token_of(&input.agent);
    if GOOGLE_EXCEPTED.contains(&token.as_str()) {
        out.push((
            "adsbot-agent",
            renamed_crawler(input, &body, &readings, &|_| "Xqzvwbot".to_owned()),
        ));
    }
    // A file of one line or none, besides comments and blank lines: a line that every
    // reading ignores (an unknown field) put after it.
    if meaningful_lines(&body) <= 1 {
        // A last line with no line end keeps none (that is a construct of its own).
        let added: &[u8] = if body.is_empty() || body.ends_with(b"\n") || body.ends_with(b"\r") {
            b"xqzvw-field: x\n"
        } else {
            b"\nxqzvw-field: x"
        };
        out.push((
            "one-line-file",
            with_body(input, &[&body[..], added].concat()),
        ));
    }
    // A crawler name holding `-` or `_` (`Googlebot-News`): both taken out of the name, in
    // the question and in every `user-agent` line that names it.
    if token.contains(['-', '_']) && token.chars().any(|c| !matches!(c, '-' | '_')) {
        out.push((
            "agent-hyphen",
            renamed_crawler(input, &body, &readings, &|name| {
                name.chars().filter(|c| !matches!(c, '-' | '_')).collect()
            }),
        ));
    }
    if let Some((name, _)) = input.agent.split_once('/')
        && !name.is_empty()
    {
        out.push((
            "agent-version",
            Input {
                agent: name.to_owned(),
                ..input.clone()
            },
        ));
    }
    if let Some(new) = without_ties(input, &body) {
        out.push(("tie", with_body(input, &new)));
    }
    if let Some(new) = without_equal_matches(input, &body) {
        out.push(("equal-match", with_body(input, &new)));
    }
    // A rule's literal text also in the URL before its path (`m` in `example.com`): the host
    // replaced by one that holds none of it, which no reading looks at.
    let pieces: Vec<String> = split_lines(&body)
        .iter()
        .zip(&readings)
        .filter(|(_, (kinds, _))| is_rule(kinds))
        .filter_map(|(line, _)| {
            let (start, end) = any_value_span(&line.content)?;
            Some(String::from_utf8_lossy(&line.content[start..end]).to_ascii_lowercase())
        })
        .flat_map(|value| {
            value
                .split(['*', '$'])
                .filter(|p| !p.is_empty())
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect();
    if let Some(url) = input.urls.first() {
        let path = path_at(url);
        let head = url[..path].to_ascii_lowercase();
        if pieces.iter().any(|p| head.contains(p.as_str())) {
            let clear = ["xqzvw.test", "kjhgf.test", "bdq.test"]
                .into_iter()
                .find(|h| {
                    !pieces
                        .iter()
                        .any(|p| format!("http://{h}").contains(p.as_str()))
                });
            if let Some(host) = clear {
                out.push((
                    "rule-in-host",
                    Input {
                        urls: vec![format!("http://{host}{}", &url[path..])],
                        ..input.clone()
                    },
                ));
            }
        }
    }
    // `Allow` rules that cannot match the URL's path (only letters, digits, `-._~/` and the
    // path's sub-delimiters, which every reading compares as written, and a prefix of it
    // neither as written, nor with its unreserved escapes decoded, nor with every escape
    // decoded):
    // taken out, which changes no reading's answer (an `…/index.htm` rule, from which
    // Google's parser derives another, stays).
    if let Some(url) = input.urls.first() {
        let path = &url[path_at(url)..];
        let drop: Vec<usize> = split_lines(&body)
            .iter()
            .zip(&readings)
            .enumerate()
            .filter(|(_, (line, (kinds, _)))| {
                kinds.contains(&RecordKind::Allow)
                    && !kinds.contains(&RecordKind::Disallow)
                    && any_value_span(&line.content).is_some_and(|(s, e)| {
                        let value = &line.content[s..e];
                        !value.is_empty()
                            && value.starts_with(b"/")
                            && value
                                .iter()
                                // Path characters only: no `*` or `$`, no whitespace.
                                .all(|b| {
                                    b.is_ascii_alphanumeric() || b"-._~/%=,;!&'()+@:".contains(b)
                                })
                            && !String::from_utf8_lossy(value)
                                .to_ascii_lowercase()
                                .contains("index.htm")
                            && !path.as_bytes().starts_with(value)
                            && !decode_unreserved(path.as_bytes()).starts_with(value)
                            // Nor once every escape on both sides is decoded, as some
                            // libraries compare; an escaped `*` or `$` is a construct of its own.
                            && !decode_all(path.as_bytes()).starts_with(&decode_all(value))
                            && !value.windows(3).any(|w| w[0] == b'%' && is_special_escape(&w[1..]))
                    })
            })
            .map(|(i, _)| i)
            .collect();
        // A group's only rule is made a `Disallow` of the same path, which matches no more
        // than it did: taking it out would join the group's `user-agent` lines to the next
        // group's, a change of the groups rather than of a rule.
        let (only, drop): (Vec<usize>, Vec<usize>) =
            drop.into_iter().partition(|i| only_rule(&readings, *i));
        if !drop.is_empty() || !only.is_empty() {
            let mut lines = split_lines(&body);
            for i in &only {
                let (start, end) = key_span(&lines[*i].content);
                lines[*i]
                    .content
                    .splice(start..end, b"Disallow".iter().copied());
            }
            out.push((
                "unmatched-allow",
                with_body(input, &join_without(lines, &drop)),
            ));
        }
    }
    if let Some(new) = longest_first(&body, &readings) {
        out.push(("rule-order", with_body(input, &new)));
    }
    if let Some(new) = ties_allow_first(&body, &readings) {
        out.push(("tie-order", with_body(input, &new)));
    }
    // A control character's escape in the URL (`%09`, `%0A`, `%0D`, …), which a URL library
    // may delete: replaced on both sides by the escape of a character that means nothing in
    // a URL path.
    let uncontrolled = |text: &[u8]| {
        rewrite_escapes(text, &|hex| {
            is_control(hex_octet(hex)?).then(|| b"%7B".to_vec())
        })
    };
    // A rule's raw control character (a tab) is the same octet: replaced alike.
    let uncontrolled_rule = |text: &[u8]| {
        uncontrolled(text)
            .into_iter()
            .flat_map(|b| {
                if is_control(b) {
                    b"%7B".to_vec()
                } else {
                    vec![b]
                }
            })
            .collect::<Vec<u8>>()
    };
    let url = input
        .urls
        .iter()
        .map(|u| rewrite_url_path(u, &uncontrolled))
        .collect::<Vec<_>>();
    if url != input.urls {
        let rules = rewrite_rules(&body, &readings, &uncontrolled_rule);
        let mut both = with_body(input, rules.as_deref().unwrap_or(&body));
        both.urls = url;
        out.push(("url-control-escape", both));
    }
    out.extend(group_variants(input, &body, &readings));
    out.extend(line_variants(input, &body, &readings));
    // The variants that claim to change no reading's answer, held to it.
    out.retain(|(construct, variant)| {
        !NEUTRAL.contains(construct) || keeps_reference(input, variant)
    });
    out
}

/// The constructs whose every variant leaves the reference's answers as they were (only the
/// implementation's reading can change): a variant of theirs that moves the reference is
/// left out.
const NEUTRAL: [&str; 18] = [
    "last-line-end",
    "tie-order",
    "trailing-space",
    "escape-split",
    "one-line-file",
    "word-and-space",
    "field-in-name",
    "typo-field",
    "nonstandard-typo",
    "non-utf8-escape",
    "empty-only-rule",
    "later-group",
    "split-groups",
    "rule-elsewhere",
    "partial-char",
    "agent-hyphen",
    "adsbot-agent",
    "unmatched-allow",
];

/// A rule line's value as written, where it is a plain pattern: letters, digits and `-._~/`
/// (what every reading compares as written), `*` anywhere and `$` at its end, with no
/// `…/index.htm…` (from which Google's parser derives another rule).
fn pattern_rule(line: &Line) -> Option<&[u8]> {
    let (s, e) = any_value_span(&line.content)?;
    let value = &line.content[s..e];
    let body = value.strip_suffix(b"$").unwrap_or(value);
    (!value.is_empty()
        && body
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~/*".contains(b))
        && !String::from_utf8_lossy(value)
            .to_ascii_lowercase()
            .contains("index.htm"))
    .then_some(value)
}

/// Whether `pattern` (`*` any run of octets, a final `$` the end of `text`) matches `text`
/// from its start, or, `anywhere`, from any of its octets: the reference's matcher, on the
/// pattern as written.
fn pattern_matches(pattern: &[u8], text: &[u8], anywhere: bool) -> bool {
    let pattern = if anywhere {
        [b"*", pattern].concat()
    } else {
        pattern.to_vec()
    };
    Pattern::as_written(&pattern).matches(text)
}

/// Where in `text` a match of `pattern` (see [`pattern_matches`]) can end: the ends of the
/// prefixes of `text` the pattern, anchored there, matches.
fn match_ends(pattern: &[u8], text: &[u8], anywhere: bool) -> Vec<usize> {
    let (body, to_end) = match pattern.strip_suffix(b"$") {
        Some(p) => (p, true),
        None => (pattern, false),
    };
    let star: &[u8] = if anywhere { b"*" } else { b"" };
    let anchored = Pattern::as_written(&[star, body, b"$"].concat());
    (0..=text.len())
        .filter(|&end| (!to_end || end == text.len()) && anchored.matches(&text[..end]))
        .collect()
}

/// A rule with `*` that matches the URL's path, written out as the text it matches there
/// (of its own length where it can be, `$` kept): every reading still matches it, and a
/// library that does not read `*` as a wildcard now does too. `None` for any other value.
fn expanded_wildcard(value: &[u8], path: &[u8]) -> Option<Vec<u8>> {
    if !value.contains(&b'*') {
        return None;
    }
    let ends = match_ends(value, path, false);
    let len = value.strip_suffix(b"$").unwrap_or(value).len();
    let end = ends
        .iter()
        .copied()
        .find(|e| *e == len)
        .or_else(|| ends.first().copied())?;
    let anchor: &[u8] = if value.ends_with(b"$") { b"$" } else { b"" };
    Some([&path[..end], anchor].concat())
}

/// How a plain rule or pattern (see [`pattern_rule`]) stands to the URL when no reading
/// matches it: the path starts with it only when letter case is ignored (`path-case`, plain
/// rules only), or it matches the URL (its scheme and host included) somewhere other than at
/// the start of the path (`rule-elsewhere`: `/b` in `/a/b`, `h` in `https`, a bare `$` at the
/// end of a longer path). A rule without a leading `/` that matches the path once given one
/// is not `rule-elsewhere`: a library that reads it so matches it too (`no-leading-slash`).
/// `None` when some reading matches it, or neither holds.
pub(crate) fn rule_relation(value: &[u8], url: &str) -> Option<&'static str> {
    let path = decode_unreserved(&url.as_bytes()[path_at(url)..]);
    if pattern_matches(value, &path, false) {
        return None;
    }
    let plain = !value.contains(&b'*') && !value.contains(&b'$');
    if plain && path.len() >= value.len() && path[..value.len()].eq_ignore_ascii_case(value) {
        return Some("path-case");
    }
    // The scheme too: a `//` rule found in `http://` is one a library looking anywhere
    // matches (its other variant, the text made longer, tells it from a library that reads a
    // `//` rule as something else).
    let whole = url.as_bytes().to_ascii_lowercase();
    let value = value.to_ascii_lowercase();
    let slashed = !value.starts_with(b"/")
        && pattern_matches(
            &[b"/", value.as_slice()].concat(),
            &path.to_ascii_lowercase(),
            false,
        );
    (!slashed && pattern_matches(&value, &whole, true)).then_some("rule-elsewhere")
}

/// Where in `url` the percent-encodings are (octets neither unreserved nor malformed) that a
/// plain rule or pattern (see [`pattern_rule`]) matches part of (`*9` the `9` of `%A9`): the
/// rule matches the path as written (as every reading compares it, octet by octet of its
/// encoded form), and no longer once that encoding is one opaque octet (as a library that
/// decodes the URL before comparing reads it). Offsets of their `%`.
fn split_escapes(value: &[u8], url: &str) -> Vec<usize> {
    let at = path_at(url);
    let raw = &url.as_bytes()[at..];
    if !pattern_matches(value, &decode_unreserved(raw), false) {
        return Vec::new();
    }
    (0..raw.len())
        .filter(|&i| {
            raw[i] == b'%'
                && raw
                    .get(i + 1..i + 3)
                    .and_then(hex_octet)
                    .is_some_and(|o| !(o.is_ascii_alphanumeric() || UNRESERVED.contains(&o)))
        })
        .filter(|&i| {
            let opaque = [&raw[..i], &[0x01][..], &raw[i + 3..]].concat();
            !pattern_matches(value, &decode_unreserved(&opaque), false)
        })
        .map(|i| at + i)
        .collect()
}

/// The relations of [`rule_relation`] a body's plain rules hold to `url`, and
/// `escape-split` where one matches part of a percent-encoding (see [`split_escapes`]), for
/// the corpus.
pub(crate) fn rule_relations(body: &[u8], url: &str) -> Vec<&'static str> {
    let Some(readings) = line_readings(body) else {
        return Vec::new();
    };
    let mut out: Vec<&'static str> = split_lines(body)
        .iter()
        .zip(&readings)
        .filter(|(_, (kinds, _))| is_rule(kinds))
        .filter_map(|(line, _)| pattern_rule(line))
        .flat_map(|value| {
            let split = !split_escapes(value, url).is_empty();
            rule_relation(value, url)
                .into_iter()
                .chain(split.then_some("escape-split"))
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Variants about rules that no reading matches to the URL but a library might: a rule the
/// path starts with only when letter case is ignored (taken out, and given the path's case),
/// and a rule whose text is elsewhere in the URL (taken out).
fn line_variants(
    input: &Input,
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
) -> Vec<(&'static str, Input)> {
    let mut out = Vec::new();
    let Some(url) = input.urls.first() else {
        return out;
    };
    let path = decode_unreserved(&url.as_bytes()[path_at(url)..]);
    let lines = split_lines(body);
    let related = |name: &str| -> Vec<usize> {
        lines
            .iter()
            .zip(readings)
            .enumerate()
            .filter(|(_, (line, (kinds, _)))| {
                is_rule(kinds)
                    && pattern_rule(line).and_then(|v| rule_relation(v, url)) == Some(name)
            })
            .map(|(i, _)| i)
            .collect()
    };
    for name in ["path-case", "rule-elsewhere"] {
        let drop = related(name);
        if drop.is_empty() {
            continue;
        }
        let without = with_body(input, &join_without(split_lines(body), &drop));
        // Taking the rule out changes no reading's answer unless it was its group's only
        // rule (its `user-agent` lines would join the next group's).
        if keeps_reference(input, &without) {
            out.push((name, without));
        }
        if name == "path-case" {
            // The rule written in the path's case: every reading then matches it.
            let mut cased = split_lines(body);
            for i in &drop {
                let line = &mut cased[*i];
                if let Some((s, e)) = any_value_span(&line.content) {
                    let value = path[..e - s].to_vec();
                    line.content.splice(s..e, value);
                }
            }
            out.push((name, with_body(input, &join_lines(&cased))));
        } else {
            // The rule kept, its text made longer so that it is found nowhere: a library that
            // looks for it anywhere then answers otherwise, one that reads it some other way
            // (a `//` rule as an empty path) does not.
            let mut longer = split_lines(body);
            for i in &drop {
                let line = &mut longer[*i];
                if let Some((s, e)) = any_value_span(&line.content) {
                    // `//` made `///`, which a reading of `//` as an authority still reads
                    // as an empty one; any other text made longer by a name found nowhere
                    // (before a final `$`).
                    let value = &line.content[s..e];
                    let more: &[u8] = if value.iter().all(|b| *b == b'/') {
                        b"/"
                    } else {
                        b"xqzvw"
                    };
                    let at = if value.ends_with(b"$") { e - 1 } else { e };
                    line.content.splice(at..at, more.iter().copied());
                }
            }
            out.push((name, with_body(input, &join_lines(&longer))));
        }
    }
    // A rule that matches part of one of the URL's percent-encodings (`*9` the `9` of
    // `%A9`): that encoding's `%` made a letter, so that every reading still matches the
    // rule there while a library that decodes the URL before comparing now does too.
    let mut split: Vec<usize> = lines
        .iter()
        .zip(readings)
        .filter(|(_, (kinds, _))| is_rule(kinds))
        .filter_map(|(line, _)| pattern_rule(line))
        .flat_map(|value| split_escapes(value, url))
        .collect();
    split.sort_unstable();
    split.dedup();
    if !split.is_empty() {
        let mut plain = url.clone().into_bytes();
        for i in split {
            plain[i] = b'z';
        }
        out.push((
            "escape-split",
            Input {
                urls: vec![String::from_utf8_lossy(&plain).into_owned()],
                ..input.clone()
            },
        ));
    }
    // A rule ending inside a percent-encoded UTF-8 character that the path goes on with
    // (`/%C3` of `/%C3%A9`): the character completed from the path, which every reading
    // still matches (a library that decodes the escapes before comparing then answers
    // otherwise).
    let raw_path = &url.as_bytes()[path_at(url)..];
    let completed = rewrite_rules(body, readings, &|value| {
        let missing = missing_continuations(value);
        let rest = raw_path.strip_prefix(value).unwrap_or_default();
        if missing == 0 || rest.len() < 3 * missing {
            return value.to_vec();
        }
        let tail = &rest[..3 * missing];
        let continues = tail
            .chunks(3)
            .all(|c| c[0] == b'%' && hex_octet(&c[1..]).is_some_and(|o| (0x80..0xC0).contains(&o)));
        if continues {
            [value, tail].concat()
        } else {
            value.to_vec()
        }
    });
    if let Some(new) = completed {
        out.push(("partial-char", with_body(input, &new)));
    }
    // Escapes of octets that are not UTF-8 (a lone `%C3`, a Latin-1 `%E9`), in the rules and
    // the URL alike: each made `%7B`, an escape every reading keeps and compares as before
    // (a library decoding escapes as UTF-8 fails on such an octet).
    let rules = rewrite_rules(body, readings, &non_utf8_escapes_replaced);
    let (head, url_path) = url.split_at(path_at(url));
    let new_path = non_utf8_escapes_replaced(url_path.as_bytes());
    if rules.is_some() || new_path != url_path.as_bytes() {
        out.push((
            "non-utf8-escape",
            Input {
                urls: vec![format!("{head}{}", String::from_utf8_lossy(&new_path))],
                ..with_body(input, rules.as_deref().unwrap_or(body))
            },
        ));
    }
    out
}

/// `text` with every escape of an octet that is not part of a UTF-8 character, once the
/// escapes are decoded, made `%7B` (`%7b` where its hex digits were lower-case, so that a
/// library comparing hex case still answers apart); the rest as it was.
fn non_utf8_escapes_replaced(text: &[u8]) -> Vec<u8> {
    let invalid = non_utf8_escapes(text);
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if invalid.contains(&i) {
            let lower = text[i + 1..i + 3].iter().any(u8::is_ascii_lowercase);
            out.extend_from_slice(if lower { b"%7b" } else { b"%7B" });
            i += 3;
        } else {
            out.push(text[i]);
            i += 1;
        }
    }
    out
}

/// The positions in `text` of the escapes (`%XX`) of octets at 0x80 or above that do not
/// decode, with their neighbouring escapes, to a UTF-8 character.
pub(crate) fn non_utf8_escapes(text: &[u8]) -> Vec<usize> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < text.len() {
        // A run of escapes of non-ASCII octets.
        let mut run: Vec<(usize, u8)> = Vec::new();
        let mut j = i;
        while j + 2 < text.len() && text[j] == b'%' {
            match hex_octet(&text[j + 1..j + 3]) {
                Some(octet) if octet >= 0x80 => {
                    run.push((j, octet));
                    j += 3;
                }
                _ => break,
            }
        }
        if run.is_empty() {
            i += 1;
            continue;
        }
        let octets: Vec<u8> = run.iter().map(|(_, o)| *o).collect();
        let mut at = 0;
        for chunk in octets.utf8_chunks() {
            at += chunk.valid().len();
            for k in 0..chunk.invalid().len() {
                found.push(run[at + k].0);
            }
            at += chunk.invalid().len();
        }
        // A character cut at the run's end counts as not UTF-8 too: `utf8_chunks` reports
        // it as invalid.
        i = j;
    }
    found
}

/// A body's groups as the reference splits them (every reading's where
/// [`profiles_agree`]): each group's `user-agent` lines (any line but a rule between two of
/// them keeps them in one group), then its other lines, up to the next group. Lines before
/// the first group are in none.
fn groups_of(lines: &[Line], readings: &[(Vec<RecordKind>, Vec<Diagnostic>)]) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    // Whether a rule has been read since the group's last `user-agent` line: only then does
    // the next `user-agent` line start a group (a sitemap, unknown or invalid line between
    // two of them does not).
    let mut after_rule = true;
    for (i, (kinds, _)) in readings.iter().enumerate().take(lines.len()) {
        if kinds.contains(&RecordKind::UserAgent) {
            if after_rule {
                groups.push(Group::default());
            }
            if let Some(g) = groups.last_mut() {
                g.agents.push(i);
            }
            after_rule = false;
        } else {
            if let Some(g) = groups.last_mut() {
                g.rest.push(i);
            }
            after_rule |= is_rule(kinds);
        }
    }
    groups
}

/// Whether both profiles read every line as the same kind of record (the groups of
/// [`groups_of`] are then every reading's).
fn profiles_agree(readings: &[(Vec<RecordKind>, Vec<Diagnostic>)]) -> bool {
    readings
        .iter()
        .all(|(kinds, _)| kinds.windows(2).all(|w| w[0] == w[1]))
}

/// Whether the reference's `rfc9309` and `google` verdicts on `variant` are those on
/// `input`: the check a variant that claims to leave every reading's answer as it was must
/// pass (a rule taken out that was its group's only one joins two groups; a crawler renamed
/// may meet a name the file already holds).
fn keeps_reference(input: &Input, variant: &Input) -> bool {
    let verdicts = |i: &Input| -> Vec<Option<bool>> {
        let body = i.body();
        [Profile::Rfc9309, Profile::Google]
            .into_iter()
            .flat_map(|p| {
                let robots = Robots::parse(&body, ParseOptions::new(p));
                let selection = robots.select(&[i.agent.as_str()]);
                i.urls
                    .iter()
                    .map(|u| selection.check_url(u).ok().map(|v| v.allowed))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    verdicts(input) == verdicts(variant)
}

/// One group of [`groups_of`], by 0-based line numbers.
#[derive(Default)]
struct Group {
    agents: Vec<usize>,
    rest: Vec<usize>,
}

/// A `user-agent` line's value, trimmed and lower-cased.
fn agent_value(line: &Line) -> Option<String> {
    any_value_span(&line.content).map(|(s, e)| {
        String::from_utf8_lossy(&line.content[s..e])
            .trim()
            .to_ascii_lowercase()
    })
}

/// Lines in a new order, each but the last ended (a moved last line gets `\n`), with a blank
/// line put before each group that does not follow one.
fn reordered(lines: &[Line], order: &[Vec<usize>]) -> Vec<u8> {
    // The file's own line end (a CR-only file stays one), for the line ends added.
    let newline: Vec<u8> = lines
        .iter()
        .find(|l| !l.end.is_empty())
        .map_or_else(|| b"\n".to_vec(), |l| l.end.clone());
    let mut out: Vec<Line> = Vec::new();
    let put = |out: &mut Vec<Line>, content: Vec<u8>, end: Vec<u8>| {
        if let Some(last) = out.last_mut()
            && last.end.is_empty()
        {
            last.end.clone_from(&newline);
        }
        out.push(Line { content, end });
    };
    for (n, part) in order.iter().enumerate() {
        let blank_before = out
            .last()
            .is_none_or(|l: &Line| l.content.iter().all(|b| is_space(*b)));
        if n > 0 && !part.is_empty() && !blank_before {
            put(&mut out, Vec::new(), newline.clone());
        }
        for i in part {
            put(&mut out, lines[*i].content.clone(), lines[*i].end.clone());
        }
    }
    join_lines(&out)
}

/// Variants about the crawler's groups: the groups that apply to it moved after every other
/// group (`later-group`: a library that reads a later group's `user-agent` lines as more names
/// for the rules before them, or takes the last group, answers otherwise), and its several
/// groups of its own made one (`split-groups`).
fn group_variants(
    input: &Input,
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
) -> Vec<(&'static str, Input)> {
    let mut out = Vec::new();
    let token = token_of(&input.agent);
    let lines = split_lines(body);
    let groups = groups_of(&lines, readings);
    if token.is_empty() || groups.len() < 2 || !profiles_agree(readings) {
        return out;
    }
    let names = |g: &Group, name: &str| {
        g.agents
            .iter()
            .any(|i| agent_value(&lines[*i]).as_deref() == Some(name))
    };
    let own: Vec<bool> = groups.iter().map(|g| names(g, &token)).collect();
    let applies: Vec<bool> = if own.contains(&true) {
        own.clone()
    } else {
        groups.iter().map(|g| names(g, "*")).collect()
    };
    let preamble: Vec<usize> = (0..groups[0].agents[0]).collect();
    let whole = |g: &Group| -> Vec<usize> { g.agents.iter().chain(&g.rest).copied().collect() };
    if let Some(first) = applies.iter().position(|a| *a)
        && applies[first..].contains(&false)
    {
        let mut order = vec![preamble.clone()];
        order.extend(
            groups
                .iter()
                .zip(&applies)
                .filter(|(_, a)| !**a)
                .map(|(g, _)| whole(g)),
        );
        order.extend(
            groups
                .iter()
                .zip(&applies)
                .filter(|(_, a)| **a)
                .map(|(g, _)| whole(g)),
        );
        out.push(("later-group", with_body(input, &reordered(&lines, &order))));
    }
    // The groups naming the crawler: the later ones' rules moved into the first, which every
    // reading combines alike (RFC 9309 §2.2.1). A group that also names others keeps naming
    // them (only the crawler is asked about): a library that gives a shared group's rules to
    // its last name alone still reads the merged group so, and one that keeps only one of a
    // crawler's groups no longer has two.
    let only_own: Vec<usize> = (0..groups.len()).filter(|n| own[*n]).collect();
    if only_own.len() >= 2 {
        let rules = |g: &Group| -> Vec<usize> {
            g.rest
                .iter()
                .copied()
                .filter(|i| !lines[*i].content.iter().all(|b| is_space(*b)))
                .collect()
        };
        let mut order = vec![preamble];
        for (n, g) in groups.iter().enumerate() {
            if n == only_own[0] {
                let mut merged = g.agents.clone();
                for m in &only_own {
                    merged.extend(rules(&groups[*m]));
                }
                order.push(merged);
            } else if !only_own.contains(&n) {
                order.push(whole(g));
            }
        }
        out.push(("split-groups", with_body(input, &reordered(&lines, &order))));
    }
    out
}

/// `body` without the `*` group, where the crawler (`token`) has a group of its own: a lone
/// `user-agent: *` group's lines all taken out, a `*` line that shares a group with others
/// taken out alone (which no reading lets apply beside the crawler's own group).
fn without_star_group(
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
    token: &str,
) -> Option<Vec<u8>> {
    let lines = split_lines(body);
    let value = |i: usize| agent_value(&lines[i]);
    let is_agent = |i: usize| readings[i].0.contains(&RecordKind::UserAgent);
    if token.is_empty()
        || !(0..lines.len()).any(|i| is_agent(i) && value(i).as_deref() == Some(token))
    {
        return None;
    }
    let groups = groups_of(&lines, readings);
    let mut drop = Vec::new();
    for Group { agents, rest } in &groups {
        let stars: Vec<usize> = agents
            .iter()
            .copied()
            .filter(|i| value(*i).as_deref() == Some("*"))
            .collect();
        if stars.is_empty() {
            continue;
        }
        if stars.len() == agents.len() {
            drop.extend(agents.iter().chain(rest).copied());
        } else {
            drop.extend(stars);
        }
    }
    (!drop.is_empty()).then(|| join_without(lines, &drop))
}

/// `body` with each run of rule lines in the order a first-match reading would need to
/// agree with the longest match: the longest value first, an `Allow` before a `Disallow` of
/// the same length (only the lines' contents move, never their line ends); `None` when they
/// already are.
fn longest_first(body: &[u8], readings: &[(Vec<RecordKind>, Vec<Diagnostic>)]) -> Option<Vec<u8>> {
    sorted_rules(body, readings, false)
}

/// The rules of each run put `Allow` first among equal-length ones where only such a tie's
/// order would change (what [`longest_first`] leaves alone): a library that breaks ties by
/// the file's order then answers otherwise, one that always breaks them one way does not.
fn ties_allow_first(
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
) -> Option<Vec<u8>> {
    sorted_rules(body, readings, true)
}

/// Each run of rules sorted longest first, `Allow` first among equal-length ones: the runs
/// out of length order (`ties` false), or only those already in length order (`ties`).
fn sorted_rules(
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
    ties: bool,
) -> Option<Vec<u8>> {
    let mut lines = split_lines(body);
    let mut changed = false;
    let mut i = 0;
    while i < lines.len() {
        if !readings.get(i).is_some_and(|(k, _)| is_rule(k)) {
            i += 1;
            continue;
        }
        let mut j = i;
        while readings.get(j).is_some_and(|(k, _)| is_rule(k)) {
            j += 1;
        }
        let key = |k: usize| {
            let length = any_value_span(&lines[k].content).map_or(0, |(s, e)| e - s);
            let allow = readings[k].0.contains(&RecordKind::Allow);
            (std::cmp::Reverse(length), !allow)
        };
        let mut order: Vec<usize> = (i..j).collect();
        order.sort_by_key(|k| key(*k));
        // Rules already longest first, but for equal-length ones: only a tie's order would
        // change, which a tie-breaker that follows the file's order reads alike (the tie is
        // the construct there).
        let in_order = (i..j).map(|k| key(k).0).is_sorted();
        if in_order == ties && order.iter().copied().ne(i..j) {
            changed = true;
            let contents: Vec<Vec<u8>> = order.iter().map(|k| lines[*k].content.clone()).collect();
            for (line, content) in lines[i..j].iter_mut().zip(contents) {
                line.content = content;
            }
        }
        i = j;
    }
    changed.then(|| join_lines(&lines))
}

/// The constructs on which the reference's `rfc9309` and `google` profiles decide a line
/// differently (its own account of a profile split): a misspelling or a missing colon one
/// accepts, a path one repairs, an agent one reads.
pub fn profile_decisions(input: &Input) -> BTreeSet<&'static str> {
    let body = input.body();
    let read = |profile| {
        Robots::parse(&body, ParseOptions::new(profile))
            .records()
            .iter()
            .map(|r| (r.kind, r.diagnostics.clone()))
            .collect::<Vec<_>>()
    };
    let rfc = read(Profile::Rfc9309);
    let google = read(Profile::Google);
    let mut out = BTreeSet::new();
    for (a, b) in rfc.iter().zip(&google) {
        if a == b {
            continue;
        }
        let all: Vec<&Diagnostic> = a.1.iter().chain(&b.1).collect();
        let named = |n: &str| all.iter().any(|d| d.name() == n);
        if named("misspelling") {
            out.insert("misspelling");
        } else if named("accepted-missing-colon") || named("missing-colon") {
            out.insert("missing-colon");
        } else if named("no-leading-slash") {
            out.insert("no-leading-slash");
        } else if named("invalid-agent") {
            out.insert("invalid-agent");
            out.insert("empty-agent");
        } else if named("empty-value") {
            out.insert("empty-value");
        } else if named("long-line") {
            out.insert("long-line");
        }
    }
    out
}

/// Whether the reference under `profile` gives some line of `body` the diagnostic `name`.
fn flagged_under(body: &[u8], profile: Profile, name: &str) -> bool {
    Robots::parse(body, ParseOptions::new(profile))
        .records()
        .iter()
        .any(|r| has(&r.diagnostics, name))
}

/// What [`cause`] derived for one implementation in one family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cause {
    /// The construct named ([`COMBINED`] when none alone explains the split).
    pub construct: &'static str,
    /// For [`COMBINED`]: the constructs each of whose neutralisation removes the split (empty
    /// when none does).
    pub with: Vec<&'static str>,
    /// Whether the implementation answers as one of the reference's `rfc9309` and `google`
    /// profiles against the other: a profile split.
    pub profile_split: bool,
    /// Every construct whose every neutralisation removed the split (and changed the
    /// implementation's answer), before the narrower ones were preferred: what another root
    /// cause of the same implementation may show it reacts to.
    pub also: Vec<&'static str>,
}

/// The cause of `name`'s split in `family` against the reference under the profiles of
/// `expected`, from the family's ablation answers and the reference's account; `None` when
/// the family has constructs to ablate but no answers of `name` about them (a catalogue not
/// yet ablated: `reptest fuzz-report` asks).
pub fn cause(family: &Family, name: &str, expected: &[(Profile, Answer)]) -> Option<Cause> {
    let input = family.input.as_ref()?.input();
    let tried = variants(&input);
    let reference = |p: Profile| {
        family
            .split
            .get(&reference_name(p))
            .copied()
            .unwrap_or(Answer::Error)
    };
    let differ = reference(Profile::Rfc9309) != reference(Profile::Google);
    let one_profile = expected.len() == 1 && differ;
    let decisions = profile_decisions(&input);
    let plain = || {
        let (decision, _) = crate::fuzz::findings::feature_tags(&family.feature);
        // Google's parser derives a `…/$` rule from an `…/index.html` one, which is not in
        // the file: that is what a plain question's profiles differ on.
        if decision.contains(&"index-html") {
            return "index-html";
        }
        // A line Google's parser cuts short (its line buffer), which the profiles read apart.
        if one_profile && decisions.contains("long-line") {
            return "long-line";
        }
        decision
            .iter()
            .skip(1)
            .chain(decision.first())
            .find_map(|t| {
                crate::fuzz::findings::CONSTRUCT_ORDER
                    .iter()
                    .find(|c| *c == t)
            })
            .copied()
            .unwrap_or("other")
    };
    if tried.is_empty() {
        return Some(Cause {
            construct: plain(),
            with: Vec::new(),
            profile_split: one_profile,
            also: Vec::new(),
        });
    }
    let mut answered: Vec<(&'static str, &Ablated)> = Vec::new();
    for (construct, variant) in &tried {
        let stored = FamilyInput::of(variant);
        let found = family
            .ablation
            .iter()
            .find(|a| a.construct == *construct && a.input == stored)?;
        found.answers.get(name)?;
        answered.push((construct, found));
    }
    // An implementation that fails where the profiles answer apart no longer fails once it
    // answers as either: its failure is what the construct explains (a library failing on
    // two equal matches that, without them, answers a bare `%` as `rfc9309` does).
    let failed = family.split.get(name) == Some(&Answer::Error);
    let removes = |a: &Ablated| {
        let said = a.answers.get(name).copied().unwrap_or(Answer::Error);
        let profile = |p: Profile| a.answers.get(&reference_name(p));
        said.allowed().is_some()
            && (expected.iter().all(|(p, _)| profile(*p) == Some(&said))
                || failed
                    && differ
                    && profile(Profile::Rfc9309) != profile(Profile::Google)
                    && [Profile::Rfc9309, Profile::Google]
                        .into_iter()
                        .any(|p| profile(p) == Some(&said)))
    };
    // The constructs whose neutralisation brings the profiles to one answer.
    let unites = |a: &Ablated| {
        differ
            && a.answers.get(&reference_name(Profile::Rfc9309))
                == a.answers.get(&reference_name(Profile::Google))
    };
    // The implementation reacts to a construct when one of its neutralisations changes the
    // implementation's own answer. A neutralisation that removes the split only by moving the
    // reference (a misspelled line spelled right, which the reference then reads) says nothing
    // about the implementation: such a construct is no candidate.
    let original = family.split.get(name).copied();
    // A variant the implementation fails on (an error, a timeout) says nothing about the
    // construct either way, nor does one on which the reference's profiles part where they
    // agreed on the input (a slashless `%` given its `/`, which Google's parser reads as a
    // literal `%`): the implementation may follow either reading. Both are left out of what
    // follows.
    let answers_it = |a: &Ablated| {
        let parts = !differ
            && a.answers.get(&reference_name(Profile::Rfc9309))
                != a.answers.get(&reference_name(Profile::Google));
        !parts
            && a.answers
                .get(name)
                .is_some_and(|said| said.allowed().is_some())
    };
    let reacts_to = |c: &'static str| {
        answered
            .iter()
            .any(|(c2, a)| *c2 == c && answers_it(a) && a.answers.get(name).copied() != original)
    };
    let mut candidates: Vec<(&'static str, &Ablated)> = Vec::new();
    for (c, a) in answered
        .iter()
        .copied()
        .filter(|(c, a)| removes(a) && reacts_to(c))
    {
        if !candidates.iter().any(|(seen, _)| *seen == c) {
            candidates.push((c, a));
        }
    }
    let wide: Vec<&'static str> = candidates.iter().map(|(c, _)| *c).collect();
    // A rule holding `*` and ending in `$`, on which the implementation fails only with both:
    // writing out its `*` removes the split, and so does taking out its `$` (a matcher that
    // drops the `*`s of an anchored rule and compares the rest as the whole path).
    let both_remove = ["wildcard", "end-anchor"].iter().all(|c| {
        wide.contains(c)
            && answered
                .iter()
                .filter(|(c2, a)| c2 == c && answers_it(a))
                .all(|(_, a)| removes(a))
    });
    if both_remove && rule_values_where(&input, |v| v.ends_with(b"$") && v.contains(&b'*')) {
        return Some(Cause {
            construct: ANCHORED_WILDCARD,
            with: Vec::new(),
            profile_split: one_profile,
            also: wide,
        });
    }
    // Likewise a rule ending in `$` that holds an escaped `$` (`/%24$`): replacing the escape
    // removes the split, and so does taking out the anchor. A library that decodes `%24` to
    // `$` reads a `$` before the anchor: the rule's inner `$` is what it reads apart.
    let escaped_dollar = ["escaped-special", "end-anchor"].iter().all(|c| {
        wide.contains(c)
            && answered
                .iter()
                .filter(|(c2, a)| c2 == c && answers_it(a))
                .all(|(_, a)| removes(a))
    });
    if escaped_dollar && rule_values_where(&input, inner_escaped_dollar) {
        return Some(Cause {
            construct: "inner-dollar",
            with: Vec::new(),
            profile_split: one_profile,
            also: wide,
        });
    }
    // An empty `Disallow:` that putting the longest rule first moves: it matches nothing
    // under any reading, so a library for which it decides where it comes first (it reads
    // it as allowing everything, and stops there) reads the value apart, not the order of
    // matching rules. An empty `Allow:` is a first match for a library obeying the first.
    let has = |c: &str| candidates.iter().any(|(seen, _)| *seen == c);
    if has("empty-value") && has("rule-order") && !empty_allow(&input) {
        candidates.retain(|(c, _)| *c != "rule-order");
    }
    narrow(&mut candidates, |(c, _)| c);
    // A construct some of whose neutralisations leave the split standing is no cause: a
    // misspelled line spelled right that changes nothing shows the split is elsewhere, even
    // when taking the line out (and its group with it) happens to remove it.
    let consistent = |c: &'static str| {
        answered
            .iter()
            .filter(|(c2, a)| *c2 == c && answers_it(a))
            .all(|(_, a)| removes(a))
    };
    candidates.retain(|(c, _)| consistent(c));
    // A rule starting with an escaped `/` (`%2F`) that a library decodes has its leading `/`:
    // the escape, not the slash it lacks, is what it reads apart.
    if candidates.iter().any(|(c, _)| *c == "reserved-escape")
        && split_lines(&input.body()).iter().any(|line| {
            any_value_span(&line.content).is_some_and(|(s, e)| {
                line.content[s..e]
                    .get(..3)
                    .is_some_and(|head| head.eq_ignore_ascii_case(b"%2F"))
            })
        })
    {
        candidates.retain(|(c, _)| *c != "no-leading-slash");
    }
    // The crawler's groups, one shared with another name, where cutting the shared group to
    // the crawler's name and making the groups one each remove the split: the two together
    // are what the library reads apart (it gives a shared group's rules to one name, or
    // keeps one record per name), so both are named.
    let grouping = ["shared-group", "split-groups"];
    if grouping
        .iter()
        .all(|g| candidates.iter().any(|(c, _)| c == g))
        && let Some(&(_, shared)) = candidates.iter().find(|(c, _)| *c == grouping[0])
    {
        candidates.retain(|(c, _)| !grouping.contains(c));
        candidates.push((SHARED_SPLIT, shared));
    }
    let also = || -> Vec<&'static str> { wide.iter().copied().filter(|c| consistent(c)).collect() };
    // A line taken out because one reading finds it out of place (a rule outside any group,
    // an unknown or non-standard field, an empty value) is a neutral change only for a
    // profile that reads it so: where every contradicted profile reads the line as a rule of
    // a group, taking it out changes that profile's question, not a construct of it.
    candidates.retain(|(c, _)| {
        !matches!(
            *c,
            "rule-outside-group" | "unknown-field" | "non-standard-field" | "empty-value"
        ) || expected
            .iter()
            .any(|(p, _)| flagged_under(&input.body(), *p, c))
    });
    // The profile the implementation answers as (for a split against the other only), and
    // whether it keeps answering as that profile on every neutralisation of a construct: it
    // follows that profile's reading of the construct, rather than meeting its answer by
    // accident (a library that matches `//` against everything agrees with a profile that
    // reads a misspelled `disalow /` as a rule, without reading it so).
    let agreed: Option<Profile> = one_profile
        .then(|| {
            [Profile::Rfc9309, Profile::Google]
                .into_iter()
                .find(|p| expected.iter().all(|(e, _)| e != p))
        })
        .flatten();
    let follows = |c: &'static str| {
        agreed.is_some_and(|q| {
            answered
                .iter()
                .filter(|(c2, a)| *c2 == c && answers_it(a))
                .all(|(_, a)| a.answers.get(name) == a.answers.get(&reference_name(q)))
        })
    };
    let at_profile_decision = |c: &'static str, a: &Ablated| decisions.contains(c) || unites(a);
    // Another construct whose neutralisation brings the profiles to one answer, which the
    // implementation follows on each of its variants: on a profile split, where the profiles
    // part says more than what else the implementation reacts to (a `%7e` rule and URL,
    // which Google's parser reads apart by upper-casing only the rule's hex digits, and
    // whose URL decoded changes a literal comparison's answer too).
    let parted_elsewhere = |c: &'static str, a: &Ablated| {
        one_profile
            && !at_profile_decision(c, a)
            && answered.iter().any(|(c2, a2)| {
                *c2 != c
                    && removes(a2)
                    && at_profile_decision(c2, a2)
                    && consistent(c2)
                    && follows(c2)
            })
    };
    // A neutralisation on which the implementation turns from the profile it agreed with to
    // the other while neither profile's answer moves: the reference reads the construct as
    // nothing, the implementation as something, and it had met the one profile's answer by
    // another route (a library reading a bare `USERAGENT` line as starting a group, where
    // both profiles ignore it). The construct is its own, not a point where the profiles part.
    // A blank line put in before a group (`adjacent-groups`) is no neutral change for a
    // library that ends a group at a blank line: its turning there shows that reading, not
    // one of the groups (a library whose colonless rule then ends a group).
    let blank_read = blank_ends_group(family, name);
    let switches = |c: &str, a: &Ablated| {
        let changed = a.input.input();
        one_profile
            && !(c == "adjacent-groups" && blank_read)
            && (only_ignored_lines_changed(&input, &changed)
                || (LINE_READINGS.contains(&c) || NOWHERE_MATCHED.contains(&c))
                    && changed.agent == input.agent
                    && changed.urls == input.urls)
            && [Profile::Rfc9309, Profile::Google]
                .into_iter()
                .all(|p| a.answers.get(&reference_name(p)) == Some(&reference(p)))
            && expected
                .iter()
                .all(|(p, _)| a.answers.get(name) == Some(&reference(*p)))
    };
    if let Some(mix) = profile_mix(
        &answered,
        name,
        differ,
        |a| removes(a),
        &family.ablation,
        &decisions,
    ) {
        return Some(Cause {
            construct: COMBINED,
            with: mix,
            profile_split: true,
            also: also(),
        });
    }
    let switching: Vec<(&'static str, &Ablated)> = candidates
        .iter()
        .copied()
        .filter(|(c, a)| switches(c, a))
        .collect();
    let chosen: Option<(&'static str, &Ablated)> = match candidates.len() {
        0 => None,
        _ if switching.len() == 1 => Some(switching[0]),
        1 if parted_elsewhere(candidates[0].0, candidates[0].1) => None,
        1 => Some(candidates[0]),
        _ => {
            // The reference's account first (the line its profiles read differently), then
            // the neutralisations that bring its profiles to one answer.
            let decided: Vec<_> = candidates
                .iter()
                .copied()
                .filter(|(c, _)| one_profile && decisions.contains(c))
                .collect();
            let narrowed: Vec<_> = if decided.is_empty() {
                candidates
                    .iter()
                    .copied()
                    .filter(|(c, a)| one_profile && at_profile_decision(c, a))
                    .collect()
            } else {
                decided
            };
            // The construct the implementation reacts to while the reference does not.
            let reacts: Vec<_> = candidates
                .iter()
                .copied()
                .filter(|(_, a)| {
                    expected
                        .iter()
                        .all(|(p, _)| a.answers.get(&reference_name(*p)) == Some(&reference(*p)))
                })
                .collect();
            if narrowed.len() == 1 {
                Some(narrowed[0])
            } else if reacts.len() == 1 {
                Some(reacts[0])
            } else {
                None
            }
        }
    };
    if let Some((construct, chosen_variant)) = chosen {
        // An empty `user-agent` line the implementation answers as if it were not there (its
        // answer is the reference's once the line is taken out) is one it skips, so that its
        // rules join the group before: the reference reads the line as starting a group of its
        // own, which RFC 9309's syntax (a product token is not empty) does not say. Named
        // apart, with the force of that reading.
        let body_len = input.body().len();
        let skipped = construct == "empty-agent"
            && answered.iter().any(|(c, a)| {
                *c == construct
                    && a.input.input().body().len() < body_len
                    && a.answers.get(name).copied() == original
                    && removes(a)
            });
        let construct = if skipped {
            "skipped-empty-agent"
        } else {
            construct
        };
        // The implementation answers as one profile on this input: a profile split, which a
        // maintainer can check on the input shown (the expected line names both answers).
        return Some(Cause {
            construct,
            with: Vec::new(),
            profile_split: one_profile && !switches(construct, chosen_variant),
            also: also(),
        });
    }
    // A split against one profile where the implementation answers as the other is a
    // profile split whatever the implementation reacts to: its subject is the construct whose
    // neutralisation brings the reference's profiles to the implementation's answer (where
    // they decide differently), which the implementation need not react to at all (it may
    // simply follow the other reading).
    if one_profile {
        let mut at: Vec<&'static str> = Vec::new();
        for (c, a) in &answered {
            if removes(a)
                && at_profile_decision(c, a)
                && consistent(c)
                && follows(c)
                && !at.contains(c)
            {
                at.push(c);
            }
        }
        narrow(&mut at, |c| c);
        if at.len() == 1 {
            return Some(Cause {
                construct: at[0],
                with: Vec::new(),
                profile_split: true,
                also: also(),
            });
        }
        if !at.is_empty() {
            return Some(Cause {
                construct: COMBINED,
                with: at,
                profile_split: true,
                also: also(),
            });
        }
    }
    let mut with: Vec<&'static str> = candidates.iter().map(|(c, _)| *c).collect();
    if with.is_empty() {
        // Two constructs neutralised together.
        for pair in family.ablation.iter().filter(|a| a.construct.contains('+')) {
            if removes(pair) {
                for c in pair.construct.split('+').filter_map(construct_name) {
                    if !with.contains(&c) {
                        with.push(c);
                    }
                }
            }
        }
        with.sort_by_key(|c| ABLATABLE.iter().position(|a| a == c));
    }
    // A line Google's parser cuts short (its line buffer), which the profiles read apart and
    // no variant takes away: a profile split on that line.
    if with.is_empty() && one_profile && decisions.contains("long-line") {
        return Some(Cause {
            construct: "long-line",
            with: Vec::new(),
            profile_split: true,
            also: also(),
        });
    }
    if with.is_empty() {
        // The deciding rule's own shape, where no variant took it away (and no pair of
        // constructs explains the split: a shape beside them is a bystander).
        let (decision, _) = crate::fuzz::findings::feature_tags(&family.feature);
        // The `…/index.html` rule first: Google's parser derives a `…/$` rule from it, which
        // is not in the file.
        let shapes = [
            "index-html",
            "wildcard",
            "end-anchor",
            "inner-dollar",
            "percent",
            "non-ascii",
            "long",
        ];
        let ablated: BTreeSet<&str> = answered.iter().map(|(c, _)| *c).collect();
        if let Some(shape) = shapes
            .iter()
            .find(|s| decision.contains(s) && !ablated.contains(*s))
        {
            return Some(Cause {
                construct: shape,
                with: Vec::new(),
                profile_split: one_profile,
                also: also(),
            });
        }
    }
    Some(Cause {
        construct: COMBINED,
        with,
        // The implementation answers as one profile and nothing else explains the split.
        profile_split: one_profile,
        also: also(),
    })
}

/// Constructs whose neutralisation says more than others' where both remove a split: where
/// the first is among the constructs found, those it names are dropped, in this order.
const NARROWER: [(&str, &[&str]); 32] = [
    // When the URL's escapes alone remove the split, the rules' and the URL's together (or
    // the reserved ones replaced on both sides) say nothing more.
    ("url-percent", &["percent", "reserved-escape"]),
    // Where putting the rules in order removes the split as well as taking the tying rule
    // away, a library that obeys the first match and one that breaks only ties by the file's
    // order answer alike: the tie's sentence is the one both break.
    ("tie", &["rule-order", "tie-order"]),
    // An empty `Allow:` matching first, which a library obeying the first match obeys: the
    // longest rule put first removes the split as taking the empty line out does, and the
    // first match is what the library does (a library reading an empty `Allow:` as allowing
    // everything, in any order, keeps the split when the rules are reordered).
    ("rule-order", &["empty-value"]),
    // The URL's `%2F` decoded, where the rule `//` is also in `http://`: a library matching
    // anywhere in the URL keeps the split when the escape goes, so where the escape's going
    // removes it, the escape is the cause. Likewise beside a `//` (`Disallow: //`, URL
    // `/%2F`): a library that collapses `//` keeps the split when the escape is replaced on
    // both sides, so where that removes it, the escape is what the library decodes.
    ("reserved-escape", &["rule-elsewhere", "double-slash"]),
    // Two equal matches of one kind, which a library cannot choose between, are what a `*`
    // written out or a `%` escaped only happened to make unequal.
    (
        "equal-match",
        &["wildcard", "bare-percent", "end-anchor", "escaped-special"],
    ),
    // A `*` the library does not read as a wildcard is why a tie (`allow: *` beside
    // `disallow: /`) or the rules' order mattered.
    (
        "wildcard",
        &["tie", "tie-order", "rule-order", "unmatched-allow"],
    ),
    // An unreserved character's escape alone is narrower than every escape normalised.
    ("unreserved-escape", &["percent", "url-percent"]),
    // `%2A` and `%24` alone are narrower than every reserved escape.
    ("escaped-special", &["reserved-escape"]),
    // Hex digits' case alone is smaller still: an escaped `*` or `$` written `%2a` that
    // upper-cased matches again was read apart for its case (a library decoding it to a
    // wildcard still would).
    (
        "hex-case",
        &[
            "percent",
            "url-percent",
            "reserved-escape",
            "unreserved-escape",
            "escaped-special",
        ],
    ),
    // Whitespace in a rule's path, written raw there and escaped in the URL, is the rule's:
    // the URL's escape replaced alike on both sides says nothing more.
    ("inner-space", &["url-control-escape"]),
    // A rule the path starts with once letter case is ignored, or whose text is elsewhere in
    // the URL, says why an `Allow` that does not match the URL mattered; the host is the
    // narrowest place elsewhere.
    ("path-case", &["unmatched-allow", "rule-elsewhere"]),
    ("rule-in-host", &["rule-elsewhere", "unmatched-allow"]),
    // A rule a library matches elsewhere in the URL (a bare `$` at the end of any path) is
    // why its missing `/`, its `$` or its `*` mattered.
    (
        "rule-elsewhere",
        &[
            "unmatched-allow",
            "double-slash",
            "no-leading-slash",
            "end-anchor",
            "wildcard",
        ],
    ),
    // A bare `$` (or `x$`, or `%`) that the library matches: its missing `/` is what it
    // reads so (a `/` put before it), whatever it then makes of the rest.
    ("no-leading-slash", &["end-anchor", "bare-percent"]),
    // Whitespace at the end of a line that the library keeps (in a rule's length, in a
    // crawler's name) is what the tie, the rules' order or the `Allow` showed.
    (
        "trailing-space",
        &["tie", "rule-order", "unmatched-allow", "inner-space"],
    ),
    // A rule matching part of the URL's percent-encoding (`*9` in `%A9`) is what the URL's
    // escapes, and the rule's `*`, mattered for to a library that decodes the URL first.
    (
        "escape-split",
        &[
            "wildcard",
            "url-percent",
            "percent",
            "non-ascii",
            "url-control-escape",
            "reserved-escape",
        ],
    ),
    // A field name holding a known one, or a word with whitespace after it, is narrower than
    // any unknown field, or any one-word line. A library that reads such a name as the field
    // it holds puts the rules after it in a group: they are outside any group only for a
    // reading that does not.
    // An unknown or non-standard field line between the crawler's `user-agent` lines that,
    // taken out, lets the library read one group: the groups it then combines are what the
    // line split (a library that combines no groups still answers apart without the line).
    ("unknown-field", &["split-groups"]),
    ("non-standard-field", &["split-groups"]),
    ("field-in-name", &["unknown-field", "rule-outside-group"]),
    ("typo-field", &["unknown-field", "rule-outside-group"]),
    // An unknown field the library accepts by its spelling as a non-standard one: the
    // spelling, not any unknown line, is what it reads apart.
    ("nonstandard-typo", &["unknown-field", "split-groups"]),
    // A colonless word and trailing whitespace is the narrower of the colonless lines.
    ("word-and-space", &["one-token-line", "missing-colon"]),
    // A line of one word, which a colon put in and taking it out both neutralise: the word
    // alone (`Disallow/`, which a library reads as a field glued to its value) is narrower.
    ("one-token-line", &["missing-colon"]),
    // A shared group whose rules the library gives to its last name alone is what it took
    // apart, rather than the crawler's groups it then did not combine.
    // The crawler's shared group cut to its name, or its groups made one, on which the
    // library answers as the reference: a tie or equal match in them is what the library's
    // grouping showed (a library that breaks ties its own way breaks them alike in the
    // neutralised file).
    ("shared-group", &["tie", "equal-match"]),
    ("split-groups", &["tie", "equal-match"]),
    // A name sharing the crawler's group that has a group of its own elsewhere is what the
    // sharing mattered for to a library that gives the crawler that name's other rules too.
    (
        "shared-name-group",
        &["shared-group", "split-groups", "adjacent-groups"],
    ),
    // A crawler's group with no rules that the library drops falls back to the `*` group:
    // the `*` group only shows it.
    ("empty-group", &["star-group"]),
    // A character cut in two is what the escapes' decoding trips on.
    ("partial-char", &["percent", "url-percent", "non-ascii"]),
    // Escapes that decode to no UTF-8 character, which a library decoding as UTF-8 fails on:
    // narrower than any escape, or the hex case of one.
    (
        "non-utf8-escape",
        &["percent", "url-percent", "hex-case", "unreserved-escape"],
    ),
    // A crawler Google's text excepts from `*` is what its name's `-` stands for.
    ("adsbot-agent", &["agent-hyphen"]),
    // An empty `user-agent` line that, once named, starts a group the library reads apart
    // says why the group after the crawler's mattered.
    ("empty-agent", &["later-group"]),
    // Likewise a group's only rule with an empty value that, once given a path, no longer
    // lets the library read the next group's names as the crawler's.
    ("empty-only-rule", &["later-group"]),
];

/// A line end, a byte order mark or a file's having one line changes how every other line is
/// read: where one is found, the others found beside it are what it split or joined.
const FILE_FORMAT: [&str; 6] = [
    "bom",
    "inner-bom",
    "cr-line-end",
    "crlf",
    "last-line-end",
    "one-line-file",
];

/// The constructs whose neutralisation changes only rules that no reading matches to the
/// URL (taken out, or made to match for every reading): a change of the implementation's
/// reading of them, as a line reading's is (a library matching `Disallow: /a` to `/A`
/// turns, with the rule gone, from the profile it agreed with to the other).
const NOWHERE_MATCHED: [&str; 3] = ["path-case", "rule-elsewhere", "unmatched-allow"];

/// The constructs of how a line is read (its field name, its colon, its whitespace, its
/// place among the groups), as against how a rule's path is compared: a neutralisation of
/// theirs on which the implementation turns to the other profile while neither profile's
/// answer moves shows the implementation's own reading of that line.
const LINE_READINGS: [&str; 18] = [
    "misspelling",
    "missing-colon",
    "wide-gap",
    "space-before-colon",
    "one-token-line",
    "word-and-space",
    "unknown-field",
    "typo-field",
    "nonstandard-typo",
    "field-in-name",
    "commented-rule",
    "blank-line",
    "adjacent-groups",
    "empty-value",
    "non-standard-field",
    "sitemap",
    "trailing-space",
    "inner-bom",
];

/// Whether some reading takes a line of `input` for an `Allow` rule with an empty value.
fn empty_allow(input: &Input) -> bool {
    let body = input.body();
    line_readings(&body).is_some_and(|readings| {
        split_lines(&body)
            .iter()
            .zip(&readings)
            .any(|(line, (kinds, _))| {
                kinds.contains(&RecordKind::Allow) && rule_value(&line.content).is_empty()
            })
    })
}

/// Whether `variant` is `input` with lines taken out that neither the `rfc9309` nor the
/// `google` profile reads as a `user-agent` line or a rule, or blank lines put in (at least
/// one line either way): lines the reference reads as nothing, so that an implementation's
/// answer moving with them is its own reading.
fn only_ignored_lines_changed(input: &Input, variant: &Input) -> bool {
    if input.agent != variant.agent || input.urls != variant.urls {
        return false;
    }
    let (body, taken) = (input.body(), variant.body());
    let Some(readings) = line_readings(&body) else {
        return false;
    };
    let (before, after) = (split_lines(&body), split_lines(&taken));
    let ignored = |i: usize| {
        let kinds = &readings[i].0;
        !is_rule(kinds) && !kinds.contains(&RecordKind::UserAgent)
    };
    let blank = |line: &Line| line.content.iter().all(|b| is_space(*b));
    // The lines kept in their order; each other line of the input one the reference reads
    // as nothing, each other line of the variant blank.
    let (mut i, mut j, mut changed) = (0, 0, 0);
    while i < before.len() || j < after.len() {
        if i < before.len() && j < after.len() && before[i].content == after[j].content {
            i += 1;
            j += 1;
        } else if j < after.len() && blank(&after[j]) {
            j += 1;
            changed += 1;
        } else if i < before.len() && ignored(i) {
            i += 1;
            changed += 1;
        } else {
            return false;
        }
    }
    changed > 0
}

/// The constructs the `rfc9309` and `google` profiles compare apart when matching: a space in
/// a path, hex digits' case, escapes of unreserved characters, a `%` that starts no escape, a
/// rule Google's parser derives from `…/index.html`, a line Google's parser cuts short.
const MATCHING_SPLITS: [&str; 8] = [
    "inner-space",
    "hex-case",
    "unreserved-escape",
    "percent",
    "url-percent",
    "bare-percent",
    "index-html",
    "long-line",
];

/// Two constructs the implementation reads one each way, where the reference's profiles
/// agreed on the input: with one neutralised the profiles part and the implementation answers
/// as one of them, with the other neutralised they part and it answers as the other; the
/// two neutralised together (where asked) remove the split. A library reading `disalow` as
/// `disallow`, as the `google` profile does, and a space in a path as `%20`, as the `rfc9309`
/// profile does, gives neither profile's answer on `disalow: / ~`. Both constructs, the
/// one read as `google` reads it first; `None` otherwise.
fn profile_mix(
    answered: &[(&'static str, &Ablated)],
    name: &str,
    differ: bool,
    removes: impl Fn(&Ablated) -> bool,
    ablation: &[Ablated],
    decisions: &BTreeSet<&'static str>,
) -> Option<Vec<&'static str>> {
    if differ {
        return None;
    }
    // Each construct must itself be a point the profiles read apart: a line one reads and
    // the other does not (the reference's account), or a comparison they make apart.
    let point = |c: &str| decisions.contains(c) || MATCHING_SPLITS.contains(&c);
    // The profile the implementation answers as on a variant where the profiles part.
    let follows = |a: &Ablated| -> Option<Profile> {
        let said = a.answers.get(name).filter(|s| s.allowed().is_some())?;
        let rfc = a.answers.get(&reference_name(Profile::Rfc9309))?;
        let google = a.answers.get(&reference_name(Profile::Google))?;
        (rfc != google).then_some(if said == rfc {
            Profile::Rfc9309
        } else {
            Profile::Google
        })
    };
    // A construct's lines taken out ([`lines_out_variants`]) show the rest of the file alike.
    let taken_out = ablation.iter().filter_map(|a| {
        let construct = construct_name(a.construct.strip_prefix(LINES_OUT)?.strip_prefix(':')?)?;
        Some((construct, a))
    });
    let sides: Vec<(&'static str, Profile)> = answered
        .iter()
        .copied()
        .chain(taken_out)
        .filter_map(|(c, a)| follows(a).map(|p| (c, p)))
        .collect();
    // A construct whose variants show the implementation on both sides says nothing.
    let one_side = |c: &str| {
        let mut seen = sides.iter().filter(|(c2, _)| *c2 == c).map(|(_, p)| *p);
        let first = seen.next()?;
        seen.all(|p| p == first).then_some(first)
    };
    for (i, (first, _)) in sides.iter().enumerate() {
        for (second, _) in &sides[i + 1..] {
            if first == second || !point(first) || !point(second) {
                continue;
            }
            let (Some(p), Some(q)) = (one_side(first), one_side(second)) else {
                continue;
            };
            let together = ablation.iter().filter(|a| {
                a.construct == format!("{first}+{second}")
                    || a.construct == format!("{second}+{first}")
            });
            if p != q && together.clone().all(&removes) {
                // With `first` neutralised the implementation answers as `p`: it reads
                // `second` as `p` does, and `first` as the other profile.
                return Some(if p == Profile::Google {
                    vec![*second, *first]
                } else {
                    vec![*first, *second]
                });
            }
        }
    }
    None
}

/// `found` (constructs, each named by `name`) narrowed by [`NARROWER`] and [`FILE_FORMAT`].
fn narrow<T>(found: &mut Vec<T>, name: impl Fn(&T) -> &str) {
    for (narrower, wider) in NARROWER {
        if found.iter().any(|f| name(f) == narrower) {
            found.retain(|f| !wider.contains(&name(f)));
        }
    }
    if let Some(format) = FILE_FORMAT
        .into_iter()
        .find(|c| found.iter().any(|f| name(f) == *c))
    {
        found.retain(|f| name(f) == format);
    }
}

/// The variants with two constructs neutralised together (for inputs with at most
/// [`PAIRED`] constructs): the evidence of a combined cause.
pub fn pairs(singles: &[(&'static str, Input)]) -> Vec<(String, Input)> {
    let mut names: Vec<&'static str> = singles.iter().map(|(c, _)| *c).collect();
    names.dedup();
    if names.len() < 2 || names.len() > PAIRED {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, first) in names.iter().enumerate() {
        let Some((_, once)) = singles.iter().find(|(c, _)| c == first) else {
            continue;
        };
        let again = variants(once);
        for second in &names[i + 1..] {
            if let Some((_, twice)) = again.iter().find(|(c, _)| c == second) {
                out.push((format!("{first}+{second}"), twice.clone()));
            }
        }
    }
    out
}

/// The input to show for `name`'s split in `family`: the family's own, or, when making its
/// line ends LF changes no answer of `name` nor of the reference under any profile, that
/// variant (CR line ends a minimiser kept that the split does not need).
pub fn shown_input(family: &Family, name: &str) -> Option<FamilyInput> {
    let own = family.input.clone()?;
    let same = |a: &Ablated| {
        std::iter::once(name.to_owned())
            .chain(Profile::ALL.into_iter().map(reference_name))
            .all(|n| a.answers.contains_key(&n) && a.answers.get(&n) == family.split.get(&n))
    };
    let plain = ["crlf+cr-line-end", "crlf", "cr-line-end"]
        .iter()
        .find_map(|c| {
            family
                .ablation
                .iter()
                .find(|a| a.construct == *c && same(a))
        })
        .map(|a| a.input.clone());
    Some(plain.unwrap_or(own))
}

/// Most constructs an input may hold for its pairs to be tried.
pub const PAIRED: usize = 6;

/// Most rounds of cleaning (each neutralises one construct).
const CLEANING_ROUNDS: usize = 16;

/// Whether `name`'s root causes in `family` are labelled and shown on its cleaned input:
/// the family was minimised for `name`, and cleaned for it.
pub fn uses_cleaned(family: &Family, name: &str) -> bool {
    crate::fuzz::findings::minimised_for(family, name) && family.cleaned_for.contains_key(name)
}

/// `family` as its input cleaned for `name` shows it: the input, the answers asked about it, its
/// ablation and its feature in place of the minimal input's (the other implementations'
/// answers are those to the minimal input: only use it for one [`uses_cleaned`] holds for).
pub fn cleaned_view(family: &Family, name: &str) -> Option<Family> {
    let cleaned = family.cleaned_for.get(name)?;
    let mut split = family.split.clone();
    split.extend(cleaned.answers.clone());
    let feature = crate::fuzz::findings::feature(&cleaned.input.input())
        .unwrap_or_else(|| family.feature.clone());
    Some(Family {
        input: Some(cleaned.input.clone()),
        ablation: cleaned.ablation.clone(),
        split,
        feature,
        cleaned_for: BTreeMap::new(),
        ..family.clone()
    })
}

/// `family` as `name`'s root causes see it: [`cleaned_view`] where [`uses_cleaned`] holds.
pub fn for_implementation<'f>(family: &'f Family, name: &str) -> std::borrow::Cow<'f, Family> {
    match uses_cleaned(family, name)
        .then(|| cleaned_view(family, name))
        .flatten()
    {
        Some(view) => std::borrow::Cow::Owned(view),
        None => std::borrow::Cow::Borrowed(family),
    }
}

/// Answers already asked, by input.
type Asked = BTreeMap<(String, bool, String, String), BTreeMap<String, Answer>>;

fn asked_key(input: &FamilyInput) -> (String, bool, String, String) {
    (
        input.robots.clone(),
        input.escaped,
        input.agent.clone(),
        input.url.clone(),
    )
}

/// Who to ask, and what has been asked.
struct Asker<'e> {
    references: Vec<(String, ReferenceEngine)>,
    engines: &'e mut [Box<dyn Engine>],
    asked: usize,
}

impl Asker<'_> {
    /// The answers of the reference under every profile and of the implementations `names`
    /// to `variant`, reusing those in `known`.
    fn ask(
        &mut self,
        known: &mut Asked,
        variant: &Input,
        names: &[String],
    ) -> BTreeMap<String, Answer> {
        let stored = FamilyInput::of(variant);
        let answers = known.entry(asked_key(&stored)).or_default();
        let body = variant.body();
        for (name, engine) in &mut self.references {
            if !answers.contains_key(name) {
                let said = engine.check(&body, &variant.agent, &variant.urls);
                answers.insert(name.clone(), Answer::of(&said, 0));
            }
        }
        for engine in self.engines.iter_mut() {
            let name = engine.info().name.clone();
            if !names.contains(&name) || answers.contains_key(&name) {
                continue;
            }
            let said = engine.check(&body, &variant.agent, &variant.urls);
            self.asked += 1;
            answers.insert(name, Answer::of(&said, 0));
        }
        answers
            .iter()
            .filter(|(n, _)| n.starts_with("reference-") || names.contains(n))
            .map(|(n, a)| (n.clone(), *a))
            .collect()
    }

    /// Every single and paired neutralisation of `input`, with the answers of the reference
    /// and of `names`.
    fn ablation(&mut self, known: &mut Asked, input: &Input, names: &[String]) -> Vec<Ablated> {
        let singles = variants(input);
        let mut all: Vec<(String, Input)> = singles
            .iter()
            .map(|(c, i)| ((*c).to_owned(), i.clone()))
            .collect();
        all.extend(pairs(&singles));
        all.extend(file_ignored_probe(input).map(|probe| (FILE_IGNORED.to_owned(), probe)));
        all.extend(file_ignored_probe_lf(input).map(|probe| (FILE_IGNORED.to_owned(), probe)));
        all.extend(allow_ignored_probe(input).map(|probe| (ALLOW_IGNORED.to_owned(), probe)));
        all.extend(slash_decoded_probe(input).map(|probe| (SLASH_DECODED.to_owned(), probe)));
        all.extend(hex_rule_only(input).map(|probe| (HEX_RULE_ONLY.to_owned(), probe)));
        all.extend(hex_url_only(input).map(|probe| (HEX_URL_ONLY.to_owned(), probe)));
        if singles.iter().any(|(c, _)| *c == "adjacent-groups") {
            all.extend(
                blank_ends_group_probe(input).map(|probe| (BLANK_ENDS_GROUP.to_owned(), probe)),
            );
        }
        all.extend(line_alone_variants(input));
        all.extend(lines_out_variants(input));
        for probe in &RULE_PROBES {
            for (control, name) in [false, true].into_iter().zip(probe.names) {
                all.extend(probe.asked(input, control).map(|p| (name.to_owned(), p)));
            }
        }
        all.into_iter()
            .map(|(construct, variant)| Ablated {
                construct,
                answers: self.ask(known, &variant, names),
                input: FamilyInput::of(&variant),
            })
            .collect()
    }
}

/// The construct of the crawler's groups, one of them shared with another name, where
/// cutting the shared group to the crawler's name and making the groups one each remove the
/// split ([`cause`]): never neutralised on its own.
pub const SHARED_SPLIT: &str = "shared-split-group";

/// The construct of a rule holding `*` and ending in `$` where only both together split
/// ([`cause`]): never neutralised on its own.
pub const ANCHORED_WILDCARD: &str = "anchored-wildcard";

/// The name of the probe `file_ignored_probe` is asked under: evidence, never a construct.
pub const FILE_IGNORED: &str = "file-ignored";

/// A crawler no generated file names, which [`file_ignored_probe`] asks about.
const PROBE_CRAWLER: &str = "XqzvwProbeBot";

/// The input with a group `User-agent: XqzvwProbeBot` / `Disallow: /xqzvw-page` put first
/// (last, after a byte order mark, or before a rule outside any group, which the group would
/// take in; with the file's own line end, LF for a file of CR line ends), asked about that crawler and the URL `/xqzvw-page` on the input's host: its group
/// is the only one naming it, so every reading disallows, and an implementation that allows
/// has not read the file at all. The rule is longer than any `Allow` the file's first lines
/// could add to the group where a library reads them as rules and the reference does not (a
/// colonless `Allow /` after a `useragent` line the library ignores). `None` for an empty
/// file.
fn file_ignored_probe(input: &Input) -> Option<Input> {
    file_ignored_probe_ending(input, false)
}

/// [`file_ignored_probe`] with LF line ends, for a file whose own are CRLF: a library that
/// keeps a CRLF's CR in each value (a group for `XqzvwProbeBot\r`) reads this one, and one
/// that ends lines at CRLF only reads the other. `None` for a file of other line ends.
fn file_ignored_probe_lf(input: &Input) -> Option<Input> {
    (own_line_end(&input.body()) == b"\r\n")
        .then(|| file_ignored_probe_ending(input, true))
        .flatten()
}

/// The line end of `body`'s first line that has one, but never a bare CR (LF instead, as for
/// a file of one line): a library that does not end lines at CR would read a probe group
/// as one line with the file, and seem to ignore the file when it only misreads its line
/// ends (the `cr-line-end` construct's own question).
fn own_line_end(body: &[u8]) -> &'static [u8] {
    match split_lines(body)
        .iter()
        .map(|l| l.end.as_slice())
        .find(|e| !e.is_empty())
    {
        Some(b"\r\n") => b"\r\n",
        _ => b"\n",
    }
}

/// [`file_ignored_probe`], its group's lines ended by LF (`lf`) or by the file's own line
/// end ([`own_line_end`]).
fn file_ignored_probe_ending(input: &Input, lf: bool) -> Option<Input> {
    let body = input.body();
    if body.is_empty() {
        return None;
    }
    let end: &[u8] = if lf { b"\n" } else { own_line_end(&body) };
    let group = [
        format!("User-agent: {PROBE_CRAWLER}").as_bytes(),
        end,
        b"Disallow: /xqzvw-page",
        end,
    ]
    .concat();
    // After a byte order mark, the group's first line would be the line the mark spoils;
    // before a rule outside any group, the group would take the rule in: the group goes last
    // instead (after a blank line, the last line given its line end).
    let orphan = line_readings(&body).is_some_and(|readings| {
        readings
            .iter()
            .any(|(_, diagnostics)| has(diagnostics, "rule-outside-group"))
    });
    let probed = if body.starts_with(b"\xEF\xBB\xBF") || orphan {
        let close: &[u8] = if body.ends_with(b"\n") { b"" } else { end };
        [&body[..], close, end, &group].concat()
    } else {
        [&group[..], end, &body[..]].concat()
    };
    // A plain URL on the input's host: a library failing on the input's URL (an escape it
    // cannot decode) fails on the question, not the file.
    let url = input.urls.first()?;
    Some(Input {
        agent: PROBE_CRAWLER.to_owned(),
        urls: vec![format!("{}/xqzvw-page", &url[..path_at(url)])],
        ..with_body(input, &probed)
    })
}

/// Whether `name` ignores the whole file of `family` (as the family's ablation, or its
/// cleaned view's, shows): it allows where the reference allows nothing, the file given
/// first a group of its own for a crawler of its own that disallows everything
/// (`file_ignored_probe`), which both profiles obey; for a file of CRLF line ends, that
/// group with the file's line ends and with LF ones alike.
pub fn file_ignored(family: &Family, name: &str) -> bool {
    let shows = |probe: fn(&Input) -> Option<Input>| {
        probe_shows(
            family,
            name,
            (FILE_IGNORED, probe),
            Answer::Allow,
            Answer::Disallow,
        )
    };
    // A file of CRLF line ends is probed both ways: ignored only where both are.
    let lf_asked = family
        .input
        .as_ref()
        .is_some_and(|i| file_ignored_probe_lf(&i.input()).is_some());
    shows(file_ignored_probe) && (!lf_asked || shows(file_ignored_probe_lf))
}

/// Whether `name` answered `said` on `family` and on its `probe` (asked under that name),
/// where the reference answered `reference` to the probe under `rfc9309` and `google` alike.
fn probe_shows(
    family: &Family,
    name: &str,
    (construct, probe): (&str, fn(&Input) -> Option<Input>),
    said: Answer,
    reference: Answer,
) -> bool {
    let Some(asked) = family
        .input
        .as_ref()
        .and_then(|i| probe(&i.input()))
        .map(|p| FamilyInput::of(&p))
    else {
        return false;
    };
    family.split.get(name) == Some(&said)
        && family
            .ablation
            .iter()
            .find(|a| a.construct == construct && a.input == asked)
            .is_some_and(|a| {
                a.answers.get(name) == Some(&said)
                    && [Profile::Rfc9309, Profile::Google]
                        .into_iter()
                        .all(|p| a.answers.get(&reference_name(p)) == Some(&reference))
            })
}

/// The name of the probe `slash_decoded_probe` is asked under: evidence, never a construct.
pub const SLASH_DECODED: &str = "slash-decoded";

/// `text` with each escaped `/` (`%2F`, `%2f`) written `/`.
fn slash_decoded_text(text: &[u8]) -> Vec<u8> {
    rewrite_escapes(text, &|hex| {
        hex.eq_ignore_ascii_case(b"2F").then(|| b"/".to_vec())
    })
}

/// For an input one of whose rules holds an escaped `/` that, written `/`, makes a `//`
/// (`/%2F`): the same input with each `%2F` written `/` in the rules and in the URL's path
/// alike. Every reading compares the two as it compared the escapes (a rule and a URL that
/// say the same on both sides still do). A library that keeps its answer there reads the
/// escape as `/`, and answers apart on the `//` it makes, not on the escape.
fn slash_decoded_probe(input: &Input) -> Option<Input> {
    let body = input.body();
    let readings = line_readings(&body)?;
    let doubled = |value: &[u8]| {
        let decoded = slash_decoded_text(value);
        decoded != value && decoded.windows(2).any(|w| w == b"//")
    };
    rule_values_where(input, doubled).then_some(())?;
    on_both_sides(input, &body, &readings, &slash_decoded_text)
}

/// Whether some rule value of `input` (see [`rule_value`]) holds for `holds`.
/// Whether a rule value ends in the `$` anchor and holds an escaped `$` (`%24`) before it.
fn inner_escaped_dollar(value: &[u8]) -> bool {
    value
        .strip_suffix(b"$")
        .is_some_and(|head| head.windows(3).any(|w| w.eq_ignore_ascii_case(b"%24")))
}

fn rule_values_where(input: &Input, holds: impl Fn(&[u8]) -> bool) -> bool {
    !rule_lines_where(input, |line| holds(rule_value(line))).is_empty()
}

/// Whether `name`, on `family`, keeps its answer where each escaped `/` is written `/` on
/// both sides (`slash_decoded_probe`) and both profiles keep theirs: it reads the escape as
/// `/`, and it is the `//` that makes that it answers apart on.
pub fn slash_decoded(family: &Family, name: &str) -> bool {
    let Some(said) = family.split.get(name).copied() else {
        return false;
    };
    let other = match said {
        Answer::Allow => Answer::Disallow,
        Answer::Disallow => Answer::Allow,
        _ => return false,
    };
    probe_shows(
        family,
        name,
        (SLASH_DECODED, slash_decoded_probe),
        said,
        other,
    )
}

/// The name of the variant `hex_rule_only` is asked under: evidence, never a construct.
pub const HEX_RULE_ONLY: &str = "hex-case-rule";

/// For an input whose URL and rules both hold lower-case hex digits in their escapes: the
/// rules' hex digits upper-cased, the URL's kept. Google's parser upper-cases a rule's and
/// compares the URL's as sent; a library comparing escapes as written, hex case included,
/// then answers as Google's parser does, one decoding both sides does not. `None` for any
/// other input.
fn hex_rule_only(input: &Input) -> Option<Input> {
    if !url_hex_lowered(input) {
        return None;
    }
    let body = input.body();
    let readings = line_readings(&body)?;
    let rules = rewrite_rules(&body, &readings, &upper_hex)?;
    Some(with_body(input, &rules))
}

/// The name of the variant `hex_url_only` is asked under: evidence, never a construct.
pub const HEX_URL_ONLY: &str = "hex-case-url";

/// For an input whose URL and rules both hold lower-case hex digits in their escapes: the
/// URL's hex digits upper-cased, the rules' kept. Both profiles read a rule's hex digits
/// upper-cased; a library comparing escapes as written, hex case included, then misses the
/// rule. `None` for any other input.
fn hex_url_only(input: &Input) -> Option<Input> {
    hex_rule_only(input)?;
    let url = input.urls.first()?;
    let at = path_at(url);
    let upper = upper_hex(&url.as_bytes()[at..]);
    Some(Input {
        urls: vec![format!("{}{}", &url[..at], String::from_utf8_lossy(&upper))],
        ..input.clone()
    })
}

/// For a split of `name` against `google` alone on `family`, whose URL and rules hold
/// lower-case hex digits: where upper-casing only the rules' brings `name` to `google`'s
/// answer (`hex_rule_only`), the rules' lower-case hex is what it reads apart from Google's
/// parser (it compares escapes as written, where Google's parser upper-cases a rule's):
/// the phrase, and the rule lines holding such digits. `None` otherwise (the URL's case is
/// then what the split rests on, as a library decoding both sides shows).
pub fn rule_hex_side(family: &Family, name: &str, shown: &Input) -> Option<(String, String)> {
    let input = family.input.as_ref()?.input();
    let asked = FamilyInput::of(&hex_rule_only(&input)?);
    let google = reference_name(Profile::Google);
    let said = family.split.get(name)?;
    if family.split.get(&google) == Some(said)
        || family.split.get(&reference_name(Profile::Rfc9309)) != Some(said)
    {
        return None;
    }
    let variant = family
        .ablation
        .iter()
        .find(|a| a.construct == HEX_RULE_ONLY && a.input == asked)?;
    let answered = variant.answers.get(name)?;
    (answered.allowed().is_some() && variant.answers.get(&google) == Some(answered))
        .then_some(())?;
    let lowered = |line: &[u8]| {
        let value = rule_value(line);
        upper_hex(value) != value
    };
    let held = rule_lines_where(shown, lowered);
    // The URL's digits upper-cased alone, where both profiles agree and the library answers
    // otherwise: its case-sensitive comparison, shown against both.
    let against_both = hex_url_only(&input).and_then(|url_only| {
        let asked = FamilyInput::of(&url_only);
        let found = family
            .ablation
            .iter()
            .find(|a| a.construct == HEX_URL_ONLY && a.input == asked)?;
        let theirs = found.answers.get(&google)?;
        let mine = found.answers.get(name)?;
        let url = crate::text::inline_code(url_only.urls.first()?.as_bytes(), 80);
        (mine.allowed().is_some()
            && theirs != mine
            && found.answers.get(&reference_name(Profile::Rfc9309)) == Some(theirs))
        .then(|| {
            format!(
                ": with the URL's digits upper-cased ({url}) it answers {} where both profiles \
                 answer {}",
                mine.name(),
                theirs.name()
            )
        })
    });
    (!held.is_empty()).then(|| {
        (
            format!(
                "lower-case hex digits in a rule's percent-encoding (`%c3` for `%C3`), which \
                 Google's parser upper-cases and the library reads apart from their upper-case \
                 form{}",
                against_both.unwrap_or_default()
            ),
            named_lines(&held.iter().map(Vec::as_slice).collect::<Vec<_>>()),
        )
    })
}

/// The name of the probe `blank_ends_group_probe` is asked under: evidence, never a
/// construct.
pub const BLANK_ENDS_GROUP: &str = "blank-ends-group";

/// For an input holding a group right after another's rules (`adjacent-groups`): the
/// crawler's group with a blank line between its `user-agent` line and its one rule,
/// `Disallow: /xqzvw-page`, asked about `/xqzvw-page` on the input's host. Both profiles
/// disallow (a blank line is no part of a group's grammar); a library that allows ends a
/// group at a blank line, so putting one in before the next group's `user-agent` line is
/// no neutral change for it. `None` for a crawler without a product token.
fn blank_ends_group_probe(input: &Input) -> Option<Input> {
    crawler_group_probe(input, &["", "Disallow: /xqzvw-page"])
}

/// A group of the input's crawler (its product token) with `lines` after its `user-agent`
/// line, asked about `/xqzvw-page` on the input's host. `None` for a crawler without a
/// product token.
fn crawler_group_probe(input: &Input, lines: &[&str]) -> Option<Input> {
    let name = input.agent.split('/').next().unwrap_or_default();
    if !reptest_peers::product_token(name) {
        return None;
    }
    let url = input.urls.first()?;
    let origin = &url[..path_at(url)];
    let mut body = vec![format!("User-agent: {name}\n").into_bytes()];
    body.extend(lines.iter().map(|line| format!("{line}\n").into_bytes()));
    Some(Input {
        lines: body,
        agent: input.agent.clone(),
        urls: vec![format!("{origin}/xqzvw-page")],
    })
}

/// Whether `name` ends a group at a blank line (`blank_ends_group_probe`): it allows where
/// both profiles disallow.
fn blank_ends_group(family: &Family, name: &str) -> bool {
    let Some(asked) = family
        .input
        .as_ref()
        .and_then(|i| blank_ends_group_probe(&i.input()))
        .map(|p| FamilyInput::of(&p))
    else {
        return false;
    };
    family
        .ablation
        .iter()
        .find(|a| a.construct == BLANK_ENDS_GROUP && a.input == asked)
        .is_some_and(|a| {
            a.answers.get(name) == Some(&Answer::Allow)
                && [Profile::Rfc9309, Profile::Google]
                    .into_iter()
                    .all(|p| a.answers.get(&reference_name(p)) == Some(&Answer::Disallow))
        })
}

/// The name of the probe `allow_ignored_probe` is asked under: evidence, never a construct.
pub const ALLOW_IGNORED: &str = "allow-ignored";

/// For an input holding an `Allow` line: the plainest `Allow` question, on the input's
/// host and crawler, a longer `Allow: /xqzvw-page` that the URL `/xqzvw-page` matches
/// before `Disallow: /` (both profiles allow, and so does a library obeying the first match).
/// An implementation that disallows does not obey `Allow` lines at all. `None` for an input
/// without an `Allow` line, or a crawler without a product token.
fn allow_ignored_probe(input: &Input) -> Option<Input> {
    let body = input.body();
    let readings = line_readings(&body)?;
    if !readings
        .iter()
        .any(|(kinds, _)| kinds.contains(&RecordKind::Allow))
    {
        return None;
    }
    crawler_group_probe(input, &["Allow: /xqzvw-page", "Disallow: /"])
}

/// Whether `name` disallows where the reference allows on `family` and does not obey
/// `Allow` lines at all (`allow_ignored_probe`).
pub fn allow_ignored(family: &Family, name: &str) -> bool {
    probe_shows(
        family,
        name,
        (ALLOW_IGNORED, allow_ignored_probe),
        Answer::Disallow,
        Answer::Allow,
    )
}

/// A probe of how an implementation reads a rule, with its control: each a group of the
/// crawler's with the probe's rule lines (`rules`), asked about `path` on the input's host.
/// Both profiles answer the probe and the control alike; an implementation that answers the
/// probe otherwise and the control as they do reads the rule as the probe's construct says
/// (the control shows it reads the rule at all, and not as something that decides every
/// question).
#[derive(Debug)]
pub struct RuleProbe {
    /// The construct a library shown to read so is filed under.
    pub construct: &'static str,
    /// The names the probe and its control are asked under: evidence, never a construct.
    pub names: [&'static str; 2],
    /// The rule lines and the path asked about, for the probe.
    probe: (&'static str, &'static str),
    /// The same, for the control.
    control: (&'static str, &'static str),
    /// What both profiles answer to the probe and to its control.
    reference: Answer,
    /// What a library reading rules so answers the probe. Where it is an error, the probe
    /// explains only a split in which the library fails too.
    shown: Answer,
    /// The rule lines (without their line ends) that make the input one to ask the probe
    /// for: the instance of its construct.
    held: fn(&Input) -> Vec<Vec<u8>>,
    /// Whether the input's rules give the behaviour a say.
    decides: fn(&Input) -> bool,
    /// The constructs the ablation may name for a library that reads rules so (alone, or
    /// together as [`COMBINED`]): where the probe shows the behaviour, it is the root cause.
    pub explains: &'static [&'static str],
}

/// The rule probes:
/// - a final `$` left out of a rule's length: `Allow: /a` before `Disallow: /a$` is a tie
///   the `Allow` wins (its control `Disallow: /a*` the longer match for every reading);
/// - a percent-encoding counted as the one character it encodes: `Disallow: /a-%3E` after
///   `Allow: /a-*` (its control `Disallow: /a-abc`);
/// - a rule looked for anywhere in the URL, rather than at the start of its path:
///   `Disallow: xqzvw-page` asked about `/abc/xqzvw-page`, which no reading matches (read as
///   written, or given its leading `/`); its control, `/abc/xqzvw-other`, holds the rule's
///   text nowhere. A library that reads a rule without its leading `/` as one with it
///   allows both; one that looks for it anywhere disallows the probe. That is
///   `rule-elsewhere`, not the slash the rule lacks;
/// - whitespace at a rule line's end counted in the rule's length, though not compared:
///   `Disallow: /xqzvw-pag` and two tabs after `Allow: /xqzvw-page`, asked about
///   `/xqzvw-page`, is the shorter match for every reading (and matches nothing for one that
///   keeps the tabs in the path); its control has no tabs. A library that disallows the
///   probe and allows its control strips the whitespace from the path and counts it in the
///   length;
/// - two different rules of equal length that both match, one holding `*`: `Allow:
///   /xqzvw-pa*` beside `Disallow: /xqzvw-pag`, asked about `/xqzvw-page`, is a tie the
///   `Allow` wins (its control `Allow: /xqzvw-pag*` the longer match). A library that fails on
///   the probe and allows its control cannot compare two such rules; asked only for a split
///   the library fails on;
/// - a URL's percent-encoded `?` decoded before its path is compared, and the empty query it
///   then starts dropped: `Disallow: /xqzvw-page%3F` asked about `/xqzvw-page%3F`, which
///   every reading matches (its control `Disallow: /xqzvw-page%3E`, an escape that starts
///   nothing). A library that allows the probe and disallows its control cuts the URL's path
///   at the escape while it keeps the rule's; one cutting the rule (as a URL parser reads it)
///   still matches. Asked where a rule ends in an escaped `?`, `#` or `;` that the URL holds.
pub const RULE_PROBES: [RuleProbe; 6] = [
    RuleProbe {
        construct: "anchor-length",
        names: ["anchor-uncounted", "anchor-uncounted-control"],
        probe: ("Allow: /xqzvw-page\nDisallow: /xqzvw-page$", "/xqzvw-page"),
        control: ("Allow: /xqzvw-page\nDisallow: /xqzvw-page*", "/xqzvw-page"),
        reference: Answer::Disallow,
        shown: Answer::Allow,
        held: |input| rule_lines_where(input, |line| rule_value(line).ends_with(b"$")),
        decides: anchor_decides,
        explains: &LENGTH_LIKE,
    },
    RuleProbe {
        construct: "escape-length",
        names: ["escape-decoded", "escape-decoded-control"],
        probe: ("Allow: /xqzvw-*\nDisallow: /xqzvw-%3E", "/xqzvw-%3E"),
        control: ("Allow: /xqzvw-*\nDisallow: /xqzvw-abc", "/xqzvw-abc"),
        reference: Answer::Disallow,
        shown: Answer::Allow,
        held: |input| {
            rule_lines_where(input, |line| {
                rule_value(line).windows(3).any(|w| {
                    w[0] == b'%'
                        && hex_octet(&w[1..]).is_some_and(|o| {
                            !(o.is_ascii_alphanumeric() || UNRESERVED.contains(&o))
                        })
                })
            })
        },
        decides: |input| rule_kinds(input) == (true, true),
        explains: &LENGTH_LIKE,
    },
    RuleProbe {
        construct: "rule-elsewhere",
        names: ["slashless-anywhere", "slashless-anywhere-control"],
        probe: ("Disallow: xqzvw-page", "/abc/xqzvw-page"),
        control: ("Disallow: xqzvw-page", "/abc/xqzvw-other"),
        reference: Answer::Allow,
        shown: Answer::Disallow,
        held: |input| {
            rule_lines_where(input, |line| {
                let value = rule_value(line);
                !value.is_empty() && !value.starts_with(b"/") && !value.starts_with(b"*")
            })
        },
        decides: |_| true,
        explains: &["no-leading-slash", "rule-in-host"],
    },
    RuleProbe {
        construct: "space-length",
        names: ["space-counted", "space-counted-control"],
        probe: (
            "Allow: /xqzvw-page\nDisallow: /xqzvw-pag\t\t",
            "/xqzvw-page",
        ),
        control: ("Allow: /xqzvw-page\nDisallow: /xqzvw-pag", "/xqzvw-page"),
        reference: Answer::Allow,
        shown: Answer::Disallow,
        held: |input| rule_lines_where(input, |line| line.last().is_some_and(|b| is_space(*b))),
        decides: |_| true,
        explains: &["trailing-space"],
    },
    RuleProbe {
        construct: "equal-length-error",
        names: ["equal-length", "equal-length-control"],
        probe: ("Allow: /xqzvw-pa*\nDisallow: /xqzvw-pag", "/xqzvw-page"),
        control: ("Allow: /xqzvw-pag*\nDisallow: /xqzvw-pag", "/xqzvw-page"),
        reference: Answer::Allow,
        shown: Answer::Error,
        held: equal_length_lines,
        decides: |_| true,
        explains: &EQUAL_LENGTH_LIKE,
    },
    RuleProbe {
        construct: "url-query-escape",
        names: ["url-query-cut", "url-query-cut-control"],
        probe: ("Disallow: /xqzvw-page%3F", "/xqzvw-page%3F"),
        control: ("Disallow: /xqzvw-page%3E", "/xqzvw-page%3E"),
        reference: Answer::Disallow,
        shown: Answer::Allow,
        held: query_escape_lines,
        decides: |_| true,
        explains: &["reserved-escape"],
    },
];

/// The rule lines of `input` ending in an escaped `?`, `#` or `;` (`/a%3F`) that its URL
/// holds too, hex case aside: where a library decoding the URL before splitting it cuts the
/// URL's path there and not the rule.
fn query_escape_lines(input: &Input) -> Vec<Vec<u8>> {
    let Some(url) = input.urls.first() else {
        return Vec::new();
    };
    let path = url[path_at(url)..].to_ascii_uppercase();
    rule_lines_where(input, |line| {
        let value = rule_value(line);
        value.len() >= 3 && {
            let end = value[value.len() - 3..].to_ascii_uppercase();
            [&b"%3F"[..], b"%23", b"%3B"].contains(&end.as_slice())
                && path.contains(std::str::from_utf8(&end).unwrap_or("%"))
        }
    })
}

/// The constructs the ablation may name for a library that fails on two different rules of
/// equal length that both match: those that make a rule match, or not, or decide alone
/// (`%2A` read as `*`, `%41` as `A`, a rule outside any group read as everyone's, a `*`
/// written out, a `/` given to a rule starting with `*`).
const EQUAL_LENGTH_LIKE: [&str; 15] = [
    "wildcard",
    "no-leading-slash",
    "end-anchor",
    "escaped-special",
    "unreserved-escape",
    "reserved-escape",
    "percent",
    "url-percent",
    "bare-percent",
    "rule-outside-group",
    "tie",
    "tie-order",
    "equal-match",
    "rule-order",
    "unmatched-allow",
];

/// The rule lines of `input` in a pair of different values of equal length, one holding a
/// `*` or an escaped one (`%2A`): where both match, a library comparing the rules
/// themselves once their lengths are equal cannot choose.
fn equal_length_lines(input: &Input) -> Vec<Vec<u8>> {
    let lines = rule_lines_where(input, |_| true);
    let starred = |value: &[u8]| {
        value.contains(&b'*') || value.windows(3).any(|w| w.eq_ignore_ascii_case(b"%2A"))
    };
    lines
        .iter()
        .filter(|line| {
            let value = rule_value(line);
            lines.iter().any(|other| {
                let theirs = rule_value(other);
                theirs != value
                    && theirs.len() == value.len()
                    && (starred(value) || starred(theirs))
            })
        })
        .cloned()
        .collect()
}

/// The constructs the ablation may name for a library that counts a rule's length short:
/// those about the rules' patterns, escapes and lengths.
const LENGTH_LIKE: [&str; 9] = [
    "wildcard",
    "end-anchor",
    "tie",
    "tie-order",
    "equal-match",
    "rule-order",
    "reserved-escape",
    "hex-case",
    "escape-split",
];

impl RuleProbe {
    /// The probe (`control` false) or its control for `input`; `None` for an input without a
    /// rule the probe is held by, or a crawler without a product token.
    fn asked(&self, input: &Input, control: bool) -> Option<Input> {
        let name = input.agent.split('/').next().unwrap_or_default();
        if !reptest_peers::product_token(name) {
            return None;
        }
        (!self.held(input).is_empty()).then_some(())?;
        let url = input.urls.first()?;
        let origin = &url[..path_at(url)];
        let (rules, path) = if control { self.control } else { self.probe };
        let mut lines = vec![format!("User-agent: {name}\n").into_bytes()];
        lines.extend(rules.lines().map(|rule| format!("{rule}\n").into_bytes()));
        Some(Input {
            lines,
            agent: input.agent.clone(),
            urls: vec![format!("{origin}{path}")],
        })
    }

    /// The rule lines of `input` that make it one to ask the probe for ("the line `…`").
    pub fn instance(&self, input: &Input) -> Option<String> {
        let held = self.held(input);
        let held: Vec<&[u8]> = held.iter().map(Vec::as_slice).collect();
        (!held.is_empty()).then(|| named_lines(&held))
    }

    /// The lines of `input` some reading takes for rules, without their line ends, that make
    /// it one to ask the probe for.
    fn held(&self, input: &Input) -> Vec<Vec<u8>> {
        (self.held)(input)
    }

    /// Whether `name` answers the probe otherwise than both profiles on `family`, and its
    /// control as they do.
    pub fn shows(&self, family: &Family, name: &str) -> bool {
        let Some(input) = family.input.as_ref().map(FamilyInput::input) else {
            return false;
        };
        let said = |control: bool| {
            let asked = FamilyInput::of(&self.asked(&input, control)?);
            let found = family
                .ablation
                .iter()
                .find(|a| a.construct == self.names[usize::from(control)] && a.input == asked)?;
            [Profile::Rfc9309, Profile::Google]
                .into_iter()
                .all(|p| found.answers.get(&reference_name(p)) == Some(&self.reference))
                .then(|| found.answers.get(name).copied())?
        };
        // A failure on the probe explains only a split the library fails on too.
        if self.shown == Answer::Error && family.split.get(name) != Some(&Answer::Error) {
            return false;
        }
        said(false) == Some(self.shown) && said(true) == Some(self.reference)
    }
}

/// The instance of a construct derived from evidence rather than neutralised, as `input`
/// holds it: for a rule probe's construct ([`RULE_PROBES`]), the rule lines the probe is
/// asked for; for [`ANCHORED_WILDCARD`], the rules holding `*` and ending in `$`; for
/// `inner-dollar`, the rules ending in `$` with an escaped `$` before it; for
/// `double-slash`, the rules holding `//`, written out or as `/%2F`. `None` for any other
/// construct, or an input holding none.
pub fn derived_instance(input: &Input, construct: &str) -> Option<String> {
    if let Some(probe) = RULE_PROBES.iter().find(|p| p.construct == construct) {
        return probe.instance(input);
    }
    // A `//` an escaped `/` makes (`/%2F`), where the rules hold none written out.
    let slashes = |line: &[u8]| {
        slash_decoded_text(rule_value(line))
            .windows(2)
            .any(|w| w == b"//")
    };
    let anchored = |line: &[u8]| {
        let value = rule_value(line);
        value.ends_with(b"$") && value.contains(&b'*')
    };
    let escaped_dollar = |line: &[u8]| inner_escaped_dollar(rule_value(line));
    let holds: &dyn Fn(&[u8]) -> bool = match construct {
        ANCHORED_WILDCARD => &anchored,
        "inner-dollar" => &escaped_dollar,
        "double-slash" => &slashes,
        _ => return None,
    };
    Some(rule_lines_where(input, holds))
        .filter(|held| !held.is_empty())
        .map(|held| named_lines(&held.iter().map(Vec::as_slice).collect::<Vec<_>>()))
}

/// The lines of `input` some reading takes for rules, without their line ends, for which
/// `holds` holds.
fn rule_lines_where(input: &Input, holds: impl Fn(&[u8]) -> bool) -> Vec<Vec<u8>> {
    let body = input.body();
    let Some(readings) = line_readings(&body) else {
        return Vec::new();
    };
    split_lines(&body)
        .into_iter()
        .zip(&readings)
        .filter(|(line, (kinds, _))| is_rule(kinds) && holds(&line.content))
        .map(|(line, _)| line.content)
        .collect()
}

/// A rule line's value (see [`any_value_span`]; empty where it has none).
fn rule_value(line: &[u8]) -> &[u8] {
    any_value_span(line).map_or(&[], |(s, e)| &line[s..e])
}

/// The construct a rule probe ([`RULE_PROBES`]) shows `name` reads `family`'s rules by,
/// where the ablation named `construct` (with `with`, for [`COMBINED`]) and the input gives
/// that reading a say: a library leaving a rule's `$` out of its length where the `$`
/// decides the lengths (`anchor_decides`); one counting a percent-encoding as one character
/// where rules of both kinds are in the file; one looking for a rule anywhere in the URL.
pub fn probed_construct(
    family: &Family,
    name: &str,
    construct: &str,
    with: &[&str],
) -> Option<&'static str> {
    let input = family.input.as_ref()?.input();
    RULE_PROBES
        .iter()
        .filter(|probe| {
            probe.explains.contains(&construct)
                || construct == COMBINED
                    && !with.is_empty()
                    && with.iter().all(|c| probe.explains.contains(c))
        })
        .filter(|probe| (probe.decides)(&input))
        .find(|probe| probe.shows(family, name))
        .map(|probe| probe.construct)
}

/// Whether the input holds a line some reading takes for an `Allow`, and one for a `Disallow`.
fn rule_kinds(input: &Input) -> (bool, bool) {
    line_readings(&input.body()).map_or((false, false), |readings| {
        (
            readings.iter().any(|(k, _)| k.contains(&RecordKind::Allow)),
            readings
                .iter()
                .any(|(k, _)| k.contains(&RecordKind::Disallow)),
        )
    })
}

/// Whether a rule of `input` ending in `$` matches its URL beside a rule of the other kind
/// that matches it too, with lengths such that the `$` decides: an `Allow` as long as the
/// `Disallow` (a tie only with the `$`), or a `Disallow` one octet longer than the `Allow`.
fn anchor_decides(input: &Input) -> bool {
    let Some(url) = input.urls.first() else {
        return false;
    };
    let body = input.body();
    let Some(readings) = line_readings(&body) else {
        return false;
    };
    let path = decode_unreserved(&url.as_bytes()[path_at(url)..]);
    let rules: Vec<(bool, usize, bool)> = split_lines(&body)
        .iter()
        .zip(&readings)
        .filter(|(_, (kinds, _))| is_rule(kinds))
        .filter_map(|(line, (kinds, _))| {
            let value = pattern_rule(line)?;
            pattern_matches(value, &path, false).then(|| {
                (
                    kinds.contains(&RecordKind::Allow),
                    value.len(),
                    value.ends_with(b"$"),
                )
            })
        })
        .collect();
    rules.iter().any(|&(allow, len, anchored)| {
        anchored
            && rules.iter().any(|&(other, other_len, _)| {
                other != allow
                    && if allow {
                        len == other_len
                    } else {
                        len == other_len + 1
                    }
            })
    })
}

/// Cleans `input`, the minimal input of `family`, for `owner`, an implementation it was
/// minimised for ([`Cleaned`]); `None` when nothing could be neutralised, or the family is not
/// a realistic input.
fn clean(
    family: &Family,
    input: &Input,
    owner: &str,
    asker: &mut Asker<'_>,
    known: &mut Asked,
) -> Option<Cleaned> {
    if !family.classes.is_empty() || family.transformation.is_some() || !family.contract.is_empty()
    {
        return None;
    }
    let owners = [owner.to_owned()];
    let (rfc, google) = (
        reference_name(Profile::Rfc9309),
        reference_name(Profile::Google),
    );
    let kept = [owner.to_owned(), rfc.clone(), google.clone()];
    let realistic = crate::fuzz::generate::InputClasses {
        versioned_agents: true,
        ..Default::default()
    };
    let mut current = input.clone();
    let mut removed: Vec<String> = Vec::new();
    // Never back to an input already held: one neutralisation may undo another (a blank line
    // put between two groups, then taken out as a blank line).
    let mut held = vec![FamilyInput::of(input)];
    let mut greedy = |current: &mut Input,
                      target: &BTreeMap<String, Answer>,
                      removed: &mut Vec<String>,
                      asker: &mut Asker<'_>,
                      known: &mut Asked| {
        'rounds: for _ in 0..CLEANING_ROUNDS {
            for (construct, variant) in variants(current) {
                let stored = FamilyInput::of(&variant);
                if !realistic.used_by(&variant).is_empty() || held.contains(&stored) {
                    continue;
                }
                held.push(stored);
                let answers = asker.ask(known, &variant, &owners);
                if kept
                    .iter()
                    .all(|n| answers.contains_key(n) && answers.get(n) == target.get(n))
                {
                    *current = variant;
                    removed.push(construct.to_owned());
                    continue 'rounds;
                }
            }
            break;
        }
    };
    greedy(&mut current, &family.split, &mut removed, asker, known);
    // Where the profiles differ and the implementation answers as one of them, a
    // neutralisation that brings the profiles to one answer while its answer stays shows
    // whether it follows that profile or meets its answer by chance. By chance: the input is
    // strengthened to that variant (it now contradicts both profiles), and cleaned again.
    let now = asker.ask(known, &current, &owners);
    let mine = now.get(owner);
    // The witnesses of the profiles (their manifests' `witness`) are asked too, and must give
    // the profiles' common answer: the reference is suspected first, and no other
    // implementation has been asked about the variant.
    let mut witnesses: Vec<String> = [Profile::Rfc9309, Profile::Google]
        .into_iter()
        .flat_map(crate::engines::library::witnesses)
        .map(str::to_owned)
        .collect();
    witnesses.sort();
    witnesses.dedup();
    let asked: Vec<String> = std::iter::once(owner.to_owned())
        .chain(witnesses.iter().cloned())
        .collect();
    let mut united = None;
    if now.get(&rfc) != now.get(&google) && (mine == now.get(&rfc) || mine == now.get(&google)) {
        let strengthening = variants(&current).into_iter().chain(rules_voided(&current));
        for (construct, variant) in strengthening {
            if !realistic.used_by(&variant).is_empty() {
                continue;
            }
            let answers = asker.ask(known, &variant, &asked);
            let one = answers.get(&rfc);
            if one.is_some_and(|a| a.allowed().is_some())
                && one == answers.get(&google)
                && witnesses.iter().all(|w| answers.get(w) == one)
                && answers.get(owner) == mine
                && mine != one
            {
                current = variant;
                united = Some(construct.to_owned());
                let target: BTreeMap<String, Answer> = answers
                    .into_iter()
                    .filter(|(n, _)| !witnesses.contains(n))
                    .collect();
                greedy(&mut current, &target, &mut removed, asker, known);
                break;
            }
        }
    }
    if removed.is_empty() && united.is_none() {
        return None;
    }
    Some(Cleaned {
        removed,
        united,
        answers: asker.ask(known, &current, &owners),
        ablation: asker.ablation(known, &current, &owners),
        input: FamilyInput::of(&current),
    })
}

/// Asks the implementations of every family of `index` (those among `engines` that deviate
/// in it) and the reference under every profile about each neutralised variant of its input,
/// and keeps the answers in the family (`ablation`); then cleans the input for each
/// implementation it was minimised for ([`Cleaned`]). Answers already kept for the same
/// variant are reused. Returns the number of questions asked.
pub fn ablate(
    index: &mut Index,
    engines: &mut [Box<dyn Engine>],
    progress: &mut dyn FnMut(usize, usize),
) -> usize {
    let mut asker = Asker {
        references: Profile::ALL
            .into_iter()
            .map(|p| (reference_name(p), ReferenceEngine::new(p)))
            .collect(),
        engines,
        asked: 0,
    };
    let total = index.families.len();
    for (n, family) in index.families.iter_mut().enumerate() {
        progress(n, total);
        let Some(input) = family.input.as_ref().map(FamilyInput::input) else {
            continue;
        };
        let deviating: Vec<String> = family
            .split
            .iter()
            .filter(|(name, answer)| {
                !name.starts_with("reference-")
                    && !matches!(answer, Answer::Unsupported | Answer::Timeout)
                    && [Profile::Rfc9309, Profile::Google].into_iter().any(|p| {
                        family
                            .split
                            .get(&reference_name(p))
                            .is_some_and(|r| r != *answer)
                    })
            })
            .map(|(name, _)| name.clone())
            .collect();
        let mut known: Asked = BTreeMap::new();
        for a in family
            .ablation
            .iter()
            .chain(family.cleaned_for.values().flat_map(|c| &c.ablation))
        {
            known
                .entry(asked_key(&a.input))
                .or_default()
                .extend(a.answers.clone());
        }
        family.ablation = asker.ablation(&mut known, &input, &deviating);
        let mut cleaned = BTreeMap::new();
        for owner in deviating
            .iter()
            .filter(|n| crate::fuzz::findings::minimised_for(family, n))
        {
            if let Some(c) = clean(family, &input, owner, &mut asker, &mut known) {
                cleaned.insert(owner.clone(), c);
            }
        }
        family.cleaned_for = cleaned;
    }
    asker.asked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_that_decode_to_no_utf8_character_are_found_and_replaced() {
        assert_eq!(non_utf8_escapes(b"/a%C3%A9b"), Vec::<usize>::new());
        assert_eq!(non_utf8_escapes(b"/%3E/~%C3"), vec![6]);
        assert_eq!(non_utf8_escapes(b"/caf%E9x"), vec![4]);
        assert_eq!(non_utf8_escapes(b"/%A9%26"), vec![1]);
        assert_eq!(
            non_utf8_escapes_replaced(b"/%3E/~%C3"),
            b"/%3E/~%7B".to_vec()
        );
        let cut = input(
            "user-agent: foobot\ndisallow: /%3E/~%C3\n",
            "foobot",
            "http://example.com/%3E/~%C3",
        );
        let (_, variant) = variants(&cut)
            .into_iter()
            .find(|(c, _)| *c == "non-utf8-escape")
            .expect("a variant");
        assert_eq!(variant.urls, ["http://example.com/%3E/~%7B"]);
        assert!(String::from_utf8_lossy(&variant.body()).contains("disallow: /%3E/~%7B"));
    }

    #[test]
    fn a_non_standard_field_between_agents_is_named_by_its_name() {
        let delay = input(
            "user-agent: h\ncrawl-delay: 5\nuser-agent: x\ndisallow: /\n",
            "h",
            "http://example.com/",
        );
        assert_eq!(
            narrower_phrase(&delay, "non-standard-field"),
            Some("a `crawl-delay` line between two `user-agent` lines of one group")
        );
    }

    #[test]
    fn a_bare_percent_is_completed_to_an_escape_of_the_url() {
        assert_eq!(complete_bare_percent(b"*%7", b"/%A9%7B"), b"*%7B");
        assert_eq!(complete_bare_percent(b"/a%", b"/a%c3"), b"/a%c3");
        assert_eq!(complete_bare_percent(b"/a%7x%41", b"/%41"), b"/a%7x%41");
    }

    #[test]
    fn instance_names_the_lines_a_neutralisation_changes() {
        let misspelt = input(
            "user-agent agent:\ndisallow:/\n",
            "foobot",
            "http://a.test/x",
        );
        assert_eq!(
            instance(&misspelt, "misspelling").as_deref(),
            Some("the line `user-agent agent:`")
        );
        let cr = input("user-agent:*\rdisalow:/\r", "foobot", "http://a.test/x");
        assert_eq!(
            instance(&cr, "misspelling").as_deref(),
            Some("the line `disalow:/`")
        );
        assert_eq!(instance(&cr, "cr-line-end"), None);
        let hex = input(
            "user-agent:*\ndisallow:/%C3%A9\n",
            "foobot",
            "http://a.test/%c3%a9",
        );
        assert_eq!(
            instance(&hex, "hex-case").as_deref(),
            Some("the URL `http://a.test/%c3%a9`")
        );
        assert_eq!(instance(&hex, "bom"), None);
        let query = input(
            "user-agent:*\nallow:/a?\ndisallow:/\n",
            "foobot",
            "http://a.test/a?",
        );
        assert_eq!(
            instance(&query, "empty-query").as_deref(),
            Some("the URL `http://a.test/a?`")
        );
    }

    #[test]
    fn lines_taken_out_are_each_tried_alone() {
        let body = b"disallow: /a\nallow: /b\nuser-agent: *\ndisallow: /\n";
        let alone = lines_alone(body, b"user-agent: *\ndisallow: /\n");
        let taken: Vec<(&[u8], &[u8])> = alone
            .iter()
            .map(|(line, one)| (line.as_slice(), one.as_slice()))
            .collect();
        assert_eq!(
            taken,
            vec![
                (
                    &b"disallow: /a"[..],
                    &b"allow: /b\nuser-agent: *\ndisallow: /\n"[..]
                ),
                (
                    &b"allow: /b"[..],
                    &b"disallow: /a\nuser-agent: *\ndisallow: /\n"[..]
                ),
            ]
        );
        // One line taken out, or a line changed besides: nothing to try alone.
        assert!(lines_alone(body, b"allow: /b\nuser-agent: *\ndisallow: /\n").is_empty());
        assert!(lines_alone(body, b"user-agent: x\ndisallow: /\n").is_empty());
    }

    #[test]
    fn a_derived_construct_is_named_by_the_rules_it_is_about() {
        let example = input(
            "user-agent: a\ndisallow: m\nallow: /*b$\ndisallow: /c\t\n",
            "a",
            "http://example.com/m",
        );
        assert_eq!(
            derived_instance(&example, "rule-elsewhere").as_deref(),
            Some("the line `disallow: m`")
        );
        assert_eq!(
            derived_instance(&example, ANCHORED_WILDCARD).as_deref(),
            Some("the line `allow: /*b$`")
        );
        assert_eq!(
            derived_instance(&example, "space-length").as_deref(),
            Some("the line `disallow: /c\\t`")
        );
        assert_eq!(derived_instance(&example, "wildcard"), None);
        let escaped = input("user-agent: a\ndisallow: /%2f\n", "a", "http://a.test/%2F");
        assert_eq!(
            derived_instance(&escaped, "double-slash").as_deref(),
            Some("the line `disallow: /%2f`")
        );
    }

    #[test]
    fn narrower_phrases_say_where_the_construct_sits() {
        let en_space = input(
            "user-agent: a\ndisallow: /\u{2002}\n",
            "a",
            "http://a.test/",
        );
        assert!(
            narrower_phrase(&en_space, "non-ascii").is_some_and(|p| p.contains("U+2002")),
            "{:?}",
            narrower_phrase(&en_space, "non-ascii")
        );
        let accented = input(
            "user-agent: a\ndisallow: /é\u{2002}\n",
            "a",
            "http://a.test/",
        );
        assert_eq!(narrower_phrase(&accented, "non-ascii"), None);
        let slash_name = input("user-agent: a\ndisallow: /\n/:\n", "a", "http://a.test/");
        assert!(
            narrower_phrase(&slash_name, "unknown-field").is_some_and(|p| p.contains("token")),
            "{:?}",
            narrower_phrase(&slash_name, "unknown-field")
        );
        let url_hex = input("user-agent: a\ndisallow: /%c3\n", "a", "http://a.test/%c3");
        assert!(
            narrower_phrase(&url_hex, "hex-case").is_some_and(|p| p.contains("URL's")),
            "{:?}",
            narrower_phrase(&url_hex, "hex-case")
        );
        assert_eq!(
            instance(&url_hex, "hex-case").as_deref(),
            Some("the URL `http://a.test/%c3`")
        );
        let rule_hex = input("user-agent: a\ndisallow: /%c3\n", "a", "http://a.test/%C3");
        assert_eq!(narrower_phrase(&rule_hex, "hex-case"), None);
        let between = input(
            "user-agent: a\nt: 1\n\nuser-agent: b\ndisallow: /\n",
            "a",
            "http://a.test/",
        );
        assert_eq!(
            narrower_phrase(&between, "unknown-field"),
            Some("an unknown field line between two `user-agent` lines of one group")
        );
        let after = input(
            "user-agent: a\ndisallow: /\nt: 1\nuser-agent: b\n",
            "a",
            "http://a.test/",
        );
        assert_eq!(narrower_phrase(&after, "unknown-field"), None);
        let tabs = input(
            "user-agent:a\ndisallow:/\t\t/\n",
            "a",
            "http://a.test/%09%09/",
        );
        assert_eq!(
            narrower_phrase(&tabs, "inner-space"),
            Some("a tab or other control character inside a rule's path")
        );
        let spaced = input("user-agent:a\ndisallow:/ \t/\n", "a", "http://a.test/");
        assert_eq!(narrower_phrase(&spaced, "inner-space"), None);
        let star_slash = input("user-agent:a\ndisallow:*/\n", "a", "http://a.test/");
        assert!(narrower_phrase(&star_slash, "wildcard").is_some_and(|p| p.contains("`*/`")));
        let colon_last = input("user-agent:a\ndisallow:", "a", "http://a.test/");
        assert!(narrower_phrase(&colon_last, "last-line-end").is_some_and(|p| p.contains("colon")));
        let value_last = input("user-agent:a\ndisallow: /", "a", "http://a.test/");
        assert_eq!(narrower_phrase(&value_last, "last-line-end"), None);
        let query = input("user-agent:a\ndisallow:/%3F\n", "a", "http://a.test/");
        assert!(
            narrower_phrase(&query, "reserved-escape").is_some_and(|p| p.contains("empty query"))
        );
        let slash = input("user-agent:a\ndisallow:/a%2Fb\n", "a", "http://a.test/");
        assert_eq!(narrower_phrase(&slash, "reserved-escape"), None);
        let star = input("user-agent:a\ndisallow:/*.gif\n", "a", "http://a.test/");
        assert_eq!(narrower_phrase(&star, "wildcard"), None);
        let between = input(
            "user-agent:a\n\nuser-agent:foobot\ndisallow:/\n",
            "foobot",
            "http://a.test/",
        );
        assert_eq!(
            narrower_phrase(&between, "blank-line"),
            Some("a blank line between two `user-agent` lines of one group")
        );
        let before_rules = input(
            "user-agent:foobot\n\ndisallow:/\n",
            "foobot",
            "http://a.test/",
        );
        assert_eq!(
            narrower_phrase(&before_rules, "blank-line"),
            Some("a blank line between a group's `user-agent` lines and its rules")
        );
        let both = input(
            "user-agent:a\n\nuser-agent:foobot\n\ndisallow:/\n",
            "foobot",
            "http://a.test/",
        );
        assert_eq!(narrower_phrase(&both, "blank-line"), None);
        let agentless = input("disallow:/\nfoo: x\n", "foobot", "http://a.test/");
        assert_eq!(
            narrower_phrase(&agentless, "rule-outside-group"),
            Some("rules in a file with no `user-agent` line")
        );
        let before_agent = input("disallow:/\nuser-agent:*\n", "foobot", "http://a.test/");
        assert_eq!(narrower_phrase(&before_agent, "rule-outside-group"), None);
    }

    #[test]
    fn a_groups_only_unmatched_allow_stays_as_a_disallow() {
        // Taking the only rule out would join `user-agent:` to FooBot's group: it is made a
        // `Disallow` of the same path instead.
        let only = input(
            "User-agent:\nAllow: /xqzvw\n\nUser-agent: foobot\nDisallow: /\n",
            "foobot",
            "http://a.test/",
        );
        let made = variants(&only)
            .into_iter()
            .find(|(c, _)| *c == "unmatched-allow")
            .map(|(_, v)| v.body());
        assert_eq!(
            made.as_deref(),
            Some(&b"User-agent:\nDisallow: /xqzvw\n\nUser-agent: foobot\nDisallow: /\n"[..])
        );
        let beside = input(
            "User-agent: foobot\nAllow: /xqzvw\nDisallow: /\n",
            "foobot",
            "http://a.test/",
        );
        assert!(
            variants(&beside)
                .iter()
                .any(|(c, _)| *c == "unmatched-allow")
        );
    }

    fn input(body: &str, agent: &str, url: &str) -> Input {
        Input {
            lines: body
                .split_inclusive('\n')
                .map(|l| l.as_bytes().to_vec())
                .collect(),
            agent: agent.into(),
            urls: vec![url.into()],
        }
    }

    /// The body and URL of `input`'s variant neutralising `construct`.
    fn variant_of(input: &Input, construct: &str) -> Option<(String, String)> {
        variants(input)
            .into_iter()
            .find(|(c, _)| *c == construct)
            .map(|(_, i)| {
                (
                    String::from_utf8_lossy(&i.body()).into_owned(),
                    i.urls[0].clone(),
                )
            })
    }

    fn names(input: &Input) -> Vec<&'static str> {
        variants(input).into_iter().map(|(c, _)| c).collect()
    }

    #[test]
    fn each_construct_has_its_neutral_variant() {
        let example = input(
            "User-agent:BarBot\nallow:\nuseragent:\ndisallow:/\n",
            "BarBot",
            "http://example.com/",
        );
        let found = variants(&example);
        let misspelling = found.iter().find(|(c, _)| *c == "misspelling");
        assert_eq!(
            misspelling.map(|(_, i)| String::from_utf8_lossy(&i.body()).into_owned()),
            Some("User-agent:BarBot\nallow:\nuser-agent:\ndisallow:/\n".to_owned())
        );
        // The empty rule is no group's only rule before another under every reading (only
        // `google` reads the misspelled line as starting a group).
        let empty = found.iter().find(|(c, _)| *c == "empty-value");
        assert_eq!(
            empty.map(|(_, i)| String::from_utf8_lossy(&i.body()).into_owned()),
            Some(
                "User-agent:BarBot\nallow: /xqzvw-matches-nothing\nuseragent:\ndisallow:/\n"
                    .to_owned()
            )
        );
        // The misspelled line is not also an unknown field to remove.
        assert!(!names(&example).contains(&"unknown-field"));
        assert!(profile_decisions(&example).contains("misspelling"));

        let spaced = input(
            "User-agent:*\r\nDISALLOW:/= a # x\r\ndisallow /%7e\n",
            "T",
            "http://example.com/=%20a",
        );
        let found = variants(&spaced);
        let by = |c: &str| {
            found
                .iter()
                .find(|(n, _)| *n == c)
                .map(|(_, i)| String::from_utf8_lossy(&i.body()).into_owned())
        };
        assert_eq!(
            by("crlf").as_deref(),
            Some("User-agent:*\nDISALLOW:/= a # x\ndisallow /%7e\n")
        );
        assert_eq!(
            by("inner-space").as_deref(),
            Some("User-agent:*\r\nDISALLOW:/=%20a # x\r\ndisallow /%7e\n")
        );
        assert_eq!(
            by("inline-comment").as_deref(),
            Some("User-agent:*\r\nDISALLOW:/= a\r\ndisallow /%7e\n")
        );
        assert_eq!(
            by("missing-colon").as_deref(),
            Some("User-agent:*\r\nDISALLOW:/= a # x\r\ndisallow: /%7e\n")
        );
        // An `Allow` deciding only by the tie-break: the tying `Disallow` taken away.
        let tie = input(
            "user-agent: *\ndisallow: /a\nallow: /b\ndisallow: /b\n",
            "FooBot",
            "http://example.com/b",
        );
        let found = variants(&tie);
        let tied = found.iter().find(|(c, _)| *c == "tie");
        assert_eq!(
            tied.map(|(_, i)| String::from_utf8_lossy(&i.body()).into_owned()),
            Some("user-agent: *\ndisallow: /a\nallow: /b\n".to_owned())
        );
        // No tie when the `Allow` is longer.
        assert!(
            !names(&input(
                "user-agent: *\nallow: /bb\ndisallow: /b\n",
                "FooBot",
                "http://example.com/bb"
            ))
            .contains(&"tie")
        );
        // Several `user-agent` lines of one group: the crawler's own kept.
        let shared = input(
            "user-agent: a\nuser-agent: foobot\nuser-agent: *\ndisallow: /\n",
            "FooBot",
            "http://example.com/",
        );
        let found = variants(&shared);
        let one = found.iter().find(|(c, _)| *c == "shared-group");
        assert_eq!(
            one.map(|(_, i)| String::from_utf8_lossy(&i.body()).into_owned()),
            Some("user-agent: foobot\ndisallow: /\n".to_owned())
        );
        // Reserved characters' escapes replaced on both sides alike.
        let reserved = input(
            "user-agent: *\ndisallow: /a%2fb\n",
            "FooBot",
            "http://example.com/a%2Fb?x=%3F",
        );
        let found = variants(&reserved);
        let replaced = found.iter().find(|(c, _)| *c == "reserved-escape");
        assert_eq!(
            replaced.map(|(_, i)| (
                String::from_utf8_lossy(&i.body()).into_owned(),
                i.urls.clone()
            )),
            Some((
                "user-agent: *\ndisallow: /a%3Cb\n".to_owned(),
                vec!["http://example.com/a%3Cb?x=%3E".to_owned()]
            ))
        );
        // Hex digits' case, a `//`, an empty query, a bare `%` and a BOM inside the file.
        let mixed = input(
            "user-agent: *\ndisallow: //a%c3?\nallow: /b%\n\u{feff}# c\n",
            "FooBot",
            "http://example.com//a%c3?",
        );
        let by = |c: &str| variant_of(&mixed, c);
        assert_eq!(
            by("hex-case"),
            Some((
                "user-agent: *\ndisallow: //a%C3?\nallow: /b%\n\u{feff}# c\n".to_owned(),
                "http://example.com//a%C3?".to_owned()
            ))
        );
        assert_eq!(
            by("double-slash"),
            Some((
                "user-agent: *\ndisallow: /xqzvw/a%c3?\nallow: /b%\n\u{feff}# c\n".to_owned(),
                "http://example.com/xqzvw/a%c3?".to_owned()
            ))
        );
        assert_eq!(
            by("empty-query"),
            Some((
                "user-agent: *\ndisallow: //a%c3\nallow: /b%\n\u{feff}# c\n".to_owned(),
                "http://example.com//a%c3".to_owned()
            ))
        );
        assert_eq!(
            by("bare-percent").map(|(b, _)| b),
            Some("user-agent: *\ndisallow: //a%c3?\nallow: /b%25\n\u{feff}# c\n".to_owned())
        );
        assert_eq!(
            by("inner-bom").map(|(b, _)| b),
            Some("user-agent: *\ndisallow: //a%c3?\nallow: /b%\n# c\n".to_owned())
        );
        // Whitespace before a colon, a one-word line, rules shorter first, a control
        // character's escape in the URL.
        let odd = input(
            "user-agent: *\nw\nDisallow :/a\nallow: /a%09b\n",
            "FooBot",
            "http://example.com/a%09b",
        );
        let by = |c: &str| variant_of(&odd, c);
        assert_eq!(
            by("space-before-colon").map(|(b, _)| b),
            Some("user-agent: *\nw\nDisallow:/a\nallow: /a%09b\n".to_owned())
        );
        assert_eq!(
            by("one-token-line").map(|(b, _)| b),
            Some("user-agent: *\nDisallow :/a\nallow: /a%09b\n".to_owned())
        );
        assert_eq!(
            by("rule-order").map(|(b, _)| b),
            Some("user-agent: *\nw\nallow: /a%09b\nDisallow :/a\n".to_owned())
        );
        assert_eq!(
            by("url-control-escape"),
            Some((
                "user-agent: *\nw\nDisallow :/a\nallow: /a%7Bb\n".to_owned(),
                "http://example.com/a%7Bb".to_owned()
            ))
        );
        // A commented-out rule, a `*` group beside the crawler's, an escaped unreserved
        // character alone.
        let starred = input(
            "user-agent: *\nuser-agent: x\ndisallow: /a\n# disallow: /\nuser-agent: foobot\nallow: /%7Ea\nuser-agent: *\ndisallow: /\n",
            "FooBot",
            "http://example.com/%7Ea",
        );
        let by = |c: &str| variant_of(&starred, c);
        assert_eq!(
            by("star-group").map(|(b, _)| b),
            Some(
                "user-agent: x\ndisallow: /a\n# disallow: /\nuser-agent: foobot\nallow: /%7Ea\n"
                    .to_owned()
            )
        );
        assert_eq!(
            by("commented-rule").map(|(b, _)| b),
            Some(
                "user-agent: *\nuser-agent: x\ndisallow: /a\nuser-agent: foobot\nallow: /%7Ea\nuser-agent: *\ndisallow: /\n"
                    .to_owned()
            )
        );
        assert_eq!(
            by("unreserved-escape").map(|(_, u)| u),
            Some("http://example.com/~a".to_owned())
        );
        // A rule's text in the URL's host: another host.
        let hosted = input("user-agent: *\ndisallow: m\n", "A", "https://example.com/");
        assert_eq!(
            variants(&hosted)
                .iter()
                .find(|(c, _)| *c == "rule-in-host")
                .map(|(_, i)| i.urls[0].clone()),
            Some("http://xqzvw.test/".to_owned())
        );
        // Two groups with no blank line between: one put there.
        let adjacent = input(
            "user-agent: a\ndisallow: /\nuser-agent: *\ndisallow: /x\n",
            "A",
            "http://example.com/",
        );
        let found = variants(&adjacent);
        assert_eq!(
            found
                .iter()
                .find(|(c, _)| *c == "adjacent-groups")
                .map(|(_, i)| String::from_utf8_lossy(&i.body()).into_owned()),
            Some("user-agent: a\ndisallow: /\n\nuser-agent: *\ndisallow: /x\n".to_owned())
        );
        // An `Allow` that cannot match the URL: taken out.
        let unmatched = input(
            "user-agent: *\nallow: /a\nallow: /b\n",
            "FooBot",
            "http://example.com/b",
        );
        assert_eq!(
            variants(&unmatched)
                .iter()
                .find(|(c, _)| *c == "unmatched-allow")
                .map(|(_, i)| String::from_utf8_lossy(&i.body()).into_owned()),
            Some("user-agent: *\nallow: /b\n".to_owned())
        );
        // Nothing to neutralise in a plain question.
        assert!(
            variants(&input(
                "user-agent: *\ndisallow: /a\n",
                "FooBot",
                "http://example.com/a"
            ))
            .is_empty()
        );
    }

    /// Every body of `input`'s variants neutralising `construct`.
    fn bodies_of(input: &Input, construct: &str) -> Vec<String> {
        variants(input)
            .into_iter()
            .filter(|(c, _)| *c == construct)
            .map(|(_, i)| String::from_utf8_lossy(&i.body()).into_owned())
            .collect()
    }

    #[test]
    fn rules_no_reading_matches_are_taken_out_or_matched() {
        // A rule the path starts with only when case is ignored: taken out, and given the
        // path's case.
        let cased = input(
            "user-agent: *\ndisallow: /A\n",
            "FooBot",
            "http://example.com/ab",
        );
        assert_eq!(
            bodies_of(&cased, "path-case"),
            ["user-agent: *\n", "user-agent: *\ndisallow: /a\n"]
        );
        assert_eq!(
            rule_relations(b"user-agent: *\ndisallow: /A\n", "http://example.com/ab"),
            ["path-case"]
        );
        // A rule ending inside a character the path goes on with: completed.
        let cut = input(
            "user-agent: *\ndisallow: /%C3\n",
            "FooBot",
            "http://example.com/%C3%A9",
        );
        assert_eq!(
            bodies_of(&cut, "partial-char"),
            ["user-agent: *\ndisallow: /%C3%A9\n"]
        );
        assert_eq!(missing_continuations(b"/%E2%82"), 1);
        assert_eq!(missing_continuations(b"/%C3%A9"), 0);
        assert_eq!(missing_continuations(b"/a%2F"), 0);
        // A rule's text after the scheme or further along the path: taken out, and made
        // longer.
        let elsewhere = input(
            "user-agent: *\ndisallow: //\ndisallow: /b\n",
            "FooBot",
            "http://example.com/a/b",
        );
        assert_eq!(
            bodies_of(&elsewhere, "rule-elsewhere"),
            [
                "user-agent: *\n",
                "user-agent: *\ndisallow: ///\ndisallow: /bxqzvw\n"
            ]
        );
        // A bare `$` matched at the end of a longer path, and a letter found in the scheme:
        // taken out, and made longer (before the `$`).
        let bare = input(
            "user-agent: *\ndisallow: $\ndisallow: h\n",
            "FooBot",
            "https://x.test/a",
        );
        assert_eq!(
            bodies_of(&bare, "rule-elsewhere"),
            [
                "user-agent: *\n",
                "user-agent: *\ndisallow: xqzvw$\ndisallow: hxqzvw\n"
            ]
        );
        // …but not where a `/` before it makes the path match (a library reading it so).
        assert_eq!(
            rule_relations(b"user-agent: *\ndisallow: $\n", "http://x.test/"),
            [""; 0]
        );
        assert_eq!(
            rule_relations(b"user-agent: *\ndisallow: a\n", "http://x.test/a"),
            [""; 0]
        );
        // A rule that matches part of a URL's percent-encoding: the encoding's `%` made a
        // letter.
        let split = input(
            "user-agent: *\ndisallow: *9\n",
            "FooBot",
            "http://x.test/%A9%2F",
        );
        let urls: Vec<String> = variants(&split)
            .into_iter()
            .filter(|(c, _)| *c == "escape-split")
            .flat_map(|(_, i)| i.urls)
            .collect();
        assert_eq!(urls, ["http://x.test/zA9%2F"]);
        assert_eq!(
            rule_relations(b"user-agent: *\ndisallow: *9\n", "http://x.test/%A9"),
            ["escape-split"]
        );
        // A rule that matches through a whole encoding splits none.
        assert_eq!(split_escapes(b"/*x", "http://x.test/%A9x"), [0usize; 0]);
        // A `*` written out as what it matches, of the rule's own length where it can be.
        assert_eq!(expanded_wildcard(b"*", b"/a").as_deref(), Some(&b"/"[..]));
        assert_eq!(
            expanded_wildcard(b"/a*", b"/abc").as_deref(),
            Some(&b"/ab"[..])
        );
        assert_eq!(
            expanded_wildcard(b"*/w$", b"/x/w").as_deref(),
            Some(&b"/x/w$"[..])
        );
        assert_eq!(expanded_wildcard(b"/b*", b"/a"), None);
        let star = input(
            "user-agent: *\nallow: *\ndisallow: /\n",
            "FooBot",
            "http://x.test/",
        );
        assert!(
            bodies_of(&star, "wildcard")
                .contains(&"user-agent: *\nallow: /\ndisallow: /\n".to_owned()),
            "{:?}",
            bodies_of(&star, "wildcard")
        );
        assert!(pattern_matches(b"/a*c$", b"/abc", false));
        assert!(!pattern_matches(b"/a*c$", b"/abcd", false));
        assert!(pattern_matches(b"$", b"/a", true));
        assert!(!pattern_matches(b"$", b"/a", false));
        // A rule without its leading `/`: also taken out.
        let slashless = input("user-agent: *\ndisallow: m\n", "FooBot", "http://x.test/m");
        assert_eq!(
            bodies_of(&slashless, "no-leading-slash"),
            [
                "user-agent: *\ndisallow: /m\n",
                "user-agent: *\n",
                "user-agent: *\ndisallow: xqzvw-matches-nothing\n"
            ]
        );
        // A rule every reading matches, or a pattern: none of these.
        let plain = input(
            "user-agent: *\ndisallow: /a\ndisallow: /*b\n",
            "FooBot",
            "http://example.com/a/b",
        );
        let found = names(&plain);
        for name in ["path-case", "rule-elsewhere"] {
            assert!(!found.contains(&name), "{name}: {found:?}");
        }
    }

    #[test]
    fn the_crawler_s_groups_are_moved_last_and_made_one() {
        let split = input(
            "# top\nuser-agent: foobot\ndisallow: /a\nuser-agent: bar\ndisallow: /b\n\n\
             user-agent: FooBot\nallow: /c\nuser-agent: baz\ndisallow: /d",
            "FooBot",
            "http://example.com/a",
        );
        assert_eq!(
            bodies_of(&split, "later-group"),
            [
                "# top\n\nuser-agent: bar\ndisallow: /b\n\nuser-agent: baz\ndisallow: /d\n\n\
              user-agent: foobot\ndisallow: /a\n\nuser-agent: FooBot\nallow: /c\n"
            ]
        );
        assert_eq!(
            bodies_of(&split, "split-groups"),
            ["# top\n\nuser-agent: foobot\ndisallow: /a\nallow: /c\n\n\
              user-agent: bar\ndisallow: /b\n\nuser-agent: baz\ndisallow: /d"]
        );
        // A group the crawler shares with another name takes the later groups' rules, and
        // keeps that name.
        let shared = input(
            "User-agent: BarBot\nUser-agent: x\nallow: /\n\nUser-agent: BarBot\ndisallow: /\n",
            "BarBot",
            "http://example.com/",
        );
        assert_eq!(
            bodies_of(&shared, "split-groups"),
            ["User-agent: BarBot\nUser-agent: x\nallow: /\ndisallow: /\n"]
        );
        // The `*` group stands for a crawler with no group of its own.
        let star = input(
            "user-agent: *\ndisallow: /\n\nuser-agent: bar\nallow: /\n",
            "FooBot",
            "http://example.com/",
        );
        assert_eq!(
            bodies_of(&star, "later-group"),
            ["user-agent: bar\nallow: /\n\nuser-agent: *\ndisallow: /\n\n"]
        );
        // A CR-only file keeps its line ends.
        let cr = input(
            "user-agent: *\rdisallow: /\ruser-agent: bar\rallow: /",
            "FooBot",
            "http://example.com/",
        );
        assert_eq!(
            bodies_of(&cr, "later-group"),
            ["user-agent: bar\rallow: /\r\ruser-agent: *\rdisallow: /\r"]
        );
        // Already last, and named once: neither.
        let last = input(
            "user-agent: bar\nallow: /\n\nuser-agent: foobot\ndisallow: /\n",
            "FooBot",
            "http://example.com/",
        );
        let found = names(&last);
        assert!(!found.contains(&"later-group") && !found.contains(&"split-groups"));
    }

    #[test]
    fn odd_field_names_words_and_crawler_names_are_neutralised() {
        let odd = input(
            "user-agent: Foo-Bot\nsallow: /a\nUseragent \ndisallow: /b\n",
            "Foo-Bot",
            "http://example.com/a",
        );
        assert_eq!(
            bodies_of(&odd, "field-in-name"),
            ["user-agent: Foo-Bot\nxqzvw-field: /a\nUseragent \ndisallow: /b\n"]
        );
        assert_eq!(
            bodies_of(&odd, "word-and-space"),
            ["user-agent: Foo-Bot\nsallow: /a\nUseragent\ndisallow: /b\n"]
        );
        let renamed = variants(&odd)
            .into_iter()
            .find(|(c, _)| *c == "agent-hyphen")
            .map(|(_, i)| (String::from_utf8_lossy(&i.body()).into_owned(), i.agent));
        assert_eq!(
            renamed,
            Some((
                "user-agent: FooBot\nsallow: /a\nUseragent \ndisallow: /b\n".to_owned(),
                "FooBot".to_owned()
            ))
        );
        // A blank line between a group's `user-agent` lines, and a BOM starting a line.
        let gapped = input(
            "user-agent: foobot\n\nuser-agent: b\ndisallow: /\n\n\u{FEFF}user-agent: c\n",
            "FooBot",
            "http://example.com/",
        );
        assert_eq!(
            bodies_of(&gapped, "blank-line"),
            ["user-agent: foobot\nuser-agent: b\ndisallow: /\n\u{FEFF}user-agent: c\n"]
        );
        assert_eq!(
            bodies_of(&gapped, "inner-bom"),
            [
                "user-agent: foobot\n\nuser-agent: b\ndisallow: /\n\nuser-agent: c\n",
                "user-agent: foobot\n\nuser-agent: b\ndisallow: /\n\nxuser-agent: c\n"
            ]
        );
        // A last line with no line end: given one.
        let unended = input("user-agent: *\ndisallow:", "FooBot", "http://example.com/");
        assert_eq!(
            bodies_of(&unended, "last-line-end"),
            ["user-agent: *\ndisallow:\n"]
        );
        // A group's only rule, empty, before another group: its own construct.
        let ending = input(
            "user-agent: *\nallow:\n\nuser-agent: b\ndisallow:\n",
            "FooBot",
            "http://example.com/",
        );
        assert_eq!(
            bodies_of(&ending, "empty-only-rule"),
            ["user-agent: *\nallow: /xqzvw-matches-nothing\n\nuser-agent: b\ndisallow:\n"]
        );
        assert_eq!(
            bodies_of(&ending, "empty-value"),
            ["user-agent: *\nallow:\n\nuser-agent: b\ndisallow: /xqzvw-matches-nothing\n"]
        );
        // A crawler Google's text excepts from `*`, and a file of one line.
        let ads = input(
            "User-agent: *\nDisallow: /",
            "AdsBot-Google",
            "http://example.com/",
        );
        let renamed = variants(&ads)
            .into_iter()
            .find(|(c, _)| *c == "adsbot-agent")
            .map(|(_, i)| i.agent);
        assert_eq!(renamed.as_deref(), Some("Xqzvwbot"));
        assert!(!names(&ads).contains(&"one-line-file"));
        let one = input("# c\nUser-agent: *", "FooBot", "http://example.com/");
        assert_eq!(
            bodies_of(&one, "one-line-file"),
            ["# c\nUser-agent: *\nxqzvw-field: x"]
        );
        assert_eq!(
            bodies_of(
                &input("# c\n", "FooBot", "http://example.com/"),
                "one-line-file"
            ),
            ["# c\nxqzvw-field: x\n"]
        );
        assert!(holds_field_name(b"x-disallow") && !holds_field_name(b"disallow"));
        assert!(near_field_name(b"Alow") && near_field_name(b"dissalow"));
        assert!(!near_field_name(b"allow") && !near_field_name(b"crawl-delay"));
        assert!(!holds_field_name(b"crawl-delay"));
    }

    #[test]
    fn a_star_is_written_out_beside_escapes_as_the_url_s_own_text() {
        // Each `%` of the rule starts an escape the URL holds as written: the `*` becomes
        // what it matches, octet for octet.
        let escaped = input(
            "user-agent: *\ndisallow: /a%C3%A9*$\n",
            "FooBot",
            "http://example.com/a%C3%A9bc",
        );
        assert_eq!(
            bodies_of(&escaped, "wildcard"),
            ["user-agent: *\ndisallow: /a%C3%A9bc$\n"]
        );
        // A bare `%` is left as it is.
        let bare = input(
            "user-agent: *\ndisallow: /a%*$\n",
            "FooBot",
            "http://example.com/a%25bc",
        );
        assert!(bodies_of(&bare, "wildcard").is_empty());
    }

    #[test]
    fn a_bare_percent_on_the_url_s_escape_says_what_google_s_parser_compares() {
        let on_escape = input(
            "user-agent: a\nallow: /%\ndisallow: /\n",
            "a",
            "http://a.test/%7E",
        );
        let named = instance(&on_escape, "bare-percent").expect("an instance");
        assert!(
            named.contains("`allow: /%`") && named.contains("`%7E`"),
            "{named}"
        );
        let elsewhere = input(
            "user-agent: a\nallow: /%\ndisallow: /\n",
            "a",
            "http://a.test/b",
        );
        let named = instance(&elsewhere, "bare-percent").expect("an instance");
        assert!(!named.contains("URL"), "{named}");
    }

    #[test]
    fn rules_of_equal_length_beside_a_star_are_the_equal_length_probe_s_instance() {
        let pair = input(
            "user-agent: *\nallow: /%2A\ndisallow: /en/\ndisallow: /x\n",
            "FooBot",
            "http://example.com/en/",
        );
        assert_eq!(
            derived_instance(&pair, "equal-length-error").as_deref(),
            Some("the lines `allow: /%2A` and `disallow: /en/`")
        );
        let plain = input(
            "user-agent: *\nallow: /ab\ndisallow: /en\n",
            "FooBot",
            "http://example.com/en/",
        );
        assert_eq!(derived_instance(&plain, "equal-length-error"), None);
    }

    #[test]
    fn an_empty_rule_is_named_by_its_kind() {
        let allow = input(
            "user-agent: *\nallow:\ndisallow: /x\n",
            "a",
            "http://a.test/",
        );
        assert!(
            narrower_phrase(&allow, "empty-value").is_some_and(|p| p.contains("empty `Allow:`"))
        );
        let disallow = input(
            "user-agent: *\ndisallow:\ndisallow: /x\n",
            "a",
            "http://a.test/",
        );
        assert!(
            narrower_phrase(&disallow, "empty-value")
                .is_some_and(|p| p.contains("empty `Disallow:`"))
        );
        let both = input("user-agent: *\nallow:\ndisallow:\n", "a", "http://a.test/");
        assert_eq!(narrower_phrase(&both, "empty-value"), None);
    }
}
