//! The lines of a body as the reference splits them, and the rewriting of their keys, values and escapes.

use reptest_reference::{Diagnostic, ParseOptions, Profile, RecordKind, Robots};

use crate::fuzz::generate::Input;
use crate::text::hex_octet;

/// One line of a body as the reference splits it: content and line end.
#[derive(Clone)]
pub(super) struct Line {
    pub(super) content: Vec<u8>,
    pub(super) end: Vec<u8>,
}

pub(super) fn split_lines(body: &[u8]) -> Vec<Line> {
    reptest_reference::line_spans(body)
        .into_iter()
        .map(|line| Line {
            content: body[line.content].to_vec(),
            end: body[line.end].to_vec(),
        })
        .collect()
}

pub(super) fn join_lines(lines: &[Line]) -> Vec<u8> {
    lines
        .iter()
        .flat_map(|l| l.content.iter().chain(&l.end).copied())
        .collect()
}

pub(super) fn with_body(input: &Input, body: &[u8]) -> Input {
    Input {
        lines: body
            .split_inclusive(|b| *b == b'\n')
            .map(<[u8]>::to_vec)
            .collect(),
        agent: input.agent.clone(),
        urls: input.urls.clone(),
    }
}

pub(super) fn is_space(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// Where a line's field name starts and ends (after a BOM and leading whitespace).
pub(super) fn key_span(content: &[u8]) -> (usize, usize) {
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
pub(super) fn value_span(content: &[u8]) -> Option<(usize, usize)> {
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
pub(super) fn any_value_span(content: &[u8]) -> Option<(usize, usize)> {
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
pub(super) fn line_readings(body: &[u8]) -> Option<Vec<(Vec<RecordKind>, Vec<Diagnostic>)>> {
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
pub(super) fn has_trailing_space(content: &[u8], kinds: &[RecordKind]) -> bool {
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
pub(super) fn only_rule(readings: &[(Vec<RecordKind>, Vec<Diagnostic>)], i: usize) -> bool {
    let agent = |j: &usize| readings[*j].0.contains(&RecordKind::UserAgent);
    let before = (0..i).rev().take_while(|j| !agent(j));
    let after = (i + 1..readings.len()).take_while(|j| !agent(j));
    !before.chain(after).any(|j| is_rule(&readings[j].0))
}

pub(super) fn is_rule(kinds: &[RecordKind]) -> bool {
    kinds
        .iter()
        .any(|k| matches!(k, RecordKind::Allow | RecordKind::Disallow))
}

pub(super) const UNRESERVED: &[u8] = b"-._~";

/// `text` with each `%xx` escape (two hex digits) rewritten by `f`, which is given the two
/// digits and returns the replacement, or `None` to keep the escape as it is.
pub(super) fn rewrite_escapes(text: &[u8], f: &dyn Fn(&[u8]) -> Option<Vec<u8>>) -> Vec<u8> {
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
pub(super) fn decode_unreserved(text: &[u8]) -> Vec<u8> {
    rewrite_escapes(text, &|hex| {
        let byte = hex_octet(hex)?;
        (byte.is_ascii_alphanumeric() || UNRESERVED.contains(&byte)).then(|| vec![byte])
    })
}

/// A pattern or path with each `%xx` of an unreserved character decoded and every other
/// escape's hex digits upper-cased.
pub(super) fn normalise_escapes(text: &[u8]) -> Vec<u8> {
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

pub(super) fn encode_non_ascii(text: &[u8]) -> Vec<u8> {
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
pub(super) fn rewrite_rules(
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
pub(super) type LinePick<'a> =
    dyn Fn(&Line, &[RecordKind], &[Diagnostic]) -> Option<Option<Vec<u8>>> + 'a;

/// [`LinePick`], also given the line's 0-based position.
pub(super) type LinePickAt<'a> =
    dyn Fn(usize, &Line, &[RecordKind], &[Diagnostic]) -> Option<Option<Vec<u8>>> + 'a;

/// Each line `pick` selects removed, or rewritten by it; `None` when nothing changed.
pub(super) fn rewrite_lines(
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
    pick: &LinePick<'_>,
) -> Option<Vec<u8>> {
    rewrite_lines_at(body, readings, &|_, line, kinds, diagnostics| {
        pick(line, kinds, diagnostics)
    })
}

/// [`rewrite_lines`], with `pick` also given each line's 0-based position.
pub(super) fn rewrite_lines_at(
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

pub(super) fn has(diagnostics: &[Diagnostic], name: &str) -> bool {
    diagnostics.iter().any(|d| d.name() == name)
}

/// Percent-encodings of reserved characters (RFC 3986 gen-delims and sub-delims) mapped to
/// escapes of characters that are neither reserved nor unreserved (each its own), so that a
/// rule and a URL still compare alike while no side holds a reserved escape any more.
pub(super) const RESERVED_ESCAPES: [(&str, &str); 18] = [
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
pub(super) fn reserved_stand_in(hex: &[u8]) -> Option<&'static str> {
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
pub(super) fn replace_reserved_escapes(text: &[u8]) -> Vec<u8> {
    rewrite_escapes(text, &|hex| {
        reserved_stand_in(hex).map(|to| to.as_bytes().to_vec())
    })
}

/// `text` with the hex digits of each `%xx` upper-cased, nothing decoded.
pub(super) fn upper_hex(text: &[u8]) -> Vec<u8> {
    rewrite_escapes(text, &|hex| {
        Some([&b"%"[..], &hex.to_ascii_uppercase()].concat())
    })
}

/// Whether the path of `input`'s first URL holds an escape with a lower-case hex digit.
pub(super) fn url_hex_lowered(input: &Input) -> bool {
    input.urls.first().is_some_and(|url| {
        let path = &url.as_bytes()[path_at(url)..];
        upper_hex(path) != path
    })
}

/// `text` with each `%` that starts no `%xx` escape written `%25`.
pub(super) fn escape_bare_percent(text: &[u8]) -> Vec<u8> {
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
pub(super) fn complete_bare_percent(text: &[u8], path: &[u8]) -> Vec<u8> {
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
pub(super) fn rewrite_url_path(url: &str, f: &dyn Fn(&[u8]) -> Vec<u8>) -> String {
    let path = path_at(url);
    let new = f(&url.as_bytes()[path..]);
    format!("{}{}", &url[..path], String::from_utf8_lossy(&new))
}

/// Where `url`'s path starts (its length when it has none).
pub(super) fn path_at(url: &str) -> usize {
    let at = url.find("://").map_or(0, |i| i + 3);
    url[at..].find('/').map_or(url.len(), |i| at + i)
}

/// `input` with `f` applied to its rules' values and to its URLs' paths alike; `None` when
/// neither changed.
pub(super) fn on_both_sides(
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
pub(super) fn decode_all(text: &[u8]) -> Vec<u8> {
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
pub(super) fn known_field(key: &str) -> bool {
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
pub(super) const NONSTANDARD_FIELDS: [&str; 4] =
    ["crawl-delay", "sitemap", "request-rate", "clean-param"];

/// The lines joined again without those at the 0-based positions `drop`.
pub(super) fn join_without(lines: Vec<Line>, drop: &[usize]) -> Vec<u8> {
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
pub(super) fn without_ties(input: &Input, body: &[u8]) -> Option<Vec<u8>> {
    // Take the deciding `Allow` away: a `Disallow` of the same length then decides if one ties.
    without_alike(input, body, PROFILE_FOR_TIES, |first, (allow, len)| {
        first.0 && !allow && len == first.1
    })
}

/// The body without the rules that decide in turn once the rule deciding the reference's
/// verdict under `profile` is taken out (and each found), while `alike` holds of the first
/// decider's kind and length (whether an `Allow`, the pattern's length) and theirs; the
/// deciding rule kept. `None` when none is found.
pub(super) fn without_alike(
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
pub(super) fn without_equal_matches(input: &Input, body: &[u8]) -> Option<Vec<u8>> {
    // Read as `rfc9309` does, else (a group only Google's parser reads, behind a colonless
    // `user-agent` line) as `google` does.
    [Profile::Rfc9309, Profile::Google]
        .into_iter()
        .find_map(|profile| without_alike(input, body, profile, |first, other| first == other))
}

/// The profile whose verdict a tie is read from (both profiles break a tie for `Allow`).
pub(super) const PROFILE_FOR_TIES: Profile = Profile::Rfc9309;

/// Each run of consecutive `user-agent` lines of `readings` (a group's names), by line.
pub(super) fn agent_runs(
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
) -> Vec<std::ops::Range<usize>> {
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
pub(super) fn lowered_value(line: &Line) -> String {
    value_span(&line.content)
        .map(|(s, e)| String::from_utf8_lossy(&line.content[s..e]).to_ascii_lowercase())
        .unwrap_or_default()
}

/// The body with each run of consecutive `user-agent` lines cut to one: the line naming the
/// crawler's product token, else the `*` line, else the run's first.
pub(super) fn one_agent_per_group(
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
pub(super) fn other_names_renamed(
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
pub(super) const MATCHES_NOTHING: &[u8] = b"disallow: /xqz-matches-nothing";

/// The body with a rule that matches nothing ([`MATCHES_NOTHING`]) after each group that has
/// no rule (its `user-agent` lines followed by the next `user-agent` line or the end of the
/// file, with no rule between): the same question, with no empty group left to read.
pub(super) fn with_rule_in_empty_groups(
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

/// "the line `…`", "the lines `…` and `…`", "the lines `…`, `…` and 2 more".
pub(super) fn named_lines(lines: &[&[u8]]) -> String {
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
