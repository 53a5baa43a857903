//! The play server's API (docs/PLAY-API.md), through the pure request
//! handler: every action kind legal and refused (a refusal leaves the game
//! as it was), the errors by status, the AI's turn, save and load, the
//! unit and odds answers, the static files; and one request over a real
//! socket.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::Arc;

use common::position;
use hexwar_engine::{Action, GameState, HexId, PhaseKind, Scenario, UnitId};
use hexwar_sim::play::{ActionJson, MAX_BODY, Response, Session, handle};
use serde_json::Value;

fn get(s: &mut Session, url: &str) -> Response {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    handle(s, "GET", path, query, b"")
}

fn post(s: &mut Session, path: &str, body: &str) -> Response {
    handle(s, "POST", path, "", body.as_bytes())
}

/// The body of a 200 answer as JSON.
fn ok(r: Response) -> Value {
    assert_eq!(
        r.status,
        200,
        "{}",
        String::from_utf8_lossy(&r.body)
            .chars()
            .take(400)
            .collect::<String>()
    );
    r.json_body()
}

/// Asserts an error answer: status, and a message containing `needle`.
fn refused(r: &Response, status: u16, needle: &str) {
    let body = r.json_body();
    let msg = body["error"].as_str().unwrap_or_default();
    assert_eq!(r.status, status, "{msg}");
    assert!(msg.contains(needle), "{msg:?} does not contain {needle:?}");
}

/// Sends `body` to `/api/action` expecting a refusal, and checks that the
/// game did not change.
fn refused_action(s: &mut Session, body: &str, status: u16, needle: &str) {
    let before = s.state().clone();
    let version = ok(get(s, "/api/state"))["version"].clone();
    let r = post(s, "/api/action", body);
    refused(&r, status, needle);
    assert_eq!(*s.state(), before, "a refused action changed the game");
    assert_eq!(
        s.state().to_saved(s.scenario()),
        before.to_saved(s.scenario())
    );
    assert_eq!(ok(get(s, "/api/state"))["version"], version);
}

fn action_json(scen: &Scenario, a: Action) -> String {
    serde_json::to_string(&ActionJson::from_action(scen, a)).unwrap()
}

fn label(scen: &Scenario, h: HexId) -> String {
    scen.grid().label(h)
}

fn id(scen: &Scenario, u: UnitId) -> String {
    scen.unit(u).id.clone()
}

/// The unit's entry in the state's `units`.
fn unit_of<'a>(state: &'a Value, id: &str) -> &'a Value {
    state["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["id"] == id)
        .unwrap()
}

/// A session in `st`, the person playing the side to move.
fn session_at(scen: &Arc<Scenario>, st: GameState) -> Session {
    let human = st.active_side();
    Session::from_state(scen.clone(), human, "random", 1, st).unwrap()
}

/// A hex no unit of `scen` can reach in one move from `from`: the farthest.
fn far_hex(scen: &Scenario, from: HexId) -> HexId {
    let grid = scen.grid();
    grid.hexes()
        .max_by_key(|&h| grid.distance(from, h))
        .unwrap()
}

#[test]
fn move_legal_and_refused() {
    let (scen, st, a) = position("malaya", |_, _, a| matches!(a, Action::Move { .. }));
    let Action::Move { unit, to } = a else {
        unreachable!()
    };
    let mut s = session_at(&scen, st);
    let from = s.state().unit(unit).hex;
    // Refused: a hex beyond reach, then the move into a hex that is not on the map.
    let far = far_hex(&scen, from);
    refused_action(
        &mut s,
        &action_json(&scen, Action::Move { unit, to: far }),
        409,
        "cannot reach",
    );
    let r = ok(post(&mut s, "/api/action", &action_json(&scen, a)));
    assert_eq!(
        unit_of(&r["state"], &id(&scen, unit))["hex"],
        label(&scen, to)
    );
    assert!(
        r["events"][0]["text"].as_str().unwrap().contains("moves"),
        "{}",
        r["events"]
    );
    assert_eq!(s.state().unit(unit).hex, to);
}

#[test]
fn rail_move_undo_and_refusals() {
    let (scen, st, a) = position("malaya", |_, _, a| matches!(a, Action::RailMove { .. }));
    let Action::RailMove { unit, to } = a else {
        unreachable!()
    };
    let mut s = session_at(&scen, st);
    let from = s.state().unit(unit).hex;
    let u = id(&scen, unit);
    // Nothing to take back yet.
    refused_action(
        &mut s,
        &format!(r#"{{"type":"undo_rail","unit":"{u}"}}"#),
        409,
        "no rail move to take back",
    );
    // A hex off the rail net.
    refused_action(
        &mut s,
        &action_json(
            &scen,
            Action::RailMove {
                unit,
                to: far_hex(&scen, to),
            },
        ),
        409,
        "cannot reach",
    );
    let r = ok(post(&mut s, "/api/action", &action_json(&scen, a)));
    assert_eq!(unit_of(&r["state"], &u)["hex"], label(&scen, to));
    assert_eq!(r["state"]["rail_moves"][0], u);
    assert_eq!(r["state"]["rail"]["used"], 1);
    let r = ok(post(
        &mut s,
        "/api/action",
        &format!(r#"{{"type":"undo_rail","unit":"{u}"}}"#),
    ));
    assert_eq!(unit_of(&r["state"], &u)["hex"], label(&scen, from));
    assert_eq!(r["state"]["rail_moves"], serde_json::json!([]));
    // Not the rail phase any more once it ends: a rail move is refused.
    ok(post(&mut s, "/api/action", r#"{"type":"end_phase"}"#));
    refused_action(&mut s, &action_json(&scen, a), 409, "cannot move by rail");
}

#[test]
fn spend_supply_legal_and_refused() {
    let (scen, st, a) = position("eastfront", |_, _, a| {
        matches!(a, Action::SpendSupply { .. })
    });
    let Action::SpendSupply { unit } = a else {
        unreachable!()
    };
    let side = scen.unit(unit).side;
    let points = st.supply_points(side);
    let mut s = session_at(&scen, st);
    // An enemy unit: refused.
    let enemy = (0..scen.units().len())
        .map(|i| UnitId(i as u16))
        .find(|&u| scen.unit(u).side != side)
        .unwrap();
    refused_action(
        &mut s,
        &format!(r#"{{"type":"spend_supply","unit":"{}"}}"#, id(&scen, enemy)),
        409,
        "no supply points can be spent",
    );
    let r = ok(post(&mut s, "/api/action", &action_json(&scen, a)));
    assert!(s.state().supply_points(side) < points);
    assert_eq!(unit_of(&r["state"], &id(&scen, unit))["supply"], "full");
    // The same unit again: it is in full supply now.
    refused_action(
        &mut s,
        &action_json(&scen, a),
        409,
        "no supply points can be spent",
    );
}

#[test]
fn attack_cancel_resolve_and_refusals() {
    let (scen, st, a) = position("malaya", |_, _, a| matches!(a, Action::Attack { .. }));
    let Action::Attack { unit, target } = a else {
        unreachable!()
    };
    let mut s = session_at(&scen, st);
    let u = id(&scen, unit);
    // Nothing declared: resolve, cancel refused; attacking a far hex refused.
    refused_action(
        &mut s,
        r#"{"type":"resolve","air":0}"#,
        409,
        "no attack is being declared",
    );
    refused_action(
        &mut s,
        r#"{"type":"cancel_attack"}"#,
        409,
        "no attack is being declared",
    );
    let far = far_hex(&scen, target);
    refused_action(
        &mut s,
        &action_json(&scen, Action::Attack { unit, target: far }),
        409,
        "cannot attack",
    );
    // Declare, then withdraw.
    let r = ok(post(&mut s, "/api/action", &action_json(&scen, a)));
    assert_eq!(r["state"]["attack"]["target"], label(&scen, target));
    assert_eq!(r["state"]["attack"]["attackers"][0], u);
    assert_eq!(unit_of(&r["state"], &u)["committed"], true);
    // The phase cannot end with an attack pending; too much air is refused.
    refused_action(
        &mut s,
        r#"{"type":"end_phase"}"#,
        409,
        "must be rolled or withdrawn",
    );
    refused_action(&mut s, r#"{"type":"resolve","air":99}"#, 409, "air points");
    // The odds of the declared attack, with no parameters.
    let odds = ok(get(&mut s, "/api/odds"));
    assert_eq!(odds["defend"], label(&scen, target));
    let total: f64 = odds["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["probability"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-9);
    let r = ok(post(&mut s, "/api/action", r#"{"type":"cancel_attack"}"#));
    assert!(r["state"]["attack"].is_null());
    assert_eq!(unit_of(&r["state"], &u)["committed"], false);
    // Declare again and roll: the log carries the dice.
    ok(post(&mut s, "/api/action", &action_json(&scen, a)));
    let r = ok(post(&mut s, "/api/action", r#"{"type":"resolve","air":0}"#));
    assert!(r["state"]["attack"].is_null());
    let dice = r["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| !e["dice"].is_null())
        .expect("a combat entry with dice");
    assert!(dice["dice"]["roll"].as_u64().unwrap() >= 1);
    assert_eq!(unit_of(&r["state"], &u)["attacked"], true);
    // Attacked once: the same unit cannot attack again this phase.
    refused_action(&mut s, &action_json(&scen, a), 409, "cannot attack");
}

#[test]
fn advance_legal_and_refused() {
    let (scen, st, a) = position("malaya", |_, _, a| matches!(a, Action::Advance { .. }));
    let Action::Advance { unit } = a else {
        unreachable!()
    };
    let hex = st.combat().advance;
    let mut s = session_at(&scen, st);
    let state = ok(get(&mut s, "/api/state"));
    assert_eq!(state["advance"]["hex"], label(&scen, hex));
    assert!(
        state["advance"]["units"]
            .as_array()
            .unwrap()
            .contains(&Value::from(id(&scen, unit)))
    );
    // An enemy unit may not advance.
    let enemy = (0..scen.units().len())
        .map(|i| UnitId(i as u16))
        .find(|&u| scen.unit(u).side != scen.unit(unit).side)
        .unwrap();
    refused_action(
        &mut s,
        &format!(r#"{{"type":"advance","unit":"{}"}}"#, id(&scen, enemy)),
        409,
        "cannot advance",
    );
    let r = ok(post(&mut s, "/api/action", &action_json(&scen, a)));
    assert_eq!(
        unit_of(&r["state"], &id(&scen, unit))["hex"],
        label(&scen, hex)
    );
}

#[test]
fn charge_legal_and_refused() {
    let (scen, st, a) = position("morne-plaine", |_, _, a| matches!(a, Action::Charge { .. }));
    let Action::Charge { unit, target } = a else {
        unreachable!()
    };
    let mut s = session_at(&scen, st);
    let u = id(&scen, unit);
    // The unit's answer lists the charge with its exact chance.
    let info = ok(get(&mut s, &format!("/api/unit/{u}")));
    let line = info["charges"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["hex"] == label(&scen, target))
        .expect("the charge is listed");
    let chance = line["chance"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&chance));
    // Not three hexes away in a line: refused.
    let near = scen
        .grid()
        .neighbours(s.state().unit(unit).hex)
        .iter()
        .copied()
        .find(|h| h.is_some())
        .unwrap();
    refused_action(
        &mut s,
        &action_json(&scen, Action::Charge { unit, target: near }),
        409,
        "cannot charge",
    );
    let r = ok(post(&mut s, "/api/action", &action_json(&scen, a)));
    assert!(
        r["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["text"].as_str().unwrap().contains(" charges ")),
        "{}",
        r["events"]
    );
}

#[test]
fn end_phase_legal_and_refused_when_not_your_turn() {
    let scen = hexwar_sim::scenario::LoadedScenario::load("malaya")
        .unwrap()
        .scenario;
    // Japan moves first; the person plays the Commonwealth.
    let mut s = Session::new(scen.clone(), hexwar_engine::Side(1), "random", 3).unwrap();
    let state = ok(get(&mut s, "/api/state"));
    assert_eq!(state["your_turn"], false);
    refused_action(&mut s, r#"{"type":"end_phase"}"#, 409, "not your turn");
    // The person as Japan: end_phase moves the phase on.
    let mut s = Session::new(scen.clone(), hexwar_engine::Side(0), "random", 3).unwrap();
    let before = s.state().phase_index();
    let r = ok(post(&mut s, "/api/action", r#"{"type":"end_phase"}"#));
    assert_ne!(s.state().phase_index(), before);
    assert!(r["state"]["version"].as_u64().unwrap() > state["version"].as_u64().unwrap());
    assert!(!r["events"].as_array().unwrap().is_empty());
}

#[test]
fn bad_requests_get_their_status() {
    let scen = hexwar_sim::scenario::LoadedScenario::load("malaya")
        .unwrap()
        .scenario;
    let mut s = Session::new(scen.clone(), hexwar_engine::Side(0), "random", 3).unwrap();
    let some_unit = id(
        &scen,
        s.state()
            .units_of(&scen, hexwar_engine::Side(0))
            .next()
            .unwrap(),
    );
    refused_action(&mut s, "{not json", 400, "malformed");
    refused_action(
        &mut s,
        r#"{"type":"fly","unit":"x"}"#,
        400,
        "unknown variant",
    );
    refused_action(
        &mut s,
        &format!(r#"{{"type":"move","unit":"{some_unit}","to":"0101","speed":3}}"#),
        400,
        "unknown field",
    );
    refused_action(
        &mut s,
        r#"{"type":"move","unit":"x"}"#,
        400,
        "missing field",
    );
    refused_action(
        &mut s,
        r#"{"type":"move","unit":"no-such-unit","to":"0101"}"#,
        404,
        "no-such-unit",
    );
    refused_action(
        &mut s,
        &format!(r#"{{"type":"move","unit":"{some_unit}","to":"9999"}}"#),
        404,
        "9999",
    );
    // Wrong method, with Allow; unknown path; unknown unit's page.
    let r = get(&mut s, "/api/action");
    refused(&r, 405, "POST");
    assert!(r.headers.contains(&("Allow".into(), "POST".into())));
    refused(&post(&mut s, "/api/state", ""), 405, "GET");
    refused(&get(&mut s, "/api/nothing"), 404, "no such path");
    refused(&get(&mut s, "/api/unit/nobody"), 404, "nobody");
    // Too large.
    let big = format!(r#"{{"type":"end_phase","pad":"{}"}}"#, "x".repeat(MAX_BODY));
    refused_action(&mut s, &big, 413, "bytes");
    // Bad odds queries.
    refused(&get(&mut s, "/api/odds"), 400, "target");
    refused(
        &get(&mut s, "/api/odds?target=zz99&attackers=x"),
        404,
        "zz99",
    );
}

#[test]
fn ai_steps_then_finishes_its_turn() {
    let scen = hexwar_sim::scenario::LoadedScenario::load("malaya")
        .unwrap()
        .scenario;
    let mut s = Session::new(scen.clone(), hexwar_engine::Side(1), "heuristic", 5).unwrap();
    let r = ok(post(&mut s, "/api/ai/step", ""));
    assert!(r["action"]["type"].is_string());
    assert_eq!(r["state"]["version"], 2);
    let r = ok(post(&mut s, "/api/ai/finish", ""));
    assert_eq!(r["state"]["your_turn"], true);
    assert_eq!(r["state"]["side"], scen.side(hexwar_engine::Side(1)).id);
    assert!(!r["actions"].as_array().unwrap().is_empty());
    assert!(!r["state"]["intent"].as_array().unwrap().is_empty());
    assert!(r["state"]["log"].as_array().unwrap().len() >= r["events"].as_array().unwrap().len());
    // Now it is the person's turn: the AI is refused.
    refused(&post(&mut s, "/api/ai/step", ""), 409, "your turn");
    // Same seed, same game.
    let mut t = Session::new(scen.clone(), hexwar_engine::Side(1), "heuristic", 5).unwrap();
    ok(post(&mut t, "/api/ai/finish", ""));
    assert_eq!(s.state(), t.state());
}

#[test]
fn save_load_round_trip_and_new_game() {
    let scen = hexwar_sim::scenario::LoadedScenario::load("malaya")
        .unwrap()
        .scenario;
    let mut s = Session::new(scen.clone(), hexwar_engine::Side(1), "random", 9).unwrap();
    ok(post(&mut s, "/api/ai/finish", ""));
    let r = get(&mut s, "/api/save");
    assert_eq!(r.status, 200);
    assert!(
        r.headers
            .iter()
            .any(|(k, v)| k == "Content-Disposition" && v.starts_with("attachment"))
    );
    let saved = String::from_utf8(r.body).unwrap();
    let at_save = s.state().clone();
    // Play on, then load the save back.
    let log_before = ok(get(&mut s, "/api/state"))["log"].clone();
    ok(post(&mut s, "/api/action", r#"{"type":"end_phase"}"#));
    assert_ne!(*s.state(), at_save);
    let loaded = ok(post(&mut s, "/api/load", &saved));
    assert_eq!(*s.state(), at_save);
    assert!(loaded["warning"].is_null(), "{}", loaded["warning"]);
    // The save is the game's record: the log is told again from it.
    assert_eq!(loaded["state"]["log"], log_before);
    // A bad save names what is wrong and changes nothing.
    let before = s.state().clone();
    let bad = saved.replacen("\"turn\"", "\"tur\"", 1);
    refused(&post(&mut s, "/api/load", &bad), 400, "tur");
    let wrong = saved.replacen("malaya", "eastfront", 1);
    refused(&post(&mut s, "/api/load", &wrong), 400, "eastfront");
    assert_eq!(*s.state(), before);
    // A new game with a seed is the same as a fresh session with it.
    let r = ok(post(&mut s, "/api/new", r#"{"seed": 42}"#));
    assert_eq!(r["seed"], 42);
    let fresh = Session::new(scen.clone(), hexwar_engine::Side(1), "random", 42).unwrap();
    assert_eq!(s.state(), fresh.state());
    ok(post(&mut s, "/api/new", ""));
    refused(
        &post(&mut s, "/api/new", r#"{"sead": 1}"#),
        400,
        "unknown field",
    );
}

#[test]
fn new_game_chooses_the_level_and_side() {
    let scen = hexwar_engine::builtin::load("malaya").unwrap();
    let mut s = Session::new(scen.clone(), hexwar_engine::Side(0), "heuristic", 3).unwrap();
    let sc = ok(get(&mut s, "/api/scenario"));
    assert_eq!(sc["ai"], "heuristic");
    assert_eq!(
        sc["levels"],
        serde_json::json!(["novice", "normal", "hard", "expert"])
    );
    // A level, and the other side: the game is the one `hexwar play
    // --side commonwealth --ai hard --seed 9` starts.
    let r = ok(post(
        &mut s,
        "/api/new",
        r#"{"seed": 9, "ai": "hard", "side": "commonwealth"}"#,
    ));
    assert_eq!(r["seed"], 9);
    assert_eq!(r["your_turn"], false);
    let sc = ok(get(&mut s, "/api/scenario"));
    assert_eq!(
        (sc["ai"].as_str(), sc["human"].as_str()),
        (Some("hard"), Some("commonwealth"))
    );
    assert_eq!(s.ai_name(), "hard");
    let fresh = Session::new(scen.clone(), hexwar_engine::Side(1), "hard", 9).unwrap();
    assert_eq!(s.state(), fresh.state());
    // The AI (Japan) is to move.
    let r = ok(post(&mut s, "/api/ai/step", ""));
    assert!(r["action"].is_object(), "{r}");
    // Left out, the level and side stay; any spec is taken; side by index.
    ok(post(&mut s, "/api/new", r#"{"seed": 1}"#));
    assert_eq!(ok(get(&mut s, "/api/scenario"))["ai"], "hard");
    ok(post(
        &mut s,
        "/api/new",
        r#"{"ai": "mcts:iters=50", "side": "0"}"#,
    ));
    let sc = ok(get(&mut s, "/api/scenario"));
    assert_eq!(
        (sc["ai"].as_str(), sc["human"].as_str()),
        (Some("mcts:iters=50"), Some("japanese"))
    );
    // Unknown ones are refused and change nothing.
    let before = s.state().clone();
    let version = ok(get(&mut s, "/api/state"))["version"].clone();
    refused(
        &post(&mut s, "/api/new", r#"{"ai": "grandmaster"}"#),
        400,
        "grandmaster",
    );
    refused(
        &post(&mut s, "/api/new", r#"{"side": "france"}"#),
        400,
        "france",
    );
    assert_eq!(*s.state(), before);
    assert_eq!(ok(get(&mut s, "/api/state"))["version"], version);
    assert_eq!(ok(get(&mut s, "/api/scenario"))["ai"], "mcts:iters=50");
}

#[test]
fn unit_odds_scenario_and_static_files() {
    let (scen, st, a) = position("malaya", |_, _, a| matches!(a, Action::Attack { .. }));
    let Action::Attack { unit, target } = a else {
        unreachable!()
    };
    let mut s = session_at(&scen, st);
    let u = id(&scen, unit);
    let info = ok(get(&mut s, &format!("/api/unit/{u}")));
    assert_eq!(info["unit"], u);
    assert_eq!(info["moves"]["can_move"], false);
    assert!(info["moves"]["reason"].is_string());
    assert_eq!(info["rail"]["can_rail"], false);
    let line = info["attacks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["hex"] == label(&scen, target))
        .expect("the target is listed");
    assert_eq!(line["ok"], true);
    assert!(info["supply"]["judged"].is_string());
    // Odds with explicit attackers and air.
    let odds = ok(get(
        &mut s,
        &format!(
            "/api/odds?target={}&attackers={u}&air=0",
            label(&scen, target)
        ),
    ));
    assert_eq!(odds["attackers"][0]["id"], u);
    assert!(odds["column"].as_str().unwrap().contains(':'));
    // An attack it may not make: 409 with the rule.
    let far = far_hex(&scen, target);
    let enemy_far = (0..scen.units().len())
        .map(|i| UnitId(i as u16))
        .find(|&o| {
            let h = s.state().unit(o).hex;
            scen.unit(o).side != scen.unit(unit).side
                && h.is_some()
                && h != target
                && scen.grid().distance(h, s.state().unit(unit).hex) > 1
        })
        .map(|o| s.state().unit(o).hex)
        .unwrap_or(far);
    refused(
        &get(
            &mut s,
            &format!("/api/odds?target={}&attackers={u}", label(&scen, enemy_far)),
        ),
        409,
        "cannot attack",
    );
    // The scenario: hexes with centres inside the drawing, units, phases.
    let sc = ok(get(&mut s, "/api/scenario"));
    assert_eq!(sc["name"], "malaya");
    assert_eq!(sc["hexes"].as_array().unwrap().len(), scen.grid().len());
    let w = sc["width"].as_f64().unwrap();
    for h in sc["hexes"].as_array().unwrap() {
        let x = h["x"].as_f64().unwrap();
        assert!(x > 0.0 && x < w);
    }
    assert_eq!(sc["units"].as_array().unwrap().len(), scen.units().len());
    assert!(
        sc["phases"]
            .as_array()
            .unwrap()
            .contains(&Value::from(PhaseKind::Combat.name()))
    );
    // Static files.
    let page = get(&mut s, "/");
    assert_eq!(page.status, 200);
    assert!(page.content_type.starts_with("text/html"));
    let map = get(&mut s, "/map.svg");
    assert_eq!(map.content_type, "image/svg+xml");
    let svg = String::from_utf8(map.body).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(!svg.contains("id=\"counters\""), "the map has no counters");
    assert_eq!(get(&mut s, "/app.js").status, 200);
    assert_eq!(get(&mut s, "/style.css").status, 200);
}

#[test]
fn real_server_answers_over_tcp() {
    let scen = hexwar_sim::scenario::LoadedScenario::load("malaya")
        .unwrap()
        .scenario;
    let mut s = Session::new(scen, hexwar_engine::Side(1), "random", 1).unwrap();
    let server = hexwar_sim::play::http::Server::bind("127.0.0.1:0").unwrap();
    let addr = server.addr();
    assert_ne!(addr.port(), 0);
    std::thread::spawn(move || server.run(&mut s));
    let mut c = TcpStream::connect(addr).unwrap();
    write!(
        c,
        "GET /api/state HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    c.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("Content-Type: application/json"));
    let body = answer.split("\r\n\r\n").nth(1).unwrap();
    let v: Value = serde_json::from_str(body).unwrap();
    assert_eq!(v["seed"], 1);
    // A body over the limit is cut at the limit and refused.
    let mut c = TcpStream::connect(addr).unwrap();
    let big = vec![b'x'; MAX_BODY + 10];
    write!(
        c,
        "POST /api/action HTTP/1.1\r\nHost: {addr}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        big.len()
    )
    .unwrap();
    c.write_all(&big).unwrap();
    let mut answer = String::new();
    c.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
}

#[test]
fn log_puts_arrivals_in_their_player_turn() {
    let scen = hexwar_sim::scenario::LoadedScenario::load("morne-plaine")
        .unwrap()
        .scenario;
    let mut s = Session::new(scen.clone(), hexwar_engine::Side(0), "random", 2).unwrap();
    while s.state().turn() < 4 && !s.state().is_over() {
        if s.state().active_side() == s.human() {
            ok(post(&mut s, "/api/action", r#"{"type":"end_phase"}"#));
        } else {
            ok(post(&mut s, "/api/ai/finish", ""));
        }
    }
    let log = ok(get(&mut s, "/api/state"))["log"].clone();
    let log = log.as_array().unwrap();
    let mut arrivals = 0;
    for (i, e) in log.iter().enumerate() {
        let text = e["text"].as_str().unwrap();
        let Some((unit, _)) = text.split_once(" arrives at ") else {
            continue;
        };
        arrivals += 1;
        let side = scen.unit(scen.unit_by_id(unit).unwrap()).side;
        assert_eq!(e["side"], scen.side(side).id, "{text}");
        let phase = log[i..]
            .iter()
            .find(|x| x["text"].as_str().unwrap().starts_with("turn "))
            .expect("a phase begins after the arrival");
        assert_eq!((&phase["turn"], &phase["side"]), (&e["turn"], &e["side"]));
    }
    assert!(arrivals > 0, "morne-plaine has reinforcements by turn 3");
}
