//! `hexwar duel`: which of two players is stronger. Games come in pairs
//! on one seed (the same dice and AI streams) with the sides swapped
//! ([`crate::duel`]), so neither the scenario's balance nor luck favours
//! either player. A pair scores by result (A's mean over its two games)
//! or, with `--score margin`, by duplicate VP margin (A's margin in a
//! seat against B's in the same seat); A's score comes with a 95%
//! interval over pairs ([`crate::stats::score`]), and an optional
//! sequential probability ratio test (SPRT) stops as soon as the evidence
//! decides between two Elo hypotheses ([`crate::stats::sprt`]).

use std::fmt;
use std::process::ExitCode;

use hexwar_engine::{Side, builtin};
use rayon::prelude::*;
use serde::Serialize;

use super::{emit_report, progress_bar};
use crate::batch::SimError;
use crate::batch::game::check_ai;
use crate::duel::{DuelTally, MarginDiff, ScoreMode, SeatRecord, play_pair};
use crate::error::{Error, UsageError};
use crate::scenario::LoadedScenario;
use crate::stats::sprt::{bounds, elo};

/// The arguments of `hexwar duel`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// Built-in scenario name or .toml path.
    #[arg(long, default_value = builtin::DEFAULT)]
    pub scenario: String,
    /// Player A: a level (novice, normal, hard, expert) or a spec (random,
    /// heuristic, mcts[:iters=N,ms=N,c=X]).
    #[arg(long)]
    pub a: String,
    /// Player B, as A.
    #[arg(long)]
    pub b: String,
    /// Games at most (whole pairs).
    #[arg(long, default_value_t = 200)]
    pub games: u64,
    /// Master seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = crate::threads::parse)]
    pub threads: Option<usize>,
    /// How a pair scores: result (A's win 1, draw 1/2, loss 0, over its
    /// two games) or margin (A's VP margin in a seat against B's in the
    /// same seat on the same seed: better 1, equal 1/2, worse 0; measures
    /// strength in one-sided scenarios).
    #[arg(long, value_enum, default_value_t = ScoreMode::Result)]
    pub score: ScoreMode,
    /// Stop when an SPRT between two Elo differences of A over B decides
    /// (5% error each way), e.g. --sprt 0,50.
    #[arg(long, value_name = "ELO0,ELO1", value_delimiter = ',')]
    pub sprt: Option<Vec<f64>>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `hexwar duel`.
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    let bar = progress_bar(args.games.div_ceil(2) * 2);
    let report = duel(args, &|| bar.inc(1))?;
    bar.finish_and_clear();
    emit_report(args.json, &report)?;
    Ok(ExitCode::SUCCESS)
}

/// The SPRT's state and verdict.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sprt {
    /// H0: A is `elo0` stronger than B.
    pub elo0: f64,
    /// H1: A is `elo1` stronger than B.
    pub elo1: f64,
    /// The log-likelihood ratio reached.
    pub llr: f64,
    /// Accept H0 at or below this (ln(beta / (1 - alpha)), 5% errors).
    pub lower: f64,
    /// Accept H1 at or above this.
    pub upper: f64,
    /// `"H1"`, `"H0"`, or `"undecided"` when the games ran out first.
    pub verdict: String,
}

/// The result of a duel.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DuelReport {
    /// Scenario name.
    pub scenario: String,
    /// Player A (as given: a level shows as its name).
    pub a: String,
    /// Player B.
    pub b: String,
    /// Master seed.
    pub seed: u64,
    /// How pairs were scored.
    pub score_mode: ScoreMode,
    /// Games played (pairs x 2).
    pub games: u64,
    /// Pairs played: the independent units of the score's interval and
    /// the SPRT.
    pub pairs: u64,
    /// A's wins.
    pub wins: u64,
    /// A's draws.
    pub draws: u64,
    /// A's losses.
    pub losses: u64,
    /// A's score: the mean of the pairs' scores in `score_mode`.
    pub score: f64,
    /// 95% interval of the score over pairs (Agresti–Coull widened to
    /// ties: [`crate::stats::score::interval`]).
    pub low: f64,
    /// High end.
    pub high: f64,
    /// A's Elo over B from the score.
    pub elo: f64,
    /// Elo at the interval's low end.
    pub elo_low: f64,
    /// Elo at the interval's high end.
    pub elo_high: f64,
    /// Pairs in which A's VP margin beat B's in the same seats.
    pub better: u64,
    /// Equal.
    pub equal: u64,
    /// Worse.
    pub worse: u64,
    /// A's VP margin minus B's in the same seat, mean over pairs.
    pub margin: MarginDiff,
    /// Seat by seat: A's and B's results and mean margins there.
    pub by_side: [SeatRecord; 2],
    /// The SPRT, if asked.
    pub sprt: Option<Sprt>,
}

/// Plays the duel; `on_game` after each game (from any thread).
pub fn duel(spec: &Args, on_game: &(dyn Fn() + Sync)) -> Result<DuelReport, Error> {
    let sprt = match spec.sprt.as_deref() {
        None => None,
        Some([e0, e1]) => Some((*e0, *e1)),
        Some(_) => return Err(UsageError::SprtCount.into()),
    };
    let scen = LoadedScenario::load(&spec.scenario)?.scenario;
    for (s, side) in [(&spec.a, "a"), (&spec.b, "b")] {
        check_ai(s, side)?;
    }
    if spec.games < 2 {
        return Err(UsageError::NoPair.into());
    }
    if let Some((elo0, elo1)) = sprt {
        if !(elo0.is_finite() && elo1.is_finite()) || elo0 == elo1 {
            return Err(UsageError::SprtValues { elo0, elo1 }.into());
        }
    }
    let pairs = spec.games.div_ceil(2);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(spec.threads.unwrap_or(0))
        .build()
        .map_err(SimError::Threads)?;
    let (lower, upper) = bounds();
    let mut tally = DuelTally::new(spec.score);
    let mut verdict = None;
    let mut value = 0.0;
    // Pairs in chunks, folded in index order: the SPRT stops at the same
    // pair on any thread count.
    let chunk = 32u64;
    let mut next = 0u64;
    while next < pairs && verdict.is_none() {
        let end = (next + chunk).min(pairs);
        let results = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map(|i| play_pair(&scen, &spec.a, &spec.b, spec.seed, i, on_game))
                .collect::<Result<Vec<_>, SimError>>()
        })?;
        for pair in &results {
            tally.add(pair);
            if let Some((e0, e1)) = sprt {
                value = tally.llr(e0, e1);
                if value >= upper {
                    verdict = Some("H1");
                } else if value <= lower {
                    verdict = Some("H0");
                }
                if verdict.is_some() {
                    break;
                }
            }
        }
        next = end;
    }
    let score = tally.score();
    let sides = Side::BOTH.map(|s| scen.side(s).id.as_str());
    let by_side = tally.by_seat(sides);
    let [losses, draws, wins] = tally.results;
    Ok(DuelReport {
        scenario: scen.name().to_string(),
        a: spec.a.clone(),
        b: spec.b.clone(),
        seed: spec.seed,
        score_mode: spec.score,
        games: 2 * tally.pairs(),
        pairs: tally.pairs(),
        wins,
        draws,
        losses,
        score: score.score,
        low: score.low,
        high: score.high,
        elo: elo(score.score),
        elo_low: elo(score.low),
        elo_high: elo(score.high),
        better: by_side[0].better,
        equal: by_side[0].equal,
        worse: by_side[0].worse,
        margin: tally.margin_diff(),
        by_side,
        sprt: sprt.map(|(elo0, elo1)| Sprt {
            elo0,
            elo1,
            llr: value,
            lower,
            upper,
            verdict: verdict.unwrap_or("undecided").to_string(),
        }),
    })
}

impl fmt::Display for DuelReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} (A) vs {} (B), {} games in {} pairs (each pair one seed, the sides swapped), seed {}",
            self.scenario, self.a, self.b, self.games, self.pairs, self.seed
        )?;
        let by = match self.score_mode {
            ScoreMode::Result => "by result",
            ScoreMode::Margin => "by VP margin, seat by seat",
        };
        writeln!(
            f,
            "  A's score {by}: {:.1}% [{:.1}% .. {:.1}%], Elo {:+.0} [{:+.0} .. {:+.0}]",
            100.0 * self.score,
            100.0 * self.low,
            100.0 * self.high,
            self.elo,
            self.elo_low,
            self.elo_high
        )?;
        writeln!(
            f,
            "  A's games: {} wins, {} draws, {} losses",
            self.wins, self.draws, self.losses
        )?;
        let m = &self.margin;
        let interval = match (m.low, m.high) {
            (Some(lo), Some(hi)) => format!(" [{lo:+.1} .. {hi:+.1}]"),
            _ => String::new(),
        };
        writeln!(
            f,
            "  A's VP margin against B's in the same seat: better on {}, equal on {}, worse on {} seeds; mean difference {:+.1}{interval} VP",
            self.better, self.equal, self.worse, m.mean
        )?;
        for s in &self.by_side {
            writeln!(
                f,
                "  as {:<14} A {} wins, {} draws of {}, mean margin {:+.1}; B {} wins, mean margin {:+.1}",
                s.side, s.wins, s.draws, s.games, s.a_margin, s.b_wins, s.b_margin
            )?;
        }
        if let Some(s) = &self.sprt {
            writeln!(
                f,
                "  SPRT elo0={} elo1={}: LLR {:.2} (bounds {:.2}, {:.2}): {}",
                s.elo0,
                s.elo1,
                s.llr,
                s.lower,
                s.upper,
                match s.verdict.as_str() {
                    "H1" => "H1 accepted: A is stronger by about elo1",
                    "H0" => "H0 accepted: A is not stronger by elo1",
                    _ => "undecided when the games ran out",
                }
            )?;
        }
        Ok(())
    }
}
