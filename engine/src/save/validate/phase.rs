//! The map and the phase of a saved position: control and stacking, the
//! Rail Phase's moves and the attack being declared (each replayed
//! through the engine's checked apply from the position before them), and
//! the hex open to an advance.

use super::{Illegal, Moment, field};
use crate::action::Action;
use crate::hex::HexId;
use crate::rules::{combat, rail};
use crate::scenario::{PhaseKind, RouteKind, Scenario, Side};
use crate::state::{GameState, RailLog, UnitFlags, UnitId};

/// Rail moves and attacks draw no dice: a source of zeros for `apply`.
struct NoDice;

impl rand::RngCore for NoDice {
    fn next_u32(&mut self) -> u32 {
        0
    }
    fn next_u64(&mut self) -> u64 {
        0
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        dest.fill(0);
    }
}

fn hex(scen: &Scenario, h: HexId, what: impl Into<String>) -> Illegal {
    Illegal::Hex {
        hex: scen.grid().label(h),
        what: what.into(),
    }
}

fn unit(scen: &Scenario, u: UnitId, what: impl Into<String>) -> Illegal {
    Illegal::Unit {
        unit: scen.unit(u).id.clone(),
        what: what.into(),
    }
}

/// D-TURN-2: a hex holding units is controlled by their side; never both
/// sides in one hex; D-STACK-1: the stacking limit, which only the phasing
/// side may pass while it makes its rail moves (MAL-RAIL-5).
pub(super) fn occupation(scen: &Scenario, st: &GameState, m: &Moment) -> Result<(), Illegal> {
    let mut count = vec![[0u8; 2]; scen.grid().len()];
    for u in st.units_of(scen, Side(0)).chain(st.units_of(scen, Side(1))) {
        let (h, side) = (st.unit(u).hex, scen.unit(u).side);
        let c = &mut count[h.index()];
        c[side.index()] = c[side.index()].saturating_add(1);
        if c[0] > 0 && c[1] > 0 {
            return Err(hex(scen, h, "holds units of both sides"));
        }
        let rail = m.now == Some(PhaseKind::Rail) && side == m.side;
        if c[side.index()] > scen.stacking() && !rail {
            return Err(hex(
                scen,
                h,
                format!(
                    "{} units of {}, more than the stacking limit {} (D-STACK-1)",
                    c[side.index()],
                    scen.side(side).id,
                    scen.stacking()
                ),
            ));
        }
        if st.control(h) != Some(side) {
            let by = st
                .control(h)
                .map_or("no side".to_string(), |s| scen.side(s).id.clone());
            return Err(hex(
                scen,
                h,
                format!(
                    "holds {}'s unit {} but is controlled by {by} (D-TURN-2: units take the hexes they enter)",
                    scen.side(side).id,
                    scen.unit(u).id
                ),
            ));
        }
    }
    Ok(())
}

/// MAL-RAIL-2, -6: the rail log is one side's moves, each unit once,
/// within its capacity, each from a rail hex; once the side's Rail Phase
/// has begun it is that phase's, and exactly its units carry RAILED; in
/// the Rail Phase itself the moves are replayed from the phase's start.
pub(super) fn rail(scen: &Scenario, st: &GameState, m: &Moment) -> Result<(), Illegal> {
    let log = st.rail_moves();
    let side = log.first().map(|(u, _)| scen.unit(*u).side);
    for (k, &(u, from)) in log.iter().enumerate() {
        if Some(scen.unit(u).side) != side {
            return Err(field("rail_moves", "moves of both sides in one Rail Phase"));
        }
        if log[..k].iter().any(|(o, _)| *o == u) {
            return Err(unit(
                scen,
                u,
                "moved twice by rail in one phase (MAL-RAIL-2)",
            ));
        }
        if !scen.has_route(from, RouteKind::Rail) {
            return Err(unit(
                scen,
                u,
                format!(
                    "a rail move from {}, which is not a rail hex (MAL-RAIL-1)",
                    scen.grid().label(from)
                ),
            ));
        }
    }
    if let Some(s) = side {
        if log.len() > scen.rail_capacity(s) as usize {
            return Err(field(
                "rail_moves",
                format!(
                    "{} rail moves, {}'s capacity is {} (MAL-RAIL-2)",
                    log.len(),
                    scen.side(s).id,
                    scen.rail_capacity(s)
                ),
            ));
        }
    }
    if !m.begun(PhaseKind::Rail) {
        return Ok(());
    }
    if side.is_some_and(|s| s != m.side) {
        return Err(field(
            "rail_moves",
            format!(
                "moves of the other side in {}'s player-turn, after its Rail Phase began",
                scen.side(m.side).id
            ),
        ));
    }
    for (i, us) in st.units().iter().enumerate() {
        let u = UnitId(i as u16);
        if us.has(UnitFlags::RAILED) != log.iter().any(|(o, _)| *o == u) {
            return Err(unit(
                scen,
                u,
                if us.has(UnitFlags::RAILED) {
                    "RAILED but not among the phase's rail_moves (MAL-RAIL-6)"
                } else {
                    "among the phase's rail_moves but not RAILED (MAL-RAIL-6)"
                },
            ));
        }
    }
    if m.now == Some(PhaseKind::Rail) {
        replay_rail(scen, st, m)?;
    }
    Ok(())
}

/// The Rail Phase's moves taken back, the position checked as the phase
/// began it (stacking, MAL-RAIL-3's RAIL_BARRED), then each move made
/// again through the checked apply: it must be legal and lead back here.
fn replay_rail(scen: &Scenario, st: &GameState, m: &Moment) -> Result<(), Illegal> {
    let mut r = st.clone();
    for &(u, from) in st.rail_moves().iter().rev() {
        let us = &mut r.units[u.index()];
        us.hex = from;
        us.flags.remove(UnitFlags::RAILED);
    }
    r.rail_log = RailLog::default();
    r.restamp();
    if let Some(h) = rail::overstacked(scen, &r, m.side) {
        return Err(hex(
            scen,
            h,
            "overstacked before the Rail Phase's moves (D-STACK-1)",
        ));
    }
    for u in (0..r.units.len()).map(|i| UnitId(i as u16)) {
        let us = r.unit(u);
        let barred = scen.unit(u).side == m.side
            && us.on_map()
            && scen
                .grid()
                .neighbours(us.hex)
                .iter()
                .any(|n| n.is_some() && r.units_at(*n).any(|o| scen.unit(o).side != m.side));
        if us.has(UnitFlags::RAIL_BARRED) != barred {
            return Err(unit(
                scen,
                u,
                if barred {
                    "adjacent to an enemy unit as the Rail Phase began, but not RAIL_BARRED (MAL-RAIL-3)"
                } else {
                    "RAIL_BARRED, but adjacent to no enemy unit as the Rail Phase began (MAL-RAIL-3)"
                },
            ));
        }
    }
    for &(u, from) in st.rail_moves() {
        let to = st.unit(u).hex;
        let a = Action::RailMove { unit: u, to };
        r.check(scen, a).map_err(|e| {
            unit(
                scen,
                u,
                format!(
                    "its rail move from {} to {} is not legal: {}",
                    scen.grid().label(from),
                    scen.grid().label(to),
                    e.describe(scen)
                ),
            )
        })?;
        r.apply_unchecked(scen, a, &mut NoDice, &mut ());
    }
    if r != *st {
        return Err(field(
            "rail_moves",
            "the Rail Phase's moves do not lead to this position",
        ));
    }
    Ok(())
}

/// MAL-CBT-1, -9: the hexes attacked this phase, the attack being declared
/// (rebuilt through the checked apply), the hex open to an advance.
pub(super) fn combat(scen: &Scenario, st: &GameState, m: &Moment) -> Result<(), Illegal> {
    let in_combat = m.now == Some(PhaseKind::Combat);
    let slot = st.combat();
    let committed: Vec<UnitId> = (0..st.units().len())
        .map(|i| UnitId(i as u16))
        .filter(|u| st.unit(*u).has(UnitFlags::COMMITTED))
        .collect();
    if slot.target.is_some() {
        if !in_combat {
            return Err(field(
                "attack_target",
                "an attack declared outside a Combat Phase",
            ));
        }
        if slot.advance.is_some() {
            return Err(field(
                "advance_hex",
                "open while an attack is declared (declaring one closes it, MAL-CBT-9)",
            ));
        }
        declared(scen, st, slot.target, &committed)?;
    } else if let Some(&u) = committed.first() {
        return Err(unit(
            scen,
            u,
            "COMMITTED, but no attack is declared (MAL-CBT-1)",
        ));
    }
    advance(scen, st, m, slot.advance)?;
    let attacked = scen.grid().hexes().filter(|h| st.hex_attacked(*h)).count();
    let attackers = st
        .units()
        .iter()
        .filter(|u| u.has(UnitFlags::ATTACKED))
        .count();
    if attacked > 0 && !in_combat {
        return Err(field("attacked", "hexes attacked outside a Combat Phase"));
    }
    if attacked > attackers {
        return Err(field(
            "attacked",
            format!(
                "{attacked} hexes attacked by {attackers} units that have attacked (MAL-CBT-1)"
            ),
        ));
    }
    if attackers > 0 && attacked == 0 {
        return Err(field(
            "attacked",
            "units have attacked, but no hex has been (MAL-CBT-1)",
        ));
    }
    Ok(())
}

/// The attack on `target` rebuilt: each committed unit, lowest id first,
/// must be one the checked apply lets join it.
fn declared(
    scen: &Scenario,
    st: &GameState,
    target: HexId,
    committed: &[UnitId],
) -> Result<(), Illegal> {
    if committed.is_empty() {
        return Err(field(
            "attack_target",
            format!("{}: no unit is committed to it", scen.grid().label(target)),
        ));
    }
    let mut c = st.clone();
    c.combat.target = HexId::NONE;
    for us in &mut c.units {
        us.flags.remove(UnitFlags::COMMITTED);
    }
    c.restamp();
    for &u in committed {
        if c.unit(u).has(UnitFlags::COMMITTED) {
            continue; // A landing unit, committed with the first (MAL-CBT-10).
        }
        let a = Action::Attack { unit: u, target };
        c.check(scen, a).map_err(|e| {
            unit(
                scen,
                u,
                format!(
                    "committed to the attack on {}, which it may not join: {}",
                    scen.grid().label(target),
                    e.describe(scen)
                ),
            )
        })?;
        c.apply_unchecked(scen, a, &mut NoDice, &mut ());
    }
    // MAL-CBT-10: the landing force waiting offshore of the port is in it.
    if let Some(u) = (0..c.units().len())
        .map(|i| UnitId(i as u16))
        .find(|u| c.unit(*u).has(UnitFlags::COMMITTED) && !committed.contains(u))
    {
        return Err(unit(
            scen,
            u,
            format!(
                "not committed to the attack on {}, which its landing force must join (MAL-CBT-10)",
                scen.grid().label(target)
            ),
        ));
    }
    Ok(())
}

/// MAL-CBT-9: the hex the last combat emptied was attacked this phase and
/// holds no enemy; the units that may advance attacked it from next door.
fn advance(scen: &Scenario, st: &GameState, m: &Moment, to: HexId) -> Result<(), Illegal> {
    let may: Vec<UnitId> = (0..st.units().len())
        .map(|i| UnitId(i as u16))
        .filter(|u| st.unit(*u).has(UnitFlags::MAY_ADVANCE))
        .collect();
    if !to.is_some() {
        return match may.first() {
            Some(&u) => Err(unit(
                scen,
                u,
                "MAY_ADVANCE, but no hex is open to an advance (MAL-CBT-9)",
            )),
            None => Ok(()),
        };
    }
    let label = scen.grid().label(to);
    if m.now != Some(PhaseKind::Combat) {
        return Err(field("advance_hex", "open outside a Combat Phase"));
    }
    if !st.hex_attacked(to) {
        return Err(field(
            "advance_hex",
            format!("{label} was not attacked in this phase (MAL-CBT-9)"),
        ));
    }
    if st.units_at(to).any(|o| scen.unit(o).side != m.side) {
        return Err(field(
            "advance_hex",
            format!("{label} holds an enemy unit: only an emptied hex is open (MAL-CBT-9)"),
        ));
    }
    for u in may {
        let us = st.unit(u);
        let next_door = us.on_map()
            && us.has(UnitFlags::ATTACKED)
            && combat::may_enter(scen, u, us.hex, to).is_ok();
        if !next_door {
            return Err(unit(
                scen,
                u,
                format!(
                    "MAY_ADVANCE into {label}, but it did not attack it from next door (MAL-CBT-9)"
                ),
            ));
        }
    }
    Ok(())
}
