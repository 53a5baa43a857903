//! GS-10 through the play API: a work (`{"type":"work"}`) offered in the
//! unit answer, applied through `/api/action` and shown in the state
//! (SRPs, broken rail), refused with the engine's reason when it may not
//! be done, and kept in a saved game.

mod common;
mod play_common;

use common::position;
use hexwar_engine::{Action, Work};
use play_common::{get, ok, post, refused, session_at};

// rule: GS-10
#[test]
fn gs_10_work_round_trips_through_the_play_api() {
    let (scen, st, a) = position("eastfront", |_, _, a| {
        matches!(
            a,
            Action::Work {
                work: Work::Demolish,
                ..
            }
        )
    });
    let Action::Work { unit, .. } = a else {
        unreachable!()
    };
    let side = st.active_side().index();
    let srp = st.srp(st.active_side());
    let id = scen.unit(unit).id.clone();
    let hex = scen.grid().label(st.unit(unit).hex);
    let mut s = session_at(&scen, st);
    let before = ok(get(&mut s, "/api/state"));
    assert_eq!(before["works"]["srp"][side], srp);
    assert_eq!(before["works"]["broken_rail"], serde_json::json!([]));
    // The unit answer offers it, with its cost.
    let info = ok(get(&mut s, &format!("/api/unit/{id}")));
    let works = info["works"].as_array().unwrap();
    assert!(
        works
            .iter()
            .any(|w| w["work"] == "demolish" && w["cost"] == 1)
    );
    // Applied: the SRP spent, the hex broken.
    let body = format!(r#"{{"type":"work","unit":"{id}","work":"demolish"}}"#);
    let r = ok(post(&mut s, "/api/action", &body));
    assert_eq!(r["state"]["works"]["srp"][side], srp - 1);
    assert_eq!(r["state"]["works"]["broken_rail"], serde_json::json!([hex]));
    assert_eq!(r["state"]["works"]["done"], 1);
    // Again: refused with the engine's reason, the game unchanged.
    let r = post(&mut s, "/api/action", &body);
    refused(&r, 409, "cannot break the rail line");
    // A work the scenario does not have.
    let fort = format!(r#"{{"type":"work","unit":"{id}","work":"fort"}}"#);
    refused(
        &post(&mut s, "/api/action", &fort),
        409,
        "does not allow it",
    );
    // An unknown work name is a bad request.
    let bad = format!(r#"{{"type":"work","unit":"{id}","work":"bridge"}}"#);
    let r = post(&mut s, "/api/action", &bad);
    assert_eq!(r.status, 400);
    // The saved record keeps it: its position, and the action played back on load.
    let saved = ok(get(&mut s, "/api/save"));
    assert_eq!(
        saved["position"]["works"]["broken_rail"],
        serde_json::json!([hex])
    );
    let r = ok(post(&mut s, "/api/load", &saved.to_string()));
    assert_eq!(r["state"]["works"]["broken_rail"], serde_json::json!([hex]));
    assert_eq!(r["state"]["works"]["srp"][side], srp - 1);
}
