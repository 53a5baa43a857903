//! `[unit_types]`: what each type of unit is for the rules (kind, movement
//! class and allowance, strengths per step, morale, command, nation).

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

use toml::Spanned;

use super::errors::Ctx;
use super::read::list;
use crate::scenario::file::{PerStep, UnitTypeFile};
use crate::scenario::{Mp, UnitKind, UnitType};

/// `[unit_types]`, in key order, and the index of each key.
pub(super) fn check_unit_types<'a>(
    cx: &mut Ctx<'_>,
    raw: &'a BTreeMap<String, Spanned<UnitTypeFile>>,
    classes: &[String],
) -> (Vec<UnitType>, HashMap<&'a str, u16>) {
    let mut unit_types = Vec::new();
    let mut type_index: HashMap<&str, u16> = HashMap::new();
    for (key, t) in raw {
        let span = t.span();
        let t = t.get_ref();
        let kind = unit_kind(cx, key, t);
        let class = unit_class(cx, key, t, kind, classes, &span);
        let movement = cx
            .points(
                t.movement.span(),
                *t.movement.get_ref(),
                "movement allowance",
            )
            .unwrap_or(Mp::ZERO);
        let (attack, defense) = strengths(cx, key, t, &span);
        let morale = small(cx, key, &t.morale, "morale");
        let command = small(cx, key, &t.command, "command radius").unwrap_or(0);
        let Ok(index) = u16::try_from(unit_types.len()) else {
            cx.err(span, "too many unit types (at most 65535)");
            break;
        };
        let coalition = coalition(cx, key, t, kind);
        type_index.insert(key.as_str(), index);
        let symbol = t
            .symbol
            .clone()
            .unwrap_or_else(|| default_symbol(kind).to_string());
        unit_types.push(UnitType {
            key: key.clone(),
            name: t.name.clone(),
            kind,
            class,
            movement,
            attack,
            defense,
            morale,
            command,
            exerts_zoc: t.zoc.unwrap_or(true) && kind != UnitKind::Artillery,
            nation: t.nation.clone().unwrap_or_else(|| "default".into()),
            coalition,
            symbol,
        });
    }
    (unit_types, type_index)
}

/// A type's kind; an unknown one has its error and reads as infantry.
fn unit_kind(cx: &mut Ctx<'_>, key: &str, t: &UnitTypeFile) -> UnitKind {
    match UnitKind::NAMES.iter().find(|(n, _)| n == t.kind.get_ref()) {
        Some((_, k)) => *k,
        None => {
            let names: Vec<String> = UnitKind::NAMES.iter().map(|(n, _)| n.to_string()).collect();
            cx.err(
                t.kind.span(),
                format!(
                    "unit type \"{key}\": unknown kind \"{}\" (kinds are {})",
                    t.kind.get_ref(),
                    list(&names)
                ),
            );
            UnitKind::Infantry
        }
    }
}

/// A type's movement class: as given, else the class named like its kind.
fn unit_class(
    cx: &mut Ctx<'_>,
    key: &str,
    t: &UnitTypeFile,
    kind: UnitKind,
    classes: &[String],
    span: &Range<usize>,
) -> u8 {
    let class_name = t
        .class
        .as_ref()
        .map_or(kind.name().to_string(), |c| c.get_ref().clone());
    match classes.iter().position(|c| *c == class_name) {
        Some(i) => i as u8,
        None => {
            let sp = t.class.as_ref().map_or(span.clone(), |c| c.span());
            cx.err(
                sp,
                format!(
                    "unit type \"{key}\": unknown movement class \"{class_name}\" (classes are {})",
                    list(classes)
                ),
            );
            0
        }
    }
}

/// Attack and defense strengths per step (defense defaults to attack); both
/// have the same number of steps.
fn strengths(
    cx: &mut Ctx<'_>,
    key: &str,
    t: &UnitTypeFile,
    span: &Range<usize>,
) -> (Vec<f64>, Vec<f64>) {
    let attack = per_step(cx, key, &t.attack, "attack");
    let defense = match &t.defense {
        Some(d) => per_step(cx, key, d, "defense"),
        None => attack.clone(),
    };
    if defense.len() != attack.len() {
        cx.err(
            span.clone(),
            format!(
                "unit type \"{key}\": attack has {} steps but defense has {}",
                attack.len(),
                defense.len()
            ),
        );
    }
    (attack, defense)
}

/// 1 to 4 strengths, one per step, each 0 to 1000; a bad list reads as `[0]`.
fn per_step(cx: &mut Ctx<'_>, key: &str, v: &Spanned<PerStep>, what: &str) -> Vec<f64> {
    let vals = match v.get_ref() {
        PerStep::One(x) => vec![*x],
        PerStep::Steps(xs) => xs.clone(),
    };
    if vals.is_empty() || vals.len() > 4 || vals.iter().any(|x| !(0.0..=1000.0).contains(x)) {
        cx.err(
            v.span(),
            format!(
                "unit type \"{key}\": {what} must be 1 to 4 strengths (one per step) from 0 to 1000"
            ),
        );
        return vec![0.0];
    }
    vals
}

/// A small rating, 0 to 20, if given.
fn small(cx: &mut Ctx<'_>, key: &str, v: &Option<Spanned<i64>>, what: &str) -> Option<u8> {
    v.as_ref().map(|v| {
        let x = *v.get_ref();
        if !(0..=20).contains(&x) {
            cx.err(
                v.span(),
                format!("unit type \"{key}\": {what} must be 0 to 20"),
            );
        }
        x.clamp(0, 20) as u8
    })
}

/// GS-3: a coalition HQ; only headquarters may be one.
fn coalition(cx: &mut Ctx<'_>, key: &str, t: &UnitTypeFile, kind: UnitKind) -> bool {
    match &t.coalition {
        Some(c) if *c.get_ref() && kind != UnitKind::Hq => {
            cx.err(
                c.span(),
                format!(
                    "unit type \"{key}\": coalition applies to headquarters only (kind = \"hq\"), not {}",
                    kind.name()
                ),
            );
            false
        }
        Some(c) => *c.get_ref(),
        None => false,
    }
}

/// The counter text of a type that gives none.
fn default_symbol(kind: UnitKind) -> &'static str {
    match kind {
        UnitKind::Infantry => "Inf",
        UnitKind::Cavalry => "Cav",
        UnitKind::Camel => "Cam",
        UnitKind::Artillery => "Art",
        UnitKind::Leader => "Ldr",
        UnitKind::Armor => "Arm",
        UnitKind::Hq => "HQ",
    }
}
