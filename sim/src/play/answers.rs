//! The answers that ask the rules about a unit or an attack:
//! `GET /api/unit/{id}` (its moves, rail moves, supply, attacks and
//! charges, from [`crate::inspect`]) and `GET /api/odds` (the exact odds of
//! an attack being declared or asked about).

use hexwar_engine::action::cite;
use hexwar_engine::{
    Action, GameState, HexId, Scenario, UnitId, Work, charge, state::UnitFlags, works,
};
use serde::Serialize;

use super::api::{Refusal, not_found, query_pairs, refuse};
use super::session::Session;
use crate::inspect::{self, OddsReport, units_odds};
use crate::record::action::{find_unit, hex_id};

pub(super) fn odds_answer(s: &Session, query: &str) -> Result<OddsReport, Refusal> {
    let scen = &s.scen;
    let st = &s.state;
    let mut target: Option<HexId> = None;
    let mut attackers: Vec<UnitId> = Vec::new();
    let mut air = 0u8;
    for (k, v) in query_pairs(query) {
        match k.as_str() {
            "target" => target = Some(hex_id(scen, &v).map_err(not_found)?),
            "attackers" => {
                for id in v.split(',').map(str::trim).filter(|x| !x.is_empty()) {
                    attackers.push(find_unit(scen, id).map_err(not_found)?);
                }
            }
            "air" => {
                air = v
                    .parse()
                    .map_err(|_| (400, format!("air: \"{v}\" is not a number 0-255")))?
            }
            other => return refuse(400, format!("unknown parameter \"{other}\"")),
        }
    }
    let declared = st.combat().target;
    let target = match target.or(declared.is_some().then_some(declared)) {
        Some(t) => t,
        None => return refuse(400, "give target=HEX (no attack is being declared)"),
    };
    if attackers.is_empty() {
        attackers = (0..scen.units().len())
            .map(|i| UnitId(i as u16))
            .filter(|&u| st.unit(u).has(UnitFlags::COMMITTED))
            .collect();
        if attackers.is_empty() {
            return refuse(
                400,
                "give attackers=ID,ID (no units are committed to an attack)",
            );
        }
    }
    let side = scen.unit(attackers[0]).side;
    let left = st.air_points(side);
    if air > left {
        return refuse(
            409,
            cite(
                scen,
                &format!("{air} air points asked for, {left} left this turn (MAL-CBT-5)"),
            ),
        );
    }
    // Units already committed to the declared attack count as attacking.
    if declared == target {
        for i in 0..scen.units().len() {
            let u = UnitId(i as u16);
            if st.unit(u).has(UnitFlags::COMMITTED) && !attackers.contains(&u) {
                attackers.push(u);
            }
        }
    }
    units_odds(scen, st, &attackers, target, air).map_err(|e| (409, e.to_string()))
}

/// One adjacent hex an attack could go into.
#[derive(Serialize)]
struct AttackLine {
    hex: String,
    ok: bool,
    reason: Option<String>,
}

/// One hex the unit may charge.
#[derive(Serialize)]
struct ChargeLine {
    hex: String,
    chance: f64,
}

/// A reachable hex whose cost wants a word.
#[derive(Serialize)]
struct MoveNote {
    hex: String,
    note: String,
}

/// Why a zero-cost destination costs nothing.
const FREE_ROAD: &str =
    "free: the first hex along a road costs nothing to a unit that has not moved (MP-MOV-5)";

/// `GET /api/unit/{id}`.
#[derive(Serialize)]
pub(super) struct UnitAnswer {
    unit: String,
    moves: inspect::Moves,
    /// Destinations whose cost is explained (a zero-cost road hex).
    move_notes: Vec<MoveNote>,
    rail: inspect::RailReport,
    supply: Option<inspect::SupplyLine>,
    attacks: Vec<AttackLine>,
    /// With `?target=HEX`: whether the unit may join an attack on that
    /// hex now, and the engine's reason when not.
    attack_on: Option<AttackLine>,
    charges: Vec<ChargeLine>,
    /// GS-10: the works it may do now (`fort`, `airbase`, `repair`,
    /// `demolish`), and what each costs.
    works: Vec<WorkLine>,
}

/// GS-10: a work a unit may do now.
#[derive(Serialize)]
pub(super) struct WorkLine {
    work: Work,
    cost: u16,
}

/// The answer about `u`, with `query` (`target=HEX`, optional).
pub(super) fn unit_query(
    scen: &Scenario,
    st: &GameState,
    u: UnitId,
    query: &str,
) -> Result<UnitAnswer, Refusal> {
    let mut target = None;
    for (k, v) in query_pairs(query) {
        match k.as_str() {
            "target" => target = Some(hex_id(scen, &v).map_err(not_found)?),
            other => return refuse(400, format!("unknown parameter \"{other}\"")),
        }
    }
    let mut a = unit_answer(scen, st, u);
    a.attack_on = target.map(|h| attack_line(scen, st, u, h));
    Ok(a)
}

/// Whether `u` may join an attack on `h` now, and why not.
fn attack_line(scen: &Scenario, st: &GameState, u: UnitId, h: HexId) -> AttackLine {
    let why = st
        .check(scen, Action::Attack { unit: u, target: h })
        .err()
        .map(|e| e.describe(scen));
    AttackLine {
        hex: scen.grid().label(h),
        ok: why.is_none(),
        reason: why,
    }
}

pub(super) fn unit_answer(scen: &Scenario, st: &GameState, u: UnitId) -> UnitAnswer {
    let setup = scen.unit(u);
    let us = st.unit(u);
    let grid = scen.grid();
    let supply = if us.on_map() {
        inspect::supply(scen, st, Some(setup.side))
            .units
            .into_iter()
            .find(|l| l.unit == setup.id)
    } else {
        None
    };
    let mut targets: Vec<HexId> = Vec::new();
    if us.has(UnitFlags::LANDING) {
        targets.push(setup.hex);
    } else if us.on_map() {
        targets.extend(
            grid.neighbours(us.hex).iter().copied().filter(|&n| {
                n.is_some() && st.units_at(n).any(|o| scen.unit(o).side != setup.side)
            }),
        );
    }
    let attacks = targets
        .into_iter()
        .map(|h| attack_line(scen, st, u, h))
        .collect();
    let mut charges = Vec::new();
    charge::for_each_charge(scen, st, u, |h| {
        if let Some(chance) = charge::success_chance(scen, st, u, h) {
            charges.push(ChargeLine {
                hex: grid.label(h),
                chance,
            });
        }
    });
    let moves = inspect::moves(scen, st, u);
    let move_notes = moves
        .destinations
        .iter()
        .filter(|d| d.cost_mp == 0.0)
        .map(|d| MoveNote {
            hex: d.hex.clone(),
            note: cite(scen, FREE_ROAD),
        })
        .collect();
    UnitAnswer {
        unit: setup.id.clone(),
        moves,
        move_notes,
        rail: inspect::rail(scen, st, u),
        supply,
        attacks,
        attack_on: None,
        charges,
        works: work_lines(scen, st, u),
    }
}

/// GS-10: the works `u` may do now, with their costs.
fn work_lines(scen: &Scenario, st: &GameState, u: UnitId) -> Vec<WorkLine> {
    let mut out = Vec::new();
    works::for_each_work(scen, st, u, |work| {
        let cost = scen.srp().and_then(|r| r.cost(work)).unwrap_or(0);
        out.push(WorkLine { work, cost });
    });
    out
}
