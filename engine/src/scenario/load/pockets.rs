//! GS-9: `[supply.pockets]`, replacement points and isolated pockets
//! (graded model only; checked with the rest of the graded part).

use std::collections::BTreeMap;

use toml::Spanned;

use super::errors::Ctx;
use super::known::Known;
use crate::scenario::PocketRules;
use crate::scenario::file::{PocketsFile, SStr};

/// GS-9: the pocket rules, if the scenario gives `[supply.pockets]`.
pub(super) fn check_pockets(
    cx: &mut Ctx<'_>,
    raw: &Option<Spanned<PocketsFile>>,
    k: &Known<'_>,
) -> Option<PocketRules> {
    let p = raw.as_ref()?.get_ref();
    Some(PocketRules {
        rp_per_turn: rp_per_side(cx, k, &p.rp_per_turn, "rp_per_turn"),
        initial_rp: rp_per_side(cx, k, &p.initial_rp, "initial_rp"),
        step_rp: int_in(cx, &p.step_rp, 1, 1000, 1, "step_rp") as u16,
        loss_rp: int_in(cx, &p.loss_rp, 0, 1000, 0, "loss_rp") as u16,
        form: p.form.as_ref().is_none_or(|f| *f.get_ref()),
        ship_rp: int_in(cx, &p.ship_rp, 0, 1000, 0, "ship_rp") as u16,
        ship_units: int_in(cx, &p.ship_units, 0, 100, 0, "ship_units") as u8,
    })
}

/// One whole number in `lo..=hi`, `default` when absent.
fn int_in(
    cx: &mut Ctx<'_>,
    v: &Option<Spanned<i64>>,
    lo: i64,
    hi: i64,
    default: i64,
    what: &str,
) -> i64 {
    match v {
        Some(v) => {
            let n = *v.get_ref();
            if !(lo..=hi).contains(&n) {
                cx.err(
                    v.span(),
                    format!("[supply.pockets] {what} must be {lo} to {hi}, not {n}"),
                );
            }
            n.clamp(lo, hi)
        }
        None => default,
    }
}

/// RPs per side id, 0 to 10000 (default 0).
fn rp_per_side(
    cx: &mut Ctx<'_>,
    k: &Known<'_>,
    m: &BTreeMap<SStr, Spanned<i64>>,
    what: &str,
) -> [u16; 2] {
    let mut out = [0u16; 2];
    for (key, v) in m {
        if let Some(s) = cx.side_of(k.sides, key, &format!("[supply.pockets] {what}")) {
            out[s.index()] = int_in(cx, &Some(v.clone()), 0, 10_000, 0, what) as u16;
        }
    }
    out
}
