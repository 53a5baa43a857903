//! A player-turn's start (flags cleared, air points, reinforcements and
//! MAL-CBT-10 landings, a side wiped out) and the end of the game by victory
//! points (D-TURN-3).

use crate::event::{Event, EventSink};
use crate::scenario::{Mp, Scenario, Side};
use crate::state::{GameResult, GameState, ResultLevel, UnitFlags, UnitId};

impl GameState {
    /// Start of a player-turn: flags cleared, reinforcements placed, and the
    /// game ends if a side has nothing left.
    pub(super) fn begin_player_turn(&mut self, scen: &Scenario, sink: &mut impl EventSink) {
        for u in &mut self.units {
            u.flags &= UnitFlags::PERSISTENT;
            u.mp_spent = Mp::ZERO;
        }
        self.reset_shipping(); // GS-9: shipping capacity is per player-turn.
        if self.player == 0 {
            // MAL-CBT-5: air points come each game turn; what is left is lost.
            self.air = scen.combat().air;
        }
        self.begin_works(scen); // GS-10: income, airbases' air points.
        self.reinforce(scen, sink);
        self.end_if_wiped_out(scen, sink);
    }

    /// The phasing side's reinforcements due by this turn come on at their
    /// entry hex, or wait a turn where the enemy holds it or it is full;
    /// MAL-CBT-10: an amphibious one lands under fire at an enemy-held port.
    fn reinforce(&mut self, scen: &Scenario, sink: &mut impl EventSink) {
        let side = self.active_side();
        for i in 0..self.units.len() {
            let setup = &scen.units()[i];
            let us = self.units[i];
            if setup.side != side
                || us.hex.is_some()
                || us.eliminated()
                || setup.arrives > self.turn
            {
                continue;
            }
            let unit = UnitId(i as u16);
            let hex = setup.hex;
            let enemy_there = self.units_at(hex).any(|o| scen.unit(o).side != side);
            if us.has(UnitFlags::LANDING) {
                continue;
            }
            if enemy_there && setup.amphibious {
                // MAL-CBT-10: it lands under fire and must attack the port.
                self.units[i].flags |= UnitFlags::LANDING;
                sink.push(Event::Landing { unit, hex });
                continue;
            }
            if enemy_there || self.units_at(hex).count() >= scen.stacking() as usize {
                sink.push(Event::Delayed { unit, hex });
                continue;
            }
            self.units[i].hex = hex;
            sink.push(Event::Arrived { unit, hex });
            self.take_control(hex, side, sink);
        }
    }

    /// A side with no unit left loses, decisively.
    fn end_if_wiped_out(&mut self, scen: &Scenario, sink: &mut impl EventSink) {
        if let Some(result) = self.wiped_out_result(scen) {
            self.end_game(scen, result, sink);
        }
    }

    /// The result if a side has no unit left (the first side checked
    /// first): the other wins, decisively. What ends a game as a
    /// player-turn begins; saved games are checked against it.
    pub fn wiped_out_result(&self, scen: &Scenario) -> Option<GameResult> {
        Side::BOTH.into_iter().find_map(|s| {
            let alive = self
                .units
                .iter()
                .zip(scen.units())
                .any(|(u, setup)| setup.side == s && !u.eliminated());
            (!alive).then(|| GameResult {
                winner: Some(s.other()),
                level: ResultLevel::Decisive,
                vp: self.victory_points(scen),
            })
        })
    }

    /// D-TURN-3: the result at the end of the last turn: a side with no
    /// unit left loses decisively, as at any other time; else the victory
    /// points decide.
    pub(super) fn finish(&mut self, scen: &Scenario, sink: &mut impl EventSink) {
        let result = self
            .wiped_out_result(scen)
            .unwrap_or_else(|| self.points_result(scen));
        self.end_game(scen, result, sink);
    }

    /// D-TURN-3: the result the victory points give now, by the scenario's
    /// margins: what ends a game after its last turn; saved games are
    /// checked against it.
    pub fn points_result(&self, scen: &Scenario) -> GameResult {
        let vp = self.victory_points(scen);
        let v = scen.victory();
        let margin = vp[0] - vp[1];
        let (winner, level) = if margin >= v.decisive {
            (Some(Side(0)), ResultLevel::Decisive)
        } else if margin >= v.marginal {
            (Some(Side(0)), ResultLevel::Marginal)
        } else if -margin >= v.decisive {
            (Some(Side(1)), ResultLevel::Decisive)
        } else if -margin >= v.marginal {
            (Some(Side(1)), ResultLevel::Marginal)
        } else {
            (None, ResultLevel::Draw)
        };
        GameResult { winner, level, vp }
    }

    pub(super) fn end_game(
        &mut self,
        _scen: &Scenario,
        result: GameResult,
        sink: &mut impl EventSink,
    ) {
        self.result = Some(result);
        sink.push(Event::GameOver { result });
    }
}
