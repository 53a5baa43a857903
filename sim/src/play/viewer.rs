//! The replay viewer: a game record played back once through the engine,
//! every position kept, so the page can step through it action by action
//! or player-turn by player-turn, with each player-turn's dice, losses
//! and stated intent ([`Viewer`]). While it is open the game waits
//! underneath: `/api/state`, `/api/scenario` and `/map.svg` show the
//! replayed game, actions are refused.

use std::sync::Arc;

use hexwar_engine::{Event, GameState, Scenario};
use serde::Serialize;

use super::scenario_json::{ScenarioJson, scenario_json};
use super::state_json::{self, DiceJson, LogEntry, StateContext, StateJson};
use crate::draw::map_svg;
use crate::record::log::TurnCursor;
use crate::record::{Record, RecordError};

/// Where the viewer stands, in the state it shows.
#[derive(Clone, Debug, Serialize)]
pub struct ReplayAt {
    /// Actions played so far (0: the start).
    pub step: usize,
    /// Actions in the game.
    pub steps: usize,
    /// The player-turn of the last action played (the first at the
    /// start), an index into `/api/replay`'s `turns`.
    pub turn_index: usize,
}

/// A combat or charge of a player-turn, with its dice.
#[derive(Clone, Debug, Serialize)]
pub struct CombatLine {
    /// The event as the log tells it (a charge's roll is in its words).
    pub text: String,
    /// A combat's dice.
    pub dice: Option<DiceJson>,
}

/// One player-turn of the replayed game.
#[derive(Clone, Debug, Serialize)]
pub struct TurnSummary {
    /// Game turn.
    pub turn: u8,
    /// Phasing side's id.
    pub side: String,
    /// The step where it begins (before its first action).
    pub from: usize,
    /// The step after its last action.
    pub to: usize,
    /// What the phasing player said it meant.
    pub intent: Vec<String>,
    /// Its combats and their dice.
    pub combats: Vec<CombatLine>,
    /// Steps lost per side (combat, retreat, attrition, charges).
    pub steps_lost: [u16; 2],
    /// Morale lost per side.
    pub morale_lost: [u16; 2],
}

/// `GET /api/replay`.
#[derive(Clone, Debug, Serialize)]
pub struct ReplayJson {
    /// A replay is open.
    pub open: bool,
    /// What is being replayed, for people.
    pub source: String,
    /// Scenario name.
    pub scenario: String,
    /// The record's master seed.
    pub seed: u64,
    /// The game's index under it.
    pub game: u64,
    /// Who played each side.
    pub players: Option<[String; 2]>,
    /// Actions in the game.
    pub steps: usize,
    /// Where the viewer stands.
    pub step: usize,
    /// Player-turn by player-turn.
    pub turns: Vec<TurnSummary>,
    /// Games in the run folder the page may open (`hexwar play --replay
    /// DIR`), if one was named.
    pub run_games: Option<u64>,
}

/// A record played back, every position kept.
pub struct Viewer {
    pub(super) scen: Arc<Scenario>,
    pub(super) map_svg: String,
    pub(super) record: Record,
    source: String,
    states: Vec<GameState>,
    log: Vec<LogEntry>,
    /// Log entries told by each step.
    log_len: Vec<usize>,
    turns: Vec<TurnSummary>,
    pub(super) step: usize,
    version: u64,
}

impl Viewer {
    /// Plays `record` back against `scen`; the viewer stands at its end.
    pub fn open(
        scen: Arc<Scenario>,
        record: Record,
        source: String,
    ) -> Result<Viewer, RecordError> {
        let mut states = Vec::with_capacity(record.actions.len() + 1);
        let mut log = Vec::new();
        let mut log_len = Vec::with_capacity(record.actions.len() + 1);
        let mut cursor = TurnCursor::new();
        let mut turns: Vec<TurnSummary> = Vec::new();
        let mut first = true;
        record.replay(&scen, |i, st, events| {
            if first {
                first = false;
                if record.start.is_some() {
                    cursor = TurnCursor::at(st.turn(), st.active_side());
                }
            }
            let step = i.map_or(0, |i| i + 1);
            // The player-turn that acted: the one of the position before.
            if let Some(prev) = states.last() {
                note_action(&scen, prev, step, &mut turns);
            }
            for (turn, side, e) in cursor.place(&scen, events) {
                let t = turn_of(&scen, &mut turns, turn, side, step);
                tally(&scen, t, &e);
                log.push(state_json::log_entry(&scen, turn, side, &e));
            }
            states.push(st.clone());
            log_len.push(log.len());
        })?;
        for t in &mut turns {
            t.intent = record.intent(t.turn, &t.side).unwrap_or_default().to_vec();
        }
        let step = states.len() - 1;
        Ok(Viewer {
            map_svg: map_svg::render_map(&scen),
            scen,
            record,
            source,
            states,
            log,
            log_len,
            turns,
            step,
            version: 0,
        })
    }

    /// Moves to `step` (clamped to the game).
    pub fn goto(&mut self, step: usize) {
        self.step = step.min(self.states.len() - 1);
        self.version += 1;
    }

    /// The player-turn shown at the current step: the one whose action
    /// led to it (the first at the start).
    fn turn_index(&self) -> usize {
        let k = self.step;
        self.turns
            .iter()
            .position(|t| t.from < k && k <= t.to)
            .unwrap_or(0)
    }

    /// The state shown, as `GET /api/state` gives it.
    pub fn state_json(&self) -> StateJson {
        let st = &self.states[self.step];
        let ti = self.turn_index();
        let intent = self
            .turns
            .get(ti)
            .map(|t| t.intent.clone())
            .unwrap_or_default();
        let mut j = state_json::state_json(
            &self.scen,
            st,
            &StateContext {
                version: self.version,
                seed: self.record.seed,
                // Nobody's turn: no unit may act.
                human: st.active_side().other(),
                log: &self.log[..self.log_len[self.step]],
                intent: &intent,
                undo: 0,
                redo: 0,
            },
        );
        j.your_turn = false;
        j.replay = Some(ReplayAt {
            step: self.step,
            steps: self.states.len() - 1,
            turn_index: ti,
        });
        j
    }

    /// `GET /api/replay`.
    pub fn replay_json(&self, run_games: Option<u64>) -> ReplayJson {
        ReplayJson {
            open: true,
            source: self.source.clone(),
            scenario: self.scen.name().to_string(),
            seed: self.record.seed,
            game: self.record.game,
            players: self.record.players.clone(),
            steps: self.states.len() - 1,
            step: self.step,
            turns: self.turns.clone(),
            run_games,
        }
    }

    /// `GET /api/scenario` while the viewer is open.
    pub fn scenario_json(&self) -> ScenarioJson {
        let ai = self
            .record
            .players
            .as_ref()
            .map_or_else(|| "replay".to_string(), |p| p.join(" vs "));
        scenario_json(&self.scen, hexwar_engine::Side(0), &ai)
    }

    /// The record cut after the current step (to play on from here).
    pub fn record_to_here(&self) -> Record {
        let mut r = self.record.clone();
        r.actions.truncate(self.step);
        let st = &self.states[self.step];
        r.intents.retain(|i| i.turn < st.turn());
        r.position = None;
        r
    }
}

/// The player-turn `(turn, side)` in `turns`, added (beginning at `step`)
/// when it is not the last one.
fn turn_of<'a>(
    scen: &Scenario,
    turns: &'a mut Vec<TurnSummary>,
    turn: u8,
    side: hexwar_engine::Side,
    step: usize,
) -> &'a mut TurnSummary {
    let id = &scen.side(side).id;
    let last = turns
        .last()
        .is_some_and(|t| t.turn == turn && &t.side == id);
    if !last {
        turns.push(TurnSummary {
            turn,
            side: id.clone(),
            from: step,
            to: step,
            intent: Vec::new(),
            combats: Vec::new(),
            steps_lost: [0; 2],
            morale_lost: [0; 2],
        });
    }
    turns.last_mut().expect("pushed above")
}

/// Action `step` was played from `prev`: its player-turn reaches `step`.
fn note_action(scen: &Scenario, prev: &GameState, step: usize, turns: &mut [TurnSummary]) {
    let id = &scen.side(prev.active_side()).id;
    if let Some(t) = turns
        .iter_mut()
        .rev()
        .find(|t| t.turn == prev.turn() && &t.side == id)
    {
        t.to = step;
    }
}

/// Counts a player-turn's combats and losses.
fn tally(scen: &Scenario, t: &mut TurnSummary, e: &Event) {
    match e {
        Event::Combat { roll, .. } => t.combats.push(CombatLine {
            text: e.describe(scen),
            dice: Some(DiceJson {
                roll: roll.die,
                modified: roll.modified,
                result: roll.result.to_string(),
            }),
        }),
        Event::Charged { .. } => t.combats.push(CombatLine {
            text: e.describe(scen),
            dice: None,
        }),
        Event::StepLost { unit, .. } => t.steps_lost[scen.unit(*unit).side.index()] += 1,
        Event::MoraleLost { unit, .. } => t.morale_lost[scen.unit(*unit).side.index()] += 1,
        _ => {}
    }
}
