//! The trend chart of a balance run: the first side's score (draws
//! counted half) at each level of play, weakest first, with its 95%
//! interval, over the bands the verdicts use (balanced 45–55%, one-sided
//! beyond 35–65%), so a designer sees whether an imbalance holds as play
//! gets stronger or fades.

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::figure::{
    DRAW_GREY, DrawResult, Figure, LIGHT, PALETTE, PlotError, anchored, error_bar, pct, text,
    title, write_both,
};

/// One level's point: its name, the score and its interval, and the
/// games behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct TrendPoint {
    /// The level or player spec.
    pub label: String,
    /// The first side's score, 0 to 1.
    pub score: f64,
    /// The interval's low end.
    pub low: f64,
    /// Its high end.
    pub high: f64,
    /// Games played.
    pub games: u64,
}

/// The bands drawn behind the points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bands {
    /// Balanced: the interval inside this.
    pub balanced: (f64, f64),
    /// One-sided: the interval wholly outside this.
    pub leaning: (f64, f64),
}

struct Trend<'a> {
    title: &'a str,
    y_label: &'a str,
    points: &'a [TrendPoint],
    bands: Bands,
}

const GREEN: RGBColor = RGBColor(0x4a, 0x9a, 0x4a);
const AMBER: RGBColor = RGBColor(0xe0, 0x8a, 0x1e);

impl Figure for Trend<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        root.fill(&WHITE)?;
        let (_, h) = root.dim_in_pixel();
        let (body, legend) = root.split_vertically(h - 36);
        let root = &body;
        let n = self.points.len().max(1);
        let mut chart = ChartBuilder::on(root)
            .caption(self.title, title(self.title, self.size().0, 22))
            .margin(20)
            .margin_right(40)
            .x_label_area_size(60)
            .y_label_area_size(80)
            .build_cartesian_2d(-0.5..n as f64 - 0.5, 0.0..1.0)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(0)
            .y_labels(11)
            .y_label_formatter(&pct)
            .y_desc(self.y_label)
            .light_line_style(LIGHT)
            .label_style(text(16))
            .axis_desc_style(text(17))
            .draw()?;
        let (x0, x1) = (-0.5, n as f64 - 0.5);
        let Bands { balanced, leaning } = self.bands;
        chart.draw_series([
            Rectangle::new(
                [(x0, leaning.0), (x1, balanced.0)],
                AMBER.mix(0.12).filled(),
            ),
            Rectangle::new(
                [(x0, balanced.1), (x1, leaning.1)],
                AMBER.mix(0.12).filled(),
            ),
            Rectangle::new(
                [(x0, balanced.0), (x1, balanced.1)],
                GREEN.mix(0.2).filled(),
            ),
        ])?;
        chart.draw_series(DashedLineSeries::new(
            [(x0, 0.5), (x1, 0.5)],
            8,
            6,
            DRAW_GREY.stroke_width(2),
        ))?;
        let data = PALETTE[0];
        if self.points.len() > 1 {
            chart.draw_series(LineSeries::new(
                self.points
                    .iter()
                    .enumerate()
                    .map(|(i, p)| (i as f64, p.score.clamp(0.0, 1.0))),
                data.mix(0.6).stroke_width(2),
            ))?;
        }
        for (i, p) in self.points.iter().enumerate() {
            let x = i as f64;
            error_bar(
                &mut chart,
                x,
                p.low.clamp(0.0, 1.0),
                p.high.clamp(0.0, 1.0),
                0.05,
            )?;
            // The value to the right of its bar, where no bar can be.
            let (px, py) = chart.backend_coord(&(x, p.score.clamp(0.0, 1.0)));
            root.draw(&Text::new(
                format!("{:.1}%", 100.0 * p.score),
                (px + 14, py),
                anchored(16, HPos::Left, VPos::Center),
            ))?;
            let (px, py) = chart.backend_coord(&(x, 0.0));
            root.draw(&Text::new(
                p.label.clone(),
                (px, py + 10),
                anchored(17, HPos::Center, VPos::Top),
            ))?;
            root.draw(&Text::new(
                format!("{} games", p.games),
                (px, py + 32),
                anchored(14, HPos::Center, VPos::Top),
            ))?;
        }
        chart.draw_series(
            self.points
                .iter()
                .enumerate()
                .map(|(i, p)| Circle::new((i as f64, p.score.clamp(0.0, 1.0)), 6, data.filled())),
        )?;
        // The legend, in a row under the chart where it hides no point.
        let items = [
            (
                GREEN.mix(0.4),
                format!(
                    "balanced: interval inside {}-{}",
                    pct(&balanced.0),
                    pct(&balanced.1)
                ),
            ),
            (
                AMBER.mix(0.35),
                format!("leaning: within {}-{}", pct(&leaning.0), pct(&leaning.1)),
            ),
            (
                data.mix(1.0),
                "score (draws half), 95% interval".to_string(),
            ),
        ];
        let mut x = 90;
        for (color, label) in items {
            legend.draw(&Rectangle::new([(x, 10), (x + 16, 24)], color.filled()))?;
            legend.draw(&Text::new(
                label.clone(),
                (x + 22, 17),
                anchored(14, HPos::Left, VPos::Center),
            ))?;
            x += 30 + 8 * label.chars().count() as i32;
        }
        Ok(())
    }
}

/// Draws the trend chart into `STEM.png` and `STEM.svg`.
pub fn trend(
    stem: &Path,
    title: &str,
    y_label: &str,
    points: &[TrendPoint],
    bands: Bands,
) -> Result<(), PlotError> {
    write_both(
        stem,
        &Trend {
            title,
            y_label,
            points,
            bands,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::figure::SIZE;
    use super::super::figure::testing::{check, cleanup, temp};
    use super::*;

    #[test]
    fn trend_writes_png_and_svg() {
        let dir = temp("trend");
        let stem = dir.join("trend");
        let points: Vec<TrendPoint> = [
            ("random", 0.02, 0.01, 0.04, 400),
            ("novice", 0.71, 0.66, 0.75, 400),
            ("normal", 0.85, 0.81, 0.88, 400),
            ("hard", 0.62, 0.48, 0.74, 40),
        ]
        .into_iter()
        .map(|(l, score, low, high, games)| TrendPoint {
            label: l.into(),
            score,
            low,
            high,
            games,
        })
        .collect();
        let bands = Bands {
            balanced: (0.45, 0.55),
            leaning: (0.35, 0.65),
        };
        trend(
            &stem,
            "malaya: Japan's score",
            "Japan's score",
            &points,
            bands,
        )
        .unwrap();
        check(&stem, SIZE, "malaya: Japan");
        cleanup(&dir);
    }
}
