//! Bounded input: a scenario, a saved game or a run file over its size
//! limit (an endless device among them) is refused at once with an error
//! naming it, never read to its end.

mod common;

use std::time::{Duration, Instant};

use common::*;

fn refused_quickly(args: &[&str], want: &str) {
    let t = Instant::now();
    let o = hexwar(args);
    // Far more than reading the limit takes; reading /dev/zero to the end
    // never finishes.
    assert!(
        t.elapsed() < Duration::from_secs(60),
        "{args:?} took {:?}",
        t.elapsed()
    );
    expect_code(&o, 1);
    let err = stderr(&o);
    assert!(
        err.contains("/dev/zero") && err.contains(want),
        "{args:?}: {err}"
    );
}

#[test]
fn endless_input_files_are_refused_at_their_limit() {
    refused_quickly(
        &["validate", "/dev/zero"],
        "the most hexwar reads for a scenario",
    );
    refused_quickly(&["show", "/dev/zero"], "for a scenario");
    refused_quickly(
        &["inspect", "malaya", "--state", "/dev/zero", "--supply"],
        "the most hexwar reads for a saved game",
    );
}

#[test]
fn a_large_scenario_file_is_refused_before_it_is_read() {
    let tmp = temp_dir("large");
    let path = tmp.join("big.toml");
    let f = std::fs::File::create(&path).unwrap();
    f.set_len(hexwar_sim::files::SCENARIO_LIMIT + 1).unwrap();
    let o = hexwar(&["validate", path.to_str().unwrap()]);
    expect_code(&o, 1);
    assert!(stderr(&o).contains("big.toml:1:1: over"), "{}", stderr(&o));
}
