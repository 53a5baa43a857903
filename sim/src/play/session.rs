//! [`Session`]: one game between the person and an AI (scenario, state,
//! the AI, the dice and AI streams seeded as game 0 of a batch, the
//! game's record, the log, the undo and redo stacks, a version counted up
//! at every change), and the replay viewer when one is open.
//!
//! Every action, the person's and the AI's, goes through the engine's
//! checked `apply` and into the record ([`crate::record`]); undo puts
//! back the position kept before the action ([`super::undo`]).

use std::path::PathBuf;
use std::sync::Arc;

use hexwar_ai::{AiRng, Player};
use hexwar_engine::{Action, Event, GameState, Scenario, Side};
use rand::SeedableRng;

use super::api::{Refusal, refuse};
use super::state_json::{self, LogEntry, StateContext, StateJson};
use super::undo::Undo;
use super::viewer::Viewer;
use crate::batch::seed::{Stream, game_seed, stream_seed};
use crate::draw::map_svg;
use crate::record::log::TurnCursor;
use crate::record::{ActionJson, IntentJson, Record, Resolved};

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
    pub(super) dice: AiRng,
    ai_rng: AiRng,
    pub(super) state: GameState,
    pub(super) version: u64,
    pub(super) log: Vec<LogEntry>,
    pub(super) cursor: TurnCursor,
    intent: Vec<String>,
    pub(super) record: Record,
    pub(super) undo: Undo,
    pub(super) map_svg: String,
    /// The replay viewer, when one is open (the game waits underneath).
    pub(super) viewer: Option<Viewer>,
    /// The run folder `hexwar play --replay` named, whose games the page
    /// may open.
    pub(super) run: Option<PathBuf>,
    /// The player a hint asks, kept for its map graphs.
    pub(super) hinter: Option<hexwar_ai::HeuristicPlayer>,
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
        let ai = make_ai(ai_spec)?;
        let map_svg = map_svg::render_map(&scen);
        let (dice, ai_rng) = rngs(seed, human.other());
        let record = Record::new(&scen, seed, 0, None);
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
            cursor: TurnCursor::new(),
            intent: Vec::new(),
            record,
            undo: Undo::default(),
            map_svg,
            viewer: None,
            run: None,
            hinter: None,
        };
        s.restart(seed);
        Ok(s)
    }

    /// [`Session::new`], then the game replaced by a saved position (the
    /// record starts there, with fresh dice from `seed`).
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

    /// [`Session::new`], then the game of a record read back.
    pub fn from_record(
        scen: Arc<Scenario>,
        human: Side,
        ai_spec: &str,
        game: Resolved,
    ) -> Result<Session, SessionError> {
        let mut s = Session::new(scen, human, ai_spec, game.record.seed)?;
        s.adopt(game);
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

    /// The game's record so far.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// Lets the page open the games of the run folder `dir`.
    pub fn set_run(&mut self, dir: PathBuf) {
        self.run = Some(dir);
    }

    /// Opens the replay viewer on a record of a game of `scen` (`source`
    /// says which, for the page).
    pub fn open_replay(
        &mut self,
        scen: Arc<Scenario>,
        record: Record,
        source: String,
    ) -> Result<(), crate::record::RecordError> {
        self.viewer = Some(Viewer::open(scen, record, source)?);
        self.version += 1;
        Ok(())
    }

    /// A new game with `seed`, against the AI `ai` (a level or any spec),
    /// the person on `human` if given, else as before, and of `scen` if
    /// given. An AI spec refused leaves the game as it was.
    pub(super) fn new_game(
        &mut self,
        seed: u64,
        ai: Option<&str>,
        human: Option<Side>,
        scen: Option<Arc<Scenario>>,
    ) -> Result<(), SessionError> {
        if let Some(spec) = ai {
            self.ai = make_ai(spec)?;
            self.ai_spec = spec.to_string();
        }
        if let Some(scen) = scen {
            self.map_svg = map_svg::render_map(&scen);
            self.scen = scen;
        }
        if let Some(side) = human {
            self.human = side;
        }
        self.restart(seed);
        Ok(())
    }

    /// A new game with `seed`: fresh dice, AI, record and log.
    pub(super) fn restart(&mut self, seed: u64) {
        self.seed = seed;
        self.record = Record::new(&self.scen, seed, 0, None);
        let mut dice = self.record.dice();
        let mut events = Vec::new();
        self.state = GameState::new_with(&self.scen, &mut dice, &mut events);
        self.dice = dice;
        self.fresh_players();
        self.log.clear();
        self.cursor = TurnCursor::new();
        self.record_events(&events);
        self.version += 1;
    }

    /// The game replaced by `state` (a loaded position): the record starts
    /// there, with fresh dice; the log restarts.
    pub(super) fn replace(&mut self, state: GameState) {
        self.record = Record::new(&self.scen, self.seed, 0, Some(&state));
        self.dice = self.record.dice();
        self.state = state;
        self.log.clear();
        self.cursor = TurnCursor::at(self.state.turn(), self.state.active_side());
        self.fresh_players();
        self.version += 1;
    }

    /// The game replaced by a record read back: its position, dice and
    /// record, and the log told again from the record.
    pub(super) fn adopt(&mut self, game: Resolved) {
        let Resolved {
            record,
            state,
            dice,
            ..
        } = game;
        self.seed = record.seed;
        // The side the record says the person played, if it says.
        if let Some(players) = &record.players {
            if let Some(i) = players.iter().position(|p| p == PERSON) {
                self.human = Side(i as u8);
            }
        }
        self.log.clear();
        self.cursor = match &record.start {
            Some(_) => TurnCursor::at(state.turn(), state.active_side()),
            None => TurnCursor::new(),
        };
        let scen = self.scen.clone();
        let mut cursor = self.cursor.clone();
        let mut log = Vec::new();
        // The record was played back once already: it plays back again.
        let _ = record.replay(&scen, |_, _, events| {
            log.extend(state_json::log_entries(&scen, &mut cursor, events));
        });
        self.log = log;
        self.cursor = cursor;
        self.record = record;
        self.state = state;
        self.dice = dice;
        self.fresh_players();
        let ai_side = self.scen.side(self.human.other()).id.clone();
        self.intent = (self.record.intents.iter().rev())
            .find(|i| i.side == ai_side)
            .map(|i| i.lines.clone())
            .unwrap_or_default();
        self.version += 1;
    }

    /// A fresh AI and AI stream, no intent, nothing to undo.
    fn fresh_players(&mut self) {
        let (_, ai_rng) = rngs(self.seed, self.human.other());
        self.ai_rng = ai_rng;
        if let Ok(ai) = make_ai(&self.ai_spec) {
            self.ai = ai;
        }
        self.intent.clear();
        self.undo = Undo::default();
    }

    /// The log lines of `events`, added to the log.
    pub(super) fn record_events(&mut self, events: &[Event]) -> Vec<LogEntry> {
        let added = state_json::log_entries(&self.scen, &mut self.cursor, events);
        self.log.extend(added.iter().cloned());
        added
    }

    /// The state as `GET /api/state` gives it (the viewed position when
    /// the replay viewer is open).
    pub fn state_json(&self) -> StateJson {
        if let Some(v) = &self.viewer {
            return v.state_json();
        }
        state_json::state_json(
            &self.scen,
            &self.state,
            &StateContext {
                version: self.version,
                seed: self.seed,
                human: self.human,
                log: &self.log,
                intent: &self.intent,
                undo: self.undo.undo_len(),
                redo: self.undo.redo_len(),
            },
        )
    }

    /// The record as Save writes it: who played, and where it stands.
    pub(super) fn record_to_save(&self) -> Record {
        let mut r = self.record.clone();
        let mut players = [PERSON.to_string(), PERSON.to_string()];
        players[self.human.other().index()] = self.ai_spec.clone();
        r.players = Some(players);
        r.position = Some(self.state.to_saved(&self.scen));
        r
    }

    /// Refuses an action while the replay viewer is open.
    pub(super) fn live(&self) -> Result<(), Refusal> {
        match self.viewer {
            Some(_) => refuse(
                409,
                "a replay is open: close it (POST /api/replay/close) to go back to the game",
            ),
            None => Ok(()),
        }
    }

    /// Plays one of the person's actions through the checked apply.
    pub(super) fn act(&mut self, action: Action) -> Result<Vec<LogEntry>, Refusal> {
        let events = self.apply_person(action)?;
        self.undo.clear_redo();
        Ok(events)
    }

    /// The person's action applied and recorded; the position before it
    /// kept for undo unless the action rolled a die or left the phase.
    pub(super) fn apply_person(&mut self, action: Action) -> Result<Vec<LogEntry>, Refusal> {
        self.live()?;
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
        let before = self.snapshot();
        let mut events = Vec::new();
        self.state
            .apply(&self.scen, action, &mut self.dice, &mut events)
            .map_err(|e| (409, e.describe(&self.scen)))?;
        self.record
            .actions
            .push(ActionJson::from_action(&self.scen, action));
        self.undo.after_action(before, &self.state, &self.dice);
        self.version += 1;
        Ok(self.record_events(&events))
    }

    /// Lets the AI play one action.
    pub(super) fn ai_step(&mut self) -> Result<(Action, Vec<LogEntry>), Refusal> {
        self.live()?;
        if self.state.is_over() {
            return refuse(409, "the game is over");
        }
        if self.state.active_side() == self.human {
            return refuse(409, "it is your turn, not the AI's");
        }
        let now = (self.state.turn(), self.state.active_side());
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
        self.record
            .actions
            .push(ActionJson::from_action(&self.scen, action));
        let said = self.ai.intent();
        if !said.is_empty() {
            self.intent = said;
        }
        // At the end of its player-turn, what it meant goes into the record.
        let ended = self.state.is_over() || (self.state.turn(), self.state.active_side()) != now;
        if ended && !self.intent.is_empty() {
            self.record.intents.push(IntentJson {
                turn: now.0,
                side: self.scen.side(now.1).id.clone(),
                lines: self.intent.clone(),
            });
        }
        self.undo = Undo::default();
        self.version += 1;
        Ok((action, self.record_events(&events)))
    }
}

/// How a record names the person among the players.
pub const PERSON: &str = "person";

fn make_ai(spec: &str) -> Result<Box<dyn Player>, SessionError> {
    hexwar_ai::for_play(spec).map_err(|e| SessionError::UnknownAi {
        message: e.to_string(),
    })
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
