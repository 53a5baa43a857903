//! The graded model's reusable buffers ([`GradedScratch`]): each side's
//! supply lines and HQs for the last position it was judged in
//! ([`SideLines`]), the search buffers, and the per-unit verdicts of the
//! last judgement.

use super::search::{Element, Marks};
use crate::hex::HexId;
use crate::rules::dijkstra::{Kept, Search};
use crate::rules::sources::PositionKey;
use crate::state::{SupplyState, UnitId};

pub(super) const OPPOSITE: [usize; 6] = [3, 4, 5, 0, 1, 2];

/// Verdict codes in [`GradedScratch`]'s per-unit arrays.
pub(super) const FULL: u8 = 0;
pub(super) const LIMITED: u8 = 1;
pub(super) const OUT: u8 = 2;
pub(super) const SPECIAL: u8 = 3;
/// Reached by an HQ in general supply; full or limited still to be decided.
pub(super) const PENDING: u8 = 4;
pub(super) const NOT_JUDGED: u8 = u8::MAX;

/// Reusable buffers for graded supply judgements.
#[derive(Clone, Debug, Default)]
pub struct GradedScratch {
    /// Per side: its supply lines, HQs and hexes in general supply, kept
    /// for one position (see [`SideLines`]).
    pub(super) sides: [SideLines; 2],
    /// Per side: the searches its traces run on, for the same position.
    pub(super) kept: [Kept; 2],
    pub(super) search: Search,
    /// Units of one class still to be judged.
    pub(super) todo: Vec<u16>,
    /// Per unit: [`FULL`], [`LIMITED`], [`OUT`], [`SPECIAL`] or not judged.
    pub(super) status: Vec<u8>,
    /// Per unit: 1 isolated, 0 not, [`NOT_JUDGED`].
    pub(super) isolated: Vec<u8>,
}

impl GradedScratch {
    /// Sizes the search buffers for `n` hexes.
    pub(super) fn fit(&mut self, n: usize) {
        self.search.fit(n);
    }

    /// Sizes the verdicts for `units` units, none judged.
    pub(super) fn clear_verdicts(&mut self, units: usize) {
        self.status.clear();
        self.status.resize(units, NOT_JUDGED);
        self.isolated.clear();
        self.isolated.resize(units, NOT_JUDGED);
    }

    /// `u`'s status from the last judgement that asked for it.
    pub fn status(&self, u: UnitId) -> Option<SupplyState> {
        code_status(*self.status.get(u.index())?)
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

/// The status a verdict code stands for, `None` for not judged.
pub(super) fn code_status(code: u8) -> Option<SupplyState> {
    match code {
        FULL => Some(SupplyState::Full),
        LIMITED => Some(SupplyState::Limited),
        OUT => Some(SupplyState::Out),
        SPECIAL => Some(SupplyState::Special),
        _ => None,
    }
}

/// What every judgement and trace of one side in one position shares: its
/// supply lines (GS-6), its HQs and which of them are in general supply
/// (GS-3), its usable special sources (GS-1), and, once a line of
/// communication has been asked for, the hexes in general supply (GS-8).
/// The searches its traces run on are kept beside it ([`Kept`]).
///
/// Kept for the position in `key` (the scenario's id and the state's
/// stamp); the first judgement or trace of the side in any other position
/// recomputes it. A position being changed (stamp 0) is never kept.
#[derive(Clone, Debug, Default)]
pub(crate) struct SideLines {
    pub(super) key: Option<PositionKey>,
    pub(super) rail: Element,
    pub(super) road: Element,
    pub(super) hqs: Vec<Hq>,
    /// Hexes holding an HQ in general supply.
    pub(super) hq_hexes: Marks,
    /// How many HQs are in general supply.
    pub(super) general_hqs: usize,
    /// GS-3: nations with an army HQ of their own on the map (a coalition
    /// HQ is not one), as bits.
    pub(super) has_hq: u64,
    /// GS-1: special sources not enemy-held nor blocked.
    pub(super) special: Marks,
    pub(super) any_special: bool,
    /// GS-8: hexes in general supply (valid when `general_done`).
    pub(super) general: Marks,
    /// The same hexes, in the order the LOC search seeds them.
    pub(super) general_list: Vec<u16>,
    pub(super) general_done: bool,
}

impl SideLines {
    pub(super) fn fit(&mut self, n: usize) {
        self.rail.fit(n);
        self.road.fit(n);
        self.hq_hexes.fit(n);
        self.special.fit(n);
        self.general.fit(n);
    }

    /// GS-6: `h` is on one of the side's supply lines.
    pub(super) fn on_line(&self, h: HexId) -> bool {
        self.rail.seen.has(h) || self.road.seen.has(h)
    }
}

/// [`Kept`] searches: the LOC search from the hexes in general supply (GS-8).
pub(super) const KEPT_LOC: u8 = 0;
/// From every HQ in general supply (GS-3), up to `hq_range`.
pub(super) const KEPT_HQS: u8 = 1;
/// From the HQs that give a nation full supply (GS-3), up to `hq_range`.
pub(super) const KEPT_FULL: u8 = 2;
/// From the special sources (GS-1), up to the special range.
pub(super) const KEPT_SPECIAL: u8 = 3;
/// From every HQ in general supply, with no range: how far out of reach.
pub(super) const KEPT_FAR: u8 = 4;

/// The key of a [`Kept`] search: its kind, the movement class whose costs
/// it reads, and the nation (for [`KEPT_FULL`]).
pub(super) fn kept_key(kind: u8, class: u8, nation: u8) -> u32 {
    (kind as u32) << 16 | (class as u32) << 8 | nation as u32
}

/// An HQ of the side being judged.
#[derive(Clone, Copy, Debug)]
pub(super) struct Hq {
    pub(super) unit: UnitId,
    pub(super) hex: HexId,
    pub(super) nation: u8,
    pub(super) coalition: bool,
    /// GS-6: on a supply line.
    pub(super) general: bool,
}
