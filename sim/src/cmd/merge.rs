//! `hexwar merge`: shard folders combined into the records, summary and
//! plots of one run.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use hexwar_engine::Scenario;

use super::emit_report;
use crate::batch::spec::read_spec;
use crate::batch::{self, BatchReport, RunOutcome};
use crate::error::{Error, UsageError};
use crate::scenario::LoadedScenario;

/// The arguments of `hexwar merge`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The shard folders.
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// The folder for the whole batch.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `hexwar merge`.
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    let (_, outcome) = merge(&args.dirs, &args.out)?;
    // The page a single run's folder has too.
    crate::html::write(&outcome.dir, None)?;
    emit_report(args.json, &BatchReport::new(&outcome))?;
    Ok(ExitCode::SUCCESS)
}

/// Merges shard folders into `out`, the scenario loaded from the first
/// folder's `run.json` (see [`batch::merge()`]).
pub fn merge(dirs: &[PathBuf], out: &Path) -> Result<(Arc<Scenario>, RunOutcome), Error> {
    let Some(first) = dirs.first() else {
        return Err(UsageError::NoShardFolders.into());
    };
    let spec = read_spec(first)?;
    let scen = LoadedScenario::load(&spec.scenario)?.scenario;
    let outcome = batch::merge(&scen, dirs, out)?;
    Ok((scen, outcome))
}
