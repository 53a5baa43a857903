//! GS-9: isolated pockets, worked by hand from the rule text (16.G.3) on
//! `tests/fixtures/gs_pockets.toml` (its header gives the position): a
//! pocket formed by a loss while isolated, its own pool of RPs and
//! eliminated units, rebuilding from it, shipping out, elimination when
//! the enemy controls its last hex or by choice, relief, and the pools in
//! saved games.

mod common;

use hexwar_engine::action::NoPool;
use hexwar_engine::save::SavedGame;
use hexwar_engine::state::{POOL_ELIMINATED_ISOLATED, POOL_FRONT, UnitFlags};
use hexwar_engine::{
    Action, ActionError, Event, GameState, HexId, PhaseKind, Scenario, Side, UnitId,
};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const BLUE: Side = Side(0);
const RED: Side = Side(1);

struct Game {
    scen: Scenario,
    st: GameState,
    rng: Xoshiro256PlusPlus,
    events: Vec<Event>,
}

impl Game {
    fn new() -> Game {
        Game::from_scenario(common::load("gs_pockets.toml").0)
    }

    fn from_scenario(scen: Scenario) -> Game {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
        let mut events = Vec::new();
        let st = GameState::new_with(&scen, &mut rng, &mut events);
        Game {
            scen,
            st,
            rng,
            events,
        }
    }

    fn u(&self, id: &str) -> UnitId {
        self.scen.unit_by_id(id).unwrap()
    }

    fn h(&self, l: &str) -> HexId {
        self.scen.grid().parse(l).unwrap()
    }

    fn apply(&mut self, a: Action) {
        self.events.clear();
        let mut legal = Vec::new();
        self.st.legal_actions(&self.scen, &mut legal);
        assert!(
            legal.contains(&a),
            "{a:?} not among the legal actions {legal:?}"
        );
        self.st
            .apply(&self.scen, a, &mut self.rng, &mut self.events)
            .unwrap_or_else(|e| panic!("{a:?}: {}", e.describe(&self.scen)));
    }

    fn refuse(&mut self, a: Action) -> NoPool {
        let before = self.st.clone();
        let mut legal = Vec::new();
        self.st.legal_actions(&self.scen, &mut legal);
        assert!(!legal.contains(&a), "{a:?} listed as legal");
        match self.st.apply(&self.scen, a, &mut self.rng, &mut ()) {
            Err(ActionError::NoPool(why)) => {
                assert_eq!(self.st, before, "a refused action changed the state");
                why
            }
            other => panic!("{a:?}: expected a GS-9 refusal, got {other:?}"),
        }
    }

    fn end(&mut self) {
        self.apply(Action::EndPhase);
    }

    fn phase(&self, side: Side, phase: PhaseKind, turn: u8) {
        assert_eq!(
            (
                self.st.active_side(),
                self.st.phase(&self.scen),
                self.st.turn()
            ),
            (side, phase, turn)
        );
    }

    fn pocket(&self, l: &str) -> Option<usize> {
        self.st.pocket_at(self.h(l))
    }

    fn pocket_hexes(&self, k: usize) -> Vec<String> {
        let g = self.scen.grid();
        g.hexes()
            .filter(|h| self.st.pocket_at(*h) == Some(k))
            .map(|h| g.label(h))
            .collect()
    }

    fn steps(&self, id: &str) -> u8 {
        self.st.unit(self.u(id)).steps
    }

    fn pool(&self, id: &str) -> u8 {
        self.st.unit(self.u(id)).pool
    }

    /// Saves and reloads through JSON and the checked loader.
    fn round_trip(&self) -> GameState {
        let saved = self.st.to_saved(&self.scen);
        let json = serde_json::to_string(&saved).unwrap();
        let back: SavedGame = serde_json::from_str(&json).unwrap();
        GameState::from_saved(&self.scen, &back)
            .unwrap_or_else(|e| panic!("the saved game does not load: {e}"))
    }
}

// rule: GS-9
#[test]
fn gs_9_pocket_script_forms_rebuilds_ships_out_and_falls() {
    common::check("gs_pockets.toml");
}

// rule: GS-9
#[test]
fn gs_9_pocket_forms_when_an_isolated_unit_takes_a_loss() {
    let g = Game::new();
    // Blue's first supply judgement: a1 and a2 are isolated (no line of
    // communication reaches 0801, 0901), then attrition takes a step from
    // each. The first loss forms pocket A over the connected group of
    // isolated hexes Blue holds: 0701-1001 (0601 is within LOC range).
    g.phase(BLUE, PhaseKind::Movement, 1);
    assert!(g.st.unit(g.u("a1")).has(UnitFlags::SUPPLY_ISOLATED));
    assert_eq!(g.pocket_hexes(0), ["0701", "0801", "0901", "1001"]);
    assert_eq!(g.pocket("0601"), None);
    assert!(g.st.hex_isolated(g.h("0701")) && !g.st.hex_isolated(g.h("0601")));
    assert!(g.st.pockets()[0].of(BLUE));
    assert!(!g.st.pockets()[1].active(), "one pocket, not one per loss");
    assert!(g.events.iter().any(|e| matches!(
        e,
        Event::PocketFormed { side: BLUE, pocket: 0, hex } if *hex == g.h("0801")
    )));
    // The RPs of both losses went to the pocket's own pool, not the front
    // pool (3 initial + 1 of this judgement).
    assert_eq!(g.st.pockets()[0].rp, 2);
    assert_eq!(g.st.replacement_points(BLUE), 4);
    assert_eq!((g.steps("a1"), g.steps("a2")), (1, 1));
}

// rule: GS-9
#[test]
fn gs_9_no_pocket_without_isolation_and_none_when_form_is_off() {
    // H is in supply and not isolated: a loss there would go to the front
    // pool; and with `form = false` isolated losses form no pocket.
    let (_, src) = common::load("gs_pockets.toml");
    let src = src.replace("ship_units = 1\n", "ship_units = 1\nform = false\n");
    let g = Game::from_scenario(Scenario::from_toml(&src, "gs_pockets.toml").unwrap());
    assert!(g.st.pockets().iter().all(|p| !p.active()));
    assert_eq!(g.pocket("0801"), None);
    // Both losses' RPs went to the front pool: 3 + 1 + 2.
    assert_eq!(g.st.replacement_points(BLUE), 6);
    // Isolated and in no pocket, a1 draws on no pool.
    let mut g = g;
    let a1 = g.u("a1");
    assert_eq!(
        g.refuse(Action::Rebuild {
            unit: a1,
            hex: g.h("0801"),
        }),
        NoPool::Isolated
    );
}

// rule: GS-9
#[test]
fn gs_9_rebuild_a_step_from_the_pocket_pool_only() {
    let mut g = Game::new();
    let (a1, a2) = (g.u("a1"), g.u("a2"));
    // The pocket's pool pays (2 RPs for a step), not the front pool.
    g.apply(Action::Rebuild {
        unit: a1,
        hex: g.h("0801"),
    });
    assert_eq!(g.steps("a1"), 2);
    assert_eq!(g.st.pockets()[0].rp, 0);
    assert_eq!(
        g.st.replacement_points(BLUE),
        4,
        "the front pool is untouched"
    );
    assert_eq!(g.st.steps_lost()[BLUE.index()], 1);
    // The pool is empty now; the front pool's 4 RPs cannot reach a2.
    assert_eq!(
        g.refuse(Action::Rebuild {
            unit: a2,
            hex: g.h("0901"),
        }),
        NoPool::NoRp { needed: 2, held: 0 }
    );
    // A unit at full strength, another hex, the enemy's unit.
    assert_eq!(
        g.refuse(Action::Rebuild {
            unit: a1,
            hex: g.h("0801"),
        }),
        NoPool::FullStrength
    );
    assert_eq!(
        g.refuse(Action::Rebuild {
            unit: a2,
            hex: g.h("1001"),
        }),
        NoPool::BadHex
    );
    let r1 = g.u("r1");
    assert_eq!(
        g.refuse(Action::Rebuild {
            unit: r1,
            hex: g.h("1301"),
        }),
        NoPool::NotYours
    );
}

// rule: GS-9
#[test]
fn gs_9_eliminated_units_go_to_the_pocket_pool_and_are_rebuilt_in_the_pocket() {
    let mut g = Game::new();
    // Turn 2: attrition eliminates a1 and a2 (1 step each): both go to
    // pool A with their RPs (2 + 2 = 4). (Combat Phases with no attack
    // to make pass by themselves.)
    g.end();
    g.phase(RED, PhaseKind::Movement, 1);
    g.end();
    g.phase(BLUE, PhaseKind::Movement, 2);
    assert_eq!((g.steps("a1"), g.steps("a2")), (0, 0));
    assert_eq!((g.pool("a1"), g.pool("a2")), (1, 1), "pool A is pool 1");
    assert_eq!(g.st.pockets()[0].rp, 4);
    // The pocket outlives its units while Blue holds its hexes.
    assert_eq!(g.pocket_hexes(0), ["0701", "0801", "0901", "1001"]);
    let a2 = g.u("a2");
    // Back at one step in a hex of the pocket, not outside it.
    assert_eq!(
        g.refuse(Action::Rebuild {
            unit: a2,
            hex: g.h("0501"),
        }),
        NoPool::BadHex
    );
    g.apply(Action::Rebuild {
        unit: a2,
        hex: g.h("1001"),
    });
    let u = *g.st.unit(a2);
    assert_eq!((u.hex, u.steps, u.pool), (g.h("1001"), 1, POOL_FRONT));
    assert!(
        u.has(UnitFlags::MOVE_ENDED),
        "rebuilt units do not move this phase"
    );
    assert_eq!(g.st.pockets()[0].rp, 2);
    // a1 stays in pool A.
    assert_eq!(g.pool("a1"), 1);
}

// rule: GS-9
#[test]
fn gs_9_ship_out_rps_and_units_up_to_the_capacity() {
    let mut g = Game::new();
    g.apply(Action::ShipRp { pocket: 0 });
    assert_eq!(g.st.pockets()[0].rp, 1);
    assert_eq!(g.st.replacement_points(BLUE), 5);
    assert_eq!(g.refuse(Action::ShipRp { pocket: 0 }), NoPool::ShipSpent);
    assert_eq!(g.refuse(Action::ShipRp { pocket: 3 }), NoPool::NoPocket);
    // Turn 2: a1, a2 eliminated into pool A; one may be flown out.
    g.end();
    g.end();
    g.phase(BLUE, PhaseKind::Movement, 2);
    let (a1, a2) = (g.u("a1"), g.u("a2"));
    g.apply(Action::ShipUnit { unit: a1 });
    assert_eq!(g.pool("a1"), POOL_FRONT);
    assert_eq!(g.refuse(Action::ShipUnit { unit: a2 }), NoPool::ShipSpent);
    assert_eq!(g.refuse(Action::ShipUnit { unit: a1 }), NoPool::NotInPool);
    // From the front pool a1 is rebuilt at a supply source (0101).
    g.apply(Action::Rebuild {
        unit: a1,
        hex: g.h("0101"),
    });
    assert_eq!(g.st.unit(a1).hex, g.h("0101"));
}

// rule: GS-9
#[test]
fn gs_9_pocket_eliminated_when_enemy_controls_last_hex() {
    let mut g = Game::new();
    g.end();
    g.end();
    // Blue turn 2: a1, a2 eliminated into pool A (4 RPs). Red marches in.
    g.phase(BLUE, PhaseKind::Movement, 2);
    g.end();
    g.phase(RED, PhaseKind::Movement, 2);
    let r1 = g.u("r1");
    g.apply(Action::Move {
        unit: r1,
        to: g.h("1001"),
    });
    g.apply(Action::Move {
        unit: r1,
        to: g.h("0901"),
    });
    g.apply(Action::Move {
        unit: r1,
        to: g.h("0801"),
    });
    // 0701 is still Blue's: the pocket lives on.
    assert!(g.st.pockets()[0].active());
    assert_eq!(g.pocket_hexes(0), ["0701"]);
    g.apply(Action::Move {
        unit: r1,
        to: g.h("0701"),
    });
    assert!(!g.st.pockets()[0].active(), "its last hex is Red's");
    assert!(g.events.iter().any(|e| matches!(
        e,
        Event::PocketEliminated {
            side: BLUE,
            pocket: 0,
            rp_lost: 4,
            voluntary: false
        }
    )));
    assert_eq!(g.pool("a1"), POOL_ELIMINATED_ISOLATED);
    assert_eq!(g.pool("a2"), POOL_ELIMINATED_ISOLATED);
    assert_eq!(
        g.st.replacement_points(BLUE),
        5,
        "the pocket's RPs are lost"
    );
    assert!(g.scen.grid().hexes().all(|h| g.st.pocket_at(h).is_none()));
}

// rule: GS-9
#[test]
fn gs_9_pocket_eliminated_voluntarily() {
    let mut g = Game::new();
    // Only by its own side, in its Movement Phase.
    g.end();
    g.phase(RED, PhaseKind::Movement, 1);
    assert_eq!(
        g.refuse(Action::EliminatePocket { pocket: 0 }),
        NoPool::NotYours
    );
    g.end();
    g.phase(BLUE, PhaseKind::Movement, 2);
    g.apply(Action::EliminatePocket { pocket: 0 });
    assert!(g.events.iter().any(|e| matches!(
        e,
        Event::PocketEliminated {
            pocket: 0,
            rp_lost: 4,
            voluntary: true,
            ..
        }
    )));
    assert!(!g.st.pockets()[0].active());
    assert_eq!(g.pool("a1"), POOL_ELIMINATED_ISOLATED);
    // The eliminated-isolated box cannot be rebuilt from.
    let a1 = g.u("a1");
    assert_eq!(
        g.refuse(Action::Rebuild {
            unit: a1,
            hex: g.h("0101"),
        }),
        NoPool::NotInPool
    );
    assert_eq!(
        g.refuse(Action::EliminatePocket { pocket: 0 }),
        NoPool::NoPocket
    );
}

// rule: GS-9
#[test]
fn gs_9_pocket_relieved_when_a_line_of_communication_reaches_it() {
    let mut g = Game::new();
    for _ in 0..6 {
        g.end();
    }
    // Turn 4, dry: Blue's judgement finds a line of communication to every
    // hex of pocket A (from 0701, the road's end): relieved, its pool (2 +
    // 2 RPs of turns 1-2) and eliminated units join the front pool (3
    // initial + 1 a turn).
    g.phase(BLUE, PhaseKind::Movement, 4);
    assert!(!g.st.pockets()[0].active());
    assert!(g.scen.grid().hexes().all(|h| g.st.pocket_at(h).is_none()));
    assert!(g.events.iter().any(|e| matches!(
        e,
        Event::PocketRelieved {
            side: BLUE,
            pocket: 0
        }
    )));
    assert_eq!(g.st.replacement_points(BLUE), 3 + 4 + 4);
    assert_eq!((g.pool("a1"), g.pool("a2")), (POOL_FRONT, POOL_FRONT));
    assert!(!g.st.hex_isolated(g.h("1001")));
    let back = g.round_trip();
    assert_eq!(back, g.st);
}

// rule: GS-9
#[test]
fn gs_9_pools_survive_a_save_and_tampered_pools_are_refused() {
    let mut g = Game::new();
    g.end();
    g.end();
    g.phase(BLUE, PhaseKind::Movement, 2);
    g.apply(Action::ShipRp { pocket: 0 });
    let back = g.round_trip();
    assert_eq!(back, g.st);
    assert_eq!(back.pockets()[0].rp_shipped, 1);
    let saved = g.st.to_saved(&g.scen);
    let pools = saved.pools.clone().expect("pools saved");
    assert_eq!(pools.pockets[0].pool, "A");
    assert_eq!(pools.pockets[0].hexes, ["0701", "0801", "0901", "1001"]);
    let refused = |edit: &dyn Fn(&mut SavedGame), what: &str| {
        let mut s = saved.clone();
        edit(&mut s);
        let e = GameState::from_saved(&g.scen, &s)
            .map(|_| ())
            .expect_err(what)
            .to_string();
        assert!(e.contains(what), "{e:?} should say {what:?}");
    };
    refused(
        &|s| {
            s.pools.as_mut().unwrap().pockets[0]
                .hexes
                .push("0201".into())
        },
        "not an isolated hex its side controls",
    );
    refused(
        &|s| s.pools.as_mut().unwrap().pockets[0].pool = "Z".into(),
        "no pool \"Z\"",
    );
    refused(
        &|s| s.pools.as_mut().unwrap().pockets[0].rp_shipped = 2,
        "shipped out more than the scenario allows",
    );
    refused(
        &|s| s.pools.as_mut().unwrap().pockets[0].hexes.clear(),
        "has no hex",
    );
    refused(
        &|s| s.units[0].pool = Some("A".into()),
        "in a pool, but not eliminated",
    );
    refused(
        &|s| s.units[1].pool = Some("B".into()),
        "in the pool of no pocket of its side",
    );
    refused(
        &|s| s.pools.as_mut().unwrap().isolated.push("1201".into()),
        "nobody controls it",
    );
}

// rule: GS-9
#[test]
fn gs_9_pools_refused_in_a_scenario_without_pockets_and_bad_data_named() {
    let (_, src) = common::load("gs_pockets.toml");
    let start = src.find("[supply.pockets]").unwrap();
    let end = src.find("[rules]").unwrap();
    let plain = format!("{}{}", &src[..start], &src[end..]);
    let g = Game::from_scenario(Scenario::from_toml(&plain, "plain.toml").unwrap());
    assert!(g.st.pockets().iter().all(|p| !p.active()));
    assert_eq!(g.st.pocket_at(g.h("0801")), None);
    let mut saved = g.st.to_saved(&g.scen);
    assert!(saved.pools.is_none(), "no pools saved without pockets");
    saved.pools = Some(hexwar_engine::save::SavedPools {
        replacement_points: [1, 0],
        pockets: Vec::new(),
        isolated: Vec::new(),
    });
    let e = GameState::from_saved(&g.scen, &saved)
        .unwrap_err()
        .to_string();
    assert!(e.contains("no replacement points or pockets"), "{e}");
    // Bad data in [supply.pockets] names file, line and field.
    let bad = src.replace("step_rp = 2", "step_rp = 0");
    let e = Scenario::from_toml(&bad, "bad.toml")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("bad.toml:") && e.contains("step_rp must be 1 to 1000"),
        "{e}"
    );
    let bad = src.replace("rp_per_turn = { blue = 1 }", "rp_per_turn = { green = 1 }");
    let e = Scenario::from_toml(&bad, "bad.toml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("green"), "{e}");
    // Under another model the table is an error.
    let bad = src.replace("model = \"graded\"", "model = \"binary\"");
    let e = Scenario::from_toml(&bad, "bad.toml")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("pockets belongs to the graded supply model"),
        "{e}"
    );
}

// rule: GS-9
#[test]
fn gs_9_two_pockets_meet_and_merge_into_one_pool() {
    // As the fixture, but a1 starts in 0701 and nobody holds 0801: the
    // two losses form two pockets, A = 0701 and B = 0901-1001.
    let (_, src) = common::load("gs_pockets.toml");
    let src = src
        .replace("\"0701\", \"0801\", \"0901\"", "\"0701\", \"0901\"")
        .replace(
            "id = \"a1\"\nside = \"blue\"\ntype = \"inf\"\nhex = \"0801\"",
            "id = \"a1\"\nside = \"blue\"\ntype = \"inf\"\nhex = \"0701\"",
        );
    let mut g = Game::from_scenario(Scenario::from_toml(&src, "gs_pockets.toml").unwrap());
    assert_eq!(g.pocket_hexes(0), ["0701"]);
    assert_eq!(g.pocket_hexes(1), ["0901", "1001"]);
    assert_eq!((g.st.pockets()[0].rp, g.st.pockets()[1].rp), (1, 1));
    // a1 takes 0801; at the Combat Phase's judgement it is an isolated
    // hex of Blue's between the two: they merge into A with both pools.
    let a1 = g.u("a1");
    g.apply(Action::Move {
        unit: a1,
        to: g.h("0801"),
    });
    g.end();
    assert_eq!(g.pocket_hexes(0), ["0701", "0801", "0901", "1001"]);
    assert!(!g.st.pockets()[1].active());
    assert_eq!(g.st.pockets()[0].rp, 2);
    assert!(g.events.iter().any(|e| matches!(
        e,
        Event::PocketsMerged {
            side: BLUE,
            into: 0,
            from: 1
        }
    )));
}
