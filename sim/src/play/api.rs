//! The play API as a pure function: [`handle`] answers one request from
//! the session and the request (method, path, query, body), so every
//! endpoint is tested without a socket. Static files, the scenario, the
//! state, actions through the checked `apply`, undo and redo, a hint, the
//! AI's turn; new games, save and load are in [`super::games`], the
//! replay viewer's endpoints in [`super::replay_api`], the unit and odds
//! answers in [`super::answers`].

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::answers::{odds_answer, unit_query};
use super::games;
use super::replay_api;
use super::scenario_json::scenario_json;
use super::session::Session;
use super::state_json::{LogEntry, StateJson};
use super::{ASSETS, MAX_AI_ACTIONS, MAX_BODY};
use crate::record::action::find_unit;
use crate::record::{ActionJson, NotFound};

/// One answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// HTTP status.
    pub status: u16,
    /// `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
    /// Other headers.
    pub headers: Vec<(String, String)>,
}

impl Response {
    pub(super) fn ok(content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status: 200,
            content_type,
            body: body.into(),
            headers: Vec::new(),
        }
    }

    pub(super) fn json(value: &impl Serialize) -> Response {
        // Our own types always serialise.
        let body = serde_json::to_vec(value).unwrap_or_default();
        Response::ok("application/json", body)
    }

    /// `{"error": message}` with a 4xx status.
    pub fn error(status: u16, message: impl Into<String>) -> Response {
        Response {
            status,
            content_type: "application/json",
            body: serde_json::to_vec(&json!({ "error": message.into() })).unwrap_or_default(),
            headers: Vec::new(),
        }
    }

    /// The body as JSON (tests, tools).
    pub fn json_body(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }
}

/// A refused request: status and message.
pub(super) type Refusal = (u16, String);

pub(super) fn refuse<T>(status: u16, message: impl Into<String>) -> Result<T, Refusal> {
    Err((status, message.into()))
}

/// The answer to an action: the new state and the log lines it added.
#[derive(Serialize)]
pub(super) struct ActionAnswer {
    pub(super) state: StateJson,
    pub(super) events: Vec<LogEntry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) action: Option<ActionJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) actions: Option<Vec<ActionJson>>,
}

impl ActionAnswer {
    pub(super) fn new(s: &Session, events: Vec<LogEntry>) -> ActionAnswer {
        ActionAnswer {
            state: s.state_json(),
            events,
            action: None,
            actions: None,
        }
    }
}

/// The endpoints and the methods they take (for 405 and `Allow`); the
/// static files are [`ASSETS`].
const ROUTES: &[(&str, &str)] = &[
    ("/", "GET"),
    ("/index.html", "GET"),
    ("/map.svg", "GET"),
    ("/api/scenario", "GET"),
    ("/api/scenarios", "GET"),
    ("/api/state", "GET"),
    ("/api/odds", "GET"),
    ("/api/save", "GET"),
    ("/api/hint", "GET"),
    ("/api/replay", "GET"),
    ("/api/action", "POST"),
    ("/api/undo", "POST"),
    ("/api/redo", "POST"),
    ("/api/ai/step", "POST"),
    ("/api/ai/finish", "POST"),
    ("/api/load", "POST"),
    ("/api/new", "POST"),
    ("/api/scenario/check", "POST"),
    ("/api/replay/open", "POST"),
    ("/api/replay/goto", "POST"),
    ("/api/replay/close", "POST"),
    ("/api/replay/play", "POST"),
];

/// Answers one request. `path` without the query string; `query` the part
/// after `?` (may be empty); `body` as received (at most [`MAX_BODY`] + 1
/// bytes are read, so a longer one is refused here).
pub fn handle(s: &mut Session, method: &str, path: &str, query: &str, body: &[u8]) -> Response {
    if body.len() > MAX_BODY {
        return Response::error(413, format!("the body is over {MAX_BODY} bytes"));
    }
    let allowed = if let Some(id) = path.strip_prefix("/api/unit/") {
        (!id.is_empty()).then_some("GET")
    } else if ASSETS.iter().any(|(p, _, _)| *p == path) {
        Some("GET")
    } else {
        ROUTES.iter().find(|(p, _)| *p == path).map(|(_, m)| *m)
    };
    let Some(allowed) = allowed else {
        return Response::error(404, format!("no such path: {path}"));
    };
    let method = if method == "HEAD" { "GET" } else { method };
    if method != allowed {
        let mut r = Response::error(405, format!("{path} takes {allowed}, not {method}"));
        r.headers.push(("Allow".into(), allowed.into()));
        return r;
    }
    match route(s, path, query, body) {
        Ok(r) => r,
        Err((status, message)) => Response::error(status, message),
    }
}

pub(super) fn parse_body<'a, T: Deserialize<'a>>(body: &'a [u8]) -> Result<T, Refusal> {
    serde_json::from_slice(body).map_err(|e| (400, format!("malformed request body: {e}")))
}

/// The body, or `T::default()` when it is empty.
pub(super) fn parse_optional<'a, T: Deserialize<'a> + Default>(
    body: &'a [u8],
) -> Result<T, Refusal> {
    if body.iter().all(u8::is_ascii_whitespace) {
        Ok(T::default())
    } else {
        parse_body(body)
    }
}

pub(super) fn not_found(e: NotFound) -> Refusal {
    (404, e.0)
}

fn route(s: &mut Session, path: &str, query: &str, body: &[u8]) -> Result<Response, Refusal> {
    if let Some((_, ty, text)) = ASSETS.iter().find(|(p, _, _)| *p == path) {
        return Ok(Response::ok(ty, *text));
    }
    if path.starts_with("/api/replay") {
        return replay_api::route(s, path, body);
    }
    Ok(match path {
        "/" | "/index.html" => Response::ok("text/html; charset=utf-8", super::INDEX_HTML),
        "/map.svg" => {
            let svg = s.viewer.as_ref().map_or(&s.map_svg, |v| &v.map_svg);
            Response::ok("image/svg+xml", svg.as_bytes())
        }
        "/api/scenario" => match &s.viewer {
            Some(v) => Response::json(&v.scenario_json()),
            None => Response::json(&scenario_json(&s.scen, s.human, &s.ai_spec)),
        },
        "/api/scenarios" => Response::json(&games::scenarios()),
        "/api/scenario/check" => Response::json(&games::check_scenario(body)?),
        "/api/state" => Response::json(&s.state_json()),
        "/api/odds" => {
            s.live()?;
            Response::json(&odds_answer(s, query)?)
        }
        "/api/save" => games::save(s)?,
        "/api/hint" => Response::json(&s.hint()?),
        "/api/action" => {
            let a: ActionJson = parse_body(body)?;
            let action = a.to_action(&s.scen).map_err(not_found)?;
            let events = s.act(action)?;
            Response::json(&ActionAnswer::new(s, events))
        }
        "/api/undo" => {
            s.undo_action()?;
            Response::json(&ActionAnswer::new(s, Vec::new()))
        }
        "/api/redo" => {
            let events = s.redo_action()?;
            Response::json(&ActionAnswer::new(s, events))
        }
        "/api/ai/step" => {
            let (action, events) = s.ai_step()?;
            let mut a = ActionAnswer::new(s, events);
            a.action = Some(ActionJson::from_action(&s.scen, action));
            Response::json(&a)
        }
        "/api/ai/finish" => ai_finish(s)?,
        "/api/load" => games::load(s, body)?,
        "/api/new" => games::new_game(s, body)?,
        p => {
            let id = p.strip_prefix("/api/unit/").unwrap_or(p);
            let id = percent_decode(id);
            let u = find_unit(&s.scen, &id).map_err(not_found)?;
            s.live()?;
            Response::json(&unit_query(&s.scen, &s.state, u, query)?)
        }
    })
}

/// `POST /api/ai/finish`: the AI plays until the person is to move.
fn ai_finish(s: &mut Session) -> Result<Response, Refusal> {
    let (first, mut events) = s.ai_step()?;
    let mut actions = vec![ActionJson::from_action(&s.scen, first)];
    while !s.state.is_over() && s.state.active_side() != s.human && actions.len() < MAX_AI_ACTIONS {
        let (a, e) = s.ai_step()?;
        actions.push(ActionJson::from_action(&s.scen, a));
        events.extend(e);
    }
    let mut a = ActionAnswer::new(s, events);
    a.action = actions.last().cloned();
    a.actions = Some(actions);
    Ok(Response::json(&a))
}

/// `%XX` escapes decoded (unit ids and hex labels are plain ASCII, but a
/// page may escape them anyway).
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = b
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        if let Some(v) = hex
            .filter(|_| b[i] == b'%')
            .and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(if b[i] == b'+' { b' ' } else { b[i] });
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The query string's `key=value` pairs, decoded.
pub(super) fn query_pairs(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (percent_decode(k), percent_decode(v))
        })
        .collect()
}
