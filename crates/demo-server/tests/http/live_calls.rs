//! `GET /outgoing-active-calls` over HTTP: the account's calls in progress, their filters and
//! errors.

use crate::client::*;
use demo_server::{DataFile, Options};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};

const BUSY_ACCOUNT: &str = "Busy Trunk";

/// A server whose customer `busy` has calls in progress at any hour, and a customer `other`.
/// The seeded accounts follow a daily curve: at night a quiet one may have no call in progress,
/// and a test that needs one would fail by the clock's phase. Here the quietest hour (a weekend
/// night, 2.7 % of the peak) still has about 15 answered calls in progress, each lasting about
/// 20 minutes: the chance that none is there is below one in a million.
fn busy_server() -> SocketAddr {
    static SERVER: OnceLock<SocketAddr> = OnceLock::new();
    *SERVER.get_or_init(|| {
        let account = |name: &str| {
            json!({"attributes": {"name": name, "balance": "500", "min-balance": "0",
                "max-balance": "10000", "currency": "USD"},
                "traffic": {"peak-calls-per-minute": "30", "asr-percent": "90",
                    "mean-duration-seconds": 1200, "src-prefixes": ["38044"],
                    "src-country": "", "orig-ips": ["185.12.40.11"]}})
        };
        let customer = |login: &str, account_name: &str| {
            json!({"login": login, "password": login, "name": login,
                "accounts": [account(account_name)]})
        };
        let file = json!({
            "format": "demo-server-data/1",
            "customers": [customer("busy", BUSY_ACCOUNT), customer("other", "Other Trunk")],
        });
        let file = DataFile::from_json(&file.to_string()).expect("the busy data file is valid");
        start(Options {
            data: Some(Arc::new(file)),
            ..Options::default()
        })
    })
}

async fn live(token: &str, query: &str) -> Reply {
    get_on(
        busy_server(),
        &format!("outgoing-active-calls?{query}"),
        Some(token),
    )
    .await
}

async fn busy_account(token: &str) -> String {
    let reply = get_on(busy_server(), "accounts", Some(token)).await;
    reply.json()["data"][0]["id"]
        .as_str()
        .expect("the busy customer's account")
        .to_owned()
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
    let token = token_on(busy_server(), "busy").await;
    let busy = busy_account(&token).await;
    let all = rows(&live(&token, &format!("account-id={busy}")).await);
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
        serde_json::from_str(&live(&token, &format!("account-id={busy}")).await.body).unwrap();
    assert!(!decoded.calls.is_empty());

    let ringing = rows(&live(&token, &format!("account-id={busy}&connect-time-null=true")).await);
    let talking = rows(
        &live(
            &token,
            &format!("account-id={busy}&connect-time-null=false"),
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
            &format!("account-id={busy}&dst-prefix-in-starts-with={prefix}&unknown=1"),
        )
        .await,
    );
    assert!(!by_prefix.is_empty());
    assert!(
        by_prefix
            .iter()
            .all(|c| c["dst_prefix_in"].as_str().unwrap().starts_with(prefix))
    );
    let nowhere = rows(&live(&token, &format!("account-id={busy}&auth-orig-ip=10.9.9.9")).await);
    assert!(nowhere.is_empty());

    let secret = busy_account(&token_on(busy_server(), "other").await).await;
    for (query, message) in [
        (String::new(), "missing required param(s) account-id"),
        (format!("account-id={secret}"), "invalid value account-id"),
        (
            format!("account-id={busy}&connect-time-null=maybe"),
            "invalid value connect-time-null",
        ),
        (
            format!("account-id={busy}&auth-orig-port=http"),
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
    assert_eq!(
        get_on(busy_server(), "outgoing-active-calls", None)
            .await
            .status,
        401
    );
}
