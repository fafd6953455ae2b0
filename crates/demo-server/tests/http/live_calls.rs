//! `GET /outgoing-active-calls` over HTTP: the account's calls in progress, their filters and
//! errors.

use crate::client::*;
use serde_json::Value;

async fn live(token: &str, query: &str) -> Reply {
    get(&format!("outgoing-active-calls?{query}"), Some(token)).await
}

fn rows(reply: &Reply) -> Vec<Value> {
    assert_eq!(reply.status, 200, "{}", reply.body);
    let body = reply.json();
    let data = body["data"].as_array().unwrap().clone();
    assert_eq!(body["rows"].as_u64().unwrap() as usize, data.len());
    data
}

#[tokio::test]
async fn calls_in_progress_with_the_servers_filters_and_errors() {
    let token = demo_token().await;
    let kyiv = account_id(&token, "Kyiv Wholesale").await;
    let all = rows(&live(&token, &format!("account-id={kyiv}")).await);
    assert!(!all.is_empty(), "a busy account has calls in progress");
    let first = &all[0];
    // Zoneless ClickHouse times, as the real server writes them.
    let start = first["start_time"].as_str().unwrap();
    assert_eq!(start.len(), 19, "{start}");
    assert!(api_model::date_text::parse(start, "%Y-%m-%d %H:%M:%S").is_some());
    assert!(first["auth_orig_port"].is_u64());
    assert!(
        all.windows(2)
            .all(|w| w[0]["start_time"].as_str() >= w[1]["start_time"].as_str()),
        "latest first"
    );
    // Every row decodes with the portal's model.
    let decoded: api_model::live_calls::LiveCalls =
        serde_json::from_str(&live(&token, &format!("account-id={kyiv}")).await.body).unwrap();
    assert!(!decoded.calls.is_empty());

    let ringing = rows(&live(&token, &format!("account-id={kyiv}&connect-time-null=true")).await);
    let talking = rows(
        &live(
            &token,
            &format!("account-id={kyiv}&connect-time-null=false"),
        )
        .await,
    );
    assert!(ringing.iter().all(|c| c["connect_time"].is_null()));
    assert!(talking.iter().all(|c| c["connect_time"].is_string()));
    assert!(!talking.is_empty());
    let dst = first["dst_prefix_in"].as_str().unwrap();
    let prefix = &dst[..dst.len().min(4)];
    let by_prefix = rows(
        &live(
            &token,
            &format!("account-id={kyiv}&dst-prefix-in-starts-with={prefix}&unknown=1"),
        )
        .await,
    );
    assert!(!by_prefix.is_empty());
    assert!(
        by_prefix
            .iter()
            .all(|c| c["dst_prefix_in"].as_str().unwrap().starts_with(prefix))
    );
    let nowhere = rows(&live(&token, &format!("account-id={kyiv}&auth-orig-ip=10.9.9.9")).await);
    assert!(nowhere.is_empty());

    let secret = get("accounts", Some(&other_token().await)).await.json()["data"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    for (query, message) in [
        (String::new(), "missing required param(s) account-id"),
        (format!("account-id={secret}"), "invalid value account-id"),
        (
            format!("account-id={kyiv}&connect-time-null=maybe"),
            "invalid value connect-time-null",
        ),
        (
            format!("account-id={kyiv}&auth-orig-port=http"),
            "invalid value auth-orig-port",
        ),
    ] {
        let reply = live(&token, &query).await;
        assert_eq!(reply.status, 400, "{query}");
        assert_eq!(
            reply.json(),
            serde_json::json!({ "error": message }),
            "{query}"
        );
    }
    assert_eq!(get("outgoing-active-calls", None).await.status, 401);
}
