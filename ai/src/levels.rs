//! The four levels a person chooses between — `novice`, `normal`, `hard`,
//! `expert` — each the name of a player spec. [`crate::from_spec`]
//! resolves a level name first, so a level is accepted wherever a player
//! is named, and the player it builds calls itself by the level's name.

use hexwar_engine::{Action, GameState, Scenario};

use crate::{AiRng, Player, SpecError, from_spec};

/// The level names, weakest first.
pub const LEVELS: [&str; 4] = ["novice", "normal", "hard", "expert"];

/// The player spec a level stands for, or `None` for a name that is not a
/// level.
///
/// ```
/// assert_eq!(hexwar_ai::level("normal"), Some("heuristic"));
/// assert_eq!(hexwar_ai::level("heuristic"), None);
/// ```
pub fn level(name: &str) -> Option<&'static str> {
    Some(match name {
        // One unit in five goes anywhere it may, one attack worth making
        // in five is not made, and a garrison walks off the objective the
        // enemy could take (`hold=0`: the levels above keep it): normal
        // scores 0.67-0.99 against it (docs/AI.md has the ladder).
        "novice" => "heuristic:blunder=0.2,hold=0",
        "normal" => "heuristic",
        // The guided search at two budgets, `expert`'s sixteen times
        // `hard`'s (docs/AI.md has the ladder): so many iterations a
        // search, and at most four searches' worth a player-turn (past
        // that the heuristic's choices stand), which binds where many
        // units are searched (Eastfront's forty) and keeps a game's cost
        // bounded, reproducibly; values measured from the start of the
        // player-turn (`center=1`, MctsPlayer::center).
        // `hexwar play` runs them on two threads, with a cap in time too
        // ([`for_play`]). `expert` also weighs five plans of attack at the
        // start of each Movement Phase (`plans=5`, mcts/plans.rs) before
        // it searches the units under the best, and counts units out of
        // supply as its next Supply Phase would judge them (`eval=traced`:
        // it sees the reply cut its lines, which on Malaya took `expert`
        // from 0.525 to 0.605 against `hard`), and counts a step lost at
        // a tenth of the scenario's decisive margin besides the step's own
        // VP (`stwd=0.1`: 4 VP on Malaya, 1.5 on Morne-Plaine, 2 on
        // Eastfront; `hard` keeps the static evaluator's 0.5): what a unit
        // lost costs over the turns past the search's horizon, against the
        // scenario's own scale of a win (docs/AI-history.md has the
        // weights measured).
        "hard" => "mcts:iters=300,turn_iters=1200,center=1",
        "expert" => "mcts:iters=4800,turn_iters=19200,center=1,plans=5,eval=traced,stwd=0.1",
        _ => return None,
    })
}

/// What `hexwar play` adds to a level's spec when the computer plays a
/// person: both cores (root-parallel trees over the same iteration
/// budget), and a cap on its whole player-turn (3 s at `hard`, 10 s at
/// `expert`, with a margin) past which the heuristic's choices stand.
fn play_options(name: &str) -> Option<&'static str> {
    match name {
        "hard" => Some("threads=2,turn_ms=2500"),
        "expert" => Some("threads=2,turn_ms=9000"),
        _ => None,
    }
}

/// The player for a game against a person: a level as [`level`] has it,
/// on both cores and with its player-turn capped in time (so not
/// reproducible where the cap binds); anything else as
/// [`from_spec`](crate::from_spec) builds it.
pub fn for_play(spec: &str) -> Result<Box<dyn Player>, SpecError> {
    let (Some(resolved), Some(extra)) = (level(spec), play_options(spec)) else {
        return from_spec(spec);
    };
    let name = LEVELS.into_iter().find(|l| *l == spec).expect("a level");
    let player = from_spec(&format!("{resolved},{extra}"))?;
    Ok(Box::new(Level { name, player }))
}

/// The player of `spec` if it names a level (a level takes no options:
/// `hard:iters=5` is refused), `None` if it does not.
pub(crate) fn player(spec: &str) -> Option<Result<Box<dyn Player>, SpecError>> {
    let name = spec.split_once(':').map_or(spec, |(name, _)| name);
    let name = LEVELS.into_iter().find(|l| *l == name)?;
    if name != spec {
        return Some(Err(SpecError::UnknownAi(spec.into())));
    }
    let resolved = level(name)?;
    Some(from_spec(resolved).map(|player| Box::new(Level { name, player }) as Box<dyn Player>))
}

/// A level's player: the player of its spec, named by the level.
struct Level {
    name: &'static str,
    player: Box<dyn Player>,
}

impl Player for Level {
    fn name(&self) -> String {
        self.name.into()
    }

    fn choose(&mut self, scen: &Scenario, state: &GameState, rng: &mut AiRng) -> Action {
        self.player.choose(scen, state, rng)
    }

    fn intent(&self) -> Vec<String> {
        self.player.intent()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_is_a_spec_and_names_itself() {
        for name in LEVELS {
            let spec = level(name).unwrap();
            assert!(level(spec).is_none(), "{name} -> {spec} is itself a level");
            assert!(from_spec(spec).is_ok(), "{name} -> {spec}");
            assert_eq!(from_spec(name).unwrap().name(), name);
        }
        assert_eq!(level("grandmaster"), None);
        assert!(from_spec("hard:iters=5").is_err());
    }

    #[test]
    fn play_runs_the_searching_levels_on_two_threads_with_a_turn_cap() {
        for name in LEVELS {
            let p = for_play(name).unwrap();
            assert_eq!(p.name(), name);
            let spec = level(name).unwrap();
            if spec.starts_with("mcts") {
                let extra = play_options(name).unwrap();
                assert!(extra.contains("threads=2") && extra.contains("turn_ms="));
                let m = crate::mcts::MctsPlayer::from_options(&format!(
                    "{},{extra}",
                    spec.trim_start_matches("mcts:")
                ))
                .unwrap();
                assert_eq!(m.threads, 2);
                assert!(m.turn_ms.is_some_and(|ms| ms < 10_000));
            } else {
                assert_eq!(play_options(name), None);
            }
        }
        assert_eq!(for_play("random").unwrap().name(), "random");
        assert!(for_play("oracle").is_err());
    }
}
