//! An operational player built from a handful of heuristics (issue #6).
//!
//! Once per player-turn it builds distance fields over the map (Dijkstra
//! backwards from the targets over step-cost tables per movement class,
//! built once per scenario and cached; `graphs`):
//! the cost from every hex to the objectives it wants, to the nearest enemy
//! unit, and to its side's supply anchors (the road/rail network that leads
//! to a source in the binary model, the HQs in the graded one), the last
//! both as things stand and with the hexes the enemy could cover next turn
//! blocked ("threat").
//!
//! - **Movement**: each unit in turn (front units first) scores its
//!   destinations ([`movement::destinations`]): progress toward objectives
//!   and the enemy, staying in supply (and out of hexes the enemy could cut
//!   off next turn, which also pulls back units already in such hexes),
//!   defensive terrain and the odds the adjacent enemy could bring, keeping
//!   a line (friendly neighbours, stacking next to the enemy), taking and
//!   garrisoning objectives, and stepping onto hexes that cut an enemy
//!   unit's supply, tested by re-tracing ([`supply::trace`]) on a what-if
//!   copy of the position for the few hexes on or next to enemy supply
//!   lines. One `Move` per call, `EndPhase` when every unit has had its turn.
//!   Cavalry charges ([`charge::success_chance`]) come first, and in the
//!   graded model supply points go to the units that need them most.
//! - **Rail**: the rail move that brings a reserve furthest toward the front,
//!   into a hex with room, while it gains enough.
//! - **Combat**: for every enemy hex it may attack, all eligible units are
//!   gathered and the combat is evaluated exactly ([`combat::what_if`] and
//!   [`combat::distribution`], with several air commitments): expected steps
//!   lost by each side, eliminations, retreats, the chance of taking the
//!   hex (worth more on an objective). The best attack worth making is
//!   declared unit by unit over the next calls, then rolled with the air
//!   commitment that does best; never half declared. Advances are taken
//!   onto objectives, onto enemy supply lines, or toward the enemy when the
//!   hex is not too exposed. Each of these is decided from the position
//!   alone (the attack being declared, the units already advanced), so the
//!   MCTS player can ask about positions out of order.
//! - **Objectives**: the distance field starts each objective nearer by one
//!   MP per VP it is worth less than the richest, so the big ones pull;
//!   in the last two turns taking one is worth four times as much.
//! - **Headquarters and leaders** (`keep`): placed behind the troops they
//!   serve, never next to the enemy, and in the graded model on their
//!   side's supply lines (`lines`); they join attacks only when decisive.
//! - **Attacks planned** (`plan`): before moving, units are sent where they
//!   can join an attack worth making; a side behind on points as the game
//!   runs out accepts worse odds (`urgency`).
//!
//! It is the MCTS player's [`Guide`](crate::Guide): the unit order, every
//! destination of one unit scored (`unit_options`), its own choice in the
//! other phases, and a `light` mode that traces less supply, for rollouts.
//!
//! Deterministic given its RNG: ties are broken by tiny draws from it.
//!
//! # The parts
//!
//! - `mod.rs`: the player's state (its caches) and the tuning constants.
//! - `player`: the `Player` and `Guide` impls, and when each cache is built
//!   or dropped (`prepare`).
//! - `graphs`: the map's step costs per class, Dijkstra backwards from targets.
//! - `fields`: the distance fields of a player-turn, the enemy's reach and
//!   its attack strength next to each hex.
//! - `moves`: the unit order and the scoring of every destination.
//! - `cuts`: supply lines, the enemy's to cut (what-if traces) and ours to
//!   stay on (pull-back).
//! - `attacks`: combat plans: attacks, air points, advances, charges.
//! - `phases`: the Rail Phase, rail reserves, supply points spent.
//! - `intent`: what it meant to do, for people.
//! - `threat`: what the enemy could bring against each hex next turn.
//! - `worth`: units, loss points, table columns and urgency in VP.
//! - `plan`: the Combat Phase planned before moving (concentration).
//! - `assault`: attacks valued in VP, which units join, the bar to clear.
//! - `tuning`: the knobs a spec may set (`heuristic:blunder=0.2`).
//! - `variants`: other plans of attack than its own, for a search to
//!   weigh (bolder, cautious, without a target), and the one in force.

mod assault;
mod attacks;
mod cuts;
mod fields;
mod graphs;
mod intent;
mod moves;
mod phases;
mod plan;
mod player;
mod threat;
mod tuning;
mod variants;
mod works;
mod worth;

pub use tuning::{Tuning, TuningError};

use std::sync::Arc;

use hexwar_engine::hex::Axial;
use hexwar_engine::{Action, GameState, HexId, Mp, UnitId};

use graphs::MapGraphs;
use threat::Threat;
use worth::Worth;

/// Distance that means "cannot get there" (or only through blocked hexes).
const BLOCK: u32 = 1 << 20;
/// No step, no path.
const FAR: u32 = u32::MAX;
/// What-if supply tests per Movement Phase.
pub(super) const CUT_TESTS: u32 = 10;
/// How much nearer (Mp ticks) an objective looks per VP it is worth less
/// than the richest: one MP. (Morne-Plaine: the Allies went for the near
/// small objectives and left the redoubt, 6 VP, to the end or never.)
const VP_PULL: u32 = Mp::SCALE as u32;
/// How much more taking an objective is worth in the last two turns.
/// (Morne-Plaine against random: the Allies' draws came from objectives
/// left in French hands at the end; 93% wins before, 97% with this and
/// `VP_PULL`.)
const LATE_OBJECTIVES: f64 = 4.0;
/// Enemy units whose supply lines are traced per Movement Phase.
const TRACED: usize = 12;
/// [`CUT_TESTS`] and [`TRACED`] for a light player (a search's rollouts).
const LIGHT_CUT_TESTS: usize = 8;
const LIGHT_TRACED: usize = 8;

/// An attack being declared: (turn, side, phase, target), the units chosen
/// for it, the air points.
type AssaultMemo = ((u8, u8, usize, HexId), Vec<UnitId>, u8);

/// The per-player-turn distance fields, per movement class, in Mp ticks.
#[derive(Default)]
struct Fields {
    /// To the objectives the side wants (or the enemy when none).
    obj: Vec<Vec<u32>>,
    /// To the nearest enemy unit.
    foe: Vec<Vec<u32>>,
    /// To the supply anchors, enemy ZOC blocking (as things stand).
    sup: Vec<Vec<u32>>,
    /// To the supply anchors, hexes within two of an enemy unit blocking.
    threat: Vec<Vec<u32>>,
}

/// The heuristic player. `from_spec("heuristic")`.
#[derive(Default)]
pub struct HeuristicPlayer {
    /// Its knobs.
    tuning: Tuning,
    graphs: Option<Arc<MapGraphs>>,
    /// What units, loss points and odds columns are worth (per scenario,
    /// with `graphs`).
    worth: Worth,
    /// The enemy's attack potential next turn (per player-turn).
    threat: Threat,
    /// The attack being declared: (turn, side, phase, target), the units
    /// chosen for it and the air points.
    assault_memo: Option<AssaultMemo>,
    /// This Movement Phase's attack plan: (unit, hex to attack from, target).
    plan: Vec<(UnitId, HexId, HexId)>,
    /// The plan variant a search has put in force, and the (turn, side)
    /// of the player-turn it holds for (`variants`).
    variant: Option<((u8, u8), variants::PlanVariant)>,
    /// The variants of the last Movement Phase listed, and its (turn, side).
    variants: Vec<variants::PlanVariant>,
    variants_key: Option<(u8, u8)>,
    fields: Fields,
    /// (side, who holds each objective) the objectives' fields were built
    /// for (`None`: not kept).
    obj_key: Option<(u8, Vec<Option<u8>>)>,
    /// (turn, side) the fields were built for.
    turn_key: Option<(u8, u8)>,
    /// (turn, side, phase) of the phase the per-phase caches belong to.
    phase_key: Option<(u8, u8, usize)>,
    /// (turn, side, phase) of the Movement Phase the enemy lines, the unit
    /// order and the reserves belong to.
    move_key: Option<(u8, u8, usize)>,
    pending: Vec<UnitId>,
    /// Units moved by rail or otherwise done this phase.
    done: Vec<UnitId>,
    /// Units held back in the Movement Phase to go by rail (MAL-RAIL-3).
    reserves: Vec<UnitId>,
    /// Legal actions (reused).
    actions: Vec<Action>,
    /// Hexes (reused).
    hexes: Vec<HexId>,
    /// Destinations of the unit being moved (reused).
    dests: Vec<(HexId, Mp)>,
    /// For a headquarters or leader being placed (`keep`): the hexes of
    /// our other fighting units and of the enemy's, as the position
    /// stands, in axial coordinates (the distances are counted for every
    /// destination; reused).
    keeper_marks: (Vec<Axial>, Vec<Axial>),
    /// Scored options of the unit being moved (reused).
    options: Vec<(f64, HexId)>,
    /// Per hex: summed attack strength of enemy units adjacent.
    foe_att: Vec<f64>,
    /// Per hex: within two hexes of an enemy unit.
    near_foe: Vec<bool>,
    /// The furthest an enemy unit moves in a turn, in Mp ticks (per
    /// player-turn, with the fields; with `hold` only).
    foe_reach: u32,
    /// Per hex: on one of our supply lines (graded model, GS-6), where an
    /// HQ is in general supply.
    lines: Vec<bool>,
    /// Per hex: on (1) or next to (2) a traced enemy supply line.
    foe_line: Vec<u8>,
    /// Enemy units traced this phase, with their supply paths.
    foe_paths: Vec<(UnitId, Vec<HexId>)>,
    /// What-if results for the position of this call: hex, enemy steps cut.
    cut_cache: Vec<(HexId, u32)>,
    /// What-if tests made this phase.
    cut_tests: usize,
    /// The enemy units one what-if test judges (reused).
    cut_foes: Vec<UnitId>,
    /// Enemy units traced in the position of this call: supplied now.
    foe_now: Vec<(UnitId, bool)>,
    /// Per hex, per side: units now.
    occ: Vec<[u8; 2]>,
    zoc: Vec<u8>,
    /// Scratch buffers for fields.
    target: Vec<bool>,
    blocked: Vec<bool>,
    marks: Vec<bool>,
    roots: Vec<u32>,
    reach: Vec<u32>,
    /// A copy of the position for what-if tests.
    work: Option<GameState>,
    /// What it means to do this player-turn.
    intent: Vec<String>,
    /// Fewer supply traces (what-if cuts, enemy lines): for rollouts,
    /// where the graded model's traces would cost most of the time.
    light: bool,
}

impl HeuristicPlayer {
    /// A heuristic player with these knobs.
    pub fn with_tuning(tuning: Tuning) -> HeuristicPlayer {
        HeuristicPlayer {
            tuning,
            ..HeuristicPlayer::default()
        }
    }

    /// A player from the options of a `heuristic:` spec.
    pub fn from_options(opts: &str) -> Result<HeuristicPlayer, TuningError> {
        Ok(HeuristicPlayer::with_tuning(Tuning::parse(opts)?))
    }

    /// Its knobs.
    pub fn tuning(&self) -> Tuning {
        self.tuning
    }
}

impl std::fmt::Debug for HeuristicPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HeuristicPlayer")
            .field("intent", &self.intent)
            .finish_non_exhaustive()
    }
}
