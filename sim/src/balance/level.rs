//! One level of play's results ([`LevelResult`]): made from the summary of
//! its run folder, so a level can be resumed, merged from shards or
//! compared like any batch.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Serialize;

use super::{Verdict, score_moments};
use crate::batch::{BatchSummary, RunOutcome};
use crate::stats::score::ScoreInterval;
use crate::stats::{MeanInterval, Moments};

/// How long a level took (the part that depends on the machine).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LevelTiming {
    /// Games played by this command (0 when they were all played before).
    pub played: u64,
    /// Seconds.
    pub secs: f64,
    /// Threads.
    pub threads: usize,
    /// Seconds a game takes on one core, as `secs x threads / played` (on
    /// a machine busy with other work, more than the game needs).
    pub core_secs_per_game: Option<f64>,
}

/// One level's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LevelResult {
    /// The player spec both sides played.
    pub player: String,
    /// Games played.
    pub games: u64,
    /// Wins of each side.
    pub wins: [u64; 2],
    /// Drawn games.
    pub draws: u64,
    /// Games stopped at the action cap (counted as draws in the score).
    pub aborted: u64,
    /// The first side's score (a draw counts half) with its 95% interval.
    pub score: ScoreInterval,
    /// The first side's mean VP margin with its 95% interval.
    pub margin: MeanInterval,
    /// Games by VP margin (`{"-3": 5, "4": 2}`: 5 games at -3, ...).
    pub margins: BTreeMap<i64, u64>,
    /// The verdict on this level's score.
    pub verdict: Verdict,
    /// The side the verdict favours, by name (leaning or one-sided).
    pub favours: Option<String>,
    /// A warning about this level (random players).
    pub note: Option<String>,
    /// The level's run folder (games.csv, its own summary and plots).
    pub dir: PathBuf,
    /// How long it took.
    pub timing: LevelTiming,
}

/// The note on a level of random players.
pub const RANDOM_NOTE: &str = "random players measure nothing about balance: \
shown as the floor, left out of the trend";

/// Whether a spec is the random player.
pub fn is_random(spec: &str) -> bool {
    spec.trim() == "random"
}

impl LevelResult {
    /// A level's results from its run.
    pub fn new(player: &str, sides: &[String; 2], o: &RunOutcome) -> LevelResult {
        let s: &BatchSummary = &o.summary;
        let (verdict, favours) = Verdict::of(&s.first_score);
        LevelResult {
            player: player.to_string(),
            games: s.games,
            wins: [s.sides[0].wins.count, s.sides[1].wins.count],
            draws: s.draws.count,
            aborted: s.aborted,
            score: s.first_score,
            margin: s.margin,
            margins: s.tally.margins.clone(),
            verdict,
            favours: favours.map(|k| sides[k].clone()),
            note: is_random(player).then(|| RANDOM_NOTE.to_string()),
            dir: o.dir.clone(),
            timing: LevelTiming {
                played: o.played,
                secs: o.secs,
                threads: o.threads,
                core_secs_per_game: (o.played > 0)
                    .then(|| o.secs * o.threads as f64 / o.played as f64),
            },
        }
    }

    /// The per-game scores' sums, for the trend's Welch interval.
    pub fn score_moments(&self) -> Moments {
        score_moments(self.games, self.wins[0], self.draws + self.aborted)
    }
}
