//! One HTTP/1.1 exchange on a connection, with limits no client can
//! stretch: the head (parsed by `httparse`) at most [`HEAD_LIMIT`] bytes,
//! the body at most [`super::MAX_BODY`] and only with a `Content-Length`,
//! and the whole request within a deadline, each read waiting at most
//! until then. Every answer closes the connection (`Connection: close`),
//! so an idle connection holds no worker.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::time::{Duration, Instant};

use super::guard::Head;
use super::{MAX_BODY, Response};

/// The longest request head read (request line and headers).
pub const HEAD_LIMIT: usize = 16 << 10;
/// The most headers a request may have.
const MAX_HEADERS: usize = 48;

/// A request head: method, target, headers (names in lower case).
#[derive(Debug)]
pub struct RequestHead {
    /// `GET`, `POST`, ...
    pub method: String,
    /// The target as sent (path and query).
    pub target: String,
    headers: Vec<(String, String)>,
}

impl Head for RequestHead {
    fn method(&self) -> &str {
        &self.method
    }

    fn values(&self, name: &str) -> Vec<&str> {
        self.headers
            .iter()
            .filter(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }
}

/// Why a request was not read whole.
#[derive(Debug)]
pub enum ReadFailure {
    /// The client sent nothing and closed, or the connection failed: no
    /// answer is owed.
    Gone,
    /// An answer to send before closing (400, 408, 411, 413, 431).
    Answer(u16, String),
}

fn answer(status: u16, message: impl Into<String>) -> ReadFailure {
    ReadFailure::Answer(status, message.into())
}

/// One read, waiting at most until `deadline`.
fn read_some(s: &mut TcpStream, buf: &mut [u8], deadline: Instant) -> io::Result<usize> {
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Err(io::ErrorKind::TimedOut.into());
    }
    s.set_read_timeout(Some(left.max(Duration::from_millis(1))))?;
    s.read(buf)
}

fn timed_out(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
    )
}

/// Reads a request head; returns it with the bytes read past it (the
/// start of the body).
pub fn read_head(
    s: &mut TcpStream,
    deadline: Instant,
) -> Result<(RequestHead, Vec<u8>), ReadFailure> {
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    loop {
        let n = match read_some(s, &mut chunk, deadline) {
            Ok(0) if buf.is_empty() => return Err(ReadFailure::Gone),
            Ok(0) => return Err(answer(400, "the request head was cut off")),
            Ok(n) => n,
            Err(e) if timed_out(&e) && buf.is_empty() => return Err(ReadFailure::Gone),
            Err(e) if timed_out(&e) => {
                return Err(answer(408, "the request head did not come in time"));
            }
            Err(_) => return Err(ReadFailure::Gone),
        };
        buf.extend_from_slice(&chunk[..n]);
        let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
        let mut req = httparse::Request::new(&mut headers);
        match req.parse(&buf) {
            Ok(httparse::Status::Complete(len)) => {
                let head = RequestHead {
                    method: req.method.unwrap_or("").to_string(),
                    target: req.path.unwrap_or("/").to_string(),
                    headers: req
                        .headers
                        .iter()
                        .map(|h| {
                            (
                                h.name.to_ascii_lowercase(),
                                String::from_utf8_lossy(h.value).trim().to_string(),
                            )
                        })
                        .collect(),
                };
                return Ok((head, buf[len..].to_vec()));
            }
            Ok(httparse::Status::Partial) if buf.len() > HEAD_LIMIT => {
                return Err(answer(
                    431,
                    format!("the request head is over {HEAD_LIMIT} bytes"),
                ));
            }
            Ok(httparse::Status::Partial) => {}
            Err(httparse::Error::TooManyHeaders) => {
                return Err(answer(431, format!("more than {MAX_HEADERS} headers")));
            }
            Err(e) => return Err(answer(400, format!("not an HTTP request: {e}"))),
        }
    }
}

/// The body's length from `Content-Length` (0 without one), refusing a
/// chunked or otherwise encoded body, and one over [`MAX_BODY`] before a
/// byte of it is read.
pub fn body_length(head: &RequestHead) -> Result<usize, ReadFailure> {
    if !head.values("transfer-encoding").is_empty() {
        return Err(answer(
            411,
            "send the body with a Content-Length, not chunked",
        ));
    }
    let len = match head.values("content-length").as_slice() {
        [] => return Ok(0),
        [v] => v
            .parse::<u64>()
            .map_err(|_| answer(400, format!("Content-Length {v:?} is not a number")))?,
        _ => return Err(answer(400, "more than one Content-Length")),
    };
    if len > MAX_BODY as u64 {
        return Err(answer(413, format!("the body is over {MAX_BODY} bytes")));
    }
    Ok(len as usize)
}

/// Reads the rest of a body of `len` bytes, `start` already read.
pub fn read_body(
    s: &mut TcpStream,
    mut start: Vec<u8>,
    len: usize,
    deadline: Instant,
) -> Result<Vec<u8>, ReadFailure> {
    start.truncate(len);
    let mut chunk = [0u8; 8192];
    while start.len() < len {
        let want = (len - start.len()).min(chunk.len());
        match read_some(s, &mut chunk[..want], deadline) {
            Ok(0) => return Err(ReadFailure::Gone),
            Ok(n) => start.extend_from_slice(&chunk[..n]),
            Err(e) if timed_out(&e) => {
                return Err(answer(408, "the request body did not come in time"));
            }
            Err(_) => return Err(ReadFailure::Gone),
        }
    }
    Ok(start)
}

/// Tells a client that sent `Expect: 100-continue` to send its body.
pub fn send_continue(s: &mut TcpStream) -> io::Result<()> {
    s.write_all(b"HTTP/1.1 100 Continue\r\n\r\n")
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "",
    }
}

/// Writes `r` (its body left out for `HEAD`) and closes the connection.
pub fn respond(s: &mut TcpStream, r: &Response, head_only: bool) -> io::Result<()> {
    let mut out = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n",
        r.status,
        reason(r.status),
        r.content_type,
        r.body.len()
    );
    for (k, v) in &r.headers {
        // Our own headers; a line break in one would split the answer.
        if !k.contains(['\r', '\n']) && !v.contains(['\r', '\n']) {
            out.push_str(&format!("{k}: {v}\r\n"));
        }
    }
    out.push_str("\r\n");
    let mut bytes = out.into_bytes();
    if !head_only {
        bytes.extend_from_slice(&r.body);
    }
    s.write_all(&bytes)?;
    s.flush()
}

/// Closes after an answer sent before the request was read whole (a 413,
/// a timeout): the sending side shut, then what the client is still
/// sending read and dropped for a moment, at most `most` bytes, so that
/// it reads the answer rather than a reset; never the rest of a long body.
pub fn linger_close(s: &mut TcpStream, most: usize) {
    let _ = s.shutdown(Shutdown::Write);
    let deadline = Instant::now() + Duration::from_millis(500);
    let mut chunk = [0u8; 8192];
    let mut read = 0;
    while read < most {
        match read_some(s, &mut chunk, deadline) {
            Ok(0) | Err(_) => break,
            Ok(n) => read += n,
        }
    }
}
