//! What changes during a game: unit positions, steps, flags, hex control,
//! turn and phase. Cloning a [`GameState`] is two allocations (the unit
//! array and the control array); it keeps no history.

use serde::{Deserialize, Serialize};

use crate::hex::HexId;
use crate::scenario::{Mp, PhaseKind, Scenario, Side};

/// A unit: a dense index into the scenario's unit list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct UnitId(pub u16);

impl UnitId {
    /// Index for per-unit `Vec`s.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Per-unit flags ([`UnitState::flags`]).
pub mod unit_flags {
    /// Moved in this player-turn's Movement Phase (MAL-RAIL-3, MP-MOV-5).
    pub const MOVED: u8 = 1 << 0;
    /// Entered an enemy ZOC: its move is over for this phase (MP-ZOC-6).
    pub const MOVE_ENDED: u8 = 1 << 1;
    /// Jumped between roads: the next road hex is paid at terrain (MP-MOV-6).
    pub const ROAD_PENALTY: u8 = 1 << 2;
}

/// The changing part of one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    /// [`unit_flags`].
    pub flags: u8,
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

    /// Tests a flag.
    #[inline]
    pub fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }
}

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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameState {
    pub(crate) units: Vec<UnitState>,
    /// Per hex: 0 uncontrolled, `1 + side` controlled (D-TURN-2).
    pub(crate) control: Vec<u8>,
    pub(crate) turn: u8,
    pub(crate) player: u8,
    pub(crate) phase: u8,
    pub(crate) steps_lost: [u16; 2],
    pub(crate) result: Option<GameResult>,
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
    pub fn units_of<'a>(&'a self, scen: &'a Scenario, side: Side) -> impl Iterator<Item = UnitId> + 'a {
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
        match self.control[h.index()] {
            0 => None,
            c => Some(Side(c - 1)),
        }
    }

    /// Steps each side has lost (attrition included).
    pub fn steps_lost(&self) -> [u16; 2] {
        self.steps_lost
    }

    /// Movement points `u` has left in this phase.
    pub fn mp_left(&self, scen: &Scenario, u: UnitId) -> Mp {
        let allowance = scen.unit_type(u).movement;
        Mp(allowance.0.saturating_sub(self.unit(u).mp_spent.0))
    }

    /// Victory points each side would score if the game ended now (D-TURN-3).
    pub fn victory_points(&self, scen: &Scenario) -> [i32; 2] {
        let mut vp = [0i32; 2];
        for o in scen.objectives() {
            if let Some(s) = self.control(o.hex) {
                if o.side.is_none_or(|x| x == s) {
                    vp[s.index()] += o.vp;
                }
            }
        }
        for s in Side::BOTH {
            vp[s.index()] += self.steps_lost[s.other().index()] as i32 * scen.victory().step_vp;
        }
        vp
    }
}
