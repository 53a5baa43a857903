//! The heuristic as a [`Player`] and as a [`Guide`], and the life of its
//! caches: `prepare` builds what a position's player-turn and phase need
//! (map graphs per scenario, distance fields per player-turn, the enemy's
//! strength per phase, enemy supply lines, unit order and rail reserves per
//! Movement Phase) and keeps what is still valid; the `Guide` methods drop
//! what a search's out-of-order questions make stale.

use hexwar_engine::{Action, GameState, HexId, PhaseKind, Scenario, UnitId};
use rand::Rng;

use super::HeuristicPlayer;
use super::graphs::shared_graphs;
use super::worth::Worth;
use crate::{AiRng, Guide, Player};

impl Player for HeuristicPlayer {
    fn name(&self) -> String {
        let opts = self.tuning.to_string();
        if opts.is_empty() {
            "heuristic".into()
        } else {
            format!("heuristic:{opts}")
        }
    }

    fn choose(&mut self, scen: &Scenario, state: &GameState, rng: &mut AiRng) -> Action {
        if state.is_over() {
            return Action::EndPhase;
        }
        self.prepare(scen, state);
        let mut a = match state.phase(scen) {
            PhaseKind::Movement => self.movement(scen, state, rng),
            PhaseKind::Rail => self.rail(scen, state),
            PhaseKind::Combat => self.combat(scen, state),
            _ => Action::EndPhase,
        };
        // A novice's slip: an attack worth making, not made.
        if self.tuning.blunder > 0.0
            && matches!(a, Action::Attack { .. })
            && !state.combat().target.is_some()
            && rng.random::<f64>() < self.tuning.blunder
            && state.check(scen, Action::EndPhase).is_ok()
        {
            a = Action::EndPhase;
        }
        if state.check(scen, a).is_ok() {
            return a;
        }
        // Should not happen; stay legal whatever.
        state.legal_actions(scen, &mut self.actions);
        if self.actions.contains(&Action::EndPhase) {
            Action::EndPhase
        } else if state.combat().target.is_some() {
            Action::Resolve { air: 0 }
        } else {
            self.actions.first().copied().unwrap_or(Action::EndPhase)
        }
    }

    fn intent(&self) -> Vec<String> {
        self.intent.clone()
    }
}

impl HeuristicPlayer {
    /// Builds (or keeps) the caches `state`'s player-turn and phase need.
    pub(super) fn prepare(&mut self, scen: &Scenario, state: &GameState) {
        let id = scen.id();
        if self.graphs.as_ref().is_none_or(|g| g.scen_id != id) {
            self.graphs = Some(shared_graphs(scen));
            self.worth = Worth::new(scen);
            self.turn_key = None;
            self.phase_key = None;
        }
        let side = state.active_side();
        let tk = (state.turn(), side.0);
        if self.turn_key.is_some_and(|k| tk < k) {
            // An earlier player-turn than the last seen: a new game.
            self.phase_key = None;
            self.move_key = None;
        }
        if self.turn_key != Some(tk) {
            self.turn_key = Some(tk);
            self.intent.clear();
            self.build_fields(scen, state);
        }
        let pk = (state.turn(), side.0, state.phase_index());
        if self.phase_key != Some(pk) {
            self.phase_key = Some(pk);
            self.done.clear();
            self.cut_cache.clear();
            self.cut_tests = 0;
            self.enemy_map(scen, state);
            // A search comes back to a Movement Phase from later phases of
            // the same player-turn: the enemy has not moved, keep what is known.
            if state.phase(scen) == PhaseKind::Movement && self.move_key != Some(pk) {
                self.move_key = Some(pk);
                self.trace_enemy(scen, state);
                self.order_units(scen, state);
                self.pick_reserves(scen, state);
                self.plan_attacks(scen, state);
            }
        }
    }
}

impl Guide for HeuristicPlayer {
    /// Forgets every per-turn and per-phase cache: the next call builds
    /// them afresh.
    fn new_search(&mut self) {
        self.turn_key = None;
        self.phase_key = None;
        self.move_key = None;
    }

    /// A fresh budget of what-if supply tests (the search starts a new line
    /// of play in a Movement Phase it has prepared).
    fn new_line(&mut self) {
        self.cut_tests = 0;
    }

    /// Forgets the per-phase caches only: the distance fields of the
    /// player-turn stay (a search's replies, from positions that differ
    /// by one side's moves, share them).
    fn new_reply(&mut self) {
        self.phase_key = None;
        self.move_key = None;
    }

    /// Light: fewer what-if cuts and enemy lines traced.
    fn set_light(&mut self, light: bool) {
        self.light = light;
    }

    fn unit_order(&mut self, scen: &Scenario, state: &GameState, out: &mut Vec<UnitId>) {
        self.prepare(scen, state);
        // `pending` is popped from the back: the first unit is last.
        out.extend(self.pending.iter().rev().copied());
    }

    /// The caches of `state`'s player-turn and phase; in a Movement Phase,
    /// occupancy refreshed and what-if answers forgotten.
    fn new_position(&mut self, scen: &Scenario, state: &GameState) {
        self.prepare(scen, state);
        if state.phase(scen) == PhaseKind::Movement {
            self.fresh_position(scen, state);
        }
    }

    /// A rebuild (GS-9), supply points spent, a work (GS-10), a charge
    /// worth making.
    fn before_moves(&mut self, scen: &Scenario, state: &GameState) -> Option<Action> {
        self.rebuild(scen, state)
            .or_else(|| self.spend_supply(scen, state))
            .or_else(|| self.work(scen, state))
            .or_else(|| self.charge(scen, state))
    }

    fn may_move(&self, scen: &Scenario, state: &GameState, unit: UnitId) -> bool {
        self.movable(scen, state, unit)
    }

    fn scored_moves(
        &mut self,
        scen: &Scenario,
        state: &GameState,
        unit: UnitId,
        rng: &mut AiRng,
        out: &mut Vec<(f64, HexId)>,
    ) {
        self.unit_options(scen, state, unit, rng, true, out);
    }

    fn in_enemy_reach(&self, scen: &Scenario, hex: HexId) -> bool {
        self.in_reach(scen, hex)
    }

    fn plan_variants(&mut self, scen: &Scenario, state: &GameState) -> usize {
        self.list_variants(scen, state)
    }

    fn set_plan_variant(&mut self, scen: &Scenario, state: &GameState, k: usize) {
        self.use_variant(scen, state, k);
    }

    fn plan_variant_name(&self, scen: &Scenario, k: usize) -> String {
        self.variant_name(scen, k)
    }

    fn phase_action(&mut self, scen: &Scenario, state: &GameState) -> Action {
        match state.phase(scen) {
            PhaseKind::Rail => self.rail(scen, state),
            PhaseKind::Combat => self.combat(scen, state),
            _ => Action::EndPhase,
        }
    }
}
