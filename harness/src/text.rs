//! Text functions every module shares: the body escape convention of the spec cases (one
//! encoder, one decoder), a stable hash, clipping long text for display, reading the
//! durations that options take, and the filler lines that take a case's body to a size.

use std::fmt::Write as _;
use std::time::Duration;

use anyhow::{Result, anyhow, bail};

/// A body in the `unescape = true` convention of the spec cases (`\xHH`, `\r`, `\n`, `\t`,
/// `\0`, `\\`), and whether anything needed escaping: when not, the text is the body itself
/// (and goes in a TOML literal string as it is). Valid UTF-8 other than control characters
/// and the BOM is kept; `'` is written `\x27` so that the text never closes a `'''` string.
/// [`unescape`] reads it back.
pub fn escape(body: &[u8]) -> (String, bool) {
    let (out, escaped) = encode(body);
    // A quote alone is harmless in a literal string; three in a row would close it.
    if !escaped && !body.windows(3).any(|w| w == b"'''") {
        return (String::from_utf8_lossy(body).into_owned(), false);
    }
    (out, true)
}

/// A body for a report: fenced, always in the escape convention (so that bytes that are not
/// printable show, and [`unescape`] gives the body back).
pub fn fenced(body: &[u8]) -> String {
    let mut out = String::from("```\n");
    out.push_str(&encode(body).0);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str("```");
    out
}

/// The body in the escape convention, and whether it needed escapes other than for `\` and
/// `'`.
fn encode(body: &[u8]) -> (String, bool) {
    let mut out = String::new();
    let mut escaped = false;
    for chunk in body.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\n' | '\t' => out.push(c),
                '\r' => out.push_str("\\r"),
                '\\' => out.push_str("\\\\"),
                '\'' => out.push_str("\\x27"),
                '\0' => out.push_str("\\0"),
                c if c.is_control() || c == '\u{feff}' => {
                    let mut buffer = [0u8; 4];
                    for b in c.encode_utf8(&mut buffer).bytes() {
                        let _ = write!(out, "\\x{b:02X}");
                    }
                }
                c => {
                    out.push(c);
                    continue;
                }
            }
            escaped |= !matches!(c, '\n' | '\t' | '\\' | '\'');
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02X}");
            escaped = true;
        }
    }
    (out, escaped)
}

/// Decodes the escape convention of `unescape = true`: `\xHH`, `\r`, `\n`, `\t`, `\0`, `\\`.
pub fn unescape(text: &str) -> Result<Vec<u8>> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        let byte = match bytes.get(i + 1) {
            Some(b'r') => b'\r',
            Some(b'n') => b'\n',
            Some(b't') => b'\t',
            Some(b'0') => 0,
            Some(b'\\') => b'\\',
            Some(b'x') => {
                let hex = text
                    .get(i + 2..i + 4)
                    .ok_or_else(|| anyhow!("`\\x` at byte {i} needs two hex digits"))?;
                let value = u8::from_str_radix(hex, 16)
                    .map_err(|_| anyhow!("`\\x{hex}` at byte {i} is not a hex byte"))?;
                out.push(value);
                i += 4;
                continue;
            }
            other => bail!(
                "unknown escape `\\{}` at byte {i} (known: \\xHH \\r \\n \\t \\0 \\\\)",
                other.map(|&b| char::from(b)).unwrap_or(' ')
            ),
        };
        out.push(byte);
        i += 2;
    }
    Ok(out)
}

/// Text safe inside XML 1.0 (and HTML) element content and quoted attribute values: `&`, `<`,
/// `>`, `"` and `'` as entities, and the characters XML 1.0 cannot carry at all (controls other
/// than tab, line feed and carriage return; U+FFFE, U+FFFF) written as `\u{HH}` in the body
/// escape convention's spirit, so that nothing is lost silently.
pub fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c < ' ' || c == '\u{fffe}' || c == '\u{ffff}' => {
                out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out
}

/// 64-bit FNV-1a: a stable hash (the same bytes give the same value on every machine, every
/// run and every Rust version), for family ids and setup digests.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, b| {
        (hash ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The longest prefix of `text` of at most `max` bytes that ends on a character boundary,
/// and how many bytes are left out after it.
pub fn clip(text: &str, max: usize) -> (&str, usize) {
    if text.len() <= max {
        return (text, 0);
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    (&text[..end], text.len() - end)
}

/// A short text for a report's running prose: in the escape convention, a tab written `\t`
/// and whitespace outside ASCII as `\u{2002}`, clipped to `max` bytes (`…` after), as inline
/// code (in double backticks when it holds one).
pub fn inline_code(bytes: &[u8], max: usize) -> String {
    // A tab, a line end and whitespace outside ASCII (U+2002, which looks like a space) are
    // written out.
    let text: String = encode(bytes)
        .0
        .chars()
        .map(|c| match c {
            '\t' => "\\t".to_owned(),
            '\n' => "\\n".to_owned(),
            c if c.is_whitespace() && !c.is_ascii() => format!("\\u{{{:04X}}}", u32::from(c)),
            c => c.to_string(),
        })
        .collect();
    let (shown, cut) = clip(&text, max);
    let shown = if cut > 0 {
        format!("{shown}…")
    } else {
        shown.to_owned()
    };
    if shown.contains('`') {
        format!("`` {shown} ``")
    } else {
        format!("`{shown}`")
    }
}

/// Reads a duration: `90`, `90s`, `10m`, `1h`.
pub fn parse_duration(text: &str) -> std::result::Result<Duration, String> {
    let text = text.trim();
    let (number, unit) = match text.find(|c: char| !c.is_ascii_digit() && c != '.') {
        Some(i) => text.split_at(i),
        None => (text, "s"),
    };
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a duration (e.g. 90s, 10m, 1h)"))?;
    let seconds = match unit {
        "s" => value,
        "m" => value * 60.0,
        "h" => value * 3600.0,
        _ => return Err(format!("`{text}`: unknown unit `{unit}` (s, m or h)")),
    };
    Ok(Duration::from_secs_f64(seconds))
}

/// Reads a number of seconds (`10`, `0.5`), as the `--timeout` options take it: at least a
/// tenth of a second.
pub fn parse_timeout(text: &str) -> std::result::Result<Duration, String> {
    let seconds = parse_seconds(text)?;
    if seconds.is_zero() {
        return Err(format!("`{text}`: a timeout must be more than 0 seconds"));
    }
    Ok(seconds.max(Duration::from_millis(100)))
}

/// Reads a number of seconds (`10`, `0.5`; negative counts as zero).
pub fn parse_seconds(text: &str) -> std::result::Result<Duration, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !value.is_finite() {
        return Err(format!("`{text}` is not a number of seconds"));
    }
    Ok(Duration::from_secs_f64(value.max(0.0)))
}

/// A body's lines as the reference splits them (at LF, CR and CRLF): each line's content and
/// its end (empty for a last line that has none).
pub fn lines_with_ends(body: &[u8]) -> Vec<(&[u8], &[u8])> {
    reptest_reference::line_spans(body)
        .into_iter()
        .map(|line| (&body[line.content], &body[line.end]))
        .collect()
}

/// The line of a body that `fill_to` replaces.
pub const FILL_MARKER: &[u8] = b"<fill>\n";

/// Replaces the one `<fill>` line of `body` with comment lines so that what follows it starts
/// at byte `offset`: bodies near the 500 KiB limit stay a few lines long in the case file.
pub fn fill(body: &[u8], offset: usize) -> Result<Vec<u8>> {
    let at = body
        .windows(FILL_MARKER.len())
        .position(|w| w == FILL_MARKER)
        .filter(|&at| at == 0 || body[at - 1] == b'\n')
        .ok_or_else(|| anyhow!("`fill_to` needs a line `<fill>` in `robots`"))?;
    let rest = &body[at + FILL_MARKER.len()..];
    if rest.windows(FILL_MARKER.len()).any(|w| w == FILL_MARKER) {
        bail!("`robots` has more than one `<fill>` line");
    }
    let mut remaining = offset
        .checked_sub(at)
        .filter(|r| *r >= 2)
        .ok_or_else(|| anyhow!("`fill_to` {offset} leaves no room before byte {at}"))?;
    let mut out = body[..at].to_vec();
    while remaining > 0 {
        // Lines of 80 bytes, the last one shorter, never shorter than "#\n".
        let len = if remaining > 81 { 80 } else { remaining };
        out.push(b'#');
        out.extend(std::iter::repeat_n(b'.', len - 2));
        out.push(b'\n');
        remaining -= len;
    }
    out.extend_from_slice(rest);
    Ok(out)
}

/// The octet two hex digits write (`None` for anything else).
pub fn hex_octet(hex: &[u8]) -> Option<u8> {
    match hex {
        [a, b] if a.is_ascii_hexdigit() && b.is_ascii_hexdigit() => {
            u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()
        }
        _ => None,
    }
}
/// Whether `byte` is a control character (`%00`–`%1F`, `%7F`).
pub fn is_control(byte: u8) -> bool {
    byte < 0x20 || byte == 0x7F
}

#[cfg(test)]
mod tests {
    use super::xml_escape;

    #[test]
    fn xml_escape_covers_markup_and_what_xml_cannot_carry() {
        assert_eq!(
            xml_escape("a<b>&\"c'\u{1}\td\u{ffff}"),
            "a&lt;b&gt;&amp;&quot;c&apos;\\u{1}\td\\u{ffff}"
        );
    }

    use super::*;

    #[test]
    fn escaping_round_trips() {
        // A fixed xorshift stream: the same samples on every run.
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut take = |n: usize| -> Vec<u8> {
            (0..n)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state.to_le_bytes()[3]
                })
                .collect()
        };
        let mut samples: Vec<Vec<u8>> = vec![
            b"user-agent: *\n".to_vec(),
            b"a\\xZZ\\\\'''\r\n\0".to_vec(),
            "\u{feff}é\u{85}".as_bytes().to_vec(),
        ];
        for n in 0..400 {
            // Bytes drawn from a small alphabet, so that escapes, backslashes and quotes meet.
            let alphabet = b"\\x0Aa'\r\n\t\0\xEF\xBB\xBF\xC3\xA9\xFF ";
            let raw = take(n % 40);
            samples.push(
                raw.iter()
                    .map(|b| alphabet[usize::from(*b) % alphabet.len()])
                    .collect(),
            );
            samples.push(take(n % 24));
        }
        for body in samples {
            assert_eq!(unescape(&encode(&body).0).ok().as_deref(), Some(&body[..]));
            let fenced = fenced(&body);
            let inner = &fenced[4..fenced.len() - 3];
            let inner = if body.ends_with(b"\n") || body.is_empty() {
                inner
            } else {
                inner.strip_suffix('\n').unwrap_or(inner)
            };
            assert_eq!(unescape(inner).ok().as_deref(), Some(&body[..]), "{fenced}");
            let (text, escaped) = escape(&body);
            if escaped {
                assert_eq!(unescape(&text).ok().as_deref(), Some(&body[..]), "{text}");
            } else {
                assert_eq!(text.as_bytes(), &body[..]);
                assert!(!text.contains("'''"));
            }
        }
    }

    #[test]
    fn inline_code_shows_tabs_and_clips() {
        assert_eq!(inline_code(b"disallow:/a\t", 40), "`disallow:/a\\t`");
        assert_eq!(inline_code(b"abcdef", 3), "`abc…`");
        assert_eq!(inline_code(b"a`b", 9), "`` a`b ``");
        assert_eq!(inline_code(b"\xEF\xBB\xBFa", 20), "`\\xEF\\xBB\\xBFa`");
        assert_eq!(inline_code("/\u{2002}é".as_bytes(), 20), "`/\\u{2002}é`");
    }

    #[test]
    fn clipping_keeps_characters_whole() {
        assert_eq!(clip("abc", 5), ("abc", 0));
        assert_eq!(clip("abcdef", 4), ("abcd", 2));
        assert_eq!(clip("aé", 2), ("a", 2));
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
    }

    #[test]
    fn lines_split_at_lf_cr_and_crlf_with_their_ends() {
        let body = b"a\nb\r\nc\rd";
        let lines = super::lines_with_ends(body);
        let expected: Vec<(&[u8], &[u8])> =
            vec![(b"a", b"\n"), (b"b", b"\r\n"), (b"c", b"\r"), (b"d", b"")];
        assert_eq!(lines, expected);
        assert!(super::lines_with_ends(b"").is_empty());
        let blank: Vec<(&[u8], &[u8])> = vec![(b"", b"\n")];
        assert_eq!(super::lines_with_ends(b"\n"), blank);
    }
}
