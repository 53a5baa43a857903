//! `hexwar replay`: one game of a batch, played again from its seed and
//! index, told turn by turn (moves, supply, combats with their dice,
//! retreats, losses), so a surprising game can be read.

use std::fmt;
use std::path::PathBuf;
use std::process::ExitCode;

use hexwar_engine::{Event, PhaseKind, Scenario, Side, builtin};
use serde::Serialize;

use super::emit_report;
use crate::batch::game::player;
use crate::batch::spec::read_spec;
use crate::batch::{GameRecord, MAX_ACTIONS, play_logged};
use crate::error::{Error, UsageError};
use crate::scenario::LoadedScenario;

/// The arguments of `hexwar replay`.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct Args {
    /// Built-in scenario name or .toml path.
    #[arg(long, default_value = builtin::DEFAULT)]
    pub scenario: String,
    /// The batch's master seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The game's index in the batch.
    #[arg(long)]
    pub game: u64,
    /// AI of the first side: a level (novice, normal, hard, expert) or a
    /// spec (random, heuristic, mcts[:iters=N,ms=N,c=X]).
    #[arg(long, default_value = "random")]
    pub blue: String,
    /// AI of the second side, as --blue.
    #[arg(long, default_value = "random")]
    pub red: String,
    /// A run folder: scenario, seed and players from its run.json.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["scenario", "seed", "blue", "red"])]
    pub run: Option<PathBuf>,
    /// Leave out phase starts and hexes changing hands.
    #[arg(long)]
    pub brief: bool,
    /// Only what each player said it meant to do, turn by turn: targets,
    /// supply cuts sought, units pulled back.
    #[arg(long)]
    pub explain: bool,
    /// Print JSON (the events themselves too).
    #[arg(long)]
    pub json: bool,
}

/// Runs `hexwar replay`.
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    let r = replay(args)?;
    emit_report(args.json, &r)?;
    Ok(ExitCode::SUCCESS)
}

/// One player-turn of the log.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerTurn {
    /// Game turn.
    pub turn: u8,
    /// The phasing side's id.
    pub side: String,
    /// What the phasing player said it meant ([`hexwar_ai::Player::intent`]).
    pub intent: Vec<String>,
    /// What happened, one line per event.
    pub lines: Vec<String>,
    /// The events themselves.
    pub events: Vec<Event>,
}

/// A replayed game.
#[derive(Clone, Debug, Serialize)]
pub struct Replay {
    /// Scenario name.
    pub scenario: String,
    /// Master seed.
    pub seed: u64,
    /// Game index.
    pub game: u64,
    /// The players, first side first.
    pub players: [String; 2],
    /// The game's record, as in `games.csv`.
    pub record: GameRecord,
    /// Turn by turn.
    pub turns: Vec<PlayerTurn>,
    /// Printed as intents only (`--explain`).
    #[serde(skip)]
    pub explain: bool,
}

/// Plays the game again and keeps its log.
pub fn replay(args: &Args) -> Result<Replay, Error> {
    let (scenario, seed, players) = match &args.run {
        Some(dir) => {
            let spec = read_spec(dir)?;
            if args.game >= spec.games {
                return Err(UsageError::GameOutOfRun {
                    game: args.game,
                    dir: dir.clone(),
                    games: spec.games,
                }
                .into());
            }
            (spec.scenario, spec.seed, [spec.blue, spec.red])
        }
        None => (
            args.scenario.clone(),
            args.seed,
            [args.blue.clone(), args.red.clone()],
        ),
    };
    let scen = LoadedScenario::load(&scenario)?.scenario;
    let mut p = Vec::new();
    for (spec, side) in players.iter().zip(["blue", "red"]) {
        p.push(player(spec, side)?);
    }
    let (a, b) = p.split_at_mut(1);
    let mut events: Vec<Event> = Vec::new();
    let mut intents = Vec::new();
    let record = play_logged(
        &scen,
        [a[0].as_mut(), b[0].as_mut()],
        seed,
        args.game,
        MAX_ACTIONS,
        &mut events,
        Some(&mut intents),
    );
    let mut turns = by_player_turn(&scen, events, args.brief);
    for (turn, side, said) in intents {
        let id = &scen.side(side).id;
        if let Some(t) = turns.iter_mut().find(|t| t.turn == turn && &t.side == id) {
            t.intent = said;
        }
    }
    Ok(Replay {
        scenario: scen.name().to_string(),
        seed,
        game: args.game,
        players,
        turns,
        record,
        explain: args.explain,
    })
}

/// Splits the events at each player-turn's first phase.
fn by_player_turn(scen: &Scenario, events: Vec<Event>, brief: bool) -> Vec<PlayerTurn> {
    let mut turns: Vec<PlayerTurn> = Vec::new();
    let mut current: Option<(u8, Side)> = None;
    // Arrivals come just before their player-turn's first phase.
    let mut early: Vec<Event> = Vec::new();
    let mut all = Vec::with_capacity(events.len());
    for e in events {
        match e {
            Event::Arrived { .. } | Event::Delayed { .. } | Event::Landing { .. } => early.push(e),
            Event::PhaseBegan { .. } => {
                all.push(e);
                all.append(&mut early);
            }
            e => all.push(e),
        }
    }
    all.append(&mut early);
    for e in all {
        if let Event::PhaseBegan { turn, side, .. } = &e {
            if current != Some((*turn, *side)) {
                current = Some((*turn, *side));
                turns.push(PlayerTurn {
                    turn: *turn,
                    side: scen.side(*side).id.clone(),
                    intent: Vec::new(),
                    lines: Vec::new(),
                    events: Vec::new(),
                });
            }
        }
        if turns.is_empty() {
            turns.push(PlayerTurn {
                turn: 1,
                side: scen.side(Side(0)).id.clone(),
                intent: Vec::new(),
                lines: Vec::new(),
                events: Vec::new(),
            });
        }
        let quiet = matches!(
            e,
            Event::ControlChanged { .. }
                | Event::PhaseBegan {
                    phase: PhaseKind::Supply
                        | PhaseKind::Rail
                        | PhaseKind::Naval
                        | PhaseKind::Rally,
                    ..
                }
        );
        let t = turns.last_mut().expect("pushed above");
        if !(brief && quiet) {
            t.lines.push(e.describe(scen));
        }
        t.events.push(e);
    }
    turns
}

impl fmt::Display for Replay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = &self.record;
        writeln!(
            f,
            "{} game {} of seed {}: {} vs {} (game seed {})",
            self.scenario, self.game, self.seed, self.players[0], self.players[1], r.game_seed
        )?;
        for t in &self.turns {
            if self.explain && t.intent.is_empty() {
                continue;
            }
            writeln!(f, "\n== turn {}, {}", t.turn, t.side)?;
            for l in &t.intent {
                writeln!(f, "  intent: {l}")?;
            }
            if !self.explain {
                for l in &t.lines {
                    writeln!(f, "  {l}")?;
                }
            }
        }
        if self.explain && self.turns.iter().all(|t| t.intent.is_empty()) {
            writeln!(
                f,
                "\n(neither player states its intent: {} vs {})",
                self.players[0], self.players[1]
            )?;
        }
        Ok(())
    }
}
