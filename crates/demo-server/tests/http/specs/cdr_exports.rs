//! `cdr_exports_spec.rb`.

use super::*;

const GTEQ: &str = "2018-01-01T00:00:00.000Z";
const LT: &str = "2018-01-02T00:00:00.000Z";

fn export(attributes: Value, account: Option<&str>) -> Value {
    let relationships = match account {
        Some(id) => json!({"account": {"data": {"id": id, "type": "accounts"}}}),
        None => json!({}),
    };
    json!({"data": {"type": "cdr-exports", "attributes": attributes, "relationships": relationships}})
}

fn times() -> Value {
    json!({"time_start_gteq": GTEQ, "time_start_lt": LT})
}

async fn post(body: &Value) -> Reply {
    request("POST", "cdr-exports", Some(&demo_token().await), Some(body)).await
}

/// `responds_single_cdr_export`: the export as stored, its filters those allowed.
fn assert_single_export(reply: &Reply, status: u16, filters: &Value, zone: &Value) {
    assert_eq!(reply.status, status, "{}", reply.body);
    let data = &reply.json()["data"];
    assert_eq!(data["type"], "cdr-exports");
    assert!(data["relationships"]["account"].is_object());
    let attributes = &data["attributes"];
    assert_eq!(attributes["status"], "Pending");
    assert_eq!(attributes["rows-count"], Value::Null);
    assert_eq!(attributes["time-format"], "with_timezone");
    assert_eq!(&attributes["time-zone-name"], zone);
    assert_eq!(&attributes["filters"], filters);
    assert!(attributes["created-at"].is_string() && attributes["updated-at"].is_string());
}

#[tokio::test]
async fn post_cdr_exports_creates_cdr_export() {
    let token = demo_token().await;
    let account = account_id(&token, "Kyiv Wholesale").await;
    let reply = post(&export(json!({"filters": times()}), Some(&account))).await;
    assert_single_export(&reply, 201, &times(), &Value::Null);
}

#[tokio::test]
async fn post_cdr_exports_when_time_zone_name_equal_to_europe_kyiv_or_empty() {
    let token = demo_token().await;
    let account = account_id(&token, "Kyiv Wholesale").await;
    for zone in ["Europe/Kyiv", ""] {
        let body = export(
            json!({"filters": times(), "time-zone-name": zone}),
            Some(&account),
        );
        assert_single_export(&post(&body).await, 201, &times(), &json!(zone));
    }
}

#[tokio::test]
async fn post_cdr_exports_with_invalid_time_zone_name() {
    let token = demo_token().await;
    let account = account_id(&token, "Kyiv Wholesale").await;
    let body = export(
        json!({"filters": times(), "time-zone-name": "invalid value"}),
        Some(&account),
    );
    assert_validation_errors(
        &post(&body).await,
        &[(
            "time-zone-name - is not included in the list",
            "/data/attributes/time-zone-name",
        )],
    );
}

#[tokio::test]
async fn post_cdr_exports_with_all_allowed_filters() {
    let token = demo_token().await;
    let account = account_id(&token, "Kyiv Wholesale").await;
    let mut filters = times();
    for (key, value) in [
        ("success_eq", json!(true)),
        ("duration_eq", json!(60)),
        ("duration_gteq", json!(0)),
        ("duration_lteq", json!(100)),
        ("src_prefix_routing_eq", json!("123")),
        ("dst_prefix_routing_eq", json!("456")),
    ] {
        filters[key] = value;
    }
    let reply = post(&export(json!({"filters": filters}), Some(&account))).await;
    assert_single_export(&reply, 201, &filters, &Value::Null);
}

#[tokio::test]
async fn post_cdr_exports_without_account_relationship() {
    let reply = post(&export(json!({"filters": times()}), None)).await;
    assert_validation_errors(
        &reply,
        &[("account - can't be blank", "/data/relationships/account")],
    );
}

#[tokio::test]
async fn post_cdr_exports_without_filters_attribute() {
    let token = demo_token().await;
    let account = account_id(&token, "Kyiv Wholesale").await;
    let reply = post(&export(json!({}), Some(&account))).await;
    assert_validation_errors(
        &reply,
        &[("filters - can't be blank", "/data/attributes/filters")],
    );
}

#[tokio::test]
async fn post_cdr_exports_without_one_or_both_times() {
    let token = demo_token().await;
    let account = account_id(&token, "Kyiv Wholesale").await;
    let pointer = "/data/attributes/filters";
    let gteq = ("filters - requires time_start_gteq", pointer);
    let lt = ("filters - requires time_start_lt", pointer);
    for (filters, expected) in [
        (json!({"time_start_lt": LT}), vec![gteq]),
        (json!({"time_start_gteq": GTEQ}), vec![lt]),
        (json!({"success_eq": true}), vec![gteq, lt]),
    ] {
        let reply = post(&export(json!({"filters": filters}), Some(&account))).await;
        assert_validation_errors(&reply, &expected);
    }
}

#[tokio::test]
async fn post_cdr_exports_with_not_allowed_filters() {
    let token = demo_token().await;
    let account = account_id(&token, "Kyiv Wholesale").await;
    // Written out, so that the keys keep the request's order.
    let body = format!(
        r#"{{"data": {{"type": "cdr-exports",
            "attributes": {{"filters": {{"time_start_gteq": "{GTEQ}", "time_start_lt": "{LT}",
                                        "customer_id_eq": 123, "customer_acc_id_eq": 456}}}},
            "relationships": {{"account": {{"data": {{"id": "{account}", "type": "accounts"}}}}}}}}}}"#
    );
    let reply = request_text("POST", "cdr-exports", &token, &body).await;
    assert_validation_errors(
        &reply,
        &[(
            "filters - customer_id_eq, customer_acc_id_eq not allowed",
            "/data/attributes/filters",
        )],
    );
}

#[tokio::test]
async fn post_cdr_exports_when_account_relationship_from_another_customer() {
    let other = other_token().await;
    let theirs = ids(&request("GET", "accounts", Some(&other), None).await).remove(0);
    let reply = post(&export(json!({"filters": times()}), Some(&theirs))).await;
    assert_validation_errors(
        &reply,
        &[("account - is invalid", "/data/relationships/account")],
    );
}

#[tokio::test]
async fn post_cdr_exports_with_a_status_or_a_bad_time_format() {
    let token = demo_token().await;
    let account = account_id(&token, "Kyiv Wholesale").await;
    let body = export(
        json!({"filters": times(), "status": "Completed"}),
        Some(&account),
    );
    assert_param_not_allowed(&post(&body).await, "status");
    let body = export(
        json!({"filters": times(), "time-format": "iso"}),
        Some(&account),
    );
    assert_validation_errors(
        &post(&body).await,
        &[(
            "time-format - is not included in the list: with_timezone, without_timezone, round_to_seconds",
            "/data/attributes/time-format",
        )],
    );
    let body = export(
        json!({"filters": times(), "time-format": "round_to_seconds"}),
        Some(&account),
    );
    let reply = post(&body).await;
    assert_eq!(
        reply.json()["data"]["attributes"]["time-format"],
        "round_to_seconds"
    );
}

#[tokio::test]
async fn get_cdr_exports_has_pagination_and_returns_the_customers_exports() {
    let token = demo_token().await;
    let reply = request("GET", "cdr-exports?page[size]=1000", Some(&token), None).await;
    let links = reply.json()["links"].clone();
    let keys: Vec<&String> = links.as_object().expect("links").keys().collect();
    assert_eq!(keys, ["first", "last"]);
    let mine = ids(&reply);
    let theirs = ids(&request("GET", "cdr-exports", Some(&other_token().await), None).await);
    assert!(!mine.is_empty() && mine.iter().all(|id| !theirs.contains(id)));
}

#[tokio::test]
async fn get_cdr_exports_with_filter_status_eq_and_status_not_eq() {
    // Other tests make exports on the shared server meanwhile: each answer is checked on its
    // own records.
    let token = demo_token().await;
    for status in ["Pending", "Completed", "Failed", "Deleted"] {
        let with = records(
            "cdr-exports",
            &format!("filter[status_eq]={status}"),
            &token,
        )
        .await;
        assert!(!with.is_empty(), "{status}");
        assert!(
            with.iter().all(|e| e["attributes"]["status"] == status),
            "{status}"
        );
        let without = records(
            "cdr-exports",
            &format!("filter[status_not_eq]={status}"),
            &token,
        )
        .await;
        assert!(!without.is_empty(), "{status}");
        assert!(
            without.iter().all(|e| e["attributes"]["status"] != status),
            "{status}"
        );
    }
}

#[tokio::test]
async fn get_cdr_exports_with_filter_time_format_and_time_zone_name_eq() {
    let token = demo_token().await;
    let account = account_id(&token, "Kyiv Wholesale").await;
    let body = export(
        json!({"filters": times(), "time-format": "round_to_seconds", "time-zone-name": "Europe/Kyiv"}),
        Some(&account),
    );
    let made = post(&body).await.json()["data"]["id"].clone();
    for filter in [
        "time_format]=round_to_seconds",
        "time_zone_name_eq]=Europe/Kyiv",
    ] {
        let path = format!("cdr-exports?filter[{filter}&page[size]=1000");
        let found = ids(&request("GET", &path, Some(&token), None).await);
        assert!(found.iter().any(|id| made == id.as_str()), "{filter}");
    }
}

#[tokio::test]
async fn get_cdr_exports_with_filter_status_eq_test() {
    let reply = request(
        "GET",
        "cdr-exports?filter[status_eq]=test",
        Some(&demo_token().await),
        None,
    )
    .await;
    assert_errors(
        &reply,
        400,
        &[Expected {
            title: Some("Invalid filter value"),
            detail: Some("test is not a valid value for status_eq."),
            ..Expected::default()
        }],
    );
}

/// An export of the customer's in this status.
async fn export_id(token: &str, status: &str) -> String {
    let path = format!("cdr-exports?filter[status-eq]={status}");
    ids(&request("GET", &path, Some(token), None).await).remove(0)
}

#[tokio::test]
async fn get_cdr_export_responds_single_and_with_include_account() {
    let token = demo_token().await;
    let id = export_id(&token, "Completed").await;
    let reply = request(
        "GET",
        &format!("cdr-exports/{id}?include=account"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(reply.status, 200);
    let body = reply.json();
    let linkage = &body["data"]["relationships"]["account"]["data"];
    let included = body["included"].as_array().expect("included");
    assert_eq!(included.len(), 1);
    assert_eq!(
        (&included[0]["id"], &included[0]["type"]),
        (&linkage["id"], &json!("accounts"))
    );
}

#[tokio::test]
async fn get_cdr_export_of_another_customer_is_record_not_found() {
    let theirs = export_id(&other_token().await, "Completed").await;
    let token = demo_token().await;
    assert_record_not_found(
        &request("GET", &format!("cdr-exports/{theirs}"), Some(&token), None).await,
    );
    let download = format!("cdr-exports/{theirs}/download");
    assert_record_not_found(&request("GET", &download, Some(&token), None).await);
}

#[tokio::test]
async fn get_cdr_export_download_responds_with_the_file_or_an_empty_404() {
    let token = demo_token().await;
    let id = export_id(&token, "Completed").await;
    let reply = request(
        "GET",
        &format!("cdr-exports/{id}/download"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-type"), "text/csv; charset=utf-8");
    assert_eq!(
        reply.header("content-disposition"),
        format!("attachment; filename=\"{id}.csv.gz\"")
    );
    for status in ["Pending", "Failed", "Deleted"] {
        let id = export_id(&token, status).await;
        let reply = request(
            "GET",
            &format!("cdr-exports/{id}/download"),
            Some(&token),
            None,
        )
        .await;
        assert_eq!((reply.status, reply.body.as_str()), (404, ""), "{status}");
        assert_eq!(reply.header("content-disposition"), "");
    }
}

#[tokio::test]
async fn post_cdr_exports_when_customer_has_allowed_account_ids() {
    let (outside, inside) = outside_and_inside_accounts(&demo_token().await).await;
    let token = limited_token().await;
    let body = export(json!({"filters": times()}), Some(&inside));
    let reply = request("POST", "cdr-exports", Some(&token), Some(&body)).await;
    assert_single_export(&reply, 201, &times(), &Value::Null);
    // when account relationship from not allowed account_id
    let body = export(json!({"filters": times()}), Some(&outside));
    let reply = request("POST", "cdr-exports", Some(&token), Some(&body)).await;
    assert_validation_errors(
        &reply,
        &[("account - is invalid", "/data/relationships/account")],
    );
}

#[tokio::test]
async fn get_cdr_exports_when_customer_has_allowed_account_ids() {
    let demo = demo_token().await;
    let (outside, inside) = outside_and_inside_accounts(&demo).await;
    let token = limited_token().await;
    let include = "include=account";
    let listed = records("cdr-exports", include, &token).await;
    assert!(!listed.is_empty());
    let allowed = [inside.clone(), account_id(&demo, "Berlin Retail").await];
    assert!(
        listed
            .iter()
            .all(|e| allowed.contains(&account_of(e).to_owned()))
    );
    // Show and download: an export of an allowed account is there, another is not.
    let of = |account: &str| {
        let account = account.to_owned();
        move |exports: Vec<Value>| {
            exports
                .into_iter()
                .find(|e| account_of(e) == account && e["attributes"]["status"] == "Completed")
                .expect("a Completed export")["id"]
                .as_str()
                .unwrap()
                .to_owned()
        }
    };
    let theirs = of(&outside)(records("cdr-exports", include, &demo).await);
    let mine = of(&inside)(records("cdr-exports", include, &demo).await);
    for path in [
        format!("cdr-exports/{theirs}"),
        format!("cdr-exports/{theirs}/download"),
    ] {
        assert_record_not_found(&request("GET", &path, Some(&token), None).await);
    }
    let reply = request(
        "GET",
        &format!("cdr-exports/{mine}?include=account"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.json()["included"][0]["id"], inside.as_str());
}

/// Beyond the spec: `time_format` is a plain filter with the resource's own verifier, which
/// refuses a value outside the three formats, naming the filter by its first format.
#[tokio::test]
async fn get_cdr_exports_with_filter_time_format_outside_the_formats() {
    let token = demo_token().await;
    for value in ["bogus", "with_timezone,bogus"] {
        let path = format!("cdr-exports?filter[time_format]={value}");
        let reply = request("GET", &path, Some(&token), None).await;
        assert_errors(
            &reply,
            400,
            &[Expected {
                title: Some("Invalid filter value"),
                detail: Some("bogus is not a valid value for with_timezone."),
                code: Some("107"),
                ..Expected::default()
            }],
        );
    }
    // No value: the filter asks for exports without a format, and every export has one.
    let reply = request(
        "GET",
        "cdr-exports?filter[time_format]=",
        Some(&token),
        None,
    )
    .await;
    assert!(ids(&reply).is_empty());
}

/// Beyond the spec: the model takes `time_start_lteq` as an upper time, and the form does not
/// allow it: that one error, not "requires time_start_lt" beside it.
#[tokio::test]
async fn post_cdr_exports_with_time_start_lteq() {
    let token = demo_token().await;
    let account = account_id(&token, "Kyiv Wholesale").await;
    let filters = json!({"time_start_gteq": GTEQ, "time_start_lteq": LT});
    let reply = post(&export(json!({"filters": filters}), Some(&account))).await;
    assert_eq!(
        errors_in_order(&reply),
        [(
            "filters - time_start_lteq not allowed".to_owned(),
            "/data/attributes/filters".to_owned()
        )]
    );
}

/// Beyond the spec: every problem in one answer, in the order the form finds them (the
/// model's filters and time zone, then the account, the filters the form does not allow and
/// the time format), each member's together; a key the model does not know is the model's
/// own "not allowed", apart from the form's.
#[tokio::test]
async fn post_cdr_exports_with_every_problem_at_once() {
    let body = json!({"data": {"type": "cdr-exports", "attributes": {
        "filters": {"time_start_gteq": GTEQ, "time_start_lt": LT, "customer_id_eq": 1},
        "time-zone-name": "Mars/Olympus", "time-format": ""}}});
    let at = |member: &str| format!("/data/attributes/{member}");
    let expected = [
        ("time-zone-name - is not included in the list", at("time-zone-name")),
        ("account - can't be blank", "/data/relationships/account".to_owned()),
        ("filters - customer_id_eq not allowed", at("filters")),
        ("time-format - can't be blank", at("time-format")),
        (
            "time-format - is not included in the list: with_timezone, without_timezone, round_to_seconds",
            at("time-format"),
        ),
    ]
    .map(|(detail, pointer)| (detail.to_owned(), pointer));
    assert_eq!(errors_in_order(&post(&body).await), expected);
    let body = json!({"data": {"type": "cdr-exports", "attributes": {
        "filters": {"colour": "red", "success_eq": true, "customer_id_eq": 1}}}});
    let expected = [
        ("filters - colour not allowed", at("filters")),
        ("filters - requires time_start_gteq", at("filters")),
        ("filters - requires time_start_lt", at("filters")),
        ("filters - customer_id_eq not allowed", at("filters")),
        (
            "account - can't be blank",
            "/data/relationships/account".to_owned(),
        ),
    ]
    .map(|(detail, pointer)| (detail.to_owned(), pointer));
    assert_eq!(errors_in_order(&post(&body).await), expected);
}

/// Beyond the spec: the account's linkage is read before the export is validated.
#[tokio::test]
async fn post_cdr_exports_with_unreadable_account_linkage() {
    let token = demo_token().await;
    assert_linkage_refused("cdr-exports", &token, |linkage| {
        json!({"data": {"type": "cdr-exports", "attributes": {"filters": times()},
            "relationships": {"account": {"data": linkage}}}})
    })
    .await;
}
