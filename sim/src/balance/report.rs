//! What `hexwar balance` found ([`BalanceReport`]): a row per level with
//! its verdict, the trend, and the files: `summary.json`, `summary.md`,
//! `trend` and `margins` (PNG and SVG) in the report's folder, each
//! level's run folder beneath it.

use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::level::LevelResult;
use super::trend::Trend;
use super::{BALANCED, BalanceError, ONE_SIDED, VERDICT_RULES, mean_text, score_text};
use crate::draw::{self, Bands, MarginPanel, Thresholds, TrendPoint};
use crate::files;

/// What `hexwar balance` prints and writes as `summary.json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BalanceReport {
    /// Scenario name.
    pub scenario: String,
    /// Scenario title.
    pub title: String,
    /// Side names, first side first (scores and margins are the first
    /// side's).
    pub sides: [String; 2],
    /// Master seed (the same for every level).
    pub seed: u64,
    /// The victory margins (marginal, decisive).
    pub victory: [i64; 2],
    /// The levels, weakest first as given.
    pub levels: Vec<LevelResult>,
    /// The trend across levels.
    pub trend: Option<Trend>,
    /// The balanced band.
    pub balanced_band: [f64; 2],
    /// The one-sided band's edges.
    pub one_sided_beyond: [f64; 2],
    /// How the verdicts are decided.
    pub verdict_rules: String,
    /// The report's folder.
    pub dir: PathBuf,
    /// The files written.
    pub files: Vec<PathBuf>,
}

impl BalanceReport {
    /// A report of `levels` (the folder and files filled in by
    /// [`BalanceReport::write`]).
    pub fn new(
        scenario: (&str, &str),
        sides: [String; 2],
        seed: u64,
        victory: [i64; 2],
        levels: Vec<LevelResult>,
        dir: &Path,
    ) -> BalanceReport {
        let trend = super::trend::trend(&levels, &sides);
        BalanceReport {
            scenario: scenario.0.to_string(),
            title: scenario.1.to_string(),
            sides,
            seed,
            victory,
            levels,
            trend,
            balanced_band: [BALANCED.0, BALANCED.1],
            one_sided_beyond: [ONE_SIDED.0, ONE_SIDED.1],
            verdict_rules: VERDICT_RULES.to_string(),
            dir: dir.to_path_buf(),
            files: Vec::new(),
        }
    }

    /// Writes `summary.json`, `summary.md`, `trend` and `margins` into the
    /// report's folder.
    pub fn write(&mut self) -> Result<(), BalanceError> {
        let dir = self.dir.clone();
        files::create_dir_all(&dir)?;
        let first = &self.sides[0];
        let points: Vec<TrendPoint> = self
            .levels
            .iter()
            .map(|l| TrendPoint {
                label: l.player.clone(),
                score: l.score.score,
                low: l.score.low,
                high: l.score.high,
                games: l.games,
            })
            .collect();
        draw::trend(
            &dir.join("trend"),
            &format!("{}: {first}'s score by level of play", self.scenario),
            &format!("{first}'s score (a draw counts half)"),
            &points,
            Bands {
                balanced: BALANCED,
                leaning: ONE_SIDED,
            },
        )?;
        let panels: Vec<MarginPanel> = self
            .levels
            .iter()
            .map(|l| MarginPanel {
                label: format!("{}, {} games", l.player, l.games),
                counts: l.margins.clone(),
            })
            .collect();
        draw::margins(
            &dir.join("margins"),
            &format!("{}: VP margin by level of play", self.scenario),
            [&self.sides[0], &self.sides[1]],
            &panels,
            Thresholds {
                marginal: self.victory[0],
                decisive: self.victory[1],
            },
        )?;
        self.files = ["summary.json", "summary.md", "trend.png", "margins.png"]
            .iter()
            .map(|f| dir.join(f))
            .collect();
        self.files.push(dir.join(crate::html::PAGE));
        files::write(&dir.join("summary.md"), self.markdown())?;
        files::write_json(&dir.join("summary.json"), self)?;
        crate::html::write(&dir, None)?;
        Ok(())
    }

    /// `summary.md`.
    pub fn markdown(&self) -> String {
        let [a, b] = &self.sides;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "# Balance of {} (`{}`)\n\nBoth sides played by the same player at each level, \
             seed {}; {a}'s score counts a draw as half a win.\n",
            self.title, self.scenario, self.seed
        );
        let _ = writeln!(
            s,
            "| level | games | {a}'s score (95% interval) | mean VP margin, {a} minus {b} \
             (95% interval) | {a} wins | {b} wins | draws | verdict |\n\
             | --- | ---: | --- | --- | ---: | ---: | ---: | --- |"
        );
        for l in &self.levels {
            let _ = writeln!(
                s,
                "| [{}]({}/summary.md) | {} | {} | {} | {} | {} | {} | {}{} |",
                l.player,
                rel(&self.dir, &l.dir),
                l.games,
                score_text(&l.score),
                mean_text(&l.margin),
                l.wins[0],
                l.wins[1],
                l.draws + l.aborted,
                l.verdict.word(),
                l.favours
                    .as_ref()
                    .map_or(String::new(), |f| format!(" toward {f}"))
            );
        }
        s.push('\n');
        if let Some(t) = &self.trend {
            let _ = writeln!(s, "**Trend** ({} to {}): {}.\n", t.from, t.to, t.reading);
        }
        for l in self.levels.iter().filter(|l| l.note.is_some()) {
            let _ = writeln!(s, "*{}*: {}.\n", l.player, l.note.as_deref().unwrap_or(""));
        }
        let _ = writeln!(s, "Verdicts: {VERDICT_RULES}.\n");
        s.push_str("![score by level](trend.png)\n\n![VP margin by level](margins.png)\n\n");
        s.push_str(
            "| level | games played now | seconds a game on one core |\n| --- | ---: | ---: |\n",
        );
        for l in &self.levels {
            let _ = writeln!(
                s,
                "| {} | {} | {} |",
                l.player,
                l.timing.played,
                l.timing
                    .core_secs_per_game
                    .map_or("-".to_string(), |x| format!("{x:.2}"))
            );
        }
        s
    }
}

/// `to` relative to `from` when it lies beneath it.
fn rel(from: &Path, to: &Path) -> String {
    to.strip_prefix(from).unwrap_or(to).display().to_string()
}

impl fmt::Display for BalanceReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = &self.sides;
        writeln!(
            f,
            "{}: balance at {} level{} of play, seed {} ({a}'s score, a draw counts half; \
             margin = {a} VP minus {b} VP)",
            self.scenario,
            self.levels.len(),
            if self.levels.len() == 1 { "" } else { "s" },
            self.seed
        )?;
        let w = self
            .levels
            .iter()
            .map(|l| l.player.len())
            .max()
            .unwrap_or(5)
            .max(5);
        writeln!(
            f,
            "  {:w$}  {:>5}  {:<26}  {:<26}  verdict",
            "level", "games", "score [95%]", "mean margin [95%]"
        )?;
        for l in &self.levels {
            let secs = l.timing.core_secs_per_game.map_or(String::new(), |x| {
                format!("  ({x:.2} s a game on one core)")
            });
            writeln!(
                f,
                "  {:w$}  {:>5}  {:<26}  {:<26}  {}{}{secs}",
                l.player,
                l.games,
                score_text(&l.score),
                mean_text(&l.margin),
                l.verdict.word(),
                l.favours
                    .as_ref()
                    .map_or(String::new(), |x| format!(" toward {x}"))
            )?;
        }
        if let Some(t) = &self.trend {
            writeln!(f, "  trend ({} to {}): {}", t.from, t.to, t.reading)?;
        }
        for l in self.levels.iter().filter(|l| l.note.is_some()) {
            writeln!(
                f,
                "  note: {}: {}",
                l.player,
                l.note.as_deref().unwrap_or("")
            )?;
        }
        writeln!(f, "  verdicts: {VERDICT_RULES}")?;
        writeln!(f, "  written to {}", self.dir.display())
    }
}
