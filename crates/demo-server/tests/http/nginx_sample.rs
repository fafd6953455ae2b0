//! `deploy/nginx.conf` sends the policy the portal is built for, and the cache rules of the
//! demo server, so that the sample cannot drift from the code.

use portal_config::{content_security_policy, parse_config};

fn sample() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../deploy/nginx.conf");
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The quoted values of the directives `add_header <name> "…"` (comments left out).
fn header_values(config: &str, name: &str) -> Vec<String> {
    let directive = format!("add_header {name} ");
    config
        .lines()
        .map(str::trim)
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.strip_prefix(&directive))
        .map(|rest| {
            let rest = rest.trim_start();
            let value = rest.strip_prefix('"').and_then(|r| r.split_once('"'));
            match value {
                Some((quoted, _)) => quoted.to_owned(),
                None => rest.split_whitespace().next().unwrap_or("").to_owned(),
            }
        })
        .collect()
}

#[test]
fn the_nginx_sample_sends_the_portals_policy() {
    let config = sample();
    let expected = content_security_policy(&parse_config("{}").unwrap(), None);
    let policies = header_values(&config, "Content-Security-Policy");
    assert!(
        !policies.is_empty(),
        "no Content-Security-Policy in the sample"
    );
    // The portal's pages, and the proxied API's answers (data, never a page).
    assert_eq!(
        policies,
        [
            expected.as_str(),
            portal_config::API_CONTENT_SECURITY_POLICY
        ]
    );
    assert!(header_values(&config, "X-Frame-Options").is_empty());
    assert_eq!(
        header_values(&config, "X-Content-Type-Options"),
        ["nosniff", "nosniff"]
    );
    assert_eq!(
        header_values(&config, "Referrer-Policy"),
        [
            "strict-origin-when-cross-origin",
            "strict-origin-when-cross-origin"
        ]
    );
    assert_eq!(
        header_values(&config, "Permissions-Policy"),
        [demo_server::static_files::PERMISSIONS_POLICY]
    );
}

/// The sample keeps cookie mode's guard (`docs/security.md`): a write carrying the session
/// cookie from another origin is refused before it reaches the switch, which does not check.
#[test]
fn the_nginx_sample_refuses_cross_origin_cookie_writes() {
    let config = sample();
    for expected in [
        "_yeti_customer_v1_session=",
        "\"11 https://portal.example\"  0;",
        "if ($portal_forged_write) {",
        "return 403;",
        "proxy_set_header X-Forwarded-Host $host;",
    ] {
        assert!(config.contains(expected), "the sample lacks {expected}");
    }
}

#[test]
fn the_nginx_sample_hosts_the_bundle_under_portal() {
    let config = sample();
    for expected in [
        "try_files $uri $uri/ /portal/index.html;",
        demo_server::static_files::IMMUTABLE,
        &format!("\"{}\"", demo_server::static_files::NO_CACHE),
        "location /api/rest/customer/v1/ {",
        "proxy_pass https://switch.example;",
        "application/wasm",
        "root /srv;",
    ] {
        assert!(config.contains(expected), "the sample lacks {expected}");
    }
}
