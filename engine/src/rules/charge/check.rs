//! MP-CHG-3: the morale check of a charge, its numbers and its exact odds.

use super::{ChargeLine, DIE, can_charge};
use crate::hex::HexId;
use crate::scenario::{Scenario, SideBits, UnitKind};
use crate::state::{GameState, UnitId};

/// MP-CHG-3: a unit's combat strength for the morale check: its strength
/// for the steps it has left less morale losses (MP-CHG-5), rounded down.
pub fn check_strength(scen: &Scenario, state: &GameState, u: UnitId, attack: bool) -> i32 {
    state.base_strength(scen, u, attack).floor() as i32
}

/// MP-CHG-3: `u`'s morale value now: its current morale; a leader's is its
/// combat strength plus its command radius; 0 for a unit with none.
pub fn morale_value(scen: &Scenario, state: &GameState, u: UnitId) -> i32 {
    let ty = scen.unit_type(u);
    if ty.kind == UnitKind::Leader {
        check_strength(scen, state, u, false) + ty.command as i32
    } else {
        state.unit(u).morale as i32
    }
}

/// The numbers of a morale check (MP-CHG-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoraleCheck {
    /// The charger's combat strength.
    pub charger: i32,
    /// The target's combat strength.
    pub target: i32,
    /// The target's morale value, unmodified.
    pub morale: i32,
    /// +1 if the charge crosses a slope uphill (or a double slope), -1 if
    /// it crosses one downhill; both: 0.
    pub slope: i32,
    /// +1 if the charge crosses a stream.
    pub stream: i32,
}

impl MoraleCheck {
    /// The morale value with its modifiers: the total must exceed it.
    pub fn to_beat(&self) -> i32 {
        self.morale + self.slope + self.stream
    }

    /// The roll plus the strength difference.
    pub fn total(&self, roll: u8) -> i32 {
        roll as i32 + self.charger - self.target
    }

    /// Whether the check fails on `roll`: the charge succeeds.
    pub fn fails(&self, roll: u8) -> bool {
        self.total(roll) > self.to_beat()
    }

    /// The exact chance that the check fails (the charge succeeds): the
    /// rolls of 1..=9 that do, over 9.
    pub fn success_chance(&self) -> f64 {
        (1..=DIE).filter(|&r| self.fails(r)).count() as f64 / DIE as f64
    }
}

/// MP-CHG-3: the morale check of the charge along `line` by `unit`.
pub fn morale_check(
    scen: &Scenario,
    state: &GameState,
    unit: UnitId,
    line: &ChargeLine,
) -> MoraleCheck {
    // "Through" a slope or a stream: any hexside the charge crosses, from
    // its start hex to the target's hexside; each modifier counts once.
    let (mut up, mut down, mut wet) = (false, false, false);
    for h in [line.from, line.hexes[0], line.hexes[1]] {
        let bits = scen.hexside(h, line.dir);
        up |= bits.intersects(SideBits::UPHILL | SideBits::DOUBLE_SLOPE);
        down |= bits.contains(SideBits::DOWNHILL) && !bits.contains(SideBits::DOUBLE_SLOPE);
        wet |= bits.contains(SideBits::STREAM);
    }
    let slope = up as i32 - down as i32;
    MoraleCheck {
        charger: check_strength(scen, state, unit, true),
        target: check_strength(scen, state, line.target, false),
        morale: morale_value(scen, state, line.target),
        slope,
        stream: wet as i32,
    }
}

/// The exact probability that the charge of `unit` at `target` succeeds
/// (the target's morale check fails), or `None` if it may not charge it now.
pub fn success_chance(
    scen: &Scenario,
    state: &GameState,
    unit: UnitId,
    target: HexId,
) -> Option<f64> {
    let line = can_charge(scen, state, unit, target).ok()?;
    Some(morale_check(scen, state, unit, &line).success_chance())
}
