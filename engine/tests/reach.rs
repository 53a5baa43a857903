//! `movement::next_move_reach`: what a unit could reach at its side's next
//! Movement Phase if the position stood. Checked against the rules' own
//! destinations where the two must agree: at the start of a Movement Phase,
//! for every unit of the side to move that has not moved yet.

use std::collections::BTreeSet;

use hexwar_engine::movement;
use hexwar_engine::{Action, GameState, HexId, PhaseKind, builtin};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

// rule: MP-MOV-1
// rule: MP-ZOC-6
#[test]
fn next_move_reach_is_the_start_and_the_destinations_of_a_fresh_move() {
    for name in builtin::names() {
        let scen = builtin::load(name).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut actions = Vec::new();
        let mut checked = 0;
        for _game in 0..6 {
            let mut st = GameState::new(&scen, &mut rng);
            let mut last_phase = None;
            while !st.is_over() {
                let key = (st.turn(), st.active_side(), st.phase_index());
                if st.phase(&scen) == PhaseKind::Movement && last_phase != Some(key) {
                    for u in st.units_of(&scen, st.active_side()) {
                        let mut reach = BTreeSet::new();
                        movement::next_move_reach(&scen, &st, u, |h| {
                            reach.insert(h);
                        });
                        let mut dests = BTreeSet::new();
                        movement::destinations(&scen, &st, u, |h, _| {
                            dests.insert(h);
                        });
                        let start = st.unit(u).hex;
                        assert!(reach.contains(&start), "{name}: the start is reachable");
                        assert!(
                            dests.is_subset(&reach),
                            "{name}: {} misses destinations",
                            scen.unit(u).id
                        );
                        // The rest: hexes it may pass but not stop in (full).
                        for h in reach.difference(&dests) {
                            let full = st.units_at(*h).count() >= scen.stacking() as usize;
                            assert!(
                                *h == start || full,
                                "{name}: {} reaches {} that is no destination",
                                scen.unit(u).id,
                                scen.grid().label(*h)
                            );
                        }
                        checked += 1;
                    }
                }
                last_phase = Some(key);
                st.legal_actions(&scen, &mut actions);
                let a = if st.phase(&scen) == PhaseKind::Movement && rng.random_bool(0.7) {
                    actions[rng.random_range(0..actions.len())]
                } else if actions.contains(&Action::EndPhase) {
                    Action::EndPhase
                } else {
                    actions[rng.random_range(0..actions.len())]
                };
                st.apply_unchecked(&scen, a, &mut rng, &mut ());
            }
        }
        assert!(checked > 100, "{name}: only {checked} units checked");
        let _ = HexId::NONE;
    }
}
