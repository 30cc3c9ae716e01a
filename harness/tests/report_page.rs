//! Opens the report page in headless Chromium (Debian's `chromium`; each test skips, saying
//! why, where it is not installed): drawn from the committed `reports/results.json`, checks
//! that the matrix shows every implementation's score as the results have it; the committed
//! `reports/index.html`, at desktop (1280×800) and phone (390×844) sizes, goes from the summary
//! to the best Python parser's choice (its name and top defect in view), to its page and back,
//! asserting what is visible at each step. Saves the screenshots under `target/tmp/report/`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use reptest::report::{self, Results};
use reptest_reference::Profile;

/// Debian's headless Chromium, or `None` (the caller skips, saying why).
fn chromium() -> Option<PathBuf> {
    let found = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .into_iter()
        .map(PathBuf::from)
        .find(|p| p.exists());
    if found.is_none() {
        eprintln!(
            "skipped: no headless Chromium at /usr/bin/chromium or /usr/bin/chromium-browser \
             (Debian: apt-get install chromium)"
        );
    }
    found
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
    let Some(browser) = chromium() else {
        return;
    };

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

/// A page that loads `index.html` in a frame of exactly `?w=` × `?h=` pixels (Chromium's
/// headless window is never narrower than 500 px, so the frame, not the window, is the phone),
/// does what a reader does and writes what it saw at each step as JSON into `#result`: the
/// summary; the header's "Python" link (the choice of a Python parser); that parser's name
/// (its page); the browser's back button. `?stop=` ends after that step (for its screenshot);
/// `?stop=matrix` jumps to the case matrix instead, `?stop=sorted` sorts the summary by name.
const HARNESS: &str = r###"<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>html, body { margin: 0; } iframe { border: 0; display: block; }
#result { display: none; }</style></head>
<body><iframe id="frame"></iframe><pre id="result"></pre>
<script>
"use strict";
const params = new URLSearchParams(location.search);
const stop = params.get("stop") || "";
const frame = document.getElementById("frame");
frame.style.width = params.get("w") + "px";
frame.style.height = params.get("h") + "px";
frame.src = "index.html";
const seen = {};
function visible(el) {
  if (!el) return false;
  const box = el.getBoundingClientRect();
  return !el.closest("[hidden]") && box.width > 0 && box.height > 0;
}
// Wholly inside the frame's viewport, as a reader sees it without scrolling.
function inView(win, el) {
  if (!visible(el)) return false;
  const box = el.getBoundingClientRect();
  return box.top >= 0 && box.left >= 0 && box.bottom <= win.innerHeight + 1 && box.right <= win.innerWidth + 1;
}
function look(label) {
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  const page = doc.querySelector(".impl-page:not([hidden])");
  const python = doc.getElementById("choosing-python");
  const pythonLink = python ? python.querySelector("a.impl-link") : null;
  const topDefect = python ? python.querySelector(".top-defect") : null;
  const first = doc.querySelector("#summary-table tbody tr th");
  const bestRow = pythonLink ? doc.querySelector("#summary-table tr[data-impl='" + pythonLink.textContent + "'] th") : null;
  const headers = Array.from(doc.querySelectorAll("#summary-table thead th"));
  seen[label] = {
    hash: win.location.hash,
    width: win.innerWidth,
    height: win.innerHeight,
    overflow: doc.documentElement.scrollWidth - win.innerWidth,
    summary: visible(doc.getElementById("summary-table")),
    summaryRows: doc.querySelectorAll("#summary-table tbody tr").length,
    summaryHeadersInView: headers.filter((th) => th.getBoundingClientRect().right <= win.innerWidth + 1).length,
    summaryHeaders: headers.length,
    firstName: first ? first.querySelector("a.impl-link").textContent : null,
    firstNameVisible: first ? first.getBoundingClientRect().right <= win.innerWidth + 1 && visible(first) : false,
    pythonHeaderLink: !!doc.querySelector("header nav.languages a[href='#choosing-python']"),
    python: python ? python.textContent : null,
    pythonLink: pythonLink ? pythonLink.textContent : null,
    pythonInView: inView(win, pythonLink),
    topDefect: topDefect ? topDefect.textContent : null,
    topDefectLink: topDefect && topDefect.querySelector("a") ? topDefect.querySelector("a").getAttribute("href") : null,
    topDefectInView: inView(win, topDefect),
    bestRow: bestRow ? bestRow.textContent : null,
    bestRowVersion: bestRow ? bestRow.parentNode.querySelector(".col-language").textContent : null,
    page: page ? page.dataset.impl : null,
    pageVisible: visible(page),
    heading: page ? page.querySelector("h2").textContent : null,
    headingInView: page ? inView(win, page.querySelector("h2")) : false,
    causes: page ? page.querySelectorAll("ol.causes li").length : 0,
    causeVisible: page ? visible(page.querySelector("ol.causes li")) : false,
    caseLinks: page ? page.querySelectorAll("a.case-link").length : 0,
    backVisible: page ? visible(page.querySelector("a.back")) : false,
    cellVisible: Array.from(doc.querySelectorAll("#matrix td.cell")).some((td) => inView(win, td)),
  };
}
function finish() { document.getElementById("result").textContent = JSON.stringify(seen); }
function after(action, label, next) {
  action();
  setTimeout(() => { look(label); if (stop === label || !next) return finish(); next(); }, 500);
}
frame.addEventListener("load", () => {
  if (frame.contentWindow.location.href === "about:blank") return;
  const doc = frame.contentDocument;
  look("summary");
  if (stop === "summary") return finish();
  if (stop === "matrix") return after(() => { frame.contentWindow.location.hash = "case-matrix"; }, "matrix");
  if (stop === "sorted") {
    return after(() => doc.querySelector("#summary-table thead th").click(), "sorted");
  }
  after(() => doc.querySelector("header nav.languages a[href='#choosing-python']").click(), "choosing",
    () => after(() => doc.querySelector("#choosing-python a.impl-link").click(), "implementation",
      () => after(() => frame.contentWindow.history.back(), "back")));
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
    let last_by_name = results
        .implementations
        .iter()
        .map(|i| i.name.to_lowercase())
        .max()
        .expect("implementations");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("report-clicks");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    // The committed page: `reptest report --check` holds it to be what the code draws from the
    // committed results and findings (drawing it here would read the 58 MB findings index).
    std::fs::copy(root.join("reports/index.html"), dir.join("index.html")).expect("page copied");
    let harness = dir.join("harness.html");
    std::fs::write(&harness, HARNESS).expect("harness written");
    let Some(browser) = chromium() else {
        return;
    };
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("report");
    std::fs::create_dir_all(&shots).expect("screenshot dir");
    for (width, height, label) in [(1280, 800, "desktop"), (390, 844, "phone")] {
        let size = format!("--window-size={width},{height}");
        let common = [
            "--allow-file-access-from-files",
            "--virtual-time-budget=8000",
            "--hide-scrollbars",
            size.as_str(),
        ];
        let at = |stop: &str| {
            PathBuf::from(format!(
                "{}?w={width}&h={height}&stop={stop}",
                harness.display()
            ))
        };
        let dom = run_chromium(
            &browser,
            &dir.join(format!("profile-{label}")),
            &[&common[..], &["--dump-dom"]].concat(),
            &at("back"),
        );
        let seen = harness_result(&dom);
        let step = |s: &str| &seen[s];

        // 1. The summary, as the page opens.
        let summary = step("summary");
        assert_eq!(
            (&summary["width"], &summary["height"]),
            (&serde_json::json!(width), &serde_json::json!(height)),
            "{label}: the page is not laid out at {width}×{height}: {seen}"
        );
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
            summary["pythonHeaderLink"], true,
            "{label}: the header has no link to the Python choice: {seen}"
        );
        let version = summary["bestRowVersion"].as_str().unwrap_or_default();
        assert!(
            version.contains(&best.version),
            "{label}: {}'s row does not show its version {}: {version:?}",
            best.name,
            best.version
        );
        if label == "desktop" {
            // Every column of the summary (the fetch ones last) fits a desktop window.
            assert_eq!(
                summary["summaryHeadersInView"], summary["summaryHeaders"],
                "{label}: the summary is wider than the window: {seen}"
            );
        }

        // 2. The header's "Python" link: the best Python parser and its top defect, in view.
        let choosing = step("choosing");
        assert_eq!(choosing["hash"], "#choosing-python", "{label}: {seen}");
        assert_eq!(
            choosing["pythonLink"], best.name,
            "{label}: \"choosing a parser\" names another Python parser than the best: {seen}"
        );
        assert_eq!(
            choosing["pythonInView"], true,
            "{label}: the best Python parser's name is not in view after the header's link: {choosing}"
        );
        let python = choosing["python"].as_str().unwrap_or_default();
        assert!(
            python.contains("Still breaks") || python.contains("No MUST/SHOULD"),
            "{label}: the Python choice says nothing of what it gets wrong: {python}"
        );
        // Its top defect (or that it has none, or was not fuzzed), beside its name.
        let defect = choosing["topDefect"].as_str().unwrap_or_default();
        assert!(
            defect.starts_with("Top defect: ")
                || defect.starts_with("No defect found")
                || defect.starts_with("Not fuzzed"),
            "{label}: the Python choice does not say its top defect: {python}"
        );
        if defect.starts_with("Top defect: ") {
            let link = choosing["topDefectLink"].as_str().unwrap_or_default();
            assert!(
                link.starts_with(&format!("findings/{}.md#", best.name)),
                "{label}: the top defect links {link}"
            );
            assert!(
                root.join(format!("reports/findings/{}.md", best.name))
                    .is_file(),
                "{label}: the top defect links a missing findings report"
            );
        }
        assert_eq!(
            choosing["topDefectInView"], true,
            "{label}: the top defect is not in view beside the name: {choosing}"
        );

        // 3. Its name: its page.
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
        assert_eq!(
            page["headingInView"], true,
            "{label}: the page opens scrolled past its name: {page}"
        );
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

        // 4. Back: where the reader was, the Python choice in view again.
        let back = step("back");
        assert_eq!(back["hash"], "#choosing-python", "{label}: {seen}");
        assert_eq!(
            back["summary"], true,
            "{label}: back did not return to the summary: {seen}"
        );
        assert_eq!(back["page"], serde_json::Value::Null, "{label}: {seen}");
        assert_eq!(
            back["pythonInView"], true,
            "{label}: back did not return to the Python choice: {back}"
        );

        let seen_at = |stop: &str| {
            let dom = run_chromium(
                &browser,
                &dir.join(format!("profile-{label}-{stop}-dom")),
                &[&common[..], &["--dump-dom"]].concat(),
                &at(stop),
            );
            harness_result(&dom)[stop].clone()
        };
        let matrix = seen_at("matrix");
        assert_eq!(
            matrix["cellVisible"], true,
            "{label}: no cell of the case matrix is in view: {matrix}"
        );
        let sorted = seen_at("sorted");
        assert_eq!(
            sorted["firstName"].as_str().map(str::to_lowercase),
            Some(last_by_name.clone()),
            "{label}: a click on \"implementation\" does not sort the summary by name: {sorted}"
        );
        for stop in ["summary", "choosing", "implementation", "back", "matrix"] {
            let shot = shots.join(format!("{label}-{stop}.png"));
            run_chromium(
                &browser,
                &dir.join(format!("profile-{label}-{stop}")),
                &[&common[..], &[&format!("--screenshot={}", shot.display())]].concat(),
                &at(stop),
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
