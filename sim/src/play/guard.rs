//! Who may drive the play server: its own page, and no other site the
//! person visits (docs/PLAY-API.md, "What the server refuses").
//!
//! A browser sends a page's requests to any address the page names, the
//! person's own machine included; what it will not do is let a page read
//! another site's answers, or send a cross-site request with a JSON
//! `Content-Type` or a header of its own without asking the server first
//! (a CORS preflight, which this server never grants). So every request
//! must name this server in `Host` (a page of another site reaching it
//! through a DNS name rebound to 127.0.0.1 names that site: refused, the
//! game's reads included), and an `Origin`, when the browser sends one,
//! must be this server's; a request that changes anything (every `POST`)
//! must also be `Content-Type: application/json` and carry the session's
//! token in `X-Hexwar-Token`. The token is random per server, embedded in
//! the page the server serves ([`Guard::embed_token`]), and readable by no
//! other site.
//!
//! [`Guard::check`] is a pure function of the request head, tested
//! without a socket.

use std::net::{IpAddr, SocketAddr};

/// The header the page sends its token in.
pub const TOKEN_HEADER: &str = "x-hexwar-token";

/// A request refused: status and message.
pub type Refused = (u16, String);

/// The checks, for a server listening on one address.
#[derive(Clone, Debug)]
pub struct Guard {
    addr: SocketAddr,
    token: String,
}

/// What the guard reads of a request: its method and headers (names in
/// lower case).
pub trait Head {
    /// The method (`GET`, `POST`, ...).
    fn method(&self) -> &str;
    /// Every value of header `name` (lower case).
    fn values(&self, name: &str) -> Vec<&str>;
}

impl Guard {
    /// The checks for a server listening on `addr`, its token `token`.
    pub fn new(addr: SocketAddr, token: String) -> Guard {
        Guard { addr, token }
    }

    /// The session's token.
    pub fn token(&self) -> &str {
        &self.token
    }

    /// The address a person should open (an unspecified address shown as
    /// the loopback one).
    pub fn shown(&self) -> String {
        match self.addr {
            a if a.ip().is_unspecified() => format!("127.0.0.1:{}", a.port()),
            a => a.to_string(),
        }
    }

    /// Refuses a request that does not come from this server's own page:
    /// `Host` not naming this server (every request), a foreign `Origin`,
    /// and for a `POST` a `Content-Type` other than JSON or a missing or
    /// wrong token.
    pub fn check(&self, head: &impl Head) -> Result<(), Refused> {
        let host = self.one(head, "host")?.ok_or_else(|| {
            (
                400,
                "refused: no Host header (name this server, as the browser does)".to_string(),
            )
        })?;
        if !self.names_me(host) {
            return Err((
                403,
                format!(
                    "refused: Host {host:?} is not this server; open http://{}/ instead",
                    self.shown()
                ),
            ));
        }
        if let Some(origin) = self.one(head, "origin")? {
            let own = origin
                .strip_prefix("http://")
                .is_some_and(|o| o.eq_ignore_ascii_case(host));
            if !own {
                return Err((
                    403,
                    format!(
                        "refused: a request from {origin:?}: only this server's own page \
                         (http://{host}) may use it"
                    ),
                ));
            }
        }
        if head.method() != "POST" {
            return Ok(());
        }
        let json = self.one(head, "content-type")?.is_some_and(|c| {
            c.split(';')
                .next()
                .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
        });
        if !json {
            return Err((
                415,
                "refused: a POST must be Content-Type: application/json".to_string(),
            ));
        }
        match self.one(head, TOKEN_HEADER)? {
            Some(t) if same(t.trim(), &self.token) => Ok(()),
            Some(_) => Err((
                403,
                "refused: wrong X-Hexwar-Token (the page of an earlier server? reload it)"
                    .to_string(),
            )),
            None => Err((
                403,
                "refused: no X-Hexwar-Token: only the page this server serves may change the game"
                    .to_string(),
            )),
        }
    }

    /// The header's value if it is sent at most once.
    fn one<'a>(&self, head: &'a impl Head, name: &str) -> Result<Option<&'a str>, Refused> {
        match head.values(name).as_slice() {
            [] => Ok(None),
            [v] => Ok(Some(v)),
            _ => Err((400, format!("refused: more than one {name} header"))),
        }
    }

    /// Whether a `Host` value names this server: its port, and as name
    /// `localhost`, the address it listens on, or (listening on every
    /// address) any IP address. Never another DNS name: that is what a
    /// rebinding attack sends.
    fn names_me(&self, host: &str) -> bool {
        let (name, port) = split_host(host);
        if port.unwrap_or(80) != self.addr.port() {
            return false;
        }
        if name.eq_ignore_ascii_case("localhost") {
            return self.addr.ip().is_loopback() || self.addr.ip().is_unspecified();
        }
        match name.parse::<IpAddr>() {
            Ok(ip) => self.addr.ip().is_unspecified() || ip == self.addr.ip(),
            Err(_) => false,
        }
    }

    /// The page with the token in a `<meta name="hexwar-token">` at the
    /// top of its head, where its script reads it.
    pub fn embed_token(&self, html: &[u8]) -> Vec<u8> {
        let meta = format!("\n<meta name=\"hexwar-token\" content=\"{}\">", self.token);
        let text = String::from_utf8_lossy(html);
        match text.find("<head>") {
            Some(i) => {
                let at = i + "<head>".len();
                format!("{}{meta}{}", &text[..at], &text[at..]).into_bytes()
            }
            None => format!("{meta}\n{text}").into_bytes(),
        }
    }
}

/// `name` and port of a `Host` value (`[::1]:8080`, `localhost:8080`,
/// `127.0.0.1`); a port that is not a number reads as none that matches.
fn split_host(host: &str) -> (&str, Option<u16>) {
    let host = host.trim();
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        match rest.split_once(']') {
            Some((name, tail)) => (name, tail.strip_prefix(':')),
            None => (host, None),
        }
    } else {
        match host.rsplit_once(':') {
            Some((name, port)) if !name.contains(':') => (name, Some(port)),
            _ => (host, None),
        }
    };
    (name, port.map(|p| p.parse().unwrap_or(0)))
}

/// Equal strings, compared in time that does not depend on where they
/// differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// A fresh random token (128 bits, hex) from the operating system.
pub fn new_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::getrandom(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Req(&'static str, Vec<(&'static str, &'static str)>);

    impl Head for Req {
        fn method(&self) -> &str {
            self.0
        }
        fn values(&self, name: &str) -> Vec<&str> {
            self.1
                .iter()
                .filter(|(k, _)| *k == name)
                .map(|(_, v)| *v)
                .collect()
        }
    }

    fn guard(addr: &str) -> Guard {
        Guard::new(addr.parse().unwrap(), "ab12".into())
    }

    fn post(extra: &[(&'static str, &'static str)]) -> Req {
        let mut h = vec![
            ("host", "127.0.0.1:8080"),
            ("content-type", "application/json"),
            (TOKEN_HEADER, "ab12"),
        ];
        for (k, v) in extra {
            h.retain(|(x, _)| x != k);
            if !v.is_empty() {
                h.push((k, v));
            }
        }
        Req("POST", h)
    }

    #[test]
    fn the_page_own_requests_pass() {
        let g = guard("127.0.0.1:8080");
        assert_eq!(g.check(&post(&[])), Ok(()));
        assert_eq!(g.check(&post(&[("host", "localhost:8080")])), Ok(()));
        assert_eq!(
            g.check(&post(&[("origin", "http://127.0.0.1:8080")])),
            Ok(())
        );
        assert_eq!(
            g.check(&post(&[(
                "content-type",
                "application/json; charset=utf-8"
            )])),
            Ok(())
        );
        assert_eq!(
            g.check(&Req("GET", vec![("host", "127.0.0.1:8080")])),
            Ok(())
        );
    }

    #[test]
    fn other_sites_are_refused() {
        let g = guard("127.0.0.1:8080");
        let status = |r: Req| g.check(&r).unwrap_err().0;
        assert_eq!(status(post(&[("host", "rebind.evil.example:8080")])), 403);
        assert_eq!(
            status(Req("GET", vec![("host", "rebind.evil.example")])),
            403
        );
        assert_eq!(status(post(&[("host", "127.0.0.1:9999")])), 403);
        assert_eq!(status(post(&[("host", "")])), 400);
        assert_eq!(status(post(&[("origin", "http://evil.example")])), 403);
        assert_eq!(status(post(&[("origin", "null")])), 403);
        assert_eq!(status(post(&[("content-type", "text/plain")])), 415);
        assert_eq!(status(post(&[("content-type", "")])), 415);
        assert_eq!(status(post(&[(TOKEN_HEADER, "")])), 403);
        assert_eq!(status(post(&[(TOKEN_HEADER, "ab13")])), 403);
        let two = Req("GET", vec![("host", "127.0.0.1:8080"), ("host", "evil")]);
        assert_eq!(status(two), 400);
        let msg = g
            .check(&post(&[("host", "rebind.evil.example:8080")]))
            .unwrap_err()
            .1;
        assert!(
            msg.contains("rebind.evil.example") && msg.contains("http://127.0.0.1:8080/"),
            "{msg}"
        );
    }

    #[test]
    fn listening_on_every_address_takes_ip_literals_but_no_names() {
        let g = guard("0.0.0.0:8080");
        assert_eq!(g.check(&post(&[("host", "192.168.1.5:8080")])), Ok(()));
        assert_eq!(g.check(&post(&[("host", "localhost:8080")])), Ok(()));
        assert!(g.check(&post(&[("host", "mybox.lan:8080")])).is_err());
        let v6 = guard("[::1]:8080");
        assert_eq!(v6.check(&post(&[("host", "[::1]:8080")])), Ok(()));
        assert!(v6.check(&post(&[("host", "127.0.0.1:8080")])).is_err());
        let on80 = guard("127.0.0.1:80");
        assert_eq!(on80.check(&Req("GET", vec![("host", "127.0.0.1")])), Ok(()));
    }

    #[test]
    fn the_token_goes_into_the_page_head() {
        let g = guard("127.0.0.1:8080");
        let page = g.embed_token(b"<html><head><title>x</title></head></html>");
        let page = String::from_utf8(page).unwrap();
        assert!(
            page.starts_with("<html><head>\n<meta name=\"hexwar-token\" content=\"ab12\">"),
            "{page}"
        );
        let t = new_token().unwrap();
        assert_eq!(t.len(), 32);
        assert_ne!(t, new_token().unwrap());
    }
}
