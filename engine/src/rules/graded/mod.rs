//! Graded supply (GS-1..8): full, limited, out of supply with U-levels, and
//! special supply, drawn from headquarters (HQs) that are themselves on a
//! supply line; isolation by lines of communication.
//!
//! A whole side is judged at once, as in [`crate::rules::supply`]:
//!
//! 1. **GS-6 supply lines**: one breadth-first search along rail hexsides
//!    from the side's sources (at most the weather's `rail` hexes), then one
//!    along road hexsides from every hex that reached (at most `road`
//!    hexes). No hex on either element may hold an enemy unit, lie in enemy
//!    ZOC with no friendly unit in it, or be enemy-controlled (as MAL-SUP-3/4).
//!    An HQ standing on a hex so reached is **in general supply**.
//! 2. **GS-3 unit status**: per movement class, one multi-source Dijkstra
//!    backwards from the HQs in general supply, up to the weather's
//!    `hq_range` in movement points by that class's normal costs, blocked by
//!    enemy units and uncovered enemy ZOC. A unit reached is in general
//!    supply; whether full or limited depends on whose HQ it reaches, so a
//!    second search from the HQs that give it full supply runs only for the
//!    nations that need it. Units not reached try the special sources
//!    (GS-1) the same way.
//! 3. **GS-8 lines of communication**: the hexes in general supply (the
//!    supply lines, and every hex within `hq_range` of an HQ in general
//!    supply by the HQ's own costs) seed one more Dijkstra, with the costs of
//!    the scenario's `loc_class`, up to three times `hq_range`. A unit not
//!    reached is isolated (GS-7).
//!
//! Every search runs on dense arrays with generation stamps in a reusable
//! [`GradedScratch`]: nothing is allocated per judgement once warm.
//!
//! Interpretations, where the rule text leaves room:
//!
//! - GS-6: an HQ must stand on the supply line itself (no overland leg);
//!   the line runs rail first, then road, never back onto rail; tracks carry
//!   no supply. A source blocked or enemy-held gives nothing.
//! - GS-3: an HQ in general supply is in full supply itself. An HQ not in
//!   general supply traces to another HQ like any unit, but gives no supply.
//!   A nation "has an HQ in the theatre" while one of its HQs is on the map,
//!   in supply or not.
//! - GS-8: a line of communication pays the `loc_class` movement costs (road
//!   rate along roads). It may not enter a hex holding an enemy unit, nor an
//!   enemy-controlled hex or terrain closed to that class, except that a hex
//!   with a friendly unit can always be traced through (at 1 MP where its
//!   terrain is closed). An enemy ZOC hex adds `zoc_cost` whoever stands in
//!   it; a friendly unit standing in enemy ZOC adds 1 MP more (MP-ZOC-7).
//! - GS-2: only the phasing side is judged, in its Supply Phase, so a level
//!   holds through the enemy's player-turn (see `graded_supply_phase` in
//!   `game.rs`). Out of supply climbs one level per judgement (U1 the
//!   first); limited and full carry U0; special supply holds the level.
//! - GS-4: points are spent by an action in the side's own Movement Phase,
//!   on a unit judged in limited or special supply (a unit out of supply has
//!   no line to carry them); the unit is in full supply, U0, until its next
//!   judgement. Points come in at each of the side's supply judgements and
//!   carry over. Attacks costing points wait for the combat rules.
//! - GS-7: both sides are judged for combat isolation as each Combat Phase
//!   begins; the phasing side for supply isolation at its supply judgement.
//!   The markers live in [`crate::state::UnitFlags`] and hold until judged
//!   again; `isolated_losses` is kept for the combat rules.

//!
//! # Files
//!
//! - `search`: the search buffers (generation-stamped sets, breadth-first
//!   line elements, a bucket-queue Dijkstra).
//! - `lines`: GS-6 supply lines and the side's HQs.
//! - `status`: GS-1, GS-3, each unit's status.
//! - `isolation`: GS-7, GS-8, lines of communication.
//! - `explain`: a unit's graded supply explained, for people.
//! - `spend`: GS-4, spending supply points.
//!
//! The sources and the blocking rule it shares with the binary model live
//! in [`crate::rules::sources`].

use crate::hex::HexId;
use crate::rules::movement::Scratch;
use crate::scenario::{Scenario, Side};
use crate::state::{GameState, SupplyState, UnitId};

mod explain;
mod isolation;
mod lines;
mod search;
mod spend;
mod status;

pub(crate) use explain::trace;
pub use spend::can_spend;

pub use crate::action::NoSpend;

use isolation::isolation;
use lines::{Hq, collect_hqs, lines};
use search::{Element, Marks, Search};
use status::statuses;

const NONE16: u16 = u16::MAX;
const OPPOSITE: [usize; 6] = [3, 4, 5, 0, 1, 2];

/// Verdict codes in [`GradedScratch`]'s per-unit arrays.
const FULL: u8 = 0;
const LIMITED: u8 = 1;
const OUT: u8 = 2;
const SPECIAL: u8 = 3;
/// Reached by an HQ in general supply; full or limited still to be decided.
const PENDING: u8 = 4;
const NOT_JUDGED: u8 = u8::MAX;

/// Reusable buffers for graded supply judgements.
#[derive(Clone, Debug, Default)]
pub struct GradedScratch {
    rail: Element,
    road: Element,
    search: Search,
    /// Hexes in general supply (GS-8 seeds).
    general: Marks,
    general_list: Vec<u16>,
    hqs: Vec<Hq>,
    /// Units of one class still to be judged.
    todo: Vec<u16>,
    /// Per unit: [`FULL`], [`LIMITED`], [`OUT`], [`SPECIAL`] or not judged.
    status: Vec<u8>,
    /// Per unit: 1 isolated, 0 not, [`NOT_JUDGED`].
    isolated: Vec<u8>,
}

impl GradedScratch {
    fn fit(&mut self, n: usize, units: usize) {
        self.rail.fit(n);
        self.road.fit(n);
        self.search.fit(n);
        self.general.fit(n);
        self.status.clear();
        self.status.resize(units, NOT_JUDGED);
        self.isolated.clear();
        self.isolated.resize(units, NOT_JUDGED);
    }

    /// GS-6: `h` is on one of the side's supply lines (after a judgement).
    fn on_line(&self, h: HexId) -> bool {
        self.rail.seen.has(h) || self.road.seen.has(h)
    }

    /// `u`'s status from the last judgement that asked for it.
    pub fn status(&self, u: UnitId) -> Option<SupplyState> {
        match *self.status.get(u.index())? {
            FULL => Some(SupplyState::Full),
            LIMITED => Some(SupplyState::Limited),
            OUT => Some(SupplyState::Out),
            SPECIAL => Some(SupplyState::Special),
            _ => None,
        }
    }

    /// Whether `u` was isolated at the last judgement that asked.
    pub fn isolated(&self, u: UnitId) -> Option<bool> {
        match *self.isolated.get(u.index())? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
}

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
