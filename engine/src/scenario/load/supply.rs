//! `[supply]`, binary part: each side's supply sources, the supply model,
//! attrition (MAL-SUP-8) and the port rule (MAL-SUP-7). The graded model's
//! fields are read in `graded.rs`.

use super::errors::Ctx;
use crate::hex::{Grid, HexId};
use crate::scenario::file::SupplyFile;
use crate::scenario::{PortRule, SideInfo, SupplyModel, SupplyRules};

/// `[supply] sources`: each side's supply source hexes.
pub(super) fn check_sources(
    cx: &mut Ctx<'_>,
    raw: &SupplyFile,
    grid: &Grid,
    sides: &[SideInfo; 2],
) -> [Vec<HexId>; 2] {
    let mut sources: [Vec<HexId>; 2] = [Vec::new(), Vec::new()];
    for (k, list) in &raw.sources {
        if let Some(s) = cx.side(sides, k) {
            sources[s.index()] =
                cx.hexes(grid, list, &format!("supply source of \"{}\"", k.get_ref()));
        }
    }
    sources
}

/// `[supply]`: the model, attrition and the port rule (MAL-SUP-7, MAL-SUP-8).
/// The graded model's data is left `None` for [`check_graded`](super::graded::check_graded).
pub(super) fn check_supply(
    cx: &mut Ctx<'_>,
    raw: &SupplyFile,
    grid: &Grid,
    sides: &[SideInfo; 2],
) -> SupplyRules {
    let model = supply_model(cx, raw);
    let attrition = match &raw.attrition {
        Some(a) => {
            let v = *a.get_ref();
            if !(0..=100).contains(&v) {
                cx.err(
                    a.span(),
                    format!("attrition must be a percentage 0 to 100, not {v}"),
                );
            }
            v.clamp(0, 100) as u8
        }
        // The graded model climbs U-levels instead (GS-2): no attrition unless asked.
        None if model == SupplyModel::Graded => 0,
        None => 30,
    };
    let attrition_both_sides = match raw
        .attrition_sides
        .as_ref()
        .map(|m| (m.get_ref().as_str(), m.span()))
    {
        None | Some(("both", _)) => true,
        Some(("phasing", _)) => false,
        Some((m, span)) => {
            cx.err(
                span,
                format!("attrition_sides must be \"both\" or \"phasing\", not \"{m}\""),
            );
            true
        }
    };
    SupplyRules {
        model,
        attrition,
        attrition_both_sides,
        ports: port_rule(cx, raw, grid, sides),
        graded: None,
    }
}

/// The model: none (default), binary or graded.
fn supply_model(cx: &mut Ctx<'_>, raw: &SupplyFile) -> SupplyModel {
    match raw.model.as_ref().map(|m| (m.get_ref().as_str(), m.span())) {
        None | Some(("none", _)) => SupplyModel::None,
        Some(("binary", _)) => SupplyModel::Binary,
        Some(("graded", _)) => SupplyModel::Graded,
        Some((m, span)) => {
            cx.err(
                span,
                format!("unknown supply model \"{m}\" (none, binary or graded)"),
            );
            SupplyModel::None
        }
    }
}

/// MAL-SUP-7, `[supply.ports]`: the side that draws supply from its ports.
fn port_rule(
    cx: &mut Ctx<'_>,
    raw: &SupplyFile,
    grid: &Grid,
    sides: &[SideInfo; 2],
) -> Option<PortRule> {
    let p = raw.ports.as_ref()?;
    let side = cx.side(sides, &p.side)?;
    let west_after = match &p.west_after {
        Some(h) => Some(cx.hex(grid, h, "[supply.ports] west_after")?),
        None => None,
    };
    let west_chance = match &p.west_chance {
        Some(c) => {
            let v = *c.get_ref();
            if !(0..=100).contains(&v) {
                cx.err(
                    c.span(),
                    format!("west_chance must be a percentage 0 to 100, not {v}"),
                );
            }
            v.clamp(0, 100) as u8
        }
        None => 100,
    };
    Some(PortRule {
        side,
        east: p.east,
        west_after,
        west_chance,
    })
}
