//! The fixed mid-game positions the guided search is timed on
//! (`benches/mcts.rs`, `mcts_guided/<scenario>`): the first side's Movement
//! Phase at half the game of each built-in scenario, saved from a heuristic
//! game in `ai/tests/fixtures/mcts_midgame_<scenario>.json` and read by the
//! loader `hexwar play --state` uses, which checks them against the
//! scenario as it is now.

use hexwar_engine::{GameState, Scenario};
use hexwar_sim::saved::{StateError, state_file};

/// The mid-game position of built-in scenario `name` (`scen`).
pub fn midgame(scen: &Scenario, name: &str) -> Result<GameState, StateError> {
    let path = format!(
        "{}/../ai/tests/fixtures/mcts_midgame_{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    state_file(scen, path.as_ref())
}

#[cfg(test)]
mod tests {
    use hexwar_engine::builtin;

    use super::*;

    /// Every built-in has its position, and it still loads: a scenario
    /// changed since (malaya's air points, 3 to 1) left the bench panicking
    /// on a position its rules no longer allow.
    #[test]
    fn every_built_in_has_a_mid_game_position_its_rules_allow() {
        for name in builtin::names() {
            let scen = builtin::load(name).expect("built-in scenario");
            let st = midgame(&scen, name).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!st.is_over(), "{name}: the game is over");
            assert!(st.turn() > 1, "{name}: not a mid-game position");
        }
    }
}
