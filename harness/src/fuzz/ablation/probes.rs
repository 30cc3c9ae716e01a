//! Probes: inputs built to show one behaviour of a library, each asked beside a control.

use reptest_reference::{Profile, RecordKind};

use super::readings::{pattern_matches, pattern_rule};
use super::text::named_lines;
use super::text::{
    UNRESERVED, any_value_span, decode_unreserved, has, is_rule, is_space, line_readings,
    on_both_sides, path_at, rewrite_escapes, rewrite_rules, split_lines, upper_hex,
    url_hex_lowered, with_body,
};
use crate::answer::Answer;
use crate::engines::reference_name;
use crate::fuzz::findings::{Family, FamilyInput};
use crate::fuzz::generate::Input;
use crate::text::hex_octet;

/// The construct of the crawler's groups, one of them shared with another name, where
/// cutting the shared group to the crawler's name and making the groups one each remove the
/// split ([`cause`](super::cause::cause)): never neutralised on its own.
pub const SHARED_SPLIT: &str = "shared-split-group";

/// The construct of a rule holding `*` and ending in `$` where only both together split
/// ([`cause`](super::cause::cause)): never neutralised on its own.
pub const ANCHORED_WILDCARD: &str = "anchored-wildcard";

/// The name of the probe `file_ignored_probe` is asked under: evidence, never a construct.
pub const FILE_IGNORED: &str = "file-ignored";

/// A crawler no generated file names, which [`file_ignored_probe`] asks about.
pub(super) const PROBE_CRAWLER: &str = "XqzvwProbeBot";

/// The input with a group `User-agent: XqzvwProbeBot` / `Disallow: /xqzvw-page` put first
/// (last, after a byte order mark, or before a rule outside any group, which the group would
/// take in; with the file's own line end, LF for a file of CR line ends), asked about that crawler and the URL `/xqzvw-page` on the input's host: its group
/// is the only one naming it, so every reading disallows, and an implementation that allows
/// has not read the file at all. The rule is longer than any `Allow` the file's first lines
/// could add to the group where a library reads them as rules and the reference does not (a
/// colonless `Allow /` after a `useragent` line the library ignores). `None` for an empty
/// file.
pub(super) fn file_ignored_probe(input: &Input) -> Option<Input> {
    file_ignored_probe_ending(input, false)
}

/// [`file_ignored_probe`] with LF line ends, for a file whose own are CRLF: a library that
/// keeps a CRLF's CR in each value (a group for `XqzvwProbeBot\r`) reads this one, and one
/// that ends lines at CRLF only reads the other. `None` for a file of other line ends.
pub(super) fn file_ignored_probe_lf(input: &Input) -> Option<Input> {
    (own_line_end(&input.body()) == b"\r\n")
        .then(|| file_ignored_probe_ending(input, true))
        .flatten()
}

/// The line end of `body`'s first line that has one, but never a bare CR (LF instead, as for
/// a file of one line): a library that does not end lines at CR would read a probe group
/// as one line with the file, and seem to ignore the file when it only misreads its line
/// ends (the `cr-line-end` construct's own question).
pub(super) fn own_line_end(body: &[u8]) -> &'static [u8] {
    match split_lines(body)
        .iter()
        .map(|l| l.end.as_slice())
        .find(|e| !e.is_empty())
    {
        Some(b"\r\n") => b"\r\n",
        _ => b"\n",
    }
}

/// [`file_ignored_probe`], its group's lines ended by LF (`lf`) or by the file's own line
/// end ([`own_line_end`]).
pub(super) fn file_ignored_probe_ending(input: &Input, lf: bool) -> Option<Input> {
    let body = input.body();
    if body.is_empty() {
        return None;
    }
    let end: &[u8] = if lf { b"\n" } else { own_line_end(&body) };
    let group = [
        format!("User-agent: {PROBE_CRAWLER}").as_bytes(),
        end,
        b"Disallow: /xqzvw-page",
        end,
    ]
    .concat();
    // After a byte order mark, the group's first line would be the line the mark spoils;
    // before a rule outside any group, the group would take the rule in: the group goes last
    // instead (after a blank line, the last line given its line end).
    let orphan = line_readings(&body).is_some_and(|readings| {
        readings
            .iter()
            .any(|(_, diagnostics)| has(diagnostics, "rule-outside-group"))
    });
    let probed = if body.starts_with(b"\xEF\xBB\xBF") || orphan {
        let close: &[u8] = if body.ends_with(b"\n") { b"" } else { end };
        [&body[..], close, end, &group].concat()
    } else {
        [&group[..], end, &body[..]].concat()
    };
    // A plain URL on the input's host: a library failing on the input's URL (an escape it
    // cannot decode) fails on the question, not the file.
    let url = input.urls.first()?;
    Some(Input {
        agent: PROBE_CRAWLER.to_owned(),
        urls: vec![format!("{}/xqzvw-page", &url[..path_at(url)])],
        ..with_body(input, &probed)
    })
}

/// Whether `name` ignores the whole file of `family` (as the family's ablation, or its
/// cleaned view's, shows): it allows where the reference allows nothing, the file given
/// first a group of its own for a crawler of its own that disallows everything
/// (`file_ignored_probe`), which both profiles obey; for a file of CRLF line ends, that
/// group with the file's line ends and with LF ones alike.
pub fn file_ignored(family: &Family, name: &str) -> bool {
    let shows = |probe: fn(&Input) -> Option<Input>| {
        probe_shows(
            family,
            name,
            (FILE_IGNORED, probe),
            Answer::Allow,
            Answer::Disallow,
        )
    };
    // A file of CRLF line ends is probed both ways: ignored only where both are.
    let lf_asked = family
        .input
        .as_ref()
        .is_some_and(|i| file_ignored_probe_lf(&i.input()).is_some());
    shows(file_ignored_probe) && (!lf_asked || shows(file_ignored_probe_lf))
}

/// Whether `name` answered `said` on `family` and on its `probe` (asked under that name),
/// where the reference answered `reference` to the probe under `rfc9309` and `google` alike.
pub(super) fn probe_shows(
    family: &Family,
    name: &str,
    (construct, probe): (&str, fn(&Input) -> Option<Input>),
    said: Answer,
    reference: Answer,
) -> bool {
    let Some(asked) = family
        .input
        .as_ref()
        .and_then(|i| probe(&i.input()))
        .map(|p| FamilyInput::of(&p))
    else {
        return false;
    };
    family.split.get(name) == Some(&said)
        && family
            .ablation
            .iter()
            .find(|a| a.construct == construct && a.input == asked)
            .is_some_and(|a| {
                a.answers.get(name) == Some(&said)
                    && [Profile::Rfc9309, Profile::Google]
                        .into_iter()
                        .all(|p| a.answers.get(&reference_name(p)) == Some(&reference))
            })
}

/// The name of the probe `slash_decoded_probe` is asked under: evidence, never a construct.
pub const SLASH_DECODED: &str = "slash-decoded";

/// `text` with each escaped `/` (`%2F`, `%2f`) written `/`.
pub(super) fn slash_decoded_text(text: &[u8]) -> Vec<u8> {
    rewrite_escapes(text, &|hex| {
        hex.eq_ignore_ascii_case(b"2F").then(|| b"/".to_vec())
    })
}

/// For an input one of whose rules holds an escaped `/` that, written `/`, makes a `//`
/// (`/%2F`): the same input with each `%2F` written `/` in the rules and in the URL's path
/// alike. Every reading compares the two as it compared the escapes (a rule and a URL that
/// say the same on both sides still do). A library that keeps its answer there reads the
/// escape as `/`, and answers apart on the `//` it makes, not on the escape.
pub(super) fn slash_decoded_probe(input: &Input) -> Option<Input> {
    let body = input.body();
    let readings = line_readings(&body)?;
    let doubled = |value: &[u8]| {
        let decoded = slash_decoded_text(value);
        decoded != value && decoded.windows(2).any(|w| w == b"//")
    };
    rule_values_where(input, doubled).then_some(())?;
    on_both_sides(input, &body, &readings, &slash_decoded_text)
}

/// Whether some rule value of `input` (see [`rule_value`]) holds for `holds`.
/// Whether a rule value ends in the `$` anchor and holds an escaped `$` (`%24`) before it.
pub(super) fn inner_escaped_dollar(value: &[u8]) -> bool {
    value
        .strip_suffix(b"$")
        .is_some_and(|head| head.windows(3).any(|w| w.eq_ignore_ascii_case(b"%24")))
}

pub(super) fn rule_values_where(input: &Input, holds: impl Fn(&[u8]) -> bool) -> bool {
    !rule_lines_where(input, |line| holds(rule_value(line))).is_empty()
}

/// Whether `name`, on `family`, keeps its answer where each escaped `/` is written `/` on
/// both sides (`slash_decoded_probe`) and both profiles keep theirs: it reads the escape as
/// `/`, and it is the `//` that makes that it answers apart on.
pub fn slash_decoded(family: &Family, name: &str) -> bool {
    let Some(said) = family.split.get(name).copied() else {
        return false;
    };
    let other = match said {
        Answer::Allow => Answer::Disallow,
        Answer::Disallow => Answer::Allow,
        _ => return false,
    };
    probe_shows(
        family,
        name,
        (SLASH_DECODED, slash_decoded_probe),
        said,
        other,
    )
}

/// The name of the variant `hex_rule_only` is asked under: evidence, never a construct.
pub const HEX_RULE_ONLY: &str = "hex-case-rule";

/// For an input whose URL and rules both hold lower-case hex digits in their escapes: the
/// rules' hex digits upper-cased, the URL's kept. Google's parser upper-cases a rule's and
/// compares the URL's as sent; a library comparing escapes as written, hex case included,
/// then answers as Google's parser does, one decoding both sides does not. `None` for any
/// other input.
pub(super) fn hex_rule_only(input: &Input) -> Option<Input> {
    if !url_hex_lowered(input) {
        return None;
    }
    let body = input.body();
    let readings = line_readings(&body)?;
    let rules = rewrite_rules(&body, &readings, &upper_hex)?;
    Some(with_body(input, &rules))
}

/// The name of the variant `hex_url_only` is asked under: evidence, never a construct.
pub const HEX_URL_ONLY: &str = "hex-case-url";

/// For an input whose URL and rules both hold lower-case hex digits in their escapes: the
/// URL's hex digits upper-cased, the rules' kept. Both profiles read a rule's hex digits
/// upper-cased; a library comparing escapes as written, hex case included, then misses the
/// rule. `None` for any other input.
pub(super) fn hex_url_only(input: &Input) -> Option<Input> {
    hex_rule_only(input)?;
    let url = input.urls.first()?;
    let at = path_at(url);
    let upper = upper_hex(&url.as_bytes()[at..]);
    Some(Input {
        urls: vec![format!("{}{}", &url[..at], String::from_utf8_lossy(&upper))],
        ..input.clone()
    })
}

/// For a split of `name` against `google` alone on `family`, whose URL and rules hold
/// lower-case hex digits: where upper-casing only the rules' brings `name` to `google`'s
/// answer (`hex_rule_only`), the rules' lower-case hex is what it reads apart from Google's
/// parser (it compares escapes as written, where Google's parser upper-cases a rule's):
/// the phrase, and the rule lines holding such digits. `None` otherwise (the URL's case is
/// then what the split rests on, as a library decoding both sides shows).
pub fn rule_hex_side(family: &Family, name: &str, shown: &Input) -> Option<(String, String)> {
    let input = family.input.as_ref()?.input();
    let asked = FamilyInput::of(&hex_rule_only(&input)?);
    let google = reference_name(Profile::Google);
    let said = family.split.get(name)?;
    if family.split.get(&google) == Some(said)
        || family.split.get(&reference_name(Profile::Rfc9309)) != Some(said)
    {
        return None;
    }
    let variant = family
        .ablation
        .iter()
        .find(|a| a.construct == HEX_RULE_ONLY && a.input == asked)?;
    let answered = variant.answers.get(name)?;
    (answered.allowed().is_some() && variant.answers.get(&google) == Some(answered))
        .then_some(())?;
    let lowered = |line: &[u8]| {
        let value = rule_value(line);
        upper_hex(value) != value
    };
    let held = rule_lines_where(shown, lowered);
    // The URL's digits upper-cased alone, where both profiles agree and the library answers
    // otherwise: its case-sensitive comparison, shown against both.
    let against_both = hex_url_only(&input).and_then(|url_only| {
        let asked = FamilyInput::of(&url_only);
        let found = family
            .ablation
            .iter()
            .find(|a| a.construct == HEX_URL_ONLY && a.input == asked)?;
        let theirs = found.answers.get(&google)?;
        let mine = found.answers.get(name)?;
        let url = crate::text::inline_code(url_only.urls.first()?.as_bytes(), 80);
        (mine.allowed().is_some()
            && theirs != mine
            && found.answers.get(&reference_name(Profile::Rfc9309)) == Some(theirs))
        .then(|| {
            format!(
                ": with the URL's digits upper-cased ({url}) it answers {} where both profiles \
                 answer {}",
                mine.name(),
                theirs.name()
            )
        })
    });
    (!held.is_empty()).then(|| {
        (
            format!(
                "lower-case hex digits in a rule's percent-encoding (`%c3` for `%C3`), which \
                 Google's parser upper-cases and the library reads apart from their upper-case \
                 form{}",
                against_both.unwrap_or_default()
            ),
            named_lines(&held.iter().map(Vec::as_slice).collect::<Vec<_>>()),
        )
    })
}

/// The name of the probe `blank_ends_group_probe` is asked under: evidence, never a
/// construct.
pub const BLANK_ENDS_GROUP: &str = "blank-ends-group";

/// For an input holding a group right after another's rules (`adjacent-groups`): the
/// crawler's group with a blank line between its `user-agent` line and its one rule,
/// `Disallow: /xqzvw-page`, asked about `/xqzvw-page` on the input's host. Both profiles
/// disallow (a blank line is no part of a group's grammar); a library that allows ends a
/// group at a blank line, so putting one in before the next group's `user-agent` line is
/// no neutral change for it. `None` for a crawler without a product token.
pub(super) fn blank_ends_group_probe(input: &Input) -> Option<Input> {
    crawler_group_probe(input, &["", "Disallow: /xqzvw-page"])
}

/// A group of the input's crawler (its product token) with `lines` after its `user-agent`
/// line, asked about `/xqzvw-page` on the input's host. `None` for a crawler without a
/// product token.
pub(super) fn crawler_group_probe(input: &Input, lines: &[&str]) -> Option<Input> {
    let name = input.agent.split('/').next().unwrap_or_default();
    if !reptest_peers::product_token(name) {
        return None;
    }
    let url = input.urls.first()?;
    let origin = &url[..path_at(url)];
    let mut body = vec![format!("User-agent: {name}\n").into_bytes()];
    body.extend(lines.iter().map(|line| format!("{line}\n").into_bytes()));
    Some(Input {
        lines: body,
        agent: input.agent.clone(),
        urls: vec![format!("{origin}/xqzvw-page")],
    })
}

/// Whether `name` ends a group at a blank line (`blank_ends_group_probe`): it allows where
/// both profiles disallow.
pub(super) fn blank_ends_group(family: &Family, name: &str) -> bool {
    let Some(asked) = family
        .input
        .as_ref()
        .and_then(|i| blank_ends_group_probe(&i.input()))
        .map(|p| FamilyInput::of(&p))
    else {
        return false;
    };
    family
        .ablation
        .iter()
        .find(|a| a.construct == BLANK_ENDS_GROUP && a.input == asked)
        .is_some_and(|a| {
            a.answers.get(name) == Some(&Answer::Allow)
                && [Profile::Rfc9309, Profile::Google]
                    .into_iter()
                    .all(|p| a.answers.get(&reference_name(p)) == Some(&Answer::Disallow))
        })
}

/// The name of the probe `allow_ignored_probe` is asked under: evidence, never a construct.
pub const ALLOW_IGNORED: &str = "allow-ignored";

/// For an input holding an `Allow` line: the plainest `Allow` question, on the input's
/// host and crawler, a longer `Allow: /xqzvw-page` that the URL `/xqzvw-page` matches
/// before `Disallow: /` (both profiles allow, and so does a library obeying the first match).
/// An implementation that disallows does not obey `Allow` lines at all. `None` for an input
/// without an `Allow` line, or a crawler without a product token.
pub(super) fn allow_ignored_probe(input: &Input) -> Option<Input> {
    let body = input.body();
    let readings = line_readings(&body)?;
    if !readings
        .iter()
        .any(|(kinds, _)| kinds.contains(&RecordKind::Allow))
    {
        return None;
    }
    crawler_group_probe(input, &["Allow: /xqzvw-page", "Disallow: /"])
}

/// Whether `name` disallows where the reference allows on `family` and does not obey
/// `Allow` lines at all (`allow_ignored_probe`).
pub fn allow_ignored(family: &Family, name: &str) -> bool {
    probe_shows(
        family,
        name,
        (ALLOW_IGNORED, allow_ignored_probe),
        Answer::Disallow,
        Answer::Allow,
    )
}

/// A probe of how an implementation reads a rule, with its control: each a group of the
/// crawler's with the probe's rule lines (`rules`), asked about `path` on the input's host.
/// Both profiles answer the probe and the control alike; an implementation that answers the
/// probe otherwise and the control as they do reads the rule as the probe's construct says
/// (the control shows it reads the rule at all, and not as something that decides every
/// question).
#[derive(Debug)]
pub struct RuleProbe {
    /// The construct a library shown to read so is filed under.
    pub construct: &'static str,
    /// The names the probe and its control are asked under: evidence, never a construct.
    pub names: [&'static str; 2],
    /// The rule lines and the path asked about, for the probe.
    pub(super) probe: (&'static str, &'static str),
    /// The same, for the control.
    pub(super) control: (&'static str, &'static str),
    /// What both profiles answer to the probe and to its control.
    pub(super) reference: Answer,
    /// What a library reading rules so answers the probe. Where it is an error, the probe
    /// explains only a split in which the library fails too.
    pub(super) shown: Answer,
    /// The rule lines (without their line ends) that make the input one to ask the probe
    /// for: the instance of its construct.
    pub(super) held: fn(&Input) -> Vec<Vec<u8>>,
    /// Whether the input's rules give the behaviour a say.
    pub(super) decides: fn(&Input) -> bool,
    /// The constructs the ablation may name for a library that reads rules so (alone, or
    /// together as [`COMBINED`]): where the probe shows the behaviour, it is the root cause.
    pub explains: &'static [&'static str],
}

/// The rule probes:
/// - a final `$` left out of a rule's length: `Allow: /a` before `Disallow: /a$` is a tie
///   the `Allow` wins (its control `Disallow: /a*` the longer match for every reading);
/// - a percent-encoding counted as the one character it encodes: `Disallow: /a-%3E` after
///   `Allow: /a-*` (its control `Disallow: /a-abc`);
/// - a rule looked for anywhere in the URL, rather than at the start of its path:
///   `Disallow: xqzvw-page` asked about `/abc/xqzvw-page`, which no reading matches (read as
///   written, or given its leading `/`); its control, `/abc/xqzvw-other`, holds the rule's
///   text nowhere. A library that reads a rule without its leading `/` as one with it
///   allows both; one that looks for it anywhere disallows the probe. That is
///   `rule-elsewhere`, not the slash the rule lacks;
/// - whitespace at a rule line's end counted in the rule's length, though not compared:
///   `Disallow: /xqzvw-pag` and two tabs after `Allow: /xqzvw-page`, asked about
///   `/xqzvw-page`, is the shorter match for every reading (and matches nothing for one that
///   keeps the tabs in the path); its control has no tabs. A library that disallows the
///   probe and allows its control strips the whitespace from the path and counts it in the
///   length;
/// - two different rules of equal length that both match, one holding `*`: `Allow:
///   /xqzvw-pa*` beside `Disallow: /xqzvw-pag`, asked about `/xqzvw-page`, is a tie the
///   `Allow` wins (its control `Allow: /xqzvw-pag*` the longer match). A library that fails on
///   the probe and allows its control cannot compare two such rules; asked only for a split
///   the library fails on;
/// - a URL's percent-encoded `?` decoded before its path is compared, and the empty query it
///   then starts dropped: `Disallow: /xqzvw-page%3F` asked about `/xqzvw-page%3F`, which
///   every reading matches (its control `Disallow: /xqzvw-page%3E`, an escape that starts
///   nothing). A library that allows the probe and disallows its control cuts the URL's path
///   at the escape while it keeps the rule's; one cutting the rule (as a URL parser reads it)
///   still matches. Asked where a rule ends in an escaped `?`, `#` or `;` that the URL holds.
pub const RULE_PROBES: [RuleProbe; 6] = [
    RuleProbe {
        construct: "anchor-length",
        names: ["anchor-uncounted", "anchor-uncounted-control"],
        probe: ("Allow: /xqzvw-page\nDisallow: /xqzvw-page$", "/xqzvw-page"),
        control: ("Allow: /xqzvw-page\nDisallow: /xqzvw-page*", "/xqzvw-page"),
        reference: Answer::Disallow,
        shown: Answer::Allow,
        held: |input| rule_lines_where(input, |line| rule_value(line).ends_with(b"$")),
        decides: anchor_decides,
        explains: &LENGTH_LIKE,
    },
    RuleProbe {
        construct: "escape-length",
        names: ["escape-decoded", "escape-decoded-control"],
        probe: ("Allow: /xqzvw-*\nDisallow: /xqzvw-%3E", "/xqzvw-%3E"),
        control: ("Allow: /xqzvw-*\nDisallow: /xqzvw-abc", "/xqzvw-abc"),
        reference: Answer::Disallow,
        shown: Answer::Allow,
        held: |input| {
            rule_lines_where(input, |line| {
                rule_value(line).windows(3).any(|w| {
                    w[0] == b'%'
                        && hex_octet(&w[1..]).is_some_and(|o| {
                            !(o.is_ascii_alphanumeric() || UNRESERVED.contains(&o))
                        })
                })
            })
        },
        decides: |input| rule_kinds(input) == (true, true),
        explains: &LENGTH_LIKE,
    },
    RuleProbe {
        construct: "rule-elsewhere",
        names: ["slashless-anywhere", "slashless-anywhere-control"],
        probe: ("Disallow: xqzvw-page", "/abc/xqzvw-page"),
        control: ("Disallow: xqzvw-page", "/abc/xqzvw-other"),
        reference: Answer::Allow,
        shown: Answer::Disallow,
        held: |input| {
            rule_lines_where(input, |line| {
                let value = rule_value(line);
                !value.is_empty() && !value.starts_with(b"/") && !value.starts_with(b"*")
            })
        },
        decides: |_| true,
        explains: &["no-leading-slash", "rule-in-host"],
    },
    RuleProbe {
        construct: "space-length",
        names: ["space-counted", "space-counted-control"],
        probe: (
            "Allow: /xqzvw-page\nDisallow: /xqzvw-pag\t\t",
            "/xqzvw-page",
        ),
        control: ("Allow: /xqzvw-page\nDisallow: /xqzvw-pag", "/xqzvw-page"),
        reference: Answer::Allow,
        shown: Answer::Disallow,
        held: |input| rule_lines_where(input, |line| line.last().is_some_and(|b| is_space(*b))),
        decides: |_| true,
        explains: &["trailing-space"],
    },
    RuleProbe {
        construct: "equal-length-error",
        names: ["equal-length", "equal-length-control"],
        probe: ("Allow: /xqzvw-pa*\nDisallow: /xqzvw-pag", "/xqzvw-page"),
        control: ("Allow: /xqzvw-pag*\nDisallow: /xqzvw-pag", "/xqzvw-page"),
        reference: Answer::Allow,
        shown: Answer::Error,
        held: equal_length_lines,
        decides: |_| true,
        explains: &EQUAL_LENGTH_LIKE,
    },
    RuleProbe {
        construct: "url-query-escape",
        names: ["url-query-cut", "url-query-cut-control"],
        probe: ("Disallow: /xqzvw-page%3F", "/xqzvw-page%3F"),
        control: ("Disallow: /xqzvw-page%3E", "/xqzvw-page%3E"),
        reference: Answer::Disallow,
        shown: Answer::Allow,
        held: query_escape_lines,
        decides: |_| true,
        explains: &["reserved-escape"],
    },
];

/// The rule lines of `input` ending in an escaped `?`, `#` or `;` (`/a%3F`) that its URL
/// holds too, hex case aside: where a library decoding the URL before splitting it cuts the
/// URL's path there and not the rule.
pub(super) fn query_escape_lines(input: &Input) -> Vec<Vec<u8>> {
    let Some(url) = input.urls.first() else {
        return Vec::new();
    };
    let path = url[path_at(url)..].to_ascii_uppercase();
    rule_lines_where(input, |line| {
        let value = rule_value(line);
        value.len() >= 3 && {
            let end = value[value.len() - 3..].to_ascii_uppercase();
            [&b"%3F"[..], b"%23", b"%3B"].contains(&end.as_slice())
                && path.contains(std::str::from_utf8(&end).unwrap_or("%"))
        }
    })
}

/// The constructs the ablation may name for a library that fails on two different rules of
/// equal length that both match: those that make a rule match, or not, or decide alone
/// (`%2A` read as `*`, `%41` as `A`, a rule outside any group read as everyone's, a `*`
/// written out, a `/` given to a rule starting with `*`).
pub(super) const EQUAL_LENGTH_LIKE: [&str; 15] = [
    "wildcard",
    "no-leading-slash",
    "end-anchor",
    "escaped-special",
    "unreserved-escape",
    "reserved-escape",
    "percent",
    "url-percent",
    "bare-percent",
    "rule-outside-group",
    "tie",
    "tie-order",
    "equal-match",
    "rule-order",
    "unmatched-allow",
];

/// The rule lines of `input` in a pair of different values of equal length, one holding a
/// `*` or an escaped one (`%2A`): where both match, a library comparing the rules
/// themselves once their lengths are equal cannot choose.
pub(super) fn equal_length_lines(input: &Input) -> Vec<Vec<u8>> {
    let lines = rule_lines_where(input, |_| true);
    let starred = |value: &[u8]| {
        value.contains(&b'*') || value.windows(3).any(|w| w.eq_ignore_ascii_case(b"%2A"))
    };
    lines
        .iter()
        .filter(|line| {
            let value = rule_value(line);
            lines.iter().any(|other| {
                let theirs = rule_value(other);
                theirs != value
                    && theirs.len() == value.len()
                    && (starred(value) || starred(theirs))
            })
        })
        .cloned()
        .collect()
}

/// The constructs the ablation may name for a library that counts a rule's length short:
/// those about the rules' patterns, escapes and lengths.
pub(super) const LENGTH_LIKE: [&str; 9] = [
    "wildcard",
    "end-anchor",
    "tie",
    "tie-order",
    "equal-match",
    "rule-order",
    "reserved-escape",
    "hex-case",
    "escape-split",
];

impl RuleProbe {
    /// The probe (`control` false) or its control for `input`; `None` for an input without a
    /// rule the probe is held by, or a crawler without a product token.
    pub(super) fn asked(&self, input: &Input, control: bool) -> Option<Input> {
        let name = input.agent.split('/').next().unwrap_or_default();
        if !reptest_peers::product_token(name) {
            return None;
        }
        (!self.held(input).is_empty()).then_some(())?;
        let url = input.urls.first()?;
        let origin = &url[..path_at(url)];
        let (rules, path) = if control { self.control } else { self.probe };
        let mut lines = vec![format!("User-agent: {name}\n").into_bytes()];
        lines.extend(rules.lines().map(|rule| format!("{rule}\n").into_bytes()));
        Some(Input {
            lines,
            agent: input.agent.clone(),
            urls: vec![format!("{origin}{path}")],
        })
    }

    /// The rule lines of `input` that make it one to ask the probe for ("the line `…`").
    pub fn instance(&self, input: &Input) -> Option<String> {
        let held = self.held(input);
        let held: Vec<&[u8]> = held.iter().map(Vec::as_slice).collect();
        (!held.is_empty()).then(|| named_lines(&held))
    }

    /// The lines of `input` some reading takes for rules, without their line ends, that make
    /// it one to ask the probe for.
    pub(super) fn held(&self, input: &Input) -> Vec<Vec<u8>> {
        (self.held)(input)
    }

    /// Whether `name` answers the probe otherwise than both profiles on `family`, and its
    /// control as they do.
    pub fn shows(&self, family: &Family, name: &str) -> bool {
        let Some(input) = family.input.as_ref().map(FamilyInput::input) else {
            return false;
        };
        let said = |control: bool| {
            let asked = FamilyInput::of(&self.asked(&input, control)?);
            let found = family
                .ablation
                .iter()
                .find(|a| a.construct == self.names[usize::from(control)] && a.input == asked)?;
            [Profile::Rfc9309, Profile::Google]
                .into_iter()
                .all(|p| found.answers.get(&reference_name(p)) == Some(&self.reference))
                .then(|| found.answers.get(name).copied())?
        };
        // A failure on the probe explains only a split the library fails on too.
        if self.shown == Answer::Error && family.split.get(name) != Some(&Answer::Error) {
            return false;
        }
        said(false) == Some(self.shown) && said(true) == Some(self.reference)
    }
}

/// The instance of a construct derived from evidence rather than neutralised, as `input`
/// holds it: for a rule probe's construct ([`RULE_PROBES`]), the rule lines the probe is
/// asked for; for [`ANCHORED_WILDCARD`], the rules holding `*` and ending in `$`; for
/// `inner-dollar`, the rules ending in `$` with an escaped `$` before it; for
/// `double-slash`, the rules holding `//`, written out or as `/%2F`. `None` for any other
/// construct, or an input holding none.
pub fn derived_instance(input: &Input, construct: &str) -> Option<String> {
    if let Some(probe) = RULE_PROBES.iter().find(|p| p.construct == construct) {
        return probe.instance(input);
    }
    // A `//` an escaped `/` makes (`/%2F`), where the rules hold none written out.
    let slashes = |line: &[u8]| {
        slash_decoded_text(rule_value(line))
            .windows(2)
            .any(|w| w == b"//")
    };
    let anchored = |line: &[u8]| {
        let value = rule_value(line);
        value.ends_with(b"$") && value.contains(&b'*')
    };
    let escaped_dollar = |line: &[u8]| inner_escaped_dollar(rule_value(line));
    let holds: &dyn Fn(&[u8]) -> bool = match construct {
        ANCHORED_WILDCARD => &anchored,
        "inner-dollar" => &escaped_dollar,
        "double-slash" => &slashes,
        _ => return None,
    };
    Some(rule_lines_where(input, holds))
        .filter(|held| !held.is_empty())
        .map(|held| named_lines(&held.iter().map(Vec::as_slice).collect::<Vec<_>>()))
}

/// The lines of `input` some reading takes for rules, without their line ends, for which
/// `holds` holds.
pub(super) fn rule_lines_where(input: &Input, holds: impl Fn(&[u8]) -> bool) -> Vec<Vec<u8>> {
    let body = input.body();
    let Some(readings) = line_readings(&body) else {
        return Vec::new();
    };
    split_lines(&body)
        .into_iter()
        .zip(&readings)
        .filter(|(line, (kinds, _))| is_rule(kinds) && holds(&line.content))
        .map(|(line, _)| line.content)
        .collect()
}

/// A rule line's value (see [`any_value_span`]; empty where it has none).
pub(super) fn rule_value(line: &[u8]) -> &[u8] {
    any_value_span(line).map_or(&[], |(s, e)| &line[s..e])
}

/// The construct a rule probe ([`RULE_PROBES`]) shows `name` reads `family`'s rules by,
/// where the ablation named `construct` (with `with`, for [`COMBINED`]) and the input gives
/// that reading a say: a library leaving a rule's `$` out of its length where the `$`
/// decides the lengths (`anchor_decides`); one counting a percent-encoding as one character
/// where rules of both kinds are in the file; one looking for a rule anywhere in the URL.
pub fn probed_construct(
    family: &Family,
    name: &str,
    construct: &str,
    with: &[&str],
) -> Option<&'static str> {
    let input = family.input.as_ref()?.input();
    RULE_PROBES
        .iter()
        .filter(|probe| {
            probe.explains.contains(&construct)
                || construct == COMBINED
                    && !with.is_empty()
                    && with.iter().all(|c| probe.explains.contains(c))
        })
        .filter(|probe| (probe.decides)(&input))
        .find(|probe| probe.shows(family, name))
        .map(|probe| probe.construct)
}

/// Whether the input holds a line some reading takes for an `Allow`, and one for a `Disallow`.
pub(super) fn rule_kinds(input: &Input) -> (bool, bool) {
    line_readings(&input.body()).map_or((false, false), |readings| {
        (
            readings.iter().any(|(k, _)| k.contains(&RecordKind::Allow)),
            readings
                .iter()
                .any(|(k, _)| k.contains(&RecordKind::Disallow)),
        )
    })
}

/// Whether a rule of `input` ending in `$` matches its URL beside a rule of the other kind
/// that matches it too, with lengths such that the `$` decides: an `Allow` as long as the
/// `Disallow` (a tie only with the `$`), or a `Disallow` one octet longer than the `Allow`.
pub(super) fn anchor_decides(input: &Input) -> bool {
    let Some(url) = input.urls.first() else {
        return false;
    };
    let body = input.body();
    let Some(readings) = line_readings(&body) else {
        return false;
    };
    let path = decode_unreserved(&url.as_bytes()[path_at(url)..]);
    let rules: Vec<(bool, usize, bool)> = split_lines(&body)
        .iter()
        .zip(&readings)
        .filter(|(_, (kinds, _))| is_rule(kinds))
        .filter_map(|(line, (kinds, _))| {
            let value = pattern_rule(line)?;
            pattern_matches(value, &path, false).then(|| {
                (
                    kinds.contains(&RecordKind::Allow),
                    value.len(),
                    value.ends_with(b"$"),
                )
            })
        })
        .collect();
    rules.iter().any(|&(allow, len, anchored)| {
        anchored
            && rules.iter().any(|&(other, other_len, _)| {
                other != allow
                    && if allow {
                        len == other_len
                    } else {
                        len == other_len + 1
                    }
            })
    })
}

/// The label of a root cause no single construct explains.
pub const COMBINED: &str = "combined";
