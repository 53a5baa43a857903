//! Zones of control (MP-ZOC-1..5): which hexes each side's units and forts
//! control, kept apart for foot and mounted units because MP-ZOC-8 treats
//! them differently.

use crate::hex::HexId;
use crate::scenario::{Scenario, Side, UnitKind, UnitType};
use crate::state::{GameState, UnitId, UnitState};

/// Bit for "in the ZOC of `side`'s foot units (or forts)".
#[inline]
pub const fn foot(side: Side) -> u8 {
    1 << (2 * side.0)
}

/// Bit for "in the ZOC of `side`'s mounted units".
#[inline]
pub const fn mounted(side: Side) -> u8 {
    2 << (2 * side.0)
}

/// Both bits of `side`.
#[inline]
pub const fn any(side: Side) -> u8 {
    3 << (2 * side.0)
}

/// Whether unit `u` exerts a ZOC now: its type does (MP-ZOC-4: not
/// artillery), it is not demoralised (MP-ZOC-4), its supply level
/// keeps it (GS-5), and it does not stand in town or woods (MP-ZOC-2).
pub fn exerts_zoc(scen: &Scenario, state: &GameState, u: UnitId) -> bool {
    let us = state.unit(u);
    let ty = scen.unit_type(u);
    us.on_map()
        && ty.exerts_zoc
        && !demoralised(ty, us)
        && !supply_denies_zoc(scen, us)
        && !scen.terrain(us.hex).no_zoc
}

/// MP-ZOC-4: a unit with a morale value worn to 0. "The leaders have no
/// Morale Value" (MP-CHG-3): a leader is never demoralised, whatever the
/// morale points a scenario gives it to lose in combat (`losses = "morale"`).
#[inline]
fn demoralised(ty: &UnitType, us: &UnitState) -> bool {
    ty.kind != UnitKind::Leader && ty.morale.is_some() && us.morale == 0
}

/// GS-5: the Supply Effects Chart takes this unit's ZOC away at its level.
#[inline]
fn supply_denies_zoc(scen: &Scenario, us: &UnitState) -> bool {
    scen.supply_rules()
        .graded
        .as_ref()
        .and_then(|g| g.effect(us.supply, us.u_level))
        .is_some_and(|e| !e.zoc)
}

/// The ZOC bit ([`foot`] or [`mounted`] of its side) that unit number `i`,
/// in state `us`, spreads from its hex, or 0 if it exerts none: off the map;
/// MP-ZOC-4, artillery and demoralised units; GS-5, units whose supply
/// level takes it away. (MP-ZOC-2, no ZOC from town or woods, is in the
/// spread directions of the hex.)
#[inline]
pub(crate) fn unit_bit(scen: &Scenario, us: &UnitState, i: usize) -> u8 {
    let setup = &scen.units()[i];
    let ty = &scen.unit_types()[setup.unit_type as usize];
    if !us.on_map() || !ty.exerts_zoc || demoralised(ty, us) || supply_denies_zoc(scen, us) {
        return 0;
    }
    if ty.kind.is_mounted() {
        mounted(setup.side)
    } else {
        foot(setup.side)
    }
}

/// The directions (bit `d`) a ZOC spreads into from `h`: a unit's by
/// MP-ZOC-1..3, or with `fort`, the fort's there (MP-ZOC-5: every
/// adjacent hex but town and woods, across any hexside).
#[inline]
pub(crate) fn dirs(scen: &Scenario, h: HexId, fort: bool) -> u8 {
    if fort {
        scen.fort_dirs[h.index()]
    } else {
        scen.zoc_dirs[h.index()]
    }
}

/// Calls `f` for each hex a ZOC spreads into from `h` (a unit's, or with
/// `fort` the fort's: [`dirs`]).
#[inline]
pub(crate) fn for_each_spread(scen: &Scenario, h: HexId, fort: bool, mut f: impl FnMut(HexId)) {
    let mut m = dirs(scen, h, fort);
    let ns = scen.grid().neighbours(h);
    while m != 0 {
        let d = m.trailing_zeros() as usize;
        m &= m - 1;
        f(ns[d]);
    }
}

#[inline]
fn spread(scen: &Scenario, h: HexId, fort: bool, bit: u8, out: &mut [u8]) {
    let mut m = dirs(scen, h, fort);
    let ns = scen.grid().neighbours(h);
    while m != 0 {
        let d = m.trailing_zeros() as usize;
        m &= m - 1;
        out[ns[d].index()] |= bit;
    }
}

/// Fills `out` (one byte per hex, cleared first) with ZOC bits for both sides.
/// MP-ZOC-5: a fort exerts its controller's (foot) ZOC even when empty, into
/// every adjacent hex but town and woods.
pub fn zoc_map(scen: &Scenario, state: &GameState, out: &mut [u8]) {
    out.fill(0);
    for side in Side::BOTH {
        zoc_map_side(scen, state, side, out);
    }
}

/// Redraws `side`'s bits of a ZOC map, leaving the other side's alone.
pub fn zoc_map_side(scen: &Scenario, state: &GameState, side: Side, out: &mut [u8]) {
    let keep = !any(side);
    for z in out.iter_mut() {
        *z &= keep;
    }
    let setups = scen.units();
    for (i, (us, setup)) in state.units().iter().zip(setups).enumerate() {
        if !us.on_map() || setup.side != side {
            continue;
        }
        let bit = unit_bit(scen, us, i);
        if bit != 0 {
            spread(scen, us.hex, false, bit, out);
        }
    }
    for &h in scen.forts() {
        if state.control(h) == Some(side) {
            spread(scen, h, true, foot(side), out);
        }
    }
}

/// Whether a unit of `side` standing in `h` is in enemy ZOC, given a filled
/// ZOC map. MP-ZOC-5: units in a fort never are.
#[inline]
pub fn in_enemy_zoc(scen: &Scenario, zoc: &[u8], h: HexId, side: Side) -> bool {
    zoc[h.index()] & any(side.other()) != 0 && !scen.is_fort(h)
}

/// Whether a unit of `side` in `h` is in the ZOC of enemy mounted units.
#[inline]
pub fn in_enemy_mounted_zoc(scen: &Scenario, zoc: &[u8], h: HexId, side: Side) -> bool {
    zoc[h.index()] & mounted(side.other()) != 0 && !scen.is_fort(h)
}

/// The hexes in the ZOC of `side` (for `hexwar inspect --zoc`), in id order.
pub fn zoc_hexes(scen: &Scenario, state: &GameState, side: Side) -> Vec<HexId> {
    let mut map = vec![0u8; scen.grid().len()];
    zoc_map(scen, state, &mut map);
    scen.grid()
        .hexes()
        .filter(|h| map[h.index()] & any(side) != 0)
        .collect()
}
