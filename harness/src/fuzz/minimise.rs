//! Minimisation of a disagreement: delta debugging over an [`Input`]'s lines, the bytes of
//! each line, the crawler name and the URL's path, for as long as a caller's predicate says
//! the smaller input still shows the same split.

use crate::fuzz::generate::Input;

/// Shrinks a one-URL disagreement while `keeps` says it still shows the same split: first
/// whole lines, then the bytes within each line (its line end kept), then the characters of
/// the agent and of the URL's path; each step is delta debugging (remove chunks, halving the
/// chunk size down to one).
pub fn minimise(input: &Input, keeps: &mut dyn FnMut(&Input) -> bool) -> Input {
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
        if line[content..] != *b"\n" && !line[content..].is_empty() && content > 0 {
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
        let kept = shrink(content, &mut |bytes| {
            let mut candidate = best.clone();
            candidate.lines[index] = [bytes, &line_end].concat();
            keeps(&candidate)
        });
        best.lines[index] = [kept.as_slice(), &line_end].concat();
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
