//! MP-CHG-3..6: a legal charge played out: the move, the morale check, the
//! target's retreat (or elimination) and the charger's bonus.

use super::line::{enemy_zoc_units, in_enemy_zoc};
use super::{ChargeLine, DIE, can_charge, morale_check};
use crate::action::NoCharge;
use crate::event::{Event, EventSink, LossCause};
use crate::hex::{Dir, HexId};
use crate::rules::combat::Chance;
use crate::rules::{movement, retreat};
use crate::scenario::{Mp, Scenario, UnitKind};
use crate::state::{GameState, Stamp, UnitFlags, UnitId};

/// MP-CHG-4: the hex the target of `line` retreats into if the charge
/// succeeds, with the number of ZOCs of enemy units other than `charger`
/// that cover it; `None` if it cannot retreat (artillery never does). The
/// fall-back follows the retreat after combat's criteria: only into a hex
/// the unit could move to normally (MAL-CBT-7: open to its class, no
/// dearer than its whole allowance; a unit that cannot move has none).
pub fn retreat_hex(
    scen: &Scenario,
    state: &GameState,
    charger: UnitId,
    line: &ChargeLine,
) -> Option<(HexId, u8)> {
    let t = line.target;
    let ty = scen.unit_type(t);
    if ty.kind == UnitKind::Artillery || !movement::can_ever_move(scen, t) {
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
        if movement::normal_step(scen, t, from, d, h).is_none() {
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
    state.stamp = Stamp::NONE;
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
        // MP-ZOC-6: "whenever a unit moves into a hex controlled by an enemy
        // unit, its movement ends immediately": the second hex, next to the
        // target, as the charger enters it (before the check; what the
        // charge then does to the target does not undo it), judged on the
        // position the charge began in, as a move is (D-TURN-2): an empty
        // enemy fort ridden through still casts its ZOC on it.
        let entered_zoc = in_enemy_zoc(scen, self, line.hexes[1], side);
        // MP-CHG-1: the move of two hexes.
        let from = self.units[unit.index()].hex;
        for h in line.hexes {
            self.take_control(h, side, sink);
        }
        let u = &mut self.units[unit.index()];
        u.hex = line.hexes[1];
        u.mp_spent = Mp(u.mp_spent.0.saturating_add(line.cost.0));
        u.flags |= UnitFlags::MOVED;
        u.flags.set(UnitFlags::ROAD_PENALTY, line.penalty);
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
        if success {
            self.charge_succeeds(scen, unit, &line, sink);
        }
        // MP-ZOC-6: the move goes on unless the charger entered enemy ZOC
        // (as a rule it did: next to the target) or stands in it now (in
        // the target's hex, another enemy's ZOC reaching it).
        let u = &self.units[unit.index()];
        if entered_zoc || in_enemy_zoc(scen, self, u.hex, side) {
            self.units[unit.index()].flags |= UnitFlags::MOVE_ENDED;
        }
    }

    /// MP-CHG-4: the target retreats (or is eliminated); the charger takes
    /// its hex if it is empty of enemies, within stacking and of a terrain
    /// the charger's class may enter, and carries its bonus.
    fn charge_succeeds(
        &mut self,
        scen: &Scenario,
        unit: UnitId,
        line: &ChargeLine,
        sink: &mut impl EventSink,
    ) {
        let side = scen.unit(unit).side;
        let target = line.target_hex;
        self.charge_retreat(scen, unit, line, sink);
        let class = scen.unit_type(unit).class;
        if !self.units_at(target).any(|o| scen.unit(o).side != side)
            && self.units_at(target).count() < scen.stacking() as usize
            && retreat::entry_cost(scen, line.hexes[1], line.dir, target, class).is_some()
        {
            let u = &mut self.units[unit.index()];
            u.hex = target;
            u.flags.remove(UnitFlags::ROAD_PENALTY);
            sink.push(Event::Advanced { unit, hex: target });
            self.take_control(target, side, sink);
        }
        let u = &mut self.units[unit.index()];
        u.flags |= UnitFlags::CHARGED;
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
