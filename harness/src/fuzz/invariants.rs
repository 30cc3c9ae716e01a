//! Metamorphic invariants of the reference: rewrites of a robots.txt file that must not change
//! a single verdict. The `reference_invariants` fuzz target and `cargo test` both drive
//! [`check`].
//!
//! - Line ends: the file with every line end as LF and as CRLF (RFC 9309 §2.2's grammar:
//!   `EOL = %x0D / %x0A / %x0D.0A`; Google 2019 “The file consists of lines separated by CR,
//!   CR/LF, or LF.”).
//! - Field-name case: every field name in lower case and in upper case (RFC 9309 §2.2's
//!   grammar writes them as ABNF strings, which are case-insensitive; Google 2019 “The
//!   `<field>` element is case-insensitive.”).
//! - A comment line added at the end, and between two lines (Google 2019 “Comments can be
//!   included at any location in the file”, and are ignored).
//! - Group order: the groups in reverse order, under `rfc9309` and `google` (rules of every
//!   group naming the crawler are combined, and the most specific rule wins wherever it is).
//!   Not under `legacy`, where the text gives no combining of groups.

use std::borrow::Cow;

use reptest_reference::scope::match_path;
use reptest_reference::{ParseOptions, Profile, RecordKind, Robots};

use crate::fuzz::generate::Input;

/// The URLs' paths, read once per input (`None` where the reference rejects the URL).
///
/// `Selection::check_url` is `scope::match_path` followed by `Selection::check_path`, and the
/// path does not depend on the file or the profile: reading each URL once instead of once per
/// parse (up to 24 times) gives the same verdicts. The `reference_invariants` fuzz target
/// still asks `check_url` on every raw input.
type Paths<'u> = [Option<Cow<'u, str>>];

/// The verdicts of a parsed file for every path.
fn verdicts_of(robots: &Robots, agent: &str, paths: &Paths<'_>) -> Vec<Option<bool>> {
    let selection = robots.select(&[agent]);
    paths
        .iter()
        .map(|p| {
            p.as_ref()
                .map(|p| selection.check_path(p.as_bytes()).allowed)
        })
        .collect()
}

/// The verdicts for every path (`None` where the reference rejects the URL).
fn verdicts(body: &[u8], agent: &str, paths: &Paths<'_>, profile: Profile) -> Vec<Option<bool>> {
    verdicts_of(
        &Robots::parse(body, ParseOptions::new(profile)),
        agent,
        paths,
    )
}

/// The body's lines as the reference reads them (split at CR, LF and CRLF), without ends.
fn lines(body: &[u8]) -> Vec<&[u8]> {
    crate::text::lines_with_ends(body)
        .into_iter()
        .map(|(content, _)| content)
        .collect()
}

fn join(lines: &[&[u8]], end: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for line in lines {
        out.extend_from_slice(line);
        out.extend_from_slice(end);
    }
    out
}

/// The line with its field name (the text before the first `:`, when it is letters, `-`
/// and spaces) mapped by `case`.
fn recase(line: &[u8], case: fn(&u8) -> u8) -> Vec<u8> {
    match line.iter().position(|&b| b == b':') {
        Some(colon)
            if line[..colon]
                .iter()
                .all(|b| b.is_ascii_alphabetic() || *b == b'-' || *b == b' ') =>
        {
            let mut out: Vec<u8> = line[..colon].iter().map(case).collect();
            out.extend_from_slice(&line[colon..]);
            out
        }
        _ => line.to_vec(),
    }
}

/// The groups in reverse order: lines before the first `user-agent` record stay first; a
/// group starts at a `user-agent` record that follows a rule. The body comes back unchanged
/// when its last group has no rule (moved, it would join another group). `robots` is the
/// body's lines joined by LF, parsed under the profile (the parse the caller already made).
fn reverse_groups(body_lines: &[&[u8]], robots: &Robots) -> Vec<u8> {
    let body = join(body_lines, b"\n");
    let kinds: Vec<RecordKind> = {
        let mut kinds = vec![RecordKind::Blank; body_lines.len()];
        for record in robots.records() {
            if let Some(k) = kinds.get_mut(record.line - 1) {
                *k = record.kind;
            }
        }
        kinds
    };
    let mut starts = Vec::new();
    let mut previous_was_agent = false;
    for (i, kind) in kinds.iter().enumerate() {
        let agent = *kind == RecordKind::UserAgent;
        if agent && !previous_was_agent {
            starts.push(i);
        }
        if agent || matches!(kind, RecordKind::Allow | RecordKind::Disallow) {
            previous_was_agent = agent;
        }
    }
    let Some(&first) = starts.first() else {
        return body;
    };
    // A last group without rules would join the group it is moved in front of.
    let last = starts.last().copied().unwrap_or(first);
    if !kinds[last..]
        .iter()
        .any(|k| matches!(k, RecordKind::Allow | RecordKind::Disallow))
    {
        return body;
    }
    let mut groups: Vec<&[&[u8]]> = Vec::new();
    for (n, &start) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(body_lines.len());
        groups.push(&body_lines[start..end]);
    }
    let mut out = join(&body_lines[..first], b"\n");
    for group in groups.iter().rev() {
        out.extend(join(group, b"\n"));
    }
    out
}

/// Checks every invariant for `input` under every profile it applies to; the error names the
/// invariant, the profile and both bodies.
pub fn check(input: &Input) -> Result<(), String> {
    let body = input.body();
    let body_lines = lines(&body);
    // A BOM belongs to the first line only; rewrites that move or re-case lines keep it out.
    let has_bom = body.first() == Some(&0xEF);
    let lf = join(&body_lines, b"\n");
    let mut variants: Vec<(&str, Vec<u8>, &[Profile])> = vec![
        ("CRLF line ends", join(&body_lines, b"\r\n"), &Profile::ALL),
        (
            "comment line at the end",
            [&lf[..], b"# added\n"].concat(),
            &Profile::ALL,
        ),
    ];
    if body_lines.len() > 1 {
        let middle = body_lines.len() / 2;
        let mut with_comment = body_lines.clone();
        with_comment.insert(middle, b"# added");
        variants.push((
            "comment line in the middle",
            join(&with_comment, b"\n"),
            &Profile::ALL,
        ));
    }
    if !has_bom {
        let lower: Vec<Vec<u8>> = body_lines
            .iter()
            .map(|l| recase(l, u8::to_ascii_lowercase))
            .collect();
        let upper: Vec<Vec<u8>> = body_lines
            .iter()
            .map(|l| recase(l, u8::to_ascii_uppercase))
            .collect();
        let as_slices =
            |v: &[Vec<u8>]| join(&v.iter().map(Vec::as_slice).collect::<Vec<_>>(), b"\n");
        variants.push(("lower-case field names", as_slices(&lower), &Profile::ALL));
        variants.push(("upper-case field names", as_slices(&upper), &Profile::ALL));
    }
    let paths: Vec<Option<Cow<'_, str>>> = input.urls.iter().map(|u| match_path(u).ok()).collect();
    for profile in Profile::ALL {
        let parsed = Robots::parse(&lf, ParseOptions::new(profile));
        let expected = verdicts_of(&parsed, &input.agent, &paths);
        // A rewrite that leaves the bytes as they are cannot change a verdict: not parsed again.
        let original = if body == lf {
            expected.clone()
        } else {
            verdicts(&body, &input.agent, &paths, profile)
        };
        if original != expected {
            return Err(failure(
                "LF line ends",
                profile,
                &body,
                &lf,
                &original,
                &expected,
            ));
        }
        let reversed = (!has_bom && profile != Profile::Legacy).then(|| {
            (
                "groups in reverse order",
                reverse_groups(&body_lines, &parsed),
                &Profile::ALL[..],
            )
        });
        for (name, variant, profiles) in variants.iter().chain(&reversed) {
            if !profiles.contains(&profile) || *variant == lf {
                continue;
            }
            let got = verdicts(variant, &input.agent, &paths, profile);
            if got != expected {
                return Err(failure(name, profile, &lf, variant, &expected, &got));
            }
        }
    }
    Ok(())
}

fn failure(
    name: &str,
    profile: Profile,
    before: &[u8],
    after: &[u8],
    expected: &[Option<bool>],
    got: &[Option<bool>],
) -> String {
    format!(
        "invariant `{name}` broken under {profile}: verdicts {expected:?} became {got:?}\n\
         before:\n{}\nafter:\n{}",
        crate::text::fenced(before),
        crate::text::fenced(after)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuzz::generate::{SeededBytes, generate};
    use arbitrary::Unstructured;

    #[test]
    fn invariants_hold_on_generated_inputs() {
        let mut source = SeededBytes::new(11);
        let mut ran = 0;
        for _ in 0..2000 {
            let bytes = source.take(512);
            let Ok(input) = generate(&mut Unstructured::new(&bytes)) else {
                continue;
            };
            ran += 1;
            if let Err(e) = check(&input) {
                panic!("{e}\nagent {:?}, urls {:?}", input.agent, input.urls);
            }
        }
        assert!(ran > 1500, "only {ran} inputs ran");
    }

    #[test]
    fn a_broken_invariant_is_reported() {
        assert!(lines(b"a\r\nb\rc\nd").len() == 4);
        let body_lines = lines(b"user-agent: a\ndisallow: /a\nuser-agent: b\ndisallow: /b\n");
        let parsed = Robots::parse(
            &join(&body_lines, b"\n"),
            ParseOptions::new(Profile::Rfc9309),
        );
        let reversed = reverse_groups(&body_lines, &parsed);
        assert_eq!(
            reversed,
            b"user-agent: b\ndisallow: /b\nuser-agent: a\ndisallow: /a\n"
        );
    }
}
