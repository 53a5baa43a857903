//! Helpers for the Malaya combat tests, shared by the test targets that
//! include this module (`mod field;`, next to `mod common;`, whose
//! [`load`](crate::common::load) reads the fixtures): a scripted die
//! ([`Script`]), a fixture's text grown per test ([`Field`]) and a game on a
//! scenario with only the listed units on the map ([`Game`]). Each target
//! uses a subset of them, and adds its own methods to [`Game`] in an
//! `impl Game` block of its own.

#![allow(dead_code)]

use std::collections::VecDeque;

use hexwar_engine::combat::{self, Chance, NoAttack};
use hexwar_engine::save::SavedGame;
use hexwar_engine::{
    Action, ActionError, Event, GameState, HexId, PhaseKind, Scenario, Side, SupplyState, UnitId,
};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Die faces and choices, in order: `roll(6)` takes `face - 1`.
pub struct Script(pub VecDeque<usize>);

impl Chance for Script {
    fn pick(&mut self, n: usize) -> usize {
        let c = self.0.pop_front().expect("an unexpected random choice");
        assert!(c < n, "scripted choice {c} out of 0..{n}");
        c
    }
}

/// The script of these choices.
pub fn script(v: &[usize]) -> Script {
    Script(v.iter().copied().collect())
}

/// The fixture's text, grown: terrain per hex, hexside lists, routes.
///
/// The fixture's terrain block is 8 rows of 10 clear hexes (`c`), replaced
/// by the grown terrain when the scenario is loaded ([`Field::scen`]).
pub struct Field {
    src: String,
    rows: Vec<Vec<char>>,
    name: String,
}

impl Field {
    /// The fixture `fixture`, to be loaded as the scenario `name`.
    pub fn load(fixture: &str, name: &str) -> Field {
        let src = crate::common::load(fixture).1;
        let rows = vec![vec!['c'; 10]; 8];
        Field {
            src,
            rows,
            name: name.to_string(),
        }
    }

    /// Hex `label` is of terrain `code`.
    pub fn hex(mut self, label: &str, code: char) -> Field {
        let c: usize = label[..2].parse().unwrap();
        let r: usize = label[2..].parse().unwrap();
        self.rows[r - 1][c - 1] = code;
        self
    }

    /// Every hex of column `col` is of terrain `code`.
    pub fn column(mut self, col: usize, code: char) -> Field {
        for r in 0..8 {
            self.rows[r][col - 1] = code;
        }
        self
    }

    /// The hexside list `kind` (river, stream, bridge, ford) is `list`.
    pub fn sides(mut self, kind: &str, list: &[&str]) -> Field {
        let quoted: Vec<String> = list.iter().map(|s| format!("\"{s}\"")).collect();
        let from = format!("{kind} = []");
        assert!(self.src.contains(&from), "{from}");
        self.src = self
            .src
            .replacen(&from, &format!("{kind} = [{}]", quoted.join(", ")), 1);
        self
    }

    /// A route of `kind` through `hexes`.
    pub fn route(mut self, kind: &str, name: &str, hexes: &[&str]) -> Field {
        let quoted: Vec<String> = hexes.iter().map(|s| format!("\"{s}\"")).collect();
        self.src = self.src.replacen(
            "\n[supply]\n",
            &format!(
                "\n[[routes]]\nkind = \"{kind}\"\nname = \"{name}\"\nhexes = [{}]\n\n[supply]\n",
                quoted.join(", ")
            ),
            1,
        );
        self
    }

    /// Any other change to the text.
    pub fn text(mut self, from: &str, to: &str) -> Field {
        assert!(self.src.contains(from), "{from}");
        self.src = self.src.replacen(from, to, 1);
        self
    }

    /// Text added at the end of the file (more units).
    pub fn append(mut self, more: &str) -> Field {
        self.src.push('\n');
        self.src.push_str(more);
        self
    }

    /// The scenario of the grown text.
    pub fn scen(&self) -> Scenario {
        let block: Vec<String> = self
            .rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let clear = ["c c c c c c c c c c"; 8].join("\n");
        let src = self.src.replacen(&clear, &block.join("\n"), 1);
        Scenario::from_toml(&src, &self.name).unwrap_or_else(|e| panic!("{e}"))
    }
}

/// A game on a scenario with only the listed units on the map, played with
/// a seeded RNG.
pub struct Game {
    pub scen: Scenario,
    pub st: GameState,
    pub rng: Xoshiro256PlusPlus,
}

impl Game {
    /// `scen` with only the listed units on the map (`(id, hex)`; units
    /// arriving later stay in the pool), `tweak` applied to the saved game:
    /// Blue's Movement Phase of turn 1.
    pub fn placed(
        scen: Scenario,
        units: &[(&str, &str)],
        tweak: impl FnOnce(&mut SavedGame),
    ) -> Game {
        let g = Game::loaded(scen, units, tweak);
        assert_eq!(g.st.phase(&g.scen), PhaseKind::Movement);
        g
    }

    /// `scen` with only the listed units on the map (`(id, hex)`; units
    /// arriving later stay in the pool), `tweak` applied to the saved game,
    /// then Blue's Movement Phase ended.
    pub fn with(
        scen: Scenario,
        units: &[(&str, &str)],
        tweak: impl FnOnce(&mut SavedGame),
    ) -> Game {
        let mut g = Game::loaded(scen, units, tweak);
        g.st.apply(&g.scen, Action::EndPhase, &mut g.rng, &mut ())
            .unwrap();
        g
    }

    /// The units placed and the rest taken off the map (steps 0) unless
    /// they arrive after turn 1, through a saved game, and `tweak` applied.
    fn loaded(scen: Scenario, units: &[(&str, &str)], tweak: impl FnOnce(&mut SavedGame)) -> Game {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let st = GameState::new(&scen, &mut rng);
        let mut saved = st.to_saved(&scen);
        for (i, su) in saved.units.iter_mut().enumerate() {
            match units.iter().find(|(id, _)| *id == su.id) {
                Some((_, hex)) => su.hex = Some(hex.to_string()),
                None if scen.units()[i].arrives <= 1 => {
                    su.hex = None;
                    su.steps = 0;
                }
                None => {}
            }
        }
        tweak(&mut saved);
        let st = GameState::from_saved_unchecked(&scen, &saved).unwrap();
        Game { scen, st, rng }
    }

    pub fn u(&self, id: &str) -> UnitId {
        self.scen.unit_by_id(id).unwrap()
    }

    pub fn h(&self, label: &str) -> HexId {
        self.scen.grid().parse(label).unwrap()
    }

    pub fn label(&self, h: HexId) -> String {
        self.scen.grid().label(h)
    }

    pub fn act(&mut self, a: Action) -> Result<(), ActionError> {
        self.st.apply(&self.scen, a, &mut self.rng, &mut ())
    }

    pub fn attack(&mut self, id: &str, hex: &str) {
        let a = Action::Attack {
            unit: self.u(id),
            target: self.h(hex),
        };
        self.act(a)
            .unwrap_or_else(|e| panic!("{id} attacks {hex}: {}", e.describe(&self.scen)));
    }

    pub fn can_attack(&self, id: &str, hex: &str) -> Result<(), NoAttack> {
        combat::can_attack(&self.scen, &self.st, self.u(id), self.h(hex))
    }

    /// Rolls the declared attack with scripted chance; returns the events.
    pub fn roll(&mut self, air: u8, choices: &[usize]) -> Vec<Event> {
        let mut events = Vec::new();
        let mut s = script(choices);
        self.st
            .check(&self.scen, Action::Resolve { air })
            .unwrap_or_else(|e| panic!("resolve: {}", e.describe(&self.scen)));
        self.st.resolve_combat(&self.scen, air, &mut s, &mut events);
        assert!(s.0.is_empty(), "script not used up: {:?}", s.0);
        events
    }

    pub fn steps(&self, id: &str) -> u8 {
        self.st.unit(self.u(id)).steps
    }

    /// Where `id` stands: its hex's label, or `off`.
    pub fn at(&self, id: &str) -> String {
        let h = self.st.unit(self.u(id)).hex;
        if h.is_some() {
            self.label(h)
        } else {
            "off".into()
        }
    }

    pub fn legal(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.st.legal_actions(&self.scen, &mut v);
        v
    }

    /// The hexes `id` retreated through, by the events.
    pub fn path(&self, ev: &[Event], id: &str) -> Option<Vec<String>> {
        let unit = self.u(id);
        ev.iter().find_map(|e| match e {
            Event::Retreated { unit: u, path, .. } if *u == unit => {
                Some(path.iter().map(|h| self.label(*h)).collect())
            }
            _ => None,
        })
    }

    /// Steps `id` lost in these events.
    pub fn lost(&self, ev: &[Event], id: &str) -> usize {
        let unit = self.u(id);
        ev.iter()
            .filter(|e| matches!(e, Event::StepLost { unit: u, .. } if *u == unit))
            .count()
    }

    /// Ends phases until `side`'s `phase` of `turn`.
    pub fn until(&mut self, side: Side, phase: PhaseKind, turn: u8) {
        for _ in 0..40 {
            if self.st.active_side() == side
                && self.st.phase(&self.scen) == phase
                && self.st.turn() == turn
            {
                return;
            }
            self.act(Action::EndPhase).unwrap();
        }
        panic!("never reached {side:?} {phase:?} {turn}");
    }
}

/// The saved unit `id`'s supply state is `state`.
pub fn set_supply(s: &mut SavedGame, id: &str, state: SupplyState) {
    s.units.iter_mut().find(|u| u.id == id).unwrap().supply = state;
}
