//! The floor: a player that moves each unit at most once per phase, to a
//! uniformly chosen destination, then ends the phase; in the Combat Phase it
//! makes random attacks (each joined by other adjacent units at random) and
//! rolls them without air points.

use hexwar_engine::movement;
use hexwar_engine::{Action, GameState, PhaseKind, Scenario, UnitId};
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
    /// Chance of making (another) attack in a Combat Phase, and of each
    /// further adjacent unit joining one.
    pub attack_chance: f64,
    /// Legal actions of the Combat Phase (reused).
    actions: Vec<Action>,
}

impl Default for RandomPlayer {
    fn default() -> Self {
        RandomPlayer {
            move_chance: 0.9,
            phase_key: None,
            pending: Vec::new(),
            attack_chance: 0.5,
            actions: Vec::new(),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, scen: &Scenario, state: &GameState, rng: &mut AiRng) -> Action {
        if state.phase(scen) == PhaseKind::Combat {
            return self.combat(scen, state, rng);
        }
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

impl RandomPlayer {
    /// A random attack, joined at random by other units that may, then
    /// rolled; advances taken at random. Every attack ends in its roll, so
    /// the phase ends (each unit attacks at most once).
    fn combat(&mut self, scen: &Scenario, state: &GameState, rng: &mut AiRng) -> Action {
        state.legal_actions(scen, &mut self.actions);
        let pick = |actions: &[Action], rng: &mut AiRng, want: fn(&Action) -> bool| {
            let n = actions.iter().filter(|a| want(a)).count();
            (n > 0).then(|| {
                let k = rng.random_range(0..n);
                *actions
                    .iter()
                    .filter(|a| want(a))
                    .nth(k)
                    .unwrap_or(&Action::EndPhase)
            })
        };
        let attack = |a: &Action| matches!(a, Action::Attack { .. });
        let advance = |a: &Action| matches!(a, Action::Advance { .. });
        if state.combat().target.is_some() {
            if rng.random_bool(self.attack_chance) {
                if let Some(a) = pick(&self.actions, rng, attack) {
                    return a;
                }
            }
            return Action::Resolve { air: 0 };
        }
        if rng.random_bool(0.5) {
            if let Some(a) = pick(&self.actions, rng, advance) {
                return a;
            }
        }
        let must = !self.actions.contains(&Action::EndPhase);
        if must || rng.random_bool(self.attack_chance) {
            if let Some(a) = pick(&self.actions, rng, attack) {
                return a;
            }
        }
        Action::EndPhase
    }
}
