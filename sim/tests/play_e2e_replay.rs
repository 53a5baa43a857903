//! The play page end to end, the hint and the replay viewer: a hint shown
//! on the map and in the panel with its odds, then played; a batch game
//! opened with `hexwar play --replay RUN_DIR --game I` and stepped
//! through with its dice, losses and intents; the game being played
//! replayed from the page, and played on from a step.
//!
//! Skipped without chromium and chromium-driver unless
//! `HEXWAR_E2E=require` (see `play_e2e.rs`).

mod common;
mod webdriver;

use hexwar_ai::{HeuristicPlayer, Player};
use hexwar_engine::{Action, GameState, PhaseKind, Scenario};
use hexwar_sim::cmd::simulate;
use serde_json::{Value, json};
use webdriver::Browser;
use webdriver::page::*;

/// Whether the normal level plays an action like `want` in `st`.
fn heuristic_would(scen: &Scenario, st: &GameState, want: fn(&Action) -> bool) -> bool {
    let mut p = HeuristicPlayer::from_options("").unwrap();
    let mut rng = <hexwar_ai::AiRng as rand::SeedableRng>::seed_from_u64(0);
    want(&p.choose(scen, st, &mut rng))
}

#[test]
fn e2e_hint_shows_the_computers_move_and_attack_and_plays_them() {
    let Some((driver, chromium)) = tools() else {
        return;
    };
    let _one = one_browser();
    // An attack the computer would make.
    let is_attack: fn(&Action) -> bool = |a| matches!(a, Action::Attack { .. });
    let (file, scen, st, _) = position_file("malaya", "hint-attack", |scen, st, a| {
        is_attack(a) && !st.combat().target.is_some() && heuristic_would(scen, st, is_attack)
    });
    let server = server_at("malaya", &file, &scen.side(st.active_side()).id);
    let b = Browser::start(&driver, &chromium);
    server.open(&b, 60);
    b.click(&b.wait_for("#hint-btn", 10));
    wait_idle(&b);
    b.wait_for("#hint-box:not([hidden])[data-action-type=\"attack\"]", 30);
    let hint = server.get("/api/hint");
    let column = b.text(&b.wait_for("#hint-odds-column", 10));
    assert_eq!(column, hint["odds"]["column"].as_str().unwrap());
    assert!(
        !b.find_all("#hint-layer .hint-ring.target").is_empty(),
        "the target ringed on the map"
    );
    assert!(
        b.text(&b.wait_for("#hint-text", 10))
            .contains(hint["target"].as_str().unwrap())
    );
    // "Set up this attack": the combat panel with its attackers; the person rolls.
    b.click(&b.wait_for("#hint-do", 10));
    wait_idle(&b);
    b.wait_for("#odds-column", 10);
    let help = b.text(&b.wait_for("#combat-help", 10));
    for a in hint["attackers"].as_array().unwrap() {
        assert!(help.contains(a.as_str().unwrap()), "{help}");
    }
    let log_before = server.state()["log"].as_array().unwrap().len();
    b.click(&b.wait_for("#roll", 10));
    wait_idle(&b);
    let st = server.state();
    let log = st["log"].as_array().unwrap();
    assert!(
        log[log_before..].iter().any(|e| !e["dice"].is_null()),
        "rolled"
    );
    let _ = std::fs::remove_file(file);
    drop(b);

    // A move the computer would make: an arrow on the map, then played.
    let is_move: fn(&Action) -> bool = |a| matches!(a, Action::Move { .. });
    let (file, scen, st, _) = position_file("malaya", "hint-move", |scen, st, a| {
        is_move(a) && st.phase(scen) == PhaseKind::Movement && heuristic_would(scen, st, is_move)
    });
    let server = server_at("malaya", &file, &scen.side(st.active_side()).id);
    let b = Browser::start(&driver, &chromium);
    server.open(&b, 60);
    b.click(&b.wait_for("#hint-btn", 10));
    wait_idle(&b);
    b.wait_for("#hint-layer[data-kind=\"move\"] .hint-path", 30);
    let hint = server.get("/api/hint");
    b.click(&b.wait_for("#hint-do", 10));
    wait_idle(&b);
    let unit = hint["unit"].as_str().unwrap();
    assert_eq!(
        unit_hex(&server.state(), unit),
        hint["to"].as_str().map(str::to_string)
    );
    let _ = std::fs::remove_file(file);
}

#[test]
fn e2e_replay_viewer_steps_through_a_batch_game() {
    let Some((driver, chromium)) = tools() else {
        return;
    };
    let _one = one_browser();
    let tmp = common::temp_dir("e2e-replay");
    let dir = tmp.join("run");
    let args = simulate::Args {
        scenario: "morne-plaine".into(),
        games: 2,
        blue: "heuristic".into(),
        red: "random".into(),
        seed: 7,
        out: Some(dir.clone()),
        ..simulate::Args::default()
    };
    simulate::simulate(&args, &|_, _| {}).unwrap();
    let server = Server::start_with(
        "morne-plaine",
        1,
        &["--replay", dir.to_str().unwrap(), "--game", "1"],
    );
    let b = Browser::start(&driver, &chromium);
    b.goto(&format!("{}/", server.url));
    b.wait_for("#replay-box:not([hidden])", 60);
    wait_idle(&b);
    assert_eq!(
        b.eval("return document.body.dataset.mode;", vec![]),
        json!("replay")
    );
    let outline = server.get("/api/replay");
    let steps = outline["steps"].as_u64().unwrap();
    assert!(
        b.text(&b.wait_for("#rp-pos", 10))
            .contains(&format!("{steps} of {steps}"))
    );
    // The start, then on by player-turn: the first is the heuristic's,
    // with what it meant to do.
    b.click(&b.wait_for("#rp-start", 10));
    wait_idle(&b);
    assert_eq!(server.state()["replay"]["step"], 0);
    b.click(&b.wait_for("#rp-next-turn", 10));
    wait_idle(&b);
    let st = server.state();
    assert_eq!(st["replay"]["step"], outline["turns"][0]["to"]);
    assert!(
        !b.find_all("#rp-intent li").is_empty(),
        "the heuristic's stated intent"
    );
    // One action on: the step moves by one.
    b.click(&b.wait_for("#rp-next", 10));
    wait_idle(&b);
    assert_eq!(
        server.state()["replay"]["step"].as_u64(),
        outline["turns"][0]["to"].as_u64().map(|s| s + 1)
    );
    // A player-turn with combats, from the list: its dice and losses.
    let turns = outline["turns"].as_array().unwrap();
    let i = turns
        .iter()
        .position(|t| {
            t["combats"]
                .as_array()
                .unwrap()
                .iter()
                .any(|c| !c["dice"].is_null())
        })
        .expect("a combat in the game");
    b.click(&b.wait_for(&format!("#rp-turns [data-turn-index=\"{i}\"]"), 10));
    wait_idle(&b);
    assert_eq!(server.state()["replay"]["step"], turns[i]["to"]);
    assert!(!b.find_all("#rp-turn .die").is_empty(), "the dice shown");
    let lost: u64 = [0, 1]
        .iter()
        .map(|k| turns[i]["steps_lost"][k].as_u64().unwrap())
        .sum();
    if lost > 0 {
        assert!(b.text(&b.wait_for(".rp-loss", 10)).contains("step"));
    }
    // Another game of the run.
    b.eval(
        "document.getElementById('rp-game').value = '0'; return null;",
        vec![],
    );
    b.click(&b.wait_for("#rp-open-game", 10));
    wait_idle(&b);
    b.wait_until(
        "game 0",
        "return document.getElementById('rp-meta').textContent.includes('game 0');",
        30,
    );
    // Back to the game; then this game replayed from the page.
    b.click(&b.wait_for("#rp-close", 10));
    wait_for_my_turn(&b, 120);
    assert!(server.state()["replay"].is_null());
    let version: Value = server.state()["version"].clone();
    b.click(&b.wait_for("#end-phase", 10));
    wait_idle(&b);
    wait_version(&server, &version);
    b.click(&b.wait_for("#replay-btn", 10));
    b.click(&b.wait_for("#replay-this", 10));
    b.wait_for("#replay-box:not([hidden])", 30);
    wait_idle(&b);
    // Play on from the start: the game is the first position again.
    b.click(&b.wait_for("#rp-start", 10));
    wait_idle(&b);
    b.click(&b.wait_for("#rp-play-here", 10));
    wait_for_my_turn(&b, 120);
    let st = server.state();
    assert!(st["replay"].is_null());
    assert_eq!(
        (st["turn"].as_u64(), st["phase"].as_str()),
        (Some(1), Some("movement"))
    );
}
