//! The map as dense step-cost tables, one per movement class, built once
//! per scenario (keyed on [`Scenario::id`], never an address), and the
//! distance fields searched on them: Dijkstra run backwards from the
//! targets, so one search gives the distance from every hex to the nearest
//! target (each hex may start at a cost of its own, and a path leaving a
//! blocked hex costs [`BLOCK`] more).
//!
//! The fields are searched every player-turn, several per movement class,
//! so the search runs over flat arrays (neighbour and step-cost tables, a
//! bucket queue: costs are small integers) with buffers kept per thread:
//! no allocation once warm. Costs of [`BLOCK`] and more all read as
//! [`BLOCK`], "cannot get there": every use of a field compares it with
//! thresholds far below that. (petgraph's `dijkstra`, used here before, keeps
//! its distances in a hash map and allocates per search; it was about half
//! of the heuristic's time on malaya.)

use std::cell::RefCell;
use std::sync::{Arc, Mutex};

use hexwar_engine::{Dir, HexId, Scenario, UnitKind, combat, retreat};

use super::{BLOCK, FAR};

/// The map's step costs per movement class, and the neighbour table.
pub(super) struct MapGraphs {
    /// The scenario's identity ([`Scenario::id`]): the tables are rebuilt
    /// for another.
    pub(super) scen_id: u64,
    /// Hexes on the map.
    pub(super) n: usize,
    /// Movement classes.
    pub(super) classes: usize,
    /// Per class, the first class with the same steps everywhere (itself
    /// if none): its fields are the same, so they are searched once.
    pub(super) twin: Vec<usize>,
    /// Per class, per hex * 6 + direction: cost to step that way (FAR: no).
    pub(super) step: Vec<Vec<u32>>,
    /// Per hex * 6 + direction: the neighbour's index (`u32::MAX`: off the map).
    pub(super) nbr: Vec<u32>,
    /// Per class, the dearest step (the bucket queue's width) and the cheapest.
    max_step: Vec<u32>,
    min_step: Vec<u32>,
    /// Per class, per hex `b`: the neighbours that may step into `b` and
    /// what the step costs ([`NO_STEP`]: none), the search's inner loop
    /// in one row.
    into: Vec<Vec<[(u16, u16); 6]>>,
    /// Per hex: an objective stands there.
    pub(super) objective: Vec<bool>,
    /// Per hex * 6 + direction, for units other than armor and for armor:
    /// [`combat::crossing`] of that hexside (the threat asks it of every
    /// hexside next to every hex an enemy unit could reach).
    cross: [Vec<Option<f64>>; 2],
}

impl MapGraphs {
    /// The index of `h`'s neighbour in direction `k`.
    #[inline]
    pub(super) fn neighbour(&self, h: HexId, k: usize) -> usize {
        // Step costs are FAR off the map, so this is only read on the map.
        self.nbr[h.index() * 6 + k] as usize
    }

    /// [`combat::crossing`] of the hexside `k` of `h` for a unit of `kind`.
    #[inline]
    pub(super) fn crossing(&self, h: HexId, k: usize, kind: UnitKind) -> Option<f64> {
        self.cross[usize::from(kind == UnitKind::Armor)][h.index() * 6 + k]
    }

    /// The cheapest step `class` may take (0 where none costs anything).
    pub(super) fn min_step(&self, class: usize) -> u32 {
        self.min_step[class]
    }

    /// The dearest step `class` may take.
    pub(super) fn max_step(&self, class: usize) -> u32 {
        self.max_step[class]
    }

    /// Cost for `class` from every hex to the nearest `target` hex, paths
    /// leaving `blocked` hexes costing [`BLOCK`] more.
    pub(super) fn field(
        &self,
        class: usize,
        target: &[bool],
        blocked: &[bool],
        out: &mut Vec<u32>,
    ) {
        self.search(
            class,
            |t| if target[t] { 0 } else { FAR },
            blocked,
            out,
            BLOCK,
        )
    }

    /// [`MapGraphs::field`] searched only as far as `cap`: every hex
    /// further reads as [`BLOCK`] (for a field only ever compared with
    /// thresholds up to `cap`).
    pub(super) fn field_within(
        &self,
        class: usize,
        target: &[bool],
        blocked: &[bool],
        out: &mut Vec<u32>,
        cap: u32,
    ) {
        self.search(
            class,
            |t| if target[t] { 0 } else { FAR },
            blocked,
            out,
            cap,
        )
    }

    /// [`MapGraphs::field`] with a starting cost per hex (`FAR`: not a target).
    pub(super) fn field_from(
        &self,
        class: usize,
        root: &[u32],
        blocked: &[bool],
        out: &mut Vec<u32>,
    ) {
        self.search(class, |t| root[t].min(BLOCK), blocked, out, BLOCK)
    }

    /// Dijkstra backwards from the hexes whose `start` is below FAR, with
    /// a bucket queue (Dial): costs are small integers. Any cost of
    /// [`BLOCK`] or more reads as [`BLOCK`] ("not there"), so a path that
    /// leaves a blocked hex, which costs at least that much, is never
    /// followed: a blocked hex is a start or not there.
    fn search(
        &self,
        class: usize,
        start: impl Fn(usize) -> u32,
        blocked: &[bool],
        out: &mut Vec<u32>,
        cap: u32,
    ) {
        let n = self.n;
        out.clear();
        out.resize(n, BLOCK);
        let into = &self.into[class];
        BUCKETS.with_borrow_mut(|(q, starts)| {
            let mut width = self.max_step[class] as usize + 1;
            let mut pending = 0usize;
            let mut lo = u32::MAX;
            // The starts, in hex order, listed as they are found: queued
            // from the list, not from a second pass over the map.
            starts.clear();
            for (h, d) in out.iter_mut().enumerate() {
                let s = start(h);
                if s < BLOCK {
                    *d = s;
                    width = width.max(s as usize + 1);
                    lo = lo.min(s);
                    starts.push(h as u32);
                }
            }
            let width = width.next_power_of_two();
            q.resize_with(width.max(q.len()), Vec::new);
            let mask = width - 1;
            for &h in starts.iter() {
                q[out[h as usize] as usize & mask].push(h);
                pending += 1;
            }
            let mut cost = lo;
            while pending > 0 {
                if cost > cap {
                    // What is left is further than asked: not there.
                    for b in q.iter_mut().take(width) {
                        b.clear();
                    }
                    for d in out.iter_mut() {
                        if *d > cap {
                            *d = BLOCK;
                        }
                    }
                    break;
                }
                let slot = cost as usize & mask;
                while let Some(b) = q[slot].pop() {
                    pending -= 1;
                    let b = b as usize;
                    if out[b] != cost {
                        continue; // Reached more cheaply since it was queued.
                    }
                    // Every neighbour `a` that may step into `b`.
                    for &(a, s) in &into[b] {
                        let a = a as usize;
                        if s == NO_STEP || blocked[a] {
                            continue;
                        }
                        let nd = cost + s as u32;
                        if nd < out[a] {
                            out[a] = nd;
                            q[nd as usize & mask].push(a as u32);
                            pending += 1;
                        }
                    }
                }
                cost += 1;
            }
        });
    }
}

/// No step (in [`MapGraphs`]'s rows).
const NO_STEP: u16 = u16::MAX;

thread_local! {
    /// The search's buckets and its list of starts, reused.
    static BUCKETS: RefCell<(Vec<Vec<u32>>, Vec<u32>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

/// Scenarios whose tables are kept (the most recently asked for).
const SHARED: usize = 4;

/// The tables built last, newest last: one scenario's tables serve every
/// player of every game of a batch (each game makes its players afresh;
/// building them cost a heuristic game on malaya about 2.5% of its time).
static GRAPHS: Mutex<Vec<Arc<MapGraphs>>> = Mutex::new(Vec::new());

/// The step-cost tables of `scen`, built once per scenario (its
/// [`Scenario::id`]) and shared by every player that asks.
pub(super) fn shared_graphs(scen: &Scenario) -> Arc<MapGraphs> {
    let id = scen.id();
    let mut kept = GRAPHS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(g) = kept.iter().find(|g| g.scen_id == id) {
        return Arc::clone(g);
    }
    let g = Arc::new(build_graphs(scen, id));
    if kept.len() >= SHARED {
        kept.remove(0);
    }
    kept.push(Arc::clone(&g));
    g
}

/// The step-cost tables of `scen`, whose identity is `scen_id`.
pub(super) fn build_graphs(scen: &Scenario, scen_id: u64) -> MapGraphs {
    let grid = scen.grid();
    let n = grid.len();
    let mut step = Vec::new();
    let mut max_step = Vec::new();
    let mut into = Vec::new();
    let mut min_step = Vec::new();
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
        let mut st = vec![FAR; n * 6];
        for a in grid.hexes() {
            for (k, d) in Dir::ALL.into_iter().enumerate() {
                let b = grid.neighbour(a, d);
                if !b.is_some() {
                    continue;
                }
                if let Some(c) = retreat::entry_cost(scen, a, d, b, class) {
                    st[a.index() * 6 + k] = c.0 as u32;
                }
            }
        }
        max_step.push(st.iter().filter(|&&c| c != FAR).max().copied().unwrap_or(0));
        let mut rows = vec![[(0u16, NO_STEP); 6]; n];
        for (b, row) in rows.iter_mut().enumerate() {
            for (k, slot) in row.iter_mut().enumerate() {
                let a = nbr[b * 6 + k] as usize;
                if a < n {
                    let c = st[a * 6 + (k + 3) % 6];
                    if c != FAR {
                        *slot = (a as u16, c.min(NO_STEP as u32 - 1) as u16);
                    }
                }
            }
        }
        into.push(rows);
        min_step.push(st.iter().filter(|&&c| c != FAR).min().copied().unwrap_or(0));
        step.push(st);
    }
    let twin = (0..step.len())
        .map(|c| (0..c).find(|&t| step[t] == step[c]).unwrap_or(c))
        .collect();
    MapGraphs {
        scen_id,
        n,
        classes: scen.classes().len(),
        twin,
        step,
        nbr,
        max_step,
        min_step,
        into,
        objective: grid
            .hexes()
            .map(|h| scen.objectives().iter().any(|o| o.hex == h))
            .collect(),
        cross: [UnitKind::Infantry, UnitKind::Armor].map(|kind| {
            grid.hexes()
                .flat_map(|h| Dir::ALL.map(|d| combat::crossing(scen, h, d, kind)))
                .collect()
        }),
    }
}

#[cfg(test)]
mod tests {
    use petgraph::algo::dijkstra;
    use petgraph::graph::{DiGraph, NodeIndex};
    use petgraph::visit::EdgeRef;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::AiRng;

    /// A class's twin has the same steps everywhere, and classes whose
    /// steps differ are not twins: Eastfront's cavalry is its foot's twin.
    #[test]
    fn twins_are_the_classes_with_the_same_steps() {
        for name in hexwar_engine::builtin::names() {
            let scen = hexwar_engine::builtin::load(name).unwrap();
            let g = build_graphs(&scen, scen.id());
            for c in 0..g.classes {
                let t = g.twin[c];
                assert!(t <= c && g.step[t] == g.step[c], "{name}: {c} -> {t}");
                assert!((0..t).all(|s| g.step[s] != g.step[c]), "{name}: {c}");
            }
            let cavalry = scen.classes().iter().position(|c| c == "cavalry");
            if name == "eastfront" {
                assert_eq!(g.twin[cavalry.unwrap()], 0);
            }
        }
    }

    /// The fields equal petgraph's Dijkstra over the reversed map graph
    /// with a virtual root (the way they were computed before), on every
    /// built-in scenario, for random targets, starting costs and blocks.
    #[test]
    fn fields_equal_petgraph_dijkstra_from_a_virtual_root() {
        let mut rng = AiRng::seed_from_u64(3);
        for name in hexwar_engine::builtin::names() {
            let scen = hexwar_engine::builtin::load(name).unwrap();
            let g = build_graphs(&scen, scen.id());
            let n = g.n;
            for class in 0..g.classes {
                let mut pg: DiGraph<(), u32> = DiGraph::new();
                for _ in 0..=n {
                    pg.add_node(());
                }
                for a in 0..n {
                    for k in 0..6 {
                        let s = g.step[class][a * 6 + k];
                        if s != FAR {
                            let b = g.nbr[a * 6 + k] as usize;
                            pg.add_edge(NodeIndex::new(b), NodeIndex::new(a), s);
                        }
                    }
                }
                let root = NodeIndex::new(n);
                for h in 0..n {
                    pg.add_edge(root, NodeIndex::new(h), 0);
                }
                for _ in 0..5 {
                    let starts: Vec<u32> = (0..n)
                        .map(|_| {
                            if rng.random_bool(0.05) {
                                rng.random_range(0..30)
                            } else {
                                FAR
                            }
                        })
                        .collect();
                    let blocked: Vec<bool> = (0..n).map(|_| rng.random_bool(0.1)).collect();
                    let mut ours = Vec::new();
                    g.field_from(class, &starts, &blocked, &mut ours);
                    let dist = dijkstra(&pg, root, None, |e| {
                        let t = e.target().index();
                        if e.source() == root {
                            starts[t].min(BLOCK)
                        } else if blocked[t] {
                            *e.weight() + BLOCK
                        } else {
                            *e.weight()
                        }
                    });
                    for h in 0..n {
                        let want = dist[&NodeIndex::new(h)].min(BLOCK);
                        assert_eq!(ours[h], want, "{name} class {class} hex {h}");
                    }
                }
            }
        }
    }
}
