//! `[places]`: ports and forts (flag bits per hex) and the names of hexes.

use super::errors::Ctx;
use crate::hex::{Grid, HexId};
use crate::scenario::file::PlacesFile;
use crate::scenario::place_bits;

/// `[places]`: the bits ([`place_bits`]) of each hex, and
/// the named hexes, sorted by hex.
pub(super) fn check_places(
    cx: &mut Ctx<'_>,
    raw: &PlacesFile,
    grid: &Grid,
) -> (Vec<u8>, Vec<(HexId, String)>) {
    let mut places = vec![0u8; grid.len()];
    for (list, bit, what) in [
        (&raw.east_ports, place_bits::EAST_PORT, "[places] east port"),
        (&raw.west_ports, place_bits::WEST_PORT, "[places] west port"),
        (&raw.forts, place_bits::FORT, "[places] fort"),
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
pub(super) fn forts(grid: &Grid, places: &[u8]) -> Vec<HexId> {
    grid.hexes()
        .filter(|h| places[h.index()] & place_bits::FORT != 0)
        .collect()
}
