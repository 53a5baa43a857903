//! A saved game read back: every field checked against the scenario, in the
//! order below, the first fault reported ([`SaveError`]); then the
//! position against the rules ([`super::validate`]): a saved game may not
//! hold a position the engine could not have reached.

use thiserror::Error;

use super::validate::Illegal;
use super::{SavedGame, SavedUnit};
use crate::hex::{Grid, HexId, LabelError};
use crate::scenario::{Mp, Scenario, Side, SupplyModel};
use crate::state::{
    CombatSlot, GameState, HEX_ATTACKED, RailLog, ScenarioEvents, Stamp, SupplyState, UnitFlags,
    UnitId, UnitState,
};

/// Why a saved game does not fit its scenario.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum SaveError {
    /// The save names another scenario.
    #[error("saved game is for scenario \"{saved}\", not \"{scenario}\"")]
    OtherScenario {
        /// The scenario the save names.
        saved: String,
        /// The scenario it was checked against.
        scenario: String,
    },
    /// The turn is outside the scenario's turns.
    #[error("turn {turn} is outside 1-{turns}")]
    Turn {
        /// The saved turn.
        turn: u8,
        /// The scenario's last turn.
        turns: u8,
    },
    /// No side of that name.
    #[error("unknown side \"{0}\"")]
    UnknownSide(String),
    /// The phase index is outside the scenario's phase list.
    #[error("phase {phase} is outside the scenario's {phases} phases")]
    Phase {
        /// The saved phase index.
        phase: u8,
        /// Phases in the scenario.
        phases: usize,
    },
    /// Not one saved unit per scenario unit.
    #[error("saved game has {saved} units, the scenario {scenario}")]
    UnitCount {
        /// Units in the save.
        saved: usize,
        /// Units in the scenario.
        scenario: usize,
    },
    /// The n-th saved unit is not the scenario's n-th unit.
    #[error("unit {number} is \"{saved}\" in the save but \"{scenario}\" in the scenario")]
    UnitOrder {
        /// Its place, from 1.
        number: usize,
        /// The id in the save.
        saved: String,
        /// The id in the scenario.
        scenario: String,
    },
    /// A unit's hex label is not a hex of the map.
    #[error("unit {unit}: {source}")]
    UnitHex {
        /// The unit's id.
        unit: String,
        /// What is wrong with the label.
        source: LabelError,
    },
    /// More steps than the unit's type has.
    #[error("unit {unit} has {steps} steps, its type at most {most}")]
    Steps {
        /// The unit's id.
        unit: String,
        /// Steps saved.
        steps: u8,
        /// Steps of its type.
        most: u8,
    },
    /// The unit stands where it could not be.
    #[error("unit {unit} stands in {hex}, terrain it cannot enter")]
    Terrain {
        /// The unit's id.
        unit: String,
        /// The hex's label.
        hex: String,
    },
    /// A graded supply state outside the graded model.
    #[error("unit {unit} is in {state} supply, which only the graded supply model has")]
    GradedState {
        /// The unit's id.
        unit: String,
        /// The state's graded name.
        state: &'static str,
    },
    /// A U-level outside U0..U8, or above U0 outside the graded model.
    #[error("unit {unit}: U-level {level} (the graded model's U0 to U8 only)")]
    ULevel {
        /// The unit's id.
        unit: String,
        /// The level saved.
        level: u8,
    },
    /// Movement points spent out of range.
    #[error("unit {unit}: mp_spent {mp} is out of range")]
    MpSpent {
        /// The unit's id.
        unit: String,
        /// The points saved.
        mp: f64,
    },
    /// A charge target that is no unit.
    #[error("unit {unit}: charge target \"{target}\" is not a unit")]
    ChargeTarget {
        /// The unit's id.
        unit: String,
        /// The id saved as its target.
        target: String,
    },
    /// Not one control row per map row.
    #[error("control has {saved} rows, the map {rows}")]
    ControlRows {
        /// Rows saved.
        saved: usize,
        /// Rows of the map.
        rows: u16,
    },
    /// A control row of the wrong length.
    #[error("control row {row} has {saved} hexes, the map {columns} columns")]
    ControlRow {
        /// The row, from 1.
        row: usize,
        /// Hexes saved in it.
        saved: usize,
        /// Columns of the map.
        columns: u16,
    },
    /// A control cell off the map.
    #[error("control grid off the map")]
    ControlOffMap,
    /// A control cell that is not `.`, `0` or `1`.
    #[error("control row {row}: '{found}' is not '.', '0' or '1'")]
    ControlCell {
        /// The row, from 1.
        row: usize,
        /// The character found.
        found: char,
    },
    /// A hex label of the combat fields (`attack_target`, `advance_hex`,
    /// `attacked`) that is not a hex of the map.
    #[error("{field}: {source}")]
    CombatHex {
        /// The field.
        field: &'static str,
        /// What is wrong with the label.
        source: LabelError,
    },
    /// A rail move of a unit the scenario does not have.
    #[error("rail move of unknown unit \"{0}\"")]
    RailUnit(String),
    /// A rail move from a label that is not a hex of the map.
    #[error("rail move of {unit}: {source}")]
    RailHex {
        /// The unit's id.
        unit: String,
        /// What is wrong with the label.
        source: LabelError,
    },
    /// GS-9: a pool or pocket that does not fit the scenario (an unknown
    /// letter or hex, a pocket saved twice).
    #[error("pools: {0}")]
    Pool(String),
    /// GS-10: a hex label of the works that is not a hex of the map.
    #[error("works.{field}: {source}")]
    WorksHex {
        /// The field.
        field: &'static str,
        /// What is wrong with the label.
        source: LabelError,
    },
    /// A position the rules do not allow (`save::validate`).
    #[error(transparent)]
    Illegal(#[from] Illegal),
}

impl GameState {
    /// Rebuilds a state from a saved game, checking it against `scen` and
    /// then against the rules (`save::validate`): the boundary every
    /// file and request from outside goes through.
    pub fn from_saved(scen: &Scenario, saved: &SavedGame) -> Result<GameState, SaveError> {
        let state = Self::from_saved_unchecked(scen, saved)?;
        super::validate::check(scen, &state, saved)?;
        Ok(state)
    }

    /// Rebuilds a state from a saved game checked against `scen` only
    /// (ids, labels, ranges), not against the rules: for a test of one
    /// rule that sets a position up by hand (units placed or removed, a
    /// counter set), which play might never reach. The engine acts on it
    /// as given, like [`GameState::apply_unchecked`]; a file or request
    /// from outside goes through [`GameState::from_saved`].
    pub fn from_saved_unchecked(
        scen: &Scenario,
        saved: &SavedGame,
    ) -> Result<GameState, SaveError> {
        let side = check_header(scen, saved)?;
        let units = saved
            .units
            .iter()
            .zip(scen.units())
            .enumerate()
            .map(|(i, (su, setup))| {
                if crate::scenario::same_id(&su.id, &setup.id) {
                    load_unit(scen, UnitId(i as u16), su)
                } else {
                    Err(SaveError::UnitOrder {
                        number: i + 1,
                        saved: su.id.clone(),
                        scenario: setup.id.clone(),
                    })
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        let control = load_control(scen.grid(), &saved.control)?;
        let mut state = GameState {
            units,
            control,
            turn: saved.turn,
            player: side.0,
            phase: saved.phase,
            steps_lost: saved.steps_lost,
            result: saved.result,
            events: ScenarioEvents::from_bits_retain(saved.events),
            rail_log: RailLog::default(),
            sp: saved.supply_points,
            combat: CombatSlot::default(),
            air: saved.air_points,
            pools: Default::default(),
            srp: saved.works.srp,
            works_done: saved.works.done,
            stamp: Stamp::NONE,
        };
        state.load_pools(scen, saved)?;
        state.load_combat(scen.grid(), saved)?;
        state.load_rail_moves(scen, saved)?;
        state.load_works(scen.grid(), &saved.works)?;
        state.restamp();
        Ok(state)
    }

    /// MAL-CBT-1, -9: the attack being declared, the hex open to an
    /// advance, the hexes attacked this phase.
    fn load_combat(&mut self, grid: &Grid, saved: &SavedGame) -> Result<(), SaveError> {
        let parse = |l: &str, field| {
            grid.parse(l)
                .map_err(|source| SaveError::CombatHex { field, source })
        };
        let hex_or_none =
            |s: &Option<String>, field| s.as_deref().map_or(Ok(HexId::NONE), |l| parse(l, field));
        self.combat.target = hex_or_none(&saved.attack_target, "attack_target")?;
        self.combat.advance = hex_or_none(&saved.advance_hex, "advance_hex")?;
        for l in &saved.attacked {
            let h = parse(l, "attacked")?;
            self.control[h.index()] |= HEX_ATTACKED;
        }
        Ok(())
    }

    /// MAL-RAIL-6: the rail moves of the phase (the first
    /// [`RailLog::CAPACITY`]; any more are ignored).
    fn load_rail_moves(&mut self, scen: &Scenario, saved: &SavedGame) -> Result<(), SaveError> {
        for r in saved.rail_moves.iter().take(RailLog::CAPACITY) {
            let u = scen
                .unit_by_id(&r.unit)
                .ok_or_else(|| SaveError::RailUnit(r.unit.clone()))?;
            let from = scen
                .grid()
                .parse(&r.from)
                .map_err(|source| SaveError::RailHex {
                    unit: r.unit.clone(),
                    source,
                })?;
            self.rail_log.push(u, from);
        }
        Ok(())
    }
}

/// The scenario, turn, side, phase and unit count; the phasing side.
fn check_header(scen: &Scenario, saved: &SavedGame) -> Result<Side, SaveError> {
    if saved.scenario != scen.name() {
        return Err(SaveError::OtherScenario {
            saved: saved.scenario.clone(),
            scenario: scen.name().to_string(),
        });
    }
    if saved.turn < 1 || saved.turn > scen.turns() {
        return Err(SaveError::Turn {
            turn: saved.turn,
            turns: scen.turns(),
        });
    }
    let side = scen
        .side_by_name(&saved.side)
        .ok_or_else(|| SaveError::UnknownSide(saved.side.clone()))?;
    if saved.phase as usize >= scen.phases().len() {
        return Err(SaveError::Phase {
            phase: saved.phase,
            phases: scen.phases().len(),
        });
    }
    if saved.units.len() != scen.units().len() {
        return Err(SaveError::UnitCount {
            saved: saved.units.len(),
            scenario: scen.units().len(),
        });
    }
    Ok(side)
}

/// One unit, checked against its type and the supply model.
fn load_unit(scen: &Scenario, id: UnitId, su: &SavedUnit) -> Result<UnitState, SaveError> {
    let grid = scen.grid();
    let unit = || su.id.clone();
    let hex = match &su.hex {
        Some(l) => grid.parse(l).map_err(|source| SaveError::UnitHex {
            unit: unit(),
            source,
        })?,
        None => HexId::NONE,
    };
    let ty = scen.unit_type(id);
    if su.steps > ty.steps() {
        return Err(SaveError::Steps {
            unit: unit(),
            steps: su.steps,
            most: ty.steps(),
        });
    }
    if hex.is_some() && su.steps > 0 && !scen.can_stand(hex, ty.class) {
        return Err(SaveError::Terrain {
            unit: unit(),
            hex: grid.label(hex),
        });
    }
    let graded = scen.supply_rules().model == SupplyModel::Graded;
    if !graded && matches!(su.supply, SupplyState::Limited | SupplyState::Special) {
        return Err(SaveError::GradedState {
            unit: unit(),
            state: su.supply.graded_name(),
        });
    }
    if su.u_level > 8 || (su.u_level > 0 && !graded) {
        return Err(SaveError::ULevel {
            unit: unit(),
            level: su.u_level,
        });
    }
    let ticks = su.mp_spent * Mp::SCALE as f64;
    if !(0.0..=u16::MAX as f64 / 2.0).contains(&ticks) {
        return Err(SaveError::MpSpent {
            unit: unit(),
            mp: su.mp_spent,
        });
    }
    let charge_target = match &su.charge_target {
        None => UnitId(0),
        Some(target) => scen
            .unit_by_id(target)
            .ok_or_else(|| SaveError::ChargeTarget {
                unit: unit(),
                target: target.clone(),
            })?,
    };
    Ok(UnitState {
        hex,
        mp_spent: Mp(ticks.round() as u16),
        steps: su.steps,
        morale: su.morale,
        strength_loss: su.strength_loss,
        flags: UnitFlags::from_bits_retain(su.flags),
        charge_target,
        supply: su.supply,
        u_level: su.u_level,
        pool: crate::state::POOL_FRONT, // GS-9: set by `load_pools`
    })
}

/// The control rows: `.` none, `0` first side, `1` second (D-TURN-2).
fn load_control(grid: &Grid, rows: &[String]) -> Result<Vec<u16>, SaveError> {
    if rows.len() != grid.rows() as usize {
        return Err(SaveError::ControlRows {
            saved: rows.len(),
            rows: grid.rows(),
        });
    }
    let mut control = vec![0u16; grid.len()];
    for (r, row) in rows.iter().enumerate() {
        if row.chars().count() != grid.columns() as usize {
            return Err(SaveError::ControlRow {
                row: r + 1,
                saved: row.chars().count(),
                columns: grid.columns(),
            });
        }
        for (c, ch) in row.chars().enumerate() {
            let h = grid
                .at(c as u16 + 1, r as u16 + 1)
                .ok_or(SaveError::ControlOffMap)?;
            control[h.index()] = match ch {
                '.' => 0,
                '0' => 1,
                '1' => 2,
                found => return Err(SaveError::ControlCell { row: r + 1, found }),
            };
        }
    }
    Ok(control)
}
