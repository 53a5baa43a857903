//! A side judged: each unit's status (GS-1, GS-3) and/or whether it is
//! isolated (GS-7, GS-8), in one pass over the side's supply lines (GS-6).

use super::isolation::isolation;
use super::lines::{collect_hqs, lines};
use super::scratch::GradedScratch;
use super::status::statuses;
use crate::rules::movement::Scratch;
use crate::scenario::{Scenario, Side, SupplyState};
use crate::state::{GameState, UnitId};

/// What to judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judge {
    /// GS-1, GS-3: each unit's status.
    pub status: bool,
    /// GS-7, GS-8: whether each unit is isolated.
    pub isolation: bool,
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
    gs.fit(scen.grid().len(), state.units().len());
    let w = g.weather(state.turn());
    lines(scen, state, side, w, ms, gs);
    collect_hqs(scen, state, side, g, gs);
    if what.status {
        statuses(scen, state, side, g, w, ms, gs);
    }
    if what.isolation {
        isolation(scen, state, side, g, w, ms, gs);
    }
}
