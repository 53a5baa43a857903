//! `hexwar compare` on runs whose difference is known: the scenario of
//! `tests/fixtures/tune.toml` (Blue loses every game) against a copy where
//! Blue's objective is worth more (Blue wins every game).

mod common;

use common::*;

fn simulate(scenario: &str, out: &std::path::Path) {
    let o = hexwar(&[
        "simulate",
        "--scenario",
        scenario,
        "--games",
        "30",
        "--blue",
        "random",
        "--red",
        "random",
        "--out",
        out.to_str().unwrap(),
    ]);
    expect_code(&o, 0);
}

#[test]
fn compare_sees_a_change_that_is_there_and_none_that_is_not() {
    let dir = temp_dir("compare");
    let base = repo_file("tests/fixtures/tune.toml");
    let changed = dir.join("tune-9.toml");
    let text = std::fs::read_to_string(&base).unwrap();
    std::fs::write(&changed, text.replace("vp = 3 #", "vp = 9 #")).unwrap();
    let (a, b) = (dir.join("a"), dir.join("b"));
    simulate(&base, &a);
    simulate(changed.to_str().unwrap(), &b);
    let v = json(&hexwar(&[
        "compare",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--json",
    ]));
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows[0]["what"], "Blue's score (a draw counts half)");
    assert_eq!(
        (rows[0]["a"].as_f64(), rows[0]["b"].as_f64()),
        (Some(0.0), Some(1.0))
    );
    assert_eq!(rows[0]["changed"], true);
    // The margin: -2 every game, then +4.
    assert_eq!(rows[1]["diff"], 6.0);
    assert_eq!(rows[1]["changed"], true);
    assert!(
        v["verdict"]
            .as_str()
            .unwrap()
            .starts_with("the change mattered"),
        "{v}"
    );
    assert_eq!(v["b"]["games"], 30);
    // A run against itself: nothing changed.
    let o = hexwar(&["compare", a.to_str().unwrap(), a.to_str().unwrap()]);
    expect_code(&o, 0);
    let text = stdout(&o);
    assert!(
        text.contains("verdict: no change in Blue's score"),
        "{text}"
    );
    assert!(!text.contains("changed\n"), "{text}");
    // A folder that holds no run.
    let o = hexwar(&["compare", a.to_str().unwrap(), dir.to_str().unwrap()]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains("not a run folder"), "{}", stderr(&o));
}
