use robotparser::service::RobotsTxtService;

fn main() {
    let body: &[u8] = b"{{body}}";
    let agent = "{{agent}}";
    let url = "{{url}}";
    // as reqwest's text() decodes it (the crate's own fetch): a byte order mark taken off,
    // invalid bytes U+FFFD
    let (text, _, _) = encoding_rs::UTF_8.decode(body);
    let url = url::Url::parse(url).expect("an absolute URL");
    let robots = robotparser::parser::parse_robots_txt(url.origin(), &text).get_result();
    let allowed = robots.can_fetch(agent, &url);
    println!("{}", if allowed { "allow" } else { "disallow" });
}
