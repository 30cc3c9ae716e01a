//! The implementer's workflow, end to end through the `reptest` binary: an adapter skeleton
//! written by `reptest adapter new` outside the repository, filled in with a trivial rule,
//! runs through `reptest run --command`; its expectations file is written, then checked (a
//! new failure fails the run, and so does a fixed one until the file shrinks); JUnit output
//! parses as XML with one testcase per check.
//!
//! A skeleton whose language runtime is not installed is reported as skipped by name on
//! stderr, never counted as passed; the test fails if every language was skipped.

use std::path::Path;
use std::process::Command;

use reptest::scaffold::{self, Language};

use crate::common::{REPTEST, TempDir, reptest, text};

fn on_path(program: &str) -> bool {
    reptest::engines::adapters::on_path(program)
}

/// The line each skeleton answers with until filled in, and the trivial rule the tests put
/// in its place: disallow every URL whose path starts with `/private`, allow the rest.
fn fill_in(language: Language) -> (&'static str, &'static str) {
    match language {
        Language::Python => (
            r#"return ["unsupported" for _ in urls]"#,
            r#"return ["disallow" if ra.path_and_query(u).startswith("/private") else "allow" for u in urls]"#,
        ),
        Language::Node => (
            "return urls.map(() => 'unsupported');",
            "return urls.map((u) => (ra.pathAndQuery(u).startsWith('/private') ? 'disallow' : 'allow'));",
        ),
        Language::Ruby => (
            "urls.map { 'unsupported' }",
            "urls.map { |u| u.sub(%r{\\A[a-z]+://[^/]*}, '').start_with?('/private') ? 'disallow' : 'allow' }",
        ),
        Language::Perl => (
            "return map { 'unsupported' } @urls;",
            "return map { m{\\A[a-z]+://[^/]*/private} ? 'disallow' : 'allow' } @urls;",
        ),
        Language::Cpp => (
            "return std::vector<std::string>(urls.size(), \"unsupported\");",
            "std::vector<std::string> out; for (const auto& u : urls) { auto p = u.find('/', u.find(\"//\") + 2); out.push_back(p != std::string::npos && u.compare(p, 8, \"/private\") == 0 ? \"disallow\" : \"allow\"); } return out;",
        ),
        Language::Rust => (
            "Ok(urls.iter().map(|_| Verdict::Unsupported).collect())",
            "Ok(urls.iter().map(|u| { let rest = u.splitn(4, '/').nth(3).unwrap_or(\"\"); Verdict::from_allowed(!rest.starts_with(\"private\")) }).collect())",
        ),
    }
}

/// What a language needs installed, beyond its runtime; `None` when all is there.
fn missing(language: Language) -> Option<String> {
    if !on_path(language.runtime()) {
        return Some(format!("no `{}` on PATH", language.runtime()));
    }
    if language == Language::Cpp && !Path::new("/usr/include/nlohmann/json.hpp").is_file() {
        return Some("no nlohmann/json.hpp".into());
    }
    None
}

/// Writes the skeleton of `language` into `dir`, fills it in, builds it if it is compiled,
/// and returns the command that runs it.
fn prepared(language: Language, dir: &Path) -> String {
    let name = format!("smoke-{}", language.name().replace("++", "pp"));
    let skeleton = scaffold::write(&name, language, dir).expect("write the skeleton");
    let file = skeleton.dir.join(language.check_file());
    let source = std::fs::read_to_string(&file).expect("read the skeleton");
    let (placeholder, rule) = fill_in(language);
    assert!(
        source.contains(placeholder),
        "{}: the skeleton's answer line changed",
        file.display()
    );
    std::fs::write(&file, source.replace(placeholder, rule)).expect("fill in");
    let shown = skeleton.dir.display();
    match language {
        Language::Cpp => {
            let status = Command::new("g++")
                .args(["-std=c++17", "-O1", "-o"])
                .arg(skeleton.dir.join("adapter"))
                .arg(skeleton.dir.join("adapter.cc"))
                .status()
                .expect("run g++");
            assert!(status.success(), "g++ failed on the skeleton");
            format!("{shown}/adapter")
        }
        Language::Rust => {
            // A target directory of its own inside the workspace's, kept between runs, so
            // that only the first run compiles the kit's dependencies; offline, as the
            // workspace's lock file already holds them.
            let target = reptest::engines::adapters::workspace_root()
                .join("target")
                .join("scaffold-smoke");
            let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
                .args(["build", "--offline", "--quiet", "--manifest-path"])
                .arg(skeleton.dir.join("Cargo.toml"))
                .arg("--target-dir")
                .arg(&target)
                .status()
                .expect("run cargo");
            assert!(status.success(), "cargo build failed on the skeleton");
            format!("{}/debug/{name}", target.display())
        }
        _ => {
            let program = match language {
                Language::Python => "python3",
                Language::Node => "node",
                Language::Ruby => "ruby",
                _ => "perl",
            };
            format!("{program} {shown}/{}", language.check_file())
        }
    }
}

#[test]
fn every_skeleton_filled_in_runs_through_reptest() {
    let dir = TempDir::new("skeletons");
    let (mut ran, mut skipped) = (Vec::new(), Vec::new());
    for language in Language::ALL {
        if let Some(why) = missing(language) {
            eprintln!("skipped: the {} skeleton ({why})", language.name());
            skipped.push(language.name());
            continue;
        }
        let command = prepared(language, &dir.0);
        let json = dir.0.join(format!("{}.json", language.name()));
        let out = reptest(
            &dir.0,
            &[
                "run",
                "--command",
                &command,
                "--brief",
                "--cases",
                "rfc9309-examples/*",
                "--json-file",
                json.to_str().expect("utf-8 path"),
            ],
        );
        let shown = text(&out);
        let doc: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).expect("the --json file"))
                .expect("json");
        let adapter = &doc["adapters"][0];
        assert_eq!(
            adapter["name"],
            format!("smoke-{}", language.name().replace("++", "pp")),
            "{}: {shown}",
            language.name()
        );
        assert!(adapter["unavailable"].is_null(), "{shown}");
        let counts = &adapter["summary"]["rfc9309"];
        assert_eq!(counts["error"], 0, "{}: {shown}", language.name());
        assert!(counts["pass"].as_u64() > Some(0), "{shown}");
        // The trivial rule is wrong somewhere: failing checks are reported, not hidden.
        assert!(counts["fail"].as_u64() > Some(0), "{shown}");
        ran.push(language.name());
    }
    eprintln!("ran: {}; skipped: {}", ran.join(", "), skipped.join(", "));
    assert!(!ran.is_empty(), "every language was skipped");
}

#[test]
fn unfilled_skeleton_counts_nothing_as_passed() {
    if missing(Language::Python).is_some() {
        eprintln!("skipped: the python skeleton (no python3)");
        return;
    }
    let dir = TempDir::new("unfilled");
    scaffold::write("unfilled", Language::Python, &dir.0).expect("write");
    let json = dir.0.join("out.json");
    reptest(
        &dir.0,
        &[
            "run",
            "--manifest",
            "unfilled",
            "--brief",
            "--cases",
            "groups/*",
            "--json-file",
            json.to_str().expect("utf-8 path"),
        ],
    );
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json file")).expect("json");
    let counts = &doc["adapters"][0]["summary"]["rfc9309"];
    assert_eq!(counts["pass"], 0);
    assert!(counts["unsupported"].as_u64() > Some(0));
}

#[test]
fn expectations_only_shrink() {
    if let Some(why) = missing(Language::Python) {
        eprintln!("skipped: the expectations workflow ({why})");
        return;
    }
    let dir = TempDir::new("expectations");
    let command = prepared(Language::Python, &dir.0);
    let run = |extra: &[&str]| {
        let mut args = vec![
            "run",
            "--command",
            &command,
            "--brief",
            "--cases",
            "groups/*",
        ];
        args.extend_from_slice(extra);
        reptest(&dir.0, &args)
    };
    // Written: the checks the trivial rule fails now.
    let out = run(&["--write-expectations", "exp.toml"]);
    assert!(dir.0.join("exp.toml").is_file(), "{}", text(&out));
    let written = std::fs::read_to_string(dir.0.join("exp.toml")).expect("read");
    assert!(written.starts_with("# Generated by"), "{written}");
    let entries = written.matches("[[failure]]").count();
    assert!(
        entries > 1,
        "the trivial rule fails several cases: {written}"
    );

    // Checked as written: the run passes.
    let out = run(&["--expectations", "exp.toml"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("result: PASS"), "{}", text(&out));

    // A failure the file does not list fails the run.
    let first = written.find("[[failure]]").expect("an entry");
    let second = written[first + 1..]
        .find("[[failure]]")
        .expect("two entries")
        + first
        + 1;
    let fewer = format!("{}{}", &written[..first], &written[second..]);
    std::fs::write(dir.0.join("fewer.toml"), &fewer).expect("write");
    let out = run(&["--expectations", "fewer.toml"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("NEW FAILURE"), "{}", text(&out));

    // So does a listed check that passes now, until the file shrinks: writing it again with
    // the same file drops the fixed entry and keeps the others' reasons.
    let with_reason = written.replacen("reason = \"\"", "reason = \"kept\"", 1);
    let more = format!(
        "{with_reason}\n[[failure]]\ncase = \"groups/{}\"\nprofile = \"rfc9309\"\nchecks = [0]\nreason = \"fixed since\"\n",
        "no-such-case-in-the-file"
    );
    std::fs::write(dir.0.join("stale.toml"), &more).expect("write");
    let out = run(&["--expectations", "stale.toml"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "a stale entry fails: {}",
        text(&out)
    );
    // A real case the rule passes: find one among the suite's ids the file does not name.
    let json = dir.0.join("all.json");
    run(&["--json-file", json.to_str().expect("utf-8 path")]);
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("json");
    let passing = doc["adapters"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .find(|r| {
            r["status"]["rfc9309"] == "pass"
                && !written.contains(&format!("\"{}\"", r["case"].as_str().unwrap_or_default()))
        })
        .expect("a passing check in a case the file does not list")
        .clone();
    let fixed = format!(
        "{with_reason}\n[[failure]]\ncase = {}\nprofile = \"rfc9309\"\nchecks = [{}]\nreason = \"fixed since\"\n",
        passing["case"], passing["check"]
    );
    std::fs::write(dir.0.join("fixed.toml"), &fixed).expect("write");
    let out = run(&["--expectations", "fixed.toml"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("FIXED"), "{}", text(&out));
    let out = run(&[
        "--expectations",
        "fixed.toml",
        "--write-expectations",
        "fixed.toml",
    ]);
    assert_eq!(out.status.code(), Some(1), "still failing while it shrinks");
    let shrunk = std::fs::read_to_string(dir.0.join("fixed.toml")).expect("read");
    assert_eq!(shrunk.matches("[[failure]]").count(), entries);
    assert!(shrunk.contains("reason = \"kept\""), "{shrunk}");
    assert!(!shrunk.contains("fixed since"), "{shrunk}");
    let out = run(&["--expectations", "fixed.toml", "--junit", "known.xml"]);
    assert!(out.status.success(), "{}", text(&out));
    // The JUnit file shows a known failure as skipped, with the reason the file gives.
    let xml = std::fs::read_to_string(dir.0.join("known.xml")).expect("the JUnit file");
    let doc = roxmltree::Document::parse(&xml).expect("XML");
    let skipped: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("skipped"))
        .filter_map(|n| n.attribute("message"))
        .collect();
    assert!(
        skipped
            .iter()
            .any(|m| m.starts_with("known failure (kept): expected")),
        "{skipped:?}"
    );

    // An adapter whose behaviour changes fails against the old file.
    let file = dir.0.join("smoke-python").join("adapter.py");
    let source = std::fs::read_to_string(&file).expect("read");
    std::fs::write(
        &file,
        source.replace("startswith(\"/private\")", "startswith(\"/\")"),
    )
    .expect("write");
    let out = run(&["--expectations", "exp.toml"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("NEW FAILURE"), "{}", text(&out));
}

#[test]
fn junit_is_xml_with_one_testcase_per_check() {
    let dir = TempDir::new("junit");
    let command = format!("{REPTEST} adapter reference --profile google");
    let (junit, json) = (dir.0.join("junit.xml"), dir.0.join("run.json"));
    let out = reptest(
        &dir.0,
        &[
            "run",
            "--command",
            &command,
            "--brief",
            "--cases",
            "encoding/*",
            "--junit",
            junit.to_str().expect("utf-8 path"),
            "--json-file",
            json.to_str().expect("utf-8 path"),
        ],
    );
    let xml = std::fs::read_to_string(&junit).expect("the JUnit file");
    let doc = roxmltree::Document::parse(&xml)
        .unwrap_or_else(|e| panic!("not XML ({e}): {}\n{xml}", text(&out)));
    let run: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("json");
    let results = run["adapters"][0]["results"].as_array().expect("results");
    let checks = results
        .iter()
        .filter(|r| r["status"]["rfc9309"].is_string())
        .count();
    let cases: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    assert_eq!(cases.len(), checks, "one testcase per check");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    assert_eq!(root.attribute("tests"), Some(checks.to_string().as_str()));
    let failures: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("failure"))
        .collect();
    let failing = results
        .iter()
        .filter(|r| r["status"]["rfc9309"] == "fail")
        .count();
    assert!(
        failing > 0,
        "the google reading differs from rfc9309 on encoding"
    );
    assert_eq!(failures.len(), failing);
    for failure in failures {
        let message = failure.attribute("message").unwrap_or_default();
        assert!(message.starts_with("expected "), "{message}");
        let body = failure.text().unwrap_or_default();
        assert!(body.contains("reference (rfc9309): "), "{body}");
        assert!(body.contains("robots.txt:"), "{body}");
    }
}

#[test]
fn compare_groups_implementations_by_answer() {
    let dir = TempDir::new("compare");
    std::fs::write(
        dir.0.join("robots.txt"),
        "user-agent: *\ndisallow: /foo/bar?baz=https://foo.bar\ndisallow: /private\n",
    )
    .expect("write");
    let google = format!("{REPTEST} adapter reference --profile google");
    let rfc = format!("{REPTEST} adapter reference --profile rfc9309");
    let args = |json: bool| {
        let mut args = vec![
            "compare",
            "--command",
            &google,
            "--command",
            &rfc,
            "--reports",
            "no-reports-here",
            "robots.txt",
            "http://example.com/foo/bar?baz=https%3A%2F%2Ffoo.bar",
            "/private/x",
            "/public",
        ];
        if json {
            args.insert(1, "--json");
        }
        args
    };
    let out = reptest(&dir.0, &args(true));
    assert!(out.status.success(), "{}", text(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(doc["implementations"].as_array().map(Vec::len), Some(2));
    let urls = doc["urls"].as_array().expect("urls");
    assert_eq!(urls.len(), 3);
    // The profiles' readings of an encoded reserved character differ: a split.
    assert_eq!(urls[0]["split"], true, "{}", doc);
    assert_eq!(urls[0]["groups"].as_array().map(Vec::len), Some(2));
    // A path is put on example.com; both disallow it, as the reference does everywhere.
    assert_eq!(urls[1]["url"], "http://example.com/private/x");
    assert_eq!(urls[1]["split"], false);
    assert_eq!(urls[1]["groups"][0]["answer"], "disallow");
    assert_eq!(
        urls[1]["groups"][0]["implementations"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );
    for r in urls[1]["reference"].as_array().expect("reference") {
        assert_eq!(r["verdict"], "disallow");
        assert!(
            r["explanation"]
                .as_str()
                .is_some_and(|e| e.contains("line 3")),
            "{r}"
        );
    }
    assert_eq!(urls[1]["reference"].as_array().map(Vec::len), Some(3));
    let shown = String::from_utf8_lossy(&reptest(&dir.0, &args(false)).stdout).into_owned();
    assert!(shown.contains("(split)"), "{shown}");
    assert!(shown.contains("reference rfc9309"), "{shown}");
}

#[test]
fn no_expectations_are_written_for_an_adapter_that_cannot_answer() {
    let dir = TempDir::new("broken");
    let out = reptest(
        &dir.0,
        &[
            "run",
            "--command",
            "exit 3",
            "--cases",
            "groups/*",
            "--write-expectations",
            "exp.toml",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("could not answer"), "{}", text(&out));
    assert!(!dir.0.join("exp.toml").exists());
}
