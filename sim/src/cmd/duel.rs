//! `hexwar duel`: which of two players is stronger. Games come in pairs
//! with the same seed (the same dice streams) and the sides swapped, so
//! neither the scenario's balance nor luck favours either player; the
//! score of A comes with a 95% Wilson interval, and an optional sequential
//! probability ratio test (SPRT) stops as soon as the evidence decides
//! between two Elo hypotheses ([`crate::stats::sprt`]).

use std::fmt;
use std::process::ExitCode;

use hexwar_engine::{Scenario, Side, builtin};
use rayon::prelude::*;
use serde::Serialize;

use super::{emit_report, progress_bar};
use crate::batch::game::check_ai;
use crate::batch::{SimError, play_game};
use crate::error::{Error, UsageError};
use crate::scenario::LoadedScenario;
use crate::stats::sprt::{bounds, elo, llr};
use crate::stats::{Z95, wilson};

/// The arguments of `hexwar duel`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// Built-in scenario name or .toml path.
    #[arg(long, default_value = builtin::DEFAULT)]
    pub scenario: String,
    /// Player A.
    #[arg(long)]
    pub a: String,
    /// Player B.
    #[arg(long)]
    pub b: String,
    /// Games at most (whole pairs).
    #[arg(long, default_value_t = 200)]
    pub games: u64,
    /// Master seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
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

/// A player's games on one side.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SideRecord {
    /// The side's id.
    pub side: String,
    /// Games A played on it.
    pub games: u64,
    /// Won.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
}

/// The result of a duel.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DuelReport {
    /// Scenario name.
    pub scenario: String,
    /// Player A.
    pub a: String,
    /// Player B.
    pub b: String,
    /// Master seed.
    pub seed: u64,
    /// Games played (pairs x 2).
    pub games: u64,
    /// A's wins, draws, losses.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// A's losses.
    pub losses: u64,
    /// A's score: (wins + draws / 2) / games.
    pub score: f64,
    /// 95% Wilson interval of the score (draws as half a win: half-points
    /// out of 2 x games).
    pub low: f64,
    /// High end.
    pub high: f64,
    /// A's Elo over B from the score (and its interval's ends).
    pub elo: f64,
    /// Elo at the interval's ends.
    pub elo_low: f64,
    /// Elo at the interval's high end.
    pub elo_high: f64,
    /// A's record playing each side.
    pub by_side: [SideRecord; 2],
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
    let mut by_side = Side::BOTH.map(|s| SideRecord {
        side: scen.side(s).id.clone(),
        ..SideRecord::default()
    });
    let (mut wins, mut draws, mut losses) = (0u64, 0u64, 0u64);
    let (mut sum, mut sq) = (0.0f64, 0.0f64);
    let mut verdict = None;
    let mut value = 0.0;
    // Pairs in chunks, results taken in index order: the SPRT stops at
    // the same game on any thread count.
    let chunk = 32u64;
    let mut next = 0u64;
    while next < pairs && verdict.is_none() {
        let end = (next + chunk).min(pairs);
        let results: Vec<[f64; 2]> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map(|i| {
                    let one = score_of(&scen, &spec.a, &spec.b, spec.seed, i, Side(0));
                    on_game();
                    let two = score_of(&scen, &spec.b, &spec.a, spec.seed, i, Side(1));
                    on_game();
                    Ok([one?, two?])
                })
                .collect::<Result<Vec<_>, SimError>>()
        })?;
        for pair in results {
            for (k, x) in pair.into_iter().enumerate() {
                let rec = &mut by_side[k];
                rec.games += 1;
                if x == 1.0 {
                    wins += 1;
                    rec.wins += 1;
                } else if x == 0.5 {
                    draws += 1;
                    rec.draws += 1;
                } else {
                    losses += 1;
                }
                sum += x;
                sq += x * x;
            }
            if let Some((e0, e1)) = sprt {
                value = llr((wins + draws + losses) as f64, sum, sq, e0, e1);
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
    let games = wins + draws + losses;
    let score = if games == 0 { 0.0 } else { sum / games as f64 };
    let (low, high) = wilson(2 * wins + draws, 2 * games, Z95);
    Ok(DuelReport {
        scenario: scen.name().to_string(),
        a: spec.a.clone(),
        b: spec.b.clone(),
        seed: spec.seed,
        games,
        wins,
        draws,
        losses,
        score,
        low,
        high,
        elo: elo(score),
        elo_low: elo(low),
        elo_high: elo(high),
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

/// A's score (1 win, 0.5 draw, 0 loss) in game `i` with `blue` on the
/// first side and `red` on the second, A being on `a_side`.
fn score_of(
    scen: &Scenario,
    blue: &str,
    red: &str,
    seed: u64,
    i: u64,
    a_side: Side,
) -> Result<f64, SimError> {
    let r = play_game(scen, blue, red, seed, i)?;
    Ok(match r.winner {
        Some(w) if w == a_side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    })
}

impl fmt::Display for DuelReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} (A) vs {} (B), {} games in pairs with sides swapped, seed {}",
            self.scenario, self.a, self.b, self.games, self.seed
        )?;
        writeln!(
            f,
            "  A: {} wins, {} draws, {} losses: score {:.1}% [{:.1}% .. {:.1}%], Elo {:+.0} [{:+.0} .. {:+.0}]",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score,
            100.0 * self.low,
            100.0 * self.high,
            self.elo,
            self.elo_low,
            self.elo_high
        )?;
        for s in &self.by_side {
            writeln!(
                f,
                "  A as {:<14} {} games, {} wins, {} draws",
                s.side, s.games, s.wins, s.draws
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
