//! What the play page asks beyond actions: undo and redo within a phase,
//! the hint, the supply markers, why a unit cannot join an attack, the
//! free road hex explained, the map's key and side colours, a new game of
//! another scenario or of a scenario file, and the log in player-turn
//! order.

mod common;
mod play_common;

use common::position;
use hexwar_engine::{Action, Side};
use hexwar_sim::play::{ActionJson, Session};
use play_common::{builtin, get, ok, post, refused, session_at};
use serde_json::Value;

fn act(s: &mut Session, a: Action) -> Value {
    let body = serde_json::to_string(&ActionJson::from_action(s.scenario(), a)).unwrap();
    ok(post(s, "/api/action", &body))
}

/// Two moves of different units, legal one after the other, from a
/// Movement Phase of malaya.
fn two_moves() -> (Session, Action, Action) {
    let (scen, st, a) = position("malaya", |scen, st, a| {
        matches!(a, Action::Move { .. })
            && st.phase(scen) == hexwar_engine::PhaseKind::Movement
            && st.units_of(scen, st.active_side()).count() > 3
    });
    let Action::Move { unit: first, .. } = a else {
        unreachable!()
    };
    let mut after = st.clone();
    after
        .apply(
            &scen,
            a,
            &mut <hexwar_ai::AiRng as rand::SeedableRng>::seed_from_u64(0),
            &mut (),
        )
        .unwrap();
    let mut legal = Vec::new();
    after.legal_actions(&scen, &mut legal);
    let b = legal
        .into_iter()
        .find(|b| matches!(b, Action::Move { unit, .. } if *unit != first))
        .expect("a second unit to move");
    (session_at(&scen, st), a, b)
}

#[test]
fn undo_and_redo_restore_the_exact_positions_within_the_phase() {
    let (mut s, a, b) = two_moves();
    let scen = s.scenario().clone();
    let start = s.state().clone();
    let log0 = ok(get(&mut s, "/api/state"))["log"].clone();
    refused(&post(&mut s, "/api/undo", ""), 409, "nothing to undo");
    refused(&post(&mut s, "/api/redo", ""), 409, "nothing to redo");
    act(&mut s, a);
    let after_a = s.state().clone();
    let r = act(&mut s, b);
    assert_eq!(r["state"]["undo"], 2);
    let after_b = s.state().clone();
    assert_eq!(s.record().actions.len(), 2);
    // Back twice: the positions as they were, the log and the record too.
    let r = ok(post(&mut s, "/api/undo", ""));
    assert_eq!(
        (r["state"]["undo"].as_u64(), r["state"]["redo"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(*s.state(), after_a);
    ok(post(&mut s, "/api/undo", ""));
    assert_eq!(*s.state(), start);
    assert_eq!(s.state().to_saved(&scen), start.to_saved(&scen));
    assert_eq!(ok(get(&mut s, "/api/state"))["log"], log0);
    assert!(s.record().actions.is_empty());
    refused(&post(&mut s, "/api/undo", ""), 409, "nothing to undo");
    // Forward again, through the checked apply: the same positions.
    ok(post(&mut s, "/api/redo", ""));
    assert_eq!(*s.state(), after_a);
    let r = ok(post(&mut s, "/api/redo", ""));
    assert_eq!(*s.state(), after_b);
    assert_eq!(r["state"]["redo"], 0);
    // A new action after an undo forgets the redo.
    ok(post(&mut s, "/api/undo", ""));
    ok(post(&mut s, "/api/action", r#"{"type":"end_phase"}"#));
    refused(&post(&mut s, "/api/redo", ""), 409, "nothing to redo");
    // The phase ended: nothing of it can be taken back.
    refused(&post(&mut s, "/api/undo", ""), 409, "nothing to undo");
}

#[test]
fn no_undo_past_a_die_roll_and_rail_take_back_stays() {
    // rule: MAL-RAIL-6 (the take-back is an action, undo beside it)
    let (scen, st, a) = position("malaya", |_, _, a| matches!(a, Action::Attack { .. }));
    let mut s = session_at(&scen, st);
    // Declaring an attack rolls nothing: it can be undone.
    act(&mut s, a);
    assert_eq!(ok(get(&mut s, "/api/state"))["undo"], 1);
    ok(post(&mut s, "/api/undo", ""));
    assert!(!s.state().combat().target.is_some());
    // Rolled: the dice moved on, nothing can be taken back.
    act(&mut s, a);
    let r = ok(post(&mut s, "/api/action", r#"{"type":"resolve","air":0}"#));
    assert_eq!(r["state"]["undo"], 0);
    refused(&post(&mut s, "/api/undo", ""), 409, "nothing to undo");
    // A rail move: undone by undo, or taken back by the rule's own action.
    let (scen, st, a) = position("malaya", |_, _, a| matches!(a, Action::RailMove { .. }));
    let Action::RailMove { unit, .. } = a else {
        unreachable!()
    };
    let mut s = session_at(&scen, st.clone());
    act(&mut s, a);
    ok(post(&mut s, "/api/undo", ""));
    assert_eq!(*s.state(), st);
    act(&mut s, a);
    act(&mut s, Action::UndoRail { unit });
    assert_eq!(s.state().unit(unit).hex, st.unit(unit).hex);
}

#[test]
fn mal_cbt_9_an_advance_is_taken_back_by_undo_before_the_next_roll() {
    // rule: MAL-CBT-9 (the rule text's advance "cancelled" before the
    // combat closes: in the page, Undo, since an advance rolls no die)
    let (scen, st, a) = position("malaya", |_, _, a| matches!(a, Action::Advance { .. }));
    let Action::Advance { unit } = a else {
        unreachable!()
    };
    let mut s = session_at(&scen, st.clone());
    act(&mut s, a);
    assert_ne!(s.state().unit(unit).hex, st.unit(unit).hex, "it advanced");
    assert_eq!(ok(get(&mut s, "/api/state"))["undo"], 1);
    ok(post(&mut s, "/api/undo", ""));
    assert_eq!(*s.state(), st, "the position before the advance, exactly");
    let mut legal = Vec::new();
    s.state().legal_actions(&scen, &mut legal);
    assert!(legal.contains(&a), "the advance is offered again");
}

/// Whether the normal level chooses an action like `want` in `st`.
fn heuristic_would(
    scen: &hexwar_engine::Scenario,
    st: &hexwar_engine::GameState,
    want: fn(&Action) -> bool,
) -> bool {
    use hexwar_ai::Player;
    let mut p = hexwar_ai::HeuristicPlayer::from_options("").unwrap();
    let mut rng = <hexwar_ai::AiRng as rand::SeedableRng>::seed_from_u64(0);
    want(&p.choose(scen, st, &mut rng))
}

#[test]
fn the_hint_is_a_legal_action_with_its_reason_and_changes_nothing() {
    let is_attack: fn(&Action) -> bool = |a| matches!(a, Action::Attack { .. });
    let (scen, st, _) = position("malaya", |scen, st, a| {
        is_attack(a) && !st.combat().target.is_some() && heuristic_would(scen, st, is_attack)
    });
    let mut s = session_at(&scen, st);
    let before = s.state().clone();
    let version = ok(get(&mut s, "/api/state"))["version"].clone();
    let h = ok(get(&mut s, "/api/hint"));
    assert_eq!(h["by"], "normal");
    assert_eq!(*s.state(), before, "asking for a hint changed the game");
    assert_eq!(ok(get(&mut s, "/api/state"))["version"], version);
    assert_eq!(h["action"]["type"], "attack", "{h}");
    // Every attacker, the exact odds of the whole attack, and its words.
    let attackers = h["attackers"].as_array().unwrap();
    assert!(!attackers.is_empty(), "{h}");
    assert_eq!(
        h["odds"]["attackers"].as_array().unwrap().len(),
        attackers.len()
    );
    let total: f64 = h["odds"]["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["probability"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-9, "{h}");
    let reason = h["reason"].as_array().unwrap();
    assert!(
        reason
            .iter()
            .any(|r| r.as_str().unwrap().contains(h["target"].as_str().unwrap())),
        "{h}"
    );
    // The action it suggests is legal: the page may play it.
    ok(post(&mut s, "/api/action", &h["action"].to_string()));
    // In a Movement Phase it names the unit, its destination and path.
    let is_move: fn(&Action) -> bool = |a| matches!(a, Action::Move { .. });
    let (scen, st, _) = position("malaya", |scen, st, a| {
        is_move(a)
            && st.phase(scen) == hexwar_engine::PhaseKind::Movement
            && heuristic_would(scen, st, is_move)
    });
    let mut s = session_at(&scen, st);
    let h = ok(get(&mut s, "/api/hint"));
    assert_eq!(h["action"]["type"], "move", "{h}");
    assert_eq!(h["path"].as_array().unwrap().last().unwrap(), &h["to"]);
    assert!(
        h["reason"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r.as_str().unwrap().contains("scores best")),
        "{h}"
    );
    ok(post(&mut s, "/api/action", &h["action"].to_string()));
    // Not the person's turn: refused.
    let mut s = Session::new(builtin("malaya"), Side(1), "random", 1).unwrap();
    refused(&get(&mut s, "/api/hint"), 409, "not your turn");
}

#[test]
fn supply_markers_follow_the_supply_model() {
    // The graded model: full supply wears no marker (issue 16: every
    // counter carried "U").
    let mut s = Session::new(builtin("eastfront"), Side(0), "random", 1).unwrap();
    let st = ok(get(&mut s, "/api/state"));
    let units = st["units"].as_array().unwrap();
    let on_map: Vec<&Value> = units.iter().filter(|u| !u["hex"].is_null()).collect();
    for u in &on_map {
        let marker = &u["supply_marker"];
        match u["supply"].as_str().unwrap() {
            "full" => assert!(marker.is_null(), "{u}"),
            "limited" => assert_eq!(marker, "L", "{u}"),
            "out" => assert!(marker.as_str().unwrap().starts_with('U'), "{u}"),
            _ => assert!(marker.as_str().unwrap().starts_with('S'), "{u}"),
        }
    }
    let full = on_map.iter().filter(|u| u["supply"] == "full").count();
    assert!(full * 2 > on_map.len(), "most start in full supply");
    // The binary model: only the unsupplied wear one, OOS.
    let (scen, st, _) = position("malaya", |scen, st, _| {
        st.units()
            .iter()
            .any(|u| u.on_map() && u.supply == hexwar_engine::SupplyState::Out)
            && st.active_side() == Side(0)
            && st.phase(scen) == hexwar_engine::PhaseKind::Movement
    });
    let mut s = session_at(&scen, st);
    let st = ok(get(&mut s, "/api/state"));
    for u in st["units"].as_array().unwrap() {
        let want = (u["supply"] == "unsupplied" && !u["hex"].is_null()).then_some("OOS");
        assert_eq!(u["supply_marker"].as_str(), want, "{u}");
    }
}

#[test]
fn a_unit_that_cannot_join_an_attack_says_why() {
    let (scen, st, a) = position("malaya", |_, _, a| matches!(a, Action::Attack { .. }));
    let Action::Attack { unit, target } = a else {
        unreachable!()
    };
    let mut s = session_at(&scen, st.clone());
    let grid = scen.grid();
    let u = &scen.unit(unit).id;
    let r = ok(get(
        &mut s,
        &format!("/api/unit/{u}?target={}", grid.label(target)),
    ));
    assert_eq!(r["attack_on"]["ok"], true, "{r}");
    // A hex far away: not adjacent, and the engine says so.
    let far = grid
        .hexes()
        .max_by_key(|&h| grid.distance(h, st.unit(unit).hex))
        .unwrap();
    let r = ok(get(
        &mut s,
        &format!("/api/unit/{u}?target={}", grid.label(far)),
    ));
    assert_eq!(r["attack_on"]["ok"], false);
    assert!(
        r["attack_on"]["reason"]
            .as_str()
            .is_some_and(|w| w.contains(u)),
        "{r}"
    );
    refused(
        &get(&mut s, &format!("/api/unit/{u}?bogus=1")),
        400,
        "bogus",
    );
}

#[test]
fn a_free_road_hex_is_explained() {
    // rule: MP-MOV-5 (the page shows why a hex costs 0)
    let (scen, st, a) = position("malaya", |scen, st, a| match a {
        Action::Move { unit, to } => hexwar_engine::reachable(scen, st, *unit)
            .destinations
            .iter()
            .any(|d| d.hex == *to && d.cost.0 == 0),
        _ => false,
    });
    let Action::Move { unit, to } = a else {
        unreachable!()
    };
    let mut s = session_at(&scen, st);
    let r = ok(get(&mut s, &format!("/api/unit/{}", scen.unit(unit).id)));
    let note = r["move_notes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["hex"] == scen.grid().label(to))
        .expect("the free hex has a note");
    // Malaya is not of the Morne Plaine family: the rule is explained, its
    // MP- ID left out (messages cite the scenario's own family).
    let text = note["note"].as_str().unwrap();
    assert!(
        text.contains("the first hex along a road costs nothing"),
        "{text}"
    );
    assert!(!text.contains("MP-"), "{text}");
    for n in r["move_notes"].as_array().unwrap() {
        let d = r["moves"]["destinations"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["hex"] == n["hex"])
            .unwrap();
        assert_eq!(d["cost_mp"], 0.0);
    }
}

#[test]
fn the_key_and_the_side_colours_are_the_maps() {
    for name in hexwar_engine::builtin::names() {
        let scen = builtin(name);
        let mut s = Session::new(scen.clone(), Side(0), "random", 1).unwrap();
        let sc = ok(get(&mut s, "/api/scenario"));
        // `hexwar show --svg` draws the counters in the page's colours.
        let svg = hexwar_sim::draw::map_svg::render(&scen, None);
        for side in sc["sides"].as_array().unwrap() {
            let c = side["color"].as_str().unwrap();
            assert!(svg.contains(&format!("fill=\"{c}\"")), "{name}: {c}");
        }
        assert_ne!(sc["sides"][0]["color"], sc["sides"][1]["color"]);
        // Every terrain on the map, with a cost per movement class.
        let legend = &sc["legend"];
        let classes = legend["classes"].as_array().unwrap().len();
        let on_map: std::collections::BTreeSet<String> = scen
            .grid()
            .hexes()
            .map(|h| scen.terrain(h).name.clone())
            .collect();
        let listed: std::collections::BTreeSet<String> = legend["terrain"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(on_map, listed, "{name}");
        for t in legend["terrain"].as_array().unwrap() {
            assert_eq!(t["costs"].as_array().unwrap().len(), classes);
        }
        let routes: Vec<&str> = legend["routes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["kind"].as_str().unwrap())
            .collect();
        assert!(routes.contains(&"road"), "{name}: {routes:?}");
    }
    // morne-plaine's streams, river, bridges and slopes are in its key.
    let mut s = Session::new(builtin("morne-plaine"), Side(0), "random", 1).unwrap();
    let sc = ok(get(&mut s, "/api/scenario"));
    let kinds: Vec<&str> = sc["legend"]["hexsides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["kind"].as_str().unwrap())
        .collect();
    for k in ["river", "stream", "bridge"] {
        assert!(kinds.contains(&k), "{kinds:?}");
    }
}

#[test]
fn new_game_of_another_scenario_or_a_file() {
    let mut s = Session::new(builtin("malaya"), Side(0), "random", 1).unwrap();
    let list = ok(get(&mut s, "/api/scenarios"));
    let names: Vec<&str> = list["builtin"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, hexwar_engine::builtin::names().collect::<Vec<_>>());
    let r = ok(post(
        &mut s,
        "/api/new",
        r#"{"scenario": "eastfront", "side": "axis", "ai": "novice", "seed": 4}"#,
    ));
    assert_eq!(r["seed"], 4);
    let sc = ok(get(&mut s, "/api/scenario"));
    assert_eq!(
        (sc["name"].as_str(), sc["human"].as_str()),
        (Some("eastfront"), Some("axis"))
    );
    assert_eq!(sc["supply_model"], "graded");
    let svg = String::from_utf8(get(&mut s, "/map.svg").body).unwrap();
    assert!(svg.contains("Stalingrad"), "the map is eastfront's");
    // A scenario file: checked, then played.
    let toml = std::fs::read_to_string(common::rich()).unwrap();
    let file = serde_json::json!({"name": "rich.toml", "toml": toml});
    let c = ok(post(&mut s, "/api/scenario/check", &file.to_string()));
    let side1 = c["sides"][1]["id"].as_str().unwrap().to_string();
    let body = serde_json::json!({"scenario_file": file, "side": side1});
    ok(post(&mut s, "/api/new", &body.to_string()));
    let sc = ok(get(&mut s, "/api/scenario"));
    assert_eq!(sc["name"], c["name"]);
    assert_eq!(sc["human"], side1.as_str());
    // A broken file: every error at its line, nothing changed.
    let before = s.state().clone();
    let bad = serde_json::json!({"name": "bad.toml", "toml": toml.replacen("[map]", "[mapp]", 1)});
    let r = post(&mut s, "/api/scenario/check", &bad.to_string());
    refused(&r, 400, "bad.toml:");
    let body = serde_json::json!({"scenario_file": bad});
    refused(
        &post(&mut s, "/api/new", &body.to_string()),
        400,
        "bad.toml:",
    );
    refused(
        &post(&mut s, "/api/new", r#"{"scenario": "atlantis"}"#),
        400,
        "atlantis",
    );
    assert_eq!(*s.state(), before);
}

#[test]
fn the_log_never_goes_back_a_player_turn() {
    // Issue 16: hexes taken by arriving reinforcements were logged under
    // the previous player-turn, so the headers went TURN 2, 1, 2.
    for name in ["malaya", "morne-plaine"] {
        let scen = builtin(name);
        let mut s = Session::new(scen.clone(), Side(0), "random", 2).unwrap();
        while s.state().turn() < 5 && !s.state().is_over() {
            if s.state().active_side() == s.human() {
                ok(post(&mut s, "/api/action", r#"{"type":"end_phase"}"#));
            } else {
                ok(post(&mut s, "/api/ai/finish", ""));
            }
        }
        let log = ok(get(&mut s, "/api/state"))["log"].clone();
        let key = |e: &Value| {
            let side = scen.side_by_name(e["side"].as_str().unwrap()).unwrap();
            (e["turn"].as_u64().unwrap(), side.index())
        };
        let log = log.as_array().unwrap();
        for w in log.windows(2) {
            assert!(key(&w[0]) <= key(&w[1]), "{name}: {} then {}", w[0], w[1]);
        }
        // A reinforcement's hex changes hands in its own player-turn.
        let arrivals = log
            .iter()
            .filter(|e| e["text"].as_str().unwrap().contains(" arrives at "))
            .count();
        assert!(arrivals > 0, "{name} has reinforcements by turn 4");
    }
}

// rule: MP-CHG-5
#[test]
fn the_counter_shows_the_strength_combat_uses_after_a_morale_loss() {
    // A morne-plaine unit with morale 0 that has lost a strength point to
    // morale: its attack strength in combat is one less than printed, and
    // /api/state shows that, not the printed value.
    let scen = builtin("morne-plaine");
    let mut rng = <hexwar_ai::AiRng as rand::SeedableRng>::seed_from_u64(0);
    let st = hexwar_engine::GameState::new(&scen, &mut rng);
    let (i, printed) = (0..scen.units().len())
        .map(|i| (i, hexwar_engine::UnitId(i as u16)))
        .find(|(_, u)| st.unit(*u).on_map() && st.attack_strength(&scen, *u) >= 2.0)
        .map(|(i, u)| (i, st.base_strength(&scen, u, true)))
        .unwrap();
    let mut saved = st.to_saved(&scen);
    saved.units[i].morale = 0;
    saved.units[i].strength_loss = 1;
    let st = hexwar_engine::GameState::from_saved(&scen, &saved).unwrap();
    let u = hexwar_engine::UnitId(i as u16);
    let used = st.attack_strength(&scen, u);
    assert_eq!(used, printed - 1.0);
    let mut s = session_at(&scen, st);
    let state = ok(get(&mut s, "/api/state"));
    let unit = play_common::unit_of(&state, &scen.unit(u).id);
    let movement = scen.unit_type(u).movement;
    assert_eq!(unit["strength"], format!("{}-{}", used, movement));
    assert_ne!(unit["strength"], format!("{}-{}", printed, movement));
}
