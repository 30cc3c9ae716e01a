//! A differential campaign: generated inputs put to the reference (every profile) and to every
//! implementation, each deviation from the reference minimised and recorded as a family in a
//! [`Catalogue`].
//!
//! Deviations are found per (input, URL, implementation): the implementation's verdict differs
//! from the reference's under `rfc9309` or under `google`, or it reports an error where the
//! reference answers. An `unsupported` answer is recorded but is never a deviation (nor an
//! agreement). Each deviation is minimised for the implementation that showed it, keeping its
//! answer and the reference's; then every engine answers the minimal input and that split,
//! with the feature the reference's explanation names, is the family's signature.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Result;
use arbitrary::Unstructured;
use rayon::prelude::*;
use reptest_reference::Profile;

use crate::diff::{Corpus, Input, SeededBytes, generate_with, minimise};
use crate::engine::{Engine, EngineError, EngineInfo, PeerEngine, ReferenceEngine};
use crate::findings::{Catalogue, Finding, decision};
use crate::protocol::WireVerdict;

/// How many engines at the front of a campaign's list are the reference (rfc9309, google,
/// legacy, in that order).
pub const REFERENCES: usize = 3;

/// The reference under every profile, in the order a campaign expects them.
pub fn reference_engines() -> Vec<Box<dyn Engine>> {
    [Profile::Rfc9309, Profile::Google, Profile::Legacy]
        .into_iter()
        .map(|p| Box::new(ReferenceEngine::new(p)) as Box<dyn Engine>)
        .collect()
}

/// The reference and every Rust crate linked into this build: a campaign that needs no
/// installed adapter.
pub fn in_process_engines() -> Vec<Box<dyn Engine>> {
    let mut engines = reference_engines();
    for peer in reptest_peers::PEERS {
        if let Some(engine) = PeerEngine::new(peer.name) {
            engines.push(Box::new(engine));
        }
    }
    engines
}

/// Bytes of generator input per case.
const CASE_BYTES: usize = 768;

/// The generator's bytes for case `case` of `seed`: independent of batch size and job count,
/// so that `--seed S --first-case N --iterations 1` replays one case.
pub fn case_bytes(seed: u64, case: u64) -> Vec<u8> {
    SeededBytes::new(seed ^ case.wrapping_mul(0xD1B5_4A32_D192_ED03)).take(CASE_BYTES)
}

/// One engine's answer to one input.
type Answer = Result<Vec<WireVerdict>, EngineError>;

/// What one URL's answer says, for splits: `allow`, `disallow`, `unsupported`, `error`.
fn said(answer: &Answer, index: usize) -> &'static str {
    match answer {
        Ok(v) => match v.get(index) {
            Some(WireVerdict::Allow) => "allow",
            Some(WireVerdict::Disallow) => "disallow",
            Some(WireVerdict::Unsupported) => "unsupported",
            None => "error",
        },
        Err(_) => "error",
    }
}

/// Counters for the progress line and the closing summary.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Inputs generated and asked.
    pub cases: u64,
    /// (input, URL) pairs where some implementation deviated from the reference.
    pub disagreements: u64,
    /// Deviations minimised.
    pub minimised: u64,
    /// Families added to the catalogue by this run.
    pub new_families: usize,
    /// Answers that were `unsupported`.
    pub unsupported: u64,
    /// Engines that became unavailable (they are left out from then on).
    pub lost: BTreeSet<String>,
}

/// Settings of a campaign.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The run's seed.
    pub seed: u64,
    /// The first case number.
    pub first_case: u64,
    /// Stop after this many cases.
    pub iterations: Option<u64>,
    /// Stop after this long.
    pub time: Option<Duration>,
    /// Worker threads.
    pub jobs: usize,
    /// Most time spent minimising one deviation.
    pub minimise_budget: Duration,
}

/// The campaign's state: engines, what was already minimised, and the catalogue.
pub struct Campaign {
    engines: Vec<Box<dyn Engine>>,
    catalogue: Catalogue,
    corpus: Option<Corpus>,
    /// Deviation keys already minimised (implementation, its answer, the reference's, the
    /// reference's decision), so that the same deviation is minimised once per run.
    minimised: BTreeSet<String>,
    /// Engines left out after they became unavailable.
    lost: Vec<bool>,
    stats: Stats,
    stop: Arc<AtomicBool>,
    /// When the run's time is up: no new minimisation starts after it.
    deadline: Option<Instant>,
}

impl std::fmt::Debug for Campaign {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Campaign")
            .field("engines", &self.engines.len())
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl Campaign {
    /// A campaign over `engines` (the first [`REFERENCES`] being the reference), recording
    /// into `catalogue`.
    pub fn new(
        engines: Vec<Box<dyn Engine>>,
        catalogue: Catalogue,
        corpus: Option<Corpus>,
        stop: Arc<AtomicBool>,
    ) -> Campaign {
        let lost = vec![false; engines.len()];
        Campaign {
            engines,
            catalogue,
            corpus,
            minimised: BTreeSet::new(),
            lost,
            stats: Stats::default(),
            stop,
            deadline: None,
        }
    }

    /// The counters so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The catalogue.
    pub fn catalogue(&mut self) -> &mut Catalogue {
        &mut self.catalogue
    }

    /// Who the engines are.
    pub fn infos(&self) -> Vec<EngineInfo> {
        self.engines.iter().map(|e| e.info().clone()).collect()
    }

    /// Generates the input of case `case` of `seed` (`None` when the bytes run out first).
    pub fn input(&self, seed: u64, case: u64) -> Option<Input> {
        let bytes = case_bytes(seed, case);
        generate_with(&mut Unstructured::new(&bytes), self.corpus.as_ref()).ok()
    }

    /// Runs cases until the settings' limit or the stop flag, calling `progress` after each
    /// batch. Returns the number of cases run.
    pub fn run(&mut self, settings: &Settings, progress: &mut dyn FnMut(&Stats)) -> Result<u64> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(settings.jobs.max(1))
            .build()?;
        let started = Instant::now();
        self.deadline = settings.time.map(|t| started + t);
        let batch = (16 * settings.jobs.max(1)) as u64;
        let mut next = settings.first_case;
        let end = settings.iterations.map(|n| settings.first_case + n);
        loop {
            if self.stop.load(Ordering::Relaxed)
                || settings.time.is_some_and(|t| started.elapsed() >= t)
                || end.is_some_and(|e| next >= e)
            {
                break;
            }
            let count = end.map_or(batch, |e| batch.min(e - next));
            let inputs: Vec<(u64, Input)> = (next..next + count)
                .filter_map(|case| Some((case, self.input(settings.seed, case)?)))
                .collect();
            next += count;
            let bodies: Vec<Vec<u8>> = inputs.iter().map(|(_, input)| input.body()).collect();
            let lost = &self.lost;
            // One engine per task: every engine answers the whole batch in order.
            let answers: Vec<Vec<Answer>> = pool.install(|| {
                self.engines
                    .par_iter_mut()
                    .zip(lost.par_iter())
                    .map(|(engine, &lost)| {
                        inputs
                            .iter()
                            .zip(&bodies)
                            .map(|((_, input), body)| {
                                if lost {
                                    return Err(EngineError::Unavailable("left out".into()));
                                }
                                engine.check(body, &input.agent, &input.urls)
                            })
                            .collect()
                    })
                    .collect()
            });
            if self.stop.load(Ordering::Relaxed) {
                // Answers cut short by Ctrl-C are not evidence.
                break;
            }
            for (position, (case, input)) in inputs.iter().enumerate() {
                let row: Vec<&Answer> = answers.iter().map(|a| &a[position]).collect();
                self.stats.cases += 1;
                self.examine(settings, *case, input, &row)?;
            }
            progress(&self.stats);
        }
        Ok(next - settings.first_case)
    }

    /// Puts one input to every engine (one after the other) and examines the answers: what a
    /// fuzz target does per input.
    pub fn observe(&mut self, settings: &Settings, case: u64, input: &Input) -> Result<()> {
        let body = input.body();
        let answers: Vec<Answer> = self
            .engines
            .iter_mut()
            .map(|e| e.check(&body, &input.agent, &input.urls))
            .collect();
        let row: Vec<&Answer> = answers.iter().collect();
        self.stats.cases += 1;
        self.examine(settings, case, input, &row)
    }

    /// Looks at every engine's answers to one input; minimises and records each new deviation.
    fn examine(
        &mut self,
        settings: &Settings,
        case: u64,
        input: &Input,
        row: &[&Answer],
    ) -> Result<()> {
        for (engine, answer) in row.iter().enumerate() {
            if let Err(EngineError::Unavailable(_)) = answer
                && !self.lost[engine]
            {
                self.lost[engine] = true;
                self.stats
                    .lost
                    .insert(self.engines[engine].info().name.clone());
            }
        }
        for index in 0..input.urls.len() {
            let rfc = said(row[0], index);
            let google = said(row[1], index);
            if rfc == "error" || google == "error" {
                // The reference rejects the URL: nothing to compare.
                continue;
            }
            let mut any = false;
            // The one-URL input and the reference's decision on it, worked out once per URL
            // and only when some implementation deviates there.
            let mut question: Option<(Input, [String; 2])> = None;
            for (engine, engine_answer) in row.iter().enumerate().skip(REFERENCES) {
                if self.lost[engine] {
                    continue;
                }
                let answer = said(engine_answer, index);
                if answer == "unsupported" {
                    self.stats.unsupported += 1;
                    continue;
                }
                if answer == rfc && answer == google {
                    continue;
                }
                any = true;
                let (one, shape) = question.get_or_insert_with(|| {
                    let one = Input {
                        lines: input.lines.clone(),
                        agent: input.agent.clone(),
                        urls: vec![input.urls[index].clone()],
                    };
                    let shape = [Profile::Rfc9309, Profile::Google]
                        .map(|p| decision(&one, p).map(|t| t.join(" ")).unwrap_or_default());
                    (one, shape)
                });
                let key = format!(
                    "{} {answer} {rfc} {google} {} {}",
                    self.engines[engine].info().name,
                    shape[0],
                    shape[1]
                );
                let out_of_time = self.deadline.is_some_and(|d| Instant::now() >= d)
                    || self.stop.load(Ordering::Relaxed);
                if !out_of_time && self.minimised.insert(key) {
                    let one = one.clone();
                    self.minimise_and_record(settings, case, one, engine, answer)?;
                }
            }
            if any {
                self.stats.disagreements += 1;
            }
        }
        Ok(())
    }

    fn minimise_and_record(
        &mut self,
        settings: &Settings,
        case: u64,
        original: Input,
        engine: usize,
        answer: &'static str,
    ) -> Result<()> {
        let rfc = self.ask(0, &original);
        let google = self.ask(1, &original);
        let mut deadline = Instant::now() + settings.minimise_budget;
        if let Some(end) = self.deadline {
            deadline = deadline.min(end);
        }
        let stop = Arc::clone(&self.stop);
        let engines = &mut self.engines;
        let mut cut_short = false;
        let mut keeps = |candidate: &Input| {
            if Instant::now() >= deadline || stop.load(Ordering::Relaxed) {
                cut_short = true;
                return false;
            }
            let body = candidate.body();
            let mut ask = |i: usize| {
                let a = engines[i].check(&body, &candidate.agent, &candidate.urls);
                said(&a, 0)
            };
            ask(0) == rfc && ask(1) == google && ask(engine) == answer
        };
        let minimal = minimise(&original, &mut keeps);
        self.stats.minimised += 1;
        let mut split = BTreeMap::new();
        for i in 0..self.engines.len() {
            if !self.lost[i] {
                let answer = self.ask(i, &minimal);
                split.insert(self.engines[i].info().name.clone(), answer.to_owned());
            }
        }
        // An engine that no longer deviates on the minimal input (a flaky adapter) gives no
        // finding.
        let deviates = split
            .get(&self.engines[engine].info().name)
            .is_some_and(|s| s != "unsupported" && (s != rfc || s != google));
        if !deviates {
            return Ok(());
        }
        let finding = Finding {
            original,
            minimal,
            split,
            engines: self.infos(),
            seed: settings.seed,
            case,
            minimised_for: self.engines[engine].info().name.clone(),
            cut_short,
        };
        if self.catalogue.record(&finding)?.is_some() {
            self.stats.new_families += 1;
        }
        Ok(())
    }

    fn ask(&mut self, engine: usize, input: &Input) -> &'static str {
        let answer = self.engines[engine].check(&input.body(), &input.agent, &input.urls);
        said(&answer, 0)
    }
}

/// Engines for a campaign: the reference, then each adapter (in process when its crate is
/// linked into this build, otherwise as a subprocess). A subprocess adapter that cannot start
/// is left out and named in the returned warnings.
pub fn engines_for(
    adapters: &[crate::adapters::Adapter],
    timeout: Duration,
) -> (Vec<Box<dyn Engine>>, Vec<String>) {
    let mut engines = reference_engines();
    let mut warnings = Vec::new();
    for adapter in adapters {
        let name = &adapter.manifest.name;
        if let Some(engine) = PeerEngine::new(name) {
            engines.push(Box::new(engine));
            continue;
        }
        let mut engine = crate::engine::SubprocessEngine::new(name, adapter.command(), timeout);
        match engine.ensure_started() {
            Ok(()) => engines.push(Box::new(engine)),
            Err(e) => warnings.push(format!("{name}: left out: {e}")),
        }
    }
    (engines, warnings)
}

/// Reads a duration: `90`, `90s`, `10m`, `1h`.
pub fn parse_duration(text: &str) -> std::result::Result<Duration, String> {
    let text = text.trim();
    let (number, unit) = match text.find(|c: char| !c.is_ascii_digit() && c != '.') {
        Some(i) => text.split_at(i),
        None => (text, "s"),
    };
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a duration (e.g. 90s, 10m, 1h)"))?;
    let seconds = match unit {
        "s" => value,
        "m" => value * 60.0,
        "h" => value * 3600.0,
        _ => return Err(format!("`{text}`: unknown unit `{unit}` (s, m or h)")),
    };
    Ok(Duration::from_secs_f64(seconds))
}

/// Which engines a fuzz target compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FuzzEngines {
    /// The reference and the Rust crates linked in.
    InProcess,
    /// The reference and every installed adapter.
    Adapters,
}

/// One libFuzzer input for the differential fuzz targets: generated into a robots.txt
/// question, put to every engine, each new deviation minimised and recorded in the catalogue
/// at `REPTEST_FINDINGS` (default `fuzz/findings`). The campaign is built on the first call
/// and kept.
pub fn fuzz_one(which: FuzzEngines, data: &[u8]) {
    use std::sync::{Mutex, OnceLock};
    static CAMPAIGNS: OnceLock<Mutex<(Campaign, u64)>> = OnceLock::new();
    let Ok(input) = generate_with(&mut Unstructured::new(data), None) else {
        return;
    };
    let cell = CAMPAIGNS.get_or_init(|| {
        let dir = std::env::var_os("REPTEST_FINDINGS").map_or_else(
            || crate::adapters::workspace_root().join("fuzz/findings"),
            std::path::PathBuf::from,
        );
        let catalogue = Catalogue::open(&dir)
            .unwrap_or_else(|e| panic!("cannot open the findings catalogue: {e:#}"));
        let engines = match which {
            FuzzEngines::InProcess => in_process_engines(),
            FuzzEngines::Adapters => {
                let adapters = crate::adapters::load(
                    &crate::adapters::default_dir(),
                    &crate::adapters::default_install_root(),
                )
                .unwrap_or_else(|e| panic!("cannot load the adapters: {e:#}"));
                let ready: Vec<_> = adapters
                    .into_iter()
                    .filter(|a| a.is_set_up() || PeerEngine::new(&a.manifest.name).is_some())
                    .collect();
                let (engines, warnings) = engines_for(&ready, Duration::from_secs(5));
                for warning in warnings {
                    eprintln!("warning: {warning}");
                }
                engines
            }
        };
        let stop = Arc::new(AtomicBool::new(false));
        Mutex::new((Campaign::new(engines, catalogue, None, stop), 0))
    });
    let Ok(mut guard) = cell.lock() else {
        return;
    };
    let (campaign, case) = &mut *guard;
    *case += 1;
    let settings = Settings {
        seed: 0,
        first_case: *case,
        iterations: Some(1),
        time: None,
        jobs: 1,
        minimise_budget: Duration::from_secs(5),
    };
    if let Err(e) = campaign.observe(&settings, *case, &input) {
        eprintln!("warning: cannot record a finding: {e:#}");
    }
}
