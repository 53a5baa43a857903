//! A side judged, or one unit: each unit's status (GS-1, GS-3) and/or
//! whether it is isolated (GS-7, GS-8), over the side's supply lines
//! (GS-6), which are kept per position ([`super::lines::side_lines`]).

use super::isolation::isolation;
use super::lines::side_lines;
use super::scratch::{GradedScratch, code_status};
use super::status::statuses;
use super::unit::{unit_isolated, unit_status};
use crate::hex::HexId;
use crate::rules::movement::Scratch;
use crate::scenario::{Scenario, Side, SupplyState};
use crate::state::{GameState, UnitId};

/// What to judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Judge {
    /// GS-1, GS-3: each unit's status.
    pub status: bool,
    /// GS-7, GS-8: whether each unit is isolated.
    pub isolation: bool,
}

impl Judge {
    /// Status and isolation both.
    pub const ALL: Judge = Judge {
        status: true,
        isolation: true,
    };
    /// Status only.
    pub const STATUS: Judge = Judge {
        status: true,
        isolation: false,
    };
    /// Isolation only.
    pub const ISOLATION: Judge = Judge {
        status: false,
        isolation: true,
    };

    /// Whether a judgement of `self` answers everything `other` asks.
    pub fn covers(self, other: Judge) -> bool {
        (self.status || !other.status) && (self.isolation || !other.isolation)
    }
}

/// GS-2: the U-level a judgement of `status` gives a unit at `level`: full
/// and limited supply carry U0, out of supply climbs one level (U1 the
/// first) up to U8, special supply holds the level.
pub fn u_level_after(status: SupplyState, level: u8) -> u8 {
    match status {
        SupplyState::Full | SupplyState::Limited => 0,
        SupplyState::Out => level.saturating_add(1).clamp(1, 8),
        SupplyState::Special => level,
    }
}

/// Judges `side` in the current position: each unit's status (GS-1, GS-3)
/// and/or whether it is isolated (GS-7, GS-8), as `what` asks, calling
/// `out(unit, status, isolated)` for each unit of the side on the map
/// (`None` for what was not asked). `ms` must be prepared for `state`.
/// Nothing is judged unless the scenario plays the graded model.
pub fn judge_side(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    what: Judge,
    ms: &Scratch,
    gs: &mut GradedScratch,
    mut out: impl FnMut(UnitId, Option<SupplyState>, Option<bool>),
) {
    judge_into(scen, state, side, what, ms, gs);
    for i in 0..gs.status.len() {
        let u = UnitId(i as u16);
        let (s, iso) = (gs.status(u), gs.isolated(u));
        if s.is_some() || iso.is_some() {
            out(u, s, iso);
        }
    }
}

/// [`judge_side`], leaving the answers in `gs`.
pub(crate) fn judge_into(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    what: Judge,
    ms: &Scratch,
    gs: &mut GradedScratch,
) {
    let Some(g) = scen.supply_rules().graded.as_ref() else {
        return;
    };
    gs.fit(scen.grid().len());
    gs.clear_verdicts(state.units().len());
    let w = g.weather(state.turn());
    side_lines(scen, state, side, g, w, ms, gs);
    if what.status {
        statuses(scen, state, side, g, w, ms, gs);
    }
    if what.isolation {
        isolation(scen, state, side, g, w, ms, gs);
    }
}

/// Judges one unit on the map as [`judge_into`] judges its side, by
/// searches from its own hex: `(status, isolated)`, `None` for what was not
/// asked. The side's lines are reused if they hold this position.
pub(crate) fn judge_unit(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    what: Judge,
    ms: &Scratch,
    gs: &mut GradedScratch,
) -> (Option<SupplyState>, Option<bool>) {
    let Some(g) = scen.supply_rules().graded.as_ref() else {
        return (None, None);
    };
    gs.fit(scen.grid().len());
    let w = g.weather(state.turn());
    side_lines(scen, state, scen.unit(u).side, g, w, ms, gs);
    let status = if what.status {
        code_status(unit_status(scen, state, u, g, ms, gs))
    } else {
        None
    };
    let isolated = what
        .isolation
        .then(|| unit_isolated(scen, state, u, g, ms, gs));
    (status, isolated)
}

/// GS-6: calls `f` with every hex on one of `side`'s supply lines in
/// `state` (the hexes where an HQ is in general supply). The side's lines
/// are reused if they hold this position.
pub(crate) fn line_hexes(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    ms: &Scratch,
    gs: &mut GradedScratch,
    mut f: impl FnMut(HexId),
) {
    let Some(g) = scen.supply_rules().graded.as_ref() else {
        return;
    };
    gs.fit(scen.grid().len());
    let w = g.weather(state.turn());
    side_lines(scen, state, side, g, w, ms, gs);
    let sd = &gs.sides[side.index()];
    for &h in sd.rail.order.iter().chain(&sd.road.order) {
        f(HexId(h));
    }
}
