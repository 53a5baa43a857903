//! The plan a search leaves: the most-visited path from the root through
//! decision nodes, down to a chance node, a leaf or a node with too few
//! visits; guided, the guide's choice stands at each step unless another
//! child's mean value beats it by more than [`MctsPlayer::deviate`] (such
//! a step is remembered, to be told when taken).

use hexwar_engine::Action;

use super::MctsPlayer;
use super::guided::is_skip;
use super::tree::{Kind, NONE};
use crate::Guide;

impl<G: Guide> MctsPlayer<G> {
    /// The actions the plan of the last search holds, from its start.
    pub fn plan(&self) -> Vec<Action> {
        self.plan
            .iter()
            .map(|(_, a, _, _)| *a)
            .filter(|a| !is_skip(*a))
            .collect()
    }

    /// The plan: the most-visited path from the root, through decision
    /// nodes, down to a chance node, a leaf or a node visited fewer than
    /// `min_plan_visits` times (the first step is always taken).
    pub(super) fn make_plan(&mut self) {
        self.plan_overruled.clear();
        self.plan.clear();
        self.plan_pos = 0;
        let mut n = self.root;
        loop {
            let mut best = NONE;
            for c in self.tree.children(n) {
                let better = best == NONE || {
                    let (a, b) = (&self.tree[c], &self.tree[best]);
                    (a.visits, a.mean()) > (b.visits, b.mean())
                };
                if better {
                    best = c;
                }
            }
            if best == NONE {
                break;
            }
            let mut overruled = None;
            if self.guided {
                // The heuristic's choice (the first candidate) stands unless
                // the search found another clearly better.
                let first = self.tree.pool.get(self.tree[n].cands as usize).copied();
                let guide = self
                    .tree
                    .children(n)
                    .find(|&c| Some(self.tree[c].action) == first);
                if let Some(g) = guide {
                    let (gn, bn) = (&self.tree[g], &self.tree[best]);
                    let (theirs, taken) = ((gn.action, gn.mean()), (bn.action, bn.mean()));
                    if g != best && taken.1 <= theirs.1 + self.deviate {
                        best = g;
                    } else if g != best {
                        overruled = Some((taken.0, theirs.0, taken.1, theirs.1));
                    }
                }
            }
            let child = &self.tree[best];
            if !self.plan.is_empty() && child.visits < self.min_plan_visits {
                break;
            }
            self.plan
                .push((self.tree[n].state.clone(), child.action, child.cursor, best));
            self.plan_overruled.push(overruled);
            if child.kind != Kind::Decision {
                break;
            }
            n = best;
        }
    }
}
