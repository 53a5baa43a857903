//! Weighing the guide's plans of attack at the start of a Movement Phase
//! (`plans=N`), before the unit-by-unit search.
//!
//! The search decides the units one by one, each among the few
//! destinations the guide scores best under its own plan of attack: it can
//! move one unit off the plan, not the plan's concentration onto another
//! target, nor make the side bolder or more careful as a whole. So at the
//! start of a Movement Phase the player asks the guide for its plan
//! variants ([`Guide::plan_variants`]: the heuristic's are its own plan,
//! bolder, cautious, and its plan without its first or second target),
//! plays [`MctsPlayer::plan_lines`] rollouts under each of the first
//! [`MctsPlayer::plans`] (the guide finishing the player-turn under the
//! variant, the opponent's reply, the evaluation: what an iteration of the
//! search plays), each rollout `r` on the same dice under every variant,
//! and puts in force the best variant if it beats the guide's own on
//! evidence, as the search's plan does ([`MctsPlayer::deviate`],
//! [`MctsPlayer::deviate_se`]). The search then runs under it for the
//! rest of the player-turn. The rollouts count toward the player-turn's
//! caps (`turn_iters`, `turn_ms`).

use std::time::Instant;

use hexwar_engine::{GameState, PhaseKind, Scenario};
use rand::{RngCore, SeedableRng};

use super::MctsPlayer;
use super::tally::Tally;
use super::tree::NONE;
use crate::{AiRng, Guide};

impl<G: Guide> MctsPlayer<G> {
    /// At the first choice of a Movement Phase, with `plans` > 1: weighs
    /// the guide's plan variants and puts the best in force (see the
    /// module doc). Draws nothing from `rng` otherwise.
    pub(super) fn choose_plan(&mut self, scen: &Scenario, state: &GameState, rng: &mut AiRng) {
        if !self.guided
            || self.plans < 2
            || state.is_over()
            || state.phase(scen) != PhaseKind::Movement
        {
            return;
        }
        let key = (state.turn(), state.active_side(), state.phase_index());
        if self.plans_key == Some(key) {
            return;
        }
        self.plans_key = Some(key);
        self.sync_order(scen, state);
        self.add_workers();
        let seed = rng.next_u64();
        let n = self.workers[0]
            .guide
            .plan_variants(scen, state)
            .min(self.plans);
        if n < 2 {
            return;
        }
        let values = self.weigh_plans(scen, state, n, seed);
        let mean = |k: usize| Tally::of(values[k].iter().copied()).mean();
        let best = (1..n)
            .max_by(|&a, &b| mean(a).total_cmp(&mean(b)))
            .filter(|&b| beats_paired(&values[b], &values[0], self.deviate, self.deviate_se))
            .unwrap_or(0);
        for w in &mut self.workers {
            w.guide.set_plan_variant(scen, state, best);
            // A tree grown under another plan is not searched on.
            w.at = NONE;
        }
        if best != 0 {
            let name = self.workers[0].guide.plan_variant_name(scen, best);
            let own = self.workers[0].guide.plan_variant_name(scen, 0);
            self.say(format!(
                "plan: {name} rather than {own} (value {:.3} against {:.3}, {} lines each)",
                mean(best),
                mean(0),
                values[0].len()
            ));
        }
    }

    /// The values of `plan_lines` rollouts under each of the first `n`
    /// plan variants, on the first worker, within the player-turn's caps
    /// (the `r`-th of each on the same dice).
    fn weigh_plans(
        &mut self,
        scen: &Scenario,
        state: &GameState,
        n: usize,
        seed: u64,
    ) -> Vec<Vec<f64>> {
        let mut values = vec![Vec::with_capacity(self.plan_lines as usize); n];
        let (evaluator, ranker) = (self.evaluator.clone(), self.ranker.clone());
        let order = std::mem::take(&mut self.order);
        let p = self.params(&*evaluator, &*ranker, &order);
        let mut left = p.turn_left.unwrap_or(u64::MAX);
        let w = &mut self.workers[0];
        w.side = state.active_side();
        w.key = (state.turn(), state.active_side());
        w.rng = AiRng::seed_from_u64(seed);
        let dice_base = w.rng.next_u64();
        w.opp.new_search();
        if let Some(next) = &mut w.next {
            next.new_search();
        }
        let mut spent = 0u64;
        'variants: for (k, vs) in values.iter_mut().enumerate() {
            w.guide.set_plan_variant(scen, state, k);
            for r in 0..self.plan_lines {
                if left == 0 || p.turn_deadline.is_some_and(|d| Instant::now() >= d) {
                    break 'variants;
                }
                w.guide.new_line();
                w.dice = AiRng::seed_from_u64(dice_base ^ u64::from(r));
                let mut work = w.work.take().unwrap_or_else(|| state.clone());
                work.clone_from(state);
                let v = w.play_out(&p, scen, work, p.cursor);
                vs.push(v);
                left -= 1;
                spent += 1;
            }
        }
        self.order = order;
        self.turn_work.1 += spent;
        values
    }
}

/// Does `a` beat `b` on paired evidence: over the rollouts both have
/// (the `r`-th of each on the same dice), the mean of `a - b` above
/// `margin` plus `k` standard errors of that mean? Two plans that play
/// alike give equal values on the same dice, so what they differ by is
/// measured without the luck they share.
fn beats_paired(a: &[f64], b: &[f64], margin: f64, k: f64) -> bool {
    let gaps = Tally::of(a.iter().zip(b).map(|(x, y)| x - y));
    gaps.mean() > margin + k * gaps.se2().sqrt()
}

#[cfg(test)]
mod tests {
    use super::beats_paired;

    #[test]
    fn shared_luck_is_paired_out() {
        // Each rollout's luck moves both plans alike; `better` gains 0.02
        // on each, which their spread alone would hide.
        let luck: Vec<f64> = (0..32).map(|r| 0.1 + 0.025 * f64::from(r % 32)).collect();
        let better: Vec<f64> = luck.iter().map(|v| v + 0.02).collect();
        assert!(beats_paired(&better, &luck, 0.01, 2.0));
        assert!(!beats_paired(&luck, &better, 0.0, 0.0));
        // The same plan played twice: no gap, no evidence.
        assert!(!beats_paired(&luck, &luck, 0.0, 2.0));
        // Gains and losses that cancel out: no evidence.
        let mixed: Vec<f64> = luck
            .iter()
            .enumerate()
            .map(|(r, v)| if r % 2 == 0 { v + 0.1 } else { v - 0.1 })
            .collect();
        assert!(!beats_paired(&mixed, &luck, 0.01, 2.0));
        // One pair, or none, is no evidence.
        assert!(!beats_paired(&[0.9], &[0.1], 0.0, 2.0));
        assert!(!beats_paired(&[], &[], -1.0, 0.0));
    }
}
