//! The chart of a sweep: the first side's win rate against a parameter,
//! with error bars, the fitted logistic curve and its 50% point.

use std::path::Path;

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;

use super::figure::{
    DRAW_GREY, DrawResult, Figure, INK, LIGHT, PALETTE, PlotError, error_bar, pct, text, title,
    write_both,
};
use crate::stats::logistic::Logistic;

/// One point of a sweep: the rate at `x` and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweepPoint {
    /// The parameter's value.
    pub x: f64,
    /// The rate, 0 to 1.
    pub rate: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end of the interval.
    pub high: f64,
}

struct Sweep<'a> {
    title: &'a str,
    x_label: &'a str,
    points: &'a [SweepPoint],
    fit: Option<Logistic>,
    x50: Option<f64>,
    interval: Option<(f64, f64)>,
}

impl Figure for Sweep<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        root.fill(&WHITE)?;
        let ((x0, x1), (tried_lo, tried_hi)) = self.x_range();
        let x50 = self.x50;
        let mut chart = ChartBuilder::on(root)
            .caption(self.title, title(self.title, self.size().0, 26))
            .margin(20)
            .x_label_area_size(55)
            .y_label_area_size(80)
            .build_cartesian_2d(x0..x1, 0.0..1.0)?;
        chart
            .configure_mesh()
            .y_labels(11)
            .y_label_formatter(&pct)
            .x_desc(self.x_label)
            .y_desc("first side's win rate")
            .x_label_formatter(&|x| fmt_x(*x))
            .label_style(text(16))
            .axis_desc_style(text(18))
            .light_line_style(LIGHT)
            .draw()?;
        let fit_color = PALETTE[1];
        // The 50% point and its interval first, underneath the data.
        if let (Some(_), Some((ia, ib))) = (x50, self.interval) {
            let (a, b) = (ia.clamp(x0, x1), ib.clamp(x0, x1));
            chart
                .draw_series([Rectangle::new(
                    [(a, 0.0), (b, 1.0)],
                    fit_color.mix(0.12).filled(),
                )])?
                .label(format!(
                    "x50 95% bootstrap interval {} to {}",
                    fmt_x(ia),
                    fmt_x(ib)
                ))
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 7), (x + 16, y + 7)], fit_color.mix(0.25).filled())
                });
        }
        chart.draw_series(DashedLineSeries::new(
            [(x0, 0.5), (x1, 0.5)],
            8,
            6,
            DRAW_GREY.stroke_width(2),
        ))?;
        if let Some(f) = self.fit {
            let n = 240;
            chart
                .draw_series(LineSeries::new(
                    (0..=n).map(|i| {
                        let x = x0 + (x1 - x0) * i as f64 / n as f64;
                        (x, f.p(x))
                    }),
                    fit_color.stroke_width(3),
                ))?
                .label(format!("logistic fit: b0 = {:.3}, b1 = {:.3}", f.b0, f.b1))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], fit_color.stroke_width(3))
                });
        }
        if let Some(x) = x50 {
            self.draw_x50(&mut chart, x, (x0, x1), (tried_lo, tried_hi))?;
        }
        // Data: points with 95% Wilson intervals.
        let cap = (x1 - x0) * 0.008;
        for p in self.points.iter().filter(|p| p.x.is_finite()) {
            error_bar(
                &mut chart,
                p.x,
                p.low.clamp(0.0, 1.0),
                p.high.clamp(0.0, 1.0),
                cap,
            )?;
        }
        let data = PALETTE[0];
        chart
            .draw_series(
                self.points
                    .iter()
                    .filter(|p| p.x.is_finite())
                    .map(|p| Circle::new((p.x, p.rate.clamp(0.0, 1.0)), 6, data.filled())),
            )?
            .label("win rate, 95% Wilson interval")
            .legend(move |(x, y)| Circle::new((x + 8, y), 5, data.filled()));
        let rising = self.fit.is_none_or(|f| f.b1 >= 0.0);
        chart
            .configure_series_labels()
            .position(if rising {
                SeriesLabelPosition::UpperLeft
            } else {
                SeriesLabelPosition::UpperRight
            })
            .label_font(text(16))
            .background_style(WHITE.mix(0.9))
            .border_style(INK)
            .draw()?;
        Ok(())
    }
}

impl Sweep<'_> {
    /// The chart's x range `(x0, x1)` and the range of the values tried.
    /// The chart shows x50 and its interval when they are near the values
    /// tried.
    fn x_range(&self) -> ((f64, f64), (f64, f64)) {
        let xs = || self.points.iter().map(|p| p.x).filter(|x| x.is_finite());
        let (mut lo, mut hi) = (
            xs().fold(f64::INFINITY, f64::min),
            xs().fold(f64::NEG_INFINITY, f64::max),
        );
        if !lo.is_finite() {
            (lo, hi) = (0.0, 1.0);
        }
        let tried = hi - lo;
        // Show x50 and its interval when they are near the values tried.
        let x50 = self.x50;
        let reach = tried.max(1e-9);
        let (tried_lo, tried_hi) = (lo, hi);
        let near = |x: f64| x >= tried_lo - reach && x <= tried_hi + reach;
        for x in x50
            .into_iter()
            .chain(self.interval.into_iter().flat_map(|(a, b)| [a, b]))
        {
            if near(x) {
                lo = lo.min(x);
                hi = hi.max(x);
            }
        }
        let pad = if hi > lo { (hi - lo) * 0.06 } else { 0.5 };
        let (x0, x1) = (lo - pad, hi + pad);
        ((x0, x1), (tried_lo, tried_hi))
    }

    /// The fitted 50% point at `x`: a dashed drop line, a dot and the
    /// interval's bar when it lies on the chart, and its legend entry.
    fn draw_x50<DB: DrawingBackend>(
        &self,
        chart: &mut ChartContext<'_, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
        x: f64,
        (x0, x1): (f64, f64),
        (tried_lo, tried_hi): (f64, f64),
    ) -> DrawResult<DB> {
        let fit_color = PALETTE[1];
        let inside = x >= x0 && x <= x1;
        let tried = (tried_lo..=tried_hi).contains(&x);
        let label = if inside && tried {
            format!("x50 = {} (50% win rate)", fmt_x(x))
        } else if inside {
            format!("x50 = {}, beyond the values tried", fmt_x(x))
        } else {
            format!("x50 = {} lies outside the chart", fmt_x(x))
        };
        if inside {
            chart
                .draw_series(DashedLineSeries::new(
                    [(x, 0.0), (x, 0.5)],
                    6,
                    4,
                    fit_color.stroke_width(2),
                ))?
                .label(label)
                .legend(move |(x, y)| Circle::new((x + 8, y), 5, fit_color.filled()));
            chart.draw_series([Circle::new((x, 0.5), 6, fit_color.filled())])?;
            if let Some((a, b)) = self.interval {
                let (a, b) = (a.clamp(x0, x1), b.clamp(x0, x1));
                let style = fit_color.stroke_width(3);
                chart.draw_series([PathElement::new(vec![(a, 0.5), (b, 0.5)], style)])?;
            }
        } else {
            chart
                .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?
                .label(label)
                .legend(move |(x, y)| Circle::new((x + 8, y), 5, fit_color.filled()));
        }
        Ok(())
    }
}

/// A number for a chart: up to 3 significant decimals, no trailing zeros.
fn fmt_x(x: f64) -> String {
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// A sweep: the first side's win rate against a parameter, with 95% error
/// bars, the fitted logistic curve, a dashed 50% line, and the 50% point
/// `x50` (the caller gives it only when it lies within the values tried)
/// with its interval (`interval`, from
/// [`crate::stats::logistic::bootstrap_x50`]) as a band and a bar along the
/// 50% line.
pub fn sweep(
    stem: &Path,
    title: &str,
    x_label: &str,
    points: &[SweepPoint],
    fit: Option<Logistic>,
    (x50, interval): (Option<f64>, Option<(f64, f64)>),
) -> Result<(), PlotError> {
    write_both(
        stem,
        &Sweep {
            title,
            x_label,
            points,
            fit,
            x50,
            interval,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::figure::SIZE;
    use super::super::figure::testing::{check, cleanup, temp};
    use super::*;

    #[test]
    fn sweep_writes_png_and_svg() {
        let f = Logistic { b0: -3.0, b1: 1.0 };
        let points: Vec<SweepPoint> = [1.0, 2.0, 3.0, 4.0, 5.0]
            .iter()
            .map(|&x| {
                let rate = f.p(x);
                SweepPoint {
                    x,
                    rate,
                    low: (rate - 0.08).max(0.0),
                    high: (rate + 0.08).min(1.0),
                }
            })
            .collect();
        let dir = temp("sweep");
        let stem = dir.join("sweep");
        sweep(
            &stem,
            "Sweep of attack",
            "attack",
            &points,
            Some(f),
            (f.x50(), Some((2.7, 3.3))),
        )
        .unwrap();
        check(&stem, SIZE, "Sweep of attack");
        // Without a fit, and with x50 far outside.
        let stem = stem.with_file_name("no-fit");
        sweep(&stem, "No fit", "x", &points, None, (None, None)).unwrap();
        check(&stem, SIZE, "No fit");
        let stem = stem.with_file_name("far");
        let far = Logistic { b0: -30.0, b1: 1.0 };
        sweep(&stem, "Far", "x", &points, Some(far), (None, None)).unwrap();
        check(&stem, SIZE, "Far");
        cleanup(&dir);
    }

    #[test]
    fn numbers_lose_trailing_zeros() {
        assert_eq!(fmt_x(2.5), "2.5");
        assert_eq!(fmt_x(3.0), "3");
    }
}
