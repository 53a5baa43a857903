//! `hexwar play`: one person against an AI in a browser, over a small JSON
//! API (docs/PLAY-API.md).
//!
//! [`Session`] is the game (scenario, state, the AI, the dice, the log);
//! [`handle`] answers one request as a pure function of the session and
//! the request, so every endpoint is tested without a socket; [`http`] is
//! the server that feeds it requests, each checked by [`guard`] (only the
//! server's own page may drive it) and read by [`wire`] within limits. The
//! JSON shapes are [`action`], [`scenario_json`] and [`state_json`].
//!
//! Every action goes through the engine's checked `apply`, which leaves the
//! state untouched when it refuses; the AI moves only when the page asks
//! (`/api/ai/step`, `/api/ai/finish`); the server's workers take the game
//! one request at a time, behind one lock.

pub mod action;
mod answers;
mod api;
pub mod guard;
pub mod http;
pub mod scenario_json;
mod session;
pub mod state_json;
pub mod wire;

pub use action::{ActionJson, NotFound};
pub use api::{Response, handle};
pub use http::{Server, ServerError};
pub use session::{Session, SessionError, clock_seed};
pub use state_json::{LogEntry, StateJson};

/// The largest request body accepted (larger: 413).
pub const MAX_BODY: usize = 1 << 20;

/// AI actions `/api/ai/finish` plays at most before it answers anyway (a
/// player that never ends its turn).
const MAX_AI_ACTIONS: usize = 100_000;

const INDEX_HTML: &str = include_str!("../../assets/play/index.html");
const APP_JS: &str = include_str!("../../assets/play/app.js");
const STYLE_CSS: &str = include_str!("../../assets/play/style.css");
