//! A sweep's `--set PATH=V1,V2,...`: the path and the values parsed, the
//! scenario's TOML edited in place at that path ([`set_path`], on a
//! `toml_edit` document, so comments and layout survive), and each edited
//! text checked by the engine like any file ([`variant`]), so a change
//! that breaks a rule is reported as the engine would report it, at the
//! line it would have in the file. The balancer writes its tuned scenario
//! the same way ([`edited_text`]).

use hexwar_engine::Scenario;
use toml::Value;
use toml_edit::{DocumentMut, Item, Value as EditValue};

use super::SweepError;

/// Why a field could not be set: the part of the path that failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetPathError {
    /// `a..b`.
    #[error("the path \"{path}\" has an empty segment")]
    EmptySegment {
        /// The path.
        path: String,
    },
    /// No path at all.
    #[error("the path is empty")]
    EmptyPath,
    /// A key missing from a table.
    #[error("no `{seg}` in {at} (it has: {})", keys.join(", "))]
    NoKey {
        /// The key.
        seg: String,
        /// Where (`victory`, or the top level).
        at: String,
        /// Some of the keys there are.
        keys: Vec<String>,
    },
    /// A key missing from a table (found, then not).
    #[error("no `{seg}` in {at}")]
    Missing {
        /// The key.
        seg: String,
        /// Where.
        at: String,
    },
    /// A path going on past a number, string or boolean.
    #[error("{at} is {} {kind}, so it has no `{seg}`", article(kind))]
    NotContainer {
        /// Where.
        at: String,
        /// What it is (`integer`, `string`).
        kind: &'static str,
        /// The next segment.
        seg: String,
    },
    /// An array index past its end.
    #[error("index {index} is past the end of {at} ({len} entries)")]
    IndexPast {
        /// The index.
        index: usize,
        /// The array.
        at: String,
        /// Its length.
        len: usize,
    },
    /// A name in an array without ids.
    #[error("{at} is an array of {len}: use an index from 0 to {last}, not \"{seg}\"")]
    NotById {
        /// The array.
        at: String,
        /// Its length.
        len: usize,
        /// Its last index.
        last: usize,
        /// The segment.
        seg: String,
    },
    /// No entry with that id.
    #[error(
        "no entry with id \"{seg}\" in {at} (ids: {}{}; or an index from 0 to {last})",
        ids.join(", "),
        if *more { ", ..." } else { "" }
    )]
    NoId {
        /// The id.
        seg: String,
        /// The array.
        at: String,
        /// Its first ids.
        ids: Vec<String>,
        /// More ids than shown.
        more: bool,
        /// Its last index.
        last: usize,
    },
    /// A number for a boolean field.
    #[error("{at} is true/false, not a number")]
    NotNumber {
        /// The field.
        at: String,
    },
    /// A boolean for a number field.
    #[error("{at} is a number, not true/false")]
    NotBoolean {
        /// The field.
        at: String,
    },
    /// A field that holds neither.
    #[error("{at} is {} {kind}, not a number or true/false", article(kind))]
    NotLeaf {
        /// The field.
        at: String,
        /// What it holds.
        kind: &'static str,
    },
}

/// Splits `PATH=V1,V2,...` into the path and the values (trimmed).
pub fn parse_set(set: &str) -> Result<(String, Vec<String>), SweepError> {
    let given = || set.to_string();
    let Some((path, values)) = set.split_once('=') else {
        return Err(SweepError::SetSyntax { set: given() });
    };
    let path = path.trim();
    if path.is_empty() {
        return Err(SweepError::EmptyPath { set: given() });
    }
    let values: Vec<String> = values.split(',').map(|v| v.trim().to_string()).collect();
    if values.iter().any(String::is_empty) {
        return Err(SweepError::EmptyValue { set: given() });
    }
    Ok((path.to_string(), values))
}

/// A command-line value as TOML: an integer, else a finite float, else
/// `true` or `false`.
pub fn parse_value(s: &str) -> Option<Value> {
    if let Ok(i) = s.parse::<i64>() {
        return Some(Value::Integer(i));
    }
    if let Ok(f) = s.parse::<f64>() {
        return f.is_finite().then_some(Value::Float(f));
    }
    match s {
        "true" => Some(Value::Boolean(true)),
        "false" => Some(Value::Boolean(false)),
        _ => None,
    }
}

/// `a.b.c` for the first `n` segments, or "the top level".
fn here(segs: &[&str], n: usize) -> String {
    if n == 0 {
        "the top level".into()
    } else {
        format!("`{}`", segs[..n].join("."))
    }
}

/// What an item holds, in the words of the error messages.
fn kind(item: &Item) -> &'static str {
    match item {
        Item::None => "nothing",
        Item::Table(_) | Item::Value(EditValue::InlineTable(_)) => "table",
        Item::ArrayOfTables(_) | Item::Value(EditValue::Array(_)) => "array",
        Item::Value(v) => v.type_name(),
    }
}

/// The length of an array or array of tables.
fn array_len(item: &Item) -> Option<usize> {
    match item {
        Item::ArrayOfTables(a) => Some(a.len()),
        Item::Value(EditValue::Array(a)) => Some(a.len()),
        _ => None,
    }
}

/// The entry of an array by index, or (for an array of tables) by `id`.
fn entry<'a>(a: &'a mut Item, seg: &str, at: &str) -> Result<&'a mut Item, SetPathError> {
    let len = array_len(a).unwrap_or(0);
    if let Ok(i) = seg.parse::<usize>() {
        return a.get_mut(i).ok_or_else(|| SetPathError::IndexPast {
            index: i,
            at: at.to_string(),
            len,
        });
    }
    // Unit ids are compared without regard to case, as the loader does.
    let ids: Vec<Option<String>> = (0..len)
        .map(|i| {
            let e = a.get(i)?;
            let id = e.as_table_like()?.get("id")?;
            id.as_str().map(str::to_string)
        })
        .collect();
    if let Some(pos) = ids
        .iter()
        .position(|id| id.as_deref().is_some_and(|id| id.eq_ignore_ascii_case(seg)))
    {
        return a.get_mut(pos).ok_or(SetPathError::Missing {
            seg: seg.to_string(),
            at: at.to_string(),
        });
    }
    let ids: Vec<String> = ids.into_iter().flatten().collect();
    if ids.is_empty() {
        return Err(SetPathError::NotById {
            at: at.to_string(),
            len,
            last: len.saturating_sub(1),
            seg: seg.to_string(),
        });
    }
    Err(SetPathError::NoId {
        seg: seg.to_string(),
        at: at.to_string(),
        more: ids.len() > 12,
        ids: ids.into_iter().take(12).collect(),
        last: len.saturating_sub(1),
    })
}

/// `new` as an editable value.
fn edit_value(new: &Value) -> Option<EditValue> {
    Some(match new {
        Value::Integer(i) => EditValue::from(*i),
        Value::Float(f) => EditValue::from(*f),
        Value::Boolean(b) => EditValue::from(*b),
        _ => return None,
    })
}

/// Puts `new` where `old` is, if both are numbers or both booleans,
/// keeping the comment and spacing around the old value. A float field
/// stays a float; an integer field takes an integer, or a float when the
/// new value has a fraction (the loader decides whether that is allowed).
fn replace_leaf(old: &mut Item, new: &Value, at: &str) -> Result<(), SetPathError> {
    let at = || at.to_string();
    let is_num = |v: &EditValue| matches!(v, EditValue::Integer(_) | EditValue::Float(_));
    let Item::Value(cur) = old else {
        return Err(SetPathError::NotLeaf {
            at: at(),
            kind: kind(old),
        });
    };
    let v = match (&*cur, new) {
        (EditValue::Float(_), Value::Integer(i)) => Value::Float(*i as f64),
        (EditValue::Integer(_), Value::Float(f)) if f.fract() == 0.0 && f.abs() < 9e15 => {
            Value::Integer(*f as i64)
        }
        (c, Value::Integer(_) | Value::Float(_)) if is_num(c) => new.clone(),
        (EditValue::Boolean(_), Value::Boolean(_)) => new.clone(),
        (EditValue::Boolean(_), _) => return Err(SetPathError::NotNumber { at: at() }),
        (c, _) if is_num(c) => return Err(SetPathError::NotBoolean { at: at() }),
        (c, _) => {
            return Err(SetPathError::NotLeaf {
                at: at(),
                kind: c.type_name(),
            });
        }
    };
    let Some(mut v) = edit_value(&v) else {
        return Err(SetPathError::NotLeaf {
            at: at(),
            kind: cur.type_name(),
        });
    };
    *v.decor_mut() = cur.decor().clone();
    *cur = v;
    Ok(())
}

/// `a` or `an` before `word`.
fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// One step down the path: a table's key, or an array's entry.
fn step<'a>(cur: &'a mut Item, seg: &str, at: String) -> Result<&'a mut Item, SetPathError> {
    if array_len(cur).is_some() {
        return entry(cur, seg, &at);
    }
    let k = kind(cur);
    let Some(t) = cur.as_table_like_mut() else {
        return Err(SetPathError::NotContainer {
            at,
            kind: k,
            seg: seg.to_string(),
        });
    };
    if !t.contains_key(seg) {
        return Err(SetPathError::NoKey {
            seg: seg.to_string(),
            at,
            keys: t.iter().take(20).map(|(k, _)| k.to_string()).collect(),
        });
    }
    t.get_mut(seg).ok_or_else(|| SetPathError::Missing {
        seg: seg.to_string(),
        at,
    })
}

/// Sets the field at a dotted `path` in a scenario's document to `value`,
/// in place: every comment, blank line and the layout of the rest of the
/// file are kept, and so are the comment and spacing around the value.
///
/// Each segment names a key of a table; in an array, an integer segment is
/// an index (from 0), and in an array of tables with `id` keys (`units`) a
/// segment may be the id: `units.j-11.steps`,
/// `unit_types.jp_inf.attack.0`, `combat.air.japanese`. The field must
/// hold a number or a boolean, and takes a value of the same kind; a key
/// missing from an existing table is created (an optional field). The
/// message of an error names the part of the path that failed, and a
/// failed set leaves the document as it was.
pub fn set_path(doc: &mut DocumentMut, path: &str, value: &Value) -> Result<(), SetPathError> {
    let segs: Vec<&str> = path.split('.').collect();
    if segs.iter().any(|s| s.is_empty()) {
        return Err(SetPathError::EmptySegment {
            path: path.to_string(),
        });
    }
    let (last, parents) = segs.split_last().ok_or(SetPathError::EmptyPath)?;
    let Some(new) = edit_value(value) else {
        return Err(SetPathError::NotLeaf {
            at: here(&segs, segs.len()),
            kind: value.type_str(),
        });
    };
    let mut root = doc.as_item_mut();
    for (i, seg) in parents.iter().enumerate() {
        root = step(root, seg, here(&segs, i))?;
    }
    let at = here(&segs, segs.len());
    let parent = here(&segs, parents.len());
    if array_len(root).is_none() {
        if let Some(t) = root.as_table_like_mut() {
            if !t.contains_key(last) {
                t.insert(last, Item::Value(new));
                return Ok(());
            }
        }
    }
    let leaf = step(root, last, parent)?;
    replace_leaf(leaf, value, &at)
}

/// What the field at `path` holds now (`integer`, `float`, `boolean`,
/// ...), or `None` where the file does not have it (an optional field
/// left out) or the path leads nowhere.
pub fn field_kind(doc: &DocumentMut, path: &str) -> Option<&'static str> {
    let mut doc = doc.clone();
    let mut cur = doc.as_item_mut();
    for seg in path.split('.') {
        cur = step(cur, seg, String::new()).ok()?;
    }
    Some(kind(cur))
}

/// The scenario's text with `path` set to `value`: the document edited
/// in place ([`set_path`]), comments and layout kept.
pub fn edited_text(base: &DocumentMut, path: &str, value: &str) -> Result<String, SweepError> {
    let setting = || (path.to_string(), value.to_string());
    let Some(v) = parse_value(value) else {
        let (path, value) = setting();
        return Err(SweepError::NotValue { path, value });
    };
    let mut doc = base.clone();
    set_path(&mut doc, path, &v).map_err(|error| {
        let (path, value) = setting();
        SweepError::Set {
            path,
            value,
            error: Box::new(error),
        }
    })?;
    Ok(doc.to_string())
}

/// The scenario with `path` set to `value`, checked by the engine.
pub fn variant(
    spec: &str,
    base: &DocumentMut,
    path: &str,
    value: &str,
) -> Result<Scenario, SweepError> {
    let text = edited_text(base, path, value)?;
    let name = format!("{spec} with {path}={value}");
    Scenario::from_toml(&text, &name).map_err(|errors| SweepError::Invalid { name, errors })
}

/// A scenario's text as an editable document.
pub fn parse_document(spec: &str, text: &str) -> Result<DocumentMut, SweepError> {
    text.parse().map_err(|error| SweepError::NotToml {
        scenario: spec.to_string(),
        error: Box::new(error),
    })
}

#[cfg(test)]
mod tests {
    use hexwar_engine::builtin;

    use super::*;

    fn malaya() -> DocumentMut {
        builtin::source("malaya").unwrap().parse().unwrap()
    }

    #[test]
    fn sets_a_nested_table_field() {
        let mut t = malaya();
        set_path(&mut t, "victory.decisive", &Value::Integer(30)).unwrap();
        assert_eq!(t["victory"]["decisive"].as_integer(), Some(30));
        // A float into an integer field with no fraction stays an integer.
        set_path(&mut t, "victory.marginal", &Value::Float(9.0)).unwrap();
        assert_eq!(t["victory"]["marginal"].as_integer(), Some(9));
        // A missing leaf in an existing table is created.
        set_path(&mut t, "combat.new_key", &Value::Integer(1)).unwrap();
        assert_eq!(t["combat"]["new_key"].as_integer(), Some(1));
    }

    #[test]
    fn sets_array_entries_by_index_and_units_by_id() {
        let mut t = malaya();
        set_path(&mut t, "unit_types.jp_inf.attack.0", &Value::Integer(6)).unwrap();
        assert_eq!(t["unit_types"]["jp_inf"]["attack"][0].as_integer(), Some(6));
        assert_eq!(t["unit_types"]["jp_inf"]["attack"][1].as_integer(), Some(2));
        let id = t["units"][3]["id"].as_str().unwrap().to_string();
        let ty = t["units"][3]["type"].as_str().unwrap().to_string();
        // By id: the optional `steps` key is created in that unit's entry.
        set_path(&mut t, &format!("units.{id}.steps"), &Value::Integer(1)).unwrap();
        assert_eq!(t["units"][3]["steps"].as_integer(), Some(1));
        // By index: the same unit, now an existing field.
        set_path(&mut t, "units.3.steps", &Value::Integer(2)).unwrap();
        assert_eq!(t["units"][3]["steps"].as_integer(), Some(2));
        assert_eq!(t["units"][3]["type"].as_str(), Some(ty.as_str()));
        assert!(t["units"][2].get("steps").is_none());
        // Strings are not numbers.
        let e = set_path(&mut t, &format!("units.{id}.type"), &Value::Integer(1)).unwrap_err();
        assert!(e.to_string().contains("is a string"), "{e}");
        // The engine takes the result.
        variant("malaya", &malaya(), &format!("units.{id}.steps"), "1").unwrap();
    }

    #[test]
    fn an_edit_keeps_comments_layout_and_the_value_s_own_comment() {
        let text = "# top comment\n[victory]\n# why 8\ndecisive = 8 # tuned by hand\nmarginal = 2\n\n[[units]]\nid = \"a\"\nx = [1, 2]\n";
        let doc: DocumentMut = text.parse().unwrap();
        let out = edited_text(&doc, "victory.decisive", "11").unwrap();
        assert_eq!(out, text.replace("decisive = 8 #", "decisive = 11 #"));
        let out = edited_text(&doc, "units.a.x.1", "7").unwrap();
        assert!(out.contains("x = [1, 7]"), "{out}");
        assert_eq!(field_kind(&doc, "victory.decisive"), Some("integer"));
        assert_eq!(field_kind(&doc, "units.a.x"), Some("array"));
        assert_eq!(field_kind(&doc, "units.a.steps"), None);
        let out = edited_text(&doc, "units.a.steps", "2").unwrap();
        assert!(out.contains("x = [1, 2]\nsteps = 2\n"), "{out}");
        assert!(
            out.starts_with("# top comment\n[victory]\n# why 8\n"),
            "{out}"
        );
    }

    #[test]
    fn bad_paths_say_what_is_wrong() {
        let mut t = malaya();
        let before = t.to_string();
        let e = set_path(&mut t, "victory.nope.x", &Value::Integer(1)).unwrap_err();
        assert!(e.to_string().contains("no `nope` in `victory`"), "{e}");
        let e = set_path(&mut t, "units.no-such-unit.steps", &Value::Integer(1)).unwrap_err();
        assert!(
            e.to_string()
                .contains("no entry with id \"no-such-unit\" in `units`"),
            "{e}"
        );
        let e = set_path(&mut t, "unit_types.jp_inf.attack.7", &Value::Integer(1)).unwrap_err();
        assert!(e.to_string().contains("index 7 is past the end"), "{e}");
        let e = set_path(&mut t, "victory.decisive.x", &Value::Integer(1)).unwrap_err();
        assert!(
            e.to_string().contains("`victory.decisive` is an integer"),
            "{e}"
        );
        let e = set_path(&mut t, "victory..decisive", &Value::Integer(1)).unwrap_err();
        assert!(e.to_string().contains("empty segment"), "{e}");
        let e = set_path(&mut t, "victory.decisive", &Value::Boolean(true)).unwrap_err();
        assert!(e.to_string().contains("is a number, not true/false"), "{e}");
        // A failed set leaves the table as it was.
        assert_eq!(t.to_string(), before);
    }

    #[test]
    fn bad_values_and_invalid_scenarios_are_errors_naming_path_and_value() {
        let base = malaya();
        let e = variant("malaya", &base, "victory.decisive", "lots").unwrap_err();
        assert!(e.to_string().contains("victory.decisive=lots"), "{e}");
        let e = variant("malaya", &base, "victory.nope.x", "3").unwrap_err();
        assert!(
            e.to_string().contains("--set victory.nope.x=3: no `nope`"),
            "{e}"
        );
        // The engine refuses 0 turns; its message comes through.
        let e = variant("malaya", &base, "scenario.turns", "0").unwrap_err();
        let msg = format!("{e}");
        assert!(msg.contains("malaya with scenario.turns=0"), "{msg}");
        assert!(variant("malaya", &base, "victory.decisive", "30").is_ok());
        assert!(parse_set("x").is_err());
        assert!(parse_set("=1,2").is_err());
        assert!(parse_set("a.b=1,,2").is_err());
        assert_eq!(
            parse_set(" a.b = 1, 2.5,true").unwrap(),
            (
                "a.b".to_string(),
                vec!["1".into(), "2.5".into(), "true".into()]
            )
        );
        assert_eq!(parse_value("nan"), None);
        assert_eq!(parse_value("-3"), Some(Value::Integer(-3)));
    }
}
