//! Helpers shared by the tests that run the `hexwar` binary.

// Each test crate uses its own subset of these.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use hexwar_engine::Scenario;
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
