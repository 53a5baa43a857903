//! The binary model's searches (MAL-SUP-2..5): the road/rail leg from a
//! side's sources ([`network`], kept per side and position) and the
//! overland leg, forwards from one unit ([`overland_from`]: the judgement)
//! or backwards from the whole network ([`overland`]: the path a trace
//! shows, and the diagnosis).

use super::{NONE16, SupplyScratch};
use crate::hex::{Dir, HexId};
use crate::rules::movement::{SUPPLY_BLOCKED, Scratch};
use crate::rules::sources::{PositionKey, blocked, sources};
use crate::scenario::{Mp, Scenario, Side, SideBits};
use crate::state::{GameState, UnitId};

/// The road/rail leg of a unit of `class`: marks every road/rail hex
/// connected to a usable source in `ss.nets[side]`, across the hexsides
/// the class may cross (MAL-SUP-5: the line is traced by the unit), unless
/// it already holds this position for the class's route group.
pub(super) fn network(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    class: u8,
    ms: &Scratch,
    ss: &mut SupplyScratch,
) {
    let key = PositionKey::of(scen, state);
    let group = scen.route_group(class);
    let net = &mut ss.nets[side.index()];
    net.fit(scen.grid().len());
    if PositionKey::hit(net.key, key) && net.group == group {
        return;
    }
    ss.paths[side.index()].clear();
    let net = &mut ss.nets[side.index()];
    net.key = key;
    net.group = group;
    net.bump();
    let generation = net.generation;
    net.list.clear();
    sources(scen, state, side, |h| {
        if !blocked(scen, ms, h, side) && net.stamp[h.index()] != generation {
            net.stamp[h.index()] = generation;
            net.prev[h.index()] = NONE16;
            net.list.push(h.0);
        }
    });
    let grid = scen.grid();
    let mut i = 0;
    while i < net.list.len() {
        let h = HexId(net.list[i]);
        i += 1;
        // The directions a road or rail line leaves by, as bits, then only
        // those: a connected one (MAL-SUP-5: not over water with no bridge),
        // crossed as the unit traces, from the neighbour toward the source
        // (a slope the unit could not climb carries no line up it).
        let sides = &scen.sides_bits[h.index() * 6..][..6];
        let ns = grid.neighbours(h);
        let (mut m, mut road) = (0u8, 0u8);
        for (d, &bits) in sides.iter().enumerate() {
            if bits.intersects(SideBits::ROAD | SideBits::RAIL) && ns[d].is_some() {
                let link = SideBits::ROAD | SideBits::RAIL;
                let back = Dir::ALL[d].opposite();
                let c = scen.route_connects(ns[d], back, link, Some(group)) as u8;
                m |= c << d;
                road |= (c & bits.contains(SideBits::ROAD) as u8) << d;
            }
        }
        // GS-10: a rail-only hexside into or out of a broken hex is no link.
        let mut rail_only = m & !road;
        if state.rail_broken(h) {
            m &= road;
            rail_only = 0;
        }
        while rail_only != 0 {
            let d = rail_only.trailing_zeros() as usize;
            rail_only &= rail_only - 1;
            if state.rail_broken(ns[d]) {
                m &= !(1 << d);
            }
        }
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let n = ns[d];
            if net.stamp[n.index()] == generation
                || blocked(scen, ms, n, side)
                || state.control(n) == Some(side.other())
            {
                continue;
            }
            net.stamp[n.index()] = generation;
            net.prev[n.index()] = h.0;
            net.list.push(n.0);
        }
    }
}

/// The direction back, by direction index.
const OPPOSITE: [usize; 6] = [3, 4, 5, 0, 1, 2];

/// The overland leg for one movement class: cost from every hex to the
/// side's network, up to `budget`, searched backwards from the network
/// (into `ss.dist`/`ss.next` after a fresh [`SupplyScratch::bump`]).
pub(super) fn overland(
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
    let n = scen.grid().len();
    let edges = &scen.edges[class as usize * n..][..n];
    let info = ms.side_info(side);
    let SupplyScratch {
        nets,
        dist,
        stamp,
        next,
        buckets,
        ..
    } = ss;
    for &h in &nets[side.index()].list {
        let h = h as usize;
        stamp[h] = generation;
        dist[h] = 0;
        next[h] = NONE16;
        buckets[0].push(h as u16);
    }
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

/// The overland path a trace shows for a supplied unit of `class` at `from`
/// off the network: `from` to the network hex it reaches, as [`overland`]
/// finds it, from the side's search for the class kept for the position
/// (up to the class's largest allowance, which gives every unit within its
/// own allowance the same path), run on as far as `from`.
pub(super) fn overland_path(
    scen: &Scenario,
    side: Side,
    class: u8,
    from: HexId,
    ms: &Scratch,
    ss: &mut SupplyScratch,
) -> Vec<HexId> {
    let n = scen.grid().len();
    let edges = &scen.edges[class as usize * n..][..n];
    let info = ms.side_info(side);
    let budget = scen
        .unit_types()
        .iter()
        .filter(|t| t.class == class)
        .map(|t| t.movement.0)
        .max()
        .unwrap_or(0)
        .min(Mp::NO.0 - 1);
    let (search, fresh) = ss.paths[side.index()].get(class as u32, n);
    if fresh {
        search.start(budget);
        for &h in &ss.nets[side.index()].list {
            search.seed(HexId(h));
        }
    }
    // The trace steps x -> y, as in `overland`.
    let step = |_y: HexId, d: usize, x: HexId| {
        (info[x.index()] & SUPPLY_BLOCKED == 0).then(|| edges[x.index()][OPPOSITE[d]].plain)
    };
    search.resume_to(scen.grid(), step, from);
    search.path(from)
}

/// The overland leg from one hex: whether a unit of `class` at `from` can
/// reach the side's road/rail network (marked by [`network`]) within
/// `budget`. Searches forwards from `from`, by the costs [`overland`] uses
/// backwards, and stops at the first network hex it settles.
pub(super) fn overland_from(
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
    let net = &ss.nets[side.index()];
    if net.has(from) {
        return true;
    }
    // Most units stand next to a road or rail hex of the network: one step
    // within the allowance settles it without a search. (Network hexes are
    // never blocked.)
    if edges[from.index()]
        .iter()
        .any(|e| e.plain <= budget && net.has(HexId(e.to)))
    {
        return true;
    }
    ss.bump();
    let generation = ss.generation;
    if ss.buckets.len() <= budget as usize {
        ss.buckets.resize_with(budget as usize + 1, Vec::new);
    }
    let info = ms.side_info(side);
    let SupplyScratch {
        nets,
        dist,
        stamp,
        buckets,
        ..
    } = ss;
    let net = &nets[side.index()];
    let (dist, stamp) = (&mut dist[..n], &mut stamp[..n]);
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
            if net.has(HexId(y)) {
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

/// The binary model's whole-side judgement in the caller's buffers, with
/// the road/rail leg computed afresh: `out(unit, supplied)` for every unit
/// of `side` on the map. `ms` must be prepared for `state`. (The bench
/// `supply` times it; callers want [`judge_side`](super::judge_side).)
pub fn judge_binary(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    ms: &Scratch,
    ss: &mut SupplyScratch,
    mut out: impl FnMut(UnitId, bool),
) {
    ss.fit(scen.grid().len());
    ss.nets[side.index()].key = None;
    judge_binary_into(scen, state, side, ms, ss);
    for (i, v) in ss.verdict.iter().enumerate() {
        if *v != 2 {
            out(UnitId(i as u16), *v == 1);
        }
    }
}

/// MAL-SUP-1..5: every unit of `side` on the map judged, into `ss.verdict`.
pub(super) fn judge_binary_into(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    ms: &Scratch,
    ss: &mut SupplyScratch,
) {
    ss.fit(scen.grid().len());
    ss.verdict.clear();
    ss.verdict.resize(state.units().len(), 2);
    // A search from each unit off the road/rail leg, which stops at the
    // first road/rail hex it reaches: in the bench and built-in positions
    // this explores far less than one search from the whole network. The
    // units by route group, each group's leg found once.
    let setups = scen.units();
    let types = scen.unit_types();
    let mut groups = 0u32;
    for (u, setup) in state.units().iter().zip(setups) {
        if u.on_map() && setup.side == side {
            let class = types[setup.unit_type as usize].class;
            groups |= 1 << scen.route_group(class).min(31);
        }
    }
    while groups != 0 {
        let group = groups.trailing_zeros() as u8;
        groups &= groups - 1;
        network(scen, state, side, group, ms, ss);
        for (i, (u, setup)) in state.units().iter().zip(setups).enumerate() {
            let ty = &types[setup.unit_type as usize];
            if !u.on_map() || setup.side != side || scen.route_group(ty.class).min(31) != group {
                continue;
            }
            ss.verdict[i] = overland_from(scen, side, ty.class, u.hex, ty.movement.0, ms, ss) as u8;
        }
    }
}
