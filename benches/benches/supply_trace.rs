//! One unit's supply trace (issue 13, speed), in each built-in scenario's
//! opening position and a middle-game position (`hexwar_benches::trace`),
//! per side. `trace`, `trace_whole` and `status` are checked equal for
//! every unit on the map before anything is timed. One iteration traces
//! every unit of the side on the map, once each (criterion's throughput is
//! in traces); per trace:
//!
//! - `whole`: `supply::trace_whole`, the trace as it was made before: the
//!   side's whole judgement (graded), or the search from the whole road/rail
//!   network (binary), for the one unit.
//! - `cached`: `supply::trace` in one position: what the side shares comes
//!   from the per-position cache; each trace costs the unit's own searches.
//! - `fresh`: `supply::trace`, the position switching between two a move
//!   apart before every trace, so the side's share is recomputed each time
//!   (a what-if position: one trace, then the next).
//! - `status_fresh`: `supply::status` (the verdict alone, as the AI's
//!   what-if tests ask), switching positions the same way.
//!
//! `cargo bench -p hexwar-benches --bench supply_trace -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hexwar_benches::trace::{TraceCase, When};
use hexwar_engine::{Side, builtin, supply};

fn traces(c: &mut Criterion) {
    for name in builtin::names() {
        let scen = builtin::load(name).expect("built-in scenario");
        for (when, label) in [(When::Opening, "opening"), (When::Midgame, "midgame")] {
            let case = TraceCase::new(&scen, when);
            let supplied = case.check();
            let mut group = c.benchmark_group(format!("supply_trace/{name}/{label}"));
            for side in Side::BOTH {
                let units = &case.units[side.index()];
                let id = &scen.side(side).id;
                eprintln!(
                    "supply_trace/{name}/{label}/{id}: {} units, {} supplied (trace = trace_whole = status)",
                    units.len(),
                    supplied[side.index()]
                );
                group.throughput(Throughput::Elements(units.len() as u64));
                let (scen, a, b) = (&*scen, &case.a, &case.b);
                group.bench_function(format!("{id}/whole"), |bn| {
                    bn.iter(|| {
                        for &u in units {
                            black_box(supply::trace_whole(scen, a, u));
                        }
                    })
                });
                group.bench_function(format!("{id}/cached"), |bn| {
                    bn.iter(|| {
                        for &u in units {
                            black_box(supply::trace(scen, a, u));
                        }
                    })
                });
                let mut flip = false;
                group.bench_function(format!("{id}/fresh"), |bn| {
                    bn.iter(|| {
                        for &u in units {
                            flip = !flip;
                            black_box(supply::trace(scen, if flip { a } else { b }, u));
                        }
                    })
                });
                group.bench_function(format!("{id}/status_fresh"), |bn| {
                    bn.iter(|| {
                        for &u in units {
                            flip = !flip;
                            black_box(supply::status(scen, if flip { a } else { b }, u));
                        }
                    })
                });
            }
            group.finish();
        }
    }
}

criterion_group!(benches, traces);
criterion_main!(benches);
