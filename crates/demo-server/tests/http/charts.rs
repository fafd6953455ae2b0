//! `POST /chart-active-calls`, and its agreement with `origination-active-calls`.

use crate::client::*;
use demo_server::Options;
use serde_json::{Value, json};

fn chart_request(kind: &str, attributes: Value, account: Option<&str>) -> Value {
    let mut body = json!({"data": {"type": kind, "attributes": attributes}});
    if let Some(id) = account {
        body["data"]["relationships"] =
            json!({"account": {"data": {"type": "accounts", "id": id}}});
    }
    body
}

fn points(attributes: &Value, name: &str) -> Vec<(chrono::DateTime<chrono::Utc>, u64)> {
    attributes[name]
        .as_array()
        .unwrap_or_else(|| panic!("{name}"))
        .iter()
        .map(|p| {
            let x = chrono::DateTime::parse_from_rfc3339(p["x"].as_str().unwrap())
                .unwrap()
                .to_utc();
            let y = p["y"].as_str().unwrap().parse().unwrap();
            (x, y)
        })
        .collect()
}

#[tokio::test]
async fn chart_of_active_calls_counts_calls_in_progress_minute_by_minute() {
    let token = demo_token().await;
    let london = account_id(&token, "London Carrier").await;
    let reply = post_jsonapi(
        "chart-active-calls",
        &token,
        &chart_request("chart-active-calls", json!({}), Some(&london)),
    )
    .await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    assert_eq!(reply.header("content-type"), "application/vnd.api+json");
    let body = reply.json();
    let data = &body["data"];
    assert_eq!(data["type"], "chart-active-calls");
    let id = data["id"].as_str().unwrap();
    assert!(
        data["links"]["self"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/chart-active-calls/{id}"))
    );
    assert!(data["relationships"]["account"]["links"]["related"].is_string());
    let attributes = &data["attributes"];
    let from = chrono::DateTime::parse_from_rfc3339(attributes["from-time"].as_str().unwrap())
        .unwrap()
        .to_utc();
    let to = chrono::DateTime::parse_from_rfc3339(attributes["to-time"].as_str().unwrap())
        .unwrap()
        .to_utc();
    assert_eq!((to - from).num_hours(), 24);
    let originated = points(attributes, "originated-calls");
    let terminated = points(attributes, "terminated-calls");
    assert!(
        (1439..=1441).contains(&originated.len()),
        "{}",
        originated.len()
    );
    assert_eq!(
        originated.iter().map(|p| p.0).collect::<Vec<_>>(),
        terminated.iter().map(|p| p.0).collect::<Vec<_>>()
    );
    assert!(
        originated
            .windows(2)
            .all(|w| (w[1].0 - w[0].0).num_seconds() == 60)
    );
    assert!(originated.iter().all(|p| p.0 >= from && p.0 <= to));
    assert!(originated.iter().all(|p| p.0.timestamp() % 60 == 0));
    let total = |series: &[(chrono::DateTime<chrono::Utc>, u64)]| -> u64 {
        series.iter().map(|p| p.1).sum()
    };
    assert!(total(&originated) > 0 && total(&terminated) > 0);
    assert!(total(&terminated) < total(&originated));

    // The same counts as origination-active-calls at the same minutes.
    let first = originated[0].0;
    let active = get(
        &format!(
            "origination-active-calls?account-id={london}&from-time={}",
            server_time(first)
        ),
        Some(&token),
    )
    .await
    .json();
    let t = active["data"]["t"].as_array().unwrap();
    let calls = active["data"]["calls"].as_array().unwrap();
    for (i, (x, y)) in originated.iter().enumerate().take(t.len().min(100)) {
        assert_eq!(t[i].as_i64().unwrap(), x.timestamp());
        assert_eq!(calls[i].as_u64().unwrap(), *y, "at {x}");
    }

    let window = chart_request(
        "chart-active-calls",
        json!({"from-time": time_ago(3 * 3600).replace("%20", " "), "to-time": time_ago(3600).replace("%20", " ")}),
        Some(&london),
    );
    let reply = post_jsonapi("chart-active-calls", &token, &window).await;
    assert_eq!(reply.status, 201);
    let series = points(&reply.json()["data"]["attributes"], "originated-calls");
    assert!((120..=121).contains(&series.len()), "{}", series.len());
}

#[tokio::test]
async fn chart_of_active_calls_answers_422_415_and_400_like_the_cps_chart() {
    let token = demo_token().await;
    let kyiv = account_id(&token, "Kyiv Wholesale").await;
    let kind = "chart-active-calls";
    let missing = post_jsonapi(kind, &token, &chart_request(kind, json!({}), None)).await;
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
    let foreign = post_jsonapi(kind, &token, &chart_request(kind, json!({}), Some(&secret))).await;
    assert_eq!(foreign.status, 422);
    let backwards = post_jsonapi(
        kind,
        &token,
        &chart_request(
            kind,
            json!({"from-time": "2026-07-02 00:00:00", "to-time": "2026-07-01 00:00:00"}),
            Some(&kyiv),
        ),
    )
    .await;
    assert_eq!(backwards.status, 422);
    assert_eq!(backwards.json()["errors"][0]["source"]["pointer"], "/data");
    // The real form holds no time for it, and its comparison of the times fails.
    let bad_time = post_jsonapi(
        kind,
        &token,
        &chart_request(kind, json!({"from-time": "soon"}), Some(&kyiv)),
    )
    .await;
    assert_eq!(bad_time.status, 500);
    let wrong_type = post_jsonapi(
        kind,
        &token,
        &chart_request("chart-originated-cps", json!({}), Some(&kyiv)),
    )
    .await;
    assert_eq!(wrong_type.status, 400);
    let auth = format!("Bearer {token}");
    let plain = send(
        server(),
        "POST",
        &format!("{API}/{kind}"),
        &[
            ("authorization", &auth),
            ("content-type", "application/json"),
        ],
        Some(&chart_request(kind, json!({}), Some(&kyiv)).to_string()),
    )
    .await;
    assert_eq!(plain.status, 415);
    let html = send(
        server(),
        "POST",
        &format!("{API}/{kind}"),
        &[
            ("authorization", &auth),
            ("accept", "text/html"),
            ("content-type", "application/vnd.api+json"),
        ],
        Some(&chart_request(kind, json!({}), Some(&kyiv)).to_string()),
    )
    .await;
    assert_eq!(html.status, 406);
    let anonymous = send(
        server(),
        "POST",
        &format!("{API}/{kind}"),
        &[("content-type", "application/vnd.api+json")],
        Some(&chart_request(kind, json!({}), Some(&kyiv)).to_string()),
    )
    .await;
    assert_eq!(anonymous.status, 401);
    // A period before the call history has no samples.
    let ancient = post_jsonapi(
        kind,
        &token,
        &chart_request(
            kind,
            json!({"from-time": "2001-01-01 00:00:00", "to-time": "2001-01-02 00:00:00"}),
            Some(&kyiv),
        ),
    )
    .await;
    assert_eq!(ancient.status, 201);
    assert_eq!(
        ancient.json()["data"]["attributes"]["originated-calls"],
        json!([])
    );
}

#[tokio::test]
async fn profiles_answer_the_customers_permission_flags() {
    let token = demo_token().await;
    let reply = get("profiles", Some(&token)).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-type"), "application/vnd.api+json");
    let body = reply.json();
    let data = &body["data"];
    assert!(
        data.is_object(),
        "a singleton resource, as on the real server"
    );
    assert_eq!(data["type"], "profiles");
    assert!(data["id"].is_string());
    assert!(data.get("links").is_none());
    let flags = data["attributes"].as_object().unwrap();
    assert!(flags.values().all(Value::is_boolean));
    // The real server's full list: a flag per statistics series, a `-value` one for each
    // series' figure but active calls, for outgoing and incoming traffic.
    let series = [
        "active-calls",
        "acd",
        "asr",
        "failed-calls",
        "successful-calls",
        "total-calls",
        "total-duration",
        "total-price",
    ];
    let mut expected: Vec<String> = [
        "account",
        "outgoing-rateplans",
        "outgoing-cdrs",
        "outgoing-cdr-exports",
        "outgoing-statistics",
        "outgoing-active-calls",
        "outgoing-numberlists",
        "incoming-cdrs",
        "incoming-statistics",
        "invoices",
        "payments",
        "payments-cryptomus",
        "services",
        "transactions",
        "webrtc-dialer",
    ]
    .iter()
    .map(|f| (*f).to_owned())
    .collect();
    for direction in ["outgoing", "incoming"] {
        for one in series {
            expected.push(format!("{direction}-statistics-{one}"));
            if one != "active-calls" {
                expected.push(format!("{direction}-statistics-{one}-value"));
            }
        }
    }
    expected.sort();
    let mut names: Vec<String> = flags.keys().cloned().collect();
    names.sort();
    assert_eq!(names, expected);
    assert_eq!(names.len(), 45);
    // The demo customer may see what the demo serves, and nothing it does not serve.
    let allowed: Vec<&str> = flags
        .iter()
        .filter(|(_, v)| **v == Value::Bool(true))
        .map(|(k, _)| k.as_str())
        .collect();
    for served in [
        "account",
        "outgoing-rateplans",
        "outgoing-cdr-exports",
        "outgoing-statistics",
        "outgoing-statistics-active-calls",
        "outgoing-statistics-total-price",
        "outgoing-statistics-asr-value",
        "outgoing-cdrs",
        "incoming-cdrs",
        "services",
        "transactions",
        "invoices",
        "payments",
        "payments-cryptomus",
        "outgoing-numberlists",
        "outgoing-active-calls",
        "incoming-statistics",
        "incoming-statistics-active-calls",
        "incoming-statistics-total-calls",
        "incoming-statistics-acd-value",
    ] {
        assert!(allowed.contains(&served), "{served}");
    }
    assert_eq!(
        flags["webrtc-dialer"], false,
        "what the demo does not serve"
    );
    let theirs = get("profiles", Some(&other_token().await)).await.json();
    let theirs = theirs["data"]["attributes"].as_object().unwrap();
    assert_eq!(theirs.len(), 45);
    for narrower in [
        "services",
        "outgoing-rateplans",
        "outgoing-cdr-exports",
        "outgoing-statistics-total-price",
        "outgoing-statistics-total-price-value",
        "payments-cryptomus",
    ] {
        assert_eq!(theirs[narrower], false, "{narrower}");
    }
    assert_eq!(theirs["outgoing-statistics"], true);
    let anonymous = get("profiles", None).await;
    assert_eq!(anonymous.status, 401);
    assert_eq!(anonymous.json()["errors"][0]["status"], "401");
}

/// The demo customer's second login `demo-restricted` has a profile of its own: its
/// statistics without the price and the ACD (series and figures, both sides), everything else
/// as the demo login's.
#[tokio::test]
async fn the_restricted_login_withholds_prices_and_acd() {
    let token = token_on(server(), "demo-restricted").await;
    let flags = get("profiles", Some(&token)).await.json()["data"]["attributes"].clone();
    let demo =
        get("profiles", Some(&demo_token().await)).await.json()["data"]["attributes"].clone();
    let flags = flags.as_object().unwrap();
    assert_eq!(flags.len(), 45);
    let differ: Vec<&str> = flags
        .iter()
        .filter(|(name, value)| demo[name.as_str()] != **value)
        .map(|(name, _)| name.as_str())
        .collect();
    let mut expected = Vec::new();
    for side in ["outgoing", "incoming"] {
        for metric in ["acd", "total-price"] {
            expected.push(format!("{side}-statistics-{metric}"));
            expected.push(format!("{side}-statistics-{metric}-value"));
        }
    }
    expected.sort();
    let mut differ: Vec<String> = differ.into_iter().map(str::to_owned).collect();
    differ.sort();
    assert_eq!(differ, expected);
    assert!(expected.iter().all(|name| flags[name] == false));
    // It sees the demo customer's accounts, all four.
    let accounts = get("accounts", Some(&token)).await.json();
    assert_eq!(accounts["data"].as_array().map(Vec::len), Some(4));
}

/// `--profile FILE` (`Options::profile`): the demo login's `GET /profiles` answers the given
/// attributes verbatim, flags left out and unknown ones included; other logins keep theirs.
#[tokio::test]
async fn a_served_profile_is_answered_verbatim_for_the_demo_login() {
    let served = json!({
        "outgoing-statistics-asr": false,
        "outgoing-statistics-total-price-percentile": true,
        "invoices": false
    });
    let addr = start(Options {
        profile: served.as_object().cloned(),
        ..Options::default()
    });
    let demo = get_on(addr, "profiles", Some(&token_on(addr, "demo").await)).await;
    assert_eq!(demo.status, 200);
    assert_eq!(demo.json()["data"]["attributes"], served);
    assert_eq!(demo.json()["data"]["type"], "profiles");
    let other = get_on(addr, "profiles", Some(&token_on(addr, "other").await)).await;
    assert_eq!(
        other.json()["data"]["attributes"]
            .as_object()
            .map(|a| a.len()),
        Some(45)
    );
}
