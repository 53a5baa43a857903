//! GS-9: isolated pockets and their pools, as the rules change them: hexes
//! judged isolated, a pocket formed by a loss, pockets grown, merged and
//! relieved at each isolation judgement, eliminated when the enemy holds
//! their last hex or by choice. (The actions that draw on the pools are in
//! `pools`.)
//!
//! Readings taken (the text refers to rules we do not hold, "Rule ???"):
//!
//! - A hex is isolated for its controller when the side's GS-8 search
//!   (judged as for units, at the start of each Combat Phase and at the
//!   side's supply judgement) does not reach it; the mark holds until the
//!   side is judged again, and a change of control clears it.
//! - A pocket is formed when a unit carrying an isolation marker (GS-7)
//!   loses a step and its hex is in no pocket (the rule's "may": always,
//!   unless the scenario sets `form = false`). Its hexes are the connected
//!   group of hexes its side controls and that were judged isolated, grown
//!   from the unit's hex. At most [`MAX_POCKETS`] pockets exist at once;
//!   past that a loss goes to the front pool.
//! - At each isolation judgement a side's pockets keep their hexes still
//!   isolated and grow over the isolated hexes next to them; two pockets
//!   that meet merge (the lower slot keeps both pools); a pocket left with
//!   no hex was reached by a line of communication: relieved, its pool
//!   joins the front pool.
//! - Special replacements: each step lost gives `loss_rp` RPs to the pool
//!   of the unit's hex (its pocket's, else the front pool); a unit
//!   eliminated goes to that pool.
//! - A pocket none of whose hexes its side still controls is eliminated
//!   (checked after every action): its RPs are lost (the special
//!   replacements "as if eliminated isolated" are a rule we do not hold:
//!   none are generated), its eliminated units go to the
//!   eliminated-isolated box. Eliminated voluntarily, the same; its units
//!   still on the map stay there, isolated, and a later loss may form a
//!   new pocket.

use crate::event::{Event, EventSink};
use crate::hex::HexId;
use crate::scenario::{PhaseKind, PocketRules, Scenario, Side};
use crate::state::{
    CONTROL_SIDE, GameState, HEX_ISOLATED, MAX_POCKETS, POCKET_BITS, POCKET_SHIFT,
    POOL_ELIMINATED_ISOLATED, POOL_FRONT, Pocket, UnitFlags, UnitId,
};

use super::scratch::GradedScratch;

/// GS-9: the scenario's pocket rules, if it plays them.
#[inline]
pub fn pocket_rules(scen: &Scenario) -> Option<&PocketRules> {
    scen.supply_rules()
        .graded
        .as_ref()
        .and_then(|g| g.pockets.as_ref())
}

/// The pool number of pocket slot `k` (as [`crate::state::UnitState::pool`]).
#[inline]
pub(crate) fn pool_of(k: usize) -> u8 {
    k as u8 + 1
}

impl GameState {
    /// Control byte of `h` belongs to `side`, judged isolated.
    #[inline]
    fn isolated_for(&self, h: HexId, side: Side) -> bool {
        let c = self.control[h.index()];
        c & CONTROL_SIDE == 1 + side.0 as u16 && c & HEX_ISOLATED != 0
    }

    fn set_pocket_bits(&mut self, h: HexId, k: Option<usize>) {
        let c = &mut self.control[h.index()];
        *c = (*c & !POCKET_BITS) | k.map_or(0, |k| (pool_of(k) as u16) << POCKET_SHIFT);
    }

    /// GS-9: after `side`'s isolation judgement (its LOC search left in
    /// `gs`): marks the hexes it controls as isolated or not, then regrows,
    /// merges and relieves its pockets.
    pub(crate) fn judge_pockets(
        &mut self,
        scen: &Scenario,
        side: Side,
        gs: &GradedScratch,
        sink: &mut impl EventSink,
    ) {
        if pocket_rules(scen).is_none() {
            return;
        }
        let classes = scen.classes().len() as u8;
        for h in scen.grid().hexes() {
            // Ground no unit may stand in (a salt lake) is in no pocket: no
            // line need reach it, and no enemy could ever take it.
            let ground = (0..classes).any(|c| scen.can_stand(h, c));
            let c = &mut self.control[h.index()];
            if *c & CONTROL_SIDE == 1 + side.0 as u16 {
                if !ground || gs.search.reached(h) {
                    *c &= !HEX_ISOLATED;
                    *c &= !POCKET_BITS; // relieved hex
                } else {
                    *c |= HEX_ISOLATED;
                }
            }
        }
        self.grow_pockets(scen, side, sink);
        for k in 0..MAX_POCKETS {
            let p = self.pools.pockets[k];
            if p.of(side) && !scen.grid().hexes().any(|h| self.pocket_at(h) == Some(k)) {
                self.pools.rp[side.index()] = self.pools.rp[side.index()].saturating_add(p.rp);
                self.pools.pockets[k] = Pocket::NONE;
                self.move_pool_units(pool_of(k), POOL_FRONT, sink);
                sink.push(Event::PocketRelieved {
                    side,
                    pocket: k as u8,
                });
                self.rp_event(side, POOL_FRONT, sink);
            }
        }
    }

    /// Grows `side`'s pockets over the isolated hexes it controls next to
    /// them, merging pockets that meet, until nothing changes. Allocates
    /// nothing: sweeps the map (pockets are rare and small).
    fn grow_pockets(&mut self, scen: &Scenario, side: Side, sink: &mut impl EventSink) {
        if !self.pools.pockets.iter().any(|p| p.of(side)) {
            return;
        }
        let grid = scen.grid();
        let mut changed = true;
        while changed {
            changed = false;
            for h in grid.hexes() {
                let Some(k) = self.pocket_at(h) else { continue };
                if !self.pools.pockets[k].of(side) {
                    continue;
                }
                for &n in grid.neighbours(h) {
                    if !n.is_some() || !self.isolated_for(n, side) {
                        continue;
                    }
                    match self.pocket_at(n) {
                        None => {
                            self.set_pocket_bits(n, Some(k));
                            changed = true;
                        }
                        Some(j) if j != k => {
                            self.merge_pockets(scen, side, k.min(j), k.max(j), sink);
                            changed = true;
                            break; // `k` may be gone: on to the next hex
                        }
                        _ => {}
                    }
                }
            }
        }
    }

    /// Pocket `from` joins `into`: hexes, RPs, eliminated units.
    fn merge_pockets(
        &mut self,
        scen: &Scenario,
        side: Side,
        into: usize,
        from: usize,
        sink: &mut impl EventSink,
    ) {
        for h in scen.grid().hexes() {
            if self.pocket_at(h) == Some(from) {
                self.set_pocket_bits(h, Some(into));
            }
        }
        let f = self.pools.pockets[from];
        let p = &mut self.pools.pockets[into];
        p.rp = p.rp.saturating_add(f.rp);
        p.rp_shipped = p.rp_shipped.saturating_add(f.rp_shipped);
        p.units_shipped = p.units_shipped.saturating_add(f.units_shipped);
        self.pools.pockets[from] = Pocket::NONE;
        self.move_pool_units(pool_of(from), pool_of(into), sink);
        sink.push(Event::PocketsMerged {
            side,
            into: into as u8,
            from: from as u8,
        });
        self.rp_event(side, pool_of(into), sink);
    }

    /// Every eliminated unit in pool `from` goes to pool `to`.
    fn move_pool_units(&mut self, from: u8, to: u8, sink: &mut impl EventSink) {
        for (i, u) in self.units.iter_mut().enumerate() {
            if u.eliminated() && u.pool == from {
                u.pool = to;
                sink.push(Event::UnitPooled {
                    unit: UnitId(i as u16),
                    pool: to,
                });
            }
        }
    }

    /// An [`Event::RpChanged`] for `side`'s pool `pool`.
    pub(crate) fn rp_event(&self, side: Side, pool: u8, sink: &mut impl EventSink) {
        let rp = match pool {
            POOL_FRONT => self.pools.rp[side.index()],
            k => self.pools.pockets[k as usize - 1].rp,
        };
        sink.push(Event::RpChanged { side, pool, rp });
    }

    /// GS-9: `unit` has just lost a step in `hex` (`isolated`: it carried
    /// an isolation marker). Forms a pocket if it may; the step's special
    /// replacements go to the hex's pool, and so does the unit if
    /// eliminated.
    pub(crate) fn pocket_loss(
        &mut self,
        scen: &Scenario,
        unit: UnitId,
        hex: HexId,
        isolated: bool,
        sink: &mut impl EventSink,
    ) {
        let Some(rules) = pocket_rules(scen) else {
            return;
        };
        let side = scen.unit(unit).side;
        let owned = hex.is_some() && self.control(hex) == Some(side);
        if rules.form && isolated && owned && self.pocket_at(hex).is_none() {
            self.form_pocket(scen, side, hex, sink);
        }
        let pool = match hex.is_some().then(|| self.pocket_at(hex)).flatten() {
            Some(k) if self.pools.pockets[k].of(side) => pool_of(k),
            _ => POOL_FRONT,
        };
        if rules.loss_rp > 0 {
            let rp = match pool {
                POOL_FRONT => &mut self.pools.rp[side.index()],
                k => &mut self.pools.pockets[k as usize - 1].rp,
            };
            *rp = rp.saturating_add(rules.loss_rp);
            self.rp_event(side, pool, sink);
        }
        let u = &mut self.units[unit.index()];
        if u.eliminated() {
            u.pool = pool;
            sink.push(Event::UnitPooled { unit, pool });
        }
    }

    /// A new pocket of `side` around `hex`, in the first free slot (none
    /// if all are taken).
    fn form_pocket(&mut self, scen: &Scenario, side: Side, hex: HexId, sink: &mut impl EventSink) {
        let Some(k) = self.pools.pockets.iter().position(|p| !p.active()) else {
            return;
        };
        self.pools.pockets[k] = Pocket {
            side: side.0,
            ..Pocket::NONE
        };
        self.control[hex.index()] |= HEX_ISOLATED;
        self.set_pocket_bits(hex, Some(k));
        sink.push(Event::PocketFormed {
            side,
            pocket: k as u8,
            hex,
        });
        self.grow_pockets(scen, side, sink);
    }

    /// GS-9: eliminates every pocket none of whose hexes its side still
    /// controls (a change of control clears a hex's pocket bits). Run after
    /// every action; nothing to do while no pocket exists.
    pub(crate) fn pockets_taken(&mut self, scen: &Scenario, sink: &mut impl EventSink) {
        if !self.pools.pockets.iter().any(Pocket::active) {
            return;
        }
        let mut held = 0u32;
        for h in scen.grid().hexes() {
            if let Some(k) = self.pocket_at(h) {
                held |= 1 << k;
            }
        }
        for k in 0..MAX_POCKETS {
            if self.pools.pockets[k].active() && held & (1 << k) == 0 {
                self.eliminate_pocket(scen, k, false, sink);
            }
        }
    }

    /// GS-9: pocket `k` is eliminated: its RPs lost, its eliminated units
    /// to the eliminated-isolated box, its hexes in no pocket.
    pub(crate) fn eliminate_pocket(
        &mut self,
        scen: &Scenario,
        k: usize,
        voluntary: bool,
        sink: &mut impl EventSink,
    ) {
        let p = self.pools.pockets[k];
        for h in scen.grid().hexes() {
            if self.pocket_at(h) == Some(k) {
                self.set_pocket_bits(h, None);
            }
        }
        self.pools.pockets[k] = Pocket::NONE;
        self.move_pool_units(pool_of(k), POOL_ELIMINATED_ISOLATED, sink);
        sink.push(Event::PocketEliminated {
            side: Side(p.side),
            pocket: k as u8,
            rp_lost: p.rp,
            voluntary,
        });
    }

    /// GS-9: at `side`'s supply judgement its front pool receives its RPs.
    pub(crate) fn receive_rp(&mut self, scen: &Scenario, side: Side, sink: &mut impl EventSink) {
        let Some(rules) = pocket_rules(scen) else {
            return;
        };
        let n = rules.rp_per_turn[side.index()];
        if n > 0 {
            let rp = &mut self.pools.rp[side.index()];
            *rp = rp.saturating_add(n);
            self.rp_event(side, POOL_FRONT, sink);
        }
    }

    /// GS-9: a player-turn begins: every pocket may ship out again.
    pub(crate) fn reset_shipping(&mut self) {
        for p in &mut self.pools.pockets {
            p.rp_shipped = 0;
            p.units_shipped = 0;
        }
    }
}

/// GS-7, GS-9: whether `u` is isolated now. "A unit or hex isolated at
/// the start of one of these phases remains isolated until isolation status
/// is checked again": the marker of the latest check decides, the Combat
/// Phase's (combat isolation) from the start of a Combat Phase until the
/// next supply judgement, the supply judgement's (supply isolation) from
/// then on. (Corrected on the sixth reading, 2026-11-28: either marker
/// counted, so a unit a later check had found a line of communication to
/// still formed a pocket, or was refused a rebuild, on an older one.)
pub(crate) fn isolated_now(scen: &Scenario, state: &GameState, u: UnitId) -> bool {
    state.unit(u).has(latest_isolation_marker(scen, state))
}

impl GameState {
    /// [`isolated_now`], for the rules below this module (step losses).
    pub(crate) fn isolated_now(&self, scen: &Scenario, u: UnitId) -> bool {
        isolated_now(scen, self, u)
    }
}

/// The isolation marker the latest check set (GS-7): walking back from the
/// phase being played, through the player-turn before it if need be, the
/// first Combat or Supply Phase met.
pub(crate) fn latest_isolation_marker(scen: &Scenario, state: &GameState) -> UnitFlags {
    let phases = scen.phases();
    let at = state.phase_index().min(phases.len().saturating_sub(1));
    let back = phases[..=at]
        .iter()
        .rev()
        .chain(phases[at + 1..].iter().rev());
    for p in back {
        match p {
            PhaseKind::Combat => return UnitFlags::COMBAT_ISOLATED,
            PhaseKind::Supply => return UnitFlags::SUPPLY_ISOLATED,
            _ => {}
        }
    }
    UnitFlags::SUPPLY_ISOLATED
}
