//! [`Session`]: one game between the person and an AI (scenario, state,
//! the AI, the dice and AI streams seeded as game 0 of a batch, the log,
//! a version counted up at every change).

use std::sync::Arc;

use hexwar_ai::{AiRng, Player};
use hexwar_engine::{Action, Event, GameState, Scenario, Side};
use rand::SeedableRng;

use super::api::{Refusal, refuse};
use super::state_json::{self, LogEntry, StateContext, StateJson};
use crate::batch::seed::{Stream, game_seed, stream_seed};
use crate::draw::map_svg;

/// Why a session could not start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// An AI spec `hexwar_ai::from_spec` refused.
    #[error("--ai: {message}")]
    UnknownAi {
        /// What `from_spec` said.
        message: String,
    },
}

/// A game in progress between the person and an AI.
pub struct Session {
    pub(super) scen: Arc<Scenario>,
    pub(super) human: Side,
    pub(super) ai_spec: String,
    ai: Box<dyn Player>,
    pub(super) seed: u64,
    dice: AiRng,
    ai_rng: AiRng,
    pub(super) state: GameState,
    version: u64,
    log: Vec<LogEntry>,
    cursor: (u8, Side),
    intent: Vec<String>,
    pub(super) map_svg: String,
}

impl Session {
    /// A new game of `scen`, the person playing `human` against the AI
    /// `ai_spec` (as in `hexwar simulate`), with the dice and the AI seeded
    /// from `seed` as game 0 of a batch with that seed is ([`crate::batch::seed`]).
    pub fn new(
        scen: Arc<Scenario>,
        human: Side,
        ai_spec: &str,
        seed: u64,
    ) -> Result<Session, SessionError> {
        let ai = hexwar_ai::for_play(ai_spec).map_err(|e| SessionError::UnknownAi {
            message: e.to_string(),
        })?;
        let map_svg = map_svg::render_map(&scen);
        let (dice, ai_rng) = rngs(seed, human.other());
        let mut s = Session {
            state: GameState::new(&scen, &mut AiRng::seed_from_u64(0)),
            scen,
            human,
            ai_spec: ai_spec.to_string(),
            ai,
            seed,
            dice,
            ai_rng,
            version: 0,
            log: Vec::new(),
            cursor: (0, Side(1)),
            intent: Vec::new(),
            map_svg,
        };
        s.restart(seed);
        Ok(s)
    }

    /// [`Session::new`], then the game replaced by a saved position.
    pub fn from_state(
        scen: Arc<Scenario>,
        human: Side,
        ai_spec: &str,
        seed: u64,
        state: GameState,
    ) -> Result<Session, SessionError> {
        let mut s = Session::new(scen, human, ai_spec, seed)?;
        s.replace(state);
        Ok(s)
    }

    /// The scenario.
    pub fn scenario(&self) -> &Arc<Scenario> {
        &self.scen
    }

    /// The position.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The person's side.
    pub fn human(&self) -> Side {
        self.human
    }

    /// The game's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The AI's name.
    pub fn ai_name(&self) -> String {
        self.ai.name()
    }

    /// A new game with `seed`, against the AI `ai` (a level or any spec)
    /// and with the person on `human` if given, else as before. An AI
    /// spec refused leaves the game as it was.
    pub(super) fn new_game(
        &mut self,
        seed: u64,
        ai: Option<&str>,
        human: Option<Side>,
    ) -> Result<(), SessionError> {
        if let Some(spec) = ai {
            self.ai = hexwar_ai::for_play(spec).map_err(|e| SessionError::UnknownAi {
                message: e.to_string(),
            })?;
            self.ai_spec = spec.to_string();
        }
        if let Some(side) = human {
            self.human = side;
        }
        self.restart(seed);
        Ok(())
    }

    /// A new game with `seed`: fresh dice, AI and log.
    pub(super) fn restart(&mut self, seed: u64) {
        let (mut dice, ai_rng) = rngs(seed, self.human.other());
        let mut events = Vec::new();
        self.state = GameState::new_with(&self.scen, &mut dice, &mut events);
        self.dice = dice;
        self.ai_rng = ai_rng;
        self.seed = seed;
        if let Ok(ai) = hexwar_ai::for_play(&self.ai_spec) {
            self.ai = ai;
        }
        self.log.clear();
        self.intent.clear();
        self.cursor = (0, Side(1));
        self.record(&events);
        self.version += 1;
    }

    /// The game replaced by `state` (a loaded one): the log restarts.
    pub(super) fn replace(&mut self, state: GameState) {
        self.state = state;
        self.log.clear();
        self.intent.clear();
        self.cursor = (self.state.turn(), self.state.active_side());
        if let Ok(ai) = hexwar_ai::for_play(&self.ai_spec) {
            self.ai = ai;
        }
        self.version += 1;
    }

    fn record(&mut self, events: &[Event]) -> Vec<LogEntry> {
        let added = state_json::log_entries(&self.scen, &mut self.cursor, events);
        self.log.extend(added.iter().cloned());
        added
    }

    /// The state as `GET /api/state` gives it.
    pub fn state_json(&self) -> StateJson {
        state_json::state_json(
            &self.scen,
            &self.state,
            &StateContext {
                version: self.version,
                seed: self.seed,
                human: self.human,
                log: &self.log,
                intent: &self.intent,
            },
        )
    }

    /// Plays one of the person's actions through the checked apply.
    pub(super) fn act(&mut self, action: Action) -> Result<Vec<LogEntry>, Refusal> {
        if self.state.is_over() {
            return refuse(409, "the game is over");
        }
        if self.state.active_side() != self.human {
            return refuse(
                409,
                format!(
                    "it is not your turn: {} is to move (POST /api/ai/step)",
                    self.scen.side(self.state.active_side()).name
                ),
            );
        }
        let mut events = Vec::new();
        self.state
            .apply(&self.scen, action, &mut self.dice, &mut events)
            .map_err(|e| (409, e.describe(&self.scen)))?;
        self.version += 1;
        Ok(self.record(&events))
    }

    /// Lets the AI play one action.
    pub(super) fn ai_step(&mut self) -> Result<(Action, Vec<LogEntry>), Refusal> {
        if self.state.is_over() {
            return refuse(409, "the game is over");
        }
        if self.state.active_side() == self.human {
            return refuse(409, "it is your turn, not the AI's");
        }
        let action = self.ai.choose(&self.scen, &self.state, &mut self.ai_rng);
        let mut events = Vec::new();
        self.state
            .apply(&self.scen, action, &mut self.dice, &mut events)
            .map_err(|e| {
                (
                    500,
                    format!("the AI chose an illegal action: {}", e.describe(&self.scen)),
                )
            })?;
        let said = self.ai.intent();
        if !said.is_empty() {
            self.intent = said;
        }
        self.version += 1;
        Ok((action, self.record(&events)))
    }
}

/// The dice and the AI's RNG of game 0 of a batch with master `seed`, the
/// AI playing `ai_side` (the streams `hexwar simulate` gives that game).
fn rngs(seed: u64, ai_side: Side) -> (AiRng, AiRng) {
    let game = game_seed(seed, 0);
    (
        AiRng::seed_from_u64(stream_seed(game, Stream::Dice)),
        AiRng::seed_from_u64(stream_seed(game, Stream::player(ai_side.index()))),
    )
}

/// A seed from the clock, for a game started without one.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64 % 1_000_000_000)
}
