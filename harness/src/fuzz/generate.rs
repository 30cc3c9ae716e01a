//! Differential testing's input side: structure-aware robots.txt generation (with windows of
//! a real corpus), a seeded byte source, and minimisation of a disagreement while it keeps its
//! verdicts. Putting inputs to engines and judging the answers is [`crate::campaign`]'s.
//!
//! The generator works from an [`arbitrary::Unstructured`] byte source, so the same bytes give
//! the same input (a seed makes a run reproducible, and a coverage-guided fuzzer can drive it).
//! Most inputs are *almost* valid robots.txt: the hard parts (misspelled and re-cased field
//! names, missing colons, BOMs, mixed line ends, `#` in values, `*` and `$` anywhere,
//! percent-encoded and non-ASCII paths) are each one choice among ordinary lines.

use std::path::{Path, PathBuf};

use arbitrary::{Result as ArbResult, Unstructured};

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

/// Real robots.txt files and the URLs seen on their hosts.
#[derive(Clone, Debug, Default)]
pub struct Corpus {
    /// One entry per host.
    pub sites: Vec<Site>,
}

/// One host of a [`Corpus`].
#[derive(Clone, Debug)]
pub struct Site {
    /// The host name.
    pub host: String,
    /// Its robots.txt, byte for byte.
    pub body: Vec<u8>,
    /// URLs seen on it (possibly none).
    pub urls: Vec<String>,
    /// The `user-agent` values its file names, as crawler names to ask with.
    pub agents: Vec<String>,
}

impl Corpus {
    /// Where the shared corpus sits next to the workspace.
    pub fn default_dir() -> PathBuf {
        crate::adapters::workspace_root().join("../shared/corpus/top-sites-2019")
    }

    /// Loads `dir/robots/<host>` and `dir/urls/<host>`.
    pub fn load(dir: &Path) -> std::io::Result<Corpus> {
        let mut sites = Vec::new();
        let mut entries: Vec<_> = std::fs::read_dir(dir.join("robots"))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .collect();
        entries.sort();
        for path in entries {
            let Some(host) = path.file_name().and_then(|n| n.to_str()).map(str::to_owned) else {
                continue;
            };
            let body = std::fs::read(&path)?;
            let urls = std::fs::read_to_string(dir.join("urls").join(&host))
                .map(|text| {
                    text.lines()
                        .map(str::trim)
                        .filter(|l| l.starts_with("http"))
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or_default();
            let mut agents: Vec<String> = String::from_utf8_lossy(&body)
                .lines()
                .filter_map(|l| {
                    let (key, value) = l.split_once(':')?;
                    let value = value.split('#').next()?.trim();
                    (key.trim().eq_ignore_ascii_case("user-agent")
                        && !value.is_empty()
                        && value != "*")
                        .then(|| value.to_owned())
                })
                .collect();
            agents.sort();
            agents.dedup();
            sites.push(Site {
                host,
                body,
                urls,
                agents,
            });
        }
        Ok(Corpus { sites })
    }
}

/// Shrinks a one-URL disagreement while `keeps` says it still shows the same split: first
/// whole lines, then the bytes within each line (its line end kept), then the characters of
/// the agent and of the URL's path; each step is delta debugging (remove chunks, halving the
/// chunk size down to one).
pub fn minimise(input: &Input, keeps: &mut dyn FnMut(&Input) -> bool) -> Input {
    // Shrinking the URL can let more of the body go, and the other way round: repeat until
    // a pass changes nothing (at most a few passes).
    let mut best = input.clone();
    for _ in 0..4 {
        let next = minimise_pass(&best, keeps);
        if next == best {
            break;
        }
        best = next;
    }
    best
}

fn minimise_pass(input: &Input, keeps: &mut dyn FnMut(&Input) -> bool) -> Input {
    let mut best = input.clone();
    best.lines = shrink(&best.lines, &mut |lines| {
        let mut candidate = best.clone();
        candidate.lines = lines.to_vec();
        keeps(&candidate)
    });
    // Plain line ends where the split does not need another kind.
    for index in 0..best.lines.len() {
        let line = &best.lines[index];
        let content = line
            .iter()
            .rposition(|b| !matches!(b, b'\n' | b'\r'))
            .map_or(0, |p| p + 1);
        if line[content..] != *b"\n" && !line[content..].is_empty() && content > 0 {
            let mut candidate = best.clone();
            candidate.lines[index].truncate(content);
            candidate.lines[index].push(b'\n');
            if keeps(&candidate) {
                best = candidate;
            }
        }
    }
    for index in 0..best.lines.len() {
        let line = &best.lines[index];
        let end = line
            .iter()
            .rposition(|b| !matches!(b, b'\n' | b'\r'))
            .map_or(0, |p| p + 1);
        let (content, line_end) = line.split_at(end);
        let line_end = line_end.to_vec();
        let kept = shrink(content, &mut |bytes| {
            let mut candidate = best.clone();
            candidate.lines[index] = [bytes, &line_end].concat();
            keeps(&candidate)
        });
        best.lines[index] = [kept.as_slice(), &line_end].concat();
    }
    best.lines.retain(|l| !l.is_empty());
    let agent: Vec<char> = best.agent.chars().collect();
    let agent = shrink(&agent, &mut |chars| {
        let mut candidate = best.clone();
        candidate.agent = chars.iter().collect();
        plausible_agent(&candidate.agent) && keeps(&candidate)
    });
    best.agent = agent.iter().collect();
    if let Some(url) = best.urls.first().cloned() {
        let split = path_start(&url);
        let (origin, path) = url.split_at(split);
        let chars: Vec<char> = path.chars().collect();
        let kept = shrink(&chars, &mut |chars| {
            let mut candidate = best.clone();
            candidate.urls = vec![format!("{origin}{}", chars.iter().collect::<String>())];
            keeps(&candidate)
        });
        best.urls = vec![format!("{origin}{}", kept.iter().collect::<String>())];
    }
    best
}

/// Whether a shrunk crawler name still reads as one: its name part (up to a `/` or space) is
/// a whole product token. Deleting characters must not turn `FooBot/1.0` into `FooBot0`,
/// a name no crawler sends, whose reading (token `foobot`, or no token) is a question of its
/// own.
fn plausible_agent(agent: &str) -> bool {
    let name = agent.split(['/', ' ']).next().unwrap_or("");
    !name.is_empty()
        && reptest_reference::crawler_token(name).as_deref()
            == Some(name.to_ascii_lowercase().as_str())
}

/// Where the part of a URL after `scheme://host/` starts (the first `/` of the path is kept).
fn path_start(url: &str) -> usize {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    url[after_scheme..]
        .find('/')
        .map_or(url.len(), |i| after_scheme + i + 1)
}

/// Delta debugging over a sequence: removes chunks while `keeps` holds, halving the chunk
/// size down to one element (down to 1/128 of the length for long sequences, so that a
/// 17 KB line costs hundreds of questions, not tens of thousands).
fn shrink<T: Clone>(items: &[T], keeps: &mut dyn FnMut(&[T]) -> bool) -> Vec<T> {
    let mut best = items.to_vec();
    let mut chunk = best.len().div_ceil(2).max(1);
    let smallest = (items.len() / 128).max(1);
    loop {
        let mut start = 0;
        while start < best.len() {
            let end = (start + chunk).min(best.len());
            let mut candidate = best.clone();
            candidate.drain(start..end);
            if keeps(&candidate) {
                best = candidate;
            } else {
                start += chunk;
            }
        }
        if chunk <= smallest {
            break;
        }
        chunk = chunk.div_ceil(2);
    }
    best
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
