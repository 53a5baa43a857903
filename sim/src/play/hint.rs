//! `GET /api/hint`: what the computer would do here, for the person's
//! side ([`HintJson`]). The `normal` level (the heuristic player) is asked
//! on the position as it stands, on its own RNG, so asking changes nothing
//! in the game; its choice comes with what it said of it, and an attack
//! with every unit it would commit and the exact odds
//! ([`crate::inspect::units_odds`]), a charge with its chance.

use hexwar_ai::{AiRng, Guide, HeuristicPlayer, Player};
use hexwar_engine::state::UnitFlags;
use hexwar_engine::{Action, GameState, HexId, Scenario, UnitId, charge};
use rand::SeedableRng;
use serde::Serialize;

use super::api::{Refusal, refuse};
use super::session::Session;
use crate::batch::seed::{Stream, game_seed, stream_seed};
use crate::inspect::{self, OddsReport, units_odds};
use crate::record::{ActionJson, describe_action};

/// The level the hint asks.
pub const HINT_LEVEL: &str = "normal";

/// An attack found by playing the hint's player on.
struct Assault {
    attackers: Vec<UnitId>,
    target: HexId,
    air: u8,
}

/// `GET /api/hint`.
#[derive(Clone, Debug, Serialize)]
pub struct HintJson {
    /// The level asked.
    pub by: &'static str,
    /// The action it would play now.
    pub action: ActionJson,
    /// The action in words.
    pub text: String,
    /// The unit it moves or attacks with.
    pub unit: Option<String>,
    /// Where that unit stands.
    pub from: Option<String>,
    /// A move's or rail move's destination.
    pub to: Option<String>,
    /// A move's path, hexes entered.
    pub path: Vec<String>,
    /// A move's cost in MP.
    pub cost: Option<String>,
    /// An attack's or charge's target hex.
    pub target: Option<String>,
    /// Every unit it would commit to the attack.
    pub attackers: Vec<String>,
    /// Air points it would commit.
    pub air: u8,
    /// The attack's exact odds (as `GET /api/odds`).
    pub odds: Option<OddsReport>,
    /// A charge's chance of success.
    pub chance: Option<f64>,
    /// Why, in its words.
    pub reason: Vec<String>,
    /// The rest of what it means to do this player-turn.
    pub plan: Vec<String>,
}

impl Session {
    /// What the computer would do for the person now.
    pub(super) fn hint(&mut self) -> Result<HintJson, Refusal> {
        self.live()?;
        if self.state.is_over() {
            return refuse(409, "the game is over");
        }
        if self.state.active_side() != self.human {
            return refuse(409, "it is not your turn: a hint is for your own moves");
        }
        let scen = self.scen.clone();
        let st = self.state.clone();
        let player = match &mut self.hinter {
            Some(p) => p,
            None => self
                .hinter
                .insert(HeuristicPlayer::from_options("").map_err(|e| (500, e.to_string()))?),
        };
        // Its caches of an earlier question are stale: the person moved since.
        player.new_search();
        let stream = stream_seed(game_seed(self.seed, 0), Stream::player(self.human.index()));
        let mut rng = AiRng::seed_from_u64(stream ^ self.record.actions.len() as u64);
        let action = player.choose(&scen, &st, &mut rng);
        let said = player.intent();
        let mut h = HintJson {
            by: HINT_LEVEL,
            action: ActionJson::from_action(&scen, action),
            text: describe_action(&scen, action),
            unit: None,
            from: None,
            to: None,
            path: Vec::new(),
            cost: None,
            target: None,
            attackers: Vec::new(),
            air: 0,
            odds: None,
            chance: None,
            reason: Vec::new(),
            plan: Vec::new(),
        };
        let grid = scen.grid();
        let mut why = Vec::new();
        match action {
            Action::Move { unit, to } | Action::RailMove { unit, to } => {
                h.unit = Some(scen.unit(unit).id.clone());
                h.from = Some(grid.label(st.unit(unit).hex));
                h.to = Some(grid.label(to));
                if matches!(action, Action::Move { .. }) {
                    let moves = inspect::moves(&scen, &st, unit);
                    if let Some(d) = moves.destinations.iter().find(|d| d.hex == grid.label(to)) {
                        h.path = d.path.clone();
                        h.cost = Some(d.cost.clone());
                    }
                    why.extend(move_score(player, &scen, &st, unit, to, &mut rng));
                } else {
                    h.path = vec![grid.label(to)];
                }
            }
            Action::Attack { .. } | Action::Resolve { .. } => {
                let a = assault(player, &scen, &st, action, &mut rng);
                h.unit = a.attackers.first().map(|u| scen.unit(*u).id.clone());
                h.target = Some(grid.label(a.target));
                h.attackers = a
                    .attackers
                    .iter()
                    .map(|u| scen.unit(*u).id.clone())
                    .collect();
                h.air = a.air;
                h.odds = units_odds(&scen, &st, &a.attackers, a.target, a.air).ok();
            }
            Action::Charge { unit, target } => {
                h.unit = Some(scen.unit(unit).id.clone());
                h.from = Some(grid.label(st.unit(unit).hex));
                h.target = Some(grid.label(target));
                h.chance = charge::success_chance(&scen, &st, unit, target);
            }
            Action::Advance { unit } | Action::SpendSupply { unit } | Action::Work { unit, .. } => {
                h.unit = Some(scen.unit(unit).id.clone());
                h.from = Some(grid.label(st.unit(unit).hex));
            }
            Action::EndPhase => why.push(format!(
                "it would do nothing more in the {} phase",
                st.phase(&scen).name()
            )),
            Action::Rebuild { unit, hex } => {
                h.unit = Some(scen.unit(unit).id.clone());
                h.to = Some(grid.label(hex));
            }
            Action::ShipUnit { unit } => h.unit = Some(scen.unit(unit).id.clone()),
            Action::UndoRail { .. }
            | Action::CancelAttack
            | Action::ShipRp { .. }
            | Action::EliminatePocket { .. } => {}
        }
        // Its own words about this unit or hex are the reason; the rest is its plan.
        let keys: Vec<&str> = [&h.unit, &h.target, &h.to]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect();
        for line in said {
            if keys.iter().any(|k| mentions(&line, k)) {
                h.reason.push(line);
            } else {
                h.plan.push(line);
            }
        }
        h.reason.extend(why);
        Ok(h)
    }
}

/// Whether `line` names `key` as a whole word (a unit id or hex label).
fn mentions(line: &str, key: &str) -> bool {
    line.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
        .any(|w| w == key)
}

/// How the player scored moving `unit` to `to` against its other options.
fn move_score(
    player: &mut HeuristicPlayer,
    scen: &Scenario,
    st: &GameState,
    unit: UnitId,
    to: HexId,
    rng: &mut AiRng,
) -> Option<String> {
    let mut scored = Vec::new();
    player.scored_moves(scen, st, unit, rng, &mut scored);
    let (best, _) = scored.iter().find(|(_, h)| *h == to)?;
    let stay = scored.iter().find(|(_, h)| !h.is_some()).map(|(s, _)| *s);
    let n = scored.iter().filter(|(_, h)| h.is_some()).count();
    Some(match stay {
        Some(stay) => format!(
            "of the {n} hexes it can reach, {} scores best for it: {best:+.2} against {stay:+.2} for staying",
            scen.grid().label(to)
        ),
        None => format!(
            "of the {n} hexes it can reach, {} scores best for it ({best:+.2})",
            scen.grid().label(to)
        ),
    })
}

/// The whole attack the player would make, found by letting it go on
/// declaring on a copy of the position until it would roll.
fn assault(
    player: &mut HeuristicPlayer,
    scen: &Scenario,
    st: &GameState,
    first: Action,
    rng: &mut AiRng,
) -> Assault {
    let declared = st.combat().target;
    let mut a = Assault {
        attackers: st
            .units_of(scen, st.active_side())
            .filter(|u| st.unit(*u).has(UnitFlags::COMMITTED))
            .collect(),
        target: declared,
        air: 0,
    };
    let mut sim = st.clone();
    // Declaring rolls no die: the dice here are never drawn from.
    let mut no_dice = AiRng::seed_from_u64(0);
    let mut next = first;
    for _ in 0..=scen.units().len() {
        match next {
            Action::Attack { unit, target } if !a.target.is_some() || target == a.target => {
                a.target = target;
                a.attackers.push(unit);
                if sim.apply(scen, next, &mut no_dice, &mut ()).is_err() {
                    break;
                }
            }
            Action::Resolve { air } => {
                a.air = air;
                break;
            }
            _ => break,
        }
        next = player.choose(scen, &sim, rng);
    }
    a
}
