//! `reptest compare ROBOTS_FILE --ai-crawlers` (or `--agents FILE`): the site owner's question,
//! "does my robots.txt keep these crawlers out, in every parser?".
//!
//! Every listed crawler token is asked of every installed parser (whole crawlers are left out:
//! one crawl per token would take minutes each) and of the reference under `rfc9309` and
//! `google`, for the site's root and the URLs given. What the file means for a crawler is the
//! reference's verdict where both profiles agree; an implementation that allows what the file
//! disallows *lets the crawler in*, one that disallows what it allows *keeps it out*. Where the
//! profiles part, nobody is said to be wrong: the row is shown with both readings.
//!
//! The shipped list (`harness/data/ai-crawlers.txt`) names its source and the day it was
//! taken; `--agents FILE` takes any list in the same format.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use rayon::prelude::*;
use reptest_reference::Profile;
use serde::Serialize;

use crate::answer::Answer;
use crate::engines::adapters::{Adapter, Kind};
use crate::engines::registry::{self, Dirs};
use crate::engines::{EngineError, EngineInfo};

/// The shipped list of AI crawlers' tokens.
const AI_CRAWLERS: &str = include_str!("../data/ai-crawlers.txt");

/// A list of crawler tokens and where it comes from.
#[derive(Clone, Debug, Serialize)]
pub struct AgentList {
    /// The tokens, in the list's order, duplicates dropped.
    pub agents: Vec<String>,
    /// Where the list comes from: its `# source:` line, or the file's name.
    pub source: String,
}

impl AgentList {
    /// The shipped list of AI crawlers.
    pub fn ai_crawlers() -> AgentList {
        AgentList::parse(AI_CRAWLERS, "harness/data/ai-crawlers.txt")
    }

    /// A list from a file: one token per line, `#` starting a comment line, a `# source:`
    /// line saying where the list comes from.
    pub fn load(path: &Path) -> Result<AgentList> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the agent list {}", path.display()))?;
        let list = AgentList::parse(&text, &path.display().to_string());
        if list.agents.is_empty() {
            bail!("the agent list {} names no crawler", path.display());
        }
        Ok(list)
    }

    fn parse(text: &str, name: &str) -> AgentList {
        let mut agents: Vec<String> = Vec::new();
        let mut source = name.to_owned();
        for line in text.lines().map(str::trim) {
            if let Some(comment) = line.strip_prefix('#') {
                if let Some(given) = comment.trim().strip_prefix("source:") {
                    source = given.trim().to_owned();
                }
            } else if !line.is_empty() && !agents.iter().any(|a| a == line) {
                agents.push(line.to_owned());
            }
        }
        AgentList { agents, source }
    }
}

/// What to ask.
#[derive(Clone, Debug)]
pub struct Options {
    /// The robots.txt file.
    pub robots: PathBuf,
    /// Absolute URLs (a path starting with `/` is put on `http://example.com`); the site's
    /// root (on the first absolute URL's origin) is always asked.
    pub urls: Vec<String>,
    /// The crawlers.
    pub list: AgentList,
    /// Adapters to ask (every parser set up, and every Rust crate linked in, when empty).
    pub adapters: Vec<String>,
    /// How long an adapter may take to answer.
    pub timeout: std::time::Duration,
    /// Implementations asked at once.
    pub jobs: usize,
    /// Where the adapters are.
    pub dirs: Dirs,
}

/// Everything `reptest compare --ai-crawlers --json` prints.
#[derive(Clone, Debug, Serialize)]
pub struct Matrix {
    /// Who answered.
    pub implementations: Vec<EngineInfo>,
    /// The crawler list asked.
    pub list: AgentList,
    /// The robots.txt file's name and size.
    pub robots: String,
    /// One row per crawler and URL, in the list's order.
    pub rows: Vec<Row>,
    /// Implementations that could not be started, with why.
    pub unavailable: Vec<String>,
    /// The URLs asked.
    pub urls: Vec<String>,
}

/// One crawler on one URL.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// The crawler's token as listed.
    pub agent: String,
    /// Implementations that could not answer, with why.
    pub errors: BTreeMap<String, String>,
    /// Implementations that disallow what the file allows the crawler.
    pub keeps_out: Vec<String>,
    /// Implementations that allow what the file disallows the crawler.
    pub lets_in: Vec<String>,
    /// What the file means for the crawler: the reference's verdict where `rfc9309` and
    /// `google` agree, `None` where they part.
    pub meant: Option<Answer>,
    /// The reference under `rfc9309` and `google`: verdict and deciding line.
    pub reference: Vec<Reading>,
    /// Implementations answering `unsupported`.
    pub unsupported: Vec<String>,
    /// The URL.
    pub url: String,
}

/// The reference's reading under one profile.
#[derive(Clone, Debug, Serialize)]
pub struct Reading {
    /// The deciding line (`12: disallow: /`), or why none decides (`no group for it`).
    pub deciding: String,
    /// The profile.
    #[serde(with = "crate::answer::profile_name")]
    pub profile: Profile,
    /// `allow` or `disallow`.
    pub verdict: Answer,
}

/// The profiles a site owner's question is judged under: the standard and Google's parser.
const PROFILES: [Profile; 2] = [Profile::Rfc9309, Profile::Google];

/// Asks every chosen parser and the reference about every crawler of the list.
pub fn ask(options: &Options, log: &mut (dyn std::io::Write + Send)) -> Result<Matrix> {
    let body = std::fs::read(&options.robots)
        .with_context(|| format!("cannot read {}", options.robots.display()))?;
    // The site's root: on the first absolute URL's origin, else on the host paths are put on.
    let origin = options
        .urls
        .iter()
        .find_map(|u| {
            let rest = u.split_once("://")?.1;
            let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
            Some(u[..u.len() - rest.len() + end].to_owned())
        })
        .unwrap_or_else(|| crate::suite::cases::PATH_HOST.to_owned());
    let mut urls = vec![format!("{origin}/")];
    for given in &options.urls {
        let mut url = if given.starts_with('/') {
            format!("{}{given}", crate::suite::cases::PATH_HOST)
        } else {
            given.clone()
        };
        // `https://host` is the root: asked once, as `https://host/`.
        if url
            .split_once("://")
            .is_some_and(|(_, rest)| !rest.contains('/'))
        {
            url.push('/');
        }
        reptest_reference::scope::match_path(&url)
            .map_err(|e| anyhow::anyhow!("{e}"))
            .with_context(|| {
                format!("`{given}` is not an absolute URL or a path starting with `/`")
            })?;
        if !urls.contains(&url) {
            urls.push(url);
        }
    }
    let chosen: Vec<Adapter> =
        registry::choose(&options.dirs, &options.adapters, false, true, log)?
            .into_iter()
            .filter(|a| a.manifest.kind == Kind::Parser)
            .collect();
    writeln!(
        log,
        "asking {} implementations about {} crawlers on {} URLs",
        chosen.len(),
        options.list.agents.len(),
        urls.len()
    )?;
    let answers = ask_all(&chosen, &body, &options.list.agents, &urls, options, log);
    let mut implementations = Vec::new();
    let mut unavailable = Vec::new();
    let mut by_engine = Vec::new();
    for (info, result) in answers {
        match result {
            Ok(replies) => {
                by_engine.push((info.name.clone(), replies));
                implementations.push(info);
            }
            Err(why) => unavailable.push(format!("{}: {why}", info.name)),
        }
    }
    let mut rows = Vec::new();
    for (a, agent) in options.list.agents.iter().enumerate() {
        let readings = readings(&body, agent, &urls);
        for (u, url) in urls.iter().enumerate() {
            let reference = readings[u].clone();
            let meant = match reference.as_slice() {
                [first, rest @ ..] if rest.iter().all(|r| r.verdict == first.verdict) => {
                    Some(first.verdict)
                }
                _ => None,
            };
            let mut row = Row {
                agent: agent.clone(),
                errors: BTreeMap::new(),
                keeps_out: Vec::new(),
                lets_in: Vec::new(),
                meant,
                reference,
                unsupported: Vec::new(),
                url: url.clone(),
            };
            for (name, replies) in &by_engine {
                let (answer, detail) = &replies[a][u];
                match (answer, meant) {
                    (Answer::Allow, Some(Answer::Disallow)) => row.lets_in.push(name.clone()),
                    (Answer::Disallow, Some(Answer::Allow)) => row.keeps_out.push(name.clone()),
                    (Answer::Allow | Answer::Disallow, _) => {}
                    (Answer::Unsupported, _) => row.unsupported.push(name.clone()),
                    (other, _) => {
                        let why = detail.clone().unwrap_or_else(|| other.to_string());
                        row.errors.insert(name.clone(), why);
                    }
                }
            }
            rows.push(row);
        }
    }
    Ok(Matrix {
        implementations,
        list: options.list.clone(),
        robots: format!(
            "{} ({} bytes)",
            options
                .robots
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            body.len()
        ),
        rows,
        unavailable,
        urls,
    })
}

/// One answer, with the error when there is one.
type Reply = (Answer, Option<String>);

/// Per crawler, per URL.
type Replies = Result<Vec<Vec<Reply>>, String>;

/// Every chosen implementation's answers, each started once and asked about every crawler.
fn ask_all(
    chosen: &[Adapter],
    body: &[u8],
    agents: &[String],
    urls: &[String],
    options: &Options,
    log: &mut (dyn std::io::Write + Send),
) -> Vec<(EngineInfo, Replies)> {
    let done = std::sync::atomic::AtomicUsize::new(0);
    let progress = std::sync::Mutex::new(log);
    let ask = |adapter: &Adapter| {
        let name = &adapter.manifest.name;
        let mut engine = match crate::compare::start(adapter, options.timeout) {
            Ok(engine) => engine,
            Err(unavailable) => return unavailable,
        };
        let replies = agents
            .iter()
            .map(|agent| match engine.check(body, agent, urls) {
                Ok(verdicts) if verdicts.len() == urls.len() => {
                    verdicts.into_iter().map(|v| (v.into(), None)).collect()
                }
                Ok(verdicts) => {
                    let why = format!("{} verdicts for {} URLs", verdicts.len(), urls.len());
                    vec![(Answer::Error, Some(why)); urls.len()]
                }
                Err(EngineError::Timeout { .. }) => {
                    vec![(Answer::Timeout, Some("no answer in time".into())); urls.len()]
                }
                Err(e) => vec![(Answer::Error, Some(e.to_string())); urls.len()],
            })
            .collect();
        let mut info = engine.info().clone();
        info.name.clone_from(name);
        let n = done.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
        if let Ok(mut log) = progress.lock() {
            let _ = writeln!(log, "  {n} of {}: {name}", chosen.len());
        }
        (info, Ok(replies))
    };
    match rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.max(1))
        .build()
    {
        Ok(pool) => pool.install(|| chosen.par_iter().map(ask).collect()),
        Err(_) => chosen.iter().map(ask).collect(),
    }
}

/// The reference's readings for `agent` on each URL, under [`PROFILES`].
fn readings(body: &[u8], agent: &str, urls: &[String]) -> Vec<Vec<Reading>> {
    let mut out = vec![Vec::new(); urls.len()];
    for profile in PROFILES {
        let explained = crate::explain::explain(
            body,
            profile,
            reptest_reference::DEFAULT_SIZE_LIMIT,
            agent,
            urls,
        );
        for (u, slot) in out.iter_mut().enumerate() {
            let reading = match &explained {
                Ok(e) => e.verdicts.get(u).map(|v| Reading {
                    deciding: match &v.rule {
                        Some(rule) => format!("line {}: {}: {}", rule.line, rule.field, rule.path),
                        None => v.reason.replace('-', " "),
                    },
                    profile,
                    verdict: v.verdict,
                }),
                Err(_) => None,
            };
            slot.push(reading.unwrap_or(Reading {
                deciding: "the reference cannot take this URL".into(),
                profile,
                verdict: Answer::Error,
            }));
        }
    }
    out
}

/// What makes crawlers treated alike: the URL, the deciding line, the implementations that
/// let them in, those that keep them out.
type Alike<'m> = (&'m str, String, &'m [String], &'m [String]);

impl Matrix {
    /// Rows where some implementation answers otherwise than the file means.
    pub fn disagreements(&self) -> impl Iterator<Item = &Row> {
        self.rows
            .iter()
            .filter(|r| !r.lets_in.is_empty() || !r.keeps_out.is_empty())
    }

    /// The text `reptest compare --ai-crawlers` prints: a summary, every crawler some
    /// implementation treats otherwise than the file means (the most disagreeing first), the
    /// crawlers on which the profiles part, and a tally per implementation.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "robots.txt: {}; {} crawlers, from {}; {} implementations; URLs: {}",
            self.robots,
            self.list.agents.len(),
            self.list.source,
            self.implementations.len(),
            self.urls.join(" ")
        );
        for why in &self.unavailable {
            let _ = writeln!(out, "could not start: {why}");
        }
        let meant = |a: Answer| self.rows.iter().filter(|r| r.meant == Some(a)).count();
        let parted = self.rows.iter().filter(|r| r.meant.is_none()).count();
        let _ = writeln!(
            out,
            "the file keeps out {} and lets in {} of {} (crawler, URL) pairs; the profiles part on {parted}",
            meant(Answer::Disallow),
            meant(Answer::Allow),
            self.rows.len()
        );
        // Crawlers treated alike (same URL, same reading, same implementations off it) are
        // one paragraph: a parser that reads every token the same way is said once.
        let mut alike: BTreeMap<Alike<'_>, Vec<&str>> = BTreeMap::new();
        let mut order = Vec::new();
        for row in self.disagreements() {
            let key = (
                row.url.as_str(),
                row.reference[0].deciding.clone(),
                row.lets_in.as_slice(),
                row.keeps_out.as_slice(),
            );
            if !alike.contains_key(&key) {
                order.push((key.clone(), row.meant));
            }
            alike.entry(key).or_default().push(&row.agent);
        }
        order.sort_by_key(|(key, _)| std::cmp::Reverse(key.2.len() + key.3.len()));
        if order.is_empty() {
            let _ = writeln!(
                out,
                "\nevery implementation that answered reads the file as the reference does"
            );
        }
        for ((url, deciding, lets_in, keeps_out), meant) in &order {
            let key = (*url, deciding.clone(), *lets_in, *keeps_out);
            let agents = &alike[&key];
            let named = if agents.len() > 6 {
                format!("{} crawlers ({}, …)", agents.len(), agents[..5].join(", "))
            } else {
                agents.join(", ")
            };
            let _ = writeln!(
                out,
                "\n{named} on {url}: the file {} ({deciding})",
                match (*meant == Some(Answer::Disallow), agents.len() > 1) {
                    (true, false) => "keeps it out",
                    (true, true) => "keeps them out",
                    (false, false) => "lets it in",
                    (false, true) => "lets them in",
                },
            );
            if !lets_in.is_empty() {
                let _ = writeln!(out, "  let in by:    {}", lets_in.join(", "));
            }
            if !keeps_out.is_empty() {
                let _ = writeln!(out, "  kept out by:  {}", keeps_out.join(", "));
            }
        }
        let parted: Vec<&Row> = self.rows.iter().filter(|r| r.meant.is_none()).collect();
        if !parted.is_empty() {
            let _ = writeln!(
                out,
                "\nwhere the profiles part (no implementation is wrong):"
            );
            for row in parted {
                let readings: Vec<String> = row
                    .reference
                    .iter()
                    .map(|r| format!("{} {} ({})", r.profile, r.verdict, r.deciding))
                    .collect();
                let _ = writeln!(
                    out,
                    "  {} on {}: {}",
                    row.agent,
                    row.url,
                    readings.join("; ")
                );
            }
        }
        // Per implementation: lets in, keeps out, could not answer (an error or no answer),
        // and `unsupported` (a token or URL its call cannot be asked about): the last two
        // apart, an `unsupported` being the library's own answer.
        let mut tally: BTreeMap<&str, [usize; 4]> = self
            .implementations
            .iter()
            .map(|i| (i.name.as_str(), [0; 4]))
            .collect();
        for row in &self.rows {
            let counted = [
                row.lets_in.iter().collect::<Vec<_>>(),
                row.keeps_out.iter().collect(),
                row.errors.keys().collect(),
                row.unsupported.iter().collect(),
            ];
            for (column, names) in counted.iter().enumerate() {
                for name in names {
                    tally.entry(name.as_str()).or_default()[column] += 1;
                }
            }
        }
        let _ = writeln!(
            out,
            "\nper implementation: lets in / keeps out otherwise than the file means / could not \
             answer / unsupported"
        );
        let mut tally: Vec<_> = tally.into_iter().collect();
        tally.sort_by_key(|(name, [a, b, c, d])| (std::cmp::Reverse(a + b), *c + *d, *name));
        for (name, [lets_in, keeps_out, errors, unsupported]) in tally {
            let _ = writeln!(
                out,
                "  {name:32} {lets_in:4} {keeps_out:4} {errors:4} {unsupported:4}"
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_list_names_its_source_and_keeps_tokens_as_written() {
        let list = AgentList::ai_crawlers();
        assert!(list.source.contains("ai.robots.txt"), "{}", list.source);
        assert!(list.source.contains("2026-11-28"), "{}", list.source);
        assert!(list.agents.len() > 100);
        for token in [
            "GPTBot",
            "ChatGPT Agent",
            "AI2Bot",
            "bigsur.ai",
            "iaskspider/2.0",
        ] {
            assert!(list.agents.iter().any(|a| a == token), "{token} missing");
        }
        assert!(
            list.agents
                .iter()
                .all(|a| !a.starts_with('#') && !a.is_empty())
        );
    }

    #[test]
    fn a_list_drops_comments_blank_lines_and_duplicates() {
        let list = AgentList::parse("# mine\n\nBarBot\n  BazBot \nBarBot\n", "f");
        assert_eq!(list.agents, ["BarBot", "BazBot"]);
        assert_eq!(list.source, "f");
        let list = AgentList::parse("# source: my logs, 2026-11\nBarBot\n", "f");
        assert_eq!(list.source, "my logs, 2026-11");
    }

    #[test]
    fn readings_name_the_deciding_line_and_tell_the_profiles_apart() {
        let body = b"user-agent: GPTBot\ndisallow: /\n\nuser-agent: *\nallow: /\n";
        let urls = ["http://example.com/".to_owned()];
        let r = readings(body, "GPTBot", &urls);
        assert_eq!(r[0].len(), 2);
        assert!(r[0].iter().all(|r| r.verdict == Answer::Disallow));
        assert_eq!(r[0][0].deciding, "line 2: disallow: /");
        let other = readings(body, "CCBot", &urls);
        assert!(other[0].iter().all(|r| r.verdict == Answer::Allow));
    }
}
