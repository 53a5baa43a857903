//! The player who does nothing: it ends every phase at once, moving no unit
//! and declaring no attack. When ending the phase is not allowed (a combat
//! already declared must be rolled, a retreat chosen), it plays the first
//! legal action. It is what a person who never touches a counter plays, so
//! a competent player must beat it on every side of every scenario.

use hexwar_engine::{Action, GameState, Scenario};

use crate::{AiRng, Player};

/// Ends each phase as soon as it may (`pass`).
#[derive(Clone, Debug, Default)]
pub struct PassPlayer {
    /// Legal actions, when ending the phase is refused (reused).
    actions: Vec<Action>,
}

impl Player for PassPlayer {
    fn name(&self) -> String {
        "pass".into()
    }

    fn choose(&mut self, scen: &Scenario, state: &GameState, _rng: &mut AiRng) -> Action {
        if state.check(scen, Action::EndPhase).is_ok() {
            return Action::EndPhase;
        }
        state.legal_actions(scen, &mut self.actions);
        self.actions.first().copied().unwrap_or(Action::EndPhase)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexwar_engine::builtin;
    use rand::SeedableRng;

    #[test]
    fn pass_ends_the_phase_at_once() {
        let scen = builtin::load("morne-plaine").unwrap();
        let mut dice = AiRng::seed_from_u64(1);
        let mut rng = AiRng::seed_from_u64(2);
        let st = GameState::new(&scen, &mut dice);
        let mut p = PassPlayer::default();
        assert_eq!(p.choose(&scen, &st, &mut rng), Action::EndPhase);
    }
}
