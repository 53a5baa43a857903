//! Tactics: small positions on an open 7 x 5 map, each with one right
//! answer a wargamer sees at a glance, put to the levels that play
//! (`normal`, `hard`, `expert`; `novice` blunders on purpose). Take the empty
//! objective; attack the weak stack, not the fortress beside it; do not
//! attack at hopeless odds with time in hand; advance into the objective
//! an attack emptied; reinforce the objective the enemy masses against;
//! keep the garrison on the objective the enemy could walk into, in the
//! Movement Phase and when its attack empties a hex next door.

mod common;

use common::{hex, phase, unit};

use hexwar_ai::{AiRng, Player, from_spec};
use hexwar_engine::{Action, GameState, HexId, Scenario};
use rand::SeedableRng;

/// The levels put to each position.
const LEVELS: [&str; 3] = ["normal", "hard", "expert"];

/// A 7 x 5 map of clear ground with a town at 0403 (defense x3), an
/// objective `obj` (a hex label, 3 VP, held by `held`), blue and red
/// brigades (movement 3, attack 4, defense 4), companies (1-1) and a
/// fortress garrison (attack 1, defense 6, cannot move), and `units`
/// (`(id, side, type, hex)`).
fn position(turns: u8, obj: &str, held: &str, units: &[(&str, &str, &str, &str)]) -> Scenario {
    let mut src = format!(
        r#"
[scenario]
name = "tactics"
title = "Tactics"
turns = {turns}

[[sides]]
id = "blue"
name = "Blue"

[[sides]]
id = "red"
name = "Red"

[map]
columns = 7
rows = 5
terrain = """
c c c c c c c
c c c c c c c
c c c t c c c
c c c c c c c
c c c c c c c
"""

[[terrain]]
code = "c"
name = "clear"
cost = {{ foot = 1 }}

[[terrain]]
code = "t"
name = "town"
cost = {{ foot = 1 }}
defense = 3

[movement]
classes = ["foot"]

[[objectives]]
hex = "{obj}"
name = "Objective"
vp = 3

[control]
hexes = {{ {held} = ["{obj}"] }}

[unit_types.bde]
name = "Brigade"
kind = "infantry"
class = "foot"
movement = 3
attack = [4, 2]
defense = [4, 2]

[unit_types.coy]
name = "Company"
kind = "infantry"
class = "foot"
movement = 3
attack = 1
defense = 1

[unit_types.fort]
name = "Fortress garrison"
kind = "infantry"
class = "foot"
movement = 0
attack = [1, 1]
defense = [6, 3]

[victory]
step_vp = 1
decisive = 8
marginal = 3

[rules]
stacking = 2
phases = ["movement", "combat"]
"#
    );
    for (id, side, ty, hex) in units {
        src.push_str(&format!(
            "\n[[units]]\nid = \"{id}\"\nside = \"{side}\"\ntype = \"{ty}\"\nhex = \"{hex}\"\n"
        ));
    }
    Scenario::from_toml(&src, "tactics.toml").unwrap_or_else(|e| panic!("{e:?}"))
}

/// Plays blue's current phase with `level`; the actions taken.
fn play_phase(level: &str, scen: &Scenario, state: &mut GameState, seed: u64) -> Vec<Action> {
    let mut p: Box<dyn Player> = from_spec(level).expect("level");
    phase(scen, state, p.as_mut(), seed)
}

/// Plays blue's first Movement Phase with each of `levels`, three seeds
/// each, and checks that unit `id` ends it at `at`.
fn ends_move_at(scen: &Scenario, levels: &[&str], id: &str, at: &str) {
    for &level in levels {
        for seed in 1..=3 {
            let mut state = GameState::new(scen, &mut AiRng::seed_from_u64(seed));
            play_phase(level, scen, &mut state, seed);
            let end = state.unit(unit(scen, id)).hex;
            assert_eq!(
                end,
                hex(scen, at),
                "{level}, seed {seed}: {id} ends its move at {}",
                scen.grid().label(end)
            );
        }
    }
}

/// Does a red unit stand in `h`?
fn red_in(scen: &Scenario, state: &GameState, h: HexId) -> bool {
    state.units_at(h).any(|u| scen.unit(u).side.0 == 1)
}

/// The targets of the attacks declared in `acts`, in order.
fn targets(acts: &[Action]) -> Vec<HexId> {
    let mut out = Vec::new();
    for a in acts {
        if let Action::Attack { target, .. } = *a {
            if out.last() != Some(&target) {
                out.push(target);
            }
        }
    }
    out
}

#[test]
fn takes_the_empty_objective_in_reach() {
    // Three hexes of clear ground to an objective nobody guards; red's one
    // company is two hexes beyond it.
    let scen = position(
        4,
        "0402",
        "red",
        &[("b1", "blue", "bde", "0102"), ("r1", "red", "coy", "0704")],
    );
    ends_move_at(&scen, &LEVELS, "b1", "0402");
}

#[test]
fn attacks_the_weak_stack_not_the_fortress_beside_it() {
    // Two brigades in 0402, next to a company in the open (0401) and to
    // the fortress in the town (0403): 8 against 1 in the open, 8 against
    // 18 in the town.
    let scen = position(
        4,
        "0403",
        "red",
        &[
            ("b1", "blue", "bde", "0402"),
            ("b2", "blue", "bde", "0402"),
            ("r1", "red", "coy", "0401"),
            ("r2", "red", "fort", "0403"),
        ],
    );
    let grid = scen.grid();
    for target in ["0401", "0403"] {
        assert_eq!(grid.distance(hex(&scen, "0402"), hex(&scen, target)), 1);
    }
    for level in LEVELS {
        for seed in 1..=3 {
            let mut state = common::combat_phase(&scen, seed, seed);
            let acts = play_phase(level, &scen, &mut state, seed);
            let t = targets(&acts);
            assert_eq!(
                t.first().copied(),
                Some(hex(&scen, "0401")),
                "{level}, seed {seed}: {acts:?}"
            );
            assert!(
                !t.contains(&hex(&scen, "0403")),
                "{level}, seed {seed}: {acts:?}"
            );
        }
    }
}

#[test]
fn does_not_attack_at_hopeless_odds_with_time_in_hand() {
    // One brigade next to the fortress in the town, eight turns to go and
    // nothing else on the map: 4 against 18 gains nothing now.
    let scen = position(
        8,
        "0403",
        "red",
        &[("b1", "blue", "bde", "0402"), ("r2", "red", "fort", "0403")],
    );
    for level in LEVELS {
        for seed in 1..=3 {
            let mut state = common::combat_phase(&scen, seed, seed);
            let acts = play_phase(level, &scen, &mut state, seed);
            assert!(targets(&acts).is_empty(), "{level}, seed {seed}: {acts:?}");
        }
    }
}

/// Every level keeps it (the `hold` knob, on by default); without the
/// knob the plan of attack takes the garrison out to attack (`normal`) or
/// the search moves it up beside the enemy (`hard`), and the enemy walks
/// in (docs/AI.md, "Holding objectives").
#[test]
fn keeps_the_garrison_on_the_objective_the_enemy_could_walk_into() {
    // Blue holds the objective, a town, with one brigade; a red brigade
    // two hexes away would walk into it if it were left empty.
    let scen = position(
        4,
        "0403",
        "blue",
        &[("b1", "blue", "bde", "0403"), ("r1", "red", "bde", "0603")],
    );
    ends_move_at(&scen, &LEVELS, "b1", "0403");
    // Without the knob the same player leaves (what `hold` mends).
    let mut state = GameState::new(&scen, &mut AiRng::seed_from_u64(1));
    play_phase("heuristic:hold=0", &scen, &mut state, 1);
    assert_ne!(state.unit(unit(&scen, "b1")).hex, hex(&scen, "0403"));
}

/// The garrison of an objective attacks the company next door at 4:1 and
/// empties its hex; a red brigade two hexes off could walk into the
/// objective if the garrison advanced. Every level stays; without `hold`
/// the heuristic advances (what it did before the knob covered advances).
#[test]
fn does_not_advance_off_the_objective_it_alone_holds() {
    let scen = position(
        4,
        "0403",
        "blue",
        &[
            ("b1", "blue", "bde", "0403"),
            ("r1", "red", "coy", "0503"),
            ("r2", "red", "bde", "0203"),
        ],
    );
    assert_eq!(
        scen.grid().distance(hex(&scen, "0403"), hex(&scen, "0203")),
        2
    );
    for level in ["normal", "hard", "expert", "heuristic:hold=0"] {
        for seed in 1..=3 {
            let mut state = common::combat_phase(&scen, seed, seed);
            let acts = play_phase(level, &scen, &mut state, seed);
            assert_eq!(
                targets(&acts),
                vec![hex(&scen, "0503")],
                "{level}, seed {seed}"
            );
            assert!(
                !red_in(&scen, &state, hex(&scen, "0503")),
                "{level}, seed {seed}: the test sees nothing"
            );
            let end = state.unit(unit(&scen, "b1")).hex;
            let stays = end == hex(&scen, "0403");
            assert_eq!(
                stays,
                level != "heuristic:hold=0",
                "{level}, seed {seed}: b1 ends in {}",
                scen.grid().label(end)
            );
        }
    }
}

/// `hold` keeps a garrison only where an enemy unit could stand next to
/// the objective next turn: behind a screen of our own, with the enemy
/// three hexes off (as near as the enemy's move by distance alone, but our
/// ZOC stops it short), the garrison moves as it would without the knob.
#[test]
fn a_garrison_behind_a_screen_is_free_to_move() {
    // The town's two eastern neighbours are held by blue companies; the
    // red brigade cannot reach a hex next to the town in one move.
    let scen = position(
        4,
        "0403",
        "blue",
        &[
            ("b1", "blue", "bde", "0403"),
            ("c1", "blue", "coy", "0503"),
            ("c2", "blue", "coy", "0504"),
            ("r1", "red", "bde", "0703"),
        ],
    );
    for seed in 1..=3 {
        let mut ends = Vec::new();
        for level in ["heuristic:hold=0", "heuristic"] {
            let mut state = GameState::new(&scen, &mut AiRng::seed_from_u64(seed));
            play_phase(level, &scen, &mut state, seed);
            ends.push(state.unit(unit(&scen, "b1")).hex);
        }
        let label = |h: HexId| scen.grid().label(h);
        assert_eq!(
            ends[0],
            ends[1],
            "seed {seed}: {} with the knob, {} without",
            label(ends[1]),
            label(ends[0])
        );
        assert_ne!(
            ends[0],
            hex(&scen, "0403"),
            "seed {seed}: b1 stays: the test sees nothing"
        );
    }
}

#[test]
fn advances_into_the_objective_its_attack_emptied() {
    // Two brigades attack a company on the objective at 8:1; whenever the
    // roll empties the hex, they move in.
    let scen = position(
        4,
        "0403",
        "red",
        &[
            ("b1", "blue", "bde", "0402"),
            ("b2", "blue", "bde", "0402"),
            ("r1", "red", "coy", "0403"),
        ],
    );
    let obj = hex(&scen, "0403");
    let mut emptied = 0;
    for level in LEVELS {
        for seed in 1..=6 {
            let mut state = common::combat_phase(&scen, seed, seed);
            let acts = play_phase(level, &scen, &mut state, seed);
            assert_eq!(targets(&acts), vec![obj], "{level}, seed {seed}: {acts:?}");
            if !red_in(&scen, &state, obj) {
                emptied += 1;
                let advanced = acts.iter().any(|a| matches!(a, Action::Advance { .. }));
                assert!(advanced, "{level}, seed {seed}: no advance: {acts:?}");
                assert_eq!(
                    state.control(obj).map(|s| s.0),
                    Some(0),
                    "{level}, seed {seed}"
                );
            }
        }
    }
    assert!(emptied > 0, "no roll emptied the hex: the test saw nothing");
}

#[test]
fn reinforces_the_objective_the_enemy_masses_against() {
    // A company holds the objective; two red brigades stand next to it
    // (8 against 1); a blue brigade two hexes off can stack with it.
    let scen = position(
        5,
        "0403",
        "blue",
        &[
            ("b0", "blue", "coy", "0403"),
            ("b1", "blue", "bde", "0201"),
            ("r1", "red", "bde", "0503"),
            ("r2", "red", "bde", "0503"),
        ],
    );
    assert_eq!(
        scen.grid().distance(hex(&scen, "0403"), hex(&scen, "0503")),
        1
    );
    ends_move_at(&scen, &LEVELS, "b1", "0403");
}
