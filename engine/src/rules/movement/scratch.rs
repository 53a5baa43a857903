//! The movement search's buffers ([`Scratch`]): occupancy, ZOC and per-hex
//! flags for a position (MP-MOV-3, MP-ZOC-1..8, D-STACK-1, MAL-SUP-3),
//! brought up to date incrementally from the last position, and the search
//! nodes. One set per thread ([`with_scratch`]).
//!
//! # Keeping up with the position
//!
//! - **What is kept per hex:** occupancy per side; ZOC as counts of the
//!   units (and forts) that cast each of the four ZOC bits (foot and
//!   mounted, per side), so a unit that moves adds and takes away counts
//!   around its old and new hex only; and per side a byte of flags
//!   ([`BLOCKED`], [`STOP`], [`MOUNTED_STOP`], [`FULL`],
//!   [`SUPPLY_BLOCKED`]) that the searches read.
//! - **[`Scratch::prepare`]** returns at once for the position whose stamp
//!   the buffers hold (equal stamps, equal positions: see
//!   `state::Stamp`). Otherwise it compares the units, each packed into
//!   two numbers, with the ones it was prepared for, and updates only the
//!   hexes around units that moved or gained or lost a ZOC; nothing is
//!   rehashed or redrawn. Another scenario ([`Scenario::id`]) or a fort
//!   changing hands rebuilds everything; a new phase only forgets the last
//!   search.
//! - **After a move** the engine brings the buffers up to date from the
//!   moved unit alone (`after_move`), so the next `prepare` of the new
//!   position costs nothing.
//! - **Shared.** The supply judgement (binary and graded) reads the same
//!   thread's buffers, so a Supply Phase finds them prepared for the
//!   position the last move left.

use std::cell::RefCell;

use crate::hex::HexId;
use crate::rules::zoc;
use crate::scenario::{Scenario, Side};
use crate::state::{GameState, UnitId, UnitState};

/// Reusable buffers for searches over one map.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    /// Units per hex per side.
    pub(crate) occ: Vec<[u8; 2]>,
    /// ZOC bits per hex ([`zoc::zoc_map`]), fort hexes cleared (MP-ZOC-5).
    pub(crate) zoc: Vec<u8>,
    /// Per hex: how many units (and forts) put it in each ZOC, indexed by
    /// the bit's position in [`zoc`](Scratch::zoc), so a moved unit updates
    /// the map around its old and new hex only.
    pub(super) zoc_count: Vec<[u16; 4]>,
    /// Per side, then per hex: [`BLOCKED`], [`STOP`], [`MOUNTED_STOP`],
    /// [`FULL`], [`SUPPLY_BLOCKED`].
    pub(crate) info: Vec<u8>,
    /// Per search node (hex * 2 + road debt): `base` plus its cost in the
    /// current search. Nodes of earlier searches hold larger numbers, so
    /// they read as unreached without a stamp or a clearing pass.
    pub(super) key: Vec<u32>,
    /// Per search node: its predecessor in the current search.
    pub(super) prev: Vec<u32>,
    /// Subtracted from `key` to get a cost; lowered by [`SPAN`] per search.
    pub(super) base: u32,
    pub(super) buckets: Vec<Vec<u32>>,
    /// Hexes settled by the last search, in order of cost (each once).
    pub(super) settled: Vec<u16>,
    /// Per hex: `base / SPAN` of the search that first settled it.
    pub(super) seen: Vec<u32>,
    /// Units found changed by an incremental prepare.
    pub(super) changed: Vec<u16>,
    /// Destinations gathered by [`nth_destination`].
    pub(super) dests: Vec<u16>,
    /// Hexes whose ZOC counts changed in an incremental prepare.
    pub(super) dirty: Vec<u16>,
    /// Hexes whose occupancy changed in an incremental prepare.
    pub(super) moved: Vec<u16>,
    /// The position the buffers were prepared for: units, fort control,
    /// (turn, side, phase, over) and the scenario's id ([`Scenario::id`]).
    pub(super) units: Vec<UnitState>,
    /// `units`, each [`pack`]ed, for a quick comparison.
    pub(super) packed: Vec<(u64, u64)>,
    pub(super) forts: Vec<Option<Side>>,
    pub(super) phase: (u8, u8, usize, bool),
    pub(super) scen_id: u64,
    pub(super) prepared: bool,
    /// The stamp of the position the buffers hold (0: check it).
    pub(super) stamp: u64,
    /// Bumped each time the prepared position changes.
    pub(super) version: u64,
    /// The unit and position version of the search `key`/`prev` hold.
    pub(super) searched: Option<(UnitId, u64)>,
}

pub(super) const NO_PREV: u32 = u32::MAX;

/// Room per search in the `key` numbering: more than any cost.
pub(super) const SPAN: u32 = 1 << 16;

/// A unit's state as one number: equal numbers, equal states. (Listing
/// every field makes adding one to `UnitState` a compile error here.)
#[inline]
fn pack(u: &UnitState) -> (u64, u64) {
    let UnitState {
        hex,
        mp_spent,
        steps,
        morale,
        strength_loss,
        flags,
        supply,
        u_level,
        charge_target,
        pool: _, // GS-9: an eliminated unit's pool; no search reads it.
    } = *u;
    (
        hex.0 as u64
            | (mp_spent.0 as u64) << 16
            | (steps as u64) << 32
            | (morale as u64) << 40
            | (strength_loss as u64) << 48,
        supply as u8 as u64
            | (u_level as u64) << 8
            | (flags.bits() as u64) << 16
            | (charge_target.0 as u64) << 32,
    )
}

/// Hex info bit: a unit of this side may not enter (an enemy unit is there;
/// MP-MOV-3: with a stacking limit of one, any unit is).
pub(super) const BLOCKED: u8 = 1;
/// Hex info bit: in enemy ZOC, a move entering it stops (MP-ZOC-6).
pub(super) const STOP: u8 = 2;
/// Hex info bit: in the ZOC of enemy mounted units (MP-ZOC-8).
pub(super) const MOUNTED_STOP: u8 = 4;
/// Hex info bit: full to the stacking limit, not a destination (D-STACK-1).
pub(super) const FULL: u8 = 8;
/// Hex info bit: no supply line of this side may pass (MAL-SUP-3, as
/// [`crate::rules::sources::blocked`]): an enemy unit is there, or enemy ZOC and no
/// friendly unit.
pub(crate) const SUPPLY_BLOCKED: u8 = 16;

impl Scratch {
    /// Buffers sized for `scen`.
    pub fn new(scen: &Scenario) -> Scratch {
        let mut s = Scratch::default();
        s.fit(scen);
        s
    }

    fn fit(&mut self, scen: &Scenario) {
        let n = scen.grid().len();
        if self.occ.len() != n {
            self.occ = vec![[0; 2]; n];
            self.zoc = vec![0; n];
            self.zoc_count = vec![[0; 4]; n];
            self.info = vec![0; 2 * n];
            self.key = vec![u32::MAX; 2 * n];
            self.prev = vec![NO_PREV; 2 * n];
            self.seen = vec![0; n];
            self.base = u32::MAX - 2 * SPAN;
            self.prepared = false;
            self.searched = None;
        }
        let id = scen.id();
        if self.scen_id != id {
            self.scen_id = id;
            self.prepared = false;
            self.searched = None;
        }
    }

    /// Fills occupancy and ZOC for `state`. Call before searching a state.
    ///
    /// The buffers remember the position they were filled for: the same
    /// position again costs a comparison, and a position where a few units
    /// changed (a move) is updated around their old and new hexes only.
    pub fn prepare(&mut self, scen: &Scenario, state: &GameState) {
        self.fit(scen);
        // The same position as last time (its stamp says so): nothing to do.
        let stamp = state.stamp();
        if stamp != 0 && self.prepared && self.stamp == stamp {
            return;
        }
        self.diff(scen, state);
        self.stamp = stamp;
    }

    /// Brings the buffers to `state` by comparing it with the last one.
    fn diff(&mut self, scen: &Scenario, state: &GameState) {
        let phase = (
            state.turn(),
            state.active_side().0,
            state.phase_index(),
            state.is_over(),
        );
        let units = state.units();
        let same_forts = self.prepared
            && units.len() == self.units.len()
            && scen
                .forts()
                .iter()
                .zip(&self.forts)
                .all(|(&f, &c)| state.control(f) == c);
        if !same_forts {
            self.rebuild(scen, state);
        } else if !self.update(scen, units, None) && phase == self.phase {
            return;
        }
        self.phase = phase;
        self.version = self.version.wrapping_add(1);
        self.searched = None;
    }

    /// After a move of `unit` that took the position from stamp `before`
    /// (the one these buffers hold) to `state`: brings them up to date by
    /// looking at that unit alone, so the next [`Scratch::prepare`] of
    /// `state` costs nothing. (A move changes its unit and hex control; the
    /// buffers read control only at forts, which are checked.) Otherwise
    /// leaves the next `prepare` to compare everything.
    pub(crate) fn after_move(
        &mut self,
        scen: &Scenario,
        state: &GameState,
        unit: UnitId,
        before: u64,
    ) {
        let forts_same = scen
            .forts()
            .iter()
            .zip(&self.forts)
            .all(|(&f, &c)| state.control(f) == c);
        if before == 0 || !self.prepared || self.stamp != before || !forts_same {
            self.stamp = 0;
            return;
        }
        if self.update(scen, state.units(), Some(unit.index())) {
            self.version = self.version.wrapping_add(1);
            self.searched = None;
        }
        self.stamp = state.stamp();
    }

    /// Fills every buffer for `state`.
    fn rebuild(&mut self, scen: &Scenario, state: &GameState) {
        self.occ.fill([0, 0]);
        self.zoc_count.fill([0; 4]);
        let setups = scen.units();
        for (i, (u, setup)) in state.units().iter().zip(setups).enumerate() {
            if u.on_map() {
                let c = &mut self.occ[u.hex.index()][setup.side.index()];
                *c = c.wrapping_add(1);
                let bit = zoc::unit_bit(scen, u, i);
                if bit != 0 {
                    self.add_zoc(scen, u.hex, false, bit, 1, false);
                }
            }
        }
        // MP-ZOC-5: a fort exerts the foot ZOC of the side controlling it.
        self.forts.clear();
        for &f in scen.forts() {
            let c = state.control(f);
            self.forts.push(c);
            if let Some(side) = c {
                self.add_zoc(scen, f, true, zoc::foot(side), 1, false);
            }
        }
        self.units.clear();
        self.units.extend_from_slice(state.units());
        self.packed.clear();
        self.packed.extend(state.units().iter().map(pack));
        for h in 0..self.occ.len() {
            self.refresh(scen, h);
        }
        self.prepared = true;
    }

    /// Brings the buffers from `self.units` to `units` (same fort control):
    /// occupancy and ZOC counts change around the units that moved, gained
    /// or lost a ZOC, and only those hexes are refreshed. (A unit whose
    /// points or flags changed, as every unit's do when a phase begins,
    /// touches nothing.)
    /// Returns whether any unit changed.
    fn update(&mut self, scen: &Scenario, units: &[UnitState], only: Option<usize>) -> bool {
        self.dirty.clear();
        self.moved.clear();
        let setups = scen.units();
        // First the units that changed, in one tight pass (or the one unit
        // the caller knows is the only one that may have).
        self.changed.clear();
        match only {
            Some(i) => {
                let key = pack(&units[i]);
                if key != self.packed[i] {
                    self.packed[i] = key;
                    self.changed.push(i as u16);
                }
            }
            None => {
                for (i, (u, p)) in units.iter().zip(self.packed.iter_mut()).enumerate() {
                    let key = pack(u);
                    if key != *p {
                        *p = key;
                        self.changed.push(i as u16);
                    }
                }
            }
        }
        for k in 0..self.changed.len() {
            let i = self.changed[k] as usize;
            let (old, new) = (self.units[i], units[i]);
            self.units[i] = new;
            let (old_bit, new_bit) = (zoc::unit_bit(scen, &old, i), zoc::unit_bit(scen, &new, i));
            if old.hex == new.hex && old_bit == new_bit {
                continue;
            }
            let side = setups[i].side.index();
            if old.on_map() {
                let c = &mut self.occ[old.hex.index()][side];
                *c = c.wrapping_sub(1);
                self.moved.push(old.hex.0);
            }
            if new.on_map() {
                let c = &mut self.occ[new.hex.index()][side];
                *c = c.wrapping_add(1);
                self.moved.push(new.hex.0);
            }
            if old_bit != 0 {
                self.add_zoc(scen, old.hex, false, old_bit, u16::MAX, true); // minus one
            }
            if new_bit != 0 {
                self.add_zoc(scen, new.hex, false, new_bit, 1, true);
            }
        }
        if self.dirty.len() + self.moved.len() >= self.occ.len() {
            for h in 0..self.occ.len() {
                self.refresh(scen, h);
            }
        } else {
            // Hexes whose occupancy changed; then those whose ZOC counts
            // changed, which need their flags redone only if a ZOC bit flipped.
            for k in 0..self.moved.len() {
                let h = self.moved[k] as usize;
                self.refresh(scen, h);
            }
            for k in 0..self.dirty.len() {
                let h = self.dirty[k] as usize;
                if self.zoc_bits(scen, h) != self.zoc[h] {
                    self.refresh(scen, h);
                }
            }
        }
        !self.changed.is_empty()
    }

    /// Adds `delta` (wrapping) to the `bit` ZOC count of each hex a ZOC
    /// spreads into from `h` (a unit's, or with `fort` the fort's, MP-ZOC-5).
    #[inline]
    fn add_zoc(&mut self, scen: &Scenario, h: HexId, fort: bool, bit: u8, delta: u16, mark: bool) {
        let k = bit.trailing_zeros() as usize;
        let (counts, dirty) = (&mut self.zoc_count, &mut self.dirty);
        zoc::for_each_spread(scen, h, fort, |n| {
            let c = &mut counts[n.index()][k];
            *c = c.wrapping_add(delta);
            if mark {
                dirty.push(n.0);
            }
        });
    }

    /// Hex `h`'s ZOC bits by its counts.
    #[inline]
    fn zoc_bits(&self, scen: &Scenario, h: usize) -> u8 {
        let c = self.zoc_count[h];
        if scen.is_fort(HexId(h as u16)) {
            0 // MP-ZOC-5: units in a fort are never in enemy ZOC.
        } else {
            (c[0] != 0) as u8
                | ((c[1] != 0) as u8) << 1
                | ((c[2] != 0) as u8) << 2
                | ((c[3] != 0) as u8) << 3
        }
    }

    /// Recomputes hex `h`'s ZOC bits (from the counts) and its info for both sides.
    #[inline]
    fn refresh(&mut self, scen: &Scenario, h: usize) {
        let z = self.zoc_bits(scen, h);
        self.zoc[h] = z;
        let occ = self.occ[h];
        let (limit, stack1) = (scen.stacking(), scen.stacking() == 1);
        let n = self.occ.len();
        for side in Side::BOTH {
            let (mine, theirs) = (occ[side.index()], occ[side.other().index()]);
            let enemy = side.other();
            let in_zoc = z & zoc::any(enemy) != 0;
            self.info[side.index() * n + h] = (BLOCKED
                * (theirs > 0 || (stack1 && mine > 0)) as u8)
                | (STOP * in_zoc as u8)
                | (MOUNTED_STOP * (z & zoc::mounted(enemy) != 0) as u8)
                | (FULL * (mine >= limit) as u8)
                | (SUPPLY_BLOCKED * (theirs > 0 || (in_zoc && mine == 0)) as u8);
        }
    }

    /// Info bits of hex `h` for `side`.
    #[inline]
    pub(crate) fn info(&self, h: HexId, side: Side) -> u8 {
        self.info[side.index() * self.occ.len() + h.index()]
    }

    /// Info bits of every hex for `side`, by hex.
    #[inline]
    pub(crate) fn side_info(&self, side: Side) -> &[u8] {
        let n = self.occ.len();
        &self.info[side.index() * n..][..n]
    }

    /// Cost of `node` in the last search, `u16::MAX` if not reached.
    #[inline]
    pub(super) fn dist(&self, node: u32) -> u16 {
        let v = self.key[node as usize].wrapping_sub(self.base);
        if v < SPAN { v as u16 } else { u16::MAX }
    }

    /// Units of `side` in `h` (after [`Scratch::prepare`]).
    #[inline]
    pub fn count(&self, h: HexId, side: Side) -> u8 {
        self.occ[h.index()][side.index()]
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Runs `f` with this thread's scratch buffers (or fresh ones if they are in use).
pub(crate) fn with_scratch<T>(f: impl FnOnce(&mut Scratch) -> T) -> T {
    SCRATCH.with(|s| match s.try_borrow_mut() {
        Ok(mut s) => f(&mut s),
        Err(_) => f(&mut Scratch::default()),
    })
}
