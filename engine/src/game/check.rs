//! The checked apply: whether an action is legal now, and if not the typed
//! reason ([`ActionError`]); the state is untouched either way.

use rand::Rng;

use crate::action::{Action, ActionError};
use crate::event::EventSink;
use crate::rules::movement::{self, with_scratch};
use crate::rules::{charge, combat, graded, rail};
use crate::scenario::{PhaseKind, Scenario};
use crate::state::GameState;

impl GameState {
    /// Checks `action` and applies it, or says why not and leaves the state
    /// untouched. Events go to `sink`.
    pub fn apply<R: Rng + ?Sized>(
        &mut self,
        scen: &Scenario,
        action: Action,
        rng: &mut R,
        sink: &mut impl EventSink,
    ) -> Result<(), ActionError> {
        self.check(scen, action)?;
        self.apply_unchecked(scen, action, rng, sink);
        Ok(())
    }

    /// Whether `action` is legal now.
    pub fn check(&self, scen: &Scenario, action: Action) -> Result<(), ActionError> {
        if self.is_over() {
            return Err(ActionError::GameOver);
        }
        let in_combat = |phase: PhaseKind| {
            if phase == PhaseKind::Combat {
                Ok(())
            } else {
                Err(ActionError::WrongPhase { phase })
            }
        };
        match action {
            Action::EndPhase => {
                if self.phase(scen) == PhaseKind::Rail {
                    if let Some(h) = rail::overstacked(scen, self, self.active_side()) {
                        return Err(ActionError::Overstacked(h));
                    }
                }
                if self.combat.target.is_some() {
                    return Err(ActionError::CombatPending(self.combat.target));
                }
                if self.phase(scen) == PhaseKind::Combat {
                    if let Some(u) = self.landing_waiting(scen) {
                        return Err(ActionError::MustLand(u));
                    }
                }
                Ok(())
            }
            Action::Attack { unit, target } => {
                if unit.index() >= self.units.len() {
                    return Err(ActionError::UnknownUnit(unit));
                }
                if target.index() >= scen.grid().len() {
                    return Err(ActionError::UnknownHex(target));
                }
                in_combat(self.phase(scen))?;
                combat::can_attack(scen, self, unit, target)
                    .map_err(|e| ActionError::NoAttack(unit, target, e))
            }
            Action::Resolve { air } => {
                in_combat(self.phase(scen))?;
                if !self.combat.target.is_some() {
                    return Err(ActionError::NoCombat);
                }
                let left = self.air[self.active_side().index()];
                if air > left {
                    return Err(ActionError::NoAir { asked: air, left });
                }
                Ok(())
            }
            Action::CancelAttack => {
                in_combat(self.phase(scen))?;
                if self.combat.target.is_some() {
                    Ok(())
                } else {
                    Err(ActionError::NoCombat)
                }
            }
            Action::Advance { unit } => {
                if unit.index() >= self.units.len() {
                    return Err(ActionError::UnknownUnit(unit));
                }
                in_combat(self.phase(scen))?;
                if self.combat.target.is_some() {
                    return Err(ActionError::CombatPending(self.combat.target));
                }
                self.check_advance(scen, unit)
            }
            Action::Charge { unit, target } => {
                if unit.index() >= self.units.len() {
                    return Err(ActionError::UnknownUnit(unit));
                }
                if target.index() >= scen.grid().len() {
                    return Err(ActionError::UnknownHex(target));
                }
                let phase = self.phase(scen);
                if phase != PhaseKind::Movement {
                    return Err(ActionError::WrongPhase { phase });
                }
                charge::can_charge(scen, self, unit, target)
                    .map(|_| ())
                    .map_err(|e| ActionError::NoCharge(unit, target, e))
            }
            Action::RailMove { unit, to } => {
                if unit.index() >= self.units.len() {
                    return Err(ActionError::UnknownUnit(unit));
                }
                if to.index() >= scen.grid().len() {
                    return Err(ActionError::UnknownHex(to));
                }
                rail::eligibility(scen, self, unit).map_err(|e| ActionError::NoRail(unit, e))?;
                let ok = with_scratch(|s| {
                    s.prepare(scen, self);
                    let mut ok = false;
                    rail::destinations(scen, self, s, unit, |h, _| ok |= h == to);
                    ok
                });
                if ok {
                    Ok(())
                } else {
                    Err(ActionError::Unreachable { unit, to })
                }
            }
            Action::SpendSupply { unit } => {
                if unit.index() >= self.units.len() {
                    return Err(ActionError::UnknownUnit(unit));
                }
                graded::can_spend(scen, self, unit).map_err(|e| ActionError::NoSpend(unit, e))
            }
            Action::UndoRail { unit } => {
                if self.phase(scen) != PhaseKind::Rail {
                    return Err(ActionError::WrongPhase {
                        phase: self.phase(scen),
                    });
                }
                if self.rail_moves().iter().any(|(u, _)| *u == unit) {
                    Ok(())
                } else {
                    Err(ActionError::NothingToUndo(unit))
                }
            }
            Action::Move { unit, to } => {
                if unit.index() >= self.units.len() {
                    return Err(ActionError::UnknownUnit(unit));
                }
                if to.index() >= scen.grid().len() {
                    return Err(ActionError::UnknownHex(to));
                }
                let phase = self.phase(scen);
                if phase != PhaseKind::Movement {
                    return Err(ActionError::WrongPhase { phase });
                }
                if scen.unit(unit).side != self.active_side() {
                    return Err(ActionError::NotYourUnit(unit));
                }
                if !movement::can_move(scen, self, unit) {
                    return Err(ActionError::CannotMove(unit));
                }
                let found = with_scratch(|s| movement::route_to(scen, self, s, unit, to));
                found
                    .map(|_| ())
                    .ok_or(ActionError::Unreachable { unit, to })
            }
        }
    }
}
