//! The planted engines: each the reference under one profile with one known behaviour
//! changed, named as the rows of `tests/data/planted-quirks.toml` name it.

use std::collections::BTreeMap;

use reptest::engines::protocol::WireVerdict;
use reptest::engines::{Engine, ReferenceEngine};
use reptest_reference::Profile;

use crate::common;

/// Every planted engine a row can name, found by its name.
const ENGINES: &[fn() -> Box<dyn Engine>] = &[
    accepts_useragent,
    allows_a,
    double_slash_blocks_all,
    disallow_wins_ties,
    first_match_wins,
    skips_empty_agent,
    keeps_agents_after_rules,
    slashless_anywhere,
    anywhere_in_url,
    adds_slash,
    decodes_the_url,
    unanchored_dollar,
    keeps_trailing_whitespace,
    no_wildcards,
    literal_escapes,
    lenient_spelling,
    bare_agent_line,
    drops_file,
    drops_rest,
    drops_file_on_orphan_rule,
    collapses_url_slashes,
    keeps_crlf_cr,
    lf_only,
    uncounted_anchor,
    decoded_escape_length,
    counts_trailing_whitespace,
    narrow_gap,
    no_allow,
    first_name_record,
    last_name_record,
    last_name_rules,
    decodes_slash,
    fails_on_equal_lengths,
    empty_disallow_allows_all,
    caseless_paths,
    blank_line_ends_group,
    decodes_escaped_dollar,
    ignores_allow_lines,
    escapes_as_written,
    decodes_both_sides,
    accepts_crawldelay,
    ends_at_unknown,
    cuts_url_query,
    cuts_rule_query,
    bare_agent_starts_group,
    strict_colons,
    decodes_rule_equals,
    slashes_starred_rules,
    drops_undecodable_rules,
];

/// The planted engine named `name`.
pub(super) fn planted_engine(name: &str) -> Option<Box<dyn Engine>> {
    ENGINES
        .iter()
        .map(|make| make())
        .find(|engine| engine.info().name == name)
}

/// The reference under `rfc9309`, except that it reads a `useragent` line as `user-agent`
/// (Google's parser's leniency).
pub(super) fn accepts_useragent() -> Box<dyn Engine> {
    common::planted(
        "accepts-useragent",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let read: String = text
                .split_inclusive('\n')
                .map(|line| {
                    if line.to_ascii_lowercase().starts_with("useragent") {
                        format!("user-agent{}", &line["useragent".len()..])
                    } else {
                        line.to_owned()
                    }
                })
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// Stands in for the witness a strengthened input needs (a library whose manifest makes it a
/// witness for both profiles, Google's parser): the reference under `google`.
pub(super) fn google_parser() -> Box<dyn Engine> {
    let google = reptest::engines::library::witnesses(Profile::Google);
    let witness = reptest::engines::library::witnesses(Profile::Rfc9309)
        .into_iter()
        .find(|w| google.contains(w))
        .expect("a witness for both profiles");
    common::planted(witness, Profile::Google, |reference, body, agent, urls| {
        reference.check(body, agent, urls)
    })
}

/// The reference under `google`, except that it allows every URL whose path ends in `/a`.
pub(super) fn allows_a() -> Box<dyn Engine> {
    common::planted(
        "allows-a",
        Profile::Google,
        |reference, body, agent, urls| {
            let mut verdicts = reference.check(body, agent, urls)?;
            for (verdict, url) in verdicts.iter_mut().zip(urls) {
                if url.ends_with("/a") {
                    *verdict = WireVerdict::Allow;
                }
            }
            Ok(verdicts)
        },
    )
}

/// The reference under `rfc9309`, except that a `Disallow` rule starting with `//` blocks
/// every URL (as a library that reads `//…` as an authority, and the rule as an empty path,
/// does).
pub(super) fn double_slash_blocks_all() -> Box<dyn Engine> {
    common::planted(
        "double-slash-blocks-all",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body).to_ascii_lowercase();
            if text
                .lines()
                .any(|l| l.replace(' ', "").starts_with("disallow://"))
            {
                return Ok(vec![WireVerdict::Disallow; urls.len()]);
            }
            reference.check(body, agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that an `Allow` and a `Disallow` with the same value
/// that both match go to the `Disallow`.
pub(super) fn disallow_wins_ties() -> Box<dyn Engine> {
    common::planted(
        "disallow-wins-ties",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body).to_ascii_lowercase();
            let values = |field: &str| -> Vec<String> {
                text.lines()
                    .filter_map(|l| l.strip_prefix(field))
                    .map(|v| v.trim().to_owned())
                    .collect()
            };
            let (allows, disallows) = (values("allow:"), values("disallow:"));
            let mut verdicts = reference.check(body, agent, urls)?;
            for (verdict, url) in verdicts.iter_mut().zip(urls) {
                let path = url
                    .splitn(4, '/')
                    .nth(3)
                    .map_or("/".to_owned(), |p| format!("/{p}"));
                if allows
                    .iter()
                    .any(|a| disallows.contains(a) && path.starts_with(a.as_str()))
                {
                    *verdict = WireVerdict::Disallow;
                }
            }
            Ok(verdicts)
        },
    )
}

/// A parser of one group that obeys the first rule whose value starts the URL's path, not
/// the longest (and reads a comment after a value as the comment it is).
pub(super) fn first_match_wins() -> Box<dyn Engine> {
    common::planted("first-match-wins", Profile::Rfc9309, |_, body, _, urls| {
        let text = String::from_utf8_lossy(body).to_ascii_lowercase();
        let rules: Vec<(bool, String)> = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or_default().trim())
            .filter_map(|l| {
                let (field, value) = l.split_once(':')?;
                let value = value.trim().to_owned();
                match field.trim() {
                    "allow" if !value.is_empty() => Some((true, value)),
                    "disallow" if !value.is_empty() => Some((false, value)),
                    _ => None,
                }
            })
            .collect();
        Ok(urls
            .iter()
            .map(|url| {
                let path = url.splitn(4, '/').nth(3).map(|p| format!("/{p}"));
                let first = rules
                    .iter()
                    .find(|(_, v)| path.as_deref().is_some_and(|p| p.starts_with(v)));
                match first {
                    Some((false, _)) => WireVerdict::Disallow,
                    _ => WireVerdict::Allow,
                }
            })
            .collect())
    })
}

/// The reference under `rfc9309`, except that a `user-agent` line with no value is skipped
/// (its rules join the group before).
pub(super) fn skips_empty_agent() -> Box<dyn Engine> {
    common::planted(
        "skips-empty-agent",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let read: String = text
                .split_inclusive('\n')
                .filter(|l| !l.trim().eq_ignore_ascii_case("user-agent:"))
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that `user-agent` lines after a group's rules are
/// added to the names already read rather than starting afresh: each group also names
/// every crawler named before it.
pub(super) fn keeps_agents_after_rules() -> Box<dyn Engine> {
    common::planted(
        "keeps-agents-after-rules",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let mut seen: Vec<String> = Vec::new();
            let mut after_rule = false;
            let mut read = String::new();
            for line in text.split_inclusive('\n') {
                let lower = line.trim().to_ascii_lowercase();
                if let Some(name) = lower.strip_prefix("user-agent:") {
                    if after_rule {
                        for name in &seen {
                            read.push_str(&format!("user-agent: {name}\n"));
                        }
                    }
                    seen.push(name.trim().to_owned());
                    after_rule = false;
                } else if lower.starts_with("allow:") || lower.starts_with("disallow:") {
                    after_rule = true;
                }
                read.push_str(line);
            }
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a `Disallow` value without its leading `/`
/// is looked for anywhere in the URL, and that a file with no rule at all is an error.
pub(super) fn slashless_anywhere() -> Box<dyn Engine> {
    common::planted(
        "slashless-anywhere",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body).to_ascii_lowercase();
            let values: Vec<&str> = text
                .lines()
                .filter_map(|l| l.strip_prefix("disallow:"))
                .map(str::trim)
                .collect();
            if !text.lines().any(|l| l.contains("allow:")) {
                return Err(reptest::engines::EngineError::Reported("no rules".into()));
            }
            let mut verdicts = reference.check(body, agent, urls)?;
            for (verdict, url) in verdicts.iter_mut().zip(urls) {
                if values
                    .iter()
                    .any(|v| !v.is_empty() && !v.starts_with('/') && url.contains(v))
                {
                    *verdict = WireVerdict::Disallow;
                }
            }
            Ok(verdicts)
        },
    )
}

/// The reference under `rfc9309`, except that a `Disallow` value found anywhere in the URL,
/// scheme and host included, disallows it.
pub(super) fn anywhere_in_url() -> Box<dyn Engine> {
    common::planted(
        "anywhere-in-url",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body).to_ascii_lowercase();
            let values: Vec<String> = text
                .lines()
                .filter_map(|l| l.strip_prefix("disallow:"))
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
                .collect();
            let mut verdicts = reference.check(body, agent, urls)?;
            for (verdict, url) in verdicts.iter_mut().zip(urls) {
                if values.iter().any(|v| url.contains(v.as_str())) {
                    *verdict = WireVerdict::Disallow;
                }
            }
            Ok(verdicts)
        },
    )
}

/// The reference under `rfc9309`, except that a rule without its leading `/` is read with it.
pub(super) fn adds_slash() -> Box<dyn Engine> {
    common::planted(
        "adds-slash",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let read: String = text
                .split_inclusive('\n')
                .map(|line| match line.split_once(':') {
                    Some((name, value))
                        if name.to_ascii_lowercase().ends_with("allow")
                            && !value.trim().is_empty()
                            && !value.trim_start().starts_with(['/', '*']) =>
                    {
                        format!("{name}:/{}", value.trim_start())
                    }
                    _ => line.to_owned(),
                })
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that every percent-encoding, in the URL and in the
/// rules alike, is decoded before comparing (one opaque octet, written `%FF`).
pub(super) fn decodes_the_url() -> Box<dyn Engine> {
    common::planted(
        "decodes-the-url",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let opaque = |url: &String| -> String {
                let mut out = String::new();
                let mut rest = url.as_str();
                while let Some(at) = rest.find('%') {
                    out.push_str(&rest[..at]);
                    let hex = rest.get(at + 1..at + 3).unwrap_or_default();
                    if hex.len() == 2 && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                        out.push_str("%FF");
                        rest = &rest[at + 3..];
                    } else {
                        out.push('%');
                        rest = &rest[at + 1..];
                    }
                }
                out.push_str(rest);
                out
            };
            let decoded: Vec<String> = urls.iter().map(opaque).collect();
            let body = opaque(&String::from_utf8_lossy(body).into_owned());
            reference.check(body.as_bytes(), agent, &decoded)
        },
    )
}

/// The reference under `rfc9309`, except that a rule matches anywhere in the URL: a rule
/// `$` matches every URL (an unanchored pattern).
pub(super) fn unanchored_dollar() -> Box<dyn Engine> {
    common::planted(
        "unanchored-dollar",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body).to_ascii_lowercase();
            let bare = text.lines().any(|l| l.trim() == "allow:$");
            let mut verdicts = reference.check(body, agent, urls)?;
            if bare {
                verdicts.iter_mut().for_each(|v| *v = WireVerdict::Allow);
            }
            Ok(verdicts)
        },
    )
}

/// `body` with each rule line's trailing spaces and tabs replaced by `each` once per octet.
fn trailing_rewritten(body: &[u8], each: &str) -> String {
    String::from_utf8_lossy(body)
        .lines()
        .map(|line| {
            let trimmed = line.trim_end_matches([' ', '\t']);
            let lower = line.to_ascii_lowercase();
            if lower.starts_with("allow:") || lower.starts_with("disallow:") {
                format!("{trimmed}{}\n", each.repeat(line.len() - trimmed.len()))
            } else {
                format!("{line}\n")
            }
        })
        .collect()
}

/// The reference under `rfc9309`, except that a rule line's trailing whitespace stays in the
/// rule's path (compared as `%09`, which no URL here holds).
pub(super) fn keeps_trailing_whitespace() -> Box<dyn Engine> {
    common::planted(
        "keeps-trailing-whitespace",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = trailing_rewritten(body, "%09");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a rule holding `*` never matches (a library
/// without wildcards, comparing it as written).
pub(super) fn no_wildcards() -> Box<dyn Engine> {
    common::planted(
        "no-wildcards",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let read: String = text
                .split_inclusive('\n')
                .filter(|l| !(l.to_ascii_lowercase().starts_with("allow") && l.contains('*')))
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that percent-encodings are compared as written
/// (every `%` read as a plain letter, on both sides).
pub(super) fn literal_escapes() -> Box<dyn Engine> {
    common::planted(
        "literal-escapes",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let body: Vec<u8> = body
                .iter()
                .map(|b| if *b == b'%' { b'Q' } else { *b })
                .collect();
            let urls: Vec<String> = urls.iter().map(|u| u.replace('%', "Q")).collect();
            reference.check(&body, agent, &urls)
        },
    )
}

/// The reference under `rfc9309`, except that a `disalow` line is read as `disallow` (as
/// Google's parser reads it): a library taking one point from each profile.
pub(super) fn lenient_spelling() -> Box<dyn Engine> {
    common::planted(
        "lenient-spelling",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = String::from_utf8_lossy(body).replace("disalow", "disallow");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `google`, except that a line of the one word `USERAGENT` ends the
/// group before it and starts one of its own (read as an empty rule, then an empty
/// `user-agent` line).
pub(super) fn bare_agent_line() -> Box<dyn Engine> {
    common::planted(
        "bare-agent-line",
        Profile::Google,
        |reference, body, agent, urls| {
            let read =
                String::from_utf8_lossy(body).replace("USERAGENT\n", "disallow:\nuser-agent:\n");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a file holding a line `foo: x` is read as
/// empty: a parse error that drops the file.
pub(super) fn drops_file() -> Box<dyn Engine> {
    common::planted(
        "drops-file",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            if String::from_utf8_lossy(body).contains("foo: x") {
                reference.check(b"", agent, urls)
            } else {
                reference.check(body, agent, urls)
            }
        },
    )
}

/// The reference under `rfc9309`, except that a file holding a line `foo: x` is read up to
/// that line only.
pub(super) fn drops_rest() -> Box<dyn Engine> {
    common::planted(
        "drops-rest",
        Profile::Rfc9309,
        |reference, body, agent, urls| match String::from_utf8_lossy(body).find("foo: x") {
            Some(at) => reference.check(&body[..at], agent, urls),
            None => reference.check(body, agent, urls),
        },
    )
}

/// The reference under `rfc9309`, except that a file whose first line is a rule (before any
/// `user-agent` line) is read as empty, as a grammar that fails on it does.
pub(super) fn drops_file_on_orphan_rule() -> Box<dyn Engine> {
    common::planted(
        "drops-file-on-orphan-rule",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let first = String::from_utf8_lossy(body)
                .lines()
                .next()
                .unwrap_or_default()
                .to_ascii_lowercase();
            if first.starts_with("disallow") || first.starts_with("allow") {
                reference.check(b"", agent, urls)
            } else {
                reference.check(body, agent, urls)
            }
        },
    )
}

/// The reference under `rfc9309`, except that the URL's path has each run of `/` made one
/// and each escape decoded (the rules' are decoded too, their `//` kept).
pub(super) fn collapses_url_slashes() -> Box<dyn Engine> {
    common::planted(
        "collapses-url-slashes",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let decode = |text: &str| text.replace("%2F", "/").replace("%2f", "/");
            let read = decode(&String::from_utf8_lossy(body));
            let collapsed: Vec<String> = urls
                .iter()
                .map(|url| {
                    let (origin, path) = url.split_at(url.find("://").map_or(0, |i| i + 3));
                    let (host, path) = path.split_at(path.find('/').unwrap_or(path.len()));
                    let mut path = decode(path);
                    while path.contains("//") {
                        path = path.replace("//", "/");
                    }
                    format!("{origin}{host}{path}")
                })
                .collect();
            reference.check(read.as_bytes(), agent, &collapsed)
        },
    )
}

/// The reference under `rfc9309`, except that a CRLF's CR stays in the line's value (written
/// here as a control character, which no crawler name or path holds).
pub(super) fn keeps_crlf_cr() -> Box<dyn Engine> {
    common::planted(
        "keeps-crlf-cr",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = String::from_utf8_lossy(body).replace("\r\n", "\u{1}\n");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that lines end at LF only and a CR is dropped, as
/// a reader splitting on LF and stripping CRLF's CR does: a file of CR line ends is one line.
pub(super) fn lf_only() -> Box<dyn Engine> {
    common::planted(
        "lf-only",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let joined: Vec<u8> = body.iter().copied().filter(|b| *b != b'\r').collect();
            reference.check(&joined, agent, urls)
        },
    )
}

/// `body` with every non-empty rule for which `short` does not hold given `padding` (`*`s,
/// which match as before) at its end: the reference then counts the other rules
/// `padding.len()` octets short.
fn padded(body: &[u8], short: fn(&str) -> bool, padding: &str) -> String {
    String::from_utf8_lossy(body)
        .lines()
        .map(|line| {
            let lower = line.to_ascii_lowercase();
            let rule = lower.starts_with("allow:") || lower.starts_with("disallow:");
            let value = line.split_once(':').map_or("", |(_, v)| v.trim());
            if rule && !value.is_empty() && !short(value) {
                format!("{line}{padding}\n")
            } else {
                format!("{line}\n")
            }
        })
        .collect()
}

/// The reference under `rfc9309`, except that a rule's final `$` is left out of its length.
pub(super) fn uncounted_anchor() -> Box<dyn Engine> {
    common::planted(
        "uncounted-anchor",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = padded(body, |value| value.ends_with('$'), "*");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a rule's one percent-encoding counts as one
/// octet in its length.
pub(super) fn decoded_escape_length() -> Box<dyn Engine> {
    common::planted(
        "decoded-escape-length",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = padded(body, |value| value.contains('%'), "**");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a rule line's trailing whitespace counts in
/// the rule's length (the rule compared without it): each space or tab becomes a `*`, one
/// octet more that matches as before.
pub(super) fn counts_trailing_whitespace() -> Box<dyn Engine> {
    common::planted(
        "counts-trailing-whitespace",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = trailing_rewritten(body, "*");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `google`, except that a line without its colon whose name and value
/// are parted by more than one space is dropped (a port that skips one separator only).
pub(super) fn narrow_gap() -> Box<dyn Engine> {
    common::planted(
        "narrow-gap",
        Profile::Google,
        |reference, body, agent, urls| {
            let read: String = String::from_utf8_lossy(body)
                .lines()
                .filter(|line| line.contains(':') || !line.contains("  "))
                .map(|line| format!("{line}\n"))
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that `Allow` lines are not read.
pub(super) fn no_allow() -> Box<dyn Engine> {
    common::planted(
        "no-allow",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read: String = String::from_utf8_lossy(body)
                .split_inclusive('\n')
                .filter(|l| !l.to_ascii_lowercase().starts_with("allow"))
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// Which record a run of `user-agent` lines writes its rules to, given the run's names, the
/// record of each name so far and the records (each a list of rule lines).
type RunRecord = fn(&[String], &mut BTreeMap<String, usize>, &mut Vec<Vec<String>>) -> usize;

/// The crawler's rules as a library that keeps one record per name picks them (`shared`
/// chooses the record a run of `user-agent` lines writes its rules to, given the run's names
/// and the records so far), put to the reference as the one group `*`.
fn by_records(
    reference: &mut ReferenceEngine,
    body: &[u8],
    agent: &str,
    urls: &[String],
    shared: RunRecord,
) -> Result<Vec<WireVerdict>, reptest::engines::EngineError> {
    let text = String::from_utf8_lossy(body);
    let mut names: BTreeMap<String, usize> = BTreeMap::new();
    let mut records: Vec<Vec<String>> = Vec::new();
    let mut run: Vec<String> = Vec::new();
    let mut current = None;
    for line in text.lines() {
        let Some((key, value)) = line.split_once(':') else {
            continue;
        };
        if key.trim().eq_ignore_ascii_case("user-agent") {
            run.push(value.trim().to_ascii_lowercase());
            continue;
        }
        if !run.is_empty() {
            current = Some(shared(&run, &mut names, &mut records));
            run.clear();
        }
        if let Some(record) = current {
            records[record].push(line.to_owned());
        }
    }
    let token = agent
        .split('/')
        .next()
        .unwrap_or(agent)
        .to_ascii_lowercase();
    let rules = names
        .get(&token)
        .or_else(|| names.get("*"))
        .map(|r| records[*r].join("\n"))
        .unwrap_or_default();
    reference.check(format!("user-agent: *\n{rules}\n").as_bytes(), agent, urls)
}

/// A run of names writes to the record of its first name (the one it had, or a new one),
/// which every other name of the run then shares.
pub(super) fn first_name_record() -> Box<dyn Engine> {
    common::planted(
        "first-name-record",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            by_records(reference, body, agent, urls, |run, names, records| {
                let record = *names.entry(run[0].clone()).or_insert_with(|| {
                    records.push(Vec::new());
                    records.len() - 1
                });
                for name in &run[1..] {
                    names.insert(name.clone(), record);
                }
                record
            })
        },
    )
}

/// Each name starts a new record, replacing the one it had; a run writes to its last name's.
pub(super) fn last_name_record() -> Box<dyn Engine> {
    common::planted(
        "last-name-record",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            by_records(reference, body, agent, urls, |run, names, records| {
                for name in run {
                    records.push(Vec::new());
                    names.insert(name.clone(), records.len() - 1);
                }
                records.len() - 1
            })
        },
    )
}

/// Each name but the last of a run starts an empty record; the last keeps its own (a new one
/// if it had none), to which the run's rules go.
pub(super) fn last_name_rules() -> Box<dyn Engine> {
    common::planted(
        "last-name-rules",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            by_records(reference, body, agent, urls, |run, names, records| {
                for name in &run[..run.len() - 1] {
                    records.push(Vec::new());
                    names.insert(name.clone(), records.len() - 1);
                }
                *names.entry(run[run.len() - 1].clone()).or_insert_with(|| {
                    records.push(Vec::new());
                    records.len() - 1
                })
            })
        },
    )
}

/// The reference under `rfc9309`, except that it decodes `%2F` in the file to `/`.
pub(super) fn decodes_slash() -> Box<dyn Engine> {
    common::planted(
        "decodes-slash",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = String::from_utf8_lossy(body)
                .replace("%2F", "/")
                .replace("%2f", "/");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// Whether `pattern` (`*` any run of octets, a final `$` the path's end) matches `path` at
/// its start.
fn glob_matches(pattern: &[u8], path: &[u8]) -> bool {
    match pattern {
        [] => true,
        [b'$'] => path.is_empty(),
        [b'*', rest @ ..] => (0..=path.len()).any(|i| glob_matches(rest, &path[i..])),
        [first, rest @ ..] => path.first() == Some(first) && glob_matches(rest, &path[1..]),
    }
}

/// The reference under `rfc9309`, except that a rule's `%2A` is read as a wildcard and that
/// two different rules of equal length (as written) that both match are an error: a library
/// comparing the rules themselves once their lengths tie.
pub(super) fn fails_on_equal_lengths() -> Box<dyn Engine> {
    common::planted(
        "fails-on-equal-lengths",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body).replace("%2A", "*");
            let values: Vec<(usize, String)> = String::from_utf8_lossy(body)
                .lines()
                .filter_map(|l| {
                    let (key, value) = l.split_once(':')?;
                    let key = key.trim().to_ascii_lowercase();
                    (key == "allow" || key == "disallow").then(|| value.trim().to_owned())
                })
                .filter(|v| !v.is_empty())
                .map(|v| (v.len(), v.replace("%2A", "*")))
                .collect();
            for url in urls {
                let path = &url[url.find("://").map_or(0, |i| i + 3)..];
                let path = &path[path.find('/').unwrap_or(path.len())..];
                let matching: Vec<&(usize, String)> = values
                    .iter()
                    .filter(|(_, v)| glob_matches(v.as_bytes(), path.as_bytes()))
                    .collect();
                let longest = matching.iter().map(|(n, _)| *n).max();
                let tied: Vec<&String> = matching
                    .iter()
                    .filter(|(n, _)| Some(*n) == longest)
                    .map(|(_, v)| v)
                    .collect();
                if tied.windows(2).any(|w| w[0] != w[1]) {
                    return Err(reptest::engines::EngineError::Reported(
                        "'>' not supported between patterns".into(),
                    ));
                }
            }
            reference.check(text.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that an empty `Disallow:` before the file's other
/// rules allows everything (a library obeying the first match, which reads an empty path as
/// matching every URL and allowing it).
pub(super) fn empty_disallow_allows_all() -> Box<dyn Engine> {
    common::planted(
        "empty-disallow-allows-all",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body).to_ascii_lowercase();
            let first_rule = text
                .lines()
                .find(|l| l.starts_with("allow:") || l.starts_with("disallow:"));
            if first_rule.is_some_and(|l| l.trim() == "disallow:") {
                return Ok(urls.iter().map(|_| WireVerdict::Allow).collect());
            }
            reference.check(body, agent, urls)
        },
    )
}

/// The reference under `google` (escapes compared as written), except that paths are
/// compared without letter case.
pub(super) fn caseless_paths() -> Box<dyn Engine> {
    common::planted(
        "caseless-paths",
        Profile::Google,
        |reference, body, agent, urls| {
            let lowered: Vec<String> = urls
                .iter()
                .map(|u| {
                    let at = u.find("://").map_or(0, |i| i + 3);
                    let path = u[at..].find('/').map_or(u.len(), |i| at + i);
                    format!("{}{}", &u[..path], u[path..].to_ascii_lowercase())
                })
                .collect();
            reference.check(&body.to_ascii_lowercase(), agent, &lowered)
        },
    )
}

/// The reference under `rfc9309`, except that a blank line ends a group: the rules after it
/// (until the next `user-agent` line) are dropped, and a `user-agent` line after it starts a
/// group of its own.
pub(super) fn blank_line_ends_group() -> Box<dyn Engine> {
    common::planted(
        "blank-line-ends-group",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let mut read = String::new();
            let mut skipping = false;
            for line in text.split_inclusive('\n') {
                let agent_line = line.to_ascii_lowercase().starts_with("user-agent");
                if line.trim().is_empty() {
                    // A rule that matches nothing ends the group for the reference.
                    read.push_str("disallow: /xqzvw-none-zz\n");
                    skipping = true;
                } else if agent_line || !skipping {
                    skipping = false;
                    read.push_str(line);
                }
            }
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a rule holding two `$` once its `%24`s are
/// decoded never matches (the first `$` taken for the anchor).
pub(super) fn decodes_escaped_dollar() -> Box<dyn Engine> {
    common::planted(
        "decodes-escaped-dollar",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let read: String = text
                .split_inclusive('\n')
                .filter(|l| {
                    l.to_ascii_uppercase()
                        .replace("%24", "$")
                        .matches('$')
                        .count()
                        < 2
                })
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that `Allow` lines are read as nothing.
pub(super) fn ignores_allow_lines() -> Box<dyn Engine> {
    common::planted(
        "ignores-allow-lines",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let read: String = text
                .split_inclusive('\n')
                .filter(|l| !l.to_ascii_lowercase().starts_with("allow"))
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `google`, except that escapes are compared as written, hex case
/// included, on both sides (each escape's `%` read as a plain `%`).
pub(super) fn escapes_as_written() -> Box<dyn Engine> {
    common::planted(
        "escapes-as-written",
        Profile::Google,
        |reference, body, agent, urls| {
            let plain = |text: &str| text.replace('%', "%25");
            let read = plain(&String::from_utf8_lossy(body));
            let urls: Vec<String> = urls
                .iter()
                .map(|u| {
                    let at = u.find("://").map_or(0, |i| i + 3);
                    let path = u[at..].find('/').map_or(u.len(), |i| at + i);
                    format!("{}{}", &u[..path], plain(&u[path..]))
                })
                .collect();
            reference.check(read.as_bytes(), agent, &urls)
        },
    )
}

/// The reference under `rfc9309` (escapes decoded on both sides).
pub(super) fn decodes_both_sides() -> Box<dyn Engine> {
    common::planted(
        "decodes-both-sides",
        Profile::Rfc9309,
        |reference, body, agent, urls| reference.check(body, agent, urls),
    )
}

/// `body` with each line whose name is `crawl-delay`, or spelled like it without the hyphen,
/// written as a rule that matches nothing (which ends a group's `user-agent` lines for the
/// reference); with `any_unknown`, every line of a field it does not know too.
fn agents_ended_at(body: &[u8], any_unknown: bool) -> String {
    String::from_utf8_lossy(body)
        .split_inclusive('\n')
        .map(|line| {
            let key = line.split(':').next().unwrap_or_default().trim();
            let key = key.to_ascii_lowercase();
            let known = ["user-agent", "allow", "disallow"].contains(&key.as_str());
            let blank = line.trim().is_empty();
            if key.replace('-', "") == "crawldelay" || any_unknown && !known && !blank {
                "disallow: /xqzvw-none-zz\n".to_owned()
            } else {
                line.to_owned()
            }
        })
        .collect()
}

/// The reference under `rfc9309`, except that a `crawl-delay` line, or one spelled like it
/// without the hyphen, ends a group's `user-agent` lines.
pub(super) fn accepts_crawldelay() -> Box<dyn Engine> {
    common::planted(
        "accepts-crawldelay",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            reference.check(agents_ended_at(body, false).as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that every line of a field it does not know ends a
/// group's `user-agent` lines.
pub(super) fn ends_at_unknown() -> Box<dyn Engine> {
    common::planted(
        "ends-at-unknown",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            reference.check(agents_ended_at(body, true).as_bytes(), agent, urls)
        },
    )
}

/// `text` without an escaped `?` at its end (decoded, the empty query it starts dropped).
fn query_cut(text: &str) -> String {
    match text.to_ascii_uppercase().strip_suffix("%3F") {
        Some(kept) => text[..kept.len()].to_owned(),
        None => text.to_owned(),
    }
}

/// The reference under `rfc9309`, except that an escaped `?` at the end of the URL is
/// decoded and the empty query it starts dropped.
pub(super) fn cuts_url_query() -> Box<dyn Engine> {
    common::planted(
        "cuts-url-query",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let urls: Vec<String> = urls.iter().map(|u| query_cut(u)).collect();
            reference.check(body, agent, &urls)
        },
    )
}

/// The reference under `rfc9309`, except that an escaped `?` at the end of a rule is decoded
/// and the empty query it starts dropped.
pub(super) fn cuts_rule_query() -> Box<dyn Engine> {
    common::planted(
        "cuts-rule-query",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read: String = String::from_utf8_lossy(body)
                .lines()
                .map(|line| format!("{}\n", query_cut(line.trim_end())))
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a line of `user-agent` and trailing
/// whitespace, without a colon, is a `user-agent` line naming nobody (after rules, it starts
/// a group), and a colonless `Allow /` a rule that matches nothing (it ends the names before).
pub(super) fn bare_agent_starts_group() -> Box<dyn Engine> {
    common::planted(
        "bare-agent-starts-group",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let read: String = text
                .split_inclusive('\n')
                .map(|line| {
                    if line.trim_end().eq_ignore_ascii_case("user-agent") && line.ends_with(" \n") {
                        "user-agent: xqzvw-nobody\n".to_owned()
                    } else if line.to_ascii_lowercase().starts_with("allow /") {
                        "allow: /xqzvw-none-zz\n".to_owned()
                    } else {
                        line.to_owned()
                    }
                })
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `google`, except that a line without a colon is read as nothing, as
/// `rfc9309` reads it.
pub(super) fn strict_colons() -> Box<dyn Engine> {
    common::planted(
        "strict-colons",
        Profile::Google,
        |reference, body, agent, urls| {
            let text = String::from_utf8_lossy(body);
            let read: String = text
                .split_inclusive('\n')
                .filter(|line| line.contains(':') || line.trim().is_empty())
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a rule's `%3D` is read as `=`.
pub(super) fn decodes_rule_equals() -> Box<dyn Engine> {
    common::planted(
        "decodes-rule-equals",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = String::from_utf8_lossy(body).replace("%3D", "=");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a rule starting with `*` is given a leading `/`
/// (as the legacy text reads a rule without one).
pub(super) fn slashes_starred_rules() -> Box<dyn Engine> {
    common::planted(
        "slashes-starred-rules",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read = String::from_utf8_lossy(body).replace(": *", ": /*");
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}

/// The reference under `rfc9309`, except that a rule ending in a lone `%C3` (which does not
/// decode as UTF-8) is dropped.
pub(super) fn drops_undecodable_rules() -> Box<dyn Engine> {
    common::planted(
        "drops-undecodable-rules",
        Profile::Rfc9309,
        |reference, body, agent, urls| {
            let read: String = String::from_utf8_lossy(body)
                .split_inclusive('\n')
                .filter(|line| !line.trim_end().ends_with("%C3"))
                .collect();
            reference.check(read.as_bytes(), agent, urls)
        },
    )
}
