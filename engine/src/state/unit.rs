//! One unit's changing part ([`UnitState`]) and the two flag words of a
//! position: per unit ([`UnitFlags`]) and per game ([`ScenarioEvents`]).

use bitflags::bitflags;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::hex::HexId;
use crate::scenario::{Mp, SupplyState, UnitId};

bitflags! {
    /// Per-unit flags ([`UnitState::flags`]). Bits outside the named flags
    /// (from a saved game) are kept as they are.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub struct UnitFlags: u16 {
        /// Moved in this player-turn's Movement Phase (MAL-RAIL-3, MP-MOV-5).
        const MOVED = 1 << 0;
        /// Entered an enemy ZOC: its move is over for this phase (MP-ZOC-6).
        const MOVE_ENDED = 1 << 1;
        /// Jumped between roads: the next road hex is paid at terrain (MP-MOV-6).
        const ROAD_PENALTY = 1 << 2;
        /// Moved by rail this phase (MAL-RAIL-6 may take it back).
        const RAILED = 1 << 3;
        /// Adjacent to an enemy unit when the Rail Phase began (MAL-RAIL-3).
        const RAIL_BARRED = 1 << 4;
        /// GS-7: isolated when the last Combat Phase began (both sides are judged).
        const COMBAT_ISOLATED = 1 << 5;
        /// GS-7: isolated at its side's last supply judgement.
        const SUPPLY_ISOLATED = 1 << 6;
        /// MAL-CBT-1: has attacked in this Combat Phase.
        const ATTACKED = 1 << 7;
        /// MAL-CBT-1: committed to the attack declared and not yet rolled.
        const COMMITTED = 1 << 8;
        /// MAL-CBT-9: took part in the last combat, whose hex is now empty: it
        /// may advance into it.
        const MAY_ADVANCE = 1 << 9;
        /// MAL-CBT-10: landing from the sea at its entry port (off the map,
        /// [`UnitState::hex`] is none) and must attack the port's defenders.
        const LANDING = 1 << 10;
        /// MP-CHG-4: charged successfully this player-turn; its strength is x1.5
        /// against [`UnitState::charge_target`] in the following combat.
        const CHARGED = 1 << 11;
        /// MAL-CBT-1: defended in an attack rolled in this Combat Phase (the
        /// enemy's units): it may not be attacked again in the phase.
        const DEFENDED = 1 << 12;
        /// GS-1, GS-4: put in full supply by supply points from out of
        /// supply or special supply, not by a line it traced: "a unit in
        /// full supply must also be in general supply unless SPs are used
        /// to supply it". Not in general supply until its side's next
        /// supply judgement.
        const SP_SUPPLIED = 1 << 13;
        /// Flags that outlive a player-turn: the GS-7 markers hold until their
        /// next judgement, and so does full supply bought with SPs; a landing
        /// force stays at sea until it lands.
        const PERSISTENT = Self::COMBAT_ISOLATED.bits()
            | Self::SUPPLY_ISOLATED.bits()
            | Self::SP_SUPPLIED.bits()
            | Self::LANDING.bits();
    }
}

/// As the bare number, as before the flags had names (saved games and the
/// play page read numbers).
impl Serialize for UnitFlags {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.bits().serialize(s)
    }
}

impl<'de> Deserialize<'de> for UnitFlags {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        u16::deserialize(d).map(UnitFlags::from_bits_retain)
    }
}

bitflags! {
    /// Scenario events that have happened ([`super::GameState::event`]).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub struct ScenarioEvents: u8 {
        /// MAL-SUP-7: the Penang roll has been made.
        const WEST_PORTS_ROLLED = 1 << 0;
        /// MAL-SUP-7: the Penang shipping was captured intact: west-coast ports are sources.
        const WEST_PORTS_OPEN = 1 << 1;
    }
}

/// The changing part of one unit. Hashed by hand: [`UnitState::pool`]
/// only when it is not [`POOL_FRONT`], so positions without pockets hash as
/// they did before it existed (searches seed their shuffles from the hash).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitState {
    /// Where it stands; [`HexId::NONE`] before it arrives and once eliminated.
    pub hex: HexId,
    /// Movement points spent in the current phase.
    pub mp_spent: Mp,
    /// Steps left; 0 = eliminated.
    pub steps: u8,
    /// Current morale (units with a morale value).
    pub morale: u8,
    /// Combat strength lost to morale below zero (MP-CHG-5).
    pub strength_loss: u8,
    /// [`UnitFlags`] (serialised as their bits).
    pub flags: UnitFlags,
    /// MP-CHG-4: the unit this one charged this player-turn (meaningful
    /// with [`UnitFlags::CHARGED`]).
    pub charge_target: UnitId,
    /// Supply state as last judged.
    pub supply: SupplyState,
    /// GS-2 U-level (0..=8) while out of supply.
    pub u_level: u8,
    /// GS-9: the pool an eliminated unit lies in: [`POOL_FRONT`], a pocket's
    /// pool (its slot + 1, see [`super::Pocket`]) or
    /// [`POOL_ELIMINATED_ISOLATED`]. [`POOL_FRONT`] for a unit not eliminated.
    #[serde(default)]
    pub pool: u8,
}

/// GS-9: [`UnitState::pool`] of an eliminated unit in its side's front pool
/// (every eliminated unit of a scenario without pockets).
pub const POOL_FRONT: u8 = 0;
/// GS-9: [`UnitState::pool`] of an eliminated unit in its side's
/// eliminated-isolated box: it lay in a pocket that was eliminated, and
/// cannot be rebuilt.
pub const POOL_ELIMINATED_ISOLATED: u8 = 0xFF;

impl std::hash::Hash for UnitState {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.hex.hash(h);
        self.mp_spent.hash(h);
        self.steps.hash(h);
        self.morale.hash(h);
        self.strength_loss.hash(h);
        self.flags.hash(h);
        self.charge_target.hash(h);
        self.supply.hash(h);
        self.u_level.hash(h);
        if self.pool != POOL_FRONT {
            self.pool.hash(h);
        }
    }
}

impl UnitState {
    /// On the map now.
    #[inline]
    pub fn on_map(&self) -> bool {
        self.hex.is_some() && self.steps > 0
    }

    /// Eliminated.
    #[inline]
    pub fn eliminated(&self) -> bool {
        self.steps == 0
    }

    /// Whether it carries any of `flags`.
    #[inline]
    pub fn has(&self, flags: UnitFlags) -> bool {
        self.flags.intersects(flags)
    }

    /// GS-1: in general supply (full or limited) by a line it traced, not
    /// by supply points alone ([`UnitFlags::SP_SUPPLIED`]).
    #[inline]
    pub fn in_general_supply(&self) -> bool {
        self.supply.is_general() && !self.has(UnitFlags::SP_SUPPLIED)
    }
}
