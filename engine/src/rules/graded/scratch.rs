//! The graded model's reusable buffers ([`GradedScratch`]): the search
//! buffers, the side's HQs, and the per-unit verdicts of the last judgement.

use super::search::{Element, Marks, Search};
use crate::hex::HexId;
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
    pub(super) rail: Element,
    pub(super) road: Element,
    pub(super) search: Search,
    /// Hexes in general supply (GS-8 seeds).
    pub(super) general: Marks,
    pub(super) general_list: Vec<u16>,
    pub(super) hqs: Vec<Hq>,
    /// Units of one class still to be judged.
    pub(super) todo: Vec<u16>,
    /// Per unit: [`FULL`], [`LIMITED`], [`OUT`], [`SPECIAL`] or not judged.
    pub(super) status: Vec<u8>,
    /// Per unit: 1 isolated, 0 not, [`NOT_JUDGED`].
    pub(super) isolated: Vec<u8>,
}

impl GradedScratch {
    pub(super) fn fit(&mut self, n: usize, units: usize) {
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
    pub(super) fn on_line(&self, h: HexId) -> bool {
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

/// An HQ of the side being judged.
#[derive(Clone, Copy, Debug)]
pub(super) struct Hq {
    pub(super) unit: UnitId,
    pub(super) hex: HexId,
    pub(super) nation: u8,
    pub(super) coalition: bool,
    pub(super) class: u8,
    /// GS-6: on a supply line.
    pub(super) general: bool,
}
