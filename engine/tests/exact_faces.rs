//! The exact calculator (`combat::distribution`, MAL-CBT-4..8, D-CRT-1)
//! plays each table result once and adds its outcomes again for every
//! later die face that reads the same result. It must give exactly what
//! playing every branch gives: the same outcomes in the same order with
//! the very same probabilities (bit for bit: players compare the sums).

use hexwar_engine::combat::{self, Distribution, Outcome};
use hexwar_engine::state::UnitFlags;
use hexwar_engine::{Action, GameState, Scenario, UnitId, builtin};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The distribution as it was worked out before faces were merged: every
/// branch played ([`combat::for_each_branch`]), outcomes summed in play's
/// order, most likely first.
fn every_branch(scen: &Scenario, state: &GameState, air: u8) -> Distribution {
    let odds = combat::odds(scen, state, air);
    let side = state.active_side();
    let attackers: Vec<UnitId> = (0..state.units().len())
        .map(|i| UnitId(i as u16))
        .filter(|u| state.unit(*u).has(UnitFlags::COMMITTED) && !state.unit(*u).eliminated())
        .collect();
    let defenders: Vec<UnitId> = state
        .units_at(odds.target)
        .filter(|u| scen.unit(*u).side != side)
        .collect();
    let mut outcomes: Vec<(Outcome, f64)> = Vec::new();
    combat::for_each_branch(scen, state, air, |work, p| {
        let o = combat::outcome_of(scen, state, work, &attackers, &defenders, odds.target);
        match outcomes.iter_mut().find(|(x, _)| *x == o) {
            Some((_, q)) => *q += p,
            None => outcomes.push((o, p)),
        }
    });
    outcomes.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    Distribution { odds, outcomes }
}

/// The positions as they were listed before faces were merged: every
/// branch played, equal positions summed, most likely first.
fn every_position(scen: &Scenario, state: &GameState, air: u8) -> Vec<(GameState, f64)> {
    let mut out: Vec<(GameState, f64)> = Vec::new();
    combat::for_each_branch(scen, state, air, |st, p| {
        match out.iter_mut().find(|(x, _)| x == st) {
            Some((_, q)) => *q += p,
            None => out.push((st.clone(), p)),
        }
    });
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}

/// Every attack declared in random games of each built-in scenario (attacks
/// preferred), with no air points and with all the attacker has: the
/// calculator, and the positions a search's chance node lists
/// (`combat::branches`), equal playing every branch.
// rule: MAL-CBT-4
// rule: D-CRT-1
#[test]
fn distribution_and_branches_merging_die_faces_equal_every_branch_played() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(13);
    let mut actions = Vec::new();
    for name in builtin::names() {
        let scen = builtin::load(name).unwrap();
        let mut checked = 0;
        for _game in 0..4 {
            let mut st = GameState::new(&scen, &mut rng);
            for _ in 0..3000 {
                if st.is_over() || checked >= 30 {
                    break;
                }
                if st.combat().target.is_some() {
                    let side = st.active_side();
                    for air in [0, st.air_points(side)] {
                        let merged = combat::distribution(&scen, &st, air);
                        assert_eq!(merged, every_branch(&scen, &st, air), "{name} air {air}");
                        let listed = combat::branches(&scen, &st, air);
                        assert_eq!(listed, every_position(&scen, &st, air), "{name} air {air}");
                    }
                    checked += 1;
                }
                st.legal_actions(&scen, &mut actions);
                let fights: Vec<Action> = actions
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Attack { .. } | Action::Resolve { .. }))
                    .collect();
                let a = if !fights.is_empty() && rng.random_bool(0.8) {
                    fights[rng.random_range(0..fights.len())]
                } else {
                    actions[rng.random_range(0..actions.len())]
                };
                st.apply(&scen, a, &mut rng, &mut ()).unwrap();
            }
        }
        assert!(checked >= 10, "{name}: only {checked} attacks seen");
    }
}
