//! The URL checks agree with the URL standard's parser (the `url` crate, which follows the
//! WHATWG specification browsers implement): whatever they accept stays where they say.

use portal_config::{Origin, in_app_path, web_url};
use url::Url;

const PORTAL: &str = "https://portal.example/portal/";

/// Characters that matter to URL parsers, and a few that do not.
const ALPHABET: &[char] = &[
    '/', '\\', '\t', '\n', '\r', ' ', '%', '5', 'C', '@', ':', '.', '?', '#', 'e', 'x', '\u{0}',
    '\u{b}', '\u{c}', '\u{a0}', '\u{2028}', 'h', 't', 'p', 's', '[', ']', ';',
];

/// Deterministic strings over [`ALPHABET`], many starting the way a path does.
fn candidates() -> impl Iterator<Item = String> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..200_000).map(move |i| {
        let length = 1 + (next() % 12) as usize;
        let mut text: String = (0..length)
            .map(|_| ALPHABET[(next() % ALPHABET.len() as u64) as usize])
            .collect();
        match i % 3 {
            0 => text.insert(0, '/'),
            1 => text.insert_str(0, "https://"),
            _ => {}
        }
        text
    })
}

#[test]
fn an_accepted_path_never_leaves_the_portals_origin() {
    let base = Url::parse(PORTAL).unwrap();
    let mut accepted = 0;
    for text in candidates() {
        if in_app_path(&text).is_none() {
            continue;
        }
        accepted += 1;
        let resolved = base.join(&text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(resolved.origin(), base.origin(), "{text:?} left the origin");
        // Within the portal's public path as well, once the portal prefixes it.
        let prefixed = base.join(&format!("/portal{text}")).unwrap();
        assert!(prefixed.path().starts_with("/portal/"), "{text:?}");
    }
    assert!(accepted > 1000, "too few candidates exercised: {accepted}");
}

#[test]
fn an_accepted_web_url_goes_to_the_host_it_names() {
    let mut accepted = 0;
    for text in candidates().chain(["https://pay.example/x@y".to_owned()]) {
        if web_url(&text).is_none() {
            continue;
        }
        accepted += 1;
        let parsed = Url::parse(&text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let ours = Origin::of_url(&text).expect("an accepted URL has an origin");
        // A host of digits is an IP address either way (`5` is 0.0.0.5 to the standard).
        if parsed.domain().is_some() {
            assert_eq!(
                parsed.origin().ascii_serialization(),
                ours.as_str(),
                "{text:?} goes elsewhere than its origin says"
            );
        } else {
            assert!(
                matches!(parsed.host(), Some(url::Host::Ipv4(_) | url::Host::Ipv6(_))),
                "{text:?} is neither a named host nor an address"
            );
        }
    }
    assert!(accepted > 10, "too few candidates exercised: {accepted}");
}

#[test]
fn the_reported_variants_are_other_sites_to_the_standard_and_refused_here() {
    let base = Url::parse(PORTAL).unwrap();
    for text in [
        "/\\evil.example",
        "/\t/evil.example",
        "/\n/evil.example",
        "/\r/evil.example",
    ] {
        let resolved = base.join(text).unwrap();
        assert_eq!(resolved.host_str(), Some("evil.example"), "{text:?}");
        assert_eq!(in_app_path(text), None, "{text:?}");
    }
}

/// Characters of hosts, ports and what surrounds them, and what a list of origins must not
/// smuggle in (tabs, DEL, `;`, `,`, spaces).
const ORIGIN_ALPHABET: &[char] = &[
    'a', 'b', 'X', '-', '.', ':', '0', '1', '8', '9', '[', ']', '/', '\t', '\u{7f}', ';', ',', ' ',
    '@', '?', '#', '%', '\\', '_', 'f', 'x', 'n', '\u{e9}',
];

/// Deterministic strings that start as an origin does.
fn origin_candidates() -> impl Iterator<Item = String> {
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let schemes = ["http://", "https://", "HTTPS://", "ftp://"];
    (0..200_000).map(move |_| {
        let length = 1 + (next() % 14) as usize;
        let rest: String = (0..length)
            .map(|_| ORIGIN_ALPHABET[(next() % ORIGIN_ALPHABET.len() as u64) as usize])
            .collect();
        format!(
            "{}{rest}",
            schemes[(next() % schemes.len() as u64) as usize]
        )
    })
}

/// `embed.allowedOrigins` is read by the URL standard: whatever `Origin::parse` accepts is a URL
/// with nothing but a scheme, a host and a port, whose origin the standard serialises exactly
/// as ours (what goes into `frame-ancestors` and is compared with `MessageEvent.origin`), in
/// characters a header carries as one source.
#[test]
fn an_accepted_origin_is_the_standards_origin_and_nothing_more() {
    let mut accepted = 0;
    let listed = [
        "https://portal.example",
        "http://127.0.0.1:8080/",
        "http://[::ffff:1.2.3.4]:81",
        "HTTPS://Portal.Example:443",
    ];
    for text in origin_candidates().chain(listed.map(str::to_owned)) {
        let Ok(ours) = Origin::parse(&text) else {
            continue;
        };
        accepted += 1;
        let parsed = Url::parse(&text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(
            parsed.origin().ascii_serialization(),
            ours.as_str(),
            "{text:?}"
        );
        assert_eq!(parsed.path(), "/", "{text:?}");
        assert!(
            parsed.query().is_none() && parsed.fragment().is_none(),
            "{text:?}"
        );
        assert!(
            parsed.username().is_empty() && parsed.password().is_none(),
            "{text:?}"
        );
        assert!(
            ours.as_str()
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || ".:-[]/".contains(c)),
            "{text:?} → {ours}"
        );
    }
    assert!(accepted > 500, "too few candidates exercised: {accepted}");
}
