//! The shapes of the play API's JSON (docs/PLAY-API.md): actions as the
//! page sends them, and the answers built from the scenario and the state.

use std::collections::BTreeMap;

use hexwar_engine::scenario::place_bits;
use hexwar_engine::state::UnitFlags;
use hexwar_engine::{
    Action, Event, GameState, HexId, PhaseKind, Scenario, Side, UnitId, charge, combat, movement,
    rail,
};
use serde::{Deserialize, Serialize};

use crate::show::counter_values;
use crate::svg;

/// An action as the page sends it: units by id, hexes by label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ActionJson {
    /// Normal movement to a hex.
    Move {
        /// Unit id.
        unit: String,
        /// Hex label.
        to: String,
    },
    /// Rail movement to a hex.
    RailMove {
        /// Unit id.
        unit: String,
        /// Hex label.
        to: String,
    },
    /// Take back a rail move (MAL-RAIL-6).
    UndoRail {
        /// Unit id.
        unit: String,
    },
    /// Spend supply points on a unit (GS-4).
    SpendSupply {
        /// Unit id.
        unit: String,
    },
    /// Commit a unit to the attack on a hex.
    Attack {
        /// Unit id.
        unit: String,
        /// Hex label.
        target: String,
    },
    /// Roll the attack being declared.
    Resolve {
        /// Air points committed (default 0).
        #[serde(default)]
        air: u8,
    },
    /// Withdraw the attack being declared.
    CancelAttack,
    /// Advance after combat (MAL-CBT-9).
    Advance {
        /// Unit id.
        unit: String,
    },
    /// Charge (MP-CHG-1..6).
    Charge {
        /// Unit id.
        unit: String,
        /// Hex label.
        target: String,
    },
    /// End the phase.
    EndPhase,
}

/// Why a unit id or hex label names nothing (404).
pub struct NotFound(pub String);

fn unit_id(scen: &Scenario, id: &str) -> Result<UnitId, NotFound> {
    scen.unit_by_id(id)
        .ok_or_else(|| NotFound(format!("no unit \"{id}\" in scenario {}", scen.name())))
}

/// A hex by its label, or a 404 message naming it.
pub fn hex_id(scen: &Scenario, label: &str) -> Result<HexId, NotFound> {
    scen.grid()
        .parse(label.trim())
        .map_err(|e| NotFound(format!("no hex \"{label}\" on this map: {e}")))
}

/// A unit by its id, or a 404 message naming it.
pub fn find_unit(scen: &Scenario, id: &str) -> Result<UnitId, NotFound> {
    unit_id(scen, id)
}

impl ActionJson {
    /// The engine's action, with ids and labels looked up.
    pub fn to_action(&self, scen: &Scenario) -> Result<Action, NotFound> {
        let u = |id: &str| unit_id(scen, id);
        let h = |l: &str| hex_id(scen, l);
        Ok(match self {
            ActionJson::Move { unit, to } => Action::Move {
                unit: u(unit)?,
                to: h(to)?,
            },
            ActionJson::RailMove { unit, to } => Action::RailMove {
                unit: u(unit)?,
                to: h(to)?,
            },
            ActionJson::UndoRail { unit } => Action::UndoRail { unit: u(unit)? },
            ActionJson::SpendSupply { unit } => Action::SpendSupply { unit: u(unit)? },
            ActionJson::Attack { unit, target } => Action::Attack {
                unit: u(unit)?,
                target: h(target)?,
            },
            ActionJson::Resolve { air } => Action::Resolve { air: *air },
            ActionJson::CancelAttack => Action::CancelAttack,
            ActionJson::Advance { unit } => Action::Advance { unit: u(unit)? },
            ActionJson::Charge { unit, target } => Action::Charge {
                unit: u(unit)?,
                target: h(target)?,
            },
            ActionJson::EndPhase => Action::EndPhase,
        })
    }

    /// The page's shape of an engine action.
    pub fn from_action(scen: &Scenario, a: Action) -> ActionJson {
        let u = |x: UnitId| scen.unit(x).id.clone();
        let h = |x: HexId| scen.grid().label(x);
        match a {
            Action::Move { unit, to } => ActionJson::Move {
                unit: u(unit),
                to: h(to),
            },
            Action::RailMove { unit, to } => ActionJson::RailMove {
                unit: u(unit),
                to: h(to),
            },
            Action::UndoRail { unit } => ActionJson::UndoRail { unit: u(unit) },
            Action::SpendSupply { unit } => ActionJson::SpendSupply { unit: u(unit) },
            Action::Attack { unit, target } => ActionJson::Attack {
                unit: u(unit),
                target: h(target),
            },
            Action::Resolve { air } => ActionJson::Resolve { air },
            Action::CancelAttack => ActionJson::CancelAttack,
            Action::Advance { unit } => ActionJson::Advance { unit: u(unit) },
            Action::Charge { unit, target } => ActionJson::Charge {
                unit: u(unit),
                target: h(target),
            },
            Action::EndPhase => ActionJson::EndPhase,
        }
    }
}

/// A side by id and name.
#[derive(Clone, Debug, Serialize)]
pub struct SideJson {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
}

/// An objective on a hex.
#[derive(Clone, Debug, Serialize)]
pub struct ObjectiveJson {
    /// Name.
    pub name: String,
    /// Victory points.
    pub vp: i32,
    /// The only side that scores it, if one.
    pub side: Option<String>,
}

/// One hex of the map.
#[derive(Clone, Debug, Serialize)]
pub struct HexJson {
    /// Label.
    pub label: String,
    /// Centre, SVG units of `/map.svg`.
    pub x: f64,
    /// Centre, SVG units of `/map.svg`.
    pub y: f64,
    /// Terrain name.
    pub terrain: String,
    /// Place name.
    pub name: Option<String>,
    /// A named place.
    pub town: bool,
    /// A port.
    pub port: bool,
    /// A fort.
    pub fort: bool,
    /// The objective there.
    pub objective: Option<ObjectiveJson>,
}

/// One unit as set up.
#[derive(Clone, Debug, Serialize)]
pub struct UnitInfo {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Side id.
    pub side: String,
    /// Unit type name.
    #[serde(rename = "type")]
    pub unit_type: String,
    /// Rule kind.
    pub kind: &'static str,
    /// Counter symbol.
    pub symbol: String,
    /// Steps at full strength.
    pub steps: u8,
    /// Attack per step, full first.
    pub attack: Vec<f64>,
    /// Defense per step, full first.
    pub defense: Vec<f64>,
    /// Movement allowance.
    pub movement: f64,
    /// Morale value.
    pub morale: Option<u8>,
    /// Arrival turn.
    pub arrives: u8,
    /// Set-up or entry hex.
    pub hex: String,
}

/// The combat table's shape.
#[derive(Clone, Debug, Serialize)]
pub struct CombatInfo {
    /// Column names, lowest first.
    pub columns: Vec<String>,
    /// Air points per side each game turn.
    pub air: [u8; 2],
}

/// `GET /api/scenario`.
#[derive(Clone, Debug, Serialize)]
pub struct ScenarioJson {
    /// Name.
    pub name: String,
    /// Title.
    pub title: String,
    /// Description.
    pub description: String,
    /// Game turns.
    pub turns: u8,
    /// Both sides.
    pub sides: [SideJson; 2],
    /// The person's side id.
    pub human: String,
    /// The AI spec.
    pub ai: String,
    /// The phases of a player-turn.
    pub phases: Vec<&'static str>,
    /// Centre to corner, SVG units.
    pub hex_size: f64,
    /// Drawing width.
    pub width: f64,
    /// Drawing height.
    pub height: f64,
    /// Every hex.
    pub hexes: Vec<HexJson>,
    /// Every unit.
    pub units: Vec<UnitInfo>,
    /// Combat table.
    pub combat: CombatInfo,
}

/// Builds `GET /api/scenario`.
pub fn scenario_json(scen: &Scenario, human: Side, ai: &str) -> ScenarioJson {
    let grid = scen.grid();
    let (width, height) = svg::dimensions(scen);
    let side_id = |s: Side| scen.side(s).id.clone();
    let hexes =
        grid.hexes()
            .map(|h| {
                let (x, y) = svg::hex_centre(scen, h);
                let name = scen.place_name(h).map(str::to_string);
                HexJson {
                    label: grid.label(h),
                    x: (x * 10.0).round() / 10.0,
                    y: (y * 10.0).round() / 10.0,
                    terrain: scen.terrain(h).name.clone(),
                    town: name.is_some(),
                    name,
                    port: scen.places(h) & (place_bits::EAST_PORT | place_bits::WEST_PORT) != 0,
                    fort: scen.is_fort(h),
                    objective: scen.objectives().iter().find(|o| o.hex == h).map(|o| {
                        ObjectiveJson {
                            name: o.name.clone(),
                            vp: o.vp,
                            side: o.side.map(side_id),
                        }
                    }),
                }
            })
            .collect();
    let units = scen
        .units()
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let ty = scen.unit_type(UnitId(i as u16));
            UnitInfo {
                id: s.id.clone(),
                name: s.name.clone(),
                side: side_id(s.side),
                unit_type: ty.name.clone(),
                kind: ty.kind.name(),
                symbol: ty.symbol.clone(),
                steps: ty.steps(),
                attack: ty.attack.clone(),
                defense: ty.defense.clone(),
                movement: ty.movement.as_f64(),
                morale: ty.morale,
                arrives: s.arrives,
                hex: grid.label(s.hex),
            }
        })
        .collect();
    let c = scen.combat();
    ScenarioJson {
        name: scen.name().to_string(),
        title: scen.title().to_string(),
        description: scen.description().to_string(),
        turns: scen.turns(),
        sides: Side::BOTH.map(|s| SideJson {
            id: side_id(s),
            name: scen.side(s).name.clone(),
        }),
        human: side_id(human),
        ai: ai.to_string(),
        phases: scen.phases().iter().map(|p| p.name()).collect(),
        hex_size: svg::SIZE,
        width,
        height,
        hexes,
        units,
        combat: CombatInfo {
            columns: (0..c.columns.len()).map(|i| c.column_name(i)).collect(),
            air: c.air,
        },
    }
}

/// A combat's dice in the log.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiceJson {
    /// The die as rolled.
    pub roll: u8,
    /// After modifiers.
    pub modified: u8,
    /// The table's result.
    pub result: String,
}

/// One line of the game's log.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LogEntry {
    /// Game turn.
    pub turn: u8,
    /// Phasing side's id.
    pub side: String,
    /// The event as `hexwar replay` prints it.
    pub text: String,
    /// A combat's dice.
    pub dice: Option<DiceJson>,
}

/// Describes events for the log; `cursor` is the (turn, side) of the last
/// phase begun (turn 0 and the second side before the game's first), moved
/// on by each phase's start.
pub fn log_entries(scen: &Scenario, cursor: &mut (u8, Side), events: &[Event]) -> Vec<LogEntry> {
    events
        .iter()
        .map(|e| {
            if let Event::PhaseBegan { turn, side, .. } = e {
                *cursor = (*turn, *side);
            }
            // Arrivals come just before their side's player-turn begins:
            // they belong to it, not to the one that just ended.
            let (turn, side) = match e {
                Event::Arrived { unit, .. }
                | Event::Delayed { unit, .. }
                | Event::Landing { unit, .. } => {
                    let s = scen.unit(*unit).side;
                    let turn = if s.index() > cursor.1.index() {
                        cursor.0
                    } else {
                        cursor.0 + 1
                    };
                    (turn, s)
                }
                _ => *cursor,
            };
            LogEntry {
                turn,
                side: scen.side(side).id.clone(),
                text: e.describe(scen),
                dice: match e {
                    Event::Combat { roll, .. } => Some(DiceJson {
                        roll: roll.die,
                        modified: roll.modified,
                        result: roll.result.to_string(),
                    }),
                    _ => None,
                },
            }
        })
        .collect()
}

/// The game's result.
#[derive(Clone, Debug, Serialize)]
pub struct ResultJson {
    /// Winner's side id, or none for a draw.
    pub winner: Option<String>,
    /// `decisive`, `marginal`, `draw`.
    pub level: &'static str,
    /// Victory points per side.
    pub vp: [i32; 2],
    /// Steps lost per side.
    pub steps_lost: [u16; 2],
    /// For people.
    pub reason: String,
}

/// Rail moves used and allowed this phase.
#[derive(Clone, Debug, Serialize)]
pub struct RailJson {
    /// Used.
    pub used: u8,
    /// The phasing side's capacity.
    pub capacity: u8,
}

/// The attack being declared.
#[derive(Clone, Debug, Serialize)]
pub struct AttackJson {
    /// Defending hex.
    pub target: String,
    /// Committed units.
    pub attackers: Vec<String>,
}

/// The hex a combat emptied, and who may advance into it.
#[derive(Clone, Debug, Serialize)]
pub struct AdvanceJson {
    /// The hex.
    pub hex: String,
    /// Units that may advance now.
    pub units: Vec<String>,
}

/// One unit in the state.
#[derive(Clone, Debug, Serialize)]
pub struct UnitJson {
    /// Id.
    pub id: String,
    /// Hex label, none off the map.
    pub hex: Option<String>,
    /// Steps left (0: eliminated).
    pub steps: u8,
    /// Morale left, for units with morale.
    pub morale: Option<u8>,
    /// Counter values, attack-movement.
    pub strength: String,
    /// Movement points left this phase.
    pub mp_left: f64,
    /// Supply state as last judged.
    pub supply: &'static str,
    /// GS-2 U-level.
    pub u_level: u8,
    /// Moved this player-turn.
    pub moved: bool,
    /// Attacked this Combat Phase.
    pub attacked: bool,
    /// Committed to the attack being declared.
    pub committed: bool,
    /// The person may move it now.
    pub can_move: bool,
    /// The person may move it by rail now.
    pub can_rail: bool,
    /// The person may commit it to an attack now.
    pub can_attack: bool,
    /// The person may charge with it now.
    pub can_charge: bool,
}

/// `GET /api/state`.
#[derive(Clone, Debug, Serialize)]
pub struct StateJson {
    /// Counts changes.
    pub version: u64,
    /// The game's seed.
    pub seed: u64,
    /// Game turn.
    pub turn: u8,
    /// Game turns in all.
    pub turns: u8,
    /// Phasing side's id.
    pub side: String,
    /// Phase name.
    pub phase: &'static str,
    /// The person is to act.
    pub your_turn: bool,
    /// The game has ended.
    pub over: bool,
    /// The result, once over.
    pub result: Option<ResultJson>,
    /// Victory points now.
    pub vp: [i32; 2],
    /// Steps lost per side.
    pub steps_lost: [u16; 2],
    /// Rail capacity.
    pub rail: RailJson,
    /// Air points left per side this game turn.
    pub air_points: [u8; 2],
    /// Supply points per side.
    pub supply_points: [u16; 2],
    /// The attack being declared.
    pub attack: Option<AttackJson>,
    /// Advance after combat open.
    pub advance: Option<AdvanceJson>,
    /// Every unit, scenario order.
    pub units: Vec<UnitJson>,
    /// Controlled hexes: label to side id.
    pub control: BTreeMap<String, String>,
    /// Units whose rail move may be taken back.
    pub rail_moves: Vec<String>,
    /// The whole log.
    pub log: Vec<LogEntry>,
    /// What the AI said it means to do.
    pub intent: Vec<String>,
}

/// What [`state_json`] reads besides the position.
pub struct StateContext<'a> {
    /// Counts changes.
    pub version: u64,
    /// The game's seed.
    pub seed: u64,
    /// The person's side.
    pub human: Side,
    /// The log.
    pub log: &'a [LogEntry],
    /// The AI's intent.
    pub intent: &'a [String],
}

fn supply_name(scen: &Scenario, s: hexwar_engine::SupplyState) -> &'static str {
    if scen.supply_rules().graded.is_some() {
        s.graded_name()
    } else {
        s.name()
    }
}

/// Whether `u` may join an attack on some adjacent hex now.
fn may_attack(scen: &Scenario, st: &GameState, u: UnitId) -> bool {
    let us = st.unit(u);
    if st.phase(scen) != PhaseKind::Combat {
        return false;
    }
    if us.has(UnitFlags::LANDING) {
        return combat::can_attack(scen, st, u, scen.unit(u).hex).is_ok();
    }
    us.on_map()
        && scen
            .grid()
            .neighbours(us.hex)
            .iter()
            .any(|&n| n.is_some() && combat::can_attack(scen, st, u, n).is_ok())
}

/// Builds `GET /api/state`.
pub fn state_json(scen: &Scenario, st: &GameState, cx: &StateContext<'_>) -> StateJson {
    let grid = scen.grid();
    let your_turn = !st.is_over() && st.active_side() == cx.human;
    let side_id = |s: Side| scen.side(s).id.clone();
    let uid = |u: UnitId| scen.unit(u).id.clone();
    let units = (0..scen.units().len())
        .map(|i| {
            let u = UnitId(i as u16);
            let us = st.unit(u);
            let ty = scen.unit_type(u);
            let mine = your_turn && scen.unit(u).side == cx.human;
            UnitJson {
                id: uid(u),
                hex: us.on_map().then(|| grid.label(us.hex)),
                steps: us.steps,
                morale: ty.morale.map(|_| us.morale),
                strength: counter_values(scen, u, us.steps),
                mp_left: st.mp_left(scen, u).as_f64(),
                supply: supply_name(scen, us.supply),
                u_level: us.u_level,
                moved: us.has(UnitFlags::MOVED),
                attacked: us.has(UnitFlags::ATTACKED),
                committed: us.has(UnitFlags::COMMITTED),
                can_move: mine && movement::can_move(scen, st, u),
                can_rail: mine && rail::eligibility(scen, st, u).is_ok(),
                can_attack: mine && may_attack(scen, st, u),
                can_charge: mine && {
                    let mut any = false;
                    charge::for_each_charge(scen, st, u, |_| any = true);
                    any
                },
            }
        })
        .collect();
    let combat = st.combat();
    let flagged = |flag: UnitFlags| -> Vec<String> {
        (0..scen.units().len())
            .map(|i| UnitId(i as u16))
            .filter(|&u| st.unit(u).has(flag))
            .map(uid)
            .collect()
    };
    let attack = combat.target.is_some().then(|| AttackJson {
        target: grid.label(combat.target),
        attackers: flagged(UnitFlags::COMMITTED),
    });
    let advance = combat.advance.is_some().then(|| AdvanceJson {
        hex: grid.label(combat.advance),
        units: (0..scen.units().len())
            .map(|i| UnitId(i as u16))
            .filter(|&u| st.check(scen, Action::Advance { unit: u }).is_ok())
            .map(uid)
            .collect(),
    });
    let control = grid
        .hexes()
        .filter_map(|h| st.control(h).map(|s| (grid.label(h), side_id(s))))
        .collect();
    let vp = st.victory_points(scen);
    StateJson {
        version: cx.version,
        seed: cx.seed,
        turn: st.turn(),
        turns: scen.turns(),
        side: side_id(st.active_side()),
        phase: st.phase(scen).name(),
        your_turn,
        over: st.is_over(),
        result: st.result().map(|r| {
            let level = r.level.name();
            let reason = match r.winner {
                Some(w) => format!(
                    "{} wins a {level} victory, {} VP to {}",
                    scen.side(w).name,
                    r.vp[w.index()],
                    r.vp[w.other().index()]
                ),
                None => format!("a draw, {} VP to {}", r.vp[0], r.vp[1]),
            };
            ResultJson {
                winner: r.winner.map(side_id),
                level,
                vp: r.vp,
                steps_lost: st.steps_lost(),
                reason,
            }
        }),
        vp,
        steps_lost: st.steps_lost(),
        rail: RailJson {
            used: st.rail_used(),
            capacity: scen.rail_capacity(st.active_side()),
        },
        air_points: Side::BOTH.map(|s| st.air_points(s)),
        supply_points: Side::BOTH.map(|s| st.supply_points(s)),
        attack,
        advance,
        units,
        control,
        rail_moves: st.rail_moves().iter().map(|(u, _)| uid(*u)).collect(),
        log: cx.log.to_vec(),
        intent: cx.intent.to_vec(),
    }
}
