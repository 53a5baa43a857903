//! Competence: small positions of our own, each built around a mistake a
//! wargamer would not make (issue 13): headquarters and leaders kept out of
//! harm's way, assaults across a river carried out when they are the way
//! to win, units pulled back only when that saves them. Each test drives
//! the heuristic player (the `normal` level) through the position.

mod common;

use common::fixture;
use hexwar_ai::{AiRng, HeuristicPlayer, Player};
use hexwar_engine::{Action, GameState, HexId, PhaseKind, Scenario, UnitId};
use rand::SeedableRng;

/// The player under test.
fn normal() -> HeuristicPlayer {
    HeuristicPlayer::default()
}

/// Plays the side to move with `p` until its current phase ends; the
/// actions taken.
fn play_phase(
    p: &mut HeuristicPlayer,
    scen: &Scenario,
    state: &mut GameState,
    seed: u64,
) -> Vec<Action> {
    let mut rng = AiRng::seed_from_u64(seed);
    let mut dice = AiRng::seed_from_u64(seed + 1);
    let key = (state.turn(), state.active_side(), state.phase_index());
    let mut out = Vec::new();
    while !state.is_over() && (state.turn(), state.active_side(), state.phase_index()) == key {
        let a = p.choose(scen, state, &mut rng);
        state
            .apply(scen, a, &mut dice, &mut ())
            .unwrap_or_else(|e| panic!("{a:?}: {}", e.describe(scen)));
        out.push(a);
        assert!(out.len() < 200);
    }
    out
}

fn unit(scen: &Scenario, id: &str) -> UnitId {
    scen.unit_by_id(id)
        .unwrap_or_else(|| panic!("no unit {id}"))
}

fn hex(scen: &Scenario, label: &str) -> HexId {
    scen.grid().parse(label).unwrap()
}

/// Is `h` next to a unit of the side not to move?
fn next_to_enemy(scen: &Scenario, state: &GameState, h: HexId) -> bool {
    let foe = state.active_side().other();
    state
        .units_of(scen, foe)
        .any(|e| scen.grid().distance(state.unit(e).hex, h) <= 1)
}

#[test]
fn the_headquarters_stays_out_of_an_attack_its_infantry_can_make() {
    let scen = fixture("ai_keep_hq");
    let mut state = GameState::new(&scen, &mut AiRng::seed_from_u64(1));
    // Straight to the Combat Phase: the HQ stands next to the target.
    state
        .apply(
            &scen,
            Action::EndPhase,
            &mut AiRng::seed_from_u64(2),
            &mut (),
        )
        .unwrap();
    assert_eq!(state.phase(&scen), PhaseKind::Combat);
    let acts = play_phase(&mut normal(), &scen, &mut state, 3);
    let committed: Vec<UnitId> = acts
        .iter()
        .filter_map(|a| match a {
            Action::Attack { unit, .. } => Some(*unit),
            _ => None,
        })
        .collect();
    assert!(committed.contains(&unit(&scen, "b1")), "{acts:?}");
    assert!(committed.contains(&unit(&scen, "b2")), "{acts:?}");
    assert!(
        !committed.contains(&unit(&scen, "hq")),
        "the HQ attacked: {acts:?}"
    );
}

#[test]
fn the_headquarters_does_not_walk_into_the_front() {
    let scen = fixture("ai_keep_hq");
    let mut state = GameState::new(&scen, &mut AiRng::seed_from_u64(1));
    let hq = unit(&scen, "hq");
    play_phase(&mut normal(), &scen, &mut state, 3);
    let at = state.unit(hq).hex;
    assert!(
        !next_to_enemy(&scen, &state, at),
        "the HQ ends its move next to the enemy at {}",
        scen.grid().label(at)
    );
    let _ = hex(&scen, "0402");
}

/// A fixture with its text changed first (`from` -> `to`).
fn fixture_with(name: &str, from: &str, to: &str) -> Scenario {
    let path = format!("{}/tests/fixtures/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&path).unwrap().replace(from, to);
    Scenario::from_toml(&src, &path).unwrap()
}

/// The units committed to each attack of the side to move's Combat Phase.
fn attacks(acts: &[Action]) -> Vec<Vec<UnitId>> {
    let mut out: Vec<Vec<UnitId>> = Vec::new();
    let mut open = false;
    for a in acts {
        match a {
            Action::Attack { unit, .. } => {
                if !open {
                    out.push(Vec::new());
                    open = true;
                }
                out.last_mut().unwrap().push(*unit);
            }
            Action::Resolve { .. } | Action::CancelAttack => open = false,
            _ => {}
        }
    }
    out
}

#[test]
fn concentrates_at_both_crossings_then_attacks_together() {
    let scen = fixture("ai_river_assault");
    for seed in 0..6 {
        let mut state = GameState::new(&scen, &mut AiRng::seed_from_u64(seed));
        let mut p = normal();
        play_phase(&mut p, &scen, &mut state, seed);
        // Two brigades a crossing hex: the bridge and the ford.
        for h in ["0303", "0304"] {
            let n = state.units_at(hex(&scen, h)).count();
            assert_eq!(n, 2, "seed {seed}: {n} brigade(s) at {h}");
        }
        let acts = play_phase(&mut p, &scen, &mut state, seed + 100);
        let made = attacks(&acts);
        assert_eq!(made.len(), 1, "seed {seed}: {acts:?}");
        assert_eq!(
            made[0].len(),
            4,
            "seed {seed}: all four attack together: {acts:?}"
        );
    }
}

#[test]
fn attacks_at_poor_odds_when_waiting_loses_for_certain() {
    // The last turn, two brigades at the bridge: 1:2 across the river, the
    // only chance of the town and of the game.
    let scen = fixture_with("ai_river_assault", "turns = 3", "turns = 1");
    let mut state = GameState::new(&scen, &mut AiRng::seed_from_u64(1));
    let mut dice = AiRng::seed_from_u64(2);
    for id in ["b1", "b2"] {
        let a = Action::Move {
            unit: unit(&scen, id),
            to: hex(&scen, "0303"),
        };
        state.apply(&scen, a, &mut dice, &mut ()).unwrap();
    }
    state
        .apply(&scen, Action::EndPhase, &mut dice, &mut ())
        .unwrap();
    assert_eq!(state.phase(&scen), PhaseKind::Combat);
    let acts = play_phase(&mut normal(), &scen, &mut state, 5);
    assert_eq!(
        attacks(&acts).len(),
        1,
        "no attack on the last turn: {acts:?}"
    );
}

#[test]
fn does_not_throw_a_lone_unit_away_early() {
    // Turn 1 of 3 with one brigade at the bridge and the rest coming: a
    // 1:4 attack now loses a step for nothing.
    let scen = fixture("ai_river_assault");
    let mut state = GameState::new(&scen, &mut AiRng::seed_from_u64(1));
    let mut dice = AiRng::seed_from_u64(2);
    let a = Action::Move {
        unit: unit(&scen, "b1"),
        to: hex(&scen, "0303"),
    };
    state.apply(&scen, a, &mut dice, &mut ()).unwrap();
    state
        .apply(&scen, Action::EndPhase, &mut dice, &mut ())
        .unwrap();
    let acts = play_phase(&mut normal(), &scen, &mut state, 5);
    assert!(
        attacks(&acts).is_empty(),
        "a 1:4 attack on turn 1: {acts:?}"
    );
}
