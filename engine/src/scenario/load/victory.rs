//! `[[objectives]]` and `[victory]`: the hexes worth victory points, and the
//! margins of a marginal and a decisive victory (D-TURN-3).

use super::errors::Ctx;
use crate::hex::Grid;
use crate::scenario::file::{ObjectiveFile, VictoryFile};
use crate::scenario::{Objective, SideInfo, Victory};

/// `[[objectives]]`: each on a hex of the map, scored by either side or by
/// the one named, worth 0 to 10000 points.
pub(super) fn check_objectives(
    cx: &mut Ctx<'_>,
    raw: &[ObjectiveFile],
    grid: &Grid,
    sides: &[SideInfo; 2],
) -> Vec<Objective> {
    let mut objectives = Vec::new();
    for o in raw {
        let what = if o.name.is_empty() {
            format!("objective at {}", o.hex.get_ref())
        } else {
            format!("objective \"{}\"", o.name)
        };
        let hex = cx.hex(grid, &o.hex, &what);
        let side = match &o.side {
            Some(s) => cx.side_of(sides, s, &what).map(Some),
            None => Some(None),
        };
        let vp = *o.vp.get_ref();
        if !(0..=10_000).contains(&vp) {
            cx.err(
                o.vp.span(),
                format!("{what}: vp must be 0 to 10000, not {vp}"),
            );
        }
        if let (Some(hex), Some(side)) = (hex, side) {
            objectives.push(Objective {
                hex,
                name: if o.name.is_empty() {
                    grid.label(hex)
                } else {
                    o.name.clone()
                },
                vp: vp.clamp(0, 10_000) as i32,
                side,
            });
        }
    }
    objectives
}

/// D-TURN-3, `[victory]`: `1 <= marginal <= decisive <= 1000000`, the
/// points per enemy step eliminated, 0 to 1000 (default 1), and each side's
/// bonus, 0 to 10000 (default 0).
pub(super) fn check_victory(cx: &mut Ctx<'_>, raw: &VictoryFile, sides: &[SideInfo; 2]) -> Victory {
    let (dec, mar) = (*raw.decisive.get_ref(), *raw.marginal.get_ref());
    if mar < 1 || dec < mar || dec > 1_000_000 {
        let span = if dec > 1_000_000 {
            raw.decisive.span()
        } else {
            raw.marginal.span()
        };
        cx.err(
            span,
            format!(
                "[victory] margins must satisfy 1 <= marginal <= decisive <= 1000000 (marginal {mar}, decisive {dec})"
            ),
        );
    }
    let step_vp = match &raw.step_vp {
        Some(v) => {
            if !(0..=1000).contains(v.get_ref()) {
                cx.err(
                    v.span(),
                    format!("[victory] step_vp must be 0 to 1000, not {}", v.get_ref()),
                );
            }
            *v.get_ref()
        }
        None => 1,
    };
    let mut bonus = [0i32; 2];
    for (k, v) in &raw.bonus {
        if let Some(s) = cx.side(sides, k) {
            let n = *v.get_ref();
            if !(0..=10_000).contains(&n) {
                cx.err(
                    v.span(),
                    format!("[victory] bonus must be 0 to 10000 VP, not {n}"),
                );
            }
            bonus[s.index()] = n.clamp(0, 10_000) as i32;
        }
    }
    Victory {
        bonus,
        step_vp: step_vp.clamp(0, 1000) as i32,
        decisive: dec.clamp(0, 1_000_000) as i32,
        marginal: mar.clamp(0, 1_000_000) as i32,
    }
}
