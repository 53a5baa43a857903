//! The boundary: a [`ScenarioFile`] (anything TOML can say) becomes a checked
//! [`Scenario`] (only what the rules can play), or a list of errors that
//! each name the file, line, column and what is wrong. Nothing here panics on
//! user data.

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap};
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
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.col, self.message
        )
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
    /// Byte offset where each line starts: a position is a binary search, so
    /// thousands of errors in a large file stay cheap.
    line_starts: Vec<usize>,
    errors: Vec<ScenarioError>,
}

impl<'a> Ctx<'a> {
    fn new(src: &'a str, file: &'a str) -> Ctx<'a> {
        let line_starts = std::iter::once(0)
            .chain(src.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Ctx {
            src,
            file,
            line_starts,
            errors: Vec::new(),
        }
    }

    /// Line and column (both from 1; the column counts characters) of a byte offset.
    fn position(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.src.len());
        while !self.src.is_char_boundary(offset) {
            offset -= 1;
        }
        // The first entry is 0, so at least one line starts at or before any offset.
        let line = self.line_starts.partition_point(|&s| s <= offset);
        let line_start = self
            .line_starts
            .get(line.wrapping_sub(1))
            .copied()
            .unwrap_or(0);
        let col = self
            .src
            .get(line_start..offset)
            .map_or(1, |s| s.chars().count() + 1);
        (line.max(1), col)
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

    /// A hex label; `what` names the thing that refers to it in the message.
    fn hex(&mut self, grid: &Grid, s: &SStr, what: &str) -> Option<HexId> {
        match grid.parse(s.get_ref()) {
            Ok(h) => Some(h),
            Err(e) => {
                self.err(s.span(), format!("{what}: {e}"));
                None
            }
        }
    }

    fn hexes(&mut self, grid: &Grid, list: &[SStr], what: &str) -> Vec<HexId> {
        list.iter()
            .filter_map(|s| self.hex(grid, s, what))
            .collect()
    }

    /// `"AAAA/BBBB"` -> the first hex and the direction to the second.
    fn pair(&mut self, grid: &Grid, s: &SStr, what: &str) -> Option<(HexId, Dir)> {
        let Some((a, b)) = s.get_ref().split_once('/') else {
            self.err(
                s.span(),
                format!(
                    "{what} \"{}\" is not a hexside: write two adjacent hexes as \"0405/0406\"",
                    s.get_ref()
                ),
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
                    format!(
                        "{what} \"{}\": {} and {} are not adjacent",
                        s.get_ref(),
                        a.trim(),
                        b.trim()
                    ),
                );
                None
            }
        }
    }

    fn side(&mut self, sides: &[SideInfo; 2], s: &SStr) -> Option<Side> {
        self.side_of(sides, s, "")
    }

    /// A side id; `what` (when not empty) names the thing that refers to it.
    fn side_of(&mut self, sides: &[SideInfo; 2], s: &SStr, what: &str) -> Option<Side> {
        match Side::BOTH
            .into_iter()
            .find(|x| sides[x.index()].id == *s.get_ref())
        {
            Some(x) => Some(x),
            None => {
                let (a, b) = (&sides[0].id, &sides[1].id);
                let prefix = if what.is_empty() {
                    String::new()
                } else {
                    format!("{what}: ")
                };
                self.err(
                    s.span(),
                    format!(
                        "{prefix}unknown side \"{}\" (sides are \"{a}\" and \"{b}\")",
                        s.get_ref()
                    ),
                );
                None
            }
        }
    }

    /// One cost; `what` names it (`terrain "clear": "foot" cost`).
    fn cost(&mut self, v: &Spanned<CostValue>, what: &str) -> Option<Mp> {
        let points = match v.get_ref() {
            CostValue::Int(n) => *n as f64,
            CostValue::Float(f) => *f,
            CostValue::Word(w) if w == "no" => return Some(Mp::NO),
            CostValue::Word(w) => {
                self.err(
                    v.span(),
                    format!("{what} \"{w}\" is neither a number nor \"no\""),
                );
                return None;
            }
        };
        self.points(v.span(), points, what)
    }

    fn points(&mut self, span: Range<usize>, points: f64, what: &str) -> Option<Mp> {
        let ticks = points * Mp::SCALE as f64;
        if !(0.0..1000.0).contains(&points) || (ticks - ticks.round()).abs() > 0.02 {
            self.err(
                span,
                format!(
                    "{what} {points} must be between 0 and 999 movement points, in steps of 1/6"
                ),
            );
            return None;
        }
        Some(Mp(ticks.round() as u16))
    }

    /// A per-class table; classes left out cost what `absent` says, or are an error.
    fn cost_table(
        &mut self,
        classes: &[String],
        t: &CostTable,
        absent: Absent,
        what: &str,
    ) -> Vec<Mp> {
        let missing = match &absent {
            Absent::Costs(m) => *m,
            Absent::Error(_) => Mp::NO,
        };
        let mut out = vec![missing; classes.len()];
        let mut seen = vec![false; classes.len()];
        for (k, v) in t {
            match classes.iter().position(|c| c == k.get_ref()) {
                Some(i) => {
                    if let Some(c) = self.cost(v, &format!("{what}: \"{}\" cost", k.get_ref())) {
                        out[i] = c;
                    }
                    seen[i] = true;
                }
                None => self.err(
                    k.span(),
                    format!(
                        "{what}: unknown movement class \"{}\" (classes are {})",
                        k.get_ref(),
                        list(classes)
                    ),
                ),
            }
        }
        if let Absent::Error(span) = absent {
            for (c, _) in classes.iter().zip(&seen).filter(|(_, s)| !**s) {
                self.err(
                    span.clone(),
                    format!(
                        "{what} has no cost for movement class \"{c}\" (give a number or \"no\")"
                    ),
                );
            }
        }
        out
    }
}

/// What a class left out of a cost table pays.
enum Absent {
    /// This cost.
    Costs(Mp),
    /// Nothing: every class must be listed; the error points at this span.
    Error(Range<usize>),
}

/// `"a", "b", "c"`; a long list is cut short.
fn list(names: &[String]) -> String {
    const SHOWN: usize = 12;
    let mut out = names
        .iter()
        .take(SHOWN)
        .map(|n| format!("\"{n}\""))
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > SHOWN {
        out += &format!(" and {} more", names.len() - SHOWN);
    }
    out
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
        let mut cx = Ctx::new(src, file);
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
            Some(mut s) if cx.errors.is_empty() => {
                s.edges = super::costs::build_edges(&s);
                s.zoc_dirs = super::costs::build_dirs(&s);
                s.source_fields = super::costs::build_source_fields(&s);
                Ok(s)
            }
            _ => {
                cx.errors.sort_by_key(|e| (e.line, e.col));
                Err(ScenarioErrors(cx.errors))
            }
        }
    }

    fn check(cx: &mut Ctx<'_>, raw: ScenarioFile) -> Option<Scenario> {
        // Meta.
        let name = raw.scenario.name.get_ref().trim().to_string();
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            cx.err(
                raw.scenario.name.span(),
                format!("scenario name \"{name}\" must be letters, digits, '-' or '_'"),
            );
        }
        let turns = *raw.scenario.turns.get_ref();
        if !(1..=99).contains(&turns) {
            cx.err(
                raw.scenario.turns.span(),
                format!("[scenario] turns must be 1 to 99, not {turns}"),
            );
        }

        // Sides.
        let [side0, side1] = raw.sides.get_ref().as_slice() else {
            // Point at the first side too many, or at the list when too few.
            let span = raw
                .sides
                .get_ref()
                .get(2)
                .map_or(raw.sides.span(), |s| s.id.span());
            cx.err(
                span,
                format!(
                    "a scenario has exactly two [[sides]], not {}",
                    raw.sides.get_ref().len()
                ),
            );
            return None;
        };
        if side0.id.get_ref() == side1.id.get_ref() {
            // Every later mention of a side would be ambiguous: stop here.
            cx.err(
                side1.id.span(),
                format!("duplicate side id \"{}\"", side1.id.get_ref()),
            );
            return None;
        }
        let side_spans = [side0.id.span(), side1.id.span()];
        let sides = [side0, side1].map(|s| SideInfo {
            id: s.id.get_ref().clone(),
            name: s.name.clone(),
        });

        // Movement classes (counted first: the duplicate search is quadratic).
        let n_classes = raw.movement.classes.get_ref().len();
        if !(1..=16).contains(&n_classes) {
            cx.err(
                raw.movement.classes.span(),
                format!("[movement] classes must list 1 to 16 movement classes, not {n_classes}"),
            );
            return None;
        }
        let mut classes: Vec<String> = Vec::new();
        for c in raw.movement.classes.get_ref() {
            if classes.contains(c.get_ref()) {
                cx.err(
                    c.span(),
                    format!("duplicate movement class \"{}\"", c.get_ref()),
                );
            }
            classes.push(c.get_ref().clone());
        }

        // Terrain types (counted first, as classes).
        let n_terrain = raw.terrain.get_ref().len();
        if !(1..=255).contains(&n_terrain) {
            cx.err(
                raw.terrain.span(),
                format!("a scenario needs 1 to 255 [[terrain]] types, not {n_terrain}"),
            );
            return None;
        }
        let mut terrain = Vec::new();
        let mut codes_ok = true;
        let mut terrain_costs = Vec::new();
        for t in raw.terrain.get_ref() {
            let mut chars = t.code.get_ref().chars();
            let code = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_graphic() => {
                    if terrain.iter().any(|x: &Terrain| x.code == c) {
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
                    codes_ok = false;
                    // Not a code the grid can use: a space is skipped there.
                    ' '
                }
            };
            let costs = cx.cost_table(
                &classes,
                t.cost.get_ref(),
                Absent::Error(t.cost.span()),
                &format!("terrain \"{}\"", t.name),
            );
            terrain_costs.push(costs);
            if !(-100..=100).contains(&t.attrition) {
                cx.err(
                    t.code.span(),
                    format!("terrain \"{}\": attrition must be -100 to 100", t.name),
                );
            }
            let color = match &t.color {
                Some(c)
                    if c.get_ref().strip_prefix('#').is_some_and(|x| {
                        x.len() == 6 && x.bytes().all(|b| b.is_ascii_hexdigit())
                    }) =>
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
            };
            terrain.push(Terrain {
                code,
                name: t.name.clone(),
                no_zoc: t.no_zoc,
                attrition: t.attrition.clamp(-100, 100) as i8,
                open: t.open,
                no_charge: t.no_charge,
                defense: match &t.defense {
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
                },
                color,
            });
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
        let hex_terrain = read_grid(cx, &raw.map.terrain, &grid, &terrain, codes_ok)?;

        // Route rates and hexside costs.
        let mv = &raw.movement;
        let rate = |cx: &mut Ctx<'_>, t: &CostTable, what: &str| {
            cx.cost_table(&classes, t, Absent::Costs(Mp::NO), what)
        };
        let mut route_rate = Vec::new();
        route_rate.extend(rate(cx, &mv.road, "[movement] road"));
        route_rate.extend(rate(cx, &mv.track, "[movement] track"));
        route_rate.extend(rate(cx, &mv.rail, "[movement] rail"));
        let extra = |cx: &mut Ctx<'_>, t: &CostTable, what: &str| {
            cx.cost_table(&classes, t, Absent::Costs(Mp::ZERO), what)
        };
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
            (
                &hs.double_slope,
                sb::DOUBLE_SLOPE,
                sb::DOUBLE_SLOPE,
                "double slope",
            ),
            (&hs.steep, sb::STEEP, sb::STEEP, "steep slope"),
        ] {
            for s in list {
                if let Some((h, d)) = cx.pair(&grid, s, what) {
                    set_side(&mut sides_bits, &grid, h, d, here, there);
                }
            }
        }
        let mut crossings = Vec::new();
        for (list, bit, what) in [
            (&hs.bridge, sb::BRIDGE, "bridge"),
            (&hs.ford, sb::FORD, "ford"),
        ] {
            for s in list {
                if let Some((h, d)) = cx.pair(&grid, s, what) {
                    crossings.push((h, d, bit, s.span(), what));
                }
            }
        }
        for (h, d, bit, span, what) in crossings {
            let b = sides_bits[h.index() * 6 + d as usize];
            let ok = if bit == sb::FORD {
                b & sb::RIVER != 0
            } else {
                b & (sb::RIVER | sb::STREAM) != 0
            };
            if !ok {
                let needs = if bit == sb::FORD {
                    "river"
                } else {
                    "stream or river"
                };
                cx.err(
                    span,
                    format!(
                        "{what} at {}/{} crosses no {needs}: list the water in [hexsides] too",
                        grid.label(h),
                        grid.label(grid.neighbour(h, d))
                    ),
                );
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
                    cx.err(
                        r.kind.span(),
                        format!(
                            "route \"{}\": unknown route kind \"{k}\" (road, track or rail)",
                            r.name.get_ref()
                        ),
                    );
                    continue;
                }
            };
            if routes.iter().any(|x| x.name == *r.name.get_ref()) {
                cx.err(
                    r.name.span(),
                    format!("duplicate route name \"{}\"", r.name.get_ref()),
                );
            }
            if r.hexes.len() < 2 {
                cx.err(
                    r.name.span(),
                    format!(
                        "{} \"{}\" needs at least two hexes",
                        kind.name(),
                        r.name.get_ref()
                    ),
                );
            }
            let road_no = routes.iter().filter(|x| x.kind == RouteKind::Road).count();
            if kind == RouteKind::Road && road_no >= 64 {
                cx.err(
                    r.name.span(),
                    "at most 64 roads (join roads that are one road)",
                );
                continue;
            }
            let mut hexes = Vec::new();
            let mut prev: Option<HexId> = None;
            let route_what = format!("{} \"{}\"", kind.name(), r.name.get_ref());
            for s in &r.hexes {
                let Some(h) = cx.hex(&grid, s, &route_what) else {
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
                    let up = if b & sb::UPHILL != 0 {
                        slope[c]
                    } else {
                        Mp::ZERO
                    };
                    let dbl = if b & sb::DOUBLE_SLOPE != 0 {
                        double_slope[c]
                    } else {
                        Mp::ZERO
                    };
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
        for (list, bit, what) in [
            (
                &raw.places.east_ports,
                place_bits::EAST_PORT,
                "[places] east port",
            ),
            (
                &raw.places.west_ports,
                place_bits::WEST_PORT,
                "[places] west port",
            ),
            (&raw.places.forts, place_bits::FORT, "[places] fort"),
        ] {
            for h in cx.hexes(&grid, list, what) {
                places[h.index()] |= bit;
            }
        }
        let mut place_names = Vec::new();
        for (name, s) in &raw.places.names {
            if let Some(h) = cx.hex(&grid, s, &format!("[places] name \"{name}\"")) {
                place_names.push((h, name.clone()));
            }
        }
        place_names.sort();

        // Supply sources.
        let mut sources: [Vec<HexId>; 2] = [Vec::new(), Vec::new()];
        for (k, list) in &raw.supply.sources {
            if let Some(s) = cx.side(&sides, k) {
                sources[s.index()] = cx.hexes(
                    &grid,
                    list,
                    &format!("supply source of \"{}\"", k.get_ref()),
                );
            }
        }

        // Objectives.
        let mut objectives = Vec::new();
        for o in &raw.objectives {
            let what = if o.name.is_empty() {
                format!("objective at {}", o.hex.get_ref())
            } else {
                format!("objective \"{}\"", o.name)
            };
            let hex = cx.hex(&grid, &o.hex, &what);
            let side = match &o.side {
                Some(s) => cx.side_of(&sides, s, &what).map(Some),
                None => Some(None),
            };
            let vp = *o.vp.get_ref();
            if !(0..=10_000).contains(&vp) {
                cx.err(
                    o.vp.span(),
                    format!("{what}: vp must be 0 to 10000, not {vp}"),
                );
            }
            if let (Some(hex), Some(side)) = (hex, side) {
                objectives.push(Objective {
                    hex,
                    name: if o.name.is_empty() {
                        grid.label(hex)
                    } else {
                        o.name.clone()
                    },
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
                    let names: Vec<String> =
                        UnitKind::NAMES.iter().map(|(n, _)| n.to_string()).collect();
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
            };
            let class_name = t
                .class
                .as_ref()
                .map_or(kind.name().to_string(), |c| c.get_ref().clone());
            let class = match classes.iter().position(|c| *c == class_name) {
                Some(i) => i as u8,
                None => {
                    let sp = t.class.as_ref().map_or(span.clone(), |c| c.span());
                    cx.err(sp, format!("unit type \"{key}\": unknown movement class \"{class_name}\" (classes are {})", list(&classes)));
                    0
                }
            };
            let movement = cx
                .points(
                    t.movement.span(),
                    *t.movement.get_ref(),
                    "movement allowance",
                )
                .unwrap_or(Mp::ZERO);
            let per_step = |cx: &mut Ctx<'_>, v: &Spanned<PerStep>, what: &str| -> Vec<f64> {
                let vals = match v.get_ref() {
                    PerStep::One(x) => vec![*x],
                    PerStep::Steps(xs) => xs.clone(),
                };
                if vals.is_empty()
                    || vals.len() > 4
                    || vals.iter().any(|x| !(0.0..=1000.0).contains(x))
                {
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
                cx.err(
                    span.clone(),
                    format!(
                        "unit type \"{key}\": attack has {} steps but defense has {}",
                        attack.len(),
                        defense.len()
                    ),
                );
            }
            let small = |cx: &mut Ctx<'_>, v: &Option<Spanned<i64>>, what: &str| -> Option<u8> {
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
            };
            let morale = small(cx, &t.morale, "morale");
            let command = small(cx, &t.command, "command radius").unwrap_or(0);
            let Ok(index) = u16::try_from(unit_types.len()) else {
                cx.err(span, "too many unit types (at most 65535)");
                break;
            };
            let coalition = match &t.coalition {
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
            };
            type_index.insert(key.as_str(), index);
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
                coalition,
                symbol,
            });
        }

        // Rules.
        let stacking = match &raw.rules.stacking {
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
        };
        let phases = match &raw.rules.phases {
            Some(ps) => {
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
            None => vec![
                PhaseKind::Supply,
                PhaseKind::Movement,
                PhaseKind::Rail,
                PhaseKind::Combat,
            ],
        };

        // Units.
        let mut units: Vec<UnitSetup> = Vec::new();
        // Lower-cased id -> the first unit's id and where it is.
        let mut ids: HashMap<String, (&str, usize)> = HashMap::new();
        // Set-up hex -> the side there and how many units.
        let mut setup_count: BTreeMap<HexId, (Side, usize)> = BTreeMap::new();
        // Whether any unit names each side, and whether any names no side.
        let mut side_named = [false; 2];
        let mut side_unknown = false;
        let type_keys: Vec<String> = raw.unit_types.keys().cloned().collect();
        for u in &raw.units {
            let u_span = u.span();
            let u = u.get_ref();
            match ids.entry(u.id.get_ref().to_ascii_lowercase()) {
                Entry::Occupied(first) => {
                    let (id, line) = *first.get();
                    cx.err(u.id.span(), format!("duplicate unit id \"{}\" (unit \"{id}\" on line {line}; ids ignore case)", u.id.get_ref()));
                }
                Entry::Vacant(v) => {
                    v.insert((u.id.get_ref(), cx.position(u.id.span().start).0));
                }
            }
            let what = format!("unit \"{}\"", u.id.get_ref());
            let side = cx.side_of(&sides, &u.side, &what);
            match side {
                Some(s) => side_named[s.index()] = true,
                None => side_unknown = true,
            }
            let ty = match type_index.get(u.unit_type.get_ref().as_str()) {
                Some(t) => Some(*t),
                None => {
                    cx.err(
                        u.unit_type.span(),
                        format!(
                            "unit \"{}\": unknown unit type \"{}\" (types are {})",
                            u.id.get_ref(),
                            u.unit_type.get_ref(),
                            list(&type_keys)
                        ),
                    );
                    None
                }
            };
            let hex = cx.hex(&grid, &u.hex, &what);
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
            let (Some(side), Some(ty), Some(hex)) = (side, ty, hex) else {
                continue;
            };
            let utype = &unit_types[ty as usize];
            let steps = match &u.steps {
                Some(s) => {
                    let v = *s.get_ref();
                    if v < 1 || v > utype.steps() as i64 {
                        cx.err(s.span(), format!("unit \"{}\" sets up with {v} steps, but type \"{}\" has 1 to {} steps", u.id.get_ref(), utype.key, utype.steps()));
                    }
                    v.clamp(1, utype.steps() as i64) as u8
                }
                None => utype.steps(),
            };
            // The hex's terrain, then whether a route lets the class stand there.
            let class = utype.class as usize;
            let terrain_ok = !terrain_costs[hex_terrain[hex.index()] as usize][class].is_no();
            let route_ok = (0..3).any(|k| {
                hex_routes[hex.index()] & (1 << k) != 0 && !route_rate[k * nc + class].is_no()
            });
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
                let e = setup_count.entry(hex).or_insert((side, 0));
                if e.0 != side {
                    cx.err(
                        u.hex.span(),
                        format!(
                            "unit \"{}\" sets up in {}, which holds an enemy unit",
                            u.id.get_ref(),
                            grid.label(hex)
                        ),
                    );
                }
                e.1 += 1;
                if e.1 == usize::from(stacking) + 1 {
                    cx.err(
                        u.hex.span(),
                        format!("unit \"{}\": overstacked set-up, more than {stacking} units in {} (stacking limit {stacking})", u.id.get_ref(), grid.label(hex)),
                    );
                }
            }
            if u.amphibious
                && (arrives < 2
                    || places[hex.index()] & (place_bits::EAST_PORT | place_bits::WEST_PORT) == 0)
            {
                cx.err(
                    u.hex.span(),
                    format!(
                        "unit \"{}\" is amphibious (MAL-CBT-10): it must be a reinforcement (turn 2 or later) landing at a port, and {} {}",
                        u.id.get_ref(),
                        grid.label(hex),
                        if arrives < 2 { "is its set-up hex" } else { "is not a port" }
                    ),
                );
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
                amphibious: u.amphibious,
            });
        }
        // A unit naming an unknown side may be the missing side's, misspelt: that error says enough.
        if !side_unknown {
            for s in Side::BOTH {
                if !side_named[s.index()] {
                    cx.err(
                        side_spans[s.index()].clone(),
                        format!("side \"{}\" has no [[units]]", sides[s.index()].id),
                    );
                }
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
                for h in cx.hexes(
                    &grid,
                    list,
                    &format!("[control] hex of \"{}\"", k.get_ref()),
                ) {
                    initial_control[h.index()] = 1 + s.0;
                }
            }
        }
        for u in units.iter().filter(|u| u.arrives == 1) {
            initial_control[u.hex.index()] = 1 + u.side.0;
        }

        // Victory.
        let (dec, mar) = (
            *raw.victory.decisive.get_ref(),
            *raw.victory.marginal.get_ref(),
        );
        if mar < 1 || dec < mar || dec > 1_000_000 {
            let span = if dec > 1_000_000 {
                raw.victory.decisive.span()
            } else {
                raw.victory.marginal.span()
            };
            cx.err(span, format!("[victory] margins must satisfy 1 <= marginal <= decisive <= 1000000 (marginal {mar}, decisive {dec})"));
        }
        let step_vp = match &raw.victory.step_vp {
            Some(v) => {
                if !(0..=1000).contains(v.get_ref()) {
                    cx.err(
                        v.span(),
                        format!("[victory] step_vp must be 0 to 1000, not {}", v.get_ref()),
                    );
                }
                *v.get_ref()
            }
            None => 1,
        };

        let mut supply = check_supply(cx, &raw.supply, &grid, &sides);
        supply.graded = check_graded(
            cx,
            &raw.supply,
            supply.model,
            &Known {
                grid: &grid,
                sides: &sides,
                classes: &classes,
                turns: turns.clamp(1, 99) as usize,
                unit_types: &unit_types,
            },
        );
        let mut rail_capacity = [1u8; 2];
        for (k, v) in &raw.rules.rail_capacity {
            if let Some(s) = cx.side(&sides, k) {
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
        let rail_hexes = match &raw.rules.rail_hexes {
            Some(v) => {
                let n = *v.get_ref();
                if !(1..=1000).contains(&n) {
                    cx.err(v.span(), format!("rail_hexes must be 1 to 1000, not {n}"));
                }
                n.clamp(1, 1000) as u16
            }
            None => 40,
        };
        let combat = check_combat(cx, &raw.combat, &sides);
        let forts: Vec<HexId> = grid
            .hexes()
            .filter(|h| places[h.index()] & place_bits::FORT != 0)
            .collect();
        Some(Scenario {
            id: ScenarioId::fresh(),
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
                step_vp: step_vp.clamp(0, 1000) as i32,
                decisive: dec.clamp(0, 1_000_000) as i32,
                marginal: mar.clamp(0, 1_000_000) as i32,
            },
            stacking,
            phases,
            supply,
            forts,
            rail_capacity,
            rail_hexes,
            edges: Vec::new(),
            zoc_dirs: Vec::new(),
            combat,
            source_fields: Vec::new(),
        })
    }
}

/// `[combat]`: the results table and combat options (MAL-CBT, D-CRT-1).
fn check_combat(cx: &mut Ctx<'_>, raw: &CombatFile, sides: &[SideInfo; 2]) -> CombatRules {
    let mut rules = CombatRules::default();
    let parse_column = |s: &str| -> Option<(u16, u16)> {
        let (a, d) = s.trim().split_once(':')?;
        let (a, d): (u16, u16) = (a.trim().parse().ok()?, d.trim().parse().ok()?);
        ((1..=100).contains(&a) && (1..=100).contains(&d)).then_some((a, d))
    };
    match (&raw.columns, &raw.results) {
        (None, None) => {}
        (Some(c), None) => cx.err(
            c.span(),
            "[combat] columns given without results: give both, or neither for the default table",
        ),
        (None, Some(r)) => cx.err(
            r.span(),
            "[combat] results given without columns: give both, or neither for the default table",
        ),
        (Some(cols), Some(rows)) => {
            let mut columns = Vec::new();
            for c in cols.get_ref() {
                match parse_column(c.get_ref()) {
                    Some(x) => {
                        if columns.last().is_some_and(|&(a, d): &(u16, u16)| {
                            x.0 as u32 * d as u32 <= a as u32 * x.1 as u32
                        }) {
                            cx.err(
                                c.span(),
                                format!(
                                    "[combat] column \"{}\" must be higher odds than the one before it",
                                    c.get_ref()
                                ),
                            );
                        }
                        columns.push(x)
                    }
                    None => cx.err(
                        c.span(),
                        format!(
                            "[combat] column \"{}\" is not odds written A:D (each 1 to 100), like \"3:1\"",
                            c.get_ref()
                        ),
                    ),
                }
            }
            if cols.get_ref().is_empty() {
                cx.err(cols.span(), "[combat] columns: at least one column");
            }
            let n = rows.get_ref().len();
            if !(1..=20).contains(&n) {
                cx.err(
                    rows.span(),
                    format!("[combat] results: one row per die face, 1 to 20 rows, not {n}"),
                );
            }
            let mut results = Vec::new();
            for (i, row) in rows.get_ref().iter().enumerate() {
                if row.get_ref().len() != cols.get_ref().len() {
                    cx.err(
                        row.span(),
                        format!(
                            "[combat] results row {} (die {}) has {} results for {} columns",
                            i + 1,
                            i + 1,
                            row.get_ref().len(),
                            cols.get_ref().len()
                        ),
                    );
                }
                let mut out = Vec::new();
                for r in row.get_ref() {
                    match CrtResult::parse(r.get_ref()) {
                        Some(x) => out.push(x),
                        None => cx.err(
                            r.span(),
                            format!(
                                "[combat] result \"{}\" is not one of -, EX, or A<n>, D<n>, R<n> in that order (like \"D1R2\")",
                                r.get_ref()
                            ),
                        ),
                    }
                }
                results.push(out);
            }
            if !columns.is_empty() && (1..=20).contains(&n) {
                rules.columns = columns;
                rules.results = results;
            }
        }
    }
    if let Some(l) = &raw.losses {
        match l.get_ref().as_str() {
            "steps" => rules.losses = LossModel::Steps,
            "morale" => rules.losses = LossModel::Morale,
            other => cx.err(
                l.span(),
                format!("[combat] losses must be \"steps\" or \"morale\", not \"{other}\""),
            ),
        }
    }
    for (k, v) in &raw.air {
        if let Some(s) = cx.side(sides, k) {
            let n = *v.get_ref();
            if !(0..=50).contains(&n) {
                cx.err(
                    v.span(),
                    format!("[combat] air points must be 0 to 50 a turn, not {n}"),
                );
            }
            rules.air[s.index()] = n.clamp(0, 50) as u8;
        }
    }
    if let Some(c) = &raw.defender_air_at {
        match parse_column(c.get_ref()).and_then(|x| rules.columns.iter().position(|&y| y == x)) {
            Some(i) => rules.defender_air_at = i,
            None => cx.err(
                c.span(),
                format!(
                    "[combat] defender_air_at \"{}\" is not a column of the table",
                    c.get_ref()
                ),
            ),
        }
    } else {
        rules.defender_air_at = rules
            .columns
            .iter()
            .position(|&(a, d)| a >= 3 * d)
            .unwrap_or(rules.columns.len() - 1);
    }
    let mut factor = |v: &Option<Spanned<f64>>, what: &str, default: f64| match v {
        Some(x) if !(0.0..=10.0).contains(x.get_ref()) => {
            cx.err(
                x.span(),
                format!("[combat] {what} must be 0 to 10, not {}", x.get_ref()),
            );
            default
        }
        Some(x) => *x.get_ref(),
        None => default,
    };
    rules.river = factor(&raw.river, "river", 0.5);
    rules.stream = factor(&raw.stream, "stream", 1.0);
    rules.fort = factor(&raw.fort, "fort", 2.0);
    if let Some(v) = &raw.amphibious_loss {
        let n = *v.get_ref();
        if !(0..=4).contains(&n) {
            cx.err(
                v.span(),
                format!("[combat] amphibious_loss must be 0 to 4 steps, not {n}"),
            );
        }
        rules.amphibious_loss = n.clamp(0, 4) as u8;
    }
    rules
}

/// Reads the terrain grid: one line per row, one letter per column. Unknown
/// letters are reported only when every `[[terrain]]` code was good (`codes_ok`):
/// a bad code already has its error, and would make every letter of it unknown.
fn read_grid(
    cx: &mut Ctx<'_>,
    s: &SStr,
    grid: &Grid,
    terrain: &[Terrain],
    codes_ok: bool,
) -> Option<Vec<u8>> {
    let text = s.get_ref();
    // Where the text starts in the source, so each letter's error points at it.
    let span = s.span();
    let raw = cx.src.get(span.clone()).unwrap_or("");
    let body_start = ["\"\"\"", "'''", "\"", "'"]
        .iter()
        .find(|q| raw.starts_with(*q))
        .map_or(span.start, |q| {
            let mut p = span.start + q.len();
            // A newline right after the opening quotes is not part of the string.
            let rest = cx.src.get(p..).unwrap_or("");
            if q.len() == 3 {
                if rest.starts_with("\r\n") {
                    p += 2;
                } else if rest.starts_with('\n') {
                    p += 1;
                }
            }
            p
        });
    let exact = cx.src.get(body_start..body_start + text.len()) == Some(text.as_str());
    let at = |off: usize| {
        if exact {
            body_start + off..body_start + off + 1
        } else {
            span.clone()
        }
    };

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
        cx.err(
            span.clone(),
            format!(
                "the terrain grid has {} rows, but the map has rows = {rows}",
                lines.len()
            ),
        );
        return None;
    }
    let mut out = vec![0u8; grid.len()];
    let mut ok = true;
    // Unknown letters: (offset in the text, letter, hex).
    let mut unknown: Vec<(usize, char, String)> = Vec::new();
    for (r, (line_off, line)) in lines.iter().enumerate() {
        let letters: Vec<(usize, char)> = line
            .char_indices()
            .filter(|(_, c)| !c.is_whitespace())
            .collect();
        if letters.len() != cols {
            cx.err(
                at(*line_off),
                format!(
                    "terrain grid row {} has {} letters, but the map has columns = {cols}",
                    r + 1,
                    letters.len()
                ),
            );
            ok = false;
            continue;
        }
        for (c, (i, ch)) in letters.into_iter().enumerate() {
            match terrain.iter().position(|t| t.code == ch) {
                Some(t) => out[r * cols + c] = t as u8,
                None => {
                    let hex = grid
                        .at(c as u16 + 1, r as u16 + 1)
                        .map_or(String::new(), |h| grid.label(h));
                    unknown.push((line_off + i, ch, hex));
                    ok = false;
                }
            }
        }
    }
    if codes_ok {
        // One error per letter, up to a point: a whole map of them says no more.
        const SHOWN: usize = 20;
        let codes: String = terrain.iter().map(|t| t.code).collect();
        for (off, ch, hex) in unknown.iter().take(SHOWN) {
            cx.err(
                at(*off),
                format!("unknown terrain code '{ch}' at hex {hex} (codes are \"{codes}\")"),
            );
        }
        if let Some((off, _, hex)) = unknown.get(SHOWN) {
            let more = unknown.len() - SHOWN;
            cx.err(
                at(*off),
                format!(
                    "{more} more unknown terrain codes, from hex {hex} on (codes are \"{codes}\")"
                ),
            );
        }
    }
    ok.then_some(out)
}

fn set_side(bits: &mut [u16], grid: &Grid, h: HexId, d: Dir, here: u16, there: u16) {
    bits[h.index() * 6 + d as usize] |= here;
    let o = grid.neighbour(h, d);
    bits[o.index() * 6 + d.opposite() as usize] |= there;
}

/// `[supply]`: the model, attrition and the port rule (MAL-SUP-7, MAL-SUP-8).
fn check_supply(
    cx: &mut Ctx<'_>,
    raw: &SupplyFile,
    grid: &Grid,
    sides: &[SideInfo; 2],
) -> SupplyRules {
    let model = match raw.model.as_ref().map(|m| (m.get_ref().as_str(), m.span())) {
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
    };
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
    let ports = raw.ports.as_ref().and_then(|p| {
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
    });
    SupplyRules {
        model,
        attrition,
        attrition_both_sides,
        ports,
        graded: None,
    }
}

/// What is already checked when `[supply]`'s graded part is read.
struct Known<'a> {
    grid: &'a Grid,
    sides: &'a [SideInfo; 2],
    classes: &'a [String],
    turns: usize,
    unit_types: &'a [UnitType],
}

/// GS-1..8: the graded model's part of `[supply]`. Its fields are errors
/// under another model (they would silently do nothing); under the graded
/// model every one has a default.
fn check_graded(
    cx: &mut Ctx<'_>,
    raw: &SupplyFile,
    model: SupplyModel,
    k: &Known<'_>,
) -> Option<GradedRules> {
    if model != SupplyModel::Graded {
        let first_key = |m: &BTreeMap<SStr, _>| m.keys().next().map(|k: &SStr| k.span());
        let fields = [
            ("weather", raw.weather.keys().next().map(|k| k.span())),
            ("turn_weather", raw.turn_weather.as_ref().map(|t| t.span())),
            ("effects", raw.effects.first().map(|e| e.span())),
            ("supply_points", first_key(&raw.supply_points)),
            ("starting_points", first_key(&raw.starting_points)),
            ("sp_cost", raw.sp_cost.as_ref().map(|v| v.span())),
            ("attack_sp", raw.attack_sp.as_ref().map(|v| v.span())),
            (
                "special_sources",
                raw.special_sources.keys().next().map(|k| k.span()),
            ),
            (
                "special_range",
                raw.special_range.as_ref().map(|v| v.span()),
            ),
            ("zoc_cost", raw.zoc_cost.as_ref().map(|v| v.span())),
            (
                "isolated_losses",
                raw.isolated_losses.as_ref().map(|v| v.span()),
            ),
            ("loc_class", raw.loc_class.as_ref().map(|v| v.span())),
        ];
        for (name, span) in fields {
            if let Some(span) = span {
                cx.err(
                    span,
                    format!(
                        "[supply] {name} belongs to the graded supply model (model = \"graded\")"
                    ),
                );
            }
        }
        return None;
    }

    // GS-6: weather tables, in file order.
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
    let mut turn_weather = vec![0u8; k.turns];
    if let Some(given) = &raw.turn_weather {
        if given.get_ref().len() != k.turns {
            cx.err(
                given.span(),
                format!(
                    "[supply] turn_weather lists {} turns, but the game has {} (one weather per turn)",
                    given.get_ref().len(),
                    k.turns
                ),
            );
        }
        for (i, name) in given.get_ref().iter().enumerate().take(k.turns) {
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
    }

    // GS-5: the Supply Effects Chart.
    let mut rows: [Option<SupplyEffect>; 10] = [None; 10];
    for e in &raw.effects {
        let e = e.get_ref();
        let level = e.level.get_ref().to_ascii_lowercase();
        let index = match level.as_str() {
            "limited" | "u0" => Some(0),
            "special" => Some(9),
            l => l
                .strip_prefix('u')
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|n| (1..=8).contains(n)),
        };
        let Some(index) = index else {
            cx.err(
                e.level.span(),
                format!(
                    "[[supply.effects]]: unknown level \"{}\" (limited, special, U1 to U8)",
                    e.level.get_ref()
                ),
            );
            continue;
        };
        if rows[index].is_some() {
            cx.err(
                e.level.span(),
                format!(
                    "[[supply.effects]]: level \"{}\" is listed twice",
                    e.level.get_ref()
                ),
            );
        }
        let factor = |cx: &mut Ctx<'_>, v: &Option<Spanned<f64>>, what: &str| match v {
            Some(v) => {
                let x = *v.get_ref();
                if !(0.0..=1.0).contains(&x) {
                    cx.err(
                        v.span(),
                        format!(
                            "[[supply.effects]] {what} must be a multiplier from 0 to 1, not {x}"
                        ),
                    );
                }
                x.clamp(0.0, 1.0)
            }
            None => 1.0,
        };
        rows[index] = Some(SupplyEffect {
            movement: factor(cx, &e.movement, "movement"),
            attack: factor(cx, &e.attack, "attack"),
            defense: factor(cx, &e.defense, "defense"),
            zoc: e.zoc.unwrap_or(true),
        });
    }
    // A level missing from the chart has the row of the nearest lower one.
    let mut levels = [SupplyEffect::NONE; 9];
    for i in 0..9 {
        levels[i] = match rows[i] {
            Some(r) => r,
            None if i > 0 => levels[i - 1],
            None => SupplyEffect::NONE,
        };
    }

    // GS-4: supply points.
    let per_side = |cx: &mut Ctx<'_>, m: &BTreeMap<SStr, Spanned<i64>>, what: &str| {
        let mut out = [0u16; 2];
        for (key, v) in m {
            if let Some(s) = cx.side_of(k.sides, key, &format!("[supply] {what}")) {
                let n = *v.get_ref();
                if !(0..=10_000).contains(&n) {
                    cx.err(
                        v.span(),
                        format!("[supply] {what} must be 0 to 10000, not {n}"),
                    );
                }
                out[s.index()] = n.clamp(0, 10_000) as u16;
            }
        }
        out
    };
    let supply_points = per_side(cx, &raw.supply_points, "supply_points");
    let starting_points = per_side(cx, &raw.starting_points, "starting_points");
    let sp_cost = match &raw.sp_cost {
        Some(v) => {
            let n = *v.get_ref();
            if !(1..=1000).contains(&n) {
                cx.err(
                    v.span(),
                    format!("[supply] sp_cost must be 1 to 1000, not {n}"),
                );
            }
            n.clamp(1, 1000) as u16
        }
        None => 1,
    };
    let attack_sp = match &raw.attack_sp {
        Some(v) => {
            let n = *v.get_ref();
            if !(0..=1000).contains(&n) {
                cx.err(
                    v.span(),
                    format!("[supply] attack_sp must be 0 to 1000, not {n}"),
                );
            }
            n.clamp(0, 1000) as u16
        }
        None => 0,
    };

    // GS-1: special sources.
    let mut special_sources: [Vec<HexId>; 2] = [Vec::new(), Vec::new()];
    for (key, hexes) in &raw.special_sources {
        if let Some(s) = cx.side_of(k.sides, key, "[supply] special_sources") {
            special_sources[s.index()] = cx.hexes(
                k.grid,
                hexes,
                &format!("special supply source of \"{}\"", key.get_ref()),
            );
        }
    }
    let special_range = raw
        .special_range
        .as_ref()
        .map(|r| mp_upto(cx, r, 100, "[supply] special_range"));
    let zoc_cost = match &raw.zoc_cost {
        Some(v) => mp_upto(cx, v, 100, "[supply] zoc_cost"),
        None => Mp::points(2),
    };
    let isolated_losses = match &raw.isolated_losses {
        Some(v) => {
            let n = *v.get_ref();
            if !(0..=10).contains(&n) {
                cx.err(
                    v.span(),
                    format!("[supply] isolated_losses must be 0 to 10, not {n}"),
                );
            }
            n.clamp(0, 10) as u8
        }
        None => 1,
    };
    let loc_class = match &raw.loc_class {
        Some(c) => match k.classes.iter().position(|x| x == c.get_ref()) {
            Some(i) => i as u8,
            None => {
                cx.err(
                    c.span(),
                    format!(
                        "[supply] loc_class: unknown movement class \"{}\" (classes are {})",
                        c.get_ref(),
                        list(k.classes)
                    ),
                );
                0
            }
        },
        None => 0,
    };

    // GS-3: nations, numbered in order of first mention.
    let mut nations: Vec<String> = Vec::new();
    let mut type_nation = Vec::with_capacity(k.unit_types.len());
    for t in k.unit_types {
        let i = match nations.iter().position(|n| *n == t.nation) {
            Some(i) => i,
            None => {
                nations.push(t.nation.clone());
                nations.len() - 1
            }
        };
        type_nation.push(i.min(63) as u8);
    }
    if nations.len() > 64 {
        let span = raw.model.as_ref().map_or(0..0, |m| m.span());
        cx.err(
            span,
            format!(
                "the graded supply model allows at most 64 nations, the unit types have {}",
                nations.len()
            ),
        );
    }
    Some(GradedRules {
        weathers,
        turn_weather,
        levels,
        special: rows[9],
        supply_points,
        starting_points,
        sp_cost,
        attack_sp,
        special_sources,
        special_range,
        zoc_cost,
        isolated_losses,
        loc_class,
        nations,
        type_nation,
    })
}

/// Movement points from 0 to `max`, in sixths.
fn mp_upto(cx: &mut Ctx<'_>, v: &Spanned<f64>, max: u16, what: &str) -> Mp {
    let Some(m) = cx.points(v.span(), *v.get_ref(), what) else {
        return Mp::ZERO;
    };
    if m > Mp::points(max) {
        cx.err(
            v.span(),
            format!("{what} must be at most {max} movement points, not {m}"),
        );
        return Mp::points(max);
    }
    m
}
