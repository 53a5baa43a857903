//! What the pairs of a duel add up to ([`DuelTally`]): A's game results,
//! the pairs' scores in the chosen mode, the seat comparisons and the
//! margin difference, and A's and B's record seat by seat. Folding is in
//! pair order and integer or quarter-exact, so the totals are the same
//! however the pairs were played.

use serde::Serialize;

use super::{Pair, ScoreMode};
use crate::stats::score::{ScoreInterval, Scores, mean_interval};
use crate::stats::sprt::llr_elo;

/// A's and B's games in one seat.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SeatRecord {
    /// The seat's side id.
    pub side: String,
    /// Games A played in it (as many as B).
    pub games: u64,
    /// A's wins there.
    pub wins: u64,
    /// A's draws there.
    pub draws: u64,
    /// B's wins there.
    pub b_wins: u64,
    /// A's mean VP margin there (its VP minus the opponent's).
    pub a_margin: f64,
    /// B's mean VP margin there.
    pub b_margin: f64,
    /// Seeds on which A's margin there beat B's.
    pub better: u64,
    /// Equal.
    pub equal: u64,
    /// Worse.
    pub worse: u64,
}

/// The mean of A's margin minus B's in the same seat, per pair, with its
/// normal 95% interval (none for one pair).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MarginDiff {
    /// The mean, in VP.
    pub mean: f64,
    /// Low end of the interval.
    pub low: Option<f64>,
    /// High end.
    pub high: Option<f64>,
}

/// Pairs folded.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DuelTally {
    /// How pairs are scored.
    pub mode: ScoreMode,
    /// The pairs' scores.
    pub scores: Scores,
    /// A's game results: losses, draws, wins.
    pub results: [u64; 3],
    /// Per seat: games, A's wins, A's draws, B's wins, A's and B's summed
    /// margins, comparisons worse / equal / better.
    seats: [SeatSums; 2],
    /// Sum and sum of squares of the margin differences.
    diff: (i64, i64),
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct SeatSums {
    games: u64,
    wins: u64,
    draws: u64,
    b_wins: u64,
    a_margin: i64,
    b_margin: i64,
    compared: [u64; 3],
}

impl DuelTally {
    /// An empty tally scoring by `mode`.
    pub fn new(mode: ScoreMode) -> DuelTally {
        DuelTally {
            mode,
            ..DuelTally::default()
        }
    }

    /// Folds one pair in.
    pub fn add(&mut self, p: &Pair) {
        self.scores.add(p.score(self.mode));
        for k in 0..2 {
            let r = p.a_result(k);
            self.results[(r * 2.0) as usize] += 1;
            let s = &mut self.seats[k];
            s.games += 1;
            if r == 1.0 {
                s.wins += 1;
            } else if r == 0.5 {
                s.draws += 1;
            }
            // B plays seat k in the other game; it won there if A lost.
            if p.a_result(1 - k) == 0.0 {
                s.b_wins += 1;
            }
            s.a_margin += i64::from(p.a_margin(k));
            s.b_margin += i64::from(p.b_margin(k));
            s.compared[(p.seat_comparison(k) * 2.0) as usize] += 1;
        }
        let d = i64::from(p.margin_diff());
        self.diff.0 += d;
        self.diff.1 += d * d;
    }

    /// Folds another tally in (the same mode).
    pub fn merge(&mut self, o: &DuelTally) {
        self.scores.merge(&o.scores);
        for k in 0..3 {
            self.results[k] += o.results[k];
        }
        for (s, t) in self.seats.iter_mut().zip(&o.seats) {
            s.games += t.games;
            s.wins += t.wins;
            s.draws += t.draws;
            s.b_wins += t.b_wins;
            s.a_margin += t.a_margin;
            s.b_margin += t.b_margin;
            for k in 0..3 {
                s.compared[k] += t.compared[k];
            }
        }
        self.diff.0 += o.diff.0;
        self.diff.1 += o.diff.1;
    }

    /// Pairs folded.
    pub fn pairs(&self) -> u64 {
        self.scores.n()
    }

    /// A's score with its 95% interval, over pairs
    /// ([`crate::stats::score::interval`]).
    pub fn score(&self) -> ScoreInterval {
        self.scores.interval()
    }

    /// The mean margin difference with its interval.
    pub fn margin_diff(&self) -> MarginDiff {
        let (mean, i) = mean_interval(self.pairs() as f64, self.diff.0 as f64, self.diff.1 as f64);
        MarginDiff {
            mean,
            low: i.map(|x| x.0),
            high: i.map(|x| x.1),
        }
    }

    /// The record seat by seat, `sides` naming the seats.
    pub fn by_seat(&self, sides: [&str; 2]) -> [SeatRecord; 2] {
        std::array::from_fn(|k| {
            let s = &self.seats[k];
            let mean = |x: i64| {
                if s.games == 0 {
                    0.0
                } else {
                    x as f64 / s.games as f64
                }
            };
            SeatRecord {
                side: sides[k].to_string(),
                games: s.games,
                wins: s.wins,
                draws: s.draws,
                b_wins: s.b_wins,
                a_margin: mean(s.a_margin),
                b_margin: mean(s.b_margin),
                better: s.compared[2],
                equal: s.compared[1],
                worse: s.compared[0],
            }
        })
    }

    /// The SPRT's log-likelihood ratio between Elo differences `elo0` and
    /// `elo1` of A over B, on the pairs' distribution: the pentanomial
    /// (pair scores in quarters) by result, the trinomial (better, equal,
    /// worse) by margin ([`crate::stats::sprt`]).
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let all = self.scores.outcomes();
        match self.mode {
            ScoreMode::Result => llr_elo(&all, elo0, elo1),
            ScoreMode::Margin => llr_elo(&[all[0], all[2], all[4]], elo0, elo1),
        }
    }
}

#[cfg(test)]
mod tests {
    use hexwar_engine::Side;

    use super::*;
    use crate::duel::GameEnd;

    fn pair(w: [Option<u8>; 2], vp: [[i32; 2]; 2]) -> Pair {
        Pair {
            index: 0,
            games: [0, 1].map(|k| GameEnd {
                winner: w[k].map(Side),
                vp: vp[k],
            }),
        }
    }

    /// Three seeds of a one-sided scenario (the second side always wins),
    /// A the stronger on two, equal on one:
    /// - seed 0: A first side -19, B there -23 (A better); diff +4
    /// - seed 1: A -10, B -10 (equal); diff 0
    /// - seed 2: A -5, B -13 (A better); diff +8
    ///
    /// By margin: scores 1, ½, 1: mean 5/6; by result ½ each. Margin
    /// difference: mean 4, sample variance (0 + 16 + 16) / 2 = 16,
    /// half-width 1.959964 x 4 / sqrt 3 = 4.526343.
    #[test]
    fn duplicate_margin_by_hand() {
        let pairs = [
            pair([Some(1), Some(1)], [[4, 23], [2, 25]]),
            pair([Some(1), Some(1)], [[5, 15], [5, 15]]),
            pair([Some(1), Some(1)], [[10, 15], [2, 15]]),
        ];
        let mut m = DuelTally::new(ScoreMode::Margin);
        let mut r = DuelTally::new(ScoreMode::Result);
        for p in &pairs {
            m.add(p);
            r.add(p);
        }
        assert_eq!(m.pairs(), 3);
        assert!((m.score().score - 5.0 / 6.0).abs() < 1e-12);
        assert_eq!(r.score().score, 0.5);
        assert_eq!(m.results, [3, 0, 3]);
        let d = m.margin_diff();
        assert_eq!(d.mean, 4.0);
        assert!((d.high.unwrap() - 4.0 - 4.526_343).abs() < 1e-5, "{d:?}");
        let seats = m.by_seat(["allies", "french"]);
        assert_eq!((seats[0].wins, seats[1].wins), (0, 3));
        assert_eq!((seats[0].b_wins, seats[1].b_wins), (0, 3));
        // Seat 1: A -19, -10, -5 (mean -34/3); B -23, -10, -13 (-46/3).
        assert!((seats[0].a_margin + 34.0 / 3.0).abs() < 1e-12);
        assert!((seats[0].b_margin + 46.0 / 3.0).abs() < 1e-12);
        assert!((seats[1].a_margin - 46.0 / 3.0).abs() < 1e-12);
        for s in &seats {
            assert_eq!((s.better, s.equal, s.worse), (2, 1, 0));
        }
        // Merging is folding.
        let mut half = DuelTally::new(ScoreMode::Margin);
        half.add(&pairs[0]);
        let mut rest = DuelTally::new(ScoreMode::Margin);
        rest.add(&pairs[1]);
        rest.add(&pairs[2]);
        half.merge(&rest);
        assert_eq!(half, m);
    }
}
