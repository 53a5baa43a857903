//! One module per subcommand of `hexwar`: its derived clap `Args` (read
//! directly by the code that runs the command, never unpacked and
//! repacked) and its `run(&Args) -> Result<ExitCode, Error>`, which loads
//! what it needs, calls the library and prints the report as text or JSON.
//! A report type that only one command prints lives with it; the
//! machinery shared by several commands lives in the crate's other
//! modules. `main.rs` only parses and maps errors to exit codes.

use std::fmt::Display;
use std::io::{self, Write};

use serde::Serialize;

use crate::error::Error;

pub mod balance;
pub mod compare;
pub mod duel;
pub mod html;
pub mod inspect;
pub mod merge;
pub mod odds;
pub mod play;
mod progress;
pub mod replay;
pub mod report;
pub mod scenarios;
pub mod show;
pub mod simulate;
pub mod status;
pub mod sweep;
pub mod tournament;
pub mod validate;

/// Writes to stdout; a closed pipe (`hexwar ... | head`) is not an error.
pub fn emit(text: impl Display) -> Result<(), Error> {
    let mut out = io::stdout().lock();
    match write!(out, "{text}").and_then(|()| out.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        r => r.map_err(Error::Stdout),
    }
}

/// Writes `value` to stdout as pretty JSON.
pub fn emit_json(value: &impl Serialize) -> Result<(), Error> {
    emit(format_args!("{}\n", serde_json::to_string_pretty(value)?))
}

/// A report as JSON or as text.
pub fn emit_report<T: Display + Serialize>(json: bool, report: &T) -> Result<(), Error> {
    if json {
        emit_json(report)
    } else {
        emit(report)
    }
}

pub use progress::progress_bar;
