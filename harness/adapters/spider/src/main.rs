//! One bounded crawl by the `spider` crate: robots.txt respected, the crawler name given as
//! its user agent, from a start page to the pages it links (depth 2). reptest's loopback
//! server records which pages were requested.
//!
//! usage: reptest-spider-crawl START_URL AGENT SECONDS

use std::time::Duration;

use spider::tokio;
use spider::website::Website;

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, start, agent, seconds] = args.as_slice() else {
        eprintln!("usage: reptest-spider-crawl START_URL AGENT SECONDS");
        std::process::exit(2);
    };
    let seconds: u64 = seconds.parse().unwrap_or(8);
    // spider's own bounds end the crawl 3 s before the harness's bound of `seconds` does.
    // Some crawls (about one in seven, four at once against the harness's loopback server)
    // do not return from `crawl()` after their last request and sit idle until the crawl
    // timeout; ended by spider's own bound they print their links and exit, and the
    // server's record is judged. That is sound because the stall comes after the last
    // request: such crawls requested the same URLs as crawls of the same question that
    // ended by themselves. A crawl that reaches the bound says so on stderr.
    let bound = Duration::from_secs(seconds.saturating_sub(3).max(1));
    let started = std::time::Instant::now();
    let mut website = Website::new(start);
    website
        .with_respect_robots_txt(true)
        .with_user_agent(Some(agent))
        .with_depth(2)
        .with_limit(1000)
        .with_request_timeout(Some(bound))
        .with_crawl_timeout(Some(bound));
    website.crawl().await;
    let elapsed = started.elapsed();
    if elapsed >= bound {
        eprintln!(
            "the crawl reached its bound of {}s ({:?}, status {:?})",
            bound.as_secs(),
            elapsed,
            website.get_status()
        );
    }
    for link in website.get_links() {
        println!("{}", link.as_ref());
    }
}
