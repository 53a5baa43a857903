//! New games, save and load: `POST /api/new` (a built-in scenario or a
//! scenario file's text, the side, the computer's level, the seed),
//! `GET /api/scenarios` and `POST /api/scenario/check` (what the New game
//! dialog offers), `GET /api/save` (the game record, with the position)
//! and `POST /api/load` (a record, or a saved game alone).

use std::sync::Arc;

use hexwar_engine::{Scenario, builtin};
use serde::{Deserialize, Serialize};

use super::api::{ActionAnswer, Refusal, Response, parse_body, parse_optional, refuse};
use super::scenario_json::{ScenarioChoice, scenario_choice};
use super::session::{Session, SessionError, clock_seed};
use crate::inspect::find_side;
use crate::record::GameFile;

/// A scenario file sent by the page.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ScenarioFile {
    /// Its file name, for error messages.
    name: String,
    /// Its TOML text.
    toml: String,
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
    /// A built-in scenario, by name.
    scenario: Option<String>,
    /// A scenario file.
    scenario_file: Option<ScenarioFile>,
}

/// `GET /api/scenarios`.
#[derive(Serialize)]
pub(super) struct Scenarios {
    builtin: Vec<ScenarioChoice>,
}

/// The built-in scenarios.
pub(super) fn scenarios() -> Scenarios {
    Scenarios {
        builtin: builtin::names()
            .filter_map(builtin::load)
            .map(|s| scenario_choice(&s))
            .collect(),
    }
}

/// A scenario file checked: `400` with every error, `file:line:col`.
fn scenario_from_file(f: &ScenarioFile) -> Result<Arc<Scenario>, Refusal> {
    Scenario::from_toml(&f.toml, &f.name)
        .map(Arc::new)
        .map_err(|e| (400, format!("{e}")))
}

/// `POST /api/scenario/check`: a scenario file's name, title and sides.
pub(super) fn check_scenario(body: &[u8]) -> Result<ScenarioChoice, Refusal> {
    let f: ScenarioFile = parse_body(body)?;
    Ok(scenario_choice(&*scenario_from_file(&f)?))
}

/// A built-in scenario by name, or a 400 naming the ones there are.
fn builtin_scenario(name: &str) -> Result<Arc<Scenario>, Refusal> {
    builtin::load(name).ok_or_else(|| {
        (
            400,
            format!(
                "no built-in scenario \"{name}\" (there are: {})",
                builtin::names().collect::<Vec<_>>().join(", ")
            ),
        )
    })
}

/// `POST /api/new`.
pub(super) fn new_game(s: &mut Session, body: &[u8]) -> Result<Response, Refusal> {
    let req: NewGame = parse_optional(body)?;
    let scen = match (&req.scenario, &req.scenario_file) {
        (Some(_), Some(_)) => return refuse(400, "give scenario or scenario_file, not both"),
        (Some(name), None) => Some(builtin_scenario(name)?),
        (None, Some(f)) => Some(scenario_from_file(f)?),
        (None, None) => None,
    };
    let human = match &req.side {
        Some(side) => {
            let of = scen.as_ref().unwrap_or(&s.scen);
            Some(find_side(of, side).map_err(|e| (400, format!("side: {e}")))?)
        }
        // Another scenario: its first side, unless told.
        None => scen.as_ref().map(|_| hexwar_engine::Side(0)),
    };
    s.viewer = None;
    s.new_game(
        req.seed.unwrap_or_else(clock_seed),
        req.ai.as_deref(),
        human,
        scen,
    )
    .map_err(|SessionError::UnknownAi { message }| (400, format!("ai: {message}")))?;
    Ok(Response::json(&s.state_json()))
}

/// `GET /api/save`: the game record with its position, as a download.
pub(super) fn save(s: &Session) -> Result<Response, Refusal> {
    s.live()?;
    let record = s.record_to_save();
    let body = serde_json::to_vec_pretty(&record).unwrap_or_default();
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
    Ok(r)
}

/// The answer to a load: the state, and a warning when the record's
/// actions were set aside.
#[derive(Serialize)]
struct Loaded {
    #[serde(flatten)]
    answer: ActionAnswer,
    warning: Option<String>,
}

/// The scenario a game file names: the session's, or a built-in one.
pub(super) fn scenario_for(s: &Session, name: &str) -> Result<Arc<Scenario>, Refusal> {
    if name == s.scen.name() {
        return Ok(s.scen.clone());
    }
    builtin::load(name).ok_or_else(|| {
        (
            400,
            format!(
                "the file is a game of scenario \"{name}\", which is not built in: \
                 start `hexwar play --scenario FILE` with its scenario file"
            ),
        )
    })
}

/// `POST /api/load`: a game record (played back through the engine) or a
/// saved game alone; a game of another built-in scenario switches to it.
pub(super) fn load(s: &mut Session, body: &[u8]) -> Result<Response, Refusal> {
    s.live()?;
    let text = std::str::from_utf8(body).map_err(|e| (400, format!("not UTF-8: {e}")))?;
    let file = GameFile::parse(text)
        .map_err(|e| (400, format!("not a game record or saved game: {e}")))?;
    let scen = scenario_for(s, file.scenario())?;
    let game = file
        .resolve(&scen, s.seed)
        .map_err(|e| (400, format!("not a game of {}: {e}", scen.name())))?;
    let warning = game.warning.clone();
    if !Arc::ptr_eq(&scen, &s.scen) {
        s.new_game(s.seed, None, Some(hexwar_engine::Side(0)), Some(scen))
            .map_err(|e| (400, e.to_string()))?;
    }
    s.adopt(game);
    Ok(Response::json(&Loaded {
        answer: ActionAnswer::new(s, Vec::new()),
        warning,
    }))
}
