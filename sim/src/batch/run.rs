//! A batch as a folder on disk: `run.json` (what to play, [`super::spec`]),
//! `games.csv` (one row per game, in index order, written as games
//! finish, [`super::games_csv`]), `summary.json`, `summary.md` and the
//! plots.
//!
//! Games are handed to the workers in index order from one counter, and a
//! small reorder buffer writes them in that order, so the file is the same
//! byte for byte on any number of threads, and memory does not grow with
//! the batch. The file is flushed whenever the writer catches up, and at
//! least every 0.2 s: a batch that is killed keeps what it wrote, and
//! `--resume` plays the rest (a cut last line is dropped and played
//! again). Ctrl-C stops handing out games, lets the ones started finish,
//! writes them, and says how to resume.
//!
//! A resume trusts nothing it reads: `run.json` must carry its own check,
//! every row of `games.csv` its check and its place (see
//! [`super::games_csv`]); `run.json` and the summaries are written
//! atomically ([`files::write_atomic`]), so a kill never leaves half of one.
//!
//! A shard `I/N` plays the games whose index is `I` mod `N`;
//! [`super::merge()`] interleaves the shards' rows back into index order,
//! which gives the same `games.csv` and summary as one run.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use hexwar_engine::Scenario;

use super::error::RunError;
use super::game::{GameRecord, SimError, check_ai, play_game};
use super::games_csv::{Rows, header_line, line};
use super::spec::{RunSpec, read_spec, write_spec};
use super::summary::BatchSummary;
use super::tally::BatchTally;
use crate::draw::batch_plots;
use crate::files::{self, FileError};
use crate::threads;

/// Set by Ctrl-C: stop handing out games.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// Makes Ctrl-C stop a batch cleanly (once per process).
pub fn install_ctrl_c() {
    let _ = ctrlc::set_handler(|| STOP.store(true, Ordering::SeqCst));
}

/// How a run went.
#[derive(Debug)]
pub struct RunOutcome {
    /// The folder.
    pub dir: PathBuf,
    /// The summary of every game in the folder.
    pub summary: BatchSummary,
    /// Games played by this call (not those found on a resume).
    pub played: u64,
    /// Seconds this call spent reading and playing games (not plotting).
    pub secs: f64,
    /// Threads used.
    pub threads: usize,
    /// Stopped before the end (Ctrl-C); resume to finish.
    pub interrupted: bool,
}

impl RunOutcome {
    /// Games per second in this call.
    pub fn games_per_sec(&self) -> f64 {
        if self.secs > 0.0 {
            self.played as f64 / self.secs
        } else {
            0.0
        }
    }
}

/// How to run (nothing here changes a record).
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Threads (default: rayon's, one per core).
    pub threads: Option<usize>,
    /// Stop after handing out this many games (tests of kill and resume).
    pub stop_after: Option<u64>,
}

/// Refuses bad AI specs before anything is written or started.
pub(super) fn check_players(spec: &RunSpec) -> Result<(), SimError> {
    for (s, side) in [(&spec.blue, "blue"), (&spec.red, "red")] {
        check_ai(s, side)?;
    }
    Ok(())
}

/// Starts a new run of `spec` in `dir` (which must not hold one).
///
/// `games.csv` (its header) is written before `run.json`, each
/// atomically: a folder without `run.json` holds no game yet and may be
/// started again, and a folder with one can be resumed, wherever a kill
/// fell.
pub fn start(
    scen: &Scenario,
    spec: &RunSpec,
    dir: &Path,
    opts: &RunOptions,
    on_progress: &(dyn Fn(u64) + Sync),
) -> Result<RunOutcome, RunError> {
    check_players(spec)?;
    if dir.join("run.json").exists() {
        // A run.json that cannot be read says so, and what to do.
        read_spec(dir)?;
        return Err(RunError::AlreadyHoldsRun {
            dir: dir.to_path_buf(),
        });
    }
    files::create_dir_all(dir)?;
    files::write_atomic(&dir.join("games.csv"), header_line(scen))?;
    write_spec(dir, spec)?;
    go(scen, spec, dir, opts, on_progress)
}

/// Resumes the run in `dir`: plays the games it lacks.
pub fn resume(
    scen: &Scenario,
    dir: &Path,
    opts: &RunOptions,
    on_progress: &(dyn Fn(u64) + Sync),
) -> Result<RunOutcome, RunError> {
    let spec = read_spec(dir)?;
    go(scen, &spec, dir, opts, on_progress)
}

/// Checks the scenario is the run's, reads what is done, plays the rest.
fn go(
    scen: &Scenario,
    spec: &RunSpec,
    dir: &Path,
    opts: &RunOptions,
    on_progress: &(dyn Fn(u64) + Sync),
) -> Result<RunOutcome, RunError> {
    if spec.name != scen.name() {
        return Err(RunError::OtherScenario {
            dir: dir.to_path_buf(),
            run: spec.name.clone(),
            scenario: scen.name().to_string(),
        });
    }
    check_players(spec)?;
    let start = Instant::now();
    let mut tally = BatchTally::new(scen);
    let (done, good_end, needs_header) = {
        let mut rows = Rows::open(scen, spec, dir)?;
        while let Some(r) = rows.next_game()? {
            tally.add(&r);
        }
        (rows.done, rows.good_end, rows.needs_header)
    };
    let path = dir.join("games.csv");
    if needs_header {
        // Killed before the header was whole: there is no game to keep.
        files::write_atomic(&path, header_line(scen))?;
    }
    let mut file = OpenOptions::new()
        .write(true)
        .open(&path)
        .map_err(FileError::write(&path))?;
    if !needs_header {
        file.set_len(good_end)?;
    }
    file.seek(SeekFrom::End(0))?;
    let mut out = BufWriter::new(file);
    on_progress(done);

    let total = spec.count();
    let limit = opts.stop_after.map_or(total, |k| (done + k).min(total));
    let threads = match opts.threads {
        Some(n) if n > 0 => n.min(threads::max()),
        _ => rayon::current_num_threads(),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(SimError::Threads)?;
    let next = AtomicU64::new(done);
    let (tx, rx) = mpsc::sync_channel::<(u64, GameRecord)>(4 * threads + 16);
    let mut written = (0, None);
    std::thread::scope(|s| {
        s.spawn(|| play_games(scen, spec, &pool, threads, &next, limit, tx));
        written = write_in_order(
            scen,
            spec.key(),
            &rx,
            &mut out,
            &mut tally,
            done,
            on_progress,
        );
    });
    let (played, error) = written;
    out.flush()?;
    if let Some(e) = error {
        return Err(RunError::Writing {
            path,
            error: Box::new(e),
        });
    }
    // Games per second count the games, not the plots.
    let secs = start.elapsed().as_secs_f64();
    let finished = done + played;
    let interrupted = finished < total;
    let summary = BatchSummary::new(scen, [&spec.blue, &spec.red], spec.seed, spec.shard, &tally);
    write_reports(scen, dir, &summary)?;
    Ok(RunOutcome {
        dir: dir.to_path_buf(),
        summary,
        played,
        secs,
        threads,
        interrupted,
    })
}

/// The workers: `threads` tasks on `pool` take game numbers from `next`
/// until `limit` (or Ctrl-C), play them and send each record to `tx`.
fn play_games(
    scen: &Scenario,
    spec: &RunSpec,
    pool: &rayon::ThreadPool,
    threads: usize,
    next: &AtomicU64,
    limit: u64,
    tx: mpsc::SyncSender<(u64, GameRecord)>,
) {
    let (i0, step) = spec.shard.unwrap_or((0, 1));
    pool.scope(|ps| {
        for _ in 0..threads {
            let tx = tx.clone();
            ps.spawn(move |_| {
                loop {
                    if STOP.load(Ordering::SeqCst) {
                        break;
                    }
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    if k >= limit {
                        break;
                    }
                    let index = i0 + k * step;
                    match play_game(scen, &spec.blue, &spec.red, spec.seed, index) {
                        Ok(r) => {
                            if tx.send((k, r)).is_err() {
                                break;
                            }
                        }
                        Err(_) => break,
                    }
                }
            });
        }
    });
    drop(tx);
}

/// The writer: rows in order from game number `done` on, flushed whenever
/// it catches up, each counted into `tally`. The games written, and the
/// first error (after which it writes no more and stops the workers).
fn write_in_order(
    scen: &Scenario,
    key: u64,
    rx: &mpsc::Receiver<(u64, GameRecord)>,
    out: &mut BufWriter<File>,
    tally: &mut BatchTally,
    done: u64,
    on_progress: &(dyn Fn(u64) + Sync),
) -> (u64, Option<RunError>) {
    let mut played = 0u64;
    let mut error: Option<RunError> = None;
    let mut pending: BTreeMap<u64, GameRecord> = BTreeMap::new();
    let mut want = done;
    let mut write = |r: &GameRecord, out: &mut BufWriter<File>| -> Result<(), RunError> {
        out.write_all(&line(scen, key, r))?;
        tally.add(r);
        Ok(())
    };
    let mut flushed = Instant::now();
    loop {
        if flushed.elapsed().as_millis() >= 200 {
            flushed = Instant::now();
            if let Err(e) = out.flush() {
                error.get_or_insert(e.into());
            }
        }
        let msg = match rx.try_recv() {
            Ok(m) => Some(m),
            Err(mpsc::TryRecvError::Empty) => {
                if let Err(e) = out.flush() {
                    error.get_or_insert(e.into());
                }
                rx.recv().ok()
            }
            Err(mpsc::TryRecvError::Disconnected) => None,
        };
        let Some((k, r)) = msg else { break };
        pending.insert(k, r);
        while let Some(r) = pending.remove(&want) {
            if error.is_none() {
                if let Err(e) = write(&r, out) {
                    error = Some(e);
                    STOP.store(true, Ordering::SeqCst);
                }
            }
            want += 1;
            played += 1;
            on_progress(want);
        }
    }
    (played, error)
}

/// `summary.json`, `summary.md` (each atomically) and the plots.
pub fn write_reports(scen: &Scenario, dir: &Path, summary: &BatchSummary) -> Result<(), RunError> {
    files::write_json(&dir.join("summary.json"), summary)?;
    files::write_atomic(&dir.join("summary.md"), summary.markdown())?;
    Ok(batch_plots::write(scen, dir, summary)?)
}
