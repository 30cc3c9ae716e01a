//! The real-world corpus: robots.txt files of real hosts (`robots/<host>`) and URLs seen on
//! them (`urls/<host>`), mixed into generated inputs and used by the report's real-world
//! impact section.

use std::path::{Path, PathBuf};

/// Real robots.txt files and the URLs seen on their hosts.
#[derive(Clone, Debug, Default)]
pub struct Corpus {
    /// One entry per host.
    pub sites: Vec<Site>,
}

/// One host of a [`Corpus`].
#[derive(Clone, Debug)]
pub struct Site {
    /// The host name.
    pub host: String,
    /// Its robots.txt, byte for byte.
    pub body: Vec<u8>,
    /// URLs seen on it (possibly none).
    pub urls: Vec<String>,
    /// The `user-agent` values its file names, as crawler names to ask with.
    pub agents: Vec<String>,
}

impl Corpus {
    /// Where the shared corpus sits next to the workspace.
    pub fn default_dir() -> PathBuf {
        crate::engines::adapters::workspace_root().join("../shared/corpus/top-sites-2019")
    }

    /// Loads the corpus at `dir`, or `None` when it has no `robots` folder.
    pub fn load_if_present(dir: &Path) -> anyhow::Result<Option<Corpus>> {
        if !dir.join("robots").is_dir() {
            return Ok(None);
        }
        anyhow::Context::with_context(Corpus::load(dir), || {
            format!("cannot read the corpus {}", dir.display())
        })
        .map(Some)
    }

    /// Loads `dir/robots/<host>` and `dir/urls/<host>`.
    pub fn load(dir: &Path) -> std::io::Result<Corpus> {
        let mut sites = Vec::new();
        let mut entries: Vec<_> = std::fs::read_dir(dir.join("robots"))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .collect();
        entries.sort();
        for path in entries {
            let Some(host) = path.file_name().and_then(|n| n.to_str()).map(str::to_owned) else {
                continue;
            };
            let body = std::fs::read(&path)?;
            let urls = std::fs::read_to_string(dir.join("urls").join(&host))
                .map(|text| {
                    text.lines()
                        .map(str::trim)
                        .filter(|l| l.starts_with("http"))
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or_default();
            let mut agents: Vec<String> = String::from_utf8_lossy(&body)
                .lines()
                .filter_map(|l| {
                    let (key, value) = l.split_once(':')?;
                    let value = value.split('#').next()?.trim();
                    (key.trim().eq_ignore_ascii_case("user-agent")
                        && !value.is_empty()
                        && value != "*")
                        .then(|| value.to_owned())
                })
                .collect();
            agents.sort();
            agents.dedup();
            sites.push(Site {
                host,
                body,
                urls,
                agents,
            });
        }
        Ok(Corpus { sites })
    }
}
