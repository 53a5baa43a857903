//! The binary supply judgement written over petgraph, kept to race the
//! dense-array search in the `supply` bench.

use super::binary::network;
use super::with_supply_scratch;
use crate::hex::Dir;
use crate::rules::movement::step_cost;
use crate::rules::sources::blocked;
use crate::scenario::{Scenario, Side};
use crate::state::{GameState, UnitId};

/// The same whole-side judgement over petgraph: a graph of the map built per
/// class, filtered by the position, searched by `petgraph::algo::dijkstra`
/// from a virtual source joined to the network. Kept to race the dense-array
/// search in the `supply` bench; the engine uses [`judge_side`](super::judge_side).
pub fn petgraph_side(scen: &Scenario, state: &GameState, side: Side) -> Vec<(UnitId, bool)> {
    use petgraph::graph::{DiGraph, NodeIndex};
    let grid = scen.grid();
    let n = grid.len();
    let mut out = Vec::new();
    with_supply_scratch(|ms, ss| {
        ms.prepare(scen, state);
        ss.fit(n);
        ss.nets[side.index()].key = None; // Computed afresh, as `judge_binary` does.
        for class in 0..scen.classes().len() as u8 {
            // The class's road/rail leg (MAL-SUP-5; kept while its route group's).
            network(scen, state, side, class, ms, ss);
            let units: Vec<UnitId> = state
                .units_of(scen, side)
                .filter(|u| scen.unit_type(*u).class == class)
                .collect();
            if units.is_empty() {
                continue;
            }
            // Edges point from the network outward: y -> x costs entering y from x.
            let mut g: DiGraph<(), u32> = DiGraph::with_capacity(n + 1, n * 6 + n);
            for _ in 0..=n {
                g.add_node(());
            }
            let root = NodeIndex::new(n);
            for y in grid.hexes() {
                if ss.nets[side.index()].has(y) {
                    g.add_edge(root, NodeIndex::new(y.index()), 0);
                }
                for d in Dir::ALL {
                    let x = grid.neighbour(y, d);
                    if !x.is_some() || blocked(scen, ms, x, side) {
                        continue;
                    }
                    if let Some((c, _)) = step_cost(scen, x, d.opposite(), y, class, false, false) {
                        g.add_edge(
                            NodeIndex::new(y.index()),
                            NodeIndex::new(x.index()),
                            c.0 as u32,
                        );
                    }
                }
            }
            let dist = petgraph::algo::dijkstra(&g, root, None, |e| *e.weight());
            for u in units {
                let d = dist.get(&NodeIndex::new(state.unit(u).hex.index()));
                out.push((
                    u,
                    d.is_some_and(|d| *d <= scen.unit_type(u).movement.0 as u32),
                ));
            }
        }
    });
    out.sort();
    out
}
