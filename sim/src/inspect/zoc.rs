//! `hexwar inspect SCENARIO --zoc SIDE`: the hexes in a side's zones of
//! control (MP-ZOC-1..5).

use std::fmt;

use hexwar_engine::zoc::zoc_hexes;
use hexwar_engine::{GameState, Scenario, Side};
use serde::Serialize;

/// The hexes in one side's ZOC.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Zoc {
    /// Side id.
    pub side: String,
    /// Side name.
    pub name: String,
    /// Hex labels, in id order (row by row).
    pub hexes: Vec<String>,
}

/// The hexes in `side`'s ZOC in `state` (MP-ZOC-1..5).
pub fn zoc(scen: &Scenario, state: &GameState, side: Side) -> Zoc {
    let grid = scen.grid();
    Zoc {
        side: scen.side(side).id.clone(),
        name: scen.side(side).name.clone(),
        hexes: zoc_hexes(scen, state, side)
            .into_iter()
            .map(|h| grid.label(h))
            .collect(),
    }
}

impl fmt::Display for Zoc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} ZOC: {} hexes", self.name, self.hexes.len())?;
        for row in self.hexes.chunks(12) {
            writeln!(f, "  {}", row.join(" "))?;
        }
        Ok(())
    }
}
