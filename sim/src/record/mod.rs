//! The game record: a game is its seed and its actions ([`Record`]).
//!
//! The engine draws every die from the RNG it is given, and the dice of
//! game `I` of a batch with master seed `K` come from one stream derived
//! from `(K, I)` ([`crate::batch::seed`]). So the set-up (or a saved
//! starting position), the seed and the actions in order give the whole
//! game back, each action through the engine's checked `apply`. The play
//! page's Save writes a record, its Load reads one, undo rolls it back,
//! the replay viewer steps through one, and `hexwar replay` prints one or
//! writes it (`--out`) from a batch game it plays again.
//!
//! A record may also carry where its actions lead (`position`, a saved
//! game, as the page's Save writes it): a check when the record is read,
//! and what is kept when the actions no longer replay (the rules
//! changed): the game then starts again from that position
//! ([`resolve`]). A saved game alone (the older files, `--state`) is read
//! too ([`GameFile`]).
//!
//! Not to be confused with [`crate::batch::GameRecord`], a batch game's
//! result row in `games.csv`.

pub mod action;
mod batch;
pub mod log;

use std::path::{Path, PathBuf};

use hexwar_ai::AiRng;
use hexwar_engine::save::{SaveError, SavedGame};
use hexwar_engine::{Event, EventSink, GameState, Scenario};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

pub use action::{ActionJson, NotFound, describe_action};
pub use batch::{from_batch, from_run};

use crate::batch::seed::{Stream, game_seed, stream_seed};

/// The version written in `hexwar_record`.
pub const VERSION: u32 = 1;

/// What one player said it meant in one player-turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IntentJson {
    /// Game turn.
    pub turn: u8,
    /// The phasing side's id.
    pub side: String,
    /// The player's words ([`hexwar_ai::Player::intent`]).
    pub lines: Vec<String>,
}

/// A game as its seed and its actions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Marks a game record, and its version ([`VERSION`]).
    pub hexwar_record: u32,
    /// The scenario's name.
    pub scenario: String,
    /// The master seed.
    pub seed: u64,
    /// The game's index under `seed` (0 for a game played in the page).
    #[serde(default)]
    pub game: u64,
    /// Who played each side, first side first: a player spec, or
    /// `person`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<[String; 2]>,
    /// The position the game started from, when not the set-up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<SavedGame>,
    /// Every action, in order, both sides'.
    pub actions: Vec<ActionJson>,
    /// What the players said they meant, player-turn by player-turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub intents: Vec<IntentJson>,
    /// Where the actions lead (written by Save; checked when read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<SavedGame>,
}

/// Why a record could not be played back.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RecordError {
    /// The record is of another scenario.
    #[error("the record is of scenario \"{record}\", not \"{scenario}\"")]
    OtherScenario {
        /// The record's.
        record: String,
        /// The one it was played against.
        scenario: String,
    },
    /// A version this program does not read.
    #[error("hexwar_record {0}: this hexwar reads version {VERSION}")]
    Version(u32),
    /// The starting position does not fit the scenario.
    #[error("start: {0}")]
    Start(SaveError),
    /// The final position does not fit the scenario.
    #[error("position: {0}")]
    Position(SaveError),
    /// An action names a unit or hex the scenario lacks.
    #[error("action {index}: {message}")]
    Lookup {
        /// Its place in `actions`, from 0.
        index: usize,
        /// What names nothing.
        message: String,
    },
    /// A saved position alone, where a record was needed.
    #[error("a saved position alone has no actions to replay (load it as a game instead)")]
    NoActions,
    /// The engine refused an action.
    #[error("action {index} ({action}, turn {turn}) refused: {reason}")]
    Refused {
        /// Its place in `actions`, from 0.
        index: usize,
        /// The action in words.
        action: String,
        /// The game turn it was played in.
        turn: u8,
        /// The engine's reason.
        reason: String,
    },
}

/// The game when its record is played back: the position and the dice
/// as they stand after the last action.
pub struct Replayed {
    /// The position.
    pub state: GameState,
    /// The dice, ready for the next action.
    pub dice: AiRng,
}

impl Record {
    /// An empty record of a game of `scen` with `seed` (game `game`), from
    /// the set-up or from `start`.
    pub fn new(scen: &Scenario, seed: u64, game: u64, start: Option<&GameState>) -> Record {
        Record {
            hexwar_record: VERSION,
            scenario: scen.name().to_string(),
            seed,
            game,
            players: None,
            start: start.map(|s| s.to_saved(scen)),
            actions: Vec::new(),
            intents: Vec::new(),
            position: None,
        }
    }

    /// The game's dice, fresh: the stream `hexwar simulate --seed SEED`
    /// gives game `game`.
    pub fn dice(&self) -> AiRng {
        AiRng::seed_from_u64(stream_seed(game_seed(self.seed, self.game), Stream::Dice))
    }

    /// The position before the first action, its events given to `sink`.
    pub fn start_state(
        &self,
        scen: &Scenario,
        dice: &mut AiRng,
        sink: &mut impl EventSink,
    ) -> Result<GameState, RecordError> {
        if self.hexwar_record != VERSION {
            return Err(RecordError::Version(self.hexwar_record));
        }
        if self.scenario != scen.name() {
            return Err(RecordError::OtherScenario {
                record: self.scenario.clone(),
                scenario: scen.name().to_string(),
            });
        }
        match &self.start {
            Some(s) => GameState::from_saved(scen, s).map_err(RecordError::Start),
            None => Ok(GameState::new_with(scen, dice, sink)),
        }
    }

    /// Plays the record back through the engine's checked `apply`;
    /// `each(i, state, events)` sees the position after action `i` (none
    /// before the first: `i` is `None`) and the events it gave off.
    pub fn replay(
        &self,
        scen: &Scenario,
        mut each: impl FnMut(Option<usize>, &GameState, &[Event]),
    ) -> Result<Replayed, RecordError> {
        let mut dice = self.dice();
        let mut events = Vec::new();
        let mut state = self.start_state(scen, &mut dice, &mut events)?;
        each(None, &state, &events);
        for (index, a) in self.actions.iter().enumerate() {
            let action = a.to_action(scen).map_err(|e| RecordError::Lookup {
                index,
                message: e.0,
            })?;
            events.clear();
            state
                .apply(scen, action, &mut dice, &mut events)
                .map_err(|e| RecordError::Refused {
                    index,
                    action: describe_action(scen, action),
                    turn: state.turn(),
                    reason: e.describe(scen),
                })?;
            each(Some(index), &state, &events);
        }
        Ok(Replayed { state, dice })
    }

    /// The intent said by `side` in game turn `turn`, if any.
    pub fn intent(&self, turn: u8, side: &str) -> Option<&[String]> {
        self.intents
            .iter()
            .rev()
            .find(|i| i.turn == turn && i.side == side)
            .map(|i| i.lines.as_slice())
    }
}

/// A record read back: the game, and a warning when the record's actions
/// could not be used and the game starts again from its position.
pub struct Resolved {
    /// The record the game goes on with.
    pub record: Record,
    /// Where it stands.
    pub state: GameState,
    /// The dice.
    pub dice: AiRng,
    /// Why the actions were set aside, if they were.
    pub warning: Option<String>,
}

/// A record played back and checked against its `position`. When the
/// actions are refused, or lead elsewhere than the position, the position
/// wins (what the person saw when saving) and the game restarts from it,
/// with a warning; without a position a refused action is an error.
pub fn resolve(scen: &Scenario, record: Record) -> Result<Resolved, RecordError> {
    let played = record.replay(scen, |_, _, _| ());
    let Some(pos) = record.position.clone() else {
        let r = played?;
        return Ok(Resolved {
            record,
            state: r.state,
            dice: r.dice,
            warning: None,
        });
    };
    let why = match played {
        Ok(r) if r.state.to_saved(scen) == pos => {
            let mut record = record;
            record.position = None;
            return Ok(Resolved {
                record,
                state: r.state,
                dice: r.dice,
                warning: None,
            });
        }
        Ok(_) => "its actions lead to another position than the one saved".to_string(),
        Err(e) => e.to_string(),
    };
    let state = GameState::from_saved(scen, &pos).map_err(RecordError::Position)?;
    let mut fresh = Record::new(scen, record.seed, record.game, Some(&state));
    fresh.players = record.players;
    let dice = fresh.dice();
    Ok(Resolved {
        record: fresh,
        state,
        dice,
        warning: Some(format!(
            "the saved position is loaded, without its history: {why}"
        )),
    })
}

/// A game file: a record, or a saved game alone (older saves, `--state`).
#[derive(Clone, Debug, PartialEq)]
pub enum GameFile {
    /// A game record.
    Record(Box<Record>),
    /// A saved position.
    Position(Box<SavedGame>),
}

impl GameFile {
    /// Reads either kind from JSON text: a record is an object with a
    /// `hexwar_record` field. Errors are serde's (line, column, field).
    pub fn parse(text: &str) -> Result<GameFile, serde_json::Error> {
        let v: serde_json::Value = serde_json::from_str(text)?;
        if v.get("hexwar_record").is_some() {
            serde_json::from_str(text).map(|r| GameFile::Record(Box::new(r)))
        } else {
            serde_json::from_str(text).map(|s| GameFile::Position(Box::new(s)))
        }
    }

    /// The scenario it names.
    pub fn scenario(&self) -> &str {
        match self {
            GameFile::Record(r) => &r.scenario,
            GameFile::Position(s) => &s.scenario,
        }
    }

    /// The game it holds, against `scen`: a record as [`resolve`] reads it
    /// (the dice as it leaves them), a saved game as the start of a record
    /// with `seed` (fresh dice).
    pub fn resolve(self, scen: &Scenario, seed: u64) -> Result<Resolved, RecordError> {
        match self {
            GameFile::Record(r) => resolve(scen, *r),
            GameFile::Position(s) => {
                if s.scenario != scen.name() {
                    return Err(RecordError::Position(SaveError::OtherScenario {
                        saved: s.scenario.clone(),
                        scenario: scen.name().to_string(),
                    }));
                }
                let state = GameState::from_saved(scen, &s).map_err(RecordError::Position)?;
                let record = Record::new(scen, seed, 0, Some(&state));
                let dice = record.dice();
                Ok(Resolved {
                    record,
                    state,
                    dice,
                    warning: None,
                })
            }
        }
    }
}

/// Why a game file could not be read. Every variant names the file.
#[derive(Debug, thiserror::Error)]
pub enum GameFileError {
    /// Could not read it (or it is larger than any game record).
    #[error("{source}")]
    Unreadable {
        /// The path.
        path: PathBuf,
        /// Why (the error names the file).
        source: crate::files::FileError,
    },
    /// Not a record nor a saved game.
    #[error("{}: not a game record or saved game: {source}", path.display())]
    Parse {
        /// The path.
        path: PathBuf,
        /// serde's message, with line and column.
        source: serde_json::Error,
    },
    /// A record or saved game that does not fit its scenario.
    #[error("{}: {source}", path.display())]
    Invalid {
        /// The path.
        path: PathBuf,
        /// What does not fit.
        source: RecordError,
    },
}

impl GameFileError {
    /// Exit code: 2 when the file cannot be read, 1 when its content is
    /// wrong (or too large to be a game).
    pub fn exit_code(&self) -> u8 {
        match self {
            GameFileError::Unreadable {
                source: crate::files::FileError::Read { .. },
                ..
            } => 2,
            _ => 1,
        }
    }
}

/// Reads a game file (at most [`crate::files::SAVE_LIMIT`] bytes).
pub fn read(path: &Path) -> Result<GameFile, GameFileError> {
    let bytes = crate::files::read_limited(path, crate::files::SAVE_LIMIT, "a game record")
        .map_err(|source| GameFileError::Unreadable {
            path: path.to_path_buf(),
            source,
        })?;
    GameFile::parse(&String::from_utf8_lossy(&bytes)).map_err(|source| GameFileError::Parse {
        path: path.to_path_buf(),
        source,
    })
}

/// Reads a game file and resolves it against `scen` (see [`GameFile::resolve`]).
pub fn read_game(scen: &Scenario, path: &Path, seed: u64) -> Result<Resolved, GameFileError> {
    read(path)?
        .resolve(scen, seed)
        .map_err(|source| GameFileError::Invalid {
            path: path.to_path_buf(),
            source,
        })
}
