//! Perft-style fixtures: a small scenario file whose `#!` comment lines are
//! a script of moves and expectations, checked by [`check`]. Adding a case
//! is adding data.
//!
//! Directives, one per line, run in order from the scenario's start (RNG
//! seeded with 0). The first one that fails panics with
//! ``FILE:LINE: `DIRECTIVE`: what``. Hexes are labels (`0101`), units
//! and sides their ids, costs in MP (`1.5`).
//!
//! Movement and ZOC ([`movement`]):
//!
//! ```text
//! #! reach UNIT = HEX:COST[*] ...   the unit's destinations, exactly (`*`: it stops there, in enemy ZOC)
//! #! reach UNIT has HEX:COST[*] ... these destinations among others
//! #! reach UNIT lacks HEX ...       none of these is a destination
//! #! path UNIT HEX = HEX ...        the hexes entered on the cheapest path to HEX
//! #! zoc SIDE = HEX ...             the hexes in SIDE's ZOC, exactly
//! #! control HEX SIDE|none          who controls HEX
//! #! at UNIT HEX|off                where the unit is
//! #! ma UNIT MP                     its movement allowance now
//! #! strength UNIT ATT DEF          its attack and defense strengths now
//! #! steps UNIT N                   its steps left
//! ```
//!
//! Supply, binary and graded (GS-1..8) ([`supply`]):
//!
//! ```text
//! #! supply UNIT supplied|unsupplied  its state as judged in the last Supply Phase
//! #! trace UNIT = HEX ...           it traces supply now, along this path (unit to source)
//! #! why UNIT TEXT                  it cannot trace supply now, and the reason contains TEXT
//! #! graded UNIT STATE U<n>         its status (full|limited|out|special) and U-level as last judged
//! #! now UNIT STATE                 its status by the current position (supply::trace)
//! #! hq UNIT = HQ|none              the HQ it traces to now
//! #! reason UNIT TEXT               the trace's reason (why not, or why not full) contains TEXT
//! #! isolated UNIT combat|supply yes|no  its GS-7 marker as last judged
//! #! loc UNIT = HEX ...             its line of communication now, unit to the nearest hex in general supply
//! #! loc UNIT none                  no line of communication reaches it now (isolated)
//! #! loccost UNIT MP                what its line of communication costs now
//! #! sp SIDE N                      the side's supply points
//! ```
//!
//! Rail movement, queries ([`rail`]):
//!
//! ```text
//! #! rail UNIT = HEX:N ...          its rail destinations, exactly, with the hexes entered
//! #! rail UNIT has HEX:N ...        these rail destinations among others
//! #! rail UNIT lacks HEX ...        none of these is a rail destination
//! #! railpath UNIT HEX = HEX ...    the rail path to HEX (hexes entered)
//! #! norail UNIT TEXT               it may not move by rail, and the reason contains TEXT
//! ```
//!
//! Actions and state changes ([`actions`]); an action's events replace the
//! last action's, for `emitted` and `quiet`:
//!
//! ```text
//! #! move UNIT HEX                  a legal move, applied
//! #! illegal move UNIT HEX          a move the checked apply refuses, state untouched
//! #! railmove UNIT HEX              a legal rail move, applied
//! #! undo UNIT                      take its rail move back (the last events stay)
//! #! end                            end the phase
//! #! end N                          end the phase N times
//! #! illegal end                    ending the phase is refused, state untouched
//! #! spend UNIT                     spend supply points on it (GS-4), applied
//! #! illegal spend UNIT [TEXT]      refused, state untouched (and the reason contains TEXT)
//! #! legal spend UNIT yes|no        whether legal_actions lists SpendSupply for it
//! #! set UNIT HEX|off               put it there, or eliminate it (a test set-up, through a saved game)
//! ```
//!
//! The game ([`game`]):
//!
//! ```text
//! #! phase SIDE PHASE TURN          whose phase it is
//! #! weather NAME                   the current turn's weather
//! #! vp N N                         victory points if the game ended now
//! #! result SIDE|none LEVEL N N     the result once over
//! #! over true|false                whether the game is over
//! ```
//!
//! Isolated pockets (GS-9) ([`pools`]); pockets by letter (`A` the first slot):
//!
//! ```text
//! #! pocket HEX A|none              the pocket the hex belongs to
//! #! rp SIDE front|A N              RPs in the side's front pool or its pocket's pool
//! #! pool UNIT front|A|eliminated-isolated  an eliminated unit's pool (front: also on the map)
//! #! rebuild UNIT HEX               rebuild a step (GS-9), applied
//! #! shiprp A                       ship RPs out of the pocket, applied
//! #! shipunit UNIT                  ship the eliminated unit out of its pocket, applied
//! #! giveup A                       eliminate the pocket voluntarily, applied
//! #! illegal rebuild|shiprp|shipunit|giveup ... [TEXT]  refused, not listed, reason contains TEXT
//! ```
//!
//! Events ([`events`]):
//!
//! ```text
//! #! emitted TEXT                   the last action gave off an event that reads TEXT ...
//! #! quiet TEXT                     ... or none that does
//! ```
//!
//! Events read `SupplyChanged UNIT STATE U<n>`, `SupplySpent UNIT POINTS
//! left N`, `IsolationChanged UNIT combat|supply yes|no`, any other as its
//! `Debug` form ([`events::describe`]).

#![allow(dead_code)]

mod actions;
mod events;
mod fixture;
mod game;
mod movement;
mod pools;
mod rail;
mod supply;

use std::path::Path;

use hexwar_engine::{Mp, Scenario};

use fixture::Fixture;

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

/// Runs the fixture's script; panics with `file:line: what` on the first miss.
pub fn check(name: &str) {
    let (scen, src) = load(name);
    let mut fixture = Fixture::new(scen, name);
    let mut directives = 0;
    for (i, line) in src.lines().enumerate() {
        if let Some(d) = line.strip_prefix("#!") {
            directives += 1;
            fixture.run(i + 1, d);
        }
    }
    assert!(directives > 0, "{name}: no #! directives");
}

/// A cost in MP as fixtures write it (`1.5`).
fn cost(s: &str) -> Mp {
    let f: f64 = s.parse().unwrap_or_else(|_| panic!("bad cost {s}"));
    Mp((f * Mp::SCALE as f64).round() as u16)
}

/// How fixtures write a flag.
fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}
