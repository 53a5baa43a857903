//! Zones of control (MP-ZOC-1..5): which hexes each side's units and forts
//! control, kept apart for foot and mounted units because MP-ZOC-8 treats
//! them differently.

use crate::hex::HexId;
use crate::scenario::{side_bits, Scenario, Side};
use crate::state::{GameState, UnitId};

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
/// artillery), it is not demoralised (morale 0, MP-ZOC-4), and it does not
/// stand in town or woods (MP-ZOC-2).
pub fn exerts_zoc(scen: &Scenario, state: &GameState, u: UnitId) -> bool {
    let us = state.unit(u);
    let ty = scen.unit_type(u);
    us.on_map()
        && ty.exerts_zoc
        && !(ty.morale.is_some() && us.morale == 0)
        && !scen.terrain(us.hex).no_zoc
}

/// Marks the hexes around `h` as in the ZOC given by `bit`, except across
/// streams, rivers and double slopes (MP-ZOC-3) and into town or woods
/// (MP-ZOC-2). MP-ZOC-1: the six adjacent hexes.
#[inline]
fn spread(scen: &Scenario, h: HexId, bit: u8, out: &mut [u8]) {
    let grid = scen.grid();
    for (d, &n) in grid.neighbours(h).iter().enumerate() {
        if n.is_some()
            && scen.sides_bits[h.index() * 6 + d] & side_bits::BLOCKS_ZOC == 0
            && !scen.terrain(n).no_zoc
        {
            out[n.index()] |= bit;
        }
    }
}

/// Fills `out` (one byte per hex, cleared first) with ZOC bits for both sides.
/// MP-ZOC-5: a fort exerts its controller's (foot) ZOC even when empty.
pub fn zoc_map(scen: &Scenario, state: &GameState, out: &mut [u8]) {
    out.fill(0);
    for (i, us) in state.units().iter().enumerate() {
        let u = UnitId(i as u16);
        if !exerts_zoc(scen, state, u) {
            continue;
        }
        let side = scen.unit(u).side;
        let bit = if scen.unit_type(u).kind.is_mounted() {
            mounted(side)
        } else {
            foot(side)
        };
        spread(scen, us.hex, bit, out);
    }
    for h in scen.grid().hexes() {
        if scen.is_fort(h) && !scen.terrain(h).no_zoc {
            if let Some(s) = state.control(h) {
                spread(scen, h, foot(s), out);
            }
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
