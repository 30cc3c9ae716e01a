use robotstxt::DefaultMatcher;

fn main() {
    let body: &[u8] = b"{{body}}";
    let agent = "{{agent}}";
    let url = "{{url}}";
    let text = String::from_utf8_lossy(body); // invalid bytes become U+FFFD
    let mut matcher = DefaultMatcher::default();
    let allowed = matcher.one_agent_allowed_by_robots(&text, agent, url);
    println!("{}", if allowed { "allow" } else { "disallow" });
}
