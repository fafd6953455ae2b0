//! Checks of URLs that come from outside the portal's code (a `?next=` link, a parent page's
//! message, `config.json`, a payment provider's answer) before the portal follows or uses them.
//!
//! Browsers read `\` as `/` and drop tabs and new lines anywhere in a URL, so `/\evil.example`
//! and `/\t/evil.example` are other sites to them although they start with one `/`. Rather than
//! copy the URL standard's parser, these checks refuse every character it treats specially
//! outside plain paths (backslashes, control characters, white space); what passes means the
//! same to every parser. The portal resolves a target with the browser's own parser as well
//! (`session::safe_next`).

/// Characters a URL parser drops or rewrites, which no honest link of ours holds: backslashes
/// (read as `/`), control characters (tabs and new lines are dropped anywhere), and white space
/// at either end (trimmed, so ` //evil.example` is `//evil.example`). A space inside is kept
/// and encoded, as in a query's `from-time=2026-11-25 08:00:00`.
fn has_tricky_characters(text: &str) -> bool {
    let trimmed = text.trim_matches(|c: char| c.is_whitespace());
    trimmed.len() != text.len() || text.chars().any(|c| c == '\\' || c.is_control())
}

/// Whether a path climbs: a `.` or `..` segment, written plainly or as `%2e` (which URL
/// parsers read as a dot), would lead out of the portal's public path.
fn has_dot_segments(path: &str) -> bool {
    let path = path.split(['?', '#']).next().unwrap_or_default();
    path.split('/').any(|segment| {
        let dots = segment.to_ascii_lowercase().replace("%2e", ".");
        dots == "." || dots == ".."
    })
}

/// `text` when it is a path of this site (one `/`, then no second, no `..`), safe to navigate
/// to from inside the portal; `None` for anything that could lead elsewhere.
pub fn in_app_path(text: &str) -> Option<&str> {
    let rest = text.strip_prefix('/')?;
    if rest.starts_with('/') || has_tricky_characters(text) || has_dot_segments(text) {
        return None;
    }
    Some(text)
}

/// `text` when it is an absolute `http`/`https` URL with a host, to be shown as a link or
/// followed to another site (a payment provider's page).
pub fn web_url(text: &str) -> Option<&str> {
    if has_tricky_characters(text) {
        return None;
    }
    let (scheme, rest) = text.split_once("://")?;
    if !(scheme.eq_ignore_ascii_case("https") || scheme.eq_ignore_ascii_case("http")) {
        return None;
    }
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    (plain_authority(&rest[..authority_end]) && crate::Origin::of_url(text).is_some())
        .then_some(text)
}

/// A host name or an address, and maybe a port: nothing a parser could read as user info
/// (`https://pay.example@evil.example`) or refuse as a host.
fn plain_authority(authority: &str) -> bool {
    let (host, port) = match authority.strip_prefix('[') {
        Some(bracketed) => match bracketed.split_once(']') {
            Some((address, port)) => (address, port.strip_prefix(':').unwrap_or(port)),
            None => return false,
        },
        None => authority.split_once(':').unwrap_or((authority, "")),
    };
    let host_ok = if authority.starts_with('[') {
        crate::ipv6::parse_ipv6(host).is_some()
    } else {
        plain_host_name(host)
    };
    host_ok && port.chars().all(|c| c.is_ascii_digit())
}

/// `pay.example` or `127.0.0.1`: labels of letters, digits and `-`; a name whose last label
/// starts with a digit is an IPv4 address to URL parsers, so it must be a dotted quad.
fn plain_host_name(host: &str) -> bool {
    let labels: Vec<&str> = host.split('.').collect();
    let plain_labels = labels.iter().all(|label| {
        !label.is_empty() && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    });
    let numeric = labels
        .last()
        .is_some_and(|last| last.starts_with(|c: char| c.is_ascii_digit()));
    let dotted_quad = labels.len() == 4 && labels.iter().all(|label| label.parse::<u8>().is_ok());
    plain_labels && (!numeric || dotted_quad)
}

/// Why `apiBaseUrl` is refused, or `Ok` for an empty value (this origin), a path of this site
/// or an `http(s)` URL.
pub fn check_api_base_url(text: &str) -> Result<(), String> {
    let spaced = text.contains(char::is_whitespace);
    if !spaced && (text.is_empty() || in_app_path(text).is_some() || web_url(text).is_some()) {
        return Ok(());
    }
    let why = if spaced || has_tricky_characters(text) {
        "it holds a backslash, a control character or a space, which browsers read as another address"
    } else {
        "it must be empty, a path starting with one “/”, or an http(s) URL with a host"
    };
    Err(format!("apiBaseUrl “{}”: {why}", crate::AsWritten(text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_of_this_site_pass() {
        for path in [
            "/",
            "/accounts",
            "/accounts?filter[name-eq]=a%20b&sort=-balance#top",
            "/%5Cencoded-stays-a-path",
            "/statistics/origination?from-time=2026-11-25 08:00:00&sampling=5minutes",
            "/ /a-path-with-a-space",
            "/portal/cdrs/12",
            "/numberlists/1/items?filter[key-eq]=..",
            "/files/a..b",
        ] {
            assert_eq!(in_app_path(path), Some(path));
        }
    }

    #[test]
    fn what_a_browser_reads_as_another_site_is_refused() {
        for target in [
            "//evil.example",
            "/\\evil.example",
            "\\/evil.example",
            "/\t/evil.example",
            "/\n/evil.example",
            "/\r/evil.example",
            " /evil",
            " //evil.example",
            "/evil\u{a0}",
            "/\u{0}/evil.example",
            "/\u{85}/evil.example",
            "https://evil.example",
            "javascript:alert(1)",
            "evil.example",
            "",
            "/../elsewhere",
            "/portal/%2e%2E/elsewhere",
            "/./x",
            "/a/..",
        ] {
            assert_eq!(in_app_path(target), None, "{target:?} passed");
        }
    }

    #[test]
    fn provider_links_are_plain_web_urls() {
        assert!(web_url("https://pay.example/invoice/1?x=2").is_some());
        assert!(web_url("HTTP://127.0.0.1:8080/pay").is_some());
        for link in [
            "javascript:alert(1)",
            "data:text/html,<script>alert(1)</script>",
            "//pay.example/x",
            "/pay",
            "https://",
            "https://pay.example\\@evil.example/",
            "https://pay.example@evil.example/",
            "https://pay.example/\n",
            "https:/\\evil.example",
            "ftp://pay.example/",
        ] {
            assert_eq!(web_url(link), None, "{link:?} passed");
        }
    }

    #[test]
    fn api_base_urls_that_would_leave_the_origin_are_refused_by_name() {
        for good in [
            "",
            "/",
            "/api",
            "https://switch.example",
            "http://[::1]:9000/yeti",
        ] {
            assert_eq!(check_api_base_url(good), Ok(()), "{good:?}");
        }
        for bad in [
            "/\\evil.example",
            "/\t/evil.example",
            "//evil.example",
            "evil.example",
        ] {
            let error = check_api_base_url(bad).expect_err(bad);
            assert!(error.starts_with("apiBaseUrl"), "{error}");
        }
    }
}
