//! The floor: a player that moves each unit at most once per phase, to a
//! uniformly chosen destination, then ends the phase.

use hexwar_engine::movement;
use hexwar_engine::{Action, GameState, Scenario, UnitId};
use rand::Rng;

use crate::{AiRng, Player};

/// Picks units in random order; each moves (with probability `move_chance`)
/// to a destination chosen uniformly among its reachable hexes, or stays.
/// When every unit has had its chance, it ends the phase. One movement
/// search per unit per phase, and no allocation once warm.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    /// Chance that a unit moves when its turn comes.
    pub move_chance: f64,
    /// (turn, side, phase) of the phase `pending` belongs to.
    phase_key: Option<(u8, u8, usize)>,
    /// Units still to be offered a move this phase.
    pending: Vec<UnitId>,
}

impl Default for RandomPlayer {
    fn default() -> Self {
        RandomPlayer {
            move_chance: 0.9,
            phase_key: None,
            pending: Vec::new(),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, scen: &Scenario, state: &GameState, rng: &mut AiRng) -> Action {
        let key = (state.turn(), state.active_side().0, state.phase_index());
        if self.phase_key != Some(key) {
            self.phase_key = Some(key);
            self.pending.clear();
            self.pending
                .extend(state.units_of(scen, state.active_side()));
        }
        while !self.pending.is_empty() {
            let i = rng.random_range(0..self.pending.len());
            let unit = self.pending.swap_remove(i);
            if !movement::can_move(scen, state, unit) || !rng.random_bool(self.move_chance) {
                continue;
            }
            // A uniform destination: count them, draw one index, no list.
            if let Some(to) =
                movement::nth_destination(scen, state, unit, |n| rng.random_range(0..n))
            {
                return Action::Move { unit, to };
            }
        }
        Action::EndPhase
    }
}
