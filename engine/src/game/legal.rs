//! Every legal action now: moves, charges, supply points and works (GS-10)
//! in the Movement Phase (and GS-9's rebuilds, shipments and pockets given
//! up), rail moves and take-backs in the Rail Phase, attacks, rolls and
//! advances in the Combat Phase (MAL-CBT-1, -9, -10), and the end of the
//! phase where it may end (MAL-RAIL-5).

use crate::action::{Action, ActionError};
use crate::rules::movement::{self, with_scratch};
use crate::rules::{charge, combat, graded, rail, works};
use crate::scenario::{PhaseKind, Scenario};
use crate::state::{GameState, UnitFlags, UnitId};

impl GameState {
    /// Every legal action now, appended to `out` (cleared first). Empty once
    /// the game is over; otherwise it holds [`Action::EndPhase`], except in
    /// a Rail Phase that has left a hex overstacked (MAL-RAIL-5).
    pub fn legal_actions(&self, scen: &Scenario, out: &mut Vec<Action>) {
        out.clear();
        if self.is_over() {
            return;
        }
        match self.phase(scen) {
            PhaseKind::Movement => with_scratch(|s| {
                s.prepare(scen, self);
                for u in self.units_of(scen, self.active_side()) {
                    movement::for_each_destination(scen, self, s, u, |to, _| {
                        out.push(Action::Move { unit: u, to })
                    });
                }
                for u in self.units_of(scen, self.active_side()) {
                    charge::for_each_charge(scen, self, u, |target| {
                        out.push(Action::Charge { unit: u, target })
                    });
                }
                if scen.supply_rules().graded.is_some() {
                    for u in self.units_of(scen, self.active_side()) {
                        if graded::can_spend(scen, self, u).is_ok() {
                            out.push(Action::SpendSupply { unit: u });
                        }
                    }
                    // GS-9: rebuilds, shipping out, pockets given up.
                    graded::for_each_pool_action(scen, self, |a| out.push(a));
                }
                if scen.srp().is_some() {
                    for u in self.units_of(scen, self.active_side()) {
                        works::for_each_work(scen, self, u, |work| {
                            out.push(Action::Work { unit: u, work })
                        });
                    }
                }
            }),
            PhaseKind::Rail => {
                with_scratch(|s| {
                    s.prepare(scen, self);
                    for u in self.units_of(scen, self.active_side()) {
                        rail::destinations(scen, self, s, u, |to, _| {
                            out.push(Action::RailMove { unit: u, to })
                        });
                    }
                });
                out.extend(
                    self.rail_moves()
                        .iter()
                        .map(|&(unit, _)| Action::UndoRail { unit }),
                );
                if rail::overstacked(scen, self, self.active_side()).is_some() {
                    return; // MAL-RAIL-5: no EndPhase while overstacked.
                }
            }
            // No EndPhase while an attack is being declared or a landing
            // force has yet to attack.
            PhaseKind::Combat if self.combat_actions(scen, out) => return,
            _ => {}
        }
        out.push(Action::EndPhase);
    }

    /// The Combat Phase's actions, appended to `out`; true when the phase may
    /// not end now (an attack is being declared, or a landing force has not
    /// attacked).
    pub(super) fn combat_actions(&self, scen: &Scenario, out: &mut Vec<Action>) -> bool {
        self.for_each_combat_action(scen, |a| out.push(a))
    }

    /// [`GameState::combat_actions`], each action given to `f`; no
    /// allocation. Hexes with no enemy unit are skipped by the occupancy
    /// table before the full check.
    pub(super) fn for_each_combat_action(
        &self,
        scen: &Scenario,
        mut f: impl FnMut(Action),
    ) -> bool {
        let side = self.active_side();
        let pending = self.combat.target;
        let grid = scen.grid();
        with_scratch(|s| {
            s.prepare(scen, self);
            for (i, us) in self.units.iter().enumerate() {
                let u = UnitId(i as u16);
                if scen.units()[i].side != side
                    || us.eliminated()
                    || us.has(UnitFlags::ATTACKED | UnitFlags::COMMITTED)
                {
                    continue;
                }
                if us.has(UnitFlags::LANDING) {
                    let target = scen.units()[i].hex;
                    if combat::can_attack(scen, self, u, target).is_ok() {
                        f(Action::Attack { unit: u, target });
                    }
                    continue;
                }
                if !us.on_map() {
                    continue;
                }
                for &n in grid.neighbours(us.hex) {
                    if n.is_some()
                        && s.count(n, side.other()) > 0
                        && (!pending.is_some() || n == pending)
                        && combat::can_attack(scen, self, u, n).is_ok()
                    {
                        f(Action::Attack { unit: u, target: n });
                    }
                }
            }
        });
        if pending.is_some() {
            for air in 0..=self.air[side.index()] {
                f(Action::Resolve { air });
            }
            f(Action::CancelAttack);
            return true;
        }
        if self.combat.advance.is_some() {
            for (i, us) in self.units.iter().enumerate() {
                let unit = UnitId(i as u16);
                if us.has(UnitFlags::MAY_ADVANCE) && self.check_advance(scen, unit).is_ok() {
                    f(Action::Advance { unit });
                }
            }
        }
        self.landing_waiting(scen).is_some()
    }

    /// MAL-CBT-10: a landing unit of the phasing side that has yet to attack
    /// its port and still may (one whose port was attacked by others goes
    /// back to the pool when the phase ends).
    pub(super) fn landing_waiting(&self, scen: &Scenario) -> Option<UnitId> {
        let side = self.active_side();
        self.units.iter().enumerate().find_map(|(i, u)| {
            let unit = UnitId(i as u16);
            (u.has(UnitFlags::LANDING)
                && scen.units()[i].side == side
                && combat::can_attack(scen, self, unit, scen.units()[i].hex).is_ok())
            .then_some(unit)
        })
    }

    /// MAL-CBT-9: whether `unit` may advance into the hex the last combat
    /// emptied: one it is "able to enter" as an attack on it is
    /// ([`combat::may_enter`]: normal movement, or for armor the road or
    /// rail link it attacked along; MAL-CBT-2: a unit whose printed
    /// allowance is 0 enters none).
    pub(super) fn check_advance(&self, scen: &Scenario, unit: UnitId) -> Result<(), ActionError> {
        let hex = self.combat.advance;
        let us = self.unit(unit);
        let side = scen.unit(unit).side;
        let ok = hex.is_some()
            && us.has(UnitFlags::MAY_ADVANCE)
            && us.on_map()
            && combat::can_ever_attack(scen, unit)
            && combat::may_enter(scen, unit, us.hex, hex).is_ok()
            && side == self.active_side()
            && self.units_at(hex).all(|o| scen.unit(o).side == side)
            && self.units_at(hex).count() < scen.stacking() as usize;
        if ok {
            Ok(())
        } else {
            Err(ActionError::CannotAdvance(unit))
        }
    }
}
