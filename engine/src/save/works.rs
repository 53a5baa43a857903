//! GS-10 in saved games: each side's strategic resource points, the works
//! done this player-turn, and the works on the map (broken rail, built
//! forts and airbases) by hex label; read back and checked against the
//! scenario's `[srp]` rules.

use serde::{Deserialize, Serialize};

use super::load::SaveError;
use super::validate::{Illegal, field};
use crate::hex::Grid;
use crate::scenario::{RouteKind, Scenario, Work};
use crate::state::{AIRBASE_BUILT, FORT_BUILT, GameState, RAIL_BROKEN};

/// GS-10 in a saved game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedWorks {
    /// Strategic resource points each side holds, in side order.
    #[serde(default)]
    pub srp: [u16; 2],
    /// Works the phasing side has done this player-turn.
    #[serde(default)]
    pub done: u8,
    /// Hexes whose rail line is broken.
    #[serde(default)]
    pub broken_rail: Vec<String>,
    /// Hexes with a built fort.
    #[serde(default)]
    pub forts: Vec<String>,
    /// Hexes with a built airbase.
    #[serde(default)]
    pub airbases: Vec<String>,
}

/// The saved fields, with the bit each sets.
const FIELDS: [(&str, u8); 3] = [
    ("broken_rail", RAIL_BROKEN),
    ("forts", FORT_BUILT),
    ("airbases", AIRBASE_BUILT),
];

impl SavedWorks {
    fn list(&self, i: usize) -> &[String] {
        match i {
            0 => &self.broken_rail,
            1 => &self.forts,
            _ => &self.airbases,
        }
    }
}

impl GameState {
    /// The works as saved.
    pub(super) fn saved_works(&self, scen: &Scenario) -> SavedWorks {
        let grid = scen.grid();
        let labels = |bit| self.works_hexes(bit).map(|h| grid.label(h)).collect();
        SavedWorks {
            srp: self.srp,
            done: self.works_done,
            broken_rail: labels(RAIL_BROKEN),
            forts: labels(FORT_BUILT),
            airbases: labels(AIRBASE_BUILT),
        }
    }

    /// The works on the map, read back (labels checked; rules in [`validate`]).
    pub(super) fn load_works(&mut self, grid: &Grid, saved: &SavedWorks) -> Result<(), SaveError> {
        for (i, (name, bit)) in FIELDS.into_iter().enumerate() {
            for l in saved.list(i) {
                let h = grid
                    .parse(l)
                    .map_err(|source| SaveError::WorksHex { field: name, source })?;
                self.control[h.index()] |= bit;
            }
        }
        Ok(())
    }
}

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
        if st.srp != [0, 0] || st.works_done != 0 || st.works_hexes(RAIL_BROKEN | FORT_BUILT | AIRBASE_BUILT).next().is_some() {
            return Err(field("works", "the scenario has no strategic resource points (GS-10)"));
        }
        return Ok(());
    };
    for (s, n) in st.srp.iter().enumerate() {
        if *n > r.max {
            return Err(field(
                "works.srp",
                format!("side {} holds {n}, more than the scenario's cap of {}", s, r.max),
            ));
        }
    }
    if st.works_done > r.per_turn {
        return Err(field(
            "works.done",
            format!("{} works, more than the {} a player-turn allows", st.works_done, r.per_turn),
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
