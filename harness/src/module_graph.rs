//! No import circle among the harness's modules: each module's `crate::` paths (in `use`
//! lines and inline, outside comments and its `tests` module) name the modules it depends
//! on, and the graph they make has no cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every module of `src`, by path (`fuzz::store`), with its file's text.
fn modules(src: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![src.to_owned()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).expect("inside").with_extension("");
            let mut parts: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if parts.last().is_some_and(|p| p == "mod") {
                parts.pop();
            }
            if parts == ["lib"] || parts == ["main"] {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("readable");
            out.insert(parts.join("::"), text);
        }
    }
    out
}

/// The text of a module without its comments and its `tests` module.
fn code(text: &str) -> String {
    let text = text
        .find("#[cfg(test)]\nmod tests")
        .map_or(text, |at| &text[..at]);
    text.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The `crate::` paths of `code`, each grouped import expanded (`crate::a::{b, c::d}`).
fn paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let base = rest[..end].trim_end_matches(':');
        out.push(base.to_owned());
        if rest[end..].starts_with('{') {
            let group = &rest[end + 1..];
            let mut depth = 1;
            let close = group
                .char_indices()
                .find(|&(_, c)| {
                    depth += match c {
                        '{' => 1,
                        '}' => -1,
                        _ => 0,
                    };
                    depth == 0
                })
                .map_or(group.len(), |(i, _)| i);
            for item in group[..close].split(',') {
                let item = item.trim().split([' ', '{']).next().unwrap_or_default();
                if !item.is_empty() && item != "self" {
                    out.push(format!("{base}::{}", item.trim_end_matches(':')));
                }
            }
        }
    }
    out
}

/// The modules each module depends on.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules(src);
    let resolve = |path: &str| -> Option<String> {
        let parts: Vec<&str> = path.split("::").collect();
        (1..=parts.len())
            .rev()
            .map(|n| parts[..n].join("::"))
            .find(|m| modules.contains_key(m))
    };
    modules
        .iter()
        .map(|(name, text)| {
            let targets = paths(&code(text))
                .iter()
                .filter_map(|p| resolve(p))
                .filter(|t| t != name)
                .collect();
            (name.clone(), targets)
        })
        .collect()
}

/// A cycle of `graph`, if there is one (depth-first search).
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        at: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|m| m == at) {
            let mut found = path[start..].to_vec();
            found.push(at.to_owned());
            return Some(found);
        }
        if done.contains(at) {
            return None;
        }
        path.push(at.to_owned());
        for next in graph.get(at).into_iter().flatten() {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(at.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|m| visit(m, graph, &mut Vec::new(), &mut done))
}

#[test]
fn grouped_imports_and_inline_paths_are_edges() {
    let found = paths("use crate::fuzz::{findings::Family, store};\nlet x = crate::text::fill(b);");
    assert_eq!(
        found,
        [
            "fuzz",
            "fuzz::findings::Family",
            "fuzz::store",
            "text::fill"
        ]
    );
    let circle = BTreeMap::from([
        ("a".to_owned(), BTreeSet::from(["b".to_owned()])),
        ("b".to_owned(), BTreeSet::from(["a".to_owned()])),
    ]);
    assert_eq!(
        cycle(&circle),
        Some(vec!["a".to_owned(), "b".to_owned(), "a".to_owned()])
    );
}

#[test]
fn no_module_of_the_harness_imports_in_a_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = graph(&src);
    assert!(graph.len() > 30, "{} modules", graph.len());
    assert!(graph["fuzz::store"].contains("fuzz::findings"));
    if let Some(found) = cycle(&graph) {
        panic!("an import circle: {}", found.join(" -> "));
    }
}
