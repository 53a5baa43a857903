//! GS-10: strategic resource points, spent before the moves of a Movement
//! Phase on one work at most a call, by simple rules:
//!
//! - **repair** a broken rail hex a unit of ours stands on, away from the
//!   enemy (the line feeds our supply and rail moves);
//! - **demolish** a rail hex our unit holds next to the enemy (not one of
//!   our supply sources): the enemy may take it next, and the line would
//!   carry its supply and trains;
//! - **fort** on an objective we hold that the enemy is next to;
//! - **airbase** only when the points would otherwise be lost to the cap,
//!   on a hex away from the enemy.
//!
//! A work ends the unit's move, so it is chosen only where the unit would
//! stay or is not needed elsewhere: units next to the enemy (which hold the
//! line) and units far behind (repairs, airbases).

use hexwar_engine::{Action, GameState, Scenario, UnitId, Work, works};

use super::HeuristicPlayer;

impl HeuristicPlayer {
    /// The work worth doing now, if any (nothing in a scenario without SRPs).
    pub(super) fn work(&mut self, scen: &Scenario, state: &GameState) -> Option<Action> {
        let r = scen.srp()?;
        let side = state.active_side();
        let held = state.srp(side);
        if held == 0 && r.cost.iter().all(|c| c.is_none_or(|c| c > 0)) {
            return None;
        }
        let mut best: Option<(u8, UnitId, Work)> = None;
        for u in state.units_of(scen, side) {
            let h = state.unit(u).hex;
            let adjacent = self.foe_att.get(h.index()).is_some_and(|a| *a > 0.0);
            let near = adjacent || self.near_foe.get(h.index()).is_some_and(|n| *n);
            let ok = |w| works::can_work(scen, state, u, w).is_ok();
            let pick = if ok(Work::Repair) && !near {
                Some((4, Work::Repair))
            } else if ok(Work::Demolish) && adjacent && !scen.sources(side).contains(&h) {
                Some((3, Work::Demolish))
            } else if ok(Work::Fort) && adjacent && scen.objectives().iter().any(|o| o.hex == h) {
                Some((2, Work::Fort))
            } else if ok(Work::Airbase) && !near && held >= r.max {
                Some((1, Work::Airbase))
            } else {
                None
            };
            if let Some((v, w)) = pick {
                if best.is_none_or(|b| v > b.0) {
                    best = Some((v, u, w));
                }
            }
        }
        let (_, unit, work) = best?;
        self.note(format!(
            "{} works: {} at {}",
            scen.unit(unit).id,
            work.name(),
            scen.grid().label(state.unit(unit).hex)
        ));
        Some(Action::Work { unit, work })
    }
}
