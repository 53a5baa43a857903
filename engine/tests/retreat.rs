//! A stack's retreat (MAL-CBT-8) on the fixture `cbt_stack.toml`, whose
//! comment describes the ground: the losses of "the unit (or the stack)"
//! are paid once by the units that retreat together and shared out as
//! combat losses are (MAL-CBT-6); the exact distribution agrees. Each test
//! places the units it needs, enters Blue's Combat Phase and forces the die
//! and every random choice with a script (the [`Script`] of the shared
//! `field` module, `tests/field/mod.rs`). The last test shares losses
//! among eighty attackers, on `cbt_open.toml` grown for it.

mod common;
mod field;

use field::Script;
use hexwar_engine::combat;
use hexwar_engine::{Action, Event, GameState, Scenario};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

struct Game {
    scen: Scenario,
    st: GameState,
}

impl Game {
    /// `cbt_stack.toml` with r1 and r2 in 0302, b1 in 0202 and the listed
    /// units placed (the rest off the map), b1 attacking 0302.
    fn new(extra: &[(&str, &str)]) -> Game {
        let scen = common::load("cbt_stack.toml").0;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let st = GameState::new(&scen, &mut rng);
        let mut saved = st.to_saved(&scen);
        let mut units = vec![("b1", "0202"), ("r1", "0302"), ("r2", "0302")];
        units.extend_from_slice(extra);
        for su in saved.units.iter_mut() {
            match units.iter().find(|(id, _)| *id == su.id) {
                Some((_, hex)) => su.hex = Some(hex.to_string()),
                None => {
                    su.hex = None;
                    su.steps = 0;
                }
            }
        }
        let mut st = GameState::from_saved_unchecked(&scen, &saved).unwrap();
        st.apply(&scen, Action::EndPhase, &mut rng, &mut ())
            .unwrap();
        let attack = Action::Attack {
            unit: scen.unit_by_id("b1").unwrap(),
            target: scen.grid().parse("0302").unwrap(),
        };
        st.apply(&scen, attack, &mut rng, &mut ()).unwrap();
        Game { scen, st }
    }

    /// Rolls with scripted chance (the die face first); the events.
    fn roll(&mut self, choices: &[usize]) -> Vec<Event> {
        let mut events = Vec::new();
        let mut s = Script(choices.iter().copied().collect());
        self.st.resolve_combat(&self.scen, 0, &mut s, &mut events);
        assert!(s.0.is_empty(), "script not used up: {:?}", s.0);
        events
    }

    fn steps(&self, id: &str) -> u8 {
        self.st.unit(self.scen.unit_by_id(id).unwrap()).steps
    }

    fn at(&self, id: &str) -> String {
        let h = self.st.unit(self.scen.unit_by_id(id).unwrap()).hex;
        self.scen.grid().label(h)
    }

    fn path(&self, ev: &[Event], id: &str) -> Option<Vec<String>> {
        let unit = self.scen.unit_by_id(id).unwrap();
        ev.iter().find_map(|e| match e {
            Event::Retreated { unit: u, path, .. } if *u == unit => {
                Some(path.iter().map(|h| self.scen.grid().label(*h)).collect())
            }
            _ => None,
        })
    }
}

/// Blockers that leave no retreat from 0302: 0502 and 0602 full, 0601 blue.
const BOXED: [(&str, &str); 5] = [
    ("r3", "0502"),
    ("r4", "0502"),
    ("b2", "0601"),
    ("r5", "0602"),
    ("r6", "0602"),
];

// rule: MAL-CBT-8
// rule: MAL-CBT-6
#[test]
fn mal_cbt_8_boxed_in_stack_loses_two_steps_between_its_units() {
    // R2 (a 1) and no way out: "the unit (or the stack) would suffer a two
    // steps loss": two steps for the stack of two four-step units, not two
    // each. Each step goes to one of the units with two or more steps at
    // random (MAL-CBT-6): here the first to r1, the second to r2.
    let mut g = Game::new(&BOXED);
    let ev = g.roll(&[0, 0, 1]);
    let none = ev
        .iter()
        .filter(|e| matches!(e, Event::NoRetreat { .. }))
        .count();
    assert_eq!(none, 2, "both units are blocked");
    assert_eq!((g.steps("r1"), g.steps("r2")), (3, 3));
    // Both steps may fall on the same unit.
    let mut g = Game::new(&BOXED);
    g.roll(&[0, 1, 1]);
    assert_eq!((g.steps("r1"), g.steps("r2")), (4, 2));
    assert_eq!(g.at("r1"), "0302");
}

// rule: MAL-CBT-8
#[test]
fn mal_cbt_8_stack_through_one_enemy_zoc_hex_loses_one_step() {
    // b2 in 0601 puts 0502 in blue ZOC. Both units retreat by 0401 to 0502
    // (stacking two), together: one step for the stack, to r2 by the script.
    let mut g = Game::new(&[("b2", "0601")]);
    let ev = g.roll(&[0, 1]);
    assert_eq!(g.path(&ev, "r1").unwrap(), ["0401", "0502"]);
    assert_eq!(g.path(&ev, "r2").unwrap(), ["0401", "0502"]);
    assert_eq!((g.steps("r1"), g.steps("r2")), (4, 3));
    // A lone unit pays the step itself.
    let mut g = Game::new(&[("b2", "0601")]);
    let r2 = g.scen.unit_by_id("r2").unwrap();
    let mut saved = g.st.to_saved(&g.scen);
    saved.units[r2.index()].hex = None;
    saved.units[r2.index()].steps = 0;
    g.st = GameState::from_saved_unchecked(&g.scen, &saved).unwrap();
    g.roll(&[0]);
    assert_eq!(g.steps("r1"), 3);
}

// rule: MAL-CBT-8
#[test]
fn mal_cbt_8_a_stack_that_splits_pays_together_only_up_to_the_split() {
    // r3 holds 0502: r1 retreats by 0401 to 0502 (now full), r2 must go a
    // hex further, to 0602 (0601 is blue). 0502 is in b2's ZOC and entered
    // by both together: one step between them (to r1). 0602 is in b2's ZOC
    // too, entered by r2 alone: one step for r2. Two steps in all, not three.
    let mut g = Game::new(&[("b2", "0601"), ("r3", "0502")]);
    let ev = g.roll(&[0, 0]);
    assert_eq!(g.path(&ev, "r1").unwrap(), ["0401", "0502"]);
    assert_eq!(g.path(&ev, "r2").unwrap(), ["0401", "0502", "0602"]);
    assert_eq!((g.steps("r1"), g.steps("r2")), (3, 3));
}

// rule: MAL-CBT-8
#[test]
fn mal_cbt_8_odds_calculator_charges_a_stack_once() {
    // Through 0502 in ZOC: R2 (1-3) costs the stack one step, D1R2 (4-6)
    // one for the result and one for the ZOC hex: 1 or 2 steps, even odds.
    let g = Game::new(&[("b2", "0601")]);
    let d = combat::distribution(&g.scen, &g.st, 0);
    let mut steps: Vec<(u16, bool, f64)> = d
        .outcomes
        .iter()
        .map(|(o, p)| (o.defender_steps, o.retreated, *p))
        .collect();
    steps.sort_by_key(|a| a.0);
    assert_eq!(steps.len(), 2, "{:?}", d.outcomes);
    assert_eq!((steps[0].0, steps[0].1), (1, true));
    assert_eq!((steps[1].0, steps[1].1), (2, true));
    assert!((steps[0].2 - 0.5).abs() < 1e-12 && (steps[1].2 - 0.5).abs() < 1e-12);
    // Boxed in: R2 costs two steps between them, D1R2 three; never four.
    // The steps fall on r1 or r2 at random, so several outcomes may share a
    // count of steps: add them up.
    let g = Game::new(&BOXED);
    let d = combat::distribution(&g.scen, &g.st, 0);
    let mut by_steps = [0.0f64; 5];
    for (o, p) in &d.outcomes {
        assert!(!o.retreated && o.defenders_eliminated == 0, "{o:?}");
        by_steps[o.defender_steps as usize] += p;
    }
    let expected = [0.0, 0.0, 0.5, 0.5, 0.0];
    for (got, want) in by_steps.iter().zip(expected) {
        assert!((got - want).abs() < 1e-12, "{by_steps:?}");
    }
}

// rule: MAL-CBT-6
#[test]
fn mal_cbt_6_losses_fall_among_more_attackers_than_the_engine_lists_on_the_stack() {
    // Eighty one-step companies (c0..c79, stacking 20) attack r1 in 0303
    // from its four neighbours on open ground, under a table of A3 only:
    // three losses, each to one of the attackers still there in unit order,
    // past the 64 the engine lists without allocating. The script gives the
    // 71st (c70), then the last of the 79 left (c79), then the first (c0).
    let (_, src) = common::load("cbt_open.toml");
    let mut src = src
        .replace("stacking = 2", "stacking = 20")
        .replace(
            "[combat]\n",
            "[combat]\ncolumns = [\"1:1\"]\nresults = [[\"A3\"], [\"A3\"], [\"A3\"], [\"A3\"], [\"A3\"], [\"A3\"]]\n",
        )
        .replace("hex = \"1008\"\n\n[[units]]\nid = \"r2\"", "hex = \"0303\"\n\n[[units]]\nid = \"r2\"");
    let from = ["0203", "0403", "0302", "0304"];
    for i in 0..80 {
        src.push_str(&format!(
            "\n[[units]]\nid = \"c{i}\"\nside = \"blue\"\ntype = \"coy\"\nhex = \"{}\"\n",
            from[i / 20]
        ));
    }
    let scen =
        Scenario::from_toml(&src, "cbt_open.toml (80 companies)").unwrap_or_else(|e| panic!("{e}"));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut st = GameState::new(&scen, &mut rng);
    st.apply(&scen, Action::EndPhase, &mut rng, &mut ())
        .unwrap();
    let target = scen.grid().parse("0303").unwrap();
    for i in 0..80 {
        let unit = scen.unit_by_id(&format!("c{i}")).unwrap();
        st.apply(&scen, Action::Attack { unit, target }, &mut rng, &mut ())
            .unwrap_or_else(|e| panic!("c{i} attacks 0303: {}", e.describe(&scen)));
    }
    let mut s = Script([0, 70, 78, 0].into_iter().collect());
    st.resolve_combat(&scen, 0, &mut s, &mut Vec::new());
    assert!(s.0.is_empty(), "script not used up: {:?}", s.0);
    let lost: Vec<usize> = (0..80)
        .filter(|i| st.unit(scen.unit_by_id(&format!("c{i}")).unwrap()).steps == 0)
        .collect();
    assert_eq!(lost, [0, 70, 79]);
}
