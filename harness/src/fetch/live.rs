//! `reptest fetch`: the reference fetches a robots.txt (a live site's, where there is a
//! network), and prints the exchange, the outcome with the sentence it rests on, and the
//! verdicts.

use std::fmt::Write as _;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use reptest_reference::http::{Decision, Outcome};
use reptest_reference::{Profile, scope};

use crate::engines::fetcher::Client;

/// The sentence of the profile's text an outcome rests on, quoted.
pub fn sentence(decision: &Decision, profile: Profile) -> &'static str {
    let reason = decision.reason;
    let rfc = profile == Profile::Rfc9309;
    match decision.outcome {
        Outcome::Conditional { from_cache: true } if rfc => {
            "RFC 9309 §2.4 “Crawlers SHOULD NOT use the cached version for more than 24 hours, \
             unless the robots.txt file is unreachable.”"
        }
        Outcome::Conditional { from_cache: true } => {
            "2019: \"robots.txt content is generally cached for up to 24 hours, but may be cached \
             longer in situations where refreshing the cached version is not possible\""
        }
        Outcome::Conditional { .. } if rfc => {
            "RFC 9309 §2.3.1.1 “If the crawler successfully downloads the robots.txt file, the \
             crawler MUST follow the parseable rules.”"
        }
        Outcome::Conditional { .. } => {
            "2019: \"HTTP result codes that signal success result in a \"conditional allow\" of \
             crawling.\""
        }
        Outcome::FullAllow if reason.contains("redirect") && rfc => {
            "RFC 9309 §2.3.1.2 “If there are more than five consecutive redirects, crawlers MAY \
             assume that the robots.txt file is unavailable.”"
        }
        Outcome::FullAllow if reason.contains("redirect") => {
            "2019: \"Google follows at least five redirect hops … and then stops and treats it as \
             a 404.\""
        }
        Outcome::FullAllow if reason.contains("30 days") && rfc => {
            "RFC 9309 §2.3.1.4 “If the robots.txt file is undefined for a reasonably long period \
             of time (for example, 30 days), crawlers MAY assume that the robots.txt file is \
             unavailable …”"
        }
        Outcome::FullAllow if reason.contains("30 days") => {
            "2019: \"If the robots.txt is unreachable for more than 30 days, the last cached copy \
             of the robots.txt is used. If unavailable, Google assumes that there are no crawl \
             restrictions.\""
        }
        Outcome::FullAllow if rfc => {
            "RFC 9309 §2.3.1.3 “If a server status code indicates that the robots.txt file is \
             unavailable to the crawler, then the crawler MAY access any resources on the \
             server.”"
        }
        Outcome::FullAllow => {
            "2019: \"All 4xx errors are treated the same way and it's assumed that no valid \
             robots.txt file exists.\""
        }
        Outcome::FullDisallow if rfc => {
            "RFC 9309 §2.3.1.4 “If the robots.txt file is unreachable due to server or network \
             errors, this means the robots.txt file is undefined and the crawler MUST assume \
             complete disallow.”"
        }
        Outcome::FullDisallow => {
            "2019: \"Server errors are seen as temporary errors that result in a \"full \
             disallow\" of crawling.\" and \"Unsuccessful requests or incomplete data … is \
             treated as a server error\""
        }
    }
}

/// The robots.txt URL `reptest fetch` fetches for `site`, and the URLs it decides (`site`
/// itself unless it is the robots.txt URL, then `urls`). What the reference's client cannot
/// fetch is an error, not a verdict: a scheme other than http and https, https in a build
/// without TLS, and a URL on another scheme, host or port than `site` (another robots.txt
/// governs it).
pub fn plan(site: &str, urls: &[String]) -> Result<(String, Vec<String>)> {
    let robots_url = scope::robots_txt_url(site)
        .map_err(|e| anyhow::anyhow!("{e}"))
        .with_context(|| format!("`{site}` is not an absolute http(s) URL"))?;
    let scheme = robots_url.split_once(':').map_or("", |(s, _)| s);
    match scheme {
        "http" => {}
        "https" if cfg!(feature = "fetch-tls") => {}
        "https" => bail!(
            "`{site}`: this build of reptest has no TLS; build it with its default features \
             (`fetch-tls`) to fetch over https"
        ),
        _ => bail!("`{site}`: only http and https URLs can be fetched, not {scheme}"),
    }
    let mut asked: Vec<String> = Vec::new();
    if site != robots_url {
        asked.push(site.to_owned());
    }
    for url in urls {
        let governed = scope::governs(&robots_url, url)
            .map_err(|e| anyhow::anyhow!("{e}"))
            .with_context(|| format!("`{url}` is not an absolute URL"))?;
        if !governed {
            let its = scope::robots_txt_url(url).unwrap_or_default();
            bail!(
                "`{url}` is not on the site of {robots_url}: its rules are in {its}; fetch it on \
                 its own"
            );
        }
        asked.push(url.clone());
    }
    Ok((robots_url, asked))
}

/// Fetches the robots.txt of `site` (any URL of the site, or its robots.txt URL) and decides
/// `site` (unless it is the robots.txt URL itself) and `urls` for `agent` under `profile`
/// ([`plan`] says what is refused).
pub fn report(
    site: &str,
    urls: &[String],
    agent: &str,
    profile: Profile,
    timeout: Duration,
) -> Result<String> {
    let (robots_url, asked) = plan(site, urls)?;
    let client = Client::new(timeout, &format!("{agent}/1.0 (reptest reference)"));
    let exchange = client.fetch(&robots_url);
    let decision = exchange.decision(profile);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "robots.txt: {robots_url} (agent {agent}, profile {profile}, timeout {:.1}s)",
        timeout.as_secs_f64()
    );
    let _ = writeln!(out, "exchange:");
    for line in exchange.describe().lines() {
        let _ = writeln!(out, "  {line}");
    }
    if !cfg!(feature = "fetch-tls") && exchange.hops.iter().any(|h| h.url.starts_with("https:")) {
        let _ = writeln!(
            out,
            "  (a redirect led to https, and this build has no TLS: build reptest with its \
             default features)"
        );
    }
    let _ = writeln!(out, "outcome: {decision}");
    let _ = writeln!(out, "  rests on: {}", sentence(&decision, profile));
    if asked.is_empty() {
        return Ok(out);
    }
    let _ = writeln!(out, "verdicts:");
    match decision.outcome {
        Outcome::FullAllow | Outcome::FullDisallow => {
            let verdict = if decision.outcome == Outcome::FullAllow {
                "allow"
            } else {
                "disallow"
            };
            for url in &asked {
                let _ = writeln!(out, "  {verdict:<9} {url}  ({})", decision.outcome.name());
            }
        }
        Outcome::Conditional { .. } => {
            let body = exchange.body.as_deref().unwrap_or_default();
            let explained = crate::explain::explain(
                body,
                profile,
                reptest_reference::DEFAULT_SIZE_LIMIT,
                agent,
                &asked,
            )?;
            for v in &explained.verdicts {
                let verdict = v.verdict.to_string();
                let _ = writeln!(out, "  {verdict:<9} {}  ({})", v.url, v.explanation);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_cannot_be_fetched_is_refused() {
        let urls = |list: &[&str]| list.iter().map(|u| (*u).to_owned()).collect::<Vec<_>>();
        let (robots, asked) = plan(
            "http://127.0.0.1:8765/a",
            &urls(&["http://127.0.0.1:8765/b"]),
        )
        .expect("plan");
        assert_eq!(robots, "http://127.0.0.1:8765/robots.txt");
        assert_eq!(
            asked,
            urls(&["http://127.0.0.1:8765/a", "http://127.0.0.1:8765/b"])
        );
        let error = |site: &str, more: &[&str]| {
            format!("{:#}", plan(site, &urls(more)).expect_err("refused"))
        };
        assert!(error("ftp://example.com/x", &[]).contains("only http and https"));
        let other = error("http://127.0.0.1:8765/", &["http://other.example/x"]);
        assert!(other.contains("http://other.example/robots.txt"), "{other}");
        let port = error("http://127.0.0.1:8765/", &["http://127.0.0.1:8766/x"]);
        assert!(port.contains("not on the site"), "{port}");
        assert!(error("not a url", &[]).contains("not an absolute"));
        if cfg!(feature = "fetch-tls") {
            assert!(plan("https://example.com/", &[]).is_ok());
        } else {
            assert!(error("https://example.com/", &[]).contains("no TLS"));
        }
    }
}
