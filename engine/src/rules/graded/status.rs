//! GS-1, GS-3: each unit's status: full or limited supply from an HQ in
//! general supply within range, special supply, or out of supply.

use super::scratch::{FULL, GradedScratch, Hq, LIMITED, NOT_JUDGED, OUT, PENDING, SPECIAL};
use crate::hex::HexId;
use crate::rules::movement::Scratch;
use crate::rules::{sources, zoc};
use crate::scenario::{GradedRules, Mp, Scenario, Side, Weather};
use crate::state::GameState;

/// GS-3 (and special supply, GS-1): a trace step for `class` from the
/// settled `y` (the HQ's end) into `x` (the unit's end): the route is
/// counted "overland from an HQ", so it pays to enter each hex up to the
/// unit's own and not the HQ's; normal costs (a route's rate where it
/// follows one), never into an enemy unit or uncovered enemy ZOC (as
/// MAL-SUP-3).
#[inline]
pub(super) fn trace_step(
    scen: &Scenario,
    ms: &Scratch,
    side: Side,
    class: u8,
) -> impl Fn(HexId, usize, HexId) -> Option<u16> {
    let n = scen.grid().len();
    let edges = &scen.edges[class as usize * n..][..n];
    let enemy = side.other().index();
    let enemy_zoc = zoc::any(side.other());
    move |y, d, x| {
        let o = ms.occ[x.index()];
        if o[enemy] > 0 || (ms.zoc[x.index()] & enemy_zoc != 0 && o[side.index()] == 0) {
            return None;
        }
        let c = edges[y.index()][d].plain;
        (c != Mp::NO.0).then_some(c)
    }
}

/// GS-1, GS-3: every unit's status.
pub(super) fn statuses(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    g: &GradedRules,
    w: &Weather,
    ms: &Scratch,
    gs: &mut GradedScratch,
) {
    let grid = scen.grid();
    let setups = scen.units();
    let units = state.units();
    let nation_of = |i: usize| g.type_nation[setups[i].unit_type as usize];
    let sd = &gs.sides[side.index()];
    // GS-3: an HQ in general supply is in full supply itself.
    for hq in sd.hqs.iter().filter(|h| h.general) {
        gs.status[hq.unit.index()] = FULL;
    }
    // Nations with an HQ on the map (GS-3 contingents), and HQs in general supply.
    let has_hq = sd.has_hq;
    let general = sd.general_hqs;
    let special_range = g.special_range.unwrap_or(w.hq_range).0;
    let any_special = sd.any_special;
    // A class with a twin is judged with it (the searches are the same).
    for class in (0..scen.classes().len() as u8).filter(|&c| scen.class_twin(c) == c) {
        gs.todo.clear();
        for (i, (u, setup)) in units.iter().zip(setups).enumerate() {
            if u.on_map()
                && setup.side == side
                && gs.status[i] == NOT_JUDGED
                && scen.class_twin(scen.unit_types()[setup.unit_type as usize].class) == class
            {
                gs.todo.push(i as u16);
            }
        }
        if gs.todo.is_empty() {
            continue;
        }
        // Every HQ in general supply: who is in general supply at all.
        let mut pending = 0u64;
        if general > 0 {
            gs.search.start(w.hq_range.0);
            for hq in sd.hqs.iter().filter(|h| h.general) {
                gs.search.seed(hq.hex);
            }
            for &i in &gs.todo {
                gs.search.goal(units[i as usize].hex);
            }
            gs.search.run(grid, trace_step(scen, ms, side, class));
            for &i in &gs.todo {
                let i = i as usize;
                if gs.search.reached(units[i].hex) {
                    // GS-3: a nation with no HQ of its own traces full supply from any.
                    let n = nation_of(i);
                    gs.status[i] = if has_hq & (1 << n) == 0 {
                        FULL
                    } else {
                        pending |= 1 << n;
                        PENDING
                    };
                }
            }
        }
        // Full or limited, nation by nation: does an HQ of the unit's own
        // nation, or a coalition HQ, reach it?
        while pending != 0 {
            let nation = pending.trailing_zeros() as u8;
            pending &= pending - 1;
            let gives_full = |hq: &Hq| hq.general && g.gives_full(nation, hq.nation, hq.coalition);
            let own = sd.hqs.iter().filter(|h| gives_full(h)).count();
            let searched = own > 0 && own < general;
            if searched {
                gs.search.start(w.hq_range.0);
                for hq in sd.hqs.iter().filter(|h| gives_full(h)) {
                    gs.search.seed(hq.hex);
                }
                for &i in &gs.todo {
                    if gs.status[i as usize] == PENDING && nation_of(i as usize) == nation {
                        gs.search.goal(units[i as usize].hex);
                    }
                }
                gs.search.run(grid, trace_step(scen, ms, side, class));
            }
            for &i in &gs.todo {
                let i = i as usize;
                if gs.status[i] == PENDING && nation_of(i) == nation {
                    let full = if searched {
                        gs.search.reached(units[i].hex)
                    } else {
                        own > 0
                    };
                    gs.status[i] = if full { FULL } else { LIMITED };
                }
            }
        }
        // Not in general supply: special supply (GS-1), or out of supply.
        if any_special && gs.todo.iter().any(|&i| gs.status[i as usize] == NOT_JUDGED) {
            gs.search.start(special_range);
            sources::special_sources(scen, state, side, |h| {
                if !sources::blocked(scen, ms, h, side) {
                    gs.search.seed(h);
                }
            });
            for &i in &gs.todo {
                if gs.status[i as usize] == NOT_JUDGED {
                    gs.search.goal(units[i as usize].hex);
                }
            }
            gs.search.run(grid, trace_step(scen, ms, side, class));
            for &i in &gs.todo {
                let i = i as usize;
                if gs.status[i] == NOT_JUDGED && gs.search.reached(units[i].hex) {
                    gs.status[i] = SPECIAL;
                }
            }
        }
        for &i in &gs.todo {
            if gs.status[i as usize] == NOT_JUDGED {
                gs.status[i as usize] = OUT;
            }
        }
    }
}
