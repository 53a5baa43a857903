//! `[rules]`: the stacking limit (D-STACK-1), the phases of a player-turn
//! (D-TURN-1), and rail movement's capacity and reach (MAL-RAIL-1, MAL-RAIL-2).

use super::errors::Ctx;
use super::read::list;
use crate::scenario::file::RulesFile;
use crate::scenario::{PhaseKind, SideInfo};

/// D-STACK-1: units a hex may hold, 1 to 20 (default 3).
pub(super) fn check_stacking(cx: &mut Ctx<'_>, raw: &RulesFile) -> u8 {
    match &raw.stacking {
        Some(s) => {
            let v = *s.get_ref();
            if !(1..=20).contains(&v) {
                cx.err(
                    s.span(),
                    format!("[rules] stacking limit must be 1 to 20, not {v}"),
                );
            }
            v.clamp(1, 20) as u8
        }
        None => 3,
    }
}

/// D-TURN-1: the phases of each player-turn, each once, movement among
/// them (default supply, movement, rail, combat).
pub(super) fn check_phases(cx: &mut Ctx<'_>, raw: &RulesFile) -> Vec<PhaseKind> {
    let Some(ps) = &raw.phases else {
        return vec![
            PhaseKind::Supply,
            PhaseKind::Movement,
            PhaseKind::Rail,
            PhaseKind::Combat,
        ];
    };
    let mut out = Vec::new();
    let mut unknown = false;
    for p in ps.get_ref() {
        match PhaseKind::NAMES.iter().find(|(n, _)| n == p.get_ref()) {
            Some((_, k)) if out.contains(k) => cx.err(
                p.span(),
                format!("phase \"{}\" is listed twice", p.get_ref()),
            ),
            Some((_, k)) => out.push(*k),
            None => {
                let names: Vec<String> = PhaseKind::NAMES
                    .iter()
                    .map(|(n, _)| n.to_string())
                    .collect();
                cx.err(
                    p.span(),
                    format!(
                        "unknown phase \"{}\" (phases are {})",
                        p.get_ref(),
                        list(&names)
                    ),
                );
                unknown = true;
            }
        }
    }
    // An unknown name may be "movement" misspelt: that error says enough.
    if !unknown && !out.contains(&PhaseKind::Movement) {
        cx.err(ps.span(), "[rules] phases must include \"movement\"");
    }
    out
}

/// MAL-RAIL-2: units each side may move by rail per Rail Phase, 0 to 4
/// (default 1); MAL-RAIL-1: most hexes in one rail move, 1 to 1000
/// (default 40).
pub(super) fn check_rail(
    cx: &mut Ctx<'_>,
    raw: &RulesFile,
    sides: &[SideInfo; 2],
) -> ([u8; 2], u16) {
    let mut rail_capacity = [1u8; 2];
    for (k, v) in &raw.rail_capacity {
        if let Some(s) = cx.side(sides, k) {
            let n = *v.get_ref();
            if !(0..=4).contains(&n) {
                cx.err(
                    v.span(),
                    format!("rail capacity must be 0 to 4 units a phase, not {n}"),
                );
            }
            rail_capacity[s.index()] = n.clamp(0, 4) as u8;
        }
    }
    let rail_hexes = match &raw.rail_hexes {
        Some(v) => {
            let n = *v.get_ref();
            if !(1..=1000).contains(&n) {
                cx.err(v.span(), format!("rail_hexes must be 1 to 1000, not {n}"));
            }
            n.clamp(1, 1000) as u16
        }
        None => 40,
    };
    (rail_capacity, rail_hexes)
}
