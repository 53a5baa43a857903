//! `hexwar inspect SCENARIO --moves UNIT`: every hex a unit can reach now
//! with its cost and path (`hexwar_engine::reachable`), or why it cannot
//! move (MP-ZOC-6 and the phase rules).

use std::fmt;

use hexwar_engine::action::cite;
use hexwar_engine::movement::can_move;
use hexwar_engine::state::UnitFlags;
use hexwar_engine::{GameState, PhaseKind, Scenario, UnitId, reachable};
use serde::Serialize;

/// One reachable hex.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveLine {
    /// Hex label.
    pub hex: String,
    /// Cost as printed (`1.5`).
    pub cost: String,
    /// Cost as a number.
    pub cost_mp: f64,
    /// The move ends there: the hex is in enemy ZOC (MP-ZOC-6).
    pub stops: bool,
    /// Hexes entered on the way, ending with `hex`.
    pub path: Vec<String>,
}

/// Where a unit can move now, or why it cannot.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Moves {
    /// Unit id.
    pub unit: String,
    /// Unit type name.
    pub unit_type: String,
    /// Side id.
    pub side: String,
    /// Where it stands (label), if on the map.
    pub hex: Option<String>,
    /// Movement points left.
    pub mp_left: String,
    /// Whether it may move at all now.
    pub can_move: bool,
    /// Why not, when it may not.
    pub reason: Option<String>,
    /// Every hex it can reach, cheapest first.
    pub destinations: Vec<MoveLine>,
}

/// Every hex `u` can reach in `state` (`hexwar_engine::reachable`), or the
/// reason it cannot move now.
pub fn moves(scen: &Scenario, state: &GameState, u: UnitId) -> Moves {
    let grid = scen.grid();
    let setup = scen.unit(u);
    let us = state.unit(u);
    let reach = reachable(scen, state, u);
    let destinations = reach
        .destinations
        .iter()
        .map(|d| MoveLine {
            hex: grid.label(d.hex),
            cost: d.cost.to_string(),
            cost_mp: d.cost.as_f64(),
            stops: d.stops,
            path: d.path.iter().map(|&h| grid.label(h)).collect(),
        })
        .collect();
    let movable = can_move(scen, state, u);
    Moves {
        unit: setup.id.clone(),
        unit_type: scen.unit_type(u).name.clone(),
        side: scen.side(setup.side).id.clone(),
        hex: us.on_map().then(|| grid.label(us.hex)),
        mp_left: state.mp_left(scen, u).to_string(),
        can_move: movable,
        reason: (!movable).then(|| why_not(scen, state, u)),
        destinations,
    }
}

/// Why `u` cannot move now, in the order the checks matter to a user.
fn why_not(scen: &Scenario, state: &GameState, u: UnitId) -> String {
    let setup = scen.unit(u);
    let us = state.unit(u);
    let grid = scen.grid();
    let side = &scen.side(setup.side).name;
    let active = &scen.side(state.active_side()).name;
    let phase = state.phase(scen);
    if state.is_over() {
        return "the game is over".into();
    }
    if us.eliminated() {
        return format!("{} has been eliminated", setup.id);
    }
    if !us.hex.is_some() {
        return format!(
            "{} is not on the map yet: it arrives on turn {} at {} (now turn {})",
            setup.id,
            setup.arrives,
            grid.label(setup.hex),
            state.turn()
        );
    }
    if setup.side != state.active_side() {
        return format!(
            "{} belongs to {side}, but it is {active}'s {} phase (turn {}); \
             pass --state FILE with a saved game in {side}'s movement phase",
            setup.id,
            phase.name(),
            state.turn()
        );
    }
    if phase != PhaseKind::Movement {
        return format!(
            "it is {active}'s {} phase (turn {}), not a movement phase",
            phase.name(),
            state.turn()
        );
    }
    if us.has(UnitFlags::MOVE_ENDED) {
        let text = format!(
            "{}'s move ended when it entered enemy ZOC (MP-ZOC-6)",
            setup.id
        );
        return cite(scen, &text);
    }
    format!("{} has no movement points left this phase", setup.id)
}

impl fmt::Display for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.hex.as_deref().unwrap_or("off the map");
        writeln!(
            f,
            "{} ({}, {}) at {at}, {} MP left",
            self.unit, self.unit_type, self.side, self.mp_left
        )?;
        if let Some(r) = &self.reason {
            return writeln!(f, "cannot move now: {r}");
        }
        if self.destinations.is_empty() {
            return writeln!(f, "no hex within reach");
        }
        writeln!(f, "{} hexes within reach:", self.destinations.len())?;
        let w = self
            .destinations
            .iter()
            .map(|d| d.hex.len())
            .max()
            .unwrap_or(4)
            .max(3);
        writeln!(f, "  {:w$}  {:>5}  {:4}  path", "hex", "cost", "stop")?;
        for d in &self.destinations {
            let stop = if d.stops { "ZOC" } else { "" };
            writeln!(
                f,
                "  {:w$}  {:>5}  {stop:4}  {}",
                d.hex,
                d.cost,
                d.path.join(" ")
            )?;
        }
        Ok(())
    }
}
