//! `hexwar sweep`: vary one number in a scenario, play a batch at each
//! value, and find the value that gives an even game.
//!
//! The scenario's TOML is edited as a table ([`set_path`]), written back out
//! and checked by `Scenario::from_toml` like any file, so a change that
//! breaks a rule is reported as the engine would report it. Every value
//! plays the same game indices with the same master seed (common random
//! numbers), so the differences between values are the parameter's, not
//! the dice's. A logistic curve through the first side's win rates gives
//! the 50% point, with a bootstrap interval ([`crate::fit`]).

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use hexwar_engine::{Scenario, Side, builtin};
use serde::Serialize;
use toml::{Table, Value};

use crate::fit::{self, Logistic};
use crate::plots::{self, SweepPoint};
use crate::simulate::{Batch, run_batch};
use crate::stats::{Z95, wilson};

/// Bootstrap replicates for the interval of the 50% point.
pub const BOOTSTRAP_REPS: usize = 1000;

/// What to sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepSpec {
    /// A built-in scenario's name, or a path to a scenario file.
    pub scenario: String,
    /// `PATH=V1,V2,...`: the field to vary (dotted, see [`set_path`]) and
    /// its values.
    pub set: String,
    /// Games per value.
    pub games: u64,
    /// AI spec for the first side.
    pub blue: String,
    /// AI spec for the second side.
    pub red: String,
    /// Master seed, the same for every value.
    pub seed: u64,
    /// Threads; `None` uses rayon's global pool.
    pub threads: Option<usize>,
    /// Directory for `sweep.json`, `sweep.png` and `sweep.svg`; nothing is
    /// written without one. [`SweepSpec::default_out`] gives the usual one.
    pub out: Option<PathBuf>,
}

impl SweepSpec {
    /// `results/runs/sweep-<scenario>-<path>-<seed>`: the scenario's name
    /// (a file's stem), the path and the seed, with anything but letters,
    /// digits, `-`, `_` and `.` turned into `_`.
    pub fn default_out(&self) -> PathBuf {
        let name = if builtin::source(&self.scenario).is_some() {
            self.scenario.clone()
        } else {
            Path::new(&self.scenario)
                .file_stem()
                .map_or_else(|| self.scenario.clone(), |s| s.to_string_lossy().into())
        };
        let path = self.set.split('=').next().unwrap_or("").trim();
        let clean = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                        c
                    } else {
                        '_'
                    }
                })
                .collect()
        };
        PathBuf::from("results/runs").join(format!(
            "sweep-{}-{}-{}",
            clean(&name),
            clean(path),
            self.seed
        ))
    }

    /// Games the whole sweep plays (games times values): a progress bar's
    /// length. Fails on a `--set` that does not parse.
    pub fn total_games(&self) -> Result<u64> {
        let (_, values) = parse_set(&self.set)?;
        Ok(self.games.saturating_mul(values.len() as u64))
    }
}

/// Splits `PATH=V1,V2,...` into the path and the values (trimmed).
pub fn parse_set(set: &str) -> Result<(String, Vec<String>)> {
    let Some((path, values)) = set.split_once('=') else {
        bail!("--set \"{set}\": expected PATH=V1,V2,... (e.g. unit_types.jp_inf.attack.0=3,4,5)");
    };
    let path = path.trim();
    if path.is_empty() {
        bail!("--set \"{set}\": the path before '=' is empty");
    }
    let values: Vec<String> = values.split(',').map(|v| v.trim().to_string()).collect();
    if values.iter().any(String::is_empty) {
        bail!("--set \"{set}\": an empty value in the list (values are separated by commas)");
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
fn entry<'a>(a: &'a mut [Value], seg: &str, at: &str) -> Result<&'a mut Value, String> {
    let len = a.len();
    if let Ok(i) = seg.parse::<usize>() {
        return a
            .get_mut(i)
            .ok_or_else(|| format!("index {i} is past the end of {at} ({len} entries)"));
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
        return Err(format!(
            "{at} is an array of {len}: use an index from 0 to {}, not \"{seg}\"",
            len.saturating_sub(1)
        ));
    }
    let shown: Vec<&str> = ids.iter().take(12).map(String::as_str).collect();
    let more = if ids.len() > 12 { ", ..." } else { "" };
    Err(format!(
        "no entry with id \"{seg}\" in {at} (ids: {}{more}; or an index from 0 to {})",
        shown.join(", "),
        len.saturating_sub(1)
    ))
}

/// Puts `new` where `old` is, if both are numbers or both booleans. A
/// float field stays a float; an integer field takes an integer, or a
/// float when the new value has a fraction (the loader decides whether
/// that is allowed).
fn replace_leaf(old: &mut Value, new: &Value, at: &str) -> Result<(), String> {
    let v = match (&*old, new) {
        (Value::Float(_), Value::Integer(i)) => Value::Float(*i as f64),
        (Value::Integer(_), Value::Float(f)) if f.fract() == 0.0 && f.abs() < 9e15 => {
            Value::Integer(*f as i64)
        }
        (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_)) => new.clone(),
        (Value::Boolean(_), Value::Boolean(_)) => new.clone(),
        (Value::Boolean(_), _) => return Err(format!("{at} is true/false, not a number")),
        (Value::Integer(_) | Value::Float(_), _) => {
            return Err(format!("{at} is a number, not true/false"));
        }
        (other, _) => {
            return Err(format!(
                "{at} is {} {}, not a number or true/false",
                article(other.type_str()),
                other.type_str()
            ));
        }
    };
    *old = v;
    Ok(())
}

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
pub fn set_path(table: &mut Table, path: &str, value: &Value) -> Result<(), String> {
    let segs: Vec<&str> = path.split('.').collect();
    if segs.iter().any(|s| s.is_empty()) {
        return Err(format!("the path \"{path}\" has an empty segment"));
    }
    let (last, parents) = segs.split_last().ok_or("the path is empty")?;
    let mut root = Value::Table(std::mem::take(table));
    let result = (|| {
        let mut cur = &mut root;
        for (i, seg) in parents.iter().enumerate() {
            let at = here(&segs, i);
            cur = match cur {
                Value::Table(t) => {
                    if !t.contains_key(*seg) {
                        let keys: Vec<&str> = t.keys().map(String::as_str).take(20).collect();
                        return Err(format!("no `{seg}` in {at} (it has: {})", keys.join(", ")));
                    }
                    t.get_mut(*seg)
                        .ok_or_else(|| format!("no `{seg}` in {at}"))?
                }
                Value::Array(a) => entry(a, seg, &at)?,
                other => {
                    return Err(format!(
                        "{at} is {} {}, so it has no `{seg}`",
                        article(other.type_str()),
                        other.type_str()
                    ));
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
            other => Err(format!(
                "{parent} is {} {}, so it has no `{last}`",
                article(other.type_str()),
                other.type_str()
            )),
        }
    })();
    if let Value::Table(t) = root {
        *table = t;
    }
    result
}

/// The scenario's TOML text: a built-in's, or a file's.
fn scenario_text(spec: &str) -> Result<String> {
    if let Some(src) = builtin::source(spec) {
        return Ok(src.to_string());
    }
    let path = Path::new(spec);
    if !path.exists() {
        bail!(
            "unknown scenario \"{spec}\": not a built-in scenario ({}) and no such file",
            builtin::names().collect::<Vec<_>>().join(", ")
        );
    }
    fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}

/// The scenario with `path` set to `value`, checked by the engine.
pub fn variant(spec: &str, base: &Table, path: &str, value: &str) -> Result<Scenario> {
    let Some(v) = parse_value(value) else {
        bail!("--set {path}={value}: \"{value}\" is not a number or true/false");
    };
    let mut table = base.clone();
    set_path(&mut table, path, &v).map_err(|m| anyhow::anyhow!("--set {path}={value}: {m}"))?;
    let text = toml::to_string(&table)
        .with_context(|| format!("--set {path}={value}: cannot write the scenario back out"))?;
    let name = format!("{spec} with {path}={value}");
    Scenario::from_toml(&text, &name)
        .map_err(|e| anyhow::anyhow!("{name} is not a valid scenario:\n{e}"))
}

/// One value's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepRow {
    /// The value as given.
    pub value: String,
    /// The value as a number (`true` 1, `false` 0).
    pub x: f64,
    /// First-side wins.
    pub wins: u64,
    /// Drawn or aborted games.
    pub draws: u64,
    /// Games played.
    pub n: u64,
    /// `wins / n`.
    pub rate: f64,
    /// Lower end of the 95% Wilson interval.
    pub low: f64,
    /// Upper end of the 95% Wilson interval.
    pub high: f64,
}

/// The fitted curve `p(x) = 1 / (1 + exp(-(b0 + b1 x)))`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FitReport {
    /// Intercept.
    pub b0: f64,
    /// Slope.
    pub b1: f64,
}

/// What a sweep found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepReport {
    /// Scenario name.
    pub scenario: String,
    /// The field varied.
    pub path: String,
    /// Side names, first side first (the rates are the first side's).
    pub sides: [String; 2],
    /// AI spec for the first side.
    pub blue: String,
    /// AI spec for the second side.
    pub red: String,
    /// Games per value.
    pub games: u64,
    /// Master seed (the same for every value).
    pub seed: u64,
    /// Per value, in the order given.
    pub points: Vec<SweepRow>,
    /// The logistic fit, if the values are numbers and the data allow one.
    pub fit: Option<FitReport>,
    /// Where the fitted curve crosses 50%.
    pub x50: Option<f64>,
    /// 95% bootstrap interval of `x50`.
    pub x50_interval: Option<[f64; 2]>,
    /// Whether `x50` lies within the values tried (else it is an extrapolation).
    pub x50_within_values: Option<bool>,
    /// Why there is no fit, no `x50` or no interval, or a warning about them.
    pub note: Option<String>,
    /// Files written: `sweep.json`, `sweep.png`, `sweep.svg`.
    pub files: Vec<PathBuf>,
}

/// Runs the sweep: checks every value's scenario first, then plays a batch
/// per value (`on_game` is called after each game, from any thread), fits,
/// and writes the report and plot when `spec.out` is set.
pub fn sweep(spec: &SweepSpec, on_game: &(dyn Fn() + Sync)) -> Result<SweepReport> {
    if spec.games == 0 {
        bail!("--games must be at least 1");
    }
    let (path, values) = parse_set(&spec.set)?;
    let text = scenario_text(&spec.scenario)?;
    let base: Table = text
        .parse()
        .map_err(|e| anyhow::anyhow!("{} is not TOML: {e}", spec.scenario))?;
    let scens = values
        .iter()
        .map(|v| variant(&spec.scenario, &base, &path, v))
        .collect::<Result<Vec<_>>>()?;
    let first = &scens[0];
    let batch = Batch {
        games: spec.games,
        blue: spec.blue.clone(),
        red: spec.red.clone(),
        seed: spec.seed,
        threads: spec.threads,
    };
    let mut points = Vec::with_capacity(values.len());
    for (value, scen) in values.iter().zip(&scens) {
        let records = run_batch(scen, &batch, &|_| on_game())?;
        let n = records.len() as u64;
        let wins = records.iter().filter(|r| r.winner == Some(Side(0))).count() as u64;
        let draws = records.iter().filter(|r| r.winner.is_none()).count() as u64;
        let (low, high) = wilson(wins, n, Z95);
        let x = match parse_value(value) {
            Some(Value::Integer(i)) => i as f64,
            Some(Value::Float(f)) => f,
            Some(Value::Boolean(b)) => f64::from(u8::from(b)),
            _ => f64::NAN,
        };
        points.push(SweepRow {
            value: value.clone(),
            x,
            wins,
            draws,
            n,
            rate: if n == 0 { 0.0 } else { wins as f64 / n as f64 },
            low,
            high,
        });
    }
    let mut report = SweepReport {
        scenario: first.name().to_string(),
        path: path.clone(),
        sides: Side::BOTH.map(|s| first.side(s).name.clone()),
        blue: spec.blue.clone(),
        red: spec.red.clone(),
        games: spec.games,
        seed: spec.seed,
        points,
        fit: None,
        x50: None,
        x50_interval: None,
        x50_within_values: None,
        note: None,
        files: Vec::new(),
    };
    let numeric = values
        .iter()
        .all(|v| matches!(parse_value(v), Some(Value::Integer(_) | Value::Float(_))));
    fit_report(&mut report, numeric);
    if let Some(dir) = &spec.out {
        write_files(&mut report, dir)?;
    }
    Ok(report)
}

/// Fills in the fit, x50, its interval and the note.
fn fit_report(r: &mut SweepReport, numeric: bool) {
    let data: Vec<(f64, u64, u64)> = r.points.iter().map(|p| (p.x, p.wins, p.n)).collect();
    let mut distinct: Vec<f64> = data.iter().map(|d| d.0).collect();
    distinct.sort_by(f64::total_cmp);
    distinct.dedup();
    let wins: u64 = data.iter().map(|d| d.1).sum();
    let n: u64 = data.iter().map(|d| d.2).sum();
    let first = &r.sides[0];
    let why = if !numeric {
        Some("the values are not all numbers, so no curve is fitted".to_string())
    } else if distinct.len() < 2 {
        Some("a curve needs at least two different values".to_string())
    } else if wins == 0 {
        Some(format!(
            "{first} won no game at any value tried: the curve does not cross 50% within the values tried"
        ))
    } else if wins == n {
        Some(format!(
            "{first} won every game at every value tried: the curve does not cross 50% within the values tried"
        ))
    } else {
        None
    };
    if why.is_some() {
        r.note = why;
        return;
    }
    let Some(l) = fit::fit(&data) else {
        r.note = Some(
            "no finite logistic fit: the win rate jumps from 0% to 100% between neighbouring \
             values (try values in between, or more games)"
                .into(),
        );
        return;
    };
    r.fit = Some(FitReport { b0: l.b0, b1: l.b1 });
    let Some(x50) = l.x50() else {
        r.note = Some("the fitted curve is flat: the value makes no difference here".into());
        return;
    };
    r.x50 = Some(x50);
    let (lo, hi) = (distinct[0], distinct[distinct.len() - 1]);
    let within = (lo..=hi).contains(&x50);
    r.x50_within_values = Some(within);
    let mut notes = Vec::new();
    if !within {
        notes.push(format!(
            "the curve does not cross 50% within the values tried ({} to {}): x50 = {x50:.3} is an extrapolation",
            fmt_num(lo),
            fmt_num(hi)
        ));
    }
    let seed = crate::seed::splitmix64(r.seed ^ 0x7377_6565_7062_6f6f);
    match fit::bootstrap_x50(&data, BOOTSTRAP_REPS, seed) {
        Some((a, b)) => r.x50_interval = Some([a, b]),
        None => notes.push(
            "no bootstrap interval: most resampled data could not be fitted (too few games?)"
                .into(),
        ),
    }
    if !notes.is_empty() {
        r.note = Some(notes.join("; "));
    }
}

/// Writes `sweep.png`, `sweep.svg` and `sweep.json` into `dir`.
fn write_files(r: &mut SweepReport, dir: &Path) -> Result<()> {
    fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let stem = dir.join("sweep");
    let points: Vec<SweepPoint> = r
        .points
        .iter()
        .map(|p| SweepPoint {
            x: p.x,
            rate: p.rate,
            low: p.low,
            high: p.high,
        })
        .collect();
    let fit = r.fit.map(|f| Logistic { b0: f.b0, b1: f.b1 });
    let interval = r.x50_interval.map(|[a, b]| (a, b));
    let title = format!(
        "{}: {} ({}) win rate vs {}, {} games a value",
        r.scenario, r.sides[0], r.blue, r.path, r.games
    );
    plots::sweep(&stem, &title, &r.path, &points, fit, interval)?;
    let json = dir.join("sweep.json");
    r.files = vec![json.clone(), dir.join("sweep.png"), dir.join("sweep.svg")];
    let text = serde_json::to_string_pretty(r)?;
    fs::write(&json, text + "\n").with_context(|| format!("cannot write {}", json.display()))?;
    Ok(())
}

/// A number without trailing zeros (up to 3 decimals).
fn fmt_num(x: f64) -> String {
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

impl fmt::Display for SweepReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = &self.sides;
        writeln!(
            f,
            "{}: sweep of {}, {} ({a}) vs {} ({b}), {} games a value, seed {}",
            self.scenario, self.path, self.blue, self.red, self.games, self.seed
        )?;
        let vw = self
            .points
            .iter()
            .map(|p| p.value.len())
            .max()
            .unwrap_or(0)
            .max(5);
        let head = format!("{a} wins");
        let ww = head.len().max(12);
        writeln!(
            f,
            "  {:>vw$}  {:>ww$}  {:>6}  {:>17}  {:>5}",
            "value", head, "rate", "95% interval", "draws"
        )?;
        for p in &self.points {
            writeln!(
                f,
                "  {:>vw$}  {:>ww$}  {:>6}  {:>17}  {:>5}",
                p.value,
                format!("{} / {}", p.wins, p.n),
                pct(p.rate),
                format!("{} to {}", pct(p.low), pct(p.high)),
                p.draws
            )?;
        }
        if let Some(fit) = &self.fit {
            writeln!(
                f,
                "  logistic fit: p(x) = 1 / (1 + exp(-({:.4} + {:.4} x)))",
                fit.b0, fit.b1
            )?;
        }
        if let Some(x) = self.x50 {
            match self.x50_interval {
                Some([lo, hi]) => writeln!(
                    f,
                    "  50% at {} = {} (95% bootstrap interval {} to {})",
                    self.path,
                    fmt_num(x),
                    fmt_num(lo),
                    fmt_num(hi)
                )?,
                None => writeln!(f, "  50% at {} = {}", self.path, fmt_num(x))?,
            }
        }
        if let Some(note) = &self.note {
            writeln!(f, "  note: {note}")?;
        }
        if !self.files.is_empty() {
            let files: Vec<String> = self.files.iter().map(|p| p.display().to_string()).collect();
            writeln!(f, "  wrote {}", files.join(", "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
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
        assert!(e.contains("is a string"), "{e}");
        // The engine takes the result.
        variant("malaya", &malaya(), &format!("units.{id}.steps"), "1").unwrap();
    }

    #[test]
    fn bad_paths_say_what_is_wrong() {
        let mut t = malaya();
        let before = t.clone();
        let e = set_path(&mut t, "victory.nope.x", &Value::Integer(1)).unwrap_err();
        assert!(e.contains("no `nope` in `victory`"), "{e}");
        let e = set_path(&mut t, "units.no-such-unit.steps", &Value::Integer(1)).unwrap_err();
        assert!(
            e.contains("no entry with id \"no-such-unit\" in `units`"),
            "{e}"
        );
        let e = set_path(&mut t, "unit_types.jp_inf.attack.7", &Value::Integer(1)).unwrap_err();
        assert!(e.contains("index 7 is past the end"), "{e}");
        let e = set_path(&mut t, "victory.decisive.x", &Value::Integer(1)).unwrap_err();
        assert!(e.contains("`victory.decisive` is an integer"), "{e}");
        let e = set_path(&mut t, "victory..decisive", &Value::Integer(1)).unwrap_err();
        assert!(e.contains("empty segment"), "{e}");
        let e = set_path(&mut t, "victory.decisive", &Value::Boolean(true)).unwrap_err();
        assert!(e.contains("is a number, not true/false"), "{e}");
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

    #[test]
    fn default_out_names_scenario_path_and_seed() {
        let spec = SweepSpec {
            scenario: "some/dir/my-scen.toml".into(),
            set: "units.j-11.steps=1,2".into(),
            games: 10,
            blue: "random".into(),
            red: "random".into(),
            seed: 7,
            threads: None,
            out: None,
        };
        assert_eq!(
            spec.default_out(),
            PathBuf::from("results/runs/sweep-my-scen-units.j-11.steps-7")
        );
        assert_eq!(spec.total_games().unwrap(), 20);
    }

    /// Two values of the decisive margin on malaya, a few games each:
    /// every game is played, the rows are filled in order, the files are
    /// written, and the same spec gives the same rows.
    #[test]
    fn small_sweep_end_to_end() {
        let dir = std::env::temp_dir().join(format!("hexwar-sweep-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let spec = SweepSpec {
            scenario: "malaya".into(),
            set: "victory.marginal=1,30".into(),
            games: 6,
            blue: "random".into(),
            red: "random".into(),
            seed: 3,
            threads: Some(2),
            out: Some(dir.clone()),
        };
        let played = std::sync::atomic::AtomicU64::new(0);
        let tick = || {
            played.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        };
        let r = sweep(&spec, &tick).unwrap();
        assert_eq!(played.into_inner(), 12);
        assert_eq!(r.points.len(), 2);
        assert_eq!(r.points[0].value, "1");
        assert_eq!(r.points[1].x, 30.0);
        assert!(r.points.iter().all(|p| p.n == 6 && p.wins + p.draws <= 6));
        assert!(r.fit.is_some() || r.note.is_some(), "{r}");
        for f in ["sweep.json", "sweep.png", "sweep.svg"] {
            assert!(dir.join(f).exists(), "{f} missing");
        }
        let json: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(dir.join("sweep.json")).unwrap()).unwrap();
        assert_eq!(json["path"], "victory.marginal");
        assert_eq!(json["points"][1]["n"], 6);
        let text = r.to_string();
        assert!(text.contains("sweep of victory.marginal"), "{text}");
        let again = sweep(
            &SweepSpec {
                out: None,
                threads: Some(1),
                ..spec
            },
            &|| {},
        )
        .unwrap();
        assert_eq!(again.points, r.points);
        let _ = fs::remove_dir_all(&dir);
    }
}
