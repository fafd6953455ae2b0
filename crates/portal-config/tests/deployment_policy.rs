//! `deploy/nginx.conf` sends the Content-Security-Policy that the shipped `config.json` calls for
//! (`cargo xtask csp` prints it): who may frame the portal and where it may connect are never a
//! hand-kept copy that drifts from the list the portal itself checks.

use portal_config::{API_CONTENT_SECURITY_POLICY, content_security_policy, parse_config};
use std::path::Path;

fn workspace_file(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("reading {path}: {e}"))
}

/// The policies of `add_header Content-Security-Policy "…"` lines, each with the `location`
/// block it is in (a nested `location ~ …` is part of its parent's).
fn nginx_policies(conf: &str) -> Vec<(String, String)> {
    let mut location = String::new();
    let mut policies = Vec::new();
    for line in conf.lines().map(str::trim).filter(|l| !l.starts_with('#')) {
        if let Some(path) = line.strip_prefix("location ")
            && !path.starts_with('~')
        {
            location = path.trim_end_matches('{').trim().to_owned();
        }
        let policy = line
            .strip_prefix("add_header Content-Security-Policy ")
            .and_then(|rest| rest.strip_prefix('"')?.split_once('"'));
        if let Some((policy, _)) = policy {
            policies.push((location.clone(), policy.to_owned()));
        }
    }
    policies
}

/// The portal's pages get the policy `public/config.json` calls for; the proxied API's answers
/// get the API's own, which lets nothing run, load or frame them.
#[test]
fn nginx_sends_the_policy_of_the_shipped_config() {
    let config = parse_config(&workspace_file("public/config.json")).expect("public/config.json");
    let expected = content_security_policy(&config, None);
    let policies = nginx_policies(&workspace_file("deploy/nginx.conf"));
    let (api, portal): (Vec<_>, Vec<_>) = policies
        .into_iter()
        .partition(|(location, _)| location.starts_with("/api/"));
    assert!(
        !portal.is_empty(),
        "deploy/nginx.conf sends the portal no policy"
    );
    for (location, policy) in portal {
        assert_eq!(
            policy, expected,
            "deploy/nginx.conf's policy for {location} differs from public/config.json's: run \
             `cargo xtask csp` and paste its line"
        );
    }
    assert!(
        !api.is_empty(),
        "deploy/nginx.conf sends the proxied API no policy"
    );
    for (location, policy) in api {
        assert_eq!(policy, API_CONTENT_SECURITY_POLICY, "{location}");
    }
}

#[test]
fn the_reader_finds_the_header_line() {
    let conf = "  # add_header Content-Security-Policy \"commented\";\n\
                location /portal/ {\n\
                add_header Content-Security-Policy \"default-src 'self'\" always;\n";
    assert_eq!(
        nginx_policies(conf),
        vec![("/portal/".to_owned(), "default-src 'self'".to_owned())]
    );
}

/// A branded deployment's logo and favicon are files of its own origin, which `img-src 'self'`
/// already allows: the brand widens the policy by nothing.
#[test]
fn the_branded_example_keeps_the_policy_same_origin() {
    let branded =
        parse_config(&workspace_file("examples/branded/config.json")).expect("branded config");
    assert!(branded.branding.logo.is_some() && branded.branding.favicon.is_some());
    let policy = content_security_policy(&branded, None);
    assert_eq!(
        policy,
        content_security_policy(&parse_config("{}").unwrap(), None)
    );
    assert!(policy.contains("img-src 'self' data:;"));
    for path in ["branding.logo", "branding.favicon"] {
        let offsite = format!(
            r#"{{"branding":{{"{}":"https://cdn.example/brand.svg"}}}}"#,
            path.trim_start_matches("branding.")
        );
        let error = parse_config(&offsite).unwrap_err().to_string();
        assert!(error.contains(path), "{error}");
    }
}
