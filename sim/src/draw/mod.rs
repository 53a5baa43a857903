//! Drawing: the charts of a batch and of a sweep (plotters, each written as
//! PNG and SVG from one drawing), the heat map of where steps were lost,
//! and the scenario's map as hand-written SVG.

pub mod batch_plots;
mod figure;
pub mod heat_map;
pub mod histograms;
pub mod map_svg;
pub mod outcomes;
pub mod sweep;

pub use figure::PlotError;
pub use heat_map::heat_map;
pub use histograms::{Series, histograms};
pub use outcomes::{Bar, outcomes};
pub use sweep::{SweepPoint, sweep};
