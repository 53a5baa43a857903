//! # hexwar-engine
//!
//! The rules of operational hex-and-counter wargames, as a library: a
//! [`Scenario`] (checked once, shared behind an `Arc`) and a [`GameState`]
//! (what changes) that legal [`Action`]s move from phase to phase. No IO, no
//! threads: randomness comes from the `Rng` the caller passes in, so the same
//! seed always gives the same game.
//!
//! ```
//! use hexwar_engine::{builtin, Action, GameState};
//! use rand::SeedableRng;
//!
//! let scen = builtin::load("malaya").unwrap();
//! let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
//! let mut game = GameState::new(&scen, &mut rng);
//! let mut actions = Vec::new();
//! game.legal_actions(&scen, &mut actions);
//! // Move the first unit that can move, then end the phase.
//! let first = actions[0];
//! game.apply(&scen, first, &mut rng, &mut ()).unwrap();
//! game.apply(&scen, Action::EndPhase, &mut rng, &mut ()).unwrap();
//! assert_eq!(game.turn(), 1);
//! ```
//!
//! Rules are named by their IDs from `RULES.md` in the doc comment of the
//! code that implements them; `grep -rn MP-ZOC-7` finds code and tests.

pub mod builtin;
pub mod charge;
pub mod combat;
pub mod game;
pub mod graded;
pub mod hex;
mod log;
pub mod movement;
pub mod rail;
pub mod retreat;
pub mod save;
pub mod scenario;
pub mod state;
pub mod supply;
pub mod zoc;

pub use game::{Action, ActionError, Event, EventSink, Isolation, LossCause};
pub use hex::{Dir, Grid, HexId};
pub use movement::{Destination, Reach, reachable};
pub use scenario::{Mp, PhaseKind, Scenario, ScenarioError, ScenarioErrors, Side, UnitKind};
pub use state::{GameResult, GameState, ResultLevel, SupplyState, UnitId, UnitState};
