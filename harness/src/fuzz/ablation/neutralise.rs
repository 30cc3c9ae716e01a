//! Each construct an input holds, neutralised: one variant or more per construct.

use reptest_reference::{Diagnostic, RecordKind};

use super::probes::rule_value;
use super::readings::{
    expanded_wildcard, group_variants, groups_of, keeps_reference, line_variants, longest_first,
    pattern_rule, profiles_agree, ties_allow_first, without_star_group,
};
use super::text::{
    Line, any_value_span, complete_bare_percent, decode_all, decode_unreserved, encode_non_ascii,
    escape_bare_percent, has, has_trailing_space, holds_field_name, is_commented_rule, is_rule,
    is_space, is_special_escape, is_word_and_space, join_lines, join_without, key_span,
    line_readings, meaningful_lines, near_field_name, near_nonstandard_name, normalise_escapes,
    on_both_sides, one_agent_per_group, only_rule, other_names_renamed, path_at,
    replace_reserved_escapes, reserved_stand_in, rewrite_escapes, rewrite_lines, rewrite_lines_at,
    rewrite_rules, rewrite_url_path, split_lines, token_of, upper_hex, value_span, with_body,
    with_rule_in_empty_groups, without_equal_matches, without_ties,
};
use crate::fuzz::constructs;
use crate::fuzz::generate::Input;
use crate::text::{hex_octet, is_control};

pub(super) fn neutralised(input: &Input) -> Vec<(&'static str, Input)> {
    let body = input.body();
    let Some(readings) = line_readings(&body) else {
        return Vec::new();
    };
    let mut out: Vec<(&'static str, Input)> = Vec::new();
    let mut push = |construct: &'static str, new: Option<Vec<u8>>| {
        if let Some(new) = new
            && new != body
        {
            out.push((construct, with_body(input, &new)));
        }
    };
    push(
        "bom",
        body.strip_prefix(b"\xEF\xBB\xBF").map(<[u8]>::to_vec),
    );
    // A BOM anywhere but at the start of the file: taken out.
    push("inner-bom", {
        let (head, rest) = body.split_at(if body.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        });
        let found = rest.windows(3).any(|w| w == b"\xEF\xBB\xBF");
        found.then(|| {
            let mut out = head.to_vec();
            let mut i = 0;
            while i < rest.len() {
                if rest[i..].starts_with(b"\xEF\xBB\xBF") {
                    i += 3;
                } else {
                    out.push(rest[i]);
                    i += 1;
                }
            }
            out
        })
    });
    // The other neutral form, for a BOM that starts a line other than the first: a letter in
    // its place, which every reading keeps in the field name as the reference keeps the BOM
    // (a library that skips a BOM wherever it stands then answers otherwise).
    push("inner-bom", {
        let mut lines = split_lines(&body);
        let mut changed = false;
        for line in lines.iter_mut().skip(1) {
            if let Some(rest) = line.content.strip_prefix(b"\xEF\xBB\xBF")
                && rest.first().is_some_and(|b| !is_space(*b))
            {
                line.content = [&b"x"[..], rest].concat();
                changed = true;
            }
        }
        changed.then(|| join_lines(&lines))
    });
    let relined = |from: &[u8], to: &[u8]| -> Option<Vec<u8>> {
        let mut changed = false;
        let mut lines = split_lines(&body);
        for line in &mut lines {
            if line.end == from {
                line.end = to.to_vec();
                changed = true;
            }
        }
        changed.then(|| join_lines(&lines))
    };
    // A last line with no line end: given one.
    push(
        "last-line-end",
        (!body.is_empty() && !body.ends_with(b"\n") && !body.ends_with(b"\r"))
            .then(|| [&body[..], b"\n"].concat()),
    );
    push("crlf", relined(b"\r\n", b"\n"));
    push("cr-line-end", relined(b"\r", b"\n"));
    // Blank lines (only whitespace) inside a group, before a line that is not a
    // `user-agent` line or between two `user-agent` lines: removed (a blank line before the
    // next group's `user-agent` line separates groups under every reading).
    let lines = split_lines(&body);
    let blank = |line: &Line| {
        line.content
            .strip_prefix(b"\xEF\xBB\xBF")
            .unwrap_or(&line.content)
            .iter()
            .all(|b| is_space(*b))
    };
    let agent_at = |j: usize| readings[j].0.contains(&RecordKind::UserAgent);
    let inside: Vec<bool> = (0..lines.len())
        .map(|i| {
            blank(&lines[i])
                && !lines[i].end.is_empty()
                && (i + 1..lines.len())
                    .find(|j| !blank(&lines[*j]))
                    .is_some_and(|j| {
                        !agent_at(j)
                            || (0..i)
                                .rev()
                                .find(|k| !blank(&lines[*k]))
                                .is_some_and(agent_at)
                    })
        })
        .collect();
    push(
        "blank-line",
        inside.contains(&true).then(|| {
            let drop: Vec<usize> = (0..inside.len()).filter(|i| inside[*i]).collect();
            join_without(lines, &drop)
        }),
    );
    // A group whose first `user-agent` line follows the previous group's last line with no
    // blank line between (which a reading of records as blank-line-separated joins to the
    // group before): a blank line put before it.
    push("adjacent-groups", {
        let mut out = Vec::new();
        let mut changed = false;
        // Within a group, and the last line that was not blank a record other than a
        // `user-agent` line.
        let mut in_group = false;
        let mut after_record = false;
        for (line, (kinds, _)) in split_lines(&body).into_iter().zip(&readings) {
            let agent = kinds.contains(&RecordKind::UserAgent);
            if agent && in_group && after_record {
                out.push(Line {
                    content: Vec::new(),
                    end: b"\n".to_vec(),
                });
                changed = true;
            }
            if line.content.iter().all(|b| is_space(*b)) {
                after_record = false;
            } else if !kinds.iter().all(|k| *k == RecordKind::Blank) {
                in_group |= agent;
                after_record = !agent;
            }
            out.push(line);
        }
        changed.then(|| join_lines(&out))
    });
    // Misspellings and missing colons, where either profile reads the line so.
    push(
        "misspelling",
        rewrite_lines(&body, &readings, &|line, _, diagnostics| {
            let canonical = diagnostics.iter().find_map(|d| match d {
                Diagnostic::AcceptedMisspelling { canonical } => Some(*canonical),
                _ => None,
            })?;
            let (start, end) = key_span(&line.content);
            // The field spelled right and nothing else (a missing colon stays missing: it is
            // a construct of its own, neutralised by its own variant and the pair of both).
            Some(Some(
                [
                    &line.content[..start],
                    canonical.as_bytes(),
                    &line.content[end..],
                ]
                .concat(),
            ))
        }),
    );
    let colonless = |diagnostics: &[Diagnostic]| {
        has(diagnostics, "accepted-missing-colon") || has(diagnostics, "missing-colon")
    };
    // Where the field name of a line without its colon ends.
    let colonless_key = |line: &Line, diagnostics: &[Diagnostic]| {
        let (start, end) = key_span(&line.content);
        (colonless(diagnostics) && end > start).then_some(end)
    };
    push(
        "missing-colon",
        rewrite_lines(&body, &readings, &|line, _, diagnostics| {
            let end = colonless_key(line, diagnostics)?;
            Some(Some(
                [&line.content[..end], b":", &line.content[end..]].concat(),
            ))
        }),
    );
    // A line without its colon whose name and value are parted by more than one space or tab
    // (`disallow  /`): one space left, which every reading of such a line reads alike.
    push(
        "wide-gap",
        rewrite_lines(&body, &readings, &|line, _, diagnostics| {
            let end = colonless_key(line, diagnostics)?;
            let gap = line.content[end..]
                .iter()
                .take_while(|b| is_space(**b))
                .count();
            if gap < 2 {
                return None;
            }
            Some(Some(
                [&line.content[..end], b" ", &line.content[end + gap..]].concat(),
            ))
        }),
    );
    // Whitespace between a field name and its colon (`Disallow :/a`): taken out.
    push(
        "space-before-colon",
        rewrite_lines(&body, &readings, &|line, _, _| {
            let (start, end) = key_span(&line.content);
            let rest = &line.content[end..];
            let gap = rest.iter().take_while(|b| is_space(**b)).count();
            (end > start && gap > 0 && rest.get(gap) == Some(&b':'))
                .then(|| Some([&line.content[..end], &rest[gap..]].concat()))
        }),
    );
    // A line of one word, with neither a colon nor whitespace inside (`w`, `Disallow`),
    // which no reading takes as a field: taken out.
    push(
        "one-token-line",
        rewrite_lines(&body, &readings, &|line, kinds, _| {
            if !kinds
                .iter()
                .all(|k| matches!(k, RecordKind::Invalid | RecordKind::Unknown))
            {
                return None;
            }
            let content = line
                .content
                .strip_prefix(b"\xEF\xBB\xBF")
                .unwrap_or(&line.content);
            let text = &content[..content
                .iter()
                .position(|b| *b == b'#')
                .unwrap_or(content.len())];
            let word = text.trim_ascii();
            (!word.is_empty() && !word.contains(&b':') && !word.iter().any(|b| is_space(*b)))
                .then_some(None)
        }),
    );
    // Such a word followed by whitespace (`Useragent `), which a reading that splits a
    // colonless line at its whitespace takes as a field with an empty value: the whitespace
    // taken off.
    push(
        "word-and-space",
        rewrite_lines(&body, &readings, &|line, _, _| {
            let content = &line.content;
            let kept = content.len() - content.iter().rev().take_while(|b| is_space(**b)).count();
            is_word_and_space(content).then(|| Some(content[..kept].to_vec()))
        }),
    );
    // Whitespace at the end of a `user-agent` or rule line (`disallow: /a` and a tab), which
    // every reading ignores: taken off.
    push(
        "trailing-space",
        rewrite_lines(&body, &readings, &|line, kinds, _| {
            let content = &line.content;
            has_trailing_space(content, kinds).then(|| Some(content.trim_ascii_end().to_vec()))
        }),
    );
    let is_agent = |kinds: &[RecordKind]| kinds.contains(&RecordKind::UserAgent);
    let empty_value =
        |line: &Line| value_span(&line.content).is_some_and(|(start, end)| start == end);
    // A line one profile reads leniently, taken out altogether: the other neutral form of a
    // misspelled or colonless line (`useragent:` with nothing after it starts a group under
    // one reading and is nothing under the other).
    push(
        "misspelling",
        rewrite_lines(&body, &readings, &|_, _, diagnostics| {
            has(diagnostics, "misspelling").then_some(None)
        }),
    );
    push(
        "missing-colon",
        rewrite_lines(&body, &readings, &|_, _, diagnostics| {
            (colonless(diagnostics) && !has(diagnostics, "misspelling")).then_some(None)
        }),
    );
    let lenient =
        |diagnostics: &[Diagnostic]| has(diagnostics, "misspelling") || colonless(diagnostics);
    push(
        "empty-agent",
        rewrite_lines(&body, &readings, &|line, kinds, diagnostics| {
            (is_agent(kinds) && empty_value(line) && !lenient(diagnostics)).then_some(None)
        }),
    );
    // The other neutral form: a name in its place that matches no crawler, so the line still
    // starts a group (a library that skips an empty `user-agent` line, and so joins its rules
    // to the group before, then answers otherwise).
    push(
        "empty-agent",
        rewrite_lines(&body, &readings, &|line, kinds, diagnostics| {
            if !is_agent(kinds) || !empty_value(line) || lenient(diagnostics) {
                return None;
            }
            let (start, _) = value_span(&line.content)?;
            Some(Some(
                [&line.content[..start], b"xqzvw", &line.content[start..]].concat(),
            ))
        }),
    );
    push(
        "invalid-agent",
        rewrite_lines(&body, &readings, &|line, kinds, diagnostics| {
            if !is_agent(kinds)
                || empty_value(line)
                || !has(diagnostics, "invalid-agent")
                || lenient(diagnostics)
            {
                return None;
            }
            let (start, end) = value_span(&line.content)?;
            let value = String::from_utf8_lossy(&line.content[start..end]).into_owned();
            let token: String = value
                .chars()
                .take_while(|c| c.is_ascii_alphabetic() || *c == '_' || *c == '-')
                .collect();
            if token.is_empty() {
                return Some(None);
            }
            Some(Some(
                [
                    &line.content[..start],
                    token.as_bytes(),
                    &line.content[end..],
                ]
                .concat(),
            ))
        }),
    );
    // A `user-agent` value that is only part of the crawler's product token (`f` for `fo`):
    // a different name in its place, which no reading matches to the crawler.
    let token = token_of(&input.agent);
    push(
        "agent-part",
        rewrite_lines(&body, &readings, &|line, kinds, _| {
            if !is_agent(kinds) || token.is_empty() {
                return None;
            }
            let (start, end) = any_value_span(&line.content)?;
            let value = String::from_utf8_lossy(&line.content[start..end]).to_ascii_lowercase();
            if value.is_empty() || value == "*" || value == token {
                return None;
            }
            if !token.contains(&value) {
                return None;
            }
            let other = ["xqzvw", "kjhgf"]
                .into_iter()
                .find(|o| !token.contains(o) && !o.contains(&token))?;
            Some(Some(
                [
                    &line.content[..start],
                    other.as_bytes(),
                    &line.content[end..],
                ]
                .concat(),
            ))
        }),
    );
    let removed = |name: &'static str| {
        rewrite_lines(&body, &readings, &|_, kinds, diagnostics| {
            (has(diagnostics, name) && !lenient(diagnostics) && !is_agent(kinds)).then_some(None)
        })
    };
    // An empty value: a rule line keeps its place with a path that matches nothing (taking
    // it out would also take away the rule line that ends a group's user-agent lines);
    // another line is taken out.
    // A group's only rule, with an empty value, before another group: what ends the group's
    // `user-agent` lines (a reading that drops it joins them to the next group's). Its own
    // construct, neutralised alike.
    let ending: Vec<usize> = if !profiles_agree(&readings) {
        Vec::new()
    } else {
        let groups = groups_of(&split_lines(&body), &readings);
        groups
            .iter()
            .take(groups.len().saturating_sub(1))
            .filter_map(|g| {
                let rules: Vec<usize> = g
                    .rest
                    .iter()
                    .copied()
                    .filter(|i| is_rule(&readings[*i].0))
                    .collect();
                (rules.len() == 1 && has(&readings[rules[0]].1, "empty-value")).then(|| rules[0])
            })
            .collect()
    };
    let emptied = |ends: bool| {
        rewrite_lines_at(&body, &readings, &|i, line, kinds, diagnostics| {
            if !has(diagnostics, "empty-value")
                || lenient(diagnostics)
                || is_agent(kinds)
                || ending.contains(&i) != ends
            {
                return None;
            }
            if !is_rule(kinds) {
                return Some(None);
            }
            let colon = line.content.iter().position(|b| *b == b':')?;
            Some(Some(
                [&line.content[..=colon], b" /xqzvw-matches-nothing"].concat(),
            ))
        })
    };
    push("empty-value", emptied(false));
    push("empty-only-rule", emptied(true));
    // A `Sitemap` line (which no reading lets end a group): taken out.
    push(
        "sitemap",
        rewrite_lines(&body, &readings, &|line, _, _| {
            let (start, end) = key_span(&line.content);
            line.content[start..end]
                .eq_ignore_ascii_case(b"sitemap")
                .then_some(None)
        }),
    );
    push("unknown-field", removed("unknown-field"));
    // An unknown field whose name holds a known one (`sallow`, `x-disallow`), or is spelled
    // like one (`alow`): the name replaced by one that is like none, still unknown to every
    // reading.
    let renamed = |test: fn(&[u8]) -> bool| {
        rewrite_lines(&body, &readings, &move |line, kinds, diagnostics| {
            if !has(diagnostics, "unknown-field") || lenient(diagnostics) || is_agent(kinds) {
                return None;
            }
            let (start, end) = key_span(&line.content);
            test(&line.content[start..end]).then(|| {
                Some([&line.content[..start], b"xqzvw-field", &line.content[end..]].concat())
            })
        })
    };
    push("field-in-name", renamed(holds_field_name));
    push("typo-field", renamed(near_field_name));
    // An unknown field spelled like a non-standard one (`Crawldelay`): renamed the same way.
    // A library the rename moves accepts the spelling as that field.
    push("nonstandard-typo", renamed(near_nonstandard_name));
    push("non-standard-field", removed("non-standard-field"));
    push("rule-outside-group", removed("rule-outside-group"));
    push(
        "shared-group",
        one_agent_per_group(&body, &readings, &input.agent),
    );
    push(
        "shared-name-group",
        other_names_renamed(&body, &readings, &input.agent),
    );
    push("empty-group", with_rule_in_empty_groups(&body, &readings));
    // A rule path without its leading `/` given one; so is one starting with `*` (`*/`),
    // which the grammar does not allow either (a path-pattern starts with `/`).
    push(
        "no-leading-slash",
        rewrite_lines(&body, &readings, &|line, kinds, diagnostics| {
            let starred = is_rule(kinds) && rule_value(&line.content).starts_with(b"*");
            if !has(diagnostics, "no-leading-slash") && !starred {
                return None;
            }
            let (start, _) = value_span(&line.content)?;
            Some(Some(
                [&line.content[..start], b"/", &line.content[start..]].concat(),
            ))
        }),
    );
    // The other neutral forms: the rule taken out, or its text replaced by one found nowhere
    // (a library that fails on a file with no rule still answers the latter), which no
    // reading matches to a path: a library that reads it as `/…`, or looks for it anywhere,
    // then answers otherwise.
    let slashless = |kinds: &[RecordKind], diagnostics: &[Diagnostic], line: &Line| {
        is_rule(kinds)
            && has(diagnostics, "no-leading-slash")
            && any_value_span(&line.content)
                .is_some_and(|(s, e)| !line.content[s..e].starts_with(b"*"))
    };
    push(
        "no-leading-slash",
        rewrite_lines(&body, &readings, &|line, kinds, diagnostics| {
            slashless(kinds, diagnostics, line).then_some(None)
        }),
    );
    push(
        "no-leading-slash",
        rewrite_lines(&body, &readings, &|line, kinds, diagnostics| {
            if !slashless(kinds, diagnostics, line) {
                return None;
            }
            let (s, e) = any_value_span(&line.content)?;
            Some(Some(
                [
                    &line.content[..s],
                    b"xqzvw-matches-nothing",
                    &line.content[e..],
                ]
                .concat(),
            ))
        }),
    );
    push(
        "inline-comment",
        rewrite_lines(&body, &readings, &|line, _, _| {
            let hash = line.content.iter().position(|b| *b == b'#')?;
            let before = &line.content[..hash];
            if before.iter().all(|b| is_space(*b)) {
                return None;
            }
            let kept = before.len() - before.iter().rev().take_while(|b| is_space(**b)).count();
            Some(Some(line.content[..kept].to_vec()))
        }),
    );
    // A comment line that holds a rule (`#Disallow: /`): taken out.
    push(
        "commented-rule",
        rewrite_lines(&body, &readings, &|line, _, _| {
            is_commented_rule(&String::from_utf8_lossy(&line.content)).then_some(None)
        }),
    );
    push("star-group", without_star_group(&body, &readings, &token));
    push(
        "inner-space",
        rewrite_rules(&body, &readings, &|value| {
            let mut out = Vec::new();
            for &b in value {
                match b {
                    b' ' => out.extend_from_slice(b"%20"),
                    b'\t' => out.extend_from_slice(b"%09"),
                    _ => out.push(b),
                }
            }
            out
        }),
    );
    // A `//` in a rule's path (which a URL library may read as the start of an authority,
    // or collapse): replaced on both sides, the rules' and the URL's path, by `/xqzvw/`,
    // which compares alike.
    let unslashed = |value: &[u8]| -> Vec<u8> {
        let mut out = Vec::with_capacity(value.len());
        let mut i = 0;
        while i < value.len() {
            if value[i..].starts_with(b"//") {
                out.extend_from_slice(b"/xqzvw/");
                i += 2;
            } else {
                out.push(value[i]);
                i += 1;
            }
        }
        out
    };
    if let Some(both) = on_both_sides(input, &body, &readings, &unslashed) {
        out.push(("double-slash", both));
    }
    // Hex digits' case alone, on both sides (`%c3` as `%C3`): nothing decoded.
    if let Some(both) = on_both_sides(input, &body, &readings, &upper_hex) {
        out.push(("hex-case", both));
    }
    // A `%` in a rule that starts no escape (`/a%`, `/%A`): written `%25`.
    if let Some(rules) = rewrite_rules(&body, &readings, &escape_bare_percent) {
        out.push(("bare-percent", with_body(input, &rules)));
    }
    // Or completed to an escape the URL holds that begins with it (`*%7` to `*%7B` for a URL
    // holding `%7B`): every reading of a `%` then agrees, and a library that only met one
    // profile's answer through something else (a `*` that does not backtrack) shows it.
    if let Some(url) = input.urls.first() {
        let path = &url.as_bytes()[path_at(url)..];
        if let Some(rules) = rewrite_rules(&body, &readings, &|value| {
            complete_bare_percent(value, path)
        }) {
            out.push(("bare-percent", with_body(input, &rules)));
        }
    }
    // A URL ending in an empty query (`/a?`): the `?` taken off the URL and off the rules
    // that end in it (`/a?`, `/a?$`), which compare alike.
    if input.urls.iter().any(|u| u.ends_with('?')) {
        let rules = rewrite_rules(&body, &readings, &|value| {
            if let Some(head) = value.strip_suffix(b"?$") {
                [head, &b"$"[..]].concat()
            } else {
                value.strip_suffix(b"?").unwrap_or(value).to_vec()
            }
        });
        let mut both = with_body(input, rules.as_deref().unwrap_or(&body));
        both.urls = input
            .urls
            .iter()
            .map(|u| u.strip_suffix('?').unwrap_or(u).to_owned())
            .collect();
        out.push(("empty-query", both));
    }
    // Percent-encodings: the rules' and the URL's escapes normalised together (an unreserved
    // character decoded, hex digits upper-cased), so that both sides write each octet alike;
    // then the URL's alone.
    let url = input
        .urls
        .first()
        .map(|url| rewrite_url_path(url, &normalise_escapes));
    let url_changed = url.as_ref().is_some_and(|u| Some(u) != input.urls.first());
    let rules = rewrite_rules(&body, &readings, &normalise_escapes);
    if rules.is_some() {
        let mut both = with_body(input, rules.as_deref().unwrap_or_default());
        if let Some(url) = &url {
            both.urls = vec![url.clone()];
        }
        out.push(("percent", both));
    }
    // Unreserved characters' escapes alone (`%7E` for `~`), decoded on both sides.
    if let Some(both) = on_both_sides(input, &body, &readings, &decode_unreserved) {
        out.push(("unreserved-escape", both));
    }
    // Reserved characters' escapes (`%2F`, `%3F`, …), on both sides: each replaced by the
    // escape of a character with no meaning in a URL, so that the rule and the URL still say
    // the same while neither holds a reserved escape a library might decode.
    if let Some(both) = on_both_sides(input, &body, &readings, &replace_reserved_escapes) {
        out.push(("reserved-escape", both));
    }
    // `%2A` and `%24` (a literal `*` or `$`) alone, on both sides: a library that decodes them
    // reads a wildcard or an end anchor.
    let special = |text: &[u8]| {
        rewrite_escapes(text, &|hex| {
            is_special_escape(hex)
                .then(|| reserved_stand_in(hex).unwrap_or("%7B").as_bytes().to_vec())
        })
    };
    if let Some(rules) = rewrite_rules(&body, &readings, &special) {
        let mut both = with_body(input, &rules);
        both.urls = input
            .urls
            .iter()
            .map(|u| rewrite_url_path(u, &special))
            .collect();
        out.push(("escaped-special", both));
    }
    if url_changed && let Some(url) = url {
        out.push((
            "url-percent",
            Input {
                urls: vec![url],
                ..input.clone()
            },
        ));
    }
    // Each `*` of a rule that matches the URL written out as what it matches there (kept
    // only where every reading's answer stays).
    let expanded = input.urls.first().and_then(|url| {
        let path = &url.as_bytes()[path_at(url)..];
        let new = rewrite_lines(&body, &readings, &|line, kinds, _| {
            if !is_rule(kinds) {
                return None;
            }
            let (s, e) = any_value_span(&line.content)?;
            // A plain pattern, or one holding other ASCII (`/?*$`) or escapes, each `%`
            // starting one (`/a%C3%A9*$`): what it matches is written out octet for octet,
            // the URL's own text, and the reference's answer kept.
            let value = pattern_rule(line).or_else(|| {
                let value = &line.content[s..e];
                let escapes_whole = value.iter().enumerate().all(|(i, b)| {
                    *b != b'%' || value.get(i + 1..i + 3).and_then(hex_octet).is_some()
                });
                (value.is_ascii() && escapes_whole).then_some(value)
            })?;
            let literal = expanded_wildcard(value, path)?;
            Some(Some(
                [&line.content[..s], literal.as_slice(), &line.content[e..]].concat(),
            ))
        })?;
        keeps_reference(input, &with_body(input, &new)).then_some(new)
    });
    let mut push = |construct: &'static str, new: Option<Vec<u8>>| {
        if let Some(new) = new
            && new != body
        {
            out.push((construct, with_body(input, &new)));
        }
    };
    push(
        "non-ascii",
        rewrite_rules(&body, &readings, &encode_non_ascii),
    );
    push(
        "wildcard",
        rewrite_rules(&body, &readings, &|value| {
            let mut out: Vec<u8> = Vec::with_capacity(value.len());
            for &b in value {
                if !(b == b'*' && out.last() == Some(&b'*')) {
                    out.push(b);
                }
            }
            while out.len() > 1 && out.last() == Some(&b'*') {
                out.pop();
            }
            out
        }),
    );
    push("wildcard", expanded);
    push(
        "end-anchor",
        rewrite_rules(&body, &readings, &|value| {
            value.strip_suffix(b"$").unwrap_or(value).to_vec()
        }),
    );
    push(
        "inner-dollar",
        rewrite_rules(&body, &readings, &|value| {
            let (body, anchor) = match value.strip_suffix(b"$") {
                Some(b) => (b, &b"$"[..]),
                None => (value, &b""[..]),
            };
            let mut out = Vec::new();
            for &b in body {
                if b == b'$' {
                    out.extend_from_slice(b"%24");
                } else {
                    out.push(b);
                }
            }
            out.extend_from_slice(anchor);
            out
        }),
    );
    // A crawler Google's text excepts from `*` (an AdsBot crawler): another name in its
    // place, in the question and in every `user-agent` line that names it.
    let token = token_of(&input.agent);
    if GOOGLE_EXCEPTED.contains(&token.as_str()) {
        out.push((
            "adsbot-agent",
            renamed_crawler(input, &body, &readings, &|_| "Xqzvwbot".to_owned()),
        ));
    }
    // A file of one line or none, besides comments and blank lines: a line that every
    // reading ignores (an unknown field) put after it.
    if meaningful_lines(&body) <= 1 {
        // A last line with no line end keeps none (that is a construct of its own).
        let added: &[u8] = if body.is_empty() || body.ends_with(b"\n") || body.ends_with(b"\r") {
            b"xqzvw-field: x\n"
        } else {
            b"\nxqzvw-field: x"
        };
        out.push((
            "one-line-file",
            with_body(input, &[&body[..], added].concat()),
        ));
    }
    // A crawler name holding `-` or `_` (`Googlebot-News`): both taken out of the name, in
    // the question and in every `user-agent` line that names it.
    if token.contains(['-', '_']) && token.chars().any(|c| !matches!(c, '-' | '_')) {
        out.push((
            "agent-hyphen",
            renamed_crawler(input, &body, &readings, &|name| {
                name.chars().filter(|c| !matches!(c, '-' | '_')).collect()
            }),
        ));
    }
    if let Some((name, _)) = input.agent.split_once('/')
        && !name.is_empty()
    {
        out.push((
            "agent-version",
            Input {
                agent: name.to_owned(),
                ..input.clone()
            },
        ));
    }
    if let Some(new) = without_ties(input, &body) {
        out.push(("tie", with_body(input, &new)));
    }
    if let Some(new) = without_equal_matches(input, &body) {
        out.push(("equal-match", with_body(input, &new)));
    }
    // A rule's literal text also in the URL before its path (`m` in `example.com`): the host
    // replaced by one that holds none of it, which no reading looks at.
    let pieces: Vec<String> = split_lines(&body)
        .iter()
        .zip(&readings)
        .filter(|(_, (kinds, _))| is_rule(kinds))
        .filter_map(|(line, _)| {
            let (start, end) = any_value_span(&line.content)?;
            Some(String::from_utf8_lossy(&line.content[start..end]).to_ascii_lowercase())
        })
        .flat_map(|value| {
            value
                .split(['*', '$'])
                .filter(|p| !p.is_empty())
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect();
    if let Some(url) = input.urls.first() {
        let path = path_at(url);
        let head = url[..path].to_ascii_lowercase();
        if pieces.iter().any(|p| head.contains(p.as_str())) {
            let clear = ["xqzvw.test", "kjhgf.test", "bdq.test"]
                .into_iter()
                .find(|h| {
                    !pieces
                        .iter()
                        .any(|p| format!("http://{h}").contains(p.as_str()))
                });
            if let Some(host) = clear {
                out.push((
                    "rule-in-host",
                    Input {
                        urls: vec![format!("http://{host}{}", &url[path..])],
                        ..input.clone()
                    },
                ));
            }
        }
    }
    // `Allow` rules that cannot match the URL's path (only letters, digits, `-._~/` and the
    // path's sub-delimiters, which every reading compares as written, and a prefix of it
    // neither as written, nor with its unreserved escapes decoded, nor with every escape
    // decoded):
    // taken out, which changes no reading's answer (an `…/index.htm` rule, from which
    // Google's parser derives another, stays).
    if let Some(url) = input.urls.first() {
        let path = &url[path_at(url)..];
        let drop: Vec<usize> = split_lines(&body)
            .iter()
            .zip(&readings)
            .enumerate()
            .filter(|(_, (line, (kinds, _)))| {
                kinds.contains(&RecordKind::Allow)
                    && !kinds.contains(&RecordKind::Disallow)
                    && any_value_span(&line.content).is_some_and(|(s, e)| {
                        let value = &line.content[s..e];
                        !value.is_empty()
                            && value.starts_with(b"/")
                            && value
                                .iter()
                                // Path characters only: no `*` or `$`, no whitespace.
                                .all(|b| {
                                    b.is_ascii_alphanumeric() || b"-._~/%=,;!&'()+@:".contains(b)
                                })
                            && !String::from_utf8_lossy(value)
                                .to_ascii_lowercase()
                                .contains("index.htm")
                            && !path.as_bytes().starts_with(value)
                            && !decode_unreserved(path.as_bytes()).starts_with(value)
                            // Nor once every escape on both sides is decoded, as some
                            // libraries compare; an escaped `*` or `$` is a construct of its own.
                            && !decode_all(path.as_bytes()).starts_with(&decode_all(value))
                            && !value.windows(3).any(|w| w[0] == b'%' && is_special_escape(&w[1..]))
                    })
            })
            .map(|(i, _)| i)
            .collect();
        // A group's only rule is made a `Disallow` of the same path, which matches no more
        // than it did: taking it out would join the group's `user-agent` lines to the next
        // group's, a change of the groups rather than of a rule.
        let (only, drop): (Vec<usize>, Vec<usize>) =
            drop.into_iter().partition(|i| only_rule(&readings, *i));
        if !drop.is_empty() || !only.is_empty() {
            let mut lines = split_lines(&body);
            for i in &only {
                let (start, end) = key_span(&lines[*i].content);
                lines[*i]
                    .content
                    .splice(start..end, b"Disallow".iter().copied());
            }
            out.push((
                "unmatched-allow",
                with_body(input, &join_without(lines, &drop)),
            ));
        }
    }
    if let Some(new) = longest_first(&body, &readings) {
        out.push(("rule-order", with_body(input, &new)));
    }
    if let Some(new) = ties_allow_first(&body, &readings) {
        out.push(("tie-order", with_body(input, &new)));
    }
    // A control character's escape in the URL (`%09`, `%0A`, `%0D`, …), which a URL library
    // may delete: replaced on both sides by the escape of a character that means nothing in
    // a URL path.
    let uncontrolled = |text: &[u8]| {
        rewrite_escapes(text, &|hex| {
            is_control(hex_octet(hex)?).then(|| b"%7B".to_vec())
        })
    };
    // A rule's raw control character (a tab) is the same octet: replaced alike.
    let uncontrolled_rule = |text: &[u8]| {
        uncontrolled(text)
            .into_iter()
            .flat_map(|b| {
                if is_control(b) {
                    b"%7B".to_vec()
                } else {
                    vec![b]
                }
            })
            .collect::<Vec<u8>>()
    };
    let url = input
        .urls
        .iter()
        .map(|u| rewrite_url_path(u, &uncontrolled))
        .collect::<Vec<_>>();
    if url != input.urls {
        let rules = rewrite_rules(&body, &readings, &uncontrolled_rule);
        let mut both = with_body(input, rules.as_deref().unwrap_or(&body));
        both.urls = url;
        out.push(("url-control-escape", both));
    }
    out.extend(group_variants(input, &body, &readings));
    out.extend(line_variants(input, &body, &readings));
    // The variants that claim to change no reading's answer, held to it.
    out.retain(|(construct, variant)| {
        !constructs::is(construct, |c| c.neutral) || keeps_reference(input, variant)
    });
    out
}

/// The input with the crawler renamed by `rename` (given its name, without the version): in
/// the question, and in every `user-agent` line whose value is its product token.
fn renamed_crawler(
    input: &Input,
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
    rename: &dyn Fn(&str) -> String,
) -> Input {
    let token = token_of(&input.agent);
    let lines = rewrite_lines(body, readings, &|line, kinds, _| {
        let (s, e) = any_value_span(&line.content)?;
        let value = String::from_utf8_lossy(&line.content[s..e]);
        (kinds.contains(&RecordKind::UserAgent) && value.trim().eq_ignore_ascii_case(&token)).then(
            || {
                Some(
                    [
                        &line.content[..s],
                        rename(&value).as_bytes(),
                        &line.content[e..],
                    ]
                    .concat(),
                )
            },
        )
    });
    let (name, version) = input
        .agent
        .split_at(input.agent.find('/').unwrap_or(input.agent.len()));
    Input {
        agent: rename(name) + version,
        ..with_body(input, lines.as_deref().unwrap_or(body))
    }
}

/// The crawlers Google's 2019 text excepts from the `*` group (an asterisk matches every
/// crawler but the AdsBot ones, which a file must name), by product token, lower-cased.
const GOOGLE_EXCEPTED: [&str; 5] = [
    "adsbot-google",
    "adsbot-google-mobile",
    "adsbot-google-mobile-apps",
    "mediapartners-google",
    "apis-google",
];
