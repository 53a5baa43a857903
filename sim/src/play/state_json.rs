//! `GET /api/state` ([`StateJson`]): the position as the page shows it
//! (every unit with what the person may do with it now, control, the
//! attack being declared, the result), and the game's log ([`LogEntry`],
//! each event as `hexwar replay` tells it).

use std::collections::BTreeMap;

use hexwar_engine::state::UnitFlags;
use hexwar_engine::{
    Action, Event, GameState, PhaseKind, Scenario, Side, SupplyState, UnitId, charge, combat,
    movement, rail,
};
use serde::Serialize;

use crate::counter::counter_now;
use crate::record::log::TurnCursor;

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

/// Describes events for the log, each under the player-turn it belongs
/// to and in the order a log tells them ([`TurnCursor`]).
pub fn log_entries(scen: &Scenario, cursor: &mut TurnCursor, events: &[Event]) -> Vec<LogEntry> {
    cursor
        .place(scen, events)
        .into_iter()
        .map(|(turn, side, e)| log_entry(scen, turn, side, &e))
        .collect()
}

/// One event as a log line, in the player-turn `(turn, side)`.
pub fn log_entry(scen: &Scenario, turn: u8, side: Side, e: &Event) -> LogEntry {
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
    /// Counter values, attack-movement, as combat uses them: the attack
    /// strength for its steps less strength lost to morale (MP-CHG-5).
    pub strength: String,
    /// Movement points left this phase.
    pub mp_left: f64,
    /// Supply state as last judged.
    pub supply: &'static str,
    /// GS-2 U-level.
    pub u_level: u8,
    /// The supply marker its counter wears, none in (full) supply:
    /// `OOS` out of supply (binary model); in the graded model `L` in
    /// limited supply, `U1`..`U8` out of supply, `S` (or `S-U2`) in
    /// special supply.
    pub supply_marker: Option<String>,
    /// GS-7: it wears an isolation marker.
    pub isolated: bool,
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
    /// GS-10: strategic resource points and the works on the map; `None`
    /// in a scenario without them.
    pub works: Option<WorksJson>,
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
    /// The person's actions of this phase that Undo can take back.
    pub undo: usize,
    /// Actions undone that Redo can play again.
    pub redo: usize,
    /// Where the replay viewer stands, when it is open.
    pub replay: Option<super::viewer::ReplayAt>,
}

/// GS-10 in `GET /api/state`.
#[derive(Clone, Debug, Serialize)]
pub struct WorksJson {
    /// Strategic resource points per side, in side order.
    pub srp: [u16; 2],
    /// Works the phasing side has done this player-turn.
    pub done: u8,
    /// The most works a side may do in a player-turn.
    pub per_turn: u8,
    /// Hexes whose rail line is broken.
    pub broken_rail: Vec<String>,
    /// Hexes with a built fort.
    pub forts: Vec<String>,
    /// Hexes with a built airbase.
    pub airbases: Vec<String>,
}

/// GS-10: the works as the page shows them.
fn works_json(scen: &Scenario, st: &GameState) -> Option<WorksJson> {
    let r = scen.srp()?;
    let labels = |it: &mut dyn Iterator<Item = hexwar_engine::HexId>| {
        it.map(|h| scen.grid().label(h)).collect::<Vec<_>>()
    };
    Some(WorksJson {
        srp: Side::BOTH.map(|s| st.srp(s)),
        done: st.works_done(),
        per_turn: r.per_turn,
        broken_rail: labels(&mut st.broken_rail()),
        forts: labels(&mut st.built_forts()),
        airbases: labels(&mut st.built_airbases()),
    })
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
    /// Actions that can be undone.
    pub undo: usize,
    /// Actions that can be redone.
    pub redo: usize,
}

fn supply_name(scen: &Scenario, s: hexwar_engine::SupplyState) -> &'static str {
    if scen.supply_rules().graded.is_some() {
        s.graded_name()
    } else {
        s.name()
    }
}

/// The supply marker of a unit in `s` at U-level `level` (see
/// [`UnitJson::supply_marker`]).
fn supply_marker(scen: &Scenario, s: SupplyState, level: u8) -> Option<String> {
    let graded = scen.supply_rules().graded.is_some();
    match s {
        SupplyState::Full => None,
        SupplyState::Out if graded => Some(format!("U{}", level.max(1))),
        SupplyState::Out => Some("OOS".into()),
        SupplyState::Limited => Some("L".into()),
        SupplyState::Special if level > 0 => Some(format!("S-U{level}")),
        SupplyState::Special => Some("S".into()),
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
                strength: counter_now(scen, st, u),
                mp_left: st.mp_left(scen, u).as_f64(),
                supply: supply_name(scen, us.supply),
                u_level: us.u_level,
                supply_marker: us
                    .on_map()
                    .then(|| supply_marker(scen, us.supply, us.u_level))
                    .flatten(),
                isolated: us.has(UnitFlags::COMBAT_ISOLATED) || us.has(UnitFlags::SUPPLY_ISOLATED),
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
        works: works_json(scen, st),
        attack,
        advance,
        units,
        control,
        rail_moves: st.rail_moves().iter().map(|(u, _)| uid(*u)).collect(),
        log: cx.log.to_vec(),
        intent: cx.intent.to_vec(),
        undo: cx.undo,
        redo: cx.redo,
        replay: None,
    }
}
