//! What `hexwar compare` prints ([`CompareReport`]): the two runs, a row per
//! rate and mean with B − A and its interval, and a plain verdict.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::{CompareError, Row, RunRead, read_run, rows};

/// One run, as the comparison names it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunInfo {
    /// The folder.
    pub dir: PathBuf,
    /// Scenario name.
    pub scenario: String,
    /// The two players, first side first.
    pub players: [String; 2],
    /// Games.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
}

impl RunInfo {
    fn of(dir: &Path, r: &RunRead) -> RunInfo {
        RunInfo {
            dir: dir.to_path_buf(),
            scenario: r.scenario.clone(),
            players: [r.sides[0].player.clone(), r.sides[1].player.clone()],
            games: r.games,
            seed: r.seed,
        }
    }
}

/// Two runs compared.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompareReport {
    /// Run A (the baseline).
    pub a: RunInfo,
    /// Run B (the change).
    pub b: RunInfo,
    /// A row per rate and mean.
    pub rows: Vec<Row>,
    /// Whether the change mattered, in words.
    pub verdict: String,
    /// What to bear in mind (different scenarios, players, the same seed).
    pub notes: Vec<String>,
}

impl CompareReport {
    /// Compares the runs in the folders `a` and `b`.
    pub fn new(a: &Path, b: &Path) -> Result<CompareReport, CompareError> {
        let (ra, rb) = (read_run(a)?, read_run(b)?);
        let rows = rows(&ra, &rb);
        let (ia, ib) = (RunInfo::of(a, &ra), RunInfo::of(b, &rb));
        let mut notes = Vec::new();
        if ia.scenario != ib.scenario {
            notes.push(format!(
                "different scenarios ({} and {}): sides are compared by position, first with first",
                ia.scenario, ib.scenario
            ));
        }
        if ia.players != ib.players {
            notes.push(format!(
                "different players ({} vs {}, then {} vs {}): a difference may be the players'",
                ia.players[0], ia.players[1], ib.players[0], ib.players[1]
            ));
        }
        if ia.seed == ib.seed && ia.scenario != ib.scenario {
            notes.push(
                "the same seed: the runs share their dice, so the real intervals are narrower \
                 than these (which treat the runs as independent)"
                    .into(),
            );
        }
        if rows.len() < 2 || !rows[1].what.starts_with("mean VP margin") {
            notes.push(
                "no VP margin: a summary written before margins were kept; run it again".into(),
            );
        }
        let verdict = verdict(&rows, ia.games.min(ib.games));
        Ok(CompareReport {
            a: ia,
            b: ib,
            rows,
            verdict,
            notes,
        })
    }
}

/// The verdict: led by the first side's score, then whatever else moved.
fn verdict(rows: &[Row], games: u64) -> String {
    let score = &rows[0];
    let others: Vec<&str> = rows[1..]
        .iter()
        .filter(|r| r.changed)
        .map(|r| r.what.as_str())
        .collect();
    let lead = if score.changed {
        format!(
            "the change mattered: {} went from {} to {} ({})",
            score.what,
            pct(score.a),
            pct(score.b),
            signed(score)
        )
    } else {
        let half = match (score.low, score.high) {
            (Some(lo), Some(hi)) => format!(
                "; with {games} games a run, a change smaller than about {:.1} points cannot be seen",
                50.0 * (hi - lo)
            ),
            _ => String::new(),
        };
        format!(
            "no change in {} shown ({} and {}{half})",
            score.what,
            pct(score.a),
            pct(score.b)
        )
    };
    if others.is_empty() {
        format!("{lead}; nothing else changed beyond doubt")
    } else {
        format!("{lead}; also changed: {}", others.join(", "))
    }
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// B − A with its interval, in the row's units.
fn signed(r: &Row) -> String {
    let f = |x: f64| {
        if r.kind == "rate" || r.what.contains("score") {
            format!("{:+.1} pts", 100.0 * x)
        } else {
            format!("{x:+.2}")
        }
    };
    match (r.low, r.high) {
        (Some(lo), Some(hi)) => format!("{} [{} .. {}]", f(r.diff), f(lo), f(hi)),
        _ => f(r.diff),
    }
}

impl fmt::Display for CompareReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, r) in [("A", &self.a), ("B", &self.b)] {
            writeln!(
                f,
                "{k}: {}  {}, {} vs {}, {} games, seed {}",
                r.dir.display(),
                r.scenario,
                r.players[0],
                r.players[1],
                r.games,
                r.seed
            )?;
        }
        let w = self.rows.iter().map(|r| r.what.len()).max().unwrap_or(10);
        writeln!(
            f,
            "  {:w$}  {:>9}  {:>9}  B - A [95% interval]",
            "", "A", "B"
        )?;
        for r in &self.rows {
            let val = |x: f64| {
                if r.kind == "rate" || r.what.contains("score") {
                    pct(x)
                } else {
                    format!("{x:.2}")
                }
            };
            let line = format!(
                "  {:w$}  {:>9}  {:>9}  {:<32}{}",
                r.what,
                val(r.a),
                val(r.b),
                signed(r),
                if r.changed { "  changed" } else { "" }
            );
            writeln!(f, "{}", line.trim_end())?;
        }
        writeln!(f, "  verdict: {}", self.verdict)?;
        for n in &self.notes {
            writeln!(f, "  note: {n}")?;
        }
        Ok(())
    }
}
