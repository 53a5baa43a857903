//! The checked apply: whether an action is legal now, and if not the typed
//! reason ([`ActionError`]); the state is untouched either way.

use rand::Rng;

use crate::action::{Action, ActionError};
use crate::event::EventSink;
use crate::hex::HexId;
use crate::rules::movement::{self, with_scratch};
use crate::rules::{charge, combat, graded, rail, works};
use crate::scenario::{PhaseKind, Scenario};
use crate::state::{GameState, UnitId};

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
        match action {
            Action::EndPhase => self.check_end_phase(scen),
            Action::Attack { unit, target } => {
                self.known(scen, unit, Some(target))?;
                self.in_phase(scen, PhaseKind::Combat)?;
                combat::can_attack(scen, self, unit, target)
                    .map_err(|e| ActionError::NoAttack(unit, target, e))
            }
            Action::Resolve { air } => {
                self.in_phase(scen, PhaseKind::Combat)?;
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
                self.in_phase(scen, PhaseKind::Combat)?;
                if self.combat.target.is_some() {
                    Ok(())
                } else {
                    Err(ActionError::NoCombat)
                }
            }
            Action::Advance { unit } => {
                self.known(scen, unit, None)?;
                self.in_phase(scen, PhaseKind::Combat)?;
                if self.combat.target.is_some() {
                    return Err(ActionError::CombatPending(self.combat.target));
                }
                self.check_advance(scen, unit)
            }
            Action::Charge { unit, target } => {
                self.known(scen, unit, Some(target))?;
                self.in_phase(scen, PhaseKind::Movement)?;
                charge::can_charge(scen, self, unit, target)
                    .map(|_| ())
                    .map_err(|e| ActionError::NoCharge(unit, target, e))
            }
            Action::RailMove { unit, to } => self.check_rail_move(scen, unit, to),
            Action::SpendSupply { unit } => {
                self.known(scen, unit, None)?;
                graded::can_spend(scen, self, unit).map_err(|e| ActionError::NoSpend(unit, e))
            }
            Action::UndoRail { unit } => {
                self.in_phase(scen, PhaseKind::Rail)?;
                if self.rail_moves().iter().any(|(u, _)| *u == unit) {
                    Ok(())
                } else {
                    Err(ActionError::NothingToUndo(unit))
                }
            }
            Action::Move { unit, to } => self.check_move(scen, unit, to),
            Action::Rebuild { unit, hex } => {
                self.known(scen, unit, Some(hex))?;
                self.in_phase(scen, PhaseKind::Movement)?;
                graded::can_rebuild(scen, self, unit, hex)
                    .map(|_| ())
                    .map_err(ActionError::NoPool)
            }
            Action::ShipRp { pocket } => {
                self.in_phase(scen, PhaseKind::Movement)?;
                graded::can_ship_rp(scen, self, pocket)
                    .map(|_| ())
                    .map_err(ActionError::NoPool)
            }
            Action::ShipUnit { unit } => {
                self.known(scen, unit, None)?;
                self.in_phase(scen, PhaseKind::Movement)?;
                graded::can_ship_unit(scen, self, unit)
                    .map(|_| ())
                    .map_err(ActionError::NoPool)
            }
            Action::EliminatePocket { pocket } => {
                self.in_phase(scen, PhaseKind::Movement)?;
                graded::can_eliminate_pocket(scen, self, pocket).map_err(ActionError::NoPool)
            }
            Action::Work { unit, work } => {
                self.known(scen, unit, None)?;
                works::can_work(scen, self, unit, work)
                    .map_err(|e| ActionError::NoWork(unit, work, e))
            }
        }
    }

    /// The unit, and the hex if there is one, exist.
    fn known(&self, scen: &Scenario, unit: UnitId, hex: Option<HexId>) -> Result<(), ActionError> {
        if unit.index() >= self.units.len() {
            return Err(ActionError::UnknownUnit(unit));
        }
        match hex {
            Some(h) if h.index() >= scen.grid().len() => Err(ActionError::UnknownHex(h)),
            _ => Ok(()),
        }
    }

    /// It is a `kind` phase.
    fn in_phase(&self, scen: &Scenario, kind: PhaseKind) -> Result<(), ActionError> {
        let phase = self.phase(scen);
        if phase == kind {
            Ok(())
        } else {
            Err(ActionError::WrongPhase { phase })
        }
    }

    /// The phase may end: no overstacked hex after a Rail Phase (MAL-RAIL-5),
    /// no attack being declared, no landing force yet to attack (MAL-CBT-10).
    fn check_end_phase(&self, scen: &Scenario) -> Result<(), ActionError> {
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

    /// MAL-RAIL-1..4: `unit` may move by rail to `to`.
    fn check_rail_move(&self, scen: &Scenario, unit: UnitId, to: HexId) -> Result<(), ActionError> {
        self.known(scen, unit, Some(to))?;
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

    /// MP-MOV-1: `unit` may move to `to` by normal movement now.
    fn check_move(&self, scen: &Scenario, unit: UnitId, to: HexId) -> Result<(), ActionError> {
        self.known(scen, unit, Some(to))?;
        self.in_phase(scen, PhaseKind::Movement)?;
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
