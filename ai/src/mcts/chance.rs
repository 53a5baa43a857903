//! Chance nodes. Exact: `Resolve` leads to a node whose children are every
//! position the roll can leave ([`combat::branches`]), with its
//! probability, computed once. Sampled ("open loop"): a `Charge` rolls its
//! morale check inside `apply`, with no enumerator exposed, so its node
//! draws an outcome each time it is passed for its first [`CHARGE_SAMPLES`]
//! passes, merging equal outcomes (a child per distinct position, weighted
//! by how often it was drawn), then samples among those by weight.

use hexwar_engine::{Action, Scenario, combat};
use rand::Rng;

use super::CHARGE_SAMPLES;
use super::tree::NONE;
use super::worker::Worker;
use crate::Guide;

impl<G: Guide> Worker<G> {
    /// The exact outcomes of chance node `n`, as its children.
    pub(super) fn expand_chance(&mut self, scen: &Scenario, n: u32) {
        let Action::Resolve { air } = self.tree[n].action else {
            unreachable!("a chance node is reached by Resolve");
        };
        let branches = combat::branches(scen, &self.tree[n].state, air);
        // Pushed to the front: add the least likely first, so the list
        // reads most likely first.
        for (st, p) in branches.into_iter().rev() {
            let kind = self.kind_of(&st);
            let c = self.tree.alloc_owned(st);
            self.tree.init(c, Action::Resolve { air }, n, kind, p);
        }
        self.tree[n].expanded = true;
    }

    /// A child of a chance node drawn by weight.
    pub(super) fn sample_child(&mut self, n: u32) -> u32 {
        let total: f64 = self.tree.children(n).map(|c| self.tree[c].weight).sum();
        let mut x = self.rng.random::<f64>() * total;
        let mut last = NONE;
        let mut c = self.tree[n].first_child;
        while c != NONE {
            let w = self.tree[c].weight;
            if x < w {
                return c;
            }
            x -= w;
            last = c;
            c = self.tree[c].next_sibling;
        }
        last
    }

    /// A child of sampled (charge) node `n`: a fresh draw for its first
    /// [`CHARGE_SAMPLES`] passes, merged with an equal outcome if any.
    pub(super) fn sampled_child(&mut self, scen: &Scenario, n: u32) -> u32 {
        let node = &self.tree[n];
        if node.samples >= CHARGE_SAMPLES {
            return self.sample_child(n);
        }
        let a = node.action;
        let mut work = self.work.take().unwrap_or_else(|| node.state.clone());
        work.clone_from(&node.state);
        work.apply_unchecked(scen, a, &mut self.rng, &mut ());
        self.tree[n].samples += 1;
        self.tree[n].expanded = true;
        let same = self.tree.children(n).find(|&c| self.tree[c].state == work);
        let c = match same {
            Some(c) => {
                self.tree[c].weight += 1.0;
                c
            }
            None => {
                let kind = self.kind_of(&work);
                let c = self
                    .tree
                    .alloc_with(|s| s.clone_from(&work), || work.clone());
                self.tree.init(c, a, n, kind, 1.0);
                c
            }
        };
        self.work = Some(work);
        c
    }
}
