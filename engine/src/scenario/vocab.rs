//! The scenario's smallest vocabulary: movement points in fixed point, the
//! two sides and their names.

use std::fmt;

/// Movement points in fixed point: `Mp(6)` is one point, so halves and thirds
/// are exact and sums never round.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(transparent)]
pub struct Mp(pub u16);

impl Mp {
    /// Ticks per movement point.
    pub const SCALE: u16 = 6;
    /// Zero.
    pub const ZERO: Mp = Mp(0);
    /// One movement point.
    pub const ONE: Mp = Mp(Self::SCALE);
    /// Cannot enter / cannot cross.
    pub const NO: Mp = Mp(u16::MAX);

    /// Whole points.
    pub const fn points(n: u16) -> Mp {
        Mp(n * Self::SCALE)
    }

    /// True for [`Mp::NO`].
    #[inline]
    pub fn is_no(self) -> bool {
        self == Mp::NO
    }

    /// As a float, for people and JSON.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / Self::SCALE as f64
    }
}

impl fmt::Display for Mp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_no() {
            return f.write_str("no");
        }
        let whole = self.0 / Self::SCALE;
        match self.0 % Self::SCALE {
            0 => write!(f, "{whole}"),
            3 => write!(f, "{whole}.5"),
            _ => write!(f, "{:.2}", self.as_f64()),
        }
    }
}

/// One of the two sides. `Side(0)` moves first in each game turn.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Side(pub u8);

impl Side {
    /// Both sides, in turn order.
    pub const BOTH: [Side; 2] = [Side(0), Side(1)];

    /// The other side.
    #[inline]
    pub fn other(self) -> Side {
        Side(1 - self.0)
    }

    /// 0 or 1.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A side's names.
#[derive(Clone, Debug)]
pub struct SideInfo {
    /// Identifier (file, command line).
    pub id: String,
    /// Name for people.
    pub name: String,
}

/// The file name of `v` in a `(name, value)` table.
pub(super) fn name_in<T: PartialEq>(table: &[(&'static str, T)], v: T) -> &'static str {
    table.iter().find(|(_, k)| *k == v).map_or("?", |(n, _)| n)
}
