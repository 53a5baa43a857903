//! A self-contained HTML page of a run folder (`report.html`), for the
//! morning after an overnight run: the folder's own Markdown report
//! (`summary.md` of a batch or a balance run, `tune.md`, `sweep.md`, a
//! report's `README.md`) rendered with pulldown-cmark, every plot it shows
//! inlined as a base64 PNG, the style sheet inline: one file that opens in
//! any browser, offline, and can be mailed or archived on its own.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use base64::Engine as _;
use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd, html};

use crate::files::{self, FileError};

/// The report files looked for in a folder, in order.
pub const SOURCES: [&str; 4] = ["summary.md", "tune.md", "sweep.md", "README.md"];

/// The page's name in its folder.
pub const PAGE: &str = "report.html";

/// Why a page could not be made.
#[derive(Debug, thiserror::Error)]
pub enum HtmlError {
    /// No report to render.
    #[error("{}: no report to render (looked for {})", dir.display(), SOURCES.join(", "))]
    NoReport {
        /// The folder.
        dir: PathBuf,
    },
    /// A file.
    #[error(transparent)]
    File(#[from] FileError),
}

/// The folder's report file.
pub fn source(dir: &Path) -> Result<PathBuf, HtmlError> {
    SOURCES
        .iter()
        .map(|f| dir.join(f))
        .find(|p| p.is_file())
        .ok_or_else(|| HtmlError::NoReport {
            dir: dir.to_path_buf(),
        })
}

/// `src` as an inline image: the file read and base64-encoded (PNG, or
/// SVG), or `None` when it is not there or not an image (left as a link).
fn data_url(dir: &Path, src: &str) -> Option<String> {
    if src.contains("://") || src.starts_with("data:") {
        return None;
    }
    let path = dir.join(src);
    let mime = match path.extension()?.to_str()? {
        "png" => "image/png",
        "svg" => "image/svg+xml",
        "jpg" | "jpeg" => "image/jpeg",
        _ => return None,
    };
    let bytes = fs::read(&path).ok()?;
    Some(format!(
        "data:{mime};base64,{}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    ))
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The Markdown `md` (of a file in `dir`) as HTML, images inlined.
pub fn body(md: &str, dir: &Path) -> String {
    let opts = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let mut events: Vec<Event> = Vec::new();
    let mut image: Option<(String, String)> = None;
    for e in Parser::new_ext(md, opts) {
        match (&mut image, e) {
            (None, Event::Start(Tag::Image { dest_url, .. })) => {
                image = Some((dest_url.to_string(), String::new()));
            }
            (Some((_, alt)), Event::Text(t) | Event::Code(t)) => alt.push_str(&t),
            (Some(_), Event::End(TagEnd::Image)) => {
                let (src, alt) = image.take().unwrap_or_default();
                let html = match data_url(dir, &src) {
                    Some(url) => format!(
                        "<figure><img src=\"{url}\" alt=\"{0}\"><figcaption>{0}</figcaption></figure>",
                        escape(&alt)
                    ),
                    None => format!("<a href=\"{}\">{}</a>", escape(&src), escape(&alt)),
                };
                events.push(Event::Html(CowStr::from(html)));
            }
            (Some(_), _) => {}
            // A link to another folder's report: to its page, if it has one.
            (
                None,
                Event::Start(Tag::Link {
                    link_type,
                    dest_url,
                    title,
                    id,
                }),
            ) => {
                let page = Path::new(dest_url.as_ref()).with_file_name(PAGE);
                let dest_url = if SOURCES.iter().any(|f| dest_url.ends_with(f))
                    && !dest_url.contains("://")
                    && dir.join(&page).is_file()
                {
                    CowStr::from(page.display().to_string())
                } else {
                    dest_url
                };
                events.push(Event::Start(Tag::Link {
                    link_type,
                    dest_url,
                    title,
                    id,
                }));
            }
            (None, e) => events.push(e),
        }
    }
    let mut out = String::new();
    html::push_html(&mut out, events.into_iter());
    out
}

const STYLE: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;\
max-width:1100px;margin:2em auto;padding:0 1em;color:#222;line-height:1.45}\
table{border-collapse:collapse;margin:1em 0;font-size:.92em}\
th,td{border:1px solid #ccc;padding:.3em .6em}th{background:#f3f3f3}\
tr:nth-child(even) td{background:#fafafa}\
figure{display:inline-block;margin:.5em;max-width:100%;vertical-align:top}\
figure img{max-width:100%;height:auto;border:1px solid #ddd}\
figcaption{font-size:.85em;color:#666;text-align:center}\
pre{background:#f6f6f6;padding:.8em;overflow-x:auto;font-size:.88em}\
code{font-family:ui-monospace,Menlo,Consolas,monospace}\
footer{margin-top:3em;font-size:.8em;color:#888}";

/// The whole page of the folder `dir`: its report rendered, plots inline.
pub fn page(dir: &Path) -> Result<String, HtmlError> {
    let src = source(dir)?;
    let md = fs::read_to_string(&src).map_err(FileError::read(&src))?;
    let title = md
        .lines()
        .find_map(|l| l.strip_prefix("# "))
        .unwrap_or("hexwar report")
        .trim()
        .replace('`', "");
    let mut s = String::new();
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{}</title><style>{STYLE}</style></head><body>\n{}\
         <footer>Made by hexwar from {}; every plot is inside this page.</footer>\
         </body></html>\n",
        escape(&title),
        body(&md, dir),
        escape(&src.file_name().unwrap_or_default().to_string_lossy()),
    );
    Ok(s)
}

/// Writes `dir/report.html` (or `out`) and returns its path.
pub fn write(dir: &Path, out: Option<&Path>) -> Result<PathBuf, HtmlError> {
    let path = out.map_or_else(|| dir.join(PAGE), Path::to_path_buf);
    files::write(&path, page(dir)?)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_inlined_tables_rendered_and_missing_ones_linked() {
        let dir = std::env::temp_dir().join(format!("hexwar-html-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        // A 1x1 PNG's signature is enough for the data URL.
        fs::write(dir.join("a.png"), b"\x89PNG\r\n\x1a\n").unwrap();
        let md = "# Run <1>\n\n| x | y |\n| --- | --- |\n| 1 | 2 |\n\n\
                  ![the plot](a.png) ![gone](b.png) [level](lv/summary.md) [other](o/summary.md)\n";
        fs::create_dir_all(dir.join("lv")).unwrap();
        fs::write(dir.join("lv").join(PAGE), "").unwrap();
        fs::write(dir.join("summary.md"), md).unwrap();
        let html = page(&dir).unwrap();
        assert!(html.contains("<title>Run &lt;1&gt;</title>"), "{html}");
        assert!(
            html.contains("<table>") && html.contains("<td>2</td>"),
            "{html}"
        );
        assert!(
            html.contains("src=\"data:image/png;base64,iVBORw0KGgo=\""),
            "{html}"
        );
        assert!(html.contains("<figcaption>the plot</figcaption>"), "{html}");
        assert!(html.contains("<a href=\"b.png\">gone</a>"), "{html}");
        // A level's report links to its page when it has one.
        assert!(
            html.contains("<a href=\"lv/report.html\">level</a>"),
            "{html}"
        );
        assert!(
            html.contains("<a href=\"o/summary.md\">other</a>"),
            "{html}"
        );
        assert!(
            !html.contains("http://") && !html.contains("https://"),
            "{html}"
        );
        let path = write(&dir, None).unwrap();
        assert_eq!(path, dir.join("report.html"));
        assert!(matches!(
            page(&dir.join("nothing")),
            Err(HtmlError::NoReport { .. })
        ));
        let _ = fs::remove_dir_all(&dir);
    }
}
