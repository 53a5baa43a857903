//! A game's events put in the player-turn they belong to, in the order a
//! log tells them ([`TurnCursor`]), for the play page's log and `hexwar
//! replay`.
//!
//! The engine starts a player-turn (reinforcements, the hexes they take,
//! landings) before it gives off the first `PhaseBegan` of that
//! player-turn. Told in that order, those events would sit under the
//! player-turn that just ended. The cursor holds them back and tells them
//! right after the phase start that opens their player-turn.

use hexwar_engine::{Event, Scenario, Side};

/// Which player-turn the events seen so far have reached, and the events
/// of a player-turn's start held back until its first phase begins.
#[derive(Clone, Debug)]
pub struct TurnCursor {
    turn: u8,
    side: Side,
    /// Held back: the player-turn they belong to, and the events.
    held: Option<(u8, Side, Vec<Event>)>,
}

impl Default for TurnCursor {
    fn default() -> Self {
        TurnCursor::new()
    }
}

impl TurnCursor {
    /// Before the game's first phase: turn 0, the second side.
    pub fn new() -> TurnCursor {
        TurnCursor::at(0, Side(1))
    }

    /// In the player-turn `(turn, side)` (a game loaded at that point).
    pub fn at(turn: u8, side: Side) -> TurnCursor {
        TurnCursor {
            turn,
            side,
            held: None,
        }
    }

    /// The player-turn of the last phase begun.
    pub fn now(&self) -> (u8, Side) {
        (self.turn, self.side)
    }

    /// One batch of events (one action's, or a game's) in log order, each
    /// with its game turn and phasing side. Events of a player-turn's
    /// start come after its first `PhaseBegan`; any still held when the
    /// batch ends (the game ended before the phase began) come last.
    pub fn place(&mut self, scen: &Scenario, events: &[Event]) -> Vec<(u8, Side, Event)> {
        let mut out = Vec::with_capacity(events.len());
        for e in events {
            match e {
                Event::PhaseBegan { turn, side, .. } => {
                    self.turn = *turn;
                    self.side = *side;
                    out.push((*turn, *side, e.clone()));
                    if let Some((_, _, held)) = self.held.take() {
                        out.extend(held.into_iter().map(|h| (*turn, *side, h)));
                    }
                }
                Event::Arrived { unit, .. }
                | Event::Delayed { unit, .. }
                | Event::Landing { unit, .. }
                    if self.held.is_none() =>
                {
                    let s = scen.unit(*unit).side;
                    // The side after the one now phasing: the same turn
                    // for the second side, the next turn for the first.
                    let turn = if s.index() > self.side.index() {
                        self.turn
                    } else {
                        self.turn.saturating_add(1)
                    };
                    self.held = Some((turn, s, vec![e.clone()]));
                }
                e => match &mut self.held {
                    Some((_, _, held)) => held.push(e.clone()),
                    None => out.push((self.turn, self.side, e.clone())),
                },
            }
        }
        if let Some((turn, side, held)) = self.held.take() {
            out.extend(held.into_iter().map(|h| (turn, side, h)));
        }
        out
    }
}
