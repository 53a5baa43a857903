//! `[movement] classes` and `[[terrain]]`: the movement classes (the columns
//! of every cost chart) and the terrain types, each with a one-letter code
//! for the grid, a cost per class (MP-MOV-1) and its rule flags.

use toml::Spanned;

use super::errors::Ctx;
use super::read::Absent;
use crate::scenario::file::{MovementFile, TerrainFile};
use crate::scenario::{Mp, Terrain};

/// The checked terrain types.
pub(super) struct TerrainTypes {
    /// In file order: a hex's terrain is an index into it.
    pub(super) terrain: Vec<Terrain>,
    /// Entry cost per type, one per movement class (MP-MOV-1).
    pub(super) costs: Vec<Vec<Mp>>,
    /// Every code is one letter: an unknown letter in the grid is worth an error.
    pub(super) codes_ok: bool,
}

/// `[movement] classes`: 1 to 16 names, none twice. `None` ends the check:
/// every cost chart has a column per class.
pub(super) fn check_classes(cx: &mut Ctx<'_>, mv: &MovementFile) -> Option<Vec<String>> {
    // Counted first: the duplicate search is quadratic.
    let n_classes = mv.classes.get_ref().len();
    if !(1..=16).contains(&n_classes) {
        cx.err(
            mv.classes.span(),
            format!("[movement] classes must list 1 to 16 movement classes, not {n_classes}"),
        );
        return None;
    }
    let mut classes: Vec<String> = Vec::new();
    for c in mv.classes.get_ref() {
        if classes.contains(c.get_ref()) {
            cx.err(
                c.span(),
                format!("duplicate movement class \"{}\"", c.get_ref()),
            );
        }
        classes.push(c.get_ref().clone());
    }
    Some(classes)
}

/// `[[terrain]]`: 1 to 255 types (counted first, as classes). `None` ends
/// the check: the grid cannot be read without them.
pub(super) fn check_terrain(
    cx: &mut Ctx<'_>,
    raw: &Spanned<Vec<TerrainFile>>,
    classes: &[String],
) -> Option<TerrainTypes> {
    let n_terrain = raw.get_ref().len();
    if !(1..=255).contains(&n_terrain) {
        cx.err(
            raw.span(),
            format!("a scenario needs 1 to 255 [[terrain]] types, not {n_terrain}"),
        );
        return None;
    }
    let mut types = TerrainTypes {
        terrain: Vec::new(),
        costs: Vec::new(),
        codes_ok: true,
    };
    for t in raw.get_ref() {
        let code = terrain_code(cx, t, &types.terrain, &mut types.codes_ok);
        let costs = cx.cost_table(
            classes,
            t.cost.get_ref(),
            Absent::Error(t.cost.span()),
            &format!("terrain \"{}\"", t.name),
        );
        types.costs.push(costs);
        if !(-100..=100).contains(&t.attrition) {
            cx.err(
                t.code.span(),
                format!("terrain \"{}\": attrition must be -100 to 100", t.name),
            );
        }
        let color = terrain_color(cx, t);
        types.terrain.push(Terrain {
            code,
            name: t.name.clone(),
            no_zoc: t.no_zoc,
            attrition: t.attrition.clamp(-100, 100) as i8,
            open: t.open,
            no_charge: t.no_charge,
            defense: terrain_defense(cx, t),
            color,
        });
    }
    Some(types)
}

/// A terrain's one-letter code, not used by an earlier type. A code that is
/// not one letter clears `codes_ok` and reads as a space, which the grid skips.
fn terrain_code(
    cx: &mut Ctx<'_>,
    t: &TerrainFile,
    before: &[Terrain],
    codes_ok: &mut bool,
) -> char {
    let mut chars = t.code.get_ref().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_graphic() => {
            if before.iter().any(|x: &Terrain| x.code == c) {
                cx.err(
                    t.code.span(),
                    format!("duplicate terrain code '{c}' (terrain \"{}\")", t.name),
                );
            }
            c
        }
        _ => {
            cx.err(
                t.code.span(),
                format!(
                    "terrain \"{}\": code \"{}\" must be one letter",
                    t.name,
                    t.code.get_ref()
                ),
            );
            *codes_ok = false;
            // Not a code the grid can use: a space is skipped there.
            ' '
        }
    }
}

/// A terrain's drawing colour, `#rrggbb`, or a default from its name.
fn terrain_color(cx: &mut Ctx<'_>, t: &TerrainFile) -> String {
    match &t.color {
        Some(c)
            if c.get_ref()
                .strip_prefix('#')
                .is_some_and(|x| x.len() == 6 && x.bytes().all(|b| b.is_ascii_hexdigit())) =>
        {
            c.get_ref().clone()
        }
        Some(c) => {
            cx.err(
                c.span(),
                format!(
                    "terrain \"{}\": colour \"{}\" must be written #rrggbb",
                    t.name,
                    c.get_ref()
                ),
            );
            String::new()
        }
        None => default_color(&t.name).to_string(),
    }
}

/// MAL-CBT-4: a terrain's defense multiplier, 0 to 10 (default 1).
fn terrain_defense(cx: &mut Ctx<'_>, t: &TerrainFile) -> f64 {
    match &t.defense {
        Some(v) if !(0.0..=10.0).contains(v.get_ref()) => {
            cx.err(
                v.span(),
                format!(
                    "terrain \"{}\": defense multiplier must be 0 to 10, not {}",
                    t.name,
                    v.get_ref()
                ),
            );
            1.0
        }
        Some(v) => *v.get_ref(),
        None => 1.0,
    }
}

/// A colour for a terrain the file gives none, from a word in its name.
fn default_color(name: &str) -> &'static str {
    let n = name.to_ascii_lowercase();
    let table = [
        ("jungle", "#3f7f3a"),
        ("wood", "#5f9a4c"),
        ("forest", "#5f9a4c"),
        ("mountain", "#9c8a6e"),
        ("hill", "#c2b280"),
        ("marsh", "#8fb8a8"),
        ("swamp", "#8fb8a8"),
        ("cultivated", "#cfe3a0"),
        ("palm", "#9acd6a"),
        ("dune", "#e8d49a"),
        ("city", "#a0a0a0"),
        ("town", "#b8b0a8"),
        ("village", "#b8b0a8"),
        ("water", "#7fb2e5"),
        ("sea", "#7fb2e5"),
        ("lake", "#7fb2e5"),
        ("steppe", "#e3dca0"),
        ("rough", "#b8a98a"),
    ];
    table
        .iter()
        .find(|(k, _)| n.contains(k))
        .map_or("#eef0d8", |(_, c)| *c)
}
