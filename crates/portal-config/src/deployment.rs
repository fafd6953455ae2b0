//! A new deployment of the portal meeting a tab that is open: how a build is named, and how
//! often a tab may reload itself to reach the new one (the portal's `new_version.rs` acts on
//! these).
//!
//! A build's code lives in a directory named by its content, `wasm-<hex>/`, which `index.html`
//! names: that name is the build's id, and an `index.html` naming another is a new deployment.

/// At most one reload of its own per tab in this many milliseconds: a new build whose code does
/// not come either must end in a message, never in a loop.
pub const RELOAD_AT_MOST_EVERY_MS: u64 = 60_000;

/// The id of the build `text` (an `index.html`, or the address of a part) names: the first
/// `wasm-<hex>` directory in it.
pub fn build_id(text: &str) -> Option<&str> {
    text.match_indices("wasm-").find_map(|(start, _)| {
        let rest = &text[start + "wasm-".len()..];
        let hex = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
        let named = hex >= 8 && rest[hex..].starts_with('/');
        named.then(|| &text[start..start + "wasm-".len() + hex])
    })
}

/// Whether a tab that last reloaded itself at `last` (milliseconds since the epoch, `None`
/// when it never did) may do so at `now`.
pub fn may_reload(last: Option<u64>, now: u64) -> bool {
    match last {
        // A clock set back is no reason to reload in a loop: it waits as long again.
        Some(last) if now >= last => now - last >= RELOAD_AT_MOST_EVERY_MS,
        Some(last) => last - now > RELOAD_AT_MOST_EVERY_MS,
        None => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_is_named_by_its_code_directory() {
        let html = r#"<link href=/main-a3c2.css rel=stylesheet>
            <script type="module" src="/portal/wasm-a1edacb96d5f9106/portal.js"></script>"#;
        assert_eq!(build_id(html), Some("wasm-a1edacb96d5f9106"));
        assert_eq!(
            build_id("https://x.example/wasm-0123456789abcdef/chunk_1.wasm"),
            Some("wasm-0123456789abcdef")
        );
        // Not a directory, or no hex name: no build.
        assert_eq!(build_id("wasm-a1edacb96d5f9106.js"), None);
        assert_eq!(build_id("the wasm-split crate/"), None);
        assert_eq!(build_id(""), None);
        assert_eq!(
            build_id("wasm-xyz/ then wasm-00000000ffffffff/portal.js"),
            Some("wasm-00000000ffffffff")
        );
    }

    #[test]
    fn a_tab_reloads_itself_at_most_once_a_minute() {
        let now = 1_800_000_000_000;
        assert!(may_reload(None, now));
        assert!(!may_reload(Some(now - 1_000), now));
        assert!(!may_reload(Some(now - 59_999), now));
        assert!(may_reload(Some(now - 60_000), now));
        // A clock set back by an hour.
        assert!(may_reload(Some(now + 3_600_000), now));
        assert!(!may_reload(Some(now + 1_000), now));
    }
}
