//! How far one run folder has got, from its files alone: the complete
//! rows of `games.csv` and when the folder began and last wrote a row.
//!
//! This counts lines rather than reading rows back as `games.csv` does
//! for a resume: a status of a million-game batch should take a moment,
//! and any row format (checksummed or not) is one line per game. A last
//! line cut by a kill is not a game, as on a resume.

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::Path;
use std::time::SystemTime;

use crate::files::FileError;

/// What a folder's files say about its progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Complete rows of `games.csv` after its header.
    pub rows: u64,
    /// When the folder began: the time of its `run.json`.
    pub started: SystemTime,
    /// When `games.csv` was last written (`started` if there is none yet).
    pub last_row: SystemTime,
}

/// Reads the progress of the run folder `dir` (whose `run.json` exists).
/// A folder with a `run.json` but no `games.csv` yet (the instant after it
/// was created) has no rows.
pub fn progress(dir: &Path) -> Result<Progress, FileError> {
    let spec = dir.join("run.json");
    let started = fs::metadata(&spec)
        .and_then(|m| m.modified())
        .map_err(FileError::read(&spec))?;
    let path = dir.join("games.csv");
    let mut file = match File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Ok(Progress {
                rows: 0,
                started,
                last_row: started,
            });
        }
        Err(e) => return Err(FileError::read(&path)(e)),
    };
    let last_row = file
        .metadata()
        .and_then(|m| m.modified())
        .map_err(FileError::read(&path))?;
    let lines = count_lines(&mut file).map_err(FileError::read(&path))?;
    Ok(Progress {
        rows: lines.saturating_sub(1),
        started,
        last_row,
    })
}

/// Lines ended by a newline.
fn count_lines(r: &mut impl Read) -> io::Result<u64> {
    let mut buf = vec![0u8; 1 << 16];
    let mut n = 0u64;
    loop {
        match r.read(&mut buf) {
            Ok(0) => return Ok(n),
            Ok(k) => n += buf[..k].iter().filter(|&&b| b == b'\n').count() as u64,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_last_line_is_not_counted() {
        let mut whole: &[u8] = b"index,seed\n0,1\n1,1\n";
        assert_eq!(count_lines(&mut whole).unwrap(), 3);
        let mut cut: &[u8] = b"index,seed\n0,1\n1,";
        assert_eq!(count_lines(&mut cut).unwrap(), 2);
        let mut empty: &[u8] = b"";
        assert_eq!(count_lines(&mut empty).unwrap(), 0);
    }
}
