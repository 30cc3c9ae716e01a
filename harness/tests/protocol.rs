//! Protocol v1 round trips against `reptest adapter reference`, run as a real child process.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use reptest::engines::protocol::{Hello, Request, Response, WireVerdict};

fn exchange(profile: &str, lines: &[String]) -> (Hello, Vec<Response>, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_reptest"))
        .args(["adapter", "reference", "--profile", profile])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn reptest");
    let mut stdin = child.stdin.take().expect("stdin");
    for line in lines {
        writeln!(stdin, "{line}").expect("write request");
    }
    drop(stdin);
    let stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut out = stdout.lines().map(|l| l.expect("read line"));
    let hello: Hello = serde_json::from_str(&out.next().expect("hello line")).expect("hello");
    let responses = out
        .map(|l| serde_json::from_str(&l).expect("response line"))
        .collect();
    let status = child.wait().expect("wait");
    (hello, responses, status.success())
}

fn request(id: u64, body: &[u8], agent: &str, urls: &[&str]) -> String {
    let urls = urls.iter().map(|u| (*u).to_owned()).collect();
    serde_json::to_string(&Request::new(id, body, agent, urls)).expect("serialise")
}

#[test]
fn hello_then_one_answer_per_request_in_order_then_exit_zero() {
    let lines = [
        request(
            1,
            b"user-agent: *\ndisallow: /a\n",
            "Bot",
            &["http://e.com/a", "http://e.com/b"],
        ),
        request(
            2,
            b"user-agent: bot\ndisallow: /\n",
            "Bot/1.0",
            &["http://e.com/"],
        ),
        request(3, b"", "Bot", &[]),
    ];
    let (hello, responses, ok) = exchange("rfc9309", &lines);
    assert_eq!(hello.protocol, 1);
    assert_eq!(hello.language, "rust");
    assert_eq!(
        hello.extra.get("profile").and_then(|v| v.as_str()),
        Some("rfc9309")
    );
    let ids: Vec<_> = responses.iter().map(|r| r.id).collect();
    assert_eq!(ids, [Some(1), Some(2), Some(3)]);
    assert_eq!(
        responses[0].verdicts,
        Some(vec![WireVerdict::Disallow, WireVerdict::Allow])
    );
    assert_eq!(responses[1].verdicts, Some(vec![WireVerdict::Disallow]));
    assert_eq!(responses[2].verdicts, Some(vec![]));
    assert!(ok, "adapter exits 0 on EOF");
}

#[test]
fn bodies_that_are_not_utf8_round_trip() {
    // A BOM, a Latin-1 byte in a rule, a bare CR, and a NUL.
    let body = b"\xEF\xBB\xBFuser-agent: *\rdisallow: /caf\xE9\ndisallow: /n\0x\n";
    let lines = [request(
        9,
        body,
        "Bot",
        &[
            "http://e.com/caf%E9",
            "http://e.com/cafe",
            "http://e.com/n%00x",
        ],
    )];
    let (_, responses, ok) = exchange("rfc9309", &lines);
    assert_eq!(
        responses[0].verdicts,
        Some(vec![
            WireVerdict::Disallow,
            WireVerdict::Allow,
            WireVerdict::Disallow
        ])
    );
    assert!(ok);
}

#[test]
fn profiles_differ_over_the_wire() {
    let body = b"useragent: bot\ndisallow: /x\n";
    let lines = [request(4, body, "bot", &["http://e.com/x"])];
    let (_, rfc, _) = exchange("rfc9309", &lines);
    let (_, google, _) = exchange("google", &lines);
    assert_eq!(rfc[0].verdicts, Some(vec![WireVerdict::Allow]));
    assert_eq!(google[0].verdicts, Some(vec![WireVerdict::Disallow]));
}

#[test]
fn bad_requests_get_errors_and_the_adapter_goes_on() {
    let lines = [
        "this is not json".to_owned(),
        r#"{"id":5,"robots_b64":"%%%","agent":"a","urls":[]}"#.to_owned(),
        request(6, b"user-agent: *\ndisallow: /\n", "a", &["not a url"]),
        request(7, b"user-agent: *\ndisallow: /\n", "a", &["http://e.com/"]),
    ];
    let (_, responses, ok) = exchange("google", &lines);
    assert_eq!(responses.len(), 4);
    assert_eq!(responses[0].id, None);
    assert!(
        responses[0]
            .error
            .as_deref()
            .is_some_and(|e| e.contains("malformed request"))
    );
    assert_eq!(responses[1].id, Some(5));
    assert!(responses[1].error.is_some());
    assert_eq!(responses[2].id, Some(6));
    assert!(
        responses[2]
            .error
            .as_deref()
            .is_some_and(|e| e.contains("not a url"))
    );
    assert_eq!(responses[3].verdicts, Some(vec![WireVerdict::Disallow]));
    assert!(ok);
}
