fn path_and_query(url: &str) -> String {
    let url = url::Url::parse(url).expect("an absolute URL");
    let mut out = url.path().to_owned();
    if let Some(q) = url.query() {
        out.push('?');
        out.push_str(q);
    }
    out
}

fn main() {
    let body: &[u8] = b"{{body}}";
    let agent = "{{agent}}";
    let url = "{{url}}";
    // as reqwest's text() decodes it (the crate's own fetch): a byte order mark taken off,
    // invalid bytes U+FFFD
    let (text, _, _) = encoding_rs::UTF_8.decode(body);
    let robots = robotstxt_rs::RobotsTxt::parse(&text);
    let allowed = robots.can_fetch(agent, &path_and_query(url));
    println!("{}", if allowed { "allow" } else { "disallow" });
}
