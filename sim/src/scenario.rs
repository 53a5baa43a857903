//! A scenario named on the command line (a built-in name or a `.toml`
//! path), loaded once: its text and the checked [`Scenario`] together
//! ([`LoadedScenario`]), so a batch digests the same text it plays and no
//! command reads the file twice. [`scenario_text`] is the one reader of a
//! scenario's text.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use hexwar_engine::{Scenario, ScenarioError, ScenarioErrors, builtin};

use crate::files::{self, FileError};

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

/// Where a scenario's text comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A built-in scenario, by name.
    Builtin(String),
    /// A file, by its path as given.
    File(PathBuf),
}

/// A scenario's text and where it comes from, not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioText {
    /// The built-in name or the file.
    pub source: Source,
    /// The TOML text.
    pub text: String,
}

/// A scenario as named on the command line, read once: the name as given,
/// where it came from, its text and the checked scenario.
#[derive(Clone, Debug)]
pub struct LoadedScenario {
    /// The built-in name or path, as given.
    pub spec: String,
    /// The built-in name or the file.
    pub source: Source,
    /// The TOML text the scenario was checked from (what a run's digest
    /// covers).
    pub text: String,
    /// The checked scenario.
    pub scenario: Arc<Scenario>,
}

impl LoadedScenario {
    /// Loads a scenario by built-in name (exact) or else by file path.
    pub fn load(spec: &str) -> Result<LoadedScenario, LoadError> {
        let ScenarioText { source, text } = scenario_text(spec)?;
        let scenario = match (&source, builtin::try_load(spec)) {
            (Source::Builtin(_), Some(result)) => result.map_err(LoadError::Invalid)?,
            _ => Arc::new(check(&text, Path::new(spec))?),
        };
        Ok(LoadedScenario {
            spec: spec.to_string(),
            source,
            text,
            scenario,
        })
    }

    /// The scenario's name (from its file, not as given).
    pub fn name(&self) -> &str {
        self.scenario.name()
    }
}

/// The text of a scenario by built-in name (exact) or else by file path,
/// unchecked (`hexwar sweep` edits it before checking).
pub fn scenario_text(spec: &str) -> Result<ScenarioText, LoadError> {
    if let Some(text) = builtin::source(spec) {
        return Ok(ScenarioText {
            source: Source::Builtin(spec.to_string()),
            text: text.to_string(),
        });
    }
    let path = Path::new(spec);
    if !path.exists() {
        return Err(LoadError::Unknown {
            spec: spec.to_string(),
        });
    }
    Ok(ScenarioText {
        source: Source::File(path.to_path_buf()),
        text: read_text(path)?,
    })
}

/// Reads and checks a scenario file. Errors name the file as given.
pub fn scenario_file(path: &Path) -> Result<Scenario, LoadError> {
    check(&read_text(path)?, path)
}

/// Checks a scenario file's text; errors name the file as given.
fn check(text: &str, path: &Path) -> Result<Scenario, LoadError> {
    Scenario::from_toml(text, &path.display().to_string()).map_err(LoadError::Invalid)
}

/// A scenario file's text. A file that is not UTF-8 is reported like any
/// other error in it, with the line and column of the first bad byte.
fn read_text(path: &Path) -> Result<String, LoadError> {
    let name = path.display().to_string();
    let bytes = match files::read_limited(path, files::SCENARIO_LIMIT, "a scenario") {
        Ok(bytes) => bytes,
        Err(FileError::Read { error, .. }) => {
            return Err(LoadError::Unreadable {
                path: path.to_path_buf(),
                source: error,
            });
        }
        Err(_) => {
            return Err(LoadError::Invalid(ScenarioErrors(vec![ScenarioError {
                file: name,
                line: 1,
                col: 1,
                message: format!(
                    "over {} bytes, the most hexwar reads for a scenario (is it the right file?)",
                    files::SCENARIO_LIMIT
                ),
            }])));
        }
    };
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let col = String::from_utf8_lossy(&good[line_start..]).chars().count() + 1;
        LoadError::Invalid(ScenarioErrors(vec![ScenarioError {
            file: name,
            line,
            col,
            message: "the file is not UTF-8 text".into(),
        }]))
    })
}
