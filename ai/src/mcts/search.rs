//! One worker's search: from the root (new, or the subtree of the last
//! search the game has reached), iterations of selection (progressive
//! widening admits candidates in rank order, UCB1 chooses among the
//! admitted; chance nodes are sampled), expansion of the node reached, its
//! value, and the backup of that value (unchanged, the searching side's)
//! up to the root.

use std::time::{Duration, Instant};

use hexwar_engine::{Action, GameState, Scenario};
use rand::{RngCore, SeedableRng};

use super::guided::{guided_candidates, is_skip};
use super::plain::plain_candidates;
use super::tree::{Kind, NONE};
use super::worker::{Params, Worker};
use super::{Budget, SearchStats};
use crate::{AiRng, Guide};

/// Safety cap on the depth of a descent (actions in one player-turn).
const MAX_DEPTH: usize = 1024;

impl<G: Guide> Worker<G> {
    /// Searches from `state` (its side's player-turn) with a search RNG
    /// seeded from `seed`, to `p.budget`.
    pub(super) fn run(
        &mut self,
        p: &Params,
        scen: &Scenario,
        state: &GameState,
        seed: u64,
    ) -> SearchStats {
        let start = Instant::now();
        self.rng = AiRng::seed_from_u64(seed);
        self.dice_base = self.rng.next_u64();
        let reused = self.reusable(p, state);
        let root = match reused {
            Some(r) => r,
            None => {
                self.side = state.active_side();
                self.key = (state.turn(), state.active_side());
                self.tree.clear();
                let root = self
                    .tree
                    .alloc_with(|s| s.clone_from(state), || state.clone());
                let kind = self.kind_of(state);
                self.tree.init(root, Action::EndPhase, NONE, kind, 1.0);
                self.tree[root].cursor = p.cursor;
                root
            }
        };
        self.root = root;
        self.at = NONE;
        self.opp.new_search();
        if let Some(next) = &mut self.next {
            next.new_search();
        }
        let prior_visits = self.tree[root].visits;
        let kind = self.tree[root].kind;
        if p.guided && kind == Kind::Decision && !self.tree[root].expanded {
            // The root's candidates, the guide's own choice first, get a
            // line's full budget of what-if tests, as the guide playing
            // alone would: not what the last rollout left of it.
            self.guide.new_line();
            self.expand(p, scen, root);
        }
        // One candidate: nothing to search.
        let forced = p.guided && self.tree[root].n_cands == 1;
        let mut iterations = 0u32;
        let deadline = match p.budget {
            Budget::Millis(ms) => Some(start + Duration::from_millis(ms)),
            Budget::Iterations(_) => None,
        };
        let deadline = match (deadline, p.turn_deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        loop {
            match p.budget {
                // A reused subtree keeps its visits: it is topped up.
                Budget::Iterations(n) if self.tree[root].visits >= n => break,
                _ if p
                    .turn_left
                    .is_some_and(|left| u64::from(iterations) >= left) =>
                {
                    break;
                }
                _ if iterations % 8 == 0 && deadline.is_some_and(|d| Instant::now() >= d) => {
                    break;
                }
                _ => {}
            }
            if kind == Kind::Leaf || forced || self.tree.len() >= (u32::MAX / 2) as usize {
                break;
            }
            // Common random numbers: the rollouts of iteration i roll the
            // dice of stream i mod dice_streams, so lines that differ in a
            // choice are compared on the same luck more often.
            self.dice = AiRng::seed_from_u64(self.dice_base ^ (iterations % p.dice_streams) as u64);
            self.iterate(p, scen);
            iterations += 1;
        }
        // Guided, a root with no child yet (one candidate, or no iteration
        // left: the turn's cap spent) plays the guide's choice, its first
        // candidate: never the plain ranker's, which is a shuffle.
        if p.guided
            && kind == Kind::Decision
            && self.tree[root].n_cands > 0
            && self.tree[root].first_child == NONE
        {
            let a = self.tree.pool[self.tree[root].cands as usize];
            let c = self.add_child(scen, root, a);
            self.tree[c].visits = 1;
            self.tree[root].admitted = 1;
        }
        SearchStats {
            iterations,
            nodes: self.tree.len(),
            elapsed: start.elapsed(),
            reused: reused.is_some(),
            prior_visits,
        }
    }

    /// Guided: the node of the last search's tree the game has reached by
    /// following its plan (or an outcome of the chance node it ended at),
    /// if it holds `state`: its subtree is searched on.
    fn reusable(&self, p: &Params, state: &GameState) -> Option<u32> {
        if !p.guided
            || self.at == NONE
            || (self.at as usize) >= self.tree.len()
            || (state.turn(), state.active_side()) != self.key
            // A new phase is searched in a fresh tree: the last one's
            // visits there were few and spread by the earlier phase's
            // choices (docs/AI.md, "The river assault at the search levels").
            || (p.phases && self.tree[self.root].state.phase_index() != state.phase_index())
        {
            return None;
        }
        let at = &self.tree[self.at];
        let found = match at.kind {
            Kind::Chance | Kind::Sampled => self
                .tree
                .children(self.at)
                .find(|&c| self.tree[c].state == *state)?,
            Kind::Decision if at.state == *state => self.at,
            _ => return None,
        };
        let node = &self.tree[found];
        (node.kind == Kind::Decision && node.cursor == p.cursor).then_some(found)
    }

    /// A leaf if the game is over or the searching side's player-turn has
    /// ended; else a decision.
    pub(super) fn kind_of(&self, st: &GameState) -> Kind {
        if st.is_over() || (st.turn(), st.active_side()) != self.key {
            Kind::Leaf
        } else {
            Kind::Decision
        }
    }

    /// One iteration: select and expand, value, back up.
    fn iterate(&mut self, p: &Params, scen: &Scenario) {
        self.guide.new_line();
        let mut n = self.root;
        let mut depth = 0;
        loop {
            depth += 1;
            if depth > MAX_DEPTH {
                break;
            }
            let node = &self.tree[n];
            match node.kind {
                Kind::Leaf => break,
                Kind::Decision => {
                    if !node.expanded {
                        self.expand(p, scen, n);
                    }
                    let node = &self.tree[n];
                    if node.n_cands == 0 {
                        break;
                    }
                    let allowed = (p.widen_c * (node.visits as f64).powf(p.widen_alpha))
                        .ceil()
                        .max(1.0);
                    if node.admitted < node.n_cands && (node.admitted as f64) < allowed {
                        let a = self.tree.pool[(node.cands + node.admitted) as usize];
                        self.tree[n].admitted += 1;
                        let c = self.add_child(scen, n, a);
                        n = c;
                        if matches!(self.tree[c].kind, Kind::Decision | Kind::Leaf) {
                            break;
                        }
                    } else {
                        n = self.ucb_child(p, n);
                    }
                }
                Kind::Chance => {
                    if !node.expanded {
                        self.expand_chance(scen, n);
                    }
                    n = self.sample_child(n);
                    if n == NONE {
                        unreachable!("a combat has at least one outcome");
                    }
                    if self.tree[n].visits == 0 {
                        break;
                    }
                }
                Kind::Sampled => {
                    n = self.sampled_child(scen, n);
                    if self.tree[n].visits == 0 {
                        break;
                    }
                }
            }
        }
        let v = self.value(p, scen, n);
        let mut i = n;
        while i != NONE {
            let node = &mut self.tree[i];
            node.visits += 1;
            node.total += v;
            node.sumsq += v * v;
            if i == self.root {
                break;
            }
            i = node.parent;
        }
    }

    /// UCB1 among the admitted children of decision node `n`.
    fn ucb_child(&self, p: &Params, n: u32) -> u32 {
        let ln = (self.tree[n].visits.max(1) as f64).ln();
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        for c in self.tree.children(n) {
            let node = &self.tree[c];
            let score = if node.visits == 0 {
                f64::INFINITY
            } else {
                node.mean() + p.exploration * (ln / node.visits as f64).sqrt()
            };
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        best
    }

    /// The candidates of decision node `n`, pruned and ranked, into the pool.
    fn expand(&mut self, p: &Params, scen: &Scenario, n: u32) {
        let mut acts = std::mem::take(&mut self.scratch);
        acts.clear();
        if p.guided {
            let node = &mut self.tree[n];
            guided_candidates(
                &mut self.guide,
                scen,
                &node.state,
                p.order,
                &mut node.cursor,
                &mut self.rng,
                &mut self.options,
                (p.max_options, p.option_gap),
                &mut acts,
            );
        }
        if acts.is_empty() {
            plain_candidates(p.ranker, scen, &self.tree[n].state, &mut acts);
        }
        let cands = self.tree.pool.len() as u32;
        let node = &mut self.tree[n];
        node.cands = cands;
        node.n_cands = acts.len() as u32;
        node.expanded = true;
        self.tree.pool.extend_from_slice(&acts);
        self.scratch = acts;
    }

    /// A new child of decision node `n` by `a`.
    fn add_child(&mut self, scen: &Scenario, n: u32, a: Action) -> u32 {
        let c = self.tree.alloc_copy(n);
        let kind = match a {
            Action::Resolve { .. } => Kind::Chance,
            Action::Charge { .. } => Kind::Sampled,
            // The unit stays: the same position, the next unit to decide.
            a if is_skip(a) => Kind::Decision,
            _ => {
                let st = &mut self.tree[c].state;
                st.apply_unchecked(scen, a, &mut self.rng, &mut ());
                self.kind_of(&self.tree[c].state)
            }
        };
        self.tree.init(c, a, n, kind, 1.0);
        c
    }
}
