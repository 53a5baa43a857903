//! `hexwar show SCENARIO`: what a scenario is, in text (and, through
//! [`crate::draw::map_svg`], as a map).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use hexwar_engine::{GameState, Scenario, Side, UnitId};

use super::emit;
use crate::counter::counter_values;
use crate::draw::map_svg;
use crate::error::Error;
use crate::files;
use crate::saved::state_file;
use crate::scenario::LoadedScenario;

/// The arguments of `hexwar show`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// Built-in scenario name or .toml path.
    pub scenario: String,
    /// Write the map as SVG to this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// A saved game (JSON) to show instead of the set-up.
    #[arg(long, value_name = "FILE")]
    pub state: Option<PathBuf>,
}

/// Runs `hexwar show`.
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    let scen = LoadedScenario::load(&args.scenario)?.scenario;
    let st = args
        .state
        .as_deref()
        .map(|p| state_file(&scen, p))
        .transpose()?;
    emit(summary(&scen, st.as_ref()))?;
    if let Some(path) = &args.svg {
        files::write(path, map_svg::render(&scen, st.as_ref()))?;
        eprintln!("map written to {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// The text summary: title, description, sides, map, turns, phases,
/// stacking, objectives, and every unit with its set-up hex or arrival turn.
/// With a saved game, also where the game stands and where units are now.
pub fn summary(scen: &Scenario, state: Option<&GameState>) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = write_summary(&mut out, scen, state);
    out
}

fn write_summary(out: &mut String, scen: &Scenario, state: Option<&GameState>) -> std::fmt::Result {
    let grid = scen.grid();
    writeln!(out, "{} ({})", scen.title(), scen.name())?;
    if !scen.description().trim().is_empty() {
        for line in scen.description().trim().lines() {
            writeln!(out, "  {}", line.trim())?;
        }
    }
    writeln!(out)?;
    let sides: Vec<String> = Side::BOTH
        .iter()
        .map(|&s| format!("{} ({})", scen.side(s).name, scen.side(s).id))
        .collect();
    writeln!(out, "sides     {} moves first, then {}", sides[0], sides[1])?;
    writeln!(out, "map       {}x{} hexes", grid.columns(), grid.rows())?;
    write!(out, "turns     {}", scen.turns())?;
    if !scen.turn_length().is_empty() {
        write!(out, " of {}", scen.turn_length())?;
    }
    writeln!(out)?;
    let phases: Vec<&str> = scen.phases().iter().map(|p| p.name()).collect();
    writeln!(out, "phases    {}", phases.join(", "))?;
    writeln!(out, "stacking  {} per hex", scen.stacking())?;
    let v = scen.victory();
    writeln!(
        out,
        "victory   {} VP per enemy step; decisive by {}, marginal by {}",
        v.step_vp, v.decisive, v.marginal
    )?;
    if scen.objectives().is_empty() {
        writeln!(out, "objectives none")?;
    } else {
        writeln!(out, "objectives")?;
        for o in scen.objectives() {
            let who = o
                .side
                .map_or(String::new(), |s| format!(" ({} only)", scen.side(s).name));
            let label = grid.label(o.hex);
            let name = match o.name.as_str() {
                "" => scen.place_name(o.hex).unwrap_or(""),
                n if n == label => scen.place_name(o.hex).unwrap_or(""),
                n => n,
            };
            writeln!(out, "  {label}  {name:<20} {:>3} VP{who}", o.vp)?;
        }
    }
    write_game(out, scen, state)?;
    write_units(out, scen, state)
}

/// Where a saved game stands: turn, phase, VP and its result.
fn write_game(out: &mut String, scen: &Scenario, state: Option<&GameState>) -> std::fmt::Result {
    if let Some(st) = state {
        writeln!(out)?;
        write!(
            out,
            "game      turn {}, {} {} phase",
            st.turn(),
            scen.side(st.active_side()).name,
            st.phase(scen).name()
        )?;
        let vp = st.victory_points(scen);
        writeln!(
            out,
            "; VP {} {}, {} {}",
            scen.side(Side(0)).name,
            vp[0],
            scen.side(Side(1)).name,
            vp[1]
        )?;
        if let Some(r) = st.result() {
            match r.winner {
                Some(w) => writeln!(
                    out,
                    "result    {} {} victory",
                    scen.side(w).name,
                    r.level.name()
                )?,
                None => writeln!(out, "result    draw")?,
            }
        }
    }
    Ok(())
}

/// Every unit of each side: id, type, counter values, hex or arrival, steps.
fn write_units(out: &mut String, scen: &Scenario, state: Option<&GameState>) -> std::fmt::Result {
    let grid = scen.grid();
    for s in Side::BOTH {
        let units: Vec<UnitId> = (0..scen.units().len())
            .map(|i| UnitId(i as u16))
            .filter(|&u| scen.unit(u).side == s)
            .collect();
        writeln!(out)?;
        writeln!(out, "{} ({} units)", scen.side(s).name, units.len())?;
        let id_w = units
            .iter()
            .map(|&u| scen.unit(u).id.len())
            .max()
            .unwrap_or(0);
        let ty_w = units
            .iter()
            .map(|&u| scen.unit_type(u).name.chars().count())
            .max()
            .unwrap_or(0);
        for u in units {
            let setup = scen.unit(u);
            let ty = scen.unit_type(u);
            let steps = state.map_or(setup.steps, |st| st.unit(u).steps);
            let values = counter_values(scen, u, steps.max(1));
            let place = match state {
                Some(st) if st.unit(u).eliminated() => "eliminated".to_string(),
                Some(st) if st.unit(u).hex.is_some() => grid.label(st.unit(u).hex),
                Some(_) => format!(
                    "arrives turn {} at {}",
                    setup.arrives,
                    grid.label(setup.hex)
                ),
                None if setup.arrives > 1 => {
                    format!("turn {} at {}", setup.arrives, grid.label(setup.hex))
                }
                None => grid.label(setup.hex),
            };
            let steps_note = if ty.steps() > 1 {
                format!(" {steps}/{} steps", ty.steps())
            } else {
                String::new()
            };
            writeln!(
                out,
                "  {:id_w$}  {:ty_w$}  {values:>7}  {place}{steps_note}",
                setup.id, ty.name
            )?;
        }
    }
    Ok(())
}
