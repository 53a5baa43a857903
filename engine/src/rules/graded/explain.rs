//! A unit's graded supply explained, for people: its status, the HQ and the
//! path it traces by, or the first reason it is out of supply; and its line
//! of communication (GS-1..8).

use super::isolation::loc_to;
use super::judge::{Judge, judge_into, judge_unit};
use super::lines::line_back;
use super::scratch::{GradedScratch, Hq};
use super::status::trace_step;
use crate::rules::movement::Scratch;
use crate::rules::sources::{self, SupplyTrace};
use crate::scenario::{GradedRules, Mp, Scenario, SupplyState, Weather};
use crate::state::{GameState, UnitId};

/// Explains `u`'s graded supply in the current position (for
/// [`crate::rules::supply::trace`]): its status, the HQ and path it traces by, or why not;
/// and its line of communication (GS-8).
///
/// Fast (`whole` false), the unit's status is judged alone
/// ([`judge_unit`]), its line of communication read from the side's LOC
/// search, run on only as far as this unit (and kept for the next trace
/// of the position), and its supply path found by a search that stops at
/// the unit's hex: the side's lines come from the cache. `whole` judges the whole side first,
/// as the Supply Phase does, with the lines recomputed, and searches to
/// the end: the way every trace was made before the cache, kept for the
/// equality test and the bench. Both give the same trace.
pub(crate) fn trace(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    whole: bool,
    ms: &Scratch,
    gs: &mut GradedScratch,
) -> SupplyTrace {
    let us = state.unit(u);
    let mut t = SupplyTrace::unsupplied(u, us);
    let Some(g) = scen.supply_rules().graded.as_ref() else {
        return t;
    };
    if !us.on_map() {
        t.reason = Some("not on the map".into());
        return t;
    }
    let side = scen.unit(u).side;
    let status = if whole {
        gs.sides[side.index()].key = None;
        judge_into(scen, state, side, Judge::ALL, ms, gs);
        // The LOC search ran last: read it before anything else reuses the buffers.
        t.isolated = gs.isolated[u.index()] == 1;
        if !t.isolated {
            t.loc = gs.search.path(us.hex);
            t.loc_cost = Some(Mp(gs.search.dist(us.hex)));
        }
        gs.status(u)
    } else {
        let (status, _) = judge_unit(scen, state, u, Judge::STATUS, ms, gs);
        // GS-8: the side's LOC search, run on as far as this unit.
        loc_to(scen, state, side, us.hex, g, ms, gs);
        let loc = &gs.sides[side.index()].loc;
        t.isolated = !loc.reached(us.hex);
        if !t.isolated {
            t.loc = loc.path(us.hex);
            t.loc_cost = Some(Mp(loc.dist(us.hex)));
        }
        status
    };
    let Some(status) = status else {
        return t;
    };
    t.state = status;
    t.supplied = status != SupplyState::Out;
    explain_status(scen, state, u, !whole, ms, gs, &mut t);
    t
}

/// The status part of a trace (`t.state`): the HQ and path, or why not.
/// With `stop_at_unit`, each search stops once it settles the unit's hex.
fn explain_status(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    stop_at_unit: bool,
    ms: &Scratch,
    gs: &mut GradedScratch,
    t: &mut SupplyTrace,
) {
    let Some(g) = scen.supply_rules().graded.as_ref() else {
        return;
    };
    let status = t.state;
    let us = state.unit(u);
    let grid = scen.grid();
    let side = scen.unit(u).side;
    let w = g.weather(state.turn());
    let sd = &gs.sides[side.index()];
    let ty = scen.unit_type(u);
    let nation = g.type_nation[scen.unit(u).unit_type as usize];
    let weather = &w.name;
    let hq_name = |h: &Hq| {
        format!(
            "{} ({}, {}) at {}",
            scen.unit(h.unit).id,
            g.nations[h.nation as usize],
            if h.coalition { "coalition HQ" } else { "HQ" },
            grid.label(h.hex)
        )
    };
    // An HQ in general supply: its own supply line.
    if let Some(hq) = sd.hqs.iter().find(|h| h.unit == u && h.general) {
        t.hq = Some(u);
        let (back, rail_from) = line_back(sd, hq.hex);
        t.path.push(hq.hex);
        t.path.extend(back);
        t.rail_from = rail_from;
        return;
    }
    let has_own = sd.hqs.iter().any(|h| h.nation == nation);
    let gives_full = |h: &Hq| h.general && (h.coalition || h.nation == nation || !has_own);
    match status {
        SupplyState::Full | SupplyState::Limited => {
            // Retrace from the HQs that give this status, to name the HQ.
            gs.search.start(w.hq_range.0);
            for h in &sd.hqs {
                if h.general && (status == SupplyState::Limited || gives_full(h)) {
                    gs.search.seed(h.hex);
                }
            }
            if stop_at_unit {
                gs.search.goal(us.hex);
            }
            gs.search.run(grid, trace_step(scen, ms, side, ty.class));
            let over = gs.search.path(us.hex);
            let end = *over.last().unwrap_or(&us.hex);
            let hq = sd
                .hqs
                .iter()
                .filter(|h| h.general && h.hex == end)
                .max_by_key(|h| gives_full(h))
                .copied();
            t.road_from = over.len() - 1;
            t.path = over;
            if let Some(hq) = hq {
                t.hq = Some(hq.unit);
                let (back, rail_from) = line_back(sd, hq.hex);
                t.rail_from = t.road_from + rail_from;
                t.path.extend(back);
                if status == SupplyState::Limited {
                    t.reason = Some(format!(
                        "limited supply (GS-3): traced to {}, not of its nation ({}); no {} or coalition HQ in general supply within {} MP ({} weather)",
                        hq_name(&hq),
                        g.nations[nation as usize],
                        g.nations[nation as usize],
                        w.hq_range,
                        weather
                    ));
                }
            }
        }
        SupplyState::Special => {
            let range = g.special_range.unwrap_or(w.hq_range);
            gs.search.start(range.0);
            sources::special_sources(scen, state, side, |h| {
                if !sources::blocked(scen, ms, h, side) {
                    gs.search.seed(h);
                }
            });
            if stop_at_unit {
                gs.search.goal(us.hex);
            }
            gs.search.run(grid, trace_step(scen, ms, side, ty.class));
            t.path = gs.search.path(us.hex);
            t.road_from = t.path.len() - 1;
            t.rail_from = t.road_from;
            t.reason = Some(format!(
                "special supply (GS-1): no HQ in general supply within {} MP ({weather} weather); special source {} within {} MP",
                w.hq_range,
                grid.label(*t.path.last().unwrap_or(&us.hex)),
                range
            ));
        }
        SupplyState::Out => t.reason = Some(why_out(scen, state, u, g, w, ms, gs)),
    }
}

/// Why `u` is out of supply: the first reason found.
fn why_out(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    g: &GradedRules,
    w: &Weather,
    ms: &Scratch,
    gs: &mut GradedScratch,
) -> String {
    let grid = scen.grid();
    let side = scen.unit(u).side;
    let class = scen.unit_type(u).class;
    let hex = state.unit(u).hex;
    let limits = |w: &Weather| {
        let n = |x: u16| {
            if x == u16::MAX {
                "any number of".to_string()
            } else {
                x.to_string()
            }
        };
        format!(
            "{} rail then {} road hexes in {} weather",
            n(w.rail),
            n(w.road),
            w.name
        )
    };
    let special = if g.special_sources[side.index()].is_empty() {
        String::new()
    } else {
        format!(
            "; no special source within {} MP",
            g.special_range.unwrap_or(w.hq_range)
        )
    };
    let sd = &gs.sides[side.index()];
    if sd.hqs.is_empty() {
        return format!("out of supply: its side has no HQ on the map (GS-3){special}");
    }
    if !sd.hqs.iter().any(|h| h.general) {
        let h = sd.hqs[0];
        return format!(
            "out of supply: no HQ of its side is in general supply (GS-6); {} at {} is not on a supply line from a source ({}), free of enemy units, enemy ZOC and enemy-controlled hexes{special}",
            scen.unit(h.unit).id,
            grid.label(h.hex),
            limits(w)
        );
    }
    // How far is the nearest HQ in general supply, with no range limit?
    gs.search.start(Mp::points(999).0);
    for h in &sd.hqs {
        if h.general {
            gs.search.seed(h.hex);
        }
    }
    gs.search.goal(hex);
    gs.search.run(grid, trace_step(scen, ms, side, class));
    if gs.search.reached(hex) {
        let end = *gs.search.path(hex).last().unwrap_or(&hex);
        let name = sd
            .hqs
            .iter()
            .find(|h| h.general && h.hex == end)
            .map_or(String::from("an HQ"), |h| scen.unit(h.unit).id.clone());
        format!(
            "out of supply: the nearest HQ in general supply, {name} at {}, is {} MP away by its movement costs (range {} MP in {} weather, GS-3){special}",
            grid.label(end),
            Mp(gs.search.dist(hex)),
            w.hq_range,
            w.name
        )
    } else {
        format!(
            "out of supply: no HQ in general supply can be reached overland (enemy units, uncovered enemy ZOC or impassable terrain in the way, GS-3){special}"
        )
    }
}
