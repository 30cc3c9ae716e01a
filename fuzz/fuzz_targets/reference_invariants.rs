//! The reference never panics, on raw bytes or on generated files, and its metamorphic
//! invariants hold (`reptest::fuzz::invariants`): line ends, field-name case, added comments and
//! group order change no verdict.

#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use reptest_reference::{ParseOptions, Profile, Robots};

fuzz_target!(|data: &[u8]| {
    for profile in Profile::ALL {
        let robots = Robots::parse(data, ParseOptions::new(profile));
        let selection = robots.select(&["FooBot"]);
        let _ = selection.check_url("http://example.com/a/b?c");
    }
    if let Ok(input) = reptest::fuzz::generate::generate(&mut Unstructured::new(data)) {
        if let Err(broken) = reptest::fuzz::invariants::check(&input) {
            panic!("{broken}\nagent {:?}, urls {:?}", input.agent, input.urls);
        }
    }
});
