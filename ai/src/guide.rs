//! [`Guide`]: what a search may ask of a player's knowledge of the game.
//!
//! A guided search (the [MCTS player](crate::mcts)) does not choose among
//! every legal action: it asks a player that knows the game in which order
//! to decide the units of a Movement Phase, where each unit might go and
//! how good each destination looks, what it would do itself in the other
//! phases, and to play lines out (its own side's, cheaply, and the
//! opponent's replies). This trait is all the search asks.
//! [`HeuristicPlayer`](crate::HeuristicPlayer) implements it; another player
//! (a stronger evaluator, say) can implement it and guide the same search,
//! [`MctsPlayer::with_guide`](crate::mcts::MctsPlayer::with_guide), without
//! a change to the search.
//!
//! The order of the questions, and what each `new_*` call means, is on
//! the trait.

use hexwar_engine::{Action, GameState, HexId, Scenario, UnitId};

use crate::{AiRng, Player};

/// A player's knowledge of the game, as a search may ask for it: the order
/// in which to decide the units of a Movement Phase, each unit's scored
/// destinations, its own choice in the other phases, and lines played out.
/// [`HeuristicPlayer`](crate::HeuristicPlayer) implements it; another player
/// can, and guide the MCTS search
/// ([`MctsPlayer::with_guide`](crate::mcts::MctsPlayer::with_guide)) without
/// a change to it.
///
/// As a [`Player`], a guide plays whole player-turns too: the search has it
/// play the opponent's replies in its rollouts.
///
/// # Caches and the order of questions
///
/// A guide may keep caches keyed on what it was last asked about (the
/// player-turn, the phase, the position). A search asks about positions out
/// of the order a game would: many lines of play from one root, each a few
/// actions deep, then back to the root. The `new_*` methods tell the guide
/// where it stands; what each one drops is the guide's business.
///
/// A guided search holds two guides. **The searching side's** gives the
/// candidates and plays that side's part of every rollout:
///
/// * [`Guide::unit_order`] when the game enters a Movement Phase;
/// * [`Guide::new_line`] at each iteration (a new line of play from a
///   position of the player-turn already asked about: per-line budgets,
///   such as what-if tests, start afresh);
/// * [`Guide::new_position`] before [`Guide::before_moves`],
///   [`Guide::may_move`], [`Guide::scored_moves`],
///   [`Guide::in_enemy_reach`] and [`Guide::phase_action`] are asked about
///   a new position;
/// * [`Guide::set_light`] on for the rollout's part, off after it.
///
/// It is only ever asked about the searching side's player-turns, as the
/// game reaches them, so what it knows of a player-turn may outlive a
/// search; a new player-turn (or an earlier one: a new game) is for it to
/// notice. **The replies' guide** plays the opponent's reply in every
/// rollout, as a [`Player`]:
///
/// * [`Guide::new_search`] at the start of each search (the replies of this
///   search start from a new point of the game: what it knows of their
///   player-turn is stale);
/// * [`Guide::new_reply`] before each reply (it starts from a position that
///   differs from the last reply's start only by the searching side's
///   actions: what belongs to the player-turn may be kept, what belongs to
///   a phase or a position may not); then [`Player::choose`] to the end of
///   that player-turn.
///
/// Whatever it caches, a guide asked the same questions in the same order,
/// with RNGs in the same state, must give the same answers: that is what
/// keeps a search reproducible from its seed.
pub trait Guide: Player {
    /// A new search begins: the next positions asked about need not follow
    /// the last ones, and what is known of their player-turn is stale.
    fn new_search(&mut self);

    /// A new line of play begins, from a position of the player-turn
    /// already asked about: per-line budgets start afresh.
    fn new_line(&mut self);

    /// The opponent's reply is about to be played from a position that
    /// differs from the last reply's start by the searching side's actions:
    /// keep what belongs to the player-turn, drop what belongs to a phase.
    fn new_reply(&mut self);

    /// Cheaper answers while `light` is on (fewer look-ahead tests): for
    /// rollouts and replies, where the search asks thousands of times.
    fn set_light(&mut self, light: bool);

    /// The units of the Movement Phase `state` is in, in the order the
    /// guide decides them (first first), appended to `out`.
    fn unit_order(&mut self, scen: &Scenario, state: &GameState, out: &mut Vec<UnitId>);

    /// The questions that follow are about `state`, a position of a game
    /// not over: ready what they need.
    fn new_position(&mut self, scen: &Scenario, state: &GameState);

    /// In a Movement Phase, what the guide does before any unit moves
    /// (supply points spent, a charge), if anything.
    fn before_moves(&mut self, scen: &Scenario, state: &GameState) -> Option<Action>;

    /// Is `unit` to be decided now: free to move, and not kept back by the
    /// guide for a later phase?
    fn may_move(&self, scen: &Scenario, state: &GameState, unit: UnitId) -> bool;

    /// Where `unit` might end its move, into `out` (cleared first), best
    /// first, each with the guide's score (higher is better): staying as
    /// [`HexId::NONE`], then every destination. The first is the guide's
    /// own choice. Ties may be broken by draws from `rng`.
    fn scored_moves(
        &mut self,
        scen: &Scenario,
        state: &GameState,
        unit: UnitId,
        rng: &mut AiRng,
        out: &mut Vec<(f64, HexId)>,
    );

    /// Could an enemy unit reach `hex` (or stop next to it) next turn? Where
    /// neither a unit nor any of its options is within reach, the search
    /// takes the guide's move without searching.
    fn in_enemy_reach(&self, scen: &Scenario, hex: HexId) -> bool;

    /// The guide's own action in `state`, a phase other than a Movement
    /// Phase (there the search asks unit by unit). It need not be legal:
    /// the search checks it and falls back on the legal actions.
    fn phase_action(&mut self, scen: &Scenario, state: &GameState) -> Action;

    /// The plans of attack for the Movement Phase `state` is in that the
    /// guide could follow, its own first: how many (1, the default: its
    /// own only). A search may weigh them before it decides the units
    /// (`mcts:plans=N`), by rollouts under each.
    fn plan_variants(&mut self, _scen: &Scenario, _state: &GameState) -> usize {
        1
    }

    /// Follow plan `k` of [`Guide::plan_variants`] (0: its own) for the
    /// rest of `state`'s player-turn, whatever is asked in between.
    fn set_plan_variant(&mut self, _scen: &Scenario, _state: &GameState, _k: usize) {}

    /// Plan `k` of [`Guide::plan_variants`] in words.
    fn plan_variant_name(&self, _scen: &Scenario, k: usize) -> String {
        format!("plan {k}")
    }
}
