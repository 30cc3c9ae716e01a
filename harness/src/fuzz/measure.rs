//! `reptest fuzz-report`: what the ready-to-file reports need beyond the catalogue, measured
//! once and kept in `measured.json` ([`Measured`]).
//!
//! - **Real-world prevalence** on the top-sites corpus, per root cause: how many files hold
//!   its triggering construct (the constructs its minimal input still has, and the deciding
//!   rule's shape), and how many real (site, URL) checks the implementation answers the same
//!   wrong way, where the reference decides by the same kind of rule and the file and URL
//!   hold the construct. The implementation is asked every URL of every site, as the report's
//!   impact section asks it.
//! - **The covering spec case**: a case of `spec-cases/` whose check the reference decides by
//!   the same kind of rule, with the root cause's constructs, and the same expected verdict.

use std::collections::{BTreeMap, BTreeSet};

use reptest_reference::{ParseOptions, Profile, Robots};

use crate::answer::Answer;
use crate::engines::Engine;
use crate::fuzz::constructs::{Place, place};
use crate::fuzz::corpus::Corpus;
use crate::fuzz::filing::{CoveringCase, Measured, RootMeasure, same_way};
use crate::fuzz::findings::{FamilyInput, Index, body_tags, pattern_tags, url_tags, verdict_tags};
use crate::fuzz::rootcause::{RootCause, root_causes};
use crate::suite::cases::{Case, robots_checks};

/// The tags a file holds: its body's constructs and the shapes of its rules.
fn file_tags(body: &[u8], agent: &str) -> BTreeSet<&'static str> {
    let mut tags: BTreeSet<&'static str> = body_tags(body).into_iter().collect();
    // What only the lenient reading names (a misspelling, a missing colon accepted), and the
    // field names it accepts as misspelled.
    let lines = crate::text::lines_with_ends(body);
    let mut lenient: BTreeSet<String> = BTreeSet::new();
    for record in Robots::parse(body, ParseOptions::new(Profile::Google)).records() {
        for diagnostic in &record.diagnostics {
            match diagnostic.name() {
                "misspelling" => {
                    tags.insert("misspelling");
                    if let Some((content, _)) =
                        record.line.checked_sub(1).and_then(|i| lines.get(i))
                    {
                        let text = String::from_utf8_lossy(content);
                        let key = text.split(':').next().unwrap_or_default();
                        lenient.insert(key.trim().to_ascii_lowercase());
                    }
                }
                "accepted-missing-colon" => {
                    tags.insert("missing-colon");
                }
                _ => {}
            }
        }
    }
    if body.len() > 3 && body[3..].windows(3).any(|w| w == b"\xEF\xBB\xBF") {
        tags.insert("inner-bom");
    }
    if !body.is_empty() && !body.ends_with(b"\n") && !body.ends_with(b"\r") {
        tags.insert("last-line-end");
    }
    if crate::fuzz::ablation::trailing_space(body) {
        tags.insert("trailing-space");
    }
    if crate::fuzz::ablation::meaningful_lines(body) <= 1 {
        tags.insert("one-line-file");
    }
    let mut in_group = false;
    let mut blank = false;
    // The group being read: whether its last line was a user-agent line, whether it has a
    // rule, and its rules' values by kind (for an equal allow and disallow).
    let mut after_agent = false;
    let mut has_rule = true;
    // Whether each rule of the group has an empty value (one empty rule alone: what ends the
    // group's `user-agent` lines).
    let mut empty_rules: Vec<bool> = Vec::new();
    let mut values: (BTreeSet<String>, BTreeSet<String>) = Default::default();
    // The longest rule value of the group so far (a longer one after it: rule order).
    let mut longest = 0;
    // The `user-agent` values seen (a `*` group beside a named one).
    let mut agents: BTreeSet<String> = BTreeSet::new();
    // Each group's `user-agent` values, in file order.
    let mut groups: Vec<BTreeSet<String>> = Vec::new();
    for line in String::from_utf8_lossy(body).lines() {
        if crate::fuzz::ablation::is_word_and_space(line.as_bytes()) {
            tags.insert("word-and-space");
        }
        if crate::fuzz::ablation::is_commented_rule(line) {
            tags.insert("commented-rule");
        }
        let line = line.split('#').next().unwrap_or_default();
        if line.trim().is_empty() {
            blank |= in_group;
            continue;
        }
        if !line.contains(':') && !line.trim().contains([' ', '\t']) {
            tags.insert("one-token-line");
        }
        if let Some((key, value)) = line.split_once(':') {
            if key.ends_with([' ', '\t']) && !key.trim().is_empty() {
                tags.insert("space-before-colon");
            }
            let key = key.trim().to_ascii_lowercase();
            let spaced = value.ends_with([' ', '\t']);
            let value = value.trim();
            // A name Google's parser accepts as a misspelling is that construct instead.
            if !lenient.contains(key.as_str()) {
                if crate::fuzz::ablation::holds_field_name(key.as_bytes()) {
                    tags.insert("field-in-name");
                }
                if crate::fuzz::ablation::near_field_name(key.as_bytes()) {
                    tags.insert("typo-field");
                }
                if crate::fuzz::ablation::near_nonstandard_name(key.as_bytes()) {
                    tags.insert("nonstandard-typo");
                }
            }
            if key == "allow" {
                // A file an implementation obeying no `Allow` line reads wrong.
                tags.insert("allow-ignored");
            }
            if key == "allow" || key == "disallow" {
                if value.len() > longest && longest > 0 {
                    tags.insert("rule-order");
                }
                longest = longest.max(value.len());
                tags.extend(pattern_tags(value));
                if value.ends_with('$') {
                    // A file a library leaving the `$` out of a rule's length may read wrong.
                    tags.insert("anchor-length");
                    if value.contains('*') {
                        tags.insert("anchored-wildcard");
                    }
                }
                if value.contains('%') {
                    // One a library counting an escape as one character may read wrong.
                    tags.insert("escape-length");
                }
                if spaced && !value.is_empty() {
                    // One a library counting a rule line's trailing whitespace in the rule's
                    // length may read wrong.
                    tags.insert("space-length");
                }
                if key == "allow" && !value.is_empty() {
                    // One a library reading `Allow` rules as all that may be fetched may.
                    tags.insert("unmatched-allow");
                }
                tags.extend(escape_tags(value));
                if value.contains([' ', '\t']) {
                    tags.insert("inner-space");
                }
                if blank {
                    tags.insert("blank-line");
                }
                has_rule = true;
                empty_rules.push(value.is_empty());
                if !value.is_empty() {
                    let (allows, disallows) = &mut values;
                    let (mine, theirs) = if key == "allow" {
                        (allows, &*disallows)
                    } else {
                        (disallows, &*allows)
                    };
                    if theirs.contains(value) {
                        tags.insert("tie");
                    }
                    // Two rules of one kind and one length (which need not both match).
                    if mine
                        .iter()
                        .any(|v| v.len() == value.len() && v.as_str() != value)
                    {
                        tags.insert("equal-match");
                    }
                    // Two rules of one length, one holding `*` or `%2A` (which need not
                    // both match), which a library comparing the rules fails on.
                    let starred =
                        |v: &str| v.contains('*') || v.to_ascii_uppercase().contains("%2A");
                    if mine.iter().chain(theirs.iter()).any(|v| {
                        v.len() == value.len()
                            && v.as_str() != value
                            && (starred(v) || starred(value))
                    }) {
                        tags.insert("equal-length-error");
                    }
                    mine.insert(value.to_owned());
                }
            }
            if key == "sitemap" && in_group {
                tags.insert("sitemap");
            }
            if key == "user-agent" {
                agents.insert(value.to_ascii_lowercase());
                if !after_agent {
                    groups.push(BTreeSet::new());
                }
                if let Some(g) = groups.last_mut() {
                    g.insert(value.to_ascii_lowercase());
                }
                if in_group && !after_agent && !blank {
                    tags.insert("adjacent-groups");
                }
                in_group = true;
                if after_agent {
                    tags.insert("shared-group");
                    if blank {
                        tags.insert("blank-line");
                    }
                } else {
                    if !has_rule {
                        tags.insert("empty-group");
                    }
                    if in_group && empty_rules == [true] {
                        tags.insert("empty-only-rule");
                    }
                    empty_rules.clear();
                    has_rule = false;
                    values = Default::default();
                    longest = 0;
                }
                if value.is_empty() {
                    tags.insert("empty-agent");
                    tags.insert("skipped-empty-agent");
                }
            }
            after_agent = key == "user-agent";
        }
        blank = false;
    }
    if in_group && !has_rule {
        tags.insert("empty-group");
    }
    if agents.contains("*") && agents.iter().any(|a| a != "*" && !a.is_empty()) {
        tags.insert("star-group");
    }
    // The groups that apply to the crawler (its own, else `*`): another group after one of
    // them, and its own name in several groups.
    let token = crate::fuzz::ablation::token_of(agent);
    let own = |g: &BTreeSet<String>| g.contains(&token);
    let applies = |g: &BTreeSet<String>| {
        if groups.iter().any(own) {
            own(g)
        } else {
            g.contains("*")
        }
    };
    if let Some(first) = groups.iter().position(applies)
        && groups[first..].iter().any(|g| !applies(g))
    {
        tags.insert("later-group");
    }
    if groups.iter().filter(|g| own(g)).count() >= 2 {
        tags.insert("split-groups");
        if groups.iter().any(|g| own(g) && g.len() >= 2) {
            tags.insert("shared-split-group");
        }
    }
    // A name sharing the crawler's group that has another group of its own.
    let shared: BTreeSet<&String> = groups
        .iter()
        .filter(|g| own(g))
        .flatten()
        .filter(|n| !n.is_empty() && **n != token && *n != "*")
        .collect();
    if groups
        .iter()
        .any(|g| !own(g) && g.iter().any(|n| shared.contains(n)))
    {
        tags.insert("shared-name-group");
    }
    tags
}

/// The escapes of a rule's value the findings name: a `//`, lower-case hex digits, a `%` that
/// starts no escape, a reserved character's escape.
fn escape_tags(value: &str) -> Vec<&'static str> {
    let mut tags = Vec::new();
    if crate::fuzz::ablation::missing_continuations(value.as_bytes()) > 0 {
        tags.push("partial-char");
    }
    if !crate::fuzz::ablation::non_utf8_escapes(value.as_bytes()).is_empty() {
        tags.push("non-utf8-escape");
    }
    if value.contains("//") {
        tags.push("double-slash");
    }
    let bytes = value.as_bytes();
    for (i, b) in bytes.iter().enumerate() {
        if *b != b'%' {
            continue;
        }
        match bytes.get(i + 1..i + 3) {
            Some(hex) if hex.iter().all(u8::is_ascii_hexdigit) => {
                if hex.iter().any(u8::is_ascii_lowercase) {
                    tags.push("hex-case");
                }
                if crate::fuzz::ablation::is_reserved_escape(hex) {
                    tags.push("reserved-escape");
                }
                if crate::fuzz::ablation::is_special_escape(hex) {
                    tags.push("escaped-special");
                }
            }
            _ => tags.push("bare-percent"),
        }
    }
    tags
}

/// Whether a file (its tags) holds a root cause's construct (a URL's or a decision's
/// construct can arise in any file; a crawler name's is not asked about).
fn holds(file: &BTreeSet<&str>, cause: &RootCause) -> bool {
    if cause.construct == crate::fuzz::ablation::COMBINED {
        // Several constructs together: a file holding all of them.
        return !cause.with.is_empty() && cause.with.iter().all(|c| holds_construct(file, c));
    }
    holds_construct(file, cause.construct)
}

/// Whether a file (its tags) holds `construct` (see [`holds`]).
fn holds_construct(file: &BTreeSet<&str>, construct: &str) -> bool {
    // A reserved escape named by where it sits (the rule alone, or the URL's `?` cut) is
    // held as any reserved escape.
    let tag = match construct {
        "url-query-escape" | "rule-reserved-escape" => "reserved-escape",
        _ => construct,
    };
    match place(construct) {
        Place::File | Place::Rule => file.contains(tag),
        Place::Url | Place::Decision => true,
        Place::Agent => false,
    }
}

/// Measures every root cause of `index`: prevalence with `engines` (the implementations, by
/// name) over `corpus` asked as `agent`, and covering cases among `cases`, those the
/// implementation fails in the suite's `results`. `progress` hears each implementation as
/// it finishes.
pub fn measure(
    index: &Index,
    corpus: Option<(&Corpus, &str)>,
    agent: &str,
    engines: &mut [Box<dyn Engine>],
    (cases, results): (&[Case], Option<&crate::results::Results>),
    progress: &dyn Fn(&str),
) -> Measured {
    let causes = root_causes(index);
    let mut out = Measured {
        schema: 1,
        corpus: corpus.map_or_else(String::new, |(_, name)| name.to_owned()),
        agent: agent.to_owned(),
        root_causes: BTreeMap::new(),
        confirmations: BTreeMap::new(),
        controls: BTreeMap::new(),
    };
    let checks = case_checks(cases);
    let status = suite_status(results);
    for cause in &causes {
        out.root_causes.insert(
            cause.id.clone(),
            RootMeasure {
                case: covering(cause, &checks, &status),
                ..RootMeasure::default()
            },
        );
    }
    let Some((corpus, _)) = corpus else {
        return out;
    };
    let files: Vec<BTreeSet<&'static str>> = corpus
        .sites
        .iter()
        .map(|s| file_tags(&s.body, agent))
        .collect();
    for cause in &causes {
        let count = files.iter().filter(|f| holds(f, cause)).count();
        if let Some(m) = out.root_causes.get_mut(&cause.id) {
            m.files = count;
        }
    }
    // The reference's answers and decision tags per real check, once.
    struct Check {
        answers: BTreeMap<Profile, Answer>,
        tags: BTreeMap<Profile, Vec<&'static str>>,
        url: Vec<&'static str>,
    }
    let sites: Vec<(usize, Vec<Check>)> = corpus
        .sites
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.urls.is_empty())
        .map(|(i, site)| {
            let parsed: Vec<(Profile, Robots)> = [Profile::Rfc9309, Profile::Google]
                .into_iter()
                .map(|p| (p, Robots::parse(&site.body, ParseOptions::new(p))))
                .collect();
            let selections: Vec<_> = parsed
                .iter()
                .map(|(p, r)| (*p, r.select(&[agent])))
                .collect();
            let checks = site
                .urls
                .iter()
                .map(|url| {
                    let mut answers = BTreeMap::new();
                    let mut tags = BTreeMap::new();
                    for (p, selection) in &selections {
                        if let Ok(verdict) = selection.check_url(url) {
                            answers.insert(
                                *p,
                                if verdict.allowed {
                                    Answer::Allow
                                } else {
                                    Answer::Disallow
                                },
                            );
                            tags.insert(*p, verdict_tags(&verdict, selection));
                        }
                    }
                    let mut url_tags = url_tags(url);
                    url_tags.extend(crate::fuzz::ablation::rule_relations(&site.body, url));
                    Check {
                        answers,
                        tags,
                        url: url_tags,
                    }
                })
                .collect();
            (i, checks)
        })
        .collect();
    for engine in engines.iter_mut() {
        let name = engine.info().name.clone();
        let mine: Vec<&RootCause> = causes
            .iter()
            .filter(|c| c.implementation == name && c.kind != crate::fuzz::rootcause::Kind::Timeout)
            .collect();
        if mine.is_empty() {
            continue;
        }
        let mut flips: BTreeMap<&str, usize> = BTreeMap::new();
        let mut flipped_sites: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (i, checks) in &sites {
            let site = &corpus.sites[*i];
            let Ok(verdicts) = engine.check(&site.body, agent, &site.urls) else {
                continue;
            };
            for (verdict, check) in verdicts.iter().zip(checks) {
                let answer = Answer::from(*verdict);
                if answer.allowed().is_none() {
                    continue;
                }
                for cause in &mine {
                    if !same_way(cause, answer, &check.answers) || !holds(&files[*i], cause) {
                        continue;
                    }
                    let shows = |construct: &str| match place(construct) {
                        Place::Url => check.url.contains(&construct),
                        Place::Rule | Place::Decision => cause
                            .expected
                            .keys()
                            .any(|p| check.tags.get(p).is_some_and(|t| t.contains(&construct))),
                        Place::File => true,
                        Place::Agent => false,
                    };
                    // Several constructs together show where each does.
                    let shown = if cause.construct == crate::fuzz::ablation::COMBINED {
                        !cause.with.is_empty() && cause.with.iter().all(|c| shows(c))
                    } else {
                        shows(cause.construct)
                    };
                    if shown {
                        *flips.entry(cause.id.as_str()).or_default() += 1;
                        let sites = flipped_sites.entry(cause.id.as_str()).or_default();
                        if sites.last() != Some(i) {
                            sites.push(*i);
                        }
                    }
                }
            }
        }
        for (id, n) in flips {
            if let Some(m) = out.root_causes.get_mut(id) {
                m.flips = n;
                m.flipped_sites = flipped_sites.remove(id).unwrap_or_default();
            }
        }
        progress(&name);
    }
    out
}

/// Chooses the example of every defect ([`crate::fuzz::example`]): a real file of `corpus`
/// where the library flips because of it, and the minimal input made readable, each asked of
/// the library's engine among `engines`. A root cause whose library is not set up keeps the
/// example `previous` measured for it. Returns how many got a real file, and how many a
/// readable rewrite.
fn examples(
    index: &Index,
    measured: &mut Measured,
    corpus: Option<(&Corpus, &str)>,
    agent: &str,
    engines: &mut [Box<dyn Engine>],
    previous: &Measured,
) -> (usize, usize) {
    use crate::fuzz::example::{Asker, Example, SiteAnswers, readable, real_example};
    let causes = root_causes(index);
    let defects: Vec<&RootCause> = causes
        .iter()
        .filter(|c| c.ranked())
        .filter(|c| {
            let cited = crate::fuzz::filing::clause(c, measured.root_causes.get(&c.id));
            crate::fuzz::standing::judge(c, &cited, index).standing
                == crate::fuzz::standing::Standing::Defect
        })
        .collect();
    // The constructs each (site, crawler) holds, computed once.
    let mut tags: BTreeMap<(usize, String), BTreeSet<&'static str>> = BTreeMap::new();
    if let Some((corpus, _)) = corpus {
        for (i, site) in corpus.sites.iter().enumerate() {
            tags.insert((i, agent.to_owned()), file_tags(&site.body, agent));
        }
    }
    let tags = std::cell::RefCell::new(tags);
    let holds = |i: usize, crawler: &str, construct: &str| -> bool {
        let Some((corpus, _)) = corpus else {
            return false;
        };
        let mut tags = tags.borrow_mut();
        let file = tags
            .entry((i, crawler.to_owned()))
            .or_insert_with(|| file_tags(&corpus.sites[i].body, crawler));
        holds_construct(file, construct)
    };
    let (mut real, mut made) = (0, 0);
    for engine in engines.iter_mut() {
        let name = engine.info().name.clone();
        let mine: Vec<&&RootCause> = defects
            .iter()
            .filter(|c| c.implementation == name)
            .collect();
        // Each misbehaviour's canonical input, asked once: a title the library's answer
        // there does not confirm is not given (filing::misbehaviour).
        // Each misbehaviour's control too: a title whose control the library answers otherwise
        // than the reference is not given either.
        let mut ask = |rows: &[crate::fuzz::constructs::Confirmation]| {
            rows.iter()
                .map(|c| {
                    let urls = [c.url.to_owned()];
                    let said = engine.check(c.robots.as_bytes(), "FooBot", &urls);
                    (c.title.to_owned(), Answer::of(&said, 0))
                })
                .collect()
        };
        let confirmed = ask(&crate::fuzz::constructs::CONFIRMATIONS);
        let controlled = ask(&crate::fuzz::constructs::CONTROLS);
        measured.confirmations.insert(name.clone(), confirmed);
        measured.controls.insert(name.clone(), controlled);
        if mine.is_empty() {
            continue;
        }
        let mut asker = Asker::new(engine.as_mut());
        let mut known = SiteAnswers::new();
        for cause in mine {
            let family = index.families.iter().find(|f| f.id == cause.representative);
            let shown = family.and_then(|f| {
                crate::fuzz::ablation::shown_input(
                    &crate::fuzz::ablation::for_implementation(f, &name),
                    &name,
                )
            });
            let first = measured
                .root_causes
                .get(&cause.id)
                .map(|m| m.flipped_sites.clone())
                .unwrap_or_default();
            let example = Example {
                real: corpus.and_then(|c| {
                    real_example(cause, c, agent, &first, &holds, &mut asker, &mut known)
                }),
                readable: shown.and_then(|s| readable(cause, &s, &mut asker)),
            };
            real += usize::from(example.real.is_some());
            made += usize::from(example.real.is_none() && example.readable.is_some());
            if let Some(m) = measured.root_causes.get_mut(&cause.id)
                && example != Example::default()
            {
                m.example = Some(example);
            }
        }
        eprintln!("examples: {name} ({} questions)", asker.asked);
    }
    // Root causes of libraries not set up now: the examples (and confirmations) measured
    // before.
    let asked: BTreeSet<String> = engines.iter().map(|e| e.info().name.clone()).collect();
    for (name, confirmed) in &previous.confirmations {
        if !asked.contains(name) {
            measured
                .confirmations
                .insert(name.clone(), confirmed.clone());
        }
    }
    for (name, controlled) in &previous.controls {
        if !asked.contains(name) {
            measured.controls.insert(name.clone(), controlled.clone());
        }
    }
    for cause in &defects {
        if asked.contains(&cause.implementation) {
            continue;
        }
        let before = previous
            .root_causes
            .get(&cause.id)
            .and_then(|m| m.example.clone());
        if let (Some(m), Some(before)) = (measured.root_causes.get_mut(&cause.id), before) {
            m.example = Some(before);
        }
    }
    (real, made)
}

/// The suite's status of each implementation's check, by implementation, case id and the
/// check's index: what [`covering`] asks of a case.
type SuiteStatus<'r> =
    BTreeMap<(&'r str, &'r str, usize), &'r BTreeMap<Profile, crate::answer::Status>>;

/// [`SuiteStatus`] from the suite's results.
fn suite_status(results: Option<&crate::results::Results>) -> SuiteStatus<'_> {
    results
        .into_iter()
        .flat_map(|r| &r.implementations)
        .flat_map(|i| {
            i.results
                .iter()
                .map(move |c| ((i.name.as_str(), c.case.as_str(), c.check), &c.status))
        })
        .collect()
}

/// One spec-case check as the reference decides it: what [`covering`] compares.
struct CaseCheck<'c> {
    case: &'c Case,
    /// The check's index in the case.
    index: usize,
    /// Per profile of the case: the reference's answer and decision tags.
    decided: BTreeMap<Profile, (Answer, Vec<&'static str>)>,
    /// The body's constructs and the URL's.
    constructs: Vec<&'static str>,
}

/// Every check of every robots.txt case, decided once.
fn case_checks(cases: &[Case]) -> Vec<CaseCheck<'_>> {
    let mut out = Vec::new();
    let mut parsed: Vec<(Profile, Robots)> = Vec::new();
    for check in robots_checks(cases) {
        if check.index == 0 {
            parsed = check
                .case
                .profiles
                .iter()
                .filter(|p| matches!(p, Profile::Rfc9309 | Profile::Google))
                .map(|p| (*p, Robots::parse(check.body, ParseOptions::new(*p))))
                .collect();
        }
        let mut decided = BTreeMap::new();
        for (profile, robots) in &parsed {
            let selection = robots.select(&[check.agent]);
            if let Ok(verdict) = selection.check_url(&check.url) {
                let said = if verdict.allowed {
                    Answer::Allow
                } else {
                    Answer::Disallow
                };
                decided.insert(*profile, (said, verdict_tags(&verdict, &selection)));
            }
        }
        let mut constructs = body_tags(check.body);
        constructs.extend(url_tags(&check.url));
        out.push(CaseCheck {
            case: check.case,
            index: check.index,
            decided,
            constructs,
        });
    }
    out
}

/// The spec-case check that holds the root cause's construct (in its body, URL or the
/// deciding rule), expects the root cause's expected verdicts and that the implementation
/// fails under each of the profiles it contradicts (in the suite's `results`: a case it
/// passes does not cover its behaviour), the most to the point first: one whose deciding
/// rule holds the construct, then the one holding fewest other constructs (a case about a
/// vertical tab that happens to hold a slashless rule covers it only when no case about
/// slashless rules does), then the first. A root cause whose label is only the kind of
/// decision (a plain longest-match question) names no construct a case could be matched on:
/// none is claimed; nor is any for an implementation the results do not hold.
fn covering(
    cause: &RootCause,
    checks: &[CaseCheck<'_>],
    results: &SuiteStatus<'_>,
) -> Option<CoveringCase> {
    if matches!(place(cause.construct), Place::Decision | Place::Agent) {
        return None;
    }
    let fails = |check: &CaseCheck<'_>| {
        results
            .get(&(
                cause.implementation.as_str(),
                check.case.id.as_str(),
                check.index,
            ))
            .is_some_and(|status| {
                cause.expected.keys().all(|p| {
                    matches!(
                        status.get(p),
                        Some(crate::answer::Status::Fail | crate::answer::Status::KnownFail)
                    )
                })
            })
    };
    let deciding = |check: &CaseCheck<'_>| {
        check
            .decided
            .values()
            .any(|(_, tags)| tags.contains(&cause.construct))
    };
    let check = checks
        .iter()
        .enumerate()
        .filter(|(_, check)| fails(check))
        .filter(|(_, check)| {
            cause.expected.iter().all(|(profile, expected)| {
                check.decided.get(profile).is_some_and(|(said, tags)| {
                    said == expected
                        && (check.constructs.contains(&cause.construct)
                            || tags.contains(&cause.construct))
                })
            })
        })
        .min_by_key(|(i, check)| (!deciding(check), check.constructs.len(), *i))
        .map(|(_, check)| check)?;
    let case = check.case;
    let profile = cause
        .expected
        .keys()
        .next()
        .copied()
        .unwrap_or(Profile::Rfc9309);
    Some(CoveringCase {
        id: case.id.clone(),
        file: format!(
            "spec-cases/{}",
            case.file
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        ),
        force: case
            .force(profile)
            .map_or_else(|| "interpretation".to_owned(), |f| f.to_string()),
        spec: case.spec.clone(),
    })
}

/// What `reptest fuzz-report` measures and where.
#[derive(Clone, Debug)]
pub struct ReportPlan {
    /// The findings catalogue.
    pub out: std::path::PathBuf,
    /// The real-world corpus (skipped when the folder does not exist).
    pub corpus: Option<std::path::PathBuf>,
    /// The crawler asked about on the corpus.
    pub agent: String,
    /// The spec cases.
    pub cases: std::path::PathBuf,
    /// The suite's results (`reports/results.json`): a covering case is one the
    /// implementation fails there. Without them no case is claimed.
    pub results: std::path::PathBuf,
    /// How long an adapter may take to answer one request.
    pub timeout: std::time::Duration,
    /// Where the adapters are.
    pub dirs: crate::engines::registry::Dirs,
    /// Only rewrite the pages from the index and the `measured.json` already there.
    pub render: bool,
    /// Ask about the neutralised variants of the families that lack answers, then rewrite
    /// the pages, keeping the `measured.json` already there (no corpus measurement).
    pub ablate_only: bool,
}

/// `reptest fuzz-report`: measures the catalogue's root causes (every implementation it
/// names that is set up), writes `measured.json` and rewrites the pages. Returns the closing
/// line; progress goes to `log`.
pub fn fuzz_report(plan: &ReportPlan, log: &mut dyn std::io::Write) -> anyhow::Result<String> {
    use anyhow::Context as _;
    let mut catalogue = crate::fuzz::store::Catalogue::open(&plan.out)?;
    if plan.render {
        catalogue.flush()?;
        return Ok(format!("reports rewritten in {}", plan.out.display()));
    }
    if catalogue.index().families.is_empty() && catalogue.index().runs.is_empty() {
        anyhow::bail!("no findings catalogue in {}", plan.out.display());
    }
    let names: Vec<String> = catalogue
        .index()
        .engines
        .keys()
        .filter(|n| !n.starts_with("reference-"))
        .cloned()
        .collect();
    let cases = crate::suite::cases::load_dir(&plan.cases)?;
    let results = if plan.results.exists() {
        Some(crate::results::load_results(&plan.results)?)
    } else {
        writeln!(
            log,
            "warning: no suite results at {} (run `reptest report`): no root cause is given a \
             covering spec case",
            plan.results.display()
        )?;
        None
    };
    let corpus = match &plan.corpus {
        Some(dir) => Corpus::load_if_present(dir)?,
        None => None,
    };
    // Every implementation the catalogue names that is set up: asked about each family's
    // neutralised variants (the evidence of each root cause's construct), then on the corpus.
    let chosen = crate::engines::registry::choose(&plan.dirs, &names, false, true, log)?;
    let (mut engines, warnings) = crate::fuzz::campaign::implementations_for(&chosen, plan.timeout);
    for warning in warnings {
        writeln!(log, "warning: {warning}")?;
    }
    let mut asked = 0;
    let mut realistic = Vec::new();
    catalogue.update(|index| {
        // Each family's input classes as they are defined now (a URL with a `[` in its path
        // was once taken for a crawler's): a class its input uses is added. One is taken away
        // only where the input is the text a decoder made of a body that was not UTF-8 and
        // holds no trace of it ([`crate::fuzz::findings::shows_invalid_body`]): that text,
        // sent as a UTF-8 body, is what the library received, so the family is realistic.
        let none = crate::fuzz::generate::InputClasses::default();
        for family in &mut index.families {
            let Some(input) = family.input.as_ref().map(FamilyInput::input) else {
                continue;
            };
            if family.transformation.is_some()
                && family.classes.iter().any(|c| c == "invalid-utf8")
                && !crate::fuzz::findings::shows_invalid_body(&input.body())
            {
                family.classes.retain(|c| c != "invalid-utf8");
                family.transformation = None;
                realistic.push(family.id.clone());
            }
            let used = none.used_by(&input);
            if used.iter().all(|u| family.classes.iter().any(|c| c == u)) {
                continue;
            }
            family.classes = crate::fuzz::generate::CLASS_TAGS
                .iter()
                .filter(|t| used.contains(t) || family.classes.iter().any(|c| c == *t))
                .map(|t| (*t).to_owned())
                .collect();
        }
        asked = crate::fuzz::ablation::ablate(index, &mut engines, &mut |n, total| {
            if n % 100 == 0 {
                eprintln!("ablation: family {n} of {total}");
            }
        });
    });
    // The pages and case files of families found realistic: their class and decoding
    // paragraphs, and the case's tags, redrawn.
    for id in &realistic {
        let Some(family) = catalogue.index().families.iter().find(|f| &f.id == id) else {
            continue;
        };
        let dir = catalogue.dir().join("families");
        let page = dir.join(format!("{id}.md"));
        if let Ok(text) = std::fs::read_to_string(&page) {
            std::fs::write(
                &page,
                crate::fuzz::findings::redraw_realistic(&text, family),
            )
            .with_context(|| format!("cannot write {}", page.display()))?;
        }
        if let Some(input) = family.input.as_ref().map(FamilyInput::input) {
            let case = dir.join(format!("{id}.toml"));
            std::fs::write(&case, crate::fuzz::findings::case_toml(family, &input)?)
                .with_context(|| format!("cannot write {}", case.display()))?;
        }
    }
    if !realistic.is_empty() {
        writeln!(
            log,
            "{} found on a body that was not UTF-8 now hold none of it: realistic",
            match realistic.len() {
                1 => "1 family".to_owned(),
                n => format!("{n} families"),
            }
        )?;
    }
    catalogue.flush()?;
    writeln!(log, "ablation: {asked} questions asked")?;
    if plan.ablate_only {
        return Ok(format!(
            "{asked} questions asked about neutralised variants; reports rewritten in {}",
            plan.out.display()
        ));
    }
    let index = catalogue.index().clone();
    if corpus.is_none() {
        engines.clear();
    }
    let name = plan
        .corpus
        .as_ref()
        .and_then(|d| d.file_name())
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let measured = measure(
        &index,
        corpus.as_ref().map(|c| (c, name.as_str())),
        &plan.agent,
        &mut engines,
        (&cases, results.as_ref()),
        &|engine| eprintln!("measured {engine}"),
    );
    let mut measured = measured;
    let started = std::time::Instant::now();
    let previous = crate::fuzz::filing::Measured::read(&plan.out);
    let (real, readable) = examples(
        &index,
        &mut measured,
        corpus.as_ref().map(|c| (c, name.as_str())),
        &plan.agent,
        &mut engines,
        &previous,
    );
    writeln!(
        log,
        "examples: {real} defect(s) shown on a real file, {readable} on a readable rewrite \
         ({} s)",
        started.elapsed().as_secs()
    )?;
    let mut json = serde_json::to_string_pretty(&measured)?;
    json.push('\n');
    std::fs::write(plan.out.join("measured.json"), json)
        .with_context(|| format!("cannot write {}", plan.out.join("measured.json").display()))?;
    catalogue.flush()?;
    let covered = measured
        .root_causes
        .values()
        .filter(|m| m.case.is_some())
        .count();
    Ok(format!(
        "{} root causes measured ({covered} covered by a spec case) over {} implementations; \
         reports in {}",
        measured.root_causes.len(),
        engines.len(),
        plan.out.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_s_escapes_groups_and_ties_are_found() {
        let tags = file_tags(
            b"user-agent: a\nuser-agent: b\nallow: /x//y%2f\ndisallow: /x//y%2f\n\
              user-agent: c\nuser-agent: d\ndisallow: /%zz\nuser-agent: e\n",
            "a",
        );
        for tag in [
            "shared-group",
            "double-slash",
            "hex-case",
            "reserved-escape",
            "tie",
            "bare-percent",
            "empty-group",
        ] {
            assert!(tags.contains(tag), "{tag}: {tags:?}");
        }
        let plain = file_tags(b"user-agent: a\ndisallow: /A%2F\nallow: /b\n", "a");
        for tag in [
            "shared-group",
            "hex-case",
            "tie",
            "bare-percent",
            "empty-group",
        ] {
            assert!(!plain.contains(tag), "{tag}: {plain:?}");
        }
        assert!(plain.contains("reserved-escape"));
        assert!(file_tags(b"user-agent: a\n\xEF\xBB\xBFdisallow: /\n", "a").contains("inner-bom"));
        let odd = file_tags(
            b"user-agent: a\nw\ndisallow :/a\nallow: /ab\nuser-agent: *\n#disallow: /\n",
            "a",
        );
        for tag in [
            "commented-rule",
            "star-group",
            "one-token-line",
            "space-before-colon",
            "rule-order",
            "adjacent-groups",
        ] {
            assert!(odd.contains(tag), "{tag}: {odd:?}");
        }
        let plain = file_tags(
            b"user-agent: a\nallow: /ab\ndisallow: /a\n\nuser-agent: b\n",
            "a",
        );
        for tag in [
            "one-token-line",
            "space-before-colon",
            "rule-order",
            "adjacent-groups",
        ] {
            assert!(!plain.contains(tag), "{tag}: {plain:?}");
        }
    }

    #[test]
    fn a_file_s_groups_for_the_crawler_and_odd_field_names_are_found() {
        let tags = file_tags(
            b"user-agent: foo\ndisallow: /a\n\nuser-agent: bar\nsallow: /b\nUseragent \n\n\
              user-agent: foo\ndisallow: /c\n",
            "Foo",
        );
        for tag in [
            "later-group",
            "split-groups",
            "field-in-name",
            "word-and-space",
        ] {
            assert!(tags.contains(tag), "{tag}: {tags:?}");
        }
        let shared = file_tags(
            b"user-agent: bar
allow: /

user-agent: bar
user-agent: foo
disallow: /
",
            "Foo",
        );
        assert!(shared.contains("shared-name-group"), "{shared:?}");
        let ending = file_tags(b"user-agent: *\nallow:\nuser-agent: b\ndisallow: /\n", "a");
        assert!(ending.contains("empty-only-rule"), "{ending:?}");
        let gapped = file_tags(b"user-agent: a\n\nuser-agent: b\ndisallow: /", "a");
        assert!(gapped.contains("blank-line"), "{gapped:?}");
        assert!(gapped.contains("last-line-end"), "{gapped:?}");
        // The crawler's group last, named once; a known field and a one-word line.
        let plain = file_tags(
            b"user-agent: bar\nallow: /b\nUseragent\n\nuser-agent: foo\ndisallow: /c\n",
            "foo",
        );
        for tag in [
            "later-group",
            "split-groups",
            "shared-name-group",
            "field-in-name",
            "word-and-space",
        ] {
            assert!(!plain.contains(tag), "{tag}: {plain:?}");
        }
    }
}
