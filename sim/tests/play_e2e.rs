//! The play page end to end, in headless Chromium driven by chromedriver:
//! open the page, move a unit, declare and roll an attack, end the turn,
//! see the AI reply and the map change.
//!
//! Needs Debian's `chromium` and `chromium-driver`. Without them the test
//! says so and passes, unless `HEXWAR_E2E=require` (as `.ci/run` sets, after
//! installing them) makes their absence a failure.
//!
//! `cargo test -p hexwar-sim --test play_e2e -- --ignored screenshots`
//! writes the README's screenshots to `docs/screenshots/`.

mod common;
mod webdriver;

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use hexwar_engine::{Action, Scenario};
use serde_json::{Value, json};
use webdriver::{Browser, which};

/// chromedriver and chromium, or `None` (after saying why) when the test
/// may be skipped.
fn tools() -> Option<(PathBuf, PathBuf)> {
    let driver = which("chromedriver");
    let chromium = which("chromium").or_else(|| which("chromium-browser"));
    match (driver, chromium) {
        (Some(d), Some(c)) => Some((d, c)),
        _ => {
            let msg = "headless browser test needs `chromium` and `chromium-driver` \
                       (apt-get install chromium chromium-driver; .ci/run installs them)";
            assert!(
                std::env::var("HEXWAR_E2E").as_deref() != Ok("require"),
                "{msg}"
            );
            eprintln!("SKIPPED: {msg}");
            None
        }
    }
}

/// A `hexwar play` server on a free port; killed on drop.
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start(scenario: &str, seed: u64) -> Server {
        Server::start_with(scenario, seed, &[])
    }

    fn start_with(scenario: &str, seed: u64, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hexwar"))
            .args(["play", "--scenario", scenario, "--port", "0"])
            .args(["--seed", &seed.to_string(), "--ai", "heuristic"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start hexwar play");
        let out = child.stdout.take().expect("stdout");
        let mut lines = BufReader::new(out).lines();
        let mut url = None;
        for line in lines.by_ref() {
            let line = line.expect("server output");
            if let Some(i) = line.find("http://") {
                let rest = &line[i..];
                let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
                url = Some(rest[..end].trim_end_matches('/').to_string());
                break;
            }
        }
        // Keep reading what the server prints, so its writes never fail.
        std::thread::spawn(move || lines.for_each(drop));
        let url = url.expect("the server prints its address");
        Server { child, url }
    }

    fn get(&self, path: &str) -> Value {
        ureq::get(&format!("{}{path}", self.url))
            .call()
            .expect("GET from the server")
            .into_json()
            .expect("JSON")
    }

    fn state(&self) -> Value {
        self.get("/api/state")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits until the page is idle and it is the person's turn.
fn wait_for_my_turn(b: &Browser, secs: u64) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let v = b.eval(
            "return [document.body.dataset.busy, document.body.dataset.yourTurn];",
            vec![],
        );
        if v == json!(["0", "1"]) {
            return;
        }
        // Skip the animation of the AI's turn when the button is there.
        if v[1] == json!("0") {
            if let Some(e) = b.find_all("#ai-finish").into_iter().next() {
                if b.usable(&e) {
                    b.click(&e);
                }
            }
        }
        assert!(
            Instant::now() < deadline,
            "the AI's turn did not end in {secs} s"
        );
        sleep(Duration::from_millis(200));
    }
}

/// Waits until the page is idle.
fn wait_idle(b: &Browser) {
    b.wait_until(
        "the page to be idle",
        "return document.body.dataset.busy === '0';",
        30,
    );
}

fn unit_hex(state: &Value, id: &str) -> Option<String> {
    state["units"]
        .as_array()?
        .iter()
        .find(|u| u["id"] == id)?
        .get("hex")?
        .as_str()
        .map(str::to_string)
}

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
        let before = st["version"].clone();
        b.click(&b.wait_for("#end-phase", 10));
        wait_idle(b);
        let deadline = Instant::now() + Duration::from_secs(10);
        while s.state()["version"] == before {
            assert!(Instant::now() < deadline, "end phase did nothing");
            sleep(Duration::from_millis(100));
        }
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
    b.goto(&format!("{}/", server.url));
    b.wait_for("[data-unit]", 30);
    wait_for_my_turn(&b, 180);

    // Move: select a counter, click a highlighted hex.
    let st = server.state();
    assert_eq!(st["side"], me.as_str());
    end_phases_until(&b, &server, "movement");
    let st = server.state();
    let (unit, dest) = a_move(&server, &st, &me, &scen);
    b.click(&b.wait_for(&format!("[data-unit=\"{unit}\"]"), 10));
    wait_idle(&b);
    b.click(&b.wait_for(&format!("[data-hex=\"{dest}\"]"), 10));
    wait_idle(&b);
    let st = server.state();
    assert_eq!(
        unit_hex(&st, &unit).as_deref(),
        Some(dest.as_str()),
        "moved"
    );

    // Attack: defender hex, then an attacker, the odds shown, roll.
    end_phases_until(&b, &server, "combat");
    let st = server.state();
    assert_eq!(st["phase"], "combat");
    let (attacker, target) =
        an_attack(&server, &st, &me, &scen).expect("an attack in this seeded game");
    let log_before = st["log"].as_array().map_or(0, Vec::len);
    b.click(&b.wait_for(&format!("[data-target=\"{target}\"]"), 10));
    wait_idle(&b);
    b.click(&b.wait_for(&format!("[data-unit=\"{attacker}\"]"), 10));
    wait_idle(&b);
    let text = b.text(&b.wait_for("#odds-column", 10));
    assert!(text.contains(':'), "the odds panel shows a column: {text}");
    assert!(
        !b.find_all("#outcomes").is_empty(),
        "the outcomes are shown"
    );
    b.click(&b.wait_for("#roll", 10));
    wait_idle(&b);
    let st = server.state();
    let log = st["log"].as_array().unwrap();
    assert!(log.len() > log_before, "the roll is logged");
    assert!(
        log[log_before..].iter().any(|e| !e["dice"].is_null()),
        "the dice are in the log"
    );
    let shown = b.text(&b.wait_for("#roll-result", 10));
    assert!(!shown.trim().is_empty(), "the page shows the roll");

    // End the turn; the AI replies and its counters move on the page.
    let scen_ai_before = positions(&server.state(), &ai_side, &scen);
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
    assert_ne!(scen_ai_before, ai_after, "the AI moved");
    // The page draws every unit where the server has it.
    for (id, hex) in ai_after.iter().filter(|(_, h)| h.is_some()) {
        let on_page = b.eval(
            "const e = document.querySelector(`[data-unit=\"${arguments[0]}\"]`); \
             return e ? e.dataset.at : null;",
            vec![json!(id)],
        );
        assert_eq!(on_page.as_str(), hex.as_deref(), "counter {id} on the page");
    }
}

/// A position where a legal action satisfies `want`, written as a saved
/// game: the file, the scenario and the action.
fn position_file(scenario: &str, want: impl Fn(&Action) -> bool) -> (PathBuf, Scenario, Action) {
    let (scen, st, a) = common::position(scenario, |_, _, a| want(a));
    let file =
        std::env::temp_dir().join(format!("hexwar-e2e-{scenario}-{}.json", std::process::id()));
    let saved = serde_json::to_string(&st.to_saved(&scen)).expect("saved game");
    std::fs::write(&file, saved).expect("write the position");
    (file, (*scen).clone(), a)
}

/// Opens the page on `file` (the person playing the side to move), clicks
/// `unit`'s counter, then the badge of `hex`, and returns the server's
/// state after.
fn click_unit_then_hex(
    driver: &std::path::Path,
    chromium: &std::path::Path,
    scenario: &str,
    file: &std::path::Path,
    side: &str,
    unit: &str,
    hex: &str,
) -> Value {
    let server = Server::start_with(
        scenario,
        1,
        &["--state", file.to_str().unwrap(), "--side", side],
    );
    let b = Browser::start(driver, chromium);
    b.goto(&format!("{}/", server.url));
    b.wait_for("[data-unit]", 30);
    wait_for_my_turn(&b, 60);
    b.click(&b.wait_for(&format!("[data-unit=\"{unit}\"]"), 10));
    wait_idle(&b);
    b.click(&b.wait_for(&format!("[data-hex=\"{hex}\"]"), 10));
    wait_idle(&b);
    server.state()
}

#[test]
fn e2e_rail_move_and_charge_by_clicks() {
    let Some((driver, chromium)) = tools() else {
        return;
    };
    // A rail move in Malaya.
    let (file, scen, a) = position_file("malaya", |a| matches!(a, Action::RailMove { .. }));
    let Action::RailMove { unit, to } = a else {
        unreachable!()
    };
    let (id, label) = (&scen.unit(unit).id, scen.grid().label(to));
    let side = &scen.side(scen.unit(unit).side).id;
    let st = click_unit_then_hex(&driver, &chromium, "malaya", &file, side, id, &label);
    assert_eq!(
        unit_hex(&st, id).as_deref(),
        Some(label.as_str()),
        "{id} went by rail"
    );
    assert_eq!(st["rail"]["used"], 1);
    let _ = std::fs::remove_file(file);

    // A charge in Morne-Plaine.
    let (file, scen, a) = position_file("morne-plaine", |a| matches!(a, Action::Charge { .. }));
    let Action::Charge { unit, target } = a else {
        unreachable!()
    };
    let (id, label) = (&scen.unit(unit).id, scen.grid().label(target));
    let side = &scen.side(scen.unit(unit).side).id;
    let st = click_unit_then_hex(&driver, &chromium, "morne-plaine", &file, side, id, &label);
    let log = st["log"].as_array().unwrap();
    assert!(
        log.iter()
            .any(|e| e["text"].as_str().is_some_and(|t| t.contains("charge"))),
        "the charge is in the log: {log:?}"
    );
    let _ = std::fs::remove_file(file);
}

#[test]
fn e2e_new_game_chooses_side_and_level() {
    let Some((driver, chromium)) = tools() else {
        return;
    };
    let server = Server::start("malaya", 5);
    let scen = server.get("/api/scenario");
    let sides: Vec<String> = scen["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(scen["human"], sides[0].as_str());
    let b = Browser::start(&driver, &chromium);
    b.goto(&format!("{}/", server.url));
    b.wait_for("[data-unit]", 30);
    wait_idle(&b);
    b.click(&b.wait_for("#new-game", 10));
    b.wait_until(
        "the New game dialog",
        "return document.getElementById('new-game-dialog').open;",
        10,
    );
    // The levels are offered, the current opponent chosen.
    let offered = b.eval(
        "return [...document.querySelectorAll('#new-level option')].map((o) => o.value);",
        vec![],
    );
    for level in ["novice", "normal", "hard", "expert"] {
        assert!(
            offered.as_array().unwrap().contains(&json!(level)),
            "{offered}"
        );
    }
    assert_eq!(
        b.eval("return document.getElementById('new-level').value;", vec![]),
        json!("heuristic")
    );
    // The second side against a novice computer, which opens the game.
    b.eval(
        "document.getElementById('new-side').value = arguments[0]; \
         document.getElementById('new-level').value = 'novice'; return null;",
        vec![json!(sides[1])],
    );
    b.click(&b.wait_for("#new-start", 10));
    let deadline = Instant::now() + Duration::from_secs(20);
    while server.get("/api/scenario")["human"] != sides[1].as_str() {
        assert!(Instant::now() < deadline, "the new game did not start");
        sleep(Duration::from_millis(100));
    }
    assert_eq!(server.get("/api/scenario")["ai"], "novice");
    // The computer's turn, its animation skipped (by script: the button
    // may be moving while the panel redraws).
    b.wait_until(
        "the computer's turn to end",
        "const f = document.getElementById('ai-finish'); \
         if (document.body.dataset.yourTurn !== '1' && f && f.offsetParent) f.click(); \
         return document.body.dataset.busy === '0' && document.body.dataset.yourTurn === '1';",
        120,
    );
    let st = server.state();
    assert_eq!(st["side"], sides[1].as_str());
    assert_eq!(st["your_turn"], json!(true));
    if let Ok(dir) = std::env::var("HEXWAR_E2E_SHOT") {
        b.click(&b.wait_for("#new-game", 10));
        sleep(Duration::from_millis(300));
        std::fs::write(PathBuf::from(dir).join("new-game.png"), b.screenshot()).expect("PNG");
    }
}

/// The README's screenshots: each built-in scenario after a few moves, a
/// unit selected with its reachable hexes shown.
#[test]
#[ignore = "writes docs/screenshots/; run by hand"]
fn screenshots() {
    let Some((driver, chromium)) = tools() else {
        return;
    };
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/screenshots");
    std::fs::create_dir_all(&dir).expect("docs/screenshots");
    for name in hexwar_engine::builtin::names() {
        let server = Server::start(name, 3);
        let scen = server.get("/api/scenario");
        let me = scen["human"].as_str().unwrap().to_string();
        let b = Browser::start(&driver, &chromium);
        b.goto(&format!("{}/", server.url));
        b.wait_for("[data-unit]", 30);
        wait_for_my_turn(&b, 300);
        end_phases_until(&b, &server, "movement");
        // Two moves, then a third unit selected.
        for _ in 0..2 {
            let (unit, dest) = a_move(&server, &server.state(), &me, &scen);
            b.click(&b.wait_for(&format!("[data-unit=\"{unit}\"]"), 10));
            wait_idle(&b);
            b.click(&b.wait_for(&format!("[data-hex=\"{dest}\"]"), 10));
            wait_idle(&b);
        }
        let (unit, _) = a_move(&server, &server.state(), &me, &scen);
        b.click(&b.wait_for(&format!("[data-unit=\"{unit}\"]"), 10));
        wait_idle(&b);
        sleep(Duration::from_millis(500));
        std::fs::write(dir.join(format!("{name}.png")), b.screenshot()).expect("write PNG");
    }
}
