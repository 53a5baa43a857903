//! The map's static features beyond the grid: terrain types, routes (roads,
//! tracks, rail lines), and the flag words of hexsides and places.

use bitflags::bitflags;

use crate::hex::HexId;

/// Kinds of route.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RouteKind {
    /// Roads (MP-MOV-4..6).
    Road,
    /// Tracks (MP-MOV-7).
    Track,
    /// Rail lines (MAL-RAIL).
    Rail,
}

impl RouteKind {
    /// Name used in files.
    pub fn name(self) -> &'static str {
        match self {
            RouteKind::Road => "road",
            RouteKind::Track => "track",
            RouteKind::Rail => "rail",
        }
    }
}

/// A named road, track or rail line.
#[derive(Clone, Debug)]
pub struct Route {
    /// Kind.
    pub kind: RouteKind,
    /// Name.
    pub name: String,
    /// Hexes in order.
    pub hexes: Vec<HexId>,
}

/// A terrain type.
#[derive(Clone, Debug)]
pub struct Terrain {
    /// Letter in the grid.
    pub code: char,
    /// Name.
    pub name: String,
    /// MP-ZOC-2: no ZOC into or out of it.
    pub no_zoc: bool,
    /// MAL-SUP-8 attrition modifier, percentage points.
    pub attrition: i8,
    /// MP-CHG-1: charges may cross it.
    pub open: bool,
    /// MP-CHG-2: units in it cannot be charged.
    pub no_charge: bool,
    /// MAL-CBT-4: defense strength multiplier for units in it.
    pub defense: f64,
    /// Drawing colour.
    pub color: String,
}

bitflags! {
    /// Bits of a hexside, as seen from the hex it belongs to.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub struct SideBits: u16 {
        /// A stream runs along it.
        const STREAM = 1 << 0;
        /// A river runs along it.
        const RIVER = 1 << 1;
        /// Bridged.
        const BRIDGE = 1 << 2;
        /// Ford.
        const FORD = 1 << 3;
        /// Crossing out of this hex is uphill.
        const UPHILL = 1 << 4;
        /// Crossing out of this hex is downhill.
        const DOWNHILL = 1 << 5;
        /// Double slope.
        const DOUBLE_SLOPE = 1 << 6;
        /// Steep: never crossed.
        const STEEP = 1 << 7;
        /// A road crosses it.
        const ROAD = 1 << 8;
        /// A track crosses it.
        const TRACK = 1 << 9;
        /// A rail line crosses it.
        const RAIL = 1 << 10;
        /// MP-ZOC-3: no ZOC across it (stream, river, double slope "or
        /// more": a steep slope too).
        const BLOCKS_ZOC = Self::STREAM.bits()
            | Self::RIVER.bits()
            | Self::DOUBLE_SLOPE.bits()
            | Self::STEEP.bits();
    }
}

bitflags! {
    /// Bits of a hex's places.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub struct PlaceBits: u8 {
        /// East-coast port.
        const EAST_PORT = 1 << 0;
        /// West-coast port.
        const WEST_PORT = 1 << 1;
        /// Fort.
        const FORT = 1 << 2;
    }
}
