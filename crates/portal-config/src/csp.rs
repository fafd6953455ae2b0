//! The Content-Security-Policy the portal runs under. Nothing is inline (the loader is a file,
//! styles are a file, dynamic styles go through the CSSOM), so no `'unsafe-inline'` and no
//! hashes are needed; `'wasm-unsafe-eval'` lets the browser compile the WebAssembly.

use crate::config::PortalConfig;

/// The policy of the API's answers, wherever they are served from the portal's site (the
/// sample `deploy/nginx.conf`, the demo server): data, never a page, so nothing in one may run,
/// load or be framed.
pub const API_CONTENT_SECURITY_POLICY: &str =
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// The policy for `config`: the API's origin may be connected to, and the embedding origins
/// may frame the portal (no one may when there are none). `report_uri` adds a `report-uri`
/// directive so that violations are seen (the demo server collects them).
pub fn content_security_policy(config: &PortalConfig, report_uri: Option<&str>) -> String {
    let mut connect = vec!["'self'".to_owned()];
    connect.extend(config.api_origin().map(|o| o.to_string()));
    let ancestors = if config.embed.allowed_origins.is_empty() {
        vec!["'none'".to_owned()]
    } else {
        let mut list = vec!["'self'".to_owned()];
        list.extend(config.embed.allowed_origins.iter().map(|o| o.to_string()));
        list
    };
    let mut directives = vec![
        "default-src 'self'".to_owned(),
        "script-src 'self' 'wasm-unsafe-eval'".to_owned(),
        "style-src 'self'".to_owned(),
        "img-src 'self' data:".to_owned(),
        // A call's recording plays from a `blob:` URL of audio fetched with the token.
        "media-src 'self' blob:".to_owned(),
        format!("connect-src {}", connect.join(" ")),
        format!("frame-ancestors {}", ancestors.join(" ")),
        "base-uri 'self'".to_owned(),
        "form-action 'self'".to_owned(),
        "object-src 'none'".to_owned(),
    ];
    directives.extend(report_uri.map(|uri| format!("report-uri {uri}")));
    directives.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_config;

    #[test]
    fn same_origin_deployment_without_embedding() {
        let policy = content_security_policy(&parse_config("{}").unwrap(), None);
        assert_eq!(
            policy,
            "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; \
             img-src 'self' data:; media-src 'self' blob:; connect-src 'self'; \
             frame-ancestors 'none'; \
             base-uri 'self'; form-action 'self'; object-src 'none'"
        );
        assert!(!policy.contains("unsafe-inline"));
    }

    #[test]
    fn api_elsewhere_embedding_and_reports() {
        let config = parse_config(
            r#"{"apiBaseUrl":"https://switch.example:8443/","embed":{"allowedOrigins":
                ["https://www.acme.example","http://localhost:3000"]}}"#,
        )
        .unwrap();
        let policy = content_security_policy(&config, Some("/__demo/csp-reports"));
        assert!(policy.contains("connect-src 'self' https://switch.example:8443;"));
        assert!(
            policy
                .contains("frame-ancestors 'self' https://www.acme.example http://localhost:3000;")
        );
        assert!(policy.ends_with("; report-uri /__demo/csp-reports"));
    }
}
