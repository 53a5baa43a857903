//! One unit's supply trace (issue 13, speed): the engine's `supply::trace`,
//! which keeps what a trace shares with its side's judgement per position,
//! beside `supply::trace_whole`, the trace as it was made before (the
//! side's whole judgement, or the overland search from the whole road/rail
//! network, recomputed for the one unit), on the same positions.
//!
//! [`TraceCase::new`] builds two positions a move apart (`a`, and `b` with
//! one more move), both in a Movement Phase; [`TraceCase::check`] asserts
//! that the two traces, and `supply::status`, agree for every unit on the
//! map in both before anything is timed.

use hexwar_ai::{AiRng, HeuristicPlayer, Player};
use hexwar_engine::{Action, GameState, PhaseKind, Scenario, Side, UnitId, supply};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Where in a game the position is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// The first Movement Phase of the game.
    Opening,
    /// The first Movement Phase of the middle game turn, in a seeded game
    /// of the heuristic against itself.
    Midgame,
}

/// Two positions a move apart, and the units of each side on the map.
pub struct TraceCase<'a> {
    /// The scenario.
    pub scen: &'a Scenario,
    /// The position timed.
    pub a: GameState,
    /// `a` with one more move, to switch to.
    pub b: GameState,
    /// Per side, its units on the map in `a`.
    pub units: [Vec<UnitId>; 2],
}

/// Applies `EndPhase` (or, where that is not allowed, the first legal
/// action) until a Movement Phase in which a unit may move.
fn to_movement(scen: &Scenario, st: &mut GameState, dice: &mut Xoshiro256PlusPlus) {
    let mut actions = Vec::new();
    for _ in 0..64 {
        st.legal_actions(scen, &mut actions);
        if st.is_over()
            || (st.phase(scen) == PhaseKind::Movement
                && actions.iter().any(|a| matches!(a, Action::Move { .. })))
        {
            return;
        }
        let a = if actions.contains(&Action::EndPhase) {
            Action::EndPhase
        } else {
            actions[0]
        };
        st.apply_unchecked(scen, a, dice, &mut ());
    }
}

impl<'a> TraceCase<'a> {
    /// The positions of `scen` at `when` (seed 1).
    pub fn new(scen: &'a Scenario, when: When) -> TraceCase<'a> {
        let mut dice = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut rng = AiRng::seed_from_u64(1);
        let mut a = GameState::new(scen, &mut dice);
        if when == When::Midgame {
            let turn = (scen.turns() / 2).max(2);
            let mut players = [HeuristicPlayer::default(), HeuristicPlayer::default()];
            while !a.is_over() && a.turn() < turn {
                let side = a.active_side().index();
                let action = players[side].choose(scen, &a, &mut rng);
                a.apply_unchecked(scen, action, &mut dice, &mut ());
            }
        }
        to_movement(scen, &mut a, &mut dice);
        // `b`: the last move listed, applied.
        let mut b = a.clone();
        let mut actions = Vec::new();
        b.legal_actions(scen, &mut actions);
        let mv = actions
            .iter()
            .rev()
            .find(|a| matches!(a, Action::Move { .. }))
            .copied()
            .expect("a unit may move");
        b.apply_unchecked(scen, mv, &mut dice, &mut ());
        let units = Side::BOTH.map(|side| a.units_of(scen, side).collect());
        TraceCase { scen, a, b, units }
    }

    /// Asserts that `trace`, `trace_whole` and `status` agree for every
    /// unit on the map in both positions; returns how many were supplied
    /// in `a`, per side.
    pub fn check(&self) -> [usize; 2] {
        let mut supplied = [0; 2];
        for (k, st) in [&self.a, &self.b].into_iter().enumerate() {
            for side in Side::BOTH {
                for u in st.units_of(self.scen, side) {
                    let fast = supply::trace(self.scen, st, u);
                    let whole = supply::trace_whole(self.scen, st, u);
                    let id = &self.scen.unit(u).id;
                    assert_eq!(fast, whole, "{}: {id}: trace", self.scen.name());
                    let status = supply::status(self.scen, st, u);
                    assert_eq!(
                        status.state,
                        whole.state,
                        "{}: {id}: status",
                        self.scen.name()
                    );
                    if k == 0 && fast.supplied {
                        supplied[side.index()] += 1;
                    }
                }
            }
        }
        supplied
    }
}
