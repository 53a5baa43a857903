//! # hexwar-sim
//!
//! The library behind the `hexwar` command. [`cmd`] holds one module per
//! subcommand (its clap arguments and its `run`); `main.rs` only parses
//! arguments, calls them and turns errors into exit codes, so everything
//! here is testable without a process. Below the commands, by role:
//!
//! - [`scenario`], [`saved`]: a scenario loaded once (text and checked
//!   scenario together), a saved game checked against it.
//! - [`batch`]: the game kernel, seeds, batches in memory and as run
//!   folders (resume, shards, merge), and what a batch adds up to.
//! - [`status`]: how far a run's folders have got, for `hexwar status`.
//! - [`inspect`]: what the rules say about a position (moves, ZOC,
//!   supply, rail, attack odds).
//! - [`sweep`]: a scenario setting varied, for `hexwar sweep`.
//! - [`balance`]: a scenario's balance at several levels of play, with a
//!   verdict at each and the trend, and the setting that evens it, for
//!   `hexwar balance`; [`compare`]: two runs side by side, for `hexwar
//!   compare`; [`mod@html`]: a run folder as one self-contained page.
//! - [`duel`]: pairs of games on one seed with the sides swapped, scored
//!   by result or by duplicate VP margin, for `hexwar duel` and `hexwar
//!   tournament`; [`tournament`]: a round robin of players over
//!   scenarios.
//! - [`stats`]: Wilson intervals, the logistic fit, a score's interval,
//!   Elo, the SPRT and the Bradley–Terry fit.
//! - [`draw`]: charts, the heat map and the SVG map.
//! - [`play`]: the play server and its JSON API.
//! - [`record`]: the game record (a seed and the actions), which Save,
//!   Load, the replay viewer and `hexwar replay` share.
//! - [`counter`], [`files`], [`threads`], [`error`]: counters' values,
//!   files with errors that name them (reads bounded, run files written
//!   atomically), the `--threads` limit, and the error every command can
//!   end with.
//!
//! The game kernel is [`batch::play_game`]: pure, seeded, and the same
//! game for the same `(seed, index)` on any thread.
//!
//! ```
//! use hexwar_engine::builtin;
//! use hexwar_sim::batch::play_game;
//!
//! let scen = builtin::load("malaya").unwrap();
//! let a = play_game(&scen, "random", "random", 1, 0).unwrap();
//! let b = play_game(&scen, "random", "random", 1, 0).unwrap();
//! assert_eq!(a, b);
//! assert!(!a.aborted);
//! ```

pub mod balance;
pub mod batch;
pub mod cmd;
pub mod compare;
pub mod counter;
pub mod draw;
pub mod duel;
pub mod error;
pub mod files;
pub mod html;
pub mod inspect;
pub mod play;
pub mod record;
pub mod saved;
pub mod scenario;
pub mod stats;
pub mod status;
pub mod sweep;
pub mod threads;
pub mod tournament;

pub use error::Error;
