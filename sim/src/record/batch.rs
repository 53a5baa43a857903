//! The record of a batch game: the game played again by the batch's own
//! kernel ([`crate::batch::play_logged`]), each player's choices written
//! down as they are made, with what each player said it meant.

use std::path::Path;
use std::sync::{Arc, Mutex};

use hexwar_ai::{AiRng, Player};
use hexwar_engine::{Action, GameState, Scenario};

use super::{ActionJson, IntentJson, Record};
use crate::batch::game::player;
use crate::batch::spec::read_spec;
use crate::batch::{GameRecord, MAX_ACTIONS, play_logged};
use crate::error::{Error, UsageError};
use crate::scenario::LoadedScenario;

/// A player whose every choice is also written into a list shared with
/// the other side's, so the list is the game's actions in order.
struct Recording {
    inner: Box<dyn Player>,
    actions: Arc<Mutex<Vec<Action>>>,
}

impl Player for Recording {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn choose(&mut self, scen: &Scenario, state: &GameState, rng: &mut AiRng) -> Action {
        let a = self.inner.choose(scen, state, rng);
        // A poisoned lock means the other player panicked: the game is lost anyway.
        if let Ok(mut list) = self.actions.lock() {
            list.push(a);
        }
        a
    }

    fn intent(&self) -> Vec<String> {
        self.inner.intent()
    }
}

/// Game `game` of a batch with master seed `seed`, `players` the specs of
/// the first and second side, played again: its record (with the players
/// and their intents) and its result row, the same as `games.csv` has.
pub fn from_batch(
    scen: &Scenario,
    players: [&str; 2],
    seed: u64,
    game: u64,
) -> Result<(Record, GameRecord), Error> {
    let actions = Arc::new(Mutex::new(Vec::new()));
    let mut p = Vec::with_capacity(2);
    for (spec, flag) in players.iter().zip(["blue", "red"]) {
        p.push(Recording {
            inner: player(spec, flag)?,
            actions: actions.clone(),
        });
    }
    let (a, b) = p.split_at_mut(1);
    let mut intents = Vec::new();
    let row = play_logged(
        scen,
        [&mut a[0], &mut b[0]],
        seed,
        game,
        MAX_ACTIONS,
        &mut (),
        Some(&mut intents),
    );
    drop(p);
    let list = Arc::try_unwrap(actions)
        .ok()
        .and_then(|m| m.into_inner().ok())
        .unwrap_or_default();
    let mut record = Record::new(scen, seed, game, None);
    record.players = Some(players.map(str::to_string));
    record.actions = list
        .into_iter()
        .map(|a| ActionJson::from_action(scen, a))
        .collect();
    record.intents = intents
        .into_iter()
        .map(|(turn, side, lines)| IntentJson {
            turn,
            side: scen.side(side).id.clone(),
            lines,
        })
        .collect();
    Ok((record, row))
}

/// Game `game` of the run folder `dir`, played again: the scenario as
/// loaded, the record and the result row.
pub fn from_run(dir: &Path, game: u64) -> Result<(LoadedScenario, Record, GameRecord), Error> {
    let spec = read_spec(dir)?;
    if game >= spec.games {
        return Err(UsageError::GameOutOfRun {
            game,
            dir: dir.to_path_buf(),
            games: spec.games,
        }
        .into());
    }
    let loaded = LoadedScenario::load(&spec.scenario)?;
    let (record, row) = from_batch(
        &loaded.scenario,
        [spec.blue.as_str(), spec.red.as_str()],
        spec.seed,
        game,
    )?;
    Ok((loaded, record, row))
}
