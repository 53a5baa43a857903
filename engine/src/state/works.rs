//! GS-10: the works a position holds, as bits of the per-hex control word
//! (so a [`GameState`] still clones in two allocations): a broken rail
//! line, a built fort, a built airbase; and the accessors players read.

use super::GameState;
use crate::hex::HexId;
use crate::scenario::{Scenario, Side};

/// GS-10: the rail line through the hex is broken.
pub(crate) const RAIL_BROKEN: u16 = 0x100;
/// GS-10: a fort has been built in the hex.
pub(crate) const FORT_BUILT: u16 = 0x200;
/// GS-10: an airbase has been built in the hex.
pub(crate) const AIRBASE_BUILT: u16 = 0x400;

impl GameState {
    /// GS-10: strategic resource points `side` holds.
    pub fn srp(&self, side: Side) -> u16 {
        self.srp[side.index()]
    }

    /// GS-10: works the phasing side has done this player-turn.
    pub fn works_done(&self) -> u8 {
        self.works_done
    }

    /// GS-10: whether the rail line through `h` is broken: no rail move
    /// enters, leaves or passes it, and no supply is traced along it there.
    #[inline]
    pub fn rail_broken(&self, h: HexId) -> bool {
        self.control[h.index()] & RAIL_BROKEN != 0
    }

    /// GS-10: whether a fort has been built in `h` (see [`GameState::is_fort`]).
    #[inline]
    pub fn fort_built(&self, h: HexId) -> bool {
        self.control[h.index()] & FORT_BUILT != 0
    }

    /// GS-10: whether an airbase has been built in `h`.
    #[inline]
    pub fn airbase_built(&self, h: HexId) -> bool {
        self.control[h.index()] & AIRBASE_BUILT != 0
    }

    /// Whether `h` is a fort: the scenario's, or one built (GS-10).
    #[inline]
    pub fn is_fort(&self, scen: &Scenario, h: HexId) -> bool {
        scen.is_fort(h) || self.fort_built(h)
    }

    /// Hexes holding any of the works `bits` ([`RAIL_BROKEN`], ...), in hex order.
    pub(crate) fn works_hexes(&self, bits: u16) -> impl Iterator<Item = HexId> + '_ {
        self.control
            .iter()
            .enumerate()
            .filter(move |(_, c)| *c & bits != 0)
            .map(|(i, _)| HexId(i as u16))
    }

    /// Hexes whose rail line is broken, in hex order.
    pub fn broken_rail(&self) -> impl Iterator<Item = HexId> + '_ {
        self.works_hexes(RAIL_BROKEN)
    }

    /// Hexes with a built fort, in hex order.
    pub fn built_forts(&self) -> impl Iterator<Item = HexId> + '_ {
        self.works_hexes(FORT_BUILT)
    }

    /// Hexes with a built airbase, in hex order.
    pub fn built_airbases(&self) -> impl Iterator<Item = HexId> + '_ {
        self.works_hexes(AIRBASE_BUILT)
    }
}
