//! GS-10: the heuristic spends strategic resource points where they help:
//! it mends a broken rail hex behind the line before moving, and blows the
//! rail hex it holds next to the enemy; it does nothing without SRPs.

use hexwar_ai::{AiRng, HeuristicPlayer, Player};
use hexwar_engine::{Action, GameState, PhaseKind, Scenario, Work};
use rand::SeedableRng;

/// A rail line along row 1 from blue's source at 0101 to 1201. Blue: b1 at
/// 0601 next to red's r1 (0602), b2 at 1201 far behind. Red's r2 at 0503.
const SCEN: &str = include_str!("fixtures/ai_works.toml");

fn first_action(scen: &Scenario, st: &GameState) -> Action {
    assert_eq!(st.phase(scen), PhaseKind::Movement);
    let mut p = HeuristicPlayer::default();
    p.choose(scen, st, &mut AiRng::seed_from_u64(7))
}

fn start(src: &str) -> (Scenario, GameState) {
    let scen = Scenario::from_toml(src, "ai-works.toml").unwrap();
    let st = GameState::new(&scen, &mut AiRng::seed_from_u64(0));
    (scen, st)
}

// rule: GS-10
#[test]
fn gs_10_heuristic_repairs_broken_rail_behind_the_line_first() {
    let (scen, st) = start(SCEN);
    let mut saved = st.to_saved(&scen);
    saved.works.broken_rail = vec!["1201".into()];
    let st = GameState::from_saved(&scen, &saved).unwrap();
    let b2 = scen.unit_by_id("b2").unwrap();
    assert_eq!(
        first_action(&scen, &st),
        Action::Work {
            unit: b2,
            work: Work::Repair
        }
    );
}

// rule: GS-10
#[test]
fn gs_10_heuristic_blows_the_rail_it_holds_next_to_the_enemy() {
    let (scen, st) = start(SCEN);
    let b1 = scen.unit_by_id("b1").unwrap();
    assert_eq!(
        first_action(&scen, &st),
        Action::Work {
            unit: b1,
            work: Work::Demolish
        }
    );
    // Without SRPs it moves instead.
    let (scen, st) = start(&SCEN.replace("initial = { blue = 2 }", "initial = { blue = 0 }"));
    assert!(!matches!(first_action(&scen, &st), Action::Work { .. }));
}
