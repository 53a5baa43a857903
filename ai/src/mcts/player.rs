//! The MCTS player: construction (the defaults, another guide, evaluator
//! or ranker), what the last search left for inspection, and the
//! [`Player`] impl: search, follow the plan, search again; and the
//! explanations it gives of its player-turn.

use std::sync::Arc;
use std::time::Instant;

use hexwar_engine::{Action, GameState, HexId, Scenario, UnitId};
use rand::RngCore;

use super::guided::is_skip;
use super::tree::Kind;
use super::worker::Worker;
use super::{
    Budget, DEFAULT_BUDGET, DEVIATE_SE, DICE_STREAMS, DefaultRanker, Evaluator, GuideMaker,
    MctsPlayer, Ranker, SearchStats, StaticEvaluator,
};
use crate::{AiRng, Guide, HeuristicPlayer, Player};

impl Default for MctsPlayer {
    fn default() -> Self {
        MctsPlayer::new(DEFAULT_BUDGET, 0)
    }
}

impl<G: Guide> std::fmt::Debug for MctsPlayer<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MctsPlayer")
            .field("budget", &self.budget)
            .field("exploration", &self.exploration)
            .field("widen_c", &self.widen_c)
            .field("widen_alpha", &self.widen_alpha)
            .field("rollout", &self.rollout)
            .field("guided", &self.guided)
            .field("reply", &self.reply)
            .field("follow", &self.follow)
            .field("phases", &self.phases)
            .field("center", &self.center)
            .field("max_options", &self.max_options)
            .field("deviate", &self.deviate)
            .field("deviate_se", &self.deviate_se)
            .field("plans", &self.plans)
            .field("plan_lines", &self.plan_lines)
            .field("dice_streams", &self.dice_streams)
            .field("min_plan_visits", &self.min_plan_visits)
            .field("threads", &self.threads)
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

impl MctsPlayer {
    /// A player with `budget` per search and `seed` mixed into every
    /// search's seed: guided by the heuristic (4 options per decision,
    /// within 4 points of its best; rollouts through the opponent's reply,
    /// played by a light heuristic; leaves its choice only for a mean
    /// better by 0.01 and [`DEVIATE_SE`] standard errors), exploration 0.4,
    /// widening `ceil(n^0.5)`, the static evaluator, plans followed
    /// through nodes of at least 4 visits, one thread.
    pub fn new(budget: Budget, seed: u64) -> MctsPlayer {
        MctsPlayer::with_guides(
            budget,
            seed,
            Arc::new(|| {
                let mut replies = HeuristicPlayer::default();
                replies.set_light(true);
                (HeuristicPlayer::default(), replies)
            }),
        )
    }
}

impl<G: Guide> MctsPlayer<G> {
    /// [`MctsPlayer::new`] with another guide: `guide` gives the candidates
    /// and plays the searching side's rollouts, `replies` plays the
    /// opponent's replies in them (a light guide, as a rule). It searches
    /// one tree whatever [`MctsPlayer::threads`] says
    /// ([`MctsPlayer::with_guides`] makes guides for more).
    pub fn with_guide(budget: Budget, seed: u64, guide: G, replies: G) -> MctsPlayer<G> {
        let mut p = MctsPlayer::build(budget, seed, Worker::new(guide, replies));
        p.maker = None;
        p
    }

    /// [`MctsPlayer::new`] with guides made by `make` (the searching
    /// side's, the replies'): one pair per tree, as many trees as
    /// [`MctsPlayer::threads`].
    pub fn with_guides(budget: Budget, seed: u64, make: GuideMaker<G>) -> MctsPlayer<G> {
        let (g, r) = make();
        let mut p = MctsPlayer::build(budget, seed, Worker::new(g, r));
        p.maker = Some(make);
        p
    }

    /// The defaults, with one worker.
    fn build(budget: Budget, seed: u64, first: Worker<G>) -> MctsPlayer<G> {
        MctsPlayer {
            budget,
            exploration: 0.4,
            widen_c: 1.0,
            widen_alpha: 0.5,
            rollout: true,
            guided: true,
            reply: true,
            follow: false,
            phases: true,
            center: false,
            max_options: 4,
            option_gap: 4.0,
            deviate: 0.01,
            deviate_se: DEVIATE_SE,
            plans: 0,
            plan_lines: 32,
            dice_streams: DICE_STREAMS,
            plans_key: None,
            min_plan_visits: 4,
            threads: 1,
            seed,
            evaluator: Arc::new(StaticEvaluator::default()),
            static_eval: StaticEvaluator::default(),
            exposure: false,
            ranker: Arc::new(DefaultRanker::default()),
            workers: vec![first],
            maker: None,
            active: 1,
            order: Vec::new(),
            order_key: None,
            cursor: 0,
            plan: Vec::new(),
            plan_nodes: Vec::new(),
            plan_pos: 0,
            stats: SearchStats::default(),
            explain: Vec::new(),
            explain_key: None,
            turn_work: (0, 0),
            turn_start: Instant::now(),
            turn_center: 0.0,
            turn_ms: None,
            turn_iters: None,
        }
    }

    /// Replaces the evaluator.
    pub fn with_evaluator(mut self, e: impl Evaluator + 'static) -> Self {
        self.set_evaluator(e);
        self
    }

    /// Replaces the evaluator (in place).
    pub fn set_evaluator(&mut self, e: impl Evaluator + 'static) {
        self.evaluator = Arc::new(e);
    }

    /// Replaces the ranker, for an unguided search (`guided` off).
    pub fn with_ranker(mut self, r: impl Ranker + 'static) -> Self {
        self.ranker = Arc::new(r);
        self.guided = false;
        self
    }

    /// What the last search did.
    pub fn last_search(&self) -> SearchStats {
        self.stats
    }

    /// The outcomes (position, probability or draw weight) the last
    /// search's (first) tree holds under the root's child `action`, if
    /// that child is a chance node (`Resolve` or `Charge`) that has been
    /// expanded.
    pub fn chance_outcomes(&self, action: Action) -> Option<Vec<(GameState, f64)>> {
        let w = &self.workers[0];
        let c = w
            .tree
            .children(w.root)
            .find(|&c| w.tree[c].action == action)?;
        let n = &w.tree[c];
        if !matches!(n.kind, Kind::Chance | Kind::Sampled) || !n.expanded {
            return None;
        }
        Some(
            w.tree
                .children(c)
                .map(|o| {
                    let o = &w.tree[o];
                    (o.state.clone(), o.weight)
                })
                .collect(),
        )
    }
}

impl<G: Guide> Player for MctsPlayer<G> {
    fn name(&self) -> String {
        "mcts".into()
    }

    fn choose(&mut self, scen: &Scenario, state: &GameState, rng: &mut AiRng) -> Action {
        self.enter_turn(scen, state);
        let a = self.choose_inner(scen, state, rng);
        // An attack is told when declared (its first unit), a charge always.
        let told = match a {
            Action::Attack { .. } => !state.combat().target.is_some(),
            Action::Charge { .. } => true,
            _ => false,
        };
        if told {
            self.say(describe(scen, a));
        }
        a
    }

    fn intent(&self) -> Vec<String> {
        let mut out = vec![format!(
            "mcts: {} searches, {} iterations this turn (last: {} iterations, {} nodes, {:.1} ms)",
            self.turn_work.0,
            self.turn_work.1,
            self.stats.iterations,
            self.stats.nodes,
            self.stats.elapsed.as_secs_f64() * 1e3,
        )];
        out.extend(self.explain.iter().cloned());
        out
    }
}

impl<G: Guide> MctsPlayer<G> {
    /// At the first choice (or search) of a player-turn: its explanation,
    /// work and clock start afresh, and its centre is measured
    /// ([`MctsPlayer::center`]).
    pub(super) fn enter_turn(&mut self, scen: &Scenario, state: &GameState) {
        let key = (state.turn(), state.active_side());
        if self.explain_key == Some(key) {
            return;
        }
        self.explain_key = Some(key);
        self.explain.clear();
        self.turn_work = (0, 0);
        self.turn_start = Instant::now();
        self.turn_center = if self.center {
            self.evaluator.center(scen, state, state.active_side())
        } else {
            0.0
        };
    }

    /// Adds a line to this player-turn's explanation (bounded).
    pub(super) fn say(&mut self, line: String) {
        if self.explain.len() < 64 {
            self.explain.push(line);
        }
    }

    /// The plan's next action while the game is where the plan expects it
    /// (a unit the plan leaves in place is passed over); otherwise, or when
    /// the plan has run out, a new search and its plan.
    fn choose_inner(&mut self, scen: &Scenario, state: &GameState, rng: &mut AiRng) -> Action {
        self.choose_plan(scen, state, rng);
        // Each search decides at least one unit or returns an action: the
        // order bounds the searches (it is known after the first search of
        // a Movement Phase, so the bound is read on every pass).
        let mut searches = 0;
        while searches <= self.order.len() + 1 {
            searches += 1;
            while let Some(step) = self.plan.get(self.plan_pos) {
                if step.state != *state {
                    break;
                }
                let (a, cursor) = (step.action, step.cursor);
                if let Some((taken, theirs, v, w)) = step.overruled {
                    let line = format!(
                        "search: {} rather than the heuristic's {} (value {v:.3} against {w:.3})",
                        describe(scen, taken),
                        describe(scen, theirs)
                    );
                    self.say(line);
                }
                let width = self.active;
                let nodes = &self.plan_nodes[self.plan_pos * width..][..width];
                for (w, &node) in self.workers.iter_mut().zip(nodes) {
                    w.at = node;
                }
                self.plan_pos += 1;
                self.cursor = cursor;
                if !is_skip(a) {
                    return a;
                }
            }
            let seed = rng.next_u64();
            let done = self.search(scen, state, seed);
            self.turn_work.0 += 1;
            self.turn_work.1 += u64::from(done.iterations);
            self.plan_pos = 0;
            if self.plan.is_empty() {
                break;
            }
        }
        // No search possible (no iterations): the first legal action.
        self.plan.clear();
        self.plan_nodes.clear();
        self.plan_pos = 0;
        let mut acts = Vec::new();
        state.legal_actions(scen, &mut acts);
        acts.retain(|a| *a != Action::CancelAttack);
        self.ranker.rank(scen, state, &mut acts);
        acts.first().copied().unwrap_or(Action::EndPhase)
    }
}

/// An action in words, with unit ids and hex labels.
fn describe(scen: &Scenario, a: Action) -> String {
    let unit = |u: UnitId| scen.unit(u).id.as_str();
    let hex = |h: HexId| scen.grid().label(h);
    match a {
        Action::Move { unit: u, to } if !to.is_some() => format!("{} stays", unit(u)),
        Action::Move { unit: u, to } => format!("{} to {}", unit(u), hex(to)),
        Action::RailMove { unit: u, to } => format!("{} by rail to {}", unit(u), hex(to)),
        Action::Attack { unit: u, target } => format!("attack {} (with {})", hex(target), unit(u)),
        Action::Charge { unit: u, target } => format!("{} charges {}", unit(u), hex(target)),
        Action::Advance { unit: u } => format!("{} advances", unit(u)),
        Action::SpendSupply { unit: u } => format!("supply points for {}", unit(u)),
        Action::UndoRail { unit: u } => format!("{} back from its rail move", unit(u)),
        Action::Resolve { air } => format!("roll the attack (air {air})"),
        Action::CancelAttack => "call off the attack".into(),
        Action::EndPhase => "end the phase".into(),
        Action::Rebuild { unit: u, hex: h } => format!("rebuild {} in {}", unit(u), hex(h)),
        Action::ShipRp { pocket } => format!("ship replacement points out of pocket {pocket}"),
        Action::ShipUnit { unit: u } => format!("ship {} out of its pocket", unit(u)),
        Action::EliminatePocket { pocket } => format!("give up pocket {pocket}"),
        Action::Work { unit: u, work } => format!("{} works: {}", unit(u), work.name()),
    }
}
