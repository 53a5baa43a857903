//! GS-10: a saved game's works checked against the scenario's `[srp]`
//! rules.

use super::{Illegal, field};
use crate::scenario::{RouteKind, Scenario, Work};
use crate::state::{AIRBASE_BUILT, FORT_BUILT, GameState, RAIL_BROKEN};

/// GS-10: the most air points built airbases can add to a side's allowance.
pub(super) fn air_bound(scen: &Scenario, st: &GameState) -> u8 {
    let per = scen.srp().map_or(0, |r| r.airbase_air) as usize;
    (st.built_airbases().count() * per).min(u8::MAX as usize) as u8
}

/// GS-10: the works fit the scenario: none without `[srp]`, each kind only
/// where the scenario allows it (broken rail on a rail hex, a fort where
/// the scenario has none), SRPs within the cap, works done within the
/// per-turn limit.
pub(super) fn validate(scen: &Scenario, st: &GameState) -> Result<(), Illegal> {
    let grid = scen.grid();
    let Some(r) = scen.srp() else {
        if st.srp != [0, 0]
            || st.works_done != 0
            || st
                .works_hexes(RAIL_BROKEN | FORT_BUILT | AIRBASE_BUILT)
                .next()
                .is_some()
        {
            return Err(field(
                "works",
                "the scenario has no strategic resource points (GS-10)",
            ));
        }
        return Ok(());
    };
    for (s, n) in st.srp.iter().enumerate() {
        if *n > r.max {
            return Err(field(
                "works.srp",
                format!(
                    "side {} holds {n}, more than the scenario's cap of {}",
                    s, r.max
                ),
            ));
        }
    }
    if st.works_done > r.per_turn {
        return Err(field(
            "works.done",
            format!(
                "{} works, more than the {} a player-turn allows",
                st.works_done, r.per_turn
            ),
        ));
    }
    let hex = |h, what: &str| Illegal::Hex {
        hex: grid.label(h),
        what: what.to_string(),
    };
    for h in st.broken_rail() {
        if !scen.has_route(h, RouteKind::Rail) {
            return Err(hex(h, "broken rail where no rail line runs"));
        }
        if r.cost(Work::Demolish).is_none() {
            return Err(hex(h, "broken rail, but the scenario has no demolition"));
        }
    }
    for h in st.built_forts() {
        if scen.is_fort(h) {
            return Err(hex(h, "a fort built in the scenario's own fort"));
        }
        if r.cost(Work::Fort).is_none() {
            return Err(hex(h, "a built fort, but the scenario allows none"));
        }
    }
    if let Some(h) = st.built_airbases().next() {
        if r.cost(Work::Airbase).is_none() {
            return Err(hex(h, "a built airbase, but the scenario allows none"));
        }
    }
    Ok(())
}
