//! The boundary: a [`ScenarioFile`] (anything TOML can say) becomes a checked
//! [`Scenario`] (only what the rules can play), or a list of errors that
//! each name the file, line, column and what is wrong. Nothing here panics on
//! user data.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::ops::Range;

use toml::Spanned;

use super::file::*;
use super::*;

/// One problem in a scenario file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    /// File name as given by the caller.
    pub file: String,
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: {}", self.file, self.line, self.col, self.message)
    }
}

/// Every problem found in a scenario file, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioErrors(pub Vec<ScenarioError>);

impl fmt::Display for ScenarioErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ScenarioErrors {}

struct Ctx<'a> {
    src: &'a str,
    file: &'a str,
    errors: Vec<ScenarioError>,
}

impl Ctx<'_> {
    fn position(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.src.len());
        let before = &self.src.as_bytes()[..offset];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let col = self.src.get(line_start..offset).map_or(1, |s| s.chars().count() + 1);
        (line, col)
    }

    fn err(&mut self, span: Range<usize>, message: impl Into<String>) {
        let (line, col) = self.position(span.start);
        self.errors.push(ScenarioError {
            file: self.file.to_string(),
            line,
            col,
            message: message.into(),
        });
    }

    fn hex(&mut self, grid: &Grid, s: &SStr) -> Option<HexId> {
        match grid.parse(s.get_ref()) {
            Ok(h) => Some(h),
            Err(e) => {
                self.err(s.span(), e.to_string());
                None
            }
        }
    }

    fn hexes(&mut self, grid: &Grid, list: &[SStr]) -> Vec<HexId> {
        list.iter().filter_map(|s| self.hex(grid, s)).collect()
    }

    /// `"AAAA/BBBB"` -> the first hex and the direction to the second.
    fn pair(&mut self, grid: &Grid, s: &SStr, what: &str) -> Option<(HexId, Dir)> {
        let Some((a, b)) = s.get_ref().split_once('/') else {
            self.err(
                s.span(),
                format!("{what} \"{}\" is not a hexside: write two adjacent hexes as \"0405/0406\"", s.get_ref()),
            );
            return None;
        };
        let (pa, pb) = (grid.parse(a), grid.parse(b));
        let (ha, hb) = match (pa, pb) {
            (Ok(x), Ok(y)) => (x, y),
            (Err(e), _) | (_, Err(e)) => {
                self.err(s.span(), format!("{what} \"{}\": {e}", s.get_ref()));
                return None;
            }
        };
        match grid.direction(ha, hb) {
            Some(d) => Some((ha, d)),
            None => {
                self.err(
                    s.span(),
                    format!("{what} \"{}\": {} and {} are not adjacent", s.get_ref(), a.trim(), b.trim()),
                );
                None
            }
        }
    }

    fn side(&mut self, sides: &[SideInfo; 2], s: &SStr) -> Option<Side> {
        match Side::BOTH.into_iter().find(|x| sides[x.index()].id == *s.get_ref()) {
            Some(x) => Some(x),
            None => {
                self.err(
                    s.span(),
                    format!(
                        "unknown side \"{}\" (sides are \"{}\" and \"{}\")",
                        s.get_ref(),
                        sides[0].id,
                        sides[1].id
                    ),
                );
                None
            }
        }
    }

    fn cost(&mut self, v: &Spanned<CostValue>) -> Option<Mp> {
        let points = match v.get_ref() {
            CostValue::Int(n) => *n as f64,
            CostValue::Float(f) => *f,
            CostValue::Word(w) if w == "no" => return Some(Mp::NO),
            CostValue::Word(w) => {
                self.err(v.span(), format!("cost \"{w}\" is neither a number nor \"no\""));
                return None;
            }
        };
        self.points(v.span(), points, "cost")
    }

    fn points(&mut self, span: Range<usize>, points: f64, what: &str) -> Option<Mp> {
        let ticks = points * Mp::SCALE as f64;
        if !(0.0..1000.0).contains(&points) || (ticks - ticks.round()).abs() > 0.02 {
            self.err(
                span,
                format!("{what} {points} must be between 0 and 999 movement points, in steps of 1/6"),
            );
            return None;
        }
        Some(Mp(ticks.round() as u16))
    }

    /// A per-class table; classes left out get `missing`.
    fn cost_table(&mut self, classes: &[String], t: &CostTable, missing: Option<Mp>, what: &str, span: Range<usize>) -> Vec<Mp> {
        let mut out = vec![missing.unwrap_or(Mp::NO); classes.len()];
        let mut seen = vec![false; classes.len()];
        for (k, v) in t {
            match classes.iter().position(|c| c == k.get_ref()) {
                Some(i) => {
                    if let Some(c) = self.cost(v) {
                        out[i] = c;
                    }
                    seen[i] = true;
                }
                None => self.err(
                    k.span(),
                    format!("{what}: unknown movement class \"{}\" (classes are {})", k.get_ref(), list(classes)),
                ),
            }
        }
        if missing.is_none() {
            for (i, c) in classes.iter().enumerate() {
                if !seen[i] {
                    self.err(span.clone(), format!("{what} has no cost for movement class \"{c}\" (give a number or \"no\")"));
                }
            }
        }
        out
    }
}

fn list(names: &[String]) -> String {
    names.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(", ")
}

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

impl Scenario {
    /// Parses and checks a scenario file. `file` names it in error messages.
    pub fn from_toml(src: &str, file: &str) -> Result<Scenario, ScenarioErrors> {
        let mut cx = Ctx {
            src,
            file,
            errors: Vec::new(),
        };
        let raw: ScenarioFile = match toml::from_str(src) {
            Ok(r) => r,
            Err(e) => {
                let span = e.span().unwrap_or(0..0);
                cx.err(span, e.message().trim().to_string());
                return Err(ScenarioErrors(cx.errors));
            }
        };
        let scen = Scenario::check(&mut cx, raw);
        match scen {
            Some(s) if cx.errors.is_empty() => Ok(s),
            _ => {
                cx.errors.sort_by_key(|e| (e.line, e.col));
                Err(ScenarioErrors(cx.errors))
            }
        }
    }

    fn check(cx: &mut Ctx<'_>, raw: ScenarioFile) -> Option<Scenario> {
        // Meta.
        let name = raw.scenario.name.get_ref().trim().to_string();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            cx.err(raw.scenario.name.span(), "scenario name must be letters, digits, '-' or '_'");
        }
        let turns = *raw.scenario.turns.get_ref();
        if !(1..=99).contains(&turns) {
            cx.err(raw.scenario.turns.span(), format!("turns must be 1 to 99, not {turns}"));
        }

        // Sides.
        if raw.sides.len() != 2 {
            let span = raw.sides.first().map_or(0..0, |s| s.id.span());
            cx.err(span, format!("a scenario has exactly two sides, not {}", raw.sides.len()));
            return None;
        }
        if raw.sides[0].id.get_ref() == raw.sides[1].id.get_ref() {
            cx.err(raw.sides[1].id.span(), format!("duplicate side id \"{}\"", raw.sides[1].id.get_ref()));
        }
        let sides = [0, 1].map(|i| SideInfo {
            id: raw.sides[i].id.get_ref().clone(),
            name: raw.sides[i].name.clone(),
        });

        // Movement classes.
        let mut classes: Vec<String> = Vec::new();
        for c in &raw.movement.classes {
            if classes.contains(c.get_ref()) {
                cx.err(c.span(), format!("duplicate movement class \"{}\"", c.get_ref()));
            }
            classes.push(c.get_ref().clone());
        }
        if classes.is_empty() || classes.len() > 16 {
            cx.err(0..0, "[movement] classes must list 1 to 16 movement classes");
            return None;
        }

        // Terrain types.
        let mut terrain = Vec::new();
        let mut terrain_costs = Vec::new();
        for t in &raw.terrain {
            let mut chars = t.code.get_ref().chars();
            let code = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_graphic() => c,
                _ => {
                    cx.err(t.code.span(), format!("terrain code \"{}\" must be one letter", t.code.get_ref()));
                    '?'
                }
            };
            if terrain.iter().any(|x: &Terrain| x.code == code) {
                cx.err(t.code.span(), format!("duplicate terrain code '{code}'"));
            }
            let costs = cx.cost_table(&classes, &t.cost, None, &format!("terrain \"{}\"", t.name), t.code.span());
            terrain_costs.push(costs);
            if !(-100..=100).contains(&t.attrition) {
                cx.err(t.code.span(), format!("terrain \"{}\": attrition must be -100 to 100", t.name));
            }
            let color = match &t.color {
                Some(c) if c.get_ref().len() == 7 && c.get_ref().starts_with('#') && c.get_ref()[1..].chars().all(|x| x.is_ascii_hexdigit()) => c.get_ref().clone(),
                Some(c) => {
                    cx.err(c.span(), format!("colour \"{}\" must be written #rrggbb", c.get_ref()));
                    String::new()
                }
                None => default_color(&t.name).to_string(),
            };
            terrain.push(Terrain {
                code,
                name: t.name.clone(),
                no_zoc: t.no_zoc,
                attrition: t.attrition.clamp(-100, 100) as i8,
                open: t.open,
                no_charge: t.no_charge,
                color,
            });
        }
        if terrain.is_empty() || terrain.len() > 255 {
            cx.err(0..0, "a scenario needs 1 to 255 [[terrain]] types");
            return None;
        }

        // Map.
        let (cols, rows) = (*raw.map.columns.get_ref(), *raw.map.rows.get_ref());
        let grid = if (1..=255).contains(&cols) && (1..=255).contains(&rows) {
            Grid::new(cols as u16, rows as u16)
        } else {
            None
        };
        let Some(grid) = grid else {
            cx.err(
                raw.map.columns.span(),
                format!("a map of {cols} x {rows} hexes is not allowed (1 to 255 each way, at most {} hexes)", Grid::MAX_HEXES),
            );
            return None;
        };
        let hex_terrain = read_grid(cx, &raw.map.terrain, &grid, &terrain)?;

        // Route rates and hexside costs.
        let mv = &raw.movement;
        let span0 = 0..0;
        let rate = |cx: &mut Ctx<'_>, t: &CostTable, what: &str| cx.cost_table(&classes, t, Some(Mp::NO), what, span0.clone());
        let mut route_rate = Vec::new();
        route_rate.extend(rate(cx, &mv.road, "[movement] road"));
        route_rate.extend(rate(cx, &mv.track, "[movement] track"));
        route_rate.extend(rate(cx, &mv.rail, "[movement] rail"));
        let extra = |cx: &mut Ctx<'_>, t: &CostTable, what: &str| cx.cost_table(&classes, t, Some(Mp::ZERO), what, span0.clone());
        let stream = extra(cx, &mv.stream, "[movement] stream");
        let ford = extra(cx, &mv.ford, "[movement] ford");
        let bridge = extra(cx, &mv.bridge, "[movement] bridge");
        let slope = extra(cx, &mv.slope, "[movement] slope");
        let double_slope = extra(cx, &mv.double_slope, "[movement] double_slope");

        // Hexsides.
        let n = grid.len();
        let mut sides_bits = vec![0u16; n * 6];
        use side_bits as sb;
        let hs = &raw.hexsides;
        for (list, here, there, what) in [
            (&hs.stream, sb::STREAM, sb::STREAM, "stream"),
            (&hs.river, sb::RIVER, sb::RIVER, "river"),
            (&hs.slope, sb::UPHILL, sb::DOWNHILL, "slope"),
            (&hs.double_slope, sb::DOUBLE_SLOPE, sb::DOUBLE_SLOPE, "double slope"),
            (&hs.steep, sb::STEEP, sb::STEEP, "steep slope"),
        ] {
            for s in list {
                if let Some((h, d)) = cx.pair(&grid, s, what) {
                    set_side(&mut sides_bits, &grid, h, d, here, there);
                }
            }
        }
        let mut crossings = Vec::new();
        for (list, bit, what) in [(&hs.bridge, sb::BRIDGE, "bridge"), (&hs.ford, sb::FORD, "ford")] {
            for s in list {
                if let Some((h, d)) = cx.pair(&grid, s, what) {
                    crossings.push((h, d, bit, s.span(), what));
                }
            }
        }
        for (h, d, bit, span, what) in crossings {
            let b = sides_bits[h.index() * 6 + d as usize];
            let ok = if bit == sb::FORD { b & sb::RIVER != 0 } else { b & (sb::RIVER | sb::STREAM) != 0 };
            if !ok {
                let needs = if bit == sb::FORD { "a river" } else { "a stream or river" };
                cx.err(span, format!("{what} at {}/{} crosses no {needs}: list the water in [hexsides] too", grid.label(h), grid.label(grid.neighbour(h, d))));
            }
            set_side(&mut sides_bits, &grid, h, d, bit, bit);
        }

        // Routes.
        let mut routes: Vec<Route> = Vec::new();
        let mut hex_roads = vec![0u64; n];
        let mut hex_routes = vec![0u8; n];
        for r in &raw.routes {
            let kind = match r.kind.get_ref().as_str() {
                "road" => RouteKind::Road,
                "track" => RouteKind::Track,
                "rail" => RouteKind::Rail,
                k => {
                    cx.err(r.kind.span(), format!("unknown route kind \"{k}\" (road, track or rail)"));
                    continue;
                }
            };
            if routes.iter().any(|x| x.name == *r.name.get_ref()) {
                cx.err(r.name.span(), format!("duplicate route name \"{}\"", r.name.get_ref()));
            }
            if r.hexes.len() < 2 {
                cx.err(r.name.span(), format!("{} \"{}\" needs at least two hexes", kind.name(), r.name.get_ref()));
            }
            let road_no = routes.iter().filter(|x| x.kind == RouteKind::Road).count();
            if kind == RouteKind::Road && road_no >= 64 {
                cx.err(r.name.span(), "at most 64 roads (join roads that are one road)");
                continue;
            }
            let mut hexes = Vec::new();
            let mut prev: Option<HexId> = None;
            for s in &r.hexes {
                let Some(h) = cx.hex(&grid, s) else {
                    prev = None;
                    continue;
                };
                if let Some(p) = prev {
                    match grid.direction(p, h) {
                        Some(d) => {
                            let bit = match kind {
                                RouteKind::Road => sb::ROAD,
                                RouteKind::Track => sb::TRACK,
                                RouteKind::Rail => sb::RAIL,
                            };
                            set_side(&mut sides_bits, &grid, p, d, bit, bit);
                        }
                        None => cx.err(
                            s.span(),
                            format!(
                                "{} \"{}\" jumps from {} to {}, which are not adjacent",
                                kind.name(),
                                r.name.get_ref(),
                                grid.label(p),
                                grid.label(h)
                            ),
                        ),
                    }
                }
                if kind == RouteKind::Road {
                    hex_roads[h.index()] |= 1 << road_no;
                }
                hex_routes[h.index()] |= 1 << kind as u8;
                hexes.push(h);
                prev = Some(h);
            }
            routes.push(Route {
                kind,
                name: r.name.get_ref().clone(),
                hexes,
            });
        }

        // Costs per hex and per hexside.
        let nc = classes.len();
        let mut enter_cost = vec![Mp::NO; n * nc];
        for h in grid.hexes() {
            let t = hex_terrain[h.index()] as usize;
            enter_cost[h.index() * nc..(h.index() + 1) * nc].copy_from_slice(&terrain_costs[t]);
        }
        let mut cross_cost = vec![Mp::NO; n * 6 * nc];
        for h in grid.hexes() {
            for d in Dir::ALL {
                if !grid.neighbour(h, d).is_some() {
                    continue;
                }
                let b = sides_bits[h.index() * 6 + d as usize];
                if b & sb::STEEP != 0 || (b & sb::RIVER != 0 && b & (sb::BRIDGE | sb::FORD) == 0) {
                    continue;
                }
                for c in 0..nc {
                    let water = if b & sb::BRIDGE != 0 {
                        bridge[c]
                    } else if b & sb::FORD != 0 {
                        ford[c]
                    } else if b & sb::STREAM != 0 {
                        stream[c]
                    } else {
                        Mp::ZERO
                    };
                    let up = if b & sb::UPHILL != 0 { slope[c] } else { Mp::ZERO };
                    let dbl = if b & sb::DOUBLE_SLOPE != 0 { double_slope[c] } else { Mp::ZERO };
                    let total = if [water, up, dbl].iter().any(|m| m.is_no()) {
                        Mp::NO
                    } else {
                        Mp(water.0 + up.0 + dbl.0)
                    };
                    cross_cost[(h.index() * 6 + d as usize) * nc + c] = total;
                }
            }
        }

        // Places.
        let mut places = vec![0u8; n];
        for (list, bit) in [
            (&raw.places.east_ports, place_bits::EAST_PORT),
            (&raw.places.west_ports, place_bits::WEST_PORT),
            (&raw.places.forts, place_bits::FORT),
        ] {
            for h in cx.hexes(&grid, list) {
                places[h.index()] |= bit;
            }
        }
        let mut place_names = Vec::new();
        for (name, s) in &raw.places.names {
            if let Some(h) = cx.hex(&grid, s) {
                place_names.push((h, name.clone()));
            }
        }
        place_names.sort();

        // Supply sources.
        let mut sources: [Vec<HexId>; 2] = [Vec::new(), Vec::new()];
        for (k, list) in &raw.supply.sources {
            if let Some(s) = cx.side(&sides, k) {
                sources[s.index()] = cx.hexes(&grid, list);
            }
        }

        // Objectives.
        let mut objectives = Vec::new();
        for o in &raw.objectives {
            let hex = cx.hex(&grid, &o.hex);
            let side = match &o.side {
                Some(s) => cx.side(&sides, s).map(Some),
                None => Some(None),
            };
            let vp = *o.vp.get_ref();
            if !(0..=10_000).contains(&vp) {
                cx.err(o.vp.span(), "objective vp must be 0 to 10000");
            }
            if let (Some(hex), Some(side)) = (hex, side) {
                objectives.push(Objective {
                    hex,
                    name: if o.name.is_empty() { grid.label(hex) } else { o.name.clone() },
                    vp: vp.clamp(0, 10_000) as i32,
                    side,
                });
            }
        }

        // Unit types.
        let mut unit_types = Vec::new();
        let mut type_index: HashMap<&str, u16> = HashMap::new();
        for (key, t) in &raw.unit_types {
            let span = t.span();
            let t = t.get_ref();
            let kind = match UnitKind::NAMES.iter().find(|(n, _)| n == t.kind.get_ref()) {
                Some((_, k)) => *k,
                None => {
                    let names: Vec<String> = UnitKind::NAMES.iter().map(|(n, _)| n.to_string()).collect();
                    cx.err(t.kind.span(), format!("unit type \"{key}\": unknown kind \"{}\" (kinds are {})", t.kind.get_ref(), list(&names)));
                    UnitKind::Infantry
                }
            };
            let class_name = t.class.as_ref().map_or(kind.name().to_string(), |c| c.get_ref().clone());
            let class = match classes.iter().position(|c| *c == class_name) {
                Some(i) => i as u8,
                None => {
                    let sp = t.class.as_ref().map_or(span.clone(), |c| c.span());
                    cx.err(sp, format!("unit type \"{key}\": unknown movement class \"{class_name}\" (classes are {})", list(&classes)));
                    0
                }
            };
            let movement = cx.points(t.movement.span(), *t.movement.get_ref(), "movement allowance").unwrap_or(Mp::ZERO);
            let per_step = |cx: &mut Ctx<'_>, v: &Spanned<PerStep>, what: &str| -> Vec<f64> {
                let vals = match v.get_ref() {
                    PerStep::One(x) => vec![*x],
                    PerStep::Steps(xs) => xs.clone(),
                };
                if vals.is_empty() || vals.len() > 4 || vals.iter().any(|x| !(0.0..=1000.0).contains(x)) {
                    cx.err(v.span(), format!("unit type \"{key}\": {what} must be 1 to 4 strengths (one per step) from 0 to 1000"));
                    return vec![0.0];
                }
                vals
            };
            let attack = per_step(cx, &t.attack, "attack");
            let defense = match &t.defense {
                Some(d) => per_step(cx, d, "defense"),
                None => attack.clone(),
            };
            if defense.len() != attack.len() {
                cx.err(span.clone(), format!("unit type \"{key}\": attack has {} steps but defense has {}", attack.len(), defense.len()));
            }
            let small = |cx: &mut Ctx<'_>, v: &Option<Spanned<i64>>, what: &str| -> Option<u8> {
                v.as_ref().map(|v| {
                    let x = *v.get_ref();
                    if !(0..=20).contains(&x) {
                        cx.err(v.span(), format!("unit type \"{key}\": {what} must be 0 to 20"));
                    }
                    x.clamp(0, 20) as u8
                })
            };
            let morale = small(cx, &t.morale, "morale");
            let command = small(cx, &t.command, "command radius").unwrap_or(0);
            type_index.insert(key.as_str(), unit_types.len() as u16);
            let symbol = t.symbol.clone().unwrap_or_else(|| {
                match kind {
                    UnitKind::Infantry => "Inf",
                    UnitKind::Cavalry => "Cav",
                    UnitKind::Camel => "Cam",
                    UnitKind::Artillery => "Art",
                    UnitKind::Leader => "Ldr",
                    UnitKind::Armor => "Arm",
                    UnitKind::Hq => "HQ",
                }
                .to_string()
            });
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
                symbol,
            });
        }

        // Rules.
        let stacking = match &raw.rules.stacking {
            Some(s) => {
                let v = *s.get_ref();
                if !(1..=20).contains(&v) {
                    cx.err(s.span(), format!("stacking limit must be 1 to 20, not {v}"));
                }
                v.clamp(1, 20) as u8
            }
            None => 3,
        };
        let phases = match &raw.rules.phases {
            Some(list) => {
                let mut out = Vec::new();
                for p in list {
                    match PhaseKind::NAMES.iter().find(|(n, _)| n == p.get_ref()) {
                        Some((_, k)) if out.contains(k) => cx.err(p.span(), format!("phase \"{}\" is listed twice", p.get_ref())),
                        Some((_, k)) => out.push(*k),
                        None => cx.err(
                            p.span(),
                            format!("unknown phase \"{}\" (supply, movement, rail, combat, naval, rally)", p.get_ref()),
                        ),
                    }
                }
                if !out.contains(&PhaseKind::Movement) {
                    cx.err(0..0, "[rules] phases must include \"movement\"");
                }
                out
            }
            None => vec![PhaseKind::Supply, PhaseKind::Movement, PhaseKind::Rail, PhaseKind::Combat],
        };

        // Units.
        let mut units: Vec<UnitSetup> = Vec::new();
        let mut ids: HashSet<String> = HashSet::new();
        let mut setup_count: BTreeMap<HexId, (Side, u8, Range<usize>)> = BTreeMap::new();
        for u in &raw.units {
            let u_span = u.span();
            let u = u.get_ref();
            if !ids.insert(u.id.get_ref().to_ascii_lowercase()) {
                cx.err(u.id.span(), format!("duplicate unit id \"{}\"", u.id.get_ref()));
            }
            let side = cx.side(&sides, &u.side);
            let ty = match type_index.get(u.unit_type.get_ref().as_str()) {
                Some(t) => Some(*t),
                None => {
                    let keys: Vec<String> = raw.unit_types.keys().cloned().collect();
                    cx.err(u.unit_type.span(), format!("unit \"{}\": unknown unit type \"{}\" (types are {})", u.id.get_ref(), u.unit_type.get_ref(), list(&keys)));
                    None
                }
            };
            let hex = cx.hex(&grid, &u.hex);
            let arrives = match &u.turn {
                Some(t) => {
                    let v = *t.get_ref();
                    if v < 1 || v > turns {
                        cx.err(t.span(), format!("unit \"{}\" arrives on turn {v}, but the game has turns 1 to {turns}", u.id.get_ref()));
                    }
                    v.clamp(1, 99) as u8
                }
                None => 1,
            };
            let (Some(side), Some(ty), Some(hex)) = (side, ty, hex) else { continue };
            let utype = &unit_types[ty as usize];
            let steps = match &u.steps {
                Some(s) => {
                    let v = *s.get_ref();
                    if v < 1 || v > utype.steps() as i64 {
                        cx.err(s.span(), format!("unit \"{}\" sets up with {v} steps, but its type has 1 to {}", u.id.get_ref(), utype.steps()));
                    }
                    v.clamp(1, utype.steps() as i64) as u8
                }
                None => utype.steps(),
            };
            // The hex's terrain, then whether a route lets the class stand there.
            let class = utype.class as usize;
            let terrain_ok = !terrain_costs[hex_terrain[hex.index()] as usize][class].is_no();
            let route_ok = (0..3).any(|k| hex_routes[hex.index()] & (1 << k) != 0 && !route_rate[k * nc + class].is_no());
            if !terrain_ok && !route_ok {
                cx.err(
                    u.hex.span(),
                    format!(
                        "unit \"{}\" ({}) is placed in {}, {} terrain its movement class \"{}\" cannot enter",
                        u.id.get_ref(),
                        utype.name,
                        grid.label(hex),
                        terrain[hex_terrain[hex.index()] as usize].name,
                        classes[class]
                    ),
                );
            }
            if arrives == 1 {
                let e = setup_count.entry(hex).or_insert((side, 0, u_span.clone()));
                if e.0 != side {
                    cx.err(u.hex.span(), format!("unit \"{}\" sets up in {}, which holds an enemy unit", u.id.get_ref(), grid.label(hex)));
                }
                e.1 += 1;
                if e.1 == stacking + 1 {
                    cx.err(
                        u.hex.span(),
                        format!("overstacked set-up: more than {stacking} units in {} (stacking limit {stacking})", grid.label(hex)),
                    );
                }
            }
            if units.len() >= u16::MAX as usize - 1 {
                cx.err(u_span, "too many units");
                break;
            }
            units.push(UnitSetup {
                id: u.id.get_ref().clone(),
                name: u.name.clone().unwrap_or_else(|| u.id.get_ref().clone()),
                side,
                unit_type: ty,
                hex,
                arrives,
                steps,
            });
        }
        for s in Side::BOTH {
            if !units.iter().any(|u| u.side == s) {
                cx.err(0..0, format!("side \"{}\" has no units", sides[s.index()].id));
            }
        }

        // Control: default, listed hexes, then occupied set-up hexes.
        let mut initial_control = vec![0u8; n];
        if let Some(d) = &raw.control.default {
            if d.get_ref() != "none" {
                if let Some(s) = cx.side(&sides, d) {
                    initial_control.fill(1 + s.0);
                }
            }
        }
        for (k, list) in &raw.control.hexes {
            if let Some(s) = cx.side(&sides, k) {
                for h in cx.hexes(&grid, list) {
                    initial_control[h.index()] = 1 + s.0;
                }
            }
        }
        for u in units.iter().filter(|u| u.arrives == 1) {
            initial_control[u.hex.index()] = 1 + u.side.0;
        }

        // Victory.
        let (dec, mar) = (*raw.victory.decisive.get_ref(), *raw.victory.marginal.get_ref());
        if mar < 1 || dec < mar {
            cx.err(raw.victory.marginal.span(), format!("victory margins must satisfy 1 <= marginal <= decisive (marginal {mar}, decisive {dec})"));
        }

        Some(Scenario {
            name,
            title: raw.scenario.title,
            description: raw.scenario.description.trim().to_string(),
            turn_length: raw.scenario.turn_length,
            turns: turns.clamp(1, 99) as u8,
            sides,
            grid,
            terrain,
            hex_terrain,
            classes,
            enter_cost,
            cross_cost,
            route_rate,
            sides_bits,
            hex_roads,
            hex_routes,
            routes,
            places,
            place_names,
            sources,
            objectives,
            initial_control,
            unit_types,
            units,
            victory: Victory {
                step_vp: raw.victory.step_vp.clamp(0, 1000) as i32,
                decisive: dec.clamp(0, 1_000_000) as i32,
                marginal: mar.clamp(0, 1_000_000) as i32,
            },
            stacking,
            phases,
        })
    }
}

/// Reads the terrain grid: one line per row, one letter per column.
fn read_grid(cx: &mut Ctx<'_>, s: &SStr, grid: &Grid, terrain: &[Terrain]) -> Option<Vec<u8>> {
    let text = s.get_ref();
    // Where the text starts in the source, so each letter's error points at it.
    let span = s.span();
    let raw = cx.src.get(span.clone()).unwrap_or("");
    let body_start = ["\"\"\"", "'''", "\"", "'"]
        .iter()
        .find(|q| raw.starts_with(*q))
        .map_or(span.start, |q| {
            let mut p = span.start + q.len();
            if q.len() == 3 {
                if cx.src[p..].starts_with("\r\n") {
                    p += 2;
                } else if cx.src[p..].starts_with('\n') {
                    p += 1;
                }
            }
            p
        });
    let exact = cx.src.get(body_start..body_start + text.len()) == Some(text.as_str());
    let at = |off: usize| if exact { body_start + off..body_start + off + 1 } else { span.clone() };

    let mut lines: Vec<(usize, &str)> = Vec::new();
    let mut off = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        if !content.trim().is_empty() {
            lines.push((off, content));
        }
        off += line.len();
    }
    let (cols, rows) = (grid.columns() as usize, grid.rows() as usize);
    if lines.len() != rows {
        cx.err(span.clone(), format!("the terrain grid has {} rows, but the map has rows = {rows}", lines.len()));
        return None;
    }
    let mut out = vec![0u8; grid.len()];
    let mut ok = true;
    for (r, (line_off, line)) in lines.iter().enumerate() {
        let letters: Vec<(usize, char)> = line.char_indices().filter(|(_, c)| !c.is_whitespace()).collect();
        if letters.len() != cols {
            cx.err(at(*line_off), format!("terrain grid row {} has {} letters, but the map has columns = {cols}", r + 1, letters.len()));
            ok = false;
            continue;
        }
        for (c, (i, ch)) in letters.into_iter().enumerate() {
            match terrain.iter().position(|t| t.code == ch) {
                Some(t) => out[r * cols + c] = t as u8,
                None => {
                    let codes: String = terrain.iter().map(|t| t.code).collect();
                    cx.err(
                        at(line_off + i),
                        format!(
                            "unknown terrain code '{ch}' at hex {} (codes are \"{codes}\")",
                            grid.at(c as u16 + 1, r as u16 + 1).map_or(String::new(), |h| grid.label(h))
                        ),
                    );
                    ok = false;
                }
            }
        }
    }
    ok.then_some(out)
}

fn set_side(bits: &mut [u16], grid: &Grid, h: HexId, d: Dir, here: u16, there: u16) {
    bits[h.index() * 6 + d as usize] |= here;
    let o = grid.neighbour(h, d);
    bits[o.index() * 6 + d.opposite() as usize] |= there;
}
