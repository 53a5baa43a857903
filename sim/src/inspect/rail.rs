//! `hexwar inspect SCENARIO --rail UNIT`: where a unit could go by rail now
//! (MAL-RAIL-1, MAL-RAIL-4), or why it may not rail-move (MAL-RAIL-2,
//! MAL-RAIL-3).

use std::fmt;

use hexwar_engine::action::cite;
use hexwar_engine::movement::Scratch;
use hexwar_engine::rail::{self, NoRail};
use hexwar_engine::{GameState, PhaseKind, Scenario, UnitId};
use serde::Serialize;

/// One hex reachable by rail.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RailLine {
    /// Hex label.
    pub hex: String,
    /// Rail hexes entered to get there.
    pub rail_hexes: u16,
    /// Hexes entered on the way, ending with `hex`.
    pub path: Vec<String>,
}

/// Where a unit could move by rail now, or why it may not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RailReport {
    /// Unit id.
    pub unit: String,
    /// Unit type name.
    pub unit_type: String,
    /// Side id.
    pub side: String,
    /// Where it stands (label), if on the map.
    pub hex: Option<String>,
    /// Rail moves its side has made this phase.
    pub rail_used: u8,
    /// Rail moves its side may make per phase (MAL-RAIL-2).
    pub rail_capacity: u8,
    /// Whether it may move by rail now ([`rail::eligibility`]).
    pub can_rail: bool,
    /// Why not, when it may not.
    pub reason: Option<String>,
    /// Every hex it could reach, fewest rail hexes first.
    pub destinations: Vec<RailLine>,
}

/// Every hex `u` could reach by rail in `state` with its path
/// ([`rail::destinations`], [`rail::path`]), or why it may not rail-move
/// ([`rail::eligibility`]).
pub fn rail(scen: &Scenario, state: &GameState, u: UnitId) -> RailReport {
    let grid = scen.grid();
    let setup = scen.unit(u);
    let us = state.unit(u);
    let eligible = rail::eligibility(scen, state, u);
    let mut destinations = Vec::new();
    if eligible.is_ok() {
        let mut ms = Scratch::new(scen);
        ms.prepare(scen, state);
        let mut found = Vec::new();
        rail::destinations(scen, state, &ms, u, |h, n| found.push((h, n)));
        destinations = found
            .into_iter()
            .map(|(h, n)| RailLine {
                hex: grid.label(h),
                rail_hexes: n,
                path: rail::path(scen, state, &ms, u, h)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|p| grid.label(p))
                    .collect(),
            })
            .collect();
    }
    RailReport {
        unit: setup.id.clone(),
        unit_type: scen.unit_type(u).name.clone(),
        side: scen.side(setup.side).id.clone(),
        hex: us.on_map().then(|| grid.label(us.hex)),
        rail_used: state.rail_used(),
        rail_capacity: scen.rail_capacity(setup.side),
        can_rail: eligible.is_ok(),
        reason: eligible.err().map(|e| why_not(scen, state, u, e)),
        destinations,
    }
}

/// [`NoRail::describe`], and for the wrong phase what to do about it.
fn why_not(scen: &Scenario, state: &GameState, u: UnitId, e: NoRail) -> String {
    let text = cite(scen, e.describe());
    if e != NoRail::NotRailPhase {
        return text;
    }
    let side = &scen.side(scen.unit(u).side).name;
    if state.is_over() {
        return format!("{text}: the game is over");
    }
    if !scen.phases().contains(&PhaseKind::Rail) {
        return format!("{text}: scenario {} has no Rail Phase", scen.name());
    }
    format!(
        "{text}: it is {}'s {} phase (turn {}); pass --state FILE with a game saved in {side}'s Rail Phase",
        scen.side(state.active_side()).name,
        state.phase(scen).name(),
        state.turn()
    )
}

impl fmt::Display for RailReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.hex.as_deref().unwrap_or("off the map");
        write!(
            f,
            "{} ({}, {}) at {at}",
            self.unit, self.unit_type, self.side
        )?;
        if let Some(r) = &self.reason {
            return writeln!(f, "\ncannot move by rail now: {r}");
        }
        writeln!(
            f,
            "; {} of {} rail moves used this phase",
            self.rail_used, self.rail_capacity
        )?;
        if self.destinations.is_empty() {
            return writeln!(f, "no hex within reach by rail");
        }
        writeln!(f, "{} hexes within reach by rail:", self.destinations.len())?;
        let w = self
            .destinations
            .iter()
            .map(|d| d.hex.len())
            .max()
            .unwrap_or(0)
            .max(3);
        writeln!(f, "  {:w$}  {:>4}  path", "hex", "rail")?;
        for d in &self.destinations {
            writeln!(
                f,
                "  {:w$}  {:>4}  {}",
                d.hex,
                d.rail_hexes,
                d.path.join(" ")
            )?;
        }
        Ok(())
    }
}
