//! `hexwar html DIR`: a self-contained HTML page of a run folder
//! (`DIR/report.html`, plots inline, no network) ([`crate::html`]).

use std::path::PathBuf;
use std::process::ExitCode;

use super::emit;
use crate::error::Error;
use crate::html;

/// The arguments of `hexwar html`.
#[derive(Clone, Debug, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// The folder: a run (simulate, merge), a balance or tune report, a
    /// sweep, or a report's folder.
    pub dir: PathBuf,
    /// Where to write the page (default: DIR/report.html).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Runs `hexwar html`.
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    let path = html::write(&args.dir, args.out.as_deref())?;
    emit(format_args!("wrote {}\n", path.display()))?;
    Ok(ExitCode::SUCCESS)
}
