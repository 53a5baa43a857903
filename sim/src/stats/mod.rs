//! Statistics for reports: Wilson intervals for rates ([`mod@wilson`]), the
//! logistic fit of a win rate on one number with a bootstrap interval for
//! its 50% point ([`logistic`]), and Elo scores with the sequential
//! probability ratio test of a duel ([`sprt`]).

pub mod logistic;
pub mod sprt;
pub mod wilson;

pub use wilson::{Z95, wilson};
