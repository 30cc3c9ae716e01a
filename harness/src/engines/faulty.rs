//! A deliberately faulty adapter, for testing that the harness survives adapters that break
//! the protocol. It answers like the reference under `google`, except when the robots.txt
//! body contains one of these markers:
//!
//! | marker | behaviour |
//! | --- | --- |
//! | `#crash` | writes to stderr and exits with status 101 |
//! | `#hang` | never answers |
//! | `#slow` | answers correctly, after two seconds |
//! | `#garbage` | prints a line that is not JSON |
//! | `#short` | answers one verdict fewer than asked |
//! | `#wrong-id` | answers with another id |
//! | `#error` | reports an implementation error (a legitimate answer) |
//! | `#unsupported` | answers `unsupported` for every URL |
//!
//! With a [`Mode`] (`reptest adapter faulty --mode …`), it breaks on every request instead:
//! a planted adapter for the harness's tests of whole runs.

use std::io::{BufRead, Write};
use std::time::Duration;

use anyhow::Result;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use reptest_reference::Profile;

use crate::engines::protocol::{Hello, Request, Response, VERSION, WireVerdict, reference_check};

/// How the faulty adapter breaks on every request, when given one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// Says hello, then never answers.
    Hang,
    /// Answers every other request with neither verdicts nor an error.
    EveryOther,
    /// Answers one verdict fewer than asked whenever more than one URL is asked.
    Short,
    /// Answers `unsupported` for every URL.
    Unsupported,
    /// Answers `allow` for every URL.
    Allow,
}

/// Serves the faulty adapter until `input` ends (or it crashes on purpose).
pub fn serve(input: impl BufRead, output: impl Write) -> Result<()> {
    serve_mode(None, input, output)
}

/// [`serve`], breaking on every request as `mode` says when there is one.
pub fn serve_mode(mode: Option<Mode>, input: impl BufRead, mut output: impl Write) -> Result<()> {
    let hello = Hello {
        protocol: VERSION,
        name: "faulty".into(),
        implementation: "reptest faulty test adapter".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        language: "rust".into(),
        extra: serde_json::Map::new(),
    };
    writeln!(output, "{}", serde_json::to_string(&hello)?)?;
    output.flush()?;
    let mut check = reference_check(Profile::Google);
    for (n, line) in input.lines().enumerate() {
        let line = line?;
        let Ok(request) = serde_json::from_str::<Request>(&line) else {
            continue;
        };
        if let Some(mode) = mode {
            let body = STANDARD.decode(&request.robots_b64).unwrap_or_default();
            let mut verdicts = check(&body, &request.agent, &request.urls)
                .unwrap_or_else(|_| vec![WireVerdict::Unsupported; request.urls.len()]);
            match mode {
                Mode::Hang => continue,
                Mode::EveryOther if n % 2 == 1 => {
                    writeln!(output, "{{\"id\":{}}}", request.id)?;
                    output.flush()?;
                    continue;
                }
                Mode::EveryOther => {}
                Mode::Short if verdicts.len() > 1 => {
                    verdicts.pop();
                }
                Mode::Short => {}
                Mode::Unsupported => verdicts = vec![WireVerdict::Unsupported; verdicts.len()],
                Mode::Allow => verdicts = vec![WireVerdict::Allow; verdicts.len()],
            }
            let response = Response {
                id: Some(request.id),
                verdicts: Some(verdicts),
                records: None,
                error: None,
            };
            writeln!(output, "{}", serde_json::to_string(&response)?)?;
            output.flush()?;
            continue;
        }
        let body = STANDARD.decode(&request.robots_b64).unwrap_or_default();
        let has = |marker: &str| body.windows(marker.len()).any(|w| w == marker.as_bytes());
        let mut response = Response {
            id: Some(request.id),
            verdicts: None,
            records: None,
            error: None,
        };
        if has("#crash") {
            eprintln!("faulty: crashing on purpose (request {})", request.id);
            std::process::exit(101);
        } else if has("#hang") {
            eprintln!("faulty: hanging on purpose");
            loop {
                std::thread::sleep(Duration::from_secs(3600));
            }
        } else if has("#slow") {
            std::thread::sleep(Duration::from_secs(2));
            response.verdicts = Some(
                check(&body, &request.agent, &request.urls)
                    .unwrap_or_else(|_| vec![WireVerdict::Unsupported; request.urls.len()]),
            );
        } else if has("#garbage") {
            writeln!(output, "this is not a response")?;
            output.flush()?;
            continue;
        } else if has("#error") {
            response.error = Some("faulty: cannot parse this on purpose".into());
        } else if has("#unsupported") {
            response.verdicts = Some(vec![WireVerdict::Unsupported; request.urls.len()]);
        } else {
            let mut verdicts = check(&body, &request.agent, &request.urls)
                .unwrap_or_else(|_| vec![WireVerdict::Unsupported; request.urls.len()]);
            if has("#short") {
                verdicts.pop();
            }
            if has("#wrong-id") {
                response.id = Some(request.id + 1000);
            }
            response.verdicts = Some(verdicts);
        }
        writeln!(output, "{}", serde_json::to_string(&response)?)?;
        output.flush()?;
    }
    Ok(())
}
