//! What combat, charges and attrition take off a unit, and who holds a hex:
//! step losses (D-TURN-3 counts them), morale losses (MP-CHG-5) and hex
//! control (D-TURN-2). Below every rule that inflicts them, and below the
//! turn sequence, which uses them too.

use crate::event::{Event, EventSink, LossCause};
use crate::hex::HexId;
use crate::scenario::{Scenario, Side};
use crate::state::{CONTROL_SIDE, GameState, HEX_ISOLATED, POCKET_BITS, UnitId};

impl GameState {
    /// One step off a unit; eliminated at zero. Counted for victory (D-TURN-3).
    pub(crate) fn lose_step(
        &mut self,
        scen: &Scenario,
        unit: UnitId,
        cause: LossCause,
        sink: &mut impl EventSink,
    ) {
        let isolated = self.isolated_now(scen, unit);
        let u = &mut self.units[unit.index()];
        if u.steps == 0 {
            return;
        }
        let hex = u.hex;
        u.steps -= 1;
        if u.steps == 0 {
            u.hex = HexId::NONE;
        }
        let side = scen.unit(unit).side;
        self.steps_lost[side.index()] += 1;
        sink.push(Event::StepLost {
            unit,
            hex,
            cause,
            steps_left: u.steps,
        });
        // GS-9: a pocket may form; the step's RPs and the unit to a pool.
        self.pocket_loss(scen, unit, hex, isolated, sink);
        // MP-CHG-5: strength lost to morale stays with the unit; a step lost
        // that leaves it no strength at all eliminates it, as a morale loss
        // would (saved games are checked against this).
        if self.units[unit.index()].steps > 0
            && self.units[unit.index()].strength_loss > 0
            && self.base_strength(scen, unit, true) <= 0.0
            && self.base_strength(scen, unit, false) <= 0.0
        {
            self.lose_step(scen, unit, cause, sink);
        }
    }

    /// MP-CHG-5: `points` of morale off `unit`; morale below zero comes off
    /// its combat strength; with no strength left it is eliminated (its
    /// steps count as lost for victory, D-TURN-3).
    pub(crate) fn lose_morale(
        &mut self,
        scen: &Scenario,
        unit: UnitId,
        points: u8,
        cause: LossCause,
        sink: &mut impl EventSink,
    ) {
        for _ in 0..points {
            let u = &mut self.units[unit.index()];
            if u.eliminated() {
                return;
            }
            if u.morale > 0 {
                u.morale -= 1;
            } else {
                u.strength_loss = u.strength_loss.saturating_add(1);
            }
            let (hex, morale, strength_loss) = (u.hex, u.morale, u.strength_loss);
            sink.push(Event::MoraleLost {
                unit,
                hex,
                cause,
                morale,
                strength_loss,
            });
            if self.base_strength(scen, unit, true) <= 0.0
                && self.base_strength(scen, unit, false) <= 0.0
            {
                while !self.units[unit.index()].eliminated() {
                    self.lose_step(scen, unit, cause, sink);
                }
            }
        }
    }

    /// D-TURN-2: `side` takes `h`.
    pub(crate) fn take_control(&mut self, h: HexId, side: Side, sink: &mut impl EventSink) {
        if hand_over(&mut self.control[h.index()], side) {
            sink.push(Event::ControlChanged { hex: h, side });
        }
    }
}

/// D-TURN-2: hands the hex whose control word is `c` to `side`; whether it
/// changed hands. A change of control clears GS-9's isolation and pocket
/// bits; the attacked mark and GS-10's works stay with the hex.
#[inline]
pub(crate) fn hand_over(c: &mut u16, side: Side) -> bool {
    let changed = *c & CONTROL_SIDE != 1 + side.0 as u16;
    if changed {
        *c = (*c & !(CONTROL_SIDE | HEX_ISOLATED | POCKET_BITS)) | (1 + side.0) as u16;
    }
    changed
}
