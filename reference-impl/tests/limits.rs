//! Limits and adversarial inputs: the default 500 KiB size limit, Google's line limit, and
//! inputs that would hang a backtracking matcher. These assert verdicts, not timings (speed is
//! measured in benchmarks); a blow-up would show as a test that never finishes.

use reptest_reference::{DEFAULT_SIZE_LIMIT, Diagnostic, ParseOptions, Profile, Robots};

#[test]
fn default_limit_is_500_kib_and_content_after_it_is_ignored() {
    assert_eq!(DEFAULT_SIZE_LIMIT, 512_000);
    let mut body = b"user-agent: *\ndisallow: /before\n".to_vec();
    while body.len() < DEFAULT_SIZE_LIMIT {
        body.extend_from_slice(b"# padding line\n");
    }
    body.extend_from_slice(b"disallow: /after\n");
    for profile in Profile::ALL {
        let robots = Robots::parse(&body, ParseOptions::new(profile));
        assert!(robots.truncated());
        assert_eq!(robots.check("bot", "/before"), Ok(false));
        assert_eq!(robots.check("bot", "/after"), Ok(true));
    }
}

#[test]
fn google_cuts_lines_at_16663_bytes() {
    let path = format!("/{}", "a".repeat(20_000));
    let body = format!("user-agent: *\ndisallow: {path}\n");
    // "disallow: " is 10 bytes, so the rule keeps 16,653 bytes of path.
    let kept = &path[..16_653];
    let google = Robots::parse(body.as_bytes(), ParseOptions::new(Profile::Google));
    assert!(
        google.records()[1]
            .diagnostics
            .contains(&Diagnostic::LineTooLong { limit: 16_663 })
    );
    assert_eq!(google.check("bot", kept), Ok(false));
    // The cut is exact: an end anchor as the 16,664th byte is lost, as the 16,663rd it is kept.
    let anchored = |len: usize| {
        let rule = format!("/{}$", "a".repeat(len - "disallow: /$".len()));
        let body = format!("user-agent: *\ndisallow: {rule}\n");
        let robots = Robots::parse(body.as_bytes(), ParseOptions::new(Profile::Google));
        let longer = format!("{}b", &rule[..rule.len() - 1]);
        robots.check("bot", &longer)
    };
    assert_eq!(anchored(16_663), Ok(true));
    assert_eq!(anchored(16_664), Ok(false));
    let rfc = Robots::parse(body.as_bytes(), ParseOptions::new(Profile::Rfc9309));
    assert_eq!(rfc.check("bot", kept), Ok(true));
    assert_eq!(rfc.check("bot", &path), Ok(false));
}

#[test]
fn wildcard_heavy_file_of_500_kib() {
    let mut body = b"user-agent: *\n".to_vec();
    let mut i = 0;
    while body.len() < DEFAULT_SIZE_LIMIT - 64 {
        body.extend_from_slice(format!("disallow: /*a*b*c*{i}*$\n").as_bytes());
        i += 1;
    }
    let robots = Robots::parse(&body, ParseOptions::new(Profile::Rfc9309));
    let selection = robots.select(&["bot"]);
    let long = format!("/{}", "a".repeat(8192));
    assert!(selection.check_url(&long).expect("path").allowed);
    assert!(!selection.check_url("/xaybzc7").expect("path").allowed);
}

#[test]
fn star_a_pattern_against_long_path() {
    let rule = format!("/{}$", "*a".repeat(64));
    let body = format!("user-agent: *\ndisallow: {rule}\n");
    let robots = Robots::parse(body.as_bytes(), ParseOptions::new(Profile::Google));
    let path = format!("/{}b", "a".repeat(8192));
    assert_eq!(robots.check("bot", &path), Ok(true));
    assert_eq!(robots.check("bot", &path[..path.len() - 1]), Ok(false));
}

#[test]
fn a_400_kib_line_and_many_groups() {
    let mut body = format!("user-agent: *\ndisallow: /{}\n", "x".repeat(400 * 1024));
    for i in 0..20_000u32 {
        let letter = char::from(b'a' + u8::try_from(i % 26).unwrap_or(0));
        body.push_str(&format!("user-agent: bot{letter}\ndisallow: /g\n"));
    }
    let options = ParseOptions {
        profile: Profile::Rfc9309,
        size_limit: usize::MAX,
    };
    let robots = Robots::parse(body.as_bytes(), options);
    assert_eq!(robots.check("botc", "/g"), Ok(false));
    assert_eq!(robots.check("other", "/g"), Ok(true));
}

#[test]
fn arbitrary_bytes_never_panic() {
    // A fixed pseudo-random walk over bytes that matter to the parser.
    let alphabet = b"user-agent:disallow:allow*$#%/\r\n\t \xEF\xBB\xBF\xFF\x00AZaz09?=&";
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    for _ in 0..500 {
        let mut body = Vec::new();
        for _ in 0..200 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let at = usize::try_from(state % alphabet.len() as u64).unwrap_or(0);
            body.push(alphabet[at]);
        }
        for profile in Profile::ALL {
            let robots = Robots::parse(&body, ParseOptions::new(profile));
            let selection = robots.select(&["user-agent", "*"]);
            let _ = selection.check_path(&body);
            let _ = selection.check_url("http://example.com/a*$%zz?x");
        }
    }
}
