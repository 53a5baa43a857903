//! GS-4: when supply points may be spent on a unit.

use crate::action::NoSpend;
use crate::scenario::{PhaseKind, Scenario, SupplyState};
use crate::state::{GameState, UnitId};

/// GS-4: whether supply points may be spent on `u` now, and if not why.
///
/// In its side's Movement Phase, a unit judged in limited or special supply
/// (the points need a general or special supply line to reach it; a unit
/// out of supply has none) may be put in full supply for the scenario's
/// `sp_cost`, while its side has that many points.
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
    match us.supply {
        SupplyState::Full => return Err(NoSpend::AlreadyFull),
        SupplyState::Out => return Err(NoSpend::NoRoute),
        SupplyState::Limited | SupplyState::Special => {}
    }
    if state.supply_points(side) < g.sp_cost {
        return Err(NoSpend::NoPoints);
    }
    Ok(())
}
