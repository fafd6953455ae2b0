//! yeti-web's own request specs of the customer API (`spec/requests/api/rest/customer/v1/`),
//! ported example by example: one module per spec file, each test named after the example
//! (its `describe`/`context`/`it` path), asserting the statuses, error titles, details, codes
//! and pointers the spec asserts. Examples the demo cannot express are listed, with the
//! reason, in the crate's docs/specs.md.

mod accounts;
mod auth;
mod cdr_exports;
mod cdrs;
mod check_rate;
mod countries;
mod cryptomus_payments;
mod networks;
mod numberlist_items;
mod numberlists;
mod payments_and_invoices;
mod phone_systems_sessions;
mod rateplans_and_rates;
mod services_and_transactions;
mod statistics;

use crate::client::*;
use serde_json::{Value, json};

/// A request as the specs' `json_api_request_headers` make it: JSON:API accept and content
/// type, and the bearer token when there is one.
pub async fn request(method: &str, path: &str, token: Option<&str>, body: Option<&Value>) -> Reply {
    let auth = token.map(|t| format!("Bearer {t}"));
    let mut headers = vec![
        ("accept", "application/vnd.api+json"),
        ("content-type", "application/vnd.api+json"),
    ];
    if let Some(auth) = &auth {
        headers.push(("authorization", auth));
    }
    let body = body.map(Value::to_string);
    send(server(), method, &api_path(path), &headers, body.as_deref()).await
}

/// One expected error of the spec's `returns_json_api_errors`: the members it names.
#[derive(Default, Clone, Copy)]
pub struct Expected<'a> {
    pub title: Option<&'a str>,
    pub detail: Option<&'a str>,
    pub code: Option<&'a str>,
    pub pointer: Option<&'a str>,
}

/// An error named by its detail (and pointer), as most spec examples name them.
pub fn detail_at<'a>(detail: &'a str, pointer: &'a str) -> Expected<'a> {
    Expected {
        detail: Some(detail),
        pointer: Some(pointer),
        ..Expected::default()
    }
}

/// The reply is a JSON:API error document of `status` with exactly these errors in any order
/// (the spec's `match_array`), each with the members the spec names, and `status` as a
/// string on every one.
pub fn assert_errors(reply: &Reply, status: u16, expected: &[Expected]) {
    assert_eq!(reply.status, status, "{}", reply.body);
    assert_eq!(reply.header("content-type"), "application/vnd.api+json");
    let body = reply.json();
    let errors = body["errors"].as_array().expect("errors");
    assert_eq!(errors.len(), expected.len(), "{}", reply.body);
    let status_text = status.to_string();
    for want in expected {
        let matches = |error: &Value| {
            [
                (want.title, &error["title"]),
                (want.detail, &error["detail"]),
                (want.code, &error["code"]),
                (want.pointer, &error["source"]["pointer"]),
            ]
            .iter()
            .all(|(wanted, found)| wanted.is_none_or(|w| *found == w))
                && error["status"] == status_text.as_str()
        };
        assert!(
            errors.iter().any(matches),
            "no error with title {:?}, detail {:?}, code {:?}, pointer {:?} in {}",
            want.title,
            want.detail,
            want.code,
            want.pointer,
            reply.body
        );
    }
}

/// `include_examples :returns_json_api_errors, errors: {detail:, source: {pointer:}}` (422).
pub fn assert_validation_errors(reply: &Reply, expected: &[(&str, &str)]) {
    let expected: Vec<Expected> = expected
        .iter()
        .map(|(detail, pointer)| detail_at(detail, pointer))
        .collect();
    assert_errors(reply, 422, &expected);
}

/// `:raises_exception, ActionController::RoutingError`: a verb the route does not have falls
/// through to the real server's catch-all, a 404, never a 405.
pub async fn assert_no_route(method: &str, path: &str, token: &str) {
    let body = json!({"data": {"type": "x", "attributes": {}}});
    let reply = request(method, path, Some(token), Some(&body)).await;
    assert_eq!(reply.status, 404, "{method} {path}: {}", reply.body);
}

/// `it_behaves_like :json_api_customer_v1_check_authorization`: the success status with a
/// valid token and no cookie set; 401 with an invalid token, without one and with a token of
/// an unknown customer (another server's); with the session cookie the success status and
/// the cookie again (the sliding session).
pub async fn check_authorization(method: &str, path: &str, body: Option<&Value>, success: u16) {
    let token = demo_token().await;
    let valid = request(method, path, Some(&token), body).await;
    assert_eq!(valid.status, success, "{method} {path}: {}", valid.body);
    assert_eq!(valid.header("set-cookie"), "", "no cookie with a header");
    let foreign = token_on(start(demo_server::Options::default()), "demo").await;
    for token in [Some("invalid"), None, Some(foreign.as_str())] {
        let reply = request(method, path, token, body).await;
        assert_eq!(reply.status, 401, "{method} {path} with {token:?}");
    }
    let cookie = format!("_yeti_customer_v1_session={token}");
    let body = body.map(Value::to_string);
    let with_cookie = send(
        server(),
        method,
        &api_path(path),
        &[
            ("accept", "application/vnd.api+json"),
            ("content-type", "application/vnd.api+json"),
            ("cookie", &cookie),
        ],
        body.as_deref(),
    )
    .await;
    assert_eq!(with_cookie.status, success, "{method} {path} with a cookie");
    assert!(
        with_cookie
            .header("set-cookie")
            .starts_with("_yeti_customer_v1_session="),
        "{:?}",
        with_cookie.headers
    );
}

/// The ids of a collection reply's `data`.
pub fn ids(reply: &Reply) -> Vec<String> {
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|r| r["id"].as_str().expect("id").to_owned())
        .collect()
}

/// The ids a filtered list answers (page size 1000).
async fn filtered(collection: &str, filter: &str, value: &str, token: &str) -> Vec<String> {
    let separator = if collection.contains('?') { '&' } else { '?' };
    let path = format!(
        "{collection}{separator}filter[{filter}]={}&page[size]=1000",
        api_model::query::encode_component(value)
    );
    ids(&request("GET", &path, Some(token), None).await)
}

/// Asserts that `filter` with `value` keeps the record `id`, or drops it.
async fn assert_filter(
    collection: &str,
    filter: &str,
    value: &str,
    id: &str,
    kept: bool,
    token: &str,
) {
    let found = filtered(collection, filter, value, token).await;
    assert_eq!(
        found.iter().any(|f| f == id),
        kept,
        "{collection}?filter[{filter}]={value} and {id}"
    );
}

/// `it_behaves_like :jsonapi_filters_by_string_field`: every text operator, in the spec's
/// underscored spelling, around the value `record` has for `attribute`.
pub async fn filters_by_string_field(
    collection: &str,
    attribute: &str,
    record: &Value,
    token: &str,
) {
    let id = record["id"].as_str().expect("id");
    let value = record["attributes"][attribute]
        .as_str()
        .expect("text value");
    let name = attribute.replace('-', "_");
    let chars: Vec<char> = value.chars().collect();
    // Two characters at each end, or all of a shorter value (a call's prefix may be "1").
    let ends = chars.len().min(2);
    let start: String = chars[..ends].iter().collect();
    let end: String = chars[chars.len() - ends..].iter().collect();
    // The inside of the value, or all of a short one.
    let middle: String = match chars.len() {
        0..=2 => value.to_owned(),
        n => chars[1..n - 1].iter().collect(),
    };
    let absent = "zzz-no-such-value";
    for (operator, wanted, kept) in [
        ("start", start.as_str(), true),
        ("start", absent, false),
        ("end", end.as_str(), true),
        ("cont", middle.as_str(), true),
        ("cont", absent, false),
        ("eq", value, true),
        ("eq", absent, false),
        ("not_eq", value, false),
        ("in", &format!("{value},{absent}"), true),
        ("not_in", &format!("{value},{absent}"), false),
        ("cont_any", &format!("{middle},{absent}"), true),
    ] {
        assert_filter(
            collection,
            &format!("{name}_{operator}"),
            wanted,
            id,
            kept,
            token,
        )
        .await;
    }
}

/// `it_behaves_like :jsonapi_filters_by_number_field`: every number operator around the
/// value `record` has for `attribute`.
pub async fn filters_by_number_field(
    collection: &str,
    attribute: &str,
    record: &Value,
    token: &str,
) {
    let id = record["id"].as_str().expect("id");
    let value: f64 = match &record["attributes"][attribute] {
        Value::String(text) => text.parse().expect("number"),
        other => other.as_f64().expect("number"),
    };
    let name = attribute.replace('-', "_");
    let (at, above, below) = (
        value.to_string(),
        (value + 1.0).to_string(),
        (value - 1.0).to_string(),
    );
    for (operator, wanted, kept) in [
        ("eq", &at, true),
        ("eq", &above, false),
        ("not_eq", &at, false),
        ("gt", &below, true),
        ("gt", &at, false),
        ("gteq", &at, true),
        ("lt", &above, true),
        ("lt", &at, false),
        ("lteq", &at, true),
        ("in", &format!("{at},{above}"), true),
        ("not_in", &format!("{at},{above}"), false),
    ] {
        assert_filter(
            collection,
            &format!("{name}_{operator}"),
            wanted,
            id,
            kept,
            token,
        )
        .await;
    }
}

/// `it_behaves_like :jsonapi_filters_by_uuid_field`.
pub async fn filters_by_uuid_field(
    collection: &str,
    attribute: &str,
    uuid: &str,
    id: &str,
    token: &str,
) {
    let name = attribute.replace('-', "_");
    let other = "00000000-0000-4000-8000-000000000000";
    for (operator, wanted, kept) in [
        ("eq", uuid.to_owned(), true),
        ("eq", other.to_owned(), false),
        ("not_eq", uuid.to_owned(), false),
        ("in", format!("{uuid},{other}"), true),
        ("not_in", format!("{uuid},{other}"), false),
    ] {
        assert_filter(
            collection,
            &format!("{name}_{operator}"),
            &wanted,
            id,
            kept,
            token,
        )
        .await;
    }
}

/// A JSON:API request whose body is sent as written (a `json!` value would sort its keys, and
/// some answers name members in the request's order).
pub async fn request_text(method: &str, path: &str, token: &str, body: &str) -> Reply {
    let auth = format!("Bearer {token}");
    let headers = [
        ("accept", "application/vnd.api+json"),
        ("content-type", "application/vnd.api+json"),
        ("authorization", auth.as_str()),
    ];
    send(server(), method, &api_path(path), &headers, Some(body)).await
}

/// The spec's `400 Param not allowed` (code 105) naming `param`.
pub fn assert_param_not_allowed(reply: &Reply, param: &str) {
    let detail = format!("{param} is not allowed.");
    assert_errors(
        reply,
        400,
        &[Expected {
            title: Some("Param not allowed"),
            detail: Some(&detail),
            code: Some("105"),
            ..Expected::default()
        }],
    );
}

/// `status: 404, errors: {title: 'Record not found'}`.
pub fn assert_record_not_found(reply: &Reply) {
    assert_errors(
        reply,
        404,
        &[Expected {
            title: Some("Record not found"),
            code: Some("404"),
            ..Expected::default()
        }],
    );
}

/// The records of a collection (at most a page of 1000), with `query` added; `collection` may
/// carry a query of its own (`payments?include=account`).
pub async fn records(collection: &str, query: &str, token: &str) -> Vec<Value> {
    let separator = if collection.contains('?') { '&' } else { '?' };
    let path = format!("{collection}{separator}page[size]=1000&{query}");
    let reply = request("GET", &path, Some(token), None).await;
    assert_eq!(reply.status, 200, "{path}: {}", reply.body);
    reply.json()["data"].as_array().expect("data").clone()
}

/// `responds_with_correct_records` of a filter: `filter[<filter>]=<value>` answers exactly the
/// records of the whole list that `keep` chooses (and some, so that the check means
/// something).
pub async fn assert_filter_selects(
    collection: &str,
    filter: &str,
    value: &str,
    token: &str,
    keep: impl Fn(&Value) -> bool,
) {
    let all = records(collection, "", token).await;
    assert!(
        all.len() < 1000,
        "{collection} fills a page of 1000: the filtered answer may hold records the unfiltered \
         page cut off; narrow the window"
    );
    let query = format!(
        "filter[{filter}]={}",
        api_model::query::encode_component(value)
    );
    let found: Vec<Value> = records(collection, &query, token).await;
    let id = |r: &Value| r["id"].as_str().expect("id").to_owned();
    let wanted: Vec<String> = all.iter().filter(|r| keep(r)).map(id).collect();
    let found: Vec<String> = found.iter().map(id).collect();
    assert_eq!(found, wanted, "{collection}?{query}");
    assert!(!found.is_empty(), "{collection}?{query} selects nothing");
}

/// The id of the account a record's `account` relationship names (its linkage, there when
/// the request includes `account`).
pub fn account_of(record: &Value) -> &str {
    record["relationships"]["account"]["data"]["id"]
        .as_str()
        .expect("account linkage (include=account)")
}

/// `it_behaves_like :jsonapi_filters_by_boolean_field`.
pub async fn filters_by_boolean_field(
    collection: &str,
    attribute: &str,
    record: &Value,
    token: &str,
) {
    let id = record["id"].as_str().expect("id");
    let value = record["attributes"][attribute].as_bool().expect("boolean");
    let name = attribute.replace('-', "_");
    let (at, other) = (value.to_string(), (!value).to_string());
    for (operator, wanted, kept) in [
        ("eq", &at, true),
        ("eq", &other, false),
        ("not_eq", &at, false),
        ("not_eq", &other, true),
    ] {
        assert_filter(
            collection,
            &format!("{name}_{operator}"),
            wanted,
            id,
            kept,
            token,
        )
        .await;
    }
}

/// `it_behaves_like :jsonapi_filters_by_datetime_field`: the comparisons around the record's
/// time, a second apart.
pub async fn filters_by_datetime_field(
    collection: &str,
    attribute: &str,
    record: &Value,
    token: &str,
) {
    let id = record["id"].as_str().expect("id");
    let text = record["attributes"][attribute].as_str().expect("time");
    let time = chrono::DateTime::parse_from_rfc3339(text)
        .expect("time")
        .with_timezone(&chrono::Utc);
    let format = |t: chrono::DateTime<chrono::Utc>| api_model::stats::server_time(&t);
    let second = chrono::Duration::seconds(1);
    let (before, after) = (format(time - second), format(time + second));
    let name = attribute.replace('-', "_");
    for (operator, wanted, kept) in [
        ("gt", &before, true),
        ("gt", &after, false),
        ("gteq", &before, true),
        ("lt", &after, true),
        ("lt", &before, false),
        ("lteq", &after, true),
        ("lteq", &before, false),
    ] {
        assert_filter(
            collection,
            &format!("{name}_{operator}"),
            wanted,
            id,
            kept,
            token,
        )
        .await;
    }
}

/// A token of `demo-limited`, the demo customer's login whose API access lists only
/// `Kyiv Wholesale` and `Berlin Retail` (the specs' "customer has allowed_account_ids").
pub async fn limited_token() -> String {
    token_on(server(), "demo-limited").await
}

/// The demo account the limited login may not see, and one it may.
pub async fn outside_and_inside_accounts(token: &str) -> (String, String) {
    (
        account_id(token, "London Carrier").await,
        account_id(token, "Kyiv Wholesale").await,
    )
}

/// `it_behaves_like :jsonapi_filters_by_inet_field`: an address matches exactly.
pub async fn filters_by_inet_field(collection: &str, attribute: &str, record: &Value, token: &str) {
    let id = record["id"].as_str().expect("id");
    let address = record["attributes"][attribute].as_str().expect("address");
    let name = attribute.replace('-', "_");
    let (other, another) = ("1.1.1.1", "2.2.2.2");
    for (operator, wanted, kept) in [
        ("eq", address.to_owned(), true),
        ("eq", other.to_owned(), false),
        ("not_eq", other.to_owned(), true),
        ("not_eq", address.to_owned(), false),
        ("in", format!("{address},{another}"), true),
        ("not_in", format!("{other},{another}"), true),
        ("not_in", format!("{address},{another}"), false),
    ] {
        assert_filter(
            collection,
            &format!("{name}_{operator}"),
            &wanted,
            id,
            kept,
            token,
        )
        .await;
    }
}

/// The spec's filters of columns a record here does not show (`customer_acc_vat`,
/// `pai_in`, …): every operator of the kind is taken (200) with a value of the kind; what
/// they keep is not checked.
pub async fn filter_only_fields_are_taken(
    collection: &str,
    fields: &[FilterOnly<'_>],
    token: &str,
) {
    for (name, (operators, value)) in fields {
        for operator in *operators {
            let path = format!("{collection}&filter[{name}_{operator}]={value}");
            let reply = request("GET", &path, Some(token), None).await;
            assert_eq!(reply.status, 200, "{path}: {}", reply.body);
        }
    }
}

/// A filter-only column: its name, and the operators and a value of its kind.
pub type FilterOnly<'a> = (&'a str, (&'a [&'a str], &'a str));

/// The operators of number, text and boolean filters the specs' shared examples use, and a
/// value of each kind.
pub const NUMBERS: (&[&str], &str) = (
    &["eq", "not_eq", "gt", "gteq", "lt", "lteq", "in", "not_in"],
    "1",
);
pub const TEXTS: (&[&str], &str) = (
    &[
        "eq", "not_eq", "start", "end", "cont", "in", "not_in", "cont_any",
    ],
    "1",
);
pub const BOOLEANS: (&[&str], &str) = (&["eq", "not_eq"], "true");

/// The details and pointers of a 422's errors, in the answer's order.
pub fn errors_in_order(reply: &Reply) -> Vec<(String, String)> {
    assert_eq!(reply.status, 422, "{}", reply.body);
    reply.json()["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .map(|e| {
            let text = |v: &Value| v.as_str().unwrap_or_default().to_owned();
            (text(&e["detail"]), text(&e["source"]["pointer"]))
        })
        .collect()
}

/// The library's 400 for a relationship's linkage it cannot read: `{type, id}` not alone
/// (115), another type (116, naming it underscored), an id that is not a key of the records
/// (103).
pub async fn assert_linkage_refused(path: &str, token: &str, body_with: impl Fn(Value) -> Value) {
    let uuid = "0b9f7a8e-5d2c-11ef-9a4e-0242ac120003";
    for (linkage, title, detail, code) in [
        (
            json!({"id": uuid}),
            "Invalid Links Object",
            "Data is not a valid Links Object.",
            "115",
        ),
        (
            json!({"type": "network-types", "id": uuid}),
            "Type Mismatch",
            "network_types is not a valid type for this operation.",
            "116",
        ),
        (
            json!({"type": "accounts", "id": "42"}),
            "Invalid field value",
            "42 is not a valid value for id.",
            "103",
        ),
    ] {
        let reply = request("POST", path, Some(token), Some(&body_with(linkage))).await;
        assert_errors(
            &reply,
            400,
            &[Expected {
                title: Some(title),
                detail: Some(detail),
                code: Some(code),
                ..Expected::default()
            }],
        );
    }
}
