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
//!
//! Inputs are realistic unless the campaign opts into other [`InputClasses`]
//! ([`Campaign::with_inputs`]); the minimiser never leaves the campaign's classes, and a
//! finding whose minimal input uses an opt-in class is recorded with that class, so that the
//! catalogue keeps it out of the default ranking.
//!
//! Three rules keep a finding about the library rather than about the harness:
//! - *The same question.* Each implementation declares how its library receives the body
//!   ([`BodyAs`], the manifest's `body`). Where the decoding a library takes text by changes
//!   the body (replacement of what is not UTF-8; a byte order mark taken off, for text as an
//!   HTTP client's `text()` decodes it), the reference is asked about the text the library
//!   received, and a deviation is minimised and recorded on that text, with the
//!   transformation named.
//! - *The contract.* Before a finding is kept it is asked again inside the call contract
//!   ([`crate::fuzz::contract`]): the agent a product token, the URL encoded, the body valid.
//!   A split that disappears there rests on the contract: dropped, or, in a run that opted
//!   into the class that leaves that contract, kept with the contract as its label.
//! - *Timeouts are not deviations.* An implementation that answers after the time limit is
//!   recorded as a `timeout` family with the time measured (a performance finding), never
//!   minimised and never mixed with errors.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use std::path::PathBuf;

use anyhow::{Result, bail};
use arbitrary::Unstructured;
use rayon::prelude::*;
use reptest_reference::Profile;

use crate::answer::Answer;
use crate::engines::adapters::BodyAs;
use crate::engines::protocol::WireVerdict;
use crate::engines::registry::{self, Dirs};
use crate::engines::{Engine, EngineError, EngineInfo, PeerEngine, ReferenceEngine};
use crate::fuzz::contract::{class_of, within_contract};
use crate::fuzz::corpus::Corpus;
use crate::fuzz::findings::{Finding, RunRecord, decision};
use crate::fuzz::generate::{Input, InputClasses, SeededBytes, generate_with};
use crate::fuzz::merge::{self, Shard};
use crate::fuzz::minimise::minimise;
use crate::fuzz::store::Catalogue;

/// The campaign's oracle: the reference under each profile, in process. Deviations are
/// judged against `rfc9309` and `google`; `legacy` answers only in a finding's split.
#[derive(Debug)]
pub struct Oracle {
    /// The reference under `rfc9309`.
    pub rfc9309: ReferenceEngine,
    /// The reference under `google`.
    pub google: ReferenceEngine,
    /// The reference under `legacy`.
    pub legacy: ReferenceEngine,
}

impl Default for Oracle {
    fn default() -> Oracle {
        Oracle {
            rfc9309: ReferenceEngine::new(Profile::Rfc9309),
            google: ReferenceEngine::new(Profile::Google),
            legacy: ReferenceEngine::new(Profile::Legacy),
        }
    }
}

impl Oracle {
    /// The reference under `profile`.
    pub fn under(&mut self, profile: Profile) -> &mut ReferenceEngine {
        match profile {
            Profile::Rfc9309 => &mut self.rfc9309,
            Profile::Google => &mut self.google,
            Profile::Legacy => &mut self.legacy,
        }
    }

    /// The reference's answer under `profile` to the first URL of `input` (whose body is
    /// `body`).
    fn answer(&mut self, profile: Profile, input: &Input, body: &[u8]) -> Answer {
        Answer::of(
            &self.under(profile).check(body, &input.agent, &input.urls),
            0,
        )
    }
}

/// The Rust crates linked into this build: the implementations of a campaign that needs no
/// installed adapter.
pub fn in_process_implementations() -> Vec<Box<dyn Engine>> {
    reptest_peers::PEERS
        .iter()
        .filter_map(|peer| PeerEngine::new(peer.name))
        .map(|engine| Box::new(engine) as Box<dyn Engine>)
        .collect()
}

/// Bytes of generator input per case.
const CASE_BYTES: usize = 768;

/// The generator's bytes for case `case` of `seed`: independent of batch size and job count,
/// so that `--seed S --first-case N --iterations 1` replays one case.
pub fn case_bytes(seed: u64, case: u64) -> Vec<u8> {
    SeededBytes::new(seed ^ case.wrapping_mul(0xD1B5_4A32_D192_ED03)).take(CASE_BYTES)
}

/// One engine's reply to one input.
type Reply = Result<Vec<WireVerdict>, EngineError>;

/// How some implementations receive a body ([`BodyAs`]), the text they receive where it
/// differs from the body, and the reference's replies to that text under `rfc9309` and
/// `google`.
type Received = (BodyAs, Vec<u8>, [Reply; 2]);

/// The decoding an implementation received a body by, where it changed the body.
#[derive(Clone, Copy, Debug)]
struct Decoded {
    /// Its name ([`BodyAs::name`]): the finding's transformation.
    name: &'static str,
    /// Whether the body sent was not UTF-8 (the finding then belongs to `invalid-utf8`).
    invalid: bool,
}

/// What makes two deviations the same for minimising: the implementation, its answer, the
/// reference's answers and how the reference decided under `rfc9309` and `google`. The same
/// deviation is minimised once per run.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct DeviationKey {
    implementation: usize,
    answer: Answer,
    rfc9309: Answer,
    google: Answer,
    decision: [String; 2],
    /// The decoding of the body the implementation was judged on, where it changed the body.
    received: Option<BodyAs>,
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
    /// Answers that came after the time limit.
    pub timeouts: u64,
    /// Minimised deviations dropped because they disappear inside the call contract.
    pub contract_only: u64,
}

impl Stats {
    /// The progress line after `elapsed`.
    pub fn progress_line(&self, elapsed: Duration) -> String {
        let seconds = elapsed.as_secs_f64();
        format!(
            "[{seconds:>6.0}s] {} cases, {:.0}/s, {} disagreements, {} minimised, {} new families",
            self.cases,
            self.cases as f64 / seconds.max(1e-9),
            self.disagreements,
            self.minimised,
            self.new_families
        )
    }

    /// The closing line of a run that took `elapsed`, with `families` in the catalogue.
    pub fn summary(&self, elapsed: Duration, families: usize, stopped: bool) -> String {
        let seconds = elapsed.as_secs_f64();
        format!(
            "{} cases in {seconds:.1}s ({:.0}/s); {} disagreements; {} minimised; {} dropped \
             as contract-only; {} timeouts; {} new families, {families} in the catalogue{}",
            self.cases,
            self.cases as f64 / seconds.max(1e-9),
            self.disagreements,
            self.minimised,
            self.contract_only,
            self.timeouts,
            self.new_families,
            if stopped { " (stopped by Ctrl-C)" } else { "" }
        )
    }
}

/// A seed from the clock, for a run given none.
pub fn random_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_secs() ^ u64::from(d.subsec_nanos()))
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

impl Settings {
    /// How long a run lasts: `time`, or a minute when neither a time nor a number of
    /// iterations is given.
    pub fn time_or_default(time: Option<Duration>, iterations: Option<u64>) -> Option<Duration> {
        time.or_else(|| iterations.is_none().then(|| Duration::from_secs(60)))
    }
}

/// The campaign's state: the oracle, the implementations, what was already minimised, and
/// the catalogue.
pub struct Campaign {
    oracle: Oracle,
    implementations: Vec<Box<dyn Engine>>,
    catalogue: Catalogue,
    corpus: Option<Corpus>,
    /// Deviations already minimised in the current block (see [`merge`]).
    minimised: BTreeSet<DeviationKey>,
    /// The part of the case stream this run examines, and its blocks.
    shard: Shard,
    /// The block whose deviations `minimised` holds.
    block: Option<u64>,
    /// Implementations left out after they became unavailable.
    lost: Vec<bool>,
    stats: Stats,
    stop: Arc<AtomicBool>,
    /// When the run's time is up: no new minimisation starts after it.
    deadline: Option<Instant>,
    /// The input classes generated and kept while minimising.
    inputs: InputClasses,
    /// How each implementation receives the body.
    bodies: Vec<BodyAs>,
}

impl std::fmt::Debug for Campaign {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Campaign")
            .field("implementations", &self.implementations.len())
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl Campaign {
    /// A campaign comparing `implementations` with the reference, recording into
    /// `catalogue`.
    pub fn new(
        implementations: Vec<Box<dyn Engine>>,
        catalogue: Catalogue,
        corpus: Option<Corpus>,
        stop: Arc<AtomicBool>,
    ) -> Campaign {
        let lost = vec![false; implementations.len()];
        let bodies: Vec<BodyAs> = implementations
            .iter()
            .map(|e| BodyAs::of_adapter(&e.info().name))
            .collect();
        let mut catalogue = catalogue;
        catalogue.note_bodies(
            implementations
                .iter()
                .zip(&bodies)
                .map(|(e, b)| (e.info().name.clone(), *b)),
        );
        Campaign {
            oracle: Oracle::default(),
            implementations,
            catalogue,
            corpus,
            minimised: BTreeSet::new(),
            shard: Shard::default(),
            block: None,
            lost,
            stats: Stats::default(),
            stop,
            deadline: None,
            inputs: InputClasses::default(),
            bodies,
        }
    }

    /// The same campaign with each implementation's body declared (by default, read from
    /// the manifest of the adapter of its name; `bytes` when there is none).
    pub fn with_bodies(mut self, bodies: &[BodyAs]) -> Campaign {
        for (slot, body) in self.bodies.iter_mut().zip(bodies) {
            *slot = *body;
        }
        let named: Vec<(String, BodyAs)> = self
            .implementations
            .iter()
            .zip(&self.bodies)
            .map(|(e, b)| (e.info().name.clone(), *b))
            .collect();
        self.catalogue.note_bodies(named);
        self
    }

    /// For each way some implementation receives a body that changes `body` (a lossy
    /// decoding of one that is not UTF-8, a fetched text's of one starting with a byte order
    /// mark), the text received and the reference's replies to it under `rfc9309` and
    /// `google`.
    fn received_replies(&mut self, input: &Input, body: &[u8]) -> Vec<Received> {
        let mut kinds = self.bodies.clone();
        kinds.sort_unstable();
        kinds.dedup();
        kinds
            .into_iter()
            .filter_map(|kind| {
                let text = kind.received(body)?;
                let replies = [Profile::Rfc9309, Profile::Google]
                    .map(|p| self.oracle.under(p).check(&text, &input.agent, &input.urls));
                Some((kind, text, replies))
            })
            .collect()
    }

    /// The same campaign generating inputs of `classes` (realistic ones only by default).
    pub fn with_inputs(mut self, classes: InputClasses) -> Campaign {
        self.inputs = classes;
        self
    }

    /// The same campaign examining only `shard`'s part of the case stream, deduplicating
    /// within its blocks (the whole stream, in blocks of [`merge::DEFAULT_BLOCK`], by default).
    pub fn with_shard(mut self, shard: Shard) -> Campaign {
        self.shard = shard;
        self
    }

    /// The input classes it generates.
    pub fn inputs(&self) -> InputClasses {
        self.inputs
    }

    /// How many implementations are compared with the reference.
    pub fn implementations(&self) -> usize {
        self.implementations.len()
    }

    /// The counters so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The catalogue.
    pub fn catalogue(&mut self) -> &mut Catalogue {
        &mut self.catalogue
    }

    /// Who the engines are: the reference under each profile, then the implementations.
    pub fn infos(&self) -> Vec<EngineInfo> {
        let oracle = [
            &self.oracle.rfc9309,
            &self.oracle.google,
            &self.oracle.legacy,
        ];
        oracle
            .into_iter()
            .map(|e| e.info().clone())
            .chain(self.implementations.iter().map(|e| e.info().clone()))
            .collect()
    }

    /// Generates the input of case `case` of `seed` (`None` when the bytes run out first).
    pub fn input(&self, seed: u64, case: u64) -> Option<Input> {
        let bytes = case_bytes(seed, case);
        generate_with(
            &mut Unstructured::new(&bytes),
            self.corpus.as_ref(),
            self.inputs,
        )
        .ok()
    }

    /// Runs cases until the settings' limit or the stop flag, calling `progress` after each
    /// batch. Returns the number of cases run. `settings.iterations` bounds the campaign's
    /// case numbers; a shard runs its own part of them.
    pub fn run(&mut self, settings: &Settings, progress: &mut dyn FnMut(&Stats)) -> Result<u64> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(settings.jobs.max(1))
            .build()?;
        let started = Instant::now();
        self.deadline = settings.time.map(|t| started + t);
        let batch = (16 * settings.jobs.max(1)) as u64;
        let mut next = settings.first_case;
        let mut ran = 0;
        let end = settings.iterations.map(|n| settings.first_case + n);
        loop {
            if self.stop.load(Ordering::Relaxed)
                || settings.time.is_some_and(|t| started.elapsed() >= t)
            {
                break;
            }
            // The next cases of this shard, in order.
            let mut cases = Vec::new();
            while (cases.len() as u64) < batch {
                match self.shard.next_from(next) {
                    Some(case) if end.is_none_or(|e| case < e) => {
                        cases.push(case);
                        next = case + 1;
                    }
                    _ => break,
                }
            }
            if cases.is_empty() {
                break;
            }
            ran += cases.len() as u64;
            let inputs: Vec<(u64, Input)> = cases
                .into_iter()
                .filter_map(|case| Some((case, self.input(settings.seed, case)?)))
                .collect();
            let bodies: Vec<Vec<u8>> = inputs.iter().map(|(_, input)| input.body()).collect();
            let lost = &self.lost;
            let oracle = &mut self.oracle;
            let implementations = &mut self.implementations;
            // The oracle on one task, one implementation per other task: each answers the
            // whole batch in order.
            let (reference, answers): ([Vec<Reply>; 2], Vec<Vec<Reply>>) = pool.install(|| {
                rayon::join(
                    || {
                        [Profile::Rfc9309, Profile::Google].map(|profile| {
                            let engine = oracle.under(profile);
                            inputs
                                .iter()
                                .zip(&bodies)
                                .map(|((_, input), body)| {
                                    engine.check(body, &input.agent, &input.urls)
                                })
                                .collect()
                        })
                    },
                    || {
                        implementations
                            .par_iter_mut()
                            .zip(lost.par_iter())
                            .map(|(engine, &lost)| {
                                inputs
                                    .iter()
                                    .zip(&bodies)
                                    .map(|((_, input), body)| {
                                        if lost {
                                            return Err(EngineError::Unavailable(
                                                "left out".into(),
                                            ));
                                        }
                                        engine.check(body, &input.agent, &input.urls)
                                    })
                                    .collect()
                            })
                            .collect()
                    },
                )
            });
            if self.stop.load(Ordering::Relaxed) {
                // Answers cut short by Ctrl-C are not evidence.
                break;
            }
            for (position, (case, input)) in inputs.iter().enumerate() {
                let oracle = [&reference[0][position], &reference[1][position]];
                let row: Vec<&Reply> = answers.iter().map(|a| &a[position]).collect();
                let received = self.received_replies(input, &bodies[position]);
                let block = self.shard.block_of(*case);
                if self.block != Some(block) {
                    // A new block: its deviations are minimised afresh (see `merge`).
                    self.minimised.clear();
                    self.block = Some(block);
                }
                self.stats.cases += 1;
                self.examine(settings, *case, input, oracle, &row, &received)?;
            }
            progress(&self.stats);
        }
        Ok(ran)
    }

    /// Puts one input to every engine (one after the other) and examines the answers: what a
    /// fuzz target does per input.
    pub fn observe(&mut self, settings: &Settings, case: u64, input: &Input) -> Result<()> {
        let body = input.body();
        let reference = [Profile::Rfc9309, Profile::Google]
            .map(|p| self.oracle.under(p).check(&body, &input.agent, &input.urls));
        let answers: Vec<Reply> = self
            .implementations
            .iter_mut()
            .map(|e| e.check(&body, &input.agent, &input.urls))
            .collect();
        let row: Vec<&Reply> = answers.iter().collect();
        let received = self.received_replies(input, &body);
        self.stats.cases += 1;
        self.examine(
            settings,
            case,
            input,
            [&reference[0], &reference[1]],
            &row,
            &received,
        )
    }

    /// Looks at the implementations' answers to one input beside the reference's (under
    /// `rfc9309` and `google`, about the body each implementation received); minimises and
    /// records each new deviation, and records each new timeout.
    fn examine(
        &mut self,
        settings: &Settings,
        case: u64,
        input: &Input,
        reference: [&Reply; 2],
        row: &[&Reply],
        received: &[Received],
    ) -> Result<()> {
        for (engine, answer) in row.iter().enumerate() {
            if let Err(EngineError::Unavailable(_)) = answer
                && !self.lost[engine]
            {
                self.lost[engine] = true;
                self.stats
                    .lost
                    .insert(self.implementations[engine].info().name.clone());
            }
        }
        for index in 0..input.urls.len() {
            let raw = [
                Answer::of(reference[0], index),
                Answer::of(reference[1], index),
            ];
            let mut any = false;
            // The one-URL input (as sent, and as each decoding received it) and the
            // reference's decision on it, worked out once per URL and only when some
            // implementation deviates there.
            let mut questions: Vec<Option<(Input, [String; 2])>> = vec![None; received.len() + 1];
            for (engine, engine_answer) in row.iter().enumerate() {
                if self.lost[engine] {
                    continue;
                }
                let got = received
                    .iter()
                    .position(|(kind, ..)| *kind == self.bodies[engine]);
                let [rfc, google] = match got {
                    Some(i) => {
                        let replies = &received[i].2;
                        [
                            Answer::of(&replies[0], index),
                            Answer::of(&replies[1], index),
                        ]
                    }
                    None => raw,
                };
                if rfc == Answer::Error || google == Answer::Error {
                    // The reference rejects the URL: nothing to compare.
                    continue;
                }
                let answer = Answer::of(engine_answer, index);
                if answer == Answer::Unsupported {
                    self.stats.unsupported += 1;
                    continue;
                }
                if answer == rfc && answer == google {
                    continue;
                }
                let (one, shape) = questions[got.map_or(0, |i| i + 1)].get_or_insert_with(|| {
                    let lines = match got {
                        Some(i) => received[i]
                            .1
                            .split_inclusive(|b| *b == b'\n')
                            .map(<[u8]>::to_vec)
                            .collect(),
                        None => input.lines.clone(),
                    };
                    let one = Input {
                        lines,
                        agent: input.agent.clone(),
                        urls: vec![input.urls[index].clone()],
                    };
                    let shape = [Profile::Rfc9309, Profile::Google]
                        .map(|p| decision(&one, p).map(|t| t.join(" ")).unwrap_or_default());
                    (one, shape)
                });
                if answer == Answer::Timeout {
                    self.stats.timeouts += 1;
                } else {
                    any = true;
                }
                let key = DeviationKey {
                    implementation: engine,
                    answer,
                    rfc9309: rfc,
                    google,
                    decision: shape.clone(),
                    received: got.map(|i| received[i].0),
                };
                let out_of_time = self.deadline.is_some_and(|d| Instant::now() >= d)
                    || self.stop.load(Ordering::Relaxed);
                if !out_of_time && self.minimised.insert(key) {
                    let one = one.clone();
                    let transformation = got.map(|i| Decoded {
                        name: received[i].0.name(),
                        invalid: std::str::from_utf8(&input.body()).is_err(),
                    });
                    if answer == Answer::Timeout {
                        let took = engine_answer
                            .as_ref()
                            .err()
                            .and_then(EngineError::timeout_measured)
                            .unwrap_or_default();
                        self.record_timeout(settings, case, one, engine, took, transformation)?;
                    } else {
                        self.minimise_and_record(
                            settings,
                            case,
                            one,
                            engine,
                            answer,
                            transformation,
                        )?;
                    }
                }
            }
            if any {
                self.stats.disagreements += 1;
            }
        }
        Ok(())
    }

    /// Every engine's answer to the one-URL `input`: the reference under each profile, and
    /// each implementation still available.
    fn split_of(&mut self, input: &Input) -> BTreeMap<String, Answer> {
        let body = input.body();
        let mut split = BTreeMap::new();
        for profile in Profile::ALL {
            let reference = self.oracle.under(profile);
            let said = Answer::of(&reference.check(&body, &input.agent, &input.urls), 0);
            split.insert(reference.info().name.clone(), said);
        }
        for (i, implementation) in self.implementations.iter_mut().enumerate() {
            if !self.lost[i] {
                let said = Answer::of(&implementation.check(&body, &input.agent, &input.urls), 0);
                split.insert(implementation.info().name.clone(), said);
            }
        }
        split
    }

    /// Records a timeout as it came: not minimised (every try could cost the time limit
    /// again), and with only the reference's answers beside it (the others were not slow).
    fn record_timeout(
        &mut self,
        settings: &Settings,
        case: u64,
        input: Input,
        engine: usize,
        took: Duration,
        transformation: Option<Decoded>,
    ) -> Result<()> {
        let body = input.body();
        let mut split = BTreeMap::new();
        for profile in Profile::ALL {
            let reference = self.oracle.under(profile);
            let said = Answer::of(&reference.check(&body, &input.agent, &input.urls), 0);
            split.insert(reference.info().name.clone(), said);
        }
        let name = self.implementations[engine].info().name.clone();
        split.insert(name.clone(), Answer::Timeout);
        let classes = self.inputs.used_by(&input);
        let finding = Finding {
            original: input.clone(),
            minimal: input,
            split,
            engines: self.infos(),
            seed: settings.seed,
            case,
            minimised_for: name,
            cut_short: false,
            classes,
            transformation: transformation.map(|d| d.name),
            contract: Vec::new(),
            timeout_ms: Some(u64::try_from(took.as_millis()).unwrap_or(u64::MAX)),
        };
        if self.catalogue.record(&finding)?.is_some() {
            self.stats.new_families += 1;
        }
        Ok(())
    }

    fn minimise_and_record(
        &mut self,
        settings: &Settings,
        case: u64,
        original: Input,
        engine: usize,
        answer: Answer,
        transformation: Option<Decoded>,
    ) -> Result<()> {
        let body = original.body();
        let rfc = self.oracle.answer(Profile::Rfc9309, &original, &body);
        let google = self.oracle.answer(Profile::Google, &original, &body);
        let mut deadline = Instant::now() + settings.minimise_budget;
        if let Some(end) = self.deadline {
            deadline = deadline.min(end);
        }
        let stop = Arc::clone(&self.stop);
        let oracle = &mut self.oracle;
        let implementation = &mut self.implementations[engine];
        let mut cut_short = false;
        let mut keeps = |candidate: &Input| {
            if Instant::now() >= deadline || stop.load(Ordering::Relaxed) {
                cut_short = true;
                return false;
            }
            let body = candidate.body();
            oracle.answer(Profile::Rfc9309, candidate, &body) == rfc
                && oracle.answer(Profile::Google, candidate, &body) == google
                && Answer::of(
                    &implementation.check(&body, &candidate.agent, &candidate.urls),
                    0,
                ) == answer
        };
        let minimal = minimise(&original, self.inputs, &mut keeps);
        self.stats.minimised += 1;
        // The contract check: asked again as a crawler would ask it, does the split stay?
        let within = within_contract(&minimal, self.inputs);
        let mut contract = Vec::new();
        if !within.restored.is_empty() {
            let asked = &within.input;
            let body = asked.body();
            let rfc = self.oracle.answer(Profile::Rfc9309, asked, &body);
            let google = self.oracle.answer(Profile::Google, asked, &body);
            let said = Answer::of(
                &self.implementations[engine].check(&body, &asked.agent, &asked.urls),
                0,
            );
            if said == rfc && said == google {
                // The split rests on the contract: kept only where the run asked for the
                // class that leaves it, labelled; dropped otherwise.
                let all_opted = within
                    .restored
                    .iter()
                    .all(|c| class_of(c).is_some_and(|tag| self.inputs.opted_into(tag)));
                if !all_opted {
                    self.stats.contract_only += 1;
                    return Ok(());
                }
                contract = within.restored.clone();
            }
        }
        let split = self.split_of(&minimal);
        // An engine that no longer deviates on the minimal input (a flaky adapter) gives no
        // finding.
        let deviates = split
            .get(&self.implementations[engine].info().name)
            .is_some_and(|s| *s != Answer::Unsupported && (*s != rfc || *s != google));
        if !deviates {
            return Ok(());
        }
        let mut classes = self.inputs.used_by(&minimal);
        let mut transformation = transformation;
        if transformation.is_some_and(|d| d.invalid) && !classes.contains(&"invalid-utf8") {
            if crate::fuzz::findings::shows_invalid_body(&minimal.body()) {
                // Asked about the text a decoder made of a body that was not UTF-8: listed
                // with that class, never in the default ranking.
                classes.push("invalid-utf8");
            } else {
                // Minimised to text with no trace of the invalid bytes: sent as a UTF-8 body,
                // the library receives that text unchanged.
                transformation = None;
            }
        }
        let finding = Finding {
            original,
            minimal,
            split,
            engines: self.infos(),
            seed: settings.seed,
            case,
            minimised_for: self.implementations[engine].info().name.clone(),
            cut_short,
            classes,
            transformation: transformation.map(|d| d.name),
            contract,
            timeout_ms: None,
        };
        if self.catalogue.record(&finding)?.is_some() {
            self.stats.new_families += 1;
        }
        Ok(())
    }
}

/// The implementations of a campaign: each adapter in process when its crate is linked into
/// this build, otherwise as a subprocess. A subprocess adapter that cannot start is left out
/// and named in the returned warnings.
pub fn implementations_for(
    adapters: &[crate::engines::adapters::Adapter],
    timeout: Duration,
) -> (Vec<Box<dyn Engine>>, Vec<String>) {
    let mut engines: Vec<Box<dyn Engine>> = Vec::new();
    let mut warnings = Vec::new();
    for adapter in adapters {
        let name = &adapter.manifest.name;
        if adapter.manifest.kind == crate::engines::adapters::Kind::Crawler {
            // One crawl per question is too slow for a campaign's thousands (harness/README.md).
            warnings.push(format!(
                "{name}: left out: a whole crawler (`reptest run` asks it)"
            ));
            continue;
        }
        if let Some(engine) = PeerEngine::new(name) {
            engines.push(Box::new(engine));
            continue;
        }
        let mut engine =
            crate::engines::subprocess::SubprocessEngine::new(name, adapter.command(), timeout);
        match engine.ensure_started() {
            Ok(()) => engines.push(Box::new(engine)),
            Err(e) => warnings.push(format!("{name}: left out: {e}")),
        }
    }
    (engines, warnings)
}

/// What `reptest fuzz-diff` compares and where it records.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Adapters to compare (every one set up, and every linked crate, when empty).
    pub adapters: Vec<String>,
    /// Only the Rust crates linked into this build: no subprocess.
    pub in_process: bool,
    /// Set the adapters up first.
    pub setup: bool,
    /// How long an adapter may take to answer one request.
    pub timeout: Duration,
    /// The real-world corpus to mix in, if any (skipped when the folder does not exist).
    pub corpus: Option<PathBuf>,
    /// The findings catalogue.
    pub out: PathBuf,
    /// Where the adapters are.
    pub dirs: Dirs,
    /// The opt-in input classes (`--inputs`).
    pub inputs: InputClasses,
}

impl Campaign {
    /// Opens the campaign `plan` describes: its implementations, corpus and catalogue. What
    /// was chosen and left out, and the run's opening line, go to `log`.
    pub fn open(
        plan: &Plan,
        settings: &Settings,
        stop: Arc<AtomicBool>,
        log: &mut dyn std::io::Write,
    ) -> Result<Campaign> {
        let mut inputs = plan.inputs;
        let (implementations, warnings) = if plan.in_process {
            (in_process_implementations(), Vec::new())
        } else {
            let chosen = registry::choose(&plan.dirs, &plan.adapters, plan.setup, true, log)?;
            // A `/version` suffix only when every library compared takes full user-agent
            // strings: one input goes to all of them.
            inputs.versioned_agents =
                !chosen.is_empty() && chosen.iter().all(|a| a.manifest.user_agent_strings);
            implementations_for(&chosen, plan.timeout)
        };
        for warning in &warnings {
            writeln!(log, "warning: {warning}")?;
        }
        if implementations.is_empty() {
            bail!("no implementation to compare with the reference");
        }
        let corpus = match &plan.corpus {
            Some(dir) => Corpus::load_if_present(dir)?,
            None => None,
        };
        if let Some(corpus) = &corpus {
            let sites = corpus.sites.len();
            writeln!(log, "corpus: {sites} real robots.txt files mixed in")?;
        }
        let catalogue = Catalogue::open(&plan.out)?;
        writeln!(
            log,
            "fuzz-diff: seed {}, inputs: realistic{}, {} implementations and the reference ({} \
             profiles), {} jobs, findings in {} ({} families already there); Ctrl-C stops and \
             keeps everything",
            settings.seed,
            match inputs.describe().as_str() {
                "none" => String::new(),
                classes => format!(" + {classes}"),
            },
            implementations.len(),
            Profile::ALL.len(),
            settings.jobs,
            plan.out.display(),
            catalogue.families().len(),
        )?;
        Ok(Campaign::new(implementations, catalogue, corpus, stop).with_inputs(inputs))
    }

    /// Records the run (`cases` cases in `elapsed`) in the catalogue, and returns the closing
    /// lines: counts, implementations lost on the way, the catalogue's index.
    pub fn finish(&mut self, settings: &Settings, cases: u64, elapsed: Duration) -> Result<String> {
        self.catalogue.finish_run(RunRecord {
            seed: settings.seed,
            cases,
            seconds: elapsed.as_secs(),
            engines: self.infos().into_iter().map(|i| i.name).collect(),
            new_families: self.stats.new_families,
            first_case: settings.first_case,
            shard: merge::recorded(self.shard),
            inputs: crate::fuzz::findings::inputs_flag(&self.inputs),
        })?;
        let families = self.catalogue.families().len();
        let stopped = self.stop.load(Ordering::Relaxed);
        let mut out = self.stats.summary(elapsed, families, stopped);
        if !self.stats.lost.is_empty() {
            let lost: Vec<&str> = self.stats.lost.iter().map(String::as_str).collect();
            out.push_str(&format!(
                "\nbecame unavailable and were left out: {}",
                lost.join(", ")
            ));
        }
        out.push_str(&format!(
            "\nindex: {}",
            self.catalogue.dir().join("README.md").display()
        ));
        Ok(out)
    }
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
    let Ok(input) = generate_with(&mut Unstructured::new(data), None, InputClasses::default())
    else {
        return;
    };
    let cell = CAMPAIGNS.get_or_init(|| {
        let dir = std::env::var_os("REPTEST_FINDINGS").map_or_else(
            || crate::engines::adapters::workspace_root().join("fuzz/findings"),
            std::path::PathBuf::from,
        );
        let catalogue = Catalogue::open(&dir)
            .or_else(|e| {
                // A fuzzer run away from its checkout (an OSS-Fuzz style runner): findings go
                // to a temporary catalogue rather than stopping the run.
                let fallback = std::env::temp_dir().join("reptest-findings");
                eprintln!("warning: {e:#}; findings go to {}", fallback.display());
                Catalogue::open(&fallback)
            })
            .unwrap_or_else(|e| panic!("cannot open the findings catalogue: {e:#}"));
        let engines = match which {
            FuzzEngines::InProcess => in_process_implementations(),
            FuzzEngines::Adapters => {
                let adapters = crate::engines::adapters::load(
                    &crate::engines::adapters::default_dir(),
                    &crate::engines::adapters::default_install_root(),
                )
                .unwrap_or_else(|e| panic!("cannot load the adapters: {e:#}"));
                let ready: Vec<_> = adapters
                    .into_iter()
                    .filter(|a| a.is_set_up() || PeerEngine::new(&a.manifest.name).is_some())
                    .collect();
                let (engines, warnings) = implementations_for(&ready, Duration::from_secs(5));
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
