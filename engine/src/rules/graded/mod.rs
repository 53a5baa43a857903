//! Graded supply (GS-1..8): full, limited, out of supply with U-levels, and
//! special supply, drawn from headquarters (HQs) that are themselves on a
//! supply line; isolation by lines of communication.
//!
//! A whole side is judged at once, as in [`crate::rules::supply`]:
//!
//! 1. **GS-6 supply lines**: one breadth-first search along rail hexsides
//!    from the side's sources (at most the weather's `rail` hexes), then one
//!    along road hexsides from every hex that reached (at most `road`
//!    hexes). No hex on either element may hold an enemy unit, lie in enemy
//!    ZOC with no friendly unit in it, or be enemy-controlled (as MAL-SUP-3/4).
//!    An HQ standing on a hex so reached is **in general supply**.
//! 2. **GS-3 unit status**: per movement class, one multi-source Dijkstra
//!    backwards from the HQs in general supply, up to the weather's
//!    `hq_range` in movement points by that class's normal costs, blocked by
//!    enemy units and uncovered enemy ZOC. A unit reached is in general
//!    supply; whether full or limited depends on whose HQ it reaches, so a
//!    second search from the HQs that give it full supply runs only for the
//!    nations that need it. Units not reached try the special sources
//!    (GS-1) the same way.
//! 3. **GS-8 lines of communication**: the hexes in general supply (the
//!    supply lines, and every hex where a unit of one of the side's classes
//!    on the map would be in general supply: step 2's search, run whole for
//!    each class) seed one more Dijkstra, with the costs of the scenario's
//!    `loc_class`, up to three times `hq_range`. A unit not reached is
//!    isolated (GS-7); a unit in general supply stands on a seed, so it
//!    never is.
//!
//! One unit alone ([`crate::rules::supply::status`] and `isolated`; a
//! trace, for its status) is judged by the same rules read backwards, from its own hex (module
//! `unit`): a search up to `hq_range` that stops at the first HQ that
//! settles its status, one up to the special range, one up to the LOC range
//! that stops at the first hex in general supply. A trace's paths (to its
//! HQ, its special source or the nearest HQ out of range, and its line of
//! communication) come from the whole-side searches, each run only as far
//! as the unit (`Search::resume_to`), so they are the paths a whole search
//! gives.
//!
//! Every search runs on dense arrays with generation stamps in a reusable
//! [`GradedScratch`]: nothing is allocated per judgement once warm.
//!
//! **What is cached.** What a side's judgements and traces share (step 1:
//! the supply lines and which HQs are in general supply; the usable special
//! sources; and, once first asked for, the hexes in general supply that
//! seed step 3) is kept per side in the scratch ([`GradedScratch`]'s
//! `SideLines`), under the position's key (the scenario's id and the
//! state's stamp, which every change to a position renews). Beside it, the
//! searches traces read their paths from (`Kept`: from the HQs per class
//! and nation, from the special sources, the LOC search), each left where
//! the last trace stopped it for the next one to go on. All of it is
//! dropped, and recomputed, by the first judgement or trace of that side in
//! another position; a position being changed (stamp 0, as in the Supply
//! Phase) is never kept.
//!
//! Interpretations, where the rule text leaves room:
//!
//! - GS-6: an HQ must stand on the supply line itself (no overland leg);
//!   the line runs rail first, then road, never back onto rail; tracks carry
//!   no supply. A source blocked or enemy-held gives nothing.
//! - GS-3: an HQ in general supply is in full supply itself. An HQ not in
//!   general supply traces to another HQ like any unit, but gives no supply.
//!   A nation "has an HQ in the theatre" while one of its HQs is on the map,
//!   in supply or not.
//! - GS-8: a line of communication pays the `loc_class` movement costs (road
//!   rate along roads). It may not enter a hex holding an enemy unit, nor an
//!   enemy-controlled hex or terrain closed to that class, except that a hex
//!   with a friendly unit can always be traced through (at 1 MP where its
//!   terrain is closed). An enemy ZOC hex adds `zoc_cost` whoever stands in
//!   it; a line traced through a friendly unit in enemy ZOC pays 1 MP more
//!   to leave its hex (the "lowest numbered +# MP marker", MP-ZOC-7): not
//!   at its start, a hex in general supply, nor at its end, the unit's own
//!   hex. Until 2026-11-28 the engine charged the point on entering such a
//!   hex, the unit's own included.
//! - GS-2: only the phasing side is judged, in its Supply Phase, so a level
//!   holds through the enemy's player-turn (see `graded_supply_phase` in
//!   `game/supply_phase.rs`). Out of supply climbs one level per judgement (U1 the
//!   first); limited and full carry U0; special supply holds the level.
//! - GS-4: points are spent by an action in the side's own Movement Phase,
//!   on any unit not in full supply, out of supply too (the text names no
//!   condition; until 2026-11-28 the engine refused a unit out of supply);
//!   the unit is in full supply, U0, until its next judgement. Points come in at each of the side's supply judgements and
//!   carry over. Attacks costing points wait for the combat rules.
//! - GS-7: both sides are judged for combat isolation as each Combat Phase
//!   begins, and for supply isolation at each supply judgement (whose
//!   supply status is the phasing side's alone, GS-2).
//!   The markers live in [`crate::state::UnitFlags`] and hold until judged
//!   again; `isolated_losses` is kept for the combat rules.
//! - GS-9: see `pockets` and `pools` (where the text cites rules we do not
//!   hold, their readings are listed there).

//!
//! # Files
//!
//! - `search`: the search buffers (generation-stamped sets, breadth-first
//!   line elements, a bucket-queue Dijkstra); `scratch`: all of the
//!   model's buffers, and the per-unit verdicts.
//! - `judge`: a side judged, or one unit, status and/or isolation.
//! - `lines`: GS-6 supply lines and the side's HQs, kept per position.
//! - `unit`: one unit judged by searches from its own hex.
//! - `status`: GS-1, GS-3, each unit's status.
//! - `isolation`: GS-7, GS-8, lines of communication.
//! - `explain`: a unit's graded supply explained, for people.
//! - `spend`: GS-4, spending supply points.
//! - `pockets`: GS-9, isolated pockets formed, grown, merged, relieved and
//!   eliminated; `pools`: GS-9, the actions that draw on the pools
//!   (rebuilds, shipping out, a pocket eliminated by choice).
//!
//! The sources and the blocking rule it shares with the binary model live
//! in [`crate::rules::sources`].

mod explain;
mod isolation;
mod judge;
mod lines;
mod pockets;
mod pools;
mod scratch;
mod search;
mod spend;
mod status;
mod unit;

pub use crate::action::NoSpend;
pub(crate) use explain::trace;
pub use judge::{Judge, judge_side, u_level_after};
pub(crate) use judge::{judge_into, judge_unit, line_hexes};
pub use pockets::pocket_rules;
pub use pools::{
    can_eliminate_pocket, can_rebuild, can_ship_rp, can_ship_unit, for_each_pool_action,
};
pub use scratch::GradedScratch;
pub use spend::can_spend;
