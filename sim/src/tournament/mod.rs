//! A round robin of players over scenarios, for `hexwar tournament`:
//! every pairing of the players plays a duel of N pairs in every scenario
//! ([`play`]), on the same seeds for every pairing; the pairs are then
//! scored into pairwise tables and an Elo table ([`TournamentReport`]),
//! and written as `tournament.json`, `tournament.md` and `games.csv`
//! ([`files`]).
//!
//! Every pair is played by the pure game kernel and the results are kept
//! by (scenario, pairing, seed index), so the tables are the same on any
//! thread count. With a folder, each pair goes into its journal as it
//! finishes ([`journal`]): a tournament stopped mid-way keeps what it
//! played, and run again plays only the rest.

pub mod files;
pub mod journal;
mod report;

use std::collections::HashMap;
use std::sync::Arc;

use hexwar_engine::Scenario;
use rayon::prelude::*;

use crate::batch::SimError;
use crate::duel::{Pair, play_pair};

pub use report::{Cell, EloRow, ScoreTable, TournamentReport};

/// What a tournament plays.
#[derive(Clone, Debug)]
pub struct Schedule {
    /// Player specs (levels included), each once.
    pub players: Vec<String>,
    /// The scenarios, loaded.
    pub scenarios: Vec<Arc<Scenario>>,
    /// Per scenario, the digest of its text ([`crate::batch::spec::digest`]).
    pub digests: Vec<String>,
    /// Pairs per pairing and scenario (seed indices 0..pairs).
    pub pairs: u64,
    /// Master seed.
    pub seed: u64,
    /// Only neighbours in the list play (a ladder: 1-2, 2-3, ...), not
    /// every pairing.
    pub ladder: bool,
}

impl Schedule {
    /// Every pairing `(i, j)` with `i < j`, in order (a ladder: only
    /// `(i, i + 1)`).
    pub fn pairings(&self) -> Vec<(usize, usize)> {
        let m = self.players.len();
        if self.ladder {
            return (1..m).map(|j| (j - 1, j)).collect();
        }
        (0..m)
            .flat_map(|i| (i + 1..m).map(move |j| (i, j)))
            .collect()
    }

    /// Games in the whole tournament.
    pub fn games(&self) -> u64 {
        self.scenarios.len() as u64 * self.pairings().len() as u64 * self.pairs * 2
    }
}

/// Every pair played: `pairs[scenario][pairing][index]`, pairings in
/// [`Schedule::pairings`] order, the first player of a pairing as A.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The pairs.
    pub pairs: Vec<Vec<Vec<Pair>>>,
}

/// Plays the tournament on `threads` worker threads (`None`: one per
/// core), one pair per task, except the pairs in `kept` (already played,
/// by slot: [`journal::Journal::open`]); `on_pair` after each pair played (from any
/// thread), `on_game` after each game.
pub fn play(
    schedule: &Schedule,
    threads: Option<usize>,
    kept: &HashMap<journal::Slot, Pair>,
    on_pair: &(dyn Fn(journal::Slot, &Pair) + Sync),
    on_game: &(dyn Fn() + Sync),
) -> Result<Played, SimError> {
    let pairings = schedule.pairings();
    // Pair index first: every pairing and scenario advances together.
    let (scenarios, per) = (schedule.scenarios.len(), pairings.len());
    let jobs: Vec<journal::Slot> = (0..schedule.pairs)
        .flat_map(|i| (0..scenarios).flat_map(move |s| (0..per).map(move |p| (s, p, i))))
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(SimError::Threads)?;
    // Handed out in order (not split into ranges, one per thread): a
    // tournament stopped mid-way has played the first pairs of every
    // pairing, and its journal read with fewer `--pairs` is whole.
    let mut flat = pool.install(|| {
        jobs.iter()
            .par_bridge()
            .map(|&slot| {
                if let Some(pair) = kept.get(&slot) {
                    return Ok((slot, *pair));
                }
                let (s, p, i) = slot;
                let (a, b) = pairings[p];
                let pair = play_pair(
                    &schedule.scenarios[s],
                    &schedule.players[a],
                    &schedule.players[b],
                    schedule.seed,
                    i,
                    on_game,
                )?;
                on_pair(slot, &pair);
                Ok((slot, pair))
            })
            .collect::<Result<Vec<(journal::Slot, Pair)>, SimError>>()
    })?;
    flat.sort_unstable_by_key(|&(slot, _)| slot);
    let mut it = flat.into_iter().map(|(_, pair)| pair);
    let per_pairing = schedule.pairs as usize;
    let pairs = (0..schedule.scenarios.len())
        .map(|_| {
            (0..pairings.len())
                .map(|_| it.by_ref().take(per_pairing).collect())
                .collect()
        })
        .collect();
    Ok(Played { pairs })
}
