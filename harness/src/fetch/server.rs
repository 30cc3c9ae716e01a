//! The loopback server: plays one case's exchange on 127.0.0.1 (and 127.0.0.2 for another
//! authority), records every request, and stops when dropped.
//!
//! HTTP is served by `tiny_http`: a small, synchronous, long-maintained server crate with no
//! async runtime, so `cargo test` builds no tokio/hyper stack for it and each case's server is
//! a plain thread per host. It answers whatever status, headers and body a play asks for
//! (including 1xx-less oddities such as 599, a redirect without `Location`, a gzip body).
//! Failures below HTTP (a reset, a stall, a truncated body, garbage) are played on a raw
//! socket: those plays only write bytes and close, they never parse a request (the first
//! line is kept, as written, for the record). A refused connection is a port that is bound
//! and never listened on (so no other server can take it meanwhile).
//!
//! Everything is bounded: ports are chosen free by the system (bind to port 0), a host
//! answers at most [`MAX_REQUESTS`] requests (a client caught in a redirect loop then gets
//! its connections dropped), a stall lasts until the server stops or [`MAX_STALL`], and
//! dropping the [`Server`] stops every thread and waits for them.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};

use crate::fetch::play::{Answer, Failure, Host, Play};

/// Requests one host answers before it drops connections.
pub const MAX_REQUESTS: usize = 100;
/// The longest a stall holds a connection: past the harness's longest wait for an answer
/// (`crate::suite::runner::OWN_TIMEOUT_WAIT`), so that what is measured on a stall is the
/// client's own timeout, never the server letting go.
pub const MAX_STALL: Duration = Duration::from_secs(140);
/// How often waiting threads look at the stop flag.
const POLL: Duration = Duration::from_millis(20);

/// One request the server got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Logged {
    /// The host it came to.
    pub host: Host,
    /// The request target (path and query), as sent.
    pub path: String,
    /// Its `User-Agent` header, when the server could see it (HTTP plays).
    pub user_agent: Option<String>,
    /// Every header it carried, as sent (HTTP plays).
    pub headers: Vec<(String, String)>,
    /// When it came, in milliseconds since the server started.
    pub at_ms: u64,
    /// The `Retry-After` (seconds) of the answer it got, if any.
    pub retry_after: Option<u64>,
    /// On a stall: how long the client held the connection, from the server's accept (which
    /// looks for connections every 20 ms, so up to that much after the client connected)
    /// until the client closed it: the client's own timeout for this request. `None` while it
    /// is held, or for a request that was answered.
    pub held_ms: Option<u64>,
}

impl Logged {
    /// A request seen below HTTP (only its request line was read).
    fn raw(host: Host, path: String, at_ms: u64) -> Logged {
        Logged {
            host,
            path,
            user_agent: None,
            headers: Vec::new(),
            at_ms,
            retry_after: None,
            held_ms: None,
        }
    }

    /// The value of header `name`, if the request carried it.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// A running play. Dropping it stops the server.
pub struct Server {
    origins: [String; 3],
    asked: Host,
    log: Arc<Mutex<Vec<Logged>>>,
    stop: Arc<AtomicBool>,
    http: Vec<Arc<tiny_http::Server>>,
    threads: Vec<JoinHandle<()>>,
    /// The bound, never listening socket of a refused play.
    closed: Option<socket2::Socket>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("origins", &self.origins)
            .finish_non_exhaustive()
    }
}

impl Server {
    /// Starts `play` on free loopback ports.
    pub fn start(play: &Play) -> Result<Server> {
        let started = Instant::now();
        let mut server = Server {
            origins: [String::new(), String::new(), String::new()],
            asked: play.asked_host(),
            log: Arc::new(Mutex::new(Vec::new())),
            stop: Arc::new(AtomicBool::new(false)),
            http: Vec::new(),
            threads: Vec::new(),
            closed: None,
        };
        match play {
            Play::Network(Failure::Refused) => {
                // A socket bound and never listening: connections to its port are refused,
                // and no other server can take the port while the play lasts.
                let socket = socket2::Socket::new(
                    socket2::Domain::IPV4,
                    socket2::Type::STREAM,
                    Some(socket2::Protocol::TCP),
                )
                .context("a socket for the refused port")?;
                let any: std::net::SocketAddr =
                    (Host::A.ip().parse::<std::net::Ipv4Addr>()?, 0).into();
                socket
                    .bind(&any.into())
                    .context("binding the refused port")?;
                let port = socket
                    .local_addr()?
                    .as_socket()
                    .map(|a| a.port())
                    .ok_or_else(|| anyhow!("the refused port has no address"))?;
                server.origins[0] = format!("http://{}:{port}", Host::A.ip());
                server.closed = Some(socket);
            }
            Play::Network(failure) => {
                let listener = TcpListener::bind((Host::A.ip(), 0))
                    .with_context(|| format!("binding {}", Host::A.ip()))?;
                listener.set_nonblocking(true)?;
                server.origins[0] = format!("http://{}", listener.local_addr()?);
                let (failure, stop, log) = (*failure, server.stop.clone(), server.log.clone());
                server.threads.push(thread::spawn(move || {
                    raw_loop(&listener, failure, &stop, &log, started)
                }));
            }
            Play::Http(answers) => {
                let mut bound = Vec::new();
                for host in Host::ALL.into_iter().filter(|h| play.uses_host(*h)) {
                    let http = tiny_http::Server::http((host.ip(), 0))
                        .map_err(|e| anyhow!("binding {}: {e}", host.ip()))?;
                    let addr = http
                        .server_addr()
                        .to_ip()
                        .ok_or_else(|| anyhow!("{} has no IP address", host.ip()))?;
                    // `[::1]:PORT` for the IPv6 loopback.
                    server.origins[host as usize] = format!("http://{addr}");
                    bound.push((host, Arc::new(http)));
                }
                for (host, http) in bound {
                    server.http.push(http.clone());
                    let answers: Vec<Answer> =
                        answers.iter().filter(|a| a.host == host).cloned().collect();
                    let (origins, stop, log) = (
                        server.origins.clone(),
                        server.stop.clone(),
                        server.log.clone(),
                    );
                    server.threads.push(thread::spawn(move || {
                        http_loop(&http, host, &answers, &origins, &stop, &log, started);
                    }));
                }
            }
        }
        Ok(server)
    }

    /// `http://127.0.0.1:PORT` (host `a`), `http://127.0.0.2:PORT` (host `b`) or
    /// `http://[::1]:PORT` (host `v6`).
    pub fn origin(&self, host: Host) -> &str {
        &self.origins[host as usize]
    }

    /// The host whose robots.txt is asked ([`Play::asked_host`]).
    pub fn asked_host(&self) -> Host {
        self.asked
    }

    /// The robots.txt URL asked: `/robots.txt` on the asked host.
    pub fn robots_url(&self) -> String {
        format!("{}/robots.txt", self.origin(self.asked))
    }

    /// Every request so far, in order.
    pub fn requests(&self) -> Vec<Logged> {
        self.log.lock().map(|l| l.clone()).unwrap_or_default()
    }

    /// How long the client held the first stalled request before closing it
    /// ([`Logged::held_ms`]), waiting at most `within` for the close to be seen (the server
    /// looks every 20 ms). `None` when there was no request, or the client still holds it.
    pub fn first_hold(&self, within: Duration) -> Option<Duration> {
        let until = Instant::now() + within;
        loop {
            let log = self.requests();
            let first = log.first()?;
            if let Some(ms) = first.held_ms {
                return Some(Duration::from_millis(ms));
            }
            if Instant::now() >= until {
                return None;
            }
            thread::sleep(POLL);
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        for http in &self.http {
            http.unblock();
        }
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// `Location` with the origins put in: `{a}` is `http://127.0.0.1:PORT`, `{a_host}` its
/// authority `127.0.0.1:PORT` (for a protocol-relative `//{b_host}/robots.txt`); likewise for
/// `b` and `v6`.
pub fn expand(template: &str, origins: &[String; 3]) -> String {
    let mut out = template.to_owned();
    for host in Host::ALL {
        let origin = &origins[host as usize];
        let authority = origin.strip_prefix("http://").unwrap_or(origin);
        out = out
            .replace(&format!("{{{}}}", host.name()), origin)
            .replace(&format!("{{{}_host}}", host.name()), authority);
    }
    out
}

fn push(log: &Mutex<Vec<Logged>>, entry: Logged) -> usize {
    match log.lock() {
        Ok(mut l) => {
            l.push(entry);
            l.len()
        }
        Err(_) => usize::MAX,
    }
}

/// Whether a request's `Accept-Encoding` lets the server send gzip: no header at all ("any
/// content coding is considered acceptable", RFC 9110 §12.5.3), or `gzip`, `x-gzip` or `*`
/// with a weight other than 0.
pub fn accepts_gzip(accept_encoding: Option<&str>) -> bool {
    let Some(value) = accept_encoding else {
        return true;
    };
    value.split(',').any(|item| {
        let mut parts = item.split(';');
        let coding = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
        let refused = parts.any(|p| {
            p.trim()
                .strip_prefix("q=")
                .and_then(|q| q.trim().parse::<f32>().ok())
                .is_some_and(|q| q == 0.0)
        });
        matches!(coding.as_str(), "gzip" | "x-gzip" | "*") && !refused
    })
}

fn gzip(body: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(body);
    encoder.finish().unwrap_or_default()
}

fn header(name: &str, value: &str) -> Option<tiny_http::Header> {
    tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()).ok()
}

fn http_loop(
    http: &tiny_http::Server,
    host: Host,
    answers: &[Answer],
    origins: &[String; 3],
    stop: &AtomicBool,
    log: &Mutex<Vec<Logged>>,
    started: Instant,
) {
    let mut served = 0;
    // How often each path was asked: steps at one path answer its requests in turn.
    let mut asked: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    while !stop.load(Ordering::SeqCst) {
        let request = match http.recv_timeout(POLL) {
            Ok(Some(r)) => r,
            Ok(None) => continue,
            Err(_) => break,
        };
        served += 1;
        let at_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        let headers: Vec<(String, String)> = request
            .headers()
            .iter()
            .map(|h| {
                (
                    h.field.as_str().as_str().to_owned(),
                    h.value.as_str().to_owned(),
                )
            })
            .collect();
        let header_value = |name: &str| {
            headers
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.clone())
        };
        let user_agent = header_value("User-Agent");
        let gzip_accepted = accepts_gzip(header_value("Accept-Encoding").as_deref());
        let path = request.url().to_owned();
        let turn = asked.entry(path.clone()).or_insert(0);
        let steps: Vec<&Answer> = answers.iter().filter(|a| a.path == path).collect();
        let answer = steps
            .get((*turn).min(steps.len().saturating_sub(1)))
            .copied();
        *turn += 1;
        // A conditional request that matches the answer's validator gets a 304.
        let not_modified = answer.is_some_and(|a| {
            let matches = |validator: &str, condition: &str| {
                a.header(validator)
                    .zip(header_value(condition))
                    .is_some_and(|(v, c)| c.split(',').any(|c| c.trim() == v.trim()))
            };
            matches("ETag", "If-None-Match") || matches("Last-Modified", "If-Modified-Since")
        });
        let retry_after = answer
            .and_then(|a| a.header("Retry-After"))
            .and_then(|v| v.trim().parse::<u64>().ok());
        push(
            log,
            Logged {
                host,
                path: path.clone(),
                user_agent,
                headers: headers.clone(),
                at_ms,
                retry_after: retry_after.filter(|_| !not_modified),
                held_ms: None,
            },
        );
        if served > MAX_REQUESTS {
            // Dropped unanswered: the connection closes.
            drop(request);
            continue;
        }
        let response = match answer {
            Some(answer) if not_modified => {
                let mut response = tiny_http::Response::from_data(Vec::new()).with_status_code(304);
                for (name, value) in &answer.headers {
                    if let Some(h) = header(name, value) {
                        response.add_header(h);
                    }
                }
                response
            }
            Some(answer) => {
                if answer.delay_ms > 0 {
                    let until = Instant::now() + Duration::from_millis(answer.delay_ms);
                    while Instant::now() < until && !stop.load(Ordering::SeqCst) {
                        thread::sleep(POLL);
                    }
                }
                let compress = answer.gzip && gzip_accepted;
                let body = if compress {
                    gzip(&answer.body)
                } else {
                    answer.body.clone()
                };
                let mut response =
                    tiny_http::Response::from_data(body).with_status_code(answer.status);
                if answer.chunked {
                    response = response.with_chunked_threshold(0);
                }
                let headers = [
                    answer
                        .location
                        .as_deref()
                        .and_then(|l| header("Location", &expand(l, origins))),
                    answer
                        .content_type
                        .as_deref()
                        .and_then(|t| header("Content-Type", t)),
                    compress
                        .then(|| header("Content-Encoding", "gzip"))
                        .flatten(),
                ];
                for h in headers.into_iter().flatten() {
                    response.add_header(h);
                }
                for (name, value) in &answer.headers {
                    if let Some(h) = header(name, value) {
                        response.add_header(h);
                    }
                }
                response
            }
            None => tiny_http::Response::from_data(Vec::new()).with_status_code(404),
        };
        let _ = request.respond(response);
    }
}

fn raw_loop(
    listener: &TcpListener,
    failure: Failure,
    stop: &Arc<AtomicBool>,
    log: &Arc<Mutex<Vec<Logged>>>,
    started: Instant,
) {
    let mut workers = Vec::new();
    let mut accepted = 0;
    while !stop.load(Ordering::SeqCst) {
        match listener.accept() {
            Ok((stream, _)) => {
                accepted += 1;
                if accepted > MAX_REQUESTS {
                    continue;
                }
                let arrived = Instant::now();
                let _ = stream.set_nonblocking(false);
                let first = first_line(&stream);
                let path = first
                    .split_whitespace()
                    .nth(1)
                    .unwrap_or_default()
                    .to_owned();
                let at_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
                let at = push(log, Logged::raw(Host::A, path, at_ms)).wrapping_sub(1);
                let (stop, log) = (stop.clone(), log.clone());
                workers.push(thread::spawn(move || {
                    let held = play_failure(stream, failure, &stop, arrived);
                    if let (Some(held), Ok(mut log)) = (held, log.lock())
                        && let Some(entry) = log.get_mut(at)
                    {
                        entry.held_ms = Some(u64::try_from(held.as_millis()).unwrap_or(u64::MAX));
                    }
                }));
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => thread::sleep(POLL),
            Err(_) => thread::sleep(POLL),
        }
    }
    for worker in workers {
        let _ = worker.join();
    }
}

/// The first line of what the client sent, without consuming it (peeked), waiting at most a
/// second for it.
fn first_line(stream: &TcpStream) -> String {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(1)));
    let mut buf = [0u8; 2048];
    let deadline = Instant::now() + Duration::from_secs(1);
    loop {
        let n = stream.peek(&mut buf).unwrap_or(0);
        let seen = &buf[..n];
        if seen.contains(&b'\n') || n == buf.len() || Instant::now() >= deadline || n == 0 {
            let line = seen.split(|b| *b == b'\n').next().unwrap_or_default();
            return String::from_utf8_lossy(line).trim_end().to_owned();
        }
        thread::sleep(Duration::from_millis(5));
    }
}

/// Reads and discards what the client sent so far (so that closing sends a FIN, not a reset).
fn drain(stream: &mut TcpStream) {
    let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
    let mut buf = [0u8; 8192];
    let mut seen = Vec::new();
    while let Ok(n) = stream.read(&mut buf) {
        if n == 0 {
            break;
        }
        seen.extend_from_slice(&buf[..n]);
        if seen.windows(4).any(|w| w == b"\r\n\r\n") || seen.len() > 64 * 1024 {
            break;
        }
    }
}

/// The rule body cut short: what a lenient client would read as the file.
const PARTIAL: &[u8] = b"user-agent: *\ndisallow: /private\n";

/// Plays `failure` on a connection that arrived at `arrived`; on a stall, returns how long the
/// client held the connection before closing it, if it did within the play.
fn play_failure(
    mut stream: TcpStream,
    failure: Failure,
    stop: &AtomicBool,
    arrived: Instant,
) -> Option<Duration> {
    let head = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\r\n",
        PARTIAL.len() + 4096
    );
    match failure {
        Failure::Refused => {}
        Failure::Reset => {
            // The request stays unread: closing a socket with unread data sends a reset.
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(PARTIAL);
            let _ = stream.flush();
            thread::sleep(Duration::from_millis(50));
        }
        Failure::Truncated => {
            drain(&mut stream);
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(PARTIAL);
            let _ = stream.flush();
            let _ = stream.shutdown(Shutdown::Write);
            thread::sleep(Duration::from_millis(50));
        }
        Failure::InvalidResponse => {
            drain(&mut stream);
            let _ = stream.write_all(b"THIS IS NOT HTTP\r\n\r\n");
            let _ = stream.write_all(PARTIAL);
            let _ = stream.flush();
            let _ = stream.shutdown(Shutdown::Write);
            thread::sleep(Duration::from_millis(50));
        }
        Failure::Stall | Failure::StallBody => {
            drain(&mut stream);
            if failure == Failure::StallBody {
                let _ = stream.write_all(head.as_bytes());
                let _ = stream.write_all(PARTIAL);
                let _ = stream.flush();
            }
            // Held until the client closes its end (a read of 0 bytes, or a reset): the time
            // from the request's arrival to then is the client's own timeout.
            let _ = stream.set_read_timeout(Some(POLL));
            let mut buf = [0u8; 8192];
            while !stop.load(Ordering::SeqCst) && arrived.elapsed() < MAX_STALL {
                match stream.read(&mut buf) {
                    Ok(0) => return Some(arrived.elapsed()),
                    Ok(_) => {}
                    Err(e)
                        if matches!(
                            e.kind(),
                            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                        ) => {}
                    Err(_) => return Some(arrived.elapsed()),
                }
            }
        }
        Failure::BadChunked | Failure::TruncatedChunked => {
            drain(&mut stream);
            let mut bytes = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\
                 Connection: close\r\n\r\n{:x}\r\n",
                PARTIAL.len()
            )
            .into_bytes();
            bytes.extend_from_slice(PARTIAL);
            bytes.extend_from_slice(b"\r\n");
            if failure == Failure::BadChunked {
                // Not a chunk size: the chunked framing is broken.
                bytes.extend_from_slice(b"zz\r\ndisallow: /public\n\r\n0\r\n\r\n");
            }
            let _ = stream.write_all(&bytes);
            let _ = stream.flush();
            let _ = stream.shutdown(Shutdown::Write);
            thread::sleep(Duration::from_millis(50));
        }
    }
    None
}
