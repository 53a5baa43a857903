//! What `--tune` found ([`TuneReport`]): every value tried with the first
//! side's score and mean margin, the crossing with its interval (a whole
//! value and its neighbours for an integer setting), or why the range
//! holds none; written as `tune.json`, `tune.md` and the `tune` chart,
//! with the tuned scenario (`NAME-tuned.toml`: the original file with the
//! one value changed, every comment kept, and a name of its own).

use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};

use hexwar_engine::{Scenario, Side};
use serde::Serialize;

use super::search::Found;
use super::{Setting, Target, TuneOptions, value_text};
use crate::balance::{BalanceError, mean_text, score_interval_of, score_text};
use crate::batch::GameRecord;
use crate::draw::{self, TunePoint};
use crate::files;
use crate::scenario::LoadedScenario;
use crate::stats::score::ScoreInterval;
use crate::stats::{MeanInterval, Moments};
use crate::sweep::{SweepError, edited_text, parse_document};

/// One value tried.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TunedPoint {
    /// The value as written into the file.
    pub value: String,
    /// As a number.
    pub x: f64,
    /// When it was tried (0 first).
    pub order: usize,
    /// Games.
    pub games: u64,
    /// Wins of each side.
    pub wins: [u64; 2],
    /// The first side's score (a draw counts half) with its interval.
    pub score: ScoreInterval,
    /// The first side's mean VP margin with its interval.
    pub margin: MeanInterval,
}

/// The crossing found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tuned {
    /// The value to use, as written into the tuned file (a whole number
    /// for an integer setting).
    pub value: String,
    /// Where the response crosses its target (between two values tried).
    pub crossing: f64,
    /// The crossing's 95% paired-bootstrap interval, low end.
    pub low: f64,
    /// Its high end.
    pub high: f64,
    /// The interval reaches an end of the range (the crossing may lie
    /// beyond it there).
    pub reaches_end: bool,
}

/// What `--tune` found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TuneReport {
    /// Scenario name.
    pub scenario: String,
    /// Side names, first side first.
    pub sides: [String; 2],
    /// The setting's path.
    pub path: String,
    /// The range searched.
    pub range: [f64; 2],
    /// Whole values only.
    pub integer: bool,
    /// What was evened.
    pub target: Target,
    /// The player both sides played.
    pub player: String,
    /// Games at each value.
    pub games: u64,
    /// Master seed (the same games at every value).
    pub seed: u64,
    /// Every value tried, by value.
    pub values: Vec<TunedPoint>,
    /// The answer, if the range holds a crossing.
    pub tuned: Option<Tuned>,
    /// Why there is no answer, or a caution about it.
    pub note: Option<String>,
    /// The tuned scenario file.
    pub scenario_file: Option<PathBuf>,
    /// Files written.
    pub files: Vec<PathBuf>,
}

fn point(x: f64, order: usize, integer: bool, recs: &[GameRecord]) -> TunedPoint {
    let n = recs.len() as u64;
    let wins = [0, 1].map(|s| recs.iter().filter(|r| r.winner == Some(Side(s))).count() as u64);
    let mut m = Moments::default();
    for r in recs {
        m.add(f64::from(r.vp[0] - r.vp[1]));
    }
    TunedPoint {
        value: value_text(x, integer),
        x,
        order,
        games: n,
        wins,
        score: score_interval_of(n, wins[0], n - wins[0] - wins[1]),
        margin: m.interval(),
    }
}

impl TuneReport {
    /// The report of a search.
    pub fn new(
        loaded: &LoadedScenario,
        setting: &Setting,
        opts: &TuneOptions,
        integer: bool,
        records: &[(f64, Vec<GameRecord>)],
        found: Found,
        estimate: Option<(f64, f64, f64, f64)>,
    ) -> TuneReport {
        let scen = &loaded.scenario;
        let sides = Side::BOTH.map(|s| scen.side(s).name.clone());
        let mut values: Vec<TunedPoint> = records
            .iter()
            .enumerate()
            .map(|(k, (x, recs))| point(*x, k, integer, recs))
            .collect();
        values.sort_by(|a, b| a.x.total_cmp(&b.x));
        let what = match opts.target {
            Target::Score => format!("{}'s score", sides[0]),
            Target::Margin => format!("{}'s mean VP margin", sides[0]),
        };
        let (mut tuned, mut note) = (None, None);
        match (found, estimate) {
            (Found::NoCrossing(at_lo, at_hi), _) => {
                let favoured = if at_lo > 0.0 { &sides[0] } else { &sides[1] };
                let toward = if at_hi.abs() < at_lo.abs() {
                    format!("above {}", value_text(setting.hi, integer))
                } else {
                    format!("below {}", value_text(setting.lo, integer))
                };
                note = Some(format!(
                    "no crossing in {}..{}: {what} is on the same side of its target at both \
                     ends ({favoured} favoured throughout); it comes closest {toward}, so \
                     widen the range that way, or tune another setting",
                    value_text(setting.lo, integer),
                    value_text(setting.hi, integer),
                ));
            }
            (Found::Bracket(..), Some((x, v, lo, hi))) => {
                let reaches_end = lo <= setting.lo || hi >= setting.hi;
                if reaches_end {
                    note = Some(format!(
                        "the interval reaches an end of the range searched: the crossing \
                         may lie beyond it; more games a value ({}) would narrow it",
                        opts.games
                    ));
                }
                tuned = Some(Tuned {
                    value: value_text(v, integer),
                    crossing: x,
                    low: lo,
                    high: hi,
                    reaches_end,
                });
            }
            (Found::Bracket(..), None) => {}
        }
        TuneReport {
            scenario: loaded.name().to_string(),
            sides,
            path: setting.path.clone(),
            range: [setting.lo, setting.hi],
            integer,
            target: opts.target,
            player: opts.player.clone(),
            games: opts.games,
            seed: opts.seed,
            values,
            tuned,
            note,
            scenario_file: None,
            files: Vec::new(),
        }
    }

    /// The rows of the whole value found and its two neighbours.
    pub fn neighbours(&self) -> Vec<&TunedPoint> {
        let Some(t) = self.tuned.as_ref().filter(|_| self.integer) else {
            return Vec::new();
        };
        let v: f64 = t.value.parse().unwrap_or(f64::NAN);
        self.values
            .iter()
            .filter(|p| (p.x - v).abs() <= 1.0)
            .collect()
    }

    /// Writes `tune.json`, `tune.md`, the chart and the tuned scenario
    /// into `dir`.
    pub fn write(&mut self, loaded: &LoadedScenario, dir: &Path) -> Result<(), BalanceError> {
        files::create_dir_all(dir)?;
        if let Some(t) = &self.tuned {
            let path = dir.join(format!("{}-tuned.toml", self.scenario));
            files::write(&path, self.tuned_text(loaded, &t.value)?)?;
            self.scenario_file = Some(path);
        }
        let points: Vec<TunePoint> = self
            .values
            .iter()
            .map(|p| match self.target {
                Target::Score => TunePoint {
                    x: p.x,
                    y: p.score.score,
                    low: p.score.low,
                    high: p.score.high,
                },
                Target::Margin => TunePoint {
                    x: p.x,
                    y: p.margin.mean,
                    low: p.margin.low.unwrap_or(p.margin.mean),
                    high: p.margin.high.unwrap_or(p.margin.mean),
                },
            })
            .collect();
        let first = &self.sides[0];
        let y_label = match self.target {
            Target::Score => format!("{first}'s score (a draw counts half)"),
            Target::Margin => format!("{first}'s mean VP margin"),
        };
        draw::tune(
            &dir.join("tune"),
            &format!(
                "{}: tuning {}, {} games a value ({})",
                self.scenario, self.path, self.games, self.player
            ),
            &self.path,
            &y_label,
            &points,
            self.target.aim(),
            self.tuned.as_ref().map(|t| (t.crossing, t.low, t.high)),
            self.target == Target::Score,
        )?;
        self.files = ["tune.json", "tune.md", "tune.png"]
            .iter()
            .map(|f| dir.join(f))
            .chain(self.scenario_file.clone())
            .collect();
        files::write(
            &dir.join("tune.md"),
            format!("```\n{self}```\n\n![tuning](tune.png)\n"),
        )?;
        files::write_json(&dir.join("tune.json"), self)?;
        Ok(())
    }

    /// The tuned scenario's text: the original with the setting changed in
    /// place, named `NAME-tuned`, a comment on top saying how it was made.
    fn tuned_text(&self, loaded: &LoadedScenario, value: &str) -> Result<String, BalanceError> {
        let base = parse_document(&loaded.spec, &loaded.text)?;
        let text = edited_text(&base, &self.path, value)?;
        let mut doc = parse_document(&loaded.spec, &text)?;
        let name = format!("{}-tuned", self.scenario);
        if let Some(t) = doc.get_mut("scenario").and_then(|s| s.as_table_like_mut()) {
            t.insert("name", toml_edit::value(name.clone()));
        }
        let mut out = String::new();
        let _ = writeln!(
            out,
            "# Tuned by `hexwar balance --scenario {} --players {} --games {} --seed {} \
             --tune {}={}..{} --target {}`:\n# {} = {value} (was {}). Made from {}.",
            loaded.spec,
            self.player,
            self.games,
            self.seed,
            self.path,
            value_text(self.range[0], self.integer),
            value_text(self.range[1], self.integer),
            match self.target {
                Target::Score => "score",
                Target::Margin => "margin",
            },
            self.path,
            original(&base, &self.path),
            loaded.spec,
        );
        out.push_str(&doc.to_string());
        Scenario::from_toml(&out, &name)
            .map_err(|errors| BalanceError::Sweep(SweepError::Invalid { name, errors }))?;
        Ok(out)
    }
}

/// The setting's value in the original file, as written (or "not set").
fn original(doc: &toml_edit::DocumentMut, path: &str) -> String {
    let mut cur = doc.as_item();
    for seg in path.split('.') {
        let next = match seg.parse::<usize>() {
            Ok(i) => cur.get(i),
            Err(_) => cur.get(seg).or_else(|| {
                // An entry of an array of tables by its id.
                let len = cur.as_array_of_tables().map(|a| a.len()).unwrap_or(0);
                (0..len).map(|i| &cur[i]).find(|e| {
                    e.get("id")
                        .and_then(|v| v.as_str())
                        .is_some_and(|id| id.eq_ignore_ascii_case(seg))
                })
            }),
        };
        match next {
            Some(n) => cur = n,
            None => return "not set".into(),
        }
    }
    cur.as_value().map_or("not set".into(), |v| {
        let mut v = v.clone();
        v.decor_mut().clear();
        v.to_string().trim().to_string()
    })
}

impl fmt::Display for TuneReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = &self.sides;
        let (lo, hi) = (
            value_text(self.range[0], self.integer),
            value_text(self.range[1], self.integer),
        );
        writeln!(
            f,
            "{}: tuning {} in {lo}..{hi} ({}) so that {} ({} vs {}, {} games a value, seed {}, \
             the same games at every value)",
            self.scenario,
            self.path,
            if self.integer {
                "whole values"
            } else {
                "real values"
            },
            match self.target {
                Target::Score => format!("{a}'s score is 50%"),
                Target::Margin => format!("the mean VP margin ({a} minus {b}) is 0"),
            },
            self.player,
            self.player,
            self.games,
            self.seed
        )?;
        let vw = self
            .values
            .iter()
            .map(|p| p.value.len())
            .max()
            .unwrap_or(5)
            .max(5);
        writeln!(
            f,
            "  {:>vw$}  {:<26}  {:<26}  tried",
            "value", "score [95%]", "mean margin [95%]"
        )?;
        for p in &self.values {
            writeln!(
                f,
                "  {:>vw$}  {:<26}  {:<26}  {}",
                p.value,
                score_text(&p.score),
                mean_text(&p.margin),
                ordinal(p.order + 1)
            )?;
        }
        match &self.tuned {
            Some(t) if self.integer => {
                writeln!(
                    f,
                    "  tuned: {} = {} (the crossing at {:.2}, 95% interval {:.2} to {:.2})",
                    self.path, t.value, t.crossing, t.low, t.high
                )?;
                for p in self.neighbours() {
                    writeln!(
                        f,
                        "    at {}: {a}'s score {}, mean margin {}",
                        p.value,
                        score_text(&p.score),
                        mean_text(&p.margin)
                    )?;
                }
            }
            Some(t) => writeln!(
                f,
                "  tuned: {} = {} (95% interval {} to {})",
                self.path,
                t.value,
                value_text(t.low, false),
                value_text(t.high, false)
            )?,
            None => {}
        }
        if let Some(note) = &self.note {
            writeln!(f, "  note: {note}")?;
        }
        if let Some(p) = &self.scenario_file {
            writeln!(f, "  tuned scenario: {}", p.display())?;
        }
        Ok(())
    }
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
