//! Span helpers of the boundary: read one value the file refers to (a hex
//! label, a hexside, a side id, a cost, a table of costs), or record an error
//! at its place and answer `None`.

use std::ops::Range;

use toml::Spanned;

use super::errors::Ctx;
use crate::hex::{Dir, Grid, HexId};
use crate::scenario::file::{CostTable, CostValue, SStr};
use crate::scenario::{Mp, Side, SideInfo};

impl Ctx<'_> {
    /// A hex label; `what` names the thing that refers to it in the message.
    pub(super) fn hex(&mut self, grid: &Grid, s: &SStr, what: &str) -> Option<HexId> {
        match grid.parse(s.get_ref()) {
            Ok(h) => Some(h),
            Err(e) => {
                self.err(s.span(), format!("{what}: {e}"));
                None
            }
        }
    }

    /// Every good hex label of `list`; each bad one has its error.
    pub(super) fn hexes(&mut self, grid: &Grid, list: &[SStr], what: &str) -> Vec<HexId> {
        list.iter()
            .filter_map(|s| self.hex(grid, s, what))
            .collect()
    }

    /// `"AAAA/BBBB"` -> the first hex and the direction to the second.
    pub(super) fn pair(&mut self, grid: &Grid, s: &SStr, what: &str) -> Option<(HexId, Dir)> {
        let Some((a, b)) = s.get_ref().split_once('/') else {
            self.err(
                s.span(),
                format!(
                    "{what} \"{}\" is not a hexside: write two adjacent hexes as \"0405/0406\"",
                    s.get_ref()
                ),
            );
            return None;
        };
        let (pa, pb) = (grid.parse(a), grid.parse(b));
        let (ha, hb) = match (pa, pb) {
            (Ok(x), Ok(y)) => (x, y),
            (Err(e), _) | (_, Err(e)) => {
                self.err(s.span(), format!("{what} \"{}\": {e}", s.get_ref()));
                return None;
            }
        };
        match grid.direction(ha, hb) {
            Some(d) => Some((ha, d)),
            None => {
                self.err(
                    s.span(),
                    format!(
                        "{what} \"{}\": {} and {} are not adjacent",
                        s.get_ref(),
                        a.trim(),
                        b.trim()
                    ),
                );
                None
            }
        }
    }

    /// A side id.
    pub(super) fn side(&mut self, sides: &[SideInfo; 2], s: &SStr) -> Option<Side> {
        self.side_of(sides, s, "")
    }

    /// A side id; `what` (when not empty) names the thing that refers to it.
    pub(super) fn side_of(&mut self, sides: &[SideInfo; 2], s: &SStr, what: &str) -> Option<Side> {
        match Side::BOTH
            .into_iter()
            .find(|x| sides[x.index()].id == *s.get_ref())
        {
            Some(x) => Some(x),
            None => {
                let (a, b) = (&sides[0].id, &sides[1].id);
                let prefix = if what.is_empty() {
                    String::new()
                } else {
                    format!("{what}: ")
                };
                self.err(
                    s.span(),
                    format!(
                        "{prefix}unknown side \"{}\" (sides are \"{a}\" and \"{b}\")",
                        s.get_ref()
                    ),
                );
                None
            }
        }
    }

    /// One cost; `what` names it (`terrain "clear": "foot" cost`).
    pub(super) fn cost(&mut self, v: &Spanned<CostValue>, what: &str) -> Option<Mp> {
        let points = match v.get_ref() {
            CostValue::Int(n) => *n as f64,
            CostValue::Float(f) => *f,
            CostValue::Word(w) if w == "no" => return Some(Mp::NO),
            CostValue::Word(w) => {
                self.err(
                    v.span(),
                    format!("{what} \"{w}\" is neither a number nor \"no\""),
                );
                return None;
            }
        };
        self.points(v.span(), points, what)
    }

    /// Movement points from 0 to 999, in sixths.
    pub(super) fn points(&mut self, span: Range<usize>, points: f64, what: &str) -> Option<Mp> {
        let ticks = points * Mp::SCALE as f64;
        if !(0.0..1000.0).contains(&points) || (ticks - ticks.round()).abs() > 0.02 {
            self.err(
                span,
                format!(
                    "{what} {points} must be between 0 and 999 movement points, in steps of 1/6"
                ),
            );
            return None;
        }
        Some(Mp(ticks.round() as u16))
    }

    /// A per-class table; classes left out cost what `absent` says, or are an error.
    pub(super) fn cost_table(
        &mut self,
        classes: &[String],
        t: &CostTable,
        absent: Absent,
        what: &str,
    ) -> Vec<Mp> {
        let missing = match &absent {
            Absent::Costs(m) => *m,
            Absent::Error(_) => Mp::NO,
        };
        let mut out = vec![missing; classes.len()];
        let mut seen = vec![false; classes.len()];
        for (k, v) in t {
            match classes.iter().position(|c| c == k.get_ref()) {
                Some(i) => {
                    if let Some(c) = self.cost(v, &format!("{what}: \"{}\" cost", k.get_ref())) {
                        out[i] = c;
                    }
                    seen[i] = true;
                }
                None => self.err(
                    k.span(),
                    format!(
                        "{what}: unknown movement class \"{}\" (classes are {})",
                        k.get_ref(),
                        list(classes)
                    ),
                ),
            }
        }
        if let Absent::Error(span) = absent {
            for (c, _) in classes.iter().zip(&seen).filter(|(_, s)| !**s) {
                self.err(
                    span.clone(),
                    format!(
                        "{what} has no cost for movement class \"{c}\" (give a number or \"no\")"
                    ),
                );
            }
        }
        out
    }
}

/// What a class left out of a cost table pays.
pub(super) enum Absent {
    /// This cost.
    Costs(Mp),
    /// Nothing: every class must be listed; the error points at this span.
    Error(Range<usize>),
}

/// `"a", "b", "c"`; a long list is cut short.
pub(super) fn list(names: &[String]) -> String {
    const SHOWN: usize = 12;
    let mut out = names
        .iter()
        .take(SHOWN)
        .map(|n| format!("\"{n}\""))
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > SHOWN {
        out += &format!(" and {} more", names.len() - SHOWN);
    }
    out
}

/// Movement points from 0 to `max`, in sixths.
pub(super) fn mp_upto(cx: &mut Ctx<'_>, v: &Spanned<f64>, max: u16, what: &str) -> Mp {
    let Some(m) = cx.points(v.span(), *v.get_ref(), what) else {
        return Mp::ZERO;
    };
    if m > Mp::points(max) {
        cx.err(
            v.span(),
            format!("{what} must be at most {max} movement points, not {m}"),
        );
        return Mp::points(max);
    }
    m
}
