//! GS-10: strategic resource points (SRPs) and the works they pay for.
//!
//! The source says only that SRPs "represent the ability of a side to build
//! or repair permanent structures such as fortifications, airbases, or rail
//! lines", shown by markers per side; the rule it points to is missing.
//! The readings taken (docs/RULES.md, GS-10):
//!
//! - Each side holds SRPs: a stock at the start and an income at the start
//!   of each of its player-turns (the first included), capped (`[srp]`).
//! - A work is done by one unit of the phasing side in its own hex in the
//!   Movement Phase, before or after it moves, and ends its move. Building
//!   and repairing need the unit not out of supply; demolition does not
//!   (the retreating side blows the line). Each work costs the SRPs the
//!   scenario gives it (a work without a cost is not allowed) and a side
//!   does at most `per_turn` works per player-turn; a scenario may keep a
//!   work to one side.
//! - Demolish breaks the rail line in the hex; repair mends it. A broken
//!   hex stops rail movement (no rail move enters, leaves or passes it) and
//!   every supply trace along the rail (the binary model's road/rail leg,
//!   the graded model's rail element); a road through the hex still
//!   serves. Normal movement along the line is not changed.
//! - A built fort is a field fortification: its defenders get the
//!   scenario's fort multiplier (MAL-CBT-4's `fort`) and count as in strong
//!   terrain for the defender's air point (MAL-CBT-5), as in a scenario
//!   fort. The Napoleonic fortress rules (MP-ZOC-5: a fort's own ZOC and
//!   ZOC immunity; no retreat or charge into an enemy fort) stay with the
//!   scenario's forts: they are the rules of a walled place, not of works
//!   a side digs in a turn.
//! - A built airbase gives its controller `airbase_air` air points each
//!   game turn (MAL-CBT-5), while it controls the hex.

use crate::event::{Event, EventSink};
use crate::scenario::{PhaseKind, RouteKind, Scenario, Side, Work};
use crate::state::{AIRBASE_BUILT, FORT_BUILT, GameState, RAIL_BROKEN, UnitFlags, UnitId};

pub use crate::action::NoWork;

/// Whether `u` may do `work` now, and if not why.
pub fn can_work(scen: &Scenario, state: &GameState, u: UnitId, work: Work) -> Result<(), NoWork> {
    let Some(r) = scen.srp() else {
        return Err(NoWork::NotInScenario);
    };
    let Some(cost) = r.cost(work) else {
        return Err(NoWork::NotInScenario);
    };
    let side = scen.unit(u).side;
    if r.sides[work.index()] & (1 << side.index()) == 0 {
        return Err(NoWork::NotThisSide);
    }
    if state.is_over() || state.phase(scen) != PhaseKind::Movement || state.active_side() != side {
        return Err(NoWork::NotMovementPhase);
    }
    let us = state.unit(u);
    if !us.on_map() {
        return Err(NoWork::NotOnMap);
    }
    if us.has(UnitFlags::MOVE_ENDED) {
        return Err(NoWork::MoveEnded);
    }
    // GS-1: a unit not in general supply (special supply too) is out of supply.
    if work != Work::Demolish && !us.in_general_supply() {
        return Err(NoWork::OutOfSupply);
    }
    if state.works_done >= r.per_turn {
        return Err(NoWork::LimitReached);
    }
    let h = us.hex;
    match work {
        Work::Fort if state.is_fort(scen, h) => return Err(NoWork::AlreadyBuilt),
        Work::Airbase if state.airbase_built(h) => return Err(NoWork::AlreadyBuilt),
        Work::Repair | Work::Demolish if !scen.has_route(h, RouteKind::Rail) => {
            return Err(NoWork::NoRail);
        }
        Work::Repair if !state.rail_broken(h) => return Err(NoWork::RailState),
        Work::Demolish if state.rail_broken(h) => return Err(NoWork::RailState),
        _ => {}
    }
    let left = state.srp(side);
    if cost > left {
        return Err(NoWork::NoPoints { cost, left });
    }
    Ok(())
}

/// Every work `u` may do now, to `f`.
pub fn for_each_work(scen: &Scenario, state: &GameState, u: UnitId, mut f: impl FnMut(Work)) {
    if scen.srp().is_none() {
        return;
    }
    for w in Work::ALL {
        if can_work(scen, state, u, w).is_ok() {
            f(w);
        }
    }
}

/// GS-10: air points the airbases `side` controls give it each game turn.
pub fn airbase_air(scen: &Scenario, state: &GameState, side: Side) -> u8 {
    let per = scen.srp().map_or(0, |r| r.airbase_air) as usize;
    if per == 0 {
        return 0;
    }
    let n = state
        .built_airbases()
        .filter(|h| state.control(*h) == Some(side))
        .count();
    (n * per).min(u8::MAX as usize) as u8
}

impl GameState {
    /// GS-10: `u` does `work` (checked by [`can_work`]): SRPs spent, the
    /// work marked in its hex, its move over.
    pub(crate) fn do_work(
        &mut self,
        scen: &Scenario,
        u: UnitId,
        work: Work,
        sink: &mut impl EventSink,
    ) {
        let side = scen.unit(u).side;
        let cost = scen.srp().and_then(|r| r.cost(work)).unwrap_or(0);
        let left = self.srp[side.index()].saturating_sub(cost);
        self.srp[side.index()] = left;
        self.works_done = self.works_done.saturating_add(1);
        let hex = self.units[u.index()].hex;
        let c = &mut self.control[hex.index()];
        match work {
            Work::Fort => *c |= FORT_BUILT,
            Work::Airbase => *c |= AIRBASE_BUILT,
            Work::Repair => *c &= !RAIL_BROKEN,
            Work::Demolish => *c |= RAIL_BROKEN,
        }
        self.units[u.index()].flags |= UnitFlags::MOVED | UnitFlags::MOVE_ENDED;
        sink.push(Event::Worked {
            unit: u,
            hex,
            work,
            cost,
            left,
        });
    }

    /// GS-10 at the start of a player-turn: no works done yet, the phasing
    /// side's income (up to the cap), and at the start of a game turn each
    /// side's airbases' air points (MAL-CBT-5).
    pub(crate) fn begin_works(&mut self, scen: &Scenario) {
        let Some(r) = scen.srp() else {
            return;
        };
        self.works_done = 0;
        let s = self.active_side().index();
        self.srp[s] = self.srp[s].saturating_add(r.income[s]).min(r.max);
        if self.player == 0 {
            for side in Side::BOTH {
                let extra = airbase_air(scen, self, side);
                let a = &mut self.air[side.index()];
                *a = a.saturating_add(extra);
            }
        }
    }
}
