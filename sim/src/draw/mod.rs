//! Drawing: the charts of a batch, a sweep and a balance run (plotters,
//! each written as PNG and SVG from one drawing: outcomes, histograms, VP
//! margins, the trend across levels), the heat map of where steps were
//! lost, and the scenario's map as hand-written SVG.

pub mod batch_plots;
mod figure;
pub mod heat_map;
pub mod histograms;
pub mod map_svg;
pub mod margins;
pub mod outcomes;
pub mod sweep;
pub mod trend;
pub mod tune;

pub use figure::PlotError;
pub use heat_map::heat_map;
pub use histograms::{Series, histograms};
pub use margins::{MarginPanel, Thresholds, margins};
pub use outcomes::{Bar, outcomes};
pub use sweep::{SweepPoint, sweep};
pub use trend::{Bands, TrendPoint, trend};
pub use tune::{TunePoint, tune};
