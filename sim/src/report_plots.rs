//! Placeholder until the plots land.
use std::path::Path;

use anyhow::Result;
use hexwar_engine::Scenario;

use crate::summary::Summary;

/// Writes the plots of a batch.
pub fn write(_scen: &Scenario, _dir: &Path, _s: &Summary) -> Result<()> {
    Ok(())
}
