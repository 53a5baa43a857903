//! What happened ([`Event`]), where it goes ([`EventSink`]), and the small
//! enums events carry ([`LossCause`], [`Isolation`], the combat [`Roll`]).
//! Core vocabulary: the rules give events off, the turn sequence too; this
//! module imports neither.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::hex::HexId;
use crate::scenario::{CrtResult, Mp, PhaseKind, Side, Work};
use crate::state::{GameResult, SupplyState, UnitFlags, UnitId};

/// What happened, for logs and replays.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A phase began.
    PhaseBegan {
        /// Game turn.
        turn: u8,
        /// Phasing side.
        side: Side,
        /// Phase.
        phase: PhaseKind,
    },
    /// A reinforcement came on the map.
    Arrived {
        /// The unit.
        unit: UnitId,
        /// Where.
        hex: HexId,
    },
    /// A reinforcement could not enter (its hex is enemy-held or full) and
    /// will try again next turn.
    Delayed {
        /// The unit.
        unit: UnitId,
        /// Its entry hex.
        hex: HexId,
    },
    /// A unit moved.
    Moved {
        /// The unit.
        unit: UnitId,
        /// From.
        from: HexId,
        /// To.
        to: HexId,
        /// Movement points spent.
        cost: Mp,
    },
    /// A unit moved by rail.
    RailMoved {
        /// The unit.
        unit: UnitId,
        /// From.
        from: HexId,
        /// To.
        to: HexId,
    },
    /// A rail move was taken back.
    RailUndone {
        /// The unit.
        unit: UnitId,
        /// Back to.
        to: HexId,
    },
    /// A hex changed hands (D-TURN-2).
    ControlChanged {
        /// The hex.
        hex: HexId,
        /// New controller.
        side: Side,
    },
    /// A unit's supply state or U-level changed: judged in a Supply Phase
    /// (MAL-SUP-1, GS-2), or restored by supply points (GS-4).
    SupplyChanged {
        /// The unit.
        unit: UnitId,
        /// Its new state.
        state: SupplyState,
        /// GS-2 U-level.
        u_level: u8,
    },
    /// GS-4: supply points were spent on a unit.
    SupplySpent {
        /// The unit, now in full supply.
        unit: UnitId,
        /// Points spent.
        points: u16,
        /// Points its side has left.
        left: u16,
    },
    /// GS-7: a unit gained or lost an isolation marker.
    IsolationChanged {
        /// The unit.
        unit: UnitId,
        /// Which marker.
        marker: Isolation,
        /// Isolated now.
        isolated: bool,
    },
    /// A unit lost a step.
    StepLost {
        /// The unit.
        unit: UnitId,
        /// Where it stood.
        hex: HexId,
        /// Why.
        cause: LossCause,
        /// Steps left (0: eliminated).
        steps_left: u8,
    },
    /// MAL-CBT-1: a unit was committed to an attack.
    Committed {
        /// The unit.
        unit: UnitId,
        /// The hex it attacks.
        target: HexId,
    },
    /// The attack being declared was withdrawn before its roll.
    AttackCancelled {
        /// The hex it would have attacked.
        target: HexId,
    },
    /// MAL-CBT-4: a combat was rolled.
    Combat {
        /// The defending hex.
        hex: HexId,
        /// Total attack strength.
        attack: f64,
        /// Total defense strength.
        defense: f64,
        /// D-CRT-1: the column (index into the scenario's table).
        column: u8,
        /// MAL-CBT-5: air points committed by the attacker.
        attacker_air: u8,
        /// MAL-CBT-5: air points committed by the defender.
        defender_air: u8,
        /// The die and the result.
        roll: Roll,
    },
    /// MAL-CBT-7: a unit retreated.
    Retreated {
        /// The unit.
        unit: UnitId,
        /// The combat hex.
        from: HexId,
        /// The hexes entered, in order.
        path: Vec<HexId>,
    },
    /// MAL-CBT-8: a unit could not retreat (it loses two steps instead).
    NoRetreat {
        /// The unit.
        unit: UnitId,
        /// Where it stays.
        hex: HexId,
    },
    /// MAL-CBT-9, -10: a unit advanced after combat (or came ashore).
    Advanced {
        /// The unit.
        unit: UnitId,
        /// The hex it entered.
        hex: HexId,
    },
    /// MAL-CBT-10: a reinforcement arrived off an enemy-held port and must
    /// attack it in the Combat Phase.
    Landing {
        /// The unit.
        unit: UnitId,
        /// The port.
        hex: HexId,
    },
    /// MAL-CBT-10: a landing force that could not come ashore went back to
    /// the reinforcement pool.
    ReturnedToPool {
        /// The unit.
        unit: UnitId,
    },
    /// MP-CHG-5: a unit lost a morale point (or, at morale 0, a point of strength).
    MoraleLost {
        /// The unit.
        unit: UnitId,
        /// Where it stood.
        hex: HexId,
        /// Why.
        cause: LossCause,
        /// Morale left.
        morale: u8,
        /// Strength lost to morale so far.
        strength_loss: u8,
    },
    /// MP-CHG-3, -4: a charge and its morale check.
    Charged {
        /// The charger.
        unit: UnitId,
        /// The unit charged.
        target: UnitId,
        /// The 1-9 roll.
        roll: u8,
        /// The roll plus the strength difference.
        total: i8,
        /// The morale value the total had to exceed (slope and stream modifiers in).
        morale: i8,
        /// Whether the check failed: the charge succeeded.
        success: bool,
    },
    /// Something the scenario scripts happened (e.g. the Penang shipping).
    Scenario {
        /// What happened, for people.
        text: String,
    },
    /// GS-10: a unit did a work in its hex with strategic resource points.
    Worked {
        /// The unit.
        unit: UnitId,
        /// Its hex, where the work is.
        hex: HexId,
        /// What it did.
        work: Work,
        /// SRPs spent.
        cost: u16,
        /// SRPs its side has left.
        left: u16,
    },
    /// The game ended.
    GameOver {
        /// The result.
        result: GameResult,
    },
    /// GS-9: a pocket formed around `hex` (an isolated unit took a loss there).
    PocketFormed {
        /// Its side.
        side: Side,
        /// Its slot (pool A is 0).
        pocket: u8,
        /// The hex of the loss.
        hex: HexId,
    },
    /// GS-9: pocket `from` joined pocket `into` (their hexes met); its pool
    /// with it.
    PocketsMerged {
        /// Their side.
        side: Side,
        /// The slot kept.
        into: u8,
        /// The slot freed.
        from: u8,
    },
    /// GS-9: a line of communication reaches a pocket again: its pool
    /// joins the front pool.
    PocketRelieved {
        /// Its side.
        side: Side,
        /// Its slot.
        pocket: u8,
    },
    /// GS-9: a pocket was eliminated, voluntarily or because the enemy
    /// controls its last hex: its RPs are lost, its eliminated units go to
    /// the eliminated-isolated box.
    PocketEliminated {
        /// Its side.
        side: Side,
        /// Its slot.
        pocket: u8,
        /// RPs lost.
        rp_lost: u16,
        /// Chosen by its side (not forced by the enemy).
        voluntary: bool,
    },
    /// GS-9: the replacement points in a pool changed.
    RpChanged {
        /// The pool's side.
        side: Side,
        /// The pool: 0 the front pool, slot + 1 a pocket's.
        pool: u8,
        /// RPs now in it.
        rp: u16,
    },
    /// GS-9: an eliminated unit was placed in a pool (as [`crate::state::UnitState::pool`]).
    UnitPooled {
        /// The unit.
        unit: UnitId,
        /// The pool.
        pool: u8,
    },
    /// GS-9: a step of a unit was rebuilt from a pool.
    Rebuilt {
        /// The unit.
        unit: UnitId,
        /// Its hex.
        hex: HexId,
        /// Steps it has now.
        steps: u8,
        /// The pool it was rebuilt from (as [`crate::state::UnitState::pool`]).
        pool: u8,
    },
}

/// GS-7: the two isolation markers, judged apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Isolation {
    /// Judged at the start of each Combat Phase, for both sides.
    Combat,
    /// Judged at each supply judgement, for both sides.
    Supply,
}

impl Isolation {
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Isolation::Combat => "combat",
            Isolation::Supply => "supply",
        }
    }

    /// The unit flag that carries this marker.
    pub fn flag(self) -> UnitFlags {
        match self {
            Isolation::Combat => UnitFlags::COMBAT_ISOLATED,
            Isolation::Supply => UnitFlags::SUPPLY_ISOLATED,
        }
    }
}

/// Why a step was lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LossCause {
    /// Combat result.
    Combat,
    /// Retreat that could not be made, or through enemy ZOC.
    Retreat,
    /// Supply attrition (MAL-SUP-8).
    Attrition,
    /// Cavalry charge.
    Charge,
}

impl LossCause {
    /// All causes, in record order.
    pub const ALL: [LossCause; 4] = [
        LossCause::Combat,
        LossCause::Retreat,
        LossCause::Attrition,
        LossCause::Charge,
    ];

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            LossCause::Combat => "combat",
            LossCause::Retreat => "retreat",
            LossCause::Attrition => "attrition",
            LossCause::Charge => "charge",
        }
    }
}

/// Where events go. `()` drops them; a `Vec<Event>` keeps them.
pub trait EventSink {
    /// Records one event.
    fn push(&mut self, e: Event);
}

impl EventSink for () {
    #[inline]
    fn push(&mut self, _: Event) {}
}

impl EventSink for Vec<Event> {
    fn push(&mut self, e: Event) {
        Vec::push(self, e)
    }
}

/// The die roll of a combat and what it gave.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Roll {
    /// The die as rolled.
    pub die: u8,
    /// After air modifiers, within the table's rows.
    pub modified: u8,
    /// The table's result.
    pub result: CrtResult,
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.die == self.modified {
            write!(f, "rolled {}: {}", self.die, self.result)
        } else {
            write!(
                f,
                "rolled {} (modified {}): {}",
                self.die, self.modified, self.result
            )
        }
    }
}
