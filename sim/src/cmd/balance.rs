//! `hexwar balance`: the scenario at several levels of play, a verdict at
//! each and the trend across them ([`crate::balance`]); with `--tune`, the
//! value of one setting that evens the game ([`crate::balance::tune`]).
//!
//! Each level is a run folder under `--out` (`DIR/normal/`, ...): a
//! killed or interrupted run is finished by giving the same command again,
//! which resumes each level where it stopped.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use hexwar_engine::{Side, builtin};

use super::{emit_report, progress_bar};
use crate::balance::tune::{self, Target};
use crate::balance::{BalanceError, BalanceReport, LevelResult};
use crate::batch::run::{self, RunOptions, RunOutcome};
use crate::batch::spec::{RunSpec, digest, read_spec};
use crate::error::{Error, UsageError};
use crate::scenario::LoadedScenario;

/// The arguments of `hexwar balance`.
#[derive(Clone, Debug, PartialEq, clap::Args)]
pub struct Args {
    /// Built-in scenario name or .toml path.
    #[arg(long, default_value = builtin::DEFAULT)]
    pub scenario: String,
    /// The levels of play, weakest first, comma-separated: levels
    /// (novice, normal, hard, expert) or specs (random, heuristic,
    /// mcts:iters=300,c=0.7). Both sides play the same one at each level.
    #[arg(long, default_value = "random,novice,normal,hard")]
    pub players: String,
    /// Games at each level (search players, hard and expert and mcts:
    /// a quarter of this, at least 20, unless --level-games says).
    #[arg(long, default_value_t = 200)]
    pub games: u64,
    /// Games at one level: SPEC=N (e.g. hard=40); may be repeated.
    #[arg(long = "level-games", value_name = "SPEC=N")]
    pub level_games: Vec<String>,
    /// Master seed (the same games at every level and, with --tune, at
    /// every value tried).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output folder (default: results/runs/balance-SCENARIO-seedK, or
    /// tune-SCENARIO-PATH-seedK with --tune).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Find the value of one setting in LO..HI that evens the game: PATH
    /// as `sweep --set` takes it (victory.marginal,
    /// unit_types.jp_inf.attack.0, units.j-11.turn). Plays one level
    /// (--players, default normal).
    #[arg(long, value_name = "PATH=LO..HI")]
    pub tune: Option<String>,
    /// What --tune evens: the first side's score (50%) or the mean VP
    /// margin (0).
    #[arg(long, value_enum, default_value_t = Target::Score)]
    pub target: Target,
    /// Most values --tune tries (each plays --games games).
    #[arg(long, default_value_t = 10)]
    pub max_values: usize,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `hexwar balance`: exit code 130 when Ctrl-C stopped it.
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    if args.games == 0 {
        return Err(UsageError::NoGames.into());
    }
    if args.tune.is_some() {
        return tune_run(args);
    }
    run::install_ctrl_c();
    let loaded = LoadedScenario::load(&args.scenario)?;
    let players = players(&args.players)?;
    let games = level_games(args, &players)?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| default_out(&loaded, args, None));
    let scen = &loaded.scenario;
    let sides = Side::BOTH.map(|s| scen.side(s).name.clone());
    let bar = progress_bar(0);
    let mut levels = Vec::new();
    for (player, n) in players.iter().zip(&games) {
        bar.set_message(player.clone());
        let o = play_level(&loaded, args, player, *n, &out, &|done, total| {
            bar.set_length(total);
            bar.set_position(done);
        })?;
        if o.interrupted {
            bar.finish_and_clear();
            eprintln!(
                "hexwar: stopped at {player}: give the same command again to finish (the \
                 games played are kept in {})",
                out.display()
            );
            return Ok(ExitCode::from(130));
        }
        crate::html::write(&o.dir, None)?;
        levels.push(LevelResult::new(player, &sides, &o));
    }
    bar.finish_and_clear();
    let v = scen.victory();
    let mut report = BalanceReport::new(
        (scen.name(), scen.title()),
        sides,
        args.seed,
        [v.marginal.into(), v.decisive.into()],
        levels,
        &out,
    );
    report.write()?;
    emit_report(args.json, &report)?;
    Ok(ExitCode::SUCCESS)
}

/// `--tune`: one level, the setting searched.
fn tune_run(args: &Args) -> Result<ExitCode, Error> {
    let players = if args.players == "random,novice,normal,hard" {
        vec!["normal".to_string()]
    } else {
        players(&args.players)?
    };
    let [player] = players.as_slice() else {
        return Err(BalanceError::TuneLevels {
            given: args.players.clone(),
        }
        .into());
    };
    let setting = tune::parse_tune(args.tune.as_deref().unwrap_or(""))?;
    let loaded = LoadedScenario::load(&args.scenario)?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| default_out(&loaded, args, Some(&setting.path)));
    let bar = progress_bar(0);
    let opts = tune::TuneOptions {
        player: player.clone(),
        games: args.games,
        seed: args.seed,
        threads: args.threads,
        target: args.target,
        max_values: args.max_values.max(3),
    };
    let mut report = tune::tune(&loaded, &setting, &opts, &|value, done, total| {
        bar.set_message(format!("{}={value}", setting.path));
        bar.set_length(total);
        bar.set_position(done);
    })?;
    bar.finish_and_clear();
    report.write(&loaded, &out)?;
    emit_report(args.json, &report)?;
    Ok(ExitCode::SUCCESS)
}

/// Plays (or resumes) one level into `OUT/LEVEL`.
fn play_level(
    loaded: &LoadedScenario,
    args: &Args,
    player: &str,
    games: u64,
    out: &Path,
    on_progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<RunOutcome, Error> {
    let spec = RunSpec {
        scenario: args.scenario.clone(),
        name: loaded.name().to_string(),
        digest: digest(&loaded.text),
        blue: player.to_string(),
        red: player.to_string(),
        seed: args.seed,
        games,
        shard: None,
    };
    let dir = out.join(clean(player));
    let opts = RunOptions {
        threads: args.threads,
        stop_after: None,
    };
    let scen = &loaded.scenario;
    let progress = |k| on_progress(k, games);
    if dir.join("run.json").exists() {
        let old = read_spec(&dir)?;
        let why = if old.digest != spec.digest || old.name != spec.name {
            Some("another scenario, or the file has changed".to_string())
        } else if (old.blue.as_str(), old.red.as_str()) != (player, player) {
            Some(format!("{} vs {}", old.blue, old.red))
        } else if old.seed != spec.seed {
            Some(format!("seed {}", old.seed))
        } else if old.games != spec.games || old.shard.is_some() {
            Some(format!("{} games", old.games))
        } else {
            None
        };
        if let Some(why) = why {
            return Err(BalanceError::OtherRun { dir, why }.into());
        }
        return Ok(run::resume(scen, &dir, &opts, &progress)?);
    }
    Ok(run::start(scen, &spec, &dir, &opts, &progress)?)
}

/// The player specs of `--players`: split at commas, an option of an
/// mcts spec (`c=0.7` after `mcts:iters=300`) joined back to its spec.
pub fn players(given: &str) -> Result<Vec<String>, BalanceError> {
    let mut out: Vec<String> = Vec::new();
    for piece in given.split(',').map(str::trim) {
        if piece.is_empty() {
            return Err(BalanceError::Players(format!(
                "an empty name in \"{given}\" (names are separated by commas)"
            )));
        }
        match out.last_mut() {
            Some(prev) if piece.contains('=') && !piece.contains(':') && prev.contains(':') => {
                prev.push(',');
                prev.push_str(piece);
            }
            _ => out.push(piece.to_string()),
        }
    }
    for (i, p) in out.iter().enumerate() {
        crate::batch::game::check_ai(p, "players")?;
        if out[..i].contains(p) {
            return Err(BalanceError::Players(format!("{p} is named twice")));
        }
    }
    Ok(out)
}

/// Whether a spec is a search player (slow: fewer games by default).
fn is_search(spec: &str) -> bool {
    let resolved = hexwar_ai::level(spec).unwrap_or(spec);
    resolved.starts_with("mcts")
}

/// The games each level plays: `--level-games`, else `--games` (a
/// quarter, at least 20, for a search player).
fn level_games(args: &Args, players: &[String]) -> Result<Vec<u64>, BalanceError> {
    let mut games: Vec<u64> = players
        .iter()
        .map(|p| {
            if is_search(p) {
                (args.games / 4).max(20).min(args.games)
            } else {
                args.games
            }
        })
        .collect();
    for given in &args.level_games {
        let bad = |why: &str| BalanceError::LevelGames {
            given: given.clone(),
            why: why.to_string(),
        };
        let (spec, n) = given
            .rsplit_once('=')
            .ok_or_else(|| bad("expected SPEC=N"))?;
        let n: u64 = n
            .trim()
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| bad("N must be a whole number of games above 0"))?;
        let k = players
            .iter()
            .position(|p| p == spec.trim())
            .ok_or_else(|| {
                bad(&format!(
                    "no such level among --players {}",
                    players.join(",")
                ))
            })?;
        games[k] = n;
    }
    Ok(games)
}

/// A player spec as a folder name: letters, digits, `-` and `_`.
fn clean(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// `results/runs/balance-NAME-seedK`, or `tune-NAME-PATH-seedK`.
fn default_out(loaded: &LoadedScenario, args: &Args, path: Option<&str>) -> PathBuf {
    let name = clean(loaded.name());
    let base = match path {
        Some(p) => format!("tune-{name}-{}-seed{}", clean(p), args.seed),
        None => format!("balance-{name}-seed{}", args.seed),
    };
    Path::new("results").join("runs").join(base)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_keep_mcts_options_together() {
        assert_eq!(
            players("random, normal,mcts:iters=300,c=0.7,hard").unwrap(),
            ["random", "normal", "mcts:iters=300,c=0.7", "hard"]
        );
        assert!(players("normal,,hard").is_err());
        assert!(
            players("normal,normal")
                .unwrap_err()
                .to_string()
                .contains("twice")
        );
        assert!(players("normal,grandmaster").is_err());
    }

    #[test]
    fn search_levels_play_fewer_games_unless_told() {
        let mut args = Args {
            scenario: "malaya".into(),
            players: "random,normal,hard".into(),
            games: 200,
            level_games: vec![],
            seed: 1,
            threads: None,
            out: None,
            tune: None,
            target: Target::Score,
            max_values: 10,
            json: false,
        };
        let p = players(&args.players).unwrap();
        assert_eq!(level_games(&args, &p).unwrap(), [200, 200, 50]);
        args.level_games = vec!["hard=12".into(), "random=3".into()];
        assert_eq!(level_games(&args, &p).unwrap(), [3, 200, 12]);
        args.level_games = vec!["expert=12".into()];
        assert!(level_games(&args, &p).is_err());
        args.level_games = vec!["hard=0".into()];
        assert!(level_games(&args, &p).is_err());
        args.games = 10;
        args.level_games.clear();
        assert_eq!(level_games(&args, &p).unwrap(), [10, 10, 10]);
    }
}
