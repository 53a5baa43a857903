//! Who may attack what (MAL-CBT-1, -2, -10), and the what-if position in
//! which a chosen group is committed, for the calculators.

use crate::action::NoAttack;
use crate::hex::HexId;
use crate::rules::movement;
use crate::scenario::{Scenario, SideBits, UnitKind};
use crate::state::{GameState, Stamp, UnitFlags, UnitId};

/// MAL-CBT-2: "an attacking unit must also be able to enter the defender's
/// hex": a unit that cannot move (a printed allowance of 0, as fixed coast
/// defences) enters none, so it never attacks nor advances.
pub fn can_ever_attack(scen: &Scenario, unit: UnitId) -> bool {
    movement::can_ever_move(scen, unit)
}

/// MAL-CBT-1, -2, -10: whether `unit` may join an attack on `target` now
/// (phase aside: the caller checks it is a Combat Phase).
pub fn can_attack(
    scen: &Scenario,
    state: &GameState,
    unit: UnitId,
    target: HexId,
) -> Result<(), NoAttack> {
    let side = state.active_side();
    let us = state.unit(unit);
    if scen.unit(unit).side != side || us.eliminated() {
        return Err(NoAttack::NotAttacker);
    }
    let landing = us.has(UnitFlags::LANDING);
    if !landing && !us.on_map() {
        return Err(NoAttack::NotAttacker);
    }
    if us.has(UnitFlags::ATTACKED | UnitFlags::COMMITTED) {
        return Err(NoAttack::AlreadyAttacked);
    }
    let pending = state.combat().target;
    if pending.is_some() && pending != target {
        return Err(NoAttack::OtherTarget(pending));
    }
    if state.hex_attacked(target) {
        return Err(NoAttack::HexAttacked);
    }
    if let Some(g) = &scen.supply_rules().graded {
        // GS-4: the first unit declares the attack, which costs its side.
        if !pending.is_some() && state.supply_points(side) < g.attack_sp {
            return Err(NoAttack::NoSupplyPoints);
        }
    }
    if !state.units_at(target).any(|o| scen.unit(o).side != side) {
        return Err(NoAttack::NoEnemy);
    }
    // MAL-CBT-1: "no unit may be attacked more than once", and a hex's
    // defenders are attacked together: a unit that defended elsewhere and
    // retreated here shields the hex.
    if let Some(o) = state
        .units_at(target)
        .find(|&o| state.unit(o).has(UnitFlags::DEFENDED))
    {
        return Err(NoAttack::UnitDefended(o));
    }
    if landing {
        // MAL-CBT-10: from the sea, against its port only.
        return if scen.unit(unit).hex == target {
            Ok(())
        } else {
            Err(NoAttack::LandingElsewhere)
        };
    }
    if scen.grid().direction(us.hex, target).is_none() {
        return Err(NoAttack::NotAdjacent);
    }
    if !can_ever_attack(scen, unit) {
        return Err(NoAttack::CannotEnter);
    }
    may_enter(scen, unit, us.hex, target)
}

/// MAL-CBT-2, MAL-CBT-9: whether `unit` at `from` is "able to enter" the
/// neighbouring `target`, as an attack on it and an advance into it both
/// ask. "An armored unit may not attack any hex that is not connected by a
/// road or a rail": for armor the connection is what lets it in, a rail
/// line too where its movement has no rail rate (rail moves are made in
/// the Rail Phase), and the hex it may attack along a rail line it may
/// advance into along it; any other unit enters by normal movement, a step
/// no dearer than its whole allowance ([`movement::normal_step`]).
pub(crate) fn may_enter(
    scen: &Scenario,
    unit: UnitId,
    from: HexId,
    target: HexId,
) -> Result<(), NoAttack> {
    let Some(d) = scen.grid().direction(from, target) else {
        return Err(NoAttack::NotAdjacent);
    };
    let ty = scen.unit_type(unit);
    if ty.kind == UnitKind::Armor {
        return if scen.route_connects(from, d, SideBits::ROAD | SideBits::RAIL, Some(ty.class)) {
            Ok(())
        } else {
            Err(NoAttack::ArmorNeedsRoad)
        };
    }
    if movement::normal_step(scen, unit, from, d, target).is_none() {
        return Err(NoAttack::CannotEnter);
    }
    Ok(())
}

/// A copy of `state` in which `attackers` are committed against `target`,
/// as in their side's Combat Phase now: what [`odds`](super::odds) and [`distribution`](super::distribution)
/// read, for the odds tool, the play page and the AI. Each attacker is
/// checked by [`can_attack`] (MAL-CBT-1, -2, -10); the phase is not.
pub fn what_if(
    scen: &Scenario,
    state: &GameState,
    attackers: &[UnitId],
    target: HexId,
) -> Result<GameState, (UnitId, NoAttack)> {
    let mut st = state.clone();
    st.stamp = Stamp::NONE;
    let Some(&first) = attackers.first() else {
        return Err((UnitId(0), NoAttack::NotAttacker));
    };
    st.player = scen.unit(first).side.0;
    st.combat = Default::default();
    for u in &mut st.units {
        u.flags
            .remove(UnitFlags::COMMITTED | UnitFlags::MAY_ADVANCE);
    }
    for &u in attackers {
        if u.index() >= st.units.len() {
            return Err((u, NoAttack::NotAttacker));
        }
        can_attack(scen, &st, u, target).map_err(|e| (u, e))?;
        st.units[u.index()].flags |= UnitFlags::COMMITTED;
        st.combat.target = target;
    }
    st.restamp();
    Ok(st)
}
