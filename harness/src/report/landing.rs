//! What a reader choosing a parser sees first: the summary (a row per implementation), the
//! choice per language, and one page per implementation (`implementations/<name>.md`, and its
//! view in `index.html`). Everything here is drawn from `results.json` and the findings.

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use reptest_reference::Profile;

use crate::answer::Answer;
use crate::fuzz::filing::Measured;
use crate::fuzz::store::Published as Findings;
use crate::report::scores::{self, Cause, Suite, Tally, percent};
use crate::results::{ForceGroup, Implementation, Results};

/// One defect of the differential findings, as the summary shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defect {
    /// Its id (the anchor in `findings/<implementation>.md`).
    pub id: String,
    /// Its one-line title.
    pub title: String,
    /// Real-world checks it flips, when measured.
    pub flips: usize,
    /// Corpus files holding its construct, when measured.
    pub files: usize,
}

/// The defects of each implementation (one per behaviour; readings of points where the texts
/// part and points no text decides are not defects), in the order its findings report ranks
/// them ([`crate::fuzz::filing::defects`]). The one place the report reads root causes.
/// Every implementation a campaign asked has an entry, empty when nothing was found; one no
/// campaign asked (a whole crawler, an adapter added since) has none: it is not fuzzed, which
/// is not the same as having no defect.
pub fn defects(findings: &Findings, measured: &Measured) -> BTreeMap<String, Vec<Defect>> {
    let mut by_impl: BTreeMap<&str, Vec<&crate::fuzz::rootcause::RootCause>> = BTreeMap::new();
    for cause in &findings.causes {
        by_impl
            .entry(&cause.implementation)
            .or_default()
            .push(cause);
    }
    let found = by_impl
        .into_iter()
        .map(|(name, causes)| {
            let list = crate::fuzz::filing::defects(&causes, &findings.index, measured)
                .into_iter()
                .map(|(cause, title)| {
                    let m = measured.root_causes.get(&cause.id);
                    let (flips, files) = m.map_or((0, 0), |m| (m.flips, m.files));
                    Defect {
                        id: cause.id.clone(),
                        title,
                        flips,
                        files,
                    }
                })
                .collect();
            (name.to_owned(), list)
        })
        .collect::<BTreeMap<_, _>>();
    let mut all = found;
    for run in &findings.index.runs {
        for engine in &run.engines {
            all.entry(engine.clone()).or_default();
        }
    }
    all
}

/// Everything the summary says about one implementation.
pub(super) struct Row<'r> {
    pub imp: &'r Implementation,
    /// MUST/SHOULD checks and cases under `rfc9309`, then `google`.
    pub conformance: [(Tally, Tally); 2],
    /// Failure causes under `rfc9309`, then `google`.
    pub causes: [Vec<Cause>; 2],
    /// Its defects from the differential findings (`None`: no campaign asked it, or there is
    /// no findings index).
    pub defects: Option<&'r [Defect]>,
    /// Real-world checks answered and differing from the `google` profile.
    pub real_world: Option<(usize, usize)>,
    /// Fetch MUST/SHOULD checks under `rfc9309`, then `google`, when it fetches.
    pub fetch: Option<[Tally; 2]>,
    /// Its failing fetch cases under `rfc9309` attributed to causes, when it fetches.
    pub fetch_causes: Option<Vec<Cause>>,
}

impl Row<'_> {
    /// Its fetch causes under `rfc9309` and the failing fetch cases they hold: (causes, cases).
    pub fn fetch_cause_count(&self) -> Option<(usize, usize)> {
        self.fetch_causes
            .as_ref()
            .map(|c| (c.len(), c.iter().map(|c| c.cases.len()).sum()))
    }
}

/// `N causes (M cases)`, the fetch causes' cell.
pub(super) fn causes_text(causes: usize, cases: usize) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{} ({})",
        plural(causes, "cause", "causes"),
        plural(cases, "case", "cases")
    )
}

const PROFILES: [Profile; 2] = [Profile::Rfc9309, Profile::Google];

/// The summary's rows, best `rfc9309` conformance first.
pub(super) fn rows<'r>(
    results: &'r Results,
    defects: Option<&'r BTreeMap<String, Vec<Defect>>>,
) -> Vec<Row<'r>> {
    let conformance = Some(ForceGroup::Conformance);
    let mut rows: Vec<Row<'r>> = results
        .implementations
        .iter()
        .map(|imp| Row {
            imp,
            conformance: PROFILES.map(|p| {
                (
                    scores::checks(results, imp, Suite::Robots, p, conformance),
                    scores::cases(results, imp, Suite::Robots, p, conformance),
                )
            }),
            causes: PROFILES.map(|p| scores::causes(results, imp, Suite::Robots, p)),
            defects: defects.and_then(|d| d.get(&imp.name).map(Vec::as_slice)),
            real_world: results.impact.as_ref().and_then(|i| {
                let row = i.implementations.iter().find(|r| r.name == imp.name)?;
                Some((
                    row.answered,
                    row.disagree.get(&Profile::Google).copied().unwrap_or(0),
                ))
            }),
            fetch: (!imp.fetch_results.is_empty()).then(|| {
                PROFILES.map(|p| scores::checks(results, imp, Suite::Fetch, p, conformance))
            }),
            fetch_causes: (!imp.fetch_results.is_empty())
                .then(|| scores::causes(results, imp, Suite::Fetch, Profile::Rfc9309)),
        })
        .collect();
    rows.sort_by(|a, b| better(a, b).then_with(|| a.imp.name.cmp(&b.imp.name)));
    rows
}

/// Best first: `rfc9309` MUST/SHOULD checks, then cases, then `google`'s.
fn better(a: &Row<'_>, b: &Row<'_>) -> std::cmp::Ordering {
    let key = |r: &Row<'_>| {
        [
            r.conformance[0].0.share(),
            r.conformance[0].1.share(),
            r.conformance[1].0.share(),
        ]
    };
    let (ka, kb) = (key(a), key(b));
    kb.partial_cmp(&ka).unwrap_or(std::cmp::Ordering::Equal)
}

/// The claim in a few words.
fn claim_short(imp: &Implementation) -> &str {
    imp.claim
        .as_ref()
        .map_or("not stated", |c| match c.reading.as_str() {
            "none" => "none stated",
            other => other,
        })
}

fn html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Markdown-ish text (backtick code spans) as HTML: escaped, each `…` as `<code>`.
fn inline(text: &str) -> String {
    let mut out = String::new();
    for (i, part) in html(text).split('`').enumerate() {
        if i % 2 == 1 {
            out.push_str("<code>");
            out.push_str(part);
            out.push_str("</code>");
        } else {
            out.push_str(part);
        }
    }
    if text.matches('`').count() % 2 == 1 {
        // An unpaired backtick: shown as written.
        return html(text);
    }
    out
}

fn md(text: &str) -> String {
    text.replace('|', "\\|")
}

fn languages<'a, 'r>(rows: &'a [Row<'r>]) -> BTreeMap<&'r str, Vec<&'a Row<'r>>> {
    let mut out: BTreeMap<&'r str, Vec<&'a Row<'r>>> = BTreeMap::new();
    for row in rows {
        out.entry(row.imp.language.as_str()).or_default().push(row);
    }
    out
}

/// The language's name as a reader writes it.
fn language_name(language: &str) -> String {
    match language {
        "c++" => "C++".to_owned(),
        "javascript" => "JavaScript".to_owned(),
        other => {
            let mut c = other.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        }
    }
}

/// `reports/README.md`'s summary: the table, the baseline and the choice per language.
pub(super) fn summary_md(out: &mut String, results: &Results, rows: &[Row<'_>]) -> fmt::Result {
    writeln!(out, "## Summary\n")?;
    writeln!(
        out,
        "One row per implementation, best conformance to `rfc9309` first. **MUST/SHOULD** \
         counts the checks (and the cases, a case passing when all its checks do) whose \
         verdict rests on a MUST or SHOULD sentence of the profile's text; `unsupported` checks \
         and known deviations are left out of the denominator and shown on each \
         implementation's page. **Causes** are its failures under `rfc9309` attributed to \
         constructs (see \"How failures are attributed\" below). **Findings** are its defects \
         from the differential fuzzer (one per behaviour; a reading of a point where the texts \
         part is not one). **Real world** is the share of its answers \
         on the top-sites corpus that differ from the `google` profile (what Google's crawler \
         does). **Fetch** is the share of fetch MUST/SHOULD checks passed, and **fetch causes** \
         its failing fetch cases under `rfc9309` grouped by cause: each case goes to one of its \
         tags (how, in \"How failures are attributed\" below), so one behaviour that fails \
         several cases (a relative `Location` not followed fails every case tagged \
         `relative-location`) counts once, shown as \"N causes (M cases)\". Each name links to \
         the implementation's page.\n"
    )?;
    writeln!(
        out,
        "| implementation | language | claims | rfc9309 MUST/SHOULD checks | cases | google \
         MUST/SHOULD checks | cases | causes | defects | real world | fetch rfc9309 / google | \
         fetch causes |"
    )?;
    writeln!(
        out,
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
    )?;
    for row in rows {
        let name = &row.imp.name;
        let findings = match row.defects {
            Some(d) => format!("[{}](findings/{name}.md)", d.len()),
            None => "not fuzzed".to_owned(),
        };
        let real = row
            .real_world
            .map_or("–".to_owned(), |(n, d)| percent(d, n));
        let fetch = row.fetch.map_or("does not fetch".to_owned(), |[r, g]| {
            format!("{} / {}", r.text(), g.text())
        });
        let fetch_causes = row
            .fetch_cause_count()
            .map_or("–".to_owned(), |(n, m)| causes_text(n, m));
        writeln!(
            out,
            "| [{name}](implementations/{name}.md) | {} {} | {} | {} | {} | {} | {} | {} | {findings} | {real} | {fetch} | {fetch_causes} |",
            row.imp.language,
            md(&row.imp.version),
            claim_short(row.imp),
            row.conformance[0].0.text(),
            row.conformance[0].1.text(),
            row.conformance[1].0.text(),
            row.conformance[1].1.text(),
            row.causes[0].len(),
        )?;
    }
    writeln!(out)?;
    baseline_md(out, results)?;
    writeln!(out, "\n## Choosing a parser\n")?;
    writeln!(
        out,
        "Per language, the implementation with the best `rfc9309` MUST/SHOULD score, and what \
         it still gets wrong: its largest failure causes under `rfc9309` and its top-ranked \
         differential defect.\n"
    )?;
    for (language, list) in languages(rows) {
        writeln!(
            out,
            "- **{}**: {}",
            language_name(language),
            choice_text_md(&list)
        )?;
        if list.len() > 1 {
            let others: Vec<String> = list[1..]
                .iter()
                .map(|r| {
                    format!(
                        "[{}](implementations/{}.md) {}",
                        r.imp.name,
                        r.imp.name,
                        percent(r.conformance[0].0.passed, r.conformance[0].0.scored())
                    )
                })
                .collect();
            writeln!(out, "  then {}", others.join(", "))?;
        }
    }
    writeln!(out)?;
    Ok(())
}

/// What the best of a language still gets wrong under `rfc9309`: up to three causes with
/// MUST/SHOULD failures, and up to two with failures only where the text leaves room.
fn still_wrong<'a>(row: &'a Row<'_>) -> (Vec<&'a Cause>, Vec<&'a Cause>) {
    let breaks = row.causes[0]
        .iter()
        .filter(|c| c.binding > 0)
        .take(3)
        .collect();
    let reads = row.causes[0]
        .iter()
        .filter(|c| c.binding == 0)
        .take(2)
        .collect();
    (breaks, reads)
}

/// A language's choice: its best (`list[0]`), its score and top defect first.
fn choice_text_md(list: &[&Row<'_>]) -> String {
    let row = list[0];
    let name = &row.imp.name;
    let mut text = format!(
        "[{name}](implementations/{name}.md) ({} {}, claims {}): `rfc9309` MUST/SHOULD {} of \
         checks, {} of cases",
        row.imp.implementation,
        row.imp.version,
        claim_short(row.imp),
        percent(row.conformance[0].0.passed, row.conformance[0].0.scored()),
        percent(row.conformance[0].1.passed, row.conformance[0].1.scored()),
    );
    let apart = row.conformance[0].0.unsupported + row.conformance[0].0.known;
    if apart > 0 {
        text.push_str(&format!(
            " ({apart} check(s) unsupported or known deviations, not scored)"
        ));
    }
    match row.defects {
        Some([top, ..]) => text.push_str(&format!(
            "; **top defect**: [{}](findings/{name}.md#{})",
            md(&top.title),
            top.id
        )),
        Some([]) => text.push_str("; no defect found by the differential fuzzer"),
        None => text.push_str(&format!("; not fuzzed ({})", not_fuzzed(row.imp))),
    }
    if let Some(next) = level_with(list) {
        text.push_str(&format!(
            "; level at the shown precision with [{0}](implementations/{0}.md) ({1}/{2} checks, \
             {3} of cases)",
            next.imp.name,
            next.conformance[0].0.passed,
            next.conformance[0].0.scored(),
            percent(next.conformance[0].1.passed, next.conformance[0].1.scored())
        ));
    }
    let (breaks, reads) = still_wrong(row);
    if breaks.is_empty() {
        text.push_str("; no MUST/SHOULD check failed");
    } else {
        let list: Vec<String> = breaks
            .iter()
            .map(|c| {
                format!(
                    "{} (`{}`): {} failing check(s) in {} case(s), {} on MUST/SHOULD",
                    c.about,
                    c.tag,
                    c.checks,
                    c.cases.len(),
                    c.binding
                )
            })
            .collect();
        text.push_str(&format!("; still breaks: {}", list.join("; ")));
    }
    if !reads.is_empty() {
        let list: Vec<String> = reads
            .iter()
            .map(|c| format!("{} (`{}`)", c.about, c.tag))
            .collect();
        text.push_str(&format!(
            "; reads differently (MAY or reading): {}",
            list.join("; ")
        ));
    }
    text
}

/// What answering the same to everything would score, per profile.
fn baseline_md(out: &mut String, results: &Results) -> fmt::Result {
    writeln!(
        out,
        "**The scale.** An implementation answering the same to every question would score, on \
         the same MUST/SHOULD checks (and cases):\n"
    )?;
    writeln!(
        out,
        "| profile | `allow` to everything | `disallow` to everything |"
    )?;
    writeln!(out, "| --- | --- | --- |")?;
    for p in Profile::ALL {
        let cell = |a: Answer| {
            let (checks, cases) = scores::baseline(results, p, Some(ForceGroup::Conformance), a);
            format!(
                "{} of checks, {} of cases",
                percent(checks.passed, checks.scored()),
                percent(cases.passed, cases.scored())
            )
        };
        writeln!(
            out,
            "| {p} | {} | {} |",
            cell(Answer::Allow),
            cell(Answer::Disallow)
        )?;
    }
    Ok(())
}

/// How failures are attributed (README).
pub(super) fn attribution_md(out: &mut String) -> fmt::Result {
    writeln!(out, "\n## How failures are attributed\n")?;
    writeln!(
        out,
        "A failing check is attributed to one tag of its case, from the suite's closed tag \
         vocabulary (`harness/src/suite/tags.rs`): among the case's construct tags (those \
         naming a feature area other than the examples), the one the implementation fails most \
         consistently across the whole suite (its failing checks over its scored checks of \
         every case carrying the tag); ties go to the narrower tag (fewer checks in the \
         suite), then to the name. A case without a construct tag falls back to its example \
         tag (`rfc-example`, `guide`), then to its other tags. So a design gap (no wildcard \
         support, the first matching rule obeyed, `Allow` not read) counts as one cause \
         however many cases show it, and a case mixing constructs goes to the one the \
         implementation gets wrong elsewhere too. The fetch cases are attributed the same way \
         by their tags (`3xx`, `relative-location`, `5xx`, `network-error`, `timeout`, …): \
         a failing fetch check (a wrong verdict, a raise, or no answer within the wait) goes \
         to the tag of its case that the implementation fails most consistently over all fetch \
         cases, so a behaviour such as a relative `Location` not followed, failing every case \
         tagged `relative-location`, is one cause however many cases show it. \"N causes (M \
         cases)\" counts those causes and the failing cases they hold. The differential findings \
         (`findings/`) are the finer account: each ranked root cause there was isolated by \
         neutralising one construct at a time on a minimal input.\n"
    )?;
    writeln!(
        out,
        "A case passes when all its scored checks pass; it is left out (never counted as \
         passed) when, without a failure, some of its checks are `unsupported` or known \
         deviations. The code is `harness/src/report/scores.rs`."
    )
}

/// One implementation's page, `implementations/<name>.md`.
pub(super) fn implementation_md(results: &Results, row: &Row<'_>) -> Result<String, fmt::Error> {
    let imp = row.imp;
    let name = &imp.name;
    let mut out = String::new();
    writeln!(
        out,
        "<!-- Generated by `{}` from results.json and findings/index.json; do not edit. -->\n",
        crate::results::COMMAND
    )?;
    writeln!(out, "# {name}\n")?;
    writeln!(
        out,
        "`{}` {} ({}). [Summary](../README.md) · [findings](../findings/{name}.md) · [case \
         matrix](../index.html#matrix/{name})\n",
        imp.implementation, imp.version, imp.language
    )?;
    claim_md(&mut out, imp)?;
    if let Some(why) = &imp.unavailable {
        writeln!(out, "Unavailable: {why}")?;
        return Ok(out);
    }
    writeln!(out, "## Scores\n")?;
    writeln!(
        out,
        "Checks and cases passed of those scored (`unsupported` and known deviations apart). \
         **MUST/SHOULD**: verdicts resting on a MUST or SHOULD sentence; **MAY/reading**: on a \
         MAY or the profile's reading of a silent text.\n"
    )?;
    writeln!(
        out,
        "| profile | MUST/SHOULD checks | cases | MAY/reading checks | cases | unsupported | known deviations | causes |"
    )?;
    writeln!(out, "| --- | --- | --- | --- | --- | --- | --- | --- |")?;
    for p in Profile::ALL {
        let c = |g| scores::checks(results, imp, Suite::Robots, p, Some(g));
        let k = |g| scores::cases(results, imp, Suite::Robots, p, Some(g));
        let all = scores::checks(results, imp, Suite::Robots, p, None);
        writeln!(
            out,
            "| {p} | {} | {} | {} | {} | {} | {} | {} |",
            c(ForceGroup::Conformance).text(),
            k(ForceGroup::Conformance).text(),
            c(ForceGroup::Agreement).text(),
            k(ForceGroup::Agreement).text(),
            all.unsupported,
            all.known,
            scores::causes(results, imp, Suite::Robots, p).len()
        )?;
    }
    writeln!(out)?;
    for (i, p) in PROFILES.into_iter().enumerate() {
        writeln!(out, "## Failures under `{p}`, by cause\n")?;
        if row.causes[i].is_empty() {
            writeln!(out, "None.\n")?;
            continue;
        }
        for cause in &row.causes[i] {
            writeln!(
                out,
                "- **{}** (`{}`): {} check(s) in {} case(s), {} on MUST/SHOULD; {}",
                cause.about,
                cause.tag,
                cause.checks,
                cause.cases.len(),
                cause.binding,
                cause.how()
            )?;
            writeln!(out, "  {}", case_links_md(results, cause))?;
        }
        writeln!(out)?;
    }
    if !imp.deviations.is_empty() {
        writeln!(out, "## Known deviations\n")?;
        for (case, reason) in &imp.deviations {
            writeln!(
                out,
                "- `{case}`: {}",
                reason.split_whitespace().collect::<Vec<_>>().join(" ")
            )?;
        }
        writeln!(out)?;
    }
    crate::report::records::implementation_md(&mut out, results, imp)?;
    writeln!(out, "## Differential findings\n")?;
    match row.defects {
        None => writeln!(
            out,
            "Not fuzzed: no differential campaign has asked it (whole crawlers are left out of \
             `fuzz-diff`).\n"
        )?,
        Some([]) => writeln!(out, "No defect.\n")?,
        Some(list) => {
            writeln!(
                out,
                "{} defect(s) in [its report](../findings/{name}.md); the first five:\n",
                list.len()
            )?;
            for d in list.iter().take(5) {
                writeln!(
                    out,
                    "1. [{}](../findings/{name}.md#{}) ({} real-world check(s) flipped, {} corpus file(s))",
                    md(&d.title),
                    d.id,
                    d.flips,
                    d.files
                )?;
            }
            writeln!(out)?;
        }
    }
    if results.impact.is_some() && imp.kind == crate::engines::adapters::Kind::Crawler {
        writeln!(out, "## Real world\n")?;
        writeln!(
            out,
            "Not run over the real-world corpus: a whole crawler answers by one crawl per \
             question, too slow for the corpus's URLs.\n"
        )?;
    }
    if let Some(impact) = &results.impact
        && let Some(r) = impact.implementations.iter().find(|r| &r.name == name)
    {
        writeln!(out, "## Real world\n")?;
        let d = |p: Profile| r.disagree.get(&p).copied().unwrap_or(0);
        writeln!(
            out,
            "On `{}` ({} sites, {} URLs), asked as `{}`: {} answered; differs from `rfc9309` on \
             {} ({}), from `google` on {} ({}); {} unsupported, {} errors.\n",
            impact.corpus,
            impact.sites,
            impact.urls,
            impact.agent,
            r.answered,
            d(Profile::Rfc9309),
            percent(d(Profile::Rfc9309), r.answered),
            d(Profile::Google),
            percent(d(Profile::Google), r.answered),
            r.unsupported,
            r.errors
        )?;
    }
    writeln!(out, "## Fetch\n")?;
    if imp.fetch_results.is_empty() {
        writeln!(
            out,
            "Does not fetch robots.txt itself (not asked the fetch cases)."
        )?;
    } else {
        for p in PROFILES {
            let c = |g| scores::checks(results, imp, Suite::Fetch, p, Some(g));
            let causes = scores::causes(results, imp, Suite::Fetch, p);
            writeln!(
                out,
                "- `{p}`: MUST/SHOULD {}, MAY/reading {}; {} cause(s){}",
                c(ForceGroup::Conformance).text(),
                c(ForceGroup::Agreement).text(),
                causes.len(),
                if causes.is_empty() { "" } else { ":" }
            )?;
            for cause in &causes {
                writeln!(
                    out,
                    "  - {} (`{}`): {} check(s) in {} case(s): {}",
                    cause.about,
                    cause.tag,
                    cause.checks,
                    cause.cases.len(),
                    cause
                        .cases
                        .iter()
                        .map(|(id, _)| format!("`{id}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )?;
            }
        }
        crate::report::draw::fetch_misses(&mut out, results, imp)?;
    }
    Ok(out)
}

fn claim_md(out: &mut String, imp: &Implementation) -> fmt::Result {
    match &imp.claim {
        Some(c) if c.reading != "none" => writeln!(
            out,
            "**Claims** `{}`: \u{201c}{}\u{201d} ([source]({}))\n",
            c.reading, c.quote, c.source
        ),
        Some(_) => writeln!(
            out,
            "**Claims** no reading: its documentation names none.\n"
        ),
        None => writeln!(out, "**Claims**: not recorded in its manifest.\n"),
    }
}

fn case_links_md(results: &Results, cause: &Cause) -> String {
    cause
        .cases
        .iter()
        .map(|(id, checks)| {
            let file = results
                .cases
                .iter()
                .find(|c| &c.id == id)
                .map(|c| c.file.clone())
                .unwrap_or_default();
            let checks: Vec<String> = checks.iter().map(|c| format!("#{}", c + 1)).collect();
            format!("[`{id}`](../../{file}) {}", checks.join(" "))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The summary table of `index.html` (sortable: each cell carries `data-sort`).
pub(super) fn summary_html(rows: &[Row<'_>]) -> String {
    let mut out = String::new();
    out.push_str(
        "<div class=\"scroll\"><table class=\"summary\" id=\"summary-table\">\n<thead><tr>\
<th data-type=\"text\">implementation</th><th data-type=\"text\" class=\"col-language\">language, version</th>\
<th data-type=\"text\" class=\"col-claims\">claims</th>\
<th data-type=\"num\" title=\"rfc9309 MUST/SHOULD checks passed of those scored\">rfc9309 MUST/SHOULD</th>\
<th data-type=\"num\" title=\"rfc9309 MUST/SHOULD cases passed (all checks)\">cases</th>\
<th data-type=\"num\" title=\"google MUST/SHOULD checks passed of those scored\">google MUST/SHOULD</th>\
<th data-type=\"num\">cases</th>\
<th data-type=\"num\" title=\"failure causes under rfc9309\">causes</th>\
<th data-type=\"num\" title=\"defects found by the differential fuzzer, one per behaviour\">defects</th>\
<th data-type=\"num\" title=\"share of real-world answers differing from the google profile\">real world ≠ google</th>\
<th data-type=\"num\" title=\"fetch MUST/SHOULD checks, rfc9309\">fetch rfc9309</th>\
<th data-type=\"num\" title=\"fetch MUST/SHOULD checks, google\">fetch google</th>\
<th data-type=\"num\" title=\"failing fetch cases under rfc9309 grouped by cause (a case goes to one of its tags): causes (cases)\">fetch causes</th>\
</tr></thead>\n<tbody>\n",
    );
    for row in rows {
        let name = html(&row.imp.name);
        let share = |t: &Tally| {
            format!(
                "<td data-sort=\"{:.6}\">{}<span class=\"sub\">{}/{}</span></td>",
                t.share(),
                percent(t.passed, t.scored()),
                t.passed,
                t.scored()
            )
        };
        let findings = match row.defects {
            Some(d) => format!(
                "<td data-sort=\"{}\"><a href=\"findings/{name}.md\">{}</a></td>",
                d.len(),
                d.len()
            ),
            None => {
                "<td data-sort=\"-1\" title=\"no differential campaign asked it\">not fuzzed</td>"
                    .to_owned()
            }
        };
        let real = match row.real_world {
            Some((n, d)) => format!(
                "<td data-sort=\"{:.6}\">{}</td>",
                if n == 0 { -1.0 } else { d as f64 / n as f64 },
                percent(d, n)
            ),
            None => "<td data-sort=\"-1\">–</td>".to_owned(),
        };
        let fetch = match &row.fetch {
            Some([r, g]) => format!("{}{}", share(r), share(g)),
            None => {
                "<td data-sort=\"-1\" class=\"na\">–</td><td data-sort=\"-1\" class=\"na\">–</td>"
                    .to_owned()
            }
        };
        // Sorted by causes, then by the cases they hold.
        let fetch = fetch
            + &match row.fetch_cause_count() {
                // The count, its cases under it (as the shares show theirs): the column
                // stays narrow enough for the summary to fit a 1280 px window.
                Some((n, m)) => format!(
                    "<td data-sort=\"{}\">{n}<span class=\"sub\">{m} case{}</span></td>",
                    n * 1000 + m,
                    if m == 1 { "" } else { "s" }
                ),
                None => "<td data-sort=\"-1\" class=\"na\">–</td>".to_owned(),
            };
        out.push_str(&format!(
            "<tr data-impl=\"{name}\"><th scope=\"row\"><a class=\"impl-link\" href=\"#impl/{name}\">{name}</a>\
<span class=\"sub\"><span class=\"lang\">{0} {1} · </span><a href=\"#matrix/{name}\">matrix</a></span></th>\
<td class=\"col-language\">{0}<span class=\"sub\">{1}</span></td><td class=\"col-claims\">{2}</td>{3}{4}{5}{6}<td data-sort=\"{7}\">{7}</td>{findings}{real}{fetch}</tr>\n",
            html(&row.imp.language),
            html(&row.imp.version),
            html(claim_short(row.imp)),
            share(&row.conformance[0].0),
            share(&row.conformance[0].1),
            share(&row.conformance[1].0),
            share(&row.conformance[1].1),
            row.causes[0].len(),
        ));
    }
    out.push_str("</tbody></table></div>\n");
    out
}

/// The baseline paragraph of `index.html`.
pub(super) fn baseline_html(results: &Results) -> String {
    let cell = |p: Profile, a: Answer| {
        let (checks, cases) = scores::baseline(results, p, Some(ForceGroup::Conformance), a);
        format!(
            "{} of checks, {} of cases",
            percent(checks.passed, checks.scored()),
            percent(cases.passed, cases.scored())
        )
    };
    format!(
        "<p class=\"baseline\"><strong>The scale:</strong> answering <code>allow</code> to \
everything would score {} on the <code>rfc9309</code> MUST/SHOULD checks ({} under \
<code>google</code>); answering <code>disallow</code> to everything, {} ({}).</p>\n",
        cell(Profile::Rfc9309, Answer::Allow),
        cell(Profile::Google, Answer::Allow),
        cell(Profile::Rfc9309, Answer::Disallow),
        cell(Profile::Google, Answer::Disallow),
    )
}

/// Why an implementation has no ranked defects: a whole crawler is left out of the
/// differential campaigns; any other was not asked by the campaign the findings come from.
fn not_fuzzed(imp: &Implementation) -> &'static str {
    if imp.kind == crate::engines::adapters::Kind::Crawler {
        "a whole crawler: the differential campaigns leave crawlers out"
    } else {
        "no differential campaign of the findings asked it"
    }
}

/// The anchor of a language's item in "choosing a parser" (`c++` as `cpp`).
pub(super) fn choosing_id(language: &str) -> String {
    format!("choosing-{}", language.replace('+', "p"))
}

/// The links from the page's header to each language's choice, so that a reader asking
/// "which Python parser?" is one click from the answer at any width.
pub(super) fn languages_html(rows: &[Row<'_>]) -> String {
    let links: Vec<String> = languages(rows)
        .keys()
        .map(|language| {
            format!(
                "<a href=\"#{}\">{}</a>",
                choosing_id(language),
                html(&language_name(language))
            )
        })
        .collect();
    format!(
        "<nav class=\"languages\">Best parser in: {}</nav>\n",
        links.join(" · ")
    )
}

/// The next of a language when the summary cannot tell it from the best: the same `rfc9309`
/// MUST/SHOULD share at the one decimal shown. The ranking still orders them (by the exact
/// share, then cases), but a reader shown two equal figures is told the choice is close.
fn level_with<'a, 'r>(list: &[&'a Row<'r>]) -> Option<&'a Row<'r>> {
    let shown = |r: &Row<'_>| percent(r.conformance[0].0.passed, r.conformance[0].0.scored());
    let (best, next) = (list.first()?, list.get(1)?);
    (shown(best) == shown(next)).then_some(*next)
}

/// The "choosing a parser" section of `index.html`: per language, its best first (name,
/// version, score, top defect), then what else it still gets wrong and the others.
pub(super) fn choosing_html(rows: &[Row<'_>]) -> String {
    let mut out = String::from("<ul class=\"choosing\">\n");
    for (language, list) in languages(rows) {
        let best = list[0];
        let name = html(&best.imp.name);
        let (breaks, reads) = still_wrong(best);
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let wrong: Vec<String> = breaks
            .iter()
            .map(|c| {
                format!(
                    "{} ({} failing check{} in {} case{}, {} on MUST/SHOULD)",
                    inline(&c.about),
                    c.checks,
                    plural(c.checks),
                    c.cases.len(),
                    plural(c.cases.len()),
                    c.binding
                )
            })
            .collect();
        let differs: Vec<String> = reads
            .iter()
            .map(|c| {
                format!(
                    "{} ({} check{})",
                    inline(&c.about),
                    c.checks,
                    plural(c.checks)
                )
            })
            .collect();
        let (checks, cases) = (&best.conformance[0].0, &best.conformance[0].1);
        let mut item = format!(
            "<li id=\"{}\" data-language=\"{}\"><p class=\"lead\"><strong>{}</strong>: \
<a class=\"impl-link\" href=\"#impl/{name}\">{name}</a> {} — <code>rfc9309</code> MUST/SHOULD \
{} of checks ({}/{}), {} of cases; claims {}.",
            choosing_id(language),
            html(language),
            html(&language_name(language)),
            html(&best.imp.version),
            percent(checks.passed, checks.scored()),
            checks.passed,
            checks.scored(),
            percent(cases.passed, cases.scored()),
            html(claim_short(best.imp)),
        );
        match best.defects {
            Some([top, ..]) => item.push_str(&format!(
                " <span class=\"top-defect\">Top defect: <a href=\"findings/{name}.md#{}\">{}</a>.</span>",
                html(&top.id),
                inline(&top.title)
            )),
            Some([]) => {
                item.push_str(" <span class=\"top-defect\">No defect found by the differential fuzzer.</span>")
            }
            None => item.push_str(&format!(
                " <span class=\"top-defect\">Not fuzzed ({}).</span>",
                not_fuzzed(best.imp)
            )),
        }
        if let Some(next) = level_with(&list) {
            let (c, k) = (&next.conformance[0].0, &next.conformance[0].1);
            item.push_str(&format!(
                " <span class=\"level\">Level at the shown precision with \
<a href=\"#impl/{0}\">{0}</a> ({1}/{2} checks, {3} of cases).</span>",
                html(&next.imp.name),
                c.passed,
                c.scored(),
                percent(k.passed, k.scored())
            ));
        }
        item.push_str("</p><p class=\"more\">");
        if wrong.is_empty() {
            item.push_str("No MUST/SHOULD check failed under <code>rfc9309</code>.");
        } else {
            item.push_str(&format!(
                "<span class=\"wrong\">Still breaks: {}.</span>",
                wrong.join("; ")
            ));
        }
        if !differs.is_empty() {
            item.push_str(&format!(
                " <span class=\"differs\">Reads differently (MAY or reading): {}.</span>",
                differs.join("; ")
            ));
        }
        let apart = checks.unsupported + checks.known;
        if apart > 0 {
            item.push_str(&format!(
                " ({apart} check{} unsupported or known deviation{}, not scored.)",
                plural(apart),
                plural(apart)
            ));
        }
        if list.len() > 1 {
            let others: Vec<String> = list[1..]
                .iter()
                .map(|r| {
                    format!(
                        "<a href=\"#impl/{0}\">{0}</a> {1}",
                        html(&r.imp.name),
                        percent(r.conformance[0].0.passed, r.conformance[0].0.scored())
                    )
                })
                .collect();
            item.push_str(&format!(
                " <span class=\"others\">Then: {}.</span>",
                others.join(", ")
            ));
        }
        item.push_str("</p></li>\n");
        out.push_str(&item);
    }
    out.push_str("</ul>\n");
    out
}

/// One implementation's view in `index.html` (shown for `#impl/<name>`).
pub(super) fn implementation_html(results: &Results, row: &Row<'_>) -> String {
    let imp = row.imp;
    let name = html(&imp.name);
    let mut out = format!(
        "<section class=\"impl-page\" id=\"impl-{name}\" data-impl=\"{name}\" hidden>\n\
<p class=\"nav\"><a href=\"#summary\" class=\"back\">← all implementations</a> · \
<a href=\"implementations/{name}.md\">page as Markdown</a> · <a href=\"findings/{name}.md\">findings</a> · \
<a href=\"#matrix/{name}\">case matrix</a></p>\n\
<h2>{name}</h2>\n<p><code>{}</code> {} ({})</p>\n",
        html(&imp.implementation),
        html(&imp.version),
        html(&imp.language)
    );
    out.push_str(&match &imp.claim {
        Some(c) if c.reading != "none" => format!(
            "<p class=\"claim\"><strong>Claims <code>{}</code></strong>: \u{201c}{}\u{201d} (<a href=\"{}\">source</a>)</p>\n",
            html(&c.reading),
            html(&c.quote),
            html(&c.source)
        ),
        Some(_) => "<p class=\"claim\"><strong>Claims</strong> no reading: its documentation names none.</p>\n".to_owned(),
        None => "<p class=\"claim\">Claim not recorded.</p>\n".to_owned(),
    });
    if let Some(why) = &imp.unavailable {
        out.push_str(&format!("<p>Unavailable: {}</p>\n</section>\n", html(why)));
        return out;
    }
    out.push_str(
        "<div class=\"scroll\"><table class=\"scores\"><tr><th>profile</th><th>MUST/SHOULD checks</th>\
<th>cases</th><th>MAY/reading checks</th><th>cases</th><th>unsupported</th><th>known</th></tr>\n",
    );
    for p in Profile::ALL {
        let c = |g| scores::checks(results, imp, Suite::Robots, p, Some(g)).text();
        let k = |g| scores::cases(results, imp, Suite::Robots, p, Some(g)).text();
        let all = scores::checks(results, imp, Suite::Robots, p, None);
        out.push_str(&format!(
            "<tr><th>{p}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            c(ForceGroup::Conformance),
            k(ForceGroup::Conformance),
            c(ForceGroup::Agreement),
            k(ForceGroup::Agreement),
            all.unsupported,
            all.known
        ));
    }
    out.push_str("</table></div>\n");
    for (i, p) in PROFILES.into_iter().enumerate() {
        out.push_str(&format!(
            "<h3>Failures under <code>{p}</code>: {} cause{}</h3>\n",
            row.causes[i].len(),
            if row.causes[i].len() == 1 { "" } else { "s" }
        ));
        if row.causes[i].is_empty() {
            out.push_str("<p>None.</p>\n");
            continue;
        }
        out.push_str(&format!("<ol class=\"causes\" data-profile=\"{p}\">\n"));
        for cause in &row.causes[i] {
            let links: Vec<String> = cause
                .cases
                .iter()
                .map(|(id, checks)| {
                    format!(
                        "<a class=\"case-link\" href=\"#case/{}\">{}</a>{}",
                        html(id),
                        html(id),
                        checks
                            .iter()
                            .map(|c| format!(" #{}", c + 1))
                            .collect::<String>()
                    )
                })
                .collect();
            out.push_str(&format!(
                "<li><strong>{}</strong> <code>{}</code>: {} check{} in {} case{} ({} on MUST/SHOULD); {}.\
<div class=\"cases\">{}</div></li>\n",
                inline(&cause.about),
                html(&cause.tag),
                cause.checks,
                if cause.checks == 1 { "" } else { "s" },
                cause.cases.len(),
                if cause.cases.len() == 1 { "" } else { "s" },
                cause.binding,
                html(&cause.how()),
                links.join(", ")
            ));
        }
        out.push_str("</ol>\n");
    }
    out.push_str("<h3>Differential findings</h3>\n");
    match row.defects {
        None => out.push_str(
            "<p>Not fuzzed: no differential campaign has asked it (whole crawlers are left out \
             of <code>fuzz-diff</code>).</p>\n",
        ),
        Some([]) => out.push_str("<p>No defect.</p>\n"),
        Some(list) => {
            out.push_str(&format!(
                "<p>{} defect{} (<a href=\"findings/{name}.md\">report</a>); the first five:</p><ol class=\"defects\">\n",
                list.len(),
                if list.len() == 1 { "" } else { "s" }
            ));
            for d in list.iter().take(5) {
                out.push_str(&format!(
                    "<li><a href=\"findings/{name}.md#{}\">{}</a> ({} real-world flip{})</li>\n",
                    html(&d.id),
                    inline(&d.title),
                    d.flips,
                    if d.flips == 1 { "" } else { "s" }
                ));
            }
            out.push_str("</ol>\n");
        }
    }
    if let Some((n, d)) = row.real_world {
        out.push_str(&format!(
            "<h3>Real world</h3>\n<p>Differs from the <code>google</code> profile on {d} of {n} real answers ({}).</p>\n",
            percent(d, n)
        ));
    }
    out.push_str("<h3>Fetch</h3>\n");
    if imp.fetch_results.is_empty() {
        out.push_str("<p>Does not fetch robots.txt itself.</p>\n");
    } else {
        out.push_str("<ul class=\"fetch\">\n");
        for p in PROFILES {
            let c = |g| scores::checks(results, imp, Suite::Fetch, p, Some(g)).text();
            let causes = scores::causes(results, imp, Suite::Fetch, p);
            let listed: Vec<String> = causes
                .iter()
                .map(|c| {
                    format!(
                        "{} ({} case{}: {})",
                        inline(&c.about),
                        c.cases.len(),
                        if c.cases.len() == 1 { "" } else { "s" },
                        c.cases
                            .iter()
                            .map(|(id, _)| format!("<code>{}</code>", html(id)))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                })
                .collect();
            out.push_str(&format!(
                "<li><code>{p}</code>: MUST/SHOULD {}, MAY/reading {}; {} cause{}{}</li>\n",
                c(ForceGroup::Conformance),
                c(ForceGroup::Agreement),
                causes.len(),
                if causes.len() == 1 { "" } else { "s" },
                if listed.is_empty() {
                    String::new()
                } else {
                    format!(": {}", listed.join("; "))
                }
            ));
        }
        out.push_str("</ul>\n");
    }
    out.push_str("<p class=\"nav\"><a href=\"#summary\" class=\"back\">← all implementations</a></p>\n</section>\n");
    out
}

/// Implementations in the summary's order: best conformance to `rfc9309` (its MUST and
/// SHOULD checks, `unsupported` and known deviations apart) first.
pub(crate) fn ranked(results: &Results) -> Vec<&Implementation> {
    rows(results, None).into_iter().map(|row| row.imp).collect()
}

/// `N causes (M cases)`: causes, and the failing cases they hold (each case goes to one).
pub(crate) fn causes_count(causes: &[scores::Cause]) -> String {
    let cases: usize = causes.iter().map(|c| c.cases.len()).sum();
    causes_text(causes.len(), cases)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use reptest_reference::Profile;

    use super::{Defect, choosing_html, inline, languages_html, rows, summary_html};
    use crate::answer::{Answer, Status};
    use crate::results::{CaseRecord, CheckRecord, CheckResult, Implementation, Results};
    use crate::suite::cases::Force;

    /// A Python implementation answering `answers[i]` to the case `c/i` (each expects `Disallow`).
    fn python(name: &str, version: &str, answers: &[Answer]) -> Implementation {
        Implementation {
            name: name.to_owned(),
            implementation: name.to_owned(),
            language: "python".to_owned(),
            version: version.to_owned(),
            kind: crate::engines::adapters::Kind::Parser,
            unavailable: None,
            claim: None,
            deviations: BTreeMap::new(),
            results: answers
                .iter()
                .enumerate()
                .map(|(check, a)| CheckResult {
                    case: format!("c/{check}"),
                    check: 0,
                    answer: *a,
                    detail: None,
                    status: [(
                        Profile::Rfc9309,
                        if *a == Answer::Disallow {
                            Status::Pass
                        } else {
                            Status::Fail
                        },
                    )]
                    .into_iter()
                    .collect(),
                    answered: None,
                })
                .collect(),
            fetch_results: Vec::new(),
            records_results: Vec::new(),
        }
    }

    #[test]
    fn the_choice_leads_with_name_version_score_and_top_defect_and_says_when_it_is_close() {
        use Answer::{Allow, Disallow};
        let cases = (0..3)
            .map(|i| CaseRecord {
                id: format!("c/{i}"),
                file: "spec-cases/demo.toml".to_owned(),
                area: String::new(),
                tags: vec!["wildcards".to_owned()],
                spec: Vec::new(),
                note: None,
                profiles: vec![Profile::Rfc9309],
                force: [(Profile::Rfc9309, Force::Must)].into_iter().collect(),
                robots: String::new(),
                escaped: false,
                fill_to: None,
                agent: "a".to_owned(),
                checks: vec![CheckRecord {
                    url: "http://example.com/".to_owned(),
                    agent: None,
                    expect: [(Profile::Rfc9309, Disallow)].into_iter().collect(),
                }],
            })
            .collect();
        let results = Results {
            schema: crate::results::SCHEMA,
            generated_by: String::new(),
            cases,
            implementations: vec![
                python("low", "0.1", &[Disallow, Allow, Allow]),
                python("b-level", "2.0", &[Disallow, Disallow, Allow]),
                python("a-best", "1.2rc1", &[Disallow, Disallow, Allow]),
            ],
            impact: None,
            fetch_cases: Vec::new(),
            records_cases: Vec::new(),
        };
        let defects: BTreeMap<String, Vec<Defect>> = [(
            "a-best".to_owned(),
            vec![Defect {
                id: "a-best-1".to_owned(),
                title: "a `*` rule → allow".to_owned(),
                flips: 3,
                files: 2,
            }],
        )]
        .into_iter()
        .collect();
        let rows = rows(&results, Some(&defects));
        let choosing = choosing_html(&rows);
        assert!(
            choosing.contains(
                "<li id=\"choosing-python\" data-language=\"python\"><p class=\"lead\"><strong>Python</strong>: \
<a class=\"impl-link\" href=\"#impl/a-best\">a-best</a> 1.2rc1 — <code>rfc9309</code> MUST/SHOULD \
66.7% of checks (2/3), 66.7% of cases; claims not stated. <span class=\"top-defect\">Top defect: \
<a href=\"findings/a-best.md#a-best-1\">a <code>*</code> rule → allow</a>.</span>"
            ),
            "{choosing}"
        );
        assert!(
            choosing.contains("Level at the shown precision with <a href=\"#impl/b-level\">b-level</a> (2/3 checks"),
            "{choosing}"
        );
        assert!(choosing.contains("Still breaks: "), "{choosing}");
        assert!(
            languages_html(&rows).contains("<a href=\"#choosing-python\">Python</a>"),
            "the header links the choice"
        );
        assert!(
            summary_html(&rows).contains("python<span class=\"sub\">1.2rc1</span>"),
            "the summary shows each version"
        );
        // Without a runner-up at the same figure, no such note; without findings, it says so.
        let alone = Results {
            implementations: results.implementations[..1].to_vec(),
            ..results.clone()
        };
        let choosing = choosing_html(&rows_of(&alone));
        assert!(!choosing.contains("Level at"), "{choosing}");
        assert!(choosing.contains("Not fuzzed"), "{choosing}");
    }

    fn rows_of(results: &Results) -> Vec<super::Row<'_>> {
        rows(results, None)
    }

    #[test]
    fn code_spans_become_code_and_text_is_escaped() {
        assert_eq!(
            inline("rules on `/index.html` <b>"),
            "rules on <code>/index.html</code> &lt;b&gt;"
        );
        assert_eq!(inline("a ` alone"), "a ` alone");
    }
}
