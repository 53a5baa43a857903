//! Why a unit is or is not in supply, for people ([`trace`]): the path it
//! traces, or the first rule that cuts it (MAL-SUP-2..5). The graded model
//! explains itself ([`crate::rules::graded`]).

use super::binary::{network, overland, overland_from, overland_path};
use super::{NONE16, SupplyScratch, with_supply_scratch};
use crate::hex::{Dir, HexId};
use crate::rules::movement::{Scratch, step_cost};
use crate::rules::sources::{SupplyTrace, blocked, sources};
use crate::rules::{graded, zoc};
use crate::scenario::{Mp, RouteKind, Scenario, SideBits, SupplyModel, SupplyState};
use crate::state::{GameState, UnitId};

/// Traces `u`'s supply in the current position and explains the answer.
///
/// What the trace shares with its side's judgement (the road/rail leg; the
/// graded model's supply lines and HQs) is kept per position (see the
/// module doc), so the traces of several units of a side in one position
/// pay for it once; each then costs that unit's own searches. The answer is
/// what the side's judgement gives the unit.
pub fn trace(scen: &Scenario, state: &GameState, u: UnitId) -> SupplyTrace {
    trace_in(scen, state, u, false)
}

/// [`trace`] as it was made before anything was kept per position: the
/// side's whole judgement (graded), or the overland search from the whole
/// road/rail network (binary), recomputed for this one unit, and each path
/// searched to the end. Gives the same trace; kept for the equality test
/// (`tests/supply_fast.rs`) and the `supply_trace` bench.
#[doc(hidden)]
pub fn trace_whole(scen: &Scenario, state: &GameState, u: UnitId) -> SupplyTrace {
    trace_in(scen, state, u, true)
}

fn trace_in(scen: &Scenario, state: &GameState, u: UnitId, whole: bool) -> SupplyTrace {
    with_supply_scratch(|ms, ss| {
        ms.prepare(scen, state);
        if scen.supply_rules().model == SupplyModel::Graded {
            return graded::trace(scen, state, u, whole, ms, &mut ss.graded);
        }
        let side = scen.unit(u).side;
        let us = state.unit(u);
        let ty = scen.unit_type(u);
        let mut t = SupplyTrace::unsupplied(u, us);
        if scen.supply_rules().model == SupplyModel::None {
            t.supplied = true;
            t.state = SupplyState::Full;
            t.reason = Some("the scenario has no supply rules: always in supply".into());
            return t;
        }
        if !us.on_map() {
            t.reason = Some("not on the map".into());
            return t;
        }
        ss.fit(scen.grid().len());
        if whole {
            ss.nets[side.index()].key = None;
        }
        network(scen, state, side, ty.class, ms, ss);
        let budget = ty.movement.0;
        if whole {
            ss.bump();
            overland(scen, side, ty.class, budget, ms, ss);
            if ss.dist(us.hex) <= budget {
                let mut h = us.hex;
                t.path.push(h);
                while !ss.nets[side.index()].has(h) {
                    h = HexId(ss.next[h.index()]);
                    t.path.push(h);
                }
            }
        } else if ss.nets[side.index()].has(us.hex) {
            t.path.push(us.hex);
        } else if overland_from(scen, side, ty.class, us.hex, budget, ms, ss) {
            // The judgement's own search said yes; the path is the one the
            // search from the network gives, kept for the position.
            t.path = overland_path(scen, side, ty.class, us.hex, ms, ss);
        }
        if !t.path.is_empty() {
            t.supplied = true;
            t.state = SupplyState::Full;
            t.road_from = t.path.len() - 1;
            let net = &ss.nets[side.index()];
            let mut h = t.path[t.road_from];
            while net.prev[h.index()] != NONE16 {
                h = HexId(net.prev[h.index()]);
                t.path.push(h);
            }
            return t;
        }
        t.reason = Some(diagnose(scen, state, u, ms, ss));
        t
    })
}

/// The first reason found, checking each rule in turn with the others relaxed.
fn diagnose(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    ms: &Scratch,
    ss: &mut SupplyScratch,
) -> String {
    let grid = scen.grid();
    let side = scen.unit(u).side;
    let ty = scen.unit_type(u);
    let hex = state.unit(u).hex;
    let mut any_source = false;
    let mut srcs = Vec::new();
    sources(scen, state, side, |h| {
        any_source |= !blocked(scen, ms, h, side);
        srcs.push(h);
    });
    if !any_source {
        return "no source reachable: every supply source is enemy-held or blocked".into();
    }
    // The nearest road/rail hex (or source: the overland leg may end at
    // one) within the allowance, ignoring what blocks.
    let Some(path) = relaxed_overland(scen, ty.class, ty.movement.0, ss, hex, &srcs) else {
        // None in reach: is one farther away, by an open path?
        ss.bump();
        overland(scen, side, ty.class, 2000, ms, ss);
        let d = ss.dist(hex);
        if d == u16::MAX {
            return "no road or rail hex or supply source within its movement allowance (by its own movement costs)"
                .into();
        }
        let mut h = hex;
        while !ss.nets[side.index()].has(h) {
            h = HexId(ss.next[h.index()]);
        }
        return format!(
            "overland leg too long: the nearest road/rail hex leading to a source is {}, {} MP away (allowance {})",
            grid.label(h),
            Mp(d),
            ty.movement
        );
    };
    let why = |h: HexId| -> Option<&'static str> {
        if ms.count(h, side.other()) > 0 {
            Some("holds an enemy unit")
        } else if zoc::in_enemy_zoc(scen, &ms.zoc, h, side) && ms.count(h, side) == 0 {
            Some("is in enemy ZOC")
        } else {
            None
        }
    };
    for &h in path.iter().skip(1) {
        if let Some(w) = why(h) {
            return format!("overland leg: {} {w}", grid.label(h));
        }
    }
    // The road/rail leg: the shortest connected road/rail path to a source,
    // ignoring what blocks it, and the first thing on it that does.
    let start = *path.last().unwrap_or(&hex);
    let mut targets = Vec::new();
    sources(scen, state, side, |h| targets.push(h));
    let mut prev = vec![NONE16; grid.len()];
    let mut seen = vec![false; grid.len()];
    let mut queue = std::collections::VecDeque::from([start]);
    seen[start.index()] = true;
    let mut found = None;
    while let Some(h) = queue.pop_front() {
        if targets.contains(&h) {
            found = Some(h);
            break;
        }
        for d in Dir::ALL {
            let n = grid.neighbour(h, d);
            // GS-10: rail into or out of a broken hex is no link.
            let rail_ok = scen.route_connects(h, d, SideBits::RAIL, None)
                && !state.rail_broken(h)
                && !state.rail_broken(n);
            if (scen.route_connects(h, d, SideBits::ROAD, None) || rail_ok) && !seen[n.index()] {
                seen[n.index()] = true;
                prev[n.index()] = h.0;
                queue.push_back(n);
            }
        }
    }
    let Some(mut h) = found else {
        return format!(
            "road leg: the road/rail at {} does not lead to a friendly source",
            grid.label(start)
        );
    };
    let mut leg = vec![h];
    while prev[h.index()] != NONE16 {
        h = HexId(prev[h.index()]);
        leg.push(h);
    }
    for &h in leg.iter().rev() {
        if let Some(w) = why(h) {
            return format!("road leg: {} {w}", grid.label(h));
        }
        if state.control(h) == Some(side.other()) {
            return format!("road leg: {} is enemy-controlled", grid.label(h));
        }
    }
    "no source reachable".into()
}

/// The cheapest path from `from` to any road/rail hex, ignoring enemy units
/// and ZOC, within `budget`; `None` if there is none.
fn relaxed_overland(
    scen: &Scenario,
    class: u8,
    budget: u16,
    ss: &mut SupplyScratch,
    from: HexId,
    srcs: &[HexId],
) -> Option<Vec<HexId>> {
    let grid = scen.grid();
    ss.bump();
    let generation = ss.generation;
    ss.stamp[from.index()] = generation;
    ss.dist[from.index()] = 0;
    ss.next[from.index()] = NONE16;
    if ss.buckets.len() <= budget as usize {
        ss.buckets.resize_with(budget as usize + 1, Vec::new);
    }
    ss.buckets[0].push(from.0);
    let mut found = None;
    for cost in 0..=budget {
        while let Some(a) = ss.buckets[cost as usize].pop() {
            let a = HexId(a);
            if ss.dist(a) != cost || found.is_some() {
                continue;
            }
            if on_road_or_rail(scen, a) || srcs.contains(&a) {
                found = Some(a);
                continue;
            }
            for d in Dir::ALL {
                let b = grid.neighbour(a, d);
                if !b.is_some() {
                    continue;
                }
                let Some((c, _)) = step_cost(scen, a, d, b, class, false, false) else {
                    continue;
                };
                let total = cost as u32 + c.0 as u32;
                if total <= budget as u32 && (total as u16) < ss.dist(b) {
                    ss.stamp[b.index()] = generation;
                    ss.dist[b.index()] = total as u16;
                    ss.next[b.index()] = a.0;
                    ss.buckets[total as usize].push(b.0);
                }
            }
        }
    }
    for b in ss.buckets.iter_mut() {
        b.clear();
    }
    let mut h = found?;
    let mut path = vec![h];
    while ss.next[h.index()] != NONE16 {
        h = HexId(ss.next[h.index()]);
        path.push(h);
    }
    path.reverse();
    Some(path)
}

#[inline]
fn on_road_or_rail(scen: &Scenario, h: HexId) -> bool {
    scen.has_route(h, RouteKind::Road) || scen.has_route(h, RouteKind::Rail)
}
