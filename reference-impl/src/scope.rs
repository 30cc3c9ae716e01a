//! URLs: the path a rule is matched against, and which robots.txt URL governs a URL.
//!
//! The path is taken from the URL as written — path, params and query, without the fragment
//! (RFC 9309 §2.2.2 “The matching MUST start with the first octet of the path.”; the query is
//! part of what rules see, as in the 2019 table where `/fish` matches `/fish.php?id=anything`).
//! It is
//! not otherwise normalised (no dot-segment removal): no text asks for it, and rules are
//! written against the URLs a crawler actually requests.
//!
//! Scope follows the 2019 text's examples of valid robots.txt URLs: a robots.txt file governs
//! exactly the URLs with the same scheme, host and port, where the scheme's default port
//! equals no port, hosts compare after IDNA (`url`'s host parsing; Google 2019 “IDNs are
//! equivalent to their punycode versions.”), and only `/robots.txt` at the root is a
//! robots.txt URL.

use std::borrow::Cow;

use url::Url;

use crate::error::{Error, ErrorKind};

/// The path (with query) of `url` to match rules against. `url` is an absolute URL or a path
/// starting with `/`; a URL with an empty path gives `/` (`http://example.com?q` → `/?q`).
pub fn match_path(url: &str) -> Result<Cow<'_, str>, Error> {
    // `#` is ASCII, so the cut is at a character boundary.
    let without_fragment = memchr::memchr(b'#', url.as_bytes()).map_or(url, |at| &url[..at]);
    if without_fragment.starts_with('/') && !without_fragment.starts_with("//") {
        return Ok(Cow::Borrowed(without_fragment));
    }
    // Everything after `scheme://authority`, as written.
    let rest = match surely_valid(without_fragment) {
        Some(after_authority) => &without_fragment[after_authority..],
        None => {
            parse_absolute(url)?;
            let rest = without_fragment
                .split_once("://")
                .map(|(_, rest)| rest)
                .unwrap_or_default();
            rest.find(['/', '?']).map_or("", |at| &rest[at..])
        }
    };
    Ok(match rest.as_bytes().first() {
        Some(b'/') => Cow::Borrowed(rest),
        Some(_) => Cow::Owned(format!("/{rest}")),
        None => Cow::Borrowed("/"),
    })
}

/// Where the authority of `url` (without its fragment) ends, when `url` is certainly an
/// absolute URL that [`parse_absolute`] accepts, decided without parsing it: `http://` or `https://`, then a host of one or more
/// labels of ASCII letters, digits and `-`, none empty, none starting with `xn--` (the only
/// ASCII labels IDNA processing looks into), the last one starting with a letter (so that it
/// is not read as an IPv4 address), then an optional port of at most 5 digits and at most
/// 65535, then the end or `/` or `?`. Such URLs are what a crawler asks about almost always,
/// and the `url` crate's full parse (with IDNA and percent-encoding of the whole URL) would
/// cost more than the check itself. Anything else goes through the full parse, so the set of
/// accepted and rejected URLs is exactly the `url` crate's (a test holds the two together).
fn surely_valid(url: &str) -> Option<usize> {
    let scheme = if url.starts_with("http://") {
        "http://".len()
    } else if url.starts_with("https://") {
        "https://".len()
    } else {
        return None;
    };
    let rest = &url[scheme..];
    let bytes = rest.as_bytes();
    let end = memchr::memchr2(b'/', b'?', bytes).unwrap_or(bytes.len());
    let authority = &bytes[..end];
    let (host, port) = match memchr::memchr(b':', authority) {
        Some(colon) => (&authority[..colon], Some(&authority[colon + 1..])),
        None => (authority, None),
    };
    if let Some(port) = port {
        let digits_only = port.iter().all(u8::is_ascii_digit);
        if port.is_empty() || port.len() > 5 || !digits_only {
            return None;
        }
        let value = port.iter().fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
        if value > 65535 {
            return None;
        }
    }
    // One pass over the host, a label at a time (one table lookup per octet: this runs on
    // every check of an absolute URL).
    let mut start = 0;
    loop {
        let len = host[start..]
            .iter()
            .position(|&b| !LABEL_OCTET[usize::from(b)])
            .unwrap_or(host.len() - start);
        let label = &host[start..start + len];
        let &first = label.first()?;
        if label
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
        {
            return None;
        }
        match host.get(start + len) {
            None => return first.is_ascii_alphabetic().then_some(scheme + end),
            Some(b'.') => start += len + 1,
            Some(_) => return None,
        }
    }
}

/// The octets of a host label [`surely_valid`] accepts: ASCII letters, digits and `-`.
const LABEL_OCTET: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'-';
        b += 1;
    }
    table
};

/// The authority a robots.txt file is scoped to: scheme, host (IDNA-normalised) and port
/// (defaults made explicit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    scheme: String,
    host: String,
    port: Option<u16>,
}

fn parse_absolute(url: &str) -> Result<Url, Error> {
    let parsed = Url::parse(url).map_err(|e| {
        Error::new(ErrorKind::InvalidUrl {
            url: url.to_owned(),
            reason: e.to_string(),
        })
    })?;
    if parsed.host_str().is_none_or(str::is_empty) {
        return Err(Error::new(ErrorKind::NoAuthority {
            url: url.to_owned(),
        }));
    }
    Ok(parsed)
}

/// The default port of the schemes the texts name: Google 2019 “Standard port numbers (80 for
/// http, 443 for https, 21 for ftp) are equivalent to their default host names.”
fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" => Some(80),
        "https" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

impl Origin {
    /// The origin of an absolute URL.
    pub fn of(url: &str) -> Result<Origin, Error> {
        Ok(Origin::from_parsed(&parse_absolute(url)?))
    }

    fn from_parsed(parsed: &Url) -> Origin {
        let scheme = parsed.scheme().to_owned();
        let port = parsed.port().or_else(|| default_port(&scheme));
        Origin {
            host: parsed.host_str().unwrap_or_default().to_owned(),
            scheme,
            port,
        }
    }
}

/// The robots.txt URL that governs `url`: `/robots.txt` on its scheme, host and port.
pub fn robots_txt_url(url: &str) -> Result<String, Error> {
    let mut parsed = parse_absolute(url)?;
    parsed.set_path("/robots.txt");
    parsed.set_query(None);
    parsed.set_fragment(None);
    // Credentials are not part of the authority a robots.txt file belongs to.
    let _ = parsed.set_username("");
    let _ = parsed.set_password(None);
    Ok(parsed.into())
}

/// Whether the robots.txt file at `robots_url` governs `url`. A URL whose path is not exactly
/// `/robots.txt` governs nothing (Google 2019 “Crawlers don't check for robots.txt files in
/// subdirectories.”).
pub fn governs(robots_url: &str, url: &str) -> Result<bool, Error> {
    let robots = parse_absolute(robots_url)?;
    if robots.path() != "/robots.txt" {
        return Ok(false);
    }
    Ok(Origin::from_parsed(&robots) == Origin::of(url)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_keep_query_and_drop_fragment() {
        assert_eq!(
            match_path("http://e.com/a/b?c=d#f").as_deref(),
            Ok("/a/b?c=d")
        );
        assert_eq!(match_path("http://e.com").as_deref(), Ok("/"));
        assert_eq!(match_path("/x?y").as_deref(), Ok("/x?y"));
        assert_eq!(match_path("http://e.com?q=1").as_deref(), Ok("/?q=1"));
        assert!(match_path("e.com/x").is_err());
    }

    /// The shortcut in `match_path` accepts only URLs the `url` crate accepts, and the path
    /// comes out as it does after the full parse: every scheme below, followed by every
    /// sequence of up to three host parts, followed by every tail.
    #[test]
    fn shortcut_agrees_with_the_url_crate() {
        let schemes = [
            "http://", "https://", "HTTP://", "ftp://", "http:/", "http:///",
        ];
        let parts = [
            "a",
            "Z",
            "com",
            "é",
            "0",
            "9",
            "255",
            "256",
            "0x1",
            "0X",
            ".",
            "-",
            "_",
            "xn--",
            "Xn--",
            "xn-",
            "xn--mller-kva",
            ":",
            ":80",
            ":65535",
            ":65536",
            ":099999",
            "@",
            "%41",
            "[::1]",
            " ",
            "\t",
            "\\",
        ];
        let tails = ["", "/p?q#f", "?q", "#f"];
        let (mut checked, mut shortcut) = (0, 0);
        let mut hosts = vec![String::new()];
        for _ in 0..3 {
            let longer: Vec<String> = hosts
                .iter()
                .flat_map(|h| parts.iter().map(move |p| format!("{h}{p}")))
                .collect();
            hosts.extend(longer);
        }
        hosts.sort();
        hosts.dedup();
        for scheme in schemes {
            for host in &hosts {
                for tail in tails {
                    let url = format!("{scheme}{host}{tail}");
                    checked += 1;
                    let without_fragment = url.split('#').next().unwrap_or_default();
                    if let Some(at) = surely_valid(without_fragment) {
                        shortcut += 1;
                        assert!(parse_absolute(&url).is_ok(), "the shortcut took {url:?}");
                        let rest = without_fragment.split_once("://").map(|(_, r)| r);
                        let slow = rest.and_then(|r| r.find(['/', '?']).map(|i| &r[i..]));
                        assert_eq!(&without_fragment[at..], slow.unwrap_or(""), "{url:?}");
                    }
                }
            }
        }
        assert!(checked > 100_000 && shortcut > 1000, "{checked} {shortcut}");
    }

    #[test]
    fn scope_table() {
        assert_eq!(
            governs("http://example.com/robots.txt", "http://example.com:80/x"),
            Ok(true)
        );
        assert_eq!(
            governs("http://example.com/robots.txt", "https://example.com/"),
            Ok(false)
        );
        assert_eq!(
            governs(
                "http://www.müller.eu/robots.txt",
                "http://www.xn--mller-kva.eu/"
            ),
            Ok(true)
        );
        assert_eq!(
            governs(
                "http://example.com/folder/robots.txt",
                "http://example.com/folder/x"
            ),
            Ok(false)
        );
        assert_eq!(
            robots_txt_url("https://u:p@Example.COM:443/a?b#c").as_deref(),
            Ok("https://example.com/robots.txt")
        );
    }
}
