//! # hexwar-sim
//!
//! The library behind the `hexwar` command: one module per subcommand, each
//! a plain function from a scenario (and options) to a report that can be
//! printed as text or JSON. `main.rs` only parses arguments, calls these and
//! turns errors into exit codes, so everything here is testable without a
//! process.
//!
//! The game kernel is [`simulate::play_game`]: pure, seeded, and the same
//! game for the same `(seed, index)` on any thread.
//!
//! ```
//! use hexwar_engine::builtin;
//! use hexwar_sim::simulate::play_game;
//!
//! let scen = builtin::load("malaya").unwrap();
//! let a = play_game(&scen, "random", "random", 1, 0).unwrap();
//! let b = play_game(&scen, "random", "random", 1, 0).unwrap();
//! assert_eq!(a, b);
//! assert!(!a.aborted);
//! ```

pub mod batch;
pub mod duel;
pub mod fit;
pub mod inspect;
pub mod load;
pub mod odds;
pub mod play;
pub mod plots;
pub mod replay;
pub mod report;
pub mod report_plots;
pub mod run;
pub mod scenarios;
pub mod seed;
pub mod show;
pub mod simulate;
pub mod stats;
pub mod summary;
pub mod svg;
pub mod sweep;
pub mod validate;
