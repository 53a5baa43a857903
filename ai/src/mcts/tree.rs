//! The tree's storage: nodes in a `Vec` arena, linked by indices (parent,
//! first child, next sibling), never pointers; and a pool of candidate
//! actions, each decision node owning a slice of it.
//!
//! The arena is kept between searches: a new search overwrites the old
//! nodes' states with `clone_from`, reusing their buffers, so a warm player
//! allocates little beyond `legal_actions` and combat branches. A new child
//! is pushed to the front of its parent's list.

use std::ops::{Index, IndexMut};

use hexwar_engine::{Action, GameState};

use super::tally::Tally;

/// No node.
pub(super) const NONE: u32 = u32::MAX;

/// What a node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// The searching side chooses.
    Decision,
    /// Reached by `Resolve`: exact outcomes from `combat::branches`.
    Chance,
    /// Reached by `Charge`: outcomes sampled (open loop).
    Sampled,
    /// The player-turn (or the game) is over.
    Leaf,
}

/// One node of the arena.
#[derive(Clone, Debug)]
pub(super) struct Node {
    /// The position here. For a chance node: the position before the roll.
    pub(super) state: GameState,
    /// The action from the parent (for a chance outcome: the parent's).
    pub(super) action: Action,
    /// The parent (`NONE`: the root of the first search of the tree).
    pub(super) parent: u32,
    /// The first child (`NONE`: none).
    pub(super) first_child: u32,
    /// The next child of the same parent (`NONE`: the last).
    pub(super) next_sibling: u32,
    /// What the node is.
    pub(super) kind: Kind,
    /// Candidates (decision) or outcomes (chance) computed.
    pub(super) expanded: bool,
    /// Probability (exact chance outcome) or draw count (sampled outcome).
    pub(super) weight: f64,
    /// Values backed up through here.
    pub(super) visits: u32,
    /// Sum of the values backed up through here.
    pub(super) total: f64,
    /// Sum of their squares (for the spread: [`Tally`]).
    pub(super) sumsq: f64,
    /// Candidates: `pool[cands..cands + n_cands]`, the first `admitted` of
    /// them made children.
    pub(super) cands: u32,
    /// How many candidates.
    pub(super) n_cands: u32,
    /// How many candidates are children.
    pub(super) admitted: u32,
    /// Draws made (sampled node).
    pub(super) samples: u32,
    /// Guided, in a Movement Phase: the next unit of the order to decide.
    pub(super) cursor: u16,
}

impl Node {
    /// The values backed up through here.
    pub(super) fn tally(&self) -> Tally {
        Tally {
            visits: self.visits,
            total: self.total,
            sumsq: self.sumsq,
        }
    }

    /// The mean value backed up through here (0 before any visit).
    pub(super) fn mean(&self) -> f64 {
        self.tally().mean()
    }
}

/// The arena: the first `used` nodes are the tree, the rest old slots
/// whose buffers a new node reuses.
#[derive(Default)]
pub(super) struct Tree {
    nodes: Vec<Node>,
    used: usize,
    /// The candidates of every decision node, each a slice.
    pub(super) pool: Vec<Action>,
}

impl Index<u32> for Tree {
    type Output = Node;

    #[inline]
    fn index(&self, n: u32) -> &Node {
        &self.nodes[n as usize]
    }
}

impl IndexMut<u32> for Tree {
    #[inline]
    fn index_mut(&mut self, n: u32) -> &mut Node {
        &mut self.nodes[n as usize]
    }
}

impl Tree {
    /// Nodes in the tree.
    pub(super) fn len(&self) -> usize {
        self.used
    }

    /// Empties the tree (the slots stay, for reuse).
    pub(super) fn clear(&mut self) {
        self.pool.clear();
        self.used = 0;
    }

    /// The children of `n`, newest first (none for a node not in the tree).
    pub(super) fn children(&self, n: u32) -> impl Iterator<Item = u32> + '_ {
        let first = if (n as usize) < self.used {
            self.nodes[n as usize].first_child
        } else {
            NONE
        };
        std::iter::successors((first != NONE).then_some(first), move |&c| {
            let s = self.nodes[c as usize].next_sibling;
            (s != NONE).then_some(s)
        })
    }

    /// A node slot: an old one (its state overwritten by `reuse`, which
    /// keeps its buffers) or a new one (state from `fresh`).
    pub(super) fn alloc_with(
        &mut self,
        reuse: impl FnOnce(&mut GameState),
        fresh: impl FnOnce() -> GameState,
    ) -> u32 {
        let i = self.used;
        if i < self.nodes.len() {
            reuse(&mut self.nodes[i].state);
        } else {
            self.nodes.push(Node {
                state: fresh(),
                action: Action::EndPhase,
                parent: NONE,
                first_child: NONE,
                next_sibling: NONE,
                kind: Kind::Leaf,
                expanded: false,
                weight: 0.0,
                visits: 0,
                total: 0.0,
                sumsq: 0.0,
                cands: 0,
                n_cands: 0,
                admitted: 0,
                samples: 0,
                cursor: 0,
            });
        }
        self.used += 1;
        i as u32
    }

    /// A slot holding `st`.
    pub(super) fn alloc_owned(&mut self, st: GameState) -> u32 {
        let i = self.used;
        if i < self.nodes.len() {
            self.nodes[i].state = st;
            self.used += 1;
            i as u32
        } else {
            self.alloc_with(|_| {}, || st)
        }
    }

    /// A slot whose state is a copy of node `from`'s.
    pub(super) fn alloc_copy(&mut self, from: u32) -> u32 {
        let i = self.used;
        let f = from as usize;
        debug_assert!(f < i);
        if i < self.nodes.len() {
            let (lo, hi) = self.nodes.split_at_mut(i);
            hi[0].state.clone_from(&lo[f].state);
            self.used += 1;
            i as u32
        } else {
            let st = self.nodes[f].state.clone();
            self.alloc_with(|_| {}, || st)
        }
    }

    /// Makes slot `n` a fresh node reached by `action`, the first child of
    /// `parent` (if any), its cursor the parent's, moved on by a move.
    pub(super) fn init(&mut self, n: u32, action: Action, parent: u32, kind: Kind, weight: f64) {
        let node = &mut self.nodes[n as usize];
        node.action = action;
        node.parent = parent;
        node.first_child = NONE;
        node.next_sibling = NONE;
        node.kind = kind;
        node.expanded = false;
        node.weight = weight;
        node.visits = 0;
        node.total = 0.0;
        node.sumsq = 0.0;
        node.cands = 0;
        node.n_cands = 0;
        node.admitted = 0;
        node.samples = 0;
        node.cursor = 0;
        if parent != NONE {
            let p = &mut self.nodes[parent as usize];
            let first = p.first_child;
            let cursor = p.cursor + matches!(action, Action::Move { .. }) as u16;
            p.first_child = n;
            self.nodes[n as usize].next_sibling = first;
            self.nodes[n as usize].cursor = cursor;
        }
    }
}
