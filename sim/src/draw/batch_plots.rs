//! The plots of a batch, drawn from its [`BatchSummary`]: results with
//! their intervals, the VP margin, steps lost per side, game length (only
//! when games end on different turns: one bar says nothing), and where
//! steps were lost.

use std::path::Path;

use hexwar_engine::Scenario;

use super::{
    Bar, MarginPanel, PlotError, Series, Thresholds, heat_map, histograms, margins, outcomes,
};
use crate::batch::summary::{BatchSummary, Rate};

/// Writes `outcomes`, `vp_margin`, `steps_lost`, `game_length` (unless
/// every game ended on the same turn) and `heat_map` (each as PNG and SVG)
/// into `dir`.
pub fn write(scen: &Scenario, dir: &Path, s: &BatchSummary) -> Result<(), PlotError> {
    let [a, b] = &s.sides;
    let title = format!("{}: {} games", s.scenario, s.games);
    let bar = |label: String, r: &Rate| Bar {
        label,
        rate: r.rate,
        low: r.low,
        high: r.high,
    };
    outcomes(
        &dir.join("outcomes"),
        &format!("{title}, {} vs {}", a.player, b.player),
        &[
            bar(format!("{} wins", a.name), &a.wins),
            bar(format!("{} wins", b.name), &b.wins),
            bar("draws".into(), &s.draws),
        ],
    )?;
    histograms(
        &dir.join("steps_lost"),
        &format!("{title}: steps lost per game"),
        "steps lost",
        &[0, 1].map(|i| Series {
            label: s.sides[i].name.clone(),
            counts: s.tally.sides[i].steps.counts.clone(),
        }),
    )?;
    let v = scen.victory();
    margins(
        &dir.join("vp_margin"),
        &format!("{title}: VP margin, {} vs {}", a.player, b.player),
        [&a.name, &b.name],
        &[MarginPanel {
            label: format!("{} games", s.games),
            counts: s.tally.margins.clone(),
        }],
        Thresholds {
            marginal: v.marginal.into(),
            decisive: v.decisive.into(),
        },
    )?;
    if s.one_length().is_none() {
        histograms(
            &dir.join("game_length"),
            &format!("{title}: game length"),
            "game turn reached",
            &[Series {
                label: "games".into(),
                counts: s.tally.turns.counts.clone(),
            }],
        )?;
    }
    heat_map(
        &dir.join("heat_map"),
        &format!("{title}: steps lost by hex"),
        scen,
        &s.tally.heat,
    )
}
