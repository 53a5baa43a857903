//! Competence: small positions of our own, each built around a mistake a
//! wargamer would not make (issue 13): headquarters and leaders kept out of
//! harm's way, assaults across a river carried out when they are the way
//! to win, units pulled back only when that saves them. Each test drives
//! the levels that play (`normal`, the heuristic, and the search levels
//! `hard` and `expert`; `novice` blunders on purpose) through the position.

mod common;

use common::{fixture, hex, phase, unit};
use hexwar_ai::{AiRng, HeuristicPlayer, Player, from_spec};
use hexwar_engine::{Action, GameState, HexId, PhaseKind, Scenario, UnitId};
use rand::SeedableRng;

/// The levels put to each position.
const LEVELS: [&str; 3] = ["normal", "hard", "expert"];

/// A fresh player of `level`.
fn level(level: &str) -> Box<dyn Player> {
    from_spec(level).unwrap()
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
    for lv in LEVELS {
        for seed in 3..6 {
            // Straight to the Combat Phase: the HQ stands next to the target.
            let mut state = common::combat_phase(&scen, 1, 2);
            let acts = phase(&scen, &mut state, level(lv).as_mut(), seed);
            let committed: Vec<UnitId> = acts
                .iter()
                .filter_map(|a| match a {
                    Action::Attack { unit, .. } => Some(*unit),
                    _ => None,
                })
                .collect();
            assert!(
                committed.contains(&unit(&scen, "b1")),
                "{lv}, seed {seed}: {acts:?}"
            );
            assert!(
                committed.contains(&unit(&scen, "b2")),
                "{lv}, seed {seed}: {acts:?}"
            );
            assert!(
                !committed.contains(&unit(&scen, "hq")),
                "{lv}, seed {seed}: the HQ attacked: {acts:?}"
            );
        }
    }
}

#[test]
fn the_headquarters_does_not_walk_into_the_front() {
    let scen = fixture("ai_keep_hq");
    let hq = unit(&scen, "hq");
    for lv in LEVELS {
        for seed in 3..6 {
            let mut state = GameState::new(&scen, &mut AiRng::seed_from_u64(1));
            phase(&scen, &mut state, level(lv).as_mut(), seed);
            let at = state.unit(hq).hex;
            assert!(
                !next_to_enemy(&scen, &state, at),
                "{lv}, seed {seed}: the HQ ends its move next to the enemy at {}",
                scen.grid().label(at)
            );
        }
    }
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
    for lv in LEVELS {
        for seed in 0..6 {
            let mut state = GameState::new(&scen, &mut AiRng::seed_from_u64(seed));
            let mut p = level(lv);
            phase(&scen, &mut state, p.as_mut(), seed);
            // Two brigades a crossing hex: the bridge and the ford.
            for h in ["0303", "0304"] {
                let n = state.units_at(hex(&scen, h)).count();
                assert_eq!(n, 2, "{lv}, seed {seed}: {n} brigade(s) at {h}");
            }
            let acts = phase(&scen, &mut state, p.as_mut(), seed + 100);
            let made = attacks(&acts);
            assert_eq!(made.len(), 1, "{lv}, seed {seed}: {acts:?}");
            assert_eq!(
                made[0].len(),
                4,
                "{lv}, seed {seed}: all four attack together: {acts:?}"
            );
        }
    }
    // `hard` deciding the Combat Phase from its Movement Phase's search
    // (`phases=0`) waits or attacks in part in some seed: what searching
    // each phase afresh mends.
    let old = "mcts:iters=300,turn_iters=1200,center=1,phases=0";
    let short = (0..6).filter(|&seed| {
        let mut state = GameState::new(&scen, &mut AiRng::seed_from_u64(seed));
        let mut p = level(old);
        phase(&scen, &mut state, p.as_mut(), seed);
        let acts = phase(&scen, &mut state, p.as_mut(), seed + 100);
        attacks(&acts).iter().map(Vec::len).max() != Some(4)
    });
    assert!(
        short.count() > 0,
        "{old} attacked with all four in every seed"
    );
}

#[test]
fn attacks_at_poor_odds_when_waiting_loses_for_certain() {
    // The last turn, two brigades at the bridge: 1:2 across the river, the
    // only chance of the town and of the game.
    let scen = fixture_with("ai_river_assault", "turns = 3", "turns = 1");
    for lv in LEVELS {
        for seed in 5..8 {
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
            let acts = phase(&scen, &mut state, level(lv).as_mut(), seed);
            assert_eq!(
                attacks(&acts).len(),
                1,
                "{lv}, seed {seed}: no attack on the last turn: {acts:?}"
            );
        }
    }
}

#[test]
fn does_not_throw_a_lone_unit_away_early() {
    // Turn 1 of 3 with one brigade at the bridge and the rest coming: a
    // 1:4 attack now loses a step for nothing.
    let scen = fixture("ai_river_assault");
    for lv in LEVELS {
        for seed in 5..8 {
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
            let acts = phase(&scen, &mut state, level(lv).as_mut(), seed);
            assert!(
                attacks(&acts).is_empty(),
                "{lv}, seed {seed}: a 1:4 attack on turn 1: {acts:?}"
            );
        }
    }
}

#[test]
fn pulls_back_only_into_supply() {
    // Eastfront: every move the player announces as a pull-back ("would be
    // cut off") ends where the unit is in general supply as things stand.
    let scen = common::scenario("eastfront");
    let mut checked = 0;
    for g in 0..3u64 {
        let mut dice = AiRng::seed_from_u64(g);
        let mut rngs = [AiRng::seed_from_u64(g + 50), AiRng::seed_from_u64(g + 60)];
        let mut ps = [HeuristicPlayer::default(), HeuristicPlayer::default()];
        let mut state = GameState::new(&scen, &mut dice);
        while !state.is_over() {
            let side = state.active_side().index();
            let before = ps[side].intent().len();
            let a = ps[side].choose(&scen, &state, &mut rngs[side]);
            let said = ps[side].intent();
            let pulled = said.len() > before && said.last().unwrap().contains("pulled back");
            if let (true, Action::Move { unit, to }) = (pulled, a) {
                let mut what_if = state.clone();
                what_if.apply_unchecked(
                    &scen,
                    Action::Move { unit, to },
                    &mut AiRng::seed_from_u64(0),
                    &mut (),
                );
                let t = hexwar_engine::supply::trace(&scen, &what_if, unit);
                assert!(
                    t.supplied,
                    "game {g}: {} pulled back to {} out of supply: {:?}",
                    scen.unit(unit).id,
                    scen.grid().label(to),
                    t.reason
                );
                checked += 1;
            }
            state.apply_unchecked(&scen, a, &mut dice, &mut ());
        }
    }
    assert!(checked > 5, "only {checked} pull-backs seen");
}

/// Pull-backs on eastfront, and whether they saved the unit: its supply at
/// its side's next judgement (printed; run by hand).
#[test]
#[ignore = "diagnostic, by hand"]
fn eastfront_pull_backs() {
    let scen = common::scenario("eastfront");
    let (mut total, mut saved, mut games) = (0, 0, 0);
    for g in 0..10u64 {
        let mut dice = AiRng::seed_from_u64(g);
        let mut rngs = [AiRng::seed_from_u64(g + 50), AiRng::seed_from_u64(g + 60)];
        let mut ps = [HeuristicPlayer::default(), HeuristicPlayer::default()];
        let mut state = GameState::new(&scen, &mut dice);
        let mut pending: Vec<(UnitId, u8)> = Vec::new();
        let mut key = (state.turn(), state.active_side());
        while !state.is_over() {
            let side = state.active_side().index();
            let a = ps[side].choose(&scen, &state, &mut rngs[side]);
            state.apply_unchecked(&scen, a, &mut dice, &mut ());
            if (state.turn(), state.active_side()) != key {
                // The player-turn ended: collect its pull-backs.
                for line in ps[side].intent() {
                    if let Some(id) = line.split(' ').next() {
                        if line.contains("pulled back") {
                            pending.push((scen.unit_by_id(id).unwrap(), key.0));
                        }
                    }
                }
                key = (state.turn(), state.active_side());
            }
            // At a Supply Phase's end, judge the pending units of that side.
            if state.phase(&scen) == PhaseKind::Movement {
                pending.retain(|&(u, t)| {
                    if scen.unit(u).side != state.active_side() || state.turn() <= t {
                        return true;
                    }
                    total += 1;
                    if state.unit(u).supply.is_general() {
                        saved += 1;
                    }
                    false
                });
            }
        }
        games += 1;
    }
    eprintln!(
        "{games} games: {total} pull-backs judged, {saved} in general supply at the next judgement"
    );
}

#[test]
fn a_general_does_not_ride_alone_into_the_enemys_reach() {
    let scen = fixture("ai_lone_leader");
    for (lv, seed) in LEVELS.iter().flat_map(|&lv| (0..4).map(move |s| (lv, s))) {
        let mut state = GameState::new(&scen, &mut AiRng::seed_from_u64(seed));
        phase(&scen, &mut state, level(lv).as_mut(), seed);
        let general = unit(&scen, "gen");
        let at = state.unit(general).hex;
        // Every hex a red unit could stand in next turn, and next to it.
        let mut reach = Vec::new();
        for r in state.units_of(&scen, hexwar_engine::Side(1)) {
            hexwar_engine::movement::next_move_reach(&scen, &state, r, |h| reach.push(h));
        }
        let struck = reach.iter().any(|h| scen.grid().distance(*h, at) <= 1);
        assert!(
            !struck,
            "{lv}, seed {seed}: the general ends at {}, within the enemy's reach",
            scen.grid().label(at)
        );
    }
}

/// Eastfront, `games` games of `spec` against itself: of the headquarters
/// on the map when their side's Movement Phase ends, the share in general
/// supply by the position then (on a supply line, GS-6).
fn hq_on_lines(spec: &str, games: u64) -> f64 {
    let scen = common::scenario("eastfront");
    let (mut on, mut all) = (0u32, 0u32);
    for g in 0..games {
        let mut dice = AiRng::seed_from_u64(g);
        let mut rngs = [AiRng::seed_from_u64(g + 70), AiRng::seed_from_u64(g + 80)];
        let mut ps = [0, 1].map(|_| hexwar_ai::from_spec(spec).unwrap());
        let mut state = GameState::new(&scen, &mut dice);
        while !state.is_over() {
            let side = state.active_side();
            let a = ps[side.index()].choose(&scen, &state, &mut rngs[side.index()]);
            let ends_movement = a == Action::EndPhase && state.phase(&scen) == PhaseKind::Movement;
            if ends_movement {
                let mut lines = vec![false; scen.grid().len()];
                hexwar_engine::supply::supply_lines(&scen, &state, side, |h| {
                    lines[h.index()] = true
                });
                for u in state.units_of(&scen, side) {
                    if scen.unit_type(u).kind == hexwar_engine::UnitKind::Hq {
                        all += 1;
                        on += u32::from(lines[state.unit(u).hex.index()]);
                    }
                }
            }
            state.apply_unchecked(&scen, a, &mut dice, &mut ());
        }
    }
    f64::from(on) / f64::from(all.max(1))
}

// rule: GS-6
#[test]
fn headquarters_stay_on_their_supply_lines() {
    // A headquarters off its side's supply lines leaves every unit that
    // traces to it out of supply, sinking a U-level a turn.
    let tuned = hq_on_lines("heuristic", 3);
    let blind = hq_on_lines("heuristic:lines=0", 3);
    eprintln!("HQs on supply lines at the end of movement: {tuned:.2} (lines=0: {blind:.2})");
    assert!(tuned >= 0.8, "only {tuned:.2} of HQs on supply lines");
    assert!(tuned > blind + 0.1, "{tuned:.2} against {blind:.2} without");
}

/// The river assault at each search level: of twelve seeds, in how many
/// the four brigades, concentrated at the crossings, attack together on
/// turn 1, attack in part, or wait (printed; run by hand:
/// `cargo test --release -p hexwar-ai --test competence -- --ignored river_assault_at_each_level --nocapture`).
#[test]
#[ignore = "diagnostic, by hand"]
fn river_assault_at_each_level() {
    let scen = fixture("ai_river_assault");
    for level in ["normal", "hard", "expert"] {
        let (mut whole, mut part, mut none) = (0, 0, 0);
        for seed in 0..12 {
            let mut state = GameState::new(&scen, &mut AiRng::seed_from_u64(seed));
            let mut p = hexwar_ai::from_spec(level).unwrap();
            phase(&scen, &mut state, p.as_mut(), seed);
            let acts = phase(&scen, &mut state, p.as_mut(), seed + 100);
            match attacks(&acts).iter().map(Vec::len).max() {
                Some(4) => whole += 1,
                Some(_) => part += 1,
                None => none += 1,
            }
        }
        eprintln!("{level}: all four together {whole}, in part {part}, waited {none}");
    }
}
