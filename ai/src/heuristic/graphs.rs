//! The map as petgraph graphs, one per movement class, built once per
//! scenario (keyed on [`Scenario::id`], never an address), and the distance
//! fields searched on them: petgraph's Dijkstra from a virtual root joined
//! to every hex, its edge to a hex costing that hex's start (0 for a
//! target), so one search gives the distance from every hex to the nearest
//! target.

use petgraph::algo::dijkstra;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;

use hexwar_engine::{Dir, HexId, Scenario, retreat};

use super::{BLOCK, FAR};

/// The map as petgraph graphs, one per movement class, edges reversed (from
/// the hex entered back to the hex left), with a root node joined to every
/// hex; and the forward step costs.
pub(super) struct MapGraphs {
    /// The scenario's identity ([`Scenario::id`]): the graphs are rebuilt
    /// for another.
    pub(super) scen_id: u64,
    /// Hexes on the map (the root is node `n`).
    pub(super) n: usize,
    /// Per movement class.
    pub(super) graphs: Vec<DiGraph<(), u32>>,
    /// Per class, per hex * 6 + direction: cost to step that way (FAR: no).
    pub(super) step: Vec<Vec<u32>>,
    /// Per hex * 6 + direction: the neighbour's index (`u32::MAX`: off the map).
    pub(super) nbr: Vec<u32>,
}

impl MapGraphs {
    /// The index of `h`'s neighbour in direction `k`.
    #[inline]
    pub(super) fn neighbour(&self, h: HexId, k: usize) -> usize {
        // Step costs are FAR off the map, so this is only read on the map.
        self.nbr[h.index() * 6 + k] as usize
    }
}

/// The graphs and step costs of `scen`, whose identity is `scen_id`.
pub(super) fn build_graphs(scen: &Scenario, scen_id: u64) -> MapGraphs {
    let grid = scen.grid();
    let n = grid.len();
    let mut graphs = Vec::new();
    let mut step = Vec::new();
    let mut nbr = vec![u32::MAX; n * 6];
    for a in grid.hexes() {
        for (k, d) in Dir::ALL.into_iter().enumerate() {
            let b = grid.neighbour(a, d);
            if b.is_some() {
                nbr[a.index() * 6 + k] = b.index() as u32;
            }
        }
    }
    for class in 0..scen.classes().len() as u8 {
        let mut g: DiGraph<(), u32> = DiGraph::with_capacity(n + 1, 7 * n);
        for _ in 0..=n {
            g.add_node(());
        }
        let mut st = vec![FAR; n * 6];
        for a in grid.hexes() {
            for (k, d) in Dir::ALL.into_iter().enumerate() {
                let b = grid.neighbour(a, d);
                if !b.is_some() {
                    continue;
                }
                if let Some(c) = retreat::entry_cost(scen, a, d, b, class).map(|m| m.0 as u32) {
                    st[a.index() * 6 + k] = c;
                    g.add_edge(NodeIndex::new(b.index()), NodeIndex::new(a.index()), c);
                }
            }
        }
        let root = NodeIndex::new(n);
        for h in 0..n {
            g.add_edge(root, NodeIndex::new(h), 0);
        }
        graphs.push(g);
        step.push(st);
    }
    MapGraphs {
        scen_id,
        n,
        graphs,
        step,
        nbr,
    }
}

/// Cost from every hex to the nearest `target` hex, paths not passing
/// through `blocked` hexes (a path through one costs [`BLOCK`] more).
pub(super) fn field(
    g: &DiGraph<(), u32>,
    n: usize,
    target: &[bool],
    blocked: &[bool],
    out: &mut Vec<u32>,
) {
    search(g, n, |t| if target[t] { 0 } else { BLOCK }, blocked, out)
}

/// [`field`] with a starting cost per hex (`FAR`: not a target).
pub(super) fn field_from(
    g: &DiGraph<(), u32>,
    n: usize,
    root: &[u32],
    blocked: &[bool],
    out: &mut Vec<u32>,
) {
    search(g, n, |t| root[t].min(BLOCK), blocked, out)
}

/// petgraph's Dijkstra from the virtual root (node `n`), whose edge to each
/// hex costs `start(hex)`.
fn search(
    g: &DiGraph<(), u32>,
    n: usize,
    start: impl Fn(usize) -> u32,
    blocked: &[bool],
    out: &mut Vec<u32>,
) {
    let root = NodeIndex::new(n);
    let dist = dijkstra(g, root, None, |e| {
        let t = e.target().index();
        if e.source() == root {
            start(t)
        } else if blocked[t] {
            *e.weight() + BLOCK
        } else {
            *e.weight()
        }
    });
    out.clear();
    out.resize(n, FAR);
    for (node, d) in dist {
        if node.index() < n {
            out[node.index()] = d;
        }
    }
}
