//! The chart of a tuning: the response (the first side's score, or its
//! mean VP margin) at each value tried, with 95% intervals, the target as
//! a dashed line, and the value found with its interval as a band.

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::figure::{
    DRAW_GREY, DrawResult, Figure, LIGHT, PALETTE, PlotError, anchored, error_bar, pct, text,
    title, write_both,
};

/// One value tried: the response and its interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TunePoint {
    /// The setting.
    pub x: f64,
    /// The response.
    pub y: f64,
    /// Its interval's low end.
    pub low: f64,
    /// Its high end.
    pub high: f64,
}

struct Tune<'a> {
    title: &'a str,
    x_label: &'a str,
    y_label: &'a str,
    points: &'a [TunePoint],
    aim: f64,
    found: Option<(f64, f64, f64)>,
    unit_y: bool,
}

impl Figure for Tune<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        root.fill(&WHITE)?;
        let xs = self.points.iter().map(|p| p.x);
        let (mut x0, mut x1) = (
            xs.clone().fold(f64::INFINITY, f64::min),
            xs.fold(f64::NEG_INFINITY, f64::max),
        );
        if !x0.is_finite() || x1 <= x0 {
            let x = if x0.is_finite() { x0 } else { 0.0 };
            (x0, x1) = (x - 0.5, x + 0.5);
        }
        let pad = (x1 - x0) * 0.06;
        let (x0, x1) = (x0 - pad, x1 + pad);
        let (y0, y1) = if self.unit_y {
            (0.0, 1.0)
        } else {
            let lo = self.points.iter().map(|p| p.low).fold(self.aim, f64::min);
            let hi = self.points.iter().map(|p| p.high).fold(self.aim, f64::max);
            let pad = ((hi - lo) * 0.08).max(0.5);
            (lo - pad, hi + pad)
        };
        let mut chart = ChartBuilder::on(root)
            .caption(self.title, title(self.title, self.size().0, 20))
            .margin(20)
            .margin_right(30)
            .x_label_area_size(55)
            .y_label_area_size(80)
            .build_cartesian_2d(x0..x1, y0..y1)?;
        let unit = self.unit_y;
        chart
            .configure_mesh()
            .x_desc(self.x_label)
            .y_desc(self.y_label)
            .y_label_formatter(&|v| if unit { pct(v) } else { format!("{v:+.1}") })
            .x_label_formatter(&|v| format!("{}", (v * 1000.0).round() / 1000.0))
            .label_style(text(15))
            .axis_desc_style(text(16))
            .light_line_style(LIGHT)
            .draw()?;
        let fit = PALETTE[1];
        if let Some((x, lo, hi)) = self.found {
            let (a, b) = (lo.max(x0), hi.min(x1));
            chart.draw_series([Rectangle::new(
                [(a, y0), (b.max(a), y1)],
                fit.mix(0.12).filled(),
            )])?;
            chart.draw_series(DashedLineSeries::new(
                [(x, y0), (x, y1)],
                6,
                4,
                fit.stroke_width(2),
            ))?;
            chart.draw_series([EmptyElement::at((x, y1))
                + Text::new(
                    format!("{} (interval {} to {})", short(x), short(lo), short(hi)),
                    (6, 6),
                    anchored(15, HPos::Left, VPos::Top),
                )])?;
        }
        chart.draw_series(DashedLineSeries::new(
            [(x0, self.aim), (x1, self.aim)],
            8,
            6,
            DRAW_GREY.stroke_width(2),
        ))?;
        let cap = (x1 - x0) * 0.008;
        for p in self.points {
            error_bar(
                &mut chart,
                p.x,
                p.low.clamp(y0, y1),
                p.high.clamp(y0, y1),
                cap,
            )?;
        }
        let data = PALETTE[0];
        chart.draw_series(
            self.points
                .iter()
                .map(|p| Circle::new((p.x, p.y.clamp(y0, y1)), 6, data.filled())),
        )?;
        Ok(())
    }
}

/// A number with at most 3 decimals, no trailing zeros.
fn short(x: f64) -> String {
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// Draws a tuning's chart into `STEM.png` and `STEM.svg`: the response at
/// each value (y from 0 to 100% when `unit_y`), the target `aim`, and the
/// value `found` (`(x, low, high)`).
#[allow(clippy::too_many_arguments)]
pub fn tune(
    stem: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    points: &[TunePoint],
    aim: f64,
    found: Option<(f64, f64, f64)>,
    unit_y: bool,
) -> Result<(), PlotError> {
    write_both(
        stem,
        &Tune {
            title,
            x_label,
            y_label,
            points,
            aim,
            found,
            unit_y,
        },
    )
}
