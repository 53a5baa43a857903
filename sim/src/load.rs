//! Finding a scenario (a built-in name or a `.toml` path) and loading a
//! saved game against it. Shared by `show`, `inspect` and `simulate`.

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use hexwar_engine::save::SavedGame;
use hexwar_engine::{GameState, Scenario, ScenarioError, ScenarioErrors, builtin};

/// Why a scenario could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// Neither a built-in name nor an existing file.
    Unknown {
        /// What was asked for.
        spec: String,
    },
    /// The file exists but could not be read.
    Unreadable {
        /// The path.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file was read but is not a valid scenario.
    Invalid(ScenarioErrors),
}

impl LoadError {
    /// Exit code for the command line: 2 for a name or path that leads
    /// nowhere, 1 for a file that is there but wrong.
    pub fn exit_code(&self) -> u8 {
        match self {
            LoadError::Unknown { .. } | LoadError::Unreadable { .. } => 2,
            LoadError::Invalid(_) => 1,
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Unknown { spec } => write!(
                f,
                "unknown scenario \"{spec}\": not a built-in scenario ({}) and no such file",
                builtin::names().collect::<Vec<_>>().join(", ")
            ),
            LoadError::Unreadable { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            LoadError::Invalid(errors) => write!(f, "{errors}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// Loads a scenario by built-in name (exact) or else by file path.
pub fn scenario(spec: &str) -> Result<Arc<Scenario>, LoadError> {
    if let Some(result) = builtin::try_load(spec) {
        return result.map_err(LoadError::Invalid);
    }
    let path = Path::new(spec);
    if !path.exists() {
        return Err(LoadError::Unknown {
            spec: spec.to_string(),
        });
    }
    scenario_file(path).map(Arc::new)
}

/// Reads and checks a scenario file. Errors name the file as given.
/// A file that is not UTF-8 is reported like any other error in it, with
/// the line and column of the first bad byte.
pub fn scenario_file(path: &Path) -> Result<Scenario, LoadError> {
    let bytes = fs::read(path).map_err(|source| LoadError::Unreadable {
        path: path.to_path_buf(),
        source,
    })?;
    let name = path.display().to_string();
    let text = String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let col = String::from_utf8_lossy(&good[line_start..]).chars().count() + 1;
        LoadError::Invalid(ScenarioErrors(vec![ScenarioError {
            file: name.clone(),
            line,
            col,
            message: "the file is not UTF-8 text".into(),
        }]))
    })?;
    Scenario::from_toml(&text, &name).map_err(LoadError::Invalid)
}

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
            StateError::Parse { .. } | StateError::Invalid { .. } => 1,
        }
    }
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::Unreadable { path, source } => {
                write!(f, "cannot read saved game {}: {source}", path.display())
            }
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
    let text = fs::read_to_string(path).map_err(|source| StateError::Unreadable {
        path: path.to_path_buf(),
        source,
    })?;
    let saved: SavedGame = serde_json::from_str(&text).map_err(|source| StateError::Parse {
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
