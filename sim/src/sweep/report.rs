//! What a sweep found ([`SweepReport`]): the first side's win rate at each
//! value with its interval, the logistic fit and its 50% point with a
//! bootstrap interval ([`crate::stats::logistic`]), a note when there is
//! none; printed, and written as `sweep.json` with the chart.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::{BOOTSTRAP_REPS, SweepError};
use crate::batch::seed::splitmix64;
use crate::draw::{self, SweepPoint};
use crate::files;
use crate::stats::logistic::{self, Logistic};

/// One value's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepRow {
    /// The value as given.
    pub value: String,
    /// The value as a number (`true` 1, `false` 0).
    pub x: f64,
    /// First-side wins.
    pub wins: u64,
    /// Drawn or aborted games.
    pub draws: u64,
    /// Games played.
    pub n: u64,
    /// `wins / n`.
    pub rate: f64,
    /// Lower end of the 95% Wilson interval.
    pub low: f64,
    /// Upper end of the 95% Wilson interval.
    pub high: f64,
}

/// The fitted curve `p(x) = 1 / (1 + exp(-(b0 + b1 x)))`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FitReport {
    /// Intercept.
    pub b0: f64,
    /// Slope.
    pub b1: f64,
}

/// What a sweep found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepReport {
    /// Scenario name.
    pub scenario: String,
    /// The field varied.
    pub path: String,
    /// Side names, first side first (the rates are the first side's).
    pub sides: [String; 2],
    /// AI spec for the first side.
    pub blue: String,
    /// AI spec for the second side.
    pub red: String,
    /// Games per value.
    pub games: u64,
    /// Master seed (the same for every value).
    pub seed: u64,
    /// Per value, in the order given.
    pub points: Vec<SweepRow>,
    /// The logistic fit, if the values are numbers and the data allow one.
    pub fit: Option<FitReport>,
    /// Where the fitted curve crosses 50%.
    pub x50: Option<f64>,
    /// 95% bootstrap interval of `x50`.
    pub x50_interval: Option<[f64; 2]>,
    /// Whether `x50` lies within the values tried (else it is an extrapolation).
    pub x50_within_values: Option<bool>,
    /// Why there is no fit, no `x50` or no interval, or a warning about them.
    pub note: Option<String>,
    /// Files written: `sweep.json`, `sweep.png`, `sweep.svg`.
    pub files: Vec<PathBuf>,
}

/// Fills in the fit, x50, its interval and the note.
pub fn fit_report(r: &mut SweepReport, numeric: bool) {
    let data: Vec<(f64, u64, u64)> = r.points.iter().map(|p| (p.x, p.wins, p.n)).collect();
    let mut distinct: Vec<f64> = data.iter().map(|d| d.0).collect();
    distinct.sort_by(f64::total_cmp);
    distinct.dedup();
    let wins: u64 = data.iter().map(|d| d.1).sum();
    let n: u64 = data.iter().map(|d| d.2).sum();
    let first = &r.sides[0];
    let why = if !numeric {
        Some("the values are not all numbers, so no curve is fitted".to_string())
    } else if distinct.len() < 2 {
        Some("a curve needs at least two different values".to_string())
    } else if wins == 0 {
        Some(format!(
            "{first} won no game at any value tried: the curve does not cross 50% within the values tried"
        ))
    } else if wins == n {
        Some(format!(
            "{first} won every game at every value tried: the curve does not cross 50% within the values tried"
        ))
    } else {
        None
    };
    if why.is_some() {
        r.note = why;
        return;
    }
    let Some(l) = logistic::fit(&data) else {
        r.note = Some(
            "no finite logistic fit: the win rate jumps from 0% to 100% between neighbouring \
             values (try values in between, or more games)"
                .into(),
        );
        return;
    };
    r.fit = Some(FitReport { b0: l.b0, b1: l.b1 });
    let Some(x50) = l.x50() else {
        r.note = Some("the fitted curve is flat: the value makes no difference here".into());
        return;
    };
    r.x50 = Some(x50);
    let (lo, hi) = (distinct[0], distinct[distinct.len() - 1]);
    let within = (lo..=hi).contains(&x50);
    r.x50_within_values = Some(within);
    let mut notes = Vec::new();
    if !within {
        notes.push(format!(
            "the curve does not cross 50% within the values tried ({} to {}): x50 = {x50:.3} is an extrapolation",
            fmt_num(lo),
            fmt_num(hi)
        ));
    }
    let seed = splitmix64(r.seed ^ 0x7377_6565_7062_6f6f);
    match logistic::bootstrap_x50(&data, BOOTSTRAP_REPS, seed) {
        Some((a, b)) => r.x50_interval = Some([a, b]),
        None => notes.push(
            "no bootstrap interval: most resampled data could not be fitted (too few games?)"
                .into(),
        ),
    }
    if !notes.is_empty() {
        r.note = Some(notes.join("; "));
    }
}

/// Writes `sweep.png`, `sweep.svg` and `sweep.json` into `dir`.
pub fn write_files(r: &mut SweepReport, dir: &Path) -> Result<(), SweepError> {
    files::create_dir_all(dir)?;
    let stem = dir.join("sweep");
    let points: Vec<SweepPoint> = r
        .points
        .iter()
        .map(|p| SweepPoint {
            x: p.x,
            rate: p.rate,
            low: p.low,
            high: p.high,
        })
        .collect();
    let fit = r.fit.map(|f| Logistic { b0: f.b0, b1: f.b1 });
    let interval = r.x50_interval.map(|[a, b]| (a, b));
    let title = format!(
        "{}: {} ({}) win rate vs {}, {} games a value",
        r.scenario, r.sides[0], r.blue, r.path, r.games
    );
    draw::sweep(&stem, &title, &r.path, &points, fit, interval)?;
    let json = dir.join("sweep.json");
    r.files = vec![json.clone(), dir.join("sweep.png"), dir.join("sweep.svg")];
    files::write_json(&json, r)?;
    Ok(())
}

/// A number without trailing zeros (up to 3 decimals).
fn fmt_num(x: f64) -> String {
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

impl fmt::Display for SweepReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = &self.sides;
        writeln!(
            f,
            "{}: sweep of {}, {} ({a}) vs {} ({b}), {} games a value, seed {}",
            self.scenario, self.path, self.blue, self.red, self.games, self.seed
        )?;
        let vw = self
            .points
            .iter()
            .map(|p| p.value.len())
            .max()
            .unwrap_or(0)
            .max(5);
        let head = format!("{a} wins");
        let ww = head.len().max(12);
        writeln!(
            f,
            "  {:>vw$}  {:>ww$}  {:>6}  {:>17}  {:>5}",
            "value", head, "rate", "95% interval", "draws"
        )?;
        for p in &self.points {
            writeln!(
                f,
                "  {:>vw$}  {:>ww$}  {:>6}  {:>17}  {:>5}",
                p.value,
                format!("{} / {}", p.wins, p.n),
                pct(p.rate),
                format!("{} to {}", pct(p.low), pct(p.high)),
                p.draws
            )?;
        }
        if let Some(fit) = &self.fit {
            writeln!(
                f,
                "  logistic fit: p(x) = 1 / (1 + exp(-({:.4} + {:.4} x)))",
                fit.b0, fit.b1
            )?;
        }
        if let Some(x) = self.x50 {
            match self.x50_interval {
                Some([lo, hi]) => writeln!(
                    f,
                    "  50% at {} = {} (95% bootstrap interval {} to {})",
                    self.path,
                    fmt_num(x),
                    fmt_num(lo),
                    fmt_num(hi)
                )?,
                None => writeln!(f, "  50% at {} = {}", self.path, fmt_num(x))?,
            }
        }
        if let Some(note) = &self.note {
            writeln!(f, "  note: {note}")?;
        }
        if !self.files.is_empty() {
            let files: Vec<String> = self.files.iter().map(|p| p.display().to_string()).collect();
            writeln!(f, "  wrote {}", files.join(", "))?;
        }
        Ok(())
    }
}
