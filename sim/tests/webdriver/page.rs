//! The play page under test: a `hexwar play` server on a free port, the
//! tools the browser tests need, and what a person does on the page
//! (select a unit, even one under others in a stack; wait for the page to
//! settle; wait for the computer's turn to end).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::thread::sleep;
use std::time::{Duration, Instant};

use hexwar_engine::{Action, GameState, Scenario};
use serde_json::{Value, json};

use super::{Browser, which};

/// One browser at a time: two Chromiums on a busy machine starve each
/// other's renderers past WebDriver's patience.
static ONE_BROWSER: Mutex<()> = Mutex::new(());

/// Holds the browser for one test (a failed test does not block the rest).
pub fn one_browser() -> MutexGuard<'static, ()> {
    ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner())
}

/// chromedriver and chromium, or `None` (after saying why) when the test
/// may be skipped.
pub fn tools() -> Option<(PathBuf, PathBuf)> {
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
pub struct Server {
    child: Child,
    pub url: String,
}

impl Server {
    /// `hexwar play --scenario S --seed K --ai heuristic`.
    pub fn start(scenario: &str, seed: u64) -> Server {
        Server::start_with(scenario, seed, &[])
    }

    /// [`Server::start`] with more arguments.
    pub fn start_with(scenario: &str, seed: u64, extra: &[&str]) -> Server {
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

    /// A GET of the API, as JSON.
    pub fn get(&self, path: &str) -> Value {
        ureq::get(&format!("{}{path}", self.url))
            .call()
            .expect("GET from the server")
            .into_json()
            .expect("JSON")
    }

    /// `GET /api/state`.
    pub fn state(&self) -> Value {
        self.get("/api/state")
    }

    /// Opens the page in `b` and waits for the counters and the person's turn.
    pub fn open(&self, b: &Browser, secs: u64) {
        b.goto(&format!("{}/", self.url));
        b.wait_for("#counter-layer [data-unit]", 30);
        wait_for_my_turn(b, secs);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits until the page is idle and it is the person's turn.
pub fn wait_for_my_turn(b: &Browser, secs: u64) {
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
            b.eval(
                "const f = document.getElementById('ai-finish'); \
                 if (f && f.offsetParent) f.click(); return null;",
                vec![],
            );
        }
        assert!(
            Instant::now() < deadline,
            "the AI's turn did not end in {secs} s"
        );
        sleep(Duration::from_millis(200));
    }
}

/// Waits until the page is idle.
pub fn wait_idle(b: &Browser) {
    b.wait_until(
        "the page to be idle",
        "return document.body.dataset.busy === '0';",
        30,
    );
}

/// Waits until the server's state has moved past `version`.
pub fn wait_version(s: &Server, version: &Value) {
    let deadline = Instant::now() + Duration::from_secs(15);
    while s.state()["version"] == *version {
        assert!(Instant::now() < deadline, "the game did not change");
        sleep(Duration::from_millis(100));
    }
}

/// A counter on the map, by unit id.
pub fn counter(id: &str) -> String {
    format!("#counter-layer [data-unit=\"{id}\"]")
}

/// Selects a unit as a person does: its counter, or, when it lies under
/// others, the stack's top counter and then the unit in the stack's list.
pub fn select_unit(b: &Browser, id: &str) {
    // Nothing selected first (Esc), so the click selects.
    b.eval(
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'})); return null;",
        vec![],
    );
    wait_idle(b);
    let at = b.eval(
        "const e = document.querySelector(`#counter-layer [data-unit=\"${arguments[0]}\"]`); \
         return e ? [e.dataset.top, e.dataset.at] : null;",
        vec![json!(id)],
    );
    if at[0] == "1" {
        b.click(&b.wait_for(&counter(id), 10));
    } else {
        let hex = at[1].as_str().expect("the unit is on the map");
        let top = format!("#counter-layer [data-at=\"{hex}\"][data-top=\"1\"]");
        b.click(&b.wait_for(&top, 10));
        wait_idle(b);
        b.click(&b.wait_for(&format!("#stack-list [data-select-unit=\"{id}\"]"), 10));
    }
    wait_idle(b);
    b.wait_until(
        &format!("{id} selected"),
        &format!("const u = document.getElementById('unit-info'); return !u.hidden && u.dataset.unit === '{id}';"),
        10,
    );
}

/// Clicks the badge of a highlighted hex.
pub fn click_hex(b: &Browser, hex: &str) {
    b.click(&b.wait_for(&format!("#badge-layer [data-hex=\"{hex}\"]"), 10));
    wait_idle(b);
}

/// Where a unit is in a state.
pub fn unit_hex(state: &Value, id: &str) -> Option<String> {
    state["units"]
        .as_array()?
        .iter()
        .find(|u| u["id"] == id)?
        .get("hex")?
        .as_str()
        .map(str::to_string)
}

/// A position where a legal action satisfies `want`, written as a saved
/// game: the file, the scenario, the position and the action.
pub fn position_file(
    scenario: &str,
    tag: &str,
    want: impl Fn(&Scenario, &GameState, &Action) -> bool,
) -> (PathBuf, Scenario, GameState, Action) {
    let (scen, st, a) = crate::common::position(scenario, want);
    let file = std::env::temp_dir().join(format!(
        "hexwar-e2e-{scenario}-{tag}-{}.json",
        std::process::id()
    ));
    let saved = serde_json::to_string(&st.to_saved(&scen)).expect("saved game");
    std::fs::write(&file, saved).expect("write the position");
    (file, (*scen).clone(), st, a)
}

/// A server on the position in `file`, the person playing `side`.
pub fn server_at(scenario: &str, file: &Path, side: &str) -> Server {
    Server::start_with(
        scenario,
        1,
        &["--state", file.to_str().unwrap(), "--side", side],
    )
}
