//! The plan a search leaves: the most-visited path from the root through
//! decision nodes, down to a chance node, a leaf or a node with too few
//! visits, read over the trees of every worker together (children merged
//! by action). Guided, the guide's choice stands at each step unless
//! another child beats it on evidence ([`Tally::beats`]: its mean higher by
//! more than [`MctsPlayer::deviate`] plus [`MctsPlayer::deviate_se`]
//! standard errors); such a step is remembered, to be told when taken.

use hexwar_engine::{Action, GameState};

use super::guided::is_skip;
use super::tally::Tally;
use super::tree::{Kind, NONE};
use super::{ChildStats, MctsPlayer};
use crate::Guide;

/// One step of the plan.
pub(super) struct PlanStep {
    /// The position the step is for.
    pub(super) state: GameState,
    /// Its action.
    pub(super) action: Action,
    /// The cursor after it.
    pub(super) cursor: u16,
    /// When the search overruled the guide here: (taken, the guide's,
    /// their mean values).
    pub(super) overruled: Option<(Action, Action, f64, f64)>,
}

/// The children of one node across the trees, merged by action.
struct Merged {
    action: Action,
    tally: Tally,
    kind: Kind,
    cursor: u16,
    /// The child in each tree (`NONE`: none).
    nodes: Vec<u32>,
}

impl<G: Guide> MctsPlayer<G> {
    /// The actions the plan of the last search holds, from its start.
    pub fn plan(&self) -> Vec<Action> {
        self.plan
            .iter()
            .map(|s| s.action)
            .filter(|a| !is_skip(*a))
            .collect()
    }

    /// The root's children after the last search, merged over the trees
    /// by action (in the first tree's order, then the others').
    pub fn root_children(&self) -> Vec<ChildStats> {
        let roots: Vec<u32> = self.workers[..self.active].iter().map(|w| w.root).collect();
        self.merged_children(&roots)
            .into_iter()
            .map(|m| ChildStats {
                action: m.action,
                visits: m.tally.visits,
                mean: m.tally.mean(),
            })
            .collect()
    }

    /// The children of `nodes` (one per active worker, `NONE`: none),
    /// merged by action.
    fn merged_children(&self, nodes: &[u32]) -> Vec<Merged> {
        let width = nodes.len();
        let mut out: Vec<Merged> = Vec::new();
        for (w, &n) in nodes.iter().enumerate() {
            if n == NONE {
                continue;
            }
            let tree = &self.workers[w].tree;
            // Oldest first: the tree's lists are newest first.
            let kids: Vec<u32> = tree.children(n).collect();
            for &c in kids.iter().rev() {
                let node = &tree[c];
                let m = match out.iter_mut().position(|m| m.action == node.action) {
                    Some(i) => &mut out[i],
                    None => {
                        out.push(Merged {
                            action: node.action,
                            tally: Tally::default(),
                            kind: node.kind,
                            cursor: node.cursor,
                            nodes: vec![NONE; width],
                        });
                        out.last_mut().expect("just pushed")
                    }
                };
                m.tally.add(&node.tally());
                m.nodes[w] = c;
            }
        }
        out
    }

    /// The plan: the most-visited path from the roots, through decision
    /// nodes, down to a chance node, a leaf, a node visited fewer than
    /// `min_plan_visits` times or the first decision of the next phase
    /// (the first step is always taken). A phase's first decision (whether
    /// and where to attack, once the units have moved) is searched afresh
    /// from its own position, not taken from the few visits the movement's
    /// search gave that deep in its tree.
    pub(super) fn make_plan(&mut self) {
        self.plan.clear();
        self.plan_nodes.clear();
        self.plan_pos = 0;
        let mut at: Vec<u32> = self.workers[..self.active].iter().map(|w| w.root).collect();
        let phase = self.state_at(&at).phase_index();
        loop {
            if self.phases && !self.plan.is_empty() && self.state_at(&at).phase_index() != phase {
                break;
            }
            let kids = self.merged_children(&at);
            let Some(mut best) = (0..kids.len()).max_by(|&a, &b| {
                let (x, y) = (&kids[a].tally, &kids[b].tally);
                // Of equals the last, the newest (as the tree lists them first).
                (x.visits, x.mean())
                    .partial_cmp(&(y.visits, y.mean()))
                    .expect("means are numbers")
            }) else {
                break;
            };
            let mut overruled = None;
            if self.guided {
                // The guide's choice (the first candidate) stands unless
                // another child beats it on evidence.
                let first = self.guide_choice(&at);
                if let Some(g) = kids.iter().position(|m| Some(m.action) == first) {
                    let (gm, bm) = (&kids[g], &kids[best]);
                    if g != best {
                        if bm.tally.beats(&gm.tally, self.deviate, self.deviate_se) {
                            overruled =
                                Some((bm.action, gm.action, bm.tally.mean(), gm.tally.mean()));
                        } else {
                            best = g;
                        }
                    }
                }
            }
            let child = &kids[best];
            if !self.plan.is_empty() && child.tally.visits < self.min_plan_visits {
                break;
            }
            let state = self.state_at(&at).clone();
            self.plan.push(PlanStep {
                state,
                action: child.action,
                cursor: child.cursor,
                overruled,
            });
            self.plan_nodes.extend_from_slice(&child.nodes);
            if child.kind != Kind::Decision {
                break;
            }
            at.clone_from(&child.nodes);
        }
    }

    /// The guide's choice at `nodes` (the first candidate of the first
    /// tree that has expanded its node).
    fn guide_choice(&self, nodes: &[u32]) -> Option<Action> {
        nodes.iter().enumerate().find_map(|(w, &n)| {
            let tree = &self.workers[w].tree;
            (n != NONE && tree[n].expanded && tree[n].n_cands > 0)
                .then(|| tree.pool[tree[n].cands as usize])
        })
    }

    /// The position at `nodes` (the first tree that holds it).
    fn state_at(&self, nodes: &[u32]) -> &GameState {
        let (w, &n) = nodes
            .iter()
            .enumerate()
            .find(|(_, n)| **n != NONE)
            .expect("a plan step is in some tree");
        &self.workers[w].tree[n].state
    }
}
