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
            ProgressStyle::with_template("{msg} {bar:40} {pos}/{len} games  {rate}  eta {left}")
        {
            bar.set_style(paced(style));
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
        "hexwar: {pos}/{len} games, {rate}, {elapsed} so far, eta {left}  {msg}",
    ) {
        bar.set_style(paced(style));
    }
    // Redraw even when no game ends for a while (a slow search player),
    // so the log still gets its line.
    bar.enable_steady_tick(every.min(Duration::from_secs(1)));
    bar
}

/// `style` with its `{rate}` and `{left}` keys: the pace over the whole
/// run so far ([`rate_text`], [`left_text`]). indicatif's own `{per_sec}`
/// and `{eta}` follow a recent window, which decays toward nothing while
/// no game ends: with games of a minute (a search player on Eastfront) a
/// log read "0.00 games/s, eta 6994y".
fn paced(style: ProgressStyle) -> ProgressStyle {
    style
        .with_key(
            "rate",
            |s: &indicatif::ProgressState, w: &mut dyn fmt::Write| {
                let _ = write!(w, "{}", rate_text(s.pos(), s.elapsed()));
            },
        )
        .with_key(
            "left",
            |s: &indicatif::ProgressState, w: &mut dyn fmt::Write| {
                let total = s.len().unwrap_or(s.pos());
                let _ = write!(w, "{}", left_text(s.pos(), total, s.elapsed()));
            },
        )
}

/// Games a second over `elapsed`, as a person reads it: "12.3 games/s",
/// or for games slower than a second each "41 s/game", "3.2 min/game".
fn rate_text(done: u64, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64();
    if done == 0 || secs <= 0.0 {
        return "- games/s".into();
    }
    let per_sec = done as f64 / secs;
    let per_game = secs / done as f64;
    if per_sec >= 1.0 {
        format!("{per_sec:.1} games/s")
    } else if per_game < 60.0 {
        format!("{per_game:.0} s/game")
    } else {
        format!("{:.1} min/game", per_game / 60.0)
    }
}

/// The time left for `total - done` games at the pace of the `done` so
/// far ("3m 20s"); "?" before the first game ends.
fn left_text(done: u64, total: u64, elapsed: Duration) -> String {
    if done == 0 {
        return "?".into();
    }
    let left = elapsed.as_secs_f64() / done as f64 * total.saturating_sub(done) as f64;
    let s = left.round() as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m {:02}s", s / 60, s % 60),
        _ => format!("{}h {:02}m", s / 3600, s % 3600 / 60),
    }
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
    fn the_pace_is_the_whole_runs_and_slow_games_read_per_game() {
        let secs = Duration::from_secs;
        assert_eq!(rate_text(0, secs(30)), "- games/s");
        assert_eq!(rate_text(500, secs(40)), "12.5 games/s");
        assert_eq!(rate_text(2, secs(80)), "40 s/game");
        assert_eq!(rate_text(2, secs(240)), "2.0 min/game");
        assert_eq!(left_text(0, 100, secs(30)), "?");
        // 2 games in 4 minutes, 98 to go: 3h 16m, not years.
        assert_eq!(left_text(2, 100, secs(240)), "3h 16m");
        assert_eq!(left_text(50, 100, secs(200)), "3m 20s");
        assert_eq!(left_text(99, 100, secs(99)), "1s");
        assert_eq!(left_text(100, 100, secs(99)), "0s");
    }

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
