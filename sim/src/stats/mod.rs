//! Statistics for reports: Wilson intervals for rates ([`mod@wilson`]) and
//! Newcombe's for the difference of two ([`mod@newcombe`]), means of
//! unbounded values with Student's t and Welch's intervals ([`mean`]), the
//! logistic fit of a win rate on one number with a bootstrap interval for
//! its 50% point ([`logistic`]), a duel's score with an interval right for
//! ties ([`score`]), Elo scores with the sequential probability ratio test
//! of a duel ([`sprt`]), and a tournament's Elo table ([`bradley_terry`]).

pub mod bradley_terry;
pub mod logistic;
pub mod mean;
pub mod newcombe;
pub mod score;
pub mod sprt;
pub mod wilson;

pub use mean::{MeanInterval, Moments, welch};
pub use newcombe::newcombe;
pub use wilson::{Z95, wilson};
