//! `hexwar play`: one person against an AI in a browser, over a small JSON
//! API (docs/PLAY-API.md).
//!
//! [`Session`] is the game (scenario, state, the AI, the dice, the log);
//! [`handle`] answers one request as a pure function of the session and
//! the request, so every endpoint is tested without a socket; [`http`] is
//! the loop that feeds it requests from `tiny_http`.
//!
//! Every action goes through the engine's checked `apply`, which leaves the
//! state untouched when it refuses; the AI moves only when the page asks
//! (`/api/ai/step`, `/api/ai/finish`), so there is no thread besides the
//! request loop.

use std::sync::Arc;

use hexwar_ai::{AiRng, Player};
use hexwar_engine::save::SavedGame;
use hexwar_engine::{
    Action, Event, GameState, HexId, Scenario, Side, UnitId, charge, state::UnitFlags,
};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::inspect;
use crate::odds;
use crate::seed::{Stream, game_seed, stream_seed};
use crate::svg;

pub mod http;
pub mod json;

pub use json::{ActionJson, LogEntry};

/// The largest request body accepted (larger: 413).
pub const MAX_BODY: usize = 1 << 20;

/// AI actions `/api/ai/finish` plays at most before it answers anyway (a
/// player that never ends its turn).
const MAX_AI_ACTIONS: usize = 100_000;

const INDEX_HTML: &str = include_str!("../../assets/play/index.html");
const APP_JS: &str = include_str!("../../assets/play/app.js");
const STYLE_CSS: &str = include_str!("../../assets/play/style.css");

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

    fn json(value: &impl Serialize) -> Response {
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
type Refusal = (u16, String);

fn refuse<T>(status: u16, message: impl Into<String>) -> Result<T, Refusal> {
    Err((status, message.into()))
}

/// A game in progress between the person and an AI.
pub struct Session {
    scen: Arc<Scenario>,
    human: Side,
    ai_spec: String,
    ai: Box<dyn Player>,
    seed: u64,
    dice: AiRng,
    ai_rng: AiRng,
    state: GameState,
    version: u64,
    log: Vec<LogEntry>,
    cursor: (u8, Side),
    intent: Vec<String>,
    map_svg: String,
}

impl Session {
    /// A new game of `scen`, the person playing `human` against the AI
    /// `ai_spec` (as in `hexwar simulate`), with the dice and the AI seeded
    /// from `seed` as game 0 of a batch with that seed is ([`crate::seed`]).
    pub fn new(
        scen: Arc<Scenario>,
        human: Side,
        ai_spec: &str,
        seed: u64,
    ) -> Result<Session, String> {
        let ai = hexwar_ai::from_spec(ai_spec)?;
        let map_svg = svg::render_map(&scen);
        let (dice, ai_rng) = rngs(seed, human.other());
        let mut s = Session {
            state: GameState::new(&scen, &mut AiRng::seed_from_u64(0)),
            scen,
            human,
            ai_spec: ai_spec.to_string(),
            ai,
            seed,
            dice,
            ai_rng,
            version: 0,
            log: Vec::new(),
            cursor: (0, Side(1)),
            intent: Vec::new(),
            map_svg,
        };
        s.restart(seed);
        Ok(s)
    }

    /// [`Session::new`], then the game replaced by a saved position.
    pub fn from_state(
        scen: Arc<Scenario>,
        human: Side,
        ai_spec: &str,
        seed: u64,
        state: GameState,
    ) -> Result<Session, String> {
        let mut s = Session::new(scen, human, ai_spec, seed)?;
        s.replace(state);
        Ok(s)
    }

    /// The scenario.
    pub fn scenario(&self) -> &Arc<Scenario> {
        &self.scen
    }

    /// The position.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The person's side.
    pub fn human(&self) -> Side {
        self.human
    }

    /// The game's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The AI's name.
    pub fn ai_name(&self) -> String {
        self.ai.name()
    }

    /// A new game with `seed`: fresh dice, AI and log.
    fn restart(&mut self, seed: u64) {
        let (mut dice, ai_rng) = rngs(seed, self.human.other());
        let mut events = Vec::new();
        self.state = GameState::new_with(&self.scen, &mut dice, &mut events);
        self.dice = dice;
        self.ai_rng = ai_rng;
        self.seed = seed;
        if let Ok(ai) = hexwar_ai::from_spec(&self.ai_spec) {
            self.ai = ai;
        }
        self.log.clear();
        self.intent.clear();
        self.cursor = (0, Side(1));
        self.record(&events);
        self.version += 1;
    }

    /// The game replaced by `state` (a loaded one): the log restarts.
    fn replace(&mut self, state: GameState) {
        self.state = state;
        self.log.clear();
        self.intent.clear();
        self.cursor = (self.state.turn(), self.state.active_side());
        if let Ok(ai) = hexwar_ai::from_spec(&self.ai_spec) {
            self.ai = ai;
        }
        self.version += 1;
    }

    fn record(&mut self, events: &[Event]) -> Vec<LogEntry> {
        let added = json::log_entries(&self.scen, &mut self.cursor, events);
        self.log.extend(added.iter().cloned());
        added
    }

    /// The state as `GET /api/state` gives it.
    pub fn state_json(&self) -> json::StateJson {
        json::state_json(
            &self.scen,
            &self.state,
            &json::StateContext {
                version: self.version,
                seed: self.seed,
                human: self.human,
                log: &self.log,
                intent: &self.intent,
            },
        )
    }

    /// Plays one of the person's actions through the checked apply.
    fn act(&mut self, action: Action) -> Result<Vec<LogEntry>, Refusal> {
        if self.state.is_over() {
            return refuse(409, "the game is over");
        }
        if self.state.active_side() != self.human {
            return refuse(
                409,
                format!(
                    "it is not your turn: {} is to move (POST /api/ai/step)",
                    self.scen.side(self.state.active_side()).name
                ),
            );
        }
        let mut events = Vec::new();
        self.state
            .apply(&self.scen, action, &mut self.dice, &mut events)
            .map_err(|e| (409, e.describe(&self.scen)))?;
        self.version += 1;
        Ok(self.record(&events))
    }

    /// Lets the AI play one action.
    fn ai_step(&mut self) -> Result<(Action, Vec<LogEntry>), Refusal> {
        if self.state.is_over() {
            return refuse(409, "the game is over");
        }
        if self.state.active_side() == self.human {
            return refuse(409, "it is your turn, not the AI's");
        }
        let action = self.ai.choose(&self.scen, &self.state, &mut self.ai_rng);
        let mut events = Vec::new();
        self.state
            .apply(&self.scen, action, &mut self.dice, &mut events)
            .map_err(|e| {
                (
                    500,
                    format!("the AI chose an illegal action: {}", e.describe(&self.scen)),
                )
            })?;
        let said = self.ai.intent();
        if !said.is_empty() {
            self.intent = said;
        }
        self.version += 1;
        Ok((action, self.record(&events)))
    }
}

/// The dice and the AI's RNG of game 0 of a batch with master `seed`, the
/// AI playing `ai_side` (the streams `hexwar simulate` gives that game).
fn rngs(seed: u64, ai_side: Side) -> (AiRng, AiRng) {
    let game = game_seed(seed, 0);
    (
        AiRng::seed_from_u64(stream_seed(game, Stream::Dice)),
        AiRng::seed_from_u64(stream_seed(game, Stream::player(ai_side.index()))),
    )
}

/// The answer to an action: the new state and the log lines it added.
#[derive(Serialize)]
struct ActionAnswer {
    state: json::StateJson,
    events: Vec<LogEntry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    action: Option<ActionJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    actions: Option<Vec<ActionJson>>,
}

/// `POST /api/new` body.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct NewGame {
    seed: Option<u64>,
}

/// A seed from the clock, for a game started without one.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64 % 1_000_000_000)
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

fn not_found(e: json::NotFound) -> Refusal {
    (404, e.0)
}

fn route(s: &mut Session, path: &str, query: &str, body: &[u8]) -> Result<Response, Refusal> {
    Ok(match path {
        "/" | "/index.html" => Response::ok("text/html; charset=utf-8", INDEX_HTML),
        "/app.js" => Response::ok("text/javascript; charset=utf-8", APP_JS),
        "/style.css" => Response::ok("text/css; charset=utf-8", STYLE_CSS),
        "/map.svg" => Response::ok("image/svg+xml", s.map_svg.as_bytes()),
        "/api/scenario" => Response::json(&json::scenario_json(&s.scen, s.human, &s.ai_spec)),
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
            s.restart(req.seed.unwrap_or_else(clock_seed));
            Response::json(&s.state_json())
        }
        p => {
            let id = p.strip_prefix("/api/unit/").unwrap_or(p);
            let id = percent_decode(id);
            let u = json::find_unit(&s.scen, &id).map_err(not_found)?;
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
fn query_pairs(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (percent_decode(k), percent_decode(v))
        })
        .collect()
}

fn odds_answer(s: &Session, query: &str) -> Result<odds::OddsReport, Refusal> {
    let scen = &s.scen;
    let st = &s.state;
    let mut target: Option<HexId> = None;
    let mut attackers: Vec<UnitId> = Vec::new();
    let mut air = 0u8;
    for (k, v) in query_pairs(query) {
        match k.as_str() {
            "target" => target = Some(json::hex_id(scen, &v).map_err(not_found)?),
            "attackers" => {
                for id in v.split(',').map(str::trim).filter(|x| !x.is_empty()) {
                    attackers.push(json::find_unit(scen, id).map_err(not_found)?);
                }
            }
            "air" => {
                air = v
                    .parse()
                    .map_err(|_| (400, format!("air: \"{v}\" is not a number 0-255")))?
            }
            other => return refuse(400, format!("unknown parameter \"{other}\"")),
        }
    }
    let declared = st.combat().target;
    let target = match target.or(declared.is_some().then_some(declared)) {
        Some(t) => t,
        None => return refuse(400, "give target=HEX (no attack is being declared)"),
    };
    if attackers.is_empty() {
        attackers = (0..scen.units().len())
            .map(|i| UnitId(i as u16))
            .filter(|&u| st.unit(u).has(UnitFlags::COMMITTED))
            .collect();
        if attackers.is_empty() {
            return refuse(
                400,
                "give attackers=ID,ID (no units are committed to an attack)",
            );
        }
    }
    let side = scen.unit(attackers[0]).side;
    let left = st.air_points(side);
    if air > left {
        return refuse(
            409,
            format!("{air} air points asked for, {left} left this turn (MAL-CBT-5)"),
        );
    }
    // Units already committed to the declared attack count as attacking.
    if declared == target {
        for i in 0..scen.units().len() {
            let u = UnitId(i as u16);
            if st.unit(u).has(UnitFlags::COMMITTED) && !attackers.contains(&u) {
                attackers.push(u);
            }
        }
    }
    odds::units_odds(scen, st, &attackers, target, air).map_err(|e| (409, e))
}

/// One adjacent hex an attack could go into.
#[derive(Serialize)]
struct AttackLine {
    hex: String,
    ok: bool,
    reason: Option<String>,
}

/// One hex the unit may charge.
#[derive(Serialize)]
struct ChargeLine {
    hex: String,
    chance: f64,
}

/// `GET /api/unit/{id}`.
#[derive(Serialize)]
struct UnitAnswer {
    unit: String,
    moves: inspect::Moves,
    rail: inspect::RailReport,
    supply: Option<inspect::SupplyLine>,
    attacks: Vec<AttackLine>,
    charges: Vec<ChargeLine>,
}

fn unit_answer(scen: &Scenario, st: &GameState, u: UnitId) -> UnitAnswer {
    let setup = scen.unit(u);
    let us = st.unit(u);
    let grid = scen.grid();
    let supply = if us.on_map() {
        inspect::supply(scen, st, Some(setup.side))
            .units
            .into_iter()
            .find(|l| l.unit == setup.id)
    } else {
        None
    };
    let mut targets: Vec<HexId> = Vec::new();
    if us.has(UnitFlags::LANDING) {
        targets.push(setup.hex);
    } else if us.on_map() {
        targets.extend(
            grid.neighbours(us.hex).iter().copied().filter(|&n| {
                n.is_some() && st.units_at(n).any(|o| scen.unit(o).side != setup.side)
            }),
        );
    }
    let attacks = targets
        .into_iter()
        .map(|h| {
            let why = st
                .check(scen, Action::Attack { unit: u, target: h })
                .err()
                .map(|e| e.describe(scen));
            AttackLine {
                hex: grid.label(h),
                ok: why.is_none(),
                reason: why,
            }
        })
        .collect();
    let mut charges = Vec::new();
    charge::for_each_charge(scen, st, u, |h| {
        if let Some(chance) = charge::success_chance(scen, st, u, h) {
            charges.push(ChargeLine {
                hex: grid.label(h),
                chance,
            });
        }
    });
    UnitAnswer {
        unit: setup.id.clone(),
        moves: inspect::moves(scen, st, u),
        rail: inspect::rail(scen, st, u),
        supply,
        attacks,
        charges,
    }
}
