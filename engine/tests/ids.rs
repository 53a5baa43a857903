//! Ids (docs/SCENARIO-FORMAT.md): compared without regard to case for every
//! letter, not only ASCII; ids that the command line or the play API could
//! not carry, and side ids that clash with reserved words, refused with an
//! error at their place.

mod common;

use hexwar_engine::{Scenario, ScenarioErrors};

/// `open.toml` with `(old, new)` replacements.
fn edited(edits: &[(&str, &str)]) -> String {
    let (_, mut src) = common::load("open.toml");
    for (old, new) in edits {
        assert!(src.contains(old), "fixture lacks {old:?}");
        src = src.replacen(old, new, 1);
    }
    src
}

/// The errors of `src` as (line, message).
fn errors(src: &str) -> Vec<(usize, String)> {
    match Scenario::from_toml(src, "ids.toml") {
        Ok(_) => Vec::new(),
        Err(ScenarioErrors(e)) => e.into_iter().map(|e| (e.line, e.message)).collect(),
    }
}

/// The one error of `src`: its line and message.
fn one_error(src: &str) -> (usize, String) {
    let e = errors(src);
    assert_eq!(e.len(), 1, "{e:#?}");
    e.into_iter().next().unwrap()
}

#[test]
fn unit_ids_clash_without_regard_to_case_for_every_letter() {
    let src = edited(&[
        ("id = \"b1\"", "id = \"ü-1\""),
        ("id = \"r1\"", "id = \"Ü-1\""),
    ]);
    let (line, msg) = one_error(&src);
    assert_eq!(line, 51, "{msg}");
    assert!(msg.contains("duplicate unit id \"Ü-1\""), "{msg}");
    assert!(msg.contains("line 45"), "{msg}");
    // And a unit is found by its id in any case.
    let src = edited(&[("id = \"b1\"", "id = \"ü-1\"")]);
    let scen = Scenario::from_toml(&src, "ids.toml").unwrap();
    assert_eq!(scen.unit_by_id("Ü-1"), scen.unit_by_id("ü-1"));
    assert!(scen.unit_by_id("Ü-1").is_some());
    assert_eq!(scen.side_by_name("BLUE"), scen.side_by_name("blue"));
}

#[test]
fn ids_the_command_line_and_api_cannot_carry_are_refused() {
    for (id, why) in [
        ("", "empty or blank"),
        ("  ", "empty or blank"),
        ("b 1", "whitespace"),
        ("b,1", "comma"),
        ("b/1", "slash"),
    ] {
        let src = edited(&[("id = \"b1\"", &format!("id = \"{id}\""))]);
        let (line, msg) = one_error(&src);
        assert_eq!(line, 45, "{id:?}: {msg}");
        assert!(
            msg.contains("unit id") && msg.contains(why),
            "{id:?}: {msg}"
        );
    }
}

#[test]
fn side_ids_may_not_be_reserved_words_or_clash_by_case() {
    for (id, why) in [
        ("none", "reserved"),
        ("None", "reserved"),
        ("1", "number"),
        ("0", "number"),
        ("blue team", "whitespace"),
    ] {
        let src = edited(&[
            ("id = \"blue\"", &format!("id = \"{id}\"")),
            ("side = \"blue\"", &format!("side = \"{id}\"")),
        ]);
        let e = errors(&src);
        assert!(
            e.iter()
                .any(|(l, m)| *l == 8 && m.contains("side id") && m.contains(why)),
            "{id:?}: {e:#?}"
        );
    }
    let src = edited(&[("id = \"red\"", "id = \"BLUE\"")]);
    let (line, msg) = one_error(&src);
    assert_eq!(line, 12, "{msg}");
    assert!(msg.contains("duplicate side id \"BLUE\""), "{msg}");
}
