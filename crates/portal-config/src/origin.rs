//! Web origins (`scheme://host[:port]`) in their serialised form, so that comparing two is
//! comparing strings, as browsers do for `MessageEvent.origin`.

use std::fmt;

/// An `http` or `https` origin with a lower-case host and no default port.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Origin(String);

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OriginError {
    NotHttp(String),
    NoHost(String),
    HasPath(String),
    BadPort(String),
}

impl fmt::Display for OriginError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OriginError::NotHttp(text) => {
                write!(
                    f,
                    "“{text}” is not an origin: it must start with https:// or http://"
                )
            }
            OriginError::NoHost(text) => write!(f, "“{text}” has no host name"),
            OriginError::HasPath(text) => write!(
                f,
                "“{text}” is more than an origin: leave out the path, query and fragment"
            ),
            OriginError::BadPort(text) => write!(f, "“{text}” has a port that is not a number"),
        }
    }
}

impl std::error::Error for OriginError {}

impl Origin {
    /// Reads an origin as people write it (`https://Portal.Example:443/` is
    /// `https://portal.example`). A path other than `/`, a query, a fragment, user info and
    /// wildcards are refused: an allow-list must name exact origins.
    pub fn parse(text: &str) -> Result<Origin, OriginError> {
        let trimmed = text.trim();
        let (scheme, rest) = trimmed
            .split_once("://")
            .ok_or_else(|| OriginError::NotHttp(trimmed.to_owned()))?;
        let scheme = scheme.to_ascii_lowercase();
        let default_port = match scheme.as_str() {
            "https" => "443",
            "http" => "80",
            _ => return Err(OriginError::NotHttp(trimmed.to_owned())),
        };
        let authority = rest.strip_suffix('/').unwrap_or(rest);
        if authority.contains(['/', '?', '#']) {
            return Err(OriginError::HasPath(trimmed.to_owned()));
        }
        if authority.contains(['@', '*', ' ']) || authority.is_empty() {
            return Err(OriginError::NoHost(trimmed.to_owned()));
        }
        // IPv6 hosts are bracketed; their colons are not the port separator.
        let (host, port) = match authority.rfind(':') {
            Some(colon) if !authority[colon..].contains(']') => {
                (&authority[..colon], Some(&authority[colon + 1..]))
            }
            _ => (authority, None),
        };
        if host.is_empty() {
            return Err(OriginError::NoHost(trimmed.to_owned()));
        }
        let port = match port {
            Some(port) => {
                let number: u16 = port
                    .parse()
                    .map_err(|_| OriginError::BadPort(trimmed.to_owned()))?;
                Some(number.to_string())
            }
            None => None,
        };
        let host = host.to_ascii_lowercase();
        Ok(Origin(match port {
            Some(port) if port != default_port => format!("{scheme}://{host}:{port}"),
            _ => format!("{scheme}://{host}"),
        }))
    }

    /// The origin of an absolute http(s) URL, or `None` for a relative one.
    pub fn of_url(url: &str) -> Option<Origin> {
        let (scheme, rest) = url.trim().split_once("://")?;
        let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        Origin::parse(&format!("{scheme}://{}", &rest[..end])).ok()
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_like_a_browser_serialises() {
        let same = [
            "https://portal.example",
            "https://Portal.Example/",
            "HTTPS://portal.example:443",
            " https://portal.example:443/ ",
        ];
        for text in same {
            assert_eq!(
                Origin::parse(text).unwrap().as_str(),
                "https://portal.example"
            );
        }
        assert_eq!(
            Origin::parse("http://127.0.0.1:8080").unwrap().as_str(),
            "http://127.0.0.1:8080"
        );
        assert_eq!(
            Origin::parse("http://localhost:80").unwrap().as_str(),
            "http://localhost"
        );
        assert_eq!(
            Origin::parse("http://[::1]:9000").unwrap().as_str(),
            "http://[::1]:9000"
        );
        assert_eq!(
            Origin::parse("http://[::1]").unwrap().as_str(),
            "http://[::1]"
        );
        assert_ne!(
            Origin::parse("http://a.example"),
            Origin::parse("https://a.example")
        );
    }

    #[test]
    fn refuses_what_is_not_one_origin() {
        for text in [
            "*",
            "portal.example",
            "ftp://portal.example",
            "https://",
            "https://*.example",
            "https://portal.example/app",
            "https://portal.example?x=1",
            "https://user@portal.example",
            "https://portal.example:http",
            "https://portal.example:99999",
            "null",
        ] {
            assert!(Origin::parse(text).is_err(), "{text} was accepted");
        }
    }

    #[test]
    fn origin_of_a_url() {
        assert_eq!(
            Origin::of_url("https://Switch.example:443/api/x?y#z")
                .unwrap()
                .as_str(),
            "https://switch.example"
        );
        assert_eq!(Origin::of_url("/api"), None);
        assert_eq!(Origin::of_url(""), None);
    }
}
