//! MP-CHG-1, -2: whether a charge is legal now, and its line (the two
//! hexes crossed, the unit charged, the cost).

use crate::action::NoCharge;
use crate::hex::{Dir, HexId};
use crate::rules::{movement, zoc};
use crate::scenario::{Mp, PhaseKind, Scenario, Side, SideBits};
use crate::state::{GameState, UnitFlags, UnitId};

/// The line of a legal charge: the two hexes crossed and the unit charged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChargeLine {
    /// The hex the charger starts from.
    pub from: HexId,
    /// The two hexes entered; the charger ends in the second.
    pub hexes: [HexId; 2],
    /// The unit charged.
    pub target: UnitId,
    /// The target's hex.
    pub target_hex: HexId,
    /// The direction of the charge.
    pub dir: Dir,
    /// Movement points the two hexes cost (MP-ZOC-8's extra point included).
    pub cost: Mp,
    /// Whether the charger, if it moves on, pays the crossroads penalty of
    /// MP-MOV-6 (as after a normal move along the same hexes).
    pub penalty: bool,
}

/// Enemy units (of the side other than `side`), `except` left out, whose
/// ZOC covers `h` by MP-ZOC-1..4 (only mounted ones if `mounted_only`);
/// none in a fort (MP-ZOC-5). Counts units, each once.
pub(super) fn enemy_zoc_units(
    scen: &Scenario,
    state: &GameState,
    h: HexId,
    side: Side,
    except: Option<UnitId>,
    mounted_only: bool,
) -> u8 {
    if scen.is_fort(h) {
        return 0;
    }
    let grid = scen.grid();
    let mut n = 0u8;
    for (i, (us, setup)) in state.units().iter().zip(scen.units()).enumerate() {
        let u = UnitId(i as u16);
        if setup.side == side || !us.on_map() || Some(u) == except {
            continue;
        }
        let Some(d) = grid.direction(us.hex, h) else {
            continue;
        };
        if scen.zoc_dirs[us.hex.index()] & (1 << d as u8) == 0 {
            continue;
        }
        if mounted_only && !scen.unit_type(u).kind.is_mounted() {
            continue;
        }
        if zoc::exerts_zoc(scen, state, u) {
            n = n.saturating_add(1);
        }
    }
    n
}

/// Whether a unit of `side` in `h` would be in enemy ZOC (units and forts,
/// MP-ZOC-1..5).
pub(super) fn in_enemy_zoc(scen: &Scenario, state: &GameState, h: HexId, side: Side) -> bool {
    if scen.is_fort(h) {
        return false;
    }
    let grid = scen.grid();
    let fort = scen.forts().iter().any(|&f| {
        state.control(f) == Some(side.other())
            && grid
                .direction(f, h)
                .is_some_and(|d| zoc::dirs(scen, f, true) & (1 << d as u8) != 0)
    });
    fort || enemy_zoc_units(scen, state, h, side, None, false) > 0
}

/// MP-CHG-1, -2: whether `unit` may charge the unit in `target` now.
pub fn can_charge(
    scen: &Scenario,
    state: &GameState,
    unit: UnitId,
    target: HexId,
) -> Result<ChargeLine, NoCharge> {
    if state.is_over() || state.phase(scen) != PhaseKind::Movement {
        return Err(NoCharge::NotMovementPhase);
    }
    let side = scen.unit(unit).side;
    if side != state.active_side() {
        return Err(NoCharge::NotYourUnit);
    }
    let us = *state.unit(unit);
    if !us.on_map() {
        return Err(NoCharge::NotOnMap);
    }
    let ty = scen.unit_type(unit);
    if !ty.kind.is_mounted() {
        return Err(NoCharge::NotMounted);
    }
    if us.has(UnitFlags::MOVE_ENDED) {
        return Err(NoCharge::MoveEnded);
    }
    let grid = scen.grid();
    if target.index() >= grid.len() {
        return Err(NoCharge::NotInLine);
    }
    // MP-CHG-1: three hexes away along one of the six directions.
    let mut found = None;
    for d in Dir::ALL {
        let mut line = [HexId::NONE; 3];
        let mut n = 0;
        for h in grid.ray(us.hex, d, 3) {
            line[n] = h;
            n += 1;
        }
        if n == 3 && line[2] == target {
            found = Some((d, line));
            break;
        }
    }
    let Some((dir, line)) = found else {
        return Err(NoCharge::NotInLine);
    };
    let Some(victim) = state.units_at(target).find(|o| scen.unit(*o).side != side) else {
        return Err(NoCharge::NoEnemy);
    };
    // MP-CHG-2: woods, dunes, palm grove, town.
    if scen.terrain(target).no_charge {
        return Err(NoCharge::ProtectedTerrain);
    }
    // MP-CHG-2: no river anywhere on the line, bridged, forded or not.
    let mut prev = us.hex;
    for &h in &line {
        if scen.hexside(prev, dir).contains(SideBits::RIVER) {
            return Err(NoCharge::River(h));
        }
        prev = h;
    }
    // MP-CHG-1: the two hexes crossed, by normal movement costs.
    let mut cost = 0u32;
    let mut penalty = us.has(UnitFlags::ROAD_PENALTY);
    let mut first = !us.has(UnitFlags::MOVED);
    let mut prev = us.hex;
    for &h in &line[..2] {
        if !scen.terrain(h).open {
            return Err(NoCharge::NotClear(h));
        }
        if state.units_at(h).next().is_some() {
            return Err(NoCharge::Occupied(h));
        }
        let Some((c, pen)) = movement::step_cost(scen, prev, dir, h, ty.class, penalty, first)
        else {
            return Err(NoCharge::CannotEnter(h));
        };
        cost += c.0 as u32;
        penalty = pen;
        first = false;
        prev = h;
    }
    // MP-CHG-2: the target's terrain does not matter (but for woods and
    // the like, above); a hexside no unit of the class may cross does.
    if scen.cross_cost(line[1], dir, ty.class).is_no() {
        return Err(NoCharge::CannotEnter(target));
    }
    // MP-ZOC-6: entering enemy ZOC would stop the charge in the first hex.
    if in_enemy_zoc(scen, state, line[0], side) {
        return Err(NoCharge::EnemyZoc(line[0]));
    }
    // MP-ZOC-8: leaving the ZOC of enemy mounted units costs a point more.
    if enemy_zoc_units(scen, state, us.hex, side, None, true) > 0 {
        cost += Mp::ONE.0 as u32;
    }
    let left = state.mp_left(scen, unit);
    let need = Mp(cost.min(Mp::NO.0 as u32 - 1) as u16);
    if need > left {
        return Err(NoCharge::NoPoints { need, left });
    }
    Ok(ChargeLine {
        from: us.hex,
        hexes: [line[0], line[1]],
        target: victim,
        target_hex: target,
        dir,
        cost: need,
        penalty,
    })
}

/// Calls `f` with each hex `unit` may charge now (at most six: one per
/// direction).
pub fn for_each_charge(scen: &Scenario, state: &GameState, unit: UnitId, mut f: impl FnMut(HexId)) {
    let us = state.unit(unit);
    if !us.on_map()
        || !scen.unit_type(unit).kind.is_mounted()
        || !movement::can_move(scen, state, unit)
    {
        return;
    }
    // The hex three away in each direction, and whether an enemy unit
    // stands there: one pass over the units, not one per direction.
    let side = scen.unit(unit).side;
    let mut line = [HexId::NONE; 6];
    for (d, t) in Dir::ALL.into_iter().zip(&mut line) {
        *t = scen.grid().ray(us.hex, d, 3).nth(2).unwrap_or(HexId::NONE);
    }
    let mut foe = [false; 6];
    for (o, setup) in state.units().iter().zip(scen.units()) {
        if setup.side != side && o.steps > 0 && o.hex.is_some() {
            for (hit, t) in foe.iter_mut().zip(&line) {
                *hit |= o.hex == *t;
            }
        }
    }
    for (t, hit) in line.into_iter().zip(foe) {
        if hit && can_charge(scen, state, unit, t).is_ok() {
            f(t);
        }
    }
}
