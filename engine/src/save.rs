//! Saved games: a [`GameState`] written with unit ids and hex labels, so a
//! file stays readable and survives a scenario being re-ordered. Loading
//! checks every field against the scenario.

use serde::{Deserialize, Serialize};

use crate::hex::HexId;
use crate::scenario::{Mp, Scenario, Side, SupplyModel};
use crate::state::{GameResult, GameState, SupplyState, UnitId, UnitState};

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
    /// Flag bits ([`crate::state::unit_flags`]; the GS-7 isolation markers among them).
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
                flags: u.flags,
                charge_target: (u.flags & crate::state::unit_flags::CHARGED != 0)
                    .then(|| scen.units()[u.charge_target.index()].id.clone()),
                supply: u.supply,
                u_level: u.u_level,
            })
            .collect();
        let control = (1..=grid.rows())
            .map(|r| {
                (1..=grid.columns())
                    .map(|c| {
                        match grid
                            .at(c, r)
                            .map_or(0, |h| self.control[h.index()] & !crate::state::HEX_ATTACKED)
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
            events: self.events,
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
            units,
            control,
        }
    }

    /// Rebuilds a state from a saved game, checking it against `scen`.
    pub fn from_saved(scen: &Scenario, saved: &SavedGame) -> Result<GameState, String> {
        let grid = scen.grid();
        if saved.scenario != scen.name() {
            return Err(format!(
                "saved game is for scenario \"{}\", not \"{}\"",
                saved.scenario,
                scen.name()
            ));
        }
        if saved.turn < 1 || saved.turn > scen.turns() {
            return Err(format!("turn {} is outside 1-{}", saved.turn, scen.turns()));
        }
        let side = scen
            .side_by_name(&saved.side)
            .ok_or_else(|| format!("unknown side \"{}\"", saved.side))?;
        if saved.phase as usize >= scen.phases().len() {
            return Err(format!(
                "phase {} is outside the scenario's {} phases",
                saved.phase,
                scen.phases().len()
            ));
        }
        if saved.units.len() != scen.units().len() {
            return Err(format!(
                "saved game has {} units, the scenario {}",
                saved.units.len(),
                scen.units().len()
            ));
        }
        let mut units = Vec::with_capacity(saved.units.len());
        for (i, (su, setup)) in saved.units.iter().zip(scen.units()).enumerate() {
            if !su.id.eq_ignore_ascii_case(&setup.id) {
                return Err(format!(
                    "unit {} is \"{}\" in the save but \"{}\" in the scenario",
                    i + 1,
                    su.id,
                    setup.id
                ));
            }
            let hex = match &su.hex {
                Some(l) => grid.parse(l).map_err(|e| format!("unit {}: {e}", su.id))?,
                None => HexId::NONE,
            };
            let ty = scen.unit_type(UnitId(i as u16));
            if su.steps > ty.steps() {
                return Err(format!(
                    "unit {} has {} steps, its type at most {}",
                    su.id,
                    su.steps,
                    ty.steps()
                ));
            }
            if hex.is_some() && su.steps > 0 && !scen.can_stand(hex, ty.class) {
                return Err(format!(
                    "unit {} stands in {}, terrain it cannot enter",
                    su.id,
                    grid.label(hex)
                ));
            }
            let graded = scen.supply_rules().model == SupplyModel::Graded;
            if !graded && matches!(su.supply, SupplyState::Limited | SupplyState::Special) {
                return Err(format!(
                    "unit {} is in {} supply, which only the graded supply model has",
                    su.id,
                    su.supply.graded_name()
                ));
            }
            if su.u_level > 8 || (su.u_level > 0 && !graded) {
                return Err(format!(
                    "unit {}: U-level {} (the graded model's U0 to U8 only)",
                    su.id, su.u_level
                ));
            }
            let ticks = su.mp_spent * Mp::SCALE as f64;
            if !(0.0..=u16::MAX as f64 / 2.0).contains(&ticks) {
                return Err(format!(
                    "unit {}: mp_spent {} is out of range",
                    su.id, su.mp_spent
                ));
            }
            units.push(UnitState {
                hex,
                mp_spent: Mp(ticks.round() as u16),
                steps: su.steps,
                morale: su.morale,
                strength_loss: su.strength_loss,
                flags: su.flags,
                charge_target: match &su.charge_target {
                    None => UnitId(0),
                    Some(id) => scen.unit_by_id(id).ok_or_else(|| {
                        format!("unit {}: charge target \"{id}\" is not a unit", su.id)
                    })?,
                },
                supply: su.supply,
                u_level: su.u_level,
            });
        }
        if saved.control.len() != grid.rows() as usize {
            return Err(format!(
                "control has {} rows, the map {}",
                saved.control.len(),
                grid.rows()
            ));
        }
        let mut control = vec![0u8; grid.len()];
        for (r, row) in saved.control.iter().enumerate() {
            if row.chars().count() != grid.columns() as usize {
                return Err(format!(
                    "control row {} has {} hexes, the map {} columns",
                    r + 1,
                    row.chars().count(),
                    grid.columns()
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                let h = grid
                    .at(c as u16 + 1, r as u16 + 1)
                    .ok_or("control grid off the map")?;
                control[h.index()] = match ch {
                    '.' => 0,
                    '0' => 1,
                    '1' => 2,
                    x => {
                        return Err(format!(
                            "control row {}: '{x}' is not '.', '0' or '1'",
                            r + 1
                        ));
                    }
                };
            }
        }
        let state = GameState {
            units,
            control,
            turn: saved.turn,
            player: side.0,
            phase: saved.phase,
            steps_lost: saved.steps_lost,
            result: saved.result,
            events: saved.events,
            rail_log: [(UnitId(0), HexId::NONE); 4],
            rail_used: 0,
            sp: saved.supply_points,
            combat: Default::default(),
            air: saved.air_points,
            stamp: 0,
        };
        let mut state = state;
        let hex_or_none = |s: &Option<String>, what: &str| -> Result<HexId, String> {
            match s {
                None => Ok(HexId::NONE),
                Some(l) => grid.parse(l).map_err(|e| format!("{what}: {e}")),
            }
        };
        state.combat.target = hex_or_none(&saved.attack_target, "attack_target")?;
        state.combat.advance = hex_or_none(&saved.advance_hex, "advance_hex")?;
        for l in &saved.attacked {
            let h = grid.parse(l).map_err(|e| format!("attacked: {e}"))?;
            state.control[h.index()] |= crate::state::HEX_ATTACKED;
        }
        for (i, r) in saved.rail_moves.iter().enumerate().take(4) {
            let u = scen
                .unit_by_id(&r.unit)
                .ok_or_else(|| format!("rail move of unknown unit \"{}\"", r.unit))?;
            let from = grid
                .parse(&r.from)
                .map_err(|e| format!("rail move of {}: {e}", r.unit))?;
            state.rail_log[i] = (u, from);
            state.rail_used = i as u8 + 1;
        }
        // D-STACK-1 and enemy stacks: a saved game may not hold an illegal position.
        let mut count = vec![[0u8; 2]; grid.len()];
        for (i, u) in state.units.iter().enumerate() {
            if u.on_map() {
                let s: Side = scen.units()[i].side;
                let c = &mut count[u.hex.index()];
                c[s.index()] += 1;
                if c[0] > 0 && c[1] > 0 {
                    return Err(format!(
                        "hex {} holds units of both sides",
                        grid.label(u.hex)
                    ));
                }
                if c[s.index()] > scen.stacking() {
                    return Err(format!("hex {} is overstacked", grid.label(u.hex)));
                }
            }
        }
        state.restamp();
        Ok(state)
    }
}
