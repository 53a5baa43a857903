//! Cavalry charges (MP-CHG-1..6).
//!
//! A charge is one action in the Movement Phase ([`crate::Action::Charge`]):
//! a mounted unit moves two hexes in a straight line to end adjacent to its
//! target, which lies on the same line; a 1-9 morale check decides it.

use crate::combat::Chance;
use crate::game::EventSink;
use crate::hex::HexId;
use crate::scenario::Scenario;
use crate::state::{GameState, UnitId};

/// Why a unit may not charge a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoCharge {
    /// Not yet implemented.
    NotImplemented,
}

impl NoCharge {
    /// For people.
    pub fn describe(self) -> String {
        match self {
            NoCharge::NotImplemented => "charges are not implemented yet".into(),
        }
    }
}

/// The line of a legal charge: the two hexes crossed and the unit charged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChargeLine {
    /// The two hexes entered; the charger ends in the second.
    pub hexes: [HexId; 2],
    /// The unit charged.
    pub target: UnitId,
}

/// MP-CHG-1, -2: whether `unit` may charge the unit in `target` now.
pub fn can_charge(
    _scen: &Scenario,
    _state: &GameState,
    _unit: UnitId,
    _target: HexId,
) -> Result<ChargeLine, NoCharge> {
    Err(NoCharge::NotImplemented)
}

/// Calls `f` with each hex `unit` may charge now.
pub fn for_each_charge(_scen: &Scenario, _state: &GameState, _unit: UnitId, _f: impl FnMut(HexId)) {
}

impl GameState {
    /// MP-CHG-3..6: the charge of `unit` at `target`, checked legal.
    pub(crate) fn resolve_charge(
        &mut self,
        _scen: &Scenario,
        _unit: UnitId,
        _target: HexId,
        _chance: &mut impl Chance,
        _sink: &mut impl EventSink,
    ) {
    }
}
