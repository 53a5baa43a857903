//! Malformed scenario files: checked at the boundary, every error said with
//! what is wrong and where (`file:line:col`).
//!
//! Each file under `tests/fixtures/bad/` is `open.toml` with one mistake, and
//! the loader must answer with exactly one error, at the line and column of
//! the offending token, whose message says what is wrong. Adding a case is
//! adding a file and a row to [`CASES`].
//!
//! Then the loader is fed thousands of seeded random mutations of every
//! built-in scenario and fixture, and must return `Ok` or `Err` without
//! panicking, with every error at a real place in the file.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use hexwar_engine::{GameState, Scenario, ScenarioErrors, builtin};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// `(file, line, column, text at that place, part of the message)`: the one
/// error expected from `tests/fixtures/bad/FILE`. The error's line and column
/// must point at the text given (the start of the offending token).
#[rustfmt::skip]
const CASES: &[(&str, usize, usize, &str, &str)] = &[
    // TOML itself: syntax, unknown keys, missing tables and keys, wrong types.
    // The open string is noticed at the end of its line.
    ("syntax_error.toml", 4, 21, "", "invalid basic string"),
    ("unknown_field.toml", 16, 1, "colums", "unknown field `colums`"),
    ("missing_table.toml", 1, 1, "#", "missing field `victory`"),
    ("missing_key.toml", 15, 1, "[map]", "missing field `rows`"),
    ("wrong_type.toml", 45, 6, "1", "invalid type: integer `1`, expected a string"),
    ("huge_number.toml", 5, 9, "9223372036854775807", "turns must be 1 to 99"),
    ("turns_zero.toml", 5, 9, "0", "turns must be 1 to 99, not 0"),
    // Sides.
    ("three_sides.toml", 16, 6, "\"green\"", "exactly two [[sides]], not 3"),
    ("one_side.toml", 7, 1, "[[sides]]", "exactly two [[sides]], not 1"),
    ("no_sides.toml", 2, 9, "[]", "exactly two [[sides]], not 0"),
    ("duplicate_side_id.toml", 12, 6, "\"blue\"", "duplicate side id \"blue\""),
    ("side_without_units.toml", 12, 6, "\"red\"", "side \"red\" has no [[units]]"),
    // Map and terrain grid.
    ("map_too_large.toml", 16, 11, "300", "a map of 300 x 6 hexes is not allowed"),
    ("unknown_terrain_code.toml", 19, 5, "x", "unknown terrain code 'x' at hex 0301"),
    ("unknown_terrain_code_crlf.toml", 19, 5, "x", "unknown terrain code 'x' at hex 0301"),
    ("unknown_terrain_code_after_nbsp.toml", 19, 5, "x", "unknown terrain code 'x' at hex 0301"),
    ("grid_literal_string.toml", 23, 15, "x", "unknown terrain code 'x' at hex 0805"),
    ("grid_rows.toml", 18, 11, "\"\"\"", "the terrain grid has 5 rows, but the map has rows = 6"),
    ("grid_row_letters.toml", 21, 1, "c c c", "terrain grid row 3 has 7 letters, but the map has columns = 8"),
    ("duplicate_terrain_code.toml", 34, 8, "\"c\"", "duplicate terrain code 'c' (terrain \"woods\")"),
    ("terrain_code_two_letters.toml", 28, 8, "\"cl\"", "terrain \"clear\": code \"cl\" must be one letter"),
    ("bad_colour.toml", 32, 9, "\"#é1234\"", "colour \"#é1234\" must be written #rrggbb"),
    // Movement classes and cost charts.
    ("no_classes.toml", 34, 11, "[]", "classes must list 1 to 16 movement classes, not 0"),
    ("cost_unknown_class.toml", 35, 22, "hrose", "[movement] road: unknown movement class \"hrose\""),
    ("terrain_missing_class.toml", 30, 8, "{ foot = 1 }", "terrain \"clear\" has no cost for movement class \"horse\""),
    ("cost_fraction.toml", 30, 28, "1.3", "terrain \"clear\": \"horse\" cost 1.3 must be between 0 and 999 movement points, in steps of 1/6"),
    ("cost_negative.toml", 35, 17, "-0.5", "[movement] road: \"foot\" cost -0.5 must be between 0 and 999"),
    ("cost_word.toml", 30, 28, "\"never\"", "\"horse\" cost \"never\" is neither a number nor \"no\""),
    // Hex labels.
    ("hex_off_map.toml", 48, 7, "\"0907\"", "unit \"b1\": hex 0907 is outside the map"),
    ("hex_malformed.toml", 48, 7, "\"203\"", "unit \"b1\": \"203\" is not a hex label"),
    ("fort_off_map.toml", 38, 18, "\"1203\"", "[places] fort: hex 1203 is outside the map"),
    // Routes and hexsides.
    ("route_jump.toml", 40, 26, "\"0505\"", "road \"Trunk\" jumps from 0303 to 0505, which are not adjacent"),
    ("route_one_hex.toml", 39, 8, "\"Stub\"", "road \"Stub\" needs at least two hexes"),
    ("unknown_route_kind.toml", 38, 8, "\"highway\"", "route \"Trunk\": unknown route kind \"highway\""),
    ("hexside_not_adjacent.toml", 38, 24, "\"0403/0405\"", "stream \"0403/0405\": 0403 and 0405 are not adjacent"),
    ("hexside_malformed.toml", 38, 11, "\"0203-0204\"", "stream \"0203-0204\" is not a hexside"),
    ("bridge_no_water.toml", 41, 24, "\"0403/0404\"", "bridge at 0403/0404 crosses no stream or river"),
    ("ford_on_stream.toml", 39, 9, "\"0203/0204\"", "ford at 0203/0204 crosses no river"),
    // Unit types.
    ("unknown_unit_kind.toml", 39, 8, "\"infantery\"", "unit type \"inf\": unknown kind \"infantery\""),
    ("unit_type_unknown_class.toml", 40, 9, "\"feet\"", "unit type \"inf\": unknown movement class \"feet\""),
    ("movement_fraction.toml", 41, 12, "3.1", "movement allowance 3.1 must be between 0 and 999 movement points, in steps of 1/6"),
    // Units and set-up.
    ("impassable_setup.toml", 53, 7, "\"0203\"", "unit \"b1\" (Infantry) is placed in 0203, lake terrain its movement class \"foot\" cannot enter"),
    ("overstacked.toml", 60, 7, "\"0203\"", "unit \"b2\": overstacked set-up, more than 1 units in 0203"),
    ("overstacked_many.toml", 75, 7, "\"0503\"", "unit \"x3\": overstacked set-up, more than 3 units in 0503"),
    ("enemy_stack.toml", 54, 7, "\"0203\"", "unit \"r1\" sets up in 0203, which holds an enemy unit"),
    ("unknown_unit_type.toml", 53, 8, "\"cav\"", "unit \"r1\": unknown unit type \"cav\""),
    ("duplicate_unit_id.toml", 51, 6, "\"B1\"", "duplicate unit id \"B1\" (unit \"b1\" on line 45"),
    ("unknown_side.toml", 52, 8, "\"green\"", "unit \"r1\": unknown side \"green\""),
    ("steps_beyond_type.toml", 49, 9, "2", "unit \"b1\" sets up with 2 steps, but type \"inf\" has 1 to 1 steps"),
    ("reinforcement_late.toml", 55, 8, "3", "unit \"r1\" arrives on turn 3, but the game has turns 1 to 2"),
    // Objectives, victory, rules.
    ("objective_unknown_side.toml", 59, 8, "\"green\"", "objective at 0503: unknown side \"green\""),
    ("victory_inverted.toml", 58, 12, "4", "margins must satisfy 1 <= marginal <= decisive"),
    ("unknown_phase.toml", 61, 21, "\"move\"", "unknown phase \"move\""),
    ("stacking_zero.toml", 61, 12, "0", "stacking limit must be 1 to 20, not 0"),
];

fn bad_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bad")
}

/// The text from `line:col` (both from 1, col in characters) to the end of that line.
fn text_at(src: &str, line: usize, col: usize) -> Option<&str> {
    let l = src.split('\n').nth(line.checked_sub(1)?)?;
    let l = l.strip_suffix('\r').unwrap_or(l);
    let start = l
        .char_indices()
        .map(|(i, _)| i)
        .chain([l.len()])
        .nth(col.checked_sub(1)?)?;
    l.get(start..)
}

/// Loads one bad fixture and compares its errors with the expected one.
/// Returns what is wrong, if anything.
fn check(file: &str, line: usize, col: usize, token: &str, message: &str) -> Result<(), String> {
    let src = std::fs::read_to_string(bad_dir().join(file)).map_err(|e| format!("{file}: {e}"))?;
    let errors = match Scenario::from_toml(&src, file) {
        Ok(_) => return Err(format!("{file}: loaded without error")),
        Err(ScenarioErrors(errors)) => errors,
    };
    let all = errors
        .iter()
        .map(|e| format!("    {e}"))
        .collect::<Vec<_>>()
        .join("\n");
    let [e] = errors.as_slice() else {
        return Err(format!(
            "{file}: expected one error, got {}:\n{all}",
            errors.len()
        ));
    };
    let mut wrong = Vec::new();
    if (e.line, e.col) != (line, col) {
        wrong.push(format!("at {}:{}, expected {line}:{col}", e.line, e.col));
    }
    match text_at(&src, e.line, e.col) {
        Some(t) if t.starts_with(token) => {}
        t => wrong.push(format!("points at {t:?}, expected the text {token:?}")),
    }
    if !e.message.contains(message) {
        wrong.push(format!("message lacks {message:?}"));
    }
    if e.file != file || e.to_string() != format!("{file}:{}:{}: {}", e.line, e.col, e.message) {
        wrong.push(format!("displays as {:?}", e.to_string()));
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(format!("{file}: {}\n{all}", wrong.join("; ")))
    }
}

#[test]
fn each_bad_fixture_gives_one_error_at_the_offending_token() {
    let failures: Vec<String> = CASES
        .iter()
        .filter_map(|&(file, line, col, token, message)| {
            check(file, line, col, token, message).err()
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n")
    );
}

#[test]
fn every_bad_fixture_has_a_case() {
    let mut files: Vec<String> = std::fs::read_dir(bad_dir())
        .expect("tests/fixtures/bad")
        .map(|e| {
            e.expect("dir entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".toml"))
        .collect();
    files.sort();
    let mut listed: Vec<String> = CASES.iter().map(|c| c.0.to_string()).collect();
    listed.sort();
    assert_eq!(
        files, listed,
        "tests/fixtures/bad and CASES must list the same files"
    );
    assert!(files.len() >= 20);
}

// ---------------------------------------------------------------------------
// No input makes the loader panic.

/// Every built-in scenario and every fixture, good and bad: `(name, text)`.
fn corpus() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = builtin::SCENARIOS
        .iter()
        .map(|(_, file, src)| (file.to_string(), src.to_string()))
        .collect();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for dir in [fixtures.clone(), fixtures.join("bad")] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("fixture folder")
            .map(|e| e.expect("dir entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        paths.sort();
        for p in paths {
            let text = std::fs::read_to_string(&p).expect("fixture");
            out.push((
                p.file_name()
                    .expect("file name")
                    .to_string_lossy()
                    .into_owned(),
                text,
            ));
        }
    }
    out
}

/// Text that TOML, serde or the checks may choke on.
const GARBAGE: &[&str] = &[
    "[",
    "]",
    "{",
    "}",
    "[[",
    "]]",
    "\"",
    "'",
    "\"\"\"",
    "'''",
    "=",
    ",",
    ".",
    "#",
    "\n",
    "\r\n",
    "\r",
    "\t",
    " ",
    "\\",
    "\\u",
    "\0",
    "é",
    "\u{a0}",
    "😀",
    "\u{202e}",
    "-",
    "+",
    "_",
    "e",
    "nan",
    "inf",
    "-inf",
    "true",
    "1979-05-27",
    "0x7f",
    "1e308",
    "-1e308",
    "1e-320",
    "99999999999999999999",
    "9223372036854775807",
    "-9223372036854775808",
    "65535",
    "65536",
    "255",
    "256",
    "-1",
    "0",
    "0.5",
    "1/6",
    "\"no\"",
    "[]",
    "{}",
    "[[units]]",
    "[[sides]]",
    "[[terrain]]",
    "[[routes]]",
    "[rules]",
    "[map]",
    "a = 1",
    "x",
];

/// Numbers worth putting where a number was.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "6",
    "7",
    "20",
    "21",
    "99",
    "100",
    "255",
    "256",
    "999",
    "1000",
    "65535",
    "65536",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "1e300",
    "0.1",
    "0.16666",
    "nan",
    "inf",
];

/// The byte offset of a random char boundary of `s` (possibly its end).
fn boundary(rng: &mut impl Rng, s: &str) -> usize {
    let n = s.chars().count();
    let k = rng.random_range(0..=n);
    s.char_indices()
        .map(|(i, _)| i)
        .chain([s.len()])
        .nth(k)
        .unwrap_or(s.len())
}

/// One random change: to lines, characters, digits or numbers.
fn mutate(rng: &mut impl Rng, s: &str) -> String {
    let lines: Vec<&str> = s.split_inclusive('\n').collect();
    let nl = lines.len().max(1);
    match rng.random_range(0..10) {
        // Delete, duplicate or swap lines.
        0..=2 => {
            let mut lines = lines;
            if lines.is_empty() {
                return s.to_string();
            }
            let i = rng.random_range(0..nl);
            match rng.random_range(0..3) {
                0 => {
                    lines.remove(i);
                }
                1 => lines.insert(i, lines[i]),
                _ => {
                    let j = rng.random_range(0..nl);
                    lines.swap(i, j);
                }
            }
            lines.concat()
        }
        // Swap two neighbouring characters.
        3 => {
            let mut cs: Vec<char> = s.chars().collect();
            if cs.len() >= 2 {
                let i = rng.random_range(0..cs.len() - 1);
                cs.swap(i, i + 1);
            }
            cs.into_iter().collect()
        }
        // Replace one digit.
        4 => {
            let digits: Vec<usize> = s
                .bytes()
                .enumerate()
                .filter(|(_, b)| b.is_ascii_digit())
                .map(|(i, _)| i)
                .collect();
            let mut out = s.to_string();
            if !digits.is_empty() {
                let i = digits[rng.random_range(0..digits.len())];
                let d = char::from(b'0' + rng.random_range(0..10u8));
                out.replace_range(i..i + 1, d.encode_utf8(&mut [0; 4]));
            }
            out
        }
        // Replace a whole number.
        5 => {
            let bytes = s.as_bytes();
            let starts: Vec<usize> = (0..bytes.len())
                .filter(|&i| {
                    bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_digit())
                })
                .collect();
            let mut out = s.to_string();
            if !starts.is_empty() {
                let a = starts[rng.random_range(0..starts.len())];
                let b = (a..bytes.len())
                    .find(|&i| !bytes[i].is_ascii_digit() && bytes[i] != b'.')
                    .unwrap_or(bytes.len());
                out.replace_range(a..b, NUMBERS[rng.random_range(0..NUMBERS.len())]);
            }
            out
        }
        // Truncate.
        6 => s[..boundary(rng, s)].to_string(),
        // Delete a short run of characters.
        7 => {
            let a = boundary(rng, s);
            let rest = &s[a..];
            let b = a + rest
                .char_indices()
                .map(|(i, _)| i)
                .chain([rest.len()])
                .nth(rng.random_range(1..8))
                .unwrap_or(rest.len());
            format!("{}{}", &s[..a], &s[b..])
        }
        // Insert garbage.
        _ => {
            let a = boundary(rng, s);
            format!(
                "{}{}{}",
                &s[..a],
                GARBAGE[rng.random_range(0..GARBAGE.len())],
                &s[a..]
            )
        }
    }
}

/// Runs `f`, turning a panic into an error that quotes it.
fn no_panic<T>(what: &str, f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
        let msg = p
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()));
        format!("{what} panicked: {}", msg.unwrap_or_default())
    })
}

/// Plays `actions` random legal actions: past the boundary, a scenario that
/// loaded is one the engine can play.
fn play(scen: &Scenario, seed: u64, actions: usize) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut st = GameState::new(scen, &mut rng);
    let mut legal = Vec::new();
    for _ in 0..actions {
        if st.is_over() {
            break;
        }
        st.legal_actions(scen, &mut legal);
        let a = legal[rng.random_range(0..legal.len())];
        if let Err(e) = st.apply(scen, a, &mut rng, &mut ()) {
            panic!("listed action {a:?} refused: {e:?}");
        }
    }
}

/// Loads `src` and checks the answer is sane (and, when it loads, that a
/// game starts and a few random actions play); `Err` says how it is not.
fn load_without_panic(src: &str, actions: usize) -> Result<(), String> {
    let result = no_panic("the loader", || Scenario::from_toml(src, "fuzz.toml"))?;
    let errors = match result {
        Ok(scen) => {
            return no_panic("playing the loaded scenario", || {
                play(&scen, src.len() as u64, actions)
            });
        }
        Err(ScenarioErrors(errors)) => errors,
    };
    if errors.is_empty() {
        return Err("Err with no errors".into());
    }
    let lines: Vec<&str> = src.split('\n').collect();
    for e in &errors {
        // The place must exist: a line of the file, a column of that line or just past its end.
        let line_len = e
            .line
            .checked_sub(1)
            .and_then(|i| lines.get(i))
            .map(|l| l.chars().count());
        if e.line < 1 || e.col < 1 || line_len.is_none_or(|n| e.col > n + 1) {
            return Err(format!("error at a place not in the file: {e}"));
        }
        if e.message.trim().is_empty() || e.file != "fuzz.toml" {
            return Err(format!("error without a message or file: {e:?}"));
        }
    }
    if !errors.is_sorted_by_key(|e| (e.line, e.col)) {
        return Err("errors not in file order".into());
    }
    Ok(())
}

/// Each corpus file is mutated some hundreds of times, 1 to 3 changes
/// stacked, from a seed per file and round; large files get fewer rounds so
/// the test stays within a few seconds. Inputs that still load play a few
/// random actions.
#[test]
fn mutated_scenarios_never_panic_the_loader() {
    let corpus = corpus();
    let mut failures = Vec::new();
    let mut loads = 0usize;
    'files: for (k, (name, text)) in corpus.iter().enumerate() {
        let rounds = (4_000_000 / text.len().max(1)).clamp(150, 400) as u64;
        for round in 0..rounds {
            let seed = (k as u64) << 32 | round;
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut src = text.clone();
            for _ in 0..rng.random_range(1..=3) {
                src = mutate(&mut rng, &src);
            }
            loads += 1;
            if let Err(why) = load_without_panic(&src, 20) {
                let path = Path::new(env!("CARGO_TARGET_TMPDIR"))
                    .join(format!("malformed-{name}-{seed}.toml"));
                let _ = std::fs::write(&path, &src);
                failures.push(format!(
                    "{name}, seed {seed}: {why} (input saved to {})",
                    path.display()
                ));
                if failures.len() >= 10 {
                    break 'files;
                }
            }
        }
    }
    assert!(loads > 10_000);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Inputs no mutation is likely to build.
#[test]
fn pathological_inputs_never_panic_the_loader() {
    let open = include_str!("fixtures/open.toml");
    let mut inputs = vec![
        String::new(),
        "\n".repeat(1000),
        "\u{feff}".to_string() + open,
        open.replace('\n', "\r\n"),
        open.replace('\n', "\r"),
        format!("x = {}", "[".repeat(100_000)),
        format!("x = {}", "{a=".repeat(100_000)),
        format!("{} = 1", vec!["a"; 100_000].join(".")),
        open.replace(
            "c c c c c c c c",
            "c c c c c c c c c c c c c c c c c c c c c c c c c c c c c c c c",
        ),
        open.replace("columns = 8", "columns = 255")
            .replace("rows = 6", "rows = 255"),
        open.replace("columns = 8", "columns = 65536"),
        open.replace("columns = 8", "columns = -1"),
        open.replace("turns = 2", "turns = 1e400"),
        open.replace("hex = \"0203\"", "hex = \"\""),
        open.replace("hex = \"0203\"", "hex = \"é2é3\""),
        open.replace("hex = \"0203\"", "hex = \"0203/0204\""),
        open.replace("hex = \"0203\"", "hex = \"999999\""),
        open.replace("movement = 3", "movement = nan"),
        open.replace("movement = 3", "movement = -inf"),
        open.replace("attack = 4", "attack = []"),
        open.replace("attack = 4", "attack = [1, 2, 3, 4, 5]"),
        open.replace("attack = 4", "attack = [4, 3]\ndefense = [1]"),
        open.replace(
            "attack = 4",
            "attack = 4\nmorale = 9223372036854775807\ncommand = -9223372036854775808",
        ),
        open.replace(
            "cost = { foot = 1, horse = 1 }",
            "cost = { foot = 1e308, horse = -0.0 }",
        ),
        open.replace("terrain = \"\"\"", "terrain = \"\"\"\u{2003}é"),
        open.replace("code = \"c\"", "code = \"\""),
        open.replace("code = \"c\"", "code = \"é\""),
        open.replace("decisive = 5", "decisive = 9223372036854775807"),
        open.replace("marginal = 1", "marginal = -9223372036854775808"),
        open.replace(
            "marginal = 1",
            "marginal = 1\nstep_vp = -9223372036854775808",
        ),
        format!("{open}\n[rules]\nstacking = 9223372036854775807\nphases = []\n"),
    ];
    // More roads than the 64 the per-hex bit sets hold.
    let mut roads = open.to_string();
    for i in 0..70 {
        roads.push_str(&format!(
            "\n[[routes]]\nkind = \"road\"\nname = \"r{i}\"\nhexes = [\"0101\", \"0201\"]\n"
        ));
    }
    inputs.push(roads);
    // Large lists, that a quadratic check or a linear search per error would make slow.
    inputs.push(big_map('x'));
    let classes: Vec<String> = (0..100_000).map(|i| format!("\"c{i}\"")).collect();
    inputs.push(open.replace(
        "classes = [\"foot\", \"horse\"]",
        &format!("classes = [{}]", classes.join(", ")),
    ));
    let mut terrains = open.to_string();
    for i in 0..20_000 {
        terrains.push_str(&format!(
            "\n[[terrain]]\ncode = \"c\"\nname = \"t{i}\"\ncost = {{ foot = 1 }}\n"
        ));
    }
    inputs.push(terrains);
    let mut units = open.to_string();
    for i in 0..20_000 {
        units.push_str(&format!(
            "\n[[units]]\nid = \"u{i}\"\nside = \"red\"\ntype = \"t{i}\"\nhex = \"0000\"\n"
        ));
    }
    inputs.push(units);
    let mut failures = Vec::new();
    for (i, src) in inputs.iter().enumerate() {
        if let Err(why) = load_without_panic(src, 20) {
            failures.push(format!("input {i}: {why}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `open.toml` on a 255 x 255 map of the letter `fill`.
fn big_map(fill: char) -> String {
    let grid6 = "c c c c c c c c\n".repeat(6);
    let row = vec![fill.to_string(); 255].join(" ");
    include_str!("fixtures/open.toml")
        .replace("columns = 8", "columns = 255")
        .replace("rows = 6", "rows = 255")
        .replace(grid6.trim_end(), &vec![row; 255].join("\n"))
        .replace("\"0203\"", "\"002003\"")
        .replace("\"0703\"", "\"255255\"")
}

/// A map full of unknown letters gives a bounded list of errors.
#[test]
fn a_map_of_unknown_letters_gives_twenty_errors_and_a_count() {
    let src = big_map('x');
    let errors = Scenario::from_toml(&src, "big.toml")
        .expect_err("unknown letters")
        .0;
    assert_eq!(errors.len(), 21, "{}", ScenarioErrors(errors.clone()));
    assert_eq!((errors[0].line, errors[0].col), (19, 1));
    assert!(
        errors[0]
            .message
            .contains("unknown terrain code 'x' at hex 001001"),
        "{}",
        errors[0]
    );
    assert_eq!((errors[20].line, errors[20].col), (19, 41));
    assert!(
        errors[20].message.contains(&format!(
            "{} more unknown terrain codes, from hex 021001 on",
            255 * 255 - 20
        )),
        "{}",
        errors[20]
    );
}

/// The far ends of every range the loader allows: they load, and play.
#[test]
fn extreme_but_valid_scenarios_load_and_play() {
    let open = include_str!("fixtures/open.toml");
    let cases = [
        open.replace("{ foot = 1, horse = 1 }", "{ foot = 0, horse = 0 }")
            .replace("movement = 3", "movement = 999.8333333333"),
        open.replace("{ foot = 1, horse = 1 }", "{ foot = 999, horse = 999 }")
            .replace("movement = 3", "movement = 999.8333333333"),
        big_map('c'),
        open.replace(
            "attack = 4",
            "attack = [1000, 1000, 1000, 1000]\ndefense = [0, 0, 0, 0]\nmorale = 20\ncommand = 20",
        ),
        open.replace("turns = 2", "turns = 99")
            + "\n[rules]\nstacking = 20\nphases = [\"movement\"]\n",
        open.replace("turns = 2", "turns = 99")
            + "\n[rules]\nphases = [\"rally\", \"naval\", \"combat\", \"rail\", \"supply\", \"movement\"]\n",
        open.replace("decisive = 5", "decisive = 1000000")
            .replace("marginal = 1", "marginal = 1000000\nstep_vp = 1000"),
    ];
    for (i, src) in cases.iter().enumerate() {
        if let Err(e) = Scenario::from_toml(src, "extreme.toml") {
            panic!("case {i} does not load:\n{e}");
        }
        if let Err(why) = load_without_panic(src, 2000) {
            panic!("case {i}: {why}");
        }
    }
}

/// `hexwar validate` reports every problem, not only the first: unknown
/// keys and type errors (which stop serde) each at their place, then the
/// checks past the structs.
#[test]
fn every_fault_of_a_file_is_reported_at_its_place() {
    let dir = bad_dir().join("../many_faults.toml");
    let src = std::fs::read_to_string(&dir).unwrap();
    let errors = match Scenario::from_toml(&src, "many_faults.toml") {
        Ok(_) => panic!("loaded without error"),
        Err(ScenarioErrors(errors)) => errors,
    };
    let got: Vec<(usize, usize, &str, &str)> = errors
        .iter()
        .map(|e| {
            let at = text_at(&src, e.line, e.col).unwrap_or("");
            (e.line, e.col, at, e.message.as_str())
        })
        .collect();
    let expected: &[(usize, &str, &str)] = &[
        (7, "0", "turns must be 1 to 99, not 0"),
        (8, "colour", "unknown field `colour`"),
        (9, "3", "invalid type: integer `3`, expected a string"),
        (
            35,
            "\"yes\"",
            "invalid type: string \"yes\", expected a boolean",
        ),
        (51, "\"0903\"", "0903"),
        (58, "facing", "unknown field `facing`"),
    ];
    assert_eq!(got.len(), expected.len(), "{got:#?}");
    for ((line, at, msg), (gl, _, gat, gmsg)) in expected.iter().zip(&got) {
        assert!(
            *gl == *line && gat.starts_with(at) && gmsg.contains(msg),
            "expected {line} {at:?} {msg:?}, got {got:#?}"
        );
    }
}
