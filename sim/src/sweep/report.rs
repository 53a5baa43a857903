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
    /// Where the fitted curve crosses 50%, only when that lies within the
    /// values tried.
    pub x50: Option<f64>,
    /// 95% bootstrap interval of `x50`, cut at the values tried.
    pub x50_interval: Option<[f64; 2]>,
    /// Whether the fitted curve crosses 50% within the values tried (when
    /// it does not, `x50` is left empty: an extrapolation is no answer).
    pub x50_within_values: Option<bool>,
    /// The neighbouring values tried between which the win rate itself
    /// crosses 50%, with or without a fit.
    pub crossing_between: Option<[f64; 2]>,
    /// Why there is no fit, no `x50` or no interval, or a warning about them.
    pub note: Option<String>,
    /// Files written: `sweep.json`, `sweep.png`, `sweep.svg`.
    pub files: Vec<PathBuf>,
}

/// What the rates themselves say about the 50% point, without a curve:
/// `Err(note)` when every rate is on one side of 50%, else the
/// neighbouring values between which the rate crosses 50% (the pair
/// nearest the middle of the values tried when noise gives several).
fn observed_crossing(r: &SweepReport) -> Result<(f64, f64), String> {
    let mut pts: Vec<(f64, f64)> = r
        .points
        .iter()
        .filter(|p| p.x.is_finite() && p.n > 0)
        .map(|p| (p.x, p.rate))
        .collect();
    pts.sort_by(|a, b| a.0.total_cmp(&b.0));
    let first = &r.sides[0];
    let (Some(lo), Some(hi)) = (pts.first().copied(), pts.last().copied()) else {
        return Err("no games were played".into());
    };
    let span = format!(
        "from {} at {} to {} at {}",
        pct(lo.1),
        fmt_num(lo.0),
        pct(hi.1),
        fmt_num(hi.0)
    );
    if pts.iter().all(|p| p.1 < 0.5) {
        return Err(format!(
            "{first}'s win rate stays below 50% at every value tried ({span}): the 50% point \
             is not within {}..{}",
            fmt_num(lo.0),
            fmt_num(hi.0)
        ));
    }
    if pts.iter().all(|p| p.1 > 0.5) {
        return Err(format!(
            "{first}'s win rate stays above 50% at every value tried ({span}): the 50% point \
             is not within {}..{}",
            fmt_num(lo.0),
            fmt_num(hi.0)
        ));
    }
    let mid = 0.5 * (lo.0 + hi.0);
    let pair = pts
        .windows(2)
        .filter(|w| (w[0].1 - 0.5) * (w[1].1 - 0.5) <= 0.0)
        .map(|w| (w[0].0, w[1].0))
        .min_by(|a, b| {
            let d = |p: &(f64, f64)| (0.5 * (p.0 + p.1) - mid).abs();
            d(a).total_cmp(&d(b))
        });
    pair.ok_or_else(|| format!("{first}'s win rate does not cross 50% ({span})"))
}

/// Fills in the fit, x50, its interval and the note. Nothing outside
/// the values tried is ever reported as the 50% point: a fitted x50
/// beyond them is dropped (the note says the rates stay on one side), and
/// an interval reaching past them is cut at the last value tried (the
/// note says so).
pub fn fit_report(r: &mut SweepReport, numeric: bool) {
    let data: Vec<(f64, u64, u64)> = r.points.iter().map(|p| (p.x, p.wins, p.n)).collect();
    let mut distinct: Vec<f64> = data.iter().map(|d| d.0).collect();
    distinct.sort_by(f64::total_cmp);
    distinct.dedup();
    if !numeric {
        r.note = Some("the values are not all numbers, so no curve is fitted".to_string());
        return;
    }
    if distinct.len() < 2 {
        r.note = Some("a curve needs at least two different values".to_string());
        return;
    }
    let (lo, hi) = (distinct[0], distinct[distinct.len() - 1]);
    let observed = observed_crossing(r);
    if let Ok((a, b)) = observed {
        r.crossing_between = Some([a, b]);
    }
    let fit = logistic::fit(&data);
    if let Some(l) = fit {
        r.fit = Some(FitReport { b0: l.b0, b1: l.b1 });
    }
    let x50 = fit.and_then(|l| l.x50());
    let within = x50.filter(|x| (lo..=hi).contains(x));
    let mut notes = Vec::new();
    match (fit.is_some(), within.is_some(), &observed) {
        // A curve crossing within the values tried: the answer (no curve,
        // no crossing).
        (_, true, _) => {}
        // The rates never reach 50% (or never leave it): say so.
        (_, false, Err(why)) => notes.push(why.clone()),
        (false, _, Ok((a, b))) => notes.push(format!(
            "no finite logistic fit (the games separate cleanly): the win rate crosses 50% \
             between {} and {}; try values in between, or more games",
            fmt_num(*a),
            fmt_num(*b)
        )),
        (true, false, Ok((a, b))) => notes.push(format!(
            "the fitted curve does not cross 50% within the values tried, but the rates do, \
             between {} and {}; try values in between, or more games",
            fmt_num(*a),
            fmt_num(*b)
        )),
    }
    r.x50_within_values = x50.map(|x| (lo..=hi).contains(&x));
    if let Some(x) = within {
        r.x50 = Some(x);
        let seed = splitmix64(r.seed ^ 0x7377_6565_7062_6f6f);
        match logistic::bootstrap_x50(&data, BOOTSTRAP_REPS, seed) {
            Some((a, b)) => {
                if a < lo || b > hi {
                    notes.push(format!(
                        "the interval reaches past the values tried and is cut at them ({} to {})",
                        fmt_num(lo),
                        fmt_num(hi)
                    ));
                }
                r.x50_interval = Some([a.max(lo), b.min(hi)]);
            }
            None => notes.push(
                "no bootstrap interval: most resampled data could not be fitted (too few games?)"
                    .into(),
            ),
        }
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
    draw::sweep(&stem, &title, &r.path, &points, fit, (r.x50, interval))?;
    let json = dir.join("sweep.json");
    r.files = vec![
        json.clone(),
        dir.join("sweep.md"),
        dir.join("sweep.png"),
        dir.join("sweep.svg"),
        dir.join(crate::html::PAGE),
    ];
    files::write_json(&json, r)?;
    files::write(
        &dir.join("sweep.md"),
        format!(
            "# Sweep of {} on {}\n\n```\n{r}```\n\n![sweep](sweep.png)\n",
            r.path, r.scenario
        ),
    )?;
    crate::html::write(dir, None)?;
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
        if let Some(w) = crate::batch::report::random_warning([&self.blue, &self.red]) {
            writeln!(f, "  warning: {w}")?;
        }
        if !self.files.is_empty() {
            let files: Vec<String> = self.files.iter().map(|p| p.display().to_string()).collect();
            writeln!(f, "  wrote {}", files.join(", "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(points: &[(f64, u64, u64)]) -> SweepReport {
        SweepReport {
            scenario: "malaya".into(),
            path: "p".into(),
            sides: ["Japan".into(), "Commonwealth".into()],
            blue: "normal".into(),
            red: "normal".into(),
            games: points[0].2,
            seed: 1,
            points: points
                .iter()
                .map(|&(x, wins, n)| SweepRow {
                    value: fmt_num(x),
                    x,
                    wins,
                    draws: 0,
                    n,
                    rate: wins as f64 / n as f64,
                    low: 0.0,
                    high: 1.0,
                })
                .collect(),
            fit: None,
            x50: None,
            x50_interval: None,
            x50_within_values: None,
            crossing_between: None,
            note: None,
            files: Vec::new(),
        }
    }

    /// The issue's first bad output: `rail_capacity.commonwealth=0,1,2,3,4`
    /// gave 0.1%, 0, 0, 0, 0 and was told "the win rate jumps from 0% to
    /// 100%". The rates never reach 50%: that is what is said now.
    #[test]
    fn rates_that_never_reach_half_say_so() {
        let mut r = report(&[
            (0.0, 1, 1000),
            (1.0, 0, 1000),
            (2.0, 0, 1000),
            (3.0, 0, 1000),
            (4.0, 0, 1000),
        ]);
        fit_report(&mut r, true);
        let note = r.note.clone().unwrap();
        assert!(
            note.contains("stays below 50% at every value tried"),
            "{note}"
        );
        assert!(note.contains("not within 0..4"), "{note}");
        assert!(!note.contains("jumps"), "{note}");
        assert_eq!(
            (r.x50, r.x50_interval, r.crossing_between),
            (None, None, None)
        );
    }

    /// The issue's second: a fit reported "50% at ... = -2.438", outside
    /// the values tried. Rates all above 50% on 3..6 fit a curve crossing
    /// far below 3: no x50 is reported, and the note says why.
    #[test]
    fn an_extrapolated_crossing_is_never_reported() {
        let mut r = report(&[
            (3.0, 70, 100),
            (4.0, 74, 100),
            (5.0, 81, 100),
            (6.0, 85, 100),
        ]);
        fit_report(&mut r, true);
        let fit = r.fit.expect("a finite fit");
        let x = Logistic {
            b0: fit.b0,
            b1: fit.b1,
        }
        .x50()
        .unwrap();
        assert!(x < 3.0, "the curve crosses below the values tried: {x}");
        assert_eq!(r.x50, None);
        assert_eq!(r.x50_within_values, Some(false));
        let note = r.note.clone().unwrap();
        assert!(note.contains("stays above 50%"), "{note}");
        assert!(!r.to_string().contains("50% at p ="), "{r}");
    }

    /// A jump from 0% to 100% between neighbours: no fit, and the note
    /// says between which values the crossing lies.
    #[test]
    fn a_jump_names_the_two_values_around_it() {
        let mut r = report(&[(1.0, 0, 50), (2.0, 0, 50), (3.0, 50, 50), (4.0, 50, 50)]);
        fit_report(&mut r, true);
        assert_eq!(r.fit, None);
        assert_eq!(r.crossing_between, Some([2.0, 3.0]));
        let note = r.note.clone().unwrap();
        assert!(note.contains("between 2 and 3"), "{note}");
    }

    /// A crossing within the values: x50 and an interval inside them.
    #[test]
    fn a_crossing_within_the_values_is_reported_with_its_interval_inside() {
        let mut r = report(&[
            (1.0, 5, 40),
            (2.0, 14, 40),
            (3.0, 21, 40),
            (4.0, 31, 40),
            (5.0, 37, 40),
        ]);
        fit_report(&mut r, true);
        let x = r.x50.unwrap();
        assert!((2.0..4.0).contains(&x), "{x}");
        let [a, b] = r.x50_interval.unwrap();
        assert!(a >= 1.0 && b <= 5.0 && a < x && x < b, "{a} {b}");
        assert_eq!(r.crossing_between, Some([2.0, 3.0]));
        // Few games at two values: an interval that reaches past them is cut.
        let mut r = report(&[(1.0, 2, 5), (2.0, 3, 5)]);
        fit_report(&mut r, true);
        if let Some([a, b]) = r.x50_interval {
            assert!(a >= 1.0 && b <= 2.0, "{a} {b}");
        }
    }
}
