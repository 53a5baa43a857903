//! `hexwar odds`: the exact outcome distribution of an attack, printed
//! from [`crate::inspect::odds()`].

use std::path::PathBuf;
use std::process::ExitCode;

use super::emit_report;
use crate::error::Error;
use crate::inspect::odds;
use crate::saved::state_or_new;
use crate::scenario::LoadedScenario;

/// The arguments of `hexwar odds`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// A built-in scenario name or a path to a .toml file.
    pub scenario: String,
    /// A saved game (JSON) to read the position from.
    #[arg(long, value_name = "FILE")]
    pub state: Option<PathBuf>,
    /// The attacking hexes: every unit in them attacks.
    #[arg(
        long,
        value_name = "HEX[,HEX...]",
        value_delimiter = ',',
        required = true
    )]
    pub attack: Vec<String>,
    /// The defending hex.
    #[arg(long, value_name = "HEX")]
    pub defend: String,
    /// Air points the attacker commits (MAL-CBT-5).
    #[arg(long, default_value_t = 0)]
    pub air: u8,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `hexwar odds`.
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    let scen = LoadedScenario::load(&args.scenario)?.scenario;
    let st = state_or_new(&scen, args.state.as_deref())?;
    let report = odds(&scen, &st, &args.attack, &args.defend, args.air)?;
    emit_report(args.json, &report)?;
    Ok(ExitCode::SUCCESS)
}
