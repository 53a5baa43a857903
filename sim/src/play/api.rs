//! The play API as a pure function: [`handle`] answers one request from
//! the session and the request (method, path, query, body), so every
//! endpoint is tested without a socket. Static files, the scenario, the
//! state, actions through the checked `apply`, the AI's turn, save, load
//! and a new game; the unit and odds answers are in [`super::answers`].

use hexwar_engine::GameState;
use hexwar_engine::save::SavedGame;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::action::{ActionJson, NotFound, find_unit};
use super::answers::{odds_answer, unit_answer};
use super::scenario_json::scenario_json;
use super::session::{Session, SessionError, clock_seed};
use super::state_json::{LogEntry, StateJson};
use super::{APP_JS, INDEX_HTML, MAX_AI_ACTIONS, MAX_BODY, STYLE_CSS};
use crate::inspect::find_side;

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
    fn ok(content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
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
struct ActionAnswer {
    state: StateJson,
    events: Vec<LogEntry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    action: Option<ActionJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    actions: Option<Vec<ActionJson>>,
}

/// `POST /api/new` body: each field optional, the current game's when
/// left out (the seed from the clock).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct NewGame {
    seed: Option<u64>,
    /// The computer: a level (`novice`, `normal`, `hard`, `expert`) or
    /// any player spec.
    ai: Option<String>,
    /// The person's side: id, name, `0` or `1`.
    side: Option<String>,
}

/// The endpoints and the methods they take (for 405 and `Allow`).
const ROUTES: &[(&str, &str)] = &[
    ("/", "GET"),
    ("/index.html", "GET"),
    ("/app.js", "GET"),
    ("/style.css", "GET"),
    ("/map.svg", "GET"),
    ("/api/scenario", "GET"),
    ("/api/state", "GET"),
    ("/api/odds", "GET"),
    ("/api/save", "GET"),
    ("/api/action", "POST"),
    ("/api/ai/step", "POST"),
    ("/api/ai/finish", "POST"),
    ("/api/load", "POST"),
    ("/api/new", "POST"),
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

fn parse_body<'a, T: Deserialize<'a>>(body: &'a [u8]) -> Result<T, Refusal> {
    serde_json::from_slice(body).map_err(|e| (400, format!("malformed request body: {e}")))
}

pub(super) fn not_found(e: NotFound) -> Refusal {
    (404, e.0)
}

fn route(s: &mut Session, path: &str, query: &str, body: &[u8]) -> Result<Response, Refusal> {
    Ok(match path {
        "/" | "/index.html" => Response::ok("text/html; charset=utf-8", INDEX_HTML),
        "/app.js" => Response::ok("text/javascript; charset=utf-8", APP_JS),
        "/style.css" => Response::ok("text/css; charset=utf-8", STYLE_CSS),
        "/map.svg" => Response::ok("image/svg+xml", s.map_svg.as_bytes()),
        "/api/scenario" => Response::json(&scenario_json(&s.scen, s.human, &s.ai_spec)),
        "/api/state" => Response::json(&s.state_json()),
        "/api/odds" => Response::json(&odds_answer(s, query)?),
        "/api/save" => {
            let saved = s.state.to_saved(&s.scen);
            let body = serde_json::to_vec_pretty(&saved).unwrap_or_default();
            let mut r = Response::ok("application/json", body);
            r.headers.push((
                "Content-Disposition".into(),
                format!(
                    "attachment; filename=\"hexwar-{}-turn{}-seed{}.json\"",
                    s.scen.name(),
                    s.state.turn(),
                    s.seed
                ),
            ));
            r
        }
        "/api/action" => {
            let a: ActionJson = parse_body(body)?;
            let action = a.to_action(&s.scen).map_err(not_found)?;
            let events = s.act(action)?;
            Response::json(&ActionAnswer {
                state: s.state_json(),
                events,
                action: None,
                actions: None,
            })
        }
        "/api/ai/step" => {
            let (action, events) = s.ai_step()?;
            Response::json(&ActionAnswer {
                state: s.state_json(),
                events,
                action: Some(ActionJson::from_action(&s.scen, action)),
                actions: None,
            })
        }
        "/api/ai/finish" => {
            let (first, mut events) = s.ai_step()?;
            let mut actions = vec![ActionJson::from_action(&s.scen, first)];
            while !s.state.is_over()
                && s.state.active_side() != s.human
                && actions.len() < MAX_AI_ACTIONS
            {
                let (a, e) = s.ai_step()?;
                actions.push(ActionJson::from_action(&s.scen, a));
                events.extend(e);
            }
            Response::json(&ActionAnswer {
                state: s.state_json(),
                events,
                action: actions.last().cloned(),
                actions: Some(actions),
            })
        }
        "/api/load" => {
            let saved: SavedGame = parse_body(body)?;
            let st = GameState::from_saved(&s.scen, &saved)
                .map_err(|e| (400, format!("not a saved game of this scenario: {e}")))?;
            s.replace(st);
            Response::json(&s.state_json())
        }
        "/api/new" => {
            let req: NewGame = if body.iter().all(u8::is_ascii_whitespace) {
                NewGame::default()
            } else {
                parse_body(body)?
            };
            let human = match &req.side {
                Some(side) => {
                    Some(find_side(&s.scen, side).map_err(|e| (400, format!("side: {e}")))?)
                }
                None => None,
            };
            s.new_game(
                req.seed.unwrap_or_else(clock_seed),
                req.ai.as_deref(),
                human,
            )
            .map_err(|SessionError::UnknownAi { message }| (400, format!("ai: {message}")))?;
            Response::json(&s.state_json())
        }
        p => {
            let id = p.strip_prefix("/api/unit/").unwrap_or(p);
            let id = percent_decode(id);
            let u = find_unit(&s.scen, &id).map_err(not_found)?;
            Response::json(&unit_answer(&s.scen, &s.state, u))
        }
    })
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
