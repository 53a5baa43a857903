//! The cost of the changing state: cloning a `GameState` (what search and
//! MCTS pay per node), and whole random-vs-random games per built-in
//! scenario on one core (games per second: throughput of one element per game).

use std::hint::black_box;
use std::sync::Arc;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use hexwar_benches::{MAP_SEED, new_game, play_random_game, units_scenario};
use hexwar_engine::{GameState, Scenario, builtin};

fn clone(c: &mut Criterion) {
    let mut group = c.benchmark_group("clone");
    let mut inputs: Vec<(String, GameState)> = Vec::new();
    for n in [50, 200] {
        let scen = units_scenario(MAP_SEED, n);
        let state = new_game(&scen);
        assert_eq!(state.units().len(), n);
        inputs.push((format!("units{n:03}"), state));
    }
    // The built-in scenarios' opening positions, for scale.
    for name in builtin::names() {
        let scen = load_builtin(name);
        inputs.push((name.to_string(), new_game(&scen)));
    }
    for (name, state) in &inputs {
        // Dropping the clone is part of the cost a search pays per node.
        group.bench_function(name.as_str(), |b| b.iter(|| black_box(state.clone())));
        // Cloning into an existing state, which could reuse its buffers.
        let mut into = state.clone();
        group.bench_function(format!("{name}/clone_from"), |b| {
            b.iter(|| {
                into.clone_from(state);
                black_box(&into);
            })
        });
    }
    group.finish();
}

fn load_builtin(name: &str) -> Arc<Scenario> {
    builtin::load(name).unwrap_or_else(|| panic!("built-in scenario {name} does not load"))
}

fn playout(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(1));
    for name in builtin::names() {
        let scen =
            builtin::load(name).unwrap_or_else(|| panic!("built-in scenario {name} does not load"));
        let mut seed = 0u64;
        // Every iteration plays a different game: the seed moves on each time.
        group.bench_function(name, |b| {
            b.iter_batched(
                || {
                    seed += 1;
                    seed
                },
                |seed| black_box(play_random_game(&scen, seed)),
                BatchSize::SmallInput,
            )
        });
        // How long a game is, for the README: mean actions over 100 seeds.
        let actions: u64 = (0..100)
            .map(|s| play_random_game(&scen, 1_000_000 + s) as u64)
            .sum();
        eprintln!(
            "playout/{name}: {:.1} actions per game (mean of 100)",
            actions as f64 / 100.0
        );
    }
    group.finish();
}

criterion_group!(benches, clone, playout);
criterion_main!(benches);
