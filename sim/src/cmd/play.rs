//! `hexwar play`: serves the play page and its JSON API ([`crate::play`])
//! on this machine, the person against an AI, until the process ends;
//! with `--replay`, the page opens on the replay viewer of a batch game
//! or a game record.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use hexwar_engine::{Scenario, Side, builtin};

use crate::error::Error;
use crate::inspect::find_side;
use crate::play::{Server, Session, clock_seed};
use crate::record::{self, GameFile, GameFileError, Record};
use crate::scenario::LoadedScenario;

/// The arguments of `hexwar play`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// Built-in scenario name or .toml path (default: the one the --state
    /// or --replay file names, else malaya).
    #[arg(long)]
    pub scenario: Option<String>,
    /// The side you play: id, name, 0 or 1 (default: the first side, which
    /// opens the game: Japan, the Allies, the Soviet Union).
    #[arg(long)]
    pub side: Option<String>,
    /// The opponent: a level (novice, normal, hard, expert) or a spec
    /// (random, heuristic, mcts[:iters=N,ms=N,c=X]). The page's "New
    /// game" can change it.
    #[arg(long, default_value = "normal")]
    pub ai: String,
    /// The port (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The game's seed (dice and AI); default from the clock.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Listen on this address instead of 127.0.0.1 (e.g. 0.0.0.0):
    /// anyone who can reach it can play.
    #[arg(long, value_name = "ADDR")]
    pub bind: Option<String>,
    /// Start from a saved game or game record (JSON, as the page's Save
    /// writes it).
    #[arg(long, value_name = "FILE")]
    pub state: Option<PathBuf>,
    /// Open the replay viewer on a game of this run folder (with --game),
    /// or on this game record.
    #[arg(long, value_name = "RUN_DIR|FILE", conflicts_with = "state")]
    pub replay: Option<PathBuf>,
    /// The game of the --replay run folder.
    #[arg(long, requires = "replay", default_value_t = 0)]
    pub game: u64,
}

/// A game to replay, read before the server starts.
struct ToReplay {
    scen: Arc<Scenario>,
    record: Record,
    source: String,
}

/// Reads `--replay`: a run folder's game, or a record file.
fn to_replay(args: &Args, path: &Path) -> Result<ToReplay, Error> {
    if path.is_dir() {
        let (loaded, record, _) = record::from_run(path, args.game)?;
        return Ok(ToReplay {
            scen: loaded.scenario,
            record,
            source: format!("game {} of {}", args.game, path.display()),
        });
    }
    let GameFile::Record(record) = record::read(path)? else {
        return Err(GameFileError::Invalid {
            path: path.to_path_buf(),
            source: record::RecordError::NoActions,
        }
        .into());
    };
    let scen = scenario_named(args, &record.scenario)?;
    Ok(ToReplay {
        scen,
        record: *record,
        source: path.display().to_string(),
    })
}

/// `--scenario` if given, else the built-in scenario a file names.
fn scenario_named(args: &Args, named: &str) -> Result<Arc<Scenario>, Error> {
    let spec = args.scenario.as_deref().unwrap_or(named);
    Ok(LoadedScenario::load(spec)?.scenario)
}

/// Runs `hexwar play`: returns only if the server cannot start.
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    let replay = args
        .replay
        .as_deref()
        .map(|p| to_replay(args, p))
        .transpose()?;
    let state = match &args.state {
        Some(p) => Some(record::read(p)?),
        None => None,
    };
    let scen = match (&replay, &state) {
        (Some(r), _) if args.scenario.is_none() => r.scen.clone(),
        (_, Some(f)) => scenario_named(args, f.scenario())?,
        _ => scenario_named(args, builtin::DEFAULT)?,
    };
    let human = match &args.side {
        Some(s) => find_side(&scen, s)?,
        None => Side(0),
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut session = match (state, &args.state) {
        (Some(file), Some(path)) => {
            let mut game = file
                .resolve(&scen, seed)
                .map_err(|source| GameFileError::Invalid {
                    path: path.clone(),
                    source,
                })?;
            if let Some(w) = &game.warning {
                eprintln!("hexwar: warning: {}: {w}", path.display());
            }
            // --side given: it wins over the side the record's person played.
            if args.side.is_some() {
                game.record.players = None;
            }
            Session::from_record(scen.clone(), human, &args.ai, game)
        }
        _ => Session::new(scen.clone(), human, &args.ai, seed),
    }?;
    if let Some(r) = replay {
        if let Some(dir) = args.replay.as_ref().filter(|p| p.is_dir()) {
            session.set_run(dir.clone());
        }
        let (rscen, source) = (r.scen.clone(), r.source.clone());
        session
            .open_replay(rscen, r.record, source)
            .map_err(|source| GameFileError::Invalid {
                path: args.replay.clone().unwrap_or_default(),
                source,
            })?;
    }
    serve(args, &scen, &mut session)
}

fn serve(args: &Args, scen: &Scenario, session: &mut Session) -> Result<ExitCode, Error> {
    let host = args.bind.as_deref().unwrap_or("127.0.0.1");
    let port = args.port;
    let addr = if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]:{port}")
    } else {
        format!("{host}:{port}")
    };
    let server = Server::bind(&addr)?;
    if !server.addr().ip().is_loopback() {
        eprintln!(
            "hexwar: warning: listening on {}: anyone who can reach this port can play your side",
            server.addr()
        );
    }
    let human = session.human();
    println!(
        "hexwar: {} — you play {}, {} plays {} (seed {})",
        scen.title(),
        scen.side(human).name,
        session.ai_name(),
        scen.side(human.other()).name,
        session.seed()
    );
    let shown = match server.addr() {
        a if a.ip().is_unspecified() => format!("127.0.0.1:{}", a.port()),
        a => a.to_string(),
    };
    println!("hexwar: open http://{shown}/ in a browser (Ctrl-C to stop)");
    io::stdout().flush()?;
    server.run(session);
    Ok(ExitCode::SUCCESS)
}
