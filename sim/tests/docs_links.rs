//! Every link in the project's documentation stays in the repository and
//! resolves there: a fresh clone must be enough to follow any of them.
//!
//! Read: `README.md`, `ARCHITECTURE.md`, every Markdown file under `docs/`,
//! `benches/README.md`, `results/README.md`, and the crate doc (`//!`) of
//! every crate's `src/lib.rs`. Checked, outside fenced code blocks:
//!
//! - Markdown links and images (`[text](target)`, `[label]: target`): a
//!   relative target must name a file or folder of the repository, resolved
//!   from the document's folder, without leaving the repository through
//!   `../`; an anchor into a Markdown file must name one of its headings. In
//!   crate docs, Rust paths (intra-doc links) are left to rustdoc.
//! - Absolute links (`http://`, `https://`, `mailto:`, bare or in `<...>`):
//!   only to the hosts of [`ALLOWED_HOSTS`], which is empty.
//! - Backquoted repository paths that look like files or folders
//!   (`docs/RULES.md`, `engine/src/lib.rs`, `sim/assets/play/`, an optional
//!   `::test_name` after a file): they must exist, from the repository root
//!   or from the document's folder; one that starts with `../` is resolved
//!   from the document's folder and must not leave the repository. An upper-case Markdown name alone
//!   (`RULES.md`) names one of the project's documents: it must exist at the
//!   root, in `docs/` or beside the document.
//!
//! A failure names the file, the line and the link.

use std::collections::HashSet;
use std::fs;
use std::path::{Component, Path, PathBuf};

/// Hosts an absolute link may point to. None: the documentation links only
/// inside the repository.
const ALLOWED_HOSTS: &[&str] = &[];

/// The repository root (this crate's parent folder).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate sits in the workspace")
        .to_path_buf()
}

/// How a link was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A Markdown link, image, reference definition, autolink or bare URL.
    Link,
    /// A backquoted path.
    Code,
}

/// A link found in a document.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Found {
    /// Line, from 1.
    line: usize,
    /// The target as written.
    target: String,
    kind: Kind,
}

/// One document to check.
struct Doc<'a> {
    /// Its path from the repository root, for messages (`docs/RULES.md`).
    name: &'a str,
    /// The folder relative links start from.
    dir: &'a Path,
    /// Its text.
    text: &'a str,
    /// A crate doc: the `//!` lines of a `lib.rs`, whose links may be Rust paths.
    rustdoc: bool,
}

/// The lines of `text` outside fenced code blocks, numbered from 1. For a
/// crate doc, only the `//!` lines, with the marker taken off.
fn prose_lines(text: &str, rustdoc: bool) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fence: Option<String> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = if rustdoc {
            match raw.trim_start().strip_prefix("//!") {
                Some(rest) => rest.strip_prefix(' ').unwrap_or(rest),
                None => continue,
            }
        } else {
            raw
        };
        let t = line.trim_start();
        let marker: String = t
            .chars()
            .take_while(|&c| c == '`' || c == '~')
            .collect::<String>();
        if marker.len() >= 3 && marker.chars().all(|c| c == marker.as_bytes()[0] as char) {
            match &fence {
                None => fence = Some(marker),
                Some(open) if marker.starts_with(open.as_str()) => fence = None,
                Some(_) => {}
            }
            continue;
        }
        if fence.is_none() {
            out.push((i + 1, line.to_string()));
        }
    }
    out
}

/// The code spans of a line: `(start, end, content)`, byte offsets of the
/// whole span including its backquotes.
fn code_spans(line: &str) -> Vec<(usize, usize, String)> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'`' {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && b[i] == b'`' {
            i += 1;
        }
        let n = i - start;
        // The closing run: exactly `n` backquotes.
        let mut j = i;
        let mut close = None;
        while j < b.len() {
            if b[j] == b'`' {
                let k = j;
                while j < b.len() && b[j] == b'`' {
                    j += 1;
                }
                if j - k == n {
                    close = Some((k, j));
                    break;
                }
            } else {
                j += 1;
            }
        }
        match close {
            Some((k, end)) => {
                out.push((start, end, line[i..k].trim().to_string()));
                i = end;
            }
            None => i = start + n, // A lone run is literal text.
        }
    }
    out
}

/// The byte offset of the `close` that matches the `open` at `from`,
/// nested pairs counted, offsets where `skip` holds passed over.
fn matching(
    b: &[u8],
    from: usize,
    open: u8,
    close: u8,
    skip: impl Fn(usize) -> bool,
) -> Option<usize> {
    let mut depth = 0usize;
    for (j, &c) in b.iter().enumerate().skip(from) {
        if skip(j) {
            continue;
        }
        if c == open {
            depth += 1;
        } else if c == close {
            depth = depth.checked_sub(1)?;
            if depth == 0 {
                return Some(j);
            }
        }
    }
    None
}

/// A link target as written, angle brackets and title left out.
fn target_of(inner: &str) -> String {
    let t = inner.split_whitespace().next().unwrap_or("");
    t.trim_matches(|c| c == '<' || c == '>').to_string()
}

/// The links of one line: a reference definition (`[label]: target`) and
/// inline links and images (`[text](target "title")`, brackets nested,
/// code spans skipped). Returns the byte ranges their targets take.
fn markdown_links(
    line: &str,
    in_code: impl Fn(usize) -> bool,
    mut push: impl FnMut(String),
) -> Vec<(usize, usize)> {
    let mut taken = Vec::new();
    let t = line.trim_start();
    if t.starts_with('[') && !t.starts_with("[^") {
        if let Some(close) = t.find("]:") {
            let target = target_of(&t[close + 2..]);
            if !target.is_empty() {
                push(target);
                taken.push((0, line.len()));
            }
        }
    }
    let b = line.as_bytes();
    for i in 0..b.len() {
        if b[i] != b'[' || in_code(i) {
            continue;
        }
        let Some(c) = matching(b, i, b'[', b']', &in_code) else {
            continue;
        };
        if b.get(c + 1) != Some(&b'(') {
            continue;
        }
        let k = matching(b, c + 1, b'(', b')', |_| false).unwrap_or(b.len());
        push(target_of(&line[c + 2..k]));
        taken.push((c + 1, k + 1));
    }
    taken
}

/// The bare URLs and autolinks of one line's prose: outside code spans
/// and the `taken` ranges of link targets.
fn bare_urls(
    line: &str,
    in_code: impl Fn(usize) -> bool,
    taken: &[(usize, usize)],
    mut push: impl FnMut(String),
) {
    for scheme in ["http://", "https://", "mailto:"] {
        let mut from = 0;
        while let Some(p) = line[from..].find(scheme) {
            let s = from + p;
            from = s + scheme.len();
            if in_code(s) || taken.iter().any(|&(a, e)| s >= a && s < e) {
                continue;
            }
            let end = line[s..]
                .find(|c: char| c.is_whitespace() || "<>()[]\"'`".contains(c))
                .map_or(line.len(), |e| s + e);
            push(
                line[s..end]
                    .trim_end_matches(['.', ',', ';', ':'])
                    .to_string(),
            );
        }
    }
}

/// Every link and backquoted token of one line.
fn scan_line(line: &str, lineno: usize, out: &mut Vec<Found>) {
    let spans = code_spans(line);
    let in_code = |p: usize| spans.iter().any(|&(s, e, _)| p >= s && p < e);
    for (_, _, content) in &spans {
        out.push(Found {
            line: lineno,
            target: content.clone(),
            kind: Kind::Code,
        });
    }
    let mut links = Vec::new();
    let taken = markdown_links(line, in_code, |t| links.push(t));
    bare_urls(line, in_code, &taken, |t| links.push(t));
    out.extend(links.into_iter().map(|target| Found {
        line: lineno,
        target,
        kind: Kind::Link,
    }));
}

/// Every link and backquoted token of a document, by line.
fn extract(text: &str, rustdoc: bool) -> Vec<Found> {
    let mut out = Vec::new();
    for (n, line) in prose_lines(text, rustdoc) {
        scan_line(&line, n, &mut out);
    }
    out
}

/// The anchors GitHub gives the headings of a Markdown text.
fn anchors(text: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    for (_, line) in prose_lines(text, false) {
        let t = line.trim_start();
        let hashes = t.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&hashes) || !t[hashes..].starts_with(' ') {
            continue;
        }
        let slug: String = t[hashes..]
            .trim()
            .trim_end_matches('#')
            .trim()
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                '-' | '_' => Some(c),
                c if c.is_alphanumeric() => Some(c),
                _ => None,
            })
            .collect();
        let mut name = slug.clone();
        let mut n = 0;
        while out.contains(&name) {
            n += 1;
            name = format!("{slug}-{n}");
        }
        out.insert(name);
    }
    out
}

/// `dir` joined with the relative `path`, `..` and `.` worked out; `None`
/// if it climbs above `root`.
fn resolve(root: &Path, dir: &Path, path: &str) -> Option<PathBuf> {
    let mut parts: Vec<String> = dir
        .strip_prefix(root)
        .ok()?
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    for c in Path::new(path).components() {
        match c {
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::Normal(s) => parts.push(s.to_string_lossy().into_owned()),
            Component::CurDir => {}
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(parts.iter().fold(root.to_path_buf(), |p, s| p.join(s)))
}

/// Whether `t` is written like a Rust path (an intra-doc link).
fn is_rust_path(t: &str) -> bool {
    !t.is_empty()
        && !t.contains('/')
        && !t.contains('.')
        && t.chars()
            .all(|c| c.is_alphanumeric() || "_:<>!@()".contains(c))
}

/// The top-level entries of the repository a backquoted path may start with.
fn top_level(root: &Path) -> HashSet<String> {
    fs::read_dir(root)
        .expect("the repository root is readable")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "target" && n != ".git")
        .collect()
}

const OUTSIDE: &str = "leaves the repository";
const ABSOLUTE: &str = "leaves the repository (absolute link)";
const MISSING: &str = "no such file in the repository";

/// What is wrong with the link target `t` of `doc`, if anything.
fn check_link(root: &Path, doc: &Doc<'_>, t: &str) -> Option<&'static str> {
    if t.is_empty() {
        return Some("empty link");
    }
    if let Some(rest) = ["http://", "https://"]
        .iter()
        .find_map(|s| t.strip_prefix(s))
    {
        let host = rest.split(['/', ':', '?', '#']).next().unwrap_or("");
        return (!ALLOWED_HOSTS.contains(&host)).then_some(ABSOLUTE);
    }
    if t.contains("://") || t.starts_with("mailto:") || t.starts_with("//") {
        return Some(ABSOLUTE);
    }
    if doc.rustdoc && is_rust_path(t) {
        return None; // An intra-doc link: rustdoc checks those.
    }
    let (path, anchor) = match t.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (t, None),
    };
    let path = path.split('?').next().unwrap_or("");
    if path.starts_with('/') {
        return Some("absolute path: write it relative to the document");
    }
    let file = if path.is_empty() {
        if doc.rustdoc {
            return None;
        }
        None // An anchor in the document itself.
    } else {
        match resolve(root, doc.dir, path) {
            None => return Some(OUTSIDE),
            Some(p) if !p.exists() => return Some(MISSING),
            Some(p) => Some(p),
        }
    };
    let a = anchor.filter(|a| !a.is_empty())?;
    let text = match &file {
        None => doc.text.to_string(),
        Some(p) if p.extension().is_some_and(|e| e == "md") => {
            fs::read_to_string(p).unwrap_or_default()
        }
        Some(_) => return None,
    };
    (!anchors(&text).contains(a)).then_some("no such heading")
}

/// What is wrong with the backquoted text `t` of `doc`, if it is a
/// repository path (`top`: the repository's top-level entries).
fn check_path(root: &Path, top: &HashSet<String>, doc: &Doc<'_>, t: &str) -> Option<&'static str> {
    if t.contains(char::is_whitespace)
        || t.contains(['<', '>', '*', '{', '}', '$', '|', '"', '\''])
        || t.contains("...")
    {
        return None; // A placeholder or a pattern, not a path.
    }
    let path = t.split("::").next().unwrap_or(t);
    let last = path.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    let is_dir = path.ends_with('/');
    let bases: Vec<PathBuf> = if path.starts_with("../") {
        if resolve(root, doc.dir, path).is_none() {
            return Some(OUTSIDE);
        }
        vec![doc.dir.to_path_buf()]
    } else if path.contains('/') {
        let first = path.split('/').next().unwrap_or("");
        if !top.contains(first) || !(is_dir || last.contains('.')) {
            return None; // Not a repository path, or not a file.
        }
        vec![root.to_path_buf(), doc.dir.to_path_buf()]
    } else if last.ends_with(".md") && last.starts_with(|c: char| c.is_ascii_uppercase()) {
        vec![root.to_path_buf(), root.join("docs"), doc.dir.to_path_buf()]
    } else {
        return None;
    };
    let found = bases.iter().any(|base| {
        resolve(root, base, path).is_some_and(|p| if is_dir { p.is_dir() } else { p.is_file() })
    });
    (!found).then_some(MISSING)
}

/// The problems of one document, each as `file:line: link: why`.
fn check_doc(root: &Path, doc: &Doc<'_>) -> Vec<String> {
    let top = top_level(root);
    let mut problems = Vec::new();
    for f in extract(doc.text, doc.rustdoc) {
        let t = f.target.as_str();
        let why = match f.kind {
            Kind::Link => check_link(root, doc, t),
            Kind::Code => check_path(root, &top, doc, t),
        };
        if let Some(why) = why {
            problems.push(format!("{}:{}: {}: {why}", doc.name, f.line, f.target));
        }
    }
    problems
}

/// The documents the test reads, as paths from the root.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut out = vec![
        root.join("README.md"),
        root.join("ARCHITECTURE.md"),
        root.join("benches/README.md"),
        root.join("results/README.md"),
    ];
    let mut stack = vec![root.join("docs")];
    while let Some(dir) = stack.pop() {
        for e in fs::read_dir(&dir).expect("docs/ is readable").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "md") {
                out.push(p);
            }
        }
    }
    let mut crates: Vec<PathBuf> = fs::read_dir(root)
        .expect("the repository root is readable")
        .flatten()
        .map(|e| e.path().join("src/lib.rs"))
        .filter(|p| p.is_file() && !p.starts_with(root.join("target")))
        .collect();
    crates.sort();
    out.extend(crates);
    out
}

#[test]
fn every_link_in_the_docs_stays_in_the_repository_and_resolves() {
    let root = root();
    let docs = documents(&root);
    assert!(docs.len() >= 8, "too few documents found: {docs:?}");
    let mut problems = Vec::new();
    for path in &docs {
        let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .to_string_lossy()
            .into_owned();
        let doc = Doc {
            name: &name,
            dir: path.parent().unwrap_or(&root),
            text: &text,
            rustdoc: path.extension().is_some_and(|e| e == "rs"),
        };
        problems.extend(check_doc(&root, &doc));
    }
    assert!(
        problems.is_empty(),
        "{} broken or outgoing link(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_checker_flags_broken_outgoing_and_absolute_links() {
    let root = root();
    let dir = root.join("docs");
    let text = "\
# A title here

Fine: [the manifest](../Cargo.toml), ![a folder](../engine/src/), [up](#a-title-here),
`engine/src/lib.rs`, `sim/tests/cli.rs::some_test`, `engine/`, `summary.md`.
Broken: [nowhere](NOWHERE.md) and `engine/src/no_such_file.rs`.
Outgoing: [shared](../../shared/RULES.md), [web](https://example.com/x) and https://example.org, `../../shared/STYLE.md`.
Anchor: [missing](#no-such-heading); [`[nested]`](../README.md).
[ref]: ../../outside.md

```
[in a fence](NOWHERE.md) https://example.com
```
";
    let doc = Doc {
        name: "docs/FAKE.md",
        dir: &dir,
        text,
        rustdoc: false,
    };
    let mut got = check_doc(&root, &doc);
    let expected = [
        "docs/FAKE.md:5: NOWHERE.md: no such file in the repository",
        "docs/FAKE.md:5: engine/src/no_such_file.rs: no such file in the repository",
        "docs/FAKE.md:6: ../../shared/RULES.md: leaves the repository",
        "docs/FAKE.md:6: https://example.com/x: leaves the repository (absolute link)",
        "docs/FAKE.md:6: https://example.org: leaves the repository (absolute link)",
        "docs/FAKE.md:6: ../../shared/STYLE.md: leaves the repository",
        "docs/FAKE.md:7: #no-such-heading: no such heading",
        "docs/FAKE.md:8: ../../outside.md: leaves the repository",
    ];
    got.sort();
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(got, want);
}

#[test]
fn crate_docs_leave_rust_paths_to_rustdoc_but_check_files() {
    let root = root();
    let dir = root.join("engine/src");
    let text = "\
//! A [`Scenario`](crate::Scenario), [`Grid::ray`](hex::Grid::ray) and [`Action`].
//! Rules: `docs/RULES.md`; gone: `docs/NOPE.md`, [web](http://example.com).
fn not_doc() {} // [x](NOWHERE.md)
";
    let doc = Doc {
        name: "engine/src/lib.rs",
        dir: &dir,
        text,
        rustdoc: true,
    };
    let problems = check_doc(&root, &doc);
    assert_eq!(
        problems,
        [
            "engine/src/lib.rs:2: docs/NOPE.md: no such file in the repository",
            "engine/src/lib.rs:2: http://example.com: leaves the repository (absolute link)",
        ]
    );
}

#[test]
fn github_anchors_drop_punctuation_and_number_repeats() {
    let a = anchors("# `[unit_types.KEY]`\n## D-MAP-1 — Hexes\n## Same\n## Same\n");
    for want in ["unit_typeskey", "d-map-1--hexes", "same", "same-1"] {
        assert!(a.contains(want), "{want} missing from {a:?}");
    }
}
