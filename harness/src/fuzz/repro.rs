//! Minimal repros in each library's own language, calling it exactly as its adapter does
//! (the decoding step included), runnable as printed: they print `allow` or `disallow`.
//!
//! Each library's template lives in its adapter directory, beside the adapter's own call
//! (`harness/adapters/<name>/repro.<ext>` and the manifest's `[repro]` table, read by
//! [`crate::engines::library`]): when an adapter's call changes, its template changes with
//! it. Here the placeholders are filled, the body written as an exact literal of its bytes in
//! the template's language.

use std::fmt::Write as _;

use crate::engines::library::{self, ReproTemplate};
use crate::fuzz::findings::FamilyInput;

/// A repro: its language, the program, and how to run it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repro {
    /// The Markdown fence language (`python`, `javascript`, `rust`, `cpp`, `ruby`, `perl`,
    /// `java`, `go`).
    pub language: &'static str,
    /// The program.
    pub code: String,
    /// How to install the library and run the program (shell lines).
    pub run: String,
}

/// `bytes` as a Python/Rust byte-string body (between `b"` and `"`).
fn escaped_bytes(bytes: &[u8]) -> String {
    quoted_bytes(bytes, |out, b| {
        let _ = write!(out, "\\x{b:02x}");
    })
}

/// `bytes` between double quotes: the C-like escapes, printable ASCII as it is, and every other
/// byte as `other` writes it.
fn quoted_bytes(bytes: &[u8], other: impl Fn(&mut String, u8)) -> String {
    let mut out = String::new();
    for &b in bytes {
        match b {
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\\""),
            0x20..=0x7E => out.push(char::from(b)),
            _ => other(&mut out, b),
        }
    }
    out
}

/// `bytes` as a C++ string literal body: octal escapes (a hex escape would swallow a
/// following hex digit).
fn cpp_bytes(bytes: &[u8]) -> String {
    let mut out = String::new();
    for &b in bytes {
        match b {
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\\""),
            b'?' => out.push_str("\\?"),
            0x20..=0x7E => out.push(char::from(b)),
            _ => {
                let _ = write!(out, "\\{b:03o}");
            }
        }
    }
    out
}

/// `bytes` as a Java string literal body, one `char` per byte (read back with
/// `getBytes(StandardCharsets.ISO_8859_1)`): octal escapes, three digits each.
fn java_bytes(bytes: &[u8]) -> String {
    quoted_bytes(bytes, |out, b| {
        let _ = write!(out, "\\{b:03o}");
    })
}

/// `bytes` as a Perl double-quoted string body.
fn perl_bytes(bytes: &[u8]) -> String {
    let mut out = String::new();
    for &b in bytes {
        match b {
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            b'\\' | b'"' | b'$' | b'@' => {
                out.push('\\');
                out.push(char::from(b));
            }
            0x20..=0x7E => out.push(char::from(b)),
            _ => {
                let _ = write!(out, "\\x{{{b:02x}}}");
            }
        }
    }
    out
}

/// `text` between the quotes of a JSON string (valid in Python, JavaScript, Ruby and Rust
/// double-quoted strings).
fn json_inner(text: &str) -> String {
    let quoted = serde_json::to_string(text).unwrap_or_default();
    quoted
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .unwrap_or_default()
        .to_owned()
}

/// A JavaScript `Buffer` of exactly `bytes`.
fn js_buffer(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => format!("Buffer.from(\"{}\", 'utf8')", json_inner(text)),
        Err(_) => {
            let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
            format!("Buffer.from('{hex}', 'hex')")
        }
    }
}

/// What the placeholders of a program in `language` stand for: `{{body}}`, `{{agent}}` and
/// `{{url}}` are written between a string literal's double quotes (the body as bytes), except
/// a JavaScript body, which is a whole `Buffer` expression; `{{body_len}}` is the body's
/// length in bytes.
fn fill(language: &str, code: &str, input: &FamilyInput) -> String {
    let body = input.body();
    let (body_text, agent, url) = match language {
        "javascript" => (
            js_buffer(&body),
            json_inner(&input.agent),
            json_inner(&input.url),
        ),
        // `#` starts an interpolation in a Ruby string.
        "ruby" => (
            escaped_bytes(&body).replace('#', "\\#"),
            json_inner(&input.agent),
            json_inner(&input.url),
        ),
        "cpp" => (
            cpp_bytes(&body),
            cpp_bytes(input.agent.as_bytes()),
            cpp_bytes(input.url.as_bytes()),
        ),
        // A `\u` in Java source is read before its strings are: agent and URL go in as
        // bytes too, each one `char`.
        "java" => (
            java_bytes(&body),
            java_bytes(input.agent.as_bytes()),
            java_bytes(input.url.as_bytes()),
        ),
        "perl" => (
            perl_bytes(&body),
            perl_bytes(input.agent.as_bytes()),
            perl_bytes(input.url.as_bytes()),
        ),
        _ => (
            escaped_bytes(&body),
            json_inner(&input.agent),
            json_inner(&input.url),
        ),
    };
    // One pass: a filled-in value is never read again as a placeholder.
    let mut out = String::with_capacity(code.len() + body_text.len());
    let mut rest = code;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let Some(end) = after.find("}}") else {
            out.push_str(&rest[at..]);
            return out;
        };
        match &after[..end] {
            "body" => out.push_str(&body_text),
            "body_len" => out.push_str(&body.len().to_string()),
            "agent" => out.push_str(&agent),
            "url" => out.push_str(&url),
            other => {
                let _ = write!(out, "{{{{{other}}}}}");
            }
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
}

/// The repro of `input` from `template`, for the library at `version`.
pub fn from_template(template: &ReproTemplate, version: &str, input: &FamilyInput) -> Repro {
    Repro {
        language: template.language,
        code: fill(template.language, &template.code, input),
        run: template.run(version),
    }
}

/// The repro of `input` for adapter `name` (the library at `version`); `None` for an
/// adapter without a template.
pub fn repro(name: &str, version: &str, input: &FamilyInput) -> Option<Repro> {
    let template = library::library(name)?.repro.as_ref()?;
    Some(from_template(template, version, input))
}

/// How the library is called, in its own terms (for titles).
pub fn call_name(name: &str) -> &'static str {
    library::library(name)
        .and_then(|l| l.repro.as_ref())
        .map_or("the library", |r| r.call.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn template(language: &'static str, code: &str) -> ReproTemplate {
        ReproTemplate {
            language,
            code: code.into(),
            run: "pip install 'x=={{version}}'".into(),
            call: "`x()`".into(),
        }
    }

    #[test]
    fn literals_are_exact() {
        assert_eq!(escaped_bytes(b"a\"\\\n\xC3\xA9"), "a\\\"\\\\\\n\\xc3\\xa9");
        // An octal escape never swallows the next digit.
        assert_eq!(cpp_bytes(b"\xC3A9"), "\\303A9");
        assert_eq!(perl_bytes(b"$x@\xff"), "\\$x\\@\\x{ff}");
        assert_eq!(js_buffer(b"\xff"), "Buffer.from('ff', 'hex')");
        assert_eq!(js_buffer(b"a\n"), "Buffer.from(\"a\\n\", 'utf8')");
        let input = FamilyInput {
            robots: "user-agent: *\\ndisallow: /a#\\n".into(),
            escaped: true,
            agent: "FooBot".into(),
            url: "http://example.com/a".into(),
        };
        let python = from_template(
            &template("python", "body = b\"{{body}}\"\nagent = \"{{agent}}\"\n"),
            "0.7.0",
            &input,
        );
        assert_eq!(
            python.code,
            "body = b\"user-agent: *\\ndisallow: /a#\\n\"\nagent = \"FooBot\"\n"
        );
        assert_eq!(python.run, "pip install 'x==0.7.0'");
        // Java: one char per byte, octal escapes; a backslash before `u` stays two.
        assert_eq!(
            java_bytes(b"a\\u0041\xff\x00\"\n"),
            "a\\\\u0041\\377\\000\\\"\\n"
        );
        let ruby = from_template(&template("ruby", "\"{{body}}\".b"), "1", &input);
        assert_eq!(ruby.code, "\"user-agent: *\\ndisallow: /a\\#\\n\".b");
        let cpp = from_template(
            &template("cpp", "(\"{{body}}\", {{body_len}})"),
            "1",
            &input,
        );
        assert_eq!(cpp.code, "(\"user-agent: *\\ndisallow: /a#\\n\", 28)");
        // A value holding a placeholder's spelling is written as it is.
        let odd = FamilyInput {
            url: "http://example.com/{{body}}".into(),
            ..input.clone()
        };
        let filled = from_template(&template("python", "\"{{url}}\" {{x}}"), "1", &odd);
        assert_eq!(filled.code, "\"http://example.com/{{body}}\" {{x}}");
    }

    /// Every parser of the adapters directory has a template, filled without a placeholder
    /// left (a whole crawler has none: no finding names one).
    #[test]
    fn every_library_fills_its_template() {
        let input = FamilyInput {
            robots: "user-agent: *\\ndisallow: /a\\xff\\n".into(),
            escaped: true,
            agent: "FooBot".into(),
            url: "http://example.com/a".into(),
        };
        assert!(library::libraries().len() >= 20);
        let parsers = library::libraries()
            .iter()
            .filter(|(_, l)| l.manifest.kind == crate::engines::adapters::Kind::Parser);
        for (name, _) in parsers {
            let repro = repro(name, "1.0+2.0", &input).unwrap_or_else(|| panic!("{name}"));
            assert!(!repro.code.contains("{{"), "{name}: {}", repro.code);
            assert!(!repro.run.contains("{{"), "{name}: {}", repro.run);
            assert_ne!(call_name(name), "the library", "{name}");
        }
    }
}
