//! Rail movement (MAL-RAIL-1..6).
//!
//! In the Rail Phase up to the side's capacity of units move along connected
//! rail lines, up to 40 hexes, through friendly-controlled rail hexes only,
//! never into an enemy-occupied hex and stopping on entering enemy ZOC.
//! Stacking is not checked during the phase, but the phase cannot end while
//! a hex is overstacked; a rail move may be taken back until then. A hex
//! whose line is broken (GS-10) is neither entered nor left by rail.

use std::collections::VecDeque;

use crate::hex::{Dir, HexId};
use crate::rules::movement::{self, Scratch};
use crate::rules::zoc;
use crate::scenario::{PhaseKind, RouteKind, Scenario, Side, SideBits};
use crate::state::{GameState, UnitFlags, UnitId};

pub use crate::action::NoRail;

/// Whether `u` may move by rail now, and if not why (MAL-RAIL-2, MAL-RAIL-3).
pub fn eligibility(scen: &Scenario, state: &GameState, u: UnitId) -> Result<(), NoRail> {
    let side = scen.unit(u).side;
    if state.is_over() || state.phase(scen) != PhaseKind::Rail || state.active_side() != side {
        return Err(NoRail::NotRailPhase);
    }
    let us = state.unit(u);
    if !us.on_map() {
        return Err(NoRail::NotOnMap);
    }
    if us.has(UnitFlags::RAILED) {
        return Err(NoRail::AlreadyRailed);
    }
    if state.rail_used() >= scen.rail_capacity(side) {
        return Err(NoRail::CapacityUsed);
    }
    // MAL-RAIL-3, GS-1: "Units that are not in general supply are classed
    // as out of supply": special supply is not enough.
    if !us.in_general_supply() {
        return Err(NoRail::Unsupplied);
    }
    if us.has(UnitFlags::MOVED) {
        return Err(NoRail::MovedThisTurn);
    }
    if us.has(UnitFlags::RAIL_BARRED) {
        return Err(NoRail::AdjacentToEnemy);
    }
    // GS-10: no rail move leaves a hex whose line is broken.
    if !scen.has_route(us.hex, RouteKind::Rail)
        || state.control(us.hex) != Some(side)
        || state.rail_broken(us.hex)
    {
        return Err(NoRail::NotOnRail);
    }
    Ok(())
}

/// Every hex `u` could reach by rail now, with the number of rail hexes
/// entered (MAL-RAIL-1, MAL-RAIL-4), in breadth-first order. `ms` must be
/// prepared for `state`. Empty if it may not rail-move.
pub fn destinations(
    scen: &Scenario,
    state: &GameState,
    ms: &Scratch,
    u: UnitId,
    mut f: impl FnMut(HexId, u16),
) {
    if eligibility(scen, state, u).is_err() {
        return;
    }
    search(scen, state, ms, u, |h, d, _| f(h, d));
}

/// The rail path from `u`'s hex to `to` (hexes entered), if `to` is reachable.
pub fn path(
    scen: &Scenario,
    state: &GameState,
    ms: &Scratch,
    u: UnitId,
    to: HexId,
) -> Option<Vec<HexId>> {
    if eligibility(scen, state, u).is_err() {
        return None;
    }
    let mut prev: Vec<(HexId, HexId)> = Vec::new();
    let mut found = false;
    search(scen, state, ms, u, |h, _, p| {
        prev.push((h, p));
        found |= h == to;
    });
    if !found {
        return None;
    }
    let start = state.unit(u).hex;
    let mut out = vec![to];
    let mut h = to;
    while let Some(&(_, p)) = prev.iter().find(|(x, _)| *x == h) {
        if p == start {
            break;
        }
        out.push(p);
        h = p;
    }
    out.reverse();
    Some(out)
}

/// Breadth-first over rail hexsides: `f(hex, hexes entered, previous hex)`
/// for every hex reached. "All rules governing Movement apply during the
/// Rail Movement Phase" (MAL-RAIL-1): the unit rides across the rail
/// hexsides its own class can cross, and the rail line lets it into the
/// hexes it enters, as it lets armor attack into jungle or a mountain along
/// one (MAL-CBT-2's reading; MAL-SUP-5 traces armor's supply along one):
/// it may get off wherever the train may take it. (Corrected on the sixth
/// reading, 2026-11-28: the train crossed hexsides some other class could,
/// and the unit rode through hexes it was not let off in.)
fn search(
    scen: &Scenario,
    state: &GameState,
    ms: &Scratch,
    u: UnitId,
    mut f: impl FnMut(HexId, u16, HexId),
) {
    let side = scen.unit(u).side;
    let class = scen.unit_type(u).class;
    let start = state.unit(u).hex;
    let grid = scen.grid();
    let limit = scen.rail_hexes();
    // Most units stand off the railway: no rail hexside leaves their hex,
    // so there is nothing to search (and nothing to allocate).
    if Dir::ALL
        .iter()
        .all(|&dir| !scen.hexside(start, dir).contains(SideBits::RAIL))
    {
        return;
    }
    // Rail searches are rare (a few per phase): a local visited list is fine.
    let mut seen = vec![false; grid.len()];
    seen[start.index()] = true;
    let mut queue = VecDeque::from([(start, 0u16)]);
    // "All rules governing Movement apply": the train leaves an enemy ZOC
    // only as a move may (MP-ZOC-7, -8), into a hex free of it.
    let info = &ms.info[side.index() * grid.len()..][..grid.len()];
    let (must_avoid, _) =
        movement::leaving_zoc(info[start.index()], scen.unit_type(u).kind.is_mounted());
    while let Some((h, d)) = queue.pop_front() {
        if d >= limit || (h != start && zoc::in_enemy_zoc(scen, &ms.zoc, h, side)) {
            continue; // MAL-RAIL-1: 40 hexes; entering enemy ZOC ends the move.
        }
        for dir in Dir::ALL {
            if !scen.route_connects(h, dir, SideBits::RAIL, Some(class)) {
                continue; // Not over water with no bridge, for its class.
            }
            let n = grid.neighbour(h, dir);
            if seen[n.index()]
                || (h == start && info[n.index()] & must_avoid != 0)
                || ms.count(n, side.other()) > 0
                || state.control(n) != Some(side)
                || state.rail_broken(n)
            {
                continue; // MAL-RAIL-4: friendly-controlled rail hexes only; GS-10: unbroken.
            }
            seen[n.index()] = true;
            f(n, d + 1, h);
            queue.push_back((n, d + 1));
        }
    }
}

/// MAL-RAIL-5: the first overstacked hex of `side`, if any.
pub fn overstacked(scen: &Scenario, state: &GameState, side: Side) -> Option<HexId> {
    let mut count = vec![0u8; scen.grid().len()];
    for u in state.units_of(scen, side) {
        let h = state.unit(u).hex;
        count[h.index()] += 1;
        if count[h.index()] > scen.stacking() {
            return Some(h);
        }
    }
    None
}
