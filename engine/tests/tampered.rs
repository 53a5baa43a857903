//! Tampered saved games: each case takes a real position of a built-in
//! scenario (found by playing seeded games of uniformly chosen legal
//! actions), saves it, changes one thing a hand or a forged request could,
//! and checks `GameState::from_saved` refuses it with a message naming
//! what is wrong. The untouched save loads, so each refusal is the
//! change's. Among the cases: every item the hardening review found the
//! loader accepting (a reinforcement early, a 0-step unit on the map,
//! `steps_lost` 65535, a fabricated result, control of a hex holding enemy
//! units, air points, morale and strength losses of 255, arbitrary flags
//! and event counts, `attack_target`, `advance_hex` and `rail_moves` that
//! do not fit the phase, supply points in a binary-supply scenario,
//! `mp_spent` that is not a sixth).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use hexwar_engine::save::SavedGame;
use hexwar_engine::state::UnitFlags;
use hexwar_engine::{
    Action, GameState, HexId, PhaseKind, Scenario, Side, SupplyState, UnitId, builtin,
};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A kind of position to tamper with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum At {
    /// Turn 1, the first decision (nothing done yet).
    Start,
    /// A Movement Phase with a unit of the phasing side moved.
    Moved,
    /// A Movement Phase with a unit that has charged (morne-plaine).
    Charged,
    /// A Rail Phase with a rail move made.
    Railed,
    /// A Rail Phase with a unit barred from rail by an adjacent enemy.
    Barred,
    /// An attack declared, not rolled.
    Declared,
    /// A hex emptied by combat, open to an advance.
    Advance,
    /// A Combat Phase after a combat, no attack declared, nothing open.
    Fought,
    /// A unit eliminated, the game going on.
    Eliminated,
    /// A unit out of supply in the graded model (eastfront).
    OutOfSupply,
    /// The game over.
    Over,
}

impl At {
    fn holds(self, scen: &Scenario, st: &GameState) -> bool {
        let over = st.is_over();
        let phase = (!over).then(|| st.phase(scen));
        let mine = |u: usize| scen.units()[u].side == st.active_side();
        let any = |f: &dyn Fn(usize) -> bool| (0..st.units().len()).any(f);
        match self {
            At::Start => true,
            At::Moved => {
                phase == Some(PhaseKind::Movement)
                    && any(&|i| mine(i) && st.units()[i].mp_spent.0 > 0)
            }
            At::Charged => any(&|i| st.units()[i].has(UnitFlags::CHARGED)),
            At::Railed => phase == Some(PhaseKind::Rail) && !st.rail_moves().is_empty(),
            At::Barred => {
                phase == Some(PhaseKind::Rail)
                    && any(&|i| st.units()[i].has(UnitFlags::RAIL_BARRED))
            }
            At::Declared => st.combat().target.is_some(),
            At::Advance => {
                st.combat().advance.is_some() && any(&|i| st.units()[i].has(UnitFlags::MAY_ADVANCE))
            }
            At::Fought => {
                phase == Some(PhaseKind::Combat)
                    && !st.combat().target.is_some()
                    && !st.combat().advance.is_some()
                    && scen.grid().hexes().any(|h| st.hex_attacked(h))
            }
            At::Eliminated => !over && any(&|i| st.units()[i].steps == 0),
            At::OutOfSupply => !over && any(&|i| st.units()[i].supply == SupplyState::Out),
            At::Over => over,
        }
    }
}

type Found = HashMap<(String, At), (Arc<Scenario>, GameState)>;

/// The first position of kind `at` in seeded games of `name`, found once.
fn position(name: &str, at: At) -> (Arc<Scenario>, GameState) {
    static FOUND: Mutex<Option<Found>> = Mutex::new(None);
    let key = (name.to_string(), at);
    if let Some(found) = FOUND.lock().unwrap().get_or_insert_default().get(&key) {
        return found.clone();
    }
    let scen = builtin::load(name).unwrap();
    let mut legal = Vec::new();
    for seed in 0..200 {
        let mut dice = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut pick = Xoshiro256PlusPlus::seed_from_u64(seed + 7919);
        let mut st = GameState::new(&scen, &mut dice);
        for _ in 0..100_000 {
            if at.holds(&scen, &st) {
                FOUND
                    .lock()
                    .unwrap()
                    .get_or_insert_default()
                    .insert(key, (scen.clone(), st.clone()));
                return (scen, st);
            }
            if st.is_over() {
                break;
            }
            st.legal_actions(&scen, &mut legal);
            let movement = st.phase(&scen) == PhaseKind::Movement;
            let charge = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Charge { .. }));
            let a = match charge {
                Some(c) if movement && pick.random_bool(0.5) => c,
                _ if movement && pick.random_bool(0.1) && legal.contains(&Action::EndPhase) => {
                    Action::EndPhase
                }
                _ => legal[pick.random_range(0..legal.len())],
            };
            st.apply(&scen, a, &mut dice, &mut ()).unwrap();
        }
    }
    panic!("no {at:?} position in {name}");
}

/// What a case may read while it tampers: the scenario and the position.
struct Ctx<'a> {
    scen: &'a Scenario,
    st: &'a GameState,
}

impl Ctx<'_> {
    /// The first unit satisfying `f`.
    fn unit(&self, f: impl Fn(UnitId) -> bool) -> usize {
        (0..self.st.units().len())
            .find(|&i| f(UnitId(i as u16)))
            .expect("a unit for the case")
    }
    fn side(&self, u: UnitId) -> Side {
        self.scen.unit(u).side
    }
    fn on_map(&self, u: UnitId) -> bool {
        self.st.unit(u).on_map()
    }
    fn phasing(&self, u: UnitId) -> bool {
        self.side(u) == self.st.active_side()
    }
    fn label(&self, h: HexId) -> String {
        self.scen.grid().label(h)
    }
    /// Sets the control cell of `h` in `s`.
    fn control(&self, s: &mut SavedGame, h: HexId, c: char) {
        let (col, row) = self.scen.grid().col_row(h);
        let line = &mut s.control[row as usize - 1];
        let mut cells: Vec<char> = line.chars().collect();
        cells[col as usize - 1] = c;
        *line = cells.into_iter().collect();
    }
    /// An empty hex a unit of `class` may stand in, next to `h`.
    fn empty_next_to(&self, h: HexId, class: u8) -> HexId {
        *self
            .scen
            .grid()
            .neighbours(h)
            .iter()
            .find(|n| {
                n.is_some()
                    && self.st.units_at(**n).next().is_none()
                    && self.scen.can_stand(**n, class)
            })
            .expect("an empty hex nearby")
    }
    /// A hex holding a unit of `side`.
    fn held_by(&self, side: Side) -> HexId {
        let u = self.unit(|u| self.side(u) == side && self.on_map(u));
        self.st.unit(UnitId(u as u16)).hex
    }
}

#[path = "tampered/cases.rs"]
mod cases;

use cases::CASES;

#[test]
fn every_tampered_save_is_refused_naming_what_is_wrong() {
    assert!(CASES.len() >= 40, "the corpus has {} cases", CASES.len());
    let mut failures = Vec::new();
    for (name, scenario, at, tamper, says) in CASES {
        let (scen, st) = position(scenario, *at);
        let scen = &*scen;
        let mut saved = st.to_saved(scen);
        if let Err(e) = GameState::from_saved(scen, &saved) {
            panic!("{name}: the untouched {at:?} position of {scenario} is refused: {e}");
        }
        tamper(&Ctx { scen, st: &st }, &mut saved);
        match GameState::from_saved(scen, &saved) {
            Ok(_) => failures.push(format!("{name}: accepted")),
            Err(e) if !e.to_string().contains(says) => {
                failures.push(format!(
                    "{name}: refused, but with {:?} (wanted {says:?})",
                    e.to_string()
                ));
            }
            Err(_) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_tampered_file_is_refused_as_json_too() {
    // The same check behind `--state` and `/api/load`: the file as text.
    let (scen, st) = position("malaya", At::Start);
    let text = serde_json::to_string(&st.to_saved(&scen)).unwrap();
    let forged = text.replacen("\"steps_lost\":[0,0]", "\"steps_lost\":[65535,0]", 1);
    assert_ne!(forged, text);
    let saved: SavedGame = serde_json::from_str(&forged).unwrap();
    let e = GameState::from_saved(&scen, &saved).unwrap_err();
    assert!(
        e.to_string().starts_with("steps_lost: 65535 japanese"),
        "{e}"
    );
}
