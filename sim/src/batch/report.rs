//! What `hexwar simulate` and `hexwar merge` print ([`BatchReport`]): the
//! batch's summary, where its folder is, whether it stopped early, and the
//! time it took (the only part that depends on the machine).

use std::fmt;
use std::path::PathBuf;

use serde::Serialize;

use super::run::RunOutcome;
use super::summary::BatchSummary;

/// How long it took: the part of a report that depends on the machine.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timing {
    /// Threads used.
    pub threads: usize,
    /// Games played by this command.
    pub played: u64,
    /// Seconds.
    pub elapsed_secs: f64,
    /// Games per second.
    pub games_per_sec: f64,
}

/// What `hexwar simulate` and `hexwar merge` print.
#[derive(Clone, Debug, Serialize)]
pub struct BatchReport {
    /// The summary (as in `summary.json`).
    #[serde(flatten)]
    pub summary: BatchSummary,
    /// The run folder.
    pub dir: PathBuf,
    /// Stopped before the end: resume to finish.
    pub interrupted: bool,
    /// Time taken.
    pub timing: Timing,
}

impl BatchReport {
    /// The report of an outcome.
    pub fn new(o: &RunOutcome) -> BatchReport {
        BatchReport {
            summary: o.summary.clone(),
            dir: o.dir.clone(),
            interrupted: o.interrupted,
            timing: Timing {
                threads: o.threads,
                played: o.played,
                elapsed_secs: o.secs,
                games_per_sec: o.games_per_sec(),
            },
        }
    }
}

/// The warning printed under a batch or sweep with a random player.
pub const RANDOM_WARNING: &str = "random players measure nothing about balance: \
a scenario's balance is what competent players make of it (--blue normal --red normal, \
or hexwar balance)";

/// The warning when either player is random, for a report's `warning`.
pub fn random_warning(players: [&str; 2]) -> Option<String> {
    players
        .iter()
        .any(|p| p.trim() == "random")
        .then(|| RANDOM_WARNING.to_string())
}

impl fmt::Display for BatchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.summary)?;
        let [a, b] = &self.summary.sides;
        if let Some(w) = random_warning([&a.player, &b.player]) {
            writeln!(f, "  warning: {w}")?;
        }
        let t = &self.timing;
        if t.played > 0 {
            writeln!(
                f,
                "  {:.1} games/s ({} games in {:.2} s on {} threads)",
                t.games_per_sec, t.played, t.elapsed_secs, t.threads
            )?;
        }
        writeln!(
            f,
            "  written to {} (games.csv, summary.json, summary.md, plots, report.html)",
            self.dir.display()
        )?;
        if self.interrupted {
            writeln!(
                f,
                "  stopped early: finish with  hexwar simulate --resume {}",
                self.dir.display()
            )?;
        }
        Ok(())
    }
}
