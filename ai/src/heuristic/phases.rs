//! The phases around the moves: the Rail Phase (the rail move that brings a
//! reserve furthest toward the front), the reserves kept back for it in the
//! Movement Phase, supply points spent in the graded model, and GS-9's
//! replacement points spent on rebuilds.

use hexwar_engine::scenario::SupplyModel;
use hexwar_engine::{Action, GameState, HexId, Mp, PhaseKind, Scenario, UnitId, graded};

use super::{BLOCK, HeuristicPlayer};

impl HeuristicPlayer {
    /// One action of the Rail Phase: a rail move taken back when overstacked
    /// (MAL-RAIL-5), else the rail move that brings a unit furthest toward
    /// the front (more than 3 MP nearer), into a hex with room, in supply,
    /// not off an objective it alone holds; else `EndPhase`.
    pub(super) fn rail(&mut self, scen: &Scenario, state: &GameState) -> Action {
        state.legal_actions(scen, &mut self.actions);
        if !self.actions.contains(&Action::EndPhase) {
            // MAL-RAIL-5: overstacked; take a rail move back.
            if let Some(a) = self
                .actions
                .iter()
                .find(|a| matches!(a, Action::UndoRail { .. }))
            {
                if let Action::UndoRail { unit } = *a {
                    // Not railed again this phase.
                    self.done.push(unit);
                }
                return *a;
            }
        }
        self.refresh_occ(scen, state);
        let side = state.active_side();
        let limit = scen.stacking();
        let mut best: Option<(f64, UnitId, HexId)> = None;
        for a in &self.actions {
            let Action::RailMove { unit, to } = *a else {
                continue;
            };
            if self.done.contains(&unit) {
                continue;
            }
            if self.occ[to.index()][side.index()] + 1 > limit
                || self.occ[to.index()][side.other().index()] > 0
            {
                continue;
            }
            let c = scen.unit_type(unit).class as usize;
            let from = state.unit(unit).hex;
            let g = |h: HexId| {
                let f = &self.fields;
                (0.6 * f.obj[c][h.index()].min(BLOCK) as f64
                    + 0.4 * f.foe[c][h.index()].min(BLOCK) as f64)
                    / Mp::SCALE as f64
            };
            // Keep garrisons on objectives.
            if scen.objectives().iter().any(|o| o.hex == from)
                && self.occ[from.index()][side.index()] == 1
            {
                continue;
            }
            let thr = self.threshold(scen, state, unit);
            if scen.supply_rules().model != SupplyModel::None
                && self.supply_dist(c, to, false) > thr
            {
                continue;
            }
            let gain = g(from) - g(to);
            if gain > 3.0 && best.is_none_or(|b| gain > b.0) {
                best = Some((gain, unit, to));
            }
        }
        if let Some((gain, unit, to)) = best {
            self.note(format!(
                "{} by rail to {} ({gain:.0} MP nearer the front)",
                scen.unit(unit).id,
                scen.grid().label(to)
            ));
            return Action::RailMove { unit, to };
        }
        Action::EndPhase
    }

    /// MAL-RAIL-3: when a Rail Phase follows, keep back (unmoved) the units
    /// farthest from the front that stand on a friendly rail hex, up to the
    /// side's rail capacity, so they may go by rail.
    pub(super) fn pick_reserves(&mut self, scen: &Scenario, state: &GameState) {
        use hexwar_engine::scenario::RouteKind;
        self.reserves.clear();
        let phases = scen.phases();
        let here = state.phase_index();
        if !phases[here..].contains(&PhaseKind::Rail) {
            return;
        }
        let side = state.active_side();
        let cap = scen.rail_capacity(side) as usize;
        let mut cands: Vec<(u32, UnitId)> = Vec::new();
        for u in state.units_of(scen, side) {
            let us = state.unit(u);
            let c = scen.unit_type(u).class as usize;
            let far = self.fields.foe[c][us.hex.index()].min(BLOCK);
            if us.supply != hexwar_engine::SupplyState::Out
                && scen.has_route(us.hex, RouteKind::Rail)
                && state.control(us.hex) == Some(side)
                && self.foe_att[us.hex.index()] == 0.0
                && far >= 2 * state.movement_allowance(scen, u).0 as u32
            {
                cands.push((far, u));
            }
        }
        cands.sort_by(|a, b| b.cmp(a));
        self.reserves.extend(cands.iter().take(cap).map(|c| c.1));
    }

    /// GS-4: spend supply points on the unit that needs them most (held at a
    /// U-level by special supply, or limited and facing the enemy).
    pub(super) fn spend_supply(&mut self, scen: &Scenario, state: &GameState) -> Option<Action> {
        let g = scen.supply_rules().graded.as_ref()?;
        let side = state.active_side();
        let reserve = g.sp_cost + 2 * g.attack_sp;
        if state.supply_points(side) < reserve {
            return None;
        }
        let mut best: Option<(i32, UnitId)> = None;
        for u in state.units_of(scen, side) {
            if graded::can_spend(scen, state, u).is_err() {
                continue;
            }
            let us = state.unit(u);
            let front = self.foe_att.get(us.hex.index()).is_some_and(|a| *a > 0.0);
            let v = us.u_level as i32 * 3 + front as i32 * 2
                - (us.supply == hexwar_engine::SupplyState::Limited && !front) as i32 * 10;
            if v > 1 && best.is_none_or(|b| v > b.0) {
                best = Some((v, u));
            }
        }
        let (_, u) = best?;
        self.note(format!(
            "supply points for {} (U{})",
            scen.unit(u).id,
            state.unit(u).u_level
        ));
        Some(Action::SpendSupply { unit: u })
    }

    /// GS-9: rebuild a step whenever a pool can pay for one: a reduced unit
    /// on the map first (it fights at once), else an eliminated one.
    /// Pockets are never given up, nor anything shipped out.
    pub(super) fn rebuild(&mut self, scen: &Scenario, state: &GameState) -> Option<Action> {
        graded::pocket_rules(scen)?;
        let mut best: Option<(bool, Action)> = None;
        graded::for_each_pool_action(scen, state, |a| {
            if let Action::Rebuild { unit, .. } = a {
                let on_map = state.unit(unit).on_map();
                if best.is_none_or(|b| on_map && !b.0) {
                    best = Some((on_map, a));
                }
            }
        });
        let (_, a) = best?;
        if let Action::Rebuild { unit, hex } = a {
            self.note(format!(
                "rebuild {} in {}",
                scen.unit(unit).id,
                scen.grid().label(hex)
            ));
        }
        Some(a)
    }
}
