use super::*;
use crate::fuzz::generate::Input;

#[test]
fn escapes_that_decode_to_no_utf8_character_are_found_and_replaced() {
    assert_eq!(non_utf8_escapes(b"/a%C3%A9b"), Vec::<usize>::new());
    assert_eq!(non_utf8_escapes(b"/%3E/~%C3"), vec![6]);
    assert_eq!(non_utf8_escapes(b"/caf%E9x"), vec![4]);
    assert_eq!(non_utf8_escapes(b"/%A9%26"), vec![1]);
    assert_eq!(
        non_utf8_escapes_replaced(b"/%3E/~%C3"),
        b"/%3E/~%7B".to_vec()
    );
    let cut = input(
        "user-agent: foobot\ndisallow: /%3E/~%C3\n",
        "foobot",
        "http://example.com/%3E/~%C3",
    );
    let (_, variant) = variants(&cut)
        .into_iter()
        .find(|(c, _)| *c == "non-utf8-escape")
        .expect("a variant");
    assert_eq!(variant.urls, ["http://example.com/%3E/~%7B"]);
    assert!(String::from_utf8_lossy(&variant.body()).contains("disallow: /%3E/~%7B"));
}

#[test]
fn a_non_standard_field_between_agents_is_named_by_its_name() {
    let delay = input(
        "user-agent: h\ncrawl-delay: 5\nuser-agent: x\ndisallow: /\n",
        "h",
        "http://example.com/",
    );
    assert_eq!(
        narrower_phrase(&delay, "non-standard-field"),
        Some("a `crawl-delay` line between two `user-agent` lines of one group")
    );
}

#[test]
fn a_bare_percent_is_completed_to_an_escape_of_the_url() {
    assert_eq!(complete_bare_percent(b"*%7", b"/%A9%7B"), b"*%7B");
    assert_eq!(complete_bare_percent(b"/a%", b"/a%c3"), b"/a%c3");
    assert_eq!(complete_bare_percent(b"/a%7x%41", b"/%41"), b"/a%7x%41");
}

#[test]
fn instance_names_the_lines_a_neutralisation_changes() {
    let misspelt = input(
        "user-agent agent:\ndisallow:/\n",
        "foobot",
        "http://a.test/x",
    );
    assert_eq!(
        instance(&misspelt, "misspelling").as_deref(),
        Some("the line `user-agent agent:`")
    );
    let cr = input("user-agent:*\rdisalow:/\r", "foobot", "http://a.test/x");
    assert_eq!(
        instance(&cr, "misspelling").as_deref(),
        Some("the line `disalow:/`")
    );
    assert_eq!(instance(&cr, "cr-line-end"), None);
    let hex = input(
        "user-agent:*\ndisallow:/%C3%A9\n",
        "foobot",
        "http://a.test/%c3%a9",
    );
    assert_eq!(
        instance(&hex, "hex-case").as_deref(),
        Some("the URL `http://a.test/%c3%a9`")
    );
    assert_eq!(instance(&hex, "bom"), None);
    let query = input(
        "user-agent:*\nallow:/a?\ndisallow:/\n",
        "foobot",
        "http://a.test/a?",
    );
    assert_eq!(
        instance(&query, "empty-query").as_deref(),
        Some("the URL `http://a.test/a?`")
    );
}

#[test]
fn lines_taken_out_are_each_tried_alone() {
    let body = b"disallow: /a\nallow: /b\nuser-agent: *\ndisallow: /\n";
    let alone = lines_alone(body, b"user-agent: *\ndisallow: /\n");
    let taken: Vec<(&[u8], &[u8])> = alone
        .iter()
        .map(|(line, one)| (line.as_slice(), one.as_slice()))
        .collect();
    assert_eq!(
        taken,
        vec![
            (
                &b"disallow: /a"[..],
                &b"allow: /b\nuser-agent: *\ndisallow: /\n"[..]
            ),
            (
                &b"allow: /b"[..],
                &b"disallow: /a\nuser-agent: *\ndisallow: /\n"[..]
            ),
        ]
    );
    // One line taken out, or a line changed besides: nothing to try alone.
    assert!(lines_alone(body, b"allow: /b\nuser-agent: *\ndisallow: /\n").is_empty());
    assert!(lines_alone(body, b"user-agent: x\ndisallow: /\n").is_empty());
}

#[test]
fn a_derived_construct_is_named_by_the_rules_it_is_about() {
    let example = input(
        "user-agent: a\ndisallow: m\nallow: /*b$\ndisallow: /c\t\n",
        "a",
        "http://example.com/m",
    );
    assert_eq!(
        derived_instance(&example, "rule-elsewhere").as_deref(),
        Some("the line `disallow: m`")
    );
    assert_eq!(
        derived_instance(&example, ANCHORED_WILDCARD).as_deref(),
        Some("the line `allow: /*b$`")
    );
    assert_eq!(
        derived_instance(&example, "space-length").as_deref(),
        Some("the line `disallow: /c\\t`")
    );
    assert_eq!(derived_instance(&example, "wildcard"), None);
    let escaped = input("user-agent: a\ndisallow: /%2f\n", "a", "http://a.test/%2F");
    assert_eq!(
        derived_instance(&escaped, "double-slash").as_deref(),
        Some("the line `disallow: /%2f`")
    );
}

#[test]
fn narrower_phrases_say_where_the_construct_sits() {
    let en_space = input(
        "user-agent: a\ndisallow: /\u{2002}\n",
        "a",
        "http://a.test/",
    );
    assert!(
        narrower_phrase(&en_space, "non-ascii").is_some_and(|p| p.contains("U+2002")),
        "{:?}",
        narrower_phrase(&en_space, "non-ascii")
    );
    let accented = input(
        "user-agent: a\ndisallow: /é\u{2002}\n",
        "a",
        "http://a.test/",
    );
    assert_eq!(narrower_phrase(&accented, "non-ascii"), None);
    let slash_name = input("user-agent: a\ndisallow: /\n/:\n", "a", "http://a.test/");
    assert!(
        narrower_phrase(&slash_name, "unknown-field").is_some_and(|p| p.contains("token")),
        "{:?}",
        narrower_phrase(&slash_name, "unknown-field")
    );
    let url_hex = input("user-agent: a\ndisallow: /%c3\n", "a", "http://a.test/%c3");
    assert!(
        narrower_phrase(&url_hex, "hex-case").is_some_and(|p| p.contains("URL's")),
        "{:?}",
        narrower_phrase(&url_hex, "hex-case")
    );
    assert_eq!(
        instance(&url_hex, "hex-case").as_deref(),
        Some("the URL `http://a.test/%c3`")
    );
    let rule_hex = input("user-agent: a\ndisallow: /%c3\n", "a", "http://a.test/%C3");
    assert_eq!(narrower_phrase(&rule_hex, "hex-case"), None);
    let between = input(
        "user-agent: a\nt: 1\n\nuser-agent: b\ndisallow: /\n",
        "a",
        "http://a.test/",
    );
    assert_eq!(
        narrower_phrase(&between, "unknown-field"),
        Some("an unknown field line between two `user-agent` lines of one group")
    );
    let after = input(
        "user-agent: a\ndisallow: /\nt: 1\nuser-agent: b\n",
        "a",
        "http://a.test/",
    );
    assert_eq!(narrower_phrase(&after, "unknown-field"), None);
    let tabs = input(
        "user-agent:a\ndisallow:/\t\t/\n",
        "a",
        "http://a.test/%09%09/",
    );
    assert_eq!(
        narrower_phrase(&tabs, "inner-space"),
        Some("a tab or other control character inside a rule's path")
    );
    let spaced = input("user-agent:a\ndisallow:/ \t/\n", "a", "http://a.test/");
    assert_eq!(narrower_phrase(&spaced, "inner-space"), None);
    let star_slash = input("user-agent:a\ndisallow:*/\n", "a", "http://a.test/");
    assert!(narrower_phrase(&star_slash, "wildcard").is_some_and(|p| p.contains("`*/`")));
    let colon_last = input("user-agent:a\ndisallow:", "a", "http://a.test/");
    assert!(narrower_phrase(&colon_last, "last-line-end").is_some_and(|p| p.contains("colon")));
    let value_last = input("user-agent:a\ndisallow: /", "a", "http://a.test/");
    assert_eq!(narrower_phrase(&value_last, "last-line-end"), None);
    let query = input("user-agent:a\ndisallow:/%3F\n", "a", "http://a.test/");
    assert!(narrower_phrase(&query, "reserved-escape").is_some_and(|p| p.contains("empty query")));
    let slash = input("user-agent:a\ndisallow:/a%2Fb\n", "a", "http://a.test/");
    assert_eq!(narrower_phrase(&slash, "reserved-escape"), None);
    let star = input("user-agent:a\ndisallow:/*.gif\n", "a", "http://a.test/");
    assert_eq!(narrower_phrase(&star, "wildcard"), None);
    let between = input(
        "user-agent:a\n\nuser-agent:foobot\ndisallow:/\n",
        "foobot",
        "http://a.test/",
    );
    assert_eq!(
        narrower_phrase(&between, "blank-line"),
        Some("a blank line between two `user-agent` lines of one group")
    );
    let before_rules = input(
        "user-agent:foobot\n\ndisallow:/\n",
        "foobot",
        "http://a.test/",
    );
    assert_eq!(
        narrower_phrase(&before_rules, "blank-line"),
        Some("a blank line between a group's `user-agent` lines and its rules")
    );
    let both = input(
        "user-agent:a\n\nuser-agent:foobot\n\ndisallow:/\n",
        "foobot",
        "http://a.test/",
    );
    assert_eq!(narrower_phrase(&both, "blank-line"), None);
    let agentless = input("disallow:/\nfoo: x\n", "foobot", "http://a.test/");
    assert_eq!(
        narrower_phrase(&agentless, "rule-outside-group"),
        Some("rules in a file with no `user-agent` line")
    );
    let before_agent = input("disallow:/\nuser-agent:*\n", "foobot", "http://a.test/");
    assert_eq!(narrower_phrase(&before_agent, "rule-outside-group"), None);
}

#[test]
fn a_groups_only_unmatched_allow_stays_as_a_disallow() {
    // Taking the only rule out would join `user-agent:` to FooBot's group: it is made a
    // `Disallow` of the same path instead.
    let only = input(
        "User-agent:\nAllow: /xqzvw\n\nUser-agent: foobot\nDisallow: /\n",
        "foobot",
        "http://a.test/",
    );
    let made = variants(&only)
        .into_iter()
        .find(|(c, _)| *c == "unmatched-allow")
        .map(|(_, v)| v.body());
    assert_eq!(
        made.as_deref(),
        Some(&b"User-agent:\nDisallow: /xqzvw\n\nUser-agent: foobot\nDisallow: /\n"[..])
    );
    let beside = input(
        "User-agent: foobot\nAllow: /xqzvw\nDisallow: /\n",
        "foobot",
        "http://a.test/",
    );
    assert!(
        variants(&beside)
            .iter()
            .any(|(c, _)| *c == "unmatched-allow")
    );
}

fn input(body: &str, agent: &str, url: &str) -> Input {
    Input {
        lines: body
            .split_inclusive('\n')
            .map(|l| l.as_bytes().to_vec())
            .collect(),
        agent: agent.into(),
        urls: vec![url.into()],
    }
}

/// The body and URL of `input`'s variant neutralising `construct`.
fn variant_of(input: &Input, construct: &str) -> Option<(String, String)> {
    variants(input)
        .into_iter()
        .find(|(c, _)| *c == construct)
        .map(|(_, i)| {
            (
                String::from_utf8_lossy(&i.body()).into_owned(),
                i.urls[0].clone(),
            )
        })
}

fn names(input: &Input) -> Vec<&'static str> {
    variants(input).into_iter().map(|(c, _)| c).collect()
}

#[test]
fn each_construct_has_its_neutral_variant() {
    let example = input(
        "User-agent:BarBot\nallow:\nuseragent:\ndisallow:/\n",
        "BarBot",
        "http://example.com/",
    );
    let found = variants(&example);
    let misspelling = found.iter().find(|(c, _)| *c == "misspelling");
    assert_eq!(
        misspelling.map(|(_, i)| String::from_utf8_lossy(&i.body()).into_owned()),
        Some("User-agent:BarBot\nallow:\nuser-agent:\ndisallow:/\n".to_owned())
    );
    // The empty rule is no group's only rule before another under every reading (only
    // `google` reads the misspelled line as starting a group).
    let empty = found.iter().find(|(c, _)| *c == "empty-value");
    assert_eq!(
        empty.map(|(_, i)| String::from_utf8_lossy(&i.body()).into_owned()),
        Some(
            "User-agent:BarBot\nallow: /xqzvw-matches-nothing\nuseragent:\ndisallow:/\n".to_owned()
        )
    );
    // The misspelled line is not also an unknown field to remove.
    assert!(!names(&example).contains(&"unknown-field"));
    assert!(profile_decisions(&example).contains("misspelling"));

    let spaced = input(
        "User-agent:*\r\nDISALLOW:/= a # x\r\ndisallow /%7e\n",
        "T",
        "http://example.com/=%20a",
    );
    let found = variants(&spaced);
    let by = |c: &str| {
        found
            .iter()
            .find(|(n, _)| *n == c)
            .map(|(_, i)| String::from_utf8_lossy(&i.body()).into_owned())
    };
    assert_eq!(
        by("crlf").as_deref(),
        Some("User-agent:*\nDISALLOW:/= a # x\ndisallow /%7e\n")
    );
    assert_eq!(
        by("inner-space").as_deref(),
        Some("User-agent:*\r\nDISALLOW:/=%20a # x\r\ndisallow /%7e\n")
    );
    assert_eq!(
        by("inline-comment").as_deref(),
        Some("User-agent:*\r\nDISALLOW:/= a\r\ndisallow /%7e\n")
    );
    assert_eq!(
        by("missing-colon").as_deref(),
        Some("User-agent:*\r\nDISALLOW:/= a # x\r\ndisallow: /%7e\n")
    );
    // An `Allow` deciding only by the tie-break: the tying `Disallow` taken away.
    let tie = input(
        "user-agent: *\ndisallow: /a\nallow: /b\ndisallow: /b\n",
        "FooBot",
        "http://example.com/b",
    );
    let found = variants(&tie);
    let tied = found.iter().find(|(c, _)| *c == "tie");
    assert_eq!(
        tied.map(|(_, i)| String::from_utf8_lossy(&i.body()).into_owned()),
        Some("user-agent: *\ndisallow: /a\nallow: /b\n".to_owned())
    );
    // No tie when the `Allow` is longer.
    assert!(
        !names(&input(
            "user-agent: *\nallow: /bb\ndisallow: /b\n",
            "FooBot",
            "http://example.com/bb"
        ))
        .contains(&"tie")
    );
    // Several `user-agent` lines of one group: the crawler's own kept.
    let shared = input(
        "user-agent: a\nuser-agent: foobot\nuser-agent: *\ndisallow: /\n",
        "FooBot",
        "http://example.com/",
    );
    let found = variants(&shared);
    let one = found.iter().find(|(c, _)| *c == "shared-group");
    assert_eq!(
        one.map(|(_, i)| String::from_utf8_lossy(&i.body()).into_owned()),
        Some("user-agent: foobot\ndisallow: /\n".to_owned())
    );
    // Reserved characters' escapes replaced on both sides alike.
    let reserved = input(
        "user-agent: *\ndisallow: /a%2fb\n",
        "FooBot",
        "http://example.com/a%2Fb?x=%3F",
    );
    let found = variants(&reserved);
    let replaced = found.iter().find(|(c, _)| *c == "reserved-escape");
    assert_eq!(
        replaced.map(|(_, i)| (
            String::from_utf8_lossy(&i.body()).into_owned(),
            i.urls.clone()
        )),
        Some((
            "user-agent: *\ndisallow: /a%3Cb\n".to_owned(),
            vec!["http://example.com/a%3Cb?x=%3E".to_owned()]
        ))
    );
    // Hex digits' case, a `//`, an empty query, a bare `%` and a BOM inside the file.
    let mixed = input(
        "user-agent: *\ndisallow: //a%c3?\nallow: /b%\n\u{feff}# c\n",
        "FooBot",
        "http://example.com//a%c3?",
    );
    let by = |c: &str| variant_of(&mixed, c);
    assert_eq!(
        by("hex-case"),
        Some((
            "user-agent: *\ndisallow: //a%C3?\nallow: /b%\n\u{feff}# c\n".to_owned(),
            "http://example.com//a%C3?".to_owned()
        ))
    );
    assert_eq!(
        by("double-slash"),
        Some((
            "user-agent: *\ndisallow: /xqzvw/a%c3?\nallow: /b%\n\u{feff}# c\n".to_owned(),
            "http://example.com/xqzvw/a%c3?".to_owned()
        ))
    );
    assert_eq!(
        by("empty-query"),
        Some((
            "user-agent: *\ndisallow: //a%c3\nallow: /b%\n\u{feff}# c\n".to_owned(),
            "http://example.com//a%c3".to_owned()
        ))
    );
    assert_eq!(
        by("bare-percent").map(|(b, _)| b),
        Some("user-agent: *\ndisallow: //a%c3?\nallow: /b%25\n\u{feff}# c\n".to_owned())
    );
    assert_eq!(
        by("inner-bom").map(|(b, _)| b),
        Some("user-agent: *\ndisallow: //a%c3?\nallow: /b%\n# c\n".to_owned())
    );
    // Whitespace before a colon, a one-word line, rules shorter first, a control
    // character's escape in the URL.
    let odd = input(
        "user-agent: *\nw\nDisallow :/a\nallow: /a%09b\n",
        "FooBot",
        "http://example.com/a%09b",
    );
    let by = |c: &str| variant_of(&odd, c);
    assert_eq!(
        by("space-before-colon").map(|(b, _)| b),
        Some("user-agent: *\nw\nDisallow:/a\nallow: /a%09b\n".to_owned())
    );
    assert_eq!(
        by("one-token-line").map(|(b, _)| b),
        Some("user-agent: *\nDisallow :/a\nallow: /a%09b\n".to_owned())
    );
    assert_eq!(
        by("rule-order").map(|(b, _)| b),
        Some("user-agent: *\nw\nallow: /a%09b\nDisallow :/a\n".to_owned())
    );
    assert_eq!(
        by("url-control-escape"),
        Some((
            "user-agent: *\nw\nDisallow :/a\nallow: /a%7Bb\n".to_owned(),
            "http://example.com/a%7Bb".to_owned()
        ))
    );
    // A commented-out rule, a `*` group beside the crawler's, an escaped unreserved
    // character alone.
    let starred = input(
        "user-agent: *\nuser-agent: x\ndisallow: /a\n# disallow: /\nuser-agent: foobot\nallow: /%7Ea\nuser-agent: *\ndisallow: /\n",
        "FooBot",
        "http://example.com/%7Ea",
    );
    let by = |c: &str| variant_of(&starred, c);
    assert_eq!(
        by("star-group").map(|(b, _)| b),
        Some(
            "user-agent: x\ndisallow: /a\n# disallow: /\nuser-agent: foobot\nallow: /%7Ea\n"
                .to_owned()
        )
    );
    assert_eq!(
            by("commented-rule").map(|(b, _)| b),
            Some(
                "user-agent: *\nuser-agent: x\ndisallow: /a\nuser-agent: foobot\nallow: /%7Ea\nuser-agent: *\ndisallow: /\n"
                    .to_owned()
            )
        );
    assert_eq!(
        by("unreserved-escape").map(|(_, u)| u),
        Some("http://example.com/~a".to_owned())
    );
    // A crawler named `*`: the `*` group is its own, and stays.
    let own = input("user-agent: *\ndisallow: /a\n", "*", "http://example.com/a");
    assert_eq!(variant_of(&own, "star-group"), None);
    // A rule's text in the URL's host: another host.
    let hosted = input("user-agent: *\ndisallow: m\n", "A", "https://example.com/");
    assert_eq!(
        variants(&hosted)
            .iter()
            .find(|(c, _)| *c == "rule-in-host")
            .map(|(_, i)| i.urls[0].clone()),
        Some("http://xqzvw.test/".to_owned())
    );
    // Two groups with no blank line between: one put there.
    let adjacent = input(
        "user-agent: a\ndisallow: /\nuser-agent: *\ndisallow: /x\n",
        "A",
        "http://example.com/",
    );
    let found = variants(&adjacent);
    assert_eq!(
        found
            .iter()
            .find(|(c, _)| *c == "adjacent-groups")
            .map(|(_, i)| String::from_utf8_lossy(&i.body()).into_owned()),
        Some("user-agent: a\ndisallow: /\n\nuser-agent: *\ndisallow: /x\n".to_owned())
    );
    // An `Allow` that cannot match the URL: taken out.
    let unmatched = input(
        "user-agent: *\nallow: /a\nallow: /b\n",
        "FooBot",
        "http://example.com/b",
    );
    assert_eq!(
        variants(&unmatched)
            .iter()
            .find(|(c, _)| *c == "unmatched-allow")
            .map(|(_, i)| String::from_utf8_lossy(&i.body()).into_owned()),
        Some("user-agent: *\nallow: /b\n".to_owned())
    );
    // Nothing to neutralise in a plain question.
    assert!(
        variants(&input(
            "user-agent: *\ndisallow: /a\n",
            "FooBot",
            "http://example.com/a"
        ))
        .is_empty()
    );
}

/// Every body of `input`'s variants neutralising `construct`.
fn bodies_of(input: &Input, construct: &str) -> Vec<String> {
    variants(input)
        .into_iter()
        .filter(|(c, _)| *c == construct)
        .map(|(_, i)| String::from_utf8_lossy(&i.body()).into_owned())
        .collect()
}

#[test]
fn rules_no_reading_matches_are_taken_out_or_matched() {
    // A rule the path starts with only when case is ignored: taken out, and given the
    // path's case.
    let cased = input(
        "user-agent: *\ndisallow: /A\n",
        "FooBot",
        "http://example.com/ab",
    );
    assert_eq!(
        bodies_of(&cased, "path-case"),
        ["user-agent: *\n", "user-agent: *\ndisallow: /a\n"]
    );
    assert_eq!(
        rule_relations(b"user-agent: *\ndisallow: /A\n", "http://example.com/ab"),
        ["path-case"]
    );
    // A rule ending inside a character the path goes on with: completed.
    let cut = input(
        "user-agent: *\ndisallow: /%C3\n",
        "FooBot",
        "http://example.com/%C3%A9",
    );
    assert_eq!(
        bodies_of(&cut, "partial-char"),
        ["user-agent: *\ndisallow: /%C3%A9\n"]
    );
    assert_eq!(missing_continuations(b"/%E2%82"), 1);
    assert_eq!(missing_continuations(b"/%C3%A9"), 0);
    assert_eq!(missing_continuations(b"/a%2F"), 0);
    // A rule's text after the scheme or further along the path: taken out, and made
    // longer.
    let elsewhere = input(
        "user-agent: *\ndisallow: //\ndisallow: /b\n",
        "FooBot",
        "http://example.com/a/b",
    );
    assert_eq!(
        bodies_of(&elsewhere, "rule-elsewhere"),
        [
            "user-agent: *\n",
            "user-agent: *\ndisallow: ///\ndisallow: /bxqzvw\n"
        ]
    );
    // A bare `$` matched at the end of a longer path, and a letter found in the scheme:
    // taken out, and made longer (before the `$`).
    let bare = input(
        "user-agent: *\ndisallow: $\ndisallow: h\n",
        "FooBot",
        "https://x.test/a",
    );
    assert_eq!(
        bodies_of(&bare, "rule-elsewhere"),
        [
            "user-agent: *\n",
            "user-agent: *\ndisallow: xqzvw$\ndisallow: hxqzvw\n"
        ]
    );
    // …but not where a `/` before it makes the path match (a library reading it so).
    assert_eq!(
        rule_relations(b"user-agent: *\ndisallow: $\n", "http://x.test/"),
        [""; 0]
    );
    assert_eq!(
        rule_relations(b"user-agent: *\ndisallow: a\n", "http://x.test/a"),
        [""; 0]
    );
    // A rule that matches part of a URL's percent-encoding: the encoding's `%` made a
    // letter.
    let split = input(
        "user-agent: *\ndisallow: *9\n",
        "FooBot",
        "http://x.test/%A9%2F",
    );
    let urls: Vec<String> = variants(&split)
        .into_iter()
        .filter(|(c, _)| *c == "escape-split")
        .flat_map(|(_, i)| i.urls)
        .collect();
    assert_eq!(urls, ["http://x.test/zA9%2F"]);
    assert_eq!(
        rule_relations(b"user-agent: *\ndisallow: *9\n", "http://x.test/%A9"),
        ["escape-split"]
    );
    // A rule that matches through a whole encoding splits none.
    assert_eq!(split_escapes(b"/*x", "http://x.test/%A9x"), [0usize; 0]);
    // A `*` written out as what it matches, of the rule's own length where it can be.
    assert_eq!(expanded_wildcard(b"*", b"/a").as_deref(), Some(&b"/"[..]));
    assert_eq!(
        expanded_wildcard(b"/a*", b"/abc").as_deref(),
        Some(&b"/ab"[..])
    );
    assert_eq!(
        expanded_wildcard(b"*/w$", b"/x/w").as_deref(),
        Some(&b"/x/w$"[..])
    );
    assert_eq!(expanded_wildcard(b"/b*", b"/a"), None);
    let star = input(
        "user-agent: *\nallow: *\ndisallow: /\n",
        "FooBot",
        "http://x.test/",
    );
    assert!(
        bodies_of(&star, "wildcard").contains(&"user-agent: *\nallow: /\ndisallow: /\n".to_owned()),
        "{:?}",
        bodies_of(&star, "wildcard")
    );
    assert!(pattern_matches(b"/a*c$", b"/abc", false));
    assert!(!pattern_matches(b"/a*c$", b"/abcd", false));
    assert!(pattern_matches(b"$", b"/a", true));
    assert!(!pattern_matches(b"$", b"/a", false));
    // A rule without its leading `/`: also taken out.
    let slashless = input("user-agent: *\ndisallow: m\n", "FooBot", "http://x.test/m");
    assert_eq!(
        bodies_of(&slashless, "no-leading-slash"),
        [
            "user-agent: *\ndisallow: /m\n",
            "user-agent: *\n",
            "user-agent: *\ndisallow: xqzvw-matches-nothing\n"
        ]
    );
    // A rule every reading matches, or a pattern: none of these.
    let plain = input(
        "user-agent: *\ndisallow: /a\ndisallow: /*b\n",
        "FooBot",
        "http://example.com/a/b",
    );
    let found = names(&plain);
    for name in ["path-case", "rule-elsewhere"] {
        assert!(!found.contains(&name), "{name}: {found:?}");
    }
}

#[test]
fn the_crawler_s_groups_are_moved_last_and_made_one() {
    let split = input(
        "# top\nuser-agent: foobot\ndisallow: /a\nuser-agent: bar\ndisallow: /b\n\n\
             user-agent: FooBot\nallow: /c\nuser-agent: baz\ndisallow: /d",
        "FooBot",
        "http://example.com/a",
    );
    assert_eq!(
        bodies_of(&split, "later-group"),
        [
            "# top\n\nuser-agent: bar\ndisallow: /b\n\nuser-agent: baz\ndisallow: /d\n\n\
              user-agent: foobot\ndisallow: /a\n\nuser-agent: FooBot\nallow: /c\n"
        ]
    );
    assert_eq!(
        bodies_of(&split, "split-groups"),
        ["# top\n\nuser-agent: foobot\ndisallow: /a\nallow: /c\n\n\
              user-agent: bar\ndisallow: /b\n\nuser-agent: baz\ndisallow: /d"]
    );
    // A group the crawler shares with another name takes the later groups' rules, and
    // keeps that name.
    let shared = input(
        "User-agent: BarBot\nUser-agent: x\nallow: /\n\nUser-agent: BarBot\ndisallow: /\n",
        "BarBot",
        "http://example.com/",
    );
    assert_eq!(
        bodies_of(&shared, "split-groups"),
        ["User-agent: BarBot\nUser-agent: x\nallow: /\ndisallow: /\n"]
    );
    // The `*` group stands for a crawler with no group of its own.
    let star = input(
        "user-agent: *\ndisallow: /\n\nuser-agent: bar\nallow: /\n",
        "FooBot",
        "http://example.com/",
    );
    assert_eq!(
        bodies_of(&star, "later-group"),
        ["user-agent: bar\nallow: /\n\nuser-agent: *\ndisallow: /\n\n"]
    );
    // A CR-only file keeps its line ends.
    let cr = input(
        "user-agent: *\rdisallow: /\ruser-agent: bar\rallow: /",
        "FooBot",
        "http://example.com/",
    );
    assert_eq!(
        bodies_of(&cr, "later-group"),
        ["user-agent: bar\rallow: /\r\ruser-agent: *\rdisallow: /\r"]
    );
    // Already last, and named once: neither.
    let last = input(
        "user-agent: bar\nallow: /\n\nuser-agent: foobot\ndisallow: /\n",
        "FooBot",
        "http://example.com/",
    );
    let found = names(&last);
    assert!(!found.contains(&"later-group") && !found.contains(&"split-groups"));
}

#[test]
fn odd_field_names_words_and_crawler_names_are_neutralised() {
    let odd = input(
        "user-agent: Foo-Bot\nsallow: /a\nUseragent \ndisallow: /b\n",
        "Foo-Bot",
        "http://example.com/a",
    );
    assert_eq!(
        bodies_of(&odd, "field-in-name"),
        ["user-agent: Foo-Bot\nxqzvw-field: /a\nUseragent \ndisallow: /b\n"]
    );
    assert_eq!(
        bodies_of(&odd, "word-and-space"),
        ["user-agent: Foo-Bot\nsallow: /a\nUseragent\ndisallow: /b\n"]
    );
    let renamed = variants(&odd)
        .into_iter()
        .find(|(c, _)| *c == "agent-hyphen")
        .map(|(_, i)| (String::from_utf8_lossy(&i.body()).into_owned(), i.agent));
    assert_eq!(
        renamed,
        Some((
            "user-agent: FooBot\nsallow: /a\nUseragent \ndisallow: /b\n".to_owned(),
            "FooBot".to_owned()
        ))
    );
    // A blank line between a group's `user-agent` lines, and a BOM starting a line.
    let gapped = input(
        "user-agent: foobot\n\nuser-agent: b\ndisallow: /\n\n\u{FEFF}user-agent: c\n",
        "FooBot",
        "http://example.com/",
    );
    assert_eq!(
        bodies_of(&gapped, "blank-line"),
        ["user-agent: foobot\nuser-agent: b\ndisallow: /\n\u{FEFF}user-agent: c\n"]
    );
    assert_eq!(
        bodies_of(&gapped, "inner-bom"),
        [
            "user-agent: foobot\n\nuser-agent: b\ndisallow: /\n\nuser-agent: c\n",
            "user-agent: foobot\n\nuser-agent: b\ndisallow: /\n\nxuser-agent: c\n"
        ]
    );
    // A last line with no line end: given one.
    let unended = input("user-agent: *\ndisallow:", "FooBot", "http://example.com/");
    assert_eq!(
        bodies_of(&unended, "last-line-end"),
        ["user-agent: *\ndisallow:\n"]
    );
    // A group's only rule, empty, before another group: its own construct.
    let ending = input(
        "user-agent: *\nallow:\n\nuser-agent: b\ndisallow:\n",
        "FooBot",
        "http://example.com/",
    );
    assert_eq!(
        bodies_of(&ending, "empty-only-rule"),
        ["user-agent: *\nallow: /xqzvw-matches-nothing\n\nuser-agent: b\ndisallow:\n"]
    );
    assert_eq!(
        bodies_of(&ending, "empty-value"),
        ["user-agent: *\nallow:\n\nuser-agent: b\ndisallow: /xqzvw-matches-nothing\n"]
    );
    // A crawler Google's text excepts from `*`, and a file of one line.
    let ads = input(
        "User-agent: *\nDisallow: /",
        "AdsBot-Google",
        "http://example.com/",
    );
    let renamed = variants(&ads)
        .into_iter()
        .find(|(c, _)| *c == "adsbot-agent")
        .map(|(_, i)| i.agent);
    assert_eq!(renamed.as_deref(), Some("Xqzvwbot"));
    assert!(!names(&ads).contains(&"one-line-file"));
    let one = input("# c\nUser-agent: *", "FooBot", "http://example.com/");
    assert_eq!(
        bodies_of(&one, "one-line-file"),
        ["# c\nUser-agent: *\nxqzvw-field: x"]
    );
    assert_eq!(
        bodies_of(
            &input("# c\n", "FooBot", "http://example.com/"),
            "one-line-file"
        ),
        ["# c\nxqzvw-field: x\n"]
    );
    assert!(holds_field_name(b"x-disallow") && !holds_field_name(b"disallow"));
    assert!(near_field_name(b"Alow") && near_field_name(b"dissalow"));
    assert!(!near_field_name(b"allow") && !near_field_name(b"crawl-delay"));
    assert!(!holds_field_name(b"crawl-delay"));
}

#[test]
fn a_star_is_written_out_beside_escapes_as_the_url_s_own_text() {
    // Each `%` of the rule starts an escape the URL holds as written: the `*` becomes
    // what it matches, octet for octet.
    let escaped = input(
        "user-agent: *\ndisallow: /a%C3%A9*$\n",
        "FooBot",
        "http://example.com/a%C3%A9bc",
    );
    assert_eq!(
        bodies_of(&escaped, "wildcard"),
        ["user-agent: *\ndisallow: /a%C3%A9bc$\n"]
    );
    // A bare `%` is left as it is.
    let bare = input(
        "user-agent: *\ndisallow: /a%*$\n",
        "FooBot",
        "http://example.com/a%25bc",
    );
    assert!(bodies_of(&bare, "wildcard").is_empty());
}

#[test]
fn a_bare_percent_on_the_url_s_escape_says_what_google_s_parser_compares() {
    let on_escape = input(
        "user-agent: a\nallow: /%\ndisallow: /\n",
        "a",
        "http://a.test/%7E",
    );
    let named = instance(&on_escape, "bare-percent").expect("an instance");
    assert!(
        named.contains("`allow: /%`") && named.contains("`%7E`"),
        "{named}"
    );
    let elsewhere = input(
        "user-agent: a\nallow: /%\ndisallow: /\n",
        "a",
        "http://a.test/b",
    );
    let named = instance(&elsewhere, "bare-percent").expect("an instance");
    assert!(!named.contains("URL"), "{named}");
}

#[test]
fn rules_of_equal_length_beside_a_star_are_the_equal_length_probe_s_instance() {
    let pair = input(
        "user-agent: *\nallow: /%2A\ndisallow: /en/\ndisallow: /x\n",
        "FooBot",
        "http://example.com/en/",
    );
    assert_eq!(
        derived_instance(&pair, "equal-length-error").as_deref(),
        Some("the lines `allow: /%2A` and `disallow: /en/`")
    );
    let plain = input(
        "user-agent: *\nallow: /ab\ndisallow: /en\n",
        "FooBot",
        "http://example.com/en/",
    );
    assert_eq!(derived_instance(&plain, "equal-length-error"), None);
}

#[test]
fn an_empty_rule_is_named_by_its_kind() {
    let allow = input(
        "user-agent: *\nallow:\ndisallow: /x\n",
        "a",
        "http://a.test/",
    );
    assert!(narrower_phrase(&allow, "empty-value").is_some_and(|p| p.contains("empty `Allow:`")));
    let disallow = input(
        "user-agent: *\ndisallow:\ndisallow: /x\n",
        "a",
        "http://a.test/",
    );
    assert!(
        narrower_phrase(&disallow, "empty-value").is_some_and(|p| p.contains("empty `Disallow:`"))
    );
    let both = input("user-agent: *\nallow:\ndisallow:\n", "a", "http://a.test/");
    assert_eq!(narrower_phrase(&both, "empty-value"), None);
}

#[test]
fn every_construct_a_rule_probe_names_is_in_the_table() {
    for probe in &RULE_PROBES {
        for name in std::iter::once(&probe.construct).chain(probe.explains) {
            assert!(
                crate::fuzz::constructs::get(name).is_some(),
                "a rule probe names {name}, no construct"
            );
        }
    }
}
