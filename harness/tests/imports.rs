//! No import circle among the modules of `src/`: every module's references to other modules
//! of the crate make a graph, and no strongly connected component of it holds more than one
//! module.
//!
//! The rules, read from the source text alone:
//! - Each `.rs` file under `src/` is a module: `foo/mod.rs` is `foo`, `foo/bar.rs` is
//!   `foo::bar`, `lib.rs` and `main.rs` the crate root (`crate`). An inline `mod name { … }`
//!   is a module of its own, `name` under the module of the text around it.
//! - A path is a reference to the module it names: `crate::a::b::Item`, `super::Item` (the
//!   parent; `super::super::…` its parent), `self::child::Item`, and a path whose first
//!   segment is a child module declared in the same module (`child::Item`, `pub use
//!   child::Item`). Grouped imports count item by item (`use crate::{a::x, b::{self, y}}`
//!   refers to `a` and `b`); a glob (`use super::*`) refers to the module it empties.
//! - A path refers to the longest module path it starts with: `crate::fuzz::store::Store` is
//!   `fuzz::store`, `super::Item` is the parent itself, even when the parent only re-exports
//!   `Item` from a sibling: a circle through a parent's re-export is still a circle.
//! - `mod child;` declares a child and is not a reference to it; a re-export of it (`pub use
//!   child::X`) is. A child using its parent's items is an edge child → parent, a parent
//!   using its child's items an edge parent → child.
//! - Comments (doc comments included, so intra-doc links), string and character literals
//!   are not code; `$crate::` in a macro is `crate::`. A module referring to itself is no
//!   edge. The binary's `reptest::…` paths name the library, another crate: no edge.
//!
//! The same holds one level up: each edge is lifted to the two sibling subtrees it joins (the
//! children of the two modules' nearest common ancestor: `fuzz::filing::title →
//! fuzz::rootcause` is `fuzz::filing → fuzz::rootcause`, `fetch::live → explain` is `fetch →
//! explain`; an edge between a module and its own ancestor lifts to none), and no circle may
//! form among siblings either, so that each directory's modules (and the top-level ones) are
//! layered.
//!
//! A failure lists every component of more than one module, each as a closed chain through
//! all its modules, every step with the file and line of one reference that makes it.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;

/// One token of Rust source, as much of it as paths need.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    PathSep,
    Open,
    Close,
    Comma,
    Semi,
    Star,
    Other,
}

/// A file's tokens, each with its line.
type Tokens = Vec<(Tok, usize)>;

/// The tokens of `text`, each with its line (1-based), with comments and literals left out.
fn tokens(text: &str) -> Vec<(Tok, usize)> {
    let c: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if c[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if ch == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    i += 1;
                }
                if at(i) == '\n' {
                    line += 1;
                }
                i += 1;
            }
            i += 1;
        } else if ch == '\'' {
            if at(i + 1) == '\\' {
                i += 3;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
            }
        } else if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            let raw = matches!(word.as_str(), "r" | "br" | "cr");
            if raw && (at(i) == '#' || at(i) == '"') && {
                let mut j = i;
                while at(j) == '#' {
                    j += 1;
                }
                at(j) == '"'
            } {
                let mut hashes = 0;
                while at(i) == '#' {
                    hashes += 1;
                    i += 1;
                }
                i += 1;
                loop {
                    if i >= c.len() {
                        break;
                    }
                    if c[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#') {
                        i += 1 + hashes;
                        break;
                    }
                    if c[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            } else if matches!(word.as_str(), "b" | "c") && at(i) == '"' {
                // A byte or C string: its body is skipped by the `"` branch next.
            } else {
                out.push((Tok::Ident(word), line));
            }
        } else if ch.is_ascii_digit() {
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
        } else {
            let tok = match ch {
                ':' if at(i + 1) == ':' => {
                    i += 1;
                    Tok::PathSep
                }
                '{' => Tok::Open,
                '}' => Tok::Close,
                ',' => Tok::Comma,
                ';' => Tok::Semi,
                '*' => Tok::Star,
                '$' => {
                    i += 1;
                    continue;
                }
                _ => Tok::Other,
            };
            out.push((tok, line));
            i += 1;
        }
    }
    out
}

/// A module's path as segments (`[]` is the crate root), printed `crate` or `a::b`.
fn name(path: &[String]) -> String {
    if path.is_empty() {
        "crate".to_owned()
    } else {
        path.join("::")
    }
}

/// The module path of a file of `src/` (`fuzz/store.rs` → `fuzz::store`).
fn file_module(relative: &str) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_owned)
        .collect();
    if parts.last().is_some_and(|p| p == "mod") || parts == ["lib"] || parts == ["main"] {
        parts.pop();
    }
    parts
}

/// Where one reference was read.
#[derive(Clone, Debug)]
struct Place {
    file: String,
    line: usize,
}

/// The modules of a source tree and the references between them: for each module that
/// refers to another, the first place it does.
#[derive(Debug, Default)]
struct Graph {
    modules: BTreeSet<Vec<String>>,
    edges: BTreeMap<Vec<String>, BTreeMap<Vec<String>, Place>>,
}

/// Walks `toks`, calling `each` with every token's index and the module whose text it is in,
/// after every inline `mod name { … }` has been entered.
fn scopes(base: &[String], toks: &[(Tok, usize)], mut each: impl FnMut(usize, &[String])) {
    let mut stack: Vec<(Vec<String>, usize)> = vec![(base.to_vec(), 0)];
    let mut depth = 0;
    for i in 0..toks.len() {
        let current = stack.last().expect("the file's module").0.clone();
        each(i, &current);
        match &toks[i].0 {
            Tok::Open => {
                depth += 1;
                if i >= 2
                    && toks[i - 2].0 == Tok::Ident("mod".into())
                    && let Tok::Ident(child) = &toks[i - 1].0
                {
                    let mut inner = current.clone();
                    inner.push(child.clone());
                    stack.push((inner, depth));
                }
            }
            Tok::Close => {
                if stack.len() > 1 && stack.last().is_some_and(|s| s.1 == depth) {
                    stack.pop();
                }
                depth -= 1;
            }
            _ => {}
        }
    }
}

/// The paths starting at `toks[i]` (one, or several for a group), each as the segments after
/// `prefix`; `i` is left after the last token read.
fn read_paths(
    toks: &[(Tok, usize)],
    i: &mut usize,
    prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) {
    let mut path = prefix;
    loop {
        match toks.get(*i).map(|t| &t.0) {
            Some(Tok::Ident(word)) if word == "super" => {
                path.pop();
            }
            Some(Tok::Ident(word)) if word == "self" => {}
            Some(Tok::Ident(word)) => path.push(word.clone()),
            Some(Tok::Star) => {
                *i += 1;
                break;
            }
            Some(Tok::Open) => {
                *i += 1;
                loop {
                    match toks.get(*i).map(|t| &t.0) {
                        None => return,
                        Some(Tok::Close) => {
                            *i += 1;
                            return;
                        }
                        Some(Tok::Comma) => *i += 1,
                        Some(Tok::Ident(_) | Tok::Star | Tok::Open) => {
                            read_paths(toks, i, path.clone(), out);
                            // An `as alias` after the item.
                            while matches!(toks.get(*i).map(|t| &t.0), Some(Tok::Ident(_))) {
                                *i += 1;
                            }
                        }
                        Some(_) => *i += 1,
                    }
                }
            }
            _ => break,
        }
        *i += 1;
        if toks.get(*i).map(|t| &t.0) != Some(&Tok::PathSep) {
            break;
        }
        *i += 1;
    }
    out.push(path);
}

/// The graph of a source tree given as (path under `src/`, text) pairs.
fn graph(files: &[(String, String)]) -> Graph {
    let mut graph = Graph::default();
    let lexed: Vec<(Vec<String>, &str, Tokens)> = files
        .iter()
        .map(|(file, text)| (file_module(file), file.as_str(), tokens(text)))
        .collect();
    // Every module, and the children each declares.
    let mut children: BTreeMap<Vec<String>, BTreeSet<String>> = BTreeMap::new();
    for (module, _, toks) in &lexed {
        graph.modules.insert(module.clone());
        scopes(module, toks, |i, current| {
            if i >= 1
                && toks[i - 1].0 == Tok::Ident("mod".into())
                && let Tok::Ident(child) = &toks[i].0
                && matches!(toks.get(i + 1).map(|t| &t.0), Some(Tok::Semi | Tok::Open))
            {
                children
                    .entry(current.to_vec())
                    .or_default()
                    .insert(child.clone());
                let mut inner = current.to_vec();
                inner.push(child.clone());
                graph.modules.insert(inner);
            }
        });
    }
    for (module, file, toks) in &lexed {
        let mut found: Vec<(Vec<String>, Vec<Vec<String>>, usize)> = Vec::new();
        let mut skip_to = 0;
        scopes(module, toks, |i, current| {
            if i < skip_to || (i >= 1 && toks[i - 1].0 == Tok::PathSep) {
                return;
            }
            let Tok::Ident(word) = &toks[i].0 else {
                return;
            };
            if toks.get(i + 1).map(|t| &t.0) != Some(&Tok::PathSep) {
                return;
            }
            let (prefix, start) = match word.as_str() {
                "crate" => (Vec::new(), i + 2),
                "super" | "self" => (current.to_vec(), i),
                _ if children.get(current).is_some_and(|c| c.contains(word)) => {
                    (current.to_vec(), i)
                }
                _ => return,
            };
            let mut j = start;
            let mut paths = Vec::new();
            read_paths(toks, &mut j, prefix, &mut paths);
            skip_to = j;
            found.push((current.to_vec(), paths, toks[i].1));
        });
        for (from, paths, line) in found {
            for path in paths {
                let Some(to) = (0..=path.len())
                    .rev()
                    .map(|n| path[..n].to_vec())
                    .find(|m| graph.modules.contains(m))
                else {
                    continue;
                };
                if to == from {
                    continue;
                }
                graph
                    .edges
                    .entry(from.clone())
                    .or_default()
                    .entry(to)
                    .or_insert_with(|| Place {
                        file: format!("src/{file}"),
                        line,
                    });
            }
        }
    }
    graph
}

/// `graph` with each edge lifted to the sibling subtrees it joins: the children of the two
/// modules' nearest common ancestor (an edge between a module and its ancestor is dropped).
fn lifted(graph: &Graph) -> Graph {
    let mut out = Graph {
        modules: graph.modules.clone(),
        edges: BTreeMap::new(),
    };
    for (from, tos) in &graph.edges {
        for (to, place) in tos {
            let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
            if common == from.len() || common == to.len() {
                continue;
            }
            out.edges
                .entry(from[..=common].to_vec())
                .or_default()
                .entry(to[..=common].to_vec())
                .or_insert_with(|| place.clone());
        }
    }
    out
}

/// The strongly connected components of more than one module (Tarjan), each sorted.
fn circles(graph: &Graph) -> Vec<Vec<Vec<String>>> {
    struct State<'g> {
        graph: &'g Graph,
        index: BTreeMap<&'g Vec<String>, usize>,
        low: BTreeMap<&'g Vec<String>, usize>,
        stack: Vec<&'g Vec<String>>,
        on_stack: BTreeSet<&'g Vec<String>>,
        out: Vec<Vec<Vec<String>>>,
    }
    fn visit<'g>(s: &mut State<'g>, v: &'g Vec<String>) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.graph.edges.get(v).into_iter().flat_map(BTreeMap::keys) {
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            loop {
                let w = s.stack.pop().expect("on the stack");
                s.on_stack.remove(w);
                component.push(w.clone());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.out.push(component);
            }
        }
    }
    let mut state = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in &graph.modules {
        if !state.index.contains_key(v) {
            visit(&mut state, v);
        }
    }
    state.out.sort();
    state.out
}

/// A closed chain through every module of `component`: from its first module, the shortest
/// way to the nearest module not yet passed, and at the end back to the first.
fn chain(graph: &Graph, component: &[Vec<String>]) -> Vec<Vec<String>> {
    let inside: BTreeSet<&Vec<String>> = component.iter().collect();
    let shortest = |from: &Vec<String>, to: &dyn Fn(&Vec<String>) -> bool| -> Vec<Vec<String>> {
        let mut came: BTreeMap<Vec<String>, Vec<String>> = BTreeMap::new();
        let mut queue = VecDeque::from([from.clone()]);
        while let Some(v) = queue.pop_front() {
            for w in graph.edges.get(&v).into_iter().flat_map(BTreeMap::keys) {
                if !inside.contains(w) || came.contains_key(w) {
                    continue;
                }
                came.insert(w.clone(), v.clone());
                if to(w) {
                    let mut way = vec![w.clone()];
                    let mut back = v.clone();
                    loop {
                        way.push(back.clone());
                        if back == *from {
                            break;
                        }
                        back = came[&back].clone();
                    }
                    way.reverse();
                    return way;
                }
                queue.push_back(w.clone());
            }
        }
        panic!("{} reaches no module it should", name(from));
    };
    let start = component[0].clone();
    let mut walk = vec![start.clone()];
    let mut passed: BTreeSet<Vec<String>> = BTreeSet::from([start.clone()]);
    while passed.len() < component.len() {
        let here = walk.last().expect("a start").clone();
        let way = shortest(&here, &|m| !passed.contains(m));
        for m in way.into_iter().skip(1) {
            passed.insert(m.clone());
            walk.push(m);
        }
    }
    let here = walk.last().expect("a start").clone();
    walk.extend(shortest(&here, &|m| *m == start).into_iter().skip(1));
    walk
}

/// What a failure prints: every component, as a chain with one reference per step.
fn describe(graph: &Graph, components: &[Vec<Vec<String>>]) -> String {
    let mut out = format!(
        "{} import circle(s) among the modules of src/ (sizes {:?}):\n",
        components.len(),
        components.iter().map(Vec::len).collect::<Vec<_>>()
    );
    for (n, component) in components.iter().enumerate() {
        let names: Vec<String> = component.iter().map(|m| name(m)).collect();
        out += &format!(
            "\ncircle {} of {}, {} modules: {}\n",
            n + 1,
            components.len(),
            component.len(),
            names.join(", ")
        );
        for step in chain(graph, component).windows(2) {
            let place = &graph.edges[&step[0]][&step[1]];
            out += &format!(
                "  {} -> {}   ({}:{})\n",
                name(&step[0]),
                name(&step[1]),
                place.file,
                place.line
            );
        }
    }
    out
}

/// Every `.rs` file under `dir`, as (path relative to `dir` with `/`, text).
fn sources(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(dir).expect("inside");
                let relative: Vec<String> = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                let text = std::fs::read_to_string(&path).expect("readable");
                out.push((relative.join("/"), text));
            }
        }
    }
    out.sort();
    out
}

fn tree(files: &[(&str, &str)]) -> Graph {
    let files: Vec<(String, String)> = files
        .iter()
        .map(|(f, t)| ((*f).to_owned(), (*t).to_owned()))
        .collect();
    graph(&files)
}

fn m(path: &str) -> Vec<String> {
    path.split("::").map(str::to_owned).collect()
}

fn targets(graph: &Graph, from: &str) -> Vec<String> {
    graph
        .edges
        .get(&m(from))
        .into_iter()
        .flat_map(BTreeMap::keys)
        .map(|t| name(t))
        .collect()
}

#[test]
fn paths_groups_super_self_and_children_are_references() {
    let graph = tree(&[
        ("lib.rs", "pub mod a;\npub mod b;\npub mod c;\n"),
        (
            "a/mod.rs",
            "mod inner;\npub mod kid;\npub use kid::Thing;\nuse crate::{b::{self, x}, c::Y as Z};\n",
        ),
        (
            "a/inner.rs",
            "use super::super::c::deep::*;\nfn f() { self::g() }\n",
        ),
        (
            "a/kid.rs",
            "pub struct Thing;\nfn f() -> super::Other { todo!() }\n",
        ),
        (
            "b.rs",
            "/// [`crate::a`]\n// crate::a\nconst S: &str = \"crate::a::x\";\nconst C: char = '\"';\nfn f() -> $crate::c::T {}\n",
        ),
        (
            "c/mod.rs",
            "pub mod deep;\nfn f() { let _ = r#\"crate::a\"#; }\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n",
        ),
        (
            "c/deep.rs",
            "fn f() { crate::c::deep::g(); crate::text::x(); }\n",
        ),
    ]);
    assert_eq!(targets(&graph, "a"), ["a::kid", "b", "c"]);
    assert_eq!(targets(&graph, "a::inner"), ["c::deep"]);
    assert_eq!(targets(&graph, "a::kid"), ["a"]);
    assert_eq!(targets(&graph, "b"), ["c"]);
    assert_eq!(targets(&graph, "c"), Vec::<String>::new());
    assert_eq!(targets(&graph, "c::tests"), ["c"]);
    assert_eq!(targets(&graph, "c::deep"), ["crate"]);
    assert_eq!(graph.edges[&m("a")][&m("c")].line, 4);
}

#[test]
fn a_circle_is_named_with_a_place_for_every_step() {
    let graph = tree(&[
        ("lib.rs", "pub mod a;\npub mod b;\npub mod c;\npub mod d;\n"),
        ("a.rs", "use crate::b::X;\n"),
        ("b.rs", "\nuse crate::c::Y;\n"),
        ("c.rs", "fn f() { crate::a::z(); crate::d::w(); }\n"),
        ("d.rs", "pub mod e;\npub use e::W;\n"),
        ("d/e.rs", "use super::V;\n"),
    ]);
    let found = circles(&graph);
    assert_eq!(
        found,
        [vec![m("a"), m("b"), m("c")], vec![m("d"), m("d::e")]]
    );
    let text = describe(&graph, &found);
    assert!(text.contains("  a -> b   (src/a.rs:1)\n"), "{text}");
    assert!(text.contains("  b -> c   (src/b.rs:2)\n"), "{text}");
    assert!(text.contains("  c -> a   (src/c.rs:1)\n"), "{text}");
    assert!(text.contains("  d -> d::e   (src/d.rs:2)\n"), "{text}");
    assert!(text.contains("  d::e -> d   (src/d/e.rs:1)\n"), "{text}");
}

#[test]
fn no_module_of_the_harness_imports_in_a_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = graph(&sources(&src));
    assert!(graph.modules.len() > 60, "{} modules", graph.modules.len());
    assert!(graph.edges[&m("fuzz::store")].contains_key(&m("fuzz::findings")));
    let found = circles(&graph);
    assert!(found.is_empty(), "{}", describe(&graph, &found));
    let lifted = lifted(&graph);
    let found = circles(&lifted);
    assert!(
        found.is_empty(),
        "between siblings: {}",
        describe(&lifted, &found)
    );
}

#[test]
fn a_circle_between_sibling_subtrees_is_found_when_lifted() {
    let graph = tree(&[
        ("lib.rs", "pub mod a;\npub mod b;\n"),
        ("a.rs", "pub mod x;\npub mod y;\n"),
        ("a/x.rs", "use crate::b::z::Z;\nuse super::y::Y;\n"),
        ("a/y.rs", "use super::X;\n"),
        ("b.rs", "pub mod z;\nuse crate::a::y::Y;\n"),
        ("b/z.rs", "pub struct Z;\n"),
    ]);
    assert!(circles(&graph).is_empty());
    let lifted = lifted(&graph);
    let found = circles(&lifted);
    assert_eq!(found, [vec![m("a"), m("b")]]);
    let text = describe(&lifted, &found);
    assert!(text.contains("  a -> b   (src/a/x.rs:1)\n"), "{text}");
    assert!(text.contains("  b -> a   (src/b.rs:2)\n"), "{text}");
    assert_eq!(targets(&lifted, "a::y"), Vec::<String>::new());
}
