//! The harness survives adapters that break: the deliberately faulty adapter
//! (`reptest adapter faulty`, see `harness/src/engines/faulty.rs`) crashes, hangs, prints garbage and
//! answers the wrong id or the wrong number of verdicts on marked cases; each is recorded for
//! its case, the adapter is restarted, and every other case keeps its result. A hang and a
//! late answer are timeouts, with the time measured, not errors.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;

use reptest::answer::Status;
use reptest::engines::adapters;
use reptest::suite::cases;
use reptest::suite::runner::Reply;
use reptest_reference::Profile;

const CASES: &str = r##"# Cases that trip the faulty adapter, one fault each, between plain cases.
[[case]]
name = "before"
spec = ["issue#3"]
force = "must"
robots = "user-agent: *\ndisallow: /private\n"
agent = "FooBot"
checks = [
  { url = "http://example.com/private/x", expect = "disallow" },
  { url = "http://example.com/public", expect = "allow" },
]

[[case]]
name = "crash"
spec = ["issue#3"]
force = "must"
robots = "#crash\nuser-agent: *\ndisallow: /\n"
agent = "FooBot"
checks = [{ url = "http://example.com/", expect = "disallow" }]

[[case]]
name = "after-crash"
spec = ["issue#3"]
force = "must"
robots = "user-agent: *\ndisallow: /a\n"
agent = "FooBot"
checks = [{ url = "http://example.com/a", expect = "disallow" }]

[[case]]
name = "hang"
spec = ["issue#3"]
force = "must"
robots = "#hang\nuser-agent: *\ndisallow: /\n"
agent = "FooBot"
checks = [{ url = "http://example.com/", expect = "disallow" }]

[[case]]
name = "slow"
spec = ["issue#3"]
force = "must"
robots = "#slow\nuser-agent: *\ndisallow: /\n"
agent = "FooBot"
checks = [{ url = "http://example.com/", expect = "disallow" }]

[[case]]
name = "garbage"
spec = ["issue#3"]
force = "must"
robots = "#garbage\nuser-agent: *\ndisallow: /\n"
agent = "FooBot"
checks = [{ url = "http://example.com/", expect = "disallow" }]

[[case]]
name = "short"
spec = ["issue#3"]
force = "must"
robots = "#short\nuser-agent: *\ndisallow: /\n"
agent = "FooBot"
checks = [
  { url = "http://example.com/", expect = "disallow" },
  { url = "http://example.com/b", expect = "disallow" },
]

[[case]]
name = "wrong-id"
spec = ["issue#3"]
force = "must"
robots = "#wrong-id\nuser-agent: *\ndisallow: /\n"
agent = "FooBot"
checks = [{ url = "http://example.com/", expect = "disallow" }]

[[case]]
name = "reported-error"
spec = ["issue#3"]
force = "must"
robots = "#error\n"
agent = "FooBot"
checks = [{ url = "http://example.com/", expect = "allow" }]

[[case]]
name = "unsupported"
spec = ["issue#3"]
force = "must"
robots = "#unsupported\n"
agent = "FooBot"
checks = [{ url = "http://example.com/", expect = "allow" }]

[[case]]
name = "known"
spec = ["issue#3"]
force = "must"
robots = "user-agent: *\ndisallow: /k\n"
agent = "FooBot"
checks = [{ url = "http://example.com/k", expect = "allow" }]

[[case]]
name = "listed-but-passes"
spec = ["issue#3"]
force = "must"
robots = "user-agent: *\ndisallow: /k\n"
agent = "FooBot"
checks = [{ url = "http://example.com/k", expect = "disallow" }]

[[case]]
name = "last"
spec = ["issue#3"]
force = "must"
robots = "user-agent: *\nallow: /\n"
agent = "FooBot"
checks = [{ url = "http://example.com/z", expect = "allow" }]
"##;

fn manifest(dir: &std::path::Path) -> PathBuf {
    let adapters_dir = dir.join("adapters");
    let faulty = adapters_dir.join("faulty");
    std::fs::create_dir_all(&faulty).expect("create adapter dir");
    let toml = format!(
        r#"name = "faulty"
implementation = "reptest faulty test adapter"
language = "rust"
version = "0"
source = "harness/src/engines/faulty.rs"
run = ["{}", "adapter", "faulty"]

[[deviation]]
case = "faulty/known"
reason = "the test expects the wrong answer on purpose"

[[deviation]]
case = "faulty/listed-but-passes"
reason = "listed although it passes: must be reported as an unexpected pass"

[[deviation]]
case = "faulty/no-such-case"
reason = "names no case: must be reported as stale"
"#,
        env!("CARGO_BIN_EXE_reptest")
    );
    std::fs::write(faulty.join(adapters::MANIFEST), toml).expect("write manifest");
    adapters_dir
}

#[test]
fn every_fault_is_recorded_and_every_other_result_kept() {
    let dir = std::env::temp_dir().join(format!("reptest-faulty-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let adapters_dir = manifest(&dir);
    let all = adapters::load(&adapters_dir, &dir.join("install")).expect("load manifests");
    assert_eq!(all.len(), 1);
    assert!(
        all[0].is_set_up(),
        "an adapter with nothing to install is set up"
    );

    let cases = cases::load_str(CASES, std::path::Path::new("faulty.toml")).expect("cases");
    let ids: BTreeSet<String> = cases.iter().map(|c| c.id.clone()).collect();
    let report = reptest::drive::run_adapter(&all[0], &cases, &ids, Duration::from_millis(1500));
    let _ = std::fs::remove_dir_all(&dir);

    assert_eq!(report.unavailable, None);
    assert_eq!(report.info.implementation, "reptest faulty test adapter");
    let status = |case: &str, index: usize| {
        report
            .outcomes
            .iter()
            .find(|o| o.case == format!("faulty/{case}") && o.index == index)
            .and_then(|o| o.status.get(&Profile::Google).copied())
            .unwrap_or_else(|| panic!("no outcome for {case}#{index}"))
    };
    let answer = |case: &str| {
        report
            .outcomes
            .iter()
            .find(|o| o.case == format!("faulty/{case}"))
            .map(|o| o.reply.clone())
            .unwrap_or_else(|| panic!("no outcome for {case}"))
    };
    let error_text = |case: &str| match answer(case) {
        Reply::Error(e) => e,
        other => panic!("{case}: expected an error, got {other:?}"),
    };

    // Every check of every case has an outcome: nothing was lost.
    let expected_checks: usize = cases.iter().map(cases::Case::check_count).sum();
    assert_eq!(report.outcomes.len(), expected_checks);

    assert_eq!(status("before", 0), Status::Pass);
    assert_eq!(status("before", 1), Status::Pass);
    assert!(
        error_text("crash").contains("crashed"),
        "{}",
        error_text("crash")
    );
    assert!(
        error_text("crash").contains("crashing on purpose"),
        "stderr is kept with the error: {}",
        error_text("crash")
    );
    assert_eq!(status("after-crash", 0), Status::Pass);
    // A hang is a timeout, measured as "later than twice the limit"; a late answer is a
    // timeout with the time it took (two seconds against a limit of 1.5), apart from errors.
    let timeout_text = |case: &str| match answer(case) {
        Reply::Timeout(e) => e,
        other => panic!("{case}: expected a timeout, got {other:?}"),
    };
    assert!(
        timeout_text("hang").contains("no answer within the timeout of 1.5s"),
        "{}",
        timeout_text("hang")
    );
    let slow = timeout_text("slow");
    assert!(slow.starts_with("answered after "), "{slow}");
    assert!(slow.ends_with(", past the timeout of 1.5s"), "{slow}");
    let took: f64 = slow["answered after ".len()..]
        .split('s')
        .next()
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("no time in {slow}"));
    assert!((2.0..3.0).contains(&took), "{slow}");
    assert_eq!(answer("slow").answer(), reptest::answer::Answer::Timeout);
    assert_eq!(answer("hang").answer(), reptest::answer::Answer::Timeout);
    assert!(error_text("garbage").contains("unreadable response"));
    assert!(error_text("short").contains("1 verdicts for 2 URLs"));
    assert_eq!(status("short", 0), Status::Error);
    assert_eq!(status("short", 1), Status::Error);
    assert!(error_text("wrong-id").contains("answered id"));
    assert!(error_text("reported-error").contains("cannot parse this on purpose"));
    assert_eq!(status("unsupported", 0), Status::Unsupported);
    assert_eq!(status("known", 0), Status::KnownFail);
    assert_eq!(status("listed-but-passes", 0), Status::UnexpectedPass);
    assert_eq!(status("last", 0), Status::Pass);
    assert_eq!(
        report.stale_deviations,
        vec!["faulty/no-such-case".to_owned()]
    );

    // Crash, hang, garbage, short and wrong id each cost one restart; a reported error and a
    // late answer do not.
    assert_eq!(report.starts, 6, "starts: {}", report.starts);
    assert!(!report.broken());

    let text = reptest::suite::render::render_adapter(&report, Profile::Google, &cases, false)
        .expect("renders");
    assert!(
        text.contains("unexpected-pass faulty/listed-but-passes"),
        "{text}"
    );
    assert!(text.contains("STALE deviation"), "{text}");
    let doc = reptest::suite::document::RunDocument::new(
        std::slice::from_ref(&report),
        &cases,
        Vec::new(),
    );
    let json = serde_json::to_value(&doc).expect("serialisable");
    // crash, hang, garbage, wrong id, the reported error, both checks of `short`, and the
    // late answer: no verdict to judge; the answers tell the timeouts apart.
    assert_eq!(json["adapters"][0]["summary"]["google"]["error"], 8);
    let answers: Vec<&str> = json["adapters"][0]["results"]
        .as_array()
        .map(|r| r.iter().filter_map(|o| o["answer"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(answers.iter().filter(|a| **a == "timeout").count(), 2);
    assert_eq!(answers.iter().filter(|a| **a == "error").count(), 6);
    assert!(text.contains("2 checks timed out"), "{text}");
}

#[test]
fn an_adapter_that_cannot_start_is_reported_and_the_run_goes_on() {
    let dir = std::env::temp_dir().join(format!("reptest-missing-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let broken = dir.join("adapters").join("missing");
    std::fs::create_dir_all(&broken).expect("create adapter dir");
    std::fs::write(
        broken.join(adapters::MANIFEST),
        r#"name = "missing"
implementation = "nothing"
language = "none"
version = "0"
source = "nowhere"
run = ["/nonexistent/reptest-adapter"]
"#,
    )
    .expect("write manifest");
    let all = adapters::load(&dir.join("adapters"), &dir.join("install")).expect("load");
    let cases = cases::load_str(CASES, std::path::Path::new("faulty.toml")).expect("cases");
    let ids: BTreeSet<String> = cases.iter().map(|c| c.id.clone()).collect();
    let reports =
        reptest::drive::run_adapters(&all, &cases, &ids, Duration::from_secs(2), 2, &|_, _| {});
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(reports.len(), 1);
    let report = &reports[0];
    assert!(report.broken());
    let why = report.unavailable.as_deref().unwrap_or_default();
    assert!(why.contains("cannot start"), "{why}");
    assert!(
        report
            .outcomes
            .iter()
            .all(|o| o.status.values().all(|s| *s == Status::Error)),
        "every check is an error, none a pass"
    );
}
