//! Duels between players, the machinery `hexwar duel` and `hexwar
//! tournament` share: a pair of games on one seed with the sides swapped
//! ([`Pair`], [`play_pair`]), scored by result or by duplicate VP margin
//! ([`ScoreMode`]), and what many pairs add up to ([`DuelTally`]).

mod pair;
mod tally;

pub use pair::{GameEnd, Pair, ScoreMode, play_pair};
pub use tally::{DuelTally, MarginDiff, SeatRecord};
