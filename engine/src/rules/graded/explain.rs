//! A unit's graded supply explained, for people: its status, the HQ and the
//! path it traces by, or the first reason it is out of supply; and its line
//! of communication (GS-1..8).

use super::isolation::{general_hexes, loc_to};
use super::judge::{Judge, judge_into, judge_unit};
use super::lines::{line_back, search_to};
use super::scratch::{
    GradedScratch, Hq, KEPT_FAR, KEPT_FULL, KEPT_HQS, KEPT_SPECIAL, SideLines, kept_key,
};
use super::status::trace_step;
use crate::rules::dijkstra::Search;
use crate::rules::movement::Scratch;
use crate::rules::sources::{self, SupplyTrace};
use crate::scenario::{Mp, Scenario, SupplyState, Weather};
use crate::state::{GameState, UnitId};

/// Explains `u`'s graded supply in the current position (for
/// [`crate::rules::supply::trace`]): its status, the HQ and path it traces by, or why not;
/// and its line of communication (GS-8).
///
/// Fast (`whole` false), the unit's status is judged alone
/// ([`judge_unit`]) over the side's lines kept for the position, and each
/// path is read from a search kept for the position and run on only as
/// far as this unit ([`search_to`]), which the next trace of the position
/// goes on with. `whole` judges the whole side first, as the Supply Phase
/// does, with the lines recomputed, and searches afresh for each path: the
/// way every trace was made before the cache, kept for the equality test
/// and the bench. Both give the same trace.
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
        // GS-8: the side's LOC search, run on as far as this unit; none for
        // a unit in general supply, one of its seeds (a path of its own hex).
        let w = g.weather(state.turn());
        general_hexes(scen, side, w, ms, gs);
        if gs.sides[side.index()].general.has(us.hex) {
            t.loc = vec![us.hex];
            t.loc_cost = Some(Mp(0));
        } else {
            let loc = loc_to(scen, state, side, us.hex, true, ms, gs);
            t.isolated = !loc.reached(us.hex);
            if !t.isolated {
                t.loc = loc.path(us.hex);
                t.loc_cost = Some(Mp(loc.dist(us.hex)));
            }
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
/// With `kept`, the searches are the position's kept ones.
fn explain_status(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    kept: bool,
    ms: &Scratch,
    gs: &mut GradedScratch,
    t: &mut SupplyTrace,
) {
    let Some(g) = scen.supply_rules().graded.as_ref() else {
        return;
    };
    let status = t.state;
    let hex = state.unit(u).hex;
    let grid = scen.grid();
    let side = scen.unit(u).side;
    let w = g.weather(state.turn());
    let class = scen.unit_type(u).class;
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
    let sd = &gs.sides[side.index()];
    // An HQ in general supply: its own supply line.
    if let Some(hq) = sd.hqs.iter().find(|h| h.unit == u && h.general) {
        t.hq = Some(u);
        let (back, rail_from) = line_back(sd, hq.hex);
        t.path.push(hq.hex);
        t.path.extend(back);
        t.rail_from = rail_from;
        return;
    }
    // GS-3: a coalition HQ is not the nation's own army HQ.
    let has_own = sd.hqs.iter().any(|h| h.nation == nation && !h.coalition);
    let gives_full =
        |h: &Hq| h.general && (g.gives_full(nation, h.nation, h.coalition) || !has_own);
    let step = trace_step(scen, ms, side, class);
    match status {
        SupplyState::Full | SupplyState::Limited => {
            // Retrace from the HQs that give this status, to name the HQ.
            let limited = status == SupplyState::Limited;
            let key = if limited || !has_own {
                kept_key(KEPT_HQS, class, 0)
            } else {
                kept_key(KEPT_FULL, class, nation)
            };
            let seed = |sd: &SideLines, s: &mut Search| {
                for h in &sd.hqs {
                    if h.general && (limited || gives_full(h)) {
                        s.seed(h.hex);
                    }
                }
            };
            let found = search_to(
                gs,
                side,
                kept.then_some(key),
                w.hq_range.0,
                hex,
                grid,
                seed,
                |_| step,
            );
            let over = found.path(hex);
            let end = *over.last().unwrap_or(&hex);
            let sd = &gs.sides[side.index()];
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
                if limited {
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
            let seed = |_: &SideLines, s: &mut Search| {
                sources::special_sources(scen, state, side, |h| {
                    if !sources::blocked(scen, ms, h, side) {
                        s.seed(h);
                    }
                });
            };
            let key = kept_key(KEPT_SPECIAL, class, 0);
            let found = search_to(
                gs,
                side,
                kept.then_some(key),
                range.0,
                hex,
                grid,
                seed,
                |_| step,
            );
            t.path = found.path(hex);
            t.road_from = t.path.len() - 1;
            t.rail_from = t.road_from;
            t.reason = Some(format!(
                "special supply (GS-1): no HQ in general supply within {} MP ({weather} weather); special source {} within {} MP",
                w.hq_range,
                grid.label(*t.path.last().unwrap_or(&hex)),
                range
            ));
        }
        SupplyState::Out => t.reason = Some(why_out(scen, state, u, kept, ms, gs)),
    }
}

/// Why `u` is out of supply: the first reason found.
fn why_out(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    kept: bool,
    ms: &Scratch,
    gs: &mut GradedScratch,
) -> String {
    let Some(g) = scen.supply_rules().graded.as_ref() else {
        return String::new();
    };
    let w = g.weather(state.turn());
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
    let seed = |sd: &SideLines, s: &mut Search| {
        for h in &sd.hqs {
            if h.general {
                s.seed(h.hex);
            }
        }
    };
    let key = kept.then_some(kept_key(KEPT_FAR, class, 0));
    let step = trace_step(scen, ms, side, class);
    let far = search_to(gs, side, key, Mp::points(999).0, hex, grid, seed, |_| step);
    if far.reached(hex) {
        let end = *far.path(hex).last().unwrap_or(&hex);
        let cost = Mp(far.dist(hex));
        let name = gs.sides[side.index()]
            .hqs
            .iter()
            .find(|h| h.general && h.hex == end)
            .map_or(String::from("an HQ"), |h| scen.unit(h.unit).id.clone());
        format!(
            "out of supply: the nearest HQ in general supply, {name} at {}, is {cost} MP away by its movement costs (range {} MP in {} weather, GS-3){special}",
            grid.label(end),
            w.hq_range,
            w.name
        )
    } else {
        format!(
            "out of supply: no HQ in general supply can be reached overland (enemy units, uncovered enemy ZOC or impassable terrain in the way, GS-3){special}"
        )
    }
}
