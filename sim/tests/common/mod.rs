//! Helpers shared by the tests that run the `hexwar` binary.

// Each test crate uses its own subset of these.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use std::sync::Arc;

use hexwar_ai::{AiRng, Player, RandomPlayer};
use hexwar_engine::{Action, GameState, Scenario};
use rand::SeedableRng;
use serde_json::Value;

/// Runs `hexwar` with `args`.
pub fn hexwar(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexwar"))
        .args(args)
        .output()
        .expect("the hexwar binary runs")
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts the exit code, showing the output when it is wrong, and that
/// nothing panicked.
pub fn expect_code(o: &Output, code: i32) {
    assert_eq!(
        o.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{}",
        stdout(o),
        stderr(o)
    );
    assert!(!stderr(o).contains("panicked"), "panic:\n{}", stderr(o));
}

/// Standard output as JSON, after checking the exit code is 0.
pub fn json(o: &Output) -> Value {
    expect_code(o, 0);
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}):\n{}", stdout(o)))
}

/// A fresh directory for one test's files, removed when dropped.
pub struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh directory named after the test.
pub fn temp_dir(test: &str) -> TempDir {
    let dir = std::env::temp_dir().join(format!("hexwar-sim-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}

/// A path inside this crate, as a string.
pub fn repo_file(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(rel)
        .display()
        .to_string()
}

/// The fixture with every map feature.
pub fn rich() -> String {
    repo_file("tests/fixtures/rich.toml")
}

/// Loads a scenario file that must be valid.
pub fn load(path: &str) -> Scenario {
    Scenario::from_toml(&std::fs::read_to_string(path).unwrap(), path).unwrap()
}

/// The first position of seeded random games (both sides random) where a
/// legal action satisfies `want`: the scenario, the position and that action.
pub fn position(
    scenario: &str,
    want: impl Fn(&Scenario, &GameState, &Action) -> bool,
) -> (Arc<Scenario>, GameState, Action) {
    let scen = hexwar_sim::scenario::LoadedScenario::load(scenario)
        .expect("built-in scenario")
        .scenario;
    let mut legal = Vec::new();
    for seed in 0..50 {
        let mut dice = AiRng::seed_from_u64(seed);
        let mut rng = AiRng::seed_from_u64(seed + 1000);
        let mut st = GameState::new(&scen, &mut dice);
        let mut players = [RandomPlayer::default(), RandomPlayer::default()];
        for _ in 0..20_000 {
            if st.is_over() {
                break;
            }
            st.legal_actions(&scen, &mut legal);
            if let Some(a) = legal.iter().find(|a| want(&scen, &st, a)) {
                return (scen, st, *a);
            }
            let side = st.active_side().index();
            let a = players[side].choose(&scen, &st, &mut rng);
            st.apply(&scen, a, &mut dice, &mut ())
                .expect("a legal action");
        }
    }
    panic!("no position found in {scenario}");
}
