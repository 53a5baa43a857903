//! Plans of attack weighed before the unit-by-unit search (`mcts:plans=N`):
//! the heuristic's variants of its plan, and the search's use of them.

mod common;

use hexwar_ai::mcts::MctsPlayer;
use hexwar_ai::{AiRng, Guide, HeuristicPlayer, Player};
use hexwar_engine::{GameState, PhaseKind, builtin};
use rand::SeedableRng;

/// The attacks the heuristic means to make, as its intent says them.
fn planned(h: &HeuristicPlayer) -> Vec<String> {
    h.intent()
        .into_iter()
        .filter(|l| l.starts_with("plans an attack on"))
        .map(|l| l.split(" (worth").next().unwrap_or("").to_string())
        .collect()
}

#[test]
fn the_heuristics_plan_variants_leave_a_target_out_or_move_the_bar() {
    let scen = builtin::load("malaya").unwrap();
    let state = GameState::new(&scen, &mut AiRng::seed_from_u64(3));
    assert_eq!(state.phase(&scen), PhaseKind::Movement);
    let mut h = HeuristicPlayer::default();
    let n = h.plan_variants(&scen, &state);
    let own = planned(&h);
    assert!(
        own.len() >= 2,
        "Japan plans two attacks at the start: {own:?}"
    );
    assert_eq!(
        n, 5,
        "own, bolder, without the first, cautious, without the second"
    );
    assert_eq!(h.plan_variant_name(&scen, 0), "its own plan of attack");
    for (k, dropped) in [(2, &own[0]), (4, &own[1])] {
        h.set_plan_variant(&scen, &state, k);
        let target = dropped.trim_start_matches("plans an attack on ");
        assert!(h.plan_variant_name(&scen, k).ends_with(target));
        let now = planned(&h);
        assert!(
            !now.contains(dropped),
            "variant {k} still plans {dropped}: {now:?}"
        );
        // The units are planned afresh without it: some attack still is.
        assert!(!now.is_empty(), "variant {k} plans nothing");
    }
    // A lower bar plans every attack the own plan does, a higher one
    // no attack the own plan leaves out.
    h.set_plan_variant(&scen, &state, 1);
    let bolder = planned(&h);
    assert!(own.iter().all(|t| bolder.contains(t)), "{own:?} {bolder:?}");
    h.set_plan_variant(&scen, &state, 3);
    let cautious = planned(&h);
    assert!(
        cautious.iter().all(|t| own.contains(t)),
        "{own:?} {cautious:?}"
    );
    // Listing the variants again puts the own plan back in force.
    h.plan_variants(&scen, &state);
    assert_eq!(planned(&h), own);
}

#[test]
fn a_variant_holds_for_its_player_turn_only() {
    let scen = builtin::load("malaya").unwrap();
    let mut state = GameState::new(&scen, &mut AiRng::seed_from_u64(3));
    let mut h = HeuristicPlayer::default();
    h.plan_variants(&scen, &state);
    let own = planned(&h);
    h.set_plan_variant(&scen, &state, 2);
    assert!(!planned(&h).contains(&own[0]));
    // Its own Movement Phase, asked again as a search would: the variant stands.
    h.new_search();
    h.choose(&scen, &state, &mut AiRng::seed_from_u64(1));
    assert!(!planned(&h).contains(&own[0]));
    // The next player-turns (the enemy's, then its own again): its own plan.
    let mut other = HeuristicPlayer::default();
    common::player_turn(&scen, &mut state, &mut h, 5);
    common::player_turn(&scen, &mut state, &mut other, 6);
    let mut fresh = HeuristicPlayer::default();
    fresh.choose(&scen, &state, &mut AiRng::seed_from_u64(1));
    h.choose(&scen, &state, &mut AiRng::seed_from_u64(1));
    assert_eq!(planned(&h), planned(&fresh));
}

/// The iterations a player spent on its first player-turn's first choice.
fn first_choice_work(opts: &str) -> (u64, Vec<String>) {
    let scen = builtin::load("malaya").unwrap();
    let state = GameState::new(&scen, &mut AiRng::seed_from_u64(3));
    let mut p = MctsPlayer::from_options(opts).unwrap();
    p.choose(&scen, &state, &mut AiRng::seed_from_u64(4));
    let intent = p.intent();
    let head = intent[0].clone();
    let iters = head
        .split(", ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{head}"));
    (iters, intent)
}

#[test]
fn the_plans_are_weighed_within_the_player_turns_cap() {
    // Off: no rollout is spent on plans.
    let (plain, _) = first_choice_work("iters=20");
    // Five variants of eight rollouts each, then the search.
    let (weighed, intent) = first_choice_work("iters=20,plans=5,plan_lines=8");
    assert!(weighed >= plain + 40, "{plain} then {weighed}: {intent:?}");
    // The cap counts the rollouts: 12 iterations, all spent weighing.
    let (capped, _) = first_choice_work("iters=20,plans=5,plan_lines=8,turn_iters=12");
    assert_eq!(capped, 12);
}
