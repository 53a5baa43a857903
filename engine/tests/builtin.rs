//! The built-in scenarios load cleanly and say what they are.

use hexwar_engine::{PhaseKind, Side, builtin};

#[test]
fn every_builtin_scenario_loads() {
    for name in builtin::names() {
        let scen = match builtin::try_load(name).unwrap() {
            Ok(s) => s,
            Err(e) => panic!("built-in scenario {name} does not load:\n{e}"),
        };
        assert_eq!(scen.name(), name);
        assert!(!scen.title().is_empty());
        assert!(scen.phases().contains(&PhaseKind::Movement));
        for s in Side::BOTH {
            assert!(
                scen.units().iter().any(|u| u.side == s),
                "{name}: side {s:?} has no units"
            );
        }
    }
    assert!(builtin::load("no-such-scenario").is_none());
}
