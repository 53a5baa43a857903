//! `hexwar simulate` and `hexwar merge` as library calls: arguments in, a
//! run folder and a report out.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, Result, bail};
use hexwar_engine::{Scenario, builtin};
use serde::Serialize;

use crate::load;
use crate::run::{self, Options, Outcome, RunSpec};
use crate::summary::Summary;

/// The arguments of `hexwar simulate`.
#[derive(Clone, Debug, Default)]
pub struct SimulateArgs {
    /// Built-in scenario name or path.
    pub scenario: String,
    /// Games in the batch.
    pub games: u64,
    /// AI for the first side.
    pub blue: String,
    /// AI for the second side.
    pub red: String,
    /// `SIDE=AI`, naming a side by its id in the scenario.
    pub sides: Vec<String>,
    /// Master seed.
    pub seed: u64,
    /// Threads.
    pub threads: Option<usize>,
    /// Output folder.
    pub out: Option<PathBuf>,
    /// A run folder to complete instead.
    pub resume: Option<PathBuf>,
    /// `I/N`.
    pub shard: Option<String>,
    /// Stop after this many games (testing kill and resume).
    pub stop_after: Option<u64>,
}

/// The text of a scenario spec, for its digest.
fn scenario_text(spec: &str) -> Result<String> {
    match builtin::source(spec) {
        Some(t) => Ok(t.to_string()),
        None => std::fs::read_to_string(spec).with_context(|| format!("cannot read {spec}")),
    }
}

/// `I/N` with `0 <= I < N`.
pub fn parse_shard(s: &str) -> Result<(u64, u64)> {
    let parsed = s
        .split_once('/')
        .and_then(|(i, n)| Some((i.trim().parse::<u64>().ok()?, n.trim().parse::<u64>().ok()?)));
    match parsed {
        Some((i, n)) if n >= 1 && i < n && n <= 100_000 => Ok((i, n)),
        _ => bail!("--shard {s:?}: write I/N with 0 <= I < N, e.g. 0/8"),
    }
}

/// Plays (or resumes) a batch into its folder.
pub fn simulate(
    args: &SimulateArgs,
    on_progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<(Arc<Scenario>, Outcome)> {
    let opts = Options {
        threads: args.threads,
        stop_after: args.stop_after,
    };
    if let Some(dir) = &args.resume {
        let spec = run::read_spec(dir)?;
        let scen = load::scenario(&spec.scenario)?;
        let text = scenario_text(&spec.scenario)?;
        if run::digest(&text) != spec.digest {
            bail!(
                "{} has changed since the run in {} began: its games would not match",
                spec.scenario,
                dir.display()
            );
        }
        let total = spec.count();
        let out = run::resume(&scen, dir, &opts, &|k| on_progress(k, total))?;
        return Ok((scen, out));
    }
    let scen = load::scenario(&args.scenario)?;
    let mut players = [args.blue.clone(), args.red.clone()];
    for s in &args.sides {
        let Some((side, ai)) = s.split_once('=') else {
            bail!("--side {s:?}: write SIDE=AI, e.g. japanese=random");
        };
        let Some(side) = scen.side_by_name(side.trim()) else {
            bail!(
                "--side {s:?}: {} has no side {:?} (its sides: {}, {})",
                scen.name(),
                side,
                scen.side(hexwar_engine::Side(0)).id,
                scen.side(hexwar_engine::Side(1)).id
            );
        };
        players[side.index()] = ai.trim().to_string();
    }
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let spec = RunSpec {
        scenario: args.scenario.clone(),
        name: scen.name().to_string(),
        digest: run::digest(&scenario_text(&args.scenario)?),
        blue: players[0].clone(),
        red: players[1].clone(),
        seed: args.seed,
        games: args.games,
        shard: args.shard.as_deref().map(parse_shard).transpose()?,
    };
    let dir = args.out.clone().unwrap_or_else(|| run::default_dir(&spec));
    let total = spec.count();
    let out = run::start(&scen, &spec, &dir, &opts, &|k| on_progress(k, total))?;
    Ok((scen, out))
}

/// Merges shard folders (see [`run::merge`]).
pub fn merge(dirs: &[PathBuf], out: &Path) -> Result<(Arc<Scenario>, Outcome)> {
    let Some(first) = dirs.first() else {
        bail!("merge: give the shard folders");
    };
    let spec = run::read_spec(first)?;
    let scen = load::scenario(&spec.scenario)?;
    let outcome = run::merge(&scen, dirs, out)?;
    Ok((scen, outcome))
}

/// How long it took: the part of a report that depends on the machine.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timing {
    /// Threads used.
    pub threads: usize,
    /// Games played by this command.
    pub played: u64,
    /// Seconds.
    pub elapsed_secs: f64,
    /// Games per second.
    pub games_per_sec: f64,
}

/// What `hexwar simulate` and `hexwar merge` print.
#[derive(Clone, Debug, Serialize)]
pub struct BatchReport {
    /// The summary (as in `summary.json`).
    #[serde(flatten)]
    pub summary: Summary,
    /// The run folder.
    pub dir: PathBuf,
    /// Stopped before the end: resume to finish.
    pub interrupted: bool,
    /// Time taken.
    pub timing: Timing,
}

impl BatchReport {
    /// The report of an outcome.
    pub fn new(o: &Outcome) -> BatchReport {
        BatchReport {
            summary: o.summary.clone(),
            dir: o.dir.clone(),
            interrupted: o.interrupted,
            timing: Timing {
                threads: o.threads,
                played: o.played,
                elapsed_secs: o.secs,
                games_per_sec: o.games_per_sec(),
            },
        }
    }
}

impl fmt::Display for BatchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.summary)?;
        let t = &self.timing;
        if t.played > 0 {
            writeln!(
                f,
                "  {:.1} games/s ({} games in {:.2} s on {} threads)",
                t.games_per_sec, t.played, t.elapsed_secs, t.threads
            )?;
        }
        writeln!(
            f,
            "  written to {} (games.csv, summary.json, summary.md, plots)",
            self.dir.display()
        )?;
        if self.interrupted {
            writeln!(
                f,
                "  stopped early: finish with  hexwar simulate --resume {}",
                self.dir.display()
            )?;
        }
        Ok(())
    }
}
