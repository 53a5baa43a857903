//! The heuristic player (issue #6): legal, deterministic, stronger than
//! random, and finds the moves of a few small tactical fixtures.

mod common;

use common::{fixture, play, scenario};
use hexwar_ai::{AiRng, HeuristicPlayer, Player, RandomPlayer};
use hexwar_engine::{Action, GameState, PhaseKind, Scenario, supply};
use rand::{RngCore, SeedableRng};

fn players(heuristic_side: usize) -> [Box<dyn Player>; 2] {
    let h: Box<dyn Player> = Box::new(HeuristicPlayer::default());
    let r: Box<dyn Player> = Box::new(RandomPlayer::default());
    if heuristic_side == 0 { [h, r] } else { [r, h] }
}

/// Heuristic wins, random wins and draws over `games` games with the
/// heuristic player on `side`; every action is checked legal.
fn match_up(name: &str, side: usize, games: u64, master: u64) -> [u32; 3] {
    let scen = scenario(name);
    let mut seeds = AiRng::seed_from_u64(master);
    let mut tally = [0; 3];
    for _ in 0..games {
        let mut p = players(side);
        let (w, _) = play(&scen, &mut p, seeds.next_u64(), false);
        match w {
            Some(s) if s.index() == side => tally[0] += 1,
            Some(_) => tally[1] += 1,
            None => tally[2] += 1,
        }
    }
    tally
}

/// Heuristic wins, random wins and draws with the heuristic player on
/// each side; asserts it wins more than random does, and at least 60% of
/// the games (measured: 98-100%, see `measure`).
fn beats_random(name: &str, master: u64) {
    for side in 0..2 {
        let [h, r, d] = match_up(name, side, 100, master + side as u64);
        eprintln!("{name}: heuristic as side {side}: {h} wins, {r} losses, {d} draws");
        assert!(
            h > r && h >= 60,
            "{name}, heuristic as side {side}: {h}/{r}/{d}"
        );
    }
}

/// Heuristic against heuristic: every action legal, every game ends.
fn self_play(name: &str, games: u64) {
    let scen = scenario(name);
    for g in 0..games {
        let mut p: [Box<dyn Player>; 2] = [
            Box::new(HeuristicPlayer::default()),
            Box::new(HeuristicPlayer::default()),
        ];
        play(&scen, &mut p, 1000 + g, false);
    }
}

// 200 games of each built-in against random (each action checked legal,
// each game ended), and 30 against itself.

#[test]
fn malaya_legal_and_beats_random() {
    beats_random("malaya", 11);
    self_play("malaya", 30);
}

#[test]
fn morne_plaine_legal_and_beats_random() {
    beats_random("morne-plaine", 21);
    self_play("morne-plaine", 30);
}

#[test]
fn eastfront_legal_and_beats_random() {
    beats_random("eastfront", 31);
    self_play("eastfront", 30);
}

#[test]
fn same_seed_same_choices() {
    for name in ["malaya", "morne-plaine", "eastfront"] {
        let scen = scenario(name);
        for seed in [3, 4] {
            let run = || {
                let mut p: [Box<dyn Player>; 2] = [
                    Box::new(HeuristicPlayer::default()),
                    Box::new(HeuristicPlayer::default()),
                ];
                play(&scen, &mut p, seed, true).1
            };
            let (a, b) = (run(), run());
            assert!(!a.is_empty());
            assert_eq!(a, b, "{name} seed {seed}");
        }
        // One player object reused across games chooses as a fresh one.
        let mut p: [Box<dyn Player>; 2] = [
            Box::new(HeuristicPlayer::default()),
            Box::new(HeuristicPlayer::default()),
        ];
        play(&scen, &mut p, 9, false);
        let again = play(&scen, &mut p, 3, true).1;
        let mut q: [Box<dyn Player>; 2] = [
            Box::new(HeuristicPlayer::default()),
            Box::new(HeuristicPlayer::default()),
        ];
        assert_eq!(again, play(&scen, &mut q, 3, true).1, "{name}: reuse");
    }
}

#[test]
fn from_spec_builds_it() {
    let p = hexwar_ai::from_spec("heuristic").unwrap();
    assert_eq!(p.name(), "heuristic");
}

#[test]
#[ignore = "timing and win rates, run by hand in release"]
fn measure() {
    for name in ["malaya", "morne-plaine", "eastfront"] {
        for side in 0..2 {
            let t = std::time::Instant::now();
            let r = match_up(name, side, 100, 7);
            eprintln!(
                "{name} heuristic as side {side}: {r:?} in {:?}",
                t.elapsed()
            );
        }
    }
    // Time per heuristic player-turn (both sides heuristic).
    for name in ["malaya", "morne-plaine", "eastfront"] {
        let scen = scenario(name);
        let mut spent = std::time::Duration::ZERO;
        let mut turns = 0u32;
        let mut worst = std::time::Duration::ZERO;
        for g in 0..20u64 {
            let mut dice = AiRng::seed_from_u64(g);
            let mut rng = AiRng::seed_from_u64(g + 100);
            let mut ps = [HeuristicPlayer::default(), HeuristicPlayer::default()];
            let mut state = GameState::new(&scen, &mut dice);
            let mut key = None;
            let mut this = std::time::Duration::ZERO;
            while !state.is_over() {
                let k = (state.turn(), state.active_side());
                if key != Some(k) {
                    key = Some(k);
                    turns += 1;
                    worst = worst.max(this);
                    this = std::time::Duration::ZERO;
                }
                let side = state.active_side().index();
                let t = std::time::Instant::now();
                let a = ps[side].choose(&scen, &state, &mut rng);
                let e = t.elapsed();
                spent += e;
                this += e;
                state.apply_unchecked(&scen, a, &mut dice, &mut ());
            }
        }
        eprintln!(
            "{name}: {turns} player-turns, {:?} per player-turn on average, worst {:?}",
            spent / turns,
            worst
        );
    }
}

/// The actions the heuristic player takes for the side to move until the
/// current phase ends (each checked and applied).
fn phase_actions(scen: &Scenario, state: &mut GameState, seed: u64) -> Vec<Action> {
    let mut p = HeuristicPlayer::default();
    let mut rng = AiRng::seed_from_u64(seed);
    let mut dice = AiRng::seed_from_u64(seed + 1);
    let (turn, side, phase) = (state.turn(), state.active_side(), state.phase_index());
    let mut out = Vec::new();
    while !state.is_over()
        && (state.turn(), state.active_side(), state.phase_index()) == (turn, side, phase)
    {
        let a = p.choose(scen, state, &mut rng);
        state
            .apply(scen, a, &mut dice, &mut ())
            .unwrap_or_else(|e| panic!("{a:?}: {}", e.describe(scen)));
        out.push(a);
        assert!(out.len() < 100);
    }
    out
}

#[test]
fn attacks_a_unit_that_cannot_retreat() {
    let scen = fixture("ai_attack_trapped");
    // Blue does not move: straight to its Combat Phase.
    let mut state = common::combat_phase(&scen, 1, 2);
    let target = scen.grid().parse("0402").unwrap();
    let b1 = scen.unit_by_id("b1").unwrap();
    let b2 = scen.unit_by_id("b2").unwrap();
    let acts = phase_actions(&scen, &mut state, 3);
    // Both units join the attack on 0402, then it is rolled.
    assert!(acts.len() >= 3, "{acts:?}");
    let mut committed: Vec<_> = acts[..2]
        .iter()
        .map(|a| match a {
            Action::Attack { unit, target: t } if *t == target => *unit,
            other => panic!("expected an attack on 0402, got {other:?} in {acts:?}"),
        })
        .collect();
    committed.sort();
    assert_eq!(committed, vec![b1, b2]);
    assert!(matches!(acts[2], Action::Resolve { .. }), "{acts:?}");
}

#[test]
fn steps_onto_the_road_hex_that_cuts_a_pocket() {
    let scen = fixture("ai_cut_road");
    let mut state = GameState::new(&scen, &mut AiRng::seed_from_u64(1));
    assert_eq!(state.phase(&scen), PhaseKind::Movement);
    let b1 = scen.unit_by_id("b1").unwrap();
    let r1 = scen.unit_by_id("r1").unwrap();
    let town = scen.grid().parse("0402").unwrap();
    assert!(supply::trace(&scen, &state, r1).supplied);
    let mut p = HeuristicPlayer::default();
    let a = p.choose(&scen, &state, &mut AiRng::seed_from_u64(5));
    assert_eq!(a, Action::Move { unit: b1, to: town });
    assert!(
        p.intent().iter().any(|s| s.contains("cuts the supply")),
        "{:?}",
        p.intent()
    );
    state
        .apply(&scen, a, &mut AiRng::seed_from_u64(0), &mut ())
        .unwrap();
    assert!(!supply::trace(&scen, &state, r1).supplied);
}

#[test]
fn without_what_if_tests_it_does_not_see_the_cut() {
    // `cuts=0`: no what-if supply test, so the road hex is worth no more
    // than its progress, and no cut is claimed.
    let scen = fixture("ai_cut_road");
    let state = GameState::new(&scen, &mut AiRng::seed_from_u64(1));
    let mut p = HeuristicPlayer::from_options("cuts=0").unwrap();
    p.choose(&scen, &state, &mut AiRng::seed_from_u64(5));
    assert!(
        !p.intent().iter().any(|s| s.contains("cuts the supply")),
        "{:?}",
        p.intent()
    );
}

#[test]
fn pulls_back_a_unit_about_to_be_cut_off() {
    let scen = fixture("ai_pull_back");
    let state = GameState::new(&scen, &mut AiRng::seed_from_u64(1));
    assert_eq!(state.phase(&scen), PhaseKind::Movement);
    let b1 = scen.unit_by_id("b1").unwrap();
    assert!(supply::trace(&scen, &state, b1).supplied);
    let mut p = HeuristicPlayer::default();
    let a = p.choose(&scen, &state, &mut AiRng::seed_from_u64(5));
    let Action::Move { unit, to } = a else {
        panic!("expected a move, got {a:?}");
    };
    assert_eq!(unit, b1);
    let (col, _) = scen.grid().col_row(to);
    assert!(col <= 4, "b1 went to {}", scen.grid().label(to));
    assert!(
        p.intent().iter().any(|s| s.contains("pulled back")),
        "{:?}",
        p.intent()
    );
}

#[test]
#[ignore = "prints what the player meant to do, by hand"]
fn print_intents() {
    let name = std::env::var("SCEN").unwrap_or_else(|_| "malaya".into());
    let scen = scenario(&name);
    let mut dice = AiRng::seed_from_u64(1);
    let mut rng = AiRng::seed_from_u64(2);
    let mut ps = [HeuristicPlayer::default(), HeuristicPlayer::default()];
    let mut state = GameState::new(&scen, &mut dice);
    let mut key = (state.turn(), state.active_side());
    while !state.is_over() {
        let side = state.active_side().index();
        let a = ps[side].choose(&scen, &state, &mut rng);
        state.apply_unchecked(&scen, a, &mut dice, &mut ());
        if state.is_over() || (state.turn(), state.active_side()) != key {
            eprintln!("turn {} side {}: {:#?}", key.0, key.1.0, ps[side].intent());
            key = (state.turn(), state.active_side());
        }
    }
    eprintln!("{:?}", state.result());
}

#[test]
#[ignore = "which objectives the heuristic fails to take, by hand"]
fn objectives_missed() {
    let name = std::env::var("SCEN").unwrap_or_else(|_| "morne-plaine".into());
    let scen = scenario(&name);
    let mut held = vec![[0u32; 3]; scen.objectives().len()];
    let mut results = [0u32; 3];
    for g in 0..300u64 {
        let mut dice = AiRng::seed_from_u64(g);
        let mut rngs = [AiRng::seed_from_u64(g + 7), AiRng::seed_from_u64(g + 9)];
        let mut ps: [Box<dyn Player>; 2] = [
            Box::new(HeuristicPlayer::default()),
            Box::new(RandomPlayer::default()),
        ];
        let mut state = GameState::new(&scen, &mut dice);
        while !state.is_over() {
            let side = state.active_side().index();
            let a = ps[side].choose(&scen, &state, &mut rngs[side]);
            state.apply_unchecked(&scen, a, &mut dice, &mut ());
        }
        let r = match state.result().and_then(|r| r.winner) {
            Some(s) if s.index() == 0 => 0,
            Some(_) => 1,
            None => 2,
        };
        results[r] += 1;
        if r != 0 {
            for (i, o) in scen.objectives().iter().enumerate() {
                let k = match state.control(o.hex) {
                    Some(s) => s.index(),
                    None => 2,
                };
                held[i][k] += 1;
            }
        }
    }
    eprintln!("results {results:?}");
    for (o, h) in scen.objectives().iter().zip(&held) {
        eprintln!(
            "{} {} vp {}: held by side0/side1/none in non-wins {h:?}",
            scen.grid().label(o.hex),
            o.name,
            o.vp
        );
    }
}
