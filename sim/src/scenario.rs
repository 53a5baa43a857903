//! A scenario named on the command line (a built-in name or a `.toml`
//! path), loaded once: its text and the checked [`Scenario`] together
//! ([`LoadedScenario`]), so a batch digests the same text it plays and no
//! command reads the file twice. [`scenario_text`] is the one reader of a
//! scenario's text. A copy of a built-in that kept its `name` is labelled
//! by its file name ([`own_name`]).

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
    /// Loads a scenario by built-in name (exact) or else by file path. A
    /// file that kept a built-in's `name` but is not that built-in (a copy
    /// being changed) is named after the file instead ([`own_name`]), so
    /// its runs, summaries and plots are not labelled as the built-in's.
    pub fn load(spec: &str) -> Result<LoadedScenario, LoadError> {
        let ScenarioText { source, text } = scenario_text(spec)?;
        let mut scenario = match (&source, builtin::try_load(spec)) {
            (Source::Builtin(_), Some(result)) => result.map_err(LoadError::Invalid)?,
            _ => Arc::new(check(&text, Path::new(spec))?),
        };
        if let Some(name) = own_name(&source, &text, scenario.name()) {
            scenario = Arc::new(check(&renamed(&text, &name), Path::new(spec))?);
        }
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

/// The name a scenario file's runs go by when its `name` is a built-in's
/// but its text is not that built-in's (a copy being changed): the file's
/// stem, with `-copy` added if the stem is itself a built-in's name.
/// `None` when the scenario's own name will do.
pub fn own_name(source: &Source, text: &str, name: &str) -> Option<String> {
    let Source::File(path) = source else {
        return None;
    };
    if builtin::source(name).is_none_or(|b| b == text) {
        return None;
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| format!("{name}-copy"));
    Some(if builtin::source(&stem).is_some() {
        format!("{stem}-copy")
    } else {
        stem
    })
}

/// `text` with `[scenario] name` set to `name`, nothing else changed (so
/// every line keeps its number for the engine's messages).
fn renamed(text: &str, name: &str) -> String {
    match text.parse::<toml_edit::DocumentMut>() {
        Ok(mut doc) => match doc
            .get_mut("scenario")
            .and_then(|s| s.as_table_like_mut())
            .and_then(|t| t.get_mut("name"))
        {
            Some(item) => {
                *item = toml_edit::value(name);
                doc.to_string()
            }
            None => text.to_string(),
        },
        Err(_) => text.to_string(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_copy_of_a_builtin_goes_by_its_file_name() {
        let malaya = builtin::source("malaya").unwrap();
        let file = |p: &str| Source::File(PathBuf::from(p));
        let changed = malaya.replace("turns = 18", "turns = 17");
        assert_eq!(
            own_name(&file("work/my-malaya.toml"), &changed, "malaya"),
            Some("my-malaya".into())
        );
        // A stem that is itself a built-in's name is told apart.
        assert_eq!(
            own_name(&file("work/malaya.toml"), &changed, "malaya"),
            Some("malaya-copy".into())
        );
        // The built-in's own text, a name of its own, a built-in by name.
        assert_eq!(own_name(&file("x.toml"), malaya, "malaya"), None);
        assert_eq!(own_name(&file("x.toml"), &changed, "mine"), None);
        assert_eq!(
            own_name(&Source::Builtin("malaya".into()), &changed, "malaya"),
            None
        );
        // The new name goes into the text, nothing else moves.
        let text = renamed(&changed, "my-malaya");
        assert_eq!(text.lines().count(), changed.lines().count());
        assert!(text.contains("name = \"my-malaya\""));
        assert_eq!(Scenario::from_toml(&text, "x").unwrap().name(), "my-malaya");
    }
}
