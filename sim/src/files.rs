//! Files the commands write and read (run folders, plots, reports, maps),
//! with errors that name the file and say what could not be done to it.
//!
//! Reads of input files are bounded ([`read_limited`]): a file over its
//! limit, or a device that never ends (`/dev/zero`), is refused after
//! reading one byte past the limit, not read to the end. Files that stand
//! for a run's state (`run.json`, summaries) are written atomically
//! ([`write_atomic`], [`write_json`]): to a temporary file in the same
//! folder, synced, then renamed over the old one, so a kill at any moment
//! leaves the old file or the new one, never half of one.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

/// The largest scenario file read (the built-in ones are about 25 KB).
pub const SCENARIO_LIMIT: u64 = 8 << 20;
/// The largest saved game read (a built-in scenario's is about 40 KB).
pub const SAVE_LIMIT: u64 = 8 << 20;
/// The largest `run.json` read (about 300 bytes).
pub const RUN_SPEC_LIMIT: u64 = 64 << 10;

/// A file or folder that could not be read, written, created, copied or
/// cleared; the message names it.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// Reading a file failed.
    #[error("cannot read {}: {error}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// A file over the size read for its kind.
    #[error(
        "{}: over {} bytes, the most hexwar reads for {what} (is it the right file?)",
        path.display(),
        limit
    )]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit, in bytes.
        limit: u64,
        /// What the file was read as ("a scenario", "a saved game").
        what: &'static str,
    },
    /// Writing a file failed.
    #[error("cannot write {}: {error}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// Creating a folder failed.
    #[error("cannot create {}: {error}", path.display())]
    Create {
        /// The folder.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// Copying a file failed.
    #[error("cannot copy {}: {error}", path.display())]
    Copy {
        /// The file copied.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// Removing an old folder failed.
    #[error("cannot clear {}: {error}", path.display())]
    Clear {
        /// The folder.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// A value could not be written as JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

impl FileError {
    /// [`FileError::Read`] of `path`, for `map_err`.
    pub fn read(path: &Path) -> impl FnOnce(io::Error) -> FileError + '_ {
        move |error| FileError::Read {
            path: path.to_path_buf(),
            error,
        }
    }

    /// [`FileError::Write`] of `path`, for `map_err`.
    pub fn write(path: &Path) -> impl FnOnce(io::Error) -> FileError + '_ {
        move |error| FileError::Write {
            path: path.to_path_buf(),
            error,
        }
    }
}

/// Reads `path` whole, or refuses it ([`FileError::TooLarge`]) once more
/// than `limit` bytes have come, so a huge file or an endless device is
/// never read to its end. `what` names the kind of file in the error.
pub fn read_limited(path: &Path, limit: u64, what: &'static str) -> Result<Vec<u8>, FileError> {
    let file = File::open(path).map_err(FileError::read(path))?;
    let too_large = || FileError::TooLarge {
        path: path.to_path_buf(),
        limit,
        what,
    };
    // A regular file says its size: refuse it before reading anything.
    if file
        .metadata()
        .is_ok_and(|m| m.is_file() && m.len() > limit)
    {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(FileError::read(path))?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Writes `contents` to `path` (in place: `path` may be a device or a
/// pipe; see [`write_atomic`] for files that must never be half-written).
pub fn write(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), FileError> {
    fs::write(path, contents).map_err(FileError::write(path))
}

/// Writes `contents` to `path` so that a kill at any moment leaves either
/// the old file or the whole new one: a temporary file beside it
/// (`.NAME.tmp`), written and synced, then renamed over `path`, and the
/// folder synced so the rename itself is kept.
pub fn write_atomic(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), FileError> {
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let tmp = dir.join(format!(".{name}.tmp"));
    let written = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(contents.as_ref())?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if let Err(error) = written {
        let _ = fs::remove_file(&tmp);
        return Err(FileError::Write {
            path: path.to_path_buf(),
            error,
        });
    }
    // Not every system can sync a folder; the file itself is whole anyway.
    if let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Creates `dir` and its parents.
pub fn create_dir_all(dir: &Path) -> Result<(), FileError> {
    fs::create_dir_all(dir).map_err(|error| FileError::Create {
        path: dir.to_path_buf(),
        error,
    })
}

/// Writes `value` to `path` as pretty JSON with a final newline,
/// atomically ([`write_atomic`]).
pub fn write_json(path: &Path, value: &impl Serialize) -> Result<(), FileError> {
    let text = serde_json::to_string_pretty(value)? + "\n";
    write_atomic(path, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("hexwar-files-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn an_endless_device_is_refused_at_the_limit() {
        let e = read_limited(Path::new("/dev/zero"), 1000, "a scenario").unwrap_err();
        assert!(matches!(e, FileError::TooLarge { limit: 1000, .. }), "{e}");
        assert!(e.to_string().contains("/dev/zero"), "{e}");
    }

    #[test]
    fn a_file_at_the_limit_is_read_and_one_over_it_refused() {
        let d = temp("limit");
        let p = d.join("f");
        fs::write(&p, vec![b'x'; 100]).unwrap();
        assert_eq!(read_limited(&p, 100, "a file").unwrap().len(), 100);
        let e = read_limited(&p, 99, "a saved game").unwrap_err();
        assert!(e.to_string().contains("a saved game"), "{e}");
        let e = read_limited(&d.join("none"), 99, "a file").unwrap_err();
        assert!(matches!(e, FileError::Read { .. }), "{e}");
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn an_atomic_write_replaces_the_file_and_leaves_no_temporary() {
        let d = temp("atomic");
        let p = d.join("run.json");
        write_atomic(&p, "old").unwrap();
        write_atomic(&p, "new").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "new");
        let names: Vec<_> = fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("run.json")]);
        // Into a folder that is not there: an error naming the file.
        let e = write_atomic(&d.join("no/such/x"), "x").unwrap_err();
        assert!(e.to_string().contains("no/such/x"), "{e}");
        let _ = fs::remove_dir_all(&d);
    }
}
