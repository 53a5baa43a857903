//! The replay viewer's endpoints: `GET /api/replay` (the game replayed,
//! player-turn by player-turn), `POST /api/replay/open` (a game of the
//! run folder `hexwar play --replay` named, a record sent by the page, or
//! the game being played), `/api/replay/goto` (a step), `/api/replay/close`
//! (back to the game) and `/api/replay/play` (play on from the step shown).

use serde::Deserialize;
use serde_json::{Value, json};

use super::api::{Refusal, Response, parse_body, parse_optional, refuse};
use super::games::scenario_for;
use super::session::Session;
use crate::record::{self, GameFile};

/// `POST /api/replay/open` body: one of the fields, or none for the game
/// being played.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Open {
    /// A game of the run folder given to `hexwar play --replay`.
    game: Option<u64>,
    /// A game record (or a saved game with its record), as Save writes it.
    record: Option<Value>,
    /// What to call it (a file name).
    name: Option<String>,
}

/// `POST /api/replay/goto` body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Goto {
    step: usize,
}

/// Games in the session's run folder, if it has one.
fn run_games(s: &Session) -> Option<u64> {
    let dir = s.run.as_ref()?;
    crate::batch::spec::read_spec(dir).ok().map(|r| r.games)
}

pub(super) fn route(s: &mut Session, path: &str, body: &[u8]) -> Result<Response, Refusal> {
    match path {
        "/api/replay" => Ok(match &s.viewer {
            Some(v) => Response::json(&v.replay_json(run_games(s))),
            None => Response::json(&json!({"open": false, "run_games": run_games(s)})),
        }),
        "/api/replay/open" => {
            open(s, parse_optional(body)?)?;
            Ok(Response::json(&s.state_json()))
        }
        "/api/replay/goto" => {
            let g: Goto = parse_body(body)?;
            let Some(v) = &mut s.viewer else {
                return refuse(409, "no replay is open");
            };
            v.goto(g.step);
            Ok(Response::json(&s.state_json()))
        }
        "/api/replay/close" => {
            if s.viewer.take().is_some() {
                s.version += 1;
            }
            Ok(Response::json(&s.state_json()))
        }
        "/api/replay/play" => {
            play_from_here(s)?;
            Ok(Response::json(&s.state_json()))
        }
        _ => refuse(404, format!("no such path: {path}")),
    }
}

fn open(s: &mut Session, req: Open) -> Result<(), Refusal> {
    let (scen, rec, source) = match (req.game, req.record) {
        (Some(_), Some(_)) => return refuse(400, "give game or record, not both"),
        (Some(game), None) => {
            let Some(dir) = s.run.clone() else {
                return refuse(
                    409,
                    "no run folder: start `hexwar play --replay RUN_DIR` to open its games",
                );
            };
            let (loaded, rec, _) =
                record::from_run(&dir, game).map_err(|e| (400, e.to_string()))?;
            let source = format!("game {game} of {}", dir.display());
            (loaded.scenario, rec, source)
        }
        (None, Some(v)) => {
            let file = GameFile::parse(&v.to_string())
                .map_err(|e| (400, format!("not a game record: {e}")))?;
            let GameFile::Record(rec) = file else {
                return refuse(
                    400,
                    "a saved position alone has no actions to replay: load it instead",
                );
            };
            let scen = scenario_for(s, &rec.scenario)?;
            let name = req.name.unwrap_or_else(|| "a game record".into());
            (scen, *rec, name)
        }
        (None, None) => {
            s.live()?;
            (s.scen.clone(), s.record.clone(), "this game".to_string())
        }
    };
    s.open_replay(scen, rec, source)
        .map_err(|e| (400, format!("the record does not play back: {e}")))
}

/// The game replaced by the replayed one, cut at the step shown; the
/// person keeps their side.
fn play_from_here(s: &mut Session) -> Result<(), Refusal> {
    let Some(v) = s.viewer.take() else {
        return refuse(409, "no replay is open");
    };
    let scen = v.scen.clone();
    let mut rec = v.record_to_here();
    // The person takes the side they play; the computer the other.
    rec.players = None;
    let game =
        record::resolve(&scen, rec).map_err(|e| (400, format!("cannot play on from here: {e}")))?;
    if scen.name() != s.scen.name() || !std::sync::Arc::ptr_eq(&scen, &s.scen) {
        s.new_game(game.record.seed, None, None, Some(scen))
            .map_err(|e| (400, e.to_string()))?;
    }
    s.adopt(game);
    Ok(())
}
