//! Retreats after combat (MAL-CBT-7, MAL-CBT-8, MP-ZOC-5).
//!
//! A retreat is short (two hexes, a third when the end hex would be
//! overstacked), so the candidate paths are enumerated outright and each
//! rule is a filter on them; the choice among the survivors reads fields of
//! movement costs to each hex that may be a supply source, computed once per
//! scenario with petgraph (`scenario::costs::build_source_fields`), of which
//! only the side's sources now count.
//!
//! Interpretations (MAL-CBT-7 leaves room):
//! - "Away from the combat hex": the n-th hex of the path lies n hexes from it.
//! - "Toward a Friendly Supply Source (if possible)" is a direction: a path
//!   goes toward one when its end hex is cheaper to reach one of the side's
//!   supply sources now from than the combat hex is (MAL-SUP-7,
//!   `sources::is_source`: listed sources the enemy does not control, ports
//!   the side controls on a coast open to it; by the unit's normal movement
//!   costs, enemy units ignored). A path that does wins over one that does
//!   not; then "the retreat must be made through hexes that ... would cost
//!   the least": the cheapest hexes to enter win, for "a unit can only
//!   retreat away from a Friendly Supply Source or enter hexes that are not
//!   the least costly in order to avoid violating retreat priorities" (a
//!   dearer path toward supply beats a cheaper one away from it, never a
//!   cheaper one toward it; corrected on the sixth reading, 2026-11-28:
//!   the path ending nearest a source won, however dear). Then the end
//!   nearer a source; then the path entering fewer enemy ZOC hexes; then
//!   the lowest hex ids, so the choice is deterministic.
//! - "If such would be the case [the end overstacked], then the unit would
//!   continue retreating one more hex": a path is chosen on the hexes the
//!   result asks for, and one that ends overstacked runs on into the best
//!   hex (by the same keys) that ends it within the limit; with none, "that
//!   retreat path is not available" and the next path is taken. The extra
//!   hex's cost does not count against the path (corrected on the seventh
//!   reading, 2026-11-29: a stretched path competed on all three hexes'
//!   cost, so a dearer two-hex path that fitted could win over the cheapest).
//! - Stacking one (MP-MOV-3) forbids entering any occupied hex, on the way
//!   or at the end.

use crate::hex::{Dir, HexId};
use crate::rules::movement::{self, Scratch};
use crate::rules::{sources, zoc};
use crate::scenario::Scenario;
pub use crate::scenario::costs::entry_cost;
use crate::state::{GameState, UnitId};

/// A retreat path: the hexes entered, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RetreatPath {
    /// The hexes entered (the first `len`).
    pub hexes: [HexId; 3],
    /// How many hexes.
    pub len: u8,
    /// Enemy ZOC hexes entered: each costs a step (MAL-CBT-8).
    pub zoc: u8,
    /// Which of them: bit `k` set when `hexes[k]` is in enemy ZOC.
    pub zoc_mask: u8,
}

impl RetreatPath {
    /// The hexes entered.
    pub fn hexes(&self) -> &[HexId] {
        &self.hexes[..self.len as usize]
    }

    /// Where it ends.
    pub fn end(&self) -> HexId {
        self.hexes[self.len as usize - 1]
    }

    /// Whether the `k`-th hex entered (from 0) is in enemy ZOC.
    pub fn zoc_at(&self, k: usize) -> bool {
        self.zoc_mask & (1 << k) != 0
    }

    /// Whether `other` enters the same first `k + 1` hexes: the two units
    /// are one body up to and including the `k`-th hex (MAL-CBT-8).
    pub fn shares(&self, other: &RetreatPath, k: usize) -> bool {
        k < self.len as usize && k < other.len as usize && self.hexes[..=k] == other.hexes[..=k]
    }
}

/// MAL-CBT-7: the retreat `unit` must take from `from`, `hexes` hexes long
/// (one more when the end hex would be overstacked), or `None` when no
/// retreat can be made (MAL-CBT-8). `ms` must be prepared for `state`.
pub fn plan(
    scen: &Scenario,
    state: &GameState,
    ms: &Scratch,
    unit: UnitId,
    from: HexId,
    hexes: u8,
) -> Option<RetreatPath> {
    // "A retreating unit cannot enter a hex that it could not move to
    // normally": a unit that cannot move has no retreat (MAL-CBT-8).
    if !movement::can_ever_move(scen, unit) {
        return None;
    }
    let grid = scen.grid();
    let side = scen.unit(unit).side;
    let class = scen.unit_type(unit).class;
    // "Toward a Friendly Supply Source": whether an end hex is cheaper to
    // reach one of the side's sources now from than the combat hex is (any
    // of them: "a" source), and its cost to the nearest, worked out for each
    // end hex once, when a path first ends there (`u32::MAX`: none
    // reachable).
    let cands = scen.source_candidates(side);
    let open = sources::open_ports(scen, state, side);
    let mut memo = [(HexId::NONE, false, 0u32); 32];
    let mut memo_len = 0;
    let mut toward = |end: HexId| -> (bool, u32) {
        if let Some(&(_, t, k)) = memo[..memo_len].iter().find(|(h, _, _)| *h == end) {
            return (t, k);
        }
        let (mut t, mut k) = (false, u32::MAX);
        for c in cands
            .iter()
            .filter(|c| sources::is_source(state, side, c.hex, c.kind, open))
        {
            let f = scen.source_field(c, class);
            t |= f[end.index()] < f[from.index()];
            k = k.min(f[end.index()]);
        }
        if memo_len < memo.len() {
            memo[memo_len] = (end, t, k);
            memo_len += 1;
        }
        (t, k)
    };
    let limit = scen.stacking();
    let stack1 = limit == 1;
    let n = hexes.clamp(1, 2) as usize;
    // May `unit` enter `b` from `a`? Its cost and whether it is enemy ZOC.
    let enter = |a: HexId, d: Dir, b: HexId, depth: usize| -> Option<(u32, bool)> {
        if !b.is_some() || grid.distance(from, b) as usize != depth {
            return None;
        }
        if ms.count(b, side.other()) > 0 || (stack1 && ms.count(b, side) > 0) {
            return None;
        }
        // MP-ZOC-5: a retreat may not enter a fort the enemy controls.
        if scen.is_fort(b) && state.control(b) == Some(side.other()) {
            return None;
        }
        let c = movement::normal_step(scen, unit, a, d, b)?;
        Some((c.0 as u32, zoc::in_enemy_zoc(scen, &ms.zoc, b, side)))
    };
    let fits = |h: HexId| (ms.count(h, side) as usize) < limit as usize;
    // A path's key (not toward a source, cost, field at the end, ZOC hexes)
    // for the `n` hexes the result asks for; then its extra hex's key
    // (stretched at all, then the same four for that hex), a path that
    // needs none first.
    type Key = (bool, u32, u32, u8);
    type Extra = (bool, Key);
    let mut best: Option<((Key, Extra), RetreatPath)> = None;
    let mut key_of = |end: HexId, cost: u32, mask: u8| -> Key {
        let (t, field) = toward(end);
        (!t, cost, field, mask.count_ones() as u8)
    };
    // Every way of retreating `n` hexes, each step `(hex, cost, zoc)`.
    // (At most six first hexes and six second: no allocation.)
    let mut prefixes = [([HexId::NONE; 3], 0u32, 0u8); 36];
    let mut count = 0;
    for d1 in Dir::ALL {
        let h1 = grid.neighbour(from, d1);
        let Some((c1, z1)) = enter(from, d1, h1, 1) else {
            continue;
        };
        if n == 1 {
            prefixes[count] = ([h1, HexId::NONE, HexId::NONE], c1, z1 as u8);
            count += 1;
            continue;
        }
        for d2 in Dir::ALL {
            let h2 = grid.neighbour(h1, d2);
            if let Some((c2, z2)) = enter(h1, d2, h2, 2) {
                prefixes[count] = ([h1, h2, HexId::NONE], c1 + c2, z1 as u8 | (z2 as u8) << 1);
                count += 1;
            }
        }
    }
    for &(mut path, cost, mask) in &prefixes[..count] {
        let end = path[n - 1];
        let key = key_of(end, cost, mask);
        let (extra, len, mask) = if fits(end) {
            ((false, (false, 0, 0, 0)), n, mask)
        } else {
            // "If such would be the case, then the unit would continue
            // retreating one more hex": the path is chosen on its first
            // hexes, and stretched by the best hex that ends it within the
            // stacking limit; with none, "that retreat path is not available".
            let mut ext: Option<(Key, HexId, bool)> = None;
            for d in Dir::ALL {
                let h = grid.neighbour(end, d);
                let Some((c, z)) = enter(end, d, h, n + 1) else {
                    continue;
                };
                if !fits(h) {
                    continue;
                }
                let k = key_of(h, c, z as u8);
                if ext.is_none_or(|(bk, bh, _)| (k, h) < (bk, bh)) {
                    ext = Some((k, h, z));
                }
            }
            let Some((k, h, z)) = ext else {
                continue;
            };
            path[n] = h;
            ((true, k), n + 1, mask | (z as u8) << n)
        };
        let full = (key, extra);
        let better = match &best {
            None => true,
            Some((k, p)) => full < *k || (full == *k && path[..len] < p.hexes[..p.len as usize]),
        };
        if better {
            best = Some((
                full,
                RetreatPath {
                    hexes: path,
                    len: len as u8,
                    zoc: mask.count_ones() as u8,
                    zoc_mask: mask,
                },
            ));
        }
    }
    best.map(|(_, p)| p)
}
