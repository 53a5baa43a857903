//! A search of the player: its workers (one per thread) each search the
//! position with a seed of their own and a share of the budget, on scoped
//! threads; then the plan is made over their trees together.
//!
//! With an iteration budget the result does not depend on timing: each
//! worker's search is a function of its seed, its share and its tree, and
//! the merge reads the workers in order.

use std::time::{Duration, Instant};

use hexwar_engine::{GameState, PhaseKind, Scenario, UnitId};

use super::worker::{Params, Worker};
use super::{Budget, Evaluator, MctsPlayer, Ranker, SearchStats};
use crate::Guide;

/// The seed of worker `i` of a search seeded `seed` (the first keeps it).
fn worker_seed(seed: u64, player_seed: u64, i: usize) -> u64 {
    let mut z = seed ^ player_seed.rotate_left(17);
    if i > 0 {
        // splitmix64 of the seed and the index.
        z = z.wrapping_add((i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
    }
    z
}

/// Worker `i`'s share of `budget` among `n`: iterations split as evenly
/// as they go (the first get one more), time the same for all.
fn share(budget: Budget, i: usize, n: usize) -> Budget {
    match budget {
        Budget::Iterations(t) => {
            let (q, r) = (t / n as u32, t % n as u32);
            Budget::Iterations((q + u32::from((i as u32) < r)).max(1))
        }
        Budget::Millis(ms) => Budget::Millis(ms),
    }
}

/// Worker `i`'s part of `left` iterations shared among `n` workers (the
/// parts add up to `left`; a part may be 0).
fn share_count(left: u64, i: usize, n: usize) -> u64 {
    let n = n as u64;
    left / n + u64::from((i as u64) < left % n)
}

impl<G: Guide> MctsPlayer<G> {
    /// Searches from `state` (its side's player-turn) with search RNGs
    /// seeded from `seed` and [`MctsPlayer::seed`], on
    /// [`MctsPlayer::threads`] trees, and leaves the plan.
    pub fn search(&mut self, scen: &Scenario, state: &GameState, seed: u64) -> SearchStats {
        let start = Instant::now();
        self.enter_turn(scen, state);
        if self.guided {
            self.sync_order(scen, state);
        }
        self.add_workers();
        let n = self.threads.clamp(1, self.workers.len());
        self.active = n;
        let mut base = self.params(&*self.evaluator, &*self.ranker, &self.order);
        let combat_to_come = scen.phases()[state.phase_index() + 1..].contains(&PhaseKind::Combat);
        if let (true, true, Budget::Iterations(n)) = (self.phases, combat_to_come, base.budget) {
            // The phases before the Combat Phase leave it one search's
            // worth of the player-turn's cap: whether and where to attack
            // is searched, not left to the guide.
            base.turn_left = base.turn_left.map(|l| l.saturating_sub(u64::from(n)));
        }
        let player_seed = self.seed;
        let run = &|i: usize, w: &mut Worker<G>| {
            let p = Params {
                budget: share(base.budget, i, n),
                turn_left: base.turn_left.map(|left| share_count(left, i, n)),
                ..base
            };
            w.run(&p, scen, state, worker_seed(seed, player_seed, i))
        };
        let mut all = Vec::with_capacity(n);
        if n == 1 {
            all.push(run(0, &mut self.workers[0]));
        } else {
            std::thread::scope(|s| {
                let (first, rest) = self.workers[..n].split_at_mut(1);
                let handles: Vec<_> = rest
                    .iter_mut()
                    .enumerate()
                    .map(|(i, w)| s.spawn(move || run(i + 1, w)))
                    .collect();
                all.push(run(0, &mut first[0]));
                for h in handles {
                    all.push(h.join().expect("a search thread panicked"));
                }
            });
        }
        self.make_plan();
        let mut stats = SearchStats {
            elapsed: start.elapsed(),
            ..SearchStats::default()
        };
        for s in &all {
            stats.iterations += s.iterations;
            stats.nodes += s.nodes;
            stats.reused |= s.reused;
            stats.prior_visits += s.prior_visits;
        }
        self.stats = stats;
        stats
    }

    /// The knobs a worker's search reads, with these borrowed parts (the
    /// budget whole, the player-turn's cap what is left of it).
    pub(super) fn params<'a>(
        &self,
        evaluator: &'a dyn Evaluator,
        ranker: &'a dyn Ranker,
        order: &'a [UnitId],
    ) -> Params<'a> {
        Params {
            budget: self.budget,
            exploration: self.exploration,
            widen_c: self.widen_c,
            widen_alpha: self.widen_alpha,
            rollout: self.rollout,
            guided: self.guided,
            reply: self.reply,
            follow: self.follow,
            phases: self.phases,
            max_options: self.max_options,
            option_gap: self.option_gap,
            evaluator,
            center: self.turn_center,
            ranker,
            order,
            cursor: self.cursor,
            turn_deadline: self
                .turn_ms
                .map(|ms| self.turn_start + Duration::from_millis(ms)),
            turn_left: self
                .turn_iters
                .map(|cap| cap.saturating_sub(self.turn_work.1)),
            dice_streams: self.dice_streams,
        }
    }

    /// Workers up to [`MctsPlayer::threads`] (while guides can be made for
    /// them), none dropped: a worker keeps its tree and its guides' caches.
    pub(super) fn add_workers(&mut self) {
        let want = self.threads.max(1);
        if let Some(make) = &self.maker {
            while self.workers.len() < want {
                let (g, o) = make();
                self.workers.push(Worker::new(g, o));
            }
            // The follow-up's guide, made only for a player that follows.
            if self.follow {
                for w in self.workers.iter_mut().filter(|w| w.next.is_none()) {
                    w.next = Some(make().1);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Budget, share, share_count, worker_seed};

    #[test]
    fn shares_add_up_and_seeds_differ() {
        let total: u32 = (0..3)
            .map(|i| match share(Budget::Iterations(100), i, 3) {
                Budget::Iterations(n) => n,
                Budget::Millis(_) => unreachable!(),
            })
            .sum();
        assert_eq!(total, 100);
        assert_eq!(share(Budget::Millis(7), 1, 2), Budget::Millis(7));
        let parts: Vec<u64> = (0..2).map(|i| share_count(3, i, 2)).collect();
        assert_eq!(parts, [2, 1]);
        assert_eq!(share_count(0, 1, 2), 0);
        assert_eq!(worker_seed(5, 0, 0), 5);
        assert_ne!(worker_seed(5, 0, 1), worker_seed(5, 0, 2));
    }
}
