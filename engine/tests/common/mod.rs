//! Perft-style fixtures: a small scenario file whose `#!` comment lines are
//! a script of moves and expectations, checked by one helper. Adding a case
//! is adding data.
//!
//! Directives, one per line, run in order:
//!
//! ```text
//! #! reach UNIT = HEX:COST[*] ...   the unit's destinations, exactly (`*`: it stops there, in enemy ZOC)
//! #! reach UNIT has HEX:COST[*] ... these destinations among others
//! #! reach UNIT lacks HEX ...       none of these is a destination
//! #! path UNIT HEX = HEX ...        the hexes entered on the cheapest path to HEX
//! #! move UNIT HEX                  a legal move, applied
//! #! illegal move UNIT HEX          a move the checked apply refuses
//! #! end                            end the phase
//! #! zoc SIDE = HEX ...             the hexes in SIDE's ZOC, exactly
//! #! control HEX SIDE|none          who controls HEX
//! #! at UNIT HEX|off                where the unit is
//! #! phase SIDE PHASE TURN          whose phase it is
//! #! vp N N                         victory points if the game ended now
//! #! result SIDE|none LEVEL N N     the result once over
//! #! over true|false                whether the game is over
//! #! supply UNIT supplied|unsupplied  its state as judged in the last Supply Phase
//! #! trace UNIT = HEX ...           it traces supply now, along this path (unit to source)
//! #! why UNIT TEXT                  it cannot trace supply now, and the reason contains TEXT
//! #! ma UNIT MP                     its movement allowance now
//! #! strength UNIT ATT DEF          its attack and defense strengths now
//! #! steps UNIT N                   its steps left
//! #! rail UNIT =|has HEX:N ...      rail destinations with hexes entered (`lacks HEX ...` too)
//! #! railpath UNIT HEX = HEX ...   the rail path to HEX (hexes entered)
//! #! norail UNIT TEXT               it may not move by rail, and the reason contains TEXT
//! #! railmove UNIT HEX              a legal rail move, applied
//! #! undo UNIT                      take its rail move back
//! #! illegal end                    ending the phase is refused
//! ```
//!
//! Graded supply (GS-1..8):
//!
//! ```text
//! #! end N                          end the phase N times
//! #! graded UNIT STATE U<n>         its status (full|limited|out|special) and U-level as last judged
//! #! now UNIT STATE                 its status by the current position (supply::trace)
//! #! hq UNIT = HQ|none              the HQ it traces to now
//! #! reason UNIT TEXT               the trace's reason (why not, or why not full) contains TEXT
//! #! isolated UNIT combat|supply yes|no  its GS-7 marker as last judged
//! #! loc UNIT = HEX ...             its line of communication now, unit to the nearest hex in general supply
//! #! loc UNIT none                  no line of communication reaches it now (isolated)
//! #! loccost UNIT MP                what its line of communication costs now
//! #! sp SIDE N                      the side's supply points
//! #! spend UNIT                     spend supply points on it (GS-4), applied
//! #! illegal spend UNIT [TEXT]      refused, state untouched (and the reason contains TEXT)
//! #! legal spend UNIT yes|no        whether legal_actions lists SpendSupply for it
//! #! weather NAME                   the current turn's weather
//! #! set UNIT HEX|off               put it there, or eliminate it (a test set-up, through a saved game)
//! #! emitted TEXT                   the last action gave off an event that reads TEXT ...
//! #! quiet TEXT                     ... or none that does; events read `SupplyChanged UNIT STATE U<n>`,
//!                                   `SupplySpent UNIT POINTS left N`, `IsolationChanged UNIT combat|supply yes|no`
//! ```

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::Path;

use hexwar_engine::movement::Scratch;
use hexwar_engine::state::UnitFlags;
use hexwar_engine::{Action, Event, GameState, Mp, Scenario, UnitId, rail, reachable, supply, zoc};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Loads `tests/fixtures/NAME`.
pub fn load(name: &str) -> (Scenario, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let scen =
        Scenario::from_toml(&src, name).unwrap_or_else(|e| panic!("fixture does not load:\n{e}"));
    (scen, src)
}

fn cost(s: &str) -> Mp {
    let f: f64 = s.parse().unwrap_or_else(|_| panic!("bad cost {s}"));
    Mp((f * Mp::SCALE as f64).round() as u16)
}

/// Runs the fixture's script; panics with `file:line: what` on the first miss.
pub fn check(name: &str) {
    let (scen, src) = load(name);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
    let mut events: Vec<Event> = Vec::new();
    let mut state = GameState::new_with(&scen, &mut rng, &mut events);
    let grid = scen.grid();
    let id = |u: &UnitId| scen.unit(*u).id.clone();
    let yes = |b: bool| if b { "yes" } else { "no" };
    let describe = |e: &Event| match e {
        Event::SupplyChanged {
            unit,
            state,
            u_level,
        } => format!(
            "SupplyChanged {} {} U{u_level}",
            id(unit),
            state.graded_name()
        ),
        Event::SupplySpent { unit, points, left } => {
            format!("SupplySpent {} {points} left {left}", id(unit))
        }
        Event::IsolationChanged {
            unit,
            marker,
            isolated,
        } => format!(
            "IsolationChanged {} {} {}",
            id(unit),
            marker.name(),
            yes(*isolated)
        ),
        e => format!("{e:?}"),
    };
    let hex = |l: &str| grid.parse(l).unwrap_or_else(|e| panic!("{name}: {e}"));
    let unit = |id: &str| {
        scen.unit_by_id(id)
            .unwrap_or_else(|| panic!("{name}: no unit {id}"))
    };
    let mut directives = 0;
    for (i, line) in src.lines().enumerate() {
        let Some(d) = line.strip_prefix("#!") else {
            continue;
        };
        directives += 1;
        let at = format!("{name}:{}: `{}`", i + 1, d.trim());
        let w: Vec<&str> = d.split_whitespace().collect();
        match w.as_slice() {
            ["reach", u, mode, rest @ ..] => {
                let r = reachable(&scen, &state, unit(u));
                let got: BTreeMap<String, String> = r
                    .destinations
                    .iter()
                    .map(|d| {
                        (
                            grid.label(d.hex),
                            format!("{}{}", d.cost, if d.stops { "*" } else { "" }),
                        )
                    })
                    .collect();
                match *mode {
                    "=" | "has" => {
                        let want: BTreeMap<String, String> = rest
                            .iter()
                            .map(|e| {
                                let (h, c) = e
                                    .split_once(':')
                                    .unwrap_or_else(|| panic!("{at}: write HEX:COST"));
                                let stops = c.ends_with('*');
                                let c = cost(c.trim_end_matches('*'));
                                (
                                    h.to_string(),
                                    format!("{c}{}", if stops { "*" } else { "" }),
                                )
                            })
                            .collect();
                        if *mode == "=" {
                            assert_eq!(got, want, "{at}: destinations (hex -> cost) differ");
                        } else {
                            for (h, c) in &want {
                                assert_eq!(
                                    got.get(h),
                                    Some(c),
                                    "{at}: {h}; all destinations: {got:?}"
                                );
                            }
                        }
                    }
                    "lacks" => {
                        for h in rest {
                            assert!(
                                !got.contains_key(*h),
                                "{at}: {h} should not be reachable (cost {:?})",
                                got.get(*h)
                            );
                        }
                    }
                    m => panic!("{at}: unknown reach mode {m}"),
                }
            }
            ["path", u, to, "=", rest @ ..] => {
                let r = reachable(&scen, &state, unit(u));
                let d = r
                    .destinations
                    .iter()
                    .find(|d| d.hex == hex(to))
                    .unwrap_or_else(|| panic!("{at}: {to} not reachable"));
                let got: Vec<String> = d.path.iter().map(|h| grid.label(*h)).collect();
                assert_eq!(got, rest.to_vec(), "{at}: path");
            }
            ["move", u, to] => {
                let a = Action::Move {
                    unit: unit(u),
                    to: hex(to),
                };
                events.clear();
                if let Err(e) = state.apply(&scen, a, &mut rng, &mut events) {
                    panic!("{at}: refused: {}", e.describe(&scen));
                }
            }
            ["illegal", "move", u, to] => {
                let a = Action::Move {
                    unit: unit(u),
                    to: hex(to),
                };
                let before = state.clone();
                assert!(
                    state.apply(&scen, a, &mut rng, &mut ()).is_err(),
                    "{at}: was accepted"
                );
                assert_eq!(state, before, "{at}: a refused action changed the state");
            }
            ["end"] => {
                events.clear();
                state
                    .apply(&scen, Action::EndPhase, &mut rng, &mut events)
                    .unwrap()
            }
            ["end", n] => {
                events.clear();
                for _ in 0..n.parse::<u32>().expect("end N") {
                    state
                        .apply(&scen, Action::EndPhase, &mut rng, &mut events)
                        .unwrap()
                }
            }
            ["graded", u, st, level] => {
                let us = state.unit(unit(u));
                assert_eq!(
                    format!("{} U{}", us.supply.graded_name(), us.u_level),
                    format!("{st} {level}"),
                    "{at}: judged status and U-level"
                );
            }
            ["now", u, st] => {
                let t = supply::trace(&scen, &state, unit(u));
                assert_eq!(
                    t.state.graded_name(),
                    *st,
                    "{at}: status now; path {:?}, reason {:?}",
                    t.path.iter().map(|h| grid.label(*h)).collect::<Vec<_>>(),
                    t.reason
                );
            }
            ["reason", u, rest @ ..] => {
                let t = supply::trace(&scen, &state, unit(u));
                let want = rest.join(" ");
                let got = t.reason.unwrap_or_default();
                assert!(got.contains(&want), "{at}: reason is \"{got}\"");
            }
            ["hq", u, "=", want] => {
                let t = supply::trace(&scen, &state, unit(u));
                let got = t.hq.map_or("none".to_string(), |h| id(&h));
                assert_eq!(got, *want, "{at}: HQ traced to; reason {:?}", t.reason);
            }
            ["isolated", u, marker, want] => {
                let flag = match *marker {
                    "combat" => UnitFlags::COMBAT_ISOLATED,
                    "supply" => UnitFlags::SUPPLY_ISOLATED,
                    m => panic!("{at}: unknown marker {m}"),
                };
                assert_eq!(
                    yes(state.unit(unit(u)).has(flag)),
                    *want,
                    "{at}: {marker} isolation marker"
                );
            }
            ["loc", u, "none"] => {
                let t = supply::trace(&scen, &state, unit(u));
                let got: Vec<String> = t.loc.iter().map(|h| grid.label(*h)).collect();
                assert!(
                    t.isolated,
                    "{at}: not isolated: LOC {got:?} costs {:?}",
                    t.loc_cost
                );
            }
            ["loc", u, "=", rest @ ..] => {
                let t = supply::trace(&scen, &state, unit(u));
                assert!(!t.isolated, "{at}: isolated");
                let got: Vec<String> = t.loc.iter().map(|h| grid.label(*h)).collect();
                assert_eq!(got, rest.to_vec(), "{at}: line of communication");
            }
            ["loccost", u, mp] => {
                let t = supply::trace(&scen, &state, unit(u));
                assert_eq!(t.loc_cost, Some(cost(mp)), "{at}: LOC cost");
            }
            ["sp", side, n] => {
                let s = scen
                    .side_by_name(side)
                    .unwrap_or_else(|| panic!("{at}: no side {side}"));
                assert_eq!(
                    state.supply_points(s).to_string(),
                    *n,
                    "{at}: supply points"
                );
            }
            ["spend", u] => {
                events.clear();
                let a = Action::SpendSupply { unit: unit(u) };
                if let Err(e) = state.apply(&scen, a, &mut rng, &mut events) {
                    panic!("{at}: refused: {}", e.describe(&scen));
                }
            }
            ["illegal", "spend", u, why @ ..] => {
                let before = state.clone();
                let a = Action::SpendSupply { unit: unit(u) };
                let e = state
                    .apply(&scen, a, &mut rng, &mut ())
                    .expect_err(&format!("{at}: was accepted"));
                assert!(
                    e.describe(&scen).contains(&why.join(" ")),
                    "{at}: reason is \"{}\"",
                    e.describe(&scen)
                );
                assert_eq!(state, before, "{at}: a refused action changed the state");
            }
            ["legal", "spend", u, want] => {
                let mut legal = Vec::new();
                state.legal_actions(&scen, &mut legal);
                let listed = legal.contains(&Action::SpendSupply { unit: unit(u) });
                assert_eq!(yes(listed), *want, "{at}: SpendSupply listed?");
            }
            ["weather", w] => {
                let got = state.weather(&scen).map(|w| w.name.as_str());
                assert_eq!(got, Some(*w), "{at}: weather");
            }
            ["set", u, h] => {
                let mut saved = state.to_saved(&scen);
                let su = &mut saved.units[unit(u).index()];
                if *h == "off" {
                    su.hex = None;
                    su.steps = 0;
                } else {
                    su.hex = Some(h.to_string());
                }
                state = GameState::from_saved(&scen, &saved)
                    .unwrap_or_else(|e| panic!("{at}: saved game refused: {e}"));
            }
            ["emitted", rest @ ..] => {
                let want = rest.join(" ");
                let got: Vec<String> = events.iter().map(describe).collect();
                assert!(
                    got.iter().any(|e| e.starts_with(&want)),
                    "{at}: no such event among {got:#?}"
                );
            }
            ["quiet", rest @ ..] => {
                let want = rest.join(" ");
                let got: Vec<String> = events.iter().map(describe).collect();
                assert!(
                    !got.iter().any(|e| e.starts_with(&want)),
                    "{at}: unexpected event among {got:#?}"
                );
            }
            ["zoc", side, "=", rest @ ..] => {
                let s = scen
                    .side_by_name(side)
                    .unwrap_or_else(|| panic!("{at}: no side {side}"));
                let got: Vec<String> = zoc::zoc_hexes(&scen, &state, s)
                    .iter()
                    .map(|h| grid.label(*h))
                    .collect();
                let mut want: Vec<String> = rest.iter().map(|s| s.to_string()).collect();
                want.sort_by_key(|l| hex(l));
                assert_eq!(got, want, "{at}: ZOC");
            }
            ["control", h, who] => {
                let got = state
                    .control(hex(h))
                    .map_or("none".to_string(), |s| scen.side(s).id.clone());
                assert_eq!(got, *who, "{at}: control");
            }
            ["at", u, h] => {
                let got = state.unit(unit(u)).hex;
                let got = if got.is_some() {
                    grid.label(got)
                } else {
                    "off".into()
                };
                assert_eq!(got, *h, "{at}: position");
            }
            ["phase", side, phase, turn] => {
                let got = format!(
                    "{} {} {}",
                    scen.side(state.active_side()).id,
                    state.phase(&scen).name(),
                    state.turn()
                );
                assert_eq!(got, format!("{side} {phase} {turn}"), "{at}: phase");
            }
            ["result", winner, level, v0, v1] => {
                let r = state
                    .result()
                    .unwrap_or_else(|| panic!("{at}: the game is not over"));
                let w = r
                    .winner
                    .map_or("none".to_string(), |s| scen.side(s).id.clone());
                assert_eq!(
                    format!("{w} {} {} {}", r.level.name(), r.vp[0], r.vp[1]),
                    format!("{winner} {level} {v0} {v1}"),
                    "{at}: result"
                );
            }
            ["vp", v0, v1] => {
                let vp = state.victory_points(&scen);
                assert_eq!(
                    format!("{} {}", vp[0], vp[1]),
                    format!("{v0} {v1}"),
                    "{at}: victory points"
                );
            }
            ["supply", u, want] => {
                assert_eq!(
                    state.unit(unit(u)).supply.name(),
                    *want,
                    "{at}: judged supply state"
                );
            }
            ["trace", u, "=", rest @ ..] => {
                let t = supply::trace(&scen, &state, unit(u));
                let got: Vec<String> = t.path.iter().map(|h| grid.label(*h)).collect();
                assert!(t.supplied, "{at}: not supplied: {:?}", t.reason);
                assert_eq!(got, rest.to_vec(), "{at}: traced path");
            }
            ["why", u, rest @ ..] => {
                let t = supply::trace(&scen, &state, unit(u));
                assert!(!t.supplied, "{at}: supplied by {:?}", t.path);
                let want = rest.join(" ");
                let got = t.reason.unwrap_or_default();
                assert!(got.contains(&want), "{at}: reason is \"{got}\"");
            }
            ["ma", u, mp] => {
                assert_eq!(
                    state.movement_allowance(&scen, unit(u)),
                    cost(mp),
                    "{at}: movement allowance"
                );
            }
            ["strength", u, att, def] => {
                let (a, d) = (
                    state.attack_strength(&scen, unit(u)),
                    state.defense_strength(&scen, unit(u)),
                );
                assert_eq!(
                    format!("{a} {d}"),
                    format!("{att} {def}"),
                    "{at}: attack and defense"
                );
            }
            ["steps", u, n] => assert_eq!(state.unit(unit(u)).steps.to_string(), *n, "{at}: steps"),
            ["rail", u, mode, rest @ ..] => {
                let mut ms = Scratch::new(&scen);
                ms.prepare(&scen, &state);
                let mut got = BTreeMap::new();
                rail::destinations(&scen, &state, &ms, unit(u), |h, n| {
                    got.insert(grid.label(h), n.to_string());
                });
                let want: BTreeMap<String, String> = rest
                    .iter()
                    .filter_map(|e| {
                        e.split_once(':')
                            .map(|(h, n)| (h.to_string(), n.to_string()))
                    })
                    .collect();
                match *mode {
                    "=" => assert_eq!(got, want, "{at}: rail destinations (hex -> hexes entered)"),
                    "has" => {
                        for (h, n) in &want {
                            assert_eq!(got.get(h), Some(n), "{at}: {h}");
                        }
                    }
                    "lacks" => {
                        for h in rest {
                            assert!(
                                !got.contains_key(*h),
                                "{at}: {h} should not be reachable by rail"
                            );
                        }
                    }
                    m => panic!("{at}: unknown rail mode {m}"),
                }
            }
            ["railpath", u, to, "=", rest @ ..] => {
                let mut ms = Scratch::new(&scen);
                ms.prepare(&scen, &state);
                let p = rail::path(&scen, &state, &ms, unit(u), hex(to))
                    .unwrap_or_else(|| panic!("{at}: no rail path"));
                let got: Vec<String> = p.iter().map(|h| grid.label(*h)).collect();
                assert_eq!(got, rest.to_vec(), "{at}: rail path");
            }
            ["norail", u, rest @ ..] => {
                let e = rail::eligibility(&scen, &state, unit(u)).expect_err(&at);
                assert!(
                    e.describe().contains(&rest.join(" ")),
                    "{at}: reason is \"{}\"",
                    e.describe()
                );
            }
            ["railmove", u, to] => {
                let a = Action::RailMove {
                    unit: unit(u),
                    to: hex(to),
                };
                events.clear();
                if let Err(e) = state.apply(&scen, a, &mut rng, &mut events) {
                    panic!("{at}: refused: {}", e.describe(&scen));
                }
            }
            ["undo", u] => {
                let a = Action::UndoRail { unit: unit(u) };
                if let Err(e) = state.apply(&scen, a, &mut rng, &mut ()) {
                    panic!("{at}: refused: {}", e.describe(&scen));
                }
            }
            ["illegal", "end"] => {
                let before = state.clone();
                assert!(
                    state
                        .apply(&scen, Action::EndPhase, &mut rng, &mut ())
                        .is_err(),
                    "{at}: was accepted"
                );
                assert_eq!(state, before, "{at}: a refused action changed the state");
            }
            ["over", yes] => assert_eq!(state.is_over().to_string(), *yes, "{at}: game over?"),
            _ => panic!("{at}: unknown directive"),
        }
    }
    assert!(directives > 0, "{name}: no #! directives");
}
