//! The graded model's search buffers, reused from judgement to judgement:
//! a per-hex set cleared by a generation stamp ([`Marks`]), one element of
//! a supply line searched breadth-first ([`Element`]) and a bucket-queue
//! Dijkstra over hexes ([`Search`]).

use crate::hex::{Dir, Grid, HexId};
use crate::scenario::Scenario;

/// No hex, in a `u16` hex array.
pub(super) const NONE16: u16 = u16::MAX;

/// A per-hex set cleared in O(1) by a generation stamp.
#[derive(Clone, Debug, Default)]
pub(super) struct Marks {
    pub(super) stamp: Vec<u32>,
    pub(super) generation: u32,
}

impl Marks {
    pub(super) fn fit(&mut self, n: usize) {
        if self.stamp.len() != n {
            self.stamp = vec![0; n];
            self.generation = 1;
        }
    }

    pub(super) fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    /// Adds `h`; false if it was there already.
    #[inline]
    pub(super) fn insert(&mut self, h: HexId) -> bool {
        let s = &mut self.stamp[h.index()];
        let fresh = *s != self.generation;
        *s = self.generation;
        fresh
    }

    #[inline]
    pub(super) fn has(&self, h: HexId) -> bool {
        self.stamp[h.index()] == self.generation
    }
}

/// One element of a supply line (GS-6): hexes reached, their length in
/// hexes and the hex each was reached from, breadth-first.
#[derive(Clone, Debug, Default)]
pub(super) struct Element {
    pub(super) seen: Marks,
    pub(super) len: Vec<u16>,
    pub(super) prev: Vec<u16>,
    /// Hexes reached, in order.
    pub(super) order: Vec<u16>,
}

impl Element {
    pub(super) fn fit(&mut self, n: usize) {
        if self.len.len() != n {
            self.seen.fit(n);
            self.len = vec![0; n];
            self.prev = vec![NONE16; n];
        }
    }

    pub(super) fn start(&mut self) {
        self.seen.clear();
        self.order.clear();
    }

    /// Reaches `h` at `len` hexes from `prev`, unless it was reached already.
    #[inline]
    pub(super) fn reach(&mut self, h: HexId, len: u16, prev: u16) {
        if self.seen.insert(h) {
            self.len[h.index()] = len;
            self.prev[h.index()] = prev;
            self.order.push(h.0);
        }
    }

    /// Breadth-first along hexsides with `bit`, up to `limit` hexes from the
    /// seeds already in `order`, through hexes `open` allows.
    pub(super) fn spread(
        &mut self,
        grid: &Grid,
        scen: &Scenario,
        bit: u16,
        limit: u16,
        open: impl Fn(HexId) -> bool,
    ) {
        let mut i = 0;
        while i < self.order.len() {
            let h = HexId(self.order[i]);
            i += 1;
            let d = self.len[h.index()];
            if d >= limit {
                continue;
            }
            for dir in Dir::ALL {
                if scen.hexside(h, dir) & bit == 0 {
                    continue;
                }
                let n = grid.neighbour(h, dir);
                if !self.seen.has(n) && open(n) {
                    self.reach(n, d + 1, h.0);
                }
            }
        }
    }
}

/// A bucket-queue Dijkstra over hexes, on reusable buffers.
#[derive(Clone, Debug, Default)]
pub(super) struct Search {
    pub(super) dist: Vec<u16>,
    pub(super) next: Vec<u16>,
    pub(super) stamp: Vec<u32>,
    pub(super) generation: u32,
    pub(super) buckets: Vec<Vec<u16>>,
    /// Hexes settled, cheapest first.
    pub(super) settled: Vec<u16>,
    pub(super) goal: Vec<u32>,
    pub(super) goals_left: u32,
    pub(super) budget: u16,
    /// The next bucket a resumed run ([`Search::resume_to`]) processes.
    cursor: u32,
    /// The highest bucket anything was put in since [`Search::start`].
    hi: u32,
    /// The buckets may hold entries of a run left unfinished.
    open: bool,
}

impl Search {
    pub(super) fn fit(&mut self, n: usize) {
        if self.dist.len() != n {
            self.dist = vec![0; n];
            self.next = vec![NONE16; n];
            self.stamp = vec![0; n];
            self.goal = vec![0; n];
            self.generation = 1;
        }
    }

    /// A new search up to `budget` (in [`Mp`] ticks).
    pub(super) fn start(&mut self, budget: u16) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.goal.fill(0);
            self.generation = 1;
        }
        self.settled.clear();
        self.goals_left = 0;
        if self.open && self.cursor <= self.hi {
            for b in &mut self.buckets[self.cursor as usize..=self.hi as usize] {
                b.clear();
            }
        }
        self.open = false;
        self.cursor = 0;
        self.hi = 0;
        self.budget = budget;
        if self.buckets.len() <= budget as usize {
            self.buckets.resize_with(budget as usize + 1, Vec::new);
        }
    }

    pub(super) fn seed(&mut self, h: HexId) {
        if self.dist(h) != 0 {
            self.stamp[h.index()] = self.generation;
            self.dist[h.index()] = 0;
            self.next[h.index()] = NONE16;
            self.buckets[0].push(h.0);
        }
    }

    /// The search may stop once every goal is settled.
    pub(super) fn goal(&mut self, h: HexId) {
        if self.goal[h.index()] != self.generation {
            self.goal[h.index()] = self.generation;
            self.goals_left += 1;
        }
    }

    #[inline]
    pub(super) fn dist(&self, h: HexId) -> u16 {
        if self.stamp[h.index()] == self.generation {
            self.dist[h.index()]
        } else {
            u16::MAX
        }
    }

    #[inline]
    pub(super) fn reached(&self, h: HexId) -> bool {
        self.dist(h) <= self.budget
    }

    /// Runs the search: `cost(y, d, x)` is what stepping between settled `y`
    /// and its neighbour `x` across direction `d` adds, `None` if barred.
    /// Stops once every goal is settled, if any were set.
    pub(super) fn run(
        &mut self,
        grid: &Grid,
        cost: impl FnMut(HexId, usize, HexId) -> Option<u16>,
    ) {
        let use_goals = self.goals_left > 0;
        self.run_until(grid, cost, |s, y| {
            if use_goals && s.goal[y.index()] == s.generation {
                s.goals_left -= 1;
                s.goals_left == 0
            } else {
                false
            }
        });
    }

    /// Runs the search as [`Search::run`] does, and stops at the first
    /// settled hex `stop` accepts: that hex, or `None` if the budget ran out.
    /// Every hex settled by then has the cost and path a whole search gives
    /// it (the same steps in the same order, cut short).
    pub(super) fn run_until(
        &mut self,
        grid: &Grid,
        mut cost: impl FnMut(HexId, usize, HexId) -> Option<u16>,
        mut stop: impl FnMut(&mut Search, HexId) -> bool,
    ) -> Option<HexId> {
        let budget = self.budget;
        for c in 0..=budget {
            if c as u32 > self.hi {
                break; // Every bucket left is empty.
            }
            while let Some(y) = self.buckets[c as usize].pop() {
                let y = HexId(y);
                if self.dist(y) != c {
                    continue;
                }
                self.settled.push(y.0);
                if stop(self, y) {
                    for b in &mut self.buckets[c as usize..=self.hi as usize] {
                        b.clear();
                    }
                    return Some(y);
                }
                self.relax(grid, &mut cost, y, c);
            }
        }
        None
    }

    /// Runs the search on from where the last call left it, until `h`'s
    /// cost and path are final (every cheaper bucket processed: nothing can
    /// improve them) or the budget is spent. It stops only between buckets,
    /// so the calls together take the steps of one whole run, in its order:
    /// every answer read is the whole run's. A resumed search is left open
    /// until the next [`Search::start`].
    pub(super) fn resume_to(
        &mut self,
        grid: &Grid,
        mut cost: impl FnMut(HexId, usize, HexId) -> Option<u16>,
        h: HexId,
    ) {
        self.open = true;
        while self.cursor <= self.budget as u32 && self.dist(h) as u32 > self.cursor {
            if self.cursor > self.hi {
                self.cursor = self.budget as u32 + 1; // Every bucket left is empty.
                break;
            }
            let c = self.cursor as u16;
            while let Some(y) = self.buckets[c as usize].pop() {
                let y = HexId(y);
                if self.dist(y) != c {
                    continue;
                }
                self.settled.push(y.0);
                self.relax(grid, &mut cost, y, c);
            }
            self.cursor += 1;
        }
    }

    /// Relaxes the neighbours of `y`, settled at cost `c`.
    #[inline]
    fn relax(
        &mut self,
        grid: &Grid,
        cost: &mut impl FnMut(HexId, usize, HexId) -> Option<u16>,
        y: HexId,
        c: u16,
    ) {
        for (d, &x) in grid.neighbours(y).iter().enumerate() {
            if !x.is_some() {
                continue;
            }
            let Some(step) = cost(y, d, x) else { continue };
            let total = c as u32 + step as u32;
            if total <= self.budget as u32 && (total as u16) < self.dist(x) {
                self.stamp[x.index()] = self.generation;
                self.dist[x.index()] = total as u16;
                self.next[x.index()] = y.0;
                self.buckets[total as usize].push(x.0);
                self.hi = self.hi.max(total);
            }
        }
    }

    /// The hexes from `h` back to a seed, `h` first.
    pub(super) fn path(&self, h: HexId) -> Vec<HexId> {
        let mut out = vec![h];
        let mut h = h;
        while self.next[h.index()] != NONE16 {
            h = HexId(self.next[h.index()]);
            out.push(h);
        }
        out
    }
}
