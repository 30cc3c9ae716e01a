use robotstxt_with_cache::{DefaultCachingMatcher, DefaultMatcher};

fn main() {
    let body: &[u8] = b"{{body}}";
    let agent = "{{agent}}";
    let url = "{{url}}";
    let text = String::from_utf8_lossy(body); // invalid bytes become U+FFFD
    let mut matcher = DefaultCachingMatcher::new(DefaultMatcher::default());
    matcher.parse(&text);
    let allowed = matcher.allowed_by_robots(vec![agent], url);
    println!("{}", if allowed { "allow" } else { "disallow" });
}
