//! Strengths and odds (MAL-CBT-3..5, MAL-SUP-6, GS-5, MP-CHG-4): each
//! unit's strength with the modifiers that made it, the totals, the column
//! and the air points each side commits.

use serde::{Deserialize, Serialize};

use crate::hex::{Dir, HexId};
use crate::scenario::{Scenario, Side, SideBits, UnitKind};
use crate::state::{GameState, UnitFlags, UnitId};

/// Something that changes a unit's combat strength (MAL-CBT-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Modifier {
    /// MAL-SUP-6 (unsupplied) or GS-5 (Supply Effects Chart).
    Supply,
    /// The defender's terrain.
    Terrain,
    /// A fort.
    Fort,
    /// Attacking across a river.
    River,
    /// Attacking across a stream.
    Stream,
    /// MP-CHG-4: the charger against the unit it charged, x1.5 rounded down.
    Charge,
}

impl Modifier {
    /// For people.
    pub fn name(self) -> &'static str {
        match self {
            Modifier::Supply => "supply",
            Modifier::Terrain => "terrain",
            Modifier::Fort => "fort",
            Modifier::River => "across a river",
            Modifier::Stream => "across a stream",
            Modifier::Charge => "charge (x1.5, rounded down)",
        }
    }
}

/// One unit's part in a combat: its strength before and after modifiers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Contribution {
    /// The unit.
    pub unit: UnitId,
    /// Strength from its type and steps (less morale losses, MP-CHG-5).
    pub base: f64,
    /// Each modifier and its factor, in the order applied.
    pub modifiers: Vec<(Modifier, f64)>,
    /// The strength it adds.
    pub strength: f64,
}

/// A unit's base strength and its strength after supply (MAL-SUP-6, GS-5),
/// noting the supply factor when there is one.
fn with_supply(base: f64, supplied: f64, note: &mut impl FnMut(Modifier, f64)) -> (f64, f64) {
    if base > 0.0 && supplied != base {
        note(Modifier::Supply, supplied / base);
    }
    (base, supplied)
}

/// MAL-CBT-4: `u`'s attack strength against `target`, each modifier passed
/// to `note` as it applies.
fn attack_of(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    target: HexId,
    mut note: impl FnMut(Modifier, f64),
) -> (f64, f64) {
    let rules = scen.combat();
    let us = state.unit(u);
    let base = state.base_strength(scen, u, true);
    // MP-CHG-4: "its Combat Strength is multiplied by 1,5 (rounded down)":
    // the unit's strength, before the combat's modifiers.
    let charged = us.has(UnitFlags::CHARGED) && {
        let tu = state.unit(us.charge_target);
        tu.hex == target && tu.on_map()
    };
    let strength = if charged {
        note(Modifier::Charge, 1.5);
        (base * 1.5).floor()
    } else {
        base
    };
    let (_, supplied) = with_supply(base, state.attack_strength(scen, u), &mut note);
    let mut v = if base > 0.0 {
        strength * supplied / base
    } else {
        supplied
    };
    if us.on_map() {
        if let Some(d) = scen.grid().direction(us.hex, target) {
            let bits = scen.hexside(us.hex, d);
            if bits.contains(SideBits::RIVER) && rules.river != 1.0 {
                v *= rules.river;
                note(Modifier::River, rules.river);
            } else if bits.contains(SideBits::STREAM) && rules.stream != 1.0 {
                v *= rules.stream;
                note(Modifier::Stream, rules.stream);
            }
        }
    }
    (base, v)
}

/// MAL-CBT-3, -4: `u`'s defense strength in `target`.
fn defense_of(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    target: HexId,
    mut note: impl FnMut(Modifier, f64),
) -> (f64, f64) {
    let (base, mut v) = with_supply(
        state.base_strength(scen, u, false),
        state.defense_strength(scen, u),
        &mut note,
    );
    let t = scen.terrain(target).defense;
    if t != 1.0 {
        v *= t;
        note(Modifier::Terrain, t);
    }
    // GS-10: a built fort defends as the scenario's do.
    if state.is_fort(scen, target) && scen.combat().fort != 1.0 {
        v *= scen.combat().fort;
        note(Modifier::Fort, scen.combat().fort);
    }
    (base, v)
}

/// The attackers committed to the combat being declared, lowest id first.
pub(super) fn committed(state: &GameState) -> impl Iterator<Item = UnitId> + '_ {
    state
        .units()
        .iter()
        .enumerate()
        .filter(|(_, u)| u.has(UnitFlags::COMMITTED) && !u.eliminated())
        .map(|(i, _)| UnitId(i as u16))
}

/// The units defending `target` against `side` (MAL-CBT-3: all of them).
pub(super) fn defenders<'a>(
    scen: &'a Scenario,
    state: &'a GameState,
    target: HexId,
    side: Side,
) -> impl Iterator<Item = UnitId> + 'a {
    state
        .units_at(target)
        .filter(move |u| scen.unit(*u).side != side)
}

/// The odds of a combat, explained (MAL-CBT-3..5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Odds {
    /// The defending hex.
    pub target: HexId,
    /// Each attacker's strength.
    pub attackers: Vec<Contribution>,
    /// Each defender's strength.
    pub defenders: Vec<Contribution>,
    /// Total attack strength (fractions kept).
    pub attack: f64,
    /// Total defense strength.
    pub defense: f64,
    /// D-CRT-1: the column, an index into the scenario's table.
    pub column: usize,
    /// Air points the attacker commits (MAL-CBT-5).
    pub attacker_air: u8,
    /// Air points the defender's rule commits (MAL-CBT-5).
    pub defender_air: u8,
    /// What the air points add to the die roll.
    pub die_modifier: i32,
}

pub(super) fn totals(scen: &Scenario, state: &GameState, target: HexId) -> (f64, f64) {
    let side = state.active_side();
    let attack = committed(state)
        .map(|u| attack_of(scen, state, u, target, |_, _| {}).1)
        .sum();
    let defense = defenders(scen, state, target, side)
        .map(|u| defense_of(scen, state, u, target, |_, _| {}).1)
        .sum();
    (attack, defense)
}

/// MAL-CBT-5: the defender's air points, by a rule that does not see the
/// attacker's: one point (if it has any left) when the odds before air
/// reach the scenario's `defender_air_at` column, or it defends in terrain
/// that multiplies defense or in a fort.
pub(super) fn defender_air(scen: &Scenario, state: &GameState, target: HexId, column: usize) -> u8 {
    let foe = state.active_side().other();
    let strong_terrain = scen.terrain(target).defense > 1.0 || state.is_fort(scen, target);
    let wants = column >= scen.combat().defender_air_at || strong_terrain;
    u8::from(wants && state.air_points(foe) > 0)
}

/// The odds of the attack being declared, with `air` points from the attacker.
pub fn odds(scen: &Scenario, state: &GameState, air: u8) -> Odds {
    let target = state.combat().target;
    let side = state.active_side();
    let contribution = |u: UnitId, attack: bool| {
        let mut modifiers = Vec::new();
        let note = |m, f| modifiers.push((m, f));
        let (base, strength) = if attack {
            attack_of(scen, state, u, target, note)
        } else {
            defense_of(scen, state, u, target, note)
        };
        Contribution {
            unit: u,
            base,
            modifiers,
            strength,
        }
    };
    let attackers: Vec<_> = committed(state).map(|u| contribution(u, true)).collect();
    let defenders: Vec<_> = defenders(scen, state, target, side)
        .map(|u| contribution(u, false))
        .collect();
    let attack = attackers.iter().map(|c| c.strength).sum();
    let defense = defenders.iter().map(|c| c.strength).sum();
    let column = scen.combat().column(attack, defense);
    let attacker_air = air.min(state.air_points(side));
    let defender_air = defender_air(scen, state, target, column);
    Odds {
        target,
        attackers,
        defenders,
        attack,
        defense,
        column,
        attacker_air,
        defender_air,
        die_modifier: attacker_air as i32 - defender_air as i32,
    }
}

/// What the hexside `dir` of `from` does to an attack across it by a unit
/// of `kind`: `None` when it may not attack across it at all (MAL-CBT-2:
/// armor only along a connected road or rail), else the factor its attack strength is
/// multiplied by (the table's river or stream modifier, or 1). For players
/// reckoning attacks they have not declared; [`odds`] applies the same.
pub fn crossing(scen: &Scenario, from: HexId, dir: Dir, kind: UnitKind) -> Option<f64> {
    let bits = scen.hexside(from, dir);
    let route = SideBits::ROAD | SideBits::RAIL;
    if kind == UnitKind::Armor && !scen.route_connects(from, dir, route, None) {
        return None;
    }
    let rules = scen.combat();
    Some(if bits.contains(SideBits::RIVER) {
        rules.river
    } else if bits.contains(SideBits::STREAM) {
        rules.stream
    } else {
        1.0
    })
}
