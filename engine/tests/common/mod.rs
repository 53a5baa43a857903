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

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::Path;

use hexwar_engine::movement::Scratch;
use hexwar_engine::{Action, GameState, Mp, Scenario, rail, reachable, supply, zoc};
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
    let mut state = GameState::new(&scen, &mut rng);
    let grid = scen.grid();
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
                if let Err(e) = state.apply(&scen, a, &mut rng, &mut ()) {
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
            ["end"] => state
                .apply(&scen, Action::EndPhase, &mut rng, &mut ())
                .unwrap(),
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
                if let Err(e) = state.apply(&scen, a, &mut rng, &mut ()) {
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
