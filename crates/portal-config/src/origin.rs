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
    /// A character no origin holds: white space, a control character, `;`, `,`, `@`, `*`, …
    Stray(String),
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
            OriginError::NoHost(text) => write!(
                f,
                "“{text}” has no host name: letters, digits and hyphens between dots, an IPv4 \
                 address or a bracketed IPv6 address (a name in another script in its xn-- form)"
            ),
            OriginError::HasPath(text) => write!(
                f,
                "“{text}” is more than an origin: leave out the path, query and fragment"
            ),
            OriginError::BadPort(text) => {
                write!(f, "“{text}” has a port that is not a number up to 65535")
            }
            OriginError::Stray(text) => write!(
                f,
                "“{text}” holds a character no origin has (white space, a control character, \
                 or one of ; , @ * \\ ' \"): name one origin per entry, exactly"
            ),
        }
    }
}

impl std::error::Error for OriginError {}

impl Origin {
    /// Reads one origin, as the URL standard serialises it: `http` or `https`, `://`, a host
    /// and an optional port, and nothing else but an optional `/` (`https://Portal.Example:443/`
    /// is `https://portal.example`). The host is a name of letters, digits and hyphens between
    /// dots, an IPv4 address in four decimal parts, or a bracketed IPv6 address. Anything else,
    /// white space and control characters included anywhere, is refused: an allow-list names
    /// exact origins, and what it names goes into a `frame-ancestors` header as it is.
    pub fn parse(text: &str) -> Result<Origin, OriginError> {
        let stray = || OriginError::Stray(crate::AsWritten(text).to_string());
        if text
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || ";,@*\\'\"<>`^{}|%".contains(c))
        {
            return Err(stray());
        }
        let (scheme, rest) = text
            .split_once("://")
            .ok_or_else(|| OriginError::NotHttp(text.to_owned()))?;
        let scheme = scheme.to_ascii_lowercase();
        let default_port = match scheme.as_str() {
            "https" => 443,
            "http" => 80,
            _ => return Err(OriginError::NotHttp(text.to_owned())),
        };
        let authority = rest.strip_suffix('/').unwrap_or(rest);
        if authority.contains(['/', '?', '#']) {
            return Err(OriginError::HasPath(text.to_owned()));
        }
        let (host, port) =
            split_port(authority).ok_or_else(|| OriginError::BadPort(text.to_owned()))?;
        let host = serialised_host(host).ok_or_else(|| OriginError::NoHost(text.to_owned()))?;
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

/// The host and the port of an authority (`host`, `host:port`, `[v6]:port`); `None` for a
/// port that is not a number of 0 to 65535 (an empty one is none, as the standard reads it).
fn split_port(authority: &str) -> Option<(&str, Option<u16>)> {
    // An IPv6 host is bracketed; its colons are not the port's.
    let colon = match authority.rfind(']') {
        Some(close) => authority[close..].find(':').map(|at| close + at),
        None => authority.find(':'),
    };
    let Some(colon) = colon else {
        return Some((authority, None));
    };
    let (host, digits) = (&authority[..colon], &authority[colon + 1..]);
    if digits.is_empty() {
        return Some((host, None));
    }
    if !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse::<u16>().ok().map(|port| (host, Some(port)))
}

/// The host as the URL standard serialises it, if it is a plain one: a lower-case name of
/// letters, digits and hyphens between dots, four decimal parts of an IPv4 address (without
/// leading zeros, which the standard reads as octal), or a bracketed IPv6 address.
fn serialised_host(host: &str) -> Option<String> {
    if let Some(v6) = host.strip_prefix('[') {
        let address = crate::ipv6::parse_ipv6(v6.strip_suffix(']')?)?;
        return Some(format!("[{}]", crate::ipv6::ipv6_text(address)));
    }
    let labels: Vec<&str> = host.split('.').collect();
    let plain = labels.iter().all(|label| {
        !label.is_empty()
            && label.len() <= 63
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    });
    if !plain || host.len() > 253 {
        return None;
    }
    // A last label that starts with a digit makes the standard read the host as a number.
    let numeric = labels
        .last()
        .is_some_and(|last| last.starts_with(|c: char| c.is_ascii_digit()));
    let decimal_part =
        |label: &&str| label.parse::<u8>().is_ok() && (label.len() == 1 || !label.starts_with('0'));
    if numeric && !(labels.len() == 4 && labels.iter().all(decimal_part)) {
        return None;
    }
    // The standard maps a name through IDNA: an `xn--` label must be valid Punycode, which
    // this does not check; such names are refused rather than guessed at.
    if labels
        .iter()
        .any(|label| label.to_ascii_lowercase().starts_with("xn--"))
    {
        return None;
    }
    Some(host.to_ascii_lowercase())
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
            "https://portal.example:0443/",
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
        assert_eq!(
            Origin::parse("http://[0:0:0:0:0:ffff:102:304]")
                .unwrap()
                .as_str(),
            "http://[::ffff:102:304]"
        );
        assert_eq!(
            Origin::parse("http://[1:0:0:2:0:0:0:3]").unwrap().as_str(),
            "http://[1:0:0:2::3]"
        );
        assert_ne!(
            Origin::parse("http://a.example"),
            Origin::parse("https://a.example")
        );
    }

    /// What a `frame-ancestors` header would read as two origins, or drop whole (a DEL makes
    /// the header value invalid): never one origin.
    #[test]
    fn refuses_what_would_widen_or_break_the_header() {
        for text in [
            "https://a.example\thttps://evil.example",
            "https://a.example https://evil.example",
            "https://a.example\u{7f}",
            "https://a.example;",
            "https://a.example; script-src *",
            "https://a.example,https://evil.example",
            "https://a.example\n",
            " https://a.example",
            "https://a.example\u{a0}",
            "https://a.example%2f",
            "https://a\\b.example",
            "https://'self'",
            "http://010.0.0.1",
            "http://1.2.3",
            "http://0x7f.1",
            "https://a..example",
            "https://a.example.",
            "https://xn--zz.example",
            "https://[::1",
            "https://[::1]x",
            "https://ex_ample.com",
            "https://bücher.example",
        ] {
            assert!(Origin::parse(text).is_err(), "{text:?} was accepted");
        }
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
