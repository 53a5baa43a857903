//! GS-6: the side's supply lines (rail element, then road element, from its
//! usable sources) and its HQs, each in general supply or not; kept per
//! side for one position ([`SideLines`], [`side_lines`]).

use super::scratch::{GradedScratch, Hq, SideLines};
use super::search::NONE16;
use crate::hex::{Grid, HexId};
use crate::rules::dijkstra::Search;
use crate::rules::movement::Scratch;
use crate::rules::sources::{self, PositionKey};
use crate::scenario::{GradedRules, Scenario, Side, SideBits, UnitKind, Weather};
use crate::state::GameState;

/// Brings `gs.sides[side]` to the position `state`, unless it holds it
/// already.
pub(super) fn side_lines(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    g: &GradedRules,
    w: &Weather,
    ms: &Scratch,
    gs: &mut GradedScratch,
) {
    let key = PositionKey::of(scen, state);
    let sd = &mut gs.sides[side.index()];
    sd.fit(scen.grid().len());
    if PositionKey::hit(sd.key, key) {
        return;
    }
    gs.kept[side.index()].clear();
    sd.key = key;
    sd.general_done = false;
    lines(scen, state, side, w, ms, sd);
    collect_hqs(scen, state, side, g, sd);
    sd.special.clear();
    sd.any_special = false;
    sources::special_sources(scen, state, side, |h| {
        if !sources::blocked(scen, ms, h, side) {
            sd.special.insert(h);
            sd.any_special = true;
        }
    });
}

/// A search an explanation reads (a trace's path, its line of
/// communication, how far the unit is out of reach): with `kept`, the
/// side's [`crate::rules::dijkstra::Kept`] search under `key`, started and seeded (`seed`) by the
/// first trace of the position that asks for it and run on as far as
/// `hex`; without, the scratch's own search, run afresh until `hex` is
/// settled. Either way the answers for `hex` are a whole run's. `cost`
/// gives the step costs, which may read the side's lines.
#[allow(clippy::too_many_arguments)]
pub(super) fn search_to<'g, C>(
    gs: &'g mut GradedScratch,
    side: Side,
    kept: Option<u32>,
    budget: u16,
    hex: HexId,
    grid: &Grid,
    seed: impl FnOnce(&SideLines, &mut Search),
    cost: impl FnOnce(&'g SideLines) -> C,
) -> &'g Search
where
    C: FnMut(HexId, usize, HexId) -> Option<u16>,
{
    let GradedScratch {
        sides,
        kept: pools,
        search,
        ..
    } = gs;
    let sd: &'g SideLines = &sides[side.index()];
    let cost = cost(sd);
    match kept {
        None => {
            search.start(budget);
            seed(sd, search);
            search.goal(hex);
            search.run(grid, cost);
            search
        }
        Some(key) => {
            let (s, fresh) = pools[side.index()].get(key, grid.len());
            if fresh {
                s.start(budget);
                seed(sd, s);
            }
            s.resume_to(grid, cost, hex);
            s
        }
    }
}

/// GS-6: the side's supply lines, rail element then road element, from its
/// usable sources.
fn lines(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    w: &Weather,
    ms: &Scratch,
    sd: &mut SideLines,
) {
    let grid = scen.grid();
    sd.rail.start();
    sd.road.start();
    sources::sources(scen, state, side, |h| {
        if !sources::blocked(scen, ms, h, side) {
            sd.rail.reach(h, 0, NONE16);
        }
    });
    // MAL-SUP-3/4 as GS-6 reads them: no enemy unit, no uncovered enemy ZOC,
    // no enemy-controlled hex.
    let open =
        |h: HexId| !sources::blocked(scen, ms, h, side) && state.control(h) != Some(side.other());
    // GS-10: the rail element neither enters nor leaves a broken hex (a
    // source whose own line is broken is a seed the rail does not leave).
    let rail_open = |h: HexId| open(h) && !state.rail_broken(h);
    sd.rail
        .spread(grid, scen, SideBits::RAIL, w.rail, rail_open);
    for i in 0..sd.rail.order.len() {
        sd.road.reach(HexId(sd.rail.order[i]), 0, NONE16);
    }
    sd.road.spread(grid, scen, SideBits::ROAD, w.road, open);
}

/// GS-3, GS-6: the side's HQs, each in general supply if it stands on a line.
fn collect_hqs(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    g: &GradedRules,
    sd: &mut SideLines,
) {
    sd.hqs.clear();
    sd.hq_hexes.clear();
    sd.general_hqs = 0;
    sd.has_hq = 0;
    for u in state.units_of(scen, side) {
        let ty = scen.unit_type(u);
        if ty.kind != UnitKind::Hq {
            continue;
        }
        let hex = state.unit(u).hex;
        let general = sd.on_line(hex);
        let nation = g.type_nation[scen.unit(u).unit_type as usize];
        // GS-3: a coalition HQ is not a nation's "own army HQ": it leaves
        // the contingent's exception open.
        if !ty.coalition {
            sd.has_hq |= 1 << nation;
        }
        if general {
            sd.general_hqs += 1;
            sd.hq_hexes.insert(hex);
        }
        sd.hqs.push(Hq {
            unit: u,
            hex,
            nation,
            coalition: ty.coalition,
            general,
        });
    }
}

/// The supply line from an on-line hex `h` back to its source: the road
/// element, then the rail element. Returns the hexes after `h`, and how many
/// of them belong to the road element (so the hex where the road element
/// meets the rail element is that many places after `h`).
pub(super) fn line_back(sd: &SideLines, h: HexId) -> (Vec<HexId>, usize) {
    let mut out = Vec::new();
    let mut h = h;
    if !sd.rail.seen.has(h) {
        while sd.road.prev[h.index()] != NONE16 {
            h = HexId(sd.road.prev[h.index()]);
            out.push(h);
        }
    }
    let rail_from = out.len();
    while sd.rail.prev[h.index()] != NONE16 {
        h = HexId(sd.rail.prev[h.index()]);
        out.push(h);
    }
    (out, rail_from)
}
