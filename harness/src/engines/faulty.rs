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

use std::io::{BufRead, Write};
use std::time::Duration;

use anyhow::Result;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use reptest_reference::Profile;

use crate::engines::protocol::{Hello, Request, Response, VERSION, WireVerdict, reference_check};

/// Serves the faulty adapter until `input` ends (or it crashes on purpose).
pub fn serve(input: impl BufRead, mut output: impl Write) -> Result<()> {
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
    for line in input.lines() {
        let line = line?;
        let Ok(request) = serde_json::from_str::<Request>(&line) else {
            continue;
        };
        let body = STANDARD.decode(&request.robots_b64).unwrap_or_default();
        let has = |marker: &str| body.windows(marker.len()).any(|w| w == marker.as_bytes());
        let mut response = Response {
            id: Some(request.id),
            verdicts: None,
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
