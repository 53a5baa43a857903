//! `hexwar simulate`: plays (or resumes) a batch of AI games into its run
//! folder and prints its summary.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use hexwar_engine::{Scenario, Side, builtin};

use super::{emit_report, progress_bar};
use crate::batch::run::{self, RunOptions, RunOutcome};
use crate::batch::spec::{RunSpec, default_dir, digest, read_spec};
use crate::batch::{BatchReport, RunError};
use crate::error::{Error, UsageError};
use crate::scenario::LoadedScenario;

/// The arguments of `hexwar simulate`.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct Args {
    /// Built-in scenario name or .toml path.
    #[arg(long, default_value = builtin::DEFAULT)]
    pub scenario: String,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// AI for the scenario's first side: a level (novice, normal, hard,
    /// expert) or a spec: random, heuristic, or mcts (with options:
    /// mcts:iters=2000). Random players measure nothing about balance.
    #[arg(long, default_value = "normal")]
    pub blue: String,
    /// AI for the scenario's second side, as --blue.
    #[arg(long, default_value = "normal")]
    pub red: String,
    /// A side by its id in the scenario: SIDE=AI (e.g. japanese=random).
    #[arg(long = "side", value_name = "SIDE=AI")]
    pub sides: Vec<String>,
    /// Master seed: the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = crate::threads::parse)]
    pub threads: Option<usize>,
    /// Output folder (default: results/runs/SCENARIO-BLUE-vs-RED-seedK).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Complete the run in DIR (after a kill or Ctrl-C).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["scenario", "games", "blue", "red", "sides", "seed", "out", "shard"])]
    pub resume: Option<PathBuf>,
    /// Play only the games whose index is I mod N (one job of an array).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Stop after handing out this many games (for testing resume).
    #[arg(long, hide = true)]
    pub stop_after: Option<u64>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `hexwar simulate`: exit code 130 when Ctrl-C stopped the batch.
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    run::install_ctrl_c();
    let bar = progress_bar(0);
    let (_, outcome) = simulate(args, &|done, total| {
        bar.set_length(total);
        bar.set_position(done);
    })?;
    bar.finish_and_clear();
    crate::html::write(&outcome.dir, None)?;
    emit_report(args.json, &BatchReport::new(&outcome))?;
    Ok(if outcome.interrupted {
        ExitCode::from(130)
    } else {
        ExitCode::SUCCESS
    })
}

/// `I/N` with `0 <= I < N`.
pub fn parse_shard(s: &str) -> Result<(u64, u64), UsageError> {
    let parsed = s
        .split_once('/')
        .and_then(|(i, n)| Some((i.trim().parse::<u64>().ok()?, n.trim().parse::<u64>().ok()?)));
    match parsed {
        Some((i, n)) if n >= 1 && i < n && n <= 100_000 => Ok((i, n)),
        _ => Err(UsageError::Shard {
            given: s.to_string(),
        }),
    }
}

/// Plays (or resumes) a batch into its folder; `on_progress(done, total)`
/// as games are written.
pub fn simulate(
    args: &Args,
    on_progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<(Arc<Scenario>, RunOutcome), Error> {
    let opts = RunOptions {
        threads: args.threads,
        stop_after: args.stop_after,
    };
    if let Some(dir) = &args.resume {
        let spec = read_spec(dir)?;
        let loaded = LoadedScenario::load(&spec.scenario)?;
        if digest(&loaded.text) != spec.digest {
            return Err(RunError::ScenarioChanged {
                scenario: spec.scenario,
                dir: dir.clone(),
            }
            .into());
        }
        let total = spec.count();
        let out = run::resume(&loaded.scenario, dir, &opts, &|k| on_progress(k, total))?;
        return Ok((loaded.scenario, out));
    }
    let loaded = LoadedScenario::load(&args.scenario)?;
    let scen = &loaded.scenario;
    let players = players(scen, args)?;
    if args.games == 0 {
        return Err(UsageError::NoGames.into());
    }
    let spec = RunSpec {
        scenario: args.scenario.clone(),
        name: scen.name().to_string(),
        digest: digest(&loaded.text),
        blue: players[0].clone(),
        red: players[1].clone(),
        seed: args.seed,
        games: args.games,
        shard: args.shard.as_deref().map(parse_shard).transpose()?,
    };
    let dir = args.out.clone().unwrap_or_else(|| default_dir(&spec));
    let total = spec.count();
    let out = run::start(scen, &spec, &dir, &opts, &|k| on_progress(k, total))?;
    Ok((loaded.scenario, out))
}

/// The AI of each side: `--blue` and `--red`, then each `--side SIDE=AI`.
fn players(scen: &Scenario, args: &Args) -> Result<[String; 2], UsageError> {
    let mut players = [args.blue.clone(), args.red.clone()];
    for s in &args.sides {
        let Some((side, ai)) = s.split_once('=') else {
            return Err(UsageError::SideSpec { given: s.clone() });
        };
        let Some(side) = scen.side_by_name(side.trim()) else {
            return Err(UsageError::NoSuchSide {
                given: s.clone(),
                side: side.to_string(),
                scenario: scen.name().to_string(),
                sides: Side::BOTH.map(|x| scen.side(x).id.clone()),
            });
        };
        players[side.index()] = ai.trim().to_string();
    }
    Ok(players)
}
