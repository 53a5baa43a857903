//! The heuristic player's time per player-turn (issue #6: at most 20 ms on
//! `malaya`). Positions: the start of each player-turn of one seeded game
//! of heuristic against heuristic, in every built-in scenario; one bench
//! iteration plays a whole player-turn of the side to move, from its
//! planning to its last `EndPhase`, with the engine's moves included.
//!
//! `cargo bench -p hexwar-benches --bench heuristic`; criterion's time is
//! per player-turn, averaged over the game's player-turns.
//!
//! Group `heuristic/game` (issue 13: a heuristic game costs at most five
//! random games on malaya; eastfront heuristic against heuristic at least
//! 40 games/s): whole games on one core, random against random and
//! heuristic against heuristic side by side on the same seeds, through
//! the batch's own kernel (`hexwar_sim::batch::play_game`). The ratio of
//! the two times, read off one run, is the cost of a heuristic game in
//! random games.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hexwar_ai::{AiRng, HeuristicPlayer, Player};
use hexwar_engine::{GameState, Scenario, Side, builtin};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Plays the player-turn of the side to move with `player`; returns the
/// actions it took.
fn player_turn(
    scen: &Scenario,
    game: &mut GameState,
    player: &mut HeuristicPlayer,
    dice: &mut Xoshiro256PlusPlus,
    rng: &mut AiRng,
) -> u32 {
    let key = (game.turn(), game.active_side());
    let mut actions = 0;
    while !game.is_over() && (game.turn(), game.active_side()) == key {
        let a = player.choose(scen, game, rng);
        game.apply_unchecked(scen, a, dice, &mut ());
        actions += 1;
    }
    actions
}

/// The position at the start of every player-turn of one game.
fn openings(scen: &Scenario, seed: u64) -> Vec<GameState> {
    let mut dice = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut rng = AiRng::seed_from_u64(seed);
    let mut game = GameState::new(scen, &mut dice);
    let mut players = [HeuristicPlayer::default(), HeuristicPlayer::default()];
    let mut out = Vec::new();
    while !game.is_over() {
        out.push(game.clone());
        let side = game.active_side().index();
        player_turn(scen, &mut game, &mut players[side], &mut dice, &mut rng);
    }
    out
}

fn heuristic(c: &mut Criterion) {
    let mut group = c.benchmark_group("heuristic/player-turn");
    group.sample_size(10);
    for name in builtin::names() {
        let scen = builtin::load(name).expect("built-in scenario");
        let starts = openings(&scen, 1);
        let sides = starts.iter().filter(|s| s.active_side() == Side(0)).count();
        assert!(sides > 0 && sides < starts.len(), "both sides play");
        let mut next = 0;
        group.bench_function(name, |b| {
            b.iter_batched(
                || {
                    next = (next + 1) % starts.len();
                    (
                        starts[next].clone(),
                        HeuristicPlayer::default(),
                        Xoshiro256PlusPlus::seed_from_u64(next as u64),
                        AiRng::seed_from_u64(next as u64),
                    )
                },
                |(mut game, mut player, mut dice, mut rng)| {
                    black_box(player_turn(
                        &scen,
                        &mut game,
                        &mut player,
                        &mut dice,
                        &mut rng,
                    ))
                },
                criterion::BatchSize::SmallInput,
            );
        });
    }
    group.finish();
}

/// Whole games, random and heuristic, on the same seeds.
fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("heuristic/game");
    group.sample_size(10);
    for name in builtin::names() {
        let scen = builtin::load(name).expect("built-in scenario");
        for player in ["random", "heuristic"] {
            let mut index = 0u64;
            group.bench_function(format!("{name}/{player}"), |b| {
                b.iter(|| {
                    index = (index + 1) % 64;
                    let r = hexwar_sim::batch::play_game(&scen, player, player, 1, index);
                    black_box(r.expect("a game").turns)
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, heuristic, games);
criterion_main!(benches);
