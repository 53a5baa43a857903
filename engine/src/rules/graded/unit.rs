//! One unit judged alone (GS-1, GS-3, GS-7, GS-8), by searches from its
//! own hex, with the side's lines, HQs and hexes in general supply taken
//! from [`super::scratch::SideLines`] (computed once per position).
//!
//! The whole-side judgement searches from the HQs (or the hexes in general
//! supply) towards every unit at once; here the same costs are read
//! backwards, from the unit towards them, and the search stops at the first
//! hex that settles the answer. A path costs the same either way, and each
//! rule that bars a hex bars it for the step that leaves it here as for the
//! step that enters it there, so the answers are the same (the equality is
//! tested over many positions, `tests/supply_fast.rs`). A unit's own hex
//! is never barred: a friendly unit stands in it.

use super::isolation::{general_hexes, loc_step};
use super::scratch::{FULL, GradedScratch, Hq, LIMITED, OPPOSITE, OUT, SPECIAL};
use super::search::Marks;
use super::status::trace_step;
use crate::hex::HexId;
use crate::rules::movement::Scratch;
use crate::scenario::{GradedRules, Scenario, Side};
use crate::state::{GameState, UnitId};

/// GS-3, GS-1: [`super::status::trace_step`] read backwards: the search
/// leaves the settled `a` for its neighbour `b` across `d`, and the route,
/// counted from the HQ, enters `a` from `b`.
#[inline]
fn trace_step_back(
    scen: &Scenario,
    ms: &Scratch,
    side: Side,
    class: u8,
) -> impl Fn(HexId, usize, HexId) -> Option<u16> {
    let forward = trace_step(scen, ms, side, class);
    move |a, d, b| forward(b, OPPOSITE[d], a)
}

/// GS-8: [`super::isolation::loc_step`] read backwards: the line enters the
/// settled `a` from its neighbour `b` across `d`, so it pays to enter `a`
/// and to leave `b`.
#[inline]
fn loc_step_back<'a>(
    scen: &'a Scenario,
    g: &'a GradedRules,
    ms: &'a Scratch,
    side: Side,
    general: &'a Marks,
) -> impl Fn(HexId, usize, HexId) -> Option<u16> + 'a {
    let forward = loc_step(scen, g, ms, side, general);
    move |a, d, b| forward(b, OPPOSITE[d], a)
}

/// GS-1, GS-3: `u`'s status code, as the whole-side judgement gives it.
/// The side's lines must be current.
pub(super) fn unit_status(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    g: &GradedRules,
    ms: &Scratch,
    gs: &mut GradedScratch,
) -> u8 {
    let side = scen.unit(u).side;
    let w = g.weather(state.turn());
    let hex = state.unit(u).hex;
    let class = scen.unit_type(u).class;
    let nation = g.type_nation[scen.unit(u).unit_type as usize];
    let grid = scen.grid();
    let sd = &gs.sides[side.index()];
    // GS-3: an HQ in general supply is in full supply itself.
    if sd.hqs.iter().any(|h| h.unit == u && h.general) {
        return FULL;
    }
    if sd.general_hqs > 0 {
        let gives_full = |h: &Hq| h.general && g.gives_full(nation, h.nation, h.coalition);
        let own = sd.hqs.iter().filter(|h| gives_full(h)).count();
        // GS-3: a nation with no HQ on the map takes full supply from any HQ.
        let no_own = sd.has_hq & (1 << nation) == 0;
        // The first HQ in general supply settles it, unless only some give full supply.
        let first_settles = no_own || own == 0 || own == sd.general_hqs;
        let mut general = false;
        gs.search.start(w.hq_range.0);
        gs.search.seed(hex);
        let found = gs
            .search
            .run_until(grid, trace_step_back(scen, ms, side, class), |_, y| {
                if !sd.hq_hexes.has(y) {
                    return false;
                }
                general = true;
                first_settles || sd.hqs.iter().any(|h| h.hex == y && gives_full(h))
            });
        if general {
            return if found.is_some() && (no_own || own > 0) {
                FULL
            } else {
                LIMITED
            };
        }
    }
    if sd.any_special {
        gs.search.start(g.special_range.unwrap_or(w.hq_range).0);
        gs.search.seed(hex);
        let special = &sd.special;
        let found = gs
            .search
            .run_until(grid, trace_step_back(scen, ms, side, class), |_, y| {
                special.has(y)
            });
        if found.is_some() {
            return SPECIAL;
        }
    }
    OUT
}

/// GS-7, GS-8: whether no line of communication reaches `u`, as the
/// whole-side judgement finds it. The side's lines must be current.
pub(super) fn unit_isolated(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    g: &GradedRules,
    ms: &Scratch,
    gs: &mut GradedScratch,
) -> bool {
    let side = scen.unit(u).side;
    let w = g.weather(state.turn());
    general_hexes(scen, side, w, ms, gs);
    let hex = state.unit(u).hex;
    let sd = &gs.sides[side.index()];
    gs.search.start(w.loc_range().0);
    gs.search.seed(hex);
    let general = &sd.general;
    gs.search
        .run_until(
            scen.grid(),
            loc_step_back(scen, g, ms, side, general),
            |_, y| general.has(y),
        )
        .is_none()
}
