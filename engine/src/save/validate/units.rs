//! Each unit of a saved position: where it is, what it has left, its
//! supply state, its flags and the movement points it has spent, against
//! its type, its set-up and the [`Moment`] of the game.

use super::{Illegal, Moment, graded};
use crate::hex::HexId;
use crate::scenario::{PhaseKind, Scenario, SupplyModel, SupplyState};
use crate::state::{GameState, UnitFlags, UnitId};

/// Every unit, the first fault named by the unit's id.
pub(super) fn check(scen: &Scenario, st: &GameState, m: &Moment) -> Result<(), Illegal> {
    for i in 0..st.units().len() {
        let u = UnitId(i as u16);
        let unit = |what| Illegal::Unit {
            unit: scen.unit(u).id.clone(),
            what,
        };
        presence(scen, st, m, u).map_err(unit)?;
        strength(scen, st, u).map_err(unit)?;
        supply(scen, st, u).map_err(unit)?;
        flags(scen, st, m, u).map_err(unit)?;
        movement(scen, st, m, u).map_err(unit)?;
    }
    Ok(())
}

/// Steps never come back; an eliminated unit is off the map; a
/// reinforcement is on the map only once its side's player-turn of its
/// arrival turn has begun.
fn presence(scen: &Scenario, st: &GameState, m: &Moment, u: UnitId) -> Result<(), String> {
    let (us, setup) = (st.unit(u), scen.unit(u));
    if us.steps > setup.steps {
        return Err(format!(
            "{} steps, more than the {} it sets up with (steps lost never come back)",
            us.steps, setup.steps
        ));
    }
    if !us.hex.is_some() {
        return Ok(());
    }
    let here = scen.grid().label(us.hex);
    if us.steps == 0 {
        return Err(format!("eliminated (0 steps) but standing in {here}"));
    }
    let arrived = setup.arrives <= 1
        || setup.arrives < m.turn
        || (setup.arrives == m.turn && setup.side.0 <= m.side.0);
    if !arrived {
        return Err(format!(
            "on the map in {here} before it arrives (turn {}, {}'s player-turn)",
            setup.arrives,
            scen.side(setup.side).id
        ));
    }
    Ok(())
}

/// MP-CHG-5: morale within the type's, strength lost only once morale is
/// gone, and a unit with no strength left is eliminated.
fn strength(scen: &Scenario, st: &GameState, u: UnitId) -> Result<(), String> {
    let (us, ty) = (st.unit(u), scen.unit_type(u));
    let most = ty.morale.unwrap_or(0);
    if us.morale > most {
        return Err(match ty.morale {
            Some(m) => format!(
                "morale {}, its type's is {m} (morale never rises)",
                us.morale
            ),
            None => format!("morale {}, but its type has none", us.morale),
        });
    }
    if us.strength_loss == 0 {
        return Ok(());
    }
    if us.morale > 0 {
        return Err(format!(
            "strength loss {} with morale {} left: strength goes only once morale is gone (MP-CHG-5)",
            us.strength_loss, us.morale
        ));
    }
    let full = ty
        .attack
        .iter()
        .chain(&ty.defense)
        .fold(0.0f64, |a, &b| a.max(b))
        .ceil();
    if us.strength_loss as f64 > full {
        return Err(format!(
            "strength loss {}, more than its type's strength {full} (MP-CHG-5)",
            us.strength_loss
        ));
    }
    if us.steps > 0
        && st.base_strength(scen, u, true) <= 0.0
        && st.base_strength(scen, u, false) <= 0.0
    {
        return Err(format!(
            "no strength left (strength loss {}) but not eliminated (MP-CHG-5)",
            us.strength_loss
        ));
    }
    Ok(())
}

/// The supply states and U-levels the scenario's model gives (GS-2).
fn supply(scen: &Scenario, st: &GameState, u: UnitId) -> Result<(), String> {
    let us = st.unit(u);
    match scen.supply_rules().model {
        SupplyModel::None if us.supply != SupplyState::Full => Err(format!(
            "{} supply in a scenario without supply rules",
            us.supply.graded_name()
        )),
        SupplyModel::Graded if us.supply == SupplyState::Out && us.u_level == 0 => {
            Err("out of supply at U0: out of supply starts at U1 (GS-2)".into())
        }
        SupplyModel::Graded
            if us.u_level > 0 && !matches!(us.supply, SupplyState::Out | SupplyState::Special) =>
        {
            Err(format!(
                "U{} in {} supply: only units out of or in special supply hold a level (GS-2)",
                us.u_level,
                us.supply.graded_name()
            ))
        }
        _ => Ok(()),
    }
}

/// A flag's name for messages.
fn name(f: UnitFlags) -> &'static str {
    UnitFlags::all()
        .iter_names()
        .find(|(_, v)| *v == f)
        .map_or("?", |(n, _)| n)
}

/// Each flag only where the rule that sets it could have: the phasing
/// side's units, in or after the phase that sets it, and nothing the
/// phase's end or the player-turn's start clears.
fn flags(scen: &Scenario, st: &GameState, m: &Moment, u: UnitId) -> Result<(), String> {
    let (us, setup) = (st.unit(u), scen.unit(u));
    let f = us.flags;
    let unknown = f.bits() & !UnitFlags::all().bits();
    if unknown != 0 {
        return Err(format!(
            "flags {}: bits {unknown:#x} mean nothing",
            f.bits()
        ));
    }
    let isolated = UnitFlags::COMBAT_ISOLATED | UnitFlags::SUPPLY_ISOLATED;
    if f.intersects(isolated) && !graded(scen) {
        return Err("an isolation marker outside the graded supply model (GS-7)".into());
    }
    if f.contains(UnitFlags::DEFENDED) && (setup.side == m.side || m.now != Some(PhaseKind::Combat))
    {
        return Err(format!(
            "DEFENDED, but it is not {}'s enemy in a Combat Phase (MAL-CBT-1)",
            scen.side(m.side).id
        ));
    }
    let per_turn = f - UnitFlags::PERSISTENT - UnitFlags::DEFENDED;
    if !per_turn.is_empty() && setup.side != m.side {
        return Err(format!(
            "{} set in {}'s player-turn, but it is {}'s unit",
            name(per_turn.iter().next().unwrap_or(per_turn)),
            scen.side(m.side).id,
            scen.side(setup.side).id
        ));
    }
    let rules: [(UnitFlags, bool, &str); 4] = [
        (
            UnitFlags::MOVED | UnitFlags::MOVE_ENDED | UnitFlags::ROAD_PENALTY | UnitFlags::CHARGED,
            m.begun(PhaseKind::Movement),
            "before a Movement Phase",
        ),
        (
            UnitFlags::RAILED | UnitFlags::RAIL_BARRED,
            m.begun(PhaseKind::Rail),
            "before a Rail Phase",
        ),
        (
            UnitFlags::ATTACKED | UnitFlags::COMMITTED | UnitFlags::MAY_ADVANCE,
            m.now == Some(PhaseKind::Combat),
            "outside a Combat Phase",
        ),
        (
            UnitFlags::MOVE_ENDED | UnitFlags::ROAD_PENALTY | UnitFlags::CHARGED,
            f.contains(UnitFlags::MOVED),
            "without having moved (MOVED)",
        ),
    ];
    for (set, ok, when) in rules {
        if let Some(bad) = (f & set).iter().next().filter(|_| !ok) {
            return Err(format!("{} {when}", name(bad)));
        }
    }
    if f.contains(UnitFlags::LANDING) {
        landing(scen, st, m, u)?;
    }
    Ok(())
}

/// MAL-CBT-10: a landing force waits off the map, alive, amphibious and
/// arrived, until its side's Combat Phase ends.
fn landing(scen: &Scenario, st: &GameState, m: &Moment, u: UnitId) -> Result<(), String> {
    let (us, setup) = (st.unit(u), scen.unit(u));
    let combat = scen.phases().contains(&PhaseKind::Combat);
    let why = if !setup.amphibious {
        "it is not amphibious"
    } else if us.hex != HexId::NONE || us.steps == 0 {
        "it is on the map or eliminated"
    } else if setup.arrives > m.turn {
        "it has not arrived yet"
    } else if combat && (setup.side != m.side || m.ended.contains(&PhaseKind::Combat)) {
        "its side's Combat Phase is over"
    } else {
        return Ok(());
    };
    Err(format!("LANDING, but {why} (MAL-CBT-10)"))
}

/// Movement points: spent only by the phasing side's units that moved,
/// within the type's allowance and, in the Movement Phase, within the
/// allowance the unit's supply leaves it now (MAL-SUP-6, GS-5).
fn movement(scen: &Scenario, st: &GameState, m: &Moment, u: UnitId) -> Result<(), String> {
    let us = st.unit(u);
    if us.mp_spent.0 == 0 {
        return Ok(());
    }
    let spent = us.mp_spent.as_f64();
    let moved =
        scen.unit(u).side == m.side && m.begun(PhaseKind::Movement) && us.has(UnitFlags::MOVED);
    if !moved {
        return Err(format!(
            "{spent} movement points spent, but it has not moved in this player-turn"
        ));
    }
    let ty = scen.unit_type(u);
    let most = if m.now == Some(PhaseKind::Movement) {
        st.movement_allowance(scen, u).min(ty.movement)
    } else {
        ty.movement
    };
    if us.mp_spent > most {
        return Err(format!(
            "{spent} movement points spent, more than its allowance {}",
            most.as_f64()
        ));
    }
    Ok(())
}
