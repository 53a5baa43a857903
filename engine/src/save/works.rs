//! GS-10 in saved games: each side's strategic resource points, the works
//! done this player-turn, and the works on the map (broken rail, built
//! forts and airbases) by hex label, read back; `validate/works.rs`
//! checks them against the scenario's `[srp]` rules.

use serde::{Deserialize, Serialize};

use super::load::SaveError;
use crate::hex::Grid;
use crate::scenario::Scenario;
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
const FIELDS: [(&str, u16); 3] = [
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

    /// The works on the map, read back (labels checked; the rules in `validate`).
    pub(super) fn load_works(&mut self, grid: &Grid, saved: &SavedWorks) -> Result<(), SaveError> {
        for (i, (name, bit)) in FIELDS.into_iter().enumerate() {
            for l in saved.list(i) {
                let h = grid.parse(l).map_err(|source| SaveError::WorksHex {
                    field: name,
                    source,
                })?;
                self.control[h.index()] |= bit;
            }
        }
        Ok(())
    }
}
