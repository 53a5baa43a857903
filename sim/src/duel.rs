//! `hexwar duel`: which of two players is stronger. Games come in pairs
//! with the same seed (the same dice streams) and the sides swapped, so
//! neither the scenario's balance nor luck favours either player; the
//! score of A comes with a 95% Wilson interval, and an optional sequential
//! probability ratio test (SPRT) stops as soon as the evidence decides
//! between two Elo hypotheses.

use std::fmt;

use anyhow::{Result, bail};
use hexwar_engine::{Scenario, Side};
use rayon::prelude::*;
use serde::Serialize;

use crate::load;
use crate::simulate::{SimError, play_game};
use crate::stats::{Z95, wilson};

/// The arguments of `hexwar duel`.
#[derive(Clone, Debug)]
pub struct DuelSpec {
    /// Built-in scenario name or path.
    pub scenario: String,
    /// Player A.
    pub a: String,
    /// Player B.
    pub b: String,
    /// Games at most (rounded up to whole pairs).
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// Threads.
    pub threads: Option<usize>,
    /// SPRT between these two Elo differences of A over B.
    pub sprt: Option<(f64, f64)>,
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

/// Elo difference of a score.
fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    // + 0.0 turns -0 into 0 for printing.
    -400.0 * (1.0 / s - 1.0).log10() + 0.0
}

/// Expected score of an Elo difference.
fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The SPRT's log-likelihood ratio (the normal approximation used by chess
/// engine testing: N (s1 - s0)(2 s - s0 - s1) / (2 var)) for `n` games with
/// score sum `sum` and sum of squares `sq`.
fn llr(n: f64, sum: f64, sq: f64, elo0: f64, elo1: f64) -> f64 {
    if n < 2.0 {
        return 0.0;
    }
    let mean = sum / n;
    let var = (sq / n - mean * mean).max(1e-9);
    let (s0, s1) = (expected(elo0), expected(elo1));
    n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
}

/// Plays the duel.
pub fn duel(spec: &DuelSpec, on_game: &(dyn Fn() + Sync)) -> Result<DuelReport> {
    let scen = load::scenario(&spec.scenario)?;
    for (s, side) in [(&spec.a, "a"), (&spec.b, "b")] {
        hexwar_ai::from_spec(s).map_err(|e| SimError::UnknownAi {
            side,
            message: e.to_string(),
        })?;
    }
    if spec.games < 2 {
        bail!("--games must be at least 2 (one pair)");
    }
    if let Some((e0, e1)) = spec.sprt {
        if !(e0.is_finite() && e1.is_finite()) || e0 == e1 {
            bail!("--sprt {e0},{e1}: give two different Elo values, e.g. 0,50");
        }
    }
    let pairs = spec.games.div_ceil(2);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(spec.threads.unwrap_or(0))
        .build()
        .map_err(|e| SimError::Threads(e.to_string()))?;
    let (lower, upper) = ((0.05f64 / 0.95).ln(), (0.95f64 / 0.05).ln());
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
                .collect::<Result<Vec<_>>>()
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
            if let Some((e0, e1)) = spec.sprt {
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
        sprt: spec.sprt.map(|(elo0, elo1)| Sprt {
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
) -> Result<f64> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_expected_score_are_inverse() {
        for e in [-300.0, -50.0, 0.0, 120.0, 400.0] {
            assert!((elo(expected(e)) - e).abs() < 1e-9);
        }
        // 75% is about +191 Elo: -400 log10(1/3) = 190.85.
        assert!((elo(0.75) - 190.848_501_887_865).abs() < 1e-6);
    }

    #[test]
    fn sprt_llr_by_hand() {
        // 100 games, 60 wins 40 losses: mean 0.6, var 0.24; s0 = 0.5,
        // s1 = expected(50) = 0.571463; LLR = 100 * 0.071463 *
        // (1.2 - 1.071463) / 0.48 = 1.913676.
        let l = llr(100.0, 60.0, 60.0, 0.0, 50.0);
        assert!((l - 1.913_676).abs() < 1e-5, "{l}");
        assert!(llr(100.0, 40.0, 40.0, 0.0, 50.0) < 0.0);
    }
}
