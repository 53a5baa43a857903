//! GS-6, `[supply.weather]` and `[supply] turn_weather` of the graded
//! model: what each kind of weather does to supply lines, and the weather
//! of each game turn.

use toml::Spanned;

use super::errors::Ctx;
use super::read::{list, mp_upto};
use crate::scenario::file::{SStr, SupplyFile, WeatherFile};
use crate::scenario::{Mp, Weather};

/// GS-6: the weather tables, in file order (at most 255); with none, one
/// clear weather without length limits.
pub(super) fn check_weathers(cx: &mut Ctx<'_>, raw: &SupplyFile) -> Vec<Weather> {
    let mut tables: Vec<(&SStr, &Spanned<WeatherFile>)> = raw.weather.iter().collect();
    tables.sort_by_key(|(name, _)| name.span().start);
    let length = |cx: &mut Ctx<'_>, v: &Option<Spanned<i64>>, what: &str| match v {
        Some(v) => {
            let n = *v.get_ref();
            if !(0..=1000).contains(&n) {
                cx.err(v.span(), format!("{what} must be 0 to 1000 hexes, not {n}"));
            }
            n.clamp(0, 1000) as u16
        }
        None => u16::MAX,
    };
    let mut weathers = Vec::new();
    for (name, t) in &tables {
        let what = format!("[supply.weather.{}]", name.get_ref());
        let w = t.get_ref();
        let road = length(cx, &w.road, &format!("{what} road"));
        let rail = length(cx, &w.rail, &format!("{what} rail"));
        let hq_range = match &w.hq_range {
            Some(r) => mp_upto(cx, r, 100, &format!("{what} hq_range")),
            None => Mp::points(7),
        };
        weathers.push(Weather {
            name: name.get_ref().clone(),
            road,
            rail,
            hq_range,
        });
    }
    if weathers.len() > 255 {
        cx.err(tables[255].0.span(), "at most 255 weather tables");
        weathers.truncate(255);
    }
    if weathers.is_empty() {
        // No weather tables: one weather with no length limits and the
        // rule's clear-weather HQ range of 7 (GS-8's "21 points").
        weathers.push(Weather {
            name: "clear".into(),
            road: u16::MAX,
            rail: u16::MAX,
            hq_range: Mp::points(7),
        });
    }
    weathers
}

/// GS-6: the weather of each game turn, by name (default the first).
pub(super) fn check_turn_weather(
    cx: &mut Ctx<'_>,
    raw: &SupplyFile,
    weathers: &[Weather],
    turns: usize,
) -> Vec<u8> {
    let mut turn_weather = vec![0u8; turns];
    let Some(given) = &raw.turn_weather else {
        return turn_weather;
    };
    if given.get_ref().len() != turns {
        cx.err(
            given.span(),
            format!(
                "[supply] turn_weather lists {} turns, but the game has {} (one weather per turn)",
                given.get_ref().len(),
                turns
            ),
        );
    }
    for (i, name) in given.get_ref().iter().enumerate().take(turns) {
        match weathers.iter().position(|w| w.name == *name.get_ref()) {
            Some(w) => turn_weather[i] = w as u8,
            None => {
                let names: Vec<String> = weathers.iter().map(|w| w.name.clone()).collect();
                cx.err(
                    name.span(),
                    format!(
                        "[supply] turn_weather: unknown weather \"{}\" (weathers are {})",
                        name.get_ref(),
                        list(&names)
                    ),
                );
            }
        }
    }
    turn_weather
}
