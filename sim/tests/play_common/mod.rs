//! Requests to the play API through its pure handler, for the play tests.

// Each test crate uses its own subset of these.
#![allow(dead_code)]

use std::sync::Arc;

use hexwar_engine::{GameState, Scenario};
use hexwar_sim::play::{Response, Session, handle};
use serde_json::Value;

pub fn get(s: &mut Session, url: &str) -> Response {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    handle(s, "GET", path, query, b"")
}

pub fn post(s: &mut Session, path: &str, body: &str) -> Response {
    handle(s, "POST", path, "", body.as_bytes())
}

/// The body of a 200 answer as JSON.
pub fn ok(r: Response) -> Value {
    assert_eq!(
        r.status,
        200,
        "{}",
        String::from_utf8_lossy(&r.body)
            .chars()
            .take(600)
            .collect::<String>()
    );
    r.json_body()
}

/// Asserts an error answer: status, and a message containing `needle`.
pub fn refused(r: &Response, status: u16, needle: &str) {
    let body = r.json_body();
    let msg = body["error"].as_str().unwrap_or_default();
    assert_eq!(r.status, status, "{msg}");
    assert!(msg.contains(needle), "{msg:?} does not contain {needle:?}");
}

/// A session in `st`, the person playing the side to move.
pub fn session_at(scen: &Arc<Scenario>, st: GameState) -> Session {
    let human = st.active_side();
    Session::from_state(scen.clone(), human, "random", 1, st).unwrap()
}

/// The unit's entry in a state's `units`.
pub fn unit_of<'a>(state: &'a Value, id: &str) -> &'a Value {
    state["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["id"] == id)
        .unwrap()
}

/// A built-in scenario.
pub fn builtin(name: &str) -> Arc<Scenario> {
    hexwar_engine::builtin::load(name).unwrap()
}
