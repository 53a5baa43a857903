//! The play server over real sockets: it answers only its own page (Host,
//! Origin, Content-Type and the session's token checked, refusals change
//! nothing), and no client can block another (a half-sent body, a body
//! promised with `Expect: 100-continue`, a body too large).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use hexwar_sim::play::{Server, Session};
use serde_json::Value;

/// A server on a free port playing malaya (the person: the second side),
/// answering in a thread of its own until the test ends.
fn start(timeout: Option<Duration>) -> SocketAddr {
    let scen = hexwar_sim::scenario::LoadedScenario::load("malaya")
        .unwrap()
        .scenario;
    let mut s = Session::new(scen, hexwar_engine::Side(0), "random", 1).unwrap();
    let mut server = Server::bind("127.0.0.1:0").unwrap();
    if let Some(t) = timeout {
        server.set_timeout(t);
    }
    let addr = server.addr();
    std::thread::spawn(move || server.run(&mut s));
    addr
}

/// Status and body of the answer to `raw`, sent whole.
fn exchange(addr: SocketAddr, raw: &[u8]) -> (u16, String) {
    let mut c = TcpStream::connect(addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    c.write_all(raw).unwrap();
    read_answer(&mut c)
}

fn read_answer(c: &mut TcpStream) -> (u16, String) {
    let mut answer = Vec::new();
    c.read_to_end(&mut answer).unwrap();
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP answer: {text:?}"));
    let body = text
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

/// A request with `headers` (each `Name: value`) and a body.
fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[String],
    body: &str,
) -> (u16, String) {
    let mut raw = format!("{method} {path} HTTP/1.1\r\n");
    for h in headers {
        raw.push_str(h);
        raw.push_str("\r\n");
    }
    raw.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    exchange(addr, raw.as_bytes())
}

fn host(addr: SocketAddr) -> String {
    format!("Host: {addr}")
}

/// The token, read from the page as its script reads it.
fn token(addr: SocketAddr) -> String {
    let (status, page) = request(addr, "GET", "/", &[host(addr)], "");
    assert_eq!(status, 200);
    let at = page
        .find("name=\"hexwar-token\" content=\"")
        .expect("the page carries the token");
    let rest = &page[at + "name=\"hexwar-token\" content=\"".len()..];
    rest[..rest.find('"').unwrap()].to_string()
}

/// The page's own headers for a POST.
fn page_post(addr: SocketAddr, token: &str) -> Vec<String> {
    vec![
        host(addr),
        format!("Origin: http://{addr}"),
        "Content-Type: application/json".into(),
        format!("X-Hexwar-Token: {token}"),
    ]
}

fn saved(addr: SocketAddr) -> String {
    let (status, body) = request(addr, "GET", "/api/save", &[host(addr)], "");
    assert_eq!(status, 200, "{body}");
    body
}

fn version(addr: SocketAddr) -> u64 {
    let (_, body) = request(addr, "GET", "/api/state", &[host(addr)], "");
    let v: Value = serde_json::from_str(&body).unwrap();
    v["version"].as_u64().unwrap()
}

#[test]
fn the_page_own_requests_are_answered() {
    let addr = start(None);
    let token = token(addr);
    assert_eq!(token.len(), 32);
    let v = version(addr);
    let (status, body) = request(
        addr,
        "POST",
        "/api/action",
        &page_post(addr, &token),
        r#"{"type":"end_phase"}"#,
    );
    assert_eq!(status, 200, "{body}");
    assert!(version(addr) > v);
    // localhost names the same server; an empty POST needs the same headers.
    let mut h = page_post(addr, &token);
    h[0] = format!("Host: localhost:{}", addr.port());
    h[1] = format!("Origin: http://localhost:{}", addr.port());
    let (status, body) = request(addr, "POST", "/api/new", &h, "");
    assert_eq!(status, 200, "{body}");
}

#[test]
fn requests_from_other_sites_are_refused_and_change_nothing() {
    let addr = start(None);
    let token = token(addr);
    let before = saved(addr);
    let v = version(addr);
    let evil = "Host: rebind.evil.example".to_string();
    let end = r#"{"type":"end_phase"}"#;
    let with = |i: usize, h: &str| {
        let mut v = page_post(addr, &token);
        if h.is_empty() {
            v.remove(i);
        } else {
            v[i] = h.to_string();
        }
        v
    };
    let cases: Vec<(&str, Vec<String>, &str, u16, &str)> = vec![
        // DNS rebinding: the game's reads are refused too.
        (
            "GET",
            vec![evil.clone()],
            "/api/save",
            403,
            "rebind.evil.example",
        ),
        (
            "GET",
            vec![evil.clone()],
            "/api/state",
            403,
            "is not this server",
        ),
        ("GET", vec![evil.clone()], "/", 403, "is not this server"),
        (
            "POST",
            with(0, &evil),
            "/api/action",
            403,
            "is not this server",
        ),
        ("GET", vec![], "/api/state", 400, "no Host"),
        // A form or a text/plain fetch from another page.
        (
            "POST",
            with(2, "Content-Type: text/plain"),
            "/api/action",
            415,
            "application/json",
        ),
        ("POST", with(2, ""), "/api/new", 415, "application/json"),
        (
            "POST",
            with(1, "Origin: http://evil.example"),
            "/api/load",
            403,
            "evil.example",
        ),
        (
            "POST",
            with(1, "Origin: null"),
            "/api/action",
            403,
            "only this server",
        ),
        ("POST", with(3, ""), "/api/action", 403, "X-Hexwar-Token"),
        (
            "POST",
            with(3, "X-Hexwar-Token: 0123"),
            "/api/new",
            403,
            "wrong X-Hexwar-Token",
        ),
    ];
    for (method, headers, path, want, says) in cases {
        let body = if method == "POST" { end } else { "" };
        let (status, answer) = request(addr, method, path, &headers, body);
        assert_eq!(status, want, "{method} {path} {headers:?}: {answer}");
        let msg: Value = serde_json::from_str(&answer).unwrap();
        let msg = msg["error"].as_str().unwrap();
        assert!(msg.contains(says), "{method} {path}: {msg}");
    }
    assert_eq!(saved(addr), before, "a refused request changed the game");
    assert_eq!(version(addr), v);
}

#[test]
fn a_half_sent_body_blocks_no_one() {
    let addr = start(None);
    // A body of 100,000 bytes promised, ten sent, the connection held open.
    let mut slow = TcpStream::connect(addr).unwrap();
    write!(
        slow,
        "POST /api/load HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         X-Hexwar-Token: {}\r\nContent-Length: 100000\r\n\r\n0123456789",
        token(addr)
    )
    .unwrap();
    // Another holds a body back behind Expect: 100-continue.
    let mut waiting = TcpStream::connect(addr).unwrap();
    write!(
        waiting,
        "POST /api/new HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         X-Hexwar-Token: {}\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n",
        token(addr)
    )
    .unwrap();
    // A third client is answered while both are still open.
    let (status, body) = request(addr, "GET", "/api/state", &[host(addr)], "");
    assert_eq!(status, 200, "{body}");
    slow.set_nonblocking(true).unwrap();
    let mut b = [0u8; 1];
    assert!(
        matches!(slow.read(&mut b), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock),
        "the slow client is still waiting, its connection open"
    );
    // The one that waited for 100 Continue gets it, sends its body, is answered.
    waiting
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut cont = [0u8; 25];
    waiting.read_exact(&mut cont).unwrap();
    assert_eq!(&cont, b"HTTP/1.1 100 Continue\r\n\r\n");
    waiting.write_all(b"{}").unwrap();
    assert_eq!(read_answer(&mut waiting).0, 200);
}

#[test]
fn a_body_too_large_is_refused_before_it_is_read() {
    let addr = start(None);
    // 100 MB promised, none sent: the 413 comes at once and the connection closes.
    let (status, body) = exchange(
        addr,
        format!("POST /api/load HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 100000000\r\n\r\n")
            .as_bytes(),
    );
    assert_eq!(status, 413, "{body}");
    // While another client uploads its 100 MB, a third is answered.
    let mut big = TcpStream::connect(addr).unwrap();
    write!(
        big,
        "POST /api/load HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 100000000\r\n\r\n"
    )
    .unwrap();
    let sender = std::thread::spawn(move || {
        let chunk = vec![b'x'; 1 << 16];
        for _ in 0..1600 {
            if big.write_all(&chunk).is_err() {
                return true; // the server closed the connection
            }
        }
        false
    });
    let (status, _) = request(addr, "GET", "/api/state", &[host(addr)], "");
    assert_eq!(status, 200);
    assert!(sender.join().unwrap(), "the server read the whole 100 MB");
    // A chunked body is refused: its length is not known beforehand.
    let (status, body) = exchange(
        addr,
        format!("POST /api/new HTTP/1.1\r\nHost: {addr}\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{{}}\r\n0\r\n\r\n").as_bytes(),
    );
    assert_eq!(status, 411, "{body}");
}

#[test]
fn a_client_that_stalls_is_dropped_at_its_deadline() {
    let addr = start(Some(Duration::from_millis(300)));
    let mut c = TcpStream::connect(addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(c, "GET /api/state HTTP/1.1\r\nHost: {addr}\r\n").unwrap();
    let (status, body) = read_answer(&mut c);
    assert_eq!(status, 408, "{body}");
    // One that sends nothing is closed without an answer.
    let mut c = TcpStream::connect(addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut rest = Vec::new();
    assert_eq!(c.read_to_end(&mut rest).unwrap(), 0);
}
