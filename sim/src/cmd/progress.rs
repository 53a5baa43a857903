//! Progress of a long command on stderr: a live bar on a terminal, and
//! otherwise (`hexwar simulate ... 2> log`, a Slurm or Kubernetes log) a
//! plain line every few seconds — games done, games a second, the time
//! left — so a log shows a run is alive and when it will end.
//!
//! The interval is 5 s; `HEXWAR_PROGRESS_SECS` sets another (a decimal
//! number of seconds; `0` or `off`: no lines).

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

/// The interval between lines when stderr is not a terminal.
pub const DEFAULT_SECS: f64 = 5.0;

/// The interval `HEXWAR_PROGRESS_SECS` asks for: `None` for no lines.
fn interval() -> Option<Duration> {
    let secs = match std::env::var("HEXWAR_PROGRESS_SECS") {
        Ok(v) if v.trim().eq_ignore_ascii_case("off") => return None,
        Ok(v) => v.trim().parse::<f64>().unwrap_or(DEFAULT_SECS),
        Err(_) => DEFAULT_SECS,
    };
    (secs > 0.0 && secs.is_finite()).then(|| Duration::from_secs_f64(secs))
}

/// A progress bar on stderr for `games` games: a bar on a terminal, a
/// line every few seconds elsewhere (see the module's doc).
pub fn progress_bar(games: u64) -> ProgressBar {
    if io::stderr().is_terminal() {
        let bar = ProgressBar::new(games);
        if let Ok(style) =
            ProgressStyle::with_template("{msg} {bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
        {
            bar.set_style(style);
        }
        return bar;
    }
    let Some(every) = interval() else {
        return ProgressBar::hidden();
    };
    let bar = ProgressBar::with_draw_target(
        Some(games),
        ProgressDrawTarget::term_like(Box::new(LogLines::new(every))),
    );
    if let Ok(style) = ProgressStyle::with_template(
        "hexwar: {pos}/{len} games, {rate}, {elapsed} so far, eta {eta}  {msg}",
    ) {
        bar.set_style(style.with_key(
            "rate",
            |s: &indicatif::ProgressState, w: &mut dyn fmt::Write| {
                let _ = write!(w, "{:.2} games/s", s.per_sec());
            },
        ));
    }
    // Redraw even when no game ends for a while (a slow search player),
    // so the log still gets its line.
    bar.enable_steady_tick(every.min(Duration::from_secs(1)));
    bar
}

/// A "terminal" that turns the bar's redraws into a plain line on stderr
/// at most once per interval (the first one interval after the start),
/// never with cursor movements or colours.
struct LogLines {
    every: Duration,
    state: Mutex<(Instant, String)>,
}

impl LogLines {
    fn new(every: Duration) -> LogLines {
        LogLines {
            every,
            state: Mutex::new((Instant::now(), String::new())),
        }
    }
}

impl fmt::Debug for LogLines {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LogLines")
            .field("every", &self.every)
            .finish()
    }
}

impl TermLike for LogLines {
    fn width(&self) -> u16 {
        200
    }
    fn move_cursor_up(&self, _: usize) -> io::Result<()> {
        Ok(())
    }
    fn move_cursor_down(&self, _: usize) -> io::Result<()> {
        Ok(())
    }
    fn move_cursor_right(&self, _: usize) -> io::Result<()> {
        Ok(())
    }
    fn move_cursor_left(&self, _: usize) -> io::Result<()> {
        Ok(())
    }
    fn write_line(&self, s: &str) -> io::Result<()> {
        self.write_str(s)
    }
    fn write_str(&self, s: &str) -> io::Result<()> {
        if !s.trim().is_empty() {
            if let Ok(mut st) = self.state.lock() {
                st.1 = s.trim_end().to_string();
            }
        }
        Ok(())
    }
    fn clear_line(&self) -> io::Result<()> {
        Ok(())
    }
    fn flush(&self) -> io::Result<()> {
        let Ok(mut st) = self.state.lock() else {
            return Ok(());
        };
        if st.0.elapsed() < self.every || st.1.is_empty() {
            return Ok(());
        }
        st.0 = Instant::now();
        let line = std::mem::take(&mut st.1);
        let mut err = io::stderr().lock();
        // A closed stderr is no reason to stop a batch.
        let _ = writeln!(err, "{line}");
        let _ = err.flush();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_wait_for_the_interval_and_keep_the_last_text() {
        let t = LogLines::new(Duration::from_millis(30));
        t.write_str("1/10 games").unwrap();
        t.flush().unwrap();
        // Too early: the text is kept, not written.
        assert_eq!(t.state.lock().unwrap().1, "1/10 games");
        t.write_str("   ").unwrap();
        assert_eq!(t.state.lock().unwrap().1, "1/10 games");
        std::thread::sleep(Duration::from_millis(40));
        t.write_line("2/10 games  ").unwrap();
        t.flush().unwrap();
        // Written, and the clock restarted.
        assert!(t.state.lock().unwrap().1.is_empty());
        assert!(t.state.lock().unwrap().0.elapsed() < Duration::from_millis(30));
    }
}
