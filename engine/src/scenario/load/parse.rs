//! The file's text read into [`ScenarioFile`], every unknown key and type
//! error reported, not only the first: serde stops at the first, so the
//! file is parsed once into a spanned tree (`toml::de::DeTable`), and each
//! time the structs refuse it the error is recorded and the entry it points
//! at taken out of the tree, until the rest reads. A required field whose
//! value was taken out this way (or that an unknown key in its table most
//! likely misspells) is not reported missing again: its table goes
//! instead, and then the checks past the structs are not run, as they
//! would only report that table's absence. A syntax error ends the reading
//! (nothing after it can be trusted).

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;
use toml::de::{DeArray, DeTable, DeValue, Deserializer};

use super::errors::Ctx;
use crate::scenario::file::ScenarioFile;

/// At most this many entries are taken out before giving up.
const MAX_PRUNED: usize = 1000;

/// Reads `cx.src`, recording every error; `None` if nothing could be read.
pub(super) fn read(cx: &mut Ctx<'_>) -> Option<ScenarioFile> {
    let src = cx.src;
    let mut root = match DeTable::parse(src) {
        Ok(r) => r,
        Err(e) => {
            cx.err(e.span().unwrap_or(0..0), e.message().trim().to_string());
            return None;
        }
    };
    // (span of the table, key) of every entry taken out ("[]": an array's).
    let mut pruned: Vec<(Range<usize>, String)> = Vec::new();
    // Tables where an unknown key was taken out (a misspelt key, most likely).
    let mut unknown_in: Vec<Range<usize>> = Vec::new();
    // Whether a whole table went (the checks past the structs would only
    // report its absence): then they are not run.
    let mut lossy = false;
    for _ in 0..MAX_PRUNED {
        let e = match ScenarioFile::deserialize(Deserializer::from(root.clone())) {
            Ok(file) => return (!lossy).then_some(file),
            Err(e) => e,
        };
        let span = e.span().unwrap_or(0..0);
        let message = e.message().trim().to_string();
        if let Some(f) = missing_field(&message) {
            // A required field taken out here, or one misspelt (reported as
            // an unknown key): said already.
            let ours = pruned.iter().any(|(s, k)| *s == span && k == f);
            lossy = true;
            if !(ours || unknown_in.contains(&span)) {
                cx.err(span.clone(), message.clone());
            }
        } else {
            cx.err(span.clone(), message.clone());
        }
        let whole = root.span();
        let before = pruned.len();
        if !prune_table(root.get_mut(), whole, &span, &mut pruned) {
            return None;
        }
        if let Some((at, key)) = pruned.get(before) {
            lossy |= key == "[]";
            if message.starts_with("unknown field") {
                unknown_in.push(at.clone());
            }
        }
    }
    None
}

/// The field a "missing field `x`" message names.
fn missing_field(message: &str) -> Option<&str> {
    let rest = message.strip_prefix("missing field `")?;
    rest.split('`').next()
}

fn union(a: Range<usize>, b: Range<usize>) -> Range<usize> {
    if a == (0..0) {
        b
    } else if b == (0..0) {
        a
    } else {
        a.start.min(b.start)..a.end.max(b.end)
    }
}

/// The text a value covers: a table's span is its header alone, so its
/// entries' are added in.
fn extent(v: &Spanned<DeValue<'_>>) -> Range<usize> {
    match v.get_ref() {
        DeValue::Table(t) => t
            .iter()
            .fold(v.span(), |r, (k, x)| union(union(r, k.span()), extent(x))),
        DeValue::Array(a) => a.iter().fold(v.span(), |r, x| union(r, extent(x))),
        _ => v.span(),
    }
}

/// Takes the innermost entry of `table` (spanning `at`) that `span` points
/// into out of it; false if none does.
fn prune_table(
    table: &mut DeTable<'_>,
    at: Range<usize>,
    span: &Range<usize>,
    pruned: &mut Vec<(Range<usize>, String)>,
) -> bool {
    // The smallest entry, key to value, holding the error's start.
    let mut best: Option<(usize, Range<usize>, String)> = None;
    for (k, v) in table.iter() {
        let e = union(k.span(), extent(v));
        let holds = e.contains(&span.start) || (e.start == span.start && e != (0..0));
        if holds && best.as_ref().is_none_or(|(len, _, _)| e.len() < *len) {
            best = Some((e.len(), k.span(), k.get_ref().to_string()));
        }
    }
    let Some((_, key_span, key)) = best else {
        return false;
    };
    // An error at the key (an unknown one) takes the entry; one inside a
    // table or array, the innermost entry there.
    if !key_span.contains(&span.start) {
        if let Some(v) = table.get_mut(key.as_str()) {
            if prune_value(v, span, pruned) {
                return true;
            }
        }
    }
    table.remove(key.as_str());
    pruned.push((at, key));
    true
}

/// Takes the innermost entry `span` points into out of `v`'s tables and
/// arrays; false if it points at `v` itself.
fn prune_value(
    v: &mut Spanned<DeValue<'_>>,
    span: &Range<usize>,
    pruned: &mut Vec<(Range<usize>, String)>,
) -> bool {
    let at = v.span();
    match v.get_mut() {
        DeValue::Table(t) => prune_table(t, at, span, pruned),
        DeValue::Array(a) => {
            let Some(i) = a.iter().position(|x| {
                let e = extent(x);
                e.contains(&span.start) || (e.start == span.start && e != (0..0))
            }) else {
                return false;
            };
            let items: &mut [Spanned<DeValue<'_>>] = a;
            if prune_value(&mut items[i], span, pruned) {
                return true;
            }
            let mut kept = DeArray::new();
            for (j, x) in a.iter().enumerate() {
                if j != i {
                    kept.push(x.clone());
                }
            }
            *a = kept;
            pruned.push((at, "[]".into()));
            true
        }
        _ => false,
    }
}
