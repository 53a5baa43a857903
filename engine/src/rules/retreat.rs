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
    // "Toward a Friendly Supply Source": an end hex's cost to the nearest
    // of the side's sources now, worked out for each end hex once, when a
    // path first ends there (`u32::MAX`: none reachable).
    let cands = scen.source_candidates(side);
    let open = sources::open_ports(scen, state, side);
    let mut memo = [(HexId::NONE, 0u32); 32];
    let mut memo_len = 0;
    let mut toward = |end: HexId| -> u32 {
        if let Some(&(_, k)) = memo[..memo_len].iter().find(|(h, _)| *h == end) {
            return k;
        }
        let k = cands
            .iter()
            .filter(|c| sources::is_source(state, side, c.hex, c.kind, open))
            .map(|c| scen.source_field(c, class)[end.index()])
            .min()
            .unwrap_or(u32::MAX);
        if memo_len < memo.len() {
            memo[memo_len] = (end, k);
            memo_len += 1;
        }
        k
    };
    // The combat hex's own cost to a source: an end below it is toward one.
    let here = toward(from);
    let limit = scen.stacking();
    let stack1 = limit == 1;
    let n = hexes.clamp(1, 2) as usize;
    // The key of the best path so far (not toward a source, cost, field at
    // the end, ZOC hexes), and the path.
    type Key = (bool, u32, u32, u8);
    let mut best: Option<(Key, RetreatPath)> = None;
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
        let c = entry_cost(scen, a, d, b, class)?;
        Some((c.0 as u32, zoc::in_enemy_zoc(scen, &ms.zoc, b, side)))
    };
    let mut consider = |path: [HexId; 3], len: usize, cost: u32, mask: u8| {
        let zocs = mask.count_ones() as u8;
        let end = path[len - 1];
        let field = toward(end);
        let key: Key = (field >= here, cost, field, zocs);
        let better = match &best {
            None => true,
            Some((k, p)) => key < *k || (key == *k && path[..len] < p.hexes[..p.len as usize]),
        };
        if better {
            best = Some((
                key,
                RetreatPath {
                    hexes: path,
                    len: len as u8,
                    zoc: zocs,
                    zoc_mask: mask,
                },
            ));
        }
    };
    let fits = |h: HexId| (ms.count(h, side) as usize) < limit as usize;
    for d1 in Dir::ALL {
        let h1 = grid.neighbour(from, d1);
        let Some((c1, z1)) = enter(from, d1, h1, 1) else {
            continue;
        };
        if n == 1 && fits(h1) {
            consider([h1, HexId::NONE, HexId::NONE], 1, c1, z1 as u8);
            continue;
        }
        for d2 in Dir::ALL {
            let h2 = grid.neighbour(h1, d2);
            let Some((c2, z2)) = enter(h1, d2, h2, 2) else {
                continue;
            };
            if n == 2 && fits(h2) {
                consider(
                    [h1, h2, HexId::NONE],
                    2,
                    c1 + c2,
                    z1 as u8 | (z2 as u8) << 1,
                );
                continue;
            }
            if n == 1 {
                // Overstacked after one hex: the second is the extra one.
                if fits(h2) {
                    consider(
                        [h1, h2, HexId::NONE],
                        2,
                        c1 + c2,
                        z1 as u8 | (z2 as u8) << 1,
                    );
                }
                continue;
            }
            for d3 in Dir::ALL {
                let h3 = grid.neighbour(h2, d3);
                let Some((c3, z3)) = enter(h2, d3, h3, 3) else {
                    continue;
                };
                if fits(h3) {
                    consider(
                        [h1, h2, h3],
                        3,
                        c1 + c2 + c3,
                        z1 as u8 | (z2 as u8) << 1 | (z3 as u8) << 2,
                    );
                }
            }
        }
    }
    best.map(|(_, p)| p)
}
