//! `hexwar validate FILE`: check a scenario file and summarise it.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use hexwar_engine::scenario::RouteKind;
use hexwar_engine::{Scenario, Side, builtin};
use serde::Serialize;

use super::emit;
use crate::error::Error;
use crate::scenario::{LoadError, scenario_file};

/// The arguments of `hexwar validate`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The scenario file (.toml).
    pub file: PathBuf,
}

/// Runs `hexwar validate`: the summary, or every error on stderr and exit
/// code 1.
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    match validate(&args.file) {
        Ok(report) => emit(report)?,
        Err(LoadError::Invalid(errors)) => {
            eprintln!("{errors}");
            return Ok(ExitCode::from(1));
        }
        Err(e) => return Err(e.into()),
    }
    Ok(ExitCode::SUCCESS)
}

/// What a valid scenario holds, in numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValidateReport {
    /// The file as given.
    pub file: String,
    /// Scenario name.
    pub name: String,
    /// Title.
    pub title: String,
    /// Map columns.
    pub columns: u16,
    /// Map rows.
    pub rows: u16,
    /// Game turns.
    pub turns: u8,
    /// Hexes of each terrain type, in the file's order (types with none included).
    pub terrain: Vec<(String, usize)>,
    /// Per side: name, units at the start, reinforcements.
    pub sides: Vec<SideUnits>,
    /// Routes: kind, name, number of hexes.
    pub routes: Vec<(String, String, usize)>,
    /// Objectives.
    pub objectives: usize,
}

/// One side in a [`ValidateReport`]: its units at the start and later.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideUnits {
    /// Side id.
    pub id: String,
    /// Side name.
    pub name: String,
    /// Units on the map at the start.
    pub units: usize,
    /// Units arriving later.
    pub reinforcements: usize,
}

impl ValidateReport {
    /// Summarises a checked scenario read from `file`.
    pub fn of(scen: &Scenario, file: &str) -> ValidateReport {
        let grid = scen.grid();
        let mut counts = vec![0usize; scen.terrain_types().len()];
        for h in grid.hexes() {
            counts[scen.terrain_index(h)] += 1;
        }
        let terrain = scen
            .terrain_types()
            .iter()
            .zip(counts)
            .map(|(t, n)| (t.name.clone(), n))
            .collect();
        let sides = Side::BOTH
            .into_iter()
            .map(|s| {
                let mine = || scen.units().iter().filter(move |u| u.side == s);
                SideUnits {
                    id: scen.side(s).id.clone(),
                    name: scen.side(s).name.clone(),
                    units: mine().filter(|u| u.arrives <= 1).count(),
                    reinforcements: mine().filter(|u| u.arrives > 1).count(),
                }
            })
            .collect();
        let routes = scen
            .routes()
            .iter()
            .map(|r| (r.kind.name().to_string(), r.name.clone(), r.hexes.len()))
            .collect();
        ValidateReport {
            file: file.to_string(),
            name: scen.name().to_string(),
            title: scen.title().to_string(),
            columns: grid.columns(),
            rows: grid.rows(),
            turns: scen.turns(),
            terrain,
            sides,
            routes,
            objectives: scen.objectives().len(),
        }
    }
}

impl fmt::Display for ValidateReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}: ok", self.file)?;
        writeln!(f, "  scenario   {} ({})", self.name, self.title)?;
        writeln!(
            f,
            "  map        {}x{} ({} hexes), {} turns",
            self.columns,
            self.rows,
            self.columns as usize * self.rows as usize,
            self.turns
        )?;
        let terrain: Vec<String> = self
            .terrain
            .iter()
            .map(|(t, n)| format!("{t} {n}"))
            .collect();
        writeln!(f, "  terrain    {}", terrain.join(", "))?;
        for s in &self.sides {
            write!(
                f,
                "  {:<10} {} {}",
                s.name,
                s.units,
                plural(s.units, "unit")
            )?;
            if s.reinforcements > 0 {
                write!(
                    f,
                    " + {} {}",
                    s.reinforcements,
                    plural(s.reinforcements, "reinforcement")
                )?;
            }
            writeln!(f)?;
        }
        if self.routes.is_empty() {
            writeln!(f, "  routes     none")?;
        } else {
            let mut parts = Vec::new();
            for kind in [RouteKind::Road, RouteKind::Track, RouteKind::Rail] {
                let of_kind: Vec<String> = self
                    .routes
                    .iter()
                    .filter(|(k, _, _)| k == kind.name())
                    .map(|(_, name, n)| format!("{name} ({n} hexes)"))
                    .collect();
                if !of_kind.is_empty() {
                    parts.push(format!(
                        "{} {}: {}",
                        of_kind.len(),
                        kind.name(),
                        of_kind.join(", ")
                    ));
                }
            }
            writeln!(f, "  routes     {}", parts.join("; "))?;
        }
        writeln!(f, "  objectives {}", self.objectives)
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        word.to_string()
    } else {
        format!("{word}s")
    }
}

/// Checks the scenario file at `path`. A path that does not exist but is the
/// name of a built-in scenario checks the embedded file instead.
pub fn validate(path: &Path) -> Result<ValidateReport, LoadError> {
    let file = path.display().to_string();
    if !path.exists() {
        if let Some(result) = builtin::try_load(&file) {
            return result
                .map(|s| ValidateReport::of(&s, &file))
                .map_err(LoadError::Invalid);
        }
    }
    scenario_file(path).map(|s| ValidateReport::of(&s, &file))
}
