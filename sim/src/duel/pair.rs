//! One pair of a duel: both games on one seed, A on the first side and
//! then B on it, with the same dice and AI streams (game `index` of a
//! batch with the master seed), and the pair's score.

use hexwar_engine::{Scenario, Side};
use serde::{Deserialize, Serialize};

use crate::batch::{SimError, play_game};

/// How a pair is scored.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum,
)]
#[serde(rename_all = "lowercase")]
pub enum ScoreMode {
    /// By result: A's win 1, draw ½, loss 0 in each game; the pair scores
    /// the mean of its two games.
    #[default]
    Result,
    /// By duplicate VP margin: A's margin (its VP minus the opponent's) in
    /// a seat against B's margin in the same seat on the same seed; A
    /// better 1, equal ½, worse 0. Measures strength in one-sided
    /// scenarios, where results alone cannot.
    Margin,
}

impl ScoreMode {
    /// The name as on the command line.
    pub fn name(self) -> &'static str {
        match self {
            ScoreMode::Result => "result",
            ScoreMode::Margin => "margin",
        }
    }
}

/// How one game ended, as a duel needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GameEnd {
    /// The winning side, `None` for a draw (or an aborted game).
    pub winner: Option<Side>,
    /// Victory points per side at the end.
    pub vp: [i32; 2],
}

impl GameEnd {
    /// The VP margin of `side`: its VP minus the other's.
    pub fn margin(&self, side: Side) -> i32 {
        let s = side.index();
        self.vp[s] - self.vp[1 - s]
    }
}

/// Both games on one seed: in `games[k]` A plays side `k` (seat k) and B
/// the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Pair {
    /// The seed's index: game `index` of a batch with the master seed.
    pub index: u64,
    /// A on the first side, then A on the second.
    pub games: [GameEnd; 2],
}

/// 1, ½ or 0 as `a` is greater than, equal to or less than `b`.
fn compare(a: i32, b: i32) -> f64 {
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    }
}

impl Pair {
    /// A's result in game `k` (A on side `k`): 1 win, ½ draw, 0 loss.
    pub fn a_result(&self, k: usize) -> f64 {
        match self.games[k].winner {
            Some(w) if w.index() == k => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// A's VP margin in seat `seat` (in the game where A plays it).
    pub fn a_margin(&self, seat: usize) -> i32 {
        self.games[seat].margin(Side(seat as u8))
    }

    /// B's VP margin in seat `seat` (in the other game).
    pub fn b_margin(&self, seat: usize) -> i32 {
        self.games[1 - seat].margin(Side(seat as u8))
    }

    /// The comparison in seat `seat`: 1 if A's margin there beats B's, ½
    /// if equal, 0 if worse. VP margins are zero-sum (one side's is minus
    /// the other's), so both seats of a pair always agree: A's margin in
    /// seat 2 is minus B's in seat 1 of the other game, and the other way
    /// round.
    pub fn seat_comparison(&self, seat: usize) -> f64 {
        compare(self.a_margin(seat), self.b_margin(seat))
    }

    /// A's margin minus B's in the same seat (the same in both seats).
    pub fn margin_diff(&self) -> i32 {
        self.a_margin(0) - self.b_margin(0)
    }

    /// The pair's score for A: the mean over its two games (results) or
    /// its two seat comparisons (margins). In quarters for results, halves
    /// for margins.
    pub fn score(&self, mode: ScoreMode) -> f64 {
        match mode {
            ScoreMode::Result => (self.a_result(0) + self.a_result(1)) / 2.0,
            ScoreMode::Margin => (self.seat_comparison(0) + self.seat_comparison(1)) / 2.0,
        }
    }
}

/// Plays pair `index` between the AI specs `a` and `b` with master seed
/// `seed`: game `index` of a batch with A on the first side, then the same
/// game index (the same dice and AI streams by seat) with B there.
/// `on_game` after each game.
pub fn play_pair(
    scen: &Scenario,
    a: &str,
    b: &str,
    seed: u64,
    index: u64,
    on_game: &(dyn Fn() + Sync),
) -> Result<Pair, SimError> {
    let end = |blue: &str, red: &str| -> Result<GameEnd, SimError> {
        let r = play_game(scen, blue, red, seed, index)?;
        on_game();
        Ok(GameEnd {
            winner: r.winner,
            vp: r.vp,
        })
    };
    Ok(Pair {
        index,
        games: [end(a, b)?, end(b, a)?],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(w0: Option<u8>, vp0: [i32; 2], w1: Option<u8>, vp1: [i32; 2]) -> Pair {
        Pair {
            index: 0,
            games: [
                GameEnd {
                    winner: w0.map(Side),
                    vp: vp0,
                },
                GameEnd {
                    winner: w1.map(Side),
                    vp: vp1,
                },
            ],
        }
    }

    /// A one-sided scenario: the second side wins every game. A as the
    /// first side loses 4 to 23 (margin -19); B there loses 2 to 25
    /// (margin -23). A as the second side wins 25 to 2 (+23), B there 23
    /// to 4 (+19). By result A scores (0 + 1) / 2 = ½ whoever is
    /// stronger; by margin A beats B in both seats: 1.
    #[test]
    fn margins_tell_what_results_cannot() {
        let p = pair(Some(1), [4, 23], Some(1), [2, 25]);
        assert_eq!((p.a_result(0), p.a_result(1)), (0.0, 1.0));
        assert_eq!(p.score(ScoreMode::Result), 0.5);
        assert_eq!((p.a_margin(0), p.b_margin(0)), (-19, -23));
        assert_eq!((p.a_margin(1), p.b_margin(1)), (23, 19));
        assert_eq!((p.seat_comparison(0), p.seat_comparison(1)), (1.0, 1.0));
        assert_eq!(p.score(ScoreMode::Margin), 1.0);
        assert_eq!(p.margin_diff(), 4);
    }

    /// The first side wins 10 to 5 whoever plays it: equal margins tie
    /// (½), and by result A wins one and loses one. A draw scores ½ by
    /// result; B better loses.
    #[test]
    fn ties_draws_and_losses() {
        let tie = pair(Some(0), [10, 5], Some(0), [10, 5]);
        assert_eq!(tie.score(ScoreMode::Margin), 0.5);
        assert_eq!(tie.score(ScoreMode::Result), 0.5);
        assert_eq!(tie.margin_diff(), 0);
        let drawn = pair(None, [7, 7], Some(0), [9, 3]);
        // A: draw as the first side (0), loss as the second: ¼.
        assert_eq!(drawn.score(ScoreMode::Result), 0.25);
        // Seat 1: A 0, B +6; seat 2: A -6, B 0. Worse in both.
        assert_eq!(drawn.score(ScoreMode::Margin), 0.0);
        assert_eq!(drawn.margin_diff(), -6);
    }
}
