//! A bucket-queue Dijkstra over hexes on reusable buffers ([`Search`]),
//! with generation stamps instead of clearing, which can stop at a goal and
//! be run on later from where it stopped ([`Search::resume_to`]); and
//! searches kept for one position under a key ([`Kept`]). Both supply
//! models search with it (MAL-SUP-2, GS-3, GS-8).

use crate::hex::{Grid, HexId};

/// No hex, in a `u16` hex array.
const NONE16: u16 = u16::MAX;

/// A bucket-queue Dijkstra over hexes, on reusable buffers.
#[derive(Clone, Debug, Default)]
pub(crate) struct Search {
    pub(crate) dist: Vec<u16>,
    pub(crate) next: Vec<u16>,
    pub(crate) stamp: Vec<u32>,
    pub(crate) generation: u32,
    pub(crate) buckets: Vec<Vec<u16>>,
    /// Hexes settled, cheapest first.
    pub(crate) settled: Vec<u16>,
    pub(crate) goal: Vec<u32>,
    pub(crate) goals_left: u32,
    pub(crate) budget: u16,
    /// The next bucket a resumed run ([`Search::resume_to`]) processes.
    cursor: u32,
    /// The highest bucket anything was put in since [`Search::start`].
    hi: u32,
    /// The buckets may hold entries of a run left unfinished.
    open: bool,
}

impl Search {
    pub(crate) fn fit(&mut self, n: usize) {
        if self.dist.len() != n {
            self.dist = vec![0; n];
            self.next = vec![NONE16; n];
            self.stamp = vec![0; n];
            self.goal = vec![0; n];
            self.generation = 1;
        }
    }

    /// A new search up to `budget` (in [`crate::scenario::Mp`] ticks).
    pub(crate) fn start(&mut self, budget: u16) {
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

    pub(crate) fn seed(&mut self, h: HexId) {
        if self.dist(h) != 0 {
            self.stamp[h.index()] = self.generation;
            self.dist[h.index()] = 0;
            self.next[h.index()] = NONE16;
            self.buckets[0].push(h.0);
        }
    }

    /// The search may stop once every goal is settled.
    pub(crate) fn goal(&mut self, h: HexId) {
        if self.goal[h.index()] != self.generation {
            self.goal[h.index()] = self.generation;
            self.goals_left += 1;
        }
    }

    #[inline]
    pub(crate) fn dist(&self, h: HexId) -> u16 {
        if self.stamp[h.index()] == self.generation {
            self.dist[h.index()]
        } else {
            u16::MAX
        }
    }

    #[inline]
    pub(crate) fn reached(&self, h: HexId) -> bool {
        self.dist(h) <= self.budget
    }

    /// Runs the search: `cost(y, d, x)` is what stepping between settled `y`
    /// and its neighbour `x` across direction `d` adds, `None` if barred.
    /// Stops once every goal is settled, if any were set.
    pub(crate) fn run(
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
    pub(crate) fn run_until(
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
    pub(crate) fn resume_to(
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
    pub(crate) fn path(&self, h: HexId) -> Vec<HexId> {
        let mut out = vec![h];
        let mut h = h;
        while self.next[h.index()] != NONE16 {
            h = HexId(self.next[h.index()]);
            out.push(h);
        }
        out
    }
}

/// Searches kept for one position, each found by a key the caller gives
/// (what it searches from, by whose costs): each is run on only as far as
/// the caller asking needs ([`Search::resume_to`]), and the next caller in
/// the same position goes on from there. [`Kept::clear`] drops them for a
/// new position; their buffers stay for reuse.
#[derive(Clone, Debug, Default)]
pub(crate) struct Kept {
    pool: Vec<(u32, Search)>,
    open: usize,
}

impl Kept {
    /// Forgets the searches (a new position).
    pub(crate) fn clear(&mut self) {
        self.open = 0;
    }

    /// The search kept under `key`, and whether it is new: to be started
    /// and seeded before it runs.
    pub(crate) fn get(&mut self, key: u32, n: usize) -> (&mut Search, bool) {
        if let Some(i) = self.pool[..self.open].iter().position(|e| e.0 == key) {
            return (&mut self.pool[i].1, false);
        }
        if self.open == self.pool.len() {
            self.pool.push((key, Search::default()));
        }
        let e = &mut self.pool[self.open];
        self.open += 1;
        e.0 = key;
        e.1.fit(n);
        (&mut e.1, true)
    }
}
