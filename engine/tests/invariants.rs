//! Generic invariants over many random games of every built-in scenario
//! (OpenSpiel's `RandomSimTest`, shakmaty's `legals_are_legal`):
//!
//! - every listed action passes the checked `apply`, and actions outside the
//!   list are refused without touching the state;
//! - clone-then-apply equals apply;
//! - no hex is overstacked or holds both sides; no unit stands on terrain it
//!   cannot enter; movement points never go below zero; steps never grow;
//! - a unit that enters enemy ZOC stops (MP-ZOC-6).

use hexwar_engine::movement::{self, Scratch};
use hexwar_engine::state::unit_flags;
use hexwar_engine::{Action, GameState, HexId, Scenario, UnitId, builtin, zoc};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Games per built-in scenario; 3 scenarios make 10,002 games.
const GAMES: u64 = 3334;
/// Every this many steps the whole legal-action list is checked action by action.
const FULL_CHECK_EVERY: u64 = 64;

fn check_position(scen: &Scenario, st: &GameState, before: &GameState, ctx: &str) {
    let grid = scen.grid();
    let mut count = vec![[0u8; 2]; grid.len()];
    for (i, u) in st.units().iter().enumerate() {
        let id = UnitId(i as u16);
        let ty = scen.unit_type(id);
        assert!(
            u.steps <= before.units()[i].steps,
            "{ctx}: steps of {} grew",
            scen.unit(id).id
        );
        assert!(
            u.mp_spent <= ty.movement,
            "{ctx}: {} spent more than its allowance",
            scen.unit(id).id
        );
        if !u.on_map() {
            continue;
        }
        assert!(
            scen.can_stand(u.hex, ty.class),
            "{ctx}: {} stands in {}, terrain it cannot enter",
            scen.unit(id).id,
            grid.label(u.hex)
        );
        let c = &mut count[u.hex.index()];
        c[scen.unit(id).side.index()] += 1;
        assert!(
            c[0] == 0 || c[1] == 0,
            "{ctx}: both sides in {}",
            grid.label(u.hex)
        );
        assert!(
            c[0].max(c[1]) <= scen.stacking(),
            "{ctx}: {} is overstacked",
            grid.label(u.hex)
        );
    }
}

fn random_game(
    scen: &Scenario,
    seed: u64,
    scratch: &mut Scratch,
    actions: &mut Vec<Action>,
) -> u64 {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut dice = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut st = GameState::new(scen, &mut dice);
    let mut steps = 0u64;
    while !st.is_over() {
        steps += 1;
        assert!(steps < 200_000, "seed {seed}: game does not end");
        let ctx = format!("{} seed {seed} step {steps}", scen.name());

        if steps % FULL_CHECK_EVERY == 1 {
            st.legal_actions(scen, actions);
            assert_eq!(
                actions.last(),
                Some(&Action::EndPhase),
                "{ctx}: EndPhase missing"
            );
            for a in actions.iter() {
                assert!(st.check(scen, *a).is_ok(), "{ctx}: listed {a:?} is refused");
            }
            // A move that is not listed must be refused, state untouched.
            let u = UnitId(rng.random_range(0..scen.units().len()) as u16);
            let to = HexId(rng.random_range(0..scen.grid().len()) as u16);
            let bogus = Action::Move { unit: u, to };
            if !actions.contains(&bogus) {
                let mut copy = st.clone();
                assert!(
                    copy.apply(scen, bogus, &mut dice.clone(), &mut ()).is_err(),
                    "{ctx}: unlisted {bogus:?} accepted"
                );
                assert_eq!(copy, st, "{ctx}: refused action changed the state");
            }
        }

        // Choose: end the phase now and then, else a random unit to a random destination.
        let mut action = Action::EndPhase;
        if rng.random_bool(0.85) {
            let mine: Vec<UnitId> = st
                .units_of(scen, st.active_side())
                .filter(|u| movement::can_move(scen, &st, *u))
                .collect();
            if !mine.is_empty() {
                let u = mine[rng.random_range(0..mine.len())];
                scratch.prepare(scen, &st);
                let mut seen = 0u32;
                movement::for_each_destination(scen, &st, scratch, u, |h, _| {
                    seen += 1;
                    if rng.random_range(0..seen) == 0 {
                        action = Action::Move { unit: u, to: h };
                    }
                });
            }
        }

        // Checked apply on a clone equals unchecked apply on the original.
        let before = st.clone();
        let mut checked = st.clone();
        let mut dice2 = dice.clone();
        checked
            .apply(scen, action, &mut dice2, &mut ())
            .unwrap_or_else(|e| panic!("{ctx}: {action:?} refused: {}", e.describe(scen)));
        st.apply_unchecked(scen, action, &mut dice, &mut ());
        assert_eq!(checked, st, "{ctx}: checked and unchecked apply differ");
        check_position(scen, &st, &before, &ctx);

        // MP-ZOC-6: a unit that entered enemy ZOC has stopped.
        if let Action::Move { unit, to } = action {
            scratch.prepare(scen, &st);
            let side = scen.unit(unit).side;
            let mut zmap = vec![0u8; scen.grid().len()];
            zoc::zoc_map(scen, &st, &mut zmap);
            if zoc::in_enemy_zoc(scen, &zmap, to, side) {
                assert!(
                    st.unit(unit).has(unit_flags::MOVE_ENDED),
                    "{ctx}: entered ZOC but may go on"
                );
                assert!(
                    !movement::can_move(scen, &st, unit),
                    "{ctx}: entered ZOC but may go on"
                );
            }
        }
    }
    steps
}

#[test]
fn invariants_hold_over_10000_random_games() {
    let mut total_steps = 0;
    let mut games = 0;
    for name in builtin::names() {
        let scen = builtin::load(name).unwrap();
        let mut scratch = Scratch::new(&scen);
        let mut actions = Vec::new();
        for g in 0..GAMES {
            total_steps += random_game(&scen, g * 7919 + 13, &mut scratch, &mut actions);
            games += 1;
        }
    }
    assert!(games >= 10_000);
    assert!(total_steps > games, "games must have moves in them");
}
