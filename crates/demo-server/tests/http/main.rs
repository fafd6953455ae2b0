//! The demo server over real HTTP on loopback: sign-in (tokens and cookies), authorization,
//! collections, single records, statistics, charts, CDR exports and their downloads, money
//! (invoices, payments, top-ups, service charges, phone-system sessions), profiles,
//! data files, fault injection, static files (under a public URL, with the config override,
//! security headers and CSP reports), the proxy to an upstream, the embedding example's parent
//! server, the nginx sample, and the shapes of the upstream samples.

mod cdrs;
mod charts;
mod checklist;
mod client;
mod collections;
mod cookies;
mod data_files;
mod embedding;
mod exports;
mod faults;
mod live_calls;
mod money;
mod nginx_sample;
mod numberlists;
mod portal_files;
mod proxy;
mod rates;
mod shapes;
mod specs;
mod statistics;

use client::*;
use demo_server::Options;
use serde_json::{Value, json};
use std::time::Duration;

const AUTH_FAILED: &str = r#"{"errors":[{"title":"Authentication failed","detail":"Incorrect login or password.","code":"401","status":"401"}]}"#;
const TOKEN_FAILED: &str = r#"{"errors":[{"title":"Authorization failed","detail":"Authorization token expired or incorrect.","code":"401","status":"401"}]}"#;

#[tokio::test]
async fn sign_in_succeeds_with_json_or_jsonapi_and_fails_with_the_real_body() {
    let reply = sign_in_on(server(), "demo", "demo").await;
    assert_eq!(reply.status, 201);
    let body = reply.json();
    assert_eq!(body.as_object().unwrap().len(), 1);
    let claims =
        api_model::auth::read_claims::<api_model::auth::Claims>(body["jwt"].as_str().unwrap())
            .unwrap();
    assert_eq!(claims.aud, Some(json!(["customer-v1"])));
    let lifetime = claims.exp.unwrap() - chrono::Utc::now().timestamp();
    assert!((595..=601).contains(&lifetime), "{lifetime}");

    let jsonapi = send(
        server(),
        "POST",
        &format!("{API}/auth"),
        &[("content-type", "application/vnd.api+json")],
        Some(r#"{"auth":{"login":"demo","password":"demo"}}"#),
    )
    .await;
    assert_eq!(jsonapi.status, 201);

    let wrong = sign_in_on(server(), "demo", "nope").await;
    assert_eq!((wrong.status, wrong.body.as_str()), (401, AUTH_FAILED));
    assert_eq!(wrong.header("content-type"), "application/vnd.api+json");
    let unknown = sign_in_on(server(), "nobody", "demo").await;
    assert_eq!((unknown.status, unknown.body.as_str()), (401, AUTH_FAILED));

    let text = send(
        server(),
        "POST",
        &format!("{API}/auth"),
        &[("content-type", "text/plain")],
        Some(r#"{"auth":{"login":"demo","password":"demo"}}"#),
    )
    .await;
    assert_eq!(text.status, 415);
}

#[tokio::test]
async fn unauthorized_answers_jsonapi_on_resources_and_empty_on_statistics() {
    for token in [None, Some("garbage"), Some("a.b.c")] {
        let reply = get("accounts", token).await;
        assert_eq!((reply.status, reply.body.as_str()), (401, TOKEN_FAILED));
        assert_eq!(reply.header("content-type"), "application/vnd.api+json");
        for path in [
            "origination-statistics",
            "origination-statistics-quality",
            "origination-active-calls",
        ] {
            let reply = get(path, token).await;
            assert_eq!((reply.status, reply.body.as_str()), (401, ""), "{path}");
        }
    }
    // A token of another server instance (another secret) is rejected too.
    let elsewhere = start(Options::default());
    let foreign = token_on(elsewhere, "demo").await;
    assert_eq!(get("accounts", Some(&foreign)).await.status, 401);
}

#[tokio::test]
async fn both_authorization_forms_work_and_auth_status_and_sign_out() {
    let token = demo_token().await;
    let raw = send(
        server(),
        "GET",
        &format!("{API}/accounts"),
        &[("authorization", &token)],
        None,
    )
    .await;
    assert_eq!(raw.status, 200);
    let status = get("auth", Some(&token)).await;
    assert_eq!(
        (status.status, status.json()),
        (200, json!({"allow-rec": true}))
    );
    // The second customer's profile does not allow listening to recordings.
    let other = get("auth", Some(&other_token().await)).await;
    assert_eq!(other.json(), json!({"allow-rec": false}));
    assert_eq!(get("auth", None).await.status, 401);
    let out = send(server(), "DELETE", &format!("{API}/auth"), &[], None).await;
    assert_eq!((out.status, out.body.as_str()), (204, ""));
}

#[tokio::test]
async fn expired_tokens_are_rejected() {
    // `exp` is whole seconds: a 2 s lifetime leaves the token at least a second, wherever in
    // its second it was issued, and the wait runs until its own `exp`, not for a fixed time.
    let addr = start(Options {
        token_lifetime: Duration::from_secs(2),
        ..Options::default()
    });
    let token = token_on(addr, "demo").await;
    assert_eq!(
        get_on(addr, &format!("{API}/accounts"), Some(&token))
            .await
            .status,
        200
    );
    let exp = api_model::auth::read_claims::<api_model::auth::Expiry>(&token)
        .ok()
        .and_then(|claims| claims.expires_at())
        .expect("the token says when it expires");
    let until_expiry = (exp - chrono::Utc::now()).to_std().unwrap_or_default();
    tokio::time::sleep(until_expiry + Duration::from_millis(300)).await;
    let reply = get_on(addr, &format!("{API}/accounts"), Some(&token)).await;
    assert_eq!((reply.status, reply.body.as_str()), (401, TOKEN_FAILED));
}

#[tokio::test]
async fn responses_carry_the_conventional_headers_and_etags() {
    let token = demo_token().await;
    let reply = get("network-types", Some(&token)).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-type"), "application/vnd.api+json");
    assert_eq!(
        reply.header("cache-control"),
        "max-age=0, private, must-revalidate"
    );
    assert_eq!(reply.header("vary"), "Accept");
    assert_eq!(reply.header("x-content-type-options"), "nosniff");
    assert_eq!(reply.header("x-frame-options"), "SAMEORIGIN");
    assert!(!reply.header("x-permitted-cross-domain-policies").is_empty());
    assert!(!reply.header("referrer-policy").is_empty());
    assert!(!reply.header("x-xss-protection").is_empty());
    assert_eq!(reply.header("x-request-id").len(), 36);
    assert!(reply.header("x-runtime").parse::<f64>().is_ok());
    assert_eq!(reply.header("content-length"), reply.body.len().to_string());
    let etag = reply.header("etag").to_owned();
    assert!(etag.starts_with("W/\""), "{etag}");

    let auth = format!("Bearer {token}");
    let cached = send(
        server(),
        "GET",
        &format!("{API}/network-types"),
        &[("authorization", &auth), ("if-none-match", &etag)],
        None,
    )
    .await;
    assert_eq!((cached.status, cached.body.as_str()), (304, ""));
    let traced = send(
        server(),
        "GET",
        &format!("{API}/network-types"),
        &[("authorization", &auth), ("x-request-id", "trace-123")],
        None,
    )
    .await;
    assert_eq!(traced.header("x-request-id"), "trace-123");

    let html_only = send(
        server(),
        "GET",
        &format!("{API}/network-types"),
        &[("authorization", &auth), ("accept", "text/html")],
        None,
    )
    .await;
    assert_eq!(html_only.status, 406);
}

#[tokio::test]
async fn accounts_are_exactly_the_four_demo_ones_and_never_the_competitors() {
    let token = demo_token().await;
    let reply = get("accounts", Some(&token)).await;
    assert_eq!(reply.status, 200);
    let body = reply.json();
    assert_eq!(body["meta"]["total-count"], 4);
    let accounts: Vec<(String, Value)> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["attributes"]["name"].as_str().unwrap().to_owned(),
                a["attributes"].clone(),
            )
        })
        .collect();
    let names: Vec<&str> = accounts.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "Kyiv Wholesale",
            "Berlin Retail",
            "London Carrier",
            "Lviv Overdraft"
        ]
    );
    assert_eq!(accounts[0].1["currency"], "USD");
    assert_eq!(accounts[0].1["balance"], "12500.75");
    assert_eq!(accounts[1].1["currency"], "EUR");
    assert_eq!(accounts[2].1["currency"], "GBP");
    let lviv = &accounts[3].1;
    assert_eq!(
        (lviv["currency"].as_str(), lviv["balance"].as_str()),
        (Some("UAH"), Some("-310.4"))
    );
    for key in [
        "origination-capacity",
        "termination-capacity",
        "total-capacity",
        "destination-rate-limit",
    ] {
        assert_eq!(lviv[key], Value::Null, "{key}");
    }
    assert!(!reply.body.contains("Competitor"));
    assert!(body["data"][0].get("relationships").is_none());

    let other = other_token().await;
    let theirs = get("accounts", Some(&other)).await.json();
    assert_eq!(theirs["meta"]["total-count"], 2);
    assert_eq!(
        theirs["data"][0]["attributes"]["name"],
        "Competitor Secret Account"
    );
    let secret_id = theirs["data"][0]["id"].as_str().unwrap();
    let hidden = get(&format!("accounts/{secret_id}"), Some(&token)).await;
    assert_eq!(hidden.status, 404);
    assert_eq!(
        hidden.body,
        format!(
            r#"{{"errors":[{{"title":"Record not found","detail":"The record identified by {secret_id} could not be found.","code":"404","status":"404"}}]}}"#
        )
    );
    let by_filter = get(&format!("accounts?filter[id]={secret_id}"), Some(&token))
        .await
        .json();
    assert_eq!(by_filter["meta"]["total-count"], 0);
}

#[tokio::test]
async fn the_other_customer_has_an_account_without_currency() {
    // Deployments before 2026-03 send no `currency`; the demo customer's four always have one.
    let demo = get("accounts", Some(&demo_token().await)).await.json();
    assert!(
        demo["data"]
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["attributes"]["currency"].is_string())
    );
    let other = other_token().await;
    let theirs = get("accounts?filter[name-eq]=Legacy%20Account", Some(&other))
        .await
        .json();
    let legacy = &theirs["data"][0];
    assert_eq!(legacy["attributes"]["name"], "Legacy Account");
    assert!(legacy["attributes"].get("currency").is_none(), "{legacy}");
    assert_eq!(legacy["attributes"]["balance"], "42.0");
    let id = legacy["id"].as_str().unwrap();
    let one = get(&format!("accounts/{id}"), Some(&other)).await.json();
    assert!(one["data"]["attributes"].get("currency").is_none());
    // Its statistics work as any account's.
    let stats = get(
        &format!(
            "origination-statistics?account-id={id}&from-time={}&sampling=day",
            time_ago(2 * 86_400)
        ),
        Some(&other),
    )
    .await;
    assert_eq!(stats.status, 200, "{}", stats.body);
    assert!(stats.json()["totals"]["total_price"].is_string());
}

#[tokio::test]
async fn single_reads_and_the_404s() {
    let token = demo_token().await;
    let kyiv = account_id(&token, "Kyiv Wholesale").await;
    let show = get(&format!("accounts/{kyiv}"), Some(&token)).await.json();
    assert_eq!(show["data"]["attributes"]["name"], "Kyiv Wholesale");
    assert!(
        show["data"]["links"]["self"]
            .as_str()
            .unwrap()
            .starts_with("http://127.0.0.1:")
    );

    for collection in [
        "services",
        "cdr-exports",
        "rates",
        "network-types",
        "network-prefixes",
        "networks",
        "countries",
    ] {
        let list = get(&format!("{collection}?page[size]=1"), Some(&token))
            .await
            .json();
        let id = list["data"][0]["id"].as_str().unwrap().to_owned();
        let one = get(&format!("{collection}/{id}"), Some(&token)).await;
        assert_eq!(one.status, 200, "{collection}");
        assert_eq!(one.json()["data"]["id"], id.as_str());
    }

    let unknown = "0b9f8b52-5d2c-11ef-9a4e-0242ac120003";
    for collection in [
        "accounts",
        "services",
        "cdr-exports",
        "rates",
        "network-prefixes",
    ] {
        let reply = get(&format!("{collection}/{unknown}"), Some(&token)).await;
        assert_eq!(reply.status, 404);
        assert_eq!(reply.json()["errors"][0]["title"], "Record not found");
    }
    let not_uuid = get("accounts/42", Some(&token)).await;
    assert_eq!(not_uuid.status, 404);
    assert!(not_uuid.header("content-type").starts_with("text/plain"));
    assert!(serde_json::from_str::<Value>(&not_uuid.body).is_err());

    for path in [
        format!("{API}/no-such-thing"),
        "/api/other".to_owned(),
        "/api".to_owned(),
    ] {
        let reply = get(&path, Some(&token)).await;
        assert_eq!(reply.status, 404, "{path}");
        assert_eq!(reply.json()["errors"][0]["status"], "404", "{path}");
    }
    let no_portal = get("/accounts/xyz", None).await;
    assert_eq!(no_portal.status, 404);
}

#[tokio::test]
async fn spa_fallback_serves_index_html_with_the_right_cache_headers() {
    let dist = std::env::temp_dir().join(format!(
        "demo-server-dist-{}-{}",
        std::process::id(),
        chrono::Utc::now().timestamp_nanos_opt().unwrap_or(0)
    ));
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><title>Portal</title>",
    )
    .unwrap();
    std::fs::write(dist.join("config.json"), r#"{"apiBaseUrl":""}"#).unwrap();
    std::fs::write(dist.join("assets/app-1a2b.js"), "console.log(1)").unwrap();
    let addr = start(Options {
        dist_dir: Some(dist.clone()),
        ..Options::default()
    });
    let page = |path: &'static str| send(addr, "GET", path, &[], None);

    for path in ["/", "/accounts/xyz", "/statistics?account=1", "/index.html"] {
        let reply = page(path).await;
        assert_eq!(reply.status, 200, "{path}");
        assert!(
            reply.header("content-type").starts_with("text/html"),
            "{path}"
        );
        assert_eq!(reply.body, "<!doctype html><title>Portal</title>", "{path}");
        assert_eq!(reply.header("cache-control"), "no-cache", "{path}");
    }
    let config = page("/config.json").await;
    assert_eq!(
        (config.status, config.body.as_str()),
        (200, r#"{"apiBaseUrl":""}"#)
    );
    assert_eq!(config.header("cache-control"), "no-cache");
    let asset = page("/assets/app-1a2b.js").await;
    assert_eq!(asset.status, 200);
    assert_eq!(
        asset.header("cache-control"),
        "public, max-age=31536000, immutable"
    );

    let api = page("/api/rest/customer/v1/nothing-here").await;
    assert_eq!(api.status, 404);
    assert_eq!(api.json()["errors"][0]["status"], "404");
    let token = token_on(addr, "demo").await;
    let accounts = get_on(addr, &format!("{API}/accounts"), Some(&token)).await;
    assert_eq!(accounts.json()["meta"]["total-count"], 4);
    std::fs::remove_dir_all(&dist).ok();
}

#[tokio::test]
async fn chart_of_originated_cps() {
    let token = demo_token().await;
    let london = account_id(&token, "London Carrier").await;
    let request = |attributes: Value, account: Option<&str>| {
        let mut body = json!({"data": {"type": "chart-originated-cps", "attributes": attributes}});
        if let Some(id) = account {
            body["data"]["relationships"] =
                json!({"account": {"data": {"type": "accounts", "id": id}}});
        }
        body
    };
    let reply = post_jsonapi(
        "chart-originated-cps",
        &token,
        &request(json!({}), Some(&london)),
    )
    .await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    let body = reply.json();
    let attributes = &body["data"]["attributes"];
    let from =
        chrono::DateTime::parse_from_rfc3339(attributes["from-time"].as_str().unwrap()).unwrap();
    let to = chrono::DateTime::parse_from_rfc3339(attributes["to-time"].as_str().unwrap()).unwrap();
    assert_eq!((to - from).num_hours(), 24);
    let cps = attributes["cps"].as_array().unwrap();
    assert!(!cps.is_empty());
    assert!(
        cps.iter()
            .all(|p| p["y"].as_str().unwrap().parse::<f64>().unwrap() > 0.0)
    );
    let to_text = attributes["to-time"].as_str().unwrap();
    assert!(to_text.len() == 24 && to_text.ends_with('Z'), "{to_text}");

    let missing = post_jsonapi("chart-originated-cps", &token, &request(json!({}), None)).await;
    assert_eq!(missing.status, 422);
    assert_eq!(
        missing.json()["errors"][0]["source"]["pointer"],
        "/data/relationships/account"
    );
    let other = other_token().await;
    let secret = get("accounts", Some(&other)).await.json()["data"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let foreign = post_jsonapi(
        "chart-originated-cps",
        &token,
        &request(json!({}), Some(&secret)),
    )
    .await;
    assert_eq!(foreign.status, 422);
    let backwards = post_jsonapi(
        "chart-originated-cps",
        &token,
        &request(
            json!({"from-time": "2026-07-02 00:00:00", "to-time": "2026-07-01 00:00:00"}),
            Some(&london),
        ),
    )
    .await;
    assert_eq!(backwards.status, 422);
    // An error of the request as a whole, in the real form's words (backwards as they are).
    assert_eq!(backwards.json()["errors"][0]["source"]["pointer"], "/data");
    assert_eq!(
        backwards.json()["errors"][0]["detail"],
        "from_time must be greater than to_time"
    );

    let auth = format!("Bearer {token}");
    let plain = send(
        server(),
        "POST",
        &format!("{API}/chart-originated-cps"),
        &[
            ("authorization", &auth),
            ("content-type", "application/json"),
        ],
        Some(&request(json!({}), Some(&london)).to_string()),
    )
    .await;
    assert_eq!(plain.status, 415);
}

#[tokio::test]
async fn cdr_exports_can_be_created_and_are_listed() {
    let token = demo_token().await;
    let berlin = account_id(&token, "Berlin Retail").await;
    let body = json!({"data": {
        "type": "cdr-exports",
        "attributes": {"filters": {"time_start_gteq": "2026-01-01 00:00:00", "time_start_lt": "2026-01-02 00:00:00"}},
        "relationships": {"account": {"data": {"type": "accounts", "id": berlin}}}
    }});
    let reply = post_jsonapi("cdr-exports", &token, &body).await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    let created = reply.json();
    assert_eq!(created["data"]["attributes"]["status"], "Pending");
    assert_eq!(created["data"]["attributes"]["rows-count"], Value::Null);
    let id = created["data"]["id"].as_str().unwrap();
    let shown = get(&format!("cdr-exports/{id}"), Some(&token)).await;
    assert_eq!(shown.status, 200);
    let other = other_token().await;
    assert_eq!(
        get(&format!("cdr-exports/{id}"), Some(&other)).await.status,
        404
    );
}
