//! A batch in memory: every game of a [`Batch`] played in parallel, one
//! game per task, the records kept in index order (sweeps, tests). Only
//! `into_par_iter` over the game kernel, so a record is the same on any
//! thread count.

use hexwar_engine::Scenario;
use rayon::prelude::*;

use super::game::{GameRecord, SimError, check_ai, play_game};

/// What to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    /// Number of games.
    pub games: u64,
    /// AI spec for the first side.
    pub blue: String,
    /// AI spec for the second side.
    pub red: String,
    /// Master seed.
    pub seed: u64,
    /// Threads for a pool of the batch's own; `None` uses rayon's global pool.
    pub threads: Option<usize>,
}

impl Default for Batch {
    fn default() -> Self {
        Batch {
            games: 100,
            blue: "random".into(),
            red: "random".into(),
            seed: 1,
            threads: None,
        }
    }
}

/// Plays every game of `batch` in parallel, one game per task, and returns
/// the records in index order. `on_game` is called as each game ends (from
/// any thread, in any order): a progress bar's tick.
pub fn run_batch(
    scen: &Scenario,
    batch: &Batch,
    on_game: &(dyn Fn(&GameRecord) + Sync),
) -> Result<Vec<GameRecord>, SimError> {
    // Refuse bad specs before starting any thread.
    check_ai(&batch.blue, "blue")?;
    check_ai(&batch.red, "red")?;
    let play = || {
        (0..batch.games)
            .into_par_iter()
            .map(|i| {
                let rec = play_game(scen, &batch.blue, &batch.red, batch.seed, i)?;
                on_game(&rec);
                Ok(rec)
            })
            .collect::<Result<Vec<_>, SimError>>()
    };
    match batch.threads {
        None => play(),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(SimError::Threads)?
            .install(play),
    }
}
