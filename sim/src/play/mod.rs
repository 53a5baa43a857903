//! `hexwar play`: one person against an AI in a browser, over a small JSON
//! API (docs/PLAY-API.md).
//!
//! [`Session`] is the game (scenario, state, the AI, the dice, the game's
//! record, the log, undo and redo, the replay viewer); [`handle`] answers
//! one request as a pure function of the session and the request, so every
//! endpoint is tested without a socket; [`http`] is the server that feeds
//! it requests, each checked by [`guard`] (only the server's own page may
//! drive it) and read by [`wire`] within limits. The JSON shapes are
//! [`crate::record::ActionJson`], [`scenario_json`] and [`state_json`].
//!
//! The parts: `api` (routing, actions, the AI's turn), `games` (new game,
//! save, load), `answers` (a unit's moves and attacks, odds), `hint` (what
//! the computer would do), `undo`, `viewer` and `replay_api` (the replay
//! viewer), `legend` (the map's key).
//!
//! Every action goes through the engine's checked `apply`, which leaves the
//! state untouched when it refuses; the AI moves only when the page asks
//! (`/api/ai/step`, `/api/ai/finish`); the server's workers take the game
//! one request at a time, behind one lock.

mod answers;
mod api;
mod games;
pub mod guard;
mod hint;
pub mod http;
mod legend;
mod replay_api;
pub mod scenario_json;
mod session;
pub mod state_json;
mod undo;
mod viewer;
pub mod wire;

pub use crate::record::{ActionJson, NotFound};
pub use api::{Response, handle};
pub use hint::{HINT_LEVEL, HintJson};
pub use http::{Server, ServerError};
pub use session::{PERSON, Session, SessionError, clock_seed};
pub use state_json::{LogEntry, StateJson};
pub use viewer::{ReplayAt, ReplayJson, TurnSummary};

/// The largest request body accepted (larger: 413).
pub const MAX_BODY: usize = 1 << 20;

/// AI actions `/api/ai/finish` plays at most before it answers anyway (a
/// player that never ends its turn).
const MAX_AI_ACTIONS: usize = 100_000;

const INDEX_HTML: &str = include_str!("../../assets/play/index.html");

/// The page's script (in parts, loaded in this order by `index.html`) and
/// style sheet: path, content type, text.
const ASSETS: &[(&str, &str, &str)] = &[
    ("/app.js", JS, include_str!("../../assets/play/app.js")),
    ("/map.js", JS, include_str!("../../assets/play/map.js")),
    ("/panel.js", JS, include_str!("../../assets/play/panel.js")),
    (
        "/actions.js",
        JS,
        include_str!("../../assets/play/actions.js"),
    ),
    (
        "/dialogs.js",
        JS,
        include_str!("../../assets/play/dialogs.js"),
    ),
    (
        "/replay.js",
        JS,
        include_str!("../../assets/play/replay.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("../../assets/play/style.css"),
    ),
];

const JS: &str = "text/javascript; charset=utf-8";
