//! Supply (MAL-SUP-1..8): whether each unit can trace a line of supply.
//!
//! A whole side is judged at once:
//!
//! 1. the **road/rail leg** (MAL-SUP-2..4): one breadth-first search from
//!    the side's sources along connected road and rail hexsides marks every
//!    road/rail hex that leads to a source without passing an enemy unit,
//!    uncovered enemy ZOC or an enemy-controlled hex;
//! 2. the **overland leg** (MAL-SUP-2, 3, 5): a unit on one of those hexes
//!    is supplied; from any other, a Dijkstra (bucket queue) by its class's
//!    normal movement costs, bounded by its movement allowance, stops at
//!    the first of those hexes it settles: supplied if it finds one. Units
//!    are mostly near roads, so these small searches cost less than one
//!    search backwards from the whole network (which [`trace`] still runs,
//!    to explain a verdict).
//!
//! Hexes a supply line may not pass (MAL-SUP-3) are read from the flags the
//! movement [`Scratch`] keeps per hex.
//!
//! The graded model (GS-1..8) lives in [`crate::rules::graded`]; it shares
//! these buffers, and both models take the sources, the blocking rule and
//! the [`SupplyTrace`] from [`crate::rules::sources`], the module below
//! both. [`trace`] (in `explain`) explains both.
//!
//! Both searches run on dense arrays in a reusable [`SupplyScratch`]. The
//! same judgement written over petgraph is [`petgraph_side`] (in `race`);
//! the bench `supply` races them, and the per-unit `petgraph::algo::dijkstra`.

use std::cell::RefCell;

use crate::hex::HexId;
use crate::rules::graded::GradedScratch;
use crate::rules::movement::{SUPPLY_BLOCKED, Scratch, with_scratch};
use crate::rules::sources::blocked;
use crate::scenario::{Mp, Scenario, Side, side_bits};
use crate::state::{GameState, UnitId};

mod explain;
mod race;

pub use crate::rules::sources::{SupplyTrace, sources, special_sources};
pub use explain::trace;
pub use race::petgraph_side;

/// Reusable buffers for supply searches.
#[derive(Clone, Debug, Default)]
pub struct SupplyScratch {
    net_stamp: Vec<u32>,
    net_generation: u32,
    net_prev: Vec<u16>,
    network: Vec<u16>,
    dist: Vec<u16>,
    stamp: Vec<u32>,
    next: Vec<u16>,
    generation: u32,
    buckets: Vec<Vec<u16>>,
    /// Per unit, the last [`judge_side`] verdict: 1 supplied, 0 not, 2 not judged.
    pub(crate) verdict: Vec<u8>,
    /// The graded model's buffers (GS-1..8).
    pub graded: GradedScratch,
}

pub(super) const NONE16: u16 = u16::MAX;

impl SupplyScratch {
    fn fit(&mut self, n: usize) {
        if self.net_stamp.len() != n {
            *self = SupplyScratch {
                net_stamp: vec![0; n],
                net_prev: vec![NONE16; n],
                dist: vec![0; n],
                stamp: vec![0; n],
                next: vec![NONE16; n],
                ..SupplyScratch::default()
            };
        }
    }

    /// Forgets the network.
    fn bump_net(&mut self) {
        self.net_generation = self.net_generation.wrapping_add(1);
        if self.net_generation == 0 {
            self.net_stamp.fill(0);
            self.net_generation = 1;
        }
    }

    /// Forgets the distances.
    fn bump(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    #[inline]
    fn on_network(&self, h: HexId) -> bool {
        self.net_stamp[h.index()] == self.net_generation
    }

    #[inline]
    fn dist(&self, h: HexId) -> u16 {
        if self.stamp[h.index()] == self.generation {
            self.dist[h.index()]
        } else {
            u16::MAX
        }
    }
}

thread_local! {
    static SUPPLY: RefCell<SupplyScratch> = RefCell::new(Default::default());
}

/// Runs `f` with this thread's movement and supply buffers. The movement
/// buffers are the ones movement searches use, so a Supply Phase finds them
/// prepared for the position the last move left, and updates them cheaply.
pub(crate) fn with_supply_scratch<T>(f: impl FnOnce(&mut Scratch, &mut SupplyScratch) -> T) -> T {
    with_scratch(|ms| {
        SUPPLY.with(|s| match s.try_borrow_mut() {
            Ok(mut ss) => f(ms, &mut ss),
            Err(_) => f(ms, &mut SupplyScratch::default()),
        })
    })
}

/// The road/rail leg: marks every road/rail hex connected to a usable source.
fn network(scen: &Scenario, state: &GameState, side: Side, ms: &Scratch, ss: &mut SupplyScratch) {
    ss.bump_net();
    let generation = ss.net_generation;
    ss.network.clear();
    sources(scen, state, side, |h| {
        if !blocked(scen, ms, h, side) && ss.net_stamp[h.index()] != generation {
            ss.net_stamp[h.index()] = generation;
            ss.net_prev[h.index()] = NONE16;
            ss.network.push(h.0);
        }
    });
    let grid = scen.grid();
    let mut i = 0;
    while i < ss.network.len() {
        let h = HexId(ss.network[i]);
        i += 1;
        // The directions a road or rail line leaves by, as bits (no branch
        // per hexside), then only those.
        let sides = &scen.sides_bits[h.index() * 6..][..6];
        let mut m = 0u8;
        for (d, &bits) in sides.iter().enumerate() {
            m |= ((bits & (side_bits::ROAD | side_bits::RAIL) != 0) as u8) << d;
        }
        let ns = grid.neighbours(h);
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let n = ns[d];
            if ss.net_stamp[n.index()] == generation
                || blocked(scen, ms, n, side)
                || state.control(n) == Some(side.other())
            {
                continue;
            }
            ss.net_stamp[n.index()] = generation;
            ss.net_prev[n.index()] = h.0;
            ss.network.push(n.0);
        }
    }
}

/// The direction back, by direction index.
const OPPOSITE: [usize; 6] = [3, 4, 5, 0, 1, 2];

/// The overland leg for one movement class: cost from every hex to the
/// network, up to `budget`, searched backwards from the network.
fn overland(
    scen: &Scenario,
    side: Side,
    class: u8,
    budget: u16,
    ms: &Scratch,
    ss: &mut SupplyScratch,
) {
    let generation = ss.generation;
    let budget = budget.min(Mp::NO.0 - 1);
    if ss.buckets.len() <= budget as usize {
        ss.buckets.resize_with(budget as usize + 1, Vec::new);
    }
    for i in 0..ss.network.len() {
        let h = ss.network[i] as usize;
        ss.stamp[h] = generation;
        ss.dist[h] = 0;
        ss.next[h] = NONE16;
        ss.buckets[0].push(h as u16);
    }
    let n = scen.grid().len();
    let edges = &scen.edges[class as usize * n..][..n];
    let info = ms.side_info(side);
    let SupplyScratch {
        dist,
        stamp,
        next,
        buckets,
        ..
    } = ss;
    let (dist, stamp, next) = (&mut dist[..n], &mut stamp[..n], &mut next[..n]);
    let buckets = &mut buckets[..=budget as usize];
    for cost in 0..=budget {
        while let Some(y) = buckets[cost as usize].pop() {
            let yi = y as usize;
            if dist[yi] != cost || stamp[yi] != generation {
                continue;
            }
            for (d, e) in edges[yi].iter().enumerate() {
                if e.to == u16::MAX {
                    continue;
                }
                let x = e.to as usize;
                // The trace steps x -> y: entering y from x by normal costs,
                // a route's rate where it follows one (MAL-SUP-2, MAL-SUP-5).
                let total = cost as u32 + edges[x][OPPOSITE[d]].plain as u32;
                if total > budget as u32 {
                    continue; // Also where it may not: Mp::NO.
                }
                // MAL-SUP-3 (as `blocked`; fort hexes carry no ZOC bits in a prepared map).
                if info[x] & SUPPLY_BLOCKED != 0 {
                    continue;
                }
                if stamp[x] != generation || (total as u16) < dist[x] {
                    stamp[x] = generation;
                    dist[x] = total as u16;
                    next[x] = y;
                    buckets[total as usize].push(x as u16);
                }
            }
        }
    }
}

/// The overland leg from one hex: whether a unit of `class` at `from` can
/// reach the road/rail network (marked by [`network`]) within `budget`.
/// Searches forwards from `from`, by the costs [`overland`] uses
/// backwards, and stops at the first network hex it settles.
fn overland_from(
    scen: &Scenario,
    side: Side,
    class: u8,
    from: HexId,
    budget: u16,
    ms: &Scratch,
    ss: &mut SupplyScratch,
) -> bool {
    let n = scen.grid().len();
    let edges = &scen.edges[class as usize * n..][..n];
    let budget = budget.min(Mp::NO.0 - 1);
    // Most units stand next to a road or rail hex of the network: one step
    // within the allowance settles it without a search. (Network hexes are
    // never blocked.)
    if edges[from.index()]
        .iter()
        .any(|e| e.plain <= budget && ss.net_stamp[e.to as usize] == ss.net_generation)
    {
        return true;
    }
    ss.bump();
    let generation = ss.generation;
    if ss.buckets.len() <= budget as usize {
        ss.buckets.resize_with(budget as usize + 1, Vec::new);
    }
    let info = ms.side_info(side);
    let net_generation = ss.net_generation;
    let SupplyScratch {
        dist,
        stamp,
        net_stamp,
        buckets,
        ..
    } = ss;
    let (dist, stamp, net_stamp) = (&mut dist[..n], &mut stamp[..n], &net_stamp[..n]);
    let buckets = &mut buckets[..=budget as usize];
    stamp[from.index()] = generation;
    dist[from.index()] = 0;
    buckets[0].push(from.0);
    for cost in 0..=budget {
        while let Some(y) = buckets[cost as usize].pop() {
            let yi = y as usize;
            if dist[yi] != cost || stamp[yi] != generation {
                continue;
            }
            if net_stamp[yi] == net_generation {
                for b in &mut buckets[cost as usize..] {
                    b.clear();
                }
                return true;
            }
            for e in &edges[yi] {
                // Entering x from y (MAL-SUP-2, MAL-SUP-5); Mp::NO off the map.
                let total = cost as u32 + e.plain as u32;
                if total > budget as u32 {
                    continue;
                }
                let x = e.to as usize;
                if info[x] & SUPPLY_BLOCKED != 0 {
                    continue; // MAL-SUP-3
                }
                if stamp[x] != generation || (total as u16) < dist[x] {
                    stamp[x] = generation;
                    dist[x] = total as u16;
                    buckets[total as usize].push(x as u16);
                }
            }
        }
    }
    false
}

/// Judges every unit of `side` on the map: `out(unit, supplied)`.
/// `ms` must be prepared for `state`.
pub fn judge_side(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    ms: &Scratch,
    ss: &mut SupplyScratch,
    mut out: impl FnMut(UnitId, bool),
) {
    judge_side_into(scen, state, side, ms, ss);
    for (i, v) in ss.verdict.iter().enumerate() {
        if *v != 2 {
            out(UnitId(i as u16), *v == 1);
        }
    }
}

/// [`judge_side`], leaving the verdicts in `ss.verdict`.
pub(crate) fn judge_side_into(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    ms: &Scratch,
    ss: &mut SupplyScratch,
) {
    ss.fit(scen.grid().len());
    ss.verdict.clear();
    ss.verdict.resize(state.units().len(), 2);
    network(scen, state, side, ms, ss);
    // A search from each unit off the road/rail leg, which stops at the
    // first road/rail hex it reaches: in the bench and built-in positions
    // this explores far less than one search from the whole network.
    let setups = scen.units();
    for (i, (u, setup)) in state.units().iter().zip(setups).enumerate() {
        if !u.on_map() || setup.side != side {
            continue;
        }
        let ty = &scen.unit_types()[setup.unit_type as usize];
        ss.verdict[i] = (ss.on_network(u.hex)
            || overland_from(scen, side, ty.class, u.hex, ty.movement.0, ms, ss))
            as u8;
    }
}
