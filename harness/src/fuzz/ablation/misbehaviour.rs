//! What a library does wrong, read from evidence: the input rewritten as a library would read
//! it by one [`Reading`], asked of the reference. Where the reference's answer to the rewritten
//! input is the library's (under every profile the library contradicts) while its answer to
//! the input is not, the library's answer is what that reading gives; the misbehaviours of
//! [`constructs::MISBEHAVIOURS`] say which reading of which construct titles a report's entry.

use std::collections::BTreeMap;

use reptest_reference::{ParseOptions, Profile, RecordKind, Robots};

use super::describe::variants;
use super::probes::rule_value;
use super::readings::{match_ends, pattern_matches};
use super::text::{
    Line, any_value_span, decode_unreserved, is_reserved_escape, is_rule, is_space, join_lines,
    key_span, line_readings, path_at, rewrite_escapes, split_lines, with_body,
};
use crate::answer::Answer;
use crate::fuzz::constructs;
use crate::fuzz::generate::Input;
use crate::text::hex_octet;

use crate::fuzz::constructs::{Evidence, Misbehaviour, Reading};

/// A rule no URL's path holds.
const MATCHES_NOTHING: &[u8] = b"/xqzvw-matches-nothing";

/// A `user-agent` value no crawler has.
const NOBODY: &[u8] = b"xqzvw-nobody";

/// The reference's answer to the first URL of `input` under `profile` (`None` where it
/// rejects the URL).
pub(crate) fn reference(input: &Input, profile: Profile) -> Option<Answer> {
    let url = input.urls.first()?;
    let robots = Robots::parse(&input.body(), ParseOptions::new(profile));
    let selection = robots.select(&[input.agent.as_str()]);
    let verdict = selection.check_url(url).ok()?;
    Some(if verdict.allowed {
        Answer::Allow
    } else {
        Answer::Disallow
    })
}

/// The 0-based positions of the lines of `input` (as the reference splits them) that the
/// first neutralisation of `construct` changes or takes out, in order.
fn construct_lines(input: &Input, construct: &str) -> Vec<usize> {
    let Some((_, variant)) = variants(input).into_iter().find(|(c, _)| *c == construct) else {
        return Vec::new();
    };
    let (lines, left) = (split_lines(&input.body()), split_lines(&variant.body()));
    let mut at = 0;
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if left.get(at).is_some_and(|l| l.content == line.content) {
            at += 1;
            continue;
        }
        out.push(i);
        // As many lines left on both sides: the line was rewritten in place, not taken out.
        if lines.len() - i == left.len().saturating_sub(at) {
            at += 1;
        }
    }
    out
}

/// `lines` of `body` each replaced by what `rewrite` makes of it (one line or several, with
/// the line's own end after each), `None` when nothing changed.
fn rewritten(body: &[u8], pick: impl Fn(usize, &Line) -> Option<Vec<Vec<u8>>>) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut changed = false;
    for (i, line) in split_lines(body).into_iter().enumerate() {
        match pick(i, &line) {
            Some(new) if new != [line.content.clone()] => {
                changed = true;
                let end = if line.end.is_empty() && new.len() > 1 {
                    b"\n".to_vec()
                } else {
                    line.end.clone()
                };
                for content in new {
                    out.push(Line {
                        content,
                        end: end.clone(),
                    });
                }
                if line.end.is_empty()
                    && let Some(last) = out.last_mut()
                {
                    last.end.clear();
                }
            }
            _ => out.push(line),
        }
    }
    changed.then(|| join_lines(&out))
}

/// A rule line with `value` put in place of its own.
fn with_value(line: &[u8], value: &[u8]) -> Option<Vec<u8>> {
    let (s, e) = any_value_span(line)?;
    Some([&line[..s], value, &line[e..]].concat())
}

/// `input` as a library reading it by `reading` would read it, written so that the reference
/// reads it that way; `None` where the reading changes nothing in `input`, or `construct`'s
/// lines are none.
pub fn reads_as(input: &Input, construct: &str, reading: Reading) -> Option<Input> {
    let body = input.body();
    let readings = line_readings(&body)?;
    let ours = construct_lines(input, construct);
    let rule = |i: usize| readings.get(i).is_some_and(|(kinds, _)| is_rule(kinds));
    let value_of = |line: &Line| rule_value(&line.content).to_vec();
    let new = match reading {
        Reading::EndsGroup => rewritten(&body, |i, _| {
            ours.contains(&i).then(|| {
                vec![
                    [&b"Allow: "[..], MATCHES_NOTHING].concat(),
                    [&b"User-agent: "[..], NOBODY].concat(),
                ]
            })
        }),
        Reading::AsDisallow | Reading::AsAllow => rewritten(&body, |i, line| {
            let value = value_of(line);
            let key: &[u8] = if reading == Reading::AsAllow {
                b"Allow: "
            } else {
                b"Disallow: "
            };
            // Only a path (`/…`, `*…`): any rule line ends a group's names, so a value that is
            // no path shows nothing that ending the group would not.
            let path = value.starts_with(b"/") || value.starts_with(b"*");
            (ours.contains(&i) && path).then(|| vec![[key, &value[..]].concat()])
        }),
        Reading::Ignored => rewritten(&body, |i, _| ours.contains(&i).then(Vec::new)),
        Reading::Uncommented => rewritten(&body, |_, line| {
            let text = line.content.trim_ascii_start();
            let rest = text.strip_prefix(b"#")?.trim_ascii_start();
            let (s, e) = key_span(rest);
            let key = rest[s..e].to_ascii_lowercase();
            // A commented-out `user-agent` line too: the file that comments out a rule
            // usually comments out its group's line with it (`# User-agent: *`, `#
            // Disallow: /`, the shape of many a generated file).
            matches!(&key[..], b"allow" | b"disallow" | b"user-agent").then(|| vec![rest.to_vec()])
        }),
        Reading::CommentKept => rewritten(&body, |i, line| {
            let at = line.content.iter().position(|b| *b == b'#')?;
            (rule(i) && at > 0).then(|| {
                let kept = [&line.content[..at], b"%23", &line.content[at + 1..]].concat();
                vec![
                    kept.iter()
                        .map(|b| if is_space(*b) { b'-' } else { *b })
                        .collect(),
                ]
            })
        }),
        Reading::Anywhere | Reading::StarLiteral | Reading::AnchorIgnored => {
            let path = input
                .urls
                .first()
                .map(|url| decode_unreserved(&url.as_bytes()[path_at(url)..]))?;
            rewritten(&body, |i, line| {
                let value = value_of(line);
                let new: Vec<u8> = match reading {
                    // Only a rule the path does not start with: one that matches from the
                    // start already matches anywhere, and a `*` put before it would only
                    // lengthen it.
                    Reading::Anywhere
                        if value.contains(&b'*')
                            && !value.starts_with(b"*")
                            && !pattern_matches(&value, &path, false)
                            && pattern_matches(&value, &path, true) =>
                    {
                        [&b"*"[..], &value].concat()
                    }
                    Reading::StarLiteral if value.contains(&b'*') => value
                        .iter()
                        .flat_map(|b| {
                            if *b == b'*' {
                                b"%2A".to_vec()
                            } else {
                                vec![*b]
                            }
                        })
                        .collect(),
                    Reading::AnchorIgnored => value.strip_suffix(b"$")?.to_vec(),
                    _ => return None,
                };
                rule(i)
                    .then(|| with_value(&line.content, &new))
                    .flatten()
                    .map(|l| vec![l])
            })
        }
        Reading::MatchedLength => {
            let path = input
                .urls
                .first()
                .map(|url| decode_unreserved(&url.as_bytes()[path_at(url)..]))?;
            rewritten(&body, |i, line| {
                let value = value_of(line);
                if !rule(i) || !value.contains(&b'*') {
                    return None;
                }
                // The longest text the rule matches from the path's start, `$` kept.
                let end = match_ends(&value, &path, false).into_iter().max()?;
                let anchor: &[u8] = if value.ends_with(b"$") { b"$" } else { b"" };
                with_value(&line.content, &[&path[..end], anchor].concat()).map(|l| vec![l])
            })
        }
        Reading::CrKept => {
            let lines = split_lines(&body);
            rewritten(&body, |i, line| {
                let named = readings[i].0.contains(&RecordKind::UserAgent);
                (lines[i].end == b"\r\n" && (rule(i) || named))
                    .then(|| {
                        with_value(&line.content, &[rule_value(&line.content), b"%0D"].concat())
                    })
                    .flatten()
                    .map(|l| vec![l])
            })
        }
        Reading::EmptyAgentNamesCrawler => rewritten(&body, |i, line| {
            (readings[i].0.contains(&RecordKind::UserAgent) && rule_value(&line.content).is_empty())
                .then(|| vec![[&b"User-agent: "[..], input.agent.as_bytes()].concat()])
        }),
        Reading::AnchorLiteral => rewritten(&body, |i, line| {
            let value = value_of(line);
            let kept = [value.strip_suffix(b"$")?, b"%24"].concat();
            rule(i)
                .then(|| with_value(&line.content, &kept))
                .flatten()
                .map(|l| vec![l])
        }),
        Reading::NonAsciiUnmatched => rewritten(&body, |i, line| {
            (rule(i) && !value_of(line).is_ascii())
                .then(|| with_value(&line.content, MATCHES_NOTHING))
                .flatten()
                .map(|l| vec![l])
        }),
        Reading::EscapesDecoded => {
            let decoded = |text: &[u8]| {
                rewrite_escapes(text, &|hex| {
                    let byte = hex_octet(hex)?;
                    (is_reserved_escape(hex) || byte == b'*' || byte == b'$').then(|| vec![byte])
                })
            };
            let url = input.urls.first()?;
            let at = path_at(url);
            let path = decoded(&url.as_bytes()[at..]);
            let urls = vec![format!("{}{}", &url[..at], String::from_utf8_lossy(&path))];
            let rules = rewritten(&body, |i, line| {
                let value = value_of(line);
                let new = decoded(&value);
                (rule(i) && new != value)
                    .then(|| with_value(&line.content, &new))
                    .flatten()
                    .map(|l| vec![l])
            });
            if rules.is_none() && urls == input.urls {
                return None;
            }
            return Some(Input {
                urls,
                ..with_body(input, rules.as_deref().unwrap_or(&body))
            });
        }
        Reading::FirstMatch => {
            let url = input.urls.first()?;
            let path = decode_unreserved(&url.as_bytes()[path_at(url)..]);
            let lines = split_lines(&body);
            let agent = |i: usize| readings[i].0.contains(&RecordKind::UserAgent);
            // The lines taken out: each matching rule after the first of its group.
            let mut dropped = Vec::new();
            let mut matched = false;
            for (i, line) in lines.iter().enumerate() {
                if agent(i) && i > 0 && !agent(i - 1) {
                    matched = false;
                }
                let value = value_of(line);
                if rule(i) && !value.is_empty() && pattern_matches(&value, &path, false) {
                    if matched {
                        dropped.push(i);
                    }
                    matched = true;
                }
            }
            rewritten(&body, |i, _| dropped.contains(&i).then(Vec::new))
        }
        Reading::BomKept => body
            .strip_prefix(b"\xEF\xBB\xBF")
            .map(|rest| [&b"x"[..], rest].concat()),
    }?;
    Some(with_body(input, &new))
}

/// Whether `misbehaviour` is what `name`'s answer `answer` on `input` shows, where the
/// reference answers `expected` under the profiles it contradicts: its evidence holds.
pub fn shows(
    misbehaviour: &Misbehaviour,
    input: &Input,
    answer: Answer,
    expected: &BTreeMap<Profile, Answer>,
) -> bool {
    if expected.is_empty() || expected.values().any(|e| *e == answer) {
        return false;
    }
    match misbehaviour.evidence {
        Evidence::Answers(said) => said == answer,
        // Asked of the library on the canonical input, not read from this one.
        Evidence::Confirmed | Evidence::ConfirmedWholeFile => false,
        Evidence::ReadsAs(reading) => {
            reads_as(input, misbehaviour.construct, reading).is_some_and(|read| {
                expected
                    .keys()
                    .all(|p| reference(&read, *p) == Some(answer))
            })
        }
    }
}

/// The misbehaviours of `construct` that `answer` on `input` shows (see [`shows`]), in the
/// table's order.
pub fn misbehaviours_shown(
    construct: &str,
    input: &Input,
    answer: Answer,
    expected: &BTreeMap<Profile, Answer>,
) -> Vec<&'static Misbehaviour> {
    constructs::misbehaviours(construct)
        .filter(|m| shows(m, input, answer, expected))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(body: &str, path: &str) -> Input {
        Input {
            lines: body
                .split_inclusive('\n')
                .map(|l| l.as_bytes().to_vec())
                .collect(),
            agent: "FooBot".to_owned(),
            urls: vec![format!("https://example.com{path}")],
        }
    }

    fn expected(answer: Answer) -> BTreeMap<Profile, Answer> {
        [(Profile::Rfc9309, answer), (Profile::Google, answer)].into()
    }

    fn titles(construct: &str, input: &Input, answer: Answer) -> Vec<&'static str> {
        let expected = expected(match answer {
            Answer::Allow => Answer::Disallow,
            _ => Answer::Allow,
        });
        misbehaviours_shown(construct, input, answer, &expected)
            .iter()
            .map(|m| m.title)
            .collect()
    }

    const ENDS_GROUP: &str = "an unknown line (`foo: bar`) between two `user-agent` lines ends the group: the `user-agent` lines above it get no rules";
    const AS_DISALLOW: &str = "an unknown line (`foo: /bar`) is read as a `Disallow` rule";

    /// A planted quirk that ends the group at an unknown line between two `user-agent` lines
    /// (the crawler loses the shared group's `Disallow`) gets the "ends the group" title.
    #[test]
    fn a_library_ending_the_group_at_an_unknown_line_is_titled_so() {
        let shared = input(
            "User-agent: FooBot\nfoo: bar\nUser-agent: BarBot\nDisallow: /private/\n",
            "/private/page",
        );
        assert_eq!(reference(&shared, Profile::Rfc9309), Some(Answer::Disallow));
        assert_eq!(
            titles("unknown-field", &shared, Answer::Allow),
            [ENDS_GROUP]
        );
    }

    /// A planted quirk that reads an unknown line as a rule (`foo: /private/` disallowing
    /// `/private/page` beside `Allow: /`) gets another title, and not the first.
    #[test]
    fn a_library_reading_an_unknown_line_as_a_rule_is_titled_so() {
        let ruled = input(
            "User-agent: FooBot\nfoo: /private/\nAllow: /\n",
            "/private/page",
        );
        assert_eq!(reference(&ruled, Profile::Google), Some(Answer::Allow));
        assert_eq!(
            titles("unknown-field", &ruled, Answer::Disallow),
            [AS_DISALLOW]
        );
    }

    /// An answer no reading of the table gives keeps no title: the report stays neutral.
    #[test]
    fn an_answer_no_reading_explains_gets_no_title() {
        let plain = input(
            "User-agent: FooBot\nDisallow: /private/\nfoo: bar\n",
            "/private/a",
        );
        assert!(titles("unknown-field", &plain, Answer::Allow).is_empty());
        // Answering as the reference does is no misbehaviour at all.
        let shared = input(
            "User-agent: FooBot\nfoo: bar\nUser-agent: BarBot\nDisallow: /private/\n",
            "/private/page",
        );
        assert!(
            misbehaviours_shown(
                "unknown-field",
                &shared,
                Answer::Disallow,
                &expected(Answer::Disallow)
            )
            .is_empty()
        );
    }

    /// A rule holding `*` found in the middle of the path: "matches anywhere", not "`*` read
    /// literally" (which would match nothing here).
    #[test]
    fn a_wildcard_matched_anywhere_is_titled_so() {
        let starred = input("User-agent: *\nDisallow: /print*\n", "/x/print/y");
        assert_eq!(
            titles("wildcard", &starred, Answer::Disallow),
            ["a rule holding `*` matches anywhere in the path, not only from its start"]
        );
    }

    /// A wildcard rule that outranks a longer rule because the library counts the path it
    /// matched (`Allow: /*` over `Disallow: /private/` on `/private/page`) is titled so, and
    /// not "matches anywhere": `/*` matches from the path's start.
    #[test]
    fn a_wildcard_counted_by_the_text_it_matches_is_titled_so() {
        let counted = input(
            "User-agent: *\nDisallow: /private/\nAllow: /*\n",
            "/private/page",
        );
        assert_eq!(
            reference(&counted, Profile::Rfc9309),
            Some(Answer::Disallow)
        );
        assert_eq!(
            titles("wildcard", &counted, Answer::Allow),
            [
                "a rule holding `*` counts as long as the path it matches, so `Allow: /*` \
                 outranks a longer `Disallow: /private/`"
            ]
        );
        // On `/private/` itself the text `/*` matches is as long as the `Disallow`, and the
        // tie goes to the `Allow`: the same misbehaviour.
        let tied = input(
            "User-agent: *\nDisallow: /private/\nAllow: /*\n",
            "/private/",
        );
        assert_eq!(reference(&tied, Profile::Rfc9309), Some(Answer::Disallow));
        assert_eq!(
            titles("wildcard", &tied, Answer::Allow),
            titles("wildcard", &counted, Answer::Allow)
        );
    }

    /// A library that keeps the CR of a CRLF line end in the value (`Disallow: /private/`
    /// ending in CRLF then blocks nothing) is titled so.
    #[test]
    fn a_cr_kept_in_the_value_is_titled_so() {
        let crlf = input("User-agent: *\nDisallow: /private/\r\n", "/private/page");
        assert_eq!(reference(&crlf, Profile::Rfc9309), Some(Answer::Disallow));
        assert_eq!(
            titles("crlf", &crlf, Answer::Allow),
            [
                "a CRLF line end leaves its CR in the line's value, so a rule or `user-agent` \
                 line ending in CRLF matches nothing"
            ]
        );
        // Disallowing there is no CR kept.
        assert!(titles("crlf", &crlf, Answer::Disallow).is_empty());
    }

    /// An empty `User-agent:` line read as naming every crawler shows in both verdict
    /// directions: its group's `Disallow` obeyed, or its `Allow` over the `*` group's.
    #[test]
    fn an_empty_agent_naming_every_crawler_is_titled_so() {
        const TITLE: &str = "an empty `User-agent:` line is read as naming every crawler";
        let blocked = input(
            "User-agent:\nDisallow: /private/\n\nUser-agent: *\nAllow: /\n",
            "/private/page",
        );
        assert_eq!(titles("empty-agent", &blocked, Answer::Disallow), [TITLE]);
        let let_in = input(
            "User-agent: *\nDisallow: /private/\n\nUser-agent:\nAllow: /\n",
            "/private/page",
        );
        assert_eq!(titles("empty-agent", &let_in, Answer::Allow), [TITLE]);
    }

    /// Every misbehaviour names a construct of the table.
    #[test]
    fn every_misbehaviour_names_a_construct() {
        for m in constructs::MISBEHAVIOURS.iter() {
            assert!(constructs::get(m.construct).is_some(), "{}", m.construct);
        }
    }
}
