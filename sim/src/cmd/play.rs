//! `hexwar play`: serves the play page and its JSON API ([`crate::play`])
//! on this machine, the person against an AI, until the process ends.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use hexwar_engine::{Side, builtin};

use crate::error::Error;
use crate::inspect::find_side;
use crate::play::{Server, Session, clock_seed};
use crate::saved::state_file;
use crate::scenario::LoadedScenario;

/// The arguments of `hexwar play`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// Built-in scenario name or .toml path.
    #[arg(long, default_value = builtin::DEFAULT)]
    pub scenario: String,
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
    /// Start from a saved game (JSON).
    #[arg(long, value_name = "FILE")]
    pub state: Option<PathBuf>,
}

/// Runs `hexwar play`: returns only if the server cannot start.
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    let scen = LoadedScenario::load(&args.scenario)?.scenario;
    let human = match &args.side {
        Some(s) => find_side(&scen, s)?,
        None => Side(0),
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut session = match &args.state {
        Some(p) => {
            let st = state_file(&scen, p)?;
            Session::from_state(scen.clone(), human, &args.ai, seed, st)
        }
        None => Session::new(scen.clone(), human, &args.ai, seed),
    }?;
    let host = args.bind.as_deref().unwrap_or("127.0.0.1");
    let port = args.port;
    let addr = if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]:{port}")
    } else {
        format!("{host}:{port}")
    };
    let server = Server::bind(&addr)?;
    if args.bind.is_some() {
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
    Ok(ExitCode::SUCCESS)
}
