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
//! Rules are named by their IDs (MAL-..., MP-..., GS-..., D-...) in the doc
//! comment of the code that implements them and of the tests that pin them;
//! `docs/RULES.md` in this repository states each rule, the reading taken
//! where its text leaves room, and where its code and tests are.
//! `grep -rn MP-ZOC-7` finds code and tests.
//!
//! # Layers
//!
//! From the bottom up; a module imports only modules below it (the test
//! `tests/layers.rs` checks there is no import cycle):
//!
//! - core types: [`hex`] (the map), [`scenario`] (the checked scenario and
//!   its cost tables), [`state`] (what changes), [`action`] (what a player
//!   does, why it is refused), [`event`] (what happened);
//! - the rules, under `rules/`: [`zoc`], [`movement`], [`supply`] and
//!   [`graded`] (with [`sources`], what both share), [`rail`], [`retreat`],
//!   [`combat`], [`charge`], and the losses they inflict;
//! - the turn sequence on top: [`game`] (legal actions, checked and
//!   unchecked apply, the phases, reinforcements, victory);
//! - boundaries beside it: [`save`] (saved games), [`builtin`] (the
//!   embedded scenarios); `log` words events for people.

pub mod action;
pub mod builtin;
pub mod event;
pub mod game;
pub mod hex;
mod log;
pub mod rules;
pub mod save;
pub mod scenario;
pub mod state;

/// The rule modules, at the crate root as before; they live under `rules/`.
pub use rules::{charge, combat, graded, movement, rail, retreat, sources, supply, works, zoc};

pub use action::{Action, ActionError};
pub use event::{Event, EventSink, Isolation, LossCause};
pub use hex::{Dir, Grid, HexId};
pub use movement::{Destination, Reach, reachable};
pub use scenario::{Mp, PhaseKind, Scenario, ScenarioError, ScenarioErrors, Side, UnitKind, Work};
pub use state::{GameResult, GameState, ResultLevel, SupplyState, UnitId, UnitState};
