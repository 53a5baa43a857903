//! Undo and redo of the person's actions within the current phase, as
//! long as no die was rolled ([`Undo`]).
//!
//! Before each of the person's actions the session keeps what the action
//! may change: the position, the dice, the log's and the record's length,
//! the log's cursor. Undo puts them back as they were, exactly: nothing
//! is computed in reverse. An action that rolled a die (the dice moved on)
//! or left the phase forgets everything kept, so a roll can never be
//! taken back; so does any AI action. Redo plays an undone action again
//! through the checked `apply`; since it rolled no die, it gives the same
//! position. A new action forgets what could be redone. The rail
//! take-back of MAL-RAIL-6 is a rule of its own, an action (`undo_rail`),
//! and stays one.

use hexwar_ai::AiRng;
use hexwar_engine::{Action, GameState};

use super::api::{Refusal, refuse};
use super::session::Session;
use super::state_json::LogEntry;
use crate::record::log::TurnCursor;

/// What an action may change, kept before it.
pub(super) struct Snapshot {
    state: GameState,
    dice: AiRng,
    log: usize,
    cursor: TurnCursor,
    actions: usize,
}

/// The undo and redo stacks.
#[derive(Default)]
pub(super) struct Undo {
    done: Vec<Snapshot>,
    undone: Vec<Action>,
}

impl Undo {
    /// Actions that can be taken back.
    pub(super) fn undo_len(&self) -> usize {
        self.done.len()
    }

    /// Actions that can be played again.
    pub(super) fn redo_len(&self) -> usize {
        self.undone.len()
    }

    /// Forgets what could be redone (a new action).
    pub(super) fn clear_redo(&mut self) {
        self.undone.clear();
    }

    /// After an action: keeps `before` while the phase is the same and the
    /// dice did not move; otherwise forgets everything kept.
    pub(super) fn after_action(&mut self, before: Snapshot, now: &GameState, dice: &AiRng) {
        let same_phase = (now.turn(), now.active_side(), now.phase_index())
            == (
                before.state.turn(),
                before.state.active_side(),
                before.state.phase_index(),
            );
        if before.dice == *dice && same_phase && !now.is_over() {
            self.done.push(before);
        } else {
            self.done.clear();
            self.undone.clear();
        }
    }
}

impl Session {
    /// What the person's next action may change.
    pub(super) fn snapshot(&self) -> Snapshot {
        Snapshot {
            state: self.state.clone(),
            dice: self.dice.clone(),
            log: self.log.len(),
            cursor: self.cursor.clone(),
            actions: self.record.actions.len(),
        }
    }

    /// Takes back the person's last action of this phase.
    pub(super) fn undo_action(&mut self) -> Result<(), Refusal> {
        self.live()?;
        let Some(s) = self.undo.done.pop() else {
            return refuse(
                409,
                "nothing to undo: only actions of this phase since the last die roll can be taken back",
            );
        };
        let n = s.actions;
        let last = self
            .record
            .actions
            .get(n)
            .and_then(|a| a.to_action(&self.scen).ok());
        self.state = s.state;
        self.dice = s.dice;
        self.log.truncate(s.log);
        self.cursor = s.cursor;
        self.record.actions.truncate(n);
        if let Some(a) = last {
            self.undo.undone.push(a);
        }
        self.version += 1;
        Ok(())
    }

    /// Plays the last undone action again.
    pub(super) fn redo_action(&mut self) -> Result<Vec<LogEntry>, Refusal> {
        self.live()?;
        let Some(&a) = self.undo.undone.last() else {
            return refuse(409, "nothing to redo");
        };
        let events = self.apply_person(a)?;
        self.undo.undone.pop();
        Ok(events)
    }
}
