//! `hexwar status`: how far the run folders of one batch have got, from
//! the folders alone (no scheduler is asked): each shard's games done out
//! of its total, games per second and the time left, the shards missing or
//! stalled, and whether `hexwar merge` would take the folders yet
//! ([`look`], printed by [`BatchStatus`]'s `Display` or as JSON).
//!
//! A folder's rate is its average since it began: the games done over the
//! time from its `run.json` to its last row (so a shard requeued after a
//! wait in the queue counts the wait). A shard is stalled when no row has
//! come for a while (`stalled_after`): cut off and not restarted yet, or
//! stuck. The batch's rate is the sum of the running shards' rates, and
//! its time left assumes they keep that pace and that the shards still
//! missing start as they finish.

mod rows;
mod text;

use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use serde::Serialize;

use crate::batch::RunError;
use crate::batch::spec::{RunSpec, read_spec};
pub use rows::{Progress, progress};

/// Where a folder is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum State {
    /// Every game of the folder is written.
    Done,
    /// Rows are coming.
    Running,
    /// No new row for a while.
    Stalled,
    /// The folder cannot be counted in this batch (see its `problem`).
    Problem,
}

/// One folder's progress.
#[derive(Clone, Debug, Serialize)]
pub struct FolderStatus {
    /// The folder as given.
    pub dir: PathBuf,
    /// `(I, N)` of a shard.
    pub shard: Option<(u64, u64)>,
    /// Where it is.
    pub state: State,
    /// Games written.
    pub done: u64,
    /// Games it plays.
    pub total: u64,
    /// Its average rate since it began (none before its first row).
    pub games_per_sec: Option<f64>,
    /// Seconds left at that rate, while it runs.
    pub eta_secs: Option<f64>,
    /// Seconds since its last row (or since it began, before the first).
    pub idle_secs: Option<f64>,
    /// Why it cannot be counted, for [`State::Problem`].
    pub problem: Option<String>,
}

/// The progress of one batch, from one folder or its shards' folders.
#[derive(Clone, Debug, Serialize)]
pub struct BatchStatus {
    /// Scenario name.
    pub scenario: String,
    /// AI of the first side.
    pub blue: String,
    /// AI of the second side.
    pub red: String,
    /// Master seed.
    pub seed: u64,
    /// Games in the whole batch.
    pub games: u64,
    /// Shards the batch is cut into (1: not sharded).
    pub shards: u64,
    /// Games written, over the folders counted.
    pub done: u64,
    /// The running shards' rates added up.
    pub games_per_sec: f64,
    /// Seconds until the whole batch is written, at that rate.
    pub eta_secs: Option<f64>,
    /// Every folder given, in shard order (problems last).
    pub folders: Vec<FolderStatus>,
    /// Shard indices with no folder among those given.
    pub missing: Vec<u64>,
    /// The stalled folders.
    pub stalled: Vec<PathBuf>,
    /// Whether `hexwar merge` would take the folders now.
    pub mergeable: bool,
    /// What stands in the way of a merge.
    pub merge_blockers: Vec<String>,
}

/// Whether two folders are shards of one batch: the fields `hexwar merge`
/// compares (`crate::batch::merge()`), and the shard count.
fn same_batch(a: &RunSpec, b: &RunSpec) -> bool {
    a.name == b.name
        && a.digest == b.digest
        && a.blue == b.blue
        && a.red == b.red
        && a.seed == b.seed
        && a.games == b.games
        && a.shard.map_or(1, |s| s.1) == b.shard.map_or(1, |s| s.1)
}

fn secs_between(later: SystemTime, earlier: SystemTime) -> f64 {
    later
        .duration_since(earlier)
        .unwrap_or(Duration::ZERO)
        .as_secs_f64()
}

/// One readable folder's status at `now`.
fn folder(
    dir: PathBuf,
    spec: &RunSpec,
    p: Progress,
    now: SystemTime,
    stalled_after: Duration,
) -> FolderStatus {
    let total = spec.count();
    let ran = secs_between(p.last_row, p.started);
    let rate = (p.rows > 0 && ran > 0.0).then(|| p.rows as f64 / ran);
    let idle = secs_between(now, p.last_row);
    let (state, problem) = if p.rows > total {
        (
            State::Problem,
            Some(format!(
                "{} holds {} rows for its {total} games",
                dir.join("games.csv").display(),
                p.rows
            )),
        )
    } else if p.rows == total {
        (State::Done, None)
    } else if idle > stalled_after.as_secs_f64() {
        (State::Stalled, None)
    } else {
        (State::Running, None)
    };
    let eta = match (state, rate) {
        (State::Running, Some(r)) => Some((total - p.rows) as f64 / r),
        _ => None,
    };
    FolderStatus {
        dir,
        shard: spec.shard,
        state,
        done: p.rows,
        total,
        games_per_sec: rate,
        eta_secs: eta,
        idle_secs: Some(idle),
        problem,
    }
}

fn problem(dir: PathBuf, shard: Option<(u64, u64)>, why: String) -> FolderStatus {
    FolderStatus {
        dir,
        shard,
        state: State::Problem,
        done: 0,
        total: 0,
        games_per_sec: None,
        eta_secs: None,
        idle_secs: None,
        problem: Some(why),
    }
}

/// The status at `now` of the run folders `dirs` (one folder, or the shard
/// folders of one batch); a shard is stalled after `stalled_after` with no
/// new row. A folder that cannot be read, or is of another batch than the
/// first readable one, is listed as a problem; the error of the first
/// folder if none can be read.
pub fn look(
    dirs: &[PathBuf],
    now: SystemTime,
    stalled_after: Duration,
) -> Result<BatchStatus, RunError> {
    let mut read = Vec::new();
    let mut first_error = None;
    for d in dirs {
        match read_spec(d) {
            Ok(spec) => read.push((d.clone(), Ok(spec))),
            Err(e) => {
                read.push((d.clone(), Err(e.to_string())));
                first_error.get_or_insert(e);
            }
        }
    }
    let Some(first) = read
        .iter()
        .find_map(|(d, s)| s.as_ref().ok().map(|s| (d.clone(), s.clone())))
    else {
        return Err(first_error.unwrap_or(RunError::NoRunFolders));
    };
    let (first_dir, first) = first;
    let n = first.shard.map_or(1, |s| s.1);
    let mut seen: Vec<Option<PathBuf>> = vec![None; n as usize];
    let mut folders = Vec::new();
    for (dir, spec) in read {
        let spec = match spec {
            Ok(spec) => spec,
            Err(why) => {
                folders.push(problem(dir, None, why));
                continue;
            }
        };
        if !same_batch(&spec, &first) {
            let why = format!(
                "{} is not a shard of the same batch as {} (scenario, players, seed, games and shard count must match)",
                dir.display(),
                first_dir.display()
            );
            folders.push(problem(dir, spec.shard, why));
            continue;
        }
        let i = spec.shard.map_or(0, |s| s.0) as usize;
        if let Some(other) = &seen[i] {
            let why = format!(
                "{} holds shard {i}/{n}, as {} does",
                dir.display(),
                other.display()
            );
            folders.push(problem(dir, spec.shard, why));
            continue;
        }
        match progress(&dir) {
            Ok(p) => {
                seen[i] = Some(dir.clone());
                folders.push(folder(dir, &spec, p, now, stalled_after));
            }
            Err(e) => folders.push(problem(dir, spec.shard, e.to_string())),
        }
    }
    folders.sort_by_key(|f| (f.state == State::Problem, f.shard.map_or(0, |s| s.0)));
    let missing: Vec<u64> = (0..n).filter(|&i| seen[i as usize].is_none()).collect();
    Ok(sum_up(first, folders, missing))
}

/// The batch's totals and what stands in the way of a merge.
fn sum_up(first: RunSpec, folders: Vec<FolderStatus>, missing: Vec<u64>) -> BatchStatus {
    let n = first.shard.map_or(1, |s| s.1);
    let counted = || folders.iter().filter(|f| f.state != State::Problem);
    let done: u64 = counted().map(|f| f.done).sum();
    let rate: f64 = counted()
        .filter(|f| f.state == State::Running)
        .filter_map(|f| f.games_per_sec)
        .fold(0.0, |a, b| a + b);
    let left = first.games.saturating_sub(done);
    let eta_secs = if left == 0 {
        Some(0.0)
    } else {
        (rate > 0.0).then(|| left as f64 / rate)
    };
    let name = |f: &FolderStatus| match f.shard {
        Some((i, n)) => format!("shard {i}/{n} ({})", f.dir.display()),
        None => f.dir.display().to_string(),
    };
    let mut blockers = Vec::new();
    for i in &missing {
        blockers.push(format!("shard {i}/{n} is missing"));
    }
    for f in &folders {
        match f.state {
            State::Done => {}
            State::Running => blockers.push(format!(
                "{} is running: {} of {} games",
                name(f),
                f.done,
                f.total
            )),
            State::Stalled => blockers.push(format!(
                "{} is stalled at {} of {} games: restart it, or resume it with hexwar simulate --resume {}",
                name(f),
                f.done,
                f.total,
                f.dir.display()
            )),
            State::Problem => blockers.push(f.problem.clone().unwrap_or_default()),
        }
    }
    let stalled = folders
        .iter()
        .filter(|f| f.state == State::Stalled)
        .map(|f| f.dir.clone())
        .collect();
    BatchStatus {
        scenario: first.name,
        blue: first.blue,
        red: first.red,
        seed: first.seed,
        games: first.games,
        shards: n,
        done,
        games_per_sec: rate,
        eta_secs,
        folders,
        missing,
        stalled,
        mergeable: blockers.is_empty(),
        merge_blockers: blockers,
    }
}
