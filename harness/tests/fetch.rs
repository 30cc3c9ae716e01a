//! Fetch conformance through the loopback server: the reference's client against every play,
//! what the exchange records, and that a wrong expectation fails.

use std::path::Path;
use std::time::Duration;

use reptest::engines::fetcher::Client;
use reptest::fetch::play::{Host, Play, RULE_BODY};
use reptest::fetch::server::Server;
use reptest::suite::cases::{self, CaseKind};
use reptest_reference::Profile;
use reptest_reference::http::{FetchResult, NetworkError};

fn fetch_cases() -> Vec<cases::Case> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec-cases/fetch.toml");
    cases::load_file(&file).expect("fetch cases load")
}

fn play(id: &str) -> Play {
    let case = fetch_cases()
        .into_iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no case {id}"));
    let CaseKind::Served { play, .. } = case.kind else {
        panic!("{id} is not a fetch case");
    };
    play
}

#[test]
fn network_failures_are_told_apart() {
    let expected = [
        ("fetch/network-stall", NetworkError::Timeout),
        ("fetch/network-refused", NetworkError::Reset),
        ("fetch/network-truncated-body", NetworkError::Truncated),
        (
            "fetch/network-invalid-response",
            NetworkError::InvalidResponse,
        ),
    ];
    // A reset while the body is read reads, to the client, as the body ending early.
    let server = Server::start(&play("fetch/network-reset")).expect("server");
    let exchange = Client::new(Duration::from_millis(800), "FooBot").fetch(&server.robots_url());
    assert!(
        matches!(
            exchange.fetch.result,
            FetchResult::Network(NetworkError::Reset | NetworkError::Truncated)
        ),
        "{}",
        exchange.describe()
    );
    for (id, want) in expected {
        let server = Server::start(&play(id)).expect("server");
        let exchange =
            Client::new(Duration::from_millis(800), "FooBot").fetch(&server.robots_url());
        assert_eq!(
            exchange.fetch.result,
            FetchResult::Network(want),
            "{id}:\n{}",
            exchange.describe()
        );
    }
}

/// A raw HTTP/1.0 request to `origin`, the whole answer as bytes.
fn raw_get(origin: &str, path: &str) -> Vec<u8> {
    use std::io::{Read, Write};
    let addr = origin.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .expect("timeout");
    write!(stream, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").expect("write");
    let mut out = Vec::new();
    let _ = stream.read_to_end(&mut out);
    out
}

#[test]
fn gzip_is_sent_compressed_and_decoded_by_the_client() {
    let server = Server::start(&play("fetch/gzip-content-encoding")).expect("server");
    let answer = raw_get(server.origin(Host::A), "/robots.txt");
    let text = String::from_utf8_lossy(&answer).to_ascii_lowercase();
    assert!(text.contains("content-encoding: gzip"), "{text}");
    let at = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("head ends");
    assert_eq!(&answer[at + 4..at + 6], &[0x1f, 0x8b], "a gzip stream");
    let exchange = Client::new(Duration::from_secs(3), "FooBot").fetch(&server.robots_url());
    assert_eq!(exchange.body.as_deref(), Some(RULE_BODY.as_bytes()));
    // A client that accepts only the identity coding gets the body as it is.
    use reptest::fetch::server::accepts_gzip;
    assert!(accepts_gzip(None));
    assert!(accepts_gzip(Some("gzip, deflate")));
    assert!(accepts_gzip(Some("br;q=1.0, *;q=0.5")));
    assert!(!accepts_gzip(Some("identity")));
    assert!(!accepts_gzip(Some("gzip;q=0, identity")));
}

#[test]
fn the_server_records_requests_and_stops_when_dropped() {
    let server = Server::start(&play("fetch/redirect-cross-host")).expect("server");
    let origin = server.origin(Host::A).to_owned();
    let exchange = Client::new(Duration::from_secs(3), "FooBot").fetch(&server.robots_url());
    assert_eq!(exchange.hops.len(), 2, "{}", exchange.describe());
    let log = server.requests();
    let seen: Vec<(Host, &str)> = log.iter().map(|l| (l.host, l.path.as_str())).collect();
    assert_eq!(seen, [(Host::A, "/robots.txt"), (Host::B, "/robots.txt")]);
    assert!(
        log[0]
            .user_agent
            .as_deref()
            .is_some_and(|ua| ua.starts_with("FooBot"))
    );
    let missing = raw_get(&origin, "/nothing-here");
    let missing = String::from_utf8_lossy(&missing);
    assert!(
        missing.starts_with("HTTP/1.") && missing.contains(" 404 "),
        "{missing}"
    );
}

/// Dropping the server ends its plays, a stalled connection included (a stall otherwise lasts
/// up to a minute).
#[test]
fn dropping_the_server_ends_a_stall() {
    use std::io::Write;
    let server = Server::start(&play("fetch/network-stall")).expect("server");
    let addr = server
        .origin(Host::A)
        .trim_start_matches("http://")
        .to_owned();
    let mut client = std::net::TcpStream::connect(&addr).expect("connect");
    client
        .write_all(b"GET /robots.txt HTTP/1.0\r\n\r\n")
        .expect("write");
    std::thread::sleep(Duration::from_millis(100));
    let started = std::time::Instant::now();
    drop(server);
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "the stall outlived the server"
    );
}

#[test]
fn a_redirect_loop_is_bounded_by_the_client() {
    let server = Server::start(&play("fetch/redirect-loop")).expect("server");
    let exchange = Client::new(Duration::from_secs(3), "FooBot").fetch(&server.robots_url());
    assert!(exchange.fetch.redirect_loop);
    assert!(server.requests().len() <= 2);
}

#[test]
fn a_wrong_expectation_fails() {
    let text = r#"# demo
[[case]]
name = "wrong"
spec = ["rfc9309#2.3.1.4"]
force = "must"
tags = ["http", "fetch"]
serve = [{ status = 503 }]
expect = "conditional"
fetched = ["/not-asked"]
"#;
    let cases = cases::load_str(text, Path::new("spec-cases/demo.toml")).expect("loads");
    let results = cases::run_reference(&cases[0], Profile::Rfc9309);
    assert_eq!(results.len(), 3, "two verdicts and one request check");
    assert!(
        !results[0].passed(),
        "/public: disallowed by the 503, expected allowed"
    );
    assert!(results[1].passed(), "/private: disallowed either way");
    assert!(!results[2].passed(), "/not-asked was never requested");
}

#[test]
fn fetch_cases_are_read_strictly() {
    let bad = [
        (
            "serve = [{ status = 200 }]\nexpect = \"allow\"",
            "expectation",
        ),
        ("serve = [{ status = 200 }]", "checks"),
        (
            "serve = [{ status = 200 }]\nexpect = \"conditional\"\nchecks = [{ url = \"/a\", expect = \"allow\" }]",
            "not both",
        ),
        (
            "serve = [{ status = 200 }]\nchecks = [{ url = \"http://x/a\", expect = \"allow\" }]",
            "path",
        ),
        (
            "robots = \"\"\nagent = \"a\"\nfetched = [\"/a\"]\nchecks = [{ url = \"/a\", expect = \"allow\" }]",
            "fetched",
        ),
        (
            "serve = [{ status = 200, colour = 1 }]\nexpect = \"conditional\"",
            "colour",
        ),
    ];
    for (body, needle) in bad {
        let text = format!(
            "# demo\n[[case]]\nname = \"x\"\nspec = [\"rfc9309#2.3\"]\nforce = \"must\"\n{body}\n"
        );
        let error = cases::load_str(&text, Path::new("spec-cases/demo.toml"))
            .expect_err(body)
            .to_string();
        assert!(error.contains(needle), "{body}: {error}");
        // A TOML error names the file and the line; every other error the file and the case.
        assert!(error.contains("demo.toml"), "{error}");
        assert!(error.contains("`x`") || error.contains("line 6"), "{error}");
    }
}

/// The Python standard library's `urllib.robotparser` (no install needed) fetches every fetch
/// case from the loopback server through its adapter; its verdicts are judged like any
/// adapter's, and the cases whose answer is certain for it are checked here.
#[test]
fn a_fetching_adapter_answers_fetch_cases() {
    use reptest::answer::Status;
    use reptest::engines::adapters;

    // Not skipped when missing: a test that passes without running proves nothing.
    assert!(
        adapters::on_path("python3"),
        "python3 is not on PATH: this test drives the urllib-robotparser adapter with it \
         (install Python 3)"
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let all = adapters::load(&root.join("adapters"), &root.join("../target/adapters"))
        .expect("manifests load");
    let chosen = adapters::select(all, &["urllib-robotparser".to_owned()]).expect("adapter");
    let cases: Vec<cases::Case> = fetch_cases()
        .into_iter()
        .filter(|c| !c.id.contains("stall") && !c.id.contains("timeout-own-limit"))
        .collect();
    let ids = cases.iter().map(|c| c.id.clone()).collect();
    let report = reptest::drive::run_adapter(&chosen[0], &cases, &ids, Duration::from_secs(10));
    assert!(report.unavailable.is_none(), "{:?}", report.unavailable);
    let status = |case: &str, index: usize| {
        report
            .outcomes
            .iter()
            .find(|o| o.case == case && o.index == index)
            .and_then(|o| o.status.get(&Profile::Rfc9309).copied())
    };
    // Every fetch case was asked (two verdicts each, plus request checks).
    let asked: std::collections::BTreeSet<&str> =
        report.outcomes.iter().map(|o| o.case.as_str()).collect();
    assert_eq!(asked.len(), cases.len());
    // The rules of a plain 200 apply; a 404 allows everything; a 503 disallows everything.
    assert_eq!(status("fetch/status-200", 1), Some(Status::Pass));
    assert_eq!(status("fetch/status-404", 1), Some(Status::Pass));
    assert_eq!(status("fetch/status-503", 0), Some(Status::Pass));
    // The redirect was followed and both requests are on the server's record.
    assert_eq!(status("fetch/redirect-301-relative", 2), Some(Status::Pass));
    assert_eq!(status("fetch/redirect-301-relative", 3), Some(Status::Pass));
    // It reads 401 and 403 as "disallow all", against the profile.
    assert_eq!(status("fetch/status-403", 0), Some(Status::Fail));
    // A refused connection raises from read(); by the fetch-failure policy the adapter then
    // asks can_fetch(), which disallows (nothing was read).
    assert_eq!(status("fetch/network-refused", 0), Some(Status::Pass));
    // It sends its own User-Agent, not the agent's; it keeps its copy past `max-age`.
    assert_eq!(
        status("fetch/user-agent-header-holds-token", 2),
        Some(Status::Fail)
    );
    assert_eq!(
        status("fetch/cache-max-age-expired-refetched", 1),
        Some(Status::Fail)
    );
    assert_eq!(
        status("fetch/cache-second-ask-uses-copy", 3),
        Some(Status::Pass)
    );

    // The report: fetch results kept apart from the robots.txt scores, the fetch matrix and
    // the list of what it gets wrong.
    let results = reptest::report::results(
        &cases,
        std::slice::from_ref(&report),
        &std::collections::BTreeMap::new(),
        None,
    );
    let imp = &results.implementations[0];
    assert!(imp.results.is_empty(), "no robots.txt case was asked");
    assert_eq!(imp.fetch_results.len(), report.outcomes.len());
    assert_eq!(results.fetch_cases.len(), cases.len());
    let readme = reptest::report::readme(&results, None).expect("readme");
    assert!(readme.contains("## Fetch conformance"), "{readme}");
    let row = readme
        .lines()
        .find(|l| l.starts_with("| [`fetch/status-403`]"))
        .expect("a row for status-403");
    assert!(row.ends_with("| disallow all ✗ |"), "{row}");
    let row = readme
        .lines()
        .find(|l| l.starts_with("| [`fetch/redirect-301-relative`]"))
        .expect("a row for redirect-301-relative");
    assert!(row.ends_with("| rules ✓; requests ✓ |"), "{row}");
    // What it gets wrong, by force: 403 as "disallow all" breaks the 2019 text's MUST, and
    // differs from RFC 9309 only where its MAY leaves room.
    let page = implementation_page(&results, "urllib-robotparser");
    let block: Vec<&str> = page
        .lines()
        .skip_while(|l| !l.starts_with("Wrong on fetching"))
        .skip(2)
        .take_while(|l| l.starts_with("- "))
        .collect();
    let [binding, raised, no_answer, room] = block[..] else {
        panic!("what it gets wrong: {block:?}");
    };
    assert!(
        raised.starts_with("- raised (its error, no verdict):"),
        "{raised}"
    );
    assert!(
        no_answer.starts_with("- no answer within the harness's wait:"),
        "{no_answer}"
    );
    let (binding_rfc, binding_google) = binding.split_once("; google:").expect("two profiles");
    assert!(
        binding.starts_with("- against MUST/SHOULD: rfc9309:"),
        "{binding}"
    );
    assert!(!binding_rfc.contains("`fetch/status-403`"), "{binding}");
    assert!(binding_google.contains("`fetch/status-403`"), "{binding}");
    let (room_rfc, _) = room.split_once("; google:").expect("two profiles");
    assert!(
        room.starts_with("- differs where the text leaves room:"),
        "{room}"
    );
    assert!(room_rfc.contains("`fetch/status-403`"), "{room}");
    assert!(
        block.iter().all(|l| !l.contains("`fetch/status-200`")),
        "{block:?}"
    );
    let html = reptest::report::html(&results);
    assert!(html.contains("<h2 id=\"fetch\">"));
    assert!(html.contains("<td>disallow all ✗</td>"));
    // What results.json holds reads back the same.
    let json = serde_json::to_string(&results).expect("serialise");
    let back: reptest::report::Results = serde_json::from_str(&json).expect("reads back");
    assert_eq!(back, results);
}

/// `reptest fetch` against the loopback server: the exchange, the outcome with its sentence,
/// the verdicts.
#[test]
fn reptest_fetch_prints_the_exchange_the_outcome_and_the_verdicts() {
    let run = |id: &str, profile: &str| {
        let server = Server::start(&play(id)).expect("server");
        let origin = server.origin(Host::A).to_owned();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_reptest"))
            .args([
                "fetch",
                &format!("{origin}/private"),
                &format!("{origin}/public"),
            ])
            .args(["--agent", "FooBot", "--profile", profile, "--timeout", "3"])
            .output()
            .expect("runs");
        assert!(output.status.success(), "{output:?}");
        (origin, String::from_utf8_lossy(&output.stdout).into_owned())
    };
    let (origin, text) = run("fetch/redirect-301-relative", "rfc9309");
    assert!(
        text.contains(&format!("1. GET {origin}/robots.txt → 301")),
        "{text}"
    );
    assert!(
        text.contains(&format!("2. GET {origin}/robots-real.txt → 200")),
        "{text}"
    );
    assert!(text.contains("outcome: conditional"), "{text}");
    assert!(
        text.contains("§2.3.1.1 “If the crawler successfully downloads"),
        "{text}"
    );
    assert!(
        text.contains(&format!("disallow  {origin}/private")),
        "{text}"
    );
    assert!(
        text.contains(&format!("allow     {origin}/public")),
        "{text}"
    );
    let (origin, text) = run("fetch/status-503", "google");
    assert!(text.contains("outcome: full-disallow"), "{text}");
    assert!(
        text.contains("Server errors are seen as temporary errors"),
        "{text}"
    );
    assert!(
        text.contains(&format!("disallow  {origin}/public")),
        "{text}"
    );
    let (_, text) = run("fetch/status-403", "rfc9309");
    assert!(text.contains("outcome: full-allow"), "{text}");
    assert!(text.contains("§2.3.1.3"), "{text}");
}

/// The reference served over protocol v1 declares the fetch capability and answers fetch
/// requests with its own client.
#[test]
fn the_reference_adapter_fetches_over_the_protocol() {
    use reptest::engines::protocol::WireVerdict;
    use reptest::engines::subprocess::SubprocessEngine;

    let command = ["adapter", "reference", "--profile", "google"];
    let command = std::iter::once(env!("CARGO_BIN_EXE_reptest"))
        .chain(command)
        .map(str::to_owned)
        .collect();
    let mut engine = SubprocessEngine::new("reference", command, Duration::from_secs(10));
    assert!(engine.fetches(), "its hello declares \"fetch\": true");
    let server = Server::start(&play("fetch/redirect-cross-host")).expect("server");
    let origin = server.origin(Host::A);
    let urls = [format!("{origin}/public"), format!("{origin}/private")];
    let verdicts = engine
        .fetch(
            &server.robots_url(),
            "FooBot",
            &urls,
            Duration::from_secs(3),
            None,
        )
        .expect("verdicts");
    assert_eq!(verdicts, [WireVerdict::Allow, WireVerdict::Disallow]);
    assert_eq!(server.requests().len(), 2, "a and then b");
}

/// On a stall, the server records how long the client held the connection before closing it:
/// the client's own timeout for that one request, apart from whatever the adapter does after.
#[test]
fn a_stall_records_how_long_the_client_held_it() {
    use std::io::Write;
    let server = Server::start(&play("fetch/timeout-own-limit")).expect("server");
    let addr = server
        .origin(Host::A)
        .trim_start_matches("http://")
        .to_owned();
    let connected = std::time::Instant::now();
    let mut client = std::net::TcpStream::connect(&addr).expect("connect");
    client
        .write_all(b"GET /robots.txt HTTP/1.0\r\n\r\n")
        .expect("write");
    std::thread::sleep(Duration::from_millis(400));
    assert_eq!(
        server.first_hold(Duration::ZERO),
        None,
        "a connection still held has no hold time"
    );
    drop(client);
    let closed = connected.elapsed();
    let held = server
        .first_hold(Duration::from_secs(5))
        .expect("the close is seen");
    // Counted from the server's accept (it looks for connections every 20 ms) to the close.
    assert!(
        held > Duration::ZERO && held <= closed + Duration::from_millis(100),
        "held {held:?}, closed after {closed:?}"
    );
    assert_eq!(server.requests()[0].path, "/robots.txt");
}

/// The own timeout is printed as measured (to a tenth of a second), the library's hold on its
/// robots.txt request apart from the adapter's whole answer.
#[test]
fn the_own_timeout_is_printed_as_measured() {
    use reptest::suite::runner::OwnTimeout;
    let close = OwnTimeout::Answered {
        held: Some(3.1),
        answered: 3.15,
        given: 3.0,
        error: false,
    };
    assert_eq!(
        close.to_string(),
        "3.1 s on its robots.txt request (it was given 3.0 s), answering verdicts"
    );
    let then_pages = OwnTimeout::Answered {
        held: Some(3.0),
        answered: 9.2,
        given: 3.0,
        error: false,
    };
    assert_eq!(
        then_pages.to_string(),
        "3.0 s on its robots.txt request (it was given 3.0 s); answered verdicts after 9.2 s"
    );
    let open = OwnTimeout::Answered {
        held: None,
        answered: 10.0,
        given: 3.0,
        error: true,
    };
    assert_eq!(
        open.to_string(),
        "not seen: answered its error after 10.0 s (it was given 3.0 s) with its robots.txt \
         request still open"
    );
    assert_eq!(
        OwnTimeout::None { waited: 130.0 }.to_string(),
        "no timeout (no answer within 130 s)"
    );
}

/// A fetching adapter for the tests below: it fetches robots.txt with Python's urllib and no
/// timeout, answers `allow` for every URL when the fetch succeeds, and reports the exception
/// when it raises; on a stalled server it never answers.
const RAISING_ADAPTER: &str = r#"
import json, sys, urllib.request
print(json.dumps({"protocol": 1, "name": "raiser", "implementation": "raiser", "version": "0",
                  "language": "python", "fetch": True}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    try:
        urllib.request.urlopen(request["robots_url"]).read()
        answer = {"id": request["id"], "verdicts": ["allow"] * len(request["urls"])}
    except Exception as e:
        answer = {"id": request["id"], "error": type(e).__name__ + ": " + str(e) + "\nmore"}
    print(json.dumps(answer), flush=True)
"#;

/// A library that raises and one that does not answer within the wait are recorded apart
/// (`error` with its message, `timeout` with the wait), and the report and the run's text
/// say which: "raised: …" against "no answer within N s".
#[test]
fn a_raise_and_no_answer_are_recorded_and_shown_apart() {
    use reptest::answer::Answer;
    use reptest::engines::EngineInfo;
    use reptest::engines::subprocess::SubprocessEngine;
    use reptest::suite::runner::{AdapterReport, Reply, run_fetch_cases};

    assert!(
        reptest::engines::adapters::on_path("python3"),
        "python3 is not on PATH: this test's adapter is a Python script (install Python 3)"
    );
    let dir = std::env::temp_dir().join(format!("reptest-raiser-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let script = dir.join("raiser.py");
    std::fs::write(&script, RAISING_ADAPTER).expect("script");
    let command = vec!["python3".to_owned(), script.to_string_lossy().into_owned()];
    let mut engine = SubprocessEngine::new("raiser", command, Duration::from_secs(1));
    let cases: Vec<cases::Case> = fetch_cases()
        .into_iter()
        .filter(|c| c.id == "fetch/status-503" || c.id == "fetch/network-stall")
        .collect();
    assert_eq!(cases.len(), 2);
    let (outcomes, own) = run_fetch_cases(
        &mut engine,
        &cases,
        &std::collections::BTreeMap::new(),
        Duration::from_secs(1),
    );
    assert_eq!(own, None, "neither case measures the own timeout");
    let reply = |case: &str| {
        outcomes
            .iter()
            .find(|o| o.case == case && o.index == 0)
            .map(|o| o.reply.clone())
            .expect("asked")
    };
    match reply("fetch/status-503") {
        Reply::Error(e) => assert!(
            e.starts_with(reptest::engines::REPORTED) && e.contains("HTTPError"),
            "{e}"
        ),
        other => panic!("a raise is the library's error: {other:?}"),
    }
    // The wait: the engine's 1 s and the fetch timeout's 1 s, in whole seconds.
    assert_eq!(
        reply("fetch/network-stall"),
        Reply::Timeout("no answer within 2 s".to_owned())
    );
    let info = EngineInfo {
        name: "raiser".to_owned(),
        implementation: "raiser".to_owned(),
        version: "0".to_owned(),
        language: "python".to_owned(),
    };
    let report = AdapterReport {
        info,
        mapping: Vec::new(),
        outcomes,
        unavailable: None,
        gave_up: None,
        command: "python3 raiser.py".to_owned(),
        stale_deviations: Vec::new(),
        starts: 2,
        stderr: Vec::new(),
        elapsed: Duration::ZERO,
        own_timeout: None,
    };
    // The run's text.
    let text = reptest::suite::render::render_adapter(&report, Profile::Rfc9309, &cases, false)
        .expect("text");
    assert!(text.contains("got error: raised: HTTPError"), "{text}");
    assert!(text.contains("got timeout: no answer within 2 s"), "{text}");
    // results.json and the report.
    let results = reptest::report::results(
        &cases,
        std::slice::from_ref(&report),
        &std::collections::BTreeMap::new(),
        None,
    );
    let answer = |case: &str| {
        results.implementations[0]
            .fetch_results
            .iter()
            .find(|r| r.case == case && r.check == 0)
            .map(|r| (r.answer, r.detail.clone()))
            .expect("recorded")
    };
    assert_eq!(answer("fetch/status-503").0, Answer::Error);
    assert_eq!(
        answer("fetch/network-stall"),
        (Answer::Timeout, Some("no answer within 2 s".to_owned()))
    );
    let readme = reptest::report::readme(&results, None).expect("readme");
    let row = |id: &str| {
        readme
            .lines()
            .find(|l| l.starts_with(&format!("| [`{id}`]")))
            .unwrap_or_else(|| panic!("a row for {id}"))
            .to_owned()
    };
    let raised = row("fetch/status-503");
    assert!(
        raised.contains("| raised: HTTPError: HTTP Error 503"),
        "{raised}"
    );
    assert!(!raised.contains("more"), "only the first line: {raised}");
    assert!(
        row("fetch/network-stall").ends_with("| no answer within 2 s |"),
        "{}",
        row("fetch/network-stall")
    );
    let page = implementation_page(&results, "raiser");
    let lines: Vec<&str> = page
        .lines()
        .skip_while(|l| !l.starts_with("Wrong on fetching"))
        .collect();
    let line = |start: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("no line {start}: {lines:?}"))
            .to_owned()
    };
    let raised = line("- raised (its error, no verdict): rfc9309:");
    assert!(raised.contains("`fetch/status-503`"), "{raised}");
    assert!(!raised.contains("`fetch/network-stall`"), "{raised}");
    let waited = line("- no answer within the harness's wait: rfc9309:");
    assert!(waited.contains("`fetch/network-stall`"), "{waited}");
    assert!(!waited.contains("`fetch/status-503`"), "{waited}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// §2.4's 24 hours bound a copy whose `max-age` is longer: the reference's client, whose clock
/// can be set, uses a copy 23 hours old and asks again for one 25 hours old; the case passes
/// on the reference, and the second ask is not put to an adapter (it has no clock to set).
#[test]
fn a_copy_is_not_used_past_24_hours_whatever_its_max_age() {
    use reptest::engines::fetcher::DAY;
    let id = "fetch/cache-max-age-over-24-hours-refetched-after-a-day";
    let case = fetch_cases()
        .into_iter()
        .find(|c| c.id == id)
        .expect("the case");
    let CaseKind::Served {
        again_aged_hours, ..
    } = &case.kind
    else {
        panic!("a fetch case");
    };
    assert_eq!(*again_aged_hours, Some(25));
    let server = Server::start(&play(id)).expect("server");
    let client = Client::new(Duration::from_secs(3), "FooBot");
    let first = client.fetch(&server.robots_url());
    assert_eq!(first.cache.max_age, Some(2 * DAY));
    let within = client.fetch_again_aged(&first, Duration::from_secs(23 * 3600));
    assert!(within.hops.is_empty(), "a copy 23 hours old is used");
    let past = client.fetch_again_aged(&first, Duration::from_secs(25 * 3600));
    assert_eq!(past.hops.len(), 1, "a copy 25 hours old is asked for again");
    assert_eq!(server.requests().len(), 2);
    drop(server);
    for result in cases::run_reference(&case, Profile::Rfc9309) {
        assert!(result.passed(), "{result:?}");
    }
    // A second ask needs `again_after_ms` or `again_aged_hours`, never both.
    let text = |extra: &str| {
        format!(
            "# demo\n[[case]]\nname = \"x\"\nspec = [\"rfc9309#2.4\"]\nforce = \"should\"\n\
             serve = [{{ status = 200 }}]\n{extra}\nchecks = [{{ url = \"/a\", again = true, \
             expect = \"allow\" }}]\n"
        )
    };
    let both = cases::load_str(
        &text("again_after_ms = 10\nagain_aged_hours = 25"),
        Path::new("spec-cases/demo.toml"),
    )
    .expect_err("both");
    assert!(both.to_string().contains("not both"), "{both}");
    let neither =
        cases::load_str(&text(""), Path::new("spec-cases/demo.toml")).expect_err("neither");
    assert!(
        neither.to_string().contains("again_aged_hours"),
        "{neither}"
    );
}

/// The fetch causes: a case goes to one of its tags, the one the implementation fails most
/// consistently, so one behaviour failing several cases is one cause; the landing page shows
/// "N causes (M cases)" in a sortable column.
#[test]
fn fetch_failures_are_counted_by_cause() {
    use reptest::answer::{Answer, Status};
    use reptest::report::{CheckRecord, CheckResult, FetchCaseRecord, Implementation, Results};
    use reptest::suite::cases::Force;

    let case = |name: &str, tags: &[&str]| FetchCaseRecord {
        id: format!("fetch/{name}"),
        file: "spec-cases/fetch.toml".to_owned(),
        tags: tags.iter().map(|t| (*t).to_owned()).collect(),
        spec: Vec::new(),
        note: None,
        profiles: vec![Profile::Rfc9309],
        force: [(Profile::Rfc9309, Force::Should)].into_iter().collect(),
        served: "301".to_owned(),
        outcome: [(Profile::Rfc9309, "conditional".to_owned())]
            .into_iter()
            .collect(),
        agent: "FooBot".to_owned(),
        checks: [Answer::Allow, Answer::Disallow]
            .into_iter()
            .map(|a| CheckRecord {
                url: "/x".to_owned(),
                agent: None,
                expect: [(Profile::Rfc9309, a)].into_iter().collect(),
            })
            .collect(),
    };
    let relative = ["http", "fetch", "3xx", "relative-location"];
    let fetch_cases = vec![
        case("redirect-absolute", &["http", "fetch", "3xx"]),
        case("redirect-relative", &relative),
        case("redirect-307", &relative),
        case("redirect-five-hops", &relative),
        case("status-503", &["http", "fetch", "5xx"]),
    ];
    // Passes the absolute redirect, fails every relative one (disallow all), and raises on
    // the 503.
    let mut fetch_results = Vec::new();
    for c in &fetch_cases {
        for (check, expected) in [Answer::Allow, Answer::Disallow].into_iter().enumerate() {
            let (answer, status, detail) = match c.id.as_str() {
                "fetch/redirect-absolute" => (expected, Status::Pass, None),
                "fetch/status-503" => (
                    Answer::Error,
                    Status::Error,
                    Some("implementation error: HTTPError: 503".to_owned()),
                ),
                _ if expected == Answer::Allow => (Answer::Disallow, Status::Fail, None),
                _ => (Answer::Disallow, Status::Pass, None),
            };
            fetch_results.push(CheckResult {
                case: c.id.clone(),
                check,
                answer,
                detail,
                status: [(Profile::Rfc9309, status)].into_iter().collect(),
                answered: None,
            });
        }
    }
    let results = Results {
        schema: reptest::report::SCHEMA,
        generated_by: String::new(),
        cases: Vec::new(),
        implementations: vec![Implementation {
            name: "lib".to_owned(),
            implementation: "lib".to_owned(),
            language: "python".to_owned(),
            version: "1".to_owned(),
            kind: reptest::engines::adapters::Kind::Parser,
            unavailable: None,
            claim: None,
            deviations: std::collections::BTreeMap::new(),
            results: Vec::new(),
            fetch_results,
            records_results: Vec::new(),
        }],
        impact: None,
        fetch_cases,
        records_cases: Vec::new(),
    };
    let imp = &results.implementations[0];
    let causes = reptest::report::scores::causes(
        &results,
        imp,
        reptest::report::scores::Suite::Fetch,
        Profile::Rfc9309,
    );
    let found: Vec<(&str, usize)> = causes
        .iter()
        .map(|c| (c.tag.as_str(), c.cases.len()))
        .collect();
    assert_eq!(found, [("relative-location", 3), ("5xx", 1)], "{causes:?}");
    let readme = reptest::report::readme(&results, None).expect("readme");
    let row = readme
        .lines()
        .find(|l| l.starts_with("| [lib](implementations/lib.md)") && l.contains("python 1"))
        .expect("the summary row");
    assert!(row.ends_with("| 2 causes (4 cases) |"), "{row}");
    assert!(readme.contains("fetch causes"), "the column is named");
    assert!(
        readme.contains("counts once"),
        "the text says how a cause is counted"
    );
    let scores = readme
        .lines()
        .find(|l| {
            l.starts_with("| [lib](implementations/lib.md)") && l.contains("relative-location")
        })
        .expect("the fetch scores row");
    assert!(
        scores.contains("2 causes (4 cases): relative-location (3), 5xx (1)"),
        "{scores}"
    );
    let html = reptest::report::html(&results);
    assert!(
        html.contains(">fetch causes</th>"),
        "a column of the summary"
    );
    assert!(
        html.contains("<td data-sort=\"2004\">2<span class=\"sub\">4 cases</span></td>"),
        "sortable by causes, then cases"
    );
}

/// An implementation's page of the report drawn from `results` (no findings).
fn implementation_page(results: &reptest::report::Results, name: &str) -> String {
    let measured = reptest::fuzz::filing::Measured::default();
    let pages = reptest::report::pages(results, None, &measured).expect("pages");
    let file = format!("implementations/{name}.md");
    pages
        .into_iter()
        .find(|(path, _)| *path == file)
        .unwrap_or_else(|| panic!("no page {file}"))
        .1
}
