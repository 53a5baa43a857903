//! `[map]`: the map's size and its terrain grid, one line of letters per row.
//! Each letter's error points at the letter in the file.

use std::ops::Range;

use super::errors::Ctx;
use super::terrain::TerrainTypes;
use crate::hex::Grid;
use crate::scenario::Terrain;
use crate::scenario::file::{MapFile, SStr};

/// `[map]`: the grid's shape (1 to 255 columns and rows, at most
/// [`Grid::MAX_HEXES`] hexes) and each hex's terrain. `None` ends the check:
/// everything after is placed on the map.
pub(super) fn check_map(
    cx: &mut Ctx<'_>,
    map: &MapFile,
    types: &TerrainTypes,
) -> Option<(Grid, Vec<u8>)> {
    let (cols, rows) = (*map.columns.get_ref(), *map.rows.get_ref());
    let grid = if (1..=255).contains(&cols) && (1..=255).contains(&rows) {
        Grid::new(cols as u16, rows as u16)
    } else {
        None
    };
    let Some(grid) = grid else {
        cx.err(
            map.columns.span(),
            format!(
                "a map of {cols} x {rows} hexes is not allowed (1 to 255 each way, at most {} hexes)",
                Grid::MAX_HEXES
            ),
        );
        return None;
    };
    let hex_terrain = read_grid(cx, &map.terrain, &grid, &types.terrain, types.codes_ok)?;
    Some((grid, hex_terrain))
}

/// Reads the terrain grid: one line per row, one letter per column. Unknown
/// letters are reported only when every `[[terrain]]` code was good (`codes_ok`):
/// a bad code already has its error, and would make every letter of it unknown.
fn read_grid(
    cx: &mut Ctx<'_>,
    s: &SStr,
    grid: &Grid,
    terrain: &[Terrain],
    codes_ok: bool,
) -> Option<Vec<u8>> {
    let text = s.get_ref();
    let at = letter_spans(cx, s);
    let mut lines: Vec<(usize, &str)> = Vec::new();
    let mut off = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        if !content.trim().is_empty() {
            lines.push((off, content));
        }
        off += line.len();
    }
    let (cols, rows) = (grid.columns() as usize, grid.rows() as usize);
    if lines.len() != rows {
        cx.err(
            s.span(),
            format!(
                "the terrain grid has {} rows, but the map has rows = {rows}",
                lines.len()
            ),
        );
        return None;
    }
    let mut out = vec![0u8; grid.len()];
    let mut ok = true;
    // Unknown letters: (offset in the text, letter, hex).
    let mut unknown: Vec<(usize, char, String)> = Vec::new();
    for (r, (line_off, line)) in lines.iter().enumerate() {
        let letters: Vec<(usize, char)> = line
            .char_indices()
            .filter(|(_, c)| !c.is_whitespace())
            .collect();
        if letters.len() != cols {
            cx.err(
                at(*line_off),
                format!(
                    "terrain grid row {} has {} letters, but the map has columns = {cols}",
                    r + 1,
                    letters.len()
                ),
            );
            ok = false;
            continue;
        }
        for (c, (i, ch)) in letters.into_iter().enumerate() {
            match terrain.iter().position(|t| t.code == ch) {
                Some(t) => out[r * cols + c] = t as u8,
                None => {
                    let hex = grid
                        .at(c as u16 + 1, r as u16 + 1)
                        .map_or(String::new(), |h| grid.label(h));
                    unknown.push((line_off + i, ch, hex));
                    ok = false;
                }
            }
        }
    }
    if codes_ok {
        report_unknown(cx, &unknown, terrain, &at);
    }
    ok.then_some(out)
}

/// Where each byte offset of the grid's text is in the file: the letter
/// itself when the text stands in the file as written (a string without
/// escapes), else the whole string.
fn letter_spans(cx: &Ctx<'_>, s: &SStr) -> impl Fn(usize) -> Range<usize> + use<> {
    let text = s.get_ref();
    // Where the text starts in the source, so each letter's error points at it.
    let span = s.span();
    let raw = cx.src.get(span.clone()).unwrap_or("");
    let body_start = ["\"\"\"", "'''", "\"", "'"]
        .iter()
        .find(|q| raw.starts_with(*q))
        .map_or(span.start, |q| {
            let mut p = span.start + q.len();
            // A newline right after the opening quotes is not part of the string.
            let rest = cx.src.get(p..).unwrap_or("");
            if q.len() == 3 {
                if rest.starts_with("\r\n") {
                    p += 2;
                } else if rest.starts_with('\n') {
                    p += 1;
                }
            }
            p
        });
    let exact = cx.src.get(body_start..body_start + text.len()) == Some(text.as_str());
    move |off: usize| {
        if exact {
            body_start + off..body_start + off + 1
        } else {
            span.clone()
        }
    }
}

/// One error per unknown letter, up to a point: a whole map of them says no more.
fn report_unknown(
    cx: &mut Ctx<'_>,
    unknown: &[(usize, char, String)],
    terrain: &[Terrain],
    at: &impl Fn(usize) -> Range<usize>,
) {
    const SHOWN: usize = 20;
    let codes: String = terrain.iter().map(|t| t.code).collect();
    for (off, ch, hex) in unknown.iter().take(SHOWN) {
        cx.err(
            at(*off),
            format!("unknown terrain code '{ch}' at hex {hex} (codes are \"{codes}\")"),
        );
    }
    if let Some((off, _, hex)) = unknown.get(SHOWN) {
        let more = unknown.len() - SHOWN;
        cx.err(
            at(*off),
            format!("{more} more unknown terrain codes, from hex {hex} on (codes are \"{codes}\")"),
        );
    }
}
