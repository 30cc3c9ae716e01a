//! Variants by line and by group, rule matching as the reference reads it, and the profiles' decisions.

use std::collections::BTreeSet;

use reptest_reference::{Diagnostic, ParseOptions, Pattern, Profile, RecordKind, Robots};

use super::text::{
    Line, UNRESERVED, any_value_span, decode_unreserved, has, is_rule, is_space, join_lines,
    join_without, line_readings, missing_continuations, path_at, rewrite_rules, split_lines,
    token_of, with_body,
};
use crate::fuzz::generate::Input;
use crate::text::hex_octet;

/// A rule line's value as written, where it is a plain pattern: letters, digits and `-._~/`
/// (what every reading compares as written), `*` anywhere and `$` at its end, with no
/// `…/index.htm…` (from which Google's parser derives another rule).
pub(super) fn pattern_rule(line: &Line) -> Option<&[u8]> {
    let (s, e) = any_value_span(&line.content)?;
    let value = &line.content[s..e];
    let body = value.strip_suffix(b"$").unwrap_or(value);
    (!value.is_empty()
        && body
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~/*".contains(b))
        && !String::from_utf8_lossy(value)
            .to_ascii_lowercase()
            .contains("index.htm"))
    .then_some(value)
}

/// Whether `pattern` (`*` any run of octets, a final `$` the end of `text`) matches `text`
/// from its start, or, `anywhere`, from any of its octets: the reference's matcher, on the
/// pattern as written.
pub(super) fn pattern_matches(pattern: &[u8], text: &[u8], anywhere: bool) -> bool {
    let pattern = if anywhere {
        [b"*", pattern].concat()
    } else {
        pattern.to_vec()
    };
    Pattern::as_written(&pattern).matches(text)
}

/// Where in `text` a match of `pattern` (see [`pattern_matches`]) can end: the ends of the
/// prefixes of `text` the pattern, anchored there, matches.
pub(super) fn match_ends(pattern: &[u8], text: &[u8], anywhere: bool) -> Vec<usize> {
    let (body, to_end) = match pattern.strip_suffix(b"$") {
        Some(p) => (p, true),
        None => (pattern, false),
    };
    let star: &[u8] = if anywhere { b"*" } else { b"" };
    let anchored = Pattern::as_written(&[star, body, b"$"].concat());
    (0..=text.len())
        .filter(|&end| (!to_end || end == text.len()) && anchored.matches(&text[..end]))
        .collect()
}

/// A rule with `*` that matches the URL's path, written out as the text it matches there
/// (of its own length where it can be, `$` kept): every reading still matches it, and a
/// library that does not read `*` as a wildcard now does too. `None` for any other value.
pub(super) fn expanded_wildcard(value: &[u8], path: &[u8]) -> Option<Vec<u8>> {
    if !value.contains(&b'*') {
        return None;
    }
    let ends = match_ends(value, path, false);
    let len = value.strip_suffix(b"$").unwrap_or(value).len();
    let end = ends
        .iter()
        .copied()
        .find(|e| *e == len)
        .or_else(|| ends.first().copied())?;
    let anchor: &[u8] = if value.ends_with(b"$") { b"$" } else { b"" };
    Some([&path[..end], anchor].concat())
}

/// How a plain rule or pattern (see [`pattern_rule`]) stands to the URL when no reading
/// matches it: the path starts with it only when letter case is ignored (`path-case`, plain
/// rules only), or it matches the URL (its scheme and host included) somewhere other than at
/// the start of the path (`rule-elsewhere`: `/b` in `/a/b`, `h` in `https`, a bare `$` at the
/// end of a longer path). A rule without a leading `/` that matches the path once given one
/// is not `rule-elsewhere`: a library that reads it so matches it too (`no-leading-slash`).
/// `None` when some reading matches it, or neither holds.
pub(crate) fn rule_relation(value: &[u8], url: &str) -> Option<&'static str> {
    let path = decode_unreserved(&url.as_bytes()[path_at(url)..]);
    if pattern_matches(value, &path, false) {
        return None;
    }
    let plain = !value.contains(&b'*') && !value.contains(&b'$');
    if plain && path.len() >= value.len() && path[..value.len()].eq_ignore_ascii_case(value) {
        return Some("path-case");
    }
    // The scheme too: a `//` rule found in `http://` is one a library looking anywhere
    // matches (its other variant, the text made longer, tells it from a library that reads a
    // `//` rule as something else).
    let whole = url.as_bytes().to_ascii_lowercase();
    let value = value.to_ascii_lowercase();
    let slashed = !value.starts_with(b"/")
        && pattern_matches(
            &[b"/", value.as_slice()].concat(),
            &path.to_ascii_lowercase(),
            false,
        );
    (!slashed && pattern_matches(&value, &whole, true)).then_some("rule-elsewhere")
}

/// Where in `url` the percent-encodings are (octets neither unreserved nor malformed) that a
/// plain rule or pattern (see [`pattern_rule`]) matches part of (`*9` the `9` of `%A9`): the
/// rule matches the path as written (as every reading compares it, octet by octet of its
/// encoded form), and no longer once that encoding is one opaque octet (as a library that
/// decodes the URL before comparing reads it). Offsets of their `%`.
pub(super) fn split_escapes(value: &[u8], url: &str) -> Vec<usize> {
    let at = path_at(url);
    let raw = &url.as_bytes()[at..];
    if !pattern_matches(value, &decode_unreserved(raw), false) {
        return Vec::new();
    }
    (0..raw.len())
        .filter(|&i| {
            raw[i] == b'%'
                && raw
                    .get(i + 1..i + 3)
                    .and_then(hex_octet)
                    .is_some_and(|o| !(o.is_ascii_alphanumeric() || UNRESERVED.contains(&o)))
        })
        .filter(|&i| {
            let opaque = [&raw[..i], &[0x01][..], &raw[i + 3..]].concat();
            !pattern_matches(value, &decode_unreserved(&opaque), false)
        })
        .map(|i| at + i)
        .collect()
}

/// The relations of [`rule_relation`] a body's plain rules hold to `url`, and
/// `escape-split` where one matches part of a percent-encoding (see [`split_escapes`]), for
/// the corpus.
pub(crate) fn rule_relations(body: &[u8], url: &str) -> Vec<&'static str> {
    let Some(readings) = line_readings(body) else {
        return Vec::new();
    };
    let mut out: Vec<&'static str> = split_lines(body)
        .iter()
        .zip(&readings)
        .filter(|(_, (kinds, _))| is_rule(kinds))
        .filter_map(|(line, _)| pattern_rule(line))
        .flat_map(|value| {
            let split = !split_escapes(value, url).is_empty();
            rule_relation(value, url)
                .into_iter()
                .chain(split.then_some("escape-split"))
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Variants about rules that no reading matches to the URL but a library might: a rule the
/// path starts with only when letter case is ignored (taken out, and given the path's case),
/// and a rule whose text is elsewhere in the URL (taken out).
pub(super) fn line_variants(
    input: &Input,
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
) -> Vec<(&'static str, Input)> {
    let mut out = Vec::new();
    let Some(url) = input.urls.first() else {
        return out;
    };
    let path = decode_unreserved(&url.as_bytes()[path_at(url)..]);
    let lines = split_lines(body);
    let related = |name: &str| -> Vec<usize> {
        lines
            .iter()
            .zip(readings)
            .enumerate()
            .filter(|(_, (line, (kinds, _)))| {
                is_rule(kinds)
                    && pattern_rule(line).and_then(|v| rule_relation(v, url)) == Some(name)
            })
            .map(|(i, _)| i)
            .collect()
    };
    for name in ["path-case", "rule-elsewhere"] {
        let drop = related(name);
        if drop.is_empty() {
            continue;
        }
        let without = with_body(input, &join_without(split_lines(body), &drop));
        // Taking the rule out changes no reading's answer unless it was its group's only
        // rule (its `user-agent` lines would join the next group's).
        if keeps_reference(input, &without) {
            out.push((name, without));
        }
        if name == "path-case" {
            // The rule written in the path's case: every reading then matches it.
            let mut cased = split_lines(body);
            for i in &drop {
                let line = &mut cased[*i];
                if let Some((s, e)) = any_value_span(&line.content) {
                    let value = path[..e - s].to_vec();
                    line.content.splice(s..e, value);
                }
            }
            out.push((name, with_body(input, &join_lines(&cased))));
        } else {
            // The rule kept, its text made longer so that it is found nowhere: a library that
            // looks for it anywhere then answers otherwise, one that reads it some other way
            // (a `//` rule as an empty path) does not.
            let mut longer = split_lines(body);
            for i in &drop {
                let line = &mut longer[*i];
                if let Some((s, e)) = any_value_span(&line.content) {
                    // `//` made `///`, which a reading of `//` as an authority still reads
                    // as an empty one; any other text made longer by a name found nowhere
                    // (before a final `$`).
                    let value = &line.content[s..e];
                    let more: &[u8] = if value.iter().all(|b| *b == b'/') {
                        b"/"
                    } else {
                        b"xqzvw"
                    };
                    let at = if value.ends_with(b"$") { e - 1 } else { e };
                    line.content.splice(at..at, more.iter().copied());
                }
            }
            out.push((name, with_body(input, &join_lines(&longer))));
        }
    }
    // A rule that matches part of one of the URL's percent-encodings (`*9` the `9` of
    // `%A9`): that encoding's `%` made a letter, so that every reading still matches the
    // rule there while a library that decodes the URL before comparing now does too.
    let mut split: Vec<usize> = lines
        .iter()
        .zip(readings)
        .filter(|(_, (kinds, _))| is_rule(kinds))
        .filter_map(|(line, _)| pattern_rule(line))
        .flat_map(|value| split_escapes(value, url))
        .collect();
    split.sort_unstable();
    split.dedup();
    if !split.is_empty() {
        let mut plain = url.clone().into_bytes();
        for i in split {
            plain[i] = b'z';
        }
        out.push((
            "escape-split",
            Input {
                urls: vec![String::from_utf8_lossy(&plain).into_owned()],
                ..input.clone()
            },
        ));
    }
    // A rule ending inside a percent-encoded UTF-8 character that the path goes on with
    // (`/%C3` of `/%C3%A9`): the character completed from the path, which every reading
    // still matches (a library that decodes the escapes before comparing then answers
    // otherwise).
    let raw_path = &url.as_bytes()[path_at(url)..];
    let completed = rewrite_rules(body, readings, &|value| {
        let missing = missing_continuations(value);
        let rest = raw_path.strip_prefix(value).unwrap_or_default();
        if missing == 0 || rest.len() < 3 * missing {
            return value.to_vec();
        }
        let tail = &rest[..3 * missing];
        let continues = tail
            .chunks(3)
            .all(|c| c[0] == b'%' && hex_octet(&c[1..]).is_some_and(|o| (0x80..0xC0).contains(&o)));
        if continues {
            [value, tail].concat()
        } else {
            value.to_vec()
        }
    });
    if let Some(new) = completed {
        out.push(("partial-char", with_body(input, &new)));
    }
    // Escapes of octets that are not UTF-8 (a lone `%C3`, a Latin-1 `%E9`), in the rules and
    // the URL alike: each made `%7B`, an escape every reading keeps and compares as before
    // (a library decoding escapes as UTF-8 fails on such an octet).
    let rules = rewrite_rules(body, readings, &non_utf8_escapes_replaced);
    let (head, url_path) = url.split_at(path_at(url));
    let new_path = non_utf8_escapes_replaced(url_path.as_bytes());
    if rules.is_some() || new_path != url_path.as_bytes() {
        out.push((
            "non-utf8-escape",
            Input {
                urls: vec![format!("{head}{}", String::from_utf8_lossy(&new_path))],
                ..with_body(input, rules.as_deref().unwrap_or(body))
            },
        ));
    }
    out
}

/// `text` with every escape of an octet that is not part of a UTF-8 character, once the
/// escapes are decoded, made `%7B` (`%7b` where its hex digits were lower-case, so that a
/// library comparing hex case still answers apart); the rest as it was.
pub(super) fn non_utf8_escapes_replaced(text: &[u8]) -> Vec<u8> {
    let invalid = non_utf8_escapes(text);
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if invalid.contains(&i) {
            let lower = text[i + 1..i + 3].iter().any(u8::is_ascii_lowercase);
            out.extend_from_slice(if lower { b"%7b" } else { b"%7B" });
            i += 3;
        } else {
            out.push(text[i]);
            i += 1;
        }
    }
    out
}

/// The positions in `text` of the escapes (`%XX`) of octets at 0x80 or above that do not
/// decode, with their neighbouring escapes, to a UTF-8 character.
pub(crate) fn non_utf8_escapes(text: &[u8]) -> Vec<usize> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < text.len() {
        // A run of escapes of non-ASCII octets.
        let mut run: Vec<(usize, u8)> = Vec::new();
        let mut j = i;
        while j + 2 < text.len() && text[j] == b'%' {
            match hex_octet(&text[j + 1..j + 3]) {
                Some(octet) if octet >= 0x80 => {
                    run.push((j, octet));
                    j += 3;
                }
                _ => break,
            }
        }
        if run.is_empty() {
            i += 1;
            continue;
        }
        let octets: Vec<u8> = run.iter().map(|(_, o)| *o).collect();
        let mut at = 0;
        for chunk in octets.utf8_chunks() {
            at += chunk.valid().len();
            for k in 0..chunk.invalid().len() {
                found.push(run[at + k].0);
            }
            at += chunk.invalid().len();
        }
        // A character cut at the run's end counts as not UTF-8 too: `utf8_chunks` reports
        // it as invalid.
        i = j;
    }
    found
}

/// A body's groups as the reference splits them (every reading's where
/// [`profiles_agree`]): each group's `user-agent` lines (any line but a rule between two of
/// them keeps them in one group), then its other lines, up to the next group. Lines before
/// the first group are in none.
pub(super) fn groups_of(
    lines: &[Line],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    // Whether a rule has been read since the group's last `user-agent` line: only then does
    // the next `user-agent` line start a group (a sitemap, unknown or invalid line between
    // two of them does not).
    let mut after_rule = true;
    for (i, (kinds, _)) in readings.iter().enumerate().take(lines.len()) {
        if kinds.contains(&RecordKind::UserAgent) {
            if after_rule {
                groups.push(Group::default());
            }
            if let Some(g) = groups.last_mut() {
                g.agents.push(i);
            }
            after_rule = false;
        } else {
            if let Some(g) = groups.last_mut() {
                g.rest.push(i);
            }
            after_rule |= is_rule(kinds);
        }
    }
    groups
}

/// Whether both profiles read every line as the same kind of record (the groups of
/// [`groups_of`] are then every reading's).
pub(super) fn profiles_agree(readings: &[(Vec<RecordKind>, Vec<Diagnostic>)]) -> bool {
    readings
        .iter()
        .all(|(kinds, _)| kinds.windows(2).all(|w| w[0] == w[1]))
}

/// Whether the reference's `rfc9309` and `google` verdicts on `variant` are those on
/// `input`: the check a variant that claims to leave every reading's answer as it was must
/// pass (a rule taken out that was its group's only one joins two groups; a crawler renamed
/// may meet a name the file already holds).
pub(super) fn keeps_reference(input: &Input, variant: &Input) -> bool {
    let verdicts = |i: &Input| -> Vec<Option<bool>> {
        let body = i.body();
        [Profile::Rfc9309, Profile::Google]
            .into_iter()
            .flat_map(|p| {
                let robots = Robots::parse(&body, ParseOptions::new(p));
                let selection = robots.select(&[i.agent.as_str()]);
                i.urls
                    .iter()
                    .map(|u| selection.check_url(u).ok().map(|v| v.allowed))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    verdicts(input) == verdicts(variant)
}

/// One group of [`groups_of`], by 0-based line numbers.
#[derive(Default)]
pub(super) struct Group {
    pub(super) agents: Vec<usize>,
    pub(super) rest: Vec<usize>,
}

/// A `user-agent` line's value, trimmed and lower-cased.
pub(super) fn agent_value(line: &Line) -> Option<String> {
    any_value_span(&line.content).map(|(s, e)| {
        String::from_utf8_lossy(&line.content[s..e])
            .trim()
            .to_ascii_lowercase()
    })
}

/// Lines in a new order, each but the last ended (a moved last line gets `\n`), with a blank
/// line put before each group that does not follow one.
pub(super) fn reordered(lines: &[Line], order: &[Vec<usize>]) -> Vec<u8> {
    // The file's own line end (a CR-only file stays one), for the line ends added.
    let newline: Vec<u8> = lines
        .iter()
        .find(|l| !l.end.is_empty())
        .map_or_else(|| b"\n".to_vec(), |l| l.end.clone());
    let mut out: Vec<Line> = Vec::new();
    let put = |out: &mut Vec<Line>, content: Vec<u8>, end: Vec<u8>| {
        if let Some(last) = out.last_mut()
            && last.end.is_empty()
        {
            last.end.clone_from(&newline);
        }
        out.push(Line { content, end });
    };
    for (n, part) in order.iter().enumerate() {
        let blank_before = out
            .last()
            .is_none_or(|l: &Line| l.content.iter().all(|b| is_space(*b)));
        if n > 0 && !part.is_empty() && !blank_before {
            put(&mut out, Vec::new(), newline.clone());
        }
        for i in part {
            put(&mut out, lines[*i].content.clone(), lines[*i].end.clone());
        }
    }
    join_lines(&out)
}

/// Variants about the crawler's groups: the groups that apply to it moved after every other
/// group (`later-group`: a library that reads a later group's `user-agent` lines as more names
/// for the rules before them, or takes the last group, answers otherwise), and its several
/// groups of its own made one (`split-groups`).
pub(super) fn group_variants(
    input: &Input,
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
) -> Vec<(&'static str, Input)> {
    let mut out = Vec::new();
    let token = token_of(&input.agent);
    let lines = split_lines(body);
    let groups = groups_of(&lines, readings);
    if token.is_empty() || groups.len() < 2 || !profiles_agree(readings) {
        return out;
    }
    let names = |g: &Group, name: &str| {
        g.agents
            .iter()
            .any(|i| agent_value(&lines[*i]).as_deref() == Some(name))
    };
    let own: Vec<bool> = groups.iter().map(|g| names(g, &token)).collect();
    let applies: Vec<bool> = if own.contains(&true) {
        own.clone()
    } else {
        groups.iter().map(|g| names(g, "*")).collect()
    };
    let preamble: Vec<usize> = (0..groups[0].agents[0]).collect();
    let whole = |g: &Group| -> Vec<usize> { g.agents.iter().chain(&g.rest).copied().collect() };
    if let Some(first) = applies.iter().position(|a| *a)
        && applies[first..].contains(&false)
    {
        let mut order = vec![preamble.clone()];
        order.extend(
            groups
                .iter()
                .zip(&applies)
                .filter(|(_, a)| !**a)
                .map(|(g, _)| whole(g)),
        );
        order.extend(
            groups
                .iter()
                .zip(&applies)
                .filter(|(_, a)| **a)
                .map(|(g, _)| whole(g)),
        );
        out.push(("later-group", with_body(input, &reordered(&lines, &order))));
    }
    // The groups naming the crawler: the later ones' rules moved into the first, which every
    // reading combines alike (RFC 9309 §2.2.1). A group that also names others keeps naming
    // them (only the crawler is asked about): a library that gives a shared group's rules to
    // its last name alone still reads the merged group so, and one that keeps only one of a
    // crawler's groups no longer has two.
    let only_own: Vec<usize> = (0..groups.len()).filter(|n| own[*n]).collect();
    if only_own.len() >= 2 {
        let rules = |g: &Group| -> Vec<usize> {
            g.rest
                .iter()
                .copied()
                .filter(|i| !lines[*i].content.iter().all(|b| is_space(*b)))
                .collect()
        };
        let mut order = vec![preamble];
        for (n, g) in groups.iter().enumerate() {
            if n == only_own[0] {
                let mut merged = g.agents.clone();
                for m in &only_own {
                    merged.extend(rules(&groups[*m]));
                }
                order.push(merged);
            } else if !only_own.contains(&n) {
                order.push(whole(g));
            }
        }
        out.push(("split-groups", with_body(input, &reordered(&lines, &order))));
    }
    out
}

/// `body` without the `*` group, where the crawler (`token`) has a group of its own: a lone
/// `user-agent: *` group's lines all taken out, a `*` line that shares a group with others
/// taken out alone (which no reading lets apply beside the crawler's own group). A crawler
/// named `*` has the `*` group as its own group: none is taken out.
pub(super) fn without_star_group(
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
    token: &str,
) -> Option<Vec<u8>> {
    let lines = split_lines(body);
    let value = |i: usize| agent_value(&lines[i]);
    let is_agent = |i: usize| readings[i].0.contains(&RecordKind::UserAgent);
    if token.is_empty()
        || token == "*"
        || !(0..lines.len()).any(|i| is_agent(i) && value(i).as_deref() == Some(token))
    {
        return None;
    }
    let groups = groups_of(&lines, readings);
    let mut drop = Vec::new();
    for Group { agents, rest } in &groups {
        let stars: Vec<usize> = agents
            .iter()
            .copied()
            .filter(|i| value(*i).as_deref() == Some("*"))
            .collect();
        if stars.is_empty() {
            continue;
        }
        if stars.len() == agents.len() {
            drop.extend(agents.iter().chain(rest).copied());
        } else {
            drop.extend(stars);
        }
    }
    (!drop.is_empty()).then(|| join_without(lines, &drop))
}

/// `body` with each run of rule lines in the order a first-match reading would need to
/// agree with the longest match: the longest value first, an `Allow` before a `Disallow` of
/// the same length (only the lines' contents move, never their line ends); `None` when they
/// already are.
pub(super) fn longest_first(
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
) -> Option<Vec<u8>> {
    sorted_rules(body, readings, false)
}

/// The rules of each run put `Allow` first among equal-length ones where only such a tie's
/// order would change (what [`longest_first`] leaves alone): a library that breaks ties by
/// the file's order then answers otherwise, one that always breaks them one way does not.
pub(super) fn ties_allow_first(
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
) -> Option<Vec<u8>> {
    sorted_rules(body, readings, true)
}

/// Each run of rules sorted longest first, `Allow` first among equal-length ones: the runs
/// out of length order (`ties` false), or only those already in length order (`ties`).
pub(super) fn sorted_rules(
    body: &[u8],
    readings: &[(Vec<RecordKind>, Vec<Diagnostic>)],
    ties: bool,
) -> Option<Vec<u8>> {
    let mut lines = split_lines(body);
    let mut changed = false;
    let mut i = 0;
    while i < lines.len() {
        if !readings.get(i).is_some_and(|(k, _)| is_rule(k)) {
            i += 1;
            continue;
        }
        let mut j = i;
        while readings.get(j).is_some_and(|(k, _)| is_rule(k)) {
            j += 1;
        }
        let key = |k: usize| {
            let length = any_value_span(&lines[k].content).map_or(0, |(s, e)| e - s);
            let allow = readings[k].0.contains(&RecordKind::Allow);
            (std::cmp::Reverse(length), !allow)
        };
        let mut order: Vec<usize> = (i..j).collect();
        order.sort_by_key(|k| key(*k));
        // Rules already longest first, but for equal-length ones: only a tie's order would
        // change, which a tie-breaker that follows the file's order reads alike (the tie is
        // the construct there).
        let in_order = (i..j).map(|k| key(k).0).is_sorted();
        if in_order == ties && order.iter().copied().ne(i..j) {
            changed = true;
            let contents: Vec<Vec<u8>> = order.iter().map(|k| lines[*k].content.clone()).collect();
            for (line, content) in lines[i..j].iter_mut().zip(contents) {
                line.content = content;
            }
        }
        i = j;
    }
    changed.then(|| join_lines(&lines))
}

/// The constructs on which the reference's `rfc9309` and `google` profiles decide a line
/// differently (its own account of a profile split): a misspelling or a missing colon one
/// accepts, a path one repairs, an agent one reads.
pub fn profile_decisions(input: &Input) -> BTreeSet<&'static str> {
    let body = input.body();
    let read = |profile| {
        Robots::parse(&body, ParseOptions::new(profile))
            .records()
            .iter()
            .map(|r| (r.kind, r.diagnostics.clone()))
            .collect::<Vec<_>>()
    };
    let rfc = read(Profile::Rfc9309);
    let google = read(Profile::Google);
    let mut out = BTreeSet::new();
    for (a, b) in rfc.iter().zip(&google) {
        if a == b {
            continue;
        }
        let all: Vec<&Diagnostic> = a.1.iter().chain(&b.1).collect();
        let named = |n: &str| all.iter().any(|d| d.name() == n);
        if named("misspelling") {
            out.insert("misspelling");
        } else if named("accepted-missing-colon") || named("missing-colon") {
            out.insert("missing-colon");
        } else if named("no-leading-slash") {
            out.insert("no-leading-slash");
        } else if named("invalid-agent") {
            out.insert("invalid-agent");
            out.insert("empty-agent");
        } else if named("empty-value") {
            out.insert("empty-value");
        } else if named("long-line") {
            out.insert("long-line");
        }
    }
    out
}

/// Whether the reference under `profile` gives some line of `body` the diagnostic `name`.
pub(super) fn flagged_under(body: &[u8], profile: Profile, name: &str) -> bool {
    Robots::parse(body, ParseOptions::new(profile))
        .records()
        .iter()
        .any(|r| has(&r.diagnostics, name))
}
