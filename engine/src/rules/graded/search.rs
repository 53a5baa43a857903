//! The graded model's search buffers, reused from judgement to judgement:
//! a per-hex set cleared by a generation stamp ([`Marks`]) and one element
//! of a supply line searched breadth-first ([`Element`]). Its Dijkstra is
//! [`crate::rules::dijkstra::Search`], shared with the binary model.

use crate::hex::{Dir, Grid, HexId};
use crate::scenario::{Scenario, SideBits};

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
    /// seeds already in `order`, through hexes `open` allows (a seed it does
    /// not allow is kept but not left: a GS-10 broken rail hex).
    pub(super) fn spread(
        &mut self,
        grid: &Grid,
        scen: &Scenario,
        bit: SideBits,
        limit: u16,
        open: impl Fn(HexId) -> bool,
    ) {
        let mut i = 0;
        while i < self.order.len() {
            let h = HexId(self.order[i]);
            i += 1;
            let d = self.len[h.index()];
            if d >= limit || !open(h) {
                continue;
            }
            for dir in Dir::ALL {
                if !scen.route_connects(h, dir, bit, None) {
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
