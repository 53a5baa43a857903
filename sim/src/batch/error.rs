//! Why a run folder could not be started, resumed, read or merged.

use std::io;
use std::path::PathBuf;

use super::game::SimError;
use crate::draw::PlotError;
use crate::files::FileError;

/// Why a run folder could not be started, resumed, read or merged. Every
/// message names the folder or file.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// No `run.json` to read.
    #[error("{} is not a run folder (cannot read {}): {error}", dir.display(), path.display())]
    NotRunFolder {
        /// The folder.
        dir: PathBuf,
        /// Its `run.json`.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// `run.json` is not a run's description.
    #[error(
        "{}: not a run description ({error}): this folder cannot be resumed; \
         remove it (or choose another --out) to start the run again",
        path.display()
    )]
    NotRunDescription {
        /// The file.
        path: PathBuf,
        /// Why.
        error: serde_json::Error,
    },
    /// `run.json` without its `check` (an older version's folder).
    #[error(
        "{}: no check (written by an older hexwar): this folder cannot be resumed; \
         start the run again in another folder",
        path.display()
    )]
    SpecUnchecked {
        /// The file.
        path: PathBuf,
    },
    /// `run.json` changed since the run began.
    #[error(
        "{}: changed since the run began (its check does not match): resuming would \
         mix two batches; put it back as it was, or start a new run in another folder",
        path.display()
    )]
    SpecEdited {
        /// The file.
        path: PathBuf,
    },
    /// A row of `games.csv` that is not as it was written.
    #[error(
        "{}: line {line}: {why}; the row was edited or damaged, so the run cannot be \
         trusted from there: cut the file before line {line} and resume to play those \
         games again",
        path.display()
    )]
    RowDamaged {
        /// The file.
        path: PathBuf,
        /// Line number (1 is the header).
        line: u64,
        /// What is wrong with it.
        why: String,
    },
    /// `games.csv` of an older version (no `check` column).
    #[error(
        "{}: written by an older hexwar (no check column): this folder cannot be \
         resumed or merged; start the run again in another folder",
        path.display()
    )]
    OldFormat {
        /// The file.
        path: PathBuf,
    },
    /// `games.csv` does not start with the scenario's header.
    #[error("{}: the first line is not the header of a {scenario} run", path.display())]
    BadHeader {
        /// The file.
        path: PathBuf,
        /// Scenario name.
        scenario: String,
    },
    /// A row of `games.csv` out of its place.
    #[error(
        "{}: line {line} is game {index} of seed {seed}, not the next game of this run",
        path.display()
    )]
    WrongGame {
        /// The file.
        path: PathBuf,
        /// Line number (1 is the header).
        line: u64,
        /// The game's index.
        index: u64,
        /// The game's seed.
        seed: u64,
    },
    /// A new run into a folder that holds one.
    #[error(
        "{} already holds a run: resume it with --resume {}, or choose another --out",
        dir.display(),
        dir.display()
    )]
    AlreadyHoldsRun {
        /// The folder.
        dir: PathBuf,
    },
    /// A merge into a folder that holds a run.
    #[error("{} already holds a run", dir.display())]
    OutHoldsRun {
        /// The folder.
        dir: PathBuf,
    },
    /// The folder's run is of another scenario.
    #[error("{} is a run of {run}, not {scenario}", dir.display())]
    OtherScenario {
        /// The folder.
        dir: PathBuf,
        /// The run's scenario.
        run: String,
        /// The scenario given.
        scenario: String,
    },
    /// The scenario's text is not the one the run began with.
    #[error(
        "{scenario} has changed since the run in {} began: its games would not match",
        dir.display()
    )]
    ScenarioChanged {
        /// The scenario as given.
        scenario: String,
        /// The folder.
        dir: PathBuf,
    },
    /// Writing a game failed (the run stops).
    #[error("writing {}: {error}", path.display())]
    Writing {
        /// `games.csv`.
        path: PathBuf,
        /// Why.
        error: Box<RunError>,
    },
    /// A merge of no folders.
    #[error("merge: give at least one run folder")]
    NoRunFolders,
    /// A merge of folders from different batches.
    #[error(
        "{} is not a shard of the same batch as {} (scenario, players, seed and games must match)",
        dir.display(),
        first.display()
    )]
    NotSameBatch {
        /// The odd one.
        dir: PathBuf,
        /// The first folder.
        first: PathBuf,
    },
    /// Two shards of one index, or of different counts.
    #[error("{}: shard {index}/{count} does not fit with the others", dir.display())]
    ShardMisfit {
        /// The folder.
        dir: PathBuf,
        /// Its shard index.
        index: u64,
        /// Its shard count.
        count: u64,
    },
    /// A shard not given.
    #[error("merge: shard {index}/{count} is missing")]
    ShardMissing {
        /// The shard index.
        index: usize,
        /// The shard count.
        count: u64,
    },
    /// Merged runs of another scenario.
    #[error("the runs are of {run}, not {scenario}")]
    RunsOf {
        /// The runs' scenario.
        run: String,
        /// The scenario given.
        scenario: String,
    },
    /// A shard that has not played all its games.
    #[error("{} holds {done} of its {count} games: resume it first", dir.display())]
    Incomplete {
        /// The folder.
        dir: PathBuf,
        /// Games it holds.
        done: u64,
        /// Games it should.
        count: u64,
    },
    /// A bad AI spec, or no thread pool.
    #[error(transparent)]
    Sim(#[from] SimError),
    /// A file of the folder.
    #[error(transparent)]
    File(#[from] FileError),
    /// The plots.
    #[error(transparent)]
    Plot(#[from] PlotError),
    /// Reading or writing `games.csv`.
    #[error(transparent)]
    Csv(#[from] csv::Error),
    /// Seeking in or cutting `games.csv`.
    #[error(transparent)]
    Io(#[from] io::Error),
}
