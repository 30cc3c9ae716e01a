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
    let text = String::from_utf8_lossy(body); // invalid bytes become U+FFFD
    let robots = robots_txt::Robots::from_str_lossy(&text);
    let section = robots.choose_section(agent);
    let matcher = robots_txt::matcher::SimpleMatcher::new(&section.rules);
    let allowed = matcher.check_path(&path_and_query(url));
    println!("{}", if allowed { "allow" } else { "disallow" });
}
