//! Cavalry charges (MP-CHG-1..6).
//!
//! A charge is one action in the Movement Phase ([`crate::Action::Charge`]):
//! a mounted unit moves two hexes in a straight line to end adjacent to its
//! target, which lies on the same line; a 1-9 morale check decides it.
//!
//! - [`can_charge`] (MP-CHG-1, -2) says whether a charge is legal now and
//!   gives its [`ChargeLine`], or the first rule that forbids it
//!   ([`NoCharge`]); [`for_each_charge`] lists the hexes a unit may charge.
//! - [`morale_check`] (MP-CHG-3) gives the numbers of the check and
//!   [`success_chance`] its exact odds, for the odds tool and the AI.
//! - `GameState::resolve_charge` (MP-CHG-3..6) plays it out, drawing the
//!   die through [`Chance`](crate::rules::combat::Chance); [`resolve_with`] is the checked entry point
//!   for tools and tests with a scripted [`Chance`](crate::rules::combat::Chance).
//!
//! # Interpretations
//!
//! Where the rules leave room, this is what the engine does:
//!
//! - MP-CHG-1, who charges: a mounted unit (cavalry, leaders; camels are
//!   not mounted) of the phasing side, on the map, in its Movement Phase,
//!   whose move has not ended (MP-ZOC-6). A unit **may charge after moving**
//!   earlier in the phase if it has the movement points left, and move on
//!   or charge again after a charge if it then stands in no enemy ZOC (the
//!   text: "a new charging action later in the movement phase provided its
//!   remaining movement allowance is high enough").
//! - MP-CHG-1, the line: the target hex lies exactly three hexes away along
//!   one of the six hex directions ([`crate::Grid::ray`]); the charger enters
//!   the first two hexes of that line. Both must be clear (`open` terrain),
//!   empty (no unit of either side, whatever the stacking limit), enterable
//!   by the unit's class (terrain and hexside, as in normal movement), and
//!   the first must not be in enemy ZOC (entering it would end the move,
//!   MP-ZOC-6; a fort hex is never in enemy ZOC, MP-ZOC-5). The second, next
//!   to the target, is in its ZOC as a rule: that is where the move ends.
//!   The hexside into the target's hex must be one the charger's class may
//!   cross (a steep hexside forbids the charge); the target's terrain does
//!   not matter but for MP-CHG-2's woods and the like ("the terrain type of
//!   the hex occupied by the target unit has no influence on charge except
//!   in these two cases").
//! - MP-CHG-1, cost: the two hexes cost what they cost by normal movement
//!   (MP-MOV-1..7: the road rate where the line follows a road, the free
//!   first road hex of MP-MOV-5, the debt of MP-MOV-6), plus one point to
//!   leave a hex in the ZOC of enemy mounted units (MP-ZOC-8). The unit must
//!   have that many points left. Taking the target's hex after a successful
//!   charge costs nothing (like an advance after combat).
//! - MP-CHG-2, water: a river on any hexside of the line, from the start hex
//!   to the target's hexside, forbids the charge, bridged or forded or not.
//!   A stream does not, bridged or not: MP-CHG-3 counts "+1 across a
//!   stream", so charges across streams exist; an unbridged stream costs its
//!   movement cost as in normal movement, and the stream modifier applies
//!   whenever a hexside of the line carries a stream, bridge or no bridge.
//! - MP-CHG-2, terrain: only the target's own hex is looked at for
//!   woods/dunes/palm grove/town (`no_charge`); the hexes crossed must be
//!   clear anyway.
//! - The target: with a stacking limit of one there is one enemy unit in the
//!   hex. With more, the unit charged is the enemy unit with the lowest id in
//!   the hex; the charger then takes the hex only if no enemy unit is left
//!   in it once the target has gone. It never takes a hex its class may not
//!   enter (marsh for horse): it stays next to it, with its bonus.
//! - MP-CHG-3, strengths: "combat strength" is the unit's printed strength
//!   for the steps it has left less what morale losses took off it
//!   (MP-CHG-5), [`GameState::base_strength`](crate::GameState::base_strength): attack for the charger,
//!   defense for the target, rounded down to whole points. Supply and
//!   terrain modifiers are for combat, not for the morale check.
//! - MP-CHG-3, morale value: the target's current morale
//!   ([`crate::UnitState::morale`], which MP-CHG-5 losses lower); a leader's
//!   is its combat strength plus its command radius, whatever morale its
//!   type lists; a unit with no morale value at all (e.g. artillery) has 0.
//! - MP-CHG-3, slope and stream: "charge through slope", "through a
//!   stream", as "charge through a bridge" (MP-CHG-2) is a bridge on the
//!   way: every hexside the charge crosses counts, from the start hex to the
//!   target's hexside. "Uphill" means crossing from the foot of a slope into
//!   the higher hex ([`SideBits::UPHILL`](crate::scenario::SideBits::UPHILL)
//!   seen from the hex left): the target's morale value is +1; crossing one
//!   downhill, -1; a line that does both has both, which cancel. A double
//!   slope is a crest, uphill from both sides: +1. A stream adds +1. Each
//!   modifier counts once however many hexsides carry it.
//! - MP-CHG-3, the die: `Chance::roll(9)`, 1 to 9 with equal chances. The
//!   check fails (the charge succeeds) when roll + charger's strength -
//!   target's strength is greater than the modified morale value.
//! - MP-CHG-4, the move: the charger spends its points and enters the two
//!   hexes (taking their control, D-TURN-2) before the check. If the target
//!   holds, nothing happens to it and the charger stays in the hex next to
//!   it. Either way its move ends if the hex next to the target was in
//!   enemy ZOC as it entered it ("its movement ends immediately", MP-ZOC-6:
//!   whatever the charge then does to the target, its retreat or
//!   demoralisation or elimination, does not undo it), or if it stands in
//!   enemy ZOC at the end; next to guns or a demoralised unit, or across a
//!   stream, it may move on.
//! - MP-CHG-4, the retreat: one hex, "away from the charger": a hex next to
//!   the target and two hexes from the charger's end hex (the hex straight
//!   on along the line, or the one either side of it). The hex must be on
//!   the map, enterable by the target's class by normal movement, free of
//!   enemy units, within the stacking limit (with a limit of one, empty),
//!   and not a fort the enemy controls (MP-ZOC-5). Of the hexes allowed,
//!   the target takes the one whose enemy ZOCs cost it least, then the one
//!   straight on, then the lowest hex id. With none allowed it is
//!   eliminated. It takes control of the hex it enters.
//! - MP-CHG-4, ZOCs entered: the enemy units other than the charger whose
//!   ZOC covers the hex entered are counted, each unit once, by the ZOC
//!   rules MP-ZOC-1..4 (not from or into town and woods, not across streams,
//!   rivers or double slopes, not from artillery or demoralised units); a
//!   fort's own ZOC is not a unit's and does not count, and a unit retreating
//!   into a fort is in no enemy ZOC (MP-ZOC-5).
//! - MP-CHG-4, the bonus: the charger carries [`UnitFlags::CHARGED`](crate::state::UnitFlags::CHARGED) and
//!   [`crate::UnitState::charge_target`] until the end of its player-turn;
//!   combat multiplies its combat strength (before supply and the
//!   hexside's multipliers) against that unit by 1.5, rounded down. After
//!   two successful charges in one move, the bonus is against the unit
//!   charged last.
//! - MP-CHG-4, leaders retreat like any unit but lose no morale; artillery
//!   does not retreat and is eliminated (so are units that cannot retreat).
//!   Eliminated units' steps count as lost (D-TURN-3).
//! - MP-CHG-5: the morale points go through `GameState::lose_morale`.
//! - MP-CHG-6: the checked `apply` refuses an illegal charge and changes
//!   nothing; a legal one is played out whole inside one action.
//!
//! # Files
//!
//! - `line`: MP-CHG-1, -2, whether a charge is legal and its line.
//! - `check`: MP-CHG-3, the morale check and its exact odds.
//! - `resolve`: MP-CHG-3..6, the charge played out and the target's retreat.

pub use crate::action::NoCharge;

mod check;
mod line;
mod resolve;

pub use check::{MoraleCheck, check_strength, morale_check, morale_value, success_chance};
pub use line::{ChargeLine, can_charge, for_each_charge};
pub use resolve::{resolve_with, retreat_hex};

/// Faces of the morale-check die (MP-CHG-3).
pub const DIE: u8 = 9;
