//! Opens the report page, drawn from the committed `reports/results.json`, in headless
//! Chromium (Debian's `chromium`, installed here when missing and running as root), checks
//! that the matrix shows every implementation's score as the results have it, and saves a
//! screenshot (`target/tmp/report/index.png`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use reptest::report::{self, Results};
use reptest_reference::Profile;

fn chromium() -> PathBuf {
    for candidate in ["/usr/bin/chromium", "/usr/bin/chromium-browser"] {
        if Path::new(candidate).exists() {
            return PathBuf::from(candidate);
        }
    }
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0");
    assert!(
        root,
        "headless Chromium is needed: install Debian's `chromium` package (apt-get install chromium)"
    );
    eprintln!("installing Debian's chromium for the report page test");
    let ok = Command::new("sh")
        .args([
            "-c",
            "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium",
        ])
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "apt-get install chromium failed");
    PathBuf::from("/usr/bin/chromium")
}

/// Runs Chromium headless with `args` and the page, killing it after two minutes.
fn run_chromium(browser: &Path, profile: &Path, args: &[&str], page: &Path) -> String {
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let mut stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut text).ok();
        text
    });
    let started = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            break;
        }
        if started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("chromium did not finish within two minutes");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    reader.join().expect("reader")
}

/// `(implementation, passed, total)` from the score cells of the rendered DOM.
fn scores(dom: &str) -> Vec<(String, usize, usize)> {
    let attribute = |tag: &str, name: &str| -> Option<String> {
        let start = tag.find(&format!("{name}=\""))? + name.len() + 2;
        let end = tag[start..].find('"')? + start;
        Some(tag[start..end].to_owned())
    };
    dom.match_indices("<th class=\"score\"")
        .filter_map(|(at, _)| {
            let tag = &dom[at..at + dom[at..].find('>')?];
            Some((
                attribute(tag, "data-impl")?,
                attribute(tag, "data-passed")?.parse().ok()?,
                attribute(tag, "data-total")?.parse().ok()?,
            ))
        })
        .collect()
}

#[test]
fn the_matrix_shows_the_scores_of_the_results() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let text = std::fs::read_to_string(root.join("reports/results.json"))
        .expect("reports/results.json is committed (`cargo report` makes it)");
    let results: Results = serde_json::from_str(&text).expect("results.json matches its schema");
    assert!(
        !results.implementations.is_empty(),
        "no implementation in the results"
    );
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("report");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let page = dir.join("index.html");
    std::fs::write(&page, report::html(&results)).expect("page written");
    let browser = chromium();

    let dom = run_chromium(&browser, &dir.join("profile"), &["--dump-dom"], &page);
    let shown = scores(&dom);
    assert_eq!(
        shown.len(),
        results.implementations.len(),
        "the page shows {} score cells; is its script running?",
        shown.len()
    );
    for (name, passed, total) in &shown {
        let imp = results
            .implementations
            .iter()
            .find(|i| &i.name == name)
            .unwrap_or_else(|| panic!("the page shows an unknown implementation {name}"));
        assert_eq!(
            (*passed, *total),
            report::score(&results, imp, Profile::Rfc9309, None),
            "{name}: the page's rfc9309 score differs from results.json"
        );
    }
    let checks: usize = results
        .cases
        .iter()
        .flat_map(|c| &c.checks)
        .filter(|c| c.expect.contains_key(&Profile::Rfc9309))
        .count();
    assert!(
        dom.contains(&format!(">{checks} checks<")),
        "the page does not count {checks} rfc9309 checks"
    );

    let shot = dir.join("index.png");
    run_chromium(
        &browser,
        &dir.join("profile"),
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1600,1400",
            "--hide-scrollbars",
        ],
        &page,
    );
    let size = std::fs::metadata(&shot).map(|m| m.len()).unwrap_or(0);
    assert!(
        size > 10_000,
        "the screenshot is missing or blank ({size} bytes)"
    );
}
