//! The statistics endpoints over HTTP.

use crate::client::*;
use rust_decimal::Decimal;
use serde_json::Value;

async fn stats(token: &str, path: &str, query: &str) -> Reply {
    get(&format!("{path}?{query}"), Some(token)).await
}

fn number(value: &Value) -> Decimal {
    match value {
        Value::Number(n) => n.to_string().parse().unwrap(),
        Value::String(s) => s.parse().unwrap(),
        other => panic!("not a number: {other}"),
    }
}

#[tokio::test]
async fn required_parameters_and_their_errors() {
    let token = demo_token().await;
    let kyiv = account_id(&token, "Kyiv Wholesale").await;
    let secret = get("accounts", Some(&other_token().await)).await.json()["data"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let from = time_ago(3600);
    let cases = [
        (
            "origination-statistics",
            String::new(),
            "missing required param(s) account-id, from-time, sampling",
        ),
        (
            "origination-statistics-quality",
            format!("account-id={kyiv}"),
            "missing required param(s) from-time, sampling",
        ),
        (
            "origination-active-calls",
            String::new(),
            "missing required param(s) account-id, from-time",
        ),
        (
            "origination-statistics",
            format!("account-id={secret}&from-time={from}&sampling=minute"),
            "invalid value account-id",
        ),
        (
            "origination-active-calls",
            format!("account-id=nope&from-time={from}"),
            "invalid value account-id",
        ),
        (
            "origination-statistics",
            format!("account-id={kyiv}&from-time=soon&sampling=minute"),
            "invalid value from-time",
        ),
        (
            "origination-statistics",
            format!("account-id={kyiv}&from-time={from}&sampling=15minutes"),
            "invalid sampling",
        ),
        (
            "origination-statistics-quality",
            format!("account-id={kyiv}&from-time={from}&sampling=hour"),
            "invalid sampling",
        ),
    ];
    for (path, query, message) in cases {
        let reply = stats(&token, path, &query).await;
        assert_eq!(reply.status, 400, "{path}?{query}");
        assert_eq!(
            reply.header("content-type"),
            "application/json; charset=utf-8"
        );
        assert_eq!(
            reply.json(),
            serde_json::json!({ "error": message }),
            "{path}?{query}"
        );
    }
    for path in [
        "origination-statistics",
        "origination-statistics-quality",
        "origination-active-calls",
    ] {
        let future = stats(
            &token,
            path,
            &format!(
                "account-id={kyiv}&from-time={}&sampling=minute",
                time_ago(-3600)
            ),
        )
        .await;
        assert_eq!((future.status, future.body.as_str()), (200, "[]"), "{path}");
    }
}

#[tokio::test]
async fn totals_agree_with_the_series() {
    let token = demo_token().await;
    let london = account_id(&token, "London Carrier").await;
    let query = format!(
        "account-id={london}&from-time={}&sampling=5minutes",
        time_ago(6 * 3600)
    );
    let reply = stats(&token, "origination-statistics", &query).await;
    assert_eq!(reply.status, 200);
    assert_eq!(
        reply.header("content-type"),
        "application/json; charset=utf-8"
    );
    let body = reply.json();
    let data = &body["data"];
    let axis = data["t"].as_array().unwrap();
    assert!(!axis.is_empty());
    assert_eq!(body["rows"].as_u64().unwrap() as usize, axis.len());
    assert!(axis.windows(2).all(|w| w[0].as_i64() < w[1].as_i64()));
    assert!(axis.iter().all(|t| t.as_i64().unwrap() % 300 == 0));
    assert_eq!(body["totals"]["t"], 0);
    for series in [
        "total_calls",
        "successful_calls",
        "failed_calls",
        "total_price",
    ] {
        let sum: Decimal = data[series].as_array().unwrap().iter().map(number).sum();
        assert_eq!(sum, number(&body["totals"][series]), "{series}");
    }
    for series in ["total_duration", "acd", "asr", "total_price"] {
        assert!(
            data[series]
                .as_array()
                .unwrap()
                .iter()
                .all(|v| v.is_string() || v.is_null()),
            "{series}"
        );
        assert!(body["totals"][series].is_string(), "{series}");
    }
    let duration: Decimal = data["total_duration"]
        .as_array()
        .unwrap()
        .iter()
        .map(number)
        .sum();
    let slack = Decimal::new(5, 3) * Decimal::from(axis.len() as u64);
    assert!((duration - number(&body["totals"]["total_duration"])).abs() <= slack);
    // Sparse: only buckets with calls.
    assert!(
        data["total_calls"]
            .as_array()
            .unwrap()
            .iter()
            .all(|n| n.as_u64().unwrap() > 0)
    );

    let quality = stats(&token, "origination-statistics-quality", &query)
        .await
        .json();
    assert_eq!(
        quality["totals"]["total_calls"],
        body["totals"]["total_calls"]
    );
    let calls: u64 = quality["data"]["total_calls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(calls, body["totals"]["total_calls"].as_u64().unwrap());
    let filled = quality["data"]["t"].as_array().unwrap();
    assert!(
        filled.len() >= 72
            && filled
                .windows(2)
                .all(|w| w[1].as_i64().unwrap() - w[0].as_i64().unwrap() == 300)
    );

    let active = stats(
        &token,
        "origination-active-calls",
        &format!("account-id={london}&from-time={}", time_ago(3600)),
    )
    .await
    .json();
    let t = active["data"]["t"].as_array().unwrap();
    assert_eq!(t.len(), active["data"]["calls"].as_array().unwrap().len());
    assert!(active.get("totals").is_none());
    assert!((60..=62).contains(&t.len()), "{}", t.len());
}

#[tokio::test]
async fn to_time_and_narrowing_parameters() {
    let token = demo_token().await;
    let kyiv = account_id(&token, "Kyiv Wholesale").await;
    let from = time_ago(12 * 3600);
    let total = |extra: String| {
        let token = token.clone();
        let query = format!("account-id={kyiv}&from-time={from}&sampling=hour{extra}");
        async move {
            let reply = stats(&token, "origination-statistics", &query).await;
            assert_eq!(reply.status, 200, "{query}: {}", reply.body);
            reply.json()["totals"]["total_calls"].as_u64().unwrap()
        }
    };
    let all = total(String::new()).await;
    let half = total(format!("&to-time={}", time_ago(6 * 3600))).await;
    assert!(all > half && half > 0, "{all} {half}");
    assert!(total("&duration-gt=60".into()).await < all);
    assert_eq!(total("&auth-orig-ip=192.0.2.1".into()).await, 0);
    let reply = stats(
        &token,
        "origination-statistics",
        &format!("account-id={kyiv}&from-time={from}&sampling=hour&customer-price-gt=cheap"),
    )
    .await;
    assert_eq!(reply.json()["error"], "invalid value customer-price-gt");
}
