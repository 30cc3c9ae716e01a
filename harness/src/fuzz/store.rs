//! The findings catalogue on disk, and `reptest fuzz-report --check`.
//!
//! A catalogue directory holds:
//! - `index.json`: the runs, the engines and every family (its split, minimal input, classes;
//!   [`Index`]), heaviest first: what `reptest compare` and `reptest report` read;
//! - `families/<id>.md` and `families/<id>.toml`: each family's page and spec case, written
//!   once, when it is found;
//! - `families/<id>.json`: a family's evidence, the answers to its neutralised variants and
//!   the inputs cleaned for the implementations it was minimised for ([`Family::ablation`],
//!   [`Family::cleaned_for`]), written by `reptest fuzz-report`; kept apart so that a new
//!   family rewrites the small index and nothing else;
//! - `root-causes.json`: the root causes derived from all of it ([`root_causes`]), and the
//!   pages drawn from them: `README.md`, one ready-to-file report per implementation, with
//!   `measured.json` ([`Measured`]).
//!
//! The campaign writes a new family's files and the index as it goes ([`Catalogue::save`]);
//! root causes are derived once, by [`Catalogue::flush`] (the end of a run, `reptest
//! fuzz-report`, a merge). [`check`] derives everything again and compares it with the files.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use reptest_reference::Profile;
use serde::{Deserialize, Serialize};

use crate::engines::adapters::BodyAs;
use crate::fuzz::filing::{self, Measured};
use crate::fuzz::findings::{
    self, Ablated, Cleaned, Family, FamilyInput, Finding, FirstSeen, Index, RunRecord,
};
use crate::fuzz::rootcause::{RootCause, root_causes};

/// The index's file.
pub const INDEX: &str = "index.json";
/// The derived root causes' file.
pub const ROOT_CAUSES: &str = "root-causes.json";
/// The index's format: 2 keeps each family's evidence in its own file.
pub const SCHEMA: u32 = 2;

/// A family's evidence file.
pub fn evidence_path(dir: &Path, id: &str) -> PathBuf {
    dir.join("families").join(format!("{id}.json"))
}

/// A family's evidence, as its file holds it.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Evidence {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    ablation: Vec<Ablated>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    cleaned_for: BTreeMap<String, Cleaned>,
}

/// The same, borrowed from a family, to be written.
#[derive(Serialize)]
struct EvidenceOf<'f> {
    #[serde(skip_serializing_if = "<[Ablated]>::is_empty")]
    ablation: &'f [Ablated],
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    cleaned_for: &'f BTreeMap<String, Cleaned>,
}

fn has_evidence(family: &Family) -> bool {
    !family.ablation.is_empty() || !family.cleaned_for.is_empty()
}

/// The text of `family`'s evidence file; `None` when it has no evidence.
fn evidence_json(family: &Family) -> Result<Option<String>> {
    if !has_evidence(family) {
        return Ok(None);
    }
    let mut json = serde_json::to_string_pretty(&EvidenceOf {
        ablation: &family.ablation,
        cleaned_for: &family.cleaned_for,
    })?;
    json.push('\n');
    Ok(Some(json))
}

/// The text of `index.json`.
fn index_json(index: &Index) -> Result<String> {
    let mut json = serde_json::to_string_pretty(index)?;
    json.push('\n');
    Ok(json)
}

/// The text of `root-causes.json`.
fn causes_json(causes: &[RootCause]) -> Result<String> {
    let mut json = serde_json::to_string_pretty(causes)?;
    json.push('\n');
    Ok(json)
}

/// Reads each family's evidence file in `dir` into `index`; returns the hash of each file
/// read, by family id.
fn read_evidence(dir: &Path, index: &mut Index) -> Result<BTreeMap<String, u64>> {
    let mut hashes = BTreeMap::new();
    for family in &mut index.families {
        let path = evidence_path(dir, &family.id);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        let evidence: Evidence = serde_json::from_str(&text)
            .with_context(|| format!("{} is not a family's evidence", path.display()))?;
        family.ablation = evidence.ablation;
        family.cleaned_for = evidence.cleaned_for;
        hashes.insert(family.id.clone(), crate::text::fnv1a(text.as_bytes()));
    }
    Ok(hashes)
}

/// The whole catalogue in `dir`: the index with each family's evidence; `None` when there is
/// no index.
pub fn read_full(dir: &Path) -> Result<Option<Index>> {
    let Some(mut index) = Index::read(&dir.join(INDEX))? else {
        return Ok(None);
    };
    read_evidence(dir, &mut index)?;
    Ok(Some(index))
}

/// Writes `index` into `dir` as it is (its order kept): `index.json`, and the evidence file of
/// each family that holds evidence.
pub fn write_index(dir: &Path, index: &Index) -> Result<()> {
    for family in &index.families {
        if let Some(text) = evidence_json(family)? {
            let path = evidence_path(dir, &family.id);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)
                    .with_context(|| format!("cannot create {}", parent.display()))?;
            }
            write_atomic(&path, &text)?;
        }
    }
    write_atomic(&dir.join(INDEX), &index_json(index)?)
}

/// The root causes stored in `dir` (`root-causes.json`); `None` when there is no file.
pub fn read_root_causes(dir: &Path) -> Result<Option<Vec<RootCause>>> {
    let path = dir.join(ROOT_CAUSES);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    serde_json::from_str(&text)
        .map(Some)
        .with_context(|| format!("{} is not a list of root causes", path.display()))
}

/// What the reports of a catalogue are drawn from: its index, with each family's evidence
/// (a defect's title is the misbehaviour its shown input holds, and that input is evidence),
/// and its stored root causes.
#[derive(Clone, Debug)]
pub struct Published {
    /// The index.
    pub index: Index,
    /// The root causes.
    pub causes: Vec<RootCause>,
}

impl Published {
    /// Reads the catalogue in `dir`; `None` when there is none. A catalogue whose root causes
    /// were never stored (written before they were) has them derived.
    pub fn read(dir: &Path) -> Result<Option<Published>> {
        let Some(index) = read_full(dir)? else {
            return Ok(None);
        };
        let causes = match read_root_causes(dir)? {
            Some(causes) => causes,
            None => root_causes(&index),
        };
        Ok(Some(Published { index, causes }))
    }
}

/// The findings directory ([the module's layout](self)): a new family's page, case and the
/// index are written as soon as it is found; evidence, root causes and pages by
/// [`Catalogue::flush`].
#[derive(Debug)]
pub struct Catalogue {
    dir: PathBuf,
    index: Index,
    by_signature: BTreeMap<String, usize>,
    /// Per family id, the hash of its evidence file as read or last written.
    evidence: BTreeMap<String, u64>,
    /// Whether the evidence may have changed since ([`Catalogue::update`], or read from an
    /// index that held it inline).
    evidence_changed: bool,
}

impl Catalogue {
    /// Opens (or starts) the catalogue in `dir`; the families already there are kept and
    /// deduplicated against.
    pub fn open(dir: &Path) -> Result<Catalogue> {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let mut index = Index::read(&dir.join(INDEX))?.unwrap_or(Index {
            schema: SCHEMA,
            ..Index::default()
        });
        // Evidence kept inline by an older catalogue moves to its own files at the next save.
        let evidence_changed = index.families.iter().any(has_evidence);
        let evidence = read_evidence(dir, &mut index)?;
        let by_signature = index
            .families
            .iter()
            .enumerate()
            .map(|(i, f)| (f.signature.clone(), i))
            .collect();
        Ok(Catalogue {
            dir: dir.to_owned(),
            index,
            by_signature,
            evidence,
            evidence_changed,
        })
    }

    /// The families so far.
    pub fn families(&self) -> &[Family] {
        &self.index.families
    }

    /// The index.
    pub fn index(&self) -> &Index {
        &self.index
    }

    /// Changes the index, evidence included (then [`Catalogue::flush`] writes it).
    pub fn update(&mut self, change: impl FnOnce(&mut Index)) {
        change(&mut self.index);
        self.evidence_changed = true;
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Notes how implementations receive the body (kept in the index, for their reports).
    pub fn note_bodies(&mut self, bodies: impl IntoIterator<Item = (String, BodyAs)>) {
        self.index.bodies.extend(bodies);
    }

    /// Records a finding: a new family is written at once (report, case, index: no root cause
    /// is derived) and its id returned; a known one only counts a hit (written with the next
    /// [`Catalogue::save`]).
    pub fn record(&mut self, finding: &Finding) -> Result<Option<String>> {
        let Some(feature) = findings::feature(&finding.minimal) else {
            return Ok(None);
        };
        let mut signature = format!("{feature} || {}", findings::split_text(&finding.split));
        if !finding.classes.is_empty() {
            // The same split on an input outside the default classes is another family.
            signature.push_str(&format!(" || inputs: {}", finding.classes.join(" ")));
        }
        if let Some(transformation) = finding.transformation {
            signature.push_str(&format!(" || received: {transformation}"));
        }
        if !finding.contract.is_empty() {
            signature.push_str(&format!(" || contract: {}", finding.contract.join(" ")));
        }
        if let Some(&i) = self.by_signature.get(&signature) {
            let family = &mut self.index.families[i];
            family.hits += 1;
            // Another implementation's minimisation reached the same input: minimal for it
            // too (its root causes may rest on this family).
            if !finding.minimised_for.is_empty()
                && family.minimised_for != finding.minimised_for
                && !family.also_minimised_for.contains(&finding.minimised_for)
            {
                family
                    .also_minimised_for
                    .push(finding.minimised_for.clone());
                family.also_minimised_for.sort();
            }
            return Ok(None);
        }
        let slug: String = feature
            .split([' ', '/', '+', ':'])
            .filter(|w| !w.is_empty() && *w != "google")
            .take(3)
            .collect::<Vec<_>>()
            .join("-");
        let family = Family {
            id: format!(
                "{slug}-{:08x}",
                crate::text::fnv1a(signature.as_bytes()) as u32
            ),
            feature,
            signature: signature.clone(),
            split: finding.split.clone(),
            against_rfc9309: findings::against(&finding.split, Profile::Rfc9309),
            against_google: findings::against(&finding.split, Profile::Google),
            hits: 1,
            first_seen: FirstSeen {
                seed: finding.seed,
                case: finding.case,
            },
            classes: finding.classes.iter().map(|c| (*c).to_owned()).collect(),
            input: Some(FamilyInput::of(&finding.minimal)),
            minimised_for: finding.minimised_for.clone(),
            also_minimised_for: Vec::new(),
            transformation: finding.transformation.map(str::to_owned),
            contract: finding.contract.iter().map(|c| (*c).to_owned()).collect(),
            timeout_ms: finding.timeout_ms,
            ablation: Vec::new(),
            cleaned_for: BTreeMap::new(),
        };
        for info in &finding.engines {
            self.index
                .engines
                .entry(info.name.clone())
                .or_insert_with(|| info.clone());
        }
        let families = self.dir.join("families");
        std::fs::create_dir_all(&families)
            .with_context(|| format!("cannot create {}", families.display()))?;
        write_atomic(
            &families.join(format!("{}.toml", family.id)),
            &findings::case_toml(&family, &finding.minimal)?,
        )?;
        write_atomic(
            &families.join(format!("{}.md", family.id)),
            &findings::family_markdown(&family, finding, &self.index.engines)?,
        )?;
        let id = family.id.clone();
        self.by_signature
            .insert(signature, self.index.families.len());
        self.index.families.push(family);
        self.save()?;
        Ok(Some(id))
    }

    /// Adds a run's record and rewrites the catalogue ([`Catalogue::flush`]: the root causes
    /// are derived once per run).
    pub fn finish_run(&mut self, run: RunRecord) -> Result<()> {
        self.index.runs.push(run);
        self.flush()
    }

    /// Writes `index.json` (families heaviest first) and, when it may have changed, each
    /// family's evidence file: what the campaign writes as it goes. Derives nothing.
    pub fn save(&mut self) -> Result<()> {
        self.index
            .families
            .sort_by(|a, b| b.weight().cmp(&a.weight()).then_with(|| a.id.cmp(&b.id)));
        self.by_signature = self
            .index
            .families
            .iter()
            .enumerate()
            .map(|(i, f)| (f.signature.clone(), i))
            .collect();
        self.index.schema = SCHEMA;
        write_atomic(&self.dir.join(INDEX), &index_json(&self.index)?)?;
        if self.evidence_changed {
            self.write_evidence()?;
            self.evidence_changed = false;
        }
        Ok(())
    }

    /// [`Catalogue::save`], then everything derived from the catalogue: each family's spec
    /// case where it changed (its input classes, say) and its page's section on the inputs
    /// cleaned for its implementations, the root causes (`root-causes.json`) and the pages
    /// drawn from them (`README.md`, one report per implementation).
    pub fn flush(&mut self) -> Result<()> {
        self.save()?;
        for family in &self.index.families {
            let page = self.dir.join("families").join(format!("{}.md", family.id));
            if let Ok(text) = std::fs::read_to_string(&page) {
                let drawn = findings::redraw_cleaned(&text, family);
                if drawn != text {
                    write_atomic(&page, &drawn)?;
                }
            }
            let Some(input) = family.input.as_ref().map(FamilyInput::input) else {
                continue;
            };
            let path = self
                .dir
                .join("families")
                .join(format!("{}.toml", family.id));
            let text = findings::case_toml(family, &input)?;
            if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                write_atomic(&path, &text)?;
            }
        }
        let causes = root_causes(&self.index);
        write_atomic(&self.dir.join(ROOT_CAUSES), &causes_json(&causes)?)?;
        let measured = Measured::read(&self.dir);
        for (file, text) in filing::pages(&self.index, &causes, &measured)? {
            write_atomic(&self.dir.join(file), &text)?;
        }
        Ok(())
    }

    /// Writes the evidence files that changed, and removes those of families that have none
    /// left (or are gone).
    fn write_evidence(&mut self) -> Result<()> {
        let families = self.dir.join("families");
        let mut kept = BTreeMap::new();
        for family in &self.index.families {
            let Some(text) = evidence_json(family)? else {
                continue;
            };
            let hash = crate::text::fnv1a(text.as_bytes());
            if self.evidence.get(&family.id) != Some(&hash) {
                std::fs::create_dir_all(&families)
                    .with_context(|| format!("cannot create {}", families.display()))?;
                write_atomic(&evidence_path(&self.dir, &family.id), &text)?;
            }
            kept.insert(family.id.clone(), hash);
        }
        for id in self.evidence.keys().filter(|id| !kept.contains_key(*id)) {
            let path = evidence_path(&self.dir, id);
            if path.exists() {
                std::fs::remove_file(&path)
                    .with_context(|| format!("cannot remove {}", path.display()))?;
            }
        }
        self.evidence = kept;
        Ok(())
    }
}

/// Writes through a temporary file and a rename, so that a killed run leaves either the old
/// file or the new one.
pub fn write_atomic(path: &Path, text: &str) -> Result<()> {
    let temporary = path.with_extension("partial");
    std::fs::write(&temporary, text)
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| format!("cannot write {}", path.display()))
}

/// What [`check`] found wrong, one line each.
pub type Problems = Vec<String>;

/// `reptest fuzz-report --check`: the committed catalogue in `dir` is what the code writes
/// and derives from it: `index.json` and each evidence file as the catalogue writes them;
/// each family's page and spec case present, the case as the catalogue writes it, loading as
/// the suite's cases do and passed by the reference under every profile; `root-causes.json`
/// the root causes derived from the whole catalogue; `README.md` and the implementations'
/// reports the pages drawn from them. Returns the closing line, or an error listing what
/// differs.
pub fn check(dir: &Path) -> Result<String> {
    let index =
        read_full(dir)?.with_context(|| format!("no findings catalogue in {}", dir.display()))?;
    let mut problems = check_files(dir, &index)?;
    let (causes, found) = check_root_causes(dir, &index)?;
    problems.extend(found);
    let measured = Measured::read(dir);
    let pages = filing::pages(&index, &causes, &measured)?;
    for (file, text) in &pages {
        if std::fs::read_to_string(dir.join(file)).ok().as_deref() != Some(text.as_str()) {
            problems.push(format!("{file} is not the page drawn from the root causes"));
        }
    }
    problems.extend(check_root_cause_shape(&index, &causes));
    if !problems.is_empty() {
        let shown = 40;
        let mut text = problems
            .iter()
            .take(shown)
            .map(|p| format!("  {p}"))
            .collect::<Vec<_>>()
            .join("\n");
        if problems.len() > shown {
            text.push_str(&format!("\n  … and {} more", problems.len() - shown));
        }
        anyhow::bail!(
            "the findings catalogue in {} is not what the code derives ({} difference(s)); \
             redraw it with `reptest fuzz-report --render`:\n{text}",
            dir.display(),
            problems.len()
        );
    }
    Ok(format!(
        "findings up to date: {} families, {} root causes, {} pages in {}",
        index.families.len(),
        causes.len(),
        pages.len(),
        dir.display()
    ))
}

/// The index, the evidence files and each family's page and case (see [`check`]).
pub fn check_files(dir: &Path, index: &Index) -> Result<Problems> {
    let mut problems = Problems::new();
    let mut sorted = index.clone();
    sorted
        .families
        .sort_by(|a, b| b.weight().cmp(&a.weight()).then_with(|| a.id.cmp(&b.id)));
    sorted.schema = SCHEMA;
    if std::fs::read_to_string(dir.join(INDEX))? != index_json(&sorted)? {
        problems.push(format!(
            "{INDEX} is not as the catalogue writes it (format {SCHEMA}, families heaviest first)"
        ));
    }
    let ids: std::collections::BTreeSet<&str> =
        index.families.iter().map(|f| f.id.as_str()).collect();
    if let Ok(listing) = std::fs::read_dir(dir.join("families")) {
        for entry in listing {
            let name = entry?.file_name().to_string_lossy().into_owned();
            let stem = name.split_once('.').map_or(name.as_str(), |(s, _)| s);
            if !ids.contains(stem) {
                problems.push(format!("families/{name} belongs to no family of the index"));
            }
        }
    }
    let found: Vec<Problems> = {
        use rayon::prelude::*;
        index
            .families
            .par_iter()
            .map(|family| check_family(dir, family))
            .collect()
    };
    problems.extend(found.into_iter().flatten());
    Ok(problems)
}

/// One family's files (see [`check`]).
fn check_family(dir: &Path, family: &Family) -> Problems {
    let mut problems = Problems::new();
    let id = &family.id;
    let evidence = std::fs::read_to_string(evidence_path(dir, id)).ok();
    match evidence_json(family) {
        Ok(text) if text == evidence => {}
        Ok(_) => problems.push(format!(
            "families/{id}.json is not the family's evidence as the catalogue writes it"
        )),
        Err(e) => problems.push(format!("{id}: {e:#}")),
    }
    let families = dir.join("families");
    let page = families.join(format!("{id}.md"));
    match std::fs::read_to_string(&page) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            problems.push(format!("{id} has no page (families/{id}.md)"));
        }
        Err(e) => problems.push(format!("cannot read {}: {e}", page.display())),
        Ok(text) if findings::redraw_cleaned(&text, family) != text => problems.push(format!(
            "families/{id}.md does not show the inputs cleaned for its implementations as \
             the catalogue draws them (run `reptest fuzz-report --render`)"
        )),
        Ok(_) => {}
    }
    let file = families.join(format!("{id}.toml"));
    if let Some(input) = family.input.as_ref().map(FamilyInput::input) {
        match findings::case_toml(family, &input) {
            Ok(text) if std::fs::read_to_string(&file).is_ok_and(|t| t == text) => {}
            _ => problems.push(format!(
                "families/{id}.toml is not the family's case as the catalogue writes it"
            )),
        }
    }
    match crate::suite::cases::load_file(&file) {
        Ok(cases) if cases.len() == 1 => {
            for profile in Profile::ALL {
                if !crate::suite::cases::run_reference(&cases[0], profile)
                    .iter()
                    .all(|r| r.passed())
                {
                    problems.push(format!(
                        "{id} [{profile}]: the reference disagrees with its own finding"
                    ));
                }
            }
        }
        Ok(cases) => problems.push(format!(
            "families/{id}.toml holds {} cases, not one",
            cases.len()
        )),
        Err(e) => problems.push(format!(
            "families/{id}.toml is not a valid spec case: {e:#}"
        )),
    }
    problems
}

/// Derives the root causes of `index` and compares them with the ones stored in `dir`:
/// returns the derived ones and each difference (a root cause missing, extra, or labelled
/// otherwise).
pub fn check_root_causes(dir: &Path, index: &Index) -> Result<(Vec<RootCause>, Problems)> {
    let derived = root_causes(index);
    let mut problems = Problems::new();
    let Some(stored) = read_root_causes(dir)? else {
        problems.push(format!("no {ROOT_CAUSES}"));
        return Ok((derived, problems));
    };
    let by_id = |causes: &[RootCause]| -> BTreeMap<String, RootCause> {
        causes.iter().map(|c| (c.id.clone(), c.clone())).collect()
    };
    let (old, new) = (by_id(&stored), by_id(&derived));
    for (id, cause) in &new {
        match old.get(id) {
            None => problems.push(format!(
                "{ROOT_CAUSES}: {id} ({}) is derived but not stored",
                describe(cause)
            )),
            Some(was) if was != cause => problems.push(format!(
                "{ROOT_CAUSES}: {id} is stored as {} but derived as {}",
                describe(was),
                describe(cause)
            )),
            Some(_) => {}
        }
    }
    for (id, cause) in &old {
        if !new.contains_key(id) {
            problems.push(format!(
                "{ROOT_CAUSES}: {id} ({}) is stored but no longer derived",
                describe(cause)
            ));
        }
    }
    if problems.is_empty() && stored != derived {
        problems.push(format!(
            "{ROOT_CAUSES}: the root causes are not in the derived order"
        ));
    }
    Ok((derived, problems))
}

/// A root cause in one line: its kind, label, answer and families.
pub fn describe(cause: &RootCause) -> String {
    let mut label = cause.construct.to_owned();
    if !cause.with.is_empty() {
        label.push_str(&format!(" ({})", cause.with.join(" + ")));
    }
    if cause.profile_split == Some(true) {
        label.push_str(", profile split");
    }
    format!(
        "{} {}: `{label}`, answers {} against {}, {} famil{}",
        cause.implementation,
        cause.kind.name(),
        cause.answer,
        cause.profiles(),
        cause.families.len(),
        if cause.families.len() == 1 {
            "y"
        } else {
            "ies"
        }
    )
}

/// What every root cause of a catalogue holds to: its evidence is families of the catalogue;
/// a timeout or a suspect reference is not ranked; a root cause of a family ablated is
/// labelled from its ablation; a realistic input has a UTF-8 body, a product-token crawler
/// and an ASCII URL; an implementation has tens of ranked root causes, not hundreds.
pub fn check_root_cause_shape(index: &Index, causes: &[RootCause]) -> Problems {
    use crate::fuzz::rootcause::Kind;
    let mut problems = Problems::new();
    let families: BTreeMap<&str, &Family> =
        index.families.iter().map(|f| (f.id.as_str(), f)).collect();
    let mut ranked: BTreeMap<&str, usize> = BTreeMap::new();
    for cause in causes {
        let id = &cause.id;
        if cause.families.is_empty()
            || cause
                .families
                .iter()
                .any(|f| !families.contains_key(f.as_str()))
        {
            problems.push(format!("{id}: its families are not all in the catalogue"));
        }
        if cause.ranked() {
            *ranked.entry(cause.implementation.as_str()).or_default() += 1;
            if matches!(cause.kind, Kind::CheckReference | Kind::Timeout) {
                problems.push(format!("{id}: a {} is ranked", cause.kind.name()));
            }
        }
        let Some(family) = families.get(cause.representative.as_str()) else {
            problems.push(format!("{id}: its representative is not a family"));
            continue;
        };
        if !family.ablation.is_empty()
            && cause.kind != Kind::Timeout
            && cause.profile_split.is_none()
        {
            problems.push(format!(
                "{id}: its family {} is ablated but its label is not drawn from the answers",
                family.id
            ));
        }
        if let Some(input) = &family.input
            && family.classes.is_empty()
            && (std::str::from_utf8(&input.body()).is_err()
                || !reptest_peers::product_token(&input.agent)
                || !input.url.is_ascii())
        {
            problems.push(format!(
                "{id}: its family {} is a realistic input outside the default classes",
                family.id
            ));
        }
    }
    for (name, count) in ranked {
        if count >= 100 {
            problems.push(format!(
                "{name}: {count} ranked root causes (a maintainer reads tens, not hundreds)"
            ));
        }
    }
    problems
}
