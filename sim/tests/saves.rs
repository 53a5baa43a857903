//! Saved games from real play load back: the position checks of
//! `GameState::from_saved` refuse nothing the engine can reach. Random and
//! heuristic games of every built-in scenario are saved at many points
//! (every phase, mid-phase, mid-attack, during rail moves, at the end),
//! written as JSON, read back, checked and compared: the same units, and
//! the same file when saved again (which covers the rest of the state).

use hexwar_ai::{AiRng, Player, from_spec};
use hexwar_engine::save::SavedGame;
use hexwar_engine::state::UnitFlags;
use hexwar_engine::{Action, GameState, PhaseKind, Scenario, SupplyState, UnitState, builtin};
use rand::{Rng, SeedableRng};

/// Plays one game of `blue` against `red`, saving and reloading the
/// position before each action with probability `p` (and always at the
/// end); returns how many positions were checked.
/// What the reloaded positions held, so the test knows it covered the
/// fields that need more than a glance.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    over: usize,
    declared: usize,
    advance: usize,
    rail_moves: usize,
    charged: usize,
    out_of_supply: usize,
}

impl Seen {
    fn note(&mut self, scen: &Scenario, st: &GameState) {
        self.positions += 1;
        self.over += st.is_over() as usize;
        self.declared += st.combat().target.is_some() as usize;
        self.advance += st.combat().advance.is_some() as usize;
        self.rail_moves += (!st.is_over()
            && st.phase(scen) == PhaseKind::Rail
            && !st.rail_moves().is_empty()) as usize;
        self.charged += st.units().iter().any(|u| u.has(UnitFlags::CHARGED)) as usize;
        self.out_of_supply += st.units().iter().any(|u| u.supply == SupplyState::Out) as usize;
    }
}

fn play_and_reload(scen: &Scenario, blue: &str, red: &str, seed: u64, p: f64, seen: &mut Seen) {
    let mut players: [Box<dyn Player>; 2] = [from_spec(blue).unwrap(), from_spec(red).unwrap()];
    let mut dice = AiRng::seed_from_u64(seed);
    let mut ai = AiRng::seed_from_u64(seed ^ 0x5eed);
    let mut pick = AiRng::seed_from_u64(seed ^ 0xfeed);
    let mut st = GameState::new(scen, &mut dice);
    for step in 0..200_000u64 {
        if st.is_over() || pick.random_bool(p) {
            reload(
                scen,
                &st,
                &format!("{} seed {seed} step {step}", scen.name()),
            );
            seen.note(scen, &st);
        }
        if st.is_over() {
            break;
        }
        let a: Action = players[st.active_side().index()].choose(scen, &st, &mut ai);
        st.apply(scen, a, &mut dice, &mut ())
            .unwrap_or_else(|e| panic!("{}: {}", scen.name(), e.describe(scen)));
    }
    assert!(
        st.is_over(),
        "{} seed {seed}: the game did not end",
        scen.name()
    );
}

fn reload(scen: &Scenario, st: &GameState, at: &str) {
    let saved = st.to_saved(scen);
    let text = serde_json::to_string(&saved).unwrap();
    let back: SavedGame = serde_json::from_str(&text).unwrap();
    let loaded = GameState::from_saved(scen, &back)
        .unwrap_or_else(|e| panic!("{at}: a position of real play refused: {e}\n{text}"));
    assert_eq!(
        loaded.to_saved(scen),
        saved,
        "{at}: saved again, the file differs"
    );
    // The whole state, but for a charge target the engine leaves behind
    // once its CHARGED flag is cleared (it means nothing then, and is not
    // saved).
    let same = |a: &UnitState, b: &UnitState| {
        a == b
            || (!a.has(UnitFlags::CHARGED)
                && UnitState {
                    charge_target: b.charge_target,
                    ..*a
                } == *b)
    };
    for (i, (a, b)) in loaded.units().iter().zip(st.units()).enumerate() {
        assert!(
            same(a, b),
            "{at}: unit {i} changed on the way: {a:?} / {b:?}"
        );
    }
}

/// A game of uniformly chosen legal actions (rail moves and their
/// take-backs, charges, attacks declared and withdrawn, which the players
/// rarely make), reloaded before each action with probability `p`.
fn legal_game_reload(scen: &Scenario, seed: u64, p: f64, seen: &mut Seen) {
    let mut dice = AiRng::seed_from_u64(seed);
    let mut pick = AiRng::seed_from_u64(seed ^ 0xfeed);
    let mut st = GameState::new(scen, &mut dice);
    let mut legal = Vec::new();
    for step in 0..200_000u64 {
        if st.is_over() || pick.random_bool(p) {
            reload(
                scen,
                &st,
                &format!("{} legal seed {seed} step {step}", scen.name()),
            );
            seen.note(scen, &st);
        }
        if st.is_over() {
            return;
        }
        st.legal_actions(scen, &mut legal);
        let movement = st.phase(scen) == PhaseKind::Movement;
        let charges: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Charge { .. }))
            .collect();
        let a = if movement && !charges.is_empty() && pick.random_bool(0.3) {
            charges[pick.random_range(0..charges.len())]
        } else if movement && pick.random_bool(0.1) && legal.contains(&Action::EndPhase) {
            Action::EndPhase
        } else {
            legal[pick.random_range(0..legal.len())]
        };
        st.apply(scen, a, &mut dice, &mut ())
            .unwrap_or_else(|e| panic!("{}: {}", scen.name(), e.describe(scen)));
    }
    panic!("{} legal seed {seed}: the game did not end", scen.name());
}

#[test]
fn positions_of_random_games_all_load_back() {
    let mut seen = Seen::default();
    for name in builtin::names() {
        let scen = builtin::load(name).unwrap();
        for seed in 0..12 {
            play_and_reload(&scen, "random", "random", seed, 0.05, &mut seen);
        }
        // Ten: with the GS-9 pool actions and the GS-10 works among
        // eastfront's legal actions, fewer of these games reach an advance.
        for seed in 0..10 {
            legal_game_reload(&scen, seed, 0.1, &mut seen);
        }
    }
    assert!(seen.positions > 1000, "{seen:?}");
    assert!(seen.over >= 36, "{seen:?}");
    assert!(seen.declared > 20 && seen.advance > 20, "{seen:?}");
    assert!(seen.rail_moves > 5 && seen.charged > 5, "{seen:?}");
    assert!(seen.out_of_supply > 50, "{seen:?}");
}

#[test]
fn positions_of_heuristic_games_all_load_back() {
    let mut seen = Seen::default();
    for name in builtin::names() {
        let scen = builtin::load(name).unwrap();
        play_and_reload(&scen, "heuristic", "heuristic", 1, 0.2, &mut seen);
        play_and_reload(&scen, "heuristic", "random", 2, 0.2, &mut seen);
        play_and_reload(&scen, "random", "heuristic", 3, 0.2, &mut seen);
    }
    assert!(seen.positions > 300, "{seen:?}");
    assert!(seen.over >= 9 && seen.declared > 5, "{seen:?}");
}

/// A real position of malaya (turn 1, the first decision) with
/// `steps_lost` forged, as a file.
fn forged_save(dir: &std::path::Path) -> std::path::PathBuf {
    let scen = builtin::load("malaya").unwrap();
    let st = GameState::new(&scen, &mut AiRng::seed_from_u64(1));
    let mut saved = st.to_saved(&scen);
    saved.steps_lost = [65535, 0];
    let path = dir.join("forged.json");
    std::fs::write(&path, serde_json::to_string(&saved).unwrap()).unwrap();
    path
}

#[test]
fn the_command_line_and_the_play_server_refuse_the_same_forged_save() {
    let dir = std::env::temp_dir().join(format!("hexwar-forged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = forged_save(&dir);
    // --state: exit code 1, the file and the fault named.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_hexwar"))
        .args(["inspect", "malaya", "--supply", "--state"])
        .arg(&path)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("forged.json") && err.contains("steps_lost: 65535"),
        "{err}"
    );
    // /api/load: 400 with the same words, the game unchanged.
    let scen = hexwar_sim::scenario::LoadedScenario::load("malaya")
        .unwrap()
        .scenario;
    let mut s = hexwar_sim::play::Session::new(scen, hexwar_engine::Side(0), "random", 1).unwrap();
    let before = hexwar_sim::play::handle(&mut s, "GET", "/api/save", "", b"").body;
    let body = std::fs::read(&path).unwrap();
    let r = hexwar_sim::play::handle(&mut s, "POST", "/api/load", "", &body);
    assert_eq!(r.status, 400);
    let msg = r.json_body()["error"].as_str().unwrap().to_string();
    assert!(msg.contains("steps_lost: 65535"), "{msg}");
    assert_eq!(
        hexwar_sim::play::handle(&mut s, "GET", "/api/save", "", b"").body,
        before
    );
    let _ = std::fs::remove_dir_all(&dir);
}
