//! What a unit can do now, as the supply rules leave it: strengths
//! (MAL-SUP-6, GS-5, MP-CHG-5), movement allowance and points left; and the
//! victory points of the position (D-TURN-3).

use super::GameState;
use crate::scenario::{Mp, Scenario, Side, SupplyModel, UnitKind};
use crate::state::{SupplyState, UnitId};

impl GameState {
    /// Movement points `u` has left in this phase.
    pub fn mp_left(&self, scen: &Scenario, u: UnitId) -> Mp {
        let allowance = self.movement_allowance(scen, u);
        Mp(allowance.0.saturating_sub(self.unit(u).mp_spent.0))
    }

    /// Attack strength now: the type's strength for the steps left, less
    /// strength lost to morale (MP-CHG-5); MAL-SUP-6: unsupplied infantry
    /// attack halved, armor attack quartered, fractions kept; GS-5: times
    /// the Supply Effects Chart's attack multiplier for the unit's level.
    pub fn attack_strength(&self, scen: &Scenario, u: UnitId) -> f64 {
        let (base, ty) = self.base_and_kind(scen, u, true);
        if let Some(e) = self.supply_effect(scen, u) {
            return base * e.attack;
        }
        if !self.binary_unsupplied(scen, u) {
            return base;
        }
        match ty {
            UnitKind::Armor => base / 4.0,
            _ => base / 2.0,
        }
    }

    /// Defense strength now; MAL-SUP-6: unsupplied armor defense halved;
    /// GS-5: times the chart's defense multiplier for the unit's level.
    pub fn defense_strength(&self, scen: &Scenario, u: UnitId) -> f64 {
        let (base, ty) = self.base_and_kind(scen, u, false);
        if let Some(e) = self.supply_effect(scen, u) {
            return base * e.defense;
        }
        if self.binary_unsupplied(scen, u) && ty == UnitKind::Armor {
            return base / 2.0;
        }
        base
    }

    /// Strength from the unit's type for the steps it has left, less
    /// strength lost to morale (MP-CHG-5), before supply and terrain.
    pub fn base_strength(&self, scen: &Scenario, u: UnitId, attack: bool) -> f64 {
        self.base_and_kind(scen, u, attack).0
    }

    fn base_and_kind(&self, scen: &Scenario, u: UnitId, attack: bool) -> (f64, UnitKind) {
        let ty = scen.unit_type(u);
        let us = self.unit(u);
        let table = if attack { &ty.attack } else { &ty.defense };
        let idx = (ty.steps().saturating_sub(us.steps.max(1))) as usize;
        let base = table.get(idx).copied().unwrap_or(0.0);
        ((base - us.strength_loss as f64).max(0.0), ty.kind)
    }

    fn binary_unsupplied(&self, scen: &Scenario, u: UnitId) -> bool {
        self.unit(u).supply == SupplyState::Out && scen.supply_rules().model == SupplyModel::Binary
    }

    /// The unit's movement allowance now (MAL-SUP-6: an unsupplied infantry
    /// unit has one point less, an unsupplied armor unit half, fractions kept).
    /// GS-5: times the chart's movement multiplier for the unit's level,
    /// to the nearest sixth of a point.
    pub fn movement_allowance(&self, scen: &Scenario, u: UnitId) -> Mp {
        let ty = scen.unit_type(u);
        if let Some(e) = self.supply_effect(scen, u) {
            return Mp((ty.movement.0 as f64 * e.movement).round() as u16);
        }
        if !self.binary_unsupplied(scen, u) {
            return ty.movement;
        }
        match ty.kind {
            UnitKind::Armor => Mp(ty.movement.0 / 2),
            _ => Mp(ty.movement.0.saturating_sub(Mp::ONE.0)),
        }
    }

    /// Victory points each side would score if the game ended now
    /// (D-TURN-3): the scenario's bonus, objectives held and enemy steps lost.
    pub fn victory_points(&self, scen: &Scenario) -> [i32; 2] {
        let mut vp = scen.victory().bonus;
        for o in scen.objectives() {
            if let Some(s) = self.control(o.hex) {
                if o.side.is_none_or(|x| x == s) {
                    vp[s.index()] += o.vp;
                }
            }
        }
        for s in Side::BOTH {
            vp[s.index()] += self.steps_lost[s.other().index()] as i32 * scen.victory().step_vp;
        }
        vp
    }
}
