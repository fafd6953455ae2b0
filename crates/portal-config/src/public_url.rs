//! The public URL a bundle is built for and served under: a path such as `/portal/`. Trunk
//! writes it into `<base href>`; the demo server and nginx serve the bundle under it.

/// The path form every tool uses: starting and ending with `/`, no empty segments (`portal`
/// and `/portal` are `/portal/`; the empty text is `/`).
pub fn normalize_public_url(text: &str) -> String {
    let segments: Vec<&str> = text.trim().split('/').filter(|s| !s.is_empty()).collect();
    if segments.is_empty() {
        "/".to_owned()
    } else {
        format!("/{}/", segments.join("/"))
    }
}

/// Checks a public URL given on a command line (a path only: no scheme, host, query, fragment
/// or `..`) and normalises it.
pub fn parse_public_url(text: &str) -> Result<String, String> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || "/-._~%!$&'()*+,;=:@".contains(c);
    let trimmed = text.trim();
    if trimmed.contains("://") || !trimmed.chars().all(allowed) {
        return Err(format!(
            "{text:?} is not a path such as /portal/ (no scheme, host, query or spaces)"
        ));
    }
    if trimmed
        .split('/')
        .any(|segment| segment == "." || segment == "..")
    {
        return Err(format!("{text:?} must not contain . or .. segments"));
    }
    Ok(normalize_public_url(trimmed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_urls_start_and_end_with_a_slash() {
        for (text, expected) in [
            ("/", "/"),
            ("", "/"),
            ("portal", "/portal/"),
            ("/portal", "/portal/"),
            ("/portal/", "/portal/"),
            ("//a//b/", "/a/b/"),
        ] {
            assert_eq!(normalize_public_url(text), expected, "{text}");
            assert_eq!(parse_public_url(text).unwrap(), expected, "{text}");
        }
        for bad in [
            "https://x.example/portal/",
            "/portal?x=1",
            "/por tal/",
            "/a/../b/",
            "/#x",
        ] {
            assert!(parse_public_url(bad).is_err(), "{bad}");
        }
    }
}
