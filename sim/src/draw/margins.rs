//! The VP-margin chart: how many games ended at each margin (the first
//! side's VP minus the second side's), one panel per batch or level of
//! play, stacked on one x axis. Bars are coloured by the result the
//! margin gives (the first side's colour from the marginal-win margin up,
//! the second side's from minus that down, grey for the draws between),
//! with the marginal and decisive margins drawn as dashed lines and each
//! panel's mean as a solid one. Unlike a game-length histogram, it says
//! something even when every game runs its full length.

use std::collections::BTreeMap;
use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::figure::{
    DRAW_GREY, DrawResult, Figure, INK, LIGHT, PALETTE, PlotError, anchored, text, title,
    write_both,
};

/// One panel: a label and the games at each margin.
#[derive(Clone, Debug, PartialEq)]
pub struct MarginPanel {
    /// What the panel shows ("normal, 400 games").
    pub label: String,
    /// Games by margin.
    pub counts: BTreeMap<i64, u64>,
}

/// The margins that decide a result (the scenario's `[victory]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    /// A margin from this up is a marginal win.
    pub marginal: i64,
    /// A margin from this up is a decisive win.
    pub decisive: i64,
}

struct Margins<'a> {
    title: &'a str,
    sides: [&'a str; 2],
    panels: &'a [MarginPanel],
    at: Thresholds,
}

/// Pixel height of one panel.
const PANEL: u32 = 190;
/// Title and the x axis' labels.
const FRAME: u32 = 150;

impl Margins<'_> {
    /// The x range: every margin seen and both marginal lines, padded.
    fn x_range(&self) -> (f64, f64) {
        let seen = self.panels.iter().flat_map(|p| p.counts.keys().copied());
        let m = self.at.marginal;
        let lo = seen.clone().min().unwrap_or(0).min(-m);
        let hi = seen.max().unwrap_or(0).max(m);
        (lo as f64 - 1.0, hi as f64 + 1.0)
    }
}

impl Figure for Margins<'_> {
    fn size(&self) -> (u32, u32) {
        (900, FRAME + PANEL * self.panels.len().max(1) as u32)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        root.fill(&WHITE)?;
        let root = root.titled(self.title, title(self.title, self.size().0, 24))?;
        let (x0, x1) = self.x_range();
        let n = self.panels.len().max(1);
        let (_, h) = root.dim_in_pixel();
        let legend_h = 40;
        let (body, legend) = root.split_vertically(h - legend_h);
        let areas = body.split_evenly((n, 1));
        for (k, (area, panel)) in areas.iter().zip(self.panels).enumerate() {
            let last = k + 1 == n;
            self.panel(area, panel, (x0, x1), last)?;
        }
        // The legend: what the colours and lines mean.
        let a = self.sides[0];
        let b = self.sides[1];
        let m = self.at.marginal;
        let items = [
            (PALETTE[0], format!("{a} wins (margin ≥ {m})")),
            (DRAW_GREY, format!("draws (|margin| < {m})")),
            (PALETTE[1], format!("{b} wins (margin ≤ -{m})")),
        ];
        let mut x = 20;
        for (color, label) in items {
            legend.draw(&Rectangle::new(
                [(x, 12), (x + 16, 26)],
                color.mix(0.85).filled(),
            ))?;
            legend.draw(&Text::new(
                label.clone(),
                (x + 22, 19),
                anchored(15, HPos::Left, VPos::Center),
            ))?;
            x += 40 + 8 * label.chars().count() as i32;
        }
        Ok(())
    }
}

impl Margins<'_> {
    fn panel<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        p: &MarginPanel,
        (x0, x1): (f64, f64),
        last: bool,
    ) -> DrawResult<DB> {
        let top = p.counts.values().copied().max().unwrap_or(0).max(1) as f64 * 1.15;
        let games: u64 = p.counts.values().sum();
        let mut chart = ChartBuilder::on(area)
            .margin_left(20)
            .margin_right(30)
            .margin_top(8)
            .margin_bottom(if last { 0 } else { 10 })
            .x_label_area_size(if last { 45 } else { 0 })
            .y_label_area_size(70)
            .build_cartesian_2d(x0..x1, 0.0..top)?;
        let mut mesh = chart.configure_mesh();
        mesh.disable_x_mesh()
            .y_labels(4)
            .y_label_formatter(&|v| format!("{v:.0}"))
            .y_desc("games")
            .light_line_style(LIGHT)
            .label_style(text(14))
            .axis_desc_style(text(15));
        if last {
            mesh.x_desc(format!(
                "VP margin ({} minus {})",
                self.sides[0], self.sides[1]
            ))
            .x_label_formatter(&|v| format!("{v:.0}"));
        } else {
            mesh.x_labels(0);
        }
        mesh.draw()?;
        let m = self.at.marginal;
        let color = |x: i64| {
            if x >= m {
                PALETTE[0]
            } else if x <= -m {
                PALETTE[1]
            } else {
                DRAW_GREY
            }
        };
        let width = 0.42;
        chart.draw_series(p.counts.iter().map(|(&x, &c)| {
            let xf = x as f64;
            Rectangle::new(
                [(xf - width, 0.0), (xf + width, c as f64)],
                color(x).mix(0.85).filled(),
            )
        }))?;
        for t in [self.at.marginal, self.at.decisive] {
            for x in [t as f64 - 0.5, -(t as f64) + 0.5] {
                if x > x0 && x < x1 {
                    chart.draw_series(DashedLineSeries::new(
                        [(x, 0.0), (x, top)],
                        5,
                        4,
                        DRAW_GREY.stroke_width(1),
                    ))?;
                }
            }
        }
        let mean = if games > 0 {
            p.counts
                .iter()
                .map(|(&x, &c)| x as f64 * c as f64)
                .sum::<f64>()
                / games as f64
        } else {
            0.0
        };
        if games > 0 {
            chart.draw_series([PathElement::new(
                vec![(mean, 0.0), (mean, top)],
                INK.stroke_width(2),
            )])?;
        }
        let label = format!("{}: mean margin {mean:+.1}", p.label);
        chart.draw_series([EmptyElement::at((x0, top))
            + Text::new(label, (8, 6), anchored(16, HPos::Left, VPos::Top))])?;
        Ok(())
    }
}

/// Draws the VP-margin chart (one panel per entry of `panels`) into
/// `STEM.png` and `STEM.svg`; `sides` are the two sides' names, first side
/// first.
pub fn margins(
    stem: &Path,
    title: &str,
    sides: [&str; 2],
    panels: &[MarginPanel],
    at: Thresholds,
) -> Result<(), PlotError> {
    write_both(
        stem,
        &Margins {
            title,
            sides,
            panels,
            at,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::figure::testing::{check, cleanup, temp};
    use super::*;

    #[test]
    fn margins_write_png_and_svg_one_panel_each() {
        let dir = temp("margins");
        let stem = dir.join("margins");
        let panel = |label: &str, xs: &[(i64, u64)]| MarginPanel {
            label: label.into(),
            counts: xs.iter().copied().collect(),
        };
        let panels = [
            panel("random", &[(-12, 3), (-4, 10), (0, 2), (3, 6)]),
            panel("normal", &[(-2, 1), (5, 9), (14, 4)]),
        ];
        let at = Thresholds {
            marginal: 3,
            decisive: 10,
        };
        margins(
            &stem,
            "Margins by level",
            ["Japan", "Commonwealth"],
            &panels,
            at,
        )
        .unwrap();
        check(&stem, (900, FRAME + 2 * PANEL), "Margins by level");
        let one = stem.with_file_name("one");
        margins(&one, "One", ["A", "B"], &panels[..1], at).unwrap();
        check(&one, (900, FRAME + PANEL), "One");
        let none = stem.with_file_name("none");
        margins(&none, "None", ["A", "B"], &[], at).unwrap();
        cleanup(&dir);
    }
}
