//! The unchecked apply: an action known to be legal changes the state
//! (D-TURN-2 control along a move's path, MP-ZOC-6, MAL-RAIL-6, GS-4).

use rand::Rng;

use crate::action::Action;
use crate::event::{Event, EventSink};
use crate::hex::HexId;
use crate::rules::combat::{self, RngChance};
use crate::rules::movement::{self, Scratch, with_scratch};
use crate::rules::{losses, zoc};
use crate::scenario::{Mp, Scenario, SupplyState};
use crate::state::{GameState, Stamp, UnitFlags, UnitId};

impl GameState {
    /// Applies an action known to be legal (from [`GameState::legal_actions`]
    /// or [`GameState::check`]). An illegal action here is a caller bug: it
    /// is ignored in release builds and caught by a debug assertion.
    pub fn apply_unchecked<R: Rng + ?Sized>(
        &mut self,
        scen: &Scenario,
        action: Action,
        rng: &mut R,
        sink: &mut impl EventSink,
    ) {
        // A move's route is found on the position as it stands, before any
        // change (its search buffers may be the player's); every other
        // action changes the position while it looks at it, so searches
        // inside it check everything (stamp 0).
        let before = self.stamp();
        if !matches!(action, Action::Move { .. }) {
            self.stamp = Stamp::NONE;
        }
        self.apply_action(scen, action, rng, sink);
        self.restamp();
        if let Action::Move { unit, .. } = action {
            with_scratch(|s| s.after_move(scen, self, unit, before));
        }
    }

    pub(super) fn apply_action<R: Rng + ?Sized>(
        &mut self,
        scen: &Scenario,
        action: Action,
        rng: &mut R,
        sink: &mut impl EventSink,
    ) {
        match action {
            Action::EndPhase => self.end_phase(scen, rng, sink),
            Action::Attack { unit, target } => {
                self.close_advance();
                self.combat.target = target;
                self.units[unit.index()].flags |= UnitFlags::COMMITTED;
                sink.push(Event::Committed { unit, target });
                self.commit_landing(scen, target, sink);
            }
            Action::Resolve { air } => {
                self.resolve_combat(scen, air, &mut RngChance(rng), sink);
            }
            Action::CancelAttack => {
                let target = self.combat.target;
                for u in &mut self.units {
                    u.flags.remove(UnitFlags::COMMITTED);
                }
                self.combat.target = HexId::NONE;
                sink.push(Event::AttackCancelled { target });
            }
            Action::Advance { unit } => {
                let hex = self.combat.advance;
                let side = scen.unit(unit).side;
                let u = &mut self.units[unit.index()];
                u.hex = hex;
                u.flags.remove(UnitFlags::MAY_ADVANCE);
                sink.push(Event::Advanced { unit, hex });
                self.take_control(hex, side, sink);
            }
            Action::Charge { unit, target } => {
                self.resolve_charge(scen, unit, target, &mut RngChance(rng), sink);
            }
            Action::Move { unit, to } => with_scratch(|s| self.do_move(scen, s, unit, to, sink)),
            Action::RailMove { unit, to } => self.rail_move(unit, to, sink),
            Action::Work { unit, work } => self.do_work(scen, unit, work, sink),
            Action::SpendSupply { unit } => self.spend_supply(scen, unit, sink),
            Action::UndoRail { unit } => self.undo_rail(unit, sink),
            Action::Rebuild { .. }
            | Action::ShipRp { .. }
            | Action::ShipUnit { .. }
            | Action::EliminatePocket { .. } => self.apply_pool_action(scen, action, sink),
        }
        // GS-9: a pocket whose last hex the enemy now holds is eliminated.
        self.pockets_taken(scen, sink);
    }

    /// MAL-CBT-10: "friendly units participating in amphibious assaults
    /// must attack enemy units defending the target port": an attack on a
    /// port commits every landing unit of the phasing side waiting
    /// offshore of it that may attack it, whoever declared the attack (the
    /// port's defenders can be attacked only once, MAL-CBT-1).
    fn commit_landing(&mut self, scen: &Scenario, target: HexId, sink: &mut impl EventSink) {
        let side = self.active_side();
        for i in 0..self.units.len() {
            let unit = UnitId(i as u16);
            let us = &self.units[i];
            if us.has(UnitFlags::LANDING)
                && !us.has(UnitFlags::COMMITTED)
                && scen.units()[i].side == side
                && scen.units()[i].hex == target
                && combat::can_attack(scen, self, unit, target).is_ok()
            {
                self.units[i].flags |= UnitFlags::COMMITTED;
                sink.push(Event::Committed { unit, target });
            }
        }
    }

    /// MAL-RAIL-1, -2: `unit` moves by rail to `to`, logged for MAL-RAIL-6.
    fn rail_move(&mut self, unit: UnitId, to: HexId, sink: &mut impl EventSink) {
        let from = self.units[unit.index()].hex;
        if !self.rail_log.push(unit, from) {
            debug_assert!(false, "apply_unchecked: rail capacity exceeded");
            return;
        }
        let u = &mut self.units[unit.index()];
        u.hex = to;
        u.flags |= UnitFlags::RAILED;
        sink.push(Event::RailMoved { unit, from, to });
    }

    /// MAL-RAIL-6: `unit`'s rail move of this phase is taken back.
    fn undo_rail(&mut self, unit: UnitId, sink: &mut impl EventSink) {
        let Some(from) = self.rail_log.take_back(unit) else {
            debug_assert!(false, "apply_unchecked: no rail move to undo");
            return;
        };
        let u = &mut self.units[unit.index()];
        u.hex = from;
        u.flags.remove(UnitFlags::RAILED);
        sink.push(Event::RailUndone { unit, to: from });
    }

    /// GS-4: puts `unit` in full supply (clearing its U-level) for the
    /// scenario's supply point cost.
    pub(super) fn spend_supply(
        &mut self,
        scen: &Scenario,
        unit: UnitId,
        sink: &mut impl EventSink,
    ) {
        let Some(g) = scen.supply_rules().graded.as_ref() else {
            debug_assert!(
                false,
                "apply_unchecked: supply points outside the graded model"
            );
            return;
        };
        let side = scen.unit(unit).side.index();
        let points = g.sp_cost.min(self.sp[side]);
        self.sp[side] -= points;
        let u = &mut self.units[unit.index()];
        // GS-1: from out of supply or special supply, the SPs give full
        // supply but no general supply (a unit in limited supply keeps
        // the general line it traced).
        if !u.supply.is_general() {
            u.flags.insert(UnitFlags::SP_SUPPLIED);
        }
        u.supply = SupplyState::Full;
        u.u_level = 0;
        sink.push(Event::SupplySpent {
            unit,
            points,
            left: self.sp[side],
        });
        sink.push(Event::SupplyChanged {
            unit,
            state: SupplyState::Full,
            u_level: 0,
        });
    }

    pub(super) fn do_move(
        &mut self,
        scen: &Scenario,
        s: &mut Scratch,
        unit: UnitId,
        to: HexId,
        sink: &mut impl EventSink,
    ) {
        let Some((cost, penalty)) = movement::route_to(scen, self, s, unit, to) else {
            debug_assert!(
                false,
                "apply_unchecked: illegal move of unit {unit:?} to {to:?}"
            );
            return;
        };
        let side = scen.unit(unit).side;
        let from = self.units[unit.index()].hex;
        // D-TURN-2: every hex moved through, and the one entered, changes
        // hands (its works and attacked mark stay, as in every change).
        let control = &mut self.control;
        movement::walk_path(s, to, penalty, |h| {
            if losses::hand_over(&mut control[h.index()], side) {
                sink.push(Event::ControlChanged { hex: h, side });
            }
        });
        let stops = zoc::in_enemy_zoc(scen, &s.zoc, to, side);
        let u = &mut self.units[unit.index()];
        u.hex = to;
        u.mp_spent = Mp(u.mp_spent.0 + cost.0);
        u.flags |= UnitFlags::MOVED;
        u.flags.remove(UnitFlags::ROAD_PENALTY);
        if penalty {
            u.flags |= UnitFlags::ROAD_PENALTY;
        }
        if stops {
            u.flags |= UnitFlags::MOVE_ENDED; // MP-ZOC-6
        }
        sink.push(Event::Moved {
            unit,
            from,
            to,
            cost,
        });
    }
}
