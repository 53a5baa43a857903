//! Supply lines: the enemy's, traced to find hexes that would cut them
//! (tested by re-tracing on a what-if copy of the position, a budget of
//! tests per phase), and ours, measured against the supply threshold so
//! that units stay in supply and pull back from hexes the enemy could cut
//! off next turn.

use hexwar_engine::scenario::SupplyModel;
use hexwar_engine::{Action, GameState, HexId, Scenario, UnitId, supply};
use rand::SeedableRng;

use super::{BLOCK, FAR, HeuristicPlayer, LIGHT_CUT_TESTS, LIGHT_TRACED, TRACED};
use crate::AiRng;

impl HeuristicPlayer {
    /// Traces the supply of the enemy units nearest the front, marking their
    /// lines (and the hexes next to them) as candidates for a cut.
    pub(super) fn trace_enemy(&mut self, scen: &Scenario, state: &GameState) {
        let n = scen.grid().len();
        self.foe_line.clear();
        self.foe_line.resize(n, 0);
        self.foe_paths.clear();
        if scen.supply_rules().model == SupplyModel::None {
            return;
        }
        let side = state.active_side();
        let mut foes: Vec<(u32, UnitId)> = state
            .units_of(scen, side.other())
            .map(|u| (FAR, u))
            .collect();
        // Our own distance to them: the smallest over our units.
        let mine: Vec<HexId> = state
            .units_of(scen, side)
            .map(|u| state.unit(u).hex)
            .collect();
        for f in foes.iter_mut() {
            let h = state.unit(f.1).hex;
            f.0 = mine
                .iter()
                .map(|m| scen.grid().distance(*m, h))
                .min()
                .unwrap_or(FAR);
        }
        foes.sort();
        let traced = if self.light { LIGHT_TRACED } else { TRACED };
        for &(d, u) in foes.iter().take(traced) {
            if d > 8 {
                break;
            }
            let t = supply::trace(scen, state, u);
            if !t.supplied {
                continue;
            }
            for &h in &t.path {
                if !h.is_some() {
                    continue;
                }
                self.foe_line[h.index()] = 1;
                for &a in scen.grid().neighbours(h) {
                    if a.is_some() && self.foe_line[a.index()] == 0 {
                        self.foe_line[a.index()] = 2;
                    }
                }
            }
            self.foe_paths.push((u, t.path));
        }
    }

    /// Supply threshold for `u`: the overland leg it may trace (Mp ticks).
    pub(super) fn threshold(&self, scen: &Scenario, state: &GameState, u: UnitId) -> u32 {
        match scen.supply_rules().model {
            SupplyModel::Graded => state.weather(scen).map_or(BLOCK, |w| w.hq_range.0 as u32),
            SupplyModel::Binary => scen.unit_type(u).movement.0 as u32,
            SupplyModel::None => BLOCK,
        }
    }

    /// Distance from `h` to the supply anchors; a blocked hex is taken to be
    /// held by the unit (its own hex never blocks its trace).
    pub(super) fn supply_dist(&self, c: usize, h: HexId, threat: bool) -> u32 {
        let f = if threat {
            &self.fields.threat[c]
        } else {
            &self.fields.sup[c]
        };
        let d = f[h.index()];
        if d < BLOCK {
            return d;
        }
        let g = self.graphs.as_ref().expect("graphs");
        let mut best = d;
        for k in 0..6 {
            let s = g.step[c][h.index() * 6 + k];
            if s == FAR {
                continue;
            }
            let b = g.neighbour(h, k);
            if b < g.n && f[b] < BLOCK {
                best = best.min(f[b] + s);
            }
        }
        best
    }

    pub(super) fn cut_value(&self, h: HexId) -> u32 {
        self.cut_cache
            .iter()
            .find(|(x, _)| *x == h)
            .map_or(0, |c| c.1)
    }

    /// Enemy steps whose supply a move of `u` to `h` would cut (what-if, cached).
    pub(super) fn cut_test(
        &mut self,
        scen: &Scenario,
        state: &GameState,
        u: UnitId,
        h: HexId,
    ) -> u32 {
        if let Some(c) = self.cut_cache.iter().find(|(x, _)| *x == h) {
            return c.1;
        }
        if self.cut_tests
            >= if self.light {
                LIGHT_CUT_TESTS
            } else {
                self.tuning.cuts as usize
            }
        {
            return 0;
        }
        self.cut_tests += 1;
        // The enemy units whose line passes by `h` and that are supplied
        // now (already cut off, by an earlier move this phase: nothing to
        // gain), all judged in this position before any in the what-if:
        // the engine keeps one position's supply network per side, so
        // alternating the two positions would search it afresh each time.
        let grid = scen.grid();
        let mut foes = std::mem::take(&mut self.cut_foes);
        foes.clear();
        for (e, path) in &self.foe_paths {
            if !path.iter().any(|p| *p == h || grid.distance(*p, h) <= 1) {
                continue;
            }
            let now = match self.foe_now.iter().find(|(x, _)| x == e) {
                Some(&(_, s)) => s,
                None => {
                    let s = supply::status(scen, state, *e).supplied();
                    self.foe_now.push((*e, s));
                    s
                }
            };
            if now {
                foes.push(*e);
            }
        }
        let mut cut = 0;
        if !foes.is_empty() {
            let mut work = self.work.take().unwrap_or_else(|| state.clone());
            work.clone_from(state);
            let mut dummy = AiRng::seed_from_u64(0);
            work.apply_unchecked(scen, Action::Move { unit: u, to: h }, &mut dummy, &mut ());
            for e in &foes {
                if !supply::status(scen, &work, *e).supplied() {
                    cut += state.unit(*e).steps as u32;
                }
            }
            self.work = Some(work);
        }
        self.cut_foes = foes;
        self.cut_cache.push((h, cut));
        cut
    }
}
