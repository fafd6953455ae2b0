//! `Options::upstream`: the API forwarded to another server (here a second demo server, or an
//! echoing stub), with the upstream's answers, cookies without `Domain`, faults, and 502s.

use crate::client::*;
use axum::body::Bytes;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::IntoResponse;
use demo_server::{Faults, Options};
use serde_json::json;
use std::net::SocketAddr;

fn proxy_to(upstream: &str) -> SocketAddr {
    start(Options {
        upstream: Some(upstream.to_owned()),
        ..Options::default()
    })
}

#[tokio::test]
async fn sign_in_and_lists_go_through_to_the_upstream() {
    let upstream = start(Options::default());
    let proxy = proxy_to(&format!("http://{upstream}/"));

    let signed_in = sign_in_on(proxy, "demo", "demo").await;
    assert_eq!(signed_in.status, 201, "{}", signed_in.body);
    let token = signed_in.json()["jwt"].as_str().unwrap().to_owned();
    // The upstream issued it (each server has its own secret).
    assert_eq!(get_on(upstream, "accounts", Some(&token)).await.status, 200);

    let accounts = get_on(proxy, "accounts", Some(&token)).await;
    assert_eq!(accounts.status, 200, "{}", accounts.body);
    assert_eq!(accounts.json()["meta"]["total-count"], 4);
    let body = accounts.json();
    let names: Vec<&str> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["attributes"]["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Kyiv Wholesale"), "{names:?}");
    assert_eq!(accounts.header("content-type"), "application/vnd.api+json");
    // The query goes along.
    let page = get_on(proxy, "accounts?page[size]=2&sort=name", Some(&token)).await;
    assert_eq!(page.json()["data"].as_array().unwrap().len(), 2);
    // So do the request headers, and the upstream's answer headers come back.
    let auth = format!("Bearer {token}");
    let tagged = send(
        proxy,
        "GET",
        &format!("{API}/network-types"),
        &[("authorization", &auth), ("x-request-id", "proxy-test-1")],
        None,
    )
    .await;
    assert_eq!(tagged.status, 200);
    assert_eq!(tagged.header("x-request-id"), "proxy-test-1");
    let cached = send(
        proxy,
        "GET",
        &format!("{API}/network-types"),
        &[
            ("authorization", &auth),
            ("if-none-match", tagged.header("etag")),
        ],
        None,
    )
    .await;
    assert_eq!(cached.status, 304);

    // A bad token gets the upstream's own 401.
    let direct = get_on(upstream, "accounts", Some("garbage")).await;
    let proxied = get_on(proxy, "accounts", Some("garbage")).await;
    assert_eq!(
        (proxied.status, proxied.body.as_str()),
        (401, direct.body.as_str())
    );
    assert_eq!(proxied.json()["errors"][0]["title"], "Authorization failed");
    let stats = get_on(proxy, "origination-statistics", Some("garbage")).await;
    assert_eq!((stats.status, stats.body.as_str()), (401, ""));

    // Cookie mode works through the proxy.
    let cookie_sign_in = send(
        proxy,
        "POST",
        &format!("{API}/auth"),
        &[("content-type", "application/json")],
        Some(r#"{"auth":{"login":"demo","password":"demo"},"cookie_auth":true}"#),
    )
    .await;
    assert_eq!(cookie_sign_in.status, 201);
    let cookie = cookie_pair(cookie_sign_in.header("set-cookie"));
    let with_cookie = get_with_cookie(proxy, "accounts", &cookie).await;
    assert_eq!(with_cookie.json()["meta"]["total-count"], 4);
}

/// An upstream that answers what it received, with a cookie for its own domain.
async fn echo(
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> axum::response::Response {
    let headers: serde_json::Map<String, serde_json::Value> = headers
        .iter()
        .map(|(name, value)| {
            (
                name.as_str().to_owned(),
                json!(value.to_str().unwrap_or("")),
            )
        })
        .collect();
    let answer = json!({
        "method": method.as_str(),
        "uri": uri.to_string(),
        "headers": headers,
        "body": String::from_utf8_lossy(&body),
    });
    (
        StatusCode::IM_A_TEAPOT,
        [
            ("content-type", "application/json"),
            (
                "set-cookie",
                "s=1; Domain=switch.example; Path=/api/rest/customer/v1; HttpOnly",
            ),
            ("x-upstream", "echo"),
            ("connection", "x-secret"),
            ("x-secret", "hop"),
        ],
        answer.to_string(),
    )
        .into_response()
}

#[tokio::test]
async fn method_path_query_body_and_end_to_end_headers_are_forwarded() {
    let upstream = start_router(|| axum::Router::new().fallback(echo));
    let proxy = proxy_to(&format!("http://{upstream}/prefix"));
    let reply = send(
        proxy,
        "PATCH",
        &format!("{API}/services/42?filter[name]=a%20b&x=1"),
        &[
            ("authorization", "Bearer t"),
            ("content-type", "application/vnd.api+json"),
            ("connection", "x-private"),
            ("x-private", "hop"),
            ("proxy-authorization", "Basic x"),
            ("te", "trailers"),
            ("x-custom", "kept"),
        ],
        Some(r#"{"data":{"type":"services"}}"#),
    )
    .await;
    assert_eq!(reply.status, 418, "{}", reply.body);
    let echoed = reply.json();
    assert_eq!(echoed["method"], "PATCH");
    assert_eq!(
        echoed["uri"],
        "/prefix/api/rest/customer/v1/services/42?filter[name]=a%20b&x=1"
    );
    assert_eq!(echoed["body"], r#"{"data":{"type":"services"}}"#);
    let headers = &echoed["headers"];
    assert_eq!(headers["host"], upstream.to_string());
    assert_eq!(headers["authorization"], "Bearer t");
    assert_eq!(headers["x-custom"], "kept");
    assert_eq!(headers["content-type"], "application/vnd.api+json");
    for hop in ["x-private", "proxy-authorization", "te"] {
        assert!(headers.get(hop).is_none(), "{hop} was forwarded");
    }
    assert_eq!(
        reply.header("set-cookie"),
        "s=1; Path=/api/rest/customer/v1; HttpOnly"
    );
    assert_eq!(reply.header("x-upstream"), "echo");
    assert!(reply.headers.get("x-secret").is_none());
    // The proxy adds none of the demo API's own headers.
    assert!(reply.headers.get("x-runtime").is_none());
    assert!(reply.headers.get("x-frame-options").is_none());
}

#[tokio::test]
async fn an_unreachable_upstream_answers_502_and_the_rest_still_works() {
    let proxy = start(Options {
        upstream: Some(format!("http://{}", closed_address())),
        enable_fault_control: true,
        ..Options::default()
    });
    for path in ["accounts", "auth"] {
        let reply = get_on(proxy, path, Some("t")).await;
        assert_eq!(reply.status, 502, "{path}");
        assert_eq!(reply.header("content-type"), "application/vnd.api+json");
        let error = &reply.json()["errors"][0];
        assert_eq!(error["status"], "502");
        assert_eq!(error["title"], "Upstream unreachable");
        assert!(
            error["detail"].as_str().unwrap().contains("cannot reach"),
            "{error}"
        );
    }
    let sign_in = sign_in_on(proxy, "demo", "demo").await;
    assert_eq!(sign_in.status, 502);
    // Other /api paths and the fault control are the demo server's own.
    let other = send(proxy, "GET", "/api/other", &[], None).await;
    assert_eq!(other.status, 404);
    assert_eq!(other.json()["errors"][0]["status"], "404");
    let control = send(proxy, "GET", "/__demo/faults", &[], None).await;
    assert_eq!(control.status, 200);
}

#[tokio::test]
async fn faults_are_injected_into_proxied_requests() {
    let upstream = start(Options::default());
    let proxy = start(Options {
        upstream: Some(format!("http://{upstream}")),
        faults: Faults {
            error_share: 1.0,
            error_body: demo_server::ErrorBody::Jsonapi,
            ..Faults::default()
        },
        ..Options::default()
    });
    // Signing in is spared, as without the proxy.
    let token = token_on(proxy, "demo").await;
    let reply = get_on(proxy, "accounts", Some(&token)).await;
    assert_eq!(reply.status, 500);
    assert!(
        reply.json()["errors"][0]["detail"]
            .as_str()
            .unwrap()
            .contains("injected")
    );
}
