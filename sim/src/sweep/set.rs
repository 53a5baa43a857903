//! A sweep's `--set PATH=V1,V2,...`: the path and the values parsed, the
//! scenario's TOML edited as a table at that path ([`set_path`]), and each
//! edited table written back out and checked by the engine like any file
//! ([`variant`]), so a change that breaks a rule is reported as the engine
//! would report it.

use hexwar_engine::Scenario;
use toml::{Table, Value};

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

/// The entry of an array by index, or (for an array of tables) by `id`.
fn entry<'a>(a: &'a mut [Value], seg: &str, at: &str) -> Result<&'a mut Value, SetPathError> {
    let len = a.len();
    if let Ok(i) = seg.parse::<usize>() {
        return a.get_mut(i).ok_or_else(|| SetPathError::IndexPast {
            index: i,
            at: at.to_string(),
            len,
        });
    }
    // Unit ids are compared without regard to case, as the loader does.
    let id_of = |v: &Value| v.as_table()?.get("id")?.as_str().map(str::to_string);
    if let Some(pos) = a
        .iter()
        .position(|v| id_of(v).is_some_and(|id| id.eq_ignore_ascii_case(seg)))
    {
        return Ok(&mut a[pos]);
    }
    let ids: Vec<String> = a.iter().filter_map(id_of).collect();
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

/// Puts `new` where `old` is, if both are numbers or both booleans. A
/// float field stays a float; an integer field takes an integer, or a
/// float when the new value has a fraction (the loader decides whether
/// that is allowed).
fn replace_leaf(old: &mut Value, new: &Value, at: &str) -> Result<(), SetPathError> {
    let at = || at.to_string();
    let v = match (&*old, new) {
        (Value::Float(_), Value::Integer(i)) => Value::Float(*i as f64),
        (Value::Integer(_), Value::Float(f)) if f.fract() == 0.0 && f.abs() < 9e15 => {
            Value::Integer(*f as i64)
        }
        (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_)) => new.clone(),
        (Value::Boolean(_), Value::Boolean(_)) => new.clone(),
        (Value::Boolean(_), _) => return Err(SetPathError::NotNumber { at: at() }),
        (Value::Integer(_) | Value::Float(_), _) => {
            return Err(SetPathError::NotBoolean { at: at() });
        }
        (other, _) => {
            return Err(SetPathError::NotLeaf {
                at: at(),
                kind: other.type_str(),
            });
        }
    };
    *old = v;
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

/// Sets the field at a dotted `path` in a scenario's table to `value`.
///
/// Each segment names a key of a table; in an array, an integer segment is
/// an index (from 0), and in an array of tables with `id` keys (`units`) a
/// segment may be the id: `units.j-11.steps`,
/// `unit_types.jp_inf.attack.0`, `combat.air.japanese`. The field must
/// hold a number or a boolean, and takes a value of the same kind; a key
/// missing from an existing table is created (an optional field). The
/// message of an error names the part of the path that failed.
pub fn set_path(table: &mut Table, path: &str, value: &Value) -> Result<(), SetPathError> {
    let segs: Vec<&str> = path.split('.').collect();
    if segs.iter().any(|s| s.is_empty()) {
        return Err(SetPathError::EmptySegment {
            path: path.to_string(),
        });
    }
    let (last, parents) = segs.split_last().ok_or(SetPathError::EmptyPath)?;
    let mut root = Value::Table(std::mem::take(table));
    let result = (|| {
        let mut cur = &mut root;
        for (i, seg) in parents.iter().enumerate() {
            let at = here(&segs, i);
            cur = match cur {
                Value::Table(t) => {
                    if !t.contains_key(*seg) {
                        return Err(SetPathError::NoKey {
                            seg: seg.to_string(),
                            at,
                            keys: t.keys().take(20).cloned().collect(),
                        });
                    }
                    t.get_mut(*seg).ok_or_else(|| SetPathError::Missing {
                        seg: seg.to_string(),
                        at,
                    })?
                }
                Value::Array(a) => entry(a, seg, &at)?,
                other => {
                    return Err(SetPathError::NotContainer {
                        at,
                        kind: other.type_str(),
                        seg: seg.to_string(),
                    });
                }
            };
        }
        let at = here(&segs, segs.len());
        let parent = here(&segs, parents.len());
        match cur {
            Value::Table(t) => match t.get_mut(*last) {
                Some(old) => replace_leaf(old, value, &at),
                None => {
                    t.insert((*last).to_string(), value.clone());
                    Ok(())
                }
            },
            Value::Array(a) => {
                let old = entry(a, last, &parent)?;
                replace_leaf(old, value, &at)
            }
            other => Err(SetPathError::NotContainer {
                at: parent,
                kind: other.type_str(),
                seg: last.to_string(),
            }),
        }
    })();
    if let Value::Table(t) = root {
        *table = t;
    }
    result
}

/// The scenario with `path` set to `value`, checked by the engine.
pub fn variant(spec: &str, base: &Table, path: &str, value: &str) -> Result<Scenario, SweepError> {
    let setting = || (path.to_string(), value.to_string());
    let Some(v) = parse_value(value) else {
        let (path, value) = setting();
        return Err(SweepError::NotValue { path, value });
    };
    let mut table = base.clone();
    set_path(&mut table, path, &v).map_err(|error| {
        let (path, value) = setting();
        SweepError::Set {
            path,
            value,
            error: Box::new(error),
        }
    })?;
    let text = toml::to_string(&table).map_err(|error| {
        let (path, value) = setting();
        SweepError::WriteBack {
            path,
            value,
            error: Box::new(error),
        }
    })?;
    let name = format!("{spec} with {path}={value}");
    Scenario::from_toml(&text, &name).map_err(|errors| SweepError::Invalid { name, errors })
}

#[cfg(test)]
mod tests {
    use hexwar_engine::builtin;

    use super::*;

    fn malaya() -> Table {
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
        let units = t["units"].as_array().unwrap();
        let id = units[3]["id"].as_str().unwrap().to_string();
        let ty = units[3]["type"].as_str().unwrap().to_string();
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
    fn bad_paths_say_what_is_wrong() {
        let mut t = malaya();
        let before = t.clone();
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
        assert_eq!(t, before);
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
