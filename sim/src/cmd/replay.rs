//! `hexwar replay`: one game of a batch, played again from its seed and
//! index, or a game record read from a file, told turn by turn (moves,
//! supply, combats with their dice, retreats, losses), so a surprising
//! game can be read. The game is its record ([`crate::record`]): the
//! batch game is played again to write it down (`--out` saves it, for the
//! play page's Load or its replay viewer), then the record is played back
//! through the engine and told.

use std::fmt;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use hexwar_engine::{Event, PhaseKind, Scenario, Side, builtin};
use serde::Serialize;

use super::emit_report;
use crate::batch::GameRecord;
use crate::error::Error;
use crate::files;
use crate::record::log::TurnCursor;
use crate::record::{self, GameFile, GameFileError, Record, RecordError};
use crate::scenario::LoadedScenario;

/// The arguments of `hexwar replay`.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct Args {
    /// Built-in scenario name or .toml path (default: malaya, or the one
    /// the --record file names).
    #[arg(long)]
    pub scenario: Option<String>,
    /// The batch's master seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The game's index in the batch.
    #[arg(long, required_unless_present = "record", conflicts_with = "record")]
    pub game: Option<u64>,
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
    /// A game record (as the play page's Save or --out writes it) to tell
    /// instead of a batch game.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["run", "seed", "blue", "red"])]
    pub record: Option<PathBuf>,
    /// Write the game's record to this file (JSON): the play page loads
    /// it, or shows it in its replay viewer (`hexwar play --replay FILE`).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
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
    /// The game's result row, as in `games.csv` (a batch game only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<GameRecord>,
    /// Turn by turn.
    pub turns: Vec<PlayerTurn>,
    /// Printed as intents only (`--explain`).
    #[serde(skip)]
    pub explain: bool,
}

/// The game's record: a batch game played again, or a record file read.
fn game_record(args: &Args) -> Result<(Arc<Scenario>, Record, Option<GameRecord>), Error> {
    if let Some(path) = &args.record {
        let GameFile::Record(rec) = record::read(path)? else {
            return Err(GameFileError::Invalid {
                path: path.clone(),
                source: RecordError::NoActions,
            }
            .into());
        };
        let spec = args.scenario.as_deref().unwrap_or(&rec.scenario);
        let scen = LoadedScenario::load(spec)?.scenario;
        return Ok((scen, *rec, None));
    }
    let game = args.game.unwrap_or(0);
    if let Some(dir) = &args.run {
        let (loaded, rec, row) = record::from_run(dir, game)?;
        return Ok((loaded.scenario, rec, Some(row)));
    }
    let spec = args.scenario.as_deref().unwrap_or(builtin::DEFAULT);
    let scen = LoadedScenario::load(spec)?.scenario;
    let (rec, row) = record::from_batch(&scen, [&args.blue, &args.red], args.seed, game)?;
    Ok((scen, rec, Some(row)))
}

/// Plays the game back from its record and keeps its log.
pub fn replay(args: &Args) -> Result<Replay, Error> {
    let (scen, rec, row) = game_record(args)?;
    if let Some(out) = &args.out {
        files::write(out, serde_json::to_string_pretty(&rec)? + "\n")?;
        eprintln!("record written to {}", out.display());
    }
    let mut events: Vec<Event> = Vec::new();
    let played = rec.replay(&scen, |_, _, e| events.extend_from_slice(e));
    played.map_err(|source| GameFileError::Invalid {
        path: args
            .record
            .clone()
            .unwrap_or_else(|| PathBuf::from("the replayed game")),
        source,
    })?;
    let mut cursor = match &rec.start {
        Some(s) => TurnCursor::at(s.turn, scen.side_by_name(&s.side).unwrap_or(Side(0))),
        None => TurnCursor::new(),
    };
    let mut turns = by_player_turn(&scen, &mut cursor, events, args.brief);
    for t in &mut turns {
        if let Some(said) = rec.intent(t.turn, &t.side) {
            t.intent = said.to_vec();
        }
    }
    let players = rec.players.clone().unwrap_or_else(|| {
        [
            crate::play::PERSON.to_string(),
            crate::play::PERSON.to_string(),
        ]
    });
    Ok(Replay {
        scenario: scen.name().to_string(),
        seed: rec.seed,
        game: rec.game,
        players,
        turns,
        record: row,
        explain: args.explain,
    })
}

/// Groups the events by the player-turn they belong to ([`TurnCursor`]).
fn by_player_turn(
    scen: &Scenario,
    cursor: &mut TurnCursor,
    events: Vec<Event>,
    brief: bool,
) -> Vec<PlayerTurn> {
    let mut turns: Vec<PlayerTurn> = Vec::new();
    for (turn, side, e) in cursor.place(scen, &events) {
        // Before the first phase: the set-up, told under the first player-turn.
        let (turn, side) = if turn == 0 {
            (1, Side(0))
        } else {
            (turn, side)
        };
        let id = &scen.side(side).id;
        if !turns
            .last()
            .is_some_and(|t| t.turn == turn && &t.side == id)
        {
            turns.push(PlayerTurn {
                turn,
                side: id.clone(),
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
        write!(
            f,
            "{} game {} of seed {}: {} vs {}",
            self.scenario, self.game, self.seed, self.players[0], self.players[1]
        )?;
        match &self.record {
            Some(r) => writeln!(f, " (game seed {})", r.game_seed)?,
            None => writeln!(f)?,
        }
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
