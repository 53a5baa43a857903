//! `hexwar sweep`'s machinery: vary one number in a scenario, play a
//! batch at each value, and find the value that gives an even game.
//!
//! The scenario's TOML is edited in place ([`set::set_path`], comments
//! kept) and checked by `Scenario::from_toml` like any file, so a change
//! that breaks a rule is reported as the engine would report it. Every
//! value plays the same game indices with the same master seed (common
//! random numbers), so the differences between values are the parameter's,
//! not the dice's. A logistic curve through the first side's win rates
//! gives the 50% point, with a bootstrap interval ([`report`]). The
//! command itself is [`crate::cmd::sweep`].

use hexwar_engine::ScenarioErrors;

use crate::batch::SimError;
use crate::draw::PlotError;
use crate::files::FileError;

pub mod report;
pub mod set;

pub use report::{FitReport, SweepReport, SweepRow};
pub use set::{
    SetPathError, edited_text, field_kind, parse_document, parse_set, parse_value, set_path,
    variant,
};

/// Bootstrap replicates for the interval of the 50% point.
pub const BOOTSTRAP_REPS: usize = 1000;

/// Why a sweep could not run: its `--set`, a value, the scenario as
/// edited, or a file.
#[derive(Debug, thiserror::Error)]
pub enum SweepError {
    /// `--set` without `=`.
    #[error("--set \"{set}\": expected PATH=V1,V2,... (e.g. unit_types.jp_inf.attack.0=3,4,5)")]
    SetSyntax {
        /// As given.
        set: String,
    },
    /// `--set =1,2`.
    #[error("--set \"{set}\": the path before '=' is empty")]
    EmptyPath {
        /// As given.
        set: String,
    },
    /// `--set a=1,,2`.
    #[error("--set \"{set}\": an empty value in the list (values are separated by commas)")]
    EmptyValue {
        /// As given.
        set: String,
    },
    /// The scenario's text is not TOML.
    #[error("{scenario} is not TOML: {error}")]
    NotToml {
        /// The scenario as given.
        scenario: String,
        /// What the parser said.
        error: Box<toml_edit::TomlError>,
    },
    /// A value that is neither a number nor a boolean.
    #[error("--set {path}={value}: \"{value}\" is not a number or true/false")]
    NotValue {
        /// The path.
        path: String,
        /// The value.
        value: String,
    },
    /// A path that does not lead to a number or boolean.
    #[error("--set {path}={value}: {error}")]
    Set {
        /// The path.
        path: String,
        /// The value.
        value: String,
        /// Where the path failed.
        error: Box<SetPathError>,
    },
    /// The edited scenario breaks a rule.
    #[error("{name} is not a valid scenario:\n{errors}")]
    Invalid {
        /// `SCENARIO with PATH=VALUE`.
        name: String,
        /// The engine's errors.
        errors: ScenarioErrors,
    },
    /// A bad AI spec, or no thread pool.
    #[error(transparent)]
    Sim(#[from] SimError),
    /// The chart.
    #[error(transparent)]
    Plot(#[from] PlotError),
    /// `sweep.json` or the folder.
    #[error(transparent)]
    File(#[from] FileError),
    /// `report.html`.
    #[error(transparent)]
    Html(#[from] crate::html::HtmlError),
}
