//! Monte Carlo tree search over the player's own turn (issue #6).
//!
//! # What the tree holds
//!
//! The tree spans the actions of the side whose player-turn it is, until
//! that player-turn ends: a node whose state has another (turn, active side)
//! than the root's, or whose game is over, is a **leaf**. Every decision in
//! the tree is the searching side's, so values are backed up unchanged (no
//! sign flip): a value is always the searching side's, in `[0, 1]`.
//!
//! # Guided by the heuristic (the default)
//!
//! [`HeuristicPlayer`] is the backbone ([`MctsPlayer::guided`]): the search
//! can only leave the heuristic's play where it shows a gain.
//!
//! * **Unit by unit.** In a Movement Phase the units are decided in the
//!   heuristic's order (front units first), each once: a node's candidates
//!   are the next unit's destinations the heuristic scores best (at most
//!   [`MctsPlayer::max_options`], within [`MctsPlayer::option_gap`] of its
//!   best), its own choice first, and staying (an edge that changes
//!   nothing but moves on to the next unit). Supply points spent and
//!   charges come first when the heuristic wants them. A unit neither in
//!   the enemy's reach next turn nor with an option in it keeps the
//!   heuristic's move, without a search. After the last unit, the phase
//!   ends. In other phases: the heuristic's action first, then ending the
//!   phase, rolling the attack declared as it stands, or declaring an
//!   attack on another hex.
//! * **Rollouts by the heuristic.** A new node is valued by the heuristic
//!   finishing the player-turn from it, then (by default,
//!   [`MctsPlayer::reply`]) the heuristic playing the opponent's reply to
//!   the start of the searching side's next player-turn (its Supply Phase
//!   judged), then the [`Evaluator`]. The rollouts trace less supply than
//!   the heuristic does in play (a few what-if cuts), and the reply's
//!   distance fields are built once per search: most of a graded-supply
//!   scenario's time went there. Rollouts of iteration `i` roll the dice of
//!   one of 16 streams (`i` mod 16): common random
//!   numbers, so lines that differ in one choice meet the same luck.
//! * **Choosing.** The plan follows the most-visited child, but keeps the
//!   heuristic's choice unless the other child's mean value is higher by
//!   more than [`MctsPlayer::deviate`].
//! * **Tree reuse.** When the game reaches a node of the last search's tree
//!   (by the plan, or an outcome of the combat the plan ended at), the next
//!   search goes on in that subtree: an iteration budget tops the root's
//!   visits up to the budget.
//!
//! # The plain search
//!
//! With `guided` off (or a custom [`Ranker`]: [`MctsPlayer::with_ranker`]):
//!
//! * **Decision nodes** take their candidates from
//!   [`GameState::legal_actions`], less [`Action::CancelAttack`] (declaring
//!   and withdrawing an attack leads back where it started) and
//!   [`Action::UndoRail`] unless it is the only way out of an overstacked
//!   Rail Phase (same reason), ordered by a [`Ranker`] (by default
//!   [`DefaultRanker`]: a deterministic shuffle with [`Action::EndPhase`]
//!   last).
//! * A leaf, and a node reached for the first time, is valued by the
//!   [`Evaluator`] (by default [`StaticEvaluator`]: victory points, steps
//!   lost, supply, squashed by a logistic), by default after a random
//!   rollout to the end of the player-turn ([`MctsPlayer::rollout`],
//!   played by [`RandomPlayer`] with the search RNG).
//!
//! # Common to both
//!
//! * **Progressive widening**: a node with `n` visits may have at most
//!   `ceil(widen_c * n^widen_alpha)` children (defaults 1 and 0.5),
//!   admitted in rank order; among them, UCB1 selects (exploration constant
//!   [`MctsPlayer::exploration`]).
//! * **Chance nodes, exact**: [`Action::Resolve`] leads to a node whose
//!   children are [`combat::branches`] of the position with the attack
//!   declared: every position the roll can leave, with its probability,
//!   computed once per node. Selection samples a child by its probability
//!   with the search RNG.
//! * **Chance nodes, sampled ("open loop")**: [`Action::Charge`] rolls a
//!   morale check inside `apply`, with no enumerator exposed. Its node
//!   applies the charge with [`GameState::apply_unchecked`] and an RNG drawn
//!   from the search RNG each time it is passed, for its first
//!   [`CHARGE_SAMPLES`] passes, merging equal outcomes (a child per distinct
//!   position, weighted by how often it was drawn); after that it samples
//!   its children by those weights. The outcome probabilities are thus
//!   estimates, not exact.
//! * The other randomness of `apply` — attrition and the Penang roll in a
//!   Supply Phase — only happens once the player-turn has ended, on the edge
//!   into a leaf: that leaf holds one sample of it.
//!
//! # Playing a turn
//!
//! [`Player::choose`] searches from the current state, then follows the
//! plan (each step with the state it expects), down to a chance node, a
//! leaf, or a node with fewer than [`MctsPlayer::min_plan_visits`] visits.
//! It searches again when the state is not the one the plan expects (after
//! a roll, or any deviation) or the plan has run out.
//!
//! # Determinism
//!
//! All randomness comes from the RNGs of a search, seeded from the
//! [`AiRng`] passed to `choose` (one `u64` per search) and
//! [`MctsPlayer::seed`]: with [`Budget::Iterations`], the same seed gives
//! the same choices. [`Budget::Millis`] depends on the machine's speed.
//!
//! # Memory
//!
//! Nodes live in a `Vec` arena (indices, not pointers), each with its
//! state. The arena is kept between searches: a new search overwrites the
//! old nodes' states with `clone_from`, reusing their buffers, so a warm
//! player allocates little beyond `legal_actions` and combat branches.

use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

use hexwar_engine::scenario::SupplyModel;
use hexwar_engine::{Action, GameState, HexId, PhaseKind, Scenario, Side, SupplyState, UnitId};
use hexwar_engine::{combat, supply};
use rand::{Rng, RngCore, SeedableRng};

use crate::{AiRng, HeuristicPlayer, Player, RandomPlayer};

/// How long a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations: reproducible.
    Iterations(u32),
    /// Wall-clock milliseconds per search: not reproducible.
    Millis(u64),
}

/// The default budget: 100 iterations per search (the root's visits, a
/// reused subtree's counted). Guided, with the opponent's reply in every
/// rollout, an MCTS side takes about 4 s per game of Malaya (about 11,000
/// iterations over 160 searches), 1 s of Morne-Plaine and 30 s of
/// Eastfront (graded supply) in release on one core; against the
/// heuristic it scores 67% on Malaya (100 paired games), 51.5% on
/// Morne-Plaine (100) and 79% on Eastfront (40).
pub const DEFAULT_BUDGET: Budget = Budget::Iterations(100);

/// Dice streams of the guided rollouts (common random numbers).
const DICE_STREAMS: u32 = 16;

/// Draws a [`Action::Charge`] node makes before it samples only among the
/// outcomes it has seen.
pub const CHARGE_SAMPLES: u32 = 8;

/// Values positions for the search, from one side's point of view, in `[0, 1]`.
pub trait Evaluator: Send {
    /// The value of `state` for `side`: 1 best, 0 worst.
    fn value(&self, scen: &Scenario, state: &GameState, side: Side) -> f64;
}

/// Orders a node's candidate actions, best first: progressive widening
/// admits them in this order.
pub trait Ranker: Send {
    /// Reorders `actions` (the legal actions of `state`, pruned), best first.
    fn rank(&self, scen: &Scenario, state: &GameState, actions: &mut Vec<Action>);
}

/// The default evaluator: a logistic squash of a margin in victory points.
///
/// A finished game is 1 (won), 0 (lost) or 0.5 (drawn), times 0.9, plus
/// 0.1 times the squashed margin (a bigger win is better). Otherwise the
/// margin is `vp[side] - vp[enemy]` (objectives held and enemy steps
/// eliminated, [`GameState::victory_points`]) plus `step_weight` VP per
/// step of difference in steps lost (so losses count even where `step_vp`
/// is 0) plus `supply_weight` VP per unit of difference in units out of
/// supply (limited supply counts half; as last judged, or traced from the
/// position in a scenario with no Supply Phase), and the value is
/// `1 / (1 + exp(-steepness * margin / scale))` with `scale` the
/// scenario's decisive margin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StaticEvaluator {
    /// VP per step of difference in steps lost.
    pub step_weight: f64,
    /// VP per unit of difference in units out of supply.
    pub supply_weight: f64,
    /// Slope of the squash at a margin of the decisive threshold.
    pub steepness: f64,
}

impl Default for StaticEvaluator {
    fn default() -> Self {
        StaticEvaluator {
            step_weight: 0.5,
            supply_weight: 0.5,
            steepness: 2.0,
        }
    }
}

impl StaticEvaluator {
    /// The margin (in VP) the squash is applied to.
    pub fn margin(&self, scen: &Scenario, state: &GameState, side: Side) -> f64 {
        let me = side.index();
        let them = side.other().index();
        let vp = state.victory_points(scen);
        let lost = state.steps_lost();
        let mut out = [0.0f64; 2];
        // Where no Supply Phase judges supply (small test scenarios), it
        // is traced from the position.
        let traced = scen.supply_rules().model != SupplyModel::None
            && !scen.phases().contains(&PhaseKind::Supply);
        for (i, (us, setup)) in state.units().iter().zip(scen.units()).enumerate() {
            if !us.on_map() {
                continue;
            }
            let supply = if traced {
                supply::trace(scen, state, UnitId(i as u16)).state
            } else {
                us.supply
            };
            out[setup.side.index()] += match supply {
                SupplyState::Out => 1.0,
                SupplyState::Limited => 0.5,
                _ => 0.0,
            };
        }
        (vp[me] - vp[them]) as f64
            + self.step_weight * (lost[them] as f64 - lost[me] as f64)
            + self.supply_weight * (out[them] - out[me])
    }
}

impl Evaluator for StaticEvaluator {
    fn value(&self, scen: &Scenario, state: &GameState, side: Side) -> f64 {
        let scale = scen.victory().decisive.max(1) as f64;
        let x = self.steepness * self.margin(scen, state, side) / scale;
        let squash = 1.0 / (1.0 + (-x).exp());
        match state.result() {
            // A result outweighs any margin; among results, the margin.
            Some(r) => {
                let base = match r.winner {
                    Some(w) if w == side => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                0.9 * base + 0.1 * squash
            }
            None => squash,
        }
    }
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

/// No node.
const NONE: u32 = u32::MAX;
/// Safety cap on the depth of a descent (actions in one player-turn).
const MAX_DEPTH: usize = 1024;
/// Safety cap on the actions of a rollout.
const MAX_ROLLOUT: usize = 512;

/// What a node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
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
struct Node {
    /// The position here. For a chance node: the position before the roll.
    state: GameState,
    /// The action from the parent (for a chance outcome: the parent's).
    action: Action,
    parent: u32,
    first_child: u32,
    next_sibling: u32,
    kind: Kind,
    /// Candidates (decision) or outcomes (chance) computed.
    expanded: bool,
    /// Probability (exact chance outcome) or draw count (sampled outcome).
    weight: f64,
    visits: u32,
    /// Sum of the values backed up through here.
    total: f64,
    /// Candidates: `pool[cands..cands + n_cands]`, the first `admitted` of
    /// them made children.
    cands: u32,
    n_cands: u32,
    admitted: u32,
    /// Draws made (sampled node).
    samples: u32,
    /// Guided, in a Movement Phase: the next unit of the order to decide.
    cursor: u16,
}

impl Node {
    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.total / self.visits as f64
        }
    }
}

/// What one search did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Iterations run.
    pub iterations: u32,
    /// Nodes in the tree.
    pub nodes: usize,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// The search went on in the subtree the game reached (guided).
    pub reused: bool,
    /// Visits of the root when the search began.
    pub prior_visits: u32,
}

impl SearchStats {
    /// Iterations per second.
    pub fn per_second(&self) -> f64 {
        self.iterations as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// A child of the root after a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChildStats {
    /// Its action.
    pub action: Action,
    /// Visits.
    pub visits: u32,
    /// Mean value (searching side's, `[0, 1]`).
    pub mean: f64,
}

/// The MCTS player. See the [module documentation](self).
pub struct MctsPlayer {
    /// Search budget per search.
    pub budget: Budget,
    /// UCB1 exploration constant.
    pub exploration: f64,
    /// Progressive widening: at most `ceil(widen_c * n^widen_alpha)` children.
    pub widen_c: f64,
    /// Progressive widening exponent.
    pub widen_alpha: f64,
    /// Value leaves after a rollout to the end of the player-turn (by the
    /// heuristic when `guided`, else by the random player).
    pub rollout: bool,
    /// The heuristic guides the search: it gives the candidates, its own
    /// choice first, and plays the rollouts. Off: candidates from the
    /// [`Ranker`] over every legal action, random rollouts.
    pub guided: bool,
    /// Guided rollouts go on through the opponent's reply (its player-turn
    /// played by the heuristic) before the evaluator is asked.
    pub reply: bool,
    /// Guided: candidates per unit in a Movement Phase (its best
    /// destinations by the heuristic's score, staying among them), and per
    /// decision in other phases.
    pub max_options: usize,
    /// Guided: a unit's destination is a candidate only if the heuristic
    /// scores it within this much of its best.
    pub option_gap: f64,
    /// Guided: the plan leaves the heuristic's choice for the most visited
    /// other child only if that child's mean value is higher by more than this.
    pub deviate: f64,
    /// The plan stops at the first node with fewer visits than this
    /// (its first step is always taken).
    pub min_plan_visits: u32,
    /// Mixed into every search's seed.
    pub seed: u64,
    evaluator: Box<dyn Evaluator>,
    ranker: Box<dyn Ranker>,
    // --- the arena, kept between searches ---
    nodes: Vec<Node>,
    used: usize,
    pool: Vec<Action>,
    scratch: Vec<Action>,
    work: Option<GameState>,
    rng: AiRng,
    /// The dice of the guided rollouts (see `DICE_STREAMS`).
    dice: AiRng,
    dice_base: u64,
    side: Side,
    key: (u8, Side),
    // --- the guide ---
    guide: HeuristicPlayer,
    /// The heuristic that plays the opponent's reply in rollouts.
    opp: HeuristicPlayer,
    /// The units of this Movement Phase in the order they are decided.
    order: Vec<UnitId>,
    /// (turn, side, phase) `order` belongs to.
    order_key: Option<(u8, Side, usize)>,
    /// The next unit of `order` to decide in the game.
    cursor: u16,
    options: Vec<(f64, HexId)>,
    // --- the plan: (position, action, cursor after it) ---
    plan: Vec<(GameState, Action, u16, u32)>,
    /// The search's root node.
    root: u32,
    /// Guided: the node the game reached by the plan's steps (`NONE`: none).
    at: u32,
    plan_pos: usize,
    stats: SearchStats,
    /// What it meant this player-turn: the choices where the search
    /// overruled the heuristic, and the attacks it made (for people).
    explain: Vec<String>,
    /// (turn, side) `explain` belongs to.
    explain_key: Option<(u8, Side)>,
    /// Per step of `plan`, when the search overruled the heuristic there:
    /// (taken, the heuristic's, their mean values).
    plan_overruled: Vec<Option<(Action, Action, f64, f64)>>,
    /// Searches and iterations this player-turn.
    turn_work: (u32, u64),
}

impl Default for MctsPlayer {
    fn default() -> Self {
        MctsPlayer::new(DEFAULT_BUDGET, 0)
    }
}

impl std::fmt::Debug for MctsPlayer {
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
    /// within 4 points of its best; rollouts through the opponent's reply;
    /// leaves its choice for a mean better by 0.01), exploration 0.4,
    /// widening `ceil(n^0.5)`, the static evaluator, plans followed through
    /// nodes of at least 4 visits.
    pub fn new(budget: Budget, seed: u64) -> MctsPlayer {
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
            nodes: Vec::new(),
            used: 0,
            pool: Vec::new(),
            scratch: Vec::new(),
            work: None,
            rng: AiRng::seed_from_u64(0),
            dice: AiRng::seed_from_u64(0),
            dice_base: 0,
            side: Side(0),
            key: (0, Side(0)),
            guide: HeuristicPlayer::default(),
            opp: HeuristicPlayer::light(),
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

    /// Parses comma-separated options, each `key=value` (the part of a spec
    /// after `mcts:`): `iters=N` or `ms=N` (budget), `c=X` (exploration),
    /// `wc=X`, `walpha=X` (widening), `rollout=0|1`, `guided=0|1`,
    /// `reply=0|1`, `opts=N` (`max_options`), `gap=X` (`option_gap`),
    /// `dev=X` (`deviate`), `plan=N` (least visits a plan step needs),
    /// `seed=N`. Empty: the defaults.
    pub fn from_options(opts: &str) -> Result<MctsPlayer, String> {
        let mut p = MctsPlayer::default();
        for kv in opts.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (k, v) = kv
                .split_once('=')
                .ok_or_else(|| format!("mcts option \"{kv}\" is not key=value"))?;
            let (k, v) = (k.trim(), v.trim());
            let num = |what: &str| -> Result<f64, String> {
                v.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x >= 0.0)
                    .ok_or_else(|| format!("mcts option {k}: \"{v}\" is not {what}"))
            };
            let flag = || -> Result<bool, String> {
                match v {
                    "1" | "true" | "yes" | "on" => Ok(true),
                    "0" | "false" | "no" | "off" => Ok(false),
                    _ => Err(format!("mcts option {k}: \"{v}\" is not 0 or 1")),
                }
            };
            let int = || -> Result<u64, String> {
                v.parse::<u64>()
                    .map_err(|_| format!("mcts option {k}: \"{v}\" is not a whole number"))
            };
            match k {
                "iters" | "iterations" => {
                    let n = int()?;
                    if n == 0 || n > u32::MAX as u64 {
                        return Err(format!("mcts option iters: {n} out of range (1..2^32)"));
                    }
                    p.budget = Budget::Iterations(n as u32);
                }
                "ms" => {
                    let n = int()?;
                    if n == 0 {
                        return Err("mcts option ms: must be at least 1".into());
                    }
                    p.budget = Budget::Millis(n);
                }
                "c" => p.exploration = num("a number >= 0")?,
                "wc" => p.widen_c = num("a number >= 0")?.max(f64::MIN_POSITIVE),
                "walpha" => {
                    let a = num("a number in [0, 1]")?;
                    if a > 1.0 {
                        return Err(format!("mcts option walpha: {a} is not in [0, 1]"));
                    }
                    p.widen_alpha = a;
                }
                "rollout" => p.rollout = flag()?,
                "guided" => p.guided = flag()?,
                "reply" => p.reply = flag()?,
                "opts" => p.max_options = int()?.clamp(1, 64) as usize,
                "gap" => p.option_gap = num("a number >= 0")?,
                "dev" => p.deviate = num("a number >= 0")?,
                "plan" => p.min_plan_visits = int()?.min(u32::MAX as u64) as u32,
                "seed" => p.seed = int()?,
                _ => {
                    return Err(format!(
                        "unknown mcts option \"{k}\" (known: iters, ms, c, wc, walpha, rollout, guided, reply, opts, gap, dev, plan, seed)"
                    ));
                }
            }
        }
        Ok(p)
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
        self.children(self.root)
            .map(|c| {
                let n = &self.nodes[c as usize];
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
            .children(self.root)
            .find(|&c| self.nodes[c as usize].action == action)?;
        let n = &self.nodes[c as usize];
        if !matches!(n.kind, Kind::Chance | Kind::Sampled) || !n.expanded {
            return None;
        }
        Some(
            self.children(c)
                .map(|o| {
                    let o = &self.nodes[o as usize];
                    (o.state.clone(), o.weight)
                })
                .collect(),
        )
    }

    /// The actions the plan of the last search holds, from its start.
    pub fn plan(&self) -> Vec<Action> {
        self.plan
            .iter()
            .map(|(_, a, _, _)| *a)
            .filter(|a| !is_skip(*a))
            .collect()
    }

    fn children(&self, n: u32) -> impl Iterator<Item = u32> + '_ {
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

    /// Searches from `state` (its side's player-turn) with a search RNG
    /// seeded from `seed` and [`MctsPlayer::seed`], and leaves the plan.
    pub fn search(&mut self, scen: &Scenario, state: &GameState, seed: u64) -> SearchStats {
        let start = Instant::now();
        self.rng = AiRng::seed_from_u64(seed ^ self.seed.rotate_left(17));
        self.dice_base = self.rng.next_u64();
        if self.guided {
            self.sync_order(scen, state);
        }
        let reused = self.reusable(state);
        let root = match reused {
            Some(r) => r,
            None => {
                self.side = state.active_side();
                self.key = (state.turn(), state.active_side());
                self.pool.clear();
                self.used = 0;
                let root = self.alloc_with(|s| s.clone_from(state), || state.clone());
                let kind = self.kind_of(state);
                self.init(root, Action::EndPhase, NONE, kind, 1.0);
                self.nodes[root as usize].cursor = self.cursor;
                root
            }
        };
        self.root = root;
        self.at = NONE;
        self.opp.forget();
        let prior_visits = self.nodes[root as usize].visits;
        let kind = self.nodes[root as usize].kind;
        if self.guided && kind == Kind::Decision && !self.nodes[root as usize].expanded {
            self.expand(scen, root);
        }
        // One candidate: nothing to search.
        let forced = self.guided && self.nodes[root as usize].n_cands == 1;
        let mut iterations = 0u32;
        let deadline = match self.budget {
            Budget::Millis(ms) => Some(start + Duration::from_millis(ms)),
            Budget::Iterations(_) => None,
        };
        loop {
            match self.budget {
                // A reused subtree keeps its visits: it is topped up.
                Budget::Iterations(n) if self.nodes[root as usize].visits >= n => break,
                Budget::Millis(_)
                    if iterations % 8 == 0 && deadline.is_some_and(|d| Instant::now() >= d) =>
                {
                    break;
                }
                _ => {}
            }
            if kind == Kind::Leaf || forced || self.used >= (u32::MAX / 2) as usize {
                break;
            }
            // Common random numbers: the rollouts of iteration i roll the
            // dice of stream i mod DICE_STREAMS, so lines that differ in a
            // choice are compared on the same luck more often.
            self.dice = AiRng::seed_from_u64(self.dice_base ^ (iterations % DICE_STREAMS) as u64);
            self.iterate(scen);
            iterations += 1;
        }
        if forced && self.nodes[root as usize].first_child == NONE {
            let a = self.pool[self.nodes[root as usize].cands as usize];
            let c = self.add_child(scen, root, a);
            self.nodes[c as usize].visits = 1;
            self.nodes[root as usize].admitted = 1;
        }
        self.make_plan();
        self.stats = SearchStats {
            iterations,
            nodes: self.used,
            elapsed: start.elapsed(),
            reused: reused.is_some(),
            prior_visits,
        };
        self.stats
    }

    /// Guided: the node of the last search's tree the game has reached by
    /// following its plan (or an outcome of the chance node it ended at),
    /// if it holds `state`: its subtree is searched on.
    fn reusable(&self, state: &GameState) -> Option<u32> {
        if !self.guided
            || self.at == NONE
            || (self.at as usize) >= self.used
            || (state.turn(), state.active_side()) != self.key
        {
            return None;
        }
        let at = &self.nodes[self.at as usize];
        let found = match at.kind {
            Kind::Chance | Kind::Sampled => self
                .children(self.at)
                .find(|&c| self.nodes[c as usize].state == *state)?,
            Kind::Decision if at.state == *state => self.at,
            _ => return None,
        };
        let node = &self.nodes[found as usize];
        (node.kind == Kind::Decision && node.cursor == self.cursor).then_some(found)
    }

    /// The unit order of the Movement Phase `state` is in (kept while the
    /// phase lasts; the cursor starts at its first unit).
    fn sync_order(&mut self, scen: &Scenario, state: &GameState) {
        if state.is_over() || state.phase(scen) != PhaseKind::Movement {
            return;
        }
        let key = (state.turn(), state.active_side(), state.phase_index());
        if self.order_key == Some(key) {
            return;
        }
        self.order_key = Some(key);
        self.guide.prepare(scen, state);
        self.order.clear();
        self.order.extend(self.guide.unit_order());
        self.cursor = 0;
    }

    fn kind_of(&self, st: &GameState) -> Kind {
        if st.is_over() || (st.turn(), st.active_side()) != self.key {
            Kind::Leaf
        } else {
            Kind::Decision
        }
    }

    /// A node slot: an old one (its state overwritten by `reuse`, which
    /// keeps its buffers) or a new one (state from `fresh`).
    fn alloc_with(
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
    fn alloc_owned(&mut self, st: GameState) -> u32 {
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
    fn alloc_copy(&mut self, from: u32) -> u32 {
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

    fn init(&mut self, n: u32, action: Action, parent: u32, kind: Kind, weight: f64) {
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

    /// One iteration: select and expand, value, back up.
    fn iterate(&mut self, scen: &Scenario) {
        self.guide.new_line();
        let mut n = self.root;
        let mut depth = 0;
        loop {
            depth += 1;
            if depth > MAX_DEPTH {
                break;
            }
            let node = &self.nodes[n as usize];
            match node.kind {
                Kind::Leaf => break,
                Kind::Decision => {
                    if !node.expanded {
                        self.expand(scen, n);
                    }
                    let node = &self.nodes[n as usize];
                    if node.n_cands == 0 {
                        break;
                    }
                    let allowed = (self.widen_c * (node.visits as f64).powf(self.widen_alpha))
                        .ceil()
                        .max(1.0);
                    if node.admitted < node.n_cands && (node.admitted as f64) < allowed {
                        let a = self.pool[(node.cands + node.admitted) as usize];
                        self.nodes[n as usize].admitted += 1;
                        let c = self.add_child(scen, n, a);
                        n = c;
                        if matches!(self.nodes[c as usize].kind, Kind::Decision | Kind::Leaf) {
                            break;
                        }
                    } else {
                        n = self.ucb_child(n);
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
                    if self.nodes[n as usize].visits == 0 {
                        break;
                    }
                }
                Kind::Sampled => {
                    n = self.sampled_child(scen, n);
                    if self.nodes[n as usize].visits == 0 {
                        break;
                    }
                }
            }
        }
        let v = self.value(scen, n);
        let mut i = n;
        while i != NONE {
            let node = &mut self.nodes[i as usize];
            node.visits += 1;
            node.total += v;
            if i == self.root {
                break;
            }
            i = node.parent;
        }
    }

    /// The candidates of decision node `n`, pruned and ranked, into the pool.
    fn expand(&mut self, scen: &Scenario, n: u32) {
        let mut acts = std::mem::take(&mut self.scratch);
        acts.clear();
        if self.guided {
            let node = &mut self.nodes[n as usize];
            guided_candidates(
                &mut self.guide,
                scen,
                &node.state,
                &self.order,
                &mut node.cursor,
                &mut self.rng,
                &mut self.options,
                (self.max_options, self.option_gap),
                &mut acts,
            );
        }
        if acts.is_empty() {
            let state = &self.nodes[n as usize].state;
            state.legal_actions(scen, &mut acts);
            let has_end = acts.contains(&Action::EndPhase);
            acts.retain(|a| match a {
                Action::CancelAttack => false,
                Action::UndoRail { .. } => !has_end,
                _ => true,
            });
            self.ranker.rank(scen, state, &mut acts);
        }
        let node = &mut self.nodes[n as usize];
        node.cands = self.pool.len() as u32;
        node.n_cands = acts.len() as u32;
        node.expanded = true;
        self.pool.extend_from_slice(&acts);
        self.scratch = acts;
    }

    /// A new child of decision node `n` by `a`.
    fn add_child(&mut self, scen: &Scenario, n: u32, a: Action) -> u32 {
        let c = self.alloc_copy(n);
        let kind = match a {
            Action::Resolve { .. } => Kind::Chance,
            Action::Charge { .. } => Kind::Sampled,
            // The unit stays: the same position, the next unit to decide.
            a if is_skip(a) => Kind::Decision,
            _ => {
                let st = &mut self.nodes[c as usize].state;
                st.apply_unchecked(scen, a, &mut self.rng, &mut ());
                self.kind_of(&self.nodes[c as usize].state)
            }
        };
        self.init(c, a, n, kind, 1.0);
        c
    }

    /// The exact outcomes of chance node `n`, as its children.
    fn expand_chance(&mut self, scen: &Scenario, n: u32) {
        let Action::Resolve { air } = self.nodes[n as usize].action else {
            unreachable!("a chance node is reached by Resolve");
        };
        let branches = combat::branches(scen, &self.nodes[n as usize].state, air);
        // Pushed to the front: add the least likely first, so the list
        // reads most likely first.
        for (st, p) in branches.into_iter().rev() {
            let kind = self.kind_of(&st);
            let c = self.alloc_owned(st);
            self.init(c, Action::Resolve { air }, n, kind, p);
        }
        self.nodes[n as usize].expanded = true;
    }

    /// A child of a chance node drawn by weight.
    fn sample_child(&mut self, n: u32) -> u32 {
        let total: f64 = self
            .children(n)
            .map(|c| self.nodes[c as usize].weight)
            .sum();
        let mut x = self.rng.random::<f64>() * total;
        let mut last = NONE;
        let mut c = self.nodes[n as usize].first_child;
        while c != NONE {
            let w = self.nodes[c as usize].weight;
            if x < w {
                return c;
            }
            x -= w;
            last = c;
            c = self.nodes[c as usize].next_sibling;
        }
        last
    }

    /// A child of sampled (charge) node `n`: a fresh draw for its first
    /// [`CHARGE_SAMPLES`] passes, merged with an equal outcome if any.
    fn sampled_child(&mut self, scen: &Scenario, n: u32) -> u32 {
        let node = &self.nodes[n as usize];
        if node.samples >= CHARGE_SAMPLES {
            return self.sample_child(n);
        }
        let a = node.action;
        let mut work = self.work.take().unwrap_or_else(|| node.state.clone());
        work.clone_from(&node.state);
        work.apply_unchecked(scen, a, &mut self.rng, &mut ());
        self.nodes[n as usize].samples += 1;
        self.nodes[n as usize].expanded = true;
        let same = self
            .children(n)
            .find(|&c| self.nodes[c as usize].state == work);
        let c = match same {
            Some(c) => {
                self.nodes[c as usize].weight += 1.0;
                c
            }
            None => {
                let kind = self.kind_of(&work);
                let c = self.alloc_with(|s| s.clone_from(&work), || work.clone());
                self.init(c, a, n, kind, 1.0);
                c
            }
        };
        self.work = Some(work);
        c
    }

    /// UCB1 among the admitted children of decision node `n`.
    fn ucb_child(&self, n: u32) -> u32 {
        let ln = (self.nodes[n as usize].visits.max(1) as f64).ln();
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        for c in self.children(n) {
            let node = &self.nodes[c as usize];
            let score = if node.visits == 0 {
                f64::INFINITY
            } else {
                node.mean() + self.exploration * (ln / node.visits as f64).sqrt()
            };
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        best
    }

    /// The value of node `n` for the searching side: the evaluator, after
    /// a random rollout to the end of the player-turn if asked.
    fn value(&mut self, scen: &Scenario, n: u32) -> f64 {
        let state = &self.nodes[n as usize].state;
        if self.guided && self.rollout {
            return self.guided_value(scen, n);
        }
        if !self.rollout || self.nodes[n as usize].kind == Kind::Leaf {
            return self.evaluator.value(scen, state, self.side);
        }
        let mut work = self.work.take().unwrap_or_else(|| state.clone());
        work.clone_from(state);
        let mut player = RandomPlayer::default();
        let mut steps = 0;
        while self.kind_of(&work) != Kind::Leaf && steps < MAX_ROLLOUT {
            let a = player.choose(scen, &work, &mut self.rng);
            work.apply_unchecked(scen, a, &mut self.rng, &mut ());
            steps += 1;
        }
        let v = self.evaluator.value(scen, &work, self.side);
        self.work = Some(work);
        v
    }

    /// Guided: the heuristic finishes the player-turn from node `n` (and
    /// plays the opponent's reply when `reply`), then the evaluator.
    fn guided_value(&mut self, scen: &Scenario, n: u32) -> f64 {
        let node = &self.nodes[n as usize];
        let mut cursor = node.cursor;
        let mut work = self.work.take().unwrap_or_else(|| node.state.clone());
        work.clone_from(&node.state);
        let mut acts = std::mem::take(&mut self.scratch);
        let mut steps = 0;
        self.guide.light = true;
        while self.kind_of(&work) != Kind::Leaf && steps < MAX_ROLLOUT {
            acts.clear();
            guided_candidates(
                &mut self.guide,
                scen,
                &work,
                &self.order,
                &mut cursor,
                &mut self.rng,
                &mut self.options,
                (1, 0.0),
                &mut acts,
            );
            let a = match acts.first() {
                Some(a) => *a,
                None => RandomPlayer::default().choose(scen, &work, &mut self.rng),
            };
            if matches!(a, Action::Move { .. }) {
                cursor += 1;
            }
            if !is_skip(a) {
                work.apply_unchecked(scen, a, &mut self.dice, &mut ());
            }
            steps += 1;
        }
        self.scratch = acts;
        self.guide.light = false;
        if self.reply {
            // The reply's distance fields are built once per search.
            self.opp.forget_phases();
            let mut steps = 0;
            while !work.is_over() && work.active_side() != self.side && steps < MAX_ROLLOUT {
                let a = self.opp.choose(scen, &work, &mut self.rng);
                work.apply_unchecked(scen, a, &mut self.dice, &mut ());
                steps += 1;
            }
        }
        let v = self.evaluator.value(scen, &work, self.side);
        self.work = Some(work);
        v
    }

    /// The plan: the most-visited path from the root, through decision
    /// nodes, down to a chance node, a leaf or a node visited fewer than
    /// `min_plan_visits` times (the first step is always taken).
    fn make_plan(&mut self) {
        self.plan_overruled.clear();
        self.plan.clear();
        self.plan_pos = 0;
        let mut n = self.root;
        loop {
            let mut best = NONE;
            for c in self.children(n) {
                let better = best == NONE || {
                    let (a, b) = (&self.nodes[c as usize], &self.nodes[best as usize]);
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
                let first = self
                    .pool
                    .get(self.nodes[n as usize].cands as usize)
                    .copied();
                let guide = self
                    .children(n)
                    .find(|&c| Some(self.nodes[c as usize].action) == first);
                if let Some(g) = guide {
                    let (gn, bn) = (&self.nodes[g as usize], &self.nodes[best as usize]);
                    let (theirs, taken) = ((gn.action, gn.mean()), (bn.action, bn.mean()));
                    if g != best && taken.1 <= theirs.1 + self.deviate {
                        best = g;
                    } else if g != best {
                        overruled = Some((taken.0, theirs.0, taken.1, theirs.1));
                    }
                }
            }
            let child = &self.nodes[best as usize];
            if !self.plan.is_empty() && child.visits < self.min_plan_visits {
                break;
            }
            self.plan.push((
                self.nodes[n as usize].state.clone(),
                child.action,
                child.cursor,
                best,
            ));
            self.plan_overruled.push(overruled);
            if child.kind != Kind::Decision {
                break;
            }
            n = best;
        }
    }
}

impl Player for MctsPlayer {
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

impl MctsPlayer {
    /// Adds a line to this player-turn's explanation (bounded).
    fn say(&mut self, line: String) {
        if self.explain.len() < 64 {
            self.explain.push(line);
        }
    }

    fn choose_inner(&mut self, scen: &Scenario, state: &GameState, rng: &mut AiRng) -> Action {
        // Each search decides at least one unit or returns an action: the
        // order bounds the searches.
        for _ in 0..=self.order.len() + 1 {
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

/// The guided search's "this unit stays" edge: a move to no hex, which is
/// never a legal action.
fn skip(unit: UnitId) -> Action {
    Action::Move {
        unit,
        to: HexId::NONE,
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

fn is_skip(a: Action) -> bool {
    matches!(a, Action::Move { to, .. } if !to.is_some())
}

/// The guided candidates of `state`, the heuristic's choice first, into
/// `acts` (empty: none found, take the legal actions). In a Movement
/// Phase: supply spent or a charge when the heuristic wants one, else the
/// next unit of `order` from `cursor` that may move (the cursor is moved
/// on to it) with up to `limits.0` of its destinations scored within
/// `limits.1` of its best, staying as [`skip`]; after the last unit, the
/// phase's end. In other phases: the heuristic's action, then ending the
/// phase, rolling the attack declared as it stands, or declaring an
/// attack on another hex.
#[allow(clippy::too_many_arguments)]
fn guided_candidates(
    guide: &mut HeuristicPlayer,
    scen: &Scenario,
    state: &GameState,
    order: &[UnitId],
    cursor: &mut u16,
    rng: &mut AiRng,
    options: &mut Vec<(f64, HexId)>,
    limits: (usize, f64),
    acts: &mut Vec<Action>,
) {
    acts.clear();
    if state.is_over() {
        return;
    }
    guide.prepare(scen, state);
    match state.phase(scen) {
        PhaseKind::Movement => {
            guide.fresh_position(scen, state);
            if let Some(a) = guide.movement_extras(scen, state) {
                acts.push(a);
                return;
            }
            while let Some(&u) = order.get(*cursor as usize) {
                if guide.movable(scen, state, u) {
                    break;
                }
                *cursor += 1;
            }
            let Some(&u) = order.get(*cursor as usize) else {
                acts.push(Action::EndPhase);
                return;
            };
            guide.unit_options(scen, state, u, rng, options);
            let best = options.first().map_or(0.0, |o| o.0);
            // Away from the enemy (neither the unit nor any of its options
            // within its reach next turn), the heuristic's move stands.
            let here = state.unit(u).hex;
            let front = guide.in_reach(scen, here)
                || options
                    .iter()
                    .take(limits.0)
                    .any(|&(_, h)| h.is_some() && guide.in_reach(scen, h));
            let n = if front { limits.0.max(1) } else { 1 };
            for &(sc, h) in options.iter().take(n) {
                if sc < best - limits.1 {
                    break;
                }
                acts.push(if h.is_some() {
                    Action::Move { unit: u, to: h }
                } else {
                    skip(u)
                });
            }
            // Staying is always a candidate when there is a choice.
            if n > 1 && !acts.contains(&skip(u)) {
                if acts.len() >= n {
                    acts.pop();
                }
                acts.push(skip(u));
            }
        }
        phase => {
            let first = match phase {
                PhaseKind::Rail => guide.rail(scen, state),
                PhaseKind::Combat => guide.combat(scen, state),
                _ => Action::EndPhase,
            };
            if state.check(scen, first).is_err() {
                return;
            }
            acts.push(first);
            if limits.0 <= 1 {
                return;
            }
            let mut legal = Vec::new();
            state.legal_actions(scen, &mut legal);
            let declared = state.combat().target;
            let mut push = |a: Action| {
                if acts.len() < limits.0 && !acts.contains(&a) && legal.contains(&a) {
                    acts.push(a);
                }
            };
            push(Action::EndPhase);
            if declared.is_some() {
                push(Action::Resolve { air: 0 });
            } else {
                let mut seen: Vec<HexId> = Vec::new();
                for &a in &legal {
                    if let Action::Attack { target, .. } = a {
                        if !seen.contains(&target) {
                            seen.push(target);
                            push(a);
                        }
                    }
                }
            }
        }
    }
}
