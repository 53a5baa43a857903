//! The interpreter: a [`Fixture`] holds the game a script is playing, and
//! hands each directive to the family that knows it.

use hexwar_engine::{Action, ActionError, Event, GameState, HexId, Scenario, Side, UnitId};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// A fixture being run: its scenario, the game so far, and the directive
/// at hand (for messages).
pub(super) struct Fixture {
    pub(super) scen: Scenario,
    pub(super) state: GameState,
    pub(super) rng: Xoshiro256PlusPlus,
    /// What the last action gave off (for `emitted` and `quiet`).
    pub(super) events: Vec<Event>,
    /// The fixture's file name.
    pub(super) name: String,
    /// ``FILE:LINE: `DIRECTIVE` ``, which every failure message starts with.
    pub(super) at: String,
}

impl Fixture {
    /// The scenario's start, the RNG seeded with 0.
    pub(super) fn new(scen: Scenario, name: &str) -> Self {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
        let mut events = Vec::new();
        let state = GameState::new_with(&scen, &mut rng, &mut events);
        Fixture {
            scen,
            state,
            rng,
            events,
            name: name.to_string(),
            at: String::new(),
        }
    }

    /// Runs directive `d` (a `#!` line's text after the `#!`), from `line`.
    pub(super) fn run(&mut self, line: usize, d: &str) {
        self.at = format!("{}:{line}: `{}`", self.name, d.trim());
        let w: Vec<&str> = d.split_whitespace().collect();
        let known = self.movement(&w)
            || self.supply(&w)
            || self.rail(&w)
            || self.actions(&w)
            || self.pools(&w)
            || self.game(&w)
            || self.events(&w);
        if !known {
            panic!("{}: unknown directive", self.at);
        }
    }

    /// The unit with this id.
    pub(super) fn unit(&self, id: &str) -> UnitId {
        self.scen
            .unit_by_id(id)
            .unwrap_or_else(|| panic!("{}: no unit {id}", self.name))
    }

    /// The hex with this label.
    pub(super) fn hex(&self, label: &str) -> HexId {
        self.scen
            .grid()
            .parse(label)
            .unwrap_or_else(|e| panic!("{}: {e}", self.name))
    }

    /// The side with this id.
    pub(super) fn side(&self, id: &str) -> Side {
        self.scen
            .side_by_name(id)
            .unwrap_or_else(|| panic!("{}: no side {id}", self.at))
    }

    /// A unit's id, as fixtures write it.
    pub(super) fn id(&self, u: UnitId) -> String {
        self.scen.unit(u).id.clone()
    }

    /// A side's id, or `none`.
    pub(super) fn side_id(&self, s: Option<Side>) -> String {
        s.map_or("none".to_string(), |s| self.scen.side(s).id.clone())
    }

    /// A hex's label.
    pub(super) fn label(&self, h: HexId) -> String {
        self.scen.grid().label(h)
    }

    /// Hexes' labels, in order.
    pub(super) fn labels(&self, hexes: &[HexId]) -> Vec<String> {
        hexes.iter().map(|h| self.label(*h)).collect()
    }

    /// Applies a legal action, its events replacing the last ones.
    pub(super) fn apply(&mut self, a: Action) {
        self.events.clear();
        if let Err(e) = self
            .state
            .apply(&self.scen, a, &mut self.rng, &mut self.events)
        {
            panic!("{}: refused: {}", self.at, e.describe(&self.scen));
        }
    }

    /// Tries an action that must be refused; checks it left the state
    /// untouched and gives the reason. The last events stay.
    pub(super) fn refuse(&mut self, a: Action) -> ActionError {
        let before = self.state.clone();
        let Err(e) = self.state.apply(&self.scen, a, &mut self.rng, &mut ()) else {
            panic!("{}: was accepted", self.at);
        };
        assert_eq!(
            self.state, before,
            "{}: a refused action changed the state",
            self.at
        );
        e
    }
}
