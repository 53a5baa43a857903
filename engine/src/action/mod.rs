//! What a player does ([`Action`]) and why an action is refused
//! ([`ActionError`], with the rules' own reasons in [`refusal`]). Core
//! vocabulary: the rules and the turn sequence both use it, it uses neither.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::hex::HexId;
use crate::scenario::{PhaseKind, Scenario, Work};
use crate::state::UnitId;

pub mod cite;
pub mod refusal;
mod work;

pub use cite::{RuleFamily, cite};
pub use refusal::{NoAttack, NoCharge, NoPool, NoRail, NoSpend};
pub use work::NoWork;

/// Something a player does. Small and `Copy` (4 bytes of payload), so lists of
/// actions are cheap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Move a unit by normal movement to a reachable hex, by its cheapest
    /// path (MP-MOV-1: units may alternate; a unit may move again later in
    /// the phase with the points it has left).
    Move {
        /// The unit.
        unit: UnitId,
        /// Destination.
        to: HexId,
    },
    /// Move a unit by rail in the Rail Phase (MAL-RAIL-1..4).
    RailMove {
        /// The unit.
        unit: UnitId,
        /// Destination.
        to: HexId,
    },
    /// Take back a rail move of this phase (MAL-RAIL-6).
    UndoRail {
        /// The unit.
        unit: UnitId,
    },
    /// GS-4: spend supply points to put a unit in full supply (graded
    /// model, its side's Movement Phase; see [`crate::rules::graded::can_spend`]).
    SpendSupply {
        /// The unit.
        unit: UnitId,
    },
    /// MAL-CBT-1: commit a unit to an attack on `target` in the Combat
    /// Phase. The first commitment declares the attack on that hex; more
    /// units may join it until it is rolled.
    Attack {
        /// The attacking unit.
        unit: UnitId,
        /// The defending hex.
        target: HexId,
    },
    /// MAL-CBT-4, -5: roll the attack being declared, committing `air` air points.
    Resolve {
        /// Air points the attacker commits.
        air: u8,
    },
    /// Withdraw the attack being declared, before its roll.
    CancelAttack,
    /// MAL-CBT-9: an attacker of the last combat moves into the hex it emptied.
    Advance {
        /// The unit.
        unit: UnitId,
    },
    /// MP-CHG-1..6: a mounted unit charges the unit in `target`, three hexes
    /// away in a straight line, in the Movement Phase: one action, whole.
    Charge {
        /// The charging unit.
        unit: UnitId,
        /// The hex of the unit charged.
        target: HexId,
    },
    /// End the current phase.
    EndPhase,
    /// GS-9: rebuild one step of `unit` from its pool, in the phasing
    /// side's Movement Phase: a reduced unit on the map in its own hex
    /// (`hex`), or an eliminated unit back at one step in `hex` (see
    /// [`crate::rules::graded::can_rebuild`]).
    Rebuild {
        /// The unit.
        unit: UnitId,
        /// Its hex, or where it comes back.
        hex: HexId,
    },
    /// GS-9: ship or fly out of pocket `pocket` (its slot) as many of its
    /// replacement points as this player-turn's capacity allows, into the
    /// front pool.
    ShipRp {
        /// The pocket's slot.
        pocket: u8,
    },
    /// GS-9: ship or fly an eliminated unit out of its pocket's pool into
    /// the front pool.
    ShipUnit {
        /// The unit.
        unit: UnitId,
    },
    /// GS-9: eliminate pocket `pocket` (its slot) voluntarily: its
    /// replacement points are lost, its eliminated units go to the
    /// eliminated-isolated box.
    EliminatePocket {
        /// The pocket's slot.
        pocket: u8,
    },
    /// GS-10: a unit spends its side's strategic resource points on a work
    /// in its own hex in the Movement Phase (see [`crate::rules::works`]).
    Work {
        /// The unit doing it.
        unit: UnitId,
        /// What it does.
        work: Work,
    },
}

/// Why an action was refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// The game is over.
    GameOver,
    /// No such unit.
    UnknownUnit(UnitId),
    /// No such hex.
    UnknownHex(HexId),
    /// The action belongs to another phase.
    WrongPhase {
        /// The current phase.
        phase: PhaseKind,
    },
    /// The unit is the other side's.
    NotYourUnit(UnitId),
    /// The unit cannot move now (not on the map, move ended, no points left).
    CannotMove(UnitId),
    /// The unit may not move by rail now.
    NoRail(UnitId, NoRail),
    /// The unit has no rail move to take back this phase.
    NothingToUndo(UnitId),
    /// GS-4: supply points may not be spent on the unit now.
    NoSpend(UnitId, NoSpend),
    /// MAL-RAIL-5: the phase cannot end while a hex is overstacked.
    Overstacked(HexId),
    /// MAL-CBT-1, -2, -10: the unit may not attack that hex.
    NoAttack(UnitId, HexId, NoAttack),
    /// No attack is being declared.
    NoCombat,
    /// The attack being declared must be rolled or withdrawn first.
    CombatPending(HexId),
    /// MAL-CBT-10: a landing force has not attacked its port yet.
    MustLand(UnitId),
    /// MAL-CBT-9: the unit may not advance now.
    CannotAdvance(UnitId),
    /// MAL-CBT-5: more air points asked than the side has left.
    NoAir {
        /// Asked for.
        asked: u8,
        /// Left.
        left: u8,
    },
    /// MP-CHG-1, -2: the unit may not charge that hex.
    NoCharge(UnitId, HexId, NoCharge),
    /// GS-9: the rebuild, shipment or pocket elimination is refused.
    NoPool(NoPool),
    /// The hex is not among the unit's destinations.
    Unreachable {
        /// The unit.
        unit: UnitId,
        /// The hex asked for.
        to: HexId,
    },
    /// GS-10: the unit may not do that work now.
    NoWork(UnitId, Work, NoWork),
}

impl ActionError {
    /// A message for people, with unit ids and hex labels, citing the rules
    /// of the scenario's family ([`cite()`]).
    pub fn describe(&self, scen: &Scenario) -> String {
        cite(scen, &self.describe_all(scen))
    }

    /// [`ActionError::describe`] with every rule ID, whatever the family.
    fn describe_all(&self, scen: &Scenario) -> String {
        let unit = |u: &UnitId| {
            scen.units()
                .get(u.index())
                .map_or(format!("#{}", u.0), |s| s.id.clone())
        };
        let hex = |h: &HexId| scen.grid().label(*h);
        match self {
            ActionError::GameOver => "the game is over".into(),
            ActionError::UnknownUnit(u) => format!("there is no unit #{}", u.0),
            ActionError::UnknownHex(h) => format!("there is no hex #{} on this map", h.0),
            ActionError::WrongPhase { phase } => {
                format!("not allowed in the {} phase", phase.name())
            }
            ActionError::NotYourUnit(u) => format!("{} belongs to the side not moving", unit(u)),
            ActionError::CannotMove(u) => format!(
                "{} cannot move now (not on the map, its move ended in enemy ZOC, or no movement points left)",
                unit(u)
            ),
            ActionError::NoRail(u, why) => {
                format!("{} cannot move by rail: {}", unit(u), why.describe())
            }
            ActionError::NothingToUndo(u) => {
                format!("{} has no rail move to take back this phase", unit(u))
            }
            ActionError::NoSpend(u, why) => {
                format!(
                    "no supply points can be spent on {}: {}",
                    unit(u),
                    why.describe()
                )
            }
            ActionError::Overstacked(h) => format!(
                "the Rail Phase cannot end while {} is overstacked (MAL-RAIL-5)",
                hex(h)
            ),
            ActionError::NoAttack(u, h, why) => format!(
                "{} cannot attack {}: {}",
                unit(u),
                hex(h),
                why.describe(scen)
            ),
            ActionError::NoCombat => "no attack is being declared".into(),
            ActionError::CombatPending(h) => {
                format!("the attack on {} must be rolled or withdrawn first", hex(h))
            }
            ActionError::MustLand(u) => format!(
                "{} is landing and must attack its port first (MAL-CBT-10)",
                unit(u)
            ),
            ActionError::CannotAdvance(u) => format!(
                "{} cannot advance: only an attacker of the last combat may, into the hex it emptied, within stacking (MAL-CBT-9)",
                unit(u)
            ),
            ActionError::NoAir { asked, left } => {
                format!("{asked} air points asked for, {left} left this turn (MAL-CBT-5)")
            }
            ActionError::NoCharge(u, h, why) => {
                format!("{} cannot charge {}: {}", unit(u), hex(h), why.describe())
            }
            ActionError::NoPool(why) => format!("refused (GS-9): {}", why.describe()),
            ActionError::Unreachable { unit: u, to } => {
                format!("{} cannot reach {} this phase", unit(u), hex(to))
            }
            ActionError::NoWork(u, w, why) => format!(
                "{} cannot {}: {} (GS-10)",
                unit(u),
                work_verb(*w),
                why.describe()
            ),
        }
    }
}

/// The work as a verb phrase.
fn work_verb(w: Work) -> &'static str {
    match w {
        Work::Fort => "build a fort",
        Work::Airbase => "build an airbase",
        Work::Repair => "repair the rail line",
        Work::Demolish => "break the rail line",
    }
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl std::error::Error for ActionError {}
