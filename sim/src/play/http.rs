//! The request loop: `tiny_http` reads requests, [`super::handle`] answers
//! them, one at a time (one person plays; the AI moves only when asked).

use std::io::Read;
use std::net::SocketAddr;

use super::{MAX_BODY, Response, Session, handle};

/// Why the server could not listen.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {error}")]
    Listen {
        /// The address asked for.
        addr: String,
        /// What the system said.
        error: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The address bound is not an IP address.
    #[error("cannot listen on {addr}: not an IP address")]
    NotIp {
        /// The address asked for.
        addr: String,
    },
}

/// A listening server.
pub struct Server {
    inner: tiny_http::Server,
    addr: SocketAddr,
}

impl Server {
    /// Listens on `addr` (`127.0.0.1:8080`; port 0 lets the system choose).
    pub fn bind(addr: &str) -> Result<Server, ServerError> {
        let inner = tiny_http::Server::http(addr).map_err(|error| ServerError::Listen {
            addr: addr.to_string(),
            error,
        })?;
        let addr = inner
            .server_addr()
            .to_ip()
            .ok_or_else(|| ServerError::NotIp {
                addr: addr.to_string(),
            })?;
        Ok(Server { inner, addr })
    }

    /// The address it listens on (with the port the system chose).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Answers requests until the process ends.
    pub fn run(&self, session: &mut Session) {
        loop {
            self.serve_one(session);
        }
    }

    /// Waits for one request and answers it.
    pub fn serve_one(&self, session: &mut Session) {
        let Ok(mut req) = self.inner.recv() else {
            return;
        };
        let method = req.method().as_str().to_string();
        let url = req.url().to_string();
        let (path, query) = url.split_once('?').unwrap_or((&url, ""));
        let mut body = Vec::new();
        // One byte more than allowed, so the handler can tell a body that is too long.
        let read = req
            .as_reader()
            .take(MAX_BODY as u64 + 1)
            .read_to_end(&mut body);
        let answer = match read {
            Ok(_) => handle(session, &method, path, query, &body),
            Err(e) => Response::error(400, format!("cannot read the request body: {e}")),
        };
        let head = method == "HEAD";
        let mut r = tiny_http::Response::from_data(if head { Vec::new() } else { answer.body })
            .with_status_code(answer.status);
        let mut headers = vec![
            ("Content-Type".to_string(), answer.content_type.to_string()),
            ("Cache-Control".to_string(), "no-store".to_string()),
        ];
        headers.extend(answer.headers);
        for (k, v) in headers {
            if let Ok(h) = tiny_http::Header::from_bytes(k.as_bytes(), v.as_bytes()) {
                r.add_header(h);
            }
        }
        // A client that went away is not the server's problem.
        let _ = req.respond(r);
    }
}
