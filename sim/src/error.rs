//! Every error a command can end with ([`Error`]), and the exit code it
//! gives: 2 for what a user typed wrong or that is not there, 1 for a file
//! that is there but invalid. Each part of the library has its own small
//! error enum; this one only gathers them.

use std::io;
use std::path::PathBuf;

use hexwar_engine::ScenarioErrors;

use crate::balance::BalanceError;
use crate::batch::{RunError, SimError};
use crate::compare::CompareError;
use crate::draw::PlotError;
use crate::files::FileError;
use crate::html::HtmlError;
use crate::inspect::{InspectError, OddsError};
use crate::play::{ServerError, SessionError};
use crate::record::GameFileError;
use crate::saved::StateError;
use crate::scenario::LoadError;
use crate::sweep::SweepError;
use crate::tournament::journal::JournalError;

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The scenario.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// The saved game.
    #[error(transparent)]
    State(#[from] StateError),
    /// A game record or saved game.
    #[error(transparent)]
    GameFile(#[from] GameFileError),
    /// A unit or side asked about.
    #[error(transparent)]
    Inspect(#[from] InspectError),
    /// An attack asked about.
    #[error(transparent)]
    Odds(#[from] OddsError),
    /// A flag's value.
    #[error(transparent)]
    Usage(#[from] UsageError),
    /// An AI spec, or the thread pool.
    #[error(transparent)]
    Sim(#[from] SimError),
    /// A run folder.
    #[error(transparent)]
    Run(#[from] RunError),
    /// A sweep's setting or values.
    #[error(transparent)]
    Sweep(#[from] SweepError),
    /// A balance run or tuning.
    #[error(transparent)]
    Balance(#[from] BalanceError),
    /// Two runs compared.
    #[error(transparent)]
    Compare(#[from] CompareError),
    /// An HTML page.
    #[error(transparent)]
    Html(#[from] HtmlError),
    /// A chart.
    #[error(transparent)]
    Plot(#[from] PlotError),
    /// A file written or read.
    #[error(transparent)]
    File(#[from] FileError),
    /// A tournament's journal.
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// The play session.
    #[error(transparent)]
    Session(#[from] SessionError),
    /// The play server's socket.
    #[error(transparent)]
    Server(#[from] ServerError),
    /// An embedded scenario that does not load (a broken build).
    #[error("a built-in scenario is broken: {0}")]
    BrokenBuiltin(ScenarioErrors),
    /// The balance report stopped by Ctrl-C.
    #[error("interrupted: the report was not written ({} is incomplete)", dir.display())]
    ReportInterrupted {
        /// The run folder left incomplete.
        dir: PathBuf,
    },
    /// Standard output closed or failing (a closed pipe is not an error).
    #[error("cannot write to stdout: {0}")]
    Stdout(io::Error),
    /// A report that would not turn into JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// Writing a report's text (into a `String`, which cannot fail).
    #[error(transparent)]
    Format(#[from] std::fmt::Error),
    /// Listing a folder.
    #[error(transparent)]
    Io(#[from] io::Error),
}

impl Error {
    /// The exit code: 1 for invalid data (a scenario file or saved game
    /// that is there but wrong), 2 for everything else (usage, a name or
    /// file that leads nowhere).
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Load(e) => e.exit_code(),
            Error::State(e) => e.exit_code(),
            Error::GameFile(e) => e.exit_code(),
            _ => 2,
        }
    }
}

/// A flag whose value clap accepts but the command cannot use.
#[derive(Debug, thiserror::Error)]
pub enum UsageError {
    /// `--shard` not `I/N` with `0 <= I < N`.
    #[error("--shard {given:?}: write I/N with 0 <= I < N, e.g. 0/8")]
    Shard {
        /// As given.
        given: String,
    },
    /// `--side` not `SIDE=AI`.
    #[error("--side {given:?}: write SIDE=AI, e.g. japanese=random")]
    SideSpec {
        /// As given.
        given: String,
    },
    /// `--side` naming a side the scenario does not have.
    #[error("--side {given:?}: {scenario} has no side {side:?} (its sides: {}, {})", sides[0], sides[1])]
    NoSuchSide {
        /// As given.
        given: String,
        /// The side part.
        side: String,
        /// Scenario name.
        scenario: String,
        /// Its side ids.
        sides: [String; 2],
    },
    /// `--games 0`.
    #[error("--games must be at least 1")]
    NoGames,
    /// A duel of fewer than two games.
    #[error("--games must be at least 2 (one pair)")]
    NoPair,
    /// `--sprt` without two values.
    #[error("--sprt: give two Elo values, e.g. --sprt 0,50")]
    SprtCount,
    /// `--sprt` with two equal or non-finite values.
    #[error("--sprt {elo0},{elo1}: give two different Elo values, e.g. 0,50")]
    SprtValues {
        /// The first.
        elo0: f64,
        /// The second.
        elo1: f64,
    },
    /// `--game` past the end of the run.
    #[error("--game {game}: the run in {} has {games} games", dir.display())]
    GameOutOfRun {
        /// As given.
        game: u64,
        /// The run folder.
        dir: PathBuf,
        /// Its games.
        games: u64,
    },
    /// A tournament of fewer than two players.
    #[error("--players: a tournament needs at least two players")]
    TooFewPlayers,
    /// A tournament naming a player twice.
    #[error("--players: {player:?} twice (each player once)")]
    DuplicatePlayer {
        /// The player.
        player: String,
    },
    /// `--pairs 0`.
    #[error("--pairs must be at least 1")]
    NoPairs,
    /// `merge` with no folders.
    #[error("merge: give the shard folders")]
    NoShardFolders,
}
