//! Batches of AI games: the game kernel and its record ([`game`]), the
//! seeds that make a game depend only on (master seed, index) ([`seed`]),
//! a batch in memory ([`parallel`]) or as a folder on disk ([`spec`],
//! [`games_csv`], [`run`], [`mod@merge`]), and what a batch adds up to
//! ([`tally`], [`summary`], [`report`]).

mod error;
pub mod game;
pub mod games_csv;
pub mod merge;
pub mod parallel;
pub mod report;
pub mod run;
pub mod seed;
pub mod spec;
pub mod summary;
pub mod tally;

pub use error::RunError;
pub use game::{GameRecord, Intent, MAX_ACTIONS, SimError, play_game, play_logged, play_with};
pub use merge::merge;
pub use parallel::{Batch, run_batch};
pub use report::{BatchReport, Timing};
pub use run::{RunOptions, RunOutcome};
pub use spec::RunSpec;
pub use summary::BatchSummary;
pub use tally::BatchTally;
