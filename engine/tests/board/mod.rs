//! Helpers for the Morne Plaine movement and charge tests, shared by the
//! test targets that include this module (`mod board;`): a map filled in
//! from a TOML template, units found and placed by id through a saved game,
//! the charge's 1-9 die forced, destinations, moves and phase ends.
//! Each target uses a subset of them.

#![allow(dead_code)]

use std::collections::BTreeMap;

use hexwar_engine::charge;
use hexwar_engine::combat::Chance;
use hexwar_engine::state::UnitFlags;
use hexwar_engine::{Action, Event, GameState, HexId, Mp, PhaseKind, Scenario, Side, UnitId};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

pub fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

/// The scenario `name` from `template` (a `size` x `size` map) with terrain
/// `code` at each listed hex (clear elsewhere) in place of `TERRAIN`, and
/// `extra` (hexsides, routes, forts, control) in place of `EXTRA`.
pub fn fill(
    template: &str,
    name: &str,
    size: usize,
    terrain: &[(&str, char)],
    extra: &str,
) -> Scenario {
    let mut rows = String::new();
    for r in 1..=size {
        let row: Vec<String> = (1..=size)
            .map(|c| {
                let label = format!("{c:02}{r:02}");
                terrain
                    .iter()
                    .find(|(h, _)| *h == label)
                    .map_or('c', |(_, t)| *t)
                    .to_string()
            })
            .collect();
        rows.push_str(&row.join(" "));
        rows.push('\n');
    }
    let src = template.replace("TERRAIN", &rows).replace("EXTRA", extra);
    Scenario::from_toml(&src, name).unwrap_or_else(|e| panic!("does not load:\n{e}"))
}

pub fn hex(scen: &Scenario, label: &str) -> HexId {
    scen.grid().parse(label).unwrap()
}

pub fn unit(scen: &Scenario, id: &str) -> UnitId {
    scen.unit_by_id(id)
        .unwrap_or_else(|| panic!("no unit {id}"))
}

/// Where `id` stands: its hex's label, or `off`.
pub fn at(scen: &Scenario, g: &GameState, id: &str) -> String {
    let u = g.unit(unit(scen, id));
    if u.on_map() {
        scen.grid().label(u.hex)
    } else {
        "off".into()
    }
}

/// Whether `id`'s movement has ended for the phase.
pub fn ended(scen: &Scenario, g: &GameState, id: &str) -> bool {
    g.unit(unit(scen, id)).has(UnitFlags::MOVE_ENDED)
}

pub fn mp_left(scen: &Scenario, g: &GameState, id: &str) -> f64 {
    g.mp_left(scen, unit(scen, id)).0 as f64 / Mp::SCALE as f64
}

/// Blue's first Movement Phase with units placed (through a saved game) and
/// `f` applied to every saved unit.
pub fn placed(
    scen: &Scenario,
    places: &[(&str, &str)],
    mut f: impl FnMut(&mut hexwar_engine::save::SavedUnit),
) -> GameState {
    let g = GameState::new(scen, &mut rng(1));
    assert_eq!(g.phase(scen), PhaseKind::Movement);
    assert_eq!(g.active_side(), Side(0));
    let mut saved = g.to_saved(scen);
    for (id, h) in places {
        let su = saved
            .units
            .iter_mut()
            .find(|u| u.id == *id)
            .unwrap_or_else(|| panic!("no unit {id}"));
        su.hex = Some(h.to_string());
    }
    for su in &mut saved.units {
        f(su);
    }
    GameState::from_saved_unchecked(scen, &saved).unwrap()
}

/// A die that always shows the same face (the charge's 1-9 morale check).
pub struct Die(pub u8);

impl Chance for Die {
    fn pick(&mut self, n: usize) -> usize {
        assert_eq!(n, 9, "the morale check rolls 1-9 (MP-CHG-3)");
        (self.0 - 1) as usize
    }
}

/// The charge of `id` at `target` with the die showing `roll`; its events.
pub fn charge_with(
    scen: &Scenario,
    g: &mut GameState,
    id: &str,
    target: &str,
    roll: u8,
) -> Vec<Event> {
    let mut events = Vec::new();
    charge::resolve_with(
        g,
        scen,
        unit(scen, id),
        hex(scen, target),
        &mut Die(roll),
        &mut events,
    )
    .unwrap_or_else(|e| panic!("{id} cannot charge {target}: {}", e.describe()));
    events
}

/// (total, morale value to beat, success) of the one `Charged` event.
pub fn charged(events: &[Event]) -> (i8, i8, bool) {
    let mut found = events.iter().filter_map(|e| match e {
        Event::Charged {
            total,
            morale,
            success,
            ..
        } => Some((*total, *morale, *success)),
        _ => None,
    });
    let c = found.next().expect("a Charged event");
    assert!(found.next().is_none(), "one Charged event");
    c
}

/// `id`'s destinations now: label -> (cost in MP, stops there).
pub fn reach(scen: &Scenario, g: &GameState, id: &str) -> BTreeMap<String, (f64, bool)> {
    hexwar_engine::reachable(scen, g, unit(scen, id))
        .destinations
        .iter()
        .map(|d| {
            (
                scen.grid().label(d.hex),
                (d.cost.0 as f64 / Mp::SCALE as f64, d.stops),
            )
        })
        .collect()
}

/// Asserts `id` may reach each `(hex, cost, stops)`.
pub fn reach_has(scen: &Scenario, g: &GameState, id: &str, want: &[(&str, f64, bool)]) {
    let r = reach(scen, g, id);
    for &(h, cost, stops) in want {
        assert_eq!(r.get(h), Some(&(cost, stops)), "{id} to {h}; reach: {r:?}");
    }
}

/// The checked apply of `action`.
pub fn apply(scen: &Scenario, g: &mut GameState, action: Action) {
    g.apply(scen, action, &mut rng(5), &mut ())
        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
}

pub fn move_to(scen: &Scenario, g: &mut GameState, id: &str, to: &str) {
    apply(
        scen,
        g,
        Action::Move {
            unit: unit(scen, id),
            to: hex(scen, to),
        },
    );
}

/// Whether the checked apply accepts a move of `id` to `to` (on a copy).
pub fn may_move(scen: &Scenario, g: &GameState, id: &str, to: &str) -> bool {
    let mut g = g.clone();
    g.apply(
        scen,
        Action::Move {
            unit: unit(scen, id),
            to: hex(scen, to),
        },
        &mut rng(2),
        &mut (),
    )
    .is_ok()
}

/// Ends phases until `side`'s `phase` of `turn`.
pub fn end_until(scen: &Scenario, g: &mut GameState, turn: u8, side: Side, phase: PhaseKind) {
    for _ in 0..20 {
        if g.turn() == turn && g.active_side() == side && g.phase(scen) == phase {
            return;
        }
        apply(scen, g, Action::EndPhase);
    }
    panic!("never reached turn {turn}, {side:?}, {phase:?}");
}
