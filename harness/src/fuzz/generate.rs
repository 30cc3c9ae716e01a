//! Differential testing's input side: structure-aware robots.txt generation (with windows of
//! a real [`Corpus`]) and a seeded byte source. Shrinking a disagreement is
//! [`crate::fuzz::minimise`]'s; putting inputs to engines and judging the answers is
//! [`crate::fuzz::campaign`]'s.
//!
//! The generator works from an [`arbitrary::Unstructured`] byte source, so the same bytes give
//! the same input (a seed makes a run reproducible, and a coverage-guided fuzzer can drive it).
//! Most inputs are *almost* valid robots.txt: the hard parts (misspelled and re-cased field
//! names, missing colons, BOMs, mixed line ends, `#` in values, `*` and `$` anywhere,
//! percent-encoded and non-ASCII paths) are each one choice among ordinary lines.

use arbitrary::{Result as ArbResult, Unstructured};

use crate::fuzz::corpus::{Corpus, Site};

/// One generated question: a body, a crawler, URLs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The body's lines, each with its own line end (the last may have none).
    pub lines: Vec<Vec<u8>>,
    /// The crawler.
    pub agent: String,
    /// Absolute URLs.
    pub urls: Vec<String>,
}

impl Input {
    /// The body's bytes.
    pub fn body(&self) -> Vec<u8> {
        self.lines.concat()
    }
}

const FIELD_FORMS: &[&str] = &[
    "user-agent",
    "User-agent",
    "USER-AGENT",
    "useragent",
    "user agent",
    "allow",
    "Allow",
    "ALLOW",
    "disallow",
    "Disallow",
    "DISALLOW",
    "disalow",
    "dissallow",
    "sitemap",
    "crawl-delay",
    "host",
    "noindex",
];

const AGENTS: &[&str] = &[
    "FooBot",
    "foobot",
    "FOOBOT",
    "FooBot/1.0",
    "Foo Bot",
    "*",
    "Foo-Bot",
    "foo_bot",
    "BarBot",
];

const PATH_PIECES: &[&str] = &[
    "/",
    "a",
    "b",
    "/a",
    "/b",
    "*",
    "$",
    "%2A",
    "%2a",
    "%24",
    "%41",
    "%61",
    "%2F",
    "%2f",
    "é",
    "%C3%A9",
    "%c3%a9",
    " ",
    "#",
    "?",
    "=",
    ".htm",
    "/index.html",
    "~",
    "%7E",
    "%7e",
    "%3F",
    "%3D",
    "%26",
    "%20",
    "%5F",
    "-",
    "_",
    "//",
    "\t",
];

const LINE_ENDS: &[&[u8]] = &[b"\n", b"\r\n", b"\r", b"\n"];

fn pick<'a, T>(u: &mut Unstructured<'_>, from: &'a [T]) -> ArbResult<&'a T> {
    u.choose(from)
}

fn pattern(u: &mut Unstructured<'_>) -> ArbResult<String> {
    let mut out = String::new();
    if u.ratio(7, 8)? {
        out.push('/');
    }
    for _ in 0..u.int_in_range(0..=5)? {
        out.push_str(pick(u, PATH_PIECES)?);
    }
    Ok(out)
}

fn line(u: &mut Unstructured<'_>) -> ArbResult<Vec<u8>> {
    let kind = u.int_in_range(0..=9)?;
    let mut text = match kind {
        0..=1 => {
            let field = *pick(u, &FIELD_FORMS[..5])?;
            format!("{field}: {}", pick(u, AGENTS)?)
        }
        2..=6 => {
            let field = *pick(u, &FIELD_FORMS[5..13])?;
            let sep = *pick(u, &[": ", ":", " : ", " ", ":\t"])?;
            format!("{field}{sep}{}", pattern(u)?)
        }
        7 => {
            let field = *pick(u, &FIELD_FORMS[13..])?;
            format!("{field}: {}", pattern(u)?)
        }
        8 => String::from("# comment"),
        _ if u.ratio(1, 40)? => {
            // A very long line: past Google's per-line cut-off.
            let field = *pick(u, &["disallow", "allow"])?;
            format!("{field}: /{}", "a".repeat(u.int_in_range(16_600..=17_000)?))
        }
        _ if u.ratio(1, 3)? => format!("{}:", pick(u, &FIELD_FORMS[5..13])?),
        _ => String::new(),
    };
    if u.ratio(1, 10)? {
        text.push_str(" # trailing");
    }
    let mut bytes = text.into_bytes();
    bytes.extend_from_slice(pick(u, LINE_ENDS)?);
    Ok(bytes)
}

/// URLs derived from the body: each rule's path with its wildcards resolved one way or
/// another, re-encoded, or extended, so that URLs match, nearly match, or differ only in
/// encoding.
fn urls(u: &mut Unstructured<'_>, lines: &[Vec<u8>], origin: &str) -> ArbResult<Vec<String>> {
    let paths: Vec<String> = lines
        .iter()
        .filter_map(|l| {
            let text = String::from_utf8_lossy(l);
            let (_, value) = text.split_once(':')?;
            let value = value.split('#').next()?.trim();
            value.starts_with('/').then(|| value.to_owned())
        })
        .collect();
    let mut out = Vec::new();
    for _ in 0..u.int_in_range(1..=4)? {
        let base = if paths.is_empty() || u.ratio(1, 5)? {
            pattern(u)?
        } else {
            pick(u, &paths)?.clone()
        };
        let fill = *pick(u, &["", "x", "/", "a/b"])?;
        let mut path = base.replace('*', fill).replace('$', "");
        match u.int_in_range(0..=4)? {
            0 => path = path.replace("é", "%C3%A9"),
            1 => path = path.replace("%C3%A9", "é").replace("%c3%a9", "é"),
            2 => path.push_str(pick(u, &["x", "/", "?q=1", ".html"])?),
            3 => path = path.to_uppercase(),
            _ => {}
        }
        if !path.starts_with('/') {
            path.insert(0, '/');
        }
        // Whitespace stays raw in rules (a generator feature) but is encoded in URLs, as any
        // URL parser would: a raw tab in a URL tests the URL parser, not robots.txt.
        out.push(format!(
            "{origin}{}",
            path.replace(' ', "%20").replace('\t', "%09")
        ));
    }
    Ok(out)
}

/// Generates one input from `u`.
pub fn generate(u: &mut Unstructured<'_>) -> ArbResult<Input> {
    generate_with(u, None)
}

/// Generates one input from `u`; with a corpus, one input in four starts from a real file
/// (a window of it, sometimes with generated lines mixed in) and asks about the site's real
/// URLs as well as derived ones.
pub fn generate_with(u: &mut Unstructured<'_>, corpus: Option<&Corpus>) -> ArbResult<Input> {
    if let Some(corpus) = corpus.filter(|c| !c.sites.is_empty())
        && u.ratio(1, 4)?
    {
        let site = pick(u, &corpus.sites)?;
        return from_site(u, site);
    }
    let mut lines = Vec::new();
    match u.int_in_range(0..=9)? {
        0 => lines.push(b"\xEF\xBB\xBF".to_vec()),
        1 => lines.push(b"\xEF\xBB".to_vec()),
        _ => {}
    }
    for _ in 0..u.int_in_range(1..=10)? {
        lines.push(line(u)?);
    }
    let agent = (*pick(u, AGENTS)?).to_owned();
    let urls = urls(u, &lines, "http://example.com")?;
    Ok(Input { lines, agent, urls })
}

/// The most lines a real file contributes to one input.
const SITE_WINDOW: usize = 40;

fn from_site(u: &mut Unstructured<'_>, site: &Site) -> ArbResult<Input> {
    let all: Vec<&[u8]> = site.body.split_inclusive(|&b| b == b'\n').collect();
    let start = if all.len() > SITE_WINDOW {
        u.int_in_range(0..=all.len() - SITE_WINDOW)?
    } else {
        0
    };
    let mut lines: Vec<Vec<u8>> = all
        .iter()
        .skip(start)
        .take(SITE_WINDOW)
        .map(|l| l.to_vec())
        .collect();
    for _ in 0..u.int_in_range(0..=2)? {
        let at = u.int_in_range(0..=lines.len())?;
        lines.insert(at, line(u)?);
    }
    let agent = if !site.agents.is_empty() && u.ratio(1, 2)? {
        pick(u, &site.agents)?.clone()
    } else {
        (*pick(u, AGENTS)?).to_owned()
    };
    let mut urls = Vec::new();
    if !site.urls.is_empty() {
        for _ in 0..u.int_in_range(1..=3)? {
            urls.push(pick(u, &site.urls)?.clone());
        }
    }
    urls.extend(urls_from(u, &lines, &format!("https://{}", site.host))?);
    Ok(Input { lines, agent, urls })
}

fn urls_from(u: &mut Unstructured<'_>, lines: &[Vec<u8>], origin: &str) -> ArbResult<Vec<String>> {
    let mut out = urls(u, lines, origin)?;
    out.truncate(2);
    Ok(out)
}

/// A seeded byte source: xorshift64*, enough to feed [`Unstructured`] reproducibly.
#[derive(Clone, Debug)]
pub struct SeededBytes(u64);

impl SeededBytes {
    /// A source from `seed`.
    pub fn new(seed: u64) -> SeededBytes {
        SeededBytes(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next `n` bytes.
    pub fn take(&mut self, n: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(n);
        while out.len() < n {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            let word = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
            out.extend_from_slice(&word.to_le_bytes());
        }
        out.truncate(n);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Finding, minimising and deduplicating a planted disagreement is tested end to end in
    // `tests/fuzz_diff.rs`.

    #[test]
    fn generation_is_reproducible() {
        let a = SeededBytes::new(42).take(512);
        let b = SeededBytes::new(42).take(512);
        assert_eq!(
            generate(&mut Unstructured::new(&a)).ok(),
            generate(&mut Unstructured::new(&b)).ok()
        );
    }
}
