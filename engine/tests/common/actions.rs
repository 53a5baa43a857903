//! Directives that act: `move`, `railmove`, `undo`, `end`, `spend`, their
//! `illegal` forms, `legal spend`, and the test set-up `set`.

use hexwar_engine::{Action, GameState};

use super::fixture::Fixture;
use super::yes;

impl Fixture {
    /// Runs `w` if it is an action directive; whether it was.
    pub(super) fn actions(&mut self, w: &[&str]) -> bool {
        match *w {
            ["move", u, to] => self.apply(self.move_to(u, to)),
            ["illegal", "move", u, to] => {
                self.refuse(self.move_to(u, to));
            }
            ["railmove", u, to] => self.apply(Action::RailMove {
                unit: self.unit(u),
                to: self.hex(to),
            }),
            ["undo", u] => self.undo(u),
            ["end"] => self.end(1),
            ["end", n] => self.end(n.parse().expect("end N")),
            ["illegal", "end"] => {
                self.refuse(Action::EndPhase);
            }
            ["spend", u] => self.apply(Action::SpendSupply { unit: self.unit(u) }),
            ["illegal", "spend", u, ref why @ ..] => {
                let e = self.refuse(Action::SpendSupply { unit: self.unit(u) });
                let e = e.describe(&self.scen);
                assert!(e.contains(&why.join(" ")), "{}: reason is \"{e}\"", self.at);
            }
            ["legal", "spend", u, want] => {
                let mut legal = Vec::new();
                self.state.legal_actions(&self.scen, &mut legal);
                let listed = legal.contains(&Action::SpendSupply { unit: self.unit(u) });
                assert_eq!(yes(listed), want, "{}: SpendSupply listed?", self.at);
            }
            ["set", u, h] => self.set(u, h),
            _ => return false,
        }
        true
    }

    /// A move of unit `u` to hex `to`.
    fn move_to(&self, u: &str, to: &str) -> Action {
        Action::Move {
            unit: self.unit(u),
            to: self.hex(to),
        }
    }

    /// `undo UNIT`: applied without touching the last events.
    fn undo(&mut self, u: &str) {
        let a = Action::UndoRail { unit: self.unit(u) };
        if let Err(e) = self.state.apply(&self.scen, a, &mut self.rng, &mut ()) {
            panic!("{}: refused: {}", self.at, e.describe(&self.scen));
        }
    }

    /// `end`, `end N`: the events of all `times` phase ends.
    fn end(&mut self, times: u32) {
        self.events.clear();
        for _ in 0..times {
            self.state
                .apply(
                    &self.scen,
                    Action::EndPhase,
                    &mut self.rng,
                    &mut self.events,
                )
                .unwrap()
        }
    }

    /// `set UNIT HEX|off`: through a saved game, so the state stays whole.
    fn set(&mut self, u: &str, h: &str) {
        let mut saved = self.state.to_saved(&self.scen);
        let su = &mut saved.units[self.unit(u).index()];
        if h == "off" {
            su.hex = None;
            su.steps = 0;
        } else {
            su.hex = Some(h.to_string());
        }
        self.state = GameState::from_saved_unchecked(&self.scen, &saved)
            .unwrap_or_else(|e| panic!("{}: saved game refused: {e}", self.at));
    }
}
