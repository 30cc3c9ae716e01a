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
    let mut website = Website::new(start);
    website
        .with_respect_robots_txt(true)
        .with_user_agent(Some(agent))
        .with_depth(2)
        .with_limit(1000)
        .with_request_timeout(Some(Duration::from_secs(seconds)))
        .with_crawl_timeout(Some(Duration::from_secs(seconds)));
    website.crawl().await;
    for link in website.get_links() {
        println!("{}", link.as_ref());
    }
}
