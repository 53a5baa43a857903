//! Is a scenario balanced, and is an imbalance the scenario's or the
//! players'? `hexwar balance` plays the scenario at several levels of play
//! (both sides the same player each time) and gives, per level, the first
//! side's score with its interval, the mean VP margin with its interval,
//! the margins' histogram and a **verdict**; then the **trend** across the
//! levels, weakest first ([`trend`]). `--tune` finds the value of one
//! setting that evens the game ([`tune`]).
//!
//! # The verdicts
//!
//! On the first side's score, a win 1, a draw ½ (an aborted game too), a
//! loss 0, and its 95% interval ([`crate::stats::score::interval`]):
//!
//! - **balanced**: the whole interval lies within 45% to 55%;
//! - **one-sided**: the whole interval lies above 65% or below 35%: one
//!   side wins about two games in three or more, beyond doubt;
//! - **leaning**: neither, but the interval excludes 50%: a side is
//!   favoured, by less than that or not beyond doubt;
//! - **undecided**: the interval holds 50% but reaches past 45–55%: these
//!   games cannot tell; play more.
//!
//! A level of random players is shown as the floor, but random play
//! measures nothing about balance; the trend starts from the first level
//! that is not random.

use std::path::PathBuf;

use serde::Serialize;

use crate::batch::{RunError, SimError};
use crate::draw::PlotError;
use crate::files::FileError;
use crate::stats::score::ScoreInterval;
use crate::stats::{MeanInterval, Moments};
use crate::sweep::SweepError;

pub mod level;
pub mod report;
pub mod trend;
pub mod tune;

pub use level::{LevelResult, LevelTiming};
pub use report::BalanceReport;
pub use trend::{Direction, Trend};

/// Balanced: the score's interval inside this band.
pub const BALANCED: (f64, f64) = (0.45, 0.55);
/// One-sided: the score's interval wholly outside this band.
pub const ONE_SIDED: (f64, f64) = (0.35, 0.65);

/// What the games at one level say about the scenario's balance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The score's interval inside 45–55%.
    Balanced,
    /// The interval excludes 50%, but not wholly beyond 35–65%.
    Leaning,
    /// The interval wholly above 65% or below 35%.
    OneSided,
    /// The interval holds 50% but reaches past 45–55%: more games needed.
    Undecided,
}

impl Verdict {
    /// The verdict on a score's interval, and which side it favours (0
    /// the first, 1 the second; `None` when balanced or undecided).
    pub fn of(s: &ScoreInterval) -> (Verdict, Option<usize>) {
        let favours = if s.low > 0.5 {
            Some(0)
        } else if s.high < 0.5 {
            Some(1)
        } else {
            None
        };
        let v = if s.low >= BALANCED.0 && s.high <= BALANCED.1 {
            Verdict::Balanced
        } else if s.low > ONE_SIDED.1 || s.high < ONE_SIDED.0 {
            Verdict::OneSided
        } else if favours.is_some() {
            Verdict::Leaning
        } else {
            Verdict::Undecided
        };
        (v, favours.filter(|_| v != Verdict::Balanced))
    }

    /// The verdict as written: `balanced`, `leaning`, `one-sided`,
    /// `undecided`.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Balanced => "balanced",
            Verdict::Leaning => "leaning",
            Verdict::OneSided => "one-sided",
            Verdict::Undecided => "undecided",
        }
    }
}

/// The rules of the verdicts, as the reports print them.
pub const VERDICT_RULES: &str = "balanced: the 95% interval of the first side's score \
(a draw counts half) lies within 45-55%; one-sided: it lies wholly above 65% or below 35%; \
leaning: neither, but it excludes 50%; undecided: it holds 50% but reaches past 45-55% \
(more games needed)";

/// The first side's score over `games` with `wins` won and `halves`
/// neither won nor lost, with its 95% interval.
pub fn score_interval_of(games: u64, wins: u64, halves: u64) -> ScoreInterval {
    let (w, h) = (wins as f64, halves as f64);
    crate::stats::score::interval(games as f64, w + h / 2.0, w + h / 4.0, crate::stats::Z95)
}

/// A per-game score's sums (1, ½, 0), for Welch's interval of a change.
pub fn score_moments(games: u64, wins: u64, halves: u64) -> Moments {
    let mut m = Moments::default();
    m.add_many(1.0, wins);
    m.add_many(0.5, halves);
    m.add_many(0.0, games.saturating_sub(wins + halves));
    m
}

/// Why a balance run could not be made.
#[derive(Debug, thiserror::Error)]
pub enum BalanceError {
    /// `--players` empty or naming one twice.
    #[error("--players: {0}")]
    Players(String),
    /// `--level-games` not `SPEC=N`, or naming no player of the run.
    #[error("--level-games \"{given}\": {why}")]
    LevelGames {
        /// As given.
        given: String,
        /// What is wrong.
        why: String,
    },
    /// A level's folder holds a run of other games.
    #[error(
        "{} holds a run of other games ({why}): choose another --out, or remove that folder",
        dir.display()
    )]
    OtherRun {
        /// The level's folder.
        dir: PathBuf,
        /// What differs.
        why: String,
    },
    /// `--tune` not `PATH=LO..HI`.
    #[error("--tune \"{given}\": {why}")]
    TuneSyntax {
        /// As given.
        given: String,
        /// What is wrong.
        why: String,
    },
    /// `--tune` with more than one player.
    #[error("--tune plays one level at a time: give one --players (got {given})")]
    TuneLevels {
        /// The players given.
        given: String,
    },
    /// A batch's run folder.
    #[error(transparent)]
    Run(#[from] RunError),
    /// A bad player spec or no thread pool.
    #[error(transparent)]
    Sim(#[from] SimError),
    /// The tuned setting.
    #[error(transparent)]
    Sweep(#[from] SweepError),
    /// A chart.
    #[error(transparent)]
    Plot(#[from] PlotError),
    /// A file.
    #[error(transparent)]
    File(#[from] FileError),
    /// The HTML page.
    #[error(transparent)]
    Html(#[from] crate::html::HtmlError),
}

/// A mean's interval as text: `+3.20 [+1.00 .. +5.40]`.
pub fn mean_text(m: &MeanInterval) -> String {
    match (m.low, m.high) {
        (Some(lo), Some(hi)) => format!("{:+.2} [{lo:+.2} .. {hi:+.2}]", m.mean),
        _ => format!("{:+.2}", m.mean),
    }
}

/// A score's interval as text: `55.0% [48.1% .. 61.7%]`.
pub fn score_text(s: &ScoreInterval) -> String {
    format!(
        "{:.1}% [{:.1}% .. {:.1}%]",
        100.0 * s.score,
        100.0 * s.low,
        100.0 * s.high
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(score: f64, low: f64, high: f64) -> ScoreInterval {
        ScoreInterval { score, low, high }
    }

    #[test]
    fn verdicts_follow_the_documented_bands() {
        assert_eq!(Verdict::of(&s(0.5, 0.46, 0.54)), (Verdict::Balanced, None));
        // Inside 45-55 even off 50: balanced, whatever the side.
        assert_eq!(Verdict::of(&s(0.53, 0.51, 0.55)), (Verdict::Balanced, None));
        assert_eq!(
            Verdict::of(&s(0.6, 0.52, 0.68)),
            (Verdict::Leaning, Some(0))
        );
        assert_eq!(
            Verdict::of(&s(0.4, 0.33, 0.47)),
            (Verdict::Leaning, Some(1))
        );
        assert_eq!(
            Verdict::of(&s(0.8, 0.66, 0.9)),
            (Verdict::OneSided, Some(0))
        );
        assert_eq!(
            Verdict::of(&s(0.1, 0.02, 0.34)),
            (Verdict::OneSided, Some(1))
        );
        // Touching 65% is not beyond it.
        assert_eq!(
            Verdict::of(&s(0.75, 0.65, 0.85)),
            (Verdict::Leaning, Some(0))
        );
        assert_eq!(Verdict::of(&s(0.5, 0.35, 0.65)), (Verdict::Undecided, None));
        assert_eq!(Verdict::OneSided.word(), "one-sided");
    }

    #[test]
    fn score_moments_count_halves() {
        let m = score_moments(10, 6, 2);
        assert_eq!((m.n, m.sum, m.sum_sq), (10.0, 7.0, 6.5));
    }
}
