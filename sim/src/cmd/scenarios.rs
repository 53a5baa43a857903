//! `hexwar scenarios`: the built-in scenarios, one line each.

use std::fmt;
use std::process::ExitCode;

use hexwar_engine::{Scenario, ScenarioErrors, Side, builtin};
use serde::Serialize;

use super::{emit, emit_json};
use crate::error::Error;

/// The arguments of `hexwar scenarios`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `hexwar scenarios`.
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    let list = list().map_err(Error::BrokenBuiltin)?;
    if args.json {
        emit_json(&list)?;
    } else {
        emit(Table(&list))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// One scenario in a line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScenarioLine {
    /// Short name.
    pub name: String,
    /// Title.
    pub title: String,
    /// Map columns.
    pub columns: u16,
    /// Map rows.
    pub rows: u16,
    /// Game turns.
    pub turns: u8,
    /// Side ids, in turn order.
    pub sides: [String; 2],
    /// Units per side, reinforcements included.
    pub units: [usize; 2],
}

impl ScenarioLine {
    /// The line for a loaded scenario.
    pub fn of(scen: &Scenario) -> ScenarioLine {
        ScenarioLine {
            name: scen.name().to_string(),
            title: scen.title().to_string(),
            columns: scen.grid().columns(),
            rows: scen.grid().rows(),
            turns: scen.turns(),
            sides: Side::BOTH.map(|s| scen.side(s).id.clone()),
            units: units_per_side(scen),
        }
    }
}

/// Units of each side, reinforcements included.
pub fn units_per_side(scen: &Scenario) -> [usize; 2] {
    Side::BOTH.map(|s| scen.units().iter().filter(|u| u.side == s).count())
}

/// Every built-in scenario, in the order of [`builtin::SCENARIOS`].
/// Fails only if an embedded file is broken.
pub fn list() -> Result<Vec<ScenarioLine>, ScenarioErrors> {
    builtin::names()
        .filter_map(builtin::try_load)
        .map(|r| r.map(|s| ScenarioLine::of(&s)))
        .collect()
}

/// The lines as an aligned table.
pub struct Table<'a>(pub &'a [ScenarioLine]);

impl fmt::Display for Table<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name_w = self.0.iter().map(|l| l.name.len()).max().unwrap_or(0);
        let title_w = self
            .0
            .iter()
            .map(|l| l.title.chars().count())
            .max()
            .unwrap_or(0);
        for l in self.0 {
            let size = format!("{}x{}", l.columns, l.rows);
            writeln!(
                f,
                "{:name_w$}  {:title_w$}  {size:>7}  {:>3} turns  units {} {} / {} {}",
                l.name, l.title, l.turns, l.sides[0], l.units[0], l.sides[1], l.units[1]
            )?;
        }
        Ok(())
    }
}
