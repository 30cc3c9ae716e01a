//! URLs: the path a rule is matched against, and which robots.txt URL governs a URL.
//!
//! The path is taken from the URL as written — path, params and query, without the fragment
//! (RFC 9309 §2.2.2: matching starts "from the first octet of the path"; the query is part of
//! what rules see, as in the 2019 table where `/fish` matches `/fish.php?id=anything`). It is
//! not otherwise normalised (no dot-segment removal): no text asks for it, and rules are
//! written against the URLs a crawler actually requests.
//!
//! Scope follows the 2019 table "Examples of valid robots.txt URLs": a robots.txt file governs
//! exactly the URLs with the same scheme, host and port, where the scheme's default port
//! equals no port, hosts compare after IDNA (`url`'s host parsing: "IDNs are equivalent to
//! their punycode versions"), and only `/robots.txt` at the root is a robots.txt URL.

use std::borrow::Cow;

use url::Url;

use crate::error::{Error, ErrorKind};

/// The path (with query) of `url` to match rules against. `url` is an absolute URL or a path
/// starting with `/`; a URL with an empty path gives `/` (`http://example.com?q` → `/?q`).
pub fn match_path(url: &str) -> Result<Cow<'_, str>, Error> {
    let without_fragment = url.split('#').next().unwrap_or_default();
    if without_fragment.starts_with('/') && !without_fragment.starts_with("//") {
        return Ok(Cow::Borrowed(without_fragment));
    }
    parse_absolute(url)?;
    // Everything after `scheme://authority`, as written.
    let rest = without_fragment
        .split_once("://")
        .map(|(_, rest)| rest)
        .unwrap_or_default();
    Ok(match rest.find(['/', '?']) {
        Some(at) if rest[at..].starts_with('/') => Cow::Borrowed(&rest[at..]),
        Some(at) => Cow::Owned(format!("/{}", &rest[at..])),
        None => Cow::Borrowed("/"),
    })
}

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

/// The default port of the schemes the texts name: "Standard port numbers (80 for http, 443
/// for https, 21 for ftp) are equivalent to their default host names."
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
/// `/robots.txt` governs nothing (2019: "Crawlers don't check for robots.txt files in
/// subdirectories").
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
