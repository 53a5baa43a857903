//! From phase to phase (D-TURN-1): the end of a phase, the next phase,
//! player-turn or game turn, and the phases that run by themselves until a
//! decision is due; the Rail and Combat Phases' openings (MAL-RAIL-3,
//! MAL-CBT-9, -10, GS-7).

use rand::Rng;

use crate::event::{Event, EventSink};
use crate::hex::HexId;
use crate::rules::movement::with_scratch;
use crate::rules::rail;
use crate::scenario::{Mp, PhaseKind, Scenario, SupplyModel};
use crate::state::{GameState, HEX_ATTACKED, UnitFlags, UnitId};

impl GameState {
    pub(super) fn end_phase<R: Rng + ?Sized>(
        &mut self,
        scen: &Scenario,
        rng: &mut R,
        sink: &mut impl EventSink,
    ) {
        self.advance(scen, sink);
        self.enter_phase(scen, rng, sink);
    }

    /// Steps to the next phase, player-turn or game turn (D-TURN-1); ends the
    /// game after the last turn.
    pub(super) fn advance(&mut self, scen: &Scenario, sink: &mut impl EventSink) {
        if self.is_over() {
            return;
        }
        if self.phase(scen) == PhaseKind::Combat {
            // MAL-CBT-10: a landing force that has not attacked goes back to the pool.
            let side = self.active_side();
            for i in 0..self.units.len() {
                let u = &mut self.units[i];
                if u.has(UnitFlags::LANDING) && scen.units()[i].side == side {
                    u.flags.remove(UnitFlags::LANDING);
                    sink.push(Event::ReturnedToPool {
                        unit: UnitId(i as u16),
                    });
                }
            }
            self.close_advance();
            for c in &mut self.control {
                *c &= !HEX_ATTACKED;
            }
            for u in &mut self.units {
                u.flags.remove(UnitFlags::ATTACKED | UnitFlags::DEFENDED);
            }
        }
        self.phase += 1;
        if self.phase as usize >= scen.phases().len() {
            self.phase = 0;
            if self.player == 0 {
                self.player = 1;
            } else {
                self.player = 0;
                self.turn += 1;
                if self.turn > scen.turns() {
                    self.turn = scen.turns();
                    self.finish(scen, sink);
                    return;
                }
            }
            self.begin_player_turn(scen, sink);
        }
    }

    /// Runs phases that need no decision until one that does (or the end).
    pub(super) fn enter_phase<R: Rng + ?Sized>(
        &mut self,
        scen: &Scenario,
        rng: &mut R,
        sink: &mut impl EventSink,
    ) {
        while !self.is_over() {
            let phase = self.phase(scen);
            sink.push(Event::PhaseBegan {
                turn: self.turn,
                side: self.active_side(),
                phase,
            });
            match phase {
                PhaseKind::Movement => {
                    for u in &mut self.units {
                        u.mp_spent = Mp::ZERO;
                        u.flags
                            .remove(UnitFlags::MOVE_ENDED | UnitFlags::ROAD_PENALTY);
                    }
                    return;
                }
                PhaseKind::Supply => {
                    self.supply_phase(scen, rng, sink);
                    self.advance(scen, sink)
                }
                PhaseKind::Rail => {
                    if self.begin_rail_phase(scen) {
                        return;
                    }
                    self.advance(scen, sink)
                }
                PhaseKind::Combat => {
                    // GS-7: combat isolation, judged as the phase begins.
                    if scen.supply_rules().model == SupplyModel::Graded {
                        self.combat_isolation(scen, sink);
                    }
                    if self.begin_combat_phase(scen, sink) {
                        return;
                    }
                    self.advance(scen, sink)
                }
                // Naval and rally have nothing to decide until their rules
                // are implemented.
                PhaseKind::Naval | PhaseKind::Rally => self.advance(scen, sink),
            }
        }
    }

    /// MAL-CBT-9: the chance to advance into the last combat's hex ends.
    pub(super) fn close_advance(&mut self) {
        if self.combat.advance.is_some() {
            self.combat.advance = HexId::NONE;
            for u in &mut self.units {
                u.flags.remove(UnitFlags::MAY_ADVANCE);
            }
        }
    }

    /// The Combat Phase begins: landing forces whose port the enemy has left
    /// come ashore (MAL-CBT-10); returns whether there is anything to decide
    /// (an attack to make), else the phase passes by itself.
    pub(super) fn begin_combat_phase(
        &mut self,
        scen: &Scenario,
        sink: &mut impl EventSink,
    ) -> bool {
        let side = self.active_side();
        self.combat = Default::default();
        for i in 0..self.units.len() {
            let u = self.units[i];
            if !u.has(UnitFlags::LANDING) || scen.units()[i].side != side || u.eliminated() {
                continue;
            }
            let port = scen.units()[i].hex;
            if self.units_at(port).any(|o| scen.unit(o).side != side) {
                continue;
            }
            let unit = UnitId(i as u16);
            self.units[i].flags.remove(UnitFlags::LANDING);
            if self.units_at(port).count() < scen.stacking() as usize {
                self.units[i].hex = port;
                sink.push(Event::Advanced { unit, hex: port });
                self.take_control(port, side, sink);
            } else {
                sink.push(Event::ReturnedToPool { unit });
            }
        }
        let mut any = false;
        self.for_each_combat_action(scen, |_| any = true);
        any
    }

    /// MAL-RAIL-3: marks the phasing units adjacent to an enemy unit as the
    /// phase begins; returns whether any rail move is possible (if not, the
    /// phase passes by itself).
    pub(super) fn begin_rail_phase(&mut self, scen: &Scenario) -> bool {
        self.rail_log.restart();
        let side = self.active_side();
        with_scratch(|s| {
            s.prepare(scen, self);
            for i in 0..self.units.len() {
                let u = &mut self.units[i];
                u.flags.remove(UnitFlags::RAILED | UnitFlags::RAIL_BARRED);
                if !u.on_map() || scen.units()[i].side != side {
                    continue;
                }
                let adjacent = scen
                    .grid()
                    .neighbours(u.hex)
                    .iter()
                    .any(|n| n.is_some() && s.count(*n, side.other()) > 0);
                if adjacent {
                    u.flags |= UnitFlags::RAIL_BARRED;
                }
            }
            let mut any = false;
            for u in self.units_of(scen, side) {
                rail::destinations(scen, self, s, u, |_, _| any = true);
                if any {
                    break;
                }
            }
            any
        })
    }
}
