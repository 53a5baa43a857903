//! `hexwar compare RUN_A RUN_B`: two run folders side by side, each rate's
//! and mean's difference with its 95% interval, and whether the change
//! mattered ([`crate::compare`]).

use std::path::PathBuf;
use std::process::ExitCode;

use super::emit_report;
use crate::compare::CompareReport;
use crate::error::Error;

/// The arguments of `hexwar compare`.
#[derive(Clone, Debug, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// The baseline run folder (simulate, merge, or a level of balance).
    pub a: PathBuf,
    /// The run folder of the change.
    pub b: PathBuf,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `hexwar compare`.
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    let report = CompareReport::new(&args.a, &args.b)?;
    emit_report(args.json, &report)?;
    Ok(ExitCode::SUCCESS)
}
