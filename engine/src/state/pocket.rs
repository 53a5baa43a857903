//! GS-9: the pools of replacement points (RPs) and eliminated units: each
//! side's front pool, and one isolated pool per pocket ([`Pocket`], up to
//! [`MAX_POCKETS`] at once, both sides together: the rule's "Pool A, B, C"
//! markers). A pocket's hexes are marked in the control byte
//! ([`super::GameState`]'s `control`), so a state still clones in two
//! allocations; an eliminated unit's pool is [`super::UnitState::pool`].

use std::hash::{Hash, Hasher};

use crate::scenario::Side;

/// Pockets at once, both sides together (the pocket bits of a control byte
/// hold slot + 1 in three bits).
pub const MAX_POCKETS: usize = 7;

/// Control byte: the controlling side (`1 + side`, 0 none).
pub(crate) const CONTROL_SIDE: u16 = 0x03;
/// Control byte: the hex was judged isolated for its controller at that
/// side's last isolation judgement (GS-7, GS-8).
pub(crate) const HEX_ISOLATED: u16 = 0x04;
/// Control byte: the pocket the hex belongs to, slot + 1 (0 none), at
/// [`POCKET_SHIFT`].
pub(crate) const POCKET_BITS: u16 = 0x38;
/// Control byte: the shift of [`POCKET_BITS`].
pub(crate) const POCKET_SHIFT: u16 = 3;

/// One isolated pocket's pool (an unused slot has `side` [`Pocket::FREE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pocket {
    /// The side whose pocket it is (`Side.0`), or [`Pocket::FREE`].
    pub side: u8,
    /// Replacement points in its pool.
    pub rp: u16,
    /// RPs shipped or flown out this player-turn.
    pub rp_shipped: u16,
    /// Eliminated units shipped or flown out this player-turn.
    pub units_shipped: u8,
}

impl Pocket {
    /// `side` of an unused slot.
    pub const FREE: u8 = 0xFF;

    /// An unused slot.
    pub const NONE: Pocket = Pocket {
        side: Pocket::FREE,
        rp: 0,
        rp_shipped: 0,
        units_shipped: 0,
    };

    /// Whether the slot holds a pocket.
    #[inline]
    pub fn active(&self) -> bool {
        self.side != Pocket::FREE
    }

    /// Whether it is `side`'s pocket.
    #[inline]
    pub fn of(&self, side: Side) -> bool {
        self.side == side.0
    }

    /// The pool's letter for people: A for slot 0.
    pub fn letter(slot: usize) -> char {
        (b'A' + slot as u8) as char
    }
}

/// GS-9: the front pools' RPs and the pockets. Hashes to nothing while
/// empty, so positions of scenarios without pockets hash as before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pools {
    /// RPs in each side's front pool.
    pub rp: [u16; 2],
    /// The pockets by slot.
    pub pockets: [Pocket; MAX_POCKETS],
}

impl Default for Pools {
    fn default() -> Self {
        Pools {
            rp: [0, 0],
            pockets: [Pocket::NONE; MAX_POCKETS],
        }
    }
}

impl Pools {
    /// A new game's pools: each front pool's initial RPs, no pocket.
    pub fn new_game(scen: &crate::scenario::Scenario) -> Pools {
        let rp = scen
            .supply_rules()
            .graded
            .as_ref()
            .and_then(|g| g.pockets.as_ref())
            .map_or([0, 0], |p| p.initial_rp);
        Pools {
            rp,
            ..Pools::default()
        }
    }
}

impl Hash for Pools {
    fn hash<H: Hasher>(&self, h: &mut H) {
        if *self != Pools::default() {
            self.rp.hash(h);
            self.pockets.hash(h);
        }
    }
}

impl super::GameState {
    /// GS-9: the replacement points in `side`'s front pool.
    pub fn replacement_points(&self, side: Side) -> u16 {
        self.pools.rp[side.index()]
    }

    /// GS-9: the pockets by slot (unused slots are not [`Pocket::active`]).
    pub fn pockets(&self) -> &[Pocket; MAX_POCKETS] {
        &self.pools.pockets
    }

    /// GS-9: the slot of the pocket `h` belongs to.
    #[inline]
    pub fn pocket_at(&self, h: crate::hex::HexId) -> Option<usize> {
        match (self.control[h.index()] & POCKET_BITS) >> POCKET_SHIFT {
            0 => None,
            k => Some(k as usize - 1),
        }
    }

    /// GS-7, GS-8: whether `h` was judged isolated for its controller at
    /// that side's last isolation judgement (kept only where the scenario
    /// plays GS-9's pockets).
    #[inline]
    pub fn hex_isolated(&self, h: crate::hex::HexId) -> bool {
        self.control[h.index()] & HEX_ISOLATED != 0
    }
}
