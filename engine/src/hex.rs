//! Hex geometry and naming (rule D-MAP-1).
//!
//! Flat-topped hexes stand in columns. A hex is named `CCRR`: column then row,
//! each counted from 01, with `0201` in column 2, row 1 (the north edge). Even
//! columns sit half a hex lower than odd ones. Users, scenario files, logs and
//! the command line speak in labels; inside the engine a hex is a dense
//! [`HexId`] (row-major index) so per-hex data lives in plain `Vec`s.
//!
//! Geometry is done in axial coordinates (`q` = column, `r` = row shifted by
//! half the column), where neighbours, distance and lines are simple sums.

use std::fmt;

/// A hex on a map: a dense index, row-major (`row * columns + column`, both from 0).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct HexId(pub u16);

impl HexId {
    /// "No hex": off the map, not yet arrived, eliminated.
    pub const NONE: HexId = HexId(u16::MAX);

    /// The index for per-hex `Vec`s.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// True unless this is [`HexId::NONE`].
    #[inline]
    pub fn is_some(self) -> bool {
        self != HexId::NONE
    }
}

/// One of the six directions out of a flat-topped hex, clockwise from north.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Dir {
    /// North.
    N = 0,
    /// North-east.
    NE = 1,
    /// South-east.
    SE = 2,
    /// South.
    S = 3,
    /// South-west.
    SW = 4,
    /// North-west.
    NW = 5,
}

impl Dir {
    /// All six, clockwise from north.
    pub const ALL: [Dir; 6] = [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW];

    /// The direction from `i % 6`.
    #[inline]
    pub fn from_index(i: usize) -> Dir {
        Dir::ALL[i % 6]
    }

    /// The opposite direction.
    #[inline]
    pub fn opposite(self) -> Dir {
        Dir::from_index(self as usize + 3)
    }

    /// Axial step `(dq, dr)` for this direction.
    #[inline]
    pub fn axial(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::NE => (1, -1),
            Dir::SE => (1, 0),
            Dir::S => (0, 1),
            Dir::SW => (-1, 1),
            Dir::NW => (-1, 0),
        }
    }

    /// Short name (`N`, `NE`, ...).
    pub fn name(self) -> &'static str {
        ["N", "NE", "SE", "S", "SW", "NW"][self as usize]
    }
}

/// Axial coordinates of a hex: `q` is the column (from 0), `r` the row
/// corrected for the column's half-hex shift.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Axial {
    /// Column axis.
    pub q: i32,
    /// Skewed row axis.
    pub r: i32,
}

impl Axial {
    /// Hex distance between two axial coordinates.
    #[inline]
    pub fn distance(self, other: Axial) -> u32 {
        let dq = self.q - other.q;
        let dr = self.r - other.r;
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }

    /// The neighbour in direction `d`.
    #[inline]
    pub fn step(self, d: Dir) -> Axial {
        let (dq, dr) = d.axial();
        Axial {
            q: self.q + dq,
            r: self.r + dr,
        }
    }
}

/// Why a hex label was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabelError {
    /// Not `CCRR` digits of the map's width.
    Malformed {
        /// The label given.
        label: String,
        /// Digits expected per coordinate.
        width: usize,
    },
    /// Well formed, but off this map.
    OffMap {
        /// The label given.
        label: String,
        /// Columns of the map.
        columns: u16,
        /// Rows of the map.
        rows: u16,
    },
}

impl fmt::Display for LabelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LabelError::Malformed { label, width } => write!(
                f,
                "\"{label}\" is not a hex label: expected {} digits, column then row (e.g. \"{}\")",
                2 * width,
                "0".repeat(width - 1) + "2" + &"0".repeat(width - 1) + "1"
            ),
            LabelError::OffMap {
                label,
                columns,
                rows,
            } => write!(
                f,
                "hex {label} is outside the map (columns 1-{columns}, rows 1-{rows})"
            ),
        }
    }
}

impl std::error::Error for LabelError {}

/// The shape of a map: its size, and the neighbour table every search uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    columns: u16,
    rows: u16,
    width: usize,
    neighbours: Vec<[HexId; 6]>,
}

impl Grid {
    /// Largest number of hexes a map may have (ids are `u16`, one kept for `NONE`).
    pub const MAX_HEXES: usize = u16::MAX as usize;

    /// A grid of `columns` by `rows` hexes, or `None` when empty or too large.
    pub fn new(columns: u16, rows: u16) -> Option<Grid> {
        let n = columns as usize * rows as usize;
        if columns == 0 || rows == 0 || n > Self::MAX_HEXES {
            return None;
        }
        let width = (columns.max(rows) as usize).to_string().len().max(2);
        let mut grid = Grid {
            columns,
            rows,
            width,
            neighbours: Vec::with_capacity(n),
        };
        for i in 0..n {
            let a = grid.axial(HexId(i as u16));
            let mut ns = [HexId::NONE; 6];
            for d in Dir::ALL {
                ns[d as usize] = grid.from_axial(a.step(d)).unwrap_or(HexId::NONE);
            }
            grid.neighbours.push(ns);
        }
        Some(grid)
    }

    /// Number of columns.
    pub fn columns(&self) -> u16 {
        self.columns
    }

    /// Number of rows.
    pub fn rows(&self) -> u16 {
        self.rows
    }

    /// Number of hexes.
    #[inline]
    pub fn len(&self) -> usize {
        self.neighbours.len()
    }

    /// Never true: a grid has at least one hex.
    pub fn is_empty(&self) -> bool {
        self.neighbours.is_empty()
    }

    /// Every hex, in id order.
    pub fn hexes(&self) -> impl Iterator<Item = HexId> + '_ {
        (0..self.len()).map(|i| HexId(i as u16))
    }

    /// Column and row, both from 1 as in labels.
    #[inline]
    pub fn col_row(&self, h: HexId) -> (u16, u16) {
        let i = h.0 as usize;
        let c = self.columns as usize;
        ((i % c) as u16 + 1, (i / c) as u16 + 1)
    }

    /// The hex at column and row (both from 1), if on the map.
    #[inline]
    pub fn at(&self, column: u16, row: u16) -> Option<HexId> {
        if column == 0 || row == 0 || column > self.columns || row > self.rows {
            return None;
        }
        Some(HexId((row - 1) * self.columns + (column - 1)))
    }

    /// Axial coordinates of a hex.
    #[inline]
    pub fn axial(&self, h: HexId) -> Axial {
        let (c, r) = self.col_row(h);
        let (c0, r0) = (c as i32 - 1, r as i32 - 1);
        // Even columns (counted from 1) are odd from 0, and sit half a hex lower.
        Axial {
            q: c0,
            r: r0 - (c0 - (c0 & 1)) / 2,
        }
    }

    /// The hex at axial coordinates, if on the map.
    #[inline]
    pub fn from_axial(&self, a: Axial) -> Option<HexId> {
        let c0 = a.q;
        let r0 = a.r + (c0 - (c0 & 1)) / 2;
        if c0 < 0 || r0 < 0 || c0 >= self.columns as i32 || r0 >= self.rows as i32 {
            return None;
        }
        Some(HexId((r0 as u16) * self.columns + c0 as u16))
    }

    /// The neighbour in direction `d`, or [`HexId::NONE`] off the map.
    #[inline]
    pub fn neighbour(&self, h: HexId, d: Dir) -> HexId {
        self.neighbours[h.index()][d as usize]
    }

    /// All six neighbours (some may be [`HexId::NONE`]).
    #[inline]
    pub fn neighbours(&self, h: HexId) -> &[HexId; 6] {
        &self.neighbours[h.index()]
    }

    /// The direction from `a` to an adjacent `b`, if they are adjacent.
    pub fn direction(&self, a: HexId, b: HexId) -> Option<Dir> {
        let ns = self.neighbours(a);
        Dir::ALL.into_iter().find(|&d| ns[d as usize] == b)
    }

    /// Hex distance.
    #[inline]
    pub fn distance(&self, a: HexId, b: HexId) -> u32 {
        self.axial(a).distance(self.axial(b))
    }

    /// The hexes `n` steps from `from` in direction `d` (excluding `from`),
    /// stopping at the map edge. Charges (MP-CHG-1) run along such lines.
    pub fn ray(&self, from: HexId, d: Dir, n: usize) -> impl Iterator<Item = HexId> + '_ {
        let mut cur = from;
        (0..n).map_while(move |_| {
            cur = self.neighbour(cur, d);
            cur.is_some().then_some(cur)
        })
    }

    /// The straight line of hexes from `a` to `b`, both included, by cube
    /// interpolation (nudged so ties break the same way every time).
    /// Hexes off the map are skipped.
    pub fn line(&self, a: HexId, b: HexId) -> Vec<HexId> {
        let (pa, pb) = (self.axial(a), self.axial(b));
        let n = pa.distance(pb);
        if n == 0 {
            return vec![a];
        }
        let (aq, ar) = (pa.q as f64 + 1e-6, pa.r as f64 + 1e-6);
        let (bq, br) = (pb.q as f64 + 1e-6, pb.r as f64 + 1e-6);
        (0..=n)
            .filter_map(|i| {
                let t = i as f64 / n as f64;
                let (q, r) = (aq + (bq - aq) * t, ar + (br - ar) * t);
                self.from_axial(cube_round(q, r))
            })
            .collect()
    }

    /// Digits per coordinate in labels: 2, or more on maps over 99 wide or long.
    pub fn label_width(&self) -> usize {
        self.width
    }

    /// The `CCRR` label of a hex (`"--"` for [`HexId::NONE`]).
    pub fn label(&self, h: HexId) -> String {
        if !h.is_some() || h.index() >= self.len() {
            return "--".into();
        }
        let (c, r) = self.col_row(h);
        format!("{c:0w$}{r:0w$}", w = self.width)
    }

    /// Parses a `CCRR` label.
    pub fn parse(&self, label: &str) -> Result<HexId, LabelError> {
        let w = self.width;
        let s = label.trim();
        if s.len() != 2 * w || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(LabelError::Malformed {
                label: label.to_string(),
                width: w,
            });
        }
        let c: u16 = s[..w].parse().unwrap_or(0);
        let r: u16 = s[w..].parse().unwrap_or(0);
        self.at(c, r).ok_or_else(|| LabelError::OffMap {
            label: label.to_string(),
            columns: self.columns,
            rows: self.rows,
        })
    }

    /// Centre of a hex in drawing units where a hex is `size` from centre to
    /// corner (flat-topped, x to the east, y to the south).
    pub fn center(&self, h: HexId, size: f64) -> (f64, f64) {
        let (c, r) = self.col_row(h);
        let (c0, r0) = (c as f64 - 1.0, r as f64 - 1.0);
        let x = size * 1.5 * c0 + size;
        let shift = if (c as u32) % 2 == 0 { 0.5 } else { 0.0 };
        let y = size * 3f64.sqrt() * (r0 + shift) + size * 3f64.sqrt() / 2.0;
        (x, y)
    }
}

fn cube_round(q: f64, r: f64) -> Axial {
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Axial {
        q: rq as i32,
        r: rr as i32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g() -> Grid {
        Grid::new(10, 10).unwrap()
    }

    // rule: D-MAP-1
    #[test]
    fn d_map_1_labels_round_trip_and_name_column_then_row() {
        let g = g();
        let h = g.parse("0201").unwrap();
        assert_eq!(g.col_row(h), (2, 1));
        assert_eq!(g.label(h), "0201");
        for h in g.hexes() {
            assert_eq!(g.parse(&g.label(h)).unwrap(), h);
        }
        assert!(matches!(g.parse("1101"), Err(LabelError::OffMap { .. })));
        assert!(matches!(g.parse("0001"), Err(LabelError::OffMap { .. })));
        assert!(matches!(g.parse("21"), Err(LabelError::Malformed { .. })));
        assert!(matches!(g.parse("02a1"), Err(LabelError::Malformed { .. })));
    }

    // rule: D-MAP-1
    #[test]
    fn d_map_1_even_columns_sit_half_a_hex_lower() {
        let g = g();
        let n = |l: &str, d: Dir| g.label(g.neighbour(g.parse(l).unwrap(), d));
        // 0303 is in an odd column: its east neighbours are 0402 (NE) and 0403 (SE).
        assert_eq!(n("0303", Dir::NE), "0402");
        assert_eq!(n("0303", Dir::SE), "0403");
        assert_eq!(n("0303", Dir::N), "0302");
        assert_eq!(n("0303", Dir::S), "0304");
        assert_eq!(n("0303", Dir::SW), "0203");
        assert_eq!(n("0303", Dir::NW), "0202");
        // 0403 is in an even column, lower: its east neighbours are 0503 and 0504.
        assert_eq!(n("0403", Dir::NE), "0503");
        assert_eq!(n("0403", Dir::SE), "0504");
        assert_eq!(n("0403", Dir::NW), "0303");
        assert_eq!(n("0403", Dir::SW), "0304");
        // 0201 is on the north edge but, being lower, still has 0101 and 0301 to its NW and NE.
        assert_eq!(n("0201", Dir::NW), "0101");
        assert_eq!(n("0201", Dir::NE), "0301");
        assert_eq!(g.neighbour(g.parse("0101").unwrap(), Dir::N), HexId::NONE);
    }

    // rule: D-MAP-1
    #[test]
    fn d_map_1_neighbours_are_symmetric_and_at_distance_one() {
        let g = g();
        for h in g.hexes() {
            for d in Dir::ALL {
                let n = g.neighbour(h, d);
                if n.is_some() {
                    assert_eq!(g.neighbour(n, d.opposite()), h);
                    assert_eq!(g.distance(h, n), 1);
                    assert_eq!(g.direction(h, n), Some(d));
                }
            }
        }
    }

    #[test]
    fn distance_and_lines() {
        let g = g();
        let p = |l: &str| g.parse(l).unwrap();
        assert_eq!(g.distance(p("0101"), p("0101")), 0);
        assert_eq!(g.distance(p("0101"), p("0105")), 4);
        // Moving east along alternating NE/SE steps covers one column per hex.
        assert_eq!(g.distance(p("0101"), p("0501")), 4);
        assert_eq!(g.distance(p("0303"), p("0606")), 5);
        let line = g.line(p("0303"), p("0606"));
        assert_eq!(line.len(), 6);
        assert_eq!(line[0], p("0303"));
        assert_eq!(line[5], p("0606"));
        for w in line.windows(2) {
            assert_eq!(g.distance(w[0], w[1]), 1);
        }
        let ray: Vec<_> = g.ray(p("0303"), Dir::SE, 2).map(|h| g.label(h)).collect();
        assert_eq!(ray, ["0403", "0504"]);
        assert_eq!(g.ray(p("0101"), Dir::N, 2).count(), 0);
    }

    #[test]
    fn wide_maps_use_wider_labels() {
        let g = Grid::new(100, 100).unwrap();
        assert_eq!(g.label_width(), 3);
        let h = g.parse("100001").unwrap();
        assert_eq!(g.col_row(h), (100, 1));
        assert!(Grid::new(300, 300).is_none());
        assert!(Grid::new(0, 3).is_none());
    }
}
