//! The portal's files: sub-path hosting, the config override, the security headers, the CSP
//! report collector, and a new build's deployment acted out.

use crate::client::*;
use demo_server::Options;
use serde_json::{Value, json};
use std::net::SocketAddr;

const INDEX: &str = "<!doctype html><title>Portal</title>";
const DIST_CONFIG: &str = r#"{"apiBaseUrl":""}"#;

fn dist() -> std::path::PathBuf {
    temp_dir(
        "dist",
        &[
            ("index.html", INDEX),
            ("config.json", DIST_CONFIG),
            ("portal-1a2b.js", "console.log(1)"),
            ("portal-1a2b_bg.wasm", "\0asm"),
        ],
    )
}

async fn page(addr: SocketAddr, path: &str) -> Reply {
    send(addr, "GET", path, &[], None).await
}

#[tokio::test]
async fn the_portal_is_served_under_its_public_url() {
    let dist = dist();
    let addr = start(Options {
        dist_dir: Some(dist.clone()),
        public_url: "/portal/".to_owned(),
        ..Options::default()
    });

    for (path, location) in [
        ("/", "/portal/"),
        ("/portal", "/portal/"),
        ("/portal?x=1", "/portal/?x=1"),
    ] {
        let reply = page(addr, path).await;
        assert!(
            matches!(reply.status, 302 | 307),
            "{path}: {}",
            reply.status
        );
        assert_eq!(reply.header("location"), location, "{path}");
    }
    for path in [
        "/portal/",
        "/portal/accounts/xyz",
        "/portal/statistics?account=1",
        "/portal/index.html",
    ] {
        let reply = page(addr, path).await;
        assert_eq!((reply.status, reply.body.as_str()), (200, INDEX), "{path}");
        assert!(
            reply.header("content-type").starts_with("text/html"),
            "{path}"
        );
        assert_eq!(reply.header("cache-control"), "no-cache", "{path}");
    }
    let config = page(addr, "/portal/config.json").await;
    assert_eq!((config.status, config.body.as_str()), (200, DIST_CONFIG));
    assert_eq!(config.header("cache-control"), "no-cache");
    for asset in ["/portal/portal-1a2b.js", "/portal/portal-1a2b_bg.wasm"] {
        let reply = page(addr, asset).await;
        assert_eq!(reply.status, 200, "{asset}");
        assert_eq!(
            reply.header("cache-control"),
            "public, max-age=31536000, immutable",
            "{asset}"
        );
    }
    assert_eq!(
        page(addr, "/portal/portal-1a2b_bg.wasm")
            .await
            .header("content-type"),
        "application/wasm"
    );

    // Outside the prefix and outside /api: the plain 404.
    for path in ["/portal-1a2b.js", "/config.json", "/accounts", "/portalx/"] {
        let reply = page(addr, path).await;
        assert_eq!(reply.status, 404, "{path}");
        assert!(
            reply.header("content-type").starts_with("text/plain"),
            "{path}"
        );
    }
    // The API and the collector are where they always are.
    let token = token_on(addr, "demo").await;
    let accounts = get_on(addr, &format!("{API}/accounts"), Some(&token)).await;
    assert_eq!(accounts.json()["meta"]["total-count"], 4);
    let missing = page(addr, "/api/rest/customer/v1/nothing-here").await;
    assert_eq!(missing.json()["errors"][0]["status"], "404");
    assert_eq!(page(addr, "/__demo/csp-reports").await.json(), json!([]));

    // A public URL given without slashes is normalised.
    let loose = start(Options {
        dist_dir: Some(dist.clone()),
        public_url: "a/b".to_owned(),
        ..Options::default()
    });
    assert_eq!(page(loose, "/").await.header("location"), "/a/b/");
    assert_eq!(page(loose, "/a/b/x").await.body, INDEX);
    std::fs::remove_dir_all(&dist).ok();
}

#[tokio::test]
async fn a_config_override_replaces_dist_config_and_sets_the_policy() {
    let dist = dist();
    let text = r#"{"apiBaseUrl":"https://switch.example","title":"Acme",
        "embed":{"allowedOrigins":["https://www.acme.example"]}}"#;
    for public_url in ["/", "/portal/"] {
        let addr = start(Options {
            dist_dir: Some(dist.clone()),
            public_url: public_url.to_owned(),
            config_json: Some(text.to_owned()),
            ..Options::default()
        });
        let config = page(addr, &format!("{public_url}config.json")).await;
        assert_eq!((config.status, config.body.as_str()), (200, text));
        assert_eq!(config.header("content-type"), "application/json");
        assert_eq!(config.header("cache-control"), "no-cache");
        let head = send(addr, "HEAD", &format!("{public_url}config.json"), &[], None).await;
        assert_eq!((head.status, head.body.as_str()), (200, ""));
        let post = send(addr, "POST", &format!("{public_url}config.json"), &[], None).await;
        assert_eq!(post.status, 405);

        let index = page(addr, public_url).await;
        let policy = index.header("content-security-policy");
        assert!(
            policy.contains("connect-src 'self' https://switch.example;"),
            "{policy}"
        );
        assert!(
            policy.contains("frame-ancestors 'self' https://www.acme.example;"),
            "{policy}"
        );
        assert!(
            policy.ends_with("; report-uri /__demo/csp-reports"),
            "{policy}"
        );
    }
    std::fs::remove_dir_all(&dist).ok();
}

/// `embed.allowedOrigins` goes into `frame-ancestors` as it is: a config whose origins are not
/// each one origin (a tab that would let a second site frame the portal, a DEL that would break
/// the header and drop the whole policy, a `;` that starts a directive) is refused, and the
/// policy is the defaults', which let no one frame the portal.
#[tokio::test]
async fn a_config_with_a_wrong_origin_is_refused_and_no_one_may_frame() {
    let dist = dist();
    for origins in [
        r#"["https://a.example\thttps://evil.example"]"#,
        "[\"https://a.example\u{7f}\"]",
        r#"["https://a.example; script-src https://evil.example"]"#,
    ] {
        let text = format!(r#"{{"embed":{{"allowedOrigins":{origins}}}}}"#);
        assert!(
            portal_config::parse_config(&text)
                .unwrap_err()
                .to_string()
                .contains("embed.allowedOrigins"),
            "{text}"
        );
        let addr = start(Options {
            dist_dir: Some(dist.clone()),
            config_json: Some(text.clone()),
            ..Options::default()
        });
        let policy = page(addr, "/")
            .await
            .header("content-security-policy")
            .to_owned();
        assert!(
            policy.contains("frame-ancestors 'none';"),
            "{text}: {policy}"
        );
        assert!(!policy.contains("evil"), "{text}: {policy}");
    }
    std::fs::remove_dir_all(&dist).ok();
}

#[tokio::test]
async fn portal_answers_carry_the_security_headers_and_api_answers_do_not() {
    let dist = dist();
    let addr = start(Options {
        dist_dir: Some(dist.clone()),
        ..Options::default()
    });
    let expected = portal_config::content_security_policy(
        &portal_config::parse_config(DIST_CONFIG).unwrap(),
        Some("/__demo/csp-reports"),
    );
    for path in ["/", "/accounts", "/config.json", "/portal-1a2b.js"] {
        let reply = page(addr, path).await;
        assert_eq!(reply.status, 200, "{path}");
        assert_eq!(reply.header("content-security-policy"), expected, "{path}");
        assert_eq!(reply.header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(
            reply.header("referrer-policy"),
            "strict-origin-when-cross-origin",
            "{path}"
        );
        assert_eq!(
            reply.header("cross-origin-opener-policy"),
            "same-origin",
            "{path}"
        );
        assert_eq!(
            reply.header("permissions-policy"),
            "camera=(), microphone=(), geolocation=()",
            "{path}"
        );
        assert!(
            reply.headers.get("x-frame-options").is_none(),
            "{path}: frame-ancestors decides framing"
        );
    }
    let token = token_on(addr, "demo").await;
    let api = get_on(addr, &format!("{API}/accounts"), Some(&token)).await;
    assert_eq!(api.status, 200);
    for name in [
        "content-security-policy",
        "cross-origin-opener-policy",
        "permissions-policy",
    ] {
        assert!(api.headers.get(name).is_none(), "{name} on an API answer");
    }
    std::fs::remove_dir_all(&dist).ok();
}

async fn report(addr: SocketAddr, content_type: &str, body: &str) -> Reply {
    send(
        addr,
        "POST",
        "/__demo/csp-reports",
        &[("content-type", content_type)],
        Some(body),
    )
    .await
}

#[tokio::test]
async fn csp_reports_are_collected_listed_and_cleared() {
    let dist = dist();
    let addr = start(Options {
        dist_dir: Some(dist.clone()),
        ..Options::default()
    });
    let violation = json!({
        "document-uri": format!("http://{addr}/accounts"),
        "referrer": "",
        "violated-directive": "script-src-elem",
        "effective-directive": "script-src-elem",
        "original-policy": "default-src 'self'",
        "blocked-uri": "inline",
        "status-code": 200
    });
    let body = json!({ "csp-report": violation }).to_string();
    let first = report(addr, "application/csp-report", &body).await;
    assert_eq!((first.status, first.body.as_str()), (204, ""));
    // Any content type is taken.
    assert_eq!(report(addr, "text/plain", &body).await.status, 204);
    let listed = page(addr, "/__demo/csp-reports").await;
    assert_eq!(listed.status, 200);
    assert_eq!(listed.json(), json!([violation, violation]));

    assert_eq!(report(addr, "application/json", "{").await.status, 400);
    assert_eq!(
        report(addr, "application/json", r#"{"x":1}"#).await.status,
        400
    );
    let huge = format!(
        r#"{{"csp-report":{{"blocked-uri":"{}"}}}}"#,
        "x".repeat(70_000)
    );
    assert_eq!(
        report(addr, "application/csp-report", &huge).await.status,
        413
    );
    assert_eq!(
        page(addr, "/__demo/csp-reports")
            .await
            .json()
            .as_array()
            .unwrap()
            .len(),
        2
    );

    for n in 0..105 {
        let body = json!({"csp-report": {"blocked-uri": format!("https://x.example/{n}")}});
        report(addr, "application/csp-report", &body.to_string()).await;
    }
    let kept = page(addr, "/__demo/csp-reports").await.json();
    let kept = kept.as_array().unwrap();
    assert_eq!(kept.len(), 100);
    assert_eq!(kept[0]["blocked-uri"], "https://x.example/5");
    assert_eq!(kept[99]["blocked-uri"], "https://x.example/104");

    let cleared = send(addr, "DELETE", "/__demo/csp-reports", &[], None).await;
    assert_eq!((cleared.status, cleared.body.as_str()), (204, ""));
    assert_eq!(
        page(addr, "/__demo/csp-reports").await.json(),
        Value::Array(vec![])
    );

    // Without the portal's files there is no collector.
    let api_only = start(Options::default());
    assert_eq!(
        report(api_only, "application/csp-report", &body)
            .await
            .status,
        404
    );
    std::fs::remove_dir_all(&dist).ok();
}

/// `GET path` from a browser that accepts the content codings `encoding`.
async fn get_accepting(addr: SocketAddr, path: &str, encoding: &str) -> Reply {
    send(addr, "GET", path, &[("accept-encoding", encoding)], None).await
}

#[tokio::test]
async fn a_precompressed_copy_is_served_to_a_browser_that_accepts_it() {
    let dist = temp_dir(
        "dist-precompressed",
        &[
            ("index.html", INDEX),
            ("portal-1a2b.js", "console.log(1)"),
            ("portal-1a2b.js.br", "brotli bytes"),
            ("portal-1a2b.js.gz", "gzip bytes"),
        ],
    );
    let addr = start(Options {
        dist_dir: Some(dist),
        ..Options::default()
    });
    let asked = |encoding| get_accepting(addr, "/portal-1a2b.js", encoding);
    let brotli = asked("gzip, deflate, br").await;
    assert_eq!((brotli.status, brotli.body.as_str()), (200, "brotli bytes"));
    assert_eq!(brotli.header("content-encoding"), "br");
    assert!(brotli.header("content-type").contains("javascript"));
    assert_eq!(
        brotli.header("cache-control"),
        "public, max-age=31536000, immutable"
    );
    let gzip = asked("gzip").await;
    assert_eq!(
        (gzip.body.as_str(), gzip.header("content-encoding")),
        ("gzip bytes", "gzip")
    );
    let plain = asked("identity").await;
    assert_eq!(
        (plain.body.as_str(), plain.header("content-encoding")),
        ("console.log(1)", "")
    );
}

/// index.html has no precompressed copy (it may be edited where it is deployed): it is gzipped
/// as it is sent, as nginx's `gzip on` does, and sent as it is to a client that takes no gzip.
#[tokio::test]
async fn the_document_is_compressed_as_it_is_sent() {
    let index = format!(
        "<!doctype html><title>Portal</title>{}",
        "<p>text</p>".repeat(200)
    );
    let dist = temp_dir("dist-gzip", &[("index.html", index.as_str())]);
    let addr = start(Options {
        dist_dir: Some(dist.clone()),
        ..Options::default()
    });
    let asked = |encoding| get_accepting(addr, "/accounts", encoding);
    let gzip = asked("gzip, deflate, br").await;
    assert_eq!(gzip.status, 200);
    assert_eq!(gzip.header("content-encoding"), "gzip");
    assert!(
        gzip.bytes.len() < index.len() / 4,
        "{} bytes",
        gzip.bytes.len()
    );
    let mut unpacked = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::GzDecoder::new(gzip.bytes.as_slice()),
        &mut unpacked,
    )
    .expect("a gzip body");
    assert_eq!(unpacked, index);
    assert_eq!(gzip.header("cache-control"), "no-cache");
    let plain = asked("identity").await;
    assert_eq!(
        (plain.body.as_str(), plain.header("content-encoding")),
        (index.as_str(), "")
    );
    std::fs::remove_dir_all(&dist).ok();
}

#[tokio::test]
async fn the_deploy_control_acts_out_a_new_build_under_the_public_url_only_when_enabled() {
    let index = r#"<script type="module" src="/portal/wasm-00000000ffffffff/portal.js"></script>"#;
    let dist = temp_dir(
        "dist-deploy",
        &[
            ("index.html", index),
            ("wasm-00000000ffffffff/portal.js", "// the shell"),
        ],
    );
    let options = Options {
        dist_dir: Some(dist.clone()),
        public_url: "/portal/".to_owned(),
        ..Options::default()
    };
    let without = start(options.clone());
    let refused = send(without, "POST", "/__demo/deploy", &[], Some("{}")).await;
    assert_ne!(refused.status, 200, "no deploy control without the option");
    let addr = start(Options {
        enable_deploy_control: true,
        ..options
    });
    let body = r#"{"oldParts": "index-html"}"#;
    let acted = send(addr, "POST", "/__demo/deploy", &[], Some(body)).await;
    assert_eq!(acted.status, 200, "{}", acted.body);
    let acted: Value = serde_json::from_str(&acted.body).expect("JSON");
    let expected = json!({"old": "wasm-00000000ffffffff", "new": "wasm-ffffffff00000000",
        "oldParts": "index-html", "newParts": "served", "texts": "served"});
    assert_eq!(acted, expected);
    let page = page(addr, "/portal/accounts").await;
    assert!(
        page.body
            .contains("/portal/wasm-ffffffff00000000/portal.js")
    );
    let shell = send(
        addr,
        "GET",
        "/portal/wasm-ffffffff00000000/portal.js",
        &[],
        None,
    )
    .await;
    assert_eq!((shell.status, shell.body.as_str()), (200, "// the shell"));
    let old = send(
        addr,
        "GET",
        "/portal/wasm-00000000ffffffff/portal.js",
        &[],
        None,
    )
    .await;
    assert_eq!(old.status, 200);
    assert!(old.header("content-type").starts_with("text/html"));
    let undone = send(addr, "DELETE", "/__demo/deploy", &[], None).await;
    assert_eq!((undone.status, undone.body.as_str()), (200, "null"));
    let old = send(
        addr,
        "GET",
        "/portal/wasm-00000000ffffffff/portal.js",
        &[],
        None,
    )
    .await;
    assert_eq!((old.status, old.body.as_str()), (200, "// the shell"));
    std::fs::remove_dir_all(&dist).ok();
}
