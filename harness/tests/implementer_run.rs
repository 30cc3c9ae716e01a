//! A run as an implementer meets it, through the `reptest` binary, with planted adapters
//! (`reptest adapter faulty --mode …`): a hung adapter is given up on within a few timeouts
//! and said so while it runs; an adapter that tests nothing, errors on half its checks or
//! answers the wrong number of verdicts fails the run; a rewrite of an expectations file over
//! some cases keeps the others' entries; `--command` is a shell command line; a failed start is
//! told once, with its command and the telling lines of its stderr; a closed pipe is a quiet
//! exit; a failure names its case file and the reference's reason; `compare` refuses a URL
//! `check` refuses and marks an answer unlike the reference's; `fetch` refuses what it cannot
//! fetch; options that mean nothing at 0 are refused.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{REPTEST, TempDir, reptest, text};

/// The planted adapter breaking as `mode` says, as a `--command`.
fn planted(mode: &str) -> String {
    format!("{REPTEST} adapter faulty --mode {mode}")
}

/// A run of `command` over `cases`, with a short timeout.
fn run_planted(dir: &Path, command: &str, cases: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "run",
        "--command",
        command,
        "--cases",
        cases,
        "--timeout",
        "0.3",
    ];
    args.extend_from_slice(extra);
    reptest(dir, &args)
}

#[test]
fn a_hung_adapter_is_given_up_on_after_a_few_timeouts() {
    let dir = TempDir::new("hang");
    let started = Instant::now();
    // `groups/*` asks about thirty requests: one wait each would take half a minute.
    let out = run_planted(&dir.0, &planted("hang"), "groups/*", &[]);
    let took = started.elapsed();
    let shown = text(&out);
    assert_eq!(out.status.code(), Some(1), "{shown}");
    assert!(
        shown.contains(
            "given up after 3 requests in a row got no answer within the timeout of 0.3s"
        ),
        "{shown}"
    );
    // Progress while it runs, naming the configured timeout.
    assert!(shown.contains("  … faulty: "), "{shown}");
    assert!(shown.contains("timed out (timeout 0.3s)"), "{shown}");
    assert!(shown.contains("more checks not asked"), "{shown}");
    assert!(shown.contains("result: FAIL"), "{shown}");
    // Three timeouts (the first waited twice) and two restarts, not one wait per request.
    assert!(took < Duration::from_secs(8), "took {took:?}: {shown}");
}

#[test]
fn an_adapter_that_tests_nothing_or_errs_too_often_fails_the_run() {
    let dir = TempDir::new("share");
    for (mode, why) in [
        ("unsupported", "got an allow or disallow"),
        ("every-other", "errored or timed out (more than 10%)"),
        ("short", "errored or timed out (more than 10%)"),
    ] {
        let out = run_planted(&dir.0, &planted(mode), "groups/*", &["--brief"]);
        let shown = text(&out);
        assert_eq!(out.status.code(), Some(1), "{mode}: {shown}");
        assert!(shown.contains(why), "{mode}: {shown}");
        assert!(shown.contains("result: FAIL"), "{mode}: {shown}");
    }
    // The same adapter answering everything passes (failing checks alone fail no run).
    let out = run_planted(
        &dir.0,
        &format!("{REPTEST} adapter reference --profile google"),
        "groups/*",
        &["--brief"],
    );
    assert!(out.status.success(), "{}", text(&out));
}

#[test]
fn a_rewrite_over_some_cases_keeps_the_other_entries() {
    let dir = TempDir::new("subset");
    let google = format!("{REPTEST} adapter reference --profile google");
    // Google's reading fails checks under rfc9309 in several case files.
    let out = reptest(
        &dir.0,
        &[
            "run",
            "--command",
            &google,
            "--brief",
            "--write-expectations",
            "e.toml",
        ],
    );
    assert!(out.status.success(), "{}", text(&out));
    let whole = std::fs::read_to_string(dir.0.join("e.toml")).expect("written");
    let entries = whole.matches("[[failure]]").count();
    let encoding = whole.matches("case = \"encoding/").count();
    assert!(encoding > 0 && entries > encoding, "{whole}");
    let with_reason = whole.replacen("reason = \"\"", "reason = \"kept as written\"", entries);
    std::fs::write(dir.0.join("e.toml"), &with_reason).expect("write");
    let out = reptest(
        &dir.0,
        &[
            "run",
            "--command",
            &google,
            "--brief",
            "--cases",
            "encoding/*",
            "--expectations",
            "e.toml",
            "--write-expectations",
            "e.toml",
        ],
    );
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("kept from cases or profiles"),
        "{}",
        text(&out)
    );
    let rewritten = std::fs::read_to_string(dir.0.join("e.toml")).expect("rewritten");
    assert_eq!(
        rewritten.matches("[[failure]]").count(),
        entries,
        "{rewritten}"
    );
    assert_eq!(
        rewritten.matches("reason = \"kept as written\"").count(),
        entries,
        "{rewritten}"
    );
}

#[test]
fn a_stale_check_index_is_reported() {
    let dir = TempDir::new("stale");
    std::fs::write(
        dir.0.join("e.toml"),
        "adapter = \"reference-rfc9309\"\nprofiles = [\"rfc9309\"]\n\n[[failure]]\n\
         case = \"groups/merge-example-2\"\nprofile = \"rfc9309\"\nchecks = [99]\nreason = \"\"\n",
    )
    .expect("write");
    let reference = format!("{REPTEST} adapter reference --profile rfc9309");
    let out = run_planted(
        &dir.0,
        &reference,
        "groups/*",
        &["--brief", "--expectations", "e.toml"],
    );
    let shown = text(&out);
    assert_eq!(out.status.code(), Some(1), "{shown}");
    assert!(
        shown.contains("STALE entry: no check groups/merge-example-2#99 rfc9309"),
        "{shown}"
    );
}

#[test]
fn a_command_is_a_shell_command_line() {
    let dir = TempDir::new("shell");
    let command = format!("cd / && REPTEST_UNUSED=1 {REPTEST} adapter reference --profile rfc9309");
    let out = run_planted(&dir.0, &command, "groups/*", &["--brief"]);
    let shown = text(&out);
    assert!(out.status.success(), "{shown}");
    assert!(shown.contains("reference-rfc9309"), "{shown}");
}

#[test]
fn a_failed_start_is_told_once_with_its_command_and_cause() {
    let dir = TempDir::new("start");
    // What node prints without NODE_PATH: the cause first, then a stack and a banner.
    let script = "echo 'node:internal/modules/cjs/loader:1228' >&2; \
                  echo \"Error: Cannot find module 'robots-parser'\" >&2; \
                  echo '    at Module._load (node:internal/modules/cjs/loader:1051:27)' >&2; \
                  echo '  requireStack: []' >&2; echo '}' >&2; echo 'Node.js v20.20.2' >&2; \
                  exit 1";
    std::fs::write(dir.0.join("adapter.sh"), script).expect("write");
    let out = run_planted(&dir.0, "sh adapter.sh", "groups/*", &[]);
    let shown = text(&out);
    assert_eq!(out.status.code(), Some(1), "{shown}");
    assert_eq!(
        shown.matches("Cannot find module 'robots-parser'").count(),
        1,
        "{shown}"
    );
    assert!(shown.contains("command: sh adapter.sh"), "{shown}");
    assert!(!shown.contains("(adapter unknown, unknown)"), "{shown}");
    assert!(
        shown.contains("checks not asked: the adapter could not start"),
        "{shown}"
    );
}

/// Runs reptest with its stdout closed before it writes: it must exit 0 and say nothing.
fn closed_pipe(dir: &Path, args: &[&str]) {
    let mut child = Command::new(REPTEST)
        .current_dir(dir)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn reptest");
    drop(child.stdout.take());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("read stderr");
    let status = child.wait().expect("wait");
    assert_eq!(status.code(), Some(0), "{args:?}: {stderr}");
    assert!(!stderr.contains("Broken pipe"), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
}

#[test]
fn a_closed_pipe_is_a_quiet_exit() {
    let dir = TempDir::new("pipe");
    std::fs::write(
        dir.0.join("robots.txt"),
        "user-agent: *\ndisallow: /private\n",
    )
    .expect("write");
    // Enough output to fill a pipe, so that a write fails even if the reader were late.
    let urls: Vec<String> = (0..3000).map(|i| format!("/private/{i}")).collect();
    let mut check = vec!["check", "--agent", "FooBot", "robots.txt"];
    check.extend(urls.iter().map(String::as_str));
    closed_pipe(&dir.0, &check);
    let reference = format!("{REPTEST} adapter reference --profile google");
    let mut compare = vec![
        "compare",
        "--json",
        "--command",
        &reference,
        "--reports",
        "none",
        "robots.txt",
    ];
    compare.extend(urls.iter().take(500).map(String::as_str));
    closed_pipe(&dir.0, &compare);
}

#[test]
fn a_failure_names_its_case_file_and_the_reference_reason() {
    let dir = TempDir::new("why");
    let google = format!("{REPTEST} adapter reference --profile google");
    let out = run_planted(&dir.0, &google, "encoding/*", &[]);
    let shown = text(&out);
    assert!(shown.contains("   fail encoding/"), "{shown}");
    assert!(
        shown.contains("        spec-cases/encoding.toml; reference: "),
        "{shown}"
    );
    assert!(!shown.contains("robots.txt:\n"), "{shown}");
    let out = run_planted(&dir.0, &google, "encoding/*", &["--explain"]);
    let shown = text(&out);
    assert!(
        shown.contains("        case file: spec-cases/encoding.toml"),
        "{shown}"
    );
    assert!(
        shown.contains("        robots.txt:\n          ```"),
        "{shown}"
    );
    assert!(shown.contains("        spec: "), "{shown}");
}

#[test]
fn check_says_what_a_note_means() {
    let dir = TempDir::new("note");
    std::fs::write(dir.0.join("robots.txt"), "user-agent: *\ncrawl-delay: 5\n").expect("write");
    let out = reptest(&dir.0, &["check", "--agent", "FooBot", "robots.txt", "/a"]);
    let shown = text(&out);
    assert!(
        shown.contains("note: line 2: non-standard-field: "),
        "{shown}"
    );
    assert!(shown.contains("no profile uses for verdicts"), "{shown}");
}

#[test]
fn compare_checks_its_urls_and_marks_the_reference_disagreeing() {
    let dir = TempDir::new("compare");
    std::fs::write(
        dir.0.join("robots.txt"),
        "user-agent: *\ndisallow: /private\n",
    )
    .expect("write");
    let always = planted("unsupported");
    for bad in ["private/x", "http://[::1"] {
        let out = reptest(
            &dir.0,
            &[
                "compare",
                "--command",
                &always,
                "--reports",
                "none",
                "robots.txt",
                bad,
            ],
        );
        let shown = text(&out);
        assert_eq!(out.status.code(), Some(2), "{bad}: {shown}");
        assert!(shown.contains(&format!("`{bad}`")), "{bad}: {shown}");
    }
    // An adapter allowing everything, asked about a disallowed URL.
    let allow = planted("allow");
    let out = reptest(
        &dir.0,
        &[
            "compare",
            "--command",
            &allow,
            "--reports",
            "none",
            "robots.txt",
            "/private/x",
        ],
    );
    let shown = text(&out);
    assert!(out.status.success(), "{shown}");
    assert!(
        shown.contains("not as the reference under rfc9309, google, legacy"),
        "{shown}"
    );
}

#[test]
fn fetch_refuses_what_it_cannot_fetch() {
    let dir = TempDir::new("fetch");
    for args in [
        vec!["fetch", "ftp://127.0.0.1:9/x"],
        vec!["fetch", "http://127.0.0.1:9/", "http://other.example/x"],
    ] {
        let out = reptest(&dir.0, &args);
        let shown = text(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {shown}");
        assert!(!shown.contains("full-disallow"), "{args:?}: {shown}");
    }
}

#[test]
fn zero_is_refused_where_it_means_nothing() {
    let dir = TempDir::new("zero");
    for args in [
        vec!["run", "--reference-only", "--timeout", "0"],
        vec!["run", "--reference-only", "--jobs", "0"],
    ] {
        let out = reptest(&dir.0, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out));
    }
}

#[test]
fn the_reference_fetches_each_fetch_case_once_and_at_once() {
    // Fetched once per case for every profile, several cases at a time, the stalled server
    // waited for one short timeout: about a second. One after another, once per profile,
    // with the adapters' fetch timeout, the stall alone took nine.
    let dir = TempDir::new("reference-fetch");
    let started = Instant::now();
    let out = reptest(&dir.0, &["run", "--reference-only", "--cases", "fetch/*"]);
    let took = started.elapsed();
    assert!(out.status.success(), "{}", text(&out));
    assert!(took < Duration::from_secs(5), "took {took:?}");
}
