//! The reference against the Rust crates, side by side: parse throughput and per-URL check
//! time over the real-world corpus (`../shared/corpus/top-sites-2019/`, or a generated corpus
//! when it is absent), and adversarial inputs at 1×, 2×, 4× and 8× their base size.
//!
//! `cargo bench -p reptest-peers --bench peers` (BENCHMARKS.md has the numbers). Each crate is
//! asked the way its documentation says: `robotstxt` (the port of Google's C++ library) has no
//! parse-once API, so its "parse" is one `one_agent_allowed_by_robots` call and its per-URL
//! time includes a parse; `robotxt` takes a path, so its per-URL time includes getting the
//! path out of the URL with the `url` crate, as a crawler would.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use reptest_reference::{ParseOptions, Profile, Robots};

mod common;
use common::{AGENT, Site, corpus};

/// A crate (or the reference under one profile) asked the way its documentation says.
struct Engine {
    name: &'static str,
    /// Parses a file for `AGENT`; returns something derived from it so that nothing is
    /// optimised away.
    parse: fn(&[u8]) -> usize,
    /// Parses once, then checks every URL; returns how many were allowed.
    check_all: fn(&[u8], &[String]) -> usize,
}

fn reference(profile: Profile) -> Engine {
    match profile {
        Profile::Rfc9309 => Engine {
            name: "reference-rfc9309",
            parse: |b| reference_parse(b, Profile::Rfc9309),
            check_all: |b, u| reference_check(b, u, Profile::Rfc9309),
        },
        Profile::Google => Engine {
            name: "reference-google",
            parse: |b| reference_parse(b, Profile::Google),
            check_all: |b, u| reference_check(b, u, Profile::Google),
        },
        Profile::Legacy => Engine {
            name: "reference-legacy",
            parse: |b| reference_parse(b, Profile::Legacy),
            check_all: |b, u| reference_check(b, u, Profile::Legacy),
        },
    }
}

fn reference_parse(body: &[u8], profile: Profile) -> usize {
    let robots = Robots::parse(body, ParseOptions::new(profile));
    robots.select(&[AGENT]).groups().count()
}

fn reference_check(body: &[u8], urls: &[String], profile: Profile) -> usize {
    let robots = Robots::parse(body, ParseOptions::new(profile));
    let selection = robots.select(&[AGENT]);
    urls.iter()
        .filter(|u| selection.check_url(u).is_ok_and(|v| v.allowed))
        .count()
}

fn engines() -> Vec<Engine> {
    vec![
        reference(Profile::Rfc9309),
        reference(Profile::Google),
        reference(Profile::Legacy),
        Engine {
            name: "robotstxt",
            parse: |b| {
                let body = String::from_utf8_lossy(b);
                let mut matcher = robotstxt::DefaultMatcher::default();
                usize::from(matcher.one_agent_allowed_by_robots(&body, AGENT, "https://e.com/"))
            },
            check_all: |b, urls| {
                let body = String::from_utf8_lossy(b);
                let mut matcher = robotstxt::DefaultMatcher::default();
                urls.iter()
                    .filter(|u| matcher.one_agent_allowed_by_robots(&body, AGENT, u))
                    .count()
            },
        },
        Engine {
            name: "robotstxt-with-cache",
            parse: |b| {
                let body = String::from_utf8_lossy(b);
                let mut matcher = robotstxt_with_cache::DefaultCachingMatcher::new(
                    robotstxt_with_cache::DefaultMatcher::default(),
                );
                matcher.parse(&body);
                body.len()
            },
            check_all: |b, urls| {
                let body = String::from_utf8_lossy(b);
                let mut matcher = robotstxt_with_cache::DefaultCachingMatcher::new(
                    robotstxt_with_cache::DefaultMatcher::default(),
                );
                matcher.parse(&body);
                urls.iter()
                    .filter(|u| matcher.allowed_by_robots(vec![AGENT], u))
                    .count()
            },
        },
        Engine {
            name: "texting_robots",
            parse: |b| texting_robots::Robot::new(AGENT, b).map_or(0, |r| r.sitemaps.len()),
            check_all: |b, urls| {
                texting_robots::Robot::new(AGENT, b)
                    .map_or(0, |r| urls.iter().filter(|u| r.allowed(u)).count())
            },
        },
        Engine {
            name: "robotxt",
            parse: |b| usize::from(robotxt::Robots::parse(b, AGENT).always().is_some()),
            check_all: |b, urls| {
                let robots = robotxt::Robots::parse(b, AGENT);
                urls.iter()
                    .filter(|u| {
                        reptest_peers::path_and_query(u).is_some_and(|p| robots.is_allowed(&p))
                    })
                    .count()
            },
        },
    ]
}

fn real_world(c: &mut Criterion) {
    let (sites, source) = corpus();
    let bytes: usize = sites.iter().map(|s| s.body.len()).sum();
    let with_urls: Vec<&Site> = sites.iter().filter(|s| !s.urls.is_empty()).collect();
    let url_count: usize = with_urls.iter().map(|s| s.urls.len()).sum();
    println!(
        "corpus {source}: {} files, {bytes} bytes; {} hosts with {url_count} URLs",
        sites.len(),
        with_urls.len()
    );
    let mut parse = c.benchmark_group(format!("parse/{source}"));
    parse.throughput(Throughput::Bytes(bytes as u64));
    parse.sample_size(10);
    parse.measurement_time(Duration::from_secs(8));
    for engine in engines() {
        parse.bench_function(engine.name, |b| {
            b.iter(|| {
                sites
                    .iter()
                    .map(|s| (engine.parse)(black_box(&s.body)))
                    .sum::<usize>()
            });
        });
    }
    parse.finish();
    // Parse once per host, then every URL of that host: throughput in URLs.
    let mut check = c.benchmark_group(format!("parse-and-check-urls/{source}"));
    check.throughput(Throughput::Elements(url_count as u64));
    check.sample_size(10);
    check.measurement_time(Duration::from_secs(8));
    for engine in engines() {
        check.bench_function(engine.name, |b| {
            b.iter(|| {
                with_urls
                    .iter()
                    .map(|s| (engine.check_all)(black_box(&s.body), &s.urls))
                    .sum::<usize>()
            });
        });
    }
    check.finish();
}

/// The adversarial inputs at scale `k` (1, 2, 4, 8): body, and one URL.
fn adversarial(kind: &str, k: usize) -> (Vec<u8>, String) {
    match kind {
        // Wildcard rules: 8 × k × 8 KiB ≈ 62.5 KiB at 1×, 500 KiB at 8×.
        "wildcard-rules" => {
            let mut body = String::from("user-agent: *\n");
            let target = 64_000 * k;
            let mut i = 0usize;
            while body.len() < target {
                body.push_str(&format!("disallow: /*a{i}*b*c*d{}*$\n", i % 97));
                i += 1;
            }
            (
                body.into_bytes(),
                format!("https://example.com/{}", "abcd".repeat(64)),
            )
        }
        // `/*a*a*a*a*a*a*$` against a path of 1 KiB × k of `a` ending in `b`.
        "star-pattern-long-path" => (
            b"user-agent: *\ndisallow: /*a*a*a*a*a*a*$\nallow: /*a*a*a*a*a*a*b\n".to_vec(),
            format!("https://example.com/{}b", "a".repeat(1024 * k - 1)),
        ),
        // 12,500 × k groups (100,000 at 8×), the crawler's own group last.
        "many-groups" => {
            let mut body = String::new();
            for i in 0..12_500 * k {
                body.push_str(&format!("user-agent: bot{i}\ndisallow: /p{i}\n\n"));
            }
            body.push_str("user-agent: FooBot\ndisallow: /private\n");
            (
                body.into_bytes(),
                "https://example.com/private/x".to_owned(),
            )
        }
        // One line of 50 KiB × k (400 KiB at 8×).
        _ => (
            format!("user-agent: *\ndisallow: /{}\n", "a*".repeat(25_600 * k)).into_bytes(),
            format!("https://example.com/{}", "a".repeat(2048)),
        ),
    }
}

/// Whether a benchmark id is selected by the command line's filters (read here as substrings,
/// `|`-separated), so that the untimed trial runs below happen only for benchmarks that run.
fn wanted(id: &str) -> bool {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    filters.is_empty()
        || filters
            .iter()
            .flat_map(|f| f.split('|'))
            .any(|f| id.contains(f))
}

fn adversarial_inputs(c: &mut Criterion) {
    for kind in [
        "wildcard-rules",
        "star-pattern-long-path",
        "many-groups",
        "long-line",
    ] {
        let mut group = c.benchmark_group(format!("adversarial/{kind}"));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(1));
        group.warm_up_time(Duration::from_millis(300));
        for engine in engines() {
            let mut too_slow = false;
            for k in [1usize, 2, 4, 8] {
                let (body, url) = adversarial(kind, k);
                let urls = vec![url];
                if !wanted(&format!("adversarial/{kind}/{}/{k}x", engine.name)) {
                    continue;
                }
                if too_slow {
                    println!(
                        "adversarial/{kind}/{}/{k}x: skipped (a smaller size did not finish or took over 2 s)",
                        engine.name
                    );
                    continue;
                }
                // One untimed run first, in a thread that is abandoned after 10 s: a crate
                // that does not finish is reported, not waited for.
                let started = Instant::now();
                let (done, finished) = std::sync::mpsc::channel();
                let (run, run_body, run_urls) = (engine.check_all, body.clone(), urls.clone());
                std::thread::spawn(move || {
                    black_box(run(&run_body, &run_urls));
                    let _ = done.send(());
                });
                if finished.recv_timeout(Duration::from_secs(10)).is_err() {
                    println!(
                        "adversarial/{kind}/{}/{k}x: one parse-and-check did not finish in 10 s; \
                         this and larger sizes skipped",
                        engine.name
                    );
                    too_slow = true;
                    continue;
                }
                if started.elapsed() > Duration::from_secs(2) {
                    println!(
                        "adversarial/{kind}/{}/{k}x: one parse-and-check took {:.1} s; larger sizes skipped",
                        engine.name,
                        started.elapsed().as_secs_f64()
                    );
                    too_slow = true;
                    continue;
                }
                group.throughput(Throughput::Bytes(body.len() as u64));
                group.bench_with_input(
                    BenchmarkId::new(engine.name, format!("{k}x")),
                    &k,
                    |b, _| {
                        b.iter(|| (engine.check_all)(black_box(&body), &urls));
                    },
                );
            }
        }
        // The reference's check alone, on the file parsed beforehand.
        for k in [1usize, 2, 4, 8] {
            let (body, url) = adversarial(kind, k);
            let robots = Robots::parse(&body, ParseOptions::new(Profile::Rfc9309));
            let selection = robots.select(&[AGENT]);
            group.throughput(Throughput::Elements(1));
            group.bench_with_input(
                BenchmarkId::new("reference-rfc9309-check-only", format!("{k}x")),
                &k,
                |b, _| b.iter(|| selection.check_url(black_box(&url)).map(|v| v.allowed)),
            );
        }
        group.finish();
    }
}

criterion_group!(benches, real_world, adversarial_inputs);
criterion_main!(benches);
