fn main() {
    let body: &[u8] = b"{{body}}";
    let agent = "{{agent}}";
    let url = "{{url}}";
    let robot = texting_robots::Robot::new(agent, body).expect("parsed");
    let allowed = robot.allowed(url);
    println!("{}", if allowed { "allow" } else { "disallow" });
}
