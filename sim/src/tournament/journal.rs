//! A tournament's journal, `pairs.jsonl` in its `--out` folder: one line
//! per pair as it finishes, so a tournament killed mid-way keeps the pairs
//! it played, and the same command run again (or with more `--pairs`)
//! plays only the pairs the journal does not hold.
//!
//! A line keeps what makes its games what they are: the scenario's name
//! and the digest of its text, both players as the specs they stand for
//! (a level by its spec, so a level whose definition has changed is not
//! taken for the old one), the master seed and the pair's index (the
//! seeds of a pair depend on nothing else). Lines of other tournaments in
//! the same folder are kept in the file and left alone. A last line cut
//! by a kill (no newline at its end) is not a pair; any other line that
//! does not read is an error naming the file and the line.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use hexwar_engine::Side;
use serde::{Deserialize, Serialize};

use super::Schedule;
use crate::duel::{GameEnd, Pair};
use crate::files::{self, FileError};

/// The journal's file name in the `--out` folder.
pub const FILE: &str = "pairs.jsonl";

/// The largest journal read (a line is about 250 bytes: four million pairs).
const LIMIT: u64 = 1 << 30;

/// A journal that could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    /// Opening, reading or writing it failed.
    #[error(transparent)]
    File(#[from] FileError),
    /// A line that is not a pair (and not a last line cut by a kill).
    #[error(
        "{}, line {line}: not a pair ({error}); remove that line and run the tournament \
         again: the pair it held is played afresh, every other pair is kept",
        path.display()
    )]
    BadLine {
        /// The journal.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// Why it does not read.
        error: String,
    },
}

/// One line: a pair and what its games depend on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Line {
    scenario: String,
    digest: String,
    a: String,
    b: String,
    seed: u64,
    pair: u64,
    /// Per game (A on the first side, then on the second): the winning
    /// side's index (none: a draw) and each side's VP.
    winner: [Option<u8>; 2],
    vp: [[i32; 2]; 2],
}

/// Where a pair sits in a tournament: (scenario, pairing, index).
pub type Slot = (usize, usize, u64);

/// The resolved spec of a player: a level by the spec it stands for.
fn resolved(player: &str) -> String {
    hexwar_ai::level(player).unwrap_or(player).to_string()
}

impl Line {
    fn new(schedule: &Schedule, (s, p, _): Slot, pair: &Pair) -> Line {
        let (a, b) = schedule.pairings()[p];
        Line {
            scenario: schedule.scenarios[s].name().to_string(),
            digest: schedule.digests[s].clone(),
            a: resolved(&schedule.players[a]),
            b: resolved(&schedule.players[b]),
            seed: schedule.seed,
            pair: pair.index,
            winner: pair.games.map(|g| g.winner.map(|w| w.0)),
            vp: pair.games.map(|g| g.vp),
        }
    }

    fn pair(&self) -> Pair {
        let game = |k: usize| GameEnd {
            winner: self.winner[k].map(Side),
            vp: self.vp[k],
        };
        Pair {
            index: self.pair,
            games: [game(0), game(1)],
        }
    }
}

/// The pairs of `schedule` the journal `path` holds (its text `bytes`), by slot.
fn kept(
    path: &Path,
    bytes: &[u8],
    schedule: &Schedule,
) -> Result<HashMap<Slot, Pair>, JournalError> {
    let text = String::from_utf8_lossy(bytes);
    // Every slot of the schedule by what its line would say.
    let pairings = schedule.pairings();
    let mut wanted = HashMap::new();
    for (s, scen) in schedule.scenarios.iter().enumerate() {
        for (p, &(a, b)) in pairings.iter().enumerate() {
            let key = (
                scen.name().to_string(),
                schedule.digests[s].clone(),
                resolved(&schedule.players[a]),
                resolved(&schedule.players[b]),
            );
            wanted.insert(key, (s, p));
        }
    }
    let mut kept = HashMap::new();
    let cut = !text.is_empty() && !text.ends_with('\n');
    let count = text.lines().count();
    for (i, raw) in text.lines().enumerate() {
        if raw.trim().is_empty() {
            continue;
        }
        let line: Line = match serde_json::from_str(raw) {
            Ok(l) => l,
            // Cut by a kill while it was written: not a pair.
            Err(_) if cut && i + 1 == count => break,
            Err(e) => {
                return Err(JournalError::BadLine {
                    path: path.to_path_buf(),
                    line: i + 1,
                    error: e.to_string(),
                });
            }
        };
        if line.seed != schedule.seed || line.pair >= schedule.pairs {
            continue;
        }
        let pair = line.pair();
        if let Some(&(s, p)) = wanted.get(&(line.scenario, line.digest, line.a, line.b)) {
            kept.insert((s, p, pair.index), pair);
        }
    }
    Ok(kept)
}

/// The journal open for appending, one whole line per pair.
pub struct Journal {
    path: PathBuf,
    file: Mutex<File>,
    /// The first write that failed (the tournament goes on; it is
    /// reported at the end).
    failed: Mutex<Option<io::Error>>,
}

impl Journal {
    /// Opens (or creates) the journal in `dir`, with the pairs of
    /// `schedule` it already holds, by slot. A last line cut by a kill is
    /// dropped (it is not a pair), so the next pair starts a line of its own.
    pub fn open(
        dir: &Path,
        schedule: &Schedule,
    ) -> Result<(Journal, HashMap<Slot, Pair>), JournalError> {
        files::create_dir_all(dir)?;
        let path = dir.join(FILE);
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(FileError::write(&path))?;
        let bytes = files::read_limited(&path, LIMIT, "a tournament journal")?;
        let kept = kept(&path, &bytes, schedule)?;
        if bytes.last().is_some_and(|&b| b != b'\n') {
            let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            file.set_len(whole as u64)
                .map_err(FileError::write(&path))?;
        }
        let journal = Journal {
            path,
            file: Mutex::new(file),
            failed: Mutex::new(None),
        };
        Ok((journal, kept))
    }

    /// Appends `pair`, played in `slot` of `schedule`, as one line.
    pub fn record(&self, schedule: &Schedule, slot: Slot, pair: &Pair) {
        let line = Line::new(schedule, slot, pair);
        let mut text = serde_json::to_string(&line).expect("a journal line is plain data");
        text.push('\n');
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        if let Err(e) = file.write_all(text.as_bytes()) {
            let mut failed = self.failed.lock().unwrap_or_else(|e| e.into_inner());
            failed.get_or_insert(e);
        }
    }

    /// The first write that failed, if any.
    pub fn finish(self) -> Result<(), JournalError> {
        match self.failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some(error) => Err(FileError::Write {
                path: self.path,
                error,
            }
            .into()),
            None => Ok(()),
        }
    }
}
