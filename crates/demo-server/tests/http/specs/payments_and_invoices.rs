//! `payments_spec.rb` and `invoices_controller_spec.rb`.

use super::*;

const PAYMENTS: &str = "payments?include=account";
const INVOICES: &str = "invoices?include=account";

/// `it_behaves_like :json_api_check_pagination` over any collection: pages of a size share
/// the total and split the records.
async fn check_pagination(collection: &str, token: &str) {
    let page = |number: u32| format!("{collection}?page[size]=2&page[number]={number}");
    let first = request("GET", &page(1), Some(token), None).await;
    let second = request("GET", &page(2), Some(token), None).await;
    let total = first.json()["meta"]["total-count"].clone();
    assert!(total.as_u64() > Some(3), "{collection}");
    assert_eq!(second.json()["meta"]["total-count"], total);
    let (first, second) = (ids(&first), ids(&second));
    assert_eq!((first.len(), second.len()), (2, 2));
    assert!(first.iter().all(|id| !second.contains(id)));
}

#[tokio::test]
async fn get_payments_check_authorization_and_pagination() {
    check_authorization("GET", "payments", None, 200).await;
    check_pagination("payments", &demo_token().await).await;
}

#[tokio::test]
async fn get_payments_with_filters() {
    let token = demo_token().await;
    let all = records(PAYMENTS, "", &token).await;
    let first = &all[0];
    let account = account_of(first).to_owned();
    let other_account = all
        .iter()
        .map(account_of)
        .find(|a| *a != account)
        .expect("two accounts")
        .to_owned();
    let id = first["id"].as_str().unwrap().to_owned();
    let amount = first["attributes"]["amount"].clone();
    let notes = all
        .iter()
        .find_map(|p| p["attributes"]["notes"].as_str())
        .expect("notes")
        .to_owned();
    let attribute = |r: &Value, name: &str| r["attributes"][name].as_str().unwrap_or("").to_owned();
    assert_filter_selects(PAYMENTS, "uuid_in", &id, &token, |r| r["id"] == id).await;
    assert_filter_selects(PAYMENTS, "account_id_eq", &account, &token, |r| {
        account_of(r) == account
    })
    .await;
    assert_filter_selects(PAYMENTS, "account_id_not_eq", &account, &token, |r| {
        account_of(r) != account
    })
    .await;
    let both = format!("{account},{other_account}");
    assert_filter_selects(PAYMENTS, "account_id_in", &both, &token, |r| {
        both.contains(account_of(r))
    })
    .await;
    assert_filter_selects(PAYMENTS, "account_id_not_in", &account, &token, |r| {
        account_of(r) != account
    })
    .await;
    let wanted = amount.as_str().unwrap().to_owned();
    assert_filter_selects(PAYMENTS, "amount_eq", &wanted, &token, |r| {
        r["attributes"]["amount"] == amount
    })
    .await;
    assert_filter_selects(PAYMENTS, "notes_eq", &notes, &token, |r| {
        attribute(r, "notes") == notes
    })
    .await;
    for (name, value, other) in [
        ("status", "completed", "pending"),
        ("type_name", "manual", "cryptomus"),
    ] {
        let member = name.replace('_', "-");
        let is = |r: &Value, v: &str| attribute(r, &member) == v;
        assert_filter_selects(PAYMENTS, &format!("{name}_eq"), value, &token, |r| {
            is(r, value)
        })
        .await;
        assert_filter_selects(PAYMENTS, &format!("{name}_not_eq"), value, &token, |r| {
            !is(r, value)
        })
        .await;
        let pair = format!("{value},{other}");
        assert_filter_selects(PAYMENTS, &format!("{name}_in"), &pair, &token, |r| {
            is(r, value) || is(r, other)
        })
        .await;
        assert_filter_selects(PAYMENTS, &format!("{name}_not_in"), value, &token, |r| {
            !is(r, value)
        })
        .await;
    }
}

#[tokio::test]
async fn get_payments_with_filter_by_rolled_back_status_returns_400() {
    let reply = request(
        "GET",
        "payments?filter[status_eq]=rolled_back",
        Some(&demo_token().await),
        None,
    )
    .await;
    assert_errors(
        &reply,
        400,
        &[Expected {
            title: Some("Invalid filter value"),
            detail: Some("rolled_back is not a valid value for status_eq."),
            code: Some("107"),
            ..Expected::default()
        }],
    );
}

#[tokio::test]
async fn get_payments_with_include_account_and_rolled_back_payments_excluded() {
    let token = demo_token().await;
    let body = request(
        "GET",
        "payments?include=account&page[size]=1000",
        Some(&token),
        None,
    )
    .await
    .json();
    let accounts = ids(&request("GET", "accounts", Some(&token), None).await);
    for account in body["included"].as_array().expect("included") {
        assert_eq!(account["type"], "accounts");
        assert!(accounts.contains(&account["id"].as_str().unwrap().to_owned()));
    }
    for payment in body["data"].as_array().expect("data") {
        assert_eq!(payment["attributes"]["rolledback-at"], Value::Null);
    }
}

#[tokio::test]
async fn get_payment_responds_with_correct_record() {
    let token = demo_token().await;
    let all = records("payments", "", &token).await;
    for (type_name, status) in [
        ("manual", "completed"),
        ("cryptomus", "pending"),
        ("cryptomus", "completed"),
        ("cryptomus", "canceled"),
    ] {
        let listed = all
            .iter()
            .find(|p| {
                p["attributes"]["type-name"] == type_name && p["attributes"]["status"] == status
            })
            .unwrap_or_else(|| panic!("a {type_name} {status} payment"));
        let path = format!("payments/{}", listed["id"].as_str().unwrap());
        let data = request("GET", &path, Some(&token), None).await.json()["data"].clone();
        assert_eq!(data["type"], "payments");
        assert!(data["links"].is_object() && data["relationships"]["account"]["links"].is_object());
        let mut names: Vec<&String> = data["attributes"].as_object().unwrap().keys().collect();
        names.sort();
        assert_eq!(
            names,
            [
                "amount",
                "balance-before-payment",
                "created-at",
                "currency",
                "notes",
                "rolledback-at",
                "status",
                "type-name"
            ]
        );
        assert_eq!(data["attributes"], listed["attributes"]);
    }
    let id = all[0]["id"].as_str().unwrap();
    check_authorization("GET", &format!("payments/{id}"), None, 200).await;
}

#[tokio::test]
async fn get_payment_when_payment_account_belongs_to_another_customer_responds_404() {
    let theirs = records("payments", "", &other_token().await).await;
    let path = format!("payments/{}", theirs[0]["id"].as_str().unwrap());
    assert_eq!(
        request("GET", &path, Some(&demo_token().await), None)
            .await
            .status,
        404
    );
}

#[tokio::test]
async fn get_invoices_check_authorization_pagination_and_records_of_this_customer() {
    check_authorization("GET", "invoices", None, 200).await;
    let token = demo_token().await;
    check_pagination("invoices", &token).await;
    let accounts = ids(&request("GET", "accounts", Some(&token), None).await);
    for invoice in records(INVOICES, "", &token).await {
        assert!(accounts.contains(&account_of(&invoice).to_owned()));
    }
}

#[tokio::test]
async fn get_invoices_with_filters_by_account() {
    let token = demo_token().await;
    let all = records(INVOICES, "", &token).await;
    let account = account_of(&all[0]).to_owned();
    let other = all
        .iter()
        .map(account_of)
        .find(|a| *a != account)
        .expect("two")
        .to_owned();
    let both = format!("{account},{other}");
    assert_filter_selects(INVOICES, "account_id_eq", &account, &token, |r| {
        account_of(r) == account
    })
    .await;
    assert_filter_selects(INVOICES, "account_id_not_eq", &account, &token, |r| {
        account_of(r) != account
    })
    .await;
    assert_filter_selects(INVOICES, "account_id_in", &both, &token, |r| {
        both.contains(account_of(r))
    })
    .await;
    assert_filter_selects(INVOICES, "account_id_not_in", &account, &token, |r| {
        account_of(r) != account
    })
    .await;
}

#[tokio::test]
async fn get_invoice_returns_record_with_expected_attributes_and_another_customers_is_404() {
    let token = demo_token().await;
    let listed = records("invoices", "", &token).await.remove(0);
    let path = format!("invoices/{}", listed["id"].as_str().unwrap());
    check_authorization("GET", &path, None, 200).await;
    let data = request("GET", &path, Some(&token), None).await.json()["data"].clone();
    assert_eq!(data["attributes"], listed["attributes"]);
    let theirs = records("invoices", "", &other_token().await)
        .await
        .remove(0);
    let path = format!("invoices/{}", theirs["id"].as_str().unwrap());
    assert_eq!(request("GET", &path, Some(&token), None).await.status, 404);
}

#[tokio::test]
async fn payments_and_invoices_when_api_access_account_ids_is_filled() {
    let demo = demo_token().await;
    let (outside, inside) = outside_and_inside_accounts(&demo).await;
    let token = limited_token().await;
    let allowed = [inside.clone(), account_id(&demo, "Berlin Retail").await];
    for (collection, list) in [("payments", PAYMENTS), ("invoices", INVOICES)] {
        let mine = records(list, "", &token).await;
        assert!(!mine.is_empty(), "{collection}");
        assert!(
            mine.iter()
                .all(|r| allowed.contains(&account_of(r).to_owned())),
            "{collection}"
        );
        // when the account is (not) listed in allowed_ids
        let theirs = records(list, &format!("filter[account-id-eq]={outside}"), &demo).await;
        let path = format!("{collection}/{}", theirs[0]["id"].as_str().unwrap());
        assert_eq!(
            request("GET", &path, Some(&token), None).await.status,
            404,
            "{path}"
        );
        let path = format!("{collection}/{}", mine[0]["id"].as_str().unwrap());
        assert_eq!(
            request("GET", &path, Some(&token), None).await.status,
            200,
            "{path}"
        );
    }
}

/// Beyond the specs: a filter's value is read as CSV only when it is present; a blank one is
/// no value, which a single-value operator refuses (`RansackFilterBuilder#verify`: exactly one
/// value), naming the empty value, while a list operator's empty list is no condition at all.
#[tokio::test]
async fn get_invoices_with_an_empty_filter_value() {
    let token = demo_token().await;
    for filter in [
        "reference_cont",
        "reference-eq",
        "amount_spent_gt",
        "start_date_lt",
    ] {
        for value in ["", "%20"] {
            let path = format!("invoices?filter[{filter}]={value}");
            let reply = request("GET", &path, Some(&token), None).await;
            let name = filter.replace('-', "_");
            let detail = format!(" is not a valid value for {name}.");
            assert_errors(
                &reply,
                400,
                &[Expected {
                    title: Some("Invalid filter value"),
                    detail: Some(&detail),
                    code: Some("107"),
                    ..Expected::default()
                }],
            );
        }
    }
    let all = ids(&request("GET", "invoices?page[size]=1000", Some(&token), None).await);
    for filter in [
        "reference_in]=",
        "reference_not_in]=",
        "reference_cont_any]=,",
    ] {
        let path = format!("invoices?filter[{filter}&page[size]=1000");
        let found = ids(&request("GET", &path, Some(&token), None).await);
        assert_eq!(found, all, "{filter}");
    }
}

/// Beyond the specs: an enum filter checks every value against its words and names them all
/// (`values.join(',')`) when one is outside.
#[tokio::test]
async fn get_payments_with_a_status_list_holding_a_word_outside_the_enum() {
    let reply = request(
        "GET",
        "payments?filter[status_in]=completed,rolled_back",
        Some(&demo_token().await),
        None,
    )
    .await;
    assert_errors(
        &reply,
        400,
        &[Expected {
            title: Some("Invalid filter value"),
            detail: Some("completed,rolled_back is not a valid value for status_in."),
            code: Some("107"),
            ..Expected::default()
        }],
    );
}
