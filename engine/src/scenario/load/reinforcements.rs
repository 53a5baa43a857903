//! Reinforcements: units of `[[units]]` that arrive after the first turn,
//! on a turn of the game, and those that land from the sea (MAL-CBT-10).

use super::errors::Ctx;
use super::known::Known;
use crate::hex::HexId;
use crate::scenario::PlaceBits;
use crate::scenario::file::UnitFile;

/// The turn a unit arrives (1: on the map at the start), within the game's
/// turns.
pub(super) fn arrival_turn(cx: &mut Ctx<'_>, u: &UnitFile, turns: i64) -> u8 {
    match &u.turn {
        Some(t) => {
            let v = *t.get_ref();
            if v < 1 || v > turns {
                cx.err(
                    t.span(),
                    format!(
                        "unit \"{}\" arrives on turn {v}, but the game has turns 1 to {turns}",
                        u.id.get_ref()
                    ),
                );
            }
            v.clamp(1, 99) as u8
        }
        None => 1,
    }
}

/// MAL-CBT-10: an amphibious unit is a reinforcement landing at a port.
pub(super) fn check_landing(
    cx: &mut Ctx<'_>,
    u: &UnitFile,
    hex: HexId,
    arrives: u8,
    k: &Known<'_>,
) {
    if u.amphibious
        && (arrives < 2
            || !k.places[hex.index()].intersects(PlaceBits::EAST_PORT | PlaceBits::WEST_PORT))
    {
        cx.err(
            u.hex.span(),
            format!(
                "unit \"{}\" is amphibious (MAL-CBT-10): it must be a reinforcement (turn 2 or later) landing at a port, and {} {}",
                u.id.get_ref(),
                k.grid.label(hex),
                if arrives < 2 {
                    "is its set-up hex"
                } else {
                    "is not a port"
                }
            ),
        );
    }
}
