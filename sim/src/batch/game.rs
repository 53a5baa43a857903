//! The game kernel: one whole game between two AIs, and its record.
//!
//! [`play_game`] is pure, and the same game for the same `(seed, index)`
//! whatever thread runs it; [`play_logged`] also hands every event to a
//! sink (a replay), while an `EventTally` counts the game's losses on
//! the way. [`super::run_batch`] maps it over a batch in memory;
//! [`super::run`] streams a batch to disk.

use hexwar_ai::{AiRng, Player, from_spec};
use hexwar_engine::{
    Event, EventSink, GameState, HexId, LossCause, ResultLevel, Scenario, Side, SupplyState,
};
use rand::SeedableRng;
use serde::Serialize;

use super::seed::{Stream, game_seed, stream_seed};

/// Actions after which a game is abandoned as runaway (a player that never
/// ends its phase). Real games take a few thousand at most.
pub const MAX_ACTIONS: u64 = 1_000_000;

/// How one game went.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct GameRecord {
    /// Index of the game in its batch.
    pub index: u64,
    /// The batch's master seed (with `index`, enough to replay the game).
    pub seed: u64,
    /// The game's own seed, derived from `seed` and `index`.
    pub game_seed: u64,
    /// The winner, `None` for a draw or an aborted game.
    pub winner: Option<Side>,
    /// How decisive (`draw` for an aborted game).
    pub level: ResultLevel,
    /// Victory points per side at the end (or when aborted).
    pub vp: [i32; 2],
    /// Game turn reached.
    pub turns: u8,
    /// Steps lost per side.
    pub steps_lost: [u16; 2],
    /// Actions taken by both players.
    pub actions: u64,
    /// Stopped after [`MAX_ACTIONS`] without a result.
    pub aborted: bool,
    /// Steps lost per side and cause, causes in [`LossCause::ALL`] order.
    pub losses: [[u16; 4]; 2],
    /// Units eliminated per side.
    pub eliminated: [u16; 2],
    /// Supply-cut unit-turns per side: at each player-turn's start, the
    /// side's units on the map judged unsupplied (out of supply), summed.
    pub supply_cut: [u32; 2],
    /// Where steps were lost: (hex, steps), by hex.
    pub loss_hexes: Vec<(HexId, u16)>,
}

/// Counts one game's losses from its events (steps by side and cause,
/// eliminations, the hexes where steps were lost), and passes every event
/// on to `log`. [`super::BatchTally`] folds the records of many games.
struct EventTally<'a, L: EventSink> {
    scen: &'a Scenario,
    losses: [[u16; 4]; 2],
    eliminated: [u16; 2],
    hexes: Vec<(HexId, u16)>,
    log: &'a mut L,
}

impl<L: EventSink> EventSink for EventTally<'_, L> {
    fn push(&mut self, e: Event) {
        if let Event::StepLost {
            unit,
            hex,
            cause,
            steps_left,
        } = e
        {
            let side = self.scen.unit(unit).side.index();
            let c = LossCause::ALL.iter().position(|x| *x == cause).unwrap_or(0);
            self.losses[side][c] += 1;
            if steps_left == 0 {
                self.eliminated[side] += 1;
            }
            if hex.is_some() {
                match self.hexes.iter_mut().find(|(h, _)| *h == hex) {
                    Some((_, n)) => *n += 1,
                    None => self.hexes.push((hex, 1)),
                }
            }
        }
        self.log.push(e);
    }
}

/// Why a batch could not run.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// An AI spec `hexwar_ai::from_spec` refused.
    #[error("--{side}: {message}")]
    UnknownAi {
        /// Which flag (`blue`, `red`).
        side: &'static str,
        /// What `from_spec` said.
        message: String,
    },
    /// The thread pool could not be built.
    #[error("cannot start the thread pool: {0}")]
    Threads(rayon::ThreadPoolBuildError),
}

/// Refuses a bad AI spec for `side` (`blue`, `red`, `a`, `b`) before
/// anything is started.
pub fn check_ai(spec: &str, side: &'static str) -> Result<(), SimError> {
    player(spec, side).map(drop)
}

/// The player of an AI spec, or why not.
pub fn player(spec: &str, side: &'static str) -> Result<Box<dyn Player>, SimError> {
    from_spec(spec).map_err(|e| SimError::UnknownAi {
        side,
        message: e.to_string(),
    })
}

/// Plays game `index` of a batch with master seed `seed`: `blue` (an AI
/// spec) for the scenario's first side, `red` for the second. Fails only on
/// a bad AI spec.
pub fn play_game(
    scen: &Scenario,
    blue: &str,
    red: &str,
    seed: u64,
    index: u64,
) -> Result<GameRecord, SimError> {
    let mut b = player(blue, "blue")?;
    let mut r = player(red, "red")?;
    Ok(play_with(
        scen,
        [b.as_mut(), r.as_mut()],
        seed,
        index,
        MAX_ACTIONS,
    ))
}

/// The kernel under [`play_game`], with players given and the action cap
/// as a parameter. The engine's dice and each player draw from their own
/// stream, seeded from `(seed, index)` ([`super::seed`]).
pub fn play_with(
    scen: &Scenario,
    players: [&mut dyn Player; 2],
    seed: u64,
    index: u64,
    max_actions: u64,
) -> GameRecord {
    play_logged(scen, players, seed, index, max_actions, &mut (), None)
}

/// What a player said it meant in one player-turn ([`Player::intent`]).
pub type Intent = (u8, Side, Vec<String>);

/// [`play_with`], giving every event of the game to `log`, and, with
/// `intents`, each player's stated intent at the end of each of its
/// player-turns (a replay).
pub fn play_logged(
    scen: &Scenario,
    players: [&mut dyn Player; 2],
    seed: u64,
    index: u64,
    max_actions: u64,
    log: &mut impl EventSink,
    mut intents: Option<&mut Vec<Intent>>,
) -> GameRecord {
    let game = game_seed(seed, index);
    let mut dice = AiRng::seed_from_u64(stream_seed(game, Stream::Dice));
    let mut rngs = [0, 1].map(|s| AiRng::seed_from_u64(stream_seed(game, Stream::player(s))));
    let mut tally = EventTally {
        scen,
        losses: [[0; 4]; 2],
        eliminated: [0; 2],
        hexes: Vec::new(),
        log,
    };
    let mut state = GameState::new_with(scen, &mut dice, &mut tally);
    let mut actions = 0u64;
    let mut supply_cut = [0u32; 2];
    let mut player_turn = (0, 2);
    while !state.is_over() && actions < max_actions {
        let now = (state.turn(), state.active_side().0);
        if now != player_turn {
            // A player-turn began: its Supply Phase has judged the units.
            player_turn = now;
            for (u, setup) in state.units().iter().zip(scen.units()) {
                if u.on_map() && u.supply == SupplyState::Out {
                    supply_cut[setup.side.index()] += 1;
                }
            }
        }
        let side = state.active_side().index();
        let action = players[side].choose(scen, &state, &mut rngs[side]);
        // Players return legal actions (their contract); the engine's debug
        // assertion catches one that does not.
        state.apply_unchecked(scen, action, &mut dice, &mut tally);
        actions += 1;
        if let Some(list) = intents.as_deref_mut() {
            if state.is_over() || (state.turn(), state.active_side().0) != now {
                let said = players[side].intent();
                if !said.is_empty() {
                    list.push((now.0, Side(now.1), said));
                }
            }
        }
    }
    tally.hexes.sort_unstable();
    let (winner, level, vp, aborted) = match state.result() {
        Some(r) => (r.winner, r.level, r.vp, false),
        None => (None, ResultLevel::Draw, state.victory_points(scen), true),
    };
    GameRecord {
        index,
        seed,
        game_seed: game,
        winner,
        level,
        vp,
        turns: state.turn(),
        steps_lost: state.steps_lost(),
        actions,
        aborted,
        losses: tally.losses,
        eliminated: tally.eliminated,
        supply_cut,
        loss_hexes: tally.hexes,
    }
}
