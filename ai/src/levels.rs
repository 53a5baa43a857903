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
        // in five is not made: normal scores 0.70-0.94 against it.
        "novice" => "heuristic:blunder=0.2",
        "normal" => "heuristic",
        "hard" => "mcts:iters=100",
        "expert" => "mcts:iters=400",
        _ => return None,
    })
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
}
