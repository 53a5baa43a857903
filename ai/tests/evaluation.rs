//! The search's evaluation: what the static evaluator counts (objectives
//! pressed), what the exposure evaluator adds, and the centre a search
//! measures its values from.

mod common;

use common::{Log, fixture, noted_at_malayas_start};
use hexwar_ai::AiRng;
use hexwar_ai::mcts::{Evaluator, ExposureEvaluator, MctsPlayer, StaticEvaluator};
use hexwar_engine::{Action, GameState, Scenario, Side, builtin};
use rand::SeedableRng;

#[test]
fn the_evaluation_counts_troops_brought_up_to_an_objective_the_enemy_holds() {
    // Blue holds the town (3 VP); red's regiment stands two hexes off.
    // A search one turn deep must see red's advance on it as progress
    // (issue 13: the attacker took too little from a static defence).
    let scen = fixture("mcts_exposed");
    let mut dice = AiRng::seed_from_u64(1);
    let mut state = GameState::new(&scen, &mut dice);
    let (blue, red) = (Side(0), Side(1));
    let town = scen.objectives()[0].hex;
    let r1 = scen.unit_by_id("r1").unwrap();
    let on = StaticEvaluator::default();
    let off = StaticEvaluator {
        objective_weight: 0.0,
        ..on
    };
    assert_eq!(
        hexwar_ai::mcts::objective_pressure(&scen, &state, blue),
        0.0
    );
    let far = hexwar_ai::mcts::objective_pressure(&scen, &state, red);
    let d0 = scen.grid().distance(state.unit(r1).hex, town);
    assert!((far - 3.0 * 2.0 / (2.0 + d0 as f64)).abs() < 1e-9, "{far}");
    while state.active_side() == blue {
        state
            .apply(&scen, Action::EndPhase, &mut dice, &mut ())
            .unwrap();
    }
    let mut legal = Vec::new();
    state.legal_actions(&scen, &mut legal);
    let closest = legal
        .iter()
        .filter_map(|&a| match a {
            Action::Move { unit, to } if unit == r1 && to != town => {
                Some((scen.grid().distance(to, town), a))
            }
            _ => None,
        })
        .min_by_key(|&(d, _)| d)
        .unwrap();
    assert!(closest.0 < d0);
    let before = on.margin(&scen, &state, red) - off.margin(&scen, &state, red);
    state.apply(&scen, closest.1, &mut dice, &mut ()).unwrap();
    let after = on.margin(&scen, &state, red) - off.margin(&scen, &state, red);
    let near = hexwar_ai::mcts::objective_pressure(&scen, &state, red);
    assert!(near > far, "{near} vs {far}");
    assert!((before - far).abs() < 1e-9 && (after - near).abs() < 1e-9);
    // The other side's margin is the opposite, pressure included.
    assert!((on.margin(&scen, &state, blue) + on.margin(&scen, &state, red)).abs() < 1e-9);
    assert!(on.value(&scen, &state, red) > off.value(&scen, &state, red));
}

// rule: MAL-CBT-2 (an attack from a hex the attacker could enter)
#[test]
fn exposure_counts_what_the_side_to_move_could_take() {
    let scen = fixture("mcts_exposed");
    let mut dice = AiRng::seed_from_u64(1);
    let mut state = GameState::new(&scen, &mut dice);
    let (blue, red) = (Side(0), Side(1));
    let ex = ExposureEvaluator::default();
    let base = StaticEvaluator::default();
    // Blue to move: red's threat is not counted yet; blue's own (one
    // outpost, attack 1, against a regiment) is worth nothing.
    assert_eq!(
        ex.margin(&scen, &state, blue),
        base.margin(&scen, &state, blue)
    );
    // Blue ends its player-turn standing: red is to move.
    while state.active_side() == blue {
        state
            .apply(&scen, Action::EndPhase, &mut dice, &mut ())
            .unwrap();
    }
    let static_margin = base.margin(&scen, &state, blue);
    let exposed = ex.margin(&scen, &state, blue);
    // The town (3 VP, 6 in swing, at weight 0.5) and the outpost (1 step,
    // 1.5 VP, at 8:1) are at stake.
    assert!(
        exposed < static_margin - 3.0,
        "{exposed} vs {static_margin}"
    );
    assert!(
        exposed > static_margin - 5.0,
        "{exposed} vs {static_margin}"
    );
    assert!(
        (ex.margin(&scen, &state, red) + exposed).abs() < 1e-9,
        "the margins are each other's opposite"
    );
    assert!(ex.value(&scen, &state, blue) < base.value(&scen, &state, blue));
    // Weights of 0: the static margin.
    let none = ExposureEvaluator {
        exposure: 0.0,
        objectives: 0.0,
        ..ExposureEvaluator::default()
    };
    assert_eq!(none.margin(&scen, &state, blue), static_margin);
}

#[test]
fn a_side_far_behind_on_the_count_gambles_unless_values_are_centred() {
    // At Malaya's start Japan holds no objective and the Commonwealth has
    // its bonus: far behind on the count, though the game is even. In the
    // squash's flat tail a gamble of +-10 VP is worth more than standing
    // (its upside outweighs its downside) and the Commonwealth's the other
    // way round; measured from the start of the turn, neither is.
    let scen = builtin::load("malaya").unwrap();
    let state = GameState::new(&scen, &mut AiRng::seed_from_u64(1));
    let e = StaticEvaluator::default();
    let japan = state.active_side();
    let m = e.margin(&scen, &state, japan);
    assert!(m < -40.0, "Japan's count at the start: {m}");
    let gamble = |center: f64, m: f64| {
        (e.squash(&scen, m + 10.0 - center) + e.squash(&scen, m - 10.0 - center)) / 2.0
    };
    let sure = |center: f64, m: f64| e.squash(&scen, m - center);
    assert!(
        gamble(0.0, m) > sure(0.0, m) * 1.05,
        "Japan gambles: {} against {}",
        gamble(0.0, m),
        sure(0.0, m)
    );
    assert!(
        gamble(0.0, -m) < sure(0.0, -m) - 0.003,
        "the Commonwealth shies"
    );
    for (side, m) in [(japan, m), (japan.other(), -m)] {
        let c = e.center(&scen, &state, side);
        assert!((c - m).abs() < 1e-9);
        assert!((gamble(c, m) - sure(c, m)).abs() < 1e-9);
        assert!((e.value_from(&scen, &state, side, c) - 0.5).abs() < 1e-9);
    }
    let x = ExposureEvaluator::default();
    let c = x.center(&scen, &state, japan);
    assert!((x.value_from(&scen, &state, japan, c) - 0.5).abs() < 1e-9);
}

#[test]
fn a_centred_search_measures_from_the_start_of_its_player_turn() {
    // With `center=1` every value of a player-turn is asked from the
    // evaluator's centre at that turn's start; without it, from 0.
    struct Seen(Log<f64>);
    impl Evaluator for Seen {
        fn value(&self, _: &Scenario, _: &GameState, _: Side) -> f64 {
            0.5
        }
        fn center(&self, _: &Scenario, state: &GameState, _: Side) -> f64 {
            f64::from(state.turn()) * 100.0 + 7.0
        }
        fn value_from(&self, _: &Scenario, _: &GameState, _: Side, center: f64) -> f64 {
            self.0.lock().unwrap().push(center);
            0.5
        }
    }
    let seen = |center: bool| {
        let opts = format!("iters=20,center={}", u8::from(center));
        noted_at_malayas_start(&opts, Seen)
    };
    let (state, on) = seen(true);
    let want = f64::from(state.turn()) * 100.0 + 7.0;
    assert!(on.iter().all(|&c| c == want));
    assert!(seen(false).1.iter().all(|&c| c == 0.0));
    // A search asked for directly (a bench, a tool), not through a
    // choice, measures from its player-turn's centre too.
    let scen = builtin::load("malaya").unwrap();
    let log = Log::default();
    let mut p = MctsPlayer::from_options("iters=20,center=1")
        .unwrap()
        .with_evaluator(Seen(log.clone()));
    p.search(&scen, &state, 5);
    let direct = log.lock().unwrap().clone();
    assert!(!direct.is_empty());
    assert!(direct.iter().all(|&c| c == want), "{direct:?}");
}

#[test]
fn a_traced_evaluation_counts_supply_as_the_next_supply_phase_would_judge_it() {
    // `eval=traced`: what a search one turn deep needs to see the enemy's
    // reply cut its lines (on Malaya, the Japanese army cut off from the
    // Thai border by two militia battalions, which attrition then wore
    // away, was what a searching Japan could not see). After Japan's
    // first Movement Phase the Commonwealth's units are as last judged (in
    // supply), while the landings have cut some of them off: the traced
    // count says so.
    let scen = builtin::load("malaya").unwrap();
    let mut dice = AiRng::seed_from_u64(1);
    let mut state = GameState::new(&scen, &mut dice);
    let mut japan_ai = hexwar_ai::from_spec("normal").unwrap();
    while state.active_side() == Side(0) && state.phase(&scen) != hexwar_engine::PhaseKind::Combat {
        let a = japan_ai.choose(&scen, &state, &mut dice);
        state.apply(&scen, a, &mut dice, &mut ()).unwrap();
    }
    let (japan, cw) = (Side(0), Side(1));
    let plain = StaticEvaluator::default();
    let traced = StaticEvaluator {
        traced: true,
        ..plain
    };
    let out = |side: Side, by_trace: bool| -> f64 {
        state
            .units_of(&scen, side)
            .filter(|&u| state.unit(u).on_map())
            .map(|u| {
                let s = if by_trace {
                    hexwar_engine::supply::status(&scen, &state, u).state
                } else {
                    state.unit(u).supply
                };
                match s {
                    hexwar_engine::SupplyState::Out => 1.0,
                    hexwar_engine::SupplyState::Limited => 0.5,
                    _ => 0.0,
                }
            })
            .sum()
    };
    let cut = out(cw, true) - out(cw, false);
    assert!(cut > 0.0, "no Commonwealth unit cut off at the start");
    let expected = plain.supply_weight * (cut - (out(japan, true) - out(japan, false)));
    let gained = traced.margin(&scen, &state, japan) - plain.margin(&scen, &state, japan);
    assert!((gained - expected).abs() < 1e-9, "{gained} vs {expected}");
    assert!(gained > 0.0);
    assert!(traced.value(&scen, &state, japan) > plain.value(&scen, &state, japan));
    // The option is spelled `eval=traced`.
    assert!(MctsPlayer::from_options("iters=10,eval=traced").is_ok());
    assert!(MctsPlayer::from_options("iters=10,eval=bogus").is_err());
}
