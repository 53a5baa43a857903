//! The engine's modules import each other without a cycle, and the rules
//! never import the turn sequence.
//!
//! Reads `engine/src/**/*.rs`, lists every module path each file uses
//! (`crate::a::b`, `super::x`, `self::x`), in `use` lines and inline,
//! comments, literals and the in-file `#[cfg(test)]` module left out, and
//! maps each to the module it names: a file or a folder's `mod.rs`, the
//! longest known module path it starts with. A folder's files are separate
//! nodes, and a file's `super::` to its folder's `mod.rs` is an edge like
//! any other. A folder's `mod` declarations and its `pub use part::x`
//! re-exports (paths relative to itself) are its structure, not edges.
//! `cargo test -p hexwar-engine --test layers -- --nocapture` prints the
//! edges, so the layering can be read.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeSet<String>>;

/// The root module's name.
const ROOT: &str = "crate";

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The module a file under `src/` holds: `lib.rs` is [`ROOT`],
/// `rules/movement/mod.rs` is `rules::movement`, `state/unit.rs` is
/// `state::unit`.
fn module_of(rel: &Path) -> String {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|l| l == "mod" || l == "lib") {
        parts.pop();
    }
    if parts.is_empty() {
        ROOT.to_string()
    } else {
        parts.join("::")
    }
}

/// The code with comments, string and char literals blanked out (lengths
/// and line breaks kept), so a path in a doc comment or a message is not
/// an import. Lifetimes (`'a`) are told from char literals.
fn strip(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let blank = |out: &mut String, ch: char| out.push(if ch == '\n' { '\n' } else { ' ' });
    let mut i = 0;
    while i < c.len() {
        let at = |k: usize| c.get(k).copied().unwrap_or('\0');
        if c[i] == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                blank(&mut out, c[i]);
                i += 1;
            }
        } else if c[i] == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            loop {
                if i >= c.len() {
                    break;
                }
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, c[i]);
                    i += 1;
                }
            }
        } else if c[i] == 'r'
            && (at(i + 1) == '"' || (at(i + 1) == '#' && matches!(at(i + 2), '#' | '"')))
            && (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_'))
        {
            // A raw string: r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while at(j) == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1; // the opening quote
            let end: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            while j < c.len() && !c[j..].iter().collect::<String>().starts_with(&end) {
                j += 1;
            }
            j = (j + end.len()).min(c.len());
            for &ch in &c[i..j] {
                blank(&mut out, ch);
            }
            i = j;
        } else if c[i] == '"' {
            let mut j = i + 1;
            while j < c.len() && c[j] != '"' {
                j += if c[j] == '\\' { 2 } else { 1 };
            }
            j = (j + 1).min(c.len());
            for &ch in &c[i..j] {
                blank(&mut out, ch);
            }
            i = j;
        } else if c[i] == '\'' && (at(i + 1) == '\\' || at(i + 2) == '\'') {
            // A char literal ('x', '\n', '\''); a lifetime has no closing quote.
            let mut j = i + 1;
            if at(j) == '\\' {
                j += 2;
            }
            while j < c.len() && c[j] != '\'' {
                j += 1;
            }
            j = (j + 1).min(c.len());
            for &ch in &c[i..j] {
                blank(&mut out, ch);
            }
            i = j;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// One path a `use` item names: the path, the name it brings in (its last
/// segment, or the `as` name), and whether the item is public (`pub`,
/// `pub(crate)`, ...): a re-export.
#[derive(Clone, Debug, PartialEq)]
struct Use {
    path: String,
    name: String,
    public: bool,
}

/// A `use` tree as the paths it names, each with the name it brings in:
/// `a::{b, c::{d, e as f}, self}` is `a::b` (b), `a::c::d` (d), `a::c::e`
/// (f), `a` (a).
fn expand(tree: &str) -> Vec<(String, String)> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let mut it = tree.split(" as ");
        let path = it.next().unwrap_or("").trim().to_string();
        let name = it
            .next()
            .map(|n| n.trim().to_string())
            .unwrap_or_else(|| path.rsplit("::").next().unwrap_or("").to_string());
        return if path.is_empty() {
            Vec::new()
        } else {
            vec![(path, name)]
        };
    };
    let prefix = tree[..open].trim().trim_end_matches("::");
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut depth, mut start) = (0, 0);
    let mut parts = Vec::new();
    for (k, ch) in inner.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    let mut out = Vec::new();
    for part in parts {
        for (p, name) in expand(part) {
            if p == "self" {
                let own = prefix.rsplit("::").next().unwrap_or("").to_string();
                out.push((prefix.to_string(), if name == "self" { own } else { name }));
            } else if prefix.is_empty() {
                out.push((p, name));
            } else {
                out.push((format!("{prefix}::{p}"), name));
            }
        }
    }
    out
}

/// The `use` items of `code`, and the code with them taken out.
fn use_items(code: &str) -> (Vec<Use>, String) {
    let mut uses = Vec::new();
    let mut rest = String::with_capacity(code.len());
    let mut i = 0;
    let bytes = code.as_bytes();
    while i < code.len() {
        let word_start = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if word_start && code[i..].starts_with("use ") {
            let end = code[i..].find(';').map_or(code.len(), |k| i + k);
            // `pub use`, `pub(crate) use`, `pub(in path) use`: a re-export.
            let before = code[..i].trim_end();
            let public = before.ends_with("pub")
                || (before.ends_with(')') && {
                    let open = before.rfind('(').unwrap_or(0);
                    before[..open].trim_end().ends_with("pub")
                });
            for (path, name) in expand(&code[i + 4..end]) {
                uses.push(Use { path, name, public });
            }
            rest.push_str(&" ".repeat(end + 1 - i));
            i = (end + 1).min(code.len());
        } else {
            let ch = code[i..].chars().next().unwrap();
            rest.push(ch);
            i += ch.len_utf8();
        }
    }
    (uses, rest)
}

/// Paths written inline: `crate::a::b`, `super::x`, `self::x`.
fn inline_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = 0;
    while i < bytes.len() {
        if !ident(bytes[i]) || (i > 0 && (ident(bytes[i - 1]) || bytes[i - 1] == b':')) {
            i += 1;
            continue;
        }
        // A path starts here: identifiers joined by `::`.
        let mut j = i;
        let mut segments = Vec::new();
        loop {
            let s = j;
            while j < bytes.len() && ident(bytes[j]) {
                j += 1;
            }
            segments.push(&code[s..j]);
            if code[j..].starts_with("::") && j + 2 < bytes.len() && ident(bytes[j + 2]) {
                j += 2;
            } else {
                break;
            }
        }
        if segments.len() > 1 && matches!(segments[0], "crate" | "super" | "self") {
            out.push(segments.join("::"));
        }
        i = j.max(i + 1);
    }
    out
}

/// The modules, and each module's re-exports: name -> absolute path.
#[derive(Default)]
struct Crate {
    modules: BTreeSet<String>,
    reexports: BTreeMap<String, BTreeMap<String, Vec<String>>>,
}

impl Crate {
    /// `path` as used in module `from`, made absolute (segments after the
    /// crate root): `crate::`, `super::`, `self::`, or (in a `use`) a
    /// child module's name. `None` for other paths (`std::`, other crates).
    fn absolute(&self, from: &str, path: &str, in_use: bool) -> Option<Vec<String>> {
        let mut segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
        let mut base: Vec<&str> = if from == ROOT {
            Vec::new()
        } else {
            from.split("::").collect()
        };
        match segs.first().copied() {
            Some("crate") => {
                base.clear();
                segs.remove(0);
            }
            Some("super") => {
                while segs.first() == Some(&"super") {
                    segs.remove(0);
                    base.pop();
                }
            }
            Some("self") => {
                segs.remove(0);
            }
            Some(first) if in_use => {
                let child: Vec<&str> = base.iter().copied().chain([first]).collect();
                if !self.modules.contains(&join(&child)) {
                    return None;
                }
            }
            _ => return None,
        }
        Some(base.into_iter().chain(segs).map(String::from).collect())
    }

    /// The module an absolute path names: the longest known module it
    /// starts with, following re-exports to the module an item is defined
    /// in (`movement::Scratch` is `movement::scratch`).
    fn module(&self, mut segs: Vec<String>) -> String {
        for _ in 0..16 {
            let k = (0..=segs.len())
                .rev()
                .find(|&k| self.modules.contains(&join(&segs[..k])))
                .unwrap_or(0);
            let m = join(&segs[..k]);
            let alias = segs
                .get(k)
                .and_then(|item| self.reexports.get(&m)?.get(item));
            match alias {
                Some(target) => {
                    segs = target
                        .iter()
                        .cloned()
                        .chain(segs[k + 1..].iter().cloned())
                        .collect()
                }
                None => return m,
            }
        }
        panic!("re-exports loop at {}", segs.join("::"));
    }
}

/// Segments as a module name ([`ROOT`] for none).
fn join<S: AsRef<str>>(segs: &[S]) -> String {
    if segs.is_empty() {
        ROOT.to_string()
    } else {
        segs.iter()
            .map(AsRef::as_ref)
            .collect::<Vec<_>>()
            .join("::")
    }
}

/// The engine's import graph: module -> modules it uses (itself left out).
///
/// Edges come from the paths each module writes (in `use` items and
/// inline), mapped to the module that defines what they name. A folder's
/// re-export of one of its own parts (`pub use scratch::Scratch` in
/// `movement`) is no edge by itself: a path through it leads to the part.
/// Every other path is an edge, a private `use` of a part included (the
/// folder's code then depends on that part).
fn engine_graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files: Vec<(String, String)> = rust_files(&src)
        .iter()
        .map(|f| {
            let mut code = strip(&fs::read_to_string(f).unwrap());
            if let Some(tests) = code.find("#[cfg(test)]") {
                code.truncate(tests); // The in-file tests come last.
            }
            (module_of(f.strip_prefix(&src).unwrap()), code)
        })
        .collect();
    let mut krate = Crate {
        modules: files.iter().map(|(m, _)| m.clone()).collect(),
        ..Crate::default()
    };
    let parsed: Vec<(String, Vec<Use>, String)> = files
        .into_iter()
        .map(|(m, code)| {
            let (uses, rest) = use_items(&code);
            (m, uses, rest)
        })
        .collect();
    // Re-exports of a module's own parts are aliases, not edges.
    let mut own_reexport = BTreeSet::new();
    for (m, uses, _) in &parsed {
        for (k, u) in uses.iter().enumerate() {
            let Some(abs) = krate.absolute(m, &u.path, true) else {
                continue;
            };
            let inside = m == ROOT || join(&abs).starts_with(&format!("{m}::"));
            if u.public && inside && u.name != "*" {
                krate
                    .reexports
                    .entry(m.clone())
                    .or_default()
                    .insert(u.name.clone(), abs);
                own_reexport.insert((m.clone(), k));
            }
        }
    }
    let mut graph = Graph::new();
    for (m, uses, rest) in &parsed {
        let mut paths: Vec<Vec<String>> = Vec::new();
        for (k, u) in uses.iter().enumerate() {
            if !own_reexport.contains(&(m.clone(), k)) {
                paths.extend(krate.absolute(m, &u.path, true));
            }
        }
        for p in inline_paths(rest) {
            paths.extend(krate.absolute(m, &p, false));
        }
        let edges = graph.entry(m.clone()).or_default();
        for p in paths {
            let to = krate.module(p);
            if to != *m {
                edges.insert(to);
            }
        }
    }
    graph
}

/// A cycle of `graph`, as the modules on it with the first repeated at the
/// end, or `None`. Depth-first, nodes and edges in sorted order.
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }

    fn visit(
        n: &str,
        graph: &Graph,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        marks.insert(n.to_string(), Mark::Open);
        path.push(n.to_string());
        for m in graph.get(n).into_iter().flatten() {
            match marks.get(m).copied().unwrap_or(Mark::New) {
                Mark::Open => {
                    let at = path.iter().position(|p| p == m).unwrap();
                    let mut cycle = path[at..].to_vec();
                    cycle.push(m.clone());
                    return Some(cycle);
                }
                Mark::New => {
                    if let Some(c) = visit(m, graph, marks, path) {
                        return Some(c);
                    }
                }
                Mark::Done => {}
            }
        }
        path.pop();
        marks.insert(n.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for n in graph.keys() {
        if marks.get(n).copied().unwrap_or(Mark::New) == Mark::New {
            if let Some(c) = visit(n, graph, &mut marks, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn engine_modules_import_no_cycle() {
    let graph = engine_graph();
    for (from, to) in &graph {
        let to: Vec<&str> = to.iter().map(String::as_str).collect();
        println!("{from} -> {}", to.join(", "));
    }
    // The scanner finds what it should (a broken one would see no edges).
    let edges: usize = graph.values().map(BTreeSet::len).sum();
    assert!(graph.len() > 30, "only {} modules found", graph.len());
    assert!(edges > 100, "only {edges} edges found");
    for (from, to) in [
        ("rules::combat::resolve", "event"),
        ("rules::graded::lines", "rules::sources"),
        ("game::apply", "rules::movement"),
        ("state::strength", "state"),
    ] {
        assert!(
            graph[from].contains(to),
            "the edge {from} -> {to} was not found"
        );
    }
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import cycle: {}", cycle.join(" -> "));
    }
}

#[test]
fn the_rules_never_import_the_turn_sequence() {
    let graph = engine_graph();
    for (from, to) in &graph {
        let below = ["hex", "scenario", "state", "action", "event", "rules"];
        if below
            .iter()
            .any(|b| from == b || from.starts_with(&format!("{b}::")))
        {
            for t in to {
                assert!(
                    t != "game" && !t.starts_with("game::") && t != ROOT,
                    "{from} imports {t}, which is above it"
                );
            }
        }
    }
}

fn graph(edges: &[(&str, &str)]) -> Graph {
    let mut g = Graph::new();
    for (a, b) in edges {
        g.entry(a.to_string()).or_default().insert(b.to_string());
        g.entry(b.to_string()).or_default();
    }
    g
}

#[test]
fn the_cycle_finder_finds_a_cycle_and_names_it() {
    let g = graph(&[("a", "b"), ("b", "c"), ("c", "d"), ("d", "b"), ("a", "e")]);
    assert_eq!(
        find_cycle(&g).unwrap(),
        ["b", "c", "d", "b"].map(String::from).to_vec()
    );
    let two = graph(&[("game", "combat"), ("combat", "game")]);
    assert_eq!(
        find_cycle(&two).unwrap(),
        ["combat", "game", "combat"].map(String::from).to_vec()
    );
}

#[test]
fn the_cycle_finder_passes_a_layered_graph() {
    let g = graph(&[
        ("game", "combat"),
        ("game", "state"),
        ("combat", "state"),
        ("combat", "event"),
        ("event", "state"),
        ("state", "hex"),
    ]);
    assert_eq!(find_cycle(&g), None);
}

#[test]
fn use_trees_expand_to_paths() {
    let paths: Vec<String> = expand("crate::rules::{self, combat::{Chance, RngChance as R}, zoc}")
        .into_iter()
        .map(|(p, n)| format!("{p} ({n})"))
        .collect();
    assert_eq!(
        paths,
        [
            "crate::rules (rules)",
            "crate::rules::combat::Chance (Chance)",
            "crate::rules::combat::RngChance (R)",
            "crate::rules::zoc (zoc)"
        ]
    );
    let (uses, rest) =
        use_items("pub(crate) use super::x::Y;\nfn f() { crate::a::b(); }\nuse m::{N, O};");
    let got: Vec<(&str, bool)> = uses.iter().map(|u| (u.path.as_str(), u.public)).collect();
    assert_eq!(
        got,
        [("super::x::Y", true), ("m::N", false), ("m::O", false)]
    );
    assert!(rest.contains("crate::a::b()") && !rest.contains("super"));
}

#[test]
fn paths_resolve_to_the_module_that_defines_them() {
    let mut k = Crate {
        modules: [
            ROOT,
            "rules",
            "rules::combat",
            "rules::combat::exact",
            "state",
        ]
        .map(String::from)
        .into(),
        ..Crate::default()
    };
    let abs = |k: &Crate, from, p, in_use| k.absolute(from, p, in_use).map(|a| k.module(a));
    assert_eq!(
        abs(&k, "rules::combat::exact", "super::Chance", false).as_deref(),
        Some("rules::combat")
    );
    assert_eq!(
        abs(&k, "rules::combat", "exact::branches", true).as_deref(),
        Some("rules::combat::exact")
    );
    assert_eq!(abs(&k, "rules::combat", "exact::branches", false), None);
    assert_eq!(
        abs(&k, "state", "crate::rules::combat::odds", false).as_deref(),
        Some("rules::combat")
    );
    assert_eq!(
        abs(&k, "state", "crate::Action", true).as_deref(),
        Some(ROOT)
    );
    assert_eq!(abs(&k, "state", "std::fmt", true), None);
    // A re-export leads to the part that defines the item.
    k.reexports
        .entry("rules::combat".into())
        .or_default()
        .insert(
            "branches".into(),
            ["rules", "combat", "exact", "branches"]
                .map(String::from)
                .to_vec(),
        );
    assert_eq!(
        abs(&k, "state", "crate::rules::combat::branches", true).as_deref(),
        Some("rules::combat::exact")
    );
    let code = strip(
        "// crate::game::x\nlet s = \"crate::game\"; let c = '\"'; fn f<'a>() { super::y(); }",
    );
    assert!(!code.contains("game"));
    assert_eq!(inline_paths(&code), ["super::y"]);
}
