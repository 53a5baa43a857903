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
//!    per movement class, to show the path: kept for the position and run
//!    on only as far as each trace needs).
//!
//! Hexes a supply line may not pass (MAL-SUP-3) are read from the flags the
//! movement [`Scratch`] keeps per hex.
//!
//! The graded model (GS-1..8) lives in [`crate::rules::graded`]; it shares
//! these buffers, and both models take the sources, the blocking rule and
//! the [`SupplyTrace`] from [`crate::rules::sources`], the module below
//! both. [`trace`] (in `explain`) explains both.
//!
//! # For callers
//!
//! - [`status`]: one unit's state now (and the U-level a judgement would
//!   give it), allocating nothing; [`isolated`]: its line of communication
//!   (GS-8).
//! - [`judge_side`]: every unit of a side at once, into a reused
//!   [`SideSupply`]. The Supply Phase judges with the same code.
//! - [`trace`]: one unit explained, with its path, for people and for the
//!   AI's look at enemy supply lines.
//!
//! # What is cached, and when it is dropped
//!
//! Everything lives in one thread-local [`SupplyScratch`] (beside the
//! movement `Scratch`, whose hex flags it reads). Per side it keeps what a
//! unit's answer shares with its side's judgement: the binary model's
//! road/rail network (step 1) and its searches back from the network per
//! class (the paths traces show), the graded model's supply lines, HQs in
//! general supply and hexes in general supply, and the searches its traces
//! read their paths from, each left where the last trace stopped it
//! ([`crate::rules::graded`]). Each is kept under its position's key (the
//! scenario's id and the state's stamp, which every change to a position
//! renews), reused by every later call for that side and position, and
//! dropped by the first call for that side in another position. The last
//! [`judge_side`] answer is kept the same way, so a [`status`] in a side
//! just judged is a look-up. A position being changed (stamp 0: the Supply
//! Phase inside `apply`) is never kept. Once the buffers are warm nothing
//! is allocated but what a [`trace`] returns.
//!
//! Both searches run on dense arrays in the reusable [`SupplyScratch`]. The
//! same judgement written over petgraph is [`petgraph_side`] (in `race`);
//! the bench `supply` races them, and the per-unit `petgraph::algo::dijkstra`.

use std::cell::RefCell;

use crate::hex::HexId;
use crate::rules::dijkstra::Kept;
use crate::rules::graded::GradedScratch;
use crate::rules::movement::{Scratch, with_scratch};
use crate::rules::sources::PositionKey;

mod binary;
mod explain;
mod race;
mod side;

pub use crate::rules::graded::Judge;
pub use crate::rules::sources::{SupplyTrace, sources, special_sources};
pub use binary::judge_binary;
pub use explain::{trace, trace_whole};
pub use race::petgraph_side;
pub(crate) use side::judge_side_in;
pub use side::{SideSupply, UnitSupply, isolated, judge_side, status, supply_lines};

/// Reusable buffers for supply searches, and what is kept per side and
/// position (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct SupplyScratch {
    /// Per side: the road/rail leg, kept for one position.
    nets: [Network; 2],
    /// Per side: the overland searches back from the network that traces
    /// read their paths from, one per movement class, kept with `nets`.
    paths: [Kept; 2],
    dist: Vec<u16>,
    stamp: Vec<u32>,
    next: Vec<u16>,
    generation: u32,
    buckets: Vec<Vec<u16>>,
    /// Per unit, the last binary verdict: 1 supplied, 0 not, 2 not judged.
    pub(crate) verdict: Vec<u8>,
    /// The graded model's buffers (GS-1..8).
    pub graded: GradedScratch,
    /// The last side judged by [`judge_side_in`].
    pub(crate) out: SideSupply,
    /// The position `out` holds, if it may be reused.
    out_key: Option<PositionKey>,
}

pub(super) const NONE16: u16 = u16::MAX;

impl SupplyScratch {
    fn fit(&mut self, n: usize) {
        if self.dist.len() != n {
            self.dist = vec![0; n];
            self.stamp = vec![0; n];
            self.next = vec![NONE16; n];
            self.generation = 1;
        }
        for net in &mut self.nets {
            net.fit(n);
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
    fn dist(&self, h: HexId) -> u16 {
        if self.stamp[h.index()] == self.generation {
            self.dist[h.index()]
        } else {
            u16::MAX
        }
    }
}

/// One side's road/rail leg (MAL-SUP-2..4): the road/rail hexes that lead
/// to a usable source, each with the hex it was reached from. Kept for the
/// position in `key` and recomputed for any other.
#[derive(Clone, Debug, Default)]
pub(super) struct Network {
    pub(super) key: Option<PositionKey>,
    /// The route group it was traced for ([`Scenario::route_group`]).
    pub(super) group: u8,
    pub(super) stamp: Vec<u32>,
    pub(super) generation: u32,
    pub(super) prev: Vec<u16>,
    /// Hexes on the network, in the order reached.
    pub(super) list: Vec<u16>,
}

impl Network {
    pub(super) fn fit(&mut self, n: usize) {
        if self.stamp.len() != n {
            *self = Network {
                stamp: vec![0; n],
                prev: vec![NONE16; n],
                ..Network::default()
            };
        }
    }

    /// Forgets the hexes.
    pub(super) fn bump(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    #[inline]
    pub(super) fn has(&self, h: HexId) -> bool {
        self.stamp[h.index()] == self.generation
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
