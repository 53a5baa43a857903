//! Combat (MAL-CBT-1..10, D-CRT-1), on the fixtures `cbt_open.toml` and
//! `cbt_corridor.toml`, whose comments describe the ground. Each test places
//! the units it needs (the rest are taken off the map), enters Blue's Combat
//! Phase, and forces the die and every random choice with a script, so each
//! expected outcome is worked out by hand from the rule text. The script
//! ([`Script`]) and the [`Game`] are those of the shared `field` module
//! (`tests/field/mod.rs`); the methods only these tests use are below.

mod common;
mod field;

use field::*;
use hexwar_engine::combat::{self, Modifier, NoAttack, RngChance};
use hexwar_engine::scenario::CrtResult;
use hexwar_engine::state::UnitFlags;
use hexwar_engine::{
    Action, ActionError, Event, GameState, PhaseKind, Scenario, Side, SupplyState,
};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

impl Game {
    /// `fixture` with only the listed units on the map (`(id, hex)`; units
    /// arriving later stay in the pool), `tweak` applied to the saved game,
    /// then Blue's Movement Phase ended ([`Game::with`] on the fixture).
    fn new(
        fixture: &str,
        units: &[(&str, &str)],
        tweak: impl FnOnce(&mut hexwar_engine::save::SavedGame),
    ) -> Game {
        Game::with(common::load(fixture).0, units, tweak)
    }

    fn refused(&mut self, id: &str, hex: &str) -> NoAttack {
        let a = Action::Attack {
            unit: self.u(id),
            target: self.h(hex),
        };
        let before = self.st.clone();
        match self.act(a) {
            Err(ActionError::NoAttack(_, _, why)) => {
                assert_eq!(self.st, before, "a refused attack changed the state");
                why
            }
            other => panic!("{id} attacking {hex}: expected a refusal, got {other:?}"),
        }
    }

    fn has_advance(&self) -> bool {
        self.legal()
            .iter()
            .any(|a| matches!(a, Action::Advance { .. }))
    }
}

/// A fixture's text.
fn source(name: &str) -> String {
    common::load(name).1
}

/// A scenario grown from a fixture's text.
fn scenario(src: &str) -> Scenario {
    Scenario::from_toml(src, "audit.toml").unwrap_or_else(|e| panic!("{e}"))
}

/// Blue's b1 attacks r1 in 0302 along the corridor at 2:1; a 1 gives R2.
fn corridor_retreat(
    extra: &[(&str, &str)],
    tweak: impl FnOnce(&mut hexwar_engine::save::SavedGame),
) -> (Game, Vec<Event>) {
    let mut g = corridor(extra, tweak);
    g.attack("b1", "0302");
    let ev = g.roll(0, &[0]);
    (g, ev)
}

/// The same attack where r1 holds: a 2 gives D1.
fn corridor_held(extra: &[(&str, &str)]) -> Game {
    let mut g = corridor(extra, |_| {});
    g.attack("b1", "0302");
    g.roll(0, &[1]);
    assert_eq!(g.at("r1"), "0302");
    g
}

/// The corridor with b1 in 0202, next to r1 in 0302, and `extra`.
fn corridor(
    extra: &[(&str, &str)],
    tweak: impl FnOnce(&mut hexwar_engine::save::SavedGame),
) -> Game {
    let mut units = vec![("b1", "0202"), ("r1", "0302")];
    units.extend_from_slice(extra);
    Game::new("cbt_corridor.toml", &units, tweak)
}

fn retreat_path(g: &Game, ev: &[Event]) -> Option<Vec<String>> {
    ev.iter().find_map(|e| match e {
        Event::Retreated { path, .. } => {
            Some(path.iter().map(|h| g.scen.grid().label(*h)).collect())
        }
        _ => None,
    })
}

// rule: MAL-CBT-1
#[test]
fn mal_cbt_1_adjacent_units_attack_once_and_each_hex_once() {
    let mut g = Game::new(
        "cbt_open.toml",
        &[
            ("b1", "0403"),
            ("b2", "0101"),
            ("b3", "0503"),
            ("b4", "0303"),
            ("r1", "0504"),
            ("r3", "0402"),
        ],
        |_| {},
    );
    assert_eq!(g.st.phase(&g.scen), PhaseKind::Combat);
    let legal = g.legal();
    let (b1, b2) = (g.u("b1"), g.u("b2"));
    // b1 touches both enemy hexes; b2 touches none.
    assert!(legal.contains(&Action::Attack {
        unit: b1,
        target: g.h("0504")
    }));
    assert!(legal.contains(&Action::Attack {
        unit: b1,
        target: g.h("0402")
    }));
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, Action::Attack { unit, .. } if *unit == b2))
    );
    assert_eq!(g.refused("b2", "0504"), NoAttack::NotAdjacent);
    assert!(legal.contains(&Action::EndPhase), "attacking is voluntary");
    // Declaring on 0504: no other hex until it is rolled, and no phase end.
    g.attack("b1", "0504");
    assert_eq!(g.refused("b4", "0402"), NoAttack::OtherTarget(g.h("0504")));
    assert!(!g.legal().contains(&Action::EndPhase));
    assert!(matches!(
        g.act(Action::EndPhase),
        Err(ActionError::CombatPending(_))
    ));
    // 4 against 2 x2 (jungle) = 1:1; a 1 gives A1: r1 stays.
    g.roll(0, &[0]);
    assert_eq!(g.steps("b1"), 1);
    assert_eq!(g.at("r1"), "0504");
    // b1 has attacked; 0504 has been attacked; b4 may still attack 0402.
    assert_eq!(g.refused("b1", "0402"), NoAttack::AlreadyAttacked);
    assert_eq!(g.refused("b3", "0504"), NoAttack::HexAttacked);
    g.attack("b4", "0402");
    // A new phase forgets both.
    g.act(Action::CancelAttack).unwrap();
    assert!(!g.st.unit(g.u("b4")).has(UnitFlags::COMMITTED));
    g.act(Action::EndPhase).unwrap();
    assert_ne!(g.st.phase(&g.scen), PhaseKind::Combat);
    assert!(!g.st.hex_attacked(g.h("0504")));
}

// rule: MAL-CBT-1
#[test]
fn mal_cbt_1_a_unit_attacked_once_is_not_attacked_again_where_it_retreated() {
    // "No unit may be attacked more than once per Combat Phase": r1, beaten
    // out of 0302 (R2), retreats into 0502 beside r2, next to b2 in 0601.
    // 0502 has not been attacked, but r1 has, and a hex's defenders are
    // attacked together: 0502 is shielded for the rest of the phase.
    let (mut g, ev) = corridor_retreat(&[("r2", "0502"), ("b2", "0601")], |_| {});
    assert_eq!(retreat_path(&g, &ev).unwrap(), ["0401", "0502"]);
    assert!(!g.st.hex_attacked(g.h("0502")));
    assert_eq!(g.refused("b2", "0502"), NoAttack::UnitDefended(g.u("r1")));
    assert!(
        !g.legal()
            .iter()
            .any(|a| matches!(a, Action::Attack { target, .. } if *target == g.h("0502")))
    );
    // The mark is kept in a saved game.
    let back = GameState::from_saved_unchecked(&g.scen, &g.st.to_saved(&g.scen)).unwrap();
    assert!(back.unit(g.u("r1")).has(UnitFlags::DEFENDED));
    // Where r1 held (a 2 gives D1), r2 alone in 0502 may be attacked.
    let mut g = corridor_held(&[("r2", "0502"), ("b2", "0601")]);
    g.attack("b2", "0502");
}

// rule: MAL-CBT-2
#[test]
fn mal_cbt_2_attackers_must_be_able_to_enter_armor_only_by_road() {
    let g = Game::new(
        "cbt_open.toml",
        &[
            ("t1", "0404"),
            ("b4", "0603"),
            ("b3", "0503"),
            ("b1", "0403"),
            ("r1", "0504"),
        ],
        |_| {},
    );
    let try_ = |id: &str, g: &Game| combat::can_attack(&g.scen, &g.st, g.u(id), g.h("0504"));
    // Armor across the river with no road: refused (an armor attack
    // refused across a river with no road).
    assert_eq!(try_("t1", &g), Err(NoAttack::ArmorNeedsRoad));
    // Infantry across the ford may; the plain hexside too.
    assert_eq!(try_("b3", &g), Ok(()));
    assert_eq!(try_("b1", &g), Ok(()));
    // From the mountain 0603 into jungle: infantry may.
    assert_eq!(try_("b4", &g), Ok(()));
    // Armor along the road may.
    let g2 = Game::new("cbt_open.toml", &[("t1", "0505"), ("r1", "0504")], |_| {});
    assert_eq!(
        combat::can_attack(&g2.scen, &g2.st, g2.u("t1"), g2.h("0504")),
        Ok(())
    );
    // Infantry across the unforded river may not: it could not enter.
    let g3 = Game::new(
        "cbt_open.toml",
        &[("b1", "0404"), ("b3", "0503"), ("r1", "0504")],
        |_| {},
    );
    assert_eq!(
        combat::can_attack(&g3.scen, &g3.st, g3.u("b1"), g3.h("0504")),
        Err(NoAttack::CannotEnter)
    );
}

// rule: MAL-CBT-2
#[test]
fn mal_cbt_2_armor_attacks_along_a_rail_line_into_ground_it_could_not_enter() {
    // "an armored unit may not attack any hex that is not connected by a
    // road or a rail to the hex occupied by the armored unit": along a rail
    // line it may, though its movement has no rail rate and could not take
    // it into the mountain 0603.
    let (_, src) = common::load("cbt_open.toml");
    let src = src.replacen(
        "[supply]",
        "[[routes]]\nkind = \"rail\"\nname = \"Line\"\nhexes = [\"0503\", \"0603\"]\n\n[supply]",
        1,
    );
    let scen = Scenario::from_toml(&src, "cbt_open.toml").unwrap();
    let g = Game::with(
        scen,
        &[("t1", "0503"), ("b3", "0503"), ("r1", "0603")],
        |_| {},
    );
    let try_ = |id: &str| combat::can_attack(&g.scen, &g.st, g.u(id), g.h("0603"));
    assert_eq!(try_("t1"), Ok(()));
    assert_eq!(try_("b3"), Ok(()));
    // Without the rail line the same attack is refused.
    // (b3 is there so that the Combat Phase is not skipped.)
    let g = Game::new(
        "cbt_open.toml",
        &[("t1", "0503"), ("b3", "0503"), ("r1", "0603")],
        |_| {},
    );
    assert_eq!(
        combat::can_attack(&g.scen, &g.st, g.u("t1"), g.h("0603")),
        Err(NoAttack::ArmorNeedsRoad)
    );
}

// rule: MAL-CBT-3
// rule: MAL-CBT-4
#[test]
fn mal_cbt_3_4_combined_defense_modified_strengths_and_the_column() {
    let mut g = Game::new(
        "cbt_open.toml",
        &[
            ("b1", "0403"),
            ("b2", "0403"),
            ("b3", "0503"),
            ("r1", "0504"),
            ("r2", "0504"),
        ],
        |s| {
            // b2 is unsupplied (MAL-SUP-6: infantry attack halved).
            s.units.iter_mut().find(|u| u.id == "b2").unwrap().supply = SupplyState::Out;
        },
    );
    g.attack("b1", "0504");
    g.attack("b2", "0504");
    g.attack("b3", "0504");
    let o = combat::odds(&g.scen, &g.st, 0);
    // 4 + 4/2 (unsupplied) + 3 x0.5 (across the river at the ford) = 7.5;
    // (2 + 1) x2 in jungle = 6, both defenders together: 1.25, column 1:1.
    assert_eq!(o.attack, 7.5);
    assert_eq!(o.defense, 6.0);
    assert_eq!(g.scen.combat().column_name(o.column), "1:1");
    let b2 = o.attackers.iter().find(|c| c.unit == g.u("b2")).unwrap();
    assert_eq!(b2.modifiers, vec![(Modifier::Supply, 0.5)]);
    let b3 = o.attackers.iter().find(|c| c.unit == g.u("b3")).unwrap();
    assert_eq!(b3.modifiers, vec![(Modifier::River, 0.5)]);
    assert!(
        o.defenders
            .iter()
            .all(|c| c.modifiers == vec![(Modifier::Terrain, 2.0)])
    );
    assert_eq!(o.defenders.len(), 2, "all units in the hex defend together");

    // MAL-CBT-3: a unit stacked with attackers that does not take part is
    // unaffected by an attacker loss.
    let mut g = Game::new(
        "cbt_open.toml",
        &[("b1", "0403"), ("b2", "0403"), ("r1", "0504")],
        |_| {},
    );
    g.attack("b1", "0504");
    // 4 against 4 (jungle): 1:1; red defends in jungle and commits its air
    // point (-1): a 2 becomes 1: A1.
    g.roll(0, &[1]);
    assert_eq!((g.steps("b1"), g.steps("b2")), (1, 2));
}

// rule: MAL-CBT-5
#[test]
fn mal_cbt_5_air_points_shift_the_die_and_are_spent() {
    let mut g = Game::new("cbt_open.toml", &[("b3", "0202"), ("r3", "0302")], |_| {});
    assert_eq!(g.st.air_points(Side(0)), 2);
    assert_eq!(g.st.air_points(Side(1)), 1);
    g.attack("b3", "0302");
    assert!(matches!(
        g.act(Action::Resolve { air: 3 }),
        Err(ActionError::NoAir { asked: 3, left: 2 })
    ));
    // 3:1 in the open: the defender's rule commits its one point, not
    // knowing the attacker's two. A 3 becomes 3 + 2 - 1 = 4: D1R2.
    let o = combat::odds(&g.scen, &g.st, 2);
    assert_eq!((o.attacker_air, o.defender_air, o.die_modifier), (2, 1, 1));
    let ev = g.roll(2, &[2]);
    let roll = ev
        .iter()
        .find_map(|e| match e {
            Event::Combat {
                roll,
                attacker_air,
                defender_air,
                ..
            } => Some((*roll, *attacker_air, *defender_air)),
            _ => None,
        })
        .unwrap();
    assert_eq!((roll.0.die, roll.0.modified), (3, 4));
    assert_eq!(roll.0.result, CrtResult::parse("D1R2").unwrap());
    assert_eq!((roll.1, roll.2), (2, 1));
    assert_eq!(g.st.air_points(Side(0)), 0);
    assert_eq!(g.st.air_points(Side(1)), 0);
    // Below the defender's column, in the open, it keeps its point.
    let mut g = Game::new("cbt_open.toml", &[("b3", "0202"), ("r1", "0302")], |_| {});
    g.attack("b3", "0302");
    assert_eq!(combat::odds(&g.scen, &g.st, 0).defender_air, 0);
}

// rule: MAL-CBT-6
#[test]
fn mal_cbt_6_losses_to_two_step_units_first_then_at_random() {
    // A3 against b1, b2 (two steps) and b3 (one): the first loss to b1 or b2
    // at random (b2), the second to the other two-step unit, the third to
    // any of the three, now all one-step (b3).
    let mut g = Game::new(
        "cbt_corridor.toml",
        &[
            ("b1", "0202"),
            ("b2", "0202"),
            ("b3", "0401"),
            ("r3", "0302"),
        ],
        |_| {},
    );
    for id in ["b1", "b2", "b3"] {
        g.attack(id, "0302");
    }
    g.roll(0, &[4, 1, 2]);
    assert_eq!((g.steps("b1"), g.steps("b2"), g.steps("b3")), (1, 1, 0));
    // A2D2 against r1 (two steps) and r2 (one): r1 first, then at random
    // between the two one-step units (r2).
    let mut g = Game::new(
        "cbt_corridor.toml",
        &[
            ("b1", "0202"),
            ("b2", "0202"),
            ("r1", "0302"),
            ("r2", "0302"),
        ],
        |_| {},
    );
    g.attack("b1", "0302");
    g.attack("b2", "0302");
    g.roll(0, &[5, 1, 1]);
    assert_eq!((g.steps("r1"), g.steps("r2")), (1, 0));
    assert_eq!((g.steps("b1"), g.steps("b2")), (1, 1));
}

// rule: D-CRT-1
#[test]
fn d_crt_1_results_table_is_scenario_data_with_a_default() {
    // The default table: 1:3 to 6:1 on a d6.
    let (open, _) = common::load("cbt_open.toml");
    let c = open.combat();
    assert_eq!(c.die(), 6);
    assert_eq!(c.column_name(0), "1:3");
    assert_eq!(c.column_name(c.columns.len() - 1), "6:1");
    // Below the first column uses it; above the last uses the last.
    assert_eq!(c.column(1.0, 10.0), 0);
    assert_eq!(c.column(100.0, 1.0), 7);
    assert_eq!(c.column(3.0, 1.0), 4);
    assert_eq!(c.column(2.99, 1.0), 3);
    // The fixture's own table.
    let (cor, _) = common::load("cbt_corridor.toml");
    assert_eq!(cor.combat().columns, vec![(1, 1), (2, 1)]);
    assert_eq!(cor.combat().results[0][1], CrtResult::parse("R2").unwrap());
    // Results: "-", "EX", A/D/R in order.
    assert_eq!(
        CrtResult::parse("EX").unwrap(),
        CrtResult {
            attacker: 1,
            defender: 1,
            retreat: 0
        }
    );
    assert_eq!(CrtResult::parse("-").unwrap(), CrtResult::default());
    assert_eq!(CrtResult::parse("D1R2").unwrap().to_string(), "D1R2");
    assert!(CrtResult::parse("R2D1").is_none());
    assert!(CrtResult::parse("X1").is_none());
    // A bad table is an error naming the line.
    let src = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/cbt_corridor.toml"
    ))
    .unwrap()
    .replace(r#"["A1", "R2"]"#, r#"["A1", "R9Q"]"#)
    .replace(r#"columns = ["1:1", "2:1"]"#, r#"columns = ["1:1", "2-1"]"#);
    let err = Scenario::from_toml(&src, "bad.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("bad.toml:50:"), "{err}");
    assert!(err.contains("column \"2-1\" is not odds"), "{err}");
    assert!(err.contains("result \"R9Q\""), "{err}");
}

/// A 99.9% two-sided interval half-width for a binomial proportion.
fn half_width(p: f64, n: f64) -> f64 {
    3.2905 * (p * (1.0 - p) / n).sqrt() + 1e-9
}

/// r1 (two steps) and r3 (one) in 0302 of the corridor, attacked by b1 and
/// b2 (declared, not rolled).
fn two_on_two() -> Game {
    let mut g = Game::new(
        "cbt_corridor.toml",
        &[
            ("b1", "0202"),
            ("b2", "0401"),
            ("r1", "0302"),
            ("r3", "0302"),
        ],
        |_| {},
    );
    g.attack("b1", "0302");
    g.attack("b2", "0302");
    g
}

#[test]
fn odds_calculator_is_exact_sums_to_one_and_matches_play() {
    // r1 (two steps) and r3 (one) in 0302 of the corridor, attacked by b1
    // and b2: every die face, random loss assignments, retreats.
    let g = two_on_two();
    let d = combat::distribution(&g.scen, &g.st, 0);
    let total: f64 = d.outcomes.iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-12, "probabilities sum to {total}");
    assert!(d.outcomes.len() >= 4, "{:?}", d.outcomes);
    // Play the same combat 100,000 times with seeded dice.
    let n = 100_000;
    let mut counts = vec![0u32; d.outcomes.len()];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(42);
    let mut work = g.st.clone();
    let (a, r) = ([g.u("b1"), g.u("b2")], [g.u("r1"), g.u("r3")]);
    let target = g.h("0302");
    for _ in 0..n {
        work.clone_from(&g.st);
        work.resolve_combat(&g.scen, 0, &mut RngChance(&mut rng), &mut ());
        let o = combat::outcome_of(&g.scen, &g.st, &work, &a, &r, target);
        let i = d
            .outcomes
            .iter()
            .position(|(x, _)| *x == o)
            .unwrap_or_else(|| panic!("{o:?} is not in the calculator's outcomes"));
        counts[i] += 1;
    }
    for ((o, p), c) in d.outcomes.iter().zip(&counts) {
        let f = *c as f64 / n as f64;
        assert!(
            (f - p).abs() <= half_width(*p, n as f64),
            "{o:?}: observed {f}, computed {p}"
        );
    }
}

#[test]
fn combat_events_read_as_a_log_with_the_dice() {
    let (g, ev) = corridor_retreat(&[("b2", "0601")], |_| {});
    let log: Vec<String> = ev.iter().map(|e| e.describe(&g.scen)).collect();
    let text = log.join("\n");
    assert!(
        text.contains("combat at 0302: 4 against 2, column 2:1; rolled 1: R2"),
        "{text}"
    );
    assert!(
        text.contains("r1 retreats from 0302 via 0401 0502"),
        "{text}"
    );
    assert!(
        text.contains("r1 in 0502 loses a step (retreat), 1 left"),
        "{text}"
    );
    let mut g = Game::new("cbt_open.toml", &[("b3", "0202"), ("r3", "0302")], |_| {});
    g.attack("b3", "0302");
    let ev = g.roll(2, &[2]);
    let text: Vec<String> = ev.iter().map(|e| e.describe(&g.scen)).collect();
    assert!(
        text.iter()
            .any(|l| l.contains("air 2 against 1; rolled 3 (modified 4): D1R2")),
        "{text:?}"
    );
}

/// The corridor under the graded model, with `extra` lines in `[supply]`.
fn graded_corridor(extra: &str) -> Scenario {
    let src = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/cbt_corridor.toml"
    ))
    .unwrap()
        + "\n[supply]\nmodel = \"graded\"\n"
        + extra;
    Scenario::from_toml(&src, "cbt_graded.toml").unwrap()
}

// rule: GS-4
#[test]
fn gs_4_attacks_cost_supply_points() {
    let scen = graded_corridor("attack_sp = 2\nstarting_points = { blue = 3 }\n");
    let mut g = Game::with(
        scen,
        &[
            ("b1", "0202"),
            ("b3", "0401"),
            ("r1", "0302"),
            ("r3", "0402"),
        ],
        |_| {},
    );
    assert_eq!(g.st.supply_points(Side(0)), 3);
    g.attack("b1", "0302");
    g.roll(0, &[1]);
    assert_eq!(g.st.supply_points(Side(0)), 1);
    // One point left: no second attack.
    assert_eq!(g.refused("b3", "0402"), NoAttack::NoSupplyPoints);
}

// rule: GS-7
#[test]
fn gs_7_isolated_units_lose_more_in_combat() {
    // The corridor under the graded model: no HQ anywhere, so every unit is
    // combat-isolated when the Combat Phase begins, and a side that loses
    // any step in combat loses `isolated_losses` (1) more.
    let scen = graded_corridor("isolated_losses = 1\n");
    let mut g = Game::with(scen, &[("b1", "0202"), ("r1", "0302")], |_| {});
    assert!(g.st.unit(g.u("r1")).has(UnitFlags::COMBAT_ISOLATED));
    g.attack("b1", "0302");
    // A 2: D1, and one more for isolation: r1's two steps are gone.
    g.roll(0, &[1]);
    assert_eq!(g.steps("r1"), 0);
    assert_eq!(g.steps("b1"), 2, "no attacker loss, no extra");
    // The same combat in general supply: D1 is one step.
    let g = corridor_held(&[]);
    assert_eq!(g.steps("r1"), 1);
}

#[test]
fn branches_are_the_positions_a_combat_can_leave_with_exact_chances() {
    let g = two_on_two();
    let b = combat::branches(&g.scen, &g.st, 0);
    let total: f64 = b.iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-12);
    // Distinct positions, each with the attack rolled.
    for (i, (x, _)) in b.iter().enumerate() {
        assert!(!x.combat().target.is_some());
        assert!(b[i + 1..].iter().all(|(y, _)| y != x));
    }
    // At 2:1 the six faces (R2, D1, D1R2, EX, A3, A2D2) all end differently.
    assert!(b.len() >= 6, "{}", b.len());
}

// rule: MP-CHG-5
#[test]
fn morale_losses_come_off_morale_then_strength_and_the_calculator_counts_them() {
    // The corridor with losses in morale: r1 (no morale value: 0) takes a
    // D1 as a point off its strength (2 -> 1), keeps its steps.
    let src = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/cbt_corridor.toml"
    ))
    .unwrap()
    .replace(
        "amphibious_loss = 1",
        "amphibious_loss = 1\nlosses = \"morale\"",
    );
    let scen = Scenario::from_toml(&src, "cbt_morale.toml").unwrap();
    let mut g = Game::with(scen, &[("b1", "0202"), ("r1", "0302")], |_| {});
    g.attack("b1", "0302");
    let d = combat::distribution(&g.scen, &g.st, 0);
    // Die 2 (D1) and die 4 (EX) each cost the defender one point and no
    // step, and it stays: 2/6 (die 3, D1R2, costs one and it retreats).
    let p: f64 = d
        .outcomes
        .iter()
        .filter(|(o, _)| o.defender_morale == 1 && o.defender_steps == 0 && !o.retreated)
        .map(|(_, p)| p)
        .sum();
    assert!((p - 2.0 / 6.0).abs() < 1e-12, "{:?}", d.outcomes);
    g.roll(0, &[1]);
    let r1 = g.st.unit(g.u("r1"));
    assert_eq!((r1.steps, r1.morale, r1.strength_loss), (2, 0, 1));
    assert_eq!(g.st.defense_strength(&g.scen, g.u("r1")), 1.0);
}

#[path = "combat/audit.rs"]
mod audit;
#[path = "combat/audit5.rs"]
mod audit5;
#[path = "combat/audit6.rs"]
mod audit6;
#[path = "combat/audit8.rs"]
mod audit8;
#[path = "combat/results.rs"]
mod results;
