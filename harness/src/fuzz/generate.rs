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
//!
//! By default every input is one a crawler would ask, inside every implementation's call
//! contract ([`InputClasses`]): the agent is a product token, each URL is what a crawler's URL
//! library serialises (the `url` crate's form: ASCII, percent-encoded), and the body is valid
//! UTF-8. Non-ASCII paths are still generated, in the rules (raw and encoded) and in the URLs
//! (encoded by the serialisation). Raw URLs, agent strings and invalid UTF-8 are opt-in
//! classes: questions outside a library's contract test the harness's choice of question
//! more than the library, so they are asked only on request and reported apart.

use arbitrary::{Result as ArbResult, Unstructured};

use anyhow::{Result, bail};

use crate::fuzz::corpus::{Corpus, Site};

/// The opt-in input classes (`--inputs`) and what the implementations' manifests allow. With
/// none, every input is realistic: a product-token agent, URLs as a crawler's URL library
/// serialises them, a valid UTF-8 body.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InputClasses {
    /// `raw-urls`: URLs as generated (raw non-ASCII, stray `%`), not serialised.
    pub raw_urls: bool,
    /// `agent-strings`: agents that are not product tokens (`Foo Bot`, `*`, `FooBot/`).
    pub agent_strings: bool,
    /// `invalid-utf8`: bodies with bytes that are not UTF-8.
    pub invalid_utf8: bool,
    /// Not a class but a permission: every implementation's manifest says its library takes
    /// full user-agent strings, so an agent may carry a `/version` suffix.
    pub versioned_agents: bool,
}

/// The names of the opt-in classes, as `--inputs` takes them.
pub const CLASS_NAMES: [&str; 3] = ["raw-urls", "agent-strings", "invalid-utf8"];

/// The tag a finding whose minimal input uses a class carries (the case tags `raw-url`,
/// `agent-string`, `invalid-utf8` of `suite/tags.rs`).
pub const CLASS_TAGS: [&str; 3] = ["raw-url", "agent-string", "invalid-utf8"];

impl InputClasses {
    /// Parses `--inputs`: a comma-separated subset of [`CLASS_NAMES`] (empty: none).
    pub fn parse(text: &str) -> Result<InputClasses> {
        let mut classes = InputClasses::default();
        for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match name {
                "raw-urls" => classes.raw_urls = true,
                "agent-strings" => classes.agent_strings = true,
                "invalid-utf8" => classes.invalid_utf8 = true,
                other => bail!(
                    "unknown input class `{other}` (known: {})",
                    CLASS_NAMES.join(", ")
                ),
            }
        }
        Ok(classes)
    }

    /// Whether `agent` is a realistic crawler name: a product token, or (when the manifests
    /// allow it) a product token with a `/version` of digits and dots.
    pub fn realistic_agent(&self, agent: &str) -> bool {
        if reptest_peers::product_token(agent) {
            return true;
        }
        self.versioned_agents
            && agent.split_once('/').is_some_and(|(name, version)| {
                reptest_peers::product_token(name)
                    && version.starts_with(|c: char| c.is_ascii_digit())
                    && version.chars().all(|c| c.is_ascii_digit() || c == '.')
            })
    }

    /// The opt-in classes `input` uses, as finding tags ([`CLASS_TAGS`]): empty for a
    /// realistic input.
    pub fn used_by(&self, input: &Input) -> Vec<&'static str> {
        let mut used = Vec::new();
        if !input.urls.iter().all(|u| realistic_url(u)) {
            used.push(CLASS_TAGS[0]);
        }
        if !self.realistic_agent(&input.agent) {
            used.push(CLASS_TAGS[1]);
        }
        if std::str::from_utf8(&input.body()).is_err() {
            used.push(CLASS_TAGS[2]);
        }
        used
    }

    /// Whether `input` stays within these classes: realistic in every respect whose class is
    /// not opted in.
    pub fn admit(&self, input: &Input) -> bool {
        (self.raw_urls || input.urls.iter().all(|u| realistic_url(u)))
            && (self.agent_strings || self.realistic_agent(&input.agent))
            && (self.invalid_utf8 || std::str::from_utf8(&input.body()).is_ok())
    }

    /// Whether the class tagged `tag` ([`CLASS_TAGS`]) is opted into.
    pub fn opted_into(&self, tag: &str) -> bool {
        match tag {
            "raw-url" => self.raw_urls,
            "agent-string" => self.agent_strings,
            "invalid-utf8" => self.invalid_utf8,
            _ => false,
        }
    }

    /// The names of the opted-in classes, comma-separated (`none` when there is none).
    pub fn describe(&self) -> String {
        let on = [self.raw_urls, self.agent_strings, self.invalid_utf8];
        let names: Vec<&str> = CLASS_NAMES
            .iter()
            .zip(on)
            .filter_map(|(name, on)| on.then_some(*name))
            .collect();
        if names.is_empty() {
            "none".to_owned()
        } else {
            names.join(",")
        }
    }
}

/// `raw` as a crawler's URL library serialises it (the `url` crate: host lower-cased and
/// IDNA-encoded, path and query percent-encoded, dot segments resolved), without its
/// fragment (a crawler never fetches one); `None` when it does not parse, or when the result
/// is not percent-encoded in RFC 3986's sense ([`reptest_peers::rfc3986_encoded`]: the
/// `url` crate leaves a stray `%`, `|` or `^` as it is, which some libraries refuse), or
/// holds a `[` or `]` in its path or query (RFC 3986 allows them only in the host: the `url`
/// crate leaves them as they are, and a strict URI parser such as Ruby's refuses them).
pub fn crawler_url(raw: &str) -> Option<String> {
    let mut url = url::Url::parse(raw).ok()?;
    url.set_fragment(None);
    let brackets =
        url.path().contains(['[', ']']) || url.query().is_some_and(|q| q.contains(['[', ']']));
    let text = String::from(url);
    (!brackets && reptest_peers::rfc3986_encoded(&text)).then_some(text)
}

/// Whether `url` is already as a crawler would ask it: its own [`crawler_url`].
pub fn realistic_url(url: &str) -> bool {
    crawler_url(url).as_deref() == Some(url)
}

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

/// Product tokens: the default agents.
const AGENTS: &[&str] = &["FooBot", "foobot", "FOOBOT", "Foo-Bot", "foo_bot", "BarBot"];

/// Product tokens with a version: only when every manifest says its library takes full
/// user-agent strings.
const VERSIONED_AGENTS: &[&str] = &["FooBot/1.0", "foobot/2.1"];

/// Agent strings a crawler would not pass as its name (opt-in `agent-strings`).
const AGENT_STRINGS: &[&str] = &[
    "FooBot/1.0",
    "Foo Bot",
    "*",
    "FooBot/",
    "Foo Bot/1.0 (+http://example.com/bot)",
    ": *",
    "FooBot1",
];

/// Byte sequences that are not UTF-8 (opt-in `invalid-utf8`): a Latin-1 `é`, a lead byte
/// without its continuation, a stray continuation byte, bytes UTF-8 never uses.
const INVALID_UTF8: &[&[u8]] = &[b"\xE9", b"\xC3", b"\xA9", b"\xFF", b"\xC0\xAF"];

fn agent(u: &mut Unstructured<'_>, classes: InputClasses) -> ArbResult<String> {
    if classes.agent_strings && u.ratio(1, 3)? {
        return Ok((*pick(u, AGENT_STRINGS)?).to_owned());
    }
    if classes.versioned_agents && u.ratio(1, 4)? {
        return Ok((*pick(u, VERSIONED_AGENTS)?).to_owned());
    }
    Ok((*pick(u, AGENTS)?).to_owned())
}

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

fn line(u: &mut Unstructured<'_>, classes: InputClasses) -> ArbResult<Vec<u8>> {
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
    if classes.invalid_utf8 && u.ratio(1, 6)? {
        // Between characters, never inside one.
        let bounds: Vec<usize> = (0..=bytes.len())
            .filter(|&i| i == bytes.len() || (bytes[i] & 0xC0) != 0x80)
            .collect();
        let at = *pick(u, &bounds)?;
        let bad = *pick(u, INVALID_UTF8)?;
        bytes.splice(at..at, bad.iter().copied());
    }
    bytes.extend_from_slice(pick(u, LINE_ENDS)?);
    Ok(bytes)
}

/// URLs derived from the body: each rule's path with its wildcards resolved one way or
/// another, re-encoded, or extended, so that URLs match, nearly match, or differ only in
/// encoding.
fn urls(
    u: &mut Unstructured<'_>,
    lines: &[Vec<u8>],
    origin: &str,
    classes: InputClasses,
) -> ArbResult<Vec<String>> {
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
        let raw = format!("{origin}{}", path.replace(' ', "%20").replace('\t', "%09"));
        if classes.raw_urls {
            out.push(raw);
        } else if let Some(url) = crawler_url(&raw) {
            out.push(url);
        }
    }
    if out.is_empty() {
        out.push(format!("{origin}/"));
    }
    Ok(out)
}

/// Generates one realistic input from `u` (no opt-in class, no corpus).
pub fn generate(u: &mut Unstructured<'_>) -> ArbResult<Input> {
    generate_with(u, None, InputClasses::default())
}

/// Generates one input of `classes` from `u`; with a corpus, one input in four starts from a
/// real file (a window of it, sometimes with generated lines mixed in) and asks about the
/// site's real URLs as well as derived ones.
pub fn generate_with(
    u: &mut Unstructured<'_>,
    corpus: Option<&Corpus>,
    classes: InputClasses,
) -> ArbResult<Input> {
    if let Some(corpus) = corpus.filter(|c| !c.sites.is_empty())
        && u.ratio(1, 4)?
    {
        let site = pick(u, &corpus.sites)?;
        return from_site(u, site, classes);
    }
    let mut lines = Vec::new();
    match u.int_in_range(0..=9)? {
        0 => lines.push(b"\xEF\xBB\xBF".to_vec()),
        // A BOM cut short: not UTF-8.
        1 if classes.invalid_utf8 => lines.push(b"\xEF\xBB".to_vec()),
        _ => {}
    }
    for _ in 0..u.int_in_range(1..=10)? {
        lines.push(line(u, classes)?);
    }
    let agent = agent(u, classes)?;
    let urls = urls(u, &lines, "http://example.com", classes)?;
    Ok(Input { lines, agent, urls })
}

/// The most lines a real file contributes to one input.
const SITE_WINDOW: usize = 40;

fn from_site(u: &mut Unstructured<'_>, site: &Site, classes: InputClasses) -> ArbResult<Input> {
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
        // A line of a real file that is not UTF-8 is left out unless the class is asked for.
        .filter(|l| classes.invalid_utf8 || std::str::from_utf8(l).is_ok())
        .collect();
    for _ in 0..u.int_in_range(0..=2)? {
        let at = u.int_in_range(0..=lines.len())?;
        lines.insert(at, line(u, classes)?);
    }
    let agents: Vec<&String> = site
        .agents
        .iter()
        .filter(|a| classes.agent_strings || classes.realistic_agent(a))
        .collect();
    let agent = if !agents.is_empty() && u.ratio(1, 2)? {
        (*pick(u, &agents)?).clone()
    } else {
        agent(u, classes)?
    };
    let mut urls = Vec::new();
    if !site.urls.is_empty() {
        for _ in 0..u.int_in_range(1..=3)? {
            let url = pick(u, &site.urls)?;
            if classes.raw_urls {
                urls.push(url.clone());
            } else if let Some(url) = crawler_url(url) {
                urls.push(url);
            }
        }
    }
    let origin = format!("https://{}", site.host);
    let mut derived = self::urls(u, &lines, &origin, classes)?;
    derived.truncate(2);
    urls.extend(derived);
    Ok(Input { lines, agent, urls })
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

    /// A corpus with everything a realistic input must not take as it is: a line that is
    /// not UTF-8, agents that are not tokens, a raw non-ASCII URL.
    fn odd_corpus() -> Corpus {
        Corpus {
            sites: vec![Site {
                host: "example.org".into(),
                body: b"user-agent: *\ndisallow: /caf\xE9\nuser-agent: Foo Bot\nallow: /\xC3\xA9\n"
                    .to_vec(),
                urls: vec![
                    "https://example.org/caf\u{e9} au lait".into(),
                    "https://example.org/a%zz|b#frag".into(),
                ],
                agents: vec!["Foo Bot".into(), "*".into(), "FooBot/1.0".into()],
            }],
        }
    }

    fn inputs(classes: InputClasses, seeds: u64) -> Vec<Input> {
        let corpus = odd_corpus();
        (0..seeds)
            .filter_map(|seed| {
                let bytes = SeededBytes::new(seed).take(768);
                let corpus = (seed % 2 == 0).then_some(&corpus);
                generate_with(&mut Unstructured::new(&bytes), corpus, classes).ok()
            })
            .collect()
    }

    #[test]
    fn the_default_generator_asks_only_realistic_questions() {
        let all = inputs(InputClasses::default(), 3000);
        assert!(all.len() > 2500, "{}", all.len());
        let mut non_ascii_rules = 0;
        for input in &all {
            assert!(
                reptest_peers::product_token(&input.agent),
                "not a token: {:?}",
                input.agent
            );
            assert!(!input.urls.is_empty());
            for url in &input.urls {
                assert!(url.is_ascii(), "{url}");
                assert!(reptest_peers::rfc3986_encoded(url), "{url}");
                assert!(realistic_url(url), "{url}");
                assert!(!url.contains('#'), "{url}");
            }
            let body = input.body();
            let text = std::str::from_utf8(&body).expect("a valid UTF-8 body");
            non_ascii_rules += usize::from(!text.is_ascii());
            assert!(InputClasses::default().admit(input));
            assert!(InputClasses::default().used_by(input).is_empty());
        }
        // Non-ASCII is still asked about, in the rules.
        assert!(non_ascii_rules > 100, "{non_ascii_rules}");
    }

    #[test]
    fn each_opt_in_class_yields_its_kind_of_input() {
        let all = |classes| inputs(classes, 3000);
        let raw = all(InputClasses::parse("raw-urls").expect("known classes"));
        assert!(
            raw.iter().any(|i| i.urls.iter().any(|u| !u.is_ascii())),
            "no raw non-ASCII URL"
        );
        assert!(raw.iter().all(|i| reptest_peers::product_token(&i.agent)));
        let agents = all(InputClasses::parse("agent-strings").expect("known classes"));
        for odd in ["Foo Bot", "*", "FooBot/", "FooBot/1.0"] {
            assert!(agents.iter().any(|i| i.agent == odd), "no {odd:?}");
        }
        assert!(
            agents
                .iter()
                .all(|i| i.urls.iter().all(|u| realistic_url(u)))
        );
        let bytes = all(InputClasses::parse("invalid-utf8").expect("known classes"));
        let invalid = bytes
            .iter()
            .filter(|i| std::str::from_utf8(&i.body()).is_err())
            .count();
        assert!(invalid > 300, "{invalid}");
        for (classes, tag) in [
            (&raw, "raw-url"),
            (&agents, "agent-string"),
            (&bytes, "invalid-utf8"),
        ] {
            let all =
                InputClasses::parse("raw-urls,agent-strings,invalid-utf8").expect("known classes");
            assert!(classes.iter().any(|i| all.used_by(i) == vec![tag]), "{tag}");
        }
        // Versioned agents only with the manifests' permission.
        let versioned = InputClasses {
            versioned_agents: true,
            ..InputClasses::default()
        };
        let with_versions = inputs(versioned, 3000);
        assert!(with_versions.iter().any(|i| i.agent.contains('/')));
        assert!(with_versions.iter().all(|i| versioned.admit(i)));
        assert!(InputClasses::parse("raw-urls,bogus").is_err());
    }

    #[test]
    fn crawler_urls_are_the_url_crates_serialisation() {
        assert_eq!(
            crawler_url("http://Example.COM/caf\u{e9} x?q=\u{e9}#top").as_deref(),
            Some("http://example.com/caf%C3%A9%20x?q=%C3%A9")
        );
        assert_eq!(crawler_url("http://e.com/a%zz"), None);
        // A `[` or `]` outside the host is no RFC 3986 URI (the `url` crate keeps it).
        assert_eq!(crawler_url("http://e.com/]"), None);
        assert_eq!(crawler_url("http://e.com/?a[]=1"), None);
        assert!(realistic_url("http://[::1]/a"));
        assert!(realistic_url("http://e.com/%c3%a9"));
        assert!(!realistic_url("http://e.com/\u{e9}"));
        assert!(!realistic_url("http://e.com"));
    }

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
