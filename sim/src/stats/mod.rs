//! Statistics for reports: Wilson intervals for rates ([`mod@wilson`]), the
//! logistic fit of a win rate on one number with a bootstrap interval for
//! its 50% point ([`logistic`]), a duel's score with an interval right for
//! ties ([`score`]), Elo scores with the sequential probability ratio test
//! of a duel ([`sprt`]), and a tournament's Elo table ([`bradley_terry`]).

pub mod bradley_terry;
pub mod logistic;
pub mod score;
pub mod sprt;
pub mod wilson;

pub use wilson::{Z95, wilson};
