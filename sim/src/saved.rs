//! A saved game (JSON, [`SavedGame`]) loaded and checked against its
//! scenario, or a fresh game when none is given: the position `show`,
//! `inspect`, `odds` and `play` start from.

use std::fmt;
use std::path::{Path, PathBuf};

use hexwar_engine::save::SavedGame;
use hexwar_engine::{GameState, Scenario};

use crate::files::{self, FileError};

/// Why a saved game could not be loaded. Every variant names the file.
#[derive(Debug)]
pub enum StateError {
    /// Could not read the file.
    Unreadable {
        /// The path.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Larger than any saved game ([`crate::files::SAVE_LIMIT`]).
    TooLarge {
        /// The path.
        path: PathBuf,
    },
    /// Not a saved game (bad JSON or shape).
    Parse {
        /// The path.
        path: PathBuf,
        /// Why.
        source: serde_json::Error,
    },
    /// A saved game that does not fit the scenario.
    Invalid {
        /// The path.
        path: PathBuf,
        /// What does not fit.
        message: String,
    },
}

impl StateError {
    /// Exit code: 2 when the file cannot be read, 1 when its content is wrong.
    pub fn exit_code(&self) -> u8 {
        match self {
            StateError::Unreadable { .. } => 2,
            StateError::TooLarge { .. } | StateError::Parse { .. } | StateError::Invalid { .. } => {
                1
            }
        }
    }
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::Unreadable { path, source } => {
                write!(f, "cannot read saved game {}: {source}", path.display())
            }
            StateError::TooLarge { path } => write!(
                f,
                "{}: over {} bytes, the most hexwar reads for a saved game (is it the right file?)",
                path.display(),
                files::SAVE_LIMIT
            ),
            StateError::Parse { path, source } => {
                write!(f, "{}: not a saved game: {source}", path.display())
            }
            StateError::Invalid { path, message } => write!(f, "{}: {message}", path.display()),
        }
    }
}

impl std::error::Error for StateError {}

/// Loads a saved game (JSON, [`SavedGame`]) and checks it against `scen`.
pub fn state_file(scen: &Scenario, path: &Path) -> Result<GameState, StateError> {
    let bytes = match files::read_limited(path, files::SAVE_LIMIT, "a saved game") {
        Ok(bytes) => bytes,
        Err(FileError::Read { error, .. }) => {
            return Err(StateError::Unreadable {
                path: path.to_path_buf(),
                source: error,
            });
        }
        Err(_) => {
            return Err(StateError::TooLarge {
                path: path.to_path_buf(),
            });
        }
    };
    let saved: SavedGame = serde_json::from_slice(&bytes).map_err(|source| StateError::Parse {
        path: path.to_path_buf(),
        source,
    })?;
    GameState::from_saved(scen, &saved).map_err(|e| StateError::Invalid {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

/// The state to inspect or draw: the saved game if given, else a fresh game
/// (turn 1, the first side's first decision phase). A fresh game uses a fixed
/// seed, so it is the same every time.
pub fn state_or_new(scen: &Scenario, path: Option<&Path>) -> Result<GameState, StateError> {
    match path {
        Some(p) => state_file(scen, p),
        None => {
            use rand::SeedableRng;
            let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(0);
            Ok(GameState::new(scen, &mut rng))
        }
    }
}
