//! `[srp]`: strategic resource points (GS-10): each side's stock at the
//! start and income per player-turn, the cap, the works allowed per
//! player-turn, the cost of each work and which sides may do it.

use std::collections::BTreeMap;

use toml::Spanned;

use super::errors::Ctx;
use crate::scenario::file::{SStr, SrpFile};
use crate::scenario::{SideInfo, SrpRules, Work};

/// `[srp]`: every number in range, every side and work named known.
pub(super) fn check_srp(
    cx: &mut Ctx<'_>,
    raw: &Spanned<SrpFile>,
    sides: &[SideInfo; 2],
) -> SrpRules {
    let raw = raw.get_ref();
    let mut r = SrpRules {
        initial: per_side(cx, sides, &raw.initial, "initial"),
        income: per_side(cx, sides, &raw.income, "income"),
        ..SrpRules::default()
    };
    if let Some(v) = &raw.max {
        r.max = number(cx, v, "max", 0, 9999) as u16;
    }
    for s in 0..2 {
        r.initial[s] = r.initial[s].min(r.max);
    }
    if let Some(v) = &raw.per_turn {
        r.per_turn = number(cx, v, "per_turn", 0, 50) as u8;
    }
    if let Some(v) = &raw.airbase_air {
        r.airbase_air = number(cx, v, "airbase_air", 0, 10) as u8;
    }
    let costs = [&raw.fort, &raw.airbase, &raw.repair, &raw.demolish];
    for (w, c) in Work::ALL.into_iter().zip(costs) {
        if let Some(v) = c {
            r.cost[w.index()] = Some(number(cx, v, w.name(), 0, 999) as u16);
        }
    }
    for (k, v) in &raw.sides {
        let Some(w) = Work::ALL.into_iter().find(|w| w.name() == k.get_ref()) else {
            cx.err(
                k.span(),
                format!(
                    "[srp] sides: unknown work \"{}\" (works are fort, airbase, repair, demolish)",
                    k.get_ref()
                ),
            );
            continue;
        };
        let mut bits = 0u8;
        for s in v.get_ref() {
            if let Some(side) = cx.side_of(sides, s, "[srp] sides") {
                bits |= 1 << side.index();
            }
        }
        r.sides[w.index()] = bits;
    }
    r
}

/// A number in `lo..=hi`, or an error naming the key.
fn number(cx: &mut Ctx<'_>, v: &Spanned<i64>, key: &str, lo: i64, hi: i64) -> i64 {
    let n = *v.get_ref();
    if !(lo..=hi).contains(&n) {
        cx.err(
            v.span(),
            format!("[srp] {key} must be {lo} to {hi}, not {n}"),
        );
    }
    n.clamp(lo, hi)
}

/// SRPs per side id, each 0 to 9999.
fn per_side(
    cx: &mut Ctx<'_>,
    sides: &[SideInfo; 2],
    raw: &BTreeMap<SStr, Spanned<i64>>,
    key: &str,
) -> [u16; 2] {
    let mut out = [0u16; 2];
    for (k, v) in raw {
        if let Some(s) = cx.side_of(sides, k, &format!("[srp] {key}")) {
            out[s.index()] = number(cx, v, key, 0, 9999) as u16;
        }
    }
    out
}
