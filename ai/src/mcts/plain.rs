//! The plain search's candidates: every legal action, less those that lead
//! back where they started, ordered by a [`Ranker`] (by default
//! [`DefaultRanker`], a deterministic shuffle with `EndPhase` last).

use std::hash::{Hash, Hasher};

use hexwar_engine::{Action, GameState, Scenario};
use rand::{Rng, SeedableRng};

use crate::AiRng;

/// Orders a node's candidate actions, best first: progressive widening
/// admits them in this order. Shared by the threads of a search (`Sync`).
pub trait Ranker: Send + Sync {
    /// Reorders `actions` (the legal actions of `state`, pruned), best first.
    fn rank(&self, scen: &Scenario, state: &GameState, actions: &mut Vec<Action>);
}

/// The default ranker: [`Action::EndPhase`] last; the rest in the engine's
/// order, or (`shuffle`, the default) shuffled by an RNG seeded from `seed`
/// and a hash of the state, so the same position always gets the same order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DefaultRanker {
    /// Shuffle the candidates (otherwise: the engine's order).
    pub shuffle: bool,
    /// Mixed into the shuffle's seed.
    pub seed: u64,
}

impl Default for DefaultRanker {
    fn default() -> Self {
        DefaultRanker {
            shuffle: true,
            seed: 0x6d63_7473,
        }
    }
}

impl Ranker for DefaultRanker {
    fn rank(&self, _scen: &Scenario, state: &GameState, actions: &mut Vec<Action>) {
        let end = actions.iter().position(|a| *a == Action::EndPhase);
        if let Some(i) = end {
            actions.remove(i);
        }
        if self.shuffle && actions.len() > 1 {
            // DefaultHasher::new() has fixed keys: the same state hashes the same.
            let mut h = std::collections::hash_map::DefaultHasher::new();
            state.hash(&mut h);
            let mut rng = AiRng::seed_from_u64(h.finish() ^ self.seed);
            for i in (1..actions.len()).rev() {
                let j = rng.random_range(0..=i);
                actions.swap(i, j);
            }
        }
        if end.is_some() {
            actions.push(Action::EndPhase);
        }
    }
}

/// The candidates of `state` for the plain search, into `acts`: its legal
/// actions less [`Action::CancelAttack`] (declaring and withdrawing an
/// attack leads back where it started) and [`Action::UndoRail`] unless it
/// is the only way out of an overstacked Rail Phase (same reason), ranked
/// by `ranker`.
pub(super) fn plain_candidates(
    ranker: &dyn Ranker,
    scen: &Scenario,
    state: &GameState,
    acts: &mut Vec<Action>,
) {
    state.legal_actions(scen, acts);
    let has_end = acts.contains(&Action::EndPhase);
    acts.retain(|a| match a {
        Action::CancelAttack => false,
        Action::UndoRail { .. } => !has_end,
        _ => true,
    });
    ranker.rank(scen, state, acts);
}
