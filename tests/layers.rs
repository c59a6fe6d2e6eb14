//! The library's modules are layers: no import cycle between them, and no spec's grammar
//! built on another's but where one spec extends another.
//!
//! The test reads every `src/**/*.rs`, strips comments (doc comments included), string and
//! character literals, and every item under `#[cfg(test)]` or `#[cfg(all(test, ..))]` (a test
//! module declared as `mod x;` drops its whole file). It then collects the paths that name the
//! crate's own modules: `use` trees (groups such as `use crate::{a, b::c}` included), and in the
//! code `crate::`, `$crate::` (macros), `super::`, `self::`, a child module's name, or a name a
//! `use` made stand for a module, followed by `::`.
//!
//! Each path is resolved to the module that defines its item. A `pub use` (or `pub(crate) use`)
//! is a re-export, not an import: it draws no edge, and a path that reaches an item through one
//! is followed to the item's home. So `mod.rs` files that only re-export (the facade: `lib.rs`,
//! `rfc2396/mod.rs` ...) are no layer of their own.
//!
//! Granularity of the graph's nodes: the top-level modules (`error`, `input`, `extract`,
//! `parsers` ...; `crate` is `lib.rs`), with `help` and `render` counted as `error`, whose
//! helpers they are; inside `grammar/`, each child (`grammar::rfc2396`, `grammar::rfc822`,
//! `grammar::names` ..., with everything below it) but each grammar's character tables
//! (`grammar::rfc2396::chars` ...), which are nodes of their own, and `grammar` itself
//! (`grammar/mod.rs`); inside each spec's value module (`rfc1630/`, `rfc1738/`, `rfc2396/`,
//! `rfc3986/`, `rfc3987/`) and the shared `values/`, each file (`rfc2396::uri`,
//! `rfc2396::resolve` ...) and the spec itself
//! (`mod.rs`), so that a spec's values can sit below its grammar and its semantics above.
//! The layers are in `docs/library.md` ("How the library is layered").
//!
//! The same reader checks the workspace's other crates (the command line, the language server,
//! the Python package's native module), each file under their `src/` a node.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeSet<String>>;

/// The spec modules whose files are separate nodes, and the value layer they share.
const SPECS: [&str; 6] = [
    "rfc1630", "rfc1738", "rfc2396", "rfc3986", "rfc3987", "values",
];

#[test]
fn the_modules_have_no_import_cycle() {
    let graph = import_graph(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(graph.len() > 20, "too few modules read: {graph:?}");
    for (from, to) in &graph {
        eprintln!("{from} -> {to:?}");
    }
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import cycle: {} (the graph is above)", cycle.join(" -> "));
    }
}

/// The edges between two specs' grammars that the specs themselves draw: a spec defined as an
/// extension of another (RFC 2732 of RFC 2396, RFC 3987 of RFC 3986), and RFC 1630, whose
/// `midaddress` and `cidaddress` are RFC 822's `addr-spec` (rfc1630.txt:1324-1326), a
/// production RFC 1630 names but does not define; and RFC 6570, which imports `pct-encoded`
/// from RFC 3986 and `ucschar` and `iprivate` from RFC 3987 (rfc6570.txt:590-613).
const SPEC_EDGES: [(&str, &str); 5] = [
    ("rfc2732", "rfc2396"),
    ("rfc3987", "rfc3986"),
    ("rfc1630", "rfc822"),
    ("rfc6570", "rfc3986"),
    ("rfc6570", "rfc3987"),
];

/// The spec whose grammar `node` is part of (`grammar::rfc2396`, `grammar::rfc2396::chars`):
/// `rfc2396`.
fn grammar_spec(node: &str) -> Option<&str> {
    let spec = node.strip_prefix("grammar::")?.split("::").next()?;
    spec.starts_with("rfc").then_some(spec)
}

/// The edges from one spec's grammar to another's that [`SPEC_EDGES`] does not list.
fn foreign_grammar_edges(graph: &Graph) -> Vec<String> {
    let mut found = Vec::new();
    for (from, tos) in graph {
        let Some(a) = grammar_spec(from) else {
            continue;
        };
        for to in tos {
            if let Some(b) = grammar_spec(to)
                && a != b
                && !SPEC_EDGES.contains(&(a, b))
            {
                found.push(format!("{from} -> {to}"));
            }
        }
    }
    found
}

/// A spec's grammar imports another spec's only where the specs say so ([`SPEC_EDGES`]):
/// what two specs share and neither defines for the other (a scan of their common `scheme`)
/// lives in `grammar::common`.
#[test]
fn a_grammar_imports_another_specs_only_where_it_extends_it() {
    let graph = import_graph(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(
        graph.contains_key("grammar::rfc2732"),
        "the graph: {graph:?}"
    );
    assert_eq!(foreign_grammar_edges(&graph), Vec::<String>::new());
}

#[test]
fn the_spec_edge_check_finds_a_foreign_grammar() {
    let mut graph = Graph::new();
    let mut add = |a: &str, b: &str| {
        graph
            .entry(a.to_string())
            .or_default()
            .insert(b.to_string());
    };
    add("grammar::rfc3986", "grammar::rfc2396");
    add("grammar::rfc3986", "grammar::rfc3986::chars");
    add("grammar::rfc3986", "grammar::common");
    add("grammar::rfc2732", "grammar::rfc2396::chars");
    add("grammar::rfc1738", "grammar::rfc2396::chars");
    add("grammar::registry", "grammar::rfc1738");
    add("rfc3986::parse", "grammar::rfc2396");
    assert_eq!(
        foreign_grammar_edges(&graph),
        [
            "grammar::rfc1738 -> grammar::rfc2396::chars",
            "grammar::rfc3986 -> grammar::rfc2396"
        ]
    );
}

/// The workspace's other crates hold to the same rule, read by the same reader, each file (or
/// directory) under `src/` a node: the command line, the language server and the Python
/// package's native module.
#[test]
fn the_other_crates_have_no_import_cycle() {
    fn top(module: &[String]) -> String {
        module
            .first()
            .cloned()
            .unwrap_or_else(|| "crate".to_string())
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for (src, at_least) in [
        ("crates/urigram-cli/src", 15),
        ("crates/urigram-lsp/src", 2),
        ("python/src", 6),
    ] {
        let graph = import_graph_by(&root.join(src), top);
        assert!(
            graph.len() >= at_least,
            "too few modules read in {src}: {graph:?}"
        );
        if let Some(cycle) = find_cycle(&graph) {
            for (from, to) in &graph {
                eprintln!("{from} -> {to:?}");
            }
            panic!(
                "import cycle in {src}: {} (the graph is above)",
                cycle.join(" -> ")
            );
        }
    }
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let graph = |edges: &[(&str, &str)]| {
        let mut g = Graph::new();
        for (a, b) in edges {
            g.entry(a.to_string()).or_default().insert(b.to_string());
            g.entry(b.to_string()).or_default();
        }
        g
    };
    let acyclic = graph(&[("a", "b"), ("b", "c"), ("a", "c"), ("d", "c")]);
    assert_eq!(find_cycle(&acyclic), None);
    let cyclic = graph(&[("a", "b"), ("b", "c"), ("c", "d"), ("d", "b"), ("a", "d")]);
    assert_eq!(
        find_cycle(&cyclic),
        Some(
            vec!["b", "c", "d", "b"]
                .into_iter()
                .map(String::from)
                .collect()
        )
    );
}

#[test]
fn the_path_reader_sees_groups_macros_and_relative_paths() {
    let text = strip(
        "use crate::{a::X, b::{self, c::Y as Z}};\n\
         pub use crate::e::W; // crate::f::V\n\
         /// crate::g::U\n\
         fn f() { let s = \"crate::h::T\"; $crate::i::S; super::j::R; b::k(); kid::l(); }\n\
         mod kid;\n\
         #[cfg(test)]\n\
         mod tests;\n\
         #[cfg(all(test, feature = \"bnf\"))]\n\
         mod inline { use crate::m::Q; }\n",
    );
    let file = read_paths(&text.text, &["top".to_string(), "here".to_string()]);
    let mut imports: Vec<String> = file.imports.iter().map(|p| p.join("::")).collect();
    imports.sort();
    assert_eq!(
        imports,
        [
            "a::X",
            "b",
            "b::c::Y",
            "b::k",
            "i::S",
            "top::here::kid::l",
            "top::j::R"
        ]
    );
    let reexports: Vec<String> = file.reexports.values().map(|p| p.join("::")).collect();
    assert_eq!(reexports, ["e::W"]);
    assert_eq!(text.test_modules, ["tests"]);
}

/// The first cycle found by a depth-first search in name order, as `a -> b -> a`.
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &Graph,
        state: &mut BTreeMap<String, bool>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match state.get(node) {
            Some(true) => return None,
            Some(false) => {
                let from = stack.iter().position(|n| n == node)?;
                let mut cycle = stack[from..].to_vec();
                cycle.push(node.to_string());
                return Some(cycle);
            }
            None => {}
        }
        state.insert(node.to_string(), false);
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, state, stack) {
                return Some(cycle);
            }
        }
        stack.pop();
        state.insert(node.to_string(), true);
        None
    }
    let mut state = BTreeMap::new();
    graph
        .keys()
        .find_map(|n| visit(n, graph, &mut state, &mut Vec::new()))
}

/// The node a module belongs to (see the module doc).
fn node(module: &[String]) -> String {
    match module {
        [] => "crate".to_string(),
        [top] if top == "help" || top == "render" => "error".to_string(),
        [top, spec, chars, ..] if top == "grammar" && chars == "chars" => {
            format!("{top}::{spec}::{chars}")
        }
        [top, child, ..] if top == "grammar" || SPECS.contains(&top.as_str()) => {
            format!("{top}::{child}")
        }
        [top, ..] => top.clone(),
    }
}

struct Module {
    /// Absolute paths this module's code names (not its re-exports).
    imports: Vec<Vec<String>>,
    /// Re-exported names: name -> absolute path.
    reexports: BTreeMap<String, Vec<String>>,
}

fn import_graph(src: &Path) -> Graph {
    import_graph_by(src, node)
}

/// The import graph of the crate whose sources are under `src`, each module counted as the
/// node `node` names for it.
fn import_graph_by(src: &Path, node: fn(&[String]) -> String) -> Graph {
    let mut files = Vec::new();
    collect_files(src, src, &mut files);
    // Strip every file; drop the files of modules declared under `#[cfg(test)]`.
    let stripped: BTreeMap<Vec<String>, Stripped> = files
        .into_iter()
        .map(|(module, path)| {
            let text = std::fs::read_to_string(&path).expect("read a source file");
            (module, strip(&text))
        })
        .collect();
    let test_only: Vec<Vec<String>> = stripped
        .iter()
        .flat_map(|(m, s)| {
            s.test_modules.iter().map(move |t| {
                let mut m = m.clone();
                m.push(t.clone());
                m
            })
        })
        .collect();
    let modules: BTreeMap<Vec<String>, Module> = stripped
        .iter()
        .filter(|(m, _)| !test_only.iter().any(|t| m.starts_with(t)))
        .map(|(m, s)| (m.clone(), read_paths(&s.text, m)))
        .collect();
    let mut graph = Graph::new();
    for (module, file) in &modules {
        let from = node(module);
        let edges = graph.entry(from.clone()).or_default();
        for path in &file.imports {
            if let Some(home) = resolve(path, &modules, 0) {
                let to = node(&home);
                if to != from {
                    edges.insert(to);
                }
            }
        }
    }
    graph
}

/// The module that defines what `path` names, following re-exports; `None` outside the crate.
fn resolve(
    path: &[String],
    modules: &BTreeMap<Vec<String>, Module>,
    depth: u32,
) -> Option<Vec<String>> {
    let mut module: Vec<String> = Vec::new();
    let mut rest = path;
    while let Some((first, tail)) = rest.split_first() {
        let mut deeper = module.clone();
        deeper.push(first.clone());
        if !modules.contains_key(&deeper) {
            break;
        }
        module = deeper;
        rest = tail;
    }
    if let (Some((first, tail)), Some(m)) = (rest.split_first(), modules.get(&module))
        && let Some(target) = m.reexports.get(first)
        && depth < 16
    {
        let mut next = target.clone();
        next.extend(tail.iter().cloned());
        return resolve(&next, modules, depth + 1);
    }
    Some(module)
}

/// Every `.rs` file under `dir` with its module path.
fn collect_files(root: &Path, dir: &Path, out: &mut Vec<(Vec<String>, PathBuf)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("read src")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect_files(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).expect("under src");
            let mut module: Vec<String> = rel
                .with_extension("")
                .iter()
                .map(|c| c.to_string_lossy().into_owned())
                .collect();
            if matches!(
                module.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                module.pop();
            }
            out.push((module, path));
        }
    }
}

struct Stripped {
    /// The code without comments, literals and test-only items.
    text: String,
    /// Child modules declared as `mod x;` under a test-only `cfg`.
    test_modules: Vec<String>,
}

/// `text` without comments, string and character literals, and test-only items.
fn strip(text: &str) -> Stripped {
    let b = text.as_bytes();
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == b'r' && raw_string_start(&b[i..]).is_some() && !ident_byte(prev(b, i)) {
            let hashes = raw_string_start(&b[i..]).unwrap_or(0);
            i += 2 + hashes;
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            while i < b.len() && !b[i..].starts_with(&close) {
                i += 1;
            }
            i += close.len();
            out.push_str("\"\"");
        } else if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == b'\'' && char_literal_len(&b[i..]).is_some() {
            i += char_literal_len(&b[i..]).unwrap_or(1);
            out.push_str("' '");
        } else {
            // Copy one whole character (the input is UTF-8).
            let len = text[i..].chars().next().map_or(1, char::len_utf8);
            out.push_str(&text[i..i + len]);
            i += len;
        }
    }
    strip_test_items(&out)
}

fn prev(b: &[u8], i: usize) -> u8 {
    if i == 0 { b' ' } else { b[i - 1] }
}

fn ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The number of `#` of a raw string starting here (`r"`, `r#"` ...).
fn raw_string_start(b: &[u8]) -> Option<usize> {
    let hashes = b[1..].iter().take_while(|&&c| c == b'#').count();
    (b.get(1 + hashes) == Some(&b'"')).then_some(hashes)
}

/// The length of a character literal starting here, or `None` for a lifetime.
fn char_literal_len(b: &[u8]) -> Option<usize> {
    if b.get(1) == Some(&b'\\') {
        let end = b[2..].iter().position(|&c| c == b'\'')?;
        return Some(end + 3);
    }
    let s = std::str::from_utf8(&b[1..b.len().min(6)])
        .ok()
        .or_else(|| {
            // Cut inside a character: take the longest valid prefix.
            (1..6)
                .rev()
                .find_map(|n| std::str::from_utf8(&b[1..b.len().min(n)]).ok())
        })?;
    let ch = s.chars().next()?;
    (b.get(1 + ch.len_utf8()) == Some(&b'\'')).then_some(2 + ch.len_utf8())
}

/// Removes each item under `#[cfg(test)]` or `#[cfg(all(test, ..))]`.
fn strip_test_items(text: &str) -> Stripped {
    let mut out = String::with_capacity(text.len());
    let mut test_modules = Vec::new();
    let mut rest = text;
    loop {
        let at = ["#[cfg(test)]", "#[cfg(all(test"]
            .iter()
            .filter_map(|m| rest.find(m))
            .min();
        let Some(at) = at else {
            out.push_str(rest);
            break;
        };
        out.push_str(&rest[..at]);
        let item = &rest[at..];
        // The attribute itself ends at its matching `]`.
        let attr_end = matching(item, b'[', b']').unwrap_or(item.len());
        let body = &item[attr_end..];
        // The item ends at its first `;` outside brackets, or its first `{ ... }` group.
        let b = body.as_bytes();
        let mut depth = 0i32;
        let mut end = body.len();
        for (k, &c) in b.iter().enumerate() {
            match c {
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth -= 1,
                b';' if depth == 0 => {
                    end = k + 1;
                    break;
                }
                b'{' if depth == 0 => {
                    end = k + matching(&body[k..], b'{', b'}').unwrap_or(body.len() - k);
                    break;
                }
                _ => {}
            }
        }
        let decl = &body[..end];
        let words: Vec<&str> = decl
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .filter(|w| !w.is_empty())
            .collect();
        if let Some(k) = words.iter().position(|&w| w == "mod")
            && decl.trim_end().ends_with(';')
            && let Some(name) = words.get(k + 1)
        {
            test_modules.push(name.to_string());
        }
        out.push(' ');
        rest = &body[end..];
    }
    Stripped {
        text: out,
        test_modules,
    }
}

/// The end (exclusive) of the group opened by the first `open` of `s`.
fn matching(s: &str, open: u8, close: u8) -> Option<usize> {
    let mut depth = 0;
    for (k, &c) in s.as_bytes().iter().enumerate() {
        if c == open {
            depth += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return Some(k + 1);
            }
        }
    }
    None
}

fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if ident_byte(c) || (c == b'$' && ident_byte(*b.get(i + 1).unwrap_or(&b' '))) {
            let start = i;
            i += 1;
            while i < b.len() && ident_byte(b[i]) {
                i += 1;
            }
            out.push(text[start..i].to_string());
        } else if b[i..].starts_with(b"::") {
            out.push("::".to_string());
            i += 2;
        } else if c.is_ascii_whitespace() || !c.is_ascii() {
            i += 1;
        } else {
            out.push((c as char).to_string());
            i += 1;
        }
    }
    out
}

/// The crate paths a (stripped) file of module `here` names, made absolute.
fn read_paths(text: &str, here: &[String]) -> Module {
    let toks = tokens(text);
    let children: BTreeSet<String> = toks
        .windows(3)
        .filter(|w| w[0] == "mod" && w[2] == ";")
        .map(|w| w[1].clone())
        .collect();
    // `here` with the inline modules (`mod x { .. }`) the scan is in.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let absolute = |path: &[String], inline: &[(String, usize)]| -> Option<Vec<String>> {
        let here: Vec<String> = here
            .iter()
            .cloned()
            .chain(inline.iter().map(|(m, _)| m.clone()))
            .collect();
        let here = here.as_slice();
        let (first, mut rest) = path.split_first()?;
        let mut base: Vec<String> = match first.as_str() {
            "crate" | "$crate" => Vec::new(),
            "self" => here.to_vec(),
            "super" => here[..here.len().checked_sub(1)?].to_vec(),
            c if children.contains(c) => {
                let mut m = here.to_vec();
                m.push(c.to_string());
                m
            }
            _ => return None,
        };
        while rest.first().is_some_and(|s| s == "super") {
            base.pop()?;
            rest = &rest[1..];
        }
        base.extend(rest.iter().cloned());
        Some(base)
    };
    let mut imports = Vec::new();
    let mut reexports = BTreeMap::new();
    // Names a `use` bound to a crate path: name -> absolute path.
    let mut aliases: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut i = 0;
    while i < toks.len() {
        match toks[i].as_str() {
            "{" => {
                depth += 1;
                if i >= 2 && toks[i - 2] == "mod" {
                    inline.push((toks[i - 1].clone(), depth));
                }
            }
            "}" => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth -= 1;
            }
            _ => {}
        }
        if toks[i] == "use" {
            let public = i > 0
                && (toks[i - 1] == "pub" || (toks[i - 1] == ")" && i >= 4 && toks[i - 4] == "pub"));
            let mut trees = Vec::new();
            i = use_tree(&toks, i + 1, Vec::new(), &mut trees);
            for (path, name) in trees {
                let Some(abs) = absolute(&path, &inline) else {
                    continue;
                };
                if public {
                    if let Some(name) = name {
                        reexports.insert(name, abs);
                    }
                } else {
                    if let Some(name) = name {
                        aliases.insert(name, abs.clone());
                    }
                    imports.push(abs);
                }
            }
            continue;
        }
        let starts_path =
            toks.get(i + 1).is_some_and(|t| t == "::") && (i == 0 || toks[i - 1] != "::");
        if starts_path {
            let mut path = vec![toks[i].clone()];
            let mut k = i + 1;
            while toks.get(k).is_some_and(|t| t == "::")
                && toks.get(k + 1).is_some_and(|t| ident_byte(t.as_bytes()[0]))
            {
                path.push(toks[k + 1].clone());
                k += 2;
            }
            let abs = match aliases.get(&toks[i]) {
                Some(alias) => Some(alias.iter().chain(&path[1..]).cloned().collect()),
                None => absolute(&path, &inline),
            };
            if let Some(abs) = abs {
                imports.push(abs);
            }
            i = k;
            continue;
        }
        i += 1;
    }
    Module { imports, reexports }
}

/// Reads one use tree at `i`; pushes each leaf path with the name it binds (`None` for `*`).
fn use_tree(
    toks: &[String],
    mut i: usize,
    mut prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) -> usize {
    loop {
        match toks.get(i).map(String::as_str) {
            Some("{") => {
                i += 1;
                while toks.get(i).is_some_and(|t| t != "}") {
                    i = use_tree(toks, i, prefix.clone(), out);
                    if toks.get(i).is_some_and(|t| t == ",") {
                        i += 1;
                    }
                }
                return skip_to_end(toks, i + 1);
            }
            Some("*") => {
                out.push((prefix, None));
                return skip_to_end(toks, i + 1);
            }
            Some("::") => i += 1,
            Some(t) if ident_byte(t.as_bytes()[0]) || t.starts_with('$') => {
                if t != "self" || prefix.is_empty() {
                    prefix.push(t.to_string());
                }
                i += 1;
                if toks.get(i).is_some_and(|t| t == "::") {
                    i += 1;
                    continue;
                }
                let mut name = prefix.last().cloned();
                if toks.get(i).is_some_and(|t| t == "as") {
                    name = toks.get(i + 1).cloned();
                    i += 2;
                }
                out.push((prefix, name));
                return skip_to_end(toks, i);
            }
            _ => return i + 1,
        }
    }
}

/// Past the `;` that ends a use declaration, or at the `,`/`}` inside a group.
fn skip_to_end(toks: &[String], i: usize) -> usize {
    match toks.get(i).map(String::as_str) {
        Some(";") => i + 1,
        _ => i,
    }
}
