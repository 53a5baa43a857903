//! Reachable hexes for one unit on a 10,000-hex map of mixed terrain, by
//! movement allowance: our engine beside `pathfinding`'s `dijkstra_reach`
//! and `hexx`'s `field_of_movement`, on the same input. The three answers
//! are checked equal before anything is timed.
//!
//! - `ours`: `for_each_destination` with a `Scratch` prepared once for the
//!   state (occupancy and ZOC), collecting into a reused `Vec`. The engine
//!   skips a search it has just done (same unit, same position), so the
//!   iterations alternate between two units with the same answer.
//! - `ours+prepare`: the same, preparing the scratch each time, alternating
//!   between two positions with the same answer (what a caller pays for a
//!   position it has not seen).
//! - `pathfinding`: `dijkstra_reach` over our neighbour table, stopped at the
//!   first hex costing more than the allowance, into a reused `Vec`.
//! - `hexx`: `field_of_movement` (it returns a fresh `HashSet`).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hexwar_benches::{
    ALLOWANCES, MAP_SEED, MOVER, MovementCase, TWIN, hexx_reach, ours, pathfinding_reach,
};
use hexwar_engine::movement::Scratch;

fn movement(c: &mut Criterion) {
    for ma in ALLOWANCES {
        let case = MovementCase::new(MAP_SEED, ma);
        let reached = case.check();
        let (scen, state, grid) = (&case.scen, &case.state, case.scen.grid());
        let mut group = c.benchmark_group(format!("reach/ma{ma:02}"));
        eprintln!("reach/ma{ma:02}: {reached} hexes reachable (all three contenders agree)");

        // The engine keeps its last search and skips a repeat for the same
        // unit and state, so each iteration searches for the other twin.
        let mut scratch = Scratch::new(scen);
        scratch.prepare(scen, state);
        let mut out = Vec::new();
        let mut i = 0usize;
        group.bench_function("ours", |b| {
            b.iter(|| {
                i += 1;
                ours(scen, state, &mut scratch, [MOVER, TWIN][i & 1], &mut out);
                black_box(out.len())
            })
        });
        // Each iteration prepares for the other of two positions, then searches.
        let states = [state, &case.state_b];
        group.bench_function("ours+prepare", |b| {
            b.iter(|| {
                i += 1;
                let state = states[i & 1];
                scratch.prepare(scen, state);
                ours(scen, state, &mut scratch, MOVER, &mut out);
                black_box(out.len())
            })
        });

        let mut out = Vec::new();
        group.bench_function("pathfinding", |b| {
            b.iter(|| {
                pathfinding_reach(grid, &case.points, case.start, ma as u32, &mut out);
                black_box(out.len())
            })
        });

        group.bench_function("hexx", |b| {
            b.iter(|| black_box(hexx_reach(grid, &case.points, case.start, ma as u32)))
        });
        group.finish();
    }
}

criterion_group!(benches, movement);
criterion_main!(benches);
