//! A [`BatchStatus`] as a table: one line per shard (missing ones too),
//! the batch's line, and whether the folders can be merged yet.

use std::fmt;

use super::{BatchStatus, FolderStatus, State};

/// Seconds as `42 s`, `7 min`, `3 h 05 min`.
pub fn human_secs(s: f64) -> String {
    let s = s.max(0.0).round() as u64;
    if s < 100 {
        format!("{s} s")
    } else if s < 3600 {
        format!("{} min", (s + 30) / 60)
    } else {
        let m = (s + 30) / 60;
        format!("{} h {:02} min", m / 60, m % 60)
    }
}

fn games(done: u64, total: u64) -> String {
    let pct = if total > 0 {
        100.0 * done as f64 / total as f64
    } else {
        100.0
    };
    format!("{:>19} {pct:>5.1}%", format!("{done}/{total}"))
}

/// Games per second, to three figures or so.
fn rate(r: Option<f64>) -> String {
    match r {
        None => "-".into(),
        Some(r) if r >= 100.0 => format!("{r:.0}"),
        Some(r) if r >= 10.0 => format!("{r:.1}"),
        Some(r) => format!("{r:.2}"),
    }
}

fn line(f: &mut fmt::Formatter<'_>, d: &FolderStatus) -> fmt::Result {
    let shard = d.shard.map_or("-".into(), |(i, n)| format!("{i}/{n}"));
    if d.state == State::Problem {
        let why = d.problem.as_deref().unwrap_or("");
        return writeln!(f, "  {shard:<7} problem: {why}");
    }
    let state = match (d.state, d.eta_secs) {
        (State::Running, Some(eta)) => format!("running, {} left", human_secs(eta)),
        (State::Running, None) => "running".into(),
        (State::Done, _) => "done".into(),
        (State::Stalled, _) => "stalled".into(),
        (State::Problem, _) => "problem".into(),
    };
    let idle = d
        .idle_secs
        .map_or("-".into(), |s| format!("{} ago", human_secs(s)));
    writeln!(
        f,
        "  {shard:<7} {} {:>9}  {idle:<11} {state:<22} {}",
        games(d.done, d.total),
        rate(d.games_per_sec),
        d.dir.display()
    )
}

impl fmt::Display for BatchStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} vs {}, seed {}, {} games",
            self.scenario, self.blue, self.red, self.seed, self.games
        )?;
        if self.shards > 1 {
            write!(f, " in {} shards", self.shards)?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "  {:<7} {:>26} {:>9}  {:<11} {:<22} folder",
            "shard", "games", "games/s", "last row", "state"
        )?;
        // Missing shards in their place; problems (which have none) last.
        let missing_line = |f: &mut fmt::Formatter<'_>, m: u64| {
            writeln!(
                f,
                "  {:<7} {:>26}",
                format!("{m}/{}", self.shards),
                "missing"
            )
        };
        let mut missing = self.missing.iter().copied().peekable();
        for d in &self.folders {
            let place = match d.state {
                State::Problem => u64::MAX,
                _ => d.shard.map_or(0, |s| s.0),
            };
            while let Some(m) = missing.next_if(|&m| m < place) {
                missing_line(f, m)?;
            }
            line(f, d)?;
        }
        for m in missing {
            missing_line(f, m)?;
        }
        let left = match self.eta_secs {
            _ if self.done >= self.games => "all written".to_string(),
            Some(s) => format!("{} left at this rate", human_secs(s)),
            None => "no shard running".to_string(),
        };
        writeln!(
            f,
            "  {:<7} {} {:>9}  {:<11} {left}",
            "all",
            games(self.done, self.games),
            rate(Some(self.games_per_sec).filter(|&r| r > 0.0)),
            ""
        )?;
        if self.mergeable {
            if self.shards > 1 {
                let dirs: Vec<String> = self
                    .folders
                    .iter()
                    .map(|d| d.dir.display().to_string())
                    .collect();
                writeln!(
                    f,
                    "  merge: ready:  hexwar merge {} --out DIR",
                    dirs.join(" ")
                )?;
            } else {
                writeln!(f, "  complete")?;
            }
        } else {
            writeln!(f, "  merge: not yet")?;
            for b in &self.merge_blockers {
                writeln!(f, "    - {b}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_a_person_would_say_them() {
        assert_eq!(human_secs(0.4), "0 s");
        assert_eq!(human_secs(42.0), "42 s");
        assert_eq!(human_secs(420.0), "7 min");
        assert_eq!(human_secs(3.0 * 3600.0 + 5.0 * 60.0), "3 h 05 min");
        assert_eq!(human_secs(-3.0), "0 s");
    }
}
