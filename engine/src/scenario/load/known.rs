//! [`Known`]: what the earlier sections established, handed to the
//! set-up and graded-supply checkers.

use std::collections::HashMap;
use std::ops::Range;

use super::terrain::TerrainTypes;
use crate::hex::Grid;
use crate::scenario::{Mp, PlaceBits, SideInfo, UnitType};

/// What is already checked when the set-up and the graded supply rules are
/// read.
pub(super) struct Known<'a> {
    pub(super) grid: &'a Grid,
    pub(super) sides: &'a [SideInfo; 2],
    /// Where each side's id is written.
    pub(super) side_spans: &'a [Range<usize>; 2],
    /// `[scenario] turns` as written (out of range has its error).
    pub(super) turns: i64,
    pub(super) classes: &'a [String],
    pub(super) terrain: &'a TerrainTypes,
    pub(super) hex_terrain: &'a [u8],
    /// Any route kind through each hex: bit 0 road, 1 track, 2 rail.
    pub(super) hex_routes: &'a [u8],
    /// Route rates per `(kind, class)`: `kind * classes + class`.
    pub(super) route_rate: &'a [Mp],
    /// Place bits per hex.
    pub(super) places: &'a [PlaceBits],
    pub(super) unit_types: &'a [UnitType],
    /// Unit type key -> index into `unit_types`.
    pub(super) type_index: &'a HashMap<&'a str, u16>,
    /// Every unit type key, in file order, for messages.
    pub(super) type_keys: &'a [String],
    /// D-STACK-1 stacking limit.
    pub(super) stacking: u8,
}
