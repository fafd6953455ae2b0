//! `deploy/nginx.conf` sends the Content-Security-Policy that the shipped `config.json` calls for
//! (`cargo xtask csp` prints it): who may frame the portal and where it may connect are never a
//! hand-kept copy that drifts from the list the portal itself checks.

use portal_config::{content_security_policy, parse_config};
use std::path::Path;

fn workspace_file(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("reading {path}: {e}"))
}

/// The policies of `add_header Content-Security-Policy "…"` lines.
fn nginx_policies(conf: &str) -> Vec<String> {
    conf.lines()
        .map(str::trim)
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.strip_prefix("add_header Content-Security-Policy "))
        .filter_map(|rest| rest.strip_prefix('"')?.split_once('"'))
        .map(|(policy, _)| policy.to_owned())
        .collect()
}

#[test]
fn nginx_sends_the_policy_of_the_shipped_config() {
    let config = parse_config(&workspace_file("public/config.json")).expect("public/config.json");
    let expected = content_security_policy(&config, None);
    let policies = nginx_policies(&workspace_file("deploy/nginx.conf"));
    assert!(!policies.is_empty(), "deploy/nginx.conf sends no policy");
    for policy in policies {
        assert_eq!(
            policy, expected,
            "deploy/nginx.conf's policy differs from public/config.json's: run `cargo xtask csp` \
             and paste its line"
        );
    }
}

#[test]
fn the_reader_finds_the_header_line() {
    let conf = "  # add_header Content-Security-Policy \"commented\";\n\
                add_header Content-Security-Policy \"default-src 'self'\" always;\n";
    assert_eq!(nginx_policies(conf), vec!["default-src 'self'".to_owned()]);
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
