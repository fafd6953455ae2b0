//! `cdrs_controller_spec.rb` and `incoming_cdrs_controller_spec.rb` (the same examples over
//! the calls to the customer).

use super::*;

const HOUR: i64 = 3600;

/// The CDRs of a collection whose `time-start` lies in the given window, ids and records.
async fn cdrs_between(
    collection: &str,
    from_hours_ago: i64,
    to_hours_ago: i64,
    token: &str,
) -> Vec<Value> {
    let path = format!(
        "{collection}?filter[time-start-gteq]={}&filter[time-start-lt]={}&page[size]=1000",
        time_ago(from_hours_ago * HOUR),
        time_ago(to_hours_ago * HOUR)
    );
    let reply = request("GET", &path, Some(token), None).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["data"].as_array().expect("data").clone()
}

/// The oldest `time-start` of a list answer, in seconds ago.
fn oldest_seconds_ago(reply: &Reply) -> i64 {
    let now = chrono::Utc::now();
    reply.json()["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|cdr| {
            let start = cdr["attributes"]["time-start"]
                .as_str()
                .expect("time-start");
            let start = chrono::DateTime::parse_from_rfc3339(start).expect("time");
            (now - start.with_timezone(&chrono::Utc)).num_seconds()
        })
        .max()
        .unwrap_or(0)
}

async fn default_window_and_its_lifting(collection: &str) {
    let token = demo_token().await;
    // Newest first, so the last page shows the oldest call the default window lets through.
    let window = |query: String| format!("{collection}?{query}&sort=time-start&page[size]=1");
    let by_default = request("GET", &window(String::new()), Some(&token), None).await;
    assert!(
        oldest_seconds_ago(&by_default) <= 24 * HOUR,
        "{}",
        by_default.body
    );
    let since = time_ago(48 * HOUR);
    for (filter, lifted) in [
        ("time_start_gteq", true),
        ("time-start-gteq", true),
        ("time_start_gt", true),
        // Only the underscored spelling drops the default floor; the dashed one adds a bound.
        ("time-start-gt", false),
    ] {
        let reply = request(
            "GET",
            &window(format!("filter[{filter}]={since}")),
            Some(&token),
            None,
        )
        .await;
        let oldest = oldest_seconds_ago(&reply);
        assert_eq!(oldest > 24 * HOUR + 60, lifted, "{filter}: {oldest} s ago");
        assert!(oldest <= 48 * HOUR + 60, "{filter}");
    }
}

#[tokio::test]
async fn get_cdrs_check_authorization() {
    check_authorization("GET", "cdrs", None, 200).await;
    check_authorization("GET", "incoming-cdrs", None, 200).await;
}

#[tokio::test]
async fn get_cdrs_with_default_filters_with_time_start_gteq_and_with_time_start_gt_filter() {
    default_window_and_its_lifting("cdrs").await;
    default_window_and_its_lifting("incoming-cdrs").await;
}

#[tokio::test]
async fn get_cdrs_account_ids_is_empty_returns_records_of_this_customer_with_pagination() {
    let token = demo_token().await;
    let demo_accounts = ids(&request("GET", "accounts", Some(&token), None).await);
    for collection in ["cdrs", "incoming-cdrs"] {
        let cdrs = cdrs_between(collection, 2, 0, &token).await;
        assert!(!cdrs.is_empty());
        for cdr in &cdrs {
            let account = cdr["relationships"]["account"]["links"]["related"].as_str();
            assert!(account.is_some(), "{cdr}");
        }
        let path = format!("{collection}?include=account&page[size]=1000");
        let included = request("GET", &path, Some(&token), None).await.json();
        for account in included["included"].as_array().expect("included") {
            assert!(demo_accounts.contains(&account["id"].as_str().unwrap().to_owned()));
        }
        // A window in the past, so that the total stays while the clock runs.
        let window = format!(
            "{collection}?filter[time-start-gteq]={}&filter[time-start-lt]={}&page[size]=10",
            time_ago(3 * HOUR),
            time_ago(2 * HOUR)
        );
        let first = request("GET", &window, Some(&token), None).await;
        let second = request(
            "GET",
            &format!("{window}&page[number]=2"),
            Some(&token),
            None,
        )
        .await;
        let total = first.json()["meta"]["total-count"].as_u64().expect("total");
        assert_eq!(second.json()["meta"]["total-count"], total);
        let (first, second) = (ids(&first), ids(&second));
        assert_eq!(first.len(), 10);
        assert!(first.iter().all(|id| !second.contains(id)));
    }
}

#[tokio::test]
async fn get_cdrs_with_filters_by_account() {
    let token = demo_token().await;
    let kyiv = account_id(&token, "Kyiv Wholesale").await;
    let berlin = account_id(&token, "Berlin Retail").await;
    for collection in ["cdrs", "incoming-cdrs"] {
        let base = window_with_calls_of(collection, &kyiv, &token).await;
        let both = format!("{kyiv},{berlin}");
        let of = |cdr: &Value| account_of(cdr).to_owned();
        assert_filter_selects(&base, "account_id_eq", &kyiv, &token, |c| of(c) == kyiv).await;
        assert_filter_selects(&base, "account_id_not_eq", &kyiv, &token, |c| of(c) != kyiv).await;
        assert_filter_selects(&base, "account_id_in", &both, &token, |c| {
            both.contains(&of(c))
        })
        .await;
        assert_filter_selects(&base, "account_id_not_in", &kyiv, &token, |c| of(c) != kyiv).await;
    }
}

/// A closed window of 20 minutes, an hour back or more: no call ends into it between two
/// requests, it holds fewer than a page of 1000 (the last hour held more, so the unfiltered
/// page missed older calls the filtered one had), and some calls of `account` and of others
/// (the seeded traffic follows the time of day: a night's window may hold none of one account).
async fn window_with_calls_of(collection: &str, account: &str, token: &str) -> String {
    for hours_back in 1..=24 {
        let base = format!(
            "{collection}?filter[time-start-gteq]={}&filter[time-start-lt]={}&include=account",
            time_ago(hours_back * HOUR + 20 * 60),
            time_ago(hours_back * HOUR)
        );
        let calls = records(&base, "", token).await;
        let of_account = calls.iter().filter(|c| account_of(c) == account).count();
        if calls.len() < 1000 && of_account > 0 && of_account < calls.len() {
            return base;
        }
    }
    panic!("no window of the last day holds calls of {account} and of others in {collection}")
}

/// A call of the window whose attributes all have values, to filter around.
fn answered_call(cdrs: &[Value], attributes: &[&str]) -> Value {
    cdrs.iter()
        .find(|c| {
            c["attributes"]["success"] == true
                && attributes.iter().all(|a| !c["attributes"][a].is_null())
        })
        .expect("an answered call with every attribute")
        .clone()
}

/// The columns of one direction the spec filters by, by kind.
struct FilterExamples<'a> {
    texts: &'a [&'a str],
    numbers: &'a [&'a str],
    address: Option<&'a str>,
    /// Columns a CDR here does not show, with the operators of their kind.
    filter_only: &'a [FilterOnly<'a>],
}

/// Every filter example of a direction: texts and numbers around an answered call's values,
/// its address, `success` and times, and the filter-only columns' operators.
async fn ransack_filters(collection: &str, examples: FilterExamples<'_>) {
    let token = demo_token().await;
    let cdrs = cdrs_between(collection, 12, 1, &token).await;
    let shown = [
        examples.texts,
        examples.numbers,
        examples.address.as_slice(),
    ]
    .concat();
    let call = answered_call(&cdrs, &shown);
    // The half hour either side of the call: few enough calls for one page.
    let start = call["attributes"]["time-start"]
        .as_str()
        .expect("time-start");
    let start = chrono::DateTime::parse_from_rfc3339(start)
        .expect("time")
        .to_utc();
    let half_hour = chrono::Duration::minutes(30);
    let base = format!(
        "{collection}?filter[time-start-gteq]={}&filter[time-start-lt]={}",
        server_time(start - half_hour),
        server_time(start + half_hour)
    );
    for attribute in examples.texts {
        filters_by_string_field(&base, attribute, &call, &token).await;
    }
    let mut with_id = call.clone();
    with_id["attributes"]["id"] = Value::from(call["id"].as_str().unwrap().parse::<i64>().unwrap());
    for attribute in ["id"].iter().chain(examples.numbers) {
        filters_by_number_field(&base, attribute, &with_id, &token).await;
    }
    filters_by_boolean_field(&base, "success", &call, &token).await;
    for attribute in ["time-start", "time-connect", "time-end"] {
        filters_by_datetime_field(&base, attribute, &call, &token).await;
    }
    if let Some(attribute) = examples.address {
        filters_by_inet_field(&base, attribute, &call, &token).await;
    }
    filter_only_fields_are_taken(&base, examples.filter_only, &token).await;
}

#[tokio::test]
async fn get_cdrs_with_ransack_filters() {
    let examples = FilterExamples {
        texts: &[
            "lega-disconnect-reason",
            "dst-prefix-in",
            "src-prefix-in",
            "src-name-in",
            "src-prefix-routing",
            "dst-prefix-routing",
            "diversion-in",
            "local-tag",
            "orig-call-id",
            "ruri-domain",
            "to-domain",
            "from-domain",
            "destination-prefix",
        ],
        numbers: &[
            "duration",
            "lega-disconnect-code",
            "auth-orig-port",
            "auth-orig-transport-protocol-id",
            "destination-initial-rate",
            "destination-next-rate",
            "destination-fee",
            "destination-initial-interval",
            "destination-next-interval",
            "customer-price",
            "customer-duration",
        ],
        address: Some("auth-orig-ip"),
        filter_only: &[
            ("destination_reverse_billing", BOOLEANS),
            ("customer_acc_vat", NUMBERS),
            ("customer_price_no_vat", NUMBERS),
            ("pai_in", TEXTS),
            ("ppi_in", TEXTS),
            ("privacy_in", TEXTS),
            ("rpid_in", TEXTS),
            ("rpid_privacy_in", TEXTS),
        ],
    };
    ransack_filters("cdrs", examples).await;
}

#[tokio::test]
async fn get_incoming_cdrs_with_ransack_filters() {
    let examples = FilterExamples {
        texts: &[
            "legb-disconnect-reason",
            "dst-prefix-out",
            "src-prefix-out",
            "src-name-out",
            "src-prefix-routing",
            "dst-prefix-routing",
            "diversion-out",
            "local-tag",
            "dialpeer-prefix",
            "legb-user-agent",
        ],
        numbers: &[
            "duration",
            "legb-disconnect-code",
            "dialpeer-initial-rate",
            "dialpeer-next-rate",
            "dialpeer-fee",
            "dialpeer-initial-interval",
            "dialpeer-next-interval",
            "vendor-price",
            "vendor-duration",
        ],
        address: None,
        filter_only: &[("dialpeer_reverse_billing", BOOLEANS)],
    };
    ransack_filters("incoming-cdrs", examples).await;
}

#[tokio::test]
async fn get_cdr_check_authorization_and_returns_record_with_expected_attributes() {
    let token = demo_token().await;
    for collection in ["cdrs", "incoming-cdrs"] {
        let listed = cdrs_between(collection, 2, 1, &token).await.remove(0);
        let id = listed["id"].as_str().expect("id");
        let path = format!("{collection}/{id}");
        check_authorization("GET", &path, None, 200).await;
        let reply = request("GET", &path, Some(&token), None).await;
        assert_eq!(reply.json()["data"]["attributes"], listed["attributes"]);
    }
}

/// `GET /<collection>/<id>/rec` of a listed call.
async fn recording_of(collection: &str, cdr: &Value, token: &str) -> Reply {
    let path = format!("{collection}/{}/rec", cdr["id"].as_str().expect("id"));
    request("GET", &path, Some(token), None).await
}

/// `responds_404` of the recording: empty, without an attachment.
fn assert_no_recording(reply: &Reply) {
    assert_eq!((reply.status, reply.body.as_str()), (404, ""));
    assert_eq!(reply.header("content-disposition"), "");
}

#[tokio::test]
async fn get_cdr_when_allow_listen_recording_true_rec_follows_the_recording() {
    let token = demo_token().await;
    for collection in ["cdrs", "incoming-cdrs"] {
        let cdrs = cdrs_between(collection, 6, 1, &token).await;
        let find = |wanted: &dyn Fn(&Value) -> bool| cdrs.iter().find(|c| wanted(c)).cloned();
        let recorded = find(&|c| c["attributes"]["rec"] == true).expect("a recorded call");
        let not_recorded = find(&|c| {
            c["attributes"]["rec"] == false && c["attributes"]["duration"].as_i64() > Some(0)
        })
        .expect("an answered call without a recording");
        let unanswered = find(&|c| c["attributes"]["duration"] == 0).expect("an unanswered call");
        assert_eq!(unanswered["attributes"]["rec"], false);
        // responds with the recording (the real server's X-Accel-Redirect to its file)
        let reply = recording_of(collection, &recorded, &token).await;
        assert_eq!(
            (reply.status, reply.header("content-type")),
            (200, "audio/wav")
        );
        // when cdr audio not recorded; when cdr has duration 0
        assert_no_recording(&recording_of(collection, &not_recorded, &token).await);
        assert_no_recording(&recording_of(collection, &unanswered, &token).await);
    }
}

#[tokio::test]
async fn get_cdr_when_allow_listen_recording_false_rec_is_false_and_rec_responds_404() {
    // The other customer's profile does not allow listening.
    let token = other_token().await;
    for collection in ["cdrs", "incoming-cdrs"] {
        let cdrs = cdrs_between(collection, 6, 1, &token).await;
        assert!(cdrs.iter().all(|c| c["attributes"]["rec"] == false));
        let answered = cdrs
            .iter()
            .find(|c| c["attributes"]["duration"].as_i64() > Some(0))
            .expect("an answered call");
        assert_no_recording(&recording_of(collection, answered, &token).await);
    }
}

#[tokio::test]
async fn get_cdr_with_include_account() {
    let token = demo_token().await;
    for collection in ["cdrs", "incoming-cdrs"] {
        let cdr = cdrs_between(collection, 2, 1, &token).await.remove(0);
        let path = format!(
            "{collection}/{}?include=account",
            cdr["id"].as_str().unwrap()
        );
        let body = request("GET", &path, Some(&token), None).await.json();
        let linkage = &body["data"]["relationships"]["account"]["data"];
        let included = body["included"].as_array().expect("included");
        assert_eq!(included.len(), 1);
        assert_eq!(
            (&included[0]["id"], &included[0]["type"]),
            (&linkage["id"], &json!("accounts"))
        );
    }
}

#[tokio::test]
async fn get_cdr_rec_with_invalid_id_returns_record_not_found() {
    let token = demo_token().await;
    for collection in ["cdrs", "incoming-cdrs"] {
        for id in ["-3000", "999999999999"] {
            let reply = request("GET", &format!("{collection}/{id}/rec"), Some(&token), None).await;
            assert_errors(
                &reply,
                404,
                &[Expected {
                    title: Some("Record not found"),
                    ..Expected::default()
                }],
            );
        }
    }
}

#[tokio::test]
async fn get_cdr_with_a_word_for_its_integer_id_is_an_invalid_field_value() {
    let token = demo_token().await;
    for path in [
        "cdrs/abc",
        "incoming-cdrs/abc",
        "cdrs/abc/rec",
        "outgoing-numberlists/abc",
    ] {
        let reply = request("GET", path, Some(&token), None).await;
        assert_errors(
            &reply,
            400,
            &[Expected {
                title: Some("Invalid field value"),
                detail: Some("abc is not a valid value for id."),
                code: Some("103"),
                ..Expected::default()
            }],
        );
    }
    // Authorization comes first.
    assert_eq!(request("GET", "cdrs/abc", None, None).await.status, 401);
}

#[tokio::test]
async fn get_cdrs_with_account_ids_returns_cdrs_related_to_allowed_accounts() {
    let demo = demo_token().await;
    let (outside, _) = outside_and_inside_accounts(&demo).await;
    let token = limited_token().await;
    let allowed = [
        account_id(&demo, "Kyiv Wholesale").await,
        account_id(&demo, "Berlin Retail").await,
    ];
    for collection in ["cdrs", "incoming-cdrs"] {
        let base = format!(
            "{collection}?filter[time-start-gteq]={}&include=account",
            time_ago(HOUR)
        );
        let mine = records(&base, "", &token).await;
        assert!(!mine.is_empty());
        assert!(
            mine.iter()
                .all(|c| allowed.contains(&account_of(c).to_owned()))
        );
        // when customer allowed_account_ids does not include the call's account: its
        // recording (and the call) are "Record not found".
        let theirs = records(&base, &format!("filter[account-id-eq]={outside}"), &demo).await;
        let call = theirs.first().expect("a call of the other account");
        let id = call["id"].as_str().unwrap();
        for path in [
            format!("{collection}/{id}"),
            format!("{collection}/{id}/rec"),
        ] {
            assert_record_not_found(&request("GET", &path, Some(&token), None).await);
        }
    }
}
