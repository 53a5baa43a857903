//! Cavalry charges (MP-CHG-1..6).
//!
//! A charge is one action in the Movement Phase ([`crate::Action::Charge`]):
//! a mounted unit moves two hexes in a straight line to end adjacent to its
//! target, which lies on the same line; a 1-9 morale check decides it.
//!
//! - [`can_charge`] (MP-CHG-1, -2) says whether a charge is legal now and
//!   gives its [`ChargeLine`], or the first rule that forbids it
//!   ([`NoCharge`]); [`for_each_charge`] lists the hexes a unit may charge.
//! - [`morale_check`] (MP-CHG-3) gives the numbers of the check and
//!   [`success_chance`] its exact odds, for the odds tool and the AI.
//! - `GameState::resolve_charge` (MP-CHG-3..6) plays it out, drawing the
//!   die through [`Chance`]; [`resolve_with`] is the checked entry point
//!   for tools and tests with a scripted [`Chance`].
//!
//! # Interpretations
//!
//! Where the rules leave room, this is what the engine does:
//!
//! - MP-CHG-1, who charges: a mounted unit (cavalry, leaders; camels are
//!   not mounted) of the phasing side, on the map, in its Movement Phase,
//!   whose move has not ended (MP-ZOC-6). A unit **may charge after moving**
//!   earlier in the phase if it has the movement points left; a charge ends
//!   its move for the phase either way.
//! - MP-CHG-1, the line: the target hex lies exactly three hexes away along
//!   one of the six hex directions ([`crate::Grid::ray`]); the charger enters
//!   the first two hexes of that line. Both must be clear (`open` terrain),
//!   empty (no unit of either side, whatever the stacking limit), enterable
//!   by the unit's class (terrain and hexside, as in normal movement), and
//!   the first must not be in enemy ZOC (entering it would end the move,
//!   MP-ZOC-6; a fort hex is never in enemy ZOC, MP-ZOC-5). The second, next
//!   to the target, is in its ZOC as a rule: that is where the move ends.
//!   The charger must also be able to cross into the target's hex (it takes
//!   that hex if the charge succeeds, MP-CHG-4): a steep hexside, or a hex
//!   its class may not enter, forbids the charge.
//! - MP-CHG-1, cost: the two hexes cost what they cost by normal movement
//!   (MP-MOV-1..7: the road rate where the line follows a road, the free
//!   first road hex of MP-MOV-5, the debt of MP-MOV-6), plus one point to
//!   leave a hex in the ZOC of enemy mounted units (MP-ZOC-8). The unit must
//!   have that many points left. Taking the target's hex after a successful
//!   charge costs nothing (like an advance after combat).
//! - MP-CHG-2, water: a river on any hexside of the line, from the start hex
//!   to the target's hexside, forbids the charge, bridged or forded or not.
//!   A stream does not, bridged or not: MP-CHG-3 counts "+1 across a
//!   stream", so charges across streams exist; an unbridged stream costs its
//!   movement cost as in normal movement, and the stream modifier applies
//!   whenever the hexside between the charger's end hex and the target
//!   carries a stream, bridge or no bridge.
//! - MP-CHG-2, terrain: only the target's own hex is looked at for
//!   woods/dunes/palm grove/town (`no_charge`); the hexes crossed must be
//!   clear anyway.
//! - The target: with a stacking limit of one there is one enemy unit in the
//!   hex. With more, the unit charged is the enemy unit with the lowest id in
//!   the hex; the charger then takes the hex only if no enemy unit is left
//!   in it once the target has gone.
//! - MP-CHG-3, strengths: "combat strength" is the unit's printed strength
//!   for the steps it has left less what morale losses took off it
//!   (MP-CHG-5), [`GameState::base_strength`]: attack for the charger,
//!   defense for the target, rounded down to whole points. Supply and
//!   terrain modifiers are for combat, not for the morale check.
//! - MP-CHG-3, morale value: the target's current morale
//!   ([`crate::UnitState::morale`], which MP-CHG-5 losses lower); a leader's
//!   is its combat strength plus its command radius, whatever morale its
//!   type lists; a unit with no morale value at all (e.g. artillery) has 0.
//! - MP-CHG-3, slope and stream: only the hexside between the charger's end
//!   hex and the target counts. "Uphill" means the charger crosses it from
//!   the foot of the slope into the higher hex (the `LOW/HIGH` pair's first
//!   hex is the charger's end hex, [`side_bits::UPHILL`] seen from that hex):
//!   the target's morale value is +1; the other way round (charging down
//!   into the target) it is -1. A double slope is a crest, uphill from both
//!   sides: +1. A stream adds +1 on top.
//! - MP-CHG-3, the die: `Chance::roll(9)`, 1 to 9 with equal chances. The
//!   check fails (the charge succeeds) when roll + charger's strength -
//!   target's strength is greater than the modified morale value.
//! - MP-CHG-4, the move: the charger spends its points and enters the two
//!   hexes (taking their control, D-TURN-2) before the check; whatever the
//!   check gives, its move is over. If the target holds, nothing happens to
//!   it and the charger stays in the hex next to it.
//! - MP-CHG-4, the retreat: one hex, "away from the charger": a hex next to
//!   the target and two hexes from the charger's end hex (the hex straight
//!   on along the line, or the one either side of it). The hex must be on
//!   the map, enterable by the target's class by normal movement, free of
//!   enemy units, within the stacking limit (with a limit of one, empty),
//!   and not a fort the enemy controls (MP-ZOC-5). Of the hexes allowed,
//!   the target takes the one whose enemy ZOCs cost it least, then the one
//!   straight on, then the lowest hex id. With none allowed it is
//!   eliminated. It takes control of the hex it enters.
//! - MP-CHG-4, ZOCs entered: the enemy units other than the charger whose
//!   ZOC covers the hex entered are counted, each unit once, by the ZOC
//!   rules MP-ZOC-1..4 (not from or into town and woods, not across streams,
//!   rivers or double slopes, not from artillery or demoralised units); a
//!   fort's own ZOC is not a unit's and does not count, and a unit retreating
//!   into a fort is in no enemy ZOC (MP-ZOC-5).
//! - MP-CHG-4, the bonus: the charger carries [`unit_flags::CHARGED`] and
//!   [`crate::UnitState::charge_target`] until the end of its player-turn;
//!   combat multiplies its attack on that unit by 1.5, rounded down.
//! - MP-CHG-4, leaders retreat like any unit but lose no morale; artillery
//!   does not retreat and is eliminated (so are units that cannot retreat).
//!   Eliminated units' steps count as lost (D-TURN-3).
//! - MP-CHG-5: the morale points go through `GameState::lose_morale`.
//! - MP-CHG-6: the checked `apply` refuses an illegal charge and changes
//!   nothing; a legal one is played out whole inside one action.

use crate::combat::Chance;
use crate::game::{Event, EventSink, LossCause};
use crate::hex::{Dir, HexId};
use crate::movement;
use crate::retreat;
use crate::scenario::{Mp, PhaseKind, Scenario, Side, UnitKind, side_bits};
use crate::state::{GameState, UnitId, unit_flags};
use crate::zoc;

/// Faces of the morale-check die (MP-CHG-3).
pub const DIE: u8 = 9;

/// Why a unit may not charge a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoCharge {
    /// The game is over, or it is not a Movement Phase.
    NotMovementPhase,
    /// The unit is not the phasing side's.
    NotYourUnit,
    /// The unit is not on the map.
    NotOnMap,
    /// MP-CHG-1: only mounted units (cavalry, leaders) charge.
    NotMounted,
    /// MP-ZOC-6: its move is over for this phase (it entered enemy ZOC, or
    /// has charged already).
    MoveEnded,
    /// MP-CHG-1: the hex is not three hexes away in a straight line.
    NotInLine,
    /// MP-CHG-1: no enemy unit in the hex.
    NoEnemy,
    /// MP-CHG-2: the target stands in woods, dunes, palm grove or town.
    ProtectedTerrain,
    /// MP-CHG-2: a river crosses the line (the hex is the one beyond it).
    River(HexId),
    /// MP-CHG-1: a hex crossed is not clear ground.
    NotClear(HexId),
    /// MP-CHG-1: a hex crossed holds a unit.
    Occupied(HexId),
    /// MP-CHG-1: the unit could not enter this hex by normal movement
    /// (terrain or hexside; the target's hex included).
    CannotEnter(HexId),
    /// MP-CHG-1, MP-ZOC-6: the first hex crossed is in enemy ZOC.
    EnemyZoc(HexId),
    /// MP-CHG-1: not enough movement points left for the two hexes.
    NoPoints {
        /// What the two hexes cost.
        need: Mp,
        /// What the unit has left.
        left: Mp,
    },
}

impl NoCharge {
    /// For people.
    pub fn describe(self) -> String {
        match self {
            NoCharge::NotMovementPhase => {
                "a charge is a move, made in its side's Movement Phase (MP-CHG-1)".into()
            }
            NoCharge::NotYourUnit => {
                "only the phasing side's units charge, in its Movement Phase (MP-CHG-1)".into()
            }
            NoCharge::NotOnMap => "it is not on the map to charge from (MP-CHG-1)".into(),
            NoCharge::NotMounted => {
                "only mounted units (cavalry, leaders) charge; camels are not mounted (MP-CHG-1)"
                    .into()
            }
            NoCharge::MoveEnded => {
                "its move is over for this phase: it entered enemy ZOC (MP-ZOC-6) or has charged (MP-CHG-1)"
                    .into()
            }
            NoCharge::NotInLine => {
                "the target must lie three hexes away in a straight line (MP-CHG-1)".into()
            }
            NoCharge::NoEnemy => "there is no enemy unit in that hex (MP-CHG-1)".into(),
            NoCharge::ProtectedTerrain => {
                "units in woods, dunes, palm grove or town cannot be charged (MP-CHG-2)".into()
            }
            NoCharge::River(_) => {
                "a charge never crosses a river, bridged or not (MP-CHG-2)".into()
            }
            NoCharge::NotClear(_) => "the hexes crossed must be clear ground (MP-CHG-1)".into(),
            NoCharge::Occupied(_) => "the hexes crossed must be empty (MP-CHG-1)".into(),
            NoCharge::CannotEnter(_) => {
                "it could not enter a hex of the line by normal movement (MP-CHG-1)".into()
            }
            NoCharge::EnemyZoc(_) => {
                "the first hex crossed is in enemy ZOC, which would end the move (MP-CHG-1, MP-ZOC-6)"
                    .into()
            }
            NoCharge::NoPoints { need, left } => format!(
                "the charge costs {} MP and it has {} left (MP-CHG-1)",
                need.as_f64(),
                left.as_f64()
            ),
        }
    }
}

/// The line of a legal charge: the two hexes crossed and the unit charged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChargeLine {
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
}

/// Enemy units (of the side other than `side`), `except` left out, whose
/// ZOC covers `h` by MP-ZOC-1..4 (only mounted ones if `mounted_only`);
/// none in a fort (MP-ZOC-5). Counts units, each once.
fn enemy_zoc_units(
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
fn in_enemy_zoc(scen: &Scenario, state: &GameState, h: HexId, side: Side) -> bool {
    if scen.is_fort(h) {
        return false;
    }
    let grid = scen.grid();
    let fort = scen.forts().iter().any(|&f| {
        state.control(f) == Some(side.other())
            && grid
                .direction(f, h)
                .is_some_and(|d| scen.zoc_dirs[f.index()] & (1 << d as u8) != 0)
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
    if us.has(unit_flags::MOVE_ENDED) {
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
        if scen.hexside(prev, dir) & side_bits::RIVER != 0 {
            return Err(NoCharge::River(h));
        }
        prev = h;
    }
    // MP-CHG-1: the two hexes crossed, by normal movement costs.
    let mut cost = 0u32;
    let mut penalty = us.has(unit_flags::ROAD_PENALTY);
    let mut first = !us.has(unit_flags::MOVED);
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
    // MP-CHG-4: the charger must be able to take the target's hex.
    if retreat::entry_cost(scen, line[1], dir, target, ty.class).is_none() {
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
        hexes: [line[0], line[1]],
        target: victim,
        target_hex: target,
        dir,
        cost: need,
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
    for d in Dir::ALL {
        let Some(t) = scen.grid().ray(us.hex, d, 3).nth(2) else {
            continue;
        };
        if can_charge(scen, state, unit, t).is_ok() {
            f(t);
        }
    }
}

/// MP-CHG-3: a unit's combat strength for the morale check: its strength
/// for the steps it has left less morale losses (MP-CHG-5), rounded down.
pub fn check_strength(scen: &Scenario, state: &GameState, u: UnitId, attack: bool) -> i32 {
    state.base_strength(scen, u, attack).floor() as i32
}

/// MP-CHG-3: `u`'s morale value now: its current morale; a leader's is its
/// combat strength plus its command radius; 0 for a unit with none.
pub fn morale_value(scen: &Scenario, state: &GameState, u: UnitId) -> i32 {
    let ty = scen.unit_type(u);
    if ty.kind == UnitKind::Leader {
        check_strength(scen, state, u, false) + ty.command as i32
    } else {
        state.unit(u).morale as i32
    }
}

/// The numbers of a morale check (MP-CHG-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoraleCheck {
    /// The charger's combat strength.
    pub charger: i32,
    /// The target's combat strength.
    pub target: i32,
    /// The target's morale value, unmodified.
    pub morale: i32,
    /// +1 charged uphill across a slope (or a double slope), -1 downhill.
    pub slope: i32,
    /// +1 charged across a stream.
    pub stream: i32,
}

impl MoraleCheck {
    /// The morale value with its modifiers: the total must exceed it.
    pub fn to_beat(&self) -> i32 {
        self.morale + self.slope + self.stream
    }

    /// The roll plus the strength difference.
    pub fn total(&self, roll: u8) -> i32 {
        roll as i32 + self.charger - self.target
    }

    /// Whether the check fails on `roll`: the charge succeeds.
    pub fn fails(&self, roll: u8) -> bool {
        self.total(roll) > self.to_beat()
    }

    /// The exact chance that the check fails (the charge succeeds): the
    /// rolls of 1..=9 that do, over 9.
    pub fn success_chance(&self) -> f64 {
        (1..=DIE).filter(|&r| self.fails(r)).count() as f64 / DIE as f64
    }
}

/// MP-CHG-3: the morale check of the charge along `line` by `unit`.
pub fn morale_check(
    scen: &Scenario,
    state: &GameState,
    unit: UnitId,
    line: &ChargeLine,
) -> MoraleCheck {
    let bits = scen.hexside(line.hexes[1], line.dir);
    let slope = if bits & (side_bits::UPHILL | side_bits::DOUBLE_SLOPE) != 0 {
        1
    } else if bits & side_bits::DOWNHILL != 0 {
        -1
    } else {
        0
    };
    MoraleCheck {
        charger: check_strength(scen, state, unit, true),
        target: check_strength(scen, state, line.target, false),
        morale: morale_value(scen, state, line.target),
        slope,
        stream: (bits & side_bits::STREAM != 0) as i32,
    }
}

/// The exact probability that the charge of `unit` at `target` succeeds
/// (the target's morale check fails), or `None` if it may not charge it now.
pub fn success_chance(
    scen: &Scenario,
    state: &GameState,
    unit: UnitId,
    target: HexId,
) -> Option<f64> {
    let line = can_charge(scen, state, unit, target).ok()?;
    Some(morale_check(scen, state, unit, &line).success_chance())
}

/// MP-CHG-4: the hex the target of `line` retreats into if the charge
/// succeeds, with the number of ZOCs of enemy units other than `charger`
/// that cover it; `None` if it cannot retreat (artillery never does).
pub fn retreat_hex(
    scen: &Scenario,
    state: &GameState,
    charger: UnitId,
    line: &ChargeLine,
) -> Option<(HexId, u8)> {
    let t = line.target;
    let ty = scen.unit_type(t);
    if ty.kind == UnitKind::Artillery {
        return None;
    }
    let grid = scen.grid();
    let from = line.target_hex;
    let side = scen.unit(t).side;
    let straight = grid.neighbour(from, line.dir);
    let mut best: Option<(u8, bool, HexId)> = None;
    for d in Dir::ALL {
        let h = grid.neighbour(from, d);
        if !h.is_some() || grid.distance(line.hexes[1], h) != 2 {
            continue;
        }
        if retreat::entry_cost(scen, from, d, h, ty.class).is_none() {
            continue;
        }
        let (mut mine, mut theirs) = (0usize, 0usize);
        for o in state.units_at(h) {
            if o == t {
                continue;
            }
            if scen.unit(o).side == side {
                mine += 1;
            } else {
                theirs += 1;
            }
        }
        if theirs > 0 || mine >= scen.stacking() as usize {
            continue;
        }
        // MP-ZOC-5: never into a fort the enemy controls.
        if scen.is_fort(h) && state.control(h) == Some(side.other()) {
            continue;
        }
        let zocs = enemy_zoc_units(scen, state, h, side, Some(charger), false);
        let key = (zocs, h != straight, h);
        if best.is_none_or(|b| key < b) {
            best = Some(key);
        }
    }
    best.map(|(z, _, h)| (h, z))
}

/// MP-CHG-1..6: checks the charge of `unit` at `target` and plays it out
/// with the die from `chance` (tools, tests). Refused with the state
/// untouched if it is not legal now.
pub fn resolve_with(
    state: &mut GameState,
    scen: &Scenario,
    unit: UnitId,
    target: HexId,
    chance: &mut impl Chance,
    sink: &mut impl EventSink,
) -> Result<(), NoCharge> {
    can_charge(scen, state, unit, target)?;
    state.stamp = 0;
    state.resolve_charge(scen, unit, target, chance, sink);
    state.restamp();
    Ok(())
}

impl GameState {
    /// MP-CHG-3..6: the charge of `unit` at `target`, checked legal.
    pub(crate) fn resolve_charge(
        &mut self,
        scen: &Scenario,
        unit: UnitId,
        target: HexId,
        chance: &mut impl Chance,
        sink: &mut impl EventSink,
    ) {
        let line = match can_charge(scen, self, unit, target) {
            Ok(l) => l,
            Err(e) => {
                debug_assert!(false, "resolve_charge: illegal charge: {e:?}");
                return;
            }
        };
        let check = morale_check(scen, self, unit, &line);
        let side = scen.unit(unit).side;
        // MP-CHG-1: the move of two hexes, which ends the unit's move.
        let from = self.units[unit.index()].hex;
        for h in line.hexes {
            self.take_control(h, side, sink);
        }
        let u = &mut self.units[unit.index()];
        u.hex = line.hexes[1];
        u.mp_spent = Mp(u.mp_spent.0.saturating_add(line.cost.0));
        u.flags |= unit_flags::MOVED | unit_flags::MOVE_ENDED;
        u.flags &= !unit_flags::ROAD_PENALTY;
        sink.push(Event::Moved {
            unit,
            from,
            to: line.hexes[1],
            cost: line.cost,
        });
        // MP-CHG-3: the morale check.
        let roll = chance.roll(DIE);
        let success = check.fails(roll);
        sink.push(Event::Charged {
            unit,
            target: line.target,
            roll,
            total: check.total(roll).clamp(i8::MIN as i32, i8::MAX as i32) as i8,
            morale: check.to_beat().clamp(i8::MIN as i32, i8::MAX as i32) as i8,
            success,
        });
        if !success {
            return; // The target holds; the charger stays next to it.
        }
        // MP-CHG-4: the target retreats one hex (or is eliminated).
        self.charge_retreat(scen, unit, &line, sink);
        // MP-CHG-4: the charger takes the hex and its bonus.
        if !self.units_at(target).any(|o| scen.unit(o).side != side)
            && self.units_at(target).count() < scen.stacking() as usize
        {
            self.units[unit.index()].hex = target;
            sink.push(Event::Advanced { unit, hex: target });
            self.take_control(target, side, sink);
        }
        let u = &mut self.units[unit.index()];
        u.flags |= unit_flags::CHARGED;
        u.charge_target = line.target;
    }

    /// MP-CHG-4, -5: the charged unit retreats one hex away from the
    /// charger, losing a morale point plus one per ZOC of an enemy unit
    /// other than the charger covering the hex it enters (leaders lose
    /// none); it is eliminated if it cannot retreat, and artillery always is.
    fn charge_retreat(
        &mut self,
        scen: &Scenario,
        charger: UnitId,
        line: &ChargeLine,
        sink: &mut impl EventSink,
    ) {
        let t = line.target;
        let from = line.target_hex;
        match retreat_hex(scen, self, charger, line) {
            Some((h, zocs)) => {
                let side = scen.unit(t).side;
                self.units[t.index()].hex = h;
                sink.push(Event::Retreated {
                    unit: t,
                    from,
                    path: vec![h],
                });
                self.take_control(h, side, sink);
                if scen.unit_type(t).kind != UnitKind::Leader {
                    self.lose_morale(scen, t, zocs.saturating_add(1), LossCause::Charge, sink);
                }
            }
            None => {
                sink.push(Event::NoRetreat { unit: t, hex: from });
                while !self.units[t.index()].eliminated() {
                    self.lose_step(scen, t, LossCause::Charge, sink);
                }
            }
        }
    }
}
