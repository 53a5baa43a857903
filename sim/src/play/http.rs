//! The server: a listening socket, a small pool of workers, and the game
//! behind one lock. Each connection is one request ([`super::wire`]): read
//! with a deadline, checked by the [`Guard`] (only this server's own page
//! may drive it), answered by [`super::handle`] with the game locked only
//! for that call, then closed. A slow or stalled client holds one worker
//! until its deadline and no lock, so the others are answered meanwhile;
//! when every worker is busy and the queue full, a new connection gets a
//! 503 at once.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{self, TrySendError};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::guard::{Guard, Head, new_token};
use super::wire::{
    ReadFailure, body_length, linger_close, read_body, read_head, respond, send_continue,
};
use super::{MAX_BODY, Response, Session, handle};

/// Connections served at once.
pub const WORKERS: usize = 8;
/// Connections accepted and waiting for a worker.
const QUEUE: usize = 32;
/// How long a client has to send its whole request.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// Why the server could not listen.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {error}")]
    Listen {
        /// The address asked for.
        addr: String,
        /// What the system said.
        error: std::io::Error,
    },
    /// No random token from the operating system.
    #[error("cannot make the session's token: {0}")]
    Token(getrandom::Error),
}

/// A listening server.
pub struct Server {
    listener: TcpListener,
    addr: SocketAddr,
    guard: Guard,
    timeout: Duration,
}

impl Server {
    /// Listens on `addr` (`127.0.0.1:8080`; port 0 lets the system choose).
    pub fn bind(addr: &str) -> Result<Server, ServerError> {
        let listen = |error| ServerError::Listen {
            addr: addr.to_string(),
            error,
        };
        let listener = TcpListener::bind(addr).map_err(listen)?;
        let bound = listener.local_addr().map_err(listen)?;
        let token = new_token().map_err(ServerError::Token)?;
        Ok(Server {
            listener,
            addr: bound,
            guard: Guard::new(bound, token),
            timeout: REQUEST_TIMEOUT,
        })
    }

    /// The address it listens on (with the port the system chose).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The session's token, which the served page carries and sends back
    /// in `X-Hexwar-Token` (docs/PLAY-API.md).
    pub fn token(&self) -> &str {
        self.guard.token()
    }

    /// Sets how long a client has to send a whole request
    /// ([`REQUEST_TIMEOUT`] by default).
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
    }

    /// Answers requests until the process ends: [`WORKERS`] threads serve
    /// the connections, the game behind one lock.
    pub fn run(&self, session: &mut Session) {
        let game = Mutex::new(session);
        let (tx, rx) = mpsc::sync_channel::<TcpStream>(QUEUE);
        let rx = Mutex::new(rx);
        std::thread::scope(|scope| {
            for _ in 0..WORKERS {
                scope.spawn(|| {
                    loop {
                        let next = rx.lock().unwrap_or_else(PoisonError::into_inner).recv();
                        let Ok(stream) = next else { return };
                        // A bug in one answer costs that connection, not the server.
                        let _ = catch_unwind(AssertUnwindSafe(|| self.serve(stream, &game)));
                    }
                });
            }
            for stream in self.listener.incoming() {
                let Ok(stream) = stream else {
                    // Out of file descriptors, say: wait rather than spin.
                    std::thread::sleep(Duration::from_millis(20));
                    continue;
                };
                match tx.try_send(stream) {
                    Ok(()) => {}
                    Err(TrySendError::Full(mut s)) => {
                        let _ = s.set_write_timeout(Some(Duration::from_secs(1)));
                        let busy = Response::error(503, "the server is busy: try again");
                        let _ = respond(&mut s, &busy, false);
                    }
                    Err(TrySendError::Disconnected(_)) => break,
                }
            }
        });
    }

    /// One connection: one request read, checked and answered.
    fn serve(&self, mut s: TcpStream, game: &Mutex<&mut Session>) {
        let _ = s.set_write_timeout(Some(self.timeout));
        let _ = s.set_nodelay(true);
        let deadline = Instant::now() + self.timeout;
        let refuse = |s: &mut TcpStream, status, message: String| {
            let _ = respond(s, &Response::error(status, message), false);
            linger_close(s, 2 * MAX_BODY);
        };
        let (head, start) = match read_head(&mut s, deadline) {
            Ok(x) => x,
            Err(ReadFailure::Gone) => return,
            Err(ReadFailure::Answer(status, m)) => return refuse(&mut s, status, m),
        };
        // Before anything is read of the body: its size, then the guard.
        let len = match body_length(&head) {
            Ok(n) => n,
            Err(ReadFailure::Gone) => return,
            Err(ReadFailure::Answer(status, m)) => return refuse(&mut s, status, m),
        };
        if let Err((status, m)) = self.guard.check(&head) {
            return refuse(&mut s, status, m);
        }
        let expects = head
            .values("expect")
            .iter()
            .any(|v| v.eq_ignore_ascii_case("100-continue"));
        if expects && start.len() < len && send_continue(&mut s).is_err() {
            return;
        }
        let body = match read_body(&mut s, start, len, deadline) {
            Ok(b) => b,
            Err(ReadFailure::Gone) => return,
            Err(ReadFailure::Answer(status, m)) => return refuse(&mut s, status, m),
        };
        let (path, query) = head.target.split_once('?').unwrap_or((&head.target, ""));
        let mut answer = {
            let mut session = game.lock().unwrap_or_else(PoisonError::into_inner);
            handle(&mut session, &head.method, path, query, &body)
        };
        if answer.status == 200 && matches!(path, "/" | "/index.html") {
            answer.body = self.guard.embed_token(&answer.body);
        }
        let _ = respond(&mut s, &answer, head.method == "HEAD");
    }
}
