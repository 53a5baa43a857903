//! `hexwar simulate`: whole games between two AIs, many at once.
//!
//! [`play_game`] is the kernel: pure, and the same game for the same
//! `(seed, index)` whatever thread runs it. [`run_batch`] only adds
//! `into_par_iter` over game indices; [`Report`] sums the records in index
//! order, so a batch gives the same report on 1 thread or 64.

use std::fmt;
use std::io::IsTerminal;
use std::time::{Duration, Instant};

use hexwar_ai::{AiRng, Player, from_spec};
use hexwar_engine::{GameState, ResultLevel, Scenario, Side};
use indicatif::{ProgressBar, ProgressStyle};
use rand::SeedableRng;
use rayon::prelude::*;
use serde::Serialize;

use crate::seed::{Stream, game_seed, stream_seed};

/// Actions after which a game is abandoned as runaway (a player that never
/// ends its phase). Real games take a few thousand at most.
pub const MAX_ACTIONS: u64 = 1_000_000;

/// How one game went.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct GameRecord {
    /// Index of the game in its batch.
    pub index: u64,
    /// The batch's master seed (with `index`, enough to replay the game).
    pub seed: u64,
    /// The game's own seed, derived from `seed` and `index`.
    pub game_seed: u64,
    /// The winner, `None` for a draw or an aborted game.
    pub winner: Option<Side>,
    /// How decisive (`draw` for an aborted game).
    pub level: ResultLevel,
    /// Victory points per side at the end (or when aborted).
    pub vp: [i32; 2],
    /// Game turn reached.
    pub turns: u8,
    /// Steps lost per side.
    pub steps_lost: [u16; 2],
    /// Actions taken by both players.
    pub actions: u64,
    /// Stopped after [`MAX_ACTIONS`] without a result.
    pub aborted: bool,
}

/// Why a batch could not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimError {
    /// An AI spec `hexwar_ai::from_spec` refused.
    UnknownAi {
        /// Which flag (`blue`, `red`).
        side: &'static str,
        /// What `from_spec` said.
        message: String,
    },
    /// The thread pool could not be built.
    Threads(String),
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::UnknownAi { side, message } => write!(f, "--{side}: {message}"),
            SimError::Threads(m) => write!(f, "cannot start the thread pool: {m}"),
        }
    }
}

impl std::error::Error for SimError {}

fn player(spec: &str, side: &'static str) -> Result<Box<dyn Player>, SimError> {
    from_spec(spec).map_err(|message| SimError::UnknownAi { side, message })
}

/// Plays game `index` of a batch with master seed `seed`: `blue` (an AI
/// spec) for the scenario's first side, `red` for the second. Fails only on
/// a bad AI spec.
pub fn play_game(
    scen: &Scenario,
    blue: &str,
    red: &str,
    seed: u64,
    index: u64,
) -> Result<GameRecord, SimError> {
    let mut b = player(blue, "blue")?;
    let mut r = player(red, "red")?;
    Ok(play_with(
        scen,
        [b.as_mut(), r.as_mut()],
        seed,
        index,
        MAX_ACTIONS,
    ))
}

/// The kernel under [`play_game`], with players given and the action cap
/// as a parameter. The engine's dice and each player draw from their own
/// stream, seeded from `(seed, index)` ([`crate::seed`]).
pub fn play_with(
    scen: &Scenario,
    players: [&mut dyn Player; 2],
    seed: u64,
    index: u64,
    max_actions: u64,
) -> GameRecord {
    let game = game_seed(seed, index);
    let mut dice = AiRng::seed_from_u64(stream_seed(game, Stream::Dice));
    let mut rngs = [0, 1].map(|s| AiRng::seed_from_u64(stream_seed(game, Stream::player(s))));
    let mut state = GameState::new(scen, &mut dice);
    let mut actions = 0u64;
    while !state.is_over() && actions < max_actions {
        let side = state.active_side().index();
        let action = players[side].choose(scen, &state, &mut rngs[side]);
        // Players return legal actions (their contract); the engine's debug
        // assertion catches one that does not.
        state.apply_unchecked(scen, action, &mut dice, &mut ());
        actions += 1;
    }
    let (winner, level, vp, aborted) = match state.result() {
        Some(r) => (r.winner, r.level, r.vp, false),
        None => (None, ResultLevel::Draw, state.victory_points(scen), true),
    };
    GameRecord {
        index,
        seed,
        game_seed: game,
        winner,
        level,
        vp,
        turns: state.turn(),
        steps_lost: state.steps_lost(),
        actions,
        aborted,
    }
}

/// What to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    /// Number of games.
    pub games: u64,
    /// AI spec for the first side.
    pub blue: String,
    /// AI spec for the second side.
    pub red: String,
    /// Master seed.
    pub seed: u64,
    /// Threads for a pool of the batch's own; `None` uses rayon's global pool.
    pub threads: Option<usize>,
}

impl Default for Batch {
    fn default() -> Self {
        Batch {
            games: 100,
            blue: "random".into(),
            red: "random".into(),
            seed: 1,
            threads: None,
        }
    }
}

/// Plays every game of `batch` in parallel, one game per task, and returns
/// the records in index order. `on_game` is called as each game ends (from
/// any thread, in any order): a progress bar's tick.
pub fn run_batch(
    scen: &Scenario,
    batch: &Batch,
    on_game: &(dyn Fn(&GameRecord) + Sync),
) -> Result<Vec<GameRecord>, SimError> {
    // Refuse bad specs before starting any thread.
    player(&batch.blue, "blue")?;
    player(&batch.red, "red")?;
    let play = || {
        (0..batch.games)
            .into_par_iter()
            .map(|i| {
                let rec = play_game(scen, &batch.blue, &batch.red, batch.seed, i)?;
                on_game(&rec);
                Ok(rec)
            })
            .collect::<Result<Vec<_>, SimError>>()
    };
    match batch.threads {
        None => play(),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| SimError::Threads(e.to_string()))?
            .install(play),
    }
}

/// Runs a batch and summarises it.
pub fn simulate(
    scen: &Scenario,
    batch: &Batch,
    on_game: &(dyn Fn(&GameRecord) + Sync),
) -> Result<Report, SimError> {
    let start = Instant::now();
    let records = run_batch(scen, batch, on_game)?;
    let threads = match batch.threads {
        Some(n) if n > 0 => n,
        _ => rayon::current_num_threads(),
    };
    Ok(Report::new(scen, batch, &records, threads, start.elapsed()))
}

/// A progress bar on stderr for `games` games; hidden unless stderr is a terminal.
pub fn progress_bar(games: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
    {
        bar.set_style(style);
    }
    bar
}

/// One side's results in a [`Report`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideReport {
    /// Side id.
    pub side: String,
    /// Side name.
    pub name: String,
    /// AI spec that played it.
    pub player: String,
    /// Games won.
    pub wins: u64,
    /// Games won, percent of all games.
    pub win_pct: f64,
    /// Decisive wins.
    pub decisive: u64,
    /// Marginal wins.
    pub marginal: u64,
    /// Mean victory points.
    pub mean_vp: f64,
    /// Mean steps lost.
    pub mean_steps_lost: f64,
}

/// How long a batch took: the only part of a [`Report`] that depends on the machine.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timing {
    /// Threads used.
    pub threads: usize,
    /// Wall-clock seconds.
    pub elapsed_secs: f64,
    /// Games per second.
    pub games_per_sec: f64,
}

/// The summary of a batch.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Scenario name.
    pub scenario: String,
    /// Master seed.
    pub seed: u64,
    /// Games played.
    pub games: u64,
    /// Per side, in turn order.
    pub sides: [SideReport; 2],
    /// Drawn games (aborted ones not included).
    pub draws: u64,
    /// Drawn games, percent.
    pub draw_pct: f64,
    /// Games stopped at the action cap.
    pub aborted: u64,
    /// Mean game turn reached.
    pub mean_turns: f64,
    /// Mean actions per game.
    pub mean_actions: f64,
    /// Time taken.
    pub timing: Timing,
}

impl Report {
    /// Sums `records` (in index order, so the floating-point means are the
    /// same for any thread count).
    pub fn new(
        scen: &Scenario,
        batch: &Batch,
        records: &[GameRecord],
        threads: usize,
        elapsed: Duration,
    ) -> Report {
        let n = records.len() as u64;
        let pct = |k: u64| {
            if n == 0 {
                0.0
            } else {
                100.0 * k as f64 / n as f64
            }
        };
        let mean = |f: &dyn Fn(&GameRecord) -> f64| {
            if n == 0 {
                0.0
            } else {
                records.iter().map(f).sum::<f64>() / n as f64
            }
        };
        let count =
            |f: &dyn Fn(&GameRecord) -> bool| records.iter().filter(|r| f(r)).count() as u64;
        let sides = Side::BOTH.map(|s| {
            let won = |r: &GameRecord| r.winner == Some(s);
            let wins = count(&won);
            SideReport {
                side: scen.side(s).id.clone(),
                name: scen.side(s).name.clone(),
                player: if s.0 == 0 {
                    batch.blue.clone()
                } else {
                    batch.red.clone()
                },
                wins,
                win_pct: pct(wins),
                decisive: count(&|r| won(r) && r.level == ResultLevel::Decisive),
                marginal: count(&|r| won(r) && r.level == ResultLevel::Marginal),
                mean_vp: mean(&|r| r.vp[s.index()] as f64),
                mean_steps_lost: mean(&|r| r.steps_lost[s.index()] as f64),
            }
        });
        let aborted = count(&|r| r.aborted);
        let draws = count(&|r| r.winner.is_none() && !r.aborted);
        let secs = elapsed.as_secs_f64();
        Report {
            scenario: scen.name().to_string(),
            seed: batch.seed,
            games: n,
            sides,
            draws,
            draw_pct: pct(draws),
            aborted,
            mean_turns: mean(&|r| r.turns as f64),
            mean_actions: mean(&|r| r.actions as f64),
            timing: Timing {
                threads,
                elapsed_secs: secs,
                games_per_sec: if secs > 0.0 { n as f64 / secs } else { 0.0 },
            },
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = &self.sides;
        writeln!(
            f,
            "{}: {} games, {} ({}) vs {} ({}), seed {}",
            self.scenario, self.games, a.player, a.name, b.player, b.name, self.seed
        )?;
        let w = a.name.len().max(b.name.len()).max(5);
        for s in &self.sides {
            writeln!(
                f,
                "  {:w$} wins {:>6}  {:5.1}%   decisive {}, marginal {}",
                s.name, s.wins, s.win_pct, s.decisive, s.marginal
            )?;
        }
        writeln!(
            f,
            "  {:w$}      {:>6}  {:5.1}%",
            "draws", self.draws, self.draw_pct
        )?;
        if self.aborted > 0 {
            writeln!(f, "  aborted at {MAX_ACTIONS} actions: {}", self.aborted)?;
        }
        writeln!(
            f,
            "  mean VP {} {:.2}, {} {:.2}; mean steps lost {} {:.2}, {} {:.2}",
            a.name,
            a.mean_vp,
            b.name,
            b.mean_vp,
            a.name,
            a.mean_steps_lost,
            b.name,
            b.mean_steps_lost
        )?;
        writeln!(
            f,
            "  mean turns {:.2}, mean actions {:.1}",
            self.mean_turns, self.mean_actions
        )?;
        let t = &self.timing;
        writeln!(
            f,
            "  {:.1} games/s ({:.2} s on {} threads)",
            t.games_per_sec, t.elapsed_secs, t.threads
        )
    }
}
