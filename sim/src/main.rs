//! The `hexwar` command: parses arguments, calls the library, and maps
//! errors to exit codes (2 usage / unknown scenario or file, 1 invalid data).

use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{ArgGroup, Parser, Subcommand};
use hexwar_engine::builtin;
use hexwar_sim::load::{LoadError, StateError};
use hexwar_sim::{
    batch, duel, inspect, load, odds, play, replay, report, run, scenarios, show, simulate, svg,
    sweep, validate,
};

/// Operational hex-and-counter wargames: scenarios, rules checks, AI batches.
#[derive(Parser)]
#[command(name = "hexwar", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the built-in scenarios.
    Scenarios {
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Check a scenario file: a summary, or every error as file:line:col.
    Validate {
        /// The scenario file (.toml).
        file: PathBuf,
    },
    /// Describe a scenario, and optionally draw its map as SVG.
    Show {
        /// Built-in scenario name or .toml path.
        scenario: String,
        /// Write the map as SVG to this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// A saved game (JSON) to show instead of the set-up.
        #[arg(long, value_name = "FILE")]
        state: Option<PathBuf>,
    },
    /// Ask the rules about a position: where a unit can move, a side's ZOC,
    /// every unit's supply, where a unit can go by rail.
    #[command(group(ArgGroup::new("what").required(true).args(["moves", "zoc", "supply", "rail"])))]
    Inspect {
        /// Built-in scenario name or .toml path.
        scenario: String,
        /// A saved game (JSON); default: a new game, turn 1.
        #[arg(long, value_name = "FILE")]
        state: Option<PathBuf>,
        /// Every hex this unit (by id) can reach now.
        #[arg(long, value_name = "UNIT")]
        moves: Option<String>,
        /// The hexes in this side's ZOC (id, name, 0 or 1).
        #[arg(long, value_name = "SIDE")]
        zoc: Option<String>,
        /// Every unit's supply: as judged in the last Supply Phase, and the
        /// path it can trace now or why it cannot.
        #[arg(long)]
        supply: bool,
        /// With --supply: only this side's units (id, name, 0 or 1).
        #[arg(long, value_name = "SIDE", requires = "supply")]
        side: Option<String>,
        /// Every hex this unit (by id) can reach by rail now, or why it cannot.
        #[arg(long, value_name = "UNIT")]
        rail: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// The exact outcome distribution of an attack (MAL-CBT, D-CRT-1): each
    /// side's strength with its modifiers, the odds column, and the chance
    /// of every outcome.
    Odds {
        /// A built-in scenario name or a path to a .toml file.
        scenario: String,
        /// A saved game (JSON) to read the position from.
        #[arg(long, value_name = "FILE")]
        state: Option<PathBuf>,
        /// The attacking hexes: every unit in them attacks.
        #[arg(
            long,
            value_name = "HEX[,HEX...]",
            value_delimiter = ',',
            required = true
        )]
        attack: Vec<String>,
        /// The defending hex.
        #[arg(long, value_name = "HEX")]
        defend: String,
        /// Air points the attacker commits (MAL-CBT-5).
        #[arg(long, default_value_t = 0)]
        air: u8,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Play many AI games and report the results.
    Simulate {
        /// Built-in scenario name or .toml path.
        #[arg(long, default_value = builtin::DEFAULT)]
        scenario: String,
        /// Number of games.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// AI for the scenario's first side: random, heuristic, or mcts (with
        /// options: mcts:iters=2000).
        #[arg(long, default_value = "random")]
        blue: String,
        /// AI for the scenario's second side.
        #[arg(long, default_value = "random")]
        red: String,
        /// A side by its id in the scenario: SIDE=AI (e.g. japanese=random).
        #[arg(long = "side", value_name = "SIDE=AI")]
        sides: Vec<String>,
        /// Master seed: the same seed plays the same games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// Output folder (default: results/runs/SCENARIO-BLUE-vs-RED-seedK).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// Complete the run in DIR (after a kill or Ctrl-C).
        #[arg(long, value_name = "DIR", conflicts_with_all = ["scenario", "games", "blue", "red", "sides", "seed", "out", "shard"])]
        resume: Option<PathBuf>,
        /// Play only the games whose index is I mod N (one job of an array).
        #[arg(long, value_name = "I/N")]
        shard: Option<String>,
        /// Stop after handing out this many games (for testing resume).
        #[arg(long, hide = true)]
        stop_after: Option<u64>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Play one game of a batch again and print what happened, turn by turn.
    Replay {
        /// Built-in scenario name or .toml path.
        #[arg(long, default_value = builtin::DEFAULT)]
        scenario: String,
        /// The batch's master seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The game's index in the batch.
        #[arg(long)]
        game: u64,
        /// AI of the first side.
        #[arg(long, default_value = "random")]
        blue: String,
        /// AI of the second side.
        #[arg(long, default_value = "random")]
        red: String,
        /// A run folder: scenario, seed and players from its run.json.
        #[arg(long, value_name = "DIR", conflicts_with_all = ["scenario", "seed", "blue", "red"])]
        run: Option<PathBuf>,
        /// Leave out phase starts and hexes changing hands.
        #[arg(long)]
        brief: bool,
        /// Only what each player said it meant to do, turn by turn: targets,
        /// supply cuts sought, units pulled back.
        #[arg(long)]
        explain: bool,
        /// Print JSON (the events themselves too).
        #[arg(long)]
        json: bool,
    },
    /// Vary one scenario setting and plot the first side's win rate against
    /// it, with the logistic fit of where it crosses 50%.
    Sweep {
        /// Built-in scenario name or .toml path.
        #[arg(long, default_value = builtin::DEFAULT)]
        scenario: String,
        /// PATH=V1,V2,...: the setting (a dotted path into the scenario
        /// file, e.g. rules.rail_capacity.commonwealth or
        /// unit_types.jp_inf.attack.0) and the values to try.
        #[arg(long, value_name = "PATH=V1,V2,...")]
        set: String,
        /// Games per value.
        #[arg(long, default_value_t = 500)]
        games: u64,
        /// AI for the scenario's first side.
        #[arg(long, default_value = "random")]
        blue: String,
        /// AI for the scenario's second side.
        #[arg(long, default_value = "random")]
        red: String,
        /// Master seed (the same for every value: common random numbers).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// Output folder (default: results/runs/sweep-SCENARIO-PATH-SEED).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Which of two players is stronger: paired games (same seeds, sides
    /// swapped), A's score with a 95% interval, and an optional SPRT.
    Duel {
        /// Built-in scenario name or .toml path.
        #[arg(long, default_value = builtin::DEFAULT)]
        scenario: String,
        /// Player A.
        #[arg(long)]
        a: String,
        /// Player B.
        #[arg(long)]
        b: String,
        /// Games at most (whole pairs).
        #[arg(long, default_value_t = 200)]
        games: u64,
        /// Master seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// Stop when an SPRT between two Elo differences of A over B decides
        /// (5% error each way), e.g. --sprt 0,50.
        #[arg(long, value_name = "ELO0,ELO1", value_delimiter = ',')]
        sprt: Option<Vec<f64>>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Write the balance report of the built-in scenarios (results/README.md).
    Report {
        /// Games per scenario and AI pairing.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Master seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// The report folder.
        #[arg(long, value_name = "DIR", default_value = "results")]
        out: PathBuf,
        /// Only these scenarios (comma-separated; default: every built-in).
        #[arg(long = "scenario", value_delimiter = ',')]
        scenarios: Vec<String>,
        /// Games per duel between players (0: no duels).
        #[arg(long, default_value_t = 200)]
        duel_games: u64,
    },
    /// Play against an AI in a browser: serves the play page and its JSON
    /// API (docs/PLAY-API.md) on this machine.
    Play {
        /// Built-in scenario name or .toml path.
        #[arg(long, default_value = builtin::DEFAULT)]
        scenario: String,
        /// The side you play: id, name, 0 or 1 (default: the first side, which
        /// opens the game: Japan, the Allies, the Soviet Union).
        #[arg(long)]
        side: Option<String>,
        /// The opponent: random, heuristic, or mcts (mcts:iters=2000).
        #[arg(long, default_value = "heuristic")]
        ai: String,
        /// The port (0: any free port; the address is printed).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The game's seed (dice and AI); default from the clock.
        #[arg(long)]
        seed: Option<u64>,
        /// Listen on this address instead of 127.0.0.1 (e.g. 0.0.0.0):
        /// anyone who can reach it can play.
        #[arg(long, value_name = "ADDR")]
        bind: Option<String>,
        /// Start from a saved game (JSON).
        #[arg(long, value_name = "FILE")]
        state: Option<PathBuf>,
    },
    /// Combine shard folders into the records, summary and plots of one run.
    Merge {
        /// The shard folders.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// The folder for the whole batch.
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("hexwar: {e:#}");
            ExitCode::from(exit_code(&e))
        }
    }
}

/// 1 for invalid data, 2 for everything a user typed wrong or that is not there.
fn exit_code(e: &anyhow::Error) -> u8 {
    if let Some(l) = e.downcast_ref::<LoadError>() {
        l.exit_code()
    } else if let Some(s) = e.downcast_ref::<StateError>() {
        s.exit_code()
    } else {
        2
    }
}

/// Writes to stdout; a closed pipe (`hexwar ... | head`) is not an error.
fn emit(text: impl std::fmt::Display) -> Result<()> {
    let mut out = io::stdout().lock();
    match write!(out, "{text}").and_then(|()| out.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        r => r.context("cannot write to stdout"),
    }
}

fn emit_json(value: &impl serde::Serialize) -> Result<()> {
    emit(format_args!("{}\n", serde_json::to_string_pretty(value)?))
}

/// A report as JSON or as text.
fn emit_report<T: std::fmt::Display + serde::Serialize>(json: bool, report: &T) -> Result<()> {
    if json {
        emit_json(report)
    } else {
        emit(report)
    }
}

fn run(command: Command) -> Result<ExitCode> {
    match command {
        Command::Scenarios { json } => {
            let list = scenarios::list().context("a built-in scenario is broken")?;
            if json {
                emit_json(&list)?;
            } else {
                emit(scenarios::Table(&list))?;
            }
        }
        Command::Validate { file } => match validate::validate(&file) {
            Ok(summary) => emit(summary)?,
            Err(LoadError::Invalid(errors)) => {
                eprintln!("{errors}");
                return Ok(ExitCode::from(1));
            }
            Err(e) => return Err(e.into()),
        },
        Command::Show {
            scenario,
            svg: svg_path,
            state,
        } => {
            let scen = load::scenario(&scenario)?;
            let st = state
                .as_deref()
                .map(|p| load::state_file(&scen, p))
                .transpose()?;
            emit(show::summary(&scen, st.as_ref()))?;
            if let Some(path) = svg_path {
                fs::write(&path, svg::render(&scen, st.as_ref()))
                    .with_context(|| format!("cannot write {}", path.display()))?;
                eprintln!("map written to {}", path.display());
            }
        }
        Command::Inspect {
            scenario,
            state,
            moves,
            zoc,
            supply,
            side,
            rail,
            json,
        } => {
            let scen = load::scenario(&scenario)?;
            let st = load::state_or_new(&scen, state.as_deref())?;
            if let Some(id) = moves {
                let report = inspect::moves(&scen, &st, inspect::find_unit(&scen, &id)?);
                emit_report(json, &report)?;
            } else if let Some(side) = zoc {
                let report = inspect::zoc(&scen, &st, inspect::find_side(&scen, &side)?);
                emit_report(json, &report)?;
            } else if supply {
                let side = side.map(|s| inspect::find_side(&scen, &s)).transpose()?;
                let report = inspect::supply(&scen, &st, side);
                if let Some(note) = report.note().filter(|_| json) {
                    eprintln!("hexwar: {note}");
                }
                emit_report(json, &report)?;
            } else if let Some(id) = rail {
                let report = inspect::rail(&scen, &st, inspect::find_unit(&scen, &id)?);
                emit_report(json, &report)?;
            }
        }
        Command::Odds {
            scenario,
            state,
            attack,
            defend,
            air,
            json,
        } => {
            let scen = load::scenario(&scenario)?;
            let st = load::state_or_new(&scen, state.as_deref())?;
            let report = odds::odds(&scen, &st, &attack, &defend, air)?;
            emit_report(json, &report)?;
        }
        Command::Simulate {
            scenario,
            games,
            blue,
            red,
            sides,
            seed,
            threads,
            out,
            resume,
            shard,
            stop_after,
            json,
        } => {
            let args = batch::SimulateArgs {
                scenario,
                games,
                blue,
                red,
                sides,
                seed,
                threads,
                out,
                resume,
                shard,
                stop_after,
            };
            run::install_ctrl_c();
            let bar = simulate::progress_bar(0);
            let (_, outcome) = batch::simulate(&args, &|done, total| {
                bar.set_length(total);
                bar.set_position(done);
            })?;
            bar.finish_and_clear();
            emit_report(json, &batch::BatchReport::new(&outcome))?;
            if outcome.interrupted {
                return Ok(ExitCode::from(130));
            }
        }
        Command::Replay {
            scenario,
            seed,
            game,
            blue,
            red,
            run,
            brief,
            explain,
            json,
        } => {
            let r = replay::replay(&replay::ReplayArgs {
                scenario,
                seed,
                game,
                blue,
                red,
                run,
                brief,
                explain,
            })?;
            emit_report(json, &r)?;
        }
        Command::Sweep {
            scenario,
            set,
            games,
            blue,
            red,
            seed,
            threads,
            out,
            json,
        } => {
            let mut spec = sweep::SweepSpec {
                scenario,
                set,
                games,
                blue,
                red,
                seed,
                threads,
                out: None,
            };
            spec.out = Some(out.unwrap_or_else(|| spec.default_out()));
            let bar = simulate::progress_bar(spec.total_games()?);
            let report = sweep::sweep(&spec, &|| bar.inc(1))?;
            bar.finish_and_clear();
            emit_report(json, &report)?;
        }
        Command::Duel {
            scenario,
            a,
            b,
            games,
            seed,
            threads,
            sprt,
            json,
        } => {
            let spec = duel::DuelSpec {
                scenario,
                a,
                b,
                games,
                seed,
                threads,
                sprt: match sprt.as_deref() {
                    None => None,
                    Some([e0, e1]) => Some((*e0, *e1)),
                    Some(_) => anyhow::bail!("--sprt: give two Elo values, e.g. --sprt 0,50"),
                },
            };
            let bar = simulate::progress_bar(games.div_ceil(2) * 2);
            let report = duel::duel(&spec, &|| bar.inc(1))?;
            bar.finish_and_clear();
            emit_report(json, &report)?;
        }
        Command::Report {
            games,
            seed,
            threads,
            out,
            scenarios,
            duel_games,
        } => {
            run::install_ctrl_c();
            let bar = simulate::progress_bar(0);
            let path = report::report(
                &report::ReportArgs {
                    games,
                    seed,
                    threads,
                    out,
                    scenarios,
                    duel_games,
                },
                &|what, done, total| {
                    bar.set_message(what.to_string());
                    bar.set_length(total);
                    bar.set_position(done);
                },
            )?;
            bar.finish_and_clear();
            emit(format_args!("report written to {}\n", path.display()))?;
        }
        Command::Play {
            scenario,
            side,
            ai,
            port,
            seed,
            bind,
            state,
        } => {
            let scen = load::scenario(&scenario)?;
            let human = match side {
                Some(s) => inspect::find_side(&scen, &s)?,
                None => hexwar_engine::Side(0),
            };
            let seed = seed.unwrap_or_else(play::clock_seed);
            let mut session = match state {
                Some(p) => {
                    let st = load::state_file(&scen, &p)?;
                    play::Session::from_state(scen.clone(), human, &ai, seed, st)
                }
                None => play::Session::new(scen.clone(), human, &ai, seed),
            }
            .map_err(|m| anyhow::anyhow!("--ai: {m}"))?;
            let host = bind.as_deref().unwrap_or("127.0.0.1");
            let addr = if host.contains(':') && !host.starts_with('[') {
                format!("[{host}]:{port}")
            } else {
                format!("{host}:{port}")
            };
            let server = play::http::Server::bind(&addr).map_err(anyhow::Error::msg)?;
            if bind.is_some() {
                eprintln!(
                    "hexwar: warning: listening on {}: anyone who can reach this port can play your side",
                    server.addr()
                );
            }
            println!(
                "hexwar: {} — you play {}, {} plays {} (seed {seed})",
                scen.title(),
                scen.side(human).name,
                session.ai_name(),
                scen.side(human.other()).name
            );
            let shown = match server.addr() {
                a if a.ip().is_unspecified() => format!("127.0.0.1:{}", a.port()),
                a => a.to_string(),
            };
            println!("hexwar: open http://{shown}/ in a browser (Ctrl-C to stop)");
            io::stdout().flush()?;
            server.run(&mut session);
        }
        Command::Merge { dirs, out, json } => {
            let (_, outcome) = batch::merge(&dirs, &out)?;
            emit_report(json, &batch::BatchReport::new(&outcome))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
