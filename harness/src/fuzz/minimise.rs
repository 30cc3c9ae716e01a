//! Minimisation of a disagreement: delta debugging over an [`Input`]'s lines, the characters
//! of each line, the crawler name and the URL's path, for as long as a caller's predicate
//! says the smaller input still shows the same split.
//!
//! A line shrinks by characters, never by bytes of one: cutting a valid `é` (`C3 A9`) to a
//! lone `C3` would turn a question about a non-ASCII path into one about invalid UTF-8, which
//! a library that decodes the body with replacement sees as U+FFFD (an artefact of the
//! minimiser, not a finding). A byte that is not UTF-8 (opt-in `invalid-utf8`) is a unit of
//! its own. And no candidate leaves the run's input classes: a realistic input stays
//! realistic (a token agent, a URL as a crawler serialises it, a valid body).

use crate::fuzz::generate::{Input, InputClasses};

/// Shrinks a one-URL disagreement while `keeps` says it still shows the same split: first
/// whole lines, then the characters within each line (its line end kept), then the
/// characters of the agent and of the URL's path; each step is delta debugging (remove
/// chunks, halving the chunk size down to one). Only candidates `classes` admits are tried.
pub fn minimise(
    input: &Input,
    classes: InputClasses,
    keeps: &mut dyn FnMut(&Input) -> bool,
) -> Input {
    let mut keeps = |candidate: &Input| classes.admit(candidate) && keeps(candidate);
    let keeps: &mut dyn FnMut(&Input) -> bool = &mut keeps;
    // Shrinking the URL can let more of the body go, and the other way round: repeat until
    // a pass changes nothing (at most a few passes).
    let mut best = input.clone();
    for _ in 0..4 {
        let next = minimise_pass(&best, keeps);
        if next == best {
            break;
        }
        best = next;
    }
    best
}

fn minimise_pass(input: &Input, keeps: &mut dyn FnMut(&Input) -> bool) -> Input {
    let mut best = input.clone();
    best.lines = shrink(&best.lines, &mut |lines| {
        let mut candidate = best.clone();
        candidate.lines = lines.to_vec();
        keeps(&candidate)
    });
    // Plain line ends where the split does not need another kind.
    for index in 0..best.lines.len() {
        let line = &best.lines[index];
        let content = line
            .iter()
            .rposition(|b| !matches!(b, b'\n' | b'\r'))
            .map_or(0, |p| p + 1);
        // A blank line too: its CRLF is noise unless the split needs it.
        if line[content..] != *b"\n" && !line[content..].is_empty() {
            let mut candidate = best.clone();
            candidate.lines[index].truncate(content);
            candidate.lines[index].push(b'\n');
            if keeps(&candidate) {
                best = candidate;
            }
        }
    }
    for index in 0..best.lines.len() {
        let line = &best.lines[index];
        let end = line
            .iter()
            .rposition(|b| !matches!(b, b'\n' | b'\r'))
            .map_or(0, |p| p + 1);
        let (content, line_end) = line.split_at(end);
        let line_end = line_end.to_vec();
        let kept = shrink(&characters(content), &mut |units| {
            let mut candidate = best.clone();
            candidate.lines[index] = [units.concat().as_slice(), &line_end].concat();
            keeps(&candidate)
        });
        best.lines[index] = [kept.concat().as_slice(), &line_end].concat();
    }
    best.lines.retain(|l| !l.is_empty());
    let agent: Vec<char> = best.agent.chars().collect();
    let agent = shrink(&agent, &mut |chars| {
        let mut candidate = best.clone();
        candidate.agent = chars.iter().collect();
        plausible_agent(&candidate.agent) && keeps(&candidate)
    });
    best.agent = agent.iter().collect();
    if let Some(url) = best.urls.first().cloned() {
        let split = path_start(&url);
        let (origin, path) = url.split_at(split);
        let chars: Vec<char> = path.chars().collect();
        let kept = shrink(&chars, &mut |chars| {
            let mut candidate = best.clone();
            candidate.urls = vec![format!("{origin}{}", chars.iter().collect::<String>())];
            keeps(&candidate)
        });
        best.urls = vec![format!("{origin}{}", kept.iter().collect::<String>())];
    }
    best
}

/// `bytes` cut into characters: each UTF-8 character whole, each byte that is not UTF-8 on
/// its own.
pub fn characters(bytes: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid();
        let mut rest = valid.as_bytes();
        for c in valid.chars() {
            let (one, tail) = rest.split_at(c.len_utf8());
            out.push(one);
            rest = tail;
        }
        out.extend(chunk.invalid().chunks(1));
    }
    out
}

/// Whether a shrunk crawler name still reads as one: its name part (up to a `/` or space) is
/// a whole product token. Deleting characters must not turn `FooBot/1.0` into `FooBot0`,
/// a name no crawler sends, whose reading (token `foobot`, or no token) is a question of its
/// own.
fn plausible_agent(agent: &str) -> bool {
    let name = agent.split(['/', ' ']).next().unwrap_or("");
    !name.is_empty()
        && reptest_reference::crawler_token(name).as_deref()
            == Some(name.to_ascii_lowercase().as_str())
}

/// Where the part of a URL after `scheme://host/` starts (the first `/` of the path is kept).
fn path_start(url: &str) -> usize {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    url[after_scheme..]
        .find('/')
        .map_or(url.len(), |i| after_scheme + i + 1)
}

/// Delta debugging over a sequence: removes chunks while `keeps` holds, halving the chunk
/// size down to one element (down to 1/128 of the length for long sequences, so that a
/// 17 KB line costs hundreds of questions, not tens of thousands).
fn shrink<T: Clone>(items: &[T], keeps: &mut dyn FnMut(&[T]) -> bool) -> Vec<T> {
    let mut best = items.to_vec();
    let mut chunk = best.len().div_ceil(2).max(1);
    let smallest = (items.len() / 128).max(1);
    loop {
        let mut start = 0;
        while start < best.len() {
            let end = (start + chunk).min(best.len());
            let mut candidate = best.clone();
            candidate.drain(start..end);
            if keeps(&candidate) {
                best = candidate;
            } else {
                start += chunk;
            }
        }
        if chunk <= smallest {
            break;
        }
        chunk = chunk.div_ceil(2);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuzz::generate::{SeededBytes, generate_with};
    use arbitrary::Unstructured;

    /// Every candidate the minimiser tries, over many seeded inputs and seeded predicates,
    /// keeps each UTF-8 character of the input whole: a body that was valid UTF-8 stays valid
    /// in every candidate, even when the run opts into invalid UTF-8 (so that nothing but
    /// the minimiser could keep it valid).
    #[test]
    fn the_minimiser_never_splits_a_utf8_character() {
        let classes = InputClasses::parse("invalid-utf8").expect("known classes");
        let mut tried = 0;
        let mut non_ascii = 0;
        for seed in 0..400u64 {
            let bytes = SeededBytes::new(seed).take(768);
            let Ok(mut input) = generate_with(
                &mut Unstructured::new(&bytes),
                None,
                InputClasses::default(),
            ) else {
                continue;
            };
            input.lines.push("disallow: /caf\u{e9}\u{20ac}\n".into());
            input.urls.truncate(1);
            assert!(std::str::from_utf8(&input.body()).is_ok());
            // A predicate that holds on a seeded share of the candidates, and always needs
            // the first byte of a multi-byte character: the old byte-wise pass cut `é` there.
            let mut coin = SeededBytes::new(seed ^ 0xABCD);
            let mut keeps = |candidate: &Input| {
                let body = candidate.body();
                tried += 1;
                assert!(
                    std::str::from_utf8(&body).is_ok(),
                    "seed {seed}: a character was split: {:?}",
                    String::from_utf8_lossy(&body)
                );
                body.iter().any(|&b| b >= 0xC2) && coin.take(1)[0] < 200
            };
            let minimal = minimise(&input, classes, &mut keeps);
            let body = String::from_utf8(minimal.body()).expect("valid");
            non_ascii += usize::from(!body.is_ascii());
        }
        assert!(tried > 5_000, "{tried}");
        assert!(non_ascii > 300, "{non_ascii}");
    }

    #[test]
    fn a_split_on_a_lead_byte_shrinks_to_the_whole_character() {
        let input = Input {
            lines: vec![
                b"user-agent: *\n".to_vec(),
                "disallow: /\u{e9}t\u{e9}\n".into(),
            ],
            agent: "FooBot".into(),
            urls: vec!["http://example.com/x".into()],
        };
        let minimal = minimise(&input, InputClasses::default(), &mut |c| {
            c.body().contains(&0xC3)
        });
        assert_eq!(minimal.body(), "\u{e9}\n".as_bytes());
    }

    #[test]
    fn bytes_that_are_not_utf8_are_characters_of_their_own() {
        let units = characters(b"a\xC3\xA9\xC3b\xFF");
        assert_eq!(units, vec![&b"a"[..], b"\xC3\xA9", b"\xC3", b"b", b"\xFF"]);
    }

    #[test]
    fn a_realistic_input_stays_realistic() {
        let input = Input {
            lines: vec![b"user-agent: *\n".to_vec(), b"disallow: /%C3%A9\n".to_vec()],
            agent: "FooBot".into(),
            urls: vec!["http://example.com/%C3%A9x".into()],
        };
        let mut seen = Vec::new();
        minimise(&input, InputClasses::default(), &mut |c| {
            seen.push(c.clone());
            true
        });
        assert!(!seen.is_empty());
        for candidate in &seen {
            assert!(InputClasses::default().admit(candidate), "{candidate:?}");
        }
    }
}
