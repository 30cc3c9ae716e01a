//! An entry's inputs as a reader sees them: a robots.txt, a crawler, a URL and the repro
//! program in the library's own language.

use std::fmt::{self, Write as _};

use reptest_reference::Profile;

use crate::answer::Answer;
use crate::fuzz::constructs::Confirmation;
use crate::fuzz::findings::FamilyInput;
use crate::fuzz::repro::repro;

/// What an input block says the reference answers, and what the library does.
pub(super) struct Outcome<'a> {
    /// The library's answer.
    pub answer: Answer,
    /// The reference's answers, written `` `rfc9309`: allow ``.
    pub expected: &'a [String],
    /// The family file holding a long input.
    pub family: &'a str,
}

/// `input` as a fenced robots.txt, its crawler and URL, then the repro program; a long input
/// (past 2000 bytes) folded away, printed once, in the repro.
pub(super) fn input_block(
    out: &mut String,
    implementation: &str,
    version: &str,
    input: &FamilyInput,
    outcome: &Outcome<'_>,
) -> fmt::Result {
    let body = input.body();
    // A long input (Google's parser cuts a line at its own limit, a file past a size limit)
    // is printed all the same, folded away, the body once, in the repro: it runs as printed.
    let long = body.len() > 2000;
    if long {
        writeln!(
            out,
            "\n<details><summary>The input is {} bytes (also in [`{}.toml`](families/{}.toml)): \
             the repro</summary>\n",
            body.len(),
            outcome.family,
            outcome.family
        )?;
        writeln!(out, "crawler `{}`, URL `{}`\n", input.agent, input.url)?;
    } else {
        writeln!(
            out,
            "\nrobots.txt:\n\n{}\n\ncrawler `{}`, URL `{}`\n",
            crate::text::fenced(&body),
            input.agent,
            input.url
        )?;
    }
    if let Some(r) = repro(implementation, version, input) {
        // An error answer is the library raising or crashing: the repro shows that (a
        // traceback, an exception), it does not print the word.
        let said = if outcome.answer == Answer::Error {
            "stops with an error (an exception or a crash)".to_owned()
        } else {
            format!("prints `{}`", outcome.answer)
        };
        writeln!(
            out,
            "Repro ({said}; the reference says {}):\n\n```{}\n{}```\n\n```sh\n{}\n```\n",
            outcome.expected.join(", "),
            r.language,
            r.code,
            r.run
        )?;
    }
    if long {
        writeln!(out, "</details>\n")?;
    }
    Ok(())
}

/// The canonical input of a confirmed title as an input block, led by a line saying what it
/// is: the clearest example of the misbehaviour, asked of the library itself.
pub(super) fn canonical_block(
    out: &mut String,
    implementation: &str,
    version: &str,
    confirmation: &Confirmation,
    family: &str,
) -> fmt::Result {
    let (robots, escaped) = crate::text::escape(confirmation.robots.as_bytes());
    let input = FamilyInput {
        robots,
        escaped,
        agent: "FooBot".to_owned(),
        url: confirmation.url.to_owned(),
    };
    let expected: Vec<String> = [Profile::Rfc9309, Profile::Google]
        .into_iter()
        .filter_map(|p| {
            crate::fuzz::ablation::reference(&input.input(), p).map(|a| format!("`{p}`: {a}"))
        })
        .collect();
    writeln!(
        out,
        "\n**Example**: the title's canonical input, on which the library answers as the title \
         says:"
    )?;
    input_block(
        out,
        implementation,
        version,
        &input,
        &Outcome {
            answer: confirmation.answer,
            expected: &expected,
            family,
        },
    )
}
