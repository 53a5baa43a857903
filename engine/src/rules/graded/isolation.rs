//! GS-7, GS-8: lines of communication. The hexes in general supply seed one
//! search by the `loc_class` costs; a unit it does not reach is isolated.
//! (One unit alone is judged by a search from its own hex, in `unit`.)

use super::lines::search_to;
use super::scratch::{FULL, GradedScratch, KEPT_LOC, LIMITED, kept_key};
use super::search::Marks;
use super::status::trace_step;
use crate::hex::{Dir, HexId};
use crate::rules::dijkstra::Search;
use crate::rules::movement::Scratch;
use crate::rules::zoc;
use crate::scenario::{GradedRules, Mp, Scenario, Side, Weather};
use crate::state::GameState;

/// GS-8: marks the hexes in general supply: the supply lines, and every hex
/// where a unit of one of the side's movement classes (its units', on the
/// map or not) would be in general supply (within `hq_range` of an HQ in general supply by that
/// class's costs, as GS-3 traces it). So a unit in general supply stands in
/// one: its line of communication is its own hex, and it is never isolated.
/// Kept with the side's lines ([`super::scratch::SideLines`]) for their
/// position: computed once, at the first line of communication asked for.
pub(super) fn general_hexes(
    scen: &Scenario,
    side: Side,
    w: &Weather,
    ms: &Scratch,
    gs: &mut GradedScratch,
) {
    let grid = scen.grid();
    let GradedScratch { sides, search, .. } = gs;
    let sd = &mut sides[side.index()];
    if sd.general_done {
        return;
    }
    sd.general_done = true;
    sd.general.clear();
    sd.general_list.clear();
    for i in 0..sd.rail.order.len() {
        let h = HexId(sd.rail.order[i]);
        if sd.general.insert(h) {
            sd.general_list.push(h.0);
        }
    }
    for i in 0..sd.road.order.len() {
        let h = HexId(sd.road.order[i]);
        if sd.general.insert(h) {
            sd.general_list.push(h.0);
        }
    }
    if sd.general_hqs == 0 {
        return;
    }
    // The movement classes of the side's units (HQs included), whether on
    // the map now or not: a hex in general supply does not change with the
    // units lost or still to come. A class is searched once for its twins.
    let types = scen.unit_types();
    let mut classes = 0u32;
    for setup in scen.units() {
        if setup.side == side {
            let class = scen.class_twin(types[setup.unit_type as usize].class);
            classes |= 1 << class.min(31);
        }
    }
    while classes != 0 {
        let class = classes.trailing_zeros() as u8;
        classes &= classes - 1;
        search.start(w.hq_range.0);
        for hq in sd.hqs.iter().filter(|h| h.general) {
            search.seed(hq.hex);
        }
        search.run(grid, trace_step(scen, ms, side, class));
        for &h in &search.settled {
            let h = HexId(h);
            // The search charges each hex's entry, but not the first: only
            // hexes a unit of the class could stand in count.
            if scen.can_stand(h, class) && sd.general.insert(h) {
                sd.general_list.push(h.0);
            }
        }
        zoc_edge(scen, ms, side, class, w.hq_range.0, search, sd);
    }
}

/// GS-8, with GS-3's trace: the empty hexes in uncovered enemy ZOC next to
/// the hexes the HQs' search settled, within range. The search does not
/// enter them (a trace may not pass through them), but a unit standing in
/// one covers its own hex and is in general supply there: they are hexes
/// in general supply too, where the trace ends.
fn zoc_edge(
    scen: &Scenario,
    ms: &Scratch,
    side: Side,
    class: u8,
    range: u16,
    search: &Search,
    sd: &mut super::scratch::SideLines,
) {
    let grid = scen.grid();
    let n = grid.len();
    let edges = &scen.edges[class as usize * n..][..n];
    let enemy_zoc = zoc::any(side.other());
    for &y in &search.settled {
        let y = HexId(y);
        let base = search.dist(y);
        for (d, &x) in grid.neighbours(y).iter().enumerate() {
            if !x.is_some() || search.reached(x) || sd.general.has(x) {
                continue;
            }
            let o = ms.occ[x.index()];
            if o[side.other().index()] > 0
                || o[side.index()] > 0
                || ms.zoc[x.index()] & enemy_zoc == 0
                || !scen.can_stand(x, class)
            {
                continue;
            }
            let c = edges[y.index()][d].plain;
            if c != Mp::NO.0 && base.saturating_add(c) <= range && sd.general.insert(x) {
                sd.general_list.push(x.0);
            }
        }
    }
}

/// GS-8: a forward LOC step from the settled `y` into `x` (see the module
/// doc): what entering `x` costs ([`loc_entry`]) and what leaving `y`
/// does ([`loc_leave`]). `general`: the hexes in general supply, the seeds.
#[inline]
pub(super) fn loc_step<'a>(
    scen: &'a Scenario,
    g: &'a GradedRules,
    ms: &'a Scratch,
    side: Side,
    general: &'a Marks,
) -> impl Fn(HexId, usize, HexId) -> Option<u16> + 'a {
    let n = scen.grid().len();
    let edges = &scen.edges[g.loc_class as usize * n..][..n];
    move |y, d, x| {
        let open = || !scen.cross_cost(y, Dir::ALL[d], g.loc_class).is_no();
        let c = loc_entry(g, ms, side, edges[y.index()][d].plain, open, x)?;
        Some(c.saturating_add(loc_leave(ms, side, general, y)))
    }
}

/// GS-8: what a line of communication pays to enter `x` across a hexside
/// whose plain cost is `plain` (`Mp::NO`: not passable for the class; the
/// hexside itself may be crossed when `crossable` says so), traced "as if
/// counting an overland supply route": no hex with an enemy unit; a hex
/// with no friendly unit only where the class may step (who controls it
/// does not matter, as on GS-3's overland trace); "a line of communications
/// may always be traced through a hex with a friendly unit in it": such a
/// hex at a point where its terrain is closed to the class, but not across
/// a hexside no overland route crosses (a river with no bridge); an enemy
/// ZOC costs more, whoever stands in it.
#[inline]
pub(super) fn loc_entry(
    g: &GradedRules,
    ms: &Scratch,
    side: Side,
    plain: u16,
    crossable: impl FnOnce() -> bool,
    x: HexId,
) -> Option<u16> {
    let o = ms.occ[x.index()];
    if o[side.other().index()] > 0 {
        return None;
    }
    let friend = o[side.index()] > 0;
    let mut c = plain;
    if c == Mp::NO.0 {
        if !friend || !crossable() {
            return None;
        }
        c = Mp::ONE.0;
    }
    if ms.zoc[x.index()] & zoc::any(side.other()) != 0 {
        c = c.saturating_add(g.zoc_cost.0);
    }
    Some(c)
}

/// GS-8: what a line of communication pays to leave `y`: "If the LOC has
/// to be traced through a friendly unit in an enemy ZOC, add the lowest
/// numbered +# MP marker" (1 MP, MP-ZOC-7). Only a hex the line passes
/// through pays it: not its start, a hex in general supply (in `general`),
/// and not its end, the unit's hex, which the line never leaves.
#[inline]
pub(super) fn loc_leave(ms: &Scratch, side: Side, general: &Marks, y: HexId) -> u16 {
    let friend = ms.occ[y.index()][side.index()] > 0;
    if friend && ms.zoc[y.index()] & zoc::any(side.other()) != 0 && !general.has(y) {
        Mp::ONE.0
    } else {
        0
    }
}

/// GS-7, GS-8: which units no line of communication reaches.
pub(super) fn isolation(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    g: &GradedRules,
    w: &Weather,
    ms: &Scratch,
    gs: &mut GradedScratch,
) {
    general_hexes(scen, side, w, ms, gs);
    let sd = &gs.sides[side.index()];
    gs.search.start(w.loc_range().0);
    for &h in &sd.general_list {
        gs.search.seed(HexId(h));
    }
    let setups = scen.units();
    // GS-9 marks every hex the search leaves out: then it runs in full.
    let whole = g.pockets.is_some();
    for (u, setup) in state.units().iter().zip(setups) {
        if u.on_map() && setup.side == side && !whole {
            gs.search.goal(u.hex);
        }
    }
    let step = loc_step(scen, g, ms, side, &sd.general);
    gs.search.run(scen.grid(), step);
    for (i, (u, setup)) in state.units().iter().zip(setups).enumerate() {
        if u.on_map() && setup.side == side {
            gs.isolated[i] = !gs.search.reached(u.hex) as u8;
            // A unit in general supply stands in a hex in general supply.
            debug_assert!(
                gs.isolated[i] == 0 || !matches!(gs.status[i], FULL | LIMITED),
                "GS-8: unit {i} is in general supply but isolated"
            );
        }
    }
}

/// GS-8: `hex`'s line of communication, from the side's LOC search (the
/// whole-side one, seeded from every hex in general supply) as
/// [`search_to`] runs it: kept for the position with `kept`.
pub(super) fn loc_to<'g>(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    hex: HexId,
    kept: bool,
    ms: &Scratch,
    gs: &'g mut GradedScratch,
) -> &'g Search {
    let g = scen.supply_rules().graded.as_ref().expect("graded rules");
    let w = g.weather(state.turn());
    general_hexes(scen, side, w, ms, gs);
    search_to(
        gs,
        side,
        kept.then(|| kept_key(KEPT_LOC, 0, 0)),
        w.loc_range().0,
        hex,
        scen.grid(),
        |sd, s| {
            for &h in &sd.general_list {
                s.seed(HexId(h));
            }
        },
        |sd| loc_step(scen, g, ms, side, &sd.general),
    )
}
