//! Opens the report page in headless Chromium (Debian's `chromium`, installed here when
//! missing and running as root): drawn from the committed `reports/results.json`, checks that
//! the matrix shows every implementation's score as the results have it; the committed
//! `reports/index.html`, at desktop and phone widths, clicks from the summary to the best
//! Python parser's page and back, asserting what is visible at each step. Saves the
//! screenshots under `target/tmp/report/`.

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

/// A page that loads `index.html` in a frame filling the window, clicks through it and writes
/// what it saw as JSON into `#result`; `?stop=summary|implementation|back` stops there (for a
/// screenshot of that state).
const HARNESS: &str = r###"<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>html, body { margin: 0; height: 100%; } iframe { border: 0; width: 100%; height: 100%; display: block; }
#result { display: none; }</style></head>
<body><iframe id="frame" src="index.html"></iframe><pre id="result"></pre>
<script>
"use strict";
const stop = new URLSearchParams(location.search).get("stop") || "";
const frame = document.getElementById("frame");
const seen = {};
function visible(doc, el) {
  if (!el) return false;
  const box = el.getBoundingClientRect();
  return !el.closest("[hidden]") && box.width > 0 && box.height > 0;
}
function look(label) {
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  const page = doc.querySelector(".impl-page:not([hidden])");
  const python = doc.querySelector("ul.choosing li[data-language=python]");
  const first = doc.querySelector("#summary-table tbody tr th");
  seen[label] = {
    hash: win.location.hash,
    width: win.innerWidth,
    overflow: doc.documentElement.scrollWidth - win.innerWidth,
    summary: visible(doc, doc.getElementById("summary-table")),
    summaryRows: doc.querySelectorAll("#summary-table tbody tr").length,
    firstName: first ? first.textContent : null,
    firstNameVisible: first ? first.getBoundingClientRect().right <= win.innerWidth + 1 && visible(doc, first) : false,
    python: python ? python.textContent : null,
    pythonLink: python ? python.querySelector("a.impl-link").textContent : null,
    page: page ? page.dataset.impl : null,
    pageVisible: visible(doc, page),
    heading: page ? page.querySelector("h2").textContent : null,
    causes: page ? page.querySelectorAll("ol.causes li").length : 0,
    causeVisible: page ? visible(doc, page.querySelector("ol.causes li")) : false,
    caseLinks: page ? page.querySelectorAll("a.case-link").length : 0,
    backVisible: page ? visible(doc, page.querySelector("a.back")) : false,
    choosingVisible: visible(doc, doc.querySelector("ul.choosing li[data-language=python]")),
    cellVisible: Array.from(doc.querySelectorAll("#matrix td.cell")).some((td) => {
      const box = td.getBoundingClientRect();
      return visible(doc, td) && box.right <= win.innerWidth && box.bottom <= win.innerHeight && box.top >= 0;
    }),
  };
}
function finish() { document.getElementById("result").textContent = JSON.stringify(seen); }
function jump(hash, label) {
  frame.contentWindow.location.hash = hash;
  setTimeout(() => { look(label); finish(); }, 500);
}
frame.addEventListener("load", () => {
  look("summary");
  if (stop === "summary") return finish();
  if (stop === "choosing") return jump("choosing", "choosing");
  if (stop === "matrix") return jump("case-matrix", "matrix");
  frame.contentDocument.querySelector("ul.choosing li[data-language=python] a.impl-link").click();
  setTimeout(() => {
    look("implementation");
    if (stop === "implementation") return finish();
    frame.contentWindow.history.back();
    setTimeout(() => { look("back"); finish(); }, 500);
  }, 500);
});
</script></body></html>
"###;

/// The JSON the harness wrote into `#result` of the dumped DOM.
fn harness_result(dom: &str) -> serde_json::Value {
    let start = dom.find("<pre id=\"result\">").expect("the harness ran") + 17;
    let end = dom[start..].find("</pre>").expect("closed") + start;
    let text = dom[start..end]
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn the_summary_leads_to_the_best_python_parser_and_back_at_desktop_and_phone_widths() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let text = std::fs::read_to_string(root.join("reports/results.json"))
        .expect("reports/results.json is committed (`cargo report` makes it)");
    let results: Results = serde_json::from_str(&text).expect("results.json matches its schema");
    // The best Python parser by the data: the highest share of rfc9309 MUST/SHOULD checks.
    let conformance = |imp: &report::Implementation| {
        report::scores::checks(
            &results,
            imp,
            report::scores::Suite::Robots,
            Profile::Rfc9309,
            Some(report::ForceGroup::Conformance),
        )
        .share()
    };
    let best = results
        .implementations
        .iter()
        .filter(|i| i.language == "python")
        .max_by(|a, b| conformance(a).total_cmp(&conformance(b)))
        .expect("a Python implementation in the results");
    let has_findings = root
        .join(format!("reports/findings/{}.md", best.name))
        .is_file();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("report-clicks");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    // The committed page: `reptest report --check` holds it to be what the code draws from the
    // committed results and findings (drawing it here would read the 58 MB findings index).
    std::fs::copy(root.join("reports/index.html"), dir.join("index.html")).expect("page copied");
    let harness = dir.join("harness.html");
    std::fs::write(&harness, HARNESS).expect("harness written");
    let browser = chromium();
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("report");
    std::fs::create_dir_all(&shots).expect("screenshot dir");
    for (width, height, label) in [(1400, 1000, "desktop"), (390, 844, "phone")] {
        let size = format!("--window-size={width},{height}");
        let common = [
            "--allow-file-access-from-files",
            "--virtual-time-budget=8000",
            "--hide-scrollbars",
            size.as_str(),
        ];
        let dom = run_chromium(
            &browser,
            &dir.join(format!("profile-{label}")),
            &[&common[..], &["--dump-dom"]].concat(),
            &harness,
        );
        let seen = harness_result(&dom);
        let step = |s: &str| &seen[s];
        let summary = step("summary");
        assert_eq!(
            summary["summary"], true,
            "{label}: the summary is not visible: {seen}"
        );
        assert_eq!(
            summary["summaryRows"],
            results.implementations.len(),
            "{label}: one summary row per implementation"
        );
        assert_eq!(
            summary["firstNameVisible"], true,
            "{label}: the first row's name is cut: {seen}"
        );
        assert!(
            summary["overflow"].as_i64().unwrap_or(i64::MAX) <= 1,
            "{label}: the page scrolls sideways: {seen}"
        );
        assert_eq!(
            summary["pythonLink"], best.name,
            "{label}: \"choosing a parser\" names another Python parser than the best: {seen}"
        );
        let python = summary["python"].as_str().unwrap_or_default();
        assert!(
            python.contains("Still breaks") || python.contains("No MUST/SHOULD"),
            "{label}: the Python choice says nothing of what it gets wrong: {python}"
        );
        // Its top finding, when the differential campaign filed any for it.
        assert_eq!(
            python.contains("Top defect"),
            has_findings,
            "{label}: the Python choice and reports/findings/{}.md disagree: {python}",
            best.name
        );
        let page = step("implementation");
        assert_eq!(
            page["hash"],
            format!("#impl/{}", best.name),
            "{label}: {seen}"
        );
        assert_eq!(
            page["summary"], false,
            "{label}: the summary still shows on the page"
        );
        assert_eq!(
            page["pageVisible"], true,
            "{label}: the implementation page is hidden"
        );
        assert_eq!(page["heading"], best.name);
        assert!(
            page["causes"].as_u64().unwrap_or(0) > 0,
            "{label}: no cause listed: {seen}"
        );
        assert_eq!(page["causeVisible"], true, "{label}: {seen}");
        assert!(
            page["caseLinks"].as_u64().unwrap_or(0) > 0,
            "{label}: no case link"
        );
        assert_eq!(page["backVisible"], true, "{label}: no way back");
        assert!(
            page["overflow"].as_i64().unwrap_or(i64::MAX) <= 1,
            "{label}: the implementation page scrolls sideways: {seen}"
        );
        let back = step("back");
        assert_eq!(
            back["summary"], true,
            "{label}: back did not return to the summary: {seen}"
        );
        assert_eq!(back["page"], serde_json::Value::Null, "{label}: {seen}");
        let seen_at = |stop: &str| {
            let url_page = PathBuf::from(format!("{}?stop={stop}", harness.display()));
            let dom = run_chromium(
                &browser,
                &dir.join(format!("profile-{label}-{stop}-dom")),
                &[&common[..], &["--dump-dom"]].concat(),
                &url_page,
            );
            harness_result(&dom)[stop].clone()
        };
        let choosing = seen_at("choosing");
        assert_eq!(
            choosing["choosingVisible"], true,
            "{label}: the Python choice is not in view after following its link: {choosing}"
        );
        let matrix = seen_at("matrix");
        assert_eq!(
            matrix["cellVisible"], true,
            "{label}: no cell of the case matrix is in view: {matrix}"
        );
        for stop in ["summary", "choosing", "implementation", "back", "matrix"] {
            let shot = shots.join(format!("{label}-{stop}.png"));
            let url_page = PathBuf::from(format!("{}?stop={stop}", harness.display()));
            run_chromium(
                &browser,
                &dir.join(format!("profile-{label}-{stop}")),
                &[&common[..], &[&format!("--screenshot={}", shot.display())]].concat(),
                &url_page,
            );
            let bytes = std::fs::metadata(&shot).map(|m| m.len()).unwrap_or(0);
            assert!(
                bytes > 5_000,
                "{}: missing or blank ({bytes} bytes)",
                shot.display()
            );
        }
    }
}
