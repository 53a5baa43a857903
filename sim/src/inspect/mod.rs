//! What the rules say about one position, as reports a person can read
//! (text) or a program can (JSON): where a unit can move ([`mod@moves`]), a
//! side's ZOC ([`mod@zoc`]), every unit's supply ([`mod@supply`]), where a unit can
//! go by rail ([`mod@rail`]), and the exact odds of an attack ([`mod@odds`]).
//! `hexwar inspect` and `hexwar odds` print them; the play server answers
//! with them.

use hexwar_engine::{Scenario, Side, UnitId};

pub mod moves;
pub mod odds;
pub mod rail;
pub mod supply;
pub mod zoc;

pub use moves::{MoveLine, Moves, moves};
pub use odds::{OddsError, OddsReport, odds, units_odds};
pub use rail::{RailLine, RailReport, rail};
pub use supply::{SupplyLine, SupplyReport, model_name, supply};
pub use zoc::{Zoc, zoc};

/// A unit or side that is not in the scenario.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InspectError {
    /// No unit with that id.
    #[error("no unit \"{id}\" in scenario {scenario} (units: {})", known.join(", "))]
    UnknownUnit {
        /// What was asked for.
        id: String,
        /// Scenario name.
        scenario: String,
        /// Some of the ids there are.
        known: Vec<String>,
    },
    /// No side with that id or name.
    #[error("no side \"{name}\" (sides: {}, {})", known[0], known[1])]
    UnknownSide {
        /// What was asked for.
        name: String,
        /// The side ids there are.
        known: [String; 2],
    },
}

/// Finds a unit by id (ignoring case).
pub fn find_unit(scen: &Scenario, id: &str) -> Result<UnitId, InspectError> {
    scen.unit_by_id(id).ok_or_else(|| {
        const SHOWN: usize = 30;
        let mut known: Vec<String> = scen
            .units()
            .iter()
            .take(SHOWN)
            .map(|u| u.id.clone())
            .collect();
        if scen.units().len() > SHOWN {
            known.push(format!("... {} more", scen.units().len() - SHOWN));
        }
        InspectError::UnknownUnit {
            id: id.to_string(),
            scenario: scen.name().to_string(),
            known,
        }
    })
}

/// Finds a side by id or name (ignoring case), or by number (`0`, `1`).
pub fn find_side(scen: &Scenario, name: &str) -> Result<Side, InspectError> {
    scen.side_by_name(name)
        .or(match name.trim() {
            "0" => Some(Side(0)),
            "1" => Some(Side(1)),
            _ => None,
        })
        .ok_or_else(|| InspectError::UnknownSide {
            name: name.to_string(),
            known: Side::BOTH.map(|s| scen.side(s).id.clone()),
        })
}
