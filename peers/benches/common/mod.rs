//! The corpus both benchmarks read: `../shared/corpus/top-sites-2019/` when present, 400
//! generated files of typical shape otherwise.

use std::path::{Path, PathBuf};

/// The crawler every benchmark asks as.
pub const AGENT: &str = "FooBot";

/// One host: its robots.txt and the URLs to ask about.
pub struct Site {
    pub body: Vec<u8>,
    pub urls: Vec<String>,
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/top-sites-2019")
}

/// The real corpus, or (when it is absent) 400 generated files of typical shape; and its name.
pub fn corpus() -> (Vec<Site>, &'static str) {
    let dir = corpus_dir();
    let Ok(entries) = std::fs::read_dir(dir.join("robots")) else {
        return (generated_corpus(), "generated");
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    paths.sort();
    let sites = paths
        .iter()
        .filter_map(|path| {
            let body = std::fs::read(path).ok()?;
            let host = path.file_name()?.to_str()?;
            let urls = std::fs::read_to_string(dir.join("urls").join(host))
                .map(|t| {
                    t.lines()
                        .filter(|l| l.starts_with("http"))
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or_default();
            Some(Site { body, urls })
        })
        .collect();
    (sites, "top-sites-2019")
}

fn generated_corpus() -> Vec<Site> {
    (0..400)
        .map(|i| {
            let mut body = String::from("user-agent: *\n");
            for j in 0..(i % 60) {
                body.push_str(&format!(
                    "disallow: /private{j}/\nallow: /private{j}/public*.html$\n"
                ));
            }
            body.push_str("user-agent: FooBot\ndisallow: /nofoo\n");
            let urls = (0..20)
                .map(|j| format!("https://example{i}.com/private{j}/public{j}.html"))
                .collect();
            Site {
                body: body.into_bytes(),
                urls,
            }
        })
        .collect()
}
