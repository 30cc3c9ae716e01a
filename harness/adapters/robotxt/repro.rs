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
    let robots = robotxt::Robots::parse(body, agent);
    let allowed = robots.is_allowed(&path_and_query(url));
    println!("{}", if allowed { "allow" } else { "disallow" });
}
