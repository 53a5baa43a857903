//! The play page end to end, in headless Chromium driven by chromedriver:
//! move, attack, end the turn and see the AI reply; rail moves and charges
//! by clicks; stacking by a click on one's own units; the supply markers
//! of both models; undo and redo; the New game dialog (scenario, side,
//! level, a scenario file). The hint and the replay viewer are in
//! `play_e2e_replay.rs`.
//!
//! Needs Debian's `chromium` and `chromium-driver`. Without them the tests
//! say so and pass, unless `HEXWAR_E2E=require` (as `.ci/run` sets, after
//! installing them) makes their absence a failure.
//!
//! `cargo test -p hexwar-sim --test play_e2e -- --ignored screenshots`
//! writes the README's screenshots to `docs/screenshots/`.

mod common;
mod webdriver;

use std::path::PathBuf;
use std::thread::sleep;
use std::time::Duration;

use hexwar_engine::{Action, PhaseKind, Side, SupplyState};
use serde_json::{Value, json};
use webdriver::Browser;
use webdriver::page::*;

/// Positions of every unit of `side`.
fn positions(state: &Value, side: &str, scen: &Value) -> Vec<(String, Option<String>)> {
    let sides: Vec<&str> = scen["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["side"].as_str().unwrap())
        .collect();
    state["units"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(i, _)| sides[*i] == side)
        .map(|(_, u)| {
            (
                u["id"].as_str().unwrap().to_string(),
                u["hex"].as_str().map(str::to_string),
            )
        })
        .collect()
}

/// Clicks `#end-phase` until the phase is `phase` (or the turn passes).
fn end_phases_until(b: &Browser, s: &Server, phase: &str) {
    for _ in 0..8 {
        let st = s.state();
        if st["phase"] == phase || st["your_turn"] == json!(false) {
            return;
        }
        b.click(&b.wait_for("#end-phase", 10));
        wait_idle(b);
        wait_version(s, &st["version"]);
    }
    panic!("never reached the {phase} phase");
}

/// A unit of the person's side that can move, and a hex it can reach.
fn a_move(s: &Server, state: &Value, me: &str, scen: &Value) -> (String, String) {
    for (id, hex) in positions(state, me, scen) {
        if hex.is_none() {
            continue;
        }
        let info = s.get(&format!("/api/unit/{id}"));
        if let Some(d) = info["moves"]["destinations"]
            .as_array()
            .and_then(|d| d.last())
        {
            return (id, d["hex"].as_str().unwrap().to_string());
        }
    }
    panic!("no unit of {me} can move");
}

/// An attack the person's side can make: attacker id and target hex.
fn an_attack(s: &Server, state: &Value, me: &str, scen: &Value) -> Option<(String, String)> {
    for (id, hex) in positions(state, me, scen) {
        if hex.is_none() {
            continue;
        }
        let info = s.get(&format!("/api/unit/{id}"));
        for a in info["attacks"].as_array().into_iter().flatten() {
            if a["ok"] == json!(true) {
                return Some((id, a["hex"].as_str().unwrap().to_string()));
            }
        }
    }
    None
}

#[test]
fn e2e_move_attack_end_turn_ai_replies() {
    let Some((driver, chromium)) = tools() else {
        return;
    };
    let _one = one_browser();
    let server = Server::start("malaya", 7);
    let scen = server.get("/api/scenario");
    let me = scen["human"].as_str().unwrap().to_string();
    let ai_side = scen["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_string())
        .find(|s| *s != me)
        .unwrap();
    let b = Browser::start(&driver, &chromium);
    server.open(&b, 180);

    // Move: select a counter, click a highlighted hex.
    end_phases_until(&b, &server, "movement");
    let (unit, dest) = a_move(&server, &server.state(), &me, &scen);
    select_unit(&b, &unit);
    click_hex(&b, &dest);
    let st = server.state();
    assert_eq!(unit_hex(&st, &unit).as_deref(), Some(dest.as_str()));

    // Attack: defender hex, then an attacker, the odds shown, roll.
    end_phases_until(&b, &server, "combat");
    let st = server.state();
    let (attacker, target) =
        an_attack(&server, &st, &me, &scen).expect("an attack in this seeded game");
    let log_before = st["log"].as_array().map_or(0, Vec::len);
    b.click(&b.wait_for(&format!("[data-target=\"{target}\"]"), 10));
    wait_idle(&b);
    b.click(&b.wait_for(&counter(&attacker), 10));
    wait_idle(&b);
    let text = b.text(&b.wait_for("#odds-column", 10));
    assert!(text.contains(':'), "the odds panel shows a column: {text}");
    assert!(!b.find_all("#odds-outcomes").is_empty());
    b.click(&b.wait_for("#roll", 10));
    wait_idle(&b);
    let st = server.state();
    let log = st["log"].as_array().unwrap();
    assert!(
        log[log_before..].iter().any(|e| !e["dice"].is_null()),
        "the dice are in the log"
    );
    assert!(!b.text(&b.wait_for("#roll-result", 10)).trim().is_empty());

    // End the turn; the AI replies and its counters move on the page.
    let ai_before = positions(&server.state(), &ai_side, &scen);
    let turn_before = server.state()["turn"].as_u64().unwrap();
    for _ in 0..8 {
        if server.state()["your_turn"] == json!(false) {
            break;
        }
        b.click(&b.wait_for("#end-phase", 10));
        wait_idle(&b);
    }
    wait_for_my_turn(&b, 180);
    let st = server.state();
    assert!(st["turn"].as_u64().unwrap() > turn_before, "a new turn");
    let ai_after = positions(&st, &ai_side, &scen);
    assert_ne!(ai_before, ai_after, "the AI moved");
    for (id, hex) in ai_after.iter().filter(|(_, h)| h.is_some()) {
        let on_page = b.eval(
            "const e = document.querySelector(`#counter-layer [data-unit=\"${arguments[0]}\"]`); \
             return e ? e.dataset.at : null;",
            vec![json!(id)],
        );
        assert_eq!(on_page.as_str(), hex.as_deref(), "counter {id} on the page");
    }
    // The log's player-turn headers never go back (issue 16).
    let heads = b.eval(
        "return [...document.querySelectorAll('#log .log-turn')].map((h) => Number(h.dataset.turn));",
        vec![],
    );
    let heads: Vec<u64> = serde_json::from_value(heads).unwrap();
    assert!(heads.windows(2).all(|w| w[0] <= w[1]), "{heads:?}");
}

#[test]
fn e2e_rail_move_and_charge_by_clicks() {
    let Some((driver, chromium)) = tools() else {
        return;
    };
    let _one = one_browser();
    for (scenario, is) in [
        (
            "malaya",
            (|a| matches!(a, Action::RailMove { .. })) as fn(&Action) -> bool,
        ),
        ("morne-plaine", |a| matches!(a, Action::Charge { .. })),
    ] {
        let (file, scen, _, a) = position_file(scenario, "click", |_, _, a| is(a));
        let (Action::RailMove { unit, to } | Action::Charge { unit, target: to }) = a else {
            unreachable!()
        };
        let (id, label) = (&scen.unit(unit).id, scen.grid().label(to));
        let side = &scen.side(scen.unit(unit).side).id;
        let server = server_at(scenario, &file, side);
        let b = Browser::start(&driver, &chromium);
        server.open(&b, 60);
        select_unit(&b, id);
        click_hex(&b, &label);
        let st = server.state();
        if matches!(a, Action::RailMove { .. }) {
            assert_eq!(unit_hex(&st, id).as_deref(), Some(label.as_str()));
            assert_eq!(st["rail"]["used"], 1);
        } else {
            let log = st["log"].as_array().unwrap();
            assert!(
                log.iter()
                    .any(|e| e["text"].as_str().is_some_and(|t| t.contains("charge"))),
                "the charge is in the log: {log:?}"
            );
        }
        let _ = std::fs::remove_file(file);
    }
}

#[test]
fn e2e_stacking_by_click_and_the_stack_listed() {
    let Some((driver, chromium)) = tools() else {
        return;
    };
    let _one = one_browser();
    // A move onto a hex where one of the mover's side stands.
    let (file, scen, st, a) = position_file("malaya", "stack", |scen, st, a| match a {
        Action::Move { unit, to } => {
            st.phase(scen) == PhaseKind::Movement
                && st.units_at(*to).count() == 1
                && st
                    .units_at(*to)
                    .all(|o| scen.unit(o).side == scen.unit(*unit).side)
        }
        _ => false,
    });
    let Action::Move { unit, to } = a else {
        unreachable!()
    };
    let (id, label) = (scen.unit(unit).id.clone(), scen.grid().label(to));
    let other = scen.unit(st.units_at(to).next().unwrap()).id.clone();
    let side = &scen.side(scen.unit(unit).side).id;
    let server = server_at("malaya", &file, side);
    let b = Browser::start(&driver, &chromium);
    server.open(&b, 60);
    select_unit(&b, &id);
    // A click on the friendly counter in the shaded hex moves there.
    b.click(&b.wait_for(&counter(&other), 10));
    wait_idle(&b);
    let st = server.state();
    assert_eq!(
        unit_hex(&st, &id).as_deref(),
        Some(label.as_str()),
        "{id} stacked"
    );
    // The stack shows its count; a click on it lists both units.
    let top = format!("#counter-layer [data-at=\"{label}\"][data-top=\"1\"]");
    let n = b.eval(
        &format!(
            "return document.querySelector('{}').dataset.stack;",
            top.replace('\'', "\\'")
        ),
        vec![],
    );
    assert_eq!(n, json!("2"));
    b.click(&b.wait_for(&format!("{top} .stack-count"), 10));
    let listed = b.eval(
        "return [...document.querySelectorAll('#stack-popup [data-stack-unit]')].map((e) => e.dataset.stackUnit).sort();",
        vec![],
    );
    let mut both = vec![id.clone(), other.clone()];
    both.sort();
    assert_eq!(listed, json!(both));
    // Picking the one underneath selects it.
    let under = b.eval(
        &format!("return [...document.querySelectorAll('#counter-layer [data-at=\"{label}\"]')].find((e) => e.dataset.top === '0').dataset.unit;"),
        vec![],
    );
    let under = under.as_str().unwrap().to_string();
    b.click(&b.wait_for(&format!("#stack-popup [data-stack-unit=\"{under}\"]"), 10));
    wait_idle(&b);
    b.wait_until(
        "the unit underneath selected",
        &format!("return document.getElementById('unit-info').dataset.unit === '{under}';"),
        10,
    );
    let _ = std::fs::remove_file(file);
}

#[test]
fn e2e_supply_markers_true_to_the_model() {
    let Some((driver, chromium)) = tools() else {
        return;
    };
    let _one = one_browser();
    // Eastfront (graded): some units out of supply, most in full supply.
    let (file, scen, _, _) = position_file("eastfront", "supply", |scen, st, _| {
        st.phase(scen) == PhaseKind::Movement
            && st
                .units()
                .iter()
                .any(|u| u.on_map() && u.supply == SupplyState::Out)
    });
    let side = scen.side(Side(0)).id.clone();
    let server = server_at("eastfront", &file, &side);
    let b = Browser::start(&driver, &chromium);
    server.open(&b, 120);
    let shown = b.eval(
        "const out = {}; for (const c of document.querySelectorAll('#counter-layer [data-unit]')) { \
           const t = c.querySelector('.supply-tag text'); out[c.dataset.unit] = t ? t.textContent : null; } \
         return out;",
        vec![],
    );
    let st = server.state();
    let mut marked = 0;
    for u in st["units"].as_array().unwrap() {
        if u["hex"].is_null() || u["steps"] == 0 {
            continue;
        }
        let id = u["id"].as_str().unwrap();
        assert_eq!(shown[id], u["supply_marker"], "{id}: {u}");
        if u["supply"] == "full" {
            assert!(shown[id].is_null(), "{id} in full supply wears no marker");
        } else {
            marked += 1;
        }
    }
    assert!(marked > 0, "a unit out of supply wears its U-level");
    let _ = std::fs::remove_file(file);
}

#[test]
fn e2e_undo_and_redo_by_buttons() {
    let Some((driver, chromium)) = tools() else {
        return;
    };
    let _one = one_browser();
    let (file, scen, st, a) = position_file("malaya", "undo", |scen, st, a| {
        matches!(a, Action::Move { .. }) && st.phase(scen) == PhaseKind::Movement
    });
    let Action::Move { unit, to } = a else {
        unreachable!()
    };
    let (id, label) = (scen.unit(unit).id.clone(), scen.grid().label(to));
    let from = scen.grid().label(st.unit(unit).hex);
    let side = &scen.side(scen.unit(unit).side).id;
    let server = server_at("malaya", &file, side);
    let b = Browser::start(&driver, &chromium);
    server.open(&b, 60);
    let usable = |sel: &str| b.usable(&b.wait_for(sel, 10));
    assert!(!usable("#undo") && !usable("#redo"));
    select_unit(&b, &id);
    click_hex(&b, &label);
    assert_eq!(
        unit_hex(&server.state(), &id).as_deref(),
        Some(label.as_str())
    );
    // Undo: back where it was, on the server and on the page.
    b.click(&b.wait_for("#undo", 10));
    wait_idle(&b);
    assert_eq!(
        unit_hex(&server.state(), &id).as_deref(),
        Some(from.as_str())
    );
    let at = b.eval(
        &format!(
            "return document.querySelector('{}').dataset.at;",
            counter(&id)
        ),
        vec![],
    );
    assert_eq!(at, json!(from));
    assert!(!usable("#undo") && usable("#redo"));
    // Redo: the move again.
    b.click(&b.wait_for("#redo", 10));
    wait_idle(&b);
    assert_eq!(
        unit_hex(&server.state(), &id).as_deref(),
        Some(label.as_str())
    );
    assert!(usable("#undo") && !usable("#redo"));
    let _ = std::fs::remove_file(file);
}

#[test]
fn e2e_new_game_dialog_scenario_side_level_and_file() {
    let Some((driver, chromium)) = tools() else {
        return;
    };
    let _one = one_browser();
    let server = Server::start("malaya", 5);
    let b = Browser::start(&driver, &chromium);
    server.open(&b, 120);
    b.click(&b.wait_for("#new-game", 10));
    b.wait_until(
        "the New game dialog",
        "return document.getElementById('new-game-dialog').open && document.getElementById('new-scenario').options.length > 1;",
        10,
    );
    let offered = b.eval(
        "return [[...document.querySelectorAll('#new-scenario option')].map((o) => o.value), \
                 [...document.querySelectorAll('#new-level option')].map((o) => o.value)];",
        vec![],
    );
    for s in hexwar_engine::builtin::names() {
        assert!(
            offered[0].as_array().unwrap().contains(&json!(s)),
            "{offered}"
        );
    }
    for level in ["novice", "normal", "hard", "expert"] {
        assert!(
            offered[1].as_array().unwrap().contains(&json!(level)),
            "{offered}"
        );
    }
    // Eastfront, the second side, a novice computer, a seed.
    b.eval(
        "const s = document.getElementById('new-scenario'); s.value = 'eastfront'; s.onchange(); return null;",
        vec![],
    );
    let sides = b.eval(
        "return [...document.querySelectorAll('#new-side option')].map((o) => o.value);",
        vec![],
    );
    assert_eq!(
        sides,
        json!(["soviet", "axis"]),
        "the side list follows the scenario"
    );
    b.eval(
        "document.getElementById('new-side').value = 'axis'; document.getElementById('new-level').value = 'novice'; \
         document.getElementById('new-seed').value = '12'; return null;",
        vec![],
    );
    b.click(&b.wait_for("#new-start", 10));
    wait_for_my_turn(&b, 120);
    let sc = server.get("/api/scenario");
    assert_eq!(
        (&sc["name"], &sc["human"], &sc["ai"]),
        (&json!("eastfront"), &json!("axis"), &json!("novice"))
    );
    assert_eq!(server.state()["seed"], 12);
    assert!(
        b.text(&b.wait_for("#scenario-title", 10))
            .contains("Stalingrad")
    );
    b.wait_for("#counter-layer [data-unit=\"s-62\"]", 10);
    // A scenario file.
    b.click(&b.wait_for("#new-game", 10));
    b.wait_until(
        "the dialog",
        "return document.getElementById('new-game-dialog').open;",
        10,
    );
    b.eval(
        "const s = document.getElementById('new-scenario'); s.value = '@file'; s.onchange(); return null;",
        vec![],
    );
    b.send_keys(&b.wait_for("#new-file", 10), &common::rich());
    b.wait_until(
        "the file's sides",
        "return document.getElementById('new-side').options.length === 2;",
        10,
    );
    b.click(&b.wait_for("#new-start", 10));
    wait_idle(&b);
    let rich = common::load(&common::rich());
    b.wait_until(
        "the file's game",
        &format!(
            "return document.getElementById('scenario-title').textContent === {};",
            json!(rich.title())
        ),
        20,
    );
    assert_eq!(server.get("/api/scenario")["name"], rich.name());
}

/// The README's screenshots, regenerated: each scenario after a few moves
/// with a unit selected (eastfront with the map key open, morne-plaine
/// with a hint), the New game dialog, and the replay viewer on a batch
/// game.
#[test]
#[ignore = "writes docs/screenshots/; run by hand"]
fn screenshots() {
    let Some((driver, chromium)) = tools() else {
        return;
    };
    let _one = one_browser();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/screenshots");
    std::fs::create_dir_all(&dir).expect("docs/screenshots");
    let shot = |b: &Browser, name: &str| {
        // The start's message faded, as a person would see the page.
        b.eval(
            "document.getElementById('status').className = ''; return null;",
            vec![],
        );
        sleep(Duration::from_millis(800));
        std::fs::write(dir.join(format!("{name}.png")), b.screenshot()).expect("write PNG");
    };
    for name in hexwar_engine::builtin::names() {
        let server = Server::start(name, 3);
        let scen = server.get("/api/scenario");
        let me = scen["human"].as_str().unwrap().to_string();
        let b = Browser::start(&driver, &chromium);
        server.open(&b, 300);
        end_phases_until(&b, &server, "movement");
        for _ in 0..2 {
            let (unit, dest) = a_move(&server, &server.state(), &me, &scen);
            select_unit(&b, &unit);
            click_hex(&b, &dest);
        }
        let (unit, _) = a_move(&server, &server.state(), &me, &scen);
        select_unit(&b, &unit);
        match name {
            "eastfront" => b.click(&b.wait_for("#key-btn", 10)),
            "morne-plaine" => {
                b.click(&b.wait_for("#hint-btn", 10));
                wait_idle(&b);
                b.wait_for("#hint-box:not([hidden])", 60);
            }
            _ => {}
        }
        shot(&b, name);
        if name == "malaya" {
            b.click(&b.wait_for("#new-game", 10));
            b.wait_until(
                "the dialog",
                "return document.getElementById('new-scenario').options.length > 1;",
                10,
            );
            b.eval(
                "const l = document.getElementById('new-level'); l.value = 'normal'; l.onchange(); return null;",
                vec![],
            );
            shot(&b, "new-game");
        }
    }
    // The replay viewer on a batch game, part-way through.
    let tmp = common::temp_dir("screenshot-replay");
    let run = tmp.join("run");
    let o = common::hexwar(&[
        "simulate",
        "--scenario",
        "malaya",
        "--games",
        "1",
        "--blue",
        "heuristic",
        "--red",
        "heuristic",
        "--seed",
        "4",
        "--out",
        run.to_str().unwrap(),
    ]);
    common::expect_code(&o, 0);
    let server = Server::start_with("malaya", 1, &["--replay", run.to_str().unwrap()]);
    let b = Browser::start(&driver, &chromium);
    b.goto(&format!("{}/", server.url));
    b.wait_for("#replay-box:not([hidden])", 120);
    wait_idle(&b);
    let outline = server.get("/api/replay");
    let turns = outline["turns"].as_array().unwrap();
    let i = turns
        .iter()
        .position(|t| t["turn"] == 3 && !t["combats"].as_array().unwrap().is_empty())
        .or_else(|| {
            turns
                .iter()
                .position(|t| !t["combats"].as_array().unwrap().is_empty())
        })
        .unwrap_or(0);
    b.click(&b.wait_for(&format!("#rp-turns [data-turn-index=\"{i}\"]"), 10));
    wait_idle(&b);
    b.click(&b.wait_for("#zoom-front", 10));
    shot(&b, "replay");
}
