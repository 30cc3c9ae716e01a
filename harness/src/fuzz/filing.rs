//! Ready-to-file reports: `reports/findings/<implementation>.md`, one per implementation,
//! and the catalogue's `README.md`, which leads with the root causes per implementation.
//!
//! Both are drawn from the index alone ([`crate::fuzz::rootcause`] derives the root causes)
//! plus, when present, `measured.json`: what `reptest fuzz-report` measured beside the
//! catalogue (real-world prevalence on the top-sites corpus, the spec case covering each
//! root cause). A root cause it does not know (a catalogue grown or merged since) is shown
//! as "not measured"; rewriting the pages never runs an engine.

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use anyhow::{Context, Result};
use reptest_reference::Profile;

mod cite;
mod shown;
mod title;

use crate::answer::Answer;
use crate::engines::adapters::ClaimedReading;
use crate::fuzz::constructs::Misbehaviour;
use crate::fuzz::findings::{Family, FamilyInput, Index};
use crate::fuzz::repro::call_name;
use crate::fuzz::rootcause::{Kind, RootCause, construct_phrase, suspect_families};
use crate::fuzz::standing::{Judged, Standing};

pub use crate::fuzz::measured::{CoveringCase, Measured, RootMeasure};

pub use crate::fuzz::clauses::Clause;
pub use cite::{clause, clause_for_tag};

/// `text` with its first letter upper-cased.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The neutral title of a deviation no misbehaviour is shown for: the library reads the
/// construct (`what`) differently, and answers so.
fn reads_differently(cause: &RootCause, what: &str) -> String {
    let titled = titled(cause, what);
    let call = call_name(&cause.implementation);
    let said = if cause.file_ignored {
        format!("{what}{WHOLE_FILE_IGNORED}")
    } else {
        what.to_owned()
    };
    let answers = titled
        .strip_prefix(call)
        .and_then(|rest| rest.strip_suffix(&format!(": {said}")))
        .unwrap_or(&titled);
    if cause.file_ignored {
        format!("{call} ignores the whole file on {what}:{answers}")
    } else {
        format!("{call} reads {said} differently:{answers}")
    }
}

/// A one-line title in the library's terms.
pub fn title(cause: &RootCause) -> String {
    titled(cause, &label_phrase(cause))
}

/// What a title adds for a library that ignores the whole file on the construct.
const WHOLE_FILE_IGNORED: &str = ", on which the library ignores the whole file";

/// [`title`] with the construct said as `what`.
fn titled(cause: &RootCause, what: &str) -> String {
    let what = if cause.file_ignored {
        format!("{what}{WHOLE_FILE_IGNORED}")
    } else {
        what.to_owned()
    };
    let expected: Vec<String> = cause
        .expected
        .iter()
        .map(|(p, a)| format!("{a} under `{p}`"))
        .collect();
    // The profiles whose answer the implementation gives: a profile split says which reading
    // the implementation follows.
    let agreeing: Vec<String> = [Profile::Rfc9309, Profile::Google]
        .into_iter()
        .filter(|p| {
            !cause.expected.contains_key(p) && cause.reference.get(p) == Some(&cause.answer)
        })
        .map(|p| format!("{} under `{p}`", cause.answer))
        .collect();
    let mut expected = expected;
    if !agreeing.is_empty()
        && cause.kind == Kind::Deviation
        && let Some(last) = expected.last_mut()
    {
        last.push_str(&format!(" ({})", agreeing.join(", ")));
    }
    match cause.kind {
        Kind::Timeout => format!(
            "{} takes {:.1}s or more on one robots.txt ({what})",
            call_name(&cause.implementation),
            cause.timeout_ms.unwrap_or_default() as f64 / 1000.0
        ),
        Kind::Error => format!(
            "{} fails where the reference answers {} ({what})",
            call_name(&cause.implementation),
            expected.join(", ")
        ),
        _ => format!(
            "{} answers {} where the reference answers {}: {what}",
            call_name(&cause.implementation),
            cause.answer,
            expected.join(", ")
        ),
    }
}

/// The root cause's construct in words; a combined one names its candidates.
pub fn label_phrase(cause: &RootCause) -> String {
    if cause.construct == crate::fuzz::ablation::COMBINED && !cause.with.is_empty() {
        let parts: Vec<&str> = cause
            .with
            .iter()
            .map(|c| construct_phrase(c).unwrap_or(c))
            .collect();
        if cause.profile_mix() {
            // A library claiming to port Google's parser departs from it on the other point:
            // that point alone is what it does wrong (the same behaviour as that point met
            // alone; see `standing::judge`).
            use crate::engines::adapters::ClaimedReading;
            use crate::fuzz::standing::claim;
            return match claim(&cause.implementation) {
                ClaimedReading::Google => parts[1].to_owned(),
                _ => format!(
                    "{} read as `google` reads it, and {} as `rfc9309` does (two points where \
                     the profiles part)",
                    parts[0], parts[1]
                ),
            };
        }
        return format!("several constructs together ({})", parts.join(" + "));
    }
    construct_phrase(cause.construct)
        .unwrap_or(cause.construct)
        .to_owned()
}

fn link_family(id: &str) -> String {
    format!("[{id}](families/{id}.md)")
}

/// `README.md` and one report per implementation (`<name>.md`), drawn from `index`, its root
/// causes and what was measured: (file name, text).
pub fn pages(
    index: &Index,
    causes: &[RootCause],
    measured: &Measured,
) -> Result<Vec<(String, String)>> {
    let mut pages = vec![(
        "README.md".to_owned(),
        readme(index, causes, measured).context("rendering the findings README")?,
    )];
    let mut names: Vec<&String> = index
        .engines
        .keys()
        .filter(|n| !n.starts_with("reference-"))
        .collect();
    names.sort();
    for name in names {
        let mine: Vec<&RootCause> = causes
            .iter()
            .filter(|c| &c.implementation == name)
            .collect();
        let page = implementation_report(name, index, &mine, measured)
            .context("rendering an implementation's report")?;
        pages.push((format!("{name}.md"), page));
    }
    Ok(pages)
}

/// The rank key of a root cause: real-world flips, then files, then hits.
fn rank(cause: &RootCause, measured: &Measured) -> (usize, usize, u64) {
    let m = measured.root_causes.get(&cause.id);
    (
        m.map_or(0, |m| m.flips),
        m.map_or(0, |m| m.files),
        cause.hits,
    )
}

/// The catalogue's README: root causes per implementation first.
pub fn readme(
    index: &Index,
    causes: &[RootCause],
    measured: &Measured,
) -> Result<String, fmt::Error> {
    let mut out = String::new();
    writeln!(
        out,
        "<!-- Generated by `reptest fuzz-diff` / `reptest fuzz-report`; regenerate rather than \
         edit. -->\n"
    )?;
    writeln!(out, "# Differential findings\n")?;
    writeln!(
        out,
        "Each root cause is one behaviour of one implementation: its answer against the \
         reference's, on the construct that causes it: of the constructs its minimised input \
         holds, the one every neutralisation of which (a misspelling spelled right, the colon \
         put back, CRLF made LF, …; asked again by `reptest fuzz-report`) makes the \
         implementation agree with the reference, and which the implementation reacts to; or \
         *combined* when no single one does. The same behaviour seen in several files is one \
         root cause, shown by its cleanest file (the fewest other constructs). Each file is \
         first cleaned for the implementation it was minimised for (every construct whose \
         neutralisation changes neither its answer nor the reference's is neutralised, asking \
         it again) and, where it only met one profile's answer by chance, strengthened to a \
         variant on which both profiles and Google's parser agree. A split where \
         the implementation answers as one profile against the other (on the input shown) is \
         a *profile split*; when no construct it reacts to explains it, it is named by the \
         construct whose neutralisation brings the profiles together and on every \
         neutralisation of which the implementation keeps answering as its profile. Each \
         implementation's report leads with its *defects* (it contradicts a MUST or SHOULD on \
         which the profiles agree, or the reading its documentation claims, or fails), one \
         entry per behaviour whatever the verdict direction, ranked by real-world cost; then \
         its *readings* (where the profiles part or the texts are silent, it answers as one \
         reading, or as Google's parser, does) and the points no text decides. Each entry \
         comes with the clause, a repro in the library's own language and the families that \
         show it. \
         Inputs are realistic (a product-token crawler name, a URL as a crawler's URL library \
         serialises it, a UTF-8 body); each library is asked about the body as it receives it \
         (its manifest's `body`), and a split that disappears inside the library's call \
         contract is dropped. Families where the reference stands against most \
         implementations, Google's parser included, are flagged *check the reference* and \
         kept out of the rankings.\n"
    )?;
    let cases: u64 = index.runs.iter().map(|r| r.cases).sum();
    writeln!(
        out,
        "{} families from {} run(s) over {cases} generated cases.\n",
        index.families.len(),
        index.runs.len()
    )?;
    if !index.runs.is_empty() {
        writeln!(
            out,
            "| run | command | cases | seconds | engines | new families |"
        )?;
        writeln!(out, "| --- | --- | --- | --- | --- | --- |")?;
        for (i, run) in index.runs.iter().enumerate() {
            writeln!(
                out,
                "| {} | `reptest fuzz-diff --seed {} --time {}s --jobs 1{}` | {} | {} | {} | {} |",
                i + 1,
                run.seed,
                run.seconds,
                if run.inputs.is_empty() {
                    String::new()
                } else {
                    format!(" --inputs {}", run.inputs)
                },
                run.cases,
                run.seconds,
                run.engines.len(),
                run.new_families
            )?;
        }
        writeln!(
            out,
            "\nThe reports are then written with `reptest fuzz-report` (real-world prevalence on \
             the top-sites corpus{}, covering spec cases).\n",
            if measured.agent.is_empty() {
                String::new()
            } else {
                format!(", asked as `{}`", measured.agent)
            }
        )?;
    }
    writeln!(out, "## Root causes per implementation\n")?;
    writeln!(
        out,
        "| implementation | defects | readings | undefined | errors | timeouts | opt-in classes | check the reference | top defects |"
    )?;
    writeln!(
        out,
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
    )?;
    let mut by_impl: BTreeMap<&str, Vec<&RootCause>> = BTreeMap::new();
    for cause in causes {
        by_impl
            .entry(&cause.implementation)
            .or_default()
            .push(cause);
    }
    let mut rows: Vec<(&str, Vec<&RootCause>)> = by_impl.into_iter().collect();
    // Per implementation, how many entries of each standing: rows by defects.
    let standings: BTreeMap<&str, [usize; 3]> = rows
        .iter()
        .map(|(name, list)| {
            let ranked: Vec<&RootCause> = list.iter().copied().filter(|c| c.ranked()).collect();
            let mut counts = [0; 3];
            for entry in entries(&ranked, index, measured) {
                counts[entry.judged.standing as usize] += 1;
            }
            (*name, counts)
        })
        .collect();
    rows.sort_by_key(|(name, _)| (std::cmp::Reverse(standings[name]), *name));
    for (name, list) in &rows {
        let mut ranked: Vec<&&RootCause> = list.iter().filter(|c| c.ranked()).collect();
        ranked.sort_by(|a, b| {
            rank(b, measured)
                .cmp(&rank(a, measured))
                .then(a.id.cmp(&b.id))
        });
        let count = |k: Kind| list.iter().filter(|c| c.kind == k).count();
        let ranked: Vec<&RootCause> = ranked.into_iter().copied().collect();
        let entries = entries(&ranked, index, measured);
        let standing = |s: Standing| entries.iter().filter(|e| e.judged.standing == s).count();
        let top: Vec<String> = entries
            .iter()
            .filter(|e| e.judged.standing == Standing::Defect)
            .take(3)
            .map(|e| format!("{} ({})", e.heading(), e.answers()))
            .collect();
        writeln!(
            out,
            "| [{name}]({name}.md) | {} | {} | {} | {} | {} | {} | {} | {} |",
            standing(Standing::Defect),
            standing(Standing::Reading),
            standing(Standing::Undefined),
            ranked.iter().filter(|c| c.kind == Kind::Error).count(),
            count(Kind::Timeout),
            list.iter()
                .filter(|c| !c.classes.is_empty() && c.kind != Kind::Timeout)
                .count(),
            count(Kind::CheckReference),
            top.join("<br>")
        )?;
    }
    let total: usize = causes.iter().filter(|c| c.ranked()).count();
    let sum = |i: usize| standings.values().map(|c| c[i]).sum::<usize>();
    writeln!(
        out,
        "\n{} defects, {} readings and {} undefined points (one entry per behaviour) from \
         {total} ranked root causes over {} implementations.\n",
        sum(Standing::Defect as usize),
        sum(Standing::Reading as usize),
        sum(Standing::Undefined as usize),
        rows.len()
    )?;
    let suspects = suspect_families(index);
    writeln!(out, "## Check the reference\n")?;
    if suspects.is_empty() {
        writeln!(
            out,
            "No family has the reference alone against Google's parser and most implementations.\n"
        )?;
    } else {
        writeln!(
            out,
            "The reference stands against most implementations, Google's parser included, \
             under the profile(s) named: each stays out of the rankings until a cited sentence \
             decides it.\n"
        )?;
        writeln!(out, "| family | feature | profiles | reference | hits |")?;
        writeln!(out, "| --- | --- | --- | --- | --- |")?;
        for (family, profiles) in &suspects {
            let names: Vec<String> = profiles.iter().map(|p| format!("`{p}`")).collect();
            let said: Vec<String> = profiles
                .iter()
                .filter_map(|p| {
                    crate::fuzz::rootcause::reference_answer(family, *p).map(|a| format!("{a}"))
                })
                .collect();
            writeln!(
                out,
                "| {} | `{}` | {} | {} | {} |",
                link_family(&family.id),
                family.feature,
                names.join(", "),
                said.join(", "),
                family.hits
            )?;
        }
        out.push('\n');
    }
    let timeouts: Vec<&RootCause> = causes.iter().filter(|c| c.kind == Kind::Timeout).collect();
    if !timeouts.is_empty() {
        writeln!(out, "## Timeouts\n")?;
        writeln!(
            out,
            "Answers that came after the time limit: performance findings, apart from errors \
             (the time is when the answer came, or twice the limit when it never did).\n"
        )?;
        writeln!(out, "| implementation | seconds | family |")?;
        writeln!(out, "| --- | --- | --- |")?;
        for cause in timeouts {
            writeln!(
                out,
                "| [{}]({}.md) | {:.1} | {} |",
                cause.implementation,
                cause.implementation,
                cause.timeout_ms.unwrap_or_default() as f64 / 1000.0,
                link_family(&cause.representative)
            )?;
        }
        out.push('\n');
    }
    writeln!(out, "## Families\n")?;
    writeln!(
        out,
        "The evidence: every family (a minimised input and every engine's answer to it), \
         heaviest first. `index.json` holds the same, machine-readable.\n"
    )?;
    let (default, opt_in): (Vec<&Family>, Vec<&Family>) =
        index.families.iter().partition(|f| f.classes.is_empty());
    family_table(&mut out, &default)?;
    if !opt_in.is_empty() {
        writeln!(out, "\n## Opt-in input classes\n")?;
        writeln!(
            out,
            "Families whose minimal input uses a class `reptest fuzz-diff --inputs` opts into: \
             a raw URL, an agent string that is not a product token, or a body that is not \
             UTF-8. Such a question may lie outside a library's call contract; these families \
             are never in the ranking above.\n"
        )?;
        for class in crate::fuzz::generate::CLASS_TAGS {
            let members: Vec<&Family> = opt_in
                .iter()
                .copied()
                .filter(|f| f.classes.iter().any(|c| c == class))
                .collect();
            if members.is_empty() {
                continue;
            }
            writeln!(out, "### `{class}`\n")?;
            family_table(&mut out, &members)?;
            out.push('\n');
        }
    }
    Ok(out)
}

fn list_or_none(names: &[String]) -> String {
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}

fn family_table(out: &mut String, families: &[&Family]) -> fmt::Result {
    writeln!(
        out,
        "| family | feature | hits | against rfc9309 | against google |"
    )?;
    writeln!(out, "| --- | --- | --- | --- | --- |")?;
    for family in families {
        writeln!(
            out,
            "| {} | `{}` | {} | {} | {} |",
            link_family(&family.id),
            family.feature,
            family.hits,
            list_or_none(&family.against_rfc9309),
            list_or_none(&family.against_google)
        )?;
    }
    Ok(())
}

/// One implementation's report.
pub fn implementation_report(
    name: &str,
    index: &Index,
    causes: &[&RootCause],
    measured: &Measured,
) -> Result<String, fmt::Error> {
    let info = index.engines.get(name);
    let mut out = String::new();
    writeln!(
        out,
        "<!-- Generated by `reptest fuzz-diff` / `reptest fuzz-report`; regenerate rather than \
         edit. -->\n"
    )?;
    writeln!(
        out,
        "# {} ({}, {} {})\n",
        name,
        info.map_or("", |i| i.implementation.as_str()),
        info.map_or("", |i| i.language.as_str()),
        info.map_or("", |i| i.version.as_str())
    )?;
    let body = index.bodies.get(name).map_or("bytes", |b| b.name());
    writeln!(
        out,
        "Called as {} (the adapter's call; the body received as `{body}`). Expected verdicts \
         are the reference's: `rfc9309` is RFC 9309's text; `google` is what Google's crawler \
         does: Google's 2019 text and, where it is silent or Google's parser departs from it, \
         the parser (the compatibility report lists those points). Forces: `must`/`should`/`may` \
         are the cited sentence's key word, or for Google's texts (which use none) an \
         unconditional statement counts as `must`; `profile-split` is a point the two profiles \
         read differently, the library following one; `interpretation` is the reference's \
         reading of a silent or ambiguous text (see the spec cases' README, Force).\n",
        call_name(name)
    )?;
    let mut ranked: Vec<&RootCause> = causes.iter().copied().filter(|c| c.ranked()).collect();
    ranked.sort_by(|a, b| {
        rank(b, measured)
            .cmp(&rank(a, measured))
            .then(a.id.cmp(&b.id))
    });
    let timeouts: Vec<&RootCause> = causes
        .iter()
        .copied()
        .filter(|c| c.kind == Kind::Timeout)
        .collect();
    let opt_in: Vec<&RootCause> = causes
        .iter()
        .copied()
        .filter(|c| {
            !c.classes.is_empty() && c.kind != Kind::Timeout && c.kind != Kind::CheckReference
        })
        .collect();
    let suspect: Vec<&RootCause> = causes
        .iter()
        .copied()
        .filter(|c| c.kind == Kind::CheckReference)
        .collect();
    let entries = entries(&ranked, index, measured);
    let of = |standing: Standing| -> Vec<&Entry<'_>> {
        entries
            .iter()
            .filter(|e| e.judged.standing == standing)
            .collect()
    };
    let (defects, readings, undefined) = (
        of(Standing::Defect),
        of(Standing::Reading),
        of(Standing::Undefined),
    );
    writeln!(
        out,
        "**{} defect{}**, {} reading{} of points where the texts part or are silent, {} \
         undefined point{} (one entry per behaviour, from {} root cause(s) on realistic \
         inputs); {} timeout(s); {} under opt-in input classes; {} kept out (check the \
         reference).\n",
        defects.len(),
        plural(defects.len()),
        readings.len(),
        plural(readings.len()),
        undefined.len(),
        plural(undefined.len()),
        ranked.len(),
        timeouts.len(),
        opt_in.len(),
        suspect.len()
    )?;
    // What the claim changes: only a port of Google's parser is held to that parser; any other
    // library is judged by RFC 9309 and Google's text where the two agree.
    let judged_by = "it is judged, as a library claiming none, by RFC 9309 and Google's text \
                     where the two agree; where they part, or only Google's text speaks, either \
                     answer is a reading";
    match crate::fuzz::standing::claim(name) {
        ClaimedReading::None => {}
        ClaimedReading::Google => writeln!(
            out,
            "Its documentation claims Google's reading (a port of Google's parser): a point where \
             it answers otherwise than Google's parser is a defect, one where it answers as \
             Google's parser does is not.\n"
        )?,
        ClaimedReading::Rfc9309 => {
            writeln!(out, "Its documentation claims RFC 9309: {judged_by}.\n")?
        }
        ClaimedReading::Legacy => writeln!(
            out,
            "Its documentation claims the original robots exclusion texts (1994, the 1996 \
             draft), which RFC 9309 replaces; they are no profile here (`legacy` is Google's \
             pre-2019 text), and {judged_by}.\n"
        )?,
    }
    let mut number = 0;
    if !defects.is_empty() {
        writeln!(out, "## Defects\n")?;
        writeln!(
            out,
            "Ranked by cost to users: real (site, URL) checks flipped on the corpus, then corpus \
             files holding the construct, then fuzz hits.\n"
        )?;
        writeln!(
            out,
            "| # | defect | answers | force | corpus files | real checks flipped | families |"
        )?;
        writeln!(out, "| --- | --- | --- | --- | --- | --- | --- |")?;
        for (i, entry) in defects.iter().enumerate() {
            entry.row(&mut out, i + 1, measured)?;
        }
        out.push('\n');
        for entry in &defects {
            number += 1;
            entry.sections(&mut out, number, index, measured)?;
        }
    }
    if !readings.is_empty() {
        writeln!(out, "## Where this library reads the texts one way\n")?;
        writeln!(
            out,
            "Points where the profiles part (or the texts are silent) and the library answers \
             as one reading does: not defects. The sections below show each.\n"
        )?;
        writeln!(
            out,
            "| point | answers | the reading it follows | families |"
        )?;
        writeln!(out, "| --- | --- | --- | --- |")?;
        for entry in &readings {
            writeln!(
                out,
                "| [{}](#{}) | {} | {} | {} |",
                entry.what,
                entry.causes[0].0.id,
                entry.answers(),
                entry.judged.why,
                entry.families()
            )?;
        }
        out.push('\n');
    }
    if !undefined.is_empty() {
        writeln!(out, "## Undefined\n")?;
        writeln!(
            out,
            "No text decides these points; opposite answers are both acceptable. Notes, not \
             findings:\n"
        )?;
        for entry in &undefined {
            writeln!(
                out,
                "- [{}](#{}): answers {}; {}",
                entry.what,
                entry.causes[0].0.id,
                entry.answers(),
                entry.judged.why
            )?;
        }
        out.push('\n');
    }
    if !readings.is_empty() || !undefined.is_empty() {
        writeln!(out, "## Readings and undefined points in detail\n")?;
        for entry in readings.iter().chain(&undefined) {
            number += 1;
            entry.sections(&mut out, number, index, measured)?;
        }
    }
    let foreign = crate::fuzz::rootcause::foreign_families(index, causes, name);
    if !foreign.is_empty() {
        writeln!(
            out,
            "## Also deviates on inputs minimised for other libraries\n\n{} famil{} where \
             {name} deviates from the reference on an input minimised for another library (its \
             constructs may be that library's need, not this one's): not yet root causes of \
             its own; a campaign minimising for {name} turns them into root causes.\n",
            foreign.len(),
            if foreign.len() == 1 { "y" } else { "ies" }
        )?;
        writeln!(
            out,
            "| family | feature | answer | reference (rfc9309 / google) | hits |"
        )?;
        writeln!(out, "| --- | --- | --- | --- | --- |")?;
        for family in foreign.iter().take(40) {
            let r = |p| {
                crate::fuzz::rootcause::reference_answer(family, p)
                    .map_or_else(String::new, |a| a.to_string())
            };
            writeln!(
                out,
                "| {} | `{}` | {} | {} / {} | {} |",
                link_family(&family.id),
                family.feature,
                family
                    .split
                    .get(name)
                    .map_or_else(String::new, |a| a.to_string()),
                r(Profile::Rfc9309),
                r(Profile::Google),
                family.hits
            )?;
        }
        if foreign.len() > 40 {
            writeln!(
                out,
                "\n… and {} more (see `index.json`).",
                foreign.len() - 40
            )?;
        }
        out.push('\n');
    }
    // Numbered apart from the entries above (`O1`, not a second `1`).
    for (heading, prefix, list) in [
        ("Timeouts", "T", &timeouts),
        ("Opt-in input classes", "O", &opt_in),
        ("Kept out: check the reference", "K", &suspect),
    ] {
        if list.is_empty() {
            continue;
        }
        writeln!(out, "## {heading}\n")?;
        for (i, cause) in list.iter().enumerate() {
            root_cause_section(
                &mut out,
                &format!("{prefix}{}", i + 1),
                cause,
                index,
                measured,
                None,
                true,
            )?;
        }
    }
    Ok(out)
}

/// The ranked root causes as one entry per behaviour: both verdict directions are evidence of
/// one behaviour, kept in the order of their best-ranked cause.
fn entries<'c>(ranked: &[&'c RootCause], index: &Index, measured: &Measured) -> Vec<Entry<'c>> {
    let mut entries: Vec<Entry<'c>> = Vec::new();
    for cause in ranked {
        let cited = clause(cause, measured.root_causes.get(&cause.id));
        let force = cited.force;
        let judged = crate::fuzz::standing::judge(cause, &cited, index);
        let what = behaviour(cause);
        // A behaviour judged differently in its two directions stands as its more serious
        // one; each section says its own. A failure (an exception, a crash) is a behaviour of
        // its own beside a verdict on the same construct.
        let fails = cause.kind == Kind::Error;
        match entries
            .iter_mut()
            .find(|e| e.what == what && (e.causes[0].0.kind == Kind::Error) == fails)
        {
            Some(entry) => {
                if judged.standing < entry.judged.standing {
                    entry.judged = judged.clone();
                    entry.force = force;
                }
                entry.causes.push((cause, judged));
            }
            None => entries.push(Entry {
                what,
                title: None,
                narrow: None,
                real_shows: Vec::new(),
                judged: judged.clone(),
                force,
                causes: vec![(cause, judged)],
            }),
        }
    }
    for entry in &mut entries {
        // A title that names the sentence it contradicts (a `*` counted as long as the path it
        // matches breaks the length rule, not what `*` means) is judged by that sentence.
        let causes: Vec<&RootCause> = entry.causes.iter().map(|(c, _)| *c).collect();
        let (title, real_shows) = title::misbehaviour(&causes, index, measured);
        if let Some(own) = title
            && let Some(cited) = own.clause
        {
            for (cause, judged) in &mut entry.causes {
                *judged = crate::fuzz::standing::judge(cause, cited, index);
            }
            let first = entry.causes.iter().min_by_key(|(_, j)| j.standing);
            if let Some((_, judged)) = first {
                entry.judged = judged.clone();
                entry.force = cited.force;
            }
        }
        // The URL rewritten by the normaliser the library's documented call contract puts
        // first: the library answers for the URL a crawler fetches.
        let normaliser = crate::engines::library::library(&entry.causes[0].0.implementation)
            .and_then(|l| l.manifest.url_normaliser.as_deref());
        if let (Some(normaliser), Some(own)) = (normaliser, title)
            && crate::fuzz::constructs::URL_REWRITES.contains(&own.title)
        {
            let judged = Judged {
                standing: Standing::Undefined,
                why: format!(
                    "the library is asked the URL its documented call contract normalises first \
                     ({normaliser}); a crawler fetches that URL, and the answer is right for it"
                ),
            };
            for (_, j) in &mut entry.causes {
                *j = judged.clone();
            }
            entry.judged = judged;
        }
        // The directions that give the entry its standing come first: its anchor, its first
        // section and its example show what makes it a defect (or a reading).
        let standing = entry.judged.standing;
        let mut paired: Vec<_> = entry.causes.drain(..).zip(real_shows).collect();
        paired.sort_by_key(|((_, j), _)| j.standing != standing);
        (entry.causes, entry.real_shows) = paired.into_iter().unzip();
        entry.title = title;
        let narrow: Vec<Option<&'static str>> = entry
            .causes
            .iter()
            .filter(|(_, j)| j.standing == standing)
            .map(|(c, _)| narrower(c, index))
            .collect();
        entry.narrow = match narrow.first() {
            Some(Some(first)) if narrow.iter().all(|n| n == &Some(*first)) => {
                let mut what = (*first).to_owned();
                if entry.causes[0].0.file_ignored {
                    what.push_str(WHOLE_FILE_IGNORED);
                }
                Some(what)
            }
            _ => None,
        };
    }
    // Two constructs whose evidence shows one misbehaviour (a dropped query, met through an
    // empty query and through a query parameter) are one behaviour: one entry, standing as
    // its more serious part, in the place of the better ranked.
    let mut merged: Vec<Entry<'c>> = Vec::new();
    for entry in entries {
        let same = merged.iter_mut().find(|e| match (e.title, entry.title) {
            (Some(a), Some(b)) => a.title == b.title,
            _ => false,
        });
        match same {
            Some(into) => {
                if entry.judged.standing < into.judged.standing {
                    into.judged = entry.judged.clone();
                    into.force = entry.force;
                }
                if into.narrow != entry.narrow {
                    into.narrow = None;
                }
                into.causes.extend(entry.causes);
                into.real_shows.extend(entry.real_shows);
                let standing = into.judged.standing;
                let mut paired: Vec<_> = into
                    .causes
                    .drain(..)
                    .zip(into.real_shows.drain(..))
                    .collect();
                paired.sort_by_key(|((_, j), _)| j.standing != standing);
                (into.causes, into.real_shows) = paired.into_iter().unzip();
            }
            None => merged.push(entry),
        }
    }
    merged
}

/// The construct of `cause` as narrowly as its shown input's place for it allows
/// ([`crate::fuzz::ablation::narrower_phrase`]), where that is narrower than its label.
fn narrower(cause: &RootCause, index: &Index) -> Option<&'static str> {
    if cause.construct == "hex-case" {
        return None;
    }
    let input = crate::fuzz::standing::shown(cause, index)?;
    crate::fuzz::ablation::narrower_phrase(&input, cause.construct)
}

/// An implementation's defects, one per behaviour, in the order its report ranks them: the
/// best-ranked root cause of each (its id is the entry's anchor), with the entry's title.
pub fn defects<'c>(
    causes: &[&'c RootCause],
    index: &Index,
    measured: &Measured,
) -> Vec<(&'c RootCause, String)> {
    let mut ranked: Vec<&RootCause> = causes.iter().copied().filter(|c| c.ranked()).collect();
    ranked.sort_by(|a, b| {
        rank(b, measured)
            .cmp(&rank(a, measured))
            .then(a.id.cmp(&b.id))
    });
    entries(&ranked, index, measured)
        .into_iter()
        .filter(|e| e.judged.standing == Standing::Defect)
        .map(|e| {
            let title = format!("{} → {}", e.heading(), e.answers());
            (e.causes[0].0, title)
        })
        .collect()
}

/// The behaviour a root cause shows, without its verdict direction: what one report's entries
/// are grouped by.
fn behaviour(cause: &RootCause) -> String {
    let mut what = label_phrase(cause);
    if cause.file_ignored {
        what.push_str(WHOLE_FILE_IGNORED);
    }
    what
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// One behaviour of one library: its root causes (one per verdict direction), each judged;
/// the entry stands as the most serious of them.
struct Entry<'c> {
    what: String,
    /// What the library does wrong, where the evidence of every root cause shows one
    /// misbehaviour ([`misbehaviour`]).
    title: Option<&'static Misbehaviour>,
    /// The construct as narrowly as the inputs of the root causes it stands as say it, where
    /// they all say it alike.
    narrow: Option<String>,
    /// Per root cause, whether its real file (if any) shows the title's misbehaviour.
    real_shows: Vec<bool>,
    judged: Judged,
    force: &'static str,
    causes: Vec<(&'c RootCause, Judged)>,
}

impl Entry<'_> {
    /// What the library does wrong: the misbehaviour's title, else the construct in words;
    /// where every root cause it stands as is a failure (an exception, a crash), that the call
    /// fails on it.
    fn heading(&self) -> String {
        match self.title {
            Some(m) => m.title.to_owned(),
            // The entry stands as a defect through its failures alone (its other directions
            // readings): the failure is what the library does wrong.
            None if self
                .causes
                .iter()
                .filter(|(_, j)| j.standing == self.judged.standing)
                .all(|(c, _)| c.kind == Kind::Error) =>
            {
                format!(
                    "the call fails (an error or a crash) on {}",
                    self.narrow.as_ref().unwrap_or(&self.what)
                )
            }
            None => self.narrow.clone().unwrap_or_else(|| self.what.clone()),
        }
    }

    /// `allow`, or `allow, disallow` when both directions show it.
    fn answers(&self) -> String {
        let mut answers: Vec<String> = Vec::new();
        for (cause, _) in &self.causes {
            let answer = cause.answer.to_string();
            if !answers.contains(&answer) {
                answers.push(answer);
            }
        }
        answers.join(", ")
    }

    fn families(&self) -> usize {
        self.causes.iter().map(|(c, _)| c.families.len()).sum()
    }

    /// Its row in the defects table.
    fn row(&self, out: &mut String, number: usize, measured: &Measured) -> fmt::Result {
        let m = |f: fn(&RootMeasure) -> usize| -> String {
            let known: Vec<usize> = self
                .causes
                .iter()
                .filter_map(|(c, _)| measured.root_causes.get(&c.id).map(f))
                .collect();
            // Its directions count the same files and flips (either way counts): the most of
            // them, not their sum.
            known
                .iter()
                .max()
                .map_or_else(|| "not measured".to_owned(), usize::to_string)
        };
        writeln!(
            out,
            "| {number} | [{}](#{}) | {} | {} | {} | {} | {} |",
            self.heading(),
            self.causes[0].0.id,
            self.answers(),
            self.force,
            m(|m| m.files),
            m(|m| m.flips),
            self.families()
        )
    }

    /// Its root causes' sections, the first numbered, each further direction after it.
    fn sections(
        &self,
        out: &mut String,
        number: usize,
        index: &Index,
        measured: &Measured,
    ) -> fmt::Result {
        for (i, (cause, judged)) in self.causes.iter().enumerate() {
            // The further direction of one behaviour: `3b`.
            let label = if i == 0 {
                number.to_string()
            } else {
                format!("{number}{}", char::from(b'a' + i as u8))
            };
            root_cause_section(
                out,
                &label,
                cause,
                index,
                measured,
                Some((judged, self.title)),
                self.real_shows.get(i).copied().unwrap_or(true),
            )?;
        }
        Ok(())
    }
}

/// `instances` (lines of the minimal input `shown`) as the input made readable (`measured`'s
/// example, shown first) writes them: each line rewritten in place named as it is there.
fn as_readable(
    instances: Vec<String>,
    shown: Option<&crate::fuzz::generate::Input>,
    measured: Option<&RootMeasure>,
) -> Vec<String> {
    let readable = measured
        .and_then(|m| m.example.as_ref()?.readable.as_ref())
        .map(|r| r.input.input());
    let (Some(shown), Some(readable)) = (shown, readable) else {
        return instances;
    };
    if shown.lines.len() != readable.lines.len() {
        return instances;
    }
    let content = |line: &[u8]| -> Vec<u8> {
        let end = line
            .iter()
            .rposition(|b| !matches!(b, b'\r' | b'\n'))
            .map_or(0, |e| e + 1);
        line[..end].to_vec()
    };
    let mut out = instances;
    for (before, after) in shown.lines.iter().zip(&readable.lines) {
        let (before, after) = (content(before), content(after));
        if before == after {
            continue;
        }
        let (from, to) = (
            crate::text::inline_code(&before, 60),
            crate::text::inline_code(&after, 60),
        );
        for instance in &mut out {
            *instance = instance.replace(&from, &to);
        }
    }
    out
}

fn root_cause_section(
    out: &mut String,
    number: &str,
    cause: &RootCause,
    index: &Index,
    measured: &Measured,
    entry: Option<(&Judged, Option<&Misbehaviour>)>,
    real_shows: bool,
) -> fmt::Result {
    let (judged, misbehaviour) = (entry.map(|(j, _)| j), entry.and_then(|(_, t)| t));
    let m = measured.root_causes.get(&cause.id);
    let family = index.families.iter().find(|f| f.id == cause.representative);
    let seen = family.map(|f| crate::fuzz::ablation::for_implementation(f, &cause.implementation));
    let shown = seen
        .as_ref()
        .and_then(|f| crate::fuzz::ablation::shown_input(f, &cause.implementation));
    // The title names the construct in general, or as narrowly as the input's place for it
    // allows; the input's own instance of it follows.
    let input = shown.as_ref().map(FamilyInput::input);
    // Lower-case hex digits the library compares as written on both sides: the rule's are
    // what it reads apart from Google's parser, not the URL's.
    let rule_hex = match (seen.as_ref(), input.as_ref()) {
        (Some(f), Some(i)) if cause.construct == "hex-case" => {
            crate::fuzz::ablation::rule_hex_side(f, &cause.implementation, i)
        }
        _ => None,
    };
    let what = match &rule_hex {
        Some((phrase, _)) => phrase.clone(),
        None => input
            .as_ref()
            .and_then(|i| crate::fuzz::ablation::narrower_phrase(i, cause.construct))
            .map_or_else(|| label_phrase(cause), str::to_owned),
    };
    // Two profile splits read one each way: each one's instance.
    let constructs: &[&str] = if cause.profile_mix() {
        &cause.with
    } else {
        std::slice::from_ref(&cause.construct)
    };
    let instances: Vec<String> = match (seen.as_ref(), input.as_ref()) {
        _ if rule_hex.is_some() => rule_hex.iter().map(|(_, lines)| lines.clone()).collect(),
        (Some(f), Some(i)) => {
            let of = |constructs: &[&str]| -> Vec<String> {
                constructs
                    .iter()
                    .filter_map(|c| {
                        crate::fuzz::ablation::instance_for(f, &cause.implementation, i, c)
                    })
                    .collect()
            };
            let found = of(constructs);
            // A construct derived from evidence rather than neutralised (a slashless rule a
            // probe shows the library looks for anywhere): the rule lines it is about.
            if found.is_empty() {
                crate::fuzz::ablation::derived_instance(i, cause.construct)
                    .into_iter()
                    .collect()
            } else {
                found
            }
        }
        _ => Vec::new(),
    };
    let instances = as_readable(instances, input.as_ref(), m);
    let here = if instances.is_empty() {
        String::new()
    } else {
        format!("; here {}", instances.join(", and "))
    };
    // The title's canonical input, where the library was asked it and answered so.
    let canonical = misbehaviour
        .and_then(|m| Some((m, crate::fuzz::constructs::confirmation(m.title)?)))
        .filter(|(m, _)| title::confirmed(measured, &cause.implementation, m))
        .map(|(_, c)| c);
    // Where the canonical input is shown first, what the heading and `Expected` say of the
    // fuzz-minimised input is said of it by name (the two can go opposite ways).
    let minimal = if canonical.is_some() {
        "On the minimal repro, "
    } else {
        ""
    };
    // Titled by the misbehaviour the evidence shows, else saying only that the library reads
    // the construct differently.
    let heading = match misbehaviour {
        Some(m) => format!(
            "{}. {minimal}{}",
            capitalised(m.title),
            titled(cause, &what)
        ),
        None if cause.kind == Kind::Deviation && judged.is_some() && !cause.profile_mix() => {
            reads_differently(cause, &what)
        }
        None => titled(cause, &what),
    };
    writeln!(
        out,
        "<a id=\"{}\"></a>\n### {number}. {heading}{here}\n",
        cause.id
    )?;
    if let Some(judged) = judged {
        let standing = match judged.standing {
            Standing::Defect => "a defect",
            Standing::Reading => "a reading, not a defect",
            Standing::Undefined => "undefined, not a defect",
        };
        writeln!(out, "- **Standing**: {standing}: {}", judged.why)?;
    }
    if let Some(c) = canonical {
        writeln!(
            out,
            "- **Confirmed** on the title's canonical input: robots.txt `{:?}`, crawler `FooBot`, \
             URL `{}`: the library answers {}, the reference the other way under every profile",
            c.robots, c.url, c.answer
        )?;
        for (name, version) in title::fixed_in(measured, &cause.implementation, c) {
            writeln!(
                out,
                "- **Fixed in** version {version} (`{name}`): asked the same input, it answers as \
                 the reference does"
            )?;
        }
    }
    // The sentence the misbehaviour shown contradicts, where it names its own.
    let clause = match misbehaviour.and_then(|m| m.clause) {
        Some(own) => own.clone(),
        None => clause(cause, m),
    };
    writeln!(
        out,
        "- **Clause** ({}, force **{}**): {}",
        clause.source, clause.force, clause.text
    )?;
    // A reading: the sentence each profile rests on.
    if judged.is_some_and(|j| j.standing == Standing::Reading) {
        for sides in constructs
            .iter()
            .filter_map(|c| crate::fuzz::clauses::sides(c))
        {
            let side = |s: &crate::fuzz::clauses::Side| match s.text {
                Some(text) => format!("({}): {text}", s.source),
                None => format!("{}, which no text says", s.source),
            };
            writeln!(
                out,
                "- **Each reading rests on**: `rfc9309` {}; `google` {}",
                side(&sides.rfc9309),
                side(&sides.google)
            )?;
        }
    }
    let expected: Vec<String> = cause
        .reference
        .iter()
        .map(|(p, a)| format!("`{p}`: {a}"))
        .collect();
    writeln!(
        out,
        "- **Expected**{} (the reference): {}; **actual**: {}",
        if canonical.is_some() {
            " on the minimal repro"
        } else {
            ""
        },
        expected.join(", "),
        cause.answer
    )?;
    match m {
        Some(m) => writeln!(
            out,
            "- **Real world** ({}): {} corpus file(s) hold the construct; {} real (site, URL) \
             check(s) flipped the same way by it",
            measured.corpus, m.files, m.flips
        )?,
        None => writeln!(
            out,
            "- **Real world**: not measured (run `reptest fuzz-report`)"
        )?,
    }
    writeln!(
        out,
        "- **Fuzz hits**: {} over {} famil{}: {}",
        cause.hits,
        cause.families.len(),
        if cause.families.len() == 1 {
            "y"
        } else {
            "ies"
        },
        cause
            .families
            .iter()
            .take(8)
            .map(|f| link_family(f))
            .collect::<Vec<_>>()
            .join(", ")
            + if cause.families.len() > 8 {
                ", …"
            } else {
                ""
            }
    )?;
    match m.and_then(|m| m.case.as_ref()) {
        Some(case) => writeln!(
            out,
            "- **Spec case**: [`{}`](../../{}) ({})",
            case.id,
            case.file,
            case.spec.join(", ")
        )?,
        None => writeln!(
            out,
            "- **Spec case**: none yet; [`{}.toml`](families/{}.toml) is the promotable case",
            cause.representative, cause.representative
        )?,
    }
    if let Some(t) = &cause.transformation {
        writeln!(
            out,
            "- **Body received as** `{t}`: the repro's decoding step is the library's input"
        )?;
    }
    if !cause.contract.is_empty() {
        writeln!(
            out,
            "- **Rests on the call contract**: {}",
            cause.contract.join(", ")
        )?;
    }
    if !cause.classes.is_empty() {
        writeln!(out, "- **Input class**: {}", cause.classes.join(", "))?;
    }
    if let Some(cleaned) = family
        .filter(|f| crate::fuzz::ablation::uses_cleaned(f, &cause.implementation))
        .and_then(|f| f.cleaned_for.get(&cause.implementation))
    {
        let removed: Vec<String> = cleaned.removed.iter().map(|c| format!("`{c}`")).collect();
        let removed = if removed.is_empty() {
            "nothing else".to_owned()
        } else {
            removed.join(", ")
        };
        match &cleaned.united {
            None => writeln!(
                out,
                "- **Cleaned**: the minimal input of [`{}.toml`](families/{}.toml) with {removed} \
                 neutralised, each asked again: the library's answer and the reference's under \
                 `rfc9309` and `google` stay the same",
                cause.representative, cause.representative,
            )?,
            Some(united) => writeln!(
                out,
                "- **Strengthened**: on the minimal input of [`{}.toml`](families/{}.toml) the \
                 library gave one profile's answer; with `{united}` neutralised the reference's \
                 `rfc9309` and `google` agree and the library keeps its answer, so it met that \
                 profile by chance. Shown: that input, with {removed} neutralised too (each \
                 leaving every answer as it was)",
                cause.representative, cause.representative,
            )?,
        }
    }
    let version = index
        .engines
        .get(&cause.implementation)
        .map_or("", |i| i.version.as_str());
    // The example: a real file where the library flips because of it, first; the minimal
    // input (made readable where a rewrite held) as the repro.
    let example = m.and_then(|m| m.example.as_ref());
    // A real file where the library flips for another fault of the construct than the
    // entry's misbehaviour is left out: the entry shows its own.
    let real = example.and_then(|e| e.real.as_ref()).filter(|_| real_shows);
    let readable = example.and_then(|e| e.readable.as_ref());
    if let Some(real) = real {
        let reference: Vec<String> = real
            .reference
            .iter()
            .map(|(p, a)| format!("`{p}`: {a}"))
            .collect();
        writeln!(
            out,
            "\n**Seen on a real site**: `{}`'s robots.txt ({}), crawler `{}`, URL `{}`: the \
             library answers {} where the reference answers {} (Google's reading and the RFC's \
             agree); with the construct neutralised in that file it answers {}. The file's \
             lines that matter ({} lines in all, `…` for lines cut):\n\n{}",
            real.site,
            real.corpus,
            real.agent,
            real.url,
            real.answer,
            reference.join(", "),
            real.neutralised,
            real.total_lines,
            crate::fuzz::example::fenced_excerpt(real)
        )?;
    }
    // The title's canonical input next: the misbehaviour alone, on the library itself.
    if let Some(c) = canonical {
        shown::canonical_block(
            out,
            &cause.implementation,
            version,
            c,
            &cause.representative,
        )?;
    }
    let first = real.is_some() || canonical.is_some();
    if let Some(readable) = readable {
        writeln!(
            out,
            "\n{}: the minimal input with {}; asked again, the library and the reference answer \
             as on the minimal input, and the construct still decides.",
            if first {
                "**Minimal repro**, made readable"
            } else {
                "**Made readable**"
            },
            readable.rewrites.join("; ")
        )?;
    } else if first {
        writeln!(out, "\n**Minimal repro**:")?;
    }
    let shown = readable.map(|r| r.input.clone()).or(shown);
    if let Some(input) = shown.as_ref() {
        let outcome = shown::Outcome {
            answer: cause.answer,
            expected: &expected,
            family: &cause.representative,
        };
        shown::input_block(out, &cause.implementation, version, input, &outcome)?;
    }
    Ok(())
}

/// Whether `answer`, the library's in a real check, departs from the reference there as the
/// root cause does: a verdict other than the reference's under each profile the cause expects
/// an answer of. Either verdict direction counts: both are one behaviour (an entry holds both).
pub fn same_way(cause: &RootCause, answer: Answer, reference: &BTreeMap<Profile, Answer>) -> bool {
    answer.allowed().is_some()
        && !cause.expected.is_empty()
        && cause
            .expected
            .keys()
            .all(|p| reference.get(p).is_some_and(|r| *r != answer))
}
