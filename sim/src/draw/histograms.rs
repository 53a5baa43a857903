//! Histograms of a per-game count (steps lost, game length), one series
//! per side or batch, bars side by side for each value.

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::figure::{DrawResult, Figure, INK, LIGHT, PALETTE, PlotError, text, title, write_both};

/// One series of a histogram: `counts[v]` games had value `v`.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Legend text.
    pub label: String,
    /// Games per value.
    pub counts: Vec<u64>,
}

struct Histograms<'a> {
    title: &'a str,
    x_label: &'a str,
    series: &'a [Series],
}

impl Figure for Histograms<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        root.fill(&WHITE)?;
        let used = |s: &Series| s.counts.iter().position(|&c| c > 0);
        let lo = self.series.iter().filter_map(used).min().unwrap_or(0);
        let hi = self
            .series
            .iter()
            .filter_map(|s| s.counts.iter().rposition(|&c| c > 0))
            .max()
            .unwrap_or(0)
            .max(lo);
        let top = self
            .series
            .iter()
            .flat_map(|s| s.counts.iter().copied())
            .max()
            .unwrap_or(0)
            .max(1) as f64
            * 1.12;
        let mut chart = ChartBuilder::on(root)
            .caption(self.title, title(self.title, self.size().0, 28))
            .margin(20)
            .x_label_area_size(55)
            .y_label_area_size(80)
            .build_cartesian_2d(lo as f64 - 0.5..hi as f64 + 0.5, 0.0..top)?;
        let span = hi - lo + 1;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(span.min(16))
            .x_label_formatter(&|v| {
                if (v - v.round()).abs() < 1e-9 {
                    format!("{v:.0}")
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&|v| format!("{v:.0}"))
            .x_desc(self.x_label)
            .y_desc("games")
            .light_line_style(LIGHT)
            .label_style(text(16))
            .axis_desc_style(text(18))
            .draw()?;
        let k = self.series.len().max(1);
        let width = 0.84 / k as f64;
        for (i, s) in self.series.iter().enumerate() {
            let color = PALETTE[i % PALETTE.len()];
            let games: u64 = s.counts.iter().sum();
            let total: f64 = s
                .counts
                .iter()
                .enumerate()
                .map(|(v, &c)| v as f64 * c as f64)
                .sum();
            let label = if games > 0 {
                format!("{} (mean {:.1})", s.label, total / games as f64)
            } else {
                format!("{} (no games)", s.label)
            };
            let left = -0.42 + i as f64 * width;
            chart
                .draw_series(s.counts.iter().enumerate().filter(|(_, c)| **c > 0).map(
                    |(v, &c)| {
                        let x = v as f64 + left;
                        Rectangle::new([(x, 0.0), (x + width, c as f64)], color.mix(0.8).filled())
                    },
                ))?
                .label(label)
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 7), (x + 16, y + 7)], color.mix(0.8).filled())
                });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .label_font(text(18))
            .background_style(WHITE.mix(0.85))
            .border_style(INK)
            .draw()?;
        Ok(())
    }
}

/// Histograms of a per-game count (steps lost, game length in turns), one
/// series per side or batch, bars side by side for each value; the legend
/// gives each series' mean.
pub fn histograms(
    stem: &Path,
    title: &str,
    x_label: &str,
    series: &[Series],
) -> Result<(), PlotError> {
    write_both(
        stem,
        &Histograms {
            title,
            x_label,
            series,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::super::figure::SIZE;
    use super::super::figure::testing::{check, cleanup, temp};
    use super::*;

    #[test]
    fn histograms_write_png_and_svg() {
        let dir = temp("hist");
        let stem = dir.join("steps");
        let series = [
            Series {
                label: "Japan".into(),
                counts: vec![0, 2, 5, 9, 4, 1],
            },
            Series {
                label: "Commonwealth".into(),
                counts: vec![0, 0, 1, 3, 8, 6, 2, 1],
            },
        ];
        histograms(&stem, "Steps lost per game", "steps lost", &series).unwrap();
        check(&stem, SIZE, "Steps lost per game");
        // No data at all still draws.
        let empty = stem.with_file_name("empty");
        histograms(&empty, "Empty", "turns", &[]).unwrap();
        check(&empty, SIZE, "Empty");
        cleanup(&dir);
    }
}
