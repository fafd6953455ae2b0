//! The statistics and chart specs: `origination_statistics_spec.rb`,
//! `origination_statistics_controller_spec.rb`, `origination_statistics_quality_controller_spec.rb`,
//! `origination_active_calls_controller_spec.rb`, their `termination_…` twins,
//! `outgoing_active_calls_spec.rb`, `chart_active_calls_controller_spec.rb` and
//! `chart_originated_cps_controller_spec.rb`.

use super::*;

/// The statistics endpoints with what each needs beyond `account-id` and `from-time`.
const STATISTICS: [(&str, &str); 6] = [
    ("origination-statistics", "&sampling=minute"),
    ("origination-statistics-quality", "&sampling=minute"),
    ("origination-active-calls", ""),
    ("termination-statistics", "&sampling=minute"),
    ("termination-statistics-quality", "&sampling=minute"),
    ("termination-active-calls", ""),
];

/// A statistics request as the specs send it: a token and no JSON:API headers.
async fn stats(path: &str, token: Option<&str>) -> Reply {
    get(path, token).await
}

fn assert_plain_400(reply: &Reply, message: &str) {
    assert_eq!(reply.status, 400, "{}", reply.body);
    assert_eq!(reply.json(), json!({ "error": message }));
}

#[tokio::test]
async fn statistics_with_only_required_params_responds_success() {
    let token = demo_token().await;
    let account = account_id(&token, "Kyiv Wholesale").await;
    for (endpoint, extra) in STATISTICS {
        let path = format!(
            "{endpoint}?account-id={account}&from-time={}{extra}",
            time_ago(3600)
        );
        let reply = stats(&path, Some(&token)).await;
        assert_eq!(reply.status, 200, "{endpoint}: {}", reply.body);
        assert!(
            reply.json().is_object() || reply.json().is_array(),
            "{endpoint}"
        );
    }
}

#[tokio::test]
async fn statistics_with_all_allowed_params_responds_success() {
    let token = demo_token().await;
    let account = account_id(&token, "Kyiv Wholesale").await;
    // The spec's parameters; its times are in the database's own form here (docs/specs.md).
    let all = "&src-country-id=123&dst-country-id=456\
        &src-prefix-routing-eq=111&src-prefix-routing-starts-with=112\
        &src-prefix-routing-ends-with=113&src-prefix-routing-contains=114\
        &dst-prefix-routing-eq=211&dst-prefix-routing-starts-with=212\
        &dst-prefix-routing-ends-with=213&dst-prefix-routing-contains=214\
        &duration-eq=10&duration-gt=9&duration-lt=11&auth-orig-ip=192.168.11.22";
    for (endpoint, price) in [
        ("origination-statistics", "customer"),
        ("origination-statistics-quality", "customer"),
        ("termination-statistics", "vendor"),
        ("termination-statistics-quality", "vendor"),
    ] {
        let path = format!(
            "{endpoint}?account-id={account}&from-time={}&to-time={}{all}\
             &{price}-price-eq=5.55&{price}-price-gt=5.54&{price}-price-lt=5.56&sampling=minute",
            time_ago(86_400),
            time_ago(60)
        );
        let reply = stats(&path, Some(&token)).await;
        assert_eq!(reply.status, 200, "{endpoint}: {}", reply.body);
    }
}

#[tokio::test]
async fn statistics_without_params_responds_400() {
    let token = demo_token().await;
    for (endpoint, extra) in STATISTICS {
        let missing = if extra.is_empty() {
            "missing required param(s) account-id, from-time"
        } else {
            "missing required param(s) account-id, from-time, sampling"
        };
        assert_plain_400(&stats(endpoint, Some(&token)).await, missing);
    }
}

#[tokio::test]
async fn statistics_with_account_id_from_different_customer_responds_400() {
    let token = demo_token().await;
    let theirs = ids(&request("GET", "accounts", Some(&other_token().await), None).await).remove(0);
    for (endpoint, extra) in STATISTICS {
        let path = format!(
            "{endpoint}?account-id={theirs}&from-time={}{extra}",
            time_ago(3600)
        );
        assert_plain_400(
            &stats(&path, Some(&token)).await,
            "invalid value account-id",
        );
    }
    let path = format!("outgoing-active-calls?account-id={theirs}");
    assert_plain_400(
        &stats(&path, Some(&token)).await,
        "invalid value account-id",
    );
}

#[tokio::test]
async fn statistics_when_the_from_time_or_to_time_is_invalid_date_responds_400() {
    let token = demo_token().await;
    let account = account_id(&token, "Kyiv Wholesale").await;
    for (endpoint, extra) in STATISTICS {
        let path = format!("{endpoint}?account-id={account}&from-time=invalid{extra}");
        assert_plain_400(&stats(&path, Some(&token)).await, "invalid value from-time");
        let path = format!(
            "{endpoint}?account-id={account}&from-time={}&to-time=invalid{extra}",
            time_ago(3600)
        );
        assert_plain_400(&stats(&path, Some(&token)).await, "invalid value to-time");
    }
}

#[tokio::test]
async fn statistics_with_from_time_in_the_future_returns_empty_collection() {
    let token = demo_token().await;
    let account = account_id(&token, "Kyiv Wholesale").await;
    let future = (chrono::Utc::now() + chrono::Duration::days(24)).format("%Y-%m-%dT%H:%M:%SZ");
    for (endpoint, extra) in STATISTICS {
        let path = format!("{endpoint}?account-id={account}&from-time={future}{extra}");
        let reply = stats(&path, Some(&token)).await;
        assert_eq!((reply.status, reply.json()), (200, json!([])), "{endpoint}");
    }
}

#[tokio::test]
async fn statistics_with_invalid_authorization_header_responds_401() {
    for (endpoint, _) in STATISTICS {
        let reply = stats(endpoint, Some("invalid")).await;
        assert_eq!((reply.status, reply.body.as_str()), (401, ""), "{endpoint}");
    }
    let reply = stats("outgoing-active-calls", Some("invalid")).await;
    assert_eq!(reply.status, 401);
}

#[tokio::test]
async fn outgoing_active_calls_with_only_required_and_with_all_filters_responds_success() {
    let token = demo_token().await;
    let account = account_id(&token, "Kyiv Wholesale").await;
    let reply = stats(
        &format!("outgoing-active-calls?account-id={account}"),
        Some(&token),
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let body = reply.json();
    assert!(body["data"].is_array() && body["rows"].is_u64(), "{body}");
    let all = "&auth-orig-ip=10.20.30.40&auth-orig-port=8888&auth-orig-transport-protocol-id=1\
        &connect-time-null=true\
        &src-name-in-eq=qwe&src-name-in-starts-with=q&src-name-in-ends-with=e&src-name-in-contains=w\
        &src-prefix-in-eq=123&src-prefix-in-starts-with=1&src-prefix-in-ends-with=3&src-prefix-in-contains=2\
        &src-prefix-routing-eq=456&src-prefix-routing-starts-with=4&src-prefix-routing-ends-with=6\
        &src-prefix-routing-contains=5\
        &dst-prefix-in-eq=789&dst-prefix-in-starts-with=7&dst-prefix-in-ends-with=9&dst-prefix-in-contains=8\
        &dst-prefix-routing-eq=112233&dst-prefix-routing-starts-with=11&dst-prefix-routing-ends-with=33\
        &dst-prefix-routing-contains=22";
    let reply = stats(
        &format!("outgoing-active-calls?account-id={account}{all}"),
        Some(&token),
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.json()["data"], json!([]));
}

fn chart_of(kind: &str, attributes: Value, account: &str) -> Value {
    json!({"data": {"type": kind, "attributes": attributes,
        "relationships": {"account": {"data": {"id": account, "type": "accounts"}}}}})
}

#[tokio::test]
async fn charts_check_authorization_success_and_without_from_time_and_to_time() {
    let token = demo_token().await;
    let account = account_id(&token, "Kyiv Wholesale").await;
    let from = (chrono::Utc::now() - chrono::Duration::hours(2))
        .format("%Y-%m-%dT%H:%M:%S.000Z")
        .to_string();
    let to = (chrono::Utc::now() - chrono::Duration::hours(1))
        .format("%Y-%m-%dT%H:%M:%S.000Z")
        .to_string();
    for (kind, series) in [
        (
            "chart-active-calls",
            vec!["originated-calls", "terminated-calls"],
        ),
        ("chart-originated-cps", vec!["cps"]),
    ] {
        let body = chart_of(kind, json!({"from-time": from, "to-time": to}), &account);
        check_authorization("POST", kind, Some(&body), 201).await;
        let reply = request("POST", kind, Some(&token), Some(&body)).await;
        assert_eq!(reply.status, 201, "{kind}: {}", reply.body);
        let data = &reply.json()["data"];
        assert_eq!(
            (
                data["type"].as_str(),
                data["attributes"]["from-time"].as_str()
            ),
            (Some(kind), Some(from.as_str()))
        );
        assert!(data["relationships"]["account"].is_object());
        for name in &series {
            assert!(data["attributes"][name].is_array(), "{kind} {name}");
        }
        let body = chart_of(kind, json!({}), &account);
        let reply = request("POST", kind, Some(&token), Some(&body)).await;
        assert_eq!(reply.status, 201, "{kind}: {}", reply.body);
        let attributes = &reply.json()["data"]["attributes"];
        let from = chrono::DateTime::parse_from_rfc3339(attributes["from-time"].as_str().unwrap())
            .unwrap();
        let to =
            chrono::DateTime::parse_from_rfc3339(attributes["to-time"].as_str().unwrap()).unwrap();
        assert_eq!((to - from).num_hours(), 24, "{kind}");
    }
}

#[tokio::test]
async fn charts_when_account_not_exists_or_from_another_customer() {
    let token = demo_token().await;
    let theirs = ids(&request("GET", "accounts", Some(&other_token().await), None).await).remove(0);
    for kind in ["chart-active-calls", "chart-originated-cps"] {
        for account in ["0b9f8b52-5d2c-11ef-9a4e-0242ac120003", theirs.as_str()] {
            let reply = request(
                "POST",
                kind,
                Some(&token),
                Some(&chart_of(kind, json!({}), account)),
            )
            .await;
            assert_errors(
                &reply,
                422,
                &[Expected {
                    detail: Some("account - can't be blank"),
                    ..Expected::default()
                }],
            );
        }
    }
}

#[tokio::test]
async fn statistics_when_account_from_account_ids_and_with_not_allowed_account_id() {
    let (outside, inside) = outside_and_inside_accounts(&demo_token().await).await;
    let token = limited_token().await;
    for (endpoint, extra) in STATISTICS {
        let path = |account: &str| {
            format!(
                "{endpoint}?account-id={account}&from-time={}{extra}",
                time_ago(3600)
            )
        };
        assert_eq!(
            stats(&path(&inside), Some(&token)).await.status,
            200,
            "{endpoint}"
        );
        assert_plain_400(
            &stats(&path(&outside), Some(&token)).await,
            "invalid value account-id",
        );
    }
    // outgoing-active-calls: filtered by an allowed account, and by one not allowed.
    let reply = stats(
        &format!("outgoing-active-calls?account-id={inside}"),
        Some(&token),
    )
    .await;
    assert_eq!(reply.status, 200);
    let reply = stats(
        &format!("outgoing-active-calls?account-id={outside}"),
        Some(&token),
    )
    .await;
    assert_plain_400(&reply, "invalid value account-id");
}

/// Beyond the specs: the charts' form checks the account's presence and the times' order in
/// one answer; the order is an error of the request as a whole (`base`, at `/data`), in the
/// form's words. A time it cannot read leaves it none, and its comparison fails (a 500).
#[tokio::test]
async fn charts_with_an_unknown_account_and_backward_times() {
    let token = demo_token().await;
    let account = account_id(&token, "Kyiv Wholesale").await;
    let backwards = json!({"from-time": "2026-07-02 00:00:00", "to-time": "2026-07-01 00:00:00"});
    for kind in ["chart-originated-cps", "chart-active-calls"] {
        let body = chart_of(
            kind,
            backwards.clone(),
            "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003",
        );
        let reply = request("POST", kind, Some(&token), Some(&body)).await;
        assert_eq!(
            errors_in_order(&reply),
            [
                (
                    "account - can't be blank".to_owned(),
                    "/data/relationships/account".to_owned()
                ),
                (
                    "from_time must be greater than to_time".to_owned(),
                    "/data".to_owned()
                )
            ],
            "{kind}"
        );
        for unreadable in [json!({"from-time": "soon"}), json!({"to-time": null})] {
            let body = chart_of(kind, unreadable, &account);
            let reply = request("POST", kind, Some(&token), Some(&body)).await;
            assert_eq!(reply.status, 500, "{kind}: {}", reply.body);
        }
        assert_linkage_refused(kind, &token, |linkage| {
            json!({"data": {"type": kind, "attributes": {},
                "relationships": {"account": {"data": linkage}}}})
        })
        .await;
    }
}
