//! The error collector of the boundary: every problem found in a scenario
//! file, each as `file:line:col: message`. Checking goes on past the first
//! error, so one run reports them all; a byte span becomes a line and a
//! column here.

use std::fmt;
use std::ops::Range;

/// One problem in a scenario file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    /// File name as given by the caller.
    pub file: String,
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.col, self.message
        )
    }
}

impl std::error::Error for ScenarioError {}

/// Every problem found in a scenario file, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioErrors(pub Vec<ScenarioError>);

impl fmt::Display for ScenarioErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ScenarioErrors {}

/// The file being checked and the errors found in it so far.
pub(super) struct Ctx<'a> {
    /// The file's text.
    pub(super) src: &'a str,
    file: &'a str,
    /// Byte offset where each line starts: a position is a binary search, so
    /// thousands of errors in a large file stay cheap.
    line_starts: Vec<usize>,
    /// The errors, in the order found (sorted into file order at the end).
    pub(super) errors: Vec<ScenarioError>,
}

impl<'a> Ctx<'a> {
    pub(super) fn new(src: &'a str, file: &'a str) -> Ctx<'a> {
        let line_starts = std::iter::once(0)
            .chain(src.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Ctx {
            src,
            file,
            line_starts,
            errors: Vec::new(),
        }
    }

    /// Line and column (both from 1; the column counts characters) of a byte offset.
    pub(super) fn position(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.src.len());
        while !self.src.is_char_boundary(offset) {
            offset -= 1;
        }
        // The first entry is 0, so at least one line starts at or before any offset.
        let line = self.line_starts.partition_point(|&s| s <= offset);
        let line_start = self
            .line_starts
            .get(line.wrapping_sub(1))
            .copied()
            .unwrap_or(0);
        let col = self
            .src
            .get(line_start..offset)
            .map_or(1, |s| s.chars().count() + 1);
        (line.max(1), col)
    }

    /// Records an error at the start of `span`.
    pub(super) fn err(&mut self, span: Range<usize>, message: impl Into<String>) {
        let (line, col) = self.position(span.start);
        self.errors.push(ScenarioError {
            file: self.file.to_string(),
            line,
            col,
            message: message.into(),
        });
    }
}
