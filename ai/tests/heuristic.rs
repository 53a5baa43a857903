//! The heuristic player (issue #6): legal, deterministic, stronger than
//! random, and finds the moves of a few small tactical fixtures.

use std::sync::Arc;

use hexwar_ai::{AiRng, HeuristicPlayer, Player, RandomPlayer};
use hexwar_engine::{Action, GameState, HexId, PhaseKind, Scenario, Side, UnitId, builtin};
use rand::{RngCore, SeedableRng};

const MAX_ACTIONS: usize = 50_000;

fn scenario(name: &str) -> Arc<Scenario> {
    Arc::new(builtin::load(name).expect("built-in scenario"))
}

/// Plays one game; every action chosen is checked. Returns the winner and
/// the actions (when `record`).
fn play(
    scen: &Scenario,
    players: &mut [Box<dyn Player>; 2],
    seed: u64,
    record: bool,
) -> (Option<Side>, Vec<Action>) {
    let mut dice = AiRng::seed_from_u64(seed);
    let mut rngs = [
        AiRng::seed_from_u64(seed ^ 0x5151_0000),
        AiRng::seed_from_u64(seed ^ 0xa0a0_0000),
    ];
    let mut state = GameState::new(scen, &mut dice);
    let mut log = Vec::new();
    let mut n = 0;
    while !state.is_over() {
        let side = state.active_side().index();
        let a = players[side].choose(scen, &state, &mut rngs[side]);
        if let Err(e) = state.check(scen, a) {
            panic!(
                "{} chose an illegal action {a:?} in {} turn {} phase {:?}: {}",
                players[side].name(),
                scen.name(),
                state.turn(),
                state.phase(scen),
                e.describe(scen)
            );
        }
        if record {
            log.push(a);
        }
        state.apply_unchecked(scen, a, &mut dice, &mut ());
        n += 1;
        assert!(n < MAX_ACTIONS, "game {seed} of {} does not end", scen.name());
    }
    (state.result().and_then(|r| r.winner), log)
}

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

#[test]
#[ignore = "timing and win rates, run by hand in release"]
fn measure() {
    for name in ["malaya", "morne-plaine", "eastfront"] {
        for side in 0..2 {
            let t = std::time::Instant::now();
            let r = match_up(name, side, 20, 7);
            eprintln!("{name} heuristic as side {side}: {r:?} in {:?}", t.elapsed());
        }
    }
}
