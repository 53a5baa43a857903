//! # hexwar-ai
//!
//! Players over the engine's API. A [`Player`] is asked for one action at a
//! time; it sees the scenario, the state and an RNG of its own, and must
//! return a legal action.
//!
//! ```
//! use hexwar_ai::{Player, RandomPlayer};
//! use hexwar_engine::{builtin, GameState};
//! use rand::SeedableRng;
//!
//! let scen = builtin::load("malaya").unwrap();
//! let mut dice = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
//! let mut ai_rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(2);
//! let mut game = GameState::new(&scen, &mut dice);
//! let mut players = [RandomPlayer::default(), RandomPlayer::default()];
//! while !game.is_over() {
//!     let side = game.active_side().index();
//!     let action = players[side].choose(&scen, &game, &mut ai_rng);
//!     game.apply(&scen, action, &mut dice, &mut ()).unwrap();
//! }
//! ```

mod guide;
mod heuristic;
mod levels;
pub mod mcts;
mod pass;
mod random;

pub use guide::Guide;
pub use heuristic::{HeuristicPlayer, Tuning, TuningError};
pub use levels::{LEVELS, for_play, level};
pub use pass::PassPlayer;
pub use random::RandomPlayer;

use hexwar_engine::{Action, GameState, Scenario};

/// The RNG players draw from: seeded per game and side by the caller.
pub type AiRng = rand_xoshiro::Xoshiro256PlusPlus;

/// Something that chooses actions for one side.
pub trait Player: Send {
    /// Short name, as on the command line (`random`, `heuristic`, ...).
    fn name(&self) -> String;

    /// The next action for the side whose turn it is in `state`. Must be legal.
    fn choose(&mut self, scen: &Scenario, state: &GameState, rng: &mut AiRng) -> Action;

    /// What the player meant to do in its current (or last) player-turn:
    /// targets, supply cuts sought, units pulled back. Empty for players
    /// that do not say.
    fn intent(&self) -> Vec<String> {
        Vec::new()
    }
}

/// A player spec refused by [`from_spec`]. The texts are those the command
/// line prints.
#[derive(Clone, Debug, thiserror::Error, PartialEq)]
pub enum SpecError {
    /// No player of that name.
    #[error("unknown AI \"{0}\" (available: random, pass, heuristic, mcts[:iters=N,ms=N,c=X])")]
    UnknownAi(String),
    /// An `mcts:` option refused.
    #[error(transparent)]
    Mcts(#[from] mcts::OptionsError),
    /// A `heuristic:` option refused.
    #[error(transparent)]
    Heuristic(#[from] heuristic::TuningError),
}

/// Builds a player from a command-line spec such as `random`, or a level
/// ([`level`]: `novice`, `normal`, `hard`, `expert`), which is resolved
/// first and gives a player named by the level.
pub fn from_spec(spec: &str) -> Result<Box<dyn Player>, SpecError> {
    if let Some(player) = levels::player(spec) {
        return player;
    }
    let (name, opts) = spec.split_once(':').unwrap_or((spec, ""));
    match name {
        "random" => Ok(Box::new(RandomPlayer::default())),
        "pass" => Ok(Box::new(PassPlayer::default())),
        "heuristic" => Ok(Box::new(HeuristicPlayer::from_options(opts)?)),
        "mcts" => Ok(Box::new(mcts::MctsPlayer::from_options(opts)?)),
        other => Err(SpecError::UnknownAi(other.into())),
    }
}
