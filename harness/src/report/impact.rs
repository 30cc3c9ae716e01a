//! The report's real-world impact section: every implementation asked about the real URLs of
//! the corpus's sites under their real robots.txt, counted against the reference. This is the
//! one part of the report that runs engines; rendering the pages never does.

use std::collections::BTreeMap;

use rayon::prelude::*;
use reptest_reference::{ParseOptions, Profile, Robots};

use crate::answer::Answer;
use crate::engines::Engine;
use crate::fuzz::corpus::{Corpus, Site};
use crate::results::{Impact, ImpactRow, SiteRow};

/// Asks every engine, as `agent`, about every URL of every corpus site that has URLs, and
/// counts where it differs from the reference under `rfc9309` and `google`. Engines run in
/// parallel (`jobs`); `progress` hears each engine as it finishes.
pub fn measure(
    engines: &mut [Box<dyn Engine>],
    corpus: &Corpus,
    corpus_name: &str,
    agent: &str,
    jobs: usize,
    progress: &(dyn Fn(&str) + Sync),
) -> Impact {
    let sites: Vec<&Site> = corpus.sites.iter().filter(|s| !s.urls.is_empty()).collect();
    // The reference's verdicts: `None` where it rejects the URL (not compared).
    let reference: Vec<BTreeMap<Profile, Vec<Option<bool>>>> = sites
        .iter()
        .map(|site| {
            [Profile::Rfc9309, Profile::Google]
                .into_iter()
                .map(|profile| {
                    let robots = Robots::parse(&site.body, ParseOptions::new(profile));
                    let selection = robots.select(&[agent]);
                    let verdicts = site
                        .urls
                        .iter()
                        .map(|u| selection.check_url(u).ok().map(|v| v.allowed))
                        .collect();
                    (profile, verdicts)
                })
                .collect()
        })
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .ok();
    let work = |engine: &mut Box<dyn Engine>| {
        let mut row = ImpactRow {
            name: engine.info().name.clone(),
            ..ImpactRow::default()
        };
        let mut per_site = Vec::new();
        for (site, reference) in sites.iter().zip(&reference) {
            let mut here = SiteRow {
                host: site.host.clone(),
                urls: site.urls.len(),
                disagree: BTreeMap::new(),
            };
            match engine.check(&site.body, agent, &site.urls) {
                Err(_) => row.errors += site.urls.len(),
                Ok(verdicts) => {
                    for (i, verdict) in verdicts.iter().enumerate() {
                        let Some(allowed) = Answer::from(*verdict).allowed() else {
                            row.unsupported += 1;
                            continue;
                        };
                        row.answered += 1;
                        for (profile, expected) in reference {
                            if expected
                                .get(i)
                                .copied()
                                .flatten()
                                .is_some_and(|e| e != allowed)
                            {
                                *row.disagree.entry(*profile).or_default() += 1;
                                *here.disagree.entry(*profile).or_default() += 1;
                            }
                        }
                    }
                }
            }
            per_site.push(here);
        }
        for profile in [Profile::Rfc9309, Profile::Google] {
            row.disagree.entry(profile).or_default();
        }
        let rfc9309 = |s: &SiteRow| s.disagree.get(&Profile::Rfc9309).copied().unwrap_or(0);
        per_site.retain(|s| rfc9309(s) > 0);
        per_site.sort_by(|a, b| {
            let (da, db) = (rfc9309(a), rfc9309(b));
            db.cmp(&da).then_with(|| a.host.cmp(&b.host))
        });
        per_site.truncate(5);
        row.top_sites = per_site;
        progress(&row.name);
        row
    };
    let mut rows: Vec<ImpactRow> = match pool {
        Some(pool) => pool.install(|| engines.par_iter_mut().map(work).collect()),
        None => engines.iter_mut().map(work).collect(),
    };
    rows.sort_by(|a, b| a.name.cmp(&b.name));
    Impact {
        corpus: corpus_name.to_owned(),
        agent: agent.to_owned(),
        sites: sites.len(),
        urls: sites.iter().map(|s| s.urls.len()).sum(),
        implementations: rows,
    }
}
