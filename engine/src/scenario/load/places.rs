//! `[places]`: ports and forts (flag bits per hex) and the names of hexes.

use super::errors::Ctx;
use crate::hex::{Grid, HexId};
use crate::scenario::PlaceBits;
use crate::scenario::file::PlacesFile;

/// `[places]`: the bits ([`PlaceBits`]) of each hex, and
/// the named hexes, sorted by hex.
pub(super) fn check_places(
    cx: &mut Ctx<'_>,
    raw: &PlacesFile,
    grid: &Grid,
) -> (Vec<PlaceBits>, Vec<(HexId, String)>) {
    let mut places = vec![PlaceBits::empty(); grid.len()];
    for (list, bit, what) in [
        (&raw.east_ports, PlaceBits::EAST_PORT, "[places] east port"),
        (&raw.west_ports, PlaceBits::WEST_PORT, "[places] west port"),
        (&raw.forts, PlaceBits::FORT, "[places] fort"),
    ] {
        for h in cx.hexes(grid, list, what) {
            places[h.index()] |= bit;
        }
    }
    let mut place_names = Vec::new();
    for (name, s) in &raw.names {
        if let Some(h) = cx.hex(grid, s, &format!("[places] name \"{name}\"")) {
            place_names.push((h, name.clone()));
        }
    }
    place_names.sort();
    (places, place_names)
}

/// All fort hexes, in hex order.
pub(super) fn forts(grid: &Grid, places: &[PlaceBits]) -> Vec<HexId> {
    grid.hexes()
        .filter(|h| places[h.index()].contains(PlaceBits::FORT))
        .collect()
}
