//! Saved games: a [`GameState`] written with unit ids and hex labels, so a
//! file stays readable and survives a scenario being re-ordered. A boundary,
//! like scenario loading: `load` checks every field against the scenario
//! ([`GameState::from_saved`], [`SaveError`]), then `validate` the
//! position against the rules ([`Illegal`]: no unit where it could not
//! be, no counter or flag the engine could not have set, the result
//! derived).
//!
//! The flag words are saved as their bits ([`crate::state::UnitFlags`],
//! [`crate::state::ScenarioEvents`]), so files written before the flags had
//! names still load.

use serde::{Deserialize, Serialize};

use crate::scenario::Scenario;
use crate::state::{CONTROL_SIDE, GameResult, GameState, SupplyState, UnitFlags};

mod load;
mod pools;
mod validate;
mod works;

pub use load::SaveError;
pub use pools::{SavedPocket, SavedPools};
pub use validate::Illegal;
pub use works::SavedWorks;

/// A saved game (serialise it as JSON with `serde_json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// Scenario name.
    pub scenario: String,
    /// Game turn.
    pub turn: u8,
    /// Phasing side id.
    pub side: String,
    /// Index of the current phase in the scenario's phase list.
    pub phase: u8,
    /// Steps lost per side, in side order.
    pub steps_lost: [u16; 2],
    /// The result, once over.
    #[serde(default)]
    pub result: Option<GameResult>,
    /// Scenario events that have happened (bits).
    #[serde(default)]
    pub events: u8,
    /// Rail moves made in the current Rail Phase (MAL-RAIL-6 take-back).
    #[serde(default)]
    pub rail_moves: Vec<SavedRailMove>,
    /// GS-4: supply points each side holds, in side order (graded model).
    #[serde(default)]
    pub supply_points: [u16; 2],
    /// MAL-CBT-1: the hex whose attack is being declared (its attackers
    /// carry the COMMITTED flag).
    #[serde(default)]
    pub attack_target: Option<String>,
    /// MAL-CBT-9: the hex the last combat emptied, open to its attackers.
    #[serde(default)]
    pub advance_hex: Option<String>,
    /// MAL-CBT-1: the hexes attacked in this Combat Phase.
    #[serde(default)]
    pub attacked: Vec<String>,
    /// MAL-CBT-5: air points each side has left this turn, in side order.
    #[serde(default)]
    pub air_points: [u8; 2],
    /// GS-9: the pools of replacement points and the pockets (absent
    /// while there are none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pools: Option<SavedPools>,
    /// GS-10: strategic resource points, works done this player-turn, and
    /// the works on the map.
    #[serde(default)]
    pub works: SavedWorks,
    /// Every unit of the scenario.
    pub units: Vec<SavedUnit>,
    /// Control, one string per row: `.` none, `0` first side, `1` second.
    pub control: Vec<String>,
}

/// A rail move of the current phase in a saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedRailMove {
    /// Unit id.
    pub unit: String,
    /// The hex it left.
    pub from: String,
}

/// One unit in a saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedUnit {
    /// Unit id.
    pub id: String,
    /// Hex label, or `null` when off the map.
    pub hex: Option<String>,
    /// Steps left.
    pub steps: u8,
    /// Morale.
    #[serde(default)]
    pub morale: u8,
    /// Strength lost through morale (MP-CHG-5).
    #[serde(default)]
    pub strength_loss: u8,
    /// Movement points spent this phase.
    #[serde(default)]
    pub mp_spent: f64,
    /// Flag bits ([`crate::state::UnitFlags`]; the GS-7 isolation markers among them).
    #[serde(default)]
    pub flags: u16,
    /// MP-CHG-4: the unit it charged this player-turn (with the CHARGED flag).
    #[serde(default)]
    pub charge_target: Option<String>,
    /// Supply state as last judged.
    #[serde(default)]
    pub supply: SupplyState,
    /// GS-2 U-level.
    #[serde(default)]
    pub u_level: u8,
    /// GS-9: an eliminated unit's pool: a pocket's letter (`"A"`...) or
    /// `"eliminated-isolated"`; absent in the front pool (and on the map).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pool: Option<String>,
}

impl GameState {
    /// The state as a saved game.
    pub fn to_saved(&self, scen: &Scenario) -> SavedGame {
        let grid = scen.grid();
        let units = self
            .units
            .iter()
            .zip(scen.units())
            .map(|(u, s)| SavedUnit {
                id: s.id.clone(),
                hex: u.hex.is_some().then(|| grid.label(u.hex)),
                steps: u.steps,
                morale: u.morale,
                strength_loss: u.strength_loss,
                mp_spent: u.mp_spent.as_f64(),
                flags: u.flags.bits(),
                charge_target: u
                    .has(UnitFlags::CHARGED)
                    .then(|| scen.units()[u.charge_target.index()].id.clone()),
                supply: u.supply,
                u_level: u.u_level,
                pool: pools::pool_name(u.pool),
            })
            .collect();
        let control = (1..=grid.rows())
            .map(|r| {
                (1..=grid.columns())
                    .map(|c| {
                        match grid
                            .at(c, r)
                            .map_or(0, |h| self.control[h.index()] & CONTROL_SIDE)
                        {
                            1 => '0',
                            2 => '1',
                            _ => '.',
                        }
                    })
                    .collect()
            })
            .collect();
        SavedGame {
            scenario: scen.name().to_string(),
            turn: self.turn,
            side: scen.side(self.active_side()).id.clone(),
            phase: self.phase,
            steps_lost: self.steps_lost,
            result: self.result,
            events: self.events.bits(),
            rail_moves: self
                .rail_moves()
                .iter()
                .map(|(u, h)| SavedRailMove {
                    unit: scen.unit(*u).id.clone(),
                    from: grid.label(*h),
                })
                .collect(),
            supply_points: self.sp,
            attack_target: self
                .combat
                .target
                .is_some()
                .then(|| grid.label(self.combat.target)),
            advance_hex: self
                .combat
                .advance
                .is_some()
                .then(|| grid.label(self.combat.advance)),
            attacked: grid
                .hexes()
                .filter(|h| self.hex_attacked(*h))
                .map(|h| grid.label(h))
                .collect(),
            air_points: self.air,
            pools: self.save_pools(scen),
            works: self.saved_works(scen),
            units,
            control,
        }
    }
}
