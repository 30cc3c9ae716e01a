//! `reptest compare --agents FILE` / `--ai-crawlers`: every listed crawler in every parser,
//! against what the file means. Asked of Rust crates linked in, so no adapter needs setting up.

use crate::common::{TempDir, reptest, text};

/// A `Yandex` group and a `*` group that keeps everyone else out: `YandexAdditional` is
/// another crawler (RFC 9309 matches the product token as a whole), so the file keeps it out;
/// cylon 0.3.3 reads the `Yandex` line as naming it too and lets it in; `robotstxt` (the port
/// of Google's parser) keeps it out.
const FILE: &str = "User-agent: Yandex\nDisallow:\n\nUser-agent: *\nDisallow: /\n";

fn ask(json: bool) -> (std::process::Output, TempDir) {
    let dir = TempDir::new("site-owner");
    std::fs::write(dir.0.join("robots.txt"), FILE).expect("write");
    std::fs::write(
        dir.0.join("agents.txt"),
        "# source: a test list\nYandexAdditional\n\nYandex\n# a comment\nOtherBot\nYandex\n",
    )
    .expect("write");
    let mut args = vec![
        "compare",
        "robots.txt",
        "--agents",
        "agents.txt",
        "--adapters",
        "cylon,robotstxt",
        "https://example.com/page",
    ];
    if json {
        args.push("--json");
    }
    (reptest(&dir.0, &args), dir)
}

#[test]
fn a_parser_letting_in_a_crawler_the_file_keeps_out_is_named() {
    let (output, _dir) = ask(true);
    assert!(output.status.success(), "{}", text(&output));
    let matrix: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(matrix["list"]["source"], "a test list");
    assert_eq!(
        matrix["urls"],
        serde_json::json!(["https://example.com/", "https://example.com/page"])
    );
    let rows = matrix["rows"].as_array().expect("rows");
    assert_eq!(
        rows.len(),
        3 * 2,
        "three crawlers (one listed twice) on two URLs"
    );
    let row = |agent: &str, url: &str| {
        rows.iter()
            .find(|r| r["agent"] == agent && r["url"] == url)
            .unwrap_or_else(|| panic!("no row for {agent} on {url}"))
    };
    for url in ["https://example.com/", "https://example.com/page"] {
        let additional = row("YandexAdditional", url);
        assert_eq!(additional["meant"], "disallow");
        assert_eq!(additional["lets_in"], serde_json::json!(["cylon"]));
        assert_eq!(additional["keeps_out"], serde_json::json!([]));
        assert_eq!(
            additional["reference"][0]["deciding"], "line 5: disallow: /",
            "{additional}"
        );
        let yandex = row("Yandex", url);
        assert_eq!(yandex["meant"], "allow");
        assert_eq!(yandex["lets_in"], serde_json::json!([]));
        assert_eq!(yandex["keeps_out"], serde_json::json!([]));
        assert_eq!(row("OtherBot", url)["meant"], "disallow");
    }
}

#[test]
fn the_text_says_who_lets_which_crawler_in() {
    let (output, _dir) = ask(false);
    assert!(output.status.success(), "{}", text(&output));
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        out.contains(
            "YandexAdditional on https://example.com/: the file keeps it out (line 5: disallow: /)\n  let in by:    cylon\n"
        ),
        "{out}"
    );
    assert!(out.contains("2 implementations"), "{out}");
}

#[test]
fn an_empty_agent_list_is_refused_by_name() {
    let dir = TempDir::new("site-owner-empty");
    std::fs::write(dir.0.join("robots.txt"), FILE).expect("write");
    std::fs::write(dir.0.join("agents.txt"), "# nothing\n").expect("write");
    let output = reptest(
        &dir.0,
        &[
            "compare",
            "robots.txt",
            "--agents",
            "agents.txt",
            "--adapters",
            "cylon",
        ],
    );
    assert!(!output.status.success());
    assert!(
        text(&output).contains("the agent list agents.txt names no crawler"),
        "{}",
        text(&output)
    );
}

/// A token a library's call cannot be asked about (`AI2Bot` holds a digit, which the port of
/// Google's parser takes no product token with) is counted as `unsupported`, beside the
/// could-not-answer column, in the text's tally.
#[test]
fn a_token_a_library_cannot_be_asked_about_is_counted_as_unsupported() {
    let dir = TempDir::new("site-owner-unsupported");
    std::fs::write(dir.0.join("robots.txt"), FILE).expect("write");
    std::fs::write(dir.0.join("agents.txt"), "AI2Bot\nYandex\n").expect("write");
    let output = reptest(
        &dir.0,
        &[
            "compare",
            "robots.txt",
            "--agents",
            "agents.txt",
            "--adapters",
            "robotstxt",
        ],
    );
    assert!(output.status.success(), "{}", text(&output));
    let out = text(&output);
    assert!(out.contains("could not answer / unsupported"), "{out}");
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with("robotstxt "))
        .unwrap_or_else(|| panic!("no tally line: {out}"));
    let counts: Vec<&str> = line.split_whitespace().skip(1).collect();
    assert_eq!(counts, ["0", "0", "0", "1"], "{line}");
}
