//! The pages drawn from `results.json` (and the findings index): `reports/README.md`, one
//! function per section, and `reports/index.html`. Drawing is a pure function of its inputs.

use std::collections::BTreeMap;
use std::fmt;

use anyhow::{Context, Result};
use reptest_reference::Profile;

use crate::fuzz::filing::Measured;
use crate::fuzz::store::Published as Findings;
use crate::report::draw::{
    areas_present, expectations, fetch_cell, fetch_expectation, fetching, html_text,
    overridden_sentence, text_vs_parser_cases,
};
use crate::report::landing::{self, Defect, causes_count, ranked};
use crate::report::scores::{self, Suite};
use crate::results::{COMMAND, ForceGroup, Results};

/// `reports/README.md`: its sections in order.
pub fn readme(
    results: &Results,
    findings: Option<&Findings>,
) -> std::result::Result<String, fmt::Error> {
    readme_with(results, findings, None)
}

/// `reports/README.md` with each implementation's ranked findings ([`landing::defects`]).
pub fn readme_with(
    results: &Results,
    findings: Option<&Findings>,
    defects: Option<&BTreeMap<String, Vec<Defect>>>,
) -> std::result::Result<String, fmt::Error> {
    let mut out = String::new();
    let rows = landing::rows(results, defects);
    section::header(&mut out, results)?;
    landing::summary_md(&mut out, results, &rows)?;
    section::scores(&mut out, results)?;
    section::areas(&mut out, results)?;
    if let Some(impact) = &results.impact {
        section::impact(&mut out, results, impact)?;
    }
    if let Some(findings) = findings {
        section::findings(&mut out, findings, defects)?;
    }
    section::spec_conflicts(&mut out, results)?;
    section::text_vs_parser(&mut out, results)?;
    section::fetch(&mut out, results)?;
    crate::report::records::section_md(&mut out, results)?;
    landing::attribution_md(&mut out)?;
    section::per_implementation(&mut out, &rows)?;
    while out.ends_with("\n\n") {
        out.pop();
    }
    Ok(out)
}

/// The sections of `reports/README.md`, one function each.
mod section {
    use std::collections::BTreeMap;
    use std::fmt::{self, Write as _};

    use reptest_reference::Profile;

    use crate::answer::Answer;
    use crate::fuzz::store::Published as Findings;
    use crate::report::draw::{areas_present, first_sentence, percent};
    use crate::report::landing::ranked;
    use crate::results::{COMMAND, ForceGroup, Impact, ImpactRow, Results, score, score_by_force};

    /// The fetch matrix: every fetch case against every implementation that fetches, then
    /// what each gets wrong.
    pub(super) fn fetch(out: &mut String, results: &Results) -> fmt::Result {
        use crate::report::scores::{self, Suite};
        if results.fetch_cases.is_empty() {
            return Ok(());
        }
        let imps = crate::report::draw::fetching(results);
        writeln!(out, "\n## Fetch conformance\n")?;
        writeln!(
            out,
            "Each implementation that fetches robots.txt itself (its adapter declares \
             `\"fetch\": true`) fetched it from a loopback HTTP server playing each case of \
             [`spec-cases/fetch.toml`](../spec-cases/fetch.toml): statuses, redirects, network \
             failures, bodies. Every answer that is not a redirect carries `disallow: /private`, \
             so the verdicts on `/public` and `/private` tell *rules* (the file's rules apply) \
             from *allow all* and *disallow all*. ✓: as `rfc9309` and `google` expect; ✗: \
             misses a MUST or SHOULD of the profile named (of both when none is named); ≠: \
             differs only where the text leaves room (a MAY, or the profile's interpretation); \
             *raised: …*: the library raised this error instead of answering (its first line); \
             *no answer within N s*: nothing came within the harness's wait (N s; the wait is \
             past the library's own timeout where one was measured); *requests*: the checks on what the server was asked \
             (`fetched`, `max_requests`). The reference, with its own HTTP client, meets every \
             expectation (`cargo test`). {} implementations fetch.\n",
            imps.len()
        )?;
        let names: Vec<&str> = imps.iter().map(|i| i.name.as_str()).collect();
        writeln!(out, "| case | served | expected | {} |", names.join(" | "))?;
        writeln!(out, "| --- | --- | --- |{}", " --- |".repeat(names.len()))?;
        for case in &results.fetch_cases {
            // An error's line may hold `|` (a table's edge) or `<` (an HTML tag to Markdown).
            let cells: Vec<String> = imps
                .iter()
                .map(|i| {
                    crate::report::draw::fetch_cell(case, i)
                        .replace('|', "\\|")
                        .replace('<', "&lt;")
                })
                .collect();
            writeln!(
                out,
                "| [`{}`](../{}) | {} | {} | {} |",
                case.id,
                case.file,
                case.served.replace('|', "\\|"),
                crate::report::draw::fetch_expectation(case),
                cells.join(" | ")
            )?;
        }
        writeln!(out, "\n### Fetch scores\n")?;
        writeln!(
            out,
            "Checks passed of those answered, split by force as the main scores are (a fetch \
             case can rest on a MAY under `rfc9309` and on a MUST under `google`), and the \
             failing cases grouped by cause: each goes to one of its tags, the one the \
             implementation fails most consistently over all fetch cases (\"How failures are \
             attributed\"), so one behaviour failing several cases counts once. \"N causes (M \
             cases)\", then each cause's tag with its number of cases.\n"
        )?;
        writeln!(
            out,
            "| implementation | rfc9309 MUST/SHOULD | rfc9309 MAY/reading | google MUST/SHOULD | \
             google MAY/reading | causes rfc9309 | causes google |"
        )?;
        writeln!(out, "| --- | --- | --- | --- | --- | --- | --- |")?;
        for imp in &imps {
            let c = |p: Profile, g: ForceGroup| {
                scores::checks(results, imp, Suite::Fetch, p, Some(g)).text()
            };
            let causes = |p: Profile| {
                let list = scores::causes(results, imp, Suite::Fetch, p);
                if list.is_empty() {
                    return "none".to_owned();
                }
                format!(
                    "{}: {}",
                    crate::report::landing::causes_count(&list),
                    list.iter()
                        .map(|c| format!("{} ({})", c.tag, c.cases.len()))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            writeln!(
                out,
                "| [{0}](implementations/{0}.md) | {1} | {2} | {3} | {4} | {5} | {6} |",
                imp.name,
                c(Profile::Rfc9309, ForceGroup::Conformance),
                c(Profile::Rfc9309, ForceGroup::Agreement),
                c(Profile::Google, ForceGroup::Conformance),
                c(Profile::Google, ForceGroup::Agreement),
                causes(Profile::Rfc9309),
                causes(Profile::Google)
            )?;
        }
        writeln!(
            out,
            "\nWhat each implementation gets wrong on fetching (against a MUST or SHOULD, where \
             it raised or gave no answer within the harness's wait, and where it differs only \
             where the text leaves room) is on its page, under \"Fetch\" (linked from the \
             table above)."
        )?;
        Ok(())
    }
    use crate::suite::cases::Force;

    /// The title and what the report is.
    pub(super) fn header(out: &mut String, results: &Results) -> fmt::Result {
        writeln!(
            out,
            "<!-- Generated by `{COMMAND}` from results.json and findings/index.json; do not edit. \
             `reptest report --render` redraws it from the committed results. -->\n"
        )?;
        writeln!(out, "# robots.txt implementations: compatibility report\n")?;
        let checks: usize = results.cases.iter().map(|c| c.checks.len()).sum();
        writeln!(
            out,
            "{} implementations, each asked the {checks} robots.txt verdict checks of the {} spec \
             cases ([`spec-cases/`](../spec-cases/)) through protocol v1, and scored against the \
             reference under each profile: `rfc9309` (RFC 9309), `google` (Google's 2019 robots.txt \
             specification) and `legacy` (its pre-2019 text). A check that an implementation cannot \
             be asked (a size limit, fallback product tokens) counts as `unsupported`, never as \
             passed. [`index.html`](index.html) is the same data as an interactive matrix; \
             [`results.json`](results.json) holds everything (format in `harness/README.md`). \
             What each whole crawler gets wrong against a MUST or SHOULD, each behaviour \
             reproduced by hand against a small server, is in [`crawlers.md`](crawlers.md).\n",
            results.implementations.len(),
            results.cases.len()
        )?;
        Ok(())
    }

    /// Every implementation's scores under each profile: conformance (MUST and SHOULD
    /// checks) and agreement on the profile's readings (MAY and interpretation checks) in
    /// separate columns, so that no headline number mixes them.
    pub(super) fn scores(out: &mut String, results: &Results) -> fmt::Result {
        writeln!(out, "## Scores\n")?;
        writeln!(
            out,
            "Under each profile, **conformance** counts the checks whose verdict rests on a MUST \
             or SHOULD sentence (for the Google texts, an unconditional statement): failing one \
             is breaking the text. **Agreement** counts the checks that rest on a MAY or on the \
             profile's reading of a silent or ambiguous text: failing one is reading the text \
             differently from reptest, and each such case's note says which reading it took and \
             why. Ranked by conformance to `rfc9309`. Every case's force is in \
             [`spec-cases/`](../spec-cases/README.md) (\"Force\").\n"
        )?;
        let mut counts = String::new();
        for profile in Profile::ALL {
            let cells: Vec<String> = Force::ALL
                .iter()
                .map(|f| {
                    let n: usize = results
                        .cases
                        .iter()
                        .filter(|c| c.force.get(&profile) == Some(f))
                        .map(|c| {
                            c.checks
                                .iter()
                                .filter(|k| k.expect.contains_key(&profile))
                                .count()
                        })
                        .sum();
                    n.to_string()
                })
                .collect();
            writeln!(counts, "| {profile} | {} |", cells.join(" | "))?;
        }
        writeln!(out, "| checks | must | should | may | interpretation |")?;
        writeln!(out, "| --- | --- | --- | --- | --- |")?;
        writeln!(out, "{counts}")?;
        writeln!(
            out,
            "| implementation | language | version | rfc9309 conformance | rfc9309 agreement | \
             google conformance | google agreement | legacy conformance | legacy agreement | \
             unsupported | errors |"
        )?;
        writeln!(
            out,
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
        )?;
        for imp in ranked(results) {
            let cell = |p: Profile, group: ForceGroup| {
                let (passed, total) = score_by_force(results, imp, p, group);
                format!("{passed}/{total} ({})", percent(passed, total))
            };
            let count = |answer: Answer| imp.results.iter().filter(|r| r.answer == answer).count();
            let mut row = format!(
                "| [{}](implementations/{}.md) | {} | {} |",
                imp.name, imp.name, imp.language, imp.version
            );
            for p in Profile::ALL {
                for group in [ForceGroup::Conformance, ForceGroup::Agreement] {
                    write!(row, " {} |", cell(p, group))?;
                }
            }
            writeln!(
                out,
                "{row} {} | {} |",
                count(Answer::Unsupported),
                count(Answer::Error)
            )?;
        }
        Ok(())
    }

    /// Scores by feature area, against `rfc9309` and `google`.
    pub(super) fn areas(out: &mut String, results: &Results) -> fmt::Result {
        let areas = areas_present(results);
        for profile in [Profile::Rfc9309, Profile::Google] {
            writeln!(out, "\n## By feature area, against `{profile}`\n")?;
            writeln!(out, "passed/total per area.\n")?;
            writeln!(out, "| implementation | {} |", areas.join(" | "))?;
            writeln!(out, "| --- |{}", " --- |".repeat(areas.len()))?;
            for imp in ranked(results) {
                let cells: Vec<String> = areas
                    .iter()
                    .map(|a| {
                        let (p, t) = score(results, imp, profile, Some(a));
                        format!("{p}/{t}")
                    })
                    .collect();
                writeln!(out, "| {} | {} |", imp.name, cells.join(" | "))?;
            }
        }
        Ok(())
    }

    /// The real-world impact on the corpus.
    pub(super) fn impact(out: &mut String, results: &Results, impact: &Impact) -> fmt::Result {
        writeln!(out, "\n## Real-world impact\n")?;
        writeln!(
            out,
            "On the `{}` corpus ({} sites with {} real URLs), each implementation was asked, as \
             `{}`, about every URL of each site under that site's real robots.txt. The share is \
             of the checks it answered with a verdict; the sites listed are where it disagrees \
             with the reference under `rfc9309` most often.\n",
            impact.corpus, impact.sites, impact.urls, impact.agent
        )?;
        let crawlers: Vec<String> = results
            .implementations
            .iter()
            .filter(|i| i.kind == crate::engines::adapters::Kind::Crawler)
            .map(|i| format!("`{}`", i.name))
            .collect();
        if !crawlers.is_empty() {
            writeln!(
                out,
                "The whole crawlers ({}) are not run over the corpus: each answers by one crawl \
                 per question, too slow for its URLs.\n",
                crawlers.join(", ")
            )?;
        }
        writeln!(
            out,
            "| implementation | answered | differs from rfc9309 | differs from google | errors | most affected sites |"
        )?;
        writeln!(out, "| --- | --- | --- | --- | --- | --- |")?;
        let mut rows: Vec<&ImpactRow> = impact.implementations.iter().collect();
        rows.sort_by(|a, b| {
            let da = a.disagree.get(&Profile::Rfc9309).copied().unwrap_or(0);
            let db = b.disagree.get(&Profile::Rfc9309).copied().unwrap_or(0);
            (da * b.answered.max(1))
                .cmp(&(db * a.answered.max(1)))
                .then_with(|| a.name.cmp(&b.name))
        });
        for row in rows {
            let d = |p: Profile| {
                let n = row.disagree.get(&p).copied().unwrap_or(0);
                format!("{n} ({})", percent(n, row.answered))
            };
            let sites: Vec<String> = row
                .top_sites
                .iter()
                .take(3)
                .map(|s| {
                    format!(
                        "{} ({}/{})",
                        s.host,
                        s.disagree.get(&Profile::Rfc9309).copied().unwrap_or(0),
                        s.urls
                    )
                })
                .collect();
            writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} |",
                row.name,
                row.answered,
                d(Profile::Rfc9309),
                d(Profile::Google),
                row.errors,
                sites.join(", ")
            )?;
        }
        Ok(())
    }

    /// The differential findings: root causes per implementation, each linking its
    /// ready-to-file report.
    pub(super) fn findings(
        out: &mut String,
        findings: &Findings,
        defects: Option<&BTreeMap<String, Vec<crate::report::landing::Defect>>>,
    ) -> fmt::Result {
        use crate::fuzz::rootcause::Kind;
        writeln!(out, "\n## Differential findings\n")?;
        let cases: u64 = findings.index.runs.iter().map(|r| r.cases).sum();
        let causes = &findings.causes;
        writeln!(
            out,
            "`reptest fuzz-diff` put {cases} generated robots.txt questions to the reference and \
             every implementation and minimised each disagreement into {} families, catalogued \
             in [`findings/`](findings/README.md). Per implementation, the families collapse \
             into root causes (one behaviour and verdict direction of one library), each in a \
             ready-to-file report with a repro in the library's language. A *defect* is a \
             behaviour (both verdict directions one entry) contradicting a MUST or SHOULD on \
             which the profiles agree, or the reading the library's documentation claims; \
             where the profiles part or the texts are silent, answering as one reading is not \
             one. Counted on realistic inputs; timeouts and root causes resting on a suspect \
             reference are listed in the reports, apart:\n",
            findings.index.families.len()
        )?;
        writeln!(
            out,
            "| implementation | defects | root causes | errors | timeouts |"
        )?;
        writeln!(out, "| --- | --- | --- | --- | --- |")?;
        let mut rows: BTreeMap<&str, (usize, usize, usize)> = BTreeMap::new();
        for cause in causes {
            let row = rows.entry(cause.implementation.as_str()).or_default();
            if cause.ranked() {
                row.0 += 1;
                if cause.kind == Kind::Error {
                    row.1 += 1;
                }
            }
            if cause.kind == Kind::Timeout {
                row.2 += 1;
            }
        }
        let defects_of = |name: &str| defects.and_then(|d| d.get(name)).map_or(0, Vec::len);
        let mut rows: Vec<_> = rows.into_iter().collect();
        rows.sort_by(|a, b| {
            (defects_of(b.0), b.1.0)
                .cmp(&(defects_of(a.0), a.1.0))
                .then(a.0.cmp(b.0))
        });
        for (name, (ranked, errors, timeouts)) in rows {
            writeln!(
                out,
                "| [{name}](findings/{name}.md) | {} | {ranked} | {errors} | {timeouts} |",
                defects_of(name)
            )?;
        }
        Ok(())
    }

    /// The cases where the specification texts disagree.
    pub(super) fn spec_conflicts(out: &mut String, results: &Results) -> fmt::Result {
        writeln!(out, "\n## Where the specification texts disagree\n")?;
        writeln!(
            out,
            "Cases tagged `spec-conflict`, `spec-undefined` or `profile-split`: the texts (Google's \
             2019 specification and its translations, its legacy text, RFC 9309) say different \
             things or nothing, and each profile's decision is the expectation shown.\n"
        )?;
        writeln!(out, "| case | rfc9309 | google | legacy | why |")?;
        writeln!(out, "| --- | --- | --- | --- | --- |")?;
        for case in &results.cases {
            if !case.tags.iter().any(|t| {
                matches!(
                    t.as_str(),
                    "spec-conflict" | "spec-undefined" | "profile-split"
                )
            }) {
                continue;
            }
            let expect = |p: Profile| {
                let mut seen: Vec<&str> = case
                    .checks
                    .iter()
                    .map(|c| c.expect.get(&p).map_or("–", |a| a.name()))
                    .collect();
                seen.dedup();
                seen.join(", ")
            };
            writeln!(
                out,
                "| [`{}`](../{}) | {} | {} | {} | {} |",
                case.id,
                case.file,
                expect(Profile::Rfc9309),
                expect(Profile::Google),
                expect(Profile::Legacy),
                case.note
                    .as_deref()
                    .map(first_sentence)
                    .unwrap_or_default()
                    .replace('|', "\\|")
            )?;
        }
        Ok(())
    }

    /// The cases where the `google` profile follows Google's parser against the 2019 text.
    pub(super) fn text_vs_parser(out: &mut String, results: &Results) -> fmt::Result {
        writeln!(
            out,
            "\n## Where the google profile follows Google's parser against its text\n"
        )?;
        writeln!(
            out,
            "Cases tagged `text-vs-parser`: the `google` profile is what Google's crawler does, and \
             where a sentence of the 2019 text and Google's open-source parser (named by the same \
             text as the one used in Google Search) conflict, it follows the parser, learned by \
             asking it. Each case's note quotes the sentence it overrides and the probe that \
             showed the parser's behaviour.\n"
        )?;
        if crate::report::draw::text_vs_parser_cases(results)
            .next()
            .is_none()
        {
            return writeln!(out, "No case of these results is tagged `text-vs-parser`.");
        }
        writeln!(
            out,
            "| case | rfc9309 | google | legacy | the 2019 sentence overridden |"
        )?;
        writeln!(out, "| --- | --- | --- | --- | --- |")?;
        for case in crate::report::draw::text_vs_parser_cases(results) {
            let expect = |p: Profile| crate::report::draw::expectations(case, p);
            writeln!(
                out,
                "| [`{}`](../{}) | {} | {} | {} | \"{}\" |",
                case.id,
                case.file,
                expect(Profile::Rfc9309),
                expect(Profile::Google),
                expect(Profile::Legacy),
                case.note
                    .as_deref()
                    .map(crate::report::draw::overridden_sentence)
                    .unwrap_or_default()
                    .replace('|', "\\|")
            )?;
        }
        Ok(())
    }

    /// The links to each implementation's page.
    pub(super) fn per_implementation(
        out: &mut String,
        rows: &[crate::report::landing::Row<'_>],
    ) -> fmt::Result {
        writeln!(out, "\n## Per implementation\n")?;
        writeln!(
            out,
            "Each implementation's page holds its scores, its failures grouped by cause with \
             links to the cases, its known deviations, its ranked findings, its real-world and \
             fetch results:\n"
        )?;
        for row in rows {
            writeln!(
                out,
                "- [{0}](implementations/{0}.md): `{1}` {2} ({3})",
                row.imp.name, row.imp.implementation, row.imp.version, row.imp.language
            )?;
        }
        Ok(())
    }
}

/// Text safe inside an HTML `<script type="application/json">`.
fn script_json(value: &serde_json::Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// `reports/index.html`: one self-contained page (inline CSS and JS, no network resource).
pub fn html(results: &Results) -> String {
    html_with(results, None)
}

/// `reports/index.html` with each implementation's ranked findings ([`landing::defects`]).
pub fn html_with(results: &Results, defects: Option<&BTreeMap<String, Vec<Defect>>>) -> String {
    let rows: Vec<serde_json::Value> = results
        .cases
        .iter()
        .flat_map(|case| {
            case.checks.iter().enumerate().map(move |(i, check)| {
                serde_json::json!({
                    "case": case.id,
                    "check": i,
                    "area": case.area,
                    "url": check.url,
                    "agent": check.agent.as_deref().unwrap_or(&case.agent),
                    "expect": crate::answer::named(&check.expect),
                    "force": crate::answer::named(&case.force),
                })
            })
        })
        .collect();
    let index: BTreeMap<(&str, usize), usize> = results
        .cases
        .iter()
        .flat_map(|case| (0..case.checks.len()).map(move |i| (case.id.as_str(), i)))
        .enumerate()
        .map(|(n, key)| (key, n))
        .collect();
    let implementations: Vec<serde_json::Value> = ranked(results)
        .iter()
        .map(|imp| {
            let mut answers = vec![serde_json::Value::Null; rows.len()];
            let mut statuses = vec![serde_json::Value::Null; rows.len()];
            for result in &imp.results {
                if let Some(&n) = index.get(&(result.case.as_str(), result.check)) {
                    answers[n] = serde_json::json!(result.answer);
                    statuses[n] = serde_json::json!(
                        result
                            .status
                            .iter()
                            .map(|(p, s)| (p.name(), s.label()))
                            .collect::<BTreeMap<_, _>>()
                    );
                }
            }
            serde_json::json!({
                "name": imp.name,
                "language": imp.language,
                "version": imp.version,
                "answers": answers,
                "status": statuses,
            })
        })
        .collect();
    let cases: BTreeMap<&str, serde_json::Value> = results
        .cases
        .iter()
        .map(|c| {
            (
                c.id.as_str(),
                serde_json::json!({
                    "file": c.file,
                    "spec": c.spec,
                    "note": c.note,
                    "robots": c.robots,
                    "escaped": c.escaped,
                    "fill_to": c.fill_to,
                }),
            )
        })
        .collect();
    let data = serde_json::json!({
        "rows": rows,
        "implementations": implementations,
        "cases": cases,
        "areas": areas_present(results),
    });
    let mut text_vs_parser = String::new();
    for case in text_vs_parser_cases(results) {
        let expect = |p: Profile| expectations(case, p);
        text_vs_parser.push_str(&format!(
            "<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>\u{201c}{}\u{201d}</td></tr>\n",
            html_text(&case.id),
            expect(Profile::Rfc9309),
            expect(Profile::Google),
            expect(Profile::Legacy),
            html_text(&case.note.as_deref().map(overridden_sentence).unwrap_or_default()),
        ));
    }
    if text_vs_parser.is_empty() {
        text_vs_parser.push_str(
            "<tr><td colspan=\"5\">No case of these results is tagged \
             <code>text-vs-parser</code>.</td></tr>\n",
        );
    }
    let imps = fetching(results);
    let mut fetch_matrix = format!(
        "<tr><th>case</th><th>served</th><th>expected</th>{}</tr>\n",
        imps.iter()
            .map(|i| format!("<th>{}</th>", html_text(&i.name)))
            .collect::<String>()
    );
    for case in &results.fetch_cases {
        fetch_matrix.push_str(&format!(
            "<tr><td><code>{}</code></td><td>{}</td><td>{}</td>{}</tr>\n",
            html_text(&case.id),
            html_text(&case.served),
            html_text(&fetch_expectation(case)),
            imps.iter()
                .map(|i| format!("<td>{}</td>", html_text(&fetch_cell(case, i))))
                .collect::<String>()
        ));
    }
    // The section is left out of results that hold no fetch case.
    let fetch_section = String::new();
    let rows = landing::rows(results, defects);
    let implementations: String = rows
        .iter()
        .map(|row| landing::implementation_html(results, row))
        .collect();
    let mut fetch_scores = String::from(
        "<div class=\"scroll\"><table class=\"text-vs-parser\" id=\"fetch-scores\"><tr><th>implementation</th>\
<th>rfc9309 MUST/SHOULD</th><th>rfc9309 MAY/reading</th><th>google MUST/SHOULD</th>\
<th>google MAY/reading</th><th>causes rfc9309</th><th>causes google</th></tr>\n",
    );
    for imp in &imps {
        let c = |p: Profile, g: ForceGroup| {
            scores::checks(results, imp, Suite::Fetch, p, Some(g)).text()
        };
        let causes = |p: Profile| {
            let list = scores::causes(results, imp, Suite::Fetch, p);
            if list.is_empty() {
                return "none".to_owned();
            }
            format!(
                "{}: {}",
                causes_count(&list),
                list.iter()
                    .map(|c| format!("{} ({})", c.tag, c.cases.len()))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        fetch_scores.push_str(&format!(
            "<tr><th><a href=\"#impl/{0}\">{0}</a></th><td>{1}</td><td>{2}</td><td>{3}</td><td>{4}</td><td>{5}</td><td>{6}</td></tr>\n",
            html_text(&imp.name),
            c(Profile::Rfc9309, ForceGroup::Conformance),
            c(Profile::Rfc9309, ForceGroup::Agreement),
            c(Profile::Google, ForceGroup::Conformance),
            c(Profile::Google, ForceGroup::Agreement),
            html_text(&causes(Profile::Rfc9309)),
            html_text(&causes(Profile::Google)),
        ));
    }
    fetch_scores.push_str("</table></div>\n");
    let fetch_section = if results.fetch_cases.is_empty() {
        fetch_section
    } else {
        format!(
            "{FETCH_INTRO}{fetch_scores}<div class=\"scroll\"><table class=\"text-vs-parser\">\n{fetch_matrix}</table></div>\n"
        )
    };
    HTML_TEMPLATE
        .replace("{{COMMAND}}", COMMAND)
        .replace("{{SUMMARY}}", &landing::summary_html(&rows))
        .replace("{{BASELINE}}", &landing::baseline_html(results))
        .replace("{{CHOOSING}}", &landing::choosing_html(&rows))
        .replace("{{LANGUAGES}}", &landing::languages_html(&rows))
        .replace("{{IMPLEMENTATIONS}}", &implementations)
        .replace("{{TEXT_VS_PARSER}}", &text_vs_parser)
        .replace(
            "{{FETCH}}",
            &(fetch_section + &crate::report::records::section_html(results)),
        )
        .replace("{{DATA}}", &script_json(&data))
}

const HTML_TEMPLATE: &str = include_str!("report.html");

/// The fetch section's heading and paragraph in `index.html`.
const FETCH_INTRO: &str = "<h2 id=\"fetch\">Fetch conformance: robots.txt from a real HTTP \
server</h2>
<p>Implementations that fetch robots.txt themselves fetched it from a loopback HTTP server playing
each case of <code>spec-cases/fetch.toml</code>. Every answer that is not a redirect carries
<code>disallow: /private</code>, so the verdicts tell <em>rules</em> from <em>allow all</em> and
<em>disallow all</em>; ✓ meets <code>rfc9309</code> and <code>google</code>, ✗ names the profile
missed; <em>raised: …</em> is the library's error instead of an answer (its first line),
<em>no answer within N s</em> is nothing within the harness's wait; <em>requests</em> are the
checks on what the server was asked. The causes group each implementation's failing cases by
tag, one behaviour failing several cases counted once: N causes (M cases).</p>
";

/// The files `reptest report` writes, rendered from `results`, the findings index and what
/// `reptest fuzz-report` measured beside it: `results.json`, `README.md`, `index.html` and
/// `implementations/<name>.md` per implementation.
pub fn pages(
    results: &Results,
    findings: Option<&Findings>,
    measured: &Measured,
) -> Result<Vec<(String, String)>> {
    let mut json = serde_json::to_string_pretty(results).context("cannot serialise the results")?;
    json.push('\n');
    let defects = findings.map(|f| landing::defects(f, measured));
    let mut out = vec![
        ("results.json".to_owned(), json),
        (
            "README.md".to_owned(),
            readme_with(results, findings, defects.as_ref())?,
        ),
        (
            "index.html".to_owned(),
            html_with(results, defects.as_ref()),
        ),
    ];
    for row in landing::rows(results, defects.as_ref()) {
        out.push((
            format!("implementations/{}.md", row.imp.name),
            landing::implementation_md(results, &row)?,
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::Answer;
    use crate::report::draw::first_sentence;

    /// A fetch case no check of which could be put to the implementation (every answer
    /// `unsupported`) shows as such, with no mark: nothing was tested. Read off the committed
    /// results, where whole crawlers cannot be asked the cases whose host fails every
    /// connection.
    #[test]
    fn an_unasked_fetch_case_is_shown_unsupported_without_a_mark() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../reports/results.json");
        let results = crate::results::load_results(&path).expect("the committed results");
        let mut unasked = 0;
        for imp in &results.implementations {
            for case in &results.fetch_cases {
                let answers: Vec<Answer> = imp
                    .fetch_results
                    .iter()
                    .filter(|r| r.case == case.id && r.check == 0)
                    .map(|r| r.answer)
                    .collect();
                if answers == [Answer::Unsupported] {
                    unasked += 1;
                    assert_eq!(
                        fetch_cell(case, imp),
                        "unsupported",
                        "{} {}",
                        imp.name,
                        case.id
                    );
                }
            }
        }
        assert!(
            unasked > 0,
            "no unasked fetch case in the committed results"
        );
    }

    #[test]
    fn sentences_and_json_are_safe() {
        assert_eq!(first_sentence("One. Two."), "One.");
        assert_eq!(first_sentence("No stop"), "No stop");
        assert_eq!(
            first_sentence("Broken\nacross  lines. Next."),
            "Broken across lines."
        );
        let v = serde_json::json!({"a": "</script>"});
        assert!(!script_json(&v).contains("</script>"));
    }
}
