//! `[[units]]` and `[control]`: where each unit sets up or arrives, with how
//! many steps, and which side holds each hex at the start.

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap};

use toml::Spanned;

use super::errors::Ctx;
use super::known::Known;
use super::read::list;
use super::reinforcements::{arrival_turn, check_landing};
use crate::hex::{Grid, HexId};
use crate::scenario::file::{ControlFile, UnitFile};
use crate::scenario::{Side, SideInfo, UnitSetup, UnitType, folded_id, id_problem};

/// What the units seen so far leave behind for the next.
#[derive(Default)]
struct Tally<'a> {
    /// Lower-cased id -> the first unit's id and the line it is on.
    ids: HashMap<String, (&'a str, usize)>,
    /// Set-up hex -> the side there and how many units.
    setup_count: BTreeMap<HexId, (Side, usize)>,
    /// Whether any unit names each side.
    side_named: [bool; 2],
    /// Whether any unit names no known side.
    side_unknown: bool,
}

/// `[[units]]`: each with a new id (ignoring case), a known side and type,
/// a hex of the map its class may stand in, an arrival turn of the game and
/// steps its type has; at the start, no hex holds both sides or more than
/// the stacking limit; each side has units.
pub(super) fn check_units(
    cx: &mut Ctx<'_>,
    raw: &[Spanned<UnitFile>],
    k: &Known<'_>,
) -> Vec<UnitSetup> {
    let mut units: Vec<UnitSetup> = Vec::new();
    let mut tally = Tally::default();
    for u in raw {
        let Some(setup) = check_unit(cx, u.get_ref(), k, &mut tally) else {
            continue;
        };
        if units.len() >= u16::MAX as usize - 1 {
            cx.err(u.span(), "too many units");
            break;
        }
        units.push(setup);
    }
    // A unit naming an unknown side may be the missing side's, misspelt: that error says enough.
    if !tally.side_unknown {
        for s in Side::BOTH {
            if !tally.side_named[s.index()] {
                cx.err(
                    k.side_spans[s.index()].clone(),
                    format!("side \"{}\" has no [[units]]", k.sides[s.index()].id),
                );
            }
        }
    }
    units
}

/// One unit; `None` when its side, type or hex is unknown.
fn check_unit<'a>(
    cx: &mut Ctx<'_>,
    u: &'a UnitFile,
    k: &Known<'_>,
    tally: &mut Tally<'a>,
) -> Option<UnitSetup> {
    note_id(cx, u, tally);
    let what = format!("unit \"{}\"", u.id.get_ref());
    let side = cx.side_of(k.sides, &u.side, &what);
    match side {
        Some(s) => tally.side_named[s.index()] = true,
        None => tally.side_unknown = true,
    }
    let ty = type_of(cx, u, k);
    let hex = cx.hex(k.grid, &u.hex, &what);
    let arrives = arrival_turn(cx, u, k.turns);
    let (Some(side), Some(ty), Some(hex)) = (side, ty, hex) else {
        return None;
    };
    let utype = &k.unit_types[ty as usize];
    let steps = setup_steps(cx, u, utype);
    check_ground(cx, u, hex, utype, k);
    if arrives == 1 {
        check_stack(cx, u, hex, side, k, tally);
    }
    check_landing(cx, u, hex, arrives, k);
    Some(UnitSetup {
        id: u.id.get_ref().clone(),
        name: u.name.clone().unwrap_or_else(|| u.id.get_ref().clone()),
        side,
        unit_type: ty,
        hex,
        arrives,
        steps,
        amphibious: u.amphibious,
    })
}

/// Ids are unique, ignoring case: a second one points at the first.
fn note_id<'a>(cx: &mut Ctx<'_>, u: &'a UnitFile, tally: &mut Tally<'a>) {
    if let Some(why) = id_problem(u.id.get_ref()) {
        cx.err(
            u.id.span(),
            format!("unit id \"{}\": {why}", u.id.get_ref()),
        );
    }
    match tally.ids.entry(folded_id(u.id.get_ref())) {
        Entry::Occupied(first) => {
            let (id, line) = *first.get();
            cx.err(
                u.id.span(),
                format!(
                    "duplicate unit id \"{}\" (unit \"{id}\" on line {line}; ids ignore case)",
                    u.id.get_ref()
                ),
            );
        }
        Entry::Vacant(v) => {
            v.insert((u.id.get_ref(), cx.position(u.id.span().start).0));
        }
    }
}

/// The unit's type, by key.
fn type_of(cx: &mut Ctx<'_>, u: &UnitFile, k: &Known<'_>) -> Option<u16> {
    match k.type_index.get(u.unit_type.get_ref().as_str()) {
        Some(t) => Some(*t),
        None => {
            cx.err(
                u.unit_type.span(),
                format!(
                    "unit \"{}\": unknown unit type \"{}\" (types are {})",
                    u.id.get_ref(),
                    u.unit_type.get_ref(),
                    list(k.type_keys)
                ),
            );
            None
        }
    }
}

/// Steps at set-up: 1 to the type's full strength (default full).
fn setup_steps(cx: &mut Ctx<'_>, u: &UnitFile, utype: &UnitType) -> u8 {
    match &u.steps {
        Some(s) => {
            let v = *s.get_ref();
            if v < 1 || v > utype.steps() as i64 {
                cx.err(
                    s.span(),
                    format!(
                        "unit \"{}\" sets up with {v} steps, but type \"{}\" has 1 to {} steps",
                        u.id.get_ref(),
                        utype.key,
                        utype.steps()
                    ),
                );
            }
            v.clamp(1, utype.steps() as i64) as u8
        }
        None => utype.steps(),
    }
}

/// The hex's terrain, or a route through it, lets the unit's class stand there.
fn check_ground(cx: &mut Ctx<'_>, u: &UnitFile, hex: HexId, utype: &UnitType, k: &Known<'_>) {
    let nc = k.classes.len();
    let class = utype.class as usize;
    let terrain = k.hex_terrain[hex.index()] as usize;
    let terrain_ok = !k.terrain.costs[terrain][class].is_no();
    let route_ok = (0..3).any(|r| {
        k.hex_routes[hex.index()] & (1 << r) != 0 && !k.route_rate[r * nc + class].is_no()
    });
    if !terrain_ok && !route_ok {
        cx.err(
            u.hex.span(),
            format!(
                "unit \"{}\" ({}) is placed in {}, {} terrain its movement class \"{}\" cannot enter",
                u.id.get_ref(),
                utype.name,
                k.grid.label(hex),
                k.terrain.terrain[terrain].name,
                k.classes[class]
            ),
        );
    }
}

/// D-STACK-1 at the start: no hex holds units of both sides, or more than
/// the stacking limit (said once per hex, by the unit one too many).
fn check_stack(
    cx: &mut Ctx<'_>,
    u: &UnitFile,
    hex: HexId,
    side: Side,
    k: &Known<'_>,
    tally: &mut Tally<'_>,
) {
    let stacking = k.stacking;
    let e = tally.setup_count.entry(hex).or_insert((side, 0));
    if e.0 != side {
        cx.err(
            u.hex.span(),
            format!(
                "unit \"{}\" sets up in {}, which holds an enemy unit",
                u.id.get_ref(),
                k.grid.label(hex)
            ),
        );
    }
    e.1 += 1;
    if e.1 == usize::from(stacking) + 1 {
        cx.err(
            u.hex.span(),
            format!(
                "unit \"{}\": overstacked set-up, more than {stacking} units in {} (stacking limit {stacking})",
                u.id.get_ref(),
                k.grid.label(hex)
            ),
        );
    }
}

/// `[control]`: each hex's side at the start (0 none, 1 + side): the
/// default, then the hexes listed, then every hex a unit sets up in.
pub(super) fn check_control(
    cx: &mut Ctx<'_>,
    raw: &ControlFile,
    grid: &Grid,
    sides: &[SideInfo; 2],
    units: &[UnitSetup],
) -> Vec<u8> {
    let mut initial_control = vec![0u8; grid.len()];
    if let Some(d) = &raw.default {
        if d.get_ref() != "none" {
            if let Some(s) = cx.side(sides, d) {
                initial_control.fill(1 + s.0);
            }
        }
    }
    for (key, list) in &raw.hexes {
        if let Some(s) = cx.side(sides, key) {
            for h in cx.hexes(
                grid,
                list,
                &format!("[control] hex of \"{}\"", key.get_ref()),
            ) {
                initial_control[h.index()] = 1 + s.0;
            }
        }
    }
    for u in units.iter().filter(|u| u.arrives == 1) {
        initial_control[u.hex.index()] = 1 + u.side.0;
    }
    initial_control
}
