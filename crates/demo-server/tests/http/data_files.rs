//! Data files: `--dump-data` writes the seeded data set, `--data`/`Options::data` serves a
//! data set of one's own.

use crate::client::*;
use demo_server::{DataFile, Options};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;

fn serve_file(file: DataFile) -> SocketAddr {
    start(Options {
        data: Some(Arc::new(file)),
        ..Options::default()
    })
}

/// The seeded data set and the one its dump loads, both placed relative to one moment, so
/// that no call falls into another hour's bucket on one of them.
fn seeded_and_loaded(
    now: chrono::DateTime<chrono::Utc>,
    file: DataFile,
) -> (SocketAddr, SocketAddr) {
    let seeded = start(Options {
        started_at: Some(now),
        ..Options::default()
    });
    let loaded = start(Options {
        data: Some(Arc::new(file)),
        started_at: Some(now),
        ..Options::default()
    });
    (seeded, loaded)
}

/// Ids and attributes of a whole collection, without the links (they name the host).
async fn records(addr: SocketAddr, token: &str, collection: &str) -> Vec<(Value, Value)> {
    let reply = get_on(addr, &format!("{collection}?page[size]=1000"), Some(token)).await;
    assert_eq!(reply.status, 200, "{collection}");
    reply.json()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["id"].clone(), r["attributes"].clone()))
        .collect()
}

#[tokio::test]
async fn a_server_of_the_dumped_seeded_data_answers_like_the_seeded_one() {
    // What `--dump-data` writes: the seeded data set with its exports' rows counted.
    let now = chrono::Utc::now();
    let data = Options::default().data_set(now);
    demo_server::traffic::cdrs::settle_all(&data, now);
    let text = data.to_file().to_json_pretty();
    let file = DataFile::from_json(&text).unwrap();
    let (seeded, loaded) = seeded_and_loaded(now, file);
    let (ours, theirs) = (
        token_on(loaded, "demo").await,
        token_on(seeded, "demo").await,
    );
    for collection in [
        "accounts",
        "network-types",
        "countries",
        "cdr-exports",
        "services",
        "rates",
    ] {
        assert_eq!(
            records(loaded, &ours, collection).await,
            records(seeded, &theirs, collection).await,
            "{collection}"
        );
    }
    assert_eq!(records(loaded, &ours, "cdr-exports").await.len(), 36);
    let prefixes = "network-prefixes?filter[prefix-start]=4420&include=network";
    assert_eq!(
        get_on(loaded, prefixes, Some(&ours)).await.json()["meta"],
        get_on(seeded, prefixes, Some(&theirs)).await.json()["meta"]
    );
    // The same seed gives the same calls, so the same statistics.
    let kyiv = account_id(&demo_token().await, "Kyiv Wholesale").await;
    let query = format!(
        "origination-statistics?account-id={kyiv}&from-time={}&to-time={}&sampling=hour",
        time_ago(86_400),
        time_ago(3600)
    );
    let here = get_on(loaded, &query, Some(&ours)).await.json();
    assert_eq!(here, get_on(seeded, &query, Some(&theirs)).await.json());
    assert_eq!(sign_in_on(loaded, "other", "other").await.status, 201);
}

#[tokio::test]
async fn a_data_file_of_ones_own_is_served() {
    let file = json!({
        "format": "demo-server-data/1",
        "customers": [{
            "login": "acme",
            "password": "s3cret",
            "name": "Acme, Inc.",
            "portal-access": {"invoices": true, "webrtc-dialer": true,
                              "incoming-statistics-acd-value": true, "services": false},
            "allow-listen-recording": true,
            "accounts": [
                {
                    "id": "5f0c2d4e-8a1b-4c3d-9e2f-0a1b2c3d4e5f",
                    "attributes": {"name": "Main, primary", "balance": "1234.5678", "currency": "EUR",
                        "min-balance": "0", "max-balance": null, "destination-rate-limit": null,
                        "origination-capacity": 12, "termination-capacity": null, "total-capacity": null},
                    "external-id": 77,
                    "traffic": {"peak-calls-per-minute": "20", "asr-percent": "50",
                        "mean-duration-seconds": 60, "src-prefixes": ["4930"], "src-country": "DE",
                        "orig-ips": ["203.0.113.5"]},
                    "services": [{"attributes": {"name": "Berlin DID", "state": "Active",
                        "initial-price": "1.0", "renew-price": "2.5",
                        "created-at": "2026-01-01T00:00:00.000Z", "renew-period": "Month"}}]
                },
                {"attributes": {"name": "Spare", "balance": "-5", "currency": "EUR"}}
            ],
            "rates": [{"attributes": {"prefix": "49", "enabled": true, "reject-calls": false,
                "initial-rate": "0.02", "initial-interval": 60, "next-rate": "0.01",
                "next-interval": 60, "connect-fee": "0.001", "valid-from": "2025-01-01T00:00:00.000Z"}}]
        }]
    });
    let file = DataFile::from_json(&file.to_string()).unwrap();
    let addr = serve_file(file);
    assert_eq!(sign_in_on(addr, "demo", "demo").await.status, 401);
    assert_eq!(sign_in_on(addr, "acme", "s3cret").await.status, 201);
    let token = token_on_with(addr, "acme", "s3cret").await;
    let accounts = get_on(addr, "accounts", Some(&token)).await.json();
    assert_eq!(accounts["meta"]["total-count"], 2);
    let status = get_on(addr, "auth", Some(&token)).await.json();
    assert_eq!(
        status["allow-rec"], true,
        "the file's allow-listen-recording"
    );
    let main = &accounts["data"][0];
    assert_eq!(main["id"], "5f0c2d4e-8a1b-4c3d-9e2f-0a1b2c3d4e5f");
    assert_eq!(main["attributes"]["name"], "Main, primary");
    assert_eq!(main["attributes"]["balance"], "1234.5678");
    assert_eq!(main["attributes"]["origination-capacity"], 12);
    // A quoted list value keeps its comma; numeric `in` and `not-in` compare decimals.
    let quoted = get_on(
        addr,
        "accounts?filter[name-in]=%22Main,%20primary%22,Nothing",
        Some(&token),
    )
    .await
    .json();
    assert_eq!(quoted["meta"]["total-count"], 1);
    let unquoted = get_on(
        addr,
        "accounts?filter[name-in]=Main,%20primary",
        Some(&token),
    )
    .await
    .json();
    assert_eq!(unquoted["meta"]["total-count"], 0);
    let numeric = get_on(addr, "accounts?filter[balance-in]=-5.00,7", Some(&token))
        .await
        .json();
    assert_eq!(numeric["data"][0]["attributes"]["name"], "Spare");
    let not_in = get_on(
        addr,
        "accounts?filter[external-id-not-in]=1,2",
        Some(&token),
    )
    .await
    .json();
    assert_eq!(
        not_in["meta"]["total-count"], 1,
        "null matches no comparison"
    );
    let cont_any = get_on(
        addr,
        "accounts?filter[name-cont-any]=PRIMARY,zzz",
        Some(&token),
    )
    .await
    .json();
    assert_eq!(cont_any["meta"]["total-count"], 1);

    let services = get_on(addr, "services?include=account", Some(&token))
        .await
        .json();
    assert_eq!(services["data"][0]["attributes"]["name"], "Berlin DID");
    assert_eq!(services["included"][0]["id"], main["id"]);
    let rates = get_on(addr, "rates", Some(&token)).await.json();
    assert_eq!(rates["data"][0]["attributes"]["prefix"], "49");
    let profile = get_on(addr, "profiles", Some(&token)).await.json();
    let flags = &profile["data"]["attributes"];
    assert_eq!(flags.as_object().unwrap().len(), 45);
    for (flag, set) in [
        ("invoices", true),
        ("webrtc-dialer", true),
        ("incoming-statistics-acd-value", true),
        ("services", false),
        // Left out: the default.
        ("outgoing-statistics-total-price-value", true),
        ("payments-cryptomus", true),
    ] {
        assert_eq!(flags[flag], set, "{flag}");
    }

    // Statistics come from the synthetic history, shaped by the traffic profile.
    let id = main["id"].as_str().unwrap();
    // One window for both requests, ended in the past, so that no call joins in between.
    let window = format!(
        "from-time={}&to-time={}",
        time_ago(3 * 86_400),
        time_ago(60)
    );
    let body = get_on(
        addr,
        &format!("origination-statistics?account-id={id}&{window}&sampling=day"),
        Some(&token),
    )
    .await
    .json();
    let totals = &body["totals"];
    let (calls, answered) = (
        totals["total_calls"].as_u64().unwrap(),
        totals["successful_calls"].as_u64().unwrap(),
    );
    assert!(calls > 1000, "{calls}");
    let share = answered * 1000 / calls;
    assert!((450..550).contains(&share), "ASR per mille {share}");
    let ip = get_on(
        addr,
        &format!(
            "origination-statistics?account-id={id}&{window}&sampling=day&auth-orig-ip=203.0.113.5"
        ),
        Some(&token),
    )
    .await
    .json();
    assert_eq!(ip["totals"]["total_calls"].as_u64().unwrap(), calls);
    assert!(
        totals["total_price"]
            .as_str()
            .unwrap()
            .parse::<rust_decimal::Decimal>()
            .unwrap()
            > rust_decimal::Decimal::ZERO
    );
}

async fn token_on_with(addr: SocketAddr, login: &str, password: &str) -> String {
    sign_in_on(addr, login, password).await.json()["jwt"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[test]
fn the_binary_dumps_the_seeded_data_set_and_serves_a_file() {
    let binary = env!("CARGO_BIN_EXE_demo-server");
    let path = std::env::temp_dir().join(format!("demo-server-dump-{}.json", std::process::id()));
    let status = std::process::Command::new(binary)
        .args(["--seed", "4", "--dump-data"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    let file = DataFile::load(&path).unwrap();
    let names: Vec<&str> = file.customers[0]
        .accounts
        .iter()
        .map(|a| a.attributes.name.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "Kyiv Wholesale",
            "Berlin Retail",
            "London Carrier",
            "Lviv Overdraft"
        ]
    );
    let reference = file.reference_data.as_ref().unwrap();
    assert!(reference.network_prefixes.len() > 10_000);
    // Reading the dump back and dumping it again gives the same customers.
    let again = std::process::Command::new(binary)
        .args(["--seed", "4", "--data"])
        .arg(&path)
        .args(["--dump-data", "-"])
        .output()
        .unwrap();
    assert!(again.status.success());
    let redumped = DataFile::from_json(&String::from_utf8(again.stdout).unwrap()).unwrap();
    assert_eq!(redumped.customers.len(), file.customers.len());
    assert_eq!(
        redumped.customers[1].accounts[0].id,
        file.customers[1].accounts[0].id
    );
    let rate_ids = |file: &DataFile| -> Vec<Option<String>> {
        file.customers[0]
            .rates
            .iter()
            .map(|r| r.id.clone())
            .collect()
    };
    assert_eq!(rate_ids(&redumped), rate_ids(&file));
    // A broken file is refused with where it is broken.
    std::fs::write(
        &path,
        r#"{"format": "demo-server-data/1", "customers": []}"#,
    )
    .unwrap();
    let refused = std::process::Command::new(binary)
        .arg("--data")
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("customers: none given"));
    std::fs::remove_file(&path).ok();
}
