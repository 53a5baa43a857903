//! What changes during a game: unit positions, steps, flags, hex control,
//! turn and phase. Cloning a [`GameState`] is two allocations (the unit
//! array and the control array); it keeps no history.
//!
//! - [`unit`](mod@unit): one unit's changing part ([`UnitState`]) and the flag words
//!   ([`UnitFlags`], [`ScenarioEvents`]).
//! - [`stamp`]: the position's stamp ([`Stamp`]) and the Rail Phase's log
//!   ([`RailLog`]).
//! - `pocket`: GS-9's isolated pockets ([`Pocket`]) and the bits of the
//!   control byte that mark their hexes.
//! - `strength`: strengths and allowances as the supply rules leave them
//!   (MAL-SUP-6, GS-5), and victory points (D-TURN-3).
//!
//! The rules change a state through `pub(crate)` fields; players read it
//! through the accessors here.

use serde::{Deserialize, Serialize};

use crate::hex::HexId;
use crate::scenario::{PhaseKind, Scenario, Side, SupplyEffect, Weather};
pub use crate::scenario::{SupplyState, UnitId};

mod pocket;
pub mod stamp;
mod strength;
pub mod unit;
mod works;

pub(crate) use pocket::{CONTROL_SIDE, HEX_ISOLATED, POCKET_BITS, POCKET_SHIFT};
pub use pocket::{MAX_POCKETS, Pocket, Pools};
pub use stamp::{RailLog, Stamp};
pub use unit::{POOL_ELIMINATED_ISOLATED, POOL_FRONT, ScenarioEvents, UnitFlags, UnitState};
pub(crate) use works::{AIRBASE_BUILT, FORT_BUILT, RAIL_BROKEN};

/// How decisive a result is (D-TURN-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ResultLevel {
    /// Margin at least the decisive threshold, or the enemy wiped out.
    Decisive,
    /// Margin at least the marginal threshold.
    Marginal,
    /// Anything less.
    Draw,
}

impl ResultLevel {
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            ResultLevel::Decisive => "decisive",
            ResultLevel::Marginal => "marginal",
            ResultLevel::Draw => "draw",
        }
    }
}

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// The winner, `None` for a draw.
    pub winner: Option<Side>,
    /// How decisive.
    pub level: ResultLevel,
    /// Victory points per side.
    pub vp: [i32; 2],
}

/// The changing state of a game. Pair it with the [`Scenario`] it was made from.
///
/// Equality and hashing are over the position: the [`Stamp`] compares equal
/// and hashes to nothing. The fields hash in the order listed (a search
/// seeds its shuffles from the hash, so the order is part of behaviour).
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct GameState {
    pub(crate) units: Vec<UnitState>,
    /// Per hex: 0 uncontrolled, `1 + side` controlled (D-TURN-2), plus
    /// [`HEX_ATTACKED`] once attacked in this Combat Phase (MAL-CBT-1), and
    /// GS-9's bits for its controller: judged isolated ([`HEX_ISOLATED`]),
    /// the pocket it belongs to (slot + 1 at [`POCKET_SHIFT`]); a change of
    /// control clears both.
    /// [`HEX_ATTACKED`] once attacked in this Combat Phase (MAL-CBT-1),
    /// plus the GS-10 works bits (`works.rs`: rail broken, fort, airbase).
    pub(crate) control: Vec<u16>,
    pub(crate) turn: u8,
    pub(crate) player: u8,
    pub(crate) phase: u8,
    pub(crate) steps_lost: [u16; 2],
    pub(crate) result: Option<GameResult>,
    /// Scenario events that have happened.
    pub(crate) events: ScenarioEvents,
    /// Rail moves made this Rail Phase (MAL-RAIL-2 capacity, MAL-RAIL-6 take-back).
    pub(crate) rail_log: RailLog,
    /// GS-4: supply points each side holds (graded model).
    pub(crate) sp: [u16; 2],
    /// The combat in progress (MAL-CBT-1, -9).
    pub(crate) combat: CombatSlot,
    /// MAL-CBT-5: air points each side has left this game turn.
    pub(crate) air: [u8; 2],
    /// GS-9: the front pools' replacement points and the isolated pockets
    /// (inline: no allocation; hashes to nothing while empty).
    pub(crate) pools: Pools,
    /// GS-10: strategic resource points each side holds.
    pub(crate) srp: [u16; 2],
    /// GS-10: works the phasing side has done this player-turn.
    pub(crate) works_done: u8,
    /// A number no other position has (see [`Stamp`]).
    pub(crate) stamp: Stamp,
}

/// Two allocations to clone; `clone_from` reuses the target's buffers and
/// allocates nothing (search loops that reset a scratch state use it, and
/// `tests/invariants.rs` pins it). Written by hand only for `clone_from`,
/// which a derived `Clone` would make allocate; every field but the two
/// buffers and the (inline) rail log is `Copy` and copied by the struct
/// update, so a new `Copy` field needs no line here.
impl Clone for GameState {
    fn clone(&self) -> Self {
        GameState {
            units: self.units.clone(),
            control: self.control.clone(),
            rail_log: self.rail_log.clone(),
            ..*self
        }
    }

    fn clone_from(&mut self, src: &Self) {
        let mut units = std::mem::take(&mut self.units);
        let mut control = std::mem::take(&mut self.control);
        units.clone_from(&src.units);
        control.clone_from(&src.control);
        *self = GameState {
            units,
            control,
            rail_log: src.rail_log.clone(),
            ..*src
        };
    }
}

impl GameState {
    /// Gives the position a stamp of its own, after a change.
    #[inline]
    pub(crate) fn restamp(&mut self) {
        self.stamp = Stamp::fresh();
    }

    /// The position's stamp as a number (see [`Stamp`]): equal stamps,
    /// equal positions; 0 while a change is being made.
    #[inline]
    pub(crate) fn stamp(&self) -> u64 {
        self.stamp.get()
    }
}

/// Bit of a [`GameState::control`] byte: the hex has been attacked in this
/// Combat Phase (MAL-CBT-1: each hex at most once).
pub(crate) const HEX_ATTACKED: u16 = 0x80;

/// The combat in progress in a Combat Phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CombatSlot {
    /// The hex under attack, declared and not yet rolled
    /// ([`HexId::NONE`]: none); its attackers carry [`UnitFlags::COMMITTED`].
    pub target: HexId,
    /// The hex the last combat emptied, into which its attackers (flag
    /// [`UnitFlags::MAY_ADVANCE`]) may advance (MAL-CBT-9); none otherwise.
    pub advance: HexId,
}

impl Default for CombatSlot {
    fn default() -> Self {
        CombatSlot {
            target: HexId::NONE,
            advance: HexId::NONE,
        }
    }
}

impl GameState {
    /// Game turn, from 1.
    #[inline]
    pub fn turn(&self) -> u8 {
        self.turn
    }

    /// The side whose player-turn it is.
    #[inline]
    pub fn active_side(&self) -> Side {
        Side(self.player)
    }

    /// The current phase.
    #[inline]
    pub fn phase(&self, scen: &Scenario) -> PhaseKind {
        scen.phases()[self.phase as usize]
    }

    /// Index of the current phase in the scenario's list.
    pub fn phase_index(&self) -> usize {
        self.phase as usize
    }

    /// The result once the game is over.
    #[inline]
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// One unit.
    #[inline]
    pub fn unit(&self, u: UnitId) -> &UnitState {
        &self.units[u.index()]
    }

    /// All units, indexed by [`UnitId`].
    pub fn units(&self) -> &[UnitState] {
        &self.units
    }

    /// Ids of the units of `side` on the map.
    pub fn units_of<'a>(
        &'a self,
        scen: &'a Scenario,
        side: Side,
    ) -> impl Iterator<Item = UnitId> + 'a {
        let setups = scen.units();
        self.units
            .iter()
            .enumerate()
            .filter(move |(i, u)| u.on_map() && setups[*i].side == side)
            .map(|(i, _)| UnitId(i as u16))
    }

    /// Units standing in `h`.
    pub fn units_at(&self, h: HexId) -> impl Iterator<Item = UnitId> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.hex == h && u.steps > 0)
            .map(|(i, _)| UnitId(i as u16))
    }

    /// Who controls `h` (D-TURN-2).
    #[inline]
    pub fn control(&self, h: HexId) -> Option<Side> {
        match self.control[h.index()] & CONTROL_SIDE {
            0 => None,
            c => Some(Side(c as u8 - 1)),
        }
    }

    /// Steps each side has lost (attrition included).
    pub fn steps_lost(&self) -> [u16; 2] {
        self.steps_lost
    }

    /// Rail moves made in the current Rail Phase.
    pub fn rail_used(&self) -> u8 {
        self.rail_log.len() as u8
    }

    /// The combat being declared, and the hex the last one emptied (MAL-CBT-1, -9).
    pub fn combat(&self) -> CombatSlot {
        self.combat
    }

    /// MAL-CBT-5: air points `side` has left this game turn.
    pub fn air_points(&self, side: Side) -> u8 {
        self.air[side.index()]
    }

    /// MAL-CBT-1: whether `h` has been attacked in this Combat Phase.
    pub fn hex_attacked(&self, h: HexId) -> bool {
        self.control[h.index()] & HEX_ATTACKED != 0
    }

    /// The rail moves of this phase: (unit, hex it left).
    pub fn rail_moves(&self) -> &[(UnitId, HexId)] {
        self.rail_log.moves()
    }

    /// GS-4: the supply points `side` holds (graded model).
    pub fn supply_points(&self, side: Side) -> u16 {
        self.sp[side.index()]
    }

    /// GS-6: the weather of the current game turn (graded model).
    pub fn weather<'a>(&self, scen: &'a Scenario) -> Option<&'a Weather> {
        scen.supply_rules()
            .graded
            .as_ref()
            .map(|g| g.weather(self.turn))
    }

    /// GS-5: the Supply Effects Chart row that applies to `u` now (graded
    /// model, not in full supply); `None` when nothing is restricted.
    pub fn supply_effect<'a>(&self, scen: &'a Scenario, u: UnitId) -> Option<&'a SupplyEffect> {
        let us = self.unit(u);
        scen.supply_rules()
            .graded
            .as_ref()
            .and_then(|g| g.effect(us.supply, us.u_level))
    }

    /// Whether a scenario event ([`ScenarioEvents`]) has happened.
    pub fn event(&self, e: ScenarioEvents) -> bool {
        self.events.intersects(e)
    }
}
