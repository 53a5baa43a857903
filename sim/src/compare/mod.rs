//! Two runs side by side, for `hexwar compare`: did a change matter?
//!
//! Each run is a run folder (`simulate`, `merge`, a level of `balance`),
//! read from its `summary.json`. For every rate (each side's wins, the
//! draws) the difference B − A gets Newcombe's interval for a difference
//! of proportions ([`crate::stats::newcombe()`]); for every mean (the first
//! side's score, the VP margin, steps lost, game length) Welch's interval
//! ([`crate::stats::welch`]), from the histograms the summary keeps. A row
//! **changed** when its 95% interval excludes 0. The verdict leads with
//! the first side's score, the balance a designer is after.
//!
//! The runs are taken as independent samples. Two runs on the same seed
//! (common random numbers) share their dice, which makes the true
//! intervals narrower than these: the comparison errs on the safe side.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::files::FileError;
use crate::stats::{Moments, Z95, newcombe, welch};

pub mod report;

pub use report::CompareReport;

/// Why two runs could not be compared.
#[derive(Debug, thiserror::Error)]
pub enum CompareError {
    /// No `summary.json` in the folder.
    #[error("{}: not a run folder (no summary.json): {error}", dir.display())]
    NotRun {
        /// The folder.
        dir: PathBuf,
        /// Why it could not be read.
        error: std::io::Error,
    },
    /// A `summary.json` that is not a batch's.
    #[error("{}: not the summary of a batch: {error}", path.display())]
    NotSummary {
        /// The file.
        path: PathBuf,
        /// What serde said.
        error: serde_json::Error,
    },
    /// A file.
    #[error(transparent)]
    File(#[from] FileError),
}

/// A rate's count, as `summary.json` holds it.
#[derive(Clone, Debug, Deserialize)]
pub struct Count {
    /// How many.
    pub count: u64,
}

/// A histogram, as `summary.json` holds it.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Counts {
    /// Games per value.
    #[serde(default)]
    pub counts: Vec<u64>,
}

/// One side of a run's summary.
#[derive(Clone, Debug, Deserialize)]
pub struct SideRead {
    /// Side name.
    pub name: String,
    /// The player.
    pub player: String,
    /// Wins.
    pub wins: Count,
}

/// One side's tally.
#[derive(Clone, Debug, Deserialize)]
pub struct SideTallyRead {
    /// Steps lost per game.
    #[serde(default)]
    pub steps: Counts,
}

/// A run's tally, as far as the comparison needs it.
#[derive(Clone, Debug, Deserialize)]
pub struct TallyRead {
    /// Per side.
    pub sides: Vec<SideTallyRead>,
    /// Game turn reached.
    #[serde(default)]
    pub turns: Counts,
    /// Games by the first side's VP margin (summaries written before the
    /// margin was kept have none).
    #[serde(default)]
    pub margins: Option<BTreeMap<String, u64>>,
}

/// What a comparison reads of a run's `summary.json`.
#[derive(Clone, Debug, Deserialize)]
pub struct RunRead {
    /// Scenario name.
    pub scenario: String,
    /// Master seed.
    pub seed: u64,
    /// Games.
    pub games: u64,
    /// The two sides.
    pub sides: Vec<SideRead>,
    /// Draws.
    pub draws: Count,
    /// Games stopped at the action cap.
    #[serde(default)]
    pub aborted: u64,
    /// The raw counts.
    pub tally: TallyRead,
}

/// Reads `dir/summary.json`.
pub fn read_run(dir: &Path) -> Result<RunRead, CompareError> {
    let path = dir.join("summary.json");
    let text = std::fs::read_to_string(&path).map_err(|error| CompareError::NotRun {
        dir: dir.to_path_buf(),
        error,
    })?;
    let run: RunRead = serde_json::from_str(&text).map_err(|error| CompareError::NotSummary {
        path: path.clone(),
        error,
    })?;
    if run.sides.len() != 2 || run.tally.sides.len() != 2 {
        return Err(CompareError::NotSummary {
            path,
            error: serde::de::Error::custom("a batch has two sides"),
        });
    }
    Ok(run)
}

/// One line of a comparison.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// What is compared.
    pub what: String,
    /// `rate` (a share of games, 0 to 1) or `mean` (per game).
    pub kind: &'static str,
    /// Run A's value.
    pub a: f64,
    /// Run B's value.
    pub b: f64,
    /// B − A.
    pub diff: f64,
    /// The 95% interval of the difference, low end (`None`: too few games).
    pub low: Option<f64>,
    /// Its high end.
    pub high: Option<f64>,
    /// The interval excludes 0.
    pub changed: bool,
}

impl Row {
    fn new(what: String, kind: &'static str, a: f64, b: f64, ci: Option<(f64, f64)>) -> Row {
        let changed = ci.is_some_and(|(lo, hi)| lo > 0.0 || hi < 0.0);
        Row {
            what,
            kind,
            a,
            b,
            diff: b - a,
            low: ci.map(|c| c.0),
            high: ci.map(|c| c.1),
            changed,
        }
    }

    /// A rate's row: counts out of games, Newcombe's interval.
    pub fn rate(what: String, (ka, na): (u64, u64), (kb, nb): (u64, u64)) -> Row {
        let r = |k: u64, n: u64| if n == 0 { 0.0 } else { k as f64 / n as f64 };
        let (_, lo, hi) = newcombe(kb, nb, ka, na, Z95);
        let ci = (na > 0 && nb > 0).then_some((lo, hi));
        Row::new(what, "rate", r(ka, na), r(kb, nb), ci)
    }

    /// A mean's row: Welch's interval.
    pub fn mean(what: String, a: &Moments, b: &Moments) -> Row {
        let ci = welch(b, a).map(|(_, lo, hi)| (lo, hi));
        Row::new(what, "mean", a.mean(), b.mean(), ci)
    }
}

/// A histogram's moments (value = index).
fn hist(c: &Counts) -> Moments {
    let mut m = Moments::default();
    for (v, &k) in c.counts.iter().enumerate() {
        m.add_many(v as f64, k);
    }
    m
}

/// The margins' moments, if the summary has them.
fn margins(t: &TallyRead) -> Option<Moments> {
    let mut m = Moments::default();
    for (k, &c) in t.margins.as_ref()? {
        m.add_many(k.parse::<f64>().ok()?, c);
    }
    Some(m)
}

/// The first side's per-game scores (win 1, draw or aborted ½, loss 0).
fn scores(r: &RunRead) -> Moments {
    crate::balance::score_moments(r.games, r.sides[0].wins.count, r.draws.count + r.aborted)
}

/// The rows comparing `a` with `b`.
pub fn rows(a: &RunRead, b: &RunRead) -> Vec<Row> {
    let first = &a.sides[0].name;
    let mut rows = vec![Row::mean(
        format!("{first}'s score (a draw counts half)"),
        &scores(a),
        &scores(b),
    )];
    if let (Some(ma), Some(mb)) = (margins(&a.tally), margins(&b.tally)) {
        rows.push(Row::mean(
            format!("mean VP margin ({first} minus {})", a.sides[1].name),
            &ma,
            &mb,
        ));
    }
    for k in 0..2 {
        rows.push(Row::rate(
            format!("{} wins", a.sides[k].name),
            (a.sides[k].wins.count, a.games),
            (b.sides[k].wins.count, b.games),
        ));
    }
    rows.push(Row::rate(
        "draws".into(),
        (a.draws.count, a.games),
        (b.draws.count, b.games),
    ));
    for k in 0..2 {
        rows.push(Row::mean(
            format!("steps lost by {} a game", a.sides[k].name),
            &hist(&a.tally.sides[k].steps),
            &hist(&b.tally.sides[k].steps),
        ));
    }
    rows.push(Row::mean(
        "game length (turns)".into(),
        &hist(&a.tally.turns),
        &hist(&b.tally.turns),
    ));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(wins: [u64; 2], draws: u64, margins: &[(i64, u64)]) -> RunRead {
        let games = wins[0] + wins[1] + draws;
        let side = |name: &str, w: u64| SideRead {
            name: name.into(),
            player: "normal".into(),
            wins: Count { count: w },
        };
        RunRead {
            scenario: "s".into(),
            seed: 1,
            games,
            sides: vec![side("A", wins[0]), side("B", wins[1])],
            draws: Count { count: draws },
            aborted: 0,
            tally: TallyRead {
                sides: vec![
                    SideTallyRead {
                        steps: Counts {
                            counts: vec![0, games],
                        },
                    },
                    SideTallyRead {
                        steps: Counts {
                            counts: vec![games],
                        },
                    },
                ],
                turns: Counts {
                    counts: vec![0, 0, games],
                },
                margins: Some(margins.iter().map(|(m, c)| (m.to_string(), *c)).collect()),
            },
        }
    }

    #[test]
    fn a_clear_change_is_seen_and_no_change_is_not() {
        let a = run([20, 80], 0, &[(-5, 80), (5, 20)]);
        let b = run([60, 40], 0, &[(-5, 40), (5, 60)]);
        let r = rows(&a, &b);
        let score = &r[0];
        assert!(
            (score.diff - 0.4).abs() < 1e-12 && score.changed,
            "{score:?}"
        );
        let margin = &r[1];
        assert!(
            (margin.diff - 4.0).abs() < 1e-12 && margin.changed,
            "{margin:?}"
        );
        // Newcombe's interval for 60/100 - 20/100.
        let wins = &r[2];
        let (_, lo, hi) = newcombe(60, 100, 20, 100, Z95);
        assert_eq!((wins.low, wins.high), (Some(lo), Some(hi)));
        assert!(wins.changed);
        // Same games lost and played: no change, an interval of 0.
        let steps = &r[5];
        assert_eq!((steps.diff, steps.changed), (0.0, false));
        let same = rows(&a, &a);
        assert!(same.iter().all(|row| !row.changed), "{same:?}");
    }
}
