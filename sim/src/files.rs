//! Files the commands write and read (run folders, plots, reports, maps),
//! with errors that name the file and say what could not be done to it.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;

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

/// Writes `contents` to `path`.
pub fn write(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), FileError> {
    fs::write(path, contents).map_err(FileError::write(path))
}

/// Creates `dir` and its parents.
pub fn create_dir_all(dir: &Path) -> Result<(), FileError> {
    fs::create_dir_all(dir).map_err(|error| FileError::Create {
        path: dir.to_path_buf(),
        error,
    })
}

/// Writes `value` to `path` as pretty JSON with a final newline.
pub fn write_json(path: &Path, value: &impl Serialize) -> Result<(), FileError> {
    let text = serde_json::to_string_pretty(value)? + "\n";
    write(path, text)
}
