//! Whole-side supply judgement (MAL-SUP-2..5): every unit of one side,
//! supplied or not, in one position. Inputs: each built-in scenario's
//! opening position, and the generated 10,000-hex map with roads, rail lines
//! and 200 units (`supply_scenario`), for both sides. The three contenders'
//! verdicts are checked equal for every unit before anything is timed.
//!
//! - `ours`: `supply::judge_binary` with the movement `Scratch` prepared once
//!   for the position (outside the timed loop: occupancy and ZOC) and a
//!   reused `SupplyScratch`. Timed: the road/rail search and one bounded
//!   overland search per unit off the road/rail network.
//! - `petgraph_side`: the engine's whole-side version over petgraph. Timed:
//!   the road/rail search, a graph built per movement class, one
//!   `petgraph::algo::dijkstra` per class. (Its occupancy and ZOC come from
//!   a thread-local scratch that stays prepared for the position.)
//! - `petgraph_per_unit`: the peer, one `petgraph::algo::dijkstra`
//!   per unit with no goal (it costs every hex the unit can reach), then
//!   whether the cheapest road/rail hex is within the allowance. Its graphs,
//!   blocked hexes and road/rail network are built once per position and
//!   side, outside the timed loop; timed: the dijkstras and the verdicts.
//! - `petgraph_per_unit_goal`: the same, with the network as the dijkstra's
//!   goal, so each search stops at the unit's nearest road/rail hex.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use hexwar_benches::supply::{Search, SupplyCase, ours};
use hexwar_benches::{MAP_SEED, new_game, supply_scenario};
use hexwar_engine::{Scenario, Side, builtin, supply};

fn judge(c: &mut Criterion) {
    let mut inputs: Vec<(String, Arc<Scenario>)> = builtin::names()
        .map(|name| {
            let scen = builtin::load(name)
                .unwrap_or_else(|| panic!("built-in scenario {name} does not load"));
            (name.to_string(), scen)
        })
        .collect();
    inputs.push(("map10k".to_string(), Arc::new(supply_scenario(MAP_SEED))));
    for (name, scen) in &inputs {
        let scen: &Scenario = scen;
        let state = new_game(scen);
        let mut group = c.benchmark_group(format!("supply/{name}"));
        if scen.grid().len() > 1000 {
            // An iteration takes milliseconds (the per-unit peer without a
            // goal, about 100): a few flat samples.
            group.sampling_mode(SamplingMode::Flat).sample_size(10);
        }
        for side in Side::BOTH {
            let mut case = SupplyCase::new(scen, &state, side);
            let verdicts = case.check();
            let id = &scen.side(side).id;
            eprintln!(
                "supply/{name}/{id}: {} units, {} supplied (all three contenders agree)",
                verdicts.len(),
                verdicts.iter().filter(|v| v.1).count()
            );
            let SupplyCase { ms, ss, peer, .. } = &mut case;
            let mut out = Vec::new();
            group.bench_function(format!("{id}/ours"), |b| {
                b.iter(|| {
                    ours(scen, &state, side, ms, ss, &mut out);
                    black_box(out.len())
                })
            });
            group.bench_function(format!("{id}/petgraph_side"), |b| {
                b.iter(|| black_box(supply::petgraph_side(scen, &state, side)))
            });
            for (search, what) in [
                (Search::Full, "petgraph_per_unit"),
                (Search::Goal, "petgraph_per_unit_goal"),
            ] {
                group.bench_function(format!("{id}/{what}"), |b| {
                    b.iter(|| {
                        peer.judge(search, &mut out);
                        black_box(out.len())
                    })
                });
            }
        }
        group.finish();
    }
}

criterion_group!(benches, judge);
criterion_main!(benches);
