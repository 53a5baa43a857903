//! `hexwar status`: how far one run folder, or the shard folders of one
//! batch, have got ([`crate::status`]).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, SystemTime};

use super::emit_report;
use crate::error::Error;
use crate::status;

/// The arguments of `hexwar status`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// One run folder, or the shard folders of one batch.
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// A shard with no new row for this many seconds is stalled.
    #[arg(long, value_name = "SECS", default_value_t = 600)]
    pub stalled_after: u64,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `hexwar status`.
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    let s = status::look(
        &args.dirs,
        SystemTime::now(),
        Duration::from_secs(args.stalled_after),
    )?;
    emit_report(args.json, &s)?;
    Ok(ExitCode::SUCCESS)
}
