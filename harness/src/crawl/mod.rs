//! Whole crawlers under test (`kind = "crawler"` in an adapter's manifest).
//!
//! A crawler has no call to put a question to: it is run. For each question (a robots.txt
//! body, a crawler name, URLs) the harness serves the body as `/robots.txt` on a loopback
//! host of its own (127.0.0.1, a fresh port) with a start page linking every URL asked about
//! (same host), runs the crawler's command from the manifest once, bounded in time (the
//! manifest's `seconds`) and requests (the server answers at most [`request_bound`] and
//! fails the crawl past it), and reads the server's record: a URL requested is `allow`, a URL
//! not requested is `disallow`. The harness is the protocol speaker: `reptest adapter crawler
//! DIR` serves protocol v1 for a crawler manifest, so every command that drives adapters
//! drives crawlers too; `reptest run` runs a crawler's questions in process, several crawls at
//! once ([`runner`]), and plays the fetch cases to it.
//!
//! The command (`run`) takes these placeholders besides the manifest's usual ones:
//! `{start}` (the start page's URL), `{urls}` (one argument per URL asked, for a crawler that
//! takes its start URLs and checks them against robots.txt), `{urls-file}` (a file listing
//! them, one a line), `{agent}` (the crawler name to use), `{out}` (a fresh empty directory,
//! also the working directory), `{seconds}` (the crawl's time bound) and `{origin}`
//! (`http://127.0.0.1:PORT`).
//!
//! A crawler whose robots.txt matching answers for one product token only, whatever name it
//! is told (Wget matches `wget` alone), says so with `token`. A question about another name is
//! then asked under the crawler's token: the name is replaced by the token in the body's
//! `user-agent` lines (each occurrence keeping its letter case: all lower, all upper, or as the
//! token is written), and the question is put only when the reference gives the renamed
//! question the same verdicts as the original under every profile under which the token can
//! name a group (`wget2` cannot under RFC 9309, whose product tokens have no digits: there the
//! crawler is judged as if its name were one). Otherwise the URLs are answered
//! `unsupported`: renaming would change what is asked.
//!
//! What is requested is matched to what was asked by the request target with every escape
//! decoded and dot segments removed (a crawler may normalise a link before requesting it), so
//! two URLs asked that match alike go to separate crawls. A URL that is the robots.txt or the
//! start page itself cannot be observed and is `unsupported`. A crawl that runs out of time, is
//! stopped at the request bound, makes no request at all, or (with `{start}`) never fetches its
//! start page answers no URL: its error says which, with the end of the crawler's output.

pub mod runner;

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use reptest_reference::Profile;

use crate::engines::adapters::{Adapter, Kind};
use crate::engines::protocol::WireVerdict;

/// The start page's path on the crawl host.
pub const START: &str = "/reptest-crawl-start.html";

/// Why a question about another name is not put to a crawler that answers for its token
/// only.
pub const RENAME_CHANGES: &str = "the crawler answers for its own product token only, and \
     naming it in the case's crawler's place changes the reference's verdicts";

/// Why a URL that is the robots.txt itself, or the start page, is not asked.
pub const NOT_OBSERVABLE: &str = "the URL is the robots.txt or the start page itself, which a \
     crawl requests whatever the rules say";

/// Why the URLs of a crawl are not answered when the crawler read robots.txt and then left its
/// start page alone: it checks its start URL too, and the links on a page it does not fetch
/// say nothing about what it allows.
pub const START_REFUSED: &str = "the crawler read robots.txt and did not fetch its start page \
(it checks its start URL): the URLs linked from that page cannot be asked";

/// Why a URL with `&` is not answered by a crawler that requested the start page's `&amp;`
/// as written.
pub const ENTITY_UNDECODED: &str = "the crawler requested the start page's `&amp;` as written \
     (it does not decode HTML character references in links), so it was asked another URL";

/// Why a URL without an http(s) authority is not asked.
pub const NOT_HTTP: &str = "the URL is not an http(s) URL a crawler could request";

pub use crate::engines::adapters::CrawlerSpec;

/// One URL's answer from a crawl.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UrlAnswer {
    /// Requested, or not.
    Verdict(WireVerdict),
    /// Not asked; why.
    Unsupported(&'static str),
}

/// Why a crawl answered no URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CrawlError {
    /// It did not finish within its bound.
    Timeout(String),
    /// It failed otherwise (no request, no start page, the request bound, a server that did
    /// not start).
    Failed(String),
}

impl std::fmt::Display for CrawlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CrawlError::Timeout(m) => write!(f, "timeout: {m}"),
            CrawlError::Failed(m) => write!(f, "crawl failed: {m}"),
        }
    }
}

/// A crawler ready to be run: its adapter and its `[crawler]` table.
#[derive(Clone, Debug)]
pub struct Crawler {
    /// The adapter.
    pub adapter: Adapter,
    /// Its bounds and agent handling.
    pub spec: CrawlerSpec,
}

/// How many requests one crawl of `urls` URLs may make: each URL, robots.txt and the start
/// page a few times over (retries, a `HEAD` before a `GET`), and some slack.
pub fn request_bound(urls: usize) -> usize {
    4 * urls + 32
}

impl Crawler {
    /// The crawler of `adapter` (which must be of kind `crawler`).
    pub fn new(adapter: &Adapter) -> Result<Crawler> {
        if adapter.manifest.kind != Kind::Crawler {
            bail!("`{}` is not a crawler adapter", adapter.manifest.name);
        }
        Ok(Crawler {
            adapter: adapter.clone(),
            spec: adapter.manifest.crawler.clone().unwrap_or_default(),
        })
    }

    /// Why the crawler cannot run, if its program is missing.
    pub fn missing(&self) -> Option<String> {
        let program = self.adapter.expand(self.adapter.manifest.run.first()?);
        (!crate::engines::adapters::on_path(&program)).then(|| {
            format!(
                "`{program}` not found (run `reptest setup {}`)",
                self.adapter.manifest.name
            )
        })
    }

    /// Whether the command is given a start page (rather than the URLs themselves).
    fn uses_start(&self) -> bool {
        self.adapter
            .manifest
            .run
            .iter()
            .any(|a| a.contains("{start}"))
    }

    /// The body and crawler name to crawl with, or `None` when the crawler answers for its
    /// token only and renaming the question changes it.
    pub fn question(&self, body: &[u8], agent: &str, urls: &[String]) -> Option<(Vec<u8>, String)> {
        let Some(token) = &self.spec.token else {
            return Some((body.to_vec(), agent.to_owned()));
        };
        let own = agent.split('/').next().unwrap_or(agent);
        if own.eq_ignore_ascii_case(token) {
            return Some((body.to_vec(), token.clone()));
        }
        if own.is_empty() || !own.is_ascii() {
            return None;
        }
        let renamed = rename(body, own, token);
        let same = Profile::ALL.iter().all(|&profile| {
            let mut check = crate::engines::protocol::reference_check(profile);
            // A profile under which the token cannot name a group at all (`wget2`'s digit is
            // outside RFC 9309's product-token characters) is left out: there the crawler is
            // judged as if its name were a product token.
            let probe = ["http://example.com/x".to_owned()];
            let names_group = check(
                format!("user-agent: {token}\ndisallow: /\n").as_bytes(),
                token,
                &probe,
            )
            .is_ok_and(|v| v == [WireVerdict::Disallow]);
            if !names_group {
                return true;
            }
            match (check(body, agent, urls), check(&renamed, token, urls)) {
                (Ok(a), Ok(b)) => a == b,
                _ => false,
            }
        });
        same.then(|| (renamed, token.clone()))
    }

    /// Asks the crawler about `urls` for `agent` under `body`: one crawl per batch of URLs
    /// that the record can tell apart.
    pub fn ask(
        &self,
        body: &[u8],
        agent: &str,
        urls: &[String],
    ) -> Result<Vec<UrlAnswer>, CrawlError> {
        let Some((body, agent)) = self.question(body, agent, urls) else {
            return Ok(vec![UrlAnswer::Unsupported(RENAME_CHANGES); urls.len()]);
        };
        let mut answers: Vec<Option<UrlAnswer>> = vec![None; urls.len()];
        let mut targets: Vec<Option<String>> = Vec::with_capacity(urls.len());
        for (i, url) in urls.iter().enumerate() {
            let target = request_target(url);
            match &target {
                None => answers[i] = Some(UrlAnswer::Unsupported(NOT_HTTP)),
                Some(t) if key(t) == key("/robots.txt") || key(t) == key(START) => {
                    answers[i] = Some(UrlAnswer::Unsupported(NOT_OBSERVABLE));
                }
                Some(_) => {}
            }
            targets.push(target.filter(|_| answers[i].is_none()));
        }
        for batch in batches(&targets) {
            let asked: Vec<String> = batch
                .iter()
                .filter_map(|&i| targets[i].clone())
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            let Some(requested) = self.crawl(&body, &agent, &asked)? else {
                for &i in &batch {
                    if targets[i].is_some() {
                        answers[i] = Some(UrlAnswer::Unsupported(START_REFUSED));
                    }
                }
                continue;
            };
            let seen: BTreeSet<Vec<u8>> = requested.iter().map(|t| key(t)).collect();
            // The start page writes `&` as `&amp;` (HTML's own escape). A crawler that
            // requests the escape as written was asked another URL than the one in the
            // question: its `&` URLs in this crawl are not answered, requested or not.
            let undecoded = batch.iter().any(|&i| {
                targets[i].as_deref().is_some_and(|t| {
                    t.contains('&') && seen.contains(&key(&t.replace('&', "&amp;")))
                })
            });
            for &i in &batch {
                if let Some(t) = &targets[i] {
                    if undecoded && t.contains('&') {
                        answers[i] = Some(UrlAnswer::Unsupported(ENTITY_UNDECODED));
                        continue;
                    }
                    let verdict = if seen.contains(&key(t)) {
                        WireVerdict::Allow
                    } else {
                        WireVerdict::Disallow
                    };
                    answers[i] = Some(UrlAnswer::Verdict(verdict));
                }
            }
        }
        Ok(answers
            .into_iter()
            .map(|a| a.unwrap_or(UrlAnswer::Unsupported(NOT_HTTP)))
            .collect())
    }

    /// One crawl of `targets` (request targets on the crawl host) for `agent` under `body`:
    /// the request targets the crawler asked for, robots.txt and the start page included;
    /// `None` when it read robots.txt and nothing else ([`START_REFUSED`]).
    fn crawl(
        &self,
        body: &[u8],
        agent: &str,
        targets: &[String],
    ) -> Result<Option<Vec<String>>, CrawlError> {
        let site = Site::start(body, targets)
            .map_err(|e| CrawlError::Failed(format!("the loopback server did not start: {e:#}")))?;
        let urls: Vec<String> = targets
            .iter()
            .map(|t| format!("{}{t}", site.origin))
            .collect();
        let start = format!("{}{START}", site.origin);
        let run = self.run(&site.origin, &start, &urls, agent);
        let log = site.stop();
        let output = run?;
        let bound = request_bound(targets.len());
        if log.len() > bound {
            return Err(CrawlError::Failed(format!(
                "more than {bound} requests; stopped there{}",
                output.tail()
            )));
        }
        if log.is_empty() {
            return Err(CrawlError::Failed(format!(
                "the crawler made no request ({}){}",
                output.status,
                output.tail()
            )));
        }
        if self.uses_start() && log.iter().all(|t| t == "/robots.txt") {
            return Ok(None);
        }
        if self.uses_start() && !log.iter().any(|t| t == START) {
            return Err(CrawlError::Failed(format!(
                "the crawler did not fetch its start page ({}); requests: {}{}",
                output.status,
                log.join(", "),
                output.tail()
            )));
        }
        Ok(Some(log))
    }

    /// Runs the crawler's command once and waits for it, within its time bound.
    pub(crate) fn run(
        &self,
        origin: &str,
        start: &str,
        urls: &[String],
        agent: &str,
    ) -> Result<RunOutput, CrawlError> {
        let out = scratch_dir().map_err(|e| CrawlError::Failed(format!("{e:#}")))?;
        let result = self.run_in(&out, origin, start, urls, agent);
        let _ = fs::remove_dir_all(&out);
        result
    }

    fn run_in(
        &self,
        out: &Path,
        origin: &str,
        start: &str,
        urls: &[String],
        agent: &str,
    ) -> Result<RunOutput, CrawlError> {
        let failed = |what: &str, e: std::io::Error| CrawlError::Failed(format!("{what}: {e}"));
        let urls_file = out.join("urls.txt");
        fs::write(
            &urls_file,
            urls.iter().map(|u| format!("{u}\n")).collect::<String>(),
        )
        .map_err(|e| failed("writing the URL list", e))?;
        let work = out.join("work");
        fs::create_dir_all(&work).map_err(|e| failed("creating the crawl directory", e))?;
        let mut argv = Vec::new();
        for arg in &self.adapter.manifest.run {
            if arg == "{urls}" {
                argv.extend(urls.iter().cloned());
                continue;
            }
            let arg = self
                .adapter
                .expand(arg)
                .replace("{start}", start)
                .replace("{urls-file}", &urls_file.display().to_string())
                .replace("{out}", &work.display().to_string())
                .replace("{seconds}", &self.spec.seconds.to_string())
                .replace("{origin}", origin)
                .replace("{agent}", agent);
            argv.push(arg);
        }
        if argv.is_empty() {
            return Err(CrawlError::Failed("`run` is empty".into()));
        }
        let log_path = out.join("crawler.log");
        let log = fs::File::create(&log_path).map_err(|e| failed("creating the crawl log", e))?;
        let log_err = log
            .try_clone()
            .map_err(|e| failed("creating the crawl log", e))?;
        // coreutils' `timeout` bounds the crawl: it runs the crawler in a process group of its
        // own and, at the bound, signals that whole group (TERM, then KILL two seconds later),
        // so a helper process the crawler started goes with it. Its status is 124 then.
        let seconds = self.spec.seconds;
        let mut command = Command::new("timeout");
        command
            .arg("--kill-after=2")
            .arg(format!("{seconds}s"))
            .args(&argv)
            .current_dir(&work)
            .stdin(Stdio::null())
            .stdout(log)
            .stderr(log_err);
        // Its own group from the start, so that its signal to "its group" can reach no one
        // else.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let started = Instant::now();
        let mut child = command
            .spawn()
            .map_err(|e| failed(&format!("cannot start `timeout {}`", argv[0]), e))?;
        // `timeout` itself is waited for a little longer than its bound, and killed (it
        // alone) should it not end by then.
        let limit = Duration::from_secs(seconds + 5);
        let waited = loop {
            match child.try_wait() {
                Ok(Some(status)) if status.code() == Some(124) || status.code() == Some(137) => {
                    break Err(status.to_string());
                }
                Ok(Some(status)) => break Ok(status.to_string()),
                Ok(None) if started.elapsed() >= limit => {
                    let _ = child.kill();
                    let _ = child.wait();
                    break Err("killed".to_owned());
                }
                Ok(None) => thread::sleep(Duration::from_millis(10)),
                Err(e) => break Ok(format!("not known ({e})")),
            }
        };
        let output = RunOutput {
            status: waited.clone().unwrap_or_else(|e| e),
            log: fs::read(&log_path).unwrap_or_default(),
        };
        if waited.is_err() {
            return Err(CrawlError::Timeout(format!(
                "the crawl did not end within {seconds}s{}",
                output.tail()
            )));
        }
        Ok(output)
    }
}

/// What a crawler's run left: its exit status and its output (stdout and stderr).
#[derive(Clone, Debug)]
pub(crate) struct RunOutput {
    pub status: String,
    pub log: Vec<u8>,
}

impl RunOutput {
    /// The last lines of the crawler's output, as a suffix for an error.
    pub fn tail(&self) -> String {
        let text = String::from_utf8_lossy(&self.log);
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        if lines.is_empty() {
            return String::new();
        }
        let tail = lines[lines.len().saturating_sub(6)..].join(" | ");
        format!("; its output ends: {}", crate::text::clip(&tail, 600).0)
    }
}

/// A fresh empty directory for one crawl.
fn scratch_dir() -> Result<PathBuf> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "reptest-crawl-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir)
        .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    Ok(dir)
}

/// The request target (path and query, without the fragment) of an absolute http(s) URL, as
/// written; `/` when the URL has no path.
pub fn request_target(url: &str) -> Option<String> {
    let lower = url.get(..8).unwrap_or(url).to_ascii_lowercase();
    let rest = if lower.starts_with("http://") {
        &url[7..]
    } else if lower.starts_with("https://") {
        &url[8..]
    } else if url.starts_with('/') {
        return Some(url.split('#').next().unwrap_or_default().to_owned());
    } else {
        return None;
    };
    let at = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let target = rest[at..].split('#').next().unwrap_or_default();
    Some(if target.starts_with('?') || target.is_empty() {
        format!("/{target}")
    } else {
        target.to_owned()
    })
}

/// A request target as the record compares it: every `%XX` escape decoded, dot segments of
/// the path removed.
pub fn key(target: &str) -> Vec<u8> {
    let decoded = decode_all(target.as_bytes());
    let split = decoded
        .iter()
        .position(|b| *b == b'?')
        .unwrap_or(decoded.len());
    let (path, query) = decoded.split_at(split);
    let mut out = remove_dot_segments(path);
    out.extend_from_slice(query);
    out
}

fn decode_all(text: &[u8]) -> Vec<u8> {
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if text[i] == b'%'
            && let (Some(h), Some(l)) = (
                text.get(i + 1).copied().and_then(hex),
                text.get(i + 2).copied().and_then(hex),
            )
        {
            out.push(h * 16 + l);
            i += 3;
            continue;
        }
        out.push(text[i]);
        i += 1;
    }
    out
}

/// RFC 3986 §5.2.4, on a path's bytes.
fn remove_dot_segments(path: &[u8]) -> Vec<u8> {
    let mut segments: Vec<&[u8]> = Vec::new();
    let parts: Vec<&[u8]> = path.split(|b| *b == b'/').collect();
    let last = parts.len().saturating_sub(1);
    for (i, part) in parts.iter().enumerate() {
        match *part {
            b"." => {
                if i == last {
                    segments.push(b"");
                }
            }
            b".." => {
                if segments.len() > 1 {
                    segments.pop();
                }
                if i == last {
                    segments.push(b"");
                }
            }
            other => segments.push(other),
        }
    }
    segments.join(&b'/')
}

/// Groups URL indices into crawls: URLs whose targets differ but match alike ([`key`]) go to
/// different crawls; indices without a target are left out.
fn batches(targets: &[Option<String>]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (i, target) in targets.iter().enumerate() {
        let Some(t) = target else { continue };
        let k = key(t);
        let fits = |batch: &Vec<usize>| {
            batch.iter().all(|&j| {
                let other = targets[j].as_deref().unwrap_or_default();
                other == t || key(other) != k
            })
        };
        match out.iter_mut().find(|b| fits(b)) {
            Some(batch) => batch.push(i),
            None => out.push(vec![i]),
        }
    }
    out
}

/// `body` with `name` replaced by `token` in its `user-agent` lines (any line whose field
/// starts with `user`), each occurrence keeping its letter case: all lower-case, all
/// upper-case, or `token` as written.
pub fn rename(body: &[u8], name: &str, token: &str) -> Vec<u8> {
    let name = name.as_bytes();
    let mut out = Vec::with_capacity(body.len());
    for line in body.split_inclusive(|b| *b == b'\n') {
        let field = line.trim_ascii_start();
        let is_agent_line = field.len() >= 4 && field[..4].eq_ignore_ascii_case(b"user");
        if !is_agent_line || name.is_empty() {
            out.extend_from_slice(line);
            continue;
        }
        let mut i = 0;
        while i < line.len() {
            let here = &line[i..];
            if here.len() >= name.len() && here[..name.len()].eq_ignore_ascii_case(name) {
                let found = &here[..name.len()];
                let replacement = if found.iter().all(|b| !b.is_ascii_uppercase()) {
                    token.to_ascii_lowercase()
                } else if found.iter().all(|b| !b.is_ascii_lowercase()) {
                    token.to_ascii_uppercase()
                } else {
                    token.to_owned()
                };
                out.extend_from_slice(replacement.as_bytes());
                i += name.len();
            } else {
                out.push(line[i]);
                i += 1;
            }
        }
    }
    out
}

/// The start page: one link per target, absolute on `origin`.
fn start_page(origin: &str, targets: &[String]) -> Vec<u8> {
    let mut page = String::from(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>start</title></head><body>\n",
    );
    for (i, target) in targets.iter().enumerate() {
        let _ = writeln!(
            page,
            "<a href=\"{}\">link {i}</a><br>",
            attribute(&format!("{origin}{target}"))
        );
    }
    page.push_str("</body></html>\n");
    page.into_bytes()
}

/// A start page for `targets` with relative links (for a server whose origin is not known
/// when the page is written); a target starting with `//` is written `/.//…`, which names the
/// same path once dot segments are removed.
pub fn relative_start_page(targets: &[String]) -> Vec<u8> {
    let relative: Vec<String> = targets
        .iter()
        .map(|t| {
            if t.starts_with("//") {
                format!("/.{t}")
            } else {
                t.clone()
            }
        })
        .collect();
    start_page("", &relative)
}

fn attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The crawl host: `/robots.txt` is the body, [`START`] the start page, every other target a
/// page without links. Every request target is recorded; past [`request_bound`] requests are
/// dropped unanswered.
struct Site {
    origin: String,
    log: Arc<Mutex<Vec<String>>>,
    stop: Arc<AtomicBool>,
    http: Arc<tiny_http::Server>,
    thread: Option<thread::JoinHandle<()>>,
}

impl Site {
    fn start(body: &[u8], targets: &[String]) -> Result<Site> {
        let http = tiny_http::Server::http(("127.0.0.1", 0))
            .map_err(|e| anyhow::anyhow!("binding 127.0.0.1: {e}"))?;
        let addr = http
            .server_addr()
            .to_ip()
            .ok_or_else(|| anyhow::anyhow!("the crawl host has no IP address"))?;
        let origin = format!("http://{addr}");
        let http = Arc::new(http);
        let log = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let page = start_page(&origin, targets);
        let bound = request_bound(targets.len());
        let (robots, server, record, halt) =
            (body.to_vec(), http.clone(), log.clone(), stop.clone());
        let thread = thread::spawn(move || {
            serve_site(&server, &robots, &page, bound, &record, &halt);
        });
        Ok(Site {
            origin,
            log,
            stop,
            http,
            thread: Some(thread),
        })
    }

    /// Stops the server; the record.
    fn stop(mut self) -> Vec<String> {
        self.halt();
        self.log.lock().map(|l| l.clone()).unwrap_or_default()
    }

    fn halt(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        self.http.unblock();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        self.halt();
    }
}

fn serve_site(
    http: &tiny_http::Server,
    robots: &[u8],
    page: &[u8],
    bound: usize,
    log: &Mutex<Vec<String>>,
    stop: &AtomicBool,
) {
    let header = |name: &str, value: &str| {
        tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()).ok()
    };
    while !stop.load(Ordering::SeqCst) {
        let request = match http.recv_timeout(Duration::from_millis(20)) {
            Ok(Some(r)) => r,
            Ok(None) => continue,
            Err(_) => break,
        };
        let target = request.url().to_owned();
        let count = match log.lock() {
            Ok(mut l) => {
                l.push(target.clone());
                l.len()
            }
            Err(_) => usize::MAX,
        };
        if count > bound {
            drop(request);
            continue;
        }
        let (body, kind) = if target == "/robots.txt" {
            (robots.to_vec(), "text/plain")
        } else if target == START {
            (page.to_vec(), "text/html; charset=utf-8")
        } else {
            (
                b"<!DOCTYPE html>\n<html><body>page</body></html>\n".to_vec(),
                "text/html; charset=utf-8",
            )
        };
        let mut response = tiny_http::Response::from_data(body);
        if let Some(h) = header("Content-Type", kind) {
            response.add_header(h);
        }
        let _ = request.respond(response);
    }
}

/// Serves protocol v1 for the crawler adapter in `dir` (`reptest adapter crawler DIR`): each
/// request is one question, crawled as [`Crawler::ask`] does; an `unsupported` URL is answered
/// `unsupported`, a failed crawl is the request's error.
pub fn serve(
    dir: &Path,
    install_root: &Path,
    input: impl std::io::BufRead,
    output: impl std::io::Write,
) -> Result<()> {
    let dir = dir
        .canonicalize()
        .map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
    let adapter = crate::engines::adapters::load_one(&dir, install_root)?;
    let crawler = Crawler::new(&adapter)?;
    if let Some(why) = crawler.missing() {
        bail!("{}: {why}", adapter.manifest.name);
    }
    let m = &adapter.manifest;
    let mut extra = serde_json::Map::new();
    extra.insert("kind".into(), serde_json::Value::from("crawler"));
    let hello = crate::engines::protocol::Hello {
        protocol: crate::engines::protocol::VERSION,
        name: m.name.clone(),
        implementation: m.implementation.clone(),
        version: m.version.clone(),
        language: m.language.clone(),
        extra,
    };
    let mut check = |body: &[u8], agent: &str, urls: &[String]| {
        crawler
            .ask(body, agent, urls)
            .map(|answers| {
                answers
                    .into_iter()
                    .map(|a| match a {
                        UrlAnswer::Verdict(v) => v,
                        UrlAnswer::Unsupported(_) => WireVerdict::Unsupported,
                    })
                    .collect()
            })
            .map_err(|e| e.to_string())
    };
    crate::engines::protocol::serve(&hello, &mut check, input, output)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_targets_keep_what_was_written() {
        assert_eq!(
            request_target("http://example.com/a%2fb?x#f").as_deref(),
            Some("/a%2fb?x")
        );
        assert_eq!(request_target("HTTPS://example.com").as_deref(), Some("/"));
        assert_eq!(
            request_target("http://example.com?q").as_deref(),
            Some("/?q")
        );
        assert_eq!(request_target("/p").as_deref(), Some("/p"));
        assert_eq!(request_target("ftp://example.com/p"), None);
    }

    #[test]
    fn keys_match_a_normalised_request() {
        assert_eq!(key("/a/./b/../c%7E"), key("/a/c~"));
        assert_ne!(key("/a/b"), key("/a/c"));
        assert_eq!(key("/%C3%A9"), "/é".as_bytes());
        // Targets that match alike go to separate crawls; equal ones share one.
        let targets = [
            Some("/a%2Fb".to_owned()),
            Some("/a/b".to_owned()),
            Some("/a%2Fb".to_owned()),
            None,
            Some("/c".to_owned()),
        ];
        assert_eq!(batches(&targets), vec![vec![0, 2, 4], vec![1]]);
    }

    #[test]
    fn renaming_keeps_letter_case_and_touches_agent_lines_only() {
        let body =
            b"User-agent: FooBot\nuser-agent: foobot\nUSER-AGENT: FOOBOT\nDisallow: /foobot\n";
        let renamed = rename(body, "FooBot", "Wget");
        assert_eq!(
            String::from_utf8(renamed).expect("UTF-8"),
            "User-agent: Wget\nuser-agent: wget\nUSER-AGENT: WGET\nDisallow: /foobot\n"
        );
    }

    #[test]
    fn a_renamed_question_is_put_only_when_the_reference_agrees() {
        let adapter = Adapter {
            manifest: toml::from_str(
                "name = \"w\"\nimplementation = \"w\"\nlanguage = \"c\"\nversion = \"1\"\n\
                 source = \"s\"\nkind = \"crawler\"\nrun = [\"w\", \"{start}\"]\n\
                 [crawler]\ntoken = \"acmebot\"\n",
            )
            .expect("manifest"),
            dir: PathBuf::from("."),
            env: PathBuf::from("."),
            reptest: PathBuf::from("."),
        };
        let crawler = Crawler::new(&adapter).expect("a crawler");
        let urls = vec!["http://example.com/a".to_owned()];
        // A group for the name: renamed, the same question.
        let (body, agent) = crawler
            .question(b"user-agent: FooBot\ndisallow: /a\n", "FooBot", &urls)
            .expect("asked under the token");
        assert_eq!(
            (body.as_slice(), agent.as_str()),
            (&b"user-agent: acmebot\ndisallow: /a\n"[..], "acmebot")
        );
        // The token's own group is there already: renamed, the groups merge.
        assert_eq!(
            crawler.question(
                b"user-agent: acmebot\ndisallow: /a\n\nuser-agent: FooBot\ndisallow: /b\n",
                "FooBot",
                &urls
            ),
            None
        );
    }
}
