//! `hexwar sweep`: vary one scenario setting, play a batch at each value
//! with the same seeds, and plot the first side's win rate against it with
//! the logistic fit of where it crosses 50% ([`crate::sweep`]).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use hexwar_engine::{Side, builtin};
use toml::Value;

use super::{emit_report, progress_bar};
use crate::batch::{Batch, run_batch};
use crate::error::{Error, UsageError};
use crate::scenario::{ScenarioText, own_name, scenario_text};
use crate::stats::{Z95, wilson};
use crate::sweep::report::{fit_report, write_files};
use crate::sweep::{
    SweepError, SweepReport, SweepRow, parse_document, parse_set, parse_value, variant,
};

/// The arguments of `hexwar sweep`.
#[derive(Clone, Debug, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// Built-in scenario name or .toml path.
    #[arg(long, default_value = builtin::DEFAULT)]
    pub scenario: String,
    /// PATH=V1,V2,...: the setting (a dotted path into the scenario
    /// file, e.g. rules.rail_capacity.commonwealth or
    /// unit_types.jp_inf.attack.0) and the values to try.
    #[arg(long, value_name = "PATH=V1,V2,...")]
    pub set: String,
    /// Games per value.
    #[arg(long, default_value_t = 500)]
    pub games: u64,
    /// AI for the scenario's first side: a level (novice, normal, hard,
    /// expert) or a spec (random, heuristic, mcts[:iters=N,ms=N,c=X]).
    /// Random players measure nothing about balance.
    #[arg(long, default_value = "normal")]
    pub blue: String,
    /// AI for the scenario's second side, as --blue.
    #[arg(long, default_value = "normal")]
    pub red: String,
    /// Master seed (the same for every value: common random numbers).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = crate::threads::parse)]
    pub threads: Option<usize>,
    /// Output folder (default: results/runs/sweep-SCENARIO-PATH-SEED).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `hexwar sweep`, writing into `--out` or [`Args::default_out`].
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    let out = args.out.clone().unwrap_or_else(|| args.default_out());
    let bar = progress_bar(args.total_games()?);
    let report = sweep(args, Some(&out), &|| bar.inc(1))?;
    bar.finish_and_clear();
    emit_report(args.json, &report)?;
    Ok(ExitCode::SUCCESS)
}

impl Args {
    /// `results/runs/sweep-<scenario>-<path>-<seed>`: the scenario's name
    /// (a file's stem), the path and the seed, with anything but letters,
    /// digits, `-`, `_` and `.` turned into `_`.
    pub fn default_out(&self) -> PathBuf {
        let name = if builtin::source(&self.scenario).is_some() {
            self.scenario.clone()
        } else {
            Path::new(&self.scenario)
                .file_stem()
                .map_or_else(|| self.scenario.clone(), |s| s.to_string_lossy().into())
        };
        let path = self.set.split('=').next().unwrap_or("").trim();
        let clean = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                        c
                    } else {
                        '_'
                    }
                })
                .collect()
        };
        PathBuf::from("results/runs").join(format!(
            "sweep-{}-{}-{}",
            clean(&name),
            clean(path),
            self.seed
        ))
    }

    /// Games the whole sweep plays (games times values): a progress bar's
    /// length. Fails on a `--set` that does not parse.
    pub fn total_games(&self) -> Result<u64, SweepError> {
        let (_, values) = parse_set(&self.set)?;
        Ok(self.games.saturating_mul(values.len() as u64))
    }
}

/// Runs the sweep: checks every value's scenario first, then plays a batch
/// per value (`on_game` is called after each game, from any thread), fits,
/// and writes the report and plot into `out` when given.
pub fn sweep(
    spec: &Args,
    out: Option<&Path>,
    on_game: &(dyn Fn() + Sync),
) -> Result<SweepReport, Error> {
    if spec.games == 0 {
        return Err(UsageError::NoGames.into());
    }
    let (path, values) = parse_set(&spec.set)?;
    let ScenarioText { source, text } = scenario_text(&spec.scenario)?;
    let base = parse_document(&spec.scenario, &text)?;
    let scens = values
        .iter()
        .map(|v| variant(&spec.scenario, &base, &path, v))
        .collect::<Result<Vec<_>, _>>()?;
    let first = &scens[0];
    let batch = Batch {
        games: spec.games,
        blue: spec.blue.clone(),
        red: spec.red.clone(),
        seed: spec.seed,
        threads: spec.threads,
    };
    let mut points = Vec::with_capacity(values.len());
    for (value, scen) in values.iter().zip(&scens) {
        let records = run_batch(scen, &batch, &|_| on_game()).map_err(SweepError::Sim)?;
        let n = records.len() as u64;
        let wins = records.iter().filter(|r| r.winner == Some(Side(0))).count() as u64;
        let draws = records.iter().filter(|r| r.winner.is_none()).count() as u64;
        let (low, high) = wilson(wins, n, Z95);
        let x = match parse_value(value) {
            Some(Value::Integer(i)) => i as f64,
            Some(Value::Float(f)) => f,
            Some(Value::Boolean(b)) => f64::from(u8::from(b)),
            _ => f64::NAN,
        };
        points.push(SweepRow {
            value: value.clone(),
            x,
            wins,
            draws,
            n,
            rate: if n == 0 { 0.0 } else { wins as f64 / n as f64 },
            low,
            high,
        });
    }
    let mut report = SweepReport {
        scenario: own_name(&source, &text, first.name()).unwrap_or_else(|| first.name().into()),
        path: path.clone(),
        sides: Side::BOTH.map(|s| first.side(s).name.clone()),
        blue: spec.blue.clone(),
        red: spec.red.clone(),
        games: spec.games,
        seed: spec.seed,
        points,
        fit: None,
        x50: None,
        x50_interval: None,
        x50_within_values: None,
        crossing_between: None,
        note: None,
        files: Vec::new(),
    };
    let numeric = values
        .iter()
        .all(|v| matches!(parse_value(v), Some(Value::Integer(_) | Value::Float(_))));
    fit_report(&mut report, numeric);
    if let Some(dir) = out {
        write_files(&mut report, dir)?;
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    #[test]
    fn default_out_names_scenario_path_and_seed() {
        let spec = Args {
            scenario: "some/dir/my-scen.toml".into(),
            set: "units.j-11.steps=1,2".into(),
            games: 10,
            blue: "random".into(),
            red: "random".into(),
            seed: 7,
            threads: None,
            out: None,
            json: false,
        };
        assert_eq!(
            spec.default_out(),
            PathBuf::from("results/runs/sweep-my-scen-units.j-11.steps-7")
        );
        assert_eq!(spec.total_games().unwrap(), 20);
    }

    /// Two values of the decisive margin on malaya, a few games each:
    /// every game is played, the rows are filled in order, the files are
    /// written, and the same spec gives the same rows.

    #[test]
    fn small_sweep_end_to_end() {
        let dir = std::env::temp_dir().join(format!("hexwar-sweep-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let spec = Args {
            scenario: "malaya".into(),
            set: "victory.marginal=1,30".into(),
            games: 6,
            blue: "random".into(),
            red: "random".into(),
            seed: 3,
            threads: Some(2),
            out: None,
            json: false,
        };
        let played = std::sync::atomic::AtomicU64::new(0);
        let tick = || {
            played.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        };
        let r = sweep(&spec, Some(&dir), &tick).unwrap();
        assert_eq!(played.into_inner(), 12);
        assert_eq!(r.points.len(), 2);
        assert_eq!(r.points[0].value, "1");
        assert_eq!(r.points[1].x, 30.0);
        assert!(r.points.iter().all(|p| p.n == 6 && p.wins + p.draws <= 6));
        assert!(r.fit.is_some() || r.note.is_some(), "{r}");
        for f in ["sweep.json", "sweep.png", "sweep.svg"] {
            assert!(dir.join(f).exists(), "{f} missing");
        }
        let json: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(dir.join("sweep.json")).unwrap()).unwrap();
        assert_eq!(json["path"], "victory.marginal");
        assert_eq!(json["points"][1]["n"], 6);
        let text = r.to_string();
        assert!(text.contains("sweep of victory.marginal"), "{text}");
        let again = sweep(
            &Args {
                threads: Some(1),
                ..spec
            },
            None,
            &|| {},
        )
        .unwrap();
        assert_eq!(again.points, r.points);
        let _ = fs::remove_dir_all(&dir);
    }
}
