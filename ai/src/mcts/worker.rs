//! One search tree and what grows it: the arena, the guides that give its
//! candidates and play its rollouts, its RNGs. A player holds one worker
//! per thread ([`MctsPlayer::threads`](super::MctsPlayer::threads)); each
//! searches the same position with its own seed, and the player merges
//! their roots' children by action.

use std::time::Instant;

use hexwar_engine::{Action, GameState, HexId, Side, UnitId};
use rand::SeedableRng;

use super::tree::{NONE, Tree};
use super::{Budget, Evaluator, Ranker};
use crate::{AiRng, Guide};

/// What a worker's search reads of the player: its knobs, the evaluator
/// and ranker, the unit order of the Movement Phase, its share of the budget.
#[derive(Clone, Copy)]
pub(super) struct Params<'a> {
    pub(super) budget: Budget,
    pub(super) exploration: f64,
    pub(super) widen_c: f64,
    pub(super) widen_alpha: f64,
    pub(super) rollout: bool,
    pub(super) guided: bool,
    pub(super) reply: bool,
    pub(super) follow: bool,
    pub(super) phases: bool,
    pub(super) max_options: usize,
    pub(super) option_gap: f64,
    pub(super) evaluator: &'a dyn Evaluator,
    /// The margin the evaluator measures from (0: none).
    pub(super) center: f64,
    pub(super) ranker: &'a dyn Ranker,
    /// The units of this Movement Phase in the order they are decided.
    pub(super) order: &'a [UnitId],
    /// The next unit of `order` to decide in the game.
    pub(super) cursor: u16,
    /// The player-turn's cap ([`MctsPlayer::turn_ms`](super::MctsPlayer::turn_ms)).
    pub(super) turn_deadline: Option<Instant>,
    /// The iterations this search may still run in its player-turn
    /// ([`MctsPlayer::turn_iters`](super::MctsPlayer::turn_iters)).
    pub(super) turn_left: Option<u64>,
    /// [`MctsPlayer::dice_streams`](super::MctsPlayer::dice_streams).
    pub(super) dice_streams: u32,
}

/// One tree and its guides.
pub(super) struct Worker<G: Guide> {
    // --- the arena, kept between searches ---
    pub(super) tree: Tree,
    /// Candidates being gathered (reused).
    pub(super) scratch: Vec<Action>,
    /// A position being played forward (reused).
    pub(super) work: Option<GameState>,
    pub(super) rng: AiRng,
    /// The dice of the guided rollouts (see `MctsPlayer::dice_streams`).
    pub(super) dice: AiRng,
    pub(super) dice_base: u64,
    /// The searching side, and (turn, side) of the player-turn searched.
    pub(super) side: Side,
    pub(super) key: (u8, Side),
    /// Gives the candidates and plays the searching side's rollouts.
    pub(super) guide: G,
    /// The guide (light) that plays the opponent's reply in rollouts.
    pub(super) opp: G,
    /// The guide (light) that plays the searching side's next player-turn
    /// after the reply ([`MctsPlayer::follow`](super::MctsPlayer::follow));
    /// made when the player follows and has a maker of guides (none for a
    /// player given its guides).
    pub(super) next: Option<G>,
    /// A unit's scored destinations (reused).
    pub(super) options: Vec<(f64, HexId)>,
    /// The root of the last search.
    pub(super) root: u32,
    /// Guided: the node the game reached by the plan's steps (`NONE`: none).
    pub(super) at: u32,
}

impl<G: Guide> Worker<G> {
    /// A worker with these guides and an empty tree.
    pub(super) fn new(guide: G, opp: G) -> Worker<G> {
        Worker {
            tree: Tree::default(),
            scratch: Vec::new(),
            work: None,
            rng: AiRng::seed_from_u64(0),
            dice: AiRng::seed_from_u64(0),
            dice_base: 0,
            side: Side(0),
            key: (0, Side(0)),
            guide,
            opp,
            next: None,
            options: Vec::new(),
            root: 0,
            at: NONE,
        }
    }
}
