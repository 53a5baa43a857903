//! Generic invariants over many random games of every built-in scenario
//! (OpenSpiel's `RandomSimTest`, shakmaty's `legals_are_legal`):
//!
//! - every listed action passes the checked `apply`, and actions outside the
//!   list are refused without touching the state;
//! - clone-then-apply equals apply;
//! - no hex is overstacked or holds both sides; no unit stands on terrain it
//!   cannot enter; movement points never go below zero; steps never grow;
//! - a unit that enters enemy ZOC stops (MP-ZOC-6).
//!
//! Supply (attrition), rail moves and their take-backs, combat (declared,
//! withdrawn, rolled, with retreats and advances), charges and GS-9's
//! rebuilds, shipments and pockets given up are played too where a scenario
//! has them; a pocket's hexes stay its side's, and only eliminated units lie
//! in pools.

use hexwar_engine::movement::{self, Scratch};
use hexwar_engine::state::UnitFlags;
use hexwar_engine::{Action, GameState, HexId, PhaseKind, Scenario, Side, UnitId, builtin, zoc};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Games per built-in scenario; 3 scenarios make 10,002 games.
const GAMES: u64 = 3334;
/// Every this many steps the whole legal-action list is checked action by action.
const FULL_CHECK_EVERY: u64 = 64;

/// `rebuilt`: the unit a GS-9 rebuild gave a step back, if any.
fn check_position(
    scen: &Scenario,
    st: &GameState,
    before: &GameState,
    rebuilt: Option<UnitId>,
    ctx: &dyn Fn() -> String,
) {
    let grid = scen.grid();
    // GS-9: a pocket's hexes are held by its side; a pocket has a hex; a
    // pooled unit is eliminated.
    let mut held = [false; hexwar_engine::state::MAX_POCKETS];
    for h in grid.hexes() {
        if let Some(k) = st.pocket_at(h) {
            let p = st.pockets()[k];
            assert!(
                p.active() && st.control(h) == Some(Side(p.side)),
                "{}: pocket hex {} not held by its side",
                ctx(),
                grid.label(h)
            );
            held[k] = true;
        }
    }
    for (k, p) in st.pockets().iter().enumerate() {
        assert!(!p.active() || held[k], "{}: pocket {k} has no hex", ctx());
    }
    for (i, u) in st.units().iter().enumerate() {
        assert!(
            u.pool == hexwar_engine::state::POOL_FRONT || u.eliminated(),
            "{}: {} in a pool but not eliminated",
            ctx(),
            scen.units()[i].id
        );
    }
    let mut count = vec![[0u8; 2]; grid.len()];
    for (i, u) in st.units().iter().enumerate() {
        let id = UnitId(i as u16);
        let ty = scen.unit_type(id);
        assert!(
            u.steps <= before.units()[i].steps + (rebuilt == Some(id)) as u8,
            "{}: steps of {} grew",
            ctx(),
            scen.unit(id).id
        );
        assert!(
            u.mp_spent <= ty.movement,
            "{}: {} spent more than its allowance",
            ctx(),
            scen.unit(id).id
        );
        if !u.on_map() {
            continue;
        }
        assert!(
            scen.can_stand(u.hex, ty.class),
            "{}: {} stands in {}, terrain it cannot enter",
            ctx(),
            scen.unit(id).id,
            grid.label(u.hex)
        );
        let c = &mut count[u.hex.index()];
        c[scen.unit(id).side.index()] += 1;
        assert!(
            c[0] == 0 || c[1] == 0,
            "{}: both sides in {}",
            ctx(),
            grid.label(u.hex)
        );
        // MAL-RAIL-5: no stacking limit while rail moves are being made.
        assert!(
            c[0].max(c[1]) <= scen.stacking()
                || (!st.is_over() && st.phase(scen) == PhaseKind::Rail),
            "{}: {} is overstacked",
            ctx(),
            grid.label(u.hex)
        );
    }
}

/// Every listed action is accepted, `EndPhase` is listed exactly when it
/// should be, and a move not listed is refused with the state untouched.
fn check_listed_actions(
    scen: &Scenario,
    st: &GameState,
    rng: &mut Xoshiro256PlusPlus,
    dice: &Xoshiro256PlusPlus,
    actions: &mut Vec<Action>,
    ctx: &dyn Fn() -> String,
) {
    st.legal_actions(scen, actions);
    // EndPhase is always there, except while a Rail Phase leaves a hex
    // overstacked (MAL-RAIL-5), an attack is being declared, or a
    // landing force has yet to attack its port (MAL-CBT-10).
    let overstacked = st.phase(scen) == PhaseKind::Rail
        && hexwar_engine::rail::overstacked(scen, st, st.active_side()).is_some();
    let pending = st.combat().target.is_some();
    let landing = st.phase(scen) == PhaseKind::Combat
        && st.units().iter().enumerate().any(|(i, u)| {
            u.has(UnitFlags::LANDING)
                && scen.units()[i].side == st.active_side()
                && hexwar_engine::combat::can_attack(
                    scen,
                    st,
                    UnitId(i as u16),
                    scen.units()[i].hex,
                )
                .is_ok()
        });
    assert_eq!(
        actions.contains(&Action::EndPhase),
        !overstacked && !pending && !landing,
        "{}: EndPhase listed wrongly",
        ctx()
    );
    for a in actions.iter() {
        assert!(
            st.check(scen, *a).is_ok(),
            "{}: listed {a:?} is refused",
            ctx()
        );
    }
    // A move that is not listed must be refused, state untouched.
    let u = UnitId(rng.random_range(0..scen.units().len()) as u16);
    let to = HexId(rng.random_range(0..scen.grid().len()) as u16);
    let bogus = Action::Move { unit: u, to };
    if !actions.contains(&bogus) {
        let mut copy = st.clone();
        assert!(
            copy.apply(scen, bogus, &mut dice.clone(), &mut ()).is_err(),
            "{}: unlisted {bogus:?} accepted",
            ctx()
        );
        assert_eq!(copy, *st, "{}: refused action changed the state", ctx());
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
    let mut mine = Vec::new();
    let mut zmap = vec![0u8; scen.grid().len()];
    let pockets = hexwar_engine::graded::pocket_rules(scen).is_some();
    while !st.is_over() {
        steps += 1;
        assert!(steps < 200_000, "seed {seed}: game does not end");
        let ctx = || format!("{} seed {seed} step {steps}", scen.name());

        if steps % FULL_CHECK_EVERY == 1 {
            check_listed_actions(scen, &st, &mut rng, &dice, actions, &ctx);
        }

        // Choose: in the Movement Phase, end it now and then, charge now and
        // then, else a random unit to a random destination; in other phases,
        // any legal action.
        let mut action = Action::EndPhase;
        if st.phase(scen) != PhaseKind::Movement {
            st.legal_actions(scen, actions);
            assert!(!actions.is_empty(), "{}: no legal action", ctx());
            action = actions[rng.random_range(0..actions.len())];
        } else if rng.random_bool(0.05) {
            st.legal_actions(scen, actions);
            let charges: Vec<Action> = actions
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Charge { .. }))
                .collect();
            if !charges.is_empty() {
                action = charges[rng.random_range(0..charges.len())];
            }
        } else if pockets && rng.random_bool(0.1) {
            // GS-9: now and then a rebuild, a shipment or a pocket given up.
            st.legal_actions(scen, actions);
            let pool: Vec<Action> = actions
                .iter()
                .copied()
                .filter(|a| {
                    matches!(
                        a,
                        Action::Rebuild { .. }
                            | Action::ShipRp { .. }
                            | Action::ShipUnit { .. }
                            | Action::EliminatePocket { .. }
                    )
                })
                .collect();
            if !pool.is_empty() {
                action = pool[rng.random_range(0..pool.len())];
            }
        } else if rng.random_bool(0.85) {
            mine.clear();
            mine.extend(
                st.units_of(scen, st.active_side())
                    .filter(|u| movement::can_move(scen, &st, *u)),
            );
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
            .unwrap_or_else(|e| panic!("{}: {action:?} refused: {}", ctx(), e.describe(scen)));
        st.apply_unchecked(scen, action, &mut dice, &mut ());
        assert_eq!(checked, st, "{}: checked and unchecked apply differ", ctx());
        let rebuilt = match action {
            Action::Rebuild { unit, .. } => Some(unit),
            _ => None,
        };
        check_position(scen, &st, &before, rebuilt, &ctx);

        // MP-ZOC-6: a unit that entered enemy ZOC has stopped.
        if let Action::Move { unit, to } = action {
            scratch.prepare(scen, &st);
            let side = scen.unit(unit).side;
            zoc::zoc_map(scen, &st, &mut zmap);
            if zoc::in_enemy_zoc(scen, &zmap, to, side) {
                assert!(
                    st.unit(unit).has(UnitFlags::MOVE_ENDED),
                    "{}: entered ZOC but may go on",
                    ctx()
                );
                assert!(
                    !movement::can_move(scen, &st, unit),
                    "{}: entered ZOC but may go on",
                    ctx()
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
        let t = std::time::Instant::now();
        for g in 0..GAMES {
            total_steps += random_game(&scen, g * 7919 + 13, &mut scratch, &mut actions);
            games += 1;
        }
        eprintln!("{name}: {GAMES} games in {:.1?}", t.elapsed());
    }
    assert!(games >= 10_000);
    assert!(total_steps > games, "games must have moves in them");
}

#[test]
fn clone_from_equals_clone_and_reuses_buffers() {
    let scen = builtin::load("malaya").unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let a = GameState::new(&scen, &mut rng);
    let mut b = GameState::new(&scen, &mut rng);
    b.apply(&scen, Action::EndPhase, &mut rng, &mut ()).unwrap();
    assert_ne!(a, b);
    let ptr = b.units().as_ptr();
    b.clone_from(&a);
    assert_eq!(a, b);
    assert_eq!(a.clone(), b);
    assert_eq!(
        b.units().as_ptr(),
        ptr,
        "clone_from must reuse the unit buffer"
    );
}
