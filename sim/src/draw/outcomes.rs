//! The outcome chart of a batch: wins of each side and draws as bars of
//! their rates, with 95% intervals as error bars, each rate written above
//! its bar's interval (the axis runs past 100% to leave room for it).

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::figure::{
    DRAW_GREY, DrawResult, Figure, LIGHT, PALETTE, PlotError, anchored, error_bar, pct, text,
    title, write_both,
};

/// One bar of an outcome chart: a rate (0 to 1) and its 95% interval.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// What the bar counts ("Japan wins", "draws").
    pub label: String,
    /// The rate, 0 to 1.
    pub rate: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end of the interval.
    pub high: f64,
}

struct Outcomes<'a> {
    title: &'a str,
    bars: &'a [Bar],
}

impl Figure for Outcomes<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        root.fill(&WHITE)?;
        let n = self.bars.len().max(1);
        let mut chart = ChartBuilder::on(root)
            .caption(self.title, title(self.title, self.size().0, 28))
            .margin(20)
            .x_label_area_size(50)
            .y_label_area_size(80)
            // Headroom above 100% for the label of a bar that reaches it.
            .build_cartesian_2d(-0.5..n as f64 - 0.5, 0.0..1.1)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(0)
            .y_labels(12)
            .y_label_formatter(&|v| if *v > 1.0001 { String::new() } else { pct(v) })
            .y_desc("share of games (bars: 95% Wilson interval)")
            .light_line_style(LIGHT)
            .label_style(text(16))
            .axis_desc_style(text(18))
            .draw()?;
        let mut side = 0;
        for (i, b) in self.bars.iter().enumerate() {
            let x = i as f64;
            let color = if b.label.to_lowercase().contains("draw") {
                DRAW_GREY
            } else {
                side += 1;
                PALETTE[(side - 1) % PALETTE.len()]
            };
            chart.draw_series([Rectangle::new(
                [(x - 0.32, 0.0), (x + 0.32, b.rate.clamp(0.0, 1.0))],
                color.mix(0.85).filled(),
            )])?;
            error_bar(
                &mut chart,
                x,
                b.low.clamp(0.0, 1.0),
                b.high.clamp(0.0, 1.0),
                0.06,
            )?;
            // The value above the interval's top cap, never on it.
            let (px, py) = chart.backend_coord(&(x, b.high.clamp(0.0, 1.0)));
            root.draw(&Text::new(
                format!("{:.1}%", b.rate * 100.0),
                (px, py - 10),
                anchored(18, HPos::Center, VPos::Bottom),
            ))?;
            let (px, py) = chart.backend_coord(&(x, 0.0));
            root.draw(&Text::new(
                b.label.clone(),
                (px, py + 12),
                anchored(18, HPos::Center, VPos::Top),
            ))?;
        }
        Ok(())
    }
}

/// A bar chart of outcome rates (wins, draws, losses) with 95% intervals as
/// error bars. Bars whose label mentions "draw" are grey; the others take
/// the side colours in order.
pub fn outcomes(stem: &Path, title: &str, bars: &[Bar]) -> Result<(), PlotError> {
    write_both(stem, &Outcomes { title, bars })
}

#[cfg(test)]
mod tests {
    use super::super::figure::SIZE;
    use super::super::figure::testing::{check, cleanup, temp};
    use super::*;

    #[test]
    fn outcomes_writes_png_and_svg() {
        let dir = temp("outcomes");
        let stem = dir.join("outcomes");
        let bars = [
            ("Japan wins", 0.55, 0.48, 0.62),
            ("draws", 0.05, 0.02, 0.09),
            ("Commonwealth wins", 0.40, 0.33, 0.47),
        ]
        .map(|(l, rate, low, high)| Bar {
            label: l.into(),
            rate,
            low,
            high,
        });
        outcomes(&stem, "Malaya outcomes", &bars).unwrap();
        check(&stem, SIZE, "Malaya outcomes");
        // A bar at the top: its label needs the headroom.
        let high = [
            ("Allies wins", 0.001, 0.0, 0.006),
            ("French Empire wins", 0.987, 0.978, 0.992),
            ("draws", 0.012, 0.007, 0.021),
        ]
        .map(|(l, rate, low, high)| Bar {
            label: l.into(),
            rate,
            low,
            high,
        });
        let top = stem.with_file_name("top");
        outcomes(&top, "morne-plaine outcomes", &high).unwrap();
        check(&top, SIZE, "morne-plaine outcomes");
        cleanup(&dir);
    }
}
