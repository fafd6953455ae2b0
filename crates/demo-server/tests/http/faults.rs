//! Fault injection: set by `Options` at start and through `/__demo/faults` at run time.

use crate::client::*;
use demo_server::{ErrorBody, Faults, Options};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

fn with_faults(faults: Faults) -> SocketAddr {
    start(Options {
        faults,
        ..Options::default()
    })
}

async fn control(addr: SocketAddr, method: &str, body: Option<&str>) -> Reply {
    send(
        addr,
        method,
        "/__demo/faults",
        &[("content-type", "application/json")],
        body,
    )
    .await
}

#[tokio::test]
async fn server_errors_alternate_empty_and_jsonapi_bodies_and_spare_sign_in() {
    let addr = with_faults(Faults {
        error_share: 1.0,
        ..Faults::default()
    });
    let token = token_on(addr, "demo").await;
    let first = get_on(addr, "accounts", Some(&token)).await;
    let second = get_on(addr, "network-types", Some(&token)).await;
    let mut bodies = [first, second];
    bodies.sort_by_key(|r| r.body.len());
    assert!(bodies.iter().all(|r| r.status == 500));
    assert_eq!(bodies[0].body, "");
    assert_eq!(bodies[1].json()["errors"][0]["status"], "500");
    assert_eq!(bodies[1].header("content-type"), "application/vnd.api+json");
    // Statistics, charts and unknown API paths get faults too; pages outside /api do not.
    let stats = get_on(addr, "origination-statistics", Some(&token)).await;
    assert_eq!(stats.status, 500);
    let unknown = get_on(addr, &format!("{API}/nothing"), Some(&token)).await;
    assert_eq!(unknown.status, 500);
    let page = send(addr, "GET", "/accounts", &[], None).await;
    assert_eq!(page.status, 404, "the portal's pages are never faulted");
    assert_eq!(sign_in_on(addr, "demo", "demo").await.status, 201);

    let everything = with_faults(Faults {
        error_share: 1.0,
        error_body: ErrorBody::Empty,
        include_auth: true,
        ..Faults::default()
    });
    let reply = sign_in_on(everything, "demo", "demo").await;
    assert_eq!((reply.status, reply.body.as_str()), (500, ""));
}

#[tokio::test]
async fn rate_limits_truncation_and_latency() {
    let limited = with_faults(Faults {
        rate_limit_share: 1.0,
        retry_after_seconds: 7,
        ..Faults::default()
    });
    let token = token_on(limited, "demo").await;
    let reply = get_on(limited, "accounts", Some(&token)).await;
    assert_eq!(reply.status, 429);
    assert_eq!(reply.header("retry-after"), "7");
    assert_eq!(reply.json()["errors"][0]["status"], "429");

    let truncated = with_faults(Faults {
        truncate_share: 1.0,
        ..Faults::default()
    });
    let token = token_on(truncated, "demo").await;
    let whole = get("network-types", Some(&demo_token().await)).await;
    let cut = get_on(truncated, "network-types", Some(&token)).await;
    assert_eq!(cut.status, 200);
    assert_eq!(cut.bytes.len(), whole.bytes.len() / 2);
    assert_eq!(cut.header("content-length"), cut.bytes.len().to_string());
    assert!(serde_json::from_slice::<serde_json::Value>(&cut.bytes).is_err());

    // A latency no sign-in comes near, even on a busy machine: the spared sign-in is told
    // from a delayed one by a wide margin, not by how fast this machine is today.
    let latency = Duration::from_millis(1500);
    let slow = with_faults(Faults {
        latency_ms: 1500,
        jitter_ms: 50,
        ..Faults::default()
    });
    let token = token_on(slow, "demo").await;
    let started = Instant::now();
    let reply = get_on(slow, "network-types", Some(&token)).await;
    let elapsed = started.elapsed();
    assert_eq!(reply.status, 200);
    assert!(elapsed >= latency, "{elapsed:?}");
    let started = Instant::now();
    sign_in_on(slow, "demo", "demo").await;
    let elapsed = started.elapsed();
    assert!(elapsed < latency, "sign-in is spared, yet took {elapsed:?}");
}

#[tokio::test]
async fn the_control_endpoint_switches_faults_at_run_time() {
    let addr = start(Options {
        enable_fault_control: true,
        ..Options::default()
    });
    let token = token_on(addr, "demo").await;
    let shown = control(addr, "GET", None).await;
    assert_eq!(shown.status, 200);
    assert_eq!(
        serde_json::from_str::<Faults>(&shown.body).unwrap(),
        Faults::default()
    );
    assert_eq!(get_on(addr, "accounts", Some(&token)).await.status, 200);

    let set = control(
        addr,
        "POST",
        Some(r#"{"error-share": 1.0, "error-body": "jsonapi"}"#),
    )
    .await;
    assert_eq!(set.status, 200, "{}", set.body);
    assert_eq!(set.json()["error-share"], 1.0);
    assert_eq!(get_on(addr, "accounts", Some(&token)).await.status, 500);
    assert_eq!(control(addr, "GET", None).await.json()["error-share"], 1.0);

    // The same settings give the same sequence of faults.
    let half = r#"{"error-share": 0.5, "seed": 9}"#;
    let mut runs = Vec::new();
    for _ in 0..2 {
        assert_eq!(control(addr, "POST", Some(half)).await.status, 200);
        let mut statuses = Vec::new();
        for _ in 0..24 {
            statuses.push(get_on(addr, "network-types", Some(&token)).await.status);
        }
        runs.push(statuses);
    }
    assert_eq!(runs[0], runs[1]);
    assert!(
        runs[0].contains(&500) && runs[0].contains(&200),
        "{:?}",
        runs[0]
    );

    for bad in [
        r#"{"error-share": 2}"#,
        r#"{"errors": 1}"#,
        "not json",
        r#"{"rate-limit-share": 0.8, "truncate-share": 0.8}"#,
    ] {
        let reply = control(addr, "POST", Some(bad)).await;
        assert_eq!(reply.status, 400, "{bad}");
        assert!(reply.json()["error"].is_string());
    }
    assert_eq!(control(addr, "POST", Some("{}")).await.status, 200);
    assert_eq!(get_on(addr, "accounts", Some(&token)).await.status, 200);

    let short = control(addr, "POST", Some(r#"{"token-lifetime-seconds": 30}"#)).await;
    assert_eq!(short.status, 200);
    let claims =
        api_model::auth::read_claims::<api_model::auth::Claims>(&token_on(addr, "demo").await)
            .unwrap();
    let lifetime = claims.exp.unwrap() - chrono::Utc::now().timestamp();
    assert!((28..=31).contains(&lifetime), "{lifetime}");
    let cleared = control(addr, "DELETE", None).await;
    assert_eq!(cleared.status, 200);
    let claims =
        api_model::auth::read_claims::<api_model::auth::Claims>(&token_on(addr, "demo").await)
            .unwrap();
    let lifetime = claims.exp.unwrap() - chrono::Utc::now().timestamp();
    assert!((595..=601).contains(&lifetime), "{lifetime}");
}

#[tokio::test]
async fn the_control_endpoint_exists_only_when_enabled() {
    let reply = send(server(), "GET", "/__demo/faults", &[], None).await;
    assert_eq!(reply.status, 404);
    let post = send(
        server(),
        "POST",
        "/__demo/faults",
        &[],
        Some(r#"{"error-share": 1}"#),
    )
    .await;
    assert_eq!(post.status, 404);
    let token = demo_token().await;
    assert_eq!(get("accounts", Some(&token)).await.status, 200);
    // Never under /api.
    let addr = start(Options {
        enable_fault_control: true,
        ..Options::default()
    });
    let under_api = send(addr, "GET", &format!("{API}/__demo/faults"), &[], None).await;
    assert_eq!(under_api.status, 404);
    assert_eq!(under_api.json()["errors"][0]["status"], "404");
}
