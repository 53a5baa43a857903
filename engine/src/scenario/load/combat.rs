//! `[combat]`: the Combat Results Table (D-CRT-1) and the combat options:
//! losses, air points (MAL-CBT-5), river, stream and fort modifiers, and
//! amphibious losses (MAL-CBT-10).

use toml::Spanned;

use super::errors::Ctx;
use crate::scenario::file::{CombatFile, SStr};
use crate::scenario::{CombatRules, CrtResult, LossModel, SideInfo};

/// `[combat]`: the results table and combat options (MAL-CBT, D-CRT-1).
pub(super) fn check_combat(
    cx: &mut Ctx<'_>,
    raw: &CombatFile,
    sides: &[SideInfo; 2],
) -> CombatRules {
    let mut rules = CombatRules::default();
    match (&raw.columns, &raw.results) {
        (None, None) => {}
        (Some(c), None) => cx.err(
            c.span(),
            "[combat] columns given without results: give both, or neither for the default table",
        ),
        (None, Some(r)) => cx.err(
            r.span(),
            "[combat] results given without columns: give both, or neither for the default table",
        ),
        (Some(cols), Some(rows)) => check_table(cx, cols, rows, &mut rules),
    }
    if let Some(l) = &raw.losses {
        match l.get_ref().as_str() {
            "steps" => rules.losses = LossModel::Steps,
            "morale" => rules.losses = LossModel::Morale,
            other => cx.err(
                l.span(),
                format!("[combat] losses must be \"steps\" or \"morale\", not \"{other}\""),
            ),
        }
    }
    for (k, v) in &raw.air {
        if let Some(s) = cx.side(sides, k) {
            let n = *v.get_ref();
            if !(0..=50).contains(&n) {
                cx.err(
                    v.span(),
                    format!("[combat] air points must be 0 to 50 a turn, not {n}"),
                );
            }
            rules.air[s.index()] = n.clamp(0, 50) as u8;
        }
    }
    rules.defender_air_at = defender_air_at(cx, raw, &rules);
    rules.river = factor(cx, &raw.river, "river", 0.5);
    rules.stream = factor(cx, &raw.stream, "stream", 1.0);
    rules.fort = factor(cx, &raw.fort, "fort", 2.0);
    if let Some(v) = &raw.amphibious_loss {
        let n = *v.get_ref();
        if !(0..=4).contains(&n) {
            cx.err(
                v.span(),
                format!("[combat] amphibious_loss must be 0 to 4 steps, not {n}"),
            );
        }
        rules.amphibious_loss = n.clamp(0, 4) as u8;
    }
    rules
}

/// `"A:D"`, each 1 to 100, as `(A, D)`.
fn parse_column(s: &str) -> Option<(u16, u16)> {
    let (a, d) = s.trim().split_once(':')?;
    let (a, d): (u16, u16) = (a.trim().parse().ok()?, d.trim().parse().ok()?);
    ((1..=100).contains(&a) && (1..=100).contains(&d)).then_some((a, d))
}

/// D-CRT-1: the odds columns, rising, and one row of results per die face
/// (1 to 20), one result per column. The table replaces the default only
/// when its columns and row count are good.
fn check_table(
    cx: &mut Ctx<'_>,
    cols: &Spanned<Vec<SStr>>,
    rows: &Spanned<Vec<Spanned<Vec<SStr>>>>,
    rules: &mut CombatRules,
) {
    let columns = check_columns(cx, cols);
    let n = rows.get_ref().len();
    if !(1..=20).contains(&n) {
        cx.err(
            rows.span(),
            format!("[combat] results: one row per die face, 1 to 20 rows, not {n}"),
        );
    }
    let mut results = Vec::new();
    for (i, row) in rows.get_ref().iter().enumerate() {
        if row.get_ref().len() != cols.get_ref().len() {
            cx.err(
                row.span(),
                format!(
                    "[combat] results row {} (die {}) has {} results for {} columns",
                    i + 1,
                    i + 1,
                    row.get_ref().len(),
                    cols.get_ref().len()
                ),
            );
        }
        let mut out = Vec::new();
        for r in row.get_ref() {
            match CrtResult::parse(r.get_ref()) {
                // MAL-CBT-7: "move two hexes away": a retreat is of one or
                // two hexes (a third only past an overstacked end).
                Some(x) if x.retreat > 2 => cx.err(
                    r.span(),
                    format!(
                        "[combat] result \"{}\" retreats {} hexes: a retreat is of 1 or 2 hexes (R1, R2)",
                        r.get_ref(),
                        x.retreat
                    ),
                ),
                Some(x) => out.push(x),
                None => cx.err(
                    r.span(),
                    format!(
                        "[combat] result \"{}\" is not one of -, EX, or A<n>, D<n>, R<n> in that order (like \"D1R2\")",
                        r.get_ref()
                    ),
                ),
            }
        }
        results.push(out);
    }
    if !columns.is_empty() && (1..=20).contains(&n) {
        rules.columns = columns;
        rules.results = results;
    }
}

/// D-CRT-1: the good odds columns, each higher than the one before; at
/// least one.
fn check_columns(cx: &mut Ctx<'_>, cols: &Spanned<Vec<SStr>>) -> Vec<(u16, u16)> {
    let mut columns = Vec::new();
    for c in cols.get_ref() {
        match parse_column(c.get_ref()) {
            Some(x) => {
                if columns.last().is_some_and(|&(a, d): &(u16, u16)| {
                    x.0 as u32 * d as u32 <= a as u32 * x.1 as u32
                }) {
                    cx.err(
                        c.span(),
                        format!(
                            "[combat] column \"{}\" must be higher odds than the one before it",
                            c.get_ref()
                        ),
                    );
                }
                columns.push(x)
            }
            None => cx.err(
                c.span(),
                format!(
                    "[combat] column \"{}\" is not odds written A:D (each 1 to 100), like \"3:1\"",
                    c.get_ref()
                ),
            ),
        }
    }
    if cols.get_ref().is_empty() {
        cx.err(cols.span(), "[combat] columns: at least one column");
    }
    columns
}

/// MAL-CBT-5: the column from which the defender commits an air point: as
/// given (a column of the table), else the first at 3:1 or more, else the last.
fn defender_air_at(cx: &mut Ctx<'_>, raw: &CombatFile, rules: &CombatRules) -> usize {
    if let Some(c) = &raw.defender_air_at {
        match parse_column(c.get_ref()).and_then(|x| rules.columns.iter().position(|&y| y == x)) {
            Some(i) => i,
            None => {
                cx.err(
                    c.span(),
                    format!(
                        "[combat] defender_air_at \"{}\" is not a column of the table",
                        c.get_ref()
                    ),
                );
                rules.defender_air_at
            }
        }
    } else {
        rules
            .columns
            .iter()
            .position(|&(a, d)| a >= 3 * d)
            .unwrap_or(rules.columns.len() - 1)
    }
}

/// A combat multiplier, 0 to 10.
fn factor(cx: &mut Ctx<'_>, v: &Option<Spanned<f64>>, what: &str, default: f64) -> f64 {
    match v {
        Some(x) if !(0.0..=10.0).contains(x.get_ref()) => {
            cx.err(
                x.span(),
                format!("[combat] {what} must be 0 to 10, not {}", x.get_ref()),
            );
            default
        }
        Some(x) => *x.get_ref(),
        None => default,
    }
}
