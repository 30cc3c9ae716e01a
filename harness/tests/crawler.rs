//! The crawler adapter kind end to end, with a planted crawler (`tests/data/planted-crawler`:
//! a Python script that fetches its start page, robots.txt and the links robots.txt allows,
//! ignoring `allow` lines): the harness serves the robots.txt and a start page on loopback,
//! runs the crawl and answers by what was requested. Needs `python3`.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use base64::Engine as _;
use serde_json::{Value, json};

const REPTEST: &str = env!("CARGO_BIN_EXE_reptest");

fn planted() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/planted-crawler")
}

/// A crawler adapter directory named `name` in a fresh temporary directory, with `manifest`
/// (the name and the basics are prepended).
fn crawler_dir(name: &str, rest: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!(
            "reptest-crawler-test-{}-{name}",
            std::process::id()
        ))
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let manifest = format!(
        "name = \"{name}\"\nimplementation = \"test crawler\"\nlanguage = \"python\"\n\
         version = \"1\"\nsource = \"test\"\nkind = \"crawler\"\n{rest}"
    );
    std::fs::write(dir.join("adapter.toml"), manifest).expect("manifest");
    dir
}

fn request(id: u64, body: &str, agent: &str, paths: &[&str]) -> Value {
    let urls: Vec<String> = paths
        .iter()
        .map(|p| format!("http://example.com{p}"))
        .collect();
    json!({
        "id": id,
        "robots_b64": base64::engine::general_purpose::STANDARD.encode(body),
        "agent": agent,
        "urls": urls,
    })
}

/// Serves the crawler adapter in `dir` over protocol v1 for `requests`; the responses after
/// the hello.
fn ask(dir: &Path, requests: &[Value]) -> Vec<Value> {
    let mut child = Command::new(REPTEST)
        .args(["adapter", "crawler"])
        .arg(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("reptest adapter crawler starts");
    let mut stdin = child.stdin.take().expect("stdin");
    for r in requests {
        writeln!(stdin, "{r}").expect("request written");
    }
    drop(stdin);
    let lines: Vec<Value> = BufReader::new(child.stdout.take().expect("stdout"))
        .lines()
        .map(|l| serde_json::from_str(&l.expect("line")).expect("JSON line"))
        .collect();
    assert!(child.wait().expect("exit").success());
    assert_eq!(lines[0]["kind"], "crawler", "hello: {}", lines[0]);
    lines[1..].to_vec()
}

fn verdicts(response: &Value) -> Vec<&str> {
    response["verdicts"]
        .as_array()
        .unwrap_or_else(|| panic!("no verdicts: {response}"))
        .iter()
        .map(|v| v.as_str().expect("verdict"))
        .collect()
}

#[test]
fn a_crawler_answers_by_what_it_requested() {
    let responses = ask(
        &planted(),
        &[
            // The planted quirk: `allow: /a/b` is ignored, so /a/b is not requested.
            request(
                1,
                "user-agent: *\ndisallow: /a\nallow: /a/b\n",
                "FooBot",
                &["/a", "/a/b", "/c"],
            ),
            // Its own group: the name is given to it.
            request(
                2,
                "user-agent: FooBot\ndisallow: /c\n\nuser-agent: *\ndisallow: /\n",
                "FooBot",
                &["/c", "/d?q=1"],
            ),
            // robots.txt itself is requested whatever the rules say: not observable.
            request(
                3,
                "user-agent: *\ndisallow: /\n",
                "FooBot",
                &["/robots.txt", "/x"],
            ),
        ],
    );
    assert_eq!(verdicts(&responses[0]), ["disallow", "disallow", "allow"]);
    assert_eq!(verdicts(&responses[1]), ["disallow", "allow"]);
    assert_eq!(verdicts(&responses[2]), ["unsupported", "disallow"]);
}

#[test]
fn a_crawler_with_one_token_is_asked_under_it_when_the_question_stays_the_same() {
    let script = planted().join("crawler.py");
    let dir = crawler_dir(
        "planted-token",
        &format!(
            "run = [\"python3\", \"{}\", \"{{start}}\", \"{{agent}}\"]\n[crawler]\ntoken = \"planted\"\n",
            script.display()
        ),
    );
    let responses = ask(
        &dir,
        &[
            // FooBot's group is renamed to the crawler's token: the same question.
            request(
                1,
                "User-agent: FooBot\nDisallow: /x\n",
                "FooBot",
                &["/x", "/y"],
            ),
            // The body names the token already: renamed, FooBot's group would merge with the
            // token's, a different question, so it is not asked.
            request(
                2,
                "User-agent: planted\nDisallow: /x\n\nUser-agent: FooBot\nDisallow: /y\n",
                "FooBot",
                &["/x", "/y"],
            ),
        ],
    );
    assert_eq!(verdicts(&responses[0]), ["disallow", "allow"]);
    assert_eq!(verdicts(&responses[1]), ["unsupported", "unsupported"]);
}

#[test]
fn a_crawl_that_requests_nothing_or_overruns_is_an_error() {
    let idle = crawler_dir("idle", "run = [\"true\", \"{start}\"]\n");
    let slow = crawler_dir(
        "slow",
        "run = [\"sh\", \"-c\", \"sleep 30\", \"{start}\"]\n[crawler]\nseconds = 1\n",
    );
    let body = "user-agent: *\ndisallow: /a\n";
    let started = std::time::Instant::now();
    for (dir, expected) in [(&idle, "made no request"), (&slow, "did not end within 1s")] {
        let responses = ask(dir, &[request(1, body, "FooBot", &["/a", "/b"])]);
        let error = responses[0]["error"].as_str().unwrap_or_default();
        assert!(
            error.contains(expected),
            "{}: {}",
            dir.display(),
            responses[0]
        );
    }
    assert!(
        started.elapsed().as_secs() < 20,
        "the slow crawl was not cut short"
    );
}

/// `reptest run --manifest DIR --cases GLOB --json-file FILE`: the answers by case and check.
fn run_cases(glob: &str) -> Vec<(String, u64, String)> {
    run_manifest_cases(
        &planted(),
        Path::new(env!("CARGO_MANIFEST_DIR")),
        glob,
        true,
    )
}

/// `reptest run --manifest MANIFEST --cases GLOB` run in directory `cwd`; with `succeed`, the
/// run must pass (one whose checks mostly errored fails).
fn run_manifest_cases(
    manifest: &Path,
    cwd: &Path,
    glob: &str,
    succeed: bool,
) -> Vec<(String, u64, String)> {
    let json = std::env::temp_dir().join(format!(
        "reptest-crawler-test-{}-{}-{}.json",
        std::process::id(),
        manifest
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        glob.replace(['/', '*'], "_")
    ));
    let output = Command::new(REPTEST)
        .current_dir(cwd)
        .args(["run", "--manifest"])
        .arg(manifest)
        .args(["--cases", glob, "--json-file"])
        .arg(&json)
        .output()
        .expect("reptest run");
    assert!(
        output.status.success() || !succeed,
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    let document: Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("results")).expect("JSON");
    let _ = std::fs::remove_file(&json);
    document["adapters"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| {
            (
                r["case"].as_str().unwrap_or_default().to_owned(),
                r["check"].as_u64().unwrap_or(u64::MAX),
                r["answer"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

#[test]
fn reptest_run_asks_a_crawler_the_suite_and_the_fetch_cases() {
    let answers = run_cases("file-format/lf-line-ends");
    let expected = [
        ("file-format/lf-line-ends", 0, "disallow"),
        // The planted quirk, seen as a failure of the case.
        ("file-format/lf-line-ends", 1, "disallow"),
    ];
    let got: Vec<(&str, u64, &str)> = answers
        .iter()
        .map(|(c, i, a)| (c.as_str(), *i, a.as_str()))
        .collect();
    assert_eq!(got, expected);
    // A 500 for robots.txt: the planted crawler then allows everything, and the server's
    // record shows it fetched robots.txt (the request check, after the two paths).
    let answers = run_cases("fetch/status-500");
    let got: Vec<(u64, &str)> = answers.iter().map(|(_, i, a)| (*i, a.as_str())).collect();
    assert_eq!(got[..2], [(0, "allow"), (1, "allow")], "{answers:?}");
}

#[test]
fn a_relative_install_root_still_names_the_crawlers_program() {
    // `{env}` expands under `--install-root`; the crawl runs in a scratch directory of its
    // own, so a relative install root there would name nothing and the crawl would request
    // nothing.
    let dir = crawler_dir(
        "installed",
        "run = [\"python3\", \"{env}/crawler.py\", \"{start}\", \"{agent}\"]\n",
    );
    let parent = dir.parent().expect("parent").to_path_buf();
    let env = parent.join("inst").join("installed");
    std::fs::create_dir_all(&env).expect("install directory");
    std::fs::copy(planted().join("crawler.py"), env.join("crawler.py")).expect("copy");
    let json = parent.join("results.json");
    let output = Command::new(REPTEST)
        .current_dir(&parent)
        .args(["run", "--manifest", "installed", "--install-root", "inst"])
        .args(["--cases", "file-format/lf-line-ends", "--json-file"])
        .arg(&json)
        .output()
        .expect("reptest run");
    let document: Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("results")).expect("JSON");
    let got: Vec<&str> = document["adapters"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| r["answer"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        got,
        ["disallow", "disallow"],
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
}

#[test]
fn a_crawler_that_makes_no_request_in_a_fetch_case_is_an_error_not_a_disallow() {
    // Given its URLs (no start page), a crawler that does not run leaves the server's record
    // empty: its paths are errors, not `disallow`, and so are the request checks.
    let dir = crawler_dir("absent", "run = [\"false\", \"{urls}\"]\n");
    let answers = run_manifest_cases(&dir, &std::env::temp_dir(), "fetch/status-500", false);
    assert!(!answers.is_empty());
    assert!(answers.iter().all(|(_, _, a)| a == "error"), "{answers:?}");
}

#[test]
fn a_crawler_that_requests_the_start_pages_amp_escape_is_not_answered_for_those_urls() {
    // The planted crawler reads links without decoding `&amp;`: it requests
    // `/p?a=1&amp;b=2`, a URL other than the one asked, which says nothing about `/p?a=1&b=2`.
    let responses = ask(
        &planted(),
        &[request(
            1,
            "user-agent: *\ndisallow: /x\n",
            "FooBot",
            &["/p?a=1&b=2", "/x", "/y"],
        )],
    );
    assert_eq!(
        verdicts(&responses[0]),
        ["unsupported", "disallow", "allow"]
    );
}
