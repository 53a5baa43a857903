//! A small W3C WebDriver client for the end-to-end tests: starts
//! `chromedriver`, opens headless Chromium, and speaks the protocol's JSON
//! over HTTP with `ureq`; [`page`] is the play page under test.

// Each browser test crate uses its own subset of these.
#![allow(dead_code)]

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use base64::Engine as _;
use serde_json::{Value, json};

pub mod page;

/// The W3C key of an element reference in WebDriver answers.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// Finds `name` on the PATH or in /usr/bin.
pub fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/bin")])
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// A port nobody listens on now.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free local port")
}

/// A running chromedriver with one browser session; both end on drop.
pub struct Browser {
    driver: Child,
    base: String,
    session: String,
}

/// A reference to an element of the page.
#[derive(Clone, Debug)]
pub struct Element(String);

impl Browser {
    /// Starts chromedriver and a headless Chromium window of 1400 x 900.
    pub fn start(chromedriver: &Path, chromium: &Path) -> Browser {
        let port = free_port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let base = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(20);
        while ureq::get(&format!("{base}/status")).call().is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            sleep(Duration::from_millis(100));
        }
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            // A page that has not loaded in a minute is loaded again (goto).
            "timeouts": {"pageLoad": 60_000},
            "goog:chromeOptions": {
                "binary": chromium,
                "args": ["--headless", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--disable-background-networking",
                         "--disable-extensions", "--no-first-run",
                         "--window-size=1400,900"]
            }
        }}});
        let mut b = Browser {
            driver,
            base,
            session: String::new(),
        };
        let v = b.call("POST", "/session", Some(caps));
        b.session = v["sessionId"]
            .as_str()
            .expect("a session id from chromedriver")
            .to_string();
        b
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.try_call(method, path, body)
            .unwrap_or_else(|e| panic!("WebDriver {method} {path}: {e}"))
    }

    fn try_call(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let url = if path == "/session" {
            format!("{}{path}", self.base)
        } else {
            format!("{}/session/{}{path}", self.base, self.session)
        };
        let req = ureq::request(method, &url);
        let res = match body {
            Some(b) => req.send_json(b),
            None if method == "POST" => req.send_json(json!({})),
            None => req.call(),
        };
        let v: Value = match res {
            Ok(r) => r.into_json().map_err(|e| format!("not JSON: {e}"))?,
            Err(ureq::Error::Status(code, r)) => {
                let text = r.into_string().unwrap_or_default();
                return Err(format!(
                    "{code} {}",
                    text.chars().take(300).collect::<String>()
                ));
            }
            Err(e) => return Err(e.to_string()),
        };
        Ok(v["value"].clone())
    }

    /// Opens `url`. On a machine too busy for the renderer to answer in
    /// time, once more.
    pub fn goto(&self, url: &str) {
        let body = json!({ "url": url });
        if let Err(e) = self.try_call("POST", "/url", Some(body.clone())) {
            eprintln!("WebDriver: {url} did not load ({e}); loading it again");
            self.call("POST", "/url", Some(body));
        }
    }

    /// Runs `script` (a function body; `arguments` holds `args`) and returns its value.
    pub fn eval(&self, script: &str, args: Vec<Value>) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": args})),
        )
    }

    /// Every element matching the CSS selector.
    pub fn find_all(&self, css: &str) -> Vec<Element> {
        let v = self.call(
            "POST",
            "/elements",
            Some(json!({"using": "css selector", "value": css})),
        );
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|e| e[ELEMENT].as_str().map(|s| Element(s.to_string())))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Waits up to `secs` for an element matching `css`.
    pub fn wait_for(&self, css: &str, secs: u64) -> Element {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            if let Some(e) = self.find_all(css).into_iter().next() {
                return e;
            }
            assert!(Instant::now() < deadline, "no element {css} after {secs} s");
            sleep(Duration::from_millis(100));
        }
    }

    /// Waits up to `secs` until `script` (a function body) returns true.
    pub fn wait_until(&self, what: &str, script: &str, secs: u64) {
        let deadline = Instant::now() + Duration::from_secs(secs);
        while self.eval(script, vec![]) != Value::Bool(true) {
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            sleep(Duration::from_millis(100));
        }
    }

    /// Clicks an element, as a person would (the browser scrolls it into
    /// view and refuses when something covers it).
    pub fn click(&self, e: &Element) {
        self.call("POST", &format!("/element/{}/click", e.0), None);
    }

    /// Types `text` into an element; into a file input, a path chooses
    /// that file.
    pub fn send_keys(&self, e: &Element, text: &str) {
        self.call(
            "POST",
            &format!("/element/{}/value", e.0),
            Some(json!({"text": text})),
        );
    }

    /// Whether the element is shown and enabled.
    pub fn usable(&self, e: &Element) -> bool {
        let shown = self.call("GET", &format!("/element/{}/displayed", e.0), None);
        let enabled = self.call("GET", &format!("/element/{}/enabled", e.0), None);
        shown == Value::Bool(true) && enabled == Value::Bool(true)
    }

    /// The element's text.
    pub fn text(&self, e: &Element) -> String {
        let v = self.call("GET", &format!("/element/{}/text", e.0), None);
        v.as_str().unwrap_or_default().to_string()
    }

    /// A PNG of the window.
    pub fn screenshot(&self) -> Vec<u8> {
        let v = self.call("GET", "/screenshot", None);
        base64::engine::general_purpose::STANDARD
            .decode(v.as_str().expect("base64 screenshot"))
            .expect("a base64 PNG")
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let url = format!("{}/session/{}", self.base, self.session);
            let _ = ureq::delete(&url).call();
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
