//! GS-4: when supply points may be spent on a unit.

use crate::action::NoSpend;
use crate::scenario::{PhaseKind, Scenario, SupplyState};
use crate::state::{GameState, UnitId};

/// GS-4: whether supply points may be spent on `u` now, and if not why.
///
/// In its side's Movement Phase, a unit not in full supply (judged in
/// limited or special supply, or out of supply: the text asks for "enough
/// SPs expended on it to put it back into full supply" and names no other
/// condition) may be put in full supply for the scenario's `sp_cost`, while
/// its side has that many points.
pub fn can_spend(scen: &Scenario, state: &GameState, u: UnitId) -> Result<(), NoSpend> {
    let Some(g) = scen.supply_rules().graded.as_ref() else {
        return Err(NoSpend::NotGraded);
    };
    let side = scen.unit(u).side;
    if state.is_over() || state.phase(scen) != PhaseKind::Movement || state.active_side() != side {
        return Err(NoSpend::NotMovementPhase);
    }
    let us = state.unit(u);
    if !us.on_map() {
        return Err(NoSpend::NotOnMap);
    }
    if us.supply == SupplyState::Full {
        return Err(NoSpend::AlreadyFull);
    }
    if state.supply_points(side) < g.sp_cost {
        return Err(NoSpend::NoPoints);
    }
    Ok(())
}
