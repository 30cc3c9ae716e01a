//! The reference implementation and the linked peer crates served over protocol v1
//! (`reptest adapter reference`, `reptest adapter peer`).

use std::io::{BufRead, Write};

use anyhow::Result;
use reptest_reference::Profile;

use crate::engines::protocol::{
    Hello, RecordField, RecordsFn, VERSION, WireRate, WireRecords, WireVerdict, reference_check,
    reference_records, serve_full,
};
use crate::engines::{Engine, EngineInfo, PeerEngine, ReferenceEngine};

/// The hello an engine introduces itself with.
fn hello(info: EngineInfo, extra: serde_json::Map<String, serde_json::Value>) -> Hello {
    Hello {
        protocol: VERSION,
        name: info.name,
        implementation: info.implementation,
        version: info.version,
        language: info.language,
        extra,
    }
}

/// Serves the reference over protocol v1 until `input` ends.
pub fn serve_reference(profile: Profile, input: impl BufRead, output: impl Write) -> Result<()> {
    let engine = ReferenceEngine::new(profile);
    let extra = [
        (
            "profile".to_owned(),
            serde_json::Value::from(profile.name()),
        ),
        ("fetch".to_owned(), serde_json::Value::from(true)),
        ("records".to_owned(), serde_json::Value::from(true)),
    ];
    let hello = hello(
        Engine::info(&engine).clone(),
        serde_json::Map::from_iter(extra),
    );
    let mut fetch = |robots_url: &str, agent: &str, urls: &[String], timeout_ms: u64| {
        let timeout = std::time::Duration::from_millis(timeout_ms);
        crate::engines::fetcher::reference_fetch(profile, robots_url, agent, urls, timeout).1
    };
    let mut records = reference_records(profile);
    serve_full(
        &hello,
        &mut reference_check(profile),
        Some(&mut fetch),
        Some(&mut records),
        input,
        output,
    )
}

/// Serves the Rust crate `name` of `reptest-peers` over protocol v1 (`reptest adapter peer`).
pub fn serve_peer(name: &str, input: impl BufRead, output: impl Write) -> Result<()> {
    let Some(engine) = PeerEngine::new(name) else {
        let known: Vec<&str> = reptest_peers::PEERS.iter().map(|p| p.name).collect();
        anyhow::bail!(
            "no peer crate `{name}` in this build (built in: {}; the crates that need an HTTP \
             client come with `--features http-client-crates`)",
            known.join(", ")
        );
    };
    let info = Engine::info(&engine).clone();
    let fetcher = reptest_peers::fetcher(name);
    let mut extra = serde_json::Map::new();
    if fetcher.is_some() {
        extra.insert("fetch".to_owned(), serde_json::Value::from(true));
    }
    let reader = reptest_peers::records(name);
    if reader.is_some() {
        extra.insert("records".to_owned(), serde_json::Value::from(true));
    }
    let hello = hello(info, extra);
    let mut check = |body: &[u8], agent: &str, urls: &[String]| engine.answer(body, agent, urls);
    let mut records = |body: &[u8], agent: &str, urls: &[String]| match reader {
        Some(read) => peer_records(read, body, agent, urls),
        None => Err("this adapter does not answer records".to_owned()),
    };
    let records: Option<&mut RecordsFn<'_>> = reader.is_some().then_some(&mut records);
    let Some(fetcher) = fetcher else {
        return serve_full(&hello, &mut check, None, records, input, output);
    };
    let mut fetch = |robots_url: &str, agent: &str, urls: &[String], timeout_ms: u64| {
        let verdicts = fetcher(robots_url, agent, urls, timeout_ms)?;
        Ok(verdicts
            .into_iter()
            .map(|v| match v {
                reptest_peers::Verdict::Allow => WireVerdict::Allow,
                reptest_peers::Verdict::Disallow => WireVerdict::Disallow,
                reptest_peers::Verdict::Unsupported => WireVerdict::Unsupported,
            })
            .collect())
    };
    serve_full(&hello, &mut check, Some(&mut fetch), records, input, output)
}

/// A peer crate's records as the protocol's answer; a panic inside the crate is its error.
fn peer_records(
    read: reptest_peers::RecordsFn,
    body: &[u8],
    agent: &str,
    urls: &[String],
) -> Result<WireRecords, String> {
    let run = std::panic::AssertUnwindSafe(|| read(body, agent, urls));
    let got = std::panic::catch_unwind(run)
        .map_err(|_| "panicked while reading the records".to_owned())??;
    fn field<T>(value: Option<T>) -> RecordField<T> {
        value.map_or_else(RecordField::default, RecordField::Value)
    }
    Ok(WireRecords {
        sitemaps: field(got.sitemaps),
        crawl_delay: field(got.crawl_delay),
        request_rate: field(
            got.request_rate
                .map(|rate| rate.map(|(requests, seconds)| WireRate { requests, seconds })),
        ),
        content_usage: RecordField::default(),
    })
}
