//! The MCTS player: construction (the defaults, another guide, evaluator
//! or ranker), what the last search left for inspection, and the
//! [`Player`] impl: search, follow the plan, search again; and the
//! explanations it gives of its player-turn.

use hexwar_engine::{Action, GameState, HexId, Scenario, Side, UnitId};
use rand::{RngCore, SeedableRng};

use super::guided::is_skip;
use super::tree::{Kind, NONE, Tree};
use super::{
    Budget, ChildStats, DEFAULT_BUDGET, DefaultRanker, Evaluator, MctsPlayer, Ranker, SearchStats,
    StaticEvaluator,
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
            .field("max_options", &self.max_options)
            .field("min_plan_visits", &self.min_plan_visits)
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

impl MctsPlayer {
    /// A player with `budget` per search and `seed` mixed into every
    /// search's seed: guided by the heuristic (4 options per decision,
    /// within 4 points of its best; rollouts through the opponent's reply,
    /// played by a light heuristic; leaves its choice for a mean better by
    /// 0.01), exploration 0.4, widening `ceil(n^0.5)`, the static evaluator,
    /// plans followed through nodes of at least 4 visits.
    pub fn new(budget: Budget, seed: u64) -> MctsPlayer {
        let mut replies = HeuristicPlayer::default();
        replies.set_light(true);
        MctsPlayer::with_guide(budget, seed, HeuristicPlayer::default(), replies)
    }
}

impl<G: Guide> MctsPlayer<G> {
    /// [`MctsPlayer::new`] with another guide: `guide` gives the candidates
    /// and plays the searching side's rollouts, `replies` plays the
    /// opponent's replies in them (a light guide, as a rule).
    pub fn with_guide(budget: Budget, seed: u64, guide: G, replies: G) -> MctsPlayer<G> {
        MctsPlayer {
            budget,
            exploration: 0.4,
            widen_c: 1.0,
            widen_alpha: 0.5,
            rollout: true,
            guided: true,
            reply: true,
            max_options: 4,
            option_gap: 4.0,
            deviate: 0.01,
            min_plan_visits: 4,
            seed,
            evaluator: Box::new(StaticEvaluator::default()),
            ranker: Box::new(DefaultRanker::default()),
            tree: Tree::default(),
            scratch: Vec::new(),
            work: None,
            rng: AiRng::seed_from_u64(0),
            dice: AiRng::seed_from_u64(0),
            dice_base: 0,
            side: Side(0),
            key: (0, Side(0)),
            guide,
            opp: replies,
            order: Vec::new(),
            order_key: None,
            cursor: 0,
            options: Vec::new(),
            plan: Vec::new(),
            root: 0,
            at: NONE,
            plan_pos: 0,
            stats: SearchStats::default(),
            explain: Vec::new(),
            explain_key: None,
            plan_overruled: Vec::new(),
            turn_work: (0, 0),
        }
    }

    /// Replaces the evaluator.
    pub fn with_evaluator(mut self, e: impl Evaluator + 'static) -> Self {
        self.evaluator = Box::new(e);
        self
    }

    /// Replaces the ranker, for an unguided search (`guided` off).
    pub fn with_ranker(mut self, r: impl Ranker + 'static) -> Self {
        self.ranker = Box::new(r);
        self.guided = false;
        self
    }

    /// What the last search did.
    pub fn last_search(&self) -> SearchStats {
        self.stats
    }

    /// The root's children after the last search, in tree order.
    pub fn root_children(&self) -> Vec<ChildStats> {
        self.tree
            .children(self.root)
            .map(|c| {
                let n = &self.tree[c];
                ChildStats {
                    action: n.action,
                    visits: n.visits,
                    mean: n.mean(),
                }
            })
            .collect()
    }

    /// The outcomes (position, probability or draw weight) the last
    /// search's tree holds under the root's child `action`, if that child
    /// is a chance node (`Resolve` or `Charge`) that has been expanded.
    pub fn chance_outcomes(&self, action: Action) -> Option<Vec<(GameState, f64)>> {
        let c = self
            .tree
            .children(self.root)
            .find(|&c| self.tree[c].action == action)?;
        let n = &self.tree[c];
        if !matches!(n.kind, Kind::Chance | Kind::Sampled) || !n.expanded {
            return None;
        }
        Some(
            self.tree
                .children(c)
                .map(|o| {
                    let o = &self.tree[o];
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
        let key = (state.turn(), state.active_side());
        if self.explain_key != Some(key) {
            self.explain_key = Some(key);
            self.explain.clear();
            self.turn_work = (0, 0);
        }
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
    /// Adds a line to this player-turn's explanation (bounded).
    fn say(&mut self, line: String) {
        if self.explain.len() < 64 {
            self.explain.push(line);
        }
    }

    /// The plan's next action while the game is where the plan expects it
    /// (a unit the plan leaves in place is passed over); otherwise, or when
    /// the plan has run out, a new search and its plan.
    fn choose_inner(&mut self, scen: &Scenario, state: &GameState, rng: &mut AiRng) -> Action {
        // Each search decides at least one unit or returns an action: the
        // order bounds the searches (it is known after the first search of
        // a Movement Phase, so the bound is read on every pass).
        let mut searches = 0;
        while searches <= self.order.len() + 1 {
            searches += 1;
            while let Some((expect, a, cursor, node)) = self.plan.get(self.plan_pos) {
                if expect != state {
                    break;
                }
                let (a, cursor, node) = (*a, *cursor, *node);
                if let Some(Some((taken, theirs, v, w))) = self.plan_overruled.get(self.plan_pos) {
                    let line = format!(
                        "search: {} rather than the heuristic's {} (value {v:.3} against {w:.3})",
                        describe(scen, *taken),
                        describe(scen, *theirs)
                    );
                    self.say(line);
                }
                self.plan_pos += 1;
                self.cursor = cursor;
                self.at = node;
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
    }
}
