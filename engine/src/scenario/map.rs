//! The map's static features beyond the grid: terrain types, routes (roads,
//! tracks, rail lines), and the flag words of hexsides and places.

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

/// Bits of a hexside, as seen from the hex it belongs to.
pub mod side_bits {
    /// A stream runs along it.
    pub const STREAM: u16 = 1 << 0;
    /// A river runs along it.
    pub const RIVER: u16 = 1 << 1;
    /// Bridged.
    pub const BRIDGE: u16 = 1 << 2;
    /// Ford.
    pub const FORD: u16 = 1 << 3;
    /// Crossing out of this hex is uphill.
    pub const UPHILL: u16 = 1 << 4;
    /// Crossing out of this hex is downhill.
    pub const DOWNHILL: u16 = 1 << 5;
    /// Double slope.
    pub const DOUBLE_SLOPE: u16 = 1 << 6;
    /// Steep: never crossed.
    pub const STEEP: u16 = 1 << 7;
    /// A road crosses it.
    pub const ROAD: u16 = 1 << 8;
    /// A track crosses it.
    pub const TRACK: u16 = 1 << 9;
    /// A rail line crosses it.
    pub const RAIL: u16 = 1 << 10;
    /// MP-ZOC-3: no ZOC across it (stream, river, double slope).
    pub const BLOCKS_ZOC: u16 = STREAM | RIVER | DOUBLE_SLOPE;
}

/// Bits of a hex's places.
pub mod place_bits {
    /// East-coast port.
    pub const EAST_PORT: u8 = 1 << 0;
    /// West-coast port.
    pub const WEST_PORT: u8 = 1 << 1;
    /// Fort.
    pub const FORT: u8 = 1 << 2;
}
