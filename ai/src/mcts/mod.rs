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
//! A [`Guide`] is the backbone ([`MctsPlayer::guided`]), by default the
//! [`HeuristicPlayer`]: the search can only leave the heuristic's play
//! where it shows a gain. It asks the guide only what the [`Guide`] trait
//! offers (the unit order, a unit's scored destinations, its own choice in
//! the other phases, a light mode for rollouts, the opponent's replies
//! played as a [`Player`](crate::Player)), and tells it when a search, a
//! line or a reply begins; what the guide caches, and when it drops it, is
//! the guide's business. Another guide plugs in with
//! [`MctsPlayer::with_guide`].
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
//!   judged), then the [`Evaluator`] (with [`MctsPlayer::center`], as at
//!   the levels, measured from its value at the start of the player-turn).
//!   The rollouts trace less supply than
//!   the heuristic does in play (a few what-if cuts), and the reply's
//!   distance fields are built once per search: most of a graded-supply
//!   scenario's time went there. Rollouts of iteration `i` roll the dice of
//!   one of 16 streams (`i` mod 16; [`MctsPlayer::dice_streams`]): common random
//!   numbers, so lines that differ in one choice meet the same luck.
//! * **Choosing.** The plan follows the most-visited child, but keeps the
//!   heuristic's choice unless the other child is better on evidence: its
//!   mean value higher by more than [`MctsPlayer::deviate`] plus
//!   [`MctsPlayer::deviate_se`] standard errors of the gap (each node keeps
//!   the sum of the squares of its values, for its sample variance). A
//!   hair's lead over a few noisy rollouts does not overrule the guide.
//! * **Tree reuse.** When the game reaches a node of the last search's tree
//!   (by the plan, or an outcome of the combat the plan ended at), the next
//!   search goes on in that subtree: an iteration budget tops the root's
//!   visits up to the budget. Only within a phase: the plan stops at the
//!   next phase's first decision, which a fresh tree searches from its own
//!   position (whether and where to attack is not left to the few visits
//!   the movement's search gave it, deep in its tree).
//!
//! # The plain search
//!
//! With `guided` off (or a custom [`Ranker`]: [`MctsPlayer::with_ranker`]):
//!
//! * **Decision nodes** take their candidates from
//!   [`GameState::legal_actions`](hexwar_engine::GameState::legal_actions), less [`Action::CancelAttack`] (declaring
//!   and withdrawing an attack leads back where it started) and
//!   [`Action::UndoRail`] unless it is the only way out of an overstacked
//!   Rail Phase (same reason), ordered by a [`Ranker`] (by default
//!   [`DefaultRanker`]: a deterministic shuffle with [`Action::EndPhase`]
//!   last).
//! * A leaf, and a node reached for the first time, is valued by the
//!   [`Evaluator`] (by default [`StaticEvaluator`]: victory points, steps
//!   lost, supply, squashed by a logistic), by default after a random
//!   rollout to the end of the player-turn ([`MctsPlayer::rollout`],
//!   played by [`RandomPlayer`](crate::RandomPlayer) with the search RNG).
//!
//! # Common to both
//!
//! * **Progressive widening**: a node with `n` visits may have at most
//!   `ceil(widen_c * n^widen_alpha)` children (defaults 1 and 0.5),
//!   admitted in rank order; among them, UCB1 selects (exploration constant
//!   [`MctsPlayer::exploration`]).
//! * **Chance nodes, exact**: [`Action::Resolve`] leads to a node whose
//!   children are [`combat::branches`](hexwar_engine::combat::branches) of the position with the attack
//!   declared: every position the roll can leave, with its probability,
//!   computed once per node. Selection samples a child by its probability
//!   with the search RNG.
//! * **Chance nodes, sampled ("open loop")**: [`Action::Charge`] rolls a
//!   morale check inside `apply`, with no enumerator exposed. Its node
//!   applies the charge with [`GameState::apply_unchecked`](hexwar_engine::GameState::apply_unchecked) and an RNG drawn
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
//! [`Player::choose`](crate::Player::choose) searches from the current state, then follows the
//! plan (each step with the state it expects), down to a chance node, a
//! leaf, the next phase's first decision, or a node with fewer than
//! [`MctsPlayer::min_plan_visits`] visits.
//! It searches again when the state is not the one the plan expects (after
//! a roll, or any deviation) or the plan has run out.
//!
//! # Threads
//!
//! With [`MctsPlayer::threads`] `N > 1` a search is root-parallel: `N`
//! workers, each with its own tree, guides and RNGs (seeded from the
//! search's seed and its index), search the same position on scoped
//! threads, an iteration budget shared among them; the plan is then made
//! over their trees together, children merged by action at every step.
//! Each worker goes on in its own subtree when the game reaches it.
//!
//! # Determinism
//!
//! All randomness comes from the RNGs of a search, seeded from the
//! [`AiRng`](crate::AiRng) passed to `choose` (one `u64` per search) and
//! [`MctsPlayer::seed`]: with [`Budget::Iterations`], the same seed gives
//! the same choices, on any number of cores and under any load, for a
//! given [`MctsPlayer::threads`] (each worker's search depends only on its
//! seed, its share and its tree; the merge reads the workers in order).
//! [`Budget::Millis`] depends on the machine's speed.
//!
//! # Memory
//!
//! Nodes live in a `Vec` arena (indices, not pointers), each with its
//! state, one arena per worker. The arena is kept between searches: a new search overwrites the
//! old nodes' states with `clone_from`, reusing their buffers, so a warm
//! player allocates little beyond `legal_actions` and combat branches.
//!
//! # The parts
//!
//! - `mod.rs`: these notes, the player's state, the budget and the stats.
//! - `tree`: the node arena and the candidate pool.
//! - `tally`: a node's values (visits, sum, sum of squares) and the test of
//!   evidence that lets the search overrule the guide.
//! - `worker`: one tree with its guides and RNGs.
//! - `parallel`: a search of the player: the workers on their threads,
//!   their shares of the budget, their seeds.
//! - `search`: one worker's search: selection with progressive widening
//!   and UCB1, expansion, backup, the reuse of the last search's subtree.
//! - `chance`: chance nodes, exact (combat branches) and sampled (charges).
//! - `guided`: the guide's candidates and the unit order.
//! - `plain`: the [`Ranker`] and the candidates of the plain search.
//! - `value`: the [`Evaluator`], the rollouts and their common random numbers.
//! - `plan`: the plan a search leaves (over the workers' trees merged),
//!   and following it in the game.
//! - `plans`: the guide's plans of attack weighed at the start of a
//!   Movement Phase (`plans=N`), before the search.
//! - `options`: the `mcts:` spec options.
//! - `player`: construction, the [`Player`](crate::Player) impl, the
//!   explanations.

mod chance;
mod exposure;
mod guided;
mod options;
mod parallel;
mod plain;
mod plan;
mod plans;
mod player;
mod search;
mod tally;
mod tree;
mod value;
mod worker;

use std::sync::Arc;
use std::time::{Duration, Instant};

use hexwar_engine::{Action, Side, UnitId};

pub use exposure::ExposureEvaluator;
pub use options::OptionsError;
pub use plain::{DefaultRanker, Ranker};
pub use value::{Evaluator, StaticEvaluator, objective_pressure};

use crate::{Guide, HeuristicPlayer};
use plan::PlanStep;
use worker::Worker;

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

/// Standard errors of the gap a child's mean must beat the guide's choice
/// by, besides [`MctsPlayer::deviate`], for the plan to leave the guide.
pub const DEVIATE_SE: f64 = 2.0;

/// Dice streams of the guided rollouts by default (common random numbers,
/// [`MctsPlayer::dice_streams`]).
pub const DICE_STREAMS: u32 = 16;

/// Draws a [`Action::Charge`] node makes before it samples only among the
/// outcomes it has seen.
pub const CHARGE_SAMPLES: u32 = 8;

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

/// Makes the guides of one more worker: (the searching side's, the
/// replies'), as [`MctsPlayer::with_guide`] takes them.
pub type GuideMaker<G> = Arc<dyn Fn() -> (G, G) + Send + Sync>;

/// The MCTS player, guided by a [`Guide`] (by default the heuristic). See
/// the [module documentation](self).
pub struct MctsPlayer<G: Guide = HeuristicPlayer> {
    /// Search budget per search (all threads together).
    pub budget: Budget,
    /// UCB1 exploration constant.
    pub exploration: f64,
    /// Progressive widening: at most `ceil(widen_c * n^widen_alpha)` children.
    pub widen_c: f64,
    /// Progressive widening exponent.
    pub widen_alpha: f64,
    /// Value leaves after a rollout to the end of the player-turn (by the
    /// guide when `guided`, else by the random player).
    pub rollout: bool,
    /// The guide (by default the heuristic) guides the search: it gives the
    /// candidates, its own choice first, and plays the rollouts. Off:
    /// candidates from the [`Ranker`] over every legal action, random
    /// rollouts.
    pub guided: bool,
    /// Guided rollouts go on through the opponent's reply (its player-turn
    /// played by the replies' guide) before the evaluator is asked.
    pub reply: bool,
    /// Guided rollouts go on, after the reply, through the searching
    /// side's own next player-turn (played by a light guide) before the
    /// evaluator is asked: what a move prepares for the next turn's
    /// attacks is valued, not only what the reply can do to it.
    pub follow: bool,
    /// Each phase's first decision is searched afresh (`phases=1`, the
    /// default): the plan stops at the next phase's first decision, a new
    /// phase gets a fresh tree, and under a cap in iterations
    /// ([`MctsPlayer::turn_iters`]) the phases before the Combat Phase
    /// leave it one search's budget. Off, the plan runs on into the next phase and
    /// its search goes on in the last tree.
    pub phases: bool,
    /// Values are measured from the position at the start of the
    /// player-turn (`center=1`): the evaluator's margin less its margin
    /// then, before the squash, so that the squash is steepest around the
    /// position as it stands. Without it a side far behind on the current
    /// count (an attacker who has yet to take the objectives) sits in the
    /// flat tail of the squash, where a gamble's upside outweighs its
    /// downside, and a side far ahead the other way.
    pub center: bool,
    /// Guided: candidates per unit in a Movement Phase (its best
    /// destinations by the guide's score, staying among them), and per
    /// decision in other phases.
    pub max_options: usize,
    /// Guided: a unit's destination is a candidate only if the guide
    /// scores it within this much of its best.
    pub option_gap: f64,
    /// Guided: the plan leaves the guide's choice for the most visited
    /// other child only if that child's mean value is higher by more than
    /// this plus [`MctsPlayer::deviate_se`] standard errors of the gap.
    pub deviate: f64,
    /// Guided: standard errors of the gap between the two means (each
    /// child's sample variance over its visits) that the gap must exceed,
    /// besides [`MctsPlayer::deviate`], for the search to overrule the guide.
    pub deviate_se: f64,
    /// Guided: at the start of a Movement Phase, weigh the first `plans`
    /// of the guide's plans of attack by rollouts and follow the best if
    /// it beats the guide's own on evidence (`plans=N`; 0 or 1: the
    /// guide's own plan, unweighed). See `plans.rs`.
    pub plans: usize,
    /// Rollouts per plan weighed ([`MctsPlayer::plans`]).
    pub plan_lines: u32,
    /// Dice streams of the guided rollouts (`streams=`, by default
    /// [`DICE_STREAMS`]): iteration `i` rolls stream `i` mod this. A child's
    /// visits see at most so many different dice, so with a large budget
    /// its standard error, counted over its visits, understates what the
    /// luck of so few streams leaves uncertain. More streams count it more
    /// nearly, at the cost of siblings meeting the same luck less often
    /// (on Malaya `expert` with 256 gained nothing over 11 pairs).
    pub dice_streams: u32,
    /// The plan stops at the first node with fewer visits than this
    /// (its first step is always taken).
    pub min_plan_visits: u32,
    /// Trees searched at once, each on its own thread (root-parallel): an
    /// iteration budget is shared among them, their roots' children merged
    /// by action. 1 (the default) searches on the caller's thread.
    pub threads: usize,
    /// Mixed into every search's seed.
    pub seed: u64,
    /// A cap on the whole player-turn, in milliseconds (`turn_ms=`): once
    /// it has passed, each search stops at once and the guide's choice
    /// stands. For play against a person; a batch leaves it off (`None`),
    /// since a cap that binds depends on the machine's speed.
    pub turn_ms: Option<u64>,
    /// A cap on the iterations of the whole player-turn, over all its
    /// searches and threads (`turn_iters=`): once spent, each search stops
    /// at once and the guide's choice stands. Unlike `turn_ms` it does not
    /// depend on the machine, so a batch stays reproducible; it bounds the
    /// cost of a turn where many units are searched (Eastfront).
    pub turn_iters: Option<u64>,
    evaluator: Arc<dyn Evaluator>,
    /// The static evaluator the options `obj`, `sw`, `stw` and
    /// `eval=static|traced` build together, whatever their order.
    static_eval: StaticEvaluator,
    /// `eval=exposure` chosen: the static evaluator's weights are kept but
    /// not used.
    exposure: bool,
    ranker: Arc<dyn Ranker>,
    /// One tree per thread (the first always there).
    workers: Vec<Worker<G>>,
    /// Makes the guides of the workers past the first (none: one thread).
    maker: Option<GuideMaker<G>>,
    /// The workers the last search used (the first so many).
    active: usize,
    /// (turn, side, phase) whose plans were weighed.
    plans_key: Option<(u8, Side, usize)>,
    /// The units of this Movement Phase in the order they are decided.
    order: Vec<UnitId>,
    /// (turn, side, phase) `order` belongs to.
    order_key: Option<(u8, Side, usize)>,
    /// The next unit of `order` to decide in the game.
    cursor: u16,
    /// The plan: its steps, and per step the node of each active worker's
    /// tree that holds it (`NONE`: that tree does not), `active` a step.
    plan: Vec<PlanStep>,
    plan_nodes: Vec<u32>,
    plan_pos: usize,
    stats: SearchStats,
    /// What it meant this player-turn: the choices where the search
    /// overruled the heuristic, and the attacks it made (for people).
    explain: Vec<String>,
    /// (turn, side) `explain` belongs to.
    explain_key: Option<(u8, Side)>,
    /// Searches and iterations this player-turn.
    turn_work: (u32, u64),
    /// When this player-turn's first choice was asked for.
    turn_start: Instant,
    /// The evaluator's centre for this player-turn ([`MctsPlayer::center`]).
    turn_center: f64,
}
