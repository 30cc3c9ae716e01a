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
    // compile() reads the bytes as UTF-8 text; a body that is not is its error
    let compiled = futures::executor::block_on(cylon::Compiler::new(agent).compile(body))
        .expect("compile");
    let allowed = compiled.allow(&path_and_query(url));
    println!("{}", if allowed { "allow" } else { "disallow" });
}
