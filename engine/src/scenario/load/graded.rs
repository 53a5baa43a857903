//! GS-1..8: the graded supply model's part of `[supply]`: weather (GS-6,
//! read in `weather.rs`), the Supply Effects Chart (GS-5), supply points (GS-4), special sources
//! (GS-1), lines of communication (GS-8) and nations (GS-3).

use std::collections::BTreeMap;

use toml::Spanned;

use super::errors::Ctx;
use super::known::Known;
use super::pockets::check_pockets;
use super::read::{list, mp_upto};
use super::weather::{check_turn_weather, check_weathers};
use crate::hex::HexId;
use crate::scenario::file::{SStr, SupplyFile};
use crate::scenario::{GradedRules, Mp, SupplyEffect, SupplyModel, UnitType};

/// GS-1..8: the graded model's part of `[supply]`. Its fields are errors
/// under another model (they would silently do nothing); under the graded
/// model every one has a default.
pub(super) fn check_graded(
    cx: &mut Ctx<'_>,
    raw: &SupplyFile,
    model: SupplyModel,
    k: &Known<'_>,
) -> Option<GradedRules> {
    if model != SupplyModel::Graded {
        reject_graded_fields(cx, raw);
        return None;
    }
    let turns = k.turns.clamp(1, 99) as usize;
    let weathers = check_weathers(cx, raw);
    let turn_weather = check_turn_weather(cx, raw, &weathers, turns);
    let (levels, special) = check_effects(cx, raw);
    let supply_points = per_side(cx, k, &raw.supply_points, "supply_points");
    let starting_points = per_side(cx, k, &raw.starting_points, "starting_points");
    let (sp_cost, attack_sp) = check_sp_costs(cx, raw);
    let special_sources = check_special_sources(cx, raw, k);
    let special_range = raw
        .special_range
        .as_ref()
        .map(|r| mp_upto(cx, r, 100, "[supply] special_range"));
    let zoc_cost = match &raw.zoc_cost {
        Some(v) => mp_upto(cx, v, 100, "[supply] zoc_cost"),
        None => Mp::points(2),
    };
    let isolated_losses = check_isolated_losses(cx, raw);
    let loc_class = check_loc_class(cx, raw, k.classes);
    let (nations, type_nation) = check_nations(cx, raw, k.unit_types);
    let full_from = check_full_supply_from(cx, raw, &nations);
    let pockets = check_pockets(cx, &raw.pockets, k);
    Some(GradedRules {
        weathers,
        turn_weather,
        special_levels: GradedRules::special_rows(&levels, special.as_ref()),
        levels,
        special,
        supply_points,
        starting_points,
        sp_cost,
        attack_sp,
        special_sources,
        special_range,
        zoc_cost,
        isolated_losses,
        loc_class,
        nations,
        type_nation,
        full_from,
        pockets,
    })
}

/// Under another model, each graded field given is an error.
fn reject_graded_fields(cx: &mut Ctx<'_>, raw: &SupplyFile) {
    let first_key = |m: &BTreeMap<SStr, _>| m.keys().next().map(|k: &SStr| k.span());
    let fields = [
        ("weather", raw.weather.keys().next().map(|k| k.span())),
        ("turn_weather", raw.turn_weather.as_ref().map(|t| t.span())),
        ("effects", raw.effects.first().map(|e| e.span())),
        ("supply_points", first_key(&raw.supply_points)),
        ("starting_points", first_key(&raw.starting_points)),
        ("sp_cost", raw.sp_cost.as_ref().map(|v| v.span())),
        ("attack_sp", raw.attack_sp.as_ref().map(|v| v.span())),
        (
            "special_sources",
            raw.special_sources.keys().next().map(|k| k.span()),
        ),
        (
            "special_range",
            raw.special_range.as_ref().map(|v| v.span()),
        ),
        ("zoc_cost", raw.zoc_cost.as_ref().map(|v| v.span())),
        (
            "isolated_losses",
            raw.isolated_losses.as_ref().map(|v| v.span()),
        ),
        ("loc_class", raw.loc_class.as_ref().map(|v| v.span())),
        (
            "full_supply_from",
            raw.full_supply_from.keys().next().map(|k| k.span()),
        ),
        ("pockets", raw.pockets.as_ref().map(|v| v.span())),
    ];
    for (name, span) in fields {
        if let Some(span) = span {
            cx.err(
                span,
                format!("[supply] {name} belongs to the graded supply model (model = \"graded\")"),
            );
        }
    }
}

/// GS-5: the Supply Effects Chart: the rows for limited supply (U0) and
/// U1..U8, each level missing filled from the nearest lower one, and the
/// row for special supply, if given.
fn check_effects(cx: &mut Ctx<'_>, raw: &SupplyFile) -> ([SupplyEffect; 9], Option<SupplyEffect>) {
    let mut rows: [Option<SupplyEffect>; 10] = [None; 10];
    for e in &raw.effects {
        let e = e.get_ref();
        let level = e.level.get_ref().to_ascii_lowercase();
        let index = match level.as_str() {
            "limited" | "u0" => Some(0),
            "special" => Some(9),
            l => l
                .strip_prefix('u')
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|n| (1..=8).contains(n)),
        };
        let Some(index) = index else {
            cx.err(
                e.level.span(),
                format!(
                    "[[supply.effects]]: unknown level \"{}\" (limited, special, U1 to U8)",
                    e.level.get_ref()
                ),
            );
            continue;
        };
        if rows[index].is_some() {
            cx.err(
                e.level.span(),
                format!(
                    "[[supply.effects]]: level \"{}\" is listed twice",
                    e.level.get_ref()
                ),
            );
        }
        rows[index] = Some(SupplyEffect {
            movement: effect_factor(cx, &e.movement, "movement"),
            attack: effect_factor(cx, &e.attack, "attack"),
            defense: effect_factor(cx, &e.defense, "defense"),
            zoc: e.zoc.unwrap_or(true),
        });
    }
    // A level missing from the chart has the row of the nearest lower one.
    let mut levels = [SupplyEffect::NONE; 9];
    for i in 0..9 {
        levels[i] = match rows[i] {
            Some(r) => r,
            None if i > 0 => levels[i - 1],
            None => SupplyEffect::NONE,
        };
    }
    (levels, rows[9])
}

/// GS-5: one multiplier of the chart, 0 to 1 (default 1).
fn effect_factor(cx: &mut Ctx<'_>, v: &Option<Spanned<f64>>, what: &str) -> f64 {
    match v {
        Some(v) => {
            let x = *v.get_ref();
            if !(0.0..=1.0).contains(&x) {
                cx.err(
                    v.span(),
                    format!("[[supply.effects]] {what} must be a multiplier from 0 to 1, not {x}"),
                );
            }
            x.clamp(0.0, 1.0)
        }
        None => 1.0,
    }
}

/// GS-4: supply points per side, 0 to 10000 (default 0).
fn per_side(
    cx: &mut Ctx<'_>,
    k: &Known<'_>,
    m: &BTreeMap<SStr, Spanned<i64>>,
    what: &str,
) -> [u16; 2] {
    let mut out = [0u16; 2];
    for (key, v) in m {
        if let Some(s) = cx.side_of(k.sides, key, &format!("[supply] {what}")) {
            let n = *v.get_ref();
            if !(0..=10_000).contains(&n) {
                cx.err(
                    v.span(),
                    format!("[supply] {what} must be 0 to 10000, not {n}"),
                );
            }
            out[s.index()] = n.clamp(0, 10_000) as u16;
        }
    }
    out
}

/// GS-4: supply points to put a unit in full supply, 1 to 1000 (default 1),
/// and to make an attack, 0 to 1000 (default 0).
fn check_sp_costs(cx: &mut Ctx<'_>, raw: &SupplyFile) -> (u16, u16) {
    let sp_cost = match &raw.sp_cost {
        Some(v) => {
            let n = *v.get_ref();
            if !(1..=1000).contains(&n) {
                cx.err(
                    v.span(),
                    format!("[supply] sp_cost must be 1 to 1000, not {n}"),
                );
            }
            n.clamp(1, 1000) as u16
        }
        None => 1,
    };
    let attack_sp = match &raw.attack_sp {
        Some(v) => {
            let n = *v.get_ref();
            if !(0..=1000).contains(&n) {
                cx.err(
                    v.span(),
                    format!("[supply] attack_sp must be 0 to 1000, not {n}"),
                );
            }
            n.clamp(0, 1000) as u16
        }
        None => 0,
    };
    (sp_cost, attack_sp)
}

/// GS-1: each side's special supply sources.
fn check_special_sources(cx: &mut Ctx<'_>, raw: &SupplyFile, k: &Known<'_>) -> [Vec<HexId>; 2] {
    let mut special_sources: [Vec<HexId>; 2] = [Vec::new(), Vec::new()];
    for (key, hexes) in &raw.special_sources {
        if let Some(s) = cx.side_of(k.sides, key, "[supply] special_sources") {
            special_sources[s.index()] = cx.hexes(
                k.grid,
                hexes,
                &format!("special supply source of \"{}\"", key.get_ref()),
            );
        }
    }
    special_sources
}

/// GS-7: extra step losses of an isolated unit in combat, 0 to 10 (default 1).
fn check_isolated_losses(cx: &mut Ctx<'_>, raw: &SupplyFile) -> u8 {
    match &raw.isolated_losses {
        Some(v) => {
            let n = *v.get_ref();
            if !(0..=10).contains(&n) {
                cx.err(
                    v.span(),
                    format!("[supply] isolated_losses must be 0 to 10, not {n}"),
                );
            }
            n.clamp(0, 10) as u8
        }
        None => 1,
    }
}

/// GS-8: the movement class whose costs lines of communication pay
/// (default the first).
fn check_loc_class(cx: &mut Ctx<'_>, raw: &SupplyFile, classes: &[String]) -> u8 {
    match &raw.loc_class {
        Some(c) => match classes.iter().position(|x| x == c.get_ref()) {
            Some(i) => i as u8,
            None => {
                cx.err(
                    c.span(),
                    format!(
                        "[supply] loc_class: unknown movement class \"{}\" (classes are {})",
                        c.get_ref(),
                        list(classes)
                    ),
                );
                0
            }
        },
        None => 0,
    }
}

/// GS-3: the nations, numbered in order of first mention among the unit
/// types (at most 64), and each type's.
fn check_nations(
    cx: &mut Ctx<'_>,
    raw: &SupplyFile,
    unit_types: &[UnitType],
) -> (Vec<String>, Vec<u8>) {
    let mut nations: Vec<String> = Vec::new();
    let mut type_nation = Vec::with_capacity(unit_types.len());
    for t in unit_types {
        let i = match nations.iter().position(|n| *n == t.nation) {
            Some(i) => i,
            None => {
                nations.push(t.nation.clone());
                nations.len() - 1
            }
        };
        type_nation.push(i.min(63) as u8);
    }
    if nations.len() > 64 {
        let span = raw.model.as_ref().map_or(0..0, |m| m.span());
        cx.err(
            span,
            format!(
                "the graded supply model allows at most 64 nations, the unit types have {}",
                nations.len()
            ),
        );
    }
    (nations, type_nation)
}

/// GS-3: the one-way links of `full_supply_from`, per nation the nations
/// whose HQs give it full supply (its own always). Every name must be a
/// nation of the unit types.
fn check_full_supply_from(cx: &mut Ctx<'_>, raw: &SupplyFile, nations: &[String]) -> Vec<u64> {
    let mut full_from: Vec<u64> = (0..nations.len()).map(|i| 1u64 << i.min(63)).collect();
    let nation = |cx: &mut Ctx<'_>, name: &SStr| {
        let i = nations.iter().position(|n| n == name.get_ref());
        if i.is_none() {
            cx.err(
                name.span(),
                format!(
                    "[supply] full_supply_from: unknown nation \"{}\" (the unit types' nations: {})",
                    name.get_ref(),
                    nations.join(", ")
                ),
            );
        }
        i.filter(|&i| i < 64)
    };
    for (key, from) in &raw.full_supply_from {
        let Some(to) = nation(cx, key) else {
            continue;
        };
        for name in from {
            if let Some(i) = nation(cx, name) {
                full_from[to] |= 1 << i;
            }
        }
    }
    full_from
}
