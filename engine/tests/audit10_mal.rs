//! A tenth reading of the Malaya chapters (supply, rail, combat) taken
//! together, as an outside examiner would: small positions where two rules
//! meet (a retreat and the supply sources, an advance and the ports, a
//! retreat and control of a supply line or a railway, reinforcements and
//! zones of control, attrition the turn after a source is lost), each
//! worked by hand from the sentences quoted in its comment before the
//! engine was asked. One failed on the engine before the reading's
//! correction (a retreat goes toward any friendly source, not only the
//! nearest, MAL-CBT-7).
//!
//! The ground is the fixture `audit10_mal_field.toml` (its comment gives
//! the results table), grown per test by the [`Field`] of the shared
//! `field` module (`tests/field/mod.rs`), which also holds the [`Game`] and
//! the [`Script`]. Grid: odd columns sit half a hex higher, so 0504 touches
//! 0503, 0505, 0403, 0404, 0603 and 0604, and 0604 touches 0603, 0605,
//! 0504, 0505, 0704 and 0705. Each test
//! places the units it needs through a saved game (the rest stay off the
//! map), sets control where it matters, and forces the die and every
//! random choice with a script.

mod common;
mod field;

use std::collections::BTreeSet;

use field::*;
use hexwar_engine::combat;
use hexwar_engine::movement::Scratch;
use hexwar_engine::save::SavedGame;
use hexwar_engine::{Action, Event, PhaseKind, Side, SupplyState, rail};

const FIXTURE: &str = "audit10_mal_field.toml";

impl Field {
    /// The fixture [`FIXTURE`], to be grown.
    fn new() -> Field {
        Field::load(FIXTURE, "audit10.toml")
    }
}

impl Game {
    /// `field` with only the listed units on the map (units arriving later
    /// stay in the pool), `tweak` applied to the saved game: Blue's
    /// Movement Phase of turn 1.
    fn new(field: &Field, units: &[(&str, &str)], tweak: impl FnOnce(&mut SavedGame)) -> Game {
        Game::placed(field.scen(), units, tweak)
    }

    /// A move by normal movement, which must be legal.
    fn mv(&mut self, id: &str, to: &str) {
        let a = Action::Move {
            unit: self.u(id),
            to: self.h(to),
        };
        self.act(a)
            .unwrap_or_else(|e| panic!("{id} to {to}: {}", e.describe(&self.scen)));
    }

    fn advance(&mut self, id: &str) {
        let a = Action::Advance { unit: self.u(id) };
        self.act(a)
            .unwrap_or_else(|e| panic!("{id} advances: {}", e.describe(&self.scen)));
    }

    fn odds(&self) -> combat::Odds {
        combat::odds(&self.scen, &self.st, 0)
    }

    fn supply(&self, id: &str) -> SupplyState {
        self.st.unit(self.u(id)).supply
    }

    fn control(&self, label: &str) -> Option<Side> {
        self.st.control(self.h(label))
    }

    /// Whether `id` was left without a retreat, by the events.
    fn no_retreat(&self, ev: &[Event], id: &str) -> bool {
        let unit = self.u(id);
        ev.iter()
            .any(|e| matches!(e, Event::NoRetreat { unit: u, .. } if *u == unit))
    }

    /// `id`'s rail destinations now.
    fn rail(&self, id: &str) -> BTreeSet<String> {
        let mut ms = Scratch::new(&self.scen);
        ms.prepare(&self.scen, &self.st);
        let mut out = BTreeSet::new();
        rail::destinations(&self.scen, &self.st, &ms, self.u(id), |h, _| {
            out.insert(self.label(h));
        });
        out
    }
}

const BLUE: Side = Side(0);
const RED: Side = Side(1);

/// Control of the hex `label` to `side` (`'0'` blue, `'1'` red, `'.'` none).
fn set_control(s: &mut SavedGame, label: &str, side: char) {
    let c: usize = label[..2].parse().unwrap();
    let r: usize = label[2..].parse().unwrap();
    let row: Vec<char> = s.control[r - 1].chars().collect();
    let mut row = row;
    row[c - 1] = side;
    s.control[r - 1] = row.into_iter().collect();
}

/// What a path of hexes costs a foot unit to enter on the plain field
/// where `dear` hexes (jungle) cost 2 and the rest 1.
fn foot_cost(path: &[String], dear: &[&str]) -> u32 {
    path.iter()
        .map(|h| if dear.contains(&h.as_str()) { 2 } else { 1 })
        .sum()
}

// ---------------------------------------------------------------------
// Retreats and the supply sources (MAL-CBT-7 with MAL-SUP-7).
// ---------------------------------------------------------------------

// rule: MAL-CBT-7
// rule: MAL-SUP-7
// rule: MAL-CBT-8
#[test]
fn mal_cbt_7_toward_any_friendly_supply_source_not_only_the_nearest() {
    // "those units must immediately move two hexes away from the combat hex
    // and toward a Friendly Supply Source (if possible) ... The retreat
    // must be made through hexes that, under normal conditions, would cost
    // the least number of movement points for the unit to enter."
    //
    // Red has two supply sources: 1004 (east, 5 MP from 0504 over clear
    // ground) and 0506 (south, 2 MP from 0504 by 0505). r1 (two steps) in
    // 0504 is beaten by b1 alone from 0403 (4 against 2, 2:1, clear: Red's
    // rule commits no air point; a 1 is R2). b2 in 0404 and b3 in 0505 do
    // not attack; they fill the ways west and south. 0605 is jungle.
    //
    // Worked by hand. Two hexes away, not into b1, b2, b3: through 0503,
    // 0603 or 0604. Toward 0506 only 0604-0605 leads (0605 is 1 MP from
    // 0506, the combat hex 2): 1 + 2 = 3 MP, and both hexes lie in b3's
    // ZOC. Toward 1004 lead 0603-0703, 0603-0704, 0604-0704, 0604-0705
    // (each ends 3 MP from 1004, the combat hex is 5) and 0503-0602 (4):
    // all clear, 2 MP. Every one of these goes "toward a Friendly Supply
    // Source"; the least costly are the 2 MP ways east, so r1 ends in
    // 0602, 0703, 0704 or 0705, never in 0605. (0603-0703 and 0603-0704
    // enter no enemy ZOC: the project's next keys would pick 0603-0703 and
    // r1 would keep both steps.)
    //
    // The engine reads "toward" as "ending cheaper to reach the nearest
    // source than the combat hex is": 0504 is 2 MP from 0506, every way
    // east ends at least 3 MP from either source, so only 0604-0605 counts
    // as toward one; r1 takes it, enters two hexes of b3's ZOC and is
    // eliminated.
    let field = Field::new()
        .hex("0605", 'j')
        .text("red = [\"1004\"]", "red = [\"1004\", \"0506\"]");
    let mut g = Game::new(
        &field,
        &[
            ("b1", "0403"),
            ("b2", "0404"),
            ("b3", "0505"),
            ("r1", "0504"),
        ],
        |_| {},
    );
    g.until(BLUE, PhaseKind::Combat, 1);
    g.attack("b1", "0504");
    let o = g.odds();
    assert_eq!((o.attack, o.defense, o.defender_air), (4.0, 2.0, 0));
    let ev = g.roll(0, &[0]);
    let path = g.path(&ev, "r1").expect("r1 retreats");
    assert_ne!(path.last().unwrap(), "0605", "{path:?}");
    assert!(
        ["0602", "0703", "0704", "0705"].contains(&path[1].as_str()),
        "{path:?}"
    );
    assert_eq!(foot_cost(&path, &["0605"]), 2, "{path:?}");
    assert_ne!(g.at("r1"), "off");
}

// rule: MAL-CBT-7
// rule: MAL-SUP-7
// rule: MAL-SUP-4
#[test]
fn mal_cbt_7_a_side_with_no_friendly_source_left_retreats_by_the_cheapest_hexes() {
    // "toward a Friendly Supply Source (if possible)"; the Commonwealth's
    // "only one Supply Source: Singapore": once the enemy holds it (and
    // "the road / rail portion of the supply line can not be traced
    // through Enemy controlled hexes", the source's own hex included), the
    // side has no friendly source, so no retreat can go toward one, and
    // "the retreat must be made through hexes that ... would cost the
    // least".
    //
    // Red's only source 1004 is held by Blue. Column 6 is jungle. r1 in
    // 0504 is beaten by b1 from 0403 (2:1, a 1: R2). Worked by hand: every
    // way east crosses column 6 (3 MP or more); west and south 0505-0405,
    // 0505-0506, 0503-0502, 0503-0402 ... cost 2. r1 retreats 2 MP, and
    // stays in columns 4 and 5. (Were enemy-held 1004 still counted, the
    // ways east through the jungle to 0703/0704/0705 would lead toward it
    // and win.)
    let field = Field::new().column(6, 'j');
    let mut g = Game::new(&field, &[("b1", "0403"), ("r1", "0504")], |s| {
        set_control(s, "1004", '0')
    });
    assert_eq!(g.control("1004"), Some(BLUE));
    g.until(BLUE, PhaseKind::Combat, 1);
    g.attack("b1", "0504");
    let ev = g.roll(0, &[0]);
    let path = g.path(&ev, "r1").expect("r1 retreats");
    assert!(path.iter().all(|h| !h.starts_with("06")), "{path:?}");
    assert_eq!(foot_cost(&path, &[]), 2, "{path:?}");
    // Not held by Blue, 1004 is Red's source again and draws the retreat
    // east: the ways toward it (ending nearer it than 0504's 6 MP) all
    // cross one jungle hex of column 6, 3 MP (0603-0703, 0604-0704,
    // 0505-0605, 0503-0602 ...).
    let mut g = Game::new(&field, &[("b1", "0403"), ("r1", "0504")], |_| {});
    g.until(BLUE, PhaseKind::Combat, 1);
    g.attack("b1", "0504");
    let ev = g.roll(0, &[0]);
    let path = g.path(&ev, "r1").expect("r1 retreats");
    let column6: Vec<String> = (1..=8).map(|r| format!("06{r:02}")).collect();
    let dear: Vec<&str> = column6.iter().map(String::as_str).collect();
    assert_eq!(foot_cost(&path, &dear), 3, "{path:?}");
    assert!(path.iter().any(|h| h.starts_with("06")), "{path:?}");
}

// rule: MAL-SUP-7
// rule: MAL-SUP-8
// rule: MAL-SUP-1
// rule: MAL-CBT-9
// rule: MAL-CBT-7
#[test]
fn mal_sup_7_8_the_only_source_taken_by_an_advance_then_attrition_in_each_supply_phase() {
    // "Attacking units may advance after combat only if the defending hex
    // has left the place ... They may then advance into the attacked hex";
    // "The Supply State of units of all units (either Friendly or Enemy) is
    // determined during the Supply Phase (happens at the start of every
    // Player-Turn)"; "Each Unsupplied unit may lose one step at the end of
    // the Supply Phase"; "Attrition step losses counts for Victory Points
    // purposes." Attrition is set to 100% here, so each unsupplied unit
    // loses one step, each Supply Phase.
    //
    // r2 (two steps) stands on Red's only source, 1004; r1 (two steps) at
    // 0702, 3 MP from it. Blue's sources are 0104 and 0804. b1 (0904)
    // beats r2 (2:1, a 1: R2). r2 stands on the source it would retreat
    // toward: no way leads toward it, so the least costly hexes decide:
    // 0903, 1003 and 0905 are jungle, so 1005-1006 or 1005-0906 (2 MP,
    // neither in b1's ZOC): r2 keeps its steps. b1 advances into 1004, and
    // Blue holds Red's only source.
    //
    // Red's Supply Phase (turn 1) judges both sides: Red has no source, so
    // r1 and r2 are unsupplied and each loses a step (Blue +2 VP); b1,
    // 2 MP from 0804, is supplied and loses nothing. Blue's Supply Phase of
    // turn 2 judges Red again: still no source; r1 and r2 lose their last
    // steps (Blue +4 VP in all).
    let field = Field::new()
        .hex("0903", 'j')
        .hex("1003", 'j')
        .hex("0905", 'j')
        .text("attrition = 0", "attrition = 100")
        .text("blue = [\"0104\"]", "blue = [\"0104\", \"0804\"]");
    let mut g = Game::new(
        &field,
        &[("b1", "0904"), ("r2", "1004"), ("r1", "0702")],
        |_| {},
    );
    g.until(BLUE, PhaseKind::Combat, 1);
    g.attack("b1", "1004");
    let ev = g.roll(0, &[0]);
    let path = g.path(&ev, "r2").expect("r2 retreats");
    assert_eq!(path[0], "1005", "{path:?}");
    assert!(["1006", "0906"].contains(&path[1].as_str()), "{path:?}");
    assert_eq!(g.steps("r2"), 2);
    g.advance("b1");
    assert_eq!(g.control("1004"), Some(BLUE));
    assert_eq!(g.st.victory_points(&g.scen), [0, 0]);

    g.until(RED, PhaseKind::Movement, 1);
    assert_eq!(g.supply("r1"), SupplyState::Out);
    assert_eq!(g.supply("r2"), SupplyState::Out);
    assert_eq!(g.supply("b1"), SupplyState::Full);
    assert_eq!((g.steps("r1"), g.steps("r2"), g.steps("b1")), (1, 1, 2));
    assert_eq!(g.st.victory_points(&g.scen), [2, 0]);

    g.until(BLUE, PhaseKind::Movement, 2);
    assert_eq!(
        (g.at("r1"), g.at("r2")),
        ("off".to_string(), "off".to_string())
    );
    assert_eq!(g.st.victory_points(&g.scen), [4, 0]);
}

// ---------------------------------------------------------------------
// Ports and control changing hands (MAL-SUP-7, MAL-SUP-4, MAL-RAIL-4).
// ---------------------------------------------------------------------

#[path = "audit10_mal/more.rs"]
mod more;
