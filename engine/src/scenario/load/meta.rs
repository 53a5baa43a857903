//! `[scenario]` and `[[sides]]`: the scenario's name and length, and its two
//! sides.

use std::ops::Range;

use toml::Spanned;

use super::errors::Ctx;
use crate::scenario::file::{MetaFile, SideFile};
use crate::scenario::{SideInfo, same_id, side_id_problem};

/// `[scenario]`: the name (letters, digits, `-`, `_`) and the number of game
/// turns, 1 to 99, as written (out of range has its error; users clamp it).
pub(super) fn check_meta(cx: &mut Ctx<'_>, meta: &MetaFile) -> (String, i64) {
    let name = meta.name.get_ref().trim().to_string();
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        cx.err(
            meta.name.span(),
            format!("scenario name \"{name}\" must be letters, digits, '-' or '_'"),
        );
    }
    let turns = *meta.turns.get_ref();
    if !(1..=99).contains(&turns) {
        cx.err(
            meta.turns.span(),
            format!("[scenario] turns must be 1 to 99, not {turns}"),
        );
    }
    (name, turns)
}

/// `[[sides]]`: exactly two, with different ids; their names, and where each
/// id is written. `None` ends the check: every later mention of a side
/// would be ambiguous.
pub(super) fn check_sides(
    cx: &mut Ctx<'_>,
    raw: &Spanned<Vec<SideFile>>,
) -> Option<([SideInfo; 2], [Range<usize>; 2])> {
    let [side0, side1] = raw.get_ref().as_slice() else {
        // Point at the first side too many, or at the list when too few.
        let span = raw.get_ref().get(2).map_or(raw.span(), |s| s.id.span());
        cx.err(
            span,
            format!(
                "a scenario has exactly two [[sides]], not {}",
                raw.get_ref().len()
            ),
        );
        return None;
    };
    if same_id(side0.id.get_ref(), side1.id.get_ref()) {
        // Every later mention of a side would be ambiguous: stop here.
        cx.err(
            side1.id.span(),
            format!(
                "duplicate side id \"{}\" (ids ignore case)",
                side1.id.get_ref()
            ),
        );
        return None;
    }
    for s in [side0, side1] {
        if let Some(why) = side_id_problem(s.id.get_ref()) {
            cx.err(
                s.id.span(),
                format!("side id \"{}\": {why}", s.id.get_ref()),
            );
        }
    }
    let side_spans = [side0.id.span(), side1.id.span()];
    let sides = [side0, side1].map(|s| SideInfo {
        id: s.id.get_ref().clone(),
        name: s.name.clone(),
    });
    Some((sides, side_spans))
}
