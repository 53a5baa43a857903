//! The distance fields of a player-turn, in Mp ticks per movement class:
//! to the objectives wanted (the richer ones starting nearer), to the
//! nearest enemy unit, and to the side's supply anchors (the road/rail
//! network that leads to a source in the binary model, the HQs in the
//! graded one), both as things stand and with the hexes the enemy could
//! cover next turn blocked ("threat"); and per phase, the enemy's attack
//! strength next to each hex.

use hexwar_engine::scenario::{SideBits, SupplyModel};
use hexwar_engine::{Dir, GameState, HexId, Scenario, UnitKind, combat, supply, zoc};

use super::{BLOCK, FAR, HeuristicPlayer, VP_PULL};

impl HeuristicPlayer {
    /// The fields of this player-turn (Dijkstra backwards from the targets).
    pub(super) fn build_fields(&mut self, scen: &Scenario, state: &GameState) {
        let n = scen.grid().len();
        let classes = self.graphs.as_ref().expect("graphs").classes;
        self.zoc.resize(n, 0);
        zoc::zoc_map(scen, state, &mut self.zoc);
        self.refresh_occ(scen, state);
        if self.tuning.exposure > 0.0 || self.tuning.keep || self.tuning.plan {
            let g = self.graphs.as_ref().expect("graphs");
            self.threat
                .build(scen, state, g, &self.occ, state.active_side());
        } else {
            self.threat.clear();
        }
        let f = &mut self.fields;
        for v in [&mut f.obj, &mut f.foe, &mut f.sup, &mut f.threat] {
            v.resize_with(classes, Vec::new);
        }
        self.goal_fields(scen, state);
        if self.tuning.hold {
            self.foe_reach = state
                .units_of(scen, state.active_side().other())
                .map(|u| state.movement_allowance(scen, u).0 as u32)
                .max()
                .unwrap_or(0);
        }
        // Supply anchors.
        if scen.supply_rules().model == SupplyModel::None {
            let f = &mut self.fields;
            for c in 0..classes {
                f.sup[c].clear();
                f.sup[c].resize(n, 0);
                f.threat[c].clear();
                f.threat[c].resize(n, 0);
            }
            return;
        }
        self.lines.clear();
        self.lines.resize(n, false);
        let lines = &mut self.lines;
        supply::supply_lines(scen, state, state.active_side(), |h| {
            lines[h.index()] = true
        });
        // Its buffer reused (the enemy map of each phase reads it).
        let mut near = std::mem::take(&mut self.near_foe);
        if self.threat.built() {
            // The enemy's reach, unit by unit, as the threat has it.
            near.clear();
            near.extend_from_slice(self.threat.near());
            self.mark_blocked(scen, state);
        } else {
            self.enemy_reach(scen, state, &mut near);
        }
        for threat in [false, true] {
            self.supply_field(scen, state, &near, threat);
        }
        self.near_foe = near;
    }

    /// The fields to the objectives wanted (those it could score and does
    /// not hold; the enemy's units when there are none) and to the enemy.
    fn goal_fields(&mut self, scen: &Scenario, state: &GameState) {
        let side = state.active_side();
        let foe = side.other();
        let n = scen.grid().len();
        let g = self.graphs.as_ref().expect("graphs");
        let f = &mut self.fields;
        // Objectives wanted: those it could score and does not hold.
        self.target.clear();
        self.target.resize(n, false);
        let mut any_obj = false;
        // The richer objectives pull harder: each starts nearer by
        // `VP_PULL` per VP it is worth less than the richest.
        let max_vp = scen.objectives().iter().map(|o| o.vp).max().unwrap_or(0);
        let obj_root = &mut self.roots;
        obj_root.clear();
        obj_root.resize(n, FAR);
        for o in scen.objectives() {
            if o.side.is_none_or(|s| s == side) && state.control(o.hex) != Some(side) {
                self.target[o.hex.index()] = true;
                let start = ((max_vp - o.vp).max(0) as u32) * VP_PULL;
                let r = &mut obj_root[o.hex.index()];
                *r = (*r).min(start);
                any_obj = true;
            }
        }
        let foe_t = &mut self.marks;
        foe_t.clear();
        foe_t.resize(n, false);
        for u in state.units_of(scen, foe) {
            foe_t[state.unit(u).hex.index()] = true;
        }
        if !any_obj {
            self.target.copy_from_slice(foe_t);
        }
        self.blocked.clear();
        self.blocked.resize(n, false);
        // The objectives' field changes only when they change hands: kept
        // while the side and who holds each objective are the same.
        let key = any_obj.then(|| {
            let held = scen
                .objectives()
                .iter()
                .map(|o| state.control(o.hex).map(|s| s.0));
            (side.0, held.collect::<Vec<_>>())
        });
        let keep_obj = key.is_some() && key == self.obj_key;
        for c in 0..g.classes {
            let t = g.twin[c];
            if t != c {
                if !keep_obj {
                    copy_field(&mut f.obj, t, c);
                }
                copy_field(&mut f.foe, t, c);
                continue;
            }
            if keep_obj {
            } else if any_obj {
                g.field_from(c, &self.roots, &self.blocked, &mut f.obj[c]);
            } else {
                g.field(c, &self.target, &self.blocked, &mut f.obj[c]);
            }
            g.field(c, &self.marks, &self.blocked, &mut f.foe[c]);
        }
        self.obj_key = key;
    }

    /// Near the enemy: hexes some enemy unit could reach next turn (by its
    /// class's costs, the reversed graph standing in for the forward one),
    /// or stop next to in our ZOC (MP-ZOC-6), into `near`. Leaves `blocked`
    /// marking our units' hexes and our ZOC.
    fn enemy_reach(&mut self, scen: &Scenario, state: &GameState, near: &mut Vec<bool>) {
        self.mark_blocked(scen, state);
        let side = state.active_side();
        let foe = side.other();
        let n = scen.grid().len();
        let g = self.graphs.as_ref().expect("graphs");
        near.clear();
        near.resize(n, false);
        let maxa = state
            .units_of(scen, foe)
            .map(|u| state.movement_allowance(scen, u).0 as u32)
            .max()
            .unwrap_or(0);
        let (root, reach) = (&mut self.roots, &mut self.reach);
        root.clear();
        root.resize(n, FAR);
        // A class's twins reach what it reaches: one search from all of theirs.
        for cc in (0..g.classes).filter(|&c| g.twin[c] == c) {
            root.fill(FAR);
            let mut any = false;
            for u in state.units_of(scen, foe) {
                if g.twin[scen.unit_type(u).class as usize] == cc {
                    let w = maxa - state.movement_allowance(scen, u).0 as u32;
                    let r = &mut root[state.unit(u).hex.index()];
                    *r = (*r).min(w);
                    any = true;
                }
            }
            if !any {
                continue;
            }
            g.field_from(cc, root, &self.blocked, reach);
            for h in 0..n {
                near[h] |= reach[h] <= maxa;
                // MP-ZOC-6: a hex in our ZOC ends the enemy's move there.
                if self.blocked[h] && !near[h] && self.occ[h][side.index()] == 0 {
                    for k in 0..6 {
                        let b = g.nbr[h * 6 + k] as usize;
                        if b < n {
                            let step = g.step[cc][b * 6 + (k + 3) % 6];
                            if step != FAR && reach[b].saturating_add(step) <= maxa {
                                near[h] = true;
                            }
                        }
                    }
                }
            }
        }
    }

    /// Marks in `blocked` what stops the enemy: our units' hexes and our ZOC.
    fn mark_blocked(&mut self, scen: &Scenario, state: &GameState) {
        let side = state.active_side();
        let n = scen.grid().len();
        self.blocked.resize(n, false);
        for h in 0..n {
            self.blocked[h] = self.occ[h][side.index()] > 0
                || zoc::in_enemy_zoc(scen, &self.zoc, HexId(h as u16), side.other());
        }
    }

    /// The field to the supply anchors (`threat`: into `threat`, else
    /// `sup`). Blocked: enemy units, enemy ZOC without a friendly unit;
    /// with `threat`, also hexes `near` the enemy without a friendly unit.
    fn supply_field(&mut self, scen: &Scenario, state: &GameState, near: &[bool], threat: bool) {
        let side = state.active_side();
        let foe = side.other();
        for (h, (b, occ)) in self.blocked.iter_mut().zip(&self.occ).enumerate() {
            let hid = HexId(h as u16);
            *b = occ[foe.index()] > 0
                || (occ[side.index()] == 0
                    && (zoc::in_enemy_zoc(scen, &self.zoc, hid, side) || (threat && near[h])));
        }
        self.supply_anchors(scen, state);
        // Only ever compared with a unit's threshold (and a step more, for
        // the hex next to it): no need to search further.
        let cap = state
            .units_of(scen, side)
            .map(|u| self.threshold(scen, state, u))
            .max()
            .unwrap_or(0)
            .saturating_add(self.graphs.as_ref().map_or(0, |g| {
                (0..g.classes).map(|c| g.max_step(c)).max().unwrap_or(0)
            }))
            .min(BLOCK);
        let g = self.graphs.as_ref().expect("graphs");
        let f = &mut self.fields;
        for c in 0..g.classes {
            let fields = if threat { &mut f.threat } else { &mut f.sup };
            if g.twin[c] != c {
                copy_field(fields, g.twin[c], c);
            } else {
                g.field_within(c, &self.target, &self.blocked, &mut fields[c], cap);
            }
        }
    }

    /// Marks the side's supply anchors in `target`: the sources and the HQs
    /// in general supply (graded model), or the road/rail network that leads
    /// to a source through unblocked hexes the enemy does not control.
    fn supply_anchors(&mut self, scen: &Scenario, state: &GameState) {
        let side = state.active_side();
        let foe = side.other();
        self.target.fill(false);
        if scen.supply_rules().model == SupplyModel::Graded {
            supply::sources(scen, state, side, |h| self.target[h.index()] = true);
            for u in state.units_of(scen, side) {
                if scen.unit_type(u).kind == UnitKind::Hq && state.unit(u).supply.is_general() {
                    self.target[state.unit(u).hex.index()] = true;
                }
            }
        } else {
            // The road/rail leg: breadth-first along road and rail from
            // the sources, through friendly or neutral unblocked hexes.
            let mut queue: Vec<HexId> = Vec::new();
            supply::sources(scen, state, side, |h| {
                if !self.blocked[h.index()] && !self.target[h.index()] {
                    self.target[h.index()] = true;
                    queue.push(h);
                }
            });
            while let Some(h) = queue.pop() {
                for d in Dir::ALL {
                    if !scen
                        .hexside(h, d)
                        .intersects(SideBits::ROAD | SideBits::RAIL)
                    {
                        continue;
                    }
                    let b = scen.grid().neighbour(h, d);
                    if !b.is_some()
                        || self.target[b.index()]
                        || self.blocked[b.index()]
                        || state.control(b) == Some(foe)
                    {
                        continue;
                    }
                    self.target[b.index()] = true;
                    queue.push(b);
                }
            }
        }
    }

    /// Per phase: enemy attack strength next to each hex, and hexes near the enemy.
    pub(super) fn enemy_map(&mut self, scen: &Scenario, state: &GameState) {
        let n = scen.grid().len();
        let foe = state.active_side().other();
        self.foe_att.clear();
        self.foe_att.resize(n, 0.0);
        self.near_foe.resize(n, false);
        for u in state.units_of(scen, foe) {
            if !combat::can_ever_attack(scen, u) {
                continue;
            }
            let s = state.attack_strength(scen, u);
            for &a in scen.grid().neighbours(state.unit(u).hex) {
                if a.is_some() {
                    self.foe_att[a.index()] += s;
                }
            }
        }
    }
}

/// Copies class `from`'s field into class `to`'s (its twin's: the same
/// search), reusing `to`'s buffer.
fn copy_field(fields: &mut [Vec<u32>], from: usize, to: usize) {
    debug_assert!(from < to);
    let (a, b) = fields.split_at_mut(to);
    b[0].clone_from(&a[from]);
}
