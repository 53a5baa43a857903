//! GS-6: the side's supply lines (rail element, then road element, from its
//! usable sources) and its HQs, each in general supply or not.

use super::scratch::{GradedScratch, Hq};
use super::search::NONE16;
use crate::hex::HexId;
use crate::rules::movement::Scratch;
use crate::rules::sources;
use crate::scenario::{GradedRules, Scenario, Side, UnitKind, Weather, side_bits};
use crate::state::GameState;

/// GS-6: the side's supply lines, rail element then road element, from its
/// usable sources.
pub(super) fn lines(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    w: &Weather,
    ms: &Scratch,
    gs: &mut GradedScratch,
) {
    let grid = scen.grid();
    gs.rail.start();
    gs.road.start();
    sources::sources(scen, state, side, |h| {
        if !sources::blocked(scen, ms, h, side) {
            gs.rail.reach(h, 0, NONE16);
        }
    });
    // MAL-SUP-3/4 as GS-6 reads them: no enemy unit, no uncovered enemy ZOC,
    // no enemy-controlled hex.
    let open =
        |h: HexId| !sources::blocked(scen, ms, h, side) && state.control(h) != Some(side.other());
    gs.rail.spread(grid, scen, side_bits::RAIL, w.rail, open);
    for i in 0..gs.rail.order.len() {
        gs.road.reach(HexId(gs.rail.order[i]), 0, NONE16);
    }
    gs.road.spread(grid, scen, side_bits::ROAD, w.road, open);
}

pub(super) fn collect_hqs(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    g: &GradedRules,
    gs: &mut GradedScratch,
) {
    gs.hqs.clear();
    for u in state.units_of(scen, side) {
        let ty = scen.unit_type(u);
        if ty.kind != UnitKind::Hq {
            continue;
        }
        let hex = state.unit(u).hex;
        let general = gs.on_line(hex);
        gs.hqs.push(Hq {
            unit: u,
            hex,
            nation: g.type_nation[scen.unit(u).unit_type as usize],
            coalition: ty.coalition,
            class: ty.class,
            general,
        });
    }
}

/// The supply line from an on-line hex `h` back to its source: the road
/// element, then the rail element. Returns the hexes after `h`, and how many
/// of them belong to the road element (so the hex where the road element
/// meets the rail element is that many places after `h`).
pub(super) fn line_back(gs: &GradedScratch, h: HexId) -> (Vec<HexId>, usize) {
    let mut out = Vec::new();
    let mut h = h;
    if !gs.rail.seen.has(h) {
        while gs.road.prev[h.index()] != NONE16 {
            h = HexId(gs.road.prev[h.index()]);
            out.push(h);
        }
    }
    let rail_from = out.len();
    while gs.rail.prev[h.index()] != NONE16 {
        h = HexId(gs.rail.prev[h.index()]);
        out.push(h);
    }
    (out, rail_from)
}
