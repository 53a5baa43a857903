//! Batches on all cores: games per second of `run_batch` (the parallel
//! kernel under `hexwar simulate`) at 1 and 2 threads, 1,000 random games
//! per iteration, per built-in scenario. Parallel efficiency is
//! t(1) / (2 t(2)) from one run of this group.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hexwar_engine::builtin;
use hexwar_sim::batch::{Batch, run_batch};

const GAMES: u64 = 1000;

fn batch(c: &mut Criterion) {
    let mut group = c.benchmark_group("batch");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES));
    for name in builtin::names() {
        let scen = builtin::load(name).expect("built-in scenarios load");
        for threads in [1, 2] {
            let b = Batch {
                games: GAMES,
                seed: 1,
                threads: Some(threads),
                ..Batch::default()
            };
            group.bench_function(format!("{name}/{threads}t"), |bench| {
                bench.iter(|| black_box(run_batch(&scen, &b, &|_| {}).expect("random players")))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, batch);
criterion_main!(benches);
