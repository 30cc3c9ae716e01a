//! The variants of an input by construct, and the words that name a construct and its instance.

use std::collections::BTreeMap;

use reptest_reference::RecordKind;

use super::neutralise::neutralised;
use super::probes::{SHARED_SPLIT, inner_escaped_dollar, rule_lines_where, rule_value};
use super::text::named_lines;
use super::text::{
    Line, any_value_span, has, is_reserved_escape, is_rule, is_space, join_lines, key_span,
    line_readings, near_nonstandard_name, path_at, rewrite_lines, split_lines, url_hex_lowered,
    with_body,
};
use crate::fuzz::constructs;
use crate::fuzz::findings::{Family, FamilyInput};
use crate::fuzz::generate::Input;
use crate::text::hex_octet;

/// The input with each construct it holds neutralised (every occurrence of it at once), one
/// variant or more per construct (a misspelled line spelled right and taken out; an empty
/// `user-agent` line taken out and named; …), each named by its construct. Constructs the
/// input does not hold give no variant; a variant of a construct meant to leave every
/// reading's answer as it was is left out where it moves the reference's.
///
/// Remembered for the last inputs asked about (the root causes ask once per implementation
/// and family, and again for each representative).
pub fn variants(input: &Input) -> Vec<(&'static str, Input)> {
    type Key = (Vec<u8>, String, Vec<String>);
    thread_local! {
        static SEEN: std::cell::RefCell<BTreeMap<Key, Vec<(&'static str, Input)>>> =
            const { std::cell::RefCell::new(BTreeMap::new()) };
    }
    let key: Key = (input.body(), input.agent.clone(), input.urls.clone());
    if let Some(found) = SEEN.with(|seen| seen.borrow().get(&key).cloned()) {
        return found;
    }
    let made = neutralised(input);
    SEEN.with(|seen| {
        let mut seen = seen.borrow_mut();
        if seen.len() >= 4096 {
            seen.clear();
        }
        seen.insert(key, made.clone());
    });
    made
}

/// A narrower phrase for `construct` as `input` holds it, where its place in the file says
/// more than the construct's own phrase: rules in a file with no `user-agent` line at all
/// (which some libraries apply to every crawler, and others ignore only when a `user-agent`
/// line follows); a blank line between two `user-agent` lines of one group, or between a
/// group's `user-agent` lines and its first rule (a library may end a group at one and not
/// the other). `None` when the construct's phrase is as narrow as the input allows.
pub fn narrower_phrase(input: &Input, construct: &str) -> Option<&'static str> {
    let body = input.body();
    let readings = line_readings(&body)?;
    let lines = split_lines(&body);
    let agent = |i: usize| readings[i].0.contains(&RecordKind::UserAgent);
    let blank = |i: usize| lines[i].content.iter().all(|b| is_space(*b));
    // The values of the lines read as rules.
    let rule_values = || -> Vec<&[u8]> {
        (0..lines.len())
            .filter(|i| is_rule(&readings[*i].0))
            .filter_map(|i| any_value_span(&lines[i].content).map(|(s, e)| &lines[i].content[s..e]))
            .collect()
    };
    match construct {
        "rule-outside-group" => {
            (!(0..lines.len()).any(agent)).then_some("rules in a file with no `user-agent` line")
        }
        "blank-line" => {
            // Each blank line between two lines that are not, with the nearest of those.
            let inner: Vec<(usize, usize)> = (0..lines.len())
                .filter(|i| blank(*i))
                .filter_map(|i| {
                    let before = (0..i).rev().find(|k| !blank(*k))?;
                    let after = (i + 1..lines.len()).find(|k| !blank(*k))?;
                    Some((before, after))
                })
                .collect();
            if inner.is_empty() {
                None
            } else if inner.iter().all(|(b, a)| agent(*b) && agent(*a)) {
                Some("a blank line between two `user-agent` lines of one group")
            } else if inner
                .iter()
                .all(|(b, a)| agent(*b) && is_rule(&readings[*a].0))
            {
                Some("a blank line between a group's `user-agent` lines and its rules")
            } else {
                None
            }
        }
        // The URL's escapes hold lower-case hex digits: Google's parser upper-cases a rule's
        // and compares the URL's as sent, so it is the URL's case that parts the readings.
        "hex-case" => url_hex_lowered(input).then_some(
            "lower-case hex digits in the URL's percent-encoding (`%c3` for `%C3`), which \
             Google's parser compares as sent (it upper-cases only a rule's)",
        ),
        // Every rule holding non-ASCII characters ends in Unicode whitespace (U+00A0, U+2002,
        // …) and holds no other: a library that trims Unicode whitespace reads the rule short.
        "non-ascii" => {
            let odd: Vec<&[u8]> = rule_values()
                .into_iter()
                .filter(|v| !v.is_ascii())
                .collect();
            let spaced_end = |v: &[u8]| {
                let text = String::from_utf8_lossy(v);
                let trimmed = text.trim_end();
                trimmed.len() < text.len() && trimmed.is_ascii()
            };
            (!odd.is_empty() && odd.iter().all(|v| spaced_end(v))).then_some(
                "a rule ending in a non-ASCII whitespace character (U+00A0, U+2002, …), which \
                 Unicode counts as whitespace",
            )
        }
        // Every unknown or non-standard field line sits between two `user-agent` lines (blank
        // lines aside): a library that ends a group's names there splits the group.
        "unknown-field" | "non-standard-field" | "nonstandard-typo" => {
            let found: Vec<usize> = (0..lines.len())
                .filter(|i| {
                    if construct == "nonstandard-typo" {
                        let (start, end) = key_span(&lines[*i].content);
                        has(&readings[*i].1, "unknown-field")
                            && near_nonstandard_name(&lines[*i].content[start..end])
                    } else {
                        has(&readings[*i].1, construct)
                    }
                })
                .collect();
            // Every such line's name holds a character outside HTTP's token set (`/:`,
            // `a(b):`), or is empty: a grammar built on tokens fails on the line.
            let untokened = |i: &usize| {
                let (start, end) = key_span(&lines[*i].content);
                let name = &lines[*i].content[start..end];
                name.is_empty()
                    || name
                        .iter()
                        .any(|b| b.is_ascii_control() || b"()<>@,;:\\\"/[]?={} ".contains(b))
            };
            // Every such line a `crawl-delay` (any letter case).
            let delays = || {
                found.iter().all(|i| {
                    let (start, end) = key_span(&lines[*i].content);
                    lines[*i].content[start..end].eq_ignore_ascii_case(b"crawl-delay")
                })
            };
            let between = |i: usize| {
                let before = (0..i).rev().find(|k| !blank(*k));
                let after = (i + 1..lines.len()).find(|k| !blank(*k) && !found.contains(k));
                before.is_some_and(agent) && after.is_some_and(agent)
            };
            if found.is_empty() {
                None
            } else if found.iter().all(|i| between(*i)) {
                Some(if construct == "unknown-field" {
                    "an unknown field line between two `user-agent` lines of one group"
                } else if construct == "non-standard-field" && delays() {
                    "a `crawl-delay` line between two `user-agent` lines of one group"
                } else if construct == "nonstandard-typo" {
                    "a field spelled like a non-standard one (`Crawldelay` for `crawl-delay`), \
                     which the library accepts as that field, between two `user-agent` lines of \
                     one group"
                } else {
                    "a non-standard field line (`sitemap`, `crawl-delay`, …) between two \
                     `user-agent` lines of one group"
                })
            } else {
                (construct == "unknown-field" && found.iter().all(untokened)).then_some(
                    "a field line whose name is empty or holds a character outside HTTP's token \
                     set (`/:`, `a(b):`)",
                )
            }
        }
        // The last line, without a line end, ends right after its colon (`Disallow:`) or is
        // one word: a lexer that stops at the end of the file may find no value there.
        "last-line-end" => {
            let last = lines.last().filter(|l| l.end.is_empty())?;
            let content = &last.content;
            if content.ends_with(b":") {
                Some("a last line without a line end that ends right after its colon (`Disallow:`)")
            } else if !content.contains(&b':')
                && !content.is_empty()
                && !content.iter().any(|b| is_space(*b))
            {
                Some("a last line of one word, without a line end")
            } else {
                None
            }
        }
        // Every `Allow` line right before a `user-agent` line: for a library obeying no
        // `Allow` line, the groups it parts are one.
        "allow-ignored" => {
            let allows: Vec<usize> = (0..lines.len())
                .filter(|i| readings[*i].0.contains(&RecordKind::Allow))
                .collect();
            let next_is_agent =
                |i: usize| (i + 1..lines.len()).find(|k| !blank(*k)).is_some_and(agent);
            (!allows.is_empty() && allows.iter().all(|i| next_is_agent(*i))).then_some(
                "an `Allow` line between two groups, where the library obeys no `Allow` line \
                 (read as nothing, it leaves the next `user-agent` line in the same group)",
            )
        }
        // Every rule holding `$` before its end does so as an escape (`/%24$`).
        "inner-dollar" => {
            let inner: Vec<&[u8]> = rule_values()
                .into_iter()
                .filter(|v| {
                    v.len() > 1 && v[..v.len() - 1].contains(&b'$') || inner_escaped_dollar(v)
                })
                .collect();
            (!inner.is_empty() && inner.iter().all(|v| inner_escaped_dollar(v))).then_some(
                "a rule ending in the `$` anchor that holds an escaped `$` (`%24`) before it \
                 (`/a%24$`), which a library decoding escapes reads as a second `$`",
            )
        }
        // Every empty rule an empty `Disallow:` with another rule of its group after it (a
        // library reading it as allowing everything may stop there), or every one an empty
        // `Allow:` (which a library may read as disallowing everything).
        "empty-value" => {
            let empty: Vec<usize> = (0..lines.len())
                .filter(|i| is_rule(&readings[*i].0) && rule_value(&lines[*i].content).is_empty())
                .collect();
            let rule_after = |i: usize| {
                (i + 1..lines.len())
                    .take_while(|k| !agent(*k))
                    .any(|k| is_rule(&readings[k].0) && !rule_value(&lines[k].content).is_empty())
            };
            // Every empty rule of one kind, read as that kind alone.
            let only = |kind: RecordKind, other: RecordKind| {
                !empty.is_empty()
                    && empty
                        .iter()
                        .all(|i| readings[*i].0.contains(&kind) && !readings[*i].0.contains(&other))
            };
            if only(RecordKind::Disallow, RecordKind::Allow) && empty.iter().all(|i| rule_after(*i))
            {
                Some(
                    "an empty `Disallow:` (which disallows nothing) before other rules of its group",
                )
            } else if only(RecordKind::Allow, RecordKind::Disallow) {
                Some("an empty `Allow:` (which allows nothing by itself)")
            } else {
                None
            }
        }
        // Every rule ends in an escaped `?`, `#` or `;`: decoded, an empty query, fragment or
        // parameters, which a library parsing the rule as a URL drops.
        "reserved-escape" | "rule-reserved-escape" => {
            let escaped: Vec<&[u8]> = rule_values()
                .into_iter()
                .filter(|v| v.contains(&b'%'))
                .collect();
            let ends_empty = |v: &[u8]| {
                v.len() >= 3
                    && [&b"%3F"[..], b"%23", b"%3B"]
                        .iter()
                        .any(|e| v[v.len() - 3..].eq_ignore_ascii_case(e))
            };
            (!escaped.is_empty() && escaped.iter().all(|v| ends_empty(v))).then_some(
                "a rule ending in a percent-encoded `?`, `#` or `;` (decoded, an empty query, \
                 fragment or parameters)",
            )
        }
        // The rules' values, read as a rule: their inner whitespace all control octets (a tab
        // is one, which a library may delete rather than compare).
        "inner-space" => {
            let inner: Vec<u8> = rule_values()
                .into_iter()
                .flat_map(|v| {
                    v.iter()
                        .copied()
                        .filter(|b| b.is_ascii_whitespace() || b.is_ascii_control())
                })
                .collect();
            (!inner.is_empty() && inner.iter().all(|b| *b != b' '))
                .then_some("a tab or other control character inside a rule's path")
        }
        // Every rule holding `*` starts with `*/`: its `*` stands where a path's leading `/`
        // is, and may match nothing before it (a library that puts a `/` before a rule that
        // lacks one then asks for two).
        "wildcard" | "no-leading-slash" => {
            let starred: Vec<&[u8]> = rule_values()
                .into_iter()
                .filter(|v| v.contains(&b'*'))
                .collect();
            (!starred.is_empty() && starred.iter().all(|v| v.starts_with(b"*/")))
                .then_some("a rule starting with `*/`, not `/` (its `*` may match nothing)")
        }
        _ => None,
    }
}

/// Where `construct` sits in `input`, for a report: the lines its first neutralisation
/// changes or takes out, else the crawler name or the URL it changes; `None` for a construct
/// the input gives no variant of, or one whose neutralisation only adds lines.
pub fn instance(input: &Input, construct: &str) -> Option<String> {
    // A property of the whole file, not of a line.
    if constructs::is(construct, |c| c.whole_file) {
        return None;
    }
    // The shared group's other names stand for the pair.
    let neutralised_as = if construct == SHARED_SPLIT {
        "shared-group"
    } else {
        construct
    };
    let variant = variants(input)
        .into_iter()
        .find(|(c, _)| *c == neutralised_as)
        .map(|(_, v)| v)?;
    let (body, neutralised) = (input.body(), variant.body());
    let mut left: Vec<&[u8]> = crate::text::lines_with_ends(&neutralised)
        .into_iter()
        .map(|(line, _)| line)
        .collect();
    let mut changed: Vec<&[u8]> = Vec::new();
    for (line, _) in crate::text::lines_with_ends(&body) {
        match left.iter().position(|l| *l == line) {
            Some(i) => {
                left.remove(i);
            }
            None => changed.push(line),
        }
    }
    // A blank line is named by the narrower phrase, if at all.
    changed.retain(|line| !line.iter().all(u8::is_ascii_whitespace));
    // A construct of the URL that the neutralisation also takes out of the rules (an empty
    // query's `?`) is the URL's.
    // Likewise lower-case hex digits the URL holds (what Google's parser compares as sent).
    let url_hex = construct == "hex-case" && url_hex_lowered(input);
    if (construct == "empty-query" || construct.starts_with("url-") || url_hex)
        && variant.urls != input.urls
    {
        changed.clear();
    }
    match changed.as_slice() {
        [] if variant.agent != input.agent => Some(format!(
            "the crawler name {}",
            crate::text::inline_code(input.agent.as_bytes(), 60)
        )),
        [] if variant.urls != input.urls => Some(format!(
            "the URL {}",
            crate::text::inline_code(input.urls.first()?.as_bytes(), 80)
        )),
        [] => None,
        lines if construct == "bare-percent" => {
            let named = named_lines(lines);
            Some(match bare_percent_on_escape(lines, input) {
                Some(escape) => format!(
                    "{named}, whose `%` Google's parser compares with the `%` of the URL's `{escape}`"
                ),
                None => named,
            })
        }
        lines => Some(named_lines(lines)),
    }
}

/// The URL's escape (`%7E`) whose `%` a rule of `lines` reaches with a `%` that starts no
/// escape, compared literally: a bare `%` that matches the URL only as Google's parser
/// compares (the URL as sent), where a reading that decodes the URL's escape, or encodes
/// the bare `%` as `%25`, finds no match. `None` where no rule does.
pub(super) fn bare_percent_on_escape(lines: &[&[u8]], input: &Input) -> Option<String> {
    let url = input.urls.first()?;
    let path = &url.as_bytes()[path_at(url)..];
    lines.iter().find_map(|line| {
        let value = rule_value(line);
        let at = value.iter().enumerate().position(|(i, b)| {
            *b == b'%' && value.get(i + 1..i + 3).and_then(hex_octet).is_none()
        })?;
        let escape = path.get(at..at + 3)?;
        (path.starts_with(&value[..=at]) && hex_octet(&escape[1..]).is_some())
            .then(|| String::from_utf8_lossy(escape).into_owned())
    })
}

/// The name of the probes `line_alone_variants` are asked under: evidence, never a
/// construct.
pub const LINE_ALONE: &str = "line-alone";

/// Most lines a construct's neutralisation may change for each to be tried alone.
pub(super) const LINES_ALONE: usize = 6;

/// For a neutralisation that rewrites lines in place (as many lines before as after), or
/// takes lines out and changes no other, and changes from 2 to [`LINES_ALONE`] of them: each
/// changed line, with the body in which only it is rewritten (or taken out). Empty otherwise.
pub(super) fn lines_alone(body: &[u8], neutralised: &[u8]) -> Vec<(Vec<u8>, Vec<u8>)> {
    let (before, after) = (split_lines(body), split_lines(neutralised));
    if before.len() != after.len() {
        return lines_taken_out(&before, &after)
            .into_iter()
            .map(|i| {
                let mut one = split_lines(body);
                let line = one.remove(i);
                (line.content, join_lines(&one))
            })
            .collect();
    }
    let changed: Vec<usize> = (0..before.len())
        .filter(|i| before[*i].content != after[*i].content)
        .collect();
    if !(2..=LINES_ALONE).contains(&changed.len()) {
        return Vec::new();
    }
    changed
        .into_iter()
        .map(|i| {
            let mut one = split_lines(body);
            one[i].content.clone_from(&after[i].content);
            (before[i].content.clone(), join_lines(&one))
        })
        .collect()
}

/// Where `after` is `before` with lines taken out (each other line kept as it was, in its
/// order) and from 2 to [`LINES_ALONE`] of them are not blank: the indices in `before` of
/// those. Empty otherwise.
pub(super) fn lines_taken_out(before: &[Line], after: &[Line]) -> Vec<usize> {
    let mut taken = Vec::new();
    let mut j = 0;
    for (i, line) in before.iter().enumerate() {
        if after.get(j).is_some_and(|a| a.content == line.content) {
            j += 1;
        } else {
            taken.push(i);
        }
    }
    // A blank line taken out with them is no line a title could name.
    taken.retain(|i| !before[*i].content.iter().all(|b| is_space(*b)));
    let kept_all = j == after.len();
    if kept_all && (2..=LINES_ALONE).contains(&taken.len()) {
        taken
    } else {
        Vec::new()
    }
}

/// Whether the rules of `input` hold reserved characters' escapes (`%3D`, `%2F`) and its URL
/// holds none of them, hex case aside: the escape is in the rule alone, where RFC 9309's
/// sentence on reserved escapes (about the URI) does not reach; the `rfc9309` profile keeps it
/// encoded, an interpretation (the spec case `encoding/reserved-encoding-kept-in-path`).
pub fn reserved_escape_in_rule_only(input: &Input) -> bool {
    let Some(url) = input.urls.first() else {
        return false;
    };
    let path = url[path_at(url)..].to_ascii_uppercase();
    let mut escapes: Vec<String> = Vec::new();
    for line in rule_lines_where(input, |_| true) {
        let value = rule_value(&line);
        for w in value.windows(3) {
            if w[0] == b'%' && is_reserved_escape(&w[1..]) {
                escapes.push(String::from_utf8_lossy(w).to_ascii_uppercase());
            }
        }
    }
    !escapes.is_empty() && escapes.iter().all(|e| !path.contains(e.as_str()))
}

/// Whether every rule of `input` holding `*` starts with `*/`: a path-pattern the grammar
/// does not allow (it starts with `/`), whose `*` may match nothing before the path's `/`.
pub fn starred_root_rules(input: &Input) -> bool {
    let starred: Vec<Vec<u8>> = rule_lines_where(input, |line| rule_value(line).contains(&b'*'));
    !starred.is_empty()
        && starred
            .iter()
            .all(|line| rule_value(line).starts_with(b"*/"))
}

/// The name the evidence of a construct's lines taken out is asked under, before `:<construct>`.
pub(super) const LINES_OUT: &str = "lines-out";

/// For each construct of how a path is compared that the profiles part on
/// ([`constructs::Construct::matching_split`]), its first neutralisation that rewrites lines in place, with those
/// lines taken out instead: what is left is the rest of the file, so where the profiles then
/// part, the implementation's answer shows how it reads the rest (a library reading a
/// colonless `disallow /` as `rfc9309` does, beside a rule with a space it compares as
/// Google's parser does). Each is named `lines-out:<construct>`; evidence for
/// [`profile_mix`], never a construct.
pub(super) fn lines_out_variants(input: &Input) -> Vec<(String, Input)> {
    let body = input.body();
    let before = split_lines(&body);
    let mut seen: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for (construct, variant) in variants(input) {
        if seen.contains(&construct) || !constructs::is(construct, |c| c.matching_split) {
            continue;
        }
        seen.push(construct);
        let after = split_lines(&variant.body());
        if after.len() != before.len() {
            continue;
        }
        let kept: Vec<Line> = before
            .iter()
            .zip(&after)
            .filter(|(b, a)| b.content == a.content)
            .map(|(b, _)| b.clone())
            .collect();
        if kept.len() < before.len() && kept.len() + LINES_ALONE >= before.len() {
            out.push((
                format!("{LINES_OUT}:{construct}"),
                with_body(input, &join_lines(&kept)),
            ));
        }
    }
    out
}

/// Each construct's first neutralisation that rewrites several lines in place, one line at
/// a time ([`lines_alone`]): a library may react to one misspelled line and not the other.
/// Each is named `line-alone:<construct>`.
pub(super) fn line_alone_variants(input: &Input) -> Vec<(String, Input)> {
    let body = input.body();
    let mut seen: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for (construct, variant) in variants(input) {
        if seen.contains(&construct) || constructs::is(construct, |c| c.whole_file) {
            continue;
        }
        seen.push(construct);
        for (_, one) in lines_alone(&body, &variant.body()) {
            out.push((format!("{LINE_ALONE}:{construct}"), with_body(input, &one)));
        }
    }
    out
}

/// [`instance`] of `construct` in `shown`, narrowed to the lines `name` reacts to: where the
/// construct's neutralisation rewrites several lines of `family`'s input, the lines whose
/// rewriting alone moves `name`'s answer (a library reading `useragent` but not `disalow`
/// reacts to the `disalow` line only). All of them where it reacts to none alone, or to all.
pub fn instance_for(family: &Family, name: &str, shown: &Input, construct: &str) -> Option<String> {
    let full = instance(shown, construct)?;
    let narrowed = || -> Option<String> {
        let input = family.input.as_ref()?.input();
        let variant = variants(&input)
            .into_iter()
            .find(|(c, _)| *c == construct)
            .map(|(_, v)| v)?;
        let alone = lines_alone(&input.body(), &variant.body());
        let original = family.split.get(name).copied()?;
        let probe = format!("{LINE_ALONE}:{construct}");
        let mut moved: Vec<&[u8]> = Vec::new();
        for (line, one) in &alone {
            let asked = FamilyInput::of(&with_body(&input, one));
            let said = family
                .ablation
                .iter()
                .find(|a| a.construct == probe && a.input == asked)?
                .answers
                .get(name)
                .copied()?;
            if said.allowed().is_some() && said != original {
                moved.push(line);
            }
        }
        (!moved.is_empty() && moved.len() < alone.len()).then(|| named_lines(&moved))
    };
    Some(narrowed().unwrap_or(full))
}

/// [`variants`], made.
/// Each line Google's parser takes for a rule only by accepting a missing colon or a
/// misspelled name (`Allow /`), or cuts short at its line buffer, written as a `Disallow`
/// that matches nothing (`Disallow: /xqzvw-matches-nothing`; an `Allow` that matches nothing
/// is a construct some libraries read apart): for every reading a rule line in its place,
/// deciding nothing. It moves `rfc9309`'s reading of the groups too (a rule line ends a
/// group's `user-agent` lines), so it never names a construct: it is asked only to
/// strengthen a cleaned input ([`clean`]), where a library that met `google`'s answer
/// through the rule keeps its answer while both profiles answer alike.
pub(super) fn rules_voided(input: &Input) -> Vec<(&'static str, Input)> {
    let body = input.body();
    let Some(readings) = line_readings(&body) else {
        return Vec::new();
    };
    ["missing-colon", "misspelling", "long-line"]
        .into_iter()
        .filter_map(|construct| {
            let new = rewrite_lines(&body, &readings, &|_, kinds, diagnostics| {
                (has(diagnostics, construct) && is_rule(kinds))
                    .then(|| Some(b"Disallow: /xqzvw-matches-nothing".to_vec()))
            })?;
            Some((construct, with_body(input, &new)))
        })
        .collect()
}
