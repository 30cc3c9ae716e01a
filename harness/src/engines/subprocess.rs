//! An adapter as a long-lived child process speaking protocol v1 on its stdin and stdout.
//!
//! A child that crashes, prints something that is not a response, or answers the wrong id or
//! the wrong number of verdicts costs only the request it was answering: the error is returned
//! (with the child's recent stderr), the child is killed, and the next request starts a fresh
//! one. A child that has not answered within the timeout is a [`EngineError::Timeout`], not an
//! error: the harness waits as long again to measure when the answer comes (a slow library is
//! a performance finding, with its time), and restarts the child only if it still has not.
//! With [`SubprocessEngine::give_up_after`], that many requests in a row without an answer
//! make the adapter unavailable ([`EngineError::Unavailable`]) for the rest of the run (the
//! last of them is not waited for twice), so that a hung adapter costs a few timeouts, not one
//! per request.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::engines::protocol::{Hello, Request, Response, WireVerdict};
use crate::engines::{Engine, EngineError, EngineInfo};

/// How much of a child's stderr is kept.
const STDERR_KEEP: usize = 16 * 1024;

struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<std::io::Result<String>>,
    stderr: Arc<Mutex<Vec<u8>>>,
}

/// An adapter program, kept running between requests.
#[derive(Debug)]
pub struct SubprocessEngine {
    command: Vec<String>,
    timeout: Duration,
    info: EngineInfo,
    running: Option<RunningDebug>,
    next_id: u64,
    starts: u32,
    /// Set when the adapter could not be started twice in a row.
    unavailable: Option<String>,
    /// Whether its hello declared `"fetch": true`.
    fetches: bool,
    fetches_again: bool,
    /// Whether its hello declared `"records": true`.
    records: bool,
    /// Everything the child wrote to stderr around failures, most recent last.
    stderr_log: Vec<String>,
    /// The name the adapter's hello gave, once it started.
    announced: Option<String>,
    /// Requests in a row that got no answer at all (reset by any answer).
    hung_in_a_row: u32,
    /// Give up after this many requests in a row without an answer (`None`: never).
    give_up: Option<u32>,
}

/// `Running` with a `Debug` that prints only the pid.
struct RunningDebug(Running);

impl std::fmt::Debug for RunningDebug {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Running(pid {})", self.0.child.id())
    }
}

impl SubprocessEngine {
    /// An engine for `command`; `name` is used until the adapter's hello replaces it.
    pub fn new(name: &str, command: Vec<String>, timeout: Duration) -> SubprocessEngine {
        SubprocessEngine {
            command,
            timeout,
            info: EngineInfo {
                name: name.to_owned(),
                ..EngineInfo::default()
            },
            running: None,
            next_id: 1,
            starts: 0,
            unavailable: None,
            fetches: false,
            fetches_again: false,
            records: false,
            stderr_log: Vec::new(),
            announced: None,
            hung_in_a_row: 0,
            give_up: None,
        }
    }

    /// Gives up on the adapter after `requests` requests in a row got no answer within the
    /// timeout: it is then unavailable, with a message naming the timeout, for every later
    /// request. The suite's runs and `compare` use it; the fuzzing campaign does not (its
    /// minimiser asks variants of one hanging input in a row on purpose).
    pub fn give_up_after(mut self, requests: u32) -> SubprocessEngine {
        self.give_up = Some(requests.max(1));
        self
    }

    /// The timeout per request.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// How many times the child was started.
    pub fn starts(&self) -> u32 {
        self.starts
    }

    /// The name the adapter's hello gave (the engine keeps the name it was created with).
    pub fn announced_name(&self) -> Option<&str> {
        self.announced.as_deref()
    }

    /// The stderr kept around failures.
    pub fn stderr_log(&self) -> &[String] {
        &self.stderr_log
    }

    /// Whether the engine gave up on the adapter, or could not start it: why.
    pub fn unavailable(&self) -> Option<&str> {
        self.unavailable.as_deref()
    }

    /// Starts the child if it is not running, reading its hello.
    pub fn ensure_started(&mut self) -> Result<(), EngineError> {
        if let Some(reason) = &self.unavailable {
            return Err(EngineError::Unavailable(reason.clone()));
        }
        if self.running.is_some() {
            return Ok(());
        }
        let mut last = String::new();
        for _ in 0..2 {
            match self.start() {
                Ok(()) => return Ok(()),
                Err(e) => last = e,
            }
        }
        self.unavailable = Some(last.clone());
        Err(EngineError::Unavailable(last))
    }

    fn start(&mut self) -> Result<(), String> {
        let (program, args) = self
            .command
            .split_first()
            .ok_or_else(|| "empty command".to_owned())?;
        self.starts += 1;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // A process group of its own: Ctrl-C on the terminal stops reptest (which then stops
        // its children cleanly), not the adapters in the middle of an answer.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start `{}`: {e}", self.command.join(" ")))?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            return Err("child has no pipes".into());
        };
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let stop = line.is_err();
                if tx.send(line).is_err() || stop {
                    break;
                }
            }
        });
        let kept = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&kept);
        thread::spawn(move || {
            let mut reader = BufReader::new(stderr);
            let mut buf = Vec::new();
            while reader.read_until(b'\n', &mut buf).is_ok_and(|n| n > 0) {
                if let Ok(mut kept) = sink.lock() {
                    kept.extend_from_slice(&buf);
                    let excess = kept.len().saturating_sub(STDERR_KEEP);
                    kept.drain(..excess);
                }
                buf.clear();
            }
        });
        let mut running = Running {
            child,
            stdin,
            lines,
            stderr: kept,
        };
        let hello = match running.lines.recv_timeout(self.timeout) {
            Ok(Ok(line)) => serde_json::from_str::<Hello>(&line)
                .map_err(|e| format!("hello is not protocol v1 ({e}): {}", clip(&line))),
            Ok(Err(e)) => Err(format!("reading hello: {e}")),
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "no hello within {:.1}s",
                self.timeout.as_secs_f64()
            )),
            Err(RecvTimeoutError::Disconnected) => Err(exit_text(&mut running.child)),
        };
        match hello {
            Ok(hello) if hello.protocol == crate::engines::protocol::VERSION => {
                self.fetches = crate::engines::protocol::hello_fetches(&hello);
                self.fetches_again = crate::engines::protocol::hello_asks_again(&hello);
                self.records = crate::engines::protocol::hello_records(&hello);
                self.announced = Some(hello.name);
                self.info = EngineInfo {
                    name: self.info.name.clone(),
                    implementation: hello.implementation,
                    version: hello.version,
                    language: hello.language,
                };
                self.running = Some(RunningDebug(running));
                Ok(())
            }
            Ok(hello) => {
                stop(&mut running);
                Err(format!("speaks protocol {}, not 1", hello.protocol))
            }
            Err(e) => {
                stop(&mut running);
                let tail = stderr_text(&running.stderr);
                self.keep_stderr(&tail);
                Err(with_stderr(e, &tail))
            }
        }
    }

    fn keep_stderr(&mut self, text: &str) {
        if !text.trim().is_empty() {
            self.stderr_log.push(text.to_owned());
        }
    }

    /// Kills the child after a failure, returning its stderr.
    fn fail(&mut self) -> String {
        let Some(RunningDebug(mut running)) = self.running.take() else {
            return String::new();
        };
        stop(&mut running);
        let tail = stderr_text(&running.stderr);
        self.keep_stderr(&tail);
        tail
    }
}

/// Kills the child and its process group (a command run through `sh -c` may have started
/// the adapter as the shell's own child).
fn kill(child: &mut Child) {
    #[cfg(unix)]
    {
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", child.id())])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
    let _ = child.kill();
}

fn stop(running: &mut Running) {
    kill(&mut running.child);
    let _ = running.child.wait();
    // Give the stderr thread a moment to drain what the child wrote before dying.
    thread::sleep(Duration::from_millis(20));
}

fn exit_text(child: &mut Child) -> String {
    // The pipe closed; the child is exiting. Wait briefly for its status.
    for _ in 0..50 {
        if let Ok(Some(status)) = child.try_wait() {
            return format!("exited ({status})");
        }
        thread::sleep(Duration::from_millis(10));
    }
    "closed its stdout".to_owned()
}

fn stderr_text(kept: &Arc<Mutex<Vec<u8>>>) -> String {
    kept.lock()
        .map(|mut k| {
            let text = String::from_utf8_lossy(&k).into_owned();
            k.clear();
            text
        })
        .unwrap_or_default()
}

fn with_stderr(message: String, stderr: &str) -> String {
    let lines = telling_lines(stderr);
    if lines.is_empty() {
        return message;
    }
    format!("{message}; stderr: {}", clip(&lines.join(" | ")))
}

/// The lines of a child's stderr that say what went wrong, at most three: those naming an
/// error (`Error: Cannot find module 'robots-parser'`, `ModuleNotFoundError: …`, `panicked
/// at …`), else the last three. A stack trace's frames and a runtime's version banner are
/// passed over.
pub fn telling_lines(stderr: &str) -> Vec<&str> {
    const WORDS: [&str; 10] = [
        "error",
        "cannot",
        "can't",
        "not found",
        "no such",
        "exception",
        "fatal",
        "panicked",
        "denied",
        "missing",
    ];
    let lines: Vec<&str> = stderr
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let mut telling: Vec<&str> = Vec::new();
    for line in &lines {
        let lower = line.to_ascii_lowercase();
        let frame = lower.starts_with("at ") || lower.starts_with("file \"");
        if !frame && WORDS.iter().any(|w| lower.contains(w)) && !telling.contains(line) {
            telling.push(line);
        }
    }
    if telling.is_empty() {
        return lines[lines.len().saturating_sub(3)..].to_vec();
    }
    telling.truncate(3);
    telling
}

/// At most 300 bytes of `text`, with `…` when cut.
fn clip(text: &str) -> String {
    match crate::text::clip(text, 300) {
        (shown, 0) => shown.to_owned(),
        (shown, _) => format!("{shown}…"),
    }
}

impl SubprocessEngine {
    /// Whether the adapter declared the fetch capability (starting it if needed).
    pub fn fetches(&mut self) -> bool {
        self.ensure_started().is_ok() && self.fetches
    }

    /// Whether the adapter declared the second-ask capability (`"fetch_again": true`).
    pub fn fetches_again(&mut self) -> bool {
        self.fetches() && self.fetches_again
    }

    /// Asks the adapter to fetch `robots_url` with its implementation's own HTTP client and
    /// decide `urls` for `agent` (protocol "Fetch"), and, with `again`, to ask the same
    /// library object about more URLs that long after (its verdicts follow the first ones).
    /// The answer is awaited for the fetch timeout plus the harness's timeout (twice the fetch
    /// timeout and the pause with a second ask), so a library that hangs costs only this
    /// request.
    pub fn fetch(
        &mut self,
        robots_url: &str,
        agent: &str,
        urls: &[String],
        fetch_timeout: Duration,
        again: Option<crate::engines::protocol::AgainRequest>,
    ) -> Result<Vec<WireVerdict>, EngineError> {
        self.fetch_waiting(robots_url, agent, urls, fetch_timeout, again, None)
    }

    /// [`SubprocessEngine::fetch`], awaiting the answer for `wait` instead (when given), and
    /// then not waiting again to measure a late answer: the wait is the measurement (a
    /// library's own fetch timeout, `crate::suite::runner::OWN_TIMEOUT_WAIT`).
    pub fn fetch_waiting(
        &mut self,
        robots_url: &str,
        agent: &str,
        urls: &[String],
        fetch_timeout: Duration,
        again: Option<crate::engines::protocol::AgainRequest>,
        wait: Option<Duration>,
    ) -> Result<Vec<WireVerdict>, EngineError> {
        self.ensure_started()?;
        let (count, default_wait) = match &again {
            None => (urls.len(), self.timeout + fetch_timeout),
            Some(a) => (
                urls.len() + a.urls.len(),
                self.timeout + fetch_timeout * 2 + Duration::from_millis(a.after_ms),
            ),
        };
        let id = self.next_id;
        self.next_id += 1;
        let request = crate::engines::protocol::FetchRequest {
            id,
            robots_url: robots_url.to_owned(),
            agent: agent.to_owned(),
            urls: urls.to_vec(),
            timeout_ms: u64::try_from(fetch_timeout.as_millis()).unwrap_or(u64::MAX),
            again,
        };
        let line = serde_json::to_string(&request).unwrap_or_default();
        match wait {
            Some(wait) => self.exchange(line, id, count, wait, false),
            None => self.exchange(line, id, count, default_wait, true),
        }
    }
}

impl SubprocessEngine {
    /// Whether the adapter declared the records capability (starting it if needed).
    pub fn answers_records(&mut self) -> bool {
        self.ensure_started().is_ok() && self.records
    }

    /// Asks the adapter what its implementation reports besides verdicts for `agent` under
    /// `body`: sitemaps, crawl-delay, request-rate, and the usage preferences of `urls`
    /// (protocol "Records").
    pub fn records(
        &mut self,
        body: &[u8],
        agent: &str,
        urls: &[String],
    ) -> Result<crate::engines::protocol::WireRecords, EngineError> {
        self.ensure_started()?;
        let id = self.next_id;
        self.next_id += 1;
        let request = Request::new(id, body, agent, urls.to_vec());
        let request = crate::engines::protocol::RecordsRequest {
            id,
            records: true,
            robots_b64: request.robots_b64,
            agent: request.agent,
            urls: request.urls,
        };
        let line = serde_json::to_string(&request).unwrap_or_default();
        let count = urls.len();
        self.exchange_with(line, id, self.timeout, true, &|line, id| {
            read_records_response(line, id, count)
        })
    }
}

impl Engine for SubprocessEngine {
    fn info(&self) -> &EngineInfo {
        &self.info
    }

    fn check(
        &mut self,
        body: &[u8],
        agent: &str,
        urls: &[String],
    ) -> Result<Vec<WireVerdict>, EngineError> {
        self.ensure_started()?;
        let id = self.next_id;
        self.next_id += 1;
        let request = Request::new(id, body, agent, urls.to_vec());
        let line = serde_json::to_string(&request).unwrap_or_default();
        self.exchange(line, id, urls.len(), self.timeout, true)
    }
}

impl SubprocessEngine {
    /// Sends one request line and reads its response within `timeout`; past it, with
    /// `measure_late`, waits as long again to measure when a late answer comes.
    fn exchange(
        &mut self,
        line: String,
        id: u64,
        count: usize,
        timeout: Duration,
        measure_late: bool,
    ) -> Result<Vec<WireVerdict>, EngineError> {
        self.exchange_with(line, id, timeout, measure_late, &|line, id| {
            read_response(line, id, count)
        })
    }

    /// Sends one request line and reads its response, with `read`, within `timeout`; past it,
    /// with `measure_late`, waits as long again to measure when a late answer comes.
    fn exchange_with<T>(
        &mut self,
        mut line: String,
        id: u64,
        timeout: Duration,
        measure_late: bool,
        read: &ReadResponse<'_, T>,
    ) -> Result<T, EngineError> {
        let Some(RunningDebug(running)) = self.running.as_mut() else {
            return Err(EngineError::Unavailable("not running".into()));
        };
        line.push('\n');
        let sent = running
            .stdin
            .write_all(line.as_bytes())
            .and_then(|()| running.stdin.flush());
        let asked = Instant::now();
        let outcome = match sent {
            Err(e) => Err(format!("writing the request: {e}")),
            Ok(()) => match running.lines.recv_timeout(timeout) {
                Ok(Ok(line)) => {
                    self.hung_in_a_row = 0;
                    read(&line, id)
                }
                Ok(Err(e)) => Err(format!("reading the response: {e}")),
                Err(RecvTimeoutError::Timeout) => {
                    // Past the limit: a timeout, not an error. Wait as long again to measure
                    // when the answer comes (but not on the request after which the engine
                    // would give up: the adapter is hung, not slow); a child that answers
                    // late is kept, one that still has not answered is restarted.
                    let last = self.give_up.is_some_and(|n| self.hung_in_a_row + 1 >= n);
                    let late = if !last && measure_late {
                        running.lines.recv_timeout(timeout)
                    } else {
                        Err(RecvTimeoutError::Timeout)
                    };
                    let took = asked.elapsed();
                    return match late {
                        Ok(Ok(line)) if read(&line, id).is_ok() => {
                            self.hung_in_a_row = 0;
                            Err(EngineError::Timeout {
                                limit: timeout,
                                took: Some(took),
                            })
                        }
                        _ => {
                            self.fail();
                            self.hung_in_a_row += 1;
                            if let Some(limit) = self.give_up
                                && self.hung_in_a_row >= limit
                            {
                                self.unavailable = Some(format!(
                                    "given up after {} requests in a row got no answer \
                                     within the timeout of {:.1}s",
                                    self.hung_in_a_row,
                                    timeout.as_secs_f64()
                                ));
                            }
                            Err(EngineError::Timeout {
                                limit: timeout,
                                took: None,
                            })
                        }
                    };
                }
                Err(RecvTimeoutError::Disconnected) => {
                    Err(format!("crashed: {}", exit_text(&mut running.child)))
                }
            },
        };
        match outcome {
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(reported)) => Err(EngineError::Reported(reported)),
            Err(broken) => {
                let tail = self.fail();
                Err(EngineError::Adapter(with_stderr(broken, &tail)))
            }
        }
    }
}

impl Drop for SubprocessEngine {
    fn drop(&mut self) {
        if let Some(RunningDebug(running)) = self.running.as_mut() {
            kill(&mut running.child);
            let _ = running.child.wait();
        }
    }
}

/// Reads one response line: `Ok(Ok(verdicts))`, `Ok(Err(reported error))`, or `Err` when the
/// line breaks the protocol.
fn read_response(
    line: &str,
    id: u64,
    count: usize,
) -> Result<Result<Vec<WireVerdict>, String>, String> {
    let response: Response = serde_json::from_str(line)
        .map_err(|e| format!("unreadable response ({e}): {}", clip(line)))?;
    if response.id != Some(id) {
        let got = response.id.map_or("null".to_owned(), |i| i.to_string());
        return Err(format!("answered id {got} to request {id}"));
    }
    match (response.verdicts, response.error) {
        (_, Some(error)) => Ok(Err(error)),
        (Some(verdicts), None) if verdicts.len() == count => Ok(Ok(verdicts)),
        (Some(verdicts), None) => Err(format!("{} verdicts for {count} URLs", verdicts.len())),
        (None, None) => Err("response has neither verdicts nor error".into()),
    }
}

/// Reads a response line to request `id`: `Ok(Ok(answer))`, `Ok(Err(reported error))`, or
/// `Err` when the line breaks the protocol.
type ReadResponse<'a, T> = dyn Fn(&str, u64) -> Result<Result<T, String>, String> + 'a;

/// Reads one response line to a records request: `Ok(Ok(records))`, `Ok(Err(reported
/// error))`, or `Err` when the line breaks the protocol.
fn read_records_response(
    line: &str,
    id: u64,
    count: usize,
) -> Result<Result<crate::engines::protocol::WireRecords, String>, String> {
    let response: Response = serde_json::from_str(line)
        .map_err(|e| format!("unreadable response ({e}): {}", clip(line)))?;
    if response.id != Some(id) {
        let got = response.id.map_or("null".to_owned(), |i| i.to_string());
        return Err(format!("answered id {got} to request {id}"));
    }
    match (response.records, response.error) {
        (_, Some(error)) => Ok(Err(error)),
        (Some(records), None) => match records.content_usage.value() {
            Some(per_url) if per_url.len() != count => Err(format!(
                "{} content-usage answers for {count} URLs",
                per_url.len()
            )),
            _ => Ok(Ok(records)),
        },
        (None, None) => Err("response to a records request has neither records nor error".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn responses_are_checked() {
        assert_eq!(
            read_response(r#"{"id":2,"verdicts":["allow"]}"#, 2, 1),
            Ok(Ok(vec![WireVerdict::Allow]))
        );
        assert_eq!(
            read_response(r#"{"id":2,"error":"boom"}"#, 2, 1),
            Ok(Err("boom".into()))
        );
        assert!(read_response(r#"{"id":3,"verdicts":["allow"]}"#, 2, 1).is_err());
        assert!(read_response(r#"{"id":2,"verdicts":[]}"#, 2, 1).is_err());
        assert!(read_response("hello", 2, 1).is_err());
        assert!(read_response(r#"{"id":2,"verdicts":["maybe"]}"#, 2, 1).is_err());
    }

    #[test]
    fn the_telling_stderr_lines_are_kept() {
        // Node without the library on NODE_PATH: the cause is near the top, the tail is noise.
        let node = "node:internal/modules/cjs/loader:1228\n  throw err;\n  ^\n\n\
                    Error: Cannot find module 'robots-parser'\nRequire stack:\n- /x/adapter.js\n    \
                    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)\n  \
                    code: 'MODULE_NOT_FOUND',\n  requireStack: [ '/x/adapter.js' ]\n}\n\nNode.js v20.20.2\n";
        assert_eq!(
            telling_lines(node),
            vec!["Error: Cannot find module 'robots-parser'"]
        );
        let python = "Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\n    \
                      import protego\nModuleNotFoundError: No module named 'protego'\n";
        assert_eq!(
            telling_lines(python),
            vec!["ModuleNotFoundError: No module named 'protego'"]
        );
        assert_eq!(telling_lines("a\nb\nc\nd\n"), vec!["b", "c", "d"]);
    }
}
