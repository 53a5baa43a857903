//! A combat rolled and its results applied (MAL-CBT-4..10): air points
//! and supply points spent, the table read, step losses (MAL-CBT-6, GS-7),
//! amphibious losses, retreats (MAL-CBT-7, -8), advance after combat and
//! landings (MAL-CBT-9, -10).

use super::Chance;
use super::strength::{committed, defender_air, defenders, totals};
use crate::event::{Event, EventSink, LossCause, Roll};
use crate::hex::HexId;
use crate::rules::movement::with_scratch;
use crate::rules::retreat::{self, RetreatPath};
use crate::scenario::{CrtResult, LossModel, Scenario};
use crate::state::{GameState, HEX_ATTACKED, Stamp, UnitFlags, UnitId};

/// The participants of a combat's loss listed on the stack (more spill
/// into a vector).
const PARTICIPANTS: usize = 64;

impl GameState {
    /// MAL-CBT-1..10: rolls the attack being declared and applies its
    /// result, drawing from `chance` ([`crate::Action::Resolve`] passes the
    /// game's RNG; search and tests may pass their own). Nothing happens if
    /// no attack is being declared.
    pub fn resolve_combat(
        &mut self,
        scen: &Scenario,
        air: u8,
        chance: &mut impl Chance,
        sink: &mut impl EventSink,
    ) {
        let target = self.combat.target;
        if !target.is_some() {
            return;
        }
        let totals = totals(scen, self, target);
        self.resolve_with_totals(scen, air, totals, chance, sink);
    }

    /// [`GameState::resolve_combat`] with the attack's totals (MAL-CBT-3,
    /// -4) already counted in this very position: the exact calculator
    /// plays one position's combat once per branch, and counts them once.
    pub(super) fn resolve_with_totals(
        &mut self,
        scen: &Scenario,
        air: u8,
        totals: (f64, f64),
        chance: &mut impl Chance,
        sink: &mut impl EventSink,
    ) {
        let target = self.combat.target;
        if !target.is_some() {
            return;
        }
        self.stamp = Stamp::NONE;
        self.roll_combat(scen, target, air, totals, chance, sink);
        self.restamp();
    }

    fn roll_combat(
        &mut self,
        scen: &Scenario,
        target: HexId,
        air: u8,
        (attack, defense): (f64, f64),
        chance: &mut impl Chance,
        sink: &mut impl EventSink,
    ) {
        let rules = scen.combat();
        let side = self.active_side();
        let foe = side.other();
        let column = rules.column(attack, defense);
        // MAL-CBT-5: both commitments are made before the roll, and spent.
        let (a_air, d_air) = self.air_spent(scen, target, column, air);
        self.air[side.index()] -= a_air;
        self.air[foe.index()] -= d_air;
        if let Some(g) = &scen.supply_rules().graded {
            // GS-4: the attack's supply points.
            let sp = &mut self.sp[side.index()];
            *sp = sp.saturating_sub(g.attack_sp);
        }
        let die = chance.roll(rules.die());
        let (modified, result) = read_table(scen, column, die, a_air, d_air);
        self.control[target.index()] |= HEX_ATTACKED;
        // MAL-CBT-1: each defender is attacked once per phase, wherever it
        // retreats to.
        for u in &mut self.units {
            if u.hex == target {
                u.flags |= UnitFlags::DEFENDED;
            }
        }
        sink.push(Event::Combat {
            hex: target,
            attack,
            defense,
            column: column as u8,
            attacker_air: a_air,
            defender_air: d_air,
            roll: Roll {
                die,
                modified,
                result,
            },
        });
        self.combat_results(scen, target, result, chance, sink);
        self.after_combat(scen, target, sink);
    }

    /// MAL-CBT-5: the air points the attacker (`air` asked, as many as
    /// it has) and the defender commit to the attack on `target` at
    /// `column`, before the roll.
    fn air_spent(&self, scen: &Scenario, target: HexId, column: usize, air: u8) -> (u8, u8) {
        let d_air = defender_air(scen, self, target, column);
        let a_air = air.min(self.air[self.active_side().index()]);
        (a_air, d_air)
    }

    /// The table's result for each face of the die (1 first) in the
    /// attack being declared, with `air` points from the attacker: what
    /// [`GameState::resolve_combat`] reads after its first draw, the die
    /// (the face itself is only reported). Nothing with no attack declared.
    pub(super) fn results_by_face(&self, scen: &Scenario, air: u8, out: &mut Vec<CrtResult>) {
        out.clear();
        let target = self.combat.target;
        if !target.is_some() {
            return;
        }
        let (attack, defense) = totals(scen, self, target);
        let column = scen.combat().column(attack, defense);
        let (a_air, d_air) = self.air_spent(scen, target, column, air);
        for die in 1..=scen.combat().die() {
            out.push(read_table(scen, column, die, a_air, d_air).1);
        }
    }

    /// MAL-CBT-6..8, -10, GS-7: the table's result applied: step losses on
    /// both sides (more for isolated units), amphibious losses, the
    /// defenders' retreat.
    fn combat_results(
        &mut self,
        scen: &Scenario,
        target: HexId,
        result: CrtResult,
        chance: &mut impl Chance,
        sink: &mut impl EventSink,
    ) {
        let rules = scen.combat();
        let side = self.active_side();
        // GS-7: isolated units suffer worse losses.
        let extra = |st: &GameState, attackers: bool| -> u8 {
            let isolated = if attackers {
                committed(st).any(|u| st.unit(u).has(UnitFlags::COMBAT_ISOLATED))
            } else {
                defenders(scen, st, target, side)
                    .any(|u| st.unit(u).has(UnitFlags::COMBAT_ISOLATED))
            };
            match &scen.supply_rules().graded {
                Some(g) if isolated => g.isolated_losses,
                _ => 0,
            }
        };
        let a_loss = result.attacker
            + if result.attacker > 0 {
                extra(self, true)
            } else {
                0
            };
        let d_loss = result.defender
            + if result.defender > 0 {
                extra(self, false)
            } else {
                0
            };
        self.take_losses(scen, true, target, a_loss, chance, sink);
        self.take_losses(scen, false, target, d_loss, chance, sink);
        // MAL-CBT-10: each landing unit loses a further step.
        for i in 0..self.units.len() {
            let u = self.units[i];
            if u.has(UnitFlags::COMMITTED) && u.has(UnitFlags::LANDING) {
                for _ in 0..rules.amphibious_loss {
                    self.lose_step(scen, UnitId(i as u16), LossCause::Combat, sink);
                }
            }
        }
        if result.retreat > 0 {
            self.retreat_defenders(scen, target, result.retreat, chance, sink);
        }
    }

    /// MAL-CBT-9, -10: the attackers have attacked; an emptied hex may be
    /// taken: landing forces come ashore (or go back to the pool), the
    /// others may advance.
    fn after_combat(&mut self, scen: &Scenario, target: HexId, sink: &mut impl EventSink) {
        let side = self.active_side();
        // The attackers have attacked; the hex may be taken (MAL-CBT-9).
        let empty = self.units_at(target).next().is_none();
        let mut room = scen.stacking() as usize;
        for i in 0..self.units.len() {
            let u = &mut self.units[i];
            if !u.has(UnitFlags::COMMITTED) {
                continue;
            }
            u.flags.remove(UnitFlags::COMMITTED);
            u.flags |= UnitFlags::ATTACKED;
            if u.eliminated() {
                u.flags.remove(UnitFlags::LANDING);
                continue;
            }
            if u.has(UnitFlags::LANDING) {
                // MAL-CBT-10: a landing force comes ashore if the port is
                // empty, else goes back to the reinforcement pool.
                u.flags.remove(UnitFlags::LANDING);
                let unit = UnitId(i as u16);
                if empty && room > 0 {
                    room -= 1;
                    u.hex = target;
                    sink.push(Event::Advanced { unit, hex: target });
                } else {
                    sink.push(Event::ReturnedToPool { unit });
                }
            } else if empty {
                u.flags |= UnitFlags::MAY_ADVANCE;
            }
        }
        self.combat.target = HexId::NONE;
        if empty {
            self.combat.advance = target;
            if room < scen.stacking() as usize {
                self.take_control(target, side, sink);
            }
        }
    }

    /// MAL-CBT-6: `losses` off the attackers (committed units) or the
    /// defenders of `target`: first the units with two or more steps left,
    /// then the one-step units, each loss to one of the group at random.
    /// With morale losses (MP-CHG-5), each loss is a morale point off a
    /// participant chosen at random.
    fn take_losses(
        &mut self,
        scen: &Scenario,
        attackers: bool,
        target: HexId,
        losses: u8,
        chance: &mut impl Chance,
        sink: &mut impl EventSink,
    ) {
        let side = self.active_side();
        let morale = scen.combat().losses == LossModel::Morale;
        let part = |st: &GameState, i: usize| -> bool {
            let u = &st.units[i];
            if u.eliminated() {
                return false;
            }
            if attackers {
                u.has(UnitFlags::COMMITTED)
            } else {
                u.hex == target && scen.units()[i].side != side
            }
        };
        // The participants of each loss, listed in one pass over the units
        // (in id order, as the loss is picked among them): on the stack, or
        // past PARTICIPANTS in a vector.
        let mut stack = [0u16; PARTICIPANTS];
        let mut spill: Vec<u16> = Vec::new();
        for _ in 0..losses {
            let mut len = 0;
            spill.clear();
            for i in (0..self.units.len()).filter(|&i| part(self, i)) {
                if len < PARTICIPANTS {
                    stack[len] = i as u16;
                } else {
                    if spill.is_empty() {
                        spill.extend_from_slice(&stack);
                    }
                    spill.push(i as u16);
                }
                len += 1;
            }
            let list: &[u16] = if len <= PARTICIPANTS {
                &stack[..len]
            } else {
                &spill
            };
            let strong = |i: u16| morale || self.units[i as usize].steps >= 2;
            let two = list.iter().any(|&i| strong(i));
            let n = if two {
                list.iter().filter(|&&i| strong(i)).count()
            } else {
                list.len()
            };
            if n == 0 {
                return;
            }
            let k = if n == 1 { 0 } else { chance.pick(n) };
            let Some(&i) = list.iter().filter(|&&i| !two || strong(i)).nth(k) else {
                return;
            };
            let unit = UnitId(i);
            if morale {
                self.lose_morale(scen, unit, 1, LossCause::Combat, sink);
            } else {
                self.lose_step(scen, unit, LossCause::Combat, sink);
            }
        }
    }

    /// MAL-CBT-7, -8: every defender left in `target` retreats `hexes` hexes
    /// (lowest id first, each by its own best path, seeing the ones moved
    /// before it), then the retreat's losses are taken: a step for each
    /// enemy ZOC hex entered and two steps where no retreat can be made,
    /// each charged once to the body of units that paid it together and
    /// shared among them as combat losses are (MAL-CBT-6).
    fn retreat_defenders(
        &mut self,
        scen: &Scenario,
        target: HexId,
        hexes: u8,
        chance: &mut impl Chance,
        sink: &mut impl EventSink,
    ) {
        let side = self.active_side();
        let mut moved: Vec<(UnitId, Option<RetreatPath>)> = Vec::new();
        for i in 0..self.units.len() {
            let u = self.units[i];
            if u.hex != target || u.eliminated() || scen.units()[i].side == side {
                continue;
            }
            let unit = UnitId(i as u16);
            let path = with_scratch(|ms| {
                ms.prepare(scen, self);
                retreat::plan(scen, self, ms, unit, target, hexes)
            });
            match path {
                Some(p) => {
                    let foe = scen.units()[i].side;
                    for &h in p.hexes() {
                        self.take_control(h, foe, sink);
                    }
                    self.units[i].hex = p.end();
                    sink.push(Event::Retreated {
                        unit,
                        from: target,
                        path: p.hexes().to_vec(),
                    });
                }
                None => sink.push(Event::NoRetreat { unit, hex: target }),
            }
            moved.push((unit, path));
        }
        self.retreat_losses(scen, &moved, chance, sink);
    }

    /// MAL-CBT-8: "the unit (or the stack)" pays: the units left without a
    /// retreat are one body and lose two steps between them; each enemy ZOC
    /// hex is paid once by the units that entered it together (the same
    /// hexes up to and including it), a step between them. Each loss goes
    /// to one of the body as in MAL-CBT-6.
    fn retreat_losses(
        &mut self,
        scen: &Scenario,
        moved: &[(UnitId, Option<RetreatPath>)],
        chance: &mut impl Chance,
        sink: &mut impl EventSink,
    ) {
        let mut body: Vec<UnitId> = Vec::with_capacity(moved.len());
        for (a, (_, pa)) in moved.iter().enumerate() {
            let Some(pa) = pa else {
                if moved[..a].iter().all(|(_, p)| p.is_some()) {
                    body.clear();
                    body.extend(moved.iter().filter(|(_, p)| p.is_none()).map(|m| m.0));
                    self.share_losses(scen, &body, 2, chance, sink);
                }
                continue;
            };
            for k in 0..pa.len as usize {
                let with = |p: &Option<RetreatPath>| p.as_ref().is_some_and(|p| p.shares(pa, k));
                if !pa.zoc_at(k) || moved[..a].iter().any(|(_, p)| with(p)) {
                    continue;
                }
                body.clear();
                body.extend(moved.iter().filter(|(_, p)| with(p)).map(|m| m.0));
                self.share_losses(scen, &body, 1, chance, sink);
            }
        }
    }

    /// MAL-CBT-6 for a retreat's losses: each of `losses` steps off one of
    /// `body`, first among those with two or more steps left, then among the
    /// rest, at random.
    fn share_losses(
        &mut self,
        scen: &Scenario,
        body: &[UnitId],
        losses: u8,
        chance: &mut impl Chance,
        sink: &mut impl EventSink,
    ) {
        for _ in 0..losses {
            let left = |st: &GameState, u: UnitId| !st.units[u.index()].eliminated();
            let two = |st: &GameState, u: UnitId| st.units[u.index()].steps >= 2;
            let mut n = body.iter().filter(|&&u| two(self, u)).count();
            let by_two = n > 0;
            if !by_two {
                n = body.iter().filter(|&&u| left(self, u)).count();
            }
            if n == 0 {
                return;
            }
            let k = if n == 1 { 0 } else { chance.pick(n) };
            let pick = |st: &GameState, u: UnitId| if by_two { two(st, u) } else { left(st, u) };
            let Some(&unit) = body.iter().filter(|&&u| pick(self, u)).nth(k) else {
                return;
            };
            self.lose_step(scen, unit, LossCause::Retreat, sink);
        }
    }
}

/// MAL-CBT-4, -5: the die modified by the air points (within the die's
/// faces) and the table's result in `column`.
fn read_table(scen: &Scenario, column: usize, die: u8, a_air: u8, d_air: u8) -> (u8, CrtResult) {
    let rules = scen.combat();
    let modified = (die as i32 + a_air as i32 - d_air as i32).clamp(1, rules.die() as i32) as u8;
    (modified, rules.results[modified as usize - 1][column])
}
