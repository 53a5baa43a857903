//! What the heuristic meant to do this player-turn, in words for people:
//! targets, supply cuts sought, units pulled back, rail moves, charges.

use hexwar_engine::{GameState, HexId, Scenario, UnitId};

use super::HeuristicPlayer;

/// Expected losses in words: steps, and morale too where an attack can
/// cost it (MP-CHG-5), so an attack whose losses are morale does not read
/// as costing nothing.
pub(super) fn losses(steps: f64, morale: f64) -> String {
    if morale > 0.0 {
        format!("{steps:.2} steps and {morale:.2} morale")
    } else {
        format!("{steps:.2} steps")
    }
}

impl HeuristicPlayer {
    /// The intent of the current (or last) player-turn, for people.
    pub fn explain(&self) -> Vec<String> {
        self.intent.clone()
    }

    /// Says why `u` goes to `to`, when it cuts or pulls back.
    pub(super) fn note_move(&mut self, scen: &Scenario, state: &GameState, u: UnitId, to: HexId) {
        let here = state.unit(u).hex;
        let cut = self.cut_value(to);
        if cut > 0 {
            self.note(format!(
                "{} to {}: cuts the supply of {} enemy step(s)",
                scen.unit(u).id,
                scen.grid().label(to),
                cut
            ));
        }
        let c = scen.unit_type(u).class as usize;
        let thr = self.threshold(scen, state, u);
        if self.supply_dist(c, here, true) > thr && self.supply_dist(c, to, true) <= thr {
            self.note(format!(
                "{} pulled back from {} to {}: would be cut off",
                scen.unit(u).id,
                scen.grid().label(here),
                scen.grid().label(to)
            ));
        }
    }

    /// Adds a line to this player-turn's intent (at most 64).
    pub(super) fn note(&mut self, s: String) {
        if self.intent.len() < 64 {
            self.intent.push(s);
        }
    }
}
