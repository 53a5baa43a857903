//! `hexwar inspect SCENARIO`: asks the rules about a position (where a unit
//! can move, a side's ZOC, every unit's supply, where a unit can go by
//! rail) and prints the report ([`crate::inspect`]).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::ArgGroup;

use super::emit_report;
use crate::error::Error;
use crate::inspect::{self, find_side, find_unit};
use crate::saved::state_or_new;
use crate::scenario::LoadedScenario;

/// The arguments of `hexwar inspect`: one question at a time.
#[derive(Clone, Debug, clap::Args)]
#[command(group(ArgGroup::new("what").required(true).args(["moves", "zoc", "supply", "rail"])))]
pub struct Args {
    /// Built-in scenario name or .toml path.
    pub scenario: String,
    /// A saved game (JSON); default: a new game, turn 1.
    #[arg(long, value_name = "FILE")]
    pub state: Option<PathBuf>,
    /// Every hex this unit (by id) can reach now.
    #[arg(long, value_name = "UNIT")]
    pub moves: Option<String>,
    /// The hexes in this side's ZOC (id, name, 0 or 1).
    #[arg(long, value_name = "SIDE")]
    pub zoc: Option<String>,
    /// Every unit's supply: as judged in the last Supply Phase, and the
    /// path it can trace now or why it cannot.
    #[arg(long)]
    pub supply: bool,
    /// With --supply: only this side's units (id, name, 0 or 1).
    #[arg(long, value_name = "SIDE", requires = "supply")]
    pub side: Option<String>,
    /// Every hex this unit (by id) can reach by rail now, or why it cannot.
    #[arg(long, value_name = "UNIT")]
    pub rail: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `hexwar inspect`.
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    let scen = LoadedScenario::load(&args.scenario)?.scenario;
    let st = state_or_new(&scen, args.state.as_deref())?;
    let json = args.json;
    if let Some(id) = &args.moves {
        let report = inspect::moves(&scen, &st, find_unit(&scen, id)?);
        emit_report(json, &report)?;
    } else if let Some(side) = &args.zoc {
        let report = inspect::zoc(&scen, &st, find_side(&scen, side)?);
        emit_report(json, &report)?;
    } else if args.supply {
        let side = args
            .side
            .as_deref()
            .map(|s| find_side(&scen, s))
            .transpose()?;
        let report = inspect::supply(&scen, &st, side);
        if let Some(note) = report.note().filter(|_| json) {
            eprintln!("hexwar: {note}");
        }
        emit_report(json, &report)?;
    } else if let Some(id) = &args.rail {
        let report = inspect::rail(&scen, &st, find_unit(&scen, id)?);
        emit_report(json, &report)?;
    }
    Ok(ExitCode::SUCCESS)
}
